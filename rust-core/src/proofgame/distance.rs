//! How many moves a man needs, at least, to become another man elsewhere:
//! a piece walking on an empty board, a pawn walking forward (each file it
//! changes is a capture), a pawn promoting and the new piece walking on.
//!
//! These are lower bounds (the board is taken as empty), used by the plan
//! ([`super::plan`]) to guide the search; nothing here is trusted for a
//! verdict.

use std::sync::OnceLock;

use crate::attacks;
use crate::{Bitboard, Color, Role, Square};

/// "Cannot": no sequence of moves turns this man into that one.
pub const NEVER: u8 = u8::MAX;

/// The cheapest way a man of `color` standing on `from` as `from_role`
/// becomes a man of role `to_role` on `to`: `(moves, captures)`, with
/// `moves == NEVER` when it cannot. `captures` counts the captures the man
/// must make on the way (file changes of a pawn).
#[inline]
pub fn cost(color: Color, from_role: Role, from: Square, to_role: Role, to: Square) -> (u8, u8) {
    let t = table();
    t[index(color, from_role, from, to_role, to)]
}

/// The minimum moves of a piece (not a pawn) of `role` from `from` to `to`
/// on an empty board; [`NEVER`] for a bishop changing square colour.
pub fn piece_distance(role: Role, from: Square, to: Square) -> u8 {
    if from == to {
        return 0;
    }
    let (f1, r1) = (from.file() as i32, from.rank() as i32);
    let (f2, r2) = (to.file() as i32, to.rank() as i32);
    let same_line = f1 == f2 || r1 == r2;
    let same_diag = (f1 - f2).abs() == (r1 - r2).abs();
    match role {
        Role::King => from.distance(to) as u8,
        Role::Rook => {
            if same_line {
                1
            } else {
                2
            }
        }
        Role::Bishop => {
            if from.is_light() != to.is_light() {
                NEVER
            } else if same_diag {
                1
            } else {
                2
            }
        }
        Role::Queen => {
            if same_line || same_diag {
                1
            } else {
                2
            }
        }
        Role::Knight => knight_distances()[from as usize][to as usize],
        Role::Pawn => NEVER,
    }
}

/// The squares a piece (not a pawn) reaches in each number of moves, on a
/// board where only the `blocked` squares hold men (it neither passes
/// through nor lands on them): `levels[d]` is reached in exactly `d` moves.
#[derive(Debug, Clone)]
pub struct Reach {
    levels: Vec<Bitboard>,
}

impl Reach {
    pub fn of(role: Role, from: Square, blocked: Bitboard) -> Reach {
        let mut levels = vec![Bitboard::from(from)];
        let mut seen = Bitboard::from(from);
        loop {
            let mut next = Bitboard::EMPTY;
            for sq in *levels.last().expect("a level") {
                next |= match role {
                    Role::Knight => attacks::knight_attacks(sq),
                    Role::King => attacks::king_attacks(sq),
                    Role::Bishop => attacks::bishop_attacks(sq, blocked),
                    Role::Rook => attacks::rook_attacks(sq, blocked),
                    Role::Queen => attacks::queen_attacks(sq, blocked),
                    Role::Pawn => Bitboard::EMPTY,
                };
            }
            next = next & !blocked & !seen;
            if next.is_empty() {
                return Reach { levels };
            }
            seen |= next;
            levels.push(next);
        }
    }

    /// The fewest moves to one of `squares`; [`NEVER`] if none is reached.
    pub fn to_any(&self, squares: Bitboard) -> u8 {
        self.levels
            .iter()
            .position(|l| l.intersects(squares))
            .map_or(NEVER, |d| d as u8)
    }
}

/// `(moves, captures)` for a pawn of `color` on `from` to reach each square
/// (staying a pawn; the last rank's squares are where it promotes), on a
/// board where only the `blocked` squares hold men: it neither walks nor
/// captures onto them. Fewest moves first, then fewest captures; `NEVER`
/// moves where it cannot go.
pub fn pawn_reach(color: Color, from: Square, blocked: Bitboard) -> [(u8, u8); 64] {
    let mut best = [(NEVER, 0u8); 64];
    let r1 = relative_rank(color, from);
    if r1 == 0 || r1 == 7 {
        return best;
    }
    best[from as usize] = (0, 0);
    let forward = if color == Color::White { 1 } else { -1 };
    let relax = |best: &mut [(u8, u8); 64], to: Option<Square>, cost: (u8, u8)| {
        if let Some(to) = to {
            if !blocked.contains(to) && cost < best[to as usize] {
                best[to as usize] = cost;
            }
        }
    };
    // The double step (both squares free).
    if r1 == 1 {
        if let (Some(one), Some(two)) = (
            from.offset_coords(0, forward),
            from.offset_coords(0, 2 * forward),
        ) {
            if !blocked.contains(one) {
                relax(&mut best, Some(two), (1, 0));
            }
        }
    }
    for r in r1..7 {
        let rank = if color == Color::White { r } else { 7 - r };
        for file in 0..8u32 {
            let sq = Square::new(u32::from(rank) * 8 + file).expect("on the board");
            let (m, c) = best[sq as usize];
            if m == NEVER {
                continue;
            }
            relax(&mut best, sq.offset_coords(0, forward), (m + 1, c));
            relax(&mut best, sq.offset_coords(-1, forward), (m + 1, c + 1));
            relax(&mut best, sq.offset_coords(1, forward), (m + 1, c + 1));
        }
    }
    best
}

/// `(moves, captures)` for a pawn of `color` from `from` to `to` (staying a
/// pawn, so `to` is not on the last rank).
pub fn pawn_walk(color: Color, from: Square, to: Square) -> (u8, u8) {
    let r1 = relative_rank(color, from);
    let r2 = relative_rank(color, to);
    if r1 == 0 || r2 == 0 || r2 < r1 {
        return (NEVER, 0);
    }
    let dr = r2 - r1;
    let df = (from.file() as i32 - to.file() as i32).unsigned_abs() as u8;
    if df > dr {
        return (NEVER, 0);
    }
    // A double step from the second rank covers two ranks in one move,
    // leaving `dr - 2` ranks for the `df` captures.
    let double = r1 == 1 && dr >= 2 && dr - 2 >= df;
    (dr - u8::from(double), df)
}

/// The rank of `sq` as seen by `color` (0 = its first rank).
pub fn relative_rank(color: Color, sq: Square) -> u8 {
    let r = sq.rank() as u8;
    match color {
        Color::White => r,
        Color::Black => 7 - r,
    }
}

fn index(color: Color, from_role: Role, from: Square, to_role: Role, to: Square) -> usize {
    (((color.index() * 6 + from_role.index()) * 64 + from as usize) * 6 + to_role.index()) * 64
        + to as usize
}

fn table() -> &'static [(u8, u8)] {
    static TABLE: OnceLock<Vec<(u8, u8)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![(NEVER, 0); 2 * 6 * 64 * 6 * 64];
        for color in Color::ALL {
            for from_role in Role::ALL {
                for from in Square::ALL {
                    for to_role in Role::ALL {
                        for to in Square::ALL {
                            t[index(color, from_role, from, to_role, to)] =
                                compute(color, from_role, from, to_role, to);
                        }
                    }
                }
            }
        }
        t
    })
}

fn compute(color: Color, from_role: Role, from: Square, to_role: Role, to: Square) -> (u8, u8) {
    match (from_role, to_role) {
        (Role::Pawn, Role::Pawn) => pawn_walk(color, from, to),
        (Role::Pawn, Role::King) => (NEVER, 0),
        (Role::Pawn, role) => {
            let r1 = relative_rank(color, from);
            if r1 == 0 || r1 == 7 {
                return (NEVER, 0);
            }
            let last = match color {
                Color::White => 7,
                Color::Black => 0,
            };
            let mut best = (NEVER, 0u8);
            for file in 0..8u32 {
                let promo = Square::new(last * 8 + file).expect("on the board");
                let df = (from.file() as i32 - file as i32).unsigned_abs() as u8;
                let dr = 7 - r1;
                if df > dr {
                    continue;
                }
                let double = r1 == 1 && dr >= 2 && dr - 2 >= df;
                let walk = dr - u8::from(double);
                let rest = piece_distance(role, promo, to);
                if rest == NEVER {
                    continue;
                }
                let total = (walk + rest, df);
                if total < best {
                    best = total;
                }
            }
            best
        }
        (_, Role::Pawn) => (NEVER, 0),
        (a, b) if a == b => (piece_distance(a, from, to), 0),
        _ => (NEVER, 0),
    }
}

fn knight_distances() -> &'static [[u8; 64]; 64] {
    static TABLE: OnceLock<Box<[[u8; 64]; 64]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([[NEVER; 64]; 64]);
        for from in Square::ALL {
            let row = &mut t[from as usize];
            row[from as usize] = 0;
            let mut frontier = vec![from];
            let mut d = 0;
            while !frontier.is_empty() {
                d += 1;
                let mut next = Vec::new();
                for sq in frontier {
                    for to in crate::attacks::knight_attacks(sq) {
                        if row[to as usize] == NEVER {
                            row[to as usize] = d;
                            next.push(to);
                        }
                    }
                }
                frontier = next;
            }
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Square::*;

    #[test]
    fn pieces() {
        assert_eq!(piece_distance(Role::Knight, G1, F3), 1);
        assert_eq!(piece_distance(Role::Knight, A1, H8), 6);
        assert_eq!(piece_distance(Role::Bishop, C1, C2), NEVER);
        assert_eq!(piece_distance(Role::Bishop, C1, H6), 1);
        assert_eq!(piece_distance(Role::Rook, A1, B2), 2);
        assert_eq!(piece_distance(Role::King, E1, E8), 7);
    }

    #[test]
    fn around_blocked_squares() {
        // A bishop on c1 behind pawns on b2 and d2 goes nowhere.
        let walls = Bitboard::from(B2) | Bitboard::from(D2);
        let r = Reach::of(Role::Bishop, C1, walls);
        assert_eq!(r.to_any(Bitboard::from(H6)), NEVER);
        assert_eq!(
            Reach::of(Role::Bishop, C1, Bitboard::EMPTY).to_any(Bitboard::from(H6)),
            1
        );
        // A rook goes around a wall: a1 to a3 past a2 takes three moves.
        let r = Reach::of(Role::Rook, A1, Bitboard::from(A2));
        assert_eq!(r.to_any(Bitboard::from(A3)), 3);
        // A pawn blocked on its file captures around the block.
        let p = pawn_reach(Color::White, B5, Bitboard::from(B6));
        assert_eq!(p[B7 as usize], (2, 2));
        assert_eq!(p[B6 as usize].0, NEVER);
        let p = pawn_reach(Color::White, E2, Bitboard::EMPTY);
        assert_eq!(p[E4 as usize], (1, 0));
        assert_eq!(p[F4 as usize], (2, 1));
        // No double step through a blocked square: around it by captures.
        let p = pawn_reach(Color::Black, A7, Bitboard::from(A6));
        assert_eq!(p[A5 as usize], (2, 2));
    }

    #[test]
    fn pawns() {
        assert_eq!(pawn_walk(Color::White, E2, E4), (1, 0));
        assert_eq!(pawn_walk(Color::White, E2, E3), (1, 0));
        assert_eq!(pawn_walk(Color::White, E2, F4), (2, 1));
        assert_eq!(pawn_walk(Color::White, E2, G4), (2, 2));
        assert_eq!(pawn_walk(Color::White, E2, H4).0, NEVER);
        assert_eq!(pawn_walk(Color::Black, D7, D5), (1, 0));
        assert_eq!(pawn_walk(Color::Black, D5, D7).0, NEVER);
        // Promotion on e8 then a queen's move.
        assert_eq!(cost(Color::White, Role::Pawn, E2, Role::Queen, A4), (6, 0));
        // A dark-squared bishop from a light-square start: promote.
        assert_eq!(cost(Color::White, Role::Pawn, A7, Role::Bishop, A8), (1, 0));
        assert_eq!(cost(Color::White, Role::Pawn, A7, Role::Bishop, H1).0, 2);
        assert_eq!(
            cost(Color::White, Role::Knight, G1, Role::Bishop, F3).0,
            NEVER
        );
    }
}
