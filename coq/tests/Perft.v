(** * Perft tests: the Coq move generator against the published numbers.

    Each [Example] is checked by the kernel with [vm_compute] (the proof is
    [eq_refl] under a VM cast, computed once at [Qed]).  Depths are chosen
    so that [make -C coq test] stays fast; deeper runs are in bench/. *)

From Coq Require Import Uint63 String List.
From RetroProof Require Import Board Movegen Perft.
Open Scope string_scope.

Definition start := Eval vm_compute in
  fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".
Definition kiwipete := Eval vm_compute in
  fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".
Definition position3 := Eval vm_compute in
  fen "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1".
Definition position4 := Eval vm_compute in
  fen "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1".
(** Position 4 mirrored (colours swapped): same numbers. *)
Definition position4m := Eval vm_compute in
  fen "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1".
Definition position5 := Eval vm_compute in
  fen "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8".
(** Position 6 of the chessprogramming wiki (note the black bishop on g4). *)
Definition position6 := Eval vm_compute in
  fen "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10".

(** The FENs parsed (a failed parse would give the empty position). *)
Example fens_parse :
  map (fun s => match of_fen s with Some _ => true | None => false end)
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" ::
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" ::
     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" ::
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1" ::
     "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8" ::
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10" :: nil)%list
  = (true :: true :: true :: true :: true :: true :: nil)%list.
Proof. vm_compute. reflexivity. Qed.

Example perft_start_1 : perft start 1 = 20%uint63.
Proof. vm_cast_no_check (eq_refl 20%uint63). Qed.
Example perft_start_2 : perft start 2 = 400%uint63.
Proof. vm_cast_no_check (eq_refl 400%uint63). Qed.
Example perft_start_3 : perft start 3 = 8902%uint63.
Proof. vm_cast_no_check (eq_refl 8902%uint63). Qed.
Example perft_start_4 : perft start 4 = 197281%uint63.
Proof. vm_cast_no_check (eq_refl 197281%uint63). Qed.

Example perft_kiwipete_1 : perft kiwipete 1 = 48%uint63.
Proof. vm_cast_no_check (eq_refl 48%uint63). Qed.
Example perft_kiwipete_2 : perft kiwipete 2 = 2039%uint63.
Proof. vm_cast_no_check (eq_refl 2039%uint63). Qed.
Example perft_kiwipete_3 : perft kiwipete 3 = 97862%uint63.
Proof. vm_cast_no_check (eq_refl 97862%uint63). Qed.
Example perft_kiwipete_4 : perft kiwipete 4 = 4085603%uint63.
Proof. vm_cast_no_check (eq_refl 4085603%uint63). Qed.

Example perft_position3_1 : perft position3 1 = 14%uint63.
Proof. vm_cast_no_check (eq_refl 14%uint63). Qed.
Example perft_position3_2 : perft position3 2 = 191%uint63.
Proof. vm_cast_no_check (eq_refl 191%uint63). Qed.
Example perft_position3_3 : perft position3 3 = 2812%uint63.
Proof. vm_cast_no_check (eq_refl 2812%uint63). Qed.
Example perft_position3_4 : perft position3 4 = 43238%uint63.
Proof. vm_cast_no_check (eq_refl 43238%uint63). Qed.
Example perft_position3_5 : perft position3 5 = 674624%uint63.
Proof. vm_cast_no_check (eq_refl 674624%uint63). Qed.

Example perft_position4_1 : perft position4 1 = 6%uint63.
Proof. vm_cast_no_check (eq_refl 6%uint63). Qed.
Example perft_position4_2 : perft position4 2 = 264%uint63.
Proof. vm_cast_no_check (eq_refl 264%uint63). Qed.
Example perft_position4_3 : perft position4 3 = 9467%uint63.
Proof. vm_cast_no_check (eq_refl 9467%uint63). Qed.
Example perft_position4_4 : perft position4 4 = 422333%uint63.
Proof. vm_cast_no_check (eq_refl 422333%uint63). Qed.
Example perft_position4m_4 : perft position4m 4 = 422333%uint63.
Proof. vm_cast_no_check (eq_refl 422333%uint63). Qed.

Example perft_position5_1 : perft position5 1 = 44%uint63.
Proof. vm_cast_no_check (eq_refl 44%uint63). Qed.
Example perft_position5_2 : perft position5 2 = 1486%uint63.
Proof. vm_cast_no_check (eq_refl 1486%uint63). Qed.
Example perft_position5_3 : perft position5 3 = 62379%uint63.
Proof. vm_cast_no_check (eq_refl 62379%uint63). Qed.
Example perft_position5_4 : perft position5 4 = 2103487%uint63.
Proof. vm_cast_no_check (eq_refl 2103487%uint63). Qed.

Example perft_position6_1 : perft position6 1 = 46%uint63.
Proof. vm_cast_no_check (eq_refl 46%uint63). Qed.
Example perft_position6_2 : perft position6 2 = 2079%uint63.
Proof. vm_cast_no_check (eq_refl 2079%uint63). Qed.
Example perft_position6_3 : perft position6 3 = 89890%uint63.
Proof. vm_cast_no_check (eq_refl 89890%uint63). Qed.
Example perft_position6_4 : perft position6 4 = 3894594%uint63.
Proof. vm_cast_no_check (eq_refl 3894594%uint63). Qed.
