//! Attack tables: which squares a man on a square attacks.
//!
//! NOTE (bootstrap): this is the simple, obviously-correct reference
//! implementation. The fast version (precomputed tables, magic sliders) keeps
//! exactly this API.

use crate::{Bitboard, Color, Square};

const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const ROOK_DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

fn steps(sq: Square, deltas: &[(i32, i32)]) -> Bitboard {
    deltas
        .iter()
        .filter_map(|&(df, dr)| sq.offset_coords(df, dr))
        .collect()
}

fn slide(sq: Square, dirs: &[(i32, i32)], occupied: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset_coords(df, dr) {
            out.set(next);
            if occupied.contains(next) {
                break;
            }
            cur = next;
        }
    }
    out
}

/// Squares a knight on `sq` attacks.
pub fn knight_attacks(sq: Square) -> Bitboard {
    steps(sq, &KNIGHT_DELTAS)
}

/// Squares a king on `sq` attacks.
pub fn king_attacks(sq: Square) -> Bitboard {
    steps(sq, &KING_DELTAS)
}

/// Squares a pawn of `color` on `sq` attacks (diagonally forward).
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    let dr = color.fold(1, -1);
    steps(sq, &[(-1, dr), (1, dr)])
}

/// Squares a rook on `sq` attacks, given the occupied squares.
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(sq, &ROOK_DIRS, occupied)
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(sq, &BISHOP_DIRS, occupied)
}

/// Squares a queen on `sq` attacks, given the occupied squares.
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares strictly between `a` and `b` when they share a line
/// (rank, file or diagonal); empty otherwise.
pub fn between(a: Square, b: Square) -> Bitboard {
    let line = ray(a, b);
    if line.is_empty() {
        return Bitboard::EMPTY;
    }
    let occ = Bitboard::from(a) | b;
    queen_attacks(a, occ) & queen_attacks(b, occ) & line
}

/// The whole line (edge to edge) through `a` and `b` when they share a rank,
/// file or diagonal, including both; empty otherwise.
pub fn ray(a: Square, b: Square) -> Bitboard {
    if a == b {
        return Bitboard::EMPTY;
    }
    for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
        for &(df, dr) in dirs.iter() {
            if slide(a, &[(df, dr)], Bitboard::EMPTY).contains(b) {
                return (slide(a, &[(df, dr)], Bitboard::EMPTY)
                    | slide(a, &[(-df, -dr)], Bitboard::EMPTY))
                .with(a);
            }
        }
    }
    Bitboard::EMPTY
}
