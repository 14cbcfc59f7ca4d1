(** * Retraction timing (not part of [make all] or [make test]).

    [retractions] of middlegame positions, 100 calls each; the per-call
    time is the printed time divided by 100.  The loop counts the calls
    that found at least one retraction in a primitive [int], so that
    neither the loop (unary [nat] sums grow quadratically) nor reading
    back a large result is measured; a first call warms the VM up.
    (The previous loop summed unary [nat]s: its own cost grew with the
    square of the number of calls and dominated the figures.)

    Measured (issue #5, user time, shared 2-core machine, per call):
    Kiwipete (b, 34 retractions) 0.93-0.99 ms, QGD (181) 4.3-5.1 ms;
    the previous filter, same loop: 2.9-3.6 ms and 14.8-16.6 ms. *)

From Coq Require Import Uint63 String List PArith.
From RetroProof Require Import Board Retract.
Open Scope string_scope.

Definition kiwipete_b := Eval vm_compute in
  fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b - -".
Definition qgd := Eval vm_compute in
  fen "r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 b - -".

Definition tick (f : unit -> nat) (acc : int) : int :=
  match f tt with O => acc | S _ => PrimInt63.add acc 1 end.

Fixpoint rep (n : positive) (f : unit -> nat) (acc : int) : int :=
  match n with
  | xH => tick f acc
  | xO n' => rep n' f (rep n' f acc)
  | xI n' => rep n' f (rep n' f (tick f acc))
  end.

Eval vm_compute in (length (retractions kiwipete_b), length (retractions qgd)).

(* the empty loop, for reference *)
Time Eval vm_compute in rep 100 (fun _ => 1%nat) 0%uint63.
Time Eval vm_compute in rep 100 (fun _ => length (retractions kiwipete_b)) 0%uint63.
Time Eval vm_compute in rep 100 (fun _ => length (retractions qgd)) 0%uint63.
Time Eval vm_compute in rep 1000 (fun _ => length (retractions kiwipete_b)) 0%uint63.
Time Eval vm_compute in rep 1000 (fun _ => length (retractions qgd)) 0%uint63.
