(** * RulesCheck: a decision procedure for the rules of Rules.v.

    Stated over their table form (RulesFast.v), which [RulesFast.legal_move_iff]
    and friends prove equivalent to the readable rules.

    Headline theorems:
    - [attacked_b_iff   : attacked_b b c t = true <-> attacked b c t]
    - [in_check_b_false : in_check_b b c = false -> ~ in_check b c]
    - [legal_move_b_sound : legal_move_b Q m P = true -> legal_move Q m P]

    The boolean functions follow the shape of the specification closely;
    they filter the retraction candidates (Retract.v).  The proofs use no
    axiom: squares are compared with [=?] in the rules too. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts.
Import ListNotations.
Open Scope uint63_scope.

(** ** Booleans *)

Definition is_none {A} (o : option A) : bool := match o with None => true | Some _ => false end.

Definition has_man (b : board_fn) (p : piece) (l : list int) : bool :=
  existsb (fun s => opiece_eqb (b s) (Some p)) l.

Definition slider_on (b : board_fn) (c : color) (t d : int) : bool :=
  match first_man b (ray d t) with
  | Some s => match b s with
              | Some (MkPiece c' r) => color_eqb c' c &&& inb d (slider_dirs r)
              | None => false
              end
  | None => false
  end.

Definition attacked_b (b : board_fn) (c : color) (t : int) : bool :=
  has_man b (MkPiece c Knight) knight_targets.[t] |||
  has_man b (MkPiece c Pawn) (pawn_attacks (opp c) t) |||
  has_man b (MkPiece c King) king_targets.[t] |||
  existsb (slider_on b c t) directions.

Definition in_check_b (b : board_fn) (c : color) : bool :=
  existsb (fun k => opiece_eqb (b k) (Some (MkPiece c King)) &&& attacked_b b (opp c) k) all_squares.

Definition target_ok_b (b : board_fn) (us : color) (t : int) : bool :=
  match b t with
  | None => true
  | Some (MkPiece c r) => color_eqb c (opp us) &&& negb (role_eqb r King)
  end.

Definition man_moves_b (b : board_fn) (c : color) (r : role) (f t : int) : bool :=
  match r with
  | Pawn =>
      ((t =? pawn_step c f) &&& is_none (b t))
   ||| ((relative_rank c f =? 1) &&& (t =? pawn_step c (pawn_step c f)) &&&
        is_none (b (pawn_step c f)) &&& is_none (b t))
   ||| (inb t (pawn_attacks c f) &&& negb (is_none (b t)))
  | Knight => inb t knight_targets.[f]
  | King => inb t king_targets.[f]
  | _ => existsb (fun d => reaches b (ray d f) t) (slider_dirs r)
  end.

Definition is_promotion_role (r : role) : bool :=
  match r with Knight | Bishop | Rook | Queen => true | _ => false end.

Definition pseudo_legal_b (Q : position) (m : move) : bool :=
  let b := piece_at Q in
  let us := turn Q in
  let f := mv_from m in
  let t := mv_to m in
  on_board f &&& on_board t &&&
  match mv_kind m with
  | Normal =>
      is_none (mv_promo m) &&&
      match b f with
      | Some (MkPiece c r) =>
          color_eqb c us &&& target_ok_b b us t &&& man_moves_b b us r f t &&&
          match r with Pawn => negb (relative_rank us t =? 7) | _ => true end
      | None => false
      end
  | Promotion =>
      match mv_promo m with
      | Some r =>
          is_promotion_role r &&& opiece_eqb (b f) (Some (MkPiece us Pawn)) &&&
          (relative_rank us t =? 7) &&& target_ok_b b us t &&& man_moves_b b us Pawn f t
      | None => false
      end
  | EnPassant =>
      is_none (mv_promo m) &&&
      is_ep_square Q t &&&
      opiece_eqb (b f) (Some (MkPiece us Pawn)) &&& inb t (pawn_attacks us f) &&&
      is_none (b t) &&& opiece_eqb (b (ep_victim us t)) (Some (MkPiece (opp us) Pawn))
  | Castle =>
      is_none (mv_promo m) &&&
      let side := castling_side_of us t in
      (f =? castle_king_from us) &&& (t =? castle_king_to us side) &&&
      castling_right Q us side &&&
      opiece_eqb (b f) (Some (MkPiece us King)) &&&
      opiece_eqb (b (castle_rook_from us side)) (Some (MkPiece us Rook)) &&&
      forallb (fun s => is_none (b s)) (castle_empty us side) &&&
      forallb (fun s => negb (attacked_b b (opp us) s)) (castle_safe us side)
  end.

Definition board_after_b (Q : position) (m : move) (P : position) : bool :=
  let a := after Q m in
  forallb (fun s => opiece_eqb (piece_at P s) (a s)) all_squares.

Definition legal_move_b (Q : position) (m : move) (P : position) : bool :=
  pseudo_legal_b Q m &&& color_eqb (turn P) (opp (turn Q)) &&& board_after_b Q m P &&&
  negb (in_check_b (piece_at P) (turn Q)).

(** The same without the check test, for when it is done once for many
    candidates [Q] (Retract.v). *)
Definition legal_move_b_given (Q : position) (m : move) (P : position) : bool :=
  pseudo_legal_b Q m &&& color_eqb (turn P) (opp (turn Q)) &&& board_after_b Q m P.

(** ** Proofs *)

(* [split_lazy] (Facts.v) takes the lazy conjunctions apart. *)

Ltac triv := first [reflexivity | assumption].

Lemma is_none_true : forall A (o : option A), is_none o = true -> o = None.
Proof. intros A [x|]; simpl; congruence. Qed.

Lemma is_none_false : forall A (o : option A), is_none o = false -> o <> None.
Proof. intros A [x|]; simpl; congruence. Qed.

Lemma has_man_iff : forall b p l, has_man b p l = true <-> exists s, In s l /\ b s = Some p.
Proof.
  intros b p l; unfold has_man; rewrite existsb_exists; split.
  - intros (s & Hs & E). apply opiece_eqb_eq in E. eauto.
  - intros (s & Hs & E). exists s; split; auto. apply opiece_eqb_eq; auto.
Qed.

Lemma slider_on_iff : forall b c t d,
  slider_on b c t d = true <->
  exists s r, first_man b (ray d t) = Some s /\ b s = Some (MkPiece c r) /\ inb d (slider_dirs r) = true.
Proof.
  intros b c t d; unfold slider_on; split.
  - destruct (first_man b (ray d t)) as [s|]; [|discriminate].
    destruct (b s) as [[c' r]|] eqn:Bs; [|discriminate].
    intros H; split_lazy. apply color_eqb_eq in E; subst c'.
    exists s, r; repeat split; auto.
  - intros (s & r & -> & -> & Hin). rewrite (proj2 (color_eqb_eq c c) eq_refl). exact Hin.
Qed.

Theorem attacked_b_iff : forall b c t, attacked_b b c t = true <-> attacked b c t.
Proof.
  intros b c t; unfold attacked_b, attacked.
  rewrite <- !has_man_iff.
  split.
  - intros H.
    destruct (has_man b (MkPiece c Knight) knight_targets.[t]) eqn:E1; [left; reflexivity|].
    destruct (has_man b (MkPiece c Pawn) (pawn_attacks (opp c) t)) eqn:E2; [right; left; reflexivity|].
    destruct (has_man b (MkPiece c King) king_targets.[t]) eqn:E3; [right; right; left; reflexivity|].
    right; right; right.
    apply existsb_exists in H; destruct H as (d & Hd & H).
    apply slider_on_iff in H. destruct H as (s & r & H1 & H2 & H3).
    exists d, s, r; auto.
  - intros Hp.
    destruct (has_man b (MkPiece c Knight) knight_targets.[t]) eqn:E1; [reflexivity|].
    destruct (has_man b (MkPiece c Pawn) (pawn_attacks (opp c) t)) eqn:E2; [reflexivity|].
    destruct (has_man b (MkPiece c King) king_targets.[t]) eqn:E3; [reflexivity|].
    destruct Hp as [H|[H|[H|H]]]; try congruence.
    destruct H as (d & s & r & Hd & H1 & H2 & H3).
    apply existsb_exists. exists d; split; auto.
    apply slider_on_iff. eauto.
Qed.

Lemma attacked_b_false : forall b c t, attacked_b b c t = false -> ~ attacked b c t.
Proof. intros b c t H Ha. apply attacked_b_iff in Ha. congruence. Qed.

Theorem in_check_b_false : forall b c, in_check_b b c = false -> ~ in_check b c.
Proof.
  intros b c H (k & Hk & Kk & Ha).
  assert (in_check_b b c = true) as H'; [|congruence].
  apply existsb_exists. exists k; split; auto.
  rewrite Kk. rewrite (proj2 (opiece_eqb_eq _ _) eq_refl).
  apply attacked_b_iff; auto.
Qed.

Lemma target_ok_b_sound : forall b us t, target_ok_b b us t = true -> target_ok b us t.
Proof.
  intros b us t; unfold target_ok_b, target_ok.
  destruct (b t) as [[c r]|]; auto.
  intros H; split_lazy. apply color_eqb_eq in E; split; auto.
  intros ->. discriminate.
Qed.

Lemma man_moves_b_sound : forall b c r f t, man_moves_b b c r f t = true -> man_moves b c r f t.
Proof.
  intros b c r f t; unfold man_moves_b, man_moves.
  destruct r; try (intros H; exact H);
    try (intros H; apply existsb_exists in H; destruct H as (d & Hd & H); exists d; split; triv).
  intros H.
  destruct ((t =? pawn_step c f) &&& is_none (b t)) eqn:E1; cbv beta iota in H.
  { left. split_lazy. split; [triv | apply is_none_true; triv]. }
  destruct ((relative_rank c f =? 1) &&& (t =? pawn_step c (pawn_step c f)) &&&
            is_none (b (pawn_step c f)) &&& is_none (b t)) eqn:E2; cbv beta iota in H.
  { right; left. split_lazy.
    repeat split; try triv; apply is_none_true; triv. }
  right; right. split_lazy. split; [triv|].
  apply is_none_false. destruct (is_none (b t)); [discriminate|reflexivity].
Qed.

Ltac use_bools :=
  repeat match goal with
  | H : color_eqb _ _ = true |- _ => apply color_eqb_eq in H; subst
  | H : opiece_eqb _ _ = true |- _ => apply opiece_eqb_eq in H
  | H : is_none _ = true |- _ => apply is_none_true in H
  | H : target_ok_b _ _ _ = true |- _ => apply target_ok_b_sound in H
  | H : man_moves_b _ _ _ _ _ = true |- _ => apply man_moves_b_sound in H
  end.

Theorem pseudo_legal_b_sound : forall Q m, pseudo_legal_b Q m = true -> pseudo_legal Q m.
Proof.
  intros Q m H. unfold pseudo_legal_b in H. unfold pseudo_legal.
  split_lazy.
  destruct (mv_kind m).
  - split_lazy.
    destruct (piece_at Q (mv_from m)) as [[c r]|] eqn:Bf; [|discriminate].
    split_lazy. use_bools.
    split; [first [reflexivity | triv]|]. split; [first [reflexivity | triv]|].
    split; [triv|].
    exists r; repeat split; try triv.
    intros ->. destruct (relative_rank (turn Q) (mv_to m) =? 7); [discriminate|reflexivity].
  - destruct (mv_promo m) as [r|] eqn:Pr; [|discriminate].
    split_lazy. use_bools.
    split; [first [reflexivity | triv]|]. split; [first [reflexivity | triv]|].
    exists r; repeat split; try triv.
    destruct r; try discriminate; simpl; tauto.
  - split_lazy. use_bools.
    repeat split; triv.
  - split_lazy. use_bools.
    split; [first [reflexivity | triv]|]. split; [first [reflexivity | triv]|].
    split; [triv|].
    exists (castling_side_of (turn Q) (mv_to m)).
    repeat split; try triv.
    + match goal with H : forallb _ (castle_empty _ _) = true |- _ => rename H into Hf end.
      intros s Hs. apply is_none_true, (forallb_in Hf Hs).
    + match goal with H : forallb _ (castle_safe _ _) = true |- _ => rename H into Hf end.
      intros s Hs. apply attacked_b_false. forallb_at Hf Hs. destruct (attacked_b _ _ _); [discriminate|reflexivity].
Qed.

Lemma board_after_b_sound : forall Q m P, board_after_b Q m P = true ->
  forall s, In s all_squares -> piece_at P s = after Q m s.
Proof.
  intros Q m P Hb s Hs. unfold board_after_b in Hb. apply opiece_eqb_eq, (forallb_in Hb Hs).
Qed.

Theorem legal_move_b_given_sound : forall Q m P,
  legal_move_b_given Q m P = true -> ~ in_check (piece_at P) (turn Q) -> legal_move Q m P.
Proof.
  intros Q m P H Hc. unfold legal_move_b_given in H. split_lazy.
  split; [apply pseudo_legal_b_sound; triv|].
  split; [apply color_eqb_eq; triv|].
  split; [apply board_after_b_sound; triv|].
  exact Hc.
Qed.

Theorem legal_move_b_sound : forall Q m P, legal_move_b Q m P = true -> legal_move Q m P.
Proof.
  intros Q m P H. unfold legal_move_b in H.
  destruct (in_check_b (piece_at P) (turn Q)) eqn:E.
  - destruct (pseudo_legal_b Q m &&& color_eqb (turn P) (opp (turn Q)) &&& board_after_b Q m P);
      discriminate.
  - apply legal_move_b_given_sound; [|apply in_check_b_false; exact E].
    unfold legal_move_b_given.
    destruct (pseudo_legal_b Q m &&& color_eqb (turn P) (opp (turn Q)) &&& board_after_b Q m P);
      [reflexivity | discriminate].
Qed.

(** ** Material, incrementally

    [material_ok b] scans the 64 squares.  For the retraction generator,
    which builds each predecessor from [P] by a few cell changes, the same
    test is decided from a summary [mat_of b] (the census of each colour
    and the number of pawns on a back rank) kept up to date cell by cell:
    [mat_of_upd] says how one changed square changes the summary. *)

Definition zero_census : census := Census 0 0 0 0 0 0 0.

Definition cadd (a b : census) : census :=
  let '(Census a1 a2 a3 a4 a5 a6 a7) := a in
  let '(Census b1 b2 b3 b4 b5 b6 b7) := b in
  Census (a1 + b1) (a2 + b2) (a3 + b3) (a4 + b4) (a5 + b5) (a6 + b6) (a7 + b7).

Definition csub (a b : census) : census :=
  let '(Census a1 a2 a3 a4 a5 a6 a7) := a in
  let '(Census b1 b2 b3 b4 b5 b6 b7) := b in
  Census (a1 - b1) (a2 - b2) (a3 - b3) (a4 - b4) (a5 - b5) (a6 - b6) (a7 - b7).

(** What the man [o] on [s] adds to the census of [c]. *)
Definition contrib (c : color) (s : int) (o : option piece) : census :=
  match o with
  | Some (MkPiece c' r) => if color_eqb c' c then tally s r zero_census else zero_census
  | None => zero_census
  end.

(** 1 for a pawn on the first or last rank. *)
Definition bad_pawn (s : int) (o : option piece) : nat :=
  match o with
  | Some (MkPiece _ Pawn) => if (rank_of s =? 0) || (rank_of s =? 7) then 1 else 0
  | _ => 0
  end%nat.

Record mat : Set := Mat { m_white : census; m_black : census; m_bad : nat }.

Definition mat_of (b : board_fn) : mat :=
  let ms := men b in
  Mat (census_of ms White) (census_of ms Black)
      (fold_right (fun s n => bad_pawn s (b s) + n) 0 all_squares)%nat.

Definition census_ok (k : census) : bool :=
  Nat.leb (men_count k) 16 && Nat.leb (pawns k) 8 && Nat.leb (promoted_men k + pawns k) 8.

Definition mat_ok (m : mat) : bool :=
  census_ok (m_white m) && census_ok (m_black m) && Nat.eqb (m_bad m) 0.

(** The summary after square [s] changes from [old] to [nw].  ([Nat.add]
    and [Nat.sub] recurse on their first, resp. smaller, argument: the
    summand of one square comes first.) *)
Definition mat_step (m : mat) (s : int) (old nw : option piece) : mat :=
  Mat (csub (cadd (contrib White s nw) (m_white m)) (contrib White s old))
      (csub (cadd (contrib Black s nw) (m_black m)) (contrib Black s old))
      (bad_pawn s nw + m_bad m - bad_pawn s old)%nat.

(** *** Proofs *)

Lemma material_ok_mat : forall b, material_ok b = mat_ok (mat_of b).
Proof.
  intros b. unfold material_ok, mat_ok, mat_of, material_ok_for, census_ok; cbn beta zeta iota delta [m_white m_black m_bad].
  f_equal. unfold men. generalize all_squares as l.
  induction l as [|s l IH]; [reflexivity|]. simpl.
  destruct (b s) as [[c r]|]; simpl; [|exact IH].
  rewrite IH. destruct r; try reflexivity.
  destruct (rank_of s =? 0), (rank_of s =? 7); reflexivity.
Qed.

Lemma cadd_zero_l : forall a, cadd zero_census a = a.
Proof. intros [] ; reflexivity. Qed.

Lemma cadd_assoc : forall a b c, cadd (cadd a b) c = cadd a (cadd b c).
Proof. intros [] [] []; simpl; f_equal; symmetry; apply PeanoNat.Nat.add_assoc. Qed.

Lemma cadd_comm : forall a b, cadd a b = cadd b a.
Proof. intros [] []; simpl; f_equal; apply PeanoNat.Nat.add_comm. Qed.

Lemma cadd_cancel : forall x d e, cadd x d = e -> x = csub e d.
Proof.
  intros [] [] [] H; simpl in *; injection H; intros; subst; f_equal;
    symmetry; apply PeanoNat.Nat.add_sub.
Qed.

Lemma tally_cadd : forall s r k, tally s r k = cadd (tally s r zero_census) k.
Proof. intros s [] []; simpl; try reflexivity; destruct (is_light s); reflexivity. Qed.

Definition census_sum (c : color) (b : board_fn) (l : list int) : census :=
  fold_right (fun s k => cadd (contrib c s (b s)) k) zero_census l.

Lemma census_of_men : forall c b,
  census_of (men b) c = census_sum c b all_squares.
Proof.
  intros c b. unfold men, census_sum. generalize all_squares as l.
  induction l as [|s l IH]; [reflexivity|]. cbn -[cadd tally].
  destruct (b s) as [[c' r]|]; cbn -[cadd tally]; [|rewrite cadd_zero_l; exact IH].
  destruct (color_eqb c' c); [|rewrite cadd_zero_l; exact IH].
  rewrite <- IH. apply tally_cadd.
Qed.

(** Sums over a duplicate-free list, one summand changed ([add] associative
    and commutative). *)
Definition sumf {A} (add : A -> A -> A) (z : A) (g : int -> A) (l : list int) : A :=
  fold_right (fun s k => add (g s) k) z l.

Lemma sumf_ext : forall {A} (add : A -> A -> A) z g g' l,
  (forall s, In s l -> g s = g' s) -> sumf add z g l = sumf add z g' l.
Proof.
  intros A add z g g' l H; induction l as [|a l IH]; [reflexivity|].
  change (add (g a) (sumf add z g l) = add (g' a) (sumf add z g' l)).
  rewrite H by (left; reflexivity). rewrite IH; [reflexivity|].
  intros; apply H; right; auto.
Qed.

Lemma sumf_upd : forall {A} (add : A -> A -> A) z,
  (forall a b c, add (add a b) c = add a (add b c)) -> (forall a b, add a b = add b a) ->
  forall g g' s0 l, NoDup l -> In s0 l -> (forall s, s <> s0 -> g' s = g s) ->
  add (sumf add z g' l) (g s0) = add (sumf add z g l) (g' s0).
Proof.
  intros A add z add_assoc add_comm g g' s0 l Hd Hin Hg.
  induction l as [|a l IH]; [destruct Hin|].
  inversion Hd as [|? ? Hna Hd']; subst.
  change (sumf add z g' (a :: l)) with (add (g' a) (sumf add z g' l)).
  change (sumf add z g (a :: l)) with (add (g a) (sumf add z g l)).
  destruct Hin as [<-|Hin].
  - rewrite (sumf_ext add z g' g l) by (intros s Hs; apply Hg; intros ->; contradiction).
    rewrite !add_assoc, (add_comm (sumf add z g l) (g a)), (add_comm (sumf add z g l) (g' a)).
    rewrite <- !add_assoc. f_equal. apply add_comm.
  - rewrite Hg by (intros ->; contradiction).
    rewrite !add_assoc, IH by assumption. reflexivity.
Qed.

Lemma inb_false : forall x l, inb x l = false -> ~ In x l.
Proof.
  intros x l; induction l as [|y l IH]; simpl; [auto|].
  destruct (x =? y) eqn:E; [discriminate|].
  intros H [<-|Hin]; [rewrite Uint63.eqb_refl in E; discriminate | exact (IH H Hin)].
Qed.

Fixpoint nodupb (l : list int) : bool :=
  match l with [] => true | x :: r => negb (inb x r) &&& nodupb r end.

Lemma nodupb_NoDup : forall l, nodupb l = true -> NoDup l.
Proof.
  induction l as [|x l IH]; simpl; intros H; constructor.
  - destruct (inb x l) eqn:E; [discriminate|]. apply inb_false; exact E.
  - destruct (inb x l); [discriminate|]. apply IH; exact H.
Qed.

Lemma all_squares_NoDup : NoDup all_squares.
Proof. apply nodupb_NoDup. vm_compute. reflexivity. Qed.

Lemma mat_of_ext : forall b b', (forall s, b s = b' s) -> mat_of b = mat_of b'.
Proof.
  intros b b' H. unfold mat_of.
  replace (men b) with (men b'); [f_equal|].
  - generalize all_squares as l. induction l as [|s l IH]; simpl; [reflexivity|]. rewrite H, IH; reflexivity.
  - unfold men. generalize all_squares as l. induction l as [|s l IH]; simpl; [reflexivity|]. rewrite H, IH; reflexivity.
Qed.

Theorem mat_of_upd : forall b b' s0, In s0 all_squares -> (forall s, s <> s0 -> b' s = b s) ->
  mat_of b' = mat_step (mat_of b) s0 (b s0) (b' s0).
Proof.
  intros b b' s0 Hin Hb. unfold mat_of, mat_step; cbn beta zeta iota delta [m_white m_black m_bad].
  rewrite !census_of_men. f_equal.
  - apply cadd_cancel. rewrite (cadd_comm (contrib White s0 (b' s0))).
    exact (sumf_upd cadd zero_census cadd_assoc cadd_comm
             (fun s => contrib White s (b s)) (fun s => contrib White s (b' s)) s0 all_squares
             all_squares_NoDup Hin (fun s H => f_equal _ (Hb s H))).
  - apply cadd_cancel. rewrite (cadd_comm (contrib Black s0 (b' s0))).
    exact (sumf_upd cadd zero_census cadd_assoc cadd_comm
             (fun s => contrib Black s (b s)) (fun s => contrib Black s (b' s)) s0 all_squares
             all_squares_NoDup Hin (fun s H => f_equal _ (Hb s H))).
  - pose proof (sumf_upd Nat.add 0%nat (fun a b c => eq_sym (PeanoNat.Nat.add_assoc a b c)) PeanoNat.Nat.add_comm
             (fun s => bad_pawn s (b s)) (fun s => bad_pawn s (b' s)) s0 all_squares
             all_squares_NoDup Hin (fun s H => f_equal _ (Hb s H))) as E.
    unfold sumf in E. rewrite (PeanoNat.Nat.add_comm (bad_pawn s0 (b' s0))), <- E.
    symmetry. apply PeanoNat.Nat.add_sub.
Qed.
