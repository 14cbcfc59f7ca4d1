(** * CrossingStepproof: the invariant of the crossing rule, and why
    every step keeps it (part of the proof of Crossingproof.v).

    Definitions: [ordered] (for every slot capture-free on both sides,
    both men are pawns and [c]'s stands below the other's), [entered]
    (how [c]'s men passed the other side's capture-free pawns), the
    invariant [crossing_inv].

    Headline theorems: [ordered_step], [entered_step], [ghost_tint_step]
    (a step keeps the order, the entry facts and the colour count of
    Coloursproof.v along the ghosts' changes); [initial_ordered],
    [initial_entered].

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

*)

From Coq Require Import Uint63 PArray List Bool Arith Lia Permutation.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts Sums RulesCheck
  Game Reachable Invariants Frozen Frozenproof PawnCaptures PawnCapturesproof SealedBishops
  SealedBishopsproof Crossing Coloursproof.
Import ListNotations.
Open Scope nat_scope.

(** The ghost of [c] with dead men [Dm] (PawnCaptures.v's [dead], or
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

Arguments entry_sq {Dm b c L T Z s g}.

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

Arguments ordered_sym {D1 D2 b c L T Z M U Y}.

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
  { intros x Hx. assert (Hxs : In x all_squares) by exact (entry_sq GM Hx).
    assert (Hbx : b x = Some (MkPiece (opp us) Pawn)).
    { apply (gh_pawns GM x Hxs). apply (in_map fst) in Hx. exact Hx. }
    split; [exact Hxs|]. split; [exact Hbx|]. split; [exact (gh_zl GM x g Hx HgY0)|].
    exact (Hpok x (opp us) Hxs Hbx). }
  split; [|split; [|split]].
  - intros s' x Hs' Hx. apply Mold in Hx. destruct (Hfacts x Hx) as (Hxs & Hbx & Efx & Hrx).
    destruct (HL s' g Hs' HgZ) as [Ho|(_ & s & Hs & Hbt & Ht)]; [exact (H1 s' x Ho Hx)|].
    assert (Hss : In s all_squares) by exact (entry_sq GL Hs).
    assert (Efs : fnat s = g) by exact (gh_zl GL s g Hs HgZ0).
    apply (push_apart us s x s' Hss Hxs); [congruence|exact (H1 s x Hs Hx)|exact Hrx| |].
    + intros ->. congruence.
    + destruct Ht as [Ht|(Ht & Hbm)]; [left; exact Ht|right; split; [exact Ht|intros ->; congruence]].
  - intros s' y Hs' Hy. apply Uold in Hy.
    destruct (HL s' g Hs' HgZ) as [Ho|(_ & s & Hs & _)]; [exact (H2 s' y Ho Hy)|exact (H2 s y Hs Hy)].
  - intros y x Hy Hx. apply Mold in Hx. destruct (Hfacts x Hx) as (Hxs & _ & _ & Hrx).
    destruct (HT y g Hy HgZ) as [Ho|(_ & s & Hs & _ & H6)]; [exact (H3 y x Ho Hx)|].
    assert (Hss : In s all_squares) by exact (entry_sq GL Hs).
    pose proof (promote_apart us s x Hss Hxs H6 (H1 s x Hs Hx)) as E. congruence.
  - intros y y' Hy Hy'. apply Uold in Hy'.
    destruct (HT y g Hy HgZ) as [Ho|(_ & s & Hs & _)]; [exact (H4 y y' Ho Hy')|exact (H2 s y' Hs Hy')].
Qed.

Arguments ordered_step {D1 D2 b us L T Z M U Y L' T' Z' M' U' Y'}.

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
  { intros s g Hin. assert (Hs : In s all_squares) by exact (entry_sq GL Hin).
    split; [|exact Hs]. apply (gh_pawns GL s Hs). apply (in_map fst) in Hin. exact Hin. }
  assert (Hmw : forall x h, In (x, h) M -> b x = Some (MkPiece (opp c) Pawn) /\ In x all_squares).
  { intros x h Hin. assert (Hx : In x all_squares) by exact (entry_sq GM Hin).
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
  - intros s g Hin. assert (Hs : In s all_squares) by exact (entry_sq GL Hin).
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
