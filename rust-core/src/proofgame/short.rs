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

/// The most men missing from the board for the stage to be tried. The
/// bound counts a capture as the capturing move alone, so it says little
/// about a sparse position: a king and a pawn against a king (Retractor's
/// last-move problems, histories of 90 plies and more) gets a bound of
/// some 30 plies. Published proof-game diagrams rarely have more than a
/// few men captured (at most 4 in the shared corpus); the sparse composed
/// positions near by the bound have 8 or more.
pub const MOST_CAPTURED: u32 = 6;

/// The longest game the stage looks for: a few moves beyond the bound, as
/// far as its share of the budget goes.
const MOST_PLIES: u32 = 60;

/// An admissible lower bound on the plies of a game reaching `pos`'s board
/// and side to move: the least length of the right parity, at most
/// [`NEAR_PLIES`], whose moves for each side cover the bounds of
/// [`Solver::bounds`] at that length (each length on its own: the bounds
/// count the parity of the moves a side has, so a length that fits may
/// follow one that does not); `None` when no length up to [`NEAR_PLIES`]
/// fits, or more than [`MOST_CAPTURED`] men are missing, so the stage is
/// not tried.
pub fn plies_needed(pos: &Position) -> Option<u32> {
    if !few_captured(pos) {
        return None;
    }
    let mut solver = Solver::new(Diagram::of(pos));
    plies_needed_by(&mut solver, pos.turn())
}

/// At most [`MOST_CAPTURED`] men missing (checked before the solver's
/// tables are built: most positions far from the start stop here).
fn few_captured(pos: &Position) -> bool {
    32 - pos.board().occupied().count().min(32) <= MOST_CAPTURED
}

fn plies_needed_by(solver: &mut Solver, turn: Color) -> Option<u32> {
    let start = Position::start();
    // p is even when White is to move; White makes ceil(p / 2) moves of a
    // p-ply game and Black floor(p / 2).
    let mut plies = u32::from(turn == Color::Black);
    while plies <= NEAR_PLIES {
        let [white, black] = solver.bounds(&start, plies);
        if plies.div_ceil(2) >= white && plies / 2 >= black {
            return Some(plies);
        }
        plies += 2;
    }
    None
}

/// What [`short_game`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Short {
    /// `pos` is not near the initial position ([`plies_needed`]): nothing
    /// was searched and nothing spent.
    Far,
    /// Searched within the budget; no game that realizes `pos` found.
    Missed,
    /// A game that realizes `pos`, replayed by the forward rules.
    Found(Vec<Move>),
}

/// A game to `pos` by the exact-length search within `budget` (its nodes
/// and time), the lengths from [`plies_needed`] up to [`MOST_PLIES`] in
/// turn, each until its first game or until the budget is spent.
pub fn short_game(pos: &Position, reading: Reading, budget: Budget) -> Short {
    let started = Instant::now();
    if !few_captured(pos) {
        return Short::Far;
    }
    let mut solver = Solver::new(Diagram::of(pos));
    let Some(mut plies) = plies_needed_by(&mut solver, pos.turn()) else {
        return Short::Far;
    };
    let mut nodes = 0u64;
    while plies <= MOST_PLIES.min(budget.max_plies) {
        let time = match budget.time {
            Some(t) => match t.checked_sub(started.elapsed()) {
                Some(left) if !left.is_zero() => Some(left),
                _ => return Short::Missed,
            },
            None => None,
        };
        let left = budget.nodes.saturating_sub(nodes);
        if left == 0 {
            return Short::Missed;
        }
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
                return Short::Found(game);
            }
        } else if !report.complete {
            return Short::Missed;
        }
        plies += 2;
    }
    Short::Missed
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
