(** * Last-move problems (examples/retro-problems.epd).

    [check_last P ms extra = true] (Search.v) checks that every retraction
    sequence of [length ms] plies from [P] whose positions pass the
    invariants starts with [ms] (most recent last in [ms], which is
    written oldest first), every other branch dying within [extra] more
    plies, and that no position on the way could be the initial one.
    [check_last_sound] (Retro.v): every game reaching [P] ends with [ms]. *)

From Coq Require Import String List.
From RetroProof Require Import Board Reachable Search Retro.
Import ListNotations.
Open Scope string_scope.
Open Scope list_scope.

(** Issue #3: last move d5xe6 e.p., double check by Rd4 and Qf4. *)
Example ep_double_check : forall h G, game h G -> realizes G (fen "8/8/3kP3/8/3R1Q2/8/4K3/8 b - -") ->
  exists pre, plies h = pre ++ ["d5e6ep"].
Proof. apply (check_last_sound _ _ 0). vm_cast_no_check (eq_refl true). Qed.

(** Issue #3: g7-g8=B, double check by Bg8 and Rf7. *)
Example promotion_bishop : forall h G, game h G -> realizes G (fen "6B1/5R1k/8/8/8/8/8/7K b - -") ->
  exists pre, plies h = pre ++ ["g7g8b"].
Proof. apply (check_last_sound _ _ 0). vm_cast_no_check (eq_refl true). Qed.

(** Issue #3: Black castled long, giving check with Rd8. *)
Example castling_check : forall h G, game h G -> realizes G (fen "2kr3K/3p4/8/8/8/8/8/8 w - -") ->
  exists pre, plies h = pre ++ ["e8c8"].
Proof. apply (check_last_sound _ _ 0). vm_cast_no_check (eq_refl true). Qed.

(** Smullyan, The Chess Mysteries of Sherlock Holmes, cover: Ka7xNa8. *)
Example smullyan_cover : forall h G, game h G -> realizes G (fen "k1K5/8/8/8/8/8/7P/6B1 w - -") ->
  exists pre, plies h = pre ++ ["a7a8xN"].
Proof. apply (check_last_sound _ _ 1). vm_cast_no_check (eq_refl true). Qed.

(** E. Angelini, Europe Echecs 1995: g2-g4 f4xg3 e.p.+, Kf5xNe5. *)
Example angelini : forall h G, game h G -> realizes G (fen "8/8/3r4/4K3/8/4kqpb/8/8 b - -") ->
  exists pre, plies h = pre ++ ["g2g4"; "f4g3ep"; "f5e5xn"].
Proof. apply (check_last_sound _ _ 1). vm_cast_no_check (eq_refl true). Qed.

(** P. Schaefer, Die Schwalbe 1998: b7-b5 a5xb6 e.p., Ka6xPb6. *)
Example schaefer : forall h G, game h G ->
  realizes G (fen "B7/P1Ppp1p1/1k6/3Q4/1P6/5P1R/6PP/R3KB2 w - -") ->
  exists pre, plies h = pre ++ ["b7b5"; "a5b6ep"; "a6b6xP"].
Proof. apply (check_last_sound _ _ 0). vm_cast_no_check (eq_refl true). Qed.

(** F. Amelung 1897: Black's last move was g7-g5. *)
Example amelung : forall h G, game h G -> realizes G (fen "7R/7p/5P1k/4PKpP/8/8/8/8 w - -") ->
  exists pre, plies h = pre ++ ["g7g5"].
Proof. apply (check_last_sound _ _ 1). vm_cast_no_check (eq_refl true). Qed.

(** G. Husserl 1966: c7xNd8=R+. *)
Example husserl : forall h G, game h G -> realizes G (fen "B1kRN3/Pp6/2QK1R2/8/8/8/8/8 b - -") ->
  exists pre, plies h = pre ++ ["c7d8rxn"].
Proof. apply (check_last_sound _ _ 2). vm_cast_no_check (eq_refl true). Qed.

(** L. Mano, AR05: c5xd6 e.p. double check. *)
Example mano : forall h G, game h G ->
  realizes G (fen "3n1r2/PPN1K3/NpkP4/8/2QpB3/1p6/PP1P4/4r3 b - -") ->
  exists pre, plies h = pre ++ ["c5d6ep"].
Proof. apply (check_last_sound _ _ 0). vm_cast_no_check (eq_refl true). Qed.

(** N. Hoeg, last-move record: d4-d5+ e7-e5 d5xe6 e.p.+. *)
Example hoeg_ep : forall h G, game h G -> realizes G (fen "8/3K4/4Pk2/8/8/8/8/B7 b - -") ->
  exists pre, plies h = pre ++ ["d4d5"; "e7e5"; "d5e6ep"].
Proof. apply (check_last_sound _ _ 0). vm_cast_no_check (eq_refl true). Qed.

(** T. Hwa, Retractor tutorial: the same three plies, with the king away. *)
Example hwa_ep : forall h G, game h G -> realizes G (fen "8/8/4Pk2/8/8/7K/8/B7 b - -") ->
  exists pre, plies h = pre ++ ["d4d5"; "e7e5"; "d5e6ep"].
Proof. apply (check_last_sound _ _ 0). vm_cast_no_check (eq_refl true). Qed.

(** T. Hwa, Retractor tutorial page 1: a3+. *)
Example hwa_pawn : forall h G, game h G -> realizes G (fen "8/8/8/8/1k6/P7/1K6/8 b - -") ->
  exists pre, plies h = pre ++ ["a2a3"].
Proof. apply (check_last_sound _ _ 0). vm_cast_no_check (eq_refl true). Qed.

(** S. Stambuk / J. Coakley, Retro 28: g7xNh8=B. *)
Example stambuk_28 : forall h G, game h G -> realizes G (fen "6BB/7p/8/8/8/8/P7/k1K5 b - -") ->
  exists pre, plies h = pre ++ ["g7h8bxn"].
Proof. apply (check_last_sound _ _ 1). vm_cast_no_check (eq_refl true). Qed.

(** S. Stambuk / J. Coakley, Retro 29: the last two plies. *)
Example stambuk_29 : forall h G, game h G -> realizes G (fen "8/8/8/8/4k3/8/4pK2/5b1B b - -") ->
  exists pre, plies h = pre ++ ["f2f1b"; "g2f2"].
Proof. apply (check_last_sound _ _ 0). vm_cast_no_check (eq_refl true). Qed.

(** B. Pavlovic, last-move records: castling long, and Kc6xRb6. *)
Example pavlovic_long_castling : forall h G, game h G -> realizes G (fen "8/8/8/8/8/8/3P4/2KR2k1 b - -") ->
  exists pre, plies h = pre ++ ["e1c1"].
Proof. apply (check_last_sound _ _ 0). vm_cast_no_check (eq_refl true). Qed.

Example pavlovic_king_takes_rook : forall h G, game h G -> realizes G (fen "k7/8/1K6/8/b7/1p6/8/7B b - -") ->
  exists pre, plies h = pre ++ ["c6b6xr"].
Proof. apply (check_last_sound _ _ 1). vm_cast_no_check (eq_refl true). Qed.

(** N. Hoeg, last-move record c7-c8=B. *)
Example hoeg_promotion : forall h G, game h G -> realizes G (fen "2B5/1K1k4/8/8/8/8/8/8 b - -") ->
  exists pre, plies h = pre ++ ["c7c8b"].
Proof. apply (check_last_sound _ _ 0). vm_cast_no_check (eq_refl true). Qed.
