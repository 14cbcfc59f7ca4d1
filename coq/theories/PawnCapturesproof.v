(** * PawnCapturesproof: pawn-capture counting is sound.

    Headline theorems:

    - [pawn_refutes_sound : forall P, pawn_refutes P = true -> ~ reachable P];
    - [entry_refutes_sound : forall P, entry_refutes P = true -> ~ reachable P];
    - [ghost_side_refutes : forall Dm Rx b c L T Z, ghost Dm Rx b c L T Z ->
         side_refutes_with (fun _ => Dm b) (fun _ => Rx b) b c = false];
    - [ghost_game : forall h G, game h G -> forall X cols top c Ys UN UB UR UQ KN KB KR KQ,
         cages_ok X cols top c Ys = true -> ... -> closed_set (piece_at G) (fun s => X.[s]) ->
         (forall r, cuts_ok (piece_at G) (fun s => X.[s]) (cut cols (opp c) r) (opp c) r) ->
         top_ok (piece_at G) c top ->
         phi_sets (piece_at G) (fun s => X.[s]) c UN UB UR UQ KN KB KR KQ ->
         ghostly (fun b => caged Ys (piece_at initial) c - caged Ys b c)
           (fun b => region_excess b c UN UB UR UQ) (piece_at G) c]
      (every legal move keeps a ghost for each side: [ghost_step], with
      the dead men of [dead_step] and the promoted men of
      [region_excess_step]; the column cuts and the pawn ceiling of the
      last position hold all game, [cuts_back] and [top_back]).

    ** The invariant: a ghost assignment

    [ghost b c L T Z] says that the board [b] admits, for the colour [c], a
    bookkeeping of where its pawns came from (nothing in the position
    records it; it is a "ghost" of the game):

    - [L] lists [c]'s pawns on the board, each once, with a slot (its
      starting file) [g];
    - [T] lists promotion tokens [(x, g)]: a pawn from slot [g] promoted
      after reaching [c]'s seventh rank on file [x]; no opponent pawn now
      stands on that seventh-rank square ([tok_open]);
    - all the slots of [L] and [T] are distinct files;
    - [T] has at least as many tokens as [c] has men beyond its initial
      set ([excess], the [promoted_men] of Material.v), and at least
      [Rx b] ([region_excess] of RegionCount.v on sets closed all game:
      the men there beyond the initial position's, [region_excess_step]);
    - [Z] lists the slots whose man has made no capture ([zin]): such a
      pawn stands on its slot's file, such a token promoted there
      ([gh_zl], [gh_zt]);
    - the cost [zcost L T Z] plus the other side's men plus [Dm b] is at
      most 16, where [Dm b] counts men of the other side no pawn of [c]
      took (the dead men of PawnCaptures.v: [caged] men of the initial
      position missing from their cages; 0 for the plain count).  A man's
      cost ([zc]) is 0 if its slot is in [Z], 2 if it stands (or promoted)
      on its slot's file after a capture, [|file - g|] otherwise: at least
      [|file - g|] in all cases ([zcost_ge]), so the plain count
      [sum |file - g|] over [L] and [T] follows ([gh_plain]).  [Z] is
      what the crossing rule needs (Crossingproof.v: capture-free pawns
      of one file keep their order);
    - each pawn's cost [zc] is at most the ranks it has gone up from its
      second rank ([gh_reach], [advance] of PawnCaptures.v): every pawn
      move goes up a rank or two, a capture exactly one
      ([pawn_advance]).  The crossing rule uses it too;
    - promotion entries ([gh_entries], [entries]): tokens known to have
      promoted to a man of role [r] on a square [s] from an admissible
      entry ([Ad r x s]: [entry_ok] of PawnCaptures.v), at least [Pk r b]
      of each role, on distinct slots, the capture of each diagonal
      landing counted with the cost ([wextra]).  [ghost_entries_refute]
      bounds the programme of [entries_refute_with] by them, and
      [entry_refutes_sound] is the headline theorem.

    The initial position has one (every pawn on its own file, no token,
    16 men each, every slot in [Z]).  A game step keeps one ([ghost_step]):

    - a push keeps the pawn's file; a capture by a pawn (en passant too)
      moves it one file, adding 1 to the cost ([zc_step]: 2 when it comes
      back to its slot's file), takes its slot out of [Z] ([zmove]), and
      removes an enemy man;
      a capture by another man only removes an enemy man;
    - a promotion turns the pawn's entry into a token for the file it
      promoted from, which held the pawn, so no enemy pawn stands there;
      the mover's men beyond the initial set grow by at most one;
    - a captured pawn of [c] loses its entry; a captured man of [c] can
      only lower [c]'s excess;
    - enemy pawns never arrive on their own second rank, so open files
      stay open; nothing else changes.

    ** From the invariant to the computation

    [min_captures] (PawnCaptures.v) is at most the cost of any ghost
    assignment: the cost of the assignment is at least the sum over cuts
    [k] of [|D_k - S_k|] ([cut_bound]), and the sequence of counts
    [(B_k, S_k)] of the assignment is one the programme minimises over
    ([min_captures_bound]).

    Axioms: those of Invariants.v (the specification of primitive integers
    [Uint63.eqb_correct], [Uint63.eqb_refl], [Uint63.ltb_spec],
    [Uint63.of_to_Z]); geometric facts about squares (files, ranks, the
    squares pawns move to) are checked on all 64 squares by computation. *)

From Coq Require Import Uint63 PArray List Bool Arith ZArith Lia Permutation.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts RulesCheck
  Game Reachable Invariants Completeness Stranded Frozen Frozenproof RegionCount PawnCaptures.
From RetroProof Require RegionCountproof.
Import ListNotations.
Open Scope nat_scope.

(** ** Sums *)

Fixpoint sum_over (f : nat -> nat) (l : list nat) : nat :=
  match l with [] => 0 | k :: l => f k + sum_over f l end.

Lemma sum_over_le : forall f g h l, (forall k, In k l -> f k <= g k + h k) ->
  sum_over f l <= sum_over g l + sum_over h l.
Proof.
  intros f g h l; induction l as [|k l IH]; simpl; intros H; [lia|].
  pose proof (H k (or_introl eq_refl)). pose proof (IH (fun x Hx => H x (or_intror Hx))). lia.
Qed.

Lemma sum_over_ext : forall f g l, (forall k, In k l -> f k = g k) -> sum_over f l = sum_over g l.
Proof.
  intros f g l; induction l as [|k l IH]; simpl; intros H; [reflexivity|].
  rewrite H by auto. rewrite IH by auto. reflexivity.
Qed.

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

Lemma path_seq : forall t m (a : nat -> nat) (o : nat -> option nat) (Bf Sf : nat -> nat) n j,
  (forall k, j <= k < j + n ->
     pred_ok (o k) (Bf k) (Sf k) (Bf (S k)) (Sf (S k)) = true /\ Bf (S k) <= t /\ Sf (S k) <= m) ->
  path_ok t m (map (fun k => (a k, o k)) (seq j n)) (Bf j) (Sf j)
    (map (fun k => (Bf (S k), Sf (S k))) (seq j n)) /\
  path_cost (map (fun k => (a k, o k)) (seq j n)) (Bf j) (map (fun k => (Bf (S k), Sf (S k))) (seq j n)) =
    sum_over (fun k => absd (a k + Bf (S k)) (Sf (S k)) + entry_cost (o k) (Bf k) (Bf (S k))) (seq j n) /\
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
            w <= sum_over (fun k => absd (clt (S k) pf + Bf (S k)) (Sf (S k)) +
                                    entry_cost (o k) (Bf k) (Bf (S k))) (seq 0 8).
Proof.
  intros pf o t Bf Sf H0 H0' H8 H8' H.
  destruct (path_seq t (length pf + t) (fun k => clt (S k) pf) o Bf Sf 8 0)
    as (Hp & Hc & Hl); [intros k Hk; apply H; lia|].
  rewrite H0, H0' in Hp, Hl. rewrite H0 in Hc.
  destruct (dp_run_path _ _ _ _ [(0, 0, 0)] 0 0 0 (or_introl eq_refl) Hp) as (w & Hw & Hle).
  rewrite Hl in Hw. cbn [fst snd] in Hw. change (0 + 8) with 8 in Hw. rewrite H8, H8' in Hw.
  destruct (lookup_le _ _ _ _ Hw) as (w' & Hw' & Hle').
  exists w'. split; [exact Hw'|]. rewrite Hc in Hle. lia.
Qed.

(** The same for [min_captures]: open files cost nothing more. *)
Lemma min_captures_bound : forall pf bl t (Bf Sf : nat -> nat),
  Bf 0 = 0 -> Sf 0 = 0 -> Bf 8 = t -> Sf 8 = length pf + t ->
  (forall k, k < 8 -> pred_ok (open_entries bl k) (Bf k) (Sf k) (Bf (S k)) (Sf (S k)) = true /\
                      Bf (S k) <= t /\ Sf (S k) <= length pf + t) ->
  exists w, min_captures pf bl t = Some w /\
            w <= sum_over (fun k => absd (clt (S k) pf + Bf (S k)) (Sf (S k))) (seq 0 8).
Proof.
  intros pf bl t Bf Sf H0 H0' H8 H8' H.
  destruct (min_captures_at_bound pf (open_entries bl) t Bf Sf H0 H0' H8 H8' H) as (w & Hw & Hle).
  exists w. split; [exact Hw|]. erewrite sum_over_ext; [exact Hle|].
  intros k _. unfold open_entries. destruct (file_open bl k); simpl; lia.
Qed.

(** ** Cuts: an assignment costs at least the sum of [|D_k - S_k|] *)

Definition sep (k p g : nat) : nat := absd (if Nat.ltb p k then 1 else 0) (if Nat.ltb g k then 1 else 0).

Lemma absd_cuts : forall p g, p < 8 -> g < 8 -> absd p g = sum_over (fun k => sep (S k) p g) (seq 0 8).
Proof.
  assert (H : forallb (fun p => forallb (fun g =>
            Nat.eqb (absd p g) (sum_over (fun k => sep (S k) p g) (seq 0 8))) (seq 0 8)) (seq 0 8) = true)
    by (vm_compute; reflexivity).
  intros p g Hp Hg. rewrite forallb_forall in H. specialize (H p (proj2 (in_seq 8 0 p) ltac:(lia))).
  rewrite forallb_forall in H. specialize (H g (proj2 (in_seq 8 0 g) ltac:(lia))).
  apply Nat.eqb_eq, H.
Qed.

Lemma clt_cons : forall k p l, clt k (p :: l) = (if Nat.ltb p k then 1 else 0) + clt k l.
Proof. intros k p l. unfold clt. simpl. destruct (Nat.ltb p k); reflexivity. Qed.

Definition pcost (its : list (nat * nat)) : nat :=
  fold_right (fun pg acc => absd (fst pg) (snd pg) + acc) 0 its.

Lemma cut_bound : forall its, (forall p g, In (p, g) its -> p < 8 /\ g < 8) ->
  sum_over (fun k => absd (clt (S k) (map fst its)) (clt (S k) (map snd its))) (seq 0 8) <= pcost its.
Proof.
  intros its; induction its as [|[p g] its IH]; intros H.
  - simpl. unfold absd. reflexivity.
  - cbn [map fst snd]. unfold pcost; cbn [fold_right fst snd]; fold (pcost its).
    destruct (H p g (or_introl eq_refl)) as [Hp Hg].
    rewrite (absd_cuts p g Hp Hg).
    specialize (IH (fun p' g' Hi => H p' g' (or_intror Hi))).
    eapply Nat.le_trans; [|apply Nat.add_le_mono_l, IH].
    apply sum_over_le. intros k _. rewrite !clt_cons. unfold sep, absd.
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

Lemma pcost_app : forall l l', pcost (l ++ l') = pcost l + pcost l'.
Proof. intros l l'; induction l as [|x l IH]; simpl; [reflexivity|]. unfold pcost in *. simpl. rewrite IH. lia. Qed.

Lemma pcost_firstn : forall n l, pcost (firstn n l) <= pcost l.
Proof.
  intros n l. rewrite <- (firstn_skipn n l) at 2. rewrite pcost_app. lia.
Qed.

Lemma nodup_app_l : forall A (l l' : list A), NoDup (l ++ l') -> NoDup l.
Proof.
  intros A l l' H. induction l as [|x l IH]; [constructor|]. simpl in H.
  inversion H as [|? ? Hx Hl]; subst. constructor.
  - intros Hx'. apply Hx, in_or_app. left. exact Hx'.
  - apply IH. exact Hl.
Qed.

Lemma in_firstn : forall A n (x : A) l, In x (firstn n l) -> In x l.
Proof.
  intros A n x l H. rewrite <- (firstn_skipn n l). apply in_or_app. left. exact H.
Qed.

(** ** Squares and files, by computation *)

Lemma fnat_lt : forall s, In s all_squares -> fnat s < 8.
Proof.
  intros s Hs. apply Nat.ltb_lt. revert s Hs.
  apply (forall_squares (fun s => Nat.ltb (fnat s) 8)). vm_compute. reflexivity.
Qed.

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

(** ** The ghost invariant *)

(** The initial position's ghost: every pawn on its own file. *)
Definition initial_ghost (c : color) : list (int * nat) :=
  match c with
  | White => [(8%uint63, 0); (9%uint63, 1); (10%uint63, 2); (11%uint63, 3);
              (12%uint63, 4); (13%uint63, 5); (14%uint63, 6); (15%uint63, 7)]
  | Black => [(48%uint63, 0); (49%uint63, 1); (50%uint63, 2); (51%uint63, 3);
              (52%uint63, 4); (53%uint63, 5); (54%uint63, 6); (55%uint63, 7)]
  end.


(** The mover's men are the same before and after a move other than a
    promotion. *)
Lemma mover_counts : forall G m G', legal_move G m G' -> ep_inv G = true -> mv_kind m <> Promotion ->
  forall g, cnt (piece_at G') (turn G) g = cnt (piece_at G) (turn G) g.
Proof.
  intros G m G' Hl Hep Hnp g.
  destruct (step_shape G m G' Hl Hep) as (Hf & Ht & _ & Hk).
  set (b := piece_at G) in *. set (b' := piece_at G') in *. set (us := turn G) in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - assert (E : (cnt b' us g + sum_ind us g b [f; t] = cnt b us g + sum_ind us g b' [f; t])%nat).
    { apply cnt_diff; [apply NoDup2; auto | apply incl_list; simpl; intros x [<-|[<-|[]]]; auto |].
      intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto. }
    simpl in E. rewrite Hbf, Hb'f, Hb't in E.
    assert (Eb : ind us g t (Some (MkPiece us r)) = ind us g f (Some (MkPiece us r))).
    { destruct (role_eqb r Bishop) eqn:Er.
      - apply role_eqb_eq in Er. apply ind_light. eapply man_moves_light; eauto.
      - apply ind_square. simpl. intros ->. discriminate. }
    destruct (target_cases b us t Htg) as [Hbt|(r' & Hbt & Hr')]; rewrite Hbt in E;
      rewrite ?ind_other' in E; rewrite Eb in E; simpl in E; lia.
  - contradiction.
  - set (v := ep_victim us t) in *.
    assert (E : (cnt b' us g + sum_ind us g b [f; t; v] = cnt b us g + sum_ind us g b' [f; t; v])%nat).
    { apply cnt_diff; [apply NoDup3; auto | apply incl_list; simpl; intros x [<-|[<-|[<-|[]]]]; auto |].
      intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto. }
    simpl in E. rewrite Hbf, Hbt, Hbv, Hb'f, Hb't, Hb'v in E.
    assert (Eb : ind us g t (Some (MkPiece us Pawn)) = ind us g f (Some (MkPiece us Pawn)))
      by (apply ind_square; discriminate).
    rewrite Eb, ind_other' in E. simpl in E. lia.
  - set (rf := castle_rook_from us side) in *. set (rt := castle_rook_to us side) in *.
    assert (E : (cnt b' us g + sum_ind us g b [f; t; rf; rt] = cnt b us g + sum_ind us g b' [f; t; rf; rt])%nat)
      by (apply cnt_diff; auto).
    simpl in E. rewrite Hbf, Hbr, Hbt, Hbrt, Hb'f, Hb'r, Hb't, Hb'rt in E.
    assert (Ek : ind us g t (Some (MkPiece us King)) = ind us g f (Some (MkPiece us King)))
      by (apply ind_square; discriminate).
    assert (Er : ind us g rt (Some (MkPiece us Rook)) = ind us g rf (Some (MkPiece us Rook)))
      by (apply ind_square; discriminate).
    rewrite Ek, Er in E. simpl in E. lia.
Qed.

Section Ghost.

(** The other side's men known not to have been taken by a pawn of the
    ghost's side ([dead], below; 0 for the plain rule), and the ghost's
    side's men known to be promoted pawns by the regions of their kind
    ([region_excess], below). *)
Context (Dm Rx : board_fn -> nat).

(** The ghost's side's men of each role known to be promoted pawns that
    came in by an admissible entry ([Pk r b]; [region_excess] on the
    [homeless] sets of PawnCaptures.v, below), and the admissible entries:
    [Ad r x s], a pawn reaching its seventh rank on file [x] may have
    promoted to a man of role [r] on [s] ([entry_ok]). *)
Context (Pk : role -> board_fn -> nat) (Ad : role -> nat -> int -> bool).

(** No opponent pawn on the square of [c]'s seventh rank on file [x]. *)
Definition tok_open (b : board_fn) (c : color) (x : nat) : Prop :=
  forall s, In s all_squares -> fnat s = x -> (relative_rank c s =? 6)%uint63 = true ->
    b s <> Some (MkPiece (opp c) Pawn).

(** [c]'s men beyond its initial set ([promoted_men] of Material.v, in counts). *)
Definition excess (b : board_fn) (c : color) : nat :=
  (cnt b c TQueen - 1) + (cnt b c TRook - 2) + (cnt b c TKnight - 2) + (cnt b c TLight - 1)
  + (cnt b c TDark - 1).

Definition lcost (L : list (int * nat)) : nat :=
  fold_right (fun sg acc => absd (fnat (fst sg)) (snd sg) + acc) 0 L.

(** The captures a man of slot [g] on file [f] has made at least, knowing
    whether it made none ([z]): none, or one per file changed, and two
    when it is back on its slot's file (a capture changes the file by
    one). *)
Definition zc (f g : nat) (z : bool) : nat :=
  if z then 0 else if Nat.eqb f g then 2 else absd f g.

Definition zin (g : nat) (Z : list nat) : bool := existsb (Nat.eqb g) Z.

Definition zcost (L : list (int * nat)) (T : list (nat * nat)) (Z : list nat) : nat :=
  fold_right (fun sg acc => zc (fnat (fst sg)) (snd sg) (zin (snd sg) Z) + acc) 0 L +
  fold_right (fun xg acc => zc (fst xg) (snd xg) (zin (snd xg) Z) + acc) 0 T.

(** Promotion entries [(x, g, s, r)]: the token [(x, g)] promoted to a
    man of role [r] on [s]. *)
Definition entry4 : Type := (nat * nat * int * role)%type.

Definition wslot (w : entry4) : nat := let '(_, g, _, _) := w in g.

(** The capture of a diagonal promotion. *)
Definition wdiag (w : entry4) : nat := let '(x, _, s, _) := w in if Nat.eqb x (fnat s) then 0 else 1.

Definition wextra (W : list entry4) : nat := fold_right (fun w acc => wdiag w + acc) 0 W.

Definition wcount (r : role) (W : list entry4) : nat :=
  length (filter (fun w => let '(_, _, _, r') := w in role_eqb r' r) W).

(** The promotions of [T] known to have come in by an admissible entry:
    for each role at least [Pk r b], each on its own slot, and the
    capture of each diagonal one counted against the other side's men. *)
Definition entries (b : board_fn) (c : color) (L : list (int * nat)) (T : list (nat * nat))
    (Z : list nat) : Prop :=
  exists W : list entry4,
    (forall x g s r, In (x, g, s, r) W -> In (x, g) T /\ Ad r x s = true) /\
    NoDup (map wslot W) /\
    (forall r, Pk r b <= wcount r W) /\
    zcost L T Z + wextra W + cnt b (opp c) TMan + Dm b <= 16.

Record ghost (b : board_fn) (c : color) (L : list (int * nat)) (T : list (nat * nat)) (Z : list nat)
  : Prop := {
  gh_pawns : forall s, In s all_squares -> (b s = Some (MkPiece c Pawn) <-> In s (map fst L));
  gh_sq : incl (map fst L) all_squares;
  gh_nd : NoDup (map fst L);
  gh_slots : NoDup (map snd L ++ map snd T);
  gh_small : forall g, In g (map snd L ++ map snd T) -> g < 8;
  gh_tok : forall x g, In (x, g) T -> x < 8 /\ tok_open b c x;
  gh_excess : excess b c <= length T;
  gh_region : Rx b <= length T;
  gh_zl : forall s g, In (s, g) L -> In g Z -> fnat s = g;
  gh_zt : forall x g, In (x, g) T -> In g Z -> x = g;
  gh_cost : zcost L T Z + cnt b (opp c) TMan + Dm b <= 16;
  gh_reach : forall s g, In (s, g) L -> zc (fnat s) g (zin g Z) <= advance c s;
  gh_entries : entries b c L T Z
}.

Definition ghostly (b : board_fn) (c : color) : Prop := exists L T Z, ghost b c L T Z.

Lemma zin_iff : forall g Z, zin g Z = true <-> In g Z.
Proof.
  intros g Z. unfold zin. rewrite existsb_exists. split.
  - intros (h & Hh & E). apply Nat.eqb_eq in E. subst. exact Hh.
  - intros H. exists g. split; [exact H|apply Nat.eqb_refl].
Qed.

Lemma zc_absd : forall f g z, (z = true -> f = g) -> absd f g <= zc f g z.
Proof.
  intros f g [|] H; unfold zc, absd.
  - rewrite (H eq_refl). lia.
  - destruct (Nat.eqb_spec f g); lia.
Qed.

(** Knowing which men made no capture only raises the plain count. *)
Lemma zcost_ge : forall L T Z, (forall s g, In (s, g) L -> In g Z -> fnat s = g) ->
  (forall x g, In (x, g) T -> In g Z -> x = g) -> lcost L + pcost T <= zcost L T Z.
Proof.
  intros L T Z HL HT. unfold zcost, lcost, pcost. apply Nat.add_le_mono.
  - clear HT. induction L as [|[s g] L IH]; simpl; [lia|]. apply Nat.add_le_mono.
    + apply zc_absd. intros E. apply zin_iff in E. exact (HL s g (or_introl eq_refl) E).
    + apply IH. intros s' g' H. exact (HL s' g' (or_intror H)).
  - clear HL. induction T as [|[x g] T IH]; simpl; [lia|]. apply Nat.add_le_mono.
    + apply zc_absd. intros E. apply zin_iff in E. exact (HT x g (or_introl eq_refl) E).
    + apply IH. intros x' g' H. exact (HT x' g' (or_intror H)).
Qed.

Lemma gh_plain : forall b c L T Z, ghost b c L T Z -> lcost L + pcost T + cnt b (opp c) TMan + Dm b <= 16.
Proof.
  intros b c L T Z G. pose proof (zcost_ge L T Z (gh_zl _ _ _ _ _ G) (gh_zt _ _ _ _ _ G)).
  pose proof (gh_cost _ _ _ _ _ G). lia.
Qed.

(** ** A ghost bounds the computation *)

Lemma promoted_excess : forall b c, promoted_men (census_of (Material.men b) c) = excess b c.
Proof. intros b c. rewrite men_eq, census_cnt. reflexivity. Qed.

Lemma men_count_cnt : forall b c, men_count (census_of (Material.men b) c) = cnt b c TMan.
Proof. intros b c. rewrite men_eq, census_cnt. reflexivity. Qed.

Lemma blocked_unfold : forall b c, blocked_files b c =
  map fnat (filter (fun s => if (relative_rank c s =? 6)%uint63
                             then opiece_eqb (b s) (Some (MkPiece (opp c) Pawn)) else false) all_squares).
Proof. intros b c. reflexivity. Qed.

Lemma open_file : forall b c x, tok_open b c x -> file_open (blocked_files b c) x = true.
Proof.
  intros b c x Ho. unfold file_open. apply negb_true_iff, not_true_iff_false. intros E.
  apply existsb_exists in E. destruct E as (y & Hy & Exy). apply Nat.eqb_eq in Exy.
  rewrite blocked_unfold in Hy. apply in_map_iff in Hy. destruct Hy as (s & Hs & Hin).
  apply filter_In in Hin. destruct Hin as [Hin Hf].
  assert (Er : (relative_rank c s =? 6)%uint63 = true).
  { destruct (relative_rank c s =? 6)%uint63; [reflexivity|discriminate]. }
  rewrite Er in Hf. apply opiece_eqb_eq in Hf. rewrite <- Exy in Hs. exact (Ho s Hin Hs Er Hf).
Qed.

Lemma pawns_perm : forall b c L T Z, ghost b c L T Z ->
  Permutation (map fst L) (filter (fun s => opiece_eqb (b s) (Some (MkPiece c Pawn))) all_squares).
Proof.
  intros b c L T Z G. apply NoDup_Permutation.
  - apply (gh_nd _ _ _ _ _ G).
  - apply NoDup_filter, all_squares_NoDup.
  - intros s. rewrite filter_In, opiece_eqb_eq. split.
    + intros H. assert (Hs : In s all_squares) by (apply (gh_sq _ _ _ _ _ G); exact H).
      split; [exact Hs|]. apply (gh_pawns _ _ _ _ _ G); assumption.
    + intros [Hs Hp]. apply (gh_pawns _ _ _ _ _ G); assumption.
Qed.

Lemma ghost_refutes_promoted : forall b c L T Z t, ghost b c L T Z -> t <= length T ->
  refutes_promoted t (fun _ => Dm b) b c = false.
Proof.
  intros b c L T Z t G Ht. unfold refutes_promoted.
  rewrite men_count_cnt.
  destruct (Nat.ltb 8 (length (pawn_files b c) + t)); [reflexivity|].
  set (pf := pawn_files b c). set (T' := firstn t T).
  assert (Hperm : Permutation (map fnat (map fst L)) pf) by (apply Permutation_map; eapply pawns_perm; eauto).
  assert (HlenT : length T' = t) by (apply firstn_length_le, Ht).
  assert (Hlenpf : length pf = length L)
    by (rewrite <- (Permutation_length Hperm), !map_length; reflexivity).
  assert (HT' : forall x g, In (x, g) T' -> x < 8 /\ tok_open b c x)
    by (intros x g H; apply (gh_tok _ _ _ _ _ G x g), (in_firstn _ t), H).
  set (slots := map snd L ++ map snd T').
  assert (Hsl : NoDup slots /\ forall g, In g slots -> g < 8).
  { pose proof (gh_slots _ _ _ _ _ G) as Hnd. pose proof (gh_small _ _ _ _ _ G) as Hsm.
    unfold slots, T'. rewrite <- (firstn_skipn t T) in Hnd, Hsm.
    rewrite map_app, app_assoc in Hnd, Hsm. split.
    - apply nodup_app_l in Hnd. exact Hnd.
    - intros g Hg. apply Hsm, in_or_app. left. exact Hg. }
  destruct Hsl as [Hsnd Hsm].
  set (Bf := fun k => clt k (map fst T')). set (Sf := fun k => clt k slots).
  destruct (min_captures_bound pf (blocked_files b c) t Bf Sf) as (w & Hw & Hle).
  - apply clt_0.
  - apply clt_0.
  - unfold Bf. rewrite clt_all, map_length; [exact HlenT|].
    intros x Hx. apply in_map_iff in Hx. destruct Hx as ([x' g] & <- & Hx). apply (HT' x' g Hx).
  - unfold Sf. rewrite clt_all by exact Hsm. unfold slots. rewrite app_length, !map_length, HlenT, Hlenpf.
    reflexivity.
  - intros k Hk. unfold Bf, Sf. rewrite !clt_S. split; [|split].
    + assert (Hd := ceq_nodup k slots Hsnd). unfold pred_ok, open_entries.
      destruct (file_open (blocked_files b c) k) eqn:Eo.
      * apply andb_true_intro. split; [apply Nat.leb_le; lia|].
        destruct (ceq k slots) as [|[|]]; [|simpl|lia]; rewrite ?Nat.add_0_r, ?Nat.add_1_r, Nat.eqb_refl;
          [reflexivity|apply orb_true_r].
      * rewrite (ceq_none k (map fst T')).
        -- apply andb_true_intro. split; [rewrite Nat.add_0_r; apply Nat.eqb_refl|].
           destruct (ceq k slots) as [|[|]]; [|simpl|lia]; rewrite ?Nat.add_0_r, ?Nat.add_1_r, Nat.eqb_refl;
             [reflexivity|apply orb_true_r].
        -- intros x Hx ->. apply in_map_iff in Hx. destruct Hx as ([x' g] & E & Hx). simpl in E. subst x'.
           destruct (HT' k g Hx) as [_ Ho]. apply open_file in Ho. congruence.
    + rewrite <- clt_S. rewrite <- HlenT, <- (map_length fst T'). apply clt_le.
    + rewrite <- clt_S. eapply Nat.le_trans; [apply clt_le|].
      unfold slots. rewrite app_length, !map_length, HlenT, Hlenpf. reflexivity.
  - rewrite Hw.
    set (its := map (fun sg => (fnat (fst sg), snd sg)) L ++ T').
    assert (Hc := cut_bound its).
    assert (Hfst : map fst its = map fnat (map fst L) ++ map fst T')
      by (unfold its; rewrite map_app, !map_map; reflexivity).
    assert (Hsnd' : map snd its = slots) by (unfold its, slots; rewrite map_app, !map_map; reflexivity).
    rewrite Hfst, Hsnd' in Hc.
    assert (Hcost : pcost its = lcost L + pcost T').
    { unfold its. rewrite pcost_app. f_equal. clear. induction L as [|[s g] L IH]; [reflexivity|].
      unfold pcost in *. simpl in *. rewrite IH. reflexivity. }
    assert (Hsum : sum_over (fun k => absd (clt (S k) pf + Bf (S k)) (Sf (S k))) (seq 0 8) =
                   sum_over (fun k => absd (clt (S k) (map fnat (map fst L) ++ map fst T')) (clt (S k) slots))
                     (seq 0 8)).
    { apply sum_over_ext. intros k _. rewrite clt_app, (clt_perm _ _ _ Hperm). reflexivity. }
    assert (Hits : forall p g, In (p, g) its -> p < 8 /\ g < 8).
    { intros p g Hi. unfold its in Hi. apply in_app_or in Hi. destruct Hi as [Hi|Hi].
      - apply in_map_iff in Hi. destruct Hi as ([s g'] & E & Hi). injection E as <- <-. split.
        + apply fnat_lt, (gh_sq _ _ _ _ _ G), in_map_iff. exists (s, g'). auto.
        + apply Hsm. unfold slots. apply in_or_app. left. apply in_map_iff. exists (s, g'). auto.
      - split; [apply (HT' p g Hi)|]. apply Hsm. unfold slots. apply in_or_app. right.
        apply in_map_iff. exists (p, g). auto. }
    specialize (Hc Hits).
    pose proof (pcost_firstn t T) as Hpf. fold T' in Hpf. pose proof (gh_plain _ _ _ _ _ G).
    destruct (Nat.ltb (16 - cnt b (opp c) TMan) w) eqn:E1; [apply Nat.ltb_lt in E1; lia|].
    destruct (Nat.ltb 0 w); [|reflexivity]. apply Nat.ltb_ge. lia.
Qed.

Theorem ghost_side_refutes : forall b c L T Z, ghost b c L T Z ->
  side_refutes_with (fun _ => Dm b) (fun _ => Rx b) b c = false.
Proof.
  intros b c L T Z G. unfold side_refutes_with. rewrite promoted_excess.
  rewrite (ghost_refutes_promoted b c L T Z (excess b c) G (gh_excess _ _ _ _ _ G)),
    (ghost_refutes_promoted b c L T Z (Rx b) G (gh_region _ _ _ _ _ G)).
  cbv zeta. destruct (Nat.ltb (excess b c) (promoted_most b c)), (refutes_promoted (promoted_most b c) (fun _ => 16) b c),
    (Nat.ltb (excess b c) (Rx b)); reflexivity.
Qed.

(** ** Updating a ghost *)

Definition no_new_enemy_pawn (b b' : board_fn) (c : color) : Prop :=
  forall s, In s all_squares -> (relative_rank c s =? 6)%uint63 = true ->
    b' s = Some (MkPiece (opp c) Pawn) -> b s = Some (MkPiece (opp c) Pawn).

Lemma tok_open_transfer : forall b b' c x, tok_open b c x -> no_new_enemy_pawn b b' c -> tok_open b' c x.
Proof. intros b b' c x Ho Hn s Hs Hx Hr E. apply (Ho s Hs Hx Hr), Hn; assumption. Qed.

Lemma lcost_mid : forall L1 x L2, lcost (L1 ++ x :: L2) = lcost L1 + absd (fnat (fst x)) (snd x) + lcost L2.
Proof. intros L1 x L2; induction L1 as [|y L1 IH]; simpl; [lia|]. rewrite IH. lia. Qed.

Lemma lcost_app : forall L1 L2, lcost (L1 ++ L2) = lcost L1 + lcost L2.
Proof. intros L1 L2; induction L1 as [|y L1 IH]; simpl; [lia|]. rewrite IH. lia. Qed.

(** The entry of a pawn of the ghost. *)
Lemma ghost_split : forall b c L T Z x, ghost b c L T Z -> In x all_squares -> b x = Some (MkPiece c Pawn) ->
  exists L1 g L2, L = L1 ++ (x, g) :: L2 /\ ~ In x (map fst (L1 ++ L2)) /\ NoDup (map fst (L1 ++ L2)).
Proof.
  intros b c L T Z x G Hx Hb. apply (gh_pawns _ _ _ _ _ G) in Hb; [|exact Hx].
  apply in_map_iff in Hb. destruct Hb as ([x' g] & E & Hin). simpl in E. subst x'.
  apply in_split in Hin. destruct Hin as (L1 & L2 & ->). exists L1, g, L2. split; [reflexivity|].
  pose proof (gh_nd _ _ _ _ _ G) as Hnd. rewrite map_app in Hnd |- *. simpl in Hnd.
  split; [apply NoDup_remove_2; exact Hnd | apply NoDup_remove_1 in Hnd; exact Hnd].
Qed.

(** The two halves of [zcost]. *)
Definition zlc (Z : list nat) (L : list (int * nat)) : nat :=
  fold_right (fun sg acc => zc (fnat (fst sg)) (snd sg) (zin (snd sg) Z) + acc) 0 L.

Definition ztc (Z : list nat) (T : list (nat * nat)) : nat :=
  fold_right (fun xg acc => zc (fst xg) (snd xg) (zin (snd xg) Z) + acc) 0 T.

Lemma zcost_split : forall L T Z, zcost L T Z = zlc Z L + ztc Z T.
Proof. reflexivity. Qed.

Lemma zlc_app : forall Z L1 L2, zlc Z (L1 ++ L2) = zlc Z L1 + zlc Z L2.
Proof. intros Z L1 L2; induction L1 as [|y L1 IH]; simpl; [lia|]. rewrite IH. lia. Qed.

Lemma zlc_mid : forall Z L1 x L2,
  zlc Z (L1 ++ x :: L2) = zlc Z L1 + zc (fnat (fst x)) (snd x) (zin (snd x) Z) + zlc Z L2.
Proof. intros Z L1 x L2. rewrite zlc_app. simpl. lia. Qed.

Lemma zin_drop : forall g h Z, h <> g -> zin h (drop g Z) = zin h Z.
Proof.
  intros g h Z Hne. apply eq_true_iff_eq. rewrite !zin_iff, drop_in. tauto.
Qed.

Lemma zin_drop_self : forall g Z, zin g (drop g Z) = false.
Proof.
  intros g Z. apply not_true_iff_false. rewrite zin_iff, drop_in. tauto.
Qed.

Lemma zlc_drop : forall g Z L, ~ In g (map snd L) -> zlc (drop g Z) L = zlc Z L.
Proof.
  intros g Z L; induction L as [|[s h] L IH]; intros Hn; simpl; [reflexivity|].
  simpl in Hn. rewrite zin_drop by (intros ->; tauto). rewrite IH by tauto. reflexivity.
Qed.

Lemma ztc_drop : forall g Z T, ~ In g (map snd T) -> ztc (drop g Z) T = ztc Z T.
Proof.
  intros g Z T; induction T as [|[x h] T IH]; intros Hn; simpl; [reflexivity|].
  simpl in Hn. rewrite zin_drop by (intros ->; tauto). rewrite IH by tauto. reflexivity.
Qed.

(** A man that moves [absd f t] files raises its count by at most that
    much, once it is known to have made a capture when it changed file. *)
Lemma zc_step : forall f t g z, (z = true -> f = g) -> f <> t ->
  zc t g false <= zc f g z + absd f t.
Proof.
  intros f t g [|] Hz Hft; unfold zc, absd.
  - rewrite (Hz eq_refl) in Hft |- *. destruct (Nat.eqb_spec t g); lia.
  - destruct (Nat.eqb_spec t g), (Nat.eqb_spec f g); lia.
Qed.

Lemma ghost_same : forall b b' c L T Z, ghost b c L T Z ->
  (forall s, In s all_squares -> (b' s = Some (MkPiece c Pawn) <-> b s = Some (MkPiece c Pawn))) ->
  no_new_enemy_pawn b b' c -> excess b' c <= excess b c -> Rx b' <= Rx b ->
  (forall r, Pk r b' <= Pk r b) ->
  cnt b' (opp c) TMan + Dm b' <= cnt b (opp c) TMan + Dm b -> ghost b' c L T Z.
Proof.
  intros b b' c L T Z G Hp Hn He HR HP Hm. destruct G as [G1 G2 G3 G4 G5 G6 G7 G7' GL GT G8 GR GW].
  constructor; auto.
  - intros s Hs. rewrite Hp by exact Hs. auto.
  - intros x g Hx. destruct (G6 x g Hx) as [H1 H2]. split; [exact H1|]. eapply tok_open_transfer; eauto.
  - lia.
  - lia.
  - lia.
  - destruct GW as (W & W1 & W2 & W3 & W4). exists W. split; [exact W1|]. split; [exact W2|].
    split; [intros r; specialize (W3 r); specialize (HP r); lia|lia].
Qed.

(** A pawn moves from [f] to [t]: if it changed file, it made a capture
    and its slot leaves [Z]. *)
Definition zmove (f t : int) (g : nat) (Z : list nat) : list nat :=
  if Nat.eqb (fnat f) (fnat t) then Z else drop g Z.

Lemma zmove_incl : forall f t g Z, incl (zmove f t g Z) Z.
Proof.
  intros f t g Z h. unfold zmove. destruct (Nat.eqb (fnat f) (fnat t)); [tauto|]. rewrite drop_in. tauto.
Qed.

Lemma zmove_file : forall f t g Z, In g (zmove f t g Z) -> fnat f = fnat t.
Proof.
  intros f t g Z. unfold zmove. destruct (Nat.eqb_spec (fnat f) (fnat t)); [tauto|].
  rewrite drop_in. tauto.
Qed.

(** A pawn of [c] goes straight from [f] to [t] on [b], without a capture. *)
Definition pushed (b : board_fn) (c : color) (f t : int) : Prop :=
  b t = None /\ ((t =? pawn_step c f)%uint63 = true \/
                 ((t =? pawn_step c (pawn_step c f))%uint63 = true /\ b (pawn_step c f) = None)).

(** How a step changes the capture-free men of [c]'s ghost, [us] moving
    on [b]: [Z] only shrinks, and a capture-free man after the step was
    one before, or (only when [c] moves) was a pawn pushed straight ahead
    or promoted from its seventh rank. *)
Definition zkept (b : board_fn) (us c : color) (L : list (int * nat)) (T : list (nat * nat)) (Z : list nat)
    (L' : list (int * nat)) (T' : list (nat * nat)) (Z' : list nat) : Prop :=
  incl Z' Z /\
  (forall s' g, In (s', g) L' -> In g Z' ->
     In (s', g) L \/ (c = us /\ exists s, In (s, g) L /\ pushed b c s s')) /\
  (forall x g, In (x, g) T' -> In g Z' ->
     In (x, g) T \/ (c = us /\ exists s, In (s, g) L /\ x = fnat s /\ (relative_rank c s =? 6)%uint63 = true)).

Lemma zkept_sub : forall b us c L T Z L', incl L' L -> zkept b us c L T Z L' T Z.
Proof.
  intros b us c L T Z L' H. split; [intros h; tauto|]. split.
  - intros s' g Hin _. left. exact (H _ Hin).
  - intros x g Hin _. left. exact Hin.
Qed.

Lemma zkept_move : forall b us c L1 L2 T Z f t g,
  (fnat f = fnat t -> c = us /\ pushed b c f t) ->
  zkept b us c (L1 ++ (f, g) :: L2) T Z (L1 ++ (t, g) :: L2) T (zmove f t g Z).
Proof.
  intros b us c L1 L2 T Z f t g H. split; [apply zmove_incl|]. split.
  - intros s' h Hin Hz. apply in_app_or in Hin. destruct Hin as [Hin|[E|Hin]].
    + left. apply in_or_app. tauto.
    + injection E as <- <-. right. destruct (H (zmove_file f t g Z Hz)) as [Ec Hp].
      split; [exact Ec|]. exists f. split; [apply in_or_app; right; left; reflexivity|exact Hp].
    + left. apply in_or_app. right. right. exact Hin.
  - intros x h Hin _. left. exact Hin.
Qed.

Lemma zkept_promote : forall b us L1 L2 T Z f g, (relative_rank us f =? 6)%uint63 = true ->
  zkept b us us (L1 ++ (f, g) :: L2) T Z (L1 ++ L2) ((fnat f, g) :: T) Z.
Proof.
  intros b us L1 L2 T Z f g H6. split; [intros h; tauto|]. split.
  - intros s' h Hin _. left. apply in_app_or in Hin. apply in_or_app. simpl. tauto.
  - intros x h [E|Hin] _.
    + injection E as <- <-. right. split; [reflexivity|]. exists f.
      split; [apply in_or_app; right; left; reflexivity|]. split; [reflexivity|exact H6].
    + left. exact Hin.
Qed.

(** How a step changes the entries of [c]'s ghost, [us] moving from [f]
    to [t] on [b]: not at all (a man other than a pawn of [c] moved), only
    losing entries (the other side moved), the pawn on [f] moved to [t],
    or the pawn on [f] promoted.  The colour count of Coloursproof.v
    follows it. *)
Inductive gchange (b : board_fn) (us c : color) (f t : int) (L : list (int * nat)) (T : list (nat * nat)) :
    list (int * nat) -> list (nat * nat) -> Prop :=
  | gc_same : (c = us -> b f <> Some (MkPiece c Pawn)) -> gchange b us c f t L T L T
  | gc_sub L' : c = opp us -> incl L' L -> gchange b us c f t L T L' T
  | gc_move L1 g L2 : c = us -> L = L1 ++ (f, g) :: L2 -> gchange b us c f t L T (L1 ++ (t, g) :: L2) T
  | gc_promote L1 g L2 : c = us -> L = L1 ++ (f, g) :: L2 -> (relative_rank c f =? 6)%uint63 = true ->
      gchange b us c f t L T (L1 ++ L2) ((fnat f, g) :: T).

Lemma ghost_move : forall b b' c L T Z f t, ghost b c L T Z -> In f all_squares -> In t all_squares ->
  b f = Some (MkPiece c Pawn) -> b t <> Some (MkPiece c Pawn) ->
  (forall s, In s all_squares ->
     (b' s = Some (MkPiece c Pawn) <-> (b s = Some (MkPiece c Pawn) /\ s <> f) \/ s = t)) ->
  no_new_enemy_pawn b b' c -> excess b' c <= excess b c -> Rx b' <= Rx b ->
  (forall r, Pk r b' <= Pk r b) ->
  absd (fnat f) (fnat t) + cnt b' (opp c) TMan + Dm b' <= cnt b (opp c) TMan + Dm b ->
  advance c f < advance c t /\ advance c f + absd (fnat f) (fnat t) <= advance c t ->
  exists L1 g L2, L = L1 ++ (f, g) :: L2 /\ ghost b' c (L1 ++ (t, g) :: L2) T (zmove f t g Z).
Proof.
  intros b b' c L T Z f t G Hf Ht Hbf Hbt Hp Hn He HR HP Hm [Ha1 Ha2].
  destruct (ghost_split b c L T Z f G Hf Hbf) as (L1 & g & L2 & -> & Hnf & Hnd).
  assert (Htn : ~ In t (map fst (L1 ++ (f, g) :: L2))) by (rewrite <- (gh_pawns _ _ _ _ _ G) by exact Ht; exact Hbt).
  exists L1, g, L2. split; [reflexivity|]. destruct G as [G1 G2 G3 G4 G5 G6 G7 G7' GL GT G8 GR GW].
  assert (Hsub : forall h, In h (zmove f t g Z) -> In h Z).
  { intros h. unfold zmove. destruct (Nat.eqb (fnat f) (fnat t)); [tauto|]. rewrite drop_in. tauto. }
  assert (Hg : ~ In g (map snd L1 ++ map snd L2 ++ map snd T)).
  { rewrite !map_app in G4. simpl in G4. rewrite <- app_assoc in G4. simpl in G4.
    apply NoDup_remove_2 in G4. exact G4. }
  (* The cost after the move, at most the cost before: the pawn's cost
     grows by at most the file it changed, one man of the other side less. *)
  assert (Hcost : zcost (L1 ++ (t, g) :: L2) T (zmove f t g Z) + cnt b' (opp c) TMan + Dm b' <=
                  zcost (L1 ++ (f, g) :: L2) T Z + cnt b (opp c) TMan + Dm b).
  { rewrite !zcost_split, !zlc_mid. simpl.
    assert (Hzg : zin g Z = true -> fnat f = g).
    { intros E. apply zin_iff in E. apply (GL f g); [apply in_or_app; right; left; reflexivity|exact E]. }
    unfold zmove. destruct (Nat.eqb_spec (fnat f) (fnat t)) as [E|E].
    + rewrite <- E. unfold absd in *. lia.
    + rewrite !zlc_drop, ztc_drop by (rewrite ?in_app_iff in Hg; tauto).
      rewrite zin_drop_self.
      pose proof (zc_step (fnat f) (fnat t) g (zin g Z) Hzg E). lia. }
  constructor.
  - intros s Hs. rewrite Hp by exact Hs. rewrite G1 by exact Hs. rewrite !map_app, !in_app_iff. simpl.
    rewrite map_app, in_app_iff in Hnf. split.
    + intros [[[H|[H|H]] Hsf]|H]; [tauto|congruence|tauto|subst; tauto].
    + intros [H|[H|H]]; [left; split; [tauto|intros ->; tauto] | right; congruence
                        | left; split; [tauto|intros ->; tauto]].
  - intros s Hs. rewrite map_app, in_app_iff in Hs. simpl in Hs. destruct Hs as [Hs|[<-|Hs]].
    + apply G2. rewrite map_app, in_app_iff. auto.
    + exact Ht.
    + apply G2. rewrite map_app, in_app_iff. simpl. auto.
  - rewrite map_app. simpl. apply (Permutation_NoDup (Permutation_middle (map fst L1) (map fst L2) t)).
    constructor; [rewrite <- map_app; intros H; apply Htn; rewrite map_app, in_app_iff in H |- *; simpl; tauto|].
    rewrite <- map_app. exact Hnd.
  - rewrite map_app in G4 |- *. exact G4.
  - rewrite map_app in G5 |- *. exact G5.
  - intros x g' Hx. destruct (G6 x g' Hx) as [H1 H2]. split; [exact H1|]. eapply tok_open_transfer; eauto.
  - lia.
  - lia.
  - intros s h Hin Hz. apply in_app_or in Hin. destruct Hin as [Hin|[E|Hin]].
    + apply (GL s h); [apply in_or_app; left; exact Hin|apply Hsub, Hz].
    + injection E as <- <-. unfold zmove in Hz. destruct (Nat.eqb_spec (fnat f) (fnat t)) as [E|E].
      * rewrite <- E. apply (GL f g); [apply in_or_app; right; left; reflexivity|exact Hz].
      * apply drop_in in Hz. tauto.
    + apply (GL s h); [apply in_or_app; right; right; exact Hin|apply Hsub, Hz].
  - intros x h Hx Hz. exact (GT x h Hx (Hsub h Hz)).
  - lia.
  - assert (Hzh : forall s h, In (s, h) (L1 ++ L2) -> zin h (zmove f t g Z) = zin h Z).
    { intros s h Hin. unfold zmove. destruct (Nat.eqb (fnat f) (fnat t)); [reflexivity|].
      apply zin_drop. intros ->. apply Hg. apply in_app_or in Hin. rewrite !in_app_iff.
      destruct Hin as [Hin|Hin]; [left|right; left]; exact (in_map snd _ _ Hin). }
    intros s h Hin. apply in_app_or in Hin. destruct Hin as [Hin|[E|Hin]].
    + rewrite (Hzh s h) by (apply in_or_app; left; exact Hin).
      apply GR, in_or_app. left. exact Hin.
    + injection E as <- <-. pose proof (GR f g ltac:(apply in_or_app; right; left; reflexivity)) as Hf'.
      assert (Hzg : zin g Z = true -> fnat f = g).
      { intros E. apply zin_iff in E. apply (GL f g); [apply in_or_app; right; left; reflexivity|exact E]. }
      unfold zmove. destruct (Nat.eqb_spec (fnat f) (fnat t)) as [E|E].
      * rewrite <- E. lia.
      * rewrite zin_drop_self. pose proof (zc_step (fnat f) (fnat t) g (zin g Z) Hzg E). lia.
    + rewrite (Hzh s h) by (apply in_or_app; right; exact Hin).
      apply GR, in_or_app. right. right. exact Hin.
  - destruct GW as (W & W1 & W2 & W3 & W4). exists W. split; [exact W1|]. split; [exact W2|].
    split; [intros r; specialize (W3 r); specialize (HP r); lia|lia].
Qed.

Lemma ghost_move_kept : forall b b' us c L T Z f t, ghost b c L T Z -> In f all_squares -> In t all_squares ->
  b f = Some (MkPiece c Pawn) -> b t <> Some (MkPiece c Pawn) ->
  (forall s, In s all_squares ->
     (b' s = Some (MkPiece c Pawn) <-> (b s = Some (MkPiece c Pawn) /\ s <> f) \/ s = t)) ->
  no_new_enemy_pawn b b' c -> excess b' c <= excess b c -> Rx b' <= Rx b ->
  (forall r, Pk r b' <= Pk r b) ->
  absd (fnat f) (fnat t) + cnt b' (opp c) TMan + Dm b' <= cnt b (opp c) TMan + Dm b ->
  (fnat f = fnat t -> c = us /\ pushed b c f t) ->
  advance c f < advance c t /\ advance c f + absd (fnat f) (fnat t) <= advance c t -> c = us ->
  exists L' T' Z', ghost b' c L' T' Z' /\ zkept b us c L T Z L' T' Z' /\ gchange b us c f t L T L' T'.
Proof.
  intros b b' us c L T Z f t G Hf Ht Hbf Hbt Hp Hn He HR HP Hm Hpush Ha Ec.
  destruct (ghost_move b b' c L T Z f t G Hf Ht Hbf Hbt Hp Hn He HR HP Hm Ha) as (L1 & g & L2 & -> & G').
  exists (L1 ++ (t, g) :: L2), T, (zmove f t g Z). split; [exact G'|]. split; [apply zkept_move, Hpush|].
  apply gc_move; [exact Ec|reflexivity].
Qed.

Lemma ghost_remove : forall b b' c L T Z x, ghost b c L T Z -> In x all_squares -> b x = Some (MkPiece c Pawn) ->
  (forall s, In s all_squares -> (b' s = Some (MkPiece c Pawn) <-> b s = Some (MkPiece c Pawn) /\ s <> x)) ->
  no_new_enemy_pawn b b' c -> excess b' c <= excess b c -> Rx b' <= Rx b ->
  (forall r, Pk r b' <= Pk r b) ->
  cnt b' (opp c) TMan + Dm b' <= cnt b (opp c) TMan + Dm b -> exists L', incl L' L /\ ghost b' c L' T Z.
Proof.
  intros b b' c L T Z x G Hx Hbx Hp Hn He HR HP Hm.
  destruct (ghost_split b c L T Z x G Hx Hbx) as (L1 & g & L2 & -> & Hnf & Hnd).
  exists (L1 ++ L2). split; [intros y Hy; apply in_app_or in Hy; apply in_or_app; simpl; tauto|].
  destruct G as [G1 G2 G3 G4 G5 G6 G7 G7' GL GT G8 GR GW]. constructor.
  - intros s Hs. rewrite Hp by exact Hs. rewrite G1 by exact Hs. rewrite !map_app, !in_app_iff. simpl.
    rewrite map_app, in_app_iff in Hnf. split.
    + intros [[H|[H|H]] Hsx]; [tauto|congruence|tauto].
    + intros [H|H]; (split; [tauto|intros ->; tauto]).
  - intros s Hs. apply G2. rewrite !map_app, !in_app_iff in *. simpl. tauto.
  - exact Hnd.
  - rewrite !map_app in *. simpl in G4. rewrite <- app_assoc in *. simpl in G4.
    apply NoDup_remove_1 in G4. exact G4.
  - intros g' Hg. apply G5. rewrite !map_app, !in_app_iff in *. simpl. tauto.
  - intros x' g' Hx'. destruct (G6 x' g' Hx') as [H1 H2]. split; [exact H1|]. eapply tok_open_transfer; eauto.
  - lia.
  - lia.
  - intros s h Hin. apply GL. apply in_app_or in Hin. apply in_or_app. simpl. tauto.
  - exact GT.
  - rewrite zcost_split, zlc_mid in G8. rewrite zcost_split, zlc_app. lia.
  - intros s h Hin. apply GR. apply in_app_or in Hin. apply in_or_app. simpl. tauto.
  - destruct GW as (W & W1 & W2 & W3 & W4). exists W. split; [exact W1|]. split; [exact W2|].
    split; [intros r; specialize (W3 r); specialize (HP r); lia|].
    rewrite zcost_split, zlc_mid in W4. rewrite zcost_split, zlc_app. lia.
Qed.

Lemma ghost_promote : forall b b' c L T Z x t r, ghost b c L T Z -> In x all_squares -> b x = Some (MkPiece c Pawn) ->
  (forall s, In s all_squares -> (b' s = Some (MkPiece c Pawn) <-> b s = Some (MkPiece c Pawn) /\ s <> x)) ->
  no_new_enemy_pawn b b' c -> tok_open b' c (fnat x) -> excess b' c <= S (excess b c) ->
  Rx b' <= S (Rx b) ->
  (forall r', Pk r' b' <= Pk r' b \/ (Pk r' b' <= S (Pk r' b) /\ r' = r /\ Ad r (fnat x) t = true)) ->
  (if Nat.eqb (fnat x) (fnat t) then 0 else 1) + cnt b' (opp c) TMan + Dm b' <= cnt b (opp c) TMan + Dm b ->
  exists L1 g L2, L = L1 ++ (x, g) :: L2 /\ ghost b' c (L1 ++ L2) ((fnat x, g) :: T) Z.
Proof.
  intros b b' c L T Z x t r G Hx Hbx Hp Hn Ho He HR HP Hm.
  destruct (ghost_split b c L T Z x G Hx Hbx) as (L1 & g & L2 & -> & Hnf & Hnd).
  exists L1, g, L2. split; [reflexivity|]. destruct G as [G1 G2 G3 G4 G5 G6 G7 G7' GL GT G8 GR GW].
  assert (Hperm : Permutation (map snd (L1 ++ (x, g) :: L2) ++ map snd T)
                              (map snd (L1 ++ L2) ++ map snd ((fnat x, g) :: T))).
  { rewrite !map_app. simpl. rewrite <- !app_assoc. simpl.
    eapply perm_trans; [apply Permutation_sym, Permutation_middle|].
    rewrite !app_assoc. apply Permutation_middle. }
  constructor.
  - intros s Hs. rewrite Hp by exact Hs. rewrite G1 by exact Hs. rewrite !map_app, !in_app_iff. simpl.
    rewrite map_app, in_app_iff in Hnf. split.
    + intros [[H|[H|H]] Hsx]; [tauto|congruence|tauto].
    + intros [H|H]; (split; [tauto|intros ->; tauto]).
  - intros s Hs. apply G2. rewrite !map_app, !in_app_iff in *. simpl. tauto.
  - exact Hnd.
  - exact (Permutation_NoDup Hperm G4).
  - intros g' Hg. apply G5. apply (Permutation_in _ (Permutation_sym Hperm)). exact Hg.
  - intros x' g' [E|Hx'].
    + injection E as <- <-. split; [apply fnat_lt; exact Hx | exact Ho].
    + destruct (G6 x' g' Hx') as [H1 H2]. split; [exact H1|]. eapply tok_open_transfer; eauto.
  - simpl. lia.
  - simpl. lia.
  - intros s h Hin. apply GL. apply in_app_or in Hin. apply in_or_app. simpl. tauto.
  - intros x' h [E|Hx'] Hz.
    + injection E as <- <-. apply (GL x g); [apply in_or_app; right; left; reflexivity|exact Hz].
    + exact (GT x' h Hx' Hz).
  - rewrite zcost_split, zlc_mid in G8. rewrite zcost_split, zlc_app. simpl in *. lia.
  - intros s h Hin. apply GR. apply in_app_or in Hin. apply in_or_app. simpl. tauto.
  - destruct GW as (W & W1 & W2 & W3 & W4).
    assert (HgT : ~ In g (map snd T)).
    { intros Hin. rewrite map_app in G4. simpl in G4. rewrite <- app_assoc in G4. simpl in G4.
      apply NoDup_remove_2 in G4. apply G4. rewrite !in_app_iff. right. right. exact Hin. }
    assert (Hgw : ~ In g (map wslot W)).
    { intros Hin. apply in_map_iff in Hin. destruct Hin as ([[[x0 g0] s0] r0] & E & Hw).
      simpl in E. subst g0. apply HgT. apply (in_map snd _ (x0, g)), (W1 x0 g s0 r0 Hw). }
    assert (Hz : zcost (L1 ++ L2) ((fnat x, g) :: T) Z = zcost (L1 ++ (x, g) :: L2) T Z)
      by (rewrite !zcost_split, zlc_mid, zlc_app; simpl; lia).
    destruct (Ad r (fnat x) t) eqn:Ea.
    + exists ((fnat x, g, t, r) :: W). split; [|split; [|split]].
      * intros x0 g0 s0 r0 [E|Hw].
        -- injection E as <- <- <- <-. split; [left; reflexivity|exact Ea].
        -- destruct (W1 x0 g0 s0 r0 Hw) as [H1 H2]. split; [right; exact H1|exact H2].
      * simpl. constructor; assumption.
      * intros r0. specialize (W3 r0). unfold wcount in *. simpl.
        destruct (HP r0) as [H|(H & <- & _)].
        -- destruct (role_eqb r r0); simpl; lia.
        -- rewrite (proj2 (role_eqb_eq r0 r0) eq_refl). simpl. lia.
      * rewrite Hz. simpl. lia.
    + exists W. split; [|split; [exact W2|split]].
      * intros x0 g0 s0 r0 Hw. destruct (W1 x0 g0 s0 r0 Hw) as [H1 H2]. split; [right; exact H1|exact H2].
      * intros r0. specialize (W3 r0). destruct (HP r0) as [H|(_ & _ & E)]; [lia|congruence].
      * rewrite Hz. lia.
Qed.
(** ** Geometry of pawn moves, by computation on the 64 squares *)

Definition geo_ok (c : color) (f t : int) : bool :=
  negb (rank_ok f) |||
  ((negb (t =? pawn_step c f)%uint63 |||
      (Nat.eqb (fnat t) (fnat f) &&& negb (relative_rank (opp c) t =? 6)%uint63 &&&
       (negb (relative_rank c t =? 7)%uint63 ||| (relative_rank c f =? 6)%uint63))) &&&
   (negb ((relative_rank c f =? 1)%uint63 &&& (t =? pawn_step c (pawn_step c f))%uint63) |||
      (Nat.eqb (fnat t) (fnat f) &&& negb (relative_rank (opp c) t =? 6)%uint63 &&&
       negb (relative_rank c t =? 7)%uint63)) &&&
   (negb (inb t (pawn_attacks c f)) |||
      (Nat.eqb (absd (fnat f) (fnat t)) 1 &&& negb (relative_rank (opp c) t =? 6)%uint63 &&&
       (negb (relative_rank c t =? 7)%uint63 ||| (relative_rank c f =? 6)%uint63)))).

Lemma geo_all : forall c f t, In f all_squares -> In t all_squares -> geo_ok c f t = true.
Proof. by_squares. Qed.

Lemma pawn_attack_geo : forall c f t, In f all_squares -> In t all_squares -> rank_ok f = true ->
  inb t (pawn_attacks c f) = true ->
  (relative_rank (opp c) t =? 6)%uint63 = false /\ absd (fnat f) (fnat t) = 1.
Proof.
  intros c f t Hf Ht Hr Ha. pose proof (geo_all c f t Hf Ht) as G. unfold geo_ok in G.
  rewrite Hr, Ha in G. cbn [negb] in G. split_lazy.
  repeat match goal with H : Nat.eqb _ _ = true |- _ => apply Nat.eqb_eq in H end.
  split; [apply negb_true_iff; assumption | assumption].
Qed.

(** Where a pawn of [c] goes from [f] (not on a back rank): never to
    [opp c]'s seventh rank (that is, [c]'s second); to its last rank only
    from its seventh; on its file, or one file aside onto an occupied
    square. *)
Lemma pawn_move_geo : forall b c f t, In f all_squares -> In t all_squares -> rank_ok f = true ->
  man_moves b c Pawn f t ->
  (relative_rank (opp c) t =? 6)%uint63 = false /\
  ((relative_rank c t =? 7)%uint63 = true -> (relative_rank c f =? 6)%uint63 = true) /\
  (fnat t = fnat f \/ (absd (fnat f) (fnat t) = 1 /\ b t <> None)).
Proof.
  intros b c f t Hf Ht Hr Hm. pose proof (geo_all c f t Hf Ht) as G. unfold geo_ok in G.
  rewrite Hr in G. cbn [negb] in G. split_lazy.
  destruct Hm as [(Et & _)|[(Er & Et & _)|(Et & Hbt)]].
  - rewrite Et in *. cbn [negb] in *. split_lazy.
    repeat match goal with H : Nat.eqb _ _ = true |- _ => apply Nat.eqb_eq in H end.
    split; [apply negb_true_iff; assumption|]. split; [|auto].
    intros H7. rewrite H7 in *. cbn [negb] in *. assumption.
  - rewrite Er, Et in *. cbn [negb] in *. split_lazy.
    repeat match goal with H : Nat.eqb _ _ = true |- _ => apply Nat.eqb_eq in H end.
    split; [apply negb_true_iff; assumption|]. split; [|auto].
    intros H7. rewrite H7 in *. discriminate.
  - rewrite Et in *. cbn [negb] in *. split_lazy.
    repeat match goal with H : Nat.eqb _ _ = true |- _ => apply Nat.eqb_eq in H end.
    split; [apply negb_true_iff; assumption|]. split; [|auto].
    intros H7. rewrite H7 in *. cbn [negb] in *. assumption.
Qed.

(** A pawn capture changes the file. *)
Lemma attack_file : forall c f t, In f all_squares -> In t all_squares -> inb t (pawn_attacks c f) = true ->
  fnat f = fnat t -> False.
Proof.
  assert (H : forall c f t, In f all_squares -> In t all_squares ->
    negb (inb t (pawn_attacks c f)) || negb (Nat.eqb (fnat f) (fnat t)) = true) by by_squares.
  intros c f t Hf Ht Ha E. specialize (H c f t Hf Ht). rewrite Ha, E, Nat.eqb_refl in H. discriminate.
Qed.

(** Every pawn move goes up at least one rank, and a capture exactly one
    (with the file changed by one). *)
Definition pawn_moves_to (c : color) (f t : int) : bool :=
  (t =? pawn_step c f)%uint63 || ((relative_rank c f =? 1)%uint63 && (t =? pawn_step c (pawn_step c f))%uint63)
  || inb t (pawn_attacks c f).

Lemma pawn_advance : forall c f t, In f all_squares -> In t all_squares -> rank_ok f = true ->
  pawn_moves_to c f t = true ->
  advance c f < advance c t /\ advance c f + absd (fnat f) (fnat t) <= advance c t.
Proof.
  assert (H : forall c f t, In f all_squares -> In t all_squares ->
    negb (rank_ok f && pawn_moves_to c f t) ||
     (Nat.ltb (advance c f) (advance c t) && Nat.leb (advance c f + absd (fnat f) (fnat t)) (advance c t)) = true) by by_squares.
  intros c f t Hf Ht Hr Hm. specialize (H c f t Hf Ht). rewrite Hr, Hm in H. simpl in H.
  apply andb_prop in H. destruct H as [H1 H2]. apply Nat.ltb_lt in H1. apply Nat.leb_le in H2. auto.
Qed.

Lemma pawn_moves_man : forall b c f t, man_moves b c Pawn f t -> pawn_moves_to c f t = true.
Proof.
  intros b c f t Hm. unfold pawn_moves_to.
  destruct Hm as [(E & _)|[(E1 & E2 & _)|(E & _)]]; rewrite ?E, ?E1, ?E2; simpl;
    rewrite ?orb_true_r; reflexivity.
Qed.

Lemma seventh_unique : forall c s s', In s all_squares -> In s' all_squares -> fnat s = fnat s' ->
  (relative_rank c s =? 6)%uint63 = true -> (relative_rank c s' =? 6)%uint63 = true -> s = s'.
Proof.
  assert (H : forall c, forallb (fun s => forallb (fun s' =>
     negb (Nat.eqb (fnat s) (fnat s') &&& (relative_rank c s =? 6)%uint63 &&& (relative_rank c s' =? 6)%uint63)
     ||| (s =? s')%uint63) all_squares) all_squares = true) by (intros []; vm_compute; reflexivity).
  intros c s s' Hs Hs' E H1 H2. specialize (H c). forallb_at H Hs.
  forallb_at H Hs'. rewrite E, Nat.eqb_refl, H1, H2 in H.
  apply eqb_true. exact H.
Qed.

(** ** How a move changes the counts *)

(** A move that changes only the squares [D], leaves none of them with
    a man of tag [g] of [c], and had one on [x], lowers [c]'s count of
    [g]. *)
Lemma tag_drop : forall b b' D c g x, NoDup D -> incl D all_squares -> In x D ->
  (forall s, In s all_squares -> ~ In s D -> b' s = b s) ->
  (forall s, In s D -> ind c g s (b' s) = 0) ->
  ind c g x (b x) = 1 -> cnt b' c g + 1 <= cnt b c g.
Proof.
  intros b b' D c g x Hnd Hincl Hx Hsame H0 E1.
  pose proof (cnt_drop b b' D c g x Hnd Hincl Hx Hsame H0) as E. rewrite E1 in E. exact E.
Qed.

(** A capture of a man of [c] on [x] (one of the changed squares [D],
    none of which holds a man of [c] after the move). *)
Lemma capture_count : forall b b' D c x r, NoDup D -> incl D all_squares -> In x D ->
  (forall s, In s all_squares -> ~ In s D -> b' s = b s) ->
  (forall s, In s D -> ind c TMan s (b' s) = 0) ->
  b x = Some (MkPiece c r) -> cnt b' c TMan + 1 <= cnt b c TMan.
Proof.
  intros b b' D c x r Hnd Hincl Hx Hsame H0 Hbx.
  apply (tag_drop b b' D c TMan x Hnd Hincl Hx Hsame H0). rewrite Hbx. destruct c; reflexivity.
Qed.

Lemma mover_excess : forall G m G', legal_move G m G' -> ep_inv G = true ->
  excess (piece_at G') (turn G) <= S (excess (piece_at G) (turn G)).
Proof.
  intros G m G' Hl Hep.
  destruct (count_step G m G' Hl Hep) as (_ & _ & _ & _ & [H|(r & s & Hr & _ & H)]); unfold excess.
  - rewrite !H. lia.
  - set (c := turn G) in *.
    assert (EN := H TKnight ltac:(discriminate) ltac:(discriminate)).
    assert (EL := H TLight ltac:(discriminate) ltac:(discriminate)).
    assert (ED := H TDark ltac:(discriminate) ltac:(discriminate)).
    assert (ER := H TRook ltac:(discriminate) ltac:(discriminate)).
    assert (EQ := H TQueen ltac:(discriminate) ltac:(discriminate)).
    pose proof (promo_tags c r s Hr) as Hsum.
    lia.
Qed.

Lemma excess_mono : forall b b' c, (forall g, cnt b' c g <= cnt b c g) -> excess b' c <= excess b c.
Proof.
  intros b b' c H. unfold excess.
  pose proof (H TKnight). pose proof (H TLight). pose proof (H TDark). pose proof (H TRook).
  pose proof (H TQueen). lia.
Qed.


(** ** A game step keeps a ghost *)


Lemma piece_opp_neq : forall c r r', Some (MkPiece c r) <> Some (MkPiece (opp c) r').
Proof. intros [] r r' E; discriminate. Qed.

Lemma piece_role_neq : forall c r r', r <> r' -> Some (MkPiece c r) <> Some (MkPiece c r').
Proof. intros c r r' H E. injection E. auto. Qed.

(** The side not moving, when the mover leaves [f] and lands on [t]. *)
Lemma other_side_ft : forall b b' us f t rf r L T Z, ghost b (opp us) L T Z ->
  In f all_squares -> In t all_squares -> f <> t ->
  b f = Some (MkPiece us rf) -> b' f = None -> b' t = Some (MkPiece us r) ->
  (r = Pawn -> (relative_rank (opp us) t =? 6)%uint63 = false) ->
  (forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s) ->
  (forall g, cnt b' (opp us) g <= cnt b (opp us) g) -> Rx b' <= Rx b -> (forall r, Pk r b' <= Pk r b) ->
  cnt b' (opp (opp us)) TMan + Dm b' <= cnt b (opp (opp us)) TMan + Dm b ->
  exists L', incl L' L /\ ghost b' (opp us) L' T Z.
Proof.
  intros b b' us f t rf r L T Z Hg Hf Ht Hft Hbf Hb'f Hb't Hr6 Hsame Hopp HR HP Hm.
  assert (Hnne : no_new_enemy_pawn b b' (opp us)).
  { intros s Hs H6 Hb's. rewrite opp_opp in *. sq_cases s [f; t].
    - rewrite Hb'f in Hb's. discriminate.
    - rewrite Hb't in Hb's. injection Hb's as ->. rewrite (Hr6 eq_refl) in H6. discriminate.
    - rewrite Hsame in Hb's by auto. exact Hb's. }
  assert (He : excess b' (opp us) <= excess b (opp us)) by (apply excess_mono, Hopp).
  destruct (opiece_eqb (b t) (Some (MkPiece (opp us) Pawn))) eqn:Ecap.
  - apply opiece_eqb_eq in Ecap.
    apply (ghost_remove b b' (opp us) L T Z t Hg Ht Ecap); auto.
    intros s Hs. sq_cases s [f; t].
    + rewrite Hb'f, Hbf. split; [discriminate|]. intros [E _]. exfalso; exact (piece_opp_neq _ _ _ E).
    + rewrite Hb't. split; [intros E; exfalso; exact (piece_opp_neq _ _ _ E)|tauto].
    + rewrite Hsame by auto. tauto.
  - exists L. split; [intros y; tauto|]. apply (ghost_same b b' (opp us) L T Z Hg); auto.
    intros s Hs. sq_cases s [f; t].
    + rewrite Hb'f, Hbf. split; [discriminate|]. intros E. exfalso; exact (piece_opp_neq _ _ _ E).
    + rewrite Hb't. split; [intros E; exfalso; exact (piece_opp_neq _ _ _ E)|].
      intros E. rewrite E in Ecap. simpl in Ecap. destruct us; discriminate.
    + rewrite Hsame by auto. tauto.
Qed.

Lemma ghost_step_kept : forall G m G', legal_move G m G' -> inv G = true -> forall c,
  cnt (piece_at G') (opp c) TMan + Dm (piece_at G') <= cnt (piece_at G) (opp c) TMan + Dm (piece_at G) ->
  (piece_at G (mv_from m) = Some (MkPiece c Pawn) -> Dm (piece_at G') <= Dm (piece_at G)) ->
  Rx (piece_at G') <= S (Rx (piece_at G)) ->
  (turn G <> c \/ mv_kind m <> Promotion -> Rx (piece_at G') <= Rx (piece_at G)) ->
  (turn G <> c \/ mv_kind m <> Promotion -> forall r, Pk r (piece_at G') <= Pk r (piece_at G)) ->
  (forall r, Pk r (piece_at G') <= Pk r (piece_at G) \/
     (Pk r (piece_at G') <= S (Pk r (piece_at G)) /\ piece_at G' (mv_to m) = Some (MkPiece c r) /\
      Ad r (fnat (mv_from m)) (mv_to m) = true)) ->
  forall L T Z, ghost (piece_at G) c L T Z ->
  exists L' T' Z', ghost (piece_at G') c L' T' Z' /\ zkept (piece_at G) (turn G) c L T Z L' T' Z' /\
    gchange (piece_at G) (turn G) c (mv_from m) (mv_to m) L T L' T'.
Proof.
  intros G m G' Hl Hi c HD1 HD2 HR1 HR2 HP1 HP2 L T Z Hg.
  pose proof (pawns_ok_inv G Hi) as Hpok. pose proof (ep_inv_of G Hi) as Hep.
  destruct (count_step G m G' Hl Hep) as (Hopp & _ & _ & Hman & _).
  pose proof (mover_counts G m G' Hl Hep) as Hmc.
  pose proof (mover_excess G m G' Hl Hep) as Hme.
  open_move Hl Hep Hps Hf Ht Hk.
  set (b := piece_at G) in *. set (b' := piece_at G') in *. set (us := turn G) in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (Hcol : c = us \/ c = opp us) by (destruct c, us; auto).
  assert (Hrf : forall c', b f = Some (MkPiece c' Pawn) -> rank_ok f = true) by (intros c' H; exact (Hpok f c' Hf H)).
  assert (Hother : c = opp us -> Rx b' <= Rx b) by (intros ->; apply HR2; left; destruct us; discriminate).
  assert (HPother : c = opp us -> forall r, Pk r b' <= Pk r b)
    by (intros ->; apply HP1; left; destruct us; discriminate).
  assert (Hmover : c = us -> no_new_enemy_pawn b b' us -> (forall g, cnt b' us g = cnt b us g) ->
                   Rx b' <= Rx b -> (forall r, Pk r b' <= Pk r b) ->
                   (forall s, In s all_squares -> (b' s = Some (MkPiece us Pawn) <-> b s = Some (MkPiece us Pawn))) ->
                   b f <> Some (MkPiece us Pawn) ->
                   exists L' T' Z', ghost b' us L' T' Z' /\ zkept b us us L T Z L' T' Z' /\
                                    gchange b us us f t L T L' T').
  { intros Ec Hn Hc HR HP Hp Hnp. subst c. exists L, T, Z. split; [|split; [apply zkept_sub; intros y; tauto|]].
    - apply (ghost_same b b' us L T Z Hg); auto. apply excess_mono. intros g. rewrite Hc. lia.
    - apply gc_same. intros _. exact Hnp. }
  assert (Hside : forall L', incl L' L -> ghost b' (opp us) L' T Z ->
                  exists L' T' Z', ghost b' (opp us) L' T' Z' /\ zkept b us (opp us) L T Z L' T' Z' /\
                                   gchange b us (opp us) f t L T L' T').
  { intros L' Hinc Gs. exists L', T, Z. split; [exact Gs|]. split; [apply zkept_sub, Hinc|].
    apply gc_sub; [reflexivity|exact Hinc]. }
  shape_inv Hk.
  - (* a normal move *)
    clear Hr7 Hps.
    assert (HR : Rx b' <= Rx b) by (apply HR2; right; discriminate).
    assert (HP : forall r, Pk r b' <= Pk r b) by (apply HP1; right; discriminate).
    clear HP1 HP2.
    assert (Hmove : forall g, cnt b' us g = cnt b us g) by (apply Hmc; discriminate).
    assert (Hnot : b t <> Some (MkPiece us Pawn)) by (apply target_ok_not_own; exact Htg).
    assert (Hnne : no_new_enemy_pawn b b' us).
    { intros s Hs _ Hb's. sq_cases s [f; t]; [congruence| |rewrite Hsame in Hb's by auto; exact Hb's].
      rewrite Hb't in Hb's. destruct us; discriminate. }
    destruct Hcol as [->| ->].
    + destruct (role_eqb r Pawn) eqn:Erp.
      * apply role_eqb_eq in Erp. subst r.
        destruct (pawn_move_geo b us f t Hf Ht (Hrf us Hbf) Hmm) as (_ & _ & Hgeo).
        apply (ghost_move_kept b b' us us L T Z f t Hg Hf Ht Hbf Hnot); auto.
        -- intros s Hs. sq_cases s [f; t].
           ++ rewrite Hb'f. split; [discriminate|]. intros [[_ H]|H]; congruence.
           ++ rewrite Hb't. tauto.
           ++ rewrite Hsame by auto. tauto.
        -- apply excess_mono. intros g. rewrite Hmove. lia.
        -- destruct Hgeo as [Ef|(Ed & Hbt)].
           ++ rewrite Ef. unfold absd. rewrite Nat.sub_diag. simpl. exact HD1.
           ++ rewrite Ed. assert (HDp := HD2 Hbf).
              destruct (target_cases b us t Htg) as [E|(r' & E & _)]; [contradiction|].
              enough (cnt b' (opp us) TMan + 1 <= cnt b (opp us) TMan) by lia.
              apply (capture_count b b' [f; t] (opp us) t r'); auto.
              ** apply NoDup2; auto.
              ** apply incl_list; simpl; intros x [<-|[<-|[]]]; auto.
              ** simpl; auto.
              ** intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
              ** intros s [<-|[<-|[]]]; [rewrite Hb'f|rewrite Hb't, ind_other]; reflexivity.
        -- intros E. split; [reflexivity|].
           destruct Hmm as [(Hfw & Hbt0)|[(_ & Hfw & Hpc & Hbt0)|(Hat & _)]].
           ++ split; [exact Hbt0|left; exact Hfw].
           ++ split; [exact Hbt0|right; split; assumption].
           ++ exfalso. exact (attack_file us f t Hf Ht Hat E).
        -- exact (pawn_advance us f t Hf Ht (Hrf us Hbf) (pawn_moves_man b us f t Hmm)).
      * apply Hmover; auto; cycle 1.
        { rewrite Hbf. intros E. injection E as Er. subst r. simpl in Erp. discriminate Erp. }
        intros s Hs. sq_cases s [f; t].
        -- rewrite Hb'f, Hbf. split; [discriminate|]. intros E. injection E as ->. discriminate.
        -- rewrite Hb't. split; [intros E; injection E as ->; discriminate|intros E; contradiction].
        -- rewrite Hsame by auto. tauto.
    + cut (exists L', incl L' L /\ ghost b' (opp us) L' T Z); [intros (L' & Hinc & Gs); exact (Hside L' Hinc Gs)|].
      apply (other_side_ft b b' us f t r r L T Z Hg Hf Ht Hft Hbf Hb'f Hb't); auto.
      intros ->. apply (pawn_move_geo b us f t Hf Ht (Hrf us Hbf) Hmm).
  - (* a promotion *)
    destruct Hps as (r0 & _ & _ & _ & H7 & _ & Hmm).
    assert (Hnot : b t <> Some (MkPiece us Pawn)) by (apply target_ok_not_own; exact Htg).
    assert (Hrp : r <> Pawn) by (intros ->; simpl in Hr; intuition discriminate).
    destruct Hcol as [->| ->].
    + destruct (pawn_move_geo b us f t Hf Ht (Hrf us Hbf) Hmm) as (_ & Hf6 & Hgeo).
      clear HR2 HP1.
      specialize (Hf6 H7).
      cut (exists L1 g L2, L = L1 ++ (f, g) :: L2 /\ ghost b' us (L1 ++ L2) ((fnat f, g) :: T) Z);
        [intros (L1 & g & L2 & -> & Gp); exists (L1 ++ L2), ((fnat f, g) :: T), Z;
         split; [exact Gp|]; split; [apply zkept_promote, Hf6|apply gc_promote; [reflexivity|reflexivity|exact Hf6]]|].
      apply (ghost_promote b b' us L T Z f t r Hg Hf Hbf); auto.
      * intros s Hs. sq_cases s [f; t].
        -- rewrite Hb'f. split; [discriminate|]. intros [_ H]; congruence.
        -- rewrite Hb't. split; [intros E; exfalso; exact (piece_role_neq _ _ _ Hrp E)|intros [E _]; contradiction].
        -- rewrite Hsame by auto. tauto.
      * intros s Hs _ Hb's. sq_cases s [f; t]; [congruence| |rewrite Hsame in Hb's by auto; exact Hb's].
        rewrite Hb't in Hb's. destruct us; discriminate.
      * intros s Hs Hx H6 E. rewrite (seventh_unique us s f Hs Hf Hx H6 Hf6) in E. congruence.
      * intros r'. destruct (HP2 r') as [H|(H & Ht' & Ha)]; [left; exact H|right].
        fold b' t in Ht'. rewrite Hb't in Ht'. injection Ht' as <-. auto.
      * destruct Hgeo as [Ef|(Ed & Hbt)].
        -- rewrite Ef, Nat.eqb_refl. simpl. exact HD1.
        -- assert (HDp := HD2 Hbf).
           assert (En : Nat.eqb (fnat f) (fnat t) = false) by (apply Nat.eqb_neq; unfold absd in Ed; lia).
           rewrite En.
           destruct (target_cases b us t Htg) as [E|(r' & E & _)]; [contradiction|].
           enough (cnt b' (opp us) TMan + 1 <= cnt b (opp us) TMan) by lia.
           apply (capture_count b b' [f; t] (opp us) t r'); auto.
           ++ apply NoDup2; auto.
           ++ apply incl_list; simpl; intros y [<-|[<-|[]]]; auto.
           ++ simpl; auto.
           ++ intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
           ++ intros s [<-|[<-|[]]]; [rewrite Hb'f|rewrite Hb't, ind_other]; reflexivity.
    + cut (exists L', incl L' L /\ ghost b' (opp us) L' T Z); [intros (L' & Hinc & Gs); exact (Hside L' Hinc Gs)|].
      apply (other_side_ft b b' us f t Pawn r L T Z Hg Hf Ht Hft Hbf Hb'f Hb't); auto.
      intros E; contradiction.
  - (* en passant *)
    destruct Hps as (_ & _ & _ & Ha & _).
    set (v := ep_victim us t) in *.
    assert (HR : Rx b' <= Rx b) by (apply HR2; right; discriminate).
    assert (HP : forall r, Pk r b' <= Pk r b) by (apply HP1; right; discriminate).
    clear HP1 HP2.
    destruct (pawn_attack_geo us f t Hf Ht (Hrf us Hbf) Ha) as (H6 & Ed).
    assert (Hmove : forall g, cnt b' us g = cnt b us g) by (apply Hmc; discriminate).
    destruct Hcol as [->| ->].
    + apply (ghost_move_kept b b' us us L T Z f t Hg Hf Ht Hbf); auto.
      * rewrite Hbt. discriminate.
      * intros s Hs. sq_cases s [f; t; v].
        -- rewrite Hb'f. split; [discriminate|]. intros [[_ H]|H]; congruence.
        -- rewrite Hb't. tauto.
        -- rewrite Hb'v, Hbv. split; [discriminate|]. intros [[E _]|E]; [exfalso; exact (piece_opp_neq _ _ _ (eq_sym E))|congruence].
        -- rewrite Hsame by auto. tauto.
      * intros s Hs _ Hb's. sq_cases s [f; t; v]; [congruence| | congruence |rewrite Hsame in Hb's by auto; exact Hb's].
        rewrite Hb't in Hb's. destruct us; discriminate.
      * apply excess_mono. intros g. rewrite Hmove. lia.
      * rewrite Ed. assert (HDp := HD2 Hbf).
        enough (cnt b' (opp us) TMan + 1 <= cnt b (opp us) TMan) by lia.
        apply (capture_count b b' [f; t; v] (opp us) v Pawn); auto.
        -- apply NoDup3; auto.
        -- apply incl_list; simpl; intros x [<-|[<-|[<-|[]]]]; auto.
        -- simpl; auto.
        -- intros s Hs Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
        -- intros s [<-|[<-|[<-|[]]]]; [rewrite Hb'f|rewrite Hb't, ind_other|rewrite Hb'v]; reflexivity.
      * intros E. rewrite E in Ed. unfold absd in Ed. lia.
      * apply (pawn_advance us f t Hf Ht (Hrf us Hbf)). unfold pawn_moves_to. rewrite Ha, !orb_true_r. reflexivity.
    + assert (Hnne : no_new_enemy_pawn b b' (opp us)).
      { intros s Hs H6' Hb's. rewrite opp_opp in *. sq_cases s [f; t; v].
        - congruence.
        - congruence.
        - congruence.
        - rewrite Hsame in Hb's by auto. exact Hb's. }
      destruct (ghost_remove b b' (opp us) L T Z v Hg Hv Hbv) as (L' & Hinc & Gh'); auto;
        [| |exact (Hside L' Hinc Gh')].
      * intros s Hs. sq_cases s [f; t; v].
        -- rewrite Hb'f, Hbf. split; [discriminate|]. intros [E _]. exfalso; exact (piece_opp_neq _ _ _ E).
        -- rewrite Hb't, Hbt. split; [intros E; exfalso; exact (piece_opp_neq _ _ _ E)|intros [E _]; discriminate].
        -- rewrite Hb'v. split; [discriminate|tauto].
        -- rewrite Hsame by auto. tauto.
      * apply excess_mono, Hopp.
  - (* castling *)
    clear Hps Hcr.
    assert (HR : Rx b' <= Rx b) by (apply HR2; right; discriminate).
    assert (HP : forall r, Pk r b' <= Pk r b) by (apply HP1; right; discriminate).
    clear HP1 HP2.
    set (rf := castle_rook_from us side) in *. set (rt := castle_rook_to us side) in *.
    assert (Hmove : forall g, cnt b' us g = cnt b us g) by (apply Hmc; discriminate).
    assert (Hpawn : forall c', (forall s, In s all_squares ->
        (b' s = Some (MkPiece c' Pawn) <-> b s = Some (MkPiece c' Pawn)))).
    { intros c' s Hs. destruct (in_dec Uint63.eqs s [f; t; rf; rt]) as [Hin|Hn].
      - simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]];
          rewrite ?Hbf, ?Hbr, ?Hbt, ?Hbrt, ?Hb'f, ?Hb'r, ?Hb't, ?Hb'rt;
          split; intros E; try discriminate; injection E; intros; discriminate.
      - rewrite Hsame by auto. tauto. }
    assert (Hnne : forall c', no_new_enemy_pawn b b' c').
    { intros c' s Hs _ E. rewrite <- (Hpawn (opp c') s Hs). exact E. }
    destruct Hcol as [->| ->].
    + apply Hmover; auto. rewrite Hbf. discriminate.
    + apply (Hside L (fun y H => H)). apply (ghost_same b b' (opp us) L T Z Hg); auto.
      apply excess_mono, Hopp.
Qed.

Lemma ghost_step : forall G m G', legal_move G m G' -> inv G = true -> forall c,
  cnt (piece_at G') (opp c) TMan + Dm (piece_at G') <= cnt (piece_at G) (opp c) TMan + Dm (piece_at G) ->
  (piece_at G (mv_from m) = Some (MkPiece c Pawn) -> Dm (piece_at G') <= Dm (piece_at G)) ->
  Rx (piece_at G') <= S (Rx (piece_at G)) ->
  (turn G <> c \/ mv_kind m <> Promotion -> Rx (piece_at G') <= Rx (piece_at G)) ->
  (turn G <> c \/ mv_kind m <> Promotion -> forall r, Pk r (piece_at G') <= Pk r (piece_at G)) ->
  (forall r, Pk r (piece_at G') <= Pk r (piece_at G) \/
     (Pk r (piece_at G') <= S (Pk r (piece_at G)) /\ piece_at G' (mv_to m) = Some (MkPiece c r) /\
      Ad r (fnat (mv_from m)) (mv_to m) = true)) ->
  ghostly (piece_at G) c -> ghostly (piece_at G') c.
Proof.
  intros G m G' Hl Hi c HD1 HD2 HR1 HR2 HP1 HP2 (L & T & Z & Hg).
  destruct (ghost_step_kept G m G' Hl Hi c HD1 HD2 HR1 HR2 HP1 HP2 L T Z Hg) as (L' & T' & Z' & Gk & _ & _).
  exists L', T', Z'. exact Gk.
Qed.

Lemma ghost_initial : forall c, Dm (piece_at initial) = 0 -> Rx (piece_at initial) = 0 ->
  (forall r, Pk r (piece_at initial) = 0) ->
  ghost (piece_at initial) c (initial_ghost c) [] (seq 0 8).
Proof.
  intros c HD HR HP. constructor.
  - assert (H : forallb (fun s => Bool.eqb (opiece_eqb (piece_at initial s) (Some (MkPiece c Pawn)))
                                          (inb s (map fst (initial_ghost c)))) all_squares = true)
      by (destruct c; vm_compute; reflexivity).
    intros s Hs. forallb_at H Hs. apply Bool.eqb_prop in H.
    rewrite <- opiece_eqb_eq, <- inb_iff, H. reflexivity.
  - apply sub_squares_incl. destruct c; vm_compute; reflexivity.
  - apply nodupb_NoDup. destruct c; vm_compute; reflexivity.
  - replace (map snd (initial_ghost c) ++ map snd []) with (seq 0 8) by (destruct c; reflexivity).
    apply seq_NoDup.
  - replace (map snd (initial_ghost c) ++ map snd []) with (seq 0 8) by (destruct c; reflexivity).
    intros g Hg. apply in_seq in Hg. lia.
  - intros x g [].
  - assert (E : excess (piece_at initial) c = 0) by (destruct c; vm_compute; reflexivity).
    rewrite E. reflexivity.
  - rewrite HR. reflexivity.
  - assert (H : forallb (fun sg => Nat.eqb (fnat (fst sg)) (snd sg)) (initial_ghost c) = true)
      by (destruct c; vm_compute; reflexivity).
    intros s g Hin _. rewrite forallb_forall in H. apply Nat.eqb_eq, (H (s, g) Hin).
  - intros x g [].
  - rewrite HD, Nat.add_0_r. apply Nat.leb_le. destruct c; vm_compute; reflexivity.
  - assert (H : forallb (fun sg => Nat.leb (zc (fnat (fst sg)) (snd sg) (zin (snd sg) (seq 0 8)))
                                           (advance c (fst sg))) (initial_ghost c) = true)
      by (destruct c; vm_compute; reflexivity).
    intros s g Hin. rewrite forallb_forall in H. apply Nat.leb_le, (H (s, g) Hin).
  - exists []. split; [intros x g s r []|]. split; [constructor|]. split; [intros r; rewrite HP; reflexivity|].
    rewrite HD, Nat.add_0_r. apply Nat.leb_le. destruct c; vm_compute; reflexivity.
Qed.

Lemma ghost_ext : forall b b' c L T Z, (forall s, In s all_squares -> b s = b' s) -> Dm b' = Dm b ->
  Rx b' = Rx b -> (forall r, Pk r b' = Pk r b) -> ghost b c L T Z -> ghost b' c L T Z.
Proof.
  intros b b' c L T Z H HD HR HP [G1 G2 G3 G4 G5 G6 G7 G7' GL GT G8 GR GW].
  assert (Ec : forall c' g, cnt b' c' g = cnt b c' g) by (intros; apply cnt_ext; intros s Hs; symmetry; auto).
  constructor; auto.
  - intros s Hs. rewrite <- H by exact Hs. auto.
  - intros x g Hx. destruct (G6 x g Hx) as [H1 H2]. split; [exact H1|].
    intros s Hs Hf Hr. rewrite <- H by exact Hs. auto.
  - unfold excess. rewrite !Ec. exact G7.
  - rewrite HR. exact G7'.
  - rewrite Ec, HD. exact G8.
  - destruct GW as (W & W1 & W2 & W3 & W4). exists W. split; [exact W1|]. split; [exact W2|].
    split; [intros r; rewrite HP; exact (W3 r)|]. rewrite Ec, HD. exact W4.
Qed.

End Ghost.

(** A move that changes only [f] and [t], leaving [f] empty and on [t] a
    man other than a pawn of [c], takes a pawn of [c] away when one stood
    on [f] or [t]. *)
Lemma pawn_drop2 : forall b b' c f t x p, In f all_squares -> In t all_squares -> f <> t ->
  (forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s) ->
  b' f = None -> b' t = Some p -> p <> MkPiece c Pawn -> x = f \/ x = t ->
  b x = Some (MkPiece c Pawn) -> cnt b' c TPawn + 1 <= cnt b c TPawn.
Proof.
  intros b b' c f t x p Hf Ht Hft Hsame Hb'f Hb't Hp Hx Hbx.
  apply (tag_drop b b' [f; t] c TPawn x).
  - apply NoDup2; exact Hft.
  - apply incl_list; simpl; intros y [<-|[<-|[]]]; assumption.
  - destruct Hx as [->| ->]; simpl; auto.
  - intros s Hs Hn. apply Hsame; [exact Hs|intros ->; simpl in Hn; tauto|intros ->; simpl in Hn; tauto].
  - intros s [<-|[<-|[]]]; [rewrite Hb'f; reflexivity|rewrite Hb't].
    destruct p as [c' r']. destruct c, c', r'; try reflexivity; contradiction.
  - rewrite Hbx. destruct c; reflexivity.
Qed.


(** ** The pawn ceiling along a game

    [top_ok b c top]: no pawn of [c] stands above relative rank [top] --
    vacuously when no square is above it, and otherwise with all 8 of
    [c]'s pawns on the board.  It holds at every position of a game whose
    last position has it ([top_back]): the count of [c]'s pawns never
    grows and is at most 8, so a move that takes one away leaves fewer
    than 8, and a pawn that moves goes up ([pawn_up]).  [pawn_top]
    (PawnCaptures.v) is such a rank ([pawn_top_ok]). *)

Definition top_ok (b : board_fn) (c : color) (top : int) : Prop :=
  (forall t, In t all_squares -> (top <? relative_rank c t)%uint63 = false) \/
  (cnt b c TPawn = 8 /\
   forall s, In s all_squares -> b s = Some (MkPiece c Pawn) -> (top <? relative_rank c s)%uint63 = false).

Lemma top_ok_ext : forall b b' c top, (forall s, In s all_squares -> b s = b' s) ->
  top_ok b c top -> top_ok b' c top.
Proof.
  intros b b' c top H [Hall|(H8 & Hup)]; [left; exact Hall|right].
  split.
  - rewrite <- H8. apply cnt_ext. intros s Hs. symmetry. apply H, Hs.
  - intros s Hs Hb. apply Hup; [exact Hs|]. rewrite H by exact Hs. exact Hb.
Qed.

(** A pawn moving forward or capturing goes up a rank or two. *)
Lemma pawn_up : forall b c f t, In f all_squares -> In t all_squares ->
  man_moves b c Pawn f t \/ inb t (pawn_attacks c f) = true ->
  (relative_rank c f <? relative_rank c t)%uint63 = true.
Proof.
  assert (H : forall c f t, In f all_squares -> In t all_squares ->
    negb ((t =? pawn_step c f)%uint63 || (t =? pawn_step c (pawn_step c f))%uint63 ||
           inb t (pawn_attacks c f)) ||
     (relative_rank c f <? relative_rank c t)%uint63 = true) by by_squares.
  intros b c f t Hf Ht Hm. specialize (H c f t Hf Ht).
  destruct Hm as [[(E & _)|[(_ & E & _)|(E & _)]]|E]; rewrite E in H; rewrite ?orb_true_r in H; exact H.
Qed.

(** [x <= y] and [y < z] as integers, the way [top_ok] states them. *)
Lemma ceiling_trans : forall top x y, (top <? y)%uint63 = false -> (x <? y)%uint63 = true ->
  (top <? x)%uint63 = false.
Proof.
  intros top x y H1 H2. destruct (top <? x)%uint63 eqn:E; [|reflexivity].
  apply Uint63.ltb_spec in E, H2. destruct (top <? y)%uint63 eqn:E'; [discriminate|].
  exfalso. assert (Hn : ~ (to_Z top < to_Z y)%Z) by (intros Hl; apply Uint63.ltb_spec in Hl; congruence).
  lia.
Qed.

Section Ceiling.

Context (Q P : position) (m : move) (c : color).
Context (Hl : legal_move Q m P) (HQ : inv Q = true).

Let b := piece_at Q.
Let b' := piece_at P.

Lemma pawns_at_most_8 : cnt b c TPawn <= 8.
Proof.
  destruct (inv_elim Q HQ) as (Hm & _). apply material_ok_iff in Hm as (HW & HB & _).
  destruct c; [destruct HW as (_ & H & _)|destruct HB as (_ & H & _)]; exact H.
Qed.

Theorem top_back : forall top, top_ok b' c top -> top_ok b c top.
Proof.
  intros top [Hall|(H8 & Hup)]; [left; exact Hall|right].
  pose proof pawns_at_most_8 as Hle.
  pose proof (ep_inv_of Q HQ) as Hep.
  (* a move taking one of [c]'s pawns away would leave fewer than 8 *)
  assert (Hfewer : cnt b' c TPawn + 1 <= cnt b c TPawn -> False) by lia.
  open_move Hl Hep Hps Hf Ht Hk. fold b b' in Hk, Hps.
  set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  split.
  - destruct (count_step Q m P Hl Hep) as (Hopp & _ & _ & _ & Hus). fold b b' us in Hopp, Hus.
    assert (Hcol : us = c \/ c = opp us) by (destruct us, c; auto).
    destruct Hcol as [Ec|Ec].
    + rewrite <- Ec in *. destruct Hus as [E|(r & s & _ & E & _)]; [rewrite E in H8; exact H8|lia].
    + rewrite Ec in *. specialize (Hopp TPawn). lia.
  - intros s Hs Hbs. shape_inv Hk.
    + sq_cases s [f; t].
      * rewrite Hbf in Hbs. injection Hbs as Eu Er. subst r. rewrite <- Eu in *.
        apply (ceiling_trans _ _ (relative_rank us t) (Hup t Ht Hb't)).
        apply (pawn_up b); [exact Hf|exact Ht|left; exact Hmm].
      * (* a pawn of [c] taken on [t] *)
        exfalso. destruct (target_cases b us t Htg) as [E|(r' & E & _)]; [congruence|].
        rewrite Hbs in E. injection E as Eu _.
        apply Hfewer, (pawn_drop2 b b' c f t t _ Hf Ht Hft Hsame Hb'f Hb't); [|right; reflexivity|exact Hbs].
        intros E. injection E as E _. rewrite Eu in E. destruct us; discriminate E.
      * apply Hup; [exact Hs|]. rewrite Hsame by auto. exact Hbs.
    + sq_cases s [f; t].
      * (* the pawn promotes *)
        exfalso. apply Hfewer, (pawn_drop2 b b' c f t f _ Hf Ht Hft Hsame Hb'f Hb't); [|left; reflexivity|exact Hbs].
        intros E. injection E as _ E. subst r. cbn in Hr. intuition discriminate.
      * (* a pawn of [c] taken on [t] *)
        exfalso. destruct (target_cases b us t Htg) as [E|(r' & E & _)]; [congruence|].
        rewrite Hbs in E. injection E as Eu _.
        apply Hfewer, (pawn_drop2 b b' c f t t _ Hf Ht Hft Hsame Hb'f Hb't); [|right; reflexivity|exact Hbs].
        intros E. injection E as E _. rewrite Eu in E. destruct us; discriminate E.
      * apply Hup; [exact Hs|]. rewrite Hsame by auto. exact Hbs.
    + set (v := ep_victim us t) in *.
      sq_cases s [f; t; v].
      * rewrite Hbf in Hbs. injection Hbs as Eu. rewrite <- Eu in *.
        apply (ceiling_trans _ _ (relative_rank us t) (Hup t Ht Hb't)).
        destruct Hps as (_ & _ & _ & Ha & _).
        apply (pawn_up b); auto; right; exact Ha.
      * congruence.
      * exfalso. rewrite Hbv in Hbs. injection Hbs as Eu. rewrite <- Eu in *.
        apply Hfewer, (tag_drop b b' [f; t; v] _ TPawn v).
        -- apply NoDup3; auto.
        -- apply incl_list; simpl; intros y [<-|[<-|[<-|[]]]]; auto.
        -- simpl; auto.
        -- intros s0 Hq Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
        -- intros s0 [<-|[<-|[<-|[]]]]; [rewrite Hb'f|rewrite Hb't, ind_other|rewrite Hb'v]; reflexivity.
        -- rewrite Hbv. destruct us; reflexivity.
      * apply Hup; [exact Hs|]. rewrite Hsame by auto. exact Hbs.
    + sq_cases s [f; t; castle_rook_from us side; castle_rook_to us side]; try congruence.
      apply Hup; [exact Hs|]. rewrite Hsame by not_in_tac. exact Hbs.
Qed.

End Ceiling.

(** [pawn_top] is a ceiling of the board it is computed on. *)
Lemma pawn_top_fold : forall (b : board_fn) c l m0,
  let F := fold_left (fun m s => if opiece_eqb (b s) (Some (MkPiece c Pawn)) &&& (m <? relative_rank c s)%uint63
                                 then relative_rank c s else m) l m0 in
  (to_Z m0 <= to_Z F)%Z /\
  forall s, In s l -> b s = Some (MkPiece c Pawn) -> (to_Z (relative_rank c s) <= to_Z F)%Z.
Proof.
  intros b c l. induction l as [|s l IH]; intros m0; cbv zeta; cbn [fold_left].
  - split; [lia|intros s []].
  - set (m1 := if opiece_eqb (b s) (Some (MkPiece c Pawn)) &&& (m0 <? relative_rank c s)%uint63
               then relative_rank c s else m0).
    destruct (IH m1) as (H1 & H2). cbv zeta in H1, H2.
    assert (Hm : (to_Z m0 <= to_Z m1)%Z /\
                 (b s = Some (MkPiece c Pawn) -> (to_Z (relative_rank c s) <= to_Z m1)%Z)).
    { unfold m1. destruct (opiece_eqb (b s) (Some (MkPiece c Pawn))) eqn:Ep; cbv beta iota.
      - destruct (m0 <? relative_rank c s)%uint63 eqn:El.
        + apply Uint63.ltb_spec in El. split; [lia|intros _; lia].
        + assert (Hn : ~ (to_Z m0 < to_Z (relative_rank c s))%Z)
            by (intros Hl; apply Uint63.ltb_spec in Hl; congruence).
          split; [lia|intros _; lia].
      - split; [lia|]. intros Hb. rewrite Hb, (proj2 (opiece_eqb_eq _ _) eq_refl) in Ep. discriminate. }
    destruct Hm as (Hm1 & Hm2). split; [lia|].
    intros s' [<-|Hs'] Hb; [specialize (Hm2 Hb); lia|exact (H2 s' Hs' Hb)].
Qed.

Lemma pawn_top_ok : forall b c, top_ok b c (pawn_top b c).
Proof.
  intros b c. unfold pawn_top. rewrite RegionCountproof.count_on_pawns.
  destruct (Nat.eqb (cnt b c TPawn) 8) eqn:E8.
  - right. apply Nat.eqb_eq in E8. split; [exact E8|].
    intros s Hs Hb. destruct (pawn_top_fold b c all_squares 0%uint63) as (_ & H).
    specialize (H s Hs Hb). destruct (_ <? _)%uint63 eqn:E; [|reflexivity].
    apply Uint63.ltb_spec in E. lia.
  - left. intros t Ht.
    assert (H : forall c, forallb (fun t => negb (7 <? relative_rank c t)%uint63) all_squares = true)
      by (intros []; vm_compute; reflexivity).
    specialize (H c). forallb_at H Ht.
    destruct (7 <? relative_rank c t)%uint63; [discriminate|reflexivity].
Qed.

(** ** Dead men along a game

    With the sets [Ys] validated ([cages_ok]), [Dm b := caged initial -
    caged b] satisfies the two conditions of [ghost_step] on every move of
    a game whose last position has [X] closed (so [X] is closed all game,
    and its men never move, [frozen_step_keeps]), the columns [cols] in
    place ([cuts_ok]) and [top] as [c]'s pawn ceiling ([top_ok]):

    - a move of [opp c] never takes one of its caged men out of its set
      ([caged_mover]): the man lands on a square of the set, for the
      squares outside it and [X] are closed under its exits not across a
      column ([cage_region]), so the man that arrives there came from
      there ([region_step_or] of Frozenproof.v);
    - a move of [c] lowers [caged] by at most one, and only by a capture,
      which lowers the other side's men by one; never by a pawn, which
      would capture from a frozen square, or land above the ceiling (as a
      pawn, or promoting: [c] then has fewer than 8 pawns)
      ([caged_capture]). *)

Lemma cage_of_spec : forall X cols top c Ys, cages_ok X cols top c Ys = true ->
  forall r s, cage_of Ys r s = true ->
  exists Y, (forall s', cage_of Ys r s' = Y.[s']) /\ cage_closed X cols c r Y = true /\
            pawn_proof X top c Y = true.
Proof.
  intros X cols top c Ys; induction Ys as [|[r' Y] Ys IH]; intros Hok r s H; [discriminate|].
  unfold cages_ok in Hok. cbn [forallb] in Hok. apply andb_prop in Hok as [H1 H2].
  cbn [cage_of] in H. destruct (role_eqb r r') eqn:E.
  - apply role_eqb_eq in E. subst r'. exists Y. split; [intros s'; cbn [cage_of]; rewrite (proj2 (role_eqb_eq r r) eq_refl); reflexivity|].
    destruct (cage_closed X cols c r Y); [|discriminate]. auto.
  - destruct (IH H2 r s H) as (Y' & HY & Hc & Hp). exists Y'. split; [|auto].
    intros s'. cbn [cage_of]. rewrite E. apply HY.
Qed.

Lemma cage_region : forall X cols c r Y, cage_closed X cols c r Y = true ->
  region_closed (fun s => X.[s]) (cut cols (opp c) r) (opp c) r (fun s => negb Y.[s] && negb X.[s]).
Proof.
  intros X cols c r Y H s Hs Hv e He Hxe Hk. pose proof (forall_squares _ H s Hs) as H'.
  cbv beta in H', Hxe |- *.
  apply andb_prop in Hv as [Hy Hx]. apply negb_true_iff in Hy, Hx. rewrite Hy, Hx in H'. cbv iota in H'.
  rewrite region_exits_of_spec in H' by exact Hs. forallb_at H' He.
  rewrite Hxe, Hk in H'. rewrite Hxe. destruct (Y.[e]); [discriminate|reflexivity].
Qed.

Lemma caged_at_spec : forall Ys b c x, caged_at Ys b c x = true <->
  exists r, b x = Some (MkPiece (opp c) r) /\ cage_of Ys r x = true.
Proof.
  intros Ys b c x. unfold caged_at. destruct (b x) as [[c' r]|]; split.
  - intros H. destruct (color_eqb c' (opp c)) eqn:E; [|discriminate]. apply color_eqb_eq in E. subst c'. eauto.
  - intros (r' & E & H). injection E as -> ->. rewrite (proj2 (color_eqb_eq (opp c) (opp c)) eq_refl). exact H.
  - discriminate.
  - intros (r' & E & _). discriminate.
Qed.

Lemma caged_ext : forall Ys b b' c, (forall s, In s all_squares -> b s = b' s) -> caged Ys b c = caged Ys b' c.
Proof.
  intros Ys b b' c H. unfold caged. f_equal. apply filter_ext_in. intros s Hs. unfold caged_at. rewrite H by exact Hs.
  reflexivity.
Qed.

Lemma caged_nil : forall b c, caged [] b c = 0.
Proof.
  intros b c. unfold caged. generalize all_squares. intros l. induction l as [|s l IH]; [reflexivity|].
  cbn [filter]. unfold caged_at at 1. destruct (b s) as [[c' r]|]; [|exact IH].
  cbn [cage_of]. destruct (color_eqb c' (opp c)); exact IH.
Qed.

Section Dead.

Context (X : array bool) (cols : list (color * int * int)) (top : int) (c : color)
  (Ys : list (role * array bool)).
Context (Hok : cages_ok X cols top c Ys = true).
Context (Hpawn : forall s, cage_of Ys Pawn s = false) (Hking : forall s, cage_of Ys King s = false).
Context (Q P : position) (m : move).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (Hg : exists h, game h Q)
  (HX : closed_set (piece_at P) (fun s => X.[s]))
  (HK : forall r, cuts_ok (piece_at P) (fun s => X.[s]) (cut cols (opp c) r) (opp c) r)
  (Htop : top_ok (piece_at P) c top).

Let b := piece_at Q.
Let b' := piece_at P.

Lemma keeps : forall s, In s all_squares -> X.[s] = true -> b s = b' s.
Proof. intros s Hs Hx. exact (frozen_step_keeps Q P m _ Hl HQ HX Hg s Hs Hx). Qed.

(** A man of [opp c] of role [r] leaving [x], a square of its set, and the
    only square such a man leaves, lands on a square [y] of its set
    (moves other than promotions: no pawn of [opp c] leaves a square). *)
Lemma lands_in : forall r x y, cage_of Ys r x = true ->
  b x = Some (MkPiece (opp c) r) -> In y all_squares -> b' y = Some (MkPiece (opp c) r) ->
  b y <> Some (MkPiece (opp c) r) ->
  (forall s', In s' all_squares -> b' s' = None -> b s' = Some (MkPiece (opp c) r) -> s' = x) ->
  (forall s', In s' all_squares -> b s' = Some (MkPiece (opp c) Pawn) -> b' s' = None -> False) ->
  cage_of Ys r y = true.
Proof.
  intros r x y Hcx Hbx Hy Hb'y Hby Huniq Hnop.
  destruct (cage_of_spec X cols top c Ys Hok r x Hcx) as (Y & HY & Hc & _).
  rewrite HY in Hcx |- *. destruct (Y.[y]) eqn:Ey; [reflexivity|exfalso].
  destruct (X.[y]) eqn:Xy; [exact (Hby (eq_trans (keeps y Hy Xy) Hb'y))|].
  destruct (region_step_or Q P m (fun s => X.[s]) (cut cols (opp c) r) (opp c) r
              (fun s => negb Y.[s] && negb X.[s]) Hl HQ HX (cage_region X cols c r Y Hc) (HK r) Hg y Hy
              ltac:(cbv beta; rewrite Ey, Xy; reflexivity) Hb'y)
    as [(s' & Hs' & HVs' & Hbs' & [<-|Hn])|(_ & _ & _ & (f' & Hf' & Hbf' & Hb'f') & _)].
  - exact (Hby Hbs').
  - rewrite (Huniq s' Hs' Hn Hbs') in HVs'. cbv beta in HVs'. rewrite Hcx in HVs'. discriminate.
  - exact (Hnop f' Hf' Hbf' Hb'f').
Qed.

Lemma cage_role : forall r s, cage_of Ys r s = true -> r <> Pawn /\ r <> King.
Proof. intros r s H. split; intros ->; [rewrite Hpawn in H|rewrite Hking in H]; discriminate. Qed.

Theorem caged_mover : turn Q = opp c -> caged Ys b c <= caged Ys b' c.
Proof.
  intros Hturn.
  pose proof (ep_inv_of Q HQ) as Hep.
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk). fold b b' in Hk.
  rewrite Hturn in Hk. set (f := mv_from m) in *. set (t := mv_to m) in *.
  unfold caged. apply count_le; [exact all_squares_NoDup| |].
  - intros x Hx Ex Fx. apply caged_at_spec in Ex as (r & Hbx & Hcx).
    destruct (cage_role r x Hcx) as [Hrp Hrk].
    assert (Fx' : b' x <> Some (MkPiece (opp c) r)).
    { intros E. assert (Ex : caged_at Ys b' c x = true) by (apply caged_at_spec; eauto). congruence. }
    shape_inv Hk.
    + sq_cases x [f; t]; [|exfalso; exact (target_ok_not_own b (opp c) t r Htg Hbx)|
                           rewrite Hsame in Fx' by auto; contradiction].
      rewrite Hbf in Hbx. injection Hbx as ->.
      exists t. split; [exact Ht|]. split.
      * apply caged_at_spec. exists r. split; [exact Hb't|].
        apply (lands_in r f t Hcx Hbf Ht Hb't (target_ok_not_own b (opp c) t r Htg)).
        -- intros s' Hs' E1 E2. sq_cases s' [f; t]; [reflexivity|congruence|rewrite Hsame in E1 by auto; congruence].
        -- intros s' Hs' E1 E2. sq_cases s' [f; t]; [congruence|congruence|rewrite Hsame in E2 by auto; congruence].
      * destruct (caged_at Ys b c t) eqn:E; [|reflexivity]. apply caged_at_spec in E as (r' & E & _).
        exfalso. exact (target_ok_not_own b (opp c) t r' Htg E).
    + exfalso. sq_cases x [f; t]; [congruence|exact (target_ok_not_own b (opp c) t r Htg Hbx)|
                                  rewrite Hsame in Fx' by auto; contradiction].
    + exfalso. sq_cases x [f; t; ep_victim (opp c) t]; [congruence|congruence| |rewrite Hsame in Fx' by auto; contradiction].
      rewrite Hbv in Hbx. injection Hbx as E _. destruct c; discriminate.
    + sq_cases x [f; t; castle_rook_from (opp c) side; castle_rook_to (opp c) side];
        [..|rewrite Hsame in Fx' by not_in_tac; contradiction]; try congruence.
      (* the rook: it lands on its castling square, in the set *)
      rewrite Hbr in Hbx. injection Hbx as <-.
      assert (Hrt : In (castle_rook_to (opp c) side) all_squares) by (apply Hincl; simpl; auto).
      exists (castle_rook_to (opp c) side). split; [exact Hrt|]. split.
      * apply caged_at_spec. exists Rook. split; [exact Hb'rt|].
        apply (lands_in Rook (castle_rook_from (opp c) side) _ Hcx Hbr Hrt Hb'rt); [congruence| |].
        -- intros s' Hs' E1 E2.
           sq_cases s' [f; t; castle_rook_from (opp c) side; castle_rook_to (opp c) side];
             [..|rewrite Hsame in E1 by not_in_tac]; congruence.
        -- intros s' Hs' E1 E2.
           sq_cases s' [f; t; castle_rook_from (opp c) side; castle_rook_to (opp c) side];
             [..|rewrite Hsame in E2 by not_in_tac]; congruence.
      * unfold caged_at. rewrite Hbrt. reflexivity.
  - (* the square a caged man leaves is the mover's (or the castling rook's) *)
    intros x y Hx Hy Ex Fx Ey Fy.
    apply caged_at_spec in Ex as (rx & Hbx & Hcx). apply caged_at_spec in Ey as (ry & Hby & Hcy).
    assert (Fx' : b' x <> Some (MkPiece (opp c) rx))
      by (intros E; assert (caged_at Ys b' c x = true) by (apply caged_at_spec; eauto); congruence).
    assert (Fy' : b' y <> Some (MkPiece (opp c) ry))
      by (intros E; assert (caged_at Ys b' c y = true) by (apply caged_at_spec; eauto); congruence).
    shape_inv Hk.
    + assert (Hxf : x = f).
      { sq_cases x [f; t]; [reflexivity|exfalso; exact (target_ok_not_own b (opp c) t rx Htg Hbx)|
                            rewrite Hsame in Fx' by auto; contradiction]. }
      assert (Hyf : y = f).
      { sq_cases y [f; t]; [reflexivity|exfalso; exact (target_ok_not_own b (opp c) t ry Htg Hby)|
                            rewrite Hsame in Fy' by auto; contradiction]. }
      congruence.
    + exfalso. destruct (cage_role rx x Hcx) as [Hrp _].
      sq_cases x [f; t]; [congruence|exact (target_ok_not_own b (opp c) t rx Htg Hbx)|
                          rewrite Hsame in Fx' by auto; contradiction].
    + exfalso. destruct (cage_role rx x Hcx) as [Hrp _].
      sq_cases x [f; t; ep_victim (opp c) t]; [congruence|congruence| |rewrite Hsame in Fx' by auto; contradiction].
      rewrite Hbv in Hbx. injection Hbx as E _. destruct c; discriminate.
    + destruct (cage_role rx x Hcx) as [_ Hkx]. destruct (cage_role ry y Hcy) as [_ Hky].
      assert (Hxr : x = castle_rook_from (opp c) side).
      { sq_cases x [f; t; castle_rook_from (opp c) side; castle_rook_to (opp c) side];
          [..|rewrite Hsame in Fx' by not_in_tac; contradiction]; congruence. }
      assert (Hyr : y = castle_rook_from (opp c) side).
      { sq_cases y [f; t; castle_rook_from (opp c) side; castle_rook_to (opp c) side];
          [..|rewrite Hsame in Fy' by not_in_tac; contradiction]; congruence. }
      congruence.
Qed.

Theorem caged_capture : turn Q = c ->
  caged Ys b c <= caged Ys b' c \/
  (caged Ys b c <= caged Ys b' c + 1 /\ cnt b' (opp c) TMan + 1 <= cnt b (opp c) TMan /\
   b (mv_from m) <> Some (MkPiece c Pawn)).
Proof.
  intros Hturn.
  pose proof (ep_inv_of Q HQ) as Hep.
  open_move Hl Hep Hps Hf Ht Hk. fold b b' in Hk, Hps.
  rewrite Hturn in Hk, Hps. set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (Hone : forall x, In x all_squares -> caged_at Ys b c x = true -> caged_at Ys b' c x = false ->
            x = t /\ cnt b' (opp c) TMan + 1 <= cnt b (opp c) TMan /\ b f <> Some (MkPiece c Pawn)).
  { intros x Hx Ex Fx. apply caged_at_spec in Ex as (rx & Hbx & Hcx).
    destruct (cage_role rx x Hcx) as [Hrp _].
    assert (Fx' : b' x <> Some (MkPiece (opp c) rx))
      by (intros E; assert (caged_at Ys b' c x = true) by (apply caged_at_spec; eauto); congruence).
    (* no pawn of [c] captures on the set: it would capture from a frozen
       square, or land above [c]'s pawn ceiling (as a pawn, or promoting,
       which leaves fewer than 8 pawns) *)
    assert (Hnopawn : forall f0, In f0 all_squares -> b f0 = Some (MkPiece c Pawn) -> b' f0 = None ->
                      inb x (pawn_attacks c f0) = true ->
                      b' x = Some (MkPiece c Pawn) \/ cnt b' c TPawn + 1 <= cnt b c TPawn -> False).
    { intros f0 Hf0 Hb0 Hb'0 Ha Hland.
      destruct (cage_of_spec X cols top c Ys Hok rx x Hcx) as (Y & HY & _ & Hp).
      pose proof (forall_squares _ Hp x Hx) as H'. cbv beta in H'. rewrite <- HY, Hcx in H'.
      cbn [negb] in H'. cbv iota in H'.
      destruct (X.[x]) eqn:Xx; [exact (Fx' (eq_trans (eq_sym (keeps x Hx Xx)) Hbx))|].
      destruct (top <? relative_rank c x)%uint63 eqn:Ex.
      - pose proof (pawns_at_most_8 Q c HQ) as H8.
        destruct Htop as [Hall|(H8' & Hup)]; [rewrite (Hall x Hx) in Ex; discriminate|].
        fold b' in H8', Hup. destruct Hland as [Hl'|Hl'].
        + rewrite (Hup x Hx Hl') in Ex. discriminate.
        + fold b in H8. lia.
      - rewrite forallb_forall in H'. specialize (H' f0 (pawn_sym c f0 x Hf0 Ha)).
        rewrite (keeps f0 Hf0 H') in Hb0. congruence. }
    assert (Hcap : forall D, NoDup D -> incl D all_squares -> In x D ->
              (forall s, In s all_squares -> ~ In s D -> b' s = b s) ->
              (forall s, In s D -> ind (opp c) TMan s (b' s) = 0) ->
              cnt b' (opp c) TMan + 1 <= cnt b (opp c) TMan)
      by (intros D Hnd Hi Hin Hs H0; exact (capture_count b b' D (opp c) x rx Hnd Hi Hin Hs H0 Hbx)).
    shape_inv Hk.
    + sq_cases x [f; t]; [rewrite Hbf in Hbx; injection Hbx as E _; destruct c; discriminate| |
                          rewrite Hsame in Fx' by auto; contradiction].
      split; [reflexivity|]. split.
      * apply (Hcap [f; t]).
        -- apply NoDup2; auto.
        -- apply incl_list; simpl; intros y [<-|[<-|[]]]; auto.
        -- simpl; auto.
        -- intros s Hs0 Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
        -- intros s [<-|[<-|[]]]; [rewrite Hb'f|rewrite Hb't, ind_other]; reflexivity.
      * intros E. rewrite Hbf in E. injection E as ->.
        destruct Hmm as [(_ & Hbt)|[(_ & _ & _ & Hbt)|(Ha & _)]]; [congruence|congruence|].
        exact (Hnopawn f Hf Hbf Hb'f Ha (or_introl Hb't)).
    + exfalso. destruct Hps as (r0 & _ & _ & _ & _ & _ & Hmm).
      sq_cases x [f; t]; [congruence| |rewrite Hsame in Fx' by auto; contradiction].
      destruct Hmm as [(_ & Hbt)|[(_ & _ & _ & Hbt)|(Ha & _)]]; [congruence|congruence|].
      apply (Hnopawn f Hf Hbf Hb'f Ha). right.
      (* the promotion takes the pawn away *)
      apply (pawn_drop2 b b' c f t f _ Hf Ht Hft Hsame Hb'f Hb't); [|left; reflexivity|exact Hbf].
      intros E. injection E as E. subst r. cbn in Hr. intuition discriminate.
    + exfalso. sq_cases x [f; t; ep_victim c t]; [congruence|congruence| |rewrite Hsame in Fx' by auto; contradiction].
      rewrite Hbv in Hbx. injection Hbx as E. apply Hrp. symmetry. exact E.
    + exfalso.
      sq_cases x [f; t; castle_rook_from c side; castle_rook_to c side];
        [..|rewrite Hsame in Fx' by not_in_tac; contradiction]; try congruence;
        first [rewrite Hbf in Hbx|rewrite Hbr in Hbx]; injection Hbx as E _; destruct c; discriminate. }
  pose proof (filter_le_plus (caged_at Ys b c) (caged_at Ys b' c) all_squares) as Hle.
  destruct (filter (fun x => caged_at Ys b c x && negb (caged_at Ys b' c x)) all_squares) as [|x rest] eqn:F.
  - left. unfold caged. cbn [length] in Hle. lia.
  - right.
    assert (Hx : In x (filter (fun x => caged_at Ys b c x && negb (caged_at Ys b' c x)) all_squares))
      by (rewrite F; left; reflexivity).
    apply filter_In in Hx as (Hx & Ex). apply andb_prop in Ex as (Ex & Fx). apply negb_true_iff in Fx.
    destruct (Hone x Hx Ex Fx) as (_ & Hc & Hp). split; [|split; [exact Hc|exact Hp]].
    assert (H1 : length (filter (fun x => caged_at Ys b c x && negb (caged_at Ys b' c x)) all_squares) <= 1).
    { apply filter_at_most_one; [exact all_squares_NoDup|]. intros a a' Ha Ha' Ea Ea'.
      apply andb_prop in Ea as (Ea & Ga); apply andb_prop in Ea' as (Ea' & Ga').
      apply negb_true_iff in Ga, Ga'.
      destruct (Hone a Ha Ea Ga) as (-> & _), (Hone a' Ha' Ea' Ga') as (-> & _). reflexivity. }
    rewrite F in H1. unfold caged. cbn [length] in Hle, H1. lia.
Qed.

(** The two conditions of [ghost_step] for [Dm b := caged initial - caged b]. *)
Theorem dead_step :
  let Dm := fun b0 => caged Ys (piece_at initial) c - caged Ys b0 c in
  cnt b' (opp c) TMan + Dm b' <= cnt b (opp c) TMan + Dm b /\
  (b (mv_from m) = Some (MkPiece c Pawn) -> Dm b' <= Dm b).
Proof.
  intros Dm. unfold Dm.
  pose proof (ep_inv_of Q HQ) as Hep.
  destruct (count_step Q m P Hl Hep) as (Hopp & _ & _ & Hman & _). fold b b' in Hopp, Hman.
  assert (Hcol : turn Q = c \/ turn Q = opp c) by (destruct (turn Q), c; auto).
  destruct Hcol as [Ec|Eo].
  - specialize (Hopp TMan). rewrite Ec in Hopp.
    destruct (caged_capture Ec) as [H|(H1 & H2 & H3)]; split; try lia; intros E; contradiction.
  - pose proof (caged_mover Eo) as H. rewrite Eo in Hman. split; [lia|]. intros _. lia.
Qed.

End Dead.

(** ** Promoted men along a game

    With sets [UN UB UR UQ] closed under their roles' exits
    ([RegionCountproof.phi_sets], validated by [promoted_sets_ok]), [Rx b
    := region_excess b c UN UB UR UQ] satisfies the two conditions of
    [ghost_step] on every move of a game whose last position has [X]
    closed: the men of a role on its set grow by at most one, and only by
    a promotion there ([RegionCountproof.role_step]), which is a promotion
    move of [c] ([no_promotion]: a move of the other side leaves [c]'s men
    where they stand, [others_kept]; any other move of [c] keeps its pawns,
    while a promotion takes one away, [RegionCountproof.pawn_drop]). *)

Section Promoted.

Context (X : int -> bool) (c : color) (UN UB UR UQ : int -> bool) (KN KB KR KQ : int -> int -> bool).
Context (Q P : position) (m : move).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (Hg : exists h, game h Q)
  (HX : closed_set (piece_at P) X) (HS : RegionCountproof.phi_sets (piece_at P) X c UN UB UR UQ KN KB KR KQ).

Lemma no_promotion : forall r s, In s all_squares -> piece_at P s = Some (MkPiece c r) ->
  promoted_on Q P c r s -> turn Q = c /\ mv_kind m = Promotion.
Proof.
  intros r s Hs Hb Hp.
  pose proof (ep_inv_of Q HQ) as Hep.
  assert (Hcol : turn Q = c \/ turn Q = opp c) by (destruct (turn Q), c; auto).
  destruct Hcol as [Ec|Eo].
  - split; [exact Ec|]. destruct (mv_kind m) eqn:Ek; [| reflexivity | |];
      exfalso; pose proof (mover_counts Q m P Hl Hep ltac:(rewrite Ek; discriminate) TPawn) as E;
      pose proof (RegionCountproof.pawn_drop Q P c r s Hs Hb Hp) as D;
      rewrite !RegionCountproof.count_on_pawns, <- Ec in D; lia.
  - exfalso. destruct Hp as (Hn & _). apply Hn. rewrite (others_kept Q P m Hl HQ c r s Eo Hs Hb). exact Hb.
Qed.

Theorem region_excess_step :
  region_excess (piece_at P) c UN UB UR UQ <= S (region_excess (piece_at Q) c UN UB UR UQ) /\
  (turn Q <> c \/ mv_kind m <> Promotion ->
   region_excess (piece_at P) c UN UB UR UQ <= region_excess (piece_at Q) c UN UB UR UQ).
Proof.
  destruct HS as (HN & HB & HR & HQ' & CN & CB & CR & CQ). unfold region_excess, RegionCount.excess.
  destruct (RegionCountproof.role_step Q P m X c Hl HQ HX Hg KN Knight UN HN CN) as [KN'|(KN' & sN & HsN & _ & BN & PN)];
  destruct (RegionCountproof.role_step Q P m X c Hl HQ HX Hg KB Bishop UB HB CB) as [KB'|(KB' & sB & HsB & _ & BB & PB)];
  destruct (RegionCountproof.role_step Q P m X c Hl HQ HX Hg KR Rook UR HR CR) as [KR'|(KR' & sR & HsR & _ & BR & PR)];
  destruct (RegionCountproof.role_step Q P m X c Hl HQ HX Hg KQ Queen UQ HQ' CQ) as [KQ'|(KQ' & sQ & HsQ & _ & BQ & PQ)];
  repeat match goal with
  | H1 : promoted_on _ _ _ ?r1 ?s1, H2 : promoted_on _ _ _ ?r2 ?s2 |- _ =>
      tryif constr_eq r1 r2 then fail else
      (exfalso; assert (E : r1 = r2) by (apply (RegionCountproof.promoted_once Q P c r1 r2 s1 s2); assumption);
       discriminate E)
  end;
  (split; [lia|intros Hno]); try lia;
  match goal with
  | H : promoted_on _ _ _ ?r ?s, Hs : In ?s _, Hb : piece_at _ ?s = _ |- _ =>
      destruct (no_promotion r s Hs Hb H) as (E1 & E2); destruct Hno; contradiction
  end.
Qed.

End Promoted.

(** ** Promotion entries: the step

    The sets of the ghost's entries are the [homeless] sets of
    PawnCaptures.v, closed like the sets of [region_excess]: [pk] counts
    the men of each role beyond the initial position's on its set, and
    [ad] is [entry_ok] on the role's set.  A move raises [pk r] only by a
    promotion to role [r] landing on the set ([RegionCountproof.role_step]),
    which lands on the move's target from the move's origin, a
    seventh-rank square left empty (so not frozen, [frozen_step_keeps]),
    straight or diagonally ahead ([promotion_facts]). *)

Definition hset (HN HB HR HQ : int -> bool) (r : role) : int -> bool :=
  match r with Knight => HN | Bishop => HB | Rook => HR | Queen => HQ | _ => fun _ => false end.

Definition pk (c : color) (HN HB HR HQ : int -> bool) (r : role) (b : board_fn) : nat :=
  RegionCount.excess b c r (hset HN HB HR HQ r).

Definition ad (X : array bool) (c : color) (HN HB HR HQ : int -> bool) (r : role) (x : nat) (s : int) : bool :=
  entry_ok X (hset HN HB HR HQ r) c x s.

Lemma seventh_of : forall c f, In f all_squares -> (relative_rank c f =? 6)%uint63 = true ->
  seventh c (fnat f) = Some f.
Proof.
  intros c f Hf H6. unfold seventh.
  destruct (find (fun s => Nat.eqb (fnat s) (fnat f) &&& (relative_rank c s =? 6)%uint63) all_squares) as [e|] eqn:E.
  - apply find_some in E as (He & Ee). apply lazy_and_true in Ee as (Ef & E6). apply Nat.eqb_eq in Ef.
    f_equal. exact (seventh_unique c e f He Hf Ef E6 H6).
  - exfalso. apply (find_none _ _ E) in Hf. rewrite Nat.eqb_refl, H6 in Hf. discriminate.
Qed.

Lemma seventh_some : forall c x e, seventh c x = Some e ->
  In e all_squares /\ fnat e = x /\ (relative_rank c e =? 6)%uint63 = true.
Proof.
  intros c x e E. unfold seventh in E. apply find_some in E as (He & Ee).
  apply lazy_and_true in Ee as (Ef & E6). apply Nat.eqb_eq in Ef. auto.
Qed.

(** A promotion: a pawn of the mover leaves its seventh rank for the
    square ahead or a square it attacks; nothing else changes but the two
    squares. *)
Lemma promotion_facts : forall G m G', legal_move G m G' -> inv G = true -> mv_kind m = Promotion ->
  In (mv_from m) all_squares /\ In (mv_to m) all_squares /\
  piece_at G (mv_from m) = Some (MkPiece (turn G) Pawn) /\ piece_at G' (mv_from m) = None /\
  mv_from m <> mv_to m /\
  (forall s, In s all_squares -> s <> mv_from m -> s <> mv_to m -> piece_at G' s = piece_at G s) /\
  (relative_rank (turn G) (mv_from m) =? 6)%uint63 = true /\
  ((mv_to m =? pawn_step (turn G) (mv_from m))%uint63 ||| inb (mv_to m) (pawn_attacks (turn G) (mv_from m))) = true.
Proof.
  intros G m G' Hl Hi Ek.
  pose proof (pawns_ok_inv G Hi) as Hpok. pose proof (ep_inv_of G Hi) as Hep.
  open_move Hl Hep Hps Hf Ht Hk.
  set (b := piece_at G) in *. set (b' := piece_at G') in *. set (us := turn G) in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk. rewrite Ek in Hps.
  destruct Hps as (r0 & _ & _ & _ & H7 & _ & Hmm).
  destruct (pawn_move_geo b us f t Hf Ht (Hpok f us Hf Hbf) Hmm) as (_ & Hf6 & _).
  specialize (Hf6 H7).
  pose proof (pawn_moves_man b us f t Hmm) as Hpm. unfold pawn_moves_to in Hpm.
  assert (E1 : (relative_rank us f =? 1)%uint63 = false).
  { apply Uint63.eqb_correct in Hf6. rewrite Hf6. reflexivity. }
  rewrite E1, andb_false_l, orb_false_r in Hpm.
  repeat split; auto.
Qed.

(** What an admissible entry tells the programme: its file lets promoted
    pawns in at no more than the capture of its landing. *)
Lemma entry_ok_data : forall X U U' c x s, entry_ok X U c x s = true -> (forall y, U y = true -> U' y = true) ->
  exists d, entry_data X U' c x = Some d /\ d <= (if Nat.eqb x (fnat s) then 0 else 1).
Proof.
  intros X U U' c x s E HU. unfold entry_ok in E. unfold entry_data.
  destruct (seventh c x) as [e|] eqn:Es; [|discriminate].
  destruct (seventh_some c x e Es) as (He & Ex & _).
  apply lazy_and_true in E as (E & Hmv). apply lazy_and_true in E as (E & Hs).
  apply lazy_and_true in E as (Hx & HUs). apply negb_true_iff in Hx. rewrite Hx.
  destruct (U' (pawn_step c e)) eqn:Ep; [exists 0; split; [reflexivity|lia]|].
  apply lazy_or_true in Hmv as [Hst|Hat].
  - apply Uint63.eqb_correct in Hst. subst s. rewrite (HU _ HUs) in Ep. discriminate.
  - assert (Hex : existsb U' (pawn_attacks c e) = true).
    { apply existsb_exists. exists s. split; [apply inb_iff, Hat|exact (HU _ HUs)]. }
    rewrite Hex. exists 1. split; [reflexivity|].
    destruct (Nat.eqb_spec x (fnat s)) as [Exs|]; [|lia].
    exfalso. apply inb_iff in Hs. apply (attack_file c e s He Hs Hat). congruence.
Qed.

Section Entries.

Context (Xa : array bool) (c : color) (Q P : position) (m : move).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (Hg : exists h, game h Q)
  (HX : closed_set (piece_at P) (fun s => Xa.[s])).

Lemma excess_mono_count : forall r U,
  count_on (piece_at P) U (MkPiece c r) <= count_on (piece_at Q) U (MkPiece c r) ->
  RegionCount.excess (piece_at P) c r U <= RegionCount.excess (piece_at Q) c r U.
Proof. intros r U H. unfold RegionCount.excess. lia. Qed.

(** One role's men on a closed set [U]: no more, or one more by a
    promotion to the role landing on [U] from an admissible entry. *)
Lemma entry_role_step : forall K r U, region_closed (fun s => Xa.[s]) K c r U ->
  cuts_ok (piece_at P) (fun s => Xa.[s]) K c r ->
  (turn Q <> c \/ mv_kind m <> Promotion ->
   RegionCount.excess (piece_at P) c r U <= RegionCount.excess (piece_at Q) c r U) /\
  (RegionCount.excess (piece_at P) c r U <= RegionCount.excess (piece_at Q) c r U \/
   (RegionCount.excess (piece_at P) c r U <= S (RegionCount.excess (piece_at Q) c r U) /\
    piece_at P (mv_to m) = Some (MkPiece c r) /\ entry_ok Xa U c (fnat (mv_from m)) (mv_to m) = true)).
Proof.
  intros K r U HU HK.
  destruct (RegionCountproof.role_step Q P m (fun s => Xa.[s]) c Hl HQ HX Hg K r U HU HK)
    as [H|(H & s & Hs & HUs & Hb & Hp)].
  - split; [intros _|left]; apply excess_mono_count, H.
  - destruct (no_promotion (fun s => Xa.[s]) c (fun _ => false) (fun _ => false) (fun _ => false) (fun _ => false)
                (fun _ _ => false) (fun _ _ => false) (fun _ _ => false) (fun _ _ => false) Q P m Hl HQ
                ltac:(repeat split; intros x; discriminate) r s Hs Hb Hp) as (Ec & Ek).
    split; [intros [E|E]; contradiction|right].
    destruct (promotion_facts Q m P Hl HQ Ek) as (Hf & Ht & Hbf & Hb'f & Hft & Hsame & Hf6 & Hmv).
    rewrite Ec in Hbf, Hf6, Hmv.
    assert (Est : s = mv_to m).
    { destruct (Uint63.eqs s (mv_to m)) as [E|Hne]; [exact E|exfalso].
      destruct (Uint63.eqs s (mv_from m)) as [E|Hnf]; [subst s; congruence|].
      destruct Hp as (Hn & _). apply Hn. rewrite <- (Hsame s Hs Hnf Hne). exact Hb. }
    subst s. split; [unfold RegionCount.excess; lia|]. split; [exact Hb|].
    unfold entry_ok. rewrite (seventh_of c (mv_from m) Hf Hf6).
    assert (HXf : Xa.[mv_from m] = false).
    { destruct (Xa.[mv_from m]) eqn:E; [exfalso|reflexivity].
      pose proof (frozen_step_keeps Q P m _ Hl HQ HX Hg (mv_from m) Hf E) as Ek'. congruence. }
    rewrite HXf, HUs, (proj2 (inb_iff _ _) Ht). exact Hmv.
Qed.

Theorem entries_step : forall HN HB HR HQ' KN KB KR KQ,
  RegionCountproof.phi_sets (piece_at P) (fun s => Xa.[s]) c HN HB HR HQ' KN KB KR KQ ->
  (turn Q <> c \/ mv_kind m <> Promotion -> forall r, pk c HN HB HR HQ' r (piece_at P) <= pk c HN HB HR HQ' r (piece_at Q)) /\
  (forall r, pk c HN HB HR HQ' r (piece_at P) <= pk c HN HB HR HQ' r (piece_at Q) \/
     (pk c HN HB HR HQ' r (piece_at P) <= S (pk c HN HB HR HQ' r (piece_at Q)) /\
      piece_at P (mv_to m) = Some (MkPiece c r) /\
      ad Xa c HN HB HR HQ' r (fnat (mv_from m)) (mv_to m) = true)).
Proof.
  intros HN HB HR HQ' KN KB KR KQ (HN' & HB' & HR' & HQ'' & CN & CB & CR & CQ).
  assert (Hnone : forall r b, RegionCount.excess b c r (fun _ => false) = 0)
    by (intros r b; unfold RegionCount.excess; rewrite !RegionCountproof.count_on_none; reflexivity).
  split.
  - intros Hno r. unfold pk. destruct r; simpl; rewrite ?Hnone; try lia;
      [apply (entry_role_step KN Knight HN HN' CN)|apply (entry_role_step KB Bishop HB HB' CB)
      |apply (entry_role_step KR Rook HR HR' CR)|apply (entry_role_step KQ Queen HQ' HQ'' CQ)]; exact Hno.
  - intros r. unfold pk, ad. destruct r; simpl; rewrite ?Hnone; try (left; lia);
      [apply (entry_role_step KN Knight HN HN' CN)|apply (entry_role_step KB Bishop HB HB' CB)
      |apply (entry_role_step KR Rook HR HR' CR)|apply (entry_role_step KQ Queen HQ' HQ'' CQ)].
Qed.

End Entries.

(** ** The entry programme is bounded by the ghost

    The ghost's side has at least [region_excess] on the sets entries
    ([wcount_le]); with the pawns, the first that many of them are items
    of the programme of [entries_refute_with]: each reached its seventh
    rank on its entry file [x], which [entry_data] lets in at no more than
    the capture of its landing ([entry_ok_data]).  So the programme costs
    at most the pawns' and these tokens' files apart from their slots, plus
    the diagonal landings ([entry_sum]), which the ghost's entries keep
    within the other side's missing men. *)

Definition wx (w : entry4) : nat := let '(x, _, _, _) := w in x.
Definition went (w : entry4) : nat * nat := let '(x, g, _, _) := w in (x, g).

Lemma wcount_le : forall W, wcount Knight W + wcount Bishop W + wcount Rook W + wcount Queen W <= length W.
Proof.
  induction W as [|[[[x g] s] r] W IH]; [reflexivity|].
  assert (E : forall r', wcount r' ((x, g, s, r) :: W) = (if role_eqb r r' then 1 else 0) + wcount r' W)
    by (intros r'; unfold wcount; cbn [filter]; destruct (role_eqb r r'); reflexivity).
  rewrite !E. cbn [length]. destruct r; cbv [role_eqb]; lia.
Qed.

Lemma pcost_incl : forall l T, NoDup l -> incl l T -> pcost l <= pcost T.
Proof.
  intros l; induction l as [|a l IH]; intros T Hnd Hinc; [unfold pcost; simpl; lia|].
  assert (Ha : In a T) by (apply Hinc; left; reflexivity).
  apply in_split in Ha. destruct Ha as (T1 & T2 & ->).
  inversion Hnd as [|? ? Hna Hnd']; subst.
  assert (Hinc' : incl l (T1 ++ T2)).
  { intros y Hy. assert (Hy' := Hinc y (or_intror Hy)). apply in_app_or in Hy'. apply in_or_app.
    destruct Hy' as [H|[E|H]]; [auto|subst; contradiction|auto]. }
  specialize (IH _ Hnd' Hinc'). rewrite pcost_app in IH |- *.
  unfold pcost in *. simpl in *. lia.
Qed.

Definition dk (o : nat -> option nat) (k : nat) : nat := match o k with Some d => d | None => 0 end.

Lemma sum_pick : forall (d : nat -> nat) x, x < 8 ->
  sum_over (fun k => d k * (if Nat.eqb k x then 1 else 0)) (seq 0 8) = d x.
Proof.
  intros d x Hx. do 8 (destruct x as [|x]; [simpl; lia|]). lia.
Qed.

Lemma ceq_cons : forall k x l, ceq k (x :: l) = (if Nat.eqb k x then 1 else 0) + ceq k l.
Proof. intros k x l. unfold ceq. simpl. destruct (Nat.eqb k x); reflexivity. Qed.

Lemma entry_sum : forall (o : nat -> option nat) W,
  (forall w, In w W -> wx w < 8 /\ exists d, o (wx w) = Some d /\ d <= wdiag w) ->
  sum_over (fun k => entry_cost (o k) (clt k (map wx W)) (clt (S k) (map wx W))) (seq 0 8) <= wextra W.
Proof.
  intros o W H.
  assert (E : forall l, sum_over (fun k => entry_cost (o k) (clt k l) (clt (S k) l)) (seq 0 8) =
                        sum_over (fun k => dk o k * ceq k l) (seq 0 8)).
  { intros l. apply sum_over_ext. intros k _. rewrite clt_S. unfold entry_cost, dk.
    destruct (o k); lia. }
  rewrite E. clear E. induction W as [|w W IH].
  { rewrite (sum_over_ext _ (fun _ => 0)); [simpl; lia|]. intros k _. unfold ceq. simpl. lia. }
  destruct (H w (or_introl eq_refl)) as (Hx & d & Ed & Hd).
  specialize (IH (fun w' Hw => H w' (or_intror Hw))).
  cbn [map]. simpl wextra.
  erewrite sum_over_ext; [|intros k _; rewrite ceq_cons, Nat.mul_add_distr_l; reflexivity].
  pose proof (sum_over_le (fun k => dk o k * (if Nat.eqb k (wx w) then 1 else 0) + dk o k * ceq k (map wx W))
                (fun k => dk o k * (if Nat.eqb k (wx w) then 1 else 0)) (fun k => dk o k * ceq k (map wx W))
                (seq 0 8) ltac:(intros k _; cbv beta; lia)) as Hs.
  rewrite sum_pick in Hs by exact Hx.
  assert (Edk : dk o (wx w) = d) by (unfold dk; rewrite Ed; reflexivity). rewrite Edk in Hs. lia.
Qed.

Lemma hset_landing : forall (HN HB HR HQ : array bool) r y,
  hset (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s]) r y = true ->
  landing HN HB HR HQ y = true.
Proof.
  intros HN HB HR HQ r y H. unfold landing.
  destruct r; simpl in H; try discriminate; rewrite H;
    destruct (HN.[y]), (HB.[y]), (HR.[y]), (HQ.[y]); reflexivity.
Qed.

Lemma nodup_app_sub : forall A (l l' l'' : list A), NoDup (l ++ l') -> NoDup l'' -> incl l'' l' ->
  NoDup (l ++ l'').
Proof.
  intros A l; induction l as [|a l IH]; intros l' l'' H H'' Hi; [exact H''|].
  inversion H as [|? ? Ha Hl]; subst. simpl. constructor; [|exact (IH _ _ Hl H'' Hi)].
  intros Hin. apply Ha. apply in_app_or in Hin. apply in_or_app. destruct Hin as [Hin|Hin]; [left; exact Hin|].
  right. apply Hi, Hin.
Qed.

(** Proven by [reflexivity] and used by [rewrite], as [pawn_refutes_unfold]
    below: the proof never unfolds the rule itself. *)
Lemma entries_refute_with_eq : forall d b X c HN HB HR HQ,
  entries_refute_with d b X c HN HB HR HQ =
  (promoted_sets_ok b X c HN HB HR HQ &&&
   (Nat.ltb 0 (region_excess b c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s])) &&&
    Nat.leb (length (pawn_files b c) +
             region_excess b c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s])) 8 &&&
    match min_captures_at (pawn_files b c) (entry_data X (landing HN HB HR HQ) c)
            (region_excess b c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s])) with
    | None => true
    | Some v => Nat.ltb (16 - men_count (census_of (Material.men b) (opp c))) v |||
                (Nat.ltb 0 v &&& Nat.ltb (16 - men_count (census_of (Material.men b) (opp c)) - d tt) v)
    end)).
Proof. reflexivity. Qed.

(** [true &&& x] is [x] (the goal after [destruct] of a test that
    held). *)
Ltac drop_true := lazymatch goal with |- (if true then ?x else false) = ?y => change (x = y) end.

Lemma region_excess_pk : forall b c HN HB HR HQ, region_excess b c HN HB HR HQ =
  pk c HN HB HR HQ Knight b + pk c HN HB HR HQ Bishop b + pk c HN HB HR HQ Rook b + pk c HN HB HR HQ Queen b.
Proof. intros. unfold region_excess, pk. cbn [hset]. reflexivity. Qed.

Theorem ghost_entries_refute : forall Dm Rx b c L T Z (Xa HN HB HR HQ : array bool),
  ghost Dm Rx (pk c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s]))
    (ad Xa c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s])) b c L T Z ->
  entries_refute_with (fun _ => Dm b) b Xa c HN HB HR HQ = false.
Proof.
  intros Dm Rx b c L T Z Xa HN HB HR HQ G.
  rewrite entries_refute_with_eq.
  destruct (promoted_sets_ok b Xa c HN HB HR HQ); [try drop_true|reflexivity].
  set (n := region_excess b c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s])).
  set (pf := pawn_files b c).
  destruct (Nat.ltb 0 n); [try drop_true|reflexivity].
  destruct (Nat.leb (length pf + n) 8); [try drop_true|reflexivity].
  rewrite men_count_cnt.
  set (o := entry_data Xa (landing HN HB HR HQ) c).
  destruct (gh_entries _ _ _ _ _ _ _ _ _ G) as (W & W1 & W2 & W3 & W4).
  assert (HnW : n <= length W).
  { unfold n. rewrite region_excess_pk. pose proof (wcount_le W). pose proof (W3 Knight).
    pose proof (W3 Bishop). pose proof (W3 Rook). pose proof (W3 Queen). lia. }
  set (W' := firstn n W).
  assert (HlenW : length W' = n) by (apply firstn_length_le, HnW).
  assert (HW' : forall w, In w W' -> In (went w) T /\ wx w < 8 /\ exists d, o (wx w) = Some d /\ d <= wdiag w).
  { intros [[[x g] s] r] Hw. apply in_firstn in Hw. destruct (W1 x g s r Hw) as [HT Ha].
    split; [exact HT|]. unfold ad in Ha.
    destruct (entry_ok_data Xa _ (landing HN HB HR HQ) c x s Ha (hset_landing HN HB HR HQ r)) as (d & Ed & Hd).
    split.
    - unfold entry_ok in Ha. destruct (seventh c x) as [e|] eqn:Es; [|discriminate].
      destruct (seventh_some c x e Es) as (He & <- & _). apply fnat_lt, He.
    - exists d. split; [exact Ed|exact Hd]. }
  set (T' := map went W').
  assert (Hperm : Permutation (map fnat (map fst L)) pf)
    by (apply Permutation_map; eapply pawns_perm; eauto).
  assert (Hlenpf : length pf = length L)
    by (rewrite <- (Permutation_length Hperm), !map_length; reflexivity).
  assert (HndW' : NoDup (map wslot W')).
  { unfold W'. rewrite <- firstn_map. rewrite <- (firstn_skipn n (map wslot W)) in W2. exact (nodup_app_l _ _ _ W2). }
  set (slots := map snd L ++ map wslot W').
  assert (Hsnd : NoDup slots).
  { apply (nodup_app_sub _ _ (map snd T)); [exact (gh_slots _ _ _ _ _ _ _ _ _ G)|exact HndW'|].
    intros g Hg. apply in_map_iff in Hg. destruct Hg as ([[[x g'] s] r] & E & Hw). simpl in E. subst g'.
    apply (in_map snd _ (x, g)). exact (proj1 (HW' _ Hw)). }
  assert (Hsm : forall g, In g slots -> g < 8).
  { intros g Hg. apply (gh_small _ _ _ _ _ _ _ _ _ G). unfold slots in Hg. apply in_app_or in Hg.
    apply in_or_app. destruct Hg as [Hg|Hg]; [left; exact Hg|right].
    apply in_map_iff in Hg. destruct Hg as ([[[x g'] s] r] & E & Hw). simpl in E. subst g'.
    apply (in_map snd _ (x, g)). exact (proj1 (HW' _ Hw)). }
  assert (Hxs : forall x, In x (map wx W') -> x < 8 /\ exists d, o x = Some d).
  { intros x Hx. apply in_map_iff in Hx. destruct Hx as (w & <- & Hw).
    destruct (HW' w Hw) as (_ & H8 & d & Ed & _). split; [exact H8|exists d; exact Ed]. }
  set (Bf := fun k => clt k (map wx W')). set (Sf := fun k => clt k slots).
  destruct (min_captures_at_bound pf o n Bf Sf) as (w & Hw & Hle).
  - apply clt_0.
  - apply clt_0.
  - unfold Bf. rewrite clt_all, map_length; [exact HlenW|]. intros x Hx. apply (Hxs x Hx).
  - unfold Sf. rewrite clt_all by exact Hsm. unfold slots. rewrite app_length, !map_length, HlenW, Hlenpf.
    reflexivity.
  - intros k Hk. unfold Bf, Sf. rewrite !clt_S. split; [|split].
    + assert (Hd := ceq_nodup k slots Hsnd). unfold pred_ok.
      destruct (o k) eqn:Eo.
      * apply andb_true_intro. split; [apply Nat.leb_le; lia|].
        destruct (ceq k slots) as [|[|]]; [|simpl|lia]; rewrite ?Nat.add_0_r, ?Nat.add_1_r, Nat.eqb_refl;
          [reflexivity|apply orb_true_r].
      * rewrite (ceq_none k (map wx W')).
        -- apply andb_true_intro. split; [rewrite Nat.add_0_r; apply Nat.eqb_refl|].
           destruct (ceq k slots) as [|[|]]; [|simpl|lia]; rewrite ?Nat.add_0_r, ?Nat.add_1_r, Nat.eqb_refl;
             [reflexivity|apply orb_true_r].
        -- intros x Hx ->. destruct (Hxs k Hx) as (_ & d & Ed). congruence.
    + rewrite <- clt_S. rewrite <- HlenW, <- (map_length wx W'). apply clt_le.
    + rewrite <- clt_S. eapply Nat.le_trans; [apply clt_le|].
      unfold slots. rewrite app_length, !map_length, HlenW, Hlenpf. reflexivity.
  - rewrite Hw.
    set (its := map (fun sg => (fnat (fst sg), snd sg)) L ++ T').
    assert (Hc := cut_bound its).
    assert (Hfst : map fst its = map fnat (map fst L) ++ map wx W')
      by (unfold its, T'; rewrite map_app, !map_map; f_equal; apply map_ext; intros [[[x g] s] r]; reflexivity).
    assert (Hsnd' : map snd its = slots)
      by (unfold its, T', slots; rewrite map_app, !map_map; f_equal; apply map_ext; intros [[[x g] s] r]; reflexivity).
    rewrite Hfst, Hsnd' in Hc.
    assert (Hcost : pcost its = lcost L + pcost T').
    { unfold its. rewrite pcost_app. f_equal. clear. induction L as [|[s g] L IH]; [reflexivity|].
      unfold pcost in *. simpl in *. rewrite IH. reflexivity. }
    assert (Hits : forall p g, In (p, g) its -> p < 8 /\ g < 8).
    { intros p g Hi. unfold its in Hi. apply in_app_or in Hi. destruct Hi as [Hi|Hi].
      - apply in_map_iff in Hi. destruct Hi as ([s g'] & E & Hi). injection E as <- <-. split.
        + apply fnat_lt, (gh_sq _ _ _ _ _ _ _ _ _ G), in_map_iff. exists (s, g'). auto.
        + apply Hsm. unfold slots. apply in_or_app. left. apply in_map_iff. exists (s, g'). auto.
      - unfold T' in Hi. apply in_map_iff in Hi. destruct Hi as ([[[x g'] s] r] & E & Hw'). simpl in E.
        injection E as <- <-. destruct (HW' _ Hw') as (_ & H8 & _). split; [exact H8|].
        apply Hsm. unfold slots. apply in_or_app. right. apply (in_map wslot _ _ Hw'). }
    specialize (Hc Hits).
    assert (Hsum : sum_over (fun k => absd (clt (S k) pf + Bf (S k)) (Sf (S k)) +
                                      entry_cost (o k) (Bf k) (Bf (S k))) (seq 0 8) <=
                   sum_over (fun k => absd (clt (S k) (map fnat (map fst L) ++ map wx W')) (clt (S k) slots))
                     (seq 0 8) +
                   sum_over (fun k => entry_cost (o k) (clt k (map wx W')) (clt (S k) (map wx W'))) (seq 0 8)).
    { apply sum_over_le. intros k _. unfold Bf, Sf. rewrite clt_app, (clt_perm _ _ _ Hperm). lia. }
    assert (Hext := entry_sum o W' (fun w Hw => proj2 (HW' w Hw))).
    assert (HT' : pcost T' <= pcost T).
    { apply pcost_incl.
      - unfold T'. apply (NoDup_map_inv snd). rewrite map_map.
        replace (map (fun x => snd (went x)) W') with (map wslot W') by (apply map_ext; intros [[[x g] s] r]; reflexivity).
        exact HndW'.
      - intros xg Hxg. unfold T' in Hxg. apply in_map_iff in Hxg. destruct Hxg as (w' & <- & Hw'). exact (proj1 (HW' _ Hw')). }
    assert (HwW : wextra W' <= wextra W).
    { unfold W'. rewrite <- (firstn_skipn n W) at 2. generalize (firstn n W) (skipn n W). intros l1 l2.
      induction l1 as [|a l1 IH]; simpl; lia. }
    pose proof (zcost_ge L T Z (gh_zl _ _ _ _ _ _ _ _ _ G) (gh_zt _ _ _ _ _ _ _ _ _ G)).
    destruct (Nat.ltb (16 - cnt b (opp c) TMan) w) eqn:E1; [apply Nat.ltb_lt in E1; lia|].
    destruct (Nat.ltb 0 w); [|reflexivity]. apply Nat.ltb_ge. lia.
Qed.

(** ** Games, problems *)

(** Every position of a game whose last position has [X] closed keeps a
    ghost counting the dead men of validated sets [Ys] and the promoted
    men on closed sets [UN UB UR UQ]. *)
Theorem ghost_game : forall h G, game h G -> forall X cols top c Ys UN UB UR UQ KN KB KR KQ
    HN HB HR HQ JN JB JR JQ,
  cages_ok X cols top c Ys = true ->
  (forall s, cage_of Ys Pawn s = false) -> (forall s, cage_of Ys King s = false) ->
  closed_set (piece_at G) (fun s => X.[s]) ->
  (forall r, cuts_ok (piece_at G) (fun s => X.[s]) (cut cols (opp c) r) (opp c) r) ->
  top_ok (piece_at G) c top ->
  RegionCountproof.phi_sets (piece_at G) (fun s => X.[s]) c UN UB UR UQ KN KB KR KQ ->
  RegionCountproof.phi_sets (piece_at G) (fun s => X.[s]) c HN HB HR HQ JN JB JR JQ ->
  ghostly (fun b => caged Ys (piece_at initial) c - caged Ys b c)
    (fun b => region_excess b c UN UB UR UQ) (pk c HN HB HR HQ) (ad X c HN HB HR HQ) (piece_at G) c.
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst];
    intros X cols top c Ys UN UB UR UQ KN KB KR KQ HN HB HR HQ JN JB JR JQ Hok Hp Hk HX HK Htop HS HH.
  - exists (initial_ghost c), [], (seq 0 8). apply ghost_initial; [apply Nat.sub_diag| |].
    + unfold region_excess, RegionCount.excess. rewrite !Nat.sub_diag. reflexivity.
    + intros r. unfold pk, RegionCount.excess. apply Nat.sub_diag.
  - destruct Hst as (Hl & _). apply legal_move_iff in Hl.
    pose proof (inv_game h G Hg) as Hi.
    assert (HXG : closed_set (piece_at G) (fun s => X.[s])).
    { apply (closed_transfer (piece_at G')); [exact HX|].
      intros x Hx HXx. exact (frozen_step_keeps G G' m _ Hl Hi HX (ex_intro _ h Hg) x Hx HXx). }
    destruct (dead_step X cols top c Ys Hok Hp Hk G G' m Hl Hi (ex_intro _ h Hg) HX HK Htop) as (HD1 & HD2).
    destruct (region_excess_step _ c UN UB UR UQ KN KB KR KQ G G' m Hl Hi (ex_intro _ h Hg) HX HS)
      as (HR1 & HR2).
    destruct (entries_step X c G G' m Hl Hi (ex_intro _ h Hg) HX HN HB HR HQ JN JB JR JQ HH) as (HP1 & HP2).
    apply (ghost_step _ _ _ _ G m G' Hl Hi c); [lia|exact HD2|exact HR1|exact HR2|exact HP1|exact HP2|].
    apply (IH X cols top c Ys UN UB UR UQ KN KB KR KQ HN HB HR HQ JN JB JR JQ Hok Hp Hk HXG);
      [intros r; exact (cuts_back G m G' _ _ _ r Hl Hi (ex_intro _ h Hg) HX (HK r))
      |exact (top_back G G' m c Hl Hi top Htop)| |].
    + exact (RegionCountproof.phi_sets_back G m G' _ c _ _ _ _ _ _ _ _ Hl Hi (ex_intro _ h Hg) HX HS).
    + exact (RegionCountproof.phi_sets_back G m G' _ c _ _ _ _ _ _ _ _ Hl Hi (ex_intro _ h Hg) HX HH).
Qed.

Lemma side_refutes_with_ext : forall d d' e e' b c, d tt = d' tt -> e tt = e' tt ->
  side_refutes_with d e b c = side_refutes_with d' e' b c.
Proof. intros d d' e e' b c E F. unfold side_refutes_with, refutes_promoted. rewrite E, F. reflexivity. Qed.

Lemma dead_unfold : forall b c, dead b c =
  let X := frozen_set b in
  let cols := columns b X in
  let top := pawn_top b c in
  if cages_ok X cols top c (cages X cols top c)
  then caged (cages X cols top c) (piece_at initial) c - caged (cages X cols top c) b c else 0.
Proof. reflexivity. Qed.

(** Validated sets, as sets a ghost can count on. *)
Lemma validated_sets : forall G b X c AN AB AR AQ, (forall s, In s all_squares -> b s = piece_at G s) ->
  promoted_sets_ok b X c AN AB AR AQ = true ->
  exists KN KB KR KQ, RegionCountproof.phi_sets (piece_at G) (fun s => X.[s]) c
    (fun s => AN.[s]) (fun s => AB.[s]) (fun s => AR.[s]) (fun s => AQ.[s]) KN KB KR KQ.
Proof.
  intros G b X c AN AB AR AQ Hb Hok.
  unfold promoted_sets_ok in Hok.
  apply lazy_and_true in Hok as (Hok & EQ). apply lazy_and_true in Hok as (Hok & ER).
  apply lazy_and_true in Hok as (EN & EB).
  destruct (RegionCountproof.closed_ok_gen _ X _ c Knight _ EN) as (HN & _).
  destruct (RegionCountproof.closed_ok_gen _ X _ c Bishop _ EB) as (HB & _).
  destruct (RegionCountproof.closed_ok_gen _ X _ c Rook _ ER) as (HR & _).
  destruct (RegionCountproof.closed_ok_gen _ X _ c Queen _ EQ) as (HQ & _).
  set (cols := columns b X) in *.
  exists (kind_cut cols (members X) c Knight), (kind_cut cols (members X) c Bishop),
    (kind_cut cols (members X) c Rook), (kind_cut cols (members X) c Queen).
  assert (HK : forall r, cuts_ok (piece_at G) (fun s => X.[s]) (kind_cut cols (members X) c r) c r)
    by (intros r; apply (cuts_ok_ext b); [exact Hb|apply kind_cut_ok]).
  exact (conj HN (conj HB (conj HR (conj HQ (conj (HK Knight) (conj (HK Bishop) (conj (HK Rook) (HK Queen)))))))).
Qed.

(** The sets of [region_promoted_with] on a board a game reaches, as
    sets the ghost can count on; none (and no promoted men) if they fail
    the validation.  (Stated over abstract sets: with the sets of
    [region_promoted] spelled out, [Qed] would evaluate them in the
    kernel.) *)
Lemma promoted_sets : forall G b X c AN AB AR AQ, (forall s, In s all_squares -> b s = piece_at G s) ->
  exists UN UB UR UQ KN KB KR KQ,
    RegionCountproof.phi_sets (piece_at G) (fun s => X.[s]) c UN UB UR UQ KN KB KR KQ /\
    region_promoted_with b X c AN AB AR AQ = region_excess b c UN UB UR UQ.
Proof.
  intros G b X c AN AB AR AQ Hb.
  destruct (promoted_sets_ok b X c AN AB AR AQ) eqn:Hok.
  - destruct (validated_sets G b X c AN AB AR AQ Hb Hok) as (KN & KB & KR & KQ & HS).
    exists (fun s => AN.[s]), (fun s => AB.[s]), (fun s => AR.[s]), (fun s => AQ.[s]), KN, KB, KR, KQ.
    split; [exact HS|]. unfold region_promoted_with. rewrite Hok. reflexivity.
  - exists (fun _ => false), (fun _ => false), (fun _ => false), (fun _ => false),
      (fun _ _ => false), (fun _ _ => false), (fun _ _ => false), (fun _ _ => false).
    split.
    + repeat split; intros x; discriminate.
    + unfold region_promoted_with. rewrite Hok.
      unfold region_excess, RegionCount.excess. rewrite !RegionCountproof.count_on_none. reflexivity.
Qed.

Lemma region_promoted_unfold : forall b X c, region_promoted b X c =
  region_promoted_with b X c (kind_region nowhere b X c Knight) (kind_region nowhere b X c Bishop)
    (kind_region nowhere b X c Rook) (kind_region nowhere b X c Queen).
Proof. reflexivity. Qed.

(** A reachable position has a ghost for each side, counting its dead men
    and its region-promoted men (PawnCaptures.v's [dead] and
    [region_promoted]) and the promotion entries of any sets [HN HB HR HQ]
    closed on every board with its men (the [homeless] sets, or none). *)
Lemma reachable_ghost : forall P, reachable P -> forall c HN HB HR HQ,
  (forall G, (forall s, In s all_squares -> piece_at P s = piece_at G s) ->
     exists JN JB JR JQ,
       RegionCountproof.phi_sets (piece_at G) (fun s => (frozen_set (piece_at P)).[s]) c HN HB HR HQ JN JB JR JQ) ->
  exists Dm Rx L T Z,
    ghost Dm Rx (pk c HN HB HR HQ) (ad (frozen_set (piece_at P)) c HN HB HR HQ) (piece_at P) c L T Z /\
    Dm (piece_at P) = dead (piece_at P) c /\ Rx (piece_at P) = region_promoted (piece_at P) (frozen_set (piece_at P)) c.
Proof.
  intros P (h & G & Hg & (Hb & _)) c HN HB HR HQ HHs.
  assert (Hext : forall s, In s all_squares -> piece_at G s = piece_at P s) by (intros s Hs; symmetry; apply Hb, Hs).
  destruct (HHs G Hb) as (JN & JB & JR & JQ & HH).
  set (X := frozen_set (piece_at P)) in *.
  assert (HX : closed_set (piece_at G) (fun s => X.[s])).
  { apply (closed_transfer (piece_at P)); [apply frozen_set_closed|]. intros s Hs _. apply Hext, Hs. }
  destruct (promoted_sets G (piece_at P) X c (kind_region nowhere (piece_at P) X c Knight)
              (kind_region nowhere (piece_at P) X c Bishop) (kind_region nowhere (piece_at P) X c Rook)
              (kind_region nowhere (piece_at P) X c Queen) Hb)
    as (UN & UB & UR & UQ & KN & KB & KR & KQ & HS & ER).
  rewrite <- region_promoted_unfold in ER.
  assert (HR' : region_excess (piece_at P) c UN UB UR UQ = region_excess (piece_at G) c UN UB UR UQ)
    by (apply RegionCountproof.region_excess_ext; intros s Hs; symmetry; apply Hext, Hs).
  assert (HP : forall r, pk c HN HB HR HQ r (piece_at P) = pk c HN HB HR HQ r (piece_at G)).
  { intros r. unfold pk, RegionCount.excess. rewrite (RegionCountproof.count_on_ext (piece_at P) (piece_at G));
      [reflexivity|intros s Hs; symmetry; apply Hext, Hs]. }
  set (cols := columns (piece_at P) X). set (top := pawn_top (piece_at P) c).
  assert (HK : forall r, cuts_ok (piece_at G) (fun s => X.[s]) (cut cols (opp c) r) (opp c) r)
    by (intros r; apply (cuts_ok_ext (piece_at P)); [intros s Hs; symmetry; apply Hext, Hs|apply columns_ok]).
  assert (Htop : top_ok (piece_at G) c top)
    by (apply (top_ok_ext (piece_at P)); [intros s Hs; symmetry; apply Hext, Hs|apply pawn_top_ok]).
  rewrite dead_unfold. cbv zeta. fold X cols top.
  destruct (cages_ok X cols top c (cages X cols top c)) eqn:Hok.
  - destruct (ghost_game h G Hg X cols top c (cages X cols top c) UN UB UR UQ KN KB KR KQ HN HB HR HQ JN JB JR JQ
                Hok (fun s => eq_refl) (fun s => eq_refl) HX HK Htop HS HH) as (L & T & Z & Gh).
    apply ghost_ext with (b' := piece_at P) in Gh;
      [|exact Hext|rewrite (caged_ext _ (piece_at G) (piece_at P)); auto|exact HR'|exact HP].
    eexists _, _, L, T, Z. split; [exact Gh|]. split; [reflexivity|]. rewrite <- ER. reflexivity.
  - destruct (ghost_game h G Hg X cols top c [] UN UB UR UQ KN KB KR KQ HN HB HR HQ JN JB JR JQ eq_refl
                (fun s => eq_refl) (fun s => eq_refl) HX HK Htop HS HH) as (L & T & Z & Gh).
    apply ghost_ext with (b' := piece_at P) in Gh; [|exact Hext|rewrite !caged_nil; reflexivity|exact HR'|exact HP].
    eexists _, _, L, T, Z. split; [exact Gh|]. split; [rewrite !caged_nil; reflexivity|]. rewrite <- ER. reflexivity.
Qed.

Lemma reachable_sides : forall P, reachable P -> forall c, side_refutes (piece_at P) c = false.
Proof.
  intros P HP c.
  destruct (reachable_ghost P HP c (fun _ => false) (fun _ => false) (fun _ => false) (fun _ => false))
    as (Dm & Rx & L & T & Z & Gh & ED & ER).
  { intros G _. exists (fun _ _ => false), (fun _ _ => false), (fun _ _ => false), (fun _ _ => false).
    repeat split; intros x; discriminate. }
  rewrite <- (ghost_side_refutes _ _ _ _ _ _ _ _ _ Gh). unfold side_refutes.
  apply side_refutes_with_ext; symmetry; assumption.
Qed.

(** Proven by [reflexivity] and used by [rewrite]: [unfold pawn_refutes]
    makes [Qed] hang in the kernel. *)
Lemma pawn_refutes_unfold : forall P,
  pawn_refutes P = (side_refutes (piece_at P) White ||| side_refutes (piece_at P) Black).
Proof. reflexivity. Qed.

(** The headline theorem. *)
Theorem pawn_refutes_sound : forall P, pawn_refutes P = true -> ~ reachable P.
Proof.
  intros P H HP.
  rewrite pawn_refutes_unfold, (reachable_sides P HP White), (reachable_sides P HP Black) in H.
  discriminate H.
Qed.

(** ** Promotion entries are sound *)

Lemma reachable_entries_with : forall P, reachable P -> forall c AN AB AR AQ,
  entries_refute_with (fun _ => dead (piece_at P) c) (piece_at P) (frozen_set (piece_at P)) c AN AB AR AQ = false.
Proof.
  intros P HP c AN AB AR AQ.
  destruct (promoted_sets_ok (piece_at P) (frozen_set (piece_at P)) c AN AB AR AQ) eqn:Hok.
  - destruct (reachable_ghost P HP c (fun s => AN.[s]) (fun s => AB.[s]) (fun s => AR.[s]) (fun s => AQ.[s]))
      as (Dm & Rx & L & T & Z & Gh & ED & _).
    { intros G Hb. exact (validated_sets G (piece_at P) (frozen_set (piece_at P)) c AN AB AR AQ Hb Hok). }
    pose proof (ghost_entries_refute _ _ _ _ _ _ _ _ AN AB AR AQ Gh) as E. rewrite ED in E. exact E.
  - rewrite entries_refute_with_eq, Hok. reflexivity.
Qed.

Lemma side_entries_unfold : forall b c, side_entries_refute b c =
  entries_refute_with (fun _ => dead b c) b (frozen_set b) c (homeless b (frozen_set b) c Knight)
    (homeless b (frozen_set b) c Bishop) (homeless b (frozen_set b) c Rook) (homeless b (frozen_set b) c Queen).
Proof. reflexivity. Qed.

Lemma entry_refutes_unfold : forall P,
  entry_refutes P = (side_entries_refute (piece_at P) White ||| side_entries_refute (piece_at P) Black).
Proof. reflexivity. Qed.

(** The headline theorem of promotion entries. *)
Theorem entry_refutes_sound : forall P, entry_refutes P = true -> ~ reachable P.
Proof.
  intros P H HP.
  rewrite entry_refutes_unfold, !side_entries_unfold, !(reachable_entries_with P HP) in H.
  discriminate H.
Qed.

