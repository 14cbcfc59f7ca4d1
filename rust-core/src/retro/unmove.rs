//! Retractions as values, and their notation.
//!
//! A retraction is written as the forward move it takes back, in UCI long
//! algebraic notation, followed by `x` and the FEN letter of the man it
//! captured, or `ep` for an en passant capture:
//!
//! | notation  | the move taken back                                              |
//! |-----------|------------------------------------------------------------------|
//! | `c2c4`    | a man went c2 → c4 without capturing (here a pawn double step)    |
//! | `b3c3xp`  | a man went b3 → c3 capturing a *black* pawn (`P` would be white)  |
//! | `b4c3ep`  | a pawn captured en passant b4 → c3                                |
//! | `c7d8rxb` | a pawn went c7 → d8 capturing a black bishop, promoting to a rook |
//! | `e1g1`    | White castled king side (the king's two-square step)              |
//!
//! The notation does not name the moving man (the board of the position
//! after the move does), so text parses to a [`RetroUci`], which
//! [`RetroUci::to_unmove`] resolves against a position into an [`Unmove`],
//! the same split as UCI text versus a [`Move`].

use std::fmt;
use std::str::FromStr;

use crate::{Color, Move, Piece, Position, Role, Square};

/// A retraction: the forward move it takes back, and the side that made it.
///
/// The move carries the captured role, so the uncaptured man is
/// `Piece { color: self.color().other(), role: capture }`. Build unmoves with
/// [`Position::unmoves`] or [`RetroUci::to_unmove`]; an `Unmove` only has a
/// meaning relative to the position it was generated for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Unmove {
    color: Color,
    mv: Move,
}

impl Unmove {
    /// The retraction of `mv`, a move made by `color`.
    #[inline]
    pub const fn new(color: Color, mv: Move) -> Unmove {
        Unmove { color, mv }
    }

    /// The side that made the move being taken back.
    #[inline]
    pub const fn color(&self) -> Color {
        self.color
    }

    /// The forward move being taken back.
    #[inline]
    pub const fn forward(&self) -> &Move {
        &self.mv
    }

    /// The man put back on the board, if the move captured.
    #[inline]
    pub const fn uncaptured(&self) -> Option<Piece> {
        match self.mv.capture() {
            Some(role) => Some(Piece::new(self.color.other(), role)),
            None => None,
        }
    }

    /// Where the uncaptured man reappears: the destination of the move,
    /// except for en passant, where it is beside the capturing pawn's
    /// origin.
    pub fn uncapture_square(&self) -> Option<Square> {
        match self.mv {
            Move::Normal {
                capture: Some(_),
                to,
                ..
            } => Some(to),
            Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
            _ => None,
        }
    }

    #[inline]
    pub const fn is_en_passant(&self) -> bool {
        matches!(self.mv, Move::EnPassant { .. })
    }

    /// Whether a promoted man turns back into a pawn.
    #[inline]
    pub const fn is_unpromotion(&self) -> bool {
        self.mv.promotion().is_some()
    }

    /// Whether king and rook go back to their home squares.
    #[inline]
    pub const fn is_uncastling(&self) -> bool {
        matches!(self.mv, Move::Castle { .. })
    }

    /// The notation without its position (see the module docs).
    pub fn to_retro_uci(&self) -> RetroUci {
        RetroUci {
            from: self.mv.from(),
            to: self.mv.to(),
            promotion: self.mv.promotion(),
            uncapture: match self.mv {
                Move::EnPassant { .. } => Some(Uncapture::EnPassant),
                _ => self.uncaptured().map(Uncapture::Piece),
            },
        }
    }
}

impl fmt::Display for Unmove {
    /// The retraction notation, e.g. `b3c3xp`, `b4c3ep`, `e1g1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_retro_uci().fmt(f)
    }
}

/// What a retraction puts back besides the moving man.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Uncapture {
    /// The man captured on the destination square (`x` and its FEN letter).
    Piece(Piece),
    /// The pawn captured en passant (`ep`).
    EnPassant,
}

/// The retraction notation, parsed but not yet tied to a position.
///
/// Castling is written as the king's move (`e1g1`), and becomes an
/// un-castling when resolved against a position whose king stands on g1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RetroUci {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
    pub uncapture: Option<Uncapture>,
}

/// Why a string is not retraction notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseRetroUciError {
    /// Not of the form `<from><to>[nbrq][x<piece>|ep]`.
    Syntax { text: String },
    /// The letter after `x` names a king, which is never captured.
    KingCaptured { text: String },
    /// A promotion and en passant at once.
    PromotionEnPassant { text: String },
}

impl fmt::Display for ParseRetroUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseRetroUciError::Syntax { text } => write!(
                f,
                "invalid retraction {text:?} (expected e.g. e2e4, b3c3xp, b4c3ep, c7d8rxb)"
            ),
            ParseRetroUciError::KingCaptured { text } => {
                write!(f, "invalid retraction {text:?}: a king is never captured")
            }
            ParseRetroUciError::PromotionEnPassant { text } => write!(
                f,
                "invalid retraction {text:?}: an en passant capture never promotes"
            ),
        }
    }
}

impl std::error::Error for ParseRetroUciError {}

impl FromStr for RetroUci {
    type Err = ParseRetroUciError;

    fn from_str(text: &str) -> Result<RetroUci, ParseRetroUciError> {
        let syntax = || ParseRetroUciError::Syntax {
            text: text.to_owned(),
        };
        if !text.is_ascii() || text.len() < 4 {
            return Err(syntax());
        }
        let from: Square = text[0..2].parse().map_err(|_| syntax())?;
        let to: Square = text[2..4].parse().map_err(|_| syntax())?;
        let mut rest = &text[4..];
        let mut promotion = None;
        if let Some(c) = rest.chars().next() {
            if matches!(c, 'n' | 'b' | 'r' | 'q') {
                promotion = Role::from_char(c);
                rest = &rest[1..];
            }
        }
        let uncapture = match rest {
            "" => None,
            "ep" if promotion.is_some() => {
                return Err(ParseRetroUciError::PromotionEnPassant {
                    text: text.to_owned(),
                })
            }
            "ep" => Some(Uncapture::EnPassant),
            _ => {
                let mut chars = rest.chars();
                match (chars.next(), chars.next(), chars.next()) {
                    (Some('x'), Some(c), None) => match Piece::from_char(c) {
                        Some(piece) if piece.role == Role::King => {
                            return Err(ParseRetroUciError::KingCaptured {
                                text: text.to_owned(),
                            })
                        }
                        Some(piece) => Some(Uncapture::Piece(piece)),
                        None => return Err(syntax()),
                    },
                    _ => return Err(syntax()),
                }
            }
        };
        Ok(RetroUci {
            from,
            to,
            promotion,
            uncapture,
        })
    }
}

impl fmt::Display for RetroUci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        match self.uncapture {
            None => Ok(()),
            Some(Uncapture::Piece(piece)) => write!(f, "x{}", piece.char()),
            Some(Uncapture::EnPassant) => f.write_str("ep"),
        }
    }
}

/// A retraction that is not among the position's retractions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalRetractionError {
    pub notation: String,
    pub fen: String,
}

impl fmt::Display for IllegalRetractionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a retraction of {} (see `retroproof unmoves`)",
            self.notation, self.fen
        )
    }
}

impl std::error::Error for IllegalRetractionError {}

impl RetroUci {
    /// The retraction of `pos` written this way, if it is one.
    pub fn to_unmove(&self, pos: &Position) -> Result<Unmove, IllegalRetractionError> {
        pos.unmoves()
            .into_iter()
            .find(|u| u.to_retro_uci() == *self)
            .ok_or_else(|| IllegalRetractionError {
                notation: self.to_string(),
                fen: pos.to_fen(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in [
            "e2e4", "b3c3xp", "b4c3ep", "c7d8rxb", "e1g1", "a2a1r", "b2a1rxN", "g7g8b", "e8c8",
            "h2h1qxR",
        ] {
            let uci: RetroUci = text.parse().expect(text);
            assert_eq!(uci.to_string(), text);
        }
    }

    #[test]
    fn notation_parts() {
        let uci: RetroUci = "c7d8rxb".parse().unwrap();
        assert_eq!(uci.from, Square::C7);
        assert_eq!(uci.to, Square::D8);
        assert_eq!(uci.promotion, Some(Role::Rook));
        assert_eq!(
            uci.uncapture,
            Some(Uncapture::Piece(Piece::new(Color::Black, Role::Bishop)))
        );
        let ep: RetroUci = "b4c3ep".parse().unwrap();
        assert_eq!(ep.uncapture, Some(Uncapture::EnPassant));
        assert_eq!(ep.promotion, None);
    }

    #[test]
    fn bad_notation_is_rejected() {
        for bad in [
            "", "e2", "e2e9", "e2e4x", "e2e4xz", "e2e4xpp", "e2e4e", "e2e4qq", "e2e4E P", "é2e4",
            "e2e4k", "e2e4ep2",
        ] {
            assert!(
                matches!(
                    bad.parse::<RetroUci>(),
                    Err(ParseRetroUciError::Syntax { .. })
                ),
                "{bad:?}"
            );
        }
        assert!(matches!(
            "e1e2xk".parse::<RetroUci>(),
            Err(ParseRetroUciError::KingCaptured { .. })
        ));
        assert!(matches!(
            "b7a8qep".parse::<RetroUci>(),
            Err(ParseRetroUciError::PromotionEnPassant { .. })
        ));
    }
}
