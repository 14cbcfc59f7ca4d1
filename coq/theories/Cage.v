(** * Cage: men shut in on an edge rank keep their order.

    Headline definition: [cage_refutes : position -> bool], proven sound
    in Cageproof.v ([cage_refutes_sound : forall P, cage_refutes P = true
    -> ~ reachable P]).  The native rule is rust-core/src/rules/cage.rs;
    generator/tests/integration/cage_coq.rs checks that the two agree.

    Take an edge rank [E] (the first or the eighth, listed from the a-file
    to the h-file) and the men [X] of the position that stood on their
    squares all game ([fixed]): the frozen men ([frozen_set], Frozen.v), and
    the king and rook of each castling right the position asserts.  A *cage* is a set
    [C] of squares of [E], none frozen, such that walking from any square
    of [C] in any of the eight directions, the first square met outside
    [C] is frozen (or the walk leaves the board): [sealed_at].  No king,
    queen, rook, bishop or pawn ever arrives on a square of [C] from
    outside it: it would come from, or pass over, the first square outside
    [C] on the line back from where it lands, which is frozen.  Only a
    knight can come in.  And inside [C], on one rank, men other than
    knights move along the rank without passing each other.

    The *word* of [C] on a board is the list of its men other than
    knights, from the a-file to the h-file ([word]), leaving out the
    kings, or leaving out the rooks (the role [er]).  From one position of
    a game to the next the word (kings or rooks left out) is a subsequence
    of the one before: a man leaves it (captured, or gone out), or one
    moves along the rank without passing another; castling swaps a king
    and a rook, and leaving out the kings, or the rooks, leaves one of
    them moving along the rank.  So the word of any position of a game is
    a subsequence of the initial position's word on the same squares; a
    position where it is not ([cage_refutes]) is reached by no game.

    Neither does a man other than a knight ever leave the cage (it would
    go to, or pass over, the first square outside [C] on its line, which
    is frozen), and no king is ever captured: the kings of the initial
    position in [C] are still there, in the same order ([kings]). So a
    position where the initial position's kings in [C] are not a
    subsequence of its own is reached by no game either.

    The cage is found as the largest sealed set of non-frozen squares of
    [E] (drop the squares that are not sealed until none is dropped), and
    then validated ([cage_valid]): the proof does not depend on how it
    was found. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Board Rules RulesFast Game Frozen.
Import ListNotations.
Open Scope uint63_scope.

(** The edge ranks, from the a-file to the h-file. *)
Definition rank1 : list int := [0; 1; 2; 3; 4; 5; 6; 7].
Definition rank8 : list int := [56; 57; 58; 59; 60; 61; 62; 63].

(** Walking along [l], the first square outside [Z] is in [X] (or there is
    none). *)
Fixpoint sealed_ray (Z X : int -> bool) (l : list int) : bool :=
  match l with
  | [] => true
  | s :: l' => if Z s then sealed_ray Z X l' else X s
  end.

Definition sealed_at (Z X : int -> bool) (s : int) : bool :=
  forallb (fun d => sealed_ray Z X (ray d s)) directions.

(** One round: keep the squares of [C] that are sealed. *)
Definition cage_round (X : int -> bool) (C : list int) : list int :=
  filter (sealed_at (fun x => inb x C) X) C.

Fixpoint cage_fix (fuel : nat) (X : int -> bool) (C : list int) : list int :=
  match fuel with
  | O => C
  | S n => let C' := cage_round X C in
           if Nat.eqb (length C') (length C) then C else cage_fix n X C'
  end.

(** The largest sealed set of non-frozen squares of [E]. *)
Definition cage (X : int -> bool) (E : list int) : list int :=
  cage_fix 9 X (filter (fun s => negb (X s)) E).

(** [C] lies on [E] and is sealed. *)
Definition cage_valid (X : int -> bool) (E C : list int) : bool :=
  forallb (fun s => inb s E &&& sealed_at (fun x => inb x C) X s) C.

(** The man on a square, as a letter of the word: none for an empty
    square, a knight, or a man of the role [er] left out. *)
Definition letter (er : role) (o : option piece) : list piece :=
  match o with
  | Some (MkPiece c r) => if role_eqb r Knight ||| role_eqb r er then [] else [MkPiece c r]
  | None => []
  end.

Definition word (er : role) (C : list int) (b : board_fn) (E : list int) : list piece :=
  flat_map (fun s => if inb s C then letter er (b s) else []) E.

(** The kings of the cage, from the a-file to the h-file: none of them
    ever leaves it, so the initial position's are a subsequence of every
    later position's. *)
Definition king_letter (o : option piece) : list piece :=
  match o with
  | Some (MkPiece c King) => [MkPiece c King]
  | _ => []
  end.

Definition kings (C : list int) (b : board_fn) (E : list int) : list piece :=
  flat_map (fun s => if inb s C then king_letter (b s) else []) E.

(** [w] is a subsequence of [u] (greedy). *)
Fixpoint subseqb (w u : list piece) : bool :=
  match w, u with
  | [], _ => true
  | _ :: _, [] => false
  | x :: w', y :: u' => if piece_eqb x y then subseqb w' u' else subseqb w u'
  end.

(** The roles left out: kings, then rooks. *)
Definition left_out : list role := [King; Rook].

Definition cage_refutes_on (b : board_fn) (X : int -> bool) (E : list int) : bool :=
  let C := cage X E in
  cage_valid X E C &&&
  (existsb (fun er => negb (subseqb (word er C b E) (word er C (piece_at initial) E))) left_out |||
   negb (subseqb (kings C (piece_at initial) E) (kings C b E))).

(** The squares whose men stood there all game: the frozen men, and the
    kings and rooks of the rights [P] asserts. *)
Definition fixed (P : position) : int -> bool :=
  let F := frozen_set (piece_at P) in
  let R := right_squares (asserted P) in
  fun s => F.[s] ||| inb s R.

Definition cage_refutes (P : position) : bool :=
  let b := piece_at P in
  let X := fixed P in
  cage_refutes_on b X rank1 ||| cage_refutes_on b X rank8.
