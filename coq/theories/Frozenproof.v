(** * Frozenproof: the frozen-men rule of Frozen.v is sound.

    Headline theorems:

    - [frozen_game : forall h G, game h G -> forall X, closed_set (piece_at G) X ->
         forall s, In s all_squares -> X s = true -> piece_at G s = piece_at initial s]
        a set of squares closed under exits on a game position holds the
        men of the initial position;
    - [frozen_refutes_game : forall h G P, game h G -> realizes G P ->
         frozen_refutes P = false];
    - [frozen_refutes_sound : forall P, frozen_refutes P = true -> ~ reachable P];
    - [region_refutes_sound : forall P, region_refutes P = true -> ~ reachable P]
      (the region rule, second part of this file).

    ** The argument

    [closed_set b X]: every square of [X] holds a man of [b] whose exits
    ([frozen_exits], Frozen.v) are all in [X].  If [X] is closed on the
    board of [P] and [legal_move Q m P] ([Q] satisfying the invariants of
    Invariants.v), then [m] neither leaves, arrives on, nor captures on a
    square of [X] ([frozen_step_keeps]):

    - leaving a square, or taking en passant, empties it, but the squares
      of [X] are occupied after the move;
    - a man arriving on [t] comes from an exit of [t] (pawn step or
      capture, knight, king, a pawn promoting, a king or rook castling from
      its home square), which the move empties, or passes over one (a
      double step, a slider), which is empty before the move and untouched
      by it; either way an exit of [t] is empty after the move, but it is
      in [X];
    - no pawn arrives on its second rank, where a pawn has no exit (pawns
      never stand on their first rank, Invariants.v).

    So the boards of [Q] and [P] agree on [X], [X] is closed on [Q] too,
    and by induction over the game every square of [X] holds what the
    initial position holds there ([frozen_game]).  Nothing depends on how
    [X] was found: [frozen_set] (Frozen.v) is closed because it was
    validated ([closed_b_spec]).

    The geometric facts (where a man arriving on a square comes from) are
    those of Stranded.v, plus [king_exit] and [castle_exits] here, checked
    by computation over the 64 squares. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck
  Reachable Invariants Stranded Frozen.
Import ListNotations.
Open Scope uint63_scope.

(** ** Closed sets of squares *)

Definition closed_set (b : board_fn) (X : int -> bool) : Prop :=
  forall s, In s all_squares -> X s = true ->
  exists c r, b s = Some (MkPiece c r) /\ forall e, In e (frozen_exits c r s) -> X e = true.

Lemma closed_transfer : forall b b' X, closed_set b X ->
  (forall s, In s all_squares -> X s = true -> b' s = b s) -> closed_set b' X.
Proof.
  intros b b' X H E s Hs Hx. destruct (H s Hs Hx) as (c & r & Hb & J).
  exists c, r. rewrite E by assumption. auto.
Qed.

(** ** Geometry *)

Lemma frozen_exits_in : forall c r s, In s all_squares -> incl (frozen_exits c r s) all_squares.
Proof.
  intros c r s Hs. apply sub_squares_incl.
  assert (H : forall c, forallb (fun s => forallb (fun r => sub_squares (frozen_exits c r s))
                                            all_roles) all_squares = true)
    by (intros [|]; vm_compute; reflexivity).
  pose proof (forall_squares _ (H c) s Hs) as H'. cbv beta in H'. rewrite forallb_forall in H'.
  apply H', in_all_roles.
Qed.

(** The exits of the moves of a knight, bishop, rook or queen, or of a pawn
    off its second rank, are exits. *)
Lemma move_exits : forall c r t e, r <> King -> (r = Pawn -> (relative_rank c t =? 1) = false) ->
  In e (exits c r t) -> In e (frozen_exits c r t).
Proof.
  intros c r t e Hk Hp He. unfold frozen_exits. apply in_or_app. left. unfold move_exit.
  destruct r; try exact He; [|congruence]. rewrite (Hp eq_refl). exact He.
Qed.

(** A man other than a king on its last rank may come from where a pawn
    promotes from. *)
Lemma promotion_exits : forall c r t e, r <> King -> (relative_rank c t =? 7) = true ->
  In e (exits c Pawn t) -> In e (frozen_exits c r t).
Proof.
  intros c r t e Hk H7 He. unfold frozen_exits. apply in_or_app. right. apply in_or_app. left.
  unfold promotion_exit. destruct r; try (rewrite H7; exact He). congruence.
Qed.

(** A king comes from an exit of its target. *)
Lemma king_exit : forall c f t, In f all_squares -> inb t king_targets.[f] = true ->
  In f (frozen_exits c King t).
Proof.
  intros c f t Hf Ht. unfold frozen_exits. apply in_or_app. left. unfold move_exit.
  assert (H : forallb (fun f => forallb (fun t => inb f king_targets.[t]) king_targets.[f])
                all_squares = true) by (vm_compute; reflexivity).
  pose proof (forall_squares _ H f Hf) as H'. cbv beta in H'.
  rewrite forallb_forall in H'. apply inb_in, H', inb_in, Ht.
Qed.

(** Castling moves the king and the rook from exits of their targets. *)
Lemma castle_exits : forall c side,
  In (castle_king_from c) (frozen_exits c King (castle_king_to c side)) /\
  In (castle_rook_from c side) (frozen_exits c Rook (castle_rook_to c side)).
Proof.
  intros c side. split; apply inb_in; destruct c, side; vm_compute; reflexivity.
Qed.

(** ** A legal move does not touch a closed set *)

Section Step.

Context (Q P : position) (m : move) (X : int -> bool).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (HX : closed_set (piece_at P) X).

Let b := piece_at Q.
Let b' := piece_at P.

Lemma occupied : forall e, In e all_squares -> X e = true -> b' e <> None.
Proof.
  intros e He Hx. destruct (HX e He Hx) as (c & r & Hb & _). unfold b'. rewrite Hb. discriminate.
Qed.

(** An exit of a square of [X] that the move leaves empty is a contradiction. *)
Lemma empty_exit : forall t c r e, In t all_squares -> X t = true ->
  b' t = Some (MkPiece c r) -> In e (frozen_exits c r t) -> b' e = None -> False.
Proof.
  intros t c r e Ht Hx Hb He Hn.
  destruct (HX t Ht Hx) as (c' & r' & Hb' & Hex).
  fold b' in Hb'. rewrite Hb in Hb'. injection Hb' as <- <-.
  apply (occupied e); auto. apply (frozen_exits_in c r t); assumption.
Qed.

Lemma pawns_Q : pawns_ok b.
Proof. destruct (inv_elim Q HQ) as (Hm & _). apply material_ok_iff in Hm. tauto. Qed.

(** A pawn moving from [f] to [t] (a step, a double step or a capture;
    maybe promoting) leaves an exit of a pawn on [t] empty, and [t] is not
    on its second rank. *)
Lemma pawn_arrival : forall us f t, In f all_squares -> In t all_squares ->
  b f = Some (MkPiece us Pawn) -> man_moves b us Pawn f t -> b' f = None ->
  (forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s) ->
  (relative_rank us t =? 1) = false /\ exists e, In e (exits us Pawn t) /\ b' e = None.
Proof.
  intros us f t Hf Ht Hbf Hmm Hb'f Hsame.
  assert (Hrf : rank_ok f = true) by (apply (pawns_Q f us); assumption).
  destruct (pawn_not_seed us f Hf Hrf) as [NS1 NS2].
  destruct Hmm as [(Et & _)|[(Er & Et & Hbe & _)|(Et & _)]].
  - apply eqb_true in Et. subst t. split; [exact (NS1 Ht)|].
    exists f. split; [apply pawn_step_exit; assumption | exact Hb'f].
  - apply eqb_true in Et. subst t.
    destruct (pawn_double_exit us f Hf Er) as (He & Het & Hef & Hs).
    split; [exact Hs|]. exists (pawn_step us f). split; [exact He|].
    rewrite Hsame; [exact Hbe | apply (exits_in us Pawn _ Ht), He | exact Hef | exact Het].
  - apply inb_in in Et. split; [exact (NS2 t Et)|].
    exists f. split; [apply pawn_capture_exit; assumption | exact Hb'f].
Qed.

(** No man arrives on a square of [X] by a normal move. *)
Lemma normal_arrival : forall f t us r,
  In f all_squares -> In t all_squares -> X t = true ->
  b f = Some (MkPiece us r) -> man_moves b us r f t ->
  b' f = None -> b' t = Some (MkPiece us r) ->
  (forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s) -> False.
Proof.
  intros f t us r Hf Ht Hx Hbf Hmm Hb'f Hb't Hsame.
  assert (Hempty : forall e, In e all_squares -> e <> t -> (e = f \/ b e = None) -> b' e = None).
  { intros e He Het [->|Hn]; [exact Hb'f|].
    destruct (Uint63.eqs e f) as [->|Hef]; [exact Hb'f|]. rewrite Hsame; auto. }
  assert (Hslider : forall r', r' <> Pawn -> r' <> King ->
            (exists d, In d (slider_dirs r') /\ reaches b (ray d f) t = true) ->
            b' t = Some (MkPiece us r') -> False).
  { intros r' Hr Hk Hm Hb. destruct (slider_exit b us r' f t Hf Hm) as (e & He & Het & Hfe).
    apply (empty_exit t us r' e Ht Hx Hb).
    - apply move_exits; [exact Hk | intros E; contradiction | exact He].
    - apply Hempty; auto. apply (exits_in us r' t Ht), He. }
  destruct r.
  - (* pawn *)
    destruct (pawn_arrival us f t Hf Ht Hbf Hmm Hb'f Hsame) as (Hs & e & He & Hn).
    apply (empty_exit t us Pawn e Ht Hx Hb't); [|exact Hn].
    apply move_exits; [discriminate | intros _; exact Hs | exact He].
  - (* knight *)
    apply inb_in in Hmm.
    apply (empty_exit _ us Knight f Ht Hx Hb't); [|exact Hb'f].
    apply move_exits; [discriminate | discriminate | apply knight_exit; assumption].
  - apply (Hslider Bishop); [discriminate | discriminate | exact Hmm | exact Hb't].
  - apply (Hslider Rook); [discriminate | discriminate | exact Hmm | exact Hb't].
  - apply (Hslider Queen); [discriminate | discriminate | exact Hmm | exact Hb't].
  - (* king *)
    apply (empty_exit _ us King f Ht Hx Hb't); [|exact Hb'f]. apply king_exit; assumption.
Qed.

Theorem frozen_step_keeps : forall s, In s all_squares -> X s = true -> piece_at Q s = piece_at P s.
Proof.
  intros s Hs Hx. fold b b'.
  pose proof (occupied s Hs Hx) as Ho.
  destruct (inv_elim Q HQ) as (_ & _ & _ & _ & Hep).
  pose proof Hl as (Hps & _). unfold pseudo_legal in Hps. destruct Hps as (_ & _ & Hps).
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  fold b b' in Hk, Hps. set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - clear Hr7 Hft.
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst].
    + exfalso. apply (normal_arrival f t us r); assumption.
    + symmetry. apply Hsame; assumption.
  - clear Htg Hft.
    destruct Hps as (r' & Hpr & _ & _ & H7 & _ & Hmm).
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst].
    + exfalso.
      destruct (pawn_arrival us f t Hf Ht Hbf Hmm Hb'f Hsame) as (_ & e & He & Hn).
      apply (empty_exit t us r e Ht Hx Hb't); [|exact Hn].
      apply promotion_exits; [|exact H7|exact He].
      intros E. rewrite E in Hr. simpl in Hr. intuition discriminate.
    + symmetry. apply Hsame; assumption.
  - destruct Hps as (_ & _ & _ & Hatt & _).
    clear Hrt Hbt Hbv Hft Hfv Htv.
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s (ep_victim us t)) as [->|Hsv]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst].
    + exfalso. apply inb_in in Hatt.
      assert (Hrf : rank_ok f = true) by (apply (pawns_Q f us); assumption).
      apply (empty_exit t us Pawn f Ht Hx Hb't); [|exact Hb'f].
      apply move_exits; [discriminate | intros _; exact (proj2 (pawn_not_seed us f Hf Hrf) t Hatt) |].
      apply pawn_capture_exit; assumption.
    + symmetry. apply Hsame; assumption.
  - clear Hcr Hbf Hbr Hbt Hbrt Hnd.
    destruct (castle_exits us side) as (Ek & Er).
    destruct (in_dec Uint63.eqs s [f; t; castle_rook_from us side; castle_rook_to us side])
      as [Hin|Hn].
    + exfalso. simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; try congruence.
      * apply (empty_exit t us King f Ht Hx Hb't); [|exact Hb'f]. rewrite Hfk, Htk. exact Ek.
      * apply (empty_exit _ us Rook _ Hs Hx Hb'rt Er Hb'r).
    + symmetry. apply Hsame; assumption.
Qed.

End Step.

(** ** Games *)

Theorem frozen_game : forall h G, game h G -> forall X, closed_set (piece_at G) X ->
  forall s, In s all_squares -> X s = true -> piece_at G s = piece_at initial s.
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst]; intros X HX s Hs Hx; [reflexivity|].
  destruct Hst as (Hl & _). apply legal_move_iff in Hl.
  pose proof (inv_game h G Hg) as Hi.
  assert (E : forall s, In s all_squares -> X s = true -> piece_at G s = piece_at G' s)
    by exact (frozen_step_keeps G G' m X Hl Hi HX).
  rewrite <- E by assumption.
  apply (IH X); [|assumption|assumption].
  apply (closed_transfer (piece_at G')); [exact HX|].
  intros x Hx' HXx. apply E; assumption.
Qed.

(** ** The computed set is closed *)

Lemma frozen_exit_table_all :
  map (fun p => map (fun s => frozen_exit_table.[64 * cell_of_piece p + s]) all_squares) all_pieces =
  map (fun p => map (frozen_exits (piece_color p) (piece_role p)) all_squares) all_pieces.
Proof. vm_compute. reflexivity. Qed.

Lemma frozen_exits_of_spec : forall c r s, In s all_squares -> frozen_exits_of c r s = frozen_exits c r s.
Proof.
  intros c r s Hs. unfold frozen_exits_of.
  pose proof (map_eq_in _ _ _ _ _ _ frozen_exit_table_all (in_all_pieces c r)) as E. cbv beta in E.
  exact (map_eq_in _ _ _ _ _ _ E Hs).
Qed.

(** The validation of Frozen.v means what it says. *)
Lemma closed_b_spec : forall b F, closed_b b F = true -> closed_set b (fun s => F.[s]).
Proof.
  intros b F H s Hs HF. pose proof (forall_squares _ H s Hs) as H'. cbv beta in H'.
  rewrite HF in H'. cbn [negb] in H'.
  destruct (b s) as [[c r]|]; [|discriminate]. exists c, r. split; [reflexivity|].
  rewrite frozen_exits_of_spec in H' by exact Hs. apply all_in_spec, H'.
Qed.

Lemma frozen_set_closed : forall b, closed_set b (fun s => (frozen_set b).[s]).
Proof.
  intros b. unfold frozen_set. destruct (closed_b b _) eqn:E; [apply closed_b_spec, E|].
  intros s Hs H. rewrite no_squares_false in H by exact Hs. discriminate.
Qed.

(** ** Positions with a frozen man off its initial square are unreachable *)

(** As in Stranded.v: unfold these first when comparing them with their
    bodies, so that the kernel does not start computing on an unknown
    board. *)
Local Strategy expand [frozen_refutes frozen_men frozen_set].

Theorem frozen_refutes_game : forall h G P, game h G -> realizes G P -> frozen_refutes P = false.
Proof.
  intros h G P Hg (Hb & _).
  destruct (frozen_refutes P) eqn:E; [|reflexivity]. exfalso.
  unfold frozen_refutes, frozen_men in E. apply existsb_exists in E.
  destruct E as (s & Hs & Hd). apply members_spec in Hs. destruct Hs as (Hsq & HF).
  assert (HJG : closed_set (piece_at G) (fun s => (frozen_set (piece_at P)).[s])).
  { apply (closed_transfer (piece_at P)); [apply frozen_set_closed|].
    intros x Hx _. symmetry. apply Hb, Hx. }
  pose proof (frozen_game h G Hg _ HJG s Hsq HF) as Hi.
  unfold differs in Hd. rewrite Hb, Hi in Hd by exact Hsq.
  apply negb_true_iff in Hd. rewrite (proj2 (opiece_eqb_eq _ _) eq_refl) in Hd. discriminate.
Qed.

Corollary frozen_refutes_sound : forall P, frozen_refutes P = true -> ~ reachable P.
Proof.
  intros P H (h & G & Hg & Hr). rewrite (frozen_refutes_game h G P Hg Hr) in H. discriminate.
Qed.

(** * Regions (Frozen.v): the man cannot have come from the start

    - [region_game : forall h G, game h G -> forall X c r R,
         closed_set (piece_at G) X -> region_closed X c r R ->
         region_last c r R -> region_homeless c r R ->
         forall s, In s all_squares -> R s = true -> piece_at G s <> Some (MkPiece c r)]
    - [region_refutes_sound : forall P, region_refutes P = true -> ~ reachable P].

    [R] is closed under the exits of a man [MkPiece c r] that avoid the
    closed set [X] ([region_closed]), has no square of the last rank if the
    man may be a promoted pawn ([region_last]), and no initial square of
    the man ([region_homeless]).  Then no position of a game has the man on
    a square of [R]: not the initial position, and after a legal move the
    man on [s] in [R] either stood there before, or arrived there from a
    square of [R] ([region_step]): its origin is an exit of [s], or is
    reached from [s] through exits over empty squares (a slider, a double
    step), none of them in [X] (the squares of [X] are occupied before and
    after the move, [frozen_step_keeps]); it cannot have arrived by
    promotion, [s] not being on its last rank. *)

Definition region_closed (X : int -> bool) (c : color) (r : role) (R : int -> bool) : Prop :=
  forall s, In s all_squares -> R s = true ->
  forall e, In e (frozen_exits c r s) -> X e = false -> R e = true.

Definition region_last (c : color) (r : role) (R : int -> bool) : Prop :=
  forall s, In s all_squares -> R s = true -> promotable r = true -> (relative_rank c s =? 7) = false.

Definition region_homeless (c : color) (r : role) (R : int -> bool) : Prop :=
  forall s, In s all_squares -> R s = true -> piece_at initial s <> Some (MkPiece c r).

Lemma rays_in : forall d f r, In f all_squares -> In d (slider_dirs r) -> incl (ray d f) all_squares.
Proof.
  intros d f r Hf Hd. apply sub_squares_incl.
  assert (H : forallb (fun f => forallb (fun r => forallb (fun d => sub_squares (ray d f))
                                  (slider_dirs r)) all_roles) all_squares = true)
    by (vm_compute; reflexivity).
  pose proof (forall_squares _ H f Hf) as H'. cbv beta in H'. rewrite forallb_forall in H'.
  specialize (H' r (in_all_roles r)). rewrite forallb_forall in H'. auto.
Qed.

Section RegionStep.

Context (Q P : position) (m : move) (X : int -> bool) (c : color) (r : role) (R : int -> bool).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (HX : closed_set (piece_at P) X)
  (HR : region_closed X c r R) (Hlast : region_last c r R).

Let b := piece_at Q.
Let b' := piece_at P.

Lemma free_after : forall e, In e all_squares -> b' e = None -> X e = false.
Proof.
  intros e He Hn. destruct (X e) eqn:Ex; [|reflexivity].
  exfalso. exact (occupied P X HX e He Ex Hn).
Qed.

Lemma free_before : forall e, In e all_squares -> b e = None -> X e = false.
Proof.
  intros e He Hn. destruct (X e) eqn:Ex; [|reflexivity]. exfalso.
  apply (occupied P X HX e He Ex).
  rewrite <- (frozen_step_keeps Q P m X Hl HQ HX e He Ex). exact Hn.
Qed.

(** A slider's origin is reached back from its target through exits over
    empty squares. *)
Lemma slider_back : forall l prev t, r <> King -> r <> Pawn -> incl l all_squares ->
  back_chain c r prev l = true -> reaches b l t = true -> R t = true -> In t all_squares ->
  X prev = false -> R prev = true.
Proof.
  intros l; induction l as [|x l IH]; simpl; intros prev t Hk Hp Hin Hc Hr Ht Hts Hx;
    [discriminate|].
  split_lazy. assert (Hxs : In x all_squares) by (apply Hin; left; reflexivity).
  assert (Hpx : In prev (frozen_exits c r x))
    by (apply move_exits; [exact Hk | intros Ep; contradiction | apply inb_in; assumption]).
  destruct (x =? t) eqn:Ex.
  - apply eqb_true in Ex. subst x. exact (HR t Hts Ht prev Hpx Hx).
  - destruct (b x) eqn:Bx; [discriminate|].
    assert (HRx : R x = true).
    { apply (IH x t Hk Hp); try assumption.
      - intros y Hy. apply Hin. right. exact Hy.
      - apply free_before; assumption. }
    exact (HR x Hxs HRx prev Hpx Hx).
Qed.

(** The man on a square of [R] after the move stood on a square of [R]
    before it. *)
Theorem region_step : forall s, In s all_squares -> R s = true -> b' s = Some (MkPiece c r) ->
  exists s', In s' all_squares /\ R s' = true /\ b s' = Some (MkPiece c r).
Proof.
  intros s Hs HRs Hb's.
  destruct (inv_elim Q HQ) as (_ & _ & _ & _ & Hep).
  pose proof Hl as (Hps & _). unfold pseudo_legal in Hps. destruct Hps as (_ & _ & Hps).
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  fold b b' in Hk, Hps. set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  (* an exit of [t] the move leaves empty (after it) is in [R] *)
  assert (Hback : forall e, R t = true -> In e (frozen_exits c r t) -> In e all_squares ->
            b' e = None -> R e = true)
    by (intros e HRt He Hes Hn; exact (HR t Ht HRt e He (free_after e Hes Hn))).
  shape_inv Hk.
  - clear Hr7 Hft Htg.
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst]; [|exists s; rewrite <- Hsame by assumption; auto].
    rewrite Hb't in Hb's. injection Hb's as -> ->.
    exists f. split; [exact Hf|]. split; [|exact Hbf].
    assert (Hsl : r <> King -> r <> Pawn ->
              (exists d, In d (slider_dirs r) /\ reaches b (ray d f) t = true) -> R f = true).
    { intros Hk Hp (d & Hd & Hr).
      apply (slider_back (ray d f) f t); try assumption.
      - apply (rays_in d f r Hf Hd).
      - apply back_chain_rays; assumption.
      - apply free_after; assumption. }
    destruct r.
    + (* pawn *)
      assert (Hrf : rank_ok f = true) by (apply (pawns_Q Q HQ f c); assumption).
      destruct (pawn_not_seed c f Hf Hrf) as [NS1 NS2].
      destruct Hmm as [(Et & _)|[(Er & Et & Hbe & _)|(Et & _)]].
      * apply eqb_true in Et.
        apply Hback; [exact HRs| |exact Hf|exact Hb'f]. rewrite Et in Ht |- *.
        apply move_exits; [discriminate | intros _; exact (NS1 Ht) | apply pawn_step_exit; assumption].
      * apply eqb_true in Et.
        destruct (pawn_double_exit c f Hf Er) as (He & Het & Hef & Hs2). rewrite <- Et in He, Hs2.
        set (e := pawn_step c f) in *.
        assert (Hes : In e all_squares) by (apply (exits_in c Pawn t Ht), He).
        assert (HRe : R e = true).
        { apply (HR t Ht HRs e); [|apply free_before; assumption].
          apply move_exits; [discriminate | intros _; exact Hs2 | exact He]. }
        apply (HR e Hes HRe f); [|apply free_after; assumption].
        apply move_exits; [discriminate | intros _; exact (NS1 Hes) | apply pawn_step_exit; assumption].
      * apply inb_in in Et.
        apply Hback; [exact HRs| |exact Hf|exact Hb'f].
        apply move_exits; [discriminate | intros _; exact (NS2 t Et) | apply pawn_capture_exit; assumption].
    + (* knight *)
      apply inb_in in Hmm. apply Hback; [exact HRs| |exact Hf|exact Hb'f].
      apply move_exits; [discriminate | discriminate | apply knight_exit; assumption].
    + apply Hsl; [discriminate | discriminate | exact Hmm].
    + apply Hsl; [discriminate | discriminate | exact Hmm].
    + apply Hsl; [discriminate | discriminate | exact Hmm].
    + (* king *)
      apply Hback; [exact HRs | apply king_exit; assumption | exact Hf | exact Hb'f].
  - clear Htg Hft.
    destruct Hps as (r' & Hpr & _ & _ & H7 & _).
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst]; [|exists s; rewrite <- Hsame by assumption; auto].
    exfalso. rewrite Hb't in Hb's. injection Hb's as -> ->.
    assert (Hp : promotable r = true) by (destruct r; simpl in Hr; intuition discriminate).
    rewrite (Hlast t Ht HRs Hp) in H7. discriminate.
  - destruct Hps as (_ & _ & _ & Hatt & _).
    clear Hrt Hbt Hbv Hft Hfv Htv.
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s (ep_victim us t)) as [->|Hsv]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst]; [|exists s; rewrite <- Hsame by assumption; auto].
    rewrite Hb't in Hb's. injection Hb's as Ec Erp. subst r c.
    exists f. split; [exact Hf|]. split; [|exact Hbf].
    apply inb_in in Hatt.
    assert (Hrf : rank_ok f = true) by (apply (pawns_Q Q HQ f us); assumption).
    apply Hback; [exact HRs| |exact Hf|exact Hb'f].
    apply move_exits; [discriminate | intros _; exact (proj2 (pawn_not_seed us f Hf Hrf) t Hatt) |].
    apply pawn_capture_exit; assumption.
  - clear Hcr Hbt Hbrt Hnd.
    destruct (castle_exits us side) as (Ek & Er).
    destruct (in_dec Uint63.eqs s [f; t; castle_rook_from us side; castle_rook_to us side])
      as [Hin|Hn]; [|exists s; rewrite <- Hsame by assumption; auto].
    simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; try congruence.
    + rewrite Hb't in Hb's. injection Hb's as Ec Erp. subst r c.
      exists f. split; [exact Hf|]. split; [|exact Hbf].
      apply Hback; [exact HRs | | exact Hf | exact Hb'f]. rewrite Hfk, Htk. exact Ek.
    + rewrite Hb'rt in Hb's. injection Hb's as Ec Erp. subst r c.
      assert (Hrf : In (castle_rook_from us side) all_squares) by (apply Hincl; simpl; tauto).
      exists (castle_rook_from us side). split; [exact Hrf|]. split; [|exact Hbr].
      exact (HR _ Hs HRs _ Er (free_after _ Hrf Hb'r)).
Qed.

End RegionStep.

Theorem region_game : forall h G, game h G -> forall X c r R,
  closed_set (piece_at G) X -> region_closed X c r R -> region_last c r R ->
  region_homeless c r R ->
  forall s, In s all_squares -> R s = true -> piece_at G s <> Some (MkPiece c r).
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst];
    intros X c r R HX HR Hlast Hhome s Hs HRs Hb; [exact (Hhome s Hs HRs Hb)|].
  destruct Hst as (Hl & _). apply legal_move_iff in Hl.
  pose proof (inv_game h G Hg) as Hi.
  destruct (region_step G G' m X c r R Hl Hi HX HR Hlast s Hs HRs Hb) as (s' & Hs' & HRs' & Hb').
  assert (HXG : closed_set (piece_at G) X).
  { apply (closed_transfer (piece_at G')); [exact HX|].
    intros x Hx HXx. exact (frozen_step_keeps G G' m X Hl Hi HX x Hx HXx). }
  exact (IH X c r R HXG HR Hlast Hhome s' Hs' HRs' Hb').
Qed.

(** The validation of Frozen.v means what it says. *)
Lemma region_ok_spec : forall X c r R, region_ok X c r R = true ->
  region_closed (fun s => X.[s]) c r (fun s => R.[s]) /\ region_last c r (fun s => R.[s]) /\
  region_homeless c r (fun s => R.[s]).
Proof.
  intros X c r R H.
  assert (H' : forall s, In s all_squares -> R.[s] = true ->
     forallb (fun e => X.[e] ||| R.[e]) (frozen_exits c r s) = true /\ source c r s = false).
  { intros s Hs HR. pose proof (forall_squares _ H s Hs) as E. cbv beta in E.
    rewrite HR in E. cbn [negb] in E. rewrite frozen_exits_of_spec in E by exact Hs.
    destruct (forallb _ (frozen_exits c r s)); [|discriminate].
    split; [reflexivity | apply negb_true_iff, E]. }
  split; [|split].
  - intros s Hs HR e He Hx. destruct (H' s Hs HR) as (E & _).
    rewrite forallb_forall in E. specialize (E e He). cbv beta in E. rewrite Hx in E. exact E.
  - intros s Hs HR Hp. destruct (H' s Hs HR) as (_ & E). unfold source in E.
    rewrite Hp in E. destruct (opiece_eqb _ _), (relative_rank c s =? 7); try discriminate; reflexivity.
  - intros s Hs HR E'. destruct (H' s Hs HR) as (_ & E). unfold source in E.
    rewrite (proj2 (opiece_eqb_eq _ _) E') in E. discriminate.
Qed.

Local Strategy expand [region_refutes region_refutes_at region].

Theorem region_refutes_game : forall h G P, game h G -> realizes G P -> region_refutes P = false.
Proof.
  intros h G P Hg (Hb & _).
  destruct (region_refutes P) eqn:E; [|reflexivity]. exfalso.
  unfold region_refutes in E. apply existsb_exists in E. destruct E as (s & Hs & E).
  unfold region_refutes_at in E.
  destruct (piece_at P s) as [[c r]|] eqn:Bs; [|discriminate].
  split_lazy. destruct (region _ c r s) as [R|]; [|discriminate]. split_lazy.
  set (X := frozen_set (piece_at P)) in *.
  destruct (region_ok_spec X c r R ltac:(assumption)) as (HR & Hlast & Hhome).
  assert (HXG : closed_set (piece_at G) (fun s => X.[s])).
  { apply (closed_transfer (piece_at P)); [apply frozen_set_closed|].
    intros x Hx _. symmetry. apply Hb, Hx. }
  apply (region_game h G Hg _ c r _ HXG HR Hlast Hhome s Hs ltac:(assumption)).
  rewrite <- Bs. symmetry. apply Hb, Hs.
Qed.

Corollary region_refutes_sound : forall P, region_refutes P = true -> ~ reachable P.
Proof.
  intros P H (h & G & Hg & Hr). rewrite (region_refutes_game h G P Hg Hr) in H. discriminate.
Qed.
