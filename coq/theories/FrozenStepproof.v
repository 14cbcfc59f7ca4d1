(** * FrozenStepproof: a legal move does not touch a closed set of
    squares (part of the proof of Frozenproof.v).

    Headline theorems:

    - [frozen_step_keeps]: if [X] is closed on the board of [P]
      ([closed_set]) and [legal_move Q m P], [Q] a position of a game,
      the boards of [Q] and [P] agree on [X];
    - [frozen_game : forall h G, game h G -> forall X, closed_set (piece_at G) X ->
         forall s, In s all_squares -> X s = true -> piece_at G s = piece_at initial s];
    - [king_safe : forall h G, game h G -> ...] no king stands on a square
      that a frozen man of the other side attacks;
    - [frozen_set_closed]: the set [frozen_set] of Frozen.v is closed.

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

(** A pawn moving from [f] to [t] (a step, a double step or a capture;
    maybe promoting) leaves an exit of a pawn on [t] empty, and [t] is not
    on its second rank. *)
Lemma pawn_arrival : forall us f t, In f all_squares -> In t all_squares ->
  b f = Some (MkPiece us Pawn) -> man_moves b us Pawn f t -> b' f = None ->
  (forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s) ->
  (relative_rank us t =? 1) = false /\ exists e, In e (exits us Pawn t) /\ b' e = None.
Proof.
  intros us f t Hf Ht Hbf Hmm Hb'f Hsame.
  assert (Hrf : rank_ok f = true) by (apply (pawns_ok_inv Q HQ f us); assumption).
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
    assert (Hrf : rank_ok f = true) by (apply (pawns_ok_inv Q HQ f us); assumption).
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
      assert (Hrf : rank_ok f = true) by (apply (pawns_ok_inv Q HQ f us); assumption).
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
  pose proof (map_eq_in H (in_all_pieces c r)) as E'. cbv beta in E'.
  exact (map_eq_in E' Hs).
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
  lazy_inv H as (Hx & Hb & Hf).
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
  lazy_inv H as (Hc & Hf & Hx).
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
