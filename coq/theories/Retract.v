(** * Retract: the retraction generator.

    [retractions P : list (retraction * position)] lists the ways to take
    back the last move of position [P] (made by the side not to move, M),
    each with the predecessor [Q] (M to move).  Semantics (identical to the
    native engine's, issue #3):

    1. the move is legal in Q and gives P's board ([legal_move Q m P]);
    2. the side to move in P (S) is not in check in Q;
    3. the material of Q is possible ([material_ok]);
    4. castling rights in P are assertions: the king and rook they name
       never moved, so no retraction moves them; Q keeps P's rights
       (plus, after un-castling, M's right on the castled side, which
       the castling move needs); un-castling requires that P asserts no
       right for M;
    5. an en-passant square in P asserts that the last move was that double
       push: it is then the only retraction.  After un-en-passant, Q carries
       the en-passant square (its only retraction is the double push);
       otherwise Q has no en-passant square.
    Uncaptured men: any role but king, no pawn on the first or last rank
    (and whatever [material_ok] allows).  Counters are not modelled.

    Design: [candidates] over-approximates the predecessors (cheap, on the
    board); [retractions] keeps the candidates that pass a filter deciding
    the conditions above: [retraction_ok_fast] (no 64-square scan per
    candidate, see "The generator"), or, for boards not of 64 cells,
    [retraction_ok] (the plain decision procedure, RulesCheck.v).
    Soundness (Soundness.v) follows from the filter; completeness reduces
    to [candidates] being a superset. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck.
Import ListNotations.
Open Scope uint63_scope.

(** A retraction: the forward move it takes back, and the man it
    uncaptures ([Some Pawn] for en passant, [None] for castling). *)
Record retraction : Set := Retraction {
  rt_move : move;
  rt_capture : option role
}.

(** ** Assertions of P (rules 4 and 5) *)

Definition sides : list (color * castling_side) :=
  [(White, KingSide); (White, QueenSide); (Black, KingSide); (Black, QueenSide)].

(** Equality of optional squares. *)
Definition ooint_eqb (a b : option int) : bool :=
  match a, b with None, None => true | Some x, Some y => x =? y | _, _ => false end.

(** The readable statement. *)
Definition respects_assertions (P : position) (m : move) (Q : position) : Prop :=
  (* P's castling rights are kept in Q *)
  (forall c side, castling_right P c side = true -> castling_right Q c side = true) /\
  (* the men named by P's rights did not move: the move does not end on their squares *)
  (forall c side, castling_right P c side = true ->
     (mv_to m =? castle_king_from c) = false /\ (mv_to m =? castle_rook_from c side) = false) /\
  (* un-castling: P asserts no right for the castling side *)
  (mv_kind m = Castle -> forall side, castling_right P (turn Q) side = false) /\
  (* P's en-passant square: the move was that double push *)
  (forall e, ep_square P = Some e ->
     mv_kind m = Normal /\ piece_at Q (mv_from m) = Some (MkPiece (turn Q) Pawn) /\
     (mv_from m =? pawn_step (opp (turn Q)) e) = true /\ (mv_to m =? pawn_step (turn Q) e) = true) /\
  (* Q's en-passant square: exactly after an en-passant capture *)
  ooint_eqb (ep_square Q) (match mv_kind m with EnPassant => Some (mv_to m) | _ => None end) = true.

(** The uncaptured man stands on the destination in Q. *)
Definition capture_matches (P : position) (r : retraction) (Q : position) : Prop :=
  match mv_kind (rt_move r) with
  | Normal | Promotion =>
      piece_at Q (mv_to (rt_move r)) =
        match rt_capture r with Some x => Some (MkPiece (turn P) x) | None => None end
  | EnPassant => rt_capture r = Some Pawn
  | Castle => rt_capture r = None
  end.

Definition respects_assertions_b (P : position) (m : move) (Q : position) : bool :=
  forallb (fun '(c, side) => negb (castling_right P c side) ||| castling_right Q c side) sides &&&
  forallb (fun '(c, side) => negb (castling_right P c side) |||
             (negb (mv_to m =? castle_king_from c) &&& negb (mv_to m =? castle_rook_from c side))) sides &&&
  (match mv_kind m with
   | Castle => negb (castling_right P (turn Q) KingSide) &&& negb (castling_right P (turn Q) QueenSide)
   | _ => true end) &&&
  (match ep_square P with
   | Some e => move_kind_eqb (mv_kind m) Normal &&&
               opiece_eqb (piece_at Q (mv_from m)) (Some (MkPiece (turn Q) Pawn)) &&&
               (mv_from m =? pawn_step (opp (turn Q)) e) &&& (mv_to m =? pawn_step (turn Q) e)
   | None => true end) &&&
  ooint_eqb (ep_square Q) (match mv_kind m with EnPassant => Some (mv_to m) | _ => None end).

Definition capture_matches_b (P : position) (r : retraction) (Q : position) : bool :=
  match mv_kind (rt_move r) with
  | Normal | Promotion =>
      opiece_eqb (piece_at Q (mv_to (rt_move r)))
        (match rt_capture r with Some x => Some (MkPiece (turn P) x) | None => None end)
  | EnPassant => orole_eqb (rt_capture r) (Some Pawn)
  | Castle => orole_eqb (rt_capture r) None
  end.

(** The whole filter. *)
Definition retraction_ok (P : position) (r : retraction) (Q : position) : bool :=
  respects_assertions_b P (rt_move r) Q &&& capture_matches_b P r Q &&&
  legal_move_b_given Q (rt_move r) P &&&
  negb (in_check_b (piece_at Q) (turn P)) &&&
  material_ok (piece_at Q).

(** ** Taking a move back *)

(** The predecessor named by a retraction: P's board with the move undone
    ([unmake_board]), M to move, castling rights and en-passant square as
    in rules 4 and 5 ([unmake_meta]).  The board is copied, so P and Q do
    not share a persistent array. *)
Definition unmake_board (P : position) (r : retraction) : array int :=
  let m := rt_move r in
  let S := turn P in
  let M := opp S in
  let a := board P in
  let b := PArray.copy a in
  let f := mv_from m in
  let t := mv_to m in
  let cap := match rt_capture r with Some x => cell_of_piece (MkPiece S x) | None => 0 end in
  match mv_kind m with
  | Normal => b.[f <- a.[t]].[t <- cap]
  | Promotion => b.[f <- cell_of_piece (MkPiece M Pawn)].[t <- cap]
  | EnPassant => b.[f <- a.[t]].[t <- 0].[ep_victim M t <- cell_of_piece (MkPiece S Pawn)]
  | Castle =>
      let side := castling_side_of M t in
      b.[t <- 0].[castle_rook_to M side <- 0].[f <- cell_of_piece (MkPiece M King)]
       .[castle_rook_from M side <- cell_of_piece (MkPiece M Rook)]
  end.

(** P's castling rights plus [(c, side)], rebuilt from the four rights
    (so that the rights of Q are read without reasoning on bits). *)
Definition castling_with (P : position) (c : color) (side : castling_side) : int :=
  let has c' s' := castling_right P c' s' ||
    (color_eqb c' c && match s', side with
                       | KingSide, KingSide | QueenSide, QueenSide => true
                       | _, _ => false end) in
  (if has White KingSide then 1 else 0) + (if has White QueenSide then 2 else 0) +
  (if has Black KingSide then 4 else 0) + (if has Black QueenSide then 8 else 0).

Definition unmake_meta (P : position) (r : retraction) (b : array int) : position :=
  let m := rt_move r in
  let M := opp (turn P) in
  match mv_kind m with
  | Normal | Promotion => Position b M (castling P) None
  | EnPassant => Position b M (castling P) (Some (mv_to m))
  | Castle => Position b M (castling_with P M (castling_side_of M (mv_to m))) None
  end.

Definition unmake (P : position) (r : retraction) : position :=
  unmake_meta P r (unmake_board P r).

(** ** Candidates *)

(** Roles that may be uncaptured: [u_mid] on ranks 2..7, [u_back] on ranks
    1 and 8 (no pawn there).  Pruned once per position from S's men in P:
    none if S already has 16 men, no pawn if S already has 8 pawns (the
    filter would reject those predecessors anyway, by [material_ok]). *)
Record uncaptures : Set := Uncaptures { u_mid : list role; u_back : list role }.

Definition count_cells (b : array int) (x : int) : int :=
  fold_left (fun n s => if b.[s] =? x then n + 1 else n) all_squares 0.

Definition count_color (b : array int) (bit : int) : int :=
  fold_left (fun n s => let c := b.[s] in if (c =? 0) ||| negb (c land 8 =? bit) then n else n + 1)
            all_squares 0.

Definition uncaptures_of (P : position) : uncaptures :=
  let S := turn P in
  let b := board P in
  if 16 <=? count_color b (color_bit S) then Uncaptures [] []
  else if 8 <=? count_cells b (cell_of_piece (MkPiece S Pawn)) then
    Uncaptures [Knight; Bishop; Rook; Queen] [Knight; Bishop; Rook; Queen]
  else Uncaptures [Pawn; Knight; Bishop; Rook; Queen] [Knight; Bishop; Rook; Queen].

Definition uncapture_roles (u : uncaptures) (t : int) : list role :=
  if (rank_of t =? 0) ||| (rank_of t =? 7) then u_back u else u_mid u.

(** [m] with every uncapture on its destination ([quiet]: also without). *)
Definition with_captures (u : uncaptures) (m : move) (quiet : bool) (acc : list retraction) :
    list retraction :=
  let acc := fold_left (fun acc x => Retraction m (Some x) :: acc) (uncapture_roles u (mv_to m)) acc in
  if quiet then Retraction m None :: acc else acc.

Definition is_empty (P : position) (s : int) : bool := (board P).[s] =? 0.

(** Normal retractions of the man on [t] from the squares of [l]. *)
Fixpoint from_squares (P : position) (u : uncaptures) (t : int) (l : list int) (acc : list retraction) :
    list retraction :=
  match l with
  | [] => acc
  | f :: r =>
    from_squares P u t r (if is_empty P f then with_captures u (Move Normal f t None) true acc else acc)
  end.

(** Sliding back along [l] while the squares are empty. *)
Fixpoint slide_back (P : position) (u : uncaptures) (t : int) (l : list int) (acc : list retraction) :
    list retraction :=
  match l with
  | [] => acc
  | f :: r =>
    if is_empty P f then slide_back P u t r (with_captures u (Move Normal f t None) true acc) else acc
  end.

(** Pawn of M on [t]. *)
Definition pawn_candidates (P : position) (u : uncaptures) (M : color) (t : int) (acc : list retraction) :
    list retraction :=
  let S := opp M in
  let back := pawn_step S t in
  let rr := relative_rank M t in
  (* single and double steps *)
  let acc :=
    if (2 <=? rr) &&& is_empty P back then
      let acc := Retraction (Move Normal back t None) None :: acc in
      let back2 := pawn_step S back in
      if (rr =? 3) &&& is_empty P back2 then Retraction (Move Normal back2 t None) None :: acc else acc
    else acc in
  (* captures, and en passant *)
  fold_left (fun acc f =>
    if is_empty P f then
      let acc := if 2 <=? rr then with_captures u (Move Normal f t None) false acc else acc in
      (* en passant: the victim's square [back] and the square its double
         step started from ([pawn_step M t]) are empty: Q carries the
         en-passant square [t], which asserts that double step (rule 5) *)
      if (rr =? 5) &&& is_empty P back &&& is_empty P (pawn_step M t)
      then Retraction (Move EnPassant f t None) (Some Pawn) :: acc else acc
    else acc) (pawn_attacks S t) acc.

(** Promoted man of M on [t] (last rank): unpromotions. *)
Definition unpromotions (P : position) (u : uncaptures) (M : color) (r : role) (t : int)
    (acc : list retraction) : list retraction :=
  let S := opp M in
  let back := pawn_step S t in
  let acc := if is_empty P back then Retraction (Move Promotion back t (Some r)) None :: acc else acc in
  fold_left (fun acc f =>
    if is_empty P f then with_captures u (Move Promotion f t (Some r)) false acc else acc)
    (pawn_attacks S t) acc.

Definition uncastlings (P : position) (M : color) (t : int) (acc : list retraction) : list retraction :=
  fold_left (fun acc side =>
    if (t =? castle_king_to M side) &&&
       opiece_eqb (piece_at P (castle_rook_to M side)) (Some (MkPiece M Rook)) &&&
       is_empty P (castle_king_from M) &&& is_empty P (castle_rook_from M side)
    then Retraction (Move Castle (castle_king_from M) t None) None :: acc else acc)
    [KingSide; QueenSide] acc.

Definition candidates_from (P : position) (u : uncaptures) (M : color) (t : int) (acc : list retraction) :
    list retraction :=
  match piece_at P t with
  | Some (MkPiece c r) =>
    if color_eqb c M then
      match r with
      | Pawn => pawn_candidates P u M t acc
      | Knight =>
        let acc := from_squares P u t knight_targets.[t] acc in
        if relative_rank M t =? 7 then unpromotions P u M r t acc else acc
      | King => uncastlings P M t (from_squares P u t king_targets.[t] acc)
      | _ =>
        let acc := fold_left (fun acc d => slide_back P u t (ray d t) acc) (slider_dirs r) acc in
        if relative_rank M t =? 7 then unpromotions P u M r t acc else acc
      end
    else acc
  | None => acc
  end.

Definition candidates (P : position) : list retraction :=
  let M := opp (turn P) in
  match ep_square P with
  | Some e =>
      (* rule 5: only the double push through e *)
      [Retraction (Move Normal (pawn_step (opp M) e) (pawn_step M e) None) None]
  | None =>
      let u := uncaptures_of P in
      fold_left (fun acc t => candidates_from P u M t acc) all_squares []
  end.

(** ** The generator

    The filter [retraction_ok] decides rules 1-5 on [Q] as it stands; it
    scans the 64 squares three times (board equality, S's king, material).
    The generator uses an equivalent filter, [retraction_ok_fast], that
    needs no scan per candidate:
    - [shape_ok P r] (a few cells of P) makes the board of [unmake P r]
      equal to the board of [play]ing the move backwards, by construction
      ([unmake_after], Soundness.v);
    - Q's board is built cell by cell with [tset], which keeps the
      material summary [mat_of] (RulesCheck.v) and the list of S's king
      squares up to date ([tinv]); S is not in check in Q when none of
      those squares is attacked, and [mat_ok] of the summary is
      [material_ok] of Q.
    P's summary is computed once ([tinit]).  Boards that do not have 64
    cells (never produced by [fen]) take the plain filter. *)

(** A board under construction, with its material summary and (a superset
    of) the squares of S's kings. *)
Record tboard : Set := TB { tb_arr : array int; tb_mat : mat; tb_kings : list int }.

Definition tset (S : color) (x : tboard) (s v : int) : tboard :=
  let a := tb_arr x in
  let nw := piece_of_cell v in
  TB (a.[s <- v]) (mat_step (tb_mat x) s (piece_of_cell a.[s]) nw)
     (if opiece_eqb nw (Some (MkPiece S King)) then s :: tb_kings x else tb_kings x).

Definition tinit (P : position) : tboard :=
  TB (board P) (mat_of (piece_at P))
     (filter (fun k => opiece_eqb (piece_at P k) (Some (MkPiece (turn P) King))) all_squares).

Definition tcopy (x : tboard) : tboard := TB (PArray.copy (tb_arr x)) (tb_mat x) (tb_kings x).

(** [unmake_board], cell by cell ([tb_arr (unmake_t P (tinit P) r) =
    unmake_board P r], [unmake_t_board]). *)
Definition unmake_t (P : position) (x0 : tboard) (r : retraction) : tboard :=
  let m := rt_move r in
  let S := turn P in
  let M := opp S in
  let a := board P in
  let x := tcopy x0 in
  let f := mv_from m in
  let t := mv_to m in
  let cap := match rt_capture r with Some x => cell_of_piece (MkPiece S x) | None => 0 end in
  match mv_kind m with
  | Normal => tset S (tset S x f a.[t]) t cap
  | Promotion => tset S (tset S x f (cell_of_piece (MkPiece M Pawn))) t cap
  | EnPassant =>
      tset S (tset S (tset S x f a.[t]) t 0) (ep_victim M t) (cell_of_piece (MkPiece S Pawn))
  | Castle =>
      let side := castling_side_of M t in
      tset S (tset S (tset S (tset S x t 0) (castle_rook_to M side) 0) f
                    (cell_of_piece (MkPiece M King)))
           (castle_rook_from M side) (cell_of_piece (MkPiece M Rook))
  end.

(** The cells of P that make [unmake P r] the position before the move
    (every square it writes is on the board, the squares the move leaves
    are empty in P, ...): see [unmake_after] in Soundness.v. *)
Definition shape_ok (P : position) (r : retraction) : bool :=
  let m := rt_move r in
  let M := opp (turn P) in
  let a := board P in
  let f := mv_from m in
  let t := mv_to m in
  (f <? 64) &&& (t <? 64) &&& (a.[f] =? 0) &&&
  match mv_kind m with
  | Normal => negb (f =? t)
  | Promotion =>
      match mv_promo m with Some x => a.[t] =? cell_of_piece (MkPiece M x) | None => false end
  | EnPassant =>
      let v := ep_victim M t in
      (v <? 64) &&& negb (f =? v) &&& negb (f =? t) &&& (a.[v] =? 0)
  | Castle =>
      let side := castling_side_of M t in
      let rt := castle_rook_to M side in
      let rf := castle_rook_from M side in
      (rt <? 64) &&& (rf <? 64) &&& (a.[t] =? cell_of_piece (MkPiece M King)) &&&
      (a.[rt] =? cell_of_piece (MkPiece M Rook)) &&& (a.[rf] =? 0)
  end.

(** None of the squares [ks] is attacked by [c]. *)
Fixpoint none_attacked (b : board_fn) (c : color) (ks : list int) : bool :=
  match ks with [] => true | k :: r => negb (attacked_b b c k) &&& none_attacked b c r end.

Definition retraction_ok_fast (P : position) (r : retraction) (Q : position) (y : tboard) : bool :=
  shape_ok P r &&&
  respects_assertions_b P (rt_move r) Q &&& capture_matches_b P r Q &&&
  pseudo_legal_b Q (rt_move r) &&&
  none_attacked (piece_at Q) (opp (turn P)) (tb_kings y) &&&
  mat_ok (tb_mat y).

Fixpoint keep_fast (P : position) (x0 : tboard) (l : list retraction)
    (acc : list (retraction * position)) : list (retraction * position) :=
  match l with
  | [] => acc
  | r :: l' =>
    let y := unmake_t P x0 r in
    let Q := unmake_meta P r (tb_arr y) in
    keep_fast P x0 l' (if retraction_ok_fast P r Q y then (r, Q) :: acc else acc)
  end.

Fixpoint keep (P : position) (l : list retraction) (acc : list (retraction * position)) :
    list (retraction * position) :=
  match l with
  | [] => acc
  | r :: l' =>
    let Q := unmake P r in
    keep P l' (if retraction_ok P r Q then (r, Q) :: acc else acc)
  end.

(** If the side that just moved is in check in P, P has no predecessor;
    otherwise the candidates passing the filter (whose check test of
    the mover's king is this one, done once: see [legal_move_b_given]). *)
Definition retractions (P : position) : list (retraction * position) :=
  if in_check_b (piece_at P) (opp (turn P)) then []
  else if PArray.length (board P) =? 64 then keep_fast P (tinit P) (candidates P) []
  else keep P (candidates P) [].

(** ** The filter is what it says *)

Lemma keep_spec : forall P l acc r Q,
  In (r, Q) (keep P l acc) -> In (r, Q) acc \/ (Q = unmake P r /\ retraction_ok P r Q = true).
Proof.
  intros P l; induction l as [|r0 l IH]; simpl; intros acc r Q H; auto.
  apply IH in H. destruct H as [H|H]; auto.
  destruct (retraction_ok P r0 (unmake P r0)) eqn:E; auto.
  destruct H as [H|H]; auto. injection H as <- <-. auto.
Qed.

Lemma keep_fast_spec : forall P x0 l acc r Q,
  In (r, Q) (keep_fast P x0 l acc) -> In (r, Q) acc \/
  (Q = unmake_meta P r (tb_arr (unmake_t P x0 r)) /\
   retraction_ok_fast P r Q (unmake_t P x0 r) = true).
Proof.
  intros P x0 l; induction l as [|r0 l IH]; simpl; intros acc r Q H; auto.
  apply IH in H. destruct H as [H|H]; auto.
  destruct (retraction_ok_fast P r0 _ _) eqn:E; auto.
  destruct H as [H|H]; auto. injection H as <- <-. auto.
Qed.

(** What the generator's output satisfies: the mover is not in check in
    P, and either the fast filter (64-cell boards) or the plain one. *)
Lemma retractions_ok : forall P r Q, In (r, Q) (retractions P) ->
  in_check_b (piece_at P) (opp (turn P)) = false /\
  ((PArray.length (board P) = 64 /\ Q = unmake P r /\
    retraction_ok_fast P r Q (unmake_t P (tinit P) r) = true) \/
   retraction_ok P r Q = true).
Proof.
  intros P r Q H. unfold retractions in H.
  destruct (in_check_b (piece_at P) (opp (turn P))); [destruct H|].
  split; [reflexivity|].
  destruct (PArray.length (board P) =? 64) eqn:HL.
  - left. apply Uint63.eqb_correct in HL.
    apply keep_fast_spec in H. destruct H as [[]|[-> H]].
    assert (tb_arr (unmake_t P (tinit P) r) = unmake_board P r) as Hb
      by (unfold unmake_t, unmake_board; destruct (mv_kind (rt_move r)); reflexivity).
    rewrite Hb in H |- *. auto.
  - right. apply keep_spec in H. destruct H as [[]|[_ H]]. exact H.
Qed.

Lemma respects_assertions_b_sound : forall P m Q,
  respects_assertions_b P m Q = true -> respects_assertions P m Q.
Proof.
  intros P m Q H. unfold respects_assertions_b in H. split_lazy.
  repeat match goal with H : forallb _ sides = true |- _ =>
    let H' := fresh "F" in rewrite forallb_forall in H; rename H into H' end.
  split; [|split; [|split; [|split]]].
  - intros c side Hc.
    assert (In (c, side) sides) as Hin by (destruct c, side; simpl; tauto).
    match goal with F : forall x, In x sides -> _ |- _ =>
      specialize (F _ Hin); simpl in F; rewrite Hc in F; simpl in F; exact F end.
  - intros c side Hc.
    assert (In (c, side) sides) as Hin by (destruct c, side; simpl; tauto).
    match goal with F : forall x, In x sides -> _ |- _ =>
      specialize (F _ Hin); simpl in F; rewrite Hc in F; simpl in F;
      destruct (mv_to m =? castle_king_from c) eqn:E1; [simpl in F; discriminate F|];
      destruct (mv_to m =? castle_rook_from c side) eqn:E2; [simpl in F; discriminate F|];
      split; reflexivity end.
  - intros Hk side. rewrite Hk in *.
    match goal with H : (if negb (castling_right P (turn Q) KingSide) then _ else false) = true |- _ =>
      destruct (castling_right P (turn Q) KingSide) eqn:EK; [discriminate|];
      destruct (castling_right P (turn Q) QueenSide) eqn:EQ; [discriminate|] end.
    destruct side; assumption.
  - intros e He. rewrite He in *. split_lazy. use_bools.
    split; [destruct (mv_kind m); try discriminate; reflexivity|].
    repeat split; triv.
  - triv.
Qed.

Lemma capture_matches_b_sound : forall P r Q, capture_matches_b P r Q = true -> capture_matches P r Q.
Proof.
  intros P r Q. unfold capture_matches_b, capture_matches.
  destruct (mv_kind (rt_move r)); intros H.
  - apply opiece_eqb_eq; exact H.
  - apply opiece_eqb_eq; exact H.
  - destruct (rt_capture r) as [[]|]; try discriminate; reflexivity.
  - destruct (rt_capture r) as [[]|]; try discriminate; reflexivity.
Qed.
