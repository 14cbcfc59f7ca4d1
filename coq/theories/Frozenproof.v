(** * Frozenproof: the frozen-men rule of Frozen.v is sound.

    Headline theorems:

    - [frozen_game : forall h G, game h G -> forall X, closed_set (piece_at G) X ->
         forall s, In s all_squares -> X s = true -> piece_at G s = piece_at initial s]
        a set of squares closed under exits on a game position holds the
        men of the initial position;
    - [frozen_refutes_game : forall h G P, game h G -> realizes G P ->
         frozen_refutes P = false];
    - [frozen_refutes_sound : forall P, frozen_refutes P = true -> ~ reachable P].

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
