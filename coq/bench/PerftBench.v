(** * Perft timing (not part of [make all] or [make test]; run [make -C coq bench]).

    Start position depth 5: 4,865,609 leaves.  The target is at most 5 s
    under [vm_compute] (1,000,000 nodes/s).  Also: kiwipete depth 4 and the
    retraction generator on a middlegame position (the target there is at
    most 1 ms a call; we time 1000 calls). *)

From Coq Require Import Uint63 String List.
From RetroProof Require Import Board Movegen Perft.
Open Scope string_scope.

Definition start := Eval vm_compute in
  fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".
Definition kiwipete := Eval vm_compute in
  fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".

(* warm up: loads the tables into the VM *)
Eval vm_compute in perft start 2.

Time Eval vm_compute in perft start 5.      (* 4865609 *)
Time Eval vm_compute in perft kiwipete 4.   (* 4085603 *)
