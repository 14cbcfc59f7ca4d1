(** * Crossingproof: pawns of one file that never captured keep their
    order, and the crossing rule is sound.

    Headline theorems:

    - [crossing_refutes_sound : forall P, crossing_refutes P = true -> ~ reachable P]
      (the rule of Crossing.v, in the certificate checker's default rule);
    - [crossing_reachable]: every position a game reaches has a ghost for
      each side ([ghost] of Ghostproof.v with its dead men, [dm] of
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

    The proof is in three files: CrossingStepproof.v (the invariant,
    [ordered] and [entered], and why every step keeps it),
    CrossingSearchproof.v (the computation is bounded by the ghosts) and
    this one (every reachable position has the invariant, and the rule is
    sound), which exports the other two.

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
From RetroProof Require Export CrossingStepproof CrossingSearchproof.
Import ListNotations.
Open Scope nat_scope.

(** ** Every reachable position has the invariant *)

(** The dead men of [c] with the cages [Ys]: the initial position's caged
    men of the other side less the board's (DeadMenproof.v). *)
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
      + exact (ordered_step GL GM Hpok Ho KL KM).
      + apply (ordered_sym GM' GL').
        exact (ordered_step GM GL Hpok
                 (ordered_sym GL GM Ho) KM KL). }
    split; [exact (ghost_tint_step G m G' _ White L T Z L' T' Z' Fw Hl Hi GL GL' CL Tw)|].
    split; [exact (ghost_tint_step G m G' _ Black M U Y M' U' Y' Fb Hl Hi GM GM' CM Tb)|].
    split; [exact (entered_step G m G' White _ _ L T Z M U Y L' T' M' U' Y' Fw Hl Hi GL GM Ew KM CL)|].
    exact (entered_step G m G' Black _ _ M U Y L T Z M' U' L' T' Z' Fb Hl Hi GM GL Eb KL CM).
Qed.

Arguments crossing_game h G _ X cols {tw tb Yw Yb}.

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
  destruct (crossing_game h G Hg X cols Okw Pw Kw Okb Pb Kb HX HK (Htop White) (Htop Black))
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
  - split; [exact (tint_ext Hext Tw)|]. split; [exact (tint_ext Hext Tb)|].
    split; assumption.
Qed.

(** ** The rule is sound *)

Lemma colours_with_unfold : forall dw db b Aw Ab, colours_with dw db b Aw Ab =
  side_colours_ok dw b White Aw (forced db b Black Ab) &&& side_colours_ok db b Black Ab (forced dw b White Aw).
Proof. reflexivity. Qed.

Lemma side_colours_ok_true : forall d b c A F, colour_fits d b c A F = true -> side_colours_ok d b c A F = true.
Proof. intros d b c A F H. unfold side_colours_ok. destruct (colours_needed b c F); [exact H|reflexivity]. Qed.

Arguments side_colours_ok_true {d b c A F}.

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
    rewrite (side_colours_ok_true Cw), (side_colours_ok_true Cb). reflexivity.
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

