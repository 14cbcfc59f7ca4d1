(* Proof game with one solution, and the shortest form.
   Problem: pdb-P0008139 of ../shared/corpus/spg.tsv (Joost de Heer, Retros Mailing List 1996,
   PDB P0008139): the diagram arose after exactly 5 plies; the game is 1.e4 e5 2.Qh5 Ke7 3.Qxe5.
   The test fails if the checker finds another game, misses this one, or finds a shorter one. *)
From Coq Require Import String List.
From RetroProof Require Import Board Notation Reachable Search ProofGame ProofGameproof.
Open Scope string_scope.
Open Scope list_scope.

Definition P : position :=
  fen "rnbq1bnr/ppppkppp/8/4Q3/4P3/8/PPPP1PPP/RNB1KBNR b - - 0 1".

Lemma P_parses : parse_fen "rnbq1bnr/ppppkppp/8/4Q3/4P3/8/PPPP1PPP/RNB1KBNR b - - 0 1" = Some P.
Proof. vm_compute. reflexivity. Qed.

(** Every game of 5 plies showing the diagram is this one. *)
Lemma only_check :
  check_only_games P 5 (("e2e4" :: "e7e5" :: "d1h5" :: "e8e7" :: "h5e5xp" :: nil) :: nil) = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Definition only_of (sound : statement_of RetroProof.ProofGameproof.only_games_sound) :=
  sound _ _ _ only_check.

Theorem only : forall (h : list (position * move)) (G : position),
  game h G -> List.length h = 5 -> same_diagram G P ->
  plies h = ("e2e4" :: "e7e5" :: "d1h5" :: "e8e7" :: "h5e5xp" :: nil).
Proof. exact (only_of RetroProof.ProofGameproof.only_games_sound). Qed.

(** And it is a game. *)
Lemma game_1_check :
  check_game_plies P 5 ("e2e4" :: "e7e5" :: "d1h5" :: "e8e7" :: "h5e5xp" :: nil) = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Theorem game_1 : exists (h : list (position * move)) (G : position),
  game h G /\ List.length h = 5 /\ same_diagram G P /\
  plies h = ("e2e4" :: "e7e5" :: "d1h5" :: "e8e7" :: "h5e5xp" :: nil).
Proof. exact (game_plies_sound _ _ _ game_1_check). Qed.

(** No game of fewer plies shows the diagram. *)
Lemma shortest_check : check_no_shorter P 5 = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Theorem shortest : forall (h : list (position * move)) (G : position),
  game h G -> same_diagram G P -> 5 <= List.length h.
Proof. exact (no_shorter_sound _ _ shortest_check). Qed.

(** The checkers can say no: a list without the game, a game that is
    not one (its last ply captures nothing), a length with no game of
    the same side to move, and "no game shorter than 7". *)
Lemma only_rejects : check_only_games P 5 nil = false.
Proof. vm_compute. reflexivity. Qed.

Lemma game_rejects :
  check_game_plies P 5 ("e2e4" :: "e7e5" :: "d1h5" :: "e8e7" :: "h5e5" :: nil) = false.
Proof. vm_compute. reflexivity. Qed.

Lemma odd_only : check_only_games P 6 nil = true.
Proof. vm_compute. reflexivity. Qed.

Lemma shortest_rejects : check_no_shorter P 7 = false.
Proof. vm_compute. reflexivity. Qed.

Print Assumptions only.
Print Assumptions game_1.
Print Assumptions shortest.
