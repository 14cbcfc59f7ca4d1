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

use crate::{Bitboard, Board, Color, File, Piece, Position, Rank, Role, Square};

/// The parity of the number of moves `color` has made in any game reaching
/// `board`, when the side is closed (see the module docs); `None` when the
/// rule does not apply (including boards no game reaches this way).
pub fn move_parity(board: &Board, color: Color) -> Option<u32> {
    let first = Rank::First.relative_to(color);
    let second = Rank::Second.relative_to(color);
    let ours = board.by_color(color);
    let pawns = board.by_piece(Piece::new(color, Role::Pawn));
    if ours.count() != 16 || pawns != (pawns & Bitboard::from_rank(second)) || pawns.count() != 8 {
        return None;
    }
    let at = |file: File| board.piece_at(Square::from_coords(file, first));
    let is = |file: File, role: Role| at(file) == Some(Piece::new(color, role));
    if !is(File::C, Role::Bishop) || !is(File::F, Role::Bishop) {
        return None;
    }
    let mut parity = 0;
    // Each segment holds its initial men (or knights): the non-knight men
    // in it must be exactly its initial ones.
    for (squares, men) in [
        ([File::A, File::B], [Some(Role::Rook), Some(Role::Knight)]),
        ([File::D, File::E], [Some(Role::Queen), Some(Role::King)]),
        ([File::G, File::H], [Some(Role::Knight), Some(Role::Rook)]),
    ] {
        let initial: Vec<Role> = men
            .iter()
            .flatten()
            .copied()
            .filter(|&r| r != Role::Knight)
            .collect();
        let mut now = Vec::new();
        for (index, &file) in squares.iter().enumerate() {
            match at(file) {
                Some(p) if p.color == color && p.role != Role::Knight => {
                    now.push(p.role);
                    // A rook, queen or king: its place in the segment,
                    // against its initial place.
                    let start = men.iter().position(|&m| m == Some(p.role))?;
                    parity ^= u32::from(index != start);
                }
                _ => {}
            }
        }
        if now.len() != initial.len() || !initial.iter().all(|r| now.contains(r)) {
            return None;
        }
    }
    // Knights: the change of square colour, summed over both knights, is
    // the parity of (light knights now + light knights at the start).
    let knights = board.by_piece(Piece::new(color, Role::Knight));
    let light_now = (knights & Bitboard::LIGHT_SQUARES).count();
    let start_knights = Board::start().by_piece(Piece::new(color, Role::Knight));
    let light_start = (start_knights & Bitboard::LIGHT_SQUARES).count();
    parity ^= (light_now + light_start) % 2;
    Some(parity)
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
