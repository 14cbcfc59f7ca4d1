(** * Crossingproof: pawns of one file that never captured keep their
    order, and the crossing rule is sound.

    Headline theorems:

    - [crossing_refutes_sound : forall P, crossing_refutes P = true -> ~ reachable P]
      (the rule of Crossing.v, in the certificate checker's default rule);
    - [crossing_reachable]: every position a game reaches has a ghost for
      each side ([ghost] of PawnCapturesproof.v with its dead men, [dm] of
      the cages [dead] computes, [dead_cages]; as many promotions as the
      sealed-bishops count shows, [sealed_excess]; no promotion entries)
      such that, for every slot [g] whose white and black men have both
      made no capture, both are pawns and the white one stands below the
      black one ([ordered]); with each side's colour count ([tint] of
      Coloursproof.v) and its flags set where its men passed the other
      side's capture-free pawns ([entered]).

    From the invariant to the rule: each side's ghost is one of the
    assignments the rule's [fits] looks for ([side_fits], with the
    capture-free men the current allowed sets [covers]; a pawn's cost
    there is its [zc], which the ghost keeps within the ranks it went up,
    [gh_reach], so [pawn_cost] never finds it impossible); at every
    contested slot one of the pairs of [rects] covers the ghosts' own
    capture-free men ([rects_cover]: a white and a black capture-free
    pawn of one slot are separated by the threshold just above the white
    one); so [search] finds the ghosts' choice ([search_complete]).  A
    pawn the other side cannot do without as capture-free is one in its
    ghost ([forced_free]), so the entry facts apply to it, and each side's
    ghost is an assignment [colour_fits] looks for ([side_colours]: the
    rule's counts per colour are at most the ghost's, [pawn_lb_le],
    [token_lb_le], which [tint] bounds).

    ** Why it holds

    Initially every pawn stands on its slot's file, White's on the second
    rank and Black's on the seventh. Then, for a slot [g] capture-free on
    both sides ([ghost_step_kept] says how a step changes the capture-free
    men, [zkept]):

    - only the side to move changes its ghost, and the other side only
      loses entries;
    - a capture-free pawn that moves was pushed straight ahead onto an
      empty square (over an empty square for a double step), so it does
      not jump the other side's pawn of its file ([push_apart]);
    - a capture-free pawn that promotes stood on its seventh rank, beyond
      which the other side's pawn of its file cannot stand
      ([promote_apart]: it would be on its own first rank);
    - a capture takes the capturing pawn's slot out of [Z].

    The entry facts ([entered_step]): a pawn does not step onto the
    square just in front of a pawn of the other side without passing it
    (its own square, or the square it jumps, would be that pawn's), so it
    got there by a capture, which sets its flag ([fnext]); the other
    side's capture-free pawn only moves away from it; and a promoted man
    keeps the flag of its pawn on its seventh rank, in front of the other
    side's pawn on its third (which came from its second rank, where
    [tok_open] says no such pawn stands once [c] promoted there).

    Axioms: those of PawnCapturesproof.v. *)

From Coq Require Import Uint63 PArray List Bool Arith Lia Permutation.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts Sums RulesCheck
  Game Reachable Invariants Frozen Frozenproof PawnCaptures PawnCapturesproof SealedBishops
  SealedBishopsproof Crossing Coloursproof.
Import ListNotations.
Open Scope nat_scope.

(** The ghost of [c] with dead men [Dm] (PawnCapturesproof.v's [dead], or
    none), as many promotions as [sealed_excess] and no promotion
    entries. *)
Notation ghostd Dm b c := (ghost Dm (fun x => sealed_excess x c) (fun _ _ => 0) (fun _ _ _ => false) b c).

(** [s] (a pawn of [c]) stands below [x] (a pawn of the other side), in
    [c]'s direction of travel. *)
Definition apart (c : color) (s x : int) : bool :=
  (relative_rank c s + relative_rank (opp c) x <? 7)%uint63.

(** For every slot capture-free on both sides ([Z] for [c], [Y] for the
    other side): both men are pawns, [c]'s below the other's. *)
Definition ordered (c : color) (L : list (int * nat)) (T : list (nat * nat)) (Z : list nat)
    (M : list (int * nat)) (U : list (nat * nat)) (Y : list nat) : Prop :=
  forall g, In g Z -> In g Y ->
    (forall s x, In (s, g) L -> In (x, g) M -> apart c s x = true) /\
    (forall s y, In (s, g) L -> In (y, g) U -> False) /\
    (forall y x, In (y, g) T -> In (x, g) M -> False) /\
    (forall y y', In (y, g) T -> In (y', g) U -> False).

(** How [c]'s men passed the other side's capture-free pawns ([M], [Y]):
    [c]'s pawn just in front of one came there by a capture (or made only
    captures), and [c]'s man promoted from the square just in front of
    one on the other side's third rank made a capture there: the flags
    [F] of the colour count (Coloursproof.v) have it. *)
Definition entered (c : color) (L : list (int * nat)) (T : list (nat * nat)) (F : bool -> list nat)
    (M : list (int * nat)) (Y : list nat) : Prop :=
  (forall s g x h, In (s, g) L -> In (x, h) M -> In h Y -> behind c s x = true ->
     pinned c s g = true \/ zin g (F (light s)) = true) /\
  (forall y g x h, In (y, g) T -> In (x, h) M -> In h Y -> fnat x = y ->
     (relative_rank c x =? 5)%uint63 = true -> zin g (F (light (pawn_step c x))) = true).

Definition crossing_inv (Dw Db : board_fn -> nat) (b : board_fn) : Prop :=
  exists L T Z M U Y Fw Fb, ghostd Dw b White L T Z /\ ghostd Db b Black M U Y /\ ordered White L T Z M U Y /\
    tint b White L T Fw /\ tint b Black M U Fb /\ entered White L T Fw M Y /\ entered Black M U Fb L Z.

(** ** Geometry, by computation on the 64 squares *)

Lemma apart_sym : forall c s x, In s all_squares -> In x all_squares -> apart c s x = apart (opp c) x s.
Proof.
  assert (H : forall c s x, In s all_squares -> In x all_squares ->
    Bool.eqb (apart c s x) (apart (opp c) x s) = true) by by_squares.
  intros c s x Hs Hx. apply Bool.eqb_prop, (H c s x Hs Hx).
Qed.

Definition push_ok (c : color) (s x : int) : bool :=
  negb (Nat.eqb (fnat s) (fnat x) &&& apart c s x &&& rank_ok x) |||
  (((x =? pawn_step c s)%uint63 ||| apart c (pawn_step c s) x) &&&
   ((x =? pawn_step c s)%uint63 ||| (x =? pawn_step c (pawn_step c s))%uint63 |||
    apart c (pawn_step c (pawn_step c s)) x)).

(** A pawn pushed one or two squares ahead stays below the other side's
    pawn of its file when it does not land on it or cross it. *)
Lemma push_apart : forall c s x t, In s all_squares -> In x all_squares ->
  fnat s = fnat x -> apart c s x = true -> rank_ok x = true ->
  x <> t -> ((t =? pawn_step c s)%uint63 = true \/
             ((t =? pawn_step c (pawn_step c s))%uint63 = true /\ x <> pawn_step c s)) ->
  apart c t x = true.
Proof.
  assert (H : forall c s x, In s all_squares -> In x all_squares ->
    push_ok c s x = true) by by_squares.
  intros c s x t Hs Hx Ef Ha Hr Hxt Ht. specialize (H c s x Hs Hx). unfold push_ok in H.
  rewrite Ef, Nat.eqb_refl, Ha, Hr in H. cbn [negb andb orb] in H.
  apply andb_true_iff in H. destruct H as [H1 H2].
  destruct Ht as [Et|(Et & Hxm)]; apply Uint63.eqb_spec in Et; subst t.
  - assert (Ex : (x =? pawn_step c s)%uint63 = false) by (apply Uint63.eqb_false_spec; exact Hxt).
    rewrite Ex in H1. exact H1.
  - assert (Ex : (x =? pawn_step c s)%uint63 = false) by (apply Uint63.eqb_false_spec; exact Hxm).
    assert (Ex' : (x =? pawn_step c (pawn_step c s))%uint63 = false)
      by (apply Uint63.eqb_false_spec; exact Hxt).
    rewrite Ex, Ex' in H2. exact H2.
Qed.

(** A pawn on its seventh rank is below no pawn of the other side: that
    pawn would stand on its own first rank. *)
Lemma promote_apart : forall c s x, In s all_squares -> In x all_squares ->
  (relative_rank c s =? 6)%uint63 = true -> apart c s x = true -> rank_ok x = false.
Proof.
  assert (H : forall c s x, In s all_squares -> In x all_squares ->
    negb ((relative_rank c s =? 6)%uint63 &&& apart c s x) ||| negb (rank_ok x) = true) by by_squares.
  intros c s x Hs Hx H6 Ha. specialize (H c s x Hs Hx). rewrite H6, Ha in H. cbn [negb andb orb] in H.
  apply negb_true_iff in H. exact H.
Qed.

(** ** The invariant is symmetric and kept by every step *)

Lemma entry_sq : forall Dm b c L T Z s g, ghostd Dm b c L T Z -> In (s, g) L -> In s all_squares.
Proof.
  intros Dm b c L T Z s g G Hin. apply (gh_sq G). apply (in_map fst) in Hin. exact Hin.
Qed.

Lemma ordered_sym : forall D1 D2 b c L T Z M U Y, ghostd D1 b c L T Z -> ghostd D2 b (opp c) M U Y ->
  ordered c L T Z M U Y -> ordered (opp c) M U Y L T Z.
Proof.
  intros D1 D2 b c L T Z M U Y GL GM H g HY HZ. destruct (H g HZ HY) as (H1 & H2 & H3 & H4).
  split; [|split; [|split]].
  - intros s x Hs Hx. rewrite <- apart_sym by eauto using entry_sq. exact (H1 x s Hx Hs).
  - intros s y Hs Hy. exact (H3 y s Hy Hs).
  - intros y x Hy Hx. exact (H2 x y Hx Hy).
  - intros y y' Hy Hy'. exact (H4 y' y Hy' Hy).
Qed.

(** The side to move [us] changes its ghost as [zkept] says, the other side
    only loses entries: the order is kept. *)
Lemma ordered_step : forall D1 D2 b us L T Z M U Y L' T' Z' M' U' Y',
  ghostd D1 b us L T Z -> ghostd D2 b (opp us) M U Y -> pawns_ok b ->
  ordered us L T Z M U Y ->
  zkept b us us L T Z L' T' Z' -> zkept b us (opp us) M U Y M' U' Y' ->
  ordered us L' T' Z' M' U' Y'.
Proof.
  intros D1 D2 b us L T Z M U Y L' T' Z' M' U' Y' GL GM Hpok H (HZ & HL & HT) (HY & HM & HU) g HgZ HgY.
  assert (HgZ0 := HZ g HgZ). assert (HgY0 := HY g HgY).
  destruct (H g HgZ0 HgY0) as (H1 & H2 & H3 & H4).
  assert (Mold : forall x, In (x, g) M' -> In (x, g) M).
  { intros x Hx. destruct (HM x g Hx HgY) as [Ho|(E & _)]; [exact Ho|exfalso; exact (opp_neq us E)]. }
  assert (Uold : forall y, In (y, g) U' -> In (y, g) U).
  { intros y Hy. destruct (HU y g Hy HgY) as [Ho|(E & _)]; [exact Ho|exfalso; exact (opp_neq us E)]. }
  (* What the other side's capture-free pawn of slot [g] is. *)
  assert (Hfacts : forall x, In (x, g) M -> In x all_squares /\ b x = Some (MkPiece (opp us) Pawn) /\
                                           fnat x = g /\ rank_ok x = true).
  { intros x Hx. assert (Hxs : In x all_squares) by exact (entry_sq _ _ _ _ _ _ x g GM Hx).
    assert (Hbx : b x = Some (MkPiece (opp us) Pawn)).
    { apply (gh_pawns GM x Hxs). apply (in_map fst) in Hx. exact Hx. }
    split; [exact Hxs|]. split; [exact Hbx|]. split; [exact (gh_zl GM x g Hx HgY0)|].
    exact (Hpok x (opp us) Hxs Hbx). }
  split; [|split; [|split]].
  - intros s' x Hs' Hx. apply Mold in Hx. destruct (Hfacts x Hx) as (Hxs & Hbx & Efx & Hrx).
    destruct (HL s' g Hs' HgZ) as [Ho|(_ & s & Hs & Hbt & Ht)]; [exact (H1 s' x Ho Hx)|].
    assert (Hss : In s all_squares) by exact (entry_sq _ _ _ _ _ _ s g GL Hs).
    assert (Efs : fnat s = g) by exact (gh_zl GL s g Hs HgZ0).
    apply (push_apart us s x s' Hss Hxs); [congruence|exact (H1 s x Hs Hx)|exact Hrx| |].
    + intros ->. congruence.
    + destruct Ht as [Ht|(Ht & Hbm)]; [left; exact Ht|right; split; [exact Ht|intros ->; congruence]].
  - intros s' y Hs' Hy. apply Uold in Hy.
    destruct (HL s' g Hs' HgZ) as [Ho|(_ & s & Hs & _)]; [exact (H2 s' y Ho Hy)|exact (H2 s y Hs Hy)].
  - intros y x Hy Hx. apply Mold in Hx. destruct (Hfacts x Hx) as (Hxs & _ & _ & Hrx).
    destruct (HT y g Hy HgZ) as [Ho|(_ & s & Hs & _ & H6)]; [exact (H3 y x Ho Hx)|].
    assert (Hss : In s all_squares) by exact (entry_sq _ _ _ _ _ _ s g GL Hs).
    pose proof (promote_apart us s x Hss Hxs H6 (H1 s x Hs Hx)) as E. congruence.
  - intros y y' Hy Hy'. apply Uold in Hy'.
    destruct (HT y g Hy HgZ) as [Ho|(_ & s & Hs & _)]; [exact (H4 y y' Ho Hy')|exact (H2 s y' Hs Hy')].
Qed.

(** ** Entries *)

Lemma pawn_step_inj : forall c x y, In x all_squares -> In y all_squares -> pawn_step c x = pawn_step c y -> x = y.
Proof.
  assert (H : forall c x y, In x all_squares -> In y all_squares ->
    negb (pawn_step c x =? pawn_step c y)%uint63 ||| (x =? y)%uint63 = true) by by_squares.
  intros c x y Hx Hy E. specialize (H c x y Hx Hy). rewrite E, Uint63.eqb_refl in H. cbn in H.
  apply Uint63.eqb_spec, H.
Qed.

Lemma step_back : forall c y, In y all_squares -> pawn_step c (pawn_step (opp c) y) = y.
Proof.
  assert (H : forall c, forallb (fun y => (pawn_step c (pawn_step (opp c) y) =? y)%uint63) all_squares = true)
    by (intros []; vm_compute; reflexivity).
  intros c y Hy. apply Uint63.eqb_spec, (forallb_in (H c) Hy).
Qed.

(** A pawn's square not on a back rank has a square in front of it. *)
Lemma pawn_step_sq : forall c y, In y all_squares -> rank_ok y = true -> In (pawn_step c y) all_squares.
Proof.
  assert (H : forall c, forallb (fun y => negb (rank_ok y) ||| inb (pawn_step c y) all_squares) all_squares = true)
    by (intros []; vm_compute; reflexivity).
  intros c y Hy Hr. specialize (H c). forallb_at H Hy. rewrite Hr in H.
  apply inb_iff, H.
Qed.

Definition third_ok (c : color) (y : int) : bool :=
  negb (rank_ok y) |||
  (negb (relative_rank c (pawn_step (opp c) (pawn_step (opp c) y)) =? 5)%uint63 &&&
   (negb (relative_rank c (pawn_step (opp c) y) =? 5)%uint63 |||
    ((relative_rank c y =? 6)%uint63 &&& Nat.eqb (fnat y) (fnat (pawn_step (opp c) y))))).

(** A pawn of the other side pushed onto its third rank came from its
    second, on the same file. *)
Lemma third_push : forall c x y, In y all_squares -> rank_ok y = true ->
  (relative_rank c x =? 5)%uint63 = true ->
  (x = pawn_step (opp c) y \/ x = pawn_step (opp c) (pawn_step (opp c) y)) ->
  (relative_rank c y =? 6)%uint63 = true /\ fnat y = fnat x.
Proof.
  assert (H : forall c, forallb (third_ok c) all_squares = true) by (intros []; vm_compute; reflexivity).
  intros c x y Hy Hr H5 Hxy. specialize (H c). forallb_at H Hy.
  unfold third_ok in H. rewrite Hr in H. cbn [negb orb] in H.
  destruct Hxy as [E|E]; subst x; rewrite H5 in H; cbn [negb orb andb] in H.
  - destruct (relative_rank c (pawn_step (opp c) (pawn_step (opp c) y)) =? 5)%uint63; cbn in H; [discriminate|].
    apply andb_true_iff in H. destruct H as [H2 H3]. split; [exact H2|apply Nat.eqb_eq, H3].
  - discriminate.
Qed.

(** The square in front of [x] on [c]'s sixth rank is [c]'s seventh-rank
    square of its file. *)
Lemma seventh_front : forall c x f, In x all_squares -> In f all_squares -> fnat x = fnat f ->
  (relative_rank c x =? 5)%uint63 = true -> (relative_rank c f =? 6)%uint63 = true -> pawn_step c x = f.
Proof.
  assert (H : forall c x f, In x all_squares -> In f all_squares ->
    negb (Nat.eqb (fnat x) (fnat f)) ||| negb (relative_rank c x =? 5)%uint63 |||
    negb (relative_rank c f =? 6)%uint63 ||| (pawn_step c x =? f)%uint63 = true) by by_squares.
  intros c x f Hx Hf E H5 H6. specialize (H c x f Hx Hf). rewrite E, Nat.eqb_refl, H5, H6 in H. cbn in H.
  apply Uint63.eqb_spec, H.
Qed.

(** A pawn move is a push or changes the file. *)
Lemma pawn_move_kind : forall G m G', legal_move G m G' -> inv G = true ->
  piece_at G (mv_from m) = Some (MkPiece (turn G) Pawn) ->
  pushed (piece_at G) (turn G) (mv_from m) (mv_to m) \/ fnat (mv_from m) <> fnat (mv_to m).
Proof.
  intros G m G' Hl Hi Hp. pose proof (ep_inv_of G Hi) as Hep.
  open_move Hl Hep Hps Hf Ht Hk.
  set (b := piece_at G) in *. set (us := turn G) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (Hpawn : man_moves b us Pawn f t -> pushed b us f t \/ fnat f <> fnat t).
  { intros [(E & Hbt)|[(_ & E & Hm & Hbt)|(Ha & _)]].
    - left. split; [exact Hbt|left; exact E].
    - left. split; [exact Hbt|right; split; assumption].
    - right. intros E. exact (attack_file us f t Hf Ht Ha E). }
  shape_inv Hk.
  - rewrite Hbf in Hp. injection Hp as ->. exact (Hpawn Hmm).
  - destruct Hps as (r0 & _ & _ & _ & _ & _ & Hmm). exact (Hpawn Hmm).
  - destruct Hps as (_ & _ & _ & Ha & _). right. intros E. exact (attack_file us f t Hf Ht Ha E).
  - rewrite Hbf in Hp. discriminate.
Qed.

Lemma initial_entered : forall c, entered c (initial_ghost c) [] (fun _ => []) (initial_ghost (opp c)) (seq 0 8).
Proof.
  intros c.
  assert (H : forallb (fun p => forallb (fun q => negb (behind c (fst p) (fst q)))
                (initial_ghost (opp c))) (initial_ghost c) = true) by (destruct c; vm_compute; reflexivity).
  split; [|intros y g x h []].
  intros s g x h Hs Hx _ Hb. exfalso. forallb_at H Hs. forallb_at H Hx. simpl in H. rewrite Hb in H. discriminate.
Qed.

(** A step keeps the entry facts, with the flags of [tint_step]. *)
Lemma entered_step : forall G m G' c D1 D2 L T Z M U Y L' T' M' U' Y' F,
  legal_move G m G' -> inv G = true ->
  ghostd D1 (piece_at G) c L T Z -> ghostd D2 (piece_at G) (opp c) M U Y ->
  entered c L T F M Y ->
  zkept (piece_at G) (turn G) (opp c) M U Y M' U' Y' ->
  gchange (piece_at G) (turn G) c (mv_from m) (mv_to m) L T L' T' ->
  entered c L' T' (fnext c (mv_from m) (mv_to m) L F) M' Y'.
Proof.
  intros G m G' c D1 D2 L T Z M U Y L' T' M' U' Y' F Hl Hi GL GM (HeL & HeT) (HY & HM & _) Hch.
  pose proof (pawns_ok_inv G Hi) as Hpok. pose proof (ep_inv_of G Hi) as Hep.
  pose proof (colour_step G m G' Hl Hi) as HC. cbv zeta in HC.
  destruct HC as ((r & Hbf) & _ & _ & _ & Hpawn).
  destruct (step_shape G m G' Hl Hep) as (Hf & Ht & _ & _).
  pose proof (pawn_move_kind G m G' Hl Hi) as Hkind.
  set (b := piece_at G) in *. set (us := turn G) in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (Hcol : c = us \/ c = opp us) by (destruct c, us; auto).
  assert (Hpw : forall s g, In (s, g) L -> b s = Some (MkPiece c Pawn) /\ In s all_squares).
  { intros s g Hin. assert (Hs : In s all_squares) by exact (entry_sq _ _ _ _ _ _ s g GL Hin).
    split; [|exact Hs]. apply (gh_pawns GL s Hs). apply (in_map fst) in Hin. exact Hin. }
  assert (Hmw : forall x h, In (x, h) M -> b x = Some (MkPiece (opp c) Pawn) /\ In x all_squares).
  { intros x h Hin. assert (Hx : In x all_squares) by exact (entry_sq _ _ _ _ _ _ x h GM Hin).
    split; [|exact Hx]. apply (gh_pawns GM x Hx). apply (in_map fst) in Hin. exact Hin. }
  (* The other side's capture-free pawns after the step: old ones, or
     (when it moved) one pushed straight ahead. *)
  assert (Hnew : forall x h, In (x, h) M' -> In h Y' ->
            (In (x, h) M /\ In h Y) \/
            (c = opp us /\ exists s0, In (s0, h) M /\ In h Y /\ pushed b (opp c) s0 x)).
  { intros x h Hx Hh. assert (Hh0 := HY h Hh).
    destruct (HM x h Hx Hh) as [Ho|(E & s0 & Hs0 & Hp)]; [left; split; assumption|].
    right. split; [destruct c, us; simpl in *; congruence|]. exists s0. split; [exact Hs0|]. split; assumption. }
  (* An entry of [c] is never just in front of a pawn the other side
     has just pushed. *)
  assert (Hpush_pawn : forall s x s0, b s = Some (MkPiece c Pawn) -> In s0 all_squares ->
            b s0 = Some (MkPiece (opp c) Pawn) -> pushed b (opp c) s0 x -> behind c s x = false).
  { intros s x s0 Hbs Hs0 Hb0 (_ & [E|(E & Hmid)]); apply Uint63.eqb_spec in E; subst x;
      unfold behind; apply Uint63.eqb_false_spec; intros E.
    - rewrite step_back in E by exact Hs0. subst s. rewrite Hbs in Hb0. injection Hb0 as E'. destruct c; discriminate.
    - rewrite step_back in E by (apply pawn_step_sq; [exact Hs0|exact (Hpok s0 _ Hs0 Hb0)]). subst s.
      rewrite Hmid in Hbs. discriminate. }
  assert (Hnone : (c = us -> b f <> Some (MkPiece c Pawn)) -> fnext c f t L F = F).
  { intros H. unfold fnext. rewrite slot_at_none; [reflexivity|]. intros g Hin. destruct (Hpw _ _ Hin) as [Hb _].
    destruct Hcol as [E|E]; [exact (H E Hb)|]. rewrite Hbf in Hb. injection Hb as E'. rewrite E in E'.
    destruct us; discriminate. }
  (* When [c] moved no pawn: its entries only go, its flags stay. *)
  assert (Hkeep : forall L0, incl L0 L -> (c = us -> b f <> Some (MkPiece c Pawn)) ->
            entered c L0 T (fnext c f t L F) M' Y').
  { intros L0 Hinc H. rewrite (Hnone H). split.
    - intros s g x h Hs Hx Hh Hb. destruct (Hnew x h Hx Hh) as [(Hx0 & Hh0)|(_ & s0 & Hs0 & Hh0 & Hp)].
      + exact (HeL s g x h (Hinc _ Hs) Hx0 Hh0 Hb).
      + destruct (Hmw s0 h Hs0) as [Hb0 Hs0q]. destruct (Hpw s g (Hinc _ Hs)) as [Hbs _].
        rewrite (Hpush_pawn s x s0 Hbs Hs0q Hb0 Hp) in Hb. discriminate.
    - intros y g x h Hy Hx Hh Ey H5. destruct (Hnew x h Hx Hh) as [(Hx0 & Hh0)|(_ & s0 & Hs0 & Hh0 & Hp)].
      + exact (HeT y g x h Hy Hx0 Hh0 Ey H5).
      + exfalso. destruct (Hmw s0 h Hs0) as [Hb0 Hs0q]. destruct Hp as (_ & Hxs).
        assert (Hxy : x = pawn_step (opp c) s0 \/ x = pawn_step (opp c) (pawn_step (opp c) s0))
          by (destruct Hxs as [E|(E & _)]; apply Uint63.eqb_spec in E; [left|right]; exact E).
        destruct (third_push c x s0 Hs0q (Hpok s0 _ Hs0q Hb0) H5 Hxy) as (H6 & Ef).
        destruct (gh_tok GL y g Hy) as (_ & Ho).
        exact (Ho s0 Hs0q (eq_trans Ef Ey) H6 Hb0). }
  destruct Hch as [Hnp|L0 Ec Hinc|L1 g L2 Ec EL|L1 g L2 Ec EL E6];
    [exact (Hkeep L (fun y H => H) Hnp)
    |apply Hkeep; [exact Hinc|]; intros E; rewrite E in Ec; destruct us; discriminate
    | | ].
  (* [c]'s pawn of slot [g] moved from [f] (to [t], or promoted): the
     other side's capture-free pawns are old ones, and the flags of the
     other slots do not change. *)
  all: subst c L;
    assert (Hold : forall x h, In (x, h) M' -> In h Y' -> In (x, h) M /\ In h Y)
      by (intros x h Hx Hh; destruct (Hnew x h Hx Hh) as [H|(E & _)]; [exact H|destruct us; discriminate]);
    assert (Hin : In (f, g) (L1 ++ (f, g) :: L2)) by (apply in_or_app; right; left; reflexivity);
    unfold fnext; rewrite (slot_at_in _ f g (gh_nd GL) Hin);
    destruct (slot_apart L1 L2 T f g (gh_slots GL)) as (HaL & HaT);
    destruct (Hpw f g Hin) as [Hbf' _].
  - (* to [t] *)
    split.
    + intros s g' x h Hs Hx Hh Hb. destruct (Hold x h Hx Hh) as (Hx0 & Hh0).
      apply in_app_or in Hs. destruct Hs as [Hs|[E|Hs]].
      * rewrite zin_upd_other by exact (HaL s g' (in_or_app _ _ _ (or_introl Hs))).
        apply (HeL s g' x h); [apply in_or_app; left; exact Hs|exact Hx0|exact Hh0|exact Hb].
      * injection E as <- <-. destruct (Hmw x h Hx0) as [Hbx Hxq].
        unfold behind in Hb. apply Uint63.eqb_spec in Hb.
        destruct (Hkind Hbf') as [(Hbt & [E|(E & Hmid)])|Hfile].
        -- exfalso. apply Uint63.eqb_spec in E. rewrite E in Hb.
           apply pawn_step_inj in Hb; [|exact Hxq|exact Hf]. subst x. rewrite Hbf' in Hbx.
           injection Hbx as E'. destruct us; discriminate.
        -- exfalso. apply Uint63.eqb_spec in E. rewrite E in Hb.
           apply pawn_step_inj in Hb; [|exact Hxq|exact (pawn_step_sq us f Hf (Hpok f us Hf Hbf'))].
           subst x. rewrite Hmid in Hbx. discriminate.
        -- right. unfold upd. rewrite (proj2 (Nat.eqb_neq _ _) Hfile), eqb_reflx. apply zin_cons_self.
      * rewrite zin_upd_other by exact (HaL s g' (in_or_app _ _ _ (or_intror Hs))).
        apply (HeL s g' x h); [apply in_or_app; right; right; exact Hs|exact Hx0|exact Hh0|exact Hb].
    + intros y g' x h Hy Hx Hh Ey H5. destruct (Hold x h Hx Hh) as (Hx0 & Hh0).
      rewrite zin_upd_other by exact (HaT y g' Hy). exact (HeT y g' x h Hy Hx0 Hh0 Ey H5).
  - (* promoted *)
    split.
    + intros s g' x h Hs Hx Hh Hb. destruct (Hold x h Hx Hh) as (Hx0 & Hh0).
      rewrite zin_upd_other by exact (HaL s g' Hs).
      apply (HeL s g' x h); [|exact Hx0|exact Hh0|exact Hb].
      apply in_app_or in Hs. apply in_or_app. simpl. tauto.
    + intros y g' x h [E|Hy] Hx Hh Ey H5; destruct (Hold x h Hx Hh) as (Hx0 & Hh0).
      * injection E as <- <-. destruct (Hmw x h Hx0) as [Hbx Hxq].
        assert (Hfs : pawn_step us x = f) by (apply seventh_front; auto).
        rewrite Hfs.
        assert (Hbh : behind us f x = true) by (unfold behind; rewrite Hfs; apply Uint63.eqb_refl).
        assert (Hor := HeL f g x h Hin Hx0 Hh0 Hbh).
        unfold upd. destruct (Nat.eqb_spec (fnat f) (fnat t)) as [Eft|Eft]; cbn [negb andb].
        -- destruct (pinned us f g) eqn:Ep.
           ++ rewrite eqb_reflx, (seventh_advance us f Hf E6). apply zin_cons_self.
           ++ destruct Hor as [Hor|Hor]; [discriminate|exact Hor].
        -- destruct (Hpawn Hbf') as (_ & _ & [E|(_ & El & _)]); [exfalso; apply Eft; symmetry; exact E|].
           rewrite El, eqb_reflx. apply zin_cons_self.
      * rewrite zin_upd_other by exact (HaT y g' Hy). exact (HeT y g' x h Hy Hx0 Hh0 Ey H5).
Qed.

(** The colour count of Coloursproof.v follows the ghost. *)
Lemma ghost_tint_step : forall G m G' Dm c L T Z L' T' Z' F, legal_move G m G' -> inv G = true ->
  ghostd Dm (piece_at G) c L T Z -> ghostd Dm (piece_at G') c L' T' Z' ->
  gchange (piece_at G) (turn G) c (mv_from m) (mv_to m) L T L' T' ->
  tint (piece_at G) c L T F -> tint (piece_at G') c L' T' (fnext c (mv_from m) (mv_to m) L F).
Proof.
  intros G m G' Dm c L T Z L' T' Z' F Hl Hi GL GL' Hch Ht.
  apply (tint_step G m G' Hl Hi c L T L' T' F); auto.
  - intros s g Hin. assert (Hs : In s all_squares) by exact (entry_sq _ _ _ _ _ _ s g GL Hin).
    apply (gh_pawns GL s Hs). apply (in_map fst) in Hin. exact Hin.
  - intros s g Hin. eapply Nat.le_trans; [|exact (gh_reach GL s g Hin)].
    apply zc_absd. intros E. apply zin_iff in E. exact (gh_zl GL s g Hin E).
  - exact (gh_nd GL).
  - exact (gh_slots GL).
  - eapply NoDup_map_inv. exact (gh_nd GL').
Qed.

(** Men only disappear (a promotion keeps the count). *)
Lemma men_step : forall G m G', legal_move G m G' -> ep_inv G = true ->
  forall c, cnt (piece_at G') c TMan <= cnt (piece_at G) c TMan.
Proof.
  intros G m G' Hl Hep c. destruct (count_step G m G' Hl Hep) as (Hopp & _ & _ & Hman & _).
  destruct c, (turn G) eqn:E; simpl in *; rewrite ?E in *; try lia; apply Hopp.
Qed.

Lemma initial_ordered : ordered White (initial_ghost White) [] (seq 0 8) (initial_ghost Black) [] (seq 0 8).
Proof.
  assert (H : forallb (fun p => forallb (fun q => negb (Nat.eqb (snd p) (snd q)) || apart White (fst p) (fst q))
                (initial_ghost Black)) (initial_ghost White) = true) by (vm_compute; reflexivity).
  intros g _ _. split; [|split; [|split]]; [|intros s y _ []|intros y x []|intros y y' []].
  intros s x Hs Hx. forallb_at H Hs. forallb_at H Hx. simpl in H. rewrite Nat.eqb_refl in H. exact H.
Qed.

(** The dead men of [c] with the cages [Ys]: the initial position's caged
    men of the other side less the board's (PawnCapturesproof.v). *)
Definition dm (Ys : list (role * PArray.array bool)) (c : color) (b : board_fn) : nat :=
  caged Ys (piece_at initial) c - caged Ys b c.

Theorem crossing_game : forall h G, game h G -> forall X cols tw tb Yw Yb,
  cages_ok X cols tw White Yw = true -> (forall s, cage_of Yw Pawn s = false) ->
  (forall s, cage_of Yw King s = false) ->
  cages_ok X cols tb Black Yb = true -> (forall s, cage_of Yb Pawn s = false) ->
  (forall s, cage_of Yb King s = false) ->
  closed_set (piece_at G) (fun s => X.[s]) ->
  (forall c r, cuts_ok (piece_at G) (fun s => X.[s]) (cut cols c r) c r) ->
  top_ok (piece_at G) White tw -> top_ok (piece_at G) Black tb ->
  crossing_inv (dm Yw White) (dm Yb Black) (piece_at G).
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst];
    intros X cols tw tb Yw Yb Okw Pw Kw Okb Pb Kb HX HK Htw Htb.
  - exists (initial_ghost White), [], (seq 0 8), (initial_ghost Black), [], (seq 0 8), (fun _ => []), (fun _ => []).
    split; [apply ghost_initial; [apply Nat.sub_diag|reflexivity|intros; reflexivity]|].
    split; [apply ghost_initial; [apply Nat.sub_diag|reflexivity|intros; reflexivity]|].
    split; [exact initial_ordered|]. split; [apply tint_initial|]. split; [apply tint_initial|].
    split; [exact (initial_entered White)|exact (initial_entered Black)].
  - destruct Hst as (Hl & _). apply legal_move_iff in Hl.
    pose proof (inv_game h G Hg) as Hi.
    pose proof (pawns_ok_inv G Hi) as Hpok. pose proof (ep_inv_of G Hi) as Hep.
    assert (HXG : closed_set (piece_at G) (fun s => X.[s])).
    { apply (closed_transfer (piece_at G')); [exact HX|].
      intros x Hx HXx. exact (frozen_step_keeps G G' m _ Hl Hi HX (ex_intro _ h Hg) x Hx HXx). }
    assert (HKo : forall c, forall r, cuts_ok (piece_at G') (fun s => X.[s]) (cut cols (opp c) r) (opp c) r)
      by (intros c r; apply HK).
    assert (HKG : forall c r, cuts_ok (piece_at G) (fun s => X.[s]) (cut cols c r) c r)
      by (intros c r; exact (cuts_back G m G' _ _ _ r Hl Hi (ex_intro _ h Hg) HX (HK c r))).
    destruct (IH X cols tw tb Yw Yb Okw Pw Kw Okb Pb Kb HXG HKG (top_back G G' m White Hl Hi tw Htw)
                (top_back G G' m Black Hl Hi tb Htb))
      as (L & T & Z & M & U & Y & Fw & Fb & GL & GM & Ho & Tw & Tb & Ew & Eb).
    destruct (dead_step X cols tw White Yw Okw Pw Kw G G' m Hl Hi (ex_intro _ h Hg) HX (HKo White) Htw)
      as (HDw1 & HDw2).
    destruct (dead_step X cols tb Black Yb Okb Pb Kb G G' m Hl Hi (ex_intro _ h Hg) HX (HKo Black) Htb)
      as (HDb1 & HDb2).
    assert (Hstep : forall Dm c L T Z, ghostd Dm (piece_at G) c L T Z ->
              cnt (piece_at G') (opp c) TMan + Dm (piece_at G') <= cnt (piece_at G) (opp c) TMan + Dm (piece_at G) ->
              (piece_at G (mv_from m) = Some (MkPiece c Pawn) -> Dm (piece_at G') <= Dm (piece_at G)) ->
              exists L' T' Z', ghostd Dm (piece_at G') c L' T' Z' /\
                               zkept (piece_at G) (turn G) c L T Z L' T' Z' /\
                               gchange (piece_at G) (turn G) c (mv_from m) (mv_to m) L T L' T').
    { intros Dm c L0 T0 Z0 G0 HD1 HD2. destruct (sealed_excess_step G m G' Hl Hi c) as (HS1 & HS2 & _).
      apply (ghost_step_kept G m G' Hl Hi c); auto. }
    destruct (Hstep _ White L T Z GL HDw1 HDw2) as (L' & T' & Z' & GL' & KL & CL).
    destruct (Hstep _ Black M U Y GM HDb1 HDb2) as (M' & U' & Y' & GM' & KM & CM).
    exists L', T', Z', M', U', Y', (fnext White (mv_from m) (mv_to m) L Fw), (fnext Black (mv_from m) (mv_to m) M Fb).
    split; [exact GL'|]. split; [exact GM'|]. split.
    { destruct (turn G) eqn:Et.
      + exact (ordered_step _ _ _ White _ _ _ _ _ _ _ _ _ _ _ _ GL GM Hpok Ho KL KM).
      + apply (ordered_sym _ _ (piece_at G') Black M' U' Y' L' T' Z' GM' GL').
        exact (ordered_step _ _ _ Black _ _ _ _ _ _ _ _ _ _ _ _ GM GL Hpok
                 (ordered_sym _ _ _ White _ _ _ _ _ _ GL GM Ho) KM KL). }
    split; [exact (ghost_tint_step G m G' _ White L T Z L' T' Z' Fw Hl Hi GL GL' CL Tw)|].
    split; [exact (ghost_tint_step G m G' _ Black M U Y M' U' Y' Fb Hl Hi GM GM' CM Tb)|].
    split; [exact (entered_step G m G' White _ _ L T Z M U Y L' T' M' U' Y' Fw Hl Hi GL GM Ew KM CL)|].
    exact (entered_step G m G' Black _ _ M U Y L T Z M' U' L' T' Z' Fb Hl Hi GM GL Eb KL CM).
Qed.

(** The cages of [dead]: those it computes when they check, none (no dead
    men) otherwise. *)
Definition dead_cages (b : board_fn) (c : color) : list (role * PArray.array bool) :=
  let X := frozen_set b in
  let cols := columns b X in
  let top := pawn_top b c in
  if cages_ok X cols top c (cages X cols top c) then cages X cols top c else [].

Lemma dead_cages_ok : forall b c,
  cages_ok (frozen_set b) (columns b (frozen_set b)) (pawn_top b c) c (dead_cages b c) = true /\
  (forall s, cage_of (dead_cages b c) Pawn s = false) /\ (forall s, cage_of (dead_cages b c) King s = false) /\
  dm (dead_cages b c) c b = dead b c.
Proof.
  intros b c. unfold dead_cages, dm. rewrite dead_unfold. cbv zeta.
  destruct (cages_ok _ _ _ c (cages _ _ _ c)) eqn:Hok.
  - split; [exact Hok|]. split; [intros; reflexivity|]. split; [intros; reflexivity|reflexivity].
  - split; [reflexivity|]. split; [intros; reflexivity|]. split; [intros; reflexivity|].
    rewrite !caged_nil. reflexivity.
Qed.

Theorem crossing_reachable : forall P, reachable P ->
  crossing_inv (dm (dead_cages (piece_at P) White) White) (dm (dead_cages (piece_at P) Black) Black) (piece_at P).
Proof.
  intros P (h & G & Hg & (Hb & _)).
  assert (Hext : forall s, In s all_squares -> piece_at G s = piece_at P s) by (intros s Hs; symmetry; apply Hb, Hs).
  set (X := frozen_set (piece_at P)).
  set (cols := columns (piece_at P) X).
  destruct (dead_cages_ok (piece_at P) White) as (Okw & Pw & Kw & _).
  destruct (dead_cages_ok (piece_at P) Black) as (Okb & Pb & Kb & _).
  assert (HX : closed_set (piece_at G) (fun s => X.[s])).
  { apply (closed_transfer (piece_at P)); [apply frozen_set_closed|]. intros s Hs _. apply Hext, Hs. }
  assert (HK : forall c r, cuts_ok (piece_at G) (fun s => X.[s]) (cut cols c r) c r)
    by (intros c r; apply (cuts_ok_ext (piece_at P)); [intros s Hs; symmetry; apply Hext, Hs|apply columns_ok]).
  assert (Htop : forall c, top_ok (piece_at G) c (pawn_top (piece_at P) c))
    by (intros c; apply (top_ok_ext (piece_at P)); [intros s Hs; symmetry; apply Hext, Hs|apply pawn_top_ok]).
  destruct (crossing_game h G Hg X cols _ _ _ _ Okw Pw Kw Okb Pb Kb HX HK (Htop White) (Htop Black))
    as (L & T & Z & M & U & Y & Fw & Fb & GL & GM & Ho & Tw & Tb & Ew & Eb).
  exists L, T, Z, M, U, Y, Fw, Fb.
  assert (HD : forall Ys c, dm Ys c (piece_at P) = dm Ys c (piece_at G))
    by (intros Ys c; unfold dm; rewrite (caged_ext _ (piece_at P) (piece_at G)); [reflexivity|];
        intros s Hs; symmetry; apply Hext, Hs).
  split; [|split; [|split; [exact Ho|]]].
  - apply (ghost_ext (piece_at G) (piece_at P));
      [exact Hext|exact (HD _ _)|exact (eq_sym (sealed_excess_ext _ _ White Hext))|reflexivity|exact GL].
  - apply (ghost_ext (piece_at G) (piece_at P));
      [exact Hext|exact (HD _ _)|exact (eq_sym (sealed_excess_ext _ _ Black Hext))|reflexivity|exact GM].
  - split; [exact (tint_ext _ _ _ _ _ _ Hext Tw)|]. split; [exact (tint_ext _ _ _ _ _ _ Hext Tb)|].
    split; assumption.
Qed.

(** ** The computation is bounded by the ghosts *)

Lemma anyb_exists : forall A (p : A -> bool) l, anyb p l = true <-> exists x, In x l /\ p x = true.
Proof.
  intros A p l; induction l as [|x l IH]; simpl.
  - split; [discriminate|intros (y & [] & _)].
  - destruct (p x) eqn:E.
    + split; [intros _; exists x; auto|reflexivity].
    + rewrite IH. split.
      * intros (y & Hy & Hp). exists y. auto.
      * intros (y & [<-|Hy] & Hp); [congruence|exists y; auto].
Qed.

(** The cost of men placed in slots: each man's cost at its slot. *)
Notation psum := (wsum (fun p : (nat -> nat) * nat => fst p (snd p))).

Lemma fitsk_complete : forall ps free budget k, NoDup (map snd ps) -> incl (map snd ps) free ->
  psum ps <= budget ->
  (forall free', (forall h, In h free' <-> In h free /\ ~ In h (map snd ps)) -> k free' (budget - psum ps) = true) ->
  fitsk (map fst ps) free budget k = true.
Proof.
  intros ps; induction ps as [|[f g] ps IH]; intros free budget k Hnd Hinc Hs Hk; simpl in *.
  - rewrite <- (Nat.sub_0_r budget). apply Hk. intros h. tauto.
  - apply anyb_exists. exists g. split; [apply Hinc; left; reflexivity|].
    assert (E : Nat.leb (f g) budget = true) by (apply Nat.leb_le; lia). rewrite E.
    inversion Hnd as [|? ? Hn Hnd']. apply IH; [exact Hnd'| |lia|].
    + intros h Hh. apply drop_in. split; [apply Hinc; right; exact Hh|intros ->; contradiction].
    + intros free' Hf. replace (budget - f g - psum ps) with (budget - (f g + psum ps)) by lia.
      apply Hk. intros h. rewrite Hf, drop_in. simpl. intuition.
Qed.

Lemma choose_complete : forall f free Sl t budget, NoDup Sl -> incl Sl free -> length Sl = t ->
  wsum f Sl <= budget -> choose f t free budget = true.
Proof.
  intros f free; induction free as [|g free IH]; intros Sl t budget Hnd Hinc Hlen Hs.
  - destruct Sl as [|x Sl]; [simpl in Hlen; subst t; reflexivity|].
    exfalso. apply (Hinc x). left. reflexivity.
  - destruct t as [|t']; [reflexivity|]. simpl.
    destruct (in_dec Nat.eq_dec g Sl) as [Hg|Hg].
    + apply in_split in Hg. destruct Hg as (S1 & S2 & ->). rewrite wsum_mid in Hs.
      assert (E : Nat.leb (f g) budget = true) by (apply Nat.leb_le; lia). rewrite E.
      rewrite (IH (S1 ++ S2) t' (budget - f g)); [reflexivity|apply (NoDup_remove_1 _ _ _ Hnd)| |
        rewrite app_length in *; simpl in Hlen; lia|lia].
      intros h Hh. assert (Hne : h <> g) by (intros ->; exact (NoDup_remove_2 _ _ _ Hnd Hh)).
      assert (Hin : In h (g :: free)).
      { apply Hinc. apply in_app_or in Hh. apply in_or_app. simpl. tauto. }
      destruct Hin as [->|Hin]; [congruence|exact Hin].
    + rewrite (IH Sl (S t') budget Hnd); [destruct (if Nat.leb (f g) budget then _ else false); reflexivity| |exact Hlen|exact Hs].
      intros h Hh. destruct (Hinc h Hh) as [->|Hin]; [contradiction|exact Hin].
Qed.

Lemma psum_map : forall (h : int -> nat -> nat) (k : int -> nat) l,
  psum (map (fun s => (h s, k s)) l) = wsum (fun s => h s (k s)) l.
Proof. intros h k l. rewrite wsum_map. reflexivity. Qed.

(** The slot of the pawn on [s] in [L] (Coloursproof.v's [slot_at]), 0
    when there is none. *)
Definition slot_of (L : list (int * nat)) (s : int) : nat :=
  match slot_at L s with Some g => g | None => 0 end.

Lemma slot_of_in : forall L s g, NoDup (map fst L) -> In (s, g) L -> slot_of L s = g.
Proof. intros L s g Hnd Hin. unfold slot_of. rewrite (slot_at_in L s g Hnd Hin). reflexivity. Qed.

Lemma sum_slots : forall (h : int -> nat -> nat) (k : int * nat -> nat) L0 L, NoDup (map fst L) ->
  incl L0 L -> (forall s g, In (s, g) L0 -> h s g <= k (s, g)) ->
  wsum (fun s => h s (slot_of L s)) (map fst L0) <= wsum k L0.
Proof.
  intros h k L0 L Hnd Hinc Hle. rewrite wsum_map. apply wsum_le. intros [s g] Hin. cbn [fst].
  rewrite (slot_of_in L s g Hnd (Hinc _ Hin)). exact (Hle s g Hin).
Qed.

Lemma map_const : forall A B (x : B) (l : list A), map (fun _ => x) l = repeat x (length l).
Proof. intros A B x l; induction l; simpl; congruence. Qed.

Lemma file_cost_le : forall A s g z, (z = true -> fnat s = g /\ inb s (fst (A g)) = true) ->
  file_cost A s g <= zc (fnat s) g z.
Proof.
  intros A s g [|] H; unfold file_cost, zc, own.
  - destruct (H eq_refl) as [E I]. rewrite E, Nat.eqb_refl, I. lia.
  - destruct (Nat.eqb (fnat s) g); [destruct (inb s (fst (A g))); lia|lia].
Qed.

Lemma pawn_cost_le : forall c A s g z, (z = true -> fnat s = g /\ inb s (fst (A g)) = true) ->
  zc (fnat s) g z <= advance c s -> pawn_cost c A s g <= zc (fnat s) g z.
Proof.
  intros c A s g z H Ha. pose proof (file_cost_le A s g z H) as Hf. unfold pawn_cost. cbv zeta.
  replace (Nat.leb (file_cost A s g) (advance c s)) with true by (symmetry; apply Nat.leb_le; lia).
  exact Hf.
Qed.

Lemma token_cost_le : forall bl A x g z, In x (seq 0 8) -> file_open bl x = true ->
  (z = true -> x = g /\ snd (A g) = true) -> token_cost bl A g <= zc x g z.
Proof.
  intros bl A x g z Hx Ho Hz.
  assert (H : token_cost bl A g <= (if Nat.eqb x g then own (snd (A g)) else absd x g)).
  { unfold token_cost. induction (seq 0 8) as [|y l IH]; [destruct Hx|]. simpl.
    destruct Hx as [<-|Hx].
    - rewrite Ho. apply Nat.le_min_l.
    - destruct (file_open bl y); [|exact (IH Hx)]. specialize (IH Hx). lia. }
  eapply Nat.le_trans; [exact H|]. unfold zc, own. destruct z.
  - destruct (Hz eq_refl) as [-> ->]. rewrite Nat.eqb_refl. lia.
  - destruct (Nat.eqb x g); [destruct (snd (A g)); lia|lia].
Qed.

(** What [A] allows at slot [g] covers the capture-free men of the slot:
    its pawns [L] and its promoted men [T'] counted by the rule. *)
Definition covers (L : list (int * nat)) (T' : list (nat * nat)) (Z : list nat) (g : nat)
    (z : list int * bool) : Prop :=
  (forall s, In (s, g) L -> In g Z -> inb s (fst z) = true) /\
  (forall x, In (x, g) T' -> In g Z -> snd z = true).

(** The slots of the men [side_fits] and [side_colours] assign: the
    ghost's pawns, taken in the order of [ps], and its first
    [sealed_excess] promoted men. *)
Lemma slots_perm : forall A (h : int -> A) L ps, NoDup (map fst L) -> Permutation (map fst L) ps ->
  Permutation (map snd (map (fun s => (h s, slot_of L s)) ps)) (map snd L).
Proof.
  intros A h L ps Hnd Hperm. rewrite map_map. simpl.
  transitivity (map (slot_of L) (map fst L)); [apply Permutation_map, Permutation_sym, Hperm|].
  rewrite map_map. apply Permutation_refl'. apply map_ext_in. intros [s g] Hin. simpl.
  apply slot_of_in; assumption.
Qed.

Lemma ghost_tokens : forall Dm b c L T Z, ghostd Dm b c L T Z ->
  length (firstn (sealed_excess b c) T) = sealed_excess b c /\
  NoDup (map snd L ++ map snd (firstn (sealed_excess b c) T)) /\
  (forall g, In g (map snd L ++ map snd (firstn (sealed_excess b c) T)) -> g < 8).
Proof.
  intros Dm b c L T Z G. set (t := sealed_excess b c). set (T' := firstn t T).
  split; [apply firstn_length_le, (gh_region G)|]. split.
  - pose proof (gh_slots G) as Hnd. unfold T'. rewrite <- (firstn_skipn t T) in Hnd.
    rewrite map_app, app_assoc in Hnd. apply nodup_app_l in Hnd. exact Hnd.
  - intros g Hg. apply (gh_small G). apply in_app_or in Hg. apply in_or_app.
    destruct Hg as [Hg|Hg]; [left; exact Hg|right].
    apply in_map_iff in Hg. destruct Hg as (e & <- & He). apply in_map, (in_firstn _ t), He.
Qed.

Lemma side_fits : forall Dm b c L T Z A, ghostd Dm b c L T Z ->
  (forall g, covers L (firstn (sealed_excess b c) T) Z g (A g)) -> fits (Dm b) b c A = true.
Proof.
  intros Dm b c L T Z A G Hc. unfold fits. rewrite sealed_promoted_eq, men_count_cnt.
  destruct (ghost_tokens _ _ _ _ _ _ G) as (HlenT & HndT & Hsmall).
  set (ps := pawn_sqs b c). set (t := sealed_excess b c) in *. set (tk := token_cost (blocked_files b c) A).
  set (T' := firstn t T) in *.
  assert (Hperm : Permutation (map fst L) ps) by exact (pawns_perm G).
  assert (Hnd1 : NoDup (map fst L)) by exact (gh_nd G).
  set (pp := map (fun s => (pawn_cost c A s, slot_of L s)) ps).
  assert (Hitems : map (pawn_cost c A) ps = map fst pp) by (unfold pp; rewrite map_map; reflexivity).
  rewrite Hitems.
  assert (Hslots : Permutation (map snd pp) (map snd L)) by exact (slots_perm _ _ L ps Hnd1 Hperm).
  pose proof (gh_cost G) as Hcost. rewrite zcost_split in Hcost.
  assert (Hpawns : psum pp <= zlc Z L).
  { unfold pp. rewrite psum_map, <- (wsum_perm _ _ _ Hperm). unfold zlc.
    apply (sum_slots (fun s g => pawn_cost c A s g) (fun e => zc (fnat (fst e)) (snd e) (zin (snd e) Z))
             L L Hnd1 (fun e H => H)).
    intros s g Hin. apply pawn_cost_le; [|exact (gh_reach G s g Hin)].
    intros Ez. apply zin_iff in Ez. split.
    - exact (gh_zl G s g Hin Ez).
    - exact (proj1 (Hc g) s Hin Ez). }
  assert (Htok : wsum tk (map snd T') <= ztc Z T).
  { eapply Nat.le_trans; [|apply (wsum_firstn _ t T)].
    rewrite wsum_map. apply wsum_le. intros [x g] Hin. cbn [fst snd].
    assert (HinT : In (x, g) T) by (apply (in_firstn _ t), Hin).
    destruct (gh_tok G x g HinT) as [Hx Ho].
    apply token_cost_le; [apply in_seq; lia|apply open_file, Ho|].
    intros Ez. apply zin_iff in Ez. split; [exact (gh_zt G x g HinT Ez)|].
    exact (proj2 (Hc g) x Hin Ez). }
  apply fitsk_complete.
  - exact (Permutation_NoDup (Permutation_sym Hslots) (nodup_app_l _ _ _ HndT)).
  - intros g Hg. apply (Permutation_in _ Hslots) in Hg. apply in_seq.
    enough (g < 8) by lia. apply Hsmall, in_or_app. left. exact Hg.
  - lia.
  - intros free' Hf. apply (choose_complete tk free' (map snd T') t).
    + exact (nodup_app_r _ _ _ HndT).
    + intros g Hg. apply Hf. split.
      * apply in_seq. enough (g < 8) by lia. apply Hsmall, in_or_app. right. exact Hg.
      * intros Hp. apply (Permutation_in _ Hslots) in Hp.
        exact (nodup_app_disj _ _ _ _ HndT Hp Hg).
    + rewrite map_length. exact HlenT.
    + lia.
Qed.

(** ** The colour count is bounded by the ghosts *)

(** [unfold] of [forced] and [without] makes [Qed] hang in the kernel (as
    with [crossing_refutes]): equations proven by [reflexivity], used by
    [rewrite]. *)
Lemma forced_unfold : forall d b c A,
  forced d b c A = filter (fun x => relevant b (opp c) x &&& negb (fits d b c (without A x))) (pawn_sqs b c).
Proof. reflexivity. Qed.

Lemma without_at : forall A x g, without A x g =
  if Nat.eqb g (fnat x) then (filter (fun s => negb (s =? x)%uint63) (fst (A (fnat x))), snd (A (fnat x)))
  else A g.
Proof. reflexivity. Qed.

(** A pawn without which [c] does not fit is capture-free in its ghost. *)
Lemma forced_free : forall Dm b c L T Z A x, ghostd Dm b c L T Z ->
  (forall g, covers L (firstn (sealed_excess b c) T) Z g (A g)) ->
  In x (forced (Dm b) b c A) -> In (x, fnat x) L /\ In (fnat x) Z.
Proof.
  intros Dm b c L T Z A x G Hc Hx. rewrite forced_unfold in Hx. apply filter_In in Hx. destruct Hx as [_ Hf].
  destruct (relevant b (opp c) x); [|discriminate].
  destruct (existsb (fun e => ((fst e =? x)%uint63 && Nat.eqb (snd e) (fnat x))) L && zin (fnat x) Z) eqn:E.
  - apply andb_true_iff in E. destruct E as [E1 E2]. apply existsb_exists in E1.
    destruct E1 as ([s g] & Hin & E). apply andb_true_iff in E. destruct E as [E3 E4].
    apply Uint63.eqb_spec in E3. apply Nat.eqb_eq in E4. simpl in E3, E4. subst s g.
    split; [exact Hin|apply zin_iff, E2].
  - exfalso. apply negb_true_iff in Hf. rewrite (side_fits _ _ _ _ _ _ _ G) in Hf; [discriminate|].
    intros g. rewrite without_at. destruct (Nat.eqb_spec g (fnat x)) as [->|Hne]; [|apply Hc].
    destruct (Hc (fnat x)) as [H1 H2]. split; [|exact H2].
    intros s Hs Hz. apply inb_iff, filter_In. split; [apply inb_iff, (H1 s Hs Hz)|].
    apply negb_true_iff, Uint63.eqb_false_spec. intros ->.
    rewrite (proj2 (zin_iff _ _) Hz), andb_true_r in E. apply not_true_iff_false in E. apply E.
    apply existsb_exists. exists (x, fnat x). split; [exact Hs|]. simpl. rewrite Uint63.eqb_refl, Nat.eqb_refl.
    reflexivity.
Qed.

Definition t0 (v : triple) : nat := let '(x, _, _) := v in x.
Definition t1 (v : triple) : nat := let '(_, y, _) := v in y.
Definition t2 (v : triple) : nat := let '(_, _, z) := v in z.

Notation psum3 p := (wsum (fun q : (nat -> triple) * nat => p (fst q (snd q)))).

Lemma within_true : forall v b0 b1 b2, t0 v <= b0 -> t1 v <= b1 -> t2 v <= b2 -> within v b0 b1 b2 = true.
Proof.
  intros [[x y] z] b0 b1 b2 H0 H1 H2. simpl in *. unfold within.
  rewrite (proj2 (Nat.leb_le _ _) H0), (proj2 (Nat.leb_le _ _) H1), (proj2 (Nat.leb_le _ _) H2). reflexivity.
Qed.

Lemma fitc_complete : forall ps free b0 b1 b2 k, NoDup (map snd ps) -> incl (map snd ps) free ->
  psum3 t0 ps <= b0 -> psum3 t1 ps <= b1 -> psum3 t2 ps <= b2 ->
  (forall free', (forall h, In h free' <-> In h free /\ ~ In h (map snd ps)) ->
     k free' (b0 - psum3 t0 ps) (b1 - psum3 t1 ps) (b2 - psum3 t2 ps) = true) ->
  fitc (map fst ps) free b0 b1 b2 k = true.
Proof.
  intros ps; induction ps as [|[f g] ps IH]; intros free b0 b1 b2 k Hnd Hinc H0 H1 H2 Hk.
  - cbn [map fitc]. rewrite <- (Nat.sub_0_r b0), <- (Nat.sub_0_r b1), <- (Nat.sub_0_r b2). apply Hk.
    intros h. simpl. tauto.
  - cbn [map fst fitc]. cbn [wsum fst snd map] in H0, H1, H2, Hnd, Hinc, Hk.
    apply anyb_exists. exists g. split; [apply Hinc; left; reflexivity|].
    destruct (f g) as [[x y] z] eqn:Ef. cbn [t0 t1 t2] in H0, H1, H2. cbn beta iota.
    rewrite within_true by (simpl; lia).
    inversion Hnd as [|? ? Hn Hnd'].
    apply IH; [exact Hnd'| |lia|lia|lia|].
    + intros h Hh. apply drop_in. split; [apply Hinc; right; exact Hh|intros ->; contradiction].
    + intros free' Hf.
      replace (b0 - x - psum3 t0 ps) with (b0 - (x + psum3 t0 ps)) by lia.
      replace (b1 - y - psum3 t1 ps) with (b1 - (y + psum3 t1 ps)) by lia.
      replace (b2 - z - psum3 t2 ps) with (b2 - (z + psum3 t2 ps)) by lia.
      apply Hk. intros h. rewrite Hf, drop_in. simpl. intuition.
Qed.

Notation osum p o := (wsum (fun g => p (o g))).

Lemma choosec_complete : forall opts o free Sl t b0 b1 b2, NoDup Sl -> incl Sl free -> length Sl = t ->
  (forall g, In g Sl -> In (o g) (opts g)) ->
  osum t0 o Sl <= b0 -> osum t1 o Sl <= b1 -> osum t2 o Sl <= b2 -> choosec opts t free b0 b1 b2 = true.
Proof.
  intros opts o free; induction free as [|g free IH]; intros Sl t b0 b1 b2 Hnd Hinc Hlen Ho H0 H1 H2.
  - destruct Sl as [|x Sl]; [simpl in Hlen; subst t; reflexivity|].
    exfalso. apply (Hinc x). left. reflexivity.
  - destruct t as [|t']; [reflexivity|]. cbn [choosec].
    destruct (in_dec Nat.eq_dec g Sl) as [Hg|Hg].
    + assert (Hog := Ho g Hg).
      apply in_split in Hg. destruct Hg as (S1 & S2 & ->). rewrite wsum_mid in H0, H1, H2.
      enough (E : anyb (fun v => let '(x, y, z) := v in
                     if within (x, y, z) b0 b1 b2 then choosec opts t' free (b0 - x) (b1 - y) (b2 - z)
                     else false) (opts g) = true) by (rewrite E; reflexivity).
      apply anyb_exists. exists (o g). split; [exact Hog|].
      destruct (o g) as [[x y] z] eqn:Eo. cbn [t0 t1 t2] in H0, H1, H2. cbn beta iota.
      rewrite within_true by (simpl; lia).
      apply (IH (S1 ++ S2)); [apply (NoDup_remove_1 _ _ _ Hnd)| |rewrite app_length in *; simpl in Hlen; lia| | | |].
      * intros h Hh. assert (Hne : h <> g) by (intros ->; exact (NoDup_remove_2 _ _ _ Hnd Hh)).
        assert (Hin : In h (g :: free)) by (apply Hinc; apply in_app_or in Hh; apply in_or_app; simpl; tauto).
        destruct Hin as [->|Hin]; [congruence|exact Hin].
      * intros h Hh. apply Ho. apply in_app_or in Hh. apply in_or_app. simpl. tauto.
      * lia.
      * lia.
      * lia.
    + rewrite (IH Sl (S t') b0 b1 b2 Hnd); [destruct (anyb _ _); reflexivity| |exact Hlen|exact Ho|exact H0|exact H1|exact H2].
      intros h Hh. destruct (Hinc h Hh) as [->|Hin]; [contradiction|exact Hin].
Qed.

(** The file a promoted man of slot [g] came from, in [T]. *)
Definition file_of (T : list (nat * nat)) (g : nat) : nat :=
  match find (fun e => Nat.eqb (snd e) g) T with Some e => fst e | None => 0 end.

Lemma file_of_in : forall T x g, NoDup (map snd T) -> In (x, g) T -> file_of T g = x.
Proof.
  intros T x g; induction T as [|[x' g'] T IH]; intros Hnd Hin; [destruct Hin|].
  unfold file_of. simpl. inversion Hnd as [|? ? Hn Hnd']. destruct Hin as [E|Hin].
  - injection E as -> ->. rewrite Nat.eqb_refl. reflexivity.
  - destruct (Nat.eqb_spec g' g) as [->|_].
    + exfalso. apply Hn. apply (in_map snd) in Hin. exact Hin.
    + apply IH; assumption.
Qed.

(** A promoted man's option for its own file costs at most its [zc]. *)
Lemma option_cost_le : forall (A : allowed) (x g : nat) (z : bool), (z = true -> x = g /\ snd (A g) = true) ->
  (if Nat.eqb x g then own (snd (A g)) else absd x g) <= zc x g z.
Proof.
  intros A x g [|] H; unfold zc, own.
  - destruct (H eq_refl) as [-> ->]. rewrite Nat.eqb_refl. lia.
  - destruct (Nat.eqb x g); [destruct (snd (A g)); lia|lia].
Qed.

Lemma pawn_lb_le : forall c F Fl L T M Y s g k, entered c L T Fl M Y ->
  (forall x, In x F -> exists h, In (x, h) M /\ In h Y) -> In (s, g) L ->
  pawn_lb c F s g k <= pcount c Fl k s g.
Proof.
  intros c F Fl L T M Y s g k (HeL & _) HF Hin. unfold pawn_lb, pcount.
  destruct (Bool.eqb_spec (light s) k) as [Ek|_]; [|lia].
  destruct (pinned c s g) eqn:Ep; [lia|].
  destruct (existsb (behind c s) F) eqn:Eb; [|lia].
  apply existsb_exists in Eb. destruct Eb as (x & Hx & Hb). destruct (HF x Hx) as (h & Hxh & Hh).
  destruct (HeL s g x h Hin Hxh Hh Hb) as [E|E]; [congruence|]. unfold flag. rewrite <- Ek, E. lia.
Qed.

Lemma token_lb_le : forall c F Fl L T M Y x g k, entered c L T Fl M Y ->
  (forall x, In x F -> exists h, In (x, h) M /\ In h Y) -> In (x, g) T ->
  token_lb c F x k <= flag Fl k g.
Proof.
  intros c F Fl L T M Y x g k (_ & HeT) HF Hin. unfold token_lb.
  destruct (existsb _ F) eqn:Eb; [|lia].
  apply existsb_exists in Eb. destruct Eb as (y & Hy & E).
  apply andb_true_iff in E. destruct E as [E E3]. apply andb_true_iff in E. destruct E as [E1 E2].
  apply Nat.eqb_eq in E1. apply Bool.eqb_prop in E3. destruct (HF y Hy) as (h & Hyh & Hh).
  pose proof (HeT x g y h Hin Hyh Hh E1 E2) as Hz. unfold flag. rewrite <- E3, Hz. lia.
Qed.

Lemma colour_fits_unfold : forall d b c A F, colour_fits d b c A F =
  fitc (map (fun s g => (pawn_cost c A s g, pawn_lb c F s g true, pawn_lb c F s g false)) (pawn_sqs b c))
       (seq 0 8) (16 - men_count (census_of (Material.men b) (opp c)) - d)
       (16 - men_count (census_of (Material.men b) (opp c)) - lost b c true)
       (16 - men_count (census_of (Material.men b) (opp c)) - lost b c false)
       (fun free b0 b1 b2 => choosec (token_opts c (blocked_files b c) A F)
                               (sealed_promoted b c) free b0 b1 b2).
Proof. reflexivity. Qed.

Lemma psum3_map : forall (p : triple -> nat) (h : int -> nat -> triple) (k : int -> nat) l,
  psum3 p (map (fun s => (h s, k s)) l) = wsum (fun s => p (h s (k s))) l.
Proof. intros p h k l. rewrite wsum_map. reflexivity. Qed.

(** Each side's ghost is an assignment [colour_fits] looks for: its
    pawns' and promoted men's captures fit the budget as in [side_fits],
    and their counts by colour ([pawn_lb], [token_lb], at most the counts
    of [tint] by the entry facts) fit the other side's men lost on each
    colour. *)
Lemma side_colours : forall Dm b c L T Z A Fl M Y F, ghostd Dm b c L T Z -> tint b c L T Fl ->
  entered c L T Fl M Y -> (forall x, In x F -> exists h, In (x, h) M /\ In h Y) ->
  (forall g, covers L (firstn (sealed_excess b c) T) Z g (A g)) -> colour_fits (Dm b) b c A F = true.
Proof.
  intros Dm b c L T Z A Fl M Y F G Ht He HF Hc. rewrite colour_fits_unfold, sealed_promoted_eq, men_count_cnt.
  destruct (ghost_tokens _ _ _ _ _ _ G) as (HlenT & HndT & Hsmall).
  set (ps := pawn_sqs b c). set (t := sealed_excess b c) in *. set (T' := firstn t T) in *.
  assert (Hperm : Permutation (map fst L) ps) by exact (pawns_perm G).
  assert (Hnd1 : NoDup (map fst L)) by exact (gh_nd G).
  set (h := fun s g => (pawn_cost c A s g, pawn_lb c F s g true, pawn_lb c F s g false)).
  set (pp := map (fun s => (h s, slot_of L s)) ps).
  assert (Hitems : map h ps = map fst pp)
    by (unfold pp; rewrite map_map; reflexivity).
  rewrite Hitems.
  assert (Hslots : Permutation (map snd pp) (map snd L)) by exact (slots_perm _ _ L ps Hnd1 Hperm).
  pose proof (gh_cost G) as Hcost. rewrite zcost_split in Hcost.
  (* the pawns *)
  assert (Hp0 : psum3 t0 pp <= zlc Z L).
  { unfold pp. rewrite psum3_map, <- (wsum_perm _ _ _ Hperm). unfold zlc.
    apply (sum_slots (fun s g => t0 (h s g)) (fun e => zc (fnat (fst e)) (snd e) (zin (snd e) Z))
             L L Hnd1 (fun e H => H)).
    intros s g Hin. apply pawn_cost_le; [|exact (gh_reach G s g Hin)].
    intros Ez. apply zin_iff in Ez. split.
    - exact (gh_zl G s g Hin Ez).
    - exact (proj1 (Hc g) s Hin Ez). }
  assert (Hpk : forall k : bool, psum3 (if k then t1 else t2) pp <= lsum c Fl k L).
  { intros k. unfold pp. rewrite psum3_map, <- (wsum_perm _ _ _ Hperm). unfold lsum.
    apply (sum_slots (fun s g => (if k then t1 else t2) (h s g)) (fun e : int * nat => pcount c Fl k (fst e) (snd e))
             L L Hnd1 (fun e H => H)).
    intros s g Hin. destruct k; simpl; exact (pawn_lb_le c F Fl L T M Y s g _ He HF Hin). }
  (* the promoted men *)
  set (Sl := map snd T').
  assert (HndS : NoDup Sl) by exact (nodup_app_r _ _ _ HndT).
  assert (HfT : forall x g, In (x, g) T' -> file_of T' g = x) by (intros x g Hin; apply file_of_in; assumption).
  set (o := fun g => let x := file_of T' g in
              ((if Nat.eqb x g then own (snd (A g)) else absd x g), token_lb c F x true, token_lb c F x false)).
  (* each promoted man's option costs at most its [zc], and counts at
     most its flags *)
  assert (Hpt : forall x g, In (x, g) T' ->
     t0 (o g) <= zc x g (zin g Z) /\ t1 (o g) <= flag Fl true g /\ t2 (o g) <= flag Fl false g).
  { intros x g Hin. assert (HinT : In (x, g) T) by (apply (in_firstn _ t), Hin).
    unfold o. cbv zeta. rewrite (HfT x g Hin). cbn [t0 t1 t2].
    pose proof (option_cost_le A x g (zin g Z)) as Hle.
    assert (Hz : zin g Z = true -> x = g /\ snd (A g) = true).
    { intros Ez. apply zin_iff in Ez. split; [exact (gh_zt G x g HinT Ez)|].
      exact (proj2 (Hc g) x Hin Ez). }
    specialize (Hle Hz).
    pose proof (token_lb_le c F Fl L T M Y x g true He HF HinT).
    pose proof (token_lb_le c F Fl L T M Y x g false He HF HinT). lia. }
  assert (S0 : osum t0 o Sl <= ztc Z T')
    by (unfold Sl; rewrite wsum_map; apply wsum_le; intros [x g] Hin; exact (proj1 (Hpt x g Hin))).
  assert (S1 : osum t1 o Sl <= tsum Fl true T')
    by (unfold Sl; rewrite wsum_map; apply wsum_le; intros [x g] Hin; exact (proj1 (proj2 (Hpt x g Hin)))).
  assert (S2 : osum t2 o Sl <= tsum Fl false T')
    by (unfold Sl; rewrite wsum_map; apply wsum_le; intros [x g] Hin; exact (proj2 (proj2 (Hpt x g Hin)))).
  assert (Htz : ztc Z T' <= ztc Z T).
  { apply wsum_firstn. }
  assert (Htk : forall k, tsum Fl k T' <= tsum Fl k T).
  { intros k. apply wsum_firstn. }
  pose proof (Ht true) as Ht1. pose proof (Ht false) as Ht2. rewrite csum_split in Ht1, Ht2.
  pose proof (Hpk true) as Hp1. pose proof (Hpk false) as Hp2. cbn beta iota in Hp1, Hp2.
  pose proof (Htk true). pose proof (Htk false).
  apply fitc_complete.
  - exact (Permutation_NoDup (Permutation_sym Hslots) (nodup_app_l _ _ _ HndT)).
  - intros g Hg. apply (Permutation_in _ Hslots) in Hg. apply in_seq.
    enough (g < 8) by lia. apply Hsmall, in_or_app. left. exact Hg.
  - lia.
  - lia.
  - lia.
  - intros free' Hf. apply (choosec_complete _ o free' Sl t).
    + exact HndS.
    + intros g Hg. apply Hf. split.
      * apply in_seq. enough (g < 8) by lia. apply Hsmall, in_or_app. right. exact Hg.
      * intros Hp. apply (Permutation_in _ Hslots) in Hp.
        exact (nodup_app_disj _ _ _ _ HndT Hp Hg).
    + unfold Sl. rewrite map_length. exact HlenT.
    + intros g Hg. unfold Sl in Hg. apply in_map_iff in Hg. destruct Hg as ([x g'] & E & Hin). simpl in E. subst g'.
      assert (HinT : In (x, g) T) by (apply (in_firstn _ t), Hin).
      destruct (gh_tok G x g HinT) as [Hx Ho].
      unfold token_opts. apply in_flat_map. exists x. split; [apply in_seq; lia|].
      rewrite (open_file _ _ _ Ho). left. unfold o. cbv zeta. rewrite (HfT x g Hin). reflexivity.
    + lia.
    + lia.
    + lia.
Qed.

(** ** The search finds the ghosts' own choice *)

Lemma search_complete : forall Dw Db b Lw Tw Zw Lb Tb Zb cs Aw Ab,
  ghostd Dw b White Lw Tw Zw -> ghostd Db b Black Lb Tb Zb ->
  (forall g, covers Lw (firstn (sealed_excess b White) Tw) Zw g (Aw g)) ->
  (forall g, covers Lb (firstn (sealed_excess b Black) Tb) Zb g (Ab g)) ->
  (forall g rs, In (g, rs) cs -> exists r, In r rs /\
     covers Lw (firstn (sealed_excess b White) Tw) Zw g (fst r) /\ covers Lb (firstn (sealed_excess b Black) Tb) Zb g (snd r)) ->
  search (Dw b) (Db b) b cs Aw Ab = true.
Proof.
  intros Dw Db b Lw Tw Zw Lb Tb Zb cs. induction cs as [|[g rs] cs IH]; intros Aw Ab GW GB Hw Hb Hcs;
    cbn [search]; rewrite (side_fits _ _ _ _ _ _ _ GW Hw), (side_fits _ _ _ _ _ _ _ GB Hb); [reflexivity|].
  destruct (Hcs g rs (or_introl eq_refl)) as (r & Hr & Cw & Cb).
  apply anyb_exists. exists r. split; [exact Hr|]. apply IH; auto.
  - intros h. unfold with_slot. destruct (Nat.eqb_spec h g) as [->|_]; [exact Cw|apply Hw].
  - intros h. unfold with_slot. destruct (Nat.eqb_spec h g) as [->|_]; [exact Cb|apply Hb].
  - intros h rs' Hin. apply Hcs. right. exact Hin.
Qed.

Lemma cands_cover : forall Dm b c L T Z g, ghostd Dm b c L T Z ->
  covers L (firstn (sealed_excess b c) T) Z g (table (map (cands b c) (seq 0 8)) g).
Proof.
  intros Dm b c L T Z g G. unfold table. destruct (Nat.lt_ge_cases g 8) as [Hg|Hg].
  - rewrite (nth_indep _ _ (cands b c 0)) by (rewrite map_length, seq_length; exact Hg).
    rewrite map_nth, seq_nth by exact Hg. simpl Nat.add. split.
    + intros s Hin Hz. unfold cands. simpl fst. apply inb_iff, filter_In.
      assert (Hs : In s all_squares) by exact (entry_sq _ _ _ _ _ _ s g G Hin).
      split; [|apply Nat.eqb_eq; exact (gh_zl G s g Hin Hz)].
      unfold pawn_sqs. apply filter_In. split; [exact Hs|]. apply opiece_eqb_eq.
      apply (gh_pawns G s Hs). apply (in_map fst) in Hin. exact Hin.
    + intros x Hin Hz. unfold cands. simpl snd. rewrite sealed_promoted_eq.
      assert (Ht : 0 < sealed_excess b c) by (destruct (sealed_excess b c); [destruct Hin|lia]).
      apply andb_true_intro. split; [apply Nat.ltb_lt; exact Ht|].
      pose proof (in_firstn _ _ _ _ Hin) as HinT. destruct (gh_tok G x g HinT) as [_ Ho].
      rewrite <- (gh_zt G x g HinT Hz). apply open_file, Ho.
  - rewrite nth_overflow by (rewrite map_length, seq_length; lia).
    assert (Hsm := gh_small G g). split.
    + intros s Hin _. exfalso. enough (g < 8) by lia. apply Hsm, in_or_app. left.
      apply (in_map snd) in Hin. exact Hin.
    + intros x Hin _. exfalso. enough (g < 8) by lia. apply Hsm, in_or_app. right.
      exact (in_map snd _ _ (in_firstn _ _ _ _ Hin)).
Qed.

Lemma apart_rank : forall s x, In s all_squares -> In x all_squares -> apart White s x = true ->
  rank_nat s < rank_nat x /\ rank_nat x < 8.
Proof.
  assert (H : forall s x, In s all_squares -> In x all_squares ->
    negb (apart White s x) || (Nat.ltb (rank_nat s) (rank_nat x) && Nat.ltb (rank_nat x) 8) = true) by by_squares.
  intros s x Hs Hx Ha. specialize (H s x Hs Hx). rewrite Ha in H. simpl in H. apply andb_true_iff in H.
  destruct H as [H1 H2]. apply Nat.ltb_lt in H1, H2. auto.
Qed.

Definition has_zero (L : list (int * nat)) (T' : list (nat * nat)) (Z : list nat) (g : nat) : bool :=
  zin g Z && (existsb (fun e => Nat.eqb (snd e) g) L || existsb (fun e => Nat.eqb (snd e) g) T').

Lemma no_zero_covers : forall L T' Z g, has_zero L T' Z g = false -> covers L T' Z g ([], false).
Proof.
  intros L T' Z g H. unfold has_zero in H. split.
  - intros s Hin Hz. apply zin_iff in Hz. rewrite Hz in H. simpl in H.
    apply orb_false_iff in H. destruct H as [H _]. exfalso. apply not_true_iff_false in H. apply H.
    apply existsb_exists. exists (s, g). split; [exact Hin|apply Nat.eqb_refl].
  - intros x Hin Hz. apply zin_iff in Hz. rewrite Hz in H. simpl in H.
    apply orb_false_iff in H. destruct H as [_ H]. exfalso. apply not_true_iff_false in H. apply H.
    apply existsb_exists. exists (x, g). split; [exact Hin|apply Nat.eqb_refl].
Qed.

Lemma zero_entry : forall L T' Z g, has_zero L T' Z g = true ->
  In g Z /\ ((exists s, In (s, g) L) \/ (exists x, In (x, g) T')).
Proof.
  intros L T' Z g H. unfold has_zero in H. apply andb_true_iff in H. destruct H as [Hz H].
  split; [apply zin_iff, Hz|]. apply orb_true_iff in H. destruct H as [H|H]; apply existsb_exists in H;
    destruct H as ([a h] & Hin & E); apply Nat.eqb_eq in E; simpl in E; subst h; [left|right]; exists a; exact Hin.
Qed.

(** Some pair of [rects] covers the capture-free men of both sides. *)
Lemma rects_cover : forall Dw Db b Lw Tw Zw Lb Tb Zb Tw' Tb' g zw zb,
  ghostd Dw b White Lw Tw Zw -> ghostd Db b Black Lb Tb Zb -> incl Tw' Tw -> incl Tb' Tb ->
  ordered White Lw Tw Zw Lb Tb Zb -> covers Lw Tw' Zw g zw -> covers Lb Tb' Zb g zb ->
  exists r, In r (rects zw zb) /\ covers Lw Tw' Zw g (fst r) /\ covers Lb Tb' Zb g (snd r).
Proof.
  intros Dw Db b Lw Tw Zw Lb Tb Zb Tw' Tb' g zw zb GW GB Iw Ib Ho Cw Cb.
  assert (Hlast : forall r, r = (([], false), zb) \/ r = (zw, ([], false)) -> In r (rects zw zb)).
  { intros r [-> | ->]; unfold rects; apply in_or_app; right; simpl; auto. }
  destruct (has_zero Lw Tw' Zw g) eqn:Ew.
  2: { exists (([], false), zb). split; [apply Hlast; left; reflexivity|].
       split; [apply no_zero_covers, Ew|exact Cb]. }
  destruct (has_zero Lb Tb' Zb g) eqn:Eb.
  2: { exists (zw, ([], false)). split; [apply Hlast; right; reflexivity|].
       split; [exact Cw|apply no_zero_covers, Eb]. }
  destruct (zero_entry _ _ _ _ Ew) as (Hzw & Hew). destruct (zero_entry _ _ _ _ Eb) as (Hzb & Heb).
  destruct (Ho g Hzw Hzb) as (H1 & H2 & H3 & H4).
  destruct Hew as [(s & Hs)|(y & Hy)].
  2: { exfalso. destruct Heb as [(x & Hx)|(y' & Hy')]; [exact (H3 y x (Iw _ Hy) Hx)|exact (H4 y y' (Iw _ Hy) (Ib _ Hy'))]. }
  destruct Heb as [(x & Hx)|(y & Hy)].
  2: { exfalso. exact (H2 s y Hs (Ib _ Hy)). }
  assert (Hss : In s all_squares) by exact (entry_sq _ _ _ _ _ _ s g GW Hs).
  assert (Hxs : In x all_squares) by exact (entry_sq _ _ _ _ _ _ x g GB Hx).
  destruct (apart_rank s x Hss Hxs (H1 s x Hs Hx)) as [Hr Hr8].
  set (t := S (rank_nat s)).
  set (w := filter (fun s' => Nat.ltb (rank_nat s') t) (fst zw)).
  set (k := filter (fun x' => Nat.leb t (rank_nat x')) (fst zb)).
  assert (Hsw : In s w).
  { apply filter_In. split; [apply inb_iff, (proj1 Cw s Hs Hzw)|apply Nat.ltb_lt; unfold t; lia]. }
  assert (Hxk : In x k).
  { apply filter_In. split; [apply inb_iff, (proj1 Cb x Hx Hzb)|apply Nat.leb_le; unfold t; lia]. }
  exists ((w, false), (k, false)). split; [|split].
  - unfold rects. apply in_or_app. left. apply in_flat_map. exists t. split; [apply in_seq; unfold t; lia|].
    fold w k. destruct w as [|? ?]; [destruct Hsw|]. destruct k as [|? ?]; [destruct Hxk|]. simpl. left. reflexivity.
  - split.
    + intros s' Hs' _. rewrite (nodup_snd_inj Lw s' s g) by
        (auto; exact (nodup_app_l _ _ _ (gh_slots GW))). apply inb_iff. exact Hsw.
    + intros y Hy _. exfalso. exact (H3 y x (Iw _ Hy) Hx).
  - split.
    + intros x' Hx' _. rewrite (nodup_snd_inj Lb x' x g) by
        (auto; exact (nodup_app_l _ _ _ (gh_slots GB))). apply inb_iff. exact Hxk.
    + intros y Hy _. exfalso. exact (H2 s y Hs (Ib _ Hy)).
Qed.

(** ** The rule is sound *)

Lemma colours_with_unfold : forall dw db b Aw Ab, colours_with dw db b Aw Ab =
  side_colours_ok dw b White Aw (forced db b Black Ab) &&& side_colours_ok db b Black Ab (forced dw b White Aw).
Proof. reflexivity. Qed.

Lemma side_colours_ok_true : forall d b c A F, colour_fits d b c A F = true -> side_colours_ok d b c A F = true.
Proof. intros d b c A F H. unfold side_colours_ok. destruct (colours_needed b c F); [exact H|reflexivity]. Qed.

Lemma crossing_with_false : forall Dw Db b Lw Tw Zw Lb Tb Zb Fw Fb Aw Ab,
  ghostd Dw b White Lw Tw Zw -> ghostd Db b Black Lb Tb Zb -> ordered White Lw Tw Zw Lb Tb Zb ->
  tint b White Lw Tw Fw -> tint b Black Lb Tb Fb ->
  entered White Lw Tw Fw Lb Zb -> entered Black Lb Tb Fb Lw Zw ->
  (forall g, covers Lw (firstn (sealed_excess b White) Tw) Zw g (Aw g)) ->
  (forall g, covers Lb (firstn (sealed_excess b Black) Tb) Zb g (Ab g)) ->
  crossing_with (Dw b) (Db b) b Aw Ab = false.
Proof.
  intros Dw Db b Lw Tw Zw Lb Tb Zb Fw Fb Aw Ab GW GB Ho TW TB EW EB Hw Hb. unfold crossing_with.
  rewrite (search_complete Dw Db b Lw Tw Zw Lb Tb Zb).
  - cbn [negb]. rewrite colours_with_unfold.
    assert (Cw : colour_fits (Dw b) b White Aw (forced (Db b) b Black Ab) = true).
    { apply (side_colours Dw b White Lw Tw Zw Aw Fw Lb Zb (forced (Db b) b Black Ab) GW TW EW); [|exact Hw].
      intros x Hx. exists (fnat x). exact (forced_free Db b Black Lb Tb Zb Ab x GB Hb Hx). }
    assert (Cb : colour_fits (Db b) b Black Ab (forced (Dw b) b White Aw) = true).
    { apply (side_colours Db b Black Lb Tb Zb Ab Fb Lw Zw (forced (Dw b) b White Aw) GB TB EB); [|exact Hb].
      intros x Hx. exists (fnat x). exact (forced_free Dw b White Lw Tw Zw Aw x GW Hw Hx). }
    rewrite (side_colours_ok_true _ _ _ _ _ Cw), (side_colours_ok_true _ _ _ _ _ Cb). reflexivity.
  - exact GW.
  - exact GB.
  - exact Hw.
  - exact Hb.
  - intros g rs Hin. unfold contested in Hin. apply in_flat_map in Hin.
    destruct Hin as (g' & _ & Hin). destruct (nonempty (Aw g') && nonempty (Ab g')); [|destruct Hin].
    destruct Hin as [E'|[]]. injection E' as <- <-.
    apply (rects_cover Dw Db b Lw Tw Zw Lb Tb Zb); auto; intros y; apply in_firstn.
Qed.

Lemma crossing_board_false : forall b,
  crossing_inv (dm (dead_cages b White) White) (dm (dead_cages b Black) Black) b ->
  crossing_refutes_board b = false.
Proof.
  intros b (Lw & Tw & Zw & Lb & Tb & Zb & Fw & Fb & GW & GB & Ho & TW & TB & EW & EB).
  unfold crossing_refutes_board.
  destruct (dead_cages_ok b White) as (_ & _ & _ & Ew). destruct (dead_cages_ok b Black) as (_ & _ & _ & Eb).
  rewrite <- Ew, <- Eb.
  apply (crossing_with_false _ _ b Lw Tw Zw Lb Tb Zb Fw Fb _ _ GW GB Ho TW TB EW EB);
    intros g; eapply cands_cover; eassumption.
Qed.

(** [unfold crossing_refutes] in a hypothesis makes [Qed] hang in the
    kernel; the equation is proven by [reflexivity] and used by [rewrite]. *)
Lemma crossing_refutes_unfold : forall P, crossing_refutes P = crossing_refutes_board (piece_at P).
Proof. reflexivity. Qed.

Theorem crossing_refutes_sound : forall P, crossing_refutes P = true -> ~ reachable P.
Proof.
  intros P H Hr. rewrite crossing_refutes_unfold, (crossing_board_false _ (crossing_reachable P Hr)) in H.
  discriminate.
Qed.
