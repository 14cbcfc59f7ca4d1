//! Short games: the exact-length search of proof-game problems
//! ([`crate::spg`]) tried for positions near the initial one.
//!
//! The guided search of [`super::find_proof_game`] follows a plan and
//! gets stuck where a short game needs one precise order of moves (a
//! man taken on the one square where it can be, a check parried by the
//! one move that keeps the plies): the published proof-game diagrams it
//! misses are of that kind. The [`crate::spg`] search is exhaustive at
//! each length and cut by admissible bounds, which makes it strong for
//! short games and hopeless for long ones. So it is tried only when few
//! men are missing ([`MOST_CAPTURED`]) and its own lower bound on the
//! plies ([`plies_needed`]) is within what the budget can search
//! ([`reach`]).
//!
//! Any length of the right parity will do, and which one has a game found
//! quickly is not known in advance: the least length may have none (shown
//! only by a complete search, which may take long) while one a few moves
//! longer has many, the spare moves absorbed by men going back and forth.
//! So [`ShortSearch`] searches [`WINDOW`] lengths side by side from the
//! bound up, in passes that give each length a slice of nodes
//! ([`FIRST_SLICE`], doubled at each pass). A length shown to have no game
//! makes room for the next one. The solver is kept from one length and
//! one pass to the next: its table of positions that lead nowhere in the
//! plies left holds for every length, and a length searched again in a
//! later pass skips what the earlier one settled.
//!
//! The diagram search ignores castling rights and the en passant square:
//! the game it finds is replayed and kept only if it reaches the position
//! with every assertion of the caller's [`Reading`] true.

use std::time::Instant;

use crate::spg::{Diagram, Limits, Solver};
use crate::{Color, Move, Position};

use super::{realizes_as, replay, Budget, Reading};

/// The most men missing from the board for the stage to be tried. The
/// bound counts a capture as the capturing move alone, so it says little
/// about a sparse position: a king and a pawn against a king (Retractor's
/// last-move problems, histories of 90 plies and more) gets a bound of
/// some 30 plies. Published proof-game diagrams rarely have more than a
/// few men captured (at most 4 in the shared corpus); the sparse composed
/// positions near by the bound have 8 or more.
pub const MOST_CAPTURED: u32 = 6;

/// What one node of the exact-length search costs in nodes of the guided
/// search, which the [`Budget`] counts: the exact search computes both
/// sides' bounds at every node (measured: some 30,000 nodes a second
/// against the guided search's 100,000, on the same machine).
pub const NODE_COST: u64 = 3;

/// The exact-length search's nodes a ply of the bound asks for, at least,
/// for the stage to be tried ([`reach`]). The first game of a length with
/// games took the search 3,000 to 50,000 nodes on the published diagrams
/// of 30 to 60 plies: about a thousand a ply, and a window of lengths
/// searched side by side takes a few of those.
pub const NODES_PER_PLY: u64 = 2_000;

/// How many lengths are searched side by side (the bound and the seven
/// lengths above it of its parity). On the 23 published diagrams of 30
/// plies and more, each length searched afresh within 20,000 nodes, the
/// least length with a game found was the bound for 8, 2 to 6 plies above
/// it for 5, 10 to 12 above for 3, 20 above for 1; 6 had none up to 24
/// plies above.
pub const WINDOW: usize = 8;

/// The nodes the shortest length of the window gets in the first pass
/// (doubled at each pass after; the longer lengths get less,
/// [`ShortSearch`]): the exact search's own first three rounds (4,096
/// nodes, then twice as many each), within which it found the game of
/// most published diagrams at their length.
pub const FIRST_SLICE: u64 = 28_672;

/// The fewest nodes a length gets in a pass: the exact search's first
/// round (a search cut shorter starts again with that round at the next
/// pass).
pub const LEAST_SLICE: u64 = 4_096;

/// The longest bound the stage takes on within `budget`: the bound's plies
/// must each get [`NODES_PER_PLY`] of the exact search's nodes. The
/// stage's share of a default budget (11/24 of a million nodes) reaches
/// 76 plies, past the longest published proof games of the corpus (54
/// plies); a longer budget reaches further. (The men captured keep the
/// stage from most positions of long histories, whatever their bound.)
pub fn reach(budget: Budget) -> u32 {
    let nodes = budget.nodes / NODE_COST;
    u32::try_from(nodes / NODES_PER_PLY)
        .unwrap_or(u32::MAX)
        .min(budget.max_plies)
}

/// An admissible lower bound on the plies of a game reaching `pos`'s board
/// and side to move: the least length of the right parity, at most
/// `most`, whose moves for each side cover the bounds of
/// [`Solver::bounds`] at that length (each length on its own: the bounds
/// count the parity of the moves a side has, so a length that fits may
/// follow one that does not); `None` when no length up to `most` fits, or
/// more than [`MOST_CAPTURED`] men are missing, so the stage is not tried.
pub fn plies_needed(pos: &Position, most: u32) -> Option<u32> {
    if !few_captured(pos) {
        return None;
    }
    let mut solver = Solver::new(Diagram::of(pos));
    plies_needed_by(&mut solver, pos.turn(), most)
}

/// At most [`MOST_CAPTURED`] men missing (checked before the solver's
/// tables are built: most positions far from the start stop here).
fn few_captured(pos: &Position) -> bool {
    32 - pos.board().occupied().count().min(32) <= MOST_CAPTURED
}

fn plies_needed_by(solver: &mut Solver, turn: Color, most: u32) -> Option<u32> {
    let start = Position::start();
    // p is even when White is to move; White makes ceil(p / 2) moves of a
    // p-ply game and Black floor(p / 2).
    let mut plies = u32::from(turn == Color::Black);
    while plies <= most {
        let [white, black] = solver.bounds(&start, plies);
        if plies.div_ceil(2) >= white && plies / 2 >= black {
            return Some(plies);
        }
        plies += 2;
    }
    None
}

/// The exact-length search of one position, kept between the stages of
/// [`super::find_proof_game`] that run it: each [`ShortSearch::run`] goes
/// on where the last one stopped.
pub struct ShortSearch {
    pos: Position,
    reading: Reading,
    solver: Solver,
    /// The lengths being searched, shortest first; none of them shown to
    /// have no game.
    lengths: Vec<u32>,
    /// The next length to join them when one is dropped.
    next: u32,
    /// The longest game looked for.
    most: u32,
    /// The pass (each length's slice is [`FIRST_SLICE`] doubled this
    /// often), and the length of `lengths` it is at.
    pass: u32,
    at: usize,
    /// The nodes the length at `at` has had of its slice in this pass
    /// (a run cut short by its budget leaves the rest to the next run).
    used: u64,
}

impl ShortSearch {
    /// The search of `pos` if it is near the initial one: at most
    /// [`MOST_CAPTURED`] men missing and a bound within [`reach`] of
    /// `budget` (what all the runs together will get).
    pub fn near(pos: &Position, reading: Reading, budget: Budget) -> Option<ShortSearch> {
        if !few_captured(pos) {
            return None;
        }
        let mut solver = Solver::new(Diagram::of(pos));
        let bound = plies_needed_by(&mut solver, pos.turn(), reach(budget))?;
        let most = budget.max_plies;
        let lengths: Vec<u32> = (0..WINDOW as u32)
            .map(|k| bound + 2 * k)
            .take_while(|&p| p <= most)
            .collect();
        Some(ShortSearch {
            pos: *pos,
            reading,
            solver,
            next: bound + 2 * WINDOW as u32,
            lengths,
            most,
            pass: 0,
            at: 0,
            used: 0,
        })
    }

    /// The search's lower bound on the plies of a game.
    pub fn bound(&self) -> Option<u32> {
        self.lengths.first().copied()
    }

    /// Goes on searching within `budget` (its nodes counted as the guided
    /// search's, [`NODE_COST`] each; its time), adding the nodes spent to
    /// `spent`: a game that realizes the position, or `None` when the
    /// budget ran out or every length up to the longest game has none.
    pub fn run(&mut self, budget: Budget, spent: &mut u64) -> Option<Vec<Move>> {
        let started = Instant::now();
        let mut left = budget.nodes / NODE_COST;
        loop {
            if self.at >= self.lengths.len() {
                if self.lengths.is_empty() {
                    return None;
                }
                self.at = 0;
                self.pass += 1;
            }
            let time = match budget.time {
                Some(t) => match t.checked_sub(started.elapsed()) {
                    Some(rest) if !rest.is_zero() => Some(rest),
                    _ => return None,
                },
                None => None,
            };
            if left == 0 {
                return None;
            }
            let slice = self.slice().saturating_sub(self.used);
            let limits = Limits {
                max_solutions: Some(1),
                time,
                nodes: Some(slice.min(left)),
            };
            let plies = self.lengths[self.at];
            let report = self.solver.search(plies, &limits);
            left = left.saturating_sub(report.nodes);
            *spent += report.nodes.saturating_mul(NODE_COST);
            // Only a game that realizes the position counts (the diagram
            // drops the rights and the en passant square): its length is
            // dropped otherwise, as when it has no game.
            if let Some(game) = report.solutions.into_iter().next() {
                if replay(&game).is_some_and(|end| realizes_as(&end, &self.pos, self.reading)) {
                    return Some(game);
                }
                self.drop_length();
            } else if report.complete {
                self.drop_length();
            } else if report.nodes >= slice {
                self.at += 1;
                self.used = 0;
            } else {
                self.used += report.nodes;
                // Cut by the budget, not by its slice: this length goes on
                // at the next run.
                return None;
            }
        }
    }

    /// The nodes of the length at `at` in this pass: [`FIRST_SLICE`]
    /// doubled at each pass, divided by the length's rank in the window
    /// (the `k`-th shortest gets `1 / k` of the shortest's, at least
    /// [`LEAST_SLICE`]). The least length with a game is mostly the bound
    /// itself or close to it; a length further up gets a share that
    /// grows with the passes all the same.
    fn slice(&self) -> u64 {
        let first = FIRST_SLICE.saturating_mul(1 << self.pass.min(20));
        (first / (self.at as u64 + 1)).max(LEAST_SLICE)
    }

    /// Drops the length at `at`; the next one joins the window.
    fn drop_length(&mut self) {
        self.used = 0;
        self.lengths.remove(self.at);
        if self.next <= self.most {
            self.lengths.push(self.next);
            self.next += 2;
        }
    }
}

/// What [`short_game`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Short {
    /// `pos` is not near the initial position ([`ShortSearch::near`]):
    /// nothing was searched and nothing spent.
    Far,
    /// Searched within the budget; no game that realizes `pos` found.
    Missed,
    /// A game that realizes `pos`, replayed by the forward rules.
    Found(Vec<Move>),
}

/// A game to `pos` by the exact-length search within `budget` (its nodes
/// and time): [`ShortSearch`] in one run.
pub fn short_game(pos: &Position, reading: Reading, budget: Budget) -> Short {
    let Some(mut search) = ShortSearch::near(pos, reading, budget) else {
        return Short::Far;
    };
    match search.run(budget, &mut 0) {
        Some(game) => Short::Found(game),
        None => Short::Missed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_counts_plies_of_both_sides() {
        let start = Position::start();
        assert_eq!(plies_needed(&start, 10), Some(0));
        // 1. e4: one white move, Black to move.
        let e4 =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -").unwrap();
        assert_eq!(plies_needed(&e4, 10), Some(1));
        // 1. e4 e5: one move each, White to move.
        let e5 =
            Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -").unwrap();
        assert_eq!(plies_needed(&e5, 10), Some(2));
        // Not within 1 ply.
        assert_eq!(plies_needed(&e5, 1), None);
    }

    #[test]
    fn the_reach_grows_with_the_budget() {
        let default = Budget::default();
        let longer = Budget {
            nodes: default.nodes * 4,
            ..default
        };
        assert!(reach(longer) > reach(default));
        let capped = Budget {
            max_plies: 20,
            ..longer
        };
        assert_eq!(reach(capped), 20);
    }
}
