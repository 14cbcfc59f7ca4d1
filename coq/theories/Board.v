(** * Board: the computational representation of positions.

    This is the bottom of the computational layer.  Everything here is
    designed for [vm_compute]:

    - a square is a primitive [int] in [0, 64): a1 = 0, b1 = 1, ..., h8 = 63
      (the numbering of [Gen/Tables.v] and of the native engine);
    - a board is a primitive array ([PArray]) of 64 [int] "cells";
    - a cell is [0] for an empty square, [1 + role] for a white man and
      [9 + role] for a black man (role numbered as in [Gen/Vocab.v]:
      pawn 0, knight 1, bishop 2, rook 3, queen 4, king 5), so bit 3 of a
      non-empty cell is its colour and [cell land 7 - 1] its role;
    - a position is a record: board, side to move, castling rights
      (a bit mask), and the en-passant square.  Halfmove and fullmove
      counters are not part of positions.

    The readable view of a board is [piece_at : position -> int -> option
    piece] (decoding a cell); the rules of chess (Rules.v) are stated
    only through [piece_at], [turn], [castling_right] and [ep_square].

    A total FEN parser [of_fen] and printer [to_fen] make tests readable. *)

From Coq Require Import Uint63 PArray List Bool String Ascii ZArith.
From RetroProof Require Import Gen.Vocab.
Import ListNotations.
Open Scope uint63_scope.

(** [andb]/[orb] are functions, so under call-by-value ([vm_compute]) both
    arguments are always evaluated.  These notations expand to [if], which
    evaluates the second operand only when needed; hot code uses them. *)
Notation "a &&& b" := (if a then b else false) (at level 40, left associativity).
Notation "a ||| b" := (if a then true else b) (at level 50, left associativity).

(** ** Colours *)

Definition opp (c : color) : color :=
  match c with White => Black | Black => White end.

Definition color_eqb (a b : color) : bool :=
  match a, b with
  | White, White | Black, Black => true
  | _, _ => false
  end.

Definition role_eqb (a b : role) : bool :=
  match a, b with
  | Pawn, Pawn | Knight, Knight | Bishop, Bishop
  | Rook, Rook | Queen, Queen | King, King => true
  | _, _ => false
  end.

Definition piece_eqb (a b : piece) : bool :=
  color_eqb (piece_color a) (piece_color b) && role_eqb (piece_role a) (piece_role b).

Definition opiece_eqb (a b : option piece) : bool :=
  match a, b with
  | None, None => true
  | Some x, Some y => piece_eqb x y
  | _, _ => false
  end.

Lemma color_eqb_eq : forall a b, color_eqb a b = true <-> a = b.
Proof. intros [|] [|]; simpl; split; congruence. Qed.

Lemma role_eqb_eq : forall a b, role_eqb a b = true <-> a = b.
Proof. intros [| | | | |] [| | | | |]; simpl; split; congruence. Qed.

Lemma piece_eqb_eq : forall a b, piece_eqb a b = true <-> a = b.
Proof.
  intros [ca ra] [cb rb]; unfold piece_eqb; simpl.
  rewrite andb_true_iff, color_eqb_eq, role_eqb_eq; split.
  - intros [-> ->]; reflexivity.
  - intros H; injection H; auto.
Qed.

Lemma opiece_eqb_eq : forall a b, opiece_eqb a b = true <-> a = b.
Proof.
  intros [a|] [b|]; simpl; try (split; congruence).
  rewrite piece_eqb_eq; split; congruence.
Qed.

(** Small conversions between [nat] and [int] (used by the FEN code only). *)
Fixpoint int_of_nat (n : nat) : int := match n with O => 0 | S n => int_of_nat n + 1 end.
Definition nat_of_int (i : int) : nat := Z.to_nat (to_Z i).

(** ** Squares *)

(** The 64 squares, a1 first. *)
Definition all_squares : list int :=
  Eval vm_compute in
  (fix go (n : nat) (i : int) := match n with O => [] | S n => i :: go n (i + 1) end) 64%nat 0.

Definition file_of (s : int) : int := s land 7.
Definition rank_of (s : int) : int := s >> 3.
Definition square_at (file rank : int) : int := rank * 8 + file.

(** The rank seen from [c]'s side: 0 is [c]'s first rank. *)
Definition relative_rank (c : color) (s : int) : int :=
  match c with White => rank_of s | Black => 7 - rank_of s end.

(** [x] is one of the squares [l]. *)
Fixpoint inb (x : int) (l : list int) : bool :=
  match l with [] => false | y :: r => (x =? y) ||| inb x r end.

(** ** Cells *)

Definition color_bit (c : color) : int := match c with White => 0 | Black => 8 end.

Definition cell_of_piece (p : piece) : int :=
  color_bit (piece_color p) + role_to_int (piece_role p) + 1.

Definition role_of_code (x : int) : role :=
  if x =? 1 then Pawn else if x =? 2 then Knight else if x =? 3 then Bishop
  else if x =? 4 then Rook else if x =? 5 then Queen else King.

(** Decoding a cell, by table: codes 1..6 are white men, 9..14 black men;
    every other value (including values past the table) reads as empty. *)
Definition cell_table : array (option piece) :=
  Eval vm_compute in
  fold_left (fun t p => t.[cell_of_piece p <- Some p])
    [MkPiece White Pawn; MkPiece White Knight; MkPiece White Bishop; MkPiece White Rook;
     MkPiece White Queen; MkPiece White King; MkPiece Black Pawn; MkPiece Black Knight;
     MkPiece Black Bishop; MkPiece Black Rook; MkPiece Black Queen; MkPiece Black King]
    (PArray.make 16 None).

Definition piece_of_cell (x : int) : option piece := cell_table.[x].

Lemma piece_of_cell_of_piece : forall p, piece_of_cell (cell_of_piece p) = Some p.
Proof. intros [[|] [| | | | |]]; reflexivity. Qed.

Lemma piece_of_cell_0 : piece_of_cell 0 = None.
Proof. reflexivity. Qed.

(** ** Moves (shared by the rules, the generator and the retractions)

    [mv_from]/[mv_to] are the squares of the UCI notation: for castling the
    king's origin and destination.  [mv_promo] is [Some r] exactly for
    promotions. *)
Record move : Set := Move {
  mv_kind : move_kind;
  mv_from : int;
  mv_to : int;
  mv_promo : option role
}.

Definition move_kind_eqb (a b : move_kind) : bool :=
  match a, b with
  | Normal, Normal | Promotion, Promotion | EnPassant, EnPassant | Castle, Castle => true
  | _, _ => false
  end.

Definition orole_eqb (a b : option role) : bool :=
  match a, b with
  | None, None => true
  | Some x, Some y => role_eqb x y
  | _, _ => false
  end.

Definition move_eqb (a b : move) : bool :=
  move_kind_eqb (mv_kind a) (mv_kind b) && (mv_from a =? mv_from b) &&
  (mv_to a =? mv_to b) && orole_eqb (mv_promo a) (mv_promo b).

(** ** Positions *)

(** Castling-right bits. *)
Definition cr_bit (c : color) (s : castling_side) : int :=
  match c, s with
  | White, KingSide => 1 | White, QueenSide => 2
  | Black, KingSide => 4 | Black, QueenSide => 8
  end.

Record position : Set := Position {
  board : array int;       (** 64 cells *)
  turn : color;            (** side to move *)
  castling : int;          (** bit mask of [cr_bit]s *)
  ep_square : option int   (** en-passant target square *)
}.

(** The readable view. *)
Definition piece_at (p : position) (s : int) : option piece :=
  piece_of_cell (board p).[s].

Definition castling_right (p : position) (c : color) (s : castling_side) : bool :=
  negb (castling p land cr_bit c s =? 0).

Definition empty_board : array int := PArray.make 64 0.

Definition empty_position : position := Position empty_board White 0 None.

(** ** FEN *)

Definition char_of_piece (p : piece) : ascii :=
  match p with
  | MkPiece White Pawn => "P" | MkPiece White Knight => "N" | MkPiece White Bishop => "B"
  | MkPiece White Rook => "R" | MkPiece White Queen => "Q" | MkPiece White King => "K"
  | MkPiece Black Pawn => "p" | MkPiece Black Knight => "n" | MkPiece Black Bishop => "b"
  | MkPiece Black Rook => "r" | MkPiece Black Queen => "q" | MkPiece Black King => "k"
  end%char.

Definition all_pieces : list piece :=
  [MkPiece White Pawn; MkPiece White Knight; MkPiece White Bishop; MkPiece White Rook;
   MkPiece White Queen; MkPiece White King; MkPiece Black Pawn; MkPiece Black Knight;
   MkPiece Black Bishop; MkPiece Black Rook; MkPiece Black Queen; MkPiece Black King].

Definition piece_of_char (a : ascii) : option piece :=
  find (fun p => Ascii.eqb (char_of_piece p) a) all_pieces.

(** Lowercase role letter (promotions in UCI). *)
Definition role_char (r : role) : ascii :=
  match r with
  | Pawn => "p" | Knight => "n" | Bishop => "b" | Rook => "r" | Queen => "q" | King => "k"
  end%char.

Definition digit_of_char (a : ascii) : option int :=
  let n := nat_of_ascii a in
  if (48 <=? n)%nat && (n <=? 57)%nat then Some (int_of_nat (n - 48)) else None.

Definition char_of_digit (i : int) : ascii := ascii_of_nat (48 + nat_of_int i).

Definition file_char (s : int) : ascii := ascii_of_nat (97 + nat_of_int (file_of s)).
Definition rank_char (s : int) : ascii := ascii_of_nat (49 + nat_of_int (rank_of s)).

Definition square_to_string (s : int) : string := String (file_char s) (String (rank_char s) EmptyString).

Definition square_of_chars (f r : ascii) : option int :=
  let nf := nat_of_ascii f in
  let nr := nat_of_ascii r in
  if (97 <=? nf)%nat && (nf <=? 104)%nat && (49 <=? nr)%nat && (nr <=? 56)%nat
  then Some (square_at (int_of_nat (nf - 97)) (int_of_nat (nr - 49)))
  else None.

(** Parse the placement field.  [f], [r]: current file and rank (rank 7 first).
    Returns the board and the rest of the string after the separating space. *)
Fixpoint parse_placement (s : string) (f r : int) (b : array int) : option (array int * string) :=
  match s with
  | EmptyString => None
  | String a rest =>
    if Ascii.eqb a " "%char then
      if (f =? 8) && (r =? 0) then Some (b, rest) else None
    else if Ascii.eqb a "/"%char then
      if (f =? 8) && (0 <? r) then parse_placement rest 0 (r - 1) b else None
    else match digit_of_char a with
    | Some n =>
      if (1 <=? n) && (n <=? 8) && (f + n <=? 8) then parse_placement rest (f + n) r b else None
    | None =>
      match piece_of_char a with
      | Some p => if f <? 8 then parse_placement rest (f + 1) r b.[square_at f r <- cell_of_piece p]
                 else None
      | None => None
      end
    end
  end.

Fixpoint parse_castling (s : string) (acc : int) : option (int * string) :=
  match s with
  | EmptyString => Some (acc, EmptyString)
  | String a rest =>
    if Ascii.eqb a " "%char then Some (acc, rest)
    else if Ascii.eqb a "-"%char then parse_castling rest acc
    else if Ascii.eqb a "K"%char then parse_castling rest (acc lor 1)
    else if Ascii.eqb a "Q"%char then parse_castling rest (acc lor 2)
    else if Ascii.eqb a "k"%char then parse_castling rest (acc lor 4)
    else if Ascii.eqb a "q"%char then parse_castling rest (acc lor 8)
    else None
  end.

Definition parse_ep (s : string) : option (option int) :=
  match s with
  | String a rest =>
    if Ascii.eqb a "-"%char then Some None
    else match rest with
         | String b _ => match square_of_chars a b with Some sq => Some (Some sq) | None => None end
         | EmptyString => None
         end
  | EmptyString => Some None
  end.

(** [of_fen]: the first four FEN fields (counters, if any, are ignored). *)
Definition of_fen (s : string) : option position :=
  match parse_placement s 0 7 empty_board with
  | None => None
  | Some (b, rest) =>
    match rest with
    | String t (String sp rest2) =>
      if negb (Ascii.eqb sp " "%char) then None else
      let stm := if Ascii.eqb t "w"%char then Some White else if Ascii.eqb t "b"%char then Some Black else None in
      match stm with
      | None => None
      | Some c =>
        match parse_castling rest2 0 with
        | None => None
        | Some (cr, rest3) =>
          match parse_ep rest3 with
          | None => None
          | Some ep => Some (Position b c cr ep)
          end
        end
      end
    | _ => None
    end
  end.

(** For tests: the empty position when the FEN does not parse. *)
Definition fen (s : string) : position :=
  match of_fen s with Some p => p | None => empty_position end.

Fixpoint string_of_chars (l : list ascii) : string :=
  match l with [] => EmptyString | a :: l => String a (string_of_chars l) end.

(** Placement field of a board, rank 8 first. *)
Definition placement_chars (b : array int) : list ascii :=
  let row (r : int) : list ascii :=
    let '(out, n) :=
      fold_left (fun '(out, n) f =>
        match piece_of_cell b.[square_at f r] with
        | None => (out, n + 1)
        | Some p => ((char_of_piece p :: (if n =? 0 then out else char_of_digit n :: out)), 0)
        end) [0;1;2;3;4;5;6;7] ([], 0) in
    rev (if n =? 0 then out else char_of_digit n :: out) in
  let sl := "/"%char in
  row 7 ++ sl :: row 6 ++ sl :: row 5 ++ sl :: row 4 ++ sl :: row 3 ++ sl
      :: row 2 ++ sl :: row 1 ++ sl :: row 0.

Definition castling_chars (cr : int) : list ascii :=
  let l := (if cr land 1 =? 0 then [] else ["K"%char]) ++ (if cr land 2 =? 0 then [] else ["Q"%char])
        ++ (if cr land 4 =? 0 then [] else ["k"%char]) ++ (if cr land 8 =? 0 then [] else ["q"%char]) in
  match l with [] => ["-"%char] | _ => l end.

(** [to_fen]: the first four FEN fields. *)
Definition to_fen (p : position) : string :=
  let sp := " "%char in
  string_of_chars (placement_chars (board p) ++ sp ::
    (match turn p with White => "w"%char | Black => "b"%char end) :: sp ::
    castling_chars (castling p) ++ sp ::
    match ep_square p with
    | None => ["-"%char]
    | Some s => [file_char s; rank_char s]
    end).
