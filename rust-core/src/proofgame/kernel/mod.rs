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
//! - [`arrange`]: from the position with the target's material and pawn
//!   files, the men walked to the target's squares without a capture.
//!
//! Kernels whose events cannot be played, or whose end the final search
//! does not turn into the target, are dropped for the next one until the
//! budget is spent. Every game returned has been replayed and reaches the
//! target.

pub mod arrange;
pub mod events;
pub mod realise;
pub mod skeleton;

use std::time::{Duration, Instant};

use super::{realizes_as, replay, Budget, Reading};
use crate::{Board, Move, Position};
use std::collections::{HashMap, HashSet};

use skeleton::{Event, Kind, Skeleton, Victim};

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

/// The skeletons one kernel search may visit.
const KERNEL_NODES: u64 = 400_000;

/// The skeletons the first kernel search may visit: until one kernel is
/// found there is nothing else to try (heavily promoted targets need more
/// than [`KERNEL_NODES`]; the deadline still bounds it).
const FIRST_KERNEL_NODES: u64 = 4_000_000;

/// Events that may fail at one skeleton before the step to it is banned.
const FAILURES_AT_ONE_SKELETON: u32 = 8;

/// The weight of the guide in the final arrangement's search (plies
/// played plus this times the guide): greedy, as the guide counts moves
/// still to make and the plies played matter little.
const ARRANGE_WEIGHT: u32 = 5;

/// Expansions one event's search may make.
const EVENT_NODES: u64 = 60_000;

/// A game reaching `pos` (read as `reading` says), within `budget`'s time.
///
/// A kernel is played event by event; when an event cannot be played, that
/// event is banned at that skeleton and a new kernel is looked for from
/// where the game stands (when too many fail there, the step that led there
/// is banned instead, and the game starts again). When the final
/// arrangement fails, the kernel's
/// last pawn event is banned and the game starts again.
pub fn find(pos: &Position, reading: Reading, budget: Budget) -> Outcome {
    if pos.ep_square().is_some() {
        return Outcome::NotTried;
    }
    let started = Instant::now();
    let time = budget.time.unwrap_or(Duration::from_secs(60));
    let deadline = started + time;
    let target = Skeleton::of(pos.board());
    let start = Skeleton::of(&Board::start());
    let caps = realise::Caps::of(pos.board());
    let keep = pos.castling_rights();
    let target_for_arrangement = arrange::Target {
        board: *pos.board(),
        turn: pos.turn(),
        rights: keep,
        exact: reading == Reading::Exact,
    };
    let mut banned: HashSet<(Skeleton, Event)> = HashSet::new();
    let mut failures: HashMap<Skeleton, u32> = HashMap::new();
    let (mut kernels, mut played_most, mut longest) = (0, 0, 0);
    'game: while Instant::now() < deadline {
        let mut at = Position::start();
        let mut game = Vec::new();
        let mut skel = start.clone();
        let mut history: Vec<(Skeleton, Event)> = Vec::new();
        loop {
            let nodes = if kernels == 0 {
                FIRST_KERNEL_NODES
            } else {
                KERNEL_NODES
            };
            let Some(kernel) = events::kernels(&skel, &target, 1, nodes, Some(deadline), &banned)
                .into_iter()
                .next()
            else {
                if Instant::now() >= deadline {
                    break 'game;
                }
                if kernels == 0 {
                    return Outcome::NoKernel;
                }
                // Nothing left from here: ban the way here, start again.
                match history.pop() {
                    Some(step) => {
                        banned.insert(step);
                        continue 'game;
                    }
                    None => break 'game,
                }
            };
            kernels += 1;
            longest = longest.max(history.len() + kernel.len());
            let mut failed = false;
            for event in &kernel {
                let Some(moves) =
                    realise::realise(&at, &skel, event, &caps, keep, EVENT_NODES, deadline)
                else {
                    banned.insert((skel.clone(), *event));
                    // Many events failing here: the board, not the event,
                    // is at fault; the step that led here is banned and
                    // the game starts again.
                    let fails = failures.entry(skel.clone()).or_insert(0);
                    *fails += 1;
                    if *fails > FAILURES_AT_ONE_SKELETON {
                        if let Some(step) = history.pop() {
                            banned.insert(step);
                        }
                        continue 'game;
                    }
                    failed = true;
                    break;
                };
                for m in &moves {
                    at.play_unchecked(m);
                }
                game.extend(moves);
                history.push((skel.clone(), *event));
                skel = skel.after(event);
            }
            played_most = played_most.max(history.len());
            if Instant::now() >= deadline {
                break 'game;
            }
            if !failed {
                break;
            }
        }
        // The final arrangement: half of what is left, so that another
        // kernel still gets a try.
        let left = deadline.saturating_duration_since(Instant::now());
        if let Some(tail) = arrange::arrange(
            &at,
            &target_for_arrangement,
            ARRANGE_WEIGHT,
            u64::MAX,
            Instant::now() + left / 2,
        ) {
            game.extend(tail);
            if replay(&game).is_some_and(|end| realizes_as(&end, pos, reading)) {
                return Outcome::Found(game);
            }
        }
        // Another way, next time: the last pawn event done differently.
        match history.iter().rev().find(|(_, e)| {
            !matches!(
                e,
                Event::PieceCaptures {
                    victim: Victim::Piece(_),
                    ..
                }
            )
        }) {
            Some(step) => {
                banned.insert(step.clone());
            }
            None => break,
        }
    }
    Outcome::Stuck {
        kernels,
        played: played_most,
        of: longest,
    }
}
