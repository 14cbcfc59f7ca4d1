(** * Parity: closed positions fix the side to move.

    Headline definitions (the proofs are in Parityproof.v):

    - [closed c b]       the side [c] is closed on the board [b] (below);
    - [potential c b]    the parity of [c]'s "potentials" on [b] (below);
    - [parity_refutes P] both sides are closed on [P]'s board and their
                         potentials disagree with [P]'s side to move;
    - [Parityproof.parity_refutes_sound :
         forall P, parity_refutes P = true -> ~ reachable P].

    This is the rule [rules::parity::refutes] of the native engine
    (rust-core/src/rules/parity.rs), computed the same way: the native
    [move_parity b c] is [Some] exactly when [closed c b], and then it is
    the parity of [potential c b] against the initial board's.

    ** The rule

    A side [c] is *closed* on a board when
    - all eight squares of its second rank hold its pawns;
    - c1 and f1 (seen from [c]) hold its bishops;
    - every man of [c] stands where the role allows ([allowed]): a pawn on
      its second rank, a bishop on c1/f1, a rook on a1, b1, g1 or h1, the
      queen and the king on d1 or e1, a knight anywhere;
    - [c] has 16 men.

    Going back in time from a closed side nothing of [c] ever changed but
    its knights, rooks, queen and king shuffling: the second rank's pawns
    and the bishops behind them never moved (they are frozen, Stranded.v),
    a rook, queen or king on the first rank can only have come from the
    other square of its segment {a1, b1}, {d1, e1}, {g1, h1} (every other
    way in crosses the frozen men), and no man of [c] was ever captured
    ([c] has all its 16 men).  Give each man of [c] a *potential bit*
    ([man_bit]): for a knight the colour of its square, for a rook, queen
    or king the parity of its file, for the others 0.  Each move of [c]
    flips exactly one bit (a knight changes square colour; a move inside a
    segment goes to the neighbouring file), a move of the other side none,
    so [potential c] (the xor of the bits) flips with every move of [c].
    When both sides are closed, the xor of both potentials flips with
    every ply: it is the initial one's ([start_potential]) xor "Black to
    move".  A position where this fails is reached by no game, the
    initial board with Black to move being the classic case. *)

From Coq Require Import Uint63 List Bool.
From RetroProof Require Import Gen.Vocab Board Rules Material Invariants Game.
Import ListNotations.
Open Scope uint63_scope.

(** ** Closed sides *)

(** The square of file [x] (0 = a) on [c]'s first rank. *)
Definition home_square (c : color) (x : int) : int := back_rank_base c + x.

Definition second_rank (c : color) : list int :=
  match c with
  | White => [8; 9; 10; 11; 12; 13; 14; 15]
  | Black => [48; 49; 50; 51; 52; 53; 54; 55]
  end.

Definition bishop_squares (c : color) : list int := [home_square c 2; home_square c 5].

(** The squares of the men that never moved in a closed side. *)
Definition closed_squares (c : color) : list int := second_rank c ++ bishop_squares c.

(** Where a man of colour [c] and role [r] may stand in a closed side. *)
Definition allowed (c : color) (r : role) (s : int) : bool :=
  match r with
  | Pawn => inb s (second_rank c)
  | Bishop => inb s (bishop_squares c)
  | Knight => true
  | Rook => inb s [home_square c 0; home_square c 1; home_square c 6; home_square c 7]
  | Queen | King => inb s [home_square c 3; home_square c 4]
  end.

Definition closed (c : color) (b : board_fn) : bool :=
  forallb (fun s => opiece_eqb (b s) (Some (MkPiece c Pawn))) (second_rank c) &&
  forallb (fun s => opiece_eqb (b s) (Some (MkPiece c Bishop))) (bishop_squares c) &&
  forallb (fun s => match b s with
                    | Some (MkPiece c' r) => negb (color_eqb c' c) || allowed c r s
                    | None => true
                    end) all_squares &&
  Nat.eqb (cnt b c TMan) 16.

(** ** Potentials *)

Definition odd_file (s : int) : bool := negb (file_of s land 1 =? 0).

(** The potential bit of what stands on [s], for the side [c]. *)
Definition man_bit (c : color) (s : int) (o : option piece) : bool :=
  match o with
  | Some (MkPiece c' r) =>
      color_eqb c' c &&
      match r with
      | Knight => is_light s
      | Rook | Queen | King => odd_file s
      | _ => false
      end
  | None => false
  end.

Fixpoint xsum (c : color) (b : board_fn) (l : list int) : bool :=
  match l with [] => false | s :: l => xorb (man_bit c s (b s)) (xsum c b l) end.

Definition potential (c : color) (b : board_fn) : bool := xsum c b all_squares.

(** Both sides' potentials in the initial position (it is [false]). *)
Definition start_potential : bool :=
  xorb (potential White (piece_at initial)) (potential Black (piece_at initial)).

Definition black_to_move (P : position) : bool :=
  match turn P with White => false | Black => true end.

(** ** The rule *)

Definition parity_refutes (P : position) : bool :=
  let b := piece_at P in
  closed White b && closed Black b &&
  negb (Bool.eqb (xorb (potential White b) (potential Black b))
                 (xorb start_potential (black_to_move P))).
