(** * Smullyan's "invisible king" (Manchester Guardian 1957), by reflection.

    [8/8/8/1r1b4/B7/2K5/8/3k4 b - -]: White's king is on c3, and the last
    three plies were 1. c2-c4 b4xc3 e.p.+ 2. Kb3xc3.  One call of the
    verified checker [check_last] (Search.v, Retro.v), computed by
    [vm_compute] when [Qed] checks the proof: every game reaching the
    position has at least three plies and ends with these three. *)

From Coq Require Import String List.
From RetroProof Require Import Board Reachable Search Retro.
Import ListNotations.
Open Scope string_scope.
Open Scope list_scope.

Definition smullyan := fen "8/8/8/1r1b4/B7/2K5/8/3k4 b - -".

Theorem smullyan_last_three : forall h G, game h G -> realizes G smullyan ->
  exists pre, plies h = pre ++ ["c2c4"; "b4c3ep"; "b3c3xp"].
Proof. apply (check_last_sound smullyan _ 0). vm_cast_no_check (eq_refl true). Qed.

(** Hence every game reaching it has at least three plies. *)
Corollary smullyan_long : forall h G, game h G -> realizes G smullyan -> 3 <= length h.
Proof.
  intros h G Hg Hr.
  exact (check_last_length smullyan ["c2c4"; "b4c3ep"; "b3c3xp"] 0 ltac:(vm_cast_no_check (eq_refl true)) h G Hg Hr).
Qed.
