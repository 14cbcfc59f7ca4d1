(** * Timing of the stranded-man rule (not part of [make all] or [make test]).

    1000 and 10000 calls of [stranded] (Stranded.v) in a loop counting the
    stranded answers in a primitive [int] (as RetractBench.v does); the
    per-call time is the printed time divided by the number of calls.

    Measured (shared 2-core machine, user time per call): Kiwipete
    26-30 us, the initial position 33-40 us, a stranded position (queen
    and bishop swapped) 29-39 us.  A single [Time Eval vm_compute] of
    [stranded (fen ...)] shows 2-4 ms, most of it the VM's fixed cost of
    the command and the FEN parsing. *)

From Coq Require Import Uint63 String List PArith.
From RetroProof Require Import Board Reachable Stranded.
Open Scope string_scope.

Definition kiwipete := Eval vm_compute in
  fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -".
Definition swapped := Eval vm_compute in
  fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNQBKBNR w - -".

Definition tick (f : unit -> bool) (acc : int) : int :=
  if f tt then PrimInt63.add acc 1 else acc.

Fixpoint rep (n : positive) (f : unit -> bool) (acc : int) : int :=
  match n with
  | xH => tick f acc
  | xO n' => rep n' f (rep n' f acc)
  | xI n' => rep n' f (rep n' f (tick f acc))
  end.

Eval vm_compute in (stranded kiwipete, stranded initial, stranded swapped).

(* the empty loop, for reference *)
Time Eval vm_compute in rep 10000 (fun _ => true) 0%uint63.
Time Eval vm_compute in rep 1000 (fun _ => stranded kiwipete) 0%uint63.
Time Eval vm_compute in rep 10000 (fun _ => stranded kiwipete) 0%uint63.
Time Eval vm_compute in rep 10000 (fun _ => stranded initial) 0%uint63.
Time Eval vm_compute in rep 10000 (fun _ => stranded swapped) 0%uint63.
Time Eval vm_compute in stranded (fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -").
