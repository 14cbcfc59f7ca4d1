(** * Frozenproof: the frozen-men rule of Frozen.v is sound.

    Headline theorems:

    - [frozen_game : forall h G, game h G -> forall X, closed_set (piece_at G) X ->
         forall s, In s all_squares -> X s = true -> piece_at G s = piece_at initial s]
        a set of squares closed under exits on a game position holds the
        men of the initial position;
    - [frozen_refutes_game : forall h G P, game h G -> realizes G P ->
         frozen_refutes P = false];
    - [frozen_refutes_sound : forall P, frozen_refutes P = true -> ~ reachable P];
    - [king_safe : forall h G, game h G -> ...] no king stands on a square
      that a frozen man of the other side attacks;
    - [region_refutes_sound : forall P, region_refutes P = true -> ~ reachable P]
      (the region rule, second part of this file).

    ** The argument

    [closed_set b X]: every square of [X] holds a man of [b] whose exits
    ([frozen_exits], Frozen.v) are all in [X] or [shut].  If [X] is closed
    on the board of [P] and [legal_move Q m P] ([Q] a position of a game),
    then [m] neither leaves, arrives on, nor captures on a square of [X]
    ([frozen_step_keeps]):

    - leaving a square, or taking en passant, empties it, but the squares
      of [X] are occupied after the move;
    - a man arriving on [t] comes from an exit of [t] (pawn step or
      capture, knight, king, a pawn promoting, a king or rook castling from
      its home square), which the move empties, or passes over one (a
      double step, a slider), which is empty before the move and untouched
      by it; either way an exit of [t] is empty after the move, but it is
      in [X];
    - no pawn arrives on its second rank, where a pawn has no exit (pawns
      never stand on their first rank, Invariants.v);
    - the exit is then shut, which is a contradiction: a man that would
      have given check from its origin leaves [Q] with the side that just
      moved in check ([check_contra]); a king that would have stood in a
      check no move can have given makes the position before [Q]
      impossible ([check_arrived], which looks one move further back).

    So the boards of [Q] and [P] agree on [X], [X] is closed on [Q] too,
    and by induction over the game every square of [X] holds what the
    initial position holds there ([frozen_game]).  Nothing depends on how
    [X] was found: [frozen_set] (Frozen.v) is closed because it was
    validated ([closed_b_spec]).

    The geometric facts (where a man arriving on a square comes from) are
    those of Stranded.v, plus [king_exit] and [castle_exits] here, checked
    by computation over the 64 squares. *)

From Coq Require Import Uint63 PArray List Bool Arith Lia.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck
  Reachable Invariants Stranded Frozen.
Import ListNotations.
Open Scope uint63_scope.

(** ** Closed sets of squares *)

(** A man of colour [c] and role [r] on [o] would attack a king of the
    other side standing on a square of [X]. *)
Definition gives_check (b : board_fn) (X : int -> bool) (c : color) (r : role) (o : int) : Prop :=
  exists k, In k all_squares /\ X k = true /\ b k = Some (MkPiece (opp c) King) /\
            fixed_attack c r o k = true.

(** The exit [e] of the man of colour [c] and role [r] on [s] is shut: not
    a square promotion or castling starts from, and
    - a knight or king coming from [e] would have given check with its own
      side to move;
    - or a king on [e] would have stood in check from a man on a square of
      [X] whose exits are squares of [X] other than [s], or [e], so that
      it cannot have just arrived;
    - a bishop, rook or queen would have given check from every square it
      can have come from (along its lines, over squares not in [X]). *)
Definition shut (b : board_fn) (X : int -> bool) (c : color) (r : role) (s e : int) : Prop :=
  ~ In e (promotion_exit c r s ++ castle_exit c r s) /\
  match r with
  | Pawn => False
  | Knight => gives_check b X c r e
  | King =>
      gives_check b X c r e \/
      exists q rf, In q all_squares /\ X q = true /\ b q = Some (MkPiece (opp c) rf) /\
        fixed_attack (opp c) rf q e = true /\
        forall x, In x (frozen_exits (opp c) rf q) -> (X x = true /\ x <> s) \/ x = e
  | _ =>
      forall o, In o all_squares -> line r o s = true -> X o = false ->
      (forall y, In y all_squares -> between s o y = true -> X y = false) -> gives_check b X c r o
  end.

Definition closed_set (b : board_fn) (X : int -> bool) : Prop :=
  forall s, In s all_squares -> X s = true ->
  exists c r, b s = Some (MkPiece c r) /\
    forall e, In e (frozen_exits c r s) -> X e = true \/ shut b X c r s e.

Lemma shut_transfer : forall b b' X c r s e,
  (forall x, In x all_squares -> X x = true -> b' x = b x) -> shut b X c r s e -> shut b' X c r s e.
Proof.
  intros b b' X c r s e E (Hn & H). split; [exact Hn|].
  assert (G : forall r o, gives_check b X c r o -> gives_check b' X c r o).
  { intros r' o (k & Hk & Xk & Bk & Fk). exists k. rewrite E by assumption. auto. }
  destruct r; try (intros; apply G, H; assumption); try (apply G, H); try contradiction.
  destruct H as [H|(q & rf & Hq & Xq & Bq & Fq & Hx)]; [left; apply G, H | right].
  exists q, rf. rewrite E by assumption. auto 6.
Qed.

Lemma closed_transfer : forall b b' X, closed_set b X ->
  (forall s, In s all_squares -> X s = true -> b' s = b s) -> closed_set b' X.
Proof.
  intros b b' X H E s Hs Hx. destruct (H s Hs Hx) as (c & r & Hb & J).
  exists c, r. rewrite E by assumption. split; [exact Hb|].
  intros e He. destruct (J e He) as [J'|J']; [left; exact J' | right; apply (shut_transfer b); assumption].
Qed.

(** ** Geometry *)

Lemma frozen_exits_in : forall c r s, In s all_squares -> incl (frozen_exits c r s) all_squares.
Proof.
  intros c r s Hs. apply sub_squares_incl.
  assert (H : forall c, forallb (fun s => forallb (fun r => sub_squares (frozen_exits c r s))
                                            all_roles) all_squares = true)
    by (intros [|]; vm_compute; reflexivity).
  pose proof (forall_squares _ (H c) s Hs) as H'. cbv beta in H'.
  exact (forallb_in H' (in_all_roles r)).
Qed.

(** A region follows some of the exits: those of the man's own moves and
    of castling. *)
Lemma region_frozen_exit : forall c r s e, In e (region_exits c r s) -> In e (frozen_exits c r s).
Proof. intros c r s e He. unfold frozen_exits. apply in_or_app. left. exact He. Qed.

(** The exits of the moves of a knight, bishop, rook or queen, or of a pawn
    off its second rank, are exits. *)
Lemma move_region_exits : forall c r t e, r <> King -> (r = Pawn -> (relative_rank c t =? 1) = false) ->
  In e (exits c r t) -> In e (region_exits c r t).
Proof.
  intros c r t e Hk Hp He. unfold region_exits. apply in_or_app. left. unfold move_exit.
  destruct r; try exact He; [|congruence]. rewrite (Hp eq_refl). exact He.
Qed.

Lemma move_exits : forall c r t e, r <> King -> (r = Pawn -> (relative_rank c t =? 1) = false) ->
  In e (exits c r t) -> In e (frozen_exits c r t).
Proof. intros. apply region_frozen_exit, move_region_exits; assumption. Qed.

(** A man other than a king on its last rank may come from where a pawn
    promotes from. *)
Lemma promotion_exits : forall c r t e, r <> King -> (relative_rank c t =? 7) = true ->
  In e (exits c Pawn t) -> In e (frozen_exits c r t).
Proof.
  intros c r t e Hk H7 He. unfold frozen_exits. apply in_or_app. right.
  unfold promotion_exit. destruct r; try (rewrite H7; exact He). congruence.
Qed.

(** A king comes from an exit of its target. *)
Lemma king_region_exit : forall c f t, In f all_squares -> inb t king_targets.[f] = true ->
  In f (region_exits c King t).
Proof.
  intros c f t Hf Ht. unfold region_exits. apply in_or_app. left. unfold move_exit.
  assert (H : forallb (fun f => forallb (fun t => inb f king_targets.[t]) king_targets.[f])
                all_squares = true) by (vm_compute; reflexivity).
  pose proof (forall_squares _ H f Hf) as H'. cbv beta in H'.
  apply inb_in, (forallb_in H'), inb_in, Ht.
Qed.

Lemma king_exit : forall c f t, In f all_squares -> inb t king_targets.[f] = true ->
  In f (frozen_exits c King t).
Proof. intros. apply region_frozen_exit, king_region_exit; assumption. Qed.

(** Castling moves the king and the rook from exits of their targets. *)
Lemma castle_region_exits : forall c side,
  In (castle_king_from c) (region_exits c King (castle_king_to c side)) /\
  In (castle_rook_from c side) (region_exits c Rook (castle_rook_to c side)).
Proof.
  intros c side. split; apply inb_in; destruct c, side; vm_compute; reflexivity.
Qed.

Lemma castle_exits : forall c side,
  In (castle_king_from c) (frozen_exits c King (castle_king_to c side)) /\
  In (castle_rook_from c side) (frozen_exits c Rook (castle_rook_to c side)).
Proof.
  intros c side. destruct (castle_region_exits c side). split; apply region_frozen_exit; assumption.
Qed.

(** Castling puts the king and rook on their squares from those. *)
Lemma castle_exit_in : forall c side,
  In (castle_king_from c) (castle_exit c King (castle_king_to c side)) /\
  In (castle_rook_from c side) (castle_exit c Rook (castle_rook_to c side)).
Proof. intros [|] [|]; vm_compute; split; left; reflexivity. Qed.

(** A man's own move never comes from where castling puts it from: those
    squares are not next to its target. *)
Lemma exits_not_castle : forall c r x e, In x all_squares -> r <> King -> In e (exits c r x) ->
  ~ In e (castle_exit c r x).
Proof.
  intros c r x e Hx Hk He Hc. destruct r; try (simpl in Hc; exact Hc); [|congruence].
  assert (E : forallb (fun x => forallb (fun e => negb (inb e (castle_exit c Rook x))) (exits c Rook x))
                all_squares = true) by (destruct c; vm_compute; reflexivity).
  pose proof (forall_squares _ E x Hx) as E'. cbv beta in E'. forallb_at E' He.
  rewrite (in_inb _ _ Hc) in E'. discriminate.
Qed.

Lemma king_not_castle : forall c f t, In f all_squares -> inb t king_targets.[f] = true ->
  ~ In f (castle_exit c King t).
Proof.
  intros c f t Hf Ht Hc.
  assert (E : forallb (fun f => forallb (fun t => negb (inb f (castle_exit c King t))) king_targets.[f])
                all_squares = true) by (destruct c; vm_compute; reflexivity).
  pose proof (forall_squares _ E f Hf) as E'. cbv beta in E'. forallb_at E' (inb_in _ _ Ht).
  rewrite (in_inb _ _ Hc) in E'. discriminate.
Qed.

(** The castling that lands a king or rook on its target is on the side
    [castle_side_at] names. *)
Lemma castle_side_at_king : forall c side, castle_side_at c (castle_king_to c side) = side.
Proof. intros [|] [|]; reflexivity. Qed.

Lemma castle_side_at_rook : forall c side, castle_side_at c (castle_rook_to c side) = side.
Proof. intros [|] [|]; reflexivity. Qed.

(** ** Checks that cannot have been *)

(** A fixed attack is an attack, whatever else stands on the board. *)
Lemma fixed_attacked : forall b c r o k, b o = Some (MkPiece c r) -> fixed_attack c r o k = true ->
  attacked_b b c k = true.
Proof.
  intros b c r o k Hb H. unfold attacked_b.
  assert (Hm : forall l, inb o l = true -> has_man b (MkPiece c r) l = true).
  { intros l Hl. unfold has_man. apply existsb_exists. exists o. split; [apply inb_in, Hl|].
    rewrite Hb. apply opiece_eqb_eq. reflexivity. }
  assert (L : forall x y : bool, x = true -> (x ||| y) = true) by (intros x y ->; reflexivity).
  assert (R : forall x y : bool, y = true -> (x ||| y) = true) by (intros [] y ->; reflexivity).
  assert (Hs : slides_next_to r o k = true -> existsb (slider_on b c k) directions = true).
  { intros Hn. apply existsb_exists in Hn. destruct Hn as (d & Hd & Hx).
    destruct (inb d (slider_dirs r)) eqn:Ed; [|discriminate].
    destruct (ray d k) as [|o' l] eqn:Er; [discriminate|]. apply eqb_true in Hx. subst o'.
    apply existsb_exists. exists d. split; [exact Hd|].
    unfold slider_on. rewrite Er. cbn [first_man]. rewrite Hb. cbv iota. rewrite Hb. cbv iota.
    rewrite Ed, (proj2 (color_eqb_eq c c) eq_refl). reflexivity. }
  destruct r; cbn [fixed_attack] in H.
  - apply L, L, R, Hm, H.
  - apply L, L, L, Hm, H.
  - apply R, Hs, H.
  - apply R, Hs, H.
  - apply R, Hs, H.
  - apply L, R, Hm, H.
Qed.

(** The side that just moved is not in check: no man of the side to move
    attacks the other king, even where nothing stands between. *)
Lemma check_contra : forall Q c r o k, inv Q = true -> turn Q = c -> In k all_squares ->
  piece_at Q o = Some (MkPiece c r) -> piece_at Q k = Some (MkPiece (opp c) King) ->
  fixed_attack c r o k = true -> False.
Proof.
  intros Q c r o k HQ Ht Hk Ho Hking Hf.
  destruct (inv_elim Q HQ) as (_ & _ & Hc & _). unfold check_inv in Hc.
  rewrite Ht in Hc. apply negb_true_iff in Hc.
  assert (E : in_check_b (piece_at Q) (opp c) = true).
  { unfold in_check_b. apply existsb_exists. exists k. split; [exact Hk|].
    rewrite Hking, (proj2 (opiece_eqb_eq _ _) eq_refl), opp_opp.
    exact (fixed_attacked _ c r o k Ho Hf). }
  congruence.
Qed.

(** ** Where a man that arrives comes from *)

Section Arrival.

Context (Q P : position) (m : move).
Context (Hl : legal_move Q m P) (HQ : inv Q = true).

Let b := piece_at Q.
Let b' := piece_at P.

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

(** A man that arrives on [q] by the move leaves an exit of [q] empty. *)
Lemma arrival_exit : forall q c r, In q all_squares -> b' q = Some (MkPiece c r) -> b q <> b' q ->
  exists x, In x (frozen_exits c r q) /\ b' x = None.
Proof.
  intros q c r Hq Hb'q Hd.
  pose proof (ep_inv_of Q HQ) as Hep.
  pose proof Hl as (Hps & _). unfold pseudo_legal in Hps. destruct Hps as (_ & _ & Hps).
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  fold b b' in Hk, Hps. set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - destruct (Uint63.eqs q f) as [->|Hqf]; [congruence|].
    destruct (Uint63.eqs q t) as [->|Hqt]; [|exfalso; apply Hd; symmetry; apply Hsame; assumption].
    rewrite Hb't in Hb'q. injection Hb'q as <- <-.
    assert (Hslider : r0 <> Pawn -> r0 <> King ->
              (exists d, In d (slider_dirs r0) /\ reaches b (ray d f) t = true) ->
              exists x, In x (frozen_exits us r0 t) /\ b' x = None).
    { intros Hp Hk Hm. destruct (slider_exit b us r0 f t Hf Hm) as (e & He & Het & Hfe).
      exists e. split; [apply move_exits; [exact Hk | intros E; contradiction | exact He]|].
      destruct Hfe as [->|Hn]; [exact Hb'f|].
      destruct (Uint63.eqs e f) as [->|Hef]; [exact Hb'f|].
      rewrite Hsame; [exact Hn | apply (exits_in us r0 t Ht), He | exact Hef | exact Het]. }
    destruct r0.
    + destruct (pawn_arrival us f t Hf Ht Hbf Hmm Hb'f Hsame) as (Hs & e & He & Hn).
      exists e. split; [|exact Hn].
      apply move_exits; [discriminate | intros _; exact Hs | exact He].
    + apply inb_in in Hmm. exists f. split; [|exact Hb'f].
      apply move_exits; [discriminate | discriminate | apply knight_exit; assumption].
    + apply Hslider; [discriminate.. | exact Hmm].
    + apply Hslider; [discriminate.. | exact Hmm].
    + apply Hslider; [discriminate.. | exact Hmm].
    + exists f. split; [apply king_exit; assumption | exact Hb'f].
  - destruct Hps as (r' & Hpr & _ & _ & H7 & _ & Hmm).
    destruct (Uint63.eqs q f) as [->|Hqf]; [congruence|].
    destruct (Uint63.eqs q t) as [->|Hqt]; [|exfalso; apply Hd; symmetry; apply Hsame; assumption].
    rewrite Hb't in Hb'q. injection Hb'q as <- <-.
    destruct (pawn_arrival us f t Hf Ht Hbf Hmm Hb'f Hsame) as (_ & e & He & Hn).
    exists e. split; [|exact Hn].
    apply promotion_exits; [|exact H7|exact He].
    intros E. rewrite E in Hr. simpl in Hr. intuition discriminate.
  - destruct Hps as (_ & _ & _ & Hatt & _).
    destruct (Uint63.eqs q f) as [->|Hqf]; [congruence|].
    destruct (Uint63.eqs q (ep_victim us t)) as [->|Hqv]; [congruence|].
    destruct (Uint63.eqs q t) as [->|Hqt]; [|exfalso; apply Hd; symmetry; apply Hsame; assumption].
    rewrite Hb't in Hb'q. injection Hb'q as <- <-.
    apply inb_in in Hatt.
    assert (Hrf : rank_ok f = true) by (apply (pawns_Q f us); assumption).
    exists f. split; [|exact Hb'f].
    apply move_exits; [discriminate | intros _; exact (proj2 (pawn_not_seed us f Hf Hrf) t Hatt) |].
    apply pawn_capture_exit; assumption.
  - destruct (castle_exits us side) as (Ek & Er).
    destruct (in_dec Uint63.eqs q [f; t; castle_rook_from us side; castle_rook_to us side])
      as [Hin|Hn]; [|exfalso; apply Hd; symmetry; apply Hsame; assumption].
    simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; try congruence.
    + rewrite Hb't in Hb'q. injection Hb'q as <- <-.
      exists f. split; [|exact Hb'f]. rewrite Hfk, Htk. exact Ek.
    + rewrite Hb'rt in Hb'q. injection Hb'q as <- <-.
      exists (castle_rook_from us side). split; [exact Er | exact Hb'r].
Qed.

(** A move of the other side leaves the men of [c] where they stand. *)
Lemma others_kept : forall c r e, turn Q = opp c -> In e all_squares ->
  b' e = Some (MkPiece c r) -> b e = b' e.
Proof.
  intros c r e Hturn He Hb'e.
  pose proof (ep_inv_of Q HQ) as Hep.
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  fold b b' in Hk. set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (Hc : forall r', b' e <> Some (MkPiece us r')).
  { intros r' E. rewrite Hb'e in E. injection E as E _. rewrite Hturn in E. destruct c; discriminate. }
  shape_inv Hk.
  - destruct (Uint63.eqs e f) as [->|Hef]; [congruence|].
    destruct (Uint63.eqs e t) as [->|Het]; [exfalso; exact (Hc _ Hb't)|].
    symmetry. apply Hsame; assumption.
  - destruct (Uint63.eqs e f) as [->|Hef]; [congruence|].
    destruct (Uint63.eqs e t) as [->|Het]; [exfalso; exact (Hc _ Hb't)|].
    symmetry. apply Hsame; assumption.
  - destruct (Uint63.eqs e f) as [->|Hef]; [congruence|].
    destruct (Uint63.eqs e (ep_victim us t)) as [->|Hev]; [congruence|].
    destruct (Uint63.eqs e t) as [->|Het]; [exfalso; exact (Hc _ Hb't)|].
    symmetry. apply Hsame; assumption.
  - destruct (in_dec Uint63.eqs e [f; t; castle_rook_from us side; castle_rook_to us side])
      as [Hin|Hn]; [|symmetry; apply Hsame; assumption].
    exfalso. simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; try congruence.
    all: first [exact (Hc _ Hb't) | exact (Hc _ Hb'rt)].
Qed.

End Arrival.

(** A man with no exit does not arrive (used by SealedBishopsproof.v). *)
Lemma exitless_keeps : forall Q P m, legal_move Q m P -> inv Q = true ->
  forall s c r, In s all_squares -> piece_at P s = Some (MkPiece c r) -> frozen_exits c r s = [] ->
  piece_at Q s = piece_at P s.
Proof.
  intros Q P m Hl HQ s c r Hs Hb Hx.
  destruct (opiece_eqb (piece_at Q s) (piece_at P s)) eqn:E; [apply opiece_eqb_eq, E|].
  exfalso. destruct (arrival_exit Q P m Hl HQ s c r Hs Hb) as (x & Hxe & _).
  - intros E'. rewrite E', (proj2 (opiece_eqb_eq _ _) eq_refl) in E. discriminate.
  - rewrite Hx in Hxe. exact Hxe.
Qed.

(** In a game, the king of the side to move is not attacked by a man that
    cannot have just arrived (all of its exits are occupied): the other
    side's last move must have given the check, and a fixed attack is not
    uncovered by another man moving away. *)
Lemma check_arrived : forall h Q, game h Q -> forall c e q rf,
  In e all_squares -> In q all_squares -> turn Q = c ->
  piece_at Q e = Some (MkPiece c King) -> piece_at Q q = Some (MkPiece (opp c) rf) ->
  fixed_attack (opp c) rf q e = true ->
  (forall x, In x (frozen_exits (opp c) rf q) -> piece_at Q x <> None) -> False.
Proof.
  intros h Q Hg. destruct Hg as [|h Q' m Q Hg Hst]; intros c e q rf He Hq Ht Hbe Hbq Hf Hx.
  - assert (H1 : forall e q, In e all_squares -> In q all_squares ->
        negb (opiece_eqb (piece_at initial e) (Some (MkPiece (turn initial) King))) |||
        match piece_at initial q with
        | Some (MkPiece c' rf) => negb (color_eqb c' (opp (turn initial)) &&& fixed_attack c' rf q e)
        | None => true
        end = true) by by_squares.
    specialize (H1 e q He Hq).
    rewrite Ht, Hbe, (proj2 (opiece_eqb_eq _ _) eq_refl), Hbq in H1.
    rewrite (proj2 (color_eqb_eq _ _) eq_refl), Hf in H1. discriminate.
  - destruct Hst as (Hl & _). apply legal_move_iff in Hl.
    pose proof (inv_game h Q' Hg) as Hi.
    pose proof (ep_inv_of Q' Hi) as Hep.
    destruct (step_shape Q' m Q Hl Hep) as (_ & _ & Hturn & _).
    assert (Ht' : turn Q' = opp c) by (rewrite <- Ht, Hturn, opp_opp; reflexivity).
    destruct (opiece_eqb (piece_at Q' q) (piece_at Q q)) eqn:Eq.
    + apply opiece_eqb_eq in Eq.
      assert (Ee : piece_at Q' e = piece_at Q e) by exact (others_kept Q' Q m Hl Hi c King e Ht' He Hbe).
      apply (check_contra Q' (opp c) rf q e Hi Ht' He); [congruence | | exact Hf].
      rewrite opp_opp. congruence.
    + assert (Nq : piece_at Q' q <> piece_at Q q) by (intros E; rewrite E in Eq;
        rewrite (proj2 (opiece_eqb_eq _ _) eq_refl) in Eq; discriminate).
      destruct (arrival_exit Q' Q m Hl Hi q (opp c) rf Hq Hbq Nq) as (x & Hxe & Hxn).
      exact (Hx x Hxe Hxn).
Qed.

(** ** A legal move does not touch a closed set *)

Section Step.

Context (Q P : position) (m : move) (X : int -> bool).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (HX : closed_set (piece_at P) X).
Context (Hg : exists h, game h Q).

Let b := piece_at Q.
Let b' := piece_at P.

Lemma occupied : forall e, In e all_squares -> X e = true -> b' e <> None.
Proof.
  intros e He Hx. destruct (HX e He Hx) as (c & r & Hb & _). unfold b'. rewrite Hb. discriminate.
Qed.

(** An exit of a square of [X] that the move leaves empty is shut. *)
Lemma empty_exit : forall t c r e, In t all_squares -> X t = true ->
  b' t = Some (MkPiece c r) -> In e (frozen_exits c r t) -> b' e = None -> shut b' X c r t e.
Proof.
  intros t c r e Ht Hx Hb He Hn.
  destruct (HX t Ht Hx) as (c' & r' & Hb' & Hex).
  fold b' in Hb'. rewrite Hb in Hb'. injection Hb' as <- <-.
  destruct (Hex e He) as [Hxe|Hs]; [|exact Hs].
  exfalso. apply (occupied e); auto. apply (frozen_exits_in c r t); assumption.
Qed.

(** The man of the side to move on [o] did not give check from there
    (the other king, on a square of [X], stood where it stands before the
    move too). *)
Lemma gives_check_before : forall us r o, turn Q = us -> b o = Some (MkPiece us r) ->
  gives_check b' X us r o -> False.
Proof.
  intros us r o Ht Ho (k & Hk & Xk & Bk & Fk).
  apply (check_contra Q us r o k HQ Ht Hk Ho); [|exact Fk].
  assert (Ek : b k = b' k).
  { apply (others_kept Q P m Hl HQ (opp us) King k); [rewrite opp_opp; exact Ht | exact Hk | exact Bk]. }
  fold b. rewrite Ek. exact Bk.
Qed.

(** No man arrives on a square of [X] by a normal move. *)
Lemma normal_arrival : forall f t r,
  In f all_squares -> In t all_squares -> X t = true ->
  b f = Some (MkPiece (turn Q) r) -> man_moves b (turn Q) r f t ->
  b' f = None -> b' t = Some (MkPiece (turn Q) r) -> f <> t ->
  (forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s) -> False.
Proof.
  intros f t r Hf Ht Hx Hbf Hmm Hb'f Hb't Hft Hsame.
  set (us := turn Q) in *.
  assert (Hslider : r <> Pawn -> r <> King -> r <> Knight ->
            (exists d, In d (slider_dirs r) /\ reaches b (ray d f) t = true) -> False).
  { intros Hp Hk Hn (d & Hd & Hr).
    destruct (slider_exit b us r f t Hf (ex_intro _ d (conj Hd Hr))) as (e & He & Het & Hfe).
    assert (Hes : In e all_squares) by (apply (exits_in us r t Ht), He).
    assert (Hn' : b' e = None).
    { destruct Hfe as [->|Hn']; [exact Hb'f|].
      destruct (Uint63.eqs e f) as [->|Hef]; [exact Hb'f|]. rewrite Hsame; assumption. }
    destruct (empty_exit t us r e Ht Hx Hb't (move_exits us r t e Hk (fun E => ltac:(contradiction)) He) Hn')
      as (_ & Hs).
    apply reaches_split in Hr. destruct Hr as (a & c0 & Er & Ha).
    destruct (ray_facts d f a t c0 (slider_dirs_in r d Hd) Hf Er) as (_ & Hbet & Hline).
    destruct (Hline r Hd) as (_ & Hlft).
    assert (Xf : X f = false).
    { destruct (X f) eqn:E; [|reflexivity]. exfalso. exact (occupied f Hf E Hb'f). }
    assert (Hbtw : forall y, In y all_squares -> between t f y = true -> X y = false).
    { intros y Hy Hb. destruct (X y) eqn:E; [|reflexivity]. exfalso.
      apply (occupied y Hy E). apply (proj2 (Hbet y Hy)) in Hb as Hya.
      unfold between in Hb. rewrite !andb_true_iff in Hb. destruct Hb as (((((_ & Hyt) & Hyf) & _) & _) & _).
      apply negb_true_iff, eqb_false_neq in Hyt, Hyf.
      rewrite Hsame by assumption. exact (Ha y Hya). }
    assert (G : gives_check b' X us r f).
    { destruct r; try congruence; exact (Hs f Hf Hlft Xf Hbtw). }
    exact (gives_check_before us r f eq_refl Hbf G). }
  destruct r.
  - destruct (pawn_arrival Q P HQ us f t Hf Ht Hbf Hmm Hb'f Hsame) as (Hs & e & He & Hn).
    destruct (empty_exit t us Pawn e Ht Hx Hb't) as (_ & []); [|exact Hn].
    apply move_exits; [discriminate | intros _; exact Hs | exact He].
  - apply inb_in in Hmm.
    destruct (empty_exit _ us Knight f Ht Hx Hb't) as (_ & Hs); [|exact Hb'f|].
    { apply move_exits; [discriminate | discriminate | apply knight_exit; assumption]. }
    exact (gives_check_before us Knight f eq_refl Hbf Hs).
  - apply Hslider; [discriminate..| exact Hmm].
  - apply Hslider; [discriminate..| exact Hmm].
  - apply Hslider; [discriminate..| exact Hmm].
  - destruct (empty_exit _ us King f Ht Hx Hb't) as (_ & [Hs|Hs]); [apply king_exit; assumption | exact Hb'f | |].
    + exact (gives_check_before us King f eq_refl Hbf Hs).
    + destruct Hs as (q & rf & Hq & Xq & Bq & Fq & Hxq).
      destruct Hg as (h & Hgq).
      assert (Hqf : q <> f) by (intros ->; congruence).
      assert (Hqt : q <> t) by (intros ->; rewrite Hb't in Bq; injection Bq as E _;
                                 destruct us; discriminate).
      apply (check_arrived h Q Hgq us f q rf Hf Hq eq_refl Hbf); [rewrite <- Hsame by assumption; exact Bq | exact Fq |].
      intros x Hxe. destruct (Hxq x Hxe) as [(Xx & Hxt) | ->]; [|fold b; congruence].
      assert (Hxs : In x all_squares) by (apply (frozen_exits_in (opp us) rf q Hq), Hxe).
      destruct (Uint63.eqs x f) as [->|Hxf]; [fold b; congruence|].
      fold b. rewrite <- Hsame by assumption. exact (occupied x Hxs Xx).
Qed.

Theorem frozen_step_keeps : forall s, In s all_squares -> X s = true -> piece_at Q s = piece_at P s.
Proof.
  intros s Hs Hx. fold b b'.
  pose proof (occupied s Hs Hx) as Ho.
  pose proof (ep_inv_of Q HQ) as Hep.
  pose proof Hl as (Hps & _). unfold pseudo_legal in Hps. destruct Hps as (_ & _ & Hps).
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  fold b b' in Hk, Hps. set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - clear Hr7.
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst].
    + exfalso. apply (normal_arrival f t r); assumption.
    + symmetry. apply Hsame; assumption.
  - destruct Hps as (r' & Hpr & _ & _ & H7 & _ & Hmm).
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst].
    + exfalso.
      destruct (pawn_arrival Q P HQ us f t Hf Ht Hbf Hmm Hb'f Hsame) as (_ & e & He & Hn).
      assert (Hpe : In e (promotion_exit us r t)).
      { unfold promotion_exit. destruct r; try (rewrite H7; exact He).
        simpl in Hr. intuition discriminate. }
      destruct (empty_exit t us r e Ht Hx Hb't) as (Hno & _); [| exact Hn |].
      { apply promotion_exits; [|exact H7|exact He]. intros E. rewrite E in Hr. simpl in Hr.
        intuition discriminate. }
      apply Hno, in_or_app. left. exact Hpe.
    + symmetry. apply Hsame; assumption.
  - destruct Hps as (_ & _ & _ & Hatt & _).
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s (ep_victim us t)) as [->|Hsv]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst].
    + exfalso. apply inb_in in Hatt.
      assert (Hrf : rank_ok f = true) by (apply (pawns_Q Q HQ f us); assumption).
      destruct (empty_exit t us Pawn f Ht Hx Hb't) as (_ & []); [|exact Hb'f].
      apply move_exits; [discriminate | intros _; exact (proj2 (pawn_not_seed us f Hf Hrf) t Hatt) |].
      apply pawn_capture_exit; assumption.
    + symmetry. apply Hsame; assumption.
  - destruct (castle_exits us side) as (Ek & Er).
    destruct (in_dec Uint63.eqs s [f; t; castle_rook_from us side; castle_rook_to us side])
      as [Hin|Hn].
    + exfalso. simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; try congruence.
      * assert (Ek' : In f (frozen_exits us King t)) by (rewrite Hfk, Htk; exact Ek).
        destruct (empty_exit t us King f Ht Hx Hb't Ek' Hb'f) as (Hno & _).
        apply Hno, in_or_app. right. rewrite Htk, Hfk. apply (proj1 (castle_exit_in us side)).
      * destruct (empty_exit _ us Rook _ Hs Hx Hb'rt Er Hb'r) as (Hno & _).
        apply Hno, in_or_app. right. apply (proj2 (castle_exit_in us side)).
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
    by exact (frozen_step_keeps G G' m X Hl Hi HX (ex_intro _ h Hg)).
  rewrite <- E by assumption.
  apply (IH X); [|assumption|assumption].
  apply (closed_transfer (piece_at G')); [exact HX|].
  intros x Hx' HXx. apply E; assumption.
Qed.

(** ** Kings never stand on guarded squares

    A king never stands on a square a frozen man of the other side attacks
    whatever else stands on the board: not in the initial position; after
    a move of the king's side, that man would give check to the side that
    just moved ([check_contra]); a move of the other side does not move
    the king ([others_kept]), and the man stood there before it. *)
Theorem king_safe : forall h G, game h G -> forall X c y o rf,
  closed_set (piece_at G) X -> In y all_squares -> In o all_squares -> X o = true ->
  piece_at G y = Some (MkPiece c King) -> piece_at G o = Some (MkPiece (opp c) rf) ->
  fixed_attack (opp c) rf o y = true -> False.
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst];
    intros X c y o rf HX Hy Ho HXo Hby Hbo Hf.
  - assert (H1 : forall y o, In y all_squares -> In o all_squares ->
        match piece_at initial y, piece_at initial o with
        | Some (MkPiece c King), Some (MkPiece c' rf) =>
            negb (color_eqb c' (opp c) &&& fixed_attack c' rf o y)
        | _, _ => true
        end = true) by by_squares.
    specialize (H1 y o Hy Ho).
    rewrite Hby, Hbo in H1. cbv iota in H1.
    rewrite (proj2 (color_eqb_eq _ _) eq_refl), Hf in H1. discriminate.
  - pose proof (game_next h G m G' Hg Hst) as Hg'.
    destruct Hst as (Hl & _). apply legal_move_iff in Hl.
    pose proof (inv_game h G Hg) as Hi.
    assert (E : forall x, In x all_squares -> X x = true -> piece_at G x = piece_at G' x)
      by exact (frozen_step_keeps G G' m X Hl Hi HX (ex_intro _ h Hg)).
    assert (HXG : closed_set (piece_at G) X)
      by (apply (closed_transfer (piece_at G')); [exact HX | intros x Hx HXx; apply E; assumption]).
    pose proof (ep_inv_of G Hi) as Hep.
    destruct (step_shape G m G' Hl Hep) as (_ & _ & Hturn & _).
    destruct (turn G) eqn:Et; destruct c.
    + exact (check_contra G' Black rf o y (inv_game _ G' Hg') Hturn Hy Hbo Hby Hf).
    + apply (IH X Black y o rf HXG Hy Ho HXo); [|rewrite E by assumption; exact Hbo | exact Hf].
      rewrite (others_kept G G' m Hl Hi Black King y ltac:(rewrite Et; reflexivity) Hy Hby). exact Hby.
    + apply (IH X White y o rf HXG Hy Ho HXo); [|rewrite E by assumption; exact Hbo | exact Hf].
      rewrite (others_kept G G' m Hl Hi White King y ltac:(rewrite Et; reflexivity) Hy Hby). exact Hby.
    + exact (check_contra G' White rf o y (inv_game _ G' Hg') Hturn Hy Hbo Hby Hf).
Qed.

(** ** The computed set is closed *)

(** A table of exits ([exit_table], Frozen.v) holds what it tabulates,
    once that is checked for every man and square. *)
Lemma exit_table_spec : forall (E : color -> role -> int -> list int) T,
  map (fun p => map (fun s => T.[64 * cell_of_piece p + s]) all_squares) all_pieces =
  map (fun p => map (E (piece_color p) (piece_role p)) all_squares) all_pieces ->
  forall c r s, In s all_squares -> T.[64 * cell_of_piece (MkPiece c r) + s] = E c r s.
Proof.
  intros E T H c r s Hs.
  pose proof (map_eq_in _ _ _ _ _ _ H (in_all_pieces c r)) as E'. cbv beta in E'.
  exact (map_eq_in _ _ _ _ _ _ E' Hs).
Qed.

Lemma frozen_exits_of_spec : forall c r s, In s all_squares -> frozen_exits_of c r s = frozen_exits c r s.
Proof. apply exit_table_spec. vm_compute. reflexivity. Qed.

Lemma region_exits_of_spec : forall c r s, In s all_squares -> region_exits_of c r s = region_exits c r s.
Proof. apply exit_table_spec. vm_compute. reflexivity. Qed.

(** The validation of Frozen.v means what it says. *)

Lemma checks_from_spec : forall b F ws c r o, incl ws all_squares ->
  checks_from b F ws c r o = true -> gives_check b (fun s => F.[s]) c r o.
Proof.
  intros b F ws c r o Hw H. unfold checks_from in H. apply existsb_exists in H.
  destruct H as (k & Hk & H).
  apply lazy_and_true in H as (H & Hf). apply lazy_and_true in H as (Hx & Hb).
  exists k. split; [apply Hw, Hk|]. split; [exact Hx|]. split; [apply opiece_eqb_eq, Hb | exact Hf].
Qed.

(** Walking along [a ++ o :: l], [o] is reached over squares not in [F]. *)
Lemma shut_ray_split : forall F chk a o l, shut_ray F chk (a ++ o :: l) = true ->
  (forall y, In y a -> F.[y] = false) -> F.[o] = false -> chk o = true.
Proof.
  intros F chk a; induction a as [|y a IH]; simpl; intros o l H Ha Ho.
  - rewrite Ho in H. apply lazy_and_true in H. tauto.
  - rewrite (Ha y (or_introl eq_refl)) in H. apply lazy_and_true in H as (_ & H).
    apply (IH o l H); auto.
Qed.

Lemma slide_shut_spec : forall b F ws c r s, incl ws all_squares -> In s all_squares ->
  slide_shut b F ws c r s = true ->
  forall o, In o all_squares -> line r o s = true -> F.[o] = false ->
  (forall y, In y all_squares -> between s o y = true -> F.[y] = false) ->
  gives_check b (fun s => F.[s]) c r o.
Proof.
  intros b F ws c r s Hw Hs H o Ho Hl Hfo Hbt.
  destruct (line_ray r o s Ho Hs Hl) as (_ & d & Hd & Hin).
  unfold slide_shut in H. forallb_at H Hd.
  apply in_split in Hin. destruct Hin as (a & l & E). rewrite E in H.
  destruct (ray_facts d s a o l (slider_dirs_in r d Hd) Hs E) as (_ & Hb & _).
  apply (checks_from_spec b F ws c r o Hw).
  apply (shut_ray_split F _ a o l H); [|exact Hfo].
  intros y Hy.
  assert (Hys : In y all_squares) by (apply (ray_on_board d s y (slider_dirs_in r d Hd) Hs);
                                      rewrite E; apply in_or_app; left; exact Hy).
  apply Hbt; [exact Hys | apply (proj1 (Hb y Hys)), Hy].
Qed.

Lemma guarded_spec : forall b F ws c s e, incl ws all_squares -> guarded b F ws c s e = true ->
  exists q rf, In q all_squares /\ F.[q] = true /\ b q = Some (MkPiece (opp c) rf) /\
    fixed_attack (opp c) rf q e = true /\
    forall x, In x (frozen_exits (opp c) rf q) -> (F.[x] = true /\ x <> s) \/ x = e.
Proof.
  intros b F ws c s e Hw H. unfold guarded in H. apply existsb_exists in H.
  destruct H as (q & Hq & H). apply lazy_and_true in H as (Fq & H).
  destruct (b q) as [[c' rf]|] eqn:Bq; [|discriminate].
  apply lazy_and_true in H as (H & Hx). apply lazy_and_true in H as (Hc & Hf).
  apply color_eqb_eq in Hc. subst c'.
  exists q, rf. split; [apply Hw, Hq|]. split; [exact Fq|]. split; [exact Bq|]. split; [exact Hf|].
  rewrite frozen_exits_of_spec in Hx by (apply Hw, Hq).
  intros x Hxe. forallb_at Hx Hxe. apply lazy_or_true in Hx as [Hx|Hx].
  - apply lazy_and_true in Hx as (Fx & Nx). left. split; [exact Fx|].
    apply negb_true_iff, eqb_false_neq in Nx. exact Nx.
  - right. apply eqb_true, Hx.
Qed.

Lemma exit_ok_spec : forall b F ws c r s e, incl ws all_squares -> In s all_squares ->
  exit_ok b F ws c r s (slide_shut b F ws c r s) e = true -> F.[e] = true \/ shut b (fun s => F.[s]) c r s e.
Proof.
  intros b F ws c r s e Hw Hs H. unfold exit_ok in H. apply lazy_or_true in H as [H|H]; [left; exact H|].
  right. apply lazy_and_true in H as (Hn & H). split.
  { intros Hin. apply negb_true_iff in Hn. rewrite (in_inb _ _ Hin) in Hn. discriminate. }
  destruct r.
  - discriminate.
  - exact (checks_from_spec b F ws c Knight e Hw H).
  - exact (slide_shut_spec b F ws c Bishop s Hw Hs H).
  - exact (slide_shut_spec b F ws c Rook s Hw Hs H).
  - exact (slide_shut_spec b F ws c Queen s Hw Hs H).
  - apply lazy_or_true in H as [H|H]; [left; exact (checks_from_spec b F ws c King e Hw H)|].
    right. exact (guarded_spec b F ws c s e Hw H).
Qed.

Lemma closed_b_spec : forall b ws F, incl ws all_squares -> closed_b b ws F = true ->
  closed_set b (fun s => F.[s]).
Proof.
  intros b ws F Hw H s Hs HF. pose proof (forall_squares _ H s Hs) as H'. cbv beta in H'.
  rewrite HF in H'. cbn [negb] in H'. unfold man_ok in H'.
  destruct (b s) as [[c r]|]; [|discriminate]. cbv zeta in H'. exists c, r. split; [reflexivity|].
  rewrite frozen_exits_of_spec in H' by exact Hs.
  intros e He. exact (exit_ok_spec b F ws c r s e Hw Hs (forallb_in H' He)).
Qed.

(** As for [frozen_refutes] below: [men] is unfolded first when compared
    with its body, or the kernel starts filtering the 64 squares of an
    unknown board. *)
Local Strategy expand [men].

Lemma men_in : forall b, incl (men b) all_squares.
Proof. intros b. exact (incl_filter _ all_squares). Qed.

Lemma frozen_set_closed : forall b, closed_set b (fun s => (frozen_set b).[s]).
Proof.
  intros b. unfold frozen_set. destruct (closed_b b _ _) eqn:E; [apply (closed_b_spec b (men b)); [apply men_in | exact E]|].
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

    - [region_game : forall h G, game h G -> forall X K c r R Rs,
         closed_set (piece_at G) X ->
         (forall cs, In cs Rs -> castling_right G (fst cs) (snd cs) = true) ->
         region_closed X K c r R -> rcuts_ok (piece_at G) X (right_squares Rs) K c r ->
         region_last c r R -> region_homeless c r R ->
         forall s, In s all_squares -> R s = true -> piece_at G s <> Some (MkPiece c r)]
    - [region_refutes_sound : forall P, region_refutes P = true -> ~ reachable P].

    [K] are the pairs of squares of columns (Frozen.v's [columns]) the man
    never steps between: [cuts_ok] says each holds, on one of its two
    squares, a pawn of another kind of man, which [column_back] carries
    back along the game; [no_cut] turns it into "no move crosses".  For a
    king, [K] also cuts the guarded squares ([guard], [king_safe]); for a
    pawn, the diagonal steps onto a square of a colour its side never
    captured onto ([capture_free_on]: the other side lost only bishops of
    the other colour; [capture_free_back] carries it back, and
    [capture_not_free] shows a capture breaks it).  [rcuts_ok] also lets
    [K] cut the steps onto the squares of the kings and rooks of castling
    rights [Rs] the game's last position holds: every position of the game
    holds them ([rights_back]), so those squares are never empty
    ([rights_occupied]), and no man ever came from one of them.

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

Definition region_closed (X : int -> bool) (K : int -> int -> bool) (c : color) (r : role)
    (R : int -> bool) : Prop :=
  forall s, In s all_squares -> R s = true ->
  forall e, In e (region_exits c r s) -> X e = false -> K s e = false -> R e = true.

(** A column (Frozen.v's [columns]): a pawn of [cc] stands on [a] or [s],
    [a] is on its second rank, and every exit of a pawn of [cc] on [s] but
    [a] is in [X]. *)
Definition column (b : board_fn) (X : int -> bool) (cc : color) (a s : int) : Prop :=
  In a all_squares /\ In s all_squares /\
  (b a = Some (MkPiece cc Pawn) \/ b s = Some (MkPiece cc Pawn)) /\
  (relative_rank cc a =? 1) = true /\ (forall e, In e (exits cc Pawn s) -> e = a \/ X e = true).

(** [y] is guarded against the man [MkPiece c r]: it is a king, and a
    man of the other side on a square of [X] attacks [y] whatever else
    stands on the board (Frozen.v's [guarded_by]). *)
Definition guard (b : board_fn) (X : int -> bool) (c : color) (r : role) (y : int) : Prop :=
  r = King /\ exists o rf, In o all_squares /\ X o = true /\ b o = Some (MkPiece (opp c) rf) /\
    fixed_attack (opp c) rf o y = true.

(** No man of [c] ever captured onto a square of [x]'s colour: the other
    side has its 8 pawns, both knights, both rooks, its queen and one
    bishop of that square colour (Frozen.v's [capture_free]). *)
Definition capture_free_on (b : board_fn) (c : color) (x : int) : Prop :=
  cnt b (opp c) TPawn = 8%nat /\ cnt b (opp c) TKnight = 2%nat /\ cnt b (opp c) TRook = 2%nat /\
  cnt b (opp c) TQueen = 1%nat /\
  (if is_light x then cnt b (opp c) TLight else cnt b (opp c) TDark) = 1%nat.

(** [y] is where castling puts the man [MkPiece c r] on [x] from, and a
    square of [X] is one that castling empties or fills (Frozen.v's
    [castle_shut]). *)
Definition castle_blocked (X : int -> bool) (c : color) (r : role) (x y : int) : Prop :=
  In y (castle_exit c r x) /\
  exists q, In q all_squares /\ X q = true /\ In q (castle_squares c (castle_side_at c x)).

(** Every pair of squares [K] cuts for a man [MkPiece c r] is a column of
    another kind of man, or the second square is guarded against it, or
    the man is a pawn, the second square diagonally behind the first, and
    [c] never captured onto the first, or the step un-castles a castling
    that a square of [X] forbids. *)
Definition cut_ok (b : board_fn) (X : int -> bool) (c : color) (r : role) (x y : int) : Prop :=
  (exists cc a s, ~ (cc = c /\ r = Pawn) /\
    ((x = a /\ y = s) \/ (x = s /\ y = a)) /\ column b X cc a s) \/ guard b X c r y \/
    (r = Pawn /\ In y (pawn_attacks (opp c) x) /\ capture_free_on b c x) \/ castle_blocked X c r x y.

Definition cuts_ok (b : board_fn) (X : int -> bool) (K : int -> int -> bool) (c : color) (r : role) :
    Prop :=
  forall x y, K x y = true -> cut_ok b X c r x y.

(** Every pair of squares [K] cuts is cut for a reason of [cuts_ok], or
    its second square is one of [ys]: in a region walk the squares of the
    kings and rooks of the castling rights a position asserts, whose men
    stood there all game ([right_squares]; [Hys] below). *)
Definition rcuts_ok (b : board_fn) (X : int -> bool) (ys : list int) (K : int -> int -> bool)
    (c : color) (r : role) : Prop :=
  forall x y, K x y = true -> In y ys \/ cut_ok b X c r x y.

Lemma cuts_rcuts : forall b X ys K c r, cuts_ok b X K c r -> rcuts_ok b X ys K c r.
Proof. intros b X ys K c r H x y E. right. exact (H x y E). Qed.

(** A move from [Q] that took a man of the other side from [v] (a bishop:
    of [x]'s square colour), leaving the squares [D] it changed empty or
    with a pawn of [c]: after it the other side has lost a pawn, or has
    fewer than its initial men of another kind (with 8 pawns it had no
    more before), so [c] may capture on [x]'s colour. *)
Lemma capture_not_free : forall Q (b' : board_fn) c D v o x, inv Q = true ->
  NoDup D -> incl D all_squares -> In v D ->
  (forall s, In s all_squares -> ~ In s D -> b' s = piece_at Q s) ->
  (forall s, In s D -> b' s = None \/ b' s = Some (MkPiece c Pawn)) ->
  piece_at Q v = Some (MkPiece (opp c) o) -> o <> King -> (o = Bishop -> is_light v = is_light x) ->
  ~ capture_free_on b' c x.
Proof.
  intros Q b' c D v o x Hinv Hnd Hincl Hvd Hsame Hafter Hv Hk Hbl (EP & EN & ER & EQ & EB).
  set (b := piece_at Q) in *.
  destruct (side_ok_inv Q (opp c) Hinv) as (_ & Hp8 & Hsum). fold b in Hp8, Hsum.
  assert (H : forall g, (cnt b' (opp c) g + ind (opp c) g v (b v) <= cnt b (opp c) g)%nat).
  { intros g. apply (cnt_drop b b' D (opp c) g v Hnd Hincl Hvd Hsame).
    intros s Hs. destruct (Hafter s Hs) as [E|E]; rewrite E; [reflexivity | apply ind_other]. }
  pose proof (H TPawn) as HP. pose proof (H TKnight) as HN. pose proof (H TRook) as HR.
  pose proof (H TQueen) as HQ. pose proof (H TLight) as HL. pose proof (H TDark) as HD.
  rewrite Hv in HP, HN, HR, HQ, HL, HD. unfold ind, tagged in HP, HN, HR, HQ, HL, HD.
  assert (Ec : color_eqb (piece_color (MkPiece (opp c) o)) (opp c) = true) by (destruct c; reflexivity).
  rewrite Ec in HP, HN, HR, HQ, HL, HD.
  destruct o; simpl in HP, HN, HR, HQ, HL, HD; try lia; [|contradiction].
  rewrite <- (Hbl eq_refl) in EB. destruct (is_light v); cbv beta iota in EB; simpl in HL, HD; lia.
Qed.

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
  pose proof (forall_squares _ H f Hf) as H'. cbv beta in H'. forallb_at H' (in_all_roles r).
  exact (forallb_in H' Hd).
Qed.

(** A pawn's step forward is not one of its captures. *)
Lemma step_not_capture : forall c f, In f all_squares -> ~ In f (pawn_attacks (opp c) (pawn_step c f)).
Proof.
  intros c f Hf Hin.
  assert (E : forallb (fun f => negb (inb f (pawn_attacks (opp c) (pawn_step c f)))) all_squares = true)
    by (destruct c; vm_compute; reflexivity).
  pose proof (forall_squares _ E f Hf) as E'. cbv beta in E'. rewrite (in_inb _ _ Hin) in E'. discriminate.
Qed.

Section RegionStep.

Context (Q P : position) (m : move) (X : int -> bool) (K : int -> int -> bool) (c : color)
  (r : role) (R : int -> bool) (ys : list int).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (HX : closed_set (piece_at P) X)
  (HR : region_closed X K c r R) (HK : rcuts_ok (piece_at P) X ys K c r) (Hlast : region_last c r R)
  (Hg : exists h, game h Q) (Hys : forall y, In y ys -> piece_at P y <> None).

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
  rewrite <- (frozen_step_keeps Q P m X Hl HQ HX Hg e He Ex). exact Hn.
Qed.

(** No move crosses a column, and no king comes from a guarded square:
    two squares each empty after the move or holding the man [MkPiece c r]
    are not cut, if a king stood on the second before the move, and a
    castling the move may be left the squares it empties or fills free of
    [X]. *)
Lemma no_cut : forall x y, (b' x = None \/ b' x = Some (MkPiece c r)) -> b' y = None ->
  (r = King -> In y all_squares /\ b y = Some (MkPiece c King)) ->
  (r = Pawn -> In y (pawn_attacks (opp c) x) -> ~ capture_free_on b' c x) ->
  (In y (castle_exit c r x) -> forall q, In q all_squares -> In q (castle_squares c (castle_side_at c x)) ->
   X q = false) -> K x y = false.
Proof.
  intros x y Hx Hy Hking Hcap Hcs. destruct (K x y) eqn:E; [|reflexivity]. exfalso.
  destruct (HK x y E) as [Hin|HK'].
  { exact (Hys y Hin Hy). }
  destruct HK' as [(cc & a & s & Hne & Hxy & (_ & _ & Hcol & _ & _))|
                          [(Hr & o & rf & Ho & HXo & Hbo & Hf)|[(Hr & Hy' & Hfree)|(Hc & q & Hq & HXq & Hin)]]].
  4:{ rewrite (Hcs Hc q Hq Hin) in HXq. discriminate. }
  3:{ exact (Hcap Hr Hy' Hfree). }
  2:{ destruct (Hking Hr) as (Hy' & Hby). destruct Hg as (h & Hgame).
      assert (E' : forall z, In z all_squares -> X z = true -> b z = b' z)
        by exact (frozen_step_keeps Q P m X Hl HQ HX Hg).
      apply (king_safe h Q Hgame X c y o rf); try assumption.
      - apply (closed_transfer b'); [exact HX|]. intros z Hz HXz. apply E'; assumption.
      - rewrite E' by assumption. exact Hbo. }
  assert (Hn : forall z, (b' z = None \/ b' z = Some (MkPiece c r)) -> piece_at P z <> Some (MkPiece cc Pawn)).
  { intros z [Hz|Hz] Hz'; change (piece_at P z) with (b' z) in Hz'; rewrite Hz in Hz'; [discriminate|].
    injection Hz' as E1 E2. apply Hne. split; [symmetry; exact E1 | exact E2]. }
  destruct Hxy as [(-> & ->)|(-> & ->)]; destruct Hcol as [Hc|Hc];
    first [exact (Hn _ Hx Hc) | exact (Hn _ (or_introl Hy) Hc)].
Qed.

(** A slider's origin is reached back from its target through exits over
    empty squares. *)
Lemma slider_back : forall l prev t, r <> King -> r <> Pawn -> incl l all_squares ->
  back_chain c r prev l = true -> reaches b l t = true -> R t = true -> In t all_squares ->
  X prev = false -> b' t = Some (MkPiece c r) -> b' prev = None ->
  (forall x, In x l -> x <> t -> b x = None -> b' x = None) -> R prev = true.
Proof.
  intros l; induction l as [|x l IH]; simpl; intros prev t Hk Hp Hin Hc Hr Ht Hts Hx Hbt Hbp Hmid;
    [discriminate|].
  split_lazy. assert (Hxs : In x all_squares) by (apply Hin; left; reflexivity).
  assert (Hpe : In prev (exits c r x)) by (apply inb_in; assumption).
  assert (Hpx : In prev (region_exits c r x))
    by (apply move_region_exits; [exact Hk | intros Ep; contradiction | exact Hpe]).
  assert (Hcs : In prev (castle_exit c r x) -> forall q, In q all_squares ->
                In q (castle_squares c (castle_side_at c x)) -> X q = false)
    by (intros Hce; contradiction (exits_not_castle c r x prev Hxs Hk Hpe Hce)).
  destruct (x =? t) eqn:Ex.
  - apply eqb_true in Ex. subst x.
    exact (HR t Hts Ht prev Hpx Hx
             (no_cut t prev (or_intror Hbt) Hbp (fun E => False_ind _ (Hk E)) (fun E => False_ind _ (Hp E))
                Hcs)).
  - destruct (b x) eqn:Bx; [discriminate|].
    assert (Hbx : b' x = None) by (apply (Hmid x (or_introl eq_refl)); [apply eqb_false_neq, Ex | exact Bx]).
    assert (HRx : R x = true).
    { apply (IH x t Hk Hp); try assumption.
      - intros y Hy. apply Hin. right. exact Hy.
      - apply free_before; assumption.
      - intros y Hy. apply Hmid. right. exact Hy. }
    exact (HR x Hxs HRx prev Hpx Hx
             (no_cut x prev (or_introl Hbx) Hbp (fun E => False_ind _ (Hk E)) (fun E => False_ind _ (Hp E))
                Hcs)).
Qed.

(** A pawn of colour [c] was promoted on [s]: [s] gained the man, on the
    last rank, a pawn left a square, and every other square the move
    changed it left empty. *)
Definition promoted_on (c : color) (r : role) (s : int) : Prop :=
  b s <> Some (MkPiece c r) /\ (relative_rank c s =? 7) = true /\ promotable r = true /\
  (exists f, In f all_squares /\ b f = Some (MkPiece c Pawn) /\ b' f = None) /\
  (forall x, In x all_squares -> x <> s -> b' x = None \/ b' x = b x).

(** The man on a square of [R] after the move stood on a square of [R]
    before it: the same square, or one the move left empty; or it was
    promoted there. *)
Theorem region_step_or_held : forall s, In s all_squares -> R s = true -> b' s = Some (MkPiece c r) ->
  (exists s', In s' all_squares /\ R s' = true /\ b s' = Some (MkPiece c r) /\
             (s' = s \/ b' s' = None)) \/ promoted_on c r s.
Proof using Q P m X K c r R ys Hl HQ HX HR HK Hg Hys.
  intros s Hs HRs Hb's. clear Hlast. pose proof no_cut as NC.
  pose proof (ep_inv_of Q HQ) as Hep.
  pose proof Hl as (Hps & _). unfold pseudo_legal in Hps. destruct Hps as (_ & _ & Hps).
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  fold b b' in Hk, Hps. set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  (* an exit of [t] the move leaves empty (after it) is in [R] *)
  assert (Hback : forall e, R t = true -> b' t = Some (MkPiece c r) -> In e (region_exits c r t) ->
            In e all_squares -> b' e = None -> b e = Some (MkPiece c r) ->
            (r = Pawn -> In e (pawn_attacks (opp c) t) -> ~ capture_free_on b' c t) ->
            (In e (castle_exit c r t) -> forall q, In q all_squares ->
             In q (castle_squares c (castle_side_at c t)) -> X q = false) -> R e = true)
    by (intros e HRt Hbt He Hes Hn Hbe Hcap Hcs;
        exact (HR t Ht HRt e He (free_after e Hes Hn)
                 (NC t e (or_intror Hbt) Hn
                    (fun E => conj Hes (eq_ind r (fun r0 => b e = Some (MkPiece c r0)) Hbe King E)) Hcap Hcs))).
  (* a pawn or knight has no castling to undo *)
  assert (Hnone : forall r' e x, r' <> King -> r' <> Rook -> In e (castle_exit c r' x) -> False)
    by (intros r' e x Hk' Hr' He; destruct r'; simpl in He; congruence || exact He).
  shape_inv Hk.
  - clear Hr7.
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst]; [|left; exists s; rewrite <- Hsame by assumption; auto].
    rewrite Hb't in Hb's. injection Hb's as -> ->.
    left. exists f. split; [exact Hf|]. split; [|split; [exact Hbf | right; exact Hb'f]].
    assert (Hsl : r <> King -> r <> Pawn ->
              (exists d, In d (slider_dirs r) /\ reaches b (ray d f) t = true) -> R f = true).
    { intros Hk Hp (d & Hd & Hr).
      apply (slider_back (ray d f) f t); try assumption.
      all: first
        [ apply (rays_in d f r Hf Hd)
        | apply back_chain_rays; assumption
        | apply free_after; assumption
        | congruence
        | intros x Hx Hxt Hbx; rewrite Hsame;
          [exact Hbx | exact (rays_in d f r Hf Hd x Hx) | intros ->; congruence | exact Hxt] ]. }
    destruct r.
    + (* pawn *)
      assert (Hrf : rank_ok f = true) by (apply (pawns_Q Q HQ f c); assumption).
      destruct (pawn_not_seed c f Hf Hrf) as [NS1 NS2].
      destruct Hmm as [(Et & _)|[(Er & Et & Hbe & _)|(Et & Hocc)]].
      * apply eqb_true in Et.
        apply Hback; [exact HRs | congruence | |exact Hf|exact Hb'f|exact Hbf
                     |intros _ Hin _; rewrite Et in Hin; exact (step_not_capture _ f Hf Hin)
                     |intros Hc; contradiction (Hnone Pawn f t ltac:(discriminate) ltac:(discriminate) Hc)].
        rewrite Et in Ht |- *.
        apply move_region_exits; [discriminate | intros _; exact (NS1 Ht) | apply pawn_step_exit; assumption].
      * apply eqb_true in Et.
        destruct (pawn_double_exit c f Hf Er) as (He & Het & Hef & Hs2). rewrite <- Et in He, Hs2.
        set (e := pawn_step c f) in *.
        assert (Hes : In e all_squares) by (apply (exits_in c Pawn t Ht), He).
        assert (Hb'e : b' e = None)
          by (rewrite Hsame; [exact Hbe | exact Hes | exact Hef | intros E'; congruence]).
        assert (HRe : R e = true).
        { apply (HR t Ht HRs e);
            [| apply free_before; assumption
             | apply NC; [right; congruence | exact Hb'e | discriminate
                         |intros _ Hin _; rewrite Et in Hin; exact (step_not_capture _ e Hes Hin)
                         |intros Hc; contradiction (Hnone Pawn e t ltac:(discriminate) ltac:(discriminate) Hc)]].
          apply move_region_exits; [discriminate | intros _; exact Hs2 | exact He]. }
        apply (HR e Hes HRe f);
          [| apply free_after; assumption
           | apply NC; [left; exact Hb'e | exact Hb'f | discriminate
                       |intros _ Hin _; exact (step_not_capture _ f Hf Hin)
                       |intros Hc; contradiction (Hnone Pawn f e ltac:(discriminate) ltac:(discriminate) Hc)]].
        apply move_region_exits; [discriminate | intros _; exact (NS1 Hes) | apply pawn_step_exit; assumption].
      * apply inb_in in Et.
        apply Hback; [exact HRs | congruence | |exact Hf|exact Hb'f|exact Hbf|
                     |intros Hc; contradiction (Hnone Pawn f t ltac:(discriminate) ltac:(discriminate) Hc)].
        -- apply move_region_exits; [discriminate | intros _; exact (NS2 t Et) | apply pawn_capture_exit; assumption].
        -- intros _ _. destruct (target_cases b _ t Htg) as [E|(o & Eo & Ho)]; [contradiction (Hocc E)|].
           apply (capture_not_free Q b' _ [f; t] t o t HQ); auto.
           ++ apply NoDup2; auto.
           ++ apply incl_list; simpl; intros x [<-|[<-|[]]]; auto.
           ++ simpl; auto.
           ++ intros x Hx Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
           ++ intros x [<-|[<-|[]]]; [left; exact Hb'f | right; exact Hb't].
    + (* knight *)
      apply inb_in in Hmm. apply Hback; [exact HRs | congruence | |exact Hf|exact Hb'f|exact Hbf|discriminate
                                        |intros Hc; contradiction (Hnone Knight f t ltac:(discriminate) ltac:(discriminate) Hc)].
      apply move_region_exits; [discriminate | discriminate | apply knight_exit; assumption].
    + apply Hsl; [discriminate | discriminate | exact Hmm].
    + apply Hsl; [discriminate | discriminate | exact Hmm].
    + apply Hsl; [discriminate | discriminate | exact Hmm].
    + (* king *)
      apply Hback; [exact HRs | congruence | apply king_region_exit; assumption | exact Hf | exact Hb'f | exact Hbf
                   | discriminate | intros Hc; exact (False_ind _ (king_not_castle _ f t Hf Hmm Hc))].
  - clear Hft.
    destruct Hps as (r' & Hpr & _ & _ & H7 & _).
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst]; [|left; exists s; rewrite <- Hsame by assumption; auto].
    right. rewrite Hb't in Hb's. injection Hb's as -> ->.
    assert (Hp : promotable r = true) by (destruct r; simpl in Hr; intuition discriminate).
    split; [eapply target_ok_not_own; eassumption|].
    split; [exact H7|]. split; [exact Hp|]. split; [exists f; auto|].
    intros x Hx Hxt. destruct (Uint63.eqs x f) as [->|Hxf]; [left; exact Hb'f|].
    right. apply Hsame; assumption.
  - destruct Hps as (_ & _ & _ & Hatt & _).
    clear Hrt Hbt.
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s (ep_victim us t)) as [->|Hsv]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst]; [|left; exists s; rewrite <- Hsame by assumption; auto].
    rewrite Hb't in Hb's. injection Hb's as Ec Erp. subst r c.
    left. exists f. split; [exact Hf|]. split; [|split; [exact Hbf | right; exact Hb'f]].
    apply inb_in in Hatt.
    assert (Hrf : rank_ok f = true) by (apply (pawns_Q Q HQ f us); assumption).
    apply Hback; [exact HRs | congruence | |exact Hf|exact Hb'f|exact Hbf|
                 |intros Hc; contradiction (Hnone Pawn f t ltac:(discriminate) ltac:(discriminate) Hc)].
    + apply move_region_exits; [discriminate | intros _; exact (proj2 (pawn_not_seed us f Hf Hrf) t Hatt) |].
      apply pawn_capture_exit; assumption.
    + intros _ _. apply (capture_not_free Q b' _ [f; t; ep_victim us t] (ep_victim us t) Pawn t HQ); auto; try discriminate.
      * apply NoDup3; auto.
      * apply incl_list; simpl; intros x [<-|[<-|[<-|[]]]]; auto.
      * simpl; auto.
      * intros x Hx Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
      * intros x [<-|[<-|[<-|[]]]]; [left; exact Hb'f | right; exact Hb't | left; exact Hb'v].
  - clear Hcr Hnd.
    destruct (castle_region_exits us side) as (Ek & Er).
    (* castling empties or fills each of its squares: none is frozen *)
    assert (Hfree : forall q, In q all_squares -> In q (castle_squares us side) -> X q = false).
    { intros q Hq Hqin. destruct (X q) eqn:Xq; [|reflexivity]. exfalso.
      apply (occupied P X HX q Hq Xq).
      assert (Hkeep : b q = b' q) by exact (frozen_step_keeps Q P m X Hl HQ HX Hg q Hq Xq).
      unfold castle_squares in Hqin. rewrite <- Hfk, <- Htk in Hqin.
      destruct Hqin as [<-|[<-|[<-|[<-|[]]]]];
        [exact Hb'f | exact (eq_trans (eq_sym Hkeep) Hbt) | exact Hb'r | exact (eq_trans (eq_sym Hkeep) Hbrt)]. }
    destruct (in_dec Uint63.eqs s [f; t; castle_rook_from us side; castle_rook_to us side])
      as [Hin|Hn]; [|left; exists s; rewrite <- Hsame by assumption; auto].
    simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; try congruence.
    + rewrite Hb't in Hb's. injection Hb's as Ec Erp. subst r c.
      left. exists f. split; [exact Hf|]. split; [|split; [exact Hbf | right; exact Hb'f]].
      apply Hback; [exact HRs | congruence | | exact Hf | exact Hb'f | exact Hbf | discriminate
                   | intros _ q Hq Hqin; rewrite Htk, castle_side_at_king in Hqin; exact (Hfree q Hq Hqin)].
      rewrite Hfk, Htk. exact Ek.
    + rewrite Hb'rt in Hb's. injection Hb's as Ec Erp. subst r c.
      assert (Hrf : In (castle_rook_from us side) all_squares) by (apply Hincl; simpl; tauto).
      left. exists (castle_rook_from us side). split; [exact Hrf|]. split; [|split; [exact Hbr | right; exact Hb'r]].
      exact (HR _ Hs HRs _ Er (free_after _ Hrf Hb'r)
               (NC _ _ (or_intror Hb'rt) Hb'r ltac:(discriminate) ltac:(discriminate)
                   ltac:(intros _ q Hq Hqin; rewrite castle_side_at_rook in Hqin; exact (Hfree q Hq Hqin)))).
Qed.

Theorem region_step_held : forall s, In s all_squares -> R s = true -> b' s = Some (MkPiece c r) ->
  exists s', In s' all_squares /\ R s' = true /\ b s' = Some (MkPiece c r) /\
             (s' = s \/ b' s' = None).
Proof.
  intros s Hs HRs Hb. destruct (region_step_or_held s Hs HRs Hb) as [H|(_ & H7 & Hp & _)]; [exact H|].
  rewrite (Hlast s Hs HRs Hp) in H7. discriminate.
Qed.

End RegionStep.

Arguments region_step_or_held : clear implicits.
Arguments region_step_held : clear implicits.

(** [region_step_or_held] and [region_step_held] with the cuts of
    [cuts_ok] alone (no squares held by castling rights), as
    RegionCountproof.v and PawnCapturesproof.v use them. *)
Theorem region_step_or : forall Q P m X K c r R, legal_move Q m P -> inv Q = true ->
  closed_set (piece_at P) X -> region_closed X K c r R -> cuts_ok (piece_at P) X K c r ->
  (exists h, game h Q) ->
  forall s, In s all_squares -> R s = true -> piece_at P s = Some (MkPiece c r) ->
  (exists s', In s' all_squares /\ R s' = true /\ piece_at Q s' = Some (MkPiece c r) /\
             (s' = s \/ piece_at P s' = None)) \/ promoted_on Q P c r s.
Proof.
  intros Q P m X K c r R Hl HQ HX HR HK Hg.
  exact (region_step_or_held Q P m X K c r R [] Hl HQ HX HR (cuts_rcuts _ _ _ _ _ _ HK) Hg
           (fun y H => False_ind _ H)).
Qed.

Theorem region_step : forall Q P m X K c r R, legal_move Q m P -> inv Q = true ->
  closed_set (piece_at P) X -> region_closed X K c r R -> cuts_ok (piece_at P) X K c r ->
  region_last c r R -> (exists h, game h Q) ->
  forall s, In s all_squares -> R s = true -> piece_at P s = Some (MkPiece c r) ->
  exists s', In s' all_squares /\ R s' = true /\ piece_at Q s' = Some (MkPiece c r) /\
             (s' = s \/ piece_at P s' = None).
Proof.
  intros Q P m X K c r R Hl HQ HX HR HK Hlast Hg.
  exact (region_step_held Q P m X K c r R [] Hl HQ HX HR (cuts_rcuts _ _ _ _ _ _ HK) Hlast Hg
           (fun y H => False_ind _ H)).
Qed.

(** ** Columns along the game

    [column_back]: a column after a legal move was one before it.  If the
    pawn of [cc] is on [s] after the move and was not before, it arrived
    from an exit of [s] (a step or a capture; a double step would pass
    over [a] from the first rank), which is [a] or a frozen square, and a
    frozen square is never left.  If it is on [a], it was there before: no
    pawn move ends on its own second rank. *)

Lemma rank_step : forall c f, In f all_squares -> (relative_rank c f =? 1) = true ->
  (relative_rank c (pawn_step c f) =? 1) = false.
Proof.
  intros c f Hf H1.
  assert (E : forallb (fun f => negb (relative_rank c f =? 1) |||
                                negb (relative_rank c (pawn_step c f) =? 1)) all_squares = true)
    by (destruct c; vm_compute; reflexivity).
  pose proof (forall_squares _ E f Hf) as E'. cbv beta in E'. rewrite H1 in E'.
  destruct (relative_rank c (pawn_step c f) =? 1); [vm_compute in E'; discriminate E' | reflexivity].
Qed.

Section ColumnStep.

Context (Q P : position) (m : move) (X : int -> bool).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (HX : closed_set (piece_at P) X).

Let b := piece_at Q.
Let b' := piece_at P.

Lemma column_back : forall cc a s, column b' X cc a s -> column b X cc a s.
Proof.
  intros cc a s (Ha & Hs & Hcol & Hra & Hex). split; [exact Ha|]. split; [exact Hs|].
  split; [|split; assumption].
  (* an exit of [s] the move leaves empty is [a] *)
  assert (Hexit : forall e, In e (exits cc Pawn s) -> In e all_squares -> b' e = None -> e = a).
  { intros e He Hes Hn. destruct (Hex e He) as [->|Hx]; [reflexivity|].
    exfalso. exact (occupied P X HX e Hes Hx Hn). }
  pose proof (ep_inv_of Q HQ) as Hep.
  pose proof Hl as (Hps & _). unfold pseudo_legal in Hps. destruct Hps as (_ & _ & Hps).
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  fold b b' in Hk, Hps. set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - destruct Hcol as [Pa|Ps].
    + left. destruct (Uint63.eqs a f) as [->|Haf]; [congruence|].
      destruct (Uint63.eqs a t) as [->|Hat]; [|rewrite <- Hsame by assumption; exact Pa].
      exfalso. rewrite Hb't in Pa. injection Pa as E1 E2. subst r. rewrite E1 in *.
      destruct (pawn_arrival Q P HQ cc f t Hf Ht Hbf Hmm Hb'f Hsame) as (Hr1 & _).
      rewrite Hra in Hr1. discriminate.
    + destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
      destruct (Uint63.eqs s t) as [->|Hst]; [|right; rewrite <- Hsame by assumption; exact Ps].
      left. rewrite Hb't in Ps. injection Ps as E1 E2. subst r. rewrite E1 in *.
      destruct Hmm as [(Et & _)|[(Er & Et & Hbe & _)|(Et & _)]].
      * apply eqb_true in Et. rewrite <- (Hexit f); [exact Hbf| |exact Hf|exact Hb'f].
        rewrite Et. apply pawn_step_exit; [exact Hf|]. rewrite <- Et. exact Ht.
      * exfalso. apply eqb_true in Et.
        destruct (pawn_double_exit cc f Hf Er) as (He & Het & Hef & _). rewrite <- Et in He.
        assert (Hes : In (pawn_step cc f) all_squares) by (apply (exits_in cc Pawn t Ht), He).
        assert (Ea : pawn_step cc f = a).
        { apply Hexit; [exact He | exact Hes|]. rewrite Hsame; [exact Hbe | exact Hes | exact Hef |].
          intros E'. rewrite E' in Et. congruence. }
        rewrite <- Ea, (rank_step cc f Hf Er) in Hra. discriminate.
      * apply inb_in in Et. rewrite <- (Hexit f); [exact Hbf| |exact Hf|exact Hb'f].
        apply pawn_capture_exit; assumption.
  - destruct Hcol as [Pa|Ps].
    + left. destruct (Uint63.eqs a f) as [->|Haf]; [congruence|].
      destruct (Uint63.eqs a t) as [->|Hat]; [|rewrite <- Hsame by assumption; exact Pa].
      exfalso. rewrite Hb't in Pa. injection Pa as E1 E2. subst r. destruct Hr as [|[|[|[|[]]]]]; discriminate.
    + right. destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
      destruct (Uint63.eqs s t) as [->|Hst]; [|rewrite <- Hsame by assumption; exact Ps].
      exfalso. rewrite Hb't in Ps. injection Ps as E1 E2. subst r. destruct Hr as [|[|[|[|[]]]]]; discriminate.
  - destruct Hps as (_ & _ & _ & Hatt & _). apply inb_in in Hatt.
    assert (Hrf : rank_ok f = true) by (apply (pawns_Q Q HQ f (turn Q)); assumption).
    destruct Hcol as [Pa|Ps].
    + left. destruct (Uint63.eqs a f) as [->|Haf]; [congruence|].
      destruct (Uint63.eqs a (ep_victim (turn Q) t)) as [->|Hav]; [congruence|].
      destruct (Uint63.eqs a t) as [->|Hat]; [|rewrite <- Hsame by assumption; exact Pa].
      exfalso. rewrite Hb't in Pa. injection Pa as E1. rewrite E1 in Hatt, Hbf.
      rewrite (proj2 (pawn_not_seed cc f Hf Hrf) t Hatt) in Hra. discriminate.
    + destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
      destruct (Uint63.eqs s (ep_victim (turn Q) t)) as [->|Hsv]; [congruence|].
      destruct (Uint63.eqs s t) as [->|Hst]; [|right; rewrite <- Hsame by assumption; exact Ps].
      left. rewrite Hb't in Ps. injection Ps as E1. rewrite E1 in Hatt, Hbf.
      rewrite <- (Hexit f); [exact Hbf| |exact Hf|exact Hb'f].
      apply pawn_capture_exit; assumption.
  - assert (Hout : forall x, In x all_squares -> b' x = Some (MkPiece cc Pawn) -> b x = b' x).
    { intros x Hx Hb. destruct (in_dec Uint63.eqs x [f; t; castle_rook_from (turn Q) side; castle_rook_to (turn Q) side])
        as [Hin|Hn]; [|symmetry; apply Hsame; assumption].
      exfalso. simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; congruence. }
    destruct Hcol as [Pa|Ps]; [left|right]; rewrite Hout; assumption.
Qed.

End ColumnStep.

(** A side with 8 pawns after a move had them before (a side never has
    more), and then its other men too: it did not promote, and its counts
    only fell, from at most the initial ones. *)
Lemma capture_free_back : forall Q m P c x, legal_move Q m P -> inv Q = true ->
  capture_free_on (piece_at P) c x -> capture_free_on (piece_at Q) c x.
Proof.
  intros Q m P c x Hl HQ (EP & EN & ER & EQ & EB).
  pose proof (ep_inv_of Q HQ) as Hep.
  destruct (side_ok_inv Q (opp c) HQ) as (_ & Hp8 & Hsum).
  destruct (count_step Q m P Hl Hep) as (Hopp & _ & _ & _ & Hus).
  assert (Hle : forall g, (cnt (piece_at P) (opp c) g <= cnt (piece_at Q) (opp c) g)%nat).
  { intros g. destruct (color_eqb c (turn Q)) eqn:Ec.
    - apply color_eqb_eq in Ec. rewrite Ec. apply Hopp.
    - assert (Eo : opp c = turn Q) by (destruct c, (turn Q); simpl in Ec |- *; congruence).
      rewrite Eo in *. destruct Hus as [Hus|(r' & s' & _ & Hp & _)]; [rewrite Hus; apply le_n|].
      exfalso. lia. }
  pose proof (Hle TPawn). pose proof (Hle TKnight). pose proof (Hle TRook). pose proof (Hle TQueen).
  pose proof (Hle TLight). pose proof (Hle TDark).
  unfold capture_free_on. destruct (is_light x); cbv beta iota in EB |- *; lia.
Qed.

Lemma cut_back : forall Q m P X c r x y, legal_move Q m P -> inv Q = true -> (exists h, game h Q) ->
  closed_set (piece_at P) X -> cut_ok (piece_at P) X c r x y -> cut_ok (piece_at Q) X c r x y.
Proof.
  intros Q m P X c r x y Hl HQ Hg HX HK.
  destruct HK as [(cc & a & s & Hne & Hxy & Hcol)|[(Hr & o & rf & Ho & HXo & Hbo & Hf)|[(Hr & Hy & Hfree)|Hc]]].
  - left. exists cc, a, s.
    split; [exact Hne|]. split; [exact Hxy|]. exact (column_back Q P m X Hl HQ HX cc a s Hcol).
  - right. left. split; [exact Hr|]. exists o, rf. split; [exact Ho|]. split; [exact HXo|]. split; [|exact Hf].
    rewrite (frozen_step_keeps Q P m X Hl HQ HX Hg o Ho HXo). exact Hbo.
  - right. right. left. exact (conj Hr (conj Hy (capture_free_back Q m P c x Hl HQ Hfree))).
  - right. right. right. exact Hc.
Qed.

Lemma cuts_back : forall Q m P X K c r, legal_move Q m P -> inv Q = true -> (exists h, game h Q) ->
  closed_set (piece_at P) X -> cuts_ok (piece_at P) X K c r -> cuts_ok (piece_at Q) X K c r.
Proof.
  intros Q m P X K c r Hl HQ Hg HX HK x y E. exact (cut_back Q m P X c r x y Hl HQ Hg HX (HK x y E)).
Qed.

Lemma rcuts_back : forall Q m P X ys K c r, legal_move Q m P -> inv Q = true -> (exists h, game h Q) ->
  closed_set (piece_at P) X -> rcuts_ok (piece_at P) X ys K c r -> rcuts_ok (piece_at Q) X ys K c r.
Proof.
  intros Q m P X ys K c r Hl HQ Hg HX HK x y E.
  destruct (HK x y E) as [H|H]; [left; exact H | right; exact (cut_back Q m P X c r x y Hl HQ Hg HX H)].
Qed.

(** ** Castling rights held all game

    A right a position holds was held before its last move (a move only
    takes rights away, Game.v), and while it holds, its king and rook stand
    on their squares ([castling_inv]). *)

Lemma rights_back : forall G m G' Rs, game_step G m G' ->
  (forall cs, In cs Rs -> castling_right G' (fst cs) (snd cs) = true) ->
  forall cs, In cs Rs -> castling_right G (fst cs) (snd cs) = true.
Proof.
  intros G m G' Rs (_ & Hcr & _) HR cs Hcs. pose proof (HR cs Hcs) as H. rewrite Hcr in H.
  apply andb_true_iff in H as [H _]. exact H.
Qed.

Lemma rights_occupied : forall P Rs, inv P = true ->
  (forall cs, In cs Rs -> castling_right P (fst cs) (snd cs) = true) ->
  forall y, In y (right_squares Rs) -> piece_at P y <> None.
Proof.
  intros P Rs Hi HR y Hy.
  unfold right_squares in Hy. apply in_flat_map in Hy as ((c & side) & Hcs & Hin).
  destruct (inv_elim P Hi) as (_ & _ & _ & Hc & _).
  unfold castling_inv in Hc.
  assert (Hcs' : In (c, side) castling_sides) by (destruct c, side; simpl; tauto).
  forallb_at Hc Hcs'. cbv iota in Hc. pose proof (HR _ Hcs) as Hr'. simpl in Hr'.
  rewrite Hr' in Hc. cbn [negb] in Hc.
  apply lazy_and_true in Hc as [Hk Hro]. apply opiece_eqb_eq in Hk, Hro.
  simpl in Hin. destruct Hin as [<-|[<-|[]]]; [rewrite Hk | rewrite Hro]; discriminate.
Qed.

(** A game position realizing [P] holds every right [P] asserts. *)
Lemma asserted_held : forall G P, realizes G P ->
  forall cs, In cs (asserted P) -> castling_right G (fst cs) (snd cs) = true.
Proof.
  intros G P (_ & _ & Hrights & _) cs Hcs. unfold asserted in Hcs.
  apply filter_In in Hcs as (_ & H). apply Hrights, H.
Qed.

Theorem region_game : forall h G, game h G -> forall X K c r R Rs,
  closed_set (piece_at G) X -> (forall cs, In cs Rs -> castling_right G (fst cs) (snd cs) = true) ->
  region_closed X K c r R -> rcuts_ok (piece_at G) X (right_squares Rs) K c r ->
  region_last c r R -> region_homeless c r R ->
  forall s, In s all_squares -> R s = true -> piece_at G s <> Some (MkPiece c r).
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst];
    intros X K c r R Rs HX HRs HR HK Hlast Hhome s Hs HRs' Hb; [exact (Hhome s Hs HRs' Hb)|].
  pose proof (rights_back G m G' Rs Hst HRs) as HRG.
  pose proof (rights_occupied G' Rs (inv_game _ G' (game_next h G m G' Hg Hst)) HRs) as Hys.
  destruct Hst as (Hl & _). apply legal_move_iff in Hl.
  pose proof (inv_game h G Hg) as Hi.
  destruct (region_step_held G G' m X K c r R (right_squares Rs) Hl Hi HX HR HK Hlast (ex_intro _ h Hg)
              Hys s Hs HRs' Hb)
    as (s' & Hs' & HRs'' & Hb' & _).
  assert (HXG : closed_set (piece_at G) X).
  { apply (closed_transfer (piece_at G')); [exact HX|].
    intros x Hx HXx. exact (frozen_step_keeps G G' m X Hl Hi HX (ex_intro _ h Hg) x Hx HXx). }
  exact (IH X K c r R Rs HXG HRG HR (rcuts_back G m G' X _ K c r Hl Hi (ex_intro _ h Hg) HX HK) Hlast
           Hhome s' Hs' HRs'' Hb').
Qed.

(** The validation of Frozen.v means what it says. *)
Lemma region_ok_spec : forall X K c r R, region_ok X K c r R = true ->
  region_closed (fun s => X.[s]) K c r (fun s => R.[s]) /\ region_last c r (fun s => R.[s]) /\
  region_homeless c r (fun s => R.[s]).
Proof.
  intros X K c r R H.
  assert (H' : forall s, In s all_squares -> R.[s] = true ->
     forallb (fun e => X.[e] ||| K s e ||| R.[e]) (region_exits c r s) = true /\ source c r s = false).
  { intros s Hs HR. pose proof (forall_squares _ H s Hs) as E. cbv beta in E.
    rewrite HR in E. cbn [negb] in E. rewrite region_exits_of_spec in E by exact Hs.
    destruct (forallb _ (region_exits c r s)); [|discriminate].
    split; [reflexivity | apply negb_true_iff, E]. }
  split; [|split].
  - intros s Hs HR e He Hx Hk. destruct (H' s Hs HR) as (E & _).
    forallb_at E He. cbv beta in E. rewrite Hx, Hk in E. exact E.
  - intros s Hs HR Hp. destruct (H' s Hs HR) as (_ & E). unfold source in E.
    rewrite Hp in E. destruct (opiece_eqb _ _), (relative_rank c s =? 7); try discriminate; reflexivity.
  - intros s Hs HR E'. destruct (H' s Hs HR) as (_ & E). unfold source in E.
    rewrite (proj2 (opiece_eqb_eq _ _) E') in E. discriminate.
Qed.

Lemma cut_ok_ext : forall b b' X c r x y, (forall s, In s all_squares -> b s = b' s) ->
  cut_ok b X c r x y -> cut_ok b' X c r x y.
Proof.
  intros b b' X c r x y Hb HK.
  destruct HK as [(cc & a & s & Hne & Hxy & (Ha & Hs & Hc & Hra & Hex))|
                          [(Hr & o & rf & Ho & HXo & Hbo & Hf)|[(Hr & Hy & Hfree)|Hcb]]];
    [| | |right; right; right; exact Hcb].
  - left. exists cc, a, s. split; [exact Hne|]. split; [exact Hxy|].
    split; [exact Ha|]. split; [exact Hs|]. split; [|split; assumption].
    rewrite <- (Hb a Ha), <- (Hb s Hs). exact Hc.
  - right. left. split; [exact Hr|]. exists o, rf. rewrite <- (Hb o Ho). auto.
  - right. right. left. split; [exact Hr|]. split; [exact Hy|].
    assert (Ec : forall g, cnt b' (opp c) g = cnt b (opp c) g)
      by (intros g; apply cnt_ext; intros s Hs; symmetry; apply Hb, Hs).
    unfold capture_free_on in *. rewrite !Ec. exact Hfree.
Qed.

Lemma cuts_ok_ext : forall b b' X K c r, (forall s, In s all_squares -> b s = b' s) ->
  cuts_ok b X K c r -> cuts_ok b' X K c r.
Proof. intros b b' X K c r Hb HK x y E. exact (cut_ok_ext b b' X c r x y Hb (HK x y E)). Qed.

Lemma rcuts_ok_ext : forall b b' X ys K c r, (forall s, In s all_squares -> b s = b' s) ->
  rcuts_ok b X ys K c r -> rcuts_ok b' X ys K c r.
Proof.
  intros b b' X ys K c r Hb HK x y E.
  destruct (HK x y E) as [H|H]; [left; exact H | right; exact (cut_ok_ext b b' X c r x y Hb H)].
Qed.

(** The columns of Frozen.v are columns. *)
Lemma columns_ok : forall b X c r, cuts_ok b (fun s => X.[s]) (cut (columns b X) c r) c r.
Proof.
  intros b X c r x y E. unfold cut in E. apply existsb_exists in E as ([[cc a] s] & Hin & E).
  apply lazy_and_true in E as (Hne & Hxy).
  unfold columns in Hin. apply in_flat_map in Hin as (s0 & Hs0 & Hin).
  unfold column_at in Hin.
  destruct (b s0) as [[cc' r']|] eqn:Bs; [|simpl in Hin; contradiction].
  destruct r'; try (simpl in Hin; contradiction).
  destruct (relative_rank cc' s0 =? 2) eqn:R2; [|simpl in Hin; contradiction].
  destruct (filter (fun e => negb X.[e]) (exits cc' Pawn s0)) as [|a' [|a'' l]] eqn:F;
    try (simpl in Hin; contradiction).
  destruct (relative_rank cc' a' =? 1) eqn:R1; [|simpl in Hin; contradiction].
  destruct Hin as [Ein|[]]. injection Ein as <- <- <-.
  left. exists cc', a', s0. split; [|split].
  - intros (-> & ->).
    rewrite (proj2 (color_eqb_eq _ _) eq_refl), (proj2 (role_eqb_eq _ _) eq_refl) in Hne.
    discriminate.
  - apply lazy_or_true in Hxy as [H|H]; apply lazy_and_true in H as (H1 & H2);
      apply eqb_true in H1; apply eqb_true in H2; auto.
  - assert (Ha : In a' (exits cc' Pawn s0)).
    { assert (H : In a' (filter (fun e => negb X.[e]) (exits cc' Pawn s0))) by (rewrite F; left; reflexivity).
      apply filter_In in H. exact (proj1 H). }
    split; [exact (exits_in cc' Pawn s0 Hs0 a' Ha)|]. split; [exact Hs0|].
    split; [right; exact Bs|]. split; [exact R1|].
    intros e He. destruct (X.[e]) eqn:Xe; [right; reflexivity|left].
    assert (Hf : In e (filter (fun e => negb X.[e]) (exits cc' Pawn s0)))
      by (apply filter_In; rewrite Xe; auto).
    rewrite F in Hf. destruct Hf as [->|[]]. reflexivity.
Qed.

(** Frozen.v's [guarded_by] means what it says (stated over any list: on
    [members X] the kernel would unfold the list). *)
Lemma guarded_by_spec : forall b xs c y, guarded_by b xs c y = true ->
  exists o rf, In o xs /\ b o = Some (MkPiece (opp c) rf) /\ fixed_attack (opp c) rf o y = true.
Proof.
  intros b xs c y E.
  unfold guarded_by in E. apply existsb_exists in E as (o & Ho & E).
  destruct (b o) as [[c' rf]|] eqn:Bo; [|discriminate].
  apply lazy_and_true in E as (Ec & E). apply color_eqb_eq in Ec. subst c'.
  exists o, rf. auto.
Qed.

(** Frozen.v's [capture_free] means what it says.  (Stated over any board:
    [Material.men] of a concrete board would unfold in the kernel.) *)
Lemma capture_free_spec : forall b c x, free_on (capture_free b c) x = true -> capture_free_on b c x.
Proof.
  intros b c x E. unfold capture_free, free_on in E. cbv zeta in E.
  destruct (Nat.eqb (cnt b (opp c) TPawn) 8) eqn:Ep, (Nat.eqb (cnt b (opp c) TKnight) 2) eqn:En,
    (Nat.eqb (cnt b (opp c) TRook) 2) eqn:Er, (Nat.eqb (cnt b (opp c) TQueen) 1) eqn:Eq;
    cbv beta iota in E; try (destruct (is_light x); discriminate E).
  apply Nat.eqb_eq in Ep, En, Er, Eq.
  unfold capture_free_on. destruct (is_light x); cbv beta iota in E |- *; apply Nat.eqb_eq in E; tauto.
Qed.

(** Frozen.v's [castle_shut] on the frozen squares cuts only castlings
    that never happened. *)
Lemma castle_shut_ok : forall b X c r,
  cuts_ok b (fun s => X.[s]) (castle_shut (members X) c r) c r.
Proof.
  intros b X c r x y E. right. right. right. unfold castle_shut in E.
  apply lazy_and_true in E as (Ey & E). apply existsb_exists in E as (q & Hq & E).
  apply inb_in, members_spec in E as (Hqs & HXq).
  split; [apply inb_in; exact Ey|]. exists q. auto.
Qed.

(** The cuts every walk makes ([kind_cut]): the columns and the castlings
    that never happened. *)
Lemma kind_cut_ok : forall b X c r,
  cuts_ok b (fun s => X.[s]) (kind_cut (columns b X) (members X) c r) c r.
Proof.
  intros b X c r x y E. unfold kind_cut in E. apply lazy_or_true in E as [E|E].
  - exact (columns_ok b X c r x y E).
  - exact (castle_shut_ok b X c r x y E).
Qed.

(** The cuts of a region walk ([region_cut]): those of [kind_cut], and for
    a king the guarded squares, for a pawn the diagonals onto squares its
    side never captured onto, and the steps onto the squares [ys]. *)
Lemma region_cut_ok : forall ys b X c r,
  rcuts_ok b (fun s => X.[s]) ys (region_cut ys b (members X) (columns b X) c r) c r.
Proof.
  intros ys b X c r x y E. unfold region_cut, region_cut_with in E.
  apply lazy_or_true in E as [E|E]; [|left; apply inb_in; exact E]. right.
  apply lazy_or_true in E as [E|E]; [apply lazy_or_true in E as [E|E]|].
  - exact (kind_cut_ok b X c r x y E).
  - right. left. apply lazy_and_true in E as (Er & E). apply role_eqb_eq in Er. split; [exact Er|].
    apply guarded_by_spec in E as (o & rf & Ho & Bo & E).
    apply members_spec in Ho as (Ho & HXo).
    exists o, rf. auto.
  - right. right. left. apply lazy_and_true in E as (E & Ey). apply lazy_and_true in E as (Er & Ef).
    apply role_eqb_eq in Er. split; [exact Er|]. split; [apply inb_in; exact Ey|].
    exact (capture_free_spec b c x Ef).
Qed.

Lemma capture_frees_eq : forall b c, capture_frees b c = capture_free b c.
Proof. intros b c. destruct c; reflexivity. Qed.

Local Strategy expand [region_refutes region_refutes_at region].

Theorem region_refutes_game : forall h G P, game h G -> realizes G P -> region_refutes P = false.
Proof.
  intros h G P Hg Hr. pose proof (asserted_held G P Hr) as HRG. destruct Hr as (Hb & _).
  destruct (region_refutes P) eqn:E; [|reflexivity]. exfalso.
  unfold region_refutes in E. apply existsb_exists in E. destruct E as (s & Hs & E).
  unfold region_refutes_at in E.
  destruct (piece_at P s) as [[c r]|] eqn:Bs; [|discriminate].
  rewrite capture_frees_eq in E.
  split_lazy. destruct (region _ _ c r s) as [R|]; [|discriminate]. split_lazy.
  set (X := frozen_set (piece_at P)) in *.
  destruct (region_ok_spec X _ c r R ltac:(eassumption)) as (HR & Hlast & Hhome).
  assert (HXG : closed_set (piece_at G) (fun s => X.[s])).
  { apply (closed_transfer (piece_at P)); [apply frozen_set_closed|].
    intros x Hx _. symmetry. apply Hb, Hx. }
  apply (region_game h G Hg _ _ c r _ (asserted P) HXG HRG HR
           (rcuts_ok_ext _ _ _ _ _ c r Hb (region_cut_ok _ (piece_at P) X c r)) Hlast Hhome s Hs
           ltac:(assumption)).
  rewrite <- Bs. symmetry. apply Hb, Hs.
Qed.

Corollary region_refutes_sound : forall P, region_refutes P = true -> ~ reachable P.
Proof.
  intros P H (h & G & Hg & Hr). rewrite (region_refutes_game h G P Hg Hr) in H. discriminate.
Qed.
