(** Certificates (Cert.v): a closed dead set is accepted, wrong ones are
    refused.  The dead sets are computed here from the verified generator
    (every position of the retraction tree above its refuted leaves). *)
From Coq Require Import Uint63 List String.
From RetroProof Require Import Board Retract Notation Reachable Search Retro Tactics Cert.
Import ListNotations.
Open Scope string_scope.
Open Scope list_scope.

(** Dies within 2 plies (README). *)
Definition P1 : position := fen "rnbqkbnr/pppppppp/N1NN1R1R/8/8/8/8/4K3 b - -".

Definition D1 : cert := Eval vm_compute in map encode (P1 :: map snd (retractions P1)).

Example decode_encode : map (fun c => to_fen (decode c)) D1 = map (fun c => to_fen (decode (encode (decode c)))) D1.
Proof. vm_compute. reflexivity. Qed.

Example p1_root : to_fen (decode (hd (CPos 0 0 0 0 0) D1)) = "rnbqkbnr/pppppppp/N1NN1R1R/8/8/8/8/4K3 b - -".
Proof. vm_compute. reflexivity. Qed.

Theorem p1_illegal : ~ reachable P1.
Proof. apply (check_illegal_cert_sound P1 D1). vm_cast_no_check (eq_refl true). Qed.

Theorem p1_dead : check_dead D1 = true.
Proof. vm_compute. reflexivity. Qed.

(** The root alone suffices now: White's third knight is a promoted pawn,
    which needed captures to reach an open file (every black pawn still
    stands on its seventh rank) while Black has all sixteen men: the
    pawn-capture rule (PawnCaptures.v) refutes [P1] itself. *)
Example p1_root_only : check_illegal_cert P1 [encode P1] = true.
Proof. vm_compute. reflexivity. Qed.

(** Smullyan's "which side is White?" as shown: no rule refutes the root,
    and its predecessors are not all refuted, so the root alone is not a
    closed set. *)
Definition P0 : position := fen "k1K5/4Q3/8/2B1P3/3P4/7P/8/7B b - -".

Example p0_root_only : check_illegal_cert P0 [encode P0] = false.
Proof. vm_compute. reflexivity. Qed.

(** The tactic. *)
Theorem p1_illegal_ltac : ~ reachable P1.
Proof. apply unreachable_intro. intros h G Hg Hr. refute_dead D1. Qed.

(** Smullyan's invisible king: the last 3 plies.  The dead set: the
    alive positions of each deviating subtree, up to the depth within
    which it dies. *)
Definition P2 : position := fen "8/8/8/1r1b4/B7/2K5/8/3k4 b - -".

Fixpoint upto (n : nat) (P : position) : list position :=
  match n with
  | O => []
  | S n => if alive P then P :: flat_map (fun rq => upto n (snd rq)) (retractions P) else []
  end.

Fixpoint deviations (ns : list string) (P : position) : list position :=
  match ns with
  | [] => []
  | x :: ns' =>
    flat_map (fun rq =>
      if String.eqb (retraction_to_string (turn P) (fst rq)) x then deviations ns' (snd rq)
      else upto (List.length ns') (snd rq)) (retractions P)
  end.

Definition D2 : cert := Eval vm_compute in map encode (deviations ["b3c3xp"; "b4c3ep"; "c2c4"] P2).

Theorem p2_last_3 : forall h G, game h G -> realizes G P2 ->
  exists pre, plies h = pre ++ ["c2c4"; "b4c3ep"; "b3c3xp"].
Proof. apply (check_last_cert_sound P2 _ D2). vm_cast_no_check (eq_refl true). Qed.

(** A wrong answer: the same dead set does not decide the oldest ply
    otherwise. *)
Example p2_wrong : check_last_cert P2 ["c2c3"; "b4c3ep"; "b3c3xp"] D2 = false.
Proof. vm_compute. reflexivity. Qed.

(** A live branch claimed dead: the position before the last ply. *)
Example p2_live_claimed_dead :
  check_last_cert P2 ["b3c3xp"] (D2 ++ map encode (map snd (retractions P2))) = false.
Proof. vm_compute. reflexivity. Qed.

(** The last ply among several: White has all sixteen men, so Black's
    lone king on e8 captured nothing and did not castle onto e8; its last
    move came from one of the five squares around it.  No dead set is
    needed for the five; leaving one out is refused. *)
Definition P3 : position := fen "4k3/8/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQ -".

Theorem p3_king_moved : forall h G, game h G -> realizes G P3 ->
  exists pre x, In x ["d7e8"; "d8e8"; "e7e8"; "f7e8"; "f8e8"] /\ plies h = pre ++ [x].
Proof. apply (check_last_among_cert_sound P3 _ []). vm_cast_no_check (eq_refl true). Qed.

Example p3_one_left_out : check_last_among_cert P3 ["d7e8"; "d8e8"; "e7e8"; "f7e8"] [] = false.
Proof. vm_compute. reflexivity. Qed.
