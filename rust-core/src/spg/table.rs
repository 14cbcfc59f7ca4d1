//! The transposition table: positions known to lead to no game.
//!
//! An entry says "no game of exactly `k` more plies leads from this
//! position to the diagram". It is written only when the search below the
//! position finished with no game found, never after it was cut short, so
//! a hit may be skipped without losing a game: whatever path led there, the
//! plies that follow are the same. Positions below which games were found
//! are not entered, so listing every game still finds each of them by
//! every path.
//!
//! Keys are exact (the men of each colour and role, side to move, castling
//! rights, an en passant square only when a pawn could take, plies left):
//! a hash collision can cost time, never a game. When the table is full it
//! stops growing, which only costs time.

use crate::hash::FastSet;
use crate::{Bitboard, CastlingSide, Color, Position, Role};

/// A position with its plies left, exactly.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    /// Each colour's men, and the men of each role but the kings (the
    /// men left over).
    men: [u64; 7],
    /// Side to move, castling rights, en passant file and plies left.
    meta: u32,
}

impl Key {
    pub fn new(pos: &Position, plies_left: u32) -> Key {
        let board = pos.board();
        let men = [
            board.by_color(Color::White).0,
            board.by_color(Color::Black).0,
            board.by_role(Role::Pawn).0,
            board.by_role(Role::Knight).0,
            board.by_role(Role::Bishop).0,
            board.by_role(Role::Rook).0,
            board.by_role(Role::Queen).0,
        ];
        let mut meta = pos.turn() as u32;
        let rights = pos.castling_rights();
        for (i, (color, side)) in [
            (Color::White, CastlingSide::KingSide),
            (Color::White, CastlingSide::QueenSide),
            (Color::Black, CastlingSide::KingSide),
            (Color::Black, CastlingSide::QueenSide),
        ]
        .into_iter()
        .enumerate()
        {
            if rights.has(color, side) {
                meta |= 2 << i;
            }
        }
        if let Some(file) = en_passant_file(pos) {
            meta |= (file + 1) << 5;
        }
        meta |= plies_left << 9;
        Key { men, meta }
    }
}

/// The file of the en passant square when a pawn of the side to move
/// stands beside the pawn that just made its double step (otherwise the
/// square changes nothing that follows).
fn en_passant_file(pos: &Position) -> Option<u32> {
    let ep = pos.ep_square()?;
    let us = pos.turn();
    let board = pos.board();
    let behind = match us {
        Color::White => ep.offset_coords(0, -1),
        Color::Black => ep.offset_coords(0, 1),
    }?;
    let ours = board.by_color(us) & board.by_role(Role::Pawn);
    let beside: Bitboard = [-1, 1]
        .into_iter()
        .filter_map(|df| behind.offset_coords(df, 0))
        .collect();
    (ours & beside).any().then_some(ep.file() as u32)
}

/// Positions with no game below them (about 100 bytes each).
pub struct Table {
    dead: FastSet<Key>,
    capacity: usize,
}

impl Table {
    /// A table holding at most `capacity` entries.
    pub fn new(capacity: usize) -> Table {
        Table {
            dead: FastSet::default(),
            capacity,
        }
    }

    #[inline]
    pub fn is_dead(&self, key: &Key) -> bool {
        self.dead.contains(key)
    }

    #[inline]
    pub fn mark_dead(&mut self, key: Key) {
        if self.dead.len() < self.capacity {
            self.dead.insert(key);
        }
    }

    pub fn len(&self) -> usize {
        self.dead.len()
    }

    pub fn is_empty(&self) -> bool {
        self.dead.is_empty()
    }
}
