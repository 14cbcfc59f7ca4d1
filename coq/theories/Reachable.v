(** * Reachable: games from the initial position, and retro problems.

    Headline definitions and theorem:

    - [game h G]      the plies [h] (oldest first; each ply is the position
                      before it and the move) lead from [initial] to [G];
    - [reachable P]   the retro problem [P] is realized by the position at
                      the end of some game ([realizes], below);
    - [check_game_sound : check_game ms P = true -> reachable P]
                      (and [check_uci_game_sound] for moves written in UCI):
                      a move list that replays legally from the initial
                      position to [P] proves [P] legal.  Proof games and
                      PGN checking use this.

    ** Games

    A game step [game_step G m G'] is a legal move in the sense of the
    readable rules ([legal_move G m G'], Rules.v) together with the
    bookkeeping a game does on the position: castling rights are lost when
    a move starts or ends on the king's or the rook's original square
    ([touches]), and the en-passant square is set after every double pawn
    push, to the square passed over ([ep_after]), and cleared otherwise.
    The game's positions therefore carry the *real* rights and en-passant
    square.  (Game termination by mate, stalemate, dead position or the
    50/75-move and repetition rules is not modelled: positions after such
    an event are counted as reachable.  Mate and stalemate positions have
    no legal moves anyway.)

    ** Retro problems: rights and en passant are assertions

    A retro problem [P] (as read from a FEN) states the board and the side
    to move exactly; its castling rights and en-passant square are
    *assertions* (issue #3): a right in [P] claims the king and the rook
    never moved, an en-passant square claims the last move was that double
    push.  A game position [G] realizes [P] when the boards and the side to
    move agree and [P]'s assertions hold in [G]: [P]'s rights are among
    [G]'s, and [P]'s en-passant square, if any, is [G]'s.  A problem
    without rights and without en-passant square asserts nothing beyond the
    board and the side to move.

    Boards are compared square by square on the 64 squares through
    [piece_at] ([same_board]), never as arrays. *)

From Coq Require Import Uint63 PArray List Bool String.
From RetroProof Require Import Gen.Vocab Board Rules RulesCheck Movegen.
Import ListNotations.
Open Scope uint63_scope.

(** ** The initial position *)

Definition initial : position :=
  Eval vm_compute in fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"%string.

(** ** Game bookkeeping *)

Definition castling_sides : list (color * castling_side) :=
  [(White, KingSide); (White, QueenSide); (Black, KingSide); (Black, QueenSide)].

(** The move starts or ends on the original square of the king of [c] or
    of its rook on [side]: the right [(c, side)] is lost. *)
Definition touches (m : move) (c : color) (side : castling_side) : bool :=
  let k := castle_king_from c in
  let r := castle_rook_from c side in
  (mv_from m =? k) || (mv_from m =? r) || (mv_to m =? k) || (mv_to m =? r).

(** The en-passant square after [m]: the square passed over by a double
    pawn push, [None] after any other move. *)
Definition ep_after (G : position) (m : move) : option int :=
  match mv_kind m, piece_at G (mv_from m) with
  | Normal, Some (MkPiece _ Pawn) =>
      let e := pawn_step (turn G) (mv_from m) in
      if mv_to m =? pawn_step (turn G) e then Some e else None
  | _, _ => None
  end.

Definition game_step (G : position) (m : move) (G' : position) : Prop :=
  legal_move G m G' /\
  (forall c side, castling_right G' c side = castling_right G c side && negb (touches m c side)) /\
  ep_square G' = ep_after G m.

(** [game h G]: the history [h] (oldest ply first) leads from the initial
    position to [G]. *)
Inductive game : list (position * move) -> position -> Prop :=
  | game_start : game [] initial
  | game_next : forall h G m G', game h G -> game_step G m G' -> game (h ++ [(G, m)]) G'.

(** ** Retro problems *)

Definition same_board (P Q : position) : Prop :=
  forall s, In s all_squares -> piece_at P s = piece_at Q s.

(** The game position [G] realizes the problem [P]. *)
Definition realizes (G P : position) : Prop :=
  same_board P G /\ turn P = turn G /\
  (forall c side, castling_right P c side = true -> castling_right G c side = true) /\
  (forall e, ep_square P = Some e -> ep_square G = Some e).

Definition reachable (P : position) : Prop :=
  exists h G, game h G /\ realizes G P.

(** ** Basic facts *)

Lemma eqb_true : forall x y : int, (x =? y) = true -> x = y.
Proof. apply Uint63.eqb_correct. Qed.

Lemma eqb_false : forall x y : int, x <> y -> (x =? y) = false.
Proof.
  intros x y H. destruct (x =? y) eqn:E; [|reflexivity].
  apply eqb_true in E. contradiction.
Qed.

Lemma eqb_same : forall x : int, (x =? x) = true.
Proof. apply Uint63.eqb_refl. Qed.

Lemma same_board_refl : forall P, same_board P P.
Proof. intros P s _; reflexivity. Qed.

Lemma same_board_sym : forall P Q, same_board P Q -> same_board Q P.
Proof. intros P Q H s Hs; symmetry; auto. Qed.

Lemma same_board_trans : forall P Q R, same_board P Q -> same_board Q R -> same_board P R.
Proof. intros P Q R H1 H2 s Hs; rewrite H1, H2; auto. Qed.

Lemma realizes_refl : forall G, realizes G G.
Proof. intros G; repeat split; auto using same_board_refl. Qed.

Lemma game_reachable : forall h G, game h G -> reachable G.
Proof. intros h G H. exists h, G. split; [exact H | apply realizes_refl]. Qed.

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
  split; [apply legal_move_b_sound; assumption|].
  split; [|apply oint_eqb_eq; assumption].
  intros c side.
  match goal with H : forallb _ castling_sides = true |- _ => rewrite forallb_forall in H; rename H into F end.
  specialize (F _ (in_castling_sides c side)). simpl in F.
  apply Bool.eqb_prop in F. exact F.
Qed.

Definition realizes_b (G P : position) : bool :=
  forallb (fun s => opiece_eqb (piece_at P s) (piece_at G s)) all_squares &&&
  color_eqb (turn P) (turn G) &&&
  forallb (fun '(c, side) => negb (castling_right P c side) ||| castling_right G c side) castling_sides &&&
  match ep_square P with None => true | Some e => oint_eqb (ep_square G) (Some e) end.

Theorem realizes_b_sound : forall G P, realizes_b G P = true -> realizes G P.
Proof.
  intros G P H. unfold realizes_b in H. split_lazy.
  split; [|split; [|split]].
  - intros s Hs.
    match goal with H : forallb _ all_squares = true |- _ => rewrite forallb_forall in H; apply opiece_eqb_eq, H, Hs end.
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
