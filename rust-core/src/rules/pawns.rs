//! Pawn-capture counting (Filman, ch. 3).
//!
//! A pawn changes file only by capturing, one file per capture, so a pawn
//! standing on file `f` that started the game on file `g` has captured at
//! least `|f - g|` times. The eight pawns of a side start on eight distinct
//! files and keep their identity until they promote (and leave the board as
//! pawns), so the pawns a side has now came from distinct starting files:
//! the cheapest assignment of its pawns to distinct starting files is a
//! lower bound on the captures that side made. Every capture removes one of
//! the other side's men for good (promotions only change a man's role), so
//! a side has made at most `16 - m` captures, `m` being the other side's men
//! on the board. A position where a side needs more captures than that is
//! reached by no game.
//!
//! Promoted men count too: each man beyond its side's initial set (a second
//! queen, a third knight, …; [`SideMaterial::promoted_excess`]) is a pawn
//! that promoted, so it also used up a starting file `g`, and it reached its
//! seventh rank on some file `x` after at least `|x - g|` captures. An
//! opponent pawn standing now on its own second rank (our seventh) has
//! stood there all game (it never moved), so its file's seventh-rank square
//! was never free: `x` is one of the other files.
//!
//! The assignment is a bitmask dynamic programme over the set of starting
//! files used: at most 8 × 256 steps.

use crate::retro::SideMaterial;
use crate::{Bitboard, Color, File, Piece, Position, Rank, Role};

/// A cost too high for any position: no file can be assigned.
const IMPOSSIBLE: u32 = 1000;

/// The fewest captures `color`'s pawns (those on the board and those that
/// promoted into its men beyond the initial set) must have made, by the
/// cheapest assignment to distinct starting files; `None` when they are
/// more than 8 (the invariants refute that).
pub fn min_pawn_captures(pos: &Position, color: Color) -> Option<u32> {
    let board = pos.board();
    let mut costs: Vec<[u32; 8]> = board
        .by_piece(Piece::new(color, Role::Pawn))
        .into_iter()
        .map(|sq| {
            let f = sq.file().index();
            std::array::from_fn(|g| f.abs_diff(g as u32))
        })
        .collect();
    let promoted = SideMaterial::of(board, color).promoted_excess() as usize;
    if costs.len() + promoted > 8 {
        return None;
    }
    if promoted > 0 {
        // Files whose seventh-rank square an unmoved opponent pawn holds.
        let seventh = Bitboard::from_rank(Rank::Seventh.relative_to(color));
        let blockers = board.by_piece(Piece::new(color.other(), Role::Pawn)) & seventh;
        let open: Vec<u32> = (0..8u32)
            .filter(|&x| {
                File::new(x).is_some_and(|f| (blockers & Bitboard::from_file(f)).is_empty())
            })
            .collect();
        let cost: [u32; 8] = std::array::from_fn(|g| {
            open.iter()
                .map(|&x| x.abs_diff(g as u32))
                .min()
                .unwrap_or(IMPOSSIBLE)
        });
        costs.extend(std::iter::repeat_n(cost, promoted));
    }
    // best[mask]: cheapest assignment of the first popcount(mask) items to
    // the starting files in mask.
    let mut best = [u32::MAX; 256];
    best[0] = 0;
    let mut answer = u32::MAX;
    for mask in 0usize..256 {
        let cost = best[mask];
        if cost == u32::MAX {
            continue;
        }
        let i = mask.count_ones() as usize;
        if i == costs.len() {
            answer = answer.min(cost);
            continue;
        }
        for (g, &step) in costs[i].iter().enumerate() {
            if mask & (1 << g) == 0 {
                let next = mask | (1 << g);
                best[next] = best[next].min(cost + step);
            }
        }
    }
    Some(answer)
}

/// Whether some side's pawns need more captures than the other side has
/// lost men (see the module docs).
pub fn refutes(pos: &Position) -> bool {
    Color::ALL.into_iter().any(|color| {
        let captured = 16u32.saturating_sub(pos.board().by_color(color.other()).count());
        min_pawn_captures(pos, color).is_some_and(|need| need > captured)
    })
}
