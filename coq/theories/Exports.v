(** * Exports: small helpers for the files `retroproof` generates.

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

(** ** Last plies, by the retraction generator

    [retro_lines d P]: every sequence of [d] retractions from [P], each
    written as its retraction strings, most recent first.  By
    [retractions_sound] (Soundness.v) each step is a real predecessor.

    [forced_retractions d P ans]: there is such a sequence, and every one
    begins with [ans] (most recent first). *)

Fixpoint retro_lines (d : nat) (P : position) : list (list string) :=
  match d with
  | O => [[]]
  | S k => flat_map (fun '(r, Q) => map (cons (retraction_to_string (turn P) r)) (retro_lines k Q))
             (retractions P)
  end.

Definition forced_retractions (d : nat) (P : position) (ans : list string) : Prop :=
  retro_lines d P <> [] /\ Forall (fun l => firstn (List.length ans) l = ans) (retro_lines d P).

Definition forced_b (d : nat) (P : position) (ans : list string) : bool :=
  match retro_lines d P with
  | [] => false
  | ls => forallb (fun l => string_list_eqb (firstn (List.length ans) l) ans) ls
  end.

Lemma string_list_eqb_eq : forall a b, string_list_eqb a b = true -> a = b.
Proof. intros a b. unfold string_list_eqb. destruct (list_eq_dec string_dec a b); congruence. Qed.

Theorem forced_b_sound : forall d P ans, forced_b d P ans = true -> forced_retractions d P ans.
Proof.
  intros d P ans H. unfold forced_b in H. unfold forced_retractions.
  destruct (retro_lines d P) as [|l ls] eqn:E; [discriminate|].
  split; [discriminate|].
  apply Forall_forall. intros x Hx.
  apply string_list_eqb_eq.
  exact (proj1 (forallb_forall _ _) H x Hx).
Qed.

(** [retroproof diff] on a [last N] problem: [ans] is the native answer
    (most recent first) forced at depth [d]; reports ["L i k s1|s2|s3"]
    when Coq does not confirm it: [k] sequences of [d] retractions, the
    first three shown (plies comma-separated, most recent first). *)
Definition last_entry (i : int) (P : position) (d : int) (ans : list string) : list string :=
  if forced_b (nat_of_int d) P ans then []
  else
    let ls := retro_lines (nat_of_int d) P in
    [("L " ++ string_of_int i ++ " " ++ string_of_int (int_of_nat (List.length ls)) ++ " "
      ++ String.concat "|" (map (String.concat ",") (firstn 3 ls)))%string].
