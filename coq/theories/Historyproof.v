(** * Historyproof: the checkers of History.v are sound.

    Headline theorems:

    - [check_history_sound]: for an abstraction that simulates the game
      ([simulates], below), a certificate [check_history] accepts proves
      [~ reachable P];
    - [census_simulates]: the census of History.v simulates the game;
    - [check_census_sound]: hence a census certificate proves
      [~ reachable P].

    [simulates A] is what an abstraction owes, once: its equality test is
    exact, [alpha] reads the board only, every legal move of a game leaves
    [alpha] unchanged or is an abstract step back ([apreds]) from the
    position after it to the position before it, and game positions are
    viable.  The induction over games is done here, once
    ([closed_not_in]): the abstract states of a game, walked back from its
    last position, stay in a closed set; the initial one is not in it. *)

From Coq Require Import Uint63 List Bool Arith Lia PArith FMapPositive.
From RetroProof Require Import Gen.Vocab Board Rules Material Game Facts Invariants History.
From RetroProof Require RulesFast.
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

Definition tag_of (r : role) (s : int) : tag :=
  match r with
  | Pawn => TPawn | Knight => TKnight | Bishop => if is_light s then TLight else TDark
  | Rook => TRook | Queen => TQueen | King => TKing
  end.

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

(** The census of the position before a move, from the census after it
    and what the move took (slot [kv], when [tv]) and promoted to (slot
    [kp], when [tp]). *)
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
