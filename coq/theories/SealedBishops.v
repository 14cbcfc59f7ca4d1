(** * SealedBishops: bishops walled in on their initial squares, computed.

    Headline definition and theorem (proof in SealedBishopsproof.v):

    - [sealed_refutes P]  some side's pawns plus its promoted men exceed 8,
                          counting every bishop of a square colour as
                          promoted when that colour's initial bishop square
                          is sealed and empty of the side's bishops;
    - [SealedBishopsproof.sealed_refutes_sound :
         forall P, sealed_refutes P = true -> ~ reachable P].

    This is the rule [bishops::refutes] of the native engine
    (rust-core/src/rules/bishops.rs), computed the same way;
    rust-core/tests/integration/sealed_bishops_coq.rs writes coq/tests/SealedBishopsCross.v,
    which checks the two agree on random boards.

    ** The rule

    A bishop starts on c1 or f1 (White), c8 or f8 (Black); from there it
    can only move to the two squares of its side's second rank diagonally
    in front of it (b2 and d2 for c1, e2 and g2 for f1, b7 and d7 for c8,
    e7 and g7 for f8).  When the side's pawns stand on both (the square is
    "sealed"), they stood there all game (no move puts a pawn on its own
    second rank), so the bishop never left its square, and no bishop ever
    arrived there (a bishop arriving passes over or comes from one of
    those two squares; promotions happen on the other side's first rank).
    So a sealed square holding no bishop of its side lost its bishop to a
    capture there: every bishop of the side on that square colour is then
    a promoted pawn, not just those beyond the first.  Together with the
    queens beyond one and the rooks and knights beyond two, the promoted
    men plus the pawns are at most 8 (Material.v's count, made stronger). *)

From Coq Require Import Uint63 List Bool Arith.
From RetroProof Require Import Gen.Vocab Board Rules Material.
Import ListNotations.

(** The initial square of [c]'s bishop of square colour [light] and the two
    squares of [c]'s second rank in front of it. *)
Definition bishop_home (c : color) (light : bool) : int * int * int :=
  match c, light with
  | White, false => (2, 9, 11)%uint63    (* c1; b2, d2 *)
  | White, true => (5, 12, 14)%uint63    (* f1; e2, g2 *)
  | Black, true => (58, 49, 51)%uint63   (* c8; b7, d7 *)
  | Black, false => (61, 52, 54)%uint63  (* f8; e7, g7 *)
  end.

(** Sealed by [c]'s pawns and holding none of [c]'s bishops. *)
Definition walled_out (b : board_fn) (c : color) (light : bool) : bool :=
  let '(h, s1, s2) := bishop_home c light in
  opiece_eqb (b s1) (Some (MkPiece c Pawn)) && opiece_eqb (b s2) (Some (MkPiece c Pawn)) &&
  negb (opiece_eqb (b h) (Some (MkPiece c Bishop))).

(** Of [n] bishops of one square colour, the promoted ones: all of them
    when the home square of that colour is walled out, else those beyond
    the first. *)
Definition bishops_promoted (n : nat) (w : bool) : nat := if w then n else (n - 1)%nat.

Definition sealed_promoted (b : board_fn) (c : color) : nat :=
  let k := census_of (men b) c in
  ((queens k - 1) + (rooks k - 2) + (knights k - 2) +
   bishops_promoted (light_bishops k) (walled_out b c true) +
   bishops_promoted (dark_bishops k) (walled_out b c false))%nat.

(** [c]'s pawns plus promoted men exceed 8. *)
Definition sealed_side (b : board_fn) (c : color) : bool :=
  Nat.ltb 8 (sealed_promoted b c + pawns (census_of (men b) c)).

Definition sealed_refutes (P : position) : bool :=
  sealed_side (piece_at P) White || sealed_side (piece_at P) Black.
