(** * Facts: the small lemmas every proof file needs, in one place.

    Integer equality tests, updates of a 64-cell board array, colours and
    roles, membership in square lists, quantifiers over the 64 squares.  Nothing here is part of the specification;
    it is the shared library of the proofs (Invariants.v, Stranded.v,
    Completeness.v, Soundness.v, RulesFast.v, ...). *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Board Rules.
From RetroProof Require TablesSpec.
Import ListNotations.
Open Scope uint63_scope.

(** ** The lazy connectives of Board.v *)

Lemma lazy_or_true : forall a b : bool, (a ||| b) = true -> a = true \/ b = true.
Proof. intros [|] b H; auto. Qed.

Lemma lazy_and_true : forall a b : bool, (a &&& b) = true -> a = true /\ b = true.
Proof. intros [|] b H; [auto | discriminate H]. Qed.

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

(** A boolean fact about every square, used as a fact about one. *)
Lemma forall_squares : forall (f : int -> bool), forallb f all_squares = true ->
  forall s, In s all_squares -> f s = true.
Proof. intros f H s Hs. rewrite forallb_forall in H. auto. Qed.

Lemma in_lt64 : forall s, In s all_squares -> (s <? 64) = true.
Proof. apply forall_squares. vm_compute. reflexivity. Qed.

Lemma in_on_board : forall s, In s all_squares -> on_board s = true.
Proof. exact in_lt64. Qed.

(** ** Lists *)

(** Two maps equal on a list agree on each of its members (used to read a
    table built by [vm_compute] against the function it tabulates). *)
Lemma map_eq_in : forall A B (f g : A -> B) l x, map f l = map g l -> In x l -> f x = g x.
Proof.
  intros A B f g l; induction l as [|a l IH]; simpl; intros x H Hx; [contradiction|].
  injection H as H1 H2. destruct Hx as [<-|Hx]; auto.
Qed.
