(** [parse_fen] (Notation.v): strict, so a malformed FEN is no position at all. *)
From Coq Require Import String.
From RetroProof Require Import Board Notation.
Open Scope string_scope.
Definition P := fen "8/8/8/1r1b4/B7/2K5/8/3k4 b - - 0 1".
Example ok : parse_fen "8/8/8/1r1b4/B7/2K5/8/3k4 b - - 0 1" = Some P. Proof. vm_compute. reflexivity. Qed.
Example ok4 : parse_fen "8/8/8/1r1b4/B7/2K5/8/3k4 b - -" = Some P. Proof. vm_compute. reflexivity. Qed.
Example bad1 : parse_fen "8/8/8/1r1b4/B7/2K5/8/3k4  b - - 0 1" = None. Proof. vm_compute. reflexivity. Qed.
Example bad2 : parse_fen "8/8/8/1r1b4/B7/2K5/8/3k4 b - - 0" = None. Proof. vm_compute. reflexivity. Qed.
Example bad3 : parse_fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1" = None. Proof. vm_compute. reflexivity. Qed.
Example ok5 : parse_fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" <> None. Proof. vm_compute. discriminate. Qed.
Example ok6 : parse_fen "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2" <> None. Proof. vm_compute. discriminate. Qed.
