(** * Movegen: fast forward legal move generation (computational layer).

    Headline definitions:
    - [legal_moves : position -> list move]  all legal moves (FIDE rules:
      castling, en passant, promotion, check, pins);
    - [play : position -> move -> position]  the position after a move;
    - [perft : position -> nat -> int]        leaf count (Perft.v).

    This file is tuned for [vm_compute] and is *not* the specification:
    the rules are stated declaratively in Rules.v.  The generator is
    validated by the perft tests (tests/Perft.v) and by tests that compare
    it with the rules' decision procedure (tests/CrossCheck.v).

    Internal representation: a [state] caches the king squares and encodes
    the side to move as a colour bit ([0] white, [8] black, the bit of the
    cell encoding of Board.v) and the en-passant square as an int ([64]:
    none).  Moves are packed ints:
      [from + (to << 6) + (kind << 12) + (promo << 14)]
    with kind 0 normal, 1 promotion, 2 en passant, 3 castle (the encoding of
    [move_kind_to_int]) and promo the cell code of the promoted role
    without colour (2 knight, 3 bishop, 4 rook, 5 queen).

    Legality: the king's squares of check and pin are computed once per
    position by walking the eight rays from the king; then
    - in double check only king moves are generated;
    - in single check non-king moves must land on the checking line
      (the "block" squares, checker included);
    - a pinned man moves only along its pin line (a pinned knight never);
    - king moves go to squares not attacked on the board without the king;
    - en-passant captures are checked by playing them and testing the king. *)

From Coq Require Import Uint63 PArray List Bool.
From RetroProof Require Import Gen.Vocab Gen.Tables Board.
Import ListNotations.
Open Scope uint63_scope.

(** ** Lines and attacks on raw boards *)

(** Directions 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW (as in Tables.v);
    the opposite of [d] is [d lxor 4]; even directions are orthogonal. *)
Definition ray (d s : int) : list int := rays.[(d << 6) + s].

(** The first non-empty cell met along [l] (0 if none). *)
Fixpoint first_occ (b : array int) (l : list int) : int :=
  match l with
  | [] => 0
  | s :: r => let c := b.[s] in if c =? 0 then first_occ b r else c
  end.

(** Does some square of [l] hold the cell [x]? *)
Fixpoint has_cell (b : array int) (x : int) (l : list int) : bool :=
  match l with
  | [] => false
  | s :: r => if b.[s] =? x then true else has_cell b x r
  end.

Definition hits (b : array int) (x y : int) (l : list int) : bool :=
  let c := first_occ b l in (c =? x) ||| (c =? y).

(** Is square [s] attacked by the men of colour bit [them] on board [b]? *)
Definition attacked (b : array int) (them s : int) : bool :=
  has_cell b (them + 2) knight_targets.[s] |||
  has_cell b (them + 1) (if them =? 0 then black_pawn_attacks.[s] else white_pawn_attacks.[s]) |||
  has_cell b (them + 6) king_targets.[s] |||
  (let r := them + 4 in let q := them + 5 in
   hits b r q (ray 0 s) ||| hits b r q (ray 2 s) ||| hits b r q (ray 4 s) ||| hits b r q (ray 6 s)) |||
  (let bi := them + 3 in let q := them + 5 in
   hits b bi q (ray 1 s) ||| hits b bi q (ray 3 s) ||| hits b bi q (ray 5 s) ||| hits b bi q (ray 7 s)).

(** ** State *)

Record state : Set := St {
  st_board : array int;
  st_us : int;     (* colour bit of the side to move *)
  st_cr : int;     (* castling rights, as in [castling] *)
  st_ep : int;     (* en-passant square, 64 if none *)
  st_wk : int;     (* white king square *)
  st_bk : int      (* black king square *)
}.

(** First square holding cell [x], 64 if none. *)
Fixpoint find_cell (b : array int) (x : int) (l : list int) : int :=
  match l with
  | [] => 64
  | s :: r => if b.[s] =? x then s else find_cell b x r
  end.

Definition state_of (p : position) : state :=
  let b := board p in
  St b (color_bit (turn p)) (castling p)
     (match ep_square p with Some e => e | None => 64 end)
     (find_cell b 6 all_squares) (find_cell b 14 all_squares).

Definition position_of (s : state) : position :=
  Position (st_board s) (if st_us s =? 0 then White else Black) (st_cr s)
           (if st_ep s =? 64 then None else Some (st_ep s)).

(** ** Check and pin information *)

Fixpoint prefix_to (t : int) (l : list int) : list int :=
  match l with
  | [] => []
  | s :: r => if s =? t then [s] else s :: prefix_to t r
  end.

(** Walking [l] from the king: [1 + 4*s] if the first man, on [s], is an
    enemy slider [x] or [y] (a check); [2 + 4*s] if it is our man on [s]
    and the next man is such a slider (a pin); 0 otherwise. *)
Fixpoint scan_line (b : array int) (us x y : int) (l : list int) : int :=
  match l with
  | [] => 0
  | s :: r =>
    let c := b.[s] in
    if c =? 0 then scan_line b us x y r
    else if (c land 8) =? us then (if hits b x y r then 2 + (s << 2) else 0)
    else if (c =? x) ||| (c =? y) then 1 + (s << 2) else 0
  end.

(** Accumulator: number of checkers, block squares, pins ([s + (d << 6)]). *)
Definition kinfo : Set := (int * list int * list int)%type.

Definition dir_step (b : array int) (us them k d : int) (acc : kinfo) : kinfo :=
  let l := ray d k in
  let x := if d land 1 =? 0 then them + 4 else them + 3 in
  let info := scan_line b us x (them + 5) l in
  if info =? 0 then acc
  else let '(n, bl, pins) := acc in
    if info land 3 =? 1 then (n + 1, prefix_to (info >> 2) l, pins)
    else (n, bl, (info >> 2) + (d << 6) :: pins).

Fixpoint leaper_checks (b : array int) (x : int) (l : list int) (acc : kinfo) : kinfo :=
  match l with
  | [] => acc
  | s :: r =>
    if b.[s] =? x then let '(n, _, pins) := acc in leaper_checks b x r (n + 1, [s], pins)
    else leaper_checks b x r acc
  end.

Definition king_info (b : array int) (us them k : int) : kinfo :=
  let acc := (0, [], []) in
  let acc := leaper_checks b (them + 2) knight_targets.[k] acc in
  let acc := leaper_checks b (them + 1)
               (if us =? 0 then white_pawn_attacks.[k] else black_pawn_attacks.[k]) acc in
  dir_step b us them k 7 (dir_step b us them k 6 (dir_step b us them k 5 (dir_step b us them k 4
  (dir_step b us them k 3 (dir_step b us them k 2 (dir_step b us them k 1 (dir_step b us them k 0 acc))))))).

Fixpoint pin_dir (s : int) (pins : list int) : int :=
  match pins with
  | [] => 8
  | x :: r => if (x land 63) =? s then x >> 6 else pin_dir s r
  end.

Fixpoint mem_int (x : int) (l : list int) : bool :=
  match l with [] => false | y :: r => if x =? y then true else mem_int x r end.

(** ** Generation *)

Definition mk (f t : int) : int := f + (t << 6).
(* inlined in the hot paths *)
Local Notation mk_ f t := (f + (t << 6)) (only parsing).
Local Notation ray_ d s := (rays.[(d << 6) + s]) (only parsing).

(** Moves from [f] sliding along [l] (nearest square first). *)
Definition slide (b : array int) (us f : int) : list int -> list int -> list int :=
  fix go l acc :=
    match l with
    | [] => acc
    | t :: r =>
      let c := b.[t] in
      if c =? 0 then go r (mk_ f t :: acc)
      else if c land 8 =? us then acc else mk_ f t :: acc
    end.

(** Moves from [f] to the squares of [l] not holding our men. *)
Definition leap (b : array int) (us f : int) : list int -> list int -> list int :=
  fix go l acc :=
    match l with
    | [] => acc
    | t :: r =>
      let c := b.[t] in
      if c =? 0 then go r (mk_ f t :: acc)
      else if c land 8 =? us then go r acc else go r (mk_ f t :: acc)
    end.

(** A pawn move, or the four promotions when [promo]. *)
Definition emit_pawn (promo : bool) (m : int) (acc : list int) : list int :=
  if promo then
    let m := m + 4096 in   (* kind 1 *)
    (m + 32768) :: (m + 49152) :: (m + 65536) :: (m + 81920) :: acc  (* N B R Q *)
  else m :: acc.

(** Pawn moves; [pd] is the pin direction (8: not pinned). *)
Definition white_pawn (b : array int) (f pd : int) (acc : list int) : list int :=
  let promo := 48 <=? f in
  let fl := f land 7 in
  let acc :=
    if (fl =? 0) ||| ((pd <? 8) &&& (if pd =? 7 then false else negb (pd =? 3))) then acc
    else let t := f + 7 in let c := b.[t] in
         if c <? 8 then acc else emit_pawn promo (mk_ f t) acc in
  let acc :=
    if (fl =? 7) ||| ((pd <? 8) &&& (if pd =? 1 then false else negb (pd =? 5))) then acc
    else let t := f + 9 in let c := b.[t] in
         if c <? 8 then acc else emit_pawn promo (mk_ f t) acc in
  if (pd <? 8) &&& (if pd =? 0 then false else negb (pd =? 4)) then acc
  else
    let t := f + 8 in
    if b.[t] =? 0 then
      let acc := emit_pawn promo (mk_ f t) acc in
      if f <? 16 then
        let t2 := f + 16 in if b.[t2] =? 0 then mk_ f t2 :: acc else acc
      else acc
    else acc.

Definition black_pawn (b : array int) (f pd : int) (acc : list int) : list int :=
  let promo := f <? 16 in
  let fl := f land 7 in
  let acc :=
    if (fl =? 0) ||| ((pd <? 8) &&& (if pd =? 5 then false else negb (pd =? 1))) then acc
    else let t := f - 9 in let c := b.[t] in
         if (c =? 0) ||| (8 <? c) then acc else emit_pawn promo (mk_ f t) acc in
  let acc :=
    if (fl =? 7) ||| ((pd <? 8) &&& (if pd =? 3 then false else negb (pd =? 7))) then acc
    else let t := f - 7 in let c := b.[t] in
         if (c =? 0) ||| (8 <? c) then acc else emit_pawn promo (mk_ f t) acc in
  if (pd <? 8) &&& (if pd =? 0 then false else negb (pd =? 4)) then acc
  else
    let t := f - 8 in
    if b.[t] =? 0 then
      let acc := emit_pawn promo (mk_ f t) acc in
      if 48 <=? f then
        let t2 := f - 16 in if b.[t2] =? 0 then mk_ f t2 :: acc else acc
      else acc
    else acc.

(** Moves of our man (not the king) with cell [c] on [f]; [pins] as in
    [king_info]. *)
Definition piece_moves (b : array int) (us f c : int) (pins : list int) (acc : list int) : list int :=
  let pd := match pins with [] => 8 | _ => pin_dir f pins end in
  let r := c land 7 in
  if r =? 1 then (if us =? 0 then white_pawn b f pd acc else black_pawn b f pd acc)
  else if pd =? 8 then
    if r =? 2 then leap b us f knight_targets.[f] acc
    else if r =? 3 then
      slide b us f (ray_ 1 f) (slide b us f (ray_ 3 f) (slide b us f (ray_ 5 f) (slide b us f (ray_ 7 f) acc)))
    else if r =? 4 then
      slide b us f (ray_ 0 f) (slide b us f (ray_ 2 f) (slide b us f (ray_ 4 f) (slide b us f (ray_ 6 f) acc)))
    else if r =? 5 then
      slide b us f (ray_ 1 f) (slide b us f (ray_ 3 f) (slide b us f (ray_ 5 f) (slide b us f (ray_ 7 f)
      (slide b us f (ray_ 0 f) (slide b us f (ray_ 2 f) (slide b us f (ray_ 4 f) (slide b us f (ray_ 6 f) acc)))))))
    else acc
  else
    (* pinned along direction [pd] (from the king): a knight cannot move,
       a slider only along the pin line, if it moves along such lines *)
    if (r =? 5) ||| ((r =? 4) &&& (pd land 1 =? 0)) ||| ((r =? 3) &&& (pd land 1 =? 1)) then
      slide b us f (ray_ pd f) (slide b us f (ray_ (pd lxor 4) f) acc)
    else acc.

(** Moves of all our men but the king. *)
Definition all_piece_moves (b : array int) (us : int) (pins : list int) : list int -> list int -> list int :=
  fix go l acc :=
    match l with
    | [] => acc
    | f :: r =>
      let c := b.[f] in
      if c =? 0 then go r acc
      else if c land 8 =? us then go r (piece_moves b us f c pins acc)
      else go r acc
    end.

(** In check: keep the moves that land on a block square. *)
Fixpoint keep_blocks (blocks : list int) (l acc : list int) : list int :=
  match l with
  | [] => acc
  | m :: r => if mem_int ((m >> 6) land 63) blocks then keep_blocks blocks r (m :: acc)
              else keep_blocks blocks r acc
  end.

Fixpoint king_steps (b b' : array int) (us them k : int) (l : list int) (acc : list int) : list int :=
  match l with
  | [] => acc
  | t :: r =>
    let c := b.[t] in
    if (if c =? 0 then true else negb (c land 8 =? us)) then
      if attacked b' them t then king_steps b b' us them k r acc
      else king_steps b b' us them k r (mk_ k t :: acc)
    else king_steps b b' us them k r acc
  end.

(** Castling (only called when not in check).  The king stands on e1/e8. *)
Definition castle_moves (b : array int) (us them cr : int) (acc : list int) : list int :=
  let base := if us =? 0 then 0 else 56 in
  let ks := if us =? 0 then 1 else 4 in
  let qs := if us =? 0 then 2 else 8 in
  let k := base + 4 in
  let acc :=
    if (if cr land ks =? 0 then false else true) &&& (b.[k] =? us + 6) &&& (b.[base + 7] =? us + 4)
       &&& (b.[base + 5] =? 0) &&& (b.[base + 6] =? 0)
       &&& (if attacked b them (base + 5) then false else true)
       &&& (if attacked b them (base + 6) then false else true)
    then mk_ k (base + 6) + 12288 :: acc else acc in
  if (if cr land qs =? 0 then false else true) &&& (b.[k] =? us + 6) &&& (b.[base] =? us + 4)
     &&& (b.[base + 3] =? 0) &&& (b.[base + 2] =? 0) &&& (b.[base + 1] =? 0)
     &&& (if attacked b them (base + 3) then false else true)
     &&& (if attacked b them (base + 2) then false else true)
  then mk_ k (base + 2) + 12288 :: acc else acc.

(** En-passant captures onto [ep], each verified by playing it. *)
Fixpoint ep_moves (b : array int) (us them k ep : int) (l : list int) (acc : list int) : list int :=
  match l with
  | [] => acc
  | f :: r =>
    if b.[f] =? us + 1 then
      let cap := if us =? 0 then ep - 8 else ep + 8 in
      let b2 := b.[f <- 0].[ep <- us + 1].[cap <- 0] in
      let acc := if attacked b2 them k then acc else mk_ f ep + 8192 :: acc in
      ep_moves b us them k ep r acc
    else ep_moves b us them k ep r acc
  end.

(** All legal moves of a state, packed. *)
Definition gen_legal (s : state) : list int :=
  let b := st_board s in
  let us := st_us s in
  let them := us lxor 8 in
  let k := if us =? 0 then st_wk s else st_bk s in
  let '(n, blocks, pins) := king_info b us them k in
  if n =? 0 then
    let acc := all_piece_moves b us pins all_squares [] in
    let acc := castle_moves b us them (st_cr s) acc in
    let acc := king_steps b b us them k king_targets.[k] acc in
    let ep := st_ep s in
    if ep =? 64 then acc
    else ep_moves b us them k ep (if us =? 0 then black_pawn_attacks.[ep] else white_pawn_attacks.[ep]) acc
  else if n =? 1 then
    let acc := keep_blocks blocks (all_piece_moves b us pins all_squares []) [] in
    let ep := st_ep s in
    let acc := if ep =? 64 then acc
      else ep_moves b us them k ep (if us =? 0 then black_pawn_attacks.[ep] else white_pawn_attacks.[ep]) acc in
    king_steps b b.[k <- 0] us them k king_targets.[k] acc
  else king_steps b b.[k <- 0] us them k king_targets.[k] [].

(** ** Playing a packed move *)

(** Castling rights kept when a man leaves or lands on a square. *)
Definition crmask : array int :=
  Eval vm_compute in (PArray.make 64 15).[0 <- 13].[4 <- 12].[7 <- 14].[56 <- 7].[60 <- 3].[63 <- 11].

Definition make_move (s : state) (m : int) : state :=
  let b := st_board s in
  let us := st_us s in
  let them := us lxor 8 in
  let f := m land 63 in
  let t := (m >> 6) land 63 in
  let kind := (m >> 12) land 3 in
  let pc := b.[f] in
  let cr := st_cr s land crmask.[f] land crmask.[t] in
  let wk := st_wk s in
  let bk := st_bk s in
  if kind =? 0 then
    let b' := b.[f <- 0].[t <- pc] in
    if pc land 7 =? 1 then
      let ep := if (t - f =? 16) ||| (f - t =? 16) then (f + t) >> 1 else 64 in
      St b' them cr ep wk bk
    else if pc land 7 =? 6 then
      (if us =? 0 then St b' them cr 64 t bk else St b' them cr 64 wk t)
    else St b' them cr 64 wk bk
  else if kind =? 1 then St b.[f <- 0].[t <- us + (m >> 14)] them cr 64 wk bk
  else if kind =? 2 then
    St b.[f <- 0].[t <- pc].[(if us =? 0 then t - 8 else t + 8) <- 0] them cr 64 wk bk
  else
    let rf := if f <? t then f + 3 else f - 4 in
    let rt := if f <? t then f + 1 else f - 1 in
    let b' := b.[f <- 0].[t <- pc].[rf <- 0].[rt <- us + 4] in
    if us =? 0 then St b' them cr 64 t bk else St b' them cr 64 wk t.

(** ** The public interface on [position] and [move] *)

Definition promo_code (r : role) : int := role_to_int r + 1.

Definition encode_move (m : move) : int :=
  mk (mv_from m) (mv_to m) + (move_kind_to_int (mv_kind m) << 12) +
  (match mv_promo m with Some r => promo_code r << 14 | None => 0 end).

Definition decode_move (x : int) : move :=
  let k := (x >> 12) land 3 in
  let kind := if k =? 0 then Normal else if k =? 1 then Promotion
              else if k =? 2 then EnPassant else Castle in
  Move kind (x land 63) ((x >> 6) land 63)
       (if k =? 1 then Some (role_of_code (x >> 14)) else None).

Definition legal_moves (p : position) : list move :=
  map decode_move (gen_legal (state_of p)).

(** The position after a move (the move is assumed to be legal). *)
Definition play (p : position) (m : move) : position :=
  position_of (make_move (state_of p) (encode_move m)).
