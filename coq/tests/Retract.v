(** * Retraction tests: known answers and the special cases.

    Exact sets are written in retroproof's notation (Notation.v) and
    compared as sorted lists; [has] checks that one retraction is present.
    Everything is checked with [vm_compute].

    Shared expected sets (coordinated with the native engine) are added as
      [Example name : same_set ["..."; ...] (fen "...") = true.
       Proof. vm_compute. reflexivity. Qed.]
    ([same_set] sorts the expected list; [retraction_strings] is sorted). *)

From Coq Require Import Uint63 String List.
From RetroProof Require Import Gen.Vocab Board Retract Notation.
Import ListNotations.
Open Scope string_scope.

Definition has (s : string) (P : position) : bool :=
  existsb (fun x => if string_dec x s then true else false) (retraction_strings P).

(** The predecessor reached by retraction [s] (the empty position if none). *)
Definition back (s : string) (P : position) : position :=
  match find (fun '(r, _) => if string_dec (retraction_to_string (turn P) r) s then true else false)
             (retractions P) with
  | Some (_, Q) => Q
  | None => empty_position
  end.

(** ** Known answers (issue #3) *)

Example ep_only : retraction_strings (fen "8/8/3kP3/8/3R1Q2/8/4K3/8 b - -") = ["d5e6ep"].
Proof. vm_compute. reflexivity. Qed.

Example unpromotion_only : retraction_strings (fen "6B1/5R1k/8/8/8/8/8/7K b - -") = ["g7g8b"].
Proof. vm_compute. reflexivity. Qed.

Example uncastle_only : retraction_strings (fen "2kr3K/3p4/8/8/8/8/8/8 w - -") = ["e8c8"].
Proof. vm_compute. reflexivity. Qed.

Example rook_40 : length (retractions (fen "8/8/8/8/8/4k3/8/r3K3 w - -")) = 40%nat.
Proof. vm_compute. reflexivity. Qed.

Example castling_right_7 :
  retraction_strings (fen "4k3/8/P7/8/8/8/8/4K2R b K -")
  = ["a5a6"; "b5a6ep"; "b5a6xb"; "b5a6xn"; "b5a6xp"; "b5a6xq"; "b5a6xr"].
Proof. vm_compute. reflexivity. Qed.

Example start_4 :
  retraction_strings (fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
  = ["a6b8"; "c6b8"; "f6g8"; "h6g8"].
Proof. vm_compute. reflexivity. Qed.

(** Smullyan: [b3c3xp], then [b4c3ep], then (forced by the en-passant
    square) [c2c4]. *)
Definition smullyan := fen "8/8/8/1r1b4/B7/2K5/8/3k4 b - -".

Example smullyan_1 :
  retraction_strings smullyan = ["b3c3"; "b3c3xb"; "b3c3xn"; "b3c3xp"; "b3c3xq"; "b3c3xr"].
Proof. vm_compute. reflexivity. Qed.

Example smullyan_2 : retraction_strings (back "b3c3xp" smullyan) = ["b4c3ep"].
Proof. vm_compute. reflexivity. Qed.

Example smullyan_3 :
  (to_fen (back "b4c3ep" (back "b3c3xp" smullyan)),
   retraction_strings (back "b4c3ep" (back "b3c3xp" smullyan)))
  = ("8/8/8/1r1b4/BpP5/1K6/8/3k4 b - c3", ["c2c4"]).
Proof. vm_compute. reflexivity. Qed.

Example smullyan_4 :
  to_fen (back "c2c4" (back "b4c3ep" (back "b3c3xp" smullyan))) = "8/8/8/1r1b4/Bp6/1K6/2P5/3k4 w - -".
Proof. vm_compute. reflexivity. Qed.

(** ** Special cases, hand-checked *)

(** En-passant square asserted: the double push is the only retraction. *)
Example ep_assert : retraction_strings (fen "4k3/8/8/8/4P3/8/8/4K3 b - e3") = ["e2e4"].
Proof. vm_compute. reflexivity. Qed.

(** ... and if the pawn cannot have passed (e3 occupied), there is none. *)
Example ep_assert_blocked : retraction_strings (fen "4k3/8/8/8/4P3/4N3/8/4K3 b - e3") = [].
Proof. vm_compute. reflexivity. Qed.

(** Black to move.  White's pawn e4: single step, double step, captures
    from d3/f3 with any uncaptured man but a king (a pawn may stand on e4).
    White's king a1: from a2, b1, b2, quietly or uncapturing anything but a
    king or a pawn (first rank).  27 in all. *)
Example pawn_steps :
  retraction_strings (fen "4k3/8/8/8/4P3/8/8/K7 b - -")
  = ["a2a1"; "a2a1xb"; "a2a1xn"; "a2a1xq"; "a2a1xr"; "b1a1"; "b1a1xb"; "b1a1xn"; "b1a1xq"; "b1a1xr";
     "b2a1"; "b2a1xb"; "b2a1xn"; "b2a1xq"; "b2a1xr"; "d3e4xb"; "d3e4xn"; "d3e4xp"; "d3e4xq"; "d3e4xr";
     "e2e4"; "e3e4"; "f3e4xb"; "f3e4xn"; "f3e4xp"; "f3e4xq"; "f3e4xr"].
Proof. vm_compute. reflexivity. Qed.

(** Castling rights of the side that moved: king and rook never moved, so
    Black (king and rook only) has no retraction at all. *)
Example castling_assert : retraction_strings (fen "r3k3/8/8/8/8/8/8/4K3 w q -") = [].
Proof. vm_compute. reflexivity. Qed.

Example castling_no_assert : has "e7e8" (fen "r3k3/8/8/8/8/8/8/4K3 w - -") = true.
Proof. vm_compute. reflexivity. Qed.

(** Un-castling, White king side and queen side. *)
Example uncastle_white_k : has "e1g1" (fen "4k3/8/8/8/8/8/8/5RK1 b - -") = true.
Proof. vm_compute. reflexivity. Qed.
Example uncastle_white_q : has "e1c1" (fen "4k3/8/8/8/8/8/8/2KR4 b - -") = true.
Proof. vm_compute. reflexivity. Qed.
Example uncastle_black_k : has "e8g8" (fen "5rk1/8/8/8/8/8/8/4K3 w - -") = true.
Proof. vm_compute. reflexivity. Qed.
(** Not when P asserts a right for the castling side. *)
Example uncastle_asserted : has "e8g8" (fen "r4rk1/8/8/8/8/8/8/4K3 w q -") = false.
Proof. vm_compute. reflexivity. Qed.
(** After un-castling, Q has the right it needed. *)
Example uncastle_q_fen :
  to_fen (back "e1g1" (fen "4k3/8/8/8/8/8/8/5RK1 b - -")) = "4k3/8/8/8/8/8/8/4K2R w K -".
Proof. vm_compute. reflexivity. Qed.

(** Unpromotions, with and without uncapture. *)
Example unpromotion_cases :
  map (fun s => has s (fen "3R3k/8/8/8/8/8/8/4K3 b - -")) ["d7d8r"; "c7d8rxb"; "e7d8rxn"; "e7d8rxq"]
  = [true; true; true; true].
Proof. vm_compute. reflexivity. Qed.
(** No uncaptured pawn on the last rank, no uncaptured king. *)
Example unpromotion_no_pawn :
  map (fun s => has s (fen "3R3k/8/8/8/8/8/8/4K3 b - -")) ["c7d8rxp"; "c7d8rxk"] = [false; false].
Proof. vm_compute. reflexivity. Qed.

(** The side that just moved is in check: no predecessor. *)
Example mover_in_check : retraction_strings (fen "4k3/8/8/8/8/8/8/4K2r b - -") = [].
Proof. vm_compute. reflexivity. Qed.

(** A double check no single move can have given: rooks on a8 (along the
    8th rank) and e4 (along the e-file); whichever rook moved last, the
    other one was already giving check to the side not to move. *)
Example impossible_check : retraction_strings (fen "R3k3/8/8/8/4R3/8/8/4K3 b - -") = [].
Proof. vm_compute. reflexivity. Qed.

(** Material: with eight black pawns on the board an uncaptured pawn is
    impossible, and a ninth white queen... *)
Example material_pawns :
  has "d3e4xp" (fen "4k3/pppppppp/8/8/4P3/8/8/K7 b - -") = false.
Proof. vm_compute. reflexivity. Qed.

(** [same_set] compares in any order. *)
Example same_set_demo :
  same_set ["h6g8"; "f6g8"; "c6b8"; "a6b8"] (fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -") = true.
Proof. vm_compute. reflexivity. Qed.

(** ** Un-en-passant needs the captured pawn's double step to be possible

    Found by [retroproof diff]: Black's pawn on b3 could not have taken a
    white pawn en passant there, because the white king stands on b2, the
    square the pawn's double step b2-b4 would have started from.  The
    pawn's diagonal retraction c4b3 with an ordinary uncapture stays. *)
Example unep_needs_empty_origin :
  has "c4b3ep" (fen "2b3r1/1p4bp/1r5k/p1P1p2B/P3N2P/1p2P1P1/1K2P3/R1B3R1 w - -") = false.
Proof. vm_compute. reflexivity. Qed.

Example unep_when_origin_empty :
  has "c4b3ep" (fen "2b3r1/1p4bp/1r5k/p1P1p2B/P3N2P/1p2P1P1/4P3/R1B2KR1 w - -") = true.
Proof. vm_compute. reflexivity. Qed.
