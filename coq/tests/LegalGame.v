(** * Legal positions: games replayed from the initial position.

    [check_uci_game ms P = true] replays the moves [ms] (UCI) from the
    initial position, checking each with the readable rules
    ([legal_move_b], RulesCheck.v) and the game's bookkeeping of castling
    rights and en passant, and checks that the final position realizes
    [P]; [check_uci_game_sound] (Reachable.v) gives [reachable P]. *)

From Coq Require Import String List.
From RetroProof Require Import Board Reachable.
Import ListNotations.
Open Scope string_scope.

(** The fool's mate, 1. f3 e5 2. g4 Qh4#. *)
Example fools_mate :
  reachable (fen "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq -").
Proof.
  apply (check_uci_game_sound ["f2f3"; "e7e5"; "g2g4"; "d8h4"]). vm_cast_no_check (eq_refl true).
Qed.

(** After 1. e4 the position asserts White's double push (e3) and all
    castling rights: both hold in the game. *)
Example e4_ep : reachable (fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3").
Proof. apply (check_uci_game_sound ["e2e4"]). vm_cast_no_check (eq_refl true). Qed.

(** En passant and castling on both sides of the board:
    1. e4 a6 2. e5 d5 3. exd6 e.p. Nf6 4. Nf3 e6 5. Be2 Be7 6. O-O O-O. *)
Example ep_and_castling :
  reachable (fen "rnbq1rk1/1pp1bppp/p2Ppn2/8/8/5N2/PPPPBPPP/RNBQ1RK1 w - -").
Proof.
  apply (check_uci_game_sound ["e2e4"; "a7a6"; "e4e5"; "d7d5"; "e5d6"; "g8f6"; "g1f3"; "e7e6";
                               "f1e2"; "f8e7"; "e1g1"; "e8g8"]).
  vm_cast_no_check (eq_refl true).
Qed.

(** A right the game has lost cannot be asserted: after 1. Nf3 Nf6
    2. Rg1 the FEN "KQkq" is not realized ([check_uci_game] says false). *)
Example lost_right_rejected :
  check_uci_game ["g1f3"; "g8f6"; "h1g1"] (fen "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKBR1 b KQkq -") = false.
Proof. vm_compute. reflexivity. Qed.
