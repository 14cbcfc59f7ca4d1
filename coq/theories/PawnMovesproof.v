(** * PawnMovesproof: where pawns go, and what a move does to the counts
    of men, for the proofs of PawnCapturesproof.v.

    - Geometry, checked by computation on the 64 squares ([geo_all]): a
      pawn of [c] never lands on [c]'s second rank, reaches its last rank
      only from its seventh, and stays on its file or moves one file aside
      onto an occupied square ([pawn_move_geo]); a capture changes the
      file by one ([pawn_attack_geo], [attack_file]); every pawn move goes
      up a rank or two, a capture exactly one ([pawn_advance]); one
      seventh-rank square per file ([seventh_unique]).
    - Counts: a move other than a promotion keeps the mover's men
      ([mover_counts]); [excess], the men of [c] beyond its initial set
      ([promoted_men] of Material.v, [promoted_excess]), grows by at most
      one per move ([mover_excess]); a man taken lowers its side's count
      ([tag_drop], [capture_count], [pawn_drop2]). *)

From Coq Require Import Uint63 PArray List Bool Arith Lia.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts RulesCheck
  Invariants PawnCaptures.
Import ListNotations.
Open Scope nat_scope.

(** ** Counts *)

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
      intros s Hs Hn. apply Hsame; auto; intros ->; apply Hn; cbn [In]; auto. }
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
      intros s Hs Hn. apply Hsame; auto; intros ->; apply Hn; cbn [In]; auto. }
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

(** [c]'s men beyond its initial set ([promoted_men] of Material.v, in counts). *)
Definition excess (b : board_fn) (c : color) : nat :=
  (cnt b c TQueen - 1) + (cnt b c TRook - 2) + (cnt b c TKnight - 2) + (cnt b c TLight - 1)
  + (cnt b c TDark - 1).

Lemma promoted_excess : forall b c, promoted_men (census_of (Material.men b) c) = excess b c.
Proof. intros b c. rewrite men_eq, census_cnt. reflexivity. Qed.

Lemma men_count_cnt : forall b c, men_count (census_of (Material.men b) c) = cnt b c TMan.
Proof. intros b c. rewrite men_eq, census_cnt. reflexivity. Qed.

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
  assert (H : forall c s s', In s all_squares -> In s' all_squares ->
     negb (Nat.eqb (fnat s) (fnat s') &&& (relative_rank c s =? 6)%uint63 &&& (relative_rank c s' =? 6)%uint63)
     ||| (s =? s')%uint63 = true) by by_squares.
  intros c s s' Hs Hs' E H1 H2. specialize (H c s s' Hs Hs'). rewrite E, Nat.eqb_refl, H1, H2 in H.
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



Lemma piece_opp_neq : forall c r r', Some (MkPiece c r) <> Some (MkPiece (opp c) r').
Proof. intros [] r r' E; discriminate. Qed.

Lemma piece_role_neq : forall c r r', r <> r' -> Some (MkPiece c r) <> Some (MkPiece c r').
Proof. intros c r r' H E. injection E. auto. Qed.

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
