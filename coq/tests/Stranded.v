(** * The stranded-man rule (Stranded.v) on examples.

    [stranded P = true] proves [~ reachable P] ([stranded_sound]).  Every
    verdict below is also the native engine's ([stranded_man] in
    rust-core/src/search.rs gives the first stranded square in the comment,
    or none). *)

From Coq Require Import Uint63 String List.
From RetroProof Require Import Board Reachable Stranded.
Import ListNotations.
Open Scope string_scope.

(** ** Stranded positions *)

(** A bishop on h1 behind an unmoved pawn g2: the bishop can only have
    entered h1 through g2 (native: h1; rust-core's own test). *)
Example bishop_behind_g2 : stranded (fen "4k3/8/8/8/8/8/6P1/4K2B b - -") = true.
Proof. vm_compute. reflexivity. Qed.

Example bishop_behind_g2_unreachable : ~ reachable (fen "4k3/8/8/8/8/8/6P1/4K2B b - -").
Proof. apply stranded_sound. vm_compute. reflexivity. Qed.

(** Queen and bishop swapped in the initial position: the bishop on d1 can
    only have come through c2 or e2, both held by unmoved pawns (native: d1). *)
Example queen_bishop_swapped :
  stranded (fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNQBKBNR w - -") = true.
Proof. vm_compute. reflexivity. Qed.

(** The same for Black: bishop d8 behind c7 and e7 (native: d8). *)
Example queen_bishop_swapped_black :
  stranded (fen "rnqbkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - -") = true.
Proof. vm_compute. reflexivity. Qed.

(** A white pawn on b3 with pawns a2, b2, c2: it came from b2 or by a
    capture from a2 or c2, all held by unmoved pawns (native: b3). *)
Example pawn_b3_behind_pawns :
  stranded (fen "4k3/8/8/8/8/1P1P4/PPPPP3/2n1K3 w - -") = true.
Proof. vm_compute. reflexivity. Qed.

(** A knight in the corner a1: its exits b3 (a frozen pawn, as above) and
    c2 (an unmoved pawn) (native: a1). *)
Example knight_in_corner : stranded (fen "4k3/8/8/8/8/1P6/PPP5/N3K3 w - -") = true.
Proof. vm_compute. reflexivity. Qed.

(** Black pawns: b6 in front of a7, b7, c7 (native: b6). *)
Example black_pawn_b6 : stranded (fen "4k3/ppp5/1p6/8/8/8/8/4K3 w - -") = true.
Proof. vm_compute. reflexivity. Qed.

(** ** Not stranded *)

Example initial_not_stranded : stranded initial = false.
Proof. vm_compute. reflexivity. Qed.

Example kiwipete_not_stranded :
  stranded (fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -") = false.
Proof. vm_compute. reflexivity. Qed.

Example e4_e5_not_stranded :
  stranded (fen "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -") = false.
Proof. vm_compute. reflexivity. Qed.

(** The frozen squares of the initial position: the pawns, and the bishops
    (shut in by the pawns); knights, queens, kings and rooks are not. *)
Example initial_frozen :
  frozen (piece_at initial) = [2; 5; 8; 9; 10; 11; 12; 13; 14; 15; 48; 49; 50; 51; 52; 53; 54; 55; 58; 61]%uint63.
Proof. vm_compute. reflexivity. Qed.

(** A knight on b1 next to unmoved pawns may have come from a3 or c3
    (native: none; rust-core's own test). *)
Example knight_b1 : stranded (fen "4k3/8/8/8/8/8/PPPPPPPP/1N2K3 b - -") = false.
Proof. vm_compute. reflexivity. Qed.

(** A black bishop on c1 between white pawns b2 and d2 is NOT stranded: c1
    is Black's last rank, and the bishop may be a pawn promoted there (it
    cannot be, c1 being reached only from b2 or d2, but the rule does not
    look further: a man on its last rank is never frozen).  Likewise a
    black knight on c1: besides, its exits a2, b3, d3, e2 are empty. *)
Example black_bishop_c1 : stranded (fen "4k3/8/8/8/8/8/1P1P4/2b1K3 w - -") = false.
Proof. vm_compute. reflexivity. Qed.

Example black_knight_c1 : stranded (fen "4k3/8/8/8/8/8/1P1P4/2n1K3 w - -") = false.
Proof. vm_compute. reflexivity. Qed.

(** King and queen swapped: illegal (neither can have moved), but kings are
    never frozen (they may have castled), and the queen's exit d1 holds the
    king, so nothing is stranded (native: none). *)
Example king_queen_swapped :
  stranded (fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - -") = false.
Proof. vm_compute. reflexivity. Qed.

(** ** A problem that is stranded only in its past

    This illegal problem has no pawn on its starting rank, so nothing
    seeds the frozen set: [frozen] is empty and the position is not
    stranded by itself.  The native engine proves it illegal only after
    retracting: e.g. taking back g2xh3 puts a white pawn back on g2, and the
    bishop h1 behind it is stranded (second example); every other history
    dies within two plies (native: "NoUnstrandedHistory, longest 2"). *)
Example problem_frozen_empty :
  frozen (piece_at (fen "k1K5/4Q3/8/2B1P3/3P4/7P/8/7B b - -")) = [].
Proof. vm_compute. reflexivity. Qed.

Example problem_not_stranded : stranded (fen "k1K5/4Q3/8/2B1P3/3P4/7P/8/7B b - -") = false.
Proof. vm_compute. reflexivity. Qed.

Example problem_after_gxh3 : stranded (fen "k1K5/4Q3/8/2B1P3/3P4/7p/6P1/7B w - -") = true.
Proof. vm_compute. reflexivity. Qed.

Print Assumptions stranded_sound.
