(* Proof games that do not exist.
   1. Hand-made: the position after 1.e4 (Black to move) arises after 1 ply and after 5
      (1.e3 Nf6 2.e4 Ng8 ...), but after exactly 3 plies Black has made one move and
      cannot have brought its men back home.
   2. popeye-reg-4_47_to_4_49-dia2.5 of ../shared/corpus/spg_no_solution.tsv (Popeye's
      regression remark "This should have no solution": the only candidate last move
      would leave its own king in check).
   The test fails if the checker finds a game, or finds none where there is one. *)
From Coq Require Import String List.
From RetroProof Require Import Board Notation Reachable Search ProofGame ProofGameproof.
Open Scope string_scope.
Open Scope list_scope.

Definition P : position :=
  fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1".

Lemma P_parses : parse_fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1" = Some P.
Proof. vm_compute. reflexivity. Qed.

Lemma none_check : check_only_games P 3 nil = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Theorem none : forall (h : list (position * move)) (G : position),
  game h G -> List.length h = 3 -> same_diagram G P -> False.
Proof. exact (only_games_sound _ _ _ none_check). Qed.

(** The checker does find the games of 1 and of 5 plies. *)
Lemma one_rejects : check_only_games P 1 nil = false.
Proof. vm_compute. reflexivity. Qed.

Lemma five_rejects : check_only_games P 5 nil = false.
Proof. vm_compute. reflexivity. Qed.

Definition Q : position :=
  fen "rnb1kbnr/pppp1ppp/8/4p3/5P1q/6K1/PPPPP1PP/RNBQ1BNR b - - 0 1".

Lemma Q_parses : parse_fen "rnb1kbnr/pppp1ppp/8/4p3/5P1q/6K1/PPPPP1PP/RNBQ1BNR b - - 0 1" = Some Q.
Proof. vm_compute. reflexivity. Qed.

Lemma none_Q_check : check_only_games Q 5 nil = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Theorem none_Q : forall (h : list (position * move)) (G : position),
  game h G -> List.length h = 5 -> same_diagram G Q -> False.
Proof. exact (only_games_sound _ _ _ none_Q_check). Qed.

Print Assumptions none.
Print Assumptions none_Q.
