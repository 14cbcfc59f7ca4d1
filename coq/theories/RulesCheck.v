(** * RulesCheck: a decision procedure for the rules of Rules.v.

    Headline theorems:
    - [attacked_b_iff   : attacked_b b c t = true <-> attacked b c t]
    - [in_check_b_false : in_check_b b c = false -> ~ in_check b c]
    - [legal_move_b_sound : legal_move_b Q m P = true -> legal_move Q m P]

    The boolean functions follow the shape of the specification closely;
    they filter the retraction candidates (Retract.v).  The proofs use no
    axiom: squares are compared with [=?] in the rules too. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules.
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

Ltac split_lazy :=
  repeat match goal with
  | H : (if ?a then _ else false) = true |- _ =>
      let E := fresh "E" in destruct a eqn:E; [|discriminate H]
  | H : (if ?a then true else _) = false |- _ =>
      let E := fresh "E" in destruct a eqn:E; [discriminate H|]
  | H : _ && _ = true |- _ => apply andb_prop in H; destruct H
  end.

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
      intros s Hs. rewrite forallb_forall in Hf. apply is_none_true. apply Hf; auto.
    + match goal with H : forallb _ (castle_safe _ _) = true |- _ => rename H into Hf end.
      intros s Hs. rewrite forallb_forall in Hf. apply attacked_b_false.
      specialize (Hf s Hs). destruct (attacked_b _ _ _); [discriminate|reflexivity].
Qed.

Lemma board_after_b_sound : forall Q m P, board_after_b Q m P = true ->
  forall s, In s all_squares -> piece_at P s = after Q m s.
Proof.
  intros Q m P Hb s Hs. unfold board_after_b in Hb. rewrite forallb_forall in Hb.
  apply opiece_eqb_eq, Hb, Hs.
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
