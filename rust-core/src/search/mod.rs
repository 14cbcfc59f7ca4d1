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
//! - [`legality`]: static checks (the invariants and a stranded man,
//!   [`crate::rules::invariants`] and [`crate::rules::stranded`]), then the
//!   other static rules, then exhaustion, then a search for a game from
//!   the initial position ([`find_game`]).
//!
//! "The initial position" means the initial board with White to move.
//! Castling rights and en passant square are not compared: a predecessor
//! only holds the rights its successor asserted, and no en passant square
//! is possible on the initial board.

mod explorer;
mod legality;
mod perft;

/// Re-exported: the searches here and their callers prune on it.
pub use crate::rules::stranded::stranded_man;
pub use explorer::{forced_line, forced_line_with, last_moves, Explorer, LastMoves};
pub use legality::{
    find_game, legality, plies_to_start, static_illegality, IllegalReason, Legality, Limits,
};
pub use perft::{for_each_sequence, retro_divide, retro_perft, try_for_each_sequence};

use crate::{Board, CastlingRights, Color, Move, Position, Square, Unmove};

/// Whether `pos` is the initial position: the initial board, White to move.
pub fn is_initial(pos: &Position) -> bool {
    pos.turn() == Color::White && *pos.board() == Board::start()
}

/// What identifies a position for retro search (clocks left out: they are
/// not part of the semantics).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Key {
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

/// A game from the initial position to the position a retraction sequence
/// starts from: the forward moves of `line` (most recent first), oldest
/// first.
pub fn game_of(line: &[Unmove]) -> Vec<Move> {
    line.iter().rev().map(|u| *u.forward()).collect()
}
