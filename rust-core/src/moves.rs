//! Moves and their kinds.

use std::fmt;

use crate::{Color, File, Rank, Role, Square};

/// The two ways to castle.
///
/// Shared with the Coq side (generated mirror).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "coq", derive(crate::coq::CoqInductive))]
#[cfg_attr(feature = "coq", coq(name = "castling_side"))]
pub enum CastlingSide {
    KingSide = 0,
    QueenSide = 1,
}

impl CastlingSide {
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// File the king lands on (g or c).
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// File the rook lands on (f or d).
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// File the rook starts on in standard chess (h or a).
    pub const fn rook_from_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::H,
            CastlingSide::QueenSide => File::A,
        }
    }

    /// Square the king of `color` lands on.
    pub const fn king_to(self, color: Color) -> Square {
        Square::from_coords(self.king_to_file(), Rank::First.relative_to(color))
    }

    /// Square the rook of `color` lands on.
    pub const fn rook_to(self, color: Color) -> Square {
        Square::from_coords(self.rook_to_file(), Rank::First.relative_to(color))
    }

    /// Initial square of the castling rook of `color`.
    pub const fn rook_from(self, color: Color) -> Square {
        Square::from_coords(self.rook_from_file(), Rank::First.relative_to(color))
    }

    /// Index for `[T; 2]` tables.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// What kind of move a [`Move`] is, without its details.
///
/// Shared with the Coq side (generated mirror).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "coq", derive(crate::coq::CoqInductive))]
#[cfg_attr(feature = "coq", coq(name = "move_kind"))]
pub enum MoveKind {
    /// A man moves, possibly capturing (includes pawn single and double steps).
    Normal = 0,
    /// A pawn reaches the last rank and becomes another man.
    Promotion = 1,
    /// A pawn captures a pawn that just passed it with a double step.
    EnPassant = 2,
    /// King and rook move together.
    Castle = 3,
}

/// A legal-looking move with everything needed to make and unmake it.
///
/// The captured role is part of the move, so a move alone says what the
/// retraction that takes it back must put back on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A man goes `from` → `to`, capturing `capture` if any, and, for a pawn
    /// reaching the last rank, becoming `promotion`.
    Normal {
        role: Role,
        from: Square,
        capture: Option<Role>,
        to: Square,
        promotion: Option<Role>,
    },
    /// A pawn captures en passant: it goes `from` → `to`, the captured pawn
    /// stands beside `from` on `to`'s file.
    EnPassant { from: Square, to: Square },
    /// King on `king` castles with the rook on `rook`.
    Castle { king: Square, rook: Square },
}

impl Move {
    /// The kind of the move.
    pub const fn kind(&self) -> MoveKind {
        match self {
            Move::Normal {
                promotion: Some(_), ..
            } => MoveKind::Promotion,
            Move::Normal { .. } => MoveKind::Normal,
            Move::EnPassant { .. } => MoveKind::EnPassant,
            Move::Castle { .. } => MoveKind::Castle,
        }
    }

    /// The role of the man that moves (the king for castling).
    pub const fn role(&self) -> Role {
        match *self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    /// Origin square (the king's for castling).
    pub const fn from(&self) -> Square {
        match *self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// Destination square in UCI terms (the king's destination for castling).
    pub fn to(&self) -> Square {
        match *self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => {
                let side = if rook < king {
                    CastlingSide::QueenSide
                } else {
                    CastlingSide::KingSide
                };
                Square::from_coords(side.king_to_file(), king.rank())
            }
        }
    }

    /// The captured role, if the move captures (a pawn for en passant).
    pub const fn capture(&self) -> Option<Role> {
        match *self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    pub const fn is_capture(&self) -> bool {
        self.capture().is_some()
    }

    pub const fn promotion(&self) -> Option<Role> {
        match *self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// For castling, which side.
    pub const fn castling_side(&self) -> Option<CastlingSide> {
        match *self {
            Move::Castle { king, rook } => Some(if (rook as u8) < (king as u8) {
                CastlingSide::QueenSide
            } else {
                CastlingSide::KingSide
            }),
            _ => None,
        }
    }

    /// The move in UCI notation (`e2e4`, `e7e8q`, `e1g1`).
    pub fn to_uci(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    /// UCI long algebraic notation; castling as the king's two-square move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            write!(f, "{}", p.char())?;
        }
        Ok(())
    }
}
