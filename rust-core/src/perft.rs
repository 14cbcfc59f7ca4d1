//! Perft: counting the leaves of the legal move tree.
//!
//! `perft(pos, d)` is the number of move sequences of length `d` from `pos`.
//! Published perft numbers for a handful of positions exercise every rule
//! (castling, en passant, promotions, pins, checks), so matching them is the
//! standard correctness test of a move generator, and the standard speed
//! benchmark.
//!
//! The last ply is *bulk counted*: at depth 1 the answer is the number of
//! legal moves, which [`Position::legal_move_count`] computes from bitboard
//! popcounts without building, let alone playing, any move.

use crate::{Move, MoveList, Position};

/// The number of legal move sequences of length `depth` from `pos`
/// (1 for depth 0).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => {
            let mut moves = MoveList::new();
            pos.fill_legal_moves(&mut moves);
            moves
                .iter()
                .map(|m| {
                    let mut child = *pos;
                    child.play_unchecked(m);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// Perft split by root move: each legal move with the perft of the position
/// after it at `depth - 1`, in generation order. The counts add up to
/// `perft(pos, depth)`. Empty for depth 0 (there are no root moves to split
/// by). This is the tool for locating a move generator bug: compare the
/// split against a reference engine and descend into the move that differs.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (*m, perft(&child, depth - 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Published values (chessprogramming.org, "Perft Results").
    #[test]
    fn start_position_shallow() {
        let pos = Position::start();
        assert_eq!(perft(&pos, 0), 1);
        assert_eq!(perft(&pos, 1), 20);
        assert_eq!(perft(&pos, 2), 400);
        assert_eq!(perft(&pos, 3), 8_902);
    }

    #[test]
    fn divide_sums_to_perft() {
        let pos = Position::start();
        let split = divide(&pos, 3);
        assert_eq!(split.len(), 20);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 8_902);
        assert!(divide(&pos, 0).is_empty());
    }
}
