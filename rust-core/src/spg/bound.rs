//! Lower bounds on the moves each side still has to make.
//!
//! For one side, every man of the diagram that is not frozen in place must
//! be some distinct man of the position (its *assignment*); the men left
//! over will be captured. Each side also makes exactly as many captures as
//! the other side has men beyond the diagram's (`owed`), each a move
//! landing where one of those men can be taken ([`super::victims`]).
//!
//! With `T` the moves the side makes, `moves_m` and `captures_m` each man's
//! share (`Σ captures_m = owed`), for any multiplier `μ`:
//!
//! ```text
//! T = Σ (moves_m − μ · captures_m) + μ · owed
//!   ≥ min over assignments Σ cost_μ(man, target) + μ · owed
//! ```
//!
//! where `cost_μ` is at most what any game charges that man (a man to be
//! captured costs 0, since `μ ≤ 1`). `μ = 0` is the plain sum of route
//! lengths; `μ = 1` says every capture is a move and counts the pawn steps
//! that cannot be captures; `μ = -1` charges pawn paths that need more
//! captures than are owed ([`super::routes`] gives the pawns' doubled costs
//! for each `μ` in [`MUS`]). A piece that captures must go through a
//! landing square on its way: `D1` moves at least (leaving its square and
//! coming back when it captures where it stands), of which at most `owed`
//! are captures. The bound is the largest of these (`μ = 1` and `-1` only
//! where they can raise it), and "impossible" when no assignment exists
//! or the pawns' paths need more captures than are owed (an assignment
//! minimising captures alone).
//!
//! The men the other side's pawns must capture on their way
//! ([`pawn_captures`]: so many captures, landing on these squares) are
//! extra rows of the assignment: a distinct man for each, charged its moves
//! to those squares. Sensitivity questions ("without this man", "if this
//! man moves again") are answered from one solve by the assignment's dual
//! ([`super::assignment::Solution`]), which only ever underestimates them.
//!
//! Castling is a king move that also moves a rook: a king on its home
//! square with a right may count it as one move to the g- or c-file, its
//! rook as a free move to the f- or d-file.
//!
//! A side makes exactly the moves it has left, so their parity counts too
//! (`parity_bound`): a knight's moves to a square have one parity, a
//! pawn's too unless it may choose a double step, and a king, rook, bishop
//! or queen changes the parity of its route only by a detour of odd
//! length, often long where walls leave little room (the king walks that
//! lose a tempo in composed proof games).

use crate::castling::CastlingRights;
use crate::{Bitboard, Board, CastlingSide, Color, Role, Square};

use super::assignment::{min_cost, solve, Matrix, Solution, IMPOSSIBLE, MAX};
use super::frozen::rel_rank;
use super::routes::{piece_table, Routes, TargetRoutes, MUS, NEVER};
use super::victims::starts;

/// "No game": a bound larger than any number of plies.
pub const UNREACHABLE: u32 = u32::MAX;

/// What a side's bound reads besides the board.
pub struct Side<'a> {
    pub color: Color,
    pub castling: CastlingRights,
    pub routes: &'a Routes,
    pub frozen: Bitboard,
    /// The squares a king of this colour never crosses.
    pub king_walls: Bitboard,
    /// Captures this side still makes.
    pub owed: u32,
    /// Where they can land.
    pub landing: Bitboard,
    /// Men of this side the other side's pawns must capture on their
    /// paths ([`pawn_captures`]), and where.
    pub victims: u32,
    pub victim_squares: Bitboard,
    /// The moves the side makes from here to the diagram, exactly, when
    /// the bound may use their parity (`parity_bound`).
    pub moves: Option<u32>,
}

/// One man's ways to one target: the fewest moves without a capture and
/// through a landing square (either [`NEVER`]), each counting a castling
/// move.
#[derive(Clone, Copy)]
struct Ways {
    plain: u8,
    capturing: u8,
}

/// The side's men not frozen in place.
pub fn free_men(board: &Board, color: Color, frozen: Bitboard) -> Vec<(Square, Role)> {
    (board.by_color(color) - frozen)
        .map(|sq| (sq, board.role_at(sq).expect("occupied")))
        .collect()
}

/// The side's targets not frozen in place.
pub fn free_targets(routes: &Routes, frozen: Bitboard) -> Vec<&TargetRoutes> {
    routes
        .targets
        .iter()
        .filter(|t| !frozen.contains(t.square))
        .collect()
}

/// The fewest moves the side still needs to turn `board`'s men into the
/// diagram's ([`UNREACHABLE`] when it cannot).
pub fn side_bound(board: &Board, side: &Side) -> u32 {
    let targets = free_targets(side.routes, side.frozen);
    let men = free_men(board, side.color, side.frozen);
    let victims = side.victims as usize;
    if targets.len() + victims > men.len() || men.len() > MAX {
        return UNREACHABLE;
    }
    // The captures the pawns' paths need must be owed: a pair needing
    // more than the side owes is in no game, and (when it owes some) the
    // assignment's captures together must be owed.
    let mut needed = Matrix::new(targets.len(), men.len());
    for (i, t) in targets.iter().enumerate() {
        for (j, &(sq, role)) in men.iter().enumerate() {
            needed.cost[i][j] = captures_needed(t, sq, role);
        }
    }
    let owed = side.owed as i32;
    let tight_captures = if side.owed == 0 {
        // Every pair left needs no capture: the plain pass below (`μ = 0`)
        // finds no assignment when none fits.
        true
    } else {
        match min_cost(&needed) {
            Some(c) if c <= owed => c == owed,
            _ => return UNREACHABLE,
        }
    };
    let ways: Vec<Vec<Ways>> = men
        .iter()
        .map(|&(sq, role)| piece_ways(sq, role, &targets, side))
        .collect();
    // The moves each man needs to be where the other side's pawns capture.
    let to_victim: Vec<u8> = if victims > 0 {
        men.iter()
            .map(|&(sq, role)| moves_to(side, sq, role, side.victim_squares))
            .collect()
    } else {
        Vec::new()
    };
    let mut m = Matrix::new(targets.len() + victims, men.len());
    let mut best = 0u32;
    let mut vals = [0u32; MUS.len()];
    for (k, &mu) in MUS.iter().enumerate() {
        // The bound is concave in the multiplier: past `μ = 1/2`, larger
        // ones only help when it rose from 0 to 1/2; `μ = -1` only when
        // the pawns' paths use every capture owed. A side that owes no
        // capture needs `μ = -1` alone: its men's costs under `μ > 0` are
        // at most their moves, and under `μ = -1` at least (the captures
        // of a pawn's path are added, which it must not make).
        let useful = match mu {
            _ if side.owed == 0 => mu == -2,
            0 => true,
            2 => vals[1] > vals[0],
            -2 => tight_captures,
            _ => true,
        };
        if !useful {
            continue;
        }
        for (i, t) in targets.iter().enumerate() {
            for (j, &(sq, role)) in men.iter().enumerate() {
                m.cost[i][j] = if needed.cost[i][j] > owed {
                    IMPOSSIBLE
                } else if role == Role::Pawn {
                    t.pawn[k][sq as usize]
                } else {
                    piece_cost(ways[j][i], mu, side.owed)
                };
            }
        }
        for i in targets.len()..targets.len() + victims {
            for (j, &d) in to_victim.iter().enumerate() {
                m.cost[i][j] = if d == NEVER {
                    IMPOSSIBLE
                } else {
                    let d = i32::from(d);
                    2 * d - mu.max(0) * d.min(side.owed as i32)
                };
            }
        }
        let Some(sol) = solve(&m) else {
            return UNREACHABLE;
        };
        let total = sol.total;
        let doubled = total + mu * side.owed as i32;
        // Doubled costs: round up.
        let b = (doubled.max(0) as u32).div_ceil(2);
        // (The concavity test above reads the bounds without parity.)
        vals[k] = b;
        best = best.max(b);
        // The parity of the moves: on the plain costs, or on `μ = -1`'s
        // when no capture is owed (each man's moves and captures, the
        // captures none).
        let moves_only = if side.owed == 0 { mu == -2 } else { mu == 0 };
        if let (true, Some(moves)) = (moves_only, side.moves) {
            best = best.max(parity_bound(&m, &sol, &targets, &men, side, moves));
        }
    }
    best
}

/// The bound of the assignment `sol` of `m` (the plain costs, or with no
/// capture owed `μ = -1`'s, which are then moves too: a lower bound on
/// each man's moves) raised by the parity of the side's moves: it makes
/// exactly `moves` moves, the sum of each man's.
///
/// A man's moves to its target (or to where it is captured) have the
/// parity of its cost in `m`, unless it makes a detour of the other parity
/// ([`detour`]): at least one move for most men, impossible for a knight
/// (every knight move changes the colour of its square) and for a pawn
/// that cannot choose between a double step and two single ones. When
/// every assignment that fits in `moves` costs the same parity (the
/// parities of the entries it may use are a row's plus a column's, so
/// every assignment sums to the same) and that is not the parity of
/// `moves`, some man makes a detour: the bound is the least over the
/// entries of the assignment's cost through that entry (the dual's
/// reduced cost) plus its detour.
fn parity_bound(
    m: &Matrix,
    sol: &Solution,
    targets: &[&TargetRoutes],
    men: &[(Square, Role)],
    side: &Side,
    moves: u32,
) -> u32 {
    let plain = (sol.total / 2) as u32;
    if plain % 2 == moves % 2 || plain > moves {
        return plain;
    }
    let size = sol.size;
    let limit = 2 * moves as i32;
    // The entries some assignment within `moves` may use (padding rows:
    // men captured, at no cost).
    let usable = |i: usize, j: usize| {
        let c = if i < m.rows { m.cost[i][j] } else { 0 };
        c < IMPOSSIBLE && sol.total + sol.reduced(m, i, j) <= limit
    };
    // The parities must be a row's plus a column's: a search over rows
    // and columns along the usable entries, each given its parity.
    let label = |i: usize, j: usize| {
        let c = if i < m.rows { m.cost[i][j] } else { 0 };
        ((c / 2) & 1) as u8
    };
    let mut row_parity: [Option<u8>; MAX] = [None; MAX];
    let mut col_parity: [Option<u8>; MAX] = [None; MAX];
    // Nodes: `(true, i)` a row, `(false, j)` a column.
    let mut stack: Vec<(bool, usize)> = Vec::with_capacity(2 * MAX);
    for start in 0..size {
        if row_parity[start].is_some() {
            continue;
        }
        row_parity[start] = Some(0);
        stack.push((true, start));
        while let Some((is_row, node)) = stack.pop() {
            let here = if is_row {
                row_parity[node]
            } else {
                col_parity[node]
            }
            .expect("set");
            for other in 0..size {
                let (i, j) = if is_row { (node, other) } else { (other, node) };
                if !usable(i, j) {
                    continue;
                }
                let want = here ^ label(i, j);
                let slot = if is_row {
                    &mut col_parity[other]
                } else {
                    &mut row_parity[other]
                };
                match *slot {
                    None => {
                        *slot = Some(want);
                        stack.push((!is_row, other));
                    }
                    Some(p) if p != want => return plain,
                    Some(_) => {}
                }
            }
        }
    }
    let mut best = UNREACHABLE;
    for i in 0..size {
        for (j, &man) in men.iter().enumerate() {
            if !usable(i, j) {
                continue;
            }
            let d = if i < targets.len() {
                detour(targets[i], man, m.cost[i][j] / 2, side)
            } else {
                // Where the other side's pawns capture, or captured
                // anywhere: a man taken may be taken a move later.
                1
            };
            if d != UNREACHABLE {
                best = best.min(plain + (sol.reduced(m, i, j) / 2) as u32 + d);
            }
        }
    }
    best
}

/// The fewest extra moves for the man `(sq, role)` to become target `t` in
/// a number of moves of the other parity than `cost` (its cost in the
/// assignment; [`UNREACHABLE`]: it cannot). A pawn that stays a pawn
/// makes as many moves as the ranks it climbs less one for a double step:
/// one more when it can choose, never another parity otherwise; a pawn
/// that promotes may lose a move as a piece; a piece's walks are
/// [`TargetRoutes::walk`], from its square or where castling puts it.
fn detour(t: &TargetRoutes, (sq, role): (Square, Role), cost: i32, side: &Side) -> u32 {
    let cost = cost.max(0) as u32;
    if role == Role::Pawn {
        if t.role != Role::Pawn {
            return 1;
        }
        let ranks = rel_rank(side.color, t.square).saturating_sub(rel_rank(side.color, sq));
        return if cost + 1 == ranks { 1 } else { UNREACHABLE };
    }
    let mut starts = vec![(sq, 0u32)];
    for cs in CastlingSide::ALL {
        if !side.castling.has(side.color, cs) {
            continue;
        }
        if role == Role::King && sq == CastlingRights::king_home(side.color) {
            starts.push((cs.king_to(side.color), 1));
        } else if role == Role::Rook && sq == cs.rook_from(side.color) {
            starts.push((cs.rook_to(side.color), 0));
        }
    }
    let other = (cost + 1) % 2;
    let walk = starts
        .iter()
        .filter_map(|&(s, extra)| {
            let w = t.walk[s as usize][((other + extra) % 2) as usize];
            (w != NEVER).then_some(u32::from(w) + extra)
        })
        .min();
    match walk {
        Some(w) => w.saturating_sub(cost).max(1),
        None => UNREACHABLE,
    }
}

/// A simpler bound: for each target not frozen in place, the fewest
/// moves any man of the side needs to become it (around the frozen men,
/// castling counted), summed; or the captures the side owes, if more; or
/// [`UNREACHABLE`] when a target has no man that can become it, or the
/// side has fewer men than targets. Every target is some man at the end
/// and each capture is a move, so no game takes fewer: the same argument
/// as [`side_bound`]'s with the assignment relaxed to each target's best
/// man, which a checker can mirror without an assignment algorithm.
pub fn basic_bound(board: &Board, side: &Side) -> u32 {
    let targets = free_targets(side.routes, side.frozen);
    let men = free_men(board, side.color, side.frozen);
    if targets.len() > men.len() {
        return UNREACHABLE;
    }
    let m = plain_matrix(side, &targets, &men);
    let mut sum = 0u32;
    for row in m.cost.iter().take(targets.len()) {
        let best = row[..men.len()].iter().copied().min().unwrap_or(IMPOSSIBLE);
        if best >= IMPOSSIBLE {
            return UNREACHABLE;
        }
        sum += (best as u32).div_ceil(2);
    }
    sum.max(side.owed)
}

/// The doubled route lengths (`μ = 0`) of each of the side's men
/// ([`free_men`]) to each target ([`free_targets`]): rows are targets.
fn plain_matrix(side: &Side, targets: &[&TargetRoutes], men: &[(Square, Role)]) -> Matrix {
    let mut m = Matrix::new(targets.len(), men.len());
    let quiet = no_captures(side);
    for (j, &(sq, role)) in men.iter().enumerate() {
        let ways = piece_ways(sq, role, targets, &quiet);
        for (i, t) in targets.iter().enumerate() {
            m.cost[i][j] = if role == Role::Pawn {
                t.pawn[0][sq as usize]
            } else {
                piece_cost(ways[i], 0, 0)
            };
        }
    }
    m
}

/// For each of the side's men ([`free_men`]), a lower bound on the moves
/// its other men need to make the diagram's (`μ = 0`, by the assignment's
/// dual); `None` when they cannot.
pub fn plain_bounds_without_each(board: &Board, side: &Side) -> Vec<Option<u32>> {
    let targets = free_targets(side.routes, side.frozen);
    let men = free_men(board, side.color, side.frozen);
    let n = men.len();
    if targets.len() + 1 > n || n > MAX {
        return vec![None; n];
    }
    let m = plain_matrix(side, &targets, &men);
    let Some(sol) = solve(&m) else {
        return vec![None; n];
    };
    (0..n)
        .map(|j| {
            let c = sol.without_column(&m, j);
            (c < IMPOSSIBLE).then(|| (c as u32).div_ceil(2))
        })
        .collect()
}

/// The men of the side that can no longer move: standing where the
/// diagram has the same man, they would need more moves than the side has
/// left to leave (and come back, or be replaced) — `moves` is what it has.
///
/// A man that moves again ends on its square after two moves at least (a
/// pawn never comes back), on another target after one, or is captured;
/// each case is an assignment whose cost ([`plain_bounds_without_each`]
/// for the capture) is compared with `moves`. Such a man stays where it is
/// to the end: a wall like the frozen men.
pub fn settled_men(board: &Board, side: &Side, moves: u32) -> Bitboard {
    let targets = free_targets(side.routes, side.frozen);
    let men = free_men(board, side.color, side.frozen);
    let (n, k) = (targets.len(), men.len());
    if n > k || k > MAX {
        return Bitboard::EMPTY;
    }
    let m = plain_matrix(side, &targets, &men);
    let Some(sol) = solve(&m) else {
        return Bitboard::EMPTY;
    };
    let doubled = 2 * moves as i32;
    let mut settled = Bitboard::EMPTY;
    for (j, &(sq, role)) in men.iter().enumerate() {
        let Some(i) = targets
            .iter()
            .position(|t| t.square == sq && t.role == role)
        else {
            continue;
        };
        // A king or rook that may still castle is left alone.
        let castles = CastlingSide::ALL.iter().any(|&cs| {
            side.castling.has(side.color, cs)
                && (sq == CastlingRights::king_home(side.color) || sq == cs.rook_from(side.color))
        });
        if castles {
            continue;
        }
        // Coming back costs two moves (doubled: 4); a pawn never does.
        let back = if role == Role::Pawn { IMPOSSIBLE } else { 4 };
        if sol.with_raised(&m, i, j, back) > doubled && sol.without_column(&m, j) > doubled {
            settled.set(sq);
        }
    }
    settled
}

/// `side` with no captures to make (for bounds on routes alone).
fn no_captures<'a>(side: &Side<'a>) -> Side<'a> {
    Side {
        color: side.color,
        castling: side.castling,
        routes: side.routes,
        frozen: side.frozen,
        king_walls: side.king_walls,
        owed: 0,
        landing: Bitboard::EMPTY,
        victims: 0,
        victim_squares: Bitboard::EMPTY,
        moves: None,
    }
}

/// The fewest moves for the man of `role` on `sq` to stand on one of
/// `squares`, around the frozen squares ([`NEVER`]: it cannot); a pawn
/// walks there (capturing at most the side's owed captures), or promotes
/// and makes at least one more move.
pub fn moves_to(side: &Side, sq: Square, role: Role, squares: Bitboard) -> u8 {
    if squares.contains(sq) {
        return 0;
    }
    if role == Role::King {
        return NEVER;
    }
    if role != Role::Pawn {
        return starts(side, sq, role)
            .into_iter()
            .filter_map(|start| {
                let d = piece_table(role, start, side.frozen, false);
                squares.map(|s| d[s as usize]).min()
            })
            .min()
            .unwrap_or(NEVER);
    }
    let color = side.color;
    let r0 = rel_rank(color, sq);
    let mut best = NEVER;
    for s in squares {
        let r = rel_rank(color, s);
        if r <= r0 || r == 7 {
            continue;
        }
        let files = (s.file() as i32 - sq.file() as i32).unsigned_abs();
        let ranks = r - r0;
        if files > ranks || files > side.owed {
            continue;
        }
        let double = r0 == 1 && ranks >= 2 && ranks - 2 >= files;
        best = best.min((ranks - u32::from(double)) as u8);
    }
    // Promoting takes the ranks left (a double step at most saves one),
    // and the new piece moves at least once more, unless it lands there.
    let ranks = 7 - r0;
    let promote = ranks - u32::from(r0 == 1);
    let last = Bitboard::from_rank(crate::Rank::Eighth.relative_to(color));
    let on_last = (squares & last).any();
    let extra = if on_last { 0 } else { 1 };
    best.min((promote + extra) as u8)
}

/// The captures `side`'s pawns must make on their way to its targets (an
/// assignment minimising them), and the squares where those captures can
/// land: every square where a pawn may capture on its way to a target it
/// needs captures to reach (or, en passant, the square beside it), for
/// the pairs that fit in some assignment within the captures owed and the
/// `moves` the side has left.
pub fn pawn_captures(board: &Board, side: &Side, moves: u32) -> (u32, Bitboard) {
    let targets = free_targets(side.routes, side.frozen);
    let men = free_men(board, side.color, side.frozen);
    let (n, k) = (targets.len(), men.len());
    if n > k || k > MAX {
        return (0, Bitboard::EMPTY);
    }
    let mut caps = Matrix::new(n, k);
    for (i, t) in targets.iter().enumerate() {
        for (j, &(sq, role)) in men.iter().enumerate() {
            caps.cost[i][j] = captures_needed(t, sq, role);
        }
    }
    let plain = plain_matrix(side, &targets, &men);
    let (Some(by_caps), Some(by_moves)) = (solve(&caps), solve(&plain)) else {
        return (0, Bitboard::EMPTY);
    };
    if by_caps.total == 0 {
        return (0, Bitboard::EMPTY);
    }
    let (owed, doubled) = (side.owed as i32, 2 * moves as i32);
    let mut squares = Bitboard::EMPTY;
    for (i, t) in targets.iter().enumerate() {
        for (j, &(sq, role)) in men.iter().enumerate() {
            let c = caps.cost[i][j];
            if role != Role::Pawn || c == 0 || c >= IMPOSSIBLE {
                continue;
            }
            // Some assignment giving target `i` this pawn must fit in the
            // captures owed and the moves left.
            let fits = by_caps.total + by_caps.reduced(&caps, i, j) <= owed
                && by_moves.total + by_moves.reduced(&plain, i, j) <= doubled;
            if fits {
                squares |= capture_region(side.color, sq, t, side.owed);
            }
        }
    }
    (by_caps.total as u32, squares)
}

/// Where a pawn of `color` on `from` may capture on its way to target `t`
/// (as a pawn, or to its promotion square for a piece), making at most
/// `owed` captures; with, for en passant, the square of the pawn taken.
fn capture_region(color: Color, from: Square, t: &TargetRoutes, owed: u32) -> Bitboard {
    let r0 = rel_rank(color, from);
    let mut region = Bitboard::EMPTY;
    for s in Square::ALL {
        let r = rel_rank(color, s);
        if r <= r0 {
            continue;
        }
        let files = (s.file() as i32 - from.file() as i32).unsigned_abs();
        if files > r - r0 || files > owed || files == 0 && r - r0 < 2 {
            continue;
        }
        let onward = if t.role == Role::Pawn {
            let rt = rel_rank(color, t.square);
            let df = (t.square.file() as i32 - s.file() as i32).unsigned_abs();
            rt >= r && df <= rt - r
        } else {
            true
        };
        if onward {
            region.set(s);
            // En passant: the pawn taken stands one rank behind.
            if r == 5 {
                if let Some(beside) = s.offset_coords(0, if color == Color::White { -1 } else { 1 })
                {
                    region.set(beside);
                }
            }
        }
    }
    region
}

/// The doubled cost of a piece's ways under multiplier `mu`: moving
/// without capturing, or through a landing square making up to `owed`
/// captures on the way.
fn piece_cost(w: Ways, mu: i32, owed: u32) -> i32 {
    let plain = if w.plain == NEVER {
        IMPOSSIBLE
    } else {
        2 * i32::from(w.plain)
    };
    if mu <= 0 || w.capturing == NEVER || owed == 0 {
        return plain;
    }
    let d = i32::from(w.capturing);
    plain.min(2 * d - mu * d.min(owed as i32))
}

/// For the piece of `role` on `sq` and each target: its ways there (a pawn
/// gets [`NEVER`]: its costs come from the route tables).
fn piece_ways(sq: Square, role: Role, targets: &[&TargetRoutes], side: &Side) -> Vec<Ways> {
    let none = Ways {
        plain: NEVER,
        capturing: NEVER,
    };
    if role == Role::Pawn {
        return vec![none; targets.len()];
    }
    // Where the man may start its route, and the moves that costs: its
    // square, or where castling puts it.
    let mut starts = vec![(sq, 0u8)];
    for cs in CastlingSide::ALL {
        if !side.castling.has(side.color, cs) {
            continue;
        }
        if role == Role::King && sq == CastlingRights::king_home(side.color) {
            starts.push((cs.king_to(side.color), 1));
        } else if role == Role::Rook && sq == cs.rook_from(side.color) {
            starts.push((cs.rook_to(side.color), 0));
        }
    }
    let capturing = side.owed > 0 && side.landing.any();
    let precise = capturing && side.landing != Bitboard::FULL;
    let walls = if role == Role::King {
        side.king_walls
    } else {
        side.frozen
    };
    // Distances from each start (symmetric moves: a table to the start).
    let from: Vec<[u8; 64]> = if precise {
        starts
            .iter()
            .map(|&(s, _)| piece_table(role, s, walls, role == Role::King))
            .collect()
    } else {
        Vec::new()
    };
    targets
        .iter()
        .map(|t| {
            if t.role != role {
                return none;
            }
            let mut w = none;
            for (k, &(s, extra)) in starts.iter().enumerate() {
                let d = t.piece[s as usize];
                if d != NEVER {
                    w.plain = w.plain.min(d.saturating_add(extra));
                }
                if !capturing {
                    continue;
                }
                // Through a landing square: leaving and coming back where
                // it stands, or by way of another square.
                // (The tables hold from any square whenever the man sets
                // out from it: [`TargetRoutes::piece`].)
                let mut via = if side.landing.contains(s) && d != NEVER {
                    d.saturating_add(2)
                } else {
                    NEVER
                };
                if precise {
                    for v in side.landing.without(s) {
                        let (a, b) = (from[k][v as usize], t.piece[v as usize]);
                        if a != NEVER && b != NEVER {
                            via = via.min(a + b);
                        }
                    }
                } else if d != NEVER {
                    via = via.min(if d == 0 { 2 } else { d });
                }
                if via != NEVER {
                    w.capturing = w.capturing.min(via.saturating_add(extra));
                }
            }
            w
        })
        .collect()
}

/// The fewest captures a man of `role` on `sq` makes to become target `t`.
fn captures_needed(t: &TargetRoutes, sq: Square, role: Role) -> i32 {
    if role == Role::Pawn {
        match t.pawn_captures[sq as usize] {
            NEVER => IMPOSSIBLE,
            c => i32::from(c),
        }
    } else if role == t.role {
        // A piece needs no capture; whether it can get there at all is
        // the other passes' question (castling can bring it past walls).
        0
    } else {
        IMPOSSIBLE
    }
}
