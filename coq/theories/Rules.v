(** * Rules: the readable specification of a legal move.

    Headline definition (used by the soundness theorem of Soundness.v):

      [legal_move Q m P]  --  "in position [Q], the side to move may play [m]
                             under the FIDE rules, and doing so gives the
                             board of [P] with the other side to move".

    It is stated declaratively over the readable view of positions
    ([piece_at], [turn], [castling_right], [ep_square] of Board.v) and over
    the attack tables of Gen/Tables.v, whose meaning is proved in
    TablesSpec.v (knights' and kings' targets, pawn attacks, rays).

    What is trusted here, i.e. must be read to believe the theorems:
    - this file (the rules as written below);
    - Board.v's decoding of a board ([piece_at]) and its move record;
    - the tables, through TablesSpec.v.
    Nothing here depends on the fast generator of Movegen.v.

    Conventions.
    - Squares are ints 0..63 (a1 = 0, h8 = 63); [all_squares] lists them.
    - A board is seen as a function [int -> option piece].
    - A capture never takes a king: such a position is not legal anyway.
    - Squares are compared with the primitive test [=?] (and [inb] for
      membership in a list of squares) rather than with [=]: the theorems
      then rest on no axiom about primitive integers.
    - Castling is written as the king's move ([mv_from]/[mv_to] = the king's
      squares), the rook's squares follow from the side.
    - [attacked b c t] is stated from the attacked square [t]: a knight
      (king) of [c] a knight's (king's) move away, a pawn of [c] on a square
      from which it attacks [t], or a bishop/rook/queen of [c] that is the
      first man met walking from [t] along a line it moves on.  By the
      symmetry of the tables (TablesSpec.v) this is the usual notion. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board.
Import ListNotations.
Open Scope uint63_scope.

Definition board_fn : Type := int -> option piece.

(** Squares are the ints below 64. *)
Definition on_board (s : int) : bool := s <? 64.

(** ** Geometry *)

(** The eight directions N NE E SE S SW W NW, numbered as in Tables.v;
    [ray d s]: the squares met walking from [s] along [d], nearest first. *)
Definition directions : list int := [0; 1; 2; 3; 4; 5; 6; 7].
Definition ray (d s : int) : list int := rays.[64 * d + s].

(** The directions along which a man of role [r] slides. *)
Definition slider_dirs (r : role) : list int :=
  match r with
  | Bishop => [1; 3; 5; 7]
  | Rook => [0; 2; 4; 6]
  | Queen => [0; 1; 2; 3; 4; 5; 6; 7]
  | _ => []
  end.

(** Squares a pawn of colour [c] on [s] attacks. *)
Definition pawn_attacks (c : color) (s : int) : list int :=
  match c with White => white_pawn_attacks.[s] | Black => black_pawn_attacks.[s] end.

(** The square in front of [s] for a pawn of colour [c]. *)
Definition pawn_step (c : color) (s : int) : int :=
  match c with White => s + 8 | Black => s - 8 end.

Definition promotion_roles : list role := [Knight; Bishop; Rook; Queen].

(** The first square of [l] that holds a man. *)
Fixpoint first_man (b : board_fn) (l : list int) : option int :=
  match l with
  | [] => None
  | s :: r => match b s with Some _ => Some s | None => first_man b r end
  end.

(** [x] is one of the squares [l]. *)
Fixpoint inb (x : int) (l : list int) : bool :=
  match l with [] => false | y :: r => (x =? y) ||| inb x r end.

(** Walking along [l], [t] is reached over empty squares only. *)
Fixpoint reaches (b : board_fn) (l : list int) (t : int) : bool :=
  match l with
  | [] => false
  | s :: r => if s =? t then true else match b s with None => reaches b r t | Some _ => false end
  end.

(** ** Attacks and check *)

Definition attacked (b : board_fn) (c : color) (t : int) : Prop :=
  (exists s, In s knight_targets.[t] /\ b s = Some (MkPiece c Knight)) \/
  (exists s, In s (pawn_attacks (opp c) t) /\ b s = Some (MkPiece c Pawn)) \/
  (exists s, In s king_targets.[t] /\ b s = Some (MkPiece c King)) \/
  (exists d s r, In d directions /\ first_man b (ray d t) = Some s /\
                 b s = Some (MkPiece c r) /\ inb d (slider_dirs r) = true).

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
    stands on [t], see [target_ok], and ignoring check). *)
Definition man_moves (b : board_fn) (c : color) (r : role) (f t : int) : Prop :=
  match r with
  | Pawn =>
      ((t =? pawn_step c f) = true /\ b t = None)
   \/ ((relative_rank c f =? 1) = true /\ (t =? pawn_step c (pawn_step c f)) = true /\
       b (pawn_step c f) = None /\ b t = None)
   \/ (inb t (pawn_attacks c f) = true /\ b t <> None)
  | Knight => inb t knight_targets.[f] = true
  | King => inb t king_targets.[f] = true
  | _ => exists d, In d (slider_dirs r) /\ reaches b (ray d f) t = true
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
      b f = Some (MkPiece us Pawn) /\ inb t (pawn_attacks us f) = true /\ b t = None /\
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
    en-passant square of [P] are not constrained here: for retractions
    they are assertions, see Retract.v.) *)
Definition legal_move (Q : position) (m : move) (P : position) : Prop :=
  pseudo_legal Q m /\
  turn P = opp (turn Q) /\
  (forall s, In s all_squares -> piece_at P s = after Q m s) /\
  ~ in_check (piece_at P) (turn Q).

(** ** Possible positions: material *)

(** The men on board [b], with their squares (a1 first). *)
Definition men (b : board_fn) : list (int * piece) :=
  fold_right (fun s acc => match b s with Some p => (s, p) :: acc | None => acc end) [] all_squares.

Definition is_light (s : int) : bool := negb ((file_of s + rank_of s) land 1 =? 0).

(** The men of one colour, counted by kind. *)
Record census : Set := Census {
  men_count : nat; pawns : nat; knights : nat;
  light_bishops : nat; dark_bishops : nat; rooks : nat; queens : nat
}.

Definition tally (s : int) (r : role) (k : census) : census :=
  let '(Census a p n lb db rk q) := k in
  match r with
  | Pawn => Census (S a) (S p) n lb db rk q
  | Knight => Census (S a) p (S n) lb db rk q
  | Bishop => if is_light s then Census (S a) p n (S lb) db rk q else Census (S a) p n lb (S db) rk q
  | Rook => Census (S a) p n lb db (S rk) q
  | Queen => Census (S a) p n lb db rk (S q)
  | King => Census (S a) p n lb db rk q
  end.

Definition census_of (ms : list (int * piece)) (c : color) : census :=
  fold_right (fun sp k => if color_eqb (piece_color (snd sp)) c then tally (fst sp) (piece_role (snd sp)) k else k)
             (Census 0 0 0 0 0 0 0) ms.

(** Men that must come from promotions: queens beyond 1, rooks and knights
    beyond 2, bishops beyond 1 on each square colour. *)
Definition promoted_men (k : census) : nat :=
  ((queens k - 1) + (rooks k - 2) + (knights k - 2) + (light_bishops k - 1) + (dark_bishops k - 1))%nat.

(** At most 16 men and 8 pawns, and promoted men plus pawns at most 8. *)
Definition material_ok_for (ms : list (int * piece)) (c : color) : bool :=
  let k := census_of ms c in
  Nat.leb (men_count k) 16 && Nat.leb (pawns k) 8 && Nat.leb (promoted_men k + pawns k) 8.

Definition no_pawn_on_back_rank (ms : list (int * piece)) : bool :=
  forallb (fun sp => match snd sp with
                     | MkPiece _ Pawn => negb ((rank_of (fst sp) =? 0) || (rank_of (fst sp) =? 7))
                     | _ => true
                     end) ms.

(** Rule 3 of a retraction's predecessor. *)
Definition material_ok (b : board_fn) : bool :=
  let ms := men b in
  material_ok_for ms White && material_ok_for ms Black && no_pawn_on_back_rank ms.
