(** * Exports: small helpers for the files `retroproof` generates.

    [retroproof diff] compares the native engine with Coq: it writes, for
    each position, the native retraction set and perft count, and Coq
    reports only the disagreements, as strings that say what Coq computed:

    - ["R i s1 s2 …"]: position [i]'s retraction strings (sorted) differ
      from the native ones; the list is Coq's;
    - ["P i n"]: position [i]'s perft count differs; [n] is Coq's;
    - ["L i k …"]: a [last N] answer Coq's checker does not confirm;
    - ["I i"]: an [illegal] answer Coq's checker does not confirm (below);
    - ["C i"]: a native *certificate* (a dead set, Cert.v) that Coq's
      certificate checker refuses, for a [last N] or an [illegal] answer.

    Nothing here is trusted by a proof: these are reporting functions. *)

From Coq Require Import Uint63 PArray List Bool String Ascii.
From RetroProof Require Import Gen.Vocab Board Movegen Perft Retract Notation Search Cert.
From RetroProof Require Zone.
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

(** The disagreements for position [i]: [rs] the native retraction strings
    (sorted by byte), [n] the native perft count at depth [d]. *)
Definition str_in (s : string) (l : list string) : bool :=
  existsb (String.eqb s) l.

(** [rs] (duplicate-free, as the native engine's set is) is exactly the set
    of [rs']: same length, and every member of [rs] is in [rs'].  Cheaper
    than sorting [rs'] with [sort_strings] (whose character comparison goes
    through unary naturals); a difference is reported unsorted (retroproof
    sorts it for display). *)
Definition same_strings (rs rs' : list string) : bool :=
  Nat.eqb (List.length rs) (List.length rs') && forallb (fun s => str_in s rs') rs.

Definition diff_entry (i : int) (P : position) (rs : list string) (d : int) (n : int) : list string :=
  let rs' := map (fun '(r, _) => retraction_to_string (turn P) r) (retractions P) in
  let n' := perft P (nat_of_int d) in
  ((if same_strings rs rs' then []
    else [("R " ++ string_of_int i ++ " " ++ String.concat " " rs')%string])
   ++ (if n =? n' then [] else [("P " ++ string_of_int i ++ " " ++ string_of_int n')%string])).

(** [report t]: computes [t] (a list of strings) and prints it unless it is
    empty. Used as a proof step of [Example diff_batch : True]. *)
Ltac report t :=
  let v := eval vm_compute in t in
  lazymatch v with
  | @nil _ => idtac
  | _ => idtac v
  end.

(** ** Last plies

    [retroproof diff] on a [last N] problem: [ans] is the native answer
    (most recent first), forced among the retraction sequences of [d]
    plies.  Coq's verdict is the verified checker's, [check_last]
    (Search.v; its theorem [check_last_sound] is in Retro.v): every game
    reaching [P] ends with [ans].  When it refuses, the entry reports
    ["L i k s1|s2|s3"]: Coq's own [k] sequences of [d] retractions, the
    first three shown (plies comma-separated, most recent first). *)

Fixpoint retro_lines (d : nat) (P : position) : list (list string) :=
  match d with
  | O => [[]]
  | S k => flat_map (fun '(r, Q) => map (cons (retraction_to_string (turn P) r)) (retro_lines k Q))
             (retractions P)
  end.

Definition last_entry (i : int) (P : position) (d : int) (ans : list string) : list string :=
  if check_last P (rev ans) (nat_of_int d - List.length ans) then []
  else
    let ls := retro_lines (nat_of_int d) P in
    [("L " ++ string_of_int i ++ " " ++ string_of_int (int_of_nat (List.length ls)) ++ " "
      ++ String.concat "|" (map (String.concat ",") (firstn 3 ls)))%string].

(** [retroproof diff] on an [illegal] problem: the native engine says every
    retraction sequence dies within [d] plies; reports ["I i"] when Coq's
    [check_illegal] (Search.v; [check_illegal_sound], Retro.v) does not
    confirm it. *)
Definition illegal_entry (i : int) (P : position) (d : int) : list string :=
  if check_illegal P (nat_of_int d) then [] else [("I " ++ string_of_int i)%string].

(** ** Certificates

    [retroproof diff] on the deep search's answers: the native zone cages
    [Z] and dead set [D] go to the checkers the exported proofs call,
    [Zone.check_last_zcert] and [Zone.check_illegal_zcert]
    ([check_last_zcert_sound] and [check_illegal_zcert_sound] in Retro.v;
    without cages they check what [check_last_cert] and
    [check_illegal_cert] check).  ["C i"] when Coq refuses. *)
Definition cert_last_entry (i : int) (P : position) (ans : list string) (Z : list Zone.zcage) (D : cert) :
    list string :=
  if Zone.check_last_zcert P (rev ans) Z D then [] else [("C " ++ string_of_int i)%string].

Definition cert_illegal_entry (i : int) (P : position) (Z : list Zone.zcage) (D : cert) : list string :=
  if Zone.check_illegal_zcert P Z D then [] else [("C " ++ string_of_int i)%string].
