//! The final arrangement: once every capture and promotion of the kernel
//! is played, the position has the target's material and the target's
//! pawns on each file in the target's order, and what is left is to walk
//! each man to a square of its kind without taking anything.
//!
//! The plan's search ([`super::super::search`]) solves the general
//! problem, assignments with captures still to make, at a few thousand
//! positions a second on boards of thirty men; here nothing is captured
//! any more, so the guide is much cheaper: for each side and each kind
//! (bishops by the colour of their squares, the king on its own), the
//! least total of moves matching the men to the target's squares of that
//! kind, walking around the pawns; each pawn's steps to its target square
//! on its file (the `i`-th pawn of a side on a file to the `i`-th target
//! pawn, pawns never passing each other), plus a move for each man
//! standing in a pawn's way. A pawn beyond its square or walled by an
//! opposing pawn ends the line.
//!
//! The search is best-first on plies played plus the weighted guide, no
//! capture or promotion played, the castling rights the target asserts
//! kept. The game it returns is replayed by the caller.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::{Hash, Hasher};
use std::time::Instant;

use super::skeleton::Kind;
use crate::attacks;
use crate::hash::{FastHasher, FastMap, FastSet};
use crate::proofgame::distance::{piece_distance, relative_rank, Reach, NEVER};
use crate::{Bitboard, Board, CastlingRights, Color, Move, Position, Role, Square};

/// The kinds of men the guide matches: the five [`Kind`]s, then the king.
const SLOTS: usize = 6;
const KING: usize = 5;

fn slot(role: Role, sq: Square) -> Option<usize> {
    match role {
        Role::King => Some(KING),
        Role::Pawn => None,
        _ => Kind::of(role, sq).map(Kind::index),
    }
}

/// The extra moves counted for a man walled off from a square (by pawns):
/// they must open a way first.
const WALLED: u8 = 4;

/// The most men of one kind matched exactly (a table over subsets); more
/// (never in a legal position: at most ten of a kind) are matched
/// greedily.
const EXACT_MATCH: usize = 10;

/// What the arrangement must reach.
#[derive(Debug, Clone, Copy)]
pub struct Target {
    pub board: Board,
    pub turn: Color,
    /// Rights held all along (and, with `exact`, exactly these at the end,
    /// and no en passant square).
    pub rights: CastlingRights,
    pub exact: bool,
}

impl Target {
    fn reached(&self, pos: &Position) -> bool {
        pos.turn() == self.turn
            && *pos.board() == self.board
            && (!self.exact || (pos.castling_rights() == self.rights && pos.ep_square().is_none()))
    }
}

/// Distances to each target square of a piece, for one set of pawns.
struct Maps {
    /// Indexed like [`Guide::pairs`]: moves from each square, computed
    /// when first asked for.
    to: Vec<Option<Box<[u8; 64]>>>,
}

/// The guide toward one target, remembering distance maps by the pawns on
/// the board and matchings by the men of a kind.
struct Guide {
    /// For each side and kind, the target's squares of that kind.
    goals: [[Vec<Square>; SLOTS]; 2],
    /// For each side and kind, the index of each goal's map in [`Maps::to`].
    index: [[Vec<usize>; SLOTS]; 2],
    /// The (role, square) of each map.
    pairs: Vec<(Role, Square)>,
    /// For each side and file, the target's pawns of that side, rank order.
    pawns: [[Vec<Square>; 8]; 2],
    maps: FastMap<Bitboard, Box<Maps>>,
    matched: FastMap<(Bitboard, Bitboard, u8), u32>,
}

const MEMORY: usize = 1 << 16;

impl Guide {
    fn new(target: &Board) -> Guide {
        let mut goals: [[Vec<Square>; SLOTS]; 2] = Default::default();
        let mut index: [[Vec<usize>; SLOTS]; 2] = Default::default();
        let mut pawns: [[Vec<Square>; 8]; 2] = Default::default();
        let mut pairs = Vec::new();
        for (sq, piece) in target.pieces() {
            let c = piece.color.index();
            match slot(piece.role, sq) {
                Some(s) => {
                    goals[c][s].push(sq);
                    let key = (piece.role, sq);
                    let i = pairs.iter().position(|&p| p == key).unwrap_or_else(|| {
                        pairs.push(key);
                        pairs.len() - 1
                    });
                    index[c][s].push(i);
                }
                None => pawns[c][sq.file() as usize].push(sq),
            }
        }
        for side in &mut pawns {
            for file in side.iter_mut() {
                file.sort_by_key(|sq| sq.rank() as u8);
            }
        }
        Guide {
            goals,
            index,
            pairs,
            pawns,
            maps: FastMap::default(),
            matched: FastMap::default(),
        }
    }

    /// The moves from each square to the `i`-th goal square with men on
    /// `walls`.
    fn map(&mut self, walls: Bitboard, i: usize) -> &[u8; 64] {
        if self.maps.len() >= MEMORY / 16 && !self.maps.contains_key(&walls) {
            self.maps.clear();
        }
        let n = self.pairs.len();
        let maps = self
            .maps
            .entry(walls)
            .or_insert_with(|| Box::new(Maps { to: vec![None; n] }));
        let (role, t) = self.pairs[i];
        maps.to[i].get_or_insert_with(|| {
            let reach = Reach::of(role, t, walls.without(t));
            let mut d = [NEVER; 64];
            for (i, cell) in d.iter_mut().enumerate() {
                let s = Square::new(i as u32).expect("on the board");
                let r = reach.to_any(Bitboard::from(s));
                *cell = if r != NEVER {
                    r
                } else {
                    piece_distance(role, s, t).saturating_add(WALLED)
                };
            }
            Box::new(d)
        })
    }

    /// The men standing on a target square of their own kind.
    fn settled(&self, board: &Board) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for c in 0..2 {
            for s in 0..SLOTS {
                for &t in &self.goals[c][s] {
                    if let Some(pc) = board.piece_at(t) {
                        if pc.color.index() == c && slot(pc.role, t) == Some(s) {
                            b.set(t);
                        }
                    }
                }
            }
        }
        b
    }

    /// The guide for `board`; `None` when the target cannot be reached
    /// without a capture (a pawn beyond its square or walled in, men of a
    /// kind in a number the target does not have).
    fn of(&mut self, board: &Board) -> Option<u32> {
        let pawns = board.by_role(Role::Pawn);
        let settled = self.settled(board);
        let walls = pawns | settled;
        let mut total = 0u32;
        for color in Color::ALL {
            let c = color.index();
            let ours = board.by_color(color);
            // Pawns: the i-th of a file to the i-th target pawn there.
            for f in 0..8u32 {
                let file = Bitboard::from_file(crate::File::new(f).expect("a file"));
                let on: Vec<Square> = (pawns & ours & file).into_iter().collect();
                let goals = &self.pawns[c][f as usize];
                if on.len() != goals.len() {
                    return None;
                }
                for (&p, &g) in on.iter().zip(goals) {
                    let (rp, rg) = (relative_rank(color, p), relative_rank(color, g));
                    if rg < rp {
                        return None;
                    }
                    let mut steps = u32::from(rg - rp);
                    if rp == 1 && steps >= 2 {
                        steps -= 1;
                    }
                    let ahead: i32 = if color == Color::White { 8 } else { -8 };
                    let mut sq = p;
                    for _ in rp..rg {
                        sq = sq.offset(ahead)?;
                        match board.piece_at(sq) {
                            Some(pc) if pc.role == Role::Pawn && pc.color != color => return None,
                            Some(pc) if pc.role != Role::Pawn => steps += 1,
                            _ => {}
                        }
                    }
                    total += steps;
                }
            }
            // Pieces, kind by kind.
            let mut of_kind = [Bitboard::EMPTY; SLOTS];
            for sq in ours & !pawns {
                let role = board.role_at(sq)?;
                of_kind[slot(role, sq)?].set(sq);
            }
            for (s, &men_of_kind) in of_kind.iter().enumerate() {
                if men_of_kind.count() as usize != self.goals[c][s].len() {
                    return None;
                }
                if men_of_kind.is_empty() {
                    continue;
                }
                if s == KING {
                    // A king keeps off the squares the other side's
                    // settled men and pawns attack: a corner they close
                    // is as shut as one walled in.
                    let k = men_of_kind.first()?;
                    let closed =
                        walls | attacked(board, (settled | pawns) & board.by_color(color.other()));
                    total +=
                        u32::from(self.map(closed.without(k), self.index[c][s][0])[k as usize]);
                    continue;
                }
                let key = (walls, men_of_kind, (c * SLOTS + s) as u8);
                if let Some(&m) = self.matched.get(&key) {
                    total += m;
                    continue;
                }
                let men: Vec<Square> = men_of_kind.into_iter().collect();
                let index = self.index[c][s].clone();
                let mut cost = vec![Vec::with_capacity(men.len()); men.len()];
                for &i in &index {
                    let map = self.map(walls, i);
                    for (row, &m) in cost.iter_mut().zip(&men) {
                        row.push(u32::from(map[m as usize]));
                    }
                }
                let m = least_matching(&cost);
                if self.matched.len() >= MEMORY {
                    self.matched.clear();
                }
                self.matched.insert(key, m);
                total += m;
            }
        }
        Some(total)
    }
}

/// The squares the men on `men` attack.
fn attacked(board: &Board, men: Bitboard) -> Bitboard {
    let occupied = board.occupied();
    let mut b = Bitboard::EMPTY;
    for sq in men {
        let Some(pc) = board.piece_at(sq) else {
            continue;
        };
        b |= match pc.role {
            Role::Pawn => attacks::pawn_attacks(pc.color, sq),
            Role::Knight => attacks::knight_attacks(sq),
            Role::Bishop => attacks::bishop_attacks(sq, occupied),
            Role::Rook => attacks::rook_attacks(sq, occupied),
            Role::Queen => attacks::queen_attacks(sq, occupied),
            Role::King => attacks::king_attacks(sq),
        };
    }
    b
}

/// The least total cost matching each row to a distinct column of a
/// square matrix (a table over the subsets of columns used; greedily
/// beyond [`EXACT_MATCH`] rows).
fn least_matching(cost: &[Vec<u32>]) -> u32 {
    let n = cost.len();
    if n == 1 {
        return cost[0][0];
    }
    if n > EXACT_MATCH {
        let mut used = vec![false; n];
        let mut total = 0;
        for row in cost {
            let (j, c) = row
                .iter()
                .enumerate()
                .filter(|(j, _)| !used[*j])
                .min_by_key(|(_, &c)| c)
                .expect("a column left");
            used[j] = true;
            total += *c;
        }
        return total;
    }
    let mut best = vec![u32::MAX; 1 << n];
    best[0] = 0;
    for mask in 0..(1usize << n) {
        let b = best[mask];
        if b == u32::MAX {
            continue;
        }
        let row = mask.count_ones() as usize;
        if row == n {
            continue;
        }
        for (j, &c) in cost[row].iter().enumerate() {
            if mask & (1 << j) == 0 {
                let next = mask | (1 << j);
                best[next] = best[next].min(b + c);
            }
        }
    }
    best[(1 << n) - 1]
}

fn fingerprint(pos: &Position) -> u64 {
    let mut h = FastHasher::default();
    pos.board().hash(&mut h);
    pos.turn().hash(&mut h);
    pos.castling_rights().hash(&mut h);
    let z = h.finish();
    let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Queue entries packed as in the plan's search: priority, guide, index.
fn entry(f: u32, guide: u32, idx: u32) -> u64 {
    (u64::from(f.min((1 << 22) - 1)) << 42) | (u64::from(guide.min(0xffff)) << 26) | u64::from(idx)
}

/// The most positions one arrangement holds (about 110 bytes each).
const MAX_NODES: usize = 1 << 22;

/// The moves from `start` to `target` without a capture or a promotion,
/// within `nodes` expansions and by `deadline`; `None` when none is found.
pub fn arrange(
    start: &Position,
    target: &Target,
    weight: u32,
    nodes: u64,
    deadline: Instant,
) -> Option<Vec<Move>> {
    arrange_any(start, std::slice::from_ref(target), weight, nodes, deadline).map(|(_, line)| line)
}

/// [`arrange`] toward whichever of `targets` comes first: the guide of a
/// position is the least of its guides toward each. For a position whose
/// last move is forced (a pawn giving check from g3 stepped there last),
/// the positions one ply before it are targets too: aimed at the position
/// alone, the search makes the forced move early (it is progress to the
/// guide) and can then never bring the checked king in. Returns the index
/// of the target reached and the moves.
pub fn arrange_any(
    start: &Position,
    targets: &[Target],
    weight: u32,
    nodes: u64,
    deadline: Instant,
) -> Option<(usize, Vec<Move>)> {
    if let Some(i) = targets.iter().position(|t| t.reached(start)) {
        return Some((i, Vec::new()));
    }
    let keeps =
        |p: &Position, t: &Target| t.rights.iter().all(|(c, s)| p.castling_rights().has(c, s));
    let mut guides: Vec<Guide> = targets.iter().map(|t| Guide::new(&t.board)).collect();
    let guide_of = |guides: &mut Vec<Guide>, p: &Position| {
        guides
            .iter_mut()
            .zip(targets)
            .filter(|(_, t)| keeps(p, t))
            .filter_map(|(g, _)| g.of(p.board()))
            .min()
    };
    let h0 = guide_of(&mut guides, start)?;
    let mut tree: Vec<(Position, u32, Option<Move>, u32)> = vec![(*start, u32::MAX, None, 0)];
    let mut seen: FastSet<u64> = FastSet::default();
    seen.insert(fingerprint(start));
    let mut open = BinaryHeap::new();
    open.push(Reverse(entry(weight * h0, h0, 0)));
    let mut expanded = 0u64;
    while let Some(Reverse(top)) = open.pop() {
        let idx = (top & ((1 << 26) - 1)) as u32;
        expanded += 1;
        if expanded > nodes || (expanded.is_multiple_of(256) && Instant::now() >= deadline) {
            return None;
        }
        let (pos, g) = (tree[idx as usize].0, tree[idx as usize].3);
        for m in pos.legal_moves().iter() {
            if m.is_capture() || m.promotion().is_some() {
                continue;
            }
            let mut child = pos;
            child.play_unchecked(m);
            if let Some(i) = targets
                .iter()
                .position(|t| keeps(&child, t) && t.reached(&child))
            {
                let mut line = vec![*m];
                let mut at = idx;
                while let Some(mv) = tree[at as usize].2 {
                    line.push(mv);
                    at = tree[at as usize].1;
                }
                line.reverse();
                return Some((i, line));
            }
            if !seen.insert(fingerprint(&child)) {
                continue;
            }
            let Some(h) = guide_of(&mut guides, &child) else {
                continue;
            };
            if tree.len() >= MAX_NODES {
                return None;
            }
            let i = tree.len() as u32;
            tree.push((child, idx, Some(*m), g + 1));
            open.push(Reverse(entry(g + 1 + weight * h, h, i)));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matchings_take_the_cheaper_pairs() {
        assert_eq!(least_matching(&[vec![1, 5], vec![1, 9]]), 6);
        assert_eq!(least_matching(&[vec![3]]), 3);
        assert_eq!(
            least_matching(&[vec![4, 1, 3], vec![2, 0, 5], vec![3, 2, 2]]),
            5
        );
    }

    fn board(fen: &str) -> Board {
        *Position::from_fen(fen).unwrap().board()
    }

    /// A king bound for a corner that its own rook, standing on its square
    /// already, closes: the guide counts the way round (the rook must
    /// step aside), not the three king moves of an open board.
    #[test]
    fn a_corner_closed_by_a_settled_man_costs_more() {
        let mut guide = Guide::new(&board("6rk/6pp/8/8/8/8/8/4K3 w - - 0 1"));
        let open = guide.of(&board("r3k3/6pp/8/8/8/8/8/4K3 w - - 0 1"));
        let closed = guide.of(&board("4k1r1/6pp/8/8/8/8/8/4K3 w - - 0 1"));
        // Open: the king's three moves and the rook's one.
        assert_eq!(open, Some(4));
        assert!(closed.unwrap() > 4, "{closed:?}");
        // A pawn beyond its square: no arrangement.
        assert_eq!(guide.of(&board("4k3/6p1/7p/8/8/8/8/4K3 w - - 0 1")), None);
    }

    /// A king walking into a square a settled enemy man attacks is walled
    /// off as well.
    #[test]
    fn a_square_a_settled_man_attacks_is_closed_to_the_king() {
        // The white rook on b1 is on its square and guards the b-file,
        // which the black king must cross from c3 to a8.
        let mut guide = Guide::new(&board("k7/8/8/8/8/8/8/1R2K3 w - - 0 1"));
        let far = guide.of(&board("8/8/8/8/8/2k5/8/1R2K3 w - - 0 1")).unwrap();
        // Five king moves on an open board.
        assert!(far > 5, "{far}");
    }

    /// Knights that have only to swap squares, kings and pawns in place.
    #[test]
    fn a_short_arrangement() {
        let start = Position::from_fen("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1").unwrap();
        let to = Position::from_fen("4k3/8/8/8/8/5N2/8/4K1N1 w - - 0 1").unwrap();
        let target = Target {
            board: *to.board(),
            turn: Color::White,
            rights: CastlingRights::NONE,
            exact: false,
        };
        let far = Instant::now() + std::time::Duration::from_secs(3600);
        let line = arrange(&start, &target, 2, 100_000, far).expect("a line");
        let mut pos = start;
        for m in &line {
            assert!(pos.is_legal(m));
            pos.play_unchecked(m);
        }
        assert!(target.reached(&pos));
    }
}
