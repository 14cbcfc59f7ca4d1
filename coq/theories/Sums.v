(** * Sums: a weight summed along a list, proven once.

    [wsum w l] is the sum of [w x] over the members [x] of [l] (with
    repeats).  The costs of the proof files are such sums: the files a
    pawn of a ghost moved from its slot (Ghostproof.v's [lcost],
    [zcost]), the captures counted per colour (Coloursproof.v's [csum]),
    the men placed in slots (CrossingSearchproof.v's [psum]).  Their facts
    (appending, the same weights on the members, a permutation, a sublist
    without repeats, ...) are proven here, once, and [push_sum]
    (fiat-crypto's [push_*] style) is the rewrite database that moves a
    sum inside [++] and [map]: [autorewrite with push_sum]. *)

From Coq Require Import List Lia Permutation.
Import ListNotations.
Open Scope nat_scope.

Fixpoint wsum {A : Type} (w : A -> nat) (l : list A) : nat :=
  match l with [] => 0 | x :: l' => w x + wsum w l' end.

Section Sums.

Context {A : Type}.
Implicit Types (w v : A -> nat) (l : list A).

Lemma wsum_nil : forall w, wsum w [] = 0.
Proof. reflexivity. Qed.

Lemma wsum_cons : forall w x l, wsum w (x :: l) = w x + wsum w l.
Proof. reflexivity. Qed.

Lemma wsum_app : forall w l l', wsum w (l ++ l') = wsum w l + wsum w l'.
Proof. intros w l l'; induction l as [|x l IH]; simpl; [reflexivity|]. rewrite IH. lia. Qed.

(** One member taken out of the middle. *)
Lemma wsum_mid : forall w l1 x l2, wsum w (l1 ++ x :: l2) = w x + wsum w (l1 ++ l2).
Proof. intros w l1 x l2. rewrite !wsum_app. simpl. lia. Qed.

Lemma wsum_fold : forall w l, wsum w l = fold_right (fun x acc => w x + acc) 0 l.
Proof. intros w l; induction l as [|x l IH]; simpl; [reflexivity|]. rewrite IH. reflexivity. Qed.

Lemma wsum_ext : forall w v l, (forall x, In x l -> w x = v x) -> wsum w l = wsum v l.
Proof.
  intros w v l; induction l as [|x l IH]; intros H; simpl; [reflexivity|].
  rewrite (H x (or_introl eq_refl)), IH; [reflexivity|]. intros y Hy. apply H. right. exact Hy.
Qed.

Lemma wsum_le : forall w v l, (forall x, In x l -> w x <= v x) -> wsum w l <= wsum v l.
Proof.
  intros w v l; induction l as [|x l IH]; intros H; simpl; [lia|].
  pose proof (H x (or_introl eq_refl)). pose proof (IH (fun y Hy => H y (or_intror Hy))). lia.
Qed.

(** Weights bounded by the sum of two others. *)
Lemma wsum_le_add : forall w v u l, (forall x, In x l -> w x <= v x + u x) ->
  wsum w l <= wsum v l + wsum u l.
Proof.
  intros w v u l; induction l as [|x l IH]; simpl; intros H; [lia|].
  pose proof (H x (or_introl eq_refl)). pose proof (IH (fun y Hy => H y (or_intror Hy))). lia.
Qed.

Lemma wsum_perm : forall w l l', Permutation l l' -> wsum w l = wsum w l'.
Proof. intros w l l' P. induction P; simpl; lia. Qed.

(** A list without repeats inside another weighs at most as much. *)
Lemma wsum_incl : forall w l' l, NoDup l' -> incl l' l -> wsum w l' <= wsum w l.
Proof.
  intros w l'; induction l' as [|x l' IH]; intros l Hnd Hinc; simpl; [lia|].
  inversion Hnd as [|? ? Hx Hnd']; subst.
  destruct (in_split x l (Hinc x (or_introl eq_refl))) as (l1 & l2 & ->).
  assert (Hl : incl l' (l1 ++ l2)).
  { intros y Hy. assert (Hy' := Hinc y (or_intror Hy)). apply in_app_or in Hy'. apply in_or_app.
    destruct Hy' as [H|[<-|H]]; [left; exact H|contradiction|right; exact H]. }
  specialize (IH (l1 ++ l2) Hnd' Hl). rewrite wsum_mid. lia.
Qed.

(** ... and less the weight of a member it lacks. *)
Lemma wsum_drop : forall w l' l x, NoDup l' -> incl l' l -> In x l -> ~ In x l' ->
  wsum w l' + w x <= wsum w l.
Proof.
  intros w l' l x Hnd Hinc Hx Hn.
  assert (H : wsum w (x :: l') <= wsum w l).
  { apply wsum_incl; [constructor; assumption|]. intros y [<-|Hy]; [exact Hx|exact (Hinc y Hy)]. }
  simpl in H. lia.
Qed.

Lemma wsum_firstn : forall w n l, wsum w (firstn n l) <= wsum w l.
Proof. intros w n l. rewrite <- (firstn_skipn n l) at 2. rewrite wsum_app. lia. Qed.

End Sums.

Lemma wsum_map : forall {A B} (w : B -> nat) (f : A -> B) l, wsum w (map f l) = wsum (fun x => w (f x)) l.
Proof. intros A B w f l; induction l as [|x l IH]; simpl; [reflexivity|]. rewrite IH. reflexivity. Qed.

Global Hint Rewrite @wsum_app @wsum_map : push_sum.
