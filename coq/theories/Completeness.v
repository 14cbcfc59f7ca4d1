(** * Completeness of the retraction generator.

    Headline theorems:

    - [retractions_complete_rules]: the readable form.  If
        [legal_move Q m P] (the table form of RulesFast.v;
        [retractions_complete_readable] is the same statement over the
        readable rules of Rules.v),
        [Q] satisfies the predecessor conditions -- the side to move in [P]
          is not in check in [Q], [Q]'s material is possible
          ([material_ok]), and [Q]'s en-passant square, if any, is a real
          one ([ep_inv Q], Invariants.v) --
        and [Q] is consistent with [P]'s assertions ([assertions_hold]:
          a castling right [P] asserts is one of [Q]'s and [m] neither
          starts nor ends on that king's or rook's square; an en-passant
          square [P] asserts is the one [m]'s double push passes over),
      then [retractions P] contains the retraction of [m] (with the man it
      took, [ply_of Q m]) and a predecessor [Q'] that agrees with [Q] up to
      the assertions ([agrees_upto_assertions]): same board, same side to
      move, castling rights exactly [P]'s (plus the right an un-castling
      used), and en-passant square exactly after un-en-passant.  [Q]
      realizes [Q'] ([agrees_realizes]): [Q'] asserts nothing false of [Q],
      while [Q] may have more rights, or an en-passant square, that a
      retraction cannot know.
      Together with [retractions_sound] (Soundness.v) this is the
      specification "the retractions of [P] are exactly its predecessors,
      up to the assertions".
    - [retractions_complete_games : retractions_complete]: the form the
      search uses (Search.v): the last ply of any game reaching [P] is
      among [P]'s retractions, with a predecessor the game realizes.

    [P] must be well formed ([wf]: the 64 cells of a FEN board).

    The proof follows the generator: the retraction is among the
    [candidates] (one lemma per kind of move, by the geometry of the
    tables, checked by computation over the 64 squares), and it passes
    the fast filter [retraction_ok_fast] because [unmake P r] has [Q]'s
    board (computed cell by cell with the array axioms). *)

From Coq Require Import Uint63 PArray List Bool Arith Lia.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck Retract.
From RetroProof Require Soundness.
From RetroProof Require Import Notation Reachable Invariants Search.
Import ListNotations.
Open Scope uint63_scope.
Open Scope list_scope.

(** ** Statement *)

Definition assertions_hold (P : position) (m : move) (Q : position) : Prop :=
  (forall c side, castling_right P c side = true ->
     castling_right Q c side = true /\ touches m c side = false) /\
  (forall e, ep_square P = Some e -> ep_after Q m = Some e).

(** The castling right an un-castling [m] by [c] used. *)
Definition castled (m : move) (c : color) (side : castling_side) : bool :=
  match mv_kind m with
  | Castle => match side, castling_side_of c (mv_to m) with
              | KingSide, KingSide | QueenSide, QueenSide => true
              | _, _ => false
              end
  | _ => false
  end.

Definition agrees_upto_assertions (P : position) (m : move) (Q Q' : position) : Prop :=
  same_board Q' Q /\ turn Q' = turn Q /\
  (forall c side, castling_right Q' c side =
     castling_right P c side || (color_eqb c (turn Q) && castled m c side)) /\
  ep_square Q' = match mv_kind m with EnPassant => Some (mv_to m) | _ => None end.

(** ** Cells of well-formed boards *)

Lemma valid_cell_cases : forall x, valid_cell x = true ->
  (piece_of_cell x = None /\ x = 0) \/ exists p, piece_of_cell x = Some p /\ x = cell_of_piece p.
Proof.
  intros x H. apply inb_in in H. simpl in H.
  repeat match goal with
  | H : _ \/ _ |- _ => destruct H as [<-|H]
  | H : False |- _ => destruct H
  end;
  first [left; split; reflexivity | right; eexists; split; [vm_compute; reflexivity | reflexivity]].
Qed.

Lemma wf_length : forall P, wf P = true -> PArray.length (board P) = 64.
Proof.
  intros P H. unfold wf in H. split_lazy. apply eqb_true. assumption.
Qed.

Lemma wf_cell : forall P s, wf P = true -> In s all_squares -> valid_cell (board P).[s] = true.
Proof.
  intros P s H Hs. unfold wf in H. split_lazy. exact (forallb_in H Hs).
Qed.

Lemma wf_empty : forall P s, wf P = true -> In s all_squares -> piece_at P s = None -> is_empty P s = true.
Proof.
  intros P s H Hs E. unfold is_empty. unfold piece_at in E.
  destruct (valid_cell_cases _ (wf_cell P s H Hs)) as [[_ ->]|(p & Ep & _)]; [reflexivity|congruence].
Qed.

Lemma wf_cell_eq : forall P s p, wf P = true -> In s all_squares -> piece_at P s = Some p ->
  (board P).[s] = cell_of_piece p.
Proof.
  intros P s p H Hs E. unfold piece_at in E.
  destruct (valid_cell_cases _ (wf_cell P s H Hs)) as [[E' _]|(p' & Ep & ->)]; [congruence|].
  rewrite Ep in E. injection E as ->. reflexivity.
Qed.

Lemma wf_cell_0 : forall P s, wf P = true -> In s all_squares -> piece_at P s = None -> (board P).[s] = 0.
Proof.
  intros P s H Hs E. unfold piece_at in E.
  destruct (valid_cell_cases _ (wf_cell P s H Hs)) as [[_ ->]|(p' & Ep & _)]; [reflexivity|congruence].
Qed.

(** ** The generator only adds *)

Definition grows (F : list retraction -> list retraction) : Prop :=
  forall acc x, In x acc -> In x (F acc).

Lemma fold_grows : forall A (F : list retraction -> A -> list retraction) l,
  (forall a acc x, In x acc -> In x (F acc a)) -> forall acc x, In x acc -> In x (fold_left F l acc).
Proof.
  intros A F l HF. induction l as [|a l IH]; intros acc x Hx; simpl; auto.
Qed.

(** The result contains [x] if processing some [a] of [l] adds it whatever
    the accumulator. *)
Lemma fold_in : forall A (F : list retraction -> A -> list retraction) l a x,
  (forall a acc y, In y acc -> In y (F acc a)) -> In a l -> (forall acc, In x (F acc a)) ->
  forall acc, In x (fold_left F l acc).
Proof.
  intros A F l a x HF Ha Hx. induction l as [|b l IH]; intros acc; simpl; [destruct Ha|].
  destruct Ha as [<-|Ha].
  - apply (fold_grows A F l HF). apply Hx.
  - apply IH, Ha.
Qed.

Lemma with_captures_grows : forall u m q, grows (with_captures u m q).
Proof.
  intros u m q acc x Hx. unfold with_captures.
  assert (In x (fold_left (fun acc x => Retraction m (Some x) :: acc) (uncapture_roles u (mv_to m)) acc)).
  { apply fold_grows; auto. intros a acc' y Hy; right; exact Hy. }
  destruct q; [right|]; auto.
Qed.

Lemma with_captures_quiet : forall u m acc, In (Retraction m None) (with_captures u m true acc).
Proof. intros; left; reflexivity. Qed.

Lemma with_captures_take : forall u m q x acc, In x (uncapture_roles u (mv_to m)) ->
  In (Retraction m (Some x)) (with_captures u m q acc).
Proof.
  intros u m q x acc Hx. unfold with_captures.
  assert (In (Retraction m (Some x))
            (fold_left (fun acc x => Retraction m (Some x) :: acc) (uncapture_roles u (mv_to m)) acc)).
  { apply (fold_in _ _ _ x); auto.
    - intros a acc' y Hy; right; exact Hy.
    - intros acc'; left; reflexivity. }
  destruct q; [right|]; auto.
Qed.

Lemma from_squares_grows : forall P u t l, grows (from_squares P u t l).
Proof.
  intros P u t l. induction l as [|f l IH]; intros acc x Hx; cbn [from_squares]; auto.
  apply IH. destruct (is_empty P f); auto. apply with_captures_grows, Hx.
Qed.

Lemma from_squares_in : forall P u t l f x, In f l -> is_empty P f = true ->
  (forall acc, In x (with_captures u (Move Normal f t None) true acc)) ->
  forall acc, In x (from_squares P u t l acc).
Proof.
  intros P u t l f x Hf He Hx. induction l as [|g l IH]; intros acc; cbn [from_squares]; [destruct Hf|].
  destruct Hf as [<-|Hf].
  - apply from_squares_grows. rewrite He. apply Hx.
  - apply IH, Hf.
Qed.

Lemma slide_back_grows : forall P u t l, grows (slide_back P u t l).
Proof.
  intros P u t l. induction l as [|f l IH]; intros acc x Hx; cbn [slide_back]; auto.
  destruct (is_empty P f); auto. apply IH, with_captures_grows, Hx.
Qed.

Lemma slide_back_in : forall P u t pre f rest x,
  (forall s, In s pre -> is_empty P s = true) -> is_empty P f = true ->
  (forall acc, In x (with_captures u (Move Normal f t None) true acc)) ->
  forall acc, In x (slide_back P u t (pre ++ f :: rest) acc).
Proof.
  intros P u t pre f rest x Hpre Hf Hx. induction pre as [|g pre IH]; intros acc; cbn [slide_back app].
  - rewrite Hf. apply slide_back_grows, Hx.
  - rewrite (Hpre g (or_introl eq_refl)). apply IH. intros s Hs; apply Hpre; right; exact Hs.
Qed.

Lemma pawn_candidates_grows : forall P u M t, grows (pawn_candidates P u M t).
Proof.
  intros P u M t acc x Hx. unfold pawn_candidates.
  apply fold_grows.
  - intros f acc' y Hy. destruct (is_empty P f); auto.
    match goal with |- In y (if ?c then _ :: ?a else ?a) =>
      assert (In y a) by (destruct (2 <=? relative_rank M t); auto; apply with_captures_grows, Hy);
      destruct c; [right|]; auto end.
  - destruct ((2 <=? relative_rank M t) &&& is_empty P (pawn_step (opp M) t)); auto.
    match goal with |- In x (if ?c then _ :: ?a else ?a) => destruct c; [right|]; right; auto end.
Qed.

Lemma unpromotions_grows : forall P u M r t, grows (unpromotions P u M r t).
Proof.
  intros P u M r t acc x Hx. unfold unpromotions.
  apply fold_grows.
  - intros f acc' y Hy. destruct (is_empty P f); auto. apply with_captures_grows, Hy.
  - destruct (is_empty P (pawn_step (opp M) t)); [right|]; auto.
Qed.

Lemma uncastlings_grows : forall P M t, grows (uncastlings P M t).
Proof.
  intros P M t acc x Hx. unfold uncastlings.
  apply fold_grows; auto.
  intros side acc' y Hy. match goal with |- In y (if ?c then _ :: _ else _) => destruct c; [right|]; auto end.
Qed.

Lemma slides_grows : forall P u t dirs,
  grows (fun acc => fold_left (fun acc d => slide_back P u t (ray d t) acc) dirs acc).
Proof.
  intros P u t dirs acc x Hx. apply fold_grows; auto.
  intros d acc' y Hy. apply slide_back_grows, Hy.
Qed.

Lemma candidates_from_grows : forall P u M t, grows (candidates_from P u M t).
Proof.
  intros P u M t acc x Hx. unfold candidates_from.
  destruct (piece_at P t) as [[c r]|]; auto.
  destruct (color_eqb c M); auto.
  destruct r.
  - apply pawn_candidates_grows, Hx.
  - destruct (relative_rank M t =? 7); [apply unpromotions_grows|]; apply from_squares_grows, Hx.
  - destruct (relative_rank M t =? 7); [apply unpromotions_grows|]; apply slides_grows, Hx.
  - destruct (relative_rank M t =? 7); [apply unpromotions_grows|]; apply slides_grows, Hx.
  - destruct (relative_rank M t =? 7); [apply unpromotions_grows|]; apply slides_grows, Hx.
  - apply uncastlings_grows, from_squares_grows, Hx.
Qed.

(** [x] is a candidate when some square's candidates contain it. *)
Lemma candidates_in : forall P t x, ep_square P = None -> In t all_squares ->
  (forall acc, In x (candidates_from P (uncaptures_of P) (opp (turn P)) t acc)) ->
  In x (candidates P).
Proof.
  intros P t x He Ht Hx. unfold candidates. rewrite He.
  apply (fold_in _ _ _ t); auto.
  intros a acc y Hy. apply candidates_from_grows, Hy.
Qed.

(** ** Geometry, by computation over the 64 squares *)

Definition leaper_sym (tbl : array (list int)) : bool :=
  forallb (fun f => forallb (fun t => inb f tbl.[t]) tbl.[f]) all_squares.

Lemma knight_sym : forall f t, In f all_squares -> inb t knight_targets.[f] = true ->
  In f knight_targets.[t].
Proof.
  intros f t Hf Ht. apply inb_in. apply inb_in in Ht.
  assert (H : leaper_sym knight_targets = true) by (vm_compute; reflexivity).
  exact (forallb_in (forallb_in H Hf) Ht).
Qed.

Lemma king_sym : forall f t, In f all_squares -> inb t king_targets.[f] = true ->
  In f king_targets.[t].
Proof.
  intros f t Hf Ht. apply inb_in. apply inb_in in Ht.
  assert (H : leaper_sym king_targets = true) by (vm_compute; reflexivity).
  exact (forallb_in (forallb_in H Hf) Ht).
Qed.

Lemma pawn_sym : forall c f t, In f all_squares -> inb t (pawn_attacks c f) = true ->
  In f (pawn_attacks (opp c) t).
Proof.
  intros c f t Hf Ht. apply inb_in. apply inb_in in Ht.
  assert (H : forallb (fun c => forallb (fun f => forallb (fun t => inb f (pawn_attacks (opp c) t))
                 (pawn_attacks c f)) all_squares) [White; Black] = true) by (vm_compute; reflexivity).
  assert (Hc : In c [White; Black]) by (destruct c; simpl; tauto).
  exact (forallb_in (forallb_in (forallb_in H Hc) Hf) Ht).
Qed.

(** Pawn steps from a square that may hold a pawn. *)
Definition pawn_geo (c : color) (f : int) : bool :=
  negb (rank_ok f) |||
  ((pawn_step (opp c) (pawn_step c f) =? f) &&&
   (2 <=? relative_rank c (pawn_step c f)) &&&
   forallb (fun t => 2 <=? relative_rank c t) (pawn_attacks c f) &&&
   (negb (relative_rank c f =? 1) |||
    ((relative_rank c (pawn_step c (pawn_step c f)) =? 3) &&&
     (pawn_step (opp c) (pawn_step c (pawn_step c f)) =? pawn_step c f) &&&
     inb (pawn_step c f) all_squares &&&
     negb (pawn_step c f =? f) &&& negb (pawn_step c f =? pawn_step c (pawn_step c f))))).

Lemma pawn_geo_all : forall c f, In f all_squares -> pawn_geo c f = true.
Proof. intros [|]; apply forall_squares; vm_compute; reflexivity. Qed.

Lemma pawn_geo_facts : forall c f, In f all_squares -> rank_ok f = true ->
  pawn_step (opp c) (pawn_step c f) = f /\
  (2 <=? relative_rank c (pawn_step c f)) = true /\
  (forall t, In t (pawn_attacks c f) -> (2 <=? relative_rank c t) = true) /\
  ((relative_rank c f =? 1) = true ->
     (relative_rank c (pawn_step c (pawn_step c f)) =? 3) = true /\
     pawn_step (opp c) (pawn_step c (pawn_step c f)) = pawn_step c f /\
     In (pawn_step c f) all_squares /\ pawn_step c f <> f /\
     pawn_step c f <> pawn_step c (pawn_step c f)).
Proof.
  intros c f Hf Hr. pose proof (pawn_geo_all c f Hf) as H. unfold pawn_geo in H.
  rewrite Hr in H. cbn [negb] in H. split_lazy.
  split; [apply eqb_true; assumption|]. split; [assumption|].
  split; [intros t Ht; match goal with H : forallb _ (pawn_attacks c f) = true |- _ =>
                            exact (forallb_in H Ht) end|].
  intros Hr1. rewrite Hr1 in H. cbn [negb] in H. split_lazy.
  split; [first [reflexivity | assumption]|]. split; [apply eqb_true; assumption|]. split; [apply inb_in; assumption|].
  split; apply eqb_false_neq, negb_true_iff; assumption.
Qed.

(** En passant onto [t]: the square is on the sixth rank of the capturer. *)
Definition ep_geo (c : color) (t : int) : bool :=
  negb (relative_rank (opp c) t =? 2) |||
  ((relative_rank c t =? 5) &&& inb (pawn_step c t) all_squares &&& negb (pawn_step c t =? t) &&&
   (pawn_step (opp c) t =? ep_victim c t)).

Lemma ep_geo_all : forall c t, In t all_squares -> ep_geo c t = true.
Proof. intros [|]; apply forall_squares; vm_compute; reflexivity. Qed.

Lemma ep_geo_facts : forall c t, In t all_squares -> (relative_rank (opp c) t =? 2) = true ->
  (relative_rank c t =? 5) = true /\ In (pawn_step c t) all_squares /\ pawn_step c t <> t.
Proof.
  intros c t Ht Hr.
  assert (H : ep_geo c t = true) by (apply ep_geo_all, Ht).
  unfold ep_geo in H. rewrite Hr in H. cbn [negb] in H. split_lazy.
  split; [triv|]. split; [apply inb_in; triv|]. apply eqb_false_neq, negb_true_iff; triv.
Qed.

(** Sliders: walking back from [t] along the opposite direction meets the
    squares between in reverse order, then [f]. *)
Fixpoint before (t : int) (l : list int) : list int :=
  match l with [] => [] | s :: r => if s =? t then [] else s :: before t r end.

Fixpoint is_prefix (a b : list int) : bool :=
  match a, b with
  | [], _ => true
  | x :: a', y :: b' => (x =? y) &&& is_prefix a' b'
  | _ :: _, [] => false
  end.

Lemma is_prefix_app : forall a b, is_prefix a b = true -> exists rest, b = a ++ rest.
Proof.
  induction a as [|x a IH]; intros b H; [exists b; reflexivity|].
  destruct b as [|y b]; [discriminate|]. simpl in H. split_lazy.
  apply eqb_true in E. subst y. destruct (IH b H) as (rest & ->). exists rest. reflexivity.
Qed.

Definition slide_geo (f : int) : bool :=
  forallb (fun d => negb (inb f (ray d f)) &&&
    forallb (fun t => is_prefix (rev (before t (ray d f)) ++ [f]) (ray (d lxor 4) t)) (ray d f))
    directions.

Lemma slide_geo_all : forall f, In f all_squares -> slide_geo f = true.
Proof. apply forall_squares; vm_compute; reflexivity. Qed.

Lemma reaches_before : forall b l t s, reaches b l t = true -> In s (before t l) -> b s = None.
Proof.
  intros b l t s; induction l as [|x l IH]; simpl; [discriminate|].
  destruct (x =? t); [intros _ []|].
  destruct (b x) eqn:Bx; [discriminate|]. intros H [<-|Hs]; auto.
Qed.

Lemma before_incl : forall t l s, In s (before t l) -> In s l /\ s <> t.
Proof.
  intros t l s; induction l as [|x l IH]; simpl; [intros []|].
  destruct (x =? t) eqn:E; [intros []|].
  intros [<-|Hs]; [split; [left; reflexivity | apply eqb_false_neq; exact E]|].
  destruct (IH Hs); auto.
Qed.

Lemma slide_back_geo : forall d f t, In d directions -> In f all_squares -> In t (ray d f) ->
  ~ In f (ray d f) /\ exists rest, ray (d lxor 4) t = rev (before t (ray d f)) ++ f :: rest.
Proof.
  intros d f t Hd Hf Ht.
  assert (H : slide_geo f = true) by (apply slide_geo_all, Hf).
  unfold slide_geo in H. pose proof (forallb_in H Hd) as H1. cbv beta in H1. split_lazy.
  split.
  - intros Hin. apply in_inb in Hin. rewrite Hin in *. discriminate.
  - pose proof (forallb_in H1 Ht) as H2. cbv beta in H2.
    destruct (is_prefix_app _ _ H2) as (rest & Er). exists rest. rewrite Er, <- app_assoc. reflexivity.
Qed.

Lemma slider_dirs_opp : forall r d, In d (slider_dirs r) -> In (d lxor 4) (slider_dirs r) /\ In d directions.
Proof.
  intros r d H. destruct r; simpl in H; try contradiction;
    repeat (destruct H as [<-|H]; [split; simpl; tauto|]); destruct H.
Qed.

(** ** The uncaptured man is one [uncaptures_of] allows *)

Lemma cnt_l_le_length : forall b c g l, (cnt_l b c g l <= List.length l)%nat.
Proof.
  intros b c g l; induction l as [|s l IH]; simpl; [lia|].
  unfold ind. destruct (b s) as [p|]; [destruct (tagged c g s p)|]; lia.
Qed.

Lemma cnt_le_64 : forall b c g, (cnt b c g <= 64)%nat.
Proof. intros. apply (cnt_l_le_length b c g all_squares). Qed.

Lemma int_of_nat_leb : forall n, (n <= 64)%nat ->
  (16 <=? int_of_nat n) = Nat.leb 16 n /\ (8 <=? int_of_nat n) = Nat.leb 8 n.
Proof.
  intros n Hn.
  assert (H : forallb (fun n => Bool.eqb (16 <=? int_of_nat n) (Nat.leb 16 n) &&
                                Bool.eqb (8 <=? int_of_nat n) (Nat.leb 8 n)) (seq 0 65) = true)
    by (vm_compute; reflexivity).
  assert (Hin : In n (seq 0 65)) by (apply in_seq; lia).
  pose proof (forallb_in H Hin) as E. apply andb_prop in E as [E1 E2].
  apply Bool.eqb_prop in E1. apply Bool.eqb_prop in E2. auto.
Qed.

Lemma cell_color : forall x c s, valid_cell x = true ->
  ((x =? 0) ||| negb (x land 8 =? color_bit c)) = Nat.eqb (ind c TMan s (piece_of_cell x)) 0.
Proof.
  intros x c s H. apply inb_in in H. simpl in H.
  repeat match goal with
  | H : _ \/ _ |- _ => destruct H as [<-|H]
  | H : False |- _ => destruct H
  end; destruct c; reflexivity.
Qed.

Lemma cell_pawn : forall x c s, valid_cell x = true ->
  (x =? cell_of_piece (MkPiece c Pawn)) = negb (Nat.eqb (ind c TPawn s (piece_of_cell x)) 0).
Proof.
  intros x c s H. apply inb_in in H. simpl in H.
  repeat match goal with
  | H : _ \/ _ |- _ => destruct H as [<-|H]
  | H : False |- _ => destruct H
  end; destruct c; reflexivity.
Qed.

Lemma ind_01 : forall c g s o, ind c g s o = 0%nat \/ ind c g s o = 1%nat.
Proof. intros c g s [p|]; unfold ind; [destruct (tagged c g s p)|]; auto. Qed.

(** A count of cells over the squares of a well-formed board is [cnt]
    when each step adds one exactly where [ind] says the square counts. *)
Lemma fold_count_cnt : forall P c g (f : int -> int -> int), wf P = true ->
  (forall n s, In s all_squares ->
     f n s = if Nat.eqb (ind c g s (piece_at P s)) 0 then n else n + 1) ->
  fold_left f all_squares 0 = int_of_nat (cnt (piece_at P) c g).
Proof.
  intros P c g f H Hf. unfold cnt.
  assert (forall l k acc, acc = int_of_nat k -> incl l all_squares ->
    fold_left f l acc = int_of_nat (k + cnt_l (piece_at P) c g l)) as E.
  { induction l as [|s l IH]; intros k acc -> Hl; simpl; [rewrite Nat.add_0_r; reflexivity|].
    rewrite (Hf _ s (Hl s (or_introl eq_refl))).
    destruct (ind_01 c g s (piece_at P s)) as [E|E]; rewrite E; simpl.
    - rewrite (IH k) by (auto; intros x Hx; apply Hl; right; exact Hx). reflexivity.
    - rewrite (IH (S k)) by (auto; intros x Hx; apply Hl; right; exact Hx). f_equal. lia. }
  (* [0 + _] by rewriting: left to conversion, the kernel unfolds [cnt_l]. *)
  rewrite (E all_squares 0%nat 0 eq_refl (fun x Hx => Hx)), Nat.add_0_l. reflexivity.
Qed.

Lemma count_color_cnt : forall P c, wf P = true ->
  count_color (board P) (color_bit c) = int_of_nat (cnt (piece_at P) c TMan).
Proof.
  intros P c H. unfold count_color. apply (fold_count_cnt P c TMan); [exact H|].
  intros n s Hs. cbv beta zeta.
  rewrite (cell_color _ c s (wf_cell P s H Hs)). reflexivity.
Qed.

Lemma count_cells_cnt : forall P c, wf P = true ->
  count_cells (board P) (cell_of_piece (MkPiece c Pawn)) = int_of_nat (cnt (piece_at P) c TPawn).
Proof.
  intros P c H. unfold count_cells. apply (fold_count_cnt P c TPawn); [exact H|].
  intros n s Hs. cbv beta.
  rewrite (cell_pawn _ c s (wf_cell P s H Hs)).
  change (piece_of_cell (board P).[s]) with (piece_at P s).
  destruct (Nat.eqb _ 0); reflexivity.
Qed.

Lemma uncapture_ok : forall P Q t x, wf P = true -> material_ok (piece_at Q) = true ->
  In t all_squares -> piece_at Q t = Some (MkPiece (turn P) x) -> x <> King ->
  (cnt (piece_at P) (turn P) TMan + 1 = cnt (piece_at Q) (turn P) TMan)%nat ->
  (cnt (piece_at P) (turn P) TPawn + ind (turn P) TPawn t (Some (MkPiece (turn P) x)) =
   cnt (piece_at Q) (turn P) TPawn)%nat ->
  In x (uncapture_roles (uncaptures_of P) t).
Proof.
  intros P Q t x Hw Hm Ht Hq Hk Hmen Hpawn.
  apply material_ok_iff in Hm. destruct Hm as (HW & HB & Hp).
  assert (Hs : side_ok (piece_at Q) (turn P)) by (destruct (turn P); assumption).
  destruct Hs as (Hs1 & Hs2 & _).
  unfold uncaptures_of. rewrite count_color_cnt, count_cells_cnt by exact Hw.
  destruct (int_of_nat_leb _ (cnt_le_64 (piece_at P) (turn P) TMan)) as [E1 _].
  destruct (int_of_nat_leb _ (cnt_le_64 (piece_at P) (turn P) TPawn)) as [_ E2].
  rewrite E1, E2.
  destruct (Nat.leb 16 (cnt (piece_at P) (turn P) TMan)) eqn:E16;
    [exfalso; apply Nat.leb_le in E16; lia|].
  destruct (Nat.leb 8 (cnt (piece_at P) (turn P) TPawn)) eqn:E8.
  - apply Nat.leb_le in E8.
    assert (x <> Pawn) by (intros ->; unfold ind in Hpawn; destruct (turn P); simpl in Hpawn; lia).
    unfold uncapture_roles. destruct ((rank_of t =? 0) ||| (rank_of t =? 7)); simpl; destruct x; tauto.
  - unfold uncapture_roles.
    destruct ((rank_of t =? 0) ||| (rank_of t =? 7)) eqn:Eb; simpl.
    + destruct x; try tauto. exfalso.
      specialize (Hp t (turn P) Ht Hq). unfold rank_ok in Hp.
      destruct (rank_of t =? 0), (rank_of t =? 7); discriminate.
    + destruct x; tauto.
Qed.

(** ** The retraction of the move is a candidate *)

Lemma move_eta : forall m, m = Move (mv_kind m) (mv_from m) (mv_to m) (mv_promo m).
Proof. intros []; reflexivity. Qed.

Lemma promo_none : forall Q m P, legal_move Q m P -> mv_kind m <> Promotion -> mv_promo m = None.
Proof.
  intros Q m P ((_ & _ & H) & _) Hk. destruct (mv_kind m); try tauto; destruct H; assumption.
Qed.

Lemma ep_of_legal : forall Q m P, legal_move Q m P -> mv_kind m = EnPassant ->
  ep_square Q = Some (mv_to m).
Proof.
  intros Q m P ((_ & _ & H) & _) Hk. rewrite Hk in H. destruct H as (_ & H & _).
  unfold is_ep_square in H. destruct (ep_square Q) as [e|]; [|discriminate].
  apply eqb_true in H. subst. reflexivity.
Qed.

Lemma man_moves_of_legal : forall Q m P, legal_move Q m P -> mv_kind m = Promotion ->
  man_moves (piece_at Q) (turn Q) Pawn (mv_from m) (mv_to m) /\ (relative_rank (turn Q) (mv_to m) =? 7) = true.
Proof.
  intros Q m P ((_ & _ & H) & _) Hk. rewrite Hk in H. destruct H as (r & _ & _ & _ & H7 & _ & Hm).
  auto.
Qed.

(** The men of [S] before and after a capture. *)
Lemma capture_counts : forall Q m P x, legal_move Q m P -> ep_inv Q = true ->
  (mv_kind m = Normal \/ mv_kind m = Promotion) ->
  piece_at Q (mv_to m) = Some (MkPiece (turn P) x) ->
  forall g, (cnt (piece_at P) (turn P) g + ind (turn P) g (mv_to m) (Some (MkPiece (turn P) x)) =
             cnt (piece_at Q) (turn P) g)%nat.
Proof.
  intros Q m P x Hl Hep Hk Hx g.
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hsh).
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (E : forall bf b't, piece_at Q f = Some bf -> piece_at P f = None -> piece_at P t = Some b't ->
            piece_color bf = turn Q -> piece_color b't = turn Q -> f <> t ->
            (forall s, In s all_squares -> s <> f -> s <> t -> piece_at P s = piece_at Q s) ->
            (cnt (piece_at P) (turn P) g + ind (turn P) g t (Some (MkPiece (turn P) x)) =
             cnt (piece_at Q) (turn P) g)%nat).
  { intros [cf rf] b't Hbf Hb'f Hb't Hcf Hct Hft Hsame. destruct b't as [ct rt]. simpl in Hcf, Hct. subst cf ct.
    assert (Hincl : incl [f; t] all_squares) by (intros s [<-|[<-|[]]]; assumption).
    assert (Hout : forall s, In s all_squares -> ~ In s [f; t] -> piece_at P s = piece_at Q s)
      by (intros s Hs Hn; apply Hsame; auto; intros ->; apply Hn; simpl; auto).
    pose proof (cnt_diff (turn P) g [f; t] (piece_at Q) (piece_at P) (NoDup2 f t Hft) Hincl Hout) as D.
    cbn [sum_ind] in D. rewrite Hbf, Hb'f, Hb't, Hx in D. rewrite Hturn in *.
    rewrite !ind_other in D. cbn in D. lia. }
  destruct Hk as [Hk|Hk]; shape_inv Hsh; eapply E; eauto.
Qed.

Lemma captured_in_roles : forall Q m P, wf P = true -> legal_move Q m P -> ep_inv Q = true ->
  material_ok (piece_at Q) = true -> (mv_kind m = Normal \/ mv_kind m = Promotion) ->
  forall x, piece_at Q (mv_to m) = Some (MkPiece (turn P) x) -> x <> King ->
  In x (uncapture_roles (uncaptures_of P) (mv_to m)).
Proof.
  intros Q m P Hw Hl Hep Hm Hk x Hx HK.
  destruct (step_shape Q m P Hl Hep) as (_ & Ht & _).
  apply (uncapture_ok P Q (mv_to m) x Hw Hm Ht Hx HK).
  - pose proof (capture_counts Q m P x Hl Hep Hk Hx TMan) as E.
    replace (ind (turn P) TMan (mv_to m) (Some (MkPiece (turn P) x))) with 1%nat in E
      by (destruct (turn P); reflexivity). lia.
  - apply (capture_counts Q m P x Hl Hep Hk Hx TPawn).
Qed.

(** The retraction of a quiet or capturing move [m] on the target. *)
Lemma with_captures_ply : forall Q m P q, wf P = true -> legal_move Q m P -> ep_inv Q = true ->
  material_ok (piece_at Q) = true -> (mv_kind m = Normal \/ mv_kind m = Promotion) ->
  target_ok (piece_at Q) (turn Q) (mv_to m) -> turn P = opp (turn Q) ->
  (captured Q m = None -> q = true) ->
  forall acc, In (ply_of Q m) (with_captures (uncaptures_of P) m q acc).
Proof.
  intros Q m P q Hw Hl Hep Hm Hk Htg Hturn Hq acc. unfold ply_of, captured.
  assert (Hk' : match mv_kind m with Normal | Promotion => True | _ => False end)
    by (destruct Hk as [-> | ->]; exact I).
  destruct (target_cases _ _ _ Htg) as [Hbt|(x & Hbt & Hx)].
  - replace (match mv_kind m with
             | Normal | Promotion => match piece_at Q (mv_to m) with Some p => Some (piece_role p) | None => None end
             | EnPassant => Some Pawn | Castle => None end) with (@None role)
      by (destruct (mv_kind m); try contradiction; rewrite Hbt; reflexivity).
    rewrite Hq; [apply with_captures_quiet|].
    unfold captured. destruct (mv_kind m); try contradiction; rewrite Hbt; reflexivity.
  - replace (match mv_kind m with
             | Normal | Promotion => match piece_at Q (mv_to m) with Some p => Some (piece_role p) | None => None end
             | EnPassant => Some Pawn | Castle => None end) with (Some x)
      by (destruct (mv_kind m); try contradiction; rewrite Hbt; reflexivity).
    apply with_captures_take. rewrite <- Hturn in Hbt.
    exact (captured_in_roles Q m P Hw Hl Hep Hm Hk x Hbt Hx).
Qed.

Lemma pawns_ok_of : forall Q, material_ok (piece_at Q) = true -> pawns_ok (piece_at Q).
Proof. intros Q H. apply material_ok_iff in H. tauto. Qed.

Lemma slide_case : forall P Q u f t d x, wf P = true -> In d directions -> In f all_squares ->
  reaches (piece_at Q) (ray d f) t = true ->
  (forall s, In s all_squares -> s <> f -> s <> t -> piece_at P s = piece_at Q s) ->
  piece_at P f = None ->
  (forall acc, In x (with_captures u (Move Normal f t None) true acc)) ->
  forall acc, In x (slide_back P u t (ray (d lxor 4) t) acc).
Proof.
  intros P Q u f t d x Hw Hdir Hf Hr Hsame Hpf Hx acc.
  assert (Htr : In t (ray d f)) by (eapply reaches_in; eauto).
  destruct (slide_back_geo d f t Hdir Hf Htr) as (Hnf & rest & Er).
  rewrite Er. apply slide_back_in; auto.
  - intros s Hs. apply in_rev in Hs. destruct (before_incl _ _ _ Hs) as (Hs1 & Hs2).
    assert (Hsq : In s all_squares) by (apply (ray_in d f Hdir Hf); assumption).
    apply wf_empty; auto. rewrite Hsame; auto.
    + eapply reaches_before; eauto.
    + intros ->; contradiction.
  - apply wf_empty; auto.
Qed.

Ltac slider_case :=
  match goal with
  | Hmm : man_moves (piece_at ?Q) _ ?r0 ?f ?t, Hw : wf ?P = true |- In ?x _ =>
    destruct Hmm as (d & Hd & Hr);
    destruct (slider_dirs_opp r0 d Hd) as (Hd' & Hdir);
    assert (Hsl : forall acc', In x (fold_left (fun acc d => slide_back P (uncaptures_of P) t (ray d t) acc)
                                       (slider_dirs r0) acc'));
    [ intros acc'; apply (fold_in _ _ _ (d lxor 4)); auto;
      [ intros a acc'' y Hy; apply slide_back_grows, Hy
      | intros acc''; apply (slide_case P Q (uncaptures_of P) f t d); auto ]
    | destruct (relative_rank _ t =? 7); [apply unpromotions_grows|]; apply Hsl ]
  end.

Ltac pawn_body_grows y Hy :=
  match goal with |- In y (if ?c then _ :: ?w else ?w) =>
    assert (In y w) by (match goal with |- In y (if ?c2 then _ else _) =>
                          destruct c2; auto; apply with_captures_grows, Hy end);
    destruct c; [right|]; auto end.

Lemma cand_normal : forall Q m P, wf P = true -> legal_move Q m P -> material_ok (piece_at Q) = true ->
  ep_inv Q = true -> mv_kind m = Normal -> ep_square P = None -> In (ply_of Q m) (candidates P).
Proof.
  intros Q m P Hw Hl Hm Hep Hk HeP.
  pose proof (promo_none Q m P Hl ltac:(rewrite Hk; discriminate)) as Hpr.
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  shape_inv Hs. rename r into r0.
  set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (HM : opp (turn P) = us) by (rewrite Hturn; apply opp_opp).
  assert (Hm' : m = Move Normal f t None) by (rewrite (move_eta m), Hk, Hpr; reflexivity).
  assert (Hef : is_empty P f = true) by (apply wf_empty; auto).
  assert (Hwc : forall q, (captured Q m = None -> q = true) ->
            forall acc, In (ply_of Q m) (with_captures (uncaptures_of P) (Move Normal f t None) q acc)).
  { intros q Hq acc. rewrite <- Hm'. apply with_captures_ply; auto. }
  apply (candidates_in P t); auto. intros acc.
  unfold candidates_from. rewrite Hb't, HM, color_eqb_refl.
  destruct r0.
  - (* pawn *)
    assert (Hrf : rank_ok f = true) by (apply (pawns_ok_of Q Hm f us Hf Hbf)).
    destruct (pawn_geo_facts us f Hf Hrf) as (Hback & H2 & Hcap & Hdbl).
    unfold pawn_candidates. cbv zeta.
    destruct Hmm as [(E1 & Hbt)|[(Er & E2 & Hb1 & Hbt)|(E3 & Hbt)]].
    + apply eqb_true in E1. rewrite E1 in *.
      assert (Hply : ply_of Q m = Retraction (Move Normal f (pawn_step us f) None) None)
        by (unfold ply_of, captured; rewrite Hm'; cbn [mv_kind mv_to]; rewrite Hbt; reflexivity).
      apply fold_grows.
      * intros a acc' y Hy. destruct (is_empty P a); auto.
        pawn_body_grows y Hy.
      * rewrite Hback, H2, Hef. cbn. rewrite Hply.
        match goal with |- In _ (if ?c then _ :: _ :: _ else _) => destruct c; [right|]; left; reflexivity end.
    + apply eqb_true in E2. rewrite E2 in *.
      destruct (Hdbl Er) as (H3 & Hback2 & Hin1 & Hn1 & Hn2).
      assert (Hply : ply_of Q m = Retraction (Move Normal f (pawn_step us (pawn_step us f)) None) None)
        by (unfold ply_of, captured; rewrite Hm'; cbn [mv_kind mv_to]; rewrite Hbt; reflexivity).
      assert (He1 : is_empty P (pawn_step us f) = true).
      { apply wf_empty; auto. rewrite Hsame; auto. }
      apply fold_grows.
      * intros a acc' y Hy. destruct (is_empty P a); auto.
        pawn_body_grows y Hy.
      * apply eqb_true in H3. rewrite H3, Hback2, He1, Hback, Hef. cbn.
        rewrite Hply. left. reflexivity.
    + assert (Hfin : In f (pawn_attacks (opp us) t)) by (apply pawn_sym; auto).
      apply (fold_in _ _ _ f); auto.
      * intros a acc' y Hy. destruct (is_empty P a); auto.
        pawn_body_grows y Hy.
      * intros acc'. rewrite Hef. rewrite (Hcap t (inb_in _ _ E3)).
        match goal with |- In _ (if ?c then _ :: ?w else ?w) =>
          assert (In (ply_of Q m) w) by (apply Hwc; intros Hc; exfalso; unfold captured in Hc;
                                          rewrite Hk in Hc; fold t in Hc;
                                          destruct (piece_at Q t); [discriminate | contradiction]);
          destruct c; [right|]; auto end.
  - (* knight *)
    assert (Hin : In f knight_targets.[t]) by (apply knight_sym; auto).
    destruct (relative_rank us t =? 7); [apply unpromotions_grows|];
      apply (from_squares_in _ _ _ _ f); auto.
  - (* bishop *) slider_case.
  - (* rook *) slider_case.
  - (* queen *) slider_case.
  - (* king *)
    assert (Hin : In f king_targets.[t]) by (apply king_sym; auto).
    apply uncastlings_grows. apply (from_squares_in _ _ _ _ f); auto.
Qed.

Lemma cand_promotion : forall Q m P, wf P = true -> legal_move Q m P -> material_ok (piece_at Q) = true ->
  ep_inv Q = true -> mv_kind m = Promotion -> ep_square P = None -> In (ply_of Q m) (candidates P).
Proof.
  intros Q m P Hw Hl Hm Hep Hk HeP.
  destruct (man_moves_of_legal Q m P Hl Hk) as (Hmm & H7).
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  shape_inv Hs. rename r into x, Hr into Hx.
  assert (Hpr : mv_promo m = Some x).
  { destruct Hl as ((_ & _ & Hp) & _ & Hb & _). rewrite Hk in Hp.
    destruct Hp as (x' & Hx' & _). rewrite Hb in Hb't by exact Ht.
    assert (E : after Q m (mv_to m) = Some (MkPiece (turn Q) x')).
    { unfold after. rewrite Hk, Hx'. cbv zeta.
      rewrite (eqb_false (mv_to m) (mv_from m)) by (intros E; apply Hft; symmetry; exact E).
      rewrite eqb_same. reflexivity. }
    rewrite E in Hb't. injection Hb't as ->. exact Hx'. }
  set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (HM : opp (turn P) = us) by (rewrite Hturn; apply opp_opp).
  assert (Hm' : m = Move Promotion f t (Some x)) by (rewrite (move_eta m), Hk, Hpr; reflexivity).
  assert (Hef : is_empty P f = true) by (apply wf_empty; auto).
  assert (Hrf : rank_ok f = true) by (apply (pawns_ok_of Q Hm f us Hf Hbf)).
  destruct (pawn_geo_facts us f Hf Hrf) as (Hback & H2 & Hcap & Hdbl).
  assert (Hun : forall acc, In (ply_of Q m) (unpromotions P (uncaptures_of P) us x t acc)).
  { intros acc. unfold unpromotions.
    destruct Hmm as [(E1 & Hbt)|[(Er & E2 & Hb1 & Hbt)|(E3 & Hbt)]].
    - apply eqb_true in E1. fold t in E1. rewrite E1 in *.
      assert (Hply : ply_of Q m = Retraction (Move Promotion f (pawn_step us f) (Some x)) None)
        by (unfold ply_of, captured; rewrite Hm'; cbn [mv_kind mv_to]; rewrite Hbt; reflexivity).
      apply fold_grows.
      + intros a acc' y Hy. destruct (is_empty P a); auto. apply with_captures_grows, Hy.
      + rewrite Hback, Hef, Hply. left. reflexivity.
    - exfalso. apply eqb_true in E2. fold t in E2. destruct (Hdbl Er) as (H3 & _).
      rewrite <- E2 in H3. apply eqb_true in H3. rewrite H3 in H7. discriminate H7.
    - assert (Hfin : In f (pawn_attacks (opp us) t)) by (apply pawn_sym; auto).
      apply (fold_in _ _ _ f); auto.
      + intros a acc' y Hy. destruct (is_empty P a); auto. apply with_captures_grows, Hy.
      + intros acc'. rewrite Hef. rewrite <- Hm'. apply with_captures_ply; auto.
        intros Hc. exfalso. unfold captured in Hc. rewrite Hk in Hc. fold t in Hc.
        destruct (piece_at Q t); [discriminate | contradiction]. }
  apply (candidates_in P t); auto. intros acc.
  unfold candidates_from. rewrite Hb't, HM, color_eqb_refl. fold us t in H7. rewrite H7.
  simpl in Hx. destruct Hx as [<-|[<-|[<-|[<-|[]]]]]; apply Hun.
Qed.

Lemma cand_ep : forall Q m P, wf P = true -> legal_move Q m P ->
  ep_inv Q = true -> mv_kind m = EnPassant -> ep_square P = None -> In (ply_of Q m) (candidates P).
Proof.
  intros Q m P Hw Hl Hep Hk HeP.
  pose proof (promo_none Q m P Hl ltac:(rewrite Hk; discriminate)) as Hpr.
  pose proof (ep_of_legal Q m P Hl Hk) as HeQ.
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  shape_inv Hs.
  set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  set (v := ep_victim us t) in *.
  assert (HM : opp (turn P) = us) by (rewrite Hturn; apply opp_opp).
  assert (Hm' : m = Move EnPassant f t None) by (rewrite (move_eta m), Hk, Hpr; reflexivity).
  assert (Hef : is_empty P f = true) by (apply wf_empty; auto).
  assert (Hev : is_empty P v = true) by (apply wf_empty; auto).
  (* the en-passant square of Q *)
  rewrite ep_inv_iff in Hep. destruct (Hep t HeQ) as (_ & Hr2 & _ & _ & Horig).
  fold us in Hr2, Horig.
  destruct (ep_geo_facts us t Ht Hr2) as (H5 & Ho & Hot).
  assert (Hoe : is_empty P (pawn_step us t) = true).
  { apply wf_empty; auto. rewrite Hsame; auto.
    - apply (neq_of_board (piece_at Q)). rewrite Horig, Hbf. discriminate.
    - apply (neq_of_board (piece_at Q)). rewrite Horig, Hbv. discriminate. }
  assert (Hply : ply_of Q m = Retraction (Move EnPassant f t None) (Some Pawn))
    by (unfold ply_of, captured; rewrite Hm'; reflexivity).
  apply (candidates_in P t); auto. intros acc.
  unfold candidates_from. rewrite Hb't, HM, color_eqb_refl.
  unfold pawn_candidates. cbv zeta.
  assert (Hfin : In f (pawn_attacks (opp us) t)).
  { apply pawn_sym; auto. destruct Hl as ((_ & _ & Hp) & _). rewrite Hk in Hp. apply Hp. }
  apply (fold_in _ _ _ f); auto.
  - intros a acc' y Hy. destruct (is_empty P a); auto. pawn_body_grows y Hy.
  - intros acc'. rewrite Hef. apply eqb_true in H5. rewrite H5, eqb_same.
    assert (Hev' : is_empty P (pawn_step (opp us) t) = true) by exact Hev.
    rewrite Hev', Hoe. cbv iota. rewrite Hply. left. reflexivity.
Qed.

Lemma cand_castle : forall Q m P, wf P = true -> legal_move Q m P ->
  ep_inv Q = true -> mv_kind m = Castle -> ep_square P = None -> In (ply_of Q m) (candidates P).
Proof.
  intros Q m P Hw Hl Hep Hk HeP.
  pose proof (promo_none Q m P Hl ltac:(rewrite Hk; discriminate)) as Hpr.
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  shape_inv Hs. clear Hcr.
  set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (HM : opp (turn P) = us) by (rewrite Hturn; apply opp_opp).
  assert (Hm' : m = Move Castle f t None) by (rewrite (move_eta m), Hk, Hpr; reflexivity).
  assert (Hply : ply_of Q m = Retraction (Move Castle (castle_king_from us) t None) None)
    by (unfold ply_of, captured; rewrite Hm'; cbn [mv_kind]; rewrite Hfk; reflexivity).
  assert (Hsq : In (castle_rook_from us side) all_squares) by (apply Hincl; simpl; tauto).
  apply (candidates_in P t); auto. intros acc.
  unfold candidates_from. rewrite Hb't, HM, color_eqb_refl.
  unfold uncastlings. apply (fold_in _ _ _ side).
  - intros a acc' y Hy. match goal with |- In y (if ?c then _ :: _ else _) => destruct c; [right|]; auto end.
  - destruct side; simpl; tauto.
  - intros acc'. rewrite Htk at 1. rewrite eqb_same. cbv iota.
    rewrite Hb'rt. unfold opiece_eqb, piece_eqb. cbn [piece_color piece_role]. rewrite color_eqb_refl.
    cbn [role_eqb andb]. cbv iota.
    rewrite Hply, <- Hfk. rewrite (wf_empty P f Hw Hf Hb'f), (wf_empty P _ Hw Hsq Hb'r). cbv iota.
    left. reflexivity.
Qed.

Lemma cand_dpush : forall Q m P e, legal_move Q m P -> ep_inv Q = true ->
  ep_square P = Some e -> ep_after Q m = Some e -> In (ply_of Q m) (candidates P).
Proof.
  intros Q m P e Hl Hep HeP Ha.
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  unfold ep_after in Ha.
  destruct (mv_kind m) eqn:Hk; try discriminate.
  shape_inv Hs. clear Hr7. rename r into r0.
  rewrite Hbf in Ha. destruct r0; try discriminate.
  destruct (mv_to m =? pawn_step (turn Q) (pawn_step (turn Q) (mv_from m))) eqn:Et; [|discriminate].
  injection Ha as <-. apply eqb_true in Et.
  pose proof (promo_none Q m P Hl ltac:(rewrite Hk; discriminate)) as Hpr.
  set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (HM : opp (turn P) = us) by (rewrite Hturn; apply opp_opp).
  pose proof (dpush_ok_all us f Hf) as Hd. unfold dpush_ok in Hd.
  destruct Hmm as [(Em & _)|[(Er & _ & _ & Hbt)|(Em & _)]].
  - split_lazy. rewrite Et in Em. rewrite Em in *. discriminate.
  - rewrite Er in Hd. cbn [negb] in Hd. split_lazy.
    assert (Hback : pawn_step (opp us) (pawn_step us f) = f) by (apply eqb_true; assumption).
    unfold candidates. rewrite HeP, HM, Hback. left.
    unfold ply_of, captured. rewrite Hk. fold t. rewrite Hbt, (move_eta m), Hk, Hpr. fold f t.
    rewrite Et. reflexivity.
  - split_lazy. rewrite Et in Em. rewrite Em in *. discriminate.
Qed.

Theorem candidate_complete : forall Q m P, wf P = true -> legal_move Q m P ->
  material_ok (piece_at Q) = true -> ep_inv Q = true -> assertions_hold P m Q ->
  In (ply_of Q m) (candidates P).
Proof.
  intros Q m P Hw Hl Hm Hep (_ & Hepa).
  destruct (ep_square P) as [e|] eqn:HeP.
  - exact (cand_dpush Q m P e Hl Hep HeP (Hepa e eq_refl)).
  - destruct (mv_kind m) eqn:Hk.
    + apply cand_normal; auto.
    + apply cand_promotion; auto.
    + apply cand_ep; auto.
    + apply cand_castle; auto.
Qed.

(** ** The decision procedure of pseudo-legality is complete, and reads
    the board on the 64 squares only *)

Lemma target_ok_b_complete : forall b us t, target_ok b us t -> target_ok_b b us t = true.
Proof.
  intros b us t H. unfold target_ok, target_ok_b in *. destruct (b t) as [[c r]|]; auto.
  destruct H as [-> Hr]. rewrite color_eqb_refl. destruct r; try reflexivity. contradiction.
Qed.

Lemma man_moves_b_complete : forall b c r f t, man_moves b c r f t -> man_moves_b b c r f t = true.
Proof.
  intros b c r f t H. unfold man_moves, man_moves_b in *. destruct r; auto.
  - destruct H as [(E1 & E2)|[(E1 & E2 & E3 & E4)|(E1 & E2)]].
    + rewrite E1, E2. reflexivity.
    + rewrite E3, E4, E1, E2. destruct ((t =? pawn_step c f) &&& _); reflexivity.
    + rewrite E1. destruct (b t) as [p|]; [|contradiction].
      destruct (t =? pawn_step c f), (relative_rank c f =? 1), (t =? pawn_step c (pawn_step c f)),
        (is_none (b (pawn_step c f))); reflexivity.
  - apply existsb_exists. exact H.
  - apply existsb_exists. exact H.
  - apply existsb_exists. exact H.
Qed.

Lemma castling_side_of_to : forall c side, castling_side_of c (castle_king_to c side) = side.
Proof. intros [|] [|]; reflexivity. Qed.

Theorem pseudo_legal_b_complete : forall Q m, pseudo_legal Q m -> pseudo_legal_b Q m = true.
Proof.
  intros Q m (Hf & Ht & H). unfold pseudo_legal_b. rewrite Hf, Ht.
  destruct (mv_kind m).
  - destruct H as (Hp & r & Hbf & Htg & Hmm & Hr7). rewrite Hp. cbn [is_none]. rewrite Hbf.
    rewrite color_eqb_refl, target_ok_b_complete, man_moves_b_complete by assumption.
    destruct r; try reflexivity. rewrite Hr7 by reflexivity. reflexivity.
  - destruct H as (r & Hp & Hr & Hbf & H7 & Htg & Hmm). rewrite Hp, Hbf, H7.
    rewrite target_ok_b_complete, man_moves_b_complete by assumption.
    rewrite (proj2 (opiece_eqb_eq _ _) eq_refl).
    simpl in Hr. destruct Hr as [<-|[<-|[<-|[<-|[]]]]]; reflexivity.
  - destruct H as (Hp & He & Hbf & Ha & Hbt & Hbv). rewrite Hp, He, Hbf, Ha, Hbt, Hbv.
    rewrite !(proj2 (opiece_eqb_eq _ _) eq_refl). reflexivity.
  - destruct H as (Hp & side & Hfk & Htk & Hcr & Hbf & Hbr & He & Hs). rewrite Hp.
    pose proof Htk as Htk'. apply eqb_true in Htk'. cbv zeta. rewrite Htk'.
    rewrite castling_side_of_to, Hfk, eqb_same, Hcr, Hbf, Hbr.
    rewrite !(proj2 (opiece_eqb_eq _ _) eq_refl).
    assert (E1 : forallb (fun s => is_none (piece_at Q s)) (castle_empty (turn Q) side) = true)
      by (apply forallb_forall; intros s Hs'; rewrite He by exact Hs'; reflexivity).
    assert (E2 : forallb (fun s => negb (attacked_b (piece_at Q) (opp (turn Q)) s)) (castle_safe (turn Q) side) = true).
    { apply forallb_forall; intros s Hs'. apply negb_true_iff.
      destruct (attacked_b _ _ _) eqn:E; [|reflexivity]. exfalso. apply (Hs s Hs'), attacked_b_iff, E. }
    rewrite E1, E2. reflexivity.
Qed.

Lemma reaches_ext : forall b b' l t, (forall s, In s l -> b s = b' s) -> reaches b l t = reaches b' l t.
Proof.
  intros b b' l t; induction l as [|s l IH]; simpl; intros H; auto.
  destruct (s =? t); auto. rewrite H by auto. destruct (b' s); auto.
Qed.

Lemma pawn_step_in : forall c f, In f all_squares -> (relative_rank c f =? 1) = true ->
  In (pawn_step c f) all_squares.
Proof.
  intros c f Hf H.
  assert (E : forallb (fun f => forallb (fun c => negb (relative_rank c f =? 1) ||| inb (pawn_step c f) all_squares)
                 [White; Black]) all_squares = true) by (vm_compute; reflexivity).
  pose proof (forallb_in (x := c) (forallb_in E Hf) ltac:(destruct c; simpl; tauto)) as E'.
  cbv beta in E'. rewrite H in E'. apply inb_in. exact E'.
Qed.

Lemma man_moves_b_ext : forall b b' c r f t, In f all_squares -> In t all_squares ->
  board_agree b b' -> man_moves_b b c r f t = man_moves_b b' c r f t.
Proof.
  intros b b' c r f t Hf Ht H. unfold man_moves_b. destruct r; auto.
  - rewrite (H t Ht). destruct (relative_rank c f =? 1) eqn:E1; [|reflexivity].
    rewrite (H (pawn_step c f) (pawn_step_in c f Hf E1)). reflexivity.
  - apply existsb_ext_in. intros d Hd. apply reaches_ext. intros s Hs.
    apply H. apply (ray_in d f); auto. simpl in Hd. unfold directions. simpl. tauto.
  - apply existsb_ext_in. intros d Hd. apply reaches_ext. intros s Hs.
    apply H. apply (ray_in d f); auto. simpl in Hd. unfold directions. simpl. tauto.
  - apply existsb_ext_in. intros d Hd. apply reaches_ext. intros s Hs.
    apply H. apply (ray_in d f); auto.
Qed.

Lemma target_ok_b_ext : forall b b' us t, In t all_squares -> board_agree b b' ->
  target_ok_b b us t = target_ok_b b' us t.
Proof. intros b b' us t Ht H. unfold target_ok_b. rewrite (H t Ht). reflexivity. Qed.

Lemma castle_squares_in : forall c side,
  incl (castle_empty c side) all_squares /\ incl (castle_safe c side) all_squares /\
  In (castle_rook_from c side) all_squares /\ In (castle_king_from c) all_squares.
Proof.
  intros [|] [|]; repeat split; try (apply sub_squares_incl; reflexivity); apply inb_in; reflexivity.
Qed.

Lemma pseudo_legal_b_ext : forall Q Q' m,
  board_agree (piece_at Q') (piece_at Q) -> turn Q' = turn Q ->
  (mv_kind m = Castle -> castling_right Q' (turn Q) (castling_side_of (turn Q) (mv_to m)) =
                         castling_right Q (turn Q) (castling_side_of (turn Q) (mv_to m))) ->
  (mv_kind m = EnPassant -> is_ep_square Q' (mv_to m) = is_ep_square Q (mv_to m) /\
                            In (ep_victim (turn Q) (mv_to m)) all_squares) ->
  pseudo_legal_b Q' m = pseudo_legal_b Q m.
Proof.
  intros Q Q' m H Ht Hc He. unfold pseudo_legal_b. rewrite Ht.
  destruct (on_board (mv_from m)) eqn:Hf; [|reflexivity].
  destruct (on_board (mv_to m)) eqn:Htt; [|reflexivity].
  apply on_board_in in Hf. apply on_board_in in Htt. cbv iota.
  destruct (mv_kind m) eqn:Hk.
  - rewrite (H _ Hf). destruct (is_none (mv_promo m)); [|reflexivity].
    destruct (piece_at Q (mv_from m)) as [[c r]|]; [|reflexivity].
    rewrite (target_ok_b_ext _ _ _ _ Htt H), (man_moves_b_ext _ _ _ _ _ _ Hf Htt H). reflexivity.
  - rewrite (H _ Hf). destruct (mv_promo m) as [r|]; [|reflexivity].
    rewrite (target_ok_b_ext _ _ _ _ Htt H), (man_moves_b_ext _ _ _ _ _ _ Hf Htt H). reflexivity.
  - destruct (He eq_refl) as (He1 & Hv). rewrite He1, (H _ Hf), (H _ Htt), (H _ Hv). reflexivity.
  - rewrite (Hc eq_refl), (H _ Hf).
    destruct (castle_squares_in (turn Q) (castling_side_of (turn Q) (mv_to m))) as (H1 & H2 & H3 & _).
    rewrite (H _ H3).
    rewrite (forallb_ext_in _ (fun s => is_none (piece_at Q' s)) (fun s => is_none (piece_at Q s)))
      by (intros s Hs; rewrite (H s (H1 s Hs)); reflexivity).
    rewrite (forallb_ext_in _ (fun s => negb (attacked_b (piece_at Q') (opp (turn Q)) s))
                              (fun s => negb (attacked_b (piece_at Q) (opp (turn Q)) s)))
      by (intros s Hs; rewrite (attacked_b_ext _ _ _ _ (H2 s Hs) H); reflexivity).
    reflexivity.
Qed.

(** ** The predecessor the generator builds has [Q]'s board *)


Ltac gs Hlen :=
  repeat (rewrite get_set64;
          [| rewrite ?PArray.length_set, ?PArray.length_copy; exact Hlen
           | first [ apply in_lt64; assumption | reflexivity | assumption ] ]);
  rewrite ?PArray.get_copy.

Lemma neq_eqb : forall x y, (x =? y) = false -> x <> y.
Proof. exact eqb_false_neq. Qed.

Theorem unmake_same_board : forall Q m P, wf P = true -> legal_move Q m P -> ep_inv Q = true ->
  same_board (unmake P (ply_of Q m)) Q.
Proof.
  intros Q m P Hw Hl Hep s Hs.
  pose proof (wf_length P Hw) as Hlen.
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hsh).
  assert (HM : opp (turn P) = turn Q) by (rewrite Hturn; apply opp_opp).
  unfold piece_at at 1. rewrite Soundness.unmake_board_eq. unfold unmake_board, ply_of.
  cbn [rt_move rt_capture]. rewrite HM. unfold captured.
  destruct (mv_kind m) eqn:Hk.
  - shape_inv Hsh. clear Hmm Hr7. rename r into r0.
    gs Hlen.
    destruct (s =? mv_to m) eqn:E1.
    + apply eqb_true in E1; subst s.
      destruct (target_cases _ _ _ Htg) as [Hbt|(x & Hbt & Hx)]; rewrite Hbt; [reflexivity|].
      cbn [piece_role]. rewrite Hturn. apply piece_of_cell_of_piece.
    + destruct (s =? mv_from m) eqn:E2.
      * apply eqb_true in E2; subst s. change (piece_of_cell (board P).[mv_to m]) with (piece_at P (mv_to m)).
        rewrite Hb't, Hbf. reflexivity.
      * apply Hsame; auto; apply neq_eqb; assumption.
  - shape_inv Hsh. rename r into r0.
    gs Hlen.
    destruct (s =? mv_to m) eqn:E1.
    + apply eqb_true in E1; subst s.
      destruct (target_cases _ _ _ Htg) as [Hbt|(x & Hbt & Hx)]; rewrite Hbt; [reflexivity|].
      cbn [piece_role]. rewrite Hturn. apply piece_of_cell_of_piece.
    + destruct (s =? mv_from m) eqn:E2.
      * apply eqb_true in E2; subst s. rewrite Hbf. apply piece_of_cell_of_piece.
      * apply Hsame; auto; apply neq_eqb; assumption.
  - shape_inv Hsh. clear Hrt.
    gs Hlen.
    destruct (s =? ep_victim (turn Q) (mv_to m)) eqn:E0.
    + apply eqb_true in E0; subst s. rewrite Hbv, Hturn. apply piece_of_cell_of_piece.
    + destruct (s =? mv_to m) eqn:E1.
      * apply eqb_true in E1; subst s. rewrite Hbt. reflexivity.
      * destruct (s =? mv_from m) eqn:E2.
        -- apply eqb_true in E2; subst s. change (piece_of_cell (board P).[mv_to m]) with (piece_at P (mv_to m)).
           rewrite Hb't, Hbf. reflexivity.
        -- apply Hsame; auto; apply neq_eqb; assumption.
  - shape_inv Hsh. clear Hcr.
    rewrite Htk, castling_side_of_to. rewrite <- Htk.
    destruct (castle_squares_in (turn Q) side) as (_ & _ & Hrf & _).
    assert (Hrt : In (castle_rook_to (turn Q) side) all_squares) by (apply Hincl; simpl; tauto).
    gs Hlen.
    destruct (s =? castle_rook_from (turn Q) side) eqn:E0.
    + apply eqb_true in E0; subst s. rewrite Hbr. apply piece_of_cell_of_piece.
    + destruct (s =? mv_from m) eqn:E1.
      * apply eqb_true in E1; subst s. rewrite Hbf. apply piece_of_cell_of_piece.
      * destruct (s =? castle_rook_to (turn Q) side) eqn:E2.
        -- apply eqb_true in E2; subst s. rewrite Hbrt. reflexivity.
        -- destruct (s =? mv_to m) eqn:E3.
           ++ apply eqb_true in E3; subst s. rewrite Hbt. reflexivity.
           ++ apply Hsame; auto. simpl.
              apply neq_eqb in E0. apply neq_eqb in E1. apply neq_eqb in E2. apply neq_eqb in E3.
              intros [E|[E|[E|[E|[]]]]]; subst; tauto.
Qed.

(** ** The predecessor passes the filter *)

Lemma castling_right_with : forall b M e P c side c' s',
  castling_right (Position b M (castling_with P c side) e) c' s' =
  castling_right P c' s' || (color_eqb c' c && match s', side with
                                               | KingSide, KingSide | QueenSide, QueenSide => true
                                               | _, _ => false end).
Proof.
  intros b M e P c side c' s'. unfold castling_right at 1. cbn [castling]. unfold castling_with.
  destruct c, side, c', s';
  destruct (castling_right P White KingSide), (castling_right P White QueenSide),
           (castling_right P Black KingSide), (castling_right P Black QueenSide); reflexivity.
Qed.

Lemma unmake_rights : forall P r c s,
  castling_right (unmake P r) c s =
  castling_right P c s || (color_eqb c (opp (turn P)) && castled (rt_move r) c s).
Proof.
  intros P r c s. unfold unmake, unmake_meta, castled.
  destruct (mv_kind (rt_move r)); try (rewrite orb_false_r; reflexivity); try (cbn; rewrite andb_false_r, orb_false_r; reflexivity).
  rewrite castling_right_with. f_equal. destruct (color_eqb c (opp (turn P))) eqn:Ec; [|reflexivity].
  apply color_eqb_eq in Ec. subst c. simpl. destruct s, (castling_side_of (opp (turn P)) (mv_to (rt_move r))); reflexivity.
Qed.

Lemma unmake_ep : forall P r, ep_square (unmake P r) =
  match mv_kind (rt_move r) with EnPassant => Some (mv_to (rt_move r)) | _ => None end.
Proof. intros P r. unfold unmake, unmake_meta. destruct (mv_kind (rt_move r)); reflexivity. Qed.

Lemma dpush_facts : forall Q m P e, legal_move Q m P -> ep_inv Q = true -> ep_after Q m = Some e ->
  mv_kind m = Normal /\ piece_at Q (mv_from m) = Some (MkPiece (turn Q) Pawn) /\
  pawn_step (opp (turn Q)) e = mv_from m /\ mv_to m = pawn_step (turn Q) e /\ piece_at Q (mv_to m) = None.
Proof.
  intros Q m P e Hl Hep Ha.
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  unfold ep_after in Ha.
  destruct (mv_kind m) eqn:Hk; try discriminate.
  shape_inv Hs. clear Hr7. rename r into r0.
  rewrite Hbf in Ha. destruct r0; try discriminate.
  destruct (mv_to m =? pawn_step (turn Q) (pawn_step (turn Q) (mv_from m))) eqn:Et; [|discriminate].
  injection Ha as <-. apply eqb_true in Et.
  pose proof (dpush_ok_all (turn Q) (mv_from m) Hf) as Hd. unfold dpush_ok in Hd.
  destruct Hmm as [(Em & _)|[(Er & _ & _ & Hbt)|(Em & _)]].
  - split_lazy. rewrite Et in Em. rewrite Em in *. discriminate.
  - rewrite Er in Hd. cbn [negb] in Hd. split_lazy.
    split; [reflexivity|]. split; [exact Hbf|]. split; [apply eqb_true; assumption|].
    split; assumption.
  - split_lazy. rewrite Et in Em. rewrite Em in *. discriminate.
Qed.

Lemma promo_some : forall Q m P, legal_move Q m P -> ep_inv Q = true -> mv_kind m = Promotion ->
  exists x, mv_promo m = Some x /\ piece_at P (mv_to m) = Some (MkPiece (turn Q) x).
Proof.
  intros Q m P Hl Hep Hk.
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  shape_inv Hs. rename r into x, Hr into Hx.
  exists x. split; [|exact Hb't].
  destruct Hl as ((_ & _ & Hp) & _ & Hb & _). rewrite Hk in Hp.
  destruct Hp as (x' & Hx' & _). rewrite Hb in Hb't by exact Ht.
  assert (E : after Q m (mv_to m) = Some (MkPiece (turn Q) x')).
  { unfold after. rewrite Hk, Hx'. cbv zeta.
    rewrite (eqb_false (mv_to m) (mv_from m)) by (intros E; apply Hft; symmetry; exact E).
    rewrite eqb_same. reflexivity. }
  rewrite E in Hb't. injection Hb't as ->. exact Hx'.
Qed.

Lemma shape_ok_ply : forall Q m P, wf P = true -> legal_move Q m P -> ep_inv Q = true ->
  shape_ok P (ply_of Q m) = true.
Proof.
  intros Q m P Hw Hl Hep.
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  assert (HM : opp (turn P) = turn Q) by (rewrite Hturn; apply opp_opp).
  unfold shape_ok, ply_of. cbn [rt_move]. rewrite HM.
  rewrite (in_lt64 _ Hf), (in_lt64 _ Ht). cbv iota.
  destruct (mv_kind m) eqn:Hk.
  - shape_inv Hs. clear Hmm Hr7. rename r into r0.
    rewrite (wf_cell_0 P _ Hw Hf Hb'f), eqb_same, (eqb_false _ _ Hft). reflexivity.
  - destruct (promo_some Q m P Hl Hep Hk) as (x & Hx & Hb't). rewrite Hx.
    shape_inv Hs. clear Hr Hb't0. rename r into x'.
    rewrite (wf_cell_0 P _ Hw Hf Hb'f), eqb_same, (wf_cell_eq P _ _ Hw Ht Hb't), eqb_same. reflexivity.
  - shape_inv Hs. clear Hrt.
    rewrite (wf_cell_0 P _ Hw Hf Hb'f), eqb_same, (in_lt64 _ Hv), (eqb_false _ _ Hfv), (eqb_false _ _ Hft).
    rewrite (wf_cell_0 P _ Hw Hv Hb'v), eqb_same. reflexivity.
  - shape_inv Hs. clear Hcr.
    rewrite Htk, castling_side_of_to. rewrite <- Htk.
    destruct (castle_squares_in (turn Q) side) as (_ & _ & Hrf & _).
    assert (Hrt : In (castle_rook_to (turn Q) side) all_squares) by (apply Hincl; simpl; tauto).
    rewrite (wf_cell_0 P _ Hw Hf Hb'f), eqb_same, (in_lt64 _ Hrt), (in_lt64 _ Hrf).
    rewrite (wf_cell_eq P _ _ Hw Ht Hb't), (wf_cell_eq P _ _ Hw Hrt Hb'rt), (wf_cell_0 P _ Hw Hrf Hb'r).
    rewrite !eqb_same. reflexivity.
Qed.

Lemma respects_ply : forall Q m P, wf P = true -> legal_move Q m P -> ep_inv Q = true ->
  assertions_hold P m Q -> respects_assertions_b P m (unmake P (ply_of Q m)) = true.
Proof.
  intros Q m P Hw Hl Hep (Hcr & Hea).
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  assert (HM : opp (turn P) = turn Q) by (rewrite Hturn; apply opp_opp).
  assert (HtQ' : turn (unmake P (ply_of Q m)) = turn Q) by (rewrite Soundness.unmake_turn; exact HM).
  unfold respects_assertions_b.
  assert (E1 : forallb (fun '(c, side) => negb (castling_right P c side) |||
                 castling_right (unmake P (ply_of Q m)) c side) sides = true).
  { apply forallb_forall. intros [c side] _. destruct (castling_right P c side) eqn:E; [|reflexivity].
    cbn [negb]. rewrite unmake_rights, E. reflexivity. }
  assert (E2 : forallb (fun '(c, side) => negb (castling_right P c side) |||
                 (negb (mv_to m =? castle_king_from c) &&& negb (mv_to m =? castle_rook_from c side))) sides = true).
  { apply forallb_forall. intros [c side] _. destruct (castling_right P c side) eqn:E; [|reflexivity].
    destruct (Hcr c side E) as (_ & Ht'). apply touches_false in Ht'. destruct Ht' as (_ & _ & H3 & H4).
    rewrite (eqb_false _ _ H3), (eqb_false _ _ H4). reflexivity. }
  assert (E3 : match mv_kind m with
               | Castle => negb (castling_right P (turn (unmake P (ply_of Q m))) KingSide) &&&
                           negb (castling_right P (turn (unmake P (ply_of Q m))) QueenSide)
               | _ => true end = true).
  { destruct (mv_kind m) eqn:Hk; try reflexivity. rewrite HtQ'.
    shape_inv Hs. clear Htk Hcr0 Hbf Hbr Hbt Hbrt Hb'f Hb'r Hb't Hb'rt Hnd Hincl Hsame.
    assert (Hno : forall s, castling_right P (turn Q) s = false).
    { intros s. destruct (castling_right P (turn Q) s) eqn:E; [|reflexivity].
      destruct (Hcr _ s E) as (_ & Ht'). apply touches_false in Ht'. destruct Ht' as (H1 & _). contradiction. }
    rewrite !Hno. reflexivity. }
  assert (E4 : match ep_square P with
               | Some e => move_kind_eqb (mv_kind m) Normal &&&
                   opiece_eqb (piece_at (unmake P (ply_of Q m)) (mv_from m))
                     (Some (MkPiece (turn (unmake P (ply_of Q m))) Pawn)) &&&
                   (mv_from m =? pawn_step (opp (turn (unmake P (ply_of Q m)))) e) &&&
                   (mv_to m =? pawn_step (turn (unmake P (ply_of Q m))) e)
               | None => true end = true).
  { destruct (ep_square P) as [e|] eqn:HeP; [|reflexivity].
    destruct (dpush_facts Q m P e Hl Hep (Hea e eq_refl)) as (Hk & Hbf & Hb & Ht' & _).
    rewrite HtQ', Hk, (unmake_same_board Q m P Hw Hl Hep _ Hf), Hbf, <- Hb, <- Ht', !eqb_same.
    rewrite (proj2 (opiece_eqb_eq _ _) eq_refl). reflexivity. }
  assert (E5 : ooint_eqb (ep_square (unmake P (ply_of Q m)))
                 (match mv_kind m with EnPassant => Some (mv_to m) | _ => None end) = true).
  { rewrite unmake_ep. unfold ply_of. cbn [rt_move]. destruct (mv_kind m); try reflexivity.
    simpl. apply eqb_same. }
  rewrite E1, E2. cbv iota. rewrite E3. cbv iota. rewrite E4. cbv iota. exact E5.
Qed.

Lemma capture_ply : forall Q m P, wf P = true -> legal_move Q m P -> ep_inv Q = true ->
  capture_matches_b P (ply_of Q m) (unmake P (ply_of Q m)) = true.
Proof.
  intros Q m P Hw Hl Hep.
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  unfold capture_matches_b.
  change (rt_move (ply_of Q m)) with m. change (rt_capture (ply_of Q m)) with (captured Q m).
  rewrite (unmake_same_board Q m P Hw Hl Hep _ Ht). unfold captured.
  destruct (mv_kind m) eqn:Hk; try reflexivity.
  - shape_inv Hs. clear Hmm Hr7 Hb'f Hb't Hft Hsame. rename r into r0.
    destruct (target_cases _ _ _ Htg) as [Hbt|(x & Hbt & Hx)]; rewrite Hbt; [reflexivity|].
    rewrite Hturn. apply opiece_eqb_eq. reflexivity.
  - shape_inv Hs. clear Hr Hb'f Hb't Hft Hsame. rename r into r0.
    destruct (target_cases _ _ _ Htg) as [Hbt|(x & Hbt & Hx)]; rewrite Hbt; [reflexivity|].
    rewrite Hturn. apply opiece_eqb_eq. reflexivity.
Qed.

Lemma pseudo_ply : forall Q m P, wf P = true -> legal_move Q m P -> ep_inv Q = true ->
  pseudo_legal_b (unmake P (ply_of Q m)) m = true.
Proof.
  intros Q m P Hw Hl Hep.
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  assert (HM : opp (turn P) = turn Q) by (rewrite Hturn; apply opp_opp).
  rewrite (pseudo_legal_b_ext Q (unmake P (ply_of Q m)) m).
  - apply pseudo_legal_b_complete. apply Hl.
  - intros s Hsq. apply (unmake_same_board Q m P Hw Hl Hep s Hsq).
  - rewrite Soundness.unmake_turn. exact HM.
  - intros Hk. rewrite unmake_rights. rewrite HM, color_eqb_refl. unfold ply_of, castled. cbn [rt_move].
    rewrite Hk. destruct Hl as ((_ & _ & Hp) & _). rewrite Hk in Hp.
    destruct Hp as (_ & side & _ & Htk & Hcr & _). apply eqb_true in Htk. rewrite Htk, castling_side_of_to, Hcr.
    destruct side; rewrite orb_true_r; reflexivity.
  - intros Hk. split.
    + unfold is_ep_square. rewrite unmake_ep. unfold ply_of. cbn [rt_move]. rewrite Hk, eqb_same.
      rewrite (ep_of_legal Q m P Hl Hk), eqb_same. reflexivity.
    + shape_inv Hs. exact Hv.
Qed.

Lemma S_men_kept : forall Q m P k r, legal_move Q m P -> ep_inv Q = true -> In k all_squares ->
  piece_at P k = Some (MkPiece (turn P) r) -> piece_at Q k = Some (MkPiece (turn P) r).
Proof.
  intros Q m P k r Hl Hep Hk Hp.
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  rewrite Hturn in *.
  assert (HneS : forall x (r' : role), piece_at P x = Some (MkPiece (turn Q) r') -> k <> x)
    by (intros x r' E ->; rewrite E in Hp; injection Hp; destruct (turn Q); discriminate).
  assert (HneN : forall x, piece_at P x = None -> k <> x)
    by (intros x E ->; rewrite E in Hp; discriminate).
  shape_inv Hs.
  - clear Hbf Htg Hmm Hr7 Hft.
    rewrite <- Hsame; [exact Hp | exact Hk | apply HneN; exact Hb'f | eapply HneS; exact Hb't].
  - clear Hr Hbf Htg Hft.
    rewrite <- Hsame; [exact Hp | exact Hk | apply HneN; exact Hb'f | eapply HneS; exact Hb't].
  - clear Hv Hrt Hbf Hbt Hbv Hft Hfv Htv.
    rewrite <- Hsame; [exact Hp | exact Hk | apply HneN; exact Hb'f | eapply HneS; exact Hb't
                      | apply HneN; exact Hb'v].
  - clear Hfk Htk Hcr Hbf Hbr Hbt Hbrt Hnd Hincl.
    rewrite <- Hsame; [exact Hp | exact Hk |]. simpl.
    intros [E|[E|[E|[E|[]]]]]; symmetry in E; revert E.
    + apply HneN; exact Hb'f.
    + eapply HneS; exact Hb't.
    + apply HneN; exact Hb'r.
    + eapply HneS; exact Hb'rt.
Qed.

Lemma none_attacked_intro : forall b c ks, (forall k, In k ks -> attacked_b b c k = false) ->
  none_attacked b c ks = true.
Proof.
  intros b c ks; induction ks as [|k ks IH]; simpl; intros H; auto.
  rewrite H by auto. simpl. apply IH. intros; apply H; auto.
Qed.

Lemma tb_kings_tset : forall S x s v, tb_kings (tset S x s v) =
  if opiece_eqb (piece_of_cell v) (Some (MkPiece S King)) then s :: tb_kings x else tb_kings x.
Proof. reflexivity. Qed.

Lemma tb_kings_tcopy : forall x, tb_kings (tcopy x) = tb_kings x.
Proof. reflexivity. Qed.

Lemma tset_kings : forall S x s v, opiece_eqb (piece_of_cell v) (Some (MkPiece S King)) = false ->
  tb_kings (tset S x s v) = tb_kings x.
Proof. intros S x s v H. unfold tset. cbn [tb_kings]. rewrite H. reflexivity. Qed.

Lemma not_S_king : forall S p, piece_color p = opp S \/ piece_role p <> King ->
  opiece_eqb (Some p) (Some (MkPiece S King)) = false.
Proof.
  intros S [c r] H. destruct (opiece_eqb _ _) eqn:E; [|reflexivity].
  apply opiece_eqb_eq in E. injection E as -> ->. simpl in H. destruct H as [H|H]; [|congruence].
  destruct S; discriminate.
Qed.

Lemma kings_unmake_t : forall Q m P, legal_move Q m P -> ep_inv Q = true ->
  forall x0, tb_kings (unmake_t P x0 (ply_of Q m)) = tb_kings x0.
Proof.
  intros Q m P Hl Hep.
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  assert (HM : opp (turn P) = turn Q) by (rewrite Hturn; apply opp_opp).
  assert (Hcap : forall o, o = None \/ (exists x, o = Some x /\ x <> King) ->
           opiece_eqb (piece_of_cell (match o with Some x => cell_of_piece (MkPiece (turn P) x) | None => 0 end))
             (Some (MkPiece (turn P) King)) = false).
  { intros o [->|(x & -> & Hx)]; [reflexivity|]. rewrite piece_of_cell_of_piece. apply not_S_king. right; exact Hx. }
  intros x0. unfold unmake_t, ply_of, captured. cbn [rt_move rt_capture]. rewrite HM.
    assert (Ht' : forall r, piece_at P (mv_to m) = Some (MkPiece (turn Q) r) ->
              opiece_eqb (piece_of_cell (board P).[mv_to m]) (Some (MkPiece (turn P) King)) = false).
    { intros r E. change (piece_of_cell (board P).[mv_to m]) with (piece_at P (mv_to m)). rewrite E.
      apply not_S_king. left. simpl. symmetry. exact HM. }
    assert (Hm' : forall r, opiece_eqb (piece_of_cell (cell_of_piece (MkPiece (turn Q) r)))
                              (Some (MkPiece (turn P) King)) = false).
    { intros r. rewrite piece_of_cell_of_piece. apply not_S_king. left. simpl. symmetry. exact HM. }
    assert (Hsp : opiece_eqb (piece_of_cell (cell_of_piece (MkPiece (turn P) Pawn)))
                              (Some (MkPiece (turn P) King)) = false).
    { rewrite piece_of_cell_of_piece. apply not_S_king. right. discriminate. }
    assert (H0 : opiece_eqb (piece_of_cell 0) (Some (MkPiece (turn P) King)) = false) by reflexivity.
    assert (Hcap' : forall o : option piece, o = None \/ (exists x, o = Some x /\ piece_role x <> King) ->
           opiece_eqb (piece_of_cell (match match o with Some p => Some (piece_role p) | None => None end with
                                      | Some x => cell_of_piece (MkPiece (turn P) x) | None => 0 end))
             (Some (MkPiece (turn P) King)) = false).
    { intros o Ho. apply Hcap. destruct Ho as [->|((c0 & x) & -> & Hx)]; [left; reflexivity|].
      right. exists x. split; [reflexivity|exact Hx]. }
    assert (Hto : exists r, piece_at P (mv_to m) = Some (MkPiece (turn Q) r)).
    { shape_inv Hs; eexists; eassumption. }
    destruct Hto as (rt0 & Hto).
    assert (Hq : piece_at Q (mv_to m) = None \/ (exists x, piece_at Q (mv_to m) = Some x /\ piece_role x <> King)).
    { destruct Hl as ((_ & _ & Hp) & _). destruct (mv_kind m) eqn:Hk.
      - destruct Hp as (_ & r0 & _ & Htg & _). destruct (target_cases _ _ _ Htg) as [E|(x & E & Hx)]; eauto.
      - destruct Hp as (r0 & _ & _ & _ & _ & Htg & _). destruct (target_cases _ _ _ Htg) as [E|(x & E & Hx)]; eauto.
      - destruct Hp as (_ & _ & _ & _ & E & _). auto.
      - left. shape_inv Hs. exact Hbt. }
    destruct (mv_kind m) eqn:Hk; cbv zeta; rewrite ?tb_kings_tset, ?tb_kings_tcopy;
    repeat match goal with
    | |- context [opiece_eqb (piece_of_cell ?v) (Some (MkPiece (turn P) King))] =>
      let E := fresh "E" in
      assert (E : opiece_eqb (piece_of_cell v) (Some (MkPiece (turn P) King)) = false)
        by first [reflexivity | apply Hsp | apply Hm' | apply (Ht' rt0 Hto) |
                  apply Hcap'; destruct Hq as [->|(x & -> & Hx)]; eauto];
      rewrite E
    end; reflexivity. 
Qed.

(** (Stated this way round: the kernel then checks it without unfolding
    [filter] over the 64 squares.) *)
Lemma tinit_kings_eq : forall P, tb_kings (tinit P) =
  filter (fun k => opiece_eqb (piece_at P k) (Some (MkPiece (turn P) King))) all_squares.
Proof.
  intros P. exact (eq_refl (filter (fun k => opiece_eqb (piece_at P k) (Some (MkPiece (turn P) King))) all_squares)).
Qed.

Lemma kings_ply : forall Q m P, wf P = true -> legal_move Q m P -> ep_inv Q = true ->
  ~ in_check (piece_at Q) (turn P) ->
  none_attacked (piece_at (unmake P (ply_of Q m))) (opp (turn P))
    (tb_kings (unmake_t P (tinit P) (ply_of Q m))) = true.
Proof.
  intros Q m P Hw Hl Hep Hc.
  pose proof (step_shape Q m P Hl Hep) as (Hf & Ht & Hturn & Hs).
  assert (HM : opp (turn P) = turn Q) by (rewrite Hturn; apply opp_opp).
  rewrite (kings_unmake_t Q m P Hl Hep). apply none_attacked_intro. intros k Hk. rewrite tinit_kings_eq in Hk.
  apply filter_In in Hk. destruct Hk as (Hk & Kk). apply opiece_eqb_eq in Kk.
  pose proof (S_men_kept Q m P k King Hl Hep Hk Kk) as KQ.
  rewrite (attacked_b_ext _ (piece_at Q) _ _ Hk (unmake_same_board Q m P Hw Hl Hep)).
  rewrite HM. destruct (attacked_b (piece_at Q) (turn Q) k) eqn:E; [|reflexivity].
  exfalso. apply Hc. exists k. split; [exact Hk|]. split; [exact KQ|].
  rewrite Hturn, opp_opp. apply attacked_b_iff, E.
Qed.

Lemma mat_ply : forall Q m P, wf P = true -> legal_move Q m P -> ep_inv Q = true ->
  material_ok (piece_at Q) = true ->
  mat_ok (tb_mat (unmake_t P (tinit P) (ply_of Q m))) = true.
Proof.
  intros Q m P Hw Hl Hep Hm.
  pose proof (wf_length P Hw) as Hlen.
  destruct (Soundness.unmake_t_inv P (tinit P) (ply_of Q m) (Soundness.tinit_inv P Hlen)
              (shape_ok_ply Q m P Hw Hl Hep)) as (_ & Hmat & _).
  rewrite <- Hmat, Soundness.unmake_t_board, <- material_ok_mat.
  rewrite <- Hm. unfold material_ok. rewrite !men_eq.
  rewrite (men_l_ext _ (piece_at Q)); [reflexivity|].
  intros s Hs. rewrite <- (unmake_same_board Q m P Hw Hl Hep s Hs).
  unfold piece_at. rewrite Soundness.unmake_board_eq. reflexivity.
Qed.

Lemma keep_fast_grows : forall P x0 l acc z, In z acc -> In z (keep_fast P x0 l acc).
Proof.
  intros P x0 l; induction l as [|r l IH]; intros acc z Hz; simpl; auto.
  apply IH. destruct (retraction_ok_fast _ _ _ _); [right|]; auto.
Qed.

Lemma keep_fast_in : forall P x0 l acc r, In r l ->
  retraction_ok_fast P r (unmake_meta P r (tb_arr (unmake_t P x0 r))) (unmake_t P x0 r) = true ->
  In (r, unmake_meta P r (tb_arr (unmake_t P x0 r))) (keep_fast P x0 l acc).
Proof.
  intros P x0 l; induction l as [|r0 l IH]; intros acc r Hr Hok; [destruct Hr|].
  simpl. destruct Hr as [<-|Hr].
  - apply keep_fast_grows. rewrite Hok. left. reflexivity.
  - apply IH; auto.
Qed.

(** ** Completeness *)

Theorem retractions_complete_rules : forall Q m P,
  wf P = true -> legal_move Q m P ->
  ~ in_check (piece_at Q) (turn P) -> material_ok (piece_at Q) = true -> ep_inv Q = true ->
  assertions_hold P m Q ->
  exists Q', In (ply_of Q m, Q') (retractions P) /\ agrees_upto_assertions P m Q Q'.
Proof.
  intros Q m P Hw Hl Hc Hm Hep Ha.
  pose proof (wf_length P Hw) as Hlen.
  pose proof Hl as (_ & Hturn & _ & Hck).
  assert (HM : opp (turn P) = turn Q) by (rewrite Hturn; apply opp_opp).
  exists (unmake P (ply_of Q m)). split.
  - unfold retractions. rewrite HM, (in_check_b_false_iff _ _ Hck), Hlen, eqb_same.
    cbv iota. unfold unmake.
    rewrite <- (Soundness.unmake_t_board P (ply_of Q m)).
    apply keep_fast_in; [apply candidate_complete; auto|].
    rewrite Soundness.unmake_t_board. fold (unmake P (ply_of Q m)).
    unfold retraction_ok_fast.
    rewrite (shape_ok_ply Q m P Hw Hl Hep). cbv iota.
    change (rt_move (ply_of Q m)) with m.
    rewrite (respects_ply Q m P Hw Hl Hep Ha), (capture_ply Q m P Hw Hl Hep),
      (pseudo_ply Q m P Hw Hl Hep), (kings_ply Q m P Hw Hl Hep Hc). cbv iota.
    exact (mat_ply Q m P Hw Hl Hep Hm).
  - split; [exact (unmake_same_board Q m P Hw Hl Hep)|].
    split; [rewrite Soundness.unmake_turn; exact HM|].
    split.
    + intros c side. rewrite unmake_rights, HM. reflexivity.
    + rewrite unmake_ep. reflexivity.
Qed.

(** [Q] realizes the predecessor the generator reports: what [Q'] asserts
    holds in [Q]. *)
Lemma agrees_realizes : forall Q m P Q', legal_move Q m P -> assertions_hold P m Q ->
  agrees_upto_assertions P m Q Q' -> realizes Q Q'.
Proof.
  intros Q m P Q' Hl (Hcr & _) (Hb & Ht & Hr & He).
  split; [exact Hb|]. split; [exact Ht|]. split.
  - intros c side Hc. rewrite Hr in Hc. apply orb_true_iff in Hc. destruct Hc as [Hc|Hc].
    + apply (Hcr c side Hc).
    + apply andb_prop in Hc as [Ec Hs]. apply color_eqb_eq in Ec. subst c.
      unfold castled in Hs. destruct Hl as ((_ & _ & Hp) & _).
      destruct (mv_kind m); try discriminate.
      destruct Hp as (_ & side' & _ & Htk & Hcr' & _). apply eqb_true in Htk.
      rewrite Htk, castling_side_of_to in Hs. destruct side, side'; try discriminate; exact Hcr'.
  - intros e Hee. rewrite He in Hee. destruct (mv_kind m) eqn:Hk; try discriminate.
    injection Hee as <-. apply (ep_of_legal Q m P Hl Hk).
Qed.

Lemma in_check_b_of : forall b c, in_check b c -> in_check_b b c = true.
Proof.
  intros b c H. destruct (in_check_b b c) eqn:E; [reflexivity|].
  apply in_check_b_false in E. contradiction.
Qed.

(** The same in the words of the readable rules (Rules.v). *)
Corollary retractions_complete_readable : forall Q m P,
  wf P = true -> Rules.legal_move Q m P ->
  ~ Rules.in_check (piece_at Q) (turn P) -> material_ok (piece_at Q) = true -> ep_inv Q = true ->
  assertions_hold P m Q ->
  exists Q', In (ply_of Q m, Q') (retractions P) /\ agrees_upto_assertions P m Q Q'.
Proof.
  intros Q m P Hw Hl Hc. rewrite <- legal_move_iff in Hl. rewrite <- in_check_iff in Hc.
  exact (retractions_complete_rules Q m P Hw Hl Hc).
Qed.

(** The form the search uses. *)
Theorem retractions_complete_games : retractions_complete.
Proof.
  intros h G m G' P Hg Hs Hr Hw.
  pose proof (inv_game h G Hg) as Hi. apply inv_elim in Hi. destruct Hi as (Hm & _ & Hchk & _ & Hep).
  destruct Hs as (Hl0 & Hcr & Hepa). apply legal_move_iff in Hl0.
  destruct Hl0 as (Hps & Htu & Hb & Hck).
  destruct Hr as (HbP & HtP & HcP & HeP).
  assert (Hl : legal_move G m P).
  { split; [exact Hps|]. split; [rewrite HtP; exact Htu|]. split.
    - intros s Hs. rewrite HbP by exact Hs. apply Hb, Hs.
    - intros Hc. apply in_check_b_of in Hc.
      rewrite (in_check_b_ext (piece_at P) (piece_at G')) in Hc by exact HbP.
      rewrite (in_check_b_false_iff _ _ Hck) in Hc. discriminate. }
  assert (Ha : assertions_hold P m G).
  { split.
    - intros c side Hc. apply HcP in Hc. rewrite Hcr in Hc. apply andb_prop in Hc as [H1 H2].
      split; [exact H1|]. apply negb_true_iff, H2.
    - intros e He. rewrite <- Hepa. apply HeP, He. }
  assert (Hnc : ~ in_check (piece_at G) (turn P)).
  { unfold check_inv in Hchk. rewrite HtP, Htu. apply negb_true_iff in Hchk.
    apply in_check_b_false, Hchk. }
  destruct (retractions_complete_rules G m P Hw Hl Hnc Hm Hep Ha) as (Q' & Hin & Hag).
  exists Q'. split; [exact Hin|]. exact (agrees_realizes G m P Q' Hl Ha Hag).
Qed.
