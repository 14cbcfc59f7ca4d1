(** * The parity rule (Parity.v) on examples.

    [parity_refutes P = true] proves [~ reachable P]
    ([Parityproof.parity_refutes_sound]).  Every verdict below is also the
    native engine's ([rules::parity::refutes], the [parity] test of
    rust-core/tests/integration/rules.rs), and each is justified by counting moves:
    while a side is closed its pawns and bishops never moved, so each of
    its moves is a knight's (which changes its square's colour) or a
    rook's, queen's or king's inside its first-rank segment (which changes
    its file's parity). *)

From Coq Require Import Uint63 String List.
From RetroProof Require Import Board Reachable Parity Parityproof.
Import ListNotations.
Open Scope string_scope.

(** ** Refuted *)

(** The initial board with Black to move: every man of both sides is on
    its initial square, so each side made an even number of moves, the
    game has an even length, and White is to move. *)
Example start_black :
  parity_refutes (fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -") = true.
Proof. vm_compute. reflexivity. Qed.

Example start_black_unreachable :
  ~ reachable (fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -").
Proof. apply parity_refutes_sound. vm_compute. reflexivity. Qed.

(** The g1 knight on f3 (g1 dark, f3 light) and every black man home:
    White made an odd number of moves, Black an even one, so Black is to
    move; White to move is refuted. *)
Example knight_out_white :
  parity_refutes (fen "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq -") = true.
Proof. vm_compute. reflexivity. Qed.

Example knight_out_white_unreachable :
  ~ reachable (fen "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq -").
Proof. apply parity_refutes_sound. vm_compute. reflexivity. Qed.

(** 1. Nf3 Nf6 with Black to move: one knight move each (f6 is dark, g8
    light), an even length, so White is to move. *)
Example two_knights_black :
  parity_refutes (fen "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq -") = true.
Proof. vm_compute. reflexivity. Qed.

(** 1. Nf3 Nc6 2. Rg1 Nb8 with Black to move: the knight changed colour
    once, the rook moved within {g1, h1} once: an even number of white
    moves; Black's men are home: an even number of black moves. *)
Example rook_g1_black :
  parity_refutes (fen "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBR1 b Qkq -") = true.
Proof. vm_compute. reflexivity. Qed.

(** ** Not refuted *)

(** The initial position itself. *)
Example start_white :
  parity_refutes (fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -") = false.
Proof. vm_compute. reflexivity. Qed.

(** After 1. Nf3: one white move, Black to move (legal). *)
Example knight_out_black :
  parity_refutes (fen "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq -") = false.
Proof. vm_compute. reflexivity. Qed.

(** After 1. Nf3 Nf6: White to move (legal). *)
Example two_knights_white :
  parity_refutes (fen "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq -") = false.
Proof. vm_compute. reflexivity. Qed.

(** After 1. Nf3 Nc6 2. Rg1 Nb8: White to move (legal). *)
Example rook_g1_white :
  parity_refutes (fen "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBR1 w Qkq -") = false.
Proof. vm_compute. reflexivity. Qed.

(** After 1. e4: a pawn moved, White is not closed, the rule says nothing
    (whatever the side to move). *)
Example pawn_moved :
  parity_refutes (fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -") = false.
Proof. vm_compute. reflexivity. Qed.
