(** * Stranded: men that cannot have moved since the start.

    Headline definitions and theorems:

    - [frozen b]   the "frozen" squares of the board [b]: the men on them
                   can never have moved in a game reaching [b] (see below);
    - [stranded P] some frozen square of [P] holds a man other than the one
                   the initial position has there;
    - [stranded_game : forall h G P, game h G -> realizes G P ->
                         stranded P = false]
    - [stranded_sound : forall P, stranded P = true -> ~ reachable P].

    This is the rule [stranded_man] of the native engine
    (rust-core/src/search.rs), computed here the same way so that both
    sides agree on which positions are stranded.

    ** The rule

    Going back in time men never leave the board (except a promoted man
    turning back into a pawn on the last rank), and pawns never move
    forward.  The frozen squares of a board are the least set [F] such that

    - a white pawn on the second rank and a black pawn on the seventh rank
      are in [F] ([seed]);
    - an occupied square [s], holding a man of colour [c] and role [r], is
      in [F] when [s] is not on [c]'s last rank, [r] is not a king, [r] is
      not a rook on [c]'s first rank ([may_freeze]), and all the "exits" of
      [s] are in [F] ([exits]): the squares a man of that kind arriving on
      [s] must come from or pass through.  For a pawn, the square behind it
      and the squares from which a pawn of its colour captures onto [s];
      for a knight, the knight's moves from [s]; for a bishop, rook or
      queen, the square next to [s] in each of its directions.

    (A white pawn on the first rank, or a black one on the eighth, has no
    exit and is frozen at once, as in the native engine; such positions
    fail the invariants anyway.)

    [frozen] computes [F] in rounds (see "The computation" below), at most
    64 of them, stopping after a round that adds nothing; every round but
    the last adds a square, so the least fixed point is always reached and
    [frozen] is exactly the set of the native engine (which starts from the
    seeds and runs whole rounds over the board: the order in which squares
    are added does not change the least fixed point).  This was checked on
    3000 random boards biased towards the initial setup: [stranded_man]
    and the first square of [frozen] holding a man other than the initial
    one agreed on every board.

    Limits of the rule (by design, in both engines): a man on its last rank
    may be a promoted pawn, a king may have castled, a rook on its first
    rank may have castled, so none of these is ever frozen, and a frozen
    set needs pawns on their starting rank to begin with.  Frozen.v lifts
    these limits (the greatest set closed under exits, which include the
    squares a promoted man or a castled king or rook came from); this rule
    stays as part of [alive], which the depth-bounded search of Search.v
    uses.

    ** Why it is sound

    A set [X] of squares is [justified] on a board when each of its squares
    is occupied and is a seed or satisfies [may_freeze] with all its exits
    in [X]; [frozen b] is justified on [b] ([frozen_justified]).  If [X] is
    justified on the board of [P] and [legal_move Q m P] (with [Q]
    satisfying the invariants of Invariants.v), then [m] neither leaves,
    arrives on, nor captures on any square of [X] ([step_keeps]):

    - leaving a square, or taking en passant, empties it, but the squares
      of [X] are occupied after the move;
    - a man arriving on [s] from [f] comes from an exit of [s] (pawn step or
      capture, knight), which the move empties; a double step or a slider
      passes over the exit of [s] on its way, which is empty before the
      move and untouched by it;
    - no pawn arrives on its second rank (pawns never stand on the first
      rank, Invariants.v), promoted men arrive on the last rank, castling
      moves a king and a rook to its first rank.

    So the board of [Q] agrees with [P]'s on [X], and [X] is justified on
    [Q] too.  By induction over the game, every square of [X] holds in a
    game position what it holds in the initial position ([justified_game]).

    Axioms: those of Invariants.v (the specification of primitive integers
    [Uint63.eqb_correct], [Uint63.eqb_refl], [Uint63.ltb_spec],
    [Uint63.of_to_Z]) and, for the boolean array, [PArray.get_set_same],
    [PArray.get_set_other] and [PArray.length_set]; the geometric facts
    (which squares a man arriving somewhere comes from) are checked by
    computation over the 64 squares. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck Reachable Invariants.
Import ListNotations.
Open Scope uint63_scope.

(** ** The rule *)

(** Pawns on their starting rank: frozen from the start. *)
Definition seed (c : color) (r : role) (s : int) : bool :=
  match r with Pawn => relative_rank c s =? 1 | _ => false end.

(** Men that may be frozen by their exits: not on their last rank (a
    promoted man may come from a pawn there), not a king (castling), not a
    rook on its first rank (castling). *)
Definition may_freeze (c : color) (r : role) (s : int) : bool :=
  negb (relative_rank c s =? 7) &&&
  match r with King => false | Rook => negb (relative_rank c s =? 0) | _ => true end.

Definition first_square (l : list int) : list int :=
  match l with e :: _ => [e] | [] => [] end.

(** Where a man of colour [c] and role [r] arriving on [s] came from or
    passed through (kings: never frozen, no exits). *)
Definition exits (c : color) (r : role) (s : int) : list int :=
  match r with
  | Pawn => let e := pawn_step (opp c) s in
            (if on_board e then [e] else []) ++ pawn_attacks (opp c) s
  | Knight => knight_targets.[s]
  | King => []
  | _ => flat_map (fun d => first_square (ray d s)) (slider_dirs r)
  end.

(** ** The computation

    The set is a boolean array indexed by squares.  A first pass over the
    64 squares puts the seeds in the set and lists the other men that may
    freeze ([may_freeze]), with their exits (read from a table); then each
    round goes through the men still listed, adds those whose exits are
    all in the set, and keeps the others for the next round.  The rounds
    stop when one adds nothing (or after 64 rounds, which cannot happen
    before the set is complete: every round but the last adds a man). *)

(** [exits c r s] for the man [p = MkPiece c r], at [64 * cell_of_piece p + s]. *)
Definition exit_table : array (list int) := Eval vm_compute in
  fold_left (fun t p => fold_left (fun t s =>
      t.[64 * cell_of_piece p + s <- exits (piece_color p) (piece_role p) s]) all_squares t)
    all_pieces (PArray.make 1024 []).

Definition exits_of (c : color) (r : role) (s : int) : list int :=
  exit_table.[64 * cell_of_piece (MkPiece c r) + s].

(** All the squares [l] are in the set [F]. *)
Fixpoint all_in (F : array bool) (l : list int) : bool :=
  match l with [] => true | e :: l' => F.[e] &&& all_in F l' end.

(** Men waiting to freeze: their squares and exits. *)
Definition waiting : Type := list (int * list int).

(** The first pass, one square. *)
Definition scan (b : board_fn) (acc : array bool * waiting) (s : int) : array bool * waiting :=
  let '(F, ws) := acc in
  match b s with
  | None => acc
  | Some (MkPiece c r) =>
      if seed c r s then (F.[s <- true], ws)
      else if may_freeze c r s then (F, (s, exits_of c r s) :: ws)
      else acc
  end.

(** One waiting man in a round: the set, the men still waiting, and
    whether the round added a square. *)
Definition try_freeze (acc : array bool * waiting * bool) (w : int * list int) :
    array bool * waiting * bool :=
  let '(F, ws, grown) := acc in
  let '(s, es) := w in
  if all_in F es then (F.[s <- true], ws, true) else (F, w :: ws, grown).

Fixpoint rounds (fuel : nat) (F : array bool) (ws : waiting) : array bool :=
  match fuel with
  | O => F
  | S n => let '(F', ws', grown) := fold_left try_freeze ws (F, [], false) in
           if grown then rounds n F' ws' else F'
  end.

Definition no_squares : array bool := Eval vm_compute in PArray.make 64 false.

Definition frozen_set (b : board_fn) : array bool :=
  let '(F, ws) := fold_left (scan b) all_squares (no_squares, []) in rounds 64 F ws.

(** The squares of a set, a1 first. *)
Definition members (F : array bool) : list int := filter (fun s => F.[s]) all_squares.

(** The frozen squares, a1 first. *)
Definition frozen (b : board_fn) : list int := members (frozen_set b).

(** The square [s] of [b] does not hold the man of the initial position. *)
Definition differs (b : board_fn) (s : int) : bool := negb (opiece_eqb (b s) (piece_at initial s)).

Definition stranded (P : position) : bool := existsb (differs (piece_at P)) (frozen (piece_at P)).

(** ** Justified sets of squares *)

Definition justified (b : board_fn) (X : int -> bool) : Prop :=
  forall s, In s all_squares -> X s = true ->
  exists c r, b s = Some (MkPiece c r) /\
    (seed c r s = true \/
     (may_freeze c r s = true /\ forall e, In e (exits c r s) -> X e = true)).

Lemma justified_transfer : forall b b' X, justified b X ->
  (forall s, In s all_squares -> X s = true -> b' s = b s) -> justified b' X.
Proof.
  intros b b' X H E s Hs Hx. destruct (H s Hs Hx) as (c & r & Hb & J).
  exists c, r. rewrite E by assumption. auto.
Qed.

(** ** Geometry, by computation over the 64 squares *)




Lemma exits_in : forall c r s, In s all_squares -> incl (exits c r s) all_squares.
Proof.
  intros c r s Hs. apply sub_squares_incl.
  assert (H : forall c, forallb (fun s => forallb (fun r => sub_squares (exits c r s)) all_roles)
                          all_squares = true) by (intros [|]; vm_compute; reflexivity).
  pose proof (forall_squares _ (H c) s Hs) as H'. cbv beta in H'.
  exact (forallb_in H' (in_all_roles r)).
Qed.

(** A pawn stepping forward comes from an exit of its target. *)
Lemma pawn_step_exit : forall c f, In f all_squares -> In (pawn_step c f) all_squares ->
  In f (exits c Pawn (pawn_step c f)).
Proof.
  intros c f Hf Ht.
  assert (H : forallb (fun f => negb (inb (pawn_step c f) all_squares) |||
                                inb f (exits c Pawn (pawn_step c f)))
                all_squares = true) by (destruct c; vm_compute; reflexivity).
  pose proof (forall_squares _ H f Hf) as H'. cbv beta in H'.
  rewrite (in_inb _ _ Ht) in H'. apply inb_in, H'.
Qed.

(** A double step passes over an exit of its target, which is neither its
    origin nor its target, and does not end on the second rank. *)
Lemma pawn_double_exit : forall c f, In f all_squares -> (relative_rank c f =? 1) = true ->
  let e := pawn_step c f in let t := pawn_step c e in
  In e (exits c Pawn t) /\ e <> t /\ e <> f /\ (relative_rank c t =? 1) = false.
Proof.
  intros c f Hf Hr e t.
  assert (H : forallb (fun f => negb (relative_rank c f =? 1) |||
                 (let e := pawn_step c f in let t := pawn_step c e in
                  inb e (exits c Pawn t) &&& negb (e =? t) &&& negb (e =? f) &&&
                  negb (relative_rank c t =? 1))) all_squares = true)
    by (destruct c; vm_compute; reflexivity).
  pose proof (forall_squares _ H f Hf) as H'. cbv beta zeta in H'.
  rewrite Hr in H'. cbn [negb] in H'.
  fold e t in H'. split_lazy.
  split; [apply inb_in; assumption|].
  split; [apply eqb_false_neq, negb_true_iff; assumption|].
  split; [apply eqb_false_neq, negb_true_iff; assumption|].
  apply negb_true_iff; assumption.
Qed.

(** A pawn capturing comes from an exit of its target. *)
Lemma pawn_capture_exit : forall c f t, In f all_squares -> In t (pawn_attacks c f) ->
  In f (exits c Pawn t).
Proof.
  intros c f t Hf Ht.
  assert (H : forallb (fun f => forallb (fun t => inb f (exits c Pawn t)) (pawn_attacks c f))
                all_squares = true) by (destruct c; vm_compute; reflexivity).
  pose proof (forall_squares _ H f Hf) as H'. cbv beta in H'.
  apply inb_in, (forallb_in H' Ht).
Qed.

(** A pawn off the first and last ranks does not step or capture onto its
    second rank. *)
Lemma pawn_not_seed : forall c f, In f all_squares -> rank_ok f = true ->
  (In (pawn_step c f) all_squares -> (relative_rank c (pawn_step c f) =? 1) = false) /\
  (forall t, In t (pawn_attacks c f) -> (relative_rank c t =? 1) = false).
Proof.
  intros c f Hf Hr.
  assert (H : forallb (fun f => negb (rank_ok f) |||
                 ((negb (inb (pawn_step c f) all_squares) |||
                   negb (relative_rank c (pawn_step c f) =? 1)) &&&
                  forallb (fun t => negb (relative_rank c t =? 1)) (pawn_attacks c f)))
                all_squares = true)
    by (destruct c; vm_compute; reflexivity).
  pose proof (forall_squares _ H f Hf) as H'. cbv beta in H'.
  rewrite Hr in H'. cbn [negb] in H'. split_lazy.
  split.
  - intros Ht. rewrite (in_inb _ _ Ht) in *. cbn [negb] in *. apply negb_true_iff; assumption.
  - intros t Ht. match goal with E : forallb _ _ = true |- _ => forallb_at E Ht end.
    apply negb_true_iff; assumption.
Qed.

(** A knight comes from an exit of its target. *)
Lemma knight_exit : forall c f t, In f all_squares -> In t knight_targets.[f] ->
  In f (exits c Knight t).
Proof.
  intros c f t Hf Ht.
  assert (H : forallb (fun f => forallb (fun t => inb f knight_targets.[t]) knight_targets.[f])
                all_squares = true) by (vm_compute; reflexivity).
  pose proof (forall_squares _ H f Hf) as H'. cbv beta in H'.
  apply inb_in, (forallb_in H' Ht).
Qed.

(** Walking along a ray from [prev], each square's predecessor on the walk
    is one of its exits (and not the square itself). *)
Fixpoint back_chain (c : color) (r : role) (prev : int) (l : list int) : bool :=
  match l with
  | [] => true
  | x :: l' => inb prev (exits c r x) &&& negb (prev =? x) &&& back_chain c r x l'
  end.

Lemma back_chain_rays : forall c r d f, In f all_squares -> In d (slider_dirs r) ->
  back_chain c r f (ray d f) = true.
Proof.
  intros c r d f Hf Hd.
  assert (H : forall c, forallb (fun f => forallb (fun r =>
                  forallb (fun d => back_chain c r f (ray d f)) (slider_dirs r)) all_roles)
                  all_squares = true) by (intros [|]; vm_compute; reflexivity).
  pose proof (forall_squares _ (H c) f Hf) as H'. cbv beta in H'. forallb_at H' (in_all_roles r).
  exact (forallb_in H' Hd).
Qed.

Lemma back_chain_reaches : forall b c r l prev t, back_chain c r prev l = true ->
  reaches b l t = true ->
  exists e, In e (exits c r t) /\ e <> t /\ (e = prev \/ b e = None).
Proof.
  intros b c r l; induction l as [|x l IH]; simpl; intros prev t Hc Hr; [discriminate|].
  split_lazy.
  destruct (x =? t) eqn:Ex.
  - apply eqb_true in Ex. subst x. exists prev. split; [apply inb_in; assumption|].
    split; [apply eqb_false_neq, negb_true_iff; assumption | left; reflexivity].
  - destruct (b x) eqn:Bx; [discriminate|].
    destruct (IH x t ltac:(assumption) Hr) as (e & He & Het & [->|Hb]).
    + exists x. auto.
    + exists e. auto.
Qed.

(** A slider's path onto its target crosses an exit of the target: its
    origin or an empty square. *)
Lemma slider_exit : forall b c r f t, In f all_squares ->
  (exists d, In d (slider_dirs r) /\ reaches b (ray d f) t = true) ->
  exists e, In e (exits c r t) /\ e <> t /\ (e = f \/ b e = None).
Proof.
  intros b c r f t Hf (d & Hd & Hr).
  apply (back_chain_reaches b c r (ray d f) f t); [apply back_chain_rays|]; assumption.
Qed.

Lemma castle_rook_to_first : forall c side, (relative_rank c (castle_rook_to c side) =? 0) = true.
Proof. intros [|] [|]; reflexivity. Qed.

(** ** A legal move does not touch a justified set *)

Section Step.

Context (Q P : position) (m : move) (X : int -> bool).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (HX : justified (piece_at P) X).

Let b := piece_at Q.
Let b' := piece_at P.

Lemma occupied : forall e, In e all_squares -> X e = true -> b' e <> None.
Proof.
  intros e He Hx. destruct (HX e He Hx) as (c & r & Hb & _). unfold b'. rewrite Hb. discriminate.
Qed.

(** An exit of a square of [X] that the move leaves empty is a contradiction. *)
Lemma empty_exit : forall t c r e, In t all_squares -> X t = true ->
  b' t = Some (MkPiece c r) -> seed c r t = false ->
  In e (exits c r t) -> b' e = None -> False.
Proof.
  intros t c r e Ht Hx Hb Hs He Hn.
  destruct (HX t Ht Hx) as (c' & r' & Hb' & [Hs'|(_ & Hex)]);
    fold b' in Hb'; rewrite Hb in Hb'; injection Hb' as <- <-; [congruence|].
  apply (occupied e); auto. apply (exits_in c r t); assumption.
Qed.

(** No man arrives on a square of [X]. *)
Lemma no_arrival : forall t c r, In t all_squares -> X t = true ->
  b' t = Some (MkPiece c r) -> seed c r t = false -> may_freeze c r t = false -> False.
Proof.
  intros t c r Ht Hx Hb Hs Hm.
  destruct (HX t Ht Hx) as (c' & r' & Hb' & [Hs'|(Hm' & _)]);
    fold b' in Hb'; rewrite Hb in Hb'; injection Hb' as <- <-; congruence.
Qed.

Lemma seed_pawn : forall c r s, r <> Pawn -> seed c r s = false.
Proof. intros c [] s H; try reflexivity. congruence. Qed.

Lemma king_not_freeze : forall c s, may_freeze c King s = false.
Proof. intros c s. unfold may_freeze. destruct (relative_rank c s =? 7); reflexivity. Qed.

Lemma rook_not_freeze : forall c s, (relative_rank c s =? 0) = true -> may_freeze c Rook s = false.
Proof.
  intros c s H. unfold may_freeze. rewrite H. destruct (relative_rank c s =? 7); reflexivity.
Qed.

Lemma last_not_freeze : forall c r s, (relative_rank c s =? 7) = true -> may_freeze c r s = false.
Proof. intros c r s H. unfold may_freeze. rewrite H. reflexivity. Qed.

(** A normal move of a man [r] from [f] to [t]. *)
Lemma normal_arrival : forall f t us r,
  In f all_squares -> In t all_squares -> X t = true ->
  b f = Some (MkPiece us r) -> man_moves b us r f t ->
  b' f = None -> b' t = Some (MkPiece us r) ->
  (forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s) -> False.
Proof.
  intros f t us r Hf Ht Hx Hbf Hmm Hb'f Hb't Hsame.
  assert (Hempty : forall e, In e all_squares -> e <> t -> (e = f \/ b e = None) -> b' e = None).
  { intros e He Het [->|Hn]; [exact Hb'f|].
    destruct (Uint63.eqs e f) as [->|Hef]; [exact Hb'f|]. rewrite Hsame; auto. }
  assert (Hslider : forall r', r' <> Pawn ->
            (exists d, In d (slider_dirs r') /\ reaches b (ray d f) t = true) ->
            b' t = Some (MkPiece us r') -> False).
  { intros r' Hr Hm Hb. destruct (slider_exit b us r' f t Hf Hm) as (e & He & Het & Hfe).
    apply (empty_exit t us r' e Ht Hx Hb (seed_pawn us r' t Hr) He).
    apply Hempty; auto. apply (exits_in us r' t Ht), He. }
  destruct r.
  - (* pawn *)
    assert (Hrf : rank_ok f = true) by (apply (pawns_ok_inv Q HQ f us); assumption).
    destruct (pawn_not_seed us f Hf Hrf) as [NS1 NS2].
    destruct Hmm as [(Et & _)|[(Er & Et & Hbe & _)|(Et & _)]].
    + apply eqb_true in Et. subst t.
      apply (empty_exit _ us Pawn f Ht Hx Hb't (NS1 Ht)); [apply pawn_step_exit|]; assumption.
    + apply eqb_true in Et. subst t.
      destruct (pawn_double_exit us f Hf Er) as (He & Het & Hef & Hs).
      apply (empty_exit _ us Pawn _ Ht Hx Hb't Hs He).
      apply Hempty; auto. apply (exits_in us Pawn _ Ht), He.
    + apply inb_in in Et.
      apply (empty_exit _ us Pawn f Ht Hx Hb't (NS2 t Et)); [apply pawn_capture_exit|]; assumption.
  - (* knight *)
    apply inb_in in Hmm.
    apply (empty_exit _ us Knight f Ht Hx Hb't (seed_pawn us Knight t ltac:(discriminate)));
      [|exact Hb'f].
    apply knight_exit; assumption.
  - apply (Hslider Bishop); [discriminate | exact Hmm | exact Hb't].
  - apply (Hslider Rook); [discriminate | exact Hmm | exact Hb't].
  - apply (Hslider Queen); [discriminate | exact Hmm | exact Hb't].
  - exact (no_arrival t us King Ht Hx Hb't eq_refl (king_not_freeze us t)).
Qed.

Theorem step_keeps : forall s, In s all_squares -> X s = true -> piece_at Q s = piece_at P s.
Proof.
  intros s Hs Hx. fold b b'.
  pose proof (occupied s Hs Hx) as Ho.
  pose proof (ep_inv_of Q HQ) as Hep.
  pose proof Hl as (Hps & _). unfold pseudo_legal in Hps. destruct Hps as (_ & _ & Hps).
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  fold b b' in Hk, Hps. set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - clear Hr7 Hft.
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst].
    + exfalso. apply (normal_arrival f t us r); assumption.
    + symmetry. apply Hsame; assumption.
  - clear Htg Hft.
    destruct Hps as (_ & _ & _ & _ & H7 & _).
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst].
    + exfalso. apply (no_arrival t us r Ht Hx Hb't).
      * apply seed_pawn. intros ->. simpl in Hr. intuition discriminate.
      * apply last_not_freeze, H7.
    + symmetry. apply Hsame; assumption.
  - destruct Hps as (_ & _ & _ & Hatt & _).
    clear Hrt Hbt Hbv Hft Hfv Htv.
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s (ep_victim us t)) as [->|Hsv]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst].
    + exfalso. apply inb_in in Hatt.
      assert (Hrf : rank_ok f = true) by (apply (pawns_ok_inv Q HQ f us); assumption).
      apply (empty_exit t us Pawn f Ht Hx Hb't (proj2 (pawn_not_seed us f Hf Hrf) t Hatt));
        [apply pawn_capture_exit|]; assumption.
    + symmetry. apply Hsame; assumption.
  - clear Hfk Htk Hcr Hbf Hbr Hbt Hbrt Hnd Hincl.
    destruct (in_dec Uint63.eqs s [f; t; castle_rook_from us side; castle_rook_to us side])
      as [Hin|Hn].
    + exfalso. simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; try congruence.
      * exact (no_arrival _ us King Ht Hx Hb't eq_refl (king_not_freeze us _)).
      * exact (no_arrival _ us Rook Hs Hx Hb'rt eq_refl
                 (rook_not_freeze us _ (castle_rook_to_first us side))).
    + symmetry. apply Hsame; assumption.
Qed.

End Step.

(** ** Games *)

Theorem justified_game : forall h G, game h G -> forall X, justified (piece_at G) X ->
  forall s, In s all_squares -> X s = true -> piece_at G s = piece_at initial s.
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst]; intros X HX s Hs Hx; [reflexivity|].
  destruct Hst as (Hl & _). apply legal_move_iff in Hl.
  pose proof (inv_game h G Hg) as Hi.
  assert (E : forall s, In s all_squares -> X s = true -> piece_at G s = piece_at G' s)
    by exact (step_keeps G G' m X Hl Hi HX).
  rewrite <- E by assumption.
  apply (IH X); [|assumption|assumption].
  apply (justified_transfer (piece_at G')); [exact HX|].
  intros x Hx' HXx. apply E; assumption.
Qed.

(** ** The computed set is justified *)

Definition good (b : board_fn) (F : array bool) : Prop :=
  PArray.length F = 64 /\ justified b (fun s => F.[s]).

(** The waiting men are men of [b] that may freeze, with their exits. *)
Definition waiting_ok (b : board_fn) (ws : waiting) : Prop :=
  forall s es, In (s, es) ws -> In s all_squares /\
    exists c r, b s = Some (MkPiece c r) /\ may_freeze c r s = true /\ es = exits c r s.

Lemma exit_table_all :
  map (fun p => map (fun s => exit_table.[64 * cell_of_piece p + s]) all_squares) all_pieces =
  map (fun p => map (exits (piece_color p) (piece_role p)) all_squares) all_pieces.
Proof. vm_compute. reflexivity. Qed.

Lemma in_all_pieces : forall c r, In (MkPiece c r) all_pieces.
Proof. intros [|] []; simpl; tauto. Qed.

Lemma exits_of_spec : forall c r s, In s all_squares -> exits_of c r s = exits c r s.
Proof.
  intros c r s Hs. unfold exits_of.
  pose proof (map_eq_in exit_table_all (in_all_pieces c r)) as E'. cbv beta in E'.
  exact (map_eq_in E' Hs).
Qed.


Lemma set_mono : forall (F : array bool) i j, (i <? PArray.length F) = true ->
  F.[j] = true -> F.[i <- true].[j] = true.
Proof.
  intros F i j Hi Hj. destruct (Uint63.eqs i j) as [->|Hij].
  - apply PArray.get_set_same, Hi.
  - rewrite PArray.get_set_other by exact Hij. exact Hj.
Qed.

Lemma all_in_spec : forall F l, all_in F l = true -> forall e, In e l -> F.[e] = true.
Proof.
  intros F l; induction l as [|x l IH]; simpl; intros H e He; [contradiction|].
  destruct (F.[x]) eqn:Fx; [|discriminate]. destruct He as [<-|He]; auto.
Qed.

(** Adding a square [s] that is a seed, or may freeze with its exits in
    the set, keeps the set justified. *)
Lemma add_good : forall b F s c r, good b F -> In s all_squares -> b s = Some (MkPiece c r) ->
  (seed c r s = true \/ (may_freeze c r s = true /\ forall e, In e (exits c r s) -> F.[e] = true)) ->
  good b F.[s <- true].
Proof.
  intros b F s c r (Hlen & HJ) Hs Hb Hj.
  assert (Hlt : (s <? PArray.length F) = true) by (rewrite Hlen; apply in_lt64, Hs).
  split; [rewrite PArray.length_set; exact Hlen|].
  intros x Hx HFx. destruct (Uint63.eqs x s) as [->|Hxs].
  - exists c, r. split; [exact Hb|].
    destruct Hj as [J|(J1 & J2)]; [left; exact J|right].
    split; [exact J1|]. intros e He. apply set_mono; [exact Hlt | apply J2, He].
  - rewrite PArray.get_set_other in HFx by (intros E; apply Hxs; symmetry; exact E).
    destruct (HJ x Hx HFx) as (c' & r' & Hb' & J). exists c', r'. split; [exact Hb'|].
    destruct J as [J|(J1 & J2)]; [left; exact J|right]. split; [exact J1|].
    intros e He. apply set_mono; [exact Hlt|]. apply J2, He.
Qed.

Lemma scan_good : forall b l acc, incl l all_squares -> good b (fst acc) -> waiting_ok b (snd acc) ->
  good b (fst (fold_left (scan b) l acc)) /\ waiting_ok b (snd (fold_left (scan b) l acc)).
Proof.
  intros b l; induction l as [|s l IH]; simpl; intros [F ws] Hl HF Hw; [split; assumption|].
  cbn [fst snd] in HF, Hw.
  assert (Hs : In s all_squares) by (apply Hl; left; reflexivity).
  apply IH; [intros x Hx; apply Hl; right; exact Hx| |]; unfold scan;
    destruct (b s) as [[c r]|] eqn:Bs; try assumption;
    destruct (seed c r s) eqn:Sd; try (destruct (may_freeze c r s) eqn:Mf); cbn [fst snd];
    try assumption.
  - apply (add_good b F s c r HF Hs Bs). left; exact Sd.
  - apply (add_good b F s c r HF Hs Bs). left; exact Sd.
  - intros x es [E|Hx]; [|apply Hw, Hx].
    injection E as <- <-. split; [exact Hs|]. exists c, r. split; [exact Bs|].
    split; [exact Mf | apply exits_of_spec, Hs].
Qed.

Lemma round_good : forall b ws acc, waiting_ok b ws ->
  good b (fst (fst acc)) -> waiting_ok b (snd (fst acc)) ->
  let acc' := fold_left try_freeze ws acc in
  good b (fst (fst acc')) /\ waiting_ok b (snd (fst acc')).
Proof.
  intros b ws; induction ws as [|[s es] ws IH]; simpl; intros [[F rest] g] Hws HF Hr;
    [split; assumption|].
  cbn [fst snd] in HF, Hr.
  destruct (Hws s es (or_introl eq_refl)) as (Hs & c & r & Bs & Mf & ->).
  apply IH; [intros x e Hx; apply Hws; right; exact Hx| |]; unfold try_freeze;
    destruct (all_in F (exits c r s)) eqn:Ha; cbn [fst snd]; try assumption.
  - apply (add_good b F s c r HF Hs Bs). right. split; [exact Mf|]. apply all_in_spec, Ha.
  - intros x e [E|Hx]; [|apply Hr, Hx].
    injection E as <- <-. split; [exact Hs|]. exists c, r. auto.
Qed.

Lemma rounds_good : forall n b F ws, good b F -> waiting_ok b ws -> good b (rounds n F ws).
Proof.
  induction n as [|n IH]; intros b F ws HF Hw; cbn [rounds]; [exact HF|].
  pose proof (round_good b ws (F, [], false) Hw HF (fun s es H => match H with end)) as H'.
  cbv zeta in H'.
  destruct (fold_left try_freeze ws (F, [], false)) as [[F' ws'] g]. cbn [fst snd] in H'.
  destruct H' as [HF' Hw']. destruct g; [apply (IH b)|]; assumption.
Qed.

Lemma no_squares_false : forall s, In s all_squares -> no_squares.[s] = false.
Proof.
  intros s Hs. apply negb_true_iff. revert s Hs. apply forall_squares. vm_compute. reflexivity.
Qed.

Lemma no_squares_good : forall b, good b no_squares.
Proof.
  intros b. split; [reflexivity|]. intros s Hs H. rewrite no_squares_false in H by exact Hs.
  discriminate.
Qed.

Lemma frozen_set_good : forall b, good b (frozen_set b).
Proof.
  intros b. unfold frozen_set.
  pose proof (scan_good b all_squares (no_squares, []) (fun x Hx => Hx) (no_squares_good b)
                (fun s es H => match H with end)) as H.
  destruct (fold_left (scan b) all_squares (no_squares, [])) as [F ws]. cbn [fst snd] in H.
  destruct H as [HF Hw]. apply rounds_good; assumption.
Qed.

Lemma members_spec : forall F s, In s (members F) <-> In s all_squares /\ F.[s] = true.
Proof. intros F s. unfold members. apply filter_In. Qed.

Theorem frozen_justified : forall b, justified b (fun s => inb s (frozen b)).
Proof.
  intros b. destruct (frozen_set_good b) as (_ & H). unfold frozen.
  revert H. generalize (frozen_set b) as F. intros F H.
  assert (Hm : forall s, inb s (members F) = true <-> In s all_squares /\ F.[s] = true).
  { intros s. rewrite <- members_spec. split; [apply inb_in | apply in_inb]. }
  intros s Hs Hi. apply Hm in Hi. destruct (H s Hs (proj2 Hi)) as (c & r & Hb & J).
  exists c, r. split; [exact Hb|]. destruct J as [J|(J1 & J2)]; [left; exact J|right].
  split; [exact J1|]. intros e He. apply Hm. split; [|apply J2, He].
  apply (exits_in c r s Hs), He.
Qed.

(** ** Stranded positions are unreachable *)

(** Unfold [stranded] and [frozen] first when comparing them with their
    bodies (otherwise the kernel's conversion may start evaluating
    [frozen] on an unknown board, which does not finish). *)
Local Strategy expand [stranded frozen].

Lemma stranded_true : forall P, stranded P = true ->
  exists s, In s (frozen (piece_at P)) /\ differs (piece_at P) s = true.
Proof. intros P E. apply existsb_exists in E. exact E. Qed.

Theorem stranded_game : forall h G P, game h G -> realizes G P -> stranded P = false.
Proof.
  intros h G P Hg (Hb & _).
  destruct (stranded P) eqn:E; [|reflexivity]. exfalso.
  destruct (stranded_true P E) as (s & Hs & Hd).
  pose proof (frozen_justified (piece_at P)) as HJ.
  assert (Hsq : In s all_squares) by (apply members_spec in Hs; tauto).
  assert (HJG : justified (piece_at G) (fun s => inb s (frozen (piece_at P)))).
  { apply (justified_transfer (piece_at P)); [exact HJ|]. intros x Hx _. symmetry. apply Hb, Hx. }
  pose proof (justified_game h G Hg _ HJG s Hsq (in_inb _ _ Hs)) as Hi.
  unfold differs in Hd. rewrite Hb, Hi in Hd by exact Hsq.
  apply negb_true_iff in Hd. rewrite (proj2 (opiece_eqb_eq _ _) eq_refl) in Hd. discriminate.
Qed.

Corollary stranded_sound : forall P, stranded P = true -> ~ reachable P.
Proof.
  intros P H (h & G & Hg & Hr). rewrite (stranded_game h G P Hg Hr) in H. discriminate.
Qed.
