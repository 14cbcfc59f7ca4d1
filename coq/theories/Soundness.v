(** * Soundness of the retraction generator.

    Headline theorem (issue #5):

    [retractions_sound]: every [(r, Q)] produced by [retractions P] is a
    genuine predecessor of [P]:
    - the forward move [rt_move r] is legal in [Q] and gives [P]
      ([legal_move], the readable rules of Rules.v);
    - the side to move in [P] is not in check in [Q];
    - the material of [Q] is possible ([material_ok]);
    - [P]'s castling and en-passant assertions are respected and [Q]'s
      en-passant square is set exactly after un-en-passant
      ([respects_assertions], Retract.v);
    - the uncaptured man named by [r] stands on the destination in [Q]
      ([capture_matches]).

    The proof is by the construction of [retractions] as a filter and the
    soundness of the decision procedures (RulesCheck.v).  Print Assumptions
    (tests/Assumptions.v, checked by ci/check-assumptions.sh) shows only
    Coq's primitive Int63 and PArray operations. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Board Rules RulesCheck Retract.

Theorem retractions_sound : forall P r Q,
  In (r, Q) (retractions P) ->
  legal_move Q (rt_move r) P /\
  ~ in_check (piece_at Q) (turn P) /\
  material_ok (piece_at Q) = true /\
  respects_assertions P (rt_move r) Q /\
  capture_matches P r Q.
Proof.
  intros P r Q H. apply retractions_ok in H. destruct H as [Hm H].
  apply in_check_b_false in Hm.
  unfold retraction_ok in H. split_lazy.
  split.
  { apply legal_move_b_given_sound; [assumption|].
    match goal with H : legal_move_b_given _ _ _ = true |- _ =>
      unfold legal_move_b_given in H; split_lazy end.
    match goal with H : color_eqb _ _ = true |- _ => apply color_eqb_eq in H; rename H into Ht end.
    replace (turn Q) with (opp (turn P)); [exact Hm|].
    rewrite Ht. destruct (turn Q); reflexivity. }
  split.
  { apply in_check_b_false.
    match goal with E : negb (in_check_b ?b ?c) = true |- _ =>
      destruct (in_check_b b c); [discriminate|reflexivity] end. }
  split; [assumption|].
  split; [apply respects_assertions_b_sound; assumption|].
  apply capture_matches_b_sound; assumption.
Qed.

(** Corollary in the words of issue #3: Q has the other side to move. *)
Corollary retractions_turn : forall P r Q,
  In (r, Q) (retractions P) -> turn Q = opp (turn P).
Proof.
  intros P r Q H. destruct (retractions_sound P r Q H) as [(_ & Ht & _) _].
  rewrite Ht. destruct (turn Q); reflexivity.
Qed.
