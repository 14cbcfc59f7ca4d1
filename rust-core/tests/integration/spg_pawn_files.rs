//! The exact-length search's bounds where pawns keep their files
//! ([`retroproof_core::spg::routes::Barriers`]): along random games with
//! few or no captures and many rook and queen moves (rook lifts, men going
//! round pawns), each side's bound from every position of the game never
//! exceeds the moves it really makes from there to the game's end, and
//! the search from a few plies before the end finds exactly the games a
//! plain enumeration finds.

use std::collections::BTreeSet;

use retroproof_core::random::Rng;
use retroproof_core::spg::{Diagram, Limits, Solver};
use retroproof_core::{Color, Move, Position, Role};

/// A random game of `plies` plies that captures rarely (one move in
/// `capture_odds` that may capture does), pushes pawns and moves rooks
/// and queens often.
fn quiet_game(rng: &mut Rng, plies: usize, capture_odds: usize) -> Vec<Position> {
    let mut line = vec![Position::start()];
    for _ in 0..plies {
        let pos = *line.last().unwrap();
        let moves = pos.legal_moves();
        let quiet: Vec<Move> = moves.iter().copied().filter(|m| !m.is_capture()).collect();
        let pool: Vec<Move> = if quiet.is_empty() || rng.below(capture_odds) == 0 {
            moves.iter().copied().collect()
        } else {
            quiet
        };
        if pool.is_empty() {
            break;
        }
        let liked: Vec<Move> = pool
            .iter()
            .copied()
            .filter(|m| matches!(m.role(), Role::Rook | Role::Queen | Role::Pawn))
            .collect();
        let m = if !liked.is_empty() && rng.below(3) > 0 {
            liked[rng.below(liked.len())]
        } else {
            pool[rng.below(pool.len())]
        };
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

fn brute(
    pos: &Position,
    plies: u32,
    diagram: &Diagram,
    path: &mut Vec<Move>,
    out: &mut BTreeSet<String>,
) {
    if plies == 0 {
        if diagram.is_reached_by(pos) {
            out.insert(path.iter().map(Move::to_uci).collect::<Vec<_>>().join(" "));
        }
        return;
    }
    for m in pos.legal_moves() {
        let mut next = *pos;
        next.play_unchecked(&m);
        path.push(m);
        brute(&next, plies - 1, diagram, path, out);
        path.pop();
    }
}

#[test]
fn bounds_hold_along_quiet_random_games() {
    let mut rng = Rng::new(4711);
    let mut rook_lifts = 0;
    for game in 0..120 {
        let length = 20 + rng.below(40);
        let line = quiet_game(&mut rng, length, if game % 2 == 0 { 1000 } else { 8 });
        let end = line.len() - 1;
        let diagram = Diagram::of(&line[end]);
        let mut solver = Solver::new(diagram);
        for (i, pos) in line.iter().enumerate() {
            let left = (end - i) as u32;
            let lb = solver.bounds(pos, left);
            let have = moves_left(pos.turn(), left);
            assert!(
                lb[0] <= have[0] && lb[1] <= have[1],
                "game {game}, ply {i}: bounds {lb:?} over the moves made {have:?} from {} to {}",
                pos.to_fen(),
                line[end].to_fen()
            );
        }
        // A rook or queen that left its first rank: the case the pawns'
        // files bear on.
        let board = line[end].board();
        let heavy =
            (board.by_role(Role::Rook) | board.by_role(Role::Queen)) & board.by_color(Color::White);
        let lifted = (heavy.0 & !0xffff) != 0;
        if lifted {
            rook_lifts += 1;
        }
    }
    assert!(
        rook_lifts > 30,
        "the games lift rooks and queens: {rook_lifts}"
    );
}

#[test]
fn the_search_near_the_end_of_quiet_games_finds_every_game() {
    let mut rng = Rng::new(99);
    for game in 0..40 {
        let length = 16 + rng.below(30);
        let line = quiet_game(&mut rng, length, 1000);
        let end = line.len() - 1;
        if end < 4 {
            continue;
        }
        let diagram = Diagram::of(&line[end]);
        let from = &line[end - 4];
        let mut want = BTreeSet::new();
        brute(from, 4, &diagram, &mut Vec::new(), &mut want);
        assert!(!want.is_empty());
        let limits = Limits {
            max_solutions: None,
            time: None,
            nodes: None,
        };
        let report = Solver::new(diagram).search_from(from, 4, &limits);
        let got: BTreeSet<String> = report
            .solutions
            .iter()
            .map(|g| g.iter().map(Move::to_uci).collect::<Vec<_>>().join(" "))
            .collect();
        assert!(report.complete);
        assert_eq!(
            got,
            want,
            "game {game}: from {} to {diagram:?}",
            from.to_fen()
        );
    }
}
