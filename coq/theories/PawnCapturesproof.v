(** * PawnCapturesproof: pawn-capture counting is sound.

    Headline theorems:

    - [pawn_refutes_sound : forall P, pawn_refutes P = true -> ~ reachable P];
    - [entry_refutes_sound : forall P, entry_refutes P = true -> ~ reachable P];
    - [ghost_side_refutes : forall Dm Rx Pk Ad b c L T Z, ghost Dm Rx Pk Ad b c L T Z ->
         side_refutes_with (fun _ => Dm b) (fun _ => Rx b) b c = false];
    - [ghost_game : forall h G, game h G -> forall X cols top c Ys UN UB UR UQ KN KB KR KQ
         HN HB HR HQ JN JB JR JQ, cages_ok X cols top c Ys = true -> ... ->
         closed_set (piece_at G) (fun s => X.[s]) ->
         (forall r, cuts_ok (piece_at G) (fun s => X.[s]) (cut cols (opp c) r) (opp c) r) ->
         top_ok (piece_at G) c top ->
         phi_sets (piece_at G) (fun s => X.[s]) c UN UB UR UQ KN KB KR KQ -> ... ->
         ghostly (fun b => caged Ys (piece_at initial) c - caged Ys b c)
           (fun b => region_excess b c UN UB UR UQ) (pk c HN HB HR HQ) (ad X c HN HB HR HQ)
           (piece_at G) c]
      (every legal move keeps a ghost for each side: [ghost_step], with
      the dead men of [dead_step] and the promoted men of
      [region_excess_step]; the column cuts and the pawn ceiling of the
      last position hold all game, [cuts_back] and [top_back]).

    The proof is in six files; this one holds the headline theorems and
    exports the others:

    - Ghostproof.v: the invariant, a ghost assignment of each pawn and
      promoted man of a side to a starting file (the doc there says what
      it holds), and why every legal move keeps one ([ghost_step_kept]);
    - PawnMovesproof.v: where pawns go (by computation on the 64 squares)
      and what a move does to the counts of men;
    - DeadMenproof.v: the pawn ceiling and the dead men along a game;
    - PromotedMenproof.v: the promoted men and the promotion entries
      along a game;
    - MinCapturesproof.v: the programme [min_captures] is at most the cost
      of any assignment;
    - here: a ghost bounds the programmes of [pawn_refutes] and
      [entry_refutes], and every reachable position has a ghost for each
      side.

    ** From the invariant to the computation

    [min_captures] (PawnCaptures.v) is at most the cost of any ghost
    assignment: the cost of the assignment is at least the sum over cuts
    [k] of [|D_k - S_k|] ([cut_bound]), and the sequence of counts
    [(B_k, S_k)] of the assignment is one the programme minimises over
    ([min_captures_bound]).

    Axioms: those of Invariants.v (the specification of primitive integers
    [Uint63.eqb_correct], [Uint63.eqb_refl], [Uint63.ltb_spec],
    [Uint63.of_to_Z]); geometric facts about squares (files, ranks, the
    squares pawns move to) are checked on all 64 squares by computation. *)

From Coq Require Import Uint63 PArray List Bool Arith ZArith Lia Permutation.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts Sums RulesCheck
  Game Reachable Invariants Completeness Stranded Frozen Frozenproof RegionCount PawnCaptures.
From RetroProof Require Export MinCapturesproof PawnMovesproof Ghostproof DeadMenproof PromotedMenproof.
From RetroProof Require RegionCountproof.
Import ListNotations.
Open Scope nat_scope.

(** ** A ghost bounds the computation *)

Section Bounds.

Context {Dm Rx : board_fn -> nat} {Pk : role -> board_fn -> nat} {Ad : role -> nat -> int -> bool}.

Lemma ghost_refutes_promoted : forall b c L T Z t, ghost Dm Rx Pk Ad b c L T Z -> t <= length T ->
  refutes_promoted t (fun _ => Dm b) b c = false.
Proof.
  intros b c L T Z t G Ht. unfold refutes_promoted.
  rewrite men_count_cnt.
  destruct (Nat.ltb 8 (length (pawn_files b c) + t)); [reflexivity|].
  set (pf := pawn_files b c). set (T' := firstn t T).
  assert (Hperm : Permutation (map fnat (map fst L)) pf) by (apply Permutation_map; eapply pawns_perm; eauto).
  assert (HlenT : length T' = t) by (apply firstn_length_le, Ht).
  assert (Hlenpf : length pf = length L)
    by (rewrite <- (Permutation_length Hperm), !map_length; reflexivity).
  assert (HT' : forall x g, In (x, g) T' -> x < 8 /\ tok_open b c x)
    by (intros x g H; apply (gh_tok G x g), (in_firstn H)).
  set (slots := map snd L ++ map snd T').
  assert (Hsl : NoDup slots /\ forall g, In g slots -> g < 8).
  { pose proof (gh_slots G) as Hnd. pose proof (gh_small G) as Hsm.
    unfold slots, T'. rewrite <- (firstn_skipn t T) in Hnd, Hsm.
    rewrite map_app, app_assoc in Hnd, Hsm. split.
    - apply nodup_app_l in Hnd. exact Hnd.
    - intros g Hg. apply Hsm, in_or_app. left. exact Hg. }
  destruct Hsl as [Hsnd Hsm].
  set (Bf := fun k => clt k (map fst T')). set (Sf := fun k => clt k slots).
  destruct (min_captures_bound pf (blocked_files b c) t Bf Sf) as (w & Hw & Hle).
  - apply clt_0.
  - apply clt_0.
  - unfold Bf. rewrite clt_all, map_length; [exact HlenT|].
    intros x Hx. apply in_map_iff in Hx. destruct Hx as ([x' g] & <- & Hx). apply (HT' x' g Hx).
  - unfold Sf. rewrite clt_all by exact Hsm. unfold slots. rewrite app_length, !map_length, HlenT, Hlenpf.
    reflexivity.
  - intros k Hk. unfold Bf, Sf. rewrite !clt_S. split; [|split].
    + assert (Hd := ceq_nodup k slots Hsnd). unfold pred_ok, open_entries.
      destruct (file_open (blocked_files b c) k) eqn:Eo.
      * apply andb_true_intro. split; [apply Nat.leb_le; lia|].
        destruct (ceq k slots) as [|[|]]; [|simpl|lia]; rewrite ?Nat.add_0_r, ?Nat.add_1_r, Nat.eqb_refl;
          [reflexivity|apply orb_true_r].
      * rewrite (ceq_none k (map fst T')).
        -- apply andb_true_intro. split; [rewrite Nat.add_0_r; apply Nat.eqb_refl|].
           destruct (ceq k slots) as [|[|]]; [|simpl|lia]; rewrite ?Nat.add_0_r, ?Nat.add_1_r, Nat.eqb_refl;
             [reflexivity|apply orb_true_r].
        -- intros x Hx ->. apply in_map_iff in Hx. destruct Hx as ([x' g] & E & Hx). simpl in E. subst x'.
           destruct (HT' k g Hx) as [_ Ho]. apply open_file in Ho. congruence.
    + rewrite <- clt_S. rewrite <- HlenT, <- (map_length fst T'). apply clt_le.
    + rewrite <- clt_S. eapply Nat.le_trans; [apply clt_le|].
      unfold slots. rewrite app_length, !map_length, HlenT, Hlenpf. reflexivity.
  - rewrite Hw.
    set (its := map (fun sg => (fnat (fst sg), snd sg)) L ++ T').
    assert (Hc := cut_bound its).
    assert (Hfst : map fst its = map fnat (map fst L) ++ map fst T')
      by (unfold its; rewrite map_app, !map_map; reflexivity).
    assert (Hsnd' : map snd its = slots) by (unfold its, slots; rewrite map_app, !map_map; reflexivity).
    rewrite Hfst, Hsnd' in Hc.
    assert (Hcost : pcost its = lcost L + pcost T').
    { unfold its, pcost, lcost. autorewrite with push_sum. reflexivity. }
    assert (Hsum : wsum (fun k => absd (clt (S k) pf + Bf (S k)) (Sf (S k))) (seq 0 8) =
                   wsum (fun k => absd (clt (S k) (map fnat (map fst L) ++ map fst T')) (clt (S k) slots))
                     (seq 0 8)).
    { apply wsum_ext. intros k _. rewrite clt_app, (clt_perm _ _ _ Hperm). reflexivity. }
    assert (Hits : forall p g, In (p, g) its -> p < 8 /\ g < 8).
    { intros p g Hi. unfold its in Hi. apply in_app_or in Hi. destruct Hi as [Hi|Hi].
      - apply in_map_iff in Hi. destruct Hi as ([s g'] & E & Hi). injection E as <- <-. split.
        + apply fnat_lt, (gh_sq G), in_map_iff. exists (s, g'). auto.
        + apply Hsm. unfold slots. apply in_or_app. left. apply in_map_iff. exists (s, g'). auto.
      - split; [apply (HT' p g Hi)|]. apply Hsm. unfold slots. apply in_or_app. right.
        apply in_map_iff. exists (p, g). auto. }
    specialize (Hc Hits).
    assert (Hpf : pcost T' <= pcost T) by apply wsum_firstn. pose proof (gh_plain G).
    destruct (Nat.ltb (16 - cnt b (opp c) TMan) w) eqn:E1; [apply Nat.ltb_lt in E1; lia|].
    destruct (Nat.ltb 0 w); [|reflexivity]. apply Nat.ltb_ge. lia.
Qed.

Theorem ghost_side_refutes : forall b c L T Z, ghost Dm Rx Pk Ad b c L T Z ->
  side_refutes_with (fun _ => Dm b) (fun _ => Rx b) b c = false.
Proof.
  intros b c L T Z G. unfold side_refutes_with. rewrite promoted_excess.
  rewrite (ghost_refutes_promoted b c L T Z (excess b c) G (gh_excess G)),
    (ghost_refutes_promoted b c L T Z (Rx b) G (gh_region G)).
  cbv zeta. destruct (Nat.ltb (excess b c) (promoted_most b c)), (refutes_promoted (promoted_most b c) (fun _ => 16) b c),
    (Nat.ltb (excess b c) (Rx b)); reflexivity.
Qed.

End Bounds.

Arguments ghost_side_refutes {Dm Rx Pk Ad b c L T Z}.


(** ** The entry programme is bounded by the ghost

    The ghost's side has at least [region_excess] on the sets entries
    ([wcount_le]); with the pawns, the first that many of them are items
    of the programme of [entries_refute_with]: each reached its seventh
    rank on its entry file [x], which [entry_data] lets in at no more than
    the capture of its landing ([entry_ok_data]).  So the programme costs
    at most the pawns' and these tokens' files apart from their slots, plus
    the diagonal landings ([entry_sum]), which the ghost's entries keep
    within the other side's missing men. *)

Definition wx (w : entry4) : nat := let '(x, _, _, _) := w in x.
Definition went (w : entry4) : nat * nat := let '(x, g, _, _) := w in (x, g).

Lemma wcount_le : forall W, wcount Knight W + wcount Bishop W + wcount Rook W + wcount Queen W <= length W.
Proof.
  induction W as [|[[[x g] s] r] W IH]; [reflexivity|].
  assert (E : forall r', wcount r' ((x, g, s, r) :: W) = (if role_eqb r r' then 1 else 0) + wcount r' W)
    by (intros r'; unfold wcount; cbn [filter]; destruct (role_eqb r r'); reflexivity).
  rewrite !E. cbn [length]. destruct r; cbv [role_eqb]; lia.
Qed.

Definition dk (o : nat -> option nat) (k : nat) : nat := match o k with Some d => d | None => 0 end.

Lemma sum_pick : forall (d : nat -> nat) x, x < 8 ->
  wsum (fun k => d k * (if Nat.eqb k x then 1 else 0)) (seq 0 8) = d x.
Proof.
  intros d x Hx. do 8 (destruct x as [|x]; [simpl; lia|]). lia.
Qed.

Lemma ceq_cons : forall k x l, ceq k (x :: l) = (if Nat.eqb k x then 1 else 0) + ceq k l.
Proof. intros k x l. unfold ceq. simpl. destruct (Nat.eqb k x); reflexivity. Qed.

Lemma entry_sum : forall (o : nat -> option nat) W,
  (forall w, In w W -> wx w < 8 /\ exists d, o (wx w) = Some d /\ d <= wdiag w) ->
  wsum (fun k => entry_cost (o k) (clt k (map wx W)) (clt (S k) (map wx W))) (seq 0 8) <= wextra W.
Proof.
  intros o W H.
  assert (E : forall l, wsum (fun k => entry_cost (o k) (clt k l) (clt (S k) l)) (seq 0 8) =
                        wsum (fun k => dk o k * ceq k l) (seq 0 8)).
  { intros l. apply wsum_ext. intros k _. rewrite clt_S. unfold entry_cost, dk.
    destruct (o k); lia. }
  rewrite E. clear E. induction W as [|w W IH].
  { rewrite (wsum_ext _ (fun _ => 0)); [simpl; lia|]. intros k _. unfold ceq. simpl. lia. }
  destruct (H w (or_introl eq_refl)) as (Hx & d & Ed & Hd).
  specialize (IH (fun w' Hw => H w' (or_intror Hw))).
  cbn [map]. change (wextra (w :: W)) with (wdiag w + wextra W).
  erewrite wsum_ext; [|intros k _; rewrite ceq_cons, Nat.mul_add_distr_l; reflexivity].
  pose proof (wsum_le_add (fun k => dk o k * (if Nat.eqb k (wx w) then 1 else 0) + dk o k * ceq k (map wx W))
                (fun k => dk o k * (if Nat.eqb k (wx w) then 1 else 0)) (fun k => dk o k * ceq k (map wx W))
                (seq 0 8) ltac:(intros k _; cbv beta; lia)) as Hs.
  rewrite sum_pick in Hs by exact Hx.
  assert (Edk : dk o (wx w) = d) by (unfold dk; rewrite Ed; reflexivity). rewrite Edk in Hs. lia.
Qed.

Lemma hset_landing : forall (HN HB HR HQ : array bool) r y,
  hset (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s]) r y = true ->
  landing HN HB HR HQ y = true.
Proof.
  intros HN HB HR HQ r y H. unfold landing.
  destruct r; simpl in H; try discriminate; rewrite H;
    destruct (HN.[y]), (HB.[y]), (HR.[y]), (HQ.[y]); reflexivity.
Qed.

(** Proven by [reflexivity] and used by [rewrite], as [pawn_refutes_unfold]
    below: the proof never unfolds the rule itself. *)
Lemma entries_refute_with_eq : forall d b X c HN HB HR HQ,
  entries_refute_with d b X c HN HB HR HQ =
  (promoted_sets_ok b X c HN HB HR HQ &&&
   (Nat.ltb 0 (region_excess b c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s])) &&&
    Nat.leb (length (pawn_files b c) +
             region_excess b c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s])) 8 &&&
    match min_captures_at (pawn_files b c) (entry_data X (landing HN HB HR HQ) c)
            (region_excess b c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s])) with
    | None => true
    | Some v => Nat.ltb (16 - men_count (census_of (Material.men b) (opp c))) v |||
                (Nat.ltb 0 v &&& Nat.ltb (16 - men_count (census_of (Material.men b) (opp c)) - d tt) v)
    end)).
Proof. reflexivity. Qed.

(** [true &&& x] is [x] (the goal after [destruct] of a test that
    held). *)
Ltac drop_true := lazymatch goal with |- (if true then ?x else false) = ?y => change (x = y) end.

Lemma region_excess_pk : forall b c HN HB HR HQ, region_excess b c HN HB HR HQ =
  pk c HN HB HR HQ Knight b + pk c HN HB HR HQ Bishop b + pk c HN HB HR HQ Rook b + pk c HN HB HR HQ Queen b.
Proof. intros. unfold region_excess, pk. cbn [hset]. reflexivity. Qed.

Theorem ghost_entries_refute : forall Dm Rx b c L T Z (Xa HN HB HR HQ : array bool),
  ghost Dm Rx (pk c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s]))
    (ad Xa c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s])) b c L T Z ->
  entries_refute_with (fun _ => Dm b) b Xa c HN HB HR HQ = false.
Proof.
  intros Dm Rx b c L T Z Xa HN HB HR HQ G.
  rewrite entries_refute_with_eq.
  destruct (promoted_sets_ok b Xa c HN HB HR HQ); [try drop_true|reflexivity].
  set (n := region_excess b c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s])).
  set (pf := pawn_files b c).
  destruct (Nat.ltb 0 n); [try drop_true|reflexivity].
  destruct (Nat.leb (length pf + n) 8); [try drop_true|reflexivity].
  rewrite men_count_cnt.
  set (o := entry_data Xa (landing HN HB HR HQ) c).
  destruct (gh_entries G) as (W & W1 & W2 & W3 & W4).
  assert (HnW : n <= length W).
  { unfold n. rewrite region_excess_pk. pose proof (wcount_le W). pose proof (W3 Knight).
    pose proof (W3 Bishop). pose proof (W3 Rook). pose proof (W3 Queen). lia. }
  set (W' := firstn n W).
  assert (HlenW : length W' = n) by (apply firstn_length_le, HnW).
  assert (HW' : forall w, In w W' -> In (went w) T /\ wx w < 8 /\ exists d, o (wx w) = Some d /\ d <= wdiag w).
  { intros [[[x g] s] r] Hw. apply in_firstn in Hw. destruct (W1 x g s r Hw) as [HT Ha].
    split; [exact HT|]. unfold ad in Ha.
    destruct (entry_ok_data Xa _ (landing HN HB HR HQ) c x s Ha (hset_landing HN HB HR HQ r)) as (d & Ed & Hd).
    split.
    - unfold entry_ok in Ha. destruct (seventh c x) as [e|] eqn:Es; [|discriminate].
      destruct (seventh_some c x e Es) as (He & <- & _). apply fnat_lt, He.
    - exists d. split; [exact Ed|exact Hd]. }
  set (T' := map went W').
  assert (Hperm : Permutation (map fnat (map fst L)) pf)
    by (apply Permutation_map; eapply pawns_perm; eauto).
  assert (Hlenpf : length pf = length L)
    by (rewrite <- (Permutation_length Hperm), !map_length; reflexivity).
  assert (HndW' : NoDup (map wslot W')).
  { unfold W'. rewrite <- firstn_map. rewrite <- (firstn_skipn n (map wslot W)) in W2. exact (nodup_app_l W2). }
  set (slots := map snd L ++ map wslot W').
  assert (Hsnd : NoDup slots).
  { apply (nodup_app_sub _ _ (map snd T)); [exact (gh_slots G)|exact HndW'|].
    intros g Hg. apply in_map_iff in Hg. destruct Hg as ([[[x g'] s] r] & E & Hw). simpl in E. subst g'.
    apply (in_map snd _ (x, g)). exact (proj1 (HW' _ Hw)). }
  assert (Hsm : forall g, In g slots -> g < 8).
  { intros g Hg. apply (gh_small G). unfold slots in Hg. apply in_app_or in Hg.
    apply in_or_app. destruct Hg as [Hg|Hg]; [left; exact Hg|right].
    apply in_map_iff in Hg. destruct Hg as ([[[x g'] s] r] & E & Hw). simpl in E. subst g'.
    apply (in_map snd _ (x, g)). exact (proj1 (HW' _ Hw)). }
  assert (Hxs : forall x, In x (map wx W') -> x < 8 /\ exists d, o x = Some d).
  { intros x Hx. apply in_map_iff in Hx. destruct Hx as (w & <- & Hw).
    destruct (HW' w Hw) as (_ & H8 & d & Ed & _). split; [exact H8|exists d; exact Ed]. }
  set (Bf := fun k => clt k (map wx W')). set (Sf := fun k => clt k slots).
  destruct (min_captures_at_bound pf o n Bf Sf) as (w & Hw & Hle).
  - apply clt_0.
  - apply clt_0.
  - unfold Bf. rewrite clt_all, map_length; [exact HlenW|]. intros x Hx. apply (Hxs x Hx).
  - unfold Sf. rewrite clt_all by exact Hsm. unfold slots. rewrite app_length, !map_length, HlenW, Hlenpf.
    reflexivity.
  - intros k Hk. unfold Bf, Sf. rewrite !clt_S. split; [|split].
    + assert (Hd := ceq_nodup k slots Hsnd). unfold pred_ok.
      destruct (o k) eqn:Eo.
      * apply andb_true_intro. split; [apply Nat.leb_le; lia|].
        destruct (ceq k slots) as [|[|]]; [|simpl|lia]; rewrite ?Nat.add_0_r, ?Nat.add_1_r, Nat.eqb_refl;
          [reflexivity|apply orb_true_r].
      * rewrite (ceq_none k (map wx W')).
        -- apply andb_true_intro. split; [rewrite Nat.add_0_r; apply Nat.eqb_refl|].
           destruct (ceq k slots) as [|[|]]; [|simpl|lia]; rewrite ?Nat.add_0_r, ?Nat.add_1_r, Nat.eqb_refl;
             [reflexivity|apply orb_true_r].
        -- intros x Hx ->. destruct (Hxs k Hx) as (_ & d & Ed). congruence.
    + rewrite <- clt_S. rewrite <- HlenW, <- (map_length wx W'). apply clt_le.
    + rewrite <- clt_S. eapply Nat.le_trans; [apply clt_le|].
      unfold slots. rewrite app_length, !map_length, HlenW, Hlenpf. reflexivity.
  - rewrite Hw.
    set (its := map (fun sg => (fnat (fst sg), snd sg)) L ++ T').
    assert (Hc := cut_bound its).
    assert (Hfst : map fst its = map fnat (map fst L) ++ map wx W')
      by (unfold its, T'; rewrite map_app, !map_map; f_equal; apply map_ext; intros [[[x g] s] r]; reflexivity).
    assert (Hsnd' : map snd its = slots)
      by (unfold its, T', slots; rewrite map_app, !map_map; f_equal; apply map_ext; intros [[[x g] s] r]; reflexivity).
    rewrite Hfst, Hsnd' in Hc.
    assert (Hcost : pcost its = lcost L + pcost T').
    { unfold its, pcost, lcost. autorewrite with push_sum. reflexivity. }
    assert (Hits : forall p g, In (p, g) its -> p < 8 /\ g < 8).
    { intros p g Hi. unfold its in Hi. apply in_app_or in Hi. destruct Hi as [Hi|Hi].
      - apply in_map_iff in Hi. destruct Hi as ([s g'] & E & Hi). injection E as <- <-. split.
        + apply fnat_lt, (gh_sq G), in_map_iff. exists (s, g'). auto.
        + apply Hsm. unfold slots. apply in_or_app. left. apply in_map_iff. exists (s, g'). auto.
      - unfold T' in Hi. apply in_map_iff in Hi. destruct Hi as ([[[x g'] s] r] & E & Hw'). simpl in E.
        injection E as <- <-. destruct (HW' _ Hw') as (_ & H8 & _). split; [exact H8|].
        apply Hsm. unfold slots. apply in_or_app. right. apply (in_map wslot _ _ Hw'). }
    specialize (Hc Hits).
    assert (Hsum : wsum (fun k => absd (clt (S k) pf + Bf (S k)) (Sf (S k)) +
                                      entry_cost (o k) (Bf k) (Bf (S k))) (seq 0 8) <=
                   wsum (fun k => absd (clt (S k) (map fnat (map fst L) ++ map wx W')) (clt (S k) slots))
                     (seq 0 8) +
                   wsum (fun k => entry_cost (o k) (clt k (map wx W')) (clt (S k) (map wx W'))) (seq 0 8)).
    { apply wsum_le_add. intros k _. unfold Bf, Sf. rewrite clt_app, (clt_perm _ _ _ Hperm). lia. }
    assert (Hext := entry_sum o W' (fun w Hw => proj2 (HW' w Hw))).
    assert (HT' : pcost T' <= pcost T).
    { apply wsum_incl.
      - unfold T'. apply (NoDup_map_inv snd). rewrite map_map.
        replace (map (fun x => snd (went x)) W') with (map wslot W') by (apply map_ext; intros [[[x g] s] r]; reflexivity).
        exact HndW'.
      - intros xg Hxg. unfold T' in Hxg. apply in_map_iff in Hxg. destruct Hxg as (w' & <- & Hw'). exact (proj1 (HW' _ Hw')). }
    assert (HwW : wextra W' <= wextra W).
    { apply wsum_firstn. }
    pose proof (zcost_ge L T Z (gh_zl G) (gh_zt G)).
    destruct (Nat.ltb (16 - cnt b (opp c) TMan) w) eqn:E1; [apply Nat.ltb_lt in E1; lia|].
    destruct (Nat.ltb 0 w); [|reflexivity]. apply Nat.ltb_ge. lia.
Qed.

Arguments ghost_entries_refute {Dm Rx b c L T Z Xa} HN HB HR HQ.

(** ** Games, problems *)

(** Every position of a game whose last position has [X] closed keeps a
    ghost counting the dead men of validated sets [Ys] and the promoted
    men on closed sets [UN UB UR UQ]. *)
Theorem ghost_game : forall h G, game h G -> forall X cols top c Ys UN UB UR UQ KN KB KR KQ
    HN HB HR HQ JN JB JR JQ,
  cages_ok X cols top c Ys = true ->
  (forall s, cage_of Ys Pawn s = false) -> (forall s, cage_of Ys King s = false) ->
  closed_set (piece_at G) (fun s => X.[s]) ->
  (forall r, cuts_ok (piece_at G) (fun s => X.[s]) (cut cols (opp c) r) (opp c) r) ->
  top_ok (piece_at G) c top ->
  RegionCountproof.phi_sets (piece_at G) (fun s => X.[s]) c UN UB UR UQ KN KB KR KQ ->
  RegionCountproof.phi_sets (piece_at G) (fun s => X.[s]) c HN HB HR HQ JN JB JR JQ ->
  ghostly (fun b => caged Ys (piece_at initial) c - caged Ys b c)
    (fun b => region_excess b c UN UB UR UQ) (pk c HN HB HR HQ) (ad X c HN HB HR HQ) (piece_at G) c.
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst];
    intros X cols top c Ys UN UB UR UQ KN KB KR KQ HN HB HR HQ JN JB JR JQ Hok Hp Hk HX HK Htop HS HH.
  - exists (initial_ghost c), [], (seq 0 8). apply ghost_initial; [apply Nat.sub_diag| |].
    + unfold region_excess, RegionCount.excess. rewrite !Nat.sub_diag. reflexivity.
    + intros r. unfold pk, RegionCount.excess. apply Nat.sub_diag.
  - destruct Hst as (Hl & _). apply legal_move_iff in Hl.
    pose proof (inv_game h G Hg) as Hi.
    assert (HXG : closed_set (piece_at G) (fun s => X.[s])).
    { apply (closed_transfer (piece_at G')); [exact HX|].
      intros x Hx HXx. exact (frozen_step_keeps G G' m _ Hl Hi HX (ex_intro _ h Hg) x Hx HXx). }
    destruct (dead_step X cols top c Ys Hok Hp Hk G G' m Hl Hi (ex_intro _ h Hg) HX HK Htop) as (HD1 & HD2).
    destruct (region_excess_step _ c UN UB UR UQ KN KB KR KQ G G' m Hl Hi (ex_intro _ h Hg) HX HS)
      as (HR1 & HR2).
    destruct (entries_step X c G G' m Hl Hi (ex_intro _ h Hg) HX HN HB HR HQ JN JB JR JQ HH) as (HP1 & HP2).
    apply (ghost_step G m G' Hl Hi c); [lia|exact HD2|exact HR1|exact HR2|exact HP1|exact HP2|].
    apply (IH X cols top c Ys UN UB UR UQ KN KB KR KQ HN HB HR HQ JN JB JR JQ Hok Hp Hk HXG);
      [intros r; exact (cuts_back G m G' _ _ _ r Hl Hi (ex_intro _ h Hg) HX (HK r))
      |exact (top_back G G' m c Hl Hi top Htop)| |].
    + exact (RegionCountproof.phi_sets_back G m G' Hl Hi (ex_intro _ h Hg) HX HS).
    + exact (RegionCountproof.phi_sets_back G m G' Hl Hi (ex_intro _ h Hg) HX HH).
Qed.

Lemma side_refutes_with_ext : forall d d' e e' b c, d tt = d' tt -> e tt = e' tt ->
  side_refutes_with d e b c = side_refutes_with d' e' b c.
Proof. intros d d' e e' b c E F. unfold side_refutes_with, refutes_promoted. rewrite E, F. reflexivity. Qed.

Lemma dead_unfold : forall b c, dead b c =
  let X := frozen_set b in
  let cols := columns b X in
  let top := pawn_top b c in
  if cages_ok X cols top c (cages X cols top c)
  then caged (cages X cols top c) (piece_at initial) c - caged (cages X cols top c) b c else 0.
Proof. reflexivity. Qed.

(** Validated sets, as sets a ghost can count on. *)
Lemma validated_sets : forall G b X c AN AB AR AQ, (forall s, In s all_squares -> b s = piece_at G s) ->
  promoted_sets_ok b X c AN AB AR AQ = true ->
  exists KN KB KR KQ, RegionCountproof.phi_sets (piece_at G) (fun s => X.[s]) c
    (fun s => AN.[s]) (fun s => AB.[s]) (fun s => AR.[s]) (fun s => AQ.[s]) KN KB KR KQ.
Proof.
  intros G b X c AN AB AR AQ Hb Hok.
  unfold promoted_sets_ok in Hok.
  lazy_inv Hok as (EN & EB & ER & EQ).
  destruct (RegionCountproof.closed_ok_gen _ X _ c Knight _ EN) as (HN & _).
  destruct (RegionCountproof.closed_ok_gen _ X _ c Bishop _ EB) as (HB & _).
  destruct (RegionCountproof.closed_ok_gen _ X _ c Rook _ ER) as (HR & _).
  destruct (RegionCountproof.closed_ok_gen _ X _ c Queen _ EQ) as (HQ & _).
  set (cols := columns b X) in *.
  exists (kind_cut cols (members X) c Knight), (kind_cut cols (members X) c Bishop),
    (kind_cut cols (members X) c Rook), (kind_cut cols (members X) c Queen).
  assert (HK : forall r, cuts_ok (piece_at G) (fun s => X.[s]) (kind_cut cols (members X) c r) c r)
    by (intros r; apply (cuts_ok_ext b); [exact Hb|apply kind_cut_ok]).
  exact (conj HN (conj HB (conj HR (conj HQ (conj (HK Knight) (conj (HK Bishop) (conj (HK Rook) (HK Queen)))))))).
Qed.

(** The sets of [region_promoted_with] on a board a game reaches, as
    sets the ghost can count on; none (and no promoted men) if they fail
    the validation.  (Stated over abstract sets: with the sets of
    [region_promoted] spelled out, [Qed] would evaluate them in the
    kernel.) *)
Lemma promoted_sets : forall G b X c AN AB AR AQ, (forall s, In s all_squares -> b s = piece_at G s) ->
  exists UN UB UR UQ KN KB KR KQ,
    RegionCountproof.phi_sets (piece_at G) (fun s => X.[s]) c UN UB UR UQ KN KB KR KQ /\
    region_promoted_with b X c AN AB AR AQ = region_excess b c UN UB UR UQ.
Proof.
  intros G b X c AN AB AR AQ Hb.
  destruct (promoted_sets_ok b X c AN AB AR AQ) eqn:Hok.
  - destruct (validated_sets G b X c AN AB AR AQ Hb Hok) as (KN & KB & KR & KQ & HS).
    exists (fun s => AN.[s]), (fun s => AB.[s]), (fun s => AR.[s]), (fun s => AQ.[s]), KN, KB, KR, KQ.
    split; [exact HS|]. unfold region_promoted_with. rewrite Hok. reflexivity.
  - exists (fun _ => false), (fun _ => false), (fun _ => false), (fun _ => false),
      (fun _ _ => false), (fun _ _ => false), (fun _ _ => false), (fun _ _ => false).
    split.
    + repeat split; intros x; discriminate.
    + unfold region_promoted_with. rewrite Hok.
      unfold region_excess, RegionCount.excess. rewrite !RegionCountproof.count_on_none. reflexivity.
Qed.

Lemma region_promoted_unfold : forall b X c, region_promoted b X c =
  region_promoted_with b X c (kind_region nowhere b X c Knight) (kind_region nowhere b X c Bishop)
    (kind_region nowhere b X c Rook) (kind_region nowhere b X c Queen).
Proof. reflexivity. Qed.

(** A reachable position has a ghost for each side, counting its dead men
    and its region-promoted men (PawnCaptures.v's [dead] and
    [region_promoted]) and the promotion entries of any sets [HN HB HR HQ]
    closed on every board with its men (the [homeless] sets, or none). *)
Lemma reachable_ghost : forall P, reachable P -> forall c HN HB HR HQ,
  (forall G, (forall s, In s all_squares -> piece_at P s = piece_at G s) ->
     exists JN JB JR JQ,
       RegionCountproof.phi_sets (piece_at G) (fun s => (frozen_set (piece_at P)).[s]) c HN HB HR HQ JN JB JR JQ) ->
  exists Dm Rx L T Z,
    ghost Dm Rx (pk c HN HB HR HQ) (ad (frozen_set (piece_at P)) c HN HB HR HQ) (piece_at P) c L T Z /\
    Dm (piece_at P) = dead (piece_at P) c /\ Rx (piece_at P) = region_promoted (piece_at P) (frozen_set (piece_at P)) c.
Proof.
  intros P (h & G & Hg & (Hb & _)) c HN HB HR HQ HHs.
  assert (Hext : forall s, In s all_squares -> piece_at G s = piece_at P s) by (intros s Hs; symmetry; apply Hb, Hs).
  destruct (HHs G Hb) as (JN & JB & JR & JQ & HH).
  set (X := frozen_set (piece_at P)) in *.
  assert (HX : closed_set (piece_at G) (fun s => X.[s])).
  { apply (closed_transfer (piece_at P)); [apply frozen_set_closed|]. intros s Hs _. apply Hext, Hs. }
  destruct (promoted_sets G (piece_at P) X c (kind_region nowhere (piece_at P) X c Knight)
              (kind_region nowhere (piece_at P) X c Bishop) (kind_region nowhere (piece_at P) X c Rook)
              (kind_region nowhere (piece_at P) X c Queen) Hb)
    as (UN & UB & UR & UQ & KN & KB & KR & KQ & HS & ER).
  rewrite <- region_promoted_unfold in ER.
  assert (HR' : region_excess (piece_at P) c UN UB UR UQ = region_excess (piece_at G) c UN UB UR UQ)
    by (apply RegionCountproof.region_excess_ext; intros s Hs; symmetry; apply Hext, Hs).
  assert (HP : forall r, pk c HN HB HR HQ r (piece_at P) = pk c HN HB HR HQ r (piece_at G)).
  { intros r. unfold pk, RegionCount.excess. rewrite (RegionCountproof.count_on_ext (piece_at P) (piece_at G));
      [reflexivity|intros s Hs; symmetry; apply Hext, Hs]. }
  set (cols := columns (piece_at P) X). set (top := pawn_top (piece_at P) c).
  assert (HK : forall r, cuts_ok (piece_at G) (fun s => X.[s]) (cut cols (opp c) r) (opp c) r)
    by (intros r; apply (cuts_ok_ext (piece_at P)); [intros s Hs; symmetry; apply Hext, Hs|apply columns_ok]).
  assert (Htop : top_ok (piece_at G) c top)
    by (apply (top_ok_ext (piece_at P)); [intros s Hs; symmetry; apply Hext, Hs|apply pawn_top_ok]).
  rewrite dead_unfold. cbv zeta. fold X cols top.
  destruct (cages_ok X cols top c (cages X cols top c)) eqn:Hok.
  - destruct (ghost_game h G Hg X cols top c (cages X cols top c) UN UB UR UQ KN KB KR KQ HN HB HR HQ JN JB JR JQ
                Hok (fun s => eq_refl) (fun s => eq_refl) HX HK Htop HS HH) as (L & T & Z & Gh).
    apply ghost_ext with (b' := piece_at P) in Gh;
      [|exact Hext|rewrite (caged_ext _ (piece_at G) (piece_at P)); auto|exact HR'|exact HP].
    eexists _, _, L, T, Z. split; [exact Gh|]. split; [reflexivity|]. rewrite <- ER. reflexivity.
  - destruct (ghost_game h G Hg X cols top c [] UN UB UR UQ KN KB KR KQ HN HB HR HQ JN JB JR JQ eq_refl
                (fun s => eq_refl) (fun s => eq_refl) HX HK Htop HS HH) as (L & T & Z & Gh).
    apply ghost_ext with (b' := piece_at P) in Gh; [|exact Hext|rewrite !caged_nil; reflexivity|exact HR'|exact HP].
    eexists _, _, L, T, Z. split; [exact Gh|]. split; [rewrite !caged_nil; reflexivity|]. rewrite <- ER. reflexivity.
Qed.

Lemma reachable_sides : forall P, reachable P -> forall c, side_refutes (piece_at P) c = false.
Proof.
  intros P HP c.
  destruct (reachable_ghost P HP c (fun _ => false) (fun _ => false) (fun _ => false) (fun _ => false))
    as (Dm & Rx & L & T & Z & Gh & ED & ER).
  { intros G _. exists (fun _ _ => false), (fun _ _ => false), (fun _ _ => false), (fun _ _ => false).
    repeat split; intros x; discriminate. }
  rewrite <- (ghost_side_refutes Gh). unfold side_refutes.
  apply side_refutes_with_ext; symmetry; assumption.
Qed.

(** Proven by [reflexivity] and used by [rewrite]: [unfold pawn_refutes]
    makes [Qed] hang in the kernel. *)
Lemma pawn_refutes_unfold : forall P,
  pawn_refutes P = (side_refutes (piece_at P) White ||| side_refutes (piece_at P) Black).
Proof. reflexivity. Qed.

(** The headline theorem. *)
Theorem pawn_refutes_sound : forall P, pawn_refutes P = true -> ~ reachable P.
Proof.
  intros P H HP.
  rewrite pawn_refutes_unfold, (reachable_sides P HP White), (reachable_sides P HP Black) in H.
  discriminate H.
Qed.

(** ** Promotion entries are sound *)

Lemma reachable_entries_with : forall P, reachable P -> forall c AN AB AR AQ,
  entries_refute_with (fun _ => dead (piece_at P) c) (piece_at P) (frozen_set (piece_at P)) c AN AB AR AQ = false.
Proof.
  intros P HP c AN AB AR AQ.
  destruct (promoted_sets_ok (piece_at P) (frozen_set (piece_at P)) c AN AB AR AQ) eqn:Hok.
  - destruct (reachable_ghost P HP c (fun s => AN.[s]) (fun s => AB.[s]) (fun s => AR.[s]) (fun s => AQ.[s]))
      as (Dm & Rx & L & T & Z & Gh & ED & _).
    { intros G Hb. exact (validated_sets G (piece_at P) (frozen_set (piece_at P)) c AN AB AR AQ Hb Hok). }
    pose proof (ghost_entries_refute AN AB AR AQ Gh) as E. rewrite ED in E. exact E.
  - rewrite entries_refute_with_eq, Hok. reflexivity.
Qed.

Lemma side_entries_unfold : forall b c, side_entries_refute b c =
  entries_refute_with (fun _ => dead b c) b (frozen_set b) c (homeless b (frozen_set b) c Knight)
    (homeless b (frozen_set b) c Bishop) (homeless b (frozen_set b) c Rook) (homeless b (frozen_set b) c Queen).
Proof. reflexivity. Qed.

Lemma entry_refutes_unfold : forall P,
  entry_refutes P = (side_entries_refute (piece_at P) White ||| side_entries_refute (piece_at P) Black).
Proof. reflexivity. Qed.

(** The headline theorem of promotion entries. *)
Theorem entry_refutes_sound : forall P, entry_refutes P = true -> ~ reachable P.
Proof.
  intros P H HP.
  rewrite entry_refutes_unfold, !side_entries_unfold, !(reachable_entries_with P HP) in H.
  discriminate H.
Qed.


