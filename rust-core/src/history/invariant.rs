//! What the abstraction of every position of every game satisfies: the
//! search drops a predecessor that fails it, and a certificate counts such
//! a state as covered.
//!
//! `covered` states are those a history never passes through, so that a
//! closed set need not hold them. Each condition is true of `α_Z(Q)` for
//! every position `Q` a game reaches:
//! - **fits** ([`Abstract::fits`]): each file's pawns can stand on
//!   squares in their order, a pawn not pinned neither on the zone nor on
//!   its second rank. True of `α_Z` of every board, by definition.
//! - **material**: a side has at most 16 men and 8 pawns, and its pawns
//!   plus its men beyond the initial ones of their kind
//!   ([`Abstract::promoted`]) number at most 8 (each such man is a pawn
//!   promoted: a side never has more than 8 pawns, and a promotion takes
//!   one away for good). The material invariant of reachable positions
//!   (`Rule::Invariants`, proven in Coq).
//! - **pawn captures**: each side's pawns can be given distinct starting
//!   files, a pawn on file `f` the file `g` with `|f - g|` at most the
//!   ranks it went up (its relative rank less 2; for a pawn not pinned, at
//!   most 5), so that the sum of the `|f - g|` is at most the other side's
//!   missing men. A pawn changes file only by capturing, one file and one
//!   rank a capture, distinct pawns started on distinct files, and each man
//!   a side misses was taken by one capture of the other side: the
//!   pawn-capture counting of `Rule::PawnCaptures` and `Rule::Crossing`,
//!   proven in Coq by a ghost that remembers each pawn's starting file.
//!
//! - **columns** (after Texel's pruning of proof kernels): a column is
//!   [`complete`] when it holds a white pawn below a black one, as in the
//!   initial position. Going back, a pawn step keeps a column's colours,
//!   a promotion taken back puts a white pawn on top or a black one at the
//!   bottom, and a capture taken back changes at most two neighbouring
//!   columns, each by one pawn taken out, put in, or turned into one of
//!   the other colour, each change counted against the side that captured
//!   ([`column_options`]). Every capture taken back gives the other side a
//!   man back, so a history from the state back to the initial one takes
//!   back exactly `16 - men` captures of each side, enough for the columns
//!   ([`columns_fit`]). This one is a fact about the abstract steps alone.
//!
//! The side to move and check are not part of the state, so nothing here
//! speaks of them.

use std::sync::OnceLock;

use super::state::{Abstract, Column};
use crate::{Bitboard, Color, File};

/// Whether `a` fits and satisfies the invariants (see the module docs).
pub fn viable(a: &Abstract, zone: Bitboard) -> bool {
    let men = Color::ALL.map(|c| a.men(c));
    let material = Color::ALL.into_iter().all(|color| {
        let pawns = a.pawn_count(color);
        men[color as usize] <= 16 && pawns <= 8 && pawns + a.promoted(color) <= 8
    });
    material
        && columns_fit(a, 16 - men[1], 16 - men[0])
        && a.fits(zone)
        && Color::ALL.into_iter().all(|color| {
            pawn_captures(a, color).is_some_and(|c| c + men[color.other() as usize] <= 16)
        })
}

/// Whether `file`'s column is as in the initial position up to the pawns'
/// squares: a white pawn below a black one.
pub fn complete(a: &Abstract, file: File) -> bool {
    let column = a.column(file);
    column.len() == 2 && column.get(0).color == Color::White && column.get(1).color == Color::Black
}

/// Whether White, taking back at most `white` captures, and Black, at
/// most `black`, can make every column [`complete`] (see the module docs):
/// each file's column needs one of its [`column_options`] (captures by
/// each side that change it), and a capture changes at most two
/// neighbouring columns, so each side's captures cover its needs by pairs
/// of neighbouring files (greedily from the a-file for a choice of
/// options, which is optimal on a line; the choices by dynamic
/// programming).
pub fn columns_fit(a: &Abstract, white: u32, black: u32) -> bool {
    // (carry of White, carry of Black, Black's total) -> White's least total.
    let mut states: Vec<((u32, u32, u32), u32)> = vec![((0, 0, 0), 0)];
    for file in File::ALL {
        let mut next: Vec<((u32, u32, u32), u32)> = Vec::new();
        for &((carry_w, carry_b, total_b), total_w) in &states {
            for &(need_w, need_b) in column_options_cached(a.column(file)) {
                let (w, b) = (
                    u32::from(need_w).saturating_sub(carry_w),
                    u32::from(need_b).saturating_sub(carry_b),
                );
                let (tw, tb) = (total_w + w, total_b + b);
                if tw > white || tb > black {
                    continue;
                }
                let key = (w, b, tb);
                match next.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, best)) => *best = (*best).min(tw),
                    None => next.push((key, tw)),
                }
            }
        }
        if next.is_empty() {
            return false;
        }
        states = next;
    }
    true
}

/// [`column_options`] of a column, from a table of every column of up to
/// six pawns (a column holds at most six).
fn column_options_cached(column: Column) -> &'static [(u8, u8)] {
    static TABLE: OnceLock<Vec<Vec<(u8, u8)>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = Vec::with_capacity(127);
        for len in 0..=6u32 {
            for bits in 0..(1u32 << len) {
                let colours: Vec<Color> = (0..len)
                    .map(|i| {
                        if bits >> i & 1 == 1 {
                            Color::Black
                        } else {
                            Color::White
                        }
                    })
                    .collect();
                let options = column_options(&colours)
                    .into_iter()
                    .map(|(w, b)| (w as u8, b as u8))
                    .collect();
                table.push(options);
            }
        }
        table
    });
    let len = column.len() as u32;
    let bits: u32 = column
        .iter()
        .enumerate()
        .map(|(i, p)| u32::from(p.color == Color::Black) << i)
        .sum();
    &table[((1 << len) - 1 + bits) as usize]
}

/// The least captures by White and by Black (the Pareto-least pairs) that
/// change a column of pawns of `colours` (from the first rank up) into a
/// white pawn below a black one. Going back, a capture by a side changes
/// a column by one of: one of its pawns taken out (the pawn that captured
/// goes back to its file), one of its pawns turned into one of the other
/// colour (the pawn it took comes back in its place), a pawn of either
/// colour put in anywhere (a pawn of the side coming back to its file, or
/// a pawn of the other side that a piece of the side took); a promotion
/// taken back puts, for free, a white pawn on top or a black one at the
/// bottom. A shortest-path search over short columns.
pub fn column_options(colours: &[Color]) -> Vec<(u32, u32)> {
    use std::collections::{HashMap, VecDeque};
    /// The most captures by White a search looks at, and pawns in a column.
    const MAX: u32 = 8;
    // (length, bits from the bottom (1 = black), White's captures) ->
    // Black's least captures, by a 0-1 breadth-first search in Black's.
    type Node = (u32, u32, u32);
    let start: Node = (
        colours.len() as u32,
        colours
            .iter()
            .enumerate()
            .map(|(i, c)| u32::from(*c == Color::Black) << i)
            .sum(),
        0,
    );
    let mut dist: HashMap<Node, u32> = HashMap::from([(start, 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        let d = dist[&node];
        let (n, bits, w) = node;
        // (next column, White's extra capture, Black's extra capture)
        let mut next: Vec<((u32, u32), u32, u32)> = Vec::new();
        if n < MAX {
            next.push(((n + 1, bits), 0, 0));
            next.push(((n + 1, (bits << 1) | 1), 0, 0));
            for i in 0..=n {
                let low = bits & ((1 << i) - 1);
                let high = bits >> i;
                for colour in [0, 1] {
                    let col = (n + 1, low | (colour << i) | (high << (i + 1)));
                    next.push((col, 1, 0));
                    next.push((col, 0, 1));
                }
            }
        }
        for i in 0..n {
            let black = bits >> i & 1 == 1;
            let low = bits & ((1 << i) - 1);
            let high = bits >> (i + 1);
            let (cw, cb) = if black { (0, 1) } else { (1, 0) };
            next.push(((n - 1, low | (high << i)), cw, cb));
            next.push(((n, bits ^ (1 << i)), cw, cb));
        }
        for ((len, bits), cw, cb) in next {
            if w + cw > MAX {
                continue;
            }
            let c = (len, bits, w + cw);
            if dist.get(&c).is_none_or(|&old| d + cb < old) {
                dist.insert(c, d + cb);
                if cb == 0 {
                    queue.push_front(c);
                } else {
                    queue.push_back(c);
                }
            }
        }
    }
    // The least Black's captures for each number of White's, then the
    // pairs no other beats.
    let mut options: Vec<(u32, u32)> = Vec::new();
    let mut best = u32::MAX;
    for w in 0..=MAX {
        if let Some(&b) = dist.get(&(2, 0b10, w)) {
            if b < best {
                options.push((w, b));
                best = b;
            }
        }
    }
    options
}

/// The fewest captures `color`'s pawns made to stand where they stand: the
/// cheapest assignment of distinct starting files (see the module docs),
/// `None` when there is none.
pub fn pawn_captures(a: &Abstract, color: Color) -> Option<u32> {
    // (file, the most files it can have moved across), at most 8.
    let mut pawns = [(0u32, 0u32); 8];
    let mut n = 0;
    for file in File::ALL {
        for pawn in a.column(file).iter() {
            if pawn.color != color {
                continue;
            }
            if n == 8 {
                return None;
            }
            let reach = match pawn.rank {
                Some(rank) => (rank.relative_to(color) as u32).saturating_sub(1),
                None => 5,
            };
            pawns[n] = (file as u32, reach);
            n += 1;
        }
    }
    // best[mask]: the cheapest assignment of the first |mask| pawns to the
    // files of `mask`.
    const NONE: u32 = u32::MAX;
    let mut best = [NONE; 256];
    best[0] = 0;
    let mut answer = NONE;
    for mask in 0usize..256 {
        let cost = best[mask];
        if cost == NONE {
            continue;
        }
        let i = mask.count_ones() as usize;
        if i == n {
            answer = answer.min(cost);
            continue;
        }
        let (file, reach) = pawns[i];
        for start in 0..8u32 {
            let bit = 1usize << start;
            let d = file.abs_diff(start);
            if mask & bit == 0 && d <= reach {
                let next = &mut best[mask | bit];
                *next = (*next).min(cost + d);
            }
        }
    }
    (answer != NONE).then_some(answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bitboard, Position};

    fn abs(fen: &str) -> Abstract {
        Abstract::of(Position::from_fen(fen).unwrap().board(), Bitboard::EMPTY)
    }

    #[test]
    fn initial_is_viable() {
        assert!(viable(&Abstract::initial(Bitboard::EMPTY), Bitboard::EMPTY));
    }

    #[test]
    fn doubled_pawns_need_a_capture() {
        // Two white pawns on the b-file: one came from a or c, by a capture.
        let a = abs("4k3/8/8/8/8/1P6/1P6/4K3 w - -");
        assert_eq!(pawn_captures(&a, Color::White), Some(1));
        let a = abs("4k3/8/8/8/8/8/PP6/4K3 w - -");
        assert_eq!(pawn_captures(&a, Color::White), Some(0));
    }

    #[test]
    fn tripled_pawns_without_men_to_take() {
        // Three pawns on the a-file need 1 + 2 captures; Black has all 16
        // men: no capture was ever made by White.
        let a = abs("rnbqkbnr/pppppppp/P7/P7/P7/8/8/4K3 w - -");
        assert_eq!(pawn_captures(&a, Color::White), Some(3));
        assert!(!viable(&a, Bitboard::EMPTY));
    }

    #[test]
    fn a_pawn_on_its_second_rank_made_no_capture() {
        // g2 and h2 never moved. With them and h3 on the zone, the pawn on
        // h3 came from g or h: from neither.
        let b = *Position::from_fen("4k3/8/8/8/8/7P/6PP/4K3 w - -")
            .unwrap()
            .board();
        let zone: Bitboard = [crate::Square::G2, crate::Square::H2, crate::Square::H3]
            .into_iter()
            .collect();
        let a = Abstract::of(&b, zone);
        assert_eq!(pawn_captures(&a, Color::White), None);
        assert!(!viable(&a, zone));
        // Off the zone its rank is forgotten: it may have come from f, two
        // captures away.
        let a = abs("4k3/8/8/8/8/7P/6PP/4K3 w - -");
        assert_eq!(pawn_captures(&a, Color::White), Some(2));
    }
}

#[cfg(test)]
mod column_tests {
    use super::*;
    use crate::{Bitboard, Position};

    #[test]
    fn column_options_by_side() {
        use Color::{Black as B, White as W};
        assert_eq!(column_options(&[W, B]), vec![(0, 0)]);
        // A promotion taken back adds a white pawn on top for free; a black
        // pawn still has to come above it, by either side's capture.
        assert_eq!(column_options(&[]), vec![(0, 1), (1, 0)]);
        assert_eq!(column_options(&[W]), vec![(0, 1), (1, 0)]);
        // Doubled white pawns: the top one captured, the man it took a
        // black pawn: one capture by White.
        assert_eq!(column_options(&[W, W]), vec![(1, 0)]);
        // Crossed pawns: two changes, by either side.
        assert_eq!(column_options(&[B, W]), vec![(0, 2), (1, 1), (2, 0)]);
        assert_eq!(column_options(&[B, W, B]), vec![(0, 1)]);
    }

    #[test]
    fn columns_need_captures() {
        let a = Abstract::initial(Bitboard::EMPTY);
        assert!(columns_fit(&a, 0, 0));
        // e4 d5 exd5: the d and e columns changed, by one capture of White.
        let b = *Position::from_fen("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b - -")
            .unwrap()
            .board();
        let a = Abstract::of(&b, Bitboard::EMPTY);
        assert!(columns_fit(&a, 1, 0));
        assert!(!columns_fit(&a, 0, 1));
        assert!(!columns_fit(&a, 0, 0));
        assert!(viable(&a, Bitboard::EMPTY));
    }
}
