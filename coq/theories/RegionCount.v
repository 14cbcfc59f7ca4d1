(** * RegionCount: more men of a kind on squares they cannot leave than the
    initial position has there.

    Headline definition (the theorem is in RegionCountproof.v):

    - [region_count_refutes P]  for some kind of man other than a king, the
                                union [U] of the regions of its men that
                                hold no promotion square has more men of
                                the kind in [P] than in the initial
                                position.

    RegionCountproof.v proves [region_count_refutes_sound : forall P,
    region_count_refutes P = true -> ~ reachable P].

    This is the rule [Rule::RegionCount] of the native engine
    ([frozen::region_count_refutes], rust-core/src/rules/frozen.rs);
    generator/tests/frozen_coq.rs checks that both give the same verdicts.

    ** Why it is sound

    The region of a man (Frozen.v: the squares reached from its square by
    exits of a man of its kind, never onto a frozen square) is closed under
    those exits.  So is a union [U] of regions of men of one kind.  If [U]
    holds no square where a pawn may have been promoted to that kind (the
    last rank, for a piece; none for a pawn), then over any legal move the
    men of the kind on [U] can only decrease: a man arriving on a square of
    [U] comes from a square of [U] (Frozenproof.v's [region_step]), which it
    leaves empty, and at most one square gains a man of the kind per move
    ([one_arrival]).  By induction over the game, a position has at most as
    many men of the kind on [U] as the initial position.

    It generalizes [region_refutes] (a region without an initial square of
    its man) to regions shared by more men than they hold initial squares
    of their kind: two light-squared bishops that can only have come from
    f1, doubled pawns whose only way back is one second-rank square.

    ** The computation

    Each region is walked as in Frozen.v ([walk]), this time stopping (and
    leaving the man out) at a promotion square ([promotion_square]); the
    union is then validated ([closed_ok]: closed under exits outside the
    frozen set, no promotion square), so the proof needs nothing about the
    walk. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules RulesFast Game Stranded Frozen.
Import ListNotations.
Open Scope uint63_scope.

(** A square where a pawn may have been promoted to a man of colour [c]
    and role [r]. *)
Definition promotion_square (c : color) (r : role) (s : int) : bool :=
  promotable r &&& (relative_rank c s =? 7).

(** The region of the man of colour [c] and role [r] on [s] if it holds no
    promotion square ([None] otherwise). *)
Definition full_region (X : array bool) (c : color) (r : role) (s : int) : option (array bool) :=
  walk (promotion_square c r) 65 c r X no_squares.[s <- true] [s].

(** The squares of [A] or [B]. *)
Definition union (A B : array bool) : array bool :=
  fold_left (fun U s => if B.[s] then U.[s <- true] else U) all_squares A.

(** The union of the regions without a promotion square of the men of
    colour [c] and role [r] that are not frozen. *)
Definition kind_region (b : board_fn) (X : array bool) (c : color) (r : role) : array bool :=
  fold_left (fun U s =>
      if negb X.[s] &&& opiece_eqb (b s) (Some (MkPiece c r)) then
        match full_region X c r s with Some R => union U R | None => U end
      else U)
    all_squares no_squares.

(** The validation: every exit of a square of [U] outside [X] is in [U],
    and no square of [U] is a promotion square. *)
Definition closed_ok (X : array bool) (c : color) (r : role) (U : array bool) : bool :=
  forallb (fun s => negb U.[s] |||
             (forallb (fun e => X.[e] ||| U.[e]) (frozen_exits_of c r s) &&&
              negb (promotion_square c r s)))
    all_squares.

(** The number of men [p] of [b] on the squares of [U]. *)
Definition count_on (b : board_fn) (U : int -> bool) (p : piece) : nat :=
  length (filter (fun s => U s && opiece_eqb (b s) (Some p)) all_squares).

(** [U] passes the validation and holds more men [MkPiece c r] than in
    the initial position. *)
Definition crowded_on (b : board_fn) (X : array bool) (c : color) (r : role) (U : array bool) :
    bool :=
  closed_ok X c r U &&&
  Nat.ltb (count_on (piece_at initial) (fun s => U.[s]) (MkPiece c r))
          (count_on b (fun s => U.[s]) (MkPiece c r)).

Definition crowded (b : board_fn) (X : array bool) (c : color) (r : role) : bool :=
  crowded_on b X c r (kind_region b X c r).

(** The kinds counted: every man but the kings. *)
Definition counted_roles : list role := [Pawn; Knight; Bishop; Rook; Queen].

Definition region_count_refutes (P : position) : bool :=
  let b := piece_at P in
  let X := frozen_set b in
  existsb (fun c => existsb (crowded b X c) counted_roles) [White; Black].
