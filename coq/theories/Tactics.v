(** * Tactics: retrograde analysis in the style of Maliković (2008),
    every step justified by the theorems of Retro.v.

    The proof state of a retro argument is a game reaching a problem:
      [Hg : game h G], [Hr : realizes G (fen "...")].

    - [retract]: takes back the last ply.  By [game_retract] (completeness
      of the generator, Completeness.v) the game is either empty -- closed
      by computation unless the problem could be the initial position --
      or ends with a retraction of the problem: one subgoal per retraction
      that passes the invariants (Invariants.v), computed once by
      [vm_compute].  In each, [h] is [h' ++ [(G0, m)]], the context has
      [Hg : game h' G0], [Hr : realizes G0 (fen "<predecessor>")], and the
      retracted ply named: [H_last : ply_string G0 m = "b3c3xp"] (later
      retractions add [H_last0], [H_last1], ..., going back in time).
      Retractions whose predecessor fails an invariant leave no subgoal,
      and neither does a predecessor without retractions at the next
      [retract].
    - [refute] (and [refute_in n]): closes the goal when the current
      problem is dead ([dead 1], resp. [dead n], Search.v): it violates an
      invariant or has no retraction (within [n] plies).
    - [finish_plies]: closes [exists pre, plies h = pre ++ ms] once the
      retracted plies are named.

    Each computation is a [vm_compute] checked by the kernel with a VM
    cast, so [Qed] pays it once. *)

From Coq Require Import Uint63 List String.
From RetroProof Require Import Board Rules Retract Notation Reachable Invariants Search Retro.
Import ListNotations.

Lemma true_false_elim : forall (A : Type) b, b = true -> b = false -> A.
Proof. intros A b -> H. discriminate H. Qed.

(** Split [In (r, Q) [x1; ...; xn]] into one subgoal per element, with
    [r] and [Q] replaced by the element's. *)
Ltac split_in Hin :=
  repeat match type of Hin with
  | In _ [] => destruct Hin
  | In _ (_ :: _) => destruct Hin as [Hin|Hin]; [injection Hin as <- <-|]
  end.

(** One retraction, after the list of retractions was split: drop the
    branch if the predecessor fails an invariant, name the ply. *)
Ltac retract_branch Hinv Hname Hr' :=
  first [ exact (true_false_elim _ _ Hinv ltac:(vm_compute; reflexivity))
        | clear Hinv;
          lazymatch type of Hname with
          | _ = ?rhs =>
            let v := eval vm_compute in rhs in
            let En := fresh "En" in
            assert (En : rhs = v) by (vm_cast_no_check (@eq_refl _ v));
            rewrite En in Hname; clear En
          end;
          cbn [rt_move] in Hname |- *;
          lazymatch type of Hr' with
          | realizes _ ?Q0 =>
            let Qn := fresh "P" in
            set (Qn := Q0) in Hr';
            let s := eval vm_compute in (to_fen Qn) in
            let Hf := fresh "H_fen" in
            assert (Hf : to_fen Qn = s) by (vm_cast_no_check (@eq_refl _ s))
          end ].

Ltac retract_game Hg Hr h G P :=
  let Hw := fresh "Hw" in
  assert (Hw : wf P = true) by (vm_cast_no_check (eq_refl true));
  let Hini := fresh "Hini" in
  let h' := fresh "h" in let G0 := fresh "G" in let r := fresh "r" in let Q := fresh "Q" in
  let Eh := fresh "Eh" in let Hin := fresh "Hin" in let Hg' := fresh "Hg" in
  let Hr' := fresh "Hr" in let Hinv := fresh "Hinv" in let Hname := fresh "H_last" in
  destruct (game_retract h G P Hg Hr Hw)
    as [[Eh Hini]|(h' & G0 & r & Q & Eh & Hin & Hg' & Hr' & Hinv & Hname)];
  clear Hw;
  [ first [ exact (true_false_elim _ _ Hini ltac:(vm_compute; reflexivity)) | subst h ]
  | subst h; clear Hg Hr;
    let L := eval vm_compute in (retractions P) in
    let EL := fresh "EL" in
    assert (EL : retractions P = L) by (vm_cast_no_check (@eq_refl _ L));
    rewrite EL in Hin; clear EL;
    split_in Hin;
    retract_branch Hinv Hname Hr' ].

Ltac retract :=
  lazymatch goal with
  | Hg : game ?h ?G, Hr : realizes ?G ?P |- _ => retract_game Hg Hr h G P
  end.

Ltac refute_in n :=
  match goal with
  | Hg : game ?h ?G, Hr : realizes ?G ?P |- _ =>
    exfalso; apply (dead_refutes h G P n Hg Hr); vm_cast_no_check (eq_refl true)
  end.

Ltac refute := refute_in 1%nat.

(** The goal [exists pre, plies h = pre ++ ms], with [h] built by
    [retract] and the plies named by [H_last]s. *)
Ltac finish_plies :=
  rewrite ?plies_app; cbn [plies map fst snd];
  repeat match goal with H : ply_string _ _ = _ |- _ => rewrite H; clear H end;
  rewrite <- ?app_assoc; cbn [app]; eexists; reflexivity.
