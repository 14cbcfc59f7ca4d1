(** * Distanceproof: the move counts of Distance.v are lower bounds.

    Headline theorem:

    - [bound_game : table_ok F D = true -> game h G -> realizes G Q ->
         (F is among the frozen squares of Q) -> bound_in D (length h) Q = true]:
      a position a game of [k] plies ends in passes [bound_in D k]; so a
      position failing it is reached by no game of [k] plies.
      ([bound_game_justified]: the same for any set of squares whose men
      never moved, in the sense of Stranded.v's [justified].)
    - [bound_fails_no_game]: the same read as the pruning rule: when
      [bound_in D k Q = false], no game of [k] plies ends in a position
      realizing [Q].

    The proof is by induction over the game: a move of side [c] raises
    [moves_needed D c] by at most one and does not raise
    [moves_needed D (opp c)] ([needed_step]), because the move avoids the
    squares [F], whose men stay through the whole game (Stranded.v's
    [step_keeps]: a legal move does not touch a justified set).  For the sums over the board
    the position after a move is the board before it with two to four
    squares changed ([after] written as point updates, [upd]), and each
    changed square changes a sum by its summand ([fsum_upd]); the table's
    consistency with the moves of the men avoiding [F] ([table_ok])
    bounds the change of the moving man's entry.

    [sums_normal], [sums_promotion], [sums_ep] and [sums_castle] are the
    exact equations, for any summand; ProofGameproof.v uses them also
    backwards, to compute the sums of a predecessor from those of the
    position it precedes. *)

From Coq Require Import Uint63 PArray List Bool Arith Lia.
From RetroProof Require Import Gen.Vocab Board Rules Game Facts RulesCheck Distance Invariants Stranded.
From RetroProof Require RulesFast.
Import ListNotations.
Open Scope nat_scope.

(** ** Sums over a list of squares *)

Fixpoint fsum (w : option piece -> int -> nat) (b : int -> option piece) (l : list int) : nat :=
  match l with
  | [] => 0
  | s :: l' => w (b s) s + fsum w b l'
  end.

Lemma board_sum_fsum : forall w Q, board_sum w Q = fsum w (piece_at Q) all_squares.
Proof.
  intros w Q. unfold board_sum. generalize all_squares as l.
  induction l as [|s l IH]; simpl; [reflexivity|]. rewrite IH. reflexivity.
Qed.

Lemma fsum_ext : forall w b b' l, (forall s, In s l -> b s = b' s) -> fsum w b l = fsum w b' l.
Proof.
  intros w b b' l H. induction l as [|s l IH]; simpl; [reflexivity|].
  rewrite (H s) by (left; reflexivity). rewrite IH; [reflexivity|]. intros x Hx; apply H; right; exact Hx.
Qed.

(** [b] with [v] on [s0]. *)
Definition upd (b : int -> option piece) (s0 : int) (v : option piece) : int -> option piece :=
  fun s => if (s =? s0)%uint63 then v else b s.

Lemma fsum_upd : forall w b s0 v l, NoDup l -> In s0 l ->
  fsum w (upd b s0 v) l + w (b s0) s0 = fsum w b l + w v s0.
Proof.
  intros w b s0 v l Hd Hin. induction l as [|a l IH]; [destruct Hin|].
  inversion Hd as [|? ? Hna Hd']; subst. simpl. unfold upd at 1.
  destruct Hin as [<-|Hin].
  - rewrite eqb_same. rewrite (fsum_ext w (upd b a v) b l); [lia|].
    intros s Hs. unfold upd. rewrite eqb_false; [reflexivity|]. intros ->. contradiction.
  - rewrite eqb_false by (intros ->; contradiction). specialize (IH Hd' Hin). lia.
Qed.

Lemma fsum_upd_out : forall w b s0 v l, ~ In s0 l -> fsum w (upd b s0 v) l = fsum w b l.
Proof.
  intros w b s0 v l Hn. apply fsum_ext. intros s Hs. unfold upd.
  rewrite eqb_false; [reflexivity|]. intros ->. contradiction.
Qed.

(** ** The sums after a move, exactly *)

Lemma sums_upd2 : forall (w : option piece -> int -> nat), (forall s, w None s = 0) -> forall b f t v, In f all_squares -> In t all_squares -> f <> t ->
  fsum w (upd (upd b t v) f None) all_squares + w (b f) f + w (b t) t = fsum w b all_squares + w v t.
Proof.
  intros w w_none b f t v Hf Ht Hft.
  pose proof (fsum_upd w (upd b t v) f None all_squares all_squares_NoDup Hf) as E1.
  pose proof (fsum_upd w b t v all_squares all_squares_NoDup Ht) as E2.
  assert (X : upd b t v f = b f) by (unfold upd; rewrite (eqb_false _ _ Hft); reflexivity).
  rewrite w_none, X in E1. lia.
Qed.

(** A plain move or a promotion: [f] empties, [t] receives [v]. *)
Lemma sums_normal : forall (w : option piece -> int -> nat), (forall s, w None s = 0) -> forall Q m, mv_kind m = Normal ->
  In (mv_from m) all_squares -> In (mv_to m) all_squares -> mv_from m <> mv_to m ->
  fsum w (after Q m) all_squares + w (piece_at Q (mv_from m)) (mv_from m) + w (piece_at Q (mv_to m)) (mv_to m) =
  fsum w (piece_at Q) all_squares + w (piece_at Q (mv_from m)) (mv_to m).
Proof.
  intros w w_none Q m Hk Hf Ht Hft. rewrite <- (sums_upd2 w w_none _ _ _ _ Hf Ht Hft).
  do 2 f_equal. apply fsum_ext. intros s _. unfold after, upd. rewrite Hk. reflexivity.
Qed.

Lemma sums_promotion : forall (w : option piece -> int -> nat), (forall s, w None s = 0) -> forall Q m r, mv_kind m = Promotion -> mv_promo m = Some r ->
  In (mv_from m) all_squares -> In (mv_to m) all_squares -> mv_from m <> mv_to m ->
  fsum w (after Q m) all_squares + w (piece_at Q (mv_from m)) (mv_from m) + w (piece_at Q (mv_to m)) (mv_to m) =
  fsum w (piece_at Q) all_squares + w (Some (MkPiece (turn Q) r)) (mv_to m).
Proof.
  intros w w_none Q m r Hk Hr Hf Ht Hft. rewrite <- (sums_upd2 w w_none _ _ _ _ Hf Ht Hft).
  do 2 f_equal. apply fsum_ext. intros s _. unfold after, upd. rewrite Hk, Hr. reflexivity.
Qed.

(** En passant: the victim's square [v] empties too (if it is a square). *)
Lemma sums_ep : forall (w : option piece -> int -> nat), (forall s, w None s = 0) -> forall Q m, mv_kind m = EnPassant ->
  In (mv_from m) all_squares -> In (mv_to m) all_squares ->
  piece_at Q (mv_to m) = None ->
  (mv_from m <> ep_victim (turn Q) (mv_to m)) ->
  let v := ep_victim (turn Q) (mv_to m) in
  fsum w (after Q m) all_squares + w (piece_at Q (mv_from m)) (mv_from m) +
    (if inb v all_squares then w (piece_at Q v) v else 0) =
  fsum w (piece_at Q) all_squares + w (piece_at Q (mv_from m)) (mv_to m).
Proof.
  intros w w_none Q m Hk Hf Ht Hbt Hfv v.
  set (b := piece_at Q). set (f := mv_from m). set (t := mv_to m).
  assert (Ea : forall s, after Q m s = upd (upd (upd b v None) t (b f)) f None s).
  { intros s. unfold after, upd. rewrite Hk. reflexivity. }
  rewrite (fsum_ext w _ _ _ (fun s _ => Ea s)).
  pose proof (fsum_upd w (upd (upd b v None) t (b f)) f None all_squares all_squares_NoDup Hf) as E1.
  pose proof (fsum_upd w (upd b v None) t (b f) all_squares all_squares_NoDup Ht) as E2.
  rewrite w_none in E1.
  assert (X1 : upd (upd b v None) t (b f) f = b f).
  { unfold upd. destruct (f =? t)%uint63; [reflexivity|]. rewrite eqb_false by exact Hfv. reflexivity. }
  assert (X2 : w (upd b v None t) t = 0).
  { unfold upd. destruct (t =? v)%uint63; [apply w_none|]. unfold b, t. rewrite Hbt. apply w_none. }
  rewrite X1 in E1. rewrite X2 in E2.
  destruct (inb v all_squares) eqn:Hv.
  - apply inb_in in Hv.
    pose proof (fsum_upd w b v None all_squares all_squares_NoDup Hv) as E3. rewrite w_none in E3. lia.
  - apply inb_false in Hv. rewrite (fsum_upd_out w b v None _ Hv) in E2. lia.
Qed.

(** Castling: the king goes from [f] to [t], the rook from [rf] to [rt]. *)
Lemma sums_castle_sq : forall (w : option piece -> int -> nat), (forall s, w None s = 0) -> forall b f t rf rt K R,
  In f all_squares -> In t all_squares -> In rf all_squares -> In rt all_squares ->
  f <> rf -> t <> rt -> b t = None -> b rt = None ->
  fsum w (upd (upd (upd (upd b rf None) f None) rt R) t K) all_squares + w (b rf) rf + w (b f) f =
  fsum w b all_squares + w R rt + w K t.
Proof.
  intros w w_none b f t rf rt K R Hf Ht Hrf Hrt Hfrf Htrt Hbt Hbrt.
  pose proof (fsum_upd w b rf None all_squares all_squares_NoDup Hrf) as E1.
  pose proof (fsum_upd w (upd b rf None) f None all_squares all_squares_NoDup Hf) as E2.
  pose proof (fsum_upd w (upd (upd b rf None) f None) rt R all_squares all_squares_NoDup Hrt) as E3.
  pose proof (fsum_upd w (upd (upd (upd b rf None) f None) rt R) t K all_squares all_squares_NoDup Ht) as E4.
  rewrite w_none in E1, E2.
  assert (X2 : upd b rf None f = b f) by (unfold upd; rewrite eqb_false by exact Hfrf; reflexivity).
  assert (X3 : w (upd (upd b rf None) f None rt) rt = 0).
  { unfold upd. destruct (rt =? f)%uint63; [apply w_none|]. destruct (rt =? rf)%uint63; [apply w_none|].
    rewrite Hbrt. apply w_none. }
  assert (X4 : w (upd (upd (upd b rf None) f None) rt R t) t = 0).
  { unfold upd. rewrite eqb_false by exact Htrt.
    destruct (t =? f)%uint63; [apply w_none|]. destruct (t =? rf)%uint63; [apply w_none|].
    rewrite Hbt. apply w_none. }
  rewrite X2 in E2. rewrite X3 in E3. rewrite X4 in E4. lia.
Qed.

(** ** The summands of the bound *)

Lemma color_eqb_refl : forall c, color_eqb c c = true.
Proof. intros [|]; reflexivity. Qed.

Lemma color_eqb_opp : forall c, color_eqb (opp c) c = false.
Proof. intros [|]; reflexivity. Qed.

Lemma color_eqb_opp' : forall c, color_eqb c (opp c) = false.
Proof. intros [|]; reflexivity. Qed.

Lemma moves_none : forall D c s, man_moves_of D c None s = 0.
Proof. reflexivity. Qed.

Lemma count_none : forall c s, man_count_of c None s = 0.
Proof. reflexivity. Qed.

Lemma moves_own : forall D c r s, man_moves_of D c (Some (MkPiece c r)) s = dist D c r s.
Proof. intros D c r s. simpl. rewrite color_eqb_refl. reflexivity. Qed.

Lemma moves_other : forall D c r s, man_moves_of D c (Some (MkPiece (opp c) r)) s = 0.
Proof. intros D c r s. simpl. rewrite color_eqb_opp. reflexivity. Qed.

Lemma moves_other' : forall D c r s, man_moves_of D (opp c) (Some (MkPiece c r)) s = 0.
Proof. intros D c r s. simpl. rewrite color_eqb_opp'. reflexivity. Qed.

Lemma count_own : forall c r s, man_count_of c (Some (MkPiece c r)) s = 1.
Proof. intros c r s. simpl. rewrite color_eqb_refl. reflexivity. Qed.

Lemma count_other : forall c r s, man_count_of c (Some (MkPiece (opp c) r)) s = 0.
Proof. intros c r s. simpl. rewrite color_eqb_opp. reflexivity. Qed.

Lemma count_other' : forall c r s, man_count_of (opp c) (Some (MkPiece c r)) s = 0.
Proof. intros c r s. simpl. rewrite color_eqb_opp'. reflexivity. Qed.

Lemma count_le1 : forall c o s, man_count_of c o s <= 1.
Proof. intros c [[c' r]|] s; simpl; [destruct (color_eqb c' c)|]; lia. Qed.

(** A man the side [us] may capture is none of its own. *)
Lemma target_own_zero : forall D b us t, target_ok b us t ->
  man_moves_of D us (b t) t = 0 /\ man_count_of us (b t) t = 0.
Proof.
  intros D b us t H. unfold target_ok in H. destruct (b t) as [[c r]|]; [|auto].
  destruct H as [-> _]. rewrite moves_other, count_other. auto.
Qed.

Lemma target_neq : forall b us r f t, b f = Some (MkPiece us r) -> target_ok b us t -> f <> t.
Proof.
  intros b us r f t Hf Ht ->. unfold target_ok in Ht. rewrite Hf in Ht. destruct Ht as (Hc & _).
  destruct us; discriminate Hc.
Qed.

(** ** What [table_ok] gives *)

Lemma in_colors : forall c, In c [White; Black].
Proof. intros [|]; simpl; auto. Qed.

Lemma in_dist_roles : forall r, In r dist_roles.
Proof. intros []; simpl; tauto. Qed.

Lemma in_pieces : forall p, In p all_pieces.
Proof. intros [[|] []]; simpl; tauto. Qed.

Lemma dist_le_far : forall F D, table_ok F D = true -> forall c r s, In s all_squares -> dist D c r s <= far.
Proof.
  intros F D H c r s Hs. unfold table_ok in H. apply lazy_and_true in H. destruct H as (H & _).
  apply lazy_and_true in H. destruct H as (H & _). rewrite forallb_forall in H.
  apply Nat.leb_le, H. unfold dist_indices. apply in_flat_map. exists (MkPiece c r).
  split; [apply in_pieces|]. apply in_map_iff. exists s. auto.
Qed.

Lemma dist_initial : forall F D, table_ok F D = true -> forall s c r, In s all_squares ->
  piece_at initial s = Some (MkPiece c r) -> dist D c r s = 0.
Proof.
  intros F D H s c r Hs Hi. unfold table_ok in H. apply lazy_and_true in H. destruct H as (H & _).
  apply lazy_and_true in H. destruct H as (_ & H). rewrite forallb_forall in H.
  specialize (H s Hs). rewrite Hi in H. apply Nat.eqb_eq, H.
Qed.

Lemma step_next_roles : forall c r f r' t w, step_cost c r f r' t = Some w -> In r' (next_roles r).
Proof.
  intros c r f r' t w H. destruct r, r'; simpl; auto 6;
    unfold step_cost in H; cbn [role_eqb negb] in H; try discriminate H.
Qed.

(** One move avoiding [F] raises the entry by at most its cost. *)
Lemma table_step : forall F D, table_ok F D = true ->
  forall c r f r' t w, In f all_squares -> In t all_squares ->
  step_cost c r f r' t = Some w -> avoids F f t = true -> dist D c r' t <= dist D c r f + w.
Proof.
  intros F D H c r f r' t w Hf Ht Hs Ha.
  pose proof (dist_le_far F D H c r' t Ht) as Hfar.
  unfold table_ok in H. apply lazy_and_true in H. destruct H as (_ & H).
  rewrite forallb_forall in H. specialize (H c (in_colors c)).
  rewrite forallb_forall in H. specialize (H r (in_dist_roles r)).
  rewrite forallb_forall in H. specialize (H f Hf). cbv zeta in H.
  destruct (Nat.leb far (dist D c r f)) eqn:E1; [apply Nat.leb_le in E1; lia|].
  apply lazy_or_true in H. destruct H as [H|H].
  { unfold avoids in Ha. rewrite H in Ha. discriminate Ha. }
  rewrite forallb_forall in H. specialize (H r' (step_next_roles _ _ _ _ _ _ Hs)).
  rewrite forallb_forall in H. specialize (H t Ht). rewrite Hs in H.
  apply lazy_or_true in H. destruct H as [H|H]; [apply Nat.leb_le, H|].
  rewrite Ha in H. discriminate H.
Qed.

(** ** The geometry of one move *)

Lemma man_moves_geom : forall b c r f t, man_moves b c r f t -> man_geom c r f t = true.
Proof.
  intros b c r f t H. destruct r; simpl in *; try exact H; try apply H.
  unfold pawn_geom.
  destruct H as [(H & _)|[(H1 & H2 & _)|(H & _)]]; rewrite ?H, ?H1, ?H2, ?orb_true_r; reflexivity.
Qed.

Lemma role_eqb_refl : forall r, role_eqb r r = true.
Proof. intros []; reflexivity. Qed.

Lemma geom_cost : forall c r f t, man_geom c r f t = true ->
  exists w, step_cost c r f r t = Some w /\ w <= 1.
Proof.
  intros c r f t Hg.
  destruct r; unfold step_cost; cbn [role_eqb negb andb man_geom] in *;
    [rewrite Hg; eauto|rewrite Hg; eauto|rewrite Hg; eauto| |rewrite Hg; eauto|rewrite Hg; eauto].
  destruct (existsb _ castling_sides_of); [eauto|]. rewrite Hg. eauto.
Qed.

Lemma promo_cost : forall c f t r, In r promotion_roles ->
  pawn_geom c f t = true -> (relative_rank c t =? 7)%uint63 = true -> step_cost c Pawn f r t = Some 1.
Proof.
  intros c f t r Hr Hg H7. unfold step_cost. rewrite Hg, H7. simpl in Hr.
  destruct Hr as [<-|[<-|[<-|[<-|[]]]]]; reflexivity.
Qed.

(** Moves of a knight, a king, or a pawn's single step or capture pass
    over no square (checked on the 64 squares). *)
Definition short_move (f t : int) : bool :=
  knight_jump f t || king_step f t || pawn_forward White 1 f t || pawn_forward Black 1 f t ||
  pawn_attack White f t || pawn_attack Black f t.

Lemma short_check : forallb (fun f => forallb (fun t =>
  negb (short_move f t) || forallb (fun x => negb (between f t x)) all_squares) all_squares) all_squares = true.
Proof. vm_compute. reflexivity. Qed.

Lemma short_no_between : forall f t x, In f all_squares -> In t all_squares -> short_move f t = true ->
  between f t x = false.
Proof.
  intros f t x Hf Ht Hs. destruct (between f t x) eqn:E; [|reflexivity].
  pose proof short_check as H. rewrite forallb_forall in H. specialize (H f Hf).
  rewrite forallb_forall in H. specialize (H t Ht). rewrite Hs in H. change (forallb (fun x => negb (between f t x)) all_squares = true) in H.
  rewrite forallb_forall in H. pose proof (on_board_in x (RulesFast.between_on_board f t x E)) as Hx.
  specialize (H x Hx). rewrite E in H. discriminate H.
Qed.

(** The squares a castling king or rook passes over are empty. *)
Lemma castle_between_check : forallb (fun '(c, side) =>
  forallb (fun x =>
    negb (between (castle_king_from c) (castle_king_to c side) x ||
          between (castle_rook_from c side) (castle_rook_to c side) x) ||
    inb x (castle_empty c side)) all_squares)
  [(White, KingSide); (White, QueenSide); (Black, KingSide); (Black, QueenSide)] = true.
Proof. vm_compute. reflexivity. Qed.

Lemma castle_between : forall c side x,
  (between (castle_king_from c) (castle_king_to c side) x = true \/
   between (castle_rook_from c side) (castle_rook_to c side) x = true) ->
  In x (castle_empty c side).
Proof.
  intros c side x H. pose proof castle_between_check as C. rewrite forallb_forall in C.
  assert (Hc : In (c, side) [(White, KingSide); (White, QueenSide); (Black, KingSide); (Black, QueenSide)])
    by (destruct c, side; simpl; tauto).
  specialize (C _ Hc). cbv beta iota in C. rewrite forallb_forall in C.
  assert (Hx : In x all_squares).
  { destruct H as [H|H]; exact (on_board_in _ (RulesFast.between_on_board _ _ _ H)). }
  specialize (C x Hx). destruct H as [H|H]; rewrite H in C; [|rewrite orb_true_r in C]; cbn in C;
    apply inb_in, C.
Qed.

(** ** Moves avoid the squares whose men stay *)

(** The men on the squares [F] stay through the move. *)
Definition kept (F : array bool) (G G' : position) : Prop :=
  forall s, In s all_squares -> F.[s] = true -> piece_at G s = piece_at G' s /\ piece_at G s <> None.

Lemma not_kept : forall F G G' s, kept F G G' -> In s all_squares ->
  (piece_at G s = None \/ piece_at G s <> piece_at G' s) -> F.[s] = false.
Proof.
  intros F G G' s HK Hs H. destruct F.[s] eqn:E; [|reflexivity].
  destruct (HK s Hs E) as (H1 & H2). destruct H; contradiction.
Qed.

Lemma avoids_intro : forall F f t,
  F.[f] = false -> F.[t] = false -> (forall x, In x all_squares -> between f t x = true -> F.[x] = false) ->
  avoids F f t = true.
Proof.
  intros F f t Hf Ht Hx. unfold avoids. rewrite Hf, Ht.
  change (forallb (fun x => negb (between f t x &&& F.[x])) all_squares = true).
  apply forallb_forall. intros x Hin. destruct (between f t x) eqn:E; [|reflexivity].
  rewrite (Hx x Hin E). reflexivity.
Qed.

(** Squares empty before the move hold no kept man. *)
Lemma empty_not_kept : forall F G G' x, kept F G G' -> In x all_squares -> piece_at G x = None ->
  F.[x] = false.
Proof. intros F G G' x HK Hx H. apply (not_kept F G G'); auto. Qed.

Lemma path_not_kept : forall F G G' f t, kept F G G' -> path_clear (piece_at G) f t ->
  forall x, In x all_squares -> between f t x = true -> F.[x] = false.
Proof. intros F G G' f t HK Hp x Hx Hb. apply (empty_not_kept F G G'); auto. Qed.

(** A man moving from [f] to [t] by [man_moves] avoids the kept squares
    between them. *)
Lemma man_moves_between : forall F G G' c r f t, kept F G G' -> In f all_squares -> In t all_squares ->
  man_moves (piece_at G) c r f t ->
  forall x, In x all_squares -> between f t x = true -> F.[x] = false.
Proof.
  intros F G G' c r f t HK Hf Ht Hm x Hx Hb.
  assert (Hshort : short_move f t = true -> False)
    by (intros Hs; rewrite (short_no_between f t x Hf Ht Hs) in Hb; discriminate).
  destruct r; simpl in Hm.
  - destruct Hm as [(H & _)|[(_ & _ & Hp & _)|(H & _)]].
    + exfalso. apply Hshort. unfold short_move. destruct c; rewrite H; rewrite ?orb_true_r; reflexivity.
    + exact (path_not_kept F G G' f t HK Hp x Hx Hb).
    + exfalso. apply Hshort. unfold short_move. destruct c; rewrite H; rewrite ?orb_true_r; reflexivity.
  - exfalso. apply Hshort. unfold short_move. rewrite Hm. reflexivity.
  - destruct Hm as (_ & Hp). exact (path_not_kept F G G' f t HK Hp x Hx Hb).
  - destruct Hm as (_ & Hp). exact (path_not_kept F G G' f t HK Hp x Hx Hb).
  - destruct Hm as (_ & Hp). exact (path_not_kept F G G' f t HK Hp x Hx Hb).
  - exfalso. apply Hshort. unfold short_move. rewrite Hm, orb_true_r. reflexivity.
Qed.

(** ** The exact sums after a legal move *)

Lemma board_after : forall Q m P w, legal_move Q m P -> board_sum w P = fsum w (after Q m) all_squares.
Proof.
  intros Q m P w (_ & _ & Hb & _). rewrite board_sum_fsum. apply fsum_ext. exact Hb.
Qed.

Lemma legal_sums_normal : forall Q m P w, (forall s, w None s = 0) -> legal_move Q m P -> mv_kind m = Normal ->
  board_sum w P + w (piece_at Q (mv_from m)) (mv_from m) + w (piece_at Q (mv_to m)) (mv_to m) =
  board_sum w Q + w (piece_at Q (mv_from m)) (mv_to m).
Proof.
  intros Q m P w Hw Hl Hk. rewrite (board_after Q m P w Hl), (board_sum_fsum w Q).
  destruct Hl as ((Hf & Ht & Hp) & _). rewrite Hk in Hp. destruct Hp as (_ & r & Hbf & Htok & _).
  apply on_board_in in Hf, Ht. exact (sums_normal w Hw Q m Hk Hf Ht (target_neq _ _ _ _ _ Hbf Htok)).
Qed.

Lemma legal_sums_promotion : forall Q m P w r, (forall s, w None s = 0) -> legal_move Q m P ->
  mv_kind m = Promotion -> mv_promo m = Some r ->
  board_sum w P + w (piece_at Q (mv_from m)) (mv_from m) + w (piece_at Q (mv_to m)) (mv_to m) =
  board_sum w Q + w (Some (MkPiece (turn Q) r)) (mv_to m).
Proof.
  intros Q m P w r Hw Hl Hk Hr. rewrite (board_after Q m P w Hl), (board_sum_fsum w Q).
  destruct Hl as ((Hf & Ht & Hp) & _). rewrite Hk in Hp. destruct Hp as (r' & _ & _ & Hbf & _ & Htok & _).
  apply on_board_in in Hf, Ht. exact (sums_promotion w Hw Q m r Hk Hr Hf Ht (target_neq _ _ _ _ _ Hbf Htok)).
Qed.

Lemma ep_from_victim : forall Q m, pseudo_legal Q m -> mv_kind m = EnPassant ->
  mv_from m <> ep_victim (turn Q) (mv_to m).
Proof.
  intros Q m (_ & _ & Hp) Hk E. rewrite Hk in Hp. destruct Hp as (_ & _ & Hbf & _ & _ & Hbv).
  rewrite <- E, Hbf in Hbv. injection Hbv as Hc. destruct (turn Q); discriminate Hc.
Qed.

Lemma legal_sums_ep : forall Q m P w, (forall s, w None s = 0) -> legal_move Q m P -> mv_kind m = EnPassant ->
  let v := ep_victim (turn Q) (mv_to m) in
  board_sum w P + w (piece_at Q (mv_from m)) (mv_from m) +
    (if inb v all_squares then w (piece_at Q v) v else 0) =
  board_sum w Q + w (piece_at Q (mv_from m)) (mv_to m).
Proof.
  intros Q m P w Hw Hl Hk v. rewrite (board_after Q m P w Hl), (board_sum_fsum w Q).
  pose proof (ep_from_victim Q m (proj1 Hl) Hk) as Hfv.
  destruct Hl as ((Hf & Ht & Hp) & _). rewrite Hk in Hp. destruct Hp as (_ & _ & _ & _ & Hbt & _).
  apply on_board_in in Hf, Ht. exact (sums_ep w Hw Q m Hk Hf Ht Hbt Hfv).
Qed.

Lemma castling_side_of_to : forall c side, castling_side_of c (castle_king_to c side) = side.
Proof. intros [|] [|]; reflexivity. Qed.

Lemma castle_squares_ok : forall c side,
  In (castle_rook_from c side) all_squares /\ In (castle_rook_to c side) all_squares.
Proof. intros [|] [|]; split; apply inb_in; reflexivity. Qed.

(** The squares of a castling move. *)
Lemma castle_shape : forall Q m, pseudo_legal Q m -> mv_kind m = Castle ->
  exists side, mv_from m = castle_king_from (turn Q) /\ mv_to m = castle_king_to (turn Q) side /\
    piece_at Q (mv_from m) = Some (MkPiece (turn Q) King) /\
    piece_at Q (castle_rook_from (turn Q) side) = Some (MkPiece (turn Q) Rook) /\
    piece_at Q (mv_to m) = None /\ piece_at Q (castle_rook_to (turn Q) side) = None /\
    (forall s, In s (castle_empty (turn Q) side) -> piece_at Q s = None).
Proof.
  intros Q m (_ & _ & Hp) Hk. rewrite Hk in Hp.
  destruct Hp as (_ & side & Hfk & Htk & _ & Hbf & Hbr & Hempty & _).
  apply eqb_true in Hfk, Htk. exists side. do 4 (split; [assumption|]).
  split; [|split; [|exact Hempty]]; apply Hempty; rewrite ?Htk; destruct (turn Q), side; simpl; tauto.
Qed.

Lemma castle_after : forall Q m side, mv_kind m = Castle -> mv_from m = castle_king_from (turn Q) ->
  mv_to m = castle_king_to (turn Q) side ->
  forall s, after Q m s =
    upd (upd (upd (upd (piece_at Q) (castle_rook_from (turn Q) side) None) (mv_from m) None)
      (castle_rook_to (turn Q) side) (Some (MkPiece (turn Q) Rook))) (mv_to m) (Some (MkPiece (turn Q) King)) s.
Proof.
  intros Q m side Hk Hfk Htk s. unfold after, upd. rewrite Hk. rewrite Htk, castling_side_of_to.
  destruct (s =? castle_king_to (turn Q) side)%uint63; [reflexivity|].
  destruct (s =? castle_rook_to (turn Q) side)%uint63; [reflexivity|].
  destruct (s =? mv_from m)%uint63; reflexivity.
Qed.

Lemma castle_distinct : forall c side,
  castle_king_from c <> castle_rook_from c side /\ castle_king_to c side <> castle_rook_to c side /\
  castle_king_from c <> castle_king_to c side /\ castle_king_from c <> castle_rook_to c side /\
  castle_rook_from c side <> castle_rook_to c side /\ castle_rook_from c side <> castle_king_to c side.
Proof. intros [|] [|]; repeat split; apply eqb_false_neq; reflexivity. Qed.

Lemma legal_sums_castle : forall Q m P w, (forall s, w None s = 0) -> legal_move Q m P -> mv_kind m = Castle ->
  let c := turn Q in
  let side := castling_side_of c (mv_to m) in
  board_sum w P + w (Some (MkPiece c Rook)) (castle_rook_from c side) + w (Some (MkPiece c King)) (mv_from m) =
  board_sum w Q + w (Some (MkPiece c Rook)) (castle_rook_to c side) + w (Some (MkPiece c King)) (mv_to m).
Proof.
  intros Q m P w Hw Hl Hk c side0. rewrite (board_after Q m P w Hl), (board_sum_fsum w Q).
  destruct (castle_shape Q m (proj1 Hl) Hk) as (side & Hfk & Htk & Hbf & Hbr & Hbt & Hbrt & _).
  assert (Hs : side0 = side) by (unfold side0, c; rewrite Htk; apply castling_side_of_to).
  rewrite Hs. unfold c.
  destruct Hl as ((Hf & Ht & _) & _). apply on_board_in in Hf, Ht.
  destruct (castle_squares_ok (turn Q) side) as (Hrf & Hrt).
  destruct (castle_distinct (turn Q) side) as (Hfrf & Htrt & _).
  rewrite <- Hfk in Hfrf. rewrite <- Htk in Htrt.
  rewrite (fsum_ext w _ _ _ (fun s _ => castle_after Q m side Hk Hfk Htk s)).
  pose proof (sums_castle_sq w Hw (piece_at Q) (mv_from m) (mv_to m) (castle_rook_from (turn Q) side)
    (castle_rook_to (turn Q) side) (Some (MkPiece (turn Q) King)) (Some (MkPiece (turn Q) Rook))
    Hf Ht Hrf Hrt Hfrf Htrt Hbt Hbrt) as X.
  rewrite Hbr, Hbf in X. exact X.
Qed.

(** ** One move *)

(** What a move of [c] does to the four sums. *)
Definition step_bounds (D : dtable) (c : color) (G G' : position) : Prop :=
  men_moves D c G' <= S (men_moves D c G) /\
  men_moves D (opp c) G' <= men_moves D (opp c) G /\
  men_count c G' = men_count c G /\
  men_count (opp c) G <= S (men_count (opp c) G').

Lemma step_sums : forall F D G m G', table_ok F D = true -> legal_move G m G' -> kept F G G' ->
  step_bounds D (turn G) G G'.
Proof.
  intros F D G m G' HD Hl HK. unfold step_bounds, men_moves, men_count.
  assert (Hafter : forall s, In s all_squares -> piece_at G' s = after G m s) by apply Hl.
  pose proof Hl as ((Hf & Ht & Hk) & _). apply on_board_in in Hf, Ht.
  destruct (mv_kind m) eqn:Ek.
  - (* a plain move *)
    destruct Hk as (_ & r & Hbf & Htok & Hmm & _).
    pose proof (target_neq _ _ _ _ _ Hbf Htok) as Hft.
    assert (Ha : avoids F (mv_from m) (mv_to m) = true).
    { apply avoids_intro.
      - apply (not_kept F G G' _ HK Hf). right. rewrite Hafter by exact Hf. unfold after. rewrite Ek.
        cbv zeta. rewrite eqb_same, Hbf. discriminate.
      - apply (not_kept F G G' _ HK Ht). right. rewrite Hafter by exact Ht. unfold after. rewrite Ek.
        cbv zeta. rewrite (eqb_false _ _ (not_eq_sym Hft)), eqb_same, Hbf. intros E.
        unfold target_ok in Htok. rewrite E in Htok. destruct Htok as (Hc & _). destruct (turn G); discriminate Hc.
      - exact (man_moves_between F G G' _ _ _ _ HK Hf Ht Hmm). }
    apply man_moves_geom in Hmm. destruct (geom_cost _ _ _ _ Hmm) as (w & Hc & Hw1).
    pose proof (table_step F D HD _ _ _ _ _ _ Hf Ht Hc Ha) as Hd.
    destruct (target_own_zero D _ _ _ Htok) as (T1 & T2).
    pose proof (legal_sums_normal G m G' _ (moves_none D (turn G)) Hl Ek) as E1.
    pose proof (legal_sums_normal G m G' _ (moves_none D (opp (turn G))) Hl Ek) as E2.
    pose proof (legal_sums_normal G m G' _ (count_none (turn G)) Hl Ek) as E3.
    pose proof (legal_sums_normal G m G' _ (count_none (opp (turn G))) Hl Ek) as E4.
    pose proof (count_le1 (opp (turn G)) (piece_at G (mv_to m)) (mv_to m)) as C.
    rewrite Hbf in E1, E2, E3, E4.
    rewrite !moves_own in E1. rewrite !moves_other' in E2. rewrite !count_own in E3.
    rewrite !count_other' in E4. rewrite T1 in E1. rewrite T2 in E3.
    repeat split; lia.
  - (* a promotion *)
    destruct Hk as (r & Hr & Hrin & Hbf & H7 & Htok & Hmm).
    pose proof (target_neq _ _ _ _ _ Hbf Htok) as Hft.
    assert (Ha : avoids F (mv_from m) (mv_to m) = true).
    { apply avoids_intro.
      - apply (not_kept F G G' _ HK Hf). right. rewrite Hafter by exact Hf. unfold after. rewrite Ek.
        cbv zeta. rewrite eqb_same, Hbf. discriminate.
      - apply (not_kept F G G' _ HK Ht). right. rewrite Hafter by exact Ht. unfold after. rewrite Ek, Hr.
        cbv zeta. rewrite (eqb_false _ _ (not_eq_sym Hft)), eqb_same. intros E.
        unfold target_ok in Htok. rewrite E in Htok. destruct Htok as (Hc & _). destruct (turn G); discriminate Hc.
      - exact (man_moves_between F G G' _ _ _ _ HK Hf Ht Hmm). }
    apply man_moves_geom in Hmm.
    pose proof (table_step F D HD _ _ _ _ _ _ Hf Ht (promo_cost _ _ _ _ Hrin Hmm H7) Ha) as Hd.
    destruct (target_own_zero D _ _ _ Htok) as (T1 & T2).
    pose proof (legal_sums_promotion G m G' _ r (moves_none D (turn G)) Hl Ek Hr) as E1.
    pose proof (legal_sums_promotion G m G' _ r (moves_none D (opp (turn G))) Hl Ek Hr) as E2.
    pose proof (legal_sums_promotion G m G' _ r (count_none (turn G)) Hl Ek Hr) as E3.
    pose proof (legal_sums_promotion G m G' _ r (count_none (opp (turn G))) Hl Ek Hr) as E4.
    pose proof (count_le1 (opp (turn G)) (piece_at G (mv_to m)) (mv_to m)) as C.
    rewrite Hbf in E1, E2, E3, E4.
    rewrite !moves_own in E1. rewrite !moves_other' in E2. rewrite !count_own in E3.
    rewrite !count_other' in E4. rewrite T1 in E1. rewrite T2 in E3.
    repeat split; lia.
  - (* en passant *)
    destruct Hk as (_ & _ & Hbf & Hpa & Hbt & Hbv).
    assert (Hft : mv_from m <> mv_to m) by (intros E; rewrite E, Hbt in Hbf; discriminate).
    assert (Ha : avoids F (mv_from m) (mv_to m) = true).
    { apply avoids_intro.
      - apply (not_kept F G G' _ HK Hf). right. rewrite Hafter by exact Hf. unfold after. rewrite Ek.
        cbv zeta. rewrite eqb_same, Hbf. discriminate.
      - exact (empty_not_kept F G G' _ HK Ht Hbt).
      - intros x Hx Hb. rewrite (short_no_between _ _ x Hf Ht) in Hb; [discriminate|].
        unfold short_move. destruct (turn G); rewrite Hpa, ?orb_true_r; reflexivity. }
    assert (Hmm : man_geom (turn G) Pawn (mv_from m) (mv_to m) = true).
    { simpl. unfold pawn_geom. rewrite Hpa, orb_true_r. reflexivity. }
    destruct (geom_cost _ _ _ _ Hmm) as (w & Hc & Hw1).
    pose proof (table_step F D HD _ _ _ _ _ _ Hf Ht Hc Ha) as Hd.
    pose proof (legal_sums_ep G m G' _ (moves_none D (turn G)) Hl Ek) as E1.
    pose proof (legal_sums_ep G m G' _ (moves_none D (opp (turn G))) Hl Ek) as E2.
    pose proof (legal_sums_ep G m G' _ (count_none (turn G)) Hl Ek) as E3.
    pose proof (legal_sums_ep G m G' _ (count_none (opp (turn G))) Hl Ek) as E4.
    cbv zeta in E1, E2, E3, E4.
    rewrite Hbf in E1, E2, E3, E4. rewrite Hbv in E1, E2, E3, E4.
    rewrite !moves_own, !moves_other in E1. rewrite !moves_other', !moves_own in E2.
    rewrite !count_own, !count_other in E3. rewrite !count_other', !count_own in E4.
    destruct (inb (ep_victim (turn G) (mv_to m)) all_squares); repeat split; lia.
  - (* castling *)
    destruct (castle_shape G m (proj1 Hl) Ek) as (side & Hfk & Htk & Hbf & Hbr & Hbt & Hbrt & Hempty).
    assert (Hside : castling_side_of (turn G) (mv_to m) = side) by (rewrite Htk; apply castling_side_of_to).
    destruct (castle_squares_ok (turn G) side) as (Hrf & Hrt).
    destruct (castle_distinct (turn G) side) as (D1 & D2 & D3 & D4 & D5 & D6).
    assert (Hafter' : forall s, In s all_squares -> piece_at G' s =
      upd (upd (upd (upd (piece_at G) (castle_rook_from (turn G) side) None) (mv_from m) None)
        (castle_rook_to (turn G) side) (Some (MkPiece (turn G) King))) (mv_to m) (Some (MkPiece (turn G) King)) s
      \/ True) by (intros; right; exact I).
    clear Hafter'.
    assert (Hkf : F.[mv_from m] = false).
    { apply (not_kept F G G' _ HK Hf). right. rewrite Hafter by exact Hf.
      rewrite (castle_after G m side Ek Hfk Htk). unfold upd.
      rewrite Htk, Hfk, (eqb_false _ _ D3), (eqb_false _ _ D4), eqb_same. rewrite <- Hfk, Hbf. discriminate. }
    assert (Hkrf : F.[castle_rook_from (turn G) side] = false).
    { apply (not_kept F G G' _ HK Hrf). right. rewrite Hafter by exact Hrf.
      rewrite (castle_after G m side Ek Hfk Htk). unfold upd.
      rewrite Htk, Hfk, (eqb_false _ _ D6), (eqb_false _ _ D5), (eqb_false _ _ (not_eq_sym D1)), eqb_same.
      rewrite Hbr. discriminate. }
    assert (Hak : avoids F (mv_from m) (mv_to m) = true).
    { apply avoids_intro; [exact Hkf|exact (empty_not_kept F G G' _ HK Ht Hbt)|].
      intros x Hx Hb. apply (empty_not_kept F G G' _ HK Hx), Hempty, castle_between.
      left. rewrite <- Hfk, <- Htk. exact Hb. }
    assert (Har : avoids F (castle_rook_from (turn G) side) (castle_rook_to (turn G) side) = true).
    { apply avoids_intro; [exact Hkrf|exact (empty_not_kept F G G' _ HK Hrt Hbrt)|].
      intros x Hx Hb. apply (empty_not_kept F G G' _ HK Hx), Hempty, castle_between. right. exact Hb. }
    assert (Hdk : dist D (turn G) King (mv_to m) <= S (dist D (turn G) King (mv_from m))).
    { assert (Hc : step_cost (turn G) King (mv_from m) King (mv_to m) = Some 1)
        by (rewrite Hfk, Htk; destruct (turn G), side; reflexivity).
      pose proof (table_step F D HD _ _ _ _ _ _ Hf Ht Hc Hak). lia. }
    assert (Hdr : dist D (turn G) Rook (castle_rook_to (turn G) side) <= dist D (turn G) Rook (castle_rook_from (turn G) side)).
    { assert (Hc : step_cost (turn G) Rook (castle_rook_from (turn G) side) Rook (castle_rook_to (turn G) side) = Some 0)
        by (destruct (turn G), side; reflexivity).
      pose proof (table_step F D HD _ _ _ _ _ _ Hrf Hrt Hc Har). lia. }
    pose proof (legal_sums_castle G m G' _ (moves_none D (turn G)) Hl Ek) as E1.
    pose proof (legal_sums_castle G m G' _ (moves_none D (opp (turn G))) Hl Ek) as E2.
    pose proof (legal_sums_castle G m G' _ (count_none (turn G)) Hl Ek) as E3.
    pose proof (legal_sums_castle G m G' _ (count_none (opp (turn G))) Hl Ek) as E4.
    cbv zeta in E1, E2, E3, E4. rewrite Hside in E1, E2, E3, E4.
    rewrite !moves_own in E1. rewrite !moves_other' in E2. rewrite !count_own in E3.
    rewrite !count_other' in E4.
    split; [lia|]. split; [lia|]. split; [lia|]. lia.
Qed.

(** ** The bound, move by move *)

Lemma needed_step : forall F D G m G', table_ok F D = true -> legal_move G m G' -> kept F G G' ->
  moves_needed D (turn G) G' <= S (moves_needed D (turn G) G) /\
  moves_needed D (opp (turn G)) G' <= moves_needed D (opp (turn G)) G.
Proof.
  intros F D G m G' HD Hl HK. destruct (step_sums F D G m G' HD Hl HK) as (H1 & H2 & H3 & H4).
  unfold moves_needed. rewrite opp_opp, H3. split; lia.
Qed.

Lemma even_S : forall n, Nat.even (S n) = negb (Nat.even n).
Proof.
  fix IH 1. intros [|n]; [reflexivity|].
  change (Nat.even n = negb (Nat.even (S n))). rewrite (IH n), Bool.negb_involutive. reflexivity.
Qed.

Lemma div2_S : forall n, Nat.div2 (S n) = if Nat.even n then Nat.div2 n else S (Nat.div2 n).
Proof.
  fix IH 1. intros [|[|n]]; [reflexivity|reflexivity|].
  change (S (Nat.div2 (S n)) = if Nat.even n then S (Nat.div2 n) else S (S (Nat.div2 n))).
  rewrite (IH n). destruct (Nat.even n); reflexivity.
Qed.

Lemma turn_after_S : forall n, turn_after (S n) = opp (turn_after n).
Proof. intros n. unfold turn_after. rewrite even_S. destruct (Nat.even n); reflexivity. Qed.

(** The moves of the side to move after [n] plies grow with the next ply;
    the other side's do not. *)
Lemma moves_in_S : forall n,
  moves_in (turn_after n) (S n) = S (moves_in (turn_after n) n) /\
  moves_in (opp (turn_after n)) (S n) = moves_in (opp (turn_after n)) n.
Proof.
  intros n. unfold turn_after. destruct (Nat.even n) eqn:E; cbn [moves_in opp].
  - split.
    + change (S (Nat.div2 n) = S (Nat.div2 (S n))). rewrite (div2_S n), E. reflexivity.
    + rewrite (div2_S n), E. reflexivity.
  - split.
    + rewrite (div2_S n), E. reflexivity.
    + change (S (Nat.div2 n) = Nat.div2 (S n)). rewrite (div2_S n), E. reflexivity.
Qed.

Lemma fsum_zero : forall w b l, (forall s, In s l -> w (b s) s = 0) -> fsum w b l = 0.
Proof.
  intros w b l H. induction l as [|s l IH]; [reflexivity|]. simpl.
  rewrite H by (left; reflexivity). rewrite IH; [reflexivity|]. intros x Hx. apply H. right. exact Hx.
Qed.

Lemma initial_needed : forall F D c, table_ok F D = true -> moves_needed D c initial = 0.
Proof.
  intros F D c HD. unfold moves_needed, men_moves.
  assert (E : board_sum (man_moves_of D c) initial = 0).
  { rewrite board_sum_fsum. apply fsum_zero. intros s Hs.
    destruct (piece_at initial s) as [[c' r]|] eqn:Ei; [|reflexivity]. simpl.
    destruct (color_eqb c' c) eqn:Ec; [|reflexivity]. apply color_eqb_eq in Ec. subst c'.
    exact (dist_initial F D HD s c r Hs Ei). }
  rewrite E. destruct c; vm_compute; reflexivity.
Qed.

(** The men of a justified set stay through the moves of a game. *)
Lemma justified_kept : forall h G m G' X, game h G -> game_step G m G' -> justified (piece_at G') X ->
  justified (piece_at G) X /\ (forall s, In s all_squares -> X s = true ->
    piece_at G s = piece_at G' s /\ piece_at G s <> None).
Proof.
  intros h G m G' X Hg (Hl & _) HX. apply RulesFast.legal_move_iff in Hl.
  pose proof (step_keeps G G' m X Hl (inv_game h G Hg) HX) as E.
  assert (HXG : justified (piece_at G) X).
  { apply (justified_transfer (piece_at G')); [exact HX|]. intros s Hs Hx. apply E; assumption. }
  split; [exact HXG|]. intros s Hs Hx. split; [apply E; assumption|].
  destruct (HXG s Hs Hx) as (c & r & Hb & _). rewrite Hb. discriminate.
Qed.

Lemma game_bound : forall F D, table_ok F D = true -> forall h G, game h G ->
  forall X, justified (piece_at G) X -> (forall s, In s all_squares -> F.[s] = true -> X s = true) ->
  turn G = turn_after (length h) /\
  moves_needed D White G <= moves_in White (length h) /\
  moves_needed D Black G <= moves_in Black (length h).
Proof.
  intros F D HD h G Hg. induction Hg as [|h G m G' Hg IH Hs]; intros X HX HF.
  - rewrite !(initial_needed F D _ HD). repeat split; lia.
  - destruct (justified_kept h G m G' X Hg Hs HX) as (HXG & HK).
    destruct (IH X HXG HF) as (Ht & Hw & Hb).
    assert (HKF : kept F G G') by (intros s Hs' Hf; apply HK; [exact Hs'|apply HF; assumption]).
    destruct Hs as (Hl & _ & _).
    pose proof (needed_step F D G m G' HD Hl HKF) as (N1 & N2).
    destruct Hl as (_ & Ht' & _).
    rewrite app_length. cbn [length]. rewrite PeanoNat.Nat.add_1_r.
    destruct (moves_in_S (length h)) as (M1 & M2).
    rewrite <- Ht in M1, M2.
    rewrite turn_after_S, <- Ht. split; [exact Ht'|].
    destruct (turn G); cbn [opp] in N1, N2, M1, M2; rewrite ?M1, ?M2; split; lia.
Qed.

(** ** The headline theorem *)

Lemma board_sum_same : forall w P Q, same_board P Q -> board_sum w P = board_sum w Q.
Proof.
  intros w P Q H. rewrite !board_sum_fsum. apply fsum_ext. exact H.
Qed.

Lemma bound_in_realizes : forall D k G Q, realizes G Q -> bound_in D k Q = bound_in D k G.
Proof.
  intros D k G Q (Hb & Ht & _). unfold bound_in, moves_needed, men_moves, men_count.
  rewrite !(board_sum_same _ Q G Hb), Ht. reflexivity.
Qed.

(** The bound at the end of a game, for any set [X] of squares justified
    there containing the blocked squares [F]. *)
Theorem bound_game_kept : forall F D, table_ok F D = true ->
  forall h G X, game h G -> justified (piece_at G) X ->
  (forall s, In s all_squares -> F.[s] = true -> X s = true) ->
  bound_in D (length h) G = true.
Proof.
  intros F D HD h G X Hg HX HF.
  destruct (game_bound F D HD h G Hg X HX HF) as (T & W & B).
  unfold bound_in. rewrite T, color_eqb_refl.
  apply Nat.leb_le in W, B. rewrite W, B. reflexivity.
Qed.

(** The bound, for any set [X] of squares justified on [Q] (Stranded.v:
    their men never moved) containing the blocked squares [F]. *)
Theorem bound_game_justified : forall F D, table_ok F D = true ->
  forall h G Q X, game h G -> realizes G Q -> justified (piece_at Q) X ->
  (forall s, In s all_squares -> F.[s] = true -> X s = true) ->
  bound_in D (length h) Q = true.
Proof.
  intros F D HD h G Q X Hg Hr HX HF. rewrite (bound_in_realizes D _ G Q Hr).
  destruct Hr as (Hb & _).
  assert (HXG : justified (piece_at G) X).
  { apply (justified_transfer (piece_at Q)); [exact HX|]. intros s Hs _. symmetry. apply Hb, Hs. }
  exact (bound_game_kept F D HD h G X Hg HXG HF).
Qed.

(** The bound with the frozen squares of [Q] (or some of them) blocked. *)
Theorem bound_game : forall F D, table_ok F D = true ->
  forall h G Q, game h G -> realizes G Q ->
  (forall s, In s all_squares -> F.[s] = true -> (frozen_set (piece_at Q)).[s] = true) ->
  bound_in D (length h) Q = true.
Proof.
  intros F D HD h G Q Hg Hr HF.
  destruct (frozen_set_good (piece_at Q)) as (_ & HX).
  exact (bound_game_justified F D HD h G Q _ Hg Hr HX HF).
Qed.

(** The pruning rule: a position failing the bound for [k] plies is
    reached by no game of [k] plies. *)
Corollary bound_fails_no_game : forall F D, table_ok F D = true ->
  forall k Q, (forall s, In s all_squares -> F.[s] = true -> (frozen_set (piece_at Q)).[s] = true) ->
  bound_in D k Q = false ->
  forall h G, game h G -> length h = k -> realizes G Q -> False.
Proof.
  intros F D HD k Q HF Hb h G Hg Hl Hr. subst k.
  rewrite (bound_game F D HD h G Q Hg Hr HF) in Hb. discriminate Hb.
Qed.

(** ** The fast form *)

Lemma tally_of_sums : forall D Q, tally_of D Q =
  Tally (men_moves D White Q) (men_moves D Black Q) (men_count White Q) (men_count Black Q).
Proof.
  intros D Q. unfold tally_of, men_moves, men_count, board_sum. generalize all_squares as l.
  induction l as [|s l IH]; [reflexivity|]. simpl. rewrite IH.
  destruct (piece_at Q s) as [[[|] r]|]; reflexivity.
Qed.

Lemma bound_tally_ok : forall D k Q, bound_tally k (turn Q) (tally_of D Q) = bound_in D k Q.
Proof.
  intros D k Q. rewrite tally_of_sums. unfold bound_tally, tally_fits, bound_in, moves_needed.
  cbn [t_white t_black n_white n_black]. rewrite andb_assoc. reflexivity.
Qed.
