(** * Perft: counting the leaves of the legal-move tree.

    [perft p d] is the number of legal move sequences of length [d] from
    [p] (an [int]; the counts of interest are far below 2^62).  Leaves at
    depth 1 are counted without playing the moves. *)

From Coq Require Import Uint63 PArray List.
From RetroProof Require Import Gen.Vocab Board Movegen.
Import ListNotations.
Open Scope uint63_scope.

Fixpoint len_int (l : list int) (acc : int) : int :=
  match l with [] => acc | _ :: r => len_int r (acc + 1) end.

Fixpoint perft_st (d : nat) (s : state) {struct d} : int :=
  match d with
  | O => 1
  | S O => len_int (gen_legal s) 0
  | S d' =>
    (fix go (l : list int) (acc : int) : int :=
       match l with
       | [] => acc
       | m :: r => go r (acc + perft_st d' (make_move s m))
       end) (gen_legal s) 0
  end.

Definition perft (p : position) (d : nat) : int := perft_st d (state_of p).
