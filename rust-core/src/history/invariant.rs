//! What the abstraction of every position of every game satisfies: the
//! search drops a predecessor that fails it, and a certificate counts such
//! a state as covered.
//!
//! `covered` states are those a history never passes through, so that a
//! closed set need not hold them. Each condition is true of `α_Z(Q)` for
//! every position `Q` a game reaches:
//! - **fits** ([`Abstract::fits`]): each file's pawns can stand on
//!   squares in their order, a pawn not pinned neither on the zone nor on
//!   its second rank. True of `α_Z` of every board, by definition.
//! - **material**: a side has at most 16 men and 8 pawns, and its pawns
//!   plus its men beyond the initial ones of their kind
//!   ([`Abstract::promoted`]) number at most 8 (each such man is a pawn
//!   promoted: a side never has more than 8 pawns, and a promotion takes
//!   one away for good). The material invariant of reachable positions
//!   (`Rule::Invariants`, proven in Coq).
//! - **pawn captures**: each side's pawns can be given distinct starting
//!   files, a pawn on file `f` the file `g` with `|f - g|` at most the
//!   ranks it went up (its relative rank less 2; for a pawn not pinned, at
//!   most 5), so that the sum of the `|f - g|` is at most the other side's
//!   missing men. A pawn changes file only by capturing, one file and one
//!   rank a capture, distinct pawns started on distinct files, and each man
//!   a side misses was taken by one capture of the other side: the
//!   pawn-capture counting of `Rule::PawnCaptures` and `Rule::Crossing`,
//!   proven in Coq by a ghost that remembers each pawn's starting file.
//!
//! - **columns** (Texel's pruning of proof kernels): a column is
//!   [`complete`] when it holds a white pawn below a black one, as in the
//!   initial position. Going back, only a capture makes a column complete
//!   (a pawn step keeps the order; a promotion taken back puts a white pawn
//!   on top or a black one at the bottom, which never completes one), and
//!   a capture changes at most two neighbouring columns. Every capture
//!   taken back gives a side a man back, so a history from the state needs
//!   exactly `32 - men` captures, at least [`column_captures`]. This one is
//!   a fact about the abstract steps alone.
//!
//! The side to move and check are not part of the state, so nothing here
//! speaks of them.

use super::state::Abstract;
use crate::{Bitboard, Color, File};

/// Whether `a` fits and satisfies the invariants (see the module docs).
pub fn viable(a: &Abstract, zone: Bitboard) -> bool {
    let men = Color::ALL.map(|c| a.men(c));
    let material = Color::ALL.into_iter().all(|color| {
        let pawns = a.pawn_count(color);
        men[color as usize] <= 16 && pawns <= 8 && pawns + a.promoted(color) <= 8
    });
    material
        && column_captures(a) + men[0] + men[1] <= 32
        && a.fits(zone)
        && Color::ALL.into_iter().all(|color| {
            pawn_captures(a, color).is_some_and(|c| c + men[color.other() as usize] <= 16)
        })
}

/// Whether `file`'s column is as in the initial position up to the pawns'
/// squares: a white pawn below a black one.
pub fn complete(a: &Abstract, file: File) -> bool {
    let column = a.column(file);
    column.len() == 2 && column.get(0).color == Color::White && column.get(1).color == Color::Black
}

/// The fewest captures that can make every column [`complete`]: each
/// capture changes at most two neighbouring columns, so this is the
/// fewest pairs of neighbouring files that cover the incomplete ones
/// (see the module docs).
pub fn column_captures(a: &Abstract) -> u32 {
    let mut need = 0;
    let mut file = 0;
    while file < 8 {
        if complete(a, File::ALL[file]) {
            file += 1;
        } else {
            need += 1;
            file += 2;
        }
    }
    need
}

/// The fewest captures `color`'s pawns made to stand where they stand: the
/// cheapest assignment of distinct starting files (see the module docs),
/// `None` when there is none.
pub fn pawn_captures(a: &Abstract, color: Color) -> Option<u32> {
    // (file, the most files it can have moved across), at most 8.
    let mut pawns = [(0u32, 0u32); 8];
    let mut n = 0;
    for file in File::ALL {
        for pawn in a.column(file).iter() {
            if pawn.color != color {
                continue;
            }
            if n == 8 {
                return None;
            }
            let reach = match pawn.rank {
                Some(rank) => (rank.relative_to(color) as u32).saturating_sub(1),
                None => 5,
            };
            pawns[n] = (file as u32, reach);
            n += 1;
        }
    }
    // best[mask]: the cheapest assignment of the first |mask| pawns to the
    // files of `mask`.
    const NONE: u32 = u32::MAX;
    let mut best = [NONE; 256];
    best[0] = 0;
    let mut answer = NONE;
    for mask in 0usize..256 {
        let cost = best[mask];
        if cost == NONE {
            continue;
        }
        let i = mask.count_ones() as usize;
        if i == n {
            answer = answer.min(cost);
            continue;
        }
        let (file, reach) = pawns[i];
        for start in 0..8u32 {
            let bit = 1usize << start;
            let d = file.abs_diff(start);
            if mask & bit == 0 && d <= reach {
                let next = &mut best[mask | bit];
                *next = (*next).min(cost + d);
            }
        }
    }
    (answer != NONE).then_some(answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bitboard, Position};

    fn abs(fen: &str) -> Abstract {
        Abstract::of(Position::from_fen(fen).unwrap().board(), Bitboard::EMPTY)
    }

    #[test]
    fn initial_is_viable() {
        assert!(viable(&Abstract::initial(Bitboard::EMPTY), Bitboard::EMPTY));
    }

    #[test]
    fn doubled_pawns_need_a_capture() {
        // Two white pawns on the b-file: one came from a or c, by a capture.
        let a = abs("4k3/8/8/8/8/1P6/1P6/4K3 w - -");
        assert_eq!(pawn_captures(&a, Color::White), Some(1));
        let a = abs("4k3/8/8/8/8/8/PP6/4K3 w - -");
        assert_eq!(pawn_captures(&a, Color::White), Some(0));
    }

    #[test]
    fn tripled_pawns_without_men_to_take() {
        // Three pawns on the a-file need 1 + 2 captures; Black has all 16
        // men: no capture was ever made by White.
        let a = abs("rnbqkbnr/pppppppp/P7/P7/P7/8/8/4K3 w - -");
        assert_eq!(pawn_captures(&a, Color::White), Some(3));
        assert!(!viable(&a, Bitboard::EMPTY));
    }

    #[test]
    fn a_pawn_on_its_second_rank_made_no_capture() {
        // g2 and h2 never moved. With them and h3 on the zone, the pawn on
        // h3 came from g or h: from neither.
        let b = *Position::from_fen("4k3/8/8/8/8/7P/6PP/4K3 w - -")
            .unwrap()
            .board();
        let zone: Bitboard = [crate::Square::G2, crate::Square::H2, crate::Square::H3]
            .into_iter()
            .collect();
        let a = Abstract::of(&b, zone);
        assert_eq!(pawn_captures(&a, Color::White), None);
        assert!(!viable(&a, zone));
        // Off the zone its rank is forgotten: it may have come from f, two
        // captures away.
        let a = abs("4k3/8/8/8/8/7P/6PP/4K3 w - -");
        assert_eq!(pawn_captures(&a, Color::White), Some(2));
    }
}

#[cfg(test)]
mod column_tests {
    use super::*;
    use crate::{Bitboard, Position};

    #[test]
    fn columns_need_captures() {
        let a = Abstract::initial(Bitboard::EMPTY);
        assert_eq!(column_captures(&a), 0);
        // e4 d5 exd5: the d and e columns changed, one capture.
        let b = *Position::from_fen("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b - -")
            .unwrap()
            .board();
        let a = Abstract::of(&b, Bitboard::EMPTY);
        assert_eq!(column_captures(&a), 1);
        assert!(viable(&a, Bitboard::EMPTY));
        // The same pawns with all 32 men: no capture to make it.
        let b = *Position::from_fen("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b - -")
            .unwrap()
            .board();
        let mut full = b;
        full.set_piece_at(
            crate::Square::E4,
            crate::Piece::new(Color::Black, crate::Role::Knight),
        );
        assert!(!viable(
            &Abstract::of(&full, Bitboard::EMPTY),
            Bitboard::EMPTY
        ));
    }
}
