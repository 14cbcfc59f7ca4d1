//! Retro search: counting, listing and exploring retraction sequences.
//!
//! A *retraction sequence* of length `n` from `P` is `u1, …, un` where `u1`
//! is a retraction of `P`, `u2` a retraction of the predecessor `P·u1⁻¹`,
//! and so on: the last `n` plies of a possible history, most recent first.
//! Sequences are combinatorial: one that passes through the initial
//! position and goes on (the initial position has 4 retractions) still
//! counts, which keeps [`retro_perft`] a plain tree count.
//!
//! - [`retro_perft`]: how many sequences of a given length.
//! - [`for_each_sequence`]: list them; [`forced_line`]: the most recent
//!   plies every sequence of a length shares, computed without listing.
//! - [`Explorer`]: the longest history (capped) and whether the initial
//!   position lies on one, with memoisation across transpositions; the
//!   ground for the `illegal: no history longer than k plies` answer.
//! - [`last_moves`]: the forced part of the histories, looking deeper when
//!   the asked depth leaves dead ends in.
//! - [`legality`]: static checks (material, the wrong side in check, a
//!   [`stranded_man`]), then exhaustion, then a search for a game from the
//!   initial position ([`find_game`]).
//!
//! "The initial position" means the initial board with White to move.
//! Castling rights and en passant square are not compared: a predecessor
//! only holds the rights its successor asserted, and no en passant square
//! is possible on the initial board.

use std::collections::HashMap;
use std::fmt;

use crate::attacks;
use crate::retro::{material_error, MaterialError, SideMaterial, Unmove};
use crate::{Bitboard, Board, CastlingRights, Color, Move, Piece, Position, Rank, Role, Square};

/// The number of retraction sequences of length `depth` from `pos`
/// (1 for depth 0). The last ply is counted without building predecessors.
pub fn retro_perft(pos: &Position, depth: u32) -> u64 {
    let mut buffers = Vec::new();
    perft_inner(pos, depth, &mut buffers)
}

fn perft_inner(pos: &Position, depth: u32, buffers: &mut Vec<Vec<Unmove>>) -> u64 {
    match depth {
        0 => 1,
        1 => pos.unmove_count(),
        _ => {
            // One buffer per depth, reused across siblings.
            let mut list = buffers.pop().unwrap_or_default();
            pos.unmoves_into(&mut list);
            let total = list
                .iter()
                .map(|u| perft_inner(&pos.unmake(u), depth - 1, buffers))
                .sum();
            buffers.push(list);
            total
        }
    }
}

/// Retro-perft split by the most recent retraction: each retraction of
/// `pos` with the count below it at `depth - 1`. Empty for depth 0.
pub fn retro_divide(pos: &Position, depth: u32) -> Vec<(Unmove, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.unmoves()
        .into_iter()
        .map(|u| (u, retro_perft(&pos.unmake(&u), depth - 1)))
        .collect()
}

/// Calls `visit` with every retraction sequence of length `depth` from
/// `pos`, most recent retraction first, in generation order.
pub fn for_each_sequence(pos: &Position, depth: u32, mut visit: impl FnMut(&[Unmove])) {
    let mut line = Vec::with_capacity(depth as usize);
    sequences_inner(pos, depth, &mut line, &mut visit);
}

fn sequences_inner(
    pos: &Position,
    depth: u32,
    line: &mut Vec<Unmove>,
    visit: &mut impl FnMut(&[Unmove]),
) {
    if depth == 0 {
        visit(line);
        return;
    }
    for u in pos.unmoves() {
        line.push(u);
        sequences_inner(&pos.unmake(&u), depth - 1, line, visit);
        line.pop();
    }
}

/// Whether `pos` is the initial position: the initial board, White to move.
pub fn is_initial(pos: &Position) -> bool {
    pos.turn() == Color::White && *pos.board() == Board::start()
}

/// What identifies a position for retro search (clocks left out: they are
/// not part of the semantics).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    board: Board,
    turn: Color,
    castling: CastlingRights,
    ep: Option<Square>,
}

impl From<&Position> for Key {
    fn from(pos: &Position) -> Key {
        Key {
            board: *pos.board(),
            turn: pos.turn(),
            castling: pos.castling_rights(),
            ep: pos.ep_square(),
        }
    }
}

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

/// A man that can never move again going back in time and does not stand
/// on a square where the same man starts the game: then no history
/// reaches the initial position.
///
/// Going back in time men never leave the board (captures become
/// uncaptures) except a promoted man turning back into a pawn on the last
/// rank, and pawns never move forward. So a white pawn on rank 2 (black:
/// rank 7) never moves again; a man whose every retraction square is held
/// by such a never-moving man is stuck too, and so on. Kings, rooks on
/// their first rank (un-castling) and men on their last rank (promotion
/// taken back) are never considered stuck, to stay on the safe side.
pub fn stranded_man(pos: &Position) -> Option<Square> {
    let board = pos.board();
    let start = Board::start();
    let pawns = board.by_role(Role::Pawn);
    let mut frozen = (pawns & board.by_color(Color::White) & Bitboard::from_rank(Rank::Second))
        | (pawns & board.by_color(Color::Black) & Bitboard::from_rank(Rank::Seventh));
    loop {
        let mut grown = frozen;
        for sq in board.occupied() - frozen {
            let Some(piece) = board.piece_at(sq) else {
                continue;
            };
            let color = piece.color;
            let rank = sq.rank();
            if rank == Rank::Eighth.relative_to(color) {
                continue;
            }
            let exits = match piece.role {
                Role::King => continue,
                Role::Rook if rank == Rank::First.relative_to(color) => continue,
                Role::Pawn => {
                    let back = color.fold(-8, 8);
                    let straight = sq.offset(back).map_or(Bitboard::EMPTY, Bitboard::from);
                    straight | attacks::pawn_attacks(color.other(), sq)
                }
                Role::Knight => attacks::knight_attacks(sq),
                Role::Bishop => attacks::bishop_attacks(sq, Bitboard::FULL),
                Role::Rook => attacks::rook_attacks(sq, Bitboard::FULL),
                Role::Queen => attacks::queen_attacks(sq, Bitboard::FULL),
            };
            if (exits - frozen).is_empty() {
                grown.set(sq);
            }
        }
        if grown == frozen {
            break;
        }
        frozen = grown;
    }
    frozen
        .into_iter()
        .find(|&sq| board.piece_at(sq) != start.piece_at(sq))
}

/// A game from the initial position to the position a retraction sequence
/// starts from: the forward moves of `line` (most recent first), oldest
/// first.
pub fn game_of(line: &[Unmove]) -> Vec<Move> {
    line.iter().rev().map(|u| *u.forward()).collect()
}

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
    /// before giving up on forcing `N` plies ([`last_moves`]).
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

/// The static reasons a position is illegal (no search): impossible
/// material, or the side that moved last in check.
pub fn static_illegality(pos: &Position) -> Option<IllegalReason> {
    if let Some(e) = material_error(pos.board()) {
        return Some(IllegalReason::Material(e));
    }
    if pos.is_opponent_in_check() {
        return Some(IllegalReason::OpponentInCheck {
            color: pos.turn().other(),
        });
    }
    None
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
