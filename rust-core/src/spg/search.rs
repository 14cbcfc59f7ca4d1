//! The exhaustive search: every game of exactly `n` plies from the initial
//! position that reaches the diagram.
//!
//! Depth-first over the legal moves (the forward move generator), cut where
//! a side's lower bound ([`super::bound`]) exceeds the moves it has left,
//! and where the transposition table ([`super::table`]) knows the position
//! leads nowhere in the plies left. Games found below a position are
//! remembered with it, so a transposition lists them again without a
//! second search. Children are tried in order of their slack (plies left
//! minus the bounds), the most first: the moves that keep to the plan;
//! among equals, captures, promotions and pawn moves first (they cannot be
//! undone, so they settle the plan sooner).
//!
//! The search runs in rounds of growing size (4096 positions, then twice
//! as many each time), each breaking ties among equals its own way: a
//! first move that leads into a large dead subtree no longer holds up the
//! others. What a round learns (dead positions, games below a position)
//! is kept; the last round runs to the end, so the rounds cost at most
//! about as much again as one search.
//!
//! The search is complete when it was not stopped (by a time or node limit,
//! or by reaching the number of games asked for): then every game of `n`
//! plies is among those listed, since every cut is sound.

use std::rc::Rc;
use std::time::{Duration, Instant};

use crate::castling::CastlingRights;
use crate::hash::{FastMap, FastSet};
use crate::{Bitboard, Board, Color, Move, Position, Role};

use super::bound::{basic_bound, pawn_captures, settled_men, side_bound, Side, UNREACHABLE};
use super::frozen::{frozen, same_men};
use super::memo::Memo;
use super::routes::{king_walls, Barriers, Routes};
use super::table::{Key, Table};
use super::victims::landing_squares;
use super::Diagram;

/// How much a search may do, and when it may stop early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Stop once this many games are found (`None`: list them all).
    pub max_solutions: Option<usize>,
    /// Stop after this much time (`None`: no limit).
    pub time: Option<Duration>,
    /// Stop after visiting this many positions (`None`: no limit).
    pub nodes: Option<u64>,
}

impl Default for Limits {
    /// Two games (enough to tell unique from cooked), no time or node limit.
    fn default() -> Limits {
        Limits {
            max_solutions: Some(2),
            time: None,
            nodes: None,
        }
    }
}

/// Why a search stopped before accounting for every game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The number of games asked for was found.
    Solutions,
    /// The time limit ran out.
    Time,
    /// The node limit ran out.
    Nodes,
}

/// What the games found say about the problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one game, and the search was complete.
    Unique,
    /// At least two games.
    Cooked,
    /// No game, and the search was complete.
    None,
    /// The search stopped early with fewer than two games.
    Unknown,
}

/// The outcome of a search for the games of one length.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub plies: u32,
    /// The games found, each replayed from the initial position.
    pub solutions: Vec<Vec<Move>>,
    /// Every game of `plies` plies is in `solutions`.
    pub complete: bool,
    /// Why the search stopped early (`None` when it is complete).
    pub stopped: Option<Stop>,
    /// Positions visited.
    pub nodes: u64,
    pub seconds: f64,
}

impl Report {
    pub fn verdict(&self) -> Verdict {
        match (self.solutions.len(), self.complete) {
            (n, _) if n >= 2 => Verdict::Cooked,
            (1, true) => Verdict::Unique,
            (0, true) => Verdict::None,
            _ => Verdict::Unknown,
        }
    }
}

/// The outcome of a search for the shortest games.
#[derive(Debug, Clone, PartialEq)]
pub struct ShortestReport {
    /// The search at the least length with a game (its report), if found.
    pub found: Option<Report>,
    /// Every length below this was searched completely and has no game.
    pub none_below: u32,
    pub nodes: u64,
    pub seconds: f64,
}

/// The most positions the transposition table holds.
const TABLE_CAPACITY: usize = 6_000_000;
/// The slots of each memo of side results: `2^16` (a few megabytes).
const MEMO_BITS: u32 = 16;
/// The most route tables remembered before starting afresh.
const ROUTES_CAPACITY: usize = 2_000;
/// How many times settled men may join the frozen ones in one bound.
const SETTLING_ROUNDS: usize = 3;
/// The slots of the memo of frozen squares: `2^14`.
const FROZEN_BITS: u32 = 14;

/// Everything [`frozen`] and [`Barriers::of`] read of a position
/// ([`same_men`]): the squares holding the diagram's men, each colour's
/// pawns, the castling rights and the captures owed (counted up to 7, as
/// the pawns' cones do; the stretches ask only whether it is 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct FrozenKey {
    same: u64,
    pawns: [u64; 2],
    meta: u32,
}

impl FrozenKey {
    fn new(board: &Board, diagram: &Diagram, castling: CastlingRights, owed: [u32; 2]) -> Self {
        let pawns = Color::ALL.map(|c| (board.by_role(Role::Pawn) & board.by_color(c)).0);
        let rights =
            castling_bits(castling, Color::White) | castling_bits(castling, Color::Black) << 2;
        FrozenKey {
            same: same_men(board, diagram).0,
            pawns,
            meta: rights | owed[0].min(7) << 4 | owed[1].min(7) << 8,
        }
    }
}

/// A side's men, the frozen squares, where its captures land (or, for
/// its landing squares, the moves it has left) and its captures owed and
/// castling rights: everything a side's bound or landing squares read.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct SideKey {
    men: [u64; 6],
    frozen: u64,
    /// The pawns' stretches ([`Barriers`]) the routes keep off.
    runs: [u64; 2],
    extra: u64,
    victims: u64,
    meta: u32,
}

impl SideKey {
    fn new(
        board: &Board,
        color: Color,
        frozen: Bitboard,
        extra: u64,
        owed: u32,
        castling: CastlingRights,
    ) -> SideKey {
        let ours = board.by_color(color);
        SideKey {
            men: Role::ALL.map(|r| (board.by_role(r) & ours).0),
            frozen: frozen.0,
            runs: [0; 2],
            extra,
            victims: 0,
            meta: owed << 8 | castling_bits(castling, color) << 1 | color as u32,
        }
    }
}

/// What a side's bound knows of its captures: how many it still makes,
/// where they can land, and the men of its own the other side's pawns
/// must capture (so many, on these squares).
#[derive(Clone, Copy)]
struct Captures {
    owed: u32,
    landing: Bitboard,
    victims: (u32, Bitboard),
}

/// Which lower bounds cut the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Level {
    /// Everything in [`super::bound`], [`super::victims`] and the settled
    /// men.
    #[default]
    Full,
    /// Only [`basic_bound`]: each target's cheapest man around the
    /// frozen men, and the captures owed. Simple enough for a checker to
    /// mirror; the search it cuts is larger.
    Basic,
}

/// A search engine for one diagram. Its tables outlive a search, so a
/// second search (another length, more games) starts from what the first
/// learnt.
pub struct Solver {
    diagram: Diagram,
    level: Level,
    target_count: [u32; 2],
    routes: FastMap<(Color, Bitboard, Bitboard), Rc<Routes>>,
    sides: Memo<SideKey, u32>,
    landings: Memo<SideKey, Bitboard>,
    pawn_plans: Memo<SideKey, (u32, Bitboard)>,
    frozens: Memo<FrozenKey, (Bitboard, Barriers)>,
    /// The pawns' stretches of the position whose bounds are being
    /// computed ([`Barriers::of`]; none at [`Level::Basic`]).
    barriers: Barriers,
    routes_barred: FastMap<(Color, Bitboard, Bitboard, Barriers), Rc<Routes>>,
    table: Table,
    /// Games below a position, as move lists from it.
    games: FastMap<Key, Rc<Vec<Vec<Move>>>>,
}

impl Solver {
    pub fn new(diagram: Diagram) -> Solver {
        Solver::with_level(diagram, Level::Full)
    }

    /// A solver cutting its search with the bounds of `level`.
    pub fn with_level(diagram: Diagram, level: Level) -> Solver {
        let target_count = Color::ALL.map(|c| diagram.board().by_color(c).count());
        Solver {
            diagram,
            level,
            target_count,
            routes: FastMap::default(),
            sides: Memo::new(MEMO_BITS),
            landings: Memo::new(MEMO_BITS),
            pawn_plans: Memo::new(MEMO_BITS),
            frozens: Memo::new(FROZEN_BITS),
            barriers: Barriers::NONE,
            routes_barred: FastMap::default(),
            table: Table::new(TABLE_CAPACITY),
            games: FastMap::default(),
        }
    }

    pub fn diagram(&self) -> &Diagram {
        &self.diagram
    }

    fn routes(&mut self, color: Color, frozen: Bitboard, landing: Bitboard) -> Rc<Routes> {
        if !self.barriers.is_empty() {
            let key = (color, frozen, landing, self.barriers);
            if let Some(r) = self.routes_barred.get(&key) {
                return Rc::clone(r);
            }
            if self.routes_barred.len() >= ROUTES_CAPACITY {
                self.routes_barred.clear();
            }
            let r = Rc::new(Routes::barred(
                &self.diagram,
                color,
                frozen,
                landing,
                &self.barriers,
            ));
            self.routes_barred.insert(key, Rc::clone(&r));
            return r;
        }
        let key = (color, frozen, landing);
        if let Some(r) = self.routes.get(&key) {
            return Rc::clone(r);
        }
        if self.routes.len() >= ROUTES_CAPACITY {
            self.routes.clear();
        }
        let r = Rc::new(Routes::new(&self.diagram, color, frozen, landing));
        self.routes.insert(key, Rc::clone(&r));
        r
    }

    /// The lower bounds on the moves White and Black still make from
    /// `pos` to the diagram with `plies` plies left ([`UNREACHABLE`] when a
    /// side cannot). Each side's captures must land where the other side
    /// can lose a man within its moves; a bound above the moves a side has
    /// may be returned without that refinement.
    pub fn bounds(&mut self, pos: &Position, plies: u32) -> [u32; 2] {
        let board = pos.board();
        let count = Color::ALL.map(|c| board.by_color(c).count());
        if count[0] < self.target_count[0] || count[1] < self.target_count[1] {
            return [UNREACHABLE; 2];
        }
        // White captures Black's surplus and Black White's.
        let owed = [
            count[1] - self.target_count[1],
            count[0] - self.target_count[0],
        ];
        let castling = pos.castling_rights();
        let have = Solver::moves_left(pos.turn(), plies);
        // The frozen squares and the pawns' stretches read the same parts
        // of the position (the pawns, the diagram's men in place, the
        // captures owed): one memo for both.
        let frozen_key = FrozenKey::new(board, &self.diagram, castling, owed);
        let (mut f, barriers) = match self.frozens.get(&frozen_key) {
            Some(known) => known,
            None => {
                let f = frozen(board, castling, &self.diagram, owed);
                let barriers = Barriers::of(board, &self.diagram, owed).without_walls(f);
                self.frozens.insert(frozen_key, (f, barriers));
                (f, barriers)
            }
        };
        self.barriers = match self.level {
            Level::Full => barriers,
            Level::Basic => Barriers::NONE,
        };
        if self.level == Level::Basic {
            return Color::ALL.map(|color| {
                let routes = self.routes(color, f, Bitboard::FULL);
                let side = Side {
                    color,
                    castling,
                    routes: &routes,
                    frozen: f,
                    king_walls: Bitboard::EMPTY,
                    owed: owed[color.index()],
                    landing: Bitboard::FULL,
                    victims: 0,
                    victim_squares: Bitboard::EMPTY,
                    moves: None,
                };
                basic_bound(board, &side)
            });
        }
        // A right whose king and rook have a frozen man between them is
        // never used.
        let castling = usable_castling(castling, f);
        // Men a side cannot afford to move join the frozen ones, which
        // can raise the bounds, which can settle more men.
        let mut lb = self.bounds_with(board, castling, f, owed, have);
        for _ in 1..SETTLING_ROUNDS {
            if lb[0] > have[0] || lb[1] > have[1] {
                break;
            }
            let mut settled = Bitboard::EMPTY;
            for color in Color::ALL {
                let c = color.index();
                if have[c] - lb[c] <= 1 {
                    settled |= self.settled(board, color, castling, f, owed[c], have[c]);
                }
            }
            if settled.is_empty() {
                break;
            }
            f |= settled;
            lb = self.bounds_with(board, castling, f, owed, have);
        }
        lb
    }

    /// The bounds with the frozen squares `f`.
    fn bounds_with(
        &mut self,
        board: &Board,
        castling: CastlingRights,
        f: Bitboard,
        owed: [u32; 2],
        have: [u32; 2],
    ) -> [u32; 2] {
        let mut lb = [0u32; 2];
        for color in Color::ALL {
            let c = color.index();
            let none = (0, Bitboard::EMPTY);
            let captures = Captures {
                owed: owed[c],
                landing: Bitboard::FULL,
                victims: none,
            };
            lb[c] = self.side_bound(board, color, castling, f, captures, have[c]);
            if lb[c] > have[c] {
                return lb;
            }
        }
        // Where each side's captures land, and the captures its pawns
        // must make.
        let mut landing = [Bitboard::FULL; 2];
        let mut pawn_captures = [(0, Bitboard::EMPTY); 2];
        for color in Color::ALL {
            let c = color.index();
            if owed[c] == 0 {
                continue;
            }
            let v = color.other().index();
            landing[c] = self.landing(board, color.other(), castling, f, owed[v], have[v]);
            pawn_captures[c] = self.pawn_captures(board, color, castling, f, owed[c], have[c]);
        }
        for color in Color::ALL {
            let c = color.index();
            let victims = pawn_captures[color.other().index()];
            if landing[c] != Bitboard::FULL || victims.0 > 0 {
                let captures = Captures {
                    owed: owed[c],
                    landing: landing[c],
                    victims,
                };
                lb[c] = self.side_bound(board, color, castling, f, captures, have[c]);
                if lb[c] > have[c] {
                    return lb;
                }
            }
        }
        lb
    }

    /// The key of a side's results, with the pawns' stretches the routes
    /// keep off.
    fn side_key(
        &self,
        board: &Board,
        color: Color,
        frozen: Bitboard,
        extra: u64,
        owed: u32,
        castling: CastlingRights,
    ) -> SideKey {
        let mut key = SideKey::new(board, color, frozen, extra, owed, castling);
        key.runs = self.barriers.runs.map(|b| b.0);
        key
    }

    /// The men of `color` that can no longer move ([`settled_men`]).
    fn settled(
        &mut self,
        board: &Board,
        color: Color,
        castling: CastlingRights,
        frozen: Bitboard,
        owed: u32,
        moves: u32,
    ) -> Bitboard {
        let mut key = self.side_key(board, color, frozen, u64::from(moves), owed, castling);
        key.victims = 1;
        if let Some(s) = self.landings.get(&key) {
            return s;
        }
        let routes = self.routes(color, frozen, Bitboard::FULL);
        let side = Side {
            color,
            castling,
            routes: &routes,
            frozen,
            king_walls: king_walls(&self.diagram, color, frozen),
            owed,
            landing: Bitboard::FULL,
            victims: 0,
            victim_squares: Bitboard::EMPTY,
            moves: None,
        };
        let s = settled_men(board, &side, moves);
        self.landings.insert(key, s);
        s
    }

    /// The captures `color`'s pawns must make, and where they land.
    fn pawn_captures(
        &mut self,
        board: &Board,
        color: Color,
        castling: CastlingRights,
        frozen: Bitboard,
        owed: u32,
        moves: u32,
    ) -> (u32, Bitboard) {
        let key = self.side_key(board, color, frozen, u64::from(moves), owed, castling);
        if let Some(r) = self.pawn_plans.get(&key) {
            return r;
        }
        let routes = self.routes(color, frozen, Bitboard::FULL);
        let side = Side {
            color,
            castling,
            routes: &routes,
            frozen,
            king_walls: Bitboard::EMPTY,
            owed,
            landing: Bitboard::FULL,
            victims: 0,
            victim_squares: Bitboard::EMPTY,
            moves: None,
        };
        let r = pawn_captures(board, &side, moves);
        self.pawn_plans.insert(key, r);
        r
    }

    fn side_bound(
        &mut self,
        board: &Board,
        color: Color,
        castling: CastlingRights,
        frozen: Bitboard,
        captures: Captures,
        moves: u32,
    ) -> u32 {
        let Captures {
            owed,
            landing,
            victims,
        } = captures;
        let mut key = self.side_key(board, color, frozen, landing.0, owed, castling);
        key.victims = victims.1 .0 | u64::from(victims.0) << 58;
        key.meta |= moves << 16;
        if let Some(b) = self.sides.get(&key) {
            return b;
        }
        let routes = self.routes(color, frozen, landing);
        let side = Side {
            color,
            castling,
            routes: &routes,
            frozen,
            king_walls: king_walls(&self.diagram, color, frozen),
            owed,
            landing,
            victims: victims.0,
            victim_squares: victims.1,
            moves: Some(moves),
        };
        let b = side_bound(board, &side);
        self.sides.insert(key, b);
        b
    }

    /// Where captures of `color`'s men can land, `color` having `moves`
    /// moves left.
    fn landing(
        &mut self,
        board: &Board,
        color: Color,
        castling: CastlingRights,
        frozen: Bitboard,
        owed: u32,
        moves: u32,
    ) -> Bitboard {
        let key = self.side_key(board, color, frozen, u64::from(moves), owed, castling);
        if let Some(l) = self.landings.get(&key) {
            return l;
        }
        let routes = self.routes(color, frozen, Bitboard::FULL);
        let side = Side {
            color,
            castling,
            routes: &routes,
            frozen,
            king_walls: king_walls(&self.diagram, color, frozen),
            owed,
            landing: Bitboard::FULL,
            victims: 0,
            victim_squares: Bitboard::EMPTY,
            moves: None,
        };
        let l = landing_squares(board, &side, moves);
        self.landings.insert(key, l);
        l
    }

    /// The moves each side has in `plies` plies with `turn` to move.
    fn moves_left(turn: Color, plies: u32) -> [u32; 2] {
        let (first, second) = (plies.div_ceil(2), plies / 2);
        match turn {
            Color::White => [first, second],
            Color::Black => [second, first],
        }
    }

    /// How many plies the bounds leave to spare from `pos` with `plies`
    /// left (`None` when a side cannot make it).
    fn slack(&mut self, pos: &Position, plies: u32) -> Option<u32> {
        let lb = self.bounds(pos, plies);
        let have = Solver::moves_left(pos.turn(), plies);
        if lb[0] > have[0] || lb[1] > have[1] {
            None
        } else {
            Some(have[0] - lb[0] + have[1] - lb[1])
        }
    }

    /// Every game of exactly `plies` plies from the initial position to the
    /// diagram, within `limits`.
    pub fn search(&mut self, plies: u32, limits: &Limits) -> Report {
        self.search_from(&Position::start(), plies, limits)
    }

    /// Every continuation of exactly `plies` plies from `root` to the
    /// diagram, within `limits` (games from a position along the way).
    pub fn search_from(&mut self, root: &Position, plies: u32, limits: &Limits) -> Report {
        let start = Instant::now();
        let mut run = Run {
            limits: *limits,
            start,
            nodes: 0,
            round_end: u64::MAX,
            salt: 0,
            solutions: Vec::new(),
            known: FastSet::default(),
            reached: Vec::new(),
            path: Vec::with_capacity(plies as usize),
        };
        let possible = (root.turn() == self.diagram.turn()) == plies.is_multiple_of(2)
            && !self.diagram.mover_in_check()
            && self.slack(root, plies).is_some();
        let mut stopped = None;
        if possible {
            // Rounds of growing size, each breaking ties between equally
            // promising moves its own way; what a round learns (dead
            // positions, games below a position) serves the next.
            let mut budget = FIRST_ROUND;
            loop {
                run.round_end = run.nodes.saturating_add(budget);
                run.reached.clear();
                match self.visit(&mut run, root, plies) {
                    Ok(()) => break,
                    Err(Halt::Round) => {
                        budget = budget.saturating_mul(2);
                        run.salt += 1;
                    }
                    Err(Halt::Stop(why)) => {
                        stopped = Some(why);
                        break;
                    }
                }
            }
        }
        Report {
            plies,
            solutions: run.solutions,
            complete: stopped.is_none(),
            stopped,
            nodes: run.nodes,
            seconds: start.elapsed().as_secs_f64(),
        }
    }

    /// The least length with a game, searching each length up to
    /// `max_plies` in turn (the tables learnt at one length serve the
    /// next); `limits` applies to the whole search.
    pub fn shortest(&mut self, max_plies: u32, limits: &Limits) -> ShortestReport {
        let start = Instant::now();
        let mut nodes = 0;
        let mut plies = u32::from(self.diagram.turn() == Color::Black);
        while plies <= max_plies {
            let mut left = *limits;
            if let Some(t) = limits.time {
                left.time = Some(t.saturating_sub(start.elapsed()));
            }
            if let Some(n) = limits.nodes {
                left.nodes = Some(n.saturating_sub(nodes));
            }
            let report = self.search(plies, &left);
            nodes += report.nodes;
            if !report.solutions.is_empty() || !report.complete {
                let found = (!report.solutions.is_empty()).then_some(report);
                return ShortestReport {
                    found,
                    none_below: plies,
                    nodes,
                    seconds: start.elapsed().as_secs_f64(),
                };
            }
            plies += 2;
        }
        ShortestReport {
            found: None,
            none_below: plies,
            nodes,
            seconds: start.elapsed().as_secs_f64(),
        }
    }

    /// Searches below `pos` with `plies` left (`pos` within the bounds,
    /// not known dead).
    fn visit(&mut self, run: &mut Run, pos: &Position, plies: u32) -> Result<(), Halt> {
        run.count_node()?;
        if plies == 0 {
            if self.diagram.is_reached_by(pos) {
                run.record(&[])?;
            }
            return Ok(());
        }
        let key = Key::new(pos, plies);
        if let Some(games) = self.games.get(&key) {
            let games = Rc::clone(games);
            for g in games.iter() {
                run.record(g)?;
            }
            return Ok(());
        }
        let found_before = run.reached.len();
        let mut children: Vec<(u32, u64, Move, Position)> = Vec::new();
        for (index, m) in pos.legal_moves().into_iter().enumerate() {
            let mut child = *pos;
            child.play_unchecked(&m);
            if plies == 1 {
                if self.diagram.is_reached_by(&child) {
                    children.push((0, 0, m, child));
                }
                continue;
            }
            // A transposition known to lead nowhere needs no bound.
            if self.table.is_dead(&Key::new(&child, plies - 1)) {
                continue;
            }
            if let Some(s) = self.slack(&child, plies - 1) {
                children.push((s, run.tie_break(index, &m), m, child));
            }
        }
        children.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (_, _, m, child) in &children {
            run.path.push(*m);
            let r = self.visit(run, child, plies - 1);
            run.path.pop();
            r?;
        }
        let depth = run.path.len();
        if run.reached.len() == found_before {
            self.table.mark_dead(key);
        } else {
            let games: Vec<Vec<Move>> = run.reached[found_before..]
                .iter()
                .map(|g| g[depth..].to_vec())
                .collect();
            self.games.insert(key, Rc::new(games));
        }
        Ok(())
    }
}

/// Why a search unwinds: it stops, or its round is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Halt {
    Stop(Stop),
    Round,
}

/// The nodes of the first round; each next round has twice as many.
const FIRST_ROUND: u64 = 4096;

/// The state of one search.
struct Run {
    limits: Limits,
    start: Instant,
    nodes: u64,
    /// The node count at which the current round ends.
    round_end: u64,
    /// The round's way of breaking ties (0: the generator's order).
    salt: u64,
    solutions: Vec<Vec<Move>>,
    /// The games listed, so that a later round does not list one twice.
    known: FastSet<Vec<Move>>,
    /// Every game reached in this round, listed before or not: what lies
    /// below a position is read from here, never from `solutions` (a
    /// game an earlier round listed still leads somewhere).
    reached: Vec<Vec<Move>>,
    path: Vec<Move>,
}

impl Run {
    #[inline]
    fn count_node(&mut self) -> Result<(), Halt> {
        self.nodes += 1;
        if let Some(n) = self.limits.nodes {
            if self.nodes > n {
                return Err(Halt::Stop(Stop::Nodes));
            }
        }
        if self.nodes.is_multiple_of(1024) {
            if let Some(t) = self.limits.time {
                if self.start.elapsed() >= t {
                    return Err(Halt::Stop(Stop::Time));
                }
            }
        }
        if self.nodes >= self.round_end {
            return Err(Halt::Round);
        }
        Ok(())
    }

    /// Records the game made of the path and `tail`.
    fn record(&mut self, tail: &[Move]) -> Result<(), Halt> {
        let mut game = self.path.clone();
        game.extend_from_slice(tail);
        if self.known.insert(game.clone()) {
            self.solutions.push(game.clone());
        }
        self.reached.push(game);
        if let Some(k) = self.limits.max_solutions {
            if self.solutions.len() >= k {
                return Err(Halt::Stop(Stop::Solutions));
            }
        }
        Ok(())
    }

    /// The order of a move among equally promising ones in this round.
    fn tie_break(&self, index: usize, m: &Move) -> u64 {
        // Irreversible moves first: they fix the plan sooner.
        let class = if m.is_capture() || m.promotion().is_some() {
            0
        } else if m.role() == Role::Pawn {
            1
        } else {
            2
        };
        let rest = self.shuffle(index, m) >> 2;
        (class << 62) | rest
    }

    fn shuffle(&self, index: usize, m: &Move) -> u64 {
        if self.salt == 0 {
            return index as u64;
        }
        let bits = (m.from() as u64) << 8
            | m.to() as u64
            | (m.promotion().map_or(0, |r| r.index() as u64 + 1) << 16);
        let mut h = (bits ^ self.salt.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^= h >> 31;
        h
    }
}

/// `rights` without those whose path between king and rook holds a
/// frozen man: such a man never moves, so that castling never happens.
fn usable_castling(rights: CastlingRights, frozen: Bitboard) -> CastlingRights {
    let mut usable = CastlingRights::NONE;
    for color in Color::ALL {
        for cs in crate::CastlingSide::ALL {
            if rights.has(color, cs) && (CastlingRights::path(color, cs) & frozen).is_empty() {
                usable = usable.with(color, cs);
            }
        }
    }
    usable
}

/// The castling rights of `color` as two bits.
fn castling_bits(rights: CastlingRights, color: Color) -> u32 {
    crate::CastlingSide::ALL
        .iter()
        .enumerate()
        .filter(|(_, &side)| rights.has(color, side))
        .map(|(i, _)| 1 << i)
        .sum()
}
