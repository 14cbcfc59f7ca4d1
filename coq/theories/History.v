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
                           for it ([Historyproof.check_census_sound]);
    - [pawn_files]         a finer census proven to simulate the game
                           ([Historyproof.pawn_files_simulates]): pawns
                           counted by side and file; taking back a pawn
                           capture moves a pawn to a neighbouring file and
                           gives a man back; [check_files P S]
                           ([Historyproof.check_files_sound]).

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
    than [pawn_files]: the order of the pawns on each file (columns) and
    a zone of squares kept exactly; its simulation lemma is the next
    instance to prove.

    ** Certificates

    A certificate is a list of abstract states, any order.  Members are
    found by [akey] in a trie ([FMapPositive]) of buckets, a hit confirmed
    by [aeqb]; a bad key only makes the check fail. *)

From Coq Require Import Uint63 List Bool Arith PArith FMapPositive.
From RetroProof Require Import Gen.Vocab Board Rules Material Game Invariants PawnCaptures.
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

(** The trie path of the low [n] bits of [h]. *)
Fixpoint key_path (n : nat) (h : int) : positive :=
  match n with
  | O => xH
  | S n => if (h land 1 =? 0)%uint63 then xO (key_path n (h >> 1)) else xI (key_path n (h >> 1))
  end.

Fixpoint int_of_nat (n : nat) : int :=
  match n with O => 0%uint63 | S n => (int_of_nat n + 1)%uint63 end.

(** The key: a hash of the counts, in machine integers (not trusted). *)
Definition census_key (x : census_state) : positive :=
  let h := fold_left (fun h n => (h * 1000003 + int_of_nat n)%uint63) x 7%uint63 in
  key_path 16 (h + (h >> 17) + (h >> 34))%uint63.

Definition census : abstraction :=
  Abstraction census_state census_eqb census_key census_of census_preds census_viable.

Definition check_census (P : position) (S : list census_state) : bool :=
  check_history census P S.

(** ** The pawn files: pawns counted by side and file, other men by kind

    A finer census: each side's pawns are counted on each file.  A pawn
    changes file only by a capture, to a neighbouring file; so taking
    back a pawn capture moves a pawn to a neighbouring file and gives the
    other side a man back.  What the other side can give back is bounded
    by its material ([files_viable]), so a pawn structure that needs more
    captures than the men missing from the other side allow is refuted
    (the order-free part of the pawn-capture rule, PawnCaptures.v). *)

(** A slot: the pawns of a side on a file, or a side's men of a kind. *)
Inductive slot : Set := PawnOn (c : color) (i : nat) | Men (c : color) (g : tag).

Definition slot_beq (a b : slot) : bool :=
  match a, b with
  | PawnOn c i, PawnOn d j => color_eqb c d && Nat.eqb i j
  | Men c g, Men d h => color_eqb c d && tag_eqb g h
  | _, _ => false
  end.

Definition files : list nat := [0; 1; 2; 3; 4; 5; 6; 7].

Definition file_slots : list slot :=
  map (PawnOn White) files ++ map (PawnOn Black) files ++
  map (Men White) promoted_tags ++ map (Men Black) promoted_tags.

(** The kind of a man other than a pawn: bishops by the colour of their
    square. *)
Definition tag_of (r : role) (s : int) : tag :=
  match r with
  | Pawn => TPawn | Knight => TKnight | Bishop => if is_light s then TLight else TDark
  | Rook => TRook | Queen => TQueen | King => TKing
  end.

(** The slot a man standing on [s] is counted in (none for a king). *)
Definition slot_of (s : int) (p : piece) : list slot :=
  let 'MkPiece c r := p in
  match r with
  | Pawn => [PawnOn c (fnat s)]
  | King => []
  | _ => [Men c (tag_of r s)]
  end.

Definition slots_at (s : int) (o : option piece) : list slot :=
  match o with Some p => slot_of s p | None => [] end.

(** How many of [l] are the slot [k]. *)
Definition occ (k : slot) (l : list slot) : nat := length (filter (slot_beq k) l).

(** The count of the slot [k] on the board [b]. *)
Fixpoint wsum (k : slot) (b : board_fn) (l : list int) : nat :=
  match l with [] => 0 | s :: l => occ k (slots_at s (b s)) + wsum k b l end.

Definition scount (b : board_fn) (k : slot) : nat := wsum k b all_squares.

Definition files_of (P : position) : list nat := map (scount (piece_at P)) file_slots.

(** The counts [x] with the slots [plus] added and [minus] taken away. *)
Definition shift (plus minus : list slot) (x : list nat) : list nat :=
  map (fun '(k, n) => n + occ k plus - occ k minus) (combine file_slots x).

Definition neighbours : list (nat * nat) :=
  flat_map (fun i => [(i, S i); (S i, i)]) [0; 1; 2; 3; 4; 5; 6].

(** What the moving side had before ([fst]) and has after ([snd]) a move
    that changes its counts: a pawn that took on a neighbouring file
    ([pawn_shifts]; it took a man), or a pawn that promoted
    ([promotions]). *)
Definition pawn_shifts : list (list slot * list slot) :=
  flat_map (fun c => map (fun '(i, j) => ([PawnOn c i], [PawnOn c j])) neighbours) [White; Black].

Definition promotions : list (list slot * list slot) :=
  flat_map (fun c => flat_map (fun i => map (fun g => ([PawnOn c i], [Men c g])) promoted_tags) files)
    [White; Black].

(** What a capture took: a man of a slot ([captured]), or nothing. *)
Definition captured : list (list slot) := map (fun k => [k]) file_slots.

Definition victim_changes : list (list slot) := [] :: captured.

(** The abstract retractions: a capture taken back; a promotion taken
    back, with or without a capture; a pawn capture taken back (the pawn
    goes back to its neighbouring file, the man it took comes back). *)
Definition files_preds (x : list nat) : list (list nat) :=
  map (fun v => shift v [] x) victim_changes ++
  flat_map (fun v => map (fun '(a, b) => shift (v ++ a) b x) promotions) victim_changes ++
  flat_map (fun v => map (fun '(a, b) => shift (v ++ a) b x) pawn_shifts) captured.

(** The material invariant on the counts of the side whose pawn slots
    start at [8 c] and other slots at [16 + 5 c]. *)
Definition files_side_ok (x : list nat) (c : nat) : bool :=
  let p i := nth (8 * c + i) x 0 in
  let get i := nth (16 + 5 * c + i) x 0 in
  let pawns := p 0 + p 1 + p 2 + p 3 + p 4 + p 5 + p 6 + p 7 in
  Nat.leb pawns 8 &&
  Nat.leb ((get 4 - 1) + (get 3 - 2) + (get 0 - 2) + (get 1 - 1) + (get 2 - 1) + pawns) 8.

Definition files_viable (x : list nat) : bool :=
  Nat.eqb (length x) 26 && files_side_ok x 0 && files_side_ok x 1.

Definition pawn_files : abstraction :=
  Abstraction (list nat) census_eqb census_key files_of files_preds files_viable.

Definition check_files (P : position) (S : list (list nat)) : bool :=
  check_history pawn_files P S.
