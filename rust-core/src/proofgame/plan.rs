//! The plan: which man of the current position becomes which man of the
//! target, and what that costs at least.
//!
//! For each side, every target man is assigned a distinct man of the current
//! position (a minimum-cost assignment, [`assign`]); the men left over must
//! be captured by the other side. From the two assignments, [`Estimate`]
//! derives a lower bound on the plies still needed (each side's moves, with
//! the turn alternating) and a guide for the search that also rewards
//! bringing a capturer near each man that must be captured.

use super::distance::{cost, piece_distance, relative_rank, Reach, NEVER};
use crate::{Bitboard, Board, Color, Role, Square};

/// One side's men: where they stand and what they are.
#[derive(Debug, Clone, Default)]
pub struct Men {
    pub men: Vec<(Square, Role)>,
}

impl Men {
    pub fn of(board: &Board, color: Color) -> Men {
        let men = board
            .by_color(color)
            .map(|sq| (sq, board.role_at(sq).expect("occupied")))
            .collect();
        Men { men }
    }
}

/// What the plan says about a position on the way to the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Estimate {
    /// Moves each side must still make, at least (indexed by colour).
    pub moves: [u32; 2],
    /// A lower bound on the plies to the target (counting the turn).
    pub plies: u32,
    /// The search's priority term: `plies` plus what the captures still to
    /// be made will cost (not a bound).
    pub guide: u32,
}

/// A large cost for "impossible", small enough not to overflow a sum.
const INF: i64 = 1 << 40;

/// The weight of a move against a capture in the assignment's costs: fewer
/// moves first, then fewer captures.
const MOVE_WEIGHT: i64 = 32;

/// The estimate for `board` (with `turn` to move) on the way to `target`
/// (with `target_turn` to move); `None` when no assignment exists, so the
/// target cannot be reached from here.
///
/// Two passes. First each side's men are assigned to its target men alone
/// (the lower bound `moves`). The pawns of that plan that change files make
/// captures, each on one of a few squares ([`capture_slots`]); in the
/// second pass each side's men are assigned to its target men *and* to the
/// other side's capture slots (a man walking to where it is taken), which
/// the guide uses: a man that can neither become a target man nor be taken
/// where a pawn must take it makes the plan fail, and the guide says so.
pub fn estimate(
    board: &Board,
    turn: Color,
    target: &Board,
    target_turn: Color,
) -> Option<Estimate> {
    let mut moves = [0u32; 2];
    let mut guide_extra = 0u32;
    let mut captures_made = [0u32; 2];
    let cur: [Men; 2] = [Men::of(board, Color::White), Men::of(board, Color::Black)];
    let tgt: [Men; 2] = [Men::of(target, Color::White), Men::of(target, Color::Black)];
    let mut matrices: [Vec<i64>; 2] = [Vec::new(), Vec::new()];
    // Squares where a pawn of each side wants to capture next (the diagonal
    // step toward its assigned file).
    let mut wanted: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
    // Where each capture the first pass's pawn paths make can happen.
    let mut slots: [Vec<Bitboard>; 2] = [Vec::new(), Vec::new()];
    let mut first_used: [Vec<bool>; 2] = [Vec::new(), Vec::new()];
    let mut of_rows: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for color in Color::ALL {
        let c = color.index();
        let (cur, tgt) = (&cur[c], &tgt[c]);
        if tgt.men.len() > cur.men.len() {
            return None;
        }
        let n = tgt.men.len();
        let m = cur.men.len();
        let mut matrix = vec![0i64; n * m];
        for (i, &(tsq, trole)) in tgt.men.iter().enumerate() {
            for (j, &(csq, crole)) in cur.men.iter().enumerate() {
                let (mv, caps) = cost(color, crole, csq, trole, tsq);
                matrix[i * m + j] = if mv == NEVER {
                    INF
                } else {
                    i64::from(mv) * MOVE_WEIGHT + i64::from(caps)
                };
            }
        }
        let (total, of_row) = assign(n, m, &matrix);
        if total >= INF {
            return None;
        }
        moves[c] = (total / MOVE_WEIGHT) as u32;
        captures_made[c] = (total % MOVE_WEIGHT) as u32;
        let mut used = vec![false; m];
        for (i, &j) in of_row.iter().enumerate() {
            used[j] = true;
            let (csq, crole) = cur.men[j];
            let (tsq, trole) = tgt.men[i];
            if crole == Role::Pawn {
                let df = tsq.file() as i32 - csq.file() as i32;
                let forward = if color == Color::White { 1 } else { -1 };
                if df != 0 {
                    if let Some(sq) = csq.offset_coords(df.signum(), forward) {
                        wanted[c].push(sq);
                    }
                    if trole == Role::Pawn {
                        capture_slots(color, csq, tsq, &mut slots[c]);
                    }
                }
            }
        }
        matrices[c] = matrix;
        first_used[c] = used;
        of_rows[c] = of_row;
    }
    // Pawns the plan leaves where they stand block the pieces' paths.
    let mut blocked = Bitboard::EMPTY;
    for c in 0..2 {
        for (j, &(csq, crole)) in cur[c].men.iter().enumerate() {
            if crole == Role::Pawn && first_used[c][j] {
                let i = of_rows[c].iter().position(|&col| col == j).expect("used");
                if tgt[c].men[i].0 == csq {
                    blocked.set(csq);
                }
            }
        }
    }
    // Second pass: each side's men to its target men and to the other
    // side's capture slots, the pieces going around the blocked squares.
    let mut work = 0u32;
    let first_moves = moves;
    let mut leftovers: [Vec<(Square, Role)>; 2] = [Vec::new(), Vec::new()];
    for color in Color::ALL {
        let c = color.index();
        let o = color.other().index();
        let (men, n) = (&cur[c].men, tgt[c].men.len());
        let m = men.len();
        let k = slots[o].len();
        let mut used = first_used[c].clone();
        let mut total_moves = first_moves[c];
        if n + k > m {
            guide_extra += SLOT_PENALTY * (n + k - m) as u32;
        } else {
            let reach: Vec<Option<Reach>> = men
                .iter()
                .map(|&(csq, crole)| (crole != Role::Pawn).then(|| Reach::of(crole, csq, blocked)))
                .collect();
            let mut matrix = matrices[c].clone();
            for (i, &(tsq, trole)) in tgt[c].men.iter().enumerate() {
                for (j, &(_, crole)) in men.iter().enumerate() {
                    if crole == trole {
                        if let Some(r) = &reach[j] {
                            let d = r.to_any(Bitboard::from(tsq));
                            matrix[i * m + j] = if d == NEVER {
                                INF
                            } else {
                                i64::from(d) * MOVE_WEIGHT
                            };
                        }
                    }
                }
            }
            matrix.reserve(k * m);
            for &slot in &slots[o] {
                for (j, &(csq, crole)) in men.iter().enumerate() {
                    let d = match &reach[j] {
                        Some(r) => r.to_any(slot),
                        None => slot
                            .into_iter()
                            .map(|sq| walk_distance(color, crole, csq, sq))
                            .min()
                            .unwrap_or(NEVER),
                    };
                    matrix.push(if d == NEVER {
                        INF
                    } else {
                        i64::from(d) * MOVE_WEIGHT
                    });
                }
            }
            let (total, of_row) = assign(n + k, m, &matrix);
            if total >= INF {
                guide_extra += SLOT_PENALTY;
            } else {
                total_moves = (total / MOVE_WEIGHT) as u32;
                used = vec![false; m];
                for &j in &of_row {
                    used[j] = true;
                }
            }
        }
        work += total_moves;
        leftovers[c] = (0..m).filter(|&j| !used[j]).map(|j| men[j]).collect();
        // The men not in the target are captured: in the slots or elsewhere.
        let to_capture = (m - n) as u32;
        moves[o] = moves[o].max(to_capture);
        work += CAPTURE_WEIGHT * to_capture;
        if captures_made[o] > to_capture {
            // Not provably impossible (a cheaper-in-captures assignment may
            // exist), but costly: steer away.
            guide_extra += PENALTY * (captures_made[o] - to_capture);
        }
    }
    for color in Color::ALL {
        let c = color.index();
        let o = color.other().index();
        // Guide: bring a capturer of ours to each man that must go (and is
        // not already bound for a pawn's capture).
        let ours = &cur[c];
        for &(sq, _) in &leftovers[o] {
            let near = ours
                .men
                .iter()
                .map(|&(from, role)| capture_distance(color, role, from, sq))
                .min()
                .unwrap_or(NEVER);
            // Or the man walks into the capture a pawn of ours wants.
            let victim = board.role_at(sq).expect("occupied");
            let walk = wanted[c]
                .iter()
                .map(|&w| walk_distance(color.other(), victim, sq, w))
                .min()
                .unwrap_or(NEVER);
            let near = near.min(walk);
            guide_extra += u32::from(near.saturating_sub(1)).min(8);
        }
    }
    let plies = plies_for(moves, turn, target_turn);
    Some(Estimate {
        moves,
        plies,
        guide: work + guide_extra,
    })
}

/// The squares where the captures of a pawn of `color` walking from `from`
/// to `to` (changing files) can be made, one set per capture: the `i`-th
/// capture lands on the `i`-th file toward `to`, on a rank that leaves room
/// for the captures before and after it.
fn capture_slots(color: Color, from: Square, to: Square, out: &mut Vec<Bitboard>) {
    let (r1, r2) = (
        relative_rank(color, from) as i32,
        relative_rank(color, to) as i32,
    );
    let df = to.file() as i32 - from.file() as i32;
    let k = df.abs();
    let step = df.signum();
    for i in 1..=k {
        let file = from.file() as i32 + i * step;
        let mut set = Bitboard::EMPTY;
        for r in (r1 + i)..=(r2 - (k - i)) {
            let rank = if color == Color::White { r } else { 7 - r };
            if let Some(sq) = Square::new((rank * 8 + file) as u32) {
                set.set(sq);
            }
        }
        out.push(set);
    }
}

/// The guide's price of a side whose men cannot fill both its target men
/// and the other side's pawns' capture slots.
const SLOT_PENALTY: u32 = 12;

/// The guide's price of an assignment needing more captures than there
/// are men to capture, per capture too many.
const PENALTY: u32 = 4;

/// The guide's price of a man still to be captured (the capture itself and
/// the capturer's detour).
const CAPTURE_WEIGHT: u32 = 2;

/// Moves a man of `color` on `from` as `role` needs, at least, to stand on
/// `to` (a pawn walking straight).
fn walk_distance(color: Color, role: Role, from: Square, to: Square) -> u8 {
    if role == Role::Pawn {
        match cost(color, Role::Pawn, from, Role::Pawn, to) {
            (mv, 0) => mv,
            _ => NEVER,
        }
    } else {
        piece_distance(role, from, to)
    }
}

/// Moves a man of `color` on `from` as `role` needs, at least, to capture on
/// `to` (a pawn only diagonally forward).
fn capture_distance(color: Color, role: Role, from: Square, to: Square) -> u8 {
    if role == Role::Pawn {
        if from.file() == to.file() {
            return NEVER;
        }
        let (mv, _) = cost(color, Role::Pawn, from, Role::Pawn, to);
        if mv == NEVER {
            // Captures on the last rank promote.
            let (q, _) = cost(color, Role::Pawn, from, Role::Queen, to);
            return q;
        }
        mv
    } else {
        piece_distance(role, from, to)
    }
}

/// The fewest plies, from `turn` to move, in which White makes at least
/// `moves[White]` moves and Black `moves[Black]`, ending with `target_turn`
/// to move.
pub fn plies_for(moves: [u32; 2], turn: Color, target_turn: Color) -> u32 {
    let mut n = 0u32;
    loop {
        let (first, second) = (n.div_ceil(2), n / 2);
        let (white, black) = if turn == Color::White {
            (first, second)
        } else {
            (second, first)
        };
        let ends = if n.is_multiple_of(2) {
            turn
        } else {
            turn.other()
        };
        if ends == target_turn
            && white >= moves[Color::White.index()]
            && black >= moves[Color::Black.index()]
        {
            return n;
        }
        n += 1;
    }
}

/// Minimum-cost assignment of `n` rows to distinct columns among `m ≥ n`
/// (Hungarian method with potentials, O(n² m)): the total cost and each
/// row's column.
pub fn assign(n: usize, m: usize, cost: &[i64]) -> (i64, Vec<usize>) {
    debug_assert!(n <= m);
    // 1-based, column 0 is the virtual start.
    let mut u = vec![0i64; n + 1];
    let mut v = vec![0i64; m + 1];
    let mut p = vec![0usize; m + 1];
    let mut way = vec![0usize; m + 1];
    let mut minv = vec![0i64; m + 1];
    let mut used = vec![false; m + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0usize;
        minv.iter_mut().for_each(|x| *x = i64::MAX);
        used.iter_mut().for_each(|x| *x = false);
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = i64::MAX;
            let mut j1 = 0usize;
            for j in 1..=m {
                if !used[j] {
                    let cur = cost[(i0 - 1) * m + (j - 1)] - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=m {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut of_row = vec![0usize; n];
    let mut total = 0i64;
    for j in 1..=m {
        if p[j] != 0 {
            of_row[p[j] - 1] = j - 1;
            total += cost[(p[j] - 1) * m + (j - 1)];
        }
    }
    (total, of_row)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn hungarian_small() {
        // rows x cols = 2 x 3
        let c = [4, 1, 3, 2, 0, 5];
        let (total, rows) = assign(2, 3, &c);
        assert_eq!(total, 1 + 2);
        assert_eq!(rows, vec![1, 0]);
    }

    #[test]
    fn start_is_zero() {
        let b = Board::start();
        let e = estimate(&b, Color::White, &b, Color::White).unwrap();
        assert_eq!(e.plies, 0);
        assert_eq!(plies_for([0, 0], Color::White, Color::Black), 1);
    }

    #[test]
    fn after_e4_nf3() {
        let p =
            Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
                .unwrap();
        let e = estimate(&Board::start(), Color::White, p.board(), p.turn()).unwrap();
        assert_eq!(e.moves, [2, 1]);
        assert_eq!(e.plies, 3);
    }
}
