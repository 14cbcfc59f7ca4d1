(** * RulesFast: the rules of Rules.v in table form, proven equivalent.

    The readable rules (Rules.v) state geometry with file and rank
    distances.  The checkers need the same notions in a form that computes
    fast and that the proofs of the retraction generator were written
    against: the generated attack tables of Gen/Tables.v (knights' and
    kings' targets, pawn attacks, the rays of the eight directions).  This
    file defines that form, under the same names as Rules.v ([attacked],
    [in_check], [man_moves], [pseudo_legal], [legal_move]; a file that
    imports [RulesFast] after [Rules] sees these), and proves each equal to
    its readable counterpart:

    - [attacked_iff      : In t all_squares -> attacked b c t <-> Rules.attacked b c t]
    - [in_check_iff      : in_check b c <-> Rules.in_check b c]
    - [man_moves_iff     : In f all_squares -> In t all_squares ->
                           man_moves b c r f t <-> Rules.man_moves b c r f t]
    - [pseudo_legal_iff  : pseudo_legal Q m <-> Rules.pseudo_legal Q m]
    - [legal_move_iff    : legal_move Q m P <-> Rules.legal_move Q m P]

    The proofs check the tables against the readable geometry on every
    square by computation ([vm_compute]), then lift the facts through the
    definitions.  Nothing here is trusted. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Facts.
Import ListNotations.
Open Scope uint63_scope.

(** ** Geometry from the tables *)

(** The eight directions N NE E SE S SW W NW, numbered as in Tables.v;
    [ray d s]: the squares met walking from [s] along [d], nearest first. *)
Definition directions : list int := [0; 1; 2; 3; 4; 5; 6; 7].
Definition ray (d s : int) : list int := rays.[64 * d + s].

(** The directions along which a man of role [r] slides. *)
Definition slider_dirs (r : role) : list int :=
  match r with
  | Bishop => [1; 3; 5; 7]
  | Rook => [0; 2; 4; 6]
  | Queen => [0; 1; 2; 3; 4; 5; 6; 7]
  | _ => []
  end.

(** Squares a pawn of colour [c] on [s] attacks. *)
Definition pawn_attacks (c : color) (s : int) : list int :=
  match c with White => white_pawn_attacks.[s] | Black => black_pawn_attacks.[s] end.

(** The first square of [l] that holds a man. *)
Fixpoint first_man (b : board_fn) (l : list int) : option int :=
  match l with
  | [] => None
  | s :: r => match b s with Some _ => Some s | None => first_man b r end
  end.

(** Walking along [l], [t] is reached over empty squares only. *)
Fixpoint reaches (b : board_fn) (l : list int) (t : int) : bool :=
  match l with
  | [] => false
  | s :: r => if s =? t then true else match b s with None => reaches b r t | Some _ => false end
  end.

(** ** Attacks and check, by table *)

(** Stated from the attacked square [t]: a knight (king) of [c] a knight's
    (king's) move away, a pawn of [c] on a square from which it attacks
    [t], or a bishop/rook/queen of [c] that is the first man met walking
    from [t] along a line it moves on. *)
Definition attacked (b : board_fn) (c : color) (t : int) : Prop :=
  (exists s, In s knight_targets.[t] /\ b s = Some (MkPiece c Knight)) \/
  (exists s, In s (pawn_attacks (opp c) t) /\ b s = Some (MkPiece c Pawn)) \/
  (exists s, In s king_targets.[t] /\ b s = Some (MkPiece c King)) \/
  (exists d s r, In d directions /\ first_man b (ray d t) = Some s /\
                 b s = Some (MkPiece c r) /\ inb d (slider_dirs r) = true).

Definition in_check (b : board_fn) (c : color) : Prop :=
  exists k, In k all_squares /\ b k = Some (MkPiece c King) /\ attacked b (opp c) k.

Definition man_moves (b : board_fn) (c : color) (r : role) (f t : int) : Prop :=
  match r with
  | Pawn =>
      ((t =? pawn_step c f) = true /\ b t = None)
   \/ ((relative_rank c f =? 1) = true /\ (t =? pawn_step c (pawn_step c f)) = true /\
       b (pawn_step c f) = None /\ b t = None)
   \/ (inb t (pawn_attacks c f) = true /\ b t <> None)
  | Knight => inb t knight_targets.[f] = true
  | King => inb t king_targets.[f] = true
  | _ => exists d, In d (slider_dirs r) /\ reaches b (ray d f) t = true
  end.

Definition pseudo_legal (Q : position) (m : move) : Prop :=
  let b := piece_at Q in
  let us := turn Q in
  let f := mv_from m in
  let t := mv_to m in
  on_board f = true /\ on_board t = true /\
  match mv_kind m with
  | Normal =>
      mv_promo m = None /\
      exists r, b f = Some (MkPiece us r) /\ target_ok b us t /\ man_moves b us r f t /\
                (r = Pawn -> (relative_rank us t =? 7) = false)
  | Promotion =>
      exists r, mv_promo m = Some r /\ In r promotion_roles /\
                b f = Some (MkPiece us Pawn) /\ (relative_rank us t =? 7) = true /\
                target_ok b us t /\ man_moves b us Pawn f t
  | EnPassant =>
      mv_promo m = None /\ is_ep_square Q t = true /\
      b f = Some (MkPiece us Pawn) /\ inb t (pawn_attacks us f) = true /\ b t = None /\
      b (ep_victim us t) = Some (MkPiece (opp us) Pawn)
  | Castle =>
      mv_promo m = None /\
      exists side, (f =? castle_king_from us) = true /\ (t =? castle_king_to us side) = true /\
        castling_right Q us side = true /\
        b f = Some (MkPiece us King) /\ b (castle_rook_from us side) = Some (MkPiece us Rook) /\
        (forall s, In s (castle_empty us side) -> b s = None) /\
        (forall s, In s (castle_safe us side) -> ~ attacked b (opp us) s)
  end.

Definition legal_move (Q : position) (m : move) (P : position) : Prop :=
  pseudo_legal Q m /\
  turn P = opp (turn Q) /\
  (forall s, In s all_squares -> piece_at P s = after Q m s) /\
  ~ in_check (piece_at P) (turn Q).

(** ** The tables against the readable geometry, by computation *)

(** [tbl t] lists the squares [s] on the board with [spec s t]. *)
Definition tbl_ok (tbl : int -> list int) (spec : int -> int -> bool) : bool :=
  forallb (fun t =>
    forallb (fun s => Bool.eqb (inb s (tbl t)) (spec s t)) all_squares &&
    forallb (fun s => inb s all_squares) (tbl t)) all_squares.

Lemma tbl_ok_iff : forall tbl spec, tbl_ok tbl spec = true ->
  forall t s, In t all_squares -> (In s (tbl t) <-> on_board s = true /\ spec s t = true).
Proof.
  intros tbl spec H t s Ht. unfold tbl_ok in H. forallb_at H Ht. apply andb_true_iff in H as [H1 H2].
  split.
  - intros Hs. assert (Hsq : In s all_squares) by (apply inb_in, (forallb_in H2 Hs)).
    split; [apply in_on_board, Hsq|].
    forallb_at H1 Hsq. rewrite (in_inb _ _ Hs) in H1. apply Bool.eqb_prop in H1. auto.
  - intros [Hb Hsp]. apply on_board_in in Hb. forallb_at H1 Hb. rewrite Hsp in H1.
    apply Bool.eqb_prop in H1. apply inb_in. auto.
Qed.

Lemma knight_att_ok : tbl_ok (fun t => knight_targets.[t]) knight_jump = true.
Proof. vm_compute. reflexivity. Qed.
Lemma knight_mv_ok : tbl_ok (fun f => knight_targets.[f]) (fun t f => knight_jump f t) = true.
Proof. vm_compute. reflexivity. Qed.
Lemma king_att_ok : tbl_ok (fun t => king_targets.[t]) king_step = true.
Proof. vm_compute. reflexivity. Qed.
Lemma king_mv_ok : tbl_ok (fun f => king_targets.[f]) (fun t f => king_step f t) = true.
Proof. vm_compute. reflexivity. Qed.
Lemma pawn_att_ok : forall c, tbl_ok (pawn_attacks (opp c)) (pawn_attack c) = true.
Proof. intros [|]; vm_compute; reflexivity. Qed.
Lemma pawn_mv_ok : forall c, tbl_ok (pawn_attacks c) (fun t f => pawn_attack c f t) = true.
Proof. intros [|]; vm_compute; reflexivity. Qed.

(** Checking a property of every element of a list, given the elements
    before it. *)
Fixpoint walk_ok (p : list int -> int -> bool) (pre l : list int) : bool :=
  match l with
  | [] => true
  | x :: l' => p pre x && walk_ok p (pre ++ [x]) l'
  end.

Lemma walk_ok_split : forall p l pre, walk_ok p pre l = true ->
  forall a x c, l = a ++ x :: c -> p (pre ++ a) x = true.
Proof.
  intros p l; induction l as [|y l IH]; simpl; intros pre H a x c E.
  - destruct a; discriminate.
  - apply andb_true_iff in H as [H1 H2]. destruct a as [|z a]; simpl in E; injection E as E1 E2.
    + subst. rewrite app_nil_r. exact H1.
    + subst. replace (pre ++ z :: a) with ((pre ++ [z]) ++ a) by (rewrite <- app_assoc; reflexivity).
      exact (IH _ H2 a x c eq_refl).
Qed.


(** Along the ray [d] from [t], the squares before [x] are exactly the
    squares between [t] and [x] (in either order), and [x] is on a line of
    every man that slides along [d]. *)
Definition ray_step_ok (t d : int) (pre : list int) (x : int) : bool :=
  on_board x &&
  forallb (fun y => Bool.eqb (inb y pre) (between t x y) && Bool.eqb (inb y pre) (between x t y))
    all_squares &&
  forallb (fun r => negb (inb d (slider_dirs r)) || (line r x t && line r t x)) all_roles.

(** Stated unfolded: the kernel then never unfolds a big computation
    by lazy reduction when the lemma is used. *)
Lemma rays_ok_true :
  forallb (fun d => forallb (fun t => walk_ok (ray_step_ok t d) [] (ray d t)) all_squares) directions
  = true.
Proof. vm_compute. reflexivity. Qed.

(** Two squares on a line of [r] are on a ray of [r] from each other. *)
Lemma lines_ok_true :
  forallb (fun t => forallb (fun s => forallb (fun r =>
    Bool.eqb (line r s t) (line r t s) &&
    (negb (line r s t) || existsb (fun d => inb s (ray d t)) (slider_dirs r))) all_roles) all_squares)
    all_squares = true.
Proof. vm_compute. reflexivity. Qed.


Lemma slider_dirs_in : forall r d, In d (slider_dirs r) -> In d directions.
Proof. intros [] d H; simpl in *; tauto. Qed.

Lemma between_on_board : forall s t x, between s t x = true -> on_board x = true.
Proof. intros s t x H. unfold between in H. rewrite !andb_true_iff in H. tauto. Qed.

Lemma ray_facts : forall d t a x c, In d directions -> In t all_squares -> ray d t = a ++ x :: c ->
  on_board x = true /\
  (forall y, In y all_squares -> (In y a <-> between t x y = true) /\ (In y a <-> between x t y = true)) /\
  (forall r, In d (slider_dirs r) -> line r x t = true /\ line r t x = true).
Proof.
  intros d t a x c Hd Ht E.
  pose proof rays_ok_true as H.
  forallb_at H Hd.
  specialize (walk_ok_split _ _ _ (forallb_in H Ht) a x c E) as H'. simpl in H'. unfold ray_step_ok in H'.
  rewrite !andb_true_iff in H'. destruct H' as ((Hx & Hb) & Hl).
  split; [exact Hx|]. split.
  - intros y Hy. forallb_at Hb Hy. apply andb_true_iff in Hb as [B1 B2].
    apply Bool.eqb_prop in B1, B2. rewrite <- B1, <- B2, inb_iff. tauto.
  - intros r Hr. forallb_at Hl (in_all_roles r). rewrite (in_inb _ _ Hr) in Hl. simpl in Hl.
    apply andb_true_iff in Hl. exact Hl.
Qed.

Lemma ray_on_board : forall d t y, In d directions -> In t all_squares -> In y (ray d t) ->
  In y all_squares.
Proof.
  intros d t y Hd Ht Hy. apply in_split in Hy as (a & c & E).
  apply on_board_in. exact (proj1 (ray_facts d t a y c Hd Ht E)).
Qed.

Lemma line_ray : forall r s t, In s all_squares -> In t all_squares -> line r s t = true ->
  line r t s = true /\ exists d, In d (slider_dirs r) /\ In s (ray d t).
Proof.
  intros r s t Hs Ht H. pose proof lines_ok_true as L.
  forallb_at L Ht. forallb_at L Hs. forallb_at L (in_all_roles r).
  apply andb_true_iff in L as [L1 L2].
  apply Bool.eqb_prop in L1. split; [congruence|].
  rewrite H in L2. simpl in L2.
  apply existsb_exists in L2 as (d & Hd & Hin). exists d. split; [exact Hd | apply inb_in, Hin].
Qed.

(** ** Lists walked by [first_man] and [reaches] *)

Lemma first_man_split : forall b l s, first_man b l = Some s ->
  exists a c, l = a ++ s :: c /\ (forall x, In x a -> b x = None) /\ b s <> None.
Proof.
  intros b l; induction l as [|y l IH]; simpl; intros s H; [discriminate|].
  destruct (b y) eqn:E.
  - injection H as <-. exists [], l. simpl. split; [reflexivity|]. split; [tauto | congruence].
  - destruct (IH s H) as (a & c & -> & Ha & Hs). exists (y :: a), c. simpl.
    split; [reflexivity|]. split; [|exact Hs]. intros x [<-|Hx]; auto.
Qed.

Lemma first_man_of_split : forall b a s c, (forall x, In x a -> b x = None) -> b s <> None ->
  first_man b (a ++ s :: c) = Some s.
Proof.
  intros b a s c; induction a as [|y a IH]; simpl; intros Ha Hs.
  - destruct (b s); [reflexivity | contradiction].
  - rewrite (Ha y (or_introl eq_refl)). apply IH; auto.
Qed.

Lemma reaches_split : forall b l t, reaches b l t = true <->
  exists a c, l = a ++ t :: c /\ (forall x, In x a -> b x = None).
Proof.
  intros b l t; split.
  - induction l as [|y l IH]; simpl; intros H; [discriminate|].
    destruct (y =? t) eqn:E.
    + apply eqb_true in E. subst. exists [], l. simpl. split; [reflexivity | tauto].
    + destruct (b y) eqn:B; [discriminate|].
      destruct (IH H) as (a & c & -> & Ha). exists (y :: a), c. simpl.
      split; [reflexivity|]. intros x [<-|Hx]; auto.
  - intros (a & c & -> & Ha). induction a as [|y a IH]; simpl.
    + rewrite eqb_same. reflexivity.
    + destruct (y =? t); [reflexivity|]. rewrite (Ha y (or_introl eq_refl)). apply IH. intros x Hx. apply Ha. right. exact Hx.
Qed.

(** ** Sliders *)

Lemma slider_attack_fast : forall b t d s r, In t all_squares -> In d directions ->
  first_man b (ray d t) = Some s -> inb d (slider_dirs r) = true ->
  on_board s = true /\ line r s t = true /\ path_clear b s t.
Proof.
  intros b t d s r Ht Hd Hf Hr. apply inb_in in Hr.
  destruct (first_man_split _ _ _ Hf) as (a & c' & E & Ha & _).
  destruct (ray_facts d t a s c' Hd Ht E) as (Hs & Hb & Hl).
  split; [exact Hs|]. split; [apply (Hl r Hr)|].
  intros y Hy. apply Ha. pose proof (on_board_in _ (between_on_board _ _ _ Hy)) as Hy'.
  apply (proj2 (Hb y Hy')). exact Hy.
Qed.

Lemma slider_attack_spec : forall b t s r p, In t all_squares -> on_board s = true ->
  line r s t = true -> path_clear b s t -> b s = Some p ->
  exists d, In d directions /\ first_man b (ray d t) = Some s /\ inb d (slider_dirs r) = true.
Proof.
  intros b t s r p Ht Hs Hl Hc Hp. apply on_board_in in Hs.
  destruct (line_ray r s t Hs Ht Hl) as (_ & d & Hd & Hin).
  pose proof (slider_dirs_in _ _ Hd) as Hd'.
  exists d. split; [exact Hd'|]. split; [|apply in_inb, Hd].
  apply in_split in Hin as (a & c & E). rewrite E.
  apply first_man_of_split; [|congruence].
  intros y Hy.
  assert (Hy' : In y all_squares) by (apply (ray_on_board d t); auto; rewrite E; apply in_or_app; auto).
  apply Hc. destruct (ray_facts d t a s c Hd' Ht E) as (_ & Hb & _). apply (proj2 (Hb y Hy')). exact Hy.
Qed.

(** ** The equivalences *)

Theorem attacked_iff : forall b c t, In t all_squares -> attacked b c t <-> Rules.attacked b c t.
Proof.
  intros b c t Ht. unfold attacked, Rules.attacked. split.
  - intros [(s & Hs & Hb) | [(s & Hs & Hb) | [(s & Hs & Hb) | (d & s & r & Hd & Hf & Hb & Hr)]]].
    + apply (tbl_ok_iff _ _ knight_att_ok t s Ht) in Hs as [Hs Hj]. exists s, Knight. auto.
    + apply (tbl_ok_iff _ _ (pawn_att_ok c) t s Ht) in Hs as [Hs Hj]. exists s, Pawn. auto.
    + apply (tbl_ok_iff _ _ king_att_ok t s Ht) in Hs as [Hs Hj]. exists s, King. auto.
    + destruct (slider_attack_fast b t d s r Ht Hd Hf Hr) as (Hs & Hl & Hc).
      exists s, r. split; [exact Hs|]. split; [exact Hb|].
      destruct r; simpl; auto; unfold line in Hl; rewrite andb_false_r in Hl; discriminate.
  - intros (s & r & Hs & Hb & Ha). destruct r; simpl in Ha.
    + right; left. exists s. split; [apply (tbl_ok_iff _ _ (pawn_att_ok c) t s Ht); auto | exact Hb].
    + left. exists s. split; [apply (tbl_ok_iff _ _ knight_att_ok t s Ht); auto | exact Hb].
    + do 3 right. destruct Ha as [Hl Hc].
      destruct (slider_attack_spec b t s Bishop _ Ht Hs Hl Hc Hb) as (d & Hd & Hf & Hr).
      exists d, s, Bishop. auto.
    + do 3 right. destruct Ha as [Hl Hc].
      destruct (slider_attack_spec b t s Rook _ Ht Hs Hl Hc Hb) as (d & Hd & Hf & Hr).
      exists d, s, Rook. auto.
    + do 3 right. destruct Ha as [Hl Hc].
      destruct (slider_attack_spec b t s Queen _ Ht Hs Hl Hc Hb) as (d & Hd & Hf & Hr).
      exists d, s, Queen. auto.
    + right; right; left. exists s. split; [apply (tbl_ok_iff _ _ king_att_ok t s Ht); auto | exact Hb].
Qed.

Theorem in_check_iff : forall b c, in_check b c <-> Rules.in_check b c.
Proof.
  intros b c. unfold in_check, Rules.in_check. split.
  - intros (k & Hk & Hb & Ha). exists k. rewrite <- attacked_iff by exact Hk. auto.
  - intros (k & Hk & Hb & Ha). exists k. rewrite attacked_iff by exact Hk. auto.
Qed.

Lemma slider_moves_iff : forall b r f t, In f all_squares -> In t all_squares ->
  (exists d, In d (slider_dirs r) /\ reaches b (ray d f) t = true) <->
  line r f t = true /\ path_clear b f t.
Proof.
  intros b r f t Hf Ht. split.
  - intros (d & Hd & Hr). apply reaches_split in Hr as (a & c & E & Ha).
    destruct (ray_facts d f a t c (slider_dirs_in _ _ Hd) Hf E) as (_ & Hb & Hl).
    split; [apply (Hl r Hd)|].
    intros y Hy. apply Ha. pose proof (on_board_in _ (between_on_board _ _ _ Hy)) as Hy'.
    apply (proj1 (Hb y Hy')). exact Hy.
  - intros [Hl Hc]. destruct (line_ray r f t Hf Ht Hl) as (Hl' & _).
    destruct (line_ray r t f Ht Hf Hl') as (_ & d & Hd & Hin).
    exists d. split; [exact Hd|]. apply reaches_split.
    apply in_split in Hin as (a & c & E). exists a, c. split; [exact E|].
    intros y Hy. pose proof (slider_dirs_in _ _ Hd) as Hd'.
    assert (Hy' : In y all_squares) by (apply (ray_on_board d f); auto; rewrite E; apply in_or_app; auto).
    apply Hc. destruct (ray_facts d f a t c Hd' Hf E) as (_ & Hb & _). apply (proj1 (Hb y Hy')). exact Hy.
Qed.

Lemma pawn_attacks_iff : forall c f t, In f all_squares -> In t all_squares ->
  inb t (pawn_attacks c f) = true <-> pawn_attack c f t = true.
Proof.
  intros c f t Hf Ht. rewrite inb_iff, (tbl_ok_iff _ _ (pawn_mv_ok c) f t Hf).
  pose proof (in_on_board _ Ht). tauto.
Qed.

(** Pawn pushes: the square in front, and two squares in front with the
    square passed over the only one between. *)
Lemma pawn_push_ok : forall c, forallb (fun f => forallb (fun t =>
  Bool.eqb (t =? pawn_step c f) (pawn_forward c 1 f t) &&
  (negb (relative_rank c f =? 1) ||
   (Bool.eqb (t =? pawn_step c (pawn_step c f)) (pawn_forward c 2 f t) &&
    (negb (pawn_forward c 2 f t) ||
     (inb (pawn_step c f) all_squares &&
      forallb (fun x => Bool.eqb (between f t x) (x =? pawn_step c f)) all_squares)))))
  all_squares) all_squares = true.
Proof. intros [|]; vm_compute; reflexivity. Qed.

Lemma pawn_push_facts : forall c f t, In f all_squares -> In t all_squares ->
  (t =? pawn_step c f) = pawn_forward c 1 f t /\
  ((relative_rank c f =? 1) = true ->
   (t =? pawn_step c (pawn_step c f)) = pawn_forward c 2 f t /\
   (pawn_forward c 2 f t = true -> In (pawn_step c f) all_squares /\
      forall x, In x all_squares -> between f t x = (x =? pawn_step c f))).
Proof.
  intros c f t Hf Ht. pose proof (pawn_push_ok c) as H.
  forallb_at H Hf. forallb_at H Ht.
  apply andb_true_iff in H as [H1 H2]. apply Bool.eqb_prop in H1. split; [exact H1|].
  intros Hr. rewrite Hr in H2. cbn [negb orb] in H2. apply andb_true_iff in H2 as [H2 H3].
  apply Bool.eqb_prop in H2. split; [exact H2|]. intros Hp. rewrite Hp in H3. cbn [negb orb] in H3.
  apply andb_true_iff in H3 as [H3 H4]. split; [apply inb_in, H3|].
  intros x Hx. apply Bool.eqb_prop, (forallb_in H4 Hx).
Qed.

Lemma pawn_moves_iff : forall b c f t, In f all_squares -> In t all_squares ->
  (((t =? pawn_step c f) = true /\ b t = None)
   \/ ((relative_rank c f =? 1) = true /\ (t =? pawn_step c (pawn_step c f)) = true /\
       b (pawn_step c f) = None /\ b t = None)) <->
  ((pawn_forward c 1 f t = true /\ b t = None)
   \/ ((relative_rank c f =? 1) = true /\ pawn_forward c 2 f t = true /\
       path_clear b f t /\ b t = None)).
Proof.
  intros b c f t Hf Ht. destruct (pawn_push_facts c f t Hf Ht) as [E1 E2]. rewrite E1.
  split; (intros [H|(Hr & H2 & Hm & Hbt)]; [left; exact H | right]);
    destruct (E2 Hr) as [E3 E4]; rewrite E3 in *; destruct (E4 H2) as [Hin Hb];
    (split; [exact Hr|]); (split; [exact H2|]); (split; [|exact Hbt]).
  - intros x Hx. pose proof (on_board_in _ (between_on_board _ _ _ Hx)) as Hx'.
    rewrite (Hb x Hx') in Hx. apply eqb_true in Hx. subst x. exact Hm.
  - apply Hm. rewrite (Hb _ Hin). apply eqb_same.
Qed.

Theorem man_moves_iff : forall b c r f t, In f all_squares -> In t all_squares ->
  man_moves b c r f t <-> Rules.man_moves b c r f t.
Proof.
  intros b c r f t Hf Ht. pose proof (in_on_board _ Ht) as Ht'.
  destruct r.
  - cbn [man_moves Rules.man_moves]. rewrite pawn_attacks_iff by assumption.
    pose proof (pawn_moves_iff b c f t Hf Ht). tauto.
  - simpl. rewrite inb_iff, (tbl_ok_iff _ _ knight_mv_ok f t Hf). tauto.
  - exact (slider_moves_iff b Bishop f t Hf Ht).
  - exact (slider_moves_iff b Rook f t Hf Ht).
  - exact (slider_moves_iff b Queen f t Hf Ht).
  - simpl. rewrite inb_iff, (tbl_ok_iff _ _ king_mv_ok f t Hf). tauto.
Qed.

Lemma castle_safe_in : forall c side s, In s (castle_safe c side) -> In s all_squares.
Proof.
  intros c side s H.
  assert (A : forall c side, forallb (fun s => inb s all_squares) (castle_safe c side) = true)
    by (intros [|] [|]; vm_compute; reflexivity).
  apply inb_in, (forallb_in (A c side) H).
Qed.

Theorem pseudo_legal_iff : forall Q m, pseudo_legal Q m <-> Rules.pseudo_legal Q m.
Proof.
  intros Q m. unfold pseudo_legal, Rules.pseudo_legal.
  split; intros (Hf & Ht & H); split; auto; split; auto;
    pose proof (on_board_in _ Hf) as Hf'; pose proof (on_board_in _ Ht) as Ht';
    destruct (mv_kind m).
  - destruct H as (Hp & r & H1 & H2 & H3 & H4). split; [exact Hp|].
    exists r. rewrite <- man_moves_iff by assumption. auto.
  - destruct H as (r & H1 & H2 & H3 & H4 & H5 & H6). exists r.
    rewrite <- man_moves_iff by assumption. auto 10.
  - rewrite <- pawn_attacks_iff by assumption. exact H.
  - destruct H as (Hp & side & H1 & H2 & H3 & H4 & H5 & H6 & H7). split; [exact Hp|].
    exists side. do 6 (split; [assumption|]).
    intros s Hs. rewrite <- attacked_iff by (apply (castle_safe_in _ _ _ Hs)). auto.
  - destruct H as (Hp & r & H1 & H2 & H3 & H4). split; [exact Hp|].
    exists r. rewrite man_moves_iff by assumption. auto.
  - destruct H as (r & H1 & H2 & H3 & H4 & H5 & H6). exists r.
    rewrite man_moves_iff by assumption. auto 10.
  - rewrite pawn_attacks_iff by assumption. exact H.
  - destruct H as (Hp & side & H1 & H2 & H3 & H4 & H5 & H6 & H7). split; [exact Hp|].
    exists side. do 6 (split; [assumption|]).
    intros s Hs. rewrite attacked_iff by (apply (castle_safe_in _ _ _ Hs)). auto.
Qed.

Theorem legal_move_iff : forall Q m P, legal_move Q m P <-> Rules.legal_move Q m P.
Proof.
  intros Q m P. unfold legal_move, Rules.legal_move.
  rewrite pseudo_legal_iff, in_check_iff. reflexivity.
Qed.
