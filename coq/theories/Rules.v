(** * Rules: the readable specification of a legal move.

    Headline definition (used by [game], Game.v):

      [legal_move Q m P]  --  "in position [Q], the side to move may play [m]
                             under the FIDE rules, and doing so gives the
                             board of [P] with the other side to move".

    It is stated over the readable view of positions ([piece_at], [turn],
    [castling_right], [ep_square] of Board.v) and over the coordinates of
    squares ([file_of], [rank_of]): a knight's move is one file and two
    ranks (or two files and one rank) away, a king's at most one file and
    one rank, a bishop, rook or queen moves along a line whose squares
    strictly between are empty, a pawn one rank forward (two from its
    starting rank) or one rank forward and one file aside to capture.  No
    table is used here: the generated attack tables and the fast forms of
    these definitions live in RulesFast.v, which proves them equivalent to
    the definitions below ([RulesFast.legal_move_iff] and friends).

    What is trusted here, i.e. must be read to believe the theorems:
    - this file (the rules as written below);
    - Board.v's decoding of a board ([piece_at]), its coordinates
      ([file_of], [rank_of], [relative_rank]) and its move record.

    Conventions.
    - Squares are ints 0..63 (a1 = 0, b1 = 1, h1 = 7, a2 = 8, h8 = 63);
      [on_board s] is [s <? 64]; [all_squares] lists the 64 squares.
    - A board is seen as a function [int -> option piece].
    - A capture never takes a king: such a position is not legal anyway.
    - Squares are compared with the primitive test [=?] rather than with
      [=]: the theorems then rest on fewer axioms about primitive integers.
    - Castling is written as the king's move ([mv_from]/[mv_to] = the king's
      squares), the rook's squares follow from the side.
    - The 50- and 75-move rules, threefold and fivefold repetition and dead
      positions are not modelled (they end a game; they do not change which
      moves are legal). *)

From Coq Require Import Uint63 List Bool.
From RetroProof Require Import Gen.Vocab Board.
Import ListNotations.
Open Scope uint63_scope.

Definition board_fn : Type := int -> option piece.

(** Squares are the ints below 64. *)
Definition on_board (s : int) : bool := s <? 64.

(** ** Geometry *)

(** [|a - b|] for coordinates. *)
Definition dist (a b : int) : int := if a <? b then b - a else a - b.

(** How many files, and how many ranks, apart two squares are. *)
Definition file_dist (s t : int) : int := dist (file_of s) (file_of t).
Definition rank_dist (s t : int) : int := dist (rank_of s) (rank_of t).

(** A knight jumps one file and two ranks, or two files and one rank. *)
Definition knight_jump (s t : int) : bool :=
  ((file_dist s t =? 1) && (rank_dist s t =? 2)) || ((file_dist s t =? 2) && (rank_dist s t =? 1)).

(** A king steps to a different square at most one file and one rank away. *)
Definition king_step (s t : int) : bool :=
  (file_dist s t <=? 1) && (rank_dist s t <=? 1) && negb (s =? t).

(** A pawn of colour [c] on [s] attacks [t]: one file aside and one rank
    forward (up the board for White, down for Black). *)
Definition pawn_attack (c : color) (s t : int) : bool :=
  (file_dist s t =? 1) && (relative_rank c t =? relative_rank c s + 1).

(** The square in front of [s] for a pawn of colour [c]: one rank up
    (8 squares) for White, one rank down for Black. *)
Definition pawn_step (c : color) (s : int) : int :=
  match c with White => s + 8 | Black => s - 8 end.

(** [s] and [t] are distinct squares on one line a man of role [r] moves
    along: a file or a rank for a rook, a diagonal (as many files as ranks
    apart) for a bishop, either for a queen. *)
Definition line (r : role) (s t : int) : bool :=
  let straight := (file_dist s t =? 0) || (rank_dist s t =? 0) in
  let diagonal := file_dist s t =? rank_dist s t in
  negb (s =? t) &&
  match r with
  | Rook => straight
  | Bishop => diagonal
  | Queen => straight || diagonal
  | _ => false
  end.

(** [x] is a square strictly between [s] and [t] on the line through them:
    [x] is neither, its file and rank distances to [s] and to [t] add up to
    those between [s] and [t] (it lies in the rectangle they span), and
    its file and rank distances from [s] are in the same proportion as
    those of [t] (it lies on the line). *)
Definition between (s t x : int) : bool :=
  on_board x && negb (x =? s) && negb (x =? t) &&
  (file_dist s x + file_dist x t =? file_dist s t) &&
  (rank_dist s x + rank_dist x t =? rank_dist s t) &&
  (file_dist s x * rank_dist s t =? rank_dist s x * file_dist s t).

(** Every square strictly between [s] and [t] is empty. *)
Definition path_clear (b : board_fn) (s t : int) : Prop :=
  forall x, between s t x = true -> b x = None.

(** A man of role [r] and colour [c] on [s] attacks [t]: for a pawn its
    capture squares, for a bishop, rook or queen a square along one of its
    lines with nothing in between. *)
Definition attacks (b : board_fn) (c : color) (r : role) (s t : int) : Prop :=
  match r with
  | Pawn => pawn_attack c s t = true
  | Knight => knight_jump s t = true
  | King => king_step s t = true
  | _ => line r s t = true /\ path_clear b s t
  end.

Definition promotion_roles : list role := [Knight; Bishop; Rook; Queen].

(** ** Attacks and check *)

(** Square [t] is attacked by a man of colour [c]. *)
Definition attacked (b : board_fn) (c : color) (t : int) : Prop :=
  exists s r, on_board s = true /\ b s = Some (MkPiece c r) /\ attacks b c r s t.

(** The king of [c] is attacked by the other side. *)
Definition in_check (b : board_fn) (c : color) : Prop :=
  exists k, In k all_squares /\ b k = Some (MkPiece c King) /\ attacked b (opp c) k.

(** ** Moves of the men *)

(** [t] may receive a man of colour [us]: empty, or an enemy man not the king. *)
Definition target_ok (b : board_fn) (us : color) (t : int) : Prop :=
  match b t with
  | None => True
  | Some (MkPiece c r) => c = opp us /\ r <> King
  end.

(** A man of colour [c] and role [r] on [f] may go to [t] (ignoring what
    stands on [t], see [target_ok], and ignoring check): a pawn one square
    forward to an empty square, two from its second rank over an empty
    square to an empty square, or to a square it attacks that holds a man;
    any other man to a square it attacks. *)
Definition man_moves (b : board_fn) (c : color) (r : role) (f t : int) : Prop :=
  match r with
  | Pawn =>
      ((t =? pawn_step c f) = true /\ b t = None)
   \/ ((relative_rank c f =? 1) = true /\ (t =? pawn_step c (pawn_step c f)) = true /\
       b (pawn_step c f) = None /\ b t = None)
   \/ (pawn_attack c f t = true /\ b t <> None)
  | _ => attacks b c r f t
  end.

(** ** Castling geometry *)

Definition back_rank_base (c : color) : int := match c with White => 0 | Black => 56 end.
Definition castle_king_from (c : color) : int := back_rank_base c + 4.
Definition castle_king_to (c : color) (s : castling_side) : int :=
  back_rank_base c + match s with KingSide => 6 | QueenSide => 2 end.
Definition castle_rook_from (c : color) (s : castling_side) : int :=
  back_rank_base c + match s with KingSide => 7 | QueenSide => 0 end.
Definition castle_rook_to (c : color) (s : castling_side) : int :=
  back_rank_base c + match s with KingSide => 5 | QueenSide => 3 end.
(** Squares that must be empty, and squares the king stands on or crosses
    (which must not be attacked). *)
Definition castle_empty (c : color) (s : castling_side) : list int :=
  map (fun x => back_rank_base c + x) (match s with KingSide => [5; 6] | QueenSide => [1; 2; 3] end).
Definition castle_safe (c : color) (s : castling_side) : list int :=
  map (fun x => back_rank_base c + x) (match s with KingSide => [4; 5; 6] | QueenSide => [4; 3; 2] end).

Definition castling_side_of (c : color) (t : int) : castling_side :=
  if t =? castle_king_to c KingSide then KingSide else QueenSide.

(** The square of the pawn taken en passant by a pawn of [us] landing on [t]. *)
Definition ep_victim (us : color) (t : int) : int := pawn_step (opp us) t.

(** [t] is the en-passant square of [Q]. *)
Definition is_ep_square (Q : position) (t : int) : bool :=
  match ep_square Q with Some e => e =? t | None => false end.

(** ** Pseudo-legal moves *)

Definition pseudo_legal (Q : position) (m : move) : Prop :=
  let b := piece_at Q in
  let us := turn Q in
  let f := mv_from m in
  let t := mv_to m in
  on_board f = true /\ on_board t = true /\
  match mv_kind m with
  | Normal =>
      mv_promo m = None /\
      exists r, b f = Some (MkPiece us r) /\ target_ok b us t /\ man_moves b us r f t /\
                (r = Pawn -> (relative_rank us t =? 7) = false)
  | Promotion =>
      exists r, mv_promo m = Some r /\ In r promotion_roles /\
                b f = Some (MkPiece us Pawn) /\ (relative_rank us t =? 7) = true /\
                target_ok b us t /\ man_moves b us Pawn f t
  | EnPassant =>
      mv_promo m = None /\ is_ep_square Q t = true /\
      b f = Some (MkPiece us Pawn) /\ pawn_attack us f t = true /\ b t = None /\
      b (ep_victim us t) = Some (MkPiece (opp us) Pawn)
  | Castle =>
      mv_promo m = None /\
      exists side, (f =? castle_king_from us) = true /\ (t =? castle_king_to us side) = true /\
        castling_right Q us side = true /\
        b f = Some (MkPiece us King) /\ b (castle_rook_from us side) = Some (MkPiece us Rook) /\
        (forall s, In s (castle_empty us side) -> b s = None) /\
        (forall s, In s (castle_safe us side) -> ~ attacked b (opp us) s)
  end.

(** ** The board after a move *)

Definition after (Q : position) (m : move) : board_fn :=
  let b := piece_at Q in
  let us := turn Q in
  let f := mv_from m in
  let t := mv_to m in
  match mv_kind m with
  | Normal => fun s => if s =? f then None else if s =? t then b f else b s
  | Promotion =>
      let promoted := match mv_promo m with Some r => Some (MkPiece us r) | None => None end in
      fun s => if s =? f then None else if s =? t then promoted else b s
  | EnPassant =>
      let v := ep_victim us t in
      fun s => if s =? f then None else if s =? t then b f else if s =? v then None else b s
  | Castle =>
      let side := castling_side_of us t in
      let rt := castle_rook_to us side in
      let rf := castle_rook_from us side in
      fun s => if s =? t then Some (MkPiece us King)
               else if s =? rt then Some (MkPiece us Rook)
               else if (s =? f) || (s =? rf) then None
               else b s
  end.

(** ** Legal moves *)

(** Playing [m] in [Q] gives [P]'s board, with the other side to move, and
    does not leave the mover's king in check.  (Castling rights and the
    en-passant square of [P] are not constrained here: a game sets them,
    see Game.v; for retractions they are assertions, see Retract.v.) *)
Definition legal_move (Q : position) (m : move) (P : position) : Prop :=
  pseudo_legal Q m /\
  turn P = opp (turn Q) /\
  (forall s, In s all_squares -> piece_at P s = after Q m s) /\
  ~ in_check (piece_at P) (turn Q).
