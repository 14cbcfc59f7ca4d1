(** * Zoneproof: zone cages (Zone.v) are sound.

    Headline theorems:

    - [zpreds_complete]: a legal move into a position extending the
      partial board [A] starts from a position extending [A] itself or
      one of its abstract retractions [zpreds A];
    - [zone_closed_sound : zone_closed z ds Ms = true ->
         forall M, In M Ms -> forall P, extends P M -> ~ reachable P];
    - [zone_refutes : forallb zone_ok rs = true -> refutes (zone_refuted rs)]:
      the default static rule of Cert.v with the zone cages [rs] is sound
      (Retro.v turns it into the headline certificate theorems).

    ** The argument

    [zpreds_complete] follows the shape of the move ([move_shape],
    Invariants.v).  A move that puts no man of [A] on its square leaves
    [A]'s squares as they were.  Otherwise the partial board before the
    move is one [zpreds] lists: the man came back along its way over
    squares that are empty before the move, so not squares [A] has a man
    on ([walk_in], [sources_in]); and the move passes [allowed]:

    - the mover's king is in no contact check after the move (the move
      is legal);
    - every contact checker of the other king moved (the other king,
      with its side not to move before the move, was not in check then:
      [check_inv]; a contact attack does not depend on other squares,
      [contact_attacked]);
    - before the move, the side not to move is not in contact check.

    [zone_closed_sound] is an induction over games: the initial position
    extends no member (it is not [home]); the position before the last
    move extends a member again.  A weakened member passes it on to the
    member it agrees with without its dropped man, which has fewer men on
    the zone ([men_on]): an inner induction on that count
    ([weakened_members]) reaches a member closed by its retractions.

    Axioms: those of Invariants.v and Completeness.v (the primitive
    integers and arrays). *)

From Coq Require Import Uint63 PArray List Bool String PArith FMapPositive Lia.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules RulesFast RulesCheck Facts Material
  Reachable Game Invariants Search Cert Certproof Completeness Zone.
Import ListNotations.
Open Scope uint63_scope.

(** ** Cells of partial boards *)

Lemma len_set : forall (a : array int) s v, PArray.length a.[s <- v] = PArray.length a.
Proof. intros. apply PArray.length_set. Qed.

(** Reading a cell after writes, on a 64-cell board. *)
Ltac cells :=
  repeat (rewrite get_set64 by (rewrite ?len_set; first [assumption | apply in_lt64; assumption])).
Ltac cells_in H :=
  repeat (rewrite get_set64 in H by (rewrite ?len_set; first [assumption | apply in_lt64; assumption])).

Lemma piece_at_cell : forall b s, piece_at (partial b) s = piece_of_cell b.[s].
Proof. reflexivity. Qed.

Lemma unknown_none : forall A s, unknown A s = true -> piece_at A s = None.
Proof. intros A s. unfold unknown. apply is_none_true. Qed.

Lemma none_unknown : forall A s, piece_at A s = None -> unknown A s = true.
Proof. intros A s E. unfold unknown. rewrite E. reflexivity. Qed.

(** A square a position extending [A] leaves empty is one [A] says
    nothing of. *)
Lemma extends_none : forall Q A s, extends Q A -> In s all_squares -> piece_at Q s = None ->
  unknown A s = true.
Proof.
  intros Q A s H Hs E. apply none_unknown. destruct (piece_at A s) as [p|] eqn:Ep; [|reflexivity].
  rewrite (H s p Hs Ep) in E. discriminate.
Qed.

(** ** Contact attacks *)

Lemma contact_attacked : forall (b : board_fn) c r s k, In k all_squares ->
  b s = Some (MkPiece c r) -> contact c r s k = true -> attacked b c k.
Proof.
  intros b c r s k Hk Hb H. unfold attacked.
  destruct r; cbn [contact] in H.
  - right; left. exists s. split; [apply inb_in, H | exact Hb].
  - left. exists s. split; [apply inb_in, H | exact Hb].
  - right; right; right. apply existsb_exists in H as (d & Hd & H).
    exists d, s, Bishop. split; [exact (slider_dirs_in _ _ Hd)|].
    unfold first_is in H. destruct (ray d k) as [|x l] eqn:E; [discriminate|].
    apply eqb_true in H. subst x. split; [cbn [first_man]; rewrite Hb; reflexivity|].
    split; [exact Hb|]. apply in_inb, Hd.
  - right; right; right. apply existsb_exists in H as (d & Hd & H).
    exists d, s, Rook. split; [exact (slider_dirs_in _ _ Hd)|].
    unfold first_is in H. destruct (ray d k) as [|x l] eqn:E; [discriminate|].
    apply eqb_true in H. subst x. split; [cbn [first_man]; rewrite Hb; reflexivity|].
    split; [exact Hb|]. apply in_inb, Hd.
  - right; right; right. apply existsb_exists in H as (d & Hd & H).
    exists d, s, Queen. split; [exact (slider_dirs_in _ _ Hd)|].
    unfold first_is in H. destruct (ray d k) as [|x l] eqn:E; [discriminate|].
    apply eqb_true in H. subst x. split; [cbn [first_man]; rewrite Hb; reflexivity|].
    split; [exact Hb|]. apply in_inb, Hd.
  - right; right; left. exists s. split; [apply inb_in, H | exact Hb].
Qed.

(** Equations that unfold the definitions iterating over the 64 squares:
    the proofs rewrite with them rather than unfold, which would make the
    kernel compare the iterations square by square. *)
Lemma checkers_on_eq : forall A c ks,
  checkers_on A c ks = flat_map (attackers A (opp c)) (filter (king_at A c) ks).
Proof. reflexivity. Qed.

Lemma attackers_eq : forall A att k, attackers A att k = filter (attacker_at A att k) (near k).
Proof. reflexivity. Qed.

Lemma near_in : forall k s, In k all_squares -> In s (near k) -> In s all_squares.
Proof.
  intros k s Hk Hs. unfold near in Hs. apply in_app_or in Hs as [Hs|Hs];
    [exact (king_targets_in k Hk s Hs) | exact (knight_targets_in k Hk s Hs)].
Qed.

Lemma checkers_on_in : forall A c ks s, incl ks all_squares -> In s (checkers_on A c ks) ->
  exists k r, In k all_squares /\ piece_at A k = Some (MkPiece c King) /\
    In s all_squares /\ piece_at A s = Some (MkPiece (opp c) r) /\ contact (opp c) r s k = true.
Proof.
  intros A c ks s Hks H. rewrite checkers_on_eq in H. apply in_flat_map in H as (k & Hk & Hs).
  apply filter_In in Hk as (Hk & Ek). apply Hks in Hk. unfold king_at in Ek. apply eqb_true in Ek.
  assert (Ek' : piece_at A k = Some (MkPiece c King))
    by (unfold piece_at; rewrite Ek; apply piece_of_cell_of_piece).
  rewrite attackers_eq in Hs. apply filter_In in Hs as (Hs & Es).
  pose proof (near_in k s Hk Hs) as Hs'. clear Hs. rename Hs' into Hs. unfold attacker_at in Es.
  destruct (piece_at A s) as [[c' r]|] eqn:Ep; [|discriminate].
  apply lazy_and_true in Es as (E1 & E2). apply color_eqb_eq in E1. subst c'.
  exists k, r. split; [exact Hk|]. split; [exact Ek'|]. split; [exact Hs|]. split; [reflexivity|exact E2].
Qed.

Lemma checkers_in : forall A c s, In s (checkers A c) ->
  exists k r, In k all_squares /\ piece_at A k = Some (MkPiece c King) /\
    In s all_squares /\ piece_at A s = Some (MkPiece (opp c) r) /\ contact (opp c) r s k = true.
Proof. intros A c s. apply checkers_on_in. intros x Hx. exact Hx. Qed.

(** A position extending [A] has [c] in check when [A] shows a contact
    check of [c]'s king (on one of the squares [ks]). *)
Lemma checkers_on_check : forall Q A c ks, incl ks all_squares -> extends Q A ->
  checkers_on A c ks <> [] -> in_check (piece_at Q) c.
Proof.
  intros Q A c ks Hks He H. destruct (checkers_on A c ks) as [|s l] eqn:E; [contradiction|].
  assert (Hs : In s (checkers_on A c ks)) by (rewrite E; left; reflexivity).
  destruct (checkers_on_in A c ks s Hks Hs) as (k & r & Hk & Ak & Hs' & As & Hc).
  exists k. split; [exact Hk|]. split; [exact (He k _ Hk Ak)|].
  exact (contact_attacked _ _ _ s k Hk (He s _ Hs' As) Hc).
Qed.

Lemma checkers_check : forall Q A c, extends Q A -> checkers A c <> [] -> in_check (piece_at Q) c.
Proof. intros Q A c. apply checkers_on_check. intros x Hx. exact Hx. Qed.

Lemma kings_in : forall A c, incl (kings A c) all_squares.
Proof. intros A c. exact (incl_filter (king_at A c) all_squares). Qed.

Lemma is_nil_nil : forall X (l : list X), l = [] -> is_nil l = true.
Proof. intros X l ->. reflexivity. Qed.

Lemma pick_checkers : forall A c, pick c (checkers A White) (checkers A Black) = checkers A c.
Proof. intros A []; reflexivity. Qed.

(** ** The move passes [allowed]

    [G] is the position before the move, [G'] after it, [us] the mover;
    [filled]: the squares the move put the mover's men on (every other
    square holding a man after the move held it before). *)
Lemma allowed_ok : forall A G G' us filled A',
  turn G = us -> check_inv G = true -> ~ in_check (piece_at G') us ->
  extends G' A -> extends G A' ->
  (forall x, In x all_squares -> ~ In x filled -> piece_at G' x <> None -> piece_at G x = piece_at G' x) ->
  (forall x, In x filled -> exists r, piece_at G' x = Some (MkPiece us r)) ->
  allowed (pick us (checkers A White) (checkers A Black)) (pick (opp us) (checkers A White) (checkers A Black))
    (pick (opp us) (kings A White) (kings A Black)) us filled A' = true.
Proof.
  intros A G G' us filled A' Ht Hci Hnc He He' Hkeep Hfill. rewrite !pick_checkers.
  assert (Hnot : ~ in_check (piece_at G) (opp us)).
  { unfold check_inv in Hci. rewrite Ht in Hci. apply negb_true_iff, in_check_b_false in Hci. exact Hci. }
  unfold allowed.
  assert (H1 : is_nil (checkers A us) = true).
  { apply is_nil_nil. destruct (checkers A us) eqn:E; [reflexivity|].
    exfalso. apply Hnc. apply (checkers_check G' A us He). rewrite E. discriminate. }
  assert (H2 : forallb (fun s => inb s filled) (checkers A (opp us)) = true).
  { apply forallb_forall. intros s Hs. destruct (inb s filled) eqn:E; [reflexivity|exfalso].
    apply inb_false in E.
    destruct (checkers_in A (opp us) s Hs) as (k & r & Hk & Ak & Hs' & As & Hc).
    rewrite opp_opp in As, Hc.
    apply Hnot. exists k. split; [exact Hk|].
    assert (Bk : piece_at G' k = Some (MkPiece (opp us) King)) by exact (He k _ Hk Ak).
    assert (Hk' : ~ In k filled).
    { intros Hin. destruct (Hfill k Hin) as (r' & E'). rewrite Bk in E'. injection E' as Ec _.
      destruct us; discriminate. }
    split.
    - rewrite (Hkeep k Hk Hk') by congruence. exact Bk.
    - rewrite opp_opp. apply (contact_attacked _ us r s k Hk); [|exact Hc].
      rewrite (Hkeep s Hs' E) by (rewrite (He s _ Hs' As); discriminate). exact (He s _ Hs' As). }
  assert (Hko : pick (opp us) (kings A White) (kings A Black) = kings A (opp us)) by (destruct us; reflexivity).
  rewrite Hko.
  assert (H3 : is_nil (checkers_on A' (opp us) (kings A (opp us))) = true).
  { apply is_nil_nil. destruct (checkers_on A' (opp us) (kings A (opp us))) eqn:E; [reflexivity|].
    exfalso. apply Hnot. apply (checkers_on_check G A' (opp us) _ (kings_in A (opp us)) He').
    rewrite E. discriminate. }
  rewrite H1, H2, H3. reflexivity.
Qed.

(** ** Partial boards after the writes of [zpreds] *)

Lemma back_at : forall A t f v s, PArray.length (board A) = 64 -> In t all_squares -> In f all_squares ->
  piece_at (back A t f v) s = if s =? f then piece_of_cell v else if s =? t then None else piece_at A s.
Proof.
  intros A t f v s HA Ht Hf. unfold back. rewrite piece_at_cell. cells.
  destruct (s =? f); [reflexivity|]. destruct (s =? t); [apply piece_of_cell_0 | reflexivity].
Qed.

(** A man of [A] goes back from [t] to [f] ([G] before the move has it on
    [f]; every other square of [A] but [t] is as in [G]). *)
Lemma extends_back : forall G A t f p, PArray.length (board A) = 64 -> In t all_squares -> In f all_squares ->
  piece_at G f = Some p ->
  (forall s q, In s all_squares -> s <> f -> s <> t -> piece_at A s = Some q -> piece_at G s = Some q) ->
  extends G (back A t f (cell_of_piece p)).
Proof.
  intros G A t f p HA Ht Hf Gf Hrest s q Hs E. rewrite back_at in E by assumption.
  destruct (s =? f) eqn:Ef.
  - apply eqb_true in Ef. subst s. rewrite piece_of_cell_of_piece in E. congruence.
  - destruct (s =? t) eqn:Et; [discriminate|].
    apply (Hrest s q Hs (eqb_false_neq _ _ Ef) (eqb_false_neq _ _ Et) E).
Qed.

(** A move that left [A]'s square [t] empty and emptied [f] changed
    nothing [A] shows: [G] before it already extends [A]. *)
Lemma extends_untouched : forall G G' A f t,
  extends G' A -> piece_at G' f = None -> piece_at A t = None ->
  (forall s, In s all_squares -> s <> f -> s <> t -> piece_at G' s = piece_at G s) ->
  extends G A.
Proof.
  intros G G' A f t He Hb'f Hat Hsame s q Hs Hq.
  assert (Hst : s <> t) by congruence.
  assert (Hsf : s <> f) by (intros ->; rewrite (He f q Hs Hq) in Hb'f; discriminate).
  rewrite <- (Hsame s Hs Hsf Hst). exact (He s q Hs Hq).
Qed.

(** ** Where a man came from *)

Lemma walk_in : forall A pre f rest, (forall x, In x pre -> unknown A x = true) -> unknown A f = true ->
  In f (walk A (pre ++ f :: rest)).
Proof.
  intros A pre f rest; induction pre as [|x pre IH]; intros Hpre Hf; simpl.
  - rewrite Hf. left. reflexivity.
  - rewrite (Hpre x (or_introl eq_refl)). right. apply IH; [|exact Hf].
    intros y Hy. apply Hpre. right. exact Hy.
Qed.

(** A slider of role [r] moved from [f] to [t]: walking back from [t]
    along the line, the squares before [f] were empty. *)
Lemma slider_in : forall A (b : board_fn) r f t, In f all_squares ->
  (exists d, In d (slider_dirs r) /\ reaches b (ray d f) t = true) -> unknown A f = true ->
  (forall x, In x all_squares -> x <> f -> x <> t -> b x = None -> unknown A x = true) ->
  In f (flat_map (fun d => walk A (ray d t)) (slider_dirs r)).
Proof.
  intros A b r f t Hf (d & Hd & Hreach) Uf Hfree.
  destruct (slider_dirs_opp _ d Hd) as (Hd' & Hdir).
  apply in_flat_map. exists (d lxor 4). split; [exact Hd'|].
  assert (Ht' : In t (ray d f)).
  { apply reaches_split in Hreach as (a & c' & E & _). rewrite E. apply in_or_app. right. left. reflexivity. }
  destruct (slide_back_geo d f t Hdir Hf Ht') as (Hnf & rest & E). rewrite E.
  apply walk_in; [|exact Uf].
  intros x Hx. apply in_rev in Hx.
  destruct (before_incl t (ray d f) x Hx) as (Hxr & Hxt).
  apply (Hfree x (ray_on_board d f x Hdir Hf Hxr)); [intros ->; contradiction | exact Hxt |].
  exact (reaches_before b (ray d f) t x Hreach Hx).
Qed.

(** A man (not a pawn) of role [r] moved from [f] to [t] on the board
    [b] (before the move); [A]'s squares other than [f] and [t] that are
    empty in [b] are unknown in [A]. *)
Lemma sources_in : forall A (b : board_fn) c r f t, r <> Pawn -> In f all_squares ->
  man_moves b c r f t -> unknown A f = true ->
  (forall x, In x all_squares -> x <> f -> x <> t -> b x = None -> unknown A x = true) ->
  In f (sources A r t).
Proof.
  intros A b c r f t Hr Hf Hm Uf Hfree.
  destruct r; cbn [sources man_moves] in Hm |- *.
  - contradiction.
  - apply filter_In. split; [exact (knight_sym f t Hf Hm) | exact Uf].
  - exact (slider_in A b Bishop f t Hf Hm Uf Hfree).
  - exact (slider_in A b Rook f t Hf Hm Uf Hfree).
  - exact (slider_in A b Queen f t Hf Hm Uf Hfree).
  - apply filter_In. split; [exact (king_sym f t Hf Hm) | exact Uf].
Qed.

(** ** The pawn moves [pawn_backs] lists *)

Section PawnBacks.
Context (A : position) (c : color) (t : int).
Let P := cell_of_piece (MkPiece c Pawn).
Let bk := pawn_step (opp c) t.

Lemma pawn_backs_eq : forall pr, (2 <=? relative_rank c t) = true ->
  pawn_backs A c t pr =
  (if unknown A bk then
     back A t bk P ::
     (if negb pr &&& (relative_rank c t =? 3) &&& unknown A (pawn_step (opp c) bk)
      then [back A t (pawn_step (opp c) bk) P] else [])
   else []) ++
  flat_map (fun f =>
    if unknown A f then
      back A t f P ::
      (if negb pr &&& (relative_rank c t =? 5) &&& unknown A bk
       then [partial ((board A).[t <- 0].[f <- P].[bk <- cell_of_piece (MkPiece (opp c) Pawn)])]
       else [])
    else []) (pawn_attacks (opp c) t).
Proof. intros pr H. unfold pawn_backs. rewrite H. reflexivity. Qed.

Lemma pawn_push_in : forall pr, (2 <=? relative_rank c t) = true -> unknown A bk = true ->
  In (back A t bk P) (pawn_backs A c t pr).
Proof.
  intros pr H Ub. rewrite (pawn_backs_eq pr H). apply in_or_app. left. rewrite Ub. left. reflexivity.
Qed.

Lemma pawn_double_in : (2 <=? relative_rank c t) = true -> (relative_rank c t =? 3) = true ->
  unknown A bk = true -> unknown A (pawn_step (opp c) bk) = true ->
  In (back A t (pawn_step (opp c) bk) P) (pawn_backs A c t false).
Proof.
  intros H H3 Ub Ub2. rewrite (pawn_backs_eq false H). apply in_or_app. left. rewrite Ub.
  right. rewrite H3, Ub2. left. reflexivity.
Qed.

Lemma pawn_capture_in : forall pr f, (2 <=? relative_rank c t) = true -> In f (pawn_attacks (opp c) t) ->
  unknown A f = true -> In (back A t f P) (pawn_backs A c t pr).
Proof.
  intros pr f H Hf Uf. rewrite (pawn_backs_eq pr H). apply in_or_app. right.
  apply in_flat_map. exists f. split; [exact Hf|]. rewrite Uf. left. reflexivity.
Qed.

Lemma pawn_ep_in : forall f, (2 <=? relative_rank c t) = true -> (relative_rank c t =? 5) = true ->
  In f (pawn_attacks (opp c) t) -> unknown A f = true -> unknown A bk = true ->
  In (partial ((board A).[t <- 0].[f <- P].[bk <- cell_of_piece (MkPiece (opp c) Pawn)]))
     (pawn_backs A c t false).
Proof.
  intros f H H5 Hf Uf Ub. rewrite (pawn_backs_eq false H). apply in_or_app. right.
  apply in_flat_map. exists f. split; [exact Hf|]. rewrite Uf. right. rewrite H5, Ub. left. reflexivity.
Qed.

End PawnBacks.

(** ** Membership in [zpreds] *)

Lemma unit_pawn_in : forall A c t A', piece_at A t = Some (MkPiece c Pawn) ->
  In A' (pawn_backs A c t false) -> In A' (unit_backs A t).
Proof. intros A c t A' Hat H. unfold unit_backs. rewrite Hat. exact H. Qed.

Lemma unit_piece_in : forall A c r t f, piece_at A t = Some (MkPiece c r) -> r <> Pawn ->
  In f (sources A r t) -> In (back A t f (cell_of_piece (MkPiece c r))) (unit_backs A t).
Proof.
  intros A c r t f Hat Hr H. unfold unit_backs. rewrite Hat.
  destruct r; [contradiction| | | | |]; apply in_or_app; left;
    exact (in_map (fun g => back A t g (cell_of_piece (MkPiece c _))) _ _ H).
Qed.

Lemma unit_promo_in : forall A c r t A', piece_at A t = Some (MkPiece c r) -> In r promotion_roles ->
  (relative_rank c t =? 7) = true -> In A' (pawn_backs A c t true) -> In A' (unit_backs A t).
Proof.
  intros A c r t A' Hat Hr H7 H. unfold unit_backs. rewrite Hat, H7.
  destruct Hr as [<-|[<-|[<-|[<-|[]]]]]; apply in_or_app; right; exact H.
Qed.

Lemma zpreds_eq : forall A, zpreds A =
  flat_map (unit_preds (checkers A White) (checkers A Black) (kings A White) (kings A Black) A) all_squares ++
  flat_map (castle_preds (checkers A White) (checkers A Black) (kings A White) (kings A Black) A) castling_sides.
Proof. reflexivity. Qed.

Lemma zpreds_unit_in : forall A t c r A', In t all_squares -> piece_at A t = Some (MkPiece c r) ->
  In A' (unit_backs A t) ->
  allowed (pick c (checkers A White) (checkers A Black)) (pick (opp c) (checkers A White) (checkers A Black))
    (pick (opp c) (kings A White) (kings A Black)) c [t] A' = true ->
  In A' (zpreds A).
Proof.
  intros A t c r A' Ht Hat Hin Hal. rewrite zpreds_eq. apply in_or_app. left.
  apply in_flat_map. exists t. split; [exact Ht|]. unfold unit_preds. rewrite Hat.
  apply filter_In. split; assumption.
Qed.

Lemma zpreds_castle_in : forall A c side A', In A' (uncastle A c side) ->
  allowed (pick c (checkers A White) (checkers A Black)) (pick (opp c) (checkers A White) (checkers A Black))
    (pick (opp c) (kings A White) (kings A Black)) c [castle_king_to c side; castle_rook_to c side] A' = true ->
  In A' (zpreds A).
Proof.
  intros A c side A' Hin Hal. rewrite zpreds_eq. apply in_or_app. right.
  apply in_flat_map. exists (c, side). split; [destruct c, side; simpl; tauto|].
  apply filter_In. split; assumption.
Qed.

(** ** Facts of legal moves that [move_shape] does not keep *)

Lemma ep_attack_of_legal : forall G m G', legal_move G m G' -> mv_kind m = EnPassant ->
  inb (mv_to m) (pawn_attacks (turn G) (mv_from m)) = true.
Proof.
  intros G m G' ((_ & _ & H) & _) Hk. rewrite Hk in H. destruct H as (_ & _ & _ & H & _). exact H.
Qed.

Lemma castle_king_to_inj : forall c side side', castle_king_to c side = castle_king_to c side' -> side = side'.
Proof.
  intros c side side' E. destruct side, side'; try reflexivity;
    apply (f_equal (fun x => x =? castle_king_to c KingSide)) in E; destruct c; vm_compute in E; discriminate E.
Qed.

Lemma castle_empty_of_legal : forall G m G' side, legal_move G m G' -> mv_kind m = Castle ->
  mv_to m = castle_king_to (turn G) side ->
  forall s, In s (castle_empty (turn G) side) -> piece_at G s = None.
Proof.
  intros G m G' side ((_ & _ & H) & _) Hk Ht. rewrite Hk in H.
  destruct H as (_ & side' & _ & Ht' & _ & _ & _ & Hempty & _).
  apply eqb_true in Ht'. rewrite Ht in Ht'.
  apply castle_king_to_inj in Ht'. subst side'.
  exact Hempty.
Qed.

Lemma castle_empty_not_from : forall c side s, In s (castle_empty c side) ->
  s <> castle_king_from c /\ s <> castle_rook_from c side.
Proof.
  intros c side s H.
  assert (B : forallb (fun s => negb (s =? castle_king_from c) && negb (s =? castle_rook_from c side))
                (castle_empty c side) = true) by (destruct c, side; vm_compute; reflexivity).
  forallb_at B H. apply andb_true_iff in B as [B1 B2].
  apply negb_true_iff in B1, B2. split; apply eqb_false_neq; assumption.
Qed.

(** The partial board [uncastle] lists, when the move was castling. *)
Lemma uncastle_in : forall A c side,
  let kt := castle_king_to c side in let rt := castle_rook_to c side in
  let kf := castle_king_from c in let rf := castle_rook_from c side in
  (piece_at A kt <> None \/ piece_at A rt <> None) ->
  (piece_at A kt = None \/ piece_at A kt = Some (MkPiece c King)) ->
  (piece_at A rt = None \/ piece_at A rt = Some (MkPiece c Rook)) ->
  unknown A kf = true -> unknown A rf = true ->
  (forall s, In s (castle_empty c side) -> s <> kt -> s <> rt -> unknown A s = true) ->
  In (partial ((board A).[kt <- 0].[rt <- 0].[kf <- cell_of_piece (MkPiece c King)]
                 .[rf <- cell_of_piece (MkPiece c Rook)]))
     (uncastle A c side).
Proof.
  intros A c side kt rt kf rf Hone Hk Hr Ukf Urf Hempty. unfold uncastle. fold kt rt kf rf.
  assert (E1 : (negb (is_none (piece_at A kt)) ||| negb (is_none (piece_at A rt))) = true).
  { destruct Hone as [H|H]; destruct (piece_at A kt), (piece_at A rt); simpl; congruence. }
  assert (E2 : (is_none (piece_at A kt) ||| opiece_eqb (piece_at A kt) (Some (MkPiece c King))) = true).
  { destruct Hk as [-> | ->]; [reflexivity|]. cbn [is_none]. apply opiece_eqb_eq. reflexivity. }
  assert (E3 : (is_none (piece_at A rt) ||| opiece_eqb (piece_at A rt) (Some (MkPiece c Rook))) = true).
  { destruct Hr as [-> | ->]; [reflexivity|]. cbn [is_none]. apply opiece_eqb_eq. reflexivity. }
  assert (E4 : forallb (fun s => (s =? kt) ||| (s =? rt) ||| unknown A s) (castle_empty c side) = true).
  { apply forallb_forall. intros s Hs. destruct (s =? kt) eqn:Ek; [reflexivity|].
    destruct (s =? rt) eqn:Er; [reflexivity|]. simpl.
    exact (Hempty s Hs (eqb_false_neq _ _ Ek) (eqb_false_neq _ _ Er)). }
  rewrite E1, E2, E3, Ukf, Urf, E4. left. reflexivity.
Qed.

(** ** Completeness of the abstract retractions *)

(** [G] is the position before the move [m], [G'] after it. *)
Theorem zpreds_complete : forall A G m G', PArray.length (board A) = 64 ->
  legal_move G m G' -> inv G = true -> extends G' A ->
  extends G A \/ exists A', In A' (zpreds A) /\ extends G A'.
Proof.
  intros A G m G' HA Hl Hi He.
  pose proof Hl as Hl0.
  apply inv_elim in Hi as (Hmat & _ & Hci & _ & Hep).
  assert (Hpawns : pawns_ok (piece_at G)) by (apply material_ok_iff in Hmat; tauto).
  assert (Hnc : ~ in_check (piece_at G') (turn G)) by (destruct Hl as (_ & _ & _ & H); exact H).
  destruct (step_shape G m G' Hl Hep) as (Hf & Ht & Hturn & Hsh). cbv zeta in Hsh.
  set (us := turn G) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  destruct (mv_kind m) eqn:Ek; shape_inv Hsh.
  - (* A normal move *)
    destruct (piece_at A t) as [p|] eqn:Hat.
    2: { left. exact (extends_untouched G G' A f t He Hb'f Hat Hsame). }
    right. assert (p = MkPiece us r) as -> by (pose proof (He t p Ht Hat); congruence).
    assert (Uf : unknown A f = true) by exact (extends_none G' A f He Hf Hb'f).
    assert (Hfree : forall x, In x all_squares -> x <> f -> x <> t -> piece_at G x = None -> unknown A x = true)
      by (intros x Hx Hxf Hxt Hx0; apply (extends_none G' A x He Hx); rewrite Hsame by assumption; exact Hx0).
    assert (Hext : extends G (back A t f (cell_of_piece (MkPiece us r)))).
    { apply extends_back; [exact HA | exact Ht | exact Hf | exact Hbf |].
      intros s q Hs Hsf Hst Hq. rewrite <- (Hsame s Hs Hsf Hst). exact (He s q Hs Hq). }
    exists (back A t f (cell_of_piece (MkPiece us r))). split; [|exact Hext].
    apply (zpreds_unit_in A t us r); [exact Ht | exact Hat | |].
    + destruct r.
      * (* a pawn *)
        apply (unit_pawn_in A us t _ Hat).
        assert (Hrk : rank_ok f = true) by exact (Hpawns f us Hf Hbf).
        destruct (pawn_geo_facts us f Hf Hrk) as (Hback & H2 & Hcap & Hdbl).
        cbn [man_moves] in Hmm. destruct Hmm as [(E & _)|[(E1 & E & Hmid & _)|(E & _)]].
        -- apply eqb_true in E. rewrite E in *.
           pose proof (pawn_push_in A us (pawn_step us f) false H2) as H. rewrite Hback in H.
           exact (H Uf).
        -- apply eqb_true in E. destruct (Hdbl E1) as (H3 & Hback2 & Hin & Hne1 & Hne2).
           rewrite E in *.
           assert (H2' : (2 <=? relative_rank us (pawn_step us (pawn_step us f))) = true)
             by (apply eqb_true in H3; rewrite H3; reflexivity).
           pose proof (pawn_double_in A us (pawn_step us (pawn_step us f)) H2' H3) as H.
           rewrite Hback2, Hback in H. apply H; [|exact Uf].
           exact (Hfree _ Hin Hne1 Hne2 Hmid).
        -- apply (pawn_capture_in A us t false f); [exact (Hcap t (inb_in _ _ E)) | | exact Uf].
           exact (pawn_sym us f t Hf E).
      * apply unit_piece_in; [exact Hat | discriminate | exact (sources_in A _ us Knight f t ltac:(discriminate) Hf Hmm Uf Hfree)].
      * apply unit_piece_in; [exact Hat | discriminate | exact (sources_in A _ us Bishop f t ltac:(discriminate) Hf Hmm Uf Hfree)].
      * apply unit_piece_in; [exact Hat | discriminate | exact (sources_in A _ us Rook f t ltac:(discriminate) Hf Hmm Uf Hfree)].
      * apply unit_piece_in; [exact Hat | discriminate | exact (sources_in A _ us Queen f t ltac:(discriminate) Hf Hmm Uf Hfree)].
      * apply unit_piece_in; [exact Hat | discriminate | exact (sources_in A _ us King f t ltac:(discriminate) Hf Hmm Uf Hfree)].
    + apply (allowed_ok A G G' us [t]); [reflexivity | exact Hci | exact Hnc | exact He | exact Hext | |].
      * intros x Hx Hxt Hx0. assert (Hxt' : x <> t) by (intros ->; apply Hxt; left; reflexivity).
        assert (Hxf : x <> f) by (intros ->; contradiction).
        symmetry. exact (Hsame x Hx Hxf Hxt').
      * intros x [<-|[]]. exists r. exact Hb't.
  - (* A promotion *)
    destruct (man_moves_of_legal G m G' Hl0 Ek) as (Hmm & H7). fold us f t in Hmm, H7.
    destruct (piece_at A t) as [p|] eqn:Hat.
    2: { left. exact (extends_untouched G G' A f t He Hb'f Hat Hsame). }
    right. assert (p = MkPiece us r) as -> by (pose proof (He t p Ht Hat); congruence).
    assert (Uf : unknown A f = true) by exact (extends_none G' A f He Hf Hb'f).
    assert (Hext : extends G (back A t f (cell_of_piece (MkPiece us Pawn)))).
    { apply extends_back; [exact HA | exact Ht | exact Hf | exact Hbf |].
      intros s q Hs Hsf Hst Hq. rewrite <- (Hsame s Hs Hsf Hst). exact (He s q Hs Hq). }
    exists (back A t f (cell_of_piece (MkPiece us Pawn))). split; [|exact Hext].
    apply (zpreds_unit_in A t us r); [exact Ht | exact Hat | |].
    + apply (unit_promo_in A us r t _ Hat Hr H7).
      assert (H2 : (2 <=? relative_rank us t) = true) by (apply eqb_true in H7; rewrite H7; reflexivity).
      assert (Hrk : rank_ok f = true) by exact (Hpawns f us Hf Hbf).
      destruct (pawn_geo_facts us f Hf Hrk) as (Hback & _ & _ & Hdbl).
      cbn [man_moves] in Hmm. destruct Hmm as [(E & _)|[(E1 & E & _)|(E & _)]].
      * apply eqb_true in E. pose proof (pawn_push_in A us t true H2) as H.
        assert (Eb : pawn_step (opp us) t = f) by (rewrite E; exact Hback).
        rewrite Eb in H. exact (H Uf).
      * exfalso. apply eqb_true in E. destruct (Hdbl E1) as (H3 & _).
        rewrite <- E in H3. apply eqb_true in H3. rewrite H3 in H7. discriminate H7.
      * exact (pawn_capture_in A us t true f H2 (pawn_sym us f t Hf E) Uf).
    + apply (allowed_ok A G G' us [t]); [reflexivity | exact Hci | exact Hnc | exact He | exact Hext | |].
      * intros x Hx Hxt Hx0. assert (Hxt' : x <> t) by (intros ->; apply Hxt; left; reflexivity).
        assert (Hxf : x <> f) by (intros ->; contradiction).
        symmetry. exact (Hsame x Hx Hxf Hxt').
      * intros x [<-|[]]. exists r. exact Hb't.
  - (* En passant *)
    set (v := ep_victim us t) in *.
    assert (Uf : unknown A f = true) by exact (extends_none G' A f He Hf Hb'f).
    assert (Uv : unknown A v = true) by exact (extends_none G' A v He Hv Hb'v).
    destruct (piece_at A t) as [p|] eqn:Hat.
    2: { left. intros s q Hs Hq.
         assert (Hst : s <> t) by congruence.
         assert (Hsf : s <> f) by (intros ->; rewrite (unknown_none A f Uf) in Hq; discriminate).
         assert (Hsv : s <> v) by (intros ->; rewrite (unknown_none A v Uv) in Hq; discriminate).
         rewrite <- (Hsame s Hs Hsf Hst Hsv). exact (He s q Hs Hq). }
    right. assert (p = MkPiece us Pawn) as -> by (pose proof (He t p Ht Hat); congruence).
    pose proof (ep_of_legal G m G' Hl0 Ek) as Eep. fold t in Eep.
    assert (H5 : (relative_rank us t =? 5) = true).
    { destruct (proj1 (ep_inv_iff G) Hep t Eep) as (_ & H2 & _).
      exact (proj1 (ep_geo_facts us t Ht H2)). }
    assert (H2 : (2 <=? relative_rank us t) = true) by (apply eqb_true in H5; rewrite H5; reflexivity).
    set (A' := partial ((board A).[t <- 0].[f <- cell_of_piece (MkPiece us Pawn)]
                          .[v <- cell_of_piece (MkPiece (opp us) Pawn)])).
    assert (Hext : extends G A').
    { intros s q Hs Hq. unfold A' in Hq. rewrite piece_at_cell in Hq.
      cells_in Hq. destruct (s =? v) eqn:Esv.
      - apply eqb_true in Esv. subst s. rewrite piece_of_cell_of_piece in Hq. congruence.
      - destruct (s =? f) eqn:Esf.
        + apply eqb_true in Esf. subst s. rewrite piece_of_cell_of_piece in Hq. congruence.
        + destruct (s =? t) eqn:Est; [rewrite piece_of_cell_0 in Hq; discriminate|].
          rewrite <- (Hsame s Hs (eqb_false_neq _ _ Esf) (eqb_false_neq _ _ Est) (eqb_false_neq _ _ Esv)).
          exact (He s q Hs Hq). }
    exists A'. split; [|exact Hext].
    apply (zpreds_unit_in A t us Pawn); [exact Ht | exact Hat | |].
    + apply (unit_pawn_in A us t _ Hat). unfold A', v, ep_victim.
      apply (pawn_ep_in A us t f H2 H5); [| exact Uf | exact Uv].
      exact (pawn_sym us f t Hf (ep_attack_of_legal G m G' Hl0 Ek)).
    + apply (allowed_ok A G G' us [t]); [reflexivity | exact Hci | exact Hnc | exact He | exact Hext | |].
      * intros x Hx Hxt Hx0. assert (Hxt' : x <> t) by (intros ->; apply Hxt; left; reflexivity).
        assert (Hxf : x <> f) by (intros ->; contradiction).
        assert (Hxv : x <> v) by (intros ->; contradiction).
        symmetry. exact (Hsame x Hx Hxf Hxt' Hxv).
      * intros x [<-|[]]. exists Pawn. exact Hb't.
  - (* Castling *)
    set (rt := castle_rook_to us side) in *. set (rf := castle_rook_from us side) in *.
    assert (Uf : unknown A f = true) by exact (extends_none G' A f He Hf Hb'f).
    assert (Hrf : In rf all_squares) by (apply Hincl; simpl; tauto).
    assert (Hrt : In rt all_squares) by (apply Hincl; simpl; tauto).
    assert (Urf : unknown A rf = true) by exact (extends_none G' A rf He Hrf Hb'r).
    assert (Hout : forall s, In s all_squares -> s <> f -> s <> t -> s <> rf -> s <> rt ->
                   piece_at G' s = piece_at G s)
      by (intros s Hs H1 H2 H3 H4; apply Hsame; [exact Hs|]; simpl; intuition).
    destruct (NoDup_cons_iff f [t; rf; rt]) as [Hnd1 _]. destruct (Hnd1 Hnd) as (Hf_ & Hnd2).
    apply NoDup_cons_iff in Hnd2 as (Ht_ & Hnd3). apply NoDup_cons_iff in Hnd3 as (Hrf_ & _).
    assert (Hft' : f <> t) by (intros E; apply Hf_; rewrite E; simpl; tauto).
    assert (Hfrf : f <> rf) by (intros E; apply Hf_; rewrite E; simpl; tauto).
    assert (Hfrt : f <> rt) by (intros E; apply Hf_; rewrite E; simpl; tauto).
    assert (Htrf : t <> rf) by (intros E; apply Ht_; rewrite E; simpl; tauto).
    assert (Htrt : t <> rt) by (intros E; apply Ht_; rewrite E; simpl; tauto).
    assert (Hrfrt : rf <> rt) by (intros E; apply Hrf_; rewrite E; simpl; tauto).
    destruct (is_none (piece_at A t) && is_none (piece_at A rt))%bool eqn:Eu.
    { left. apply andb_true_iff in Eu as (Eu1 & Eu2).
      apply is_none_true in Eu1, Eu2. intros s q Hs Hq.
      assert (Hst : s <> t) by congruence. assert (Hsrt : s <> rt) by congruence.
      assert (Hsf : s <> f) by (intros ->; rewrite (unknown_none A f Uf) in Hq; discriminate).
      assert (Hsrf : s <> rf) by (intros ->; rewrite (unknown_none A rf Urf) in Hq; discriminate).
      rewrite <- (Hout s Hs Hsf Hst Hsrf Hsrt). exact (He s q Hs Hq). }
    right.
    assert (Hone : piece_at A t <> None \/ piece_at A rt <> None).
    { destruct (piece_at A t), (piece_at A rt); simpl in Eu; try discriminate;
        first [left; discriminate | right; discriminate]. }
    assert (HkA : piece_at A t = None \/ piece_at A t = Some (MkPiece us King)).
    { destruct (piece_at A t) as [p|] eqn:Hat; [right | left; reflexivity].
      pose proof (He t p Ht Hat). congruence. }
    assert (HrA : piece_at A rt = None \/ piece_at A rt = Some (MkPiece us Rook)).
    { destruct (piece_at A rt) as [p|] eqn:Hart; [right | left; reflexivity].
      pose proof (He rt p Hrt Hart). congruence. }
    set (A' := partial ((board A).[t <- 0].[rt <- 0].[f <- cell_of_piece (MkPiece us King)]
                          .[rf <- cell_of_piece (MkPiece us Rook)])).
    assert (Hext : extends G A').
    { intros s q Hs Hq. unfold A' in Hq. rewrite piece_at_cell in Hq. cells_in Hq.
      destruct (s =? rf) eqn:E1.
      { apply eqb_true in E1. subst s. rewrite piece_of_cell_of_piece in Hq. congruence. }
      destruct (s =? f) eqn:E2.
      { apply eqb_true in E2. subst s. rewrite piece_of_cell_of_piece in Hq. congruence. }
      destruct (s =? rt) eqn:E3; [rewrite piece_of_cell_0 in Hq; discriminate|].
      destruct (s =? t) eqn:E4; [rewrite piece_of_cell_0 in Hq; discriminate|].
      rewrite <- (Hout s Hs (eqb_false_neq _ _ E2) (eqb_false_neq _ _ E4) (eqb_false_neq _ _ E1)
                    (eqb_false_neq _ _ E3)).
      exact (He s q Hs Hq). }
    exists A'. split; [|exact Hext].
    apply (zpreds_castle_in A us side).
    + destruct (castle_squares_in us side) as (Hincl_empty & _).
      unfold A'. rewrite Hfk, Htk in *. unfold rt, rf in *.
      apply uncastle_in; [exact Hone | exact HkA | exact HrA | first [exact Uf | rewrite Hfk; exact Uf] | exact Urf |].
      intros s Hs Hskt Hsrt.
      destruct (castle_empty_not_from us side s Hs) as (Hskf & Hsrf).
      apply (extends_none G' A s He (Hincl_empty s Hs)).
      rewrite Hout; [| exact (Hincl_empty s Hs) | first [exact Hskf | rewrite Hfk; exact Hskf]
                     | first [exact Hskt | rewrite Htk; exact Hskt] | exact Hsrf | exact Hsrt].
      exact (castle_empty_of_legal G m G' side Hl0 Ek Htk s Hs).
    + rewrite <- Htk. apply (allowed_ok A G G' us [t; rt]); [reflexivity | exact Hci | exact Hnc | exact He | exact Hext | |].
      * intros x Hx Hxin Hx0. symmetry. apply Hout; [exact Hx | | | |].
        -- intros ->. contradiction.
        -- intros ->. apply Hxin. left. reflexivity.
        -- intros ->. contradiction.
        -- intros ->. apply Hxin. right. left. reflexivity.
      * intros x [<-|[<-|[]]]; [exists King; exact Hb't | exists Rook; exact Hb'rt].
Qed.

(** ** Closed sets *)

Lemma home_extends : forall A, extends initial A -> home A = true.
Proof.
  intros A H. unfold home. apply forallb_forall. intros s Hs. unfold home_at, unknown.
  destruct (piece_at A s) as [p|] eqn:E; [|reflexivity].
  rewrite (H s p Hs E). cbn [is_none]. apply opiece_eqb_eq. reflexivity.
Qed.

(** ** Lookups on a zone

    The facts about [zone_squares], [agrees_on] and [within] are stated
    for any list of squares and used at [zone_squares z]: stated at
    [zone_squares z] directly, their proofs make the kernel unfold the
    filter over all 64 squares while checking them (a [Qed] that did not
    end within minutes). *)

Lemma in_zone_squares : forall z s, In s all_squares -> negb (z.[s] =? 0) = true -> In s (zone_squares z).
Proof. intros z s Hs Hz. unfold zone_squares. apply filter_In. split; assumption. Qed.

Lemma agrees_on_at : forall zs A M s, agrees_on zs A M = true -> In s zs -> piece_at A s = piece_at M s.
Proof.
  intros zs A M s H Hs. unfold agrees_on in H.
  unfold piece_at. rewrite (eqb_true _ _ (forallb_in H Hs)). reflexivity.
Qed.

Lemma within_at : forall z M s, within z M = true -> In s all_squares -> negb (z.[s] =? 0) = true \/ piece_at M s = None.
Proof.
  intros z M s Hw Hs. unfold within in Hw.
  destruct (lazy_or_true _ _ (forallb_in Hw Hs)) as [H|H]; [left; exact H|right].
  unfold piece_at. rewrite (eqb_true _ _ H). apply piece_of_cell_0.
Qed.

(** The kernel compares [zone_squares z] with the [filter] it stands for
    by unfolding [filter] and [all_squares] first unless told to unfold
    [zone_squares] (this [Qed] did not end within minutes). *)
Local Strategy expand [zone_squares].

Lemma zone_squares_in : forall z s, In s (zone_squares z) -> In s all_squares.
Proof. intros z s H. unfold zone_squares in H. apply filter_In in H as (H & _). exact H. Qed.

(** A partial board agreeing on the zone's squares with a member that has
    no man off the zone has every man of the member. *)
Lemma agrees_extends : forall z Q A M, extends Q A -> within z M = true ->
  agrees_on (zone_squares z) A M = true -> extends Q M.
Proof.
  intros z Q A M H Hw Ha s p Hs E.
  destruct (within_at z M s Hw Hs) as [Hz|H0]; [|rewrite H0 in E; discriminate].
  apply (H s p Hs). rewrite (agrees_on_at _ A M s Ha (in_zone_squares z s Hs Hz)). exact E.
Qed.

Lemma zmem_sound : forall zs Ms T A, table_ok Ms T -> zmem zs T A = true ->
  exists M, In M Ms /\ agrees_on zs A M = true.
Proof.
  intros zs Ms T A HT H. unfold zmem in H. apply existsb_exists in H as (M & Hin & HM).
  exists M. split; [exact (HT _ _ Hin) | exact HM].
Qed.

(** ** Weakened members *)

(** The men of [A] on the squares [zs]. *)
Definition men_on (zs : list int) (A : position) : nat :=
  List.length (filter (fun s => negb (unknown A s)) zs).

Lemma piece_at_drop : forall A s t, PArray.length (board A) = 64 -> In s all_squares ->
  piece_at (drop A s) t = if t =? s then None else piece_at A t.
Proof.
  intros A s t Hl Hs. unfold drop. rewrite piece_at_cell, get_set64 by (first [exact Hl | apply in_lt64, Hs]).
  destruct (t =? s); [apply piece_of_cell_0 | reflexivity].
Qed.

(** A position extending [A] extends [A] without a man. *)
Lemma drop_extends : forall Q A s, PArray.length (board A) = 64 -> In s all_squares ->
  extends Q A -> extends Q (drop A s).
Proof.
  intros Q A s Hl Hs H t p Ht E. rewrite (piece_at_drop A s t Hl Hs) in E.
  destruct (t =? s); [discriminate | exact (H t p Ht E)].
Qed.

(** Without a man of the squares [zs], [A] has fewer men on them. *)
Lemma men_on_drop : forall zs A s, PArray.length (board A) = 64 -> In s all_squares ->
  In s zs -> unknown A s = false -> (men_on zs (drop A s) < men_on zs A)%nat.
Proof.
  intros zs A s Hl Hs Hz Hu. unfold men_on.
  enough (H : (List.length (filter (fun x => negb (unknown (drop A s) x)) zs) + 1 <=
               List.length (filter (fun x => negb (unknown A x)) zs))%nat) by lia.
  apply filter_lt.
  - intros x _ Hx. unfold unknown in *. rewrite (piece_at_drop A s x Hl Hs) in Hx.
    destruct (x =? s); [discriminate | exact Hx].
  - exists s. split; [exact Hz|]. split; [rewrite Hu; reflexivity|].
    unfold unknown. rewrite (piece_at_drop A s s Hl Hs), eqb_same. reflexivity.
Qed.

Lemma men_on_agrees : forall zs A M, agrees_on zs A M = true -> men_on zs A = men_on zs M.
Proof.
  intros zs A M H. unfold men_on. f_equal. apply filter_ext_in. intros s Hs.
  unfold unknown. rewrite (agrees_on_at zs A M s H Hs). reflexivity.
Qed.

(** ** Closed sets *)

Lemma base_ok_eq : forall z A, base_ok z A =
  ((PArray.length (board A) =? 64) &&& within z A &&& negb (home A)).
Proof. reflexivity. Qed.

Lemma base_facts : forall z A, base_ok z A = true ->
  PArray.length (board A) = 64 /\ within z A = true /\ home A = false.
Proof.
  intros z A H. rewrite base_ok_eq in H.
  lazy_inv H as (Hl & Hw & Hh).
  split; [apply eqb_true, Hl|]. split; [exact Hw | apply negb_true_iff, Hh].
Qed.

(** How a member is closed. *)
Definition closed_by (zs : list int) (T : table) (M : position) : Prop :=
  (forall A', In A' (zpreds M) -> zmem zs T A' = true) \/
  (exists s, unknown M s = false /\ In s zs /\ zmem zs T (drop M s) = true).

Lemma closed_in_facts : forall z zs T ds Ms, zone_closed_in z zs T ds Ms = true ->
  forall M, In M Ms -> base_ok z M = true /\ closed_by zs T M.
Proof.
  intros z zs T ds. induction ds as [|d ds IH]; intros Ms H M HM.
  - cbn [zone_closed_in] in H. destruct Ms as [|A Ms]; [destruct HM|].
    pose proof (forallb_in H HM) as HA. unfold retracted_ok in HA.
    apply lazy_and_true in HA as (Hb & Hall). split; [exact Hb|]. left.
    intros x Hx. exact (forallb_in Hall Hx).
  - destruct Ms as [|A Ms]; [destruct HM|]. cbn [zone_closed_in] in H.
    apply lazy_and_true in H as (HA & Hrest). destruct HM as [<-|HM]; [|exact (IH Ms Hrest M HM)].
    unfold weakened_ok in HA. apply lazy_and_true in HA as (HA & Hz).
    lazy_inv HA as (Hb & Hu & Hin).
    split; [exact Hb|]. right. exists d.
    split; [apply negb_true_iff, Hu|]. split; [apply inb_in, Hin | exact Hz].
Qed.

Section Closed.

Context (z : array int) (T : table) (ds : list int) (Ms : list position) (HT : table_ok Ms T)
  (Hclosed : zone_closed_in z (zone_squares z) T ds Ms = true).

Lemma member_facts : forall M, In M Ms ->
  PArray.length (board M) = 64 /\ within z M = true /\ home M = false /\
  closed_by (zone_squares z) T M.
Proof.
  intros M HM. destruct (closed_in_facts _ _ _ _ _ Hclosed M HM) as (Hb & Hc).
  destruct (base_facts z M Hb) as (Hl & Hw & Hh). repeat split; assumption.
Qed.

(** A position extending a member extends one closed by its retractions:
    weakenings lead there, each to a member with fewer men on the zone. *)
Lemma weakened_members : forall G,
  (forall M, In M Ms -> extends G M ->
     (forall A', In A' (zpreds M) -> zmem (zone_squares z) T A' = true) -> False) ->
  forall M, In M Ms -> extends G M -> False.
Proof.
  intros G Hret.
  assert (Hn : forall n M, (men_on (zone_squares z) M < n)%nat -> In M Ms -> extends G M -> False).
  { induction n as [|n IH]; intros M Hn HM He; [inversion Hn|].
    destruct (member_facts M HM) as (Hl & _ & _ & [Hpreds|(s & Hu & Hs & Hz)]).
    - exact (Hret M HM He Hpreds).
    - destruct (zmem_sound _ Ms T _ HT Hz) as (M' & HM' & Ha).
      destruct (member_facts M' HM') as (_ & Hw & _).
      pose proof (zone_squares_in z s Hs) as Hsq.
      apply (IH M'); [| exact HM' | exact (agrees_extends z G _ M' (drop_extends G M s Hl Hsq He) Hw Ha)].
      rewrite <- (men_on_agrees _ _ _ Ha).
      pose proof (men_on_drop _ M s Hl Hsq Hs Hu). lia. }
  intros M HM He. apply (Hn (S (men_on (zone_squares z) M)) M); [lia | exact HM | exact He].
Qed.

(** No game reaches a position extending a member. *)
Theorem zone_members_game : forall h G, game h G -> forall M, In M Ms -> extends G M -> False.
Proof.
  intros h G Hg. induction Hg as [|h G0 m G Hg IH Hs]; apply weakened_members;
    intros M HM He Hpreds; destruct (member_facts M HM) as (Hlen & _ & Hhome & _).
  - rewrite (home_extends M He) in Hhome. discriminate.
  - destruct Hs as (Hl & _). apply legal_move_iff in Hl.
    destruct (zpreds_complete M G0 m G Hlen Hl (inv_game h G0 Hg) He) as [He0|(A' & HA' & He')].
    + exact (IH M HM He0).
    + destruct (zmem_sound _ Ms T _ HT (Hpreds A' HA')) as (M' & HM' & Ha).
      destruct (member_facts M' HM') as (_ & Hw & _).
      exact (IH M' HM' (agrees_extends z G0 A' M' He' Hw Ha)).
Qed.

End Closed.

(** A game position realizing a problem extends it (as a partial board). *)
Lemma realizes_extends_self : forall G P, realizes G P -> extends G P.
Proof. intros G P (Hb & _) s p Hs E. rewrite <- (Hb s Hs). exact E. Qed.

(** ** Headline theorems *)

Theorem zone_closed_sound : forall z ds Ms, zone_closed z ds Ms = true ->
  forall M, In M Ms -> forall P, extends P M -> ~ reachable P.
Proof.
  intros z ds Ms H M HM P HP (h & G & Hg & Hr).
  apply (zone_members_game z (build (zslot (zone_squares z)) Ms) ds Ms (build_ok _ Ms) H h G Hg M HM).
  intros s p Hs E. apply (realizes_extends_self G P Hr s p Hs), (HP s p Hs E).
Qed.

(** The members a cage's words are read as. *)
Definition members_of (c : zcage) : list position :=
  unpack (List.length (zc_members c)) (zone_squares (board (decode (zc_zone c)))) (zc_members c).

(** Equations for the record [ready] builds (rewriting with them keeps
    the kernel from unfolding the lookups). *)

Lemma ready_table : forall c,
  zr_table (ready c) = build (zslot (zone_squares (board (decode (zc_zone c))))) (members_of c).
Proof. reflexivity. Qed.
Lemma ready_zone : forall c, zr_zone (ready c) = board (decode (zc_zone c)).
Proof. reflexivity. Qed.
Lemma ready_squares : forall c, zr_squares (ready c) = zone_squares (board (decode (zc_zone c))).
Proof. reflexivity. Qed.
Lemma ready_members : forall c, zr_members (ready c) = members_of c.
Proof. reflexivity. Qed.
Lemma hit_eq : forall P r, hit P r = zmem (zr_squares r) (zr_table r) P.
Proof. reflexivity. Qed.
Lemma ready_drops : forall c, zr_drops (ready c) = zc_drops c.
Proof. reflexivity. Qed.
Lemma zone_ok_eq : forall r, zone_ok r =
  zone_closed_in (zr_zone r) (zr_squares r) (zr_table r) (zr_drops r) (zr_members r).
Proof. reflexivity. Qed.

Theorem zone_refutes : forall Z, forallb zone_ok (map ready Z) = true ->
  refutes (zone_refuted (map ready Z)).
Proof.
  intros Z HZ P H. apply lazy_or_true, or_comm in H as [H|H]; [exact (default_refutes P H)|].
  intros (h & G & Hg & Hr). unfold zone_hit in H. apply lazy_and_true in H as (_ & H).
  apply existsb_exists in H as (r & Hin & Hhit).
  pose proof (forallb_in HZ Hin) as Hok.
  apply in_map_iff in Hin as (c & <- & _).
  rewrite hit_eq, ready_table, ready_squares in Hhit.
  rewrite zone_ok_eq, ready_table, ready_zone, ready_squares, ready_drops, ready_members in Hok.
  pose proof (build_ok (zslot (zone_squares (board (decode (zc_zone c))))) (members_of c)) as HT.
  destruct (zmem_sound _ _ _ _ HT Hhit) as (M & HM & Ha).
  apply (zone_members_game _ _ _ _ HT Hok h G Hg M HM).
  destruct (member_facts _ _ _ _ Hok M HM) as (_ & Hw & _).
  exact (agrees_extends _ G P M (realizes_extends_self G P Hr) Hw Ha).
Qed.
