(** * MinCapturesproof: the programme [min_captures] of PawnCaptures.v is
    at most the cost of any assignment of pawns to starting files.

    - [min_captures_at_bound]: the dynamic programme [min_captures_at]
      finds a path through its states no dearer than any admissible
      sequence of counts [(Bf k, Sf k)] (the men placed, the slots used,
      on the files below [k]), with the extra cost of the promoted pawns
      each file lets in; [min_captures_bound] the same for
      [min_captures], whose open files cost nothing more;
    - [cut_bound]: an assignment [its] of men on files [p] to slots [g]
      costs ([pcost], the sum of [|p - g|]) at least the sum over the cuts
      [k] of [|D_k - S_k|], the men and the slots below the cut.

    The ghost of Ghostproof.v is such an assignment; [clt] and
    [ceq] count the members of a list below, and at, a file.  Part of the
    proof of PawnCapturesproof.v. *)

From Coq Require Import Uint63 List Bool Arith Lia Permutation.
From RetroProof Require Import Gen.Vocab Board Rules Facts Sums PawnCaptures.
Import ListNotations.
Open Scope nat_scope.

(** ** The dynamic programme finds the cheapest path *)

Lemma omin_le_l : forall v y, exists w, omin (Some v) y = Some w /\ w <= v.
Proof. intros v [y|]; simpl; eexists; split; [reflexivity| lia | reflexivity | lia]. Qed.

Lemma omin_le_r : forall x v w, x = Some v -> omin x (Some w) = Some (Nat.min v w) \/ x = None.
Proof. intros x v w ->. left. reflexivity. Qed.

Lemma omin_some_r : forall x w, exists w', omin x (Some w) = Some w' /\ w' <= w.
Proof. intros [x|] w; simpl; eexists; split; [reflexivity| lia | reflexivity | lia]. Qed.

Lemma omin_mono_r : forall x y w, y = Some w -> exists w', omin x y = Some w' /\ w' <= w.
Proof. intros x y w ->. apply omin_some_r. Qed.

Lemma best_le : forall o b' s' L b s v, In (b, s, v) L -> pred_ok o b s b' s' = true ->
  exists w, best o b' s' L = Some w /\ w <= entry_cost o b b' + v.
Proof.
  intros o b' s' L; induction L as [|[[b0 s0] v0] L IH]; simpl; intros b s v Hin Hp; [contradiction|].
  destruct Hin as [E|Hin].
  - injection E as <- <- <-. rewrite Hp. apply omin_le_l.
  - destruct (IH b s v Hin Hp) as (w & Hw & Hle). rewrite Hw.
    destruct (pred_ok o b0 s0 b' s').
    + destruct (omin_some_r (Some (entry_cost o b0 b' + v0)) w) as (w' & E & Hw').
      exists w'. split; [exact E | lia].
    + exists w. auto.
Qed.

Lemma lookup_le : forall L b s v, In (b, s, v) L -> exists w, lookup b s L = Some w /\ w <= v.
Proof.
  intros L; induction L as [|[[b0 s0] v0] L IH]; simpl; intros b s v Hin; [contradiction|].
  destruct Hin as [E|Hin].
  - injection E as <- <- <-. rewrite !Nat.eqb_refl. apply omin_le_l.
  - destruct (IH b s v Hin) as (w & Hw & Hle). rewrite Hw.
    destruct (Nat.eqb b0 b && Nat.eqb s0 s).
    + destruct (omin_some_r (Some v0) w) as (w' & E & Hw'). exists w'. split; [exact E | lia].
    + exists w. auto.
Qed.

Arguments lookup_le {L b s v}.

Lemma dp_step_in : forall t m a o L b s v b' s', In (b, s, v) L -> pred_ok o b s b' s' = true ->
  b' <= t -> s' <= m ->
  exists w, In (b', s', w) (dp_step t m a o L) /\ w <= absd (a + b') s' + entry_cost o b b' + v.
Proof.
  intros t m a o L b s v b' s' Hin Hp Hb Hs.
  destruct (best_le o b' s' L b s v Hin Hp) as (w & Hw & Hle).
  exists (absd (a + b') s' + w). split; [|lia].
  unfold dp_step. apply in_flat_map. exists b'. split; [apply in_seq; lia|].
  apply in_flat_map. exists s'. split; [apply in_seq; lia|].
  rewrite Hw. left. reflexivity.
Qed.

(** A path through the states, one per file of [data]. *)
Fixpoint path_ok (t m : nat) (data : list (nat * option nat)) (b s : nat) (path : list (nat * nat)) : Prop :=
  match data, path with
  | [], [] => True
  | (a, o) :: data', (b', s') :: path' =>
      pred_ok o b s b' s' = true /\ b' <= t /\ s' <= m /\ path_ok t m data' b' s' path'
  | _, _ => False
  end.

(** Its cost, from [b] promoted men placed before it. *)
Fixpoint path_cost (data : list (nat * option nat)) (b : nat) (path : list (nat * nat)) : nat :=
  match data, path with
  | (a, o) :: data', (b', s') :: path' => absd (a + b') s' + entry_cost o b b' + path_cost data' b' path'
  | _, _ => 0
  end.

Lemma last_cons : forall A (x : A) l d, last (x :: l) d = last l x.
Proof.
  intros A x l; revert x; induction l as [|a l IH]; intros x d; [reflexivity|].
  change (last (a :: l) d = last (a :: l) x). rewrite !IH. reflexivity.
Qed.

Lemma dp_run_path : forall t m data path L b s v, In (b, s, v) L -> path_ok t m data b s path ->
  exists w, In (fst (last path (b, s)), snd (last path (b, s)), w) (dp_run t m data L) /\
            w <= v + path_cost data b path.
Proof.
  intros t m data; induction data as [|[a o] data IH]; intros path L b s v Hin Hp.
  - destruct path; [|contradiction]. exists v. simpl. split; [exact Hin | lia].
  - destruct path as [|[b' s'] path]; [contradiction|]. destruct Hp as (Hpr & Hb & Hs & Hp).
    destruct (dp_step_in t m a o L b s v b' s' Hin Hpr Hb Hs) as (w & Hw & Hle).
    destruct (IH path _ b' s' w Hw Hp) as (w' & Hw' & Hle').
    exists w'. split.
    + rewrite last_cons. exact Hw'.
    + simpl. lia.
Qed.

Arguments dp_run_path {t m data path} L b s v.

Lemma path_seq : forall t m (a : nat -> nat) (o : nat -> option nat) (Bf Sf : nat -> nat) n j,
  (forall k, j <= k < j + n ->
     pred_ok (o k) (Bf k) (Sf k) (Bf (S k)) (Sf (S k)) = true /\ Bf (S k) <= t /\ Sf (S k) <= m) ->
  path_ok t m (map (fun k => (a k, o k)) (seq j n)) (Bf j) (Sf j)
    (map (fun k => (Bf (S k), Sf (S k))) (seq j n)) /\
  path_cost (map (fun k => (a k, o k)) (seq j n)) (Bf j) (map (fun k => (Bf (S k), Sf (S k))) (seq j n)) =
    wsum (fun k => absd (a k + Bf (S k)) (Sf (S k)) + entry_cost (o k) (Bf k) (Bf (S k))) (seq j n) /\
  last (map (fun k => (Bf (S k), Sf (S k))) (seq j n)) (Bf j, Sf j) = (Bf (j + n), Sf (j + n)).
Proof.
  intros t m a o Bf Sf n; induction n as [|n IH]; intros j H.
  - simpl. rewrite Nat.add_0_r. auto.
  - destruct (IH (S j)) as (H1 & H2 & H3).
    { intros k Hk. apply H. lia. }
    destruct (H j ltac:(lia)) as (Hp & Hb & Hs).
    simpl. split; [auto|]. split; [rewrite H2; lia|].
    replace (j + S n) with (S j + n) by lia. rewrite <- H3. apply last_cons.
Qed.

(** The programme's value is at most the cost of any admissible sequence
    of counts [(Bf k, Sf k)] (counts at files below [k]), with the extra
    cost of the promoted pawns each file lets in. *)
Lemma min_captures_at_bound : forall pf o t (Bf Sf : nat -> nat),
  Bf 0 = 0 -> Sf 0 = 0 -> Bf 8 = t -> Sf 8 = length pf + t ->
  (forall k, k < 8 -> pred_ok (o k) (Bf k) (Sf k) (Bf (S k)) (Sf (S k)) = true /\
                      Bf (S k) <= t /\ Sf (S k) <= length pf + t) ->
  exists w, min_captures_at pf o t = Some w /\
            w <= wsum (fun k => absd (clt (S k) pf + Bf (S k)) (Sf (S k)) +
                                    entry_cost (o k) (Bf k) (Bf (S k))) (seq 0 8).
Proof.
  intros pf o t Bf Sf H0 H0' H8 H8' H.
  destruct (path_seq t (length pf + t) (fun k => clt (S k) pf) o Bf Sf 8 0)
    as (Hp & Hc & Hl); [intros k Hk; apply H; lia|].
  rewrite H0, H0' in Hp, Hl. rewrite H0 in Hc.
  destruct (dp_run_path [(0, 0, 0)] 0 0 0 (or_introl eq_refl) Hp) as (w & Hw & Hle).
  rewrite Hl in Hw. cbn [fst snd] in Hw. change (0 + 8) with 8 in Hw. rewrite H8, H8' in Hw.
  destruct (lookup_le Hw) as (w' & Hw' & Hle').
  exists w'. split; [exact Hw'|]. rewrite Hc in Hle. lia.
Qed.

(** The same for [min_captures]: open files cost nothing more. *)
Lemma min_captures_bound : forall pf bl t (Bf Sf : nat -> nat),
  Bf 0 = 0 -> Sf 0 = 0 -> Bf 8 = t -> Sf 8 = length pf + t ->
  (forall k, k < 8 -> pred_ok (open_entries bl k) (Bf k) (Sf k) (Bf (S k)) (Sf (S k)) = true /\
                      Bf (S k) <= t /\ Sf (S k) <= length pf + t) ->
  exists w, min_captures pf bl t = Some w /\
            w <= wsum (fun k => absd (clt (S k) pf + Bf (S k)) (Sf (S k))) (seq 0 8).
Proof.
  intros pf bl t Bf Sf H0 H0' H8 H8' H.
  destruct (min_captures_at_bound pf (open_entries bl) t Bf Sf H0 H0' H8 H8' H) as (w & Hw & Hle).
  exists w. split; [exact Hw|]. erewrite wsum_ext; [exact Hle|].
  intros k _. unfold open_entries. destruct (file_open bl k); simpl; lia.
Qed.

(** ** Cuts: an assignment costs at least the sum of [|D_k - S_k|] *)

Definition sep (k p g : nat) : nat := absd (if Nat.ltb p k then 1 else 0) (if Nat.ltb g k then 1 else 0).

Lemma absd_cuts : forall p g, p < 8 -> g < 8 -> absd p g = wsum (fun k => sep (S k) p g) (seq 0 8).
Proof.
  assert (H : forallb (fun p => forallb (fun g =>
            Nat.eqb (absd p g) (wsum (fun k => sep (S k) p g) (seq 0 8))) (seq 0 8)) (seq 0 8) = true)
    by (vm_compute; reflexivity).
  intros p g Hp Hg. forallb_at H (proj2 (in_seq 8 0 p) ltac:(lia)).
  forallb_at H (proj2 (in_seq 8 0 g) ltac:(lia)). apply Nat.eqb_eq, H.
Qed.

Lemma clt_cons : forall k p l, clt k (p :: l) = (if Nat.ltb p k then 1 else 0) + clt k l.
Proof. intros k p l. unfold clt. simpl. destruct (Nat.ltb p k); reflexivity. Qed.

(** The files between the men of [its] and their slots. *)
Definition pcost (its : list (nat * nat)) : nat := wsum (fun pg => absd (fst pg) (snd pg)) its.

Lemma cut_bound : forall its, (forall p g, In (p, g) its -> p < 8 /\ g < 8) ->
  wsum (fun k => absd (clt (S k) (map fst its)) (clt (S k) (map snd its))) (seq 0 8) <= pcost its.
Proof.
  intros its; induction its as [|[p g] its IH]; intros H.
  - simpl. unfold absd. reflexivity.
  - cbn [map fst snd]. unfold pcost; cbn [wsum fst snd]; fold (pcost its).
    destruct (H p g (or_introl eq_refl)) as [Hp Hg].
    rewrite (absd_cuts p g Hp Hg).
    specialize (IH (fun p' g' Hi => H p' g' (or_intror Hi))).
    eapply Nat.le_trans; [|apply Nat.add_le_mono_l, IH].
    apply wsum_le_add. intros k _. rewrite !clt_cons. unfold sep, absd.
    destruct (Nat.ltb p (S k)), (Nat.ltb g (S k)); lia.
Qed.

(** ** Counting below a file *)

Lemma clt_app : forall k l l', clt k (l ++ l') = clt k l + clt k l'.
Proof. intros k l l'. unfold clt. rewrite filter_app, app_length. reflexivity. Qed.

Lemma clt_le : forall k l, clt k l <= length l.
Proof.
  intros k l; induction l as [|p l IH]; [reflexivity|]. rewrite clt_cons. simpl.
  destruct (Nat.ltb p k); lia.
Qed.

Lemma clt_0 : forall l, clt 0 l = 0.
Proof. intros l; induction l as [|p l IH]; [reflexivity|]. rewrite clt_cons. simpl. exact IH. Qed.

Lemma clt_all : forall k l, (forall p, In p l -> p < k) -> clt k l = length l.
Proof.
  intros k l; induction l as [|p l IH]; intros H; [reflexivity|]. rewrite clt_cons. simpl.
  assert (Hp : p < k) by (apply H; left; reflexivity).
  apply Nat.ltb_lt in Hp. rewrite Hp. rewrite IH by (intros q Hq; apply H; right; exact Hq). reflexivity.
Qed.

Lemma clt_perm : forall k l l', Permutation l l' -> clt k l = clt k l'.
Proof.
  intros k l l' H; induction H; rewrite ?clt_cons; lia.
Qed.

Definition ceq (k : nat) (l : list nat) : nat := length (filter (Nat.eqb k) l).

Lemma clt_S : forall k l, clt (S k) l = clt k l + ceq k l.
Proof.
  intros k l; induction l as [|p l IH]; [reflexivity|]. rewrite !clt_cons. unfold ceq in *. simpl.
  destruct (Nat.ltb p (S k)) eqn:E1, (Nat.ltb p k) eqn:E2, (Nat.eqb k p) eqn:E3; simpl;
    apply Nat.ltb_lt in E1 || apply Nat.ltb_ge in E1; apply Nat.ltb_lt in E2 || apply Nat.ltb_ge in E2;
    apply Nat.eqb_eq in E3 || apply Nat.eqb_neq in E3; lia.
Qed.

Lemma ceq_nodup : forall k l, NoDup l -> ceq k l <= 1.
Proof.
  intros k l; induction l as [|p l IH]; intros H; unfold ceq in *; simpl; [lia|].
  inversion H as [|? ? Hp Hl]; subst. destruct (Nat.eqb k p) eqn:E; simpl; [|auto].
  apply Nat.eqb_eq in E; subst p.
  assert (filter (Nat.eqb k) l = []) as ->; [|simpl; lia].
  destruct (filter (Nat.eqb k) l) as [|q r] eqn:F; [reflexivity|].
  exfalso. assert (Hq : In q (filter (Nat.eqb k) l)) by (rewrite F; left; reflexivity).
  apply filter_In in Hq. destruct Hq as [Hq E]. apply Nat.eqb_eq in E. subst. contradiction.
Qed.

Lemma ceq_none : forall k l, (forall p, In p l -> p <> k) -> ceq k l = 0.
Proof.
  intros k l; induction l as [|p l IH]; intros H; unfold ceq in *; simpl; [reflexivity|].
  destruct (Nat.eqb k p) eqn:E.
  - apply Nat.eqb_eq in E. subst k. exfalso. exact (H p (or_introl eq_refl) eq_refl).
  - apply IH. intros q Hq. apply H. right. exact Hq.
Qed.

(** ** Squares and files, by computation *)

Lemma fnat_lt : forall s, In s all_squares -> fnat s < 8.
Proof.
  assert (H : forall s, In s all_squares -> Nat.ltb (fnat s) 8 = true) by by_squares.
  intros s Hs. apply Nat.ltb_lt, H, Hs.
Qed.

