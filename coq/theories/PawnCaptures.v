(** * PawnCaptures: pawn-capture counting (Filman, ch. 3), computed.

    Headline definition and theorem (proof in PawnCapturesproof.v):

    - [pawn_refutes P]   some side's pawns need more captures than the
                         other side has lost men;
    - [PawnCapturesproof.pawn_refutes_sound :
         forall P, pawn_refutes P = true -> ~ reachable P].

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
    over slots.  rust-core/tests/pawn_captures_coq.rs generates random
    boards with the native verdicts into coq/tests/PawnCapturesCross.v,
    which checks them against [pawn_refutes] by [vm_compute].  Soundness (PawnCapturesproof.v) uses only the easy
    direction: the minimum is at most the cost of any assignment.

    Everything is [nat] with small values (at most 64), lists of at most
    81 entries, and one scan of the 64 squares per question: fast under
    [vm_compute]. *)

From Coq Require Import Uint63 PArray List Bool Arith.
From RetroProof Require Import Gen.Vocab Board Rules Material.
Import ListNotations.
Open Scope nat_scope.

(** ** Files as small naturals *)

Definition file_table : array nat :=
  Eval vm_compute in
  fold_left (fun a k => a.[int_of_nat k <- Nat.modulo k 8]) (seq 0 64) (PArray.make 64 0%nat).

(** The file of square [s], 0 (a) to 7 (h). *)
Definition fnat (s : int) : nat := file_table.[s].

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

(** From state [(b, s)] to [(b', s')] across one file: promoted pawns may
    be placed on it only when it is open, and at most one slot is used. *)
Definition pred_ok (o : bool) (b s b' s' : nat) : bool :=
  (if o then Nat.leb b b' else Nat.eqb b b') && (Nat.eqb s s' || Nat.eqb (S s) s').

Definition omin (x y : option nat) : option nat :=
  match x, y with
  | None, _ => y
  | _, None => x
  | Some a, Some b => Some (Nat.min a b)
  end.

(** The cheapest entry of [L] leading to [(b', s')]. *)
Fixpoint best (o : bool) (b' s' : nat) (L : list entry) : option nat :=
  match L with
  | [] => None
  | (b, s, v) :: L' =>
      if pred_ok o b s b' s' then omin (Some v) (best o b' s' L') else best o b' s' L'
  end.

(** One file: [a] pawns at files up to this one, [o] whether it is open;
    states range over [B <= t], [S <= m]. *)
Definition dp_step (t m a : nat) (o : bool) (L : list entry) : list entry :=
  flat_map (fun b' =>
    flat_map (fun s' =>
      match best o b' s' L with
      | Some v => [(b', s', absd (a + b') s' + v)]
      | None => []
      end) (seq 0 (S m))) (seq 0 (S t)).

Definition dp_run (t m : nat) (data : list (nat * bool)) (L : list entry) : list entry :=
  fold_left (fun L ao => dp_step t m (fst ao) (snd ao) L) data L.

(** The cheapest entry of [L] at state [(b, s)]. *)
Fixpoint lookup (b s : nat) (L : list entry) : option nat :=
  match L with
  | [] => None
  | (b0, s0, v) :: L' =>
      if Nat.eqb b0 b && Nat.eqb s0 s then omin (Some v) (lookup b s L') else lookup b s L'
  end.

(** The fewest captures of a side with pawns on the files [pf] and [t]
    promoted men, [bl] the blocked files; [None] when the promoted men
    have no open file to come from. *)
Definition min_captures (pf bl : list nat) (t : nat) : option nat :=
  let m := (length pf + t)%nat in
  let data := map (fun k => (clt (S k) pf, file_open bl k)) (seq 0 8) in
  lookup t m (dp_run t m data [(0%nat, 0%nat, 0%nat)]).

(** ** The rule *)

(** [c]'s pawns and promoted men need more captures than [c] can have
    made.  (More than 8 of them fail the material invariant; the rule
    then says nothing, like the native one.) *)
Definition side_refutes (b : board_fn) (c : color) : bool :=
  let ms := men b in
  let pf := pawn_files b c in
  let t := promoted_men (census_of ms c) in
  if Nat.ltb 8 (length pf + t) then false else
  let captured := (16 - men_count (census_of ms (opp c)))%nat in
  match min_captures pf (blocked_files b c) t with
  | None => true
  | Some v => Nat.ltb captured v
  end.

Definition pawn_refutes (P : position) : bool :=
  side_refutes (piece_at P) White ||| side_refutes (piece_at P) Black.
