(** * Crossingproof: pawns of one file that never captured keep their order.

    Headline theorem:

    - [crossing_reachable : forall P, reachable P -> crossing_inv (piece_at P)]:
      every position a game reaches has a ghost for each side
      ([ghost] of PawnCapturesproof.v, plain: no dead men, no
      region-promoted men) such that, for every slot [g] whose white and
      black men have both made no capture, both are pawns and the white
      one stands below the black one ([ordered]).

    This is the invariant the crossing rule (rules::crossing in
    rust-core) rests on; the rule itself (an assignment for each side
    that respects it, and its computation) is not proven yet.

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

    Axioms: those of PawnCapturesproof.v. *)

From Coq Require Import Uint63 List Bool Arith Lia.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts RulesCheck
  Game Reachable Invariants PawnCaptures PawnCapturesproof.
Import ListNotations.
Open Scope nat_scope.

(** The plain ghost: no dead men, no region-promoted men. *)
Notation ghost0 := (ghost (fun _ => 0) (fun _ => 0)).

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

Definition crossing_inv (b : board_fn) : Prop :=
  exists L T Z M U Y, ghost0 b White L T Z /\ ghost0 b Black M U Y /\ ordered White L T Z M U Y.

(** ** Geometry, by computation on the 64 squares *)

Lemma apart_sym : forall c s x, In s all_squares -> In x all_squares -> apart c s x = apart (opp c) x s.
Proof.
  assert (H : forall c, forallb (fun s => forallb (fun x =>
    Bool.eqb (apart c s x) (apart (opp c) x s)) all_squares) all_squares = true)
    by (intros []; vm_compute; reflexivity).
  intros c s x Hs Hx. specialize (H c). rewrite forallb_forall in H. specialize (H s Hs).
  rewrite forallb_forall in H. apply Bool.eqb_prop, (H x Hx).
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
  assert (H : forall c, forallb (fun s => forallb (fun x => push_ok c s x) all_squares) all_squares = true)
    by (intros []; vm_compute; reflexivity).
  intros c s x t Hs Hx Ef Ha Hr Hxt Ht. specialize (H c). rewrite forallb_forall in H. specialize (H s Hs).
  rewrite forallb_forall in H. specialize (H x Hx). unfold push_ok in H.
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
  assert (H : forall c, forallb (fun s => forallb (fun x =>
    negb ((relative_rank c s =? 6)%uint63 &&& apart c s x) ||| negb (rank_ok x)) all_squares) all_squares = true)
    by (intros []; vm_compute; reflexivity).
  intros c s x Hs Hx H6 Ha. specialize (H c). rewrite forallb_forall in H. specialize (H s Hs).
  rewrite forallb_forall in H. specialize (H x Hx). rewrite H6, Ha in H. cbn [negb andb orb] in H.
  apply negb_true_iff in H. exact H.
Qed.

(** ** The invariant is symmetric and kept by every step *)

Lemma entry_sq : forall b c L T Z s g, ghost0 b c L T Z -> In (s, g) L -> In s all_squares.
Proof.
  intros b c L T Z s g G Hin. apply (gh_sq _ _ _ _ _ _ _ G). apply (in_map fst) in Hin. exact Hin.
Qed.

Lemma ordered_sym : forall b c L T Z M U Y, ghost0 b c L T Z -> ghost0 b (opp c) M U Y ->
  ordered c L T Z M U Y -> ordered (opp c) M U Y L T Z.
Proof.
  intros b c L T Z M U Y GL GM H g HY HZ. destruct (H g HZ HY) as (H1 & H2 & H3 & H4).
  split; [|split; [|split]].
  - intros s x Hs Hx. rewrite <- apart_sym by eauto using entry_sq. exact (H1 x s Hx Hs).
  - intros s y Hs Hy. exact (H3 y s Hy Hs).
  - intros y x Hy Hx. exact (H2 x y Hx Hy).
  - intros y y' Hy Hy'. exact (H4 y' y Hy' Hy).
Qed.

Lemma opp_neq : forall c, opp c <> c.
Proof. intros []; discriminate. Qed.

(** The side to move [us] changes its ghost as [zkept] says, the other side
    only loses entries: the order is kept. *)
Lemma ordered_step : forall b us L T Z M U Y L' T' Z' M' U' Y',
  ghost0 b us L T Z -> ghost0 b (opp us) M U Y -> pawns_ok b ->
  ordered us L T Z M U Y ->
  zkept b us us L T Z L' T' Z' -> zkept b us (opp us) M U Y M' U' Y' ->
  ordered us L' T' Z' M' U' Y'.
Proof.
  intros b us L T Z M U Y L' T' Z' M' U' Y' GL GM Hpok H (HZ & HL & HT) (HY & HM & HU) g HgZ HgY.
  assert (HgZ0 := HZ g HgZ). assert (HgY0 := HY g HgY).
  destruct (H g HgZ0 HgY0) as (H1 & H2 & H3 & H4).
  assert (Mold : forall x, In (x, g) M' -> In (x, g) M).
  { intros x Hx. destruct (HM x g Hx HgY) as [Ho|(E & _)]; [exact Ho|exfalso; exact (opp_neq us E)]. }
  assert (Uold : forall y, In (y, g) U' -> In (y, g) U).
  { intros y Hy. destruct (HU y g Hy HgY) as [Ho|(E & _)]; [exact Ho|exfalso; exact (opp_neq us E)]. }
  (* What the other side's capture-free pawn of slot [g] is. *)
  assert (Hfacts : forall x, In (x, g) M -> In x all_squares /\ b x = Some (MkPiece (opp us) Pawn) /\
                                           fnat x = g /\ rank_ok x = true).
  { intros x Hx. assert (Hxs : In x all_squares) by exact (entry_sq _ _ _ _ _ x g GM Hx).
    assert (Hbx : b x = Some (MkPiece (opp us) Pawn)).
    { apply (gh_pawns _ _ _ _ _ _ _ GM x Hxs). apply (in_map fst) in Hx. exact Hx. }
    split; [exact Hxs|]. split; [exact Hbx|]. split; [exact (gh_zl _ _ _ _ _ _ _ GM x g Hx HgY0)|].
    exact (Hpok x (opp us) Hxs Hbx). }
  split; [|split; [|split]].
  - intros s' x Hs' Hx. apply Mold in Hx. destruct (Hfacts x Hx) as (Hxs & Hbx & Efx & Hrx).
    destruct (HL s' g Hs' HgZ) as [Ho|(_ & s & Hs & Hbt & Ht)]; [exact (H1 s' x Ho Hx)|].
    assert (Hss : In s all_squares) by exact (entry_sq _ _ _ _ _ s g GL Hs).
    assert (Efs : fnat s = g) by exact (gh_zl _ _ _ _ _ _ _ GL s g Hs HgZ0).
    apply (push_apart us s x s' Hss Hxs); [congruence|exact (H1 s x Hs Hx)|exact Hrx| |].
    + intros ->. congruence.
    + destruct Ht as [Ht|(Ht & Hbm)]; [left; exact Ht|right; split; [exact Ht|intros ->; congruence]].
  - intros s' y Hs' Hy. apply Uold in Hy.
    destruct (HL s' g Hs' HgZ) as [Ho|(_ & s & Hs & _)]; [exact (H2 s' y Ho Hy)|exact (H2 s y Hs Hy)].
  - intros y x Hy Hx. apply Mold in Hx. destruct (Hfacts x Hx) as (Hxs & _ & _ & Hrx).
    destruct (HT y g Hy HgZ) as [Ho|(_ & s & Hs & _ & H6)]; [exact (H3 y x Ho Hx)|].
    assert (Hss : In s all_squares) by exact (entry_sq _ _ _ _ _ s g GL Hs).
    pose proof (promote_apart us s x Hss Hxs H6 (H1 s x Hs Hx)) as E. congruence.
  - intros y y' Hy Hy'. apply Uold in Hy'.
    destruct (HT y g Hy HgZ) as [Ho|(_ & s & Hs & _)]; [exact (H4 y y' Ho Hy')|exact (H2 s y' Hs Hy')].
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
  intros s x Hs Hx. rewrite forallb_forall in H. specialize (H (s, g) Hs).
  rewrite forallb_forall in H. specialize (H (x, g) Hx). simpl in H. rewrite Nat.eqb_refl in H. exact H.
Qed.

Theorem crossing_game : forall h G, game h G -> crossing_inv (piece_at G).
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst].
  - exists (initial_ghost White), [], (seq 0 8), (initial_ghost Black), [], (seq 0 8).
    split; [apply ghost_initial; reflexivity|]. split; [apply ghost_initial; reflexivity|].
    exact initial_ordered.
  - destruct Hst as (Hl & _). apply legal_move_iff in Hl.
    pose proof (inv_game h G Hg) as Hi.
    pose proof Hi as Hi'. apply inv_elim in Hi'. destruct Hi' as (Hmat & _ & _ & _ & Hep).
    apply material_ok_iff in Hmat. destruct Hmat as (_ & _ & Hpok).
    destruct IH as (L & T & Z & M & U & Y & GL & GM & Ho).
    assert (Hstep : forall c L T Z, ghost0 (piece_at G) c L T Z ->
              exists L' T' Z', ghost0 (piece_at G') c L' T' Z' /\
                               zkept (piece_at G) (turn G) c L T Z L' T' Z').
    { intros c L0 T0 Z0 G0. apply (ghost_step_kept _ _ G m G' Hl Hi c); auto.
      pose proof (men_step G m G' Hl Hep (opp c)). lia. }
    destruct (Hstep White L T Z GL) as (L' & T' & Z' & GL' & KL).
    destruct (Hstep Black M U Y GM) as (M' & U' & Y' & GM' & KM).
    exists L', T', Z', M', U', Y'. split; [exact GL'|]. split; [exact GM'|].
    destruct (turn G) eqn:Et.
    + exact (ordered_step _ White _ _ _ _ _ _ _ _ _ _ _ _ GL GM Hpok Ho KL KM).
    + apply (ordered_sym (piece_at G') Black M' U' Y' L' T' Z' GM' GL').
      exact (ordered_step _ Black _ _ _ _ _ _ _ _ _ _ _ _ GM GL Hpok
               (ordered_sym _ White _ _ _ _ _ _ GL GM Ho) KM KL).
Qed.

Theorem crossing_reachable : forall P, reachable P -> crossing_inv (piece_at P).
Proof.
  intros P (h & G & Hg & (Hb & _)).
  assert (Hext : forall s, In s all_squares -> piece_at G s = piece_at P s) by (intros s Hs; symmetry; apply Hb, Hs).
  destruct (crossing_game h G Hg) as (L & T & Z & M & U & Y & GL & GM & Ho).
  exists L, T, Z, M, U, Y. split; [|split; [|exact Ho]]; eapply ghost_ext; eauto.
Qed.
