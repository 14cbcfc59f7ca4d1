(** * The attack tables are what they claim to be

    [Gen/Tables.v] is generated from rust-core's attack functions. Instead of
    trusting that data, this file defines each table's meaning in plain terms
    (files and ranks, distances, steps to the edge) and proves every table
    equal to its definition, square by square, by computation.

    Two forms of each theorem:
    - [*_spec]: for every [sq] in [all_squares] (the ints 0 .. 63); these
      rest on computation alone ([Print Assumptions] shows only the
      primitive [int] and [array] operations);
    - [*_correct]: for every [sq] with [sq <? 64 = true]; going from [<?] to
      membership in [all_squares] uses the standard library's specification
      of primitive integers ([Uint63.ltb_spec], [Uint63.of_to_Z]).

    The helpers (coordinates, [all_squares], stepping) are [Local], so that
    importing this file next to [Board] shadows nothing; from outside they
    are [TablesSpec.all_squares] etc.

    Hand-written (not generated); see coq/GEN-CONTRACT.md for the layout. *)

From Coq Require Import Uint63 PArray List ZArith Lia.
From RetroProof Require Import Gen.Tables.

Local Open Scope bool_scope.
Local Open Scope uint63_scope.

(** ** Squares and their coordinates *)

(** Square [sq] is on file [sq land 7] (a = 0) and rank [sq >> 3]
    (first rank = 0): a1 = 0, h1 = 7, a2 = 8, h8 = 63. *)
Local Definition file_of (sq : int) : int := sq land 7.
Local Definition rank_of (sq : int) : int := sq >> 3.
Local Definition square_at (file rank : int) : int := 8 * rank + file.

(** [|a - b|]. *)
Local Definition dist (a b : int) : int := if a <? b then b - a else a - b.

Local Definition int_of_nat (n : nat) : int := of_Z (Z.of_nat n).

(** The ints [0 .. n-1], ascending. *)
Local Definition ints_below (n : nat) : list int := map int_of_nat (seq 0 n).

Local Definition all_squares : list int := ints_below 64.
Local Definition all_directions : list int := ints_below 8.

(** ** Readable definitions *)

(** A knight jumps one file and two ranks, or two files and one rank. *)
Definition knight_spec (sq : int) : list int :=
  filter
    (fun t =>
       let df := dist (file_of sq) (file_of t) in
       let dr := dist (rank_of sq) (rank_of t) in
       ((df =? 1) && (dr =? 2)) || ((df =? 2) && (dr =? 1)))
    all_squares.

(** A king reaches the squares at most one file and one rank away. *)
Definition king_spec (sq : int) : list int :=
  filter
    (fun t =>
       (dist (file_of sq) (file_of t) <=? 1)
       && (dist (rank_of sq) (rank_of t) <=? 1)
       && negb (t =? sq))
    all_squares.

(** A pawn attacks the two squares diagonally in front of it: one rank up
    for White, one rank down for Black. *)
Definition white_pawn_spec (sq : int) : list int :=
  filter
    (fun t => (dist (file_of sq) (file_of t) =? 1) && (rank_of t =? rank_of sq + 1))
    all_squares.

Definition black_pawn_spec (sq : int) : list int :=
  filter
    (fun t => (dist (file_of sq) (file_of t) =? 1) && (rank_of t + 1 =? rank_of sq))
    all_squares.

(** How one coordinate changes along a direction: decreases, stays, or
    increases by one. *)
Inductive coord_step : Set := Dec | Same | Inc.

(** Direction [d] as (file step, rank step), in the contract's order
    N, NE, E, SE, S, SW, W, NW. *)
Local Definition direction (d : int) : coord_step * coord_step :=
  if d =? 0 then (Same, Inc)
  else if d =? 1 then (Inc, Inc)
  else if d =? 2 then (Inc, Same)
  else if d =? 3 then (Inc, Dec)
  else if d =? 4 then (Same, Dec)
  else if d =? 5 then (Dec, Dec)
  else if d =? 6 then (Dec, Same)
  else (Dec, Inc).

(** A coordinate 0 .. 7 moved one step, unless that leaves the board. *)
Local Definition move (x : int) (s : coord_step) : option int :=
  match s with
  | Dec => if x =? 0 then None else Some (x - 1)
  | Same => Some x
  | Inc => if x =? 7 then None else Some (x + 1)
  end.

(** The square one step from [sq] in direction [d], if on the board. *)
Local Definition next_square (d sq : int) : option int :=
  let (sf, sr) := direction d in
  match move (file_of sq) sf, move (rank_of sq) sr with
  | Some f, Some r => Some (square_at f r)
  | _, _ => None
  end.

(** Keep stepping until the edge; [fuel] bounds the walk (8 is more than the
    7 steps any ray can take). *)
Local Fixpoint walk (fuel : nat) (d sq : int) : list int :=
  match fuel with
  | O => nil
  | S fuel' =>
      match next_square d sq with
      | Some t => t :: walk fuel' d t
      | None => nil
      end
  end.

Definition ray_spec (d sq : int) : list int := walk 8 d sq.

(** ** From one computation to every square *)

Local Lemma map_eq_in {A B : Type} (f g : A -> B) (l : list A) :
  map f l = map g l -> forall x, In x l -> f x = g x.
Proof.
  induction l as [|a l IH]; simpl; intros H x Hx; [contradiction|].
  injection H as Ha Hl.
  destruct Hx as [<- | Hx]; auto.
Qed.

Lemma ints_below_complete (n : nat) (bound x : int) :
  to_Z bound = Z.of_nat n -> (x <? bound) = true -> In x (ints_below n).
Proof.
  intros Hbound Hlt.
  apply ltb_spec in Hlt. rewrite Hbound in Hlt.
  pose proof (to_Z_bounded x) as Hx.
  unfold ints_below. apply in_map_iff.
  exists (Z.to_nat (to_Z x)). split.
  - unfold int_of_nat. rewrite Z2Nat.id by lia. apply of_to_Z.
  - apply in_seq. lia.
Qed.

Lemma all_squares_complete (sq : int) : (sq <? 64) = true -> In sq all_squares.
Proof. apply ints_below_complete. reflexivity. Qed.

Lemma all_directions_complete (d : int) : (d <? 8) = true -> In d all_directions.
Proof. apply ints_below_complete. reflexivity. Qed.

(** ** The tables *)

(** Every table has one entry per index, and [nil] past the end. *)
Lemma tables_shape :
  PArray.length knight_targets = 64 /\ PArray.default knight_targets = nil
  /\ PArray.length king_targets = 64 /\ PArray.default king_targets = nil
  /\ PArray.length white_pawn_attacks = 64 /\ PArray.default white_pawn_attacks = nil
  /\ PArray.length black_pawn_attacks = 64 /\ PArray.default black_pawn_attacks = nil
  /\ PArray.length rays = 512 /\ PArray.default rays = nil.
Proof. vm_compute. repeat split. Qed.

Lemma knight_targets_all :
  map (PArray.get knight_targets) all_squares = map knight_spec all_squares.
Proof. vm_compute. reflexivity. Qed.

Theorem knight_targets_spec (sq : int) :
  In sq all_squares -> PArray.get knight_targets sq = knight_spec sq.
Proof. apply map_eq_in, knight_targets_all. Qed.

Lemma king_targets_all :
  map (PArray.get king_targets) all_squares = map king_spec all_squares.
Proof. vm_compute. reflexivity. Qed.

Theorem king_targets_spec (sq : int) :
  In sq all_squares -> PArray.get king_targets sq = king_spec sq.
Proof. apply map_eq_in, king_targets_all. Qed.

Lemma white_pawn_attacks_all :
  map (PArray.get white_pawn_attacks) all_squares = map white_pawn_spec all_squares.
Proof. vm_compute. reflexivity. Qed.

Theorem white_pawn_attacks_spec (sq : int) :
  In sq all_squares -> PArray.get white_pawn_attacks sq = white_pawn_spec sq.
Proof. apply map_eq_in, white_pawn_attacks_all. Qed.

Lemma black_pawn_attacks_all :
  map (PArray.get black_pawn_attacks) all_squares = map black_pawn_spec all_squares.
Proof. vm_compute. reflexivity. Qed.

Theorem black_pawn_attacks_spec (sq : int) :
  In sq all_squares -> PArray.get black_pawn_attacks sq = black_pawn_spec sq.
Proof. apply map_eq_in, black_pawn_attacks_all. Qed.

(** The rays, indexed by [64 * d + sq]. *)
Definition ray_indices : list (int * int) :=
  flat_map (fun d => map (fun sq => (d, sq)) all_squares) all_directions.

Lemma rays_all :
  map (fun p => PArray.get rays (64 * fst p + snd p)) ray_indices
  = map (fun p => ray_spec (fst p) (snd p)) ray_indices.
Proof. vm_compute. reflexivity. Qed.

Theorem rays_spec (d sq : int) :
  In d all_directions -> In sq all_squares ->
  PArray.get rays (64 * d + sq) = ray_spec d sq.
Proof.
  intros Hd Hsq.
  apply (map_eq_in _ _ _ rays_all (d, sq)).
  apply in_flat_map. exists d. split; [exact Hd |].
  apply in_map. exact Hsq.
Qed.

(** ** The same, for every [sq <? 64] *)

Theorem knight_targets_correct (sq : int) :
  (sq <? 64) = true -> PArray.get knight_targets sq = knight_spec sq.
Proof. intros H. apply knight_targets_spec, all_squares_complete, H. Qed.

Theorem king_targets_correct (sq : int) :
  (sq <? 64) = true -> PArray.get king_targets sq = king_spec sq.
Proof. intros H. apply king_targets_spec, all_squares_complete, H. Qed.

Theorem white_pawn_attacks_correct (sq : int) :
  (sq <? 64) = true -> PArray.get white_pawn_attacks sq = white_pawn_spec sq.
Proof. intros H. apply white_pawn_attacks_spec, all_squares_complete, H. Qed.

Theorem black_pawn_attacks_correct (sq : int) :
  (sq <? 64) = true -> PArray.get black_pawn_attacks sq = black_pawn_spec sq.
Proof. intros H. apply black_pawn_attacks_spec, all_squares_complete, H. Qed.

Theorem rays_correct (d sq : int) :
  (d <? 8) = true -> (sq <? 64) = true ->
  PArray.get rays (64 * d + sq) = ray_spec d sq.
Proof.
  intros Hd Hsq.
  apply rays_spec; [apply all_directions_complete | apply all_squares_complete]; assumption.
Qed.
