//! FEN and EPD: reading and writing positions as text.
//!
//! FEN has six space-separated fields:
//! `<placement> <side to move> <castling> <en passant> <halfmove clock> <fullmove number>`,
//! e.g. `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1`.
//! The first four alone are also accepted (the clocks then default to `0 1`),
//! as puzzle and retro collections often omit them.
//!
//! Printing is canonical and parsing keeps everything, so for a canonical
//! six-field FEN `Position::from_fen(s)?.to_fen() == s`. In particular the
//! en passant square is kept as written (see [`crate::position`]).
//!
//! EPD is the four position fields followed by operations
//! `opcode operand…;`, e.g.
//! `8/8/8/8/8/8/8/K1k5 w - - id "smullyan-1"; retro "last 3";`.
//! Operations are kept in order, with each operand remembering whether it was
//! quoted, so canonical EPD lines print back exactly.
//!
//! Parsing never panics, whatever the input: errors are [`FenError`] and
//! [`EpdError`] values that say what is wrong and where.

use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

use crate::castling::CastlingRights;
use crate::position::{PositionError, Setup};
use crate::{Board, Color, File, Piece, Position, Rank, Square};

/// Why a string is not a valid FEN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// FEN has 6 fields (or 4, without the clocks); EPD needs at least 4.
    FieldCount { found: usize },
    /// The placement must have 8 ranks separated by `/`.
    RankCount { found: usize },
    /// A character in the placement that is neither a piece letter
    /// (`PNBRQK`, `pnbrqk`) nor a digit `1`–`8`.
    BadPieceLetter { letter: char, rank: Rank },
    /// A rank describes more than 8 squares.
    RankTooLong { rank: Rank },
    /// A rank describes fewer than 8 squares.
    RankTooShort { rank: Rank, squares: u32 },
    /// The side to move is not `w` or `b`.
    BadSideToMove { found: String },
    /// The castling field is not `-` or a subsequence of `KQkq` in that order.
    BadCastling { found: String },
    /// The en passant field is not `-` or a square name.
    BadEnPassantSquare { found: String },
    /// The halfmove clock is not a decimal number (that fits in 32 bits).
    BadHalfmoveClock { found: String },
    /// The fullmove number is not a positive decimal number.
    BadFullmoveNumber { found: String },
    /// Well-formed, but not a valid position (missing king, pawn on a back
    /// rank, castling right without king and rook, impossible en passant).
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount { found } => write!(
                f,
                "invalid FEN: expected 6 fields (or 4 without the clocks), found {found}"
            ),
            FenError::RankCount { found } => write!(
                f,
                "invalid FEN: the placement must have 8 ranks separated by '/', found {found}"
            ),
            FenError::BadPieceLetter { letter, rank } => write!(
                f,
                "invalid FEN: bad piece letter {letter:?} in rank {} (expected one of \
                 PNBRQK pnbrqk or a digit 1-8)",
                rank.char()
            ),
            FenError::RankTooLong { rank } => write!(
                f,
                "invalid FEN: rank {} has more than 8 squares",
                rank.char()
            ),
            FenError::RankTooShort { rank, squares } => write!(
                f,
                "invalid FEN: rank {} has only {squares} squares (expected 8)",
                rank.char()
            ),
            FenError::BadSideToMove { found } => write!(
                f,
                "invalid FEN: side to move must be 'w' or 'b', found {found:?}"
            ),
            FenError::BadCastling { found } => write!(
                f,
                "invalid FEN: castling rights must be '-' or letters from 'KQkq' in that \
                 order, found {found:?}"
            ),
            FenError::BadEnPassantSquare { found } => write!(
                f,
                "invalid FEN: en passant field must be '-' or a square, found {found:?}"
            ),
            FenError::BadHalfmoveClock { found } => write!(
                f,
                "invalid FEN: halfmove clock must be a non-negative number, found {found:?}"
            ),
            FenError::BadFullmoveNumber { found } => write!(
                f,
                "invalid FEN: fullmove number must be a positive number, found {found:?}"
            ),
            FenError::Position(e) => write!(f, "invalid position: {e}"),
        }
    }
}

impl std::error::Error for FenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FenError::Position(e) => Some(e),
            _ => None,
        }
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

impl Board {
    /// Parses the placement field of a FEN.
    pub fn from_board_fen(s: &str) -> Result<Board, FenError> {
        let rank_count = s.split('/').count();
        if rank_count != 8 {
            return Err(FenError::RankCount { found: rank_count });
        }
        let mut board = Board::empty();
        // FEN lists rank 8 first.
        for (text, rank) in s.split('/').zip(Rank::ALL.into_iter().rev()) {
            let mut file = 0u32;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d;
                } else if let Some(piece) = Piece::from_char(c) {
                    if let Some(f) = File::new(file) {
                        board.set_piece_at(Square::from_coords(f, rank), piece);
                    }
                    file += 1;
                } else {
                    return Err(FenError::BadPieceLetter { letter: c, rank });
                }
                if file > 8 {
                    return Err(FenError::RankTooLong { rank });
                }
            }
            if file < 8 {
                return Err(FenError::RankTooShort {
                    rank,
                    squares: file,
                });
            }
        }
        Ok(board)
    }

    /// The placement field of a FEN, e.g. `rnbqkbnr/pppppppp/8/…`.
    pub fn board_fen(&self) -> String {
        let mut out = String::with_capacity(72);
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0u8;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        out.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank != Rank::First {
                out.push('/');
            }
        }
        out
    }
}

impl Setup {
    /// Reads a FEN with 6 fields, or 4 (clocks default to `0 1`), without
    /// validating the position ([`Position::from_fen`] does): for editing
    /// before validation, as the fillings of a board with unknown squares
    /// ([`crate::unknown`]) are.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        match fields.as_slice() {
            [placement, turn, castling, ep] => {
                setup_from_fields([placement, turn, castling, ep], None)
            }
            [placement, turn, castling, ep, half, full] => {
                setup_from_fields([placement, turn, castling, ep], Some((half, full)))
            }
            _ => Err(FenError::FieldCount {
                found: fields.len(),
            }),
        }
    }
}

impl Position {
    /// Parses a FEN with 6 fields, or 4 (clocks default to `0 1`).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(Setup::from_fen(fen)?)?)
    }

    /// The six-field FEN.
    pub fn to_fen(&self) -> String {
        format!(
            "{} {} {}",
            self.to_short_fen(),
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }

    /// The four position fields of FEN (no clocks), as used by EPD.
    pub fn to_short_fen(&self) -> String {
        let ep = match self.ep_square() {
            Some(sq) => sq.to_string(),
            None => "-".to_owned(),
        };
        format!(
            "{} {} {} {}",
            self.board().board_fen(),
            self.turn().char(),
            self.castling_rights(),
            ep
        )
    }
}

/// Parses the four position fields and the optional clocks. Checks fields
/// left to right so the first problem in the text is the one reported.
fn setup_from_fields(
    [placement, turn, castling, ep]: [&str; 4],
    clocks: Option<(&str, &str)>,
) -> Result<Setup, FenError> {
    let board = Board::from_board_fen(placement)?;
    let turn = match turn {
        "w" => Color::White,
        "b" => Color::Black,
        _ => {
            return Err(FenError::BadSideToMove {
                found: turn.to_owned(),
            })
        }
    };
    let castling = CastlingRights::from_fen(castling).ok_or_else(|| FenError::BadCastling {
        found: castling.to_owned(),
    })?;
    let ep_square = match ep {
        "-" => None,
        _ => Some(
            ep.parse::<Square>()
                .map_err(|_| FenError::BadEnPassantSquare {
                    found: ep.to_owned(),
                })?,
        ),
    };
    let (halfmove_clock, fullmove_number) = match clocks {
        None => (0, NonZeroU32::MIN),
        Some((half, full)) => (
            parse_decimal(half).ok_or_else(|| FenError::BadHalfmoveClock {
                found: half.to_owned(),
            })?,
            parse_decimal(full)
                .and_then(NonZeroU32::new)
                .ok_or_else(|| FenError::BadFullmoveNumber {
                    found: full.to_owned(),
                })?,
        ),
    };
    Ok(Setup {
        board,
        turn,
        castling,
        ep_square,
        halfmove_clock,
        fullmove_number,
    })
}

/// ASCII digits only (no sign, no spaces), fitting in a `u32`.
fn parse_decimal(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl fmt::Display for Position {
    /// The six-field FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

/// One operand of an EPD operation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum EpdOperand {
    /// A bare token, e.g. `e4` in `bm e4;`. Never empty, no spaces,
    /// semicolons or quotes.
    Bare(String),
    /// A double-quoted string, e.g. `"last 3"`, stored without the quotes.
    /// May contain spaces and semicolons, but not `"`.
    Quoted(String),
}

impl EpdOperand {
    /// The operand's text (without quotes).
    pub fn as_str(&self) -> &str {
        match self {
            EpdOperand::Bare(s) | EpdOperand::Quoted(s) => s,
        }
    }
}

impl fmt::Display for EpdOperand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdOperand::Bare(s) => f.write_str(s),
            EpdOperand::Quoted(s) => write!(f, "\"{s}\""),
        }
    }
}

/// An EPD operation: `opcode operand…;`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EpdOperation {
    /// A letter followed by letters, digits or `_` (e.g. `id`, `c0`, `retro`).
    pub opcode: String,
    pub operands: Vec<EpdOperand>,
}

impl EpdOperation {
    /// The operation `opcode "text";`, the usual form for string data.
    pub fn quoted(opcode: &str, text: &str) -> EpdOperation {
        EpdOperation {
            opcode: opcode.to_owned(),
            operands: vec![EpdOperand::Quoted(text.to_owned())],
        }
    }
}

impl fmt::Display for EpdOperation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.opcode)?;
        for operand in &self.operands {
            write!(f, " {operand}")?;
        }
        f.write_str(";")
    }
}

/// An EPD record: a position (clocks at their defaults `0 1`) and its
/// operations in the order written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Epd {
    pub position: Position,
    pub operations: Vec<EpdOperation>,
}

impl Epd {
    /// Parses an EPD line. Operations such as `hmvc`/`fmvn` are kept as
    /// ordinary operations; they do not change the position's clocks.
    pub fn parse(line: &str) -> Result<Epd, EpdError> {
        let mut rest = line;
        let mut fields = [""; 4];
        for (i, field) in fields.iter_mut().enumerate() {
            rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
            let end = rest
                .find(|c: char| c.is_ascii_whitespace())
                .unwrap_or(rest.len());
            if end == 0 {
                return Err(EpdError::Fen(FenError::FieldCount { found: i }));
            }
            *field = &rest[..end];
            rest = &rest[end..];
        }
        let position = setup_from_fields(fields, None)
            .and_then(|setup| Ok(Position::from_setup(setup)?))
            .map_err(EpdError::Fen)?;
        let operations = parse_operations(rest)?;
        Ok(Epd {
            position,
            operations,
        })
    }

    /// The operands of the first operation with `opcode`, if any.
    pub fn operation(&self, opcode: &str) -> Option<&[EpdOperand]> {
        self.operations
            .iter()
            .find(|op| op.opcode == opcode)
            .map(|op| op.operands.as_slice())
    }
}

impl FromStr for Epd {
    type Err = EpdError;

    fn from_str(s: &str) -> Result<Epd, EpdError> {
        Epd::parse(s)
    }
}

impl fmt::Display for Epd {
    /// Canonical EPD: the four fields, then ` opcode operand…;` for each
    /// operation, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position.to_short_fen())?;
        for op in &self.operations {
            write!(f, " {op}")?;
        }
        Ok(())
    }
}

/// Why a string is not a valid EPD line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EpdError {
    /// The four position fields are invalid.
    Fen(FenError),
    /// An opcode that does not start with a letter or has characters other
    /// than letters, digits and `_`.
    BadOpcode { opcode: String },
    /// A quoted operand of `opcode` has no closing quote.
    UnterminatedString { opcode: String },
    /// A stray quote inside a bare operand, or text glued to a closing quote.
    BadOperand { opcode: String, operand: String },
    /// The operation `opcode` does not end with `;`.
    MissingSemicolon { opcode: String },
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdError::Fen(e) => write!(f, "invalid EPD position: {e}"),
            EpdError::BadOpcode { opcode } => write!(
                f,
                "invalid EPD: bad opcode {opcode:?} (expected a letter, then letters, digits or '_')"
            ),
            EpdError::UnterminatedString { opcode } => write!(
                f,
                "invalid EPD: unterminated string in operation {opcode:?}"
            ),
            EpdError::BadOperand { opcode, operand } => write!(
                f,
                "invalid EPD: bad operand {operand:?} in operation {opcode:?}"
            ),
            EpdError::MissingSemicolon { opcode } => write!(
                f,
                "invalid EPD: operation {opcode:?} does not end with ';'"
            ),
        }
    }
}

impl std::error::Error for EpdError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EpdError::Fen(e) => Some(e),
            _ => None,
        }
    }
}

/// Parses `opcode operand…; opcode operand…; …` (possibly empty).
fn parse_operations(text: &str) -> Result<Vec<EpdOperation>, EpdError> {
    let is_space = |c: char| c.is_ascii_whitespace();
    let mut operations = Vec::new();
    let mut rest = text.trim_start_matches(is_space);
    while !rest.is_empty() {
        let end = rest
            .find(|c: char| is_space(c) || c == ';')
            .unwrap_or(rest.len());
        let opcode = &rest[..end];
        rest = &rest[end..];
        let valid = opcode
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && opcode
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            return Err(EpdError::BadOpcode {
                opcode: opcode.to_owned(),
            });
        }
        let mut operands = Vec::new();
        loop {
            rest = rest.trim_start_matches(is_space);
            if let Some(after) = rest.strip_prefix(';') {
                rest = after;
                break;
            }
            if rest.is_empty() {
                return Err(EpdError::MissingSemicolon {
                    opcode: opcode.to_owned(),
                });
            }
            if let Some(after_quote) = rest.strip_prefix('"') {
                let close = after_quote
                    .find('"')
                    .ok_or_else(|| EpdError::UnterminatedString {
                        opcode: opcode.to_owned(),
                    })?;
                let inner = &after_quote[..close];
                rest = &after_quote[close + 1..];
                // The closing quote must end the token.
                if !(rest.is_empty() || rest.starts_with(is_space) || rest.starts_with(';')) {
                    let glued = rest
                        .find(|c: char| is_space(c) || c == ';')
                        .unwrap_or(rest.len());
                    return Err(EpdError::BadOperand {
                        opcode: opcode.to_owned(),
                        operand: format!("\"{inner}\"{}", &rest[..glued]),
                    });
                }
                operands.push(EpdOperand::Quoted(inner.to_owned()));
            } else {
                let end = rest
                    .find(|c: char| is_space(c) || c == ';')
                    .unwrap_or(rest.len());
                let token = &rest[..end];
                rest = &rest[end..];
                if token.contains('"') {
                    return Err(EpdError::BadOperand {
                        opcode: opcode.to_owned(),
                        operand: token.to_owned(),
                    });
                }
                operands.push(EpdOperand::Bare(token.to_owned()));
            }
        }
        operations.push(EpdOperation {
            opcode: opcode.to_owned(),
            operands,
        });
        rest = rest.trim_start_matches(is_space);
    }
    Ok(operations)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::EnPassantError;
    use crate::{CastlingSide, Role};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn start_position_round_trips() {
        let pos = Position::from_fen(START).unwrap();
        assert_eq!(pos, Position::start());
        assert_eq!(pos.to_fen(), START);
    }

    #[test]
    fn canonical_fens_round_trip() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            // En passant square kept although no black pawn can capture.
            "4k3/8/8/8/P7/8/8/4K3 b - a3 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 57",
            "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295",
        ] {
            assert_eq!(Position::from_fen(fen).unwrap().to_fen(), fen);
        }
    }

    #[test]
    fn four_field_fen_defaults_clocks() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - -").unwrap();
        assert_eq!(pos.halfmove_clock(), 0);
        assert_eq!(pos.fullmove_number().get(), 1);
        assert_eq!(pos.to_short_fen(), "4k3/8/8/8/8/8/8/4K3 b - -");
    }

    fn err(fen: &str) -> FenError {
        Position::from_fen(fen).unwrap_err()
    }

    #[test]
    fn syntax_errors_say_what_and_where() {
        assert_eq!(
            err("4k3/8/8/8/8/8/4K3 w - - 0 1"),
            FenError::RankCount { found: 7 }
        );
        assert_eq!(
            err("4k3/8/8/8/8/2x5/8/4K3 w - - 0 1"),
            FenError::BadPieceLetter {
                letter: 'x',
                rank: Rank::Third
            }
        );
        assert_eq!(
            err("4k3/8/8/8/4p4/8/8/4K3 w - - 0 1"),
            FenError::RankTooLong { rank: Rank::Fourth }
        );
        assert_eq!(
            err("4k3/8/8/8/9/8/8/4K3 w - - 0 1"),
            FenError::BadPieceLetter {
                letter: '9',
                rank: Rank::Fourth
            }
        );
        assert_eq!(
            err("4k3/7/8/8/8/8/8/4K3 w - - 0 1"),
            FenError::RankTooShort {
                rank: Rank::Seventh,
                squares: 7
            }
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
            FenError::BadSideToMove {
                found: "x".to_owned()
            }
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w QK - 0 1"),
            FenError::BadCastling {
                found: "QK".to_owned()
            }
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - e9 0 1"),
            FenError::BadEnPassantSquare {
                found: "e9".to_owned()
            }
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - - -1 1"),
            FenError::BadHalfmoveClock {
                found: "-1".to_owned()
            }
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 0 0"),
            FenError::BadFullmoveNumber {
                found: "0".to_owned()
            }
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 0"),
            FenError::FieldCount { found: 5 }
        );
        assert_eq!(err(""), FenError::FieldCount { found: 0 });
    }

    #[test]
    fn position_errors() {
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4KK2 w - - 0 1"),
            FenError::Position(PositionError::TooManyKings {
                color: Color::White,
                count: 2
            })
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/4K3 w - - 0 1"),
            FenError::Position(PositionError::MissingKing {
                color: Color::Black
            })
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K2P w - - 0 1"),
            FenError::Position(PositionError::PawnOnBackRank { square: Square::H1 })
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
            FenError::Position(PositionError::CastlingWithoutKingAndRook {
                color: Color::White,
                side: CastlingSide::KingSide
            })
        );
        // Black queen-side right, but the rook is on b8.
        assert_eq!(
            err("1r2k3/8/8/8/8/8/8/4K3 w q - 0 1"),
            FenError::Position(PositionError::CastlingWithoutKingAndRook {
                color: Color::Black,
                side: CastlingSide::QueenSide
            })
        );
    }

    #[test]
    fn en_passant_must_follow_a_double_step() {
        let ep_err = |fen: &str| match err(fen) {
            FenError::Position(PositionError::InvalidEnPassant { reason, .. }) => reason,
            other => panic!("{fen}: unexpected {other:?}"),
        };
        // White to move: the square must be on rank 6.
        assert_eq!(
            ep_err("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1"),
            EnPassantError::WrongRank
        );
        assert_eq!(
            ep_err("4k3/8/8/8/8/8/8/4K3 w - d6 0 1"),
            EnPassantError::NoPawn {
                expected_on: Square::D5
            }
        );
        // A white pawn in front is not the pawn that just moved.
        assert_eq!(
            ep_err("4k3/8/8/3P4/8/8/8/4K3 w - d6 0 1"),
            EnPassantError::NoPawn {
                expected_on: Square::D5
            }
        );
        assert_eq!(
            ep_err("4k3/8/3n4/3p4/8/8/8/4K3 w - d6 0 1"),
            EnPassantError::SquareOccupied
        );
        assert_eq!(
            ep_err("4k3/3n4/8/3p4/8/8/8/4K3 w - d6 0 1"),
            EnPassantError::OriginOccupied { origin: Square::D7 }
        );
        assert_eq!(
            ep_err("4k3/8/8/8/3P4/8/3N4/4K3 b - d3 0 1"),
            EnPassantError::OriginOccupied { origin: Square::D2 }
        );
    }

    #[test]
    fn not_rejected_retro_questions() {
        // Side not to move in check, and ten white queens: accepted.
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2r b - - 0 1").unwrap();
        assert!(pos.is_opponent_in_check());
        Position::from_fen("QQQQk3/QQQ5/QQQ5/8/8/8/8/4K3 w - - 0 1").unwrap();
    }

    #[test]
    fn error_messages_are_informative() {
        let msg = err("4k3/8/8/8/8/2x5/8/4K3 w - - 0 1").to_string();
        assert!(msg.contains("'x'") && msg.contains("rank 3"), "{msg}");
        let msg = err("4k3/8/8/8/8/8/8/4K3 w K - 0 1").to_string();
        assert!(msg.contains("e1") && msg.contains("h1"), "{msg}");
    }

    #[test]
    fn epd_round_trips_and_keeps_operations() {
        let line = "8/8/8/8/1p6/1k6/8/KR6 b - - id \"smullyan-1\"; retro \"last 3\"; \
                    sol \"c2c4 b4c3ep b3c3xp\"; c0 \"Smullyan, The Chess Mysteries\"; bm a1 b2; noop;";
        let epd = Epd::parse(line).unwrap();
        assert_eq!(epd.to_string(), line);
        assert_eq!(epd.operations.len(), 6);
        assert_eq!(epd.operations[0].opcode, "id");
        assert_eq!(
            epd.operation("retro"),
            Some(&[EpdOperand::Quoted("last 3".to_owned())][..])
        );
        assert_eq!(
            epd.operation("bm"),
            Some(
                &[
                    EpdOperand::Bare("a1".to_owned()),
                    EpdOperand::Bare("b2".to_owned())
                ][..]
            )
        );
        assert_eq!(epd.operation("noop"), Some(&[][..]));
        assert_eq!(
            epd.position.board().piece_at(Square::B4),
            Some(Piece::new(Color::Black, Role::Pawn))
        );
        // Semicolons inside quotes do not end the operation.
        let line = "4k3/8/8/8/8/8/8/4K3 w - - c0 \"a; b\";";
        assert_eq!(Epd::parse(line).unwrap().to_string(), line);
        // No operations at all.
        let line = "4k3/8/8/8/8/8/8/4K3 w - -";
        assert_eq!(Epd::parse(line).unwrap().to_string(), line);
    }

    #[test]
    fn epd_errors() {
        let base = "4k3/8/8/8/8/8/8/4K3 w - -";
        let e = |ops: &str| Epd::parse(&format!("{base} {ops}")).unwrap_err();
        assert_eq!(
            e("id \"x"),
            EpdError::UnterminatedString {
                opcode: "id".to_owned()
            }
        );
        assert_eq!(
            e("id \"x\""),
            EpdError::MissingSemicolon {
                opcode: "id".to_owned()
            }
        );
        assert_eq!(
            e("1d x;"),
            EpdError::BadOpcode {
                opcode: "1d".to_owned()
            }
        );
        assert_eq!(
            e("id \"x\"y;"),
            EpdError::BadOperand {
                opcode: "id".to_owned(),
                operand: "\"x\"y".to_owned()
            }
        );
        assert_eq!(
            Epd::parse("4k3/8/8/8/8/8/8/4K3 w -").unwrap_err(),
            EpdError::Fen(FenError::FieldCount { found: 3 })
        );
        // A six-field FEN is not an EPD: the clock reads as a bad opcode.
        assert_eq!(
            Epd::parse(&format!("{base} 0 1")).unwrap_err(),
            EpdError::BadOpcode {
                opcode: "0".to_owned()
            }
        );
    }
}
