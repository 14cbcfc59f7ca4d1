//! The abstract retro search: the abstract states backward-reachable from
//! `α_Z(P)`, and whether `α_Z(initial)` is among them.
//!
//! The graph is finite (a state has at most 16 men a side on 64 squares),
//! so exhausting it decides the question: when `α_Z(initial)` is not met,
//! the states met form a set closed under abstract retraction (every
//! predecessor of a member that satisfies the invariants,
//! [`super::invariant`], is a member), which is the [`Certificate`]; when
//! it is met, the path to it is an abstract history, which says nothing
//! about `P` (the abstraction over-approximates) but is a plan a proof-game
//! search may follow.
//!
//! The search is best-first on a rough distance to the initial state, so
//! that a reachable initial state is met early; order does not matter for
//! a refutation, which needs every state anyway.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::{Duration, Instant};

use super::invariant::viable;
use super::retraction::{retractions, Step};
use super::state::Abstract;
use crate::hash::FastMap;
use crate::{Bitboard, Board, Color, File, Rank};

/// How much an abstract search may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Abstract states it may hold (each costs about 100 bytes).
    pub states: usize,
    /// Wall-clock time (`None`: no limit).
    pub time: Option<Duration>,
}

impl Budget {
    /// 200,000 states, 2 s.
    pub const STANDARD: Budget = Budget {
        states: 200_000,
        time: Some(Duration::from_secs(2)),
    };
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::STANDARD
    }
}

/// A set of abstract states for a zone, closed under abstract retraction
/// and without the initial state: no game reaches a board whose
/// abstraction is in it ([`super::certificate::check`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    pub zone: Bitboard,
    pub states: Vec<Abstract>,
}

/// The answer of an abstract search.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// `α_Z(initial)` is not backward-reachable: no game reaches the board.
    Refuted(Certificate),
    /// An abstract history: the steps from `α_Z(P)` back to `α_Z(initial)`,
    /// most recent first. No conclusion about `P`.
    Reachable(Vec<Step>),
    /// The budget ran out first.
    Unknown(String),
}

/// The abstract search from `board` with `zone` (see the module docs).
pub fn search(board: &Board, zone: Bitboard, budget: Budget) -> Outcome {
    let started = Instant::now();
    let root = Abstract::of(board, zone);
    let target = Abstract::initial(zone);
    if !viable(&root, zone) {
        return Outcome::Refuted(Certificate {
            zone,
            states: Vec::new(),
        });
    }
    let mut states = vec![root];
    let mut parent: Vec<u32> = vec![0];
    let mut index: FastMap<Abstract, u32> = FastMap::default();
    index.insert(root, 0);
    let mut queue = BinaryHeap::from([(Reverse(distance(&root)), 0u32)]);
    let mut preds = Vec::new();
    let mut expanded = 0u64;
    while let Some((_, i)) = queue.pop() {
        let current = states[i as usize];
        if current == target {
            return Outcome::Reachable(path(&states, &parent, i, zone));
        }
        expanded += 1;
        if expanded.is_multiple_of(256) && budget.time.is_some_and(|t| started.elapsed() > t) {
            return Outcome::Unknown(format!(
                "abstract search: time out ({} states, {:.1} s)",
                states.len(),
                started.elapsed().as_secs_f64()
            ));
        }
        preds.clear();
        retractions(&current, zone, &mut preds);
        for &(_, pred) in &preds {
            if index.contains_key(&pred) || !viable(&pred, zone) {
                continue;
            }
            if states.len() >= budget.states {
                return Outcome::Unknown(format!(
                    "abstract search: more than {} states",
                    budget.states
                ));
            }
            let j = states.len() as u32;
            states.push(pred);
            parent.push(i);
            index.insert(pred, j);
            queue.push((Reverse(distance(&pred)), j));
        }
    }
    Outcome::Refuted(Certificate { zone, states })
}

/// A rough count of the steps from `a` back to the initial state: the
/// pawns' ranks from their second (two for a pawn whose square is not
/// kept), the men each side misses, the men beyond the initial ones.
fn distance(a: &Abstract) -> u32 {
    let mut away = 0;
    for file in File::ALL {
        for pawn in a.column(file).iter() {
            let home = Rank::Second.relative_to(pawn.color);
            away += match pawn.rank {
                Some(rank) => (rank as u32).abs_diff(home as u32),
                None => 2,
            };
        }
    }
    let owed: u32 = Color::ALL
        .into_iter()
        .map(|color| 2 * (16 - a.men(color).min(16)) + 2 * a.promoted(color))
        .sum();
    away + owed
}

/// The steps from the root to state `i`, most recent first.
fn path(states: &[Abstract], parent: &[u32], mut i: u32, zone: Bitboard) -> Vec<Step> {
    let mut chain = vec![i];
    while i != 0 {
        i = parent[i as usize];
        chain.push(i);
    }
    chain.reverse();
    let mut steps = Vec::new();
    let mut preds = Vec::new();
    for pair in chain.windows(2) {
        let (from, to) = (states[pair[0] as usize], states[pair[1] as usize]);
        preds.clear();
        retractions(&from, zone, &mut preds);
        if let Some(&(step, _)) = preds.iter().find(|(_, p)| *p == to) {
            steps.push(step);
        }
    }
    steps
}
