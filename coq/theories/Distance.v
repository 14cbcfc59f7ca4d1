(** * Distance: how many moves each side has made, at least, to reach a position.

    Headline definition (proven sound in Distanceproof.v):

      [bound_ok k Q]  --  "a game of exactly [k] plies may end in a
                          position realizing [Q]": [Q] has the side to
                          move of a [k]-ply game, and neither side needs
                          more moves than it makes in [k] plies.

    ([Distanceproof.bound_game]: every game [h] ending in a position that
    realizes [Q] has [bound_ok (length h) Q = true].)  The exact-length
    proof-game checker (ProofGame.v) cuts every branch of its search
    whose position fails [bound_ok] for the plies left.

    ** The bound

    In [k] plies from the initial position White makes [(k + 1) / 2]
    moves and Black [k / 2].  A side [c] has made at least
    [moves_needed c Q] moves, the larger of
    - [men_moves c Q]: the sum, over [c]'s men on the board, of
      [dist c r s], a lower bound on the moves a man of [c] needs to stand
      on [s] as a man of role [r], from any of [c]'s men of the initial
      position (a man of [c] ends its journey on [s] as an [r]: a piece
      walking on the empty board, a pawn advancing and capturing
      diagonally, a pawn promoting and walking on);
    - [16 - men_count (opp c) Q]: each man the other side lacks was taken
      by a move of [c].

    [dist] is a table (one entry per colour, role and square), computed
    below by relaxation over the moves of the men on the empty board
    ([step_cost]), and checked once ([dist_steps_ok], by [vm_compute] in
    Distanceproof.v) to be consistent with those moves: one move of a man
    from [f] to [t] (a promotion included) raises its entry by at most
    one, and the initial men stand on entries 0.  Castling moves the king
    and the rook at once: the king's step from its square to its castling
    square counts one move and the rook's step to its castling square
    none, so that the sum rises by at most one.  Nothing here needs the
    table to be the exact distance: any table passing the check gives a
    sound bound; a table closer to the distances gives a stronger one.

    The sum takes, for each man, the nearest initial man of its colour,
    not an assignment of distinct men: weaker, but one table lookup per
    man. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Board Rules Game.
Import ListNotations.
Open Scope uint63_scope.

(** ** Moves of a man on the empty board *)

Definition dist_roles : list role := [Pawn; Knight; Bishop; Rook; Queen; King].

Definition castling_sides_of : list castling_side := [KingSide; QueenSide].

(** A pawn of [c] may go from [f] to [t]: one rank forward, two from its
    second rank, or one rank forward and one file aside (capturing). *)
Definition pawn_geom (c : color) (f t : int) : bool :=
  pawn_forward c 1 f t || ((relative_rank c f =? 1) && pawn_forward c 2 f t) || pawn_attack c f t.

(** A man of [c] and role [r] may go from [f] to [t] on the empty board
    (castling aside). *)
Definition man_geom (c : color) (r : role) (f t : int) : bool :=
  match r with
  | Pawn => pawn_geom c f t
  | Knight => knight_jump f t
  | King => king_step f t
  | _ => line r f t
  end.

(** The cost of one move of a man of [c] from [f] as an [r] to [t] as an
    [r']: [Some 1] for a move of the man, a promotion (to [r'] on the last
    rank), or the king's castling step; [Some 0] for the rook's castling
    step; [None] when no move does that. *)
Definition step_cost (c : color) (r : role) (f : int) (r' : role) (t : int) : option nat :=
  match r, r' with
  | Pawn, Pawn => if pawn_geom c f t then Some 1%nat else None
  | Pawn, King => None
  | Pawn, _ => if pawn_geom c f t && (relative_rank c t =? 7) then Some 1%nat else None
  | _, _ =>
    if negb (role_eqb r r') then None
    else if role_eqb r Rook &&
            existsb (fun sd => (f =? castle_rook_from c sd) && (t =? castle_rook_to c sd)) castling_sides_of
    then Some 0%nat
    else if man_geom c r f t then Some 1%nat
    else if role_eqb r King &&
            existsb (fun sd => (f =? castle_king_from c) && (t =? castle_king_to c sd)) castling_sides_of
    then Some 1%nat
    else None
  end.

(** ** The table *)

(** Entries for unreachable states (a pawn on its first rank, a bishop on
    the other colour of squares). *)
Definition far : nat := 99.

(** Index of the entry of a man of [c] and role [r] on [s]. *)
Definition dist_index (c : color) (r : role) (s : int) : int :=
  cell_of_piece (MkPiece c r) * 64 + s.

Definition dist_start : array nat :=
  fold_left (fun a s => match piece_at initial s with
                        | Some (MkPiece c r) => a.[dist_index c r s <- 0%nat]
                        | None => a
                        end) all_squares (PArray.make 1024 far).

(** One round of relaxation over every move of every man of [c]. *)
Definition relax (c : color) (a : array nat) : array nat :=
  fold_left (fun a r => fold_left (fun a f =>
    let d := a.[dist_index c r f] in
    if Nat.leb far d then a else
    fold_left (fun a r' => fold_left (fun a t =>
      match step_cost c r f r' t with
      | Some w => if Nat.ltb (d + w) a.[dist_index c r' t] then a.[dist_index c r' t <- (d + w)%nat] else a
      | None => a
      end) all_squares a) dist_roles a) all_squares a) dist_roles a.

Fixpoint iterate (n : nat) (g : array nat -> array nat) (a : array nat) : array nat :=
  match n with O => a | S n => iterate n g (g a) end.

(** Twelve rounds reach the fixpoint (no distance exceeds eleven moves);
    the check of Distanceproof.v would fail otherwise. *)
Definition dist_table : array nat :=
  Eval vm_compute in iterate 12 (fun a => relax Black (relax White a)) dist_start.

Definition dist (c : color) (r : role) (s : int) : nat := dist_table.[dist_index c r s].

(** The table is consistent with the moves: a move of cost [w] from an
    [r] on [f] to an [r'] on [t] raises the entry by at most [w]. *)
Definition dist_steps_ok : bool :=
  forallb (fun c => forallb (fun r => forallb (fun f => forallb (fun r' => forallb (fun t =>
    match step_cost c r f r' t with
    | Some w => Nat.leb (dist c r' t) (dist c r f + w)
    | None => true
    end) all_squares) dist_roles) all_squares) dist_roles) [White; Black].

(** ** The bound *)

(** What the man [o] on [s] adds to [c]'s moves, and to [c]'s count. *)
Definition man_moves_of (c : color) (o : option piece) (s : int) : nat :=
  match o with
  | Some (MkPiece c' r) => if color_eqb c' c then dist c r s else 0
  | None => 0
  end.

Definition man_count_of (c : color) (o : option piece) (s : int) : nat :=
  match o with
  | Some (MkPiece c' _) => if color_eqb c' c then 1 else 0
  | None => 0
  end.

(** The sum of [w] over the 64 squares of [Q]. *)
Definition board_sum (w : option piece -> int -> nat) (Q : position) : nat :=
  fold_right (fun s n => w (piece_at Q s) s + n)%nat 0%nat all_squares.

Definition men_moves (c : color) (Q : position) : nat := board_sum (man_moves_of c) Q.
Definition men_count (c : color) (Q : position) : nat := board_sum (man_count_of c) Q.

Definition moves_needed (c : color) (Q : position) : nat :=
  Nat.max (men_moves c Q) (16 - men_count (opp c) Q).

(** The moves [c] makes in [k] plies from the initial position. *)
Definition moves_in (c : color) (k : nat) : nat :=
  match c with White => Nat.div2 (S k) | Black => Nat.div2 k end.

(** The side to move after [k] plies. *)
Definition turn_after (k : nat) : color := if Nat.even k then White else Black.

Definition bound_ok (k : nat) (Q : position) : bool :=
  color_eqb (turn Q) (turn_after k) &&
  Nat.leb (moves_needed White Q) (moves_in White k) &&
  Nat.leb (moves_needed Black Q) (moves_in Black k).

(** ** The same, fast

    [tally b] computes the four sums in one pass over the cells;
    [bound_tally] decides [bound_ok] from them
    ([Distanceproof.bound_ok_tally]). *)

Record tally : Set := Tally { t_white : nat; t_black : nat; n_white : nat; n_black : nat }.

Definition tally_add (x : option piece) (s : int) (t : tally) : tally :=
  match x with
  | None => t
  | Some (MkPiece White r) => Tally (dist White r s + t_white t) (t_black t) (S (n_white t)) (n_black t)
  | Some (MkPiece Black r) => Tally (t_white t) (dist Black r s + t_black t) (n_white t) (S (n_black t))
  end.

Definition tally_of (Q : position) : tally :=
  fold_right (fun s t => tally_add (piece_at Q s) s t) (Tally 0 0 0 0) all_squares.

(** The sums [t] fit in [lw] moves of White and [lb] of Black. *)
Definition tally_fits (lw lb : nat) (t : tally) : bool :=
  Nat.leb (Nat.max (t_white t) (16 - n_black t)) lw &&
  Nat.leb (Nat.max (t_black t) (16 - n_white t)) lb.

Definition bound_tally (k : nat) (c : color) (t : tally) : bool :=
  color_eqb c (turn_after k) && tally_fits (moves_in White k) (moves_in Black k) t.
