(** * Cert: retro analysis checked from a certificate.

    The native engine explores the retraction graph of a problem with a
    transposition table; what it found is handed to Coq as a *dead set*
    [D]: a list of positions, none of which any game reaches.  Coq does
    not trust the list: it checks that the set is *closed*,

      every member [M] is refuted by a static rule, or [M] is a well-formed
      problem that cannot be the initial position and every retraction of
      [M] leads to a position that is refuted or realizes a member

    (Certproof.v: then no member is reachable, by induction over games).
    No depth is involved, so transpositions are checked once and cycles
    (men shuttling back and forth) are fine; the depth-bounded search of
    Search.v ([dead n P]) is the special case of a tree.

    The checkers, booleans computed with [vm_compute]:
    - [check_dead D]: [D] is closed;
    - [check_illegal_cert P D]: [P] is refuted or realizes a member of [D],
      and [D] is closed: no game reaches [P];
    - [check_last_cert P ms D]: [D] is closed, and every retraction
      sequence from [P] of length [length ms] is refuted or leaves [ms]
      (oldest first) into [D], except the one that takes back [ms]:
      every game reaching [P] ends with [ms];
    - [check_last_among_cert P xs D]: [D] is closed, and every retraction
      of [P] not named in [xs] is refuted or leads into [D]: every game
      reaching [P] ends with one of the plies [xs].
    Each has a [_with] form taking the static rule [refuted] as an
    argument: a new rule proven sound ([refutes refuted], Certproof.v)
    plugs in without changing the checkers.  The default rule
    [default_refuted] tries in turn the rules of [static_rules], the
    registry of static rules (below): each a name and a boolean function
    on positions, its soundness proven in Certproof.v
    ([static_rules_sound]).  They are the rules of the native engine, under
    the same names and in the same order, cheapest first (rust-core's
    registry, rust-core/src/rules/mod.rs; coq/tests/RuleRegistry.v,
    generated from it, checks that the two lists agree), but for the zone
    cages, which a certificate carries (Zone.v).  (The [_with] forms
    and the default ones are notations for the [_gen] checkers, which also
    take the slot function of the lookup table; see below.)

    ** Compact positions

    A certificate position is [CPos w0 w1 w2 w3 w4] (five primitive
    integers, so that a certificate of thousands of positions stays small
    to parse): the 64 cells of [Board.v], four bits each, a1 first, 15 per
    word in [w0 .. w3] (cell [15 i + j] in bits [4 j .. 4 j + 3] of [w_i])
    and the last 4 in bits 0..15 of [w4]; then in [w4] the side to move
    (bit 16: 0 White, 1 Black), the castling rights (bits 17..20, the
    [cr_bit] mask of Board.v) and the en-passant square (bits 21..27: 0 for
    none, [1 + square] otherwise).  Decoding is plain computation and is
    not trusted: the theorems speak of the decoded positions, whatever
    they are.

    ** Lookup

    Members are found by a hash of their board and side to move (a trie,
    [FMapPositive], on its low 16 bits); a hit is confirmed by [realizes_b]
    (Reachable.v): the position found realizes the member (same board and
    side to move, the member's assertions hold), so any game realizing
    the position realizes the member.  The hash is not trusted either: a
    bad hash only makes the check fail. *)

From Coq Require Import Uint63 PArray List Bool String PArith FMapPositive.
From RetroProof Require Import Gen.Vocab Board Retract Notation Reachable Search.
(* The rules' modules are not imported: their names ([closed], …) would
   clash with Cert's. *)
From RetroProof Require Invariants Stranded SealedBishops Frozen RegionCount Cage PawnCaptures
  Crossing Landing Parity.
Import ListNotations.
Open Scope uint63_scope.
Open Scope list_scope.

(** ** Compact positions *)

Inductive cpos : Set := CPos (w0 w1 w2 w3 w4 : int).

(** A certificate: the dead set, oldest chunk first (any order works). *)
Definition cert : Set := list cpos.

(** Cells [s .. s + n - 1] from the low bits of [w]. *)
Fixpoint unpack (n : nat) (w s : int) (b : array int) : array int :=
  match n with
  | O => b
  | S n => unpack n (w >> 4) (s + 1) b.[s <- w land 15]
  end.

Definition decode (c : cpos) : position :=
  let 'CPos w0 w1 w2 w3 w4 := c in
  let b := unpack 15 w0 0 (PArray.make 64 0) in
  let b := unpack 15 w1 15 b in
  let b := unpack 15 w2 30 b in
  let b := unpack 15 w3 45 b in
  let b := unpack 4 w4 60 b in
  let e := (w4 >> 21) land 127 in
  Position b (if (w4 >> 16) land 1 =? 0 then White else Black) ((w4 >> 17) land 15)
    (if e =? 0 then None else Some (e - 1)).

(** The inverse, for tests and tools (not used by the checkers). *)
Fixpoint pack (n : nat) (b : array int) (s sh acc : int) : int :=
  match n with
  | O => acc
  | S n => pack n b (s + 1) (sh + 4) (acc lor (b.[s] << sh))
  end.

Definition encode (P : position) : cpos :=
  let b := board P in
  CPos (pack 15 b 0 0 0) (pack 15 b 15 0 0) (pack 15 b 30 0 0) (pack 15 b 45 0 0)
    (pack 4 b 60 0 0 lor ((match turn P with White => 0 | Black => 1 end) << 16)
     lor (castling P << 17) lor ((match ep_square P with None => 0 | Some e => e + 1 end) << 21)).

(** ** The lookup table *)

(** A hash of [P]'s cells on the squares [sq], from [seed] (Zone.v hashes
    partial boards by their zone's squares alone). *)
Definition hash_on (sq : list int) (seed : int) (P : position) : int :=
  let h := fold_left (fun h s => h * 1000003 + (board P).[s]) sq seed in
  h + (h >> 17) + (h >> 34) + (h >> 51).

Definition hash_pos (P : position) : int :=
  hash_on all_squares (match turn P with White => 1 | Black => 2 end) P.

(** The trie path of the low [n] bits of [h]. *)
Fixpoint path_of (n : nat) (h : int) : positive :=
  match n with
  | O => xH
  | S n => if h land 1 =? 0 then xO (path_of n (h >> 1)) else xI (path_of n (h >> 1))
  end.

Definition slot (P : position) : positive := path_of 16 (hash_pos P).

Definition table : Type := PositiveMap.t (list position).

Definition bucket (T : table) (k : positive) : list position :=
  match PositiveMap.find k T with Some l => l | None => [] end.

Definition add_at (T : table) (k : positive) (M : position) : table :=
  PositiveMap.add k (M :: bucket T k) T.

(** The table and the checkers below take the slot function [key] as an
    argument, and the proofs (Certproof.v) hold for any [key]: the kernel
    then never unfolds the hash while checking them (which it would do
    slowly).  The checkers of the interface fix [key := slot]. *)
Definition build (key : position -> positive) (Ms : list position) : table :=
  fold_left (fun T M => add_at T (key M) M) Ms (PositiveMap.empty _).

(** [Q] realizes a member of the table. *)
Definition mem (key : position -> positive) (T : table) (Q : position) : bool :=
  existsb (fun M => realizes_b Q M) (bucket T (key Q)).

(** ** Closed sets *)

(** [Q] realizes a member, or is refuted.  Membership first: most
    positions a closed set's retractions lead to are members, and the
    lookup is much cheaper than the static rules (rtr-A-001's last-move
    certificate, 45 positions and 3 zone cages: [Qed] 1.05 s instead of
    2.0 s; the [Qed]s of the 12 certificate examples of coq/tests: 3.4 s
    instead of 4.1 s in all). *)
Definition covered (refuted : position -> bool) (key : position -> positive) (T : table) (Q : position) : bool :=
  mem key T Q ||| refuted Q.

(** Every retraction of [M] leads to a covered position (and no game can
    have started at [M]), or [M] is refuted.  The retractions first: the
    members of a certificate's dead set are there because their
    retractions are covered, and no static rule refutes them, so trying
    the rules first would run all of them, in vain, on every member
    (rtr-A-015's certificate, 61 members: 35 ms a member, 2.1 s of its
    2.7 s [Qed]). *)
Definition closed_at (refuted : position -> bool) (key : position -> positive) (T : table) (M : position) : bool :=
  (wf M &&& negb (may_be_initial M) &&&
   forallb (fun rq => covered refuted key T (snd rq)) (retractions M)) |||
  refuted M.

Definition closed (refuted : position -> bool) (key : position -> positive) (Ms : list position) : bool :=
  forallb (closed_at refuted key (build key Ms)) Ms.

Definition check_dead_gen (refuted : position -> bool) (key : position -> positive) (D : cert) : bool :=
  closed refuted key (map decode D).

Definition check_illegal_cert_gen (refuted : position -> bool) (key : position -> positive)
    (P : position) (D : cert) : bool :=
  let Ms := map decode D in
  let T := build key Ms in
  covered refuted key T P &&& forallb (closed_at refuted key T) Ms.

(** [ns]: ply names, most recent first; a branch leaving [ns] must be
    covered. *)
Fixpoint last_cert_ok (refuted : position -> bool) (key : position -> positive) (T : table)
    (ns : list string) (P : position) : bool :=
  match ns with
  | [] => true
  | x :: ns' =>
    wf P &&& negb (may_be_initial P) &&&
    forallb (fun rq =>
      if String.eqb (retraction_to_string (turn P) (fst rq)) x then last_cert_ok refuted key T ns' (snd rq)
      else covered refuted key T (snd rq))
      (retractions P)
  end ||| refuted P.

(** [ms]: the last plies, oldest first. *)
Definition check_last_cert_gen (refuted : position -> bool) (key : position -> positive)
    (P : position) (ms : list string) (D : cert) : bool :=
  let Ms := map decode D in
  let T := build key Ms in
  forallb (closed_at refuted key T) Ms &&& last_cert_ok refuted key T (rev ms) P.

(** [xs]: the possible last plies (say, the king's moves to different
    squares, when the question is the type of the last move); a retraction
    named otherwise must be covered. *)
Definition last_among_ok (refuted : position -> bool) (key : position -> positive) (T : table)
    (xs : list string) (P : position) : bool :=
  (wf P &&& negb (may_be_initial P) &&&
   forallb (fun rq =>
     existsb (String.eqb (retraction_to_string (turn P) (fst rq))) xs |||
     covered refuted key T (snd rq))
     (retractions P)) ||| refuted P.

Definition check_last_among_cert_gen (refuted : position -> bool) (key : position -> positive)
    (P : position) (xs : list string) (D : cert) : bool :=
  let Ms := map decode D in
  let T := build key Ms in
  forallb (closed_at refuted key T) Ms &&& last_among_ok refuted key T xs P.

(** ** The checkers

    Notations, not definitions, for the same reason as [key]: the
    statements of Retro.v are then literally about the [_gen] checkers. *)

Notation check_dead_with refuted D := (check_dead_gen refuted slot D).
Notation check_illegal_cert_with refuted P D := (check_illegal_cert_gen refuted slot P D).
Notation check_last_cert_with refuted P ms D := (check_last_cert_gen refuted slot P ms D).
Notation check_last_among_cert_with refuted P xs D := (check_last_among_cert_gen refuted slot P xs D).

(** ** The static rules

    The registry: each rule's name (as rust-core's registry spells it) and
    its boolean function, true only of positions no game reaches
    ([static_rules_sound], Certproof.v), in the order the checkers try
    them.  Adding a rule: an entry here, its soundness lemma at the same
    place in [static_rules_sound], and the entry of rust-core's registry
    (CONTRIBUTING.md). *)
Record static_rule : Type := StaticRule { rule_name : string; rule_refutes : position -> bool }.

Local Open Scope string_scope.

Definition static_rules : list static_rule := [
  StaticRule "invariants" (fun P => negb (Invariants.inv P));
  StaticRule "stranded" Stranded.stranded;
  StaticRule "sealed-bishops" SealedBishops.sealed_refutes;
  StaticRule "frozen" Frozen.frozen_refutes;
  StaticRule "region" Frozen.region_refutes;
  StaticRule "region-count" RegionCount.region_count_refutes;
  StaticRule "promotion-count" RegionCount.promotion_count_refutes;
  StaticRule "cage" Cage.cage_refutes;
  StaticRule "pawn-captures" PawnCaptures.pawn_refutes;
  StaticRule "crossing" Crossing.crossing_refutes;
  StaticRule "promotion-entries" PawnCaptures.entry_refutes;
  StaticRule "landing" Landing.landing_refutes;
  StaticRule "parity" Parity.parity_refutes
].

Local Close Scope string_scope.

(** Some rule of [rs] refutes [P]: the first that does stops the search
    ([|||], unlike [existsb]'s [orb], does not compute the rest). *)
Fixpoint refuted_by (rs : list static_rule) (P : position) : bool :=
  match rs with
  | [] => false
  | r :: rs => rule_refutes r P ||| refuted_by rs P
  end.

(** The default static rule of the checkers. *)
Notation default_refuted := (refuted_by static_rules).

Notation check_dead D := (check_dead_with default_refuted D).
Notation check_illegal_cert P D := (check_illegal_cert_with default_refuted P D).
Notation check_last_cert P ms D := (check_last_cert_with default_refuted P ms D).
Notation check_last_among_cert P xs D := (check_last_among_cert_with default_refuted P xs D).
