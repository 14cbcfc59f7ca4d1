//! Parity in closed positions.
//!
//! Each ply moves exactly one man of the side to play (castling, two: see
//! below). Suppose a side `c` still has all 16 men and all 8 pawns on their
//! initial squares (its second rank). A pawn never moves backward and
//! leaves its file only by capturing, so a pawn on its second rank has
//! never moved; none has promoted, so `c`'s pieces are its initial ones.
//! With the second rank held by pawns all game long:
//! - `c`'s bishops (whose every move from the first rank goes to the second)
//!   never moved, so they stand on c1/f1 (relative) all game;
//! - castling never happened (it needs f1 or c1 empty);
//! - rooks, queen and king never leave the first rank (every other square
//!   they could reach is on the second), so each stays in its segment of the
//!   first rank between the frozen bishops: {a1, b1}, {d1, e1}, {g1, h1};
//! - knights go anywhere.
//!
//! Give each man a *potential* in `{0, 1}`: a knight, the colour of its
//! square; a rook, queen or king, its place in its two-square segment.
//! Every move of `c` changes exactly one man's potential (a knight always
//! changes square colour; a move inside a two-square segment swaps
//! squares), so the number of moves `c` made has the parity of the sum of
//! the potentials' changes since the start. When both sides are closed
//! this way, the parities of White's and Black's move counts fix the parity
//! of the game's length, hence the side to move: a position whose side to
//! move disagrees is reached by no game (the initial board with Black to
//! move is the classic case).
//!
//! The rule is checked by Coq (`coq/theories/Parity.v`, proof in
//! `Parityproof.v`), which computes [`move_parity`] the same way: a side is
//! *closed* when it has 16 men, its pawns are exactly its second rank, its
//! bishops exactly c1 and f1, its rooks on a1/b1/g1/h1 and its queens and
//! kings on d1/e1 (knights anywhere); its potential is the parity of its
//! knights on light squares plus its rooks, queens and kings on the b-, d-,
//! f- and h-files (a move inside a segment changes the file's parity).
//! (Boards with more rooks, queens, kings or knights than at the start, or
//! fewer, may pass as closed: each move still flips exactly one bit, and
//! such material is refuted by the invariants anyway.)

use crate::{Bitboard, Board, Color, File, Piece, Position, Rank, Role, Square};

/// The squares of `files` on `color`'s first rank.
fn first_rank(color: Color, files: &[File]) -> Bitboard {
    let first = Rank::First.relative_to(color);
    files
        .iter()
        .map(|&f| Square::from_coords(f, first))
        .collect()
}

/// Whether `color` is closed on `board` (see the module docs).
fn closed(board: &Board, color: Color) -> bool {
    let of = |role: Role| board.by_piece(Piece::new(color, role));
    let second = Bitboard::from_rank(Rank::Second.relative_to(color));
    let rook_squares = first_rank(color, &[File::A, File::B, File::G, File::H]);
    let royal_squares = first_rank(color, &[File::D, File::E]);
    board.by_color(color).count() == 16
        && of(Role::Pawn) == second
        && of(Role::Bishop) == first_rank(color, &[File::C, File::F])
        && (of(Role::Rook) & !rook_squares).is_empty()
        && ((of(Role::Queen) | of(Role::King)) & !royal_squares).is_empty()
}

/// The potential of `color` on `board`: the parity of its knights on light
/// squares and its rooks, queens and kings on odd files (b, d, f, h).
fn potential(board: &Board, color: Color) -> u32 {
    let of = |role: Role| board.by_piece(Piece::new(color, role));
    let odd_files = [File::B, File::D, File::F, File::H]
        .into_iter()
        .fold(Bitboard::EMPTY, |b, f| b | Bitboard::from_file(f));
    let light_knights = (of(Role::Knight) & Bitboard::LIGHT_SQUARES).count();
    let odd_royals = ((of(Role::Rook) | of(Role::Queen) | of(Role::King)) & odd_files).count();
    (light_knights + odd_royals) % 2
}

/// The parity of the number of moves `color` has made in any game reaching
/// `board`, when the side is closed (see the module docs); `None` when the
/// rule does not apply.
pub fn move_parity(board: &Board, color: Color) -> Option<u32> {
    if !closed(board, color) {
        return None;
    }
    Some(potential(board, color) ^ potential(&Board::start(), color))
}

/// Whether both sides are closed and the parities of their move counts
/// disagree with the side to move (see the module docs): with White to
/// move both sides made the same number of moves, with Black to move White
/// made one more.
pub fn refutes(pos: &Position) -> bool {
    let board = pos.board();
    let (Some(white), Some(black)) = (
        move_parity(board, Color::White),
        move_parity(board, Color::Black),
    ) else {
        return false;
    };
    let expected = match pos.turn() {
        Color::White => 0,
        Color::Black => 1,
    };
    (white + black) % 2 != expected
}
