//! The two sides.

use std::fmt;
use std::ops::Not;

/// A side: White or Black.
///
/// Part of the vocabulary shared with the Coq development (its Coq mirror is
/// generated, see `generator`), so the variant order is significant: it is the
/// Int63 encoding used on the Coq side (`White = 0`, `Black = 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "coq", derive(crate::coq::CoqInductive))]
#[cfg_attr(feature = "coq", coq(name = "color"))]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    /// Both colors, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `white` if White, else `black`: avoids `match` noise in symmetric code.
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// Index for `[T; 2]` tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN side-to-move letter: `w` or `b`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Parses the FEN side-to-move letter.
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    #[inline]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.fold("white", "black"))
    }
}
