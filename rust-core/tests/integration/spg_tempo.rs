//! The exact-length search's parity bound ([`retroproof_core::spg::bound`]:
//! a side makes exactly the moves it has left, and a man's moves have the
//! parity of its shortest route unless it makes a detour): positions with
//! few men, where kings, rooks and bishops lose tempo round triangles,
//! knights cannot, and pawns choose between a double step and two single
//! ones. Along random games from them each side's bound never exceeds the
//! moves it really makes to the game's end, and the search from a few
//! plies before the end lists exactly the games a plain enumeration finds.

use std::collections::BTreeSet;

use crate::common::spg::{brute, uci};
use retroproof_core::random::Rng;
use retroproof_core::spg::{Diagram, Level, Limits, Solver};
use retroproof_core::{Color, Position};

/// Starting positions with few men (castling rights kept where king and
/// rooks stand at home).
const STARTS: [&str; 7] = [
    "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
    "n3k3/1p6/8/8/8/8/1P6/N3K3 w - - 0 1",
    "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
    "4k2r/5ppp/8/8/8/8/5PPP/4K2R w Kk - 0 1",
    "2b1k1n1/3p4/8/8/8/8/3P4/2B1K1N1 w - - 0 1",
    "4k3/2p1p3/8/8/8/8/2P1P3/1N2K1B1 w - - 0 1",
    "1n2k3/4p3/8/8/8/8/4P3/R3K1N1 w Q - 0 1",
];

/// A random game of `plies` plies from `start` (fewer if it ends).
fn random_game(rng: &mut Rng, start: &Position, plies: usize) -> Vec<Position> {
    let mut line = vec![*start];
    for _ in 0..plies {
        let pos = *line.last().unwrap();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let mut next = pos;
        next.play_unchecked(&m);
        line.push(next);
    }
    line
}

/// The moves each side makes in `plies` plies with `turn` to move.
fn moves_left(turn: Color, plies: u32) -> [u32; 2] {
    let (first, second) = (plies.div_ceil(2), plies / 2);
    match turn {
        Color::White => [first, second],
        Color::Black => [second, first],
    }
}

fn searched(level: Level, diagram: &Diagram, pos: &Position, plies: u32) -> BTreeSet<String> {
    let limits = Limits {
        max_solutions: None,
        time: None,
        nodes: None,
    };
    let report = Solver::with_level(*diagram, level).search_from(pos, plies, &limits);
    assert!(report.complete, "an unlimited search is complete");
    report.solutions.iter().map(|g| uci(g)).collect()
}

/// Along random games of up to 40 plies from each start, the bounds of
/// every position stay within the moves each side makes to the end.
#[test]
fn bounds_hold_along_random_games_with_few_men() {
    let mut rng = Rng::new(4177);
    let mut positions = 0;
    let mut tight = 0;
    for start in STARTS {
        let start = Position::from_fen(start).unwrap();
        for _ in 0..12 {
            let length = 6 + rng.below(35);
            let line = random_game(&mut rng, &start, length);
            let end = line.len() - 1;
            let diagram = Diagram::of(&line[end]);
            let mut solver = Solver::new(diagram);
            for (i, pos) in line.iter().enumerate() {
                let left = (end - i) as u32;
                let have = moves_left(pos.turn(), left);
                let lb = solver.bounds(pos, left);
                assert!(
                    lb[0] <= have[0] && lb[1] <= have[1],
                    "bounds {lb:?} above the moves made {have:?} from {} to {diagram:?} in {left} plies",
                    pos.to_fen()
                );
                positions += 1;
                if lb[0] == have[0] || lb[1] == have[1] {
                    tight += 1;
                }
            }
        }
    }
    assert!(positions > 1000, "{positions} positions");
    // The bounds are not vacuous: a side often has no move to spare.
    assert!(tight > positions / 10, "{tight} of {positions} tight");
}

/// From the same starts, the last 5 plies of random games (and the start
/// reached again after 5 plies, where a side loses a tempo): the search
/// lists exactly the games a plain enumeration finds, with either bound.
#[test]
fn the_search_near_the_end_finds_every_game() {
    let mut rng = Rng::new(91);
    for start in STARTS {
        let start = Position::from_fen(start).unwrap();
        let mut cases = Vec::new();
        for _ in 0..3 {
            let length = 5 + rng.below(20);
            let line = random_game(&mut rng, &start, length);
            if line.len() > 5 {
                let end = line.len() - 1;
                cases.push((line[end - 5], Diagram::of(&line[end])));
            }
        }
        // Back to the start's board with the other side to move: the side
        // that moves three times loses a tempo.
        let mut back = Diagram::of(&start).to_fen();
        back = back.replacen(" w ", " b ", 1);
        cases.push((start, Diagram::from_fen(&back).unwrap()));
        for (from, diagram) in cases {
            let mut want = BTreeSet::new();
            brute(&from, 5, &diagram, &mut Vec::new(), &mut want);
            for level in [Level::Full, Level::Basic] {
                let got = searched(level, &diagram, &from, 5);
                assert_eq!(
                    got,
                    want,
                    "from {} to {diagram:?} ({level:?})",
                    from.to_fen()
                );
            }
        }
    }
}

/// A king that must lose a tempo: the board of kings and a knight again
/// after 5 plies, White moving three times. A knight comes home in an even
/// number of moves and the king in none, two or at least three (round a
/// triangle such as e1-d1-d2-e1), so the knight stays and the king walks
/// a triangle; Black's king goes out and back.
#[test]
fn only_king_triangles_lose_the_tempo() {
    let start = Position::from_fen("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1").unwrap();
    let diagram = Diagram::from_fen("4k3/8/8/8/8/8/8/4K1N1 b - -").unwrap();
    let got = searched(Level::Full, &diagram, &start, 5);
    assert!(!got.is_empty());
    for game in &got {
        let white: Vec<&str> = game.split(' ').step_by(2).collect();
        assert!(
            white.iter().all(|m| !m.starts_with("g1")),
            "the knight never moves: {game}"
        );
    }
    let mut want = BTreeSet::new();
    brute(&start, 5, &diagram, &mut Vec::new(), &mut want);
    assert_eq!(got, want);
}
