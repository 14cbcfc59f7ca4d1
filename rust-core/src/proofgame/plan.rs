//! The plan: which man of the current position becomes which man of the
//! target, and what that costs at least.
//!
//! For each side, every target man is assigned a distinct man of the current
//! position (a minimum-cost assignment, [`assign`]); the men left over must
//! be captured by the other side. From the two assignments, [`Estimate`]
//! derives a lower bound on the plies still needed (each side's moves, with
//! the turn alternating) and a guide for the search that also rewards
//! bringing a capturer near each man that must be captured.

use super::distance::{cost, pawn_reach, piece_distance, relative_rank, Reach, NEVER};
use crate::hash::FastMap;
use crate::{Bitboard, Board, Color, File, Rank, Role, Square};

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
/// target cannot be reached from here. See [`Planner::estimate`].
pub fn estimate(
    board: &Board,
    turn: Color,
    target: &Board,
    target_turn: Color,
) -> Option<Estimate> {
    Planner::new(target, target_turn).estimate(board, turn)
}

/// One side's men as a key: its men of each role.
type SideKey = [Bitboard; 6];

fn side_key(board: &Board, color: Color) -> SideKey {
    let ours = board.by_color(color);
    Role::ALL.map(|role| board.by_role(role) & ours)
}

/// A first pass: the total cost and each target man's man.
type FirstPass = (i64, Vec<u8>);

/// The most capture slots a second-pass result is remembered for.
const MAX_KEYED_SLOTS: usize = 10;

/// The key of a second pass: the side, its men, the other side's capture
/// slots and what it walks around.
type SecondKey = (usize, SideKey, [Bitboard; MAX_KEYED_SLOTS], Walls);

/// How many results each of the planner's memories keeps before it is
/// emptied.
const MEMORY: usize = 1 << 17;

/// Estimates on the way to one target, remembering each side's
/// assignments: the positions a search meets share one side's men with
/// their neighbours (a move changes one side's men, or two on a capture).
pub struct Planner {
    target_turn: Color,
    tgt: [Men; 2],
    /// First pass (avoiding some (target man, man) pairs): the total cost
    /// and each target man's man.
    first: FastMap<(usize, SideKey, Forbidden), Option<FirstPass>>,
    /// Second pass: the moves and the men used, or `None` when it fails.
    second: FastMap<SecondKey, Option<SecondPass>>,
}

/// What a second pass walks around besides the other men: the squares of
/// the men the plan leaves in place, the (target man, man) pairs it must
/// not use, and where the other side's pawns that never leave their file
/// end (see [`lane`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Walls {
    blocked: Bitboard,
    forbidden: Forbidden,
    ends: Bitboard,
}

/// A pawn's `(moves, captures)` to every square ([`pawn_reach`]).
type PawnPaths = [(u8, u8); 64];

/// A second pass: the moves, the men used (a bit per man) and the man sent
/// to each of the other side's capture slots.
type SecondPass = (u32, u32, Vec<u8>);

/// The most (target man, man) pairs a pass is told to avoid: the straight
/// pawn paths that would have to pass an opposing pawn on their file.
const MAX_FORBIDDEN: usize = 4;

/// (target man, man) pairs a pass must not use; unused entries are
/// `(u8::MAX, u8::MAX)`.
type Forbidden = [(u8, u8); MAX_FORBIDDEN];

const NO_PAIR: (u8, u8) = (u8::MAX, u8::MAX);

/// No pair avoided.
const NO_FORBIDDEN: Forbidden = [NO_PAIR; MAX_FORBIDDEN];

impl Planner {
    pub fn new(target: &Board, target_turn: Color) -> Planner {
        Planner {
            target_turn,
            tgt: [Men::of(target, Color::White), Men::of(target, Color::Black)],
            first: FastMap::default(),
            second: FastMap::default(),
        }
    }

    /// Each side's men assigned to its target men alone, without the
    /// `forbidden` pairs ([`NO_FORBIDDEN`]: none).
    fn first_pass(
        &mut self,
        board: &Board,
        color: Color,
        men: &Men,
        forbidden: Forbidden,
    ) -> Option<FirstPass> {
        let c = color.index();
        let key = (c, side_key(board, color), forbidden);
        if let Some(hit) = self.first.get(&key) {
            return hit.clone();
        }
        let result = first_pass(color, &men.men, &self.tgt[c].men, &forbidden);
        if self.first.len() >= MEMORY {
            self.first.clear();
        }
        self.first.insert(key, result.clone());
        result
    }

    /// Each side's men assigned to its target men and to the other side's
    /// capture slots, walking around the blocked squares: the moves and the
    /// men used (a bit per man), `None` when no assignment exists.
    fn second_pass(
        &mut self,
        board: &Board,
        color: Color,
        men: &Men,
        slots: &[Bitboard],
        walls: Walls,
    ) -> Option<SecondPass> {
        let c = color.index();
        let key = (slots.len() <= MAX_KEYED_SLOTS).then(|| {
            let mut keyed = [Bitboard::EMPTY; MAX_KEYED_SLOTS];
            keyed[..slots.len()].copy_from_slice(slots);
            (c, side_key(board, color), keyed, walls)
        });
        if let Some(hit) = key.as_ref().and_then(|k| self.second.get(k)) {
            return hit.clone();
        }
        let result = second_pass(color, &men.men, &self.tgt[c].men, slots, &walls);
        if let Some(key) = key {
            if self.second.len() >= MEMORY {
                self.second.clear();
            }
            self.second.insert(key, result.clone());
        }
        result
    }

    /// The first passes with no pawn passing an opposing pawn on its file.
    ///
    /// A white pawn assigned a target on its own file walks straight up it,
    /// a black one straight down: if a white pawn below a black one on the
    /// same file must end above it, one of them has to leave the file,
    /// which the two independent assignments do not see (a white pawn on
    /// c5 "one move" from c6 with the black pawn bound for c5 standing on
    /// c6 is a dead end). For such pairs, one side's assignment is redone
    /// without its straight paths that clash, the side whose plan costs
    /// less extra; the pairs avoided are returned for the second pass.
    /// `true` when neither side can avoid them (a guide penalty, not a
    /// proof of anything).
    fn avoid_passing(
        &mut self,
        board: &Board,
        cur: &[Men; 2],
        mut firsts: [FirstPass; 2],
    ) -> ([FirstPass; 2], [Forbidden; 2], bool) {
        let none = [NO_FORBIDDEN; 2];
        let white = straight_paths(&cur[0], &self.tgt[0], &firsts[0].1);
        let black = straight_paths(&cur[1], &self.tgt[1], &firsts[1].1);
        let mut pairs: [Vec<(u8, u8)>; 2] = [Vec::new(), Vec::new()];
        for &(wi, wj, wfrom, wto) in &white {
            for &(bi, bj, bfrom, bto) in &black {
                if wfrom.file() == bfrom.file()
                    && wfrom.rank() < bfrom.rank()
                    && wto.rank() > bto.rank()
                {
                    if !pairs[0].contains(&(wi, wj)) {
                        pairs[0].push((wi, wj));
                    }
                    if !pairs[1].contains(&(bi, bj)) {
                        pairs[1].push((bi, bj));
                    }
                }
            }
        }
        if pairs[0].is_empty() {
            return (firsts, none, false);
        }
        let mut best: Option<(i64, usize, FirstPass, Forbidden)> = None;
        for (c, color) in Color::ALL.into_iter().enumerate() {
            if pairs[c].len() > MAX_FORBIDDEN {
                continue;
            }
            let mut forbidden = NO_FORBIDDEN;
            forbidden[..pairs[c].len()].copy_from_slice(&pairs[c]);
            if let Some(alt) = self.first_pass(board, color, &cur[c], forbidden) {
                let extra = alt.0 - firsts[c].0;
                if best.as_ref().is_none_or(|b| extra < b.0) {
                    best = Some((extra, c, alt, forbidden));
                }
            }
        }
        match best {
            Some((_, c, alt, forbidden)) => {
                firsts[c] = alt;
                let mut all = none;
                all[c] = forbidden;
                (firsts, all, false)
            }
            None => (firsts, none, true),
        }
    }

    /// The estimate for `board` (with `turn` to move) on the way to the
    /// target; `None` when no assignment exists, so the target cannot be
    /// reached from here.
    ///
    /// Two passes. First each side's men are assigned to its target men
    /// alone (the lower bound `moves`). The pawns of that plan that change
    /// files make captures, each on one of a few squares
    /// (`capture_slots`); in the second pass each side's men are assigned
    /// to its target men *and* to the other side's capture slots (a man
    /// walking to where it is taken), its men walking around the men the
    /// first pass leaves where they stand. The guide uses the second pass:
    /// a man that can neither become a target man nor be taken where a pawn
    /// must take it, or a piece walled in, makes it fail, and the guide says
    /// so.
    pub fn estimate(&mut self, board: &Board, turn: Color) -> Option<Estimate> {
        let mut moves = [0u32; 2];
        let mut guide_extra = 0u32;
        let mut captures_made = [0u32; 2];
        let cur: [Men; 2] = [Men::of(board, Color::White), Men::of(board, Color::Black)];
        // Squares where a pawn of each side wants to capture next (the
        // diagonal step toward its assigned file).
        let mut wanted: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
        // Where each capture the first pass's pawn paths make can happen.
        let mut slots: [Vec<Bitboard>; 2] = [Vec::new(), Vec::new()];
        let mut first_used = [0u32; 2];
        // Men the plan leaves where they stand block the others' paths.
        let mut blocked = Bitboard::EMPTY;
        let unconstrained = [
            self.first_pass(board, Color::White, &cur[0], NO_FORBIDDEN)?,
            self.first_pass(board, Color::Black, &cur[1], NO_FORBIDDEN)?,
        ];
        // The bound uses the passes as they are (a pawn may leave its file
        // and come back, which the pairs avoided below do not allow for).
        for c in 0..2 {
            moves[c] = (unconstrained[c].0 / MOVE_WEIGHT) as u32;
        }
        let (firsts, forbidden, unresolved) = self.avoid_passing(board, &cur, unconstrained);
        if unresolved {
            guide_extra += SLOT_PENALTY;
        }
        // Where each side's pawns that walk straight (never leaving their
        // file) end: the lanes the other side's pawns must keep off.
        let ends: [Bitboard; 2] = std::array::from_fn(|c| {
            straight_paths(&cur[c], &self.tgt[c], &firsts[c].1)
                .into_iter()
                .map(|(_, _, _, to)| to)
                .collect()
        });
        for color in Color::ALL {
            let c = color.index();
            let (total, of_row) = &firsts[c];
            captures_made[c] = (total % MOVE_WEIGHT) as u32;
            for (i, &j) in of_row.iter().enumerate() {
                first_used[c] |= 1 << j;
                let (csq, crole) = cur[c].men[j as usize];
                let (tsq, trole) = self.tgt[c].men[i];
                if csq == tsq {
                    blocked.set(csq);
                }
                if crole == Role::Pawn {
                    let df = tsq.file() as i32 - csq.file() as i32;
                    let forward = if color == Color::White { 1 } else { -1 };
                    if df != 0 {
                        if let Some(sq) = csq.offset_coords(df.signum(), forward) {
                            wanted[c].push(sq);
                        }
                        if trole == Role::Pawn {
                            capture_slots(color, csq, tsq, &mut slots[c]);
                            // The capture onto the target's file lands
                            // beyond the lane an opposing pawn keeps.
                            let l = lane(color, tsq, ends[color.other().index()]);
                            if let Some(last) = slots[c].last_mut() {
                                *last = *last - l;
                            }
                        }
                    }
                }
            }
        }
        let mut work = 0u32;
        let first_moves = firsts
            .each_ref()
            .map(|(total, _)| (total / MOVE_WEIGHT) as u32);
        let mut leftovers: [Vec<(Square, Role)>; 2] = [Vec::new(), Vec::new()];
        for color in Color::ALL {
            let c = color.index();
            let o = color.other().index();
            let n = self.tgt[c].men.len();
            let m = cur[c].men.len();
            let k = slots[o].len();
            let mut used = first_used[c];
            let mut total_moves = first_moves[c];
            if n + k > m {
                guide_extra += SLOT_PENALTY * (n + k - m) as u32;
            } else {
                match self.second_pass(
                    board,
                    color,
                    &cur[c],
                    &slots[o],
                    Walls {
                        blocked,
                        forbidden: forbidden[c],
                        ends: ends[o],
                    },
                ) {
                    None => guide_extra += SLOT_PENALTY,
                    Some((t, u, slot_men)) => {
                        total_moves = t;
                        used = u;
                        // A pawn sent to a slot off its file captures on
                        // the way: a man of ours must stand there for it
                        // (the chain of a capture made by a man that is
                        // captured next).
                        for (slot, &j) in slots[o].iter().zip(&slot_men) {
                            let (csq, crole) = cur[c].men[j as usize];
                            let Some(to) = slot.first() else { continue };
                            let df = to.file() as i32 - csq.file() as i32;
                            if crole == Role::Pawn && df != 0 {
                                let forward = if color == Color::White { 1 } else { -1 };
                                if let Some(sq) = csq.offset_coords(df.signum(), forward) {
                                    wanted[c].push(sq);
                                }
                            }
                        }
                    }
                }
            }
            work += total_moves;
            leftovers[c] = (0..m)
                .filter(|&j| used & (1 << j) == 0)
                .map(|j| cur[c].men[j])
                .collect();
            // The men not in the target are captured: in the slots or
            // elsewhere.
            let to_capture = (m - n) as u32;
            moves[o] = moves[o].max(to_capture);
            work += CAPTURE_WEIGHT * to_capture;
            if captures_made[o] > to_capture {
                // Not provably impossible (a cheaper-in-captures assignment
                // may exist), but costly: steer away.
                guide_extra += PENALTY * (captures_made[o] - to_capture);
            }
        }
        for color in Color::ALL {
            let c = color.index();
            let o = color.other().index();
            // Guide: bring a capturer of ours to each man that must go (and
            // is not already bound for a pawn's capture).
            for &(sq, victim) in &leftovers[o] {
                let near = cur[c]
                    .men
                    .iter()
                    .map(|&(from, role)| capture_distance(color, role, from, sq))
                    .min()
                    .unwrap_or(NEVER);
                // Or the man walks into the capture a pawn of ours wants.
                let walk = wanted[c]
                    .iter()
                    .map(|&w| walk_distance(color.other(), victim, sq, w))
                    .min()
                    .unwrap_or(NEVER);
                let near = near.min(walk);
                guide_extra += u32::from(near.saturating_sub(1)).min(8);
            }
        }
        let plies = plies_for(moves, turn, self.target_turn);
        Some(Estimate {
            moves,
            plies,
            guide: work + guide_extra,
        })
    }
}

/// The pawns of `cur` that `of_row` sends to a pawn of `tgt` on their own
/// file (a straight walk, never leaving it): (target man, man, from, to).
fn straight_paths(cur: &Men, tgt: &Men, of_row: &[u8]) -> Vec<(u8, u8, Square, Square)> {
    of_row
        .iter()
        .enumerate()
        .filter_map(|(i, &j)| {
            let (from, crole) = cur.men[j as usize];
            let (to, trole) = tgt.men[i];
            (crole == Role::Pawn && trole == Role::Pawn && from.file() == to.file())
                .then_some((i as u8, j, from, to))
        })
        .collect()
}

/// The first pass of [`Planner::estimate`] for the men of `color`: each
/// target man assigned a distinct man (none of the `forbidden` pairs), by
/// the fewest moves on an empty board, then the fewest captures.
fn first_pass(
    color: Color,
    men: &[(Square, Role)],
    tgt: &[(Square, Role)],
    forbidden: &Forbidden,
) -> Option<FirstPass> {
    let (n, m) = (tgt.len(), men.len());
    if n > m {
        return None;
    }
    let mut matrix = vec![0i64; n * m];
    for (i, &(tsq, trole)) in tgt.iter().enumerate() {
        for (j, &(csq, crole)) in men.iter().enumerate() {
            let (mv, caps) = cost(color, crole, csq, trole, tsq);
            matrix[i * m + j] = if mv == NEVER || forbidden.contains(&(i as u8, j as u8)) {
                INF
            } else {
                i64::from(mv) * MOVE_WEIGHT + i64::from(caps)
            };
        }
    }
    let (total, of_row) = assign(n, m, &matrix);
    (total < INF).then(|| (total, of_row.iter().map(|&j| j as u8).collect()))
}

/// The squares of `target`'s file a pawn of `color` bound for `target` must
/// not stand on: those on the far side of where an opposing pawn that
/// never leaves the file ends (`ends`: where the other side's pawns that
/// walk straight end). A white pawn on the file below the highest black
/// pawn end under `target` would have to pass that black pawn, which
/// pawns on one file cannot do; it must come onto the file above it (or
/// get there before the black pawn does, which this plan does not try).
fn lane(color: Color, target: Square, ends: Bitboard) -> Bitboard {
    let file = Bitboard::from_file(target.file());
    let rank = target.rank() as u32;
    let mut lane = Bitboard::EMPTY;
    for end in ends & file {
        let r = end.rank() as u32;
        let beyond = match color {
            Color::White if r < rank => (0..=r).collect::<Vec<_>>(),
            Color::Black if r > rank => (r..8).collect::<Vec<_>>(),
            _ => continue,
        };
        for rr in beyond {
            if let Some(sq) = Square::new(rr * 8 + target.file() as u32) {
                lane.set(sq);
            }
        }
    }
    lane
}

/// The second pass of [`Planner::estimate`] for the men of `color`.
fn second_pass(
    color: Color,
    men: &[(Square, Role)],
    tgt: &[(Square, Role)],
    slots: &[Bitboard],
    walls: &Walls,
) -> Option<SecondPass> {
    let Walls {
        blocked,
        ref forbidden,
        ends,
    } = *walls;
    let (n, m, k) = (tgt.len(), men.len(), slots.len());
    // Pawn paths to the targets whose file an opposing pawn keeps: around
    // its lane too (computed for the pawns and lanes that need them).
    let mut laned: Vec<(usize, Bitboard, PawnPaths)> = Vec::new();
    let reach: Vec<Paths> = men
        .iter()
        .map(|&(csq, crole)| {
            if crole == Role::Pawn {
                Paths::Pawn(Box::new(pawn_reach(color, csq, blocked)))
            } else {
                Paths::Piece(Reach::of(crole, csq, blocked))
            }
        })
        .collect();
    let last = Rank::Eighth.relative_to(color);
    let mut matrix = Vec::with_capacity((n + k) * m);
    for (i, &(tsq, trole)) in tgt.iter().enumerate() {
        for (j, &(_, crole)) in men.iter().enumerate() {
            let cost = match &reach[j] {
                _ if forbidden.contains(&(i as u8, j as u8)) => None,
                Paths::Piece(r) if crole == trole => {
                    let d = r.to_any(Bitboard::from(tsq));
                    (d != NEVER).then(|| i64::from(d) * MOVE_WEIGHT)
                }
                Paths::Piece(_) => None,
                Paths::Pawn(p) if trole == Role::Pawn => {
                    let l = lane(color, tsq, ends);
                    let (d, caps) = if l.is_empty() {
                        p[tsq as usize]
                    } else {
                        let at = laned.iter().position(|&(pj, pl, _)| pj == j && pl == l);
                        let at = at.unwrap_or_else(|| {
                            laned.push((j, l, pawn_reach(color, men[j].0, blocked | l)));
                            laned.len() - 1
                        });
                        laned[at].2[tsq as usize]
                    };
                    (d != NEVER).then(|| i64::from(d) * MOVE_WEIGHT + i64::from(caps))
                }
                Paths::Pawn(_) if trole == Role::King => None,
                Paths::Pawn(p) => File::ALL
                    .iter()
                    .filter_map(|&f| {
                        let promo = Square::from_coords(f, last);
                        let (d, caps) = p[promo as usize];
                        let rest = piece_distance(trole, promo, tsq);
                        (d != NEVER && rest != NEVER)
                            .then(|| i64::from(d + rest) * MOVE_WEIGHT + i64::from(caps))
                    })
                    .min(),
            };
            matrix.push(cost.unwrap_or(INF));
        }
    }
    for &slot in slots {
        for path in &reach {
            let d = match path {
                Paths::Piece(r) => r.to_any(slot),
                Paths::Pawn(p) => slot
                    .into_iter()
                    .map(|sq| p[sq as usize].0)
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
        return None;
    }
    let used = of_row.iter().fold(0u32, |u, &j| u | 1 << j);
    let slot_men = of_row[n..].iter().map(|&j| j as u8).collect();
    Some(((total / MOVE_WEIGHT) as u32, used, slot_men))
}

/// Where a man of the current position can go (pass two of [`estimate`]).
enum Paths {
    Piece(Reach),
    Pawn(Box<[(u8, u8); 64]>),
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
    fn slots_of_a_pawn_changing_files() {
        let mut out = Vec::new();
        // e2 to g4: captures on f3 then g4.
        capture_slots(Color::White, Square::E2, Square::G4, &mut out);
        assert_eq!(
            out,
            vec![Bitboard::from(Square::F3), Bitboard::from(Square::G4)]
        );
        out.clear();
        // d7 to c5 (Black): the capture on c6 or c5.
        capture_slots(Color::Black, Square::D7, Square::C5, &mut out);
        assert_eq!(
            out,
            vec![Bitboard::from(Square::C6) | Bitboard::from(Square::C5)]
        );
    }

    /// A man that can neither become a target man nor reach the square
    /// where a pawn must take it costs the guide more.
    #[test]
    fn a_victim_that_cannot_reach_the_capture() {
        // White's pawn must take on b7: Black's rook can get there, Black's
        // h-pawn cannot.
        let target = Position::from_fen("7k/1P6/8/8/8/8/8/K7 b - -").unwrap();
        let rook = Position::from_fen("r6k/8/1P6/8/8/8/8/K7 w - -").unwrap();
        let pawn = Position::from_fen("7k/8/1P5p/8/8/8/8/K7 w - -").unwrap();
        let mut planner = Planner::new(target.board(), target.turn());
        let r = planner.estimate(rook.board(), rook.turn()).unwrap();
        let p = planner.estimate(pawn.board(), pawn.turn()).unwrap();
        assert!(r.guide < p.guide, "{r:?} {p:?}");
    }

    #[test]
    fn lane_beyond_an_opposing_pawn() {
        let file_f = |ranks: std::ops::RangeInclusive<u32>| -> Bitboard {
            ranks.map(|r| Square::new(r * 8 + 5).unwrap()).collect()
        };
        // Black's f-pawn ends on f5: a white pawn bound for f6 must keep
        // off f1-f5 (it would have to pass it), one bound for f4 need not.
        let ends = Bitboard::from(Square::F5);
        assert_eq!(lane(Color::White, Square::F6, ends), file_f(0..=4));
        assert_eq!(lane(Color::White, Square::F4, ends), Bitboard::EMPTY);
        // White's f-pawn ends on f6: a black pawn bound for f5 must keep
        // off f6-f8.
        let ends = Bitboard::from(Square::F6);
        assert_eq!(lane(Color::Black, Square::F5, ends), file_f(5..=7));
    }

    /// Pawns on one file cannot pass each other: with White's pawn bound
    /// for c6 and Black's for c5, a white pawn on c5 below a black one on
    /// c6 is a dead end, however close it looks; a white pawn on b5 that
    /// can take on c6 is not.
    #[test]
    fn pawns_on_one_file_do_not_pass() {
        let target = Position::from_fen("4k3/8/2P5/2p5/8/8/8/K7 w - -").unwrap();
        let dead_end = Position::from_fen("4k3/8/2p5/2P5/8/8/8/K7 w - -").unwrap();
        let takes = Position::from_fen("4k3/8/2n5/1Pp5/8/8/8/K7 w - -").unwrap();
        let mut planner = Planner::new(target.board(), target.turn());
        let d = planner.estimate(dead_end.board(), dead_end.turn()).unwrap();
        let t = planner.estimate(takes.board(), takes.turn()).unwrap();
        assert!(t.guide < d.guide, "{t:?} {d:?}");
    }

    /// White's e-pawn takes on f6 the black g-pawn, which can only get
    /// there by taking a white man on f6 first: a white knight one move
    /// from f6 is closer to the target than one that a black man could
    /// merely take sooner elsewhere.
    #[test]
    fn a_capture_chain_asks_for_its_victim() {
        let target = Position::from_fen("7k/8/5P2/8/8/8/8/K7 w - -").unwrap();
        let near = Position::from_fen("7k/6p1/8/3NP3/8/8/8/K7 w - -").unwrap();
        let far = Position::from_fen("7k/6p1/8/4P3/8/7N/8/K7 w - -").unwrap();
        let mut planner = Planner::new(target.board(), target.turn());
        let n = planner.estimate(near.board(), near.turn()).unwrap();
        let f = planner.estimate(far.board(), far.turn()).unwrap();
        assert!(n.guide < f.guide, "{n:?} {f:?}");
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
