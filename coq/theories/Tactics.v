(** * Tactics: retrograde analysis in the style of Maliković (2008),
    every step justified by the theorems of Retro.v.

    The proof state of a retro argument is a game reaching a problem:
      [Hg : game h G], [Hr : realizes G (fen "...")]; [retract] also
    starts from [H : reachable P] or a goal [~ reachable P].

    - [retract]: takes back the last ply.  By [game_retract] (completeness
      of the generator, Completeness.v) the game is either empty -- closed
      by computation unless the problem could be the initial position --
      or ends with a retraction of the problem: one subgoal per retraction
      that passes the invariants (Invariants.v), computed once by
      [vm_compute].  In each, [h] is [h' ++ [(G0, m)]], the context has
      [Hg : game h' G0], [Hr : realizes G0 (fen "<predecessor>")], and the
      retracted ply named: [H_last : ply_string G0 m = "b3c3xp"] (later
      retractions add [H_last0], [H_last1], ..., going back in time).
      The subgoals come sorted by ply name ([sort_by_name]), so scripts
      can rely on their order; [ply_is "b3c3xp"] checks which one a
      branch is.
      Retractions whose predecessor fails an invariant leave no subgoal,
      and neither does a predecessor without retractions at the next
      [retract].
    - [refute] (and [refute_in n]): closes the goal when the current
      problem is dead ([dead 1], resp. [dead n], Search.v): it violates an
      invariant or strands a man (Stranded.v) -- [refute_in 0] -- or has
      no retraction (within [n] plies).
    - [finish_plies]: closes [exists pre, plies h = pre ++ ms] once the
      retracted plies are named.

    Each computation is a [vm_compute] checked by the kernel with a VM
    cast, so [Qed] pays it once. *)

From Coq Require Import Uint63 List String.
From RetroProof Require Import Gen.Vocab Board Rules Retract Notation Reachable Invariants Search Retro.
Import ListNotations.

Lemma true_false_elim : forall (A : Type) b, b = true -> b = false -> A.
Proof. intros A b -> H. discriminate H. Qed.

(** [~ reachable P] by refuting every game that reaches [P]: the goal
    [retract] works on. *)
Lemma unreachable_intro : forall P, (forall h G, game h G -> realizes G P -> False) -> ~ reachable P.
Proof. intros P H (h & G & Hg & Hr). exact (H h G Hg Hr). Qed.

(** ** Subgoals in the order of their ply names

    [retract] leaves its subgoals sorted by the name of the retracted ply
    (byte order, [string_ltb] of Notation.v), so that a script -- written
    by hand or by [retroproof export --ltac] -- can rely on their order. *)

Fixpoint insert_by_name (c : color) (x : retraction * position) (l : list (retraction * position)) :=
  match l with
  | [] => [x]
  | y :: l' =>
    if string_ltb (retraction_to_string c (fst y)) (retraction_to_string c (fst x))
    then y :: insert_by_name c x l' else x :: l
  end.

Definition sort_by_name (c : color) (l : list (retraction * position)) :=
  fold_right (insert_by_name c) [] l.

Lemma in_insert_by_name : forall c x y l, In y l \/ y = x -> In y (insert_by_name c x l).
Proof.
  intros c x y l; induction l as [|z l IH]; intros H; cbn [insert_by_name].
  - destruct H as [[]|<-]. left. reflexivity.
  - destruct (string_ltb _ _).
    + destruct H as [[<-|H]|H]; [left; reflexivity | right; auto | right; auto].
    + destruct H as [[<-|H]|<-]; [right; left; reflexivity | right; right; exact H | left; reflexivity].
Qed.

Lemma in_sort_by_name : forall c y l, In y l -> In y (sort_by_name c l).
Proof.
  intros c y l; induction l as [|x l IH]; intros H; [contradiction|].
  cbn [sort_by_name fold_right]. apply in_insert_by_name.
  destruct H as [<-|H]; [right; reflexivity | left; apply IH, H].
Qed.

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
    apply (in_sort_by_name (turn P)) in Hin;
    let L := eval vm_compute in (sort_by_name (turn P) (retractions P)) in
    let EL := fresh "EL" in
    assert (EL : sort_by_name (turn P) (retractions P) = L) by (vm_cast_no_check (@eq_refl _ L));
    rewrite EL in Hin; clear EL;
    split_in Hin;
    retract_branch Hinv Hname Hr' ].

Ltac retract :=
  lazymatch goal with
  | Hg : game ?h ?G, Hr : realizes ?G ?P |- _ => retract_game Hg Hr h G P
  | H : reachable ?P |- _ =>
    let h := fresh "h" in let G := fresh "G" in let Hg := fresh "Hg" in let Hr := fresh "Hr" in
    destruct H as (h & G & Hg & Hr); retract_game Hg Hr h G P
  | |- ~ reachable _ => intro; retract
  end.

(** [ply_is "b3c3xp"]: checks that the ply taken back last (the most
    recent [H_last]) is the one named, and fails otherwise: generated
    scripts start each branch with it, so that a branch taken for another
    says so where it happens. *)
Ltac ply_is s :=
  lazymatch goal with
  | H : ply_string _ _ = ?x |- _ =>
    tryif constr_eq x s then idtac else fail 0 "the ply taken back here is" x "not" s
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

(** [refute_dead D]: closes the goal when the current problem is refuted
    or realizes a member of the closed dead set [D] (Cert.v,
    [dead_set_refutes]). *)
Ltac refute_dead D :=
  match goal with
  | Hg : game ?h ?G, Hr : realizes ?G ?P |- _ =>
    exfalso; apply (dead_set_refutes h G P D Hg Hr); vm_cast_no_check (eq_refl true)
  end.
