(** * Material: the census of men, a necessary condition for legality.

    Not a rule of chess but a consequence of the rules: a position that a
    game reaches has, per side, at most 16 men and 8 pawns, and at most 8
    pawns plus men that must come from promotions; no pawn stands on the
    first or last rank.  [material_ok] is one of the invariants of
    Invariants.v ([material_reachable] proves it for every reachable
    position) and filters the predecessors the retraction generator
    produces (Retract.v). *)

From Coq Require Import Uint63 List Bool.
From RetroProof Require Import Gen.Vocab Board Rules.
Import ListNotations.
Open Scope uint63_scope.

(** The men on board [b], with their squares (a1 first). *)
Definition men (b : board_fn) : list (int * piece) :=
  fold_right (fun s acc => match b s with Some p => (s, p) :: acc | None => acc end) [] all_squares.

Definition is_light (s : int) : bool := negb ((file_of s + rank_of s) land 1 =? 0).

(** The men of one colour, counted by kind. *)
Record census : Set := Census {
  men_count : nat; pawns : nat; knights : nat;
  light_bishops : nat; dark_bishops : nat; rooks : nat; queens : nat
}.

Definition tally (s : int) (r : role) (k : census) : census :=
  let '(Census a p n lb db rk q) := k in
  match r with
  | Pawn => Census (S a) (S p) n lb db rk q
  | Knight => Census (S a) p (S n) lb db rk q
  | Bishop => if is_light s then Census (S a) p n (S lb) db rk q else Census (S a) p n lb (S db) rk q
  | Rook => Census (S a) p n lb db (S rk) q
  | Queen => Census (S a) p n lb db rk (S q)
  | King => Census (S a) p n lb db rk q
  end.

Definition census_of (ms : list (int * piece)) (c : color) : census :=
  fold_right (fun sp k => if color_eqb (piece_color (snd sp)) c then tally (fst sp) (piece_role (snd sp)) k else k)
             (Census 0 0 0 0 0 0 0) ms.

(** Men that must come from promotions: queens beyond 1, rooks and knights
    beyond 2, bishops beyond 1 on each square colour. *)
Definition promoted_men (k : census) : nat :=
  ((queens k - 1) + (rooks k - 2) + (knights k - 2) + (light_bishops k - 1) + (dark_bishops k - 1))%nat.

(** At most 16 men and 8 pawns, and promoted men plus pawns at most 8. *)
Definition material_ok_for (ms : list (int * piece)) (c : color) : bool :=
  let k := census_of ms c in
  Nat.leb (men_count k) 16 && Nat.leb (pawns k) 8 && Nat.leb (promoted_men k + pawns k) 8.

Definition no_pawn_on_back_rank (ms : list (int * piece)) : bool :=
  forallb (fun sp => match snd sp with
                     | MkPiece _ Pawn => negb ((rank_of (fst sp) =? 0) || (rank_of (fst sp) =? 7))
                     | _ => true
                     end) ms.

(** Rule 3 of a retraction's predecessor. *)
Definition material_ok (b : board_fn) : bool :=
  let ms := men b in
  material_ok_for ms White && material_ok_for ms Black && no_pawn_on_back_rank ms.
