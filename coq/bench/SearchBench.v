(** * Retro search timing (not part of [make all] or [make test]).

    The speed targets of issue #6, each a whole proof with its [Qed]
    (the kernel re-checks the [vm_cast_no_check] once):
    - [check_illegal] on a position that dies at depth 2 (the walled-in
      black king of tests/Illegal.v): target <= 0.5 s;
    - Smullyan's three-ply problem by [check_last], and by the Ltac
      script (Tactics.v): target <= 2 s for the compiled file.
    Run: [make -C coq bench]; read the [Time] lines (user time). *)

From Coq Require Import String List.
From RetroProof Require Import Board Reachable Retro Tactics.
Import ListNotations.
Open Scope string_scope.
Open Scope list_scope.

Definition walled := fen "rnbqkbnr/pppppppp/N1NN1R1R/8/8/8/8/4K3 b - -".
Definition smullyan := fen "8/8/8/1r1b4/B7/2K5/8/3k4 b - -".

Time Eval vm_compute in check_illegal walled 2.

Lemma walled_illegal : reachable walled -> False.
Proof. Time apply (check_illegal_sound walled 2); vm_cast_no_check (eq_refl true). Time Qed.

Time Eval vm_compute in check_last smullyan ["c2c4"; "b4c3ep"; "b3c3xp"] 0.

Lemma smullyan_reflective : forall h G, game h G -> realizes G smullyan ->
  exists pre, plies h = pre ++ ["c2c4"; "b4c3ep"; "b3c3xp"].
Proof.
  Time (apply (check_last_sound smullyan _ 0); vm_cast_no_check (eq_refl true)).
Time Qed.

Lemma smullyan_ltac : forall h G, game h G -> realizes G smullyan ->
  exists pre, plies h = pre ++ ["c2c4"; "b4c3ep"; "b3c3xp"].
Proof.
  intros h G Hg Hr.
  Time (retract; retract; retract; [ finish_plies ]).
Time Qed.
