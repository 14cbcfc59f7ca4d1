(** * Movegen: fast forward legal move generation (computational layer).

    Headline definitions:
    - [legal_moves : position -> list move]  all legal moves (FIDE rules:
      castling, en passant, promotion, check, pins);
    - [play : position -> move -> position]  the position after a move;
    - [perft : position -> nat -> int]        leaf count (Perft.v).

    This file is tuned for [vm_compute] and is *not* the specification:
    the rules are stated declaratively in Rules.v.  The generator is
    validated by the perft tests (tests/Perft.v) and by tests that compare
    it with the rules' decision procedure (tests/MovegenSpec.v).

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
  let c := first_occ b l in (c =? x) || (c =? y).

(** Is square [s] attacked by the men of colour bit [them] on board [b]? *)
Definition attacked (b : array int) (them s : int) : bool :=
  has_cell b (them + 2) knight_targets.[s] ||
  has_cell b (them + 1) (if them =? 0 then black_pawn_attacks.[s] else white_pawn_attacks.[s]) ||
  has_cell b (them + 6) king_targets.[s] ||
  (let r := them + 4 in let q := them + 5 in
   hits b r q (ray 0 s) || hits b r q (ray 2 s) || hits b r q (ray 4 s) || hits b r q (ray 6 s)) ||
  (let bi := them + 3 in let q := them + 5 in
   hits b bi q (ray 1 s) || hits b bi q (ray 3 s) || hits b bi q (ray 5 s) || hits b bi q (ray 7 s)).

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
    else if (c =? x) || (c =? y) then 1 + (s << 2) else 0
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

(** Emit move [m] landing on [t] unless in check and [t] is not a block square. *)
Definition emit (chk : bool) (blocks : list int) (m t : int) (acc : list int) : list int :=
  if chk then (if mem_int t blocks then m :: acc else acc) else m :: acc.

Fixpoint slide (b : array int) (us f : int) (chk : bool) (blocks : list int)
    (l : list int) (acc : list int) : list int :=
  match l with
  | [] => acc
  | t :: r =>
    let c := b.[t] in
    if c =? 0 then slide b us f chk blocks r (emit chk blocks (mk f t) t acc)
    else if (c land 8) =? us then acc
    else emit chk blocks (mk f t) t acc
  end.

Fixpoint leap (b : array int) (us f : int) (chk : bool) (blocks : list int)
    (l : list int) (acc : list int) : list int :=
  match l with
  | [] => acc
  | t :: r =>
    let c := b.[t] in
    if (c =? 0) || negb ((c land 8) =? us) then leap b us f chk blocks r (emit chk blocks (mk f t) t acc)
    else leap b us f chk blocks r acc
  end.

(** Slide along direction [d] unless the pin forbids it. *)
Definition slide_dir (b : array int) (us f pd : int) (chk : bool) (blocks : list int)
    (d : int) (acc : list int) : list int :=
  if (pd =? 8) || (pd =? d) || (pd =? (d lxor 4)) then slide b us f chk blocks (ray d f) acc else acc.

(** Pawn moves landing on [t] (promotions when [t] is on the last rank). *)
Definition pawn_to (us f t : int) (chk : bool) (blocks : list int) (acc : list int) : list int :=
  let last := if us =? 0 then 56 <=? t else t <? 8 in
  if last then
    let m := mk f t + (1 << 12) in
    emit chk blocks (m + (2 << 14)) t (emit chk blocks (m + (3 << 14)) t
      (emit chk blocks (m + (4 << 14)) t (emit chk blocks (m + (5 << 14)) t acc)))
  else emit chk blocks (mk f t) t acc.

Fixpoint pawn_caps (b : array int) (us f pd : int) (chk : bool) (blocks : list int)
    (l : list int) (acc : list int) : list int :=
  match l with
  | [] => acc
  | t :: r =>
    let c := b.[t] in
    let d := if us =? 0 then (if t - f =? 9 then 1 else 7) else (if f - t =? 9 then 5 else 3) in
    if negb (c =? 0) && negb ((c land 8) =? us) && ((pd =? 8) || (pd =? d) || (pd =? (d lxor 4)))
    then pawn_caps b us f pd chk blocks r (pawn_to us f t chk blocks acc)
    else pawn_caps b us f pd chk blocks r acc
  end.

Definition pawn_moves (b : array int) (us f pd : int) (chk : bool) (blocks : list int)
    (acc : list int) : list int :=
  let acc := pawn_caps b us f pd chk blocks
               (if us =? 0 then white_pawn_attacks.[f] else black_pawn_attacks.[f]) acc in
  if (pd =? 8) || (pd =? 0) || (pd =? 4) then
    let t1 := if us =? 0 then f + 8 else f - 8 in
    if b.[t1] =? 0 then
      let acc := pawn_to us f t1 chk blocks acc in
      let start := if us =? 0 then (8 <=? f) && (f <? 16) else (48 <=? f) && (f <? 56) in
      if start then
        let t2 := if us =? 0 then f + 16 else f - 16 in
        if b.[t2] =? 0 then emit chk blocks (mk f t2) t2 acc else acc
      else acc
    else acc
  else acc.

(** Moves of our man (not the king) with cell [c] on [f]. *)
Definition piece_moves (b : array int) (us f c : int) (chk : bool) (blocks pins : list int)
    (acc : list int) : list int :=
  let pd := match pins with [] => 8 | _ => pin_dir f pins end in
  let r := c land 7 in
  if r =? 1 then pawn_moves b us f pd chk blocks acc
  else if r =? 2 then (if pd =? 8 then leap b us f chk blocks knight_targets.[f] acc else acc)
  else if r =? 3 then
    slide_dir b us f pd chk blocks 1 (slide_dir b us f pd chk blocks 3
      (slide_dir b us f pd chk blocks 5 (slide_dir b us f pd chk blocks 7 acc)))
  else if r =? 4 then
    slide_dir b us f pd chk blocks 0 (slide_dir b us f pd chk blocks 2
      (slide_dir b us f pd chk blocks 4 (slide_dir b us f pd chk blocks 6 acc)))
  else if r =? 5 then
    slide_dir b us f pd chk blocks 1 (slide_dir b us f pd chk blocks 3
      (slide_dir b us f pd chk blocks 5 (slide_dir b us f pd chk blocks 7
    (slide_dir b us f pd chk blocks 0 (slide_dir b us f pd chk blocks 2
      (slide_dir b us f pd chk blocks 4 (slide_dir b us f pd chk blocks 6 acc)))))))
  else acc.

Fixpoint all_piece_moves (b : array int) (us : int) (chk : bool) (blocks pins : list int)
    (l : list int) (acc : list int) : list int :=
  match l with
  | [] => acc
  | f :: r =>
    let c := b.[f] in
    if (c =? 0) || negb ((c land 8) =? us) then all_piece_moves b us chk blocks pins r acc
    else all_piece_moves b us chk blocks pins r (piece_moves b us f c chk blocks pins acc)
  end.

Fixpoint king_steps (b b' : array int) (us them k : int) (l : list int) (acc : list int) : list int :=
  match l with
  | [] => acc
  | t :: r =>
    let c := b.[t] in
    if ((c =? 0) || negb ((c land 8) =? us)) && negb (attacked b' them t)
    then king_steps b b' us them k r (mk k t :: acc)
    else king_steps b b' us them k r acc
  end.

(** Castling (only called when not in check).  The king stands on e1/e8. *)
Definition castle_moves (b : array int) (us them cr : int) (acc : list int) : list int :=
  let base := if us =? 0 then 0 else 56 in
  let ks := if us =? 0 then 1 else 4 in
  let qs := if us =? 0 then 2 else 8 in
  let k := base + 4 in
  let acc :=
    if negb (cr land ks =? 0) && (b.[k] =? us + 6) && (b.[base + 7] =? us + 4)
       && (b.[base + 5] =? 0) && (b.[base + 6] =? 0)
       && negb (attacked b them (base + 5)) && negb (attacked b them (base + 6))
    then mk k (base + 6) + (3 << 12) :: acc else acc in
  if negb (cr land qs =? 0) && (b.[k] =? us + 6) && (b.[base] =? us + 4)
     && (b.[base + 3] =? 0) && (b.[base + 2] =? 0) && (b.[base + 1] =? 0)
     && negb (attacked b them (base + 3)) && negb (attacked b them (base + 2))
  then mk k (base + 2) + (3 << 12) :: acc else acc.

(** En-passant captures onto [ep], each verified by playing it. *)
Fixpoint ep_moves (b : array int) (us them k ep : int) (l : list int) (acc : list int) : list int :=
  match l with
  | [] => acc
  | f :: r =>
    if b.[f] =? us + 1 then
      let cap := if us =? 0 then ep - 8 else ep + 8 in
      let b2 := b.[f <- 0].[ep <- us + 1].[cap <- 0] in
      let acc := if attacked b2 them k then acc else mk f ep + (2 << 12) :: acc in
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
  let chk := negb (n =? 0) in
  let acc := if 1 <? n then [] else all_piece_moves b us chk blocks pins all_squares [] in
  let acc := if chk then acc else castle_moves b us them (st_cr s) acc in
  let acc := king_steps b (if chk then b.[k <- 0] else b) us them k king_targets.[k] acc in
  let ep := st_ep s in
  if (ep =? 64) || (1 <? n) then acc
  else ep_moves b us them k ep
         (if us =? 0 then black_pawn_attacks.[ep] else white_pawn_attacks.[ep]) acc.

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
      let ep := if (t - f =? 16) || (f - t =? 16) then (f + t) >> 1 else 64 in
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
