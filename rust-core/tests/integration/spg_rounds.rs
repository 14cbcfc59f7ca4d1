//! A search large enough to run in several rounds (more than a few
//! thousand positions, see [`retroproof_core::spg::search`]) lists the
//! same games as the many small searches it splits into: one from each
//! position after the first two plies, each with a fresh solver and small
//! enough to end in its first round. A game listed in one round still
//! leads somewhere in the next: the rounds must neither lose a game nor
//! list one twice. (The small searches are themselves checked against
//! plain enumeration in `tests/integration/spg.rs`.)

use std::collections::BTreeSet;

use retroproof_core::spg::{Diagram, Limits, Solver};
use retroproof_core::{Move, Position};

fn all() -> Limits {
    Limits {
        max_solutions: None,
        time: None,
        nodes: None,
    }
}

fn uci(game: &[Move]) -> String {
    game.iter().map(Move::to_uci).collect::<Vec<_>>().join(" ")
}

#[test]
fn rounds_list_every_game_once() {
    // The f-pawn went, captured by a black man that went home again:
    // some 166,000 games of 13 plies.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPP1PP/RNBQKBNR b - -";
    let plies = 13;
    let diagram = Diagram::from_fen(fen).unwrap();

    let mut split = BTreeSet::new();
    let start = Position::start();
    for first in start.legal_moves() {
        let after_first = start.play(&first).unwrap();
        for second in after_first.legal_moves() {
            let pos = after_first.play(&second).unwrap();
            let report = Solver::new(diagram).search_from(&pos, plies - 2, &all());
            assert!(report.complete);
            for tail in &report.solutions {
                let mut game = vec![first, second];
                game.extend_from_slice(tail);
                assert!(split.insert(uci(&game)), "listed twice from one position");
            }
        }
    }
    assert!(split.len() > 100_000);

    let mut solver = Solver::new(diagram);
    let whole = solver.search(plies, &all());
    assert!(whole.complete);
    assert!(whole.nodes > 4096, "a search of several rounds");
    let listed: Vec<String> = whole.solutions.iter().map(|g| uci(g)).collect();
    let set: BTreeSet<String> = listed.iter().cloned().collect();
    assert_eq!(set.len(), listed.len(), "a game listed twice");
    assert!(set == split, "the rounds lost or invented games");

    // What the first search left in the tables serves a second one.
    let again = solver.search(plies, &all());
    let set_again: BTreeSet<String> = again.solutions.iter().map(|g| uci(g)).collect();
    assert_eq!(again.solutions.len(), set_again.len());
    assert!(set_again == split, "the second search differs");
}
