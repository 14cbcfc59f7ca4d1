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
//! The assignment is a bitmask dynamic programme over the set of starting
//! files used: at most 8 × 256 steps.

use crate::{Color, Piece, Position, Role};

/// The fewest captures `color`'s pawns on `pos` must have made, by the
/// cheapest assignment of the pawns to distinct starting files (`None` when
/// the side has more than 8 pawns: the invariants refute that).
pub fn min_pawn_captures(pos: &Position, color: Color) -> Option<u32> {
    let files: Vec<u32> = pos
        .board()
        .by_piece(Piece::new(color, Role::Pawn))
        .into_iter()
        .map(|sq| sq.file().index())
        .collect();
    if files.len() > 8 {
        return None;
    }
    // best[mask]: cheapest assignment of the first popcount(mask) pawns to
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
        if i == files.len() {
            answer = answer.min(cost);
            continue;
        }
        let f = files[i];
        for g in 0..8u32 {
            if mask & (1 << g) == 0 {
                let next = mask | (1 << g);
                best[next] = best[next].min(cost + f.abs_diff(g));
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
