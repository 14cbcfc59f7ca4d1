(** * Crossing: pawn-capture counting that knows pawns of one file cannot
    pass each other without capturing, computed.

    Headline definition and theorem (proof in Crossingproof.v):

    - [crossing_refutes P]   no pair of assignments, one per side, both
                             within the captures each side can have made,
                             keeps the capture-free pawns of every file in
                             order;
    - [Crossingproof.crossing_refutes_sound :
         forall P, crossing_refutes P = true -> ~ reachable P].

    This is the rule [crossing::refutes] of the native engine
    (rust-core/src/rules/crossing.rs), with the same verdict: the native
    rule computes each side's cheapest cost, this one asks whether each
    side fits its budget (rust-core/tests/integration/crossing_coq.rs writes
    coq/tests/CrossingCross.v, which checks that they agree).

    ** The rule

    As in PawnCaptures.v each side assigns its pawns and its promoted men
    (those the sealed-bishops count shows, below) to distinct starting
    files, its slots;
    the cost is a lower bound of its captures, at most [16 - m - d] with
    [m] the other side's men and [d] the other side's dead men ([dead] of
    PawnCaptures.v: men caged where no pawn of the side captures, gone,
    so taken by pieces).  Here a man may also be *capture-free*: then it
    costs 0 and stands (or promoted) on its slot's file; a man on its
    slot's file that is not capture-free costs 2.  A pawn's cost is at
    most the ranks it has gone up from its second rank ([advance]: each
    capture took it one rank up), else that slot is impossible for it
    (a pawn on c3 did not start on the a-file).  For every slot [g]
    where both sides have a capture-free man, both are pawns and White's
    stands below Black's ([Crossingproof.crossing_reachable]).

    Which men may be capture-free is decided slot by slot: [cands] gives
    the candidates (a side's pawns on file [g], and a promoted man if it
    has one and may have promoted on [g]); where both sides have
    candidates, [rects] lists pairs of allowed sets covering every pair
    that keeps the order (White's alone, Black's alone, and for each rank
    threshold the white pawns below it with the black pawns above).
    [search] tries them slot by slot, each undecided slot allowing every
    candidate, and closes a branch as soon as a side does not fit
    (allowing more never costs more).  With no contested slot, this is
    the plain count of PawnCaptures.v made stronger by [advance] and by
    the cost 2 of a man back on its slot's file.

    The promoted men counted are those of the sealed-bishops count
    ([sealed_promoted] of SealedBishops.v): beyond the initial set, and
    every bishop of a square colour whose home square is walled out.

    ** Captures by square colour ([colours_with])

    Once [search] finds the two sides fit, each side's assignment must
    also fit by square colour: a pawn *pinned* on its square (it changed
    files as often as it went up ranks, [pinned]) made all its captures
    on its square's colour, and a pawn standing just in front of a pawn of
    the other side that is capture-free in every assignment ([forced]:
    without it that side does not fit) came there by a capture, as did a
    promoted man whose pawn promoted from the square just in front of
    such a pawn on the other side's third rank ([pawn_lb], [token_lb]).
    Those counts per colour are at most the other side's missing men,
    less 1 when it has no bishop of the other colour ([lost]: that bishop
    was taken on its own colour).  [fitc] and [choosec] are [fitsk] and
    [choose] with the three budgets (captures, light, dark), each promoted
    man choosing its file ([token_opts]).  This is Filman's argument
    (examples/filman-1979.md; Coloursproof.v and Crossingproof.v prove
    it).

    [fitsk] looks for an assignment of the pawns (their costs per slot)
    to distinct free slots within a budget, dropping a slot as soon as the
    budget is spent, and [choose] then picks the promoted men's slots
    among those left as a set (they are alike): at most 8 men and 8
    slots. *)

From Coq Require Import Uint63 List Bool Arith.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts PawnCaptures SealedBishops.
Import ListNotations.
Open Scope nat_scope.

(** A cost no position reaches. *)
Definition impossible : nat := 1000.

(** What a slot allows to be capture-free: these pawns (by square), and a
    promoted man or not. *)
Definition allowed : Type := nat -> (list int * bool).

Definition own (z : bool) : nat := if z then 0 else 2.

(** The captures the pawn on [s] made at least, in slot [g]. *)
Definition file_cost (A : allowed) (s : int) (g : nat) : nat :=
  if Nat.eqb (fnat s) g then own (inb s (fst (A g))) else absd (fnat s) g.

(** The cost of [c]'s pawn on [s] in slot [g]: [file_cost], unless that
    is more than the ranks it went up ([advance]), which it cannot be. *)
Definition pawn_cost (c : color) (A : allowed) (s : int) (g : nat) : nat :=
  let v := file_cost A s g in if Nat.leb v (advance c s) then v else impossible.

(** The cost of a promoted man in slot [g]: the cheapest open file. *)
Definition token_cost (bl : list nat) (A : allowed) (g : nat) : nat :=
  fold_right (fun x acc =>
    if file_open bl x then Nat.min (if Nat.eqb x g then own (snd (A g)) else absd x g) acc else acc)
    impossible (seq 0 8).

(** [existsb] that stops at the first success ([existsb] and [orb]
    evaluate every argument under [vm_compute]). *)
Fixpoint anyb {A : Type} (p : A -> bool) (l : list A) : bool :=
  match l with [] => false | x :: l' => if p x then true else anyb p l' end.

(** Whether [items] go to distinct slots of [free] for at most [budget]
    in all, and then [k] accepts the slots left and the budget left: a
    search that drops a slot as soon as it costs too much. *)
Fixpoint fitsk (items : list (nat -> nat)) (free : list nat) (budget : nat)
    (k : list nat -> nat -> bool) : bool :=
  match items with
  | [] => k free budget
  | f :: rest =>
      anyb (fun g => if Nat.leb (f g) budget then fitsk rest (drop g free) (budget - f g) k else false) free
  end.

(** Whether [t] men of cost [f] go to distinct slots of [free] for at most
    [budget]: the promoted men are alike, so their slots are chosen as a
    set, in the order of [free]. *)
Fixpoint choose (f : nat -> nat) (t : nat) (free : list nat) (budget : nat) : bool :=
  match free with
  | [] => Nat.eqb t 0
  | g :: free' =>
      match t with
      | 0 => true
      | S t' => (if Nat.leb (f g) budget then choose f t' free' (budget - f g) else false) |||
                choose f t free' budget
      end
  end.

Definition pawn_sqs (b : board_fn) (c : color) : list int :=
  filter (fun s => opiece_eqb (b s) (Some (MkPiece c Pawn))) all_squares.

(** [c]'s men (its pawns, then its promoted men) fit in the captures it
    can have made, [d] of the other side's missing men being ones no pawn
    of [c] took (its dead men), with the capture-free men [A] allows. *)
Definition fits (d : nat) (b : board_fn) (c : color) (A : allowed) : bool :=
  fitsk (map (pawn_cost c A) (pawn_sqs b c)) (seq 0 8) (16 - men_count (census_of (Material.men b) (opp c)) - d)
        (choose (token_cost (blocked_files b c) A) (sealed_promoted b c)).

(** The candidates of slot [g]. *)
Definition cands (b : board_fn) (c : color) (g : nat) : list int * bool :=
  (filter (fun s => Nat.eqb (fnat s) g) (pawn_sqs b c),
   Nat.ltb 0 (sealed_promoted b c) && file_open (blocked_files b c) g).

Definition nonempty (z : list int * bool) : bool :=
  match z with (l, t) => negb (Nat.eqb (length l) 0) || t end.

(** The pairs of allowed sets of one slot. *)
Definition rects (zw zb : list int * bool) : list ((list int * bool) * (list int * bool)) :=
  flat_map (fun t =>
    let w := filter (fun s => Nat.ltb (rank_nat s) t) (fst zw) in
    let k := filter (fun s => Nat.leb t (rank_nat s)) (fst zb) in
    if negb (Nat.eqb (length w) 0) && negb (Nat.eqb (length k) 0) then [((w, false), (k, false))] else [])
    (seq 1 7) ++ [(zw, ([], false)); (([], false), zb)].

Definition with_slot (A : allowed) (g : nat) (z : list int * bool) : allowed :=
  fun h => if Nat.eqb h g then z else A h.

(** Some choice for the slots of [cs] keeps both sides within their
    captures. *)
Fixpoint search (dw db : nat) (b : board_fn) (cs : list (nat * list ((list int * bool) * (list int * bool))))
    (Aw Ab : allowed) : bool :=
  fits dw b White Aw &&& fits db b Black Ab &&&
  match cs with
  | [] => true
  | (g, rs) :: rest => anyb (fun r => search dw db b rest (with_slot Aw g (fst r)) (with_slot Ab g (snd r))) rs
  end.

(** [cands] read from a table computed once. *)
Definition table (l : list (list int * bool)) : allowed := fun g => nth g l ([], false).

(** The slots where both sides have candidates, with their pairs. *)
Definition contested (Aw Ab : allowed) : list (nat * list ((list int * bool) * (list int * bool))) :=
  flat_map (fun g => if nonempty (Aw g) && nonempty (Ab g) then [(g, rects (Aw g) (Ab g))] else [])
           (seq 0 8).

(** ** Captures by square colour

    The colour count of Coloursproof.v, bounded by the ghosts
    (Crossingproof.v): each side's pawns and promoted men assigned to
    slots as in [fits], and besides the captures of each, a lower bound of
    those onto squares of each colour, which cannot exceed the other
    side's men lost less 1 when it has no bishop of the other colour. *)

(** The colour of a square: [true] for the light squares (a1 is dark). *)
Definition light (s : int) : bool := Nat.odd (fnat s + rank_nat s).

(** A pawn of [c] on [s] from the slot [g] made only captures: it changed
    files as often as it went up ranks. *)
Definition pinned (c : color) (s : int) (g : nat) : bool := Nat.eqb (absd (fnat s) g) (advance c s).

(** [c] has a bishop on a square of colour [x]. *)
Definition has_bishop (b : board_fn) (c : color) (x : bool) : bool :=
  existsb (fun s => opiece_eqb (b s) (Some (MkPiece c Bishop)) && Bool.eqb (light s) x) all_squares.

(** The other side of [c] has lost its bishop of the colour other than
    [k]: taken on a square of that colour, by no capture onto [k]. *)
Definition lost (b : board_fn) (c : color) (k : bool) : nat :=
  if has_bishop b (opp c) (negb k) then 0 else 1.

(** [x] (a pawn of the other side) stands on the square from which a pawn
    of [c] steps onto [s]. *)
Definition behind (c : color) (s x : int) : bool := (pawn_step c x =? s)%uint63.

(** The allowed sets without the pawn on [x]. *)
Definition without (A : allowed) (x : int) : allowed :=
  with_slot A (fnat x) (filter (fun s => negb (s =? x)%uint63) (fst (A (fnat x))), snd (A (fnat x))).

(** A pawn [x] of the other side whose being capture-free can count for
    [c]: a pawn of [c] stands just in front of it, or it stands on [c]'s
    sixth rank and [c] has promoted men (see [pawn_lb], [token_lb]). *)
Definition relevant (b : board_fn) (c : color) (x : int) : bool :=
  inb (pawn_step c x) (pawn_sqs b c) ||| ((relative_rank c x =? 5)%uint63 &&& Nat.ltb 0 (sealed_promoted b c)).

(** [c]'s pawns, relevant for the other side, that are capture-free in
    every assignment within [c]'s budget: without them, [c] does not
    fit. *)
Definition forced (d : nat) (b : board_fn) (c : color) (A : allowed) : list int :=
  filter (fun x => relevant b (opp c) x &&& negb (fits d b c (without A x))) (pawn_sqs b c).

(** The captures onto [k] of [c]'s pawn on [s] in slot [g], at least: all
    of them if it is pinned, else one when a forced pawn [F] of the other
    side stands just behind it (it came past that pawn by a capture). *)
Definition pawn_lb (c : color) (F : list int) (s : int) (g : nat) (k : bool) : nat :=
  if Bool.eqb (light s) k then
    (if pinned c s g then advance c s else if existsb (behind c s) F then 1 else 0)
  else 0.

(** The captures onto [k] of [c]'s man promoted from file [y], at least:
    one when a forced pawn of the other side stands on its third rank on
    that file (the pawn came onto the square in front of it by a
    capture). *)
Definition token_lb (c : color) (F : list int) (y : nat) (k : bool) : nat :=
  if existsb (fun x => Nat.eqb (fnat x) y &&& (relative_rank c x =? 5)%uint63 &&&
                       Bool.eqb (light (pawn_step c x)) k) F then 1 else 0.

Definition triple : Type := (nat * nat * nat)%type.

Definition within (v : triple) (b0 b1 b2 : nat) : bool :=
  let '(x, y, z) := v in Nat.leb x b0 &&& Nat.leb y b1 &&& Nat.leb z b2.

(** [fitsk] with three budgets: the captures, those onto light squares
    and those onto dark squares. *)
Fixpoint fitc (items : list (nat -> triple)) (free : list nat) (b0 b1 b2 : nat)
    (k : list nat -> nat -> nat -> nat -> bool) : bool :=
  match items with
  | [] => k free b0 b1 b2
  | f :: rest =>
      anyb (fun g => let '(x, y, z) := f g in
                     if within (x, y, z) b0 b1 b2 then fitc rest (drop g free) (b0 - x) (b1 - y) (b2 - z) k
                     else false) free
  end.

(** [choose] with three budgets, each slot offering the options [opts]. *)
Fixpoint choosec (opts : nat -> list triple) (t : nat) (free : list nat) (b0 b1 b2 : nat) : bool :=
  match free with
  | [] => Nat.eqb t 0
  | g :: free' =>
      match t with
      | 0 => true
      | S t' =>
          anyb (fun v => let '(x, y, z) := v in
                         if within (x, y, z) b0 b1 b2 then choosec opts t' free' (b0 - x) (b1 - y) (b2 - z)
                         else false) (opts g) |||
          choosec opts t free' b0 b1 b2
      end
  end.

(** A promoted man's options in slot [g]: one per open file. *)
Definition token_opts (c : color) (bl : list nat) (A : allowed) (F : list int) (g : nat) : list triple :=
  flat_map (fun y => if file_open bl y then
                       [((if Nat.eqb y g then own (snd (A g)) else absd y g), token_lb c F y true, token_lb c F y false)]
                     else []) (seq 0 8).

(** [fits] counting the captures by colour too, the other side's forced
    pawns being [F]. *)
Definition colour_fits (d : nat) (b : board_fn) (c : color) (A : allowed) (F : list int) : bool :=
  let m := men_count (census_of (Material.men b) (opp c)) in
  fitc (map (fun s g => (pawn_cost c A s g, pawn_lb c F s g true, pawn_lb c F s g false)) (pawn_sqs b c))
       (seq 0 8) (16 - m - d) (16 - m - lost b c true) (16 - m - lost b c false)
       (fun free b0 b1 b2 => choosec (token_opts c (blocked_files b c) A F)
                               (sealed_promoted b c) free b0 b1 b2).

(** Whether the count by colour can say more than [fits]: the other side
    has lost a bishop, or some of its pawns are forced.  Otherwise each
    man's counts on the two colours add up to at most its cost, and the
    budgets of the colours are not below that of the captures. *)
Definition colours_needed (b : board_fn) (c : color) (F : list int) : bool :=
  negb (Nat.eqb (lost b c true) 0 && Nat.eqb (lost b c false) 0 && Nat.eqb (length F) 0).

Definition side_colours_ok (d : nat) (b : board_fn) (c : color) (A : allowed) (F : list int) : bool :=
  if colours_needed b c F then colour_fits d b c A F else true.

Definition colours_with (dw db : nat) (b : board_fn) (Aw Ab : allowed) : bool :=
  side_colours_ok dw b White Aw (forced db b Black Ab) &&& side_colours_ok db b Black Ab (forced dw b White Aw).

(** ** The rule *)

Definition crossing_with (dw db : nat) (b : board_fn) (Aw Ab : allowed) : bool :=
  negb (search dw db b (contested Aw Ab) Aw Ab &&& colours_with dw db b Aw Ab).

Definition crossing_refutes_board (b : board_fn) : bool :=
  crossing_with (dead b White) (dead b Black) b
    (table (map (cands b White) (seq 0 8))) (table (map (cands b Black) (seq 0 8))).

Definition crossing_refutes (P : position) : bool := crossing_refutes_board (piece_at P).
