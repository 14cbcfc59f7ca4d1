(** * Zone: zone cages, computed (Hwa's cages, checked).

    Headline definitions (proofs in Zoneproof.v):

    - [extends Q A]       the position [Q] has every man of the partial
                          board [A] on its square;
    - [zpreds A]          the abstract retractions of [A]: the partial
                          boards a position extending [A] may have had
                          before its last move, when that move put a man
                          of [A] on its square;
    - [zone_closed z ds Ms] the partial boards [Ms] form a closed set on
                          the zone [z]: none is [home] or has a man off the
                          zone; each of the first ones, without its man on
                          the square [ds] names for it ([drop]: it is
                          weakened) agrees with a member on the zone's
                          squares ([agrees_on]); every abstract retraction
                          of each of the others does;
    - [Zoneproof.zone_closed_sound]: then no game reaches a position
                          extending a member;
    - [check_illegal_zcert], [check_last_zcert], [check_last_among_zcert]:
                          the certificate checkers of Cert.v with zone
                          cages added to their static rule
                          ([Retro.check_illegal_zcert_sound] and friends).

    This is the rule [zone] of the native engine
    (rust-core/src/rules/zone.rs), computed the same way; see there for the
    argument and an example.

    ** Partial boards

    A partial board is a [position] whose board lists the men of some
    squares; a square whose cell reads empty says nothing (it is not known
    to be empty).  Its side to move, rights and en-passant square are not
    used (partial boards built here have White to move and assert
    nothing): a member of a cage is found by its cells on the zone's
    squares ([zmem]).

    ** Abstract retractions

    For a position [Q] extending [A] and a legal move into [Q] that puts a
    man of [A] on its square [t] (or, castling, a king or rook of [A] on
    theirs), what stood on [A]'s squares before the move is known: the man
    one step back along its way (for a pawn, the square behind or a
    capture square; the pawn that promoted; the king and rook on their
    initial squares; the pawn taken en passant), the square [t] unknown (a
    captured man, or nothing).  The squares [A] says nothing of are taken
    to be empty wherever that allows more moves.  Checks [A] shows for
    sure are checks by *contact* ([contact]: a pawn, a knight, or a man
    next to the king on one of its lines), which no man can block:
    - the side whose king is in contact check did not make the last move;
    - the checking man moved last ([fills]): it checked the king from where
      it stood before the move otherwise, with the king's side not to
      move;
    - before the move, the side not to move is not in contact check. *)

From Coq Require Import Uint63 PArray List Bool String PArith FMapPositive.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules RulesFast RulesCheck Reachable Game Cert.
Import ListNotations.
Open Scope uint63_scope.

(** ** Partial boards *)

Definition extends (Q A : position) : Prop :=
  forall s p, In s all_squares -> piece_at A s = Some p -> piece_at Q s = Some p.

(** [A] says nothing of [s]. *)
Definition unknown (A : position) (s : int) : bool := is_none (piece_at A s).

(** A partial board with the given cells. *)
Definition partial (b : array int) : position := Position b White 0 None.

(** Every man of [A] stands where the initial position has that very man. *)
Definition home_at (A : position) (s : int) : bool :=
  unknown A s ||| opiece_eqb (piece_at A s) (piece_at initial s).

Definition home (A : position) : bool := forallb (home_at A) all_squares.

(** ** Checks by contact *)

(** The first square of [l] is [s]. *)
Definition first_is (l : list int) (s : int) : bool :=
  match l with x :: _ => x =? s | [] => false end.

(** A man of colour [c] and role [r] on [s] attacks [k] by contact, stated
    from [k]: [s] is a square from which a pawn of [c] attacks [k], a
    knight's or king's move from [k], or the first square from [k] along a
    line of [r]. *)
Definition contact (c : color) (r : role) (s k : int) : bool :=
  match r with
  | Pawn => inb s (pawn_attacks (opp c) k)
  | Knight => inb s knight_targets.[k]
  | King => inb s king_targets.[k]
  | _ => existsb (fun d => first_is (ray d k) s) (slider_dirs r)
  end.

(** The squares of the men of [att] that attack [k] by contact. *)
Definition attacker_at (A : position) (att : color) (k s : int) : bool :=
  match piece_at A s with
  | Some (MkPiece c r) => color_eqb c att &&& contact c r s k
  | None => false
  end.

(** The squares a man attacking [k] by contact may stand on: a king's or
    a knight's move away (a pawn's capture is a king's move, and so is the
    first square of a line).  Looking at these only, rather than at all 64
    squares, is safe whatever they are: every square listed is checked
    ([attacker_at]), and listing fewer checkers only lets more retractions
    through.  It is also exact: Zone.v and rules/zone.rs list the same
    retractions (generator/tests/integration/zone_coq.rs). *)
Definition near (k : int) : list int := king_targets.[k] ++ knight_targets.[k].

Definition attackers (A : position) (att : color) (k : int) : list int :=
  filter (attacker_at A att k) (near k).

(** Cells are compared as integers: cheaper than decoding them. *)
Definition king_at (A : position) (c : color) (s : int) : bool :=
  (board A).[s] =? cell_of_piece (MkPiece c King).

(** The squares of the men giving a contact check to a king of [c] that
    stands on one of the squares [ks]. *)
Definition checkers_on (A : position) (c : color) (ks : list int) : list int :=
  flat_map (attackers A (opp c)) (filter (king_at A c) ks).

(** The squares of the men giving a contact check to a king of [c]. *)
Definition checkers (A : position) (c : color) : list int := checkers_on A c all_squares.

(** The squares of [c]'s kings. *)
Definition kings (A : position) (c : color) : list int := filter (king_at A c) all_squares.

Definition is_nil {X} (l : list X) : bool := match l with [] => true | _ => false end.

(** ** Abstract retractions *)

(** The man of [t] (cell [v] before the move) went back to [f]. *)
Definition back (A : position) (t f v : int) : position :=
  partial ((board A).[t <- 0].[f <- v]).

(** The squares of [l] up to the first one [A] has a man on. *)
Fixpoint walk (A : position) (l : list int) : list int :=
  match l with
  | [] => []
  | s :: r => if unknown A s then s :: walk A r else []
  end.

(** Where a man of role [r] (not a pawn) on [t] may have come from. *)
Definition sources (A : position) (r : role) (t : int) : list int :=
  match r with
  | Knight => filter (unknown A) knight_targets.[t]
  | King => filter (unknown A) king_targets.[t]
  | _ => flat_map (fun d => walk A (ray d t)) (slider_dirs r)
  end.

(** The pawn of [c] that moved to [t] (a push, a double step, a capture,
    en passant), or that promoted on [t]: the squares it came from.  [ep]:
    also en passant (the pawn taken stood on the square behind [t]). *)
Definition pawn_backs (A : position) (c : color) (t : int) (promoted : bool) : list position :=
  let P := cell_of_piece (MkPiece c Pawn) in
  let bk := pawn_step (opp c) t in
  let rr := relative_rank c t in
  if negb (2 <=? rr) then [] else
  let pushes :=
    if unknown A bk then
      back A t bk P ::
      (if negb promoted &&& (rr =? 3) &&& unknown A (pawn_step (opp c) bk)
       then [back A t (pawn_step (opp c) bk) P] else [])
    else [] in
  let captures := flat_map (fun f =>
    if unknown A f then
      back A t f P ::
      (if negb promoted &&& (rr =? 5) &&& unknown A bk
       then [partial ((board A).[t <- 0].[f <- P].[bk <- cell_of_piece (MkPiece (opp c) Pawn)])]
       else [])
    else []) (pawn_attacks (opp c) t) in
  pushes ++ captures.

(** The partial boards before a move of the man on [t]. *)
Definition unit_backs (A : position) (t : int) : list position :=
  match piece_at A t with
  | None => []
  | Some (MkPiece c r) =>
    match r with
    | Pawn => pawn_backs A c t false
    | _ =>
      map (fun f => back A t f (cell_of_piece (MkPiece c r))) (sources A r t) ++
      (if (relative_rank c t =? 7) &&& negb (role_eqb r King) then pawn_backs A c t true else [])
    end
  end.

(** The partial board before [c] castled on [side], when [A] shows the
    castled king or rook. *)
Definition uncastle (A : position) (c : color) (side : castling_side) : list position :=
  let kt := castle_king_to c side in
  let rt := castle_rook_to c side in
  let kf := castle_king_from c in
  let rf := castle_rook_from c side in
  let at_k := piece_at A kt in
  let at_r := piece_at A rt in
  if (negb (is_none at_k) ||| negb (is_none at_r)) &&&
     (is_none at_k ||| opiece_eqb at_k (Some (MkPiece c King))) &&&
     (is_none at_r ||| opiece_eqb at_r (Some (MkPiece c Rook))) &&&
     unknown A kf &&& unknown A rf &&&
     forallb (fun s => (s =? kt) ||| (s =? rt) ||| unknown A s) (castle_empty c side)
  then [partial ((board A).[kt <- 0].[rt <- 0].[kf <- cell_of_piece (MkPiece c King)]
                  .[rf <- cell_of_piece (MkPiece c Rook)])]
  else [].

(** The list of [c]'s colour among two. *)
Definition pick (c : color) (w b : list int) : list int := match c with White => w | Black => b end.

(** A move by [c] that filled the squares [filled] and leaves [A'] before
    it: [c]'s king is not in contact check in [A] ([own], the checkers of
    [c]'s king: the side in check is to move), every contact checker of
    the other king ([other]) stands on [filled], and [A'] does not show
    the other king in contact check.  That king is looked for on the
    squares [ko] only: the other side's kings in [A], which a move of [c]
    leaves where they are (any squares would do for soundness: looking at
    fewer only lets more retractions through).  With [near] and [king_at]
    comparing cells, this took [allowed] on the 1,111,354 retractions of
    rtr-C-043's cages from about 20 s of [vm_compute] to about 6 s
    (BENCHMARKS.md). *)
Definition allowed (own other ko : list int) (c : color) (filled : list int) (A' : position) : bool :=
  is_nil own &&& forallb (fun s => inb s filled) other &&& is_nil (checkers_on A' (opp c) ko).

(** [cw], [cb]: the checkers of the white and the black king; [kw], [kb]:
    the squares of the kings; all computed once. *)
Definition unit_preds (cw cb kw kb : list int) (A : position) (t : int) : list position :=
  match piece_at A t with
  | Some (MkPiece c _) =>
    filter (allowed (pick c cw cb) (pick (opp c) cw cb) (pick (opp c) kw kb) c [t]) (unit_backs A t)
  | None => []
  end.

Definition castle_preds (cw cb kw kb : list int) (A : position) (cs : color * castling_side) : list position :=
  let '(c, side) := cs in
  filter (allowed (pick c cw cb) (pick (opp c) cw cb) (pick (opp c) kw kb) c
            [castle_king_to c side; castle_rook_to c side])
    (uncastle A c side).

Definition zpreds_with (cw cb kw kb : list int) (A : position) : list position :=
  flat_map (unit_preds cw cb kw kb A) all_squares ++ flat_map (castle_preds cw cb kw kb A) castling_sides.

Definition zpreds (A : position) : list position :=
  zpreds_with (checkers A White) (checkers A Black) (kings A White) (kings A Black) A.

(** ** Looking partial boards up on a zone

    A member of a cage says nothing outside its zone ([within]: checked
    for every member), so a partial board is looked up by its cells on the
    zone's squares alone ([zone_squares]): the hash and the comparison read
    those squares only, and nothing needs dropping to the zone first.  A
    partial board [A'] agreeing with a member [M] on the zone's squares
    has every man of [M] ([Zoneproof.agrees_extends]), which is all the
    argument needs.  (rtr-C-043's cages, 62,544 partial boards on zones
    of 16 squares, looking up their 958,230 retractions: about 8 s of
    [vm_compute] where masking them to the zone and comparing 64 cells
    took 42 s; BENCHMARKS.md.)  As in Cert.v, the hash is not
    trusted: a bad one only makes a lookup fail. *)

(** The squares whose cell in [z] is not 0. *)
Definition zone_squares (z : array int) : list int :=
  filter (fun s => negb (z.[s] =? 0)) all_squares.

(** [M] has no man outside the zone [z]. *)
Definition within (z : array int) (M : position) : bool :=
  forallb (fun s => negb (z.[s] =? 0) ||| ((board M).[s] =? 0)) all_squares.

Definition zslot (zs : list int) (A : position) : positive := path_of 16 (hash_on zs 1 A).

(** [A] and [M] have the same cells on the squares [zs]. *)
Definition agrees_on (zs : list int) (A M : position) : bool :=
  forallb (fun s => (board A).[s] =? (board M).[s]) zs.

(** A member of the table [T] agrees with [A] on [zs]. *)
Definition zmem (zs : list int) (T : table) (A : position) : bool :=
  existsb (agrees_on zs A) (bucket T (zslot zs A)).

(** [A] without its man on [s]. *)
Definition drop (A : position) (s : int) : position := partial ((board A).[s <- 0]).

(** ** Closed sets on a zone *)

(** [Ms] is closed on the zone [z] (with squares [zs]); [T] is its table.

    A member may be closed in one of two ways.  Every abstract retraction
    of it agrees with a member ([retracted_ok]); or it is *weakened*
    ([weakened_ok], Hwa's removal of a man that can leave the zone): it
    has a man on the zone's square [s], and without that man it agrees
    with a member.  A position extending it extends that member too, which
    has fewer men: following weakenings ends at a member closed by its
    retractions.  The weakened members come first, with their squares
    ([ds]). *)
Definition base_ok (z : array int) (A : position) : bool :=
  (PArray.length (board A) =? 64) &&& within z A &&& negb (home A).

Definition retracted_ok (z : array int) (zs : list int) (T : table) (A : position) : bool :=
  base_ok z A &&& forallb (zmem zs T) (zpreds A).

Definition weakened_ok (z : array int) (zs : list int) (T : table) (A : position) (s : int) : bool :=
  base_ok z A &&& negb (unknown A s) &&& inb s zs &&& zmem zs T (drop A s).

Fixpoint zone_closed_in (z : array int) (zs : list int) (T : table) (ds : list int) (Ms : list position) : bool :=
  match ds, Ms with
  | s :: ds', A :: Ms' => weakened_ok z zs T A s &&& zone_closed_in z zs T ds' Ms'
  | _, _ => forallb (retracted_ok z zs T) Ms
  end.

Definition zone_closed (z : array int) (ds : list int) (Ms : list position) : bool :=
  let zs := zone_squares z in
  zone_closed_in z zs (build (zslot zs) Ms) ds Ms.

(** ** Zone cages in certificates

    A zone cage is written as its zone, a compact position (Cert.v) whose
    cells are not 0 on the zone's squares, and its members' cells on the
    zone's squares only, in order (a1 first), 4 bits each and 15 to a word
    (the first cell in the low bits), each member starting a new word:
    [unpack] reads them back as partial boards with nothing off the zone.
    Nothing rests on this layout: the check is about the members [unpack]
    reads, whatever they are.  ([coqc] spends its time on every [int] it
    parses: the 62,544 members of rtr-C-043's cages took 22 s to parse and
    elaborate as five-word compact positions, 3 s as two words each;
    BENCHMARKS.md.) *)

Record zcage : Set := ZCage { zc_zone : cpos; zc_drops : list int; zc_members : list int }.

(** Writes the cells of the squares [zs] into [b], read from the word [w]
    ([n] cells left in it) and then from the words [ws]; returns the board
    and the words left.  Words run out: the rest of [zs] stays empty. *)
Fixpoint fill (zs : list int) (w n : int) (ws : list int) (b : array int) : array int * list int :=
  match zs with
  | [] => (b, ws)
  | s :: zs' =>
    if n =? 0 then
      match ws with
      | w' :: ws' => fill zs' (w' >> 4) 14 ws' b.[s <- w' land 15]
      | [] => (b, [])
      end
    else fill zs' (w >> 4) (n - 1) ws b.[s <- w land 15]
  end.

(** The members packed in [ws] on the squares [zs] ([fuel]: at most that
    many; each takes a word at least when [zs] is not empty). *)
Fixpoint unpack (fuel : nat) (zs : list int) (ws : list int) : list position :=
  match fuel, ws with
  | O, _ | _, [] => []
  | S f, _ => let '(b, rest) := fill zs 0 0 ws (PArray.make 64 0) in partial b :: unpack f zs rest
  end.

(** A cage ready for lookups: the zone's cells and squares, the squares
    of the weakened members, the members, their table. *)
Record zready : Type :=
  ZReady { zr_zone : array int; zr_squares : list int; zr_drops : list int;
           zr_members : list position; zr_table : table }.

Definition ready (c : zcage) : zready :=
  let z := board (decode (zc_zone c)) in
  let zs := zone_squares z in
  let Ms := unpack (List.length (zc_members c)) zs (zc_members c) in
  ZReady z zs (zc_drops c) Ms (build (zslot zs) Ms).

Definition zone_ok (r : zready) : bool :=
  zone_closed_in (zr_zone r) (zr_squares r) (zr_table r) (zr_drops r) (zr_members r).

(** [P]'s men on the zone of one of the cages [rs] form a member. *)
Definition hit (P : position) (r : zready) : bool := zmem (zr_squares r) (zr_table r) P.

Definition zone_hit (rs : list zready) (P : position) : bool :=
  (PArray.length (board P) =? 64) &&& existsb (hit P) rs.

(** The default static rule of Cert.v, and the cages. *)
Notation zone_refuted rs := (fun P : position => zone_hit rs P ||| default_refuted P).

Definition check_illegal_zcert (P : position) (Z : list zcage) (D : cert) : bool :=
  let rs := map ready Z in
  forallb zone_ok rs &&& check_illegal_cert_with (zone_refuted rs) P D.

Definition check_last_zcert (P : position) (ms : list string) (Z : list zcage) (D : cert) : bool :=
  let rs := map ready Z in
  forallb zone_ok rs &&& check_last_cert_with (zone_refuted rs) P ms D.

Definition check_last_among_zcert (P : position) (xs : list string) (Z : list zcage) (D : cert) : bool :=
  let rs := map ready Z in
  forallb zone_ok rs &&& check_last_among_cert_with (zone_refuted rs) P xs D.
