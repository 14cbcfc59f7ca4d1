(** * ProofGame: exact-length proof games, the specification and the checkers.

    A proof-game problem gives a diagram [P] (a board and the side to
    move) and a number of plies [N]: find every game of exactly [N] plies
    from the initial position whose final board and side to move are
    [P]'s.  Castling rights and the en-passant square are not part of a
    diagram.

    Headline definitions (the theorems are in ProofGameproof.v):

    - [same_diagram G P]: the game position [G] shows the diagram [P]
      (same board, same side to move);
    - [among x gs]: [x] is one of [gs], written as the disjunction
      [x = g1 \/ x = g2 \/ ...] ([False] for no [g]);
    - [check_only_games P N gs]: every game of [N] plies showing [P] has
      its plies (named as in Notation.v, oldest first: [plies] of
      Search.v) among [gs] ([ProofGameproof.only_games_sound]);
    - [check_game_plies P N g]: [g] is the plies of a game of [N] plies
      showing [P] ([ProofGameproof.game_plies_sound]);
    - [check_no_shorter P N]: no game of fewer than [N] plies shows [P]
      ([ProofGameproof.no_shorter_sound]).

    ** The checker

    The search runs backwards, from the diagram to the initial position,
    with the verified retraction generator ([retractions], Retract.v,
    complete for games by Completeness.v): [search k Q] lists every
    sequence of [k] retractions from [Q] that ends in the initial
    position.  A predecessor is kept only when a game of the plies left
    may reach it ([bound_in] of Distance.v: the side to move, and the
    moves each side needs to put its men where they stand, the squares of
    the men that never moved blocked, against the moves it makes in
    those plies; [Distanceproof.bound_fails_no_game]: a position failing
    it is reached by no game of those plies).  The bound is computed before the
    retraction is built and checked ([within_candidates]): from the
    position's sums ([tally_of]) and the few squares the retraction
    changes ([pre_tally]), so the pruned candidates cost a few table
    lookups.  The retractions left are built as [retractions] builds them
    ([unmake_t], [unmake_meta]), looked up among the dead positions, and
    only then checked ([retraction_ok_fast], the costly part: most
    predecessors of a search are met more than once).

    Transpositions: a position met again with the same plies left is
    answered from a table of the positions found dead (no game of those
    plies reaches them), found by a hash of the board and side to move
    (a trie on its low bits, as in Cert.v); a hit is confirmed by
    [realizes_b], and the hash is not trusted (the proofs hold for any
    [key]).  Positions from which games were found are explored again
    when met again; they are few.

    The checker fails (rather than answering) when the diagram is not a
    board of the 64 cells of a FEN ([wf], Search.v). *)

From Coq Require Import Uint63 PArray List Bool String PArith FMapPositive.
From RetroProof Require Import Gen.Vocab Board Rules RulesCheck Retract Notation Reachable Search Movegen Cert Stranded Distance.
Import ListNotations.
Open Scope uint63_scope.
Open Scope list_scope.

(** ** The specification *)

(** The game position [G] shows the diagram [P]: same board, same side
    to move. *)
Definition same_diagram (G P : position) : Prop :=
  same_board P G /\ turn P = turn G.

(** [x] is one of the [gs]: [x = g1 \/ x = g2 \/ ... \/ x = gn]. *)
Fixpoint among {A : Type} (x : A) (gs : list A) : Prop :=
  match gs with
  | [] => False
  | g :: gs' => match gs' with [] => x = g | _ => x = g \/ among x gs' end
  end.

(** The diagram as a retro problem asserting nothing about castling and
    en passant. *)
Definition diagram (P : position) : position := Position (board P) (turn P) 0 None.

(** ** The bound of a predecessor, before it is built

    [pre_tally P t r]: the sums of [tally_of] for the position [r] takes
    [P] back to, from [t = tally_of P] and the squares [r] changes: the
    men [P] has there go, the men the predecessor has there come
    ([ProofGameproof.pre_tally_sound]). *)

Definition tally_plus (D : dtable) (o : option piece) (s : int) (t : tally) : tally :=
  match o with
  | None => t
  | Some (MkPiece White r) => Tally (dist D White r s + t_white t) (t_black t) (S (n_white t)) (n_black t)
  | Some (MkPiece Black r) => Tally (t_white t) (dist D Black r s + t_black t) (n_white t) (S (n_black t))
  end%nat.

Definition tally_minus (D : dtable) (o : option piece) (s : int) (t : tally) : tally :=
  match o with
  | None => t
  | Some (MkPiece White r) => Tally (t_white t - dist D White r s) (t_black t) (n_white t - 1) (n_black t)
  | Some (MkPiece Black r) => Tally (t_white t) (t_black t - dist D Black r s) (n_white t) (n_black t - 1)
  end%nat.

Definition pre_tally (D : dtable) (P : position) (t : tally) (r : retraction) : tally :=
  let S := turn P in
  let M := opp S in
  let m := rt_move r in
  let f := mv_from m in
  let to := mv_to m in
  let b := piece_at P in
  let bt := b to in
  let cap := match rt_capture r with Some x => Some (MkPiece S x) | None => None end in
  match mv_kind m with
  | Normal => tally_minus D bt to (tally_plus D cap to (tally_plus D bt f t))
  | Promotion => tally_minus D bt to (tally_plus D cap to (tally_plus D (Some (MkPiece M Pawn)) f t))
  | EnPassant =>
      let v := ep_victim M to in
      let t1 := tally_plus D bt f t in
      tally_minus D bt to (if inb v all_squares then tally_plus D (Some (MkPiece S Pawn)) v t1 else t1)
  | Castle =>
      let side := castling_side_of M to in
      let rt := castle_rook_to M side in
      let brt := b rt in
      tally_minus D bt to (tally_minus D brt rt (tally_plus D bt f (tally_plus D brt (castle_rook_from M side) t)))
  end.

(** The candidate retractions of [P] to positions a game of [k] plies
    may reach, by the table [D] ([t]: [P]'s sums by [D]): those of
    [retractions P] failing the bound are left out before they are built
    ([ProofGameproof.within_complete]). *)
Definition within_candidates (D : dtable) (t : tally) (k : nat) (P : position) : list retraction :=
  let M := opp (turn P) in
  if negb (color_eqb M (turn_after k)) ||| in_check_b (piece_at P) M then []
  else
    let lw := moves_in White k in
    let lb := moves_in Black k in
    filter (fun r => tally_fits lw lb (pre_tally D P t r)) (candidates P).

(** ** Tables of the blocked squares met

    The table of a set of blocked squares is computed and checked
    ([table_ok]) once, then found again by a hash of the set (the hash is
    not trusted: a hit is confirmed by comparing the sets).  A table that
    fails its check is replaced by the table of the open board.  The set
    is copied before it is kept: [frozen_set] builds every set from one
    shared array, and reading an old version of a persistent array costs
    the undoing of the versions after it. *)

Definition tables : Type := PositiveMap.t (list (array bool * dtable)).

Definition blocks_key (F : array bool) : positive :=
  path_of 16 (fold_left (fun h s => if F.[s] then h * 3 + s + 1 else h * 5) all_squares 7).

Definition same_blocks (F F' : array bool) : bool :=
  forallb (fun s => Bool.eqb F.[s] F'.[s]) all_squares.

(** The blocked squares used for [F], their table, and the tables. *)
Definition table_for (bkey : array bool -> positive) (tab : array bool -> dtable) (C : tables) (F : array bool) : tables * array bool * dtable :=
  let k := bkey F in
  let l := match PositiveMap.find k C with Some l => l | None => [] end in
  match find (fun e => same_blocks F (fst e)) l with
  | Some (F', D) => (C, F', D)
  | None =>
      let F' := PArray.copy F in
      let D := tab F' in
      if table_ok F' D then (PositiveMap.add k ((F', D) :: l) C, F', D) else (C, no_blocks, open_table)
  end.

(** ** Positions found dead *)

Definition memo : Type := PositiveMap.t (list (position * nat)).

Definition memo_bucket (T : memo) (k : positive) : list (position * nat) :=
  match PositiveMap.find k T with Some l => l | None => [] end.

(** No game of [n] plies reaches [Q]: [Q] realizes a position found dead
    at [n] plies. *)
Definition known_dead (key : position -> positive) (T : memo) (Q : position) (n : nat) : bool :=
  existsb (fun Mj => Nat.eqb (snd Mj) n &&& realizes_b Q (fst Mj)) (memo_bucket T (key Q)).

Definition add_dead (key : position -> positive) (T : memo) (Q : position) (n : nat) : memo :=
  let k := key Q in PositiveMap.add k ((Q, n) :: memo_bucket T k) T.

(** ** The search *)

(** The games found after the retraction [r] of [Q]: each game [g] of
    the predecessor, followed by the ply [r] takes back. *)
Definition extend (Q : position) (r : retraction) (gs : list (list string)) : list (list string) :=
  map (fun g => g ++ [retraction_to_string (turn Q) r]) gs.

(** [search key k Q T]: [Some (T', gs)] with [gs] the plies of every
    game of [k] plies reaching [Q] (and maybe more), [T'] the table [T]
    with the positions found dead; [None] when a position met is not
    well formed. *)
Fixpoint search (key : position -> positive) (bkey : array bool -> positive) (tab : array bool -> dtable) (blocks : position -> array bool)
    (k : nat) (Q : position) (T : memo) (C : tables) :
    option (memo * tables * list (list string)) :=
  match k with
  | O => Some (T, C, if may_be_initial Q then [[]] else [])
  | S k' =>
    if known_dead key T Q k then Some (T, C, [])
    else if negb (wf Q) then None
    else
      let '(C, _, D) := table_for bkey tab C (blocks Q) in
      let t := tally_of D Q in
      if negb (bound_tally k (turn Q) t) then Some (add_dead key T Q k, C, [])
      else
      let x0 := tinit Q in
      match fold_left (fun acc r =>
                match acc with
                | None => None
                | Some (T1, Cs1, gs) =>
                    let y := unmake_t Q x0 r in
                    let Q' := unmake_meta Q r (tb_arr y) in
                    if known_dead key T1 Q' k' then acc
                    else if retraction_ok_fast Q r Q' y then
                      match search key bkey tab blocks k' Q' T1 Cs1 with
                      | None => None
                      | Some (T2, Cs2, gs') => Some (T2, Cs2, extend Q r gs' ++ gs)
                      end
                    else acc
                end) (within_candidates D t k' Q) (Some (T, C, [])) with
      | None => None
      | Some (T', C', []) => Some (add_dead key T' Q k, C', [])
      | Some (T', C', gs) => Some (T', C', gs)
      end
  end.

(** ** The checkers *)

Definition list_eqb (a b : list string) : bool :=
  if list_eq_dec string_dec a b then true else false.

Definition listed (gs : list (list string)) (g : list string) : bool := existsb (list_eqb g) gs.

(** Every game of [N] plies showing [P] is one of [gs]. *)
Definition check_only_games_gen (key : position -> positive) (bkey : array bool -> positive) (tab : array bool -> dtable)
    (blocks : position -> array bool) (P : position) (N : nat) (gs : list (list string)) : bool :=
  match search key bkey tab blocks N (diagram P) (PositiveMap.empty _) (PositiveMap.empty _) with
  | Some (_, _, found) => forallb (listed gs) found
  | None => false
  end.

(** [g] (ply names, oldest first) is a game showing [P]: each name is
    resolved against the fast generator's moves and the step checked by
    [game_step_b] (Reachable.v). *)
Fixpoint replay_plies (G : position) (g : list string) : option position :=
  match g with
  | [] => Some G
  | n :: g' =>
    match find (fun m => String.eqb (ply_string G m) n) (legal_moves G) with
    | Some m => let G' := play G m in if game_step_b G m G' then replay_plies G' g' else None
    | None => None
    end
  end.

Definition same_diagram_b (G P : position) : bool :=
  forallb (same_man G P) all_squares &&& color_eqb (turn P) (turn G).

Definition check_game_plies (P : position) (N : nat) (g : list string) : bool :=
  Nat.eqb (List.length g) N &&&
  match replay_plies initial g with Some G => same_diagram_b G P | None => false end.

(** No game of fewer than [N] plies shows [P]: the searches for each
    length below [N] find nothing (one table of dead positions serves
    them all). *)
Definition check_no_shorter_gen (key : position -> positive) (bkey : array bool -> positive) (tab : array bool -> dtable)
    (blocks : position -> array bool) (P : position) (N : nat) : bool :=
  match fold_left (fun acc k =>
          match acc with
          | None => None
          | Some (T, C) => match search key bkey tab blocks k (diagram P) T C with
                           | Some (T', C', []) => Some (T', C')
                           | _ => None
                           end
          end) (seq 0 N) (Some (PositiveMap.empty _, PositiveMap.empty _)) with
  | Some _ => true
  | None => false
  end.

(** The blocked squares of a position: its frozen squares (Stranded.v). *)
Definition frozen_blocks (Q : position) : array bool := frozen_set (piece_at Q).

(** The checkers, with Cert.v's hash of positions ([slot]), the hash of
    sets of squares [blocks_key], the tables of [dist_avoiding] and the
    frozen squares.  (The [_gen] forms take them as arguments, and the
    proofs hold for any hashes and table maker, and
    for any sets of squares whose men never moved: the kernel then never
    meets them while checking the proofs, where it could start evaluating
    them on unknown arguments.) *)
Definition check_only_games (P : position) (N : nat) (gs : list (list string)) : bool :=
  check_only_games_gen slot blocks_key dist_avoiding frozen_blocks P N gs.

Definition check_no_shorter (P : position) (N : nat) : bool :=
  check_no_shorter_gen slot blocks_key dist_avoiding frozen_blocks P N.
