(** * ProofGameproof: the proof-game checkers of ProofGame.v are sound.

    Headline theorems (Print Assumptions: the primitive integers and
    arrays and their specification axioms, as for Retro.v):

    - [only_games_sound : check_only_games P N gs = true ->
         forall h G, game h G -> List.length h = N -> same_diagram G P ->
         among (plies h) gs]
        every game of exactly [N] plies from the initial position whose
        last position shows the diagram [P] (its board and side to move)
        has the plies of one of [gs] ([among]: [plies h = g1 \/ ...];
        [False] when [gs] is empty: no such game);
    - [game_plies_sound : check_game_plies P N g = true ->
         exists h G, game h G /\ List.length h = N /\ same_diagram G P /\ plies h = g]
        [g] is such a game;
    - [no_shorter_sound : check_no_shorter P N = true ->
         forall h G, game h G -> same_diagram G P -> N <= List.length h]
        no game of fewer than [N] plies shows [P].

    [only_games_sound] rests on the completeness of the retraction
    generator (Completeness.v: every ply of a game is among the
    retractions of the position after it), on the bound of Distance.v
    ([Distanceproof.bound_game]: a position a game of [k] plies ends in
    passes [bound_ok k]), and on the soundness of the table of dead
    positions ([memo_ok]: every entry is reached by no game of its
    plies).  The [_from] forms take the completeness as a hypothesis. *)

From Coq Require Import Uint63 PArray List Bool String PArith FMapPositive Arith Lia.
From RetroProof Require Import Gen.Vocab Board Rules Facts RulesCheck Retract Notation Reachable Search
  Movegen Cert Distance Distanceproof ProofGame.
From RetroProof Require Soundness Completeness.
Import ListNotations.
Open Scope list_scope.

(** ** The diagram *)

Lemma same_diagram_realizes : forall G P, same_diagram G P -> realizes G (diagram P).
Proof.
  intros G P (Hb & Ht). split; [|split; [|split]].
  - intros s Hs. exact (Hb s Hs).
  - exact Ht.
  - intros c side H. destruct c, side; vm_compute in H; discriminate H.
  - intros e H. discriminate H.
Qed.

Lemma realizes_trans : forall G Q M, realizes G Q -> realizes Q M -> realizes G M.
Proof.
  intros G Q M (Hb1 & Ht1 & Hc1 & He1) (Hb2 & Ht2 & Hc2 & He2).
  split; [|split; [|split]].
  - intros s Hs. rewrite (Hb2 s Hs). apply Hb1, Hs.
  - congruence.
  - intros c side H. apply Hc1, Hc2, H.
  - intros e H. apply He1, He2, H.
Qed.

(** ** Positions no game of [k] plies reaches *)

Definition no_game (k : nat) (Q : position) : Prop :=
  forall h G, game h G -> List.length h = k -> realizes G Q -> False.

Definition memo_ok (T : memo) : Prop :=
  forall key Mj, In Mj (memo_bucket T key) -> no_game (snd Mj) (fst Mj).

Lemma memo_empty : memo_ok (PositiveMap.empty _).
Proof. intros key Mj H. unfold memo_bucket in H. rewrite PositiveMap.gempty in H. destruct H. Qed.

Lemma known_dead_sound : forall key T Q n, memo_ok T -> known_dead key T Q n = true -> no_game n Q.
Proof.
  intros key T Q n HT H. unfold known_dead in H. apply existsb_exists in H.
  destruct H as ([M j] & Hin & H). apply lazy_and_true in H. destruct H as (Hj & HM).
  apply Nat.eqb_eq in Hj. cbn [fst snd] in *. subst j.
  intros h G Hg Hl Hr. apply (HT _ _ Hin h G Hg Hl). cbn [fst].
  exact (realizes_trans G Q M Hr (realizes_b_sound Q M HM)).
Qed.

Lemma add_dead_ok : forall key T Q n, memo_ok T -> no_game n Q -> memo_ok (add_dead key T Q n).
Proof.
  intros key T Q n HT HQ k Mj Hin. unfold add_dead, memo_bucket in Hin.
  destruct (Pos.eq_dec k (key Q)) as [->|Hne].
  - rewrite PositiveMap.gss in Hin. destruct Hin as [<-|Hin]; [exact HQ|].
    exact (HT _ _ Hin).
  - rewrite PositiveMap.gso in Hin by exact Hne. exact (HT _ _ Hin).
Qed.

(** ** The bound of a predecessor, computed before it is built *)

Lemma legal_turn : forall Q m P, legal_move Q m P -> opp (turn P) = turn Q.
Proof. intros Q m P (_ & Ht & _). rewrite Ht. apply opp_opp. Qed.

Lemma after_to : forall Q m, mv_kind m <> Castle -> mv_from m <> mv_to m ->
  after Q m (mv_to m) =
  match mv_kind m with
  | Promotion => match mv_promo m with Some r => Some (MkPiece (turn Q) r) | None => None end
  | _ => piece_at Q (mv_from m)
  end.
Proof.
  intros Q m Hk Hft. unfold after.
  assert (E : (mv_to m =? mv_from m)%uint63 = false) by (apply eqb_false; intros E; apply Hft; symmetry; exact E).
  destruct (mv_kind m); [| | |contradiction]; cbv beta zeta; rewrite E, eqb_same; reflexivity.
Qed.

Lemma tally_eq : forall a b c d a' b' c' d', a = a' -> b = b' -> c = c' -> d = d' ->
  Tally a b c d = Tally a' b' c' d'.
Proof. intros; subst; reflexivity. Qed.

Lemma tally_plus_eq : forall o s t, tally_plus o s t =
  Tally (man_moves_of White o s + t_white t) (man_moves_of Black o s + t_black t)
        (man_count_of White o s + n_white t) (man_count_of Black o s + n_black t).
Proof. intros [[[|] r]|] s [a b c d]; reflexivity. Qed.

Lemma tally_minus_eq : forall o s t, tally_minus o s t =
  Tally (t_white t - man_moves_of White o s) (t_black t - man_moves_of Black o s)
        (n_white t - man_count_of White o s) (n_black t - man_count_of Black o s).
Proof. intros [[[|] r]|] s [a b c d]; cbn; rewrite ?Nat.sub_0_r; reflexivity. Qed.

(** The four summands, as the lemmas of Distanceproof.v want them. *)
Ltac sums_of L :=
  pose proof (L _ (moves_none White)) as E1; pose proof (L _ (moves_none Black)) as E2;
  pose proof (L _ (count_none White)) as E3; pose proof (L _ (count_none Black)) as E4.

Theorem pre_tally_sound : forall P r Q, In (r, Q) (retractions P) ->
  pre_tally P (tally_of P) r = tally_of Q.
Proof.
  intros P r Q Hin.
  destruct (Soundness.retractions_sound_rules P r Q Hin) as (Hl & _ & _ & _ & Hcap).
  pose proof (legal_turn _ _ _ Hl) as HM.
  pose proof Hl as ((Hf & Ht & Hk) & _ & Hb & _). apply on_board_in in Hf, Ht.
  unfold capture_matches in Hcap.
  unfold pre_tally. rewrite HM. rewrite !tally_of_sums.
  repeat (rewrite ?tally_plus_eq, ?tally_minus_eq; cbn [t_white t_black n_white n_black]).
  unfold men_moves, men_count.
  destruct (mv_kind (rt_move r)) eqn:Ek.
  - (* a plain move *)
    destruct Hk as (_ & r0 & Hbf & Htok & _).
    pose proof (target_neq _ _ _ _ _ Hbf Htok) as Hft.
    assert (Hto : piece_at P (mv_to (rt_move r)) = piece_at Q (mv_from (rt_move r))).
    { rewrite (Hb _ Ht), after_to by (rewrite ?Ek; congruence). rewrite Ek. reflexivity. }
    sums_of (fun w Hw => legal_sums_normal Q (rt_move r) P w Hw Hl Ek).
    rewrite Hto. rewrite Hcap in E1, E2, E3, E4.
    apply tally_eq; lia.
  - (* a promotion *)
    destruct Hk as (x & Hx & _ & Hbf & _ & Htok & _).
    pose proof (target_neq _ _ _ _ _ Hbf Htok) as Hft.
    assert (Hto : piece_at P (mv_to (rt_move r)) = Some (MkPiece (turn Q) x)).
    { rewrite (Hb _ Ht), after_to by (rewrite ?Ek; congruence). rewrite Ek, Hx. reflexivity. }
    sums_of (fun w Hw => legal_sums_promotion Q (rt_move r) P w x Hw Hl Ek Hx).
    rewrite Hto. rewrite Hcap, Hbf in E1, E2, E3, E4.
    apply tally_eq; lia.
  - (* en passant *)
    destruct Hk as (_ & _ & Hbf & _ & Hbt & Hbv).
    assert (Hft : mv_from (rt_move r) <> mv_to (rt_move r)) by (intros E; rewrite E, Hbt in Hbf; discriminate).
    assert (Hto : piece_at P (mv_to (rt_move r)) = piece_at Q (mv_from (rt_move r))).
    { rewrite (Hb _ Ht), after_to by (rewrite ?Ek; congruence). rewrite Ek. reflexivity. }
    sums_of (fun w Hw => legal_sums_ep Q (rt_move r) P w Hw Hl Ek).
    cbv zeta in E1, E2, E3, E4. rewrite Hbv in E1, E2, E3, E4.
    assert (HP : turn P = opp (turn Q)) by (rewrite <- HM, opp_opp; reflexivity).
    rewrite Hto, HP. cbv zeta.
    destruct (inb (ep_victim (turn Q) (mv_to (rt_move r))) all_squares);
      cbn [t_white t_black n_white n_black]; apply tally_eq; lia.
  - (* castling *)
    destruct (castle_shape Q (rt_move r) (proj1 Hl) Ek) as (side & Hfk & Htk & _).
    assert (Hside : castling_side_of (turn Q) (mv_to (rt_move r)) = side)
      by (rewrite Htk; apply castling_side_of_to).
    assert (Hrt : In (castle_rook_to (turn Q) side) all_squares) by apply castle_squares_ok.
    assert (Hne : castle_rook_to (turn Q) side <> mv_to (rt_move r)).
    { rewrite Htk. destruct (turn Q), side; apply eqb_false_neq; reflexivity. }
    assert (Hto : piece_at P (mv_to (rt_move r)) = Some (MkPiece (turn Q) King)).
    { rewrite (Hb _ Ht). unfold after. rewrite Ek, eqb_same. reflexivity. }
    assert (Hrto : piece_at P (castle_rook_to (turn Q) side) = Some (MkPiece (turn Q) Rook)).
    { rewrite (Hb _ Hrt). unfold after. rewrite Ek, Hside.
      rewrite (eqb_false _ _ Hne), eqb_same. reflexivity. }
    sums_of (fun w Hw => legal_sums_castle Q (rt_move r) P w Hw Hl Ek).
    cbv zeta in E1, E2, E3, E4. rewrite Hside in E1, E2, E3, E4 |- *.
    rewrite Hto, Hrto. apply tally_eq; lia.
Qed.

(** ** The pruned candidates keep every predecessor within the bound *)

Lemma keep_fast_spec : forall P x0 l acc r Q, In (r, Q) (keep_fast P x0 l acc) ->
  In (r, Q) acc \/
  (In r l /\ Q = unmake_meta P r (tb_arr (unmake_t P x0 r)) /\
   retraction_ok_fast P r Q (unmake_t P x0 r) = true).
Proof.
  intros P x0 l. induction l as [|r0 l IH]; intros acc r Q H; [left; exact H|].
  simpl in H. destruct (IH _ _ _ H) as [H1|(H1 & H2 & H3)].
  - destruct (retraction_ok_fast _ _ _ _) eqn:E; [|left; exact H1].
    destruct H1 as [E1|H1]; [|left; exact H1].
    injection E1 as <- <-. right. split; [left; reflexivity|]. split; [reflexivity|exact E].
  - right. split; [right; exact H1|]. split; assumption.
Qed.

(** A predecessor of a well-formed [P], as the search builds it. *)
Lemma retractions_built : forall P r Q, wf P = true -> In (r, Q) (retractions P) ->
  In r (candidates P) /\ Q = unmake_meta P r (tb_arr (unmake_t P (tinit P) r)) /\
  retraction_ok_fast P r Q (unmake_t P (tinit P) r) = true.
Proof.
  intros P r Q Hw Hin. unfold retractions in Hin.
  destruct (in_check_b (piece_at P) (opp (turn P))); [destruct Hin|].
  rewrite (Completeness.wf_length P Hw) in Hin. cbn in Hin.
  destruct (keep_fast_spec _ _ _ _ _ _ Hin) as [[]|H]. exact H.
Qed.

Theorem within_complete : forall k P r Q, wf P = true -> In (r, Q) (retractions P) ->
  bound_ok k Q = true -> In r (within_candidates k P).
Proof.
  intros k P r Q Hw Hin Hb.
  destruct (Soundness.retractions_sound_rules P r Q Hin) as (Hl & _).
  pose proof (legal_turn _ _ _ Hl) as HM.
  rewrite <- bound_tally_ok, <- (pre_tally_sound P r Q Hin), <- HM in Hb.
  unfold bound_tally in Hb. apply andb_prop in Hb. destruct Hb as (Ht & Hf).
  assert (Hc : in_check_b (piece_at P) (opp (turn P)) = false).
  { unfold retractions in Hin. destruct (in_check_b _ _); [destruct Hin|reflexivity]. }
  unfold within_candidates. rewrite Ht, Hc. cbn [negb].
  apply filter_In. split; [exact (proj1 (retractions_built P r Q Hw Hin))|exact Hf].
Qed.

(** ** The search *)

Lemma game_nil : forall G, game [] G -> G = initial.
Proof.
  intros G Hg. inversion Hg as [|h G0 m G' _ _ E]; [reflexivity|].
  destruct h; discriminate E.
Qed.

Lemma plies_length : forall h, List.length (plies h) = List.length h.
Proof. intros h. apply map_length. Qed.



(** The search step of [search], over the retractions of [Q] with [k']
    plies left. *)
Definition step (key : position -> positive) (k' : nat) (Q : position) (x0 : tboard)
    (acc : option (memo * list (list string))) (r : retraction) :
    option (memo * list (list string)) :=
  match acc with
  | None => None
  | Some (T1, gs) =>
      let y := unmake_t Q x0 r in
      let Q' := unmake_meta Q r (tb_arr y) in
      if known_dead key T1 Q' k' then acc
      else if retraction_ok_fast Q r Q' y then
        match search key k' Q' T1 with
        | None => None
        | Some (T2, gs') => Some (T2, extend Q r gs' ++ gs)
        end
      else acc
  end.

Lemma search_S : forall key k' Q T, search key (S k') Q T =
  if known_dead key T Q (S k') then Some (T, [])
  else if negb (wf Q) then None
  else match fold_left (step key k' Q (tinit Q)) (within_candidates k' Q) (Some (T, [])) with
       | None => None
       | Some (T', []) => Some (add_dead key T' Q (S k'), [])
       | Some (T', gs) => Some (T', gs)
       end.
Proof. reflexivity. Qed.

Lemma fold_none : forall key k' Q x0 l, fold_left (step key k' Q x0) l None = None.
Proof. intros key k' Q x0 l. induction l; simpl; auto. Qed.

(** What the search finds below a position, and the table it leaves. *)
Definition found (k : nat) (Q : position) (gs : list (list string)) : Prop :=
  forall h G, game h G -> List.length h = k -> realizes G Q -> In (plies h) gs.

Lemma fold_sound : forall key k' Q x0,
  (forall Q' T T' gs, memo_ok T -> search key k' Q' T = Some (T', gs) -> memo_ok T' /\ found k' Q' gs) ->
  forall l T0 gs0 T1 gs1, memo_ok T0 ->
  fold_left (step key k' Q x0) l (Some (T0, gs0)) = Some (T1, gs1) ->
  memo_ok T1 /\ incl gs0 gs1 /\
  (forall r, In r l ->
     retraction_ok_fast Q r (unmake_meta Q r (tb_arr (unmake_t Q x0 r))) (unmake_t Q x0 r) = true ->
     forall h G, game h G -> List.length h = k' -> realizes G (unmake_meta Q r (tb_arr (unmake_t Q x0 r))) ->
     In (plies h ++ [retraction_to_string (turn Q) r]) gs1).
Proof.
  intros key k' Q x0 IH l. induction l as [|r l IHl]; intros T0 gs0 T1 gs1 HT Hf.
  - injection Hf as <- <-. split; [exact HT|]. split; [apply incl_refl|]. intros _ [].
  - cbn [fold_left] in Hf. unfold step at 2 in Hf. cbv zeta in Hf.
    set (Q' := unmake_meta Q r (tb_arr (unmake_t Q x0 r))) in *.
    destruct (known_dead key T0 Q' k') eqn:Ed.
    + destruct (IHl _ _ _ _ HT Hf) as (HT1 & Hincl & Hl). split; [exact HT1|]. split; [exact Hincl|].
      intros r0 [<-|Hin] Hok h G Hg Hlen Hr.
      * exfalso. exact (known_dead_sound key T0 Q' k' HT Ed h G Hg Hlen Hr).
      * exact (Hl r0 Hin Hok h G Hg Hlen Hr).
    + destruct (retraction_ok_fast Q r Q' (unmake_t Q x0 r)) eqn:Eok.
      * destruct (search key k' Q' T0) as [[T2 gs']|] eqn:Es; [|rewrite fold_none in Hf; discriminate].
        destruct (IH Q' T0 T2 gs' HT Es) as (HT2 & Hfound).
        destruct (IHl _ _ _ _ HT2 Hf) as (HT1 & Hincl & Hl).
        split; [exact HT1|]. split.
        -- intros g Hg. apply Hincl, in_or_app. right. exact Hg.
        -- intros r0 [<-|Hin] Hok h G Hg Hlen Hr.
           ++ apply Hincl, in_or_app. left.
              unfold extend. apply in_map_iff. exists (plies h). split; [reflexivity|].
              exact (Hfound h G Hg Hlen Hr).
           ++ exact (Hl r0 Hin Hok h G Hg Hlen Hr).
      * destruct (IHl _ _ _ _ HT Hf) as (HT1 & Hincl & Hl). split; [exact HT1|]. split; [exact Hincl|].
        intros r0 [<-|Hin] Hok h G Hg Hlen Hr.
        -- fold Q' in Hok. rewrite Eok in Hok. discriminate Hok.
        -- exact (Hl r0 Hin Hok h G Hg Hlen Hr).
Qed.

Theorem search_sound_from : retractions_complete -> forall key k Q T T' gs,
  memo_ok T -> search key k Q T = Some (T', gs) -> memo_ok T' /\ found k Q gs.
Proof.
  intros Hc key k. induction k as [|k' IH]; intros Q T T' gs HT Hs.
  - cbn [search] in Hs. injection Hs as <- <-. split; [exact HT|].
    intros h G Hg Hlen Hr. destruct h; [|discriminate Hlen].
    apply game_nil in Hg. subst G. rewrite (realizes_initial Q Hr). left. reflexivity.
  - rewrite search_S in Hs.
    destruct (known_dead key T Q (S k')) eqn:Ed.
    { injection Hs as <- <-. split; [exact HT|].
      intros h G Hg Hlen Hr. exfalso. exact (known_dead_sound key T Q _ HT Ed h G Hg Hlen Hr). }
    destruct (wf Q) eqn:Hw; [|discriminate Hs]. cbn [negb] in Hs.
    destruct (fold_left (step key k' Q (tinit Q)) (within_candidates k' Q) (Some (T, []))) as [[T1 gs1]|] eqn:Ef;
      [|discriminate Hs].
    destruct (fold_sound key k' Q (tinit Q) IH _ _ _ _ _ HT Ef) as (HT1 & _ & Hall).
    (* every game of [S k'] plies reaching [Q] is found *)
    assert (Hfound : found (S k') Q gs1).
    { intros h G Hg Hlen Hr.
      destruct (retract_step Hc h G Q Hg Hr Hw) as [[-> _]|(h' & G0 & r & Q' & -> & Hin & Hg' & Hr' & _ & Hname)];
        [discriminate Hlen|].
      rewrite app_length in Hlen. cbn [List.length] in Hlen.
      assert (Hlen' : List.length h' = k') by lia.
      pose proof (bound_game h' G0 Q' Hg' Hr') as Hb. rewrite Hlen' in Hb.
      rewrite plies_app. change (plies [(G0, rt_move r)]) with [ply_string G0 (rt_move r)]. rewrite Hname.
      destruct (retractions_built Q r Q' Hw Hin) as (_ & EQ' & Hok). subst Q'.
      exact (Hall r (within_complete k' Q r _ Hw Hin Hb) Hok h' G0 Hg' Hlen' Hr'). }
    destruct gs1 as [|g gs1].
    + injection Hs as <- <-. split; [|intros h G Hg Hlen Hr; exact (Hfound h G Hg Hlen Hr)].
      apply add_dead_ok; [exact HT1|]. intros h G Hg Hlen Hr. exact (Hfound h G Hg Hlen Hr).
    + injection Hs as <- <-. split; [exact HT1|exact Hfound].
Qed.



(** ** The checkers *)

Lemma listed_among : forall gs g, listed gs g = true -> among g gs.
Proof.
  intros gs g H. unfold listed in H. apply existsb_exists in H. destruct H as (g' & Hin & E).
  unfold list_eqb in E. destruct (list_eq_dec string_dec g g') as [<-|]; [|discriminate E].
  clear E. induction gs as [|x gs IH]; [destruct Hin|].
  simpl. destruct Hin as [->|Hin].
  - destruct gs; [reflexivity|left; reflexivity].
  - destruct gs as [|y gs]; [destruct Hin|]. right. exact (IH Hin).
Qed.

Theorem only_games_sound_from : retractions_complete -> forall key P N gs,
  check_only_games_gen key P N gs = true ->
  forall h G, game h G -> List.length h = N -> same_diagram G P -> among (plies h) gs.
Proof.
  intros Hc key P N gs H h G Hg Hlen Hd. unfold check_only_games_gen in H.
  destruct (search key N (diagram P) (PositiveMap.empty _)) as [[T found]|] eqn:Es; [|discriminate H].
  destruct (search_sound_from Hc key N (diagram P) _ T found memo_empty Es) as (_ & Hf).
  rewrite forallb_forall in H. apply listed_among, H.
  exact (Hf h G Hg Hlen (same_diagram_realizes G P Hd)).
Qed.

Definition shorter_step (key : position -> positive) (P : position) (acc : option memo) (k : nat) :
    option memo :=
  match acc with
  | None => None
  | Some T => match search key k (diagram P) T with
              | Some (T', []) => Some T'
              | _ => None
              end
  end.

Lemma check_no_shorter_eq : forall key P N, check_no_shorter_gen key P N =
  match fold_left (shorter_step key P) (seq 0 N) (Some (PositiveMap.empty _)) with
  | Some _ => true
  | None => false
  end.
Proof. reflexivity. Qed.

Lemma shorter_fold : forall (Hc : retractions_complete) key P l T0 T1, memo_ok T0 ->
  fold_left (shorter_step key P) l (Some T0) = Some T1 ->
  forall k, In k l -> found k (diagram P) [].
Proof.
  intros Hc key P l. induction l as [|k l IH]; intros T0 T1 HT Hf k0 Hin; [destruct Hin|].
  assert (Fnone : forall l, fold_left (shorter_step key P) l None = None).
  { intros l'. induction l' as [|x l' IHl']; [reflexivity|]. exact IHl'. }
  change (fold_left (shorter_step key P) l (shorter_step key P (Some T0) k) = Some T1) in Hf.
  unfold shorter_step at 2 in Hf.
  destruct (search key k (diagram P) T0) as [[T' [|g gs]]|] eqn:Es;
    [|rewrite Fnone in Hf; discriminate Hf|rewrite Fnone in Hf; discriminate Hf].
  destruct (search_sound_from Hc key k (diagram P) T0 T' [] HT Es) as (HT' & Hf0).
  destruct Hin as [<-|Hin]; [exact Hf0|]. exact (IH T' T1 HT' Hf k0 Hin).
Qed.

Theorem no_shorter_sound_from : retractions_complete -> forall key P N,
  check_no_shorter_gen key P N = true ->
  forall h G, game h G -> same_diagram G P -> N <= List.length h.
Proof.
  intros Hc key P N H h G Hg Hd. rewrite check_no_shorter_eq in H.
  destruct (fold_left (shorter_step key P) (seq 0 N) (Some (PositiveMap.empty _))) as [T|] eqn:Ef;
    [|discriminate H].
  destruct (le_lt_dec N (List.length h)) as [Hle|Hlt]; [exact Hle|exfalso].
  assert (Hk : In (List.length h) (seq 0 N)) by (apply in_seq; lia).
  exact (shorter_fold Hc key P _ _ _ memo_empty Ef (List.length h) Hk h G Hg eq_refl
           (same_diagram_realizes G P Hd)).
Qed.

Lemma replay_plies_game : forall g G G' h, game h G -> replay_plies G g = Some G' ->
  exists h', game (h ++ h') G' /\ plies h' = g.
Proof.
  induction g as [|n g IH]; intros G G' h Hg Hr; cbn [replay_plies] in Hr.
  - injection Hr as <-. exists []. rewrite app_nil_r. auto.
  - destruct (find (fun m => String.eqb (ply_string G m) n) (legal_moves G)) as [m|] eqn:Ef; [|discriminate].
    destruct (game_step_b G m (play G m)) eqn:E; [|discriminate].
    apply game_step_b_sound in E. apply find_some in Ef. destruct Ef as (_ & En).
    apply String.eqb_eq in En.
    destruct (IH _ _ _ (game_next _ _ _ _ Hg E) Hr) as (h' & Hg' & Hp).
    exists ((G, m) :: h'). rewrite <- app_assoc in Hg'. split; [exact Hg'|].
    change (plies ((G, m) :: h')) with (ply_string G m :: plies h'). rewrite Hp, En. reflexivity.
Qed.

Theorem game_plies_sound : forall P N g, check_game_plies P N g = true ->
  exists h G, game h G /\ List.length h = N /\ same_diagram G P /\ plies h = g.
Proof.
  intros P N g H. unfold check_game_plies in H. apply lazy_and_true in H. destruct H as (Hn & H).
  apply Nat.eqb_eq in Hn.
  destruct (replay_plies initial g) as [G|] eqn:E; [|discriminate H].
  destruct (replay_plies_game g initial G [] game_start E) as (h & Hg & Hp).
  exists h, G. split; [exact Hg|]. split; [rewrite <- plies_length, Hp; exact Hn|].
  split; [|exact Hp].
  unfold same_diagram_b in H. apply lazy_and_true in H. destruct H as (Hb & Ht). split.
  - intros s Hs. rewrite forallb_forall in Hb. apply same_man_eq, Hb, Hs.
  - apply color_eqb_eq, Ht.
Qed.

(** ** The headline theorems *)

Theorem only_games_sound : forall P N gs, check_only_games P N gs = true ->
  forall h G, game h G -> List.length h = N -> same_diagram G P -> among (plies h) gs.
Proof. exact (only_games_sound_from Completeness.retractions_complete_games slot). Qed.

Theorem no_shorter_sound : forall P N, check_no_shorter P N = true ->
  forall h G, game h G -> same_diagram G P -> N <= List.length h.
Proof. exact (no_shorter_sound_from Completeness.retractions_complete_games slot). Qed.
