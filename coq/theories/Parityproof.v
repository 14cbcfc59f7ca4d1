(** * Parityproof: the parity rule (Parity.v) is sound.

    Headline theorems:

    - [parity_game : forall h G, game h G ->
         closed_p White (piece_at G) -> closed_p Black (piece_at G) ->
         xorb (potential White (piece_at G)) (potential Black (piece_at G)) =
         xorb start_potential (black_to_move G)]
    - [parity_refutes_sound : forall P, parity_refutes P = true -> ~ reachable P].

    ** The proof

    [closed_p c b] is [closed c b = true] as a proposition ([closed_iff]).
    The heart is [closed_step]: if [legal_move Q m P] (with [Q] satisfying
    the invariants of Invariants.v) and [c] is closed on [P], then [c] is
    closed on [Q], and [potential c] of [Q] is [P]'s flipped exactly when
    [c] moved.

    - The second-rank pawns and the c1/f1 bishops of [P] form a set of
      squares justified in the sense of Stranded.v ([closed_justified]:
      the pawns are seeds, the bishops' exits are second-rank squares), so
      [Q] has the same men there ([Stranded.step_keeps]).
    - Every pawn of [c] in [Q] is on its second rank: a ninth would break
      [Q]'s material invariant ([pawns_home]).  So [c] made no pawn move
      (its origin would be an emptied second-rank square), and the other
      side took no pawn of [c] en passant.
    - The other side captured no other man of [c] either: [Q] would have
      17 men of [c] ([no_capture]).  So a move of the other side leaves
      [c]'s men and [potential c] alone.
    - A move of [c] is a knight's, which changes its square's colour, or a
      rook's, queen's or king's arriving on a square [allowed] in [P]: it
      came from the other square of its segment (any other origin, or any
      other path, meets a square of the frozen set; checked by computation
      over the 64 squares: [slider_geometry], [king_geometry]), which flips
      its bit ([flips]).  Castling would put [c]'s king on c1 or g1, not
      allowed; a bishop would arrive on the frozen set.

    By induction over the game ([parity_game]), the xor of both sides'
    potentials flips with every ply.

    Axioms: those of Invariants.v and Stranded.v (the specification of
    primitive integers and arrays). *)

From Coq Require Import Uint63 PArray List Bool Arith Lia Permutation.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck
  Reachable Invariants Stranded Parity.
Import ListNotations.
Open Scope uint63_scope.

(** ** Closed sides as a proposition *)

Record closed_p (c : color) (b : board_fn) : Prop := {
  cl_pawns : forall s, In s (second_rank c) -> b s = Some (MkPiece c Pawn);
  cl_bishops : forall s, In s (bishop_squares c) -> b s = Some (MkPiece c Bishop);
  cl_allowed : forall s r, In s all_squares -> b s = Some (MkPiece c r) -> allowed c r s = true;
  cl_count : cnt b c TMan = 16%nat
}.

Lemma closed_iff : forall c b, closed c b = true <-> closed_p c b.
Proof.
  intros c b. unfold closed. rewrite !andb_true_iff, !forallb_forall, Nat.eqb_eq. split.
  - intros (((H1 & H2) & H3) & H4). constructor; auto.
    + intros s Hs. apply opiece_eqb_eq, H1, Hs.
    + intros s Hs. apply opiece_eqb_eq, H2, Hs.
    + intros s r Hs Hb. specialize (H3 s Hs). rewrite Hb, color_eqb_refl in H3. exact H3.
  - intros [H1 H2 H3 H4]. split; [split; [split|]|]; auto.
    + intros s Hs. apply opiece_eqb_eq, H1, Hs.
    + intros s Hs. apply opiece_eqb_eq, H2, Hs.
    + intros s Hs. destruct (b s) as [[c' r]|] eqn:Bs; [|reflexivity].
      destruct (color_eqb c' c) eqn:E; [|reflexivity].
      apply color_eqb_eq in E. subst c'. simpl. apply (H3 s r Hs Bs).
Qed.

(** ** Squares, by computation *)

Lemma closed_squares_in : forall c s, In s (closed_squares c) -> In s all_squares.
Proof.
  intros c. apply incl_list. apply sub_squares_incl. destruct c; reflexivity.
Qed.

Lemma second_rank_closed : forall c s, In s (second_rank c) -> In s (closed_squares c).
Proof. intros c s H. apply in_or_app. left. exact H. Qed.

Lemma bishop_squares_closed : forall c s, In s (bishop_squares c) -> In s (closed_squares c).
Proof. intros c s H. apply in_or_app. right. exact H. Qed.

Lemma second_rank_NoDup : forall c, NoDup (second_rank c).
Proof. intros c. apply nodupb_NoDup. destruct c; reflexivity. Qed.

Lemma second_rank_seed : forall c s, In s (second_rank c) -> seed c Pawn s = true.
Proof.
  intros c s Hs. destruct c; simpl in Hs;
    repeat (destruct Hs as [<-|Hs]; [reflexivity|]); contradiction.
Qed.

(** The bishops on c1/f1 may freeze, and their exits are second-rank squares. *)
Lemma bishop_exits : forall c s, In s (bishop_squares c) ->
  may_freeze c Bishop s = true /\ forall e, In e (exits c Bishop s) -> In e (closed_squares c).
Proof.
  intros c s Hs.
  assert (H : forallb (fun s => may_freeze c Bishop s &&
                 forallb (fun e => inb e (closed_squares c)) (exits c Bishop s)) (bishop_squares c) = true)
    by (destruct c; vm_compute; reflexivity).
  forallb_at H Hs. apply andb_prop in H as [H1 H2].
  split; [exact H1|]. intros e He. apply inb_in, (forallb_in H2 He).
Qed.

Lemma closed_justified : forall c b, closed_p c b -> justified b (fun s => inb s (closed_squares c)).
Proof.
  intros c b Hc s _ Hx. apply inb_in, in_app_or in Hx. destruct Hx as [Hx|Hx].
  - exists c, Pawn. split; [apply (cl_pawns c b Hc s Hx)|]. left. apply second_rank_seed, Hx.
  - exists c, Bishop. split; [apply (cl_bishops c b Hc s Hx)|]. right.
    destruct (bishop_exits c s Hx) as [H1 H2]. split; [exact H1|].
    intros e He. apply in_inb, H2, He.
Qed.

Lemma closed_occupied : forall c b s, closed_p c b -> In s (closed_squares c) -> b s <> None.
Proof.
  intros c b s Hc Hs. apply in_app_or in Hs. destruct Hs as [Hs|Hs].
  - rewrite (cl_pawns c b Hc s Hs). discriminate.
  - rewrite (cl_bishops c b Hc s Hs). discriminate.
Qed.

(** ** Geometry, by computation over the 64 squares *)

(** A man of [c] of role [r] going from [f] to [t] stays allowed and flips
    its potential bit. *)
Definition flips (c : color) (r : role) (f t : int) : bool :=
  allowed c r f && negb (Bool.eqb (man_bit c f (Some (MkPiece c r))) (man_bit c t (Some (MkPiece c r)))).

Lemma knight_geometry : forall c f t, In f all_squares -> inb t knight_targets.[f] = true ->
  flips c Knight f t = true.
Proof.
  intros c f t Hf Ht.
  assert (H : forallb (fun f => forallb (fun t => flips c Knight f t) knight_targets.[f]) all_squares = true)
    by (destruct c; vm_compute; reflexivity).
  pose proof (forall_squares _ H f Hf) as H'. cbv beta in H'.
  apply (forallb_in H'), inb_in, Ht.
Qed.

Lemma king_geometry : forall c f t, In f all_squares -> inb t king_targets.[f] = true ->
  allowed c King t = true -> inb f (closed_squares c) = true \/ flips c King f t = true.
Proof.
  intros c f t Hf Ht Ha.
  assert (H : forallb (fun f => forallb (fun t => negb (allowed c King t) || inb f (closed_squares c) ||
                 flips c King f t) king_targets.[f]) all_squares = true)
    by (destruct c; vm_compute; reflexivity).
  pose proof (forall_squares _ H f Hf) as H'. cbv beta in H'. forallb_at H' (inb_in _ _ Ht).
  rewrite Ha in H'. cbn [negb orb] in H'.
  apply orb_true_iff in H'. exact H'.
Qed.

(** Walking along [l] towards [t]: [goal] holds on arriving, unless a
    square of [K] is met first. *)
Fixpoint path_ok (K : list int) (goal : bool) (t : int) (l : list int) : bool :=
  match l with
  | [] => true
  | y :: l' => if y =? t then goal else inb y K || path_ok K goal t l'
  end.

Lemma path_ok_reaches : forall b K goal t l, reaches b l t = true -> path_ok K goal t l = true ->
  goal = true \/ exists y, In y K /\ b y = None.
Proof.
  intros b K goal t l; induction l as [|y l IH]; simpl; [discriminate|].
  destruct (y =? t); [auto|]. destruct (b y) eqn:By; [discriminate|].
  intros Hr Hp. destruct (inb y K) eqn:Iy.
  - right. exists y. split; [apply inb_in, Iy | exact By].
  - apply IH; assumption.
Qed.

Lemma slider_geometry : forall c r f t d, In f all_squares -> (r = Rook \/ r = Queen) ->
  In d (slider_dirs r) -> allowed c r t = true ->
  inb f (closed_squares c) = true \/ path_ok (closed_squares c) (flips c r f t) t (ray d f) = true.
Proof.
  intros c r f t d Hf Hr Hd Ha.
  assert (H : forall c r, r = Rook \/ r = Queen ->
            forallb (fun f => inb f (closed_squares c) || forallb (fun t => negb (allowed c r t) ||
              forallb (fun d => path_ok (closed_squares c) (flips c r f t) t (ray d f)) (slider_dirs r))
              all_squares) all_squares = true)
    by (intros [|] r' [-> | ->]; vm_compute; reflexivity).
  pose proof (forall_squares _ (H c r Hr) f Hf) as H'. cbv beta in H'.
  destruct (inb f (closed_squares c)) eqn:Hfc; [left; reflexivity|right]. cbn [orb] in H'.
  destruct (inb t all_squares) eqn:Ht.
  - forallb_at H' (inb_in _ _ Ht). rewrite Ha in H'. cbn [negb orb] in H'.
    exact (forallb_in H' Hd).
  - (* [t] is no square: [allowed] lists squares only *)
    exfalso. assert (Hin : In t all_squares); [|rewrite (in_inb _ _ Hin) in Ht; discriminate].
    destruct Hr as [-> | ->]; cbn [allowed] in Ha; apply inb_in in Ha; revert Ha; apply incl_list;
      apply sub_squares_incl; destruct c; reflexivity.
Qed.

Lemma castle_not_allowed : forall c side, allowed c King (castle_king_to c side) = false.
Proof. intros [|] [|]; reflexivity. Qed.

(** ** Counting *)

Lemma sum_ind_le : forall c g b D, NoDup D -> incl D all_squares -> (sum_ind c g b D <= cnt b c g)%nat.
Proof.
  intros c g b D Hnd Hincl.
  set (b0 := fun s => if inb s D then None else b s).
  assert (Hout : forall s, In s all_squares -> ~ In s D -> b0 s = b s).
  { intros s _ Hs. unfold b0. destruct (inb s D) eqn:I; [|reflexivity].
    apply inb_in in I. contradiction. }
  assert (E := cnt_diff c g D b b0 Hnd Hincl Hout).
  assert (E0 : sum_ind c g b0 D = 0%nat).
  { assert (Hn : forall l, incl l D -> sum_ind c g b0 l = 0%nat).
    { induction l as [|x l IH]; simpl; intros Hl; [reflexivity|].
      unfold b0 at 1. rewrite (in_inb x D (Hl x (or_introl eq_refl))). simpl.
      apply IH. intros y Hy. apply Hl. right. exact Hy. }
    apply Hn, incl_refl. }
  rewrite E0 in E. lia.
Qed.

Lemma sum_ind_all : forall c g b D, (forall x, In x D -> ind c g x (b x) = 1%nat) ->
  sum_ind c g b D = length D.
Proof.
  intros c g b D; induction D as [|x D IH]; simpl; intros H; [reflexivity|].
  rewrite H by (left; reflexivity). rewrite IH; [reflexivity|]. intros y Hy. apply H. right. exact Hy.
Qed.

(** What is not a man of [c]. *)
Definition other (c : color) (o : option piece) : Prop := forall r, o <> Some (MkPiece c r).

Lemma other_none : forall c, other c None.
Proof. intros c r. discriminate. Qed.

Lemma other_opp : forall c r, other c (Some (MkPiece (opp c) r)).
Proof. intros [|] r r' E; discriminate. Qed.

Lemma ind_other_c : forall c g s o, other c o -> ind c g s o = 0%nat.
Proof.
  intros c g s [[c' r]|] H; [|reflexivity]. unfold ind, tagged. simpl.
  destruct (color_eqb c' c) eqn:E; [|reflexivity].
  apply color_eqb_eq in E. subst c'. exfalso. apply (H r). reflexivity.
Qed.

Lemma man_bit_other : forall c s o, other c o -> man_bit c s o = false.
Proof.
  intros c s [[c' r]|] H; [|reflexivity]. simpl.
  destruct (color_eqb c' c) eqn:E; [|reflexivity].
  apply color_eqb_eq in E. subst c'. exfalso. apply (H r). reflexivity.
Qed.

Lemma ind_man : forall c s r, ind c TMan s (Some (MkPiece c r)) = 1%nat.
Proof. intros [|] s r; reflexivity. Qed.

Lemma ind_pawn : forall c s, ind c TPawn s (Some (MkPiece c Pawn)) = 1%nat.
Proof. intros [|] s; reflexivity. Qed.

(** ** Potentials *)

Lemma xsum_ext : forall c b b' l, (forall s, In s l -> b s = b' s) -> xsum c b l = xsum c b' l.
Proof.
  intros c b b' l; induction l as [|s l IH]; simpl; intros H; [reflexivity|].
  rewrite H by (left; reflexivity). rewrite IH; [reflexivity|]. intros x Hx. apply H. right. exact Hx.
Qed.

Lemma xsum_bits : forall c b b' l, (forall s, In s l -> man_bit c s (b s) = man_bit c s (b' s)) ->
  xsum c b l = xsum c b' l.
Proof.
  intros c b b' l; induction l as [|s l IH]; simpl; intros H; [reflexivity|].
  rewrite H by (left; reflexivity). rewrite IH; [reflexivity|]. intros x Hx. apply H. right. exact Hx.
Qed.

Lemma xsum_perm : forall c b l l', Permutation l l' -> xsum c b l = xsum c b l'.
Proof.
  intros c b l l' H. induction H; simpl; try congruence.
  destruct (man_bit c x (b x)), (man_bit c y (b y)), (xsum c b l); reflexivity.
Qed.

Lemma xsum_split : forall c b (p : int -> bool) l,
  xsum c b l = xorb (xsum c b (filter p l)) (xsum c b (filter (fun s => negb (p s)) l)).
Proof.
  intros c b p l; induction l as [|s l IH]; simpl; [reflexivity|].
  rewrite IH. destruct (p s); simpl;
    destruct (man_bit c s (b s)), (xsum c b (filter p l)), (xsum c b (filter (fun s => negb (p s)) l));
    reflexivity.
Qed.

(** The potentials before and after a change of the board on the squares [D]. *)
Lemma potential_diff : forall c D b b', NoDup D -> incl D all_squares ->
  (forall s, In s all_squares -> ~ In s D -> b' s = b s) ->
  potential c b' = xorb (potential c b) (xorb (xsum c b D) (xsum c b' D)).
Proof.
  intros c D b b' Hnd Hincl H. unfold potential.
  rewrite (xsum_split c b (fun s => inb s D)), (xsum_split c b' (fun s => inb s D)).
  assert (Hp : Permutation (filter (fun s => inb s D) all_squares) D).
  { apply NoDup_Permutation; [apply NoDup_filter, all_squares_NoDup | exact Hnd|].
    intros x. rewrite filter_In, inb_iff. split; [tauto|]. intros Hx. split; [apply Hincl|]; exact Hx. }
  rewrite !(xsum_perm c _ _ _ Hp).
  rewrite (xsum_ext c b' b (filter _ all_squares)).
  - destruct (xsum c b D), (xsum c b' D), (xsum c b (filter (fun s => negb (inb s D)) all_squares));
      reflexivity.
  - intros s Hs. apply filter_In in Hs. destruct Hs as [Hs Hn]. apply H; [exact Hs|].
    rewrite <- inb_iff. destruct (inb s D); [discriminate | auto].
Qed.

(** ** A legal move, going back from a closed side *)

Section Step.

Context (c : color) (Q P : position) (m : move).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (HP : closed_p c (piece_at P)).

Let b := piece_at Q.
Let b' := piece_at P.

(** The frozen men: the same in [Q]. *)
Lemma keeps : forall s, In s (closed_squares c) -> b s = b' s.
Proof.
  intros s Hs. apply (step_keeps Q P m _ Hl HQ (closed_justified c b' HP)).
  - apply (closed_squares_in c), Hs.
  - apply in_inb, Hs.
Qed.

Lemma origin_free : forall f, b' f = None -> ~ In f (closed_squares c).
Proof. intros f H Hf. apply (closed_occupied c b' f HP Hf), H. Qed.

(** Every pawn of [c] in [Q] is on its second rank. *)
Lemma pawns_home : forall s, In s all_squares -> b s = Some (MkPiece c Pawn) -> In s (second_rank c).
Proof.
  intros s Hs Hb. destruct (in_dec Uint63.eqs s (second_rank c)) as [H|Hn]; [exact H|exfalso].
  assert (Hnd : NoDup (s :: second_rank c)) by (constructor; [exact Hn | apply second_rank_NoDup]).
  assert (Hincl : incl (s :: second_rank c) all_squares).
  { intros x [<-|Hx]; [exact Hs|]. apply (closed_squares_in c), second_rank_closed, Hx. }
  pose proof (sum_ind_le c TPawn b _ Hnd Hincl) as Hle.
  rewrite sum_ind_all in Hle.
  - destruct (side_ok_inv Q c HQ) as (_ & H8 & _). fold b in H8.
    change (length (s :: second_rank c)) with (S (length (second_rank c))) in Hle.
    replace (length (second_rank c)) with 8%nat in Hle by (destruct c; reflexivity). lia.
  - intros x [<-|Hx]; [rewrite Hb; apply ind_pawn|].
    rewrite keeps by (apply second_rank_closed, Hx). fold b'. rewrite (cl_pawns c b' HP x Hx).
    apply ind_pawn.
Qed.

(** No pawn of [c] leaves a square in the move. *)
Lemma no_pawn_leaves : forall f, In f all_squares -> b f = Some (MkPiece c Pawn) -> b' f = None -> False.
Proof.
  intros f Hf Hb Hb'. apply (origin_free f Hb'), second_rank_closed, pawns_home; assumption.
Qed.

(** The other side captures no man of [c] on [t] (moving from [f]). *)
Lemma no_capture : forall f t, In f all_squares -> In t all_squares -> f <> t ->
  (forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s) ->
  other c (b f) -> other c (b' f) -> other c (b' t) -> other c (b t).
Proof.
  intros f t Hf Ht Hft Hsame Of O'f O't r Hbt.
  assert (Hincl : incl [f; t] all_squares) by (intros x [<-|[<-|[]]]; assumption).
  assert (E := cnt_diff c TMan [f; t] b b' (NoDup2 f t Hft) Hincl).
  simpl in E. rewrite (ind_other_c c TMan f (b f) Of), (ind_other_c c TMan f (b' f) O'f),
    (ind_other_c c TMan t (b' t) O't), Hbt, ind_man in E.
  fold b' in E. rewrite (cl_count c b' HP) in E.
  destruct (side_ok_inv Q c HQ) as (H16 & _). fold b in H16.
  assert (cnt b c TMan = 17%nat) by (specialize (E (fun s Hs Hn => Hsame s Hs
             (fun E' => Hn (or_introl (eq_sym E'))) (fun E' => Hn (or_intror (or_introl (eq_sym E'))))));
             lia).
  lia.
Qed.

(** A rook or queen of [c] arriving on an allowed square came from the
    other square of its segment. *)
Lemma slider_move : forall r f t, In f all_squares -> r = Rook \/ r = Queen ->
  inb f (closed_squares c) = false -> allowed c r t = true ->
  (exists d, In d (slider_dirs r) /\ reaches b (ray d f) t = true) -> flips c r f t = true.
Proof.
  intros r f t Hf Hr Hfc Hta (d & Hd & Hreach).
  destruct (slider_geometry c r f t d Hf Hr Hd Hta) as [E|E]; [congruence|].
  destruct (path_ok_reaches b _ _ t _ Hreach E) as [G|(y & Hy & Hby)]; [exact G|].
  exfalso. rewrite keeps in Hby by exact Hy. apply (closed_occupied c b' y HP Hy), Hby.
Qed.

(** A move of [c] from [f] to [t] that stays allowed and flips its bit. *)
Lemma own_move : forall f t r, In f all_squares -> In t all_squares -> f <> t ->
  turn Q = c -> b f = Some (MkPiece c r) -> b' f = None -> b' t = Some (MkPiece c r) ->
  other c (b t) -> (forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s) ->
  flips c r f t = true ->
  closed_p c b /\ potential c b = xorb (potential c b') true.
Proof.
  intros f t r Hf Ht Hft Hus Hbf Hb'f Hb't Ot Hsame Hfl.
  unfold flips in Hfl. apply andb_prop in Hfl as [Haf Hbit].
  split.
  - constructor.
    + intros s Hs. rewrite keeps by (apply second_rank_closed, Hs). apply (cl_pawns c b' HP s Hs).
    + intros s Hs. rewrite keeps by (apply bishop_squares_closed, Hs). apply (cl_bishops c b' HP s Hs).
    + intros s r' Hs Hb. destruct (Uint63.eqs s f) as [->|Hsf].
      * rewrite Hbf in Hb. injection Hb as <-. exact Haf.
      * destruct (Uint63.eqs s t) as [->|Hst]; [exfalso; apply (Ot r'), Hb|].
        apply (cl_allowed c b' HP s r' Hs). rewrite Hsame by assumption. exact Hb.
    + destruct (count_step Q m P Hl ltac:(inv_part HQ)) as (_ & _ & _ & Hman & _).
      rewrite Hus in Hman. fold b b' in Hman. rewrite <- Hman. apply (cl_count c b' HP).
  - rewrite (potential_diff c [f; t] b' b (NoDup2 f t Hft)).
    + cbn [xsum]. rewrite Hbf, Hb'f, Hb't, (man_bit_other c t (b t) Ot).
      change (man_bit c f None) with false. revert Hbit.
      generalize (man_bit c f (Some (MkPiece c r))) (man_bit c t (Some (MkPiece c r))) (potential c b').
      intros [|] [|] [|] H; cbn in H |- *; congruence.
    + intros x [<-|[<-|[]]]; assumption.
    + intros s Hs Hn. symmetry. apply Hsame; [exact Hs | |]; intros ->; apply Hn; simpl; tauto.
Qed.

(** A move of the other side, changing nothing of [c]. *)
Lemma other_move : color_eqb (turn Q) c = false ->
  (forall s, In s all_squares -> b s = b' s \/ (other c (b s) /\ other c (b' s))) ->
  closed_p c b /\ potential c b = xorb (potential c b') false.
Proof.
  intros Hus H. rewrite xorb_false_r. split.
  - constructor.
    + intros s Hs. rewrite keeps by (apply second_rank_closed, Hs). apply (cl_pawns c b' HP s Hs).
    + intros s Hs. rewrite keeps by (apply bishop_squares_closed, Hs). apply (cl_bishops c b' HP s Hs).
    + intros s r Hs Hb. destruct (H s Hs) as [E|(O & _)]; [|exfalso; apply (O r), Hb].
      apply (cl_allowed c b' HP s r Hs). rewrite <- E. exact Hb.
    + destruct (count_step Q m P Hl ltac:(inv_part HQ)) as (Hopp & _).
      apply color_neq_opp in Hus. rewrite Hus, opp_opp in Hopp. specialize (Hopp TMan).
      fold b b' in Hopp. rewrite (cl_count c b' HP) in Hopp.
      destruct (side_ok_inv Q c HQ) as (H16 & _). fold b in H16. lia.
  - unfold potential. apply xsum_bits. intros s Hs. destruct (H s Hs) as [E|(O & O')].
    + rewrite E. reflexivity.
    + rewrite !man_bit_other by assumption. reflexivity.
Qed.

Theorem closed_step : closed_p c b /\ potential c b = xorb (potential c b') (color_eqb (turn Q) c).
Proof.
  destruct (step_shape Q m P Hl ltac:(inv_part HQ)) as (Hf & Ht & _ & Hk).
  fold b b' in Hk. set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  destruct (color_eqb us c) eqn:Hus.
  - (* [c] moved *)
    apply color_eqb_eq in Hus. rewrite Hus in Hk.
    assert (Hsome : forall r, b' f = None -> b f = Some (MkPiece c r) -> r <> Pawn).
    { intros r Hn Hb ->. apply (no_pawn_leaves f Hf Hb Hn). }
    shape_inv Hk.
    + assert (Ot : other c (b t)).
      { intros r' E. apply (target_ok_not_own b c t r' Htg E). }
      assert (Hta : allowed c r t = true) by exact (cl_allowed c b' HP t r Ht Hb't).
      assert (Hfc : inb f (closed_squares c) = false).
      { destruct (inb f (closed_squares c)) eqn:E; [|reflexivity].
        exfalso. apply (origin_free f Hb'f), inb_in, E. }
      apply (own_move f t r); auto.
      destruct r.
      * exfalso. apply (Hsome Pawn Hb'f Hbf). reflexivity.
      * apply knight_geometry; assumption.
      * exfalso. simpl in Hta. apply (Ot Bishop). rewrite keeps.
        -- exact Hb't.
        -- apply bishop_squares_closed, inb_in, Hta.
      * apply slider_move; auto.
      * apply slider_move; auto.
      * destruct (king_geometry c f t Hf Hmm Hta) as [E|E]; [congruence | exact E].
    + exfalso. apply (Hsome Pawn Hb'f Hbf). reflexivity.
    + exfalso. apply (Hsome Pawn Hb'f Hbf). reflexivity.
    + exfalso. pose proof (cl_allowed c b' HP t King Ht Hb't) as Ha.
      rewrite Htk, castle_not_allowed in Ha. discriminate.
  - (* the other side moved *)
    apply other_move; [exact Hus|].
    pose proof (color_neq_opp _ _ Hus) as Hopp.
    assert (Ous : forall r, other c (Some (MkPiece us r))) by (intros r; rewrite Hopp; apply other_opp).
    intros s Hs. shape_inv Hk.
    + assert (Ot : other c (b t)).
      { apply (no_capture f t Hf Ht Hft Hsame);
          [rewrite Hbf; apply Ous | rewrite Hb'f; apply other_none | rewrite Hb't; apply Ous]. }
      destruct (Uint63.eqs s f) as [->|Hsf]; [right; rewrite Hbf, Hb'f; split; [apply Ous | apply other_none]|].
      destruct (Uint63.eqs s t) as [->|Hst]; [right; rewrite Hb't; split; [exact Ot | apply Ous]|].
      left. symmetry. apply Hsame; assumption.
    + assert (Ot : other c (b t)).
      { apply (no_capture f t Hf Ht Hft Hsame);
          [rewrite Hbf; apply Ous | rewrite Hb'f; apply other_none | rewrite Hb't; apply Ous]. }
      destruct (Uint63.eqs s f) as [->|Hsf]; [right; rewrite Hbf, Hb'f; split; [apply Ous | apply other_none]|].
      destruct (Uint63.eqs s t) as [->|Hst]; [right; rewrite Hb't; split; [exact Ot | apply Ous]|].
      left. symmetry. apply Hsame; assumption.
    + exfalso.
      assert (Hbv' : b (ep_victim us t) = Some (MkPiece c Pawn)) by (rewrite Hbv, Hopp, opp_opp; reflexivity).
      apply (no_pawn_leaves (ep_victim us t) Hv Hbv' Hb'v).
    + destruct (in_dec Uint63.eqs s [f; t; castle_rook_from us side; castle_rook_to us side])
        as [Hin|Hn].
      * right. simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]].
        -- rewrite Hbf, Hb'f. split; [apply Ous | apply other_none].
        -- rewrite Hbt, Hb't. split; [apply other_none | apply Ous].
        -- rewrite Hbr, Hb'r. split; [apply Ous | apply other_none].
        -- rewrite Hbrt, Hb'rt. split; [apply other_none | apply Ous].
      * left. symmetry. apply Hsame; assumption.
Qed.

End Step.

(** ** Games *)

Lemma start_potential_initial :
  xorb (potential White (piece_at initial)) (potential Black (piece_at initial)) =
  xorb start_potential (black_to_move initial).
Proof. vm_compute. reflexivity. Qed.

Theorem parity_game : forall h G, game h G ->
  closed_p White (piece_at G) -> closed_p Black (piece_at G) ->
  xorb (potential White (piece_at G)) (potential Black (piece_at G)) =
  xorb start_potential (black_to_move G).
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst]; intros HW HB.
  - exact start_potential_initial.
  - destruct Hst as (Hl & _). apply legal_move_iff in Hl.
    pose proof (inv_game h G Hg) as Hi.
    destruct (closed_step White G G' m Hl Hi HW) as (HW0 & EW).
    destruct (closed_step Black G G' m Hl Hi HB) as (HB0 & EB).
    specialize (IH HW0 HB0). rewrite EW, EB in IH.
    destruct (step_shape G m G' Hl ltac:(inv_part Hi)) as (_ & _ & Ht & _).
    unfold black_to_move in *. rewrite Ht. destruct (turn G); simpl in IH |- *;
      destruct (potential White (piece_at G')), (potential Black (piece_at G')), start_potential;
      simpl in IH |- *; congruence.
Qed.

(** ** Problems *)

Lemma closed_p_ext : forall c b b', (forall s, In s all_squares -> b s = b' s) ->
  closed_p c b -> closed_p c b'.
Proof.
  intros c b b' E [H1 H2 H3 H4]. constructor.
  - intros s Hs. rewrite <- E by (apply (closed_squares_in c), second_rank_closed, Hs). auto.
  - intros s Hs. rewrite <- E by (apply (closed_squares_in c), bishop_squares_closed, Hs). auto.
  - intros s r Hs Hb. apply (H3 s r Hs). rewrite E by exact Hs. exact Hb.
  - rewrite <- (cnt_ext c TMan b b' E). exact H4.
Qed.

Theorem parity_refutes_sound : forall P, parity_refutes P = true -> ~ reachable P.
Proof.
  intros P H (h & G & Hg & Hb & Ht & _).
  unfold parity_refutes in H. apply andb_prop in H as [H HE]. apply andb_prop in H as [HW HB].
  apply closed_iff in HW. apply closed_iff in HB.
  assert (E : forall s, In s all_squares -> piece_at P s = piece_at G s) by exact Hb.
  pose proof (parity_game h G Hg (closed_p_ext _ _ _ E HW) (closed_p_ext _ _ _ E HB)) as HG.
  assert (EP : forall c, potential c (piece_at P) = potential c (piece_at G))
    by (intros c; apply xsum_ext; exact E).
  rewrite !EP in HE. unfold black_to_move in HE, HG. rewrite Ht in HE. rewrite HG in HE.
  destruct (xorb start_potential _); discriminate.
Qed.
