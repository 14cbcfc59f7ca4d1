//! Legality: static reasons, exhaustion, and the search for a game from the initial position.

use std::collections::HashMap;
use std::fmt;

use super::{game_of, is_initial, Explorer, Key};
use crate::retro::{MaterialError, SideMaterial, Unmove};
use crate::rules::invariants::{self, Violation};
use crate::rules::stranded::stranded_man;
use crate::rules::{Rule, RuleSet};
use crate::{Board, CastlingRights, Color, Move, Piece, Position, Role, Square};

/// Why a position cannot arise in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalReason {
    /// Rule 3 fails for the position itself.
    Material(MaterialError),
    /// The side that moved last is in check.
    OpponentInCheck { color: Color },
    /// No move can have led here: `check` says whether the side to move is
    /// in check (by checks no single move gives).
    NoLastMove { check: bool },
    /// Every retraction sequence ends within `longest` plies, none at the
    /// initial position.
    NoHistory { longest: u32 },
    /// The man on `square` can never move again going back in time and is
    /// not where that man starts the game ([`stranded_man`]).
    Stranded { square: Square },
    /// Every retraction sequence ends within `longest` plies or strands a
    /// man ([`stranded_man`]), none at the initial position.
    NoUnstrandedHistory { longest: u32 },
    /// A static rule ([`crate::rules`]) shows that no game reaches the
    /// position.
    Refuted { rule: Rule },
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::Material(e) => e.fmt(f),
            IllegalReason::OpponentInCheck { color } => {
                write!(f, "{color} is in check but {} is to move", color.other())
            }
            IllegalReason::NoLastMove { check: true } => {
                f.write_str("no last move can have given this check")
            }
            IllegalReason::NoLastMove { check: false } => {
                f.write_str("no last move can have led to this position")
            }
            IllegalReason::NoHistory { longest } => {
                write!(f, "no history longer than {longest} plies")
            }
            IllegalReason::Stranded { square } => write!(
                f,
                "the man on {square} can never have moved there from its initial square"
            ),
            IllegalReason::NoUnstrandedHistory { longest } => write!(
                f,
                "every history ends within {longest} plies or strands a man off its initial square"
            ),
            IllegalReason::Refuted { rule } => write!(f, "refuted by the {rule} rule"),
        }
    }
}

/// The verdict of [`legality`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Legality {
    /// A game from the initial position, oldest move first.
    Legal(Vec<Move>),
    Illegal(IllegalReason),
    /// Neither proved within the limits.
    Unknown,
}

/// Limits of [`legality`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Plies explored to prove illegality by exhaustion, and the longest
    /// game looked for.
    pub depth: u32,
    /// Positions each search (exhaustion, game search) may visit before
    /// giving up.
    pub nodes: u64,
    /// For `last N` questions: how many plies deeper than `N` to look
    /// before giving up on forcing `N` plies ([`last_moves`](super::last_moves)).
    pub lookahead: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: 12,
            nodes: 2_000_000,
            lookahead: 6,
        }
    }
}

impl From<Violation> for IllegalReason {
    fn from(v: Violation) -> IllegalReason {
        match v {
            Violation::Material(e) => IllegalReason::Material(e),
            Violation::OpponentInCheck { color } => IllegalReason::OpponentInCheck { color },
        }
    }
}

/// The static reasons a position is illegal (no search): impossible
/// material, or the side that moved last in check (the invariants,
/// [`invariants::violation`]).
pub fn static_illegality(pos: &Position) -> Option<IllegalReason> {
    invariants::violation(pos).map(IllegalReason::from)
}

/// Is `pos` legal? Static reasons first, then exhaustion of the retraction
/// tree to `limits.depth` plies, then a search for a game of at most
/// `limits.depth` plies. Never answers [`Legality::Illegal`] for a position
/// some game reaches (the retraction generator is complete and the
/// material rules are necessary conditions), and every game it answers
/// replays to the position.
pub fn legality(pos: &Position, limits: Limits) -> Legality {
    if let Some(reason) = static_illegality(pos) {
        return Legality::Illegal(reason);
    }
    if is_initial(pos) {
        return Legality::Legal(Vec::new());
    }
    if pos.unmove_count() == 0 {
        return Legality::Illegal(IllegalReason::NoLastMove {
            check: pos.is_check(),
        });
    }
    if let Some(square) = stranded_man(pos) {
        return Legality::Illegal(IllegalReason::Stranded { square });
    }
    // The invariants and stranded men were tried just above.
    let rules = RuleSet::ALL
        .without(Rule::Invariants)
        .without(Rule::Stranded);
    if let Some(rule) = rules.refuting(pos) {
        return Legality::Illegal(IllegalReason::Refuted { rule });
    }
    let mut explorer = Explorer::new().with_budget(limits.nodes);
    let longest = explorer.longest(pos, limits.depth);
    if let Some(line) = explorer.start_line() {
        return Legality::Legal(game_of(line));
    }
    if longest < limits.depth {
        return Legality::Illegal(IllegalReason::NoHistory { longest });
    }
    let mut explorer = Explorer::histories().with_budget(limits.nodes);
    let longest = explorer.longest(pos, limits.depth);
    if longest < limits.depth && explorer.start_line().is_none() {
        return Legality::Illegal(IllegalReason::NoUnstrandedHistory { longest });
    }
    match find_game(pos, limits) {
        Some(line) => Legality::Legal(game_of(&line)),
        None => Legality::Unknown,
    }
}

/// A retraction sequence (most recent first) from `pos` to the initial
/// position of at most `limits.depth` plies, by iterative deepening with an
/// admissible lower bound ([`plies_to_start`]) and a table of positions
/// known not to reach it in a given number of plies.
pub fn find_game(pos: &Position, limits: Limits) -> Option<Vec<Unmove>> {
    let mut search = GameSearch {
        failed: HashMap::new(),
        line: Vec::new(),
        nodes: 0,
        max_nodes: limits.nodes,
    };
    let first = plies_to_start(pos)?;
    let mut bound = first;
    while bound <= limits.depth {
        if search.dfs(pos, bound) {
            return Some(search.line);
        }
        if search.nodes >= search.max_nodes {
            return None;
        }
        bound += 2;
    }
    None
}

struct GameSearch {
    /// Positions proved not to reach the start within the stored plies.
    failed: HashMap<Key, u32>,
    line: Vec<Unmove>,
    nodes: u64,
    max_nodes: u64,
}

impl GameSearch {
    fn dfs(&mut self, pos: &Position, budget: u32) -> bool {
        if is_initial(pos) {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.max_nodes {
            return false;
        }
        match plies_to_start(pos) {
            Some(h) if h <= budget => {}
            _ => return false,
        }
        if stranded_man(pos).is_some() {
            return false;
        }
        let key = Key::from(pos);
        if self.failed.get(&key).is_some_and(|&b| b >= budget) {
            return false;
        }
        for u in pos.unmoves() {
            self.line.push(u);
            if self.dfs(&pos.unmake(&u), budget - 1) {
                return true;
            }
            self.line.pop();
        }
        if self.nodes < self.max_nodes {
            self.failed.insert(key, budget);
        }
        false
    }
}

/// A lower bound on the plies of any retraction sequence from `pos` to the
/// initial position (`None` if none can exist by these counts alone).
///
/// Going back in time, men only appear (uncaptures, promotions taken back)
/// and pawns only walk back, so for each side `c`, with `n_c` the plies `c`
/// retracts and `n_o` the other side's:
/// - each missing man of `c` is uncaptured by an opponent ply: `16 - men ≤ n_o`;
/// - a pawn on (relative) rank 3 needs one ply of its own, on rank `r ≥ 4`
///   `r - 3` (a double step covers two ranks once): their sum `≤ n_c`;
/// - each of `c`'s 16 initial squares not holding its initial man is filled
///   by a ply of `c` (two by castling) or an uncapture by the opponent:
///   `wrong ≤ 2 n_c + n_o`;
/// - each piece (not pawn) of `c` standing where no such piece starts must
///   move (or turn back into a pawn) at least once, one man per ply except
///   one castling, and those plies are not the pawn plies above:
///   `pawn plies + displaced pieces - 1 ≤ n_c` (the `- 1` only if the king
///   is displaced, for the castling).
///
/// The sequence must end with White to move, which fixes its parity.
pub fn plies_to_start(pos: &Position) -> Option<u32> {
    let board = pos.board();
    let start = Board::start();
    let mut needs = [(0u32, 0u32, 0u32, 0u32); 2];
    for color in Color::ALL {
        let material = SideMaterial::of(board, color);
        let missing = 16u32.saturating_sub(material.men());
        let mut pawn_plies = 0;
        for sq in board.by_piece(Piece::new(color, Role::Pawn)) {
            let rank = if color == Color::White {
                sq.rank() as u32
            } else {
                7 - sq.rank() as u32
            };
            // rank index 1 = rank 2.
            pawn_plies += match rank {
                0 | 1 => 0,
                2 => 1,
                r => r - 2,
            };
        }
        let wrong = start
            .by_color(color)
            .filter(|&sq| board.piece_at(sq) != start.piece_at(sq))
            .count() as u32;
        let pieces = board.by_color(color) - board.by_role(Role::Pawn);
        let displaced = pieces
            .filter(|&sq| board.piece_at(sq) != start.piece_at(sq))
            .count() as u32;
        let king_displaced =
            board.piece_at(CastlingRights::king_home(color)) != Some(Piece::new(color, Role::King));
        let piece_plies = displaced.saturating_sub(king_displaced as u32);
        needs[color.index()] = (missing, pawn_plies, wrong, pawn_plies + piece_plies);
    }
    // The first retraction is by the side not to move.
    let first = pos.turn().other();
    for r in 0..=400u32 {
        // After `r` retractions the side to move is White.
        let turn = if r % 2 == 0 { pos.turn() } else { first };
        if turn != Color::White {
            continue;
        }
        let by_first = r.div_ceil(2);
        let by_second = r / 2;
        let plies = |c: Color| if c == first { by_first } else { by_second };
        let ok = Color::ALL.into_iter().all(|c| {
            let (missing, pawn_plies, wrong, moved) = needs[c.index()];
            let own = plies(c);
            let other = plies(c.other());
            missing <= other && pawn_plies <= own && moved <= own && wrong <= 2 * own + other
        });
        if ok {
            return Some(r);
        }
    }
    None
}
