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
    side fits its budget (rust-core/tests/crossing_coq.rs writes
    coq/tests/CrossingCross.v, which checks that they agree).

    ** The rule

    As in PawnCaptures.v each side assigns its pawns and its promoted men
    ([promoted_men] of Material.v) to distinct starting files, its slots;
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

    [fitsk] looks for an assignment of the pawns (their costs per slot)
    to distinct free slots within a budget, dropping a slot as soon as the
    budget is spent, and [choose] then picks the promoted men's slots
    among those left as a set (they are alike): at most 8 men and 8
    slots. *)

From Coq Require Import Uint63 List Bool Arith.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts PawnCaptures.
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
        (choose (token_cost (blocked_files b c) A) (promoted_men (census_of (Material.men b) c))).

(** The candidates of slot [g]. *)
Definition cands (b : board_fn) (c : color) (g : nat) : list int * bool :=
  (filter (fun s => Nat.eqb (fnat s) g) (pawn_sqs b c),
   Nat.ltb 0 (promoted_men (census_of (Material.men b) c)) && file_open (blocked_files b c) g).

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

Definition crossing_with (dw db : nat) (b : board_fn) (Aw Ab : allowed) : bool :=
  negb (search dw db b (contested Aw Ab) Aw Ab).

Definition crossing_refutes_board (b : board_fn) : bool :=
  crossing_with (dead b White) (dead b Black) b
    (table (map (cands b White) (seq 0 8))) (table (map (cands b Black) (seq 0 8))).

Definition crossing_refutes (P : position) : bool := crossing_refutes_board (piece_at P).
