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
