//! Proof games: a game from the initial position that reaches a given
//! position, with its castling rights and en passant square true.
//!
//! A proof game shows a position legal. [`find_proof_game`] looks for one
//! (not necessarily the shortest):
//! - [`distance`]: how many moves a man needs, at least, to become another
//!   man elsewhere (pieces on an empty board, pawns forward with a capture
//!   per file changed, promotions), and the same around blocked squares
//!   ([`distance::Reach`], [`distance::pawn_reach`]);
//! - [`plan`]: for each side, the cheapest assignment of the target's men
//!   to the men on the board (the men left over must be captured), which
//!   gives a lower bound on the plies still needed; then a second
//!   assignment that also sends men of the other side to the squares where
//!   the plan's pawns must capture them, every man walking around the men
//!   the plan leaves in place, which guides the search. Pawns on one file
//!   cannot pass each other: the first assignment is redone when a white
//!   and a black pawn walking straight up and down one file would have to,
//!   and a pawn bound for a file an opposing pawn keeps comes onto it
//!   beyond that pawn; a pawn that must capture on its way to where it is
//!   taken asks for a victim there (the capture chains of real games);
//! - [`search`](mod@search): best-first over forward moves, guided by the
//!   plan, never giving up a castling right the target asserts.
//!
//! An asserted en passant square says the last move was the double step
//! through it: the search aims at the position before that step and the
//! step is played last. The budget is spent in two rounds, a quarter and
//! then the rest, each with the same two stages. First the search aimed
//! straight at the position, in three runs (half of the stage with the
//! budget's weight, a quarter with twice and a quarter with half that
//! weight: greedier and more careful searches get stuck in different
//! places); it gets an eighth of the first round and half of the second.
//! Then positions up to three plies before it (taken back by the
//! retraction generator, best plan estimate first), a fortieth of the
//! round each, the taken-back moves played at the end: the last moves of a
//! composed position are often the hard part. A predecessor that a static
//! rule ([`crate::rules`], zone cages aside) refutes is not tried. The
//! quick first round reaches the retraction stage early, where most games
//! of composed positions are found within a fraction of a second.
//!
//! A position with little room ([`order::sealed`]: its men shut in, the
//! last capture of its history made inside the cage) gets, between the two
//! rounds, 3/8 of the budget for the positions further back where the cage
//! opens ([`order::openings`]), each searched for in turn with its plies
//! played after it; the second round gets the other 3/8.
//!
//! A position near the initial one ([`short`]: at most 6 men captured and
//! the exact-length search's bound within what its share of the budget
//! reaches) gets that search ([`crate::spg`], a window of lengths from its
//! bound up searched side by side, the first game that realizes the
//! position kept) in two stages: an eighth of the budget before the first
//! round, a third after it (the same search going on); the second round
//! gets what is left. Not for the exact reading. The stages and their
//! shares are listed in one place (`STAGES`).
//!
//! Every game returned has been replayed by the forward rules and reaches
//! the position with every assertion true. A failure says why in one line
//! ([`ProofGameError`]: budget spent, no assignment of captures found, …);
//! only [`ProofGameError::Illegal`] means the position cannot arise, and it
//! comes from the static rules of [`crate::search::static_illegality`].
//!
//! `examples/proofgame_bench.rs` measures the search on random games,
//! the known-legal corpus records and positions of real games; its
//! command and the measurements that shaped the two rounds and their
//! shares are in `BENCHMARKS.md` ("The proof-game search").

pub mod arrange;
pub mod distance;
pub mod kernel;
pub mod order;
pub mod plan;
pub mod search;
pub mod short;

use std::fmt;
use std::time::{Duration, Instant};

use crate::hash::FastSet;
use crate::rules::{Rule, RuleSet};
use crate::search::{
    game_of, is_initial, static_illegality, stranded_man, Explorer, IllegalReason, Key, Limits,
};
use crate::{Color, Move, Piece, Position, Role, Square};

pub use search::Goal;

/// How much work [`find_proof_game`] may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Positions expanded before giving up.
    pub nodes: u64,
    /// Wall-clock time before giving up (`None`: no limit).
    pub time: Option<Duration>,
    /// The longest game looked for, in plies.
    pub max_plies: u32,
    /// The weight of the plan's estimate against the plies played (at
    /// least 1; above 1 the search prefers progress to short games).
    pub weight: u32,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            nodes: 1_000_000,
            time: Some(Duration::from_secs(30)),
            max_plies: 600,
            weight: 6,
        }
    }
}

impl Budget {
    /// Expansions a second the node limit of [`Budget::with_time`] allows:
    /// about what the search does on the 2-core machines measured
    /// (1,000,000 in 11 s), so that the time is the limit that counts.
    pub const NODES_PER_SECOND: u64 = 100_000;

    /// The most nodes [`Budget::with_time`] allows, whatever the time: the
    /// positions a search holds grow with its nodes, and this keeps one
    /// search within about 3.4 GB (measured: 1.7 GB at `--game-time 60`,
    /// 3.4 GB when 10,000,000 ran out after 161 s).
    pub const MOST_NODES: u64 = 10_000_000;

    /// The default budget with a time limit of `time`, and a node limit
    /// that grows with it (never below the default's, at most
    /// [`Budget::MOST_NODES`]): a search given a minute is not stopped by
    /// the node limit after ten seconds.
    pub fn with_time(time: Duration) -> Budget {
        let default = Budget::default();
        let nodes = (time.as_secs_f64() * Budget::NODES_PER_SECOND as f64) as u64;
        Budget {
            nodes: nodes.clamp(default.nodes, Budget::MOST_NODES),
            time: Some(time),
            ..default
        }
    }
}

/// Which limit of the [`Budget`] ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spent {
    Nodes(u64),
    Time(Duration),
}

/// Why no proof game was returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProofGameError {
    /// A static rule shows no game reaches the position.
    Illegal(IllegalReason),
    /// The budget ran out.
    BudgetSpent(Spent),
    /// No assignment of the initial men to the position's men (with the
    /// captures they need) was found; not a proof of illegality.
    NoAssignment,
    /// The asserted en passant square is not behind a pawn that can just
    /// have made a double step.
    EnPassant,
    /// Every position the plan allows within the longest game was explored.
    Exhausted,
}

/// One line each, starting with why the search stopped.
impl fmt::Display for ProofGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofGameError::Illegal(reason) => reason.fmt(f),
            ProofGameError::BudgetSpent(Spent::Nodes(n)) => {
                let s = if *n == 1 { "" } else { "s" };
                write!(f, "budget spent: no proof game found within {n} position{s}")
            }
            ProofGameError::BudgetSpent(Spent::Time(t)) => {
                write!(
                    f,
                    "budget spent: no proof game found within {} s",
                    t.as_secs_f64()
                )
            }
            ProofGameError::NoAssignment => f.write_str(
                "no assignment of captures found: the initial men cannot be matched to the men of the position with the captures they need",
            ),
            ProofGameError::EnPassant => f.write_str(
                "no last double step: the en passant square is not behind a pawn whose double step can have been the last move",
            ),
            ProofGameError::Exhausted => f.write_str(
                "search exhausted: the guided search ran out of positions within the longest game allowed",
            ),
        }
    }
}

impl std::error::Error for ProofGameError {}

/// How a position's castling rights and en-passant square are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reading {
    /// The retro convention: they are assertions about the past. A right
    /// says the king and rook never moved, an en-passant square says the
    /// last move was the double step through it; `-` asserts nothing.
    #[default]
    Asserted,
    /// The FEN standard's reading: the position states them exactly, `-`
    /// meaning none. The en-passant square is the one after every double
    /// step, whether or not a pawn can take there (PGN standard 16.1.3.4),
    /// which is what [`Position::play`] records.
    Exact,
}

/// A game from the initial position (oldest move first) that ends in `pos`:
/// same board and side to move, the castling rights `pos` asserts still
/// held, and, if `pos` asserts an en passant square, the last move the
/// double step through it. Not necessarily the shortest.
pub fn find_proof_game(pos: &Position, budget: Budget) -> Result<Vec<Move>, ProofGameError> {
    find_proof_game_as(pos, Reading::Asserted, budget)
}

/// [`find_proof_game`], with `pos`'s rights and en-passant square read as
/// `reading` says: with [`Reading::Exact`] the game ends in `pos` itself.
pub fn find_proof_game_as(
    pos: &Position,
    reading: Reading,
    budget: Budget,
) -> Result<Vec<Move>, ProofGameError> {
    find_game(pos, reading, budget, true)
}

/// [`find_proof_game_as`]; `openings`: whether a sealed cage is opened by
/// taking plies back ([`order`]; not again for the opened positions).
fn find_game(
    pos: &Position,
    reading: Reading,
    budget: Budget,
    openings: bool,
) -> Result<Vec<Move>, ProofGameError> {
    if let Some(reason) = static_illegality(pos) {
        return Err(ProofGameError::Illegal(reason));
    }
    let whole = budget;
    let budget = match promoted_first(pos, reading, budget) {
        Ok(game) => return Ok(game),
        Err(rest) => rest,
    };
    // A time too long to add to the clock is no deadline at all.
    let deadline = budget.time.and_then(|t| Instant::now().checked_add(t));
    // A position whose men are shut in (a composed cage) gets the stage
    // of the positions where the cage opens. Not for the opened positions
    // themselves.
    let sealed = openings
        && reading == Reading::Asserted
        && pos.ep_square().is_none()
        && pos.castling_rights().is_empty()
        && order::sealed(pos);
    // A position near the initial one gets the exact-length search
    // ([`short`]), one search for both its stages. Not for the exact
    // reading, whose `-` the diagram's games rarely end in, nor for the
    // opened positions of a cage.
    let mut near = if openings && reading == Reading::Asserted {
        short::ShortSearch::near(pos, reading, SHORT_SHARE.of(budget))
    } else {
        None
    };
    let target = Target { pos, reading };
    let mut spent = 0;
    // The nodes of the shares of the stages that ran: the last stage gets
    // the rest.
    let mut granted = 0;
    let mut before = Predecessors::new(pos);
    // A round whose direct runs are done and whose retractions wait (with
    // the time and nodes it had left).
    let mut paused: Option<((Option<Duration>, u64), RoundRun)> = None;
    for (stage, share) in STAGES {
        // No stage gets more nodes than the stages before left (a position
        // both sealed and near would otherwise get more than the budget).
        let left = budget.nodes.saturating_sub(granted).max(1);
        let part = match share {
            Some(share) => Budget {
                nodes: share.of(budget).nodes.min(left),
                ..share.of(budget)
            },
            None => Budget {
                nodes: left,
                ..budget
            },
        };
        // The rounds and their parts are slices of the nodes, and a round
        // may take twice its share of the time (then the deadline of the
        // whole search): where the search goes at the pace the node budget
        // assumes, the nodes are the limit and the answer does not depend
        // on the machine's load (slicing the time of every part made a
        // part cut off by the clock find its game on one run and not the
        // next); where it goes much slower, the first round still leaves
        // time to the second.
        let round_part = Budget {
            time: part.time.map(|t| t.saturating_mul(2)),
            ..part
        };
        let found = match stage {
            Stage::Round(round) => {
                granted += round_part.nodes;
                let run = RoundRun::start(round_part, round, deadline, spent);
                match run.direct_runs(target, &mut spent)? {
                    Some(game) => Some(game),
                    None => run.retractions(target, &mut spent, &mut before),
                }
            }
            Stage::Direct(round) => {
                granted += round_part.nodes;
                let run = RoundRun::start(round_part, round, deadline, spent);
                let found = run.direct_runs(target, &mut spent)?;
                paused = Some((run.pause(spent), run));
                found
            }
            Stage::Retractions => match paused.take() {
                Some((left, mut run)) => {
                    run.resume(left, deadline, spent);
                    run.retractions(target, &mut spent, &mut before)
                }
                None => None,
            },
            Stage::Openings if sealed => {
                granted += part.nodes;
                opened(pos, part, deadline, &mut spent)
            }
            Stage::Short => match near.as_mut() {
                Some(search) => {
                    granted += part.nodes;
                    search.run(clipped_to(part, deadline), &mut spent)
                }
                None => None,
            },
            Stage::Openings => None,
        };
        if let Some(game) = found {
            return Ok(game);
        }
    }
    Err(spent_all(whole, spent))
}

/// Positions with promoted pieces: a quick direct search (a sixteenth of
/// the time and a thirty-second of the nodes: most games of random play
/// need less), then the kernel planner ([`kernel`], by the clock alone)
/// until half the time is spent. `Err`: what is left for the stages of
/// [`STAGES`], the other half of the time and the nodes the quick search
/// did not take (the whole budget for a position without promoted
/// pieces).
fn promoted_first(pos: &Position, reading: Reading, budget: Budget) -> Result<Vec<Move>, Budget> {
    let (true, Some(t)) = (kernel::needs_promotion(pos.board()), budget.time) else {
        return Err(budget);
    };
    let quick = Budget {
        nodes: (budget.nodes / 32).max(1),
        time: Some(t / 16),
        ..budget
    };
    if let Ok(game) = direct(pos, reading, quick) {
        return Ok(game);
    }
    let planner = Budget {
        time: Some((t / 2).saturating_sub(t / 16)),
        ..budget
    };
    if let kernel::Outcome::Found(game) = kernel::find(pos, reading, planner) {
        return Ok(game);
    }
    Err(Budget {
        nodes: (budget.nodes - quick.nodes).max(1),
        time: Some(t - t / 2),
        ..budget
    })
}

/// `share` with its time cut to what is left before `deadline`.
fn clipped_to(mut share: Budget, deadline: Option<Instant>) -> Budget {
    if let Some(d) = deadline {
        let left = d.saturating_duration_since(Instant::now());
        share.time = Some(share.time.map_or(left, |t| t.min(left)));
    }
    share
}

/// The game of a sealed `pos` through the positions where its cage opens
/// ([`order::openings`], within half of `share`'s time): each is
/// searched for in turn ([`find_game`], an equal part of what is left of
/// `share`) and its plies to `pos` played after it.
fn opened(
    pos: &Position,
    share: Budget,
    deadline: Option<Instant>,
    spent: &mut u64,
) -> Option<Vec<Move>> {
    let started = Instant::now();
    let time = share.time.unwrap_or(Duration::from_secs(60));
    let end = started.checked_add(time).map(|e| match deadline {
        Some(d) => e.min(d),
        None => e,
    })?;
    let found = order::openings(pos, order::Limits::default(), started.checked_add(time / 2));
    let n = found.len() as u64;
    for (k, (q, tail)) in found.iter().enumerate() {
        let now = Instant::now();
        if now >= end {
            break;
        }
        let left = (n - k as u64).max(1);
        let part = Budget {
            nodes: (share.nodes / n).max(1),
            time: Some((end - now) / left as u32),
            ..share
        };
        *spent += part.nodes;
        if let Ok(mut game) = find_game(q, Reading::Asserted, part, false) {
            game.extend_from_slice(tail);
            if replay(&game).is_some_and(|end| realizes(&end, pos)) {
                return Some(game);
            }
        }
    }
    None
}

/// A stage of [`find_proof_game`] (after the promoted pieces' own,
/// [`promoted_first`]).
#[derive(Clone, Copy)]
enum Stage {
    /// A round of the guided search: straight at the position, then at
    /// the positions a few plies before it ([`RoundRun`]).
    Round(Round),
    /// The first half of a round: straight at the position.
    Direct(Round),
    /// The second half of the round whose first half ran last, with the
    /// nodes and time that one left (its share is that round's).
    Retractions,
    /// A sealed position's cage opened ([`opened`]; only for those).
    Openings,
    /// The exact-length search of a position near the initial one
    /// ([`short::ShortSearch`]; only for those), going on where its
    /// last stage stopped.
    Short,
}

/// A part of the budget: `num / den` of its nodes and of its time.
#[derive(Clone, Copy)]
struct Share {
    num: u32,
    den: u32,
}

impl Share {
    fn of(self, budget: Budget) -> Budget {
        Budget {
            nodes: (budget.nodes / u64::from(self.den) * u64::from(self.num)).max(1),
            time: budget.time.map(|t| t / self.den * self.num),
            ..budget
        }
    }
}

/// The stages of [`find_proof_game`] in order, each with its share of the
/// budget (`None`: for the retractions, what their round's direct runs
/// left; for the last stage, the nodes the stages that ran before did not
/// take, and the time up to the deadline). A stage that does not apply to the
/// position takes nothing, so a position neither sealed nor near gets
/// the two rounds alone, a quarter and the rest.
///
/// The first round's runs straight at the position find most games of
/// random play and of real games within a fraction of a second; a
/// position near the initial one ([`short`]) then gets an eighth for the
/// exact-length search, which finds most published proof games within a
/// fraction of a second (on a loaded machine the first round's
/// retractions can take half the time); then the first round's
/// retractions (its games are found as before); then, if the cage of a
/// sealed position opens ([`order::openings`]), 3/8; then a third more for
/// the exact-length search (the lengths it was searching, on with larger
/// slices); the second round gets what is left.
const STAGES: [(Stage, Option<Share>); 6] = [
    (Stage::Direct(FIRST_ROUND), Some(Share { num: 1, den: 4 })),
    (Stage::Short, Some(SHORT_LOOK)),
    (Stage::Retractions, None),
    (Stage::Openings, Some(Share { num: 3, den: 8 })),
    (Stage::Short, Some(Share { num: 1, den: 3 })),
    (Stage::Round(SECOND_ROUND), None),
];

/// The exact-length search's first look.
const SHORT_LOOK: Share = Share { num: 1, den: 8 };

/// The exact-length search's two stages together (which positions it
/// takes on depends on what it will get: [`short::reach`]).
const SHORT_SHARE: Share = Share { num: 11, den: 24 };

/// The guided search's rounds: a quick look at every stage first, then the
/// same again with the rest. In the lastmove corpus most games the
/// retraction stage finds take it a fraction of a second, so the first
/// round gives the direct runs only an eighth of itself (0.3 s of a 10 s
/// budget; with half of it, a game found by the first tries took 1.3 s).
/// Games of random play and of real games, which the direct runs find,
/// mostly need less than that eighth (figures in the module docs).
const FIRST_ROUND: Round = Round { direct_share: 8 };
const SECOND_ROUND: Round = Round { direct_share: 2 };

/// A round of [`find_proof_game`]: `1 / direct_share` of its budget goes
/// to the runs aimed straight at the position.
#[derive(Clone, Copy)]
struct Round {
    direct_share: u32,
}
/// When a stage of `time` started now ends: at the deadline at the
/// latest, and a time past what the clock holds is none.
fn end_of(time: Option<Duration>, deadline: Option<Instant>) -> Option<Instant> {
    match (time.and_then(|t| Instant::now().checked_add(t)), deadline) {
        (Some(e), Some(d)) => Some(e.min(d)),
        (e, d) => e.or(d),
    }
}

/// A round of the guided search under way, within `budget`'s nodes and
/// time (and the overall deadline): straight at the position with
/// `1 / direct_share` of its nodes, in three runs (half of that with the
/// budget's weight, then a quarter each with twice and half that weight:
/// a greedier and a more careful search get stuck in different places);
/// then the positions a few plies before it, a fortieth of the round
/// each, until the round is spent. The two halves may run apart
/// ([`RoundRun::pause`]: another stage in between takes none of the
/// round's time).
struct RoundRun {
    budget: Budget,
    direct_share: u32,
    /// When the round's time is up (the deadline at the latest).
    end: Option<Instant>,
    /// The value of the search's `spent` at which the round's nodes are.
    ends_nodes: u64,
}

impl RoundRun {
    fn start(
        budget: Budget,
        Round { direct_share }: Round,
        deadline: Option<Instant>,
        spent: u64,
    ) -> RoundRun {
        RoundRun {
            budget,
            direct_share,
            end: end_of(budget.time, deadline),
            ends_nodes: spent + budget.nodes,
        }
    }

    /// `part` running until its nodes are spent or the round's time is up.
    fn clipped(&self, mut part: Budget) -> Budget {
        if let Some(e) = self.end {
            part.time = Some(e.saturating_duration_since(Instant::now()));
        }
        part
    }

    /// What the round has left, to be taken up again by [`resume`] after
    /// another stage: its time (`None`: no limit but the deadline) and its
    /// nodes (`spent` the search's count so far).
    ///
    /// [`resume`]: RoundRun::resume
    fn pause(&self, spent: u64) -> (Option<Duration>, u64) {
        let time = self
            .end
            .map(|e| e.saturating_duration_since(Instant::now()));
        (time, self.ends_nodes.saturating_sub(spent))
    }

    /// The round again after a pause, with what it had left
    /// ([`RoundRun::pause`]).
    fn resume(
        &mut self,
        (time, nodes): (Option<Duration>, u64),
        deadline: Option<Instant>,
        spent: u64,
    ) {
        self.end = end_of(time, deadline);
        self.ends_nodes = spent + nodes;
    }

    /// The three runs aimed straight at the position.
    fn direct_runs(
        &self,
        Target { pos, reading }: Target,
        spent: &mut u64,
    ) -> Result<Option<Vec<Move>>, ProofGameError> {
        let round = self.budget;
        for (weight, share) in [
            (round.weight, 2 * self.direct_share),
            (round.weight * 2, 4 * self.direct_share),
            (round.weight / 2, 4 * self.direct_share),
        ] {
            let part = self.clipped(Budget {
                nodes: (round.nodes / u64::from(share)).max(1),
                time: None,
                weight: weight.max(1),
                ..round
            });
            *spent += part.nodes;
            match direct(pos, reading, part) {
                Ok(game) => return Ok(Some(game)),
                Err(ProofGameError::BudgetSpent(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(None)
    }

    /// The positions a few plies before the target, until the round is
    /// spent. The last moves of a composed position are often the hard
    /// part, and taking them back (sound and complete retractions) leaves
    /// an easier target.
    fn retractions(
        &self,
        Target { pos, reading }: Target,
        spent: &mut u64,
        before: &mut Predecessors,
    ) -> Option<Vec<Move>> {
        let per_try = Budget {
            nodes: (self.budget.nodes / 40).max(1),
            time: None,
            ..self.budget
        };
        let mut i = 0;
        while let Some((q, tail)) = before.get(i) {
            i += 1;
            if self.end.is_some_and(|e| Instant::now() >= e) || *spent >= self.ends_nodes {
                return None;
            }
            let try_budget = self.clipped(per_try);
            *spent += try_budget.nodes;
            if let Ok(mut game) = direct(q, Reading::Asserted, try_budget) {
                game.extend_from_slice(tail);
                if replay(&game).is_some_and(|end| realizes_as(&end, pos, reading)) {
                    return Some(game);
                }
            }
        }
        None
    }
}

/// The positions up to [`RETRACT_PLIES`] plies before a position, with the
/// moves that lead back to it: one ply back first, each ply's
/// [`FRONTIER`] best by the plan's estimate. Computed as far as asked,
/// once for all the rounds.
struct Predecessors {
    found: Vec<(Position, Vec<Move>)>,
    /// Where the last ply computed starts in `found`.
    ply_start: usize,
    plies: u32,
    seen: FastSet<Key>,
}

impl Predecessors {
    fn new(pos: &Position) -> Predecessors {
        Predecessors {
            found: vec![(*pos, Vec::new())],
            ply_start: 0,
            plies: 0,
            seen: FastSet::default(),
        }
    }

    /// The `i`-th position before (0: one ply back, best estimate first).
    fn get(&mut self, i: usize) -> Option<(&Position, &[Move])> {
        while self.found.len() <= i + 1 && self.plies < RETRACT_PLIES {
            self.extend();
        }
        self.found.get(i + 1).map(|(q, t)| (q, t.as_slice()))
    }

    /// One more ply back from the positions of the last ply.
    fn extend(&mut self) {
        let mut next = Vec::new();
        for (p, tail) in &self.found[self.ply_start..] {
            for u in p.unmoves() {
                let q = p.unmake(&u);
                if !self.seen.insert(Key::from(&q)) {
                    continue;
                }
                if stranded_man(&q).is_some() || (!is_initial(&q) && q.unmove_count() == 0) {
                    continue;
                }
                let Some(e) =
                    plan::estimate(&crate::Board::start(), Color::White, q.board(), q.turn())
                else {
                    continue;
                };
                let mut t = vec![*u.forward()];
                t.extend_from_slice(tail);
                next.push((e.guide, q, t));
            }
        }
        next.sort_by_key(|(guide, _, _)| *guide);
        // A predecessor a static rule refutes leads to no game: the best
        // FRONTIER of the others are kept (the rules are tried on them
        // only, best estimate first).
        let kept: Vec<(Position, Vec<Move>)> = next
            .into_iter()
            .filter(|(_, q, _)| PREDECESSOR_RULES.refuting(q).is_none())
            .take(FRONTIER)
            .map(|(_, q, t)| (q, t))
            .collect();
        self.ply_start = self.found.len();
        self.plies += 1;
        self.found.extend(kept);
    }
}

/// The error once the whole budget is spent: the time if there was a limit
/// and it passed, else the positions granted to the searches.
fn spent_all(budget: Budget, spent: u64) -> ProofGameError {
    match budget.time {
        Some(t) if t <= Duration::ZERO || spent < budget.nodes => {
            ProofGameError::BudgetSpent(Spent::Time(t))
        }
        _ => ProofGameError::BudgetSpent(Spent::Nodes(spent.min(budget.nodes))),
    }
}

/// How many plies [`find_proof_game`] takes back when the position itself
/// resists, and how many predecessors per ply it keeps (best estimate first).
const RETRACT_PLIES: u32 = 3;
const FRONTIER: usize = 60;

/// The static rules a predecessor must pass to be tried: all but the zone
/// cages, which are searched for afresh on each position and cost the most.
const PREDECESSOR_RULES: RuleSet = RuleSet::ALL.without(Rule::Zone);

/// What a search aims at: a position, read as `reading` says.
#[derive(Clone, Copy)]
struct Target<'a> {
    pos: &'a Position,
    reading: Reading,
}

/// The search aimed straight at `pos` (its en passant assertion turned into
/// a last double step).
fn direct(pos: &Position, reading: Reading, budget: Budget) -> Result<Vec<Move>, ProofGameError> {
    let exact = reading == Reading::Exact;
    let (goal, last) = match pos.ep_square() {
        None => (
            Goal {
                board: *pos.board(),
                turn: pos.turn(),
                rights: pos.castling_rights(),
                exact,
            },
            None,
        ),
        Some(ep) => {
            let (before, from, to) =
                before_double_step(pos, ep).ok_or(ProofGameError::EnPassant)?;
            (
                Goal {
                    board: *before.board(),
                    turn: before.turn(),
                    rights: pos.castling_rights(),
                    exact,
                },
                Some((from, to)),
            )
        }
    };
    let mut game = search::search(&Position::start(), &goal, &budget)?;
    if let Some((from, to)) = last {
        let mut at = replay(&game).ok_or(ProofGameError::Exhausted)?;
        let step = at
            .legal_moves()
            .iter()
            .find(|m| m.from() == from && m.to() == to && m.role() == Role::Pawn)
            .copied()
            .ok_or(ProofGameError::EnPassant)?;
        at.play_unchecked(&step);
        game.push(step);
    }
    // The game is checked by the forward rules before it is returned.
    match replay(&game) {
        Some(end) if realizes_as(&end, pos, reading) => Ok(game),
        _ => Err(ProofGameError::Exhausted),
    }
}

/// The answer of [`decide`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A game from the initial position, oldest move first, that realizes
    /// the position ([`realizes`]); replayed before it is returned.
    Legal(Vec<Move>),
    /// A static rule or the exhaustion of the retraction tree shows that no
    /// game reaches the position.
    Illegal(IllegalReason),
    /// Neither within the limits: why the proof-game search failed.
    Unknown(ProofGameError),
}

/// Is `pos` legal? The static rules and the exhaustion of the retraction
/// tree to `limits.depth` plies (within `limits.nodes` positions) of
/// [`crate::search::legality`] first, then [`find_proof_game`] within
/// `budget`. Never [`Verdict::Illegal`] for a position a game reaches;
/// every game it answers realizes `pos`.
pub fn decide(pos: &Position, limits: Limits, budget: Budget) -> Verdict {
    decide_as(pos, Reading::Asserted, limits, budget)
}

/// [`decide`], with `pos`'s rights and en-passant square read as
/// `reading` says. [`Verdict::Illegal`] stays a statement about the
/// asserted reading (no game even realizes `pos`), which implies it for
/// the exact one.
pub fn decide_as(pos: &Position, reading: Reading, limits: Limits, budget: Budget) -> Verdict {
    if let Some(reason) = static_illegality(pos) {
        return Verdict::Illegal(reason);
    }
    if !is_initial(pos) {
        if pos.unmove_count() == 0 {
            return Verdict::Illegal(IllegalReason::NoLastMove {
                check: pos.is_check(),
            });
        }
        if let Some(square) = stranded_man(pos) {
            return Verdict::Illegal(IllegalReason::Stranded { square });
        }
        let mut explorer = Explorer::new().with_budget(limits.nodes);
        let longest = explorer.longest(pos, limits.depth);
        if let Some(line) = explorer.start_line() {
            let game = game_of(line);
            if replay(&game).is_some_and(|end| realizes_as(&end, pos, reading)) {
                return Verdict::Legal(game);
            }
        }
        if longest < limits.depth && explorer.start_line().is_none() {
            return Verdict::Illegal(IllegalReason::NoHistory { longest });
        }
        let mut explorer = Explorer::histories().with_budget(limits.nodes);
        let longest = explorer.longest(pos, limits.depth);
        if longest < limits.depth && explorer.start_line().is_none() {
            return Verdict::Illegal(IllegalReason::NoUnstrandedHistory { longest });
        }
    }
    match find_proof_game_as(pos, reading, budget) {
        Ok(game) => Verdict::Legal(game),
        Err(ProofGameError::Illegal(reason)) => Verdict::Illegal(reason),
        Err(e) => Verdict::Unknown(e),
    }
}

/// The position before the double step through `ep` (the last move of
/// `pos`), with the double step's squares; `None` if no such step fits.
fn before_double_step(pos: &Position, ep: Square) -> Option<(Position, Square, Square)> {
    let mover = pos.turn().other();
    let dir = match mover {
        Color::White => 8,
        Color::Black => -8,
    };
    let from = ep.offset(-dir)?;
    let to = ep.offset(dir)?;
    let board = pos.board();
    if board.piece_at(to) != Some(Piece::new(mover, Role::Pawn))
        || board.piece_at(from).is_some()
        || board.piece_at(ep).is_some()
    {
        return None;
    }
    let mut before = *board;
    before.discard_piece_at(to);
    before.set_piece_at(from, Piece::new(mover, Role::Pawn));
    let setup = pos.to_setup();
    let prev = Position::from_parts(
        before,
        mover,
        pos.castling_rights(),
        None,
        0,
        setup.fullmove_number,
    )
    .ok()?;
    Some((prev, from, to))
}

/// The position after playing `game` from the initial position, if every
/// move is legal.
pub fn replay(game: &[Move]) -> Option<Position> {
    let mut pos = Position::start();
    for m in game {
        if !pos.is_legal(m) {
            return None;
        }
        pos.play_unchecked(m);
    }
    Some(pos)
}

/// Whether `end` (reached by a game) realizes `target`: same board and side
/// to move, every castling right `target` asserts held, and `target`'s en
/// passant square, if any, the one the last move set.
pub fn realizes(end: &Position, target: &Position) -> bool {
    end.board() == target.board()
        && end.turn() == target.turn()
        && search::holds_all(end.castling_rights(), target.castling_rights())
        && (target.ep_square().is_none() || end.ep_square() == target.ep_square())
}

/// [`realizes`] for [`Reading::Asserted`]; for [`Reading::Exact`], `end`
/// is `target` itself: board, side to move, castling rights and en-passant
/// square equal (Coq's `realizes_exact`, Game.v).
pub fn realizes_as(end: &Position, target: &Position, reading: Reading) -> bool {
    match reading {
        Reading::Asserted => realizes(end, target),
        Reading::Exact => {
            end.board() == target.board()
                && end.turn() == target.turn()
                && end.castling_rights() == target.castling_rights()
                && end.ep_square() == target.ep_square()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(fen: &str) -> Vec<Move> {
        let pos = Position::from_fen(fen).unwrap();
        let game =
            find_proof_game(&pos, Budget::default()).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(realizes(&replay(&game).unwrap(), &pos));
        game
    }

    #[test]
    fn start_and_short_openings() {
        assert!(found("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_empty());
        assert_eq!(
            found("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2").len(),
            3
        );
        // Asserted en passant square: the last move is e2e4.
        let g = found("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        assert_eq!(g.last().unwrap().to_uci(), "e2e4");
    }

    /// A time too long for the clock is no deadline, not a panic (the
    /// search still ends: it finds the game, or runs out of nodes).
    #[test]
    fn an_endless_time_is_no_deadline() {
        let pos =
            Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
                .unwrap();
        let budget = Budget {
            time: Some(Duration::MAX),
            ..Budget::default()
        };
        assert_eq!(find_proof_game(&pos, budget).unwrap().len(), 3);
    }

    #[test]
    fn a_longer_time_allows_more_nodes() {
        let default = Budget::default();
        let short = Budget::with_time(Duration::from_secs(1));
        assert_eq!(short.nodes, default.nodes);
        assert_eq!(short.time, Some(Duration::from_secs(1)));
        let long = Budget::with_time(Duration::from_secs(60));
        assert_eq!(long.nodes, 60 * Budget::NODES_PER_SECOND);
        assert!(long.nodes > default.nodes);
        let hour = Budget::with_time(Duration::from_secs(3600));
        assert_eq!(hour.nodes, Budget::MOST_NODES);
    }

    #[test]
    fn king_and_pawn_against_king() {
        let g = found("8/8/8/8/1k6/P7/1K6/8 b - -");
        assert!(g.len() > 30, "{}", g.len());
    }

    #[test]
    fn castling_rights_are_kept() {
        let g = found("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 5");
        let end = replay(&g).unwrap();
        assert_eq!(end.castling_rights().to_string(), "KQkq");
    }

    #[test]
    fn illegal_by_rule_and_unknown() {
        let pos = Position::from_fen("k7/8/8/8/8/8/8/R6K w - -").unwrap();
        assert!(matches!(
            find_proof_game(&pos, Budget::default()),
            Err(ProofGameError::Illegal(_))
        ));
        // Three white bishops on light squares, no pawn missing: no plan.
        let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBBB w - -");
        if let Ok(pos) = pos {
            assert!(matches!(
                find_proof_game(&pos, Budget::default()),
                Err(ProofGameError::NoAssignment | ProofGameError::Illegal(_))
            ));
        }
    }

    /// Games found for positions of random play replay under shakmaty's
    /// rules (an independent move generator) to the same board, side to
    /// move and castling rights.
    #[test]
    fn games_replay_under_shakmaty() {
        use shakmaty::fen::Fen;
        use shakmaty::{Chess, EnPassantMode, Position as _};
        let budget = Budget {
            time: Some(Duration::from_secs(2)),
            ..Budget::default()
        };
        let mut found = 0;
        for pos in crate::random::random_positions(12, 5, 40) {
            let Ok(game) = find_proof_game(&pos, budget) else {
                continue;
            };
            found += 1;
            let mut theirs = Chess::default();
            for m in &game {
                let uci: shakmaty::uci::UciMove = m.to_uci().parse().unwrap();
                let mv = uci.to_move(&theirs).expect("legal for shakmaty");
                theirs.play_unchecked(mv);
            }
            let fen = Fen::from_position(&theirs, EnPassantMode::Always).to_string();
            let ours = Position::from_fen(&fen).unwrap();
            assert_eq!(ours.board(), pos.board(), "{}", pos.to_fen());
            assert_eq!(ours.turn(), pos.turn());
            assert!(search::holds_all(
                ours.castling_rights(),
                pos.castling_rights()
            ));
        }
        assert!(found >= 8, "{found} of 12");
    }
}

#[cfg(test)]
mod exact_tests {
    use super::*;

    fn exact(fen: &str, seconds: u64) -> Result<Vec<Move>, ProofGameError> {
        let pos = Position::from_fen(fen).unwrap();
        let game = find_proof_game_as(
            &pos,
            Reading::Exact,
            Budget::with_time(Duration::from_secs(seconds)),
        )?;
        let end = replay(&game).unwrap();
        assert!(realizes_as(&end, &pos, Reading::Exact), "{fen}: {game:?}");
        Ok(game)
    }

    #[test]
    fn a_dash_reads_as_none() {
        // After 1. e4 the en-passant square is e3: the exact reading of
        // `-` needs a game whose last move is no double step.
        let e4 =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -").unwrap();
        let after = replay(&[e4_move()]).unwrap();
        assert!(realizes(&after, &e4));
        assert!(!realizes_as(&after, &e4, Reading::Exact));
        let game = exact("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -", 10).unwrap();
        assert!(game.len() > 1, "{game:?}");
        // The initial board with no right left is not the empty game.
        let start =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -").unwrap();
        assert!(!realizes_as(&Position::start(), &start, Reading::Exact));
        assert!(realizes(&Position::start(), &start));
    }

    fn e4_move() -> Move {
        Position::start().parse_uci("e2e4").unwrap()
    }
}
