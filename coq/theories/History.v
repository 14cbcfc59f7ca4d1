(** * History: refutations over whole histories, through an abstraction.

    Headline definitions (proofs in Historyproof.v):

    - [abstraction]        an abstract state space: [alpha] maps a
                           position to its abstract state, [apreds] lists
                           the abstract retractions of a state, [viable]
                           keeps the states some game position may have,
                           [aeqb] decides equality, [akey] hashes (for the
                           lookup only, not trusted);
    - [check_history A P S] the certificate [S] (a list of abstract
                           states) refutes [P] under [A]: [alpha P] is in
                           [S] or not viable, [alpha initial] is not in
                           [S], and every abstract retraction of every
                           member is in [S] or not viable (the set is
                           closed);
    - [Historyproof.check_history_sound]: if [A] simulates the game
                           ([Historyproof.simulates]: every legal move
                           leaves [alpha] unchanged or is an abstract step
                           back, and game positions are viable), a
                           certificate [check_history] accepts proves
                           [~ reachable P];
    - [census]             one abstraction proven to simulate the game
                           ([Historyproof.census_simulates]): each side's
                           men counted by kind (pawns, knights, bishops by
                           square colour, rooks, queens), retracted by
                           taking back a capture (a man of any kind comes
                           back) or a promotion (a piece turns back into a
                           pawn); [check_census P S] is [check_history]
                           for it ([Historyproof.check_census_sound]).

    ** Why one theorem

    Each static rule (pawn captures, crossing pawns, sealed bishops, zone
    cages, ...) comes with an induction over games of its own.  Here the
    induction over games is done once, in [check_history_sound], for any
    abstraction that simulates the game; an argument about the order of
    events over a whole game is a path in the abstract graph the checker
    follows, not a new theorem.  A richer argument needs a richer
    abstraction and its simulation lemma (one case per kind of move,
    [Invariants.move_shape]), nothing else.  The native engine's abstract
    search (rust-core/src/history/, docs/history.md) uses a richer state
    than [census]: pawn columns and a zone of squares kept exactly; its
    simulation lemma is the next instance to prove.

    ** Certificates

    A certificate is a list of abstract states, any order.  Members are
    found by [akey] in a trie ([FMapPositive]) of buckets, a hit confirmed
    by [aeqb]; a bad key only makes the check fail. *)

From Coq Require Import Uint63 List Bool Arith PArith FMapPositive.
From RetroProof Require Import Gen.Vocab Board Rules Game Invariants.
Import ListNotations.
Local Open Scope nat_scope.

(** ** Abstractions *)

Record abstraction : Type := Abstraction {
  astate : Type;
  aeqb : astate -> astate -> bool;
  akey : astate -> positive;
  alpha : position -> astate;
  apreds : astate -> list astate;
  viable : astate -> bool;
}.

(** ** The lookup table *)

Definition atable (A : abstraction) : Type := PositiveMap.t (list (astate A)).

Definition abucket {A : abstraction} (T : atable A) (k : positive) : list (astate A) :=
  match PositiveMap.find k T with Some l => l | None => [] end.

Definition aadd {A : abstraction} (T : atable A) (x : astate A) : atable A :=
  PositiveMap.add (akey A x) (x :: abucket T (akey A x)) T.

Definition atable_of {A : abstraction} (S : list (astate A)) : atable A :=
  fold_left aadd S (PositiveMap.empty _).

Definition amem {A : abstraction} (T : atable A) (x : astate A) : bool :=
  existsb (aeqb A x) (abucket T (akey A x)).

(** [x] is in the set, or no game position has it. *)
Definition acovered {A : abstraction} (T : atable A) (x : astate A) : bool :=
  negb (viable A x) || amem T x.

(** ** The checker *)

Definition check_history (A : abstraction) (P : position) (S : list (astate A)) : bool :=
  let T := atable_of S in
  acovered T (alpha A P) &&
  negb (existsb (aeqb A (alpha A initial)) S) &&
  forallb (fun x => forallb (acovered T) (apreds A x)) S.

(** ** The census: men counted by side and kind *)

(** The kinds counted, and the slots of a census: White's six kinds, then
    Black's.  The kings are not counted (one each, always). *)
Definition census_tags : list tag := [TPawn; TKnight; TLight; TDark; TRook; TQueen].

Definition census_slots : list (color * tag) :=
  map (pair White) census_tags ++ map (pair Black) census_tags.

Definition tag_eqb (g h : tag) : bool :=
  match g, h with
  | TMan, TMan | TPawn, TPawn | TKnight, TKnight | TLight, TLight | TDark, TDark
  | TRook, TRook | TQueen, TQueen | TKing, TKing => true
  | _, _ => false
  end.

Definition slot_eqb (a b : color * tag) : bool :=
  color_eqb (fst a) (fst b) && tag_eqb (snd a) (snd b).

(** A census: the count of each slot of [census_slots], in order. *)
Definition census_state : Type := list nat.

Definition census_of (P : position) : census_state :=
  map (fun k => cnt (piece_at P) (fst k) (snd k)) census_slots.

(** The census with slot [k] changed by [d]. *)
Definition census_change (d : nat -> nat) (k : color * tag) (x : census_state) : census_state :=
  map (fun '(s, n) => if slot_eqb s k then d n else n) (combine census_slots x).

(** A capture taken back: a man of the slot [k] comes back. *)
Definition uncapture (k : color * tag) (x : census_state) : census_state := census_change S k x.

(** A promotion to a man of the slot [(c, g)] taken back: one fewer of
    them, one more pawn. *)
Definition unpromote (k : color * tag) (x : census_state) : census_state :=
  census_change S (fst k, TPawn) (census_change Nat.pred k x).

Definition promoted_tags : list tag := [TKnight; TLight; TDark; TRook; TQueen].

Definition promoted_slots : list (color * tag) :=
  map (pair White) promoted_tags ++ map (pair Black) promoted_tags.

(** The abstract retractions of a census: a capture taken back, a
    promotion taken back, or both. *)
Definition census_preds (x : census_state) : list census_state :=
  let ups := map (fun k => unpromote k x) promoted_slots in
  map (fun k => uncapture k x) census_slots ++ ups ++
  flat_map (fun y => map (fun k => uncapture k y) census_slots) ups.

(** The material invariant of [Invariants.side_ok] on the census of the
    side whose slots start at [o]: at most 8 pawns, and at most 8 pawns
    and promoted men together. *)
Definition census_side_ok (x : census_state) (o : nat) : bool :=
  let get i := nth (o + i) x 0 in
  Nat.leb (get 0) 8 &&
  Nat.leb ((get 5 - 1) + (get 4 - 2) + (get 1 - 2) + (get 2 - 1) + (get 3 - 1) + get 0) 8.

Definition census_viable (x : census_state) : bool :=
  Nat.eqb (length x) 12 && census_side_ok x 0 && census_side_ok x 6.

Fixpoint census_eqb (x y : census_state) : bool :=
  match x, y with
  | [], [] => true
  | a :: x, b :: y => Nat.eqb a b && census_eqb x y
  | _, _ => false
  end.

(** The key: the counts as digits (not trusted). *)
Definition census_key (x : census_state) : positive :=
  Pos.of_succ_nat (fold_left (fun h n => (h * 17 + n) mod 65521) x 0).

Definition census : abstraction :=
  Abstraction census_state census_eqb census_key census_of census_preds census_viable.

Definition check_census (P : position) (S : list census_state) : bool :=
  check_history census P S.
