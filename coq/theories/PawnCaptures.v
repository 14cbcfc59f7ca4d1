(** * PawnCaptures: pawn-capture counting (Filman, ch. 3), computed.

    Headline definition and theorem (proof in PawnCapturesproof.v):

    - [pawn_refutes P]   some side's pawns need more captures than the
                         other side has lost men;
    - [PawnCapturesproof.pawn_refutes_sound :
         forall P, pawn_refutes P = true -> ~ reachable P];
    - [entry_refutes P]  the same count with the men the regions of their
                         kind show promoted, each from its known entry
                         ("Promotion entries", at the end);
    - [PawnCapturesproof.entry_refutes_sound :
         forall P, entry_refutes P = true -> ~ reachable P].

    This is the rule [pawns::refutes] of the native engine
    (rust-core/src/rules/pawns.rs), computed differently but with the same
    value (see "Agreement" below).

    ** The rule

    A pawn changes file only by capturing, one file per capture.  The
    pawns of a side start on eight distinct files (its "slots"); a pawn
    standing on file [f] that started on slot [g] has captured at least
    [|f - g|] times.  Each man of a side beyond its initial set (a second
    queen, a third knight, a second bishop of one square colour, ...:
    [promoted_men], Material.v) is a pawn that promoted: it also used a
    slot [g], and it reached its seventh rank on some file [x] after at
    least [|x - g|] captures, where [x] is an "open" file: not one on which
    an opponent pawn now stands on its own second rank (that pawn never
    moved, so the square was never free).  All these slots are distinct,
    and every capture removes one of the other side's men for good, so
    the cheapest assignment costs at most [16 - m], [m] being the other
    side's men on the board.

    The men beyond the initial set are a lower bound of the promoted men;
    the regions of RegionCount.v sometimes show more ([region_promoted]: a
    bishop walled in on its promotion square, beside a missing bishop of
    the same colour).  The rule is tried again with that number when it is
    larger ([side_refutes_with]).

    ** The computation: cuts on a line

    A file is a point on a line 0..7; [|p - g|] is the number of "cuts"
    [k | k+1] (k = 0..7, the last one never crossed) separating [p] and
    [g].  For any assignment, the items (pawns at their files, promoted
    pawns at their file [x]) and their slots, with [D_k] items and [S_k]
    slots at files [<= k], cost at least [sum_k |D_k - S_k|]: each item
    whose point and slot lie on different sides of cut [k] is counted once
    there.  [S] grows by 0 or 1 from file to file (the slots are
    distinct); [D_k = a_k + B_k], with [a_k] the pawns at files [<= k]
    (known) and [B_k] the promoted pawns placed at files [<= k], which
    grows only at open files.  [min_captures] minimises
    [sum_k |a_k + B_k - S_k|] over all such sequences [(B_k, S_k)] from
    [(0, 0)] to [(t, n + t)] ([n] pawns, [t] promoted men), by dynamic
    programming over [k] on the states [(B, S)] (at most 9 x 9 of them).

    Agreement: on a line, the cheapest matching of two sets of points of
    equal size costs exactly [sum_k |D_k - S_k|] (move mass across each
    cut only as needed), so the minimum above equals the cheapest
    assignment that the native engine finds by its bitmask programme
    over slots.  rust-core/tests/integration/pawn_captures_coq.rs generates random
    boards with the native verdicts into coq/tests/PawnCapturesCross.v,
    which checks them against [pawn_refutes] by [vm_compute].  Soundness (PawnCapturesproof.v) uses only the easy
    direction: the minimum is at most the cost of any assignment.

    Everything is [nat] with small values (at most 64), lists of at most
    81 entries, and one scan of the 64 squares per question: fast under
    [vm_compute]. *)

From Coq Require Import Uint63 PArray List Bool Arith.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Game Stranded Frozen RegionCount.
Import ListNotations.
Open Scope nat_scope.

(** ** Files as small naturals *)

Definition file_table : array nat :=
  Eval vm_compute in
  fold_left (fun a k => a.[int_of_nat k <- Nat.modulo k 8]) (seq 0 64) (PArray.make 64 0%nat).

(** The file of square [s], 0 (a) to 7 (h). *)
Definition fnat (s : int) : nat := file_table.[s].

(** The rank of [s] (0 to 7) as a [nat], read from the file table: the
    rank [s >> 3] is below 8, where the table gives back its argument. *)
Definition rank_nat (s : int) : nat := fnat (s >> 3)%uint63.

(** How many ranks a pawn of [c] on [s] has gone up from its second rank:
    each capture took it one rank up, so it made at most that many. *)
Definition advance (c : color) (s : int) : nat :=
  match c with White => rank_nat s - 1 | Black => 6 - rank_nat s end.

Definition absd (a b : nat) : nat := (a - b) + (b - a).

(** How many of [l] are below [k]. *)
Definition clt (k : nat) (l : list nat) : nat := length (filter (fun p => Nat.ltb p k) l).

(** ** What the board says *)

(** The files of [c]'s pawns. *)
Definition pawn_files (b : board_fn) (c : color) : list nat :=
  map fnat (filter (fun s => opiece_eqb (b s) (Some (MkPiece c Pawn))) all_squares).

(** The files on which an opponent pawn stands on [c]'s seventh rank (its
    own second rank). *)
Definition blocked_files (b : board_fn) (c : color) : list nat :=
  map fnat (filter (fun s => if (relative_rank c s =? 6)%uint63
                             then opiece_eqb (b s) (Some (MkPiece (opp c) Pawn)) else false)
                   all_squares).

Definition file_open (bl : list nat) (k : nat) : bool := negb (existsb (Nat.eqb k) bl).

(** ** The dynamic programme *)

(** An entry [(B, S, v)]: the state [(B, S)] after some files, reached at
    cost [v]. *)
Definition entry : Type := (nat * nat * nat)%type.

(** What a file lets in: [None], no promoted pawn reached its seventh
    rank there; [Some d], any number may have, each at [d] captures more
    than its file says ([pawn_refutes] lets in every open file at no extra
    cost, [open_entries]; [entry_refutes] charges the capture of a
    diagonal landing, [entry_data]). *)
Definition entry_cost (o : option nat) (b b' : nat) : nat :=
  match o with Some d => d * (b' - b) | None => 0 end.

(** From state [(b, s)] to [(b', s')] across one file: promoted pawns may
    be placed on it only when it lets them in, and at most one slot is
    used. *)
Definition pred_ok (o : option nat) (b s b' s' : nat) : bool :=
  (match o with Some _ => Nat.leb b b' | None => Nat.eqb b b' end) && (Nat.eqb s s' || Nat.eqb (S s) s').

Definition omin (x y : option nat) : option nat :=
  match x, y with
  | None, _ => y
  | _, None => x
  | Some a, Some b => Some (Nat.min a b)
  end.

(** The cheapest entry of [L] leading to [(b', s')], with the cost of the
    promoted pawns placed on this file. *)
Fixpoint best (o : option nat) (b' s' : nat) (L : list entry) : option nat :=
  match L with
  | [] => None
  | (b, s, v) :: L' =>
      if pred_ok o b s b' s' then omin (Some (entry_cost o b b' + v)) (best o b' s' L')
      else best o b' s' L'
  end.

(** One file: [a] pawns at files up to this one, [o] what it lets in;
    states range over [B <= t], [S <= m]. *)
Definition dp_step (t m a : nat) (o : option nat) (L : list entry) : list entry :=
  flat_map (fun b' =>
    flat_map (fun s' =>
      match best o b' s' L with
      | Some v => [(b', s', absd (a + b') s' + v)]
      | None => []
      end) (seq 0 (S m))) (seq 0 (S t)).

Definition dp_run (t m : nat) (data : list (nat * option nat)) (L : list entry) : list entry :=
  fold_left (fun L ao => dp_step t m (fst ao) (snd ao) L) data L.

(** The cheapest entry of [L] at state [(b, s)]. *)
Fixpoint lookup (b s : nat) (L : list entry) : option nat :=
  match L with
  | [] => None
  | (b0, s0, v) :: L' =>
      if Nat.eqb b0 b && Nat.eqb s0 s then omin (Some v) (lookup b s L') else lookup b s L'
  end.

(** The fewest captures of a side with pawns on the files [pf] and [t]
    promoted men entering at the files [o] lets in; [None] when they have
    no file to come from. *)
Definition min_captures_at (pf : list nat) (o : nat -> option nat) (t : nat) : option nat :=
  let m := (length pf + t)%nat in
  let data := map (fun k => (clt (S k) pf, o k)) (seq 0 8) in
  lookup t m (dp_run t m data [(0%nat, 0%nat, 0%nat)]).

(** The open files, at no extra cost. *)
Definition open_entries (bl : list nat) (k : nat) : option nat :=
  if file_open bl k then Some 0%nat else None.

(** The fewest captures of a side with pawns on the files [pf] and [t]
    promoted men, [bl] the blocked files; [None] when the promoted men
    have no open file to come from. *)
Definition min_captures (pf bl : list nat) (t : nat) : option nat :=
  min_captures_at pf (open_entries bl) t.

(** ** Dead men: caged men no pawn can have taken

    A man of the other side that starts the game in a cage -- a set of
    squares its own moves never leave, the walls being frozen men (Frozen.v,
    which stood where they stand all game) and columns (Frozen.v's
    [columns]: no man steps between their two squares) -- and is missing
    now was captured in its cage.  When no pawn of [c] ever captured onto
    the cage, that capture is one the pawns cannot use.  So [c]'s pawns
    have at most [16 - m - dead] captures, [dead] the men missing from such
    cages.  No pawn of [c] captured onto a square [t] when every square
    from which it would is frozen, or when [t] is above [c]'s pawn ceiling
    ([pawn_top]: when [c] has all 8 pawns, none of them ever stood above
    the highest relative rank they hold now).

    The cage of an initial man [MkPiece (opp c) r] on [h] (not frozen) is
    the closure of [{h}] under the man's moves forward ([spread]: [s] is
    added when one of its [region_exits] -- its own moves and castling --
    is in the set, i.e. a man there can move to [s]), never entering a
    frozen square nor crossing a column; it counts when it is pawn-proof
    ([pawn_proof]).  For each role the union of the counting cages is
    [cage_set]; [caged b] counts the men of [opp c] on their role's set,
    and [dead b c] is the initial position's [caged] minus the board's.
    The sets are then validated, as for regions: the squares outside a set
    and not frozen are closed under [region_exits] not across a column
    ([cage_closed]: men of the role never step from the set to outside
    it), and the set is pawn-proof.  PawnCapturesproof.v adds [dead] to the
    ghost invariant.

    This is [pawns::dead_men] of the native engine. *)

(** [c]'s pawn ceiling: when [c] has all 8 pawns on the board, the highest
    relative rank they hold; 7 (no square is above it) otherwise.  A pawn
    never moves back, and none of the 8 was ever taken or promoted (a side
    never has more than 8), so none ever stood higher, and a capture onto
    a square above it would have put one there (native: [pawn_ceiling]). *)
Definition pawn_top (b : board_fn) (c : color) : int :=
  if Nat.eqb (count_on b everywhere (MkPiece c Pawn)) 8 then
    fold_left (fun m s => if opiece_eqb (b s) (Some (MkPiece c Pawn)) &&& (m <? relative_rank c s)%uint63
                          then relative_rank c s else m) all_squares 0%uint63
  else 7%uint63.

(** The squares a man [MkPiece c r] on [s] moves to first: those having
    [s] as an exit. *)
Definition fwd_exits (c : color) (r : role) (s : int) : list int :=
  filter (fun e => inb s (region_exits c r e)) all_squares.

Definition fwd_exit_table : array (list int) := Eval vm_compute in exit_table fwd_exits.

Definition fwd_exits_of (c : color) (r : role) (s : int) : list int :=
  fwd_exit_table.[64 * cell_of_piece (MkPiece c r) + s].

(** The forward closure, by a work list (every square enters it once). *)
Fixpoint spread (X : array bool) (K : int -> int -> bool) (c : color) (r : role) (fuel : nat)
    (R : array bool) (todo : list int) : array bool :=
  match fuel with
  | O => R
  | S n =>
      match todo with
      | [] => R
      | s :: todo' =>
          let '(R', todo'') := fold_left (visit X (K s)) (fwd_exits_of c r s) (R, todo') in
          spread X K c r n R' todo''
      end
  end.

(** No pawn of [c] captures onto a square of [R] that is not frozen: it is
    above [c]'s pawn ceiling [top], or every square a pawn would capture
    from is frozen. *)
Definition pawn_proof (X : array bool) (top : int) (c : color) (R : array bool) : bool :=
  forallb (fun t => negb R.[t] ||| X.[t] ||| (top <? relative_rank c t)%uint63 |||
                    forallb (fun f => X.[f]) (pawn_attacks (opp c) t))
    all_squares.

Definition cage_roles : list role := [Knight; Bishop; Rook; Queen].

(** The union of the pawn-proof cages of [opp c]'s initial men of role
    [r], the columns being [cols]. *)
Definition cage_set (X : array bool) (cols : list (color * int * int)) (top : int) (c : color)
    (r : role) : array bool :=
  fold_left (fun U h =>
      if negb X.[h] &&& opiece_eqb (piece_at initial h) (Some (MkPiece (opp c) r)) then
        let R := spread X (cut cols (opp c) r) (opp c) r 65 no_squares.[h <- true] [h] in
        if pawn_proof X top c R then union U R else U
      else U)
    all_squares no_squares.

(** Men of [MkPiece (opp c) r] never step out of [Y]: every exit of a
    square outside it and not frozen is outside it, frozen, or across a
    column. *)
Definition cage_closed (X : array bool) (cols : list (color * int * int)) (c : color) (r : role)
    (Y : array bool) : bool :=
  forallb (fun s => Y.[s] ||| X.[s] |||
                    forallb (fun e => negb Y.[e] ||| X.[e] ||| cut cols (opp c) r s e)
                      (region_exits_of (opp c) r s))
    all_squares.

Definition cages (X : array bool) (cols : list (color * int * int)) (top : int) (c : color) :
    list (role * array bool) :=
  map (fun r => (r, cage_set X cols top c r)) cage_roles.

Definition cages_ok (X : array bool) (cols : list (color * int * int)) (top : int) (c : color)
    (Ys : list (role * array bool)) : bool :=
  forallb (fun '(r, Y) => cage_closed X cols c r Y &&& pawn_proof X top c Y) Ys.

(** The set of role [r]: its entry of [Ys], none for other roles. *)
Fixpoint cage_of (Ys : list (role * array bool)) (r : role) (s : int) : bool :=
  match Ys with
  | [] => false
  | (r', Y) :: Ys' => if role_eqb r r' then Y.[s] else cage_of Ys' r s
  end.

(** The men of [opp c] on their role's set. *)
Definition caged_at (Ys : list (role * array bool)) (b : board_fn) (c : color) (s : int) : bool :=
  match b s with
  | Some (MkPiece c' r) => color_eqb c' (opp c) &&& cage_of Ys r s
  | None => false
  end.

Definition caged (Ys : list (role * array bool)) (b : board_fn) (c : color) : nat :=
  length (filter (caged_at Ys b c) all_squares).

Definition dead_with (X : array bool) (cols : list (color * int * int)) (top : int) (c : color)
    (b : board_fn) : nat :=
  let Ys := cages X cols top c in
  if cages_ok X cols top c Ys then caged Ys (piece_at initial) c - caged Ys b c else 0.

Definition dead (b : board_fn) (c : color) : nat :=
  let X := frozen_set b in dead_with X (columns b X) (pawn_top b c) c b.

(** ** The rule *)

(** [c]'s pawns and [t] promoted men need more captures than [c] can
    have made, [d tt] of the other side's missing men being ones no pawn
    took.  (More than 8 of them fail the material invariant; the rule then
    says nothing, like the native one.)  [d] is a thunk: the dead men are
    counted only when the plain count does not refute and some capture is
    needed ([|||] and [&&&] are lazy). *)
Definition refutes_promoted (t : nat) (d : unit -> nat) (b : board_fn) (c : color) : bool :=
  let ms := Material.men b in
  let pf := pawn_files b c in
  if Nat.ltb 8 (length pf + t) then false else
  let captured := (16 - men_count (census_of ms (opp c)))%nat in
  match min_captures pf (blocked_files b c) t with
  | None => true
  | Some v => Nat.ltb captured v ||| (Nat.ltb 0 v &&& Nat.ltb (captured - d tt) v)
  end.

(** At most this many of [c]'s men can be promoted pawns: its pieces,
    and 8 with its pawns. *)
Definition promoted_most (b : board_fn) (c : color) : nat :=
  let k := census_of (Material.men b) c in
  Nat.min (men_count k - pawns k - 1) (8 - pawns k).

(** The rule with [promoted_men] (Material.v) promoted men, and again,
    when it is more, with [e tt] (a thunk: [region_promoted] of
    RegionCount.v, the men the regions of their kind show promoted).  The
    thunk is forced only when the rule refutes with the most promoted men
    and the most dead men there can be ([promoted_most], 16): fewer never
    refute more, and this check needs no frozen set. *)
Definition side_refutes_with (d e : unit -> nat) (b : board_fn) (c : color) : bool :=
  let t := promoted_men (census_of (Material.men b) c) in
  refutes_promoted t d b c |||
  (let most := promoted_most b c in
   Nat.ltb t most &&& refutes_promoted most (fun _ => 16%nat) b c &&&
   Nat.ltb t (e tt) &&& refutes_promoted (e tt) d b c).

Definition side_refutes (b : board_fn) (c : color) : bool :=
  side_refutes_with (fun _ => dead b c) (fun _ => region_promoted b (frozen_set b) c) b c.

Definition pawn_refutes (P : position) : bool :=
  side_refutes (piece_at P) White ||| side_refutes (piece_at P) Black.

(** ** Promotion entries: where the promoted men came in

    A man of [c] standing on a set [H r] closed for its kind (RegionCount.v's
    validation: men of role [r] never step from outside the set into it)
    and beyond the initial position's men there is a promoted pawn that
    landed on a last-rank square of [H r] ([promoted_sets_ok],
    [region_excess], as RegionCount.v counts them).  Its pawn stood just
    before on a seventh-rank square [e] next to the landing square (behind
    it, or diagonally: then the promotion took a man), and [e] is not a
    frozen square (the pawn left it).  So it reached its seventh rank on
    the file of [e] after at least [|file(e) - g|] captures from its slot
    [g], and made one more when it landed diagonally.  The files such an
    [e] stands on, each with the least such extra capture ([entry_data]),
    take the place of the open files in the programme above, for exactly
    these men ([entries_refute_with]).

    The sets [H r] are the unions of the regions of [c]'s men of role [r]
    (not frozen) whose region holds no initial square of the role
    ([homeless], Frozen.v's [walk] stopping at [homes]): those men are all
    promoted.  This is [pawns::entries_refute] of the native engine;
    PawnCapturesproof.v proves [entry_refutes_sound]. *)

(** [c]'s seventh-rank square on file [x]. *)
Definition seventh (c : color) (x : nat) : option int :=
  find (fun s => Nat.eqb (fnat s) x &&& (relative_rank c s =? 6)%uint63) all_squares.

(** What file [x] lets in for promotions landing on [U]: [Some 0] when
    the square ahead of its seventh-rank square [e] is in [U], [Some 1]
    when only a square [e]'s pawn takes on is, [None] when neither or when
    [e] is frozen. *)
Definition entry_data (X : array bool) (U : int -> bool) (c : color) (x : nat) : option nat :=
  match seventh c x with
  | Some e =>
      if X.[e] then None
      else if U (pawn_step c e) then Some 0%nat
      else if existsb U (pawn_attacks c e) then Some 1%nat
      else None
  | None => None
  end.

(** A pawn entering on file [x] may land on [s] of [U]. *)
Definition entry_ok (X : array bool) (U : int -> bool) (c : color) (x : nat) (s : int) : bool :=
  match seventh c x with
  | Some e => negb X.[e] &&& U s &&& inb s all_squares &&&
              ((s =? pawn_step c e)%uint63 ||| inb s (pawn_attacks c e))
  | None => false
  end.

(** The initial squares of [c]'s men of role [r]. *)
Definition homes (c : color) (r : role) (s : int) : bool :=
  opiece_eqb (piece_at initial s) (Some (MkPiece c r)).

Definition homeless (b : board_fn) (X : array bool) (c : color) (r : role) : array bool :=
  kind_region (homes c r) b X c r.

Definition landing (HN HB HR HQ : array bool) (s : int) : bool :=
  HN.[s] ||| HB.[s] ||| HR.[s] ||| HQ.[s].

(** [c]'s pawns and its men on the sets [HN HB HR HQ] beyond the initial
    position's need more captures than [c] can have made, [d tt] of the
    other side's missing men being ones no pawn took. *)
Definition entries_refute_with (d : unit -> nat) (b : board_fn) (X : array bool) (c : color)
    (HN HB HR HQ : array bool) : bool :=
  promoted_sets_ok b X c HN HB HR HQ &&&
  (let n := region_excess b c (fun s => HN.[s]) (fun s => HB.[s]) (fun s => HR.[s]) (fun s => HQ.[s]) in
   let pf := pawn_files b c in
   Nat.ltb 0 n &&& Nat.leb (length pf + n) 8 &&&
   (let captured := (16 - men_count (census_of (Material.men b) (opp c)))%nat in
    match min_captures_at pf (entry_data X (landing HN HB HR HQ) c) n with
    | None => true
    | Some v => Nat.ltb captured v ||| (Nat.ltb 0 v &&& Nat.ltb (captured - d tt) v)
    end)).

Definition side_entries_refute (b : board_fn) (c : color) : bool :=
  let X := frozen_set b in
  entries_refute_with (fun _ => dead b c) b X c (homeless b X c Knight) (homeless b X c Bishop)
    (homeless b X c Rook) (homeless b X c Queen).

Definition entry_refutes (P : position) : bool :=
  side_entries_refute (piece_at P) White ||| side_entries_refute (piece_at P) Black.
