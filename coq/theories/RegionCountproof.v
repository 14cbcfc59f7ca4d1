(** * RegionCountproof: the counting rule of RegionCount.v is sound.

    Headline theorems:

    - [count_game : forall h G, game h G -> forall X c r U,
         closed_set (piece_at G) X -> region_closed X c r U ->
         region_last c r U ->
         count_on (piece_at G) U (MkPiece c r) <= count_on (piece_at initial) U (MkPiece c r)]:
      along a game, the men of a kind on a set closed under their exits
      (outside a closed set of frozen men) and holding no promotion square
      never outnumber the initial position's;
    - [region_count_refutes_sound : forall P, region_count_refutes P = true -> ~ reachable P].

    The step ([count_step]): after a legal move, a man of the kind on a
    square of [U] stood on a square of [U] before the move, the same one or
    one the move left empty (Frozenproof.v's [region_step]), and at most one
    square gains a man of the kind ([one_arrival]).  A list lemma
    ([count_le]) turns these two facts into the inequality of counts. *)

From Coq Require Import Uint63 PArray List Bool Lia PeanoNat.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck
  Reachable Invariants Stranded Frozen Frozenproof RegionCount.
Import ListNotations.

(** ** Counting along a list *)

Section Counting.

Context {A : Type}.

Lemma filter_split : forall (f g : A -> bool) l,
  length (filter f l) =
  (length (filter (fun x => f x && g x) l) + length (filter (fun x => f x && negb (g x)) l))%nat.
Proof.
  intros f g l; induction l as [|x l IH]; simpl; [reflexivity|].
  destruct (f x), (g x); simpl; rewrite IH; lia.
Qed.

Lemma filter_at_most_one : forall (h : A -> bool) l, NoDup l ->
  (forall x y, In x l -> In y l -> h x = true -> h y = true -> x = y) ->
  (length (filter h l) <= 1)%nat.
Proof.
  intros h l; induction l as [|x l IH]; intros Hnd Hu; simpl; [lia|].
  inversion Hnd as [|? ? Hx Hnd']; subst.
  destruct (h x) eqn:Ex; simpl.
  - destruct (filter h l) as [|y l'] eqn:F; simpl; [lia|exfalso].
    assert (Hy : In y (filter h l)) by (rewrite F; left; reflexivity).
    apply filter_In in Hy as (Hy & Ehy). apply Hx.
    rewrite (Hu x y (or_introl eq_refl) (or_intror Hy) Ex Ehy). exact Hy.
  - apply IH; [exact Hnd'|]. intros y z Hy Hz. apply Hu; right; assumption.
Qed.

Lemma filter_pos : forall (h : A -> bool) l x, In x l -> h x = true -> (1 <= length (filter h l))%nat.
Proof.
  intros h l x Hx Ex. assert (H : In x (filter h l)) by (apply filter_In; auto).
  destruct (filter h l); [destruct H | simpl; lia].
Qed.

(** Counting [f] gives at most as many as counting [g] when at most one
    element counts for [f] and not [g], and if one does, another counts
    for [g] and not [f]. *)
Lemma count_le : forall (f g : A -> bool) l, NoDup l ->
  (forall x, In x l -> f x = true -> g x = false -> exists y, In y l /\ g y = true /\ f y = false) ->
  (forall x y, In x l -> In y l -> f x = true -> g x = false -> f y = true -> g y = false -> x = y) ->
  (length (filter f l) <= length (filter g l))%nat.
Proof.
  intros f g l Hnd Ha Hb.
  rewrite (filter_split f g l), (filter_split g f l).
  assert (Eq : length (filter (fun x => f x && g x) l) = length (filter (fun x => g x && f x) l))
    by (f_equal; apply filter_ext; intros; apply andb_comm).
  assert (H1 : (length (filter (fun x => f x && negb (g x)) l) <= 1)%nat).
  { apply filter_at_most_one; [exact Hnd|]. intros x y Hx Hy Ex Ey.
    apply andb_prop in Ex as (Ex1 & Ex2); apply andb_prop in Ey as (Ey1 & Ey2).
    apply negb_true_iff in Ex2, Ey2. exact (Hb x y Hx Hy Ex1 Ex2 Ey1 Ey2). }
  destruct (filter (fun x => f x && negb (g x)) l) as [|x l'] eqn:F; simpl in H1 |- *; [lia|].
  assert (Hx : In x (filter (fun x => f x && negb (g x)) l)) by (rewrite F; left; reflexivity).
  apply filter_In in Hx as (Hx & Ex).
  apply andb_prop in Ex as (Ex1 & Ex2); apply negb_true_iff in Ex2.
  destruct (Ha x Hx Ex1 Ex2) as (y & Hy & Ey1 & Ey2).
  assert (Hp := filter_pos (fun x => g x && negb (f x)) l y Hy ltac:(cbv beta; rewrite Ey1, Ey2; reflexivity)).
  lia.
Qed.

End Counting.

(** ** One move *)

(** At most one square gains a man [p] in a legal move (castling moves a
    king and a rook, two kinds). *)
Lemma one_arrival : forall Q m P, legal_move Q m P -> inv Q = true ->
  forall p s1 s2, In s1 all_squares -> In s2 all_squares ->
  piece_at P s1 = Some p -> piece_at Q s1 <> Some p ->
  piece_at P s2 = Some p -> piece_at Q s2 <> Some p -> s1 = s2.
Proof.
  intros Q m P Hl HQ p s1 s2 Hs1 Hs2 A1 B1 A2 B2.
  destruct (inv_elim Q HQ) as (_ & _ & _ & _ & Hep).
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

Context (Q P : position) (m : move) (X : int -> bool) (c : color) (r : role) (U : int -> bool).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (HX : closed_set (piece_at P) X)
  (HU : region_closed X c r U) (Hlast : region_last c r U) (Hg : exists h, game h Q).

Theorem count_step : (count_on (piece_at P) U (MkPiece c r) <= count_on (piece_at Q) U (MkPiece c r))%nat.
Proof.
  unfold count_on. apply count_le; [exact all_squares_NoDup| |].
  - intros s Hs Ea Eb. apply andb_prop in Ea as (HUs & Ea). apply opiece_eqb_eq in Ea.
    destruct (region_step Q P m X c r U Hl HQ HX HU Hlast Hg s Hs HUs Ea)
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

Theorem count_game : forall h G, game h G -> forall X c r U,
  closed_set (piece_at G) X -> region_closed X c r U -> region_last c r U ->
  (count_on (piece_at G) U (MkPiece c r) <= count_on (piece_at initial) U (MkPiece c r))%nat.
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst]; intros X c r U HX HU Hlast; [lia|].
  destruct Hst as (Hl & _). apply legal_move_iff in Hl.
  pose proof (inv_game h G Hg) as Hi.
  assert (HXG : closed_set (piece_at G) X).
  { apply (closed_transfer (piece_at G')); [exact HX|].
    intros x Hx HXx. exact (frozen_step_keeps G G' m X Hl Hi HX (ex_intro _ h Hg) x Hx HXx). }
  pose proof (count_step G G' m X c r U Hl Hi HX HU Hlast (ex_intro _ h Hg)) as H1.
  pose proof (IH X c r U HXG HU Hlast) as H2.
  exact (Nat.le_trans _ _ _ H1 H2).
Qed.

(** ** The rule *)

(** The validation of RegionCount.v means what it says. *)
Lemma closed_ok_spec : forall X c r U, closed_ok X c r U = true ->
  region_closed (fun s => X.[s]) c r (fun s => U.[s]) /\ region_last c r (fun s => U.[s]).
Proof.
  intros X c r U H.
  assert (H' : forall s, In s all_squares -> U.[s] = true ->
     forallb (fun e => X.[e] ||| U.[e]) (frozen_exits c r s) = true /\
     promotion_square c r s = false).
  { intros s Hs HU. pose proof (forall_squares _ H s Hs) as E. cbv beta in E.
    rewrite HU in E. cbn [negb] in E. rewrite frozen_exits_of_spec in E by exact Hs.
    destruct (forallb _ (frozen_exits c r s)); [|discriminate].
    split; [reflexivity | apply negb_true_iff, E]. }
  split.
  - intros s Hs HU e He Hx. destruct (H' s Hs HU) as (E & _).
    rewrite forallb_forall in E. specialize (E e He). cbv beta in E. rewrite Hx in E. exact E.
  - intros s Hs HU Hp. destruct (H' s Hs HU) as (_ & E). unfold promotion_square in E.
    rewrite Hp in E. exact E.
Qed.

Lemma count_on_ext : forall b b' U p, (forall s, In s all_squares -> b s = b' s) ->
  count_on b U p = count_on b' U p.
Proof.
  intros b b' U p H. unfold count_on.
  rewrite (filter_ext_in (fun s => U s && opiece_eqb (b s) (Some p))
                         (fun s => U s && opiece_eqb (b' s) (Some p)) all_squares); [reflexivity|].
  intros s Hs. rewrite (H s Hs). reflexivity.
Qed.

Lemma crowded_on_spec : forall b X c r U, crowded_on b X c r U = true ->
  closed_ok X c r U = true /\
  (count_on (piece_at initial) (fun s => U.[s]) (MkPiece c r) <
   count_on b (fun s => U.[s]) (MkPiece c r))%nat.
Proof.
  intros b X c r U H. unfold crowded_on in H.
  destruct (closed_ok X c r U); [|discriminate H].
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
  destruct (closed_ok_spec X c r U Hok) as (HU & Hlast).
  assert (HXG : closed_set (piece_at G) (fun s => X.[s])).
  { apply (closed_transfer b); [exact HX|]. intros x Hx _. symmetry. apply Hb, Hx. }
  pose proof (count_game h G Hg _ c r _ HXG HU Hlast) as Hle.
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
