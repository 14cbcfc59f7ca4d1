(** * Soundness of the retraction generator.

    Headline theorem (issue #5):

    [retractions_sound]: every [(r, Q)] produced by [retractions P] is a
    genuine predecessor of [P]:
    - the forward move [rt_move r] is legal in [Q] and gives [P]
      ([legal_move] in the table form of RulesFast.v; the corollary
      [retractions_sound_rules] states it with the readable rules of
      Rules.v, through [RulesFast.legal_move_iff]);
    - the side to move in [P] is not in check in [Q];
    - the material of [Q] is possible ([material_ok]);
    - [P]'s castling and en-passant assertions are respected and [Q]'s
      en-passant square is set exactly after un-en-passant
      ([respects_assertions], Retract.v);
    - the uncaptured man named by [r] stands on the destination in [Q]
      ([capture_matches]).

    The proof is by the construction of [retractions] as a filter and the
    soundness of the decision procedures (RulesCheck.v).  The fast filter
    ([retraction_ok_fast], Retract.v) does not re-check the board against
    the rules: [unmake_after] proves that [unmake] gives the board before
    the move by construction, and [tinv] that the material summary and the
    list of S's king squares kept while building Q's board are Q's.

    Trusted base (Print Assumptions, tests/Assumptions.v, checked by
    ci/check-assumptions.sh): Coq's primitive Int63 and PArray operations,
    and the specification axioms the standard library states for them:
    - [PArray.get_set_same], [PArray.get_set_other], [PArray.length_set],
      [PArray.get_copy], [PArray.length_copy] (reading a cell after a write
      or a copy);
    - [Uint63.eqb_correct], [Uint63.eqb_refl] ([=?] is equality);
    - [Uint63.ltb_spec], [Uint63.of_to_Z] (a square below 64 is one of the
      64 squares, via TablesSpec.all_squares_complete). *)

From Coq Require Import Uint63 PArray List Bool ZArith.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts RulesCheck Retract.
Require RetroProof.TablesSpec.

(** ** Arrays *)

Lemma get_set64 : forall (a : array int) s v k, PArray.length a = 64 -> (s <? 64) = true ->
  a.[s <- v].[k] = if k =? s then v else a.[k].
Proof.
  intros a s v k Hl Hs. destruct (k =? s) eqn:E.
  - apply Uint63.eqb_correct in E; subst k. apply PArray.get_set_same. rewrite Hl; exact Hs.
  - apply PArray.get_set_other. intros ->. rewrite Uint63.eqb_refl in E. discriminate.
Qed.

Lemma lt64_in : forall s, (s <? 64) = true -> In s all_squares.
Proof.
  intros s H. apply TablesSpec.all_squares_complete in H.
  replace all_squares with RetroProof.TablesSpec.all_squares; [exact H|].
  vm_compute. reflexivity.
Qed.

(** ** The tracked board *)

Definition tinv (S : color) (x : tboard) : Prop :=
  PArray.length (tb_arr x) = 64 /\
  mat_of (fun k => piece_of_cell (tb_arr x).[k]) = tb_mat x /\
  (forall k, In k all_squares -> piece_of_cell (tb_arr x).[k] = Some (MkPiece S King) ->
             In k (tb_kings x)).

Lemma tinit_inv : forall P, PArray.length (board P) = 64 -> tinv (turn P) (tinit P).
Proof.
  intros P Hl. split; [exact Hl|]. split; [apply mat_of_ext; intros s; reflexivity|].
  intros k Hk Kk. unfold tinit; cbn [tb_kings]. apply filter_In. split; [exact Hk|].
  unfold piece_at. cbn [tb_arr tinit] in Kk. rewrite Kk. apply opiece_eqb_eq. reflexivity.
Qed.

Lemma tcopy_inv : forall S x, tinv S x -> tinv S (tcopy x).
Proof.
  intros S x (Hl & Hm & Hk). unfold tinv, tcopy; cbn [tb_arr tb_mat tb_kings].
  rewrite PArray.length_copy. split; [exact Hl|]. split.
  - rewrite <- Hm. apply mat_of_ext. intros s. rewrite PArray.get_copy. reflexivity.
  - intros k Hin. rewrite PArray.get_copy. apply Hk, Hin.
Qed.

Lemma tset_inv : forall S x s v, tinv S x -> (s <? 64) = true -> tinv S (tset S x s v).
Proof.
  intros S x s v (Hl & Hm & Hk) Hs. unfold tinv, tset; cbn [tb_arr tb_mat tb_kings].
  rewrite PArray.length_set. split; [exact Hl|]. split.
  - rewrite <- Hm.
    rewrite (mat_of_upd (fun k => piece_of_cell (tb_arr x).[k])
               (fun k => piece_of_cell (tb_arr x).[s <- v].[k]) s (lt64_in s Hs)).
    + rewrite get_set64, Uint63.eqb_refl by assumption. reflexivity.
    + intros k Hne. rewrite PArray.get_set_other; [reflexivity|]. intros ->. exact (Hne eq_refl).
  - intros k Hin Kk. rewrite get_set64 in Kk by assumption.
    destruct (k =? s) eqn:E.
    + apply Uint63.eqb_correct in E; subst k. rewrite Kk.
      rewrite (proj2 (opiece_eqb_eq _ _) eq_refl). left; reflexivity.
    + destruct (opiece_eqb _ _); [right|]; apply Hk; assumption.
Qed.

Lemma unmake_t_inv : forall P x0 r, tinv (turn P) x0 -> shape_ok P r = true ->
  tinv (turn P) (unmake_t P x0 r).
Proof.
  intros P x0 r H0 Hs. unfold shape_ok in Hs. unfold unmake_t.
  apply tcopy_inv in H0.
  split_lazy. destruct (mv_kind (rt_move r)); split_lazy;
    repeat (apply tset_inv; [|assumption]); assumption.
Qed.

Lemma unmake_t_board : forall P r, tb_arr (unmake_t P (tinit P) r) = unmake_board P r.
Proof. intros P r. unfold unmake_t, unmake_board. destruct (mv_kind (rt_move r)); reflexivity. Qed.

Lemma unmake_turn : forall P r, turn (unmake P r) = opp (turn P).
Proof. intros P r. unfold unmake, unmake_meta. destruct (mv_kind (rt_move r)); reflexivity. Qed.

Lemma unmake_board_eq : forall P r, board (unmake P r) = unmake_board P r.
Proof. intros P r. unfold unmake, unmake_meta. destruct (mv_kind (rt_move r)); reflexivity. Qed.


(** ** The board before the move, by construction *)

Ltac eqs :=
  repeat match goal with
  | H : false = true |- _ => discriminate H
  | H : true = false |- _ => discriminate H
  | H : (?x =? ?y) = true |- _ => apply Uint63.eqb_correct in H; subst
  | H : context [?x =? ?x] |- _ => rewrite Uint63.eqb_refl in H
  | |- context [?x =? ?x] => rewrite Uint63.eqb_refl
  | H : negb _ = true |- _ => apply negb_true_iff in H
  | H : false = true |- _ => discriminate H
  | H : ?a.[?i] = ?v |- context [?a.[?i]] => rewrite H
  | |- context [?x =? ?y] => let E := fresh "E" in destruct (x =? y) eqn:E
  end.

Theorem unmake_after : forall P r, PArray.length (board P) = 64 -> shape_ok P r = true ->
  forall s, piece_at P s = after (unmake P r) (rt_move r) s.
Proof.
  intros P r Hl Hs s.
  unfold after. rewrite unmake_turn. unfold piece_at at 2 3 4 5 6 7.
  rewrite unmake_board_eq. unfold shape_ok in Hs. unfold unmake_board, piece_at.
  destruct r as [[kind f t promo] cap]; simpl in *.
  remember (opp (turn P)) as M. clear HeqM.
  remember (board P) as a. clear Heqa.
  remember (match cap with Some x => cell_of_piece (MkPiece (turn P) x) | None => 0 end) as c.
  clear Heqc.
  split_lazy.
  destruct kind; split_lazy.
  - (* Normal *)
    rewrite !get_set64 by (rewrite ?PArray.length_set, ?PArray.length_copy; assumption).
    rewrite !PArray.get_copy. eqs; try rewrite piece_of_cell_0; reflexivity.
  - (* Promotion *)
    destruct promo as [x|]; [|discriminate].
    rewrite !get_set64 by (rewrite ?PArray.length_set, ?PArray.length_copy; assumption).
    rewrite !PArray.get_copy. eqs; try rewrite piece_of_cell_0; try reflexivity;
      apply piece_of_cell_of_piece.
  - (* EnPassant *)
    remember (ep_victim M t) as v. clear Heqv.
    rewrite !get_set64 by (rewrite ?PArray.length_set, ?PArray.length_copy; assumption).
    rewrite !PArray.get_copy. eqs; try rewrite piece_of_cell_0; reflexivity.
  - (* Castle *)
    remember (castle_rook_to M (castling_side_of M t)) as rt. clear Heqrt.
    remember (castle_rook_from M (castling_side_of M t)) as rf. clear Heqrf.
    rewrite !get_set64 by (rewrite ?PArray.length_set, ?PArray.length_copy; assumption).
    rewrite !PArray.get_copy. eqs; cbn [orb]; try rewrite piece_of_cell_0; try reflexivity;
      apply piece_of_cell_of_piece.
Qed.

(** ** The two filters *)

Definition predecessor (P : position) (r : retraction) (Q : position) : Prop :=
  legal_move Q (rt_move r) P /\
  ~ in_check (piece_at Q) (turn P) /\
  material_ok (piece_at Q) = true /\
  respects_assertions P (rt_move r) Q /\
  capture_matches P r Q.

Lemma retraction_ok_sound : forall P r Q,
  in_check_b (piece_at P) (opp (turn P)) = false -> retraction_ok P r Q = true ->
  predecessor P r Q.
Proof.
  intros P r Q Hm H.
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

Lemma none_attacked_sound : forall b c ks k,
  none_attacked b c ks = true -> In k ks -> ~ attacked b c k.
Proof.
  intros b c ks; induction ks as [|k0 ks IH]; simpl; intros k H Hin; [destruct Hin|].
  split_lazy. destruct Hin as [<-|Hin]; [|apply IH; assumption].
  apply attacked_b_false. destruct (attacked_b b c k0); [discriminate|reflexivity].
Qed.

Lemma retraction_ok_fast_sound : forall P r,
  in_check_b (piece_at P) (opp (turn P)) = false -> PArray.length (board P) = 64 ->
  retraction_ok_fast P r (unmake P r) (unmake_t P (tinit P) r) = true ->
  predecessor P r (unmake P r).
Proof.
  intros P r Hm Hl H.
  apply in_check_b_false in Hm.
  unfold retraction_ok_fast in H. split_lazy.
  assert (tinv (turn P) (unmake_t P (tinit P) r)) as (Hl' & Hmat & Hk)
    by (apply unmake_t_inv; [apply tinit_inv|]; assumption).
  rewrite unmake_t_board in Hl', Hmat, Hk.
  split; [|split; [|split; [|split]]].
  - split; [apply pseudo_legal_b_sound; assumption|].
    rewrite unmake_turn, opp_opp. split; [reflexivity|].
    split; [intros s _; apply unmake_after; assumption|].
    exact Hm.
  - intros (k & Hin & Kk & Ha). unfold piece_at in Kk. rewrite unmake_board_eq in Kk.
    apply Hk in Kk; [|exact Hin].
    match goal with E : none_attacked _ _ _ = true |- _ =>
      exact (none_attacked_sound _ _ _ k E Kk Ha) end.
  - rewrite material_ok_mat.
    replace (mat_of (piece_at (unmake P r))) with (tb_mat (unmake_t P (tinit P) r)); [assumption|].
    rewrite <- Hmat. apply mat_of_ext. intros s. unfold piece_at. rewrite unmake_board_eq. reflexivity.
  - apply respects_assertions_b_sound; assumption.
  - apply capture_matches_b_sound; assumption.
Qed.

(** ** The headline theorem *)

Theorem retractions_sound : forall P r Q,
  In (r, Q) (retractions P) ->
  legal_move Q (rt_move r) P /\
  ~ in_check (piece_at Q) (turn P) /\
  material_ok (piece_at Q) = true /\
  respects_assertions P (rt_move r) Q /\
  capture_matches P r Q.
Proof.
  intros P r Q H. apply retractions_ok in H. destruct H as [Hm [(Hl & -> & H)|H]].
  - exact (retraction_ok_fast_sound P r Hm Hl H).
  - exact (retraction_ok_sound P r Q Hm H).
Qed.

(** The same in the words of the readable rules (Rules.v). *)
Corollary retractions_sound_rules : forall P r Q,
  In (r, Q) (retractions P) ->
  Rules.legal_move Q (rt_move r) P /\
  ~ Rules.in_check (piece_at Q) (turn P) /\
  material_ok (piece_at Q) = true /\
  respects_assertions P (rt_move r) Q /\
  capture_matches P r Q.
Proof.
  intros P r Q H. rewrite <- legal_move_iff, <- in_check_iff. exact (retractions_sound P r Q H).
Qed.

(** Corollary in the words of issue #3: Q has the other side to move. *)
Corollary retractions_turn : forall P r Q,
  In (r, Q) (retractions P) -> turn Q = opp (turn P).
Proof.
  intros P r Q H. destruct (retractions_sound P r Q H) as [(_ & Ht & _) _].
  rewrite Ht. destruct (turn Q); reflexivity.
Qed.
