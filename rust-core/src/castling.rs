//! Castling rights of standard chess.
//!
//! A right says "neither this king nor this rook has moved yet". It is
//! not a promise that castling is possible now: the squares between may be
//! occupied or attacked. In standard chess the king starts on the e-file and
//! the castling rooks on the a- and h-files, so four bits say everything
//! (no Chess960 files to remember).
//!
//! Rights are only ever lost during a game: whenever a move starts on or
//! lands on one of the six home squares (a1, e1, h1, a8, e8, h8), the rights
//! tied to that square disappear. [`CastlingRights::touch`] implements that
//! rule, which keeps the invariant "a right implies king and rook on their
//! home squares" true without ever looking at the board.

use std::fmt;

use crate::{Bitboard, CastlingSide, Color, File, Rank, Square};

/// A subset of {White O-O, White O-O-O, Black O-O, Black O-O-O}.
///
/// Stored as 4 bits, so every value is a meaningful set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No rights (FEN `-`).
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights (FEN `KQkq`).
    pub const ALL: CastlingRights = CastlingRights(0b1111);

    /// The bit of one right: White's in the low two bits, king side first,
    /// which is also the FEN order `KQkq`.
    #[inline]
    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// The set holding only the right of `color` to castle on `side`.
    #[inline]
    pub const fn single(color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(Self::bit(color, side))
    }

    /// Whether `color` may (still) castle on `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    /// Whether `color` has any right left.
    #[inline]
    pub const fn has_color(self, color: Color) -> bool {
        self.0 & (0b11 << (color as u8 * 2)) != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// This set plus one right.
    #[inline]
    #[must_use]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | Self::bit(color, side))
    }

    /// This set minus one right.
    #[inline]
    #[must_use]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 & !Self::bit(color, side))
    }

    /// This set minus both rights of `color`.
    #[inline]
    #[must_use]
    pub const fn without_color(self, color: Color) -> CastlingRights {
        CastlingRights(self.0 & !(0b11 << (color as u8 * 2)))
    }

    /// The rights that survive a move starting or ending on `sq`.
    ///
    /// Moving the king from e1 loses both White rights, anything leaving or
    /// landing on h1 loses White's king side right (the rook moved or was
    /// captured), and so on. Other squares change nothing.
    #[inline]
    #[must_use]
    pub const fn touch(self, sq: Square) -> CastlingRights {
        let lost = match sq {
            Square::E1 => 0b0011,
            Square::H1 => 0b0001,
            Square::A1 => 0b0010,
            Square::E8 => 0b1100,
            Square::H8 => 0b0100,
            Square::A8 => 0b1000,
            _ => 0,
        };
        CastlingRights(self.0 & !lost)
    }

    /// The rights as (color, side) pairs, in FEN order `K Q k q`.
    pub fn iter(self) -> impl Iterator<Item = (Color, CastlingSide)> {
        Color::ALL.into_iter().flat_map(move |color| {
            CastlingSide::ALL
                .into_iter()
                .filter(move |&side| self.has(color, side))
                .map(move |side| (color, side))
        })
    }

    /// The FEN letter of a right: `K`, `Q`, `k` or `q`.
    pub const fn char(color: Color, side: CastlingSide) -> char {
        match (color, side) {
            (Color::White, CastlingSide::KingSide) => 'K',
            (Color::White, CastlingSide::QueenSide) => 'Q',
            (Color::Black, CastlingSide::KingSide) => 'k',
            (Color::Black, CastlingSide::QueenSide) => 'q',
        }
    }

    /// Parses the FEN castling field. Only the canonical spelling is
    /// accepted: `-`, or a non-empty subsequence of `KQkq` in that order,
    /// so that printing a parsed field gives back the same text.
    pub fn from_fen(s: &str) -> Option<CastlingRights> {
        if s == "-" {
            return Some(CastlingRights::NONE);
        }
        let mut rights = CastlingRights::NONE;
        // Walk the canonical order once; every input letter must match the
        // next still-unused right.
        let mut order = [
            (Color::White, CastlingSide::KingSide),
            (Color::White, CastlingSide::QueenSide),
            (Color::Black, CastlingSide::KingSide),
            (Color::Black, CastlingSide::QueenSide),
        ]
        .into_iter();
        for c in s.chars() {
            let (color, side) = order.find(|&(color, side)| Self::char(color, side) == c)?;
            rights = rights.with(color, side);
        }
        if rights.is_empty() {
            None
        } else {
            Some(rights)
        }
    }

    /// Squares that must be empty for `color` to castle on `side`: everything
    /// strictly between king and rook.
    #[inline]
    pub fn path(color: Color, side: CastlingSide) -> Bitboard {
        crate::attacks::between(Self::king_home(color), side.rook_from(color))
    }

    /// The square the king of `color` starts on (e1 or e8): a castling right
    /// of `color` requires the king there.
    #[inline]
    pub const fn king_home(color: Color) -> Square {
        Square::from_coords(File::E, Rank::First.relative_to(color))
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN castling field: `KQkq`, `Kq`, `-`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (color, side) in self.iter() {
            write!(f, "{}", Self::char(color, side))?;
        }
        Ok(())
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_field_round_trips() {
        for s in [
            "-", "KQkq", "K", "Q", "k", "q", "KQ", "kq", "Kk", "Qq", "Kq", "Qk", "KQk", "Qkq",
        ] {
            let rights = CastlingRights::from_fen(s).expect(s);
            assert_eq!(rights.to_string(), s);
        }
        for bad in ["", "QK", "KK", "KQkqK", "A", "-K", "kQ", "x"] {
            assert_eq!(CastlingRights::from_fen(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn touching_home_squares_loses_rights() {
        let all = CastlingRights::ALL;
        assert_eq!(all.touch(Square::E1).to_string(), "kq");
        assert_eq!(all.touch(Square::H8).to_string(), "KQq");
        assert_eq!(all.touch(Square::A1).to_string(), "Kkq");
        assert_eq!(all.touch(Square::E4), all);
    }

    #[test]
    fn castling_paths() {
        assert_eq!(
            CastlingRights::path(Color::White, CastlingSide::KingSide),
            Bitboard::from(Square::F1) | Square::G1
        );
        assert_eq!(
            CastlingRights::path(Color::Black, CastlingSide::QueenSide),
            Bitboard::from(Square::B8) | Square::C8 | Square::D8
        );
    }
}
