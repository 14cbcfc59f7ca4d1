(** * Historyproof: the checkers of History.v are sound.

    Headline theorems:

    - [check_history_sound]: for an abstraction that simulates the game
      ([simulates], below), a certificate [check_history] accepts proves
      [~ reachable P];
    - [census_simulates]: the census of History.v simulates the game;
    - [check_census_sound]: hence a census certificate proves
      [~ reachable P];
    - [pawn_files_simulates], [check_files_sound]: the same for the
      pawn files (pawns counted by file): one equation per kind of move
      ([files_step_eq], from [wsum_diff]: the counts before and after a
      move differ by what stood on the squares it changed).

    [simulates A] is what an abstraction owes, once: its equality test is
    exact, [alpha] reads the board only, every legal move of a game leaves
    [alpha] unchanged or is an abstract step back ([apreds]) from the
    position after it to the position before it, and game positions are
    viable.  The induction over games is done here, once
    ([closed_not_in]): the abstract states of a game, walked back from its
    last position, stay in a closed set; the initial one is not in it. *)

From Coq Require Import Uint63 List Bool Arith Lia PArith FMapPositive.
From RetroProof Require Import Gen.Vocab Board Rules Material Game Facts Invariants PawnCaptures
  PawnMovesproof History.
From RetroProof Require RulesFast.
From RetroProof Require Import RulesCheck.
Import ListNotations.
Local Open Scope nat_scope.

(** ** What an abstraction owes *)

Record simulates (A : abstraction) : Prop := Simulates {
  aeqb_spec : forall x y, aeqb A x y = true <-> x = y;
  alpha_board : forall P Q, same_board P Q -> alpha A P = alpha A Q;
  simulation : forall h G m G', game h G -> game_step G m G' ->
    alpha A G = alpha A G' \/ In (alpha A G) (apreds A (alpha A G'));
  game_viable : forall h G, game h G -> viable A (alpha A G) = true;
}.

(** ** The lookup table holds the certificate's members only *)

Lemma abucket_add : forall A (T : atable A) x k y,
  In y (abucket (aadd T x) k) -> y = x \/ In y (abucket T k).
Proof.
  intros A T x k y. unfold aadd, abucket at 1.
  destruct (Pos.eq_dec k (akey A x)) as [->|Hne].
  - rewrite PositiveMap.gss. intros [->|H]; auto.
  - rewrite PositiveMap.gso by exact Hne. auto.
Qed.

Lemma abucket_fold : forall A (S : list (astate A)) T k y,
  In y (abucket (fold_left aadd S T) k) -> In y S \/ In y (abucket T k).
Proof.
  intros A S; induction S as [|x S IH]; simpl; intros T k y H; auto.
  destruct (IH _ _ _ H) as [H1|H1]; auto.
  destruct (abucket_add A T x k y H1) as [->|H2]; auto.
Qed.

Lemma abucket_empty : forall A k (y : astate A),
  ~ In y (abucket (PositiveMap.empty (list (astate A))) k).
Proof.
  intros A k y. unfold abucket. rewrite PositiveMap.gempty. simpl. auto.
Qed.

Lemma amem_in : forall A (S : list (astate A)) x, simulates A -> amem (atable_of S) x = true -> In x S.
Proof.
  intros A S x HA H. unfold amem in H. apply existsb_exists in H. destruct H as (y & Hy & E).
  apply (aeqb_spec A HA) in E. subst y.
  destruct (abucket_fold A S _ _ _ Hy) as [H|H]; auto.
  exfalso; exact (abucket_empty A _ _ H).
Qed.

(** ** The induction over games, once *)

Lemma closed_not_in : forall A (S : list (astate A)), simulates A ->
  (forall x, In x S -> forall y, In y (apreds A x) -> acovered (atable_of S) y = true) ->
  ~ In (alpha A initial) S ->
  forall h G, game h G -> ~ In (alpha A G) S.
Proof.
  intros A S HA Hclosed Hinit h G Hg. induction Hg as [|h G m G' Hg IH Hs]; auto.
  intros Hin. destruct (simulation A HA h G m G' Hg Hs) as [E|Hp].
  - rewrite E in IH. contradiction.
  - specialize (Hclosed _ Hin _ Hp). unfold acovered in Hclosed.
    rewrite (game_viable A HA h G Hg) in Hclosed. simpl in Hclosed.
    exact (IH (amem_in A S _ HA Hclosed)).
Qed.

Theorem check_history_sound : forall A P S, simulates A ->
  check_history A P S = true -> ~ reachable P.
Proof.
  intros A P S HA H (h & G & Hg & HGP).
  unfold check_history in H. apply andb_prop in H. destruct H as (H & Hclosed).
  apply andb_prop in H. destruct H as (Hcov & Hinit).
  assert (EP : alpha A P = alpha A G) by (apply (alpha_board A HA); exact (proj1 HGP)).
  assert (Hnot : ~ In (alpha A G) S).
  { apply (closed_not_in A S HA) with (h := h); auto.
    - intros x Hx y Hy. rewrite forallb_forall in Hclosed.
      specialize (Hclosed x Hx). rewrite forallb_forall in Hclosed. auto.
    - intros Hi. apply negb_true_iff in Hinit.
      assert (Hx : existsb (aeqb A (alpha A initial)) S = true).
      { apply existsb_exists. exists (alpha A initial). split; [exact Hi|].
        apply (aeqb_spec A HA). reflexivity. }
      congruence. }
  apply Hnot. unfold acovered in Hcov. rewrite EP, (game_viable A HA h G Hg) in Hcov.
  simpl in Hcov. exact (amem_in A S _ HA Hcov).
Qed.

(** ** The census: how a legal move changes the counts *)

(** The side not moving loses at most the man standing on one square
    ([o]: nothing, or a man of its own other than the king). *)
Lemma victim_step : forall G m G', legal_move G m G' -> ep_inv G = true ->
  let b := piece_at G in let b' := piece_at G' in let us := turn G in
  exists x o, (o = None \/ exists r, o = Some (MkPiece (opp us) r) /\ r <> King) /\
    forall g, cnt b (opp us) g = (cnt b' (opp us) g + ind (opp us) g x o)%nat.
Proof.
  intros G m G' Hl Hep b b' us. apply RulesFast.legal_move_iff in Hl.
  destruct (step_shape G m G' Hl Hep) as (Hf & Ht & _ & Hk). fold b b' us in Hk.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - assert (E : forall c g, (cnt b' c g + sum_ind c g b [f; t] = cnt b c g + sum_ind c g b' [f; t])%nat).
    { intros c g. apply cnt_diff; [apply NoDup2; auto | apply incl_list; simpl; intros x [<-|[<-|[]]]; auto |].
      intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto. }
    simpl in E. rewrite Hbf, Hb'f, Hb't in E.
    exists t, (b t). split; [apply target_cases; exact Htg|].
    intros g. specialize (E (opp us) g). rewrite !ind_other in E. simpl in E. lia.
  - assert (E : forall c g, (cnt b' c g + sum_ind c g b [f; t] = cnt b c g + sum_ind c g b' [f; t])%nat).
    { intros c g. apply cnt_diff; [apply NoDup2; auto | apply incl_list; simpl; intros x [<-|[<-|[]]]; auto |].
      intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto. }
    simpl in E. rewrite Hbf, Hb'f, Hb't in E.
    exists t, (b t). split; [apply target_cases; exact Htg|].
    intros g. specialize (E (opp us) g). rewrite !ind_other in E. simpl in E. lia.
  - set (v := ep_victim us t) in *.
    assert (E : forall c g, (cnt b' c g + sum_ind c g b [f; t; v] = cnt b c g + sum_ind c g b' [f; t; v])%nat).
    { intros c g. apply cnt_diff; [apply NoDup3; auto | apply incl_list; simpl; intros x [<-|[<-|[<-|[]]]]; auto |].
      intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto. }
    simpl in E. rewrite Hbf, Hbt, Hbv, Hb'f, Hb't, Hb'v in E.
    exists v, (Some (MkPiece (opp us) Pawn)). split; [right; exists Pawn; split; [reflexivity|discriminate]|].
    intros g. specialize (E (opp us) g). rewrite !ind_other in E. simpl in E. lia.
  - set (rf := castle_rook_from us side) in *. set (rt := castle_rook_to us side) in *.
    assert (E : forall c g, (cnt b' c g + sum_ind c g b [f; t; rf; rt] = cnt b c g + sum_ind c g b' [f; t; rf; rt])%nat)
      by (intros c g; apply cnt_diff; auto).
    simpl in E. rewrite Hbf, Hbr, Hbt, Hbrt, Hb'f, Hb'r, Hb't, Hb'rt in E.
    exists f, None. split; [left; reflexivity|].
    intros g. specialize (E (opp us) g). rewrite !ind_other in E. simpl in E |- *. lia.
Qed.

(** ** The census: per-slot arithmetic *)

Lemma ind_tag : forall c g s r, In g census_tags ->
  ind c g s (Some (MkPiece c r)) = if tag_eqb g (tag_of r s) then 1%nat else 0%nat.
Proof.
  intros c g s r Hg. unfold ind, tagged. simpl. rewrite color_eqb_refl. simpl.
  simpl in Hg. destruct r; simpl;
    [| | destruct (is_light s) | | |]; intuition (subst; reflexivity).
Qed.

Lemma tag_eqb_refl : forall g, tag_eqb g g = true.
Proof. intros []; reflexivity. Qed.

Lemma census_change_map_l : forall d k (h : color * tag -> nat) l,
  map (fun '(s, n) => if slot_eqb s k then d n else n) (combine l (map h l)) =
  map (fun s => if slot_eqb s k then d (h s) else h s) l.
Proof. intros d k h l; induction l as [|s l IH]; simpl; [reflexivity|]. rewrite IH. reflexivity. Qed.

Lemma census_change_map : forall d k (h : color * tag -> nat),
  census_change d k (map h census_slots) =
  map (fun s => if slot_eqb s k then d (h s) else h s) census_slots.
Proof. intros; apply census_change_map_l. Qed.

Lemma slot_tag : forall c g, In (c, g) census_slots -> In g census_tags.
Proof.
  intros c g H. unfold census_slots in H. apply in_app_or in H.
  destruct H as [H|H]; apply in_map_iff in H; destruct H as (g' & E & Hg'); injection E as <- <-; exact Hg'.
Qed.

Lemma tag_in_slots : forall c g, In g census_tags -> In (c, g) census_slots.
Proof.
  intros [|] g H; unfold census_slots; apply in_or_app; [left|right]; apply in_map; exact H.
Qed.

Lemma promoted_in_slots : forall c g, In g promoted_tags -> In (c, g) promoted_slots.
Proof.
  intros [|] g H; unfold promoted_slots; apply in_or_app; [left|right]; apply in_map; exact H.
Qed.

Lemma tag_of_victim : forall r s, r <> King -> In (tag_of r s) census_tags.
Proof. intros [] s H; simpl; try (destruct (is_light s)); simpl; tauto. Qed.

Lemma tag_of_promoted : forall r s, In r promotion_roles -> In (tag_of r s) promoted_tags.
Proof. intros [] s H; simpl in *; try (destruct (is_light s)); simpl; intuition discriminate. Qed.

Lemma promoted_not_pawn : forall g, In g promoted_tags -> tag_eqb g TPawn = false.
Proof. intros g H; simpl in H; intuition (subst; reflexivity). Qed.

Lemma promoted_not_pawn' : forall g, In g promoted_tags -> tag_eqb TPawn g = false.
Proof. intros g H; simpl in H; intuition (subst; reflexivity). Qed.

Lemma color_eqb_opp : forall c, color_eqb c (opp c) = false.
Proof. intros []; reflexivity. Qed.

Lemma color_eqb_opp' : forall c, color_eqb (opp c) c = false.
Proof. intros []; reflexivity. Qed.

(** The census of the position before a move, from the census after it,
    the slot of the man the move took ([cap]) and the slot of the man a
    promotion made ([promo]), if any. *)
Definition undo (cap : option (color * tag)) (promo : option (color * tag)) (x : census_state) :=
  let y := match promo with Some k => unpromote k x | None => x end in
  match cap with Some k => uncapture k y | None => y end.

Lemma undo_in_preds : forall cap promo x,
  (forall k, cap = Some k -> In k census_slots) ->
  (forall k, promo = Some k -> In k promoted_slots) ->
  undo cap promo x = x \/ In (undo cap promo x) (census_preds x).
Proof.
  intros cap promo x Hc Hp. unfold undo, census_preds.
  destruct promo as [kp|], cap as [kc|].
  - right. apply in_or_app; right. apply in_or_app; right. apply in_flat_map.
    exists (unpromote kp x). split; [apply (in_map (fun k => unpromote k x)); auto | apply (in_map (fun k => uncapture k _)); auto].
  - right. apply in_or_app; right. apply in_or_app; left. apply (in_map (fun k => unpromote k x)); auto.
  - right. apply in_or_app; left. apply (in_map (fun k => uncapture k x)); auto.
  - left; reflexivity.
Qed.

Lemma census_step : forall G m G', legal_move G m G' -> ep_inv G = true ->
  census_of G = census_of G' \/ In (census_of G) (census_preds (census_of G')).
Proof.
  intros G m G' Hl Hep.
  destruct (victim_step G m G' Hl Hep) as (x & o & Ho & Hv).
  apply RulesFast.legal_move_iff in Hl.
  destruct (count_step G m G' Hl Hep) as (_ & _ & _ & _ & Hus).
  set (b := piece_at G) in *. set (b' := piece_at G') in *. set (us := turn G) in *.
  (* The slot of the man taken, if any. *)
  set (cap := match o with Some (MkPiece _ r) => Some (opp us, tag_of r x) | None => None end).
  assert (Hcap : forall k, cap = Some k -> In k census_slots).
  { intros k Hk. unfold cap in Hk. destruct Ho as [->|(r & -> & Hr)]; [discriminate|].
    injection Hk as <-. apply tag_in_slots, tag_of_victim; exact Hr. }
  (* What the other side's counts were. *)
  assert (Hopp : forall g, In g census_tags ->
    cnt b (opp us) g = (cnt b' (opp us) g +
      match cap with Some k => if slot_eqb (opp us, g) k then 1 else 0 | None => 0 end)%nat).
  { intros g Hg. rewrite Hv. unfold cap.
    destruct Ho as [->|(r & -> & Hr)]; simpl; [lia|].
    rewrite ind_tag by exact Hg. unfold slot_eqb. simpl. rewrite color_eqb_refl. reflexivity. }
  destruct Hus as [Hsame|(r & s & Hr & Hpawn & Hgain)].
  - (* No promotion. *)
    assert (E : census_of G = undo cap None (census_of G')).
    { unfold undo, census_of. fold b b'.
      destruct cap as [k|] eqn:Ec.
      - unfold uncapture. rewrite census_change_map. apply map_ext_in. intros [c g] Hk'.
        simpl. pose proof (slot_tag c g Hk') as Hg.
        destruct (color_eqb c us) eqn:Ecu.
        + apply color_eqb_eq in Ecu. subst c.
          assert (Hk : slot_eqb (us, g) k = false).
          { unfold cap in Ec. destruct o as [[? rv]|]; [|discriminate]. injection Ec as <-.
            unfold slot_eqb. simpl. rewrite color_eqb_opp. reflexivity. }
          rewrite Hk. symmetry. apply Hsame.
        + apply color_neq_opp in Ecu. subst c. rewrite Hopp by exact Hg.
          destruct (slot_eqb (opp us, g) k); lia.
      - apply map_ext_in. intros [c g] Hk'. simpl. pose proof (slot_tag c g Hk') as Hg.
        destruct (color_eqb c us) eqn:Ecu.
        + apply color_eqb_eq in Ecu. subst c. symmetry. apply Hsame.
        + apply color_neq_opp in Ecu. subst c. rewrite Hopp by exact Hg. lia. }
    rewrite E. apply undo_in_preds; [exact Hcap | discriminate].
  - (* A promotion to [r] on [s]. *)
    set (tp := tag_of r s).
    assert (Htp : In tp promoted_tags) by (apply tag_of_promoted; exact Hr).
    assert (Hgain' : forall g, In g census_tags -> tag_eqb g TPawn = false ->
      cnt b' us g = (cnt b us g + if tag_eqb g tp then 1 else 0)%nat).
    { intros g Hg Hnp. rewrite Hgain.
      - rewrite ind_tag by exact Hg. reflexivity.
      - intros ->. simpl in Hg. intuition discriminate.
      - intros ->. discriminate. }
    assert (E : census_of G = undo cap (Some (us, tp)) (census_of G')).
    { unfold undo, census_of. fold b b'. unfold unpromote. simpl fst.
      rewrite !census_change_map.
      destruct cap as [k|] eqn:Ec.
      - unfold uncapture. rewrite census_change_map. apply map_ext_in. intros [c g] Hk'.
        simpl. pose proof (slot_tag c g Hk') as Hg.
        destruct (color_eqb c us) eqn:Ecu.
        + apply color_eqb_eq in Ecu. subst c.
          assert (Hk : slot_eqb (us, g) k = false).
          { unfold cap in Ec. destruct o as [[? rv]|]; [|discriminate]. injection Ec as <-.
            unfold slot_eqb. simpl. rewrite color_eqb_opp. reflexivity. }
          rewrite Hk. unfold slot_eqb. simpl. rewrite color_eqb_refl. simpl.
          destruct (tag_eqb g TPawn) eqn:Ep.
          * destruct g; try discriminate. rewrite (promoted_not_pawn' tp Htp). lia.
          * rewrite (Hgain' g Hg Ep). destruct (tag_eqb g tp); lia.
        + apply color_neq_opp in Ecu. subst c. rewrite Hopp by exact Hg.
          assert (Hx : forall g', slot_eqb (opp us, g) (us, g') = false)
            by (intros; unfold slot_eqb; simpl; rewrite color_eqb_opp'; reflexivity).
          rewrite !Hx. destruct (slot_eqb (opp us, g) k); lia.
      - apply map_ext_in. intros [c g] Hk'. simpl. pose proof (slot_tag c g Hk') as Hg.
        destruct (color_eqb c us) eqn:Ecu.
        + apply color_eqb_eq in Ecu. subst c.
          unfold slot_eqb. simpl. rewrite color_eqb_refl. simpl.
          destruct (tag_eqb g TPawn) eqn:Ep.
          * destruct g; try discriminate. rewrite (promoted_not_pawn' tp Htp). lia.
          * rewrite (Hgain' g Hg Ep). destruct (tag_eqb g tp); lia.
        + apply color_neq_opp in Ecu. subst c. rewrite Hopp by exact Hg.
          unfold slot_eqb. simpl. rewrite color_eqb_opp'. simpl. lia. }
    rewrite E. apply undo_in_preds; [exact Hcap|].
    intros k Hk. injection Hk as <-. apply promoted_in_slots; exact Htp.
Qed.

(** ** The census simulates the game *)

Lemma census_eqb_spec : forall x y, census_eqb x y = true <-> x = y.
Proof.
  induction x as [|a x IH]; intros [|c y]; simpl; split; intros H; try discriminate; auto.
  - apply andb_prop in H. destruct H as [H1 H2]. apply Nat.eqb_eq in H1. apply IH in H2. congruence.
  - injection H as <- <-. rewrite Nat.eqb_refl. simpl. apply IH. reflexivity.
Qed.

Lemma census_board : forall P Q, same_board P Q -> census_of P = census_of Q.
Proof.
  intros P Q H. unfold census_of. apply map_ext. intros k. apply cnt_ext. exact H.
Qed.

Lemma census_viable_of : forall P, side_ok (piece_at P) White -> side_ok (piece_at P) Black ->
  census_viable (census_of P) = true.
Proof.
  intros P (_ & Hw1 & Hw2) (_ & Hb1 & Hb2).
  unfold census_viable, census_side_ok, census_of. simpl.
  repeat (apply andb_true_intro; split); apply Nat.leb_le; lia.
Qed.

Theorem census_simulates : simulates census.
Proof.
  constructor.
  - exact census_eqb_spec.
  - exact census_board.
  - intros h G m G' Hg (Hl & _). simpl.
    exact (census_step G m G' Hl (ep_inv_of G (inv_game h G Hg))).
  - intros h G Hg. simpl. pose proof (inv_game h G Hg) as Hi.
    apply census_viable_of; apply side_ok_inv; exact Hi.
Qed.

Theorem check_census_sound : forall P S, check_census P S = true -> ~ reachable P.
Proof. intros P S. apply check_history_sound. exact census_simulates. Qed.

(** ** The pawn files: counting *)

Lemma occ_app : forall k l l', occ k (l ++ l') = occ k l + occ k l'.
Proof. intros k l l'. unfold occ. rewrite filter_app, app_length. reflexivity. Qed.

Lemma occ_nil : forall k, occ k [] = 0.
Proof. reflexivity. Qed.

Lemma wsum_ext : forall k b b' l, (forall s, In s l -> b s = b' s) -> wsum k b l = wsum k b' l.
Proof.
  intros k b b' l; induction l as [|s l IH]; simpl; intros H; auto.
  rewrite H by auto. rewrite IH by auto. reflexivity.
Qed.

Lemma wsum_upd : forall k b b' x l, NoDup l ->
  (forall s, In s l -> s <> x -> b' s = b s) ->
  wsum k b' l + (if inb x l then occ k (slots_at x (b x)) else 0) =
  wsum k b l + (if inb x l then occ k (slots_at x (b' x)) else 0).
Proof.
  intros k b b' x l; induction l as [|s l IH]; simpl; intros Hnd H; [reflexivity|].
  inversion Hnd as [|? ? Hs Hnd']; subst.
  destruct (x =? s)%uint63 eqn:E; simpl.
  - apply eqb_true in E; subst s.
    assert (inb x l = false) as Hx.
    { destruct (inb x l) eqn:F; auto. apply inb_in in F. contradiction. }
    rewrite (wsum_ext k b' b l).
    + lia.
    + intros s Hs'. apply H; [right; auto|]. intros ->; contradiction.
  - rewrite (H s) by (auto; intros ->; rewrite eqb_same in E; discriminate).
    specialize (IH Hnd' (fun s Hs Hn => H s (or_intror Hs) Hn)). lia.
Qed.

(** The counts before and after a change of the board on the squares [D]. *)
Lemma wsum_diff : forall k D b b', NoDup D -> incl D all_squares ->
  (forall s, In s all_squares -> ~ In s D -> b' s = b s) ->
  scount b' k + wsum k b D = scount b k + wsum k b' D.
Proof.
  intros k D; induction D as [|x D IH]; simpl; intros b b' Hnd Hincl H.
  - unfold scount. rewrite (wsum_ext k b' b); [lia|]. intros s Hs. apply H; auto.
  - inversion Hnd as [|? ? Hx Hnd']; subst.
    set (b1 := fun s => if (s =? x)%uint63 then b x else b' s).
    assert (Hxin : In x all_squares) by (apply Hincl; left; auto).
    assert (Hb1x : b1 x = b x) by (unfold b1; rewrite eqb_same; reflexivity).
    assert (E1 : scount b1 k + wsum k b D = scount b k + wsum k b1 D).
    { apply IH; auto.
      - intros s Hs; apply Hincl; right; auto.
      - intros s Hs HsD. unfold b1. destruct (s =? x)%uint63 eqn:E.
        + apply eqb_true in E; subst; reflexivity.
        + apply H; auto. intros [->|]; [rewrite eqb_same in E; discriminate | contradiction]. }
    assert (E2 := wsum_upd k b1 b' x all_squares all_squares_NoDup).
    rewrite (in_inb _ _ Hxin), Hb1x in E2.
    assert (E3 : wsum k b1 D = wsum k b' D).
    { apply wsum_ext. intros s Hs. unfold b1. rewrite eqb_false; auto. intros ->; contradiction. }
    unfold scount in *. rewrite E3 in E1.
    assert (E4 : wsum k b' all_squares + occ k (slots_at x (b x)) =
                 wsum k b1 all_squares + occ k (slots_at x (b' x))).
    { apply E2. intros s _ Hs. unfold b1. rewrite eqb_false by auto. reflexivity. }
    lia.
Qed.

Lemma shift_map_l : forall plus minus (h : slot -> nat) l,
  map (fun '(k, n) => n + occ k plus - occ k minus) (combine l (map h l)) =
  map (fun k => h k + occ k plus - occ k minus) l.
Proof. intros plus minus h l; induction l as [|s l IH]; simpl; [reflexivity|]. rewrite IH. reflexivity. Qed.

Lemma shift_map : forall plus minus (h : slot -> nat),
  shift plus minus (map h file_slots) = map (fun k => h k + occ k plus - occ k minus) file_slots.
Proof. intros; apply shift_map_l. Qed.

Lemma shift_cancel : forall v a x, shift (v ++ a) a x = shift (v ++ []) [] x.
Proof.
  intros v a x. unfold shift. apply map_ext. intros [k n].
  assert (E : occ k [] = 0) by reflexivity. rewrite !occ_app, E. lia.
Qed.

(** ** The pawn files: squares and files *)

Lemma fnat_files : forall s, In s all_squares -> In (fnat s) files.
Proof.
  intros s Hs.
  assert (H : forallb (fun s => existsb (Nat.eqb (fnat s)) files) all_squares = true)
    by (vm_compute; reflexivity).
  rewrite forallb_forall in H. specialize (H s Hs). apply existsb_exists in H.
  destruct H as (i & Hi & E). apply Nat.eqb_eq in E. rewrite E. exact Hi.
Qed.

Lemma neighbours_in : forall i j, In i files -> In j files -> absd i j = 1 -> In (i, j) neighbours.
Proof.
  intros i j Hi Hj E. simpl in Hi, Hj.
  intuition (subst; unfold absd in E; simpl in E; try discriminate; simpl; tauto).
Qed.

Lemma pawn_slot_in : forall c i, In i files -> In (PawnOn c i) file_slots.
Proof.
  intros c i H. unfold file_slots. rewrite !in_app_iff. destruct c; [left|right; left]; apply in_map, H.
Qed.

Lemma men_slot_in : forall c g, In g promoted_tags -> In (Men c g) file_slots.
Proof.
  intros c g H. unfold file_slots. rewrite !in_app_iff. right; right.
  destruct c; [left|right]; apply in_map, H.
Qed.

Lemma slot_of_victim : forall c r s, r <> King -> In s all_squares ->
  In (slot_of s (MkPiece c r)) victim_changes.
Proof.
  intros c r s Hr Hs. unfold victim_changes. right.
  assert (Hk : exists k, slot_of s (MkPiece c r) = [k] /\ In k file_slots).
  { destruct r; try congruence.
    - exists (PawnOn c (fnat s)). split; [reflexivity|]. apply pawn_slot_in, fnat_files, Hs.
    - exists (Men c (tag_of Knight s)). split; [reflexivity|]. apply men_slot_in, tag_of_promoted; simpl; tauto.
    - exists (Men c (tag_of Bishop s)). split; [reflexivity|]. apply men_slot_in, tag_of_promoted; simpl; tauto.
    - exists (Men c (tag_of Rook s)). split; [reflexivity|]. apply men_slot_in, tag_of_promoted; simpl; tauto.
    - exists (Men c (tag_of Queen s)). split; [reflexivity|]. apply men_slot_in, tag_of_promoted; simpl; tauto. }
  destruct Hk as (k & -> & Hk). apply (in_map (fun k => [k])). exact Hk.
Qed.

Lemma slots_at_victim : forall b us t, target_ok b us t -> In t all_squares ->
  In (slots_at t (b t)) victim_changes.
Proof.
  intros b us t Htg Ht. destruct (target_cases b us t Htg) as [->|(r & -> & Hr)].
  - left; reflexivity.
  - apply slot_of_victim; auto.
Qed.

Lemma slot_of_same : forall c r s s', r <> Pawn -> (r = Bishop -> is_light s = is_light s') ->
  slot_of s (MkPiece c r) = slot_of s' (MkPiece c r).
Proof. intros c [] s s' Hp Hb; simpl; try reflexivity; [congruence|]. rewrite Hb by reflexivity. reflexivity. Qed.

(** ** The pawn files: how a legal move changes the counts *)

Lemma incl_sq : forall f t : int, In f all_squares -> In t all_squares -> incl [f; t] all_squares.
Proof. intros f t Hf Ht x [<-|[<-|[]]]; assumption. Qed.

Lemma incl_sq3 : forall f t v : int, In f all_squares -> In t all_squares -> In v all_squares ->
  incl [f; t; v] all_squares.
Proof. intros f t v Hf Ht Hv x [<-|[<-|[<-|[]]]]; assumption. Qed.

Lemma files_step_eq : forall G m G', legal_move G m G' -> inv G = true ->
  let b := piece_at G in let b' := piece_at G' in
  exists V A B, In V victim_changes /\
    (A = B \/ In (A, B) promotions \/ (In V captured /\ In (A, B) pawn_shifts)) /\
    forall k, scount b k + occ k B = scount b' k + occ k (V ++ A).
Proof.
  intros G m G' Hl Hi b b'.
  apply RulesFast.legal_move_iff in Hl.
  pose proof (pawns_ok_inv G Hi) as Hpok. pose proof (ep_inv_of G Hi) as Hep.
  open_move Hl Hep Hps Hf Ht Hk.
  fold b b' in Hk, Hps. set (us := turn G) in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - (* a normal move *)
    exists (slots_at t (b t)), (slot_of f (MkPiece us r)), (slot_of t (MkPiece us r)).
    split; [apply (slots_at_victim b us t Htg Ht)|]. split.
    + destruct r; try (left; apply slot_of_same; [discriminate|]; intros E; try discriminate;
                       symmetry; eapply man_moves_light; eauto).
      destruct (pawn_move_geo b us f t Hf Ht (Hpok f us Hf Hbf) Hmm) as (_ & _ & [E|(E & Hbt)]).
      * left. simpl. rewrite E. reflexivity.
      * right; right. split.
        { destruct (target_cases b us t Htg) as [Hn|(r' & Hv & Hr')]; [contradiction|].
          pose proof (slot_of_victim (opp us) r' t Hr' Ht) as Hin. rewrite Hv.
          destruct Hin as [E'|Hin]; [|exact Hin].
          destruct r'; try discriminate E'. contradiction. }
        apply in_flat_map. exists us. split; [destruct us; simpl; tauto|].
        change (slot_of f (MkPiece us Pawn), slot_of t (MkPiece us Pawn)) with
          ((fun '(i, j) => ([PawnOn us i], [PawnOn us j])) (fnat f, fnat t)).
        apply in_map. apply neighbours_in; auto using fnat_files.
    + intros k. pose proof (wsum_diff k [f; t] b b') as E.
      assert (Hd : forall s, In s all_squares -> ~ In s [f; t] -> b' s = b s)
        by (intros s Hs Hn; apply Hsame; auto; intros ->; simpl in Hn; tauto).
      specialize (E (NoDup2 f t Hft) (incl_sq _ _ Hf Ht) Hd).
      cbn [wsum] in E. rewrite Hbf, Hb'f, Hb't in E. cbn [slots_at] in E. rewrite !occ_nil in E.
      rewrite occ_app. lia.
  - (* a promotion *)
    exists (slots_at t (b t)), [PawnOn us (fnat f)], (slot_of t (MkPiece us r)).
    split; [apply (slots_at_victim b us t Htg Ht)|]. split.
    + right; left. apply in_flat_map. exists us. split; [destruct us; simpl; tauto|].
      apply in_flat_map. exists (fnat f). split; [apply fnat_files, Hf|].
      assert (Hs : slot_of t (MkPiece us r) = [Men us (tag_of r t)])
        by (destruct r; simpl in Hr; intuition discriminate).
      rewrite Hs. apply (in_map (fun g => ([PawnOn us (fnat f)], [Men us g]))).
      apply tag_of_promoted, Hr.
    + intros k. pose proof (wsum_diff k [f; t] b b') as E.
      assert (Hd : forall s, In s all_squares -> ~ In s [f; t] -> b' s = b s)
        by (intros s Hs Hn; apply Hsame; auto; intros ->; simpl in Hn; tauto).
      specialize (E (NoDup2 f t Hft) (incl_sq _ _ Hf Ht) Hd).
      cbn [wsum] in E. rewrite Hbf, Hb'f, Hb't in E. cbn [slots_at] in E. rewrite !occ_nil in E.
      change (slot_of f (MkPiece us Pawn)) with [PawnOn us (fnat f)] in E. rewrite occ_app. lia.
  - (* en passant *)
    set (v := ep_victim us t) in *.
    exists [PawnOn (opp us) (fnat v)], [PawnOn us (fnat f)], [PawnOn us (fnat t)].
    assert (HV : In [PawnOn (opp us) (fnat v)] captured).
    { apply (in_map (fun k => [k])). apply pawn_slot_in, fnat_files, Hv. }
    split; [right; exact HV|]. split.
    + right; right. split; [exact HV|]. apply in_flat_map. exists us. split; [destruct us; simpl; tauto|].
      change ([PawnOn us (fnat f)], [PawnOn us (fnat t)]) with
        ((fun '(i, j) => ([PawnOn us i], [PawnOn us j])) (fnat f, fnat t)).
      apply in_map. destruct Hps as (_ & _ & _ & Hatt & _).
      destruct (pawn_attack_geo us f t Hf Ht (Hpok f us Hf Hbf) Hatt) as (_ & E).
      apply neighbours_in; auto using fnat_files.
    + intros k. pose proof (wsum_diff k [f; t; v] b b') as E.
      assert (Hd : forall s, In s all_squares -> ~ In s [f; t; v] -> b' s = b s)
        by (intros s Hs Hn; apply Hsame; auto; intros ->; simpl in Hn; tauto).
      specialize (E (NoDup3 f t v Hft Hfv Htv)
                    (incl_sq3 _ _ _ Hf Ht Hv) Hd).
      cbn [wsum] in E. rewrite Hbf, Hbt, Hbv, Hb'f, Hb't, Hb'v in E. cbn [slots_at slot_of] in E.
      rewrite !occ_nil in E. rewrite occ_app. lia.
  - (* castling *)
    set (rf := castle_rook_from us side) in *. set (rt := castle_rook_to us side) in *.
    exists [], [], []. split; [left; reflexivity|]. split; [left; reflexivity|].
    intros k. pose proof (wsum_diff k [f; t; rf; rt] b b' Hnd Hincl Hsame) as E.
    cbn [wsum] in E. rewrite Hbf, Hbr, Hbt, Hbrt, Hb'f, Hb'r, Hb't, Hb'rt in E. cbn [slots_at slot_of] in E.
    rewrite ?occ_nil in E. simpl tag_of in E. simpl app. rewrite !occ_nil. lia.
Qed.

Lemma files_step : forall G m G', legal_move G m G' -> inv G = true ->
  In (files_of G) (files_preds (files_of G')).
Proof.
  intros G m G' Hl Hi.
  destruct (files_step_eq G m G' Hl Hi) as (V & A & B & HV & HAB & Heq).
  assert (E : files_of G = shift (V ++ A) B (files_of G')).
  { unfold files_of. rewrite shift_map. apply map_ext. intros k. specialize (Heq k). lia. }
  rewrite E. unfold files_preds. rewrite !in_app_iff.
  destruct HAB as [<-|[HAB|(HVc & HAB)]].
  - left. rewrite shift_cancel, app_nil_r. apply (in_map (fun v => shift v [] (files_of G'))). exact HV.
  - right; left. apply in_flat_map. exists V. split; [exact HV|].
    change (shift (V ++ A) B (files_of G')) with
      ((fun '(a, b) => shift (V ++ a) b (files_of G')) (A, B)).
    apply in_map. exact HAB.
  - right; right. apply in_flat_map. exists V. split; [exact HVc|].
    change (shift (V ++ A) B (files_of G')) with
      ((fun '(a, b) => shift (V ++ a) b (files_of G')) (A, B)).
    apply in_map. exact HAB.
Qed.

(** ** The pawn files: game positions are viable *)

Lemma occ_men : forall c g s o, In g promoted_tags -> occ (Men c g) (slots_at s o) = ind c g s o.
Proof.
  intros c g s [[c' r]|] Hg; [|reflexivity]. simpl in Hg.
  destruct r, c, c'; unfold slots_at, slot_of, occ, ind, tagged; simpl;
    intuition (subst; simpl; try reflexivity; destruct (is_light s); reflexivity).
Qed.

Lemma scount_men : forall b c g, In g promoted_tags -> scount b (Men c g) = cnt b c g.
Proof.
  intros b c g Hg. unfold scount, cnt. induction all_squares as [|s l IH]; simpl; [reflexivity|].
  rewrite IH, occ_men by exact Hg. reflexivity.
Qed.

Definition pawn_total (b : board_fn) (c : color) : nat :=
  scount b (PawnOn c 0) + scount b (PawnOn c 1) + scount b (PawnOn c 2) + scount b (PawnOn c 3) +
  scount b (PawnOn c 4) + scount b (PawnOn c 5) + scount b (PawnOn c 6) + scount b (PawnOn c 7).

Lemma occ_pawns : forall c s o, In s all_squares ->
  occ (PawnOn c 0) (slots_at s o) + occ (PawnOn c 1) (slots_at s o) + occ (PawnOn c 2) (slots_at s o) +
  occ (PawnOn c 3) (slots_at s o) + occ (PawnOn c 4) (slots_at s o) + occ (PawnOn c 5) (slots_at s o) +
  occ (PawnOn c 6) (slots_at s o) + occ (PawnOn c 7) (slots_at s o) = ind c TPawn s o.
Proof.
  intros c s [[c' r]|] Hs; [|reflexivity].
  destruct r; try (destruct c, c'; reflexivity).
  pose proof (fnat_files s Hs) as Hf. unfold slots_at, slot_of. simpl in Hf.
  destruct c, c'; unfold occ, ind, tagged; simpl;
    intuition (match goal with H : _ = fnat s |- _ => rewrite <- H end; reflexivity).
Qed.

Lemma pawn_total_cnt : forall b c, pawn_total b c = cnt b c TPawn.
Proof.
  intros b c. unfold pawn_total, scount, cnt.
  assert (H : forall l, incl l all_squares ->
    wsum (PawnOn c 0) b l + wsum (PawnOn c 1) b l + wsum (PawnOn c 2) b l + wsum (PawnOn c 3) b l +
    wsum (PawnOn c 4) b l + wsum (PawnOn c 5) b l + wsum (PawnOn c 6) b l + wsum (PawnOn c 7) b l =
    cnt_l b c TPawn l).
  { intros l; induction l as [|s l IH]; simpl; intros Hl; [reflexivity|].
    rewrite <- (occ_pawns c s (b s)) by (apply Hl; left; reflexivity).
    rewrite <- IH by (intros x Hx; apply Hl; right; exact Hx). lia. }
  apply H. intros x Hx; exact Hx.
Qed.

Lemma files_viable_of : forall P, side_ok (piece_at P) White -> side_ok (piece_at P) Black ->
  files_viable (files_of P) = true.
Proof.
  intros P (_ & Hw1 & Hw2) (_ & Hb1 & Hb2).
  pose proof (pawn_total_cnt (piece_at P) White) as Pw. pose proof (pawn_total_cnt (piece_at P) Black) as Pb.
  unfold pawn_total in Pw, Pb.
  assert (M : forall c g, In g promoted_tags -> scount (piece_at P) (Men c g) = cnt (piece_at P) c g)
    by (intros; apply scount_men; auto).
  unfold files_viable, files_side_ok, files_of.
  cbn [file_slots files promoted_tags map app nth length Nat.eqb Nat.mul Nat.add].
  rewrite Pw, Pb, !M by (simpl; tauto).
  repeat (apply andb_true_intro; split); try reflexivity; apply Nat.leb_le; assumption.
Qed.

Theorem pawn_files_simulates : simulates pawn_files.
Proof.
  constructor.
  - exact census_eqb_spec.
  - intros P Q H. simpl. unfold files_of. apply map_ext. intros k. unfold scount.
    apply wsum_ext. intros s Hs. exact (H s Hs).
  - intros h G m G' Hg (Hl & _). simpl. right.
    exact (files_step G m G' Hl (inv_game h G Hg)).
  - intros h G Hg. simpl. pose proof (inv_game h G Hg) as Hi.
    apply files_viable_of; apply side_ok_inv; exact Hi.
Qed.

Theorem check_files_sound : forall P S, check_files P S = true -> ~ reachable P.
Proof. intros P S. apply check_history_sound. exact pawn_files_simulates. Qed.
