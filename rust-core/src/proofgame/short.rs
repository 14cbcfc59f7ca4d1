//! Short games: the exact-length search of proof-game problems
//! ([`crate::spg`]) tried for positions near the initial one.
//!
//! The guided search of [`super::find_proof_game`] follows a plan and
//! gets stuck where a short game needs one precise order of moves (a
//! man taken on the one square where it can be, a check parried by the
//! one move that keeps the plies): the published proof-game diagrams it
//! misses are of that kind. The [`crate::spg`] search is exhaustive at
//! each length and cut by admissible bounds, which makes it strong for
//! short games and hopeless for long ones. So it is tried only when its
//! own lower bound on the plies ([`plies_needed`]) is at most
//! [`NEAR_PLIES`], and it searches the lengths from that bound up, each in
//! turn, stopping at the first game.
//!
//! The diagram search ignores castling rights and the en passant square:
//! the game it finds is replayed and kept only if it reaches the position
//! with every assertion of the caller's [`Reading`] true.

use std::time::Instant;

use crate::spg::{Diagram, Limits, Solver};
use crate::{Color, Move, Position};

use super::{realizes_as, replay, Budget, Reading};

/// The most plies the lower bound may ask for for the stage to be tried.
/// Published proof games are rarely longer than some 40 plies and the
/// exact-length search does not finish lengths much beyond within
/// seconds; composed positions of long histories (90 plies and more) and
/// positions of random play have bounds well above it.
pub const NEAR_PLIES: u32 = 40;

/// The longest game the stage looks for: a few moves beyond the bound, as
/// far as its share of the budget goes.
const MOST_PLIES: u32 = 60;

/// An admissible lower bound on the plies of every game of at most
/// [`NEAR_PLIES`] plies reaching `pos`'s board and side to move (the bounds
/// of [`Solver::bounds`] at that length, turned into plies); `None` when no
/// such game exists by the bounds, so the stage is not tried.
pub fn plies_needed(pos: &Position) -> Option<u32> {
    let mut solver = Solver::new(Diagram::of(pos));
    plies_needed_by(&mut solver, pos.turn())
}

fn plies_needed_by(solver: &mut Solver, turn: Color) -> Option<u32> {
    // The bounds with NEAR_PLIES plies left hold for every shorter game:
    // fewer moves only settle more men.
    let [white, black] = solver.bounds(&Position::start(), NEAR_PLIES);
    // White makes ceil(p / 2) moves of a p-ply game and Black floor(p / 2);
    // p is even when White is to move.
    let mut plies = u32::from(turn == Color::Black);
    while plies <= NEAR_PLIES {
        if plies.div_ceil(2) >= white && plies / 2 >= black {
            return Some(plies);
        }
        plies += 2;
    }
    None
}

/// A game to `pos` found by the exact-length search within `budget`
/// (its nodes and time), lengths from [`plies_needed`] up to
/// [`MOST_PLIES`]; `None` when `pos` is not near or no game that realizes
/// `pos` as `reading` says was found.
pub fn short_game(pos: &Position, reading: Reading, budget: Budget) -> Option<Vec<Move>> {
    let started = Instant::now();
    let mut solver = Solver::new(Diagram::of(pos));
    let mut plies = plies_needed_by(&mut solver, pos.turn())?;
    let mut nodes = 0u64;
    while plies <= MOST_PLIES.min(budget.max_plies) {
        let time = match budget.time {
            Some(t) => Some(t.checked_sub(started.elapsed()).filter(|t| !t.is_zero())?),
            None => None,
        };
        let left = budget.nodes.checked_sub(nodes).filter(|&n| n > 0)?;
        let limits = Limits {
            max_solutions: Some(1),
            time,
            nodes: Some(left),
        };
        let report = solver.search(plies, &limits);
        nodes += report.nodes;
        // Only a game that realizes the position counts (the diagram drops
        // the rights and the en passant square): the next length is tried
        // otherwise, as when this one has no game.
        if let Some(game) = report.solutions.into_iter().next() {
            if replay(&game).is_some_and(|end| realizes_as(&end, pos, reading)) {
                return Some(game);
            }
        } else if !report.complete {
            return None;
        }
        plies += 2;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_counts_plies_of_both_sides() {
        let start = Position::start();
        assert_eq!(plies_needed(&start), Some(0));
        // 1. e4: one white move, Black to move.
        let e4 =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -").unwrap();
        assert_eq!(plies_needed(&e4), Some(1));
        // 1. e4 e5: one move each, White to move.
        let e5 =
            Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -").unwrap();
        assert_eq!(plies_needed(&e5), Some(2));
    }
}
