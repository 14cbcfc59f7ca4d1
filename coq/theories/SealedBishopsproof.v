(** * SealedBishopsproof: the sealed-bishops count of SealedBishops.v is sound.

    Headline theorems:

    - [sealed_game : forall h G, game h G -> forall c, sealed_ok (piece_at G) c]
      (every game position satisfies the count);
    - [sealed_refutes_sound : forall P, sealed_refutes P = true -> ~ reachable P];
    - [sealed_excess_step]: the promoted men the count shows ([sealed_excess]:
      queens beyond one, rooks and knights beyond two, the bishops
      [bp] counts) grow only by a promotion of the mover, by one at most
      (the crossing rule's ghost counts them, Crossingproof.v).

    ** The argument (chess induction)

    [sealed_ok b c]: [c]'s queens beyond one, rooks and knights beyond two,
    and for each square colour its bishops beyond the first, or all of
    them when that colour's home square is walled out ([walled_out]:
    sealed by [c]'s pawns, no bishop of [c] on it), plus its pawns, are at
    most 8.  The initial position satisfies it (computation); a legal move
    keeps it ([sealed_step]), by Invariants.v's [count_step] (a move by
    [c] keeps [c]'s counts or promotes one pawn into one man; a move by the
    other side only lowers [c]'s counts) and, for the bishops, [bp_step]:
    the only case where the promoted bishops of a colour could grow
    without a promotion is a home square walled out after the move but
    not before ([walled_step]).  Then:

    - the two sealing pawns stood there before the move: the set of their
      two squares is closed under exits after the move (a pawn on its
      second rank has none), so the move did not touch it
      ([FrozenStepproof.frozen_step_keeps]);
    - so before the move the home square held [c]'s bishop, and after it
      does not;
    - [c] did not move it: from its home square both diagonal rays start
      on a sealing square ([home_rays]), which holds [c]'s pawn; nor did
      any other move of [c] touch that square (castling, en passant and
      promotions start from a king, a pawn, a rook and land on empty or
      enemy squares);
    - so the other side moved and captured that bishop: [c]'s bishops of
      that colour are one fewer ([cnt_l_strict]).

    Axioms: those of Invariants.v and Frozenproof.v. *)

From Coq Require Import Uint63 PArray List Bool Arith Lia.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck
  Reachable Invariants Stranded Frozen Frozenproof PawnCaptures PawnCapturesproof SealedBishops.
Import ListNotations.
Open Scope nat_scope.

Arguments bishops_promoted : simpl never.

Definition tag_of (light : bool) : tag := if light then TLight else TDark.

Definition bp (b : board_fn) (c : color) (l : bool) : nat :=
  bishops_promoted (cnt b c (tag_of l)) (walled_out b c l).

Definition sealed_ok (b : board_fn) (c : color) : Prop :=
  (cnt b c TQueen - 1) + (cnt b c TRook - 2) + (cnt b c TKnight - 2) + bp b c true + bp b c false
  + cnt b c TPawn <= 8.

Lemma sealed_side_iff : forall b c, sealed_side b c = false <-> sealed_ok b c.
Proof.
  intros b c. unfold sealed_side, sealed_promoted, sealed_ok, bp.
  rewrite men_eq, census_cnt. cbn [queens rooks knights light_bishops dark_bishops pawns tag_of].
  fold (cnt b c TPawn) (cnt b c TKnight) (cnt b c TLight) (cnt b c TDark) (cnt b c TRook) (cnt b c TQueen).
  rewrite Nat.ltb_ge. split; intros H; lia.
Qed.

(** ** The home squares, by computation *)

Lemma home_in : forall c l, let '(h, s1, s2) := bishop_home c l in
  In h all_squares /\ In s1 all_squares /\ In s2 all_squares.
Proof. intros [|] [|]; repeat split; apply inb_in; vm_compute; reflexivity. Qed.

Lemma home_exits : forall c l, let '(h, s1, s2) := bishop_home c l in
  frozen_exits c Pawn s1 = [] /\ frozen_exits c Pawn s2 = [].
Proof. intros [|] [|]; split; vm_compute; reflexivity. Qed.

Lemma home_ind : forall c l, let '(h, s1, s2) := bishop_home c l in
  ind c (tag_of l) h (Some (MkPiece c Bishop)) = 1.
Proof. intros [|] [|]; vm_compute; reflexivity. Qed.

Definition first_ok (s1 s2 : int) (l : list int) : bool :=
  match l with [] => true | x :: _ => ((x =? s1)%uint63 || (x =? s2)%uint63)%bool end.

Lemma home_rays : forall c l d, In d (slider_dirs Bishop) ->
  let '(h, s1, s2) := bishop_home c l in first_ok s1 s2 (ray d h) = true.
Proof.
  intros c l d Hd.
  assert (H : forall c l, let '(h, s1, s2) := bishop_home c l in
            forallb (fun d => first_ok s1 s2 (ray d h)) (slider_dirs Bishop) = true)
    by (intros [|] [|]; vm_compute; reflexivity).
  specialize (H c l). destruct (bishop_home c l) as [[h s1] s2].
  exact (forallb_in H Hd).
Qed.

Lemma walled_out_true : forall b c l, walled_out b c l = true ->
  let '(h, s1, s2) := bishop_home c l in
  b s1 = Some (MkPiece c Pawn) /\ b s2 = Some (MkPiece c Pawn) /\ b h <> Some (MkPiece c Bishop).
Proof.
  intros b c l. unfold walled_out. destruct (bishop_home c l) as [[h s1] s2].
  rewrite !andb_true_iff, negb_true_iff, !opiece_eqb_eq. intros ((H1 & H2) & H3).
  split; [exact H1|]. split; [exact H2|]. intros E. apply opiece_eqb_eq in E. congruence.
Qed.

Lemma walled_out_false : forall b c l, walled_out b c l = false ->
  let '(h, s1, s2) := bishop_home c l in
  b s1 = Some (MkPiece c Pawn) -> b s2 = Some (MkPiece c Pawn) -> b h = Some (MkPiece c Bishop).
Proof.
  intros b c l. unfold walled_out. destruct (bishop_home c l) as [[h s1] s2].
  intros H E1 E2. apply opiece_eqb_eq in E1. apply opiece_eqb_eq in E2.
  rewrite E1, E2 in H. simpl in H. apply negb_false_iff, opiece_eqb_eq in H. exact H.
Qed.

Lemma ind_not_bishop : forall c l s o, o <> Some (MkPiece c Bishop) -> ind c (tag_of l) s o = 0.
Proof.
  intros c l s [[c' r]|] H; [|reflexivity]. unfold ind, tagged. simpl.
  destruct (color_eqb c' c) eqn:E; [|reflexivity]. apply color_eqb_eq in E. subst c'.
  destruct l, r; simpl; try reflexivity; congruence.
Qed.

(** ** Counting *)

Lemma cnt_l_le : forall c g (b b' : board_fn) l,
  (forall s, In s l -> ind c g s (b' s) <= ind c g s (b s)) -> cnt_l b' c g l <= cnt_l b c g l.
Proof.
  intros c g b b' l; induction l as [|s l IH]; simpl; intros H; [lia|].
  pose proof (H s (or_introl eq_refl)). pose proof (IH (fun x Hx => H x (or_intror Hx))). lia.
Qed.

Lemma cnt_l_strict : forall c g (b b' : board_fn) x l, NoDup l -> In x l ->
  (forall s, In s l -> ind c g s (b' s) <= ind c g s (b s)) ->
  ind c g x (b' x) < ind c g x (b x) ->
  cnt_l b' c g l + 1 <= cnt_l b c g l.
Proof.
  intros c g b b' x l; induction l as [|s l IH]; simpl; intros Hnd Hx H Hlt; [destruct Hx|].
  inversion Hnd as [|? ? Hn Hnd']; subst.
  destruct Hx as [<-|Hx].
  - pose proof (cnt_l_le c g b b' l (fun z Hz => H z (or_intror Hz))). lia.
  - pose proof (H s (or_introl eq_refl)).
    specialize (IH Hnd' Hx (fun z Hz => H z (or_intror Hz)) Hlt). lia.
Qed.

(** What a move leaves on a square: what was there, nothing, or a man of
    the side that moved. *)
Lemma after_cases : forall G m G', legal_move G m G' -> ep_inv G = true ->
  forall s, In s all_squares -> piece_at G' s = piece_at G s \/ piece_at G' s = None \/
    exists r, piece_at G' s = Some (MkPiece (turn G) r).
Proof.
  intros G m G' Hl Hep s Hs.
  destruct (step_shape G m G' Hl Hep) as (Hf & Ht & _ & Hk).
  set (us := turn G) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - destruct (Uint63.eqs s f) as [->|Hsf]; [right; left; exact Hb'f|].
    destruct (Uint63.eqs s t) as [->|Hst]; [right; right; eexists; exact Hb't|].
    left; apply Hsame; auto.
  - destruct (Uint63.eqs s f) as [->|Hsf]; [right; left; exact Hb'f|].
    destruct (Uint63.eqs s t) as [->|Hst]; [right; right; eexists; exact Hb't|].
    left; apply Hsame; auto.
  - destruct (Uint63.eqs s f) as [->|Hsf]; [right; left; exact Hb'f|].
    destruct (Uint63.eqs s t) as [->|Hst]; [right; right; eexists; exact Hb't|].
    destruct (Uint63.eqs s (ep_victim us t)) as [->|Hsv]; [right; left; exact Hb'v|].
    left; apply Hsame; auto.
  - destruct (in_dec Uint63.eqs s [f; t; castle_rook_from us side; castle_rook_to us side])
      as [Hin|Hn].
    + simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]].
      * right; left; exact Hb'f.
      * right; right; eexists; exact Hb't.
      * right; left; exact Hb'r.
      * right; right; eexists; exact Hb'rt.
    + left; apply Hsame; auto.
Qed.

(** ** A home square walled out only after a move: the other side took its bishop *)

Lemma walled_step : forall G m G' c l, legal_move G m G' -> inv G = true ->
  walled_out (piece_at G') c l = true -> walled_out (piece_at G) c l = false ->
  c = opp (turn G) /\ cnt (piece_at G') c (tag_of l) + 1 <= cnt (piece_at G) c (tag_of l).
Proof.
  intros G m G' c l Hl Hi W' W.
  pose proof (home_in c l) as Hin. pose proof (home_exits c l) as Hex.
  pose proof (home_rays c l) as Hray. pose proof (home_ind c l) as Hind.
  pose proof (walled_out_true _ _ _ W') as H'. pose proof (walled_out_false _ _ _ W) as H.
  destruct (bishop_home c l) as [[h s1] s2].
  destruct Hin as (Ih & I1 & I2). destruct Hex as (X1 & X2). destruct H' as (B1 & B2 & Bh).
  pose proof (exitless_keeps G G' m Hl Hi s1 c Pawn I1 B1 X1) as K1.
  pose proof (exitless_keeps G G' m Hl Hi s2 c Pawn I2 B2 X2) as K2.
  specialize (H ltac:(congruence) ltac:(congruence)).
  pose proof (ep_inv_of G Hi) as Hep.
  destruct (color_eqb c (turn G)) eqn:Ec.
  - apply color_eqb_eq in Ec. subst c. exfalso.
    destruct (step_shape G m G' Hl Hep) as (Hf & Ht & _ & Hk).
    set (us := turn G) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
    shape_inv Hk.
    + destruct (Uint63.eqs h t) as [->|Hht]; [exact (target_ok_not_own _ _ _ _ Htg H)|].
      destruct (Uint63.eqs h f) as [->|Hhf]; [|apply Bh; rewrite Hsame; auto].
      rewrite H in Hbf. injection Hbf as <-.
      destruct Hmm as (d & Hd & Hr). specialize (Hray d Hd).
      destruct (ray d f) as [|x rest]; [discriminate Hr|].
      simpl in Hray. simpl in Hr.
      assert (Hx : x = s1 \/ x = s2).
      { apply orb_true_iff in Hray. destruct Hray as [E|E]; apply eqb_true in E; auto. }
      assert (Bx : piece_at G x = Some (MkPiece us Pawn)) by (destruct Hx; subst x; congruence).
      destruct (x =? t)%uint63 eqn:Ext.
      * apply eqb_true in Ext. subst x. exact (target_ok_not_own _ _ _ _ Htg Bx).
      * rewrite Bx in Hr. discriminate Hr.
    + destruct (Uint63.eqs h t) as [->|Hht]; [exact (target_ok_not_own _ _ _ _ Htg H)|].
      destruct (Uint63.eqs h f) as [->|Hhf]; [congruence|apply Bh; rewrite Hsame; auto].
    + destruct (Uint63.eqs h t) as [->|Hht]; [congruence|].
      destruct (Uint63.eqs h f) as [->|Hhf]; [congruence|].
      destruct (Uint63.eqs h (ep_victim us t)) as [->|Hhv]; [congruence|].
      apply Bh; rewrite Hsame; auto.
    + destruct (in_dec Uint63.eqs h [f; t; castle_rook_from us side; castle_rook_to us side])
        as [Hin|Hn].
      * simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; congruence.
      * apply Bh; rewrite Hsame; auto.
  - pose proof (color_neq_opp _ _ Ec) as Eo. split; [exact Eo|].
    unfold cnt. apply (cnt_l_strict _ _ _ _ h); [exact all_squares_NoDup | exact Ih | |].
    + intros s Hs. destruct (after_cases G m G' Hl Hep s Hs) as [E|[E|(r & E)]]; rewrite E.
      * lia.
      * simpl. lia.
      * rewrite Eo, ind_other. lia.
    + rewrite H, Hind, ind_not_bishop by exact Bh. lia.
Qed.

Lemma bp_step : forall G m G' c l e, legal_move G m G' -> inv G = true ->
  cnt (piece_at G') c (tag_of l) <= cnt (piece_at G) c (tag_of l) + e ->
  bp (piece_at G') c l <= bp (piece_at G) c l + e.
Proof.
  intros G m G' c l e Hl Hi Hc. unfold bp, bishops_promoted.
  destruct (walled_out (piece_at G') c l) eqn:W'; destruct (walled_out (piece_at G) c l) eqn:W;
    try lia.
  destruct (walled_step G m G' c l Hl Hi W' W) as (_ & Hlt). lia.
Qed.

(** ** A legal move keeps the count *)

(** The promoted men the sealed-bishops count shows (SealedBishops.v):
    the queens beyond one, rooks and knights beyond two, and for each
    square colour the bishops beyond the first, or all of them when that
    colour's home square is walled out. *)
Definition sealed_excess (b : board_fn) (c : color) : nat :=
  (cnt b c TQueen - 1) + (cnt b c TRook - 2) + (cnt b c TKnight - 2) + bp b c true + bp b c false.

(** A move raises [sealed_excess] only by a promotion of the mover, by
    at most one (as in SealedBishopsproof.v's [sealed_step]). *)
Lemma sealed_excess_step : forall G m G', legal_move G m G' -> inv G = true -> forall c,
  sealed_excess (piece_at G') c <= S (sealed_excess (piece_at G) c) /\
  (turn G <> c \/ mv_kind m <> Promotion -> sealed_excess (piece_at G') c <= sealed_excess (piece_at G) c) /\
  ((forall g, cnt (piece_at G') c g = cnt (piece_at G) c g) ->
   sealed_excess (piece_at G') c <= sealed_excess (piece_at G) c).
Proof.
  intros G m G' Hl Hi c.
  pose proof (ep_inv_of G Hi) as Hep.
  destruct (count_step G m G' Hl Hep) as (Hopp & _ & _ & _ & Hus).
  unfold sealed_excess.
  destruct (color_eqb c (turn G)) eqn:Ec.
  - apply color_eqb_eq in Ec. subst c.
    assert (Hsame : (forall g, cnt (piece_at G') (turn G) g = cnt (piece_at G) (turn G) g) ->
      (cnt (piece_at G') (turn G) TQueen - 1) + (cnt (piece_at G') (turn G) TRook - 2) +
      (cnt (piece_at G') (turn G) TKnight - 2) + bp (piece_at G') (turn G) true + bp (piece_at G') (turn G) false <=
      (cnt (piece_at G) (turn G) TQueen - 1) + (cnt (piece_at G) (turn G) TRook - 2) +
      (cnt (piece_at G) (turn G) TKnight - 2) + bp (piece_at G) (turn G) true + bp (piece_at G) (turn G) false).
    { intros Hs.
      assert (BL := bp_step G m G' (turn G) true 0 Hl Hi ltac:(rewrite Hs; lia)).
      assert (BD := bp_step G m G' (turn G) false 0 Hl Hi ltac:(rewrite Hs; lia)).
      rewrite !Hs. lia. }
    split; [|split; [|exact Hsame]].
    + destruct Hus as [Hus|(r & s & Hr & Hp & Hg)]; [pose proof (Hsame Hus); lia|].
      set (us := turn G) in *.
      assert (Hsum : (ind us TKnight s (Some (MkPiece us r)) + ind us TLight s (Some (MkPiece us r)) +
                      ind us TDark s (Some (MkPiece us r)) + ind us TRook s (Some (MkPiece us r)) +
                      ind us TQueen s (Some (MkPiece us r)) = 1)%nat).
      { unfold ind, tagged. simpl in Hr.
        destruct Hr as [<-|[<-|[<-|[<-|[]]]]]; destruct us; simpl; try reflexivity;
          destruct (is_light s); reflexivity. }
      assert (EN := Hg TKnight ltac:(discriminate) ltac:(discriminate)).
      assert (EL := Hg TLight ltac:(discriminate) ltac:(discriminate)).
      assert (ED := Hg TDark ltac:(discriminate) ltac:(discriminate)).
      assert (ER := Hg TRook ltac:(discriminate) ltac:(discriminate)).
      assert (EQ := Hg TQueen ltac:(discriminate) ltac:(discriminate)).
      assert (BL := bp_step G m G' us true _ Hl Hi (Nat.eq_le_incl _ _ EL)).
      assert (BD := bp_step G m G' us false _ Hl Hi (Nat.eq_le_incl _ _ ED)).
      rewrite EN, ER, EQ. lia.
    + intros [E|Hnp]; [congruence|]. apply Hsame. exact (mover_counts G m G' Hl Hep Hnp).
  - pose proof (color_neq_opp _ _ Ec) as Eo. rewrite Eo in *.
    assert (BL := bp_step G m G' (opp (turn G)) true 0 Hl Hi ltac:(pose proof (Hopp TLight); simpl; lia)).
    assert (BD := bp_step G m G' (opp (turn G)) false 0 Hl Hi ltac:(pose proof (Hopp TDark); simpl; lia)).
    pose proof (Hopp TQueen). pose proof (Hopp TRook). pose proof (Hopp TKnight).
    split; [lia|split; intros _; lia].
Qed.

Lemma sealed_step : forall G m G', legal_move G m G' -> inv G = true ->
  forall c, sealed_ok (piece_at G) c -> sealed_ok (piece_at G') c.
Proof.
  intros G m G' Hl Hi c Hc.
  pose proof (ep_inv_of G Hi) as Hep.
  destruct (count_step G m G' Hl Hep) as (Hopp & _ & _ & _ & Hus).
  destruct (sealed_excess_step G m G' Hl Hi c) as (H1 & H2 & H3).
  unfold sealed_ok in *. fold (sealed_excess (piece_at G') c) (sealed_excess (piece_at G) c) in *.
  destruct (color_eqb c (turn G)) eqn:Ec.
  - apply color_eqb_eq in Ec. subst c.
    destruct Hus as [Hus|(r & s & _ & Hp & _)]; [|lia].
    specialize (H3 Hus). rewrite Hus. lia.
  - assert (Hne : turn G <> c) by (intros E; rewrite E in Ec; destruct c; discriminate).
    specialize (H2 (or_introl Hne)). pose proof (color_neq_opp _ _ Ec) as Eo. rewrite Eo in *.
    pose proof (Hopp TPawn). lia.
Qed.

(** ** Games *)

Lemma sealed_initial : forall c, sealed_ok (piece_at initial) c.
Proof.
  intros c. apply (proj1 (sealed_side_iff (piece_at initial) c)).
  destruct c; vm_compute; reflexivity.
Qed.

Theorem sealed_game : forall h G, game h G -> forall c, sealed_ok (piece_at G) c.
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst]; intros c; [apply sealed_initial|].
  destruct Hst as (Hl & _). apply legal_move_iff in Hl.
  exact (sealed_step G m G' Hl (inv_game h G Hg) c (IH c)).
Qed.

Lemma walled_out_ext : forall b b' c l, (forall s, In s all_squares -> b s = b' s) ->
  walled_out b c l = walled_out b' c l.
Proof.
  intros b b' c l E. pose proof (home_in c l) as Hin. unfold walled_out.
  destruct (bishop_home c l) as [[h s1] s2]. destruct Hin as (I1 & I2 & I3).
  rewrite !E by assumption. reflexivity.
Qed.

Lemma sealed_side_ext : forall b b' c, (forall s, In s all_squares -> b s = b' s) ->
  sealed_side b c = sealed_side b' c.
Proof.
  intros b b' c E. unfold sealed_side, sealed_promoted.
  rewrite !men_eq, (men_l_ext b b') by exact E. rewrite !(walled_out_ext b b' c) by exact E.
  reflexivity.
Qed.

Lemma sealed_excess_ext : forall b b' c, (forall s, In s all_squares -> b s = b' s) ->
  sealed_excess b c = sealed_excess b' c.
Proof.
  intros b b' c E. unfold sealed_excess, bp. rewrite !(cnt_ext c _ b b') by exact E.
  rewrite !(walled_out_ext b b' c) by exact E. reflexivity.
Qed.

Lemma sealed_promoted_eq : forall b c, sealed_promoted b c = sealed_excess b c.
Proof. intros b c. unfold sealed_promoted, sealed_excess, bp. rewrite men_eq, census_cnt. reflexivity. Qed.

Lemma reachable_sealed : forall P, reachable P -> forall c, sealed_side (piece_at P) c = false.
Proof.
  intros P (h & G & Hg & (Hb & _)) c.
  rewrite (sealed_side_ext (piece_at P) (piece_at G)) by (intros s Hs; apply Hb, Hs).
  exact (proj2 (sealed_side_iff _ _) (sealed_game h G Hg c)).
Qed.

(** Proven by [reflexivity] and used by [rewrite]: unfolding the rule in
    the main proof would make the kernel compute it at [Qed]. *)
Lemma sealed_refutes_unfold : forall P,
  sealed_refutes P = (sealed_side (piece_at P) White || sealed_side (piece_at P) Black)%bool.
Proof. reflexivity. Qed.

(** The headline theorem. *)
Theorem sealed_refutes_sound : forall P, sealed_refutes P = true -> ~ reachable P.
Proof.
  intros P H HP.
  rewrite sealed_refutes_unfold, (reachable_sealed P HP White), (reachable_sealed P HP Black) in H.
  discriminate H.
Qed.
