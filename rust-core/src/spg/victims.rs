//! Where a side's men can be captured.
//!
//! Every capture lands where a man of the other side stands (or, en
//! passant, just behind a pawn that has made its double step). A man that
//! is captured is one the side can spare: the diagram's men must still be
//! made from the others, which costs at least the bound without it
//! ([`plain_bounds_without_each`]); its own moves come out of what is left,
//! so it can only be taken on a square it reaches within that many moves.
//! The union of those squares over the men that can be spared is where
//! the other side's captures land, which the other side's bound then
//! requires of its capturers' routes.

use crate::{Bitboard, Board, CastlingSide, Color, Role, Square};

use super::bound::{free_men, plain_bounds_without_each, Side};
use super::frozen::rel_rank;
use super::routes::{piece_table, NEVER};

/// The squares where captures of `side.color`'s men can land, the side
/// having `moves_left` moves to make (its pawns capturing at most
/// `side.owed` times).
pub fn landing_squares(board: &Board, side: &Side, moves_left: u32) -> Bitboard {
    let men = free_men(board, side.color, side.frozen);
    let without = plain_bounds_without_each(board, side);
    let mut landing = Bitboard::EMPTY;
    for (&(sq, role), lb) in men.iter().zip(without) {
        let Some(lb) = lb else { continue };
        if role == Role::King || lb > moves_left {
            continue;
        }
        let radius = moves_left - lb;
        landing |= match role {
            Role::Pawn => pawn_reach(side.color, sq, side.frozen, radius, side.owed),
            _ => {
                let mut reach = Bitboard::EMPTY;
                for start in starts(side, sq, role) {
                    let dist = piece_table(role, start, side.frozen, false);
                    for s in Square::ALL {
                        let d = dist[s as usize];
                        if d != NEVER && u32::from(d) <= radius {
                            reach.set(s);
                        }
                    }
                }
                reach
            }
        };
        if landing == Bitboard::FULL {
            break;
        }
    }
    landing
}

/// Where the piece of `role` on `sq` may start its moves: its square, and
/// for a rook with its castling right the square castling puts it on (the
/// king's move carries it there).
pub fn starts(side: &Side, sq: Square, role: Role) -> Vec<Square> {
    let mut starts = vec![sq];
    if role == Role::Rook {
        for cs in CastlingSide::ALL {
            if side.castling.has(side.color, cs) && sq == cs.rook_from(side.color) {
                starts.push(cs.rook_to(side.color));
            }
        }
    }
    starts
}

/// The squares a pawn of `color` on `from` can stand on within `moves`
/// moves and `captures` captures, around the frozen squares, with the
/// squares behind them where an en passant capture lands; every square
/// when it can promote (the new piece could go anywhere).
fn pawn_reach(color: Color, from: Square, frozen: Bitboard, moves: u32, captures: u32) -> Bitboard {
    let fwd = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    // (square, moves used, captures used), explored rank by rank.
    let mut seen = Bitboard::from(from);
    let mut frontier = vec![(from, 0u32, 0u32)];
    while let Some((sq, m, c)) = frontier.pop() {
        if m == moves {
            continue;
        }
        let mut step = |to: Option<Square>, capture: u32, frontier: &mut Vec<_>| {
            if let Some(to) = to {
                if !frozen.contains(to) && c + capture <= captures {
                    seen.set(to);
                    frontier.push((to, m + 1, c + capture));
                }
            }
        };
        step(sq.offset_coords(0, fwd), 0, &mut frontier);
        step(sq.offset_coords(-1, fwd), 1, &mut frontier);
        step(sq.offset_coords(1, fwd), 1, &mut frontier);
        if rel_rank(color, sq) == 1 {
            if let Some(one) = sq.offset_coords(0, fwd) {
                if !frozen.contains(one) {
                    step(sq.offset_coords(0, 2 * fwd), 0, &mut frontier);
                }
            }
        }
    }
    if (seen & Bitboard::BACKRANKS).any() {
        return Bitboard::FULL;
    }
    let mut landing = seen;
    for s in seen {
        if rel_rank(color, s) == 3 {
            if let Some(behind) = s.offset_coords(0, -fwd) {
                landing.set(behind);
            }
        }
    }
    landing
}

#[cfg(test)]
mod tests {
    use super::*;
    use Square::*;

    #[test]
    fn a_pawn_on_its_file() {
        let r = pawn_reach(Color::White, D2, Bitboard::from(D7), 9, 0);
        let want: Bitboard = [D2, D3, D4, D5, D6].into_iter().collect();
        assert_eq!(r, want);
        // Two moves: d3 and d4; e.p. behind d4 is d3.
        let r = pawn_reach(Color::White, D2, Bitboard::EMPTY, 2, 0);
        let want: Bitboard = [D2, D3, D4, D5].into_iter().collect();
        assert_eq!(r, want);
        // Promoting: anywhere.
        assert_eq!(
            pawn_reach(Color::Black, H2, Bitboard::EMPTY, 1, 0),
            Bitboard::FULL
        );
    }
}
