(** Certificates (Cert.v): a closed dead set is accepted, wrong ones are
    refused.  The dead sets are computed here from the verified generator
    (every position of the retraction tree above its refuted leaves). *)
From Coq Require Import Uint63 List String.
From RetroProof Require Import Board Retract Reachable Search Retro Tactics Cert.
Import ListNotations.
Open Scope string_scope.

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

(** The root alone is not closed: its predecessors are alive. *)
Example p1_root_only : check_illegal_cert P1 [encode P1] = false.
Proof. vm_compute. reflexivity. Qed.

(** The tactic. *)
Theorem p1_illegal_ltac : ~ reachable P1.
Proof. apply unreachable_intro. intros h G Hg Hr. refute_dead D1. Qed.
