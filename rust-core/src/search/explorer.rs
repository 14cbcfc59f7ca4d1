//! Exploring the retraction graph with memoisation: longest histories, forced lines.

use std::collections::HashMap;

use super::{is_initial, stranded_man, Key};
use crate::retro::Unmove;
use crate::Position;

/// Explores the retraction tree with memoisation: how long the longest
/// history is (up to a cap), and a path to the initial position if one is
/// met on the way.
#[derive(Default)]
pub struct Explorer {
    /// Treat positions with a stranded man ([`stranded_man`]) as dead ends:
    /// they have sequences, but none reaches the initial position.
    prune_stranded: bool,
    /// Longest known sequence length, and whether it is exact (`false`:
    /// a lower bound, the search stopped at its cap).
    memo: HashMap<Key, (u32, bool)>,
    path: Vec<Unmove>,
    start: Option<Vec<Unmove>>,
    nodes: u64,
    /// Positions to visit before answering "at least the cap" everywhere
    /// (`None`: no limit). Running out only ever weakens the answer: no
    /// illegality is claimed from an unfinished search.
    budget: Option<u64>,
}

impl Explorer {
    /// Explores every retraction sequence.
    pub fn new() -> Explorer {
        Explorer::default()
    }

    /// Stops exploring after `nodes` positions; from then on every unknown
    /// subtree counts as reaching the cap.
    #[must_use]
    pub fn with_budget(mut self, nodes: u64) -> Explorer {
        self.budget = Some(nodes);
        self
    }

    /// Explores only sequences that may still reach the initial position:
    /// a position with a stranded man ([`stranded_man`]) counts as having
    /// no retraction. Sound for questions about real games, not for
    /// counting sequences.
    pub fn histories() -> Explorer {
        Explorer {
            prune_stranded: true,
            ..Explorer::default()
        }
    }

    /// The length of the longest retraction sequence from `pos`, or `cap`
    /// if it is at least `cap`. When the answer is below `cap`, every
    /// sequence was explored, and [`Explorer::start_line`] reports whether
    /// one passes through the initial position.
    pub fn longest(&mut self, pos: &Position, cap: u32) -> u32 {
        self.path.clear();
        self.longest_inner(pos, cap)
    }

    fn longest_inner(&mut self, pos: &Position, cap: u32) -> u32 {
        self.nodes += 1;
        if self.start.is_none() && is_initial(pos) {
            self.start = Some(self.path.clone());
        }
        if cap == 0 {
            return 0;
        }
        if self.budget.is_some_and(|b| self.nodes > b) {
            return cap;
        }
        let key = Key::from(pos);
        if self.prune_stranded && stranded_man(pos).is_some() {
            self.memo.insert(key, (0, true));
            return 0;
        }
        if let Some(&(len, exact)) = self.memo.get(&key) {
            if exact || len >= cap {
                return len.min(cap);
            }
        }
        let mut best = 0;
        for u in pos.unmoves() {
            self.path.push(u);
            let below = self.longest_inner(&pos.unmake(&u), cap - 1);
            self.path.pop();
            best = best.max(below + 1);
            if best == cap {
                break;
            }
        }
        let out_of_budget = self.budget.is_some_and(|b| self.nodes > b);
        self.memo.insert(key, (best, best < cap && !out_of_budget));
        best
    }

    /// A retraction sequence (most recent first) met by the last
    /// [`Explorer::longest`] calls that ends at the initial position.
    pub fn start_line(&self) -> Option<&[Unmove]> {
        self.start.as_deref()
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// The answer to "what were the last `depth` plies?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LastMoves {
    /// Sequences of length `depth` exist; the `forced` most recent plies
    /// (most recent first) are common to all of them.
    Forced(Vec<Unmove>),
    /// No sequence is longer than `longest` (< `depth`) plies. `start`: a
    /// sequence that ends at the initial position, if any (then the position
    /// is legal, with a game shorter than `depth`); without one, the
    /// position is illegal.
    Bounded {
        longest: u32,
        start: Option<Vec<Unmove>>,
    },
}

/// The most recent plies shared by every retraction sequence of length
/// `depth` from `pos`, without listing the sequences: a ply is forced when
/// it is the only retraction from which a sequence of the remaining length
/// goes on.
pub fn forced_line(pos: &Position, depth: u32) -> LastMoves {
    forced_line_with(&mut Explorer::new(), pos, depth)
}

/// [`forced_line`] with a given explorer (memo reused; with
/// [`Explorer::histories`], only sequences that may reach the start count).
pub fn forced_line_with(explorer: &mut Explorer, pos: &Position, depth: u32) -> LastMoves {
    let longest = explorer.longest(pos, depth);
    if longest < depth {
        return LastMoves::Bounded {
            longest,
            start: explorer.start_line().map(<[Unmove]>::to_vec),
        };
    }
    let mut forced = Vec::new();
    let mut current = *pos;
    for remaining in (1..=depth).rev() {
        let mut viable = None;
        let mut several = false;
        for u in current.unmoves() {
            let q = current.unmake(&u);
            if explorer.longest(&q, remaining - 1) == remaining - 1 {
                if viable.is_some() {
                    several = true;
                    break;
                }
                viable = Some((u, q));
            }
        }
        match viable {
            Some((u, q)) if !several => {
                forced.push(u);
                current = q;
            }
            _ => break,
        }
    }
    LastMoves::Forced(forced)
}

/// The last `n` plies of every *history* of `pos`, looking deeper when `n`
/// plies do not decide: the forced part at depth `d` only grows with `d`
/// (every sequence of length `d + 1` starts with one of length `d`), so the
/// first `n` plies forced at any depth `d ≥ n` are forced at depth `n` among
/// the sequences that go on for `d` plies. Looks at depths `n ..= n + extra`
/// and stops as soon as `n` plies are forced. Sequences through a stranded
/// man are left out ([`Explorer::histories`]): they are no game's history.
pub fn last_moves(pos: &Position, n: u32, extra: u32) -> LastMoves {
    let mut explorer = Explorer::histories();
    let mut answer = LastMoves::Forced(Vec::new());
    for depth in n..=n.saturating_add(extra) {
        answer = forced_line_with(&mut explorer, pos, depth);
        match &mut answer {
            LastMoves::Forced(forced) if forced.len() as u32 >= n => {
                forced.truncate(n as usize);
                return answer;
            }
            LastMoves::Forced(_) => {}
            LastMoves::Bounded { .. } => return answer,
        }
    }
    answer
}
