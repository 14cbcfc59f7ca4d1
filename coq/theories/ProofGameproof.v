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
    ([Distanceproof.bound_game_justified]: a position a game of [k] plies
    ends in passes [bound_in D k] for a checked table [D] of the squares
    whose men never moved), and on the soundness of the table of dead
    positions ([memo_ok]: every entry is reached by no game of its
    plies).  The [_from] forms take the completeness as a hypothesis. *)

From Coq Require Import Uint63 PArray List Bool String PArith FMapPositive Arith Lia.
From RetroProof Require Import Gen.Vocab Board Rules Facts RulesCheck Retract Notation Reachable Search
  Movegen Cert Stranded Distance Distanceproof ProofGame.
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

Lemma tally_plus_eq : forall D o s t, tally_plus D o s t =
  Tally (man_moves_of D White o s + t_white t) (man_moves_of D Black o s + t_black t)
        (man_count_of White o s + n_white t) (man_count_of Black o s + n_black t).
Proof. intros D [[[|] r]|] s [a b c d]; reflexivity. Qed.

Lemma tally_minus_eq : forall D o s t, tally_minus D o s t =
  Tally (t_white t - man_moves_of D White o s) (t_black t - man_moves_of D Black o s)
        (n_white t - man_count_of White o s) (n_black t - man_count_of Black o s).
Proof. intros D [[[|] r]|] s [a b c d]; cbn; rewrite ?Nat.sub_0_r; reflexivity. Qed.

(** The four summands, as the lemmas of Distanceproof.v want them. *)
Ltac sums_of D L :=
  pose proof (L _ (moves_none D White)) as E1; pose proof (L _ (moves_none D Black)) as E2;
  pose proof (L _ (count_none White)) as E3; pose proof (L _ (count_none Black)) as E4.

Theorem pre_tally_sound : forall D P r Q, In (r, Q) (retractions P) ->
  pre_tally D P (tally_of D P) r = tally_of D Q.
Proof.
  intros D P r Q Hin.
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
    sums_of D (fun w Hw => legal_sums_normal Q (rt_move r) P w Hw Hl Ek).
    rewrite Hto. rewrite Hcap in E1, E2, E3, E4.
    apply tally_eq; lia.
  - (* a promotion *)
    destruct Hk as (x & Hx & _ & Hbf & _ & Htok & _).
    pose proof (target_neq _ _ _ _ _ Hbf Htok) as Hft.
    assert (Hto : piece_at P (mv_to (rt_move r)) = Some (MkPiece (turn Q) x)).
    { rewrite (Hb _ Ht), after_to by (rewrite ?Ek; congruence). rewrite Ek, Hx. reflexivity. }
    sums_of D (fun w Hw => legal_sums_promotion Q (rt_move r) P w x Hw Hl Ek Hx).
    rewrite Hto. rewrite Hcap, Hbf in E1, E2, E3, E4.
    apply tally_eq; lia.
  - (* en passant *)
    destruct Hk as (_ & _ & Hbf & _ & Hbt & Hbv).
    assert (Hft : mv_from (rt_move r) <> mv_to (rt_move r)) by (intros E; rewrite E, Hbt in Hbf; discriminate).
    assert (Hto : piece_at P (mv_to (rt_move r)) = piece_at Q (mv_from (rt_move r))).
    { rewrite (Hb _ Ht), after_to by (rewrite ?Ek; congruence). rewrite Ek. reflexivity. }
    sums_of D (fun w Hw => legal_sums_ep Q (rt_move r) P w Hw Hl Ek).
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
    sums_of D (fun w Hw => legal_sums_castle Q (rt_move r) P w Hw Hl Ek).
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

Theorem within_complete : forall D k P r Q, wf P = true -> In (r, Q) (retractions P) ->
  bound_in D k Q = true -> In r (within_candidates D (tally_of D P) k P).
Proof.
  intros D k P r Q Hw Hin Hb.
  destruct (Soundness.retractions_sound_rules P r Q Hin) as (Hl & _).
  pose proof (legal_turn _ _ _ Hl) as HM.
  rewrite <- bound_tally_ok, <- (pre_tally_sound D P r Q Hin), <- HM in Hb.
  unfold bound_tally in Hb. apply andb_prop in Hb. destruct Hb as (Ht & Hf).
  assert (Hc : in_check_b (piece_at P) (opp (turn P)) = false).
  { unfold retractions in Hin. destruct (in_check_b _ _); [destruct Hin|reflexivity]. }
  unfold within_candidates. rewrite Ht, Hc. cbn [negb].
  apply filter_In. split; [exact (proj1 (retractions_built P r Q Hw Hin))|exact Hf].
Qed.

(** ** The tables of blocked squares *)

Definition tables_ok (C : tables) : Prop :=
  forall k e, In e (match PositiveMap.find k C with Some l => l | None => [] end) ->
  table_ok (fst e) (snd e) = true.

Lemma tables_empty : tables_ok (PositiveMap.empty _).
Proof. intros k e H. rewrite PositiveMap.gempty in H. destruct H. Qed.

Lemma open_table_ok : table_ok no_blocks open_table = true.
Proof. vm_compute. reflexivity. Qed.

Lemma no_blocks_check : forallb (fun s => negb no_blocks.[s]) all_squares = true.
Proof. vm_compute. reflexivity. Qed.

Lemma no_blocks_false : forall s, In s all_squares -> no_blocks.[s] = false.
Proof.
  intros s Hs. pose proof no_blocks_check as H. rewrite forallb_forall in H.
  apply negb_true_iff, H, Hs.
Qed.

Lemma tf_unfold : forall bkey tab C F, table_for bkey tab C F =
  let k := bkey F in
  let l := match PositiveMap.find k C with Some l => l | None => [] end in
  match find (fun e => same_blocks F (fst e)) l with
  | Some (F', D) => (C, F', D)
  | None =>
      let F' := PArray.copy F in
      let D := tab F' in
      if table_ok F' D then (PositiveMap.add k ((F', D) :: l) C, F', D) else (C, no_blocks, open_table)
  end.
Proof. reflexivity. Qed.

Lemma tables_add : forall C k F D, tables_ok C -> table_ok F D = true ->
  tables_ok (PositiveMap.add k ((F, D) :: match PositiveMap.find k C with Some l => l | None => [] end) C).
Proof.
  intros C k F D HC HD k' e Hin. destruct (Pos.eq_dec k' k) as [->|Hne].
  - rewrite PositiveMap.gss in Hin. destruct Hin as [<-|Hin]; [exact HD|exact (HC k e Hin)].
  - rewrite PositiveMap.gso in Hin by exact Hne. exact (HC k' e Hin).
Qed.

Lemma table_for_sound : forall bkey tab C F C' F' D, tables_ok C -> table_for bkey tab C F = (C', F', D) ->
  tables_ok C' /\ table_ok F' D = true /\
  (forall s, In s all_squares -> F'.[s] = true -> F.[s] = true).
Proof.
  intros bkey tab C F C' F' D HC H. rewrite tf_unfold in H. cbv zeta in H.
  revert H. generalize (bkey F) as k. intros k H.
  destruct (find (fun e => same_blocks F (fst e)) (match PositiveMap.find k C with Some l => l | None => [] end))
    as [[F1 D1]|] eqn:Ef.
  - injection H as <- <- <-. apply find_some in Ef. destruct Ef as (Hin & Hs).
    split; [exact HC|]. split; [exact (HC k _ Hin)|].
    intros s Hsq HF. unfold same_blocks in Hs. rewrite forallb_forall in Hs.
    specialize (Hs s Hsq). cbn [fst] in Hs. rewrite HF in Hs. apply Bool.eqb_prop in Hs. exact Hs.
  - revert H. generalize (tab (PArray.copy F)) as D0. intros D0 H.
    destruct (table_ok (PArray.copy F) D0) eqn:Eok.
    + injection H as <- <- <-. split; [|split; [exact Eok|]].
      * exact (tables_add C k _ _ HC Eok).
      * intros s _ HF. rewrite PArray.get_copy in HF. exact HF.
    + injection H as <- <- <-. split; [exact HC|]. split; [exact open_table_ok|].
      intros s Hs HF. rewrite (no_blocks_false s Hs) in HF. discriminate.
Qed.

(** ** The search *)

Lemma game_nil : forall G, game [] G -> G = initial.
Proof.
  intros G Hg. inversion Hg as [|h G0 m G' _ _ E]; [reflexivity|].
  destruct h; discriminate E.
Qed.

Lemma game_last_step : forall h G0 m G, game (h ++ [(G0, m)]) G -> game_step G0 m G.
Proof.
  intros h G0 m G Hg. inversion Hg as [E|h1 G1 m1 G2 _ Hs E].
  - destruct h; discriminate E.
  - apply app_inj_tail in E. destruct E as (_ & E). injection E as -> ->. exact Hs.
Qed.

Lemma plies_length : forall h, List.length (plies h) = List.length h.
Proof. intros h. apply map_length. Qed.

(** The search step of [search], over the candidates of [Q] with [k']
    plies left. *)
Definition step (key : position -> positive) (bkey : array bool -> positive) (tab : array bool -> dtable) (blocks : position -> array bool)
    (k' : nat) (Q : position) (x0 : tboard)
    (acc : option (memo * tables * list (list string))) (r : retraction) :
    option (memo * tables * list (list string)) :=
  match acc with
  | None => None
  | Some (T1, Cs1, gs) =>
      let y := unmake_t Q x0 r in
      let Q' := unmake_meta Q r (tb_arr y) in
      if known_dead key T1 Q' k' then acc
      else if retraction_ok_fast Q r Q' y then
        match search key bkey tab blocks k' Q' T1 Cs1 with
        | None => None
        | Some (T2, Cs2, gs') => Some (T2, Cs2, extend Q r gs' ++ gs)
        end
      else acc
  end.

Lemma search_S : forall key bkey tab blocks k' Q T C, search key bkey tab blocks (S k') Q T C =
  if known_dead key T Q (S k') then Some (T, C, [])
  else if negb (wf Q) then None
  else
    let '(C, _, D) := table_for bkey tab C (blocks Q) in
    let t := tally_of D Q in
    if negb (bound_tally (S k') (turn Q) t) then Some (add_dead key T Q (S k'), C, [])
    else match fold_left (step key bkey tab blocks k' Q (tinit Q)) (within_candidates D t k' Q) (Some (T, C, [])) with
         | None => None
         | Some (T', C', []) => Some (add_dead key T' Q (S k'), C', [])
         | Some (T', C', gs) => Some (T', C', gs)
         end.
Proof. reflexivity. Qed.

Lemma fold_none : forall key bkey tab blocks k' Q x0 l, fold_left (step key bkey tab blocks k' Q x0) l None = None.
Proof. intros key bkey tab blocks k' Q x0 l. induction l; simpl; auto. Qed.

(** What the search finds below a position. *)
Definition found (k : nat) (Q : position) (gs : list (list string)) : Prop :=
  forall h G, game h G -> List.length h = k -> realizes G Q -> In (plies h) gs.

Definition search_ok (key : position -> positive) (bkey : array bool -> positive) (tab : array bool -> dtable)
    (blocks : position -> array bool) (k : nat) : Prop :=
  forall Q T C T' C' gs, memo_ok T -> tables_ok C -> search key bkey tab blocks k Q T C = Some (T', C', gs) ->
  memo_ok T' /\ tables_ok C' /\ found k Q gs.

Lemma fold_sound : forall key bkey tab blocks k' Q x0, search_ok key bkey tab blocks k' ->
  forall l T0 C0 gs0 T1 C1 gs1, memo_ok T0 -> tables_ok C0 ->
  fold_left (step key bkey tab blocks k' Q x0) l (Some (T0, C0, gs0)) = Some (T1, C1, gs1) ->
  memo_ok T1 /\ tables_ok C1 /\ incl gs0 gs1 /\
  (forall r, In r l ->
     retraction_ok_fast Q r (unmake_meta Q r (tb_arr (unmake_t Q x0 r))) (unmake_t Q x0 r) = true ->
     forall h G, game h G -> List.length h = k' -> realizes G (unmake_meta Q r (tb_arr (unmake_t Q x0 r))) ->
     In (plies h ++ [retraction_to_string (turn Q) r]) gs1).
Proof.
  intros key bkey tab blocks k' Q x0 IH l. induction l as [|r l IHl]; intros T0 C0 gs0 T1 C1 gs1 HT HC Hf.
  - injection Hf as <- <- <-. split; [exact HT|]. split; [exact HC|]. split; [apply incl_refl|].
    intros _ [].
  - cbn [fold_left] in Hf. unfold step at 2 in Hf. cbv zeta in Hf.
    set (Q' := unmake_meta Q r (tb_arr (unmake_t Q x0 r))) in *.
    destruct (known_dead key T0 Q' k') eqn:Ed.
    + destruct (IHl _ _ _ _ _ _ HT HC Hf) as (HT1 & HC1 & Hincl & Hl).
      split; [exact HT1|]. split; [exact HC1|]. split; [exact Hincl|].
      intros r0 [<-|Hin] Hok h G Hg Hlen Hr.
      * exfalso. exact (known_dead_sound key T0 Q' k' HT Ed h G Hg Hlen Hr).
      * exact (Hl r0 Hin Hok h G Hg Hlen Hr).
    + destruct (retraction_ok_fast Q r Q' (unmake_t Q x0 r)) eqn:Eok.
      * destruct (search key bkey tab blocks k' Q' T0 C0) as [[[T2 C2] gs']|] eqn:Es;
          [|rewrite fold_none in Hf; discriminate].
        destruct (IH Q' T0 C0 T2 C2 gs' HT HC Es) as (HT2 & HC2 & Hfound).
        destruct (IHl _ _ _ _ _ _ HT2 HC2 Hf) as (HT1 & HC1 & Hincl & Hl).
        split; [exact HT1|]. split; [exact HC1|]. split.
        -- intros g Hg. apply Hincl, in_or_app. right. exact Hg.
        -- intros r0 [<-|Hin] Hok h G Hg Hlen Hr.
           ++ apply Hincl, in_or_app. left.
              unfold extend. apply in_map_iff. exists (plies h). split; [reflexivity|].
              exact (Hfound h G Hg Hlen Hr).
           ++ exact (Hl r0 Hin Hok h G Hg Hlen Hr).
      * destruct (IHl _ _ _ _ _ _ HT HC Hf) as (HT1 & HC1 & Hincl & Hl).
        split; [exact HT1|]. split; [exact HC1|]. split; [exact Hincl|].
        intros r0 [<-|Hin] Hok h G Hg Hlen Hr.
        -- fold Q' in Hok. rewrite Eok in Hok. discriminate Hok.
        -- exact (Hl r0 Hin Hok h G Hg Hlen Hr).
Qed.

(** [blocks] gives sets of squares whose men never moved (Stranded.v's
    [justified]). *)
Definition blocks_ok (blocks : position -> array bool) : Prop :=
  forall Q, justified (piece_at Q) (fun s => (blocks Q).[s]).

Theorem search_sound_from : retractions_complete -> forall key bkey tab blocks, blocks_ok blocks ->
  forall k, search_ok key bkey tab blocks k.
Proof.
  intros Hc key bkey tab blocks Hbl k. induction k as [|k' IH]; intros Q T C T' C' gs HT HC Hs.
  - cbn [search] in Hs. injection Hs as <- <- <-. split; [exact HT|]. split; [exact HC|].
    intros h G Hg Hlen Hr. destruct h; [|discriminate Hlen].
    apply game_nil in Hg. subst G. rewrite (realizes_initial Q Hr). left. reflexivity.
  - rewrite search_S in Hs.
    destruct (known_dead key T Q (S k')) eqn:Ed.
    { injection Hs as <- <- <-. split; [exact HT|]. split; [exact HC|].
      intros h G Hg Hlen Hr. exfalso. exact (known_dead_sound key T Q _ HT Ed h G Hg Hlen Hr). }
    destruct (wf Q) eqn:Hw; [|discriminate Hs]. cbn [negb] in Hs.
    destruct (table_for bkey tab C (blocks Q)) as [[C1 F] D] eqn:Etf.
    destruct (table_for_sound bkey tab C _ C1 F D HC Etf) as (HC1 & HD & HF).
    (* the squares of [blocks Q] stay through every game reaching [Q] *)
    pose proof (Hbl Q) as HX.
    assert (HFX : forall s, In s all_squares -> F.[s] = true -> (blocks Q).[s] = true) by exact HF.
    (* no game of [S k'] plies reaching [Q] fails the bound *)
    assert (Hbound : forall h G, game h G -> List.length h = S k' -> realizes G Q ->
              bound_tally (S k') (turn Q) (tally_of D Q) = true).
    { intros h G Hg Hlen Hr. rewrite bound_tally_ok, <- Hlen.
      exact (bound_game_justified F D HD h G Q _ Hg Hr HX HFX). }
    destruct (bound_tally (S k') (turn Q) (tally_of D Q)) eqn:Eb; cbn [negb] in Hs.
    2: { injection Hs as <- <- <-. split; [|split; [exact HC1|]].
         - apply add_dead_ok; [exact HT|]. intros h G Hg Hlen Hr.
           pose proof (Hbound h G Hg Hlen Hr) as Hb'. discriminate Hb'.
         - intros h G Hg Hlen Hr. pose proof (Hbound h G Hg Hlen Hr) as Hb'. discriminate Hb'. }
    destruct (fold_left (step key bkey tab blocks k' Q (tinit Q)) (within_candidates D (tally_of D Q) k' Q) (Some (T, C1, [])))
      as [[[T1 C2] gs1]|] eqn:Ef; [|discriminate Hs].
    destruct (fold_sound key bkey tab blocks k' Q (tinit Q) IH _ _ _ _ _ _ _ HT HC1 Ef) as (HT1 & HC2 & _ & Hall).
    (* every game of [S k'] plies reaching [Q] is found *)
    assert (Hfound : found (S k') Q gs1).
    { intros h G Hg Hlen Hr.
      destruct (retract_step Hc h G Q Hg Hr Hw) as [[-> _]|(h' & G0 & r & Q' & -> & Hin & Hg' & Hr' & _ & Hname)];
        [cbn in Hlen; discriminate Hlen|].
      rewrite app_length in Hlen. cbn [List.length] in Hlen.
      assert (Hlen' : List.length h' = k') by lia.
      (* the frozen squares of [Q] stay back to [G0] *)
      assert (HXG : justified (piece_at G) (fun s => (blocks Q).[s])).
      { apply (justified_transfer (piece_at Q)); [exact HX|].
        intros s Hsq _. symmetry. apply (proj1 Hr), Hsq. }
      destruct (justified_kept h' G0 (rt_move r) G _ Hg' (game_last_step _ _ _ _ Hg) HXG) as (HXG0 & _).
      pose proof (bound_game_kept F D HD h' G0 _ Hg' HXG0 HFX) as Hb.
      rewrite <- (bound_in_realizes D _ G0 Q' Hr') in Hb. rewrite Hlen' in Hb.
      rewrite plies_app. change (plies [(G0, rt_move r)]) with [ply_string G0 (rt_move r)]. rewrite Hname.
      destruct (retractions_built Q r Q' Hw Hin) as (_ & EQ' & Hok). subst Q'.
      exact (Hall r (within_complete D k' Q r _ Hw Hin Hb) Hok h' G0 Hg' Hlen' Hr'). }
    destruct gs1 as [|g gs1].
    + injection Hs as <- <- <-. split; [|split; [exact HC2|exact Hfound]].
      apply add_dead_ok; [exact HT1|]. intros h G Hg Hlen Hr. exact (Hfound h G Hg Hlen Hr).
    + injection Hs as <- <- <-. split; [exact HT1|]. split; [exact HC2|exact Hfound].
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

Theorem only_games_sound_from : retractions_complete -> forall key bkey tab blocks, blocks_ok blocks ->
  forall P N gs, check_only_games_gen key bkey tab blocks P N gs = true ->
  forall h G, game h G -> List.length h = N -> same_diagram G P -> among (plies h) gs.
Proof.
  intros Hc key bkey tab blocks Hbl P N gs H h G Hg Hlen Hd. unfold check_only_games_gen in H.
  destruct (search key bkey tab blocks N (diagram P) (PositiveMap.empty _) (PositiveMap.empty _)) as [[[T C] found]|] eqn:Es;
    [|discriminate H].
  destruct (search_sound_from Hc key bkey tab blocks Hbl N (diagram P) _ _ T C found memo_empty tables_empty Es) as (_ & _ & Hf).
  rewrite forallb_forall in H. apply listed_among, H.
  exact (Hf h G Hg Hlen (same_diagram_realizes G P Hd)).
Qed.

Definition shorter_step (key : position -> positive) (bkey : array bool -> positive) (tab : array bool -> dtable)
    (blocks : position -> array bool) (P : position) (acc : option (memo * tables))
    (k : nat) : option (memo * tables) :=
  match acc with
  | None => None
  | Some (T, C) => match search key bkey tab blocks k (diagram P) T C with
                   | Some (T', C', []) => Some (T', C')
                   | _ => None
                   end
  end.

Lemma check_no_shorter_eq : forall key bkey tab blocks P N, check_no_shorter_gen key bkey tab blocks P N =
  match fold_left (shorter_step key bkey tab blocks P) (seq 0 N) (Some (PositiveMap.empty _, PositiveMap.empty _)) with
  | Some _ => true
  | None => false
  end.
Proof. reflexivity. Qed.

Lemma shorter_fold : forall (Hc : retractions_complete) key bkey tab blocks (Hbl : blocks_ok blocks) P l T0 C0 T1 C1, memo_ok T0 -> tables_ok C0 ->
  fold_left (shorter_step key bkey tab blocks P) l (Some (T0, C0)) = Some (T1, C1) ->
  forall k, In k l -> found k (diagram P) [].
Proof.
  intros Hc key bkey tab blocks Hbl P l. induction l as [|k l IH]; intros T0 C0 T1 C1 HT HC Hf k0 Hin; [destruct Hin|].
  assert (Fnone : forall l, fold_left (shorter_step key bkey tab blocks P) l None = None).
  { intros l'. induction l' as [|x l' IHl']; [reflexivity|]. exact IHl'. }
  change (fold_left (shorter_step key bkey tab blocks P) l (shorter_step key bkey tab blocks P (Some (T0, C0)) k) = Some (T1, C1)) in Hf.
  unfold shorter_step at 2 in Hf.
  destruct (search key bkey tab blocks k (diagram P) T0 C0) as [[[T' C'] [|g gs]]|] eqn:Es;
    [|rewrite Fnone in Hf; discriminate Hf|rewrite Fnone in Hf; discriminate Hf].
  destruct (search_sound_from Hc key bkey tab blocks Hbl k (diagram P) T0 C0 T' C' [] HT HC Es) as (HT' & HC' & Hf0).
  destruct Hin as [<-|Hin]; [exact Hf0|]. exact (IH T' C' T1 C1 HT' HC' Hf k0 Hin).
Qed.

Theorem no_shorter_sound_from : retractions_complete -> forall key bkey tab blocks, blocks_ok blocks ->
  forall P N, check_no_shorter_gen key bkey tab blocks P N = true ->
  forall h G, game h G -> same_diagram G P -> N <= List.length h.
Proof.
  intros Hc key bkey tab blocks Hbl P N H h G Hg Hd. rewrite check_no_shorter_eq in H.
  destruct (fold_left (shorter_step key bkey tab blocks P) (seq 0 N) (Some (PositiveMap.empty _, PositiveMap.empty _)))
    as [[T C]|] eqn:Ef; [|discriminate H].
  destruct (le_lt_dec N (List.length h)) as [Hle|Hlt]; [exact Hle|exfalso].
  assert (Hk : In (List.length h) (seq 0 N)) by (apply in_seq; lia).
  exact (shorter_fold Hc key bkey tab blocks Hbl P _ _ _ _ _ memo_empty tables_empty Ef (List.length h) Hk h G Hg eq_refl
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

Lemma frozen_blocks_ok : blocks_ok frozen_blocks.
Proof. intros Q. exact (proj2 (frozen_set_good (piece_at Q))). Qed.

Theorem only_games_sound : forall P N gs, check_only_games P N gs = true ->
  forall h G, game h G -> List.length h = N -> same_diagram G P -> among (plies h) gs.
Proof.
  exact (only_games_sound_from Completeness.retractions_complete_games slot blocks_key dist_avoiding frozen_blocks
           frozen_blocks_ok).
Qed.

Theorem no_shorter_sound : forall P N, check_no_shorter P N = true ->
  forall h G, game h G -> same_diagram G P -> N <= List.length h.
Proof.
  exact (no_shorter_sound_from Completeness.retractions_complete_games slot blocks_key dist_avoiding frozen_blocks
           frozen_blocks_ok).
Qed.
