(** * Reachable: checking games, on top of the specification of Game.v.

    Headline theorem:

    - [check_game_sound : check_game ms P = true -> reachable P]
                      (and [check_uci_game_sound] for moves written in UCI):
                      a move list that replays legally from the initial
                      position to [P] proves [P] legal.  Proof games and
                      PGN checking use this.

    The definitions the statements use ([game], [reachable], [realizes],
    [initial]) are in Game.v, which this module re-exports, so that
    [Require Import Reachable] brings them. *)

From Coq Require Import Uint63 PArray List Bool String.
From RetroProof Require Import Gen.Vocab Board Rules RulesFast Facts RulesCheck Movegen.
From RetroProof Require Export Game.
(** The small lemmas ([eqb_true], [eqb_same], ...) used to live here; they
    are in Facts.v now, re-exported so that importing [Reachable] still
    brings them. *)
From RetroProof Require Export Facts.
Import ListNotations.
Open Scope uint63_scope.

(** ** Deciding a game step and realization *)

Definition oint_eqb (a b : option int) : bool :=
  match a, b with None, None => true | Some x, Some y => x =? y | _, _ => false end.

Lemma oint_eqb_eq : forall a b, oint_eqb a b = true -> a = b.
Proof.
  intros [a|] [b|]; simpl; try discriminate; auto.
  intros H; apply eqb_true in H; subst; reflexivity.
Qed.

Definition game_step_b (G : position) (m : move) (G' : position) : bool :=
  legal_move_b G m G' &&&
  forallb (fun '(c, side) =>
    Bool.eqb (castling_right G' c side) (castling_right G c side && negb (touches m c side)))
    castling_sides &&&
  oint_eqb (ep_square G') (ep_after G m).

Lemma in_castling_sides : forall c side, In (c, side) castling_sides.
Proof. intros [|] [|]; simpl; tauto. Qed.

Theorem game_step_b_sound : forall G m G', game_step_b G m G' = true -> game_step G m G'.
Proof.
  intros G m G' H. unfold game_step_b in H. split_lazy.
  split; [apply legal_move_iff, legal_move_b_sound; assumption|].
  split; [|apply oint_eqb_eq; assumption].
  intros c side.
  match goal with H : forallb _ castling_sides = true |- _ => rewrite forallb_forall in H; rename H into F end.
  specialize (F _ (in_castling_sides c side)). simpl in F.
  apply Bool.eqb_prop in F. exact F.
Qed.

(** [P] and [G] have the same man (or none) on [s]. The cells are
    compared as integers first: equal cells hold the same man, and the test
    is much cheaper than decoding both (a zone cage of 62,543 partial
    boards looked up 958,230 times: 30 s instead of 47 s of [vm_compute];
    BENCHMARKS.md). *)
Definition same_man (G P : position) (s : int) : bool :=
  ((board P).[s] =? (board G).[s]) ||| opiece_eqb (piece_at P s) (piece_at G s).

Lemma same_man_eq : forall G P s, same_man G P s = true -> piece_at P s = piece_at G s.
Proof.
  intros G P s H. unfold same_man in H.
  destruct ((board P).[s] =? (board G).[s]) eqn:E.
  - apply Uint63.eqb_correct in E. unfold piece_at. rewrite E. reflexivity.
  - apply opiece_eqb_eq, H.
Qed.

Definition realizes_b (G P : position) : bool :=
  forallb (same_man G P) all_squares &&&
  color_eqb (turn P) (turn G) &&&
  forallb (fun '(c, side) => negb (castling_right P c side) ||| castling_right G c side) castling_sides &&&
  match ep_square P with None => true | Some e => oint_eqb (ep_square G) (Some e) end.

Theorem realizes_b_sound : forall G P, realizes_b G P = true -> realizes G P.
Proof.
  intros G P H. unfold realizes_b in H. split_lazy.
  split; [|split; [|split]].
  - intros s Hs.
    match goal with H : forallb _ all_squares = true |- _ => rewrite forallb_forall in H; apply same_man_eq, H, Hs end.
  - apply color_eqb_eq; assumption.
  - intros c side Hc.
    match goal with H : forallb _ castling_sides = true |- _ => rewrite forallb_forall in H; rename H into F end.
    specialize (F _ (in_castling_sides c side)). simpl in F. rewrite Hc in F. exact F.
  - intros e He. rewrite He in *. apply oint_eqb_eq; assumption.
Qed.

(** ** Replaying a game *)

(** The next position is computed by the fast generator's [play] and then
    checked with [game_step_b]: [play] is not trusted. *)
Fixpoint replay (G : position) (ms : list move) : option position :=
  match ms with
  | [] => Some G
  | m :: ms' => let G' := play G m in if game_step_b G m G' then replay G' ms' else None
  end.

Definition check_game (ms : list move) (P : position) : bool :=
  match replay initial ms with Some G => realizes_b G P | None => false end.

Lemma replay_game : forall ms G G' h, game h G -> replay G ms = Some G' ->
  exists h', game (h ++ h') G' /\ map snd h' = ms.
Proof.
  induction ms as [|m ms IH]; simpl; intros G G' h Hg Hr.
  - injection Hr as <-. exists []. rewrite app_nil_r. auto.
  - destruct (game_step_b G m (play G m)) eqn:E; [|discriminate].
    apply game_step_b_sound in E.
    destruct (IH _ _ _ (game_next _ _ _ _ Hg E) Hr) as (h' & Hg' & Hm).
    exists ((G, m) :: h'). rewrite <- app_assoc in Hg'. simpl. rewrite Hm. auto.
Qed.

(** The game [h] has the moves [ms], in order, and ends in a position
    realizing [P]. *)
Theorem check_game_correct : forall ms P, check_game ms P = true ->
  exists h G, game h G /\ map snd h = ms /\ realizes G P.
Proof.
  intros ms P H. unfold check_game in H.
  destruct (replay initial ms) as [G|] eqn:E; [|discriminate].
  destruct (replay_game ms initial G [] game_start E) as (h & Hg & Hm).
  exists h, G. split; [exact Hg|]. split; [exact Hm|]. apply realizes_b_sound, H.
Qed.

Theorem check_game_sound : forall ms P, check_game ms P = true -> reachable P.
Proof.
  intros ms P H. destruct (check_game_correct ms P H) as (h & G & Hg & _ & Hr).
  exists h, G; auto.
Qed.

(** *** Moves in UCI notation

    Each string is resolved against the fast generator's legal moves (the
    result is checked by [game_step_b] anyway). *)

Definition uci_of_move (m : move) : string :=
  (square_to_string (mv_from m) ++ square_to_string (mv_to m) ++
  match mv_promo m with Some r => String (role_char r) EmptyString | None => EmptyString end)%string.

Definition uci_move (G : position) (s : string) : option move :=
  find (fun m => if string_dec (uci_of_move m) s then true else false) (legal_moves G).

Fixpoint resolve_uci (G : position) (ss : list string) : option (list move) :=
  match ss with
  | [] => Some []
  | s :: ss' =>
    match uci_move G s with
    | Some m => match resolve_uci (play G m) ss' with Some ms => Some (m :: ms) | None => None end
    | None => None
    end
  end.

Definition check_uci_game (ss : list string) (P : position) : bool :=
  match resolve_uci initial ss with Some ms => check_game ms P | None => false end.

Theorem check_uci_game_sound : forall ss P, check_uci_game ss P = true -> reachable P.
Proof.
  intros ss P H. unfold check_uci_game in H.
  destruct (resolve_uci initial ss) as [ms|]; [|discriminate].
  apply (check_game_sound ms P H).
Qed.

(** *** Exact rights

    The same replay, with the final position compared to [P] rights and
    en-passant square included ([realizes_exact], Game.v). *)

Definition realizes_exact_b (G P : position) : bool :=
  forallb (same_man G P) all_squares &&&
  color_eqb (turn P) (turn G) &&&
  forallb (fun '(c, side) => Bool.eqb (castling_right P c side) (castling_right G c side))
    castling_sides &&&
  oint_eqb (ep_square P) (ep_square G).

Theorem realizes_exact_b_sound : forall G P, realizes_exact_b G P = true -> realizes_exact G P.
Proof.
  intros G P H. unfold realizes_exact_b in H. split_lazy.
  split; [|split; [|split]].
  - intros s Hs.
    match goal with H : forallb _ all_squares = true |- _ => rewrite forallb_forall in H; apply same_man_eq, H, Hs end.
  - apply color_eqb_eq; assumption.
  - intros c side.
    match goal with H : forallb _ castling_sides = true |- _ => rewrite forallb_forall in H; rename H into F end.
    specialize (F _ (in_castling_sides c side)). simpl in F. apply Bool.eqb_prop, F.
  - apply oint_eqb_eq; assumption.
Qed.

Definition check_uci_game_exact (ss : list string) (P : position) : bool :=
  match resolve_uci initial ss with
  | Some ms => match replay initial ms with Some G => realizes_exact_b G P | None => false end
  | None => false
  end.

Theorem check_uci_game_exact_sound : forall ss P,
  check_uci_game_exact ss P = true -> reachable_exact P.
Proof.
  intros ss P H. unfold check_uci_game_exact in H.
  destruct (resolve_uci initial ss) as [ms|]; [|discriminate].
  destruct (replay initial ms) as [G|] eqn:E; [|discriminate].
  destruct (replay_game ms initial G [] game_start E) as (h & Hg & _).
  exists h, G. split; [exact Hg | apply realizes_exact_b_sound, H].
Qed.

(** ** Generated theorems as functions of the lemmas they apply

    [statement_of lemma] is the statement (the type) of [lemma].  A file
    [retroproof] generates proves its theorem [t] as [t_of lemma], where
    [Definition t_of (sound : statement_of lemma) := sound P … t_check]
    applies any proof of the lemma's statement to the problem and to a
    computed check ([t_check : checker P … = true]).  [Print Assumptions
    t_of] then lists what the file itself assumes without walking the
    library's proofs (a few hundredths of a second instead of the second
    and a half the standard library's [lia] lemmas cost), and [retroproof]
    checks the assumptions of [lemma] once per build of the library:
    [t] assumes exactly the union of the two. *)
Notation statement_of lemma := ltac:(let t := type of lemma in exact t) (only parsing).
