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
//! Keys are exact (the men square by square, side to move, castling
//! rights, an en passant square only when a pawn could take, plies left):
//! a hash collision can cost time, never a game. When the table is full it
//! stops growing, which only costs time.

use crate::hash::FastSet;
use crate::{Bitboard, CastlingSide, Color, Position, Role};

/// A position with its plies left, exactly.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    occupied: u64,
    /// Four bits per occupied square, in square order: colour and role.
    men: u128,
    /// Side to move, castling rights, en passant file and plies left.
    meta: u32,
}

impl Key {
    pub fn new(pos: &Position, plies_left: u32) -> Key {
        let board = pos.board();
        let occupied = board.occupied();
        let mut men = 0u128;
        let white = board.by_color(Color::White);
        for (i, sq) in occupied.enumerate() {
            let role = board.role_at(sq).expect("occupied").index() as u128;
            let color = u128::from(!white.contains(sq));
            men |= ((color << 3) | role) << (4 * i);
        }
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
        Key {
            occupied: occupied.0,
            men,
            meta,
        }
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

/// Positions with no game below them.
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
