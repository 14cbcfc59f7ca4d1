(** * Export: small helpers for the files `retroproof` generates.

    [retroproof diff] compares the native engine with Coq: it writes, for
    each position, the native retraction set and perft count, and Coq
    reports only the disagreements, as strings that say what Coq computed:

    - ["R i s1 s2 …"]: position [i]'s retraction strings (sorted) differ
      from the native ones; the list is Coq's;
    - ["P i n"]: position [i]'s perft count differs; [n] is Coq's.

    Nothing here is trusted by a proof: these are reporting functions. *)

From Coq Require Import Uint63 PArray List Bool String Ascii.
From RetroProof Require Import Gen.Vocab Board Movegen Perft Retract Notation.
Import ListNotations.
Open Scope uint63_scope.

(** Decimal digits of a non-negative [int]. *)
Fixpoint digits_of (fuel : nat) (n : int) (acc : string) : string :=
  match fuel with
  | O => acc
  | S f =>
    let acc' := String (ascii_of_nat (48 + nat_of_int (n mod 10))) acc in
    if n <? 10 then acc' else digits_of f (n / 10) acc'
  end.

Definition string_of_int (n : int) : string := digits_of 20 n EmptyString.

Definition string_list_eqb (a b : list string) : bool :=
  if list_eq_dec string_dec a b then true else false.

(** The disagreements for position [i]: [rs] the native retraction strings
    (sorted by byte), [n] the native perft count at depth [d]. *)
Definition diff_entry (i : int) (P : position) (rs : list string) (d : int) (n : int) : list string :=
  let rs' := retraction_strings P in
  let n' := perft P (nat_of_int d) in
  ((if string_list_eqb rs rs' then []
    else [("R " ++ string_of_int i ++ " " ++ String.concat " " rs')%string])
   ++ (if n =? n' then [] else [("P " ++ string_of_int i ++ " " ++ string_of_int n')%string])).
