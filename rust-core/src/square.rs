//! Files, ranks and squares.
//!
//! Squares are numbered a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63
//! (little-endian rank-file mapping). The Coq side uses the same Int63
//! numbering, so a square is the same number on both sides of the trust chain.

use std::fmt;
use std::str::FromStr;

use crate::Color;

/// A column of the board, `a` to `h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index `0..8`; `None` outside.
    #[inline]
    pub const fn new(index: u32) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> u32 {
        self as u32
    }

    /// `a`..`h`.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => File::new(c as u32 - 'a' as u32),
            _ => None,
        }
    }
}

/// A row of the board, `1` to `8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    First = 0,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl Rank {
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index `0..8`; `None` outside.
    #[inline]
    pub const fn new(index: u32) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> u32 {
        self as u32
    }

    /// `1`..`8`.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Rank::new(c as u32 - '1' as u32),
            _ => None,
        }
    }

    /// The same rank seen from `color`'s side: White's `Second` is Black's `Seventh`.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }
}

/// One of the 64 squares.
#[rustfmt::skip]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Square {
    A1,
    B1,
    C1,
    D1,
    E1,
    F1,
    G1,
    H1,
    A2,
    B2,
    C2,
    D2,
    E2,
    F2,
    G2,
    H2,
    A3,
    B3,
    C3,
    D3,
    E3,
    F3,
    G3,
    H3,
    A4,
    B4,
    C4,
    D4,
    E4,
    F4,
    G4,
    H4,
    A5,
    B5,
    C5,
    D5,
    E5,
    F5,
    G5,
    H5,
    A6,
    B6,
    C6,
    D6,
    E6,
    F6,
    G6,
    H6,
    A7,
    B7,
    C7,
    D7,
    E7,
    F7,
    G7,
    H7,
    A8,
    B8,
    C8,
    D8,
    E8,
    F8,
    G8,
    H8,
}

impl Square {
    /// All squares, a1 first, h8 last.
    pub const ALL: [Square; 64] = {
        let mut out = [Square::A1; 64];
        let mut i = 0;
        while i < 64 {
            out[i] = Square::from_index_unchecked(i as u8);
            i += 1;
        }
        out
    };

    /// The square with index `i & 63`. A plain `match` (not a table) so
    /// that it compiles to the identity: bitboard iteration calls it in
    /// the hottest loops of move generation.
    const fn from_index_unchecked(i: u8) -> Square {
        use Square::*;
        match i & 63 {
            0 => A1,
            1 => B1,
            2 => C1,
            3 => D1,
            4 => E1,
            5 => F1,
            6 => G1,
            7 => H1,
            8 => A2,
            9 => B2,
            10 => C2,
            11 => D2,
            12 => E2,
            13 => F2,
            14 => G2,
            15 => H2,
            16 => A3,
            17 => B3,
            18 => C3,
            19 => D3,
            20 => E3,
            21 => F3,
            22 => G3,
            23 => H3,
            24 => A4,
            25 => B4,
            26 => C4,
            27 => D4,
            28 => E4,
            29 => F4,
            30 => G4,
            31 => H4,
            32 => A5,
            33 => B5,
            34 => C5,
            35 => D5,
            36 => E5,
            37 => F5,
            38 => G5,
            39 => H5,
            40 => A6,
            41 => B6,
            42 => C6,
            43 => D6,
            44 => E6,
            45 => F6,
            46 => G6,
            47 => H6,
            48 => A7,
            49 => B7,
            50 => C7,
            51 => D7,
            52 => E7,
            53 => F7,
            54 => G7,
            55 => H7,
            56 => A8,
            57 => B8,
            58 => C8,
            59 => D8,
            60 => E8,
            61 => F8,
            62 => G8,
            63 => H8,
            _ => H8,
        }
    }

    /// The square with index `0..64`; `None` outside.
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square::from_index_unchecked(index as u8))
        } else {
            None
        }
    }

    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::from_index_unchecked(rank as u8 * 8 + file as u8)
    }

    #[inline]
    pub const fn index(self) -> u32 {
        self as u32
    }

    #[inline]
    pub const fn file(self) -> File {
        File::ALL[(self as usize) & 7]
    }

    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self as usize) >> 3]
    }

    /// The square `delta` steps away in index space, if on the board.
    /// Does not check for wrapping around a file edge: use
    /// [`Square::offset_coords`] for that.
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<Square> {
        let i = self as i32 + delta;
        if 0 <= i && i < 64 {
            Some(Square::from_index_unchecked(i as u8))
        } else {
            None
        }
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub const fn offset_coords(self, df: i32, dr: i32) -> Option<Square> {
        let f = self.file() as i32 + df;
        let r = self.rank() as i32 + dr;
        if 0 <= f && f < 8 && 0 <= r && r < 8 {
            Some(Square::from_index_unchecked((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// Mirror vertically (a1 <-> a8): the square as seen by the other side.
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::from_index_unchecked(self as u8 ^ 56)
    }

    /// Whether the square is light (h1 is light, a1 is dark).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() as u8 + self.rank() as u8) % 2 == 1
    }

    /// Chebyshev distance (king steps).
    pub const fn distance(self, other: Square) -> u32 {
        let df = (self.file() as i32 - other.file() as i32).unsigned_abs();
        let dr = (self.rank() as i32 - other.rank() as i32).unsigned_abs();
        if df > dr {
            df
        } else {
            dr
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// Error parsing a square name such as `e4`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid square name (expected a1..h8)")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(f), Some(r)) => Ok(Square::from_coords(f, r)),
                _ => Err(ParseSquareError),
            },
            _ => Err(ParseSquareError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_is_little_endian_rank_file() {
        assert_eq!(Square::A1.index(), 0);
        assert_eq!(Square::H1.index(), 7);
        assert_eq!(Square::A2.index(), 8);
        assert_eq!(Square::H8.index(), 63);
        assert_eq!(Square::E4.file(), File::E);
        assert_eq!(Square::E4.rank(), Rank::Fourth);
        for (i, sq) in Square::ALL.iter().enumerate() {
            assert_eq!(sq.index() as usize, i);
        }
    }

    #[test]
    fn names_round_trip() {
        assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
        assert_eq!(Square::G7.to_string(), "g7");
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a10".parse::<Square>().is_err());
        assert!(!Square::A1.is_light());
        assert!(Square::H1.is_light());
    }
}
