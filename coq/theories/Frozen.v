(** * Frozen: the largest set of men none of which can ever have moved.

    Headline definitions (the theorems are in Frozenproof.v):

    - [frozen_exits c r s]  the "exits" of a man of colour [c] and role [r]
                            on [s]: the squares it must have come from or
                            passed through if it ever arrived on [s];
    - [frozen_men b]        the largest set [F] of occupied squares of [b]
                            such that every exit of every man of [F] is in
                            [F] or shut ([exit_ok], "Shut exits" below),
                            a1 first;
    - [frozen_refutes P]    some square of [frozen_men (piece_at P)] holds a
                            man other than the one the initial position
                            has there;
    - [region_refutes P]    some man that is not frozen cannot have come
                            from an initial square of its kind nor, if it
                            may be a promoted pawn, from its last rank,
                            moving back only through the exits of its
                            own moves, never onto a frozen square nor
                            across a column nor by a castling a frozen
                            man forbids, and for a king never onto
                            a square a frozen man of the other side
                            attacks (see "Regions" below).

    Frozenproof.v proves [frozen_refutes_sound : forall P,
    frozen_refutes P = true -> ~ reachable P] and [region_refutes_sound].

    These are the rules [Rule::Frozen] and [Rule::Region] of the native
    engine (rust-core/src/rules/frozen.rs, [frozen::refutes] and
    [frozen::region_refutes]), with the same exits, computed here so that
    both sides agree on which positions they refute (the certificates the
    native deep search writes with these rules must check in Coq): generator/tests/integration/frozen_coq.rs compares the two on
    sample positions.

    ** The exits

    Going back in time a man leaves its square only by a retraction of its
    own (an uncapture puts a man back, it never takes one away).  The
    exits of a man on [s] are:

    - a pawn: the square behind it and the two squares from which a pawn
      of its colour captures onto [s] ([Stranded.exits]; a double step
      passes over the square behind); none on its second rank, where pawns
      start and which no pawn move reaches;
    - a knight: its knight squares; a king: its king squares;
    - a bishop, rook or queen: the square next to [s] in each of its
      directions (a slider passes over it);
    - in addition, a man other than a king on its last rank may be a
      promoted pawn: the squares a pawn promotes onto [s] from (the pawn
      exits of [s]);
    - and a king on c1/g1, a rook on d1/f1 (relative to its colour) may
      have castled: the square castling moves it from (e1; a1, h1).

    Unlike Stranded.v (the least set grown from the pawns on their second
    rank, kings, men on their last rank and rooks on their first rank
    never frozen), kings and all the others take part: the set here is the
    *greatest* set closed under exits, so it contains Stranded.v's frozen
    squares (whose exits are among these, and which are closed under them)
    and also men walled in by each other (a rook in a cage of pawns, whose
    only way back is through the rook's own square).

    ** Shut exits

    An exit outside the set is no way back either when the man cannot have
    stood there just before arriving, because of a check ([exit_ok]):

    - a knight or king there would have attacked the other king (on a
      square of the set) with its own side to move ([checks_from]);
    - a bishop, rook or queen would have done so from every square it can
      have come from, along its lines up to the first square of the set
      ([slide_shut]; attacks from next to the king, which nothing blocks:
      [fixed_attack]);
    - a king there would have stood in check from a man of the set whose
      every exit is in the set (not the king's square) or is the exit
      itself ([guarded]): that man cannot have just arrived, and the check
      was not uncovered, so the position before the king's move had the
      side that had just moved in check, or it was the initial position.

    Exits that a promotion or castling starts from are shut only by the
    set.

    ** Why it is sound (Frozenproof.v)

    If every exit of every square of a set [X] holds a man of [X] or is
    shut after a legal move, the move touched no square of [X]: a man
    arriving on [s] came from an exit of [s], or passed over one, which the
    move leaves empty, so the exit is shut, and each way of being shut
    contradicts the invariants of the position before the move (or, for a
    king, of the one before that).  So [X] has the same men on the board before the move, and is
    closed there too; by induction over the game, every square of [X]
    holds in the initial position what it holds at the end.  No least
    fixpoint (no "first man to freeze") is needed: any closed set will do,
    and the largest one is the best.

    ** The computation

    Start from every man of the board and remove, round after round, the
    men with an exit outside the set (removals within a round take effect
    at once; the greatest fixpoint does not depend on the order), until a
    round removes nothing.  Every round but the last removes a man, so 33
    rounds suffice for the at most 32 men of a legal board, and 65 for any
    board; [rounds] has fuel 65 and gives up with the empty set (a sound
    answer: no man is claimed frozen).

    The result is then *validated* ([closed_b]: every square of the set is
    occupied and has all its exits in the set), and only a validated set is
    used, the empty one otherwise.  So the soundness proof needs nothing
    about [rounds] (as in CompCert's translation validation, the
    optimizing algorithm is not verified, its result is checked); the
    validation never fails on the output of [rounds], which is the exact
    greatest fixpoint whenever a round removes nothing, so [frozen_men] is
    the native set. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Game Invariants Stranded.
Import ListNotations.
Open Scope uint63_scope.

(** ** The rule *)

(** Where castling puts a king or rook on [s] from. *)
Definition castle_exit (c : color) (r : role) (s : int) : list int :=
  match r with
  | King =>
      if (s =? castle_king_to c KingSide) || (s =? castle_king_to c QueenSide)
      then [castle_king_from c] else []
  | Rook =>
      if s =? castle_rook_to c KingSide then [castle_rook_from c KingSide]
      else if s =? castle_rook_to c QueenSide then [castle_rook_from c QueenSide]
      else []
  | _ => []
  end.

(** Where a pawn promoting onto [s] comes from, for a man other than a king
    on its last rank. *)
Definition promotion_exit (c : color) (r : role) (s : int) : list int :=
  match r with
  | King => []
  | _ => if relative_rank c s =? 7 then exits c Pawn s else []
  end.

(** The squares a man arriving on [s] by a move of its own comes from or
    passes over. *)
Definition move_exit (c : color) (r : role) (s : int) : list int :=
  match r with
  | Pawn => if relative_rank c s =? 1 then [] else exits c Pawn s
  | King => king_targets.[s]
  | _ => exits c r s
  end.

(** The squares the man itself (as a man of its kind, not as the pawn it
    may have been) comes from: the exits a region follows (below). *)
Definition region_exits (c : color) (r : role) (s : int) : list int :=
  move_exit c r s ++ castle_exit c r s.

Definition frozen_exits (c : color) (r : role) (s : int) : list int :=
  region_exits c r s ++ promotion_exit c r s.

(** [E c r s] for the man [p = MkPiece c r], at [64 * cell_of_piece p + s]. *)
Definition exit_table (E : color -> role -> int -> list int) : array (list int) :=
  fold_left (fun t p => fold_left (fun t s =>
      t.[64 * cell_of_piece p + s <- E (piece_color p) (piece_role p) s]) all_squares t)
    all_pieces (PArray.make 1024 []).

Definition frozen_exit_table : array (list int) := Eval vm_compute in exit_table frozen_exits.
Definition region_exit_table : array (list int) := Eval vm_compute in exit_table region_exits.

Definition frozen_exits_of (c : color) (r : role) (s : int) : list int :=
  frozen_exit_table.[64 * cell_of_piece (MkPiece c r) + s].

Definition region_exits_of (c : color) (r : role) (s : int) : list int :=
  region_exit_table.[64 * cell_of_piece (MkPiece c r) + s].

(** ** Shut exits

    An exit outside the set may still be shut: the man cannot have come
    from there (see "Why it is sound" above for the arguments, and
    Frozenproof.v for their proofs). *)

(** [o] is next to [k] along a line a man of role [r] slides on. *)
Definition slides_next_to (r : role) (o k : int) : bool :=
  existsb (fun d => inb d (slider_dirs r) &&&
                    match ray d k with o' :: _ => o' =? o | [] => false end) directions.

(** A man of colour [c] and role [r] on [o] attacks [k] whatever else
    stands on the board: a pawn, knight or king its usual squares, a
    bishop, rook or queen only the squares next to it along its lines. *)
Definition fixed_attack (c : color) (r : role) (o k : int) : bool :=
  match r with
  | Pawn => inb o (pawn_attacks (opp c) k)
  | Knight => inb o knight_targets.[k]
  | King => inb o king_targets.[k]
  | _ => slides_next_to r o k
  end.

(** A man of colour [c] and role [r] on [o] would attack a king of the
    other side on a square of [F] (one of the squares [ks]). *)
Definition checks_from (b : board_fn) (F : array bool) (ks : list int) (c : color) (r : role)
    (o : int) : bool :=
  existsb (fun k => F.[k] &&& opiece_eqb (b k) (Some (MkPiece (opp c) King)) &&& fixed_attack c r o k)
    ks.

(** Walking along [l], every square up to the first one of [F] passes
    [chk]. *)
Fixpoint shut_ray (F : array bool) (chk : int -> bool) (l : list int) : bool :=
  match l with
  | [] => true
  | o :: l' => F.[o] ||| (chk o &&& shut_ray F chk l')
  end.

(** A slider on [s]: from every square it can have come from (along its
    lines, up to the first man of [F]) it would have given check. *)
Definition slide_shut (b : board_fn) (F : array bool) (ks : list int) (c : color) (r : role)
    (s : int) : bool :=
  forallb (fun d => shut_ray F (checks_from b F ks c r) (ray d s)) (slider_dirs r).

(** The square [e] next to the king of colour [c] on [s] is attacked by a
    man of the other side on a square of [F] (one of [ws]) all of whose
    exits are squares of [F] other than [s], or [e]. *)
Definition guarded (b : board_fn) (F : array bool) (ws : list int) (c : color) (s e : int) : bool :=
  existsb (fun q => F.[q] &&&
    match b q with
    | Some (MkPiece c' rf) =>
        color_eqb c' (opp c) &&& fixed_attack c' rf q e &&&
        forallb (fun x => (F.[x] &&& negb (x =? s)) ||| (x =? e)) (frozen_exits_of c' rf q)
    | None => false
    end) ws.

(** The exit [e] of the man of colour [c] and role [r] on [s] is in [F] or
    shut; [slid] is [slide_shut b F ws c r s], which does not depend on
    [e] and is computed once per man ([man_ok]). *)
Definition exit_ok (b : board_fn) (F : array bool) (ws : list int) (c : color) (r : role)
    (s : int) (slid : bool) (e : int) : bool :=
  F.[e] |||
  (negb (inb e (promotion_exit c r s ++ castle_exit c r s)) &&&
   match r with
   | Pawn => false
   | Knight => checks_from b F ws c Knight e
   | King => checks_from b F ws c King e ||| guarded b F ws c s e
   | _ => slid
   end).

(** The man on [s] has all its exits in [F] or shut. *)
Definition man_ok (b : board_fn) (F : array bool) (ws : list int) (s : int) : bool :=
  match b s with
  | Some (MkPiece c r) =>
      let slid := slide_shut b F ws c r s in forallb (exit_ok b F ws c r s slid) (frozen_exits_of c r s)
  | None => false
  end.

(** ** The computation *)

(** The squares of the men of [b], a1 first. *)
Definition men (b : board_fn) : list int :=
  filter (fun s => match b s with Some _ => true | None => false end) all_squares.

(** The squares of [ws], as a boolean array. *)
Definition men_set (ws : list int) : array bool :=
  fold_left (fun F s => F.[s <- true]) ws no_squares.

(** One man in a round: the set, the men still in it, and whether the
    round removed one. *)
Definition try_keep (b : board_fn) (all : list int) (acc : array bool * list int * bool) (s : int) :
    array bool * list int * bool :=
  let '(F, ws, shrunk) := acc in
  if man_ok b F all s then (F, s :: ws, shrunk) else (F.[s <- false], ws, true).

Fixpoint rounds (b : board_fn) (all : list int) (fuel : nat) (F : array bool) (ws : list int) :
    array bool :=
  match fuel with
  | O => no_squares
  | S n => let '(F', ws', shrunk) := fold_left (try_keep b all) ws (F, [], false) in
           if shrunk then rounds b all n F' ws' else F'
  end.

(** The validation: every square of [F] holds a man whose exits are all
    in [F] or shut. *)
Definition closed_b (b : board_fn) (ws : list int) (F : array bool) : bool :=
  forallb (fun s => negb F.[s] ||| man_ok b F ws s) all_squares.

Definition frozen_set (b : board_fn) : array bool :=
  let ws := men b in
  let F := rounds b ws 65 (men_set ws) ws in
  if closed_b b ws F then F else no_squares.

(** The frozen men, a1 first. *)
Definition frozen_men (b : board_fn) : list int := members (frozen_set b).

Definition frozen_refutes (P : position) : bool :=
  existsb (differs (piece_at P)) (frozen_men (piece_at P)).

(** * Regions: where a man can have come from.

    This is the rule [Rule::Region] of the native engine
    ([frozen::region_refutes], rust-core/src/rules/frozen.rs).

    The region of the man of colour [c] and role [r] on [s] is the set of
    squares reached from [s] by exits of a man of that kind avoiding the
    frozen squares ([frozen_set]): going back in time, the man moves only
    to an exit of its square, or slides over exits, and never onto or over
    a frozen square (frozen men stood where they stand all game).  The
    exits followed are those of its own moves and of castling
    ([region_exits]), not where a pawn promoted from: until it turns back
    into a pawn (a promoted man on its last rank) the man stays in its
    region.  RegionCount.v counts the men promoted onto a region.  A position is refuted when a man
    that is not frozen has a region holding no initial square of its kind
    and, for a man that may be a promoted pawn (not a king, not a pawn), no
    square of its last rank: it cannot have come from the start.

    The walk never steps across a column ([columns], below): a pawn on its
    third rank whose only exit outside the frozen set is the square behind
    it came from there, so one of the two squares held it all game and no
    other man moved between them (FrozenRegionproof.v, [column_back]).  Nor
    does it un-castle a castling that a frozen man on one of its squares
    forbids ([castle_shut], below).

    The computation walks the region with a work list; every square enters
    the list once, when it is added, so 65 steps suffice (fuel), and the
    result is then validated ([region_ok]: it contains [s], every exit of
    its squares outside the frozen set is in it) together with the verdict,
    as for [frozen_set].  Frozenproof.v proves [region_refutes_sound]. *)

(** May be a promoted pawn. *)
Definition promotable (r : role) : bool := match r with King | Pawn => false | _ => true end.

(** Where the man [MkPiece c r] may have started from (going back in time):
    an initial square of its kind, or its last rank if it may be a
    promoted pawn. *)
Definition source (c : color) (r : role) (s : int) : bool :=
  opiece_eqb (piece_at initial s) (Some (MkPiece c r)) ||| (promotable r &&& (relative_rank c s =? 7)).

(** ** Column pawns

    A pawn of colour [cc] on its third rank whose exits, but for the one
    square [a] behind it on its second rank, are frozen came from [a]: a
    pawn of [cc] stood on [a] or on its square at every moment of the game
    (no pawn ever arrives on its second rank).  So no other man ever moves
    between the two squares: one of them holds the pawn before the move,
    or after it.  [columns] lists these (colour, [a], square); [cut cols c
    r x y] says that a man [MkPiece c r] never steps between [x] and [y]
    (the column's own pawn does). *)

Definition column_at (b : board_fn) (X : array bool) (s : int) : list (color * int * int) :=
  match b s with
  | Some (MkPiece cc Pawn) =>
      if relative_rank cc s =? 2 then
        match filter (fun e => negb X.[e]) (exits cc Pawn s) with
        | [a] => if relative_rank cc a =? 1 then [(cc, a, s)] else []
        | _ => []
        end
      else []
  | _ => []
  end.

Definition columns (b : board_fn) (X : array bool) : list (color * int * int) :=
  flat_map (column_at b X) all_squares.

Definition cut (cols : list (color * int * int)) (c : color) (r : role) (x y : int) : bool :=
  existsb (fun '(cc, a, s) => negb (color_eqb cc c &&& role_eqb r Pawn) &&&
             (((x =? a) &&& (y =? s)) ||| ((x =? s) &&& (y =? a)))) cols.

(** ** Castling that never happened

    Castling on [side] empties the squares its king and rook stand on
    before it and fills the two they land on ([castle_squares]).  A frozen
    man stood on its square all game, so when one stands on any of the
    four, that castling never happened, and a walk does not follow the
    un-castling exit ([castle_exit]) of the square the king or the rook
    lands on ([castle_shut]; FrozenRegionproof.v, [castle_blocked]).  Native:
    [castling_shut] in frozen.rs.  [xs] lists the frozen squares. *)

Definition castle_squares (c : color) (side : castling_side) : list int :=
  [castle_king_from c; castle_king_to c side; castle_rook_from c side; castle_rook_to c side].

(** The side of the castling that lands a king or rook of [c] on [x]. *)
Definition castle_side_at (c : color) (x : int) : castling_side :=
  if (x =? castle_king_to c KingSide) || (x =? castle_rook_to c KingSide) then KingSide else QueenSide.

Definition castle_shut (xs : list int) (c : color) (r : role) (x y : int) : bool :=
  inb y (castle_exit c r x) &&& existsb (fun q => inb q xs) (castle_squares c (castle_side_at c x)).

(** The steps every walk leaves out: across a column, and un-castling a
    castling that never happened. *)
Definition kind_cut (cols : list (color * int * int)) (xs : list int) (c : color) (r : role)
    (x y : int) : bool :=
  cut cols c r x y ||| castle_shut xs c r x y.

(** ** Guarded squares

    A king never stands on a square a frozen man of the other side attacks
    whatever else stands on the board ([fixed_attack]): that man stood
    there all game, the king's own side never leaves it attacked, and the
    other side's moves do not move it (FrozenStepproof.v, [king_safe]).  So a
    king's region leaves those squares out ([region_cut]); [xs] lists the
    frozen squares. *)

Definition guarded_by (b : board_fn) (xs : list int) (c : color) (y : int) : bool :=
  existsb (fun o => match b o with
                    | Some (MkPiece c' rf) => color_eqb c' (opp c) &&& fixed_attack c' rf o y
                    | None => false
                    end) xs.

(** ** Capture colours

    When the other side has its 8 pawns, both knights, both rooks, its
    queen and a bishop on a square of [x]'s colour, no man of [c] ever
    captured onto a square of that colour: with 8 pawns the other side never
    promoted nor lost a pawn, so every man it lost is a bishop of the other
    square colour (a bishop keeps its square colour).  A pawn of [c] then
    never moved diagonally onto [x] (a capture, or en passant, which takes a
    pawn).  [capture_free b c] gives the answer for light and for dark
    squares (native: [capture_free_squares] in frozen.rs). *)
Definition capture_free (b : board_fn) (c : color) : bool * bool :=
  let o := opp c in
  if Nat.eqb (cnt b o TPawn) 8 && Nat.eqb (cnt b o TKnight) 2 && Nat.eqb (cnt b o TRook) 2 &&
     Nat.eqb (cnt b o TQueen) 1
  then (Nat.eqb (cnt b o TLight) 1, Nat.eqb (cnt b o TDark) 1) else (false, false).

Definition free_on (fr : bool * bool) (x : int) : bool := if is_light x then fst fr else snd fr.

(** ** Castling rights

    The castling rights [P] asserts, and the squares of their kings and
    rooks: a right is lost as soon as a move starts or ends on one of them
    (Game.v), so while it holds its king and rook stand there (Invariants.v,
    [castling_inv]) and never moved.  No other man ever stood on those
    squares in a game reaching [P] (FrozenRegionproof.v, [rights_back] and
    [rights_occupied]); Cage.v counts those men among the fixed ones, and a
    region never steps onto their squares ([region_cut]). *)
Definition asserted (P : position) : list (color * castling_side) :=
  filter (fun cs => castling_right P (fst cs) (snd cs)) castling_sides.

Definition right_squares (Rs : list (color * castling_side)) : list int :=
  flat_map (fun cs => [castle_king_from (fst cs); castle_rook_from (fst cs) (snd cs)]) Rs.

(** The man [MkPiece c r] never steps between [x] and [y]: across a column
    or by a forbidden castling ([kind_cut]), for a king onto a guarded
    square, for a pawn diagonally onto a square its side never captured
    onto ([fr] is [capture_free b c], computed once per walk), onto the
    square of a king or rook of an asserted castling right ([ys] lists
    them, [right_squares]). *)
Definition region_cut_with (fr : bool * bool) (ys : list int) (b : board_fn) (xs : list int)
    (cols : list (color * int * int)) (c : color) (r : role) (x y : int) : bool :=
  kind_cut cols xs c r x y ||| (role_eqb r King &&& guarded_by b xs c y) |||
  (role_eqb r Pawn &&& free_on fr x &&& inb y (pawn_attacks (opp c) x)) ||| inb y ys.

Definition region_cut (ys : list int) (b : board_fn) (xs : list int) (cols : list (color * int * int))
    (c : color) (r : role) : int -> int -> bool :=
  region_cut_with (capture_free b c) ys b xs cols c r.

(** [capture_free b] for both colours, computed once per board. *)
Definition capture_frees (b : board_fn) : color -> bool * bool :=
  let fw := capture_free b White in
  let fk := capture_free b Black in
  fun c => match c with White => fw | Black => fk end.

(** One exit [e] of the square being visited: add it if new, not frozen
    and not across a column ([skip]). *)
Definition visit (X : array bool) (skip : int -> bool) (acc : array bool * list int) (e : int) :
    array bool * list int :=
  let '(R, todo) := acc in
  if X.[e] ||| skip e ||| R.[e] then acc else (R.[e <- true], e :: todo).

(** The walk stops with [None] at the first square of [stop] it meets
    (here a source: the man is then not refuted, and the rest of its region
    does not matter; RegionCount.v stops at promotion squares). *)
Fixpoint walk (stop : int -> bool) (K : int -> int -> bool) (fuel : nat) (c : color) (r : role)
    (X R : array bool) (todo : list int) : option (array bool) :=
  match fuel with
  | O => Some R
  | S n =>
      match todo with
      | [] => Some R
      | s :: todo' =>
          if stop s then None
          else let '(R', todo'') := fold_left (visit X (K s)) (region_exits_of c r s) (R, todo') in
               walk stop K n c r X R' todo''
      end
  end.

Definition region (X : array bool) (K : int -> int -> bool) (c : color) (r : role) (s : int) :
    option (array bool) :=
  walk (source c r) K 65 c r X no_squares.[s <- true] [s].

(** The validation and the verdict: the region [R] is closed under exits
    outside [X] and not across a column ([K]), and holds no source of the
    man [MkPiece c r]. *)
Definition region_ok (X : array bool) (K : int -> int -> bool) (c : color) (r : role)
    (R : array bool) : bool :=
  forallb (fun s => negb R.[s] |||
             (forallb (fun e => X.[e] ||| K s e ||| R.[e]) (region_exits_of c r s) &&&
              negb (source c r s)))
    all_squares.

(** The man on [s] (not frozen) cannot have come from the start. *)
Definition region_refutes_at (b : board_fn) (X : array bool) (xs : list int)
    (cols : list (color * int * int)) (fr : color -> bool * bool) (ys : list int) (s : int) : bool :=
  match b s with
  | Some (MkPiece c r) =>
      negb X.[s] &&&
      let K := region_cut_with (fr c) ys b xs cols c r in
      match region X K c r s with
      | Some R => R.[s] &&& region_ok X K c r R
      | None => false
      end
  | None => false
  end.

Definition region_refutes (P : position) : bool :=
  let b := piece_at P in
  let X := frozen_set b in
  existsb (region_refutes_at b X (members X) (columns b X) (capture_frees b) (right_squares (asserted P)))
    all_squares.
