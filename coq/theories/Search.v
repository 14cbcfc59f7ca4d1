(** * Search: retrograde search by reflection.

    Headline theorems (each takes completeness of the retraction generator
    as its first argument, [retractions_complete]; Retro.v discharges it
    with Completeness.v and states them without it):

    - [dead_sound]: [dead n P = true -> ~ reachable P].
      [dead n P] explores every retraction sequence of length [n] from [P],
      pruning predecessors that fail the invariants ([inv], Invariants.v)
      or strand a man ([stranded], Stranded.v): [alive];
      it is true when every sequence dies (no retraction, or a predecessor
      is not [alive]) before [n] plies and no position met could be the
      initial one.
    - [last_ok_sound]: if [last_ok strict extra ns P = true] then every game
      reaching [P] ends with the plies [rev ns] (if [strict], every such
      game has at least [length ns] plies; otherwise a shorter game has
      its plies among the last ones of [rev ns]).
      [last_ok] checks that every retraction sequence of length
      [length ns] whose positions are [alive] starts with [ns] (most recent
      first), every deviating branch being [dead].
    - [retract_step]: one retraction of a game, for the tactics (Tactics.v).

    Plies are named as in Notation.v ([b3c3xp], [b4c3ep], [c2c4], ...): the
    name of the ply [(G, m)] of a game is that of the retraction taking
    [m] back from the position after it, [ply_string G m].

    Completeness, as the search needs it ([retractions_complete]): the last
    ply of any game reaching a well-formed problem [P] is among the
    retractions of [P], with a predecessor realized by the position of the
    game before that ply.  Problems are well formed ([wf]) when their
    board has the 64 cells of a FEN board; the checkers test it at every
    node (it is cheap), so nothing here depends on it being preserved. *)

From Coq Require Import Uint63 PArray List Bool String.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts RulesCheck Retract Notation Reachable Invariants Stranded.
Import ListNotations.
Open Scope uint63_scope.
Open Scope list_scope.

(** ** Problems the search handles *)

(** Cells of a FEN board: empty, or a man. *)
Definition valid_cell (x : int) : bool := inb x [0; 1; 2; 3; 4; 5; 6; 9; 10; 11; 12; 13; 14].

Definition wf (P : position) : bool :=
  (PArray.length (board P) =? 64) &&& forallb (fun s => valid_cell (board P).[s]) all_squares.

(** [P] could be the initial position (rights are assertions, so any). *)
Definition may_be_initial (P : position) : bool :=
  forallb (fun s => opiece_eqb (piece_at P s) (piece_at initial s)) all_squares &&&
  color_eqb (turn P) White &&& is_none (ep_square P).

Lemma realizes_initial : forall P, realizes initial P -> may_be_initial P = true.
Proof.
  intros P (Hb & Ht & _ & He). unfold may_be_initial.
  assert (E1 : forallb (fun s => opiece_eqb (piece_at P s) (piece_at initial s)) all_squares = true).
  { apply forallb_forall. intros s Hs. apply opiece_eqb_eq. apply Hb, Hs. }
  rewrite E1, Ht. simpl.
  destruct (ep_square P) as [e|]; [|reflexivity].
  specialize (He e eq_refl). discriminate He.
Qed.

(** ** Positions the search keeps

    [alive P]: [P] passes the invariants of Invariants.v and strands no man
    (Stranded.v); every position a game reaches is alive. *)
Definition alive (P : position) : bool := inv P &&& negb (stranded P).

Lemma alive_game : forall h G P, game h G -> realizes G P -> alive P = true.
Proof.
  intros h G P Hg Hr. unfold alive.
  rewrite (inv_realizes G P Hr (inv_game h G Hg)), (stranded_game h G P Hg Hr). reflexivity.
Qed.

(** ** Plies *)

(** The man a move takes, read on the position before it. *)
Definition captured (G : position) (m : move) : option role :=
  match mv_kind m with
  | Normal | Promotion => match piece_at G (mv_to m) with Some p => Some (piece_role p) | None => None end
  | EnPassant => Some Pawn
  | Castle => None
  end.

(** The retraction taking back the ply [(G, m)]. *)
Definition ply_of (G : position) (m : move) : retraction := Retraction m (captured G m).

Definition ply_string (G : position) (m : move) : string :=
  retraction_to_string (opp (turn G)) (ply_of G m).

(** The names of a history's plies, oldest first. *)
Definition plies (h : list (position * move)) : list string :=
  map (fun Gm => ply_string (fst Gm) (snd Gm)) h.

Lemma plies_app : forall h h', plies (h ++ h') = plies h ++ plies h'.
Proof. intros; apply map_app. Qed.

(** ** Completeness, the form the search uses *)

Definition retractions_complete : Prop :=
  forall h G m G' P, game h G -> game_step G m G' -> realizes G' P -> wf P = true ->
  exists Q, In (ply_of G m, Q) (retractions P) /\ realizes G Q.

(** A game reaching [P] is empty, or ends with a retraction of [P]. *)
Lemma game_last : forall h G P, game h G -> realizes G P ->
  (h = [] /\ G = initial) \/
  exists h' G0 m, h = h' ++ [(G0, m)] /\ game h' G0 /\ game_step G0 m G.
Proof.
  intros h G P Hg _. destruct Hg as [|h' G0 m G1 Hg Hs]; [left; auto|].
  right. exists h', G0, m. auto.
Qed.

Theorem retract_step : retractions_complete -> forall h G P,
  game h G -> realizes G P -> wf P = true ->
  (h = [] /\ may_be_initial P = true) \/
  exists h' G0 r Q, h = h' ++ [(G0, rt_move r)] /\ In (r, Q) (retractions P) /\
    game h' G0 /\ realizes G0 Q /\ inv Q = true /\
    ply_string G0 (rt_move r) = retraction_to_string (turn P) r.
Proof.
  intros Hc h G P Hg Hr Hw.
  destruct (game_last h G P Hg Hr) as [[-> ->]|(h' & G0 & m & -> & Hg' & Hs)].
  - left. split; [reflexivity|]. apply realizes_initial, Hr.
  - right. destruct (Hc h' G0 m G P Hg' Hs Hr Hw) as (Q & Hin & HrQ).
    exists h', G0, (ply_of G0 m), Q.
    split; [reflexivity|]. split; [exact Hin|]. split; [exact Hg'|]. split; [exact HrQ|].
    split; [exact (inv_realizes G0 Q HrQ (inv_game h' G0 Hg'))|].
    unfold ply_string. f_equal.
      destruct Hr as (_ & Ht & _). destruct Hs as ((_ & Ht' & _) & _).
      rewrite Ht, Ht'. reflexivity.
Qed.

(** ** Illegal positions *)

Fixpoint dead (n : nat) (P : position) : bool :=
  negb (alive P) |||
  match n with
  | O => false
  | S n' => wf P &&& negb (may_be_initial P) &&& forallb (fun rq => dead n' (snd rq)) (retractions P)
  end.

Lemma dead_alive : forall n P, alive P = true ->
  dead n P = match n with
             | O => false
             | S n' => wf P &&& negb (may_be_initial P) &&& forallb (fun rq => dead n' (snd rq)) (retractions P)
             end.
Proof. intros [|n] P Hi; cbn [dead]; rewrite Hi; reflexivity. Qed.

Theorem dead_sound : retractions_complete -> forall n P, dead n P = true -> ~ reachable P.
Proof.
  intros Hc n; induction n as [|n IH]; intros P H (h & G & Hg & Hr);
    pose proof (alive_game h G P Hg Hr) as Hi; rewrite (dead_alive _ P Hi) in H;
    [discriminate|].
  split_lazy.
  destruct (retract_step Hc h G P Hg Hr ltac:(assumption)) as [[_ Hini]|(h' & G0 & r & Q & _ & Hin & Hg' & HrQ & _)].
  - match goal with E : negb (may_be_initial P) = true |- _ => rewrite Hini in E; discriminate end.
  - apply (IH Q (forallb_in H Hin)). exists h', G0. auto.
Qed.

(** ** Last moves *)

(** [ns]: ply names, most recent first; a branch leaving [ns] must be
    [dead] within the plies of [ns] left plus [extra]: with [extra > 0],
    sequences longer than [ns] decide the last plies. *)
Fixpoint last_ok (strict : bool) (extra : nat) (ns : list string) (P : position) : bool :=
  negb (alive P) |||
  match ns with
  | [] => true
  | x :: ns' =>
    wf P &&& (negb strict ||| negb (may_be_initial P)) &&&
    forallb (fun rq =>
      if String.eqb (retraction_to_string (turn P) (fst rq)) x then last_ok strict extra ns' (snd rq)
      else dead (List.length ns' + extra) (snd rq))
      (retractions P)
  end.

Lemma last_ok_alive : forall strict extra x ns P, alive P = true ->
  last_ok strict extra (x :: ns) P =
    wf P &&& (negb strict ||| negb (may_be_initial P)) &&&
    forallb (fun rq =>
      if String.eqb (retraction_to_string (turn P) (fst rq)) x then last_ok strict extra ns (snd rq)
      else dead (List.length ns + extra) (snd rq))
      (retractions P).
Proof. intros strict extra x ns P Hi. cbn [last_ok]. rewrite Hi. reflexivity. Qed.

Theorem last_ok_sound : retractions_complete -> forall strict extra ns P, last_ok strict extra ns P = true ->
  forall h G, game h G -> realizes G P ->
  (exists pre, plies h = pre ++ rev ns) \/
  (strict = false /\ exists pre, rev ns = pre ++ plies h).
Proof.
  intros Hc strict extra ns; induction ns as [|x ns IH]; intros P H h G Hg Hr.
  - left. exists (plies h). rewrite app_nil_r. reflexivity.
  - pose proof (alive_game h G P Hg Hr) as Hi. rewrite (last_ok_alive _ _ _ _ _ Hi) in H.
    split_lazy.
    destruct (retract_step Hc h G P Hg Hr ltac:(assumption))
      as [[-> Hini]|(h' & G0 & r & Q & -> & Hin & Hg' & HrQ & _ & Hname)].
    + right. destruct strict; [|split; [reflexivity|]].
      * match goal with E : (if negb true then true else _) = true |- _ =>
          rewrite Hini in E; discriminate end.
      * exists (rev (x :: ns)). rewrite app_nil_r. reflexivity.
    + forallb_at H Hin. cbn [fst snd] in H.
      destruct (String.eqb (retraction_to_string (turn P) r) x) eqn:Ex.
      * apply String.eqb_eq in Ex.
        rewrite plies_app. change (plies [(G0, rt_move r)]) with [ply_string G0 (rt_move r)].
        change (rev (x :: ns)) with (rev ns ++ [x]). rewrite Hname, Ex.
        destruct (IH Q H h' G0 Hg' HrQ) as [(pre & Epre)|(Hs & pre & Epre)].
        -- left. exists pre. rewrite Epre, <- app_assoc. reflexivity.
        -- right. split; [exact Hs|]. exists pre. rewrite Epre, <- app_assoc. reflexivity.
      * exfalso. apply (dead_sound Hc _ Q H). exists h', G0. auto.
Qed.

(** ** The checkers, on ply names written oldest first *)

(** [P] is illegal: every retraction sequence from [P] dies within [n]
    plies. *)
Definition check_illegal (P : position) (n : nat) : bool := dead n P.

(** The last plies before [P] were [ms] (oldest first), in every game, and
    every game reaching [P] has at least [length ms] plies; deviating
    histories die within [length ms + extra] plies. *)
Definition check_last (P : position) (ms : list string) (extra : nat) : bool :=
  last_ok true extra (rev ms) P.

(** The same, allowing games shorter than [ms]. *)
Definition check_last_upto (P : position) (ms : list string) (extra : nat) : bool :=
  last_ok false extra (rev ms) P.

Theorem check_illegal_sound_from : retractions_complete -> forall P n,
  check_illegal P n = true -> ~ reachable P.
Proof. intros Hc P n. apply dead_sound, Hc. Qed.

Theorem check_last_sound_from : retractions_complete -> forall P ms extra,
  check_last P ms extra = true ->
  forall h G, game h G -> realizes G P -> exists pre, plies h = pre ++ ms.
Proof.
  intros Hc P ms extra H h G Hg Hr.
  destruct (last_ok_sound Hc true extra (rev ms) P H h G Hg Hr) as [(pre & E)|(E & _)]; [|discriminate].
  rewrite rev_involutive in E. eauto.
Qed.

Theorem check_last_upto_sound_from : retractions_complete -> forall P ms extra,
  check_last_upto P ms extra = true ->
  forall h G, game h G -> realizes G P ->
  (exists pre, plies h = pre ++ ms) \/ (exists pre, ms = pre ++ plies h).
Proof.
  intros Hc P ms extra H h G Hg Hr.
  destruct (last_ok_sound Hc false extra (rev ms) P H h G Hg Hr) as [(pre & E)|(_ & pre & E)];
    rewrite rev_involutive in E; eauto.
Qed.
