//! A colored man.

use std::fmt;

use crate::{Color, Role};

/// A man of a given color and role, e.g. a black knight.
///
/// Shared with the Coq side as a record `{ piece_color; piece_role }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "coq", derive(crate::coq::CoqInductive))]
#[cfg_attr(feature = "coq", coq(name = "piece", constructor = "MkPiece"))]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// All twelve pieces, White's first, each color in role order.
    pub const ALL: [Piece; 12] = {
        let mut out = [Piece {
            color: Color::White,
            role: Role::Pawn,
        }; 12];
        let mut i = 0;
        while i < 12 {
            out[i] = Piece {
                color: if i < 6 { Color::White } else { Color::Black },
                role: Role::ALL[i % 6],
            };
            i += 1;
        }
        out
    };

    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// FEN letter: uppercase for White, lowercase for Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Parses a FEN letter (`P`..`K` White, `p`..`k` Black).
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// Index `0..12` for piece-indexed tables (same order as [`Piece::ALL`]).
    #[inline]
    pub const fn index(self) -> usize {
        self.color as usize * 6 + self.role as usize
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}
