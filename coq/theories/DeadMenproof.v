(** * DeadMenproof: the pawn ceiling and the dead men along a game (part
    of the proof of PawnCapturesproof.v).

    Headline theorems:

    - [top_back]: a pawn ceiling ([top_ok]) of a position of a game holds
      at the position before; [pawn_top_ok]: [pawn_top] (PawnCaptures.v)
      is one;
    - [dead_step]: with validated cages [Ys] ([cages_ok]), [Dm b :=
      caged initial - caged b] satisfies the two conditions of
      [ghost_step] (Ghostproof.v) on every move of a game whose last
      position has the frozen set [X] closed, its columns in place and the
      ceiling [top]. *)

From Coq Require Import Uint63 PArray List Bool Arith ZArith Lia.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts RulesCheck
  Game Reachable Invariants Completeness Frozen Frozenproof PawnCaptures PawnMovesproof.
From RetroProof Require RegionCountproof.
Import ListNotations.
Open Scope nat_scope.

(** ** The pawn ceiling along a game

    [top_ok b c top]: no pawn of [c] stands above relative rank [top] --
    vacuously when no square is above it, and otherwise with all 8 of
    [c]'s pawns on the board.  It holds at every position of a game whose
    last position has it ([top_back]): the count of [c]'s pawns never
    grows and is at most 8, so a move that takes one away leaves fewer
    than 8, and a pawn that moves goes up ([pawn_up]).  [pawn_top]
    (PawnCaptures.v) is such a rank ([pawn_top_ok]). *)

Definition top_ok (b : board_fn) (c : color) (top : int) : Prop :=
  (forall t, In t all_squares -> (top <? relative_rank c t)%uint63 = false) \/
  (cnt b c TPawn = 8 /\
   forall s, In s all_squares -> b s = Some (MkPiece c Pawn) -> (top <? relative_rank c s)%uint63 = false).

Lemma top_ok_ext : forall b b' c top, (forall s, In s all_squares -> b s = b' s) ->
  top_ok b c top -> top_ok b' c top.
Proof.
  intros b b' c top H [Hall|(H8 & Hup)]; [left; exact Hall|right].
  split.
  - rewrite <- H8. apply cnt_ext. intros s Hs. symmetry. apply H, Hs.
  - intros s Hs Hb. apply Hup; [exact Hs|]. rewrite H by exact Hs. exact Hb.
Qed.

(** A pawn moving forward or capturing goes up a rank or two. *)
Lemma pawn_up : forall b c f t, In f all_squares -> In t all_squares ->
  man_moves b c Pawn f t \/ inb t (pawn_attacks c f) = true ->
  (relative_rank c f <? relative_rank c t)%uint63 = true.
Proof.
  assert (H : forall c f t, In f all_squares -> In t all_squares ->
    negb ((t =? pawn_step c f)%uint63 || (t =? pawn_step c (pawn_step c f))%uint63 ||
           inb t (pawn_attacks c f)) ||
     (relative_rank c f <? relative_rank c t)%uint63 = true) by by_squares.
  intros b c f t Hf Ht Hm. specialize (H c f t Hf Ht).
  destruct Hm as [[(E & _)|[(_ & E & _)|(E & _)]]|E]; rewrite E in H; rewrite ?orb_true_r in H; exact H.
Qed.

(** [x <= y] and [y < z] as integers, the way [top_ok] states them. *)
Lemma ceiling_trans : forall top x y, (top <? y)%uint63 = false -> (x <? y)%uint63 = true ->
  (top <? x)%uint63 = false.
Proof.
  intros top x y H1 H2. destruct (top <? x)%uint63 eqn:E; [|reflexivity].
  apply Uint63.ltb_spec in E, H2. destruct (top <? y)%uint63 eqn:E'; [discriminate|].
  exfalso. assert (Hn : ~ (to_Z top < to_Z y)%Z) by (intros Hl; apply Uint63.ltb_spec in Hl; congruence).
  lia.
Qed.

Section Ceiling.

Context (Q P : position) (m : move) (c : color).
Context (Hl : legal_move Q m P) (HQ : inv Q = true).

Let b := piece_at Q.
Let b' := piece_at P.

Lemma pawns_at_most_8 : cnt b c TPawn <= 8.
Proof.
  destruct (inv_elim Q HQ) as (Hm & _). apply material_ok_iff in Hm as (HW & HB & _).
  destruct c; [destruct HW as (_ & H & _)|destruct HB as (_ & H & _)]; exact H.
Qed.

Theorem top_back : forall top, top_ok b' c top -> top_ok b c top.
Proof.
  intros top [Hall|(H8 & Hup)]; [left; exact Hall|right].
  pose proof pawns_at_most_8 as Hle.
  pose proof (ep_inv_of Q HQ) as Hep.
  (* a move taking one of [c]'s pawns away would leave fewer than 8 *)
  assert (Hfewer : cnt b' c TPawn + 1 <= cnt b c TPawn -> False) by lia.
  open_move Hl Hep Hps Hf Ht Hk. fold b b' in Hk, Hps.
  set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  split.
  - destruct (count_step Q m P Hl Hep) as (Hopp & _ & _ & _ & Hus). fold b b' us in Hopp, Hus.
    assert (Hcol : us = c \/ c = opp us) by (destruct us, c; auto).
    destruct Hcol as [Ec|Ec].
    + rewrite <- Ec in *. destruct Hus as [E|(r & s & _ & E & _)]; [rewrite E in H8; exact H8|lia].
    + rewrite Ec in *. specialize (Hopp TPawn). lia.
  - intros s Hs Hbs. shape_inv Hk.
    + sq_cases s [f; t].
      * rewrite Hbf in Hbs. injection Hbs as Eu Er. subst r. rewrite <- Eu in *.
        apply (ceiling_trans _ _ (relative_rank us t) (Hup t Ht Hb't)).
        apply (pawn_up b); [exact Hf|exact Ht|left; exact Hmm].
      * (* a pawn of [c] taken on [t] *)
        exfalso. destruct (target_cases b us t Htg) as [E|(r' & E & _)]; [congruence|].
        rewrite Hbs in E. injection E as Eu _.
        apply Hfewer, (pawn_drop2 b b' c f t t _ Hf Ht Hft Hsame Hb'f Hb't); [|right; reflexivity|exact Hbs].
        intros E. injection E as E _. rewrite Eu in E. destruct us; discriminate E.
      * apply Hup; [exact Hs|]. rewrite Hsame by auto. exact Hbs.
    + sq_cases s [f; t].
      * (* the pawn promotes *)
        exfalso. apply Hfewer, (pawn_drop2 b b' c f t f _ Hf Ht Hft Hsame Hb'f Hb't); [|left; reflexivity|exact Hbs].
        intros E. injection E as _ E. subst r. clear - Hr. cbn in Hr. intuition discriminate.
      * (* a pawn of [c] taken on [t] *)
        exfalso. destruct (target_cases b us t Htg) as [E|(r' & E & _)]; [congruence|].
        rewrite Hbs in E. injection E as Eu _.
        apply Hfewer, (pawn_drop2 b b' c f t t _ Hf Ht Hft Hsame Hb'f Hb't); [|right; reflexivity|exact Hbs].
        intros E. injection E as E _. rewrite Eu in E. destruct us; discriminate E.
      * apply Hup; [exact Hs|]. rewrite Hsame by auto. exact Hbs.
    + set (v := ep_victim us t) in *.
      sq_cases s [f; t; v].
      * rewrite Hbf in Hbs. injection Hbs as Eu. rewrite <- Eu in *.
        apply (ceiling_trans _ _ (relative_rank us t) (Hup t Ht Hb't)).
        destruct Hps as (_ & _ & _ & Ha & _).
        apply (pawn_up b); auto; right; exact Ha.
      * congruence.
      * exfalso. rewrite Hbv in Hbs. injection Hbs as Eu. rewrite <- Eu in *.
        apply Hfewer, (tag_drop b b' [f; t; v] _ TPawn v).
        -- apply NoDup3; auto.
        -- apply incl_list; simpl; intros y [<-|[<-|[<-|[]]]]; auto.
        -- simpl; auto.
        -- intros s0 Hq Hn. apply Hsame; auto; intros ->; apply Hn; cbn [In]; auto.
        -- intros s0 [<-|[<-|[<-|[]]]]; [rewrite Hb'f|rewrite Hb't, ind_other|rewrite Hb'v]; reflexivity.
        -- rewrite Hbv. destruct us; reflexivity.
      * apply Hup; [exact Hs|]. rewrite Hsame by auto. exact Hbs.
    + sq_cases s [f; t; castle_rook_from us side; castle_rook_to us side]; try congruence.
      apply Hup; [exact Hs|]. rewrite Hsame by not_in_tac. exact Hbs.
Qed.

End Ceiling.

(** [pawn_top] is a ceiling of the board it is computed on. *)
Lemma pawn_top_fold : forall (b : board_fn) c l m0,
  let F := fold_left (fun m s => if opiece_eqb (b s) (Some (MkPiece c Pawn)) &&& (m <? relative_rank c s)%uint63
                                 then relative_rank c s else m) l m0 in
  (to_Z m0 <= to_Z F)%Z /\
  forall s, In s l -> b s = Some (MkPiece c Pawn) -> (to_Z (relative_rank c s) <= to_Z F)%Z.
Proof.
  intros b c l. induction l as [|s l IH]; intros m0; cbv zeta; cbn [fold_left].
  - split; [lia|intros s []].
  - set (m1 := if opiece_eqb (b s) (Some (MkPiece c Pawn)) &&& (m0 <? relative_rank c s)%uint63
               then relative_rank c s else m0).
    destruct (IH m1) as (H1 & H2). cbv zeta in H1, H2.
    assert (Hm : (to_Z m0 <= to_Z m1)%Z /\
                 (b s = Some (MkPiece c Pawn) -> (to_Z (relative_rank c s) <= to_Z m1)%Z)).
    { unfold m1. destruct (opiece_eqb (b s) (Some (MkPiece c Pawn))) eqn:Ep; cbv beta iota.
      - destruct (m0 <? relative_rank c s)%uint63 eqn:El.
        + apply Uint63.ltb_spec in El. split; [lia|intros _; lia].
        + assert (Hn : ~ (to_Z m0 < to_Z (relative_rank c s))%Z)
            by (intros Hl; apply Uint63.ltb_spec in Hl; congruence).
          split; [lia|intros _; lia].
      - split; [lia|]. intros Hb. rewrite Hb, (proj2 (opiece_eqb_eq _ _) eq_refl) in Ep. discriminate. }
    destruct Hm as (Hm1 & Hm2). split; [lia|].
    intros s' [<-|Hs'] Hb; [specialize (Hm2 Hb); lia|exact (H2 s' Hs' Hb)].
Qed.

Lemma pawn_top_ok : forall b c, top_ok b c (pawn_top b c).
Proof.
  intros b c. unfold pawn_top. rewrite RegionCountproof.count_on_pawns.
  destruct (Nat.eqb (cnt b c TPawn) 8) eqn:E8.
  - right. apply Nat.eqb_eq in E8. split; [exact E8|].
    intros s Hs Hb. destruct (pawn_top_fold b c all_squares 0%uint63) as (_ & H).
    specialize (H s Hs Hb). destruct (_ <? _)%uint63 eqn:E; [|reflexivity].
    apply Uint63.ltb_spec in E. lia.
  - left. intros t Ht.
    assert (H : forall c t, In t all_squares -> negb (7 <? relative_rank c t)%uint63 = true) by by_squares.
    specialize (H c t Ht).
    destruct (7 <? relative_rank c t)%uint63; [discriminate|reflexivity].
Qed.

(** ** Dead men along a game

    With the sets [Ys] validated ([cages_ok]), [Dm b := caged initial -
    caged b] satisfies the two conditions of [ghost_step] on every move of
    a game whose last position has [X] closed (so [X] is closed all game,
    and its men never move, [frozen_step_keeps]), the columns [cols] in
    place ([cuts_ok]) and [top] as [c]'s pawn ceiling ([top_ok]):

    - a move of [opp c] never takes one of its caged men out of its set
      ([caged_mover]): the man lands on a square of the set, for the
      squares outside it and [X] are closed under its exits not across a
      column ([cage_region]), so the man that arrives there came from
      there ([region_step_or] of FrozenRegionproof.v);
    - a move of [c] lowers [caged] by at most one, and only by a capture,
      which lowers the other side's men by one; never by a pawn, which
      would capture from a frozen square, or land above the ceiling (as a
      pawn, or promoting: [c] then has fewer than 8 pawns)
      ([caged_capture]). *)

Lemma cage_of_spec : forall X cols top c Ys, cages_ok X cols top c Ys = true ->
  forall r s, cage_of Ys r s = true ->
  exists Y, (forall s', cage_of Ys r s' = Y.[s']) /\ cage_closed X cols c r Y = true /\
            pawn_proof X top c Y = true.
Proof.
  intros X cols top c Ys; induction Ys as [|[r' Y] Ys IH]; intros Hok r s H; [discriminate|].
  unfold cages_ok in Hok. cbn [forallb] in Hok. apply andb_prop in Hok as [H1 H2].
  cbn [cage_of] in H. destruct (role_eqb r r') eqn:E.
  - apply role_eqb_eq in E. subst r'. exists Y. split; [intros s'; cbn [cage_of]; rewrite (proj2 (role_eqb_eq r r) eq_refl); reflexivity|].
    destruct (cage_closed X cols c r Y); [|discriminate]. auto.
  - destruct (IH H2 r s H) as (Y' & HY & Hc & Hp). exists Y'. split; [|auto].
    intros s'. cbn [cage_of]. rewrite E. apply HY.
Qed.

Lemma cage_region : forall X cols c r Y, cage_closed X cols c r Y = true ->
  region_closed (fun s => X.[s]) (cut cols (opp c) r) (opp c) r (fun s => negb Y.[s] && negb X.[s]).
Proof.
  intros X cols c r Y H s Hs Hv e He Hxe Hk. pose proof (forall_squares _ H s Hs) as H'.
  cbv beta in H', Hxe |- *.
  apply andb_prop in Hv as [Hy Hx]. apply negb_true_iff in Hy, Hx. rewrite Hy, Hx in H'. cbv iota in H'.
  rewrite region_exits_of_spec in H' by exact Hs. forallb_at H' He.
  rewrite Hxe, Hk in H'. rewrite Hxe. destruct (Y.[e]); [discriminate|reflexivity].
Qed.

Lemma caged_at_spec : forall Ys b c x, caged_at Ys b c x = true <->
  exists r, b x = Some (MkPiece (opp c) r) /\ cage_of Ys r x = true.
Proof.
  intros Ys b c x. unfold caged_at. destruct (b x) as [[c' r]|]; split.
  - intros H. destruct (color_eqb c' (opp c)) eqn:E; [|discriminate]. apply color_eqb_eq in E. subst c'. eauto.
  - intros (r' & E & H). injection E as -> ->. rewrite (proj2 (color_eqb_eq (opp c) (opp c)) eq_refl). exact H.
  - discriminate.
  - intros (r' & E & _). discriminate.
Qed.

Lemma caged_ext : forall Ys b b' c, (forall s, In s all_squares -> b s = b' s) -> caged Ys b c = caged Ys b' c.
Proof.
  intros Ys b b' c H. unfold caged. f_equal. apply filter_ext_in. intros s Hs. unfold caged_at. rewrite H by exact Hs.
  reflexivity.
Qed.

Lemma caged_nil : forall b c, caged [] b c = 0.
Proof.
  intros b c. unfold caged. generalize all_squares. intros l. induction l as [|s l IH]; [reflexivity|].
  cbn [filter]. unfold caged_at at 1. destruct (b s) as [[c' r]|]; [|exact IH].
  cbn [cage_of]. destruct (color_eqb c' (opp c)); exact IH.
Qed.

Section Dead.

Context (X : array bool) (cols : list (color * int * int)) (top : int) (c : color)
  (Ys : list (role * array bool)).
Context (Hok : cages_ok X cols top c Ys = true).
Context (Hpawn : forall s, cage_of Ys Pawn s = false) (Hking : forall s, cage_of Ys King s = false).
Context (Q P : position) (m : move).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (Hg : exists h, game h Q)
  (HX : closed_set (piece_at P) (fun s => X.[s]))
  (HK : forall r, cuts_ok (piece_at P) (fun s => X.[s]) (cut cols (opp c) r) (opp c) r)
  (Htop : top_ok (piece_at P) c top).

Let b := piece_at Q.
Let b' := piece_at P.

Lemma keeps : forall s, In s all_squares -> X.[s] = true -> b s = b' s.
Proof. intros s Hs Hx. exact (frozen_step_keeps Q P m _ Hl HQ HX Hg s Hs Hx). Qed.

(** A man of [opp c] of role [r] leaving [x], a square of its set, and the
    only square such a man leaves, lands on a square [y] of its set
    (moves other than promotions: no pawn of [opp c] leaves a square). *)
Lemma lands_in : forall r x y, cage_of Ys r x = true ->
  b x = Some (MkPiece (opp c) r) -> In y all_squares -> b' y = Some (MkPiece (opp c) r) ->
  b y <> Some (MkPiece (opp c) r) ->
  (forall s', In s' all_squares -> b' s' = None -> b s' = Some (MkPiece (opp c) r) -> s' = x) ->
  (forall s', In s' all_squares -> b s' = Some (MkPiece (opp c) Pawn) -> b' s' = None -> False) ->
  cage_of Ys r y = true.
Proof.
  intros r x y Hcx Hbx Hy Hb'y Hby Huniq Hnop.
  destruct (cage_of_spec X cols top c Ys Hok r x Hcx) as (Y & HY & Hc & _).
  rewrite HY in Hcx |- *. destruct (Y.[y]) eqn:Ey; [reflexivity|exfalso].
  destruct (X.[y]) eqn:Xy; [exact (Hby (eq_trans (keeps y Hy Xy) Hb'y))|].
  destruct (region_step_or Q P m (fun s => X.[s]) (cut cols (opp c) r) (opp c) r
              (fun s => negb Y.[s] && negb X.[s]) Hl HQ HX (cage_region X cols c r Y Hc) (HK r) Hg y Hy
              ltac:(cbv beta; rewrite Ey, Xy; reflexivity) Hb'y)
    as [(s' & Hs' & HVs' & Hbs' & [<-|Hn])|(_ & _ & _ & (f' & Hf' & Hbf' & Hb'f') & _)].
  - exact (Hby Hbs').
  - rewrite (Huniq s' Hs' Hn Hbs') in HVs'. cbv beta in HVs'. rewrite Hcx in HVs'. discriminate.
  - exact (Hnop f' Hf' Hbf' Hb'f').
Qed.

Lemma cage_role : forall r s, cage_of Ys r s = true -> r <> Pawn /\ r <> King.
Proof. intros r s H. split; intros ->; [rewrite Hpawn in H|rewrite Hking in H]; discriminate. Qed.

Theorem caged_mover : turn Q = opp c -> caged Ys b c <= caged Ys b' c.
Proof.
  intros Hturn.
  pose proof (ep_inv_of Q HQ) as Hep.
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk). fold b b' in Hk.
  rewrite Hturn in Hk. set (f := mv_from m) in *. set (t := mv_to m) in *.
  unfold caged. apply count_le; [exact all_squares_NoDup| |].
  - intros x Hx Ex Fx. apply caged_at_spec in Ex as (r & Hbx & Hcx).
    destruct (cage_role r x Hcx) as [Hrp Hrk].
    assert (Fx' : b' x <> Some (MkPiece (opp c) r)).
    { intros E. assert (Ex : caged_at Ys b' c x = true) by (apply caged_at_spec; eauto). congruence. }
    shape_inv Hk.
    + sq_cases x [f; t]; [|exfalso; exact (target_ok_not_own b (opp c) t r Htg Hbx)|
                           rewrite Hsame in Fx' by auto; contradiction].
      rewrite Hbf in Hbx. injection Hbx as ->.
      exists t. split; [exact Ht|]. split.
      * apply caged_at_spec. exists r. split; [exact Hb't|].
        apply (lands_in r f t Hcx Hbf Ht Hb't (target_ok_not_own b (opp c) t r Htg)).
        -- intros s' Hs' E1 E2. sq_cases s' [f; t]; [reflexivity|congruence|rewrite Hsame in E1 by auto; congruence].
        -- intros s' Hs' E1 E2. sq_cases s' [f; t]; [congruence|congruence|rewrite Hsame in E2 by auto; congruence].
      * destruct (caged_at Ys b c t) eqn:E; [|reflexivity]. apply caged_at_spec in E as (r' & E & _).
        exfalso. exact (target_ok_not_own b (opp c) t r' Htg E).
    + exfalso. sq_cases x [f; t]; [congruence|exact (target_ok_not_own b (opp c) t r Htg Hbx)|
                                  rewrite Hsame in Fx' by auto; contradiction].
    + exfalso. sq_cases x [f; t; ep_victim (opp c) t]; [congruence|congruence| |rewrite Hsame in Fx' by auto; contradiction].
      rewrite Hbv in Hbx. injection Hbx as E _. destruct c; discriminate.
    + sq_cases x [f; t; castle_rook_from (opp c) side; castle_rook_to (opp c) side];
        [..|rewrite Hsame in Fx' by not_in_tac; contradiction]; try congruence.
      (* the rook: it lands on its castling square, in the set *)
      rewrite Hbr in Hbx. injection Hbx as <-.
      assert (Hrt : In (castle_rook_to (opp c) side) all_squares) by (apply Hincl; simpl; auto).
      exists (castle_rook_to (opp c) side). split; [exact Hrt|]. split.
      * apply caged_at_spec. exists Rook. split; [exact Hb'rt|].
        apply (lands_in Rook (castle_rook_from (opp c) side) _ Hcx Hbr Hrt Hb'rt); [congruence| |].
        -- intros s' Hs' E1 E2.
           sq_cases s' [f; t; castle_rook_from (opp c) side; castle_rook_to (opp c) side];
             [..|rewrite Hsame in E1 by not_in_tac]; congruence.
        -- intros s' Hs' E1 E2.
           sq_cases s' [f; t; castle_rook_from (opp c) side; castle_rook_to (opp c) side];
             [..|rewrite Hsame in E2 by not_in_tac]; congruence.
      * unfold caged_at. rewrite Hbrt. reflexivity.
  - (* the square a caged man leaves is the mover's (or the castling rook's) *)
    intros x y Hx Hy Ex Fx Ey Fy.
    apply caged_at_spec in Ex as (rx & Hbx & Hcx). apply caged_at_spec in Ey as (ry & Hby & Hcy).
    assert (Fx' : b' x <> Some (MkPiece (opp c) rx))
      by (intros E; assert (caged_at Ys b' c x = true) by (apply caged_at_spec; eauto); congruence).
    assert (Fy' : b' y <> Some (MkPiece (opp c) ry))
      by (intros E; assert (caged_at Ys b' c y = true) by (apply caged_at_spec; eauto); congruence).
    shape_inv Hk.
    + assert (Hxf : x = f).
      { sq_cases x [f; t]; [reflexivity|exfalso; exact (target_ok_not_own b (opp c) t rx Htg Hbx)|
                            rewrite Hsame in Fx' by auto; contradiction]. }
      assert (Hyf : y = f).
      { sq_cases y [f; t]; [reflexivity|exfalso; exact (target_ok_not_own b (opp c) t ry Htg Hby)|
                            rewrite Hsame in Fy' by auto; contradiction]. }
      congruence.
    + exfalso. destruct (cage_role rx x Hcx) as [Hrp _].
      sq_cases x [f; t]; [congruence|exact (target_ok_not_own b (opp c) t rx Htg Hbx)|
                          rewrite Hsame in Fx' by auto; contradiction].
    + exfalso. destruct (cage_role rx x Hcx) as [Hrp _].
      sq_cases x [f; t; ep_victim (opp c) t]; [congruence|congruence| |rewrite Hsame in Fx' by auto; contradiction].
      rewrite Hbv in Hbx. injection Hbx as E _. destruct c; discriminate.
    + destruct (cage_role rx x Hcx) as [_ Hkx]. destruct (cage_role ry y Hcy) as [_ Hky].
      assert (Hxr : x = castle_rook_from (opp c) side).
      { sq_cases x [f; t; castle_rook_from (opp c) side; castle_rook_to (opp c) side];
          [..|rewrite Hsame in Fx' by not_in_tac; contradiction]; congruence. }
      assert (Hyr : y = castle_rook_from (opp c) side).
      { sq_cases y [f; t; castle_rook_from (opp c) side; castle_rook_to (opp c) side];
          [..|rewrite Hsame in Fy' by not_in_tac; contradiction]; congruence. }
      congruence.
Qed.

Theorem caged_capture : turn Q = c ->
  caged Ys b c <= caged Ys b' c \/
  (caged Ys b c <= caged Ys b' c + 1 /\ cnt b' (opp c) TMan + 1 <= cnt b (opp c) TMan /\
   b (mv_from m) <> Some (MkPiece c Pawn)).
Proof.
  intros Hturn.
  pose proof (ep_inv_of Q HQ) as Hep.
  open_move Hl Hep Hps Hf Ht Hk. fold b b' in Hk, Hps.
  rewrite Hturn in Hk, Hps. set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (Hone : forall x, In x all_squares -> caged_at Ys b c x = true -> caged_at Ys b' c x = false ->
            x = t /\ cnt b' (opp c) TMan + 1 <= cnt b (opp c) TMan /\ b f <> Some (MkPiece c Pawn)).
  { intros x Hx Ex Fx. apply caged_at_spec in Ex as (rx & Hbx & Hcx).
    destruct (cage_role rx x Hcx) as [Hrp _].
    assert (Fx' : b' x <> Some (MkPiece (opp c) rx))
      by (intros E; assert (caged_at Ys b' c x = true) by (apply caged_at_spec; eauto); congruence).
    (* no pawn of [c] captures on the set: it would capture from a frozen
       square, or land above [c]'s pawn ceiling (as a pawn, or promoting,
       which leaves fewer than 8 pawns) *)
    assert (Hnopawn : forall f0, In f0 all_squares -> b f0 = Some (MkPiece c Pawn) -> b' f0 = None ->
                      inb x (pawn_attacks c f0) = true ->
                      b' x = Some (MkPiece c Pawn) \/ cnt b' c TPawn + 1 <= cnt b c TPawn -> False).
    { intros f0 Hf0 Hb0 Hb'0 Ha Hland.
      destruct (cage_of_spec X cols top c Ys Hok rx x Hcx) as (Y & HY & _ & Hp).
      pose proof (forall_squares _ Hp x Hx) as H'. cbv beta in H'. rewrite <- HY, Hcx in H'.
      cbn [negb] in H'. cbv iota in H'.
      destruct (X.[x]) eqn:Xx; [exact (Fx' (eq_trans (eq_sym (keeps x Hx Xx)) Hbx))|].
      destruct (top <? relative_rank c x)%uint63 eqn:Ex.
      - pose proof (pawns_at_most_8 Q c HQ) as H8.
        destruct Htop as [Hall|(H8' & Hup)]; [rewrite (Hall x Hx) in Ex; discriminate|].
        fold b' in H8', Hup. destruct Hland as [Hl'|Hl'].
        + rewrite (Hup x Hx Hl') in Ex. discriminate.
        + fold b in H8. lia.
      - forallb_at H' (pawn_sym c f0 x Hf0 Ha).
        rewrite (keeps f0 Hf0 H') in Hb0. congruence. }
    assert (Hcap : forall D, NoDup D -> incl D all_squares -> In x D ->
              (forall s, In s all_squares -> ~ In s D -> b' s = b s) ->
              (forall s, In s D -> ind (opp c) TMan s (b' s) = 0) ->
              cnt b' (opp c) TMan + 1 <= cnt b (opp c) TMan)
      by (intros D Hnd Hi Hin Hs H0; exact (capture_count b b' D (opp c) x rx Hnd Hi Hin Hs H0 Hbx)).
    shape_inv Hk.
    + sq_cases x [f; t]; [rewrite Hbf in Hbx; injection Hbx as E _; destruct c; discriminate| |
                          rewrite Hsame in Fx' by auto; contradiction].
      split; [reflexivity|]. split.
      * apply (Hcap [f; t]).
        -- apply NoDup2; auto.
        -- apply incl_list; simpl; intros y [<-|[<-|[]]]; auto.
        -- simpl; auto.
        -- intros s Hs0 Hn. apply Hsame; auto; intros ->; apply Hn; cbn [In]; auto.
        -- intros s [<-|[<-|[]]]; [rewrite Hb'f|rewrite Hb't, ind_other]; reflexivity.
      * intros E. rewrite Hbf in E. injection E as ->.
        destruct Hmm as [(_ & Hbt)|[(_ & _ & _ & Hbt)|(Ha & _)]]; [congruence|congruence|].
        exact (Hnopawn f Hf Hbf Hb'f Ha (or_introl Hb't)).
    + exfalso. destruct Hps as (r0 & _ & _ & _ & _ & _ & Hmm).
      sq_cases x [f; t]; [congruence| |rewrite Hsame in Fx' by auto; contradiction].
      destruct Hmm as [(_ & Hbt)|[(_ & _ & _ & Hbt)|(Ha & _)]]; [congruence|congruence|].
      apply (Hnopawn f Hf Hbf Hb'f Ha). right.
      (* the promotion takes the pawn away *)
      apply (pawn_drop2 b b' c f t f _ Hf Ht Hft Hsame Hb'f Hb't); [|left; reflexivity|exact Hbf].
      intros E. injection E as E. subst r. clear - Hr. cbn in Hr. intuition discriminate.
    + exfalso. sq_cases x [f; t; ep_victim c t]; [congruence|congruence| |rewrite Hsame in Fx' by auto; contradiction].
      rewrite Hbv in Hbx. injection Hbx as E. apply Hrp. symmetry. exact E.
    + exfalso.
      sq_cases x [f; t; castle_rook_from c side; castle_rook_to c side];
        [..|rewrite Hsame in Fx' by not_in_tac; contradiction]; try congruence;
        first [rewrite Hbf in Hbx|rewrite Hbr in Hbx]; injection Hbx as E _; destruct c; discriminate. }
  pose proof (filter_le_plus (caged_at Ys b c) (caged_at Ys b' c) all_squares) as Hle.
  destruct (filter (fun x => caged_at Ys b c x && negb (caged_at Ys b' c x)) all_squares) as [|x rest] eqn:F.
  - left. unfold caged. cbn [length] in Hle. lia.
  - right.
    assert (Hx : In x (filter (fun x => caged_at Ys b c x && negb (caged_at Ys b' c x)) all_squares))
      by (rewrite F; left; reflexivity).
    apply filter_In in Hx as (Hx & Ex). apply andb_prop in Ex as (Ex & Fx). apply negb_true_iff in Fx.
    destruct (Hone x Hx Ex Fx) as (_ & Hc & Hp). split; [|split; [exact Hc|exact Hp]].
    assert (H1 : length (filter (fun x => caged_at Ys b c x && negb (caged_at Ys b' c x)) all_squares) <= 1).
    { apply filter_at_most_one; [exact all_squares_NoDup|]. intros a a' Ha Ha' Ea Ea'.
      apply andb_prop in Ea as (Ea & Ga); apply andb_prop in Ea' as (Ea' & Ga').
      apply negb_true_iff in Ga, Ga'.
      destruct (Hone a Ha Ea Ga) as (-> & _), (Hone a' Ha' Ea' Ga') as (-> & _). reflexivity. }
    rewrite F in H1. unfold caged. cbn [length] in Hle, H1. lia.
Qed.

(** The two conditions of [ghost_step] for [Dm b := caged initial - caged b]. *)
Theorem dead_step :
  let Dm := fun b0 => caged Ys (piece_at initial) c - caged Ys b0 c in
  cnt b' (opp c) TMan + Dm b' <= cnt b (opp c) TMan + Dm b /\
  (b (mv_from m) = Some (MkPiece c Pawn) -> Dm b' <= Dm b).
Proof.
  intros Dm. unfold Dm.
  pose proof (ep_inv_of Q HQ) as Hep.
  destruct (count_step Q m P Hl Hep) as (Hopp & _ & _ & Hman & _). fold b b' in Hopp, Hman.
  assert (Hcol : turn Q = c \/ turn Q = opp c) by (destruct (turn Q), c; auto).
  destruct Hcol as [Ec|Eo].
  - specialize (Hopp TMan). rewrite Ec in Hopp.
    destruct (caged_capture Ec) as [H|(H1 & H2 & H3)]; split; try lia; intros E; contradiction.
  - pose proof (caged_mover Eo) as H. rewrite Eo in Hman. split; [lia|]. intros _. lia.
Qed.

End Dead.
