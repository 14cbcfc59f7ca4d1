//! The search: best-first over forward moves from the initial position,
//! ordered by plies played plus a weighted [`Estimate`] of what remains.
//!
//! Positions are merged by board, side to move, castling rights and a
//! capturable en passant square. A move that loses a castling right the
//! target asserts is never played (rights are never regained), and a
//! position the plan cannot turn into the target is dropped.

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::BinaryHeap;
use std::time::Instant;

use super::plan::{Estimate, Planner};
use super::{Budget, ProofGameError, Spent};
use crate::attacks;
use crate::hash::FastMap;
use crate::{Board, CastlingRights, Color, Move, Piece, Position, Role, Square};

/// What the search must reach: a board, a side to move, and castling rights
/// that must still be held at the end (hence all along).
#[derive(Debug, Clone, Copy)]
pub struct Goal {
    pub board: Board,
    pub turn: Color,
    pub rights: CastlingRights,
}

impl Goal {
    fn reached(&self, pos: &Position) -> bool {
        pos.turn() == self.turn && *pos.board() == self.board
    }

    fn keeps_rights(&self, pos: &Position) -> bool {
        holds_all(pos.castling_rights(), self.rights)
    }
}

/// Whether `have` includes every right of `need`.
pub fn holds_all(have: CastlingRights, need: CastlingRights) -> bool {
    need.iter().all(|(c, s)| have.has(c, s))
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    board: Board,
    turn: Color,
    rights: CastlingRights,
    ep: Option<Square>,
}

/// The en passant square if a pawn of the side to move stands beside the
/// pawn that just made the double step (otherwise it changes nothing).
fn relevant_ep(pos: &Position) -> Option<Square> {
    let ep = pos.ep_square()?;
    let us = pos.turn();
    let pawns = pos.board().by_piece(Piece::new(us, Role::Pawn));
    // Our pawns that attack the ep square are beside the double-stepped pawn.
    attacks::pawn_attacks(us.other(), ep)
        .intersects(pawns)
        .then_some(ep)
}

impl Key {
    fn of(pos: &Position) -> Key {
        Key {
            board: *pos.board(),
            turn: pos.turn(),
            rights: pos.castling_rights(),
            ep: relevant_ep(pos),
        }
    }
}

struct Node {
    pos: Position,
    parent: u32,
    mv: Option<Move>,
    g: u32,
    /// Whether the node's own estimate is known (its queue entry uses it).
    evaluated: bool,
}

/// A game from `start` to `goal` (oldest move first), or why none was found.
pub fn search(start: &Position, goal: &Goal, budget: &Budget) -> Result<Vec<Move>, ProofGameError> {
    let started = Instant::now();
    if goal.reached(start) && goal.keeps_rights(start) {
        return Ok(Vec::new());
    }
    let mut planner = Planner::new(&goal.board, goal.turn);
    let Some(first) = planner.estimate(start.board(), start.turn()) else {
        return Err(ProofGameError::NoAssignment);
    };
    let weight = budget.weight.max(1);
    let mut nodes = vec![Node {
        pos: *start,
        parent: u32::MAX,
        mv: None,
        g: 0,
        evaluated: true,
    }];
    let mut seen: FastMap<Key, u32> = FastMap::default();
    seen.insert(Key::of(start), 0);
    let mut open = BinaryHeap::new();
    open.push(Reverse((weight * first.guide, first.guide, 0u32)));
    let mut expanded = 0u64;
    while let Some(Reverse((_, parent_guide, idx))) = open.pop() {
        let (pos, g, evaluated) = {
            let n = &nodes[idx as usize];
            (n.pos, n.g, n.evaluated)
        };
        if seen.get(&Key::of(&pos)).is_some_and(|&best| best < g) {
            continue;
        }
        if !evaluated {
            // Children wait in the queue with their parent's estimate and
            // are estimated only when they come up: most never do.
            let Some(Estimate { plies, guide, .. }) = planner.estimate(pos.board(), pos.turn())
            else {
                continue;
            };
            if g + plies > budget.max_plies {
                continue;
            }
            nodes[idx as usize].evaluated = true;
            open.push(Reverse((g + weight * guide, guide, idx)));
            continue;
        }
        expanded += 1;
        if expanded >= budget.nodes {
            return Err(ProofGameError::BudgetSpent(Spent::Nodes(expanded)));
        }
        if expanded.is_multiple_of(256) {
            if let Some(limit) = budget.time {
                if started.elapsed() >= limit {
                    return Err(ProofGameError::BudgetSpent(Spent::Time(limit)));
                }
            }
        }
        for m in pos.legal_moves().iter() {
            let mut child = pos;
            child.play_unchecked(m);
            if !goal.keeps_rights(&child) {
                continue;
            }
            if goal.reached(&child) {
                let mut line = vec![*m];
                let mut at = idx;
                while let Some(mv) = nodes[at as usize].mv {
                    line.push(mv);
                    at = nodes[at as usize].parent;
                }
                line.reverse();
                return Ok(line);
            }
            let key = Key::of(&child);
            match seen.entry(key) {
                Entry::Occupied(mut e) => {
                    if *e.get() <= g + 1 {
                        continue;
                    }
                    e.insert(g + 1);
                }
                Entry::Vacant(e) => {
                    e.insert(g + 1);
                }
            }
            let child_idx = nodes.len() as u32;
            nodes.push(Node {
                pos: child,
                parent: idx,
                mv: Some(*m),
                g: g + 1,
                evaluated: false,
            });
            open.push(Reverse((
                g + 1 + weight * parent_guide,
                parent_guide,
                child_idx,
            )));
        }
    }
    Err(ProofGameError::Exhausted)
}
