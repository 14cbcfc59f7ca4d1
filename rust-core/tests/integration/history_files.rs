//! The pawn files (`history::files`), the abstraction `History.v` checks:
//! - its native twin of `Historyproof.files_step`: on every move of random
//!   games and of Texel's proof games for Tromp's legal random positions,
//!   the counts before the move are among the abstract predecessors of the
//!   counts after it, and game positions are viable;
//! - the search never refutes a position a game reaches, refutes a doubled
//!   pawn while the other side has all its men (the example of
//!   `coq/tests/History.v`), and its certificates pass the checker, which
//!   refuses one with the initial state added.

use crate::common::tromp::{legal_games, TrompGame};
use retroproof_core::history::files::{self, counts, preds, viable, Outcome};
use retroproof_core::random::random_games;
use retroproof_core::{Board, Move, Position};

/// Checks every move of `game` from the initial position.
fn check_game(game: &[Move], label: &str) {
    let mut pos = Position::start();
    for (ply, m) in game.iter().enumerate() {
        let next = pos.play(m).expect("a legal move");
        let before = counts(pos.board());
        let after = counts(next.board());
        assert!(
            preds(&after).contains(&before),
            "{label}, ply {}: {m} from {} is not an abstract step back",
            ply + 1,
            pos.to_fen()
        );
        assert!(
            viable(&after),
            "{label}, ply {}: {} not viable",
            ply + 1,
            next.to_fen()
        );
        pos = next;
    }
}

/// Random games from the initial position, as lists of positions.
fn random_positions(plies: u32, seed: u64, count: usize) -> Vec<Vec<Position>> {
    let mut out: Vec<Vec<Position>> = Vec::new();
    for (ply, pos) in random_games(&[Position::start()], seed, plies) {
        if ply == 0 {
            if out.len() == count {
                break;
            }
            out.push(Vec::new());
        }
        out.last_mut().expect("a game").push(pos);
    }
    out
}

#[test]
fn every_move_of_random_games_is_an_abstract_step_back() {
    for (i, game) in random_positions(200, 57, 100).iter().enumerate() {
        for (ply, pair) in game.windows(2).enumerate() {
            let (before, after) = (counts(pair[0].board()), counts(pair[1].board()));
            assert!(
                preds(&after).contains(&before),
                "random game {i}, ply {}: {} -> {}",
                ply + 1,
                pair[0].to_fen(),
                pair[1].to_fen()
            );
            assert!(
                viable(&after),
                "random game {i}: {} not viable",
                pair[1].to_fen()
            );
        }
    }
}

#[test]
fn every_move_of_tromp_proof_games_is_an_abstract_step_back() {
    // One game in three, for the suite's time (the benchmark runs all).
    for TrompGame { id, game, .. } in legal_games().into_iter().step_by(3) {
        check_game(&game, &id);
    }
}

#[test]
fn tromp_legal_positions_are_never_refuted() {
    for TrompGame {
        id, position: pos, ..
    } in legal_games()
    {
        assert!(
            !matches!(files::search(pos.board(), 20_000), Outcome::Refuted(_)),
            "{id}: a legal position refuted"
        );
    }
}

fn board(fen: &str) -> Board {
    *Position::from_fen(fen).expect("a FEN").board()
}

#[test]
fn a_doubled_pawn_against_all_sixteen_men_is_refuted_by_one_state() {
    let doubled = board("rnbqkbnr/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w - - 0 1");
    let Outcome::Refuted(states) = files::search(&doubled, 10_000) else {
        panic!("not refuted")
    };
    assert_eq!(states, vec![counts(&doubled)]);
    assert!(files::check(&doubled, &states));
    let mut with_initial = states.clone();
    with_initial.push(counts(&Board::start()));
    assert!(!files::check(&doubled, &with_initial));
}

#[test]
fn a_doubled_pawn_with_a_man_to_take_is_not_refuted() {
    let took = board("r1bqkbnr/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w - - 0 1");
    assert_eq!(files::search(&took, 10_000), Outcome::Reachable);
    assert!(!files::check(&took, &[counts(&took)]));
}

#[test]
fn nine_pawns_need_no_state() {
    let nine = board("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1");
    assert_eq!(files::search(&nine, 10), Outcome::Refuted(Vec::new()));
    assert!(files::check(&nine, &[]));
}
