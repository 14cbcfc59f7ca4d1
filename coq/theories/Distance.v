(** * Distance: how many moves each side has made, at least, to reach a position.

    Headline definitions (proven sound in Distanceproof.v):

      [bound_in D k Q]  --  "a game of exactly [k] plies may end in a
                            position realizing [Q]": [Q] has the side to
                            move of a [k]-ply game, and neither side needs
                            more moves than it makes in [k] plies, the
                            moves of the men counted with the table [D];
      [table_ok F D]    --  [D] is a table of move counts for the men that
                            never cross the squares [F] (checked by
                            computation).

    ([Distanceproof.bound_game]: if [table_ok F D] and the men on the
    squares [F] of [Q] stood there during the whole game (the frozen
    squares of Stranded.v: [frozen_set (piece_at Q)], or any of them),
    then every game [h] ending in a position that realizes [Q] has
    [bound_in D (length h) Q = true].)  The exact-length proof-game
    checker (ProofGame.v) cuts every branch of its search whose position
    fails the bound for the plies left.

    ** The bound

    In [k] plies from the initial position White makes [(k + 1) / 2]
    moves and Black [k / 2].  A side [c] has made at least
    [moves_needed D c Q] moves, the larger of
    - [men_moves D c Q]: the sum, over [c]'s men on the board, of the
      table's entry [dist D c r s], a lower bound on the moves a man of
      [c] needs to stand on [s] as a man of role [r], from any of [c]'s
      men of the initial position (a piece walking, a pawn advancing and
      capturing diagonally, a pawn promoting and the piece walking on),
      on a board where the squares [F] are blocked;
    - [16 - men_count (opp c) Q]: each man the other side lacks was taken
      by a move of [c].

    The tables are computed by relaxation over the moves of the men
    ([step_cost]) that avoid [F] ([dist_avoiding F]), and each is checked
    once ([table_ok F D]) to be consistent with those moves: one move of a
    man from [f] to [t] (a promotion included) whose squares and the
    squares it passes over are not in [F] raises its entry by at most
    one, and the initial men stand on entries 0.  Castling moves the king
    and the rook at once: the king's step from its square to its castling
    square counts one move and the rook's step to its castling square
    none, so that the sum rises by at most one.  Nothing here needs the
    table to be the exact distance: any table passing the check gives a
    sound bound; a table closer to the distances gives a stronger one.
    The men of [F] never move, so a game's moves avoid [F]; blocking them
    makes the count see that a bishop behind its unmoved pawns needs them
    to move first, or cannot be where it stands.

    The sum takes, for each man, the nearest initial man of its colour,
    not an assignment of distinct men: weaker, but one table lookup per
    man. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Game.
Import ListNotations.
Open Scope uint63_scope.

(** ** Moves of a man on the empty board *)

Definition dist_roles : list role := [Pawn; Knight; Bishop; Rook; Queen; King].

Definition castling_sides_of : list castling_side := [KingSide; QueenSide].

(** A pawn of [c] may go from [f] to [t]: one rank forward, two from its
    second rank, or one rank forward and one file aside (capturing). *)
Definition pawn_geom (c : color) (f t : int) : bool :=
  pawn_forward c 1 f t || ((relative_rank c f =? 1) && pawn_forward c 2 f t) || pawn_attack c f t.

(** A man of [c] and role [r] may go from [f] to [t] on the empty board
    (castling aside). *)
Definition man_geom (c : color) (r : role) (f t : int) : bool :=
  match r with
  | Pawn => pawn_geom c f t
  | Knight => knight_jump f t
  | King => king_step f t
  | _ => line r f t
  end.

(** The cost of one move of a man of [c] from [f] as an [r] to [t] as an
    [r']: [Some 1] for a move of the man, a promotion (to [r'] on the last
    rank), or the king's castling step; [Some 0] for the rook's castling
    step; [None] when no move does that. *)
Definition step_cost (c : color) (r : role) (f : int) (r' : role) (t : int) : option nat :=
  match r, r' with
  | Pawn, Pawn => if pawn_geom c f t then Some 1%nat else None
  | Pawn, King => None
  | Pawn, _ => if pawn_geom c f t && (relative_rank c t =? 7) then Some 1%nat else None
  | _, _ =>
    if negb (role_eqb r r') then None
    else if role_eqb r Rook &&
            existsb (fun sd => (f =? castle_rook_from c sd) && (t =? castle_rook_to c sd)) castling_sides_of
    then Some 0%nat
    else if man_geom c r f t then Some 1%nat
    else if role_eqb r King &&
            existsb (fun sd => (f =? castle_king_from c) && (t =? castle_king_to c sd)) castling_sides_of
    then Some 1%nat
    else None
  end.

(** ** The tables *)

(** Entries for unreachable states (a pawn on its first rank, a bishop on
    the other colour of squares). *)
Definition far : nat := 99.

Definition dtable : Type := array nat.

(** Index of the entry of a man of [c] and role [r] on [s]. *)
Definition dist_index (c : color) (r : role) (s : int) : int :=
  cell_of_piece (MkPiece c r) * 64 + s.

Definition dist (D : dtable) (c : color) (r : role) (s : int) : nat := D.[dist_index c r s].

(** The indices of the entries (the twelve men on the 64 squares). *)
Definition dist_indices : list int :=
  flat_map (fun p => map (fun s => dist_index (piece_color p) (piece_role p) s) all_squares) all_pieces.

(** A move from [f] to [t] avoids the blocked squares [F]: neither square
    nor any square strictly between them (for a line move) is blocked. *)
Definition avoids (F : array bool) (f t : int) : bool :=
  negb F.[f] &&& negb F.[t] &&& forallb (fun x => negb (between f t x &&& F.[x])) all_squares.

(** The roles a man of role [r] may have after one move. *)
Definition next_roles (r : role) : list role :=
  match r with Pawn => [Pawn; Knight; Bishop; Rook; Queen] | _ => [r] end.

(** [D] is consistent with the moves avoiding [F]: every entry is at
    most [far], the initial men are on entries 0, and a move of cost [w]
    avoiding [F] from an [r] on [f] to an [r'] on [t] raises the entry by
    at most [w].  (Entries at [far] and blocked squares need no check:
    no move starts there.) *)
Definition table_ok (F : array bool) (D : dtable) : bool :=
  forallb (fun i => Nat.leb D.[i] far) dist_indices &&&
  forallb (fun s => match piece_at initial s with
                    | Some (MkPiece c r) => Nat.eqb (dist D c r s) 0
                    | None => true
                    end) all_squares &&&
  forallb (fun c => forallb (fun r => forallb (fun f =>
    let d := dist D c r f in
    Nat.leb far d ||| F.[f] |||
    forallb (fun r' => forallb (fun t =>
      match step_cost c r f r' t with
      | Some w => Nat.leb (dist D c r' t) (d + w) ||| negb (avoids F f t)
      | None => true
      end) all_squares) (next_roles r)) all_squares) dist_roles) [White; Black].

(** *** Computing a table (not trusted: [table_ok] checks it) *)

Definition dist_start : dtable :=
  fold_left (fun a s => match piece_at initial s with
                        | Some (MkPiece c r) => a.[dist_index c r s <- 0%nat]
                        | None => a
                        end) all_squares (PArray.make 1024 far).

Definition lower (a : dtable) (i : int) (v : nat) : dtable := if Nat.ltb v a.[i] then a.[i <- v] else a.

(** Sliding along [l] until a blocked square. *)
Fixpoint slide_lower (F : array bool) (a : dtable) (idx : int -> int) (v : nat) (l : list int) : dtable :=
  match l with
  | [] => a
  | t :: l' => if F.[t] then a else slide_lower F (lower a (idx t) v) idx v l'
  end.

(** One round of relaxation over the moves of [c]'s men avoiding [F], read
    from the move tables of Gen/Tables.v. *)
Definition relax_avoiding (F : array bool) (c : color) (a : dtable) : dtable :=
  fold_left (fun a r => fold_left (fun a f =>
    let d := a.[dist_index c r f] in
    if Nat.leb far d ||| F.[f] then a else
    let d1 := S d in
    match r with
    | Pawn =>
      let fwd := pawn_step c f in
      let ts := (if (fwd <? 64) &&& negb F.[fwd] then
                   fwd :: (if (relative_rank c f =? 1) &&& negb F.[pawn_step c fwd]
                           then [pawn_step c fwd] else [])
                 else []) ++
                filter (fun t => negb F.[t])
                  (match c with White => white_pawn_attacks.[f] | Black => black_pawn_attacks.[f] end) in
      fold_left (fun a t =>
        let a := lower a (dist_index c Pawn t) d1 in
        if relative_rank c t =? 7 then
          fold_left (fun a r' => lower a (dist_index c r' t) d1) [Knight; Bishop; Rook; Queen] a
        else a) ts a
    | Knight => fold_left (fun a t => if F.[t] then a else lower a (dist_index c Knight t) d1) knight_targets.[f] a
    | King =>
      let a := fold_left (fun a t => if F.[t] then a else lower a (dist_index c King t) d1) king_targets.[f] a in
      if f =? castle_king_from c then
        fold_left (fun a sd => lower a (dist_index c King (castle_king_to c sd)) d1) castling_sides_of a
      else a
    | _ =>
      let dirs := match r with Bishop => [1; 3; 5; 7] | Rook => [0; 2; 4; 6] | _ => [0; 1; 2; 3; 4; 5; 6; 7] end in
      let a := fold_left (fun a dir => slide_lower F a (dist_index c r) d1 rays.[64 * dir + f]) dirs a in
      if role_eqb r Rook then
        fold_left (fun a sd => if f =? castle_rook_from c sd then lower a (dist_index c Rook (castle_rook_to c sd)) d else a)
          castling_sides_of a
      else a
    end) all_squares a) dist_roles a.

(** Two tables are equal (to see when a round changes nothing). *)
Definition same_table (a b : dtable) : bool := forallb (fun i => Nat.eqb a.[i] b.[i]) dist_indices.

(** Rounds until one changes nothing (at most [n]). *)
Fixpoint iterate (n : nat) (g : dtable -> dtable) (a : dtable) : dtable :=
  match n with
  | O => a
  | S n => let a' := g (PArray.copy a) in if same_table a a' then a' else iterate n g a'
  end.

Definition dist_avoiding (F : array bool) : dtable :=
  iterate 64 (fun a => relax_avoiding F Black (relax_avoiding F White a)) dist_start.

(** No square blocked, and its table. *)
Definition no_blocks : array bool := Eval vm_compute in PArray.make 64 false.

Definition open_table : dtable := Eval vm_compute in dist_avoiding no_blocks.

(** ** The bound *)

(** What the man [o] on [s] adds to [c]'s moves, and to [c]'s count. *)
Definition man_moves_of (D : dtable) (c : color) (o : option piece) (s : int) : nat :=
  match o with
  | Some (MkPiece c' r) => if color_eqb c' c then dist D c r s else 0
  | None => 0
  end.

Definition man_count_of (c : color) (o : option piece) (s : int) : nat :=
  match o with
  | Some (MkPiece c' _) => if color_eqb c' c then 1 else 0
  | None => 0
  end.

(** The sum of [w] over the 64 squares of [Q]. *)
Definition board_sum (w : option piece -> int -> nat) (Q : position) : nat :=
  fold_right (fun s n => w (piece_at Q s) s + n)%nat 0%nat all_squares.

Definition men_moves (D : dtable) (c : color) (Q : position) : nat := board_sum (man_moves_of D c) Q.
Definition men_count (c : color) (Q : position) : nat := board_sum (man_count_of c) Q.

Definition moves_needed (D : dtable) (c : color) (Q : position) : nat :=
  Nat.max (men_moves D c Q) (16 - men_count (opp c) Q).

(** The moves [c] makes in [k] plies from the initial position. *)
Definition moves_in (c : color) (k : nat) : nat :=
  match c with White => Nat.div2 (S k) | Black => Nat.div2 k end.

(** The side to move after [k] plies. *)
Definition turn_after (k : nat) : color := if Nat.even k then White else Black.

Definition bound_in (D : dtable) (k : nat) (Q : position) : bool :=
  color_eqb (turn Q) (turn_after k) &&
  Nat.leb (moves_needed D White Q) (moves_in White k) &&
  Nat.leb (moves_needed D Black Q) (moves_in Black k).

(** ** The same, fast

    [tally_of D Q] computes the four sums in one pass over the cells;
    [bound_tally] decides [bound_in] from them
    ([Distanceproof.bound_tally_ok]). *)

Record tally : Set := Tally { t_white : nat; t_black : nat; n_white : nat; n_black : nat }.

Definition tally_add (D : dtable) (x : option piece) (s : int) (t : tally) : tally :=
  match x with
  | None => t
  | Some (MkPiece White r) => Tally (dist D White r s + t_white t) (t_black t) (S (n_white t)) (n_black t)
  | Some (MkPiece Black r) => Tally (t_white t) (dist D Black r s + t_black t) (n_white t) (S (n_black t))
  end.

Definition tally_of (D : dtable) (Q : position) : tally :=
  fold_right (fun s t => tally_add D (piece_at Q s) s t) (Tally 0 0 0 0) all_squares.

(** The sums [t] fit in [lw] moves of White and [lb] of Black. *)
Definition tally_fits (lw lb : nat) (t : tally) : bool :=
  Nat.leb (Nat.max (t_white t) (16 - n_black t)) lw &&
  Nat.leb (Nat.max (t_black t) (16 - n_white t)) lb.

Definition bound_tally (k : nat) (c : color) (t : tally) : bool :=
  color_eqb c (turn_after k) && tally_fits (moves_in White k) (moves_in Black k) t.
