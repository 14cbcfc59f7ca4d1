(** * Landingproof: the landing rule (Landing.v) is sound.

    Headline theorems:

    - [landing_reachable : forall P, reachable P -> forall c x, x < 8 ->
         landing_inv c x (piece_at P)];
    - [landing_refutes_sound : forall P, landing_refutes P = true -> ~ reachable P].

    ** The invariant

    Both sides keep the ghost of Ghostproof.v (no dead men, the
    promoted men of the sealed-bishops count, as in Crossingproof.v):
    their pawns on the board, each with its slot.  Only the pawns' part of
    the cost is used here, [lcost]: with each capture it grows by at most
    the one man taken ([wstep]).  For a side [c], its other side [o] and a
    file [x], [landing_inv c x] adds:

    - [oinv]: what [o] knows once one of its captures landed on file [x]
      ([w], the witness: [None] before that; [Some None] when [o] made a
      capture beyond its pawns' cost (the landing was a piece's, or its
      pawn has since left the board); [Some (Some g)] when the pawn of
      slot [g], still on the board, made it: that pawn's cost is then
      [need] (Landing.v), the sum [lland]);
    - [cinv]: when [c]'s pawn of slot [x] is no longer on the board, [c]
      made a capture beyond its pawns' cost (the pawn had left its file),
      or the pawn promoted on file [x], or it was taken on file [x], by a
      capture of [o] that landed there: [w] is not [None].

    Axioms: those of PawnCapturesproof.v. *)

From Coq Require Import Uint63 PArray List Bool Arith Lia Permutation.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts Sums RulesCheck
  Game Reachable Invariants PawnCaptures PawnCapturesproof SealedBishops SealedBishopsproof
  Crossing Coloursproof Crossingproof Landing.
Import ListNotations.
Open Scope nat_scope.

(** The ghost of [c] with no dead men. *)
Notation ghost0 b c := (ghostd (fun _ => 0) b c).

(** ** Arithmetic of [need] *)

Lemma need_pos : forall g t x, 1 <= need g t x.
Proof. intros g t x. unfold need, absd. destruct (Nat.eqb_spec x g); lia. Qed.

Lemma need_tri : forall g t t' x, need g t' x <= need g t x + absd t t'.
Proof. intros g t t' x. unfold need, absd. destruct (Nat.eqb_spec x g); lia. Qed.

(** A capture from file [f] lands on the next file [x]. *)
Lemma need_land : forall g f x, absd f x = 1 -> need g x x <= absd f g + 1.
Proof. intros g f x H. unfold need, absd in *. destruct (Nat.eqb_spec x g); lia. Qed.

Lemma absd_tri : forall a b g, absd b g <= absd a g + absd a b.
Proof. intros a b g. unfold absd. lia. Qed.

(** The pawns' cost, and the same with the pawn of slot [g] landing on
    [x] on its way. *)
Definition lw0 (e : int * nat) : nat := absd (fnat (fst e)) (snd e).

Definition lw (g x : nat) (e : int * nat) : nat :=
  if Nat.eqb (snd e) g then need g (fnat (fst e)) x else absd (fnat (fst e)) (snd e).

Definition lland (L : list (int * nat)) (g x : nat) : nat := wsum (lw g x) L.

Lemma lcost_wsum : forall L, lcost L = wsum lw0 L.
Proof. reflexivity. Qed.

(** Without the slot [g], the two weigh the same. *)
Lemma lland_without : forall L g x, ~ In g (map snd L) -> lland L g x = lcost L.
Proof.
  intros L g x Hn. unfold lland. rewrite lcost_wsum. apply wsum_ext. intros [s h] Hin. unfold lw, lw0. simpl.
  destruct (Nat.eqb_spec h g) as [->|_]; [|reflexivity].
  exfalso. apply Hn. apply (in_map snd) in Hin. exact Hin.
Qed.

(** The pawn of slot [g] (on [s]) gone: what it weighed in [lland] is
    freed. *)
Lemma lland_drop : forall L L' s g x, NoDup L' -> incl L' L -> In (s, g) L -> ~ In g (map snd L') ->
  lcost L' + need g (fnat s) x <= lland L g x.
Proof.
  intros L L' s g x Hnd Hinc Hin Hn.
  rewrite <- (lland_without L' g x Hn). unfold lland.
  replace (need g (fnat s) x) with (lw g x (s, g)) by (unfold lw; simpl; rewrite Nat.eqb_refl; reflexivity).
  apply wsum_drop; [exact Hnd|exact Hinc|exact Hin|].
  intros H. apply Hn. apply (in_map snd) in H. exact H.
Qed.

(** ** What a move does to the men *)

Lemma pawn_step_file : forall c y, In y all_squares -> rank_ok y = true -> fnat (pawn_step c y) = fnat y.
Proof.
  assert (H : forall c, forallb (fun y => negb (rank_ok y) || Nat.eqb (fnat (pawn_step c y)) (fnat y))
                all_squares = true) by (intros []; vm_compute; reflexivity).
  intros c y Hy Hr. specialize (H c). forallb_at H Hy.
  rewrite Hr in H. apply Nat.eqb_eq, H.
Qed.

(** A pawn of the side not moving that leaves its square was taken, on
    the file of the move's target (en passant too). *)
Lemma taken_on_file : forall G m G', legal_move G m G' -> ep_inv G = true -> forall s, In s all_squares ->
  piece_at G s = Some (MkPiece (opp (turn G)) Pawn) -> piece_at G' s <> Some (MkPiece (opp (turn G)) Pawn) ->
  fnat s = fnat (mv_to m) /\ cnt (piece_at G') (opp (turn G)) TMan + 1 <= cnt (piece_at G) (opp (turn G)) TMan.
Proof.
  intros G m G' Hl Hep s Hs Hb Hb'.
  destruct (step_shape G m G' Hl Hep) as (Hf & Ht & _ & Hk).
  set (b := piece_at G) in *. set (b' := piece_at G') in *. set (us := turn G) in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - sq_cases s [f; t].
    + rewrite Hbf in Hb. injection Hb as E _. exfalso. exact (opp_neq us (eq_sym E)).
    + split; [reflexivity|]. apply (capture_count b b' [f; t] (opp us) t Pawn).
      * apply NoDup2; auto.
      * apply incl_list; simpl; intros y [<-|[<-|[]]]; auto.
      * simpl; auto.
      * intros y Hy Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
      * intros y [<-|[<-|[]]]; [rewrite Hb'f|rewrite Hb't, ind_other]; reflexivity.
      * exact Hb.
    + exfalso. apply Hb'. rewrite Hsame by auto. exact Hb.
  - sq_cases s [f; t].
    + rewrite Hbf in Hb. injection Hb as E. exfalso. exact (opp_neq us (eq_sym E)).
    + split; [reflexivity|]. apply (capture_count b b' [f; t] (opp us) t Pawn).
      * apply NoDup2; auto.
      * apply incl_list; simpl; intros y [<-|[<-|[]]]; auto.
      * simpl; auto.
      * intros y Hy Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
      * intros y [<-|[<-|[]]]; [rewrite Hb'f|rewrite Hb't, ind_other]; reflexivity.
      * exact Hb.
    + exfalso. apply Hb'. rewrite Hsame by auto. exact Hb.
  - sq_cases s [f; t; ep_victim us t].
    + rewrite Hbf in Hb. injection Hb as E. exfalso. exact (opp_neq us (eq_sym E)).
    + rewrite Hbt in Hb. discriminate.
    + split; [unfold ep_victim; apply pawn_step_file; assumption|].
      apply (capture_count b b' [f; t; ep_victim us t] (opp us) (ep_victim us t) Pawn).
      * apply NoDup3; auto.
      * apply incl_list; simpl; intros y [<-|[<-|[<-|[]]]]; auto.
      * simpl; auto.
      * intros y Hy Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
      * intros y [<-|[<-|[<-|[]]]]; [rewrite Hb'f|rewrite Hb't, ind_other|rewrite Hb'v]; reflexivity.
      * exact Hb.
    + exfalso. apply Hb'. rewrite Hsame by auto. exact Hb.
  - sq_cases s [f; t; castle_rook_from us side; castle_rook_to us side].
    + rewrite Hbf in Hb. discriminate.
    + rewrite Hbt in Hb. discriminate.
    + rewrite Hbr in Hb. discriminate.
    + rewrite Hbrt in Hb. discriminate.
    + exfalso. apply Hb'. rewrite Hsame by (auto; not_in_tac). exact Hb.
Qed.

(** A pawn that changes its file takes a man, one file aside. *)
Lemma pawn_side_capture : forall G m G', legal_move G m G' -> inv G = true ->
  piece_at G (mv_from m) = Some (MkPiece (turn G) Pawn) -> fnat (mv_from m) <> fnat (mv_to m) ->
  absd (fnat (mv_from m)) (fnat (mv_to m)) = 1 /\
  cnt (piece_at G') (opp (turn G)) TMan + 1 <= cnt (piece_at G) (opp (turn G)) TMan.
Proof.
  intros G m G' Hl Hi Hp Hne.
  pose proof (pawns_ok_inv G Hi) as Hpok. pose proof (ep_inv_of G Hi) as Hep.
  open_move Hl Hep Hps Hf Ht Hk.
  set (b := piece_at G) in *. set (b' := piece_at G') in *. set (us := turn G) in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (Hrf : rank_ok f = true) by exact (Hpok f us Hf Hp).
  (* A capture of the man on [x], the squares [D] the move changes. *)
  assert (Hcap : forall D x r', NoDup D -> incl D all_squares -> In x D ->
            (forall y, In y all_squares -> ~ In y D -> b' y = b y) ->
            (forall y, In y D -> ind (opp us) TMan y (b' y) = 0) -> b x = Some (MkPiece (opp us) r') ->
            cnt b' (opp us) TMan + 1 <= cnt b (opp us) TMan)
    by (intros D x r' H1 H2 H3 H4 H5 H6; exact (capture_count b b' D (opp us) x r' H1 H2 H3 H4 H5 H6)).
  assert (Hside : man_moves b us Pawn f t -> target_ok b us t ->
            (forall y, In y all_squares -> y <> f -> y <> t -> b' y = b y) -> b' f = None ->
            (forall r, b' t = Some (MkPiece us r) -> True) -> forall r, b' t = Some (MkPiece us r) ->
            absd (fnat f) (fnat t) = 1 /\ cnt b' (opp us) TMan + 1 <= cnt b (opp us) TMan).
  { intros Hmm Htg Hsame Hb'f _ r Hb't.
    destruct (pawn_move_geo b us f t Hf Ht Hrf Hmm) as (_ & _ & [E|(Ed & Hbt)]); [exfalso; apply Hne; symmetry; exact E|].
    split; [exact Ed|].
    destruct (target_cases b us t Htg) as [E|(r' & E & _)]; [contradiction|].
    apply (Hcap [f; t] t r'); auto.
    - apply NoDup2. intros ->. apply Hne. reflexivity.
    - apply incl_list; simpl; intros y [<-|[<-|[]]]; auto.
    - simpl; auto.
    - intros y Hy Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
    - intros y [<-|[<-|[]]]; [rewrite Hb'f|rewrite Hb't, ind_other]; reflexivity. }
  shape_inv Hk.
  - rewrite Hbf in Hp. injection Hp as ->. exact (Hside Hmm Htg Hsame Hb'f (fun _ _ => I) Pawn Hb't).
  - destruct Hps as (r0 & _ & _ & _ & _ & _ & Hmm). exact (Hside Hmm Htg Hsame Hb'f (fun _ _ => I) r Hb't).
  - destruct Hps as (_ & _ & _ & Ha & _).
    assert (Hpm : pawn_moves_to us f t = true) by (unfold pawn_moves_to; rewrite Ha; apply orb_true_r).
    destruct (pawn_colour us f t Hf Ht Hrf Hpm) as [E|(Ed & _)]; [exfalso; apply Hne; symmetry; exact E|].
    split; [exact Ed|].
    apply (Hcap [f; t; ep_victim us t] (ep_victim us t) Pawn); auto.
    + apply NoDup3; auto.
    + apply incl_list; simpl; intros y [<-|[<-|[<-|[]]]]; auto.
    + simpl; auto.
    + intros y Hy Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
    + intros y [<-|[<-|[<-|[]]]]; [rewrite Hb'f|rewrite Hb't, ind_other|rewrite Hb'v]; reflexivity.
  - rewrite Hbf in Hp. discriminate.
Qed.

(** ** Each step raises a weight of the pawns by at most the men taken *)

(** For a weight [w] of a pawn on a square in a slot that grows by at
    most the files it moves: the ghost's step ([gchange]) raises the sum by
    at most the men the move took from the other side. *)
Lemma wstep : forall (w : int -> nat -> nat) G m G' c L T Z L' T' Z',
  (forall s s' g, w s' g <= w s g + absd (fnat s) (fnat s')) -> legal_move G m G' -> inv G = true ->
  ghost0 (piece_at G) c L T Z -> ghost0 (piece_at G') c L' T' Z' ->
  gchange (piece_at G) (turn G) c (mv_from m) (mv_to m) L T L' T' ->
  wsum (fun e => w (fst e) (snd e)) L' + cnt (piece_at G') (opp c) TMan <=
  wsum (fun e => w (fst e) (snd e)) L + cnt (piece_at G) (opp c) TMan.
Proof.
  intros w G m G' c L T Z L' T' Z' Hw Hl Hi GL GL' Hch.
  pose proof (ep_inv_of G Hi) as Hep.
  pose proof (men_step G m G' Hl Hep (opp c)) as Hmen.
  destruct Hch as [_|L0 _ Hinc|L1 g L2 Ec EL|L1 g L2 Ec EL _].
  - lia.
  - assert (Hnd : NoDup L0) by exact (NoDup_map_inv _ _ (gh_nd GL')).
    pose proof (wsum_incl (fun e => w (fst e) (snd e)) L0 L Hnd Hinc). lia.
  - subst c L. autorewrite with push_sum. simpl.
    pose proof (Hw (mv_from m) (mv_to m) g) as Htri.
    destruct (Nat.eq_dec (fnat (mv_from m)) (fnat (mv_to m))) as [E|E].
    + rewrite E in Htri. unfold absd in Htri. rewrite Nat.sub_diag in Htri. simpl in Htri. lia.
    + assert (Hp : piece_at G (mv_from m) = Some (MkPiece (turn G) Pawn)).
      { apply (gh_pawns GL); [exact (entry_sq GL (in_elt _ L1 L2))|].
        rewrite map_app. apply in_or_app. right. left. reflexivity. }
      destruct (pawn_side_capture G m G' Hl Hi Hp E) as (Ed & Hc). lia.
  - subst c L. autorewrite with push_sum. simpl. lia.
Qed.

Lemma lcost_step : forall G m G' c L T Z L' T' Z', legal_move G m G' -> inv G = true ->
  ghost0 (piece_at G) c L T Z -> ghost0 (piece_at G') c L' T' Z' ->
  gchange (piece_at G) (turn G) c (mv_from m) (mv_to m) L T L' T' ->
  lcost L' + cnt (piece_at G') (opp c) TMan <= lcost L + cnt (piece_at G) (opp c) TMan.
Proof.
  intros. rewrite !lcost_wsum. apply (wstep (fun s g => absd (fnat s) g) G m G' c L T Z L' T' Z'); auto.
  intros s s' g. apply absd_tri.
Qed.

Lemma lland_step : forall G m G' c L T Z L' T' Z' g x, legal_move G m G' -> inv G = true ->
  ghost0 (piece_at G) c L T Z -> ghost0 (piece_at G') c L' T' Z' ->
  gchange (piece_at G) (turn G) c (mv_from m) (mv_to m) L T L' T' ->
  lland L' g x + cnt (piece_at G') (opp c) TMan <= lland L g x + cnt (piece_at G) (opp c) TMan.
Proof.
  intros. unfold lland.
  apply (wstep (fun s h => if Nat.eqb h g then need g (fnat s) x else absd (fnat s) h) G m G' c L T Z L' T' Z'); auto.
  intros s s' h. destruct (Nat.eqb h g); [apply need_tri|apply absd_tri].
Qed.

(** The promoted men only grow, and a step that takes a slot's pawn off
    the board (taken, or promoted) keeps the others. *)
Lemma gchange_slots : forall b us c f t L T L' T', gchange b us c f t L T L' T' ->
  incl T T' /\ (forall g, In g (map snd L) -> ~ In g (map snd L') -> incl L' L).
Proof.
  intros b us c f t L T L' T' Hch. destruct Hch as [_|L0 _ Hinc|L1 h L2 Ec EL|L1 h L2 Ec EL _].
  - split; [intros y; tauto|]. intros g H1 H2. contradiction.
  - split; [intros y; tauto|]. intros g _ _. exact Hinc.
  - subst L. split; [intros y; tauto|]. intros g H1 H2. exfalso. apply H2.
    rewrite !map_app in *. simpl in *. exact H1.
  - subst L. split; [intros y Hy; right; exact Hy|]. intros g _ _ e He.
    apply in_app_or in He. apply in_or_app. simpl. tauto.
Qed.

Arguments gchange_slots {b us c f t L T L' T'}.

(** ** The invariant *)

(** One of [o]'s captures landed on file [x] at this move. *)
Definition event (G : position) (m : move) (G' : position) (o : color) (x : nat) : Prop :=
  turn G = o /\ cnt (piece_at G') (opp o) TMan + 1 <= cnt (piece_at G) (opp o) TMan /\ fnat (mv_to m) = x.

Definition oinv (b : board_fn) (o : color) (x : nat) (M : list (int * nat)) (w : option (option nat)) : Prop :=
  match w with
  | None => True
  | Some None => lcost M + 1 + cnt b (opp o) TMan <= 16
  | Some (Some g) => In g (map snd M) /\ lland M g x + cnt b (opp o) TMan <= 16
  end.

Definition cinv (b : board_fn) (c : color) (x : nat) (L : list (int * nat)) (T : list (nat * nat))
    (w : option (option nat)) : Prop :=
  ~ In x (map snd L) -> lcost L + 1 + cnt b (opp c) TMan <= 16 \/ In (x, x) T \/ w <> None.

Definition landing_inv (c : color) (x : nat) (b : board_fn) : Prop :=
  exists L T Z M U Y w, ghost0 b c L T Z /\ ghost0 b (opp c) M U Y /\ cinv b c x L T w /\ oinv b (opp c) x M w.

Lemma ghost0_plain : forall b c L T Z, ghost0 b c L T Z -> lcost L + cnt b (opp c) TMan <= 16.
Proof. intros b c L T Z G. pose proof (gh_plain G) as H. cbv beta in H. lia. Qed.

Arguments ghost0_plain {b c L T Z}.

Lemma oinv_step : forall G m G' o x M U Y M' U' Y' w, legal_move G m G' -> inv G = true ->
  ghost0 (piece_at G) o M U Y -> ghost0 (piece_at G') o M' U' Y' ->
  gchange (piece_at G) (turn G) o (mv_from m) (mv_to m) M U M' U' ->
  oinv (piece_at G) o x M w ->
  exists w', oinv (piece_at G') o x M' w' /\ (w <> None \/ event G m G' o x -> w' <> None).
Proof.
  intros G m G' o x M U Y M' U' Y' w Hl Hi GM GM' Hch Ho.
  pose proof (lcost_step G m G' o M U Y M' U' Y' Hl Hi GM GM' Hch) as Hstep.
  pose proof (ghost0_plain GM) as Hplain.
  destruct w as [[g|]|].
  - destruct Ho as (Hg & Hle).
    destruct (in_dec Nat.eq_dec g (map snd M')) as [Hg'|Hg'].
    + exists (Some (Some g)). split; [|intros _; discriminate]. split; [exact Hg'|].
      pose proof (lland_step G m G' o M U Y M' U' Y' g x Hl Hi GM GM' Hch). lia.
    + exists (Some None). split; [|intros _; discriminate]. simpl.
      apply in_map_iff in Hg. destruct Hg as ([s g0] & Eg & Hin). simpl in Eg. subst g0.
      assert (Hnd : NoDup M') by exact (NoDup_map_inv _ _ (gh_nd GM')).
      destruct (gchange_slots Hch) as (_ & Hgo).
      pose proof (Hgo g (in_map snd _ _ Hin) Hg') as Hinc.
      pose proof (lland_drop M M' s g x Hnd Hinc Hin Hg'). pose proof (need_pos g (fnat s) x).
      pose proof (men_step G m G' Hl (proj2 (proj2 (proj2 (proj2 (inv_elim _ Hi))))) (opp o)). lia.
  - exists (Some None). split; [simpl in *; lia|intros _; discriminate].
  - destruct (Nat.eq_dec (fnat (mv_to m)) x) as [Ex|Ex];
      [|exists None; split; [exact I|intros [H|(_ & _ & H)]; [contradiction|contradiction]]].
    destruct (le_dec (cnt (piece_at G') (opp o) TMan + 1) (cnt (piece_at G) (opp o) TMan)) as [Hc|Hc];
      [|exists None; split; [exact I|intros [H|(_ & H & _)]; [contradiction|contradiction]]].
    destruct Hch as [_|L0 Eo _|M1 g M2 Eo EM|M1 g M2 Eo EM _].
    + exists (Some None). split; [simpl; lia|intros _; discriminate].
    + exists None. split; [exact I|]. intros [H|(Et & _)]; [contradiction|].
      exfalso. rewrite Et in Eo. exact (opp_neq o (eq_sym Eo)).
    + subst o M. destruct (Nat.eq_dec (fnat (mv_from m)) (fnat (mv_to m))) as [Ef|Ef].
      * exists (Some None). split; [|intros _; discriminate]. simpl.
        rewrite lcost_wsum, wsum_app in *. cbn [wsum] in *. unfold lw0 in *. cbn [fst snd] in *.
        rewrite <- Ef. lia.
      * assert (Hp : piece_at G (mv_from m) = Some (MkPiece (turn G) Pawn)).
        { apply (gh_pawns GM); [exact (entry_sq GM (in_elt _ M1 M2))|].
          rewrite map_app. apply in_or_app. right. left. reflexivity. }
        destruct (pawn_side_capture G m G' Hl Hi Hp Ef) as (Ed & _).
        exists (Some (Some g)). split; [|intros _; discriminate]. split.
        { rewrite map_app. apply in_or_app. right. left. reflexivity. }
        assert (HndM : NoDup (map snd (M1 ++ (mv_from m, g) :: M2)))
          by exact (nodup_app_l (gh_slots GM)).
        rewrite map_app in HndM. simpl in HndM. apply NoDup_remove_2 in HndM.
        assert (E1 : lland (M1 ++ (mv_to m, g) :: M2) g x = lcost M1 + need g x x + lcost M2).
        { unfold lland. rewrite wsum_app. cbn [wsum]. unfold lw at 2. cbn [fst snd]. rewrite Nat.eqb_refl, Ex.
          fold (lland M1 g x) (lland M2 g x).
          rewrite !(lland_without _ g x) by (intros H; apply HndM; apply in_or_app; tauto). lia. }
        rewrite E1. unfold lcost in *. rewrite wsum_app in Hplain. cbn [wsum fst snd] in Hplain.
        pose proof (need_land g (fnat (mv_from m)) (fnat (mv_to m)) Ed). rewrite <- Ex. lia.
    + exists (Some None). split; [cbn [oinv]|intros _; discriminate].
      assert (Hle : lcost (M1 ++ M2) <= lcost M) by (rewrite EM; unfold lcost; autorewrite with push_sum; cbn [wsum]; lia). lia.
Qed.

Lemma cinv_step : forall G m G' c x L T Z L' T' Z' w w', legal_move G m G' -> inv G = true ->
  ghost0 (piece_at G) c L T Z -> ghost0 (piece_at G') c L' T' Z' ->
  gchange (piece_at G) (turn G) c (mv_from m) (mv_to m) L T L' T' ->
  (w <> None \/ event G m G' (opp c) x -> w' <> None) ->
  cinv (piece_at G) c x L T w -> cinv (piece_at G') c x L' T' w'.
Proof.
  intros G m G' c x L T Z L' T' Z' w w' Hl Hi GL GL' Hch Hw Hc Hx'.
  pose proof (ep_inv_of G Hi) as Hep.
  pose proof (lcost_step G m G' c L T Z L' T' Z' Hl Hi GL GL' Hch) as Hstep.
  pose proof (ghost0_plain GL) as Hplain.
  destruct (gchange_slots Hch) as (HT & _).
  destruct (in_dec Nat.eq_dec x (map snd L)) as [Hx|Hx].
  - apply in_map_iff in Hx as Hx0. destruct Hx0 as ([s x0] & Ex0 & Hin). simpl in Ex0. subst x0.
    assert (Hnd : NoDup L') by exact (NoDup_map_inv _ _ (gh_nd GL')).
    destruct Hch as [_|L0 Ec Hinc|L1 g L2 Ec EL|L1 g L2 Ec EL _].
    + contradiction.
    + (* taken by the other side *)
      assert (Hs : In s all_squares) by exact (entry_sq GL Hin).
      assert (Hb : piece_at G s = Some (MkPiece c Pawn)).
      { apply (gh_pawns GL s Hs). apply (in_map fst) in Hin. exact Hin. }
      assert (Hb' : piece_at G' s <> Some (MkPiece c Pawn)).
      { intros E. apply (gh_pawns GL' s Hs) in E. apply in_map_iff in E.
        destruct E as ([s' g'] & Es & Hin'). simpl in Es. subst s'.
        assert (Eg : g' = x) by exact (nodup_fst_inj L s g' x (gh_nd GL) (Hinc _ Hin') Hin).
        subst g'. apply Hx'. apply (in_map snd) in Hin'. exact Hin'. }
      rewrite Ec in Hb, Hb'.
      destruct (taken_on_file G m G' Hl Hep s Hs Hb Hb') as (Ef & Hcnt).
      destruct (Nat.eq_dec (fnat s) x) as [Esx|Esx].
      * right. right. apply Hw. right. rewrite Ec, opp_opp. split; [reflexivity|]. split; [exact Hcnt|].
        rewrite <- Ef. exact Esx.
      * left. pose proof (wsum_drop lw0 L0 L (s, x) Hnd Hinc Hin) as Hd.
        assert (Hn : ~ In (s, x) L0) by (intros H; apply Hx'; apply (in_map snd) in H; exact H).
        specialize (Hd Hn). change (wsum lw0 L0) with (lcost L0) in Hd. change (wsum lw0 L) with (lcost L) in Hd.
        unfold lw0 in Hd. cbn [fst snd] in Hd.
        assert (Hmov : cnt (piece_at G') (opp c) TMan = cnt (piece_at G) (opp c) TMan).
        { rewrite Ec, opp_opp. destruct (count_step G m G' Hl Hep) as (_ & _ & _ & Hman & _). exact Hman. }
        unfold absd in Hd. lia.
    + exfalso. apply Hx'. subst L. rewrite map_app in *. exact Hx.
    + (* promoted *)
      subst L. destruct (Nat.eq_dec g x) as [->|Ne].
      * destruct (Nat.eq_dec (fnat (mv_from m)) x) as [Ef|Ef].
        -- right. left. left. rewrite Ef. reflexivity.
        -- left. rewrite !lcost_wsum, wsum_app in *. cbn [wsum] in Hplain.
           assert (Hw1 : 1 <= lw0 (mv_from m, x)) by (unfold lw0; cbn [fst snd]; unfold absd; lia).
           pose proof (men_step G m G' Hl Hep (opp c)). lia.
      * exfalso. apply Hx'. rewrite map_app in *. apply in_app_or in Hx. apply in_or_app. simpl in Hx.
        destruct Hx as [Hx|[E|Hx]]; auto. congruence.
  - destruct (Hc Hx) as [H|[H|H]].
    + left. lia.
    + right. left. exact (HT _ H).
    + right. right. apply Hw. left. exact H.
Qed.

(** ** Every game keeps the invariant *)

Lemma ghost0_step : forall G m G' c L T Z, legal_move G m G' -> inv G = true -> ghost0 (piece_at G) c L T Z ->
  exists L' T' Z', ghost0 (piece_at G') c L' T' Z' /\
    gchange (piece_at G) (turn G) c (mv_from m) (mv_to m) L T L' T'.
Proof.
  intros G m G' c L T Z Hl Hi GL.
  pose proof (ep_inv_of G Hi) as Hep.
  destruct (sealed_excess_step G m G' Hl Hi c) as (HS1 & HS2 & _).
  assert (HD1 : cnt (piece_at G') (opp c) TMan + 0 <= cnt (piece_at G) (opp c) TMan + 0)
    by (pose proof (men_step G m G' Hl Hep (opp c)); lia).
  assert (HP : forall r : role, 0 <= 0 \/ (0 <= 1 /\ piece_at G' (mv_to m) = Some (MkPiece c r) /\ false = true))
    by (intros r; left; lia).
  destruct (ghost_step_kept (Dm := fun _ => 0) (Rx := fun x => sealed_excess x c) (Pk := fun _ _ => 0)
              (Ad := fun _ _ _ => false) G m G' Hl Hi c HD1 (fun _ => le_n 0) HS1 HS2 (fun _ _ => le_n 0) HP L T Z GL)
    as (L' & T' & Z' & GL' & _ & Hch).
  exists L', T', Z'. split; assumption.
Qed.

Theorem landing_game : forall h G, game h G -> forall c x, x < 8 -> landing_inv c x (piece_at G).
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst]; intros c x Hx8.
  - exists (initial_ghost c), [], (seq 0 8), (initial_ghost (opp c)), [], (seq 0 8), None.
    split; [apply ghost_initial; intros; try reflexivity; destruct c; reflexivity|].
    split; [apply ghost_initial; intros; try reflexivity; destruct c; reflexivity|].
    split; [|exact I]. intros Hn. exfalso. apply Hn.
    replace (map snd (initial_ghost c)) with (seq 0 8) by (destruct c; reflexivity). apply in_seq. lia.
  - destruct Hst as (Hl & _). apply legal_move_iff in Hl.
    pose proof (inv_game h G Hg) as Hi.
    destruct (IH c x Hx8) as (L & T & Z & M & U & Y & w & GL & GM & Hc & Ho).
    destruct (ghost0_step G m G' c L T Z Hl Hi GL) as (L' & T' & Z' & GL' & CL).
    destruct (ghost0_step G m G' (opp c) M U Y Hl Hi GM) as (M' & U' & Y' & GM' & CM).
    destruct (oinv_step G m G' (opp c) x M U Y M' U' Y' w Hl Hi GM GM' CM Ho) as (w' & Ho' & Hw).
    exists L', T', Z', M', U', Y', w'. split; [exact GL'|]. split; [exact GM'|]. split; [|exact Ho'].
    exact (cinv_step G m G' c x L T Z L' T' Z' w w' Hl Hi GL GL' CL Hw Hc).
Qed.

Theorem landing_reachable : forall P, reachable P -> forall c x, x < 8 -> landing_inv c x (piece_at P).
Proof.
  intros P (h & G & Hg & (Hb & _)) c x Hx.
  assert (Hext : forall s, In s all_squares -> piece_at G s = piece_at P s) by (intros s Hs; symmetry; apply Hb, Hs).
  destruct (landing_game h G Hg c x Hx) as (L & T & Z & M & U & Y & w & GL & GM & Hc & Ho).
  assert (Hn : forall c', cnt (piece_at P) c' TMan = cnt (piece_at G) c' TMan)
    by (intros c'; symmetry; apply cnt_ext, Hext).
  exists L, T, Z, M, U, Y, w. split; [|split; [|split]].
  - apply (ghost_ext (piece_at G) (piece_at P));
      [exact Hext|exact eq_refl|exact (eq_sym (sealed_excess_ext _ _ c Hext))|reflexivity|exact GL].
  - apply (ghost_ext (piece_at G) (piece_at P));
      [exact Hext|exact eq_refl|exact (eq_sym (sealed_excess_ext _ _ (opp c) Hext))|reflexivity|exact GM].
  - unfold cinv in *. rewrite Hn. exact Hc.
  - destruct w as [[g|]|]; cbn [oinv] in *; rewrite ?Hn; exact Ho.
Qed.

(** ** The computation is bounded by the ghosts *)

(** An assignment of [c]'s pawns by their ghost's slots: [h], a cost per
    square and slot, at most the weight [wt] of each entry. *)
Lemma ghost_fitsk : forall b c L T Z (h : int -> nat -> nat) (wt : int * nat -> nat) budget k,
  ghost0 b c L T Z -> (forall s g, In (s, g) L -> h s g <= wt (s, g)) -> wsum wt L <= budget ->
  (forall free' n, (forall y, In y free' <-> In y (seq 0 8) /\ ~ In y (map snd L)) -> k free' n = true) ->
  fitsk (map h (pawn_sqs b c)) (seq 0 8) budget k = true.
Proof.
  intros b c L T Z h wt budget k G Hh Hs Hk.
  assert (Hperm : Permutation (map fst L) (pawn_sqs b c)) by exact (pawns_perm G).
  assert (Hnd1 : NoDup (map fst L)) by exact (gh_nd G).
  set (ps := map (fun s => (h s, slot_of L s)) (pawn_sqs b c)).
  assert (Hitems : map h (pawn_sqs b c) = map fst ps) by (unfold ps; rewrite map_map; reflexivity).
  rewrite Hitems.
  assert (Hslots : Permutation (map snd ps) (map snd L)) by exact (slots_perm _ h L (pawn_sqs b c) Hnd1 Hperm).
  assert (Hsum : psum ps <= wsum wt L).
  { unfold ps. rewrite psum_map, <- (wsum_perm _ _ _ Hperm).
    exact (sum_slots h wt L L Hnd1 (fun e H => H) Hh). }
  assert (HndL : NoDup (map snd L)) by exact (nodup_app_l (gh_slots G)).
  apply fitsk_complete.
  - exact (Permutation_NoDup (Permutation_sym Hslots) HndL).
  - intros g Hg. apply (Permutation_in _ Hslots) in Hg. apply in_seq.
    enough (g < 8) by lia. apply (gh_small G). apply in_or_app. left. exact Hg.
  - lia.
  - intros free' Hf. apply Hk. intros y. rewrite Hf. split; intros [H1 H2]; split; auto; intros H3; apply H2.
    + apply (Permutation_in _ (Permutation_sym Hslots)). exact H3.
    + apply (Permutation_in _ Hslots). exact H3.
Qed.

(** A pawn of the ghost costs its files in [plain_cost]. *)
Lemma plain_cost_le : forall b c L T Z s g, ghost0 b c L T Z -> In (s, g) L -> plain_cost c s g <= lw0 (s, g).
Proof.
  intros b c L T Z s g G Hin. unfold plain_cost, lw0. cbn [fst snd].
  assert (H : absd (fnat s) g <= advance c s).
  { eapply Nat.le_trans; [|exact (gh_reach G s g Hin)].
    apply zc_absd. intros E. apply zin_iff in E. exact (gh_zl G s g Hin E). }
  apply Nat.leb_le in H. rewrite H. lia.
Qed.

Lemma budget_cnt : forall b c, budget b c = 16 - cnt b (opp c) TMan.
Proof. intros b c. unfold budget. rewrite men_count_cnt. reflexivity. Qed.

Lemma pfits_ghost : forall d b c L T Z, ghost0 b c L T Z -> lcost L + d + cnt b (opp c) TMan <= 16 ->
  pfits d b c = true.
Proof.
  intros d b c L T Z G H. unfold pfits, plain_costs. rewrite budget_cnt.
  assert (Hd : Nat.leb d (16 - cnt b (opp c) TMan) = true) by (apply Nat.leb_le; lia). rewrite Hd.
  apply (ghost_fitsk b c L T Z (plain_cost c) lw0); auto.
  - intros s g Hin. exact (plain_cost_le b c L T Z s g G Hin).
  - change (wsum lw0 L) with (lcost L). lia.
Qed.

Lemma pfits_on_ghost : forall b c L T Z x, ghost0 b c L T Z -> In x (map snd L) -> pfits_on b c x = true.
Proof.
  intros b c L T Z x G Hx. unfold pfits_on, plain_costs.
  apply (ghost_fitsk b c L T Z (plain_cost c) lw0); auto.
  - intros s g Hin. exact (plain_cost_le b c L T Z s g G Hin).
  - rewrite budget_cnt. change (wsum lw0 L) with (lcost L). pose proof (ghost0_plain G). lia.
  - intros free' n Hf. apply negb_true_iff, not_true_iff_false. intros E.
    apply existsb_exists in E. destruct E as (y & Hy & Ey). apply Nat.eqb_eq in Ey. subst y.
    apply Hf in Hy. tauto.
Qed.

Lemma lands_ghost : forall b o L T Z x s g, ghost0 b o L T Z -> In (s, g) L -> lland L g x + cnt b (opp o) TMan <= 16 ->
  lands b o x = true.
Proof.
  intros b o L T Z x s g G Hin H. unfold lands. apply anyb_exists. exists s. split.
  - assert (Hs : In s all_squares) by exact (entry_sq G Hin).
    unfold pawn_sqs. apply filter_In. split; [exact Hs|]. apply opiece_eqb_eq.
    apply (gh_pawns G s Hs). apply (in_map fst) in Hin. exact Hin.
  - unfold landing_costs. rewrite budget_cnt.
    apply (ghost_fitsk b o L T Z (fun s' => if (s' =? s)%uint63 then (fun g' => need g' (fnat s) x) else plain_cost o s')
             (lw g x)); auto.
    + intros s' g' Hin'. destruct (Uint63.eqs s' s) as [->|Ne].
      * rewrite Uint63.eqb_refl. rewrite (nodup_fst_inj L s g' g (gh_nd G) Hin' Hin).
        unfold lw. cbn [fst snd]. rewrite Nat.eqb_refl. lia.
      * rewrite (proj2 (Uint63.eqb_false_spec s' s) Ne).
        unfold lw. cbn [fst snd]. destruct (Nat.eqb_spec g' g) as [->|Ng].
        -- exfalso. apply Ne. apply (nodup_snd_inj L s' s g); auto.
           exact (nodup_app_l (gh_slots G)).
        -- exact (plain_cost_le b o L T Z s' g' G Hin').
    + fold (lland L g x). lia.
Qed.

(** ** The rule *)

Lemma landing_side_unfold : forall b c x, landing_side b c x =
  (negb (file_open (blocked_files b c) x) &&& negb (pfits 1 b c) &&& negb (pfits 1 b (opp c)) &&&
   negb (pfits_on b c x) &&& negb (lands b (opp c) x)).
Proof. reflexivity. Qed.

Lemma landing_side_false : forall b c x, landing_inv c x b -> landing_side b c x = false.
Proof.
  intros b c x (L & T & Z & M & U & Y & w & GL & GM & Hc & Ho).
  rewrite landing_side_unfold.
  destruct (file_open (blocked_files b c) x) eqn:E0; [reflexivity|]. cbn [negb].
  destruct (pfits 1 b c) eqn:E1; [reflexivity|]. cbn [negb].
  destruct (pfits 1 b (opp c)) eqn:E2; [reflexivity|]. cbn [negb].
  destruct (pfits_on b c x) eqn:E3; [reflexivity|]. cbn [negb].
  destruct (lands b (opp c) x) eqn:E4; [reflexivity|]. exfalso.
  destruct (in_dec Nat.eq_dec x (map snd L)) as [Hx|Hx].
  - rewrite (pfits_on_ghost b c L T Z x GL Hx) in E3. discriminate.
  - destruct (Hc Hx) as [H|[H|H]].
    + rewrite (pfits_ghost 1 b c L T Z GL ltac:(lia)) in E1. discriminate.
    + destruct (gh_tok GL x x H) as [_ Hop].
      rewrite (open_file b c x Hop) in E0. discriminate.
    + destruct w as [[g|]|]; [|cbn [oinv] in Ho|contradiction].
      * destruct Ho as (Hg & Hle). apply in_map_iff in Hg. destruct Hg as ([s g0] & Eg & Hin).
        cbn [snd] in Eg. subst g0.
        rewrite (lands_ghost b (opp c) M U Y x s g GM Hin Hle) in E4. discriminate.
      * rewrite (pfits_ghost 1 b (opp c) M U Y GM ltac:(lia)) in E2. discriminate.
Qed.

Lemma landing_refutes_unfold : forall P, landing_refutes P =
  anyb (fun c => anyb (landing_side (piece_at P) c) (seq 0 8)) [White; Black].
Proof. reflexivity. Qed.

Theorem landing_refutes_sound : forall P, landing_refutes P = true -> ~ reachable P.
Proof.
  intros P H Hr. rewrite landing_refutes_unfold in H.
  apply anyb_exists in H. destruct H as (c & _ & H). apply anyb_exists in H. destruct H as (x & Hx & H).
  apply in_seq in Hx.
  rewrite (landing_side_false _ c x (landing_reachable P Hr c x ltac:(lia))) in H. discriminate.
Qed.
