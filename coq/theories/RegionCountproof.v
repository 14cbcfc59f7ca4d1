(** * RegionCountproof: the counting rules of RegionCount.v are sound.

    Headline theorems:

    - [count_game : forall h G, game h G -> forall X K c r U,
         closed_set (piece_at G) X -> region_closed X K c r U ->
         cuts_ok (piece_at G) X K c r -> region_last c r U ->
         count_on (piece_at G) U (MkPiece c r) <= count_on (piece_at initial) U (MkPiece c r)]:
      along a game, the men of a kind on a set closed under their exits
      (outside a closed set of frozen men, not across columns [K]) and
      holding no promotion square never outnumber the initial position's;
    - [region_count_refutes_sound : forall P, region_count_refutes P = true -> ~ reachable P];
    - [phi_game] and [promotion_count_refutes_sound] for the promotion count
      (second part of this file).

    The step ([count_step]): after a legal move, a man of the kind on a
    square of [U] stood on a square of [U] before the move, the same one or
    one the move left empty (FrozenRegionproof.v's [region_step]), and at most one
    square gains a man of the kind ([one_arrival]).  A list lemma
    ([count_le], Facts.v) turns these two facts into the inequality of
    counts. *)

From Coq Require Import Uint63 PArray List Bool Lia PeanoNat.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck
  Reachable Invariants Stranded Frozen Frozenproof RegionCount.
Import ListNotations.


(** ** One move *)

(** At most one square gains a man [p] in a legal move (castling moves a
    king and a rook, two kinds). *)
Lemma one_arrival : forall Q m P, legal_move Q m P -> inv Q = true ->
  forall p s1 s2, In s1 all_squares -> In s2 all_squares ->
  piece_at P s1 = Some p -> piece_at Q s1 <> Some p ->
  piece_at P s2 = Some p -> piece_at Q s2 <> Some p -> s1 = s2.
Proof.
  intros Q m P Hl HQ p s1 s2 Hs1 Hs2 A1 B1 A2 B2.
  pose proof (ep_inv_of Q HQ) as Hep.
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - assert (E : forall s, In s all_squares -> piece_at P s = Some p -> piece_at Q s <> Some p -> s = t).
    { intros s Hs A B. destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
      destruct (Uint63.eqs s t) as [->|Hst]; [reflexivity|].
      rewrite Hsame in A by assumption. contradiction. }
    rewrite (E s1), (E s2); auto.
  - assert (E : forall s, In s all_squares -> piece_at P s = Some p -> piece_at Q s <> Some p -> s = t).
    { intros s Hs A B. destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
      destruct (Uint63.eqs s t) as [->|Hst]; [reflexivity|].
      rewrite Hsame in A by assumption. contradiction. }
    rewrite (E s1), (E s2); auto.
  - assert (E : forall s, In s all_squares -> piece_at P s = Some p -> piece_at Q s <> Some p -> s = t).
    { intros s Hs A B. destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
      destruct (Uint63.eqs s (ep_victim (turn Q) t)) as [->|Hsv]; [congruence|].
      destruct (Uint63.eqs s t) as [->|Hst]; [reflexivity|].
      rewrite Hsame in A by assumption. contradiction. }
    rewrite (E s1), (E s2); auto.
  - set (rt := castle_rook_to (turn Q) side) in *.
    assert (E : forall s, In s all_squares -> piece_at P s = Some p -> piece_at Q s <> Some p ->
                s = t \/ s = rt).
    { intros s Hs A B.
      destruct (in_dec Uint63.eqs s [f; t; castle_rook_from (turn Q) side; rt]) as [Hin|Hn];
        [|rewrite Hsame in A by assumption; contradiction].
      simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; auto; congruence. }
    destruct (E s1 Hs1 A1 B1) as [->| ->], (E s2 Hs2 A2 B2) as [->| ->]; try reflexivity;
      congruence.
Qed.

Section CountStep.

Context (Q P : position) (m : move) (X : int -> bool) (K : int -> int -> bool) (c : color) (r : role)
  (U : int -> bool).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (HX : closed_set (piece_at P) X)
  (HU : region_closed X K c r U) (HK : cuts_ok (piece_at P) X K c r) (Hlast : region_last c r U)
  (Hg : exists h, game h Q).

Theorem count_step : (count_on (piece_at P) U (MkPiece c r) <= count_on (piece_at Q) U (MkPiece c r))%nat.
Proof.
  unfold count_on. apply count_le; [exact all_squares_NoDup| |].
  - intros s Hs Ea Eb. apply andb_prop in Ea as (HUs & Ea). apply opiece_eqb_eq in Ea.
    destruct (region_step Q P m X K c r U Hl HQ HX HU HK Hlast Hg s Hs HUs Ea)
      as (s' & Hs' & HUs' & Hb & [->|Hn]).
    + rewrite HUs, (proj2 (opiece_eqb_eq _ _) Hb) in Eb. discriminate.
    + exists s'. split; [exact Hs'|]. rewrite HUs', Hn, (proj2 (opiece_eqb_eq _ _) Hb). auto.
  - intros x y Hx Hy Ex Fx Ey Fy.
    apply andb_prop in Ex as (HUx & Ex); apply andb_prop in Ey as (HUy & Ey).
    rewrite HUx in Fx; rewrite HUy in Fy. simpl in Fx, Fy.
    apply opiece_eqb_eq in Ex, Ey.
    apply (one_arrival Q m P Hl HQ (MkPiece c r) x y Hx Hy Ex); [|exact Ey|];
      intros E; rewrite (proj2 (opiece_eqb_eq _ _) E) in *; discriminate.
Qed.

End CountStep.

Theorem count_game : forall h G, game h G -> forall X K c r U,
  closed_set (piece_at G) X -> region_closed X K c r U -> cuts_ok (piece_at G) X K c r ->
  region_last c r U ->
  (count_on (piece_at G) U (MkPiece c r) <= count_on (piece_at initial) U (MkPiece c r))%nat.
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst]; intros X K c r U HX HU HK Hlast; [lia|].
  destruct Hst as (Hl & _). apply legal_move_iff in Hl.
  pose proof (inv_game h G Hg) as Hi.
  assert (HXG : closed_set (piece_at G) X).
  { apply (closed_transfer (piece_at G')); [exact HX|].
    intros x Hx HXx. exact (frozen_step_keeps G G' m X Hl Hi HX (ex_intro _ h Hg) x Hx HXx). }
  pose proof (count_step G G' m X K c r U Hl Hi HX HU HK Hlast (ex_intro _ h Hg)) as H1.
  pose proof (IH X K c r U HXG HU (cuts_back G m G' X K c r Hl Hi (ex_intro _ h Hg) HX HK) Hlast) as H2.
  exact (Nat.le_trans _ _ _ H1 H2).
Qed.

(** ** The rule *)

(** The validation of RegionCount.v means what it says. *)
Lemma closed_ok_gen : forall stop X K c r U, closed_ok stop X K c r U = true ->
  region_closed (fun s => X.[s]) K c r (fun s => U.[s]) /\
  (forall s, In s all_squares -> U.[s] = true -> stop s = false).
Proof.
  intros stop X K c r U H.
  assert (H' : forall s, In s all_squares -> U.[s] = true ->
     forallb (fun e => X.[e] ||| K s e ||| U.[e]) (region_exits c r s) = true /\ stop s = false).
  { intros s Hs HU. pose proof (forall_squares _ H s Hs) as E. cbv beta in E.
    rewrite HU in E. cbn [negb] in E. rewrite region_exits_of_spec in E by exact Hs.
    destruct (forallb _ (region_exits c r s)); [|discriminate].
    split; [reflexivity | apply negb_true_iff, E]. }
  split.
  - intros s Hs HU e He Hx Hk. destruct (H' s Hs HU) as (E & _).
    forallb_at E He. rewrite Hx, Hk in E. exact E.
  - intros s Hs HU. exact (proj2 (H' s Hs HU)).
Qed.

Lemma closed_ok_spec : forall X K c r U, closed_ok (promotion_square c r) X K c r U = true ->
  region_closed (fun s => X.[s]) K c r (fun s => U.[s]) /\ region_last c r (fun s => U.[s]).
Proof.
  intros X K c r U H. destruct (closed_ok_gen _ X K c r U H) as (HU & Hs).
  split; [exact HU|]. intros s Hsq HUs Hp. specialize (Hs s Hsq HUs).
  unfold promotion_square in Hs. rewrite Hp in Hs. exact Hs.
Qed.

Lemma count_on_ext : forall b b' U p, (forall s, In s all_squares -> b s = b' s) ->
  count_on b U p = count_on b' U p.
Proof.
  intros b b' U p H. unfold count_on.
  rewrite (filter_ext_in (fun s => U s && opiece_eqb (b s) (Some p))
                         (fun s => U s && opiece_eqb (b' s) (Some p)) all_squares); [reflexivity|].
  intros s Hs. rewrite (H s Hs). reflexivity.
Qed.

Lemma count_on_none : forall b p, count_on b (fun _ => false) p = 0%nat.
Proof. intros b p. unfold count_on. generalize all_squares as l. induction l; simpl; auto. Qed.

(** The pawns of [c], counted as Invariants.v counts them. *)
Lemma count_on_pawns : forall b c, count_on b everywhere (MkPiece c Pawn) = cnt b c TPawn.
Proof.
  intros b c. unfold count_on, cnt. generalize all_squares as l.
  induction l as [|s l IH]; [reflexivity|]. cbn [filter cnt_l]. unfold everywhere at 1.
  destruct (b s) as [p|]; [destruct p as [c1 r1]; destruct c, c1, r1|].
  all: cbn [andb opiece_eqb piece_eqb color_eqb role_eqb length ind tagged piece_color piece_role];
    rewrite IH; reflexivity.
Qed.

Lemma region_excess_ext : forall b b' c UN UB UR UQ, (forall s, In s all_squares -> b s = b' s) ->
  region_excess b c UN UB UR UQ = region_excess b' c UN UB UR UQ.
Proof.
  intros b b' c UN UB UR UQ H. unfold region_excess, excess.
  rewrite !(count_on_ext b b') by exact H. reflexivity.
Qed.

Lemma crowded_on_spec : forall b X c r U, crowded_on b X c r U = true ->
  closed_ok (promotion_square c r) X (kind_cut (columns b X) (members X) c r) c r U = true /\
  (count_on (piece_at initial) (fun s => U.[s]) (MkPiece c r) <
   count_on b (fun s => U.[s]) (MkPiece c r))%nat.
Proof.
  intros b X c r U H. unfold crowded_on in H.
  destruct (closed_ok (promotion_square c r) X (kind_cut (columns b X) (members X) c r) c r U); [|discriminate H].
  split; [reflexivity | apply Nat.ltb_lt, H].
Qed.

(** The rule for one kind, on any board [b] a game reaches and any set
    [X] closed on [b] (the frozen men). *)
Lemma crowded_on_game : forall h G b X c r U, game h G ->
  (forall s, In s all_squares -> b s = piece_at G s) -> closed_set b (fun s => X.[s]) ->
  crowded_on b X c r U = false.
Proof.
  intros h G b X c r U Hg Hb HX.
  apply not_true_is_false. intros E.
  apply crowded_on_spec in E as (Hok & Hlt).
  destruct (closed_ok_spec X _ c r U Hok) as (HU & Hlast).
  assert (HXG : closed_set (piece_at G) (fun s => X.[s])).
  { apply (closed_transfer b); [exact HX|]. intros x Hx _. symmetry. apply Hb, Hx. }
  pose proof (count_game h G Hg _ _ c r _ HXG HU
                (cuts_ok_ext b Hb (kind_cut_ok b X c r)) Hlast) as Hle.
  rewrite (count_on_ext b (piece_at G)) in Hlt by exact Hb.
  exact (Nat.lt_irrefl _ (Nat.lt_le_trans _ _ _ Hlt Hle)).
Qed.

Theorem region_count_refutes_game : forall h G P, game h G -> realizes G P ->
  region_count_refutes P = false.
Proof.
  intros h G P Hg (Hb & _).
  assert (Hc : forall c r, crowded (piece_at P) (frozen_set (piece_at P)) c r = false)
    by (intros c r; exact (crowded_on_game h G (piece_at P) (frozen_set (piece_at P)) c r _ Hg Hb
                             (frozen_set_closed (piece_at P)))).
  unfold region_count_refutes.
  destruct (existsb _ [White; Black]) eqn:E; [|reflexivity].
  apply existsb_exists in E as (c & _ & E). apply existsb_exists in E as (r & _ & E).
  rewrite Hc in E. discriminate.
Qed.

Corollary region_count_refutes_sound : forall P, region_count_refutes P = true -> ~ reachable P.
Proof.
  intros P H (h & G & Hg & Hr). rewrite (region_count_refutes_game h G P Hg Hr) in H. discriminate.
Qed.

(** * Promotion counting

    - [phi_game : forall h G, game h G -> forall X c UN UB UR UQ KN KB KR KQ,
         closed_set (piece_at G) X -> phi_sets (piece_at G) X c UN UB UR UQ KN KB KR KQ ->
         phi (piece_at G) c UN UB UR UQ <= 8] ([phi_sets]: each set closed
      under its role's exits, with its columns)
    - [promotion_count_refutes_sound : forall P,
         promotion_count_refutes P = true -> ~ reachable P].

    Over one move ([phi_step]): for each role [r], the men of the role on
    its set [U] grow by at most one, and only by a promotion there
    ([role_step]: [region_step_or] of FrozenRegionproof.v with [one_arrival]);
    a promotion takes a pawn away ([pawn_drop]), at most one happens
    ([promoted_once]), and otherwise no pawn appears ([count_step] on the
    whole board). *)

Section PhiStep.

Context (Q P : position) (m : move) (X : int -> bool) (c : color).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (HX : closed_set (piece_at P) X)
  (Hg : exists h, game h Q).

(** The men of a role on a closed set: as many as before, or one more by
    a promotion there. *)
Lemma role_step : forall K r U, region_closed X K c r U -> cuts_ok (piece_at P) X K c r ->
  (count_on (piece_at P) U (MkPiece c r) <= count_on (piece_at Q) U (MkPiece c r))%nat \/
  ((count_on (piece_at P) U (MkPiece c r) <= count_on (piece_at Q) U (MkPiece c r) + 1)%nat /\
   exists s, In s all_squares /\ U s = true /\ piece_at P s = Some (MkPiece c r) /\ promoted_on Q P c r s).
Proof.
  intros K r U HU HK. unfold count_on.
  set (f := fun s => U s && opiece_eqb (piece_at P s) (Some (MkPiece c r))).
  set (g := fun s => U s && opiece_eqb (piece_at Q s) (Some (MkPiece c r))).
  assert (Huniq : forall x y, In x all_squares -> In y all_squares -> f x = true -> g x = false ->
                  f y = true -> g y = false -> x = y).
  { intros x y Hx Hy Ex Fx Ey Fy. unfold f, g in *.
    apply andb_prop in Ex as (HUx & Ex); apply andb_prop in Ey as (HUy & Ey).
    rewrite HUx in Fx; rewrite HUy in Fy. simpl in Fx, Fy.
    apply opiece_eqb_eq in Ex, Ey.
    apply (one_arrival Q m P Hl HQ (MkPiece c r) x y Hx Hy Ex); [|exact Ey|];
      intros E; rewrite (proj2 (opiece_eqb_eq _ _) E) in *; discriminate. }
  assert (Hle := filter_le_plus f g all_squares).
  destruct (filter (fun x => f x && negb (g x)) all_squares) as [|x rest] eqn:F.
  - left. cbn [length] in Hle. lia.
  - assert (Hx : In x (filter (fun x => f x && negb (g x)) all_squares)) by (rewrite F; left; reflexivity).
    apply filter_In in Hx as (Hx & Ex). apply andb_prop in Ex as (Ex & Gx). apply negb_true_iff in Gx.
    assert (Ex' := Ex). unfold f in Ex'. apply andb_prop in Ex' as (HUx & Bx). apply opiece_eqb_eq in Bx.
    destruct (region_step_or Q P m X K c r U Hl HQ HX HU HK Hg x Hx HUx Bx)
      as [(s' & Hs' & HUs' & Hb & [->|Hn])|Hp].
    + exfalso. unfold g in Gx. rewrite HUx, (proj2 (opiece_eqb_eq _ _) Hb) in Gx. discriminate.
    + left. apply count_le; [exact all_squares_NoDup| |exact Huniq].
      intros y Hy Ey Gy.
      exists s'. split; [exact Hs'|]. unfold f, g.
      rewrite HUs', Hn, (proj2 (opiece_eqb_eq _ _) Hb). auto.
    + right. split.
      * assert (H1 : (length (filter (fun x => f x && negb (g x)) all_squares) <= 1)%nat).
        { apply filter_at_most_one; [exact all_squares_NoDup|]. intros a b' Ha Hb' Ea Eb.
          apply andb_prop in Ea as (Ea1 & Ea2); apply andb_prop in Eb as (Eb1 & Eb2).
          apply negb_true_iff in Ea2, Eb2. exact (Huniq a b' Ha Hb' Ea1 Ea2 Eb1 Eb2). }
        rewrite F in H1. lia.
      * exists x. auto.
Qed.

(** A promotion takes a pawn away, and no pawn appears. *)
Lemma pawn_drop : forall r s, In s all_squares -> piece_at P s = Some (MkPiece c r) ->
  promoted_on Q P c r s ->
  (count_on (piece_at P) everywhere (MkPiece c Pawn) + 1 <=
   count_on (piece_at Q) everywhere (MkPiece c Pawn))%nat.
Proof.
  intros r s Hs Hb (Hgain & _ & Hp & (f & Hf & Hbf & Hb'f) & Hrest).
  unfold count_on. apply filter_lt.
  - intros x Hx E. unfold everywhere in E |- *. cbv beta in E |- *. rewrite andb_true_l in E |- *.
    apply opiece_eqb_eq in E.
    destruct (Uint63.eqs x s) as [->|Hxs]; [rewrite Hb in E; injection E as ->; discriminate|].
    destruct (Hrest x Hx Hxs) as [Hn|Hsame]; [congruence|].
    rewrite <- Hsame, E. apply opiece_eqb_eq. reflexivity.
  - exists f. split; [exact Hf|]. unfold everywhere. cbv beta. rewrite !andb_true_l, Hbf, Hb'f.
    split; [apply opiece_eqb_eq; reflexivity | reflexivity].
Qed.

(** At most one role gains a promoted man. *)
Lemma promoted_once : forall r1 r2 s1 s2, In s1 all_squares -> In s2 all_squares ->
  piece_at P s1 = Some (MkPiece c r1) -> promoted_on Q P c r1 s1 ->
  piece_at P s2 = Some (MkPiece c r2) -> promoted_on Q P c r2 s2 -> r1 = r2.
Proof.
  intros r1 r2 s1 s2 Hs1 Hs2 B1 (_ & _ & _ & _ & Hrest) B2 (G2 & _).
  destruct (Uint63.eqs s2 s1) as [->|Hne]; [congruence|].
  destruct (Hrest s2 Hs2 Hne) as [Hn|Hsame]; congruence.
Qed.

Lemma pawn_step : (count_on (piece_at P) everywhere (MkPiece c Pawn) <=
                   count_on (piece_at Q) everywhere (MkPiece c Pawn))%nat.
Proof.
  apply (count_step Q P m X (fun _ _ => false) c Pawn everywhere Hl HQ HX);
    [ intros s _ _ e _ _ _; reflexivity | intros x y E; discriminate E
    | intros s _ _ E; discriminate E | exact Hg ].
Qed.

(** The sets of the four roles, closed, with the columns their men never
    cross. *)
Definition phi_sets (b : board_fn) (X : int -> bool) (c : color) (UN UB UR UQ : int -> bool)
    (KN KB KR KQ : int -> int -> bool) : Prop :=
  region_closed X KN c Knight UN /\ region_closed X KB c Bishop UB /\
  region_closed X KR c Rook UR /\ region_closed X KQ c Queen UQ /\
  cuts_ok b X KN c Knight /\ cuts_ok b X KB c Bishop /\ cuts_ok b X KR c Rook /\
  cuts_ok b X KQ c Queen.

Theorem phi_step : forall UN UB UR UQ KN KB KR KQ, phi_sets (piece_at P) X c UN UB UR UQ KN KB KR KQ ->
  (phi (piece_at P) c UN UB UR UQ <= phi (piece_at Q) c UN UB UR UQ)%nat.
Proof.
  intros UN UB UR UQ KN KB KR KQ (HN & HB & HR & HQ' & CN & CB & CR & CQ). unfold phi, region_excess, excess.
  pose proof pawn_step as Hpawn.
  destruct (role_step KN Knight UN HN CN) as [KN'|(KN' & sN & HsN & _ & BN & PN)];
  destruct (role_step KB Bishop UB HB CB) as [KB'|(KB' & sB & HsB & _ & BB & PB)];
  destruct (role_step KR Rook UR HR CR) as [KR'|(KR' & sR & HsR & _ & BR & PR)];
  destruct (role_step KQ Queen UQ HQ' CQ) as [KQ'|(KQ' & sQ & HsQ & _ & BQ & PQ)];
  repeat match goal with
  | H1 : promoted_on _ _ _ ?r1 ?s1, H2 : promoted_on _ _ _ ?r2 ?s2 |- _ =>
      tryif constr_eq r1 r2 then fail else
      (exfalso; assert (E : r1 = r2) by (apply (promoted_once r1 r2 s1 s2); assumption);
       discriminate E)
  end;
  try match goal with
  | H : promoted_on _ _ _ ?r ?s, Hs : In ?s all_squares, Hb : piece_at _ ?s = _ |- _ =>
      let Hd := fresh in pose proof (pawn_drop r s Hs Hb H) as Hd
  end;
  lia.
Qed.

End PhiStep.

Lemma pawns_initial : forall c, count_on (piece_at initial) everywhere (MkPiece c Pawn) = 8%nat.
Proof. intros []; vm_compute; reflexivity. Qed.

Lemma phi_sets_back : forall Q m P X c UN UB UR UQ KN KB KR KQ, legal_move Q m P -> inv Q = true ->
  (exists h, game h Q) -> closed_set (piece_at P) X -> phi_sets (piece_at P) X c UN UB UR UQ KN KB KR KQ ->
  phi_sets (piece_at Q) X c UN UB UR UQ KN KB KR KQ.
Proof.
  intros Q m P X c UN UB UR UQ KN KB KR KQ Hl HQ Hg HX (HN & HB & HR & HQ' & CN & CB & CR & CQ).
  repeat split; try assumption; eapply cuts_back; eassumption.
Qed.

Arguments phi_sets_back Q m P {X c UN UB UR UQ KN KB KR KQ}.

Theorem phi_game : forall h G, game h G -> forall X c UN UB UR UQ KN KB KR KQ,
  closed_set (piece_at G) X -> phi_sets (piece_at G) X c UN UB UR UQ KN KB KR KQ ->
  (phi (piece_at G) c UN UB UR UQ <= 8)%nat.
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst];
    intros X c UN UB UR UQ KN KB KR KQ HX HS.
  - unfold phi, region_excess, excess. rewrite pawns_initial, !Nat.sub_diag. reflexivity.
  - destruct Hst as (Hl & _). apply legal_move_iff in Hl.
    pose proof (inv_game h G Hg) as Hi.
    assert (HXG : closed_set (piece_at G) X).
    { apply (closed_transfer (piece_at G')); [exact HX|].
      intros x Hx HXx. exact (frozen_step_keeps G G' m X Hl Hi HX (ex_intro _ h Hg) x Hx HXx). }
    pose proof (phi_step G G' m X c Hl Hi HX (ex_intro _ h Hg) UN UB UR UQ KN KB KR KQ HS) as H1.
    pose proof (IH X c UN UB UR UQ KN KB KR KQ HXG (phi_sets_back G m G' Hl Hi (ex_intro _ h Hg) HX HS))
      as H2.
    exact (Nat.le_trans _ _ _ H1 H2).
Qed.

Arguments phi_game h G _ {X} c {UN UB UR UQ KN KB KR KQ}.

Lemma phi_ext : forall b b' c UN UB UR UQ, (forall s, In s all_squares -> b s = b' s) ->
  phi b c UN UB UR UQ = phi b' c UN UB UR UQ.
Proof.
  intros b b' c UN UB UR UQ H. unfold phi, region_excess, excess.
  rewrite !(count_on_ext b b') by exact H. reflexivity.
Qed.

(** The rule for one side, on any board [b] a game reaches and any set
    [X] closed on [b]. *)
Lemma overpromoted_with_game : forall h G b X c UN UB UR UQ, game h G ->
  (forall s, In s all_squares -> b s = piece_at G s) -> closed_set b (fun s => X.[s]) ->
  overpromoted_with b X c UN UB UR UQ = false.
Proof.
  intros h G b X c UN UB UR UQ Hg Hb HX.
  apply not_true_is_false. intros E. unfold overpromoted_with in E.
  apply lazy_and_true in E as (E & Hlt). unfold promoted_sets_ok in E. lazy_inv E as (EN & EB & ER & EQ).
  destruct (closed_ok_gen _ X _ c Knight UN EN) as (HN & _).
  destruct (closed_ok_gen _ X _ c Bishop UB EB) as (HB & _).
  destruct (closed_ok_gen _ X _ c Rook UR ER) as (HR & _).
  destruct (closed_ok_gen _ X _ c Queen UQ EQ) as (HQ & _).
  assert (HXG : closed_set (piece_at G) (fun s => X.[s])).
  { apply (closed_transfer b); [exact HX|]. intros x Hx _. symmetry. apply Hb, Hx. }
  assert (HS : phi_sets (piece_at G) (fun s => X.[s]) c (fun s => UN.[s]) (fun s => UB.[s])
                 (fun s => UR.[s]) (fun s => UQ.[s]) (kind_cut (columns b X) (members X) c Knight)
                 (kind_cut (columns b X) (members X) c Bishop) (kind_cut (columns b X) (members X) c Rook) (kind_cut (columns b X) (members X) c Queen)).
  { repeat split; try assumption; apply (cuts_ok_ext b); [exact Hb| |exact Hb| |exact Hb| |exact Hb|];
      apply kind_cut_ok. }
  pose proof (phi_game h G Hg c HXG HS) as Hle.
  rewrite (phi_ext b (piece_at G)) in Hlt by exact Hb.
  apply Nat.ltb_lt in Hlt. lia.
Qed.

Theorem promotion_count_refutes_game : forall h G P, game h G -> realizes G P ->
  promotion_count_refutes P = false.
Proof.
  intros h G P Hg (Hb & _).
  assert (Hc : forall c, overpromoted (piece_at P) (frozen_set (piece_at P)) c = false)
    by (intros c; exact (overpromoted_with_game h G (piece_at P) (frozen_set (piece_at P)) c
                           _ _ _ _ Hg Hb (frozen_set_closed (piece_at P)))).
  unfold promotion_count_refutes.
  destruct (existsb _ [White; Black]) eqn:E; [|reflexivity].
  apply existsb_exists in E as (c & _ & E). rewrite Hc in E. discriminate.
Qed.

Corollary promotion_count_refutes_sound : forall P, promotion_count_refutes P = true -> ~ reachable P.
Proof.
  intros P H (h & G & Hg & Hr). rewrite (promotion_count_refutes_game h G P Hg Hr) in H. discriminate.
Qed.
