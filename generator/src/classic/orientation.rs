//! `--question orientation`: is the board legal as shown (White's pawns
//! moving up the board, rank 1 at the bottom), turned by 180° (White
//! moving down: the diagram was printed upside down), both, or neither?
//! "Turned" is the position whose square `s` holds what the diagram shows
//! on the square opposite (`a1` ↔ `h8`, `b3` ↔ `g6`): every man keeps its
//! colour, and the side to move is the same.

use retroproof_core::{Board, Position, PositionError, Square};

use super::case::{settle, Case, Games};

/// The board turned by 180°, the men keeping their colours (castling
/// rights and en-passant square, which presuppose an orientation, are
/// not carried over).
pub fn turned(pos: &Position) -> Result<Position, PositionError> {
    let mut board = Board::empty();
    for (sq, piece) in pos.board().pieces() {
        let opposite = Square::new(63 - sq.index()).expect("0..64");
        board.set_piece_at(opposite, piece);
    }
    let mut setup = pos.to_setup();
    setup.board = board;
    setup.castling = retroproof_core::CastlingRights::NONE;
    setup.ep_square = None;
    Position::from_setup(setup)
}

/// The two cases: the board as shown, and turned by 180°.
pub fn cases(pos: &Position, games: Games) -> Vec<Case> {
    let mut out = vec![Case {
        key: "as-shown".into(),
        module: "as_shown".into(),
        meaning: format!("the board as shown, White moving up: {}", pos.to_fen()),
        finding: settle(pos, games),
        position: *pos,
    }];
    // Turning never breaks what a position needs (one king each, no pawn
    // on the first or last rank), so this always succeeds.
    if let Ok(turned) = turned(pos) {
        out.push(Case {
            key: "turned".into(),
            module: "turned".into(),
            meaning: format!(
                "the board turned by 180 degrees, White moving down as shown: {}",
                turned.to_fen()
            ),
            finding: settle(&turned, games),
            position: turned,
        });
    }
    out
}
