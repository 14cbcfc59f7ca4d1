(** * PromotedMenproof: promoted men and promotion entries along a game
    (part of the proof of PawnCapturesproof.v).

    Headline theorems:

    - [region_excess_step]: the men of [c] beyond the initial position's
      on sets closed under their roles' exits ([region_excess] of
      RegionCount.v) satisfy the two conditions of [ghost_step]
      (Ghostproof.v) on every move of a game whose last position has the
      frozen set [X] closed;
    - [entries_step]: so do the men of each role on the [homeless] sets
      ([pk]), and a move that raises [pk r] lands a promotion to [r] from
      an admissible entry ([ad], [entry_ok] of PawnCaptures.v). *)

From Coq Require Import Uint63 PArray List Bool Arith Lia.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts RulesCheck
  Game Reachable Invariants Frozen Frozenproof RegionCount PawnCaptures PawnMovesproof.
From RetroProof Require RegionCountproof.
Import ListNotations.
Open Scope nat_scope.

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
  lazy_inv E as (Hx & HUs & Hs & Hmv). apply negb_true_iff in Hx. rewrite Hx.
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
