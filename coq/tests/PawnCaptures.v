(** * Pawn-capture counting (PawnCaptures.v) on examples.

    [pawn_refutes P = true] proves [~ reachable P]
    ([PawnCapturesproof.pawn_refutes_sound]).  The same positions, with the
    same verdicts, are checked against the native rule [pawns::refutes] in
    rust-core/tests/integration/rules.rs ([pawn_captures_coq_examples]).

    The chess reasoning: a pawn changes file only by capturing, one file
    per capture, and the eight pawns of a side start on eight different
    files; every capture removes one of the opponent's men, so a side's
    pawns can have made at most [16 - (opponent's men on the board)]
    captures. *)

From Coq Require Import Uint63 String List.
From RetroProof Require Import Board Game PawnCaptures PawnCapturesproof.
Import ListNotations.
Open Scope string_scope.

(** ** Refuted positions *)

(** White pawns a2, a3, a4, d2, e2, f2, g2, h2 and all 16 Black men.  The
    eight White pawns came from the eight files a..h; three of them stand
    on the a-file, so at best they came from a, b and c: 0 + 1 + 2 = 3
    captures.  Black has lost no man: no White capture was ever made. *)
Example three_on_a_file :
  pawn_refutes (fen "rnbqkbnr/pppppppp/8/8/P7/P7/P2PPPPP/RNBQKBNR w KQkq -") = true.
Proof. vm_compute. reflexivity. Qed.

Example three_on_a_file_unreachable :
  ~ reachable (fen "rnbqkbnr/pppppppp/8/8/P7/P7/P2PPPPP/RNBQKBNR w KQkq -").
Proof. apply pawn_refutes_sound. vm_compute. reflexivity. Qed.

(** The same White pawns, Black has lost both knights (14 men): two
    captures possible, three needed. *)
Example three_on_a_file_two_lost :
  pawn_refutes (fen "r1bqkb1r/pppppppp/8/8/P7/P7/P2PPPPP/RNBQKBNR w KQkq -") = true.
Proof. vm_compute. reflexivity. Qed.

(** The mirror for Black: Black pawns a7..e7, h7, h6, h5 (files a..e and
    three on h: from f, g, h at best, 2 + 1 + 0 = 3 captures), all 16
    White men on the board. *)
Example three_on_h_file_black :
  pawn_refutes (fen "rnbqkbnr/ppppp2p/7p/7p/8/8/PPPPPPPP/RNBQKBNR b KQkq -") = true.
Proof. vm_compute. reflexivity. Qed.

(** ** Not refuted *)

(** The initial position: every pawn on its own file, no capture needed. *)
Example initial_not_refuted :
  pawn_refutes (fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -") = false.
Proof. vm_compute. reflexivity. Qed.

(** Three on the a-file again, but Black has lost both knights and the
    c8 bishop (13 men): three captures were possible, three are needed.
    Black's b-pawn has stepped to b6 (no capture needed), so the bishop
    could leave c8 by b7 and be taken anywhere. *)
Example three_on_a_file_three_lost :
  pawn_refutes (fen "r2qkb1r/p1pppppp/1p6/8/P7/P7/P2PPPPP/RNBQKBNR w KQkq -") = false.
Proof. vm_compute. reflexivity. Qed.

(** The same with Black's pawns all at home: the c8 bishop never left c8
    (b7 and d7 never moved) and no White pawn can capture there (it would
    come from b7 or d7), so a piece took it; the pawns' three captures
    took at most the two knights.  Refuted by the dead men of
    PawnCaptures.v. *)
Example three_on_a_file_bishop_dead :
  pawn_refutes (fen "r2qkb1r/pppppppp/8/8/P7/P7/P2PPPPP/RNBQKBNR w KQkq -") = true.
Proof. vm_compute. reflexivity. Qed.

(** A real game: the Ruy Lopez, Exchange Variation, after
    1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6.  Black's doubled c-pawn came
    from d7 by one capture (of the bishop); White has lost exactly that
    man.  White's pawns are on their own files. *)
Example ruy_lopez_exchange :
  pawn_refutes (fen "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5") = false.
Proof. vm_compute. reflexivity. Qed.
