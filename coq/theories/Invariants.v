(** * Invariants: what every reachable position satisfies ("chess induction").

    Headline theorems (each invariant is a boolean on positions):

    - [inv_game       : game h G -> inv G = true]
    - [inv_reachable  : reachable P -> inv P = true]
    - [material_reachable : reachable P -> material_ok (piece_at P) = true]
      and likewise [kings_reachable], [check_reachable],
      [castling_reachable], [ep_reachable] for each conjunct of [inv].

    The invariants ([inv] is their conjunction):

    1. [material_ok (piece_at P)] (Material.v) -- per side at most 16 men
       and 8 pawns, promoted men plus pawns at most 8, where a man counts
       as promoted when there are more than one queen, two rooks, two
       knights, or one bishop of a square colour (so the bishops of each
       square colour are accounted for separately), and no pawn on the
       first or last rank;
    2. [kings_inv]: exactly one king of each colour;
    3. [check_inv]: the side that just moved is not in check;
    4. [castling_inv]: for each castling right the position asserts, the
       king and that rook stand on their original squares;
    5. [ep_inv]: an en-passant square is on the third rank of the side
       that just moved, empty, with that side's pawn in front of it and the
       square behind it empty.

    The proof is by induction over games (Filman's "chess induction"): the
    initial position satisfies [inv] (computation), and a game step
    preserves it.  Counting men is done by [cnt] (men of a colour and kind
    on the 64 squares); a move changes the board on two to four squares,
    and [cnt_diff] relates the counts before and after.  Invariants depend
    on a problem only through its board, side to move and asserted rights
    and en-passant square, so they carry over from a game position to any
    problem it realizes ([inv_realizes]).

    Axioms: the specification of primitive integers [Uint63.eqb_correct],
    [Uint63.eqb_refl] (equality of squares), [Uint63.ltb_spec] and
    [Uint63.of_to_Z] (a square [s <? 64] is one of the 64 squares). *)

From Coq Require Import Uint63 PArray List Bool Arith Lia.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck Reachable.
From RetroProof Require TablesSpec.
Import ListNotations.
Open Scope uint63_scope.

(** ** The invariants *)

(** Kinds of men, for counting; bishops by square colour. *)
Inductive tag : Set := TMan | TPawn | TKnight | TLight | TDark | TRook | TQueen | TKing.

Definition tagged (c : color) (g : tag) (s : int) (p : piece) : bool :=
  color_eqb (piece_color p) c &&
  match g, piece_role p with
  | TMan, _ => true
  | TPawn, Pawn | TKnight, Knight | TRook, Rook | TQueen, Queen | TKing, King => true
  | TLight, Bishop => is_light s
  | TDark, Bishop => negb (is_light s)
  | _, _ => false
  end.

Definition ind (c : color) (g : tag) (s : int) (o : option piece) : nat :=
  match o with Some p => if tagged c g s p then 1 else 0 | None => 0 end.

Fixpoint cnt_l (b : board_fn) (c : color) (g : tag) (l : list int) : nat :=
  match l with [] => 0 | s :: r => (ind c g s (b s) + cnt_l b c g r)%nat end.

(** The number of men of colour [c] and kind [g] on the board. *)
Definition cnt (b : board_fn) (c : color) (g : tag) : nat := cnt_l b c g all_squares.
Arguments cnt : simpl never.
Arguments ind : simpl nomatch.


Definition kings_inv (P : position) : bool :=
  Nat.eqb (cnt (piece_at P) White TKing) 1 && Nat.eqb (cnt (piece_at P) Black TKing) 1.

Definition check_inv (P : position) : bool := negb (in_check_b (piece_at P) (opp (turn P))).

Definition castling_inv (P : position) : bool :=
  forallb (fun '(c, side) =>
    negb (castling_right P c side) |||
    (opiece_eqb (piece_at P (castle_king_from c)) (Some (MkPiece c King)) &&&
     opiece_eqb (piece_at P (castle_rook_from c side)) (Some (MkPiece c Rook))))
    castling_sides.

Definition ep_inv (P : position) : bool :=
  match ep_square P with
  | None => true
  | Some e =>
    let M := opp (turn P) in
    inb e all_squares &&& (relative_rank M e =? 2) &&& is_none (piece_at P e) &&&
    opiece_eqb (piece_at P (pawn_step M e)) (Some (MkPiece M Pawn)) &&&
    is_none (piece_at P (pawn_step (turn P) e))
  end.

Definition inv (P : position) : bool :=
  material_ok (piece_at P) &&& kings_inv P &&& check_inv P &&& castling_inv P &&& ep_inv P.

(** ** Squares *)





(** ** Counting *)

Lemma cnt_l_ext : forall b b' c g l, (forall s, In s l -> b s = b' s) -> cnt_l b c g l = cnt_l b' c g l.
Proof.
  intros b b' c g l; induction l as [|s l IH]; simpl; intros H; auto.
  rewrite H by auto. rewrite IH by auto. reflexivity.
Qed.

Lemma cnt_l_upd : forall b b' c g x l, NoDup l ->
  (forall s, In s l -> s <> x -> b' s = b s) ->
  (cnt_l b' c g l + (if inb x l then ind c g x (b x) else 0) =
   cnt_l b c g l + (if inb x l then ind c g x (b' x) else 0))%nat.
Proof.
  intros b b' c g x l; induction l as [|s l IH]; simpl; intros Hnd H; [reflexivity|].
  inversion Hnd as [|? ? Hs Hnd']; subst.
  destruct (x =? s) eqn:E; simpl.
  - apply eqb_true in E; subst s.
    assert (inb x l = false) as Hx.
    { destruct (inb x l) eqn:F; auto. apply inb_in in F. contradiction. }
    rewrite (cnt_l_ext b' b c g l).
    + lia.
    + intros s Hs'. apply H; [right; auto|]. intros ->; contradiction.
  - rewrite (H s) by (auto; intros ->; rewrite eqb_same in E; discriminate).
    specialize (IH Hnd' (fun s Hs Hn => H s (or_intror Hs) Hn)). lia.
Qed.

Fixpoint sum_ind (c : color) (g : tag) (b : board_fn) (D : list int) : nat :=
  match D with [] => 0 | x :: D => (ind c g x (b x) + sum_ind c g b D)%nat end.

Lemma sum_ind_ext : forall c g b b' D, (forall s, In s D -> b s = b' s) -> sum_ind c g b D = sum_ind c g b' D.
Proof.
  intros c g b b' D; induction D as [|x D IH]; simpl; intros H; auto.
  rewrite H by auto. rewrite IH by auto. reflexivity.
Qed.

(** The counts before and after a change of the board on the squares [D]. *)
Lemma cnt_diff : forall c g D b b', NoDup D -> incl D all_squares ->
  (forall s, In s all_squares -> ~ In s D -> b' s = b s) ->
  (cnt b' c g + sum_ind c g b D = cnt b c g + sum_ind c g b' D)%nat.
Proof.
  intros c g D; induction D as [|x D IH]; simpl; intros b b' Hnd Hincl H.
  - unfold cnt. rewrite (cnt_l_ext b' b); [lia|]. intros s Hs. apply H; auto.
  - inversion Hnd as [|? ? Hx Hnd']; subst.
    set (b1 := fun s => if s =? x then b x else b' s).
    assert (Hxin : In x all_squares) by (apply Hincl; left; auto).
    assert (Hb1x : b1 x = b x) by (unfold b1; rewrite eqb_same; reflexivity).
    assert (E1 : (cnt b1 c g + sum_ind c g b D = cnt b c g + sum_ind c g b1 D)%nat).
    { apply IH; auto.
      - intros s Hs; apply Hincl; right; auto.
      - intros s Hs HsD. unfold b1. destruct (s =? x) eqn:E.
        + apply eqb_true in E; subst; reflexivity.
        + apply H; auto. intros [->|]; [rewrite eqb_same in E; discriminate | contradiction]. }
    assert (E2 := cnt_l_upd b1 b' c g x all_squares all_squares_NoDup).
    rewrite (in_inb _ _ Hxin), Hb1x in E2.
    assert (E3 : sum_ind c g b1 D = sum_ind c g b' D).
    { apply sum_ind_ext. intros s Hs. unfold b1. rewrite eqb_false; auto. intros ->; contradiction. }
    unfold cnt in *. rewrite E3 in E1.
    assert (E4 : (cnt_l b' c g all_squares + ind c g x (b x) =
                  cnt_l b1 c g all_squares + ind c g x (b' x))%nat).
    { apply E2. intros s _ Hs. unfold b1. rewrite eqb_false by auto. reflexivity. }
    lia.
Qed.

Lemma sum_ind_ge : forall c g b D x, In x D -> (ind c g x (b x) <= sum_ind c g b D)%nat.
Proof.
  intros c g b D x; induction D as [|y D IH]; simpl; [contradiction|].
  intros [<-|H]; [lia|]. specialize (IH H). lia.
Qed.

Lemma sum_ind_zero : forall c g b D, (forall s, In s D -> ind c g s (b s) = 0%nat) -> sum_ind c g b D = 0%nat.
Proof.
  intros c g b D; induction D as [|y D IH]; simpl; intros H; [reflexivity|].
  rewrite H by auto. rewrite IH by auto. reflexivity.
Qed.

(** A move that changes only the squares [D] and leaves none of them with
    a man of tag [g] of [c] loses, from [c]'s count of [g], what stood on
    each of them: at least the man that stood on [x]. *)
Lemma cnt_drop : forall b b' D c g x, NoDup D -> incl D all_squares -> In x D ->
  (forall s, In s all_squares -> ~ In s D -> b' s = b s) ->
  (forall s, In s D -> ind c g s (b' s) = 0%nat) ->
  (cnt b' c g + ind c g x (b x) <= cnt b c g)%nat.
Proof.
  intros b b' D c g x Hnd Hincl Hx Hsame H0.
  pose proof (cnt_diff c g D b b' Hnd Hincl Hsame) as E.
  rewrite (sum_ind_zero c g b' D H0) in E.
  pose proof (sum_ind_ge c g b D x Hx) as Hge. lia.
Qed.

Lemma cnt_le : forall c g b b', (forall s, In s all_squares -> ind c g s (b' s) <= ind c g s (b s)) ->
  cnt b' c g <= cnt b c g.
Proof.
  intros c g b b'. unfold cnt. induction all_squares as [|s l IH]; simpl; intros H; auto.
  specialize (H s (or_introl eq_refl)) as Hs. specialize (IH (fun x Hx => H x (or_intror Hx))). lia.
Qed.

Lemma cnt_ext : forall c g b b', (forall s, In s all_squares -> b s = b' s) -> cnt b c g = cnt b' c g.
Proof. intros; apply cnt_l_ext; auto. Qed.

(** ** Men and census in terms of counts *)

Fixpoint men_l (b : board_fn) (l : list int) : list (int * piece) :=
  match l with
  | [] => []
  | s :: r => match b s with Some p => (s, p) :: men_l b r | None => men_l b r end
  end.

Lemma men_eq : forall b, men b = men_l b all_squares.
Proof.
  intros b. unfold men. induction all_squares as [|s l IH]; simpl; auto.
  rewrite IH. reflexivity.
Qed.

Lemma men_l_ext : forall b b' l, (forall s, In s l -> b s = b' s) -> men_l b l = men_l b' l.
Proof.
  intros b b' l; induction l as [|s l IH]; simpl; intros H; auto.
  rewrite H by auto. rewrite IH by auto. reflexivity.
Qed.

Lemma census_cnt : forall b c l,
  census_of (men_l b l) c =
  Census (cnt_l b c TMan l) (cnt_l b c TPawn l) (cnt_l b c TKnight l) (cnt_l b c TLight l)
         (cnt_l b c TDark l) (cnt_l b c TRook l) (cnt_l b c TQueen l).
Proof.
  intros b c l; induction l as [|s l IH]; simpl; [reflexivity|].
  destruct (b s) as [[c' r]|]; simpl; [|exact IH].
  unfold census_of in *. simpl. rewrite IH.
  destruct c, c', r; unfold ind, tagged; simpl; try reflexivity; destruct (is_light s); reflexivity.
Qed.

(** [material_ok_for] in counts. *)
Definition side_ok (b : board_fn) (c : color) : Prop :=
  cnt b c TMan <= 16 /\ cnt b c TPawn <= 8 /\
  (cnt b c TQueen - 1) + (cnt b c TRook - 2) + (cnt b c TKnight - 2) + (cnt b c TLight - 1)
  + (cnt b c TDark - 1) + cnt b c TPawn <= 8.

Lemma material_ok_for_side : forall b c, material_ok_for (men b) c = true <-> side_ok b c.
Proof.
  intros b c. unfold material_ok_for, side_ok, promoted_men.
  rewrite men_eq, census_cnt. simpl. fold (cnt b c TMan) (cnt b c TPawn) (cnt b c TKnight)
    (cnt b c TLight) (cnt b c TDark) (cnt b c TRook) (cnt b c TQueen).
  rewrite !andb_true_iff, !Nat.leb_le. tauto.
Qed.

Definition rank_ok (s : int) : bool := negb ((rank_of s =? 0) || (rank_of s =? 7)).

Definition pawns_ok (b : board_fn) : Prop :=
  forall s c, In s all_squares -> b s = Some (MkPiece c Pawn) -> rank_ok s = true.

Lemma no_pawn_l : forall b l,
  no_pawn_on_back_rank (men_l b l) = true <->
  (forall s c, In s l -> b s = Some (MkPiece c Pawn) -> rank_ok s = true).
Proof.
  intros b l; induction l as [|s l IH]; simpl.
  - split; [intros _ s c []|reflexivity].
  - destruct (b s) as [[c' r]|] eqn:Bs; simpl.
    + unfold no_pawn_on_back_rank in *. simpl. rewrite andb_true_iff, IH. split.
      * intros [H1 H2] x c [<-|Hx] Hb; [|eauto].
        rewrite Bs in Hb. injection Hb as -> ->. exact H1.
      * intros H. split; [|eauto].
        destruct r; auto. apply (H s c'); auto.
    + rewrite IH. split; [intros H x c [<-|Hx] Hb; [congruence|eauto] | eauto].
Qed.

Lemma material_ok_iff : forall b,
  material_ok b = true <-> side_ok b White /\ side_ok b Black /\ pawns_ok b.
Proof.
  intros b. unfold material_ok. rewrite !andb_true_iff, !material_ok_for_side.
  unfold pawns_ok. rewrite men_eq, no_pawn_l. tauto.
Qed.

(** ** Geometry facts, by computation over the 64 squares *)

Definition sub_squares (l : list int) : bool := forallb (fun x => inb x all_squares) l.

Lemma sub_squares_incl : forall l, sub_squares l = true -> incl l all_squares.
Proof.
  intros l H x Hx. unfold sub_squares in H. apply inb_in, (forallb_in H Hx).
Qed.

Definition tables_ok (s : int) : bool :=
  sub_squares knight_targets.[s] && sub_squares king_targets.[s] &&
  sub_squares white_pawn_attacks.[s] && sub_squares black_pawn_attacks.[s] &&
  forallb (fun d => sub_squares (ray d s)) directions.

Lemma tables_ok_all : forall s, In s all_squares -> tables_ok s = true.
Proof. apply forall_squares. vm_compute. reflexivity. Qed.

Lemma knight_targets_in : forall s, In s all_squares -> incl knight_targets.[s] all_squares.
Proof.
  intros s Hs. apply sub_squares_incl. pose proof (tables_ok_all s Hs) as H.
  unfold tables_ok in H. rewrite !andb_true_iff in H. tauto.
Qed.

Lemma king_targets_in : forall s, In s all_squares -> incl king_targets.[s] all_squares.
Proof.
  intros s Hs. apply sub_squares_incl. pose proof (tables_ok_all s Hs) as H.
  unfold tables_ok in H. rewrite !andb_true_iff in H. tauto.
Qed.

Lemma pawn_attacks_in : forall c s, In s all_squares -> incl (pawn_attacks c s) all_squares.
Proof.
  intros c s Hs. apply sub_squares_incl. pose proof (tables_ok_all s Hs) as H.
  unfold tables_ok in H. rewrite !andb_true_iff in H. destruct c; simpl; tauto.
Qed.

Lemma ray_in : forall d s, In d directions -> In s all_squares -> incl (ray d s) all_squares.
Proof.
  intros d s Hd Hs. apply sub_squares_incl. pose proof (tables_ok_all s Hs) as H.
  unfold tables_ok in H. rewrite !andb_true_iff in H. destruct H as [_ H].
  exact (forallb_in H Hd).
Qed.

(** ** Attacks depend on the 64 squares only *)

Definition board_agree (b b' : board_fn) : Prop := forall s, In s all_squares -> b s = b' s.

Lemma has_man_ext : forall b b' p l, (forall s, In s l -> b s = b' s) -> has_man b p l = has_man b' p l.
Proof.
  intros b b' p l. unfold has_man. induction l as [|s l IH]; simpl; intros H; auto.
  rewrite H by auto. rewrite IH by auto. reflexivity.
Qed.

Lemma first_man_ext : forall b b' l, (forall s, In s l -> b s = b' s) -> first_man b l = first_man b' l.
Proof.
  intros b b' l; induction l as [|s l IH]; simpl; intros H; auto.
  rewrite H by auto. destruct (b' s); auto.
Qed.

Lemma first_man_in : forall b l s, first_man b l = Some s -> In s l.
Proof.
  intros b l; induction l as [|x l IH]; simpl; intros s H; [discriminate|].
  destruct (b x); [injection H as <-; auto | right; auto].
Qed.

Lemma existsb_ext_in : forall A (f g : A -> bool) l, (forall x, In x l -> f x = g x) ->
  existsb f l = existsb g l.
Proof.
  intros A f g l; induction l as [|x l IH]; simpl; intros H; auto.
  rewrite H by auto. rewrite IH by auto. reflexivity.
Qed.

Lemma forallb_ext_in : forall A (f g : A -> bool) l, (forall x, In x l -> f x = g x) ->
  forallb f l = forallb g l.
Proof.
  intros A f g l; induction l as [|x l IH]; simpl; intros H; auto.
  rewrite H by auto. rewrite IH by auto. reflexivity.
Qed.

Lemma attacked_b_ext : forall b b' c t, In t all_squares -> board_agree b b' ->
  attacked_b b c t = attacked_b b' c t.
Proof.
  intros b b' c t Ht H. unfold attacked_b.
  rewrite (has_man_ext b b' _ knight_targets.[t]) by (intros s Hs; apply H, (knight_targets_in t Ht), Hs).
  rewrite (has_man_ext b b' _ (pawn_attacks (opp c) t)) by (intros s Hs; apply H, (pawn_attacks_in (opp c) t Ht), Hs).
  rewrite (has_man_ext b b' _ king_targets.[t]) by (intros s Hs; apply H, (king_targets_in t Ht), Hs).
  assert (forall d, In d directions -> slider_on b c t d = slider_on b' c t d) as Hd.
  { intros d Hd. unfold slider_on.
    assert (Hr : forall s, In s (ray d t) -> b s = b' s) by (intros s Hs; apply H, (ray_in d t Hd Ht), Hs).
    rewrite (first_man_ext b b') by exact Hr.
    destruct (first_man b' (ray d t)) as [s|] eqn:E; auto.
    rewrite Hr by (eapply first_man_in; eauto). reflexivity. }
  rewrite (existsb_ext_in _ (slider_on b c t) (slider_on b' c t) directions Hd). reflexivity.
Qed.

Lemma in_check_b_ext : forall b b' c, board_agree b b' -> in_check_b b c = in_check_b b' c.
Proof.
  intros b b' c H. unfold in_check_b.
  assert (forall l, incl l all_squares ->
    existsb (fun k => opiece_eqb (b k) (Some (MkPiece c King)) &&& attacked_b b (opp c) k) l =
    existsb (fun k => opiece_eqb (b' k) (Some (MkPiece c King)) &&& attacked_b b' (opp c) k) l) as E.
  { induction l as [|k l IH]; simpl; intros Hl; auto.
    rewrite H by (apply Hl; left; auto).
    rewrite (attacked_b_ext b b') by (auto; apply Hl; left; auto).
    rewrite IH by (intros x Hx; apply Hl; right; auto). reflexivity. }
  apply E. intros x Hx; exact Hx.
Qed.

Lemma in_check_b_true : forall b c, in_check_b b c = true -> in_check b c.
Proof.
  intros b c H. unfold in_check_b in H. apply existsb_exists in H. destruct H as (k & Hk & H).
  split_lazy. exists k. split; auto. split.
  - apply opiece_eqb_eq; assumption.
  - apply attacked_b_iff; assumption.
Qed.

Lemma in_check_b_false_iff : forall b c, ~ in_check b c -> in_check_b b c = false.
Proof.
  intros b c H. destruct (in_check_b b c) eqn:E; auto. apply in_check_b_true in E. contradiction.
Qed.

(** ** What a legal move does to the board *)

Definition ep_square_ok (c : color) (e : int) : bool :=
  negb (relative_rank c e =? 2) |||
  (rank_ok e &&& inb (pawn_step c e) all_squares &&& inb (pawn_step (opp c) e) all_squares &&&
   rank_ok (pawn_step c e)).

Lemma ep_square_ok_all : forall e c, In e all_squares -> ep_square_ok c e = true.
Proof.
  intros e c He. destruct c; revert e He; apply forall_squares; vm_compute; reflexivity.
Qed.

Lemma target_ok_not_own : forall b us t r, target_ok b us t -> b t <> Some (MkPiece us r).
Proof.
  intros b us t r H E. unfold target_ok in H. rewrite E in H. destruct H as [H _].
  destruct us; discriminate.
Qed.

Lemma neq_of_board : forall (b : board_fn) x y, b x <> b y -> x <> y.
Proof. intros b x y H ->. auto. Qed.

Ltac eqb_simpl :=
  repeat match goal with
  | |- context [?x =? ?x] => rewrite (eqb_same x)
  | H : ?x <> ?y |- context [?x =? ?y] => rewrite (eqb_false x y H)
  | H : ?y <> ?x |- context [?x =? ?y] => rewrite (eqb_false x y (not_eq_sym H))
  end; simpl.

(** What a legal move does to the board, one constructor per kind of
    move.  [b], [b']: the boards before and after; [us]: the side moving;
    [f], [t]: the move's squares.  The hypotheses are named, and
    [shape_inv] (below) takes a [move_shape] apart with these names. *)
Inductive move_shape (G : position) (m : move) (b b' : board_fn) (us : color) (f t : int) : Prop :=
  | shape_normal (r : role) (Ek : mv_kind m = Normal)
      (Hbf : b f = Some (MkPiece us r)) (Htg : target_ok b us t) (Hmm : man_moves b us r f t)
      (Hr7 : r = Pawn -> (relative_rank us t =? 7) = false)
      (Hb'f : b' f = None) (Hb't : b' t = Some (MkPiece us r)) (Hft : f <> t)
      (Hsame : forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s)
  | shape_promotion (r : role) (Ek : mv_kind m = Promotion)
      (Hr : In r promotion_roles) (Hbf : b f = Some (MkPiece us Pawn)) (Htg : target_ok b us t)
      (Hb'f : b' f = None) (Hb't : b' t = Some (MkPiece us r)) (Hft : f <> t)
      (Hsame : forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s)
  | shape_ep (Ek : mv_kind m = EnPassant)
      (Hv : In (ep_victim us t) all_squares) (Hrt : rank_ok t = true)
      (Hbf : b f = Some (MkPiece us Pawn)) (Hbt : b t = None)
      (Hbv : b (ep_victim us t) = Some (MkPiece (opp us) Pawn))
      (Hb'f : b' f = None) (Hb't : b' t = Some (MkPiece us Pawn)) (Hb'v : b' (ep_victim us t) = None)
      (Hft : f <> t) (Hfv : f <> ep_victim us t) (Htv : t <> ep_victim us t)
      (Hsame : forall s, In s all_squares -> s <> f -> s <> t -> s <> ep_victim us t -> b' s = b s)
  | shape_castle (side : castling_side) (Ek : mv_kind m = Castle)
      (Hfk : f = castle_king_from us) (Htk : t = castle_king_to us side)
      (Hcr : castling_right G us side = true)
      (Hbf : b f = Some (MkPiece us King)) (Hbr : b (castle_rook_from us side) = Some (MkPiece us Rook))
      (Hbt : b t = None) (Hbrt : b (castle_rook_to us side) = None)
      (Hb'f : b' f = None) (Hb'r : b' (castle_rook_from us side) = None)
      (Hb't : b' t = Some (MkPiece us King))
      (Hb'rt : b' (castle_rook_to us side) = Some (MkPiece us Rook))
      (Hnd : NoDup [f; t; castle_rook_from us side; castle_rook_to us side])
      (Hincl : incl [f; t; castle_rook_from us side; castle_rook_to us side] all_squares)
      (Hsame : forall s, In s all_squares -> ~ In s [f; t; castle_rook_from us side; castle_rook_to us side] ->
               b' s = b s).

(** [shape_inv H] takes [H : move_shape ...] apart: one goal per kind of
    move, with the hypotheses named as in [move_shape] ([Hbf], [Hb't],
    [Hsame], ...).  A kind the context already rules out ([K : mv_kind m =
    k] for another [k]) is discharged.  If the context already says which
    kind [m] is, nothing else changes; otherwise the kind ([Ek]) is
    substituted everywhere and dropped, as [destruct (mv_kind m)] would. *)
Ltac shape_inv H :=
  lazymatch type of H with
  | move_shape _ ?m _ _ _ _ _ =>
      lazymatch goal with
      | K : mv_kind m = ?k |- _ =>
          destruct H;
          match goal with
          | E : mv_kind m = ?k2 |- _ =>
              tryif constr_eq E K then fail else
              first [ let X := fresh in
                      assert (X : k2 = k) by (rewrite <- E, <- K; reflexivity); discriminate X
                    | clear E ]
          end
      | _ => destruct H; match goal with E : mv_kind m = _ |- _ => try rewrite E in *; clear E end
      end
  end.

Lemma step_shape : forall G m G', legal_move G m G' -> ep_inv G = true ->
  let b := piece_at G in let b' := piece_at G' in let us := turn G in
  let f := mv_from m in let t := mv_to m in
  In f all_squares /\ In t all_squares /\ turn G' = opp us /\ move_shape G m b b' us f t.
Proof.
  intros G m G' (Hps & Hturn & Hafter & _) Hep b b' us f t.
  unfold pseudo_legal in Hps. fold b us f t in Hps.
  destruct Hps as (Hf & Ht & Hk).
  apply on_board_in in Hf. apply on_board_in in Ht.
  split; [exact Hf|]. split; [exact Ht|]. split; [exact Hturn|].
  assert (Ha : forall s, In s all_squares -> b' s = after G m s) by exact Hafter.
  unfold after in Ha. fold b us f t in Ha.
  destruct (mv_kind m) eqn:Ek.
  - (* Normal *)
    destruct Hk as (_ & r & Hbf & Htg & Hmm & Hpr).
    assert (Hft : f <> t) by (apply (neq_of_board b); rewrite Hbf; intros E;
                              apply (target_ok_not_own b us t r Htg); auto).
    apply (shape_normal G m b b' us f t r Ek); auto.
    + rewrite Ha by auto. eqb_simpl. reflexivity.
    + rewrite Ha by auto. eqb_simpl. exact Hbf.
    + intros s Hs Hsf Hst. rewrite Ha by auto. eqb_simpl. reflexivity.
  - (* Promotion *)
    destruct Hk as (r & Hpr & Hr & Hbf & _ & Htg & _).
    assert (Hft : f <> t) by (apply (neq_of_board b); rewrite Hbf; intros E;
                              apply (target_ok_not_own b us t Pawn Htg); auto).
    apply (shape_promotion G m b b' us f t r Ek); auto.
    + rewrite Ha by auto. eqb_simpl. reflexivity.
    + rewrite Ha by auto. eqb_simpl. rewrite Hpr. reflexivity.
    + intros s Hs Hsf Hst. rewrite Ha by auto. eqb_simpl. reflexivity.
  - (* En passant *)
    destruct Hk as (_ & Hise & Hbf & _ & Hbt & Hbv).
    unfold is_ep_square in Hise. unfold ep_inv in Hep.
    destruct (ep_square G) as [e|]; [|discriminate].
    apply eqb_true in Hise. subst e. split_lazy.
    match goal with H : inb t all_squares = true |- _ => apply inb_in in H; rename H into Hte end.
    match goal with H : (relative_rank _ t =? 2) = true |- _ => rename H into Hrr end.
    pose proof (ep_square_ok_all t (opp us) Hte) as Hok. unfold ep_square_ok in Hok.
    fold us in Hrr. rewrite Hrr in Hok. simpl in Hok. split_lazy.
    set (v := ep_victim us t).
    assert (Hv : In v all_squares) by (apply inb_in; assumption).
    assert (Hft : f <> t) by (apply (neq_of_board b); congruence).
    assert (Hfv : f <> v) by (apply (neq_of_board b); unfold v; rewrite Hbf, Hbv; destruct us; discriminate).
    assert (Htv : t <> v) by (apply (neq_of_board b); unfold v; congruence).
    apply (shape_ep G m b b' us f t Ek); auto.
    + rewrite Ha by auto. eqb_simpl. reflexivity.
    + rewrite Ha by auto. eqb_simpl. exact Hbf.
    + rewrite Ha by auto. eqb_simpl. fold v. eqb_simpl. reflexivity.
    + intros s Hs Hsf Hst Hsv. rewrite Ha by auto. eqb_simpl. fold v. eqb_simpl. reflexivity.
  - (* Castle *)
    destruct Hk as (_ & side & Hfk & Htk & Hcr & Hbf & Hbr & Hempty & _).
    apply eqb_true in Hfk. apply eqb_true in Htk.
    assert (Hside : castling_side_of us t = side) by (rewrite Htk; destruct us, side; reflexivity).
    rewrite Hside in Ha.
    assert (Hbt : b t = None) by (apply Hempty; rewrite Htk; destruct us, side; simpl; tauto).
    assert (Hbrt : b (castle_rook_to us side) = None) by (apply Hempty; destruct us, side; simpl; tauto).
    rewrite Htk, Hfk in *.
    apply (shape_castle G m b b' us _ _ side Ek); auto.
    + rewrite Ha by (destruct us; simpl; tauto). destruct us, side; reflexivity.
    + rewrite Ha by (destruct us, side; simpl; tauto). destruct us, side; reflexivity.
    + rewrite Ha by (destruct us, side; simpl; tauto). destruct us, side; reflexivity.
    + rewrite Ha by (destruct us, side; simpl; tauto). destruct us, side; reflexivity.
    + apply nodupb_NoDup. destruct us, side; reflexivity.
    + apply sub_squares_incl. destruct us, side; reflexivity.
    + intros s Hs Hn. rewrite Ha by auto. simpl in Hn.
      rewrite !eqb_false by (intros ->; tauto). reflexivity.
Qed.

(** Opens a legal move [Hl : legal_move G m G'] (with [Hep : ep_inv G =
    true]): [Hf], [Ht], [Hk] the squares and the [move_shape] of
    [step_shape], [Hps] the mover's part of [pseudo_legal] (what the kind
    of move asks of the board). *)
Ltac open_move Hl Hep Hps Hf Ht Hk :=
  lazymatch type of Hl with
  | legal_move ?G ?m ?G' =>
      let Hs := fresh "Hs" in
      pose proof Hl as (Hs & _);
      destruct (step_shape G m G' Hl Hep) as (Hf & Ht & _ & Hk);
      unfold pseudo_legal in Hs; cbv zeta in Hs; destruct Hs as (_ & _ & Hps)
  end.

(** ** How a legal move changes the counts *)

Lemma ind_other : forall c g s r, ind (opp c) g s (Some (MkPiece c r)) = 0%nat.
Proof. intros [|] [] s []; reflexivity. Qed.

Lemma ind_other' : forall c g s r, ind c g s (Some (MkPiece (opp c) r)) = 0%nat.
Proof. intros [|] [] s []; reflexivity. Qed.

Lemma ind_noking : forall c c' s r, r <> King -> ind c TKing s (Some (MkPiece c' r)) = 0%nat.
Proof. intros [|] [|] s [] H; try reflexivity; congruence. Qed.

Lemma ind_square : forall c g s s' p, piece_role p <> Bishop -> ind c g s (Some p) = ind c g s' (Some p).
Proof. intros c g s s' [c' []] H; try (destruct c, c', g; reflexivity). simpl in H; congruence. Qed.

Lemma ind_light : forall c g s s' p, is_light s = is_light s' -> ind c g s (Some p) = ind c g s' (Some p).
Proof. intros c g s s' [c' r] H. unfold ind, tagged. simpl. rewrite H. reflexivity. Qed.

Lemma reaches_in : forall b l t, reaches b l t = true -> In t l.
Proof.
  intros b l t; induction l as [|s l IH]; simpl; [discriminate|].
  destruct (s =? t) eqn:E.
  - intros _; left; apply eqb_true, E.
  - destruct (b s); [discriminate|]. intros H; right; auto.
Qed.

Lemma diagonal_light : forall d f t, In d [1; 3; 5; 7] -> In f all_squares -> In t (ray d f) ->
  is_light t = is_light f.
Proof.
  intros d f t Hd Hf Ht.
  assert (H : forallb (fun f => forallb (fun d => forallb (fun t => Bool.eqb (is_light t) (is_light f))
                 (ray d f)) [1; 3; 5; 7]) all_squares = true) by (vm_compute; reflexivity).
  forallb_at H Hf. forallb_at H Hd. forallb_at H Ht. apply Bool.eqb_prop, H.
Qed.

Lemma man_moves_light : forall b c r f t, In f all_squares -> man_moves b c r f t ->
  r = Bishop -> is_light t = is_light f.
Proof.
  intros b c r f t Hf H ->. destruct H as (d & Hd & H).
  apply (diagonal_light d f t Hd Hf). eapply reaches_in; eauto.
Qed.

Lemma target_cases : forall b us t, target_ok b us t ->
  b t = None \/ exists r, b t = Some (MkPiece (opp us) r) /\ r <> King.
Proof.
  intros b us t H. unfold target_ok in H. destruct (b t) as [[c r]|]; auto.
  destruct H as [-> H]. right; eauto.
Qed.

Lemma NoDup2 : forall (x y : int), x <> y -> NoDup [x; y].
Proof. intros x y H. constructor; [simpl; intros [E|[]]; auto | constructor; [simpl; tauto | constructor]]. Qed.

Lemma NoDup3 : forall (x y z : int), x <> y -> x <> z -> y <> z -> NoDup [x; y; z].
Proof.
  intros x y z H1 H2 H3. constructor; [simpl; intros [E|[E|[]]]; auto|]. apply NoDup2; auto.
Qed.

Lemma incl_list : forall (l : list int) L, (forall x, In x l -> In x L) -> incl l L.
Proof. intros l L H x; auto. Qed.

Lemma count_step : forall G m G', legal_move G m G' -> ep_inv G = true ->
  let b := piece_at G in let b' := piece_at G' in let us := turn G in
  (forall g, cnt b' (opp us) g <= cnt b (opp us) g) /\
  cnt b' (opp us) TKing = cnt b (opp us) TKing /\
  cnt b' us TKing = cnt b us TKing /\ cnt b' us TMan = cnt b us TMan /\
  ((forall g, cnt b' us g = cnt b us g) \/
   (exists r s, In r promotion_roles /\ (cnt b' us TPawn + 1 = cnt b us TPawn)%nat /\
      forall g, g <> TMan -> g <> TPawn ->
        cnt b' us g = (cnt b us g + ind us g s (Some (MkPiece us r)))%nat)).
Proof.
  intros G m G' Hl Hep b b' us.
  destruct (step_shape G m G' Hl Hep) as (Hf & Ht & _ & Hk). fold b b' us in Hk.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - clear Hr7.
    assert (E : forall c g, (cnt b' c g + sum_ind c g b [f; t] = cnt b c g + sum_ind c g b' [f; t])%nat).
    { intros c g. apply cnt_diff; [apply NoDup2; auto | apply incl_list; simpl; intros x [<-|[<-|[]]]; auto |].
      intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto. }
    simpl in E. rewrite Hbf, Hb'f, Hb't in E.
    assert (Eb : forall c g, ind c g t (Some (MkPiece us r)) = ind c g f (Some (MkPiece us r))).
    { intros c g. destruct (role_eqb r Bishop) eqn:Er.
      - apply role_eqb_eq in Er. apply ind_light. eapply man_moves_light; eauto.
      - apply ind_square. simpl. intros ->. discriminate. }
    destruct (target_cases b us t Htg) as [Hbt|(r' & Hbt & Hr')]; rewrite Hbt in E.
    + repeat split.
      * intros g. specialize (E (opp us) g). rewrite !ind_other in E. simpl in E. lia.
      * specialize (E (opp us) TKing). rewrite !ind_other in E. simpl in E. lia.
      * specialize (E us TKing). rewrite Eb in E. simpl in E. lia.
      * specialize (E us TMan). rewrite Eb in E. simpl in E. lia.
      * left. intros g. specialize (E us g). rewrite Eb in E. simpl in E. lia.
    + repeat split.
      * intros g. specialize (E (opp us) g). rewrite !ind_other in E. simpl in E. lia.
      * specialize (E (opp us) TKing). rewrite !ind_other, ind_noking in E by auto. simpl in E. lia.
      * specialize (E us TKing). rewrite Eb, ind_other' in E. simpl in E. lia.
      * specialize (E us TMan). rewrite Eb, ind_other' in E. simpl in E. lia.
      * left. intros g. specialize (E us g). rewrite Eb, ind_other' in E. simpl in E. lia.
  -
    assert (E : forall c g, (cnt b' c g + sum_ind c g b [f; t] = cnt b c g + sum_ind c g b' [f; t])%nat).
    { intros c g. apply cnt_diff; [apply NoDup2; auto | apply incl_list; simpl; intros x [<-|[<-|[]]]; auto |].
      intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto. }
    simpl in E. rewrite Hbf, Hb'f, Hb't in E.
    assert (Hrk : r <> King) by (intros ->; simpl in Hr; intuition discriminate).
    assert (E' : forall g, (cnt b' us g + ind us g f (Some (MkPiece us Pawn)) =
                              cnt b us g + ind us g t (Some (MkPiece us r)))%nat).
    { intros g. specialize (E us g).
      destruct (target_cases b us t Htg) as [Hbt|(r' & Hbt & Hr')]; rewrite Hbt in E.
      - simpl in E. lia.
      - rewrite ind_other' in E. simpl in E. lia. }
    repeat split.
    + intros g. specialize (E (opp us) g).
      destruct (target_cases b us t Htg) as [Hbt|(r' & Hbt & Hr')]; rewrite Hbt in E;
        rewrite !ind_other in E; simpl in E; lia.
    + specialize (E (opp us) TKing).
      destruct (target_cases b us t Htg) as [Hbt|(r' & Hbt & Hr')]; rewrite Hbt in E;
        rewrite !ind_other in E; try rewrite ind_noking in E by auto; simpl in E; lia.
    + specialize (E' TKing). rewrite !ind_noking in E' by (auto || discriminate). lia.
    + specialize (E' TMan). destruct us; simpl in E'; lia.
    + right. exists r, t. split; [exact Hr|]. split.
      * specialize (E' TPawn). destruct us, r; simpl in E'; simpl in Hr; intuition (try discriminate; lia).
      * intros g Hg1 Hg2. specialize (E' g).
        destruct us, g; simpl in E'; try congruence; lia.
  - clear Hrt.
    set (v := ep_victim us t) in *.
    assert (E : forall c g, (cnt b' c g + sum_ind c g b [f; t; v] = cnt b c g + sum_ind c g b' [f; t; v])%nat).
    { intros c g. apply cnt_diff; [apply NoDup3; auto | apply incl_list; simpl; intros x [<-|[<-|[<-|[]]]]; auto |].
      intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto. }
    simpl in E. rewrite Hbf, Hbt, Hbv, Hb'f, Hb't, Hb'v in E.
    assert (Eb : forall c g, ind c g t (Some (MkPiece us Pawn)) = ind c g f (Some (MkPiece us Pawn)))
      by (intros; apply ind_square; discriminate).
    repeat split.
    + intros g. specialize (E (opp us) g). rewrite !ind_other in E. simpl in E. lia.
    + specialize (E (opp us) TKing). rewrite !ind_other in E. rewrite ind_noking in E by discriminate.
      simpl in E. lia.
    + specialize (E us TKing). rewrite Eb, ind_other' in E. simpl in E. lia.
    + specialize (E us TMan). rewrite Eb, ind_other' in E. simpl in E. lia.
    + left. intros g. specialize (E us g). rewrite Eb, ind_other' in E. simpl in E. lia.
  - clear Hcr.
    set (rf := castle_rook_from us side) in *. set (rt := castle_rook_to us side) in *.
    assert (E : forall c g, (cnt b' c g + sum_ind c g b [f; t; rf; rt] = cnt b c g + sum_ind c g b' [f; t; rf; rt])%nat)
      by (intros c g; apply cnt_diff; auto).
    simpl in E. rewrite Hbf, Hbr, Hbt, Hbrt, Hb'f, Hb'r, Hb't, Hb'rt in E.
    assert (Ek : forall c g, ind c g t (Some (MkPiece us King)) = ind c g f (Some (MkPiece us King)))
      by (intros; apply ind_square; discriminate).
    assert (Er : forall c g, ind c g rt (Some (MkPiece us Rook)) = ind c g rf (Some (MkPiece us Rook)))
      by (intros; apply ind_square; discriminate).
    assert (E' : forall c g, cnt b' c g = cnt b c g) by (intros c g; specialize (E c g); rewrite Ek, Er in E; simpl in E; lia).
    repeat split; try (intros; rewrite E'; auto); auto.
Qed.

(** ** Each invariant is preserved by a game step *)

Lemma side_ok_mono : forall b b' c, (forall g, cnt b' c g <= cnt b c g) -> side_ok b c -> side_ok b' c.
Proof.
  intros b b' c H (H1 & H2 & H3). unfold side_ok.
  split; [exact (Nat.le_trans _ _ _ (H TMan) H1)|]. split; [exact (Nat.le_trans _ _ _ (H TPawn) H2)|].
  eapply Nat.le_trans; [|exact H3].
  repeat (apply Nat.add_le_mono; [|first [apply Nat.sub_le_mono_r, H | apply H]]).
  apply Nat.sub_le_mono_r, H.
Qed.

(** A count that grows by [i] leaves at most [i] more beyond [k]. *)
Lemma sub_add_le : forall x i k, x + i - k <= x - k + i.
Proof. intros. lia. Qed.

(** A promoted man counts under exactly one of the five piece tags. *)
Lemma promo_tags : forall c r s, In r promotion_roles ->
  (ind c TKnight s (Some (MkPiece c r)) + ind c TLight s (Some (MkPiece c r)) +
   ind c TDark s (Some (MkPiece c r)) + ind c TRook s (Some (MkPiece c r)) +
   ind c TQueen s (Some (MkPiece c r)) = 1)%nat.
Proof.
  intros c r s Hr. unfold ind, tagged. simpl in Hr.
  destruct Hr as [<-|[<-|[<-|[<-|[]]]]]; destruct c; simpl; try reflexivity;
    destruct (is_light s); reflexivity.
Qed.

Lemma side_ok_promo : forall b b' c r s, In r promotion_roles ->
  cnt b' c TMan = cnt b c TMan -> (cnt b' c TPawn + 1 = cnt b c TPawn)%nat ->
  (forall g, g <> TMan -> g <> TPawn -> cnt b' c g = (cnt b c g + ind c g s (Some (MkPiece c r)))%nat) ->
  side_ok b c -> side_ok b' c.
Proof.
  intros b b' c r s Hr H1 H2 H (S1 & S2 & S3). unfold side_ok.
  rewrite H1. split; [exact S1|]. split; [lia|].
  rewrite (H TQueen), (H TRook), (H TKnight), (H TLight), (H TDark) by discriminate.
  pose proof (promo_tags c r s Hr) as Hsum.
  set (iN := ind c TKnight s (Some (MkPiece c r))) in *. set (iL := ind c TLight s (Some (MkPiece c r))) in *.
  set (iD := ind c TDark s (Some (MkPiece c r))) in *. set (iR := ind c TRook s (Some (MkPiece c r))) in *.
  set (iQ := ind c TQueen s (Some (MkPiece c r))) in *.
  pose proof (sub_add_le (cnt b c TQueen) iQ 1) as A1. pose proof (sub_add_le (cnt b c TRook) iR 2) as A2.
  pose proof (sub_add_le (cnt b c TKnight) iN 2) as A3. pose proof (sub_add_le (cnt b c TLight) iL 1) as A4.
  pose proof (sub_add_le (cnt b c TDark) iD 1) as A5.
  (* the truncated differences as numbers: [lia] then needs no case split *)
  revert S3 A1 A2 A3 A4 A5.
  generalize (cnt b c TQueen + iQ - 1)%nat (cnt b c TRook + iR - 2)%nat (cnt b c TKnight + iN - 2)%nat
    (cnt b c TLight + iL - 1)%nat (cnt b c TDark + iD - 1)%nat (cnt b c TQueen - 1)%nat
    (cnt b c TRook - 2)%nat (cnt b c TKnight - 2)%nat (cnt b c TLight - 1)%nat (cnt b c TDark - 1)%nat.
  intros. lia.
Qed.

Definition pawn_target_ok (c : color) (t : int) : bool :=
  negb (inb t all_squares) ||| (relative_rank c t =? 7) ||| rank_ok t.

Definition pawn_square_ok (f : int) : bool :=
  negb (rank_ok f) |||
  forallb (fun c => pawn_target_ok c (pawn_step c f) &&& pawn_target_ok c (pawn_step c (pawn_step c f)) &&&
                    forallb (pawn_target_ok c) (pawn_attacks c f)) [White; Black].

Lemma pawn_square_ok_all : forall f, In f all_squares -> pawn_square_ok f = true.
Proof. apply forall_squares. vm_compute. reflexivity. Qed.

Lemma pawn_move_rank : forall b c f t, In f all_squares -> In t all_squares -> rank_ok f = true ->
  man_moves b c Pawn f t -> (relative_rank c t =? 7) = false -> rank_ok t = true.
Proof.
  intros b c f t Hf Ht Hrf Hm H7.
  assert (Hok : pawn_target_ok c t = true -> rank_ok t = true).
  { unfold pawn_target_ok. rewrite (in_inb _ _ Ht), H7. auto. }
  apply Hok. pose proof (pawn_square_ok_all f Hf) as H. unfold pawn_square_ok in H.
  rewrite Hrf in H.
  assert (H' : pawn_target_ok c (pawn_step c f) &&& pawn_target_ok c (pawn_step c (pawn_step c f)) &&&
               forallb (pawn_target_ok c) (pawn_attacks c f) = true).
  { match type of H with (if negb true then true else ?X) = true =>
      change (X = true) in H end.
    apply (forallb_in H). destruct c; simpl; tauto. }
  clear H. split_lazy.
  destruct Hm as [(Em & _)|[(_ & Em & _)|(Em & _)]].
  - apply eqb_true in Em. subst t. assumption.
  - apply eqb_true in Em. subst t. assumption.
  - apply inb_in in Em. exact (forallb_in H' Em).
Qed.

Lemma color_neq_opp : forall u v, color_eqb u v = false -> u = opp v.
Proof. intros [|] [|]; simpl; congruence. Qed.

Lemma material_step : forall G m G', legal_move G m G' -> ep_inv G = true ->
  material_ok (piece_at G) = true -> material_ok (piece_at G') = true.
Proof.
  intros G m G' Hl Hep Hm. apply material_ok_iff in Hm. apply material_ok_iff.
  destruct Hm as (HW & HB & Hp).
  destruct (count_step G m G' Hl Hep) as (Hopp & _ & _ & Hman & Hus).
  assert (Hside : forall c, side_ok (piece_at G) c -> side_ok (piece_at G') c).
  { intros c Hc. destruct (color_eqb c (turn G)) eqn:Ec.
    - apply color_eqb_eq in Ec; subst c.
      destruct Hus as [Hus|(r & s & Hr & Hp' & Hg)].
      + apply (side_ok_mono (piece_at G)); [|exact Hc]. intros g; rewrite Hus; apply le_n.
      + exact (side_ok_promo _ _ _ r s Hr Hman Hp' Hg Hc).
    - rewrite (color_neq_opp _ _ Ec) in Hc |- *. exact (side_ok_mono _ _ _ Hopp Hc). }
  split; [exact (Hside _ HW)|]. split; [exact (Hside _ HB)|].
  (* pawns *)
  destruct (step_shape G m G' Hl Hep) as (Hf & Ht & _ & Hk).
  set (b := piece_at G) in *. set (b' := piece_at G') in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  intros s c Hs Hbs.
  shape_inv Hk.
  -
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst].
    + rewrite Hb't in Hbs. injection Hbs as Hc Hr. subst r.
      apply (pawn_move_rank b (turn G) f t); auto. eapply Hp; eauto.
    + rewrite Hsame in Hbs by auto. eapply Hp; eauto.
  -
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst].
    + rewrite Hb't in Hbs. injection Hbs as Hc Hr'. subst r. simpl in Hr. intuition discriminate.
    + rewrite Hsame in Hbs by auto. eapply Hp; eauto.
  - clear Hft Hfv Htv.
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst]; [assumption|].
    destruct (Uint63.eqs s (ep_victim (turn G) t)) as [->|Hsv]; [congruence|].
    rewrite Hsame in Hbs by auto. eapply Hp; eauto.
  - clear Hcr Hnd Hincl.
    destruct (in_dec Uint63.eqs s [f; t; castle_rook_from (turn G) side; castle_rook_to (turn G) side])
      as [Hin|Hn].
    + simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; congruence.
    + rewrite Hsame in Hbs by auto. eapply Hp; eauto.
Qed.

Lemma kings_step : forall G m G', legal_move G m G' -> ep_inv G = true ->
  kings_inv G = true -> kings_inv G' = true.
Proof.
  intros G m G' Hl Hep. unfold kings_inv.
  destruct (count_step G m G' Hl Hep) as (_ & Hopp & Hus & _).
  destruct (turn G); simpl in *; rewrite Hopp, Hus; auto.
Qed.

Lemma check_step : forall G m G', legal_move G m G' -> check_inv G' = true.
Proof.
  intros G m G' (_ & Ht & _ & Hc). unfold check_inv. rewrite Ht.
  replace (opp (opp (turn G))) with (turn G) by (destruct (turn G); reflexivity).
  rewrite in_check_b_false_iff; auto.
Qed.

Lemma castling_inv_iff : forall P, castling_inv P = true <->
  (forall c side, castling_right P c side = true ->
     piece_at P (castle_king_from c) = Some (MkPiece c King) /\
     piece_at P (castle_rook_from c side) = Some (MkPiece c Rook)).
Proof.
  intros P. unfold castling_inv. rewrite forallb_forall. split.
  - intros H c side Hc. specialize (H _ (in_castling_sides c side)). simpl in H.
    rewrite Hc in H. simpl in H. split_lazy. split; apply opiece_eqb_eq; assumption.
  - intros H [c side] _. destruct (castling_right P c side) eqn:Hc; [|reflexivity].
    destruct (H c side Hc) as [-> ->]. destruct c; reflexivity.
Qed.

Lemma castle_squares : forall c side, In (castle_king_from c) all_squares /\ In (castle_rook_from c side) all_squares.
Proof. intros [|] [|]; split; apply inb_in; reflexivity. Qed.

Lemma touches_false : forall m c side, touches m c side = false ->
  mv_from m <> castle_king_from c /\ mv_from m <> castle_rook_from c side /\
  mv_to m <> castle_king_from c /\ mv_to m <> castle_rook_from c side.
Proof.
  intros m c side H. unfold touches in H. rewrite !orb_false_iff in H.
  destruct H as [[[H1 H2] H3] H4].
  repeat split; intros E; rewrite E, eqb_same in *; discriminate.
Qed.

Lemma castling_step : forall G m G', game_step G m G' -> ep_inv G = true ->
  castling_inv G = true -> castling_inv G' = true.
Proof.
  intros G m G' (Hl & Hcr & _) Hep Hci. apply legal_move_iff in Hl. rewrite castling_inv_iff in Hci |- *.
  intros c side Hc. rewrite Hcr in Hc. apply andb_prop in Hc as [Hc Ht].
  apply negb_true_iff, touches_false in Ht. destruct Ht as (H1 & H2 & H3 & H4).
  destruct (Hci c side Hc) as [Hk Hr].
  destruct (castle_squares c side) as [Ik Ir].
  destruct (step_shape G m G' Hl Hep) as (_ & _ & _ & Hk').
  set (b := piece_at G) in *. set (b' := piece_at G') in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  set (k0 := castle_king_from c) in *. set (r0 := castle_rook_from c side) in *.
  shape_inv Hk'.
  - clear Hbf Htg Hmm Hr7 Hb'f Hb't Hft.
    rewrite !Hsame by auto. split; assumption.
  - clear Hr0 Hbf Htg Hb'f Hb't Hft.
    rewrite !Hsame by auto. split; assumption.
  - clear Hv Hrt Hbf Hbt Hb'f Hb't Hb'v Hft Hfv Htv.
    rewrite !Hsame; auto; apply (neq_of_board b); congruence.
  - clear Hcr0 Hb'f Hb'r Hb't Hb'rt Hnd Hincl. rename side0 into side'.
    assert (Hcu : c <> turn G) by (intros ->; apply H1; exact Hfk).
    rewrite !Hsame; auto; simpl; intros [E|[E|[E|[E|[]]]]]; subst;
      try (apply (neq_of_board b (castle_king_from c) _); congruence);
      try (apply (neq_of_board b (castle_rook_from c side) _); congruence);
      try congruence.
Qed.

Definition dpush_ok (c : color) (f : int) : bool :=
  (negb (relative_rank c f =? 1) |||
   (let e := pawn_step c f in let t := pawn_step c e in
    inb e all_squares &&& (relative_rank c e =? 2) &&& negb (e =? f) &&& negb (e =? t) &&&
    negb (t =? f) &&& (pawn_step (opp c) e =? f))) &&&
  (let t := pawn_step c (pawn_step c f) in
   negb (t =? pawn_step c f) &&& negb (inb t (pawn_attacks c f))).

Lemma dpush_ok_all : forall c f, In f all_squares -> dpush_ok c f = true.
Proof. intros [|]; apply forall_squares; vm_compute; reflexivity. Qed.



Lemma ep_step : forall G m G', game_step G m G' -> ep_inv G = true -> ep_inv G' = true.
Proof.
  intros G m G' (Hl & _ & Hep') HepG. apply legal_move_iff in Hl.
  destruct (step_shape G m G' Hl HepG) as (Hf & Ht & Hturn & Hk).
  unfold ep_inv at 1. rewrite Hep'. unfold ep_after.
  set (b := piece_at G) in *. set (b' := piece_at G') in *. set (us := turn G) in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk; try reflexivity.
  clear Hr7.
  rewrite Hbf. destruct r; try reflexivity.
  destruct (t =? pawn_step us (pawn_step us f)) eqn:Et; [|reflexivity].
  apply eqb_true in Et.
  rewrite Hturn, opp_opp.
  pose proof (dpush_ok_all us f Hf) as Hd. unfold dpush_ok in Hd.
  destruct Hmm as [(Em & _)|[(Er & _ & Hbe & _)|(Em & _)]].
  - split_lazy. rewrite Et, Em in *. discriminate.
  - rewrite Er in Hd. cbn [negb] in Hd. split_lazy.
    set (e := pawn_step us f) in *.
    assert (He : In e all_squares) by (apply inb_in; assumption).
    assert (Hback : pawn_step (opp us) e = f) by (apply eqb_true; assumption).
    assert (Hef : e <> f) by (apply eqb_false_neq, negb_true_iff; assumption).
    assert (Het : e <> t) by (rewrite Et; apply eqb_false_neq, negb_true_iff; assumption).
    rewrite Hback, <- Et, Hsame by auto.
    rewrite Hbe, Hb't, Hb'f. destruct us; reflexivity.
  - split_lazy. rewrite Et in Em. rewrite Em in *. discriminate.
Qed.

(** ** Chess induction *)

Lemma inv_initial : inv initial = true.
Proof. vm_compute. reflexivity. Qed.

Lemma inv_intro : forall P, material_ok (piece_at P) = true -> kings_inv P = true -> check_inv P = true ->
  castling_inv P = true -> ep_inv P = true -> inv P = true.
Proof. intros P H1 H2 H3 H4 H5. unfold inv. rewrite H1, H2, H3, H4, H5. reflexivity. Qed.

Lemma inv_elim : forall P, inv P = true ->
  material_ok (piece_at P) = true /\ kings_inv P = true /\ check_inv P = true /\
  castling_inv P = true /\ ep_inv P = true.
Proof.
  intros P. unfold inv.
  destruct (material_ok (piece_at P)), (kings_inv P), (check_inv P), (castling_inv P), (ep_inv P);
    try discriminate; auto.
Qed.

(** The material invariant of a position a game reaches, for one side. *)
Lemma side_ok_inv : forall Q c, inv Q = true -> side_ok (piece_at Q) c.
Proof.
  intros Q c H. apply inv_elim in H. destruct H as (H & _). apply material_ok_iff in H.
  destruct H as (HW & HB & _). destruct c; [exact HW | exact HB].
Qed.

(** The two parts of the invariants that proofs about one move of a game
    open with: pawns stand on their ranks, and the en-passant invariant
    the move lemmas ([step_shape], [count_step], …) take. *)
Lemma pawns_ok_inv : forall Q, inv Q = true -> pawns_ok (piece_at Q).
Proof. intros Q H. apply inv_elim in H. destruct H as (H & _). apply material_ok_iff in H. tauto. Qed.

Lemma ep_inv_of : forall Q, inv Q = true -> ep_inv Q = true.
Proof. intros Q H. apply inv_elim in H. tauto. Qed.

Lemma inv_step : forall G m G', game_step G m G' -> inv G = true -> inv G' = true.
Proof.
  intros G m G' Hs Hi. pose proof Hs as (Hl & _). apply legal_move_iff in Hl.
  apply inv_elim in Hi. destruct Hi as (H1 & H2 & H3 & H4 & H5).
  apply inv_intro.
  - exact (material_step G m G' Hl H5 H1).
  - exact (kings_step G m G' Hl H5 H2).
  - exact (check_step G m G' Hl).
  - exact (castling_step G m G' Hs H5 H4).
  - exact (ep_step G m G' Hs H5).
Qed.

Theorem inv_game : forall h G, game h G -> inv G = true.
Proof.
  intros h G H. induction H as [|h G m G' Hg IH Hs].
  - exact inv_initial.
  - exact (inv_step G m G' Hs IH).
Qed.

(** ** From games to the problems they realize *)

Lemma ep_inv_iff : forall P, ep_inv P = true <->
  (forall e, ep_square P = Some e ->
     In e all_squares /\ (relative_rank (opp (turn P)) e =? 2) = true /\ piece_at P e = None /\
     piece_at P (pawn_step (opp (turn P)) e) = Some (MkPiece (opp (turn P)) Pawn) /\
     piece_at P (pawn_step (turn P) e) = None).
Proof.
  intros P. unfold ep_inv. destruct (ep_square P) as [e|].
  - split.
    + intros H e' E. injection E as <-. split_lazy. use_bools.
      repeat split; auto using inb_in.
    + intros H. destruct (H e eq_refl) as (H1 & H2 & H3 & H4 & H5).
      rewrite (in_inb _ _ H1), H2, H3, H4, H5. destruct (turn P); reflexivity.
  - split; [intros _ e H; discriminate | reflexivity].
Qed.

Lemma inv_realizes : forall G P, realizes G P -> inv G = true -> inv P = true.
Proof.
  intros G P (Hb & Ht & Hc & He) H. apply inv_elim in H. destruct H as (H1 & H2 & H3 & H4 & H5).
  assert (Hb' : forall s, In s all_squares -> piece_at P s = piece_at G s) by exact Hb.
  assert (HM : material_ok (piece_at P) = material_ok (piece_at G)).
  { unfold material_ok. rewrite !men_eq, (men_l_ext (piece_at P) (piece_at G)) by exact Hb'. reflexivity. }
  assert (HK : kings_inv P = kings_inv G).
  { unfold kings_inv. rewrite !(cnt_ext _ _ (piece_at P) (piece_at G)) by exact Hb'. reflexivity. }
  assert (HC : check_inv P = check_inv G).
  { unfold check_inv. rewrite Ht. f_equal. apply in_check_b_ext. exact Hb'. }
  assert (HR : castling_inv P = true).
  { match goal with H : castling_inv G = true |- _ => rewrite castling_inv_iff in H; rename H into HcG end.
    apply castling_inv_iff. intros c side Hcs. destruct (castle_squares c side) as [Ik Ir].
    rewrite !Hb' by assumption. auto. }
  assert (HE : ep_inv P = true).
  { rewrite ep_inv_iff in H5 |- *. intros e Ep.
    destruct (H5 e (He e Ep)) as (I & R & B1 & B2 & B3). rewrite Ht.
    pose proof (ep_square_ok_all e (opp (turn G)) I) as Hok. unfold ep_square_ok in Hok.
    rewrite R in Hok. cbn [negb] in Hok. split_lazy. rewrite opp_opp in *.
    rewrite !Hb' by (first [assumption | apply inb_in; assumption]). auto. }
  apply inv_intro; congruence.
Qed.

Theorem inv_reachable : forall P, reachable P -> inv P = true.
Proof.
  intros P (h & G & Hg & Hr). apply (inv_realizes G P Hr), (inv_game h G Hg).
Qed.

Ltac inv_part H := apply inv_elim in H; tauto.

Corollary material_reachable : forall P, reachable P -> material_ok (piece_at P) = true.
Proof. intros P H. pose proof (inv_reachable P H) as Hi. inv_part Hi. Qed.

Corollary kings_reachable : forall P, reachable P -> kings_inv P = true.
Proof. intros P H. pose proof (inv_reachable P H) as Hi. inv_part Hi. Qed.

Corollary check_reachable : forall P, reachable P -> check_inv P = true.
Proof. intros P H. pose proof (inv_reachable P H) as Hi. inv_part Hi. Qed.

Corollary castling_reachable : forall P, reachable P -> castling_inv P = true.
Proof. intros P H. pose proof (inv_reachable P H) as Hi. inv_part Hi. Qed.

Corollary ep_reachable : forall P, reachable P -> ep_inv P = true.
Proof. intros P H. pose proof (inv_reachable P H) as Hi. inv_part Hi. Qed.

(** The side that just moved is not in check, in the words of Rules.v. *)
Corollary not_in_check_reachable : forall P, reachable P -> ~ Rules.in_check (piece_at P) (opp (turn P)).
Proof.
  intros P H Hc. apply in_check_iff in Hc. pose proof (check_reachable P H) as Hi. unfold check_inv in Hi.
  apply negb_true_iff, in_check_b_false in Hi. contradiction.
Qed.
