(** * Cross-checks between the fast generator (Movegen.v), the rules'
    decision procedure (RulesCheck.v) and the retraction generator.

    1. Every move of [legal_moves] is legal by [legal_move_b], and no other
       move (among all from/to/kind/promotion combinations) is.
    2. Every retraction [(r, Q)] of [P] is a move of [legal_moves Q] whose
       [play] gives [P]'s board.
    3. Completeness on samples (the property of the next issue): for every
       legal move [m] of [Q], the retractions of [play Q m] include [m] with
       [Q]'s board. *)

From Coq Require Import Uint63 PArray String List.
From RetroProof Require Import Gen.Vocab Board Movegen Rules RulesCheck Retract Notation.
Import ListNotations.
Open Scope string_scope.

Definition all_moves : list move :=
  flat_map (fun f => flat_map (fun t =>
    [Move Normal f t None; Move EnPassant f t None; Move Castle f t None;
     Move Promotion f t (Some Knight); Move Promotion f t (Some Bishop);
     Move Promotion f t (Some Rook); Move Promotion f t (Some Queen)]) all_squares) all_squares.

Definition spec_moves (p : position) : list move :=
  filter (fun m => pseudo_legal_b p m &&& legal_move_b p m (play p m)) all_moves.

Definition same_board (a b : position) : bool :=
  forallb (fun s => opiece_eqb (piece_at a s) (piece_at b s)) all_squares.

Definition movegen_agrees (p : position) : bool :=
  forallb (fun m => legal_move_b p m (play p m)) (legal_moves p) &&
  Nat.eqb (length (spec_moves p)) (length (legal_moves p)).

Definition retractions_replay (P : position) : bool :=
  forallb (fun '(r, Q) =>
    existsb (move_eqb (rt_move r)) (legal_moves Q) &&& same_board (play Q (rt_move r)) P)
    (retractions P).

Definition complete_on (Q : position) : bool :=
  forallb (fun m =>
    let P := play Q m in
    existsb (fun '(r, Q') => move_eqb (rt_move r) m &&& same_board Q' Q) (retractions P))
    (legal_moves Q).

Definition children (p : position) : list position := map (play p) (legal_moves p).

Definition start := Eval vm_compute in fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".
Definition kiwipete := Eval vm_compute in
  fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".
Definition position3 := Eval vm_compute in fen "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1".
Definition position4 := Eval vm_compute in
  fen "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1".
Definition position5 := Eval vm_compute in
  fen "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8".
Definition position6 := Eval vm_compute in
  fen "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10".
(** en passant and check evasions *)
Definition ep_pin := Eval vm_compute in fen "8/8/8/KPp4r/8/8/8/4k3 w - c6".
Definition ep_check := Eval vm_compute in fen "8/8/3k4/2pP4/8/8/8/4K3 w - c6".

Definition sample : list position :=
  [start; kiwipete; position3; position4; position5; position6; ep_pin; ep_check].

Example movegen_vs_rules : forallb movegen_agrees sample = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Example movegen_vs_rules_children :
  forallb movegen_agrees (children kiwipete ++ children position4 ++ children position3) = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Example retractions_replay_sample :
  forallb retractions_replay (sample ++ children kiwipete ++ children position3) = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Example retractions_complete_sample :
  forallb complete_on sample = true.
Proof. vm_cast_no_check (eq_refl true). Qed.
