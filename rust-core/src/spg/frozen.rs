//! Men that never move again on the way to the diagram.
//!
//! A man is *frozen* when every game from the current position that
//! reaches the diagram leaves it where it stands, never moved and never
//! captured. The search's bounds treat frozen squares as walls: no man
//! passes through them or lands on them, and a king never steps onto a
//! square a frozen enemy man attacks for good. Two rules, applied until
//! nothing changes:
//!
//! - **Pawns.** A pawn standing where the diagram has the same pawn is
//!   frozen when no other pawn of its colour can ever reach that square:
//!   pawns only go forward, so once it moved (or was captured) another
//!   pawn would have to come, from the cone below the square with at most
//!   the captures its side still has to make.
//! - **Pieces.** A piece standing where the diagram has the same piece is
//!   frozen when every square it could move to (the first square on each
//!   of its lines, its knight or king squares) is frozen, so it cannot
//!   move; since moves are symmetric, no other man of its kind could come
//!   to replace it if it were captured (nor a pawn promoting there, when
//!   the squares a promotion would come from are frozen too). A king is
//!   frozen when each square around it is frozen or attacked by a frozen
//!   enemy man along a line nothing can block. Castling moves a king and a
//!   rook: while the right is held and no frozen man stands between them,
//!   neither is frozen.

use std::sync::OnceLock;

use crate::attacks;
use crate::castling::CastlingRights;
use crate::{Bitboard, Board, CastlingSide, Color, Piece, Role, Square};

use super::Diagram;

/// The frozen squares of `board` (with `castling`) on the way to
/// `diagram`, `owed[c]` being the captures colour `c` must still make.
pub fn frozen(
    board: &Board,
    castling: CastlingRights,
    diagram: &Diagram,
    owed: [u32; 2],
) -> Bitboard {
    let same = same_men(board, diagram);
    let mut f = Bitboard::EMPTY;
    let cones = cones();
    for color in Color::ALL {
        let pawns = board.by_piece(Piece::new(color, Role::Pawn));
        let captures = owed[color.index()].min(7) as usize;
        for sq in pawns & same {
            if (cones[color.index()][sq as usize][captures] & pawns).is_empty() {
                f.set(sq);
            }
        }
    }
    let pieces = same - board.by_role(Role::Pawn);
    if pieces.is_empty() {
        return f;
    }
    loop {
        let mut grown = false;
        let attacked = [
            frozen_attacks(board, f, Color::White),
            frozen_attacks(board, f, Color::Black),
        ];
        for sq in pieces - f {
            let color = if board.by_color(Color::White).contains(sq) {
                Color::White
            } else {
                Color::Black
            };
            let role = board.role_at(sq).expect("occupied");
            let walls = if role == Role::King {
                f | attacked[color.other().index()]
            } else {
                f
            };
            if piece_frozen(castling, color, role, sq, f, walls) {
                f.set(sq);
                grown = true;
            }
        }
        if !grown {
            return f;
        }
    }
}

/// The squares holding the same man now and in the diagram. What
/// [`frozen`] reads of a board is only these, each colour's pawns, the
/// castling rights and the captures owed (up to 7): the men on these
/// squares are the diagram's.
pub fn same_men(board: &Board, diagram: &Diagram) -> Bitboard {
    let target = diagram.board();
    Bitboard(
        !(board.by_color(Color::White).0 ^ target.by_color(Color::White).0)
            & !(board.by_color(Color::Black).0 ^ target.by_color(Color::Black).0)
            & Role::ALL.iter().fold(!0u64, |acc, &r| {
                acc & !(board.by_role(r).0 ^ target.by_role(r).0)
            }),
    ) & board.occupied()
}

/// `cones()[color][sq][c]`: the squares (other than `sq`) from which a pawn
/// of `color` reaches `sq` making at most `c` captures.
fn cones() -> &'static [[[Bitboard; 8]; 64]; 2] {
    static CONES: OnceLock<Box<[[[Bitboard; 8]; 64]; 2]>> = OnceLock::new();
    CONES.get_or_init(|| {
        let mut t = Box::new([[[Bitboard::EMPTY; 8]; 64]; 2]);
        for color in Color::ALL {
            for to in Square::ALL {
                for c in 0..8u32 {
                    t[color.index()][to as usize][c as usize] = Square::ALL
                        .into_iter()
                        .filter(|&from| from != to && pawn_can_reach(color, from, to, c))
                        .collect();
                }
            }
        }
        t
    })
}

/// Whether a pawn of `color` on `from` can ever stand on `to` making at
/// most `captures` captures (one per file changed).
pub fn pawn_can_reach(color: Color, from: Square, to: Square, captures: u32) -> bool {
    let (rf, rt) = (rel_rank(color, from), rel_rank(color, to));
    if rt <= rf {
        return false;
    }
    let df = (from.file() as i32 - to.file() as i32).unsigned_abs();
    df <= captures && df <= rt - rf
}

/// The rank of `sq` counted from `color`'s side (0 = its first rank).
#[inline]
pub fn rel_rank(color: Color, sq: Square) -> u32 {
    match color {
        Color::White => sq.rank() as u32,
        Color::Black => 7 - sq.rank() as u32,
    }
}

/// The squares a man of `color` and `role` on `sq` attacks whatever stands
/// between: its pawn, knight or king squares, and the first square of each
/// line.
pub fn sure_attacks(color: Color, role: Role, sq: Square) -> Bitboard {
    match role {
        Role::Pawn => attacks::pawn_attacks(color, sq),
        Role::Knight => attacks::knight_attacks(sq),
        Role::King => attacks::king_attacks(sq),
        Role::Bishop => attacks::bishop_attacks(sq, Bitboard::FULL),
        Role::Rook => attacks::rook_attacks(sq, Bitboard::FULL),
        Role::Queen => attacks::queen_attacks(sq, Bitboard::FULL),
    }
}

/// The squares the frozen men of `color` attack for good.
pub fn frozen_attacks(board: &Board, f: Bitboard, color: Color) -> Bitboard {
    let mut a = Bitboard::EMPTY;
    for sq in f & board.by_color(color) {
        let role = board.role_at(sq).expect("occupied");
        a |= sure_attacks(color, role, sq);
    }
    a
}

/// The squares a piece of `role` on `sq` could move to first (or come
/// from), with the frozen squares `f` as the only men on the board.
fn first_squares(role: Role, sq: Square, f: Bitboard) -> Bitboard {
    match role {
        Role::Knight => attacks::knight_attacks(sq),
        Role::King => attacks::king_attacks(sq),
        Role::Bishop => attacks::bishop_attacks(sq, f),
        Role::Rook => attacks::rook_attacks(sq, f),
        Role::Queen => attacks::queen_attacks(sq, f),
        Role::Pawn => Bitboard::EMPTY,
    }
}

/// Whether the piece on `sq` is frozen given the frozen squares `f`
/// (`walls`: the squares it cannot move to, `f` and for a king the
/// squares frozen enemies attack).
fn piece_frozen(
    castling: CastlingRights,
    color: Color,
    role: Role,
    sq: Square,
    f: Bitboard,
    walls: Bitboard,
) -> bool {
    if !(first_squares(role, sq, f) - walls).is_empty() {
        return false;
    }
    // Castling would move king and rook at once.
    for side in CastlingSide::ALL {
        if castling.has(color, side) {
            let involved = sq == CastlingRights::king_home(color) || sq == side.rook_from(color);
            if involved && (CastlingRights::path(color, side) & f).is_empty() {
                return false;
            }
        }
    }
    // A promotion could bring a replacement onto the last rank.
    if role != Role::King && rel_rank(color, sq) == 7 {
        let back = match color {
            Color::White => -1,
            Color::Black => 1,
        };
        for df in -1..=1 {
            if let Some(from) = sq.offset_coords(df, back) {
                if !f.contains(from) {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    fn frozen_of(fen: &str, target: &str) -> Bitboard {
        let pos = Position::from_fen(fen).unwrap();
        let d = Diagram::from_fen(target).unwrap();
        let owed = [
            pos.board().by_color(Color::Black).count() - d.board().by_color(Color::Black).count(),
            pos.board().by_color(Color::White).count() - d.board().by_color(Color::White).count(),
        ];
        frozen(pos.board(), pos.castling_rights(), &d, owed)
    }

    #[test]
    fn unmoved_pawns_and_the_bishop_they_lock_in() {
        // After 1.e4: the diagram keeps b2 and d2, so c1 is locked in too.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let f = frozen_of(start, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - -");
        assert!(f.contains(Square::B2) && f.contains(Square::D2));
        assert!(f.contains(Square::C1));
        // The e2 pawn must move; f1 can get out through e2.
        assert!(!f.contains(Square::E2) && !f.contains(Square::F1));
        // Castling rights keep king and rooks free.
        assert!(!f.contains(Square::E1) && !f.contains(Square::H1));
        // The queen on d1: c2, d2, e2... e2 opens, so not frozen.
        assert!(!f.contains(Square::D1));
    }

    #[test]
    fn a_pawn_another_can_replace_is_not_frozen() {
        // The c3 pawn could only be replaced by a pawn capturing onto c3
        // (from b2 or d2), and White owes no capture here.
        let pos = "rnbqkbnr/ppppppp1/8/8/8/2P5/PP1PPPPP/RNBQKBNR w KQkq - 0 1";
        let target = "rnbqkbnr/ppppppp1/8/8/8/2P5/PP1PPPPP/RNBQKBNR w - -";
        let f = frozen_of(pos, target);
        assert!(f.contains(Square::B2));
        assert!(
            f.contains(Square::C3),
            "white owes no capture: b2 cannot reach c3"
        );
        // With one capture owed (a black man more than the target has),
        // b2xc3 could replace it.
        let target = "rnbqkbnr/ppppppp1/8/8/8/2P5/PP1PPPPP/RNBQKBN1 w - -";
        let pos = "rnbqkbnr/pppppppp/8/8/8/2P5/PP1PPPPP/RNBQKBN1 w - - 0 1";
        let f = frozen_of(pos, target);
        assert!(!f.contains(Square::C3));
        // No pawn ever comes back to the second rank.
        assert!(f.contains(Square::B2));
    }
}
