(** * RegionCount: more men of a kind on squares they cannot leave than the
    initial position has there.

    Headline definitions (the theorems are in RegionCountproof.v):

    - [region_count_refutes P]     for some kind of man other than a king,
                                   the union [U] of the regions of its men
                                   that hold no promotion square has more
                                   men of the kind in [P] than in the
                                   initial position;
    - [promotion_count_refutes P]  for some side, its pawns and, for each
                                   piece role, its men on the union of
                                   their regions beyond the initial
                                   position's there number more than 8
                                   ("Promotion counting" below);
    - [region_promoted b X c]      the men of [c] beyond the initial
                                   position's on those same unions: men
                                   that must be promoted pawns
                                   (PawnCaptures.v counts them as such).

    RegionCountproof.v proves [region_count_refutes_sound : forall P,
    region_count_refutes P = true -> ~ reachable P] and
    [promotion_count_refutes_sound].

    These are the rules [Rule::RegionCount] and [Rule::PromotionCount] of
    the native engine ([frozen::region_count_refutes],
    [frozen::promotion_count_refutes], rust-core/src/rules/frozen.rs);
    generator/tests/integration/frozen_coq.rs checks that both sides give the same
    verdicts.

    ** Why it is sound

    The region of a man (Frozen.v: the squares reached from its square by
    exits of a man of its kind, never onto a frozen square) is closed under
    those exits.  So is a union [U] of regions of men of one kind.  If [U]
    holds no square where a pawn may have been promoted to that kind (the
    last rank, for a piece; none for a pawn), then over any legal move the
    men of the kind on [U] can only decrease: a man arriving on a square of
    [U] comes from a square of [U] (FrozenRegionproof.v's [region_step]), which it
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
    union ([kind_region]) is then validated ([closed_ok]: closed under
    exits outside the frozen set, no promotion square), so the proof needs
    nothing about the walk. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules RulesFast Game Stranded Frozen.
Import ListNotations.
Open Scope uint63_scope.

(** A square where a pawn may have been promoted to a man of colour [c]
    and role [r]. *)
Definition promotion_square (c : color) (r : role) (s : int) : bool :=
  promotable r &&& (relative_rank c s =? 7).

(** The squares of [A] or [B]. *)
Definition union (A B : array bool) : array bool :=
  fold_left (fun U s => if B.[s] then U.[s <- true] else U) all_squares A.

(** The union of the regions of the men of colour [c] and role [r] that
    are not frozen, leaving out each man whose region holds a square of
    [stop] (Frozen.v's [walk] gives up there). *)
Definition kind_region (stop : int -> bool) (b : board_fn) (X : array bool) (c : color) (r : role) :
    array bool :=
  let K := kind_cut (columns b X) (members X) c r in
  fold_left (fun U s =>
      if negb X.[s] &&& opiece_eqb (b s) (Some (MkPiece c r)) then
        match walk stop K 65 c r X no_squares.[s <- true] [s] with Some R => union U R | None => U end
      else U)
    all_squares no_squares.

(** The validation: every exit of a square of [U] outside [X] and not
    across a column nor by a forbidden castling ([K], Frozen.v's
    [kind_cut]) is in [U], and no square of [U] is in [stop]. *)
Definition closed_ok (stop : int -> bool) (X : array bool) (K : int -> int -> bool) (c : color)
    (r : role) (U : array bool) : bool :=
  forallb (fun s => negb U.[s] |||
             (forallb (fun e => X.[e] ||| K s e ||| U.[e]) (region_exits_of c r s) &&&
              negb (stop s)))
    all_squares.

(** The number of men [p] of [b] on the squares of [U]. *)
Definition count_on (b : board_fn) (U : int -> bool) (p : piece) : nat :=
  length (filter (fun s => U s && opiece_eqb (b s) (Some p)) all_squares).

(** [U] passes the validation and holds more men [MkPiece c r] than in
    the initial position. *)
Definition crowded_on (b : board_fn) (X : array bool) (c : color) (r : role) (U : array bool) :
    bool :=
  closed_ok (promotion_square c r) X (kind_cut (columns b X) (members X) c r) c r U &&&
  Nat.ltb (count_on (piece_at initial) (fun s => U.[s]) (MkPiece c r))
          (count_on b (fun s => U.[s]) (MkPiece c r)).

Definition crowded (b : board_fn) (X : array bool) (c : color) (r : role) : bool :=
  crowded_on b X c r (kind_region (promotion_square c r) b X c r).

(** The kinds counted: every man but the kings. *)
Definition counted_roles : list role := [Pawn; Knight; Bishop; Rook; Queen].

Definition region_count_refutes (P : position) : bool :=
  let b := piece_at P in
  let X := frozen_set b in
  existsb (fun c => existsb (crowded b X c) counted_roles) [White; Black].

(** * Promotion counting

    [promotion_count_refutes P]: for one side, the pawns on the board and
    the men of each kind of piece that must be promoted pawns number more
    than 8.

    For each role [r] of a piece a pawn may be promoted to, [U r] is the
    union of the regions of the side's men of that role that are not
    frozen (this time without leaving any out: [nowhere]).  Going back in
    time none of them leaves [U r], so forward in time no man of the role
    arrives on [U r] but by promotion; the men of the role on [U r] beyond
    the initial position's there ([excess]) are promoted pawns.  The
    number [pawns + excess N + excess B + excess R + excess Q] is 8 in the
    initial position and never grows (RegionCountproof.v, [phi_game]): a
    promotion takes a pawn away and adds at most one to one excess, a man
    leaving [U r] or captured only lowers it.

    The invariants of Invariants.v count the same with [U r] the whole
    board; a smaller [U r] sees more promoted men: a rook that can only
    have come from a8, beside the rook a8 itself. *)

Definition nowhere (s : int) : bool := false.

(** The men [MkPiece c r] on [U] beyond the initial position's there. *)
Definition excess (b : board_fn) (c : color) (r : role) (U : int -> bool) : nat :=
  count_on b U (MkPiece c r) - count_on (piece_at initial) U (MkPiece c r).

Definition everywhere (s : int) : bool := true.

(** The excess men of each role on its set: promoted pawns. *)
Definition region_excess (b : board_fn) (c : color) (UN UB UR UQ : int -> bool) : nat :=
  excess b c Knight UN + excess b c Bishop UB + excess b c Rook UR + excess b c Queen UQ.

(** The pawns of [c] and the excess men of each role on its set. *)
Definition phi (b : board_fn) (c : color) (UN UB UR UQ : int -> bool) : nat :=
  count_on b everywhere (MkPiece c Pawn) + region_excess b c UN UB UR UQ.

(** The validation of the four sets. *)
Definition promoted_sets_ok (b : board_fn) (X : array bool) (c : color) (UN UB UR UQ : array bool) :
    bool :=
  let cols := columns b X in
  let xs := members X in
  closed_ok nowhere X (kind_cut cols xs c Knight) c Knight UN &&&
  closed_ok nowhere X (kind_cut cols xs c Bishop) c Bishop UB &&&
  closed_ok nowhere X (kind_cut cols xs c Rook) c Rook UR &&&
  closed_ok nowhere X (kind_cut cols xs c Queen) c Queen UQ.

Definition overpromoted_with (b : board_fn) (X : array bool) (c : color) (UN UB UR UQ : array bool) :
    bool :=
  promoted_sets_ok b X c UN UB UR UQ &&&
  Nat.ltb 8 (phi b c (fun s => UN.[s]) (fun s => UB.[s]) (fun s => UR.[s]) (fun s => UQ.[s])).

Definition overpromoted (b : board_fn) (X : array bool) (c : color) : bool :=
  overpromoted_with b X c (kind_region nowhere b X c Knight) (kind_region nowhere b X c Bishop)
    (kind_region nowhere b X c Rook) (kind_region nowhere b X c Queen).

Definition promotion_count_refutes (P : position) : bool :=
  let b := piece_at P in
  let X := frozen_set b in
  existsb (overpromoted b X) [White; Black].

(** The men of [c] that must be promoted pawns by the regions of their
    kind: [region_excess] on the validated sets (0 if they fail).  Beyond
    [promoted_men] when a man's only way back leads to a promotion square:
    a dark-squared bishop walled in on e1 beside a missing f8 bishop.
    PawnCaptures.v counts these men as promoted pawns too
    ([frozen::region_promoted] of the native engine). *)
Definition region_promoted_with (b : board_fn) (X : array bool) (c : color) (UN UB UR UQ : array bool) :
    nat :=
  if promoted_sets_ok b X c UN UB UR UQ
  then region_excess b c (fun s => UN.[s]) (fun s => UB.[s]) (fun s => UR.[s]) (fun s => UQ.[s])
  else 0.

Definition region_promoted (b : board_fn) (X : array bool) (c : color) : nat :=
  region_promoted_with b X c (kind_region nowhere b X c Knight) (kind_region nowhere b X c Bishop)
    (kind_region nowhere b X c Rook) (kind_region nowhere b X c Queen).
