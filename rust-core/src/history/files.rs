//! The pawn files: the abstraction Coq checks (`pawn_files` of
//! `coq/theories/History.v`, proven to simulate the game in
//! `Historyproof.v`), computed the same way.
//!
//! A state counts, for each side, its pawns on each file and its other
//! men by kind (knights, bishops by square colour, rooks, queens; kings
//! are not counted). A pawn changes file only by a capture, to a
//! neighbouring file, so going back a pawn moves to a neighbouring file
//! only when a man of some slot comes back with it; a promotion taken
//! back turns a piece into a pawn on some file; any capture may be taken
//! back. States beyond the material invariant (at most 8 pawns, at most 8
//! pawns and promoted men together, per side) are not *viable*: no game
//! position has them.
//!
//! [`search`] exhausts the states viable and reachable backwards from the
//! position's: when the initial state is not among them, they form a set
//! closed under [`preds`], the certificate `check_files` of `History.v`
//! accepts (its members in any order). The slots, the order of
//! [`preds`]' generators and the arithmetic (subtraction stops at 0) are
//! those of `History.v`, so that Coq computes the same predecessors.

use std::collections::{HashSet, VecDeque};

use crate::{Board, Color, Role};

/// The number of slots: the pawns of White on files a-h, of Black on
/// files a-h, then White's knights, light-squared bishops, dark-squared
/// bishops, rooks, queens, then Black's.
pub const SLOTS: usize = 26;

/// The counts of a position, slot by slot (`files_of` of `History.v`).
pub type Counts = [u8; SLOTS];

/// The slot of the pawns of `color` on `file` (0 = a).
pub const fn pawn_slot(color: Color, file: usize) -> usize {
    match color {
        Color::White => file,
        Color::Black => 8 + file,
    }
}

/// The kinds of men other than pawns and kings, in slot order.
const KINDS: usize = 5;

/// The slot of the men of `color` of kind `kind` (0 knight, 1
/// light-squared bishop, 2 dark-squared bishop, 3 rook, 4 queen).
pub const fn men_slot(color: Color, kind: usize) -> usize {
    match color {
        Color::White => 16 + kind,
        Color::Black => 16 + KINDS + kind,
    }
}

/// The counts of `board`.
pub fn counts(board: &Board) -> Counts {
    let mut x = [0u8; SLOTS];
    for (sq, piece) in board.pieces() {
        let slot = match piece.role {
            Role::Pawn => pawn_slot(piece.color, sq.file() as usize),
            Role::Knight => men_slot(piece.color, 0),
            Role::Bishop if sq.is_light() => men_slot(piece.color, 1),
            Role::Bishop => men_slot(piece.color, 2),
            Role::Rook => men_slot(piece.color, 3),
            Role::Queen => men_slot(piece.color, 4),
            Role::King => continue,
        };
        x[slot] += 1;
    }
    x
}

/// `shift plus minus x` of `History.v`: each slot of `plus` added, each of
/// `minus` taken away (stopping at 0, as Coq's subtraction of naturals).
fn shift(x: &Counts, plus: &[usize], minus: &[usize]) -> Counts {
    let mut y = *x;
    for (k, n) in y.iter_mut().enumerate() {
        let p = plus.iter().filter(|&&s| s == k).count();
        let m = minus.iter().filter(|&&s| s == k).count();
        *n = (usize::from(*n) + p).saturating_sub(m).min(255) as u8;
    }
    y
}

/// The pairs of neighbouring files (`neighbours` of `History.v`).
fn neighbours() -> impl Iterator<Item = (usize, usize)> {
    (0..7).flat_map(|i| [(i, i + 1), (i + 1, i)])
}

/// `(before, after)` of a pawn capture taken back: the pawn's slot before
/// the move and after it.
fn pawn_shifts() -> Vec<(usize, usize)> {
    [Color::White, Color::Black]
        .into_iter()
        .flat_map(|c| neighbours().map(move |(i, j)| (pawn_slot(c, i), pawn_slot(c, j))))
        .collect()
}

/// `(before, after)` of a promotion taken back: a pawn on a file before,
/// a man of a kind after.
fn promotions() -> Vec<(usize, usize)> {
    [Color::White, Color::Black]
        .into_iter()
        .flat_map(|c| {
            (0..8).flat_map(move |i| (0..KINDS).map(move |g| (pawn_slot(c, i), men_slot(c, g))))
        })
        .collect()
}

/// The abstract retractions of `x` (`files_preds` of `History.v`, in its
/// order): a capture taken back (or nothing); a promotion taken back, with
/// or without a capture; a pawn capture taken back.
pub fn preds(x: &Counts) -> Vec<Counts> {
    let victims: Vec<Option<usize>> = std::iter::once(None).chain((0..SLOTS).map(Some)).collect();
    let mut out = Vec::new();
    for v in &victims {
        out.push(shift(x, v.as_slice(), &[]));
    }
    for v in &victims {
        for (a, b) in promotions() {
            let mut plus: Vec<usize> = v.iter().copied().collect();
            plus.push(a);
            out.push(shift(x, &plus, &[b]));
        }
    }
    for v in 0..SLOTS {
        for (a, b) in pawn_shifts() {
            out.push(shift(x, &[v, a], &[b]));
        }
    }
    out
}

/// The material invariant on one side's counts (`files_side_ok`).
fn side_ok(x: &Counts, color: Color) -> bool {
    let pawns: u32 = (0..8).map(|i| u32::from(x[pawn_slot(color, i)])).sum();
    let get = |g: usize| u32::from(x[men_slot(color, g)]);
    let promoted = get(4).saturating_sub(1)
        + get(3).saturating_sub(2)
        + get(0).saturating_sub(2)
        + get(1).saturating_sub(1)
        + get(2).saturating_sub(1);
    pawns <= 8 && promoted + pawns <= 8
}

/// Whether some game position may have the counts `x` (`files_viable`).
pub fn viable(x: &Counts) -> bool {
    side_ok(x, Color::White) && side_ok(x, Color::Black)
}

/// What [`search`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The states met, closed under [`preds`] up to the states not
    /// viable, without the initial one: no game reaches the position.
    Refuted(Vec<Counts>),
    /// The initial state is reachable backwards: nothing is concluded.
    Reachable,
    /// More than the budget of states: nothing is concluded.
    Unknown,
}

/// Exhausts the viable states reachable backwards from `board`'s, at most
/// `max_states` of them.
pub fn search(board: &Board, max_states: usize) -> Outcome {
    let start = counts(board);
    if !viable(&start) {
        return Outcome::Refuted(Vec::new());
    }
    let initial = counts(&Board::start());
    if start == initial {
        return Outcome::Reachable;
    }
    let mut seen: HashSet<Counts> = HashSet::from([start]);
    let mut order = vec![start];
    let mut queue = VecDeque::from([start]);
    while let Some(x) = queue.pop_front() {
        for y in preds(&x) {
            if !viable(&y) || seen.contains(&y) {
                continue;
            }
            if y == initial {
                return Outcome::Reachable;
            }
            if seen.len() >= max_states {
                return Outcome::Unknown;
            }
            seen.insert(y);
            order.push(y);
            queue.push_back(y);
        }
    }
    Outcome::Refuted(order)
}

/// Whether `states` is a certificate `check_files` accepts for `board`:
/// `board`'s state is a member or not viable, the initial state is not a
/// member, and every viable predecessor of a member is a member.
pub fn check(board: &Board, states: &[Counts]) -> bool {
    let set: HashSet<Counts> = states.iter().copied().collect();
    let covered = |x: &Counts| !viable(x) || set.contains(x);
    covered(&counts(board))
        && !set.contains(&counts(&Board::start()))
        && states.iter().all(|x| preds(x).iter().all(covered))
}
