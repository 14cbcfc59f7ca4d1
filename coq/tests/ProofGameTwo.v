(* A proof game with two solutions.
   Problem: pdb-P1004157 of ../shared/corpus/spg.tsv (published with two solutions): the
   diagram arose after exactly 8 plies.
   The test fails if the checker finds a third game or misses one. *)
From Coq Require Import String List.
From RetroProof Require Import Board Notation Reachable Search ProofGame ProofGameproof.
Open Scope string_scope.
Open Scope list_scope.

Definition P : position :=
  fen "rnb1kbnr/pp1p1ppp/2p1p3/2B5/q2P4/8/PPP1PPPP/RN1QKBNR w - - 0 1".

Lemma P_parses : parse_fen "rnb1kbnr/pp1p1ppp/2p1p3/2B5/q2P4/8/PPP1PPPP/RN1QKBNR w - - 0 1" = Some P.
Proof. vm_compute. reflexivity. Qed.

Lemma only_check :
  check_only_games P 8
    (("d2d3" :: "e7e6" :: "c1e3" :: "d8h4" :: "e3c5" :: "h4a4" :: "d3d4" :: "c7c6" :: nil) ::
     ("d2d4" :: "c7c6" :: "c1d2" :: "d8a5" :: "d2b4" :: "a5a4" :: "b4c5" :: "e7e6" :: nil) :: nil) = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Definition only_of (sound : statement_of RetroProof.ProofGameproof.only_games_sound) :=
  sound _ _ _ only_check.

Theorem only : forall (h : list (position * move)) (G : position),
  game h G -> List.length h = 8 -> same_diagram G P ->
  plies h = ("d2d3" :: "e7e6" :: "c1e3" :: "d8h4" :: "e3c5" :: "h4a4" :: "d3d4" :: "c7c6" :: nil) \/
  plies h = ("d2d4" :: "c7c6" :: "c1d2" :: "d8a5" :: "d2b4" :: "a5a4" :: "b4c5" :: "e7e6" :: nil).
Proof. exact (only_of RetroProof.ProofGameproof.only_games_sound). Qed.

Lemma game_1_check :
  check_game_plies P 8 ("d2d3" :: "e7e6" :: "c1e3" :: "d8h4" :: "e3c5" :: "h4a4" :: "d3d4" :: "c7c6" :: nil) = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Theorem game_1 : exists (h : list (position * move)) (G : position),
  game h G /\ List.length h = 8 /\ same_diagram G P /\
  plies h = ("d2d3" :: "e7e6" :: "c1e3" :: "d8h4" :: "e3c5" :: "h4a4" :: "d3d4" :: "c7c6" :: nil).
Proof. exact (game_plies_sound _ _ _ game_1_check). Qed.

Lemma game_2_check :
  check_game_plies P 8 ("d2d4" :: "c7c6" :: "c1d2" :: "d8a5" :: "d2b4" :: "a5a4" :: "b4c5" :: "e7e6" :: nil) = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Theorem game_2 : exists (h : list (position * move)) (G : position),
  game h G /\ List.length h = 8 /\ same_diagram G P /\
  plies h = ("d2d4" :: "c7c6" :: "c1d2" :: "d8a5" :: "d2b4" :: "a5a4" :: "b4c5" :: "e7e6" :: nil).
Proof. exact (game_plies_sound _ _ _ game_2_check). Qed.

(** Either game alone is not the whole set. *)
Lemma one_rejects :
  check_only_games P 8
    (("d2d4" :: "c7c6" :: "c1d2" :: "d8a5" :: "d2b4" :: "a5a4" :: "b4c5" :: "e7e6" :: nil) :: nil) = false.
Proof. vm_compute. reflexivity. Qed.

Print Assumptions only.
