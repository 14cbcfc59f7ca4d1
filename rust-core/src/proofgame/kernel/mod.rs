//! Proof games for positions with many promotions and captures (random
//! positions: three to six queens, extra rooks, knights and bishops), which
//! the plan's best-first search alone does not find: too many men must
//! change, in an order it does not see.
//!
//! The game is built in stages, after the "proof kernel" idea of Peter
//! Österlund's Texel proof-game search (the code here is written anew):
//! - [`skeleton`]: what captures and promotions change — the pawns of each
//!   file in order, each side's pieces by kind;
//! - [`events`]: the kernel, a list of captures and promotions from the
//!   initial skeleton to the target's;
//! - [`realise`]: each event played on the board by a best-first search
//!   aimed at that event alone;
//! - then the plan's search ([`super::search`]) from the position with the
//!   target's material and pawn files to the target itself.
//!
//! Kernels whose events cannot be played, or whose end the final search
//! does not turn into the target, are dropped for the next one until the
//! budget is spent. Every game returned has been replayed and reaches the
//! target.

pub mod events;
pub mod realise;
pub mod skeleton;

use std::time::{Duration, Instant};

use super::search::{self, Goal};
use super::{realizes_as, replay, Budget, Reading};
use crate::{Board, Move, Position};
use skeleton::{Kind, Skeleton};

/// How a kernel attempt ended, for the bench's reasons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A game, replayed to the target.
    Found(Vec<Move>),
    /// No kernel (list of events) turns the initial skeleton into the
    /// target's, as far as the kernel search looked.
    NoKernel,
    /// Kernels were found; the furthest attempt played `played` of `of`
    /// events (`played == of`: the final arrangement failed).
    Stuck {
        kernels: usize,
        played: usize,
        of: usize,
    },
    /// Not tried: the target asserts an en passant square.
    NotTried,
}

/// Whether the target has more pieces of some kind than a side starts
/// with: then some pawn must have promoted, the case this planner is for.
pub fn needs_promotion(board: &Board) -> bool {
    let s = Skeleton::of(board);
    let start = [2u8, 1, 1, 2, 1];
    s.pieces
        .iter()
        .any(|side| Kind::ALL.iter().any(|k| side[k.index()] > start[k.index()]))
}

/// Kernels looked for at once, and the skeletons the kernel search may
/// visit for them.
const KERNELS: usize = 24;
const KERNEL_NODES: u64 = 2_000_000;

/// Expansions one event's search may make.
const EVENT_NODES: u64 = 60_000;

/// A game reaching `pos` (read as `reading` says), within `budget`'s time.
pub fn find(pos: &Position, reading: Reading, budget: Budget) -> Outcome {
    if pos.ep_square().is_some() {
        return Outcome::NotTried;
    }
    let started = Instant::now();
    let time = budget.time.unwrap_or(Duration::from_secs(60));
    let deadline = started + time;
    let target = Skeleton::of(pos.board());
    let start = Skeleton::of(&Board::start());
    let kernels = events::kernels(&start, &target, KERNELS, KERNEL_NODES);
    if kernels.is_empty() {
        return Outcome::NoKernel;
    }
    let caps = realise::Caps::of(pos.board());
    let keep = pos.castling_rights();
    let goal = Goal {
        board: *pos.board(),
        turn: pos.turn(),
        rights: keep,
        exact: reading == Reading::Exact,
    };
    let mut furthest = (0, 0);
    let n = kernels.len();
    for kernel in &kernels {
        if Instant::now() >= deadline {
            break;
        }
        let mut at = Position::start();
        let mut game = Vec::new();
        let mut skel = start.clone();
        let mut played = 0;
        for event in kernel {
            let Some(moves) =
                realise::realise(&at, &skel, event, &caps, keep, EVENT_NODES, deadline)
            else {
                break;
            };
            for m in &moves {
                at.play_unchecked(m);
            }
            game.extend(moves);
            skel = skel.after(event);
            played += 1;
        }
        if (played, 0) > furthest {
            furthest = (played, 0);
        }
        if played < kernel.len() {
            continue;
        }
        // The final arrangement: a share of what is left, so that another
        // kernel still gets a try.
        let left = deadline.saturating_duration_since(Instant::now());
        let share = Budget {
            time: Some(left / 2),
            nodes: ((left / 2).as_secs_f64() * Budget::NODES_PER_SECOND as f64) as u64 + 1000,
            ..budget
        };
        if let Ok(tail) = search::search(&at, &goal, &share) {
            game.extend(tail);
            if replay(&game).is_some_and(|end| realizes_as(&end, pos, reading)) {
                return Outcome::Found(game);
            }
        }
    }
    Outcome::Stuck {
        kernels: n,
        played: furthest.0,
        of: kernels.iter().map(Vec::len).max().unwrap_or(0),
    }
}
