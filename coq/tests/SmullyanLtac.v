(** * Smullyan's problem by an Ltac script (Tactics.v).

    Each [retract] takes back one ply, with one subgoal per retraction of
    the current position that passes the invariants (Invariants.v), every
    step justified by [game_retract] (completeness, Completeness.v).
    [retract; retract; retract] leaves exactly one subgoal: the only
    history of three plies, 1. c2-c4 b4xc3 e.p.+ 2. Kb3xc3 (the [; [ _ ]]
    fails unless exactly one goal is left). *)

From Coq Require Import String List.
From RetroProof Require Import Board Reachable Search Retro Tactics.
Import ListNotations.
Open Scope string_scope.
Open Scope list_scope.

Definition smullyan := fen "8/8/8/1r1b4/B7/2K5/8/3k4 b - -".

Theorem smullyan_ltac : forall h G, game h G -> realizes G smullyan ->
  exists pre, plies h = pre ++ ["c2c4"; "b4c3ep"; "b3c3xp"].
Proof.
  intros h G Hg Hr. unfold smullyan in Hr.
  retract; retract; retract; [ finish_plies ].
Qed.

(** The first retraction alone leaves the six candidates b3c3, b3c3x{b,n,p,q,r}
    (the predecessors pass the invariants); all but b3c3xp die at the next
    [retract]. *)
Goal forall h G, game h G -> realizes G smullyan -> True.
Proof.
  intros h G Hg Hr. unfold smullyan in Hr.
  retract; [ exact I | exact I | exact I | exact I | exact I | exact I ].
Qed.

(** The same, stepped through branch by branch, as [retroproof export
    --ltac] writes it: the subgoals of [retract] come sorted by ply name,
    each branch checks its ply with [ply_is], and the five dead branches
    are refuted (their predecessors have no retraction). *)
Theorem smullyan_script : forall h G, game h G -> realizes G smullyan ->
  exists pre, plies h = pre ++ ["c2c4"; "b4c3ep"; "b3c3xp"].
Proof.
  intros h G Hg Hr.
  retract.
  - ply_is "b3c3". refute.
  - ply_is "b3c3xb". refute.
  - ply_is "b3c3xn". refute.
  - ply_is "b3c3xp". retract.
    + ply_is "b4c3ep". retract.
      * ply_is "c2c4". finish_plies.
  - ply_is "b3c3xq". refute.
  - ply_is "b3c3xr". refute.
Qed.

(** [ply_is] fails on a branch taken for another. *)
Goal forall h G, game h G -> realizes G smullyan -> False.
Proof.
  intros h G Hg Hr. retract.
  Fail ply_is "b3c3xp".
  ply_is "b3c3".
Abort.
