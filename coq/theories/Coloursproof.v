(** * Coloursproof: a side's pawn captures counted by the colour of their
    squares.

    Headline theorems:

    - [tint_initial : forall c, tint (piece_at initial) c (initial_ghost c) [] (fun _ => [])];
    - [tint_step]: a legal move keeps the count, with the ghost's entries
      changed as [gchange] says (Ghostproof.v) and the flags
      [fnext] computes.

    ** The count

    A ghost (Ghostproof.v) gives each pawn of [c] and each of its
    promoted men a slot, the file its pawn started on.  A pawn on [s] of
    slot [g] is *pinned* when it changed files as often as it went up
    ranks ([absd (fnat s) g = advance c s]): every move it made was a
    capture, each one diagonal, so all of them landed on squares of the
    colour of [s] ([light]), and there were [advance c s] of them.  For
    the other men the ghost keeps *flags* ([F k]: the slots known to have
    made a capture on a square of colour [k]), set when the man captures
    onto such a square.  [csum c F k L T] adds up, for the colour [k], the
    pinned pawns' captures and the flags of the rest.  The invariant
    [tint] says, for each colour [k]:

      csum + lost + (the other side's men) <= 16

    where [lost] is 1 when the other side has no bishop on the colour
    [negb k]: its bishop of that colour (the initial one) was taken, on a
    square of that colour, so by no capture the count of [k] holds.
    Each capture raises the left side by at most the one man it takes: a
    pawn capture onto [k] raises [csum] by one (a pinned pawn's count, or
    its flag) and takes no bishop of colour [negb k] (an en-passant
    capture takes a pawn); a pawn push unpins the pawn, whose count falls
    to its flag (set if it had captured onto [k]); the other side's moves
    only take [c]'s men away and keep its bishops on their colour
    ([bishop_colour]).

    What it is for: the crossing rule (Crossing.v) bounds, per colour,
    the captures the ghosts of both sides must have made (Filman's
    puzzle, examples/filman-1979.md).

    Axioms: those of PawnCapturesproof.v. *)

From Coq Require Import Uint63 PArray List Bool Arith Lia.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts Sums RulesCheck
  Game Reachable Invariants PawnCaptures PawnCapturesproof Crossing.
Import ListNotations.
Open Scope nat_scope.

(** ** Definitions

    [light], [pinned], [has_bishop] and [lost] are those of the rule
    (Crossing.v). *)

Definition flag (F : bool -> list nat) (k : bool) (g : nat) : nat := if zin g (F k) then 1 else 0.

(** The captures onto squares of colour [k] counted for [c]'s pawn on [s]
    of slot [g]. *)
Definition pcount (c : color) (F : bool -> list nat) (k : bool) (s : int) (g : nat) : nat :=
  if pinned c s g then (if Bool.eqb (light s) k then advance c s else 0) else flag F k g.

Definition lsum (c : color) (F : bool -> list nat) (k : bool) (L : list (int * nat)) : nat :=
  wsum (fun sg => pcount c F k (fst sg) (snd sg)) L.

Definition tsum (F : bool -> list nat) (k : bool) (T : list (nat * nat)) : nat :=
  wsum (fun xg => flag F k (snd xg)) T.

Definition csum (c : color) (F : bool -> list nat) (k : bool) (L : list (int * nat)) (T : list (nat * nat))
    : nat :=
  lsum c F k L + tsum F k T.

Definition tint (b : board_fn) (c : color) (L : list (int * nat)) (T : list (nat * nat))
    (F : bool -> list nat) : Prop :=
  forall k, csum c F k L T + lost b c k + cnt b (opp c) TMan <= 16.

(** The slot of [c]'s pawn on [s] in [L], if any. *)
Definition slot_at (L : list (int * nat)) (s : int) : option nat :=
  match find (fun e => (fst e =? s)%uint63) L with Some e => Some (snd e) | None => None end.

(** The flags after [c]'s pawn of slot [g] moved from [f] to [t]: a capture
    onto [k] flags [k]; a pinned pawn that stops being one keeps a flag
    for its colour if it made a capture. *)
Definition upd (c : color) (f t : int) (g : nat) (F : bool -> list nat) : bool -> list nat :=
  fun k =>
    if negb (Nat.eqb (fnat f) (fnat t)) && Bool.eqb (light t) k then g :: F k
    else if pinned c f g then
      (if Bool.eqb (light f) k && Nat.ltb 0 (advance c f) then g :: F k else drop g (F k))
    else F k.

(** The flags after a move from [f] to [t]: changed only when a pawn of
    [c] moved. *)
Definition fnext (c : color) (f t : int) (L : list (int * nat)) (F : bool -> list nat) : bool -> list nat :=
  match slot_at L f with Some g => upd c f t g F | None => F end.

(** ** Geometry, by computation on the 64 squares *)

(** A pawn move keeps the file, or changes it by one and keeps the colour. *)
Lemma pawn_colour : forall c f t, In f all_squares -> In t all_squares -> rank_ok f = true ->
  pawn_moves_to c f t = true ->
  fnat t = fnat f \/ (absd (fnat f) (fnat t) = 1 /\ light t = light f).
Proof.
  assert (H : forall c f t, In f all_squares -> In t all_squares ->
    negb (rank_ok f) || negb (pawn_moves_to c f t) || Nat.eqb (fnat t) (fnat f) ||
    (Nat.eqb (absd (fnat f) (fnat t)) 1 && Bool.eqb (light t) (light f)) = true) by by_squares.
  intros c f t Hf Ht Hr Hm. specialize (H c f t Hf Ht). rewrite Hr, Hm in H. cbn [negb orb] in H.
  destruct (Nat.eqb_spec (fnat t) (fnat f)) as [E|E]; [left; exact E|right].
  cbn [orb] in H. apply andb_true_iff in H. destruct H as [H1 H2].
  split; [apply Nat.eqb_eq, H1|apply Bool.eqb_prop, H2].
Qed.

(** A bishop's rays keep the colour. *)
Lemma bishop_colour : forall f d t, In f all_squares -> In d (slider_dirs Bishop) -> In t (ray d f) ->
  light t = light f.
Proof.
  assert (H : forallb (fun f => forallb (fun d => forallb (fun t => Bool.eqb (light t) (light f)) (ray d f))
                (slider_dirs Bishop)) all_squares = true) by (vm_compute; reflexivity).
  intros f d t Hf Hd Ht. forallb_at H Hf. forallb_at H Hd. forallb_at H Ht. apply Bool.eqb_prop, H.
Qed.

(** A pawn on its seventh rank went up five ranks. *)
Lemma seventh_advance : forall c s, In s all_squares -> (relative_rank c s =? 6)%uint63 = true ->
  advance c s = 5.
Proof.
  assert (H : forall c, forallb (fun s => negb (relative_rank c s =? 6)%uint63 || Nat.eqb (advance c s) 5)
                all_squares = true) by (intros []; vm_compute; reflexivity).
  intros c s Hs H6. specialize (H c). forallb_at H Hs.
  rewrite H6 in H. apply Nat.eqb_eq, H.
Qed.

(** ** Bishops *)

Lemma has_bishop_iff : forall b c x, has_bishop b c x = true <->
  exists s, In s all_squares /\ b s = Some (MkPiece c Bishop) /\ light s = x.
Proof.
  intros b c x. unfold has_bishop. rewrite existsb_exists. split.
  - intros (s & Hs & E). apply andb_true_iff in E. destruct E as [E1 E2].
    exists s. split; [exact Hs|]. split; [apply opiece_eqb_eq, E1|apply Bool.eqb_prop, E2].
  - intros (s & Hs & E1 & E2). exists s. split; [exact Hs|]. rewrite E1, E2.
    rewrite (proj2 (opiece_eqb_eq _ _) eq_refl), eqb_reflx. reflexivity.
Qed.

Lemma lost_le1 : forall b c k, lost b c k <= 1.
Proof. intros b c k. unfold lost. destruct (has_bishop _ _ _); lia. Qed.

(** The other side's men left where they stood, but for at most one
    victim [v] that is no bishop of colour [negb k]: nothing lost. *)
Lemma lost_keep : forall b b' c k v,
  (forall s r, In s all_squares -> s <> v -> b s = Some (MkPiece (opp c) r) -> b' s = b s) ->
  (b v = Some (MkPiece (opp c) Bishop) -> light v <> negb k) ->
  lost b' c k <= lost b c k.
Proof.
  intros b b' c k v Hs Hv. unfold lost.
  destruct (has_bishop b (opp c) (negb k)) eqn:E; [|destruct (has_bishop b' _ _); lia].
  apply has_bishop_iff in E. destruct E as (s & Hsq & Hbs & Hl).
  assert (E' : has_bishop b' (opp c) (negb k) = true).
  { apply has_bishop_iff. exists s. split; [exact Hsq|]. split; [|exact Hl].
    destruct (Uint63.eqs s v) as [->|Hne]; [exfalso; exact (Hv Hbs Hl)|].
    rewrite (Hs s Bishop Hsq Hne Hbs). exact Hbs. }
  rewrite E'. lia.
Qed.

(** ** How a move changes the count's board terms *)

(** A move that empties [f] and puts the mover's man on [t] (a normal
    move, a promotion): the other side loses at most the man on [t], and
    nothing of the colour [k] when [t] has that colour. *)
Lemma ft_facts : forall b b' us f t r r', In f all_squares -> In t all_squares -> f <> t ->
  b f = Some (MkPiece us r) -> target_ok b us t -> b' f = None -> b' t = Some (MkPiece us r') ->
  (forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s) ->
  (forall g, cnt b' (opp us) g <= cnt b (opp us) g) ->
  (forall k, lost b' us k + cnt b' (opp us) TMan <= lost b us k + cnt b (opp us) TMan) /\
  (b t <> None -> forall k, light t = k ->
     1 + lost b' us k + cnt b' (opp us) TMan <= lost b us k + cnt b (opp us) TMan).
Proof.
  intros b b' us f t r r' Hf Ht Hft Hbf Htg Hb'f Hb't Hsame Hopp.
  assert (Hkeep : forall s r0, In s all_squares -> s <> t -> b s = Some (MkPiece (opp us) r0) -> b' s = b s).
  { intros s r0 Hs Hst Hbs. destruct (Uint63.eqs s f) as [->|Hsf].
    - rewrite Hbf in Hbs. injection Hbs as E. destruct us; discriminate.
    - apply Hsame; assumption. }
  destruct (target_cases b us t Htg) as [Hn|(r0 & Hbt & _)].
  - split; [|intros H; contradiction].
    intros k. pose proof (Hopp TMan).
    enough (lost b' us k <= lost b us k) by lia.
    apply (lost_keep b b' us k t); [exact Hkeep|]. rewrite Hn. discriminate.
  - assert (Hc : cnt b' (opp us) TMan + 1 <= cnt b (opp us) TMan).
    { apply (capture_count b b' [f; t] (opp us) t r0); auto.
      - apply NoDup2; auto.
      - apply incl_list; simpl; intros x [<-|[<-|[]]]; auto.
      - simpl; auto.
      - intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
      - intros s [<-|[<-|[]]]; [rewrite Hb'f|rewrite Hb't, ind_other]; reflexivity. }
    split.
    + intros k. pose proof (lost_le1 b' us k). lia.
    + intros _ k Hk. enough (lost b' us k <= lost b us k) by lia.
      apply (lost_keep b b' us k t); [exact Hkeep|]. intros _. rewrite Hk. destruct k; discriminate.
Qed.

(** What the count needs to know of a legal move: the mover keeps its
    bishops' colours; the other side loses at most one man; a pawn move
    goes up, on its file or one file aside onto its colour, and a capture
    onto [k] takes no bishop of the other colour. *)
Lemma colour_step : forall G m G', legal_move G m G' -> inv G = true ->
  let b := piece_at G in let b' := piece_at G' in let us := turn G in
  let f := mv_from m in let t := mv_to m in
  (exists r, b f = Some (MkPiece us r)) /\
  (forall x, has_bishop b us x = true -> has_bishop b' us x = true) /\
  cnt b' us TMan <= cnt b us TMan /\
  (forall k, lost b' us k + cnt b' (opp us) TMan <= lost b us k + cnt b (opp us) TMan) /\
  (b f = Some (MkPiece us Pawn) ->
     advance us f + absd (fnat f) (fnat t) <= advance us t /\ advance us f < advance us t /\
     (fnat t = fnat f \/
      (absd (fnat f) (fnat t) = 1 /\ light t = light f /\
       forall k, light t = k -> 1 + lost b' us k + cnt b' (opp us) TMan <= lost b us k + cnt b (opp us) TMan))).
Proof.
  intros G m G' Hl Hi. cbv zeta.
  pose proof (pawns_ok_inv G Hi) as Hpok. pose proof (ep_inv_of G Hi) as Hep.
  destruct (count_step G m G' Hl Hep) as (Hopp & _ & _ & Hman & _).
  open_move Hl Hep Hps Hf Ht Hk.
  set (b := piece_at G) in *. set (b' := piece_at G') in *. set (us := turn G) in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (Hrf : forall c', b f = Some (MkPiece c' Pawn) -> rank_ok f = true) by (intros c' H; exact (Hpok f c' Hf H)).
  split; [shape_inv Hk; eexists; exact Hbf|]. split; [|split; [lia|]].
  - (* the mover's bishops *)
    intros x Hx. apply has_bishop_iff in Hx. destruct Hx as (s & Hs & Hbs & Hls). apply has_bishop_iff.
    shape_inv Hk.
    + sq_cases s [f; t].
      * rewrite Hbf in Hbs. injection Hbs as ->. simpl in Hmm. destruct Hmm as (d & Hd & Hr).
        exists t. split; [exact Ht|]. split; [exact Hb't|].
        rewrite (bishop_colour f d t Hf Hd (reaches_in _ _ _ Hr)). exact Hls.
      * exfalso. exact (target_ok_not_own b us t Bishop Htg Hbs).
      * exists s. split; [exact Hs|]. rewrite Hsame by auto. split; assumption.
    + sq_cases s [f; t].
      * rewrite Hbf in Hbs. discriminate.
      * exfalso. exact (target_ok_not_own b us t Bishop Htg Hbs).
      * exists s. split; [exact Hs|]. rewrite Hsame by auto. split; assumption.
    + sq_cases s [f; t; ep_victim us t].
      * rewrite Hbf in Hbs. discriminate.
      * rewrite Hbt in Hbs. discriminate.
      * rewrite Hbv in Hbs. injection Hbs as E. destruct us; discriminate.
      * exists s. split; [exact Hs|]. rewrite Hsame by auto. split; assumption.
    + destruct (in_dec Uint63.eqs s [f; t; castle_rook_from us side; castle_rook_to us side]) as [Hin|Hn].
      * exfalso. simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; congruence.
      * exists s. split; [exact Hs|]. rewrite Hsame by auto. split; assumption.
  - shape_inv Hk.
    + (* a normal move *)
      destruct (ft_facts b b' us f t r r Hf Ht Hft Hbf Htg Hb'f Hb't Hsame Hopp) as (H1 & H2).
      split; [exact H1|]. intros Hp. rewrite Hbf in Hp. injection Hp as ->.
      assert (Hm := pawn_moves_man b us f t Hmm).
      destruct (pawn_advance us f t Hf Ht (Hrf us Hbf) Hm) as (Ha1 & Ha2).
      split; [exact Ha2|]. split; [exact Ha1|].
      destruct (pawn_colour us f t Hf Ht (Hrf us Hbf) Hm) as [E|(Ed & El)]; [left; exact E|right].
      split; [exact Ed|]. split; [exact El|]. apply H2.
      destruct (pawn_move_geo b us f t Hf Ht (Hrf us Hbf) Hmm) as (_ & _ & [E|(_ & Hbt)]); [|exact Hbt].
      rewrite E in Ed. unfold absd in Ed. lia.
    + (* a promotion *)
      destruct Hps as (r0 & _ & _ & _ & _ & _ & Hmm).
      destruct (ft_facts b b' us f t Pawn r Hf Ht Hft Hbf Htg Hb'f Hb't Hsame Hopp) as (H1 & H2).
      split; [exact H1|]. intros _.
      assert (Hm := pawn_moves_man b us f t Hmm).
      destruct (pawn_advance us f t Hf Ht (Hrf us Hbf) Hm) as (Ha1 & Ha2).
      split; [exact Ha2|]. split; [exact Ha1|].
      destruct (pawn_colour us f t Hf Ht (Hrf us Hbf) Hm) as [E|(Ed & El)]; [left; exact E|right].
      split; [exact Ed|]. split; [exact El|]. apply H2.
      destruct (pawn_move_geo b us f t Hf Ht (Hrf us Hbf) Hmm) as (_ & _ & [E|(_ & Hbt)]); [|exact Hbt].
      rewrite E in Ed. unfold absd in Ed. lia.
    + (* en passant *)
      destruct Hps as (_ & _ & _ & Ha & _).
      set (v := ep_victim us t) in *.
      assert (Hc : cnt b' (opp us) TMan + 1 <= cnt b (opp us) TMan).
      { apply (capture_count b b' [f; t; v] (opp us) v Pawn); auto.
        - apply NoDup3; auto.
        - apply incl_list; simpl; intros x [<-|[<-|[<-|[]]]]; auto.
        - simpl; auto.
        - intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
        - intros s [<-|[<-|[<-|[]]]]; [rewrite Hb'f|rewrite Hb't, ind_other|rewrite Hb'v]; reflexivity. }
      assert (Hkeep : forall k, lost b' us k <= lost b us k).
      { intros k. apply (lost_keep b b' us k v); [|rewrite Hbv; discriminate].
        intros s r0 Hs Hsv Hbs. sq_cases s [f; t].
        - rewrite Hbf in Hbs. injection Hbs as E. destruct us; discriminate.
        - rewrite Hbt in Hbs. discriminate.
        - apply Hsame; auto. }
      split; [intros k; specialize (Hkeep k); lia|]. intros _.
      assert (Hm : pawn_moves_to us f t = true) by (unfold pawn_moves_to; rewrite Ha, !orb_true_r; reflexivity).
      destruct (pawn_advance us f t Hf Ht (Hrf us Hbf) Hm) as (Ha1 & Ha2).
      split; [exact Ha2|]. split; [exact Ha1|]. right.
      destruct (pawn_colour us f t Hf Ht (Hrf us Hbf) Hm) as [E|(Ed & El)].
      * exfalso. exact (attack_file us f t Hf Ht Ha (eq_sym E)).
      * split; [exact Ed|]. split; [exact El|]. intros k _. specialize (Hkeep k). lia.
    + (* castling *)
      split.
      * intros k. pose proof (Hopp TMan).
        enough (lost b' us k <= lost b us k) by lia.
        apply (lost_keep b b' us k f); [|rewrite Hbf; discriminate].
        intros s r0 Hs _ Hbs.
        destruct (in_dec Uint63.eqs s [f; t; castle_rook_from us side; castle_rook_to us side]) as [Hin|Hn].
        -- exfalso. simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; try congruence;
             [rewrite Hbf in Hbs|rewrite Hbr in Hbs]; injection Hbs as E; destruct us; discriminate.
        -- apply Hsame; auto.
      * intros Hp. rewrite Hbf in Hp. discriminate.
Qed.

(** ** The sums *)

Lemma csum_split : forall c F k L T, csum c F k L T = lsum c F k L + tsum F k T.
Proof. reflexivity. Qed.

Lemma lsum_app : forall c F k L1 L2, lsum c F k (L1 ++ L2) = lsum c F k L1 + lsum c F k L2.
Proof. intros. apply wsum_app. Qed.

Lemma lsum_ext : forall c F F' k L, (forall s g, In (s, g) L -> flag F k g = flag F' k g) ->
  lsum c F k L = lsum c F' k L.
Proof.
  intros c F F' k L H. apply wsum_ext. intros [s g] Hin. unfold pcount. cbn [fst snd].
  rewrite (H s g Hin). reflexivity.
Qed.

Lemma tsum_ext : forall F F' k T, (forall x g, In (x, g) T -> flag F k g = flag F' k g) ->
  tsum F k T = tsum F' k T.
Proof. intros F F' k T H. apply wsum_ext. intros [x g] Hin. exact (H x g Hin). Qed.

Lemma zin_cons_self : forall g l, zin g (g :: l) = true.
Proof. intros g l. unfold zin. simpl. rewrite Nat.eqb_refl. reflexivity. Qed.

Lemma zin_cons_other : forall g h l, h <> g -> zin h (g :: l) = zin h l.
Proof. intros g h l H. unfold zin. simpl. apply Nat.eqb_neq in H. rewrite H. reflexivity. Qed.

(** The flags of other slots do not change. *)
Lemma upd_other : forall c f t g F k h, h <> g -> flag (upd c f t g F) k h = flag F k h.
Proof.
  intros c f t g F k h H. unfold flag, upd.
  destruct (negb _ && _); [rewrite zin_cons_other by exact H; reflexivity|].
  destruct (pinned c f g); [|reflexivity].
  destruct (_ && _); [rewrite zin_cons_other by exact H|rewrite zin_drop by exact H]; reflexivity.
Qed.

Lemma zin_upd_other : forall c f t g F k h, h <> g -> zin h (upd c f t g F k) = zin h (F k).
Proof.
  intros c f t g F k h H. unfold upd.
  destruct (negb _ && _); [rewrite zin_cons_other by exact H; reflexivity|].
  destruct (pinned c f g); [|reflexivity].
  destruct (_ && _); [rewrite zin_cons_other by exact H|rewrite zin_drop by exact H]; reflexivity.
Qed.

(** The capture a pawn move from [f] to [t] adds to the count of [k]. *)
Definition bonus (f t : int) (k : bool) : nat :=
  if negb (Nat.eqb (fnat f) (fnat t)) && Bool.eqb (light t) k then 1 else 0.

(** The count of the moved pawn (or of the promoted man's flag) grows by
    at most the capture it made onto [k]. *)
Lemma upd_move : forall c F k f t g,
  absd (fnat f) g <= advance c f ->
  advance c f + absd (fnat f) (fnat t) <= advance c t -> advance c f < advance c t ->
  (fnat t = fnat f \/ (absd (fnat f) (fnat t) = 1 /\ light t = light f)) ->
  pcount c (upd c f t g F) k t g <= pcount c F k f g + bonus f t k /\
  flag (upd c f t g F) k g <= pcount c F k f g + bonus f t k.
Proof.
  intros c F k f t g Hd Ha1 Ha2 Hft.
  assert (Htri : absd (fnat t) g <= absd (fnat f) g + absd (fnat f) (fnat t) /\
                 absd (fnat f) g <= absd (fnat t) g + absd (fnat f) (fnat t)) by (unfold absd; lia).
  unfold pcount, flag, upd, bonus, pinned.
  destruct Hft as [E|(Ed & El)].
  - rewrite E, Nat.eqb_refl. cbn [negb andb].
    assert (Et : Nat.eqb (absd (fnat f) g) (advance c t) = false) by (apply Nat.eqb_neq; lia).
    rewrite Et.
    destruct (Nat.eqb (absd (fnat f) g) (advance c f)) eqn:Ep; [|split; lia].
    destruct (Bool.eqb (light f) k) eqn:El; cbn [andb];
      destruct (Nat.ltb_spec 0 (advance c f)); cbn [andb];
      rewrite ?zin_cons_self, ?zin_drop_self; split; lia.
  - assert (En : Nat.eqb (fnat f) (fnat t) = false) by (apply Nat.eqb_neq; unfold absd in Ed; lia).
    rewrite En. cbn [negb andb]. rewrite El.
    destruct (Bool.eqb (light f) k) eqn:Ek.
    + rewrite zin_cons_self.
      destruct (Nat.eqb_spec (absd (fnat t) g) (advance c t)) as [Pt|Pt];
        destruct (Nat.eqb_spec (absd (fnat f) g) (advance c f)) as [Pf|Pf]; split; lia.
    + destruct (Nat.eqb_spec (absd (fnat t) g) (advance c t)) as [Pt|Pt];
        destruct (Nat.eqb_spec (absd (fnat f) g) (advance c f)) as [Pf|Pf]; cbn [andb];
        rewrite ?zin_drop_self; try (split; lia).
Qed.

(** ** The count holds all game *)

Lemma existsb_ext' : forall A (p q : A -> bool) l, (forall x, In x l -> p x = q x) -> existsb p l = existsb q l.
Proof.
  intros A p q l; induction l as [|x l IH]; intros H; simpl; [reflexivity|].
  rewrite H by (left; reflexivity). rewrite IH by (intros y Hy; apply H; right; exact Hy). reflexivity.
Qed.

Lemma slot_at_in : forall L s g, NoDup (map fst L) -> In (s, g) L -> slot_at L s = Some g.
Proof.
  intros L s g; induction L as [|[s' g'] L IH]; intros Hnd Hin; [destruct Hin|].
  unfold slot_at. simpl. inversion Hnd as [|? ? Hn Hnd']. destruct Hin as [E|Hin].
  - injection E as -> ->. rewrite Uint63.eqb_refl. reflexivity.
  - destruct (Uint63.eqb s' s) eqn:E.
    + apply Uint63.eqb_spec in E. exfalso. apply Hn. rewrite E. apply (in_map fst) in Hin. exact Hin.
    + apply IH; assumption.
Qed.

Lemma slot_at_none : forall L s, (forall g, ~ In (s, g) L) -> slot_at L s = None.
Proof.
  intros L s H. unfold slot_at. destruct (find _ L) as [[s' g]|] eqn:E; [|reflexivity].
  exfalso. apply find_some in E. destruct E as [Hin E]. simpl in E. apply Uint63.eqb_spec in E. subst s'.
  exact (H g Hin).
Qed.

Lemma tint_initial : forall c, tint (piece_at initial) c (initial_ghost c) [] (fun _ => []).
Proof. intros c k. apply Nat.leb_le. destruct c, k; vm_compute; reflexivity. Qed.

(** The side that moves keeps its bishops: the other side's [lost] does
    not grow. *)
Lemma lost_mover : forall b b' us k, (forall x, has_bishop b us x = true -> has_bishop b' us x = true) ->
  lost b' (opp us) k <= lost b (opp us) k.
Proof.
  intros b b' us k H. unfold lost. rewrite opp_opp.
  destruct (has_bishop b us (negb k)) eqn:E; [rewrite (H _ E)|destruct (has_bishop b' us _)]; lia.
Qed.

Lemma slot_apart : forall (L1 L2 : list (int * nat)) (T : list (nat * nat)) f g,
  NoDup (map snd (L1 ++ (f, g) :: L2) ++ map snd T) ->
  (forall s h, In (s, h) (L1 ++ L2) -> h <> g) /\ (forall x h, In (x, h) T -> h <> g).
Proof.
  intros L1 L2 T f g H. rewrite !map_app in H. simpl in H. rewrite <- app_assoc in H. simpl in H.
  apply NoDup_remove_2 in H. split.
  - intros s h Hin <-. apply H. apply in_app_or in Hin. rewrite !in_app_iff.
    destruct Hin as [Hin|Hin]; [left|right; left]; exact (in_map snd _ _ Hin).
  - intros x h Hin <-. apply H. rewrite !in_app_iff. right. right. exact (in_map snd _ _ Hin).
Qed.

(** The capture bonus of a pawn move is paid by the man it took. *)
Lemma bonus_paid : forall f t k (l l' n n' : nat),
  (fnat t = fnat f \/ (absd (fnat f) (fnat t) = 1 /\ light t = light f /\ (light t = k -> 1 + l' + n' <= l + n))) ->
  l' + n' <= l + n -> bonus f t k + l' + n' <= l + n.
Proof.
  intros f t k l l' n n' [E|(_ & _ & H)] H0; unfold bonus.
  - rewrite E, Nat.eqb_refl. simpl. exact H0.
  - destruct (Bool.eqb_spec (light t) k) as [Ek|Ek].
    + specialize (H Ek). destruct (negb _); simpl; lia.
    + rewrite andb_false_r. exact H0.
Qed.

Arguments bonus_paid f t k {l l' n n'}.

Theorem tint_step : forall G m G', legal_move G m G' -> inv G = true -> forall c L T L' T' F,
  (forall s g, In (s, g) L -> piece_at G s = Some (MkPiece c Pawn)) ->
  (forall s g, In (s, g) L -> absd (fnat s) g <= advance c s) ->
  NoDup (map fst L) -> NoDup (map snd L ++ map snd T) -> NoDup L' ->
  gchange (piece_at G) (turn G) c (mv_from m) (mv_to m) L T L' T' ->
  tint (piece_at G) c L T F -> tint (piece_at G') c L' T' (fnext c (mv_from m) (mv_to m) L F).
Proof.
  intros G m G' Hl Hi c L T L' T' F Hpw Hrc Hnd Hsl Hnd' Hch Ht k.
  pose proof (colour_step G m G' Hl Hi) as HC. cbv zeta in HC.
  destruct HC as ((r & Hbf) & HB & Hmen & Hlost & Hpawn).
  set (b := piece_at G) in *. set (b' := piece_at G') in *. set (us := turn G) in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  specialize (Ht k). rewrite csum_split in *.
  assert (Hcol : c = us \/ c = opp us) by (destruct c, us; auto).
  assert (Hnone : (c = us -> b f <> Some (MkPiece c Pawn)) -> fnext c f t L F = F).
  { intros H. unfold fnext. rewrite slot_at_none; [reflexivity|]. intros g Hin. specialize (Hpw _ _ Hin).
    destruct Hcol as [E|E]; [exact (H E Hpw)|]. rewrite Hbf in Hpw. injection Hpw as E' _.
    rewrite E in E'. destruct us; discriminate. }
  assert (Hother : c = opp us -> lost b' c k + cnt b' (opp c) TMan <= lost b c k + cnt b (opp c) TMan).
  { intros ->. rewrite opp_opp. pose proof (lost_mover b b' us k HB). lia. }
  destruct Hch as [Hnp|L0 Ec Hinc|L1 g L2 Ec EL|L1 g L2 Ec EL _];
    [rewrite (Hnone Hnp); destruct Hcol as [->| ->]; [specialize (Hlost k); lia|specialize (Hother eq_refl); lia]
    |rewrite Hnone by (intros E; rewrite E in Ec; destruct us; discriminate);
     specialize (Hother Ec);
     assert (Hs : lsum c F k L0 <= lsum c F k L)
       by (apply wsum_incl; assumption);
     lia
    | | ].
  (* The pawn on [f], of slot [g], moved to [t] or promoted there: its
     count (or its promoted man's flag) grows by the capture it made onto
     [k] at most, which took a man of the other side ([bonus_paid]); no
     other slot's flags change. *)
  all: subst c L; unfold fnext; rewrite (slot_at_in _ f g Hnd) by (apply in_or_app; right; left; reflexivity);
    destruct (slot_apart L1 L2 T f g Hsl) as (HaL & HaT);
    assert (Hin : In (f, g) (L1 ++ (f, g) :: L2)) by (apply in_or_app; right; left; reflexivity);
    destruct (Hpawn (Hpw f g Hin)) as (Ha2 & Ha1 & Hft);
    assert (Hft' : fnat t = fnat f \/ (absd (fnat f) (fnat t) = 1 /\ light t = light f))
      by (destruct Hft as [E|(E1 & E2 & _)]; [left; exact E|right; split; assumption]);
    destruct (upd_move us F k f t g (Hrc f g Hin) Ha2 Ha1 Hft') as (Hup & Hupt);
    assert (Hftk : fnat t = fnat f \/ (absd (fnat f) (fnat t) = 1 /\ light t = light f /\
              (light t = k -> 1 + lost b' us k + cnt b' (opp us) TMan <= lost b us k + cnt b (opp us) TMan)))
      by (destruct Hft as [E|(E1 & E2 & E3)]; [left; exact E|right; split; [|split]; auto]);
    pose proof (bonus_paid f t k Hftk (Hlost k)) as Hpay;
    rewrite !lsum_app in *; change (lsum us ?F k ((?s, ?h) :: ?L)) with (pcount us F k s h + lsum us F k L) in *;
    try change (tsum ?F k ((?x, ?h) :: ?T)) with (flag F k h + tsum F k T);
    rewrite (lsum_ext us (upd us f t g F) F k L1), (lsum_ext us (upd us f t g F) F k L2),
      (tsum_ext (upd us f t g F) F k T);
    [lia
    |intros x h Hx; apply upd_other, (HaT x h Hx)
    |intros s h Hs; apply upd_other, (HaL s h); apply in_or_app; right; exact Hs
    |intros s h Hs; apply upd_other, (HaL s h); apply in_or_app; left; exact Hs].
Qed.

Lemma tint_ext : forall b b' c L T F, (forall s, In s all_squares -> b s = b' s) ->
  tint b c L T F -> tint b' c L T F.
Proof.
  intros b b' c L T F H Ht k. specialize (Ht k).
  assert (Eh : forall c' x, has_bishop b' c' x = has_bishop b c' x).
  { intros c' x. unfold has_bishop. apply existsb_ext'. intros s Hs. rewrite H by exact Hs. reflexivity. }
  unfold lost in *. rewrite Eh, (cnt_ext _ _ b' b) by (intros s Hs; symmetry; apply H, Hs). exact Ht.
Qed.

Arguments tint_ext {b b' c L T F}.
