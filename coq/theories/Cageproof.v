(** * Cageproof: the cage rule of Cage.v is sound.

    Headline theorems:

    - [cage_game : forall h G, game h G -> forall X C E er,
         closed_set (piece_at G) X -> cage_ok X C E -> er = King \/ er = Rook ->
         sub (word er C (piece_at G) E) (word er C (piece_at initial) E)]
      the word of a sealed cage on a game position is a subsequence of the
      initial position's;
    - [cage_refutes_sound : forall P, cage_refutes P = true -> ~ reachable P].

    ** The argument

    [cage_ok X C E]: [C] is a set of squares of the edge rank [E], and
    walking from a square of [C] in any direction the first square outside
    [C] is in [X] ([sealed_at]).  Let [X] be closed on the board of [P]
    (FrozenStepproof.v: the move [Q -> P] neither leaves nor arrives on a
    square of [X], and those squares are occupied).  Then for the kings or
    the rooks left out ([er]), the word of [C] after the move is a
    subsequence of the word before ([cage_step]):

    - every man other than a knight that arrives on a square [t] comes
      from [f] along a queen's line with the squares between empty (a
      king's step, a slider's move, a pawn's step or capture, a castling
      king's or rook's move: [arrival_line]);
    - if [t] is in [C] and [f] is not, the first square outside [C] walking
      from [t] towards [f] is in [X]: it is [f], which the move leaves, or
      a square between, which is empty: both impossible ([no_entry]);
    - so a man other than a knight arriving in [C] comes from [C], on the
      same rank, over empty squares: its letter moves in the word without
      passing another ([flat_map_move]), and any man it takes is dropped;
    - any other change of a square of [C] empties it, or puts a knight on
      it: letters are dropped ([flat_map_sub]);
    - castling moves a king and a rook; with the kings (rooks) left out,
      only the rook (king) moves, as above.

    By induction over the game the word of every position of a game is a
    subsequence of the initial position's ([cage_game]); [cage_refutes]
    finds a validated cage ([cage_valid]) whose word is not
    ([subseqb_complete]). *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck
  Reachable Invariants Stranded Frozen Frozenproof Cage.
Import ListNotations.
Open Scope uint63_scope.

(** ** Subsequences *)

Inductive sub : list piece -> list piece -> Prop :=
  | sub_nil : sub [] []
  | sub_skip : forall x w u, sub w u -> sub w (x :: u)
  | sub_take : forall x w u, sub w u -> sub (x :: w) (x :: u).

Lemma sub_nil_l : forall u, sub [] u.
Proof. induction u; [constructor | apply sub_skip; exact IHu]. Qed.

Lemma sub_refl : forall w, sub w w.
Proof. induction w; [constructor | apply sub_take; exact IHw]. Qed.

Lemma sub_cons_inv : forall x w u, sub (x :: w) u -> sub w u.
Proof.
  intros x w u H. remember (x :: w) as v eqn:E. revert x w E.
  induction H as [|y v u H IH|y v u H IH]; intros x' w' E; try discriminate.
  - apply sub_skip. exact (IH x' w' E).
  - injection E as -> ->. apply sub_skip. exact H.
Qed.

Lemma sub_trans : forall u v w, sub u v -> sub v w -> sub u w.
Proof.
  intros u v w H1 H2. revert u H1.
  induction H2 as [|x v w H IH|x v w H IH]; intros u' H1.
  - exact H1.
  - apply sub_skip. apply IH. exact H1.
  - inversion H1; subst.
    + apply sub_skip. apply IH. assumption.
    + apply sub_take. apply IH. assumption.
Qed.

Lemma sub_app : forall w1 u1 w2 u2, sub w1 u1 -> sub w2 u2 -> sub (w1 ++ w2) (u1 ++ u2).
Proof.
  intros w1 u1 w2 u2 H1 H2.
  induction H1; simpl; [exact H2 | apply sub_skip | apply sub_take]; assumption.
Qed.

Lemma sub_app_l : forall v w u, sub w u -> sub w (v ++ u).
Proof. induction v; simpl; intros w u H; [exact H | apply sub_skip; auto]. Qed.

(** The greedy test finds every subsequence. *)
Lemma subseqb_complete : forall u w, sub w u -> subseqb w u = true.
Proof.
  induction u as [|y u IH]; intros w H.
  - inversion H; reflexivity.
  - destruct w as [|x w]; [reflexivity|]. simpl.
    destruct (piece_eqb x y) eqn:E.
    + apply IH. inversion H; subst; [eapply sub_cons_inv; eassumption | assumption].
    + apply IH. inversion H; subst; [assumption|].
      rewrite (proj2 (piece_eqb_eq y y) eq_refl) in E. discriminate.
Qed.

(** ** Words of letters, square by square *)

Lemma flat_map_sub : forall (E : list int) (L L' : int -> list piece),
  (forall s, In s E -> L' s = L s \/ L' s = []) -> sub (flat_map L' E) (flat_map L E).
Proof.
  induction E as [|s E IH]; intros L L' H; simpl; [constructor|].
  apply sub_app; [|apply IH; intros x Hx; apply H; right; exact Hx].
  destruct (H s (or_introl eq_refl)) as [-> | ->]; [apply sub_refl | apply sub_nil_l].
Qed.

Lemma flat_map_eq_in : forall (E : list int) (L L' : int -> list piece),
  (forall s, In s E -> L' s = L s) -> flat_map L' E = flat_map L E.
Proof.
  induction E as [|s E IH]; intros L L' H; simpl; [reflexivity|].
  rewrite (H s (or_introl eq_refl)). f_equal. apply IH. intros x Hx. apply H. right. exact Hx.
Qed.

Lemma flat_map_nil : forall (E : list int) (L : int -> list piece),
  (forall s, In s E -> L s = []) -> flat_map L E = [].
Proof.
  induction E as [|s E IH]; intros L H; simpl; [reflexivity|].
  rewrite (H s (or_introl eq_refl)). apply IH. intros x Hx. apply H. right. exact Hx.
Qed.

(** A letter moves from [f] to [t] over squares without letters (and the
    letter on [t], if any, is dropped). *)
Lemma flat_map_move : forall a mm c f t (L L' : int -> list piece),
  (forall s, In s (a ++ mm ++ c) -> L' s = L s) -> L' f = [] -> L' t = L f ->
  (forall s, In s mm -> L s = []) ->
  sub (flat_map L' (a ++ f :: mm ++ t :: c)) (flat_map L (a ++ f :: mm ++ t :: c)) /\
  sub (flat_map L' (a ++ t :: mm ++ f :: c)) (flat_map L (a ++ t :: mm ++ f :: c)).
Proof.
  intros a mm c f t L L' Hs Hf Ht Hm.
  assert (Ea : flat_map L' a = flat_map L a)
    by (apply flat_map_eq_in; intros s H; apply Hs; apply in_or_app; left; exact H).
  assert (Ec : flat_map L' c = flat_map L c)
    by (apply flat_map_eq_in; intros s H; apply Hs; apply in_or_app; right; apply in_or_app; right; exact H).
  assert (Em : flat_map L mm = []) by (apply flat_map_nil; exact Hm).
  assert (Em' : flat_map L' mm = []).
  { apply flat_map_nil. intros s H. rewrite Hs by (apply in_or_app; right; apply in_or_app; left; exact H).
    apply Hm, H. }
  rewrite !flat_map_app. simpl. rewrite !flat_map_app. simpl.
  rewrite Ea, Ec, Em, Em', Hf, Ht. simpl.
  split; apply sub_app; try apply sub_refl.
  - apply sub_app; [apply sub_refl | apply sub_app_l, sub_refl].
  - apply sub_app_l, sub_refl.
Qed.

Lemma split_two : forall (E : list int) f t, In f E -> In t E -> f <> t ->
  exists a mm c, E = a ++ f :: mm ++ t :: c \/ E = a ++ t :: mm ++ f :: c.
Proof.
  intros E f t Hf Ht Hne. apply in_split in Hf as (a & r & ->).
  apply in_app_or in Ht as [Ht|[Ht|Ht]].
  - apply in_split in Ht as (a1 & a2 & ->). exists a1, a2, r. right. rewrite <- app_assoc. reflexivity.
  - congruence.
  - apply in_split in Ht as (mm & c & ->). exists a, mm, c. left. reflexivity.
Qed.

(** On an edge rank, the squares listed between two squares are between
    them on the board. *)
Fixpoint btw_from (f : int) (seen l : list int) : bool :=
  match l with
  | [] => true
  | t :: l' => forallb (fun s => between f t s && between t f s) seen && btw_from f (seen ++ [t]) l'
  end.

Fixpoint btw_ok (l : list int) : bool :=
  match l with [] => true | f :: l' => btw_from f [] l' && btw_ok l' end.

Lemma btw_from_spec : forall l f seen, btw_from f seen l = true ->
  forall mm t c s, l = mm ++ t :: c -> In s (seen ++ mm) -> between f t s = true /\ between t f s = true.
Proof.
  induction l as [|x l IH]; intros f seen H mm t c s E Hs; [destruct mm; discriminate|].
  simpl in H. apply andb_true_iff in H as [H1 H2].
  destruct mm as [|y mm]; simpl in E; injection E as -> E.
  - rewrite app_nil_r in Hs. apply andb_true_iff, (forallb_in H1 Hs).
  - apply (IH f (seen ++ [y]) H2 mm t c s E). rewrite <- app_assoc. exact Hs.
Qed.

Lemma btw_ok_spec : forall l, btw_ok l = true ->
  forall a f mm t c s, l = a ++ f :: mm ++ t :: c -> In s mm -> between f t s = true /\ between t f s = true.
Proof.
  induction l as [|x l IH]; intros H a f mm t c s E Hs; [destruct a; discriminate|].
  simpl in H. apply andb_true_iff in H as [H1 H2].
  destruct a as [|y a]; simpl in E; injection E as -> E.
  - exact (btw_from_spec l f [] H1 mm t c s E Hs).
  - exact (IH H2 a f mm t c s E Hs).
Qed.

(** ** Facts about the edge ranks, checked by computation *)

Definition edge (E : list int) : Prop := E = rank1 \/ E = rank8.

Lemma edge_facts : forall E, edge E ->
  NoDup E /\ btw_ok E = true /\ incl E all_squares /\ (forall s, In s E -> rank_ok s = false).
Proof.
  intros E [-> | ->]; (split; [apply nodupb_NoDup; vm_compute; reflexivity|]);
    (split; [vm_compute; reflexivity|]); split;
    (intros s Hs; simpl in Hs; repeat destruct Hs as [<-|Hs]; [..|contradiction]);
    first [vm_compute; reflexivity | vm_compute; tauto].
Qed.

(** In a list without duplicates split at [x] and [y], the other members
    are neither. *)
Lemma split_apart : forall (a : list int) x mm y c, NoDup (a ++ x :: mm ++ y :: c) ->
  forall s, In s (a ++ mm ++ c) -> In s (a ++ x :: mm ++ y :: c) /\ s <> x /\ s <> y.
Proof.
  intros a x mm y c Hn s Hsin. split; [|split].
  - apply in_app_or in Hsin as [H|H]; apply in_or_app; [left; exact H | right; right].
    apply in_app_or in H as [H|H]; apply in_or_app; [left; exact H | right; right; exact H].
  - intros ->. apply NoDup_remove_2 in Hn. apply Hn.
    apply in_app_or in Hsin as [H|H]; apply in_or_app; [left; exact H | right].
    apply in_app_or in H as [H|H]; apply in_or_app; [left; exact H | right; right; exact H].
  - intros ->. rewrite app_comm_cons, app_assoc in Hn. apply NoDup_remove_2 in Hn. apply Hn.
    apply in_app_or in Hsin as [H|H]; apply in_or_app; [left; apply in_or_app; left; exact H|].
    apply in_app_or in H as [H|H]; [left; apply in_or_app; right; right; exact H | right; exact H].
Qed.

(** A letter moves along an edge rank from [f] to [t], over squares
    without letters. *)
Lemma edge_move : forall E f t (L L' : int -> list piece), edge E -> In f E -> In t E -> f <> t ->
  (forall s, In s E -> s <> f -> s <> t -> L' s = L s) -> L' f = [] -> L' t = L f ->
  (forall x, In x all_squares -> between f t x = true -> between t f x = true -> L x = []) ->
  sub (flat_map L' E) (flat_map L E).
Proof.
  intros E f t L L' HE Hf Ht Hft Hs Hf' Ht' Hx.
  destruct (edge_facts E HE) as (HndE & Hbtw & Hall & _).
  destruct (split_two E f t Hf Ht Hft) as (a & mm & c & [Esp|Esp]); rewrite Esp in *.
  - assert (Hn : NoDup (a ++ f :: mm ++ t :: c)) by exact HndE.
    apply (flat_map_move a mm c f t L L'); try assumption.
    + intros s Hsin. destruct (split_apart a f mm t c Hn s Hsin) as (Hin & H1 & H2). auto.
    + intros s Hsm. destruct (btw_ok_spec _ Hbtw a f mm t c s eq_refl Hsm) as (B1 & B2). apply Hx.
      * apply Hall. apply in_or_app. right. right. apply in_or_app. left. exact Hsm.
      * exact B1.
      * exact B2.
  - assert (Hn : NoDup (a ++ t :: mm ++ f :: c)) by exact HndE.
    apply (flat_map_move a mm c f t L L'); try assumption.
    + intros s Hsin. destruct (split_apart a t mm f c Hn s Hsin) as (Hin & H1 & H2). auto.
    + intros s Hsm. destruct (btw_ok_spec _ Hbtw a t mm f c s eq_refl Hsm) as (B1 & B2). apply Hx.
      * apply Hall. apply in_or_app. right. right. apply in_or_app. left. exact Hsm.
      * exact B2.
      * exact B1.
Qed.

(** ** Geometry: a man other than a knight arrives along a queen's line *)

Lemma line_queen : forall r s t, line r s t = true -> line Queen s t = true.
Proof.
  intros r s t. unfold line. cbv zeta.
  destruct (negb (s =? t)); [|discriminate]. simpl.
  destruct r; intros H; try discriminate; rewrite ?H, ?orb_true_r; reflexivity.
Qed.

Definition no_between (f t : int) : bool := forallb (fun x => negb (between f t x)) all_squares.

Lemma king_line_ok : forallb (fun f => forallb (fun t =>
    negb (inb t king_targets.[f]) ||| (line Queen f t &&& no_between f t)) all_squares) all_squares = true.
Proof. vm_compute. reflexivity. Qed.

Lemma pawn_line_ok : forall c, forallb (fun f => forallb (fun t =>
    (negb (t =? pawn_step c f) ||| (line Queen f t &&& no_between f t)) &&&
    (negb (inb t (pawn_attacks c f)) ||| (line Queen f t &&& no_between f t)) &&&
    (negb (t =? pawn_step c (pawn_step c f)) |||
       (line Queen f t &&& forallb (fun x => negb (between f t x) ||| (x =? pawn_step c f)) all_squares)))
    all_squares) all_squares = true.
Proof. intros [|]; vm_compute; reflexivity. Qed.

Lemma castle_rook_not_empty : forall c side, ~ In (castle_rook_from c side) (castle_empty c side).
Proof. intros c side H. apply in_inb in H. revert H. destruct c, side; vm_compute; discriminate. Qed.

Lemma between_ends : forall s t x, between s t x = true -> x <> s /\ x <> t.
Proof.
  intros s t x H. unfold between in H. rewrite !andb_true_iff in H.
  destruct H as (((((_ & H1) & H2) & _) & _) & _). apply negb_true_iff in H1, H2.
  split; intros ->; rewrite eqb_same in *; discriminate.
Qed.

Lemma castle_line_ok : forall c side,
  line Queen (castle_king_from c) (castle_king_to c side) = true /\
  line Queen (castle_rook_from c side) (castle_rook_to c side) = true /\
  (forall x, In x all_squares -> between (castle_king_from c) (castle_king_to c side) x = true ->
     In x (castle_empty c side)) /\
  (forall x, In x all_squares -> between (castle_rook_from c side) (castle_rook_to c side) x = true ->
     In x (castle_empty c side)).
Proof.
  intros c side.
  assert (H : forallb (fun x =>
    (negb (between (castle_king_from c) (castle_king_to c side) x) ||| inb x (castle_empty c side)) &&&
    (negb (between (castle_rook_from c side) (castle_rook_to c side) x) ||| inb x (castle_empty c side)))
    all_squares = true) by (destruct c, side; vm_compute; reflexivity).
  split; [destruct c, side; vm_compute; reflexivity|].
  split; [destruct c, side; vm_compute; reflexivity|].
  split; intros x Hx Hb; pose proof (forall_squares _ H x Hx) as E; cbv beta in E; rewrite Hb in E;
    cbn [negb] in E; split_lazy; apply inb_in; assumption.
Qed.

(** The squares between a man's origin and target are empty, on a queen's
    line, for every move of a man other than a knight. *)
Definition clear_line (b : board_fn) (f t : int) : Prop :=
  line Queen f t = true /\ forall x, In x all_squares -> between f t x = true -> b x = None.

Lemma no_between_clear : forall b f t, line Queen f t = true -> no_between f t = true -> clear_line b f t.
Proof.
  intros b f t Hl Hn. split; [exact Hl|]. intros x Hx Hb.
  unfold no_between in Hn. forallb_at Hn Hx. rewrite Hb in Hn.
  discriminate.
Qed.

Lemma arrival_line : forall b c r f t, In f all_squares -> In t all_squares -> r <> Knight ->
  RulesFast.man_moves b c r f t -> clear_line b f t.
Proof.
  intros b c r f t Hf Ht Hn Hm.
  destruct r; [| contradiction | | | |].
  - pose proof (pawn_line_ok c) as H.
    pose proof (forall_squares _ H f Hf) as H1. cbv beta in H1. forallb_at H1 Ht.
    apply lazy_and_true in H1 as [H12 H3]. apply lazy_and_true in H12 as [H1 H2].
    destruct Hm as [(Es & _)|[(_ & Ed & Hmid & _)|(Ea & _)]].
    + rewrite Es in H1. cbn [negb] in H1. apply lazy_and_true in H1 as [Hl Hnb].
      apply no_between_clear; assumption.
    + rewrite Ed in H3. cbn [negb] in H3. apply lazy_and_true in H3 as [Hl Hx].
      split; [exact Hl|]. intros x Hx' Hb. forallb_at Hx Hx'.
      rewrite Hb in Hx. cbn [negb] in Hx. apply eqb_true in Hx. subst x. exact Hmid.
    + rewrite Ea in H2. cbn [negb] in H2. apply lazy_and_true in H2 as [Hl Hnb].
      apply no_between_clear; assumption.
  - apply slider_moves_iff in Hm; [|exact Hf|exact Ht]. destruct Hm as [Hl Hc].
    split; [apply (line_queen Bishop), Hl|]. intros x _ Hx. apply Hc, Hx.
  - apply slider_moves_iff in Hm; [|exact Hf|exact Ht]. destruct Hm as [Hl Hc].
    split; [apply (line_queen Rook), Hl|]. intros x _ Hx. apply Hc, Hx.
  - apply slider_moves_iff in Hm; [|exact Hf|exact Ht]. destruct Hm as [Hl Hc].
    split; [exact Hl|]. intros x _ Hx. apply Hc, Hx.
  - pose proof (forall_squares _ king_line_ok f Hf) as H. cbv beta in H. forallb_at H Ht.
    simpl in Hm. rewrite Hm in H. cbn [negb] in H. split_lazy.
    apply no_between_clear; assumption.
Qed.

Lemma sealed_ray_split : forall (Z X : int -> bool) a f c, sealed_ray Z X (a ++ f :: c) = true ->
  Z f = false -> exists s, (In s a \/ s = f) /\ X s = true.
Proof.
  intros Z X a f c. induction a as [|y a IH]; simpl; intros H Zf.
  - rewrite Zf in H. exists f. auto.
  - destruct (Z y) eqn:Zy.
    + destruct (IH H Zf) as (s & Hs & Xs). exists s. split; [tauto | exact Xs].
    + exists y. auto.
Qed.

(** ** One move *)

Definition cage_ok (X : int -> bool) (C E : list int) : Prop :=
  edge E /\ (forall s, In s C -> In s E) /\
  (forall s, In s C -> sealed_at (fun x => inb x C) X s = true).

Section CageStep.

Context (Q P : position) (m : move) (X : int -> bool) (C E : list int).
Context (Hl : legal_move Q m P) (HQ : inv Q = true).
(** The squares of [X] hold the same man before and after the move. *)
Context (HF : forall s, In s all_squares -> X s = true -> piece_at Q s = piece_at P s /\ piece_at P s <> None).
Context (HC : cage_ok X C E).

Let b := piece_at Q.
Let b' := piece_at P.

(** No man other than a knight comes into the cage from outside. *)
Lemma no_entry : forall f t, In f all_squares -> In t all_squares -> inb t C = true -> inb f C = false ->
  clear_line b f t -> b f <> None -> b' f = None -> False.
Proof.
  intros f t Hf Ht Zt Zf (Hline & Hclear) Hbf Hb'f.
  destruct HC as (_ & _ & Hseal).
  destruct (line_ray Queen f t Hf Ht Hline) as (_ & d & Hd & Hin).
  apply in_split in Hin as (a & c & Er).
  pose proof (slider_dirs_in _ _ Hd) as Hd'.
  destruct (ray_facts d t a f c Hd' Ht Er) as (_ & Hb & _).
  assert (Hs : sealed_ray (fun x => inb x C) X (ray d t) = true).
  { pose proof (Hseal t (inb_in _ _ Zt)) as H. unfold sealed_at in H.
    exact (forallb_in H Hd'). }
  rewrite Er in Hs. destruct (sealed_ray_split _ _ a f c Hs Zf) as (s & [Hsa | ->] & Xs).
  - assert (Hs' : In s all_squares)
      by (apply (ray_on_board d t s Hd' Ht); rewrite Er; apply in_or_app; left; exact Hsa).
    assert (Hbs : b s = None) by (apply Hclear; [exact Hs' | apply (proj2 (Hb s Hs')), Hsa]).
    destruct (HF s Hs' Xs) as (Hk & Ho). apply Ho. rewrite <- Hk. exact Hbs.
  - apply Hbf. unfold b. rewrite (proj1 (HF f Hf Xs)). exact Hb'f.
Qed.

(** Nor does one leave it. *)
Lemma no_exit : forall f t, In f all_squares -> In t all_squares -> inb f C = true -> inb t C = false ->
  clear_line b f t -> b' t <> b t -> False.
Proof.
  intros f t Hf Ht Zf Zt (Hline & Hclear) Harr.
  destruct HC as (_ & _ & Hseal).
  destruct (line_ray Queen f t Hf Ht Hline) as (Hline' & _).
  destruct (line_ray Queen t f Ht Hf Hline') as (_ & d & Hd & Hin).
  apply in_split in Hin as (a & c & Er).
  pose proof (slider_dirs_in _ _ Hd) as Hd'.
  destruct (ray_facts d f a t c Hd' Hf Er) as (_ & Hb & _).
  assert (Hs : sealed_ray (fun x => inb x C) X (ray d f) = true).
  { pose proof (Hseal f (inb_in _ _ Zf)) as H. unfold sealed_at in H.
    exact (forallb_in H Hd'). }
  rewrite Er in Hs. destruct (sealed_ray_split _ _ a t c Hs Zt) as (s & [Hsa | ->] & Xs).
  - assert (Hs' : In s all_squares)
      by (apply (ray_on_board d f s Hd' Hf); rewrite Er; apply in_or_app; left; exact Hsa).
    assert (Hbs : b s = None) by (apply Hclear; [exact Hs' | apply (proj1 (Hb s Hs')), Hsa]).
    destruct (HF s Hs' Xs) as (Hk & Ho). apply Ho. rewrite <- Hk. exact Hbs.
  - apply Harr. symmetry. exact (proj1 (HF t Ht Xs)).
Qed.

Lemma no_pawn_in_cage : forall s c, In s C -> b s <> Some (MkPiece c Pawn).
Proof.
  intros s c Hs Hb. destruct HC as (HE & HCE & _).
  destruct (edge_facts E HE) as (_ & _ & Hall & Hrk).
  assert (HsE : In s E) by (apply HCE, Hs).
  pose proof (pawns_ok_inv Q HQ s c (Hall s HsE) Hb) as H. rewrite (Hrk s HsE) in H. discriminate.
Qed.

Theorem cage_step : forall er, er = King \/ er = Rook -> sub (word er C b' E) (word er C b E).
Proof.
  intros er Her. unfold word.
  destruct HC as (HE & HCE & Hseal).
  destruct (edge_facts E HE) as (HndE & Hbtw & Hall & Hrk).
  set (L := fun s => if inb s C then letter er (b s) else []).
  set (L' := fun s => if inb s C then letter er (b' s) else []).
  (* a letter that moves along the rank, over empty squares, from one
     square of the cage to another *)
  assert (Hmove : forall f t, In f C -> In t C -> f <> t ->
            (forall s, In s E -> s <> f -> s <> t -> L' s = L s) -> L' f = [] -> L' t = L f ->
            (forall x, In x all_squares -> between f t x = true -> L x = []) ->
            sub (flat_map L' E) (flat_map L E)).
  { intros f t Hf Ht Hft Hs Hf' Ht' Hx.
    apply (edge_move E f t L L' HE (HCE f Hf) (HCE t Ht) Hft Hs Hf' Ht').
    intros x Hx' B _. exact (Hx x Hx' B). }
  (* the letters of an empty square, or of a knight *)
  assert (Lnone : forall s o, (o = None \/ exists c, o = Some (MkPiece c Knight)) ->
            (if inb s C then letter er o else []) = []).
  { intros s o [->|(c & ->)]; destruct (inb s C); reflexivity. }
  pose proof (ep_inv_of Q HQ) as Hep.
  pose proof Hl as (Hps & _). unfold pseudo_legal in Hps. destruct Hps as (_ & _ & Hps).
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  fold b b' in Hk, Hps. set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - (* a man's move *)
    clear Hr7 Htg.
    destruct (role_eqb r Knight) eqn:EN.
    + apply role_eqb_eq in EN. subst r. apply flat_map_sub. intros s Hs.
      destruct (Uint63.eqs s f) as [->|Hsf]; [right; apply Lnone; left; exact Hb'f|].
      destruct (Uint63.eqs s t) as [->|Hst]; [right; apply Lnone; right; exists us; exact Hb't|].
      left. unfold L, L'. rewrite Hsame by auto. reflexivity.
    + assert (Hn : r <> Knight) by (intros ->; discriminate).
      assert (Hcl : clear_line b f t) by exact (arrival_line b us r f t Hf Ht Hn Hmm).
      destruct (inb t C) eqn:Zt.
      * destruct (inb f C) eqn:Zf.
        -- apply (Hmove f t (inb_in _ _ Zf) (inb_in _ _ Zt) Hft).
           ++ intros s Hs Hsf Hst. unfold L, L'. rewrite Hsame by auto. reflexivity.
           ++ apply Lnone. left. exact Hb'f.
           ++ unfold L, L'. rewrite Zf, Zt, Hb't, Hbf. reflexivity.
           ++ intros x Hx Hb. apply Lnone. left. apply (proj2 Hcl x Hx Hb).
        -- exfalso. apply (no_entry f t Hf Ht Zt Zf Hcl); [congruence | exact Hb'f].
      * apply flat_map_sub. intros s Hs.
        destruct (Uint63.eqs s f) as [->|Hsf]; [right; apply Lnone; left; exact Hb'f|].
        destruct (Uint63.eqs s t) as [->|Hst]; [right; unfold L'; rewrite Zt; reflexivity|].
        left. unfold L, L'. rewrite Hsame by auto. reflexivity.
  - (* a promotion *)
    destruct Hps as (r' & _ & _ & _ & _ & _ & Hmm).
    destruct (inb t C) eqn:Zt.
    + exfalso. destruct (inb f C) eqn:Zf.
      * exact (no_pawn_in_cage f us (inb_in _ _ Zf) Hbf).
      * assert (Hcl : clear_line b f t) by (apply (arrival_line b us Pawn f t Hf Ht); [discriminate | exact Hmm]).
        apply (no_entry f t Hf Ht Zt Zf Hcl); [congruence | exact Hb'f].
    + apply flat_map_sub. intros s Hs.
      destruct (Uint63.eqs s f) as [->|Hsf]; [right; apply Lnone; left; exact Hb'f|].
      destruct (Uint63.eqs s t) as [->|Hst]; [right; unfold L'; rewrite Zt; reflexivity|].
      left. unfold L, L'. rewrite Hsame by auto. reflexivity.
  - (* en passant: its target is not on an edge rank *)
    assert (Zt : inb t C = false).
    { destruct (inb t C) eqn:Zt; [|reflexivity]. exfalso.
      rewrite (Hrk t (HCE t (inb_in _ _ Zt))) in Hrt. discriminate. }
    apply flat_map_sub. intros s Hs.
    destruct (Uint63.eqs s f) as [->|Hsf]; [right; apply Lnone; left; exact Hb'f|].
    destruct (Uint63.eqs s (ep_victim us t)) as [->|Hsv]; [right; apply Lnone; left; exact Hb'v|].
    destruct (Uint63.eqs s t) as [->|Hst]; [right; unfold L'; rewrite Zt; reflexivity|].
    left. unfold L, L'. rewrite Hsame by auto. reflexivity.
  - (* castling: with the kings left out only the rook moves, with the
       rooks left out only the king *)
    destruct Hps as (_ & side' & Ef & Et & _ & _ & _ & Hempty & _).
    assert (Eside : side' = side).
    { rewrite Htk in Et. destruct us, side, side'; try reflexivity; vm_compute in Et; discriminate. }
    subst side'.
    set (rf := castle_rook_from us side) in *. set (rt := castle_rook_to us side) in *.
    destruct (castle_line_ok us side) as (Lk & Lr & Bk & Br).
    assert (Hin : forall s, In s all_squares -> ~ In s [f; t; rf; rt] -> L' s = L s).
    { intros s Hs Hn. unfold L, L'. rewrite Hsame by auto. reflexivity. }
    assert (Hkr : forall s, s = f \/ s = t -> s <> rf /\ s <> rt).
    { intros s Hs. simpl in Hnd. apply NoDup_cons_iff in Hnd.
      destruct Hnd as (N1 & N2). apply NoDup_cons_iff in N2. destruct N2 as (N2 & _). simpl in N1, N2.
      destruct Hs as [->| ->]; split; intros Eq; rewrite Eq in *; tauto. }
    (* the man of role [mv] moves from [x] to [y]; the other's squares
       [o1], [o2] show no letter before or after *)
    assert (Hone : forall x y o1 o2 rx,
              b x = Some (MkPiece us rx) -> b' x = None -> b' y = Some (MkPiece us rx) -> b y = None ->
              x <> y -> In x all_squares -> In y all_squares ->
              line Queen x y = true -> (forall z, In z all_squares -> between x y z = true -> b z = None) ->
              (forall s, In s all_squares -> s <> x -> s <> y -> s <> o1 -> s <> o2 -> L' s = L s) ->
              L' o1 = [] -> L o1 = [] -> L' o2 = [] -> L o2 = [] ->
              sub (flat_map L' E) (flat_map L E)).
    { intros x y o1 o2 rx Hbx Hb'x Hb'y Hby Hxy Hx Hy Hline Hclr Hoth O1 O1' O2 O2'.
      assert (Hs : forall s, In s E -> s <> x -> s <> y -> L' s = L s).
      { intros s Hs Hsx Hsy.
        destruct (Uint63.eqs s o1) as [->|H1]; [congruence|].
        destruct (Uint63.eqs s o2) as [->|H2]; [congruence|]. apply Hoth; auto. }
      destruct (inb y C) eqn:Zy.
      - destruct (inb x C) eqn:Zx.
        + apply (Hmove x y (inb_in _ _ Zx) (inb_in _ _ Zy) Hxy Hs).
          * apply Lnone. left. exact Hb'x.
          * unfold L, L'. rewrite Zx, Zy, Hb'y, Hbx. reflexivity.
          * intros z Hz Hb. apply Lnone. left. apply (Hclr z Hz Hb).
        + exfalso. apply (no_entry x y Hx Hy Zy Zx (conj Hline Hclr)); [congruence | exact Hb'x].
      - apply flat_map_sub. intros s HsE.
        destruct (Uint63.eqs s x) as [->|Hsx]; [right; apply Lnone; left; exact Hb'x|].
        destruct (Uint63.eqs s y) as [->|Hsy]; [right; unfold L'; rewrite Zy; reflexivity|].
        left. exact (Hs s HsE Hsx Hsy). }
    assert (Hrf : In rf all_squares) by (apply Hincl; simpl; tauto).
    assert (Hrt : In rt all_squares) by (apply Hincl; simpl; tauto).
    assert (Hletter : forall s rr, (er = rr) -> (b s = None \/ b s = Some (MkPiece us rr)) ->
              (b' s = None \/ b' s = Some (MkPiece us rr)) -> L' s = [] /\ L s = []).
    { intros s rr <- Hb1 Hb2. unfold L, L'.
      destruct (inb s C); [|split; reflexivity].
      destruct Hb1 as [-> | ->], Hb2 as [-> | ->]; simpl; rewrite ?(proj2 (role_eqb_eq er er) eq_refl);
        destruct er; split; reflexivity. }
    destruct Her as [-> | ->].
    + (* kings left out: the rook moves *)
      destruct (Hkr f (or_introl eq_refl)) as (Hfr & Hfr').
      destruct (Hkr t (or_intror eq_refl)) as (Htr & Htr').
      destruct (Hletter f King eq_refl (or_intror Hbf) (or_introl Hb'f)) as (O1 & O1').
      destruct (Hletter t King eq_refl (or_introl Hbt) (or_intror Hb't)) as (O2 & O2').
      apply (Hone rf rt f t Rook Hbr Hb'r Hb'rt Hbrt); try assumption.
      * intros Eq. rewrite Eq in *. simpl in Hnd. apply NoDup_cons_iff in Hnd as (_ & Hnd).
        apply NoDup_cons_iff in Hnd as (_ & Hnd). apply NoDup_cons_iff in Hnd as (Hnd & _).
        simpl in Hnd. tauto.
      * intros z Hz Hb. apply Hempty, (Br z Hz Hb).
      * intros s Hs H1 H2 H3 H4. apply Hin; [exact Hs|]. simpl. intuition congruence.
    + (* rooks left out: the king moves *)
      destruct (Hkr f (or_introl eq_refl)) as (Hfr & Hfr').
      destruct (Hkr t (or_intror eq_refl)) as (Htr & Htr').
      destruct (Hletter rf Rook eq_refl (or_intror Hbr) (or_introl Hb'r)) as (O1 & O1').
      destruct (Hletter rt Rook eq_refl (or_introl Hbrt) (or_intror Hb'rt)) as (O2 & O2').
      apply (Hone f t rf rt King Hbf Hb'f Hb't Hbt); try assumption.
      * intros Eq. rewrite Eq in *. simpl in Hnd. apply NoDup_cons_iff in Hnd as (Hnd & _). simpl in Hnd. tauto.
      * rewrite Hfk, Htk. exact Lk.
      * intros z Hz Hb. apply Hempty. rewrite Hfk, Htk in Hb. apply (Bk z Hz Hb).
      * intros s Hs H1 H2 H3 H4. apply Hin; [exact Hs|]. simpl. intuition congruence.
Qed.

(** No king leaves the cage or is taken: the kings before the move are a
    subsequence of (in fact, the same as) the kings after it. *)
Theorem kings_step : sub (kings C b E) (kings C b' E).
Proof.
  unfold kings.
  destruct HC as (HE & HCE & Hseal).
  destruct (edge_facts E HE) as (_ & _ & Hall & _).
  set (L := fun s => if inb s C then king_letter (b s) else []).
  set (L' := fun s => if inb s C then king_letter (b' s) else []).
  assert (Lnk : forall s o, (forall c, o <> Some (MkPiece c King)) ->
            (if inb s C then king_letter o else []) = []).
  { intros s o H. destruct (inb s C); [|reflexivity]. destruct o as [[c r]|]; [|reflexivity].
    destruct r; try reflexivity. exfalso. exact (H c eq_refl). }
  assert (Same : (forall s, In s E -> L' s = L s) -> sub (flat_map L E) (flat_map L' E)).
  { intros H. rewrite (flat_map_eq_in E L L'); [apply sub_refl|]. exact H. }
  (* a king moves from [f] to [t] inside the cage: its letter moves back *)
  assert (Hking : forall f t rr, In f C -> In t C -> f <> t ->
            (forall s, In s E -> s <> f -> s <> t -> L s = L' s) ->
            (forall c, b t <> Some (MkPiece c King)) -> b f = Some (MkPiece rr King) ->
            b' t = Some (MkPiece rr King) ->
            (forall x, In x all_squares -> between f t x = true -> forall c, b' x <> Some (MkPiece c King)) ->
            sub (flat_map L E) (flat_map L' E)).
  { intros f t rr Hf Ht Hft Hs Htk Hbf Hb't Hx.
    apply (edge_move E t f L' L HE (HCE t Ht) (HCE f Hf) (not_eq_sym Hft)).
    - intros s Hs' H1 H2. exact (Hs s Hs' H2 H1).
    - apply Lnk, Htk.
    - unfold L, L'. rewrite (in_inb _ _ Hf), (in_inb _ _ Ht), Hbf, Hb't. reflexivity.
    - intros x Hx' _ B. apply Lnk, (Hx x Hx' B). }
  assert (Hnk : forall o r c, o = Some (MkPiece c r) -> r <> King -> forall c', o <> Some (MkPiece c' King)).
  { intros o r c -> Hr c' Eo. injection Eo as _ Eo. exact (Hr Eo). }
  pose proof (ep_inv_of Q HQ) as Hep.
  pose proof Hl as (Hps & _). unfold pseudo_legal in Hps. destruct Hps as (_ & _ & Hps).
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  fold b b' in Hk, Hps. set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (Htarget : target_ok b us t -> forall c, b t <> Some (MkPiece c King)).
  { intros Htg c Eo. unfold target_ok in Htg. rewrite Eo in Htg. destruct Htg as (_ & Hk'). exact (Hk' eq_refl). }
  shape_inv Hk.
  - (* a man's move *)
    clear Hr7.
    assert (Htk := Htarget Htg).
    destruct (role_eqb r King) eqn:EK.
    + apply role_eqb_eq in EK. subst r.
      assert (Hcl : clear_line b f t) by (apply (arrival_line b us King f t Hf Ht); [discriminate | exact Hmm]).
      destruct (inb f C) eqn:Zf, (inb t C) eqn:Zt.
      * apply (Hking f t us (inb_in _ _ Zf) (inb_in _ _ Zt) Hft); try assumption.
        -- intros s Hs H1 H2. unfold L, L'. rewrite Hsame by auto. reflexivity.
        -- intros x Hx B c Eo. destruct (between_ends f t x B) as (Hxf & Hxt).
           rewrite Hsame in Eo by assumption. rewrite (proj2 Hcl x Hx B) in Eo. discriminate.
      * exfalso. apply (no_exit f t Hf Ht Zf Zt Hcl). rewrite Hb't. intros Eo. apply (Htk us). symmetry. exact Eo.
      * exfalso. apply (no_entry f t Hf Ht Zt Zf Hcl); [congruence | exact Hb'f].
      * apply Same. intros s Hs.
        destruct (Uint63.eqs s f) as [->|Hsf]; [unfold L, L'; rewrite Zf; reflexivity|].
        destruct (Uint63.eqs s t) as [->|Hst]; [unfold L, L'; rewrite Zt; reflexivity|].
        unfold L, L'. rewrite Hsame by auto. reflexivity.
    + assert (Hr : r <> King) by (intros ->; discriminate).
      apply Same. intros s Hs.
      destruct (Uint63.eqs s f) as [->|Hsf].
      { unfold L, L'. rewrite (Lnk f (b' f)) by (rewrite Hb'f; discriminate).
        rewrite (Lnk f (b f)) by (exact (Hnk _ _ _ Hbf Hr)). reflexivity. }
      destruct (Uint63.eqs s t) as [->|Hst].
      { unfold L, L'. rewrite (Lnk t (b' t)) by (exact (Hnk _ _ _ Hb't Hr)).
        rewrite (Lnk t (b t)) by exact Htk. reflexivity. }
      unfold L, L'. rewrite Hsame by auto. reflexivity.
  - (* a promotion *)
    assert (Htk := Htarget Htg).
    assert (Hr' : r <> King) by (intros ->; simpl in Hr; intuition discriminate).
    apply Same. intros s Hs.
    destruct (Uint63.eqs s f) as [->|Hsf].
    { unfold L, L'. rewrite (Lnk f (b' f)) by (rewrite Hb'f; discriminate).
      rewrite (Lnk f (b f)) by (exact (Hnk _ _ _ Hbf ltac:(discriminate))). reflexivity. }
    destruct (Uint63.eqs s t) as [->|Hst].
    { unfold L, L'. rewrite (Lnk t (b' t)) by (exact (Hnk _ _ _ Hb't Hr')).
      rewrite (Lnk t (b t)) by exact Htk. reflexivity. }
    unfold L, L'. rewrite Hsame by auto. reflexivity.
  - (* en passant *)
    apply Same. intros s Hs.
    destruct (Uint63.eqs s f) as [->|Hsf].
    { unfold L, L'. rewrite (Lnk f (b' f)) by (rewrite Hb'f; discriminate).
      rewrite (Lnk f (b f)) by (exact (Hnk _ _ _ Hbf ltac:(discriminate))). reflexivity. }
    destruct (Uint63.eqs s (ep_victim us t)) as [->|Hsv].
    { unfold L, L'. rewrite (Lnk _ (b' _)) by (rewrite Hb'v; discriminate).
      rewrite (Lnk _ (b _)) by (exact (Hnk _ _ _ Hbv ltac:(discriminate))). reflexivity. }
    destruct (Uint63.eqs s t) as [->|Hst].
    { unfold L, L'. rewrite (Lnk t (b' t)) by (exact (Hnk _ _ _ Hb't ltac:(discriminate))).
      rewrite (Lnk t (b t)) by (rewrite Hbt; discriminate). reflexivity. }
    unfold L, L'. rewrite Hsame by auto. reflexivity.
  - (* castling: the king moves inside the cage, or outside it *)
    destruct Hps as (_ & side' & Ef & Et & _ & _ & _ & Hempty & _).
    assert (Eside : side' = side).
    { rewrite Htk in Et. destruct us, side, side'; try reflexivity; vm_compute in Et; discriminate. }
    subst side'.
    set (rf := castle_rook_from us side) in *. set (rt := castle_rook_to us side) in *.
    destruct (castle_line_ok us side) as (Lk & _ & Bk & _).
    pose proof (castle_rook_not_empty us side) as Nrf. fold rf in Nrf.
    assert (Bft : forall x, In x all_squares -> between f t x = true -> In x (castle_empty us side)).
    { intros x Hx B. rewrite Hfk, Htk in B. exact (Bk x Hx B). }
    assert (Hcl : clear_line b f t).
    { split; [rewrite Hfk, Htk; exact Lk|]. intros x Hx B. apply Hempty, (Bft x Hx B). }
    assert (R1 : L rf = [] /\ L' rf = []).
    { unfold L, L'. split; apply Lnk; [rewrite Hbr | rewrite Hb'r]; intros c Eo;
        [injection Eo as _ Eo|]; discriminate. }
    assert (R2 : L rt = [] /\ L' rt = []).
    { unfold L, L'. split; apply Lnk; [rewrite Hbrt | rewrite Hb'rt]; intros c Eo;
        [|injection Eo as _ Eo]; discriminate. }
    assert (Hothers : forall s, In s E -> s <> f -> s <> t -> L s = L' s).
    { intros s Hs H1 H2.
      destruct (Uint63.eqs s rf) as [->|H3]; [rewrite (proj1 R1), (proj2 R1); reflexivity|].
      destruct (Uint63.eqs s rt) as [->|H4]; [rewrite (proj1 R2), (proj2 R2); reflexivity|].
      unfold L, L'. rewrite Hsame; [reflexivity | apply Hall, Hs | simpl; intuition congruence]. }
    assert (Hft : f <> t).
    { intros Eq. apply NoDup_cons_iff in Hnd as (Hn & _). apply Hn. left. symmetry. exact Eq. }
    destruct (inb f C) eqn:Zf, (inb t C) eqn:Zt.
    + apply (Hking f t us (inb_in _ _ Zf) (inb_in _ _ Zt) Hft Hothers).
      * rewrite Hbt. discriminate.
      * exact Hbf.
      * exact Hb't.
      * intros x Hx B c Eo. destruct (between_ends f t x B) as (Hxf & Hxt).
        destruct (Uint63.eqs x rt) as [->|Hxr]; [rewrite Hb'rt in Eo; injection Eo as _ Eo; discriminate|].
        assert (Hxrf : x <> rf) by (intros ->; exact (Nrf (Bft rf Hx B))).
        rewrite Hsame in Eo; [|exact Hx|simpl; intuition congruence].
        rewrite (proj2 Hcl x Hx B) in Eo. discriminate.
    + exfalso. apply (no_exit f t Hf Ht Zf Zt Hcl). rewrite Hb't, Hbt. discriminate.
    + exfalso. apply (no_entry f t Hf Ht Zt Zf Hcl); [congruence | exact Hb'f].
    + apply Same. intros s Hs.
      destruct (Uint63.eqs s f) as [->|H1]; [unfold L, L'; rewrite Zf; reflexivity|].
      destruct (Uint63.eqs s t) as [->|H2]; [unfold L, L'; rewrite Zt; reflexivity|].
      symmetry. exact (Hothers s Hs H1 H2).
Qed.

End CageStep.

(** ** The squares that hold their men all game *)

Lemma castle_squares_apart : forall c side side',
  ~ In (castle_king_from c) [castle_rook_from (opp c) side'; castle_rook_to (opp c) side'] /\
  ~ In (castle_rook_from c side) [castle_rook_from (opp c) side'; castle_rook_to (opp c) side'].
Proof.
  intros c side side'. split; intros H; apply in_inb in H; revert H;
    destruct c, side, side'; vm_compute; discriminate.
Qed.

(** A move that leaves a castling right holds neither starts nor ends on
    its king's or rook's square, and leaves them as they are. *)
Lemma untouched_keeps : forall G m G' c side, legal_move G m G' -> inv G = true ->
  castling_right G c side = true -> touches m c side = false ->
  forall s, s = castle_king_from c \/ s = castle_rook_from c side -> piece_at G s = piece_at G' s.
Proof.
  intros G m G' c side Hl HG Hr Ht s Hs.
  destruct (inv_elim G HG) as (_ & _ & _ & Hc & Hep).
  unfold castling_inv in Hc.
  assert (Hcs : In (c, side) castling_sides) by (destruct c, side; simpl; tauto).
  forallb_at Hc Hcs. cbv iota in Hc. rewrite Hr in Hc. cbn [negb] in Hc.
  apply lazy_and_true in Hc as [Hk Hro]. apply opiece_eqb_eq in Hk, Hro.
  destruct (touches_false m c side Ht) as (F1 & F2 & T1 & T2).
  assert (Hsin : In s all_squares) by (destruct Hs as [-> | ->]; destruct c, side; vm_compute; tauto).
  assert (Hsf : s <> mv_from m) by (destruct Hs as [-> | ->]; auto).
  assert (Hst : s <> mv_to m) by (destruct Hs as [-> | ->]; auto).
  assert (Hbs : piece_at G s = Some (MkPiece c King) \/ piece_at G s = Some (MkPiece c Rook))
    by (destruct Hs as [-> | ->]; auto).
  destruct (step_shape G m G' Hl Hep) as (_ & _ & _ & Hk').
  set (us := turn G) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk'; symmetry.
  - apply Hsame; assumption.
  - apply Hsame; assumption.
  - apply Hsame; try assumption. intros ->. rewrite Hbv in Hbs. destruct Hbs as [E|E]; discriminate.
  - apply Hsame; [exact Hsin|]. simpl. intros H.
    destruct H as [E|[E|[E|[E|[]]]]]; try (symmetry in E; contradiction).
    + (* the rook's square of the side castling *)
      rewrite <- E in Hbs. rewrite Hbr in Hbs.
      destruct Hbs as [Eo|Eo]; [injection Eo; intros; discriminate|].
      injection Eo as Ec. rewrite Ec in Hfk. exact (F1 Hfk).
    + rewrite <- E in Hbs. rewrite Hbrt in Hbs. destruct Hbs; discriminate.
Qed.

(** One step back along a game: what makes [X] a set of squares that hold
    their men all game carries back to the position before, and the move
    keeps them. *)
Lemma fixed_step : forall h G m G' Xf Rs, game h G -> game_step G m G' ->
  closed_set (piece_at G') Xf ->
  (forall cs, In cs Rs -> castling_right G' (fst cs) (snd cs) = true) ->
  closed_set (piece_at G) Xf /\
  (forall cs, In cs Rs -> castling_right G (fst cs) (snd cs) = true) /\
  forall s, In s all_squares -> (Xf s ||| inb s (right_squares Rs)) = true ->
    piece_at G s = piece_at G' s /\ piece_at G' s <> None.
Proof.
  intros h G m G' Xf Rs Hg Hst HX HR.
  pose proof (game_next h G m G' Hg Hst) as Hg'.
  destruct Hst as (Hl & Hcr & _). apply legal_move_iff in Hl.
  pose proof (inv_game h G Hg) as Hi.
  pose proof (inv_game _ G' Hg') as Hi'.
  assert (Hright : forall cs, In cs Rs ->
            castling_right G (fst cs) (snd cs) = true /\ touches m (fst cs) (snd cs) = false).
  { intros cs Hcs. pose proof (HR cs Hcs) as H. rewrite Hcr in H.
    apply andb_true_iff in H as [H1 H2]. apply negb_true_iff in H2. auto. }
  split; [|split].
  - apply (closed_transfer (piece_at G')); [exact HX|].
    intros x Hx HXx. exact (frozen_step_keeps G G' m Xf Hl Hi HX (ex_intro _ h Hg) x Hx HXx).
  - intros cs Hcs. exact (proj1 (Hright cs Hcs)).
  - intros s Hs H. destruct (Xf s) eqn:Ex.
    + split; [exact (frozen_step_keeps G G' m Xf Hl Hi HX (ex_intro _ h Hg) s Hs Ex)|].
      exact (occupied G' Xf HX s Hs Ex).
    + apply inb_in in H. split; [|exact (rights_occupied G' Rs Hi' HR s H)].
      unfold right_squares in H. apply in_flat_map in H as ((c & side) & Hcs & Hin).
      simpl in Hin. destruct (Hright _ Hcs) as (Hr & Ht). simpl in Hr, Ht.
      assert (Hs' : s = castle_king_from c \/ s = castle_rook_from c side) by (intuition congruence).
      exact (untouched_keeps G m G' c side Hl Hi Hr Ht s Hs').
Qed.

(** ** Over a game *)

Theorem cage_game : forall h G, game h G -> forall Xf Rs C E er,
  closed_set (piece_at G) Xf -> (forall cs, In cs Rs -> castling_right G (fst cs) (snd cs) = true) ->
  cage_ok (fun s => Xf s ||| inb s (right_squares Rs)) C E -> er = King \/ er = Rook ->
  sub (word er C (piece_at G) E) (word er C (piece_at initial) E) /\
  sub (kings C (piece_at initial) E) (kings C (piece_at G) E).
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst]; intros Xf Rs C E er HX HR HC Her;
    [split; apply sub_refl|].
  destruct (fixed_step h G m G' Xf Rs Hg Hst HX HR) as (HXG & HRG & HF).
  destruct (IH Xf Rs C E er HXG HRG HC Her) as (IH1 & IH2).
  destruct Hst as (Hl & _). apply legal_move_iff in Hl.
  pose proof (inv_game h G Hg) as Hi.
  split.
  - apply (sub_trans _ (word er C (piece_at G) E)); [|exact IH1].
    exact (cage_step G G' m _ C E Hl Hi HF HC er Her).
  - apply (sub_trans _ (kings C (piece_at G) E)); [exact IH2|].
    exact (kings_step G G' m _ C E Hl Hi HF HC).
Qed.

Lemma sealed_ray_ext : forall Z X Y l, (forall s, X s = Y s) -> sealed_ray Z X l = sealed_ray Z Y l.
Proof. intros Z X Y l H. induction l as [|x l IH]; simpl; [reflexivity|]. rewrite IH, H. reflexivity. Qed.

Lemma cage_ok_ext : forall X Y C E, (forall s, X s = Y s) -> cage_ok X C E -> cage_ok Y C E.
Proof.
  intros X Y C E H (HE & HCE & Hs). split; [exact HE|]. split; [exact HCE|].
  intros s Hin. rewrite <- (Hs s Hin). unfold sealed_at.
  induction directions as [|d ds IH]; simpl; [reflexivity|].
  rewrite IH, (sealed_ray_ext _ X Y _ H). reflexivity.
Qed.

Lemma fixed_eq : forall P s,
  fixed P s = ((frozen_set (piece_at P)).[s] ||| inb s (right_squares (asserted P))).
Proof. reflexivity. Qed.

Theorem cage_refutes_game : forall h G P, game h G -> realizes G P -> cage_refutes P = false.
Proof.
  intros h G P Hg Hr. pose proof (asserted_held G P Hr) as HRG. destruct Hr as (Hb & _).
  assert (HXG : closed_set (piece_at G) (fun s => (frozen_set (piece_at P)).[s])).
  { apply (closed_transfer (piece_at P)); [apply frozen_set_closed|].
    intros x Hx _. symmetry. apply Hb, Hx. }
  assert (Hon : forall E, edge E -> cage_refutes_on (piece_at P) (fixed P) E = false).
  { intros E HE. unfold cage_refutes_on.
    destruct (cage_valid (fixed P) E (cage (fixed P) E)) eqn:Hv; [|reflexivity].
    revert Hv. generalize (cage (fixed P) E). intros C Hv.
    assert (HC0 : cage_ok (fixed P) C E).
    { unfold cage_valid in Hv.
      split; [exact HE|]. split; intros s Hs; forallb_at Hv Hs; split_lazy;
        [apply inb_in | ]; assumption. }
    assert (HC : cage_ok (fun s => (frozen_set (piece_at P)).[s] ||| inb s (right_squares (asserted P))) C E)
      by (apply (cage_ok_ext (fixed P)); [intros s; apply fixed_eq | exact HC0]).
    destruct (edge_facts E HE) as (_ & _ & Hall & _).
    assert (Hsame : forall (L : option piece -> list piece),
              flat_map (fun s => if inb s C then L (piece_at G s) else []) E =
              flat_map (fun s => if inb s C then L (piece_at P s) else []) E).
    { intros L. apply flat_map_eq_in. intros s Hs. rewrite (Hb s (Hall s Hs)). reflexivity. }
    destruct (existsb _ left_out) eqn:Ex.
    - exfalso. apply existsb_exists in Ex as (er & Her & Ex).
      assert (Her' : er = King \/ er = Rook) by (simpl in Her; intuition).
      destruct (cage_game h G Hg _ _ C E er HXG HRG HC Her') as (Hsub & _).
      unfold word in Hsub, Ex. rewrite (Hsame (letter er)) in Hsub.
      rewrite (subseqb_complete _ _ Hsub) in Ex. discriminate.
    - destruct (subseqb (kings C (piece_at initial) E) (kings C (piece_at P) E)) eqn:Ek; [reflexivity|].
      exfalso. destruct (cage_game h G Hg _ _ C E King HXG HRG HC (or_introl eq_refl)) as (_ & Hsub).
      unfold kings in Hsub, Ek. rewrite (Hsame king_letter) in Hsub.
      rewrite (subseqb_complete _ _ Hsub) in Ek. discriminate. }
  unfold cage_refutes. cbv zeta.
  rewrite (Hon rank1 (or_introl eq_refl)), (Hon rank8 (or_intror eq_refl)). reflexivity.
Qed.

Corollary cage_refutes_sound : forall P, cage_refutes P = true -> ~ reachable P.
Proof.
  intros P H (h & G & Hg & Hr). rewrite (cage_refutes_game h G P Hg Hr) in H. discriminate.
Qed.
