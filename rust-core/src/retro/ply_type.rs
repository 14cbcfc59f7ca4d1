//! The *type* of a move, as retro problems ask for it.
//!
//! Many published retro problems do not ask "what was the last move?" but
//! "what *kind* of move was it?": a king move, a pawn's double step, a
//! capture of a rook by a bishop, a promotion to a knight. The answer is
//! often forced when the move itself is not (the king came from one of two
//! squares, but it certainly was the king). [`PlyType`] is that answer,
//! written the way problem collections write it (janko.at's "last move"
//! records, Retractor's tests):
//!
//! | type | notation |
//! |---|---|
//! | a piece moves without capturing | `K-`, `Q-`, `R-`, `B-`, `N-` |
//! | a pawn's single / double step | `P-`, `P--` |
//! | man `X` captures man `Y` | `KxQ`, `PxP` (not en passant), … |
//! | promotion, without / with capture | `P-=Q`, `PxR=N` |
//! | en passant | `ep` |
//! | castling | `O-O`, `O-O-O` |

use std::fmt;

use crate::{Move, Role};

/// The type of a move (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlyType {
    /// A piece (not a pawn) moves to an empty square.
    Quiet(Role),
    /// A pawn's single step.
    PawnStep,
    /// A pawn's double step.
    PawnDoubleStep,
    /// `mover` captures `captured` (en passant excluded).
    Capture {
        mover: Role,
        captured: Role,
    },
    /// A pawn promotes to `to`, capturing `captured` if any.
    Promotion {
        captured: Option<Role>,
        to: Role,
    },
    EnPassant,
    CastleKingSide,
    CastleQueenSide,
}

impl PlyType {
    /// The type of `mv`.
    pub fn of(mv: &Move) -> PlyType {
        match *mv {
            Move::Normal {
                promotion: Some(to),
                capture,
                ..
            } => PlyType::Promotion {
                captured: capture,
                to,
            },
            Move::Normal {
                role,
                capture: Some(captured),
                ..
            } => PlyType::Capture {
                mover: role,
                captured,
            },
            Move::Normal {
                role: Role::Pawn,
                from,
                to,
                ..
            } => {
                if from.rank().index().abs_diff(to.rank().index()) == 2 {
                    PlyType::PawnDoubleStep
                } else {
                    PlyType::PawnStep
                }
            }
            Move::Normal { role, .. } => PlyType::Quiet(role),
            Move::EnPassant { .. } => PlyType::EnPassant,
            Move::Castle { king, rook } => {
                if rook.file() > king.file() {
                    PlyType::CastleKingSide
                } else {
                    PlyType::CastleQueenSide
                }
            }
        }
    }
}

impl fmt::Display for PlyType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = |role: Role| role.char().to_ascii_uppercase();
        match *self {
            PlyType::Quiet(role) => write!(f, "{}-", letter(role)),
            PlyType::PawnStep => f.write_str("P-"),
            PlyType::PawnDoubleStep => f.write_str("P--"),
            PlyType::Capture { mover, captured } => {
                write!(f, "{}x{}", letter(mover), letter(captured))
            }
            PlyType::Promotion { captured, to } => match captured {
                None => write!(f, "P-={}", letter(to)),
                Some(c) => write!(f, "Px{}={}", letter(c), letter(to)),
            },
            PlyType::EnPassant => f.write_str("ep"),
            PlyType::CastleKingSide => f.write_str("O-O"),
            PlyType::CastleQueenSide => f.write_str("O-O-O"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    /// The type of the retraction named `name` of `fen`.
    fn type_of(fen: &str, name: &str) -> String {
        let pos = Position::from_fen(fen).unwrap();
        let u = pos
            .unmoves()
            .into_iter()
            .find(|u| u.to_string() == name)
            .unwrap_or_else(|| panic!("{name} is not a retraction of {fen}"));
        PlyType::of(u.forward()).to_string()
    }

    #[test]
    fn notation() {
        // Smullyan's three plies: the king took a pawn, the pawn took en
        // passant, the pawn made a double step.
        let smullyan = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";
        assert_eq!(type_of(smullyan, "b3c3xp"), "KxP");
        assert_eq!(type_of(smullyan, "b3c3"), "K-");
        let after_ep = "8/8/8/1r1b4/B7/1Kp5/8/3k4 w - -";
        assert_eq!(type_of(after_ep, "b4c3ep"), "ep");
        // Husserl 1966: c7xNd8=R.
        assert_eq!(
            type_of("B1kRN3/Pp6/2QK1R2/8/8/8/8/8 b - -", "c7d8rxn"),
            "PxN=R"
        );
        // The king and pawn ending: a2-a3 (single step) or a2-a4 would
        // need the pawn on a4; a3 is reached by a single step.
        assert_eq!(type_of("8/8/8/8/1k6/P7/1K6/8 b - -", "a2a3"), "P-");
        // Castling: the white king on g1 with the rook on f1.
        assert_eq!(type_of("4k3/8/8/8/8/8/8/5RK1 b - -", "e1g1"), "O-O");
        assert_eq!(type_of("4k3/8/8/8/8/8/8/2KR4 b - -", "e1c1"), "O-O-O");
        assert_eq!(type_of("4k3/8/8/8/P7/8/8/4K3 b - -", "a2a4"), "P--");
    }
}
