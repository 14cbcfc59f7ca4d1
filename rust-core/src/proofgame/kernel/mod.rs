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
//! budget is spent. A side to move in check is reached through the
//! positions before its last move, which the arrangement aimed at the
//! target alone seldom leaves to the end. Every game returned has been
//! replayed and reaches the target.

pub mod arrange;
pub mod events;
pub mod realise;
pub mod skeleton;

use std::time::{Duration, Instant};

use super::{realizes_as, replay, Budget, Reading};
use crate::search::{is_initial, stranded_man};
use crate::{Board, Move, Position, Role};
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
    promoted(board) > 0
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
/// last pawn event is banned and the game starts again. A side to move in
/// check is reached through the positions one ply back (`find_before`).
pub fn find(pos: &Position, reading: Reading, budget: Budget) -> Outcome {
    if pos.ep_square().is_some() {
        return Outcome::NotTried;
    }
    let time = budget.time.unwrap_or(Duration::from_secs(60));
    find_before(pos, reading, Instant::now() + time, LAST_MOVE_DEPTH)
}

/// How many forced last moves [`find`] takes back in a row (a check
/// answered by a check).
const LAST_MOVE_DEPTH: u32 = 2;

/// [`find`] by `deadline`. A side to move in check was given it by the
/// last move, which the final arrangement aimed at the position alone
/// would have to leave to the end (a pawn giving check from g3 steps there
/// last) and seldom does. So the positions one ply back ([`last_moves`])
/// are aimed at too: those a quiet move leads from (the same skeleton) as
/// further targets of the final arrangement ([`arrange::arrange_any`]),
/// at most [`QUIET_LAST_MOVES`] of them; those a capture or a promotion
/// leads from (another skeleton, so other kernels) each by a search of
/// its own, `depth` plies back at most, with an equal part of half the
/// time. The last move is played after the game found.
fn find_before(pos: &Position, reading: Reading, deadline: Instant, depth: u32) -> Outcome {
    if depth == 0 || !pos.is_check() {
        return find_from(pos, reading, deadline, &[]);
    }
    let (quiet, changing): (Vec<_>, Vec<_>) = last_moves(pos)
        .into_iter()
        .partition(|(_, m)| !m.is_capture() && m.promotion().is_none());
    // Pawn steps first: they cannot be undone, so that the arrangement
    // aimed at `pos` alone never makes them last.
    let (mut quiet, pieces): (Vec<_>, Vec<_>) =
        quiet.into_iter().partition(|(_, m)| m.role() == Role::Pawn);
    quiet.extend(pieces);
    quiet.truncate(QUIET_LAST_MOVES);
    let now = Instant::now();
    let first = if changing.is_empty() {
        deadline
    } else {
        now + deadline.saturating_duration_since(now) / 2
    };
    let mut best = find_from(pos, reading, first, &quiet);
    if matches!(best, Outcome::Found(_)) {
        return best;
    }
    for (k, (q, m)) in changing.iter().enumerate() {
        let now = Instant::now();
        if now >= deadline {
            break;
        }
        let part = (deadline - now) / (changing.len() - k) as u32;
        match find_before(q, reading, now + part, depth - 1) {
            Outcome::Found(mut game) => {
                game.push(*m);
                if replay(&game).is_some_and(|end| realizes_as(&end, pos, reading)) {
                    return Outcome::Found(game);
                }
            }
            other => best = further(best, other),
        }
    }
    best
}

/// The most positions before a quiet last move the final arrangement aims
/// at besides the position itself (each adds its guide to every position
/// the arrangement visits).
const QUIET_LAST_MOVES: usize = 6;

/// The outcome that got further, for the bench's reasons.
fn further(a: Outcome, b: Outcome) -> Outcome {
    let rank = |o: &Outcome| match o {
        Outcome::Stuck { played, of, .. } => (2, *played, usize::MAX - *of),
        Outcome::NoKernel => (1, 0, 0),
        _ => (0, 0, 0),
    };
    if rank(&b) > rank(&a) {
        b
    } else {
        a
    }
}

/// The positions one ply before `pos` with the move that leads back to
/// it, those a static rule refutes left out: the fewest promoted pieces
/// first (an uncaptured piece of a kind the side already has more of than
/// it starts with is one more promotion), quiet moves before captures.
fn last_moves(pos: &Position) -> Vec<(Position, Move)> {
    let mut found: Vec<(usize, bool, Position, Move)> = pos
        .unmoves()
        .into_iter()
        .map(|u| (u, pos.unmake(&u)))
        .filter(|(_, q)| {
            stranded_man(q).is_none()
                && (is_initial(q) || q.unmove_count() > 0)
                && super::PREDECESSOR_RULES.refuting(q).is_none()
        })
        .map(|(u, q)| {
            (
                promoted(q.board()),
                u.forward().capture().is_some(),
                q,
                *u.forward(),
            )
        })
        .collect();
    found.sort_by_key(|(p, c, _, _)| (*p, *c));
    found.into_iter().map(|(_, _, q, m)| (q, m)).collect()
}

/// The pieces beyond each side's initial count of each kind: the fewest
/// promotions the board needs.
fn promoted(board: &Board) -> usize {
    let s = Skeleton::of(board);
    let start = [2u8, 1, 1, 2, 1];
    s.pieces
        .iter()
        .flat_map(|side| {
            Kind::ALL
                .iter()
                .map(move |k| usize::from(side[k.index()].saturating_sub(start[k.index()])))
        })
        .sum()
}

/// [`find`] aimed at `pos` itself, by `deadline`; the final arrangement
/// may also end in one of `lasts` (positions one quiet move before `pos`,
/// same skeleton), that move then played. The pawns of the events stay
/// behind every one of them.
fn find_from(
    pos: &Position,
    reading: Reading,
    deadline: Instant,
    lasts: &[(Position, Move)],
) -> Outcome {
    let target = Skeleton::of(pos.board());
    let start = Skeleton::of(&Board::start());
    let caps = lasts
        .iter()
        .fold(realise::Caps::of(pos.board()), |caps, (q, _)| {
            caps.meet(&realise::Caps::of(q.board()))
        });
    let keep = pos.castling_rights();
    let ends: Vec<arrange::Target> = std::iter::once(pos)
        .chain(lasts.iter().map(|(q, _)| q))
        .map(|p| arrange::Target {
            board: *p.board(),
            turn: p.turn(),
            rights: keep,
            exact: reading == Reading::Exact,
        })
        .collect();
    // `lasts` has its pawn steps first.
    let pawn_ends = 1 + lasts.iter().filter(|(_, m)| m.role() == Role::Pawn).count();
    let mut banned: HashSet<(Skeleton, Event)> = HashSet::new();
    let mut failures: HashMap<Skeleton, u32> = HashMap::new();
    let (mut kernels, mut played_most, mut longest) = (0, 0, 0);
    'game: while Instant::now() < deadline {
        let mut at = Position::start();
        let mut game = Vec::new();
        let mut skel = start.clone();
        let mut history: Vec<(Skeleton, Event)> = Vec::new();
        loop {
            // The first kernel, and the first from the initial skeleton
            // after a restart (the bans make it harder to find), get more.
            let nodes = if kernels == 0 || history.is_empty() {
                FIRST_KERNEL_NODES
            } else {
                KERNEL_NODES
            };
            let Some(kernel) = events::kernels(
                &skel,
                &target,
                1,
                nodes,
                Some(deadline),
                &banned,
                Some(&caps),
            )
            .into_iter()
            .next() else {
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
        // kernel still gets a try. Aimed at `pos` and the positions before
        // a last pawn step first, then (in the other half) before any
        // last move: a piece that gave check may have come earlier, and
        // more targets slow the search.
        let left = deadline.saturating_duration_since(Instant::now());
        let tries: &[&[arrange::Target]] = if ends.len() > pawn_ends {
            &[&ends[..pawn_ends], &ends]
        } else {
            &[&ends]
        };
        for aims in tries {
            let Some((end, tail)) = arrange::arrange_any(
                &at,
                aims,
                ARRANGE_WEIGHT,
                u64::MAX,
                Instant::now() + left / 2 / tries.len() as u32,
            ) else {
                continue;
            };
            let mut whole = game.clone();
            whole.extend(tail);
            if end > 0 {
                whole.push(lasts[end - 1].1);
            }
            if replay(&whole).is_some_and(|end| realizes_as(&end, pos, reading)) {
                return Outcome::Found(whole);
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
