(** * Facts: the small lemmas every proof file needs, in one place.

    The lazy connectives of Board.v (and [lazy_inv], which takes a lazy
    conjunction apart by position), integer equality tests, updates of a
    64-cell board array, colours and roles, membership in square lists,
    quantifiers over the 64 squares ([forall_squares], [forall_squares2]
    and [by_squares], which proves a fact about every square or pair of
    squares by computation; [sq_cases] for a case analysis on a square),
    lists without repeats, counting along a list.  Sums along a list are
    in Sums.v.  Nothing here is part of the specification; it is the
    shared library of the proofs (Invariants.v, Stranded.v,
    Completeness.v, Soundness.v, RulesFast.v, the [*proof.v] files). *)

From Coq Require Import Uint63 PArray List Bool Lia.
From RetroProof Require Import Gen.Vocab Board Rules.
From RetroProof Require TablesSpec.
Import ListNotations.
Open Scope uint63_scope.

(** ** The lazy connectives of Board.v *)

Lemma lazy_or_true : forall a b : bool, (a ||| b) = true -> a = true \/ b = true.
Proof. intros [|] b H; auto. Qed.

Lemma lazy_and_true : forall a b : bool, (a &&& b) = true -> a = true /\ b = true.
Proof. intros [|] b H; [auto | discriminate H]. Qed.

(** Every lazy or strict conjunction of the context that holds, taken
    apart (a conjunct tested by [destruct ... eqn:], so that no proof
    term unfolds it). *)
Ltac split_lazy :=
  repeat match goal with
  | H : (if ?a then _ else false) = true |- _ =>
      let E := fresh "E" in destruct a eqn:E; [|discriminate H]
  | H : (if ?a then true else _) = false |- _ =>
      let E := fresh "E" in destruct a eqn:E; [discriminate H|]
  | H : _ && _ = true |- _ => apply andb_prop in H; destruct H
  end.

(** [H : A1 /\ ... /\ An] (nested to the right), [Hb : B] become
    [H : A1 /\ ... /\ An /\ B]. *)
Ltac lazy_snoc H Hb :=
  lazymatch type of H with
  | _ /\ _ =>
      let H1 := fresh in let H2 := fresh in
      destruct H as [H1 H2]; lazy_snoc H2 Hb; pose proof (conj H1 H2) as H; clear H1 H2
  | _ => let H' := fresh in pose proof (conj H Hb) as H'; clear H Hb; rename H' into H
  end.

(** [H : a1 &&& ... &&& an = true] (nested to the left, as [&&&] parses)
    becomes [H : a1 = true /\ ... /\ an = true]. *)
Ltac lazy_conj H :=
  lazymatch type of H with
  | (if ?a then ?b else false) = true =>
      let Ha := fresh in let Hb := fresh in
      destruct (lazy_and_true a b H) as [Ha Hb]; clear H;
      lazy_conj Ha; lazy_snoc Ha Hb; rename Ha into H
  | _ => idtac
  end.

(** [lazy_inv H as (H1 & ... & Hn)]: a lazy conjunction that holds, taken
    apart by position (CompCert's [monadInv] style): [Hi : ai = true]. *)
Tactic Notation "lazy_inv" hyp(H) "as" simple_intropattern(p) := lazy_conj H; destruct H as p.

(** ** Integer equality *)

Lemma eqb_true : forall x y : int, (x =? y) = true -> x = y.
Proof. apply Uint63.eqb_correct. Qed.

Lemma eqb_false : forall x y : int, x <> y -> (x =? y) = false.
Proof.
  intros x y H. destruct (x =? y) eqn:E; [|reflexivity].
  apply eqb_true in E. contradiction.
Qed.

Lemma eqb_same : forall x : int, (x =? x) = true.
Proof. apply Uint63.eqb_refl. Qed.

Lemma eqb_false_neq : forall x y, (x =? y) = false -> x <> y.
Proof. intros x y H ->. rewrite eqb_same in H. discriminate. Qed.

(** ** Board updates *)

Lemma get_set64 : forall (a : array int) s v k, PArray.length a = 64 -> (s <? 64) = true ->
  a.[s <- v].[k] = if k =? s then v else a.[k].
Proof.
  intros a s v k Hl Hs. destruct (k =? s) eqn:E.
  - apply eqb_true in E; subst k. apply PArray.get_set_same. rewrite Hl; exact Hs.
  - apply PArray.get_set_other. intros ->. rewrite eqb_same in E. discriminate.
Qed.

(** ** Colours *)

Lemma opp_opp : forall c, opp (opp c) = c.
Proof. intros [|]; reflexivity. Qed.

Lemma opp_neq : forall c, opp c <> c.
Proof. intros []; discriminate. Qed.

Lemma color_eqb_refl : forall c, color_eqb c c = true.
Proof. intros []; reflexivity. Qed.

(** ** Roles *)

Definition all_roles : list role := [Pawn; Knight; Bishop; Rook; Queen; King].

Lemma in_all_roles : forall r, In r all_roles.
Proof. intros []; simpl; tauto. Qed.

(** ** Membership in a list of squares *)

Lemma inb_in : forall x l, inb x l = true -> In x l.
Proof.
  intros x l; induction l as [|y l IH]; simpl; [discriminate|].
  destruct (x =? y) eqn:E; simpl.
  - intros _; left; symmetry; apply eqb_true, E.
  - intros H; right; auto.
Qed.

Lemma in_inb : forall x l, In x l -> inb x l = true.
Proof.
  intros x l; induction l as [|y l IH]; simpl; [contradiction|].
  intros [<-|H].
  - rewrite eqb_same; reflexivity.
  - destruct (x =? y); auto.
Qed.

Lemma inb_iff : forall x l, inb x l = true <-> In x l.
Proof. split; [apply inb_in | apply in_inb]. Qed.

(** ** The 64 squares *)

Lemma on_board_in : forall s, on_board s = true -> In s all_squares.
Proof.
  intros s H. replace all_squares with TablesSpec.all_squares by (vm_compute; reflexivity).
  apply TablesSpec.all_squares_complete, H.
Qed.

(** A boolean fact about every member of a list, used as a fact about one. *)
Lemma forallb_in {A} {f : A -> bool} {l x} : forallb f l = true -> In x l -> f x = true.
Proof. intros H Hx. rewrite forallb_forall in H. auto. Qed.

(** [forallb_at H Hx] turns [H : forallb f l = true] into [H : f x = true]
    (beta-reduced), for [Hx : In x l]. *)
Ltac forallb_at H Hx :=
  let H' := fresh in pose proof (forallb_in H Hx) as H'; cbv beta in H'; clear H; rename H' into H.

(** A boolean fact about every square, used as a fact about one. *)
Lemma forall_squares : forall (f : int -> bool), forallb f all_squares = true ->
  forall s, In s all_squares -> f s = true.
Proof. intros f H s Hs. exact (forallb_in H Hs). Qed.

(** The same about every pair of squares. *)
Lemma forall_squares2 : forall (f : int -> int -> bool),
  forallb (fun s => forallb (f s) all_squares) all_squares = true ->
  forall s t, In s all_squares -> In t all_squares -> f s t = true.
Proof. intros f H s t Hs Ht. exact (forallb_in (forallb_in H Hs) Ht). Qed.

(** [by_squares] proves [forall s, In s all_squares -> f s = true], or
    [forall s t, In s all_squares -> In t all_squares -> f s t = true],
    after any colours quantified first, by computing [f] on every square
    (every pair): one [vm_compute] per colour, checked once by the kernel
    at [Qed]. *)
Ltac by_squares :=
  lazymatch goal with
  | |- forall c : color, _ => intros []; by_squares
  | _ => first [apply forall_squares2 | apply forall_squares]; vm_compute; reflexivity
  end.

Lemma in_lt64 : forall s, In s all_squares -> (s <? 64) = true.
Proof. by_squares. Qed.

Lemma in_on_board : forall s, In s all_squares -> on_board s = true.
Proof. exact in_lt64. Qed.

(** One case per square of [l], and one for the others. *)
Ltac sq_cases s l :=
  match l with
  | nil => idtac
  | cons ?x ?l' =>
      let H := fresh "Hs" in
      destruct (Uint63.eqs s x) as [->|H]; [|sq_cases s l']
  end.

(** The side conditions of a move's [Hsame] in the last case of
    [sq_cases]: the square is on the board, and not in the (short, literal)
    list of the squares the move changes. *)
Ltac not_in_tac :=
  first [ assumption
        | let H := fresh in intros H; cbn [In] in H; intuition congruence ].

(** ** Lists *)

(** Two maps equal on a list agree on each of its members (used to read a
    table built by [vm_compute] against the function it tabulates). *)
Lemma map_eq_in : forall A B (f g : A -> B) l x, map f l = map g l -> In x l -> f x = g x.
Proof.
  intros A B f g l; induction l as [|a l IH]; simpl; intros x H Hx; [contradiction|].
  injection H as H1 H2. destruct Hx as [<-|Hx]; auto.
Qed.

Arguments map_eq_in {A B f g l x}.

Lemma in_firstn : forall A n (x : A) l, In x (firstn n l) -> In x l.
Proof. intros A n x l H. rewrite <- (firstn_skipn n l). apply in_or_app. left. exact H. Qed.

Arguments in_firstn {A n x l}.

(** ** Lists without repeats *)

Lemma nodup_app_l : forall A (l l' : list A), NoDup (l ++ l') -> NoDup l.
Proof.
  intros A l l' H. induction l as [|x l IH]; [constructor|]. simpl in H.
  inversion H as [|? ? Hx Hl]; subst. constructor.
  - intros Hx'. apply Hx, in_or_app. left. exact Hx'.
  - apply IH. exact Hl.
Qed.

Arguments nodup_app_l {A l l'}.

Lemma nodup_app_r : forall A (l l' : list A), NoDup (l ++ l') -> NoDup l'.
Proof. intros A l l' H; induction l as [|x l IH]; [exact H|]. inversion H; auto. Qed.

Arguments nodup_app_r {A l l'}.

Lemma nodup_app_disj : forall A (l l' : list A) x, NoDup (l ++ l') -> In x l -> In x l' -> False.
Proof.
  intros A l l' x H; induction l as [|y l IH]; intros Hx Hx'; [destruct Hx|].
  inversion H as [|? ? Hn H']. destruct Hx as [<-|Hx]; [apply Hn, in_or_app; right; exact Hx'|].
  exact (IH H' Hx Hx').
Qed.

Arguments nodup_app_disj {A l l' x}.

Lemma nodup_app_sub : forall A (l l' l'' : list A), NoDup (l ++ l') -> NoDup l'' -> incl l'' l' ->
  NoDup (l ++ l'').
Proof.
  intros A l; induction l as [|a l IH]; intros l' l'' H H'' Hi; [exact H''|].
  inversion H as [|? ? Ha Hl]; subst. simpl. constructor; [|exact (IH _ _ Hl H'' Hi)].
  intros Hin. apply Ha. apply in_app_or in Hin. apply in_or_app. destruct Hin as [Hin|Hin]; [left; exact Hin|].
  right. apply Hi, Hin.
Qed.

(** A list of pairs without repeated first (second) components is a
    function of them. *)
Lemma nodup_fst_inj : forall {A B} (L : list (A * B)) s a b, NoDup (map fst L) -> In (s, a) L -> In (s, b) L -> a = b.
Proof.
  intros A B L s a b; induction L as [|[s' h] L IH]; intros Hnd Ha Hb; [destruct Ha|].
  simpl in Hnd. inversion Hnd as [|? ? Hn Hnd']. destruct Ha as [Ea|Ha], Hb as [Eb|Hb].
  - congruence.
  - injection Ea as <- <-. exfalso. apply Hn. apply (in_map fst) in Hb. exact Hb.
  - injection Eb as <- <-. exfalso. apply Hn. apply (in_map fst) in Ha. exact Ha.
  - exact (IH Hnd' Ha Hb).
Qed.

Lemma nodup_snd_inj : forall {A B} (L : list (A * B)) a b g, NoDup (map snd L) -> In (a, g) L -> In (b, g) L -> a = b.
Proof.
  intros A B L a b g; induction L as [|[s h] L IH]; intros Hnd Ha Hb; [destruct Ha|].
  simpl in Hnd. inversion Hnd as [|? ? Hn Hnd']. destruct Ha as [Ea|Ha], Hb as [Eb|Hb].
  - congruence.
  - injection Ea as -> ->. exfalso. apply Hn. apply (in_map snd) in Hb. exact Hb.
  - injection Eb as -> ->. exfalso. apply Hn. apply (in_map snd) in Ha. exact Ha.
  - exact (IH Hnd' Ha Hb).
Qed.

(** ** Counting along a list *)

Section Counting.

Context {A : Type}.

Lemma filter_split : forall (f g : A -> bool) l,
  length (filter f l) =
  (length (filter (fun x => f x && g x) l) + length (filter (fun x => f x && negb (g x)) l))%nat.
Proof.
  intros f g l; induction l as [|x l IH]; simpl; [reflexivity|].
  destruct (f x), (g x); simpl; rewrite IH; lia.
Qed.

Lemma filter_at_most_one : forall (h : A -> bool) l, NoDup l ->
  (forall x y, In x l -> In y l -> h x = true -> h y = true -> x = y) ->
  (length (filter h l) <= 1)%nat.
Proof.
  intros h l; induction l as [|x l IH]; intros Hnd Hu; simpl; [lia|].
  inversion Hnd as [|? ? Hx Hnd']; subst.
  destruct (h x) eqn:Ex; simpl.
  - destruct (filter h l) as [|y l'] eqn:F; simpl; [lia|exfalso].
    assert (Hy : In y (filter h l)) by (rewrite F; left; reflexivity).
    apply filter_In in Hy as (Hy & Ehy). apply Hx.
    rewrite (Hu x y (or_introl eq_refl) (or_intror Hy) Ex Ehy). exact Hy.
  - apply IH; [exact Hnd'|]. intros y z Hy Hz. apply Hu; right; assumption.
Qed.

Lemma filter_pos : forall (h : A -> bool) l x, In x l -> h x = true -> (1 <= length (filter h l))%nat.
Proof.
  intros h l x Hx Ex. assert (H : In x (filter h l)) by (apply filter_In; auto).
  destruct (filter h l); [destruct H | simpl; lia].
Qed.

(** Counting [f] gives at most as many as counting [g] when at most one
    element counts for [f] and not [g], and if one does, another counts
    for [g] and not [f]. *)
Lemma count_le : forall (f g : A -> bool) l, NoDup l ->
  (forall x, In x l -> f x = true -> g x = false -> exists y, In y l /\ g y = true /\ f y = false) ->
  (forall x y, In x l -> In y l -> f x = true -> g x = false -> f y = true -> g y = false -> x = y) ->
  (length (filter f l) <= length (filter g l))%nat.
Proof.
  intros f g l Hnd Ha Hb.
  rewrite (filter_split f g l), (filter_split g f l).
  assert (Eq : length (filter (fun x => f x && g x) l) = length (filter (fun x => g x && f x) l))
    by (f_equal; apply filter_ext; intros; apply andb_comm).
  assert (H1 : (length (filter (fun x => f x && negb (g x)) l) <= 1)%nat).
  { apply filter_at_most_one; [exact Hnd|]. intros x y Hx Hy Ex Ey.
    apply andb_prop in Ex as (Ex1 & Ex2); apply andb_prop in Ey as (Ey1 & Ey2).
    apply negb_true_iff in Ex2, Ey2. exact (Hb x y Hx Hy Ex1 Ex2 Ey1 Ey2). }
  destruct (filter (fun x => f x && negb (g x)) l) as [|x l'] eqn:F; simpl in H1 |- *; [lia|].
  assert (Hx : In x (filter (fun x => f x && negb (g x)) l)) by (rewrite F; left; reflexivity).
  apply filter_In in Hx as (Hx & Ex).
  apply andb_prop in Ex as (Ex1 & Ex2); apply negb_true_iff in Ex2.
  destruct (Ha x Hx Ex1 Ex2) as (y & Hy & Ey1 & Ey2).
  assert (Hp := filter_pos (fun x => g x && negb (f x)) l y Hy ltac:(cbv beta; rewrite Ey1, Ey2; reflexivity)).
  lia.
Qed.

Lemma filter_le_plus : forall (f g : A -> bool) l,
  (length (filter f l) <= length (filter g l) + length (filter (fun x => f x && negb (g x)) l))%nat.
Proof.
  intros f g l. rewrite (filter_split f g l), (filter_split g f l).
  assert (Eq : length (filter (fun x => f x && g x) l) = length (filter (fun x => g x && f x) l))
    by (f_equal; apply filter_ext; intros; apply andb_comm).
  lia.
Qed.

Lemma filter_lt : forall (f g : A -> bool) l,
  (forall x, In x l -> f x = true -> g x = true) -> (exists y, In y l /\ g y = true /\ f y = false) ->
  (length (filter f l) + 1 <= length (filter g l))%nat.
Proof.
  intros f g l Hfg (y & Hy & Gy & Fy).
  rewrite (filter_split f g l), (filter_split g f l).
  assert (Eq : length (filter (fun x => f x && g x) l) = length (filter (fun x => g x && f x) l))
    by (f_equal; apply filter_ext; intros; apply andb_comm).
  assert (E0 : filter (fun x => f x && negb (g x)) l = []).
  { destruct (filter (fun x => f x && negb (g x)) l) as [|x l'] eqn:F; [reflexivity|exfalso].
    assert (Hx : In x (filter (fun x => f x && negb (g x)) l)) by (rewrite F; left; reflexivity).
    apply filter_In in Hx as (Hx & Ex). apply andb_prop in Ex as (Ex1 & Ex2).
    rewrite (Hfg x Hx Ex1) in Ex2. discriminate. }
  rewrite E0. simpl.
  assert (Hp := filter_pos (fun x => g x && negb (f x)) l y Hy ltac:(cbv beta; rewrite Gy, Fy; reflexivity)).
  lia.
Qed.

End Counting.

(** ** Dropping a small natural from a list *)

(** [l] without [g] (the slots still free, the capture-free slots left). *)
Definition drop (g : nat) (l : list nat) : list nat := filter (fun h => negb (Nat.eqb h g)) l.

Lemma drop_in : forall g h l, In h (drop g l) <-> In h l /\ h <> g.
Proof. intros g h l. unfold drop. rewrite filter_In, negb_true_iff, PeanoNat.Nat.eqb_neq. reflexivity. Qed.
