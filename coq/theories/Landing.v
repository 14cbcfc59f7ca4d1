(** * Landing: where captures landed, computed.

    Headline definition and theorem (proof in Landingproof.v):

    - [landing_refutes P]   for some side [c] and file [x], [c]'s pawn of
                            file [x] was taken as a pawn on file [x], and
                            no capture of the other side can have landed
                            there;
    - [Landingproof.landing_refutes_sound :
         forall P, landing_refutes P = true -> ~ reachable P].

    This is the rule [landing::refutes] of the native engine
    (rust-core/src/rules/landing.rs), with the same verdict.

    ** The rule

    As in PawnCaptures.v a side's pawns are assigned to distinct starting
    files (slots); a pawn made at least as many captures as the files
    between its slot and its file, and at most as many as the ranks it
    went up ([plain_cost]).  Only the pawns on the board are counted here
    (no promoted men): a lower bound all the same.  For a side [c], its
    other side [o] and a file [x]:

    - an unmoved pawn of [o] stands on [c]'s seventh rank on file [x], so
      [c]'s pawn of slot [x] never promoted on file [x];
    - neither side's pawns fit in one capture fewer than the other side's
      missing men: every capture a side made is one its pawns on the
      board need;
    - no assignment of [c]'s pawns within its captures gives one of them
      the slot [x]: [c]'s pawn of slot [x] is gone, and made no capture
      (else one more capture than its pawns need), so it was taken as a
      pawn on file [x];
    - so some capture of [o] landed on file [x]: not a piece's (one more
      capture than [o]'s pawns need), so a pawn's, whose way from its slot
      [g] to its file [t] then took at least [need g t x] captures; no
      pawn of [o] fits with that cost.

    Werner Keym's [N7/P1pp1p1p/pp5p/8/P7/PkPP4/pB1P2P1/2KR4 w] with
    [g7xh6] taking a piece: White's h-pawn is gone, was taken on the
    h-file, but Black's four captures all land on the a- to d-files. *)

From Coq Require Import Uint63 List Bool Arith.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts PawnCaptures Crossing.
Import ListNotations.
Open Scope nat_scope.

(** The fewest captures of a pawn going from file [g] to file [t] that
    land on file [x] at least once: each capture moves it one file, so it
    goes out to [x] and on to [t] (out and back when [x] is [g]). *)
Definition need (g t x : nat) : nat :=
  if Nat.eqb x g then 2 + absd g t else absd g x + absd x t.

(** The captures [c]'s pawn on [s] made at least in slot [g]: the files
    between, unless that is more than the ranks it went up. *)
Definition plain_cost (c : color) (s : int) (g : nat) : nat :=
  let v := absd (fnat s) g in if Nat.leb v (advance c s) then v else impossible.

(** The captures [c] can have made: the other side's missing men. *)
Definition budget (b : board_fn) (c : color) : nat := 16 - men_count (census_of (Material.men b) (opp c)).

Definition plain_costs (b : board_fn) (c : color) : list (nat -> nat) :=
  map (plain_cost c) (pawn_sqs b c).

(** The costs of [c]'s pawns, the one on [s] landing on [x] on its way. *)
Definition landing_costs (b : board_fn) (c : color) (s : int) (x : nat) : list (nat -> nat) :=
  map (fun s' => if (s' =? s)%uint63 then (fun g => need g (fnat s) x) else plain_cost c s') (pawn_sqs b c).

(** [c]'s pawns fit within [budget b c - d] (not when that is negative). *)
Definition pfits (d : nat) (b : board_fn) (c : color) : bool :=
  Nat.leb d (budget b c) &&& fitsk (plain_costs b c) (seq 0 8) (budget b c - d) (fun _ _ => true).

(** Some assignment of [c]'s pawns within its budget gives one of them
    the slot [x]. *)
Definition pfits_on (b : board_fn) (c : color) (x : nat) : bool :=
  fitsk (plain_costs b c) (seq 0 8) (budget b c) (fun free _ => negb (existsb (Nat.eqb x) free)).

(** Some pawn of [o] lands on [x] within [o]'s budget. *)
Definition lands (b : board_fn) (o : color) (x : nat) : bool :=
  anyb (fun s => fitsk (landing_costs b o s x) (seq 0 8) (budget b o) (fun _ _ => true)) (pawn_sqs b o).

Definition landing_side (b : board_fn) (c : color) (x : nat) : bool :=
  negb (file_open (blocked_files b c) x) &&& negb (pfits 1 b c) &&& negb (pfits 1 b (opp c)) &&&
  negb (pfits_on b c x) &&& negb (lands b (opp c) x).

Definition landing_refutes_board (b : board_fn) : bool :=
  anyb (fun c => anyb (landing_side b c) (seq 0 8)) [White; Black].

Definition landing_refutes (P : position) : bool := landing_refutes_board (piece_at P).
