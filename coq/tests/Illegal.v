(** * Illegal positions, proved unreachable.

    [check_illegal P n = true] (Search.v) says every retraction sequence
    from [P] dies within [n] plies (a predecessor failing the invariants of
    Invariants.v, or none at all) and none meets the initial position;
    [check_illegal_sound] (Retro.v) turns it into [~ reachable P]. *)

From Coq Require Import String List.
From RetroProof Require Import Board Reachable Invariants Search Retro Tactics.
Import ListNotations.
Open Scope string_scope.

(** Depth 0: an invariant fails. *)

(** Kings on adjacent squares (the side that just moved is in check). *)
Example kings_adjacent : ~ reachable (fen "8/8/8/8/8/8/2k5/2K5 w - -").
Proof. apply (check_illegal_sound _ 0). vm_cast_no_check (eq_refl true). Qed.

(** Both sides in check. *)
Example both_in_check : ~ reachable (fen "4k3/4Q3/8/8/8/8/4q3/4K3 w - -").
Proof. apply (check_illegal_sound _ 0). vm_cast_no_check (eq_refl true). Qed.

(** Nine white pawns. *)
Example nine_pawns : ~ reachable (fen "4k3/8/8/8/8/P7/PPPPPPPP/4K3 b - -").
Proof. apply (check_illegal_sound _ 0). vm_cast_no_check (eq_refl true). Qed.

(** A white pawn on the first rank. *)
Example pawn_first_rank : ~ reachable (fen "4k3/8/8/8/8/8/8/P3K3 b - -").
Proof. apply (check_illegal_sound _ 0). vm_cast_no_check (eq_refl true). Qed.

(** Seven queens and three pawns: promoted men plus pawns exceed eight. *)
Example too_many_promotions : ~ reachable (fen "k7/8/8/8/8/8/PPP5/QQQQQQQK b - -").
Proof. apply (check_illegal_sound _ 0). vm_cast_no_check (eq_refl true). Qed.

(** A castling right asserted for a rook that is not on its square. *)
Example castling_rook_away : ~ reachable (fen "4k3/8/8/8/8/8/8/1R2K3 b Q -").
Proof. apply (check_illegal_sound _ 0). vm_cast_no_check (eq_refl true). Qed.

(** Depth 1: a double check no single move gives (rooks a8 and e4 check
    the king on e8 along two lines; whichever moved last, the other was
    already giving check). *)
Example impossible_double_check : ~ reachable (fen "R3k3/8/8/8/4R3/8/8/4K3 b - -").
Proof. apply (check_illegal_sound _ 1). vm_cast_no_check (eq_refl true). Qed.

(** Depth 2: Black (all sixteen men on their squares, so nothing can be
    uncaptured) is in check from the knight on d6, which came from b5, c4,
    e4 or f5; before that, Black had no move to take back: the knights are
    walled in by White's men on a6, c6, f6 and h6, everything else by its
    own men. *)
Definition walled := fen "rnbqkbnr/pppppppp/N1NN1R1R/8/8/8/8/4K3 b - -".

Example walled_depth2 : ~ reachable walled.
Proof. apply (check_illegal_sound _ 2). vm_cast_no_check (eq_refl true). Qed.

(** The same with the tactics: four retractions (the knight came from
    b5, c4, e4 or f5), each refuted: Black has nothing to take back. *)
Example walled_ltac : ~ reachable walled.
Proof.
  retract.
  - ply_is "b5d6". refute.
  - ply_is "c4d6". refute.
  - ply_is "e4d6". refute.
  - ply_is "f5d6". refute.
Qed.

(** [retract] on a hypothesis [reachable P]. *)
Example walled_from_hypothesis : reachable walled -> 1 = 2.
Proof. intros H. retract; refute. Qed.

(** Depth 3, with the stranded-man rule (Stranded.v): R. M. Smullyan, "Which
    side is White?" (The Chess Mysteries of Sherlock Holmes, 1979),
    published answer: with White at the bottom the position is illegal.
    Every history dies within three plies, or takes back g2xh3, putting a
    white pawn on g2 behind the bishop on h1: its only way in is g2, held by
    a pawn that has never moved, so it could never have come to h1. *)
Example smullyan_direction : ~ reachable (fen "k1K5/4Q3/8/2B1P3/3P4/7P/8/7B b - -").
Proof. apply (check_illegal_sound _ 3). vm_cast_no_check (eq_refl true). Qed.
