//! How many moves a man needs, at least, to become one of the diagram's
//! men, walking around the frozen squares ([`super::frozen`]).
//!
//! For each target man of the diagram (a square and a role) the tables give,
//! for every square a man could stand on:
//! - for a man of the target's role, its fewest moves there (breadth-first
//!   from the target, since a piece's moves are symmetric; a king also
//!   avoids the squares frozen enemy men attack for good);
//! - for a pawn (staying a pawn, or promoting and walking on), a cost for
//!   each multiplier of [`MUS`] (see [`super::bound`]), and the fewest
//!   captures its path needs (one per file changed, more around walls);
//! - for a man of the target's role (not a pawn), its shortest walk there
//!   of each parity ([`parity_table`]), for the parity bound.
//!
//! Everything here is a relaxation of the game (the other men are taken
//! off the board, frozen men aside), so every figure is a lower bound.
//!
//! Pawns that stay on their file ([`Barriers`]) also bar the pieces' way
//! along it: such a pawn stands, at every moment until the diagram, on a
//! square between where it is now and where it ends, and a rook or queen
//! on that file is below it or above it until it leaves the file, so it
//! goes round rather than through (`line_table`).

use crate::attacks;
use crate::{Bitboard, Color, Role, Square};

use super::assignment::IMPOSSIBLE;
use super::frozen::{frozen_attacks, rel_rank};
use super::Diagram;

/// "Cannot": no path.
pub const NEVER: u8 = u8::MAX;

/// The Lagrange multipliers on the captures a side still makes, doubled so
/// that costs stay integers: a cost is `2 · moves − μ2 · captures`.
/// `0` counts moves alone; `1` and `2` reward the moves that can be
/// captures (a side owing many captures needs a move for each); `-2`
/// charges the captures a pawn's path needs beyond those owed.
pub const MUS: [i32; 4] = [0, 1, 2, -2];

/// The routes to one target man.
#[derive(Clone)]
pub struct TargetRoutes {
    pub square: Square,
    pub role: Role,
    /// Fewest moves of a man of `role` from each square ([`NEVER`]: none),
    /// whenever it sets out from there: the bound also reads it at squares
    /// a man reaches later on its way (where it captures), so it must not
    /// depend on where the pawns stand when the man sets out.
    pub piece: [u8; 64],
    /// For a pawn on each square, the cost of becoming this man for each
    /// multiplier of [`MUS`] ([`IMPOSSIBLE`]: it cannot).
    pub pawn: [[i32; 64]; MUS.len()],
    /// For a pawn on each square, the fewest captures on its way here.
    pub pawn_captures: [u8; 64],
    /// For a man of `role` (not a pawn) on each square, its shortest walk
    /// here of each parity (even, odd), around the frozen squares only (a
    /// king also round the squares frozen enemies attack): a knight's
    /// walks have one parity, a king's or a rook's the other parity only
    /// where there is room for a detour of odd length.
    pub walk: [[u8; 2]; 64],
}

/// The stretches of files that pawns never leave on the way to the
/// diagram, one bitboard of squares per colour (at most one stretch per
/// file and colour): a pawn of a colour that makes no more captures, alone
/// of its colour on its file now and in the diagram, stays on that file
/// (it cannot change file, and no other pawn of its colour can come to
/// end where it ends, so it is never captured and never promotes), and
/// stands at every moment between its side's second rank and its square
/// in the diagram. A rook or queen move along the file whose path (the squares it
/// crosses and lands on) holds the whole stretch would pass over it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Barriers {
    pub runs: [Bitboard; 2],
}

impl Barriers {
    /// None: no pawn bars a file.
    pub const NONE: Barriers = Barriers {
        runs: [Bitboard::EMPTY; 2],
    };

    /// The stretches of `board`'s pawns on the way to `diagram`, `owed[c]`
    /// being the captures colour `c` still makes (a colour that still
    /// captures has none: its pawns may change file).
    pub fn of(board: &crate::Board, diagram: &Diagram, owed: [u32; 2]) -> Barriers {
        let mut runs = [Bitboard::EMPTY; 2];
        for color in Color::ALL {
            if owed[color.index()] > 0 {
                continue;
            }
            let pawn = crate::Piece::new(color, Role::Pawn);
            let now = board.by_piece(pawn);
            let end = diagram.board().by_piece(pawn);
            for file in 0..8u32 {
                let mask = Bitboard(0x0101_0101_0101_0101u64 << file);
                let (a, b) = (now & mask, end & mask);
                if a.count() != 1 || b.count() != 1 {
                    continue;
                }
                let (Some(from), Some(to)) = (a.first(), b.first()) else {
                    continue;
                };
                let (r0, r1) = (rel_rank(color, from), rel_rank(color, to));
                if r1 < r0 {
                    continue;
                }
                // From its side's second rank, where it stood or stands,
                // to where it ends: the same stretch all along the
                // search, so the routes computed for it serve every
                // position until the pawns of the file change.
                let (lo, hi) = match color {
                    Color::White => (1, to.rank() as u32),
                    Color::Black => (to.rank() as u32, 6),
                };
                for rank in lo..=hi {
                    runs[color.index()].set(Square::new(rank * 8 + file).expect("on the board"));
                }
            }
        }
        Barriers { runs }
    }

    /// Without the stretches of one square that are walls already (a
    /// frozen pawn): a wall bars more than a stretch does.
    pub fn without_walls(mut self, walls: Bitboard) -> Barriers {
        for run in &mut self.runs {
            for sq in *run & walls {
                let file = Bitboard(0x0101_0101_0101_0101u64 << sq.file() as u32);
                if (*run & file).count() == 1 {
                    *run = *run - Bitboard::from(sq);
                }
            }
        }
        self
    }

    pub fn is_empty(&self) -> bool {
        self.runs[0].is_empty() && self.runs[1].is_empty()
    }

    /// The stretch of `color` on `file`: its lowest and highest ranks,
    /// and the pawn's rank in the diagram.
    fn stretch(&self, color: Color, file: u32) -> Option<Stretch> {
        let run = self.runs[color.index()];
        let at = |rank: u32| Square::new(rank * 8 + file).expect("on the board");
        let ranks = (0..8u32).filter(|&rank| run.contains(at(rank)));
        let (lo, hi) = (ranks.clone().min()?, ranks.max()?);
        let end = match color {
            Color::White => hi,
            Color::Black => lo,
        };
        Some(Stretch { lo, hi, end })
    }
}

/// One pawn's stretch of a file (ranks, 0 = the first).
#[derive(Clone, Copy)]
struct Stretch {
    lo: u32,
    hi: u32,
    /// Where the pawn stands in the diagram.
    end: u32,
}

impl Stretch {
    /// Whether a man on `rank` of the file may be below the pawn (at
    /// some moment: the pawn stands at most on `hi`) or above it.
    fn may_be(&self, below: bool, rank: u32) -> bool {
        if below {
            rank < self.hi
        } else {
            rank > self.lo
        }
    }

    /// Whether a move along the file from `from` to `to` can pass the
    /// pawn's side of it: a man below the pawn moving up stays below it
    /// (the pawn is at most on `hi`), one above moving down stays above
    /// (the pawn is at least on `lo`).
    fn allows(&self, below: bool, from: u32, to: u32) -> bool {
        if below && to > from {
            to < self.hi
        } else if !below && to < from {
            to > self.lo
        } else {
            true
        }
    }
}

/// The routes to every target man of one side, for one set of frozen
/// squares and the squares where its captures can land.
pub struct Routes {
    /// In the order of [`targets_of`].
    pub targets: Vec<TargetRoutes>,
}

/// The diagram's men of `color`: `(square, role)`, in square order.
pub fn targets_of(diagram: &Diagram, color: Color) -> Vec<(Square, Role)> {
    let b = diagram.board();
    b.by_color(color)
        .map(|sq| (sq, b.role_at(sq).expect("occupied")))
        .collect()
}

impl Routes {
    /// The tables of `color` for the frozen squares `frozen` (whose men are
    /// the diagram's men on those squares), its pawns capturing only onto
    /// `landing` (where the other side's men can be taken).
    pub fn new(diagram: &Diagram, color: Color, frozen: Bitboard, landing: Bitboard) -> Routes {
        Routes::barred(diagram, color, frozen, landing, &Barriers::NONE)
    }

    /// [`Routes::new`] with the pieces' moves along files also kept off
    /// `barriers`' stretches.
    pub fn barred(
        diagram: &Diagram,
        color: Color,
        frozen: Bitboard,
        landing: Bitboard,
        barriers: &Barriers,
    ) -> Routes {
        let king_walls = king_walls(diagram, color, frozen);
        let promotions: Vec<Option<PawnTable>> = promotion_squares(color)
            .map(|p| (!frozen.contains(p)).then(|| pawn_table(color, p, frozen, landing)))
            .collect();
        let targets = targets_of(diagram, color)
            .into_iter()
            .map(|(square, role)| {
                let obstacles = Obstacles {
                    frozen,
                    landing,
                    king_walls,
                    barriers,
                };
                target_routes(color, square, role, &obstacles, &promotions)
            })
            .collect();
        Routes { targets }
    }
}

/// The squares a king of `color` never crosses: the frozen ones and those
/// frozen enemy men attack for good.
pub fn king_walls(diagram: &Diagram, color: Color, frozen: Bitboard) -> Bitboard {
    frozen | frozen_attacks(diagram.board(), frozen, color.other())
}

/// The squares where a pawn of `color` promotes, in file order.
fn promotion_squares(color: Color) -> impl Iterator<Item = Square> {
    let rank = match color {
        Color::White => 7,
        Color::Black => 0,
    };
    (0..8).map(move |file| Square::new(rank * 8 + file).expect("on the board"))
}

/// What a man's route goes round: the frozen squares (and for a king the
/// squares frozen enemies attack), the pawns that keep their files, and
/// where its pawns' captures can land.
struct Obstacles<'a> {
    frozen: Bitboard,
    landing: Bitboard,
    king_walls: Bitboard,
    barriers: &'a Barriers,
}

fn target_routes(
    color: Color,
    square: Square,
    role: Role,
    obstacles: &Obstacles,
    promotions: &[Option<PawnTable>],
) -> TargetRoutes {
    let Obstacles {
        frozen,
        landing,
        king_walls,
        barriers,
    } = *obstacles;
    let mut t = TargetRoutes {
        square,
        role,
        piece: [NEVER; 64],
        pawn: [[IMPOSSIBLE; 64]; MUS.len()],
        pawn_captures: [NEVER; 64],
        walk: [[NEVER; 2]; 64],
    };
    if role != Role::Pawn {
        t.walk = if role == Role::King {
            parity_table(role, square, king_walls, true)
        } else {
            parity_table(role, square, frozen, false)
        };
    }
    match role {
        Role::Pawn => {
            let table = pawn_table(color, square, frozen, landing);
            for from in Square::ALL {
                if table.moves[from as usize] == NEVER {
                    continue;
                }
                t.pawn_captures[from as usize] = table.captures[from as usize];
                for (i, &mu) in MUS.iter().enumerate() {
                    t.pawn[i][from as usize] = pawn_cost(color, from, square, &table, mu);
                }
            }
        }
        Role::King => t.piece = piece_table(role, square, king_walls, true),
        _ => {
            t.piece = barred_piece_table(role, square, frozen, barriers);
            for (p, table) in promotion_squares(color).zip(promotions) {
                let Some(table) = table else { continue };
                let rest = t.piece[p as usize];
                if rest == NEVER {
                    continue;
                }
                for from in Square::ALL {
                    if table.moves[from as usize] == NEVER {
                        continue;
                    }
                    let caps = &mut t.pawn_captures[from as usize];
                    *caps = (*caps).min(table.captures[from as usize]);
                    for (i, &mu) in MUS.iter().enumerate() {
                        let c = pawn_cost(color, from, p, table, mu) + piece_cost(rest, mu);
                        let slot = &mut t.pawn[i][from as usize];
                        *slot = (*slot).min(c);
                    }
                }
            }
        }
    }
    t
}

/// The doubled cost of `moves` moves of a piece under multiplier `mu`:
/// each of its moves may be a capture.
#[inline]
pub fn piece_cost(moves: u8, mu: i32) -> i32 {
    if moves == NEVER {
        IMPOSSIBLE
    } else {
        (2 - mu.max(0)) * i32::from(moves)
    }
}

/// A pawn's fewest moves and fewest captures to one square from each
/// square, around the frozen squares and capturing only onto `landing`
/// (each minimised on its own).
struct PawnTable {
    moves: [u8; 64],
    captures: [u8; 64],
}

fn pawn_table(color: Color, to: Square, frozen: Bitboard, landing: Bitboard) -> PawnTable {
    let mut t = PawnTable {
        moves: [NEVER; 64],
        captures: [NEVER; 64],
    };
    t.moves[to as usize] = 0;
    t.captures[to as usize] = 0;
    let fwd: i32 = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    let top = rel_rank(color, to);
    // From the ranks just below `to` down to the pawn's second rank.
    for rel in (1..top).rev() {
        for file in 0..8 {
            let rank = match color {
                Color::White => rel,
                Color::Black => 7 - rel,
            };
            let from = Square::new(rank * 8 + file).expect("on the board");
            if frozen.contains(from) {
                continue;
            }
            let mut best = (NEVER, NEVER);
            let relax = |next: Option<Square>, capture: u8, best: &mut (u8, u8)| {
                if let Some(n) = next {
                    if frozen.contains(n) || t.moves[n as usize] == NEVER {
                        return;
                    }
                    if capture == 1 && !landing.contains(n) {
                        return;
                    }
                    best.0 = best.0.min(t.moves[n as usize] + 1);
                    best.1 = best.1.min(t.captures[n as usize] + capture);
                }
            };
            relax(from.offset_coords(0, fwd), 0, &mut best);
            relax(from.offset_coords(-1, fwd), 1, &mut best);
            relax(from.offset_coords(1, fwd), 1, &mut best);
            if rel == 1 {
                let one = from.offset_coords(0, fwd).expect("on the board");
                if !frozen.contains(one) {
                    relax(from.offset_coords(0, 2 * fwd), 0, &mut best);
                }
            }
            t.moves[from as usize] = best.0;
            t.captures[from as usize] = best.1;
        }
    }
    t
}

/// The doubled cost `2 · moves − mu · captures` of a pawn's walk from
/// `from` to `to`, at least.
///
/// For `mu <= 0` the fewest moves and the fewest captures around the walls
/// are each a lower bound. For `mu > 0` captures lower the cost, so the
/// walk is taken on an empty board: `r` ranks climbed with `d` double
/// steps (0 or 1) and `s` single steps makes `r - d` moves and `r - 2d - s`
/// captures, and the captures have the parity of the files changed, so at
/// least `(r - files) mod 2` single steps are needed.
fn pawn_cost(color: Color, from: Square, to: Square, table: &PawnTable, mu: i32) -> i32 {
    let moves = table.moves[from as usize];
    if moves == NEVER {
        return IMPOSSIBLE;
    }
    if mu <= 0 {
        return 2 * i32::from(moves) - mu * i32::from(table.captures[from as usize]);
    }
    let r = rel_rank(color, to) as i32 - rel_rank(color, from) as i32;
    let files = (from.file() as i32 - to.file() as i32).abs();
    let singles = (r - files).rem_euclid(2);
    let plain = (2 - mu) * r + mu * singles;
    let double_allowed = rel_rank(color, from) == 1 && r >= 2 && r - 2 >= files;
    if double_allowed {
        plain.min(plain + 2 * mu - 2)
    } else {
        plain
    }
}

/// Fewest moves of a piece of `role` from each square to `to`, never
/// crossing or landing on `walls` (`to` itself excepted). For a king
/// (`leave_any`), a square inside the walls it stands on (attacked, say)
/// still counts: it only has to step off it.
pub fn piece_table(role: Role, to: Square, walls: Bitboard, leave_any: bool) -> [u8; 64] {
    let mut dist = [NEVER; 64];
    dist[to as usize] = 0;
    let mut frontier = Bitboard::from(to);
    let mut seen = Bitboard::from(to);
    let mut d = 0u8;
    while frontier.any() {
        d += 1;
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= match role {
                Role::Knight => attacks::knight_attacks(sq),
                Role::King => attacks::king_attacks(sq),
                Role::Bishop => attacks::bishop_attacks(sq, walls),
                Role::Rook => attacks::rook_attacks(sq, walls),
                Role::Queen => attacks::queen_attacks(sq, walls),
                Role::Pawn => Bitboard::EMPTY,
            };
        }
        next = next - walls - seen;
        for sq in next {
            dist[sq as usize] = d;
        }
        seen |= next;
        frontier = next;
    }
    if leave_any {
        for sq in walls - seen {
            let best = attacks::king_attacks(sq)
                .filter(|n| seen.contains(*n))
                .map(|n| dist[n as usize])
                .min();
            if let Some(b) = best {
                dist[sq as usize] = b + 1;
            }
        }
    }
    dist
}

/// The shortest walks of a piece of `role` from each square to `to` of
/// each parity (index 0: even, 1: odd), never crossing or landing on
/// `walls` (`to` itself excepted); for a king (`leave_any`) a square
/// inside the walls it stands on still counts, as in [`piece_table`].
/// A breadth-first search over squares and parities: every real walk is a
/// walk here (the other men taken off), so each figure is a lower bound.
pub fn parity_table(role: Role, to: Square, walls: Bitboard, leave_any: bool) -> [[u8; 2]; 64] {
    let mut dist = [[NEVER; 2]; 64];
    dist[to as usize][0] = 0;
    // The squares reached with each parity.
    let mut seen = [Bitboard::from(to), Bitboard::EMPTY];
    let mut frontier = Bitboard::from(to);
    let mut d = 0u8;
    while frontier.any() {
        d += 1;
        let p = (d & 1) as usize;
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= match role {
                Role::Knight => attacks::knight_attacks(sq),
                Role::King => attacks::king_attacks(sq),
                Role::Bishop => attacks::bishop_attacks(sq, walls),
                Role::Rook => attacks::rook_attacks(sq, walls),
                Role::Queen => attacks::queen_attacks(sq, walls),
                Role::Pawn => Bitboard::EMPTY,
            };
        }
        next = next - walls - seen[p];
        for sq in next {
            dist[sq as usize][p] = d;
        }
        seen[p] |= next;
        frontier = next;
    }
    if leave_any {
        for sq in walls.without(to) {
            for p in 0..2 {
                let best = attacks::king_attacks(sq)
                    .filter(|n| !walls.contains(*n))
                    .map(|n| dist[n as usize][1 - p])
                    .filter(|&b| b != NEVER)
                    .min();
                if let Some(b) = best {
                    dist[sq as usize][p] = b + 1;
                }
            }
        }
    }
    dist
}

/// [`piece_table`] for a piece other than a king, its moves along files
/// kept off `barriers`' stretches.
fn barred_piece_table(role: Role, to: Square, walls: Bitboard, barriers: &Barriers) -> [u8; 64] {
    if matches!(role, Role::Rook | Role::Queen) && !barriers.is_empty() {
        return line_table(role, to, walls, barriers);
    }
    piece_table(role, to, walls, false)
}

/// The fewest moves of a rook or queen from each square to `to` around
/// `walls`, never passing a pawn of `barriers` along its file.
///
/// On a file with a stretch the man is below the pawn or above it, and
/// stays so while it moves along the file: below, it moves up only to
/// ranks under `hi`; above, down only to ranks over `lo`
/// ([`Stretch::allows`]). Where it comes onto the file, and where it
/// starts, it may be on either side the square allows
/// ([`Stretch::may_be`]); where it ends the side is the one the pawn's
/// square in the diagram gives. The search goes back from `to` over states
/// (square, side of each stretch on its file: bit 0 White's pawn, bit 1
/// Black's, set when above).
fn line_table(role: Role, to: Square, walls: Bitboard, barriers: &Barriers) -> [u8; 64] {
    let stretches: [[Option<Stretch>; 2]; 8] =
        std::array::from_fn(|file| Color::ALL.map(|c| barriers.stretch(c, file as u32)));
    let on = |sq: Square| &stretches[sq.file() as usize];
    // The sides (bits of a state) a man on each square may be on.
    let valid: [u8; 64] = std::array::from_fn(|i| {
        let sq = Square::new(i as u32).expect("on the board");
        (0..4usize)
            .filter(|&sides| {
                on(sq).iter().enumerate().all(|(k, st)| match st {
                    Some(st) => st.may_be(sides >> k & 1 == 0, sq.rank() as u32),
                    None => sides >> k & 1 == 0,
                })
            })
            .fold(0u8, |mask, sides| mask | 1 << sides)
    });
    let rays = |sq: Square| match role {
        Role::Rook => attacks::rook_attacks(sq, walls),
        _ => attacks::queen_attacks(sq, walls),
    };
    // Where the man ends, the side the pawn's square in the diagram gives.
    let end = on(to)
        .iter()
        .enumerate()
        .fold(0usize, |sides, (k, st)| match st {
            Some(st) if (to.rank() as u32) > st.end => sides | 1 << k,
            _ => sides,
        });
    let mut dist = [[NEVER; 4]; 64];
    // The states of each square reached.
    let mut reached = [0u8; 64];
    dist[to as usize][end] = 0;
    reached[to as usize] = 1 << end;
    let mut frontier = vec![(to, end)];
    let mut next = Vec::new();
    let mut d = 0u8;
    while !frontier.is_empty() {
        d += 1;
        for &(sq, sides) in &frontier {
            for from in rays(sq) - walls {
                let open = valid[from as usize] & !reached[from as usize];
                if open == 0 {
                    continue;
                }
                let states = if from.file() == sq.file() {
                    // Along the file: the same side of each stretch, and a
                    // move that keeps to it.
                    let keeps = on(sq).iter().enumerate().all(|(k, st)| match st {
                        Some(st) => {
                            st.allows(sides >> k & 1 == 0, from.rank() as u32, sq.rank() as u32)
                        }
                        None => true,
                    });
                    if keeps {
                        open & 1 << sides
                    } else {
                        0
                    }
                } else {
                    open
                };
                for (from_sides, slot) in dist[from as usize].iter_mut().enumerate() {
                    if states >> from_sides & 1 == 1 {
                        *slot = d;
                        next.push((from, from_sides));
                    }
                }
                reached[from as usize] |= states;
            }
        }
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
    }
    // Where the man starts (now or later) the side is either that the
    // square allows: the pawn's square within its stretch is not known.
    let mut from_any = [NEVER; 64];
    for sq in Square::ALL {
        from_any[sq as usize] = dist[sq as usize].iter().copied().min().unwrap_or(NEVER);
    }
    from_any
}

#[cfg(test)]
mod tests {
    use super::*;
    use Square::*;

    #[test]
    fn pawn_walks() {
        let t = pawn_table(Color::White, E4, Bitboard::EMPTY, Bitboard::FULL);
        assert_eq!((t.moves[E2 as usize], t.captures[E2 as usize]), (1, 0));
        assert_eq!((t.moves[D2 as usize], t.captures[D2 as usize]), (2, 1));
        assert_eq!(t.moves[A2 as usize], NEVER);
        // Around a wall on e3: no double step, a capture each way.
        let t = pawn_table(Color::White, E4, Bitboard::from(E3), Bitboard::FULL);
        assert_eq!((t.moves[E2 as usize], t.captures[E2 as usize]), (2, 2));
        let t = pawn_table(Color::Black, D5, Bitboard::EMPTY, Bitboard::FULL);
        assert_eq!((t.moves[D7 as usize], t.captures[D7 as usize]), (1, 0));
        assert_eq!((t.moves[C7 as usize], t.captures[C7 as usize]), (2, 1));
        // Captures only onto d6: c7xd6-d5, not c7-c6xd5.
        let t = pawn_table(Color::Black, D5, Bitboard::EMPTY, Bitboard::from(D6));
        assert_eq!((t.moves[C7 as usize], t.captures[C7 as usize]), (2, 1));
        let t = pawn_table(Color::Black, D5, Bitboard::EMPTY, Bitboard::from(C6));
        assert_eq!(t.moves[C7 as usize], NEVER);
    }

    #[test]
    fn pawn_costs_under_multipliers() {
        let t = pawn_table(Color::White, E4, Bitboard::EMPTY, Bitboard::FULL);
        // e2-e4: one move; or e2xd3xe4: two moves, both captures.
        assert_eq!(pawn_cost(Color::White, E2, E4, &t, 0), 2);
        assert_eq!(pawn_cost(Color::White, E2, E4, &t, 2), 0);
        assert_eq!(pawn_cost(Color::White, E2, E4, &t, 1), 2);
        assert_eq!(pawn_cost(Color::White, E2, E4, &t, -2), 2);
        // d2 to e4 needs a capture: -2 charges it.
        assert_eq!(pawn_cost(Color::White, D2, E4, &t, -2), 2 * 2 + 2);
    }

    #[test]
    fn walks_of_each_parity() {
        // A knight's walks home are even; a king's odd ones go round a
        // triangle (e1-d1-d2-e1), a rook's along a line (a1-a3-a2-a1).
        let n = parity_table(Role::Knight, G1, Bitboard::EMPTY, false);
        assert_eq!(n[G1 as usize], [0, NEVER]);
        assert_eq!(n[F3 as usize], [NEVER, 1]);
        assert_eq!(n[H3 as usize], [NEVER, 1]);
        assert_eq!(n[E2 as usize], [NEVER, 1]);
        let k = parity_table(Role::King, E1, Bitboard::EMPTY, true);
        assert_eq!(k[E1 as usize], [0, 3]);
        assert_eq!(k[E2 as usize], [2, 1]);
        assert_eq!(k[E3 as usize], [2, 3]);
        let r = parity_table(Role::Rook, A1, Bitboard::EMPTY, false);
        assert_eq!(r[A1 as usize], [0, 3]);
        assert_eq!(r[B2 as usize], [2, 3]);
        // Walled in on a1 and a2: the rook shuttles, never odd.
        let walls = Bitboard::from(A3) | B1 | B2;
        let r = parity_table(Role::Rook, A1, walls, false);
        assert_eq!(r[A1 as usize], [0, NEVER]);
        assert_eq!(r[A2 as usize], [NEVER, 1]);
        // A king on a wall square (attacked) only steps off it.
        let k = parity_table(Role::King, E1, Bitboard::from(E2), true);
        assert_eq!(k[E2 as usize], [2, 1]);
    }

    #[test]
    fn pieces_around_walls() {
        let d = piece_table(Role::Rook, A3, Bitboard::from(A2), false);
        assert_eq!(d[A1 as usize], 3);
        let d = piece_table(Role::Bishop, H6, Bitboard::from(D2), false);
        assert_eq!(d[C1 as usize], 3);
        let d = piece_table(Role::Knight, C8, Bitboard::EMPTY, false);
        assert_eq!(d[A2 as usize], 4);
        // A king leaves an attacked square it stands on.
        let d = piece_table(Role::King, E3, Bitboard::from(E1) | D2 | E2, true);
        assert_eq!(d[E1 as usize], 2);
    }

    /// White's h-pawn goes h2-h4 and Black's h7-h5, neither side
    /// capturing: a rook cannot pass either along the h-file, so it goes
    /// round them (the routes worked out by hand below).
    #[test]
    fn pawns_that_keep_their_file_bar_it() {
        let now = crate::Position::start();
        let diagram =
            Diagram::from_fen("rnbqkbnr/ppppppp1/8/7p/7P/8/PPPPPPP1/RNBQKBNR w - -").unwrap();
        let b = Barriers::of(now.board(), &diagram, [0, 0]);
        // The pawns that stay where they are: a stretch of one square.
        let h_file = Bitboard(0x8080_8080_8080_8080);
        let second = Bitboard(0xff00);
        assert_eq!(b.runs[0], (second - h_file) | H2 | H3 | H4);
        assert_eq!(b.runs[1] & h_file, Bitboard::from(H5) | H6 | H7);
        // A side that still captures may change file: no stretch.
        assert!(Barriers::of(now.board(), &diagram, [1, 0]).runs[0].is_empty());
        let plain = piece_table(Role::Rook, H8, Bitboard::EMPTY, false);
        assert_eq!(plain[H1 as usize], 1);
        let barred = barred_piece_table(Role::Rook, H8, Bitboard::EMPTY, &b);
        // Every other file is closed by a pawn on the second rank and one
        // on the seventh. From h1 the rook is below both h-pawns: up the
        // file it stops under h4 (the white pawn may be there), so it
        // leaves it: h1-h3, h3-g3, g3-g6, g6-h6 (above the black pawn,
        // once on h5), h6-h8.
        assert_eq!(barred[H1 as usize], 5);
        assert_eq!(barred[G1 as usize], 6);
        // From h3, below the white pawn or above it: h3-g3-g6-h6-h8.
        assert_eq!(barred[H3 as usize], 4);
        // From h6 the rook may be above the black pawn (once on h5):
        // h6-h8.
        assert_eq!(barred[H6 as usize], 1);
        // Down from h8 to h1: h8-h6, h6-g6, g6-g3, g3-h3 (below the white
        // pawn, which then stands on h4), h3-h1.
        let down = barred_piece_table(Role::Rook, H1, Bitboard::EMPTY, &b);
        assert_eq!(down[H8 as usize], 5);
        // Knights and bishops never move along a file.
        let knight = barred_piece_table(Role::Knight, H8, Bitboard::EMPTY, &b);
        assert_eq!(
            knight,
            piece_table(Role::Knight, H8, Bitboard::EMPTY, false)
        );
    }
}
