(** * CrossingSearchproof: the computation of the crossing rule is
    bounded by the ghosts (part of the proof of Crossingproof.v).

    Headline theorems: [side_fits] (each side's ghost is an assignment
    [fits] looks for), [side_colours] (and one [colour_fits] looks for),
    [search_complete] (the search finds the ghosts' own choice),
    [rects_cover] (some pair of [rects] covers both sides' capture-free
    men), [forced_free] (a pawn the other side cannot do without is
    capture-free in its ghost).

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

*)

From Coq Require Import Uint63 PArray List Bool Arith Lia Permutation.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts Sums RulesCheck
  Game Reachable Invariants Frozen Frozenproof PawnCaptures PawnCapturesproof SealedBishops
  SealedBishopsproof Crossing Coloursproof CrossingStepproof.
Import ListNotations.
Open Scope nat_scope.

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
    apply in_map_iff in Hg. destruct Hg as (e & <- & He). apply in_map, (in_firstn He).
Qed.

Arguments ghost_tokens {Dm b c L T Z}.

Lemma side_fits : forall Dm b c L T Z A, ghostd Dm b c L T Z ->
  (forall g, covers L (firstn (sealed_excess b c) T) Z g (A g)) -> fits (Dm b) b c A = true.
Proof.
  intros Dm b c L T Z A G Hc. unfold fits. rewrite sealed_promoted_eq, men_count_cnt.
  destruct (ghost_tokens G) as (HlenT & HndT & Hsmall).
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
    assert (HinT : In (x, g) T) by (exact (in_firstn Hin)).
    destruct (gh_tok G x g HinT) as [Hx Ho].
    apply token_cost_le; [apply in_seq; lia|apply open_file, Ho|].
    intros Ez. apply zin_iff in Ez. split; [exact (gh_zt G x g HinT Ez)|].
    exact (proj2 (Hc g) x Hin Ez). }
  apply fitsk_complete.
  - exact (Permutation_NoDup (Permutation_sym Hslots) (nodup_app_l HndT)).
  - intros g Hg. apply (Permutation_in _ Hslots) in Hg. apply in_seq.
    enough (g < 8) by lia. apply Hsmall, in_or_app. left. exact Hg.
  - lia.
  - intros free' Hf. apply (choose_complete tk free' (map snd T') t).
    + exact (nodup_app_r HndT).
    + intros g Hg. apply Hf. split.
      * apply in_seq. enough (g < 8) by lia. apply Hsmall, in_or_app. right. exact Hg.
      * intros Hp. apply (Permutation_in _ Hslots) in Hp.
        exact (nodup_app_disj HndT Hp Hg).
    + rewrite map_length. exact HlenT.
    + lia.
Qed.

Arguments side_fits {Dm b c L T Z A}.

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
  - exfalso. apply negb_true_iff in Hf. rewrite (side_fits G) in Hf; [discriminate|].
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
  destruct (ghost_tokens G) as (HlenT & HndT & Hsmall).
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
  assert (HndS : NoDup Sl) by exact (nodup_app_r HndT).
  assert (HfT : forall x g, In (x, g) T' -> file_of T' g = x) by (intros x g Hin; apply file_of_in; assumption).
  set (o := fun g => let x := file_of T' g in
              ((if Nat.eqb x g then own (snd (A g)) else absd x g), token_lb c F x true, token_lb c F x false)).
  (* each promoted man's option costs at most its [zc], and counts at
     most its flags *)
  assert (Hpt : forall x g, In (x, g) T' ->
     t0 (o g) <= zc x g (zin g Z) /\ t1 (o g) <= flag Fl true g /\ t2 (o g) <= flag Fl false g).
  { intros x g Hin. assert (HinT : In (x, g) T) by (exact (in_firstn Hin)).
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
  - exact (Permutation_NoDup (Permutation_sym Hslots) (nodup_app_l HndT)).
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
        exact (nodup_app_disj HndT Hp Hg).
    + unfold Sl. rewrite map_length. exact HlenT.
    + intros g Hg. unfold Sl in Hg. apply in_map_iff in Hg. destruct Hg as ([x g'] & E & Hin). simpl in E. subst g'.
      assert (HinT : In (x, g) T) by (exact (in_firstn Hin)).
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
    cbn [search]; rewrite (side_fits GW Hw), (side_fits GB Hb); [reflexivity|].
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
      assert (Hs : In s all_squares) by exact (entry_sq G Hin).
      split; [|apply Nat.eqb_eq; exact (gh_zl G s g Hin Hz)].
      unfold pawn_sqs. apply filter_In. split; [exact Hs|]. apply opiece_eqb_eq.
      apply (gh_pawns G s Hs). apply (in_map fst) in Hin. exact Hin.
    + intros x Hin Hz. unfold cands. simpl snd. rewrite sealed_promoted_eq.
      assert (Ht : 0 < sealed_excess b c) by (destruct (sealed_excess b c); [destruct Hin|lia]).
      apply andb_true_intro. split; [apply Nat.ltb_lt; exact Ht|].
      pose proof (in_firstn Hin) as HinT. destruct (gh_tok G x g HinT) as [_ Ho].
      rewrite <- (gh_zt G x g HinT Hz). apply open_file, Ho.
  - rewrite nth_overflow by (rewrite map_length, seq_length; lia).
    assert (Hsm := gh_small G g). split.
    + intros s Hin _. exfalso. enough (g < 8) by lia. apply Hsm, in_or_app. left.
      apply (in_map snd) in Hin. exact Hin.
    + intros x Hin _. exfalso. enough (g < 8) by lia. apply Hsm, in_or_app. right.
      exact (in_map snd _ _ (in_firstn Hin)).
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

Arguments zero_entry {L T' Z g}.

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
  destruct (zero_entry Ew) as (Hzw & Hew). destruct (zero_entry Eb) as (Hzb & Heb).
  destruct (Ho g Hzw Hzb) as (H1 & H2 & H3 & H4).
  destruct Hew as [(s & Hs)|(y & Hy)].
  2: { exfalso. destruct Heb as [(x & Hx)|(y' & Hy')]; [exact (H3 y x (Iw _ Hy) Hx)|exact (H4 y y' (Iw _ Hy) (Ib _ Hy'))]. }
  destruct Heb as [(x & Hx)|(y & Hy)].
  2: { exfalso. exact (H2 s y Hs (Ib _ Hy)). }
  assert (Hss : In s all_squares) by exact (entry_sq GW Hs).
  assert (Hxs : In x all_squares) by exact (entry_sq GB Hx).
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
        (auto; exact (nodup_app_l (gh_slots GW))). apply inb_iff. exact Hsw.
    + intros y Hy _. exfalso. exact (H3 y x (Iw _ Hy) Hx).
  - split.
    + intros x' Hx' _. rewrite (nodup_snd_inj Lb x' x g) by
        (auto; exact (nodup_app_l (gh_slots GB))). apply inb_iff. exact Hxk.
    + intros y Hy _. exfalso. exact (H2 s y Hs (Ib _ Hy)).
Qed.

