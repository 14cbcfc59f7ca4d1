(** * Game: games from the initial position, and retro problems (the specification).

    Headline definitions:

    - [game h G]      the plies [h] (oldest first; each ply is the position
                      before it and the move) lead from [initial] to [G];
    - [reachable P]   the retro problem [P] is realized by the position at
                      the end of some game ([realizes], below);
    - [reachable_exact P]  some game ends in [P] itself, castling rights
                      and en-passant square read as the FEN standard reads
                      them ([realizes_exact], below);

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
From RetroProof Require Import Gen.Vocab Board Rules.
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

(** ** Exact rights: the FEN standard's reading

    A FEN read the standard way states the castling rights and the
    en-passant square exactly: [-] means none.  For the en-passant square
    this is the reading of the PGN standard (section 16.1.3.4): it is
    recorded after every double pawn push, whether or not a pawn can take
    en passant, which is what [ep_after] does.  [realizes_exact G P]: the
    game position [G] is [P] itself, rights and en-passant square
    included; [reachable_exact P]: some game ends there. *)
Definition realizes_exact (G P : position) : Prop :=
  same_board P G /\ turn P = turn G /\
  (forall c side, castling_right P c side = castling_right G c side) /\
  ep_square P = ep_square G.

Definition reachable_exact (P : position) : Prop :=
  exists h G, game h G /\ realizes_exact G P.

(** ** Basic facts *)

Lemma same_board_refl : forall P, same_board P P.
Proof. intros P s _; reflexivity. Qed.

Lemma same_board_sym : forall P Q, same_board P Q -> same_board Q P.
Proof. intros P Q H s Hs; symmetry; auto. Qed.

Lemma same_board_trans : forall P Q R, same_board P Q -> same_board Q R -> same_board P R.
Proof. intros P Q R H1 H2 s Hs; rewrite H1, H2; auto. Qed.

Lemma realizes_refl : forall G, realizes G G.
Proof. intros G; repeat split; auto using same_board_refl. Qed.

(** What a position states exactly, it also asserts. *)
Lemma realizes_exact_realizes : forall G P, realizes_exact G P -> realizes G P.
Proof.
  intros G P (Hb & Ht & Hc & He). repeat split; auto.
  - intros c side H. rewrite <- Hc. exact H.
  - intros e H. rewrite <- He. exact H.
Qed.

Lemma reachable_exact_reachable : forall P, reachable_exact P -> reachable P.
Proof.
  intros P (h & G & Hg & Hr). exists h, G. split; [exact Hg|]. apply realizes_exact_realizes, Hr.
Qed.

Lemma game_reachable : forall h G, game h G -> reachable G.
Proof. intros h G H. exists h, G. split; [exact H | apply realizes_refl]. Qed.

