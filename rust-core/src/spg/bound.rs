//! Lower bounds on the moves each side still has to make.
//!
//! For one side, every man of the diagram that is not frozen in place must
//! be some distinct man of the position (its *assignment*); the men left
//! over will be captured. Each side also makes exactly as many captures as
//! the other side has men beyond the diagram's (`owed`): a capture is a
//! move landing on the captured man's square.
//!
//! With `T` the moves the side makes, `moves_m` and `captures_m` each man's
//! share (`Σ captures_m = owed`), for any multiplier `μ`:
//!
//! ```text
//! T = Σ (moves_m − μ · captures_m) + μ · owed
//!   ≥ min over assignments Σ cost_μ(man, target) + μ · owed
//! ```
//!
//! where `cost_μ` is at most what any game charges that man ([`routes`]
//! gives the doubled costs for each `μ` in [`MUS`]; a man to be captured
//! costs 0). `μ = 0` is the plain sum of route lengths; `μ = 1` says every
//! capture is a move and counts the pawn steps that cannot be captures;
//! `μ = -1` charges pawn paths that need more captures than are owed. The
//! bound is the largest of these, and "impossible" when no assignment
//! exists or the pawns' paths need more captures than are owed (an
//! assignment minimising captures alone).
//!
//! Castling is a king move that also moves a rook: a king on its home
//! square with a right may count it as one move to the g- or c-file, its
//! rook as a free move to the f- or d-file.
//!
//! [`routes`]: super::routes

use crate::castling::CastlingRights;
use crate::{Bitboard, Board, CastlingSide, Color, Role, Square};

use super::assignment::{min_cost, Matrix, IMPOSSIBLE, MAX};
use super::routes::{piece_cost, Routes, TargetRoutes, MUS, NEVER};

/// "No game": a bound larger than any number of plies.
pub const UNREACHABLE: u32 = u32::MAX;

/// The fewest moves `color` still needs to turn `board`'s men into the
/// diagram's ([`UNREACHABLE`] when it cannot), walking around the frozen
/// squares `frozen` of `routes`, owing `owed` captures.
pub fn side_bound(
    board: &Board,
    castling: CastlingRights,
    color: Color,
    routes: &Routes,
    frozen: Bitboard,
    owed: u32,
) -> u32 {
    let targets: Vec<&TargetRoutes> = routes.targets[color.index()]
        .iter()
        .filter(|t| !frozen.contains(t.square))
        .collect();
    let men: Vec<(Square, Role)> = (board.by_color(color) - frozen)
        .map(|sq| (sq, board.role_at(sq).expect("occupied")))
        .collect();
    if targets.len() > men.len() || men.len() > MAX {
        return UNREACHABLE;
    }
    let mut m = Matrix::new(targets.len(), men.len());
    // The captures the pawns' paths need must be owed.
    for (i, t) in targets.iter().enumerate() {
        for (j, &(sq, role)) in men.iter().enumerate() {
            m.cost[i][j] = captures_needed(t, sq, role);
        }
    }
    match min_cost(&m) {
        Some(c) if c as u32 <= owed => {}
        _ => return UNREACHABLE,
    }
    let mut best = 0u32;
    for (k, &mu) in MUS.iter().enumerate() {
        for (i, t) in targets.iter().enumerate() {
            for (j, &(sq, role)) in men.iter().enumerate() {
                m.cost[i][j] = cost(t, k, mu, sq, role, color, castling);
            }
        }
        let Some(total) = min_cost(&m) else {
            return UNREACHABLE;
        };
        let doubled = total + mu * owed as i32;
        // Doubled costs: round up.
        let bound = (doubled.max(0) as u32).div_ceil(2);
        best = best.max(bound);
    }
    best
}

/// The fewest captures a man of `role` on `sq` makes to become target `t`.
fn captures_needed(t: &TargetRoutes, sq: Square, role: Role) -> i32 {
    if role == Role::Pawn {
        match t.pawn_captures[sq as usize] {
            NEVER => IMPOSSIBLE,
            c => i32::from(c),
        }
    } else if role == t.role && t.piece[sq as usize] != NEVER {
        0
    } else {
        // Castling can bring a king or rook where its table says never
        // (a wall between), so no verdict here; `cost` decides.
        0
    }
}

/// The doubled cost, under the `k`-th multiplier `mu`, of the man of `role`
/// on `sq` becoming target `t`.
fn cost(
    t: &TargetRoutes,
    k: usize,
    mu: i32,
    sq: Square,
    role: Role,
    color: Color,
    castling: CastlingRights,
) -> i32 {
    if role == Role::Pawn {
        return t.pawn[k][sq as usize];
    }
    if role != t.role {
        return IMPOSSIBLE;
    }
    let mut best = piece_cost(t.piece[sq as usize], mu);
    for side in CastlingSide::ALL {
        if !castling.has(color, side) {
            continue;
        }
        if role == Role::King && sq == CastlingRights::king_home(color) {
            // One king move (not a capture) to the g- or c-file.
            let to = side.king_to(color);
            let rest = piece_cost(t.piece[to as usize], mu);
            best = best.min(2 + rest);
        } else if role == Role::Rook && sq == side.rook_from(color) {
            // Carried to the f- or d-file by the king's move.
            let to = side.rook_to(color);
            best = best.min(piece_cost(t.piece[to as usize], mu));
        }
    }
    best
}
