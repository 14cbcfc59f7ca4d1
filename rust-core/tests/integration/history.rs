//! The native guard of the abstract retro search until Coq proves it
//! (`docs/history.md`):
//! - **simulation**: on every move of random games and of Texel's proof
//!   games for Tromp's legal random positions, the abstraction of the
//!   position before the move is the abstraction after it or one of its
//!   abstract predecessors, for several zones;
//! - **no refutation of a reachable position**: positions along those
//!   games (each reached by a prefix of a game) are never refuted by the
//!   abstract search, and early in a game it finds its way back to the
//!   initial state;
//! - certificates of refutations pass the native checker, and the checker
//!   refuses a certificate with a member dropped.

use crate::common::tromp::{legal_games, TrompGame};
use retroproof_core::history::{
    self, invariant::viable, retractions, Abstract, Budget, Outcome, ZoneChoice,
};
use retroproof_core::random::random_games;
use retroproof_core::{Bitboard, Move, Position, Rank, Square};

/// Zones to check the simulation with: none, a band of the board, a
/// corner, squares scattered over the board, and the whole board.
fn zones() -> Vec<Bitboard> {
    vec![
        Bitboard::EMPTY,
        Bitboard::from_rank(Rank::Fourth) | Bitboard::from_rank(Rank::Fifth),
        [
            Square::A1,
            Square::B1,
            Square::C1,
            Square::A2,
            Square::B2,
            Square::E1,
            Square::H1,
        ]
        .into_iter()
        .collect(),
        Bitboard(0x8142_2418_1824_4281),
        Bitboard(0x0055_aa00_0000_ff00),
        Bitboard::FULL,
    ]
}

/// Whether the move `before -> after` is simulated for `zone`.
fn simulated(before: &Position, after: &Position, zone: Bitboard) -> bool {
    let a = Abstract::of(before.board(), zone);
    let b = Abstract::of(after.board(), zone);
    if a == b {
        return true;
    }
    let mut preds = Vec::new();
    retractions(&b, zone, &mut preds);
    preds.iter().any(|(_, p)| *p == a)
}

/// Checks every move of `game` (from the initial position) for simulation
/// and viability with each zone; panics with the move that fails.
fn check_game(game: &[Move], label: &str) {
    let zones = zones();
    let mut pos = Position::start();
    for (ply, m) in game.iter().enumerate() {
        let next = pos.play(m).expect("a legal move");
        for &zone in &zones {
            assert!(
                simulated(&pos, &next, zone),
                "{label}, ply {}: {} from {} is not simulated with zone {zone:?}\n  before {}\n  after  {}",
                ply + 1,
                m,
                pos.to_fen(),
                Abstract::of(pos.board(), zone),
                Abstract::of(next.board(), zone),
            );
            assert!(
                viable(&Abstract::of(next.board(), zone), zone),
                "{label}, ply {}: {} is not viable with zone {zone:?}",
                ply + 1,
                next.to_fen()
            );
        }
        pos = next;
    }
}

/// Random games from the initial position: the moves of each.
fn random_move_lists(games: usize, plies: u32, seed: u64) -> Vec<Vec<Move>> {
    let mut out: Vec<Vec<Move>> = Vec::new();
    let mut current: Vec<Move> = Vec::new();
    let mut last: Option<Position> = None;
    for (ply, pos) in random_games(&[Position::start()], seed, plies) {
        if ply == 0 {
            if !current.is_empty() || last.is_some() {
                out.push(std::mem::take(&mut current));
                if out.len() == games {
                    break;
                }
            }
        } else if let Some(prev) = last {
            let m = prev
                .legal_moves()
                .into_iter()
                .find(|m| prev.play(m).ok().as_ref() == Some(&pos))
                .expect("consecutive positions of a game");
            current.push(m);
        }
        last = Some(pos);
    }
    out
}

#[test]
fn simulation_on_random_games() {
    for (i, game) in random_move_lists(100, 200, 57).iter().enumerate() {
        check_game(game, &format!("random game {i}"));
    }
}

#[test]
fn simulation_on_tromp_proof_games() {
    // One game in three: the whole corpus is the benchmark's
    // (examples/history_bench.rs); the suite keeps to its time.
    for TrompGame { id, game, .. } in legal_games().into_iter().step_by(3) {
        check_game(&game, &id);
    }
}

/// A budget small enough for a test. A search that runs out of it says
/// nothing; a wrong refutation shows up on the positions whose abstract
/// graph is small (early in a game, few captures).
const BUDGET: Budget = Budget {
    states: 3_000,
    time: None,
};

/// The abstract search never refutes `pos` (a position a game reaches),
/// with any zone; whether it found the initial state with the empty zone.
fn never_refuted(pos: &Position, label: &str) -> bool {
    let mut found = false;
    for choice in ZoneChoice::ALL {
        let zone = choice.zone(pos.board());
        match history::search(pos.board(), zone, BUDGET) {
            Outcome::Refuted(cert) => panic!(
                "{label}: {} refuted with zone {} ({} states): {}",
                pos.to_fen(),
                choice.name(),
                cert.states.len(),
                history::explanation::explain(pos.board(), &cert)
            ),
            Outcome::Reachable(_) => found |= choice == ZoneChoice::Empty,
            Outcome::Unknown(_) => {}
        }
    }
    found
}

#[test]
fn reachable_positions_of_random_games_are_never_refuted() {
    let mut found = 0;
    let mut early = 0;
    for (i, game) in random_move_lists(30, 60, 5).iter().enumerate() {
        let mut pos = Position::start();
        for (ply, m) in game.iter().enumerate() {
            pos = pos.play(m).expect("legal");
            if [10, 30, 60].contains(&(ply + 1)) {
                let reached = never_refuted(&pos, &format!("random game {i}, ply {}", ply + 1));
                if ply + 1 == 10 {
                    early += 1;
                    found += usize::from(reached);
                }
            }
        }
    }
    // Ten plies in, the abstract history back to the start is short: the
    // search finds it (every abstract step it needs is generated).
    assert_eq!(
        found, early,
        "the initial state found from {found} of {early} positions"
    );
}

#[test]
fn tromp_proof_game_prefixes_are_never_refuted() {
    for TrompGame { id, game, .. } in legal_games().into_iter().step_by(24) {
        let mut pos = Position::start();
        for (ply, m) in game.iter().enumerate() {
            pos = pos.play(m).expect("legal");
            if ply % 40 == 19 {
                never_refuted(&pos, &format!("{id}, ply {}", ply + 1));
            }
        }
    }
}

#[test]
fn tromp_legal_positions_are_never_refuted() {
    for TrompGame {
        id, position: pos, ..
    } in legal_games()
    {
        // The search runs out of its budget on these; the invariants must
        // hold of each.
        for choice in ZoneChoice::ALL {
            let zone = choice.zone(pos.board());
            assert!(
                viable(&Abstract::of(pos.board(), zone), zone),
                "{id}: not viable with zone {}",
                choice.name()
            );
        }
    }
}

#[test]
fn a_position_breaking_an_invariant_needs_no_state() {
    // White's pawns a3, a4, b3 with b2 and c2 unmoved need captures, and
    // Black has all sixteen men: no capture was ever made by White.
    let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/P7/PP6/1PP5/4K3 w - -").unwrap();
    let Outcome::Refuted(cert) = history::search(pos.board(), Bitboard::EMPTY, BUDGET) else {
        panic!("not refuted");
    };
    assert!(cert.states.is_empty());
    history::check(pos.board(), &cert).unwrap();
    let text = history::explanation::explain(pos.board(), &cert);
    // The column invariant fires first: White's pawns stand on the a- and
    // b-files out of their initial columns, and White captured nothing.
    assert!(text.contains("White made only 0 captures"), "{text}");
}

#[test]
fn a_sealed_bishop_is_refuted_and_a_damaged_certificate_is_not_accepted() {
    // Black's bishop f8 is walled in by its unmoved pawns e7 and g7, and a
    // black dark-squared bishop stands on a3, with all of Black's pawns on
    // the board: it is no promoted pawn, so it is the f8 bishop, which
    // never left. Tracking f8 shows it: no man off the zone can have left
    // f8 as a bishop.
    let pos = Position::from_fen("rnbqk1nr/pppppppp/8/8/8/b7/PPPPPPPP/RNBQKBNR w - -").unwrap();
    let board = pos.board();
    let zone = ZoneChoice::Homes.zone(board);
    assert!(zone.contains(Square::F8));
    let budget = Budget {
        states: 50_000,
        time: None,
    };
    let outcome = history::search(board, zone, budget);
    let Outcome::Refuted(cert) = outcome else {
        panic!("not refuted: {outcome:?}");
    };
    assert!(!cert.states.is_empty());
    history::check(board, &cert).unwrap();
    let text = history::explanation::explain(board, &cert);
    assert!(text.starts_with("No game reaches this position"), "{text}");
    // The initial state added, or a member other than the root dropped:
    // refused.
    let mut with_initial = cert.clone();
    with_initial.states.push(Abstract::initial(zone));
    assert!(history::check(board, &with_initial).is_err());
    if cert.states.len() > 1 {
        let mut damaged = cert.clone();
        damaged.states.remove(damaged.states.len() - 1);
        assert!(history::check(board, &damaged).is_err());
    }
    // Without f8 on the zone the bishop may come from anywhere.
    let outcome = history::search(board, Bitboard::EMPTY, budget);
    assert!(!matches!(outcome, Outcome::Refuted(_)), "{outcome:?}");
}

#[test]
fn the_initial_position_is_reachable() {
    for choice in ZoneChoice::ALL {
        let board = Position::start().board().to_owned();
        let zone = choice.zone(&board);
        match history::search(&board, zone, BUDGET) {
            Outcome::Reachable(steps) => assert!(steps.is_empty()),
            other => panic!("{other:?}"),
        }
    }
}
