(** * Exact rights: positions read the way the FEN standard reads them.

    [check_uci_game_exact ms P = true] replays [ms] from the initial
    position like [check_uci_game] and checks that the game ends in [P]
    itself: the same castling rights (a [-] meaning none) and the same
    en-passant square (set after every double push, the PGN standard's
    reading); [check_uci_game_exact_sound] (Reachable.v) gives
    [reachable_exact P]. *)

From Coq Require Import String List.
From RetroProof Require Import Board Game Reachable.
Import ListNotations.
Open Scope string_scope.

(** The initial position is reached by the empty game with its four
    rights, and only with them. *)
Example initial_exact :
  reachable_exact (fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").
Proof. apply (check_uci_game_exact_sound []). vm_cast_no_check (eq_refl true). Qed.

Example initial_no_rights_not_by_the_empty_game :
  check_uci_game_exact [] (fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -") = false.
Proof. vm_compute. reflexivity. Qed.

(** ... but each rook may go out and back: the initial board with no right
    left, White to move, after 16 plies. *)
Example initial_board_no_rights :
  reachable_exact (fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -").
Proof.
  apply (check_uci_game_exact_sound
    ["g1f3"; "g8f6"; "h1g1"; "h8g8"; "g1h1"; "g8h8"; "f3g1"; "f6g8";
     "b1c3"; "b8c6"; "a1b1"; "a8b8"; "b1a1"; "b8a8"; "c3b1"; "c6b8"]).
  vm_cast_no_check (eq_refl true).
Qed.

(** After 1. e4 the en-passant square is e3, though no black pawn can take
    there: the position with [-] is not the one the game reaches, and is
    not exactly reached by it; with e3 it is. *)
Example e4_without_ep :
  check_uci_game_exact ["e2e4"] (fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -") = false.
Proof. vm_compute. reflexivity. Qed.

Example e4_with_ep :
  reachable_exact (fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3").
Proof. apply (check_uci_game_exact_sound ["e2e4"]). vm_cast_no_check (eq_refl true). Qed.

(** What is reached exactly is reached. *)
Example exact_is_reachable :
  reachable (fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -").
Proof. apply reachable_exact_reachable, initial_board_no_rights. Qed.
