(* Filman 1979 (Smullyan, The Chess Mysteries of Sherlock Holmes, "Mystery
   of the missing piece"): the published answer, a white bishop on h4, is
   reachable.  The game is the one the proof-game search finds for the
   position with h4 empty (where Black's promoted knight takes the
   dark-squared bishop on a3, ply 58), changed by hand: the bishop shuffles
   a3-b2 instead of the rook a2-a3 (plies 57-75), the knight goes c2-a1-c2-a1
   without taking it, and the bishop walks a3-b2-c1-g5-h4 after d2-d3 while
   the rook d4 waits (plies 109-119).  The moves are in
   examples/filman-1979-bishop.uci and examples/filman-1979.md explains the
   puzzle; `retroproof prove "2nR3K/pk1Rp1p1/p2p4/P1p5/1Pp4B/2PP2P1/4P2P/n7 b - -"
   --question legal-game $(cat examples/filman-1979-bishop.uci)` proves the
   same theorem. *)
From Coq Require Import String List.
From RetroProof Require Import Board Notation Reachable.
Open Scope string_scope.
Open Scope list_scope.

Definition P : position :=
  fen "2nR3K/pk1Rp1p1/p2p4/P1p5/1Pp4B/2PP2P1/4P2P/n7 b - - 0 1".

Lemma P_parses : parse_fen "2nR3K/pk1Rp1p1/p2p4/P1p5/1Pp4B/2PP2P1/4P2P/n7 b - - 0 1" = Some P.
Proof. vm_compute. reflexivity. Qed.

Definition game_moves : list string :=
  "b1a3" :: "b8c6" :: "g1h3" :: "g8f6" :: "a3c4" :: "f6e4" :: "h3f4" :: "e4d6" :: "f4e6" :: "h7h6" :: "e6f8" :: "a8b8" :: "f8e6" :: "f7e6" :: "c2c3" :: "b8a8" :: "g2g3" :: "a8b8" :: "a2a4" :: "b8a8" :: "b2b4" :: "h6h5" :: "c1a3" :: "h8h6" :: "f1g2" :: "h6f6" :: "g2d5" :: "e6d5" :: "e1f1" :: "d5c4" :: "f1g2" :: "f6g6" :: "g2f3" :: "g6h6" :: "f3f4" :: "h6f6" :: "f4g5" :: "f6g6" :: "g5g6" :: "h5h4" :: "g6h7" :: "h4h3" :: "h7h8" :: "e8f8" :: "d1f1" :: "f8e8" :: "f1g2" :: "h3g2" :: "h1d1" :: "g2g1n" :: "a1a2" :: "g1f3" :: "a2a1" :: "f3e1" :: "a1a2" :: "e1c2" :: "a3b2" :: "c2a1" :: "b2a3" :: "a1c2" :: "a3b2" :: "c2a1" :: "b2a3" :: "c6d4" :: "a3b2" :: "d4e6" :: "b2a3" :: "c7c5" :: "a3b2" :: "d8c7" :: "b2a3" :: "e8d8" :: "a3b2" :: "c7c6" :: "b2a3" :: "d8c7" :: "f2f3" :: "c6e4" :: "f3e4" :: "e6d8" :: "d1f1" :: "c7b6" :: "f1f6" :: "b6c6" :: "a4a5" :: "c6c7" :: "a2b2" :: "c7c6" :: "b2b1" :: "c6c7" :: "b1d1" :: "d6b5" :: "f6a6" :: "b7a6" :: "h8h7" :: "c7b7" :: "h7h8" :: "b5d6" :: "d1f1" :: "a8b8" :: "f1f5" :: "b8a8" :: "f5d5" :: "a8b8" :: "d2d3" :: "b7c6" :: "d5d4" :: "c8b7" :: "a3b2" :: "d6c8" :: "b2c1" :: "c6c7" :: "c1g5" :: "b7c6" :: "g5h4" :: "b8b6" :: "d4d5" :: "c7b7" :: "d5d4" :: "c6d5" :: "e4d5" :: "b6c6" :: "d5c6" :: "b7a8" :: "c6c7" :: "a8b7" :: "d4f4" :: "d8c6" :: "f4f8" :: "d7d6" :: "f8d8" :: "b7a8" :: "d8d7" :: "a8b7" :: "h8h7" :: "c6d8" :: "h7g8" :: "b7c6" :: "g8h8" :: "c6b7" :: "c7d8r" :: nil.

Theorem legal : reachable P.
Proof.
  apply (check_uci_game_sound game_moves).
  vm_cast_no_check (eq_refl true).
Qed.

Print Assumptions legal.
