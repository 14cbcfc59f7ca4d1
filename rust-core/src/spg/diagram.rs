//! The diagram of a proof-game problem: a board and the side to move.
//!
//! A composed proof game shows only a diagram: castling rights and the en
//! passant square are not part of it (the game decides them), so a game
//! reaches the diagram when its final board and side to move are the
//! diagram's, whatever its rights. Pawns on the first or last rank and
//! kings other than one of each colour are refused here, as the position
//! parser refuses them; every other diagram is a question the search
//! answers (a diagram with the side not to move in check simply has no
//! game).

use std::fmt;

use crate::fen::FenError;
use crate::position::Setup;
use crate::{Bitboard, Board, Color, Piece, Position, Role, Square};

/// A board and the side to move, as a proof-game problem states them.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Diagram {
    board: Board,
    turn: Color,
}

/// Why a board is not a diagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiagramError {
    /// The text is not a FEN (its first two fields are read).
    Fen(FenError),
    /// A colour has no king, or more than one.
    Kings { color: Color, count: u32 },
    /// A pawn stands on the first or last rank.
    PawnOnBackRank { square: Square },
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::Fen(e) => write!(f, "not a FEN: {e}"),
            DiagramError::Kings { color, count } => {
                write!(f, "the diagram has {count} {color} kings (one is needed)")
            }
            DiagramError::PawnOnBackRank { square } => {
                write!(
                    f,
                    "pawn on {square} (no pawn can stand on the first or last rank)"
                )
            }
        }
    }
}

impl std::error::Error for DiagramError {}

impl From<FenError> for DiagramError {
    fn from(e: FenError) -> DiagramError {
        DiagramError::Fen(e)
    }
}

impl Diagram {
    /// The diagram of `board` with `turn` to move.
    pub fn new(board: Board, turn: Color) -> Result<Diagram, DiagramError> {
        for color in Color::ALL {
            let count = board.by_piece(Piece::new(color, Role::King)).count();
            if count != 1 {
                return Err(DiagramError::Kings { color, count });
            }
        }
        if let Some(square) = (board.by_role(Role::Pawn) & Bitboard::BACKRANKS).first() {
            return Err(DiagramError::PawnOnBackRank { square });
        }
        Ok(Diagram { board, turn })
    }

    /// Reads the board and side to move of a FEN (four or six fields); the
    /// castling and en passant fields must be well formed but say nothing
    /// about the diagram.
    pub fn from_fen(fen: &str) -> Result<Diagram, DiagramError> {
        let setup = Setup::from_fen(fen)?;
        Diagram::new(setup.board, setup.turn)
    }

    /// The diagram of a position (its rights and en passant square dropped).
    pub fn of(pos: &Position) -> Diagram {
        Diagram {
            board: *pos.board(),
            turn: pos.turn(),
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move in the diagram.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Whether `pos` shows this diagram.
    #[inline]
    pub fn is_reached_by(&self, pos: &Position) -> bool {
        pos.turn() == self.turn && *pos.board() == self.board
    }

    /// The parity of every game reaching the diagram: White moves after an
    /// even number of plies.
    pub fn plies_parity_ok(&self, plies: u32) -> bool {
        plies.is_multiple_of(2) == (self.turn == Color::White)
    }

    /// Whether the side that just moved would be in check: no game ends
    /// with its mover's king attacked.
    pub fn mover_in_check(&self) -> bool {
        let mover = self.turn.other();
        let king = self
            .board
            .king_of(mover)
            .expect("a diagram has one king each");
        self.board
            .attackers_to(king, self.turn, self.board.occupied())
            .any()
    }

    /// The diagram as a FEN with no rights and no en passant square.
    pub fn to_fen(&self) -> String {
        format!("{} {} - -", self.board.board_fen(), self.turn.char())
    }
}

impl fmt::Debug for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Diagram({:?})", self.to_fen())
    }
}
