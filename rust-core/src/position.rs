//! Positions: a board plus everything FEN records about the game state.
//!
//! A [`Position`] can only be built through validation
//! ([`Position::from_setup`], [`Position::from_parts`], or the FEN parser,
//! which calls the same code), so every `Position` satisfies:
//!
//! - exactly one king of each color;
//! - no pawn on the first or last rank;
//! - every castling right has its king and rook on their home squares;
//! - an en passant square, if any, is one a double step of the side that
//!   just moved could have produced (see [`EnPassantError`]).
//!
//! Deliberately *not* checked: whether the side that is not to move is in
//! check, and whether the material could have arisen from the initial
//! position. Both are retro-legality questions, answered elsewhere; the
//! parser must be able to represent such positions so the retro engine can
//! reject them with a proof.
//!
//! The en passant square is kept exactly as given, even when no pawn can
//! capture: for retro analysis it is an assertion that the last move was
//! that double step. [`Position::legal_ep_square`] gives the filtered view.

use std::fmt;
use std::num::NonZeroU32;

use crate::castling::CastlingRights;
use crate::{Bitboard, Board, CastlingSide, Color, Move, Piece, Rank, Role, Square};

/// The raw parts of a position, not yet validated.
///
/// Build one (often by editing [`Position::to_setup`] of another position)
/// and turn it into a [`Position`] with [`Position::from_setup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    pub castling: CastlingRights,
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move (50-move rule).
    pub halfmove_clock: u32,
    /// Starts at 1 and grows after each Black move.
    pub fullmove_number: NonZeroU32,
}

/// Why a [`Setup`] is not a valid [`Position`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionError {
    /// `color` has no king.
    MissingKing { color: Color },
    /// `color` has `count` (> 1) kings.
    TooManyKings { color: Color, count: u32 },
    /// A pawn stands on the first or last rank, which no pawn can reach
    /// without promoting.
    PawnOnBackRank { square: Square },
    /// A castling right is claimed but the king or the rook is not on its
    /// home square.
    CastlingWithoutKingAndRook { color: Color, side: CastlingSide },
    /// The en passant square could not have been produced by a double step.
    InvalidEnPassant {
        square: Square,
        reason: EnPassantError,
    },
}

/// What is wrong with an en passant square.
///
/// With White to move, a valid en passant square is on rank 6 (Black just
/// played e.g. e7-e5, giving e6); the black pawn stands in front of it (e5),
/// and both the square itself and the one behind it (e7), which the pawn
/// passed and left, are empty. Mirror everything for Black to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnPassantError {
    /// Not on rank 6 (White to move) or rank 3 (Black to move).
    WrongRank,
    /// No enemy pawn on the square in front of it.
    NoPawn { expected_on: Square },
    /// The square itself is occupied.
    SquareOccupied,
    /// The pawn's origin square (behind the en passant square) is occupied.
    OriginOccupied { origin: Square },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::MissingKing { color } => write!(f, "no {color} king"),
            PositionError::TooManyKings { color, count } => {
                write!(f, "{count} {color} kings (expected exactly one)")
            }
            PositionError::PawnOnBackRank { square } => {
                write!(
                    f,
                    "pawn on {square} (no pawn can stand on the first or last rank)"
                )
            }
            PositionError::CastlingWithoutKingAndRook { color, side } => write!(
                f,
                "castling right '{}' needs the {color} king on {} and a {color} rook on {}",
                CastlingRights::char(color, side),
                CastlingRights::king_home(color),
                side.rook_from(color),
            ),
            PositionError::InvalidEnPassant { square, reason } => {
                write!(f, "invalid en passant square {square}: ")?;
                match reason {
                    EnPassantError::WrongRank => f.write_str(
                        "must be on rank 6 with White to move or rank 3 with Black to move",
                    ),
                    EnPassantError::NoPawn { expected_on } => {
                        write!(f, "no pawn of the side that just moved on {expected_on}")
                    }
                    EnPassantError::SquareOccupied => f.write_str("the square is occupied"),
                    EnPassantError::OriginOccupied { origin } => {
                        write!(f, "{origin}, where the pawn came from, is occupied")
                    }
                }
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A chess position that passed validation (see the module docs).
///
/// Cheap to copy (about 80 bytes); move generation and perft work by
/// copy-and-play rather than make/unmake.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    castling: CastlingRights,
    ep_square: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: NonZeroU32,
}

impl Position {
    /// The initial position of standard chess.
    pub const fn start() -> Position {
        Position {
            board: Board::start(),
            turn: Color::White,
            castling: CastlingRights::ALL,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: NonZeroU32::MIN,
        }
    }

    /// Validates `setup` (see the module docs for the rules).
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        validate(&setup)?;
        Ok(Position {
            board: setup.board,
            turn: setup.turn,
            castling: setup.castling,
            ep_square: setup.ep_square,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
        })
    }

    /// [`Position::from_setup`] with the parts as arguments.
    pub fn from_parts(
        board: Board,
        turn: Color,
        castling: CastlingRights,
        ep_square: Option<Square>,
        halfmove_clock: u32,
        fullmove_number: NonZeroU32,
    ) -> Result<Position, PositionError> {
        Position::from_setup(Setup {
            board,
            turn,
            castling,
            ep_square,
            halfmove_clock,
            fullmove_number,
        })
    }

    /// The parts, for editing into another position.
    pub const fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    #[inline]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub const fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant square exactly as recorded (FEN field 4), whether or
    /// not a capture there is possible.
    #[inline]
    pub const fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The same position with no castling right and no en passant square:
    /// in retro terms, asserting nothing about the past (see
    /// `retro`). Always valid: both only ever restrict a position.
    #[must_use]
    pub const fn without_assertions(&self) -> Position {
        Position {
            castling: CastlingRights::NONE,
            ep_square: None,
            ..*self
        }
    }

    #[inline]
    pub const fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    #[inline]
    pub const fn fullmove_number(&self) -> NonZeroU32 {
        self.fullmove_number
    }

    /// The king of `color`. Every position has exactly one per color.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.board
            .king_of(color)
            .expect("a validated position has one king per color")
    }

    /// The men of `by` attacking `sq`, with `occupied` as blockers.
    /// See [`Board::attackers_to`].
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        self.board.attackers_to(sq, by, occupied)
    }

    /// The enemy men giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.board.king_of(self.turn) {
            Some(king) => self
                .board
                .attackers_to(king, self.turn.other(), self.board.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether the side *not* to move is in check, which no legal game can
    /// produce. Not rejected by validation (it is a retro question), but
    /// useful to filter such positions.
    pub fn is_opponent_in_check(&self) -> bool {
        let them = self.turn.other();
        match self.board.king_of(them) {
            Some(king) => self
                .board
                .attackers_to(king, self.turn, self.board.occupied())
                .any(),
            None => false,
        }
    }

    /// In check and no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.legal_move_count() == 0
    }

    /// Not in check and no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.legal_move_count() == 0
    }

    /// The en passant square if an en passant capture is actually legal now.
    pub fn legal_ep_square(&self) -> Option<Square> {
        self.ep_square.filter(|_| {
            self.legal_moves()
                .iter()
                .any(|m| matches!(m, Move::EnPassant { .. }))
        })
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: &Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// The position after the legal move `m`, or an error if `m` is not legal.
    pub fn play(&self, m: &Move) -> Result<Position, IllegalMoveError> {
        if self.is_legal(m) {
            let mut next = *self;
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(IllegalMoveError { uci: m.to_uci() })
        }
    }

    /// Plays `m` in place without checking legality.
    ///
    /// `m` must be legal here (from [`Position::legal_moves`] or
    /// [`Position::parse_uci`]). For any other move the board stays a
    /// consistent placement, but the result may break the [`Position`]
    /// invariants (e.g. a king may disappear) and later queries may panic.
    ///
    /// Updates, as the rules say: castling rights touched by the move are
    /// lost; the en passant square is set after every double step (FEN's
    /// original convention, and what retro analysis needs: it records what
    /// the last move was), cleared otherwise; the halfmove clock resets on
    /// pawn moves and captures; the fullmove number grows after Black moves.
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn;
        self.ep_square = None;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        match *m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if capture.is_some() {
                    self.halfmove_clock = 0;
                }
                if role == Role::Pawn {
                    self.halfmove_clock = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        self.ep_square = Square::new((from.index() + to.index()) / 2);
                    }
                }
                self.board.discard_piece_at(from);
                // Replaces the captured man, if any.
                self.board
                    .set_piece_at(to, Piece::new(us, promotion.unwrap_or(role)));
                self.castling = self.castling.touch(from).touch(to);
            }
            Move::EnPassant { from, to } => {
                let captured = Square::from_coords(to.file(), from.rank());
                self.board.discard_piece_at(captured);
                self.board.discard_piece_at(from);
                self.board.set_piece_at(to, Piece::new(us, Role::Pawn));
                self.halfmove_clock = 0;
            }
            Move::Castle { king, rook } => {
                let side = if rook < king {
                    CastlingSide::QueenSide
                } else {
                    CastlingSide::KingSide
                };
                self.board.discard_piece_at(king);
                self.board.discard_piece_at(rook);
                self.board
                    .set_piece_at(side.king_to(us), Piece::new(us, Role::King));
                self.board
                    .set_piece_at(side.rook_to(us), Piece::new(us, Role::Rook));
                self.castling = self.castling.without_color(us);
            }
        }
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = us.other();
    }

    /// The legal move written `uci` here: `e2e4`, `e7e8q`, castling as the
    /// king's two-square step `e1g1` (also accepted as king-takes-rook
    /// `e1h1`).
    pub fn parse_uci(&self, uci: &str) -> Result<Move, UciError> {
        let syntax = || UciError::Syntax {
            uci: uci.to_owned(),
        };
        if !uci.is_ascii() || !(4..=5).contains(&uci.len()) {
            return Err(syntax());
        }
        let from: Square = uci[0..2].parse().map_err(|_| syntax())?;
        let to: Square = uci[2..4].parse().map_err(|_| syntax())?;
        let promotion = match uci[4..].chars().next() {
            None => None,
            Some(c) => match Role::from_char(c) {
                Some(role) if c.is_ascii_lowercase() && Role::PROMOTIONS.contains(&role) => {
                    Some(role)
                }
                _ => return Err(syntax()),
            },
        };
        self.legal_moves()
            .iter()
            .find(|m| {
                m.from() == from
                    && m.promotion() == promotion
                    && (m.to() == to || matches!(m, Move::Castle { rook, .. } if *rook == to))
            })
            .copied()
            .ok_or_else(|| UciError::Illegal {
                uci: uci.to_owned(),
            })
    }
}

impl Move {
    /// The legal move of `pos` written `uci`; see [`Position::parse_uci`].
    pub fn from_uci(pos: &Position, uci: &str) -> Result<Move, UciError> {
        pos.parse_uci(uci)
    }
}

impl Default for Position {
    /// The initial position.
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Debug for Position {
    /// `Position("<FEN>")`: readable in assertion failures.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.to_fen())
    }
}

/// [`Position::play`] was given a move that is not legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMoveError {
    pub uci: String,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.uci)
    }
}

impl std::error::Error for IllegalMoveError {}

/// Why a UCI string does not name a legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UciError {
    /// Not of the form `<from><to>[qrbn]`, e.g. `e2e4`, `a7a8q`.
    Syntax { uci: String },
    /// Well-formed, but no legal move matches in this position.
    Illegal { uci: String },
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Syntax { uci } => {
                write!(f, "invalid UCI move {uci:?} (expected e.g. e2e4 or e7e8q)")
            }
            UciError::Illegal { uci } => write!(f, "illegal move {uci} in this position"),
        }
    }
}

impl std::error::Error for UciError {}

/// The validation shared by every way of building a [`Position`].
fn validate(setup: &Setup) -> Result<(), PositionError> {
    let board = &setup.board;
    for color in Color::ALL {
        let count = board.by_piece(Piece::new(color, Role::King)).count();
        match count {
            0 => return Err(PositionError::MissingKing { color }),
            1 => {}
            _ => return Err(PositionError::TooManyKings { color, count }),
        }
    }
    if let Some(square) = (board.by_role(Role::Pawn) & Bitboard::BACKRANKS).first() {
        return Err(PositionError::PawnOnBackRank { square });
    }
    for (color, side) in setup.castling.iter() {
        let king_ok = board
            .by_piece(Piece::new(color, Role::King))
            .contains(CastlingRights::king_home(color));
        let rook_ok = board
            .by_piece(Piece::new(color, Role::Rook))
            .contains(side.rook_from(color));
        if !(king_ok && rook_ok) {
            return Err(PositionError::CastlingWithoutKingAndRook { color, side });
        }
    }
    if let Some(square) = setup.ep_square {
        validate_ep(board, setup.turn, square)
            .map_err(|reason| PositionError::InvalidEnPassant { square, reason })?;
    }
    Ok(())
}

/// See [`EnPassantError`] for the rule.
fn validate_ep(board: &Board, turn: Color, ep: Square) -> Result<(), EnPassantError> {
    if ep.rank() != Rank::Sixth.relative_to(turn) {
        return Err(EnPassantError::WrongRank);
    }
    let mover = turn.other();
    // "In front of" the square from the mover's point of view: one step
    // further in its direction of travel; "behind": one step back.
    let forward = mover.fold(1, -1);
    let (Some(pawn_sq), Some(origin)) =
        (ep.offset_coords(0, forward), ep.offset_coords(0, -forward))
    else {
        // Unreachable on rank 3/6, but no reason to panic.
        return Err(EnPassantError::WrongRank);
    };
    if !board
        .by_piece(Piece::new(mover, Role::Pawn))
        .contains(pawn_sq)
    {
        return Err(EnPassantError::NoPawn {
            expected_on: pawn_sq,
        });
    }
    if board.occupied().contains(ep) {
        return Err(EnPassantError::SquareOccupied);
    }
    if board.occupied().contains(origin) {
        return Err(EnPassantError::OriginOccupied { origin });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playing_the_wikipedia_fen_example() {
        // The example game of the FEN article: 1. e4 c5 2. Nf3.
        let mut pos = Position::start();
        let expected = [
            (
                "e2e4",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            ),
            (
                "c7c5",
                "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
            ),
            (
                "g1f3",
                "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            ),
        ];
        for (uci, fen) in expected {
            let m = pos.parse_uci(uci).unwrap();
            pos = pos.play(&m).unwrap();
            assert_eq!(pos.to_fen(), fen);
        }
    }

    #[test]
    fn castling_en_passant_and_promotion_update_everything() {
        let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10".parse().unwrap();
        let after = pos.play(&pos.parse_uci("e1g1").unwrap()).unwrap();
        assert_eq!(after.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 10");
        // King-takes-rook spelling of the same move.
        assert_eq!(pos.parse_uci("e1h1"), pos.parse_uci("e1g1"));
        // Capturing a rook on its home square removes that right.
        let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        let after = pos.play(&pos.parse_uci("a1a8").unwrap()).unwrap();
        assert_eq!(after.to_fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");

        let pos: Position = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
        let m = pos.parse_uci("e5d6").unwrap();
        assert_eq!(
            m,
            Move::EnPassant {
                from: Square::E5,
                to: Square::D6
            }
        );
        assert_eq!(
            pos.play(&m).unwrap().to_fen(),
            "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2"
        );

        let pos: Position = "1n2k3/P7/8/8/8/8/8/4K3 w - - 5 9".parse().unwrap();
        let m = pos.parse_uci("a7b8n").unwrap();
        assert_eq!(m.capture(), Some(Role::Knight));
        assert_eq!(
            pos.play(&m).unwrap().to_fen(),
            "1N2k3/8/8/8/8/8/8/4K3 b - - 0 9"
        );
    }

    #[test]
    fn uci_errors() {
        let pos = Position::start();
        assert!(matches!(
            pos.parse_uci("e2e5"),
            Err(UciError::Illegal { .. })
        ));
        assert!(matches!(pos.parse_uci("e2"), Err(UciError::Syntax { .. })));
        assert!(matches!(
            pos.parse_uci("e2e4Q"),
            Err(UciError::Syntax { .. })
        ));
        assert!(matches!(
            pos.parse_uci("e7e8k"),
            Err(UciError::Syntax { .. })
        ));
        assert!(matches!(
            pos.parse_uci("é2e4"),
            Err(UciError::Syntax { .. })
        ));
        let illegal = Move::Normal {
            role: Role::Pawn,
            from: Square::E2,
            capture: None,
            to: Square::E5,
            promotion: None,
        };
        assert!(pos.play(&illegal).is_err());
    }

    #[test]
    fn from_parts_runs_the_fen_validation() {
        let mut board = Board::start();
        board.discard_piece_at(Square::H1);
        let err = Position::from_parts(
            board,
            Color::White,
            CastlingRights::ALL,
            None,
            0,
            NonZeroU32::MIN,
        )
        .unwrap_err();
        assert_eq!(
            err,
            PositionError::CastlingWithoutKingAndRook {
                color: Color::White,
                side: CastlingSide::KingSide
            }
        );
        let setup = Setup {
            castling: CastlingRights::ALL.without(Color::White, CastlingSide::KingSide),
            ..Position::start().to_setup()
        };
        let setup = Setup { board, ..setup };
        assert!(Position::from_setup(setup).is_ok());
    }

    #[test]
    fn check_queries() {
        // Fool's mate.
        let pos: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
            .parse()
            .unwrap();
        assert!(pos.is_check());
        assert!(pos.is_checkmate());
        assert_eq!(pos.checkers(), Bitboard::from(Square::H4));
        assert_eq!(
            pos.attackers_to(Square::E1, Color::Black, pos.board().occupied()),
            Bitboard::from(Square::H4)
        );
        let stalemate: Position = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
        assert!(stalemate.is_stalemate() && !stalemate.is_check());
    }
}
