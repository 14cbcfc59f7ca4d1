(** * Notation: retractions as strings, and comparing retraction sets.

    A retraction is written as the forward move it takes back, in UCI long
    algebraic (castling as the king's two-square move, promotion letter
    lowercase), followed by [x] and the FEN letter of the uncaptured man
    (uppercase = white, lowercase = black), or [ep] for en passant:
    [b3c3xp], [b4c3ep], [c2c4], [c7d8rxb], [e1g1].

    [retraction_strings P] is the sorted list of the strings of
    [retractions P]; tests compare it with an expected sorted list, so a
    test is one [vm_compute]d equality of lists of strings. *)

From Coq Require Import Uint63 PArray List Bool String Ascii.
From RetroProof Require Import Gen.Vocab Board Movegen Retract.
Import ListNotations.
Open Scope string_scope.

Definition move_to_string (m : move) : string :=
  square_to_string (mv_from m) ++ square_to_string (mv_to m) ++
  match mv_promo m with Some r => String (role_char r) EmptyString | None => EmptyString end.

(** [S]: the side to move in P, i.e. the colour of the uncaptured man. *)
Definition retraction_to_string (S : color) (r : retraction) : string :=
  move_to_string (rt_move r) ++
  match mv_kind (rt_move r), rt_capture r with
  | EnPassant, _ => "ep"
  | _, Some x => String "x"%char (String (char_of_piece (MkPiece S x)) EmptyString)
  | _, None => EmptyString
  end.

(** ** Sorting strings (insertion sort; the lists are short) *)


Definition ascii_lt (a b : ascii) : bool := Nat.ltb (nat_of_ascii a) (nat_of_ascii b).

Fixpoint string_ltb (a b : string) : bool :=
  match a, b with
  | EmptyString, EmptyString => false
  | EmptyString, String _ _ => true
  | String _ _, EmptyString => false
  | String x a', String y b' =>
      if ascii_lt x y then true else if ascii_lt y x then false else string_ltb a' b'
  end.

Fixpoint insert_string (s : string) (l : list string) : list string :=
  match l with
  | [] => [s]
  | x :: r => if string_ltb x s then x :: insert_string s r else s :: l
  end.

Definition sort_strings (l : list string) : list string := fold_right insert_string [] l.

Definition retraction_strings (P : position) : list string :=
  sort_strings (map (fun '(r, _) => retraction_to_string (turn P) r) (retractions P)).

(** The FENs of the predecessors, sorted, for tests that check Q too. *)
Definition predecessor_fens (P : position) : list string :=
  sort_strings (map (fun '(r, Q) => retraction_to_string (turn P) r ++ " " ++ to_fen Q) (retractions P)).

(** Set comparison: [same_set expected P] holds when the retraction
    strings of P are exactly [expected] (in any order, no duplicates). *)
Definition same_set (expected : list string) (P : position) : bool :=
  if list_eq_dec string_dec (sort_strings expected) (retraction_strings P) then true else false.

(** ** Checked FEN parsing

    [parse_fen s] is the position the FEN string [s] describes, read
    strictly: [of_fen] must parse it, [to_fen] must print that position
    back as exactly the first four fields of [s], and what follows may
    only be the two move counters (one space before each, digits). So a
    doubled space, a reordered or repeated castling flag, a trailing
    character or an unparsable string all give [None] — unlike [fen],
    which falls back to the empty board. Generated files prove
    [parse_fen "<FEN>" = Some P] by computation: the theorem is about the
    position typed. *)

Definition is_digit (a : ascii) : bool :=
  match digit_of_char a with Some _ => true | None => false end.

(** The number of leading digits of [s], and the rest. *)
Fixpoint skip_digits (s : string) : nat * string :=
  match s with
  | String a r =>
      if is_digit a then let '(n, r') := skip_digits r in (S n, r') else (0%nat, s)
  | EmptyString => (0%nat, EmptyString)
  end.

(** Nothing, or [" <digits> <digits>"]. *)
Definition counters_ok (s : string) : bool :=
  match s with
  | EmptyString => true
  | String sp r =>
      Ascii.eqb sp " "%char &&
      let '(n1, r1) := skip_digits r in
      match r1 with
      | String sp2 r2 =>
          let '(n2, r3) := skip_digits r2 in
          Ascii.eqb sp2 " "%char && negb (Nat.eqb n1 0) && negb (Nat.eqb n2 0) &&
          match r3 with EmptyString => true | String _ _ => false end
      | EmptyString => false
      end
  end.

(** [s] without the prefix [p], if [p] is one. *)
Fixpoint strip_prefix (p s : string) : option string :=
  match p, s with
  | EmptyString, _ => Some s
  | String a p', String b s' => if Ascii.eqb a b then strip_prefix p' s' else None
  | String _ _, EmptyString => None
  end.

Definition parse_fen (s : string) : option position :=
  match of_fen s with
  | None => None
  | Some p =>
      match strip_prefix (to_fen p) s with
      | Some rest => if counters_ok rest then Some p else None
      | None => None
      end
  end.

(** What [P_parses] buys: the position [fen s] of a generated file is the
    one [s] strictly parses to. *)
Lemma parse_fen_fen : forall s p, parse_fen s = Some p -> fen s = p.
Proof.
  intros s p H. unfold parse_fen in H. unfold fen.
  destruct (of_fen s) as [q|]; [|discriminate].
  destruct (strip_prefix (to_fen q) s) as [rest|]; [|discriminate].
  destruct (counters_ok rest); congruence.
Qed.
