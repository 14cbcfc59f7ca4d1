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
use std::hash::{Hash, Hasher};
use std::time::Instant;

use super::plan::{Estimate, Planner};
use super::{Budget, ProofGameError, Spent};
use crate::attacks;
use crate::hash::{FastHasher, FastMap};
use crate::{Board, CastlingRights, Color, Move, Piece, Position, Role, Square};

/// What the search must reach: a board, a side to move, and castling rights
/// that must still be held at the end (hence all along); with `exact`, no
/// other right at the end, and no en-passant square (the last move not a
/// double step: the FEN standard's reading of `-`, [`super::Reading`]).
#[derive(Debug, Clone, Copy)]
pub struct Goal {
    pub board: Board,
    pub turn: Color,
    pub rights: CastlingRights,
    pub exact: bool,
}

impl Goal {
    fn reached(&self, pos: &Position) -> bool {
        pos.turn() == self.turn
            && *pos.board() == self.board
            && (!self.exact || (pos.castling_rights() == self.rights && pos.ep_square().is_none()))
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

    /// A 64-bit fingerprint of the key, which the table of positions seen
    /// stores instead of the key: 16 bytes an entry instead of about 90,
    /// and the search spends most of its time waiting for that table's
    /// cache lines (`perf`). Two keys with one fingerprint would be taken
    /// for one position: the search could miss a game through it, never
    /// return a wrong one (every game is replayed against the target).
    fn fingerprint(&self) -> u64 {
        let mut hasher = FastHasher::default();
        self.hash(&mut hasher);
        // The splitmix64 finaliser, so that every bit of the words counts
        // in every bit of the fingerprint.
        let mut z = hasher.finish();
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A queue entry: the priority `f` (plies played plus the weighted
/// guide), the guide, then the node's index, packed into one word in that
/// order of significance, so that comparing words compares the triples
/// (a smaller heap, compared in one instruction). `f` and the guide
/// saturate at their fields' largest values.
fn entry(f: u32, guide: u32, idx: u32) -> u64 {
    debug_assert!(idx < MAX_NODES);
    (u64::from(f.min(F_MAX)) << (GUIDE_BITS + INDEX_BITS))
        | (u64::from(guide.min(GUIDE_MAX)) << INDEX_BITS)
        | u64::from(idx)
}

const INDEX_BITS: u32 = 26;
const GUIDE_BITS: u32 = 16;
const F_MAX: u32 = (1 << (64 - GUIDE_BITS - INDEX_BITS)) - 1;
const GUIDE_MAX: u32 = (1 << GUIDE_BITS) - 1;
/// The most nodes a search holds (the index field's range): far beyond
/// what the node budget lets it expand (each expansion adds a few dozen).
const MAX_NODES: u32 = 1 << INDEX_BITS;

/// The guide and the node index of a queue entry.
fn unpack(e: u64) -> (u32, u32) {
    (
        ((e >> INDEX_BITS) & u64::from(GUIDE_MAX)) as u32,
        (e & u64::from(MAX_NODES - 1)) as u32,
    )
}

struct Node {
    pos: Position,
    /// [`Key::fingerprint`] of `pos`, computed once when the node is made.
    fp: u64,
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
    let start_fp = Key::of(start).fingerprint();
    let mut nodes = vec![Node {
        pos: *start,
        fp: start_fp,
        parent: u32::MAX,
        mv: None,
        g: 0,
        evaluated: true,
    }];
    let mut seen: FastMap<u64, u32> = FastMap::default();
    seen.insert(start_fp, 0);
    let mut open = BinaryHeap::new();
    open.push(Reverse(entry(weight * first.guide, first.guide, 0)));
    let mut expanded = 0u64;
    while let Some(Reverse(top)) = open.pop() {
        let (parent_guide, idx) = unpack(top);
        let (pos, fp, g, evaluated) = {
            let n = &nodes[idx as usize];
            (n.pos, n.fp, n.g, n.evaluated)
        };
        if seen.get(&fp).is_some_and(|&best| best < g) {
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
            open.push(Reverse(entry(g + weight * guide, guide, idx)));
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
            let child_fp = Key::of(&child).fingerprint();
            match seen.entry(child_fp) {
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
            if nodes.len() >= MAX_NODES as usize {
                return Err(ProofGameError::BudgetSpent(Spent::Nodes(expanded)));
            }
            let child_idx = nodes.len() as u32;
            nodes.push(Node {
                pos: child,
                fp: child_fp,
                parent: idx,
                mv: Some(*m),
                g: g + 1,
                evaluated: false,
            });
            open.push(Reverse(entry(
                g + 1 + weight * parent_guide,
                parent_guide,
                child_idx,
            )));
        }
    }
    Err(ProofGameError::Exhausted)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Comparing packed queue entries compares their `(f, guide, index)`
    /// triples, the guide and index come back out, and values beyond a
    /// field's range count as its largest value.
    #[test]
    fn queue_entries_order_as_their_triples() {
        let triples = [
            (0, 0, 0),
            (0, 0, 5),
            (0, 3, 1),
            (1, 0, 0),
            (7, 2, MAX_NODES - 1),
            (7, 3, 0),
            (F_MAX, GUIDE_MAX, 1),
        ];
        for a in triples {
            let ea = entry(a.0, a.1, a.2);
            assert_eq!(unpack(ea), (a.1, a.2));
            for b in triples {
                assert_eq!(ea.cmp(&entry(b.0, b.1, b.2)), a.cmp(&b), "{a:?} {b:?}");
            }
        }
        assert_eq!(
            entry(F_MAX + 10, GUIDE_MAX + 10, 3),
            entry(F_MAX, GUIDE_MAX, 3)
        );
    }
}
