//! Playing one kernel event on the board: a best-first search over forward
//! moves from the current position until the skeleton is the one after the
//! event, guided by what that event needs (a pawn walking to where it
//! captures and a victim coming there, a capturer walking to its victim, a
//! pawn walking to its promotion square past the men in its way).
//!
//! No other capture or promotion is played on the way (the skeleton must
//! stay as it is until the event). Pawns other than the ones the event
//! moves advance no further than the target's pawns of their file (the
//! fourth rank on a file where the target has none of that side's pawns),
//! so that the final arrangement still finds them behind their squares;
//! on a file with as many of a side's pawns as the target's, each pawn no
//! further than its own target square, and a pawn capture lands no
//! further than its square when the file it lands on then holds the
//! target's count ([`Caps::exact`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

use super::skeleton::{pawn_square, Event, Kind, Skeleton, Victim};
use crate::hash::FastSet;
use crate::proofgame::distance::{piece_distance, Reach, NEVER};
use crate::{Bitboard, Board, CastlingRights, Color, Move, Piece, Position, Role, Square};

/// How far each side's pawns may go on each file, as relative ranks (0 is
/// the side's first rank), when the event does not move them.
#[derive(Debug, Clone)]
pub struct Caps {
    pub rank: [[u8; 8]; 2],
    /// The target's pawns of each side on each file, as relative ranks in
    /// board order (from the first rank up).
    pub files: [[Vec<u8>; 8]; 2],
}

impl Caps {
    /// From the target: the furthest of the side's pawns on the file, else
    /// the fourth rank.
    pub fn of(target: &Board) -> Caps {
        let mut rank = [[3u8; 8]; 2];
        let mut seen = [[false; 8]; 2];
        let mut files: [[Vec<u8>; 8]; 2] = Default::default();
        for sq in target.by_role(Role::Pawn) {
            let color = target.color_at(sq).expect("occupied");
            let (c, f) = (color.index(), sq.file() as usize);
            let r = relative_rank(color, sq);
            files[c][f].push(r);
            if !seen[c][f] || r > rank[c][f] {
                rank[c][f] = r;
                seen[c][f] = true;
            }
        }
        Caps { rank, files }
    }

    /// The caps that keep the pawns behind both `self`'s and `other`'s
    /// squares (targets with the same pawns on each file, one step apart).
    pub fn meet(&self, other: &Caps) -> Caps {
        let mut caps = self.clone();
        for c in 0..2 {
            for f in 0..8 {
                caps.rank[c][f] = caps.rank[c][f].min(other.rank[c][f]);
                if caps.files[c][f].len() == other.files[c][f].len() {
                    for (r, &o) in caps.files[c][f].iter_mut().zip(&other.files[c][f]) {
                        *r = (*r).min(o);
                    }
                }
            }
        }
        caps
    }

    /// The furthest relative rank the `k`-th pawn of `color` on `file`
    /// (board order) may stand on, when the file holds `n` pawns of that
    /// side as the target's does: the target's `k`-th (pawns of a side
    /// never pass each other on a file). `None` when the counts differ
    /// (a capture or a promotion is still to change the file).
    pub fn exact(&self, color: Color, file: u8, k: usize, n: usize) -> Option<u8> {
        let on = &self.files[color.index()][file as usize];
        (on.len() == n).then(|| on[k])
    }

    /// Whether some file holds a side's pawns as many as the target's and
    /// one of them beyond its target square: no arrangement without a
    /// capture can bring it back.
    pub fn overshot(&self, board: &Board) -> bool {
        for color in Color::ALL {
            let pawns = board.by_piece(Piece::new(color, Role::Pawn));
            for f in 0..8u8 {
                let on: Vec<u8> = (pawns & Bitboard(0x0101_0101_0101_0101 << f))
                    .into_iter()
                    .map(|sq| relative_rank(color, sq))
                    .collect();
                let goal = &self.files[color.index()][f as usize];
                if on.len() == goal.len() && on.iter().zip(goal).any(|(r, g)| r > g) {
                    return true;
                }
            }
        }
        false
    }
}

fn relative_rank(color: Color, sq: Square) -> u8 {
    match color {
        Color::White => sq.rank() as u8,
        Color::Black => 7 - sq.rank() as u8,
    }
}

/// The moves that play `event` from `start` (whose skeleton is `before`),
/// keeping the castling rights `keep`; `None` when none is found within
/// `nodes` expansions or by `deadline`.
pub fn realise(
    start: &Position,
    before: &Skeleton,
    event: &Event,
    caps: &Caps,
    keep: CastlingRights,
    nodes: u64,
    deadline: Instant,
) -> Option<Vec<Move>> {
    let after = before.after(event);
    let landing = landing_cap(&after, event, caps);
    let weight = 3u32;
    let mut tree: Vec<(Position, u32, Option<Move>, u32)> = vec![(*start, u32::MAX, None, 0)];
    let mut seen: FastSet<(Board, Color)> = FastSet::default();
    seen.insert((*start.board(), start.turn()));
    let mut open = BinaryHeap::new();
    let h0 = guide(start.board(), before, event, caps, landing, true)?;
    // An event that must first wait for other pawns to come down (see
    // [`landing_cost`]) gets a quarter of the nodes: such searches fail
    // more often than the others, and slowly.
    let nodes = if guide(start.board(), before, event, caps, landing, false).is_none() {
        nodes / WAITING_SHARE
    } else {
        nodes
    };
    open.push(Reverse((weight * h0, h0, 0u32)));
    let mut expanded = 0u64;
    while let Some(Reverse((_, _, idx))) = open.pop() {
        expanded += 1;
        if expanded > nodes || (expanded.is_multiple_of(256) && Instant::now() >= deadline) {
            return None;
        }
        let (pos, g) = (tree[idx as usize].0, tree[idx as usize].3);
        let movers = movers(pos.board(), before, event);
        for m in pos.legal_moves().iter() {
            let mut child = pos;
            child.play_unchecked(m);
            if !keep.iter().all(|(c, s)| child.castling_rights().has(c, s)) {
                continue;
            }
            if m.is_capture() || m.promotion().is_some() {
                if Skeleton::of(child.board()) != after
                    || caps.overshot(child.board())
                    || !has_quiet_move(&child)
                {
                    continue;
                }
                let mut line = vec![*m];
                let mut at = idx;
                while let Some(mv) = tree[at as usize].2 {
                    line.push(mv);
                    at = tree[at as usize].1;
                }
                line.reverse();
                return Some(line);
            }
            if m.role() == Role::Pawn && !movers.contains(m.from()) {
                let color = pos.turn();
                if relative_rank(color, m.to()) > caps.rank[color.index()][m.to().file() as usize]
                    || caps.overshot(child.board())
                {
                    continue;
                }
            }
            if !seen.insert((*child.board(), child.turn())) {
                continue;
            }
            let Some(h) = guide(child.board(), before, event, caps, landing, true) else {
                continue;
            };
            let i = tree.len() as u32;
            tree.push((child, idx, Some(*m), g + 1));
            open.push(Reverse((g + 1 + weight * h, h, i)));
        }
    }
    None
}

/// Whether the side to move has a move that is neither a capture nor a
/// promotion: without one the game cannot go on without changing the
/// skeleton (a pawn taking on f2 with check, the king's only answer to
/// take it), and every event tried next fails there.
fn has_quiet_move(pos: &Position) -> bool {
    pos.legal_moves()
        .iter()
        .any(|m| !m.is_capture() && m.promotion().is_none())
}

/// For a pawn capture, the furthest relative rank the capturer may land
/// on: its target square, when the file it lands on then holds as many
/// pawns of its side as the target's ([`Caps::exact`]).
pub(super) fn landing_cap(after: &Skeleton, event: &Event, caps: &Caps) -> Option<u8> {
    let Event::PawnCaptures { color, to, at, .. } = *event else {
        return None;
    };
    let on = &after.files[to as usize];
    let k = on[..at as usize].iter().filter(|&&c| c == color).count();
    let n = on.iter().filter(|&&c| c == color).count();
    caps.exact(color, to, k, n)
}

/// The moves other pawns must make before a pawn of `color` landing on
/// `s` becomes the `at`-th pawn of the landing file (board order, counted
/// without the lander): `Some(0)` when as many pawns stand behind `s` (as
/// `color` sees it) as the kernel says and none on `s`; when fewer, the
/// steps of the nearest pawns beyond `s`, which must be the other side's,
/// down to the squares just behind it (pawns never pass each other on a
/// file), each within its cap; `None` otherwise. (Letting pawns step past
/// the landing square first made events possible whose searches then
/// failed slowly, where they used to fail at once, and lost games.)
fn landing_cost(
    color: Color,
    board: &Board,
    on_to: Bitboard,
    s: Square,
    at: usize,
    caps: &Caps,
) -> Option<u32> {
    let rs = relative_rank(color, s);
    let mut ranks: Vec<(u8, Square)> = on_to
        .into_iter()
        .map(|q| (relative_rank(color, q), q))
        .collect();
    ranks.sort_unstable();
    if ranks.iter().any(|&(r, _)| r == rs) {
        return None;
    }
    let behind = ranks.iter().filter(|&&(r, _)| r < rs).count();
    let want = match color {
        Color::White => at,
        Color::Black => on_to.count() as usize - at,
    };
    if behind == want {
        return Some(0);
    }
    if behind > want {
        return None;
    }
    // The next `k` pawns beyond `s` come down to the `k` squares behind
    // it, above the pawns already there.
    let k = want - behind;
    if ranks.len() < want {
        return None;
    }
    let lowest = usize::from(rs).checked_sub(k)?;
    let floor = ranks[..behind]
        .last()
        .map_or(0, |&(r, _)| usize::from(r) + 1);
    if lowest < floor.max(1) {
        return None;
    }
    let other = color.other();
    let cap = caps.rank[other.index()][s.file() as usize];
    let mut cost = 0;
    for (j, &(r, q)) in ranks[behind..behind + k].iter().enumerate() {
        if board.color_at(q) != Some(other) {
            return None;
        }
        let to = (lowest + j) as u8;
        // The square as the other side sees it, within its cap.
        if 7 - to > cap {
            return None;
        }
        cost += u32::from(r - to);
    }
    Some(cost)
}

/// The pawns the event moves (free of the caps).
fn movers(board: &Board, before: &Skeleton, event: &Event) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    match *event {
        Event::PawnCaptures {
            file,
            index,
            victim,
            ..
        } => {
            if let Some(sq) = pawn_square(board, file, index) {
                b.set(sq);
            }
            if let Victim::Pawn { file, index } = victim {
                if let Some(sq) = pawn_square(board, file, index) {
                    b.set(sq);
                }
            }
        }
        Event::PieceCaptures { .. } => {}
        Event::Promotes { color, file, .. } => {
            if let Some(sq) = front_pawn(board, before, color, file) {
                b.set(sq);
            }
        }
    }
    b
}

fn front_pawn(board: &Board, before: &Skeleton, color: Color, file: u8) -> Option<Square> {
    let len = before.files[file as usize].len() as u8;
    let index = match color {
        Color::White => len.checked_sub(1)?,
        Color::Black => 0,
    };
    pawn_square(board, file, index)
}

/// The share of an event's nodes a search that waits for other pawns gets.
const WAITING_SHARE: u64 = 4;

/// The extra cost of a square in the way (a man must leave it first).
const IN_THE_WAY: u32 = 2;

/// The fewest moves for the piece on `from` (of `role`) to land on `to`
/// with the men of `board` in the way (other than on `to`); on an empty
/// board plus a penalty when they wall it off.
fn walk(board: &Board, role: Role, from: Square, to: Square) -> u32 {
    let blocked = board.occupied().without(from).without(to);
    let d = Reach::of(role, from, blocked).to_any(Bitboard::from(to));
    if d != NEVER {
        return u32::from(d);
    }
    let free = piece_distance(role, from, to);
    if free == NEVER {
        return u32::from(NEVER);
    }
    u32::from(free) + 3
}

/// The guide toward the event: a rough count of the moves it still needs
/// (not a bound); `None` when the event can no longer happen. `wait`: a
/// pawn capture may land where other pawns must first come down to
/// ([`landing_cost`]).
fn guide(
    board: &Board,
    before: &Skeleton,
    event: &Event,
    caps: &Caps,
    landing: Option<u8>,
    wait: bool,
) -> Option<u32> {
    match *event {
        Event::PawnCaptures {
            color,
            file,
            index,
            to,
            at,
            victim,
        } => {
            let p = pawn_square(board, file, index)?;
            match victim {
                Victim::Pawn {
                    file: vf,
                    index: vi,
                } => {
                    let v = pawn_square(board, vf, vi)?;
                    let gap = relative_rank(color, v) as i32 - relative_rank(color, p) as i32;
                    if gap < 1 {
                        return None;
                    }
                    let ahead = if color == Color::White { 8 } else { -8 };
                    let mut cost = gap as u32;
                    // A landing beyond the capturer's target square: the
                    // victim must come nearer first.
                    if let Some(cap) = landing {
                        if relative_rank(color, p) >= cap {
                            return None;
                        }
                        cost += 2 * u32::from(relative_rank(color, v).saturating_sub(cap));
                    }
                    // Men between the two pawns' ranks on the capturer's
                    // file hold it back.
                    let mut sq = p;
                    for _ in 1..gap {
                        sq = sq.offset(ahead)?;
                        if board.piece_at(sq).is_some() {
                            cost += IN_THE_WAY;
                        }
                    }
                    Some(cost)
                }
                Victim::Piece(kind) => {
                    let other = color.other();
                    let victims = kind.squares(board) & board.by_color(other);
                    if victims.is_empty() {
                        return None;
                    }
                    let on_to = Bitboard(0x0101_0101_0101_0101 << to) & board.by_role(Role::Pawn);
                    let r0 = relative_rank(color, p);
                    let ahead = if color == Color::White { 8 } else { -8 };
                    let mut best = u32::MAX;
                    let mut blockers = 0u32;
                    let mut sq = p;
                    for r in r0 + 1..7 {
                        // The capture lands on relative rank `r` of file `to`.
                        let s = Square::new(
                            u32::from(to)
                                + 8 * u32::from(if color == Color::White { r } else { 7 - r }),
                        )?;
                        let steps = u32::from(r - r0 - 1);
                        let double = u32::from(r0 == 1 && steps >= 2);
                        let allowed = landing.is_none_or(|cap| r <= cap);
                        let first = if allowed {
                            landing_cost(color, board, on_to, s, usize::from(at), caps)
                                .filter(|&c| wait || c == 0)
                        } else {
                            None
                        };
                        if let Some(first) = first {
                            let arrive = victims
                                .into_iter()
                                .map(|v| walk(board, kind.role(), v, s))
                                .min()
                                .unwrap_or(u32::MAX);
                            let occupied = match board.piece_at(s) {
                                Some(pc)
                                    if pc.color == other && Kind::of(pc.role, s) == Some(kind) =>
                                {
                                    0
                                }
                                Some(_) => IN_THE_WAY,
                                None => 0,
                            };
                            // Landing beyond the target's pawns of the file
                            // leaves a pawn the arrangement cannot bring back.
                            let beyond =
                                u32::from(r.saturating_sub(caps.rank[color.index()][to as usize]));
                            let cost = steps - double
                                + first
                                + blockers * IN_THE_WAY
                                + 1
                                + arrive
                                + occupied
                                + 4 * beyond;
                            best = best.min(cost);
                        }
                        // The square the pawn steps on next.
                        sq = match sq.offset(ahead) {
                            Some(n) => n,
                            None => break,
                        };
                        if board.piece_at(sq).is_some() {
                            if board.role_at(sq) == Some(Role::Pawn) {
                                break;
                            }
                            blockers += 1;
                        }
                    }
                    (best < u32::MAX).then_some(best)
                }
            }
        }
        Event::PieceCaptures { color, victim } => {
            let targets = match victim {
                Victim::Piece(kind) => kind.squares(board) & board.by_color(color.other()),
                Victim::Pawn { file, index } => Bitboard::from(pawn_square(board, file, index)?),
            };
            let ours = board.by_color(color) & !board.by_role(Role::Pawn);
            let mut best = u32::MAX;
            for v in targets {
                for a in ours {
                    let role = board.role_at(a)?;
                    let d = walk(board, role, a, v) + u32::from(role == Role::King);
                    best = best.min(d);
                }
            }
            (best < u32::from(NEVER)).then_some(best)
        }
        Event::Promotes { color, file, .. } => {
            let p = front_pawn(board, before, color, file)?;
            let r0 = relative_rank(color, p);
            let ahead = if color == Color::White { 8 } else { -8 };
            let mut cost = u32::from(7 - r0) - u32::from(r0 == 1);
            let mut sq = p;
            for _ in r0..7 {
                sq = sq.offset(ahead)?;
                match board.piece_at(sq) {
                    Some(Piece {
                        role: Role::Pawn, ..
                    }) => return None,
                    Some(_) => cost += IN_THE_WAY,
                    None => {}
                }
            }
            Some(cost)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn board(fen: &str) -> Board {
        *Position::from_fen(fen).unwrap().board()
    }

    /// A white pawn landing on g5 above black's g-pawn, now on g7: the
    /// black pawn must come down to g4 first (three steps), which the
    /// target's black g-pawn on g4 allows and one on g6 does not.
    #[test]
    fn other_pawns_come_down_before_a_landing() {
        let now = board("4k3/6p1/8/8/8/8/7P/4K3 w - - 0 1");
        let on_g = Bitboard(0x0101_0101_0101_0101 << 6) & now.by_role(Role::Pawn);
        let low = Caps::of(&board("4k3/8/8/6P1/6p1/8/8/4K3 w - - 0 1"));
        assert_eq!(
            landing_cost(Color::White, &now, on_g, Square::G5, 1, &low),
            Some(3)
        );
        // Below the black pawn: nothing to wait for.
        assert_eq!(
            landing_cost(Color::White, &now, on_g, Square::G5, 0, &low),
            Some(0)
        );
        let high = Caps::of(&board("4k3/8/6p1/6P1/8/8/8/4K3 w - - 0 1"));
        assert_eq!(
            landing_cost(Color::White, &now, on_g, Square::G5, 1, &high),
            None
        );
    }

    /// White's c-pawn takes black's b-pawn and becomes the upper of the
    /// two white b-pawns, bound for b3 and b4: it must take on b4 at the
    /// furthest, so from c3, the black pawn coming down to b4 (taking on
    /// b5 from c4 would leave a pawn no arrangement brings back).
    #[test]
    fn a_pawn_capture_lands_no_further_than_its_square() {
        let target = Position::from_fen("4k3/8/8/8/1P6/1P6/8/4K3 w - - 0 1").unwrap();
        let caps = Caps::of(target.board());
        let start = Position::start();
        let before = Skeleton::of(start.board());
        let event = Event::PawnCaptures {
            color: Color::White,
            file: 2,
            index: 0,
            to: 1,
            at: 1,
            victim: Victim::Pawn { file: 1, index: 1 },
        };
        let far = Instant::now() + Duration::from_secs(3600);
        let line = realise(
            &start,
            &before,
            &event,
            &caps,
            CastlingRights::NONE,
            60_000,
            far,
        )
        .expect("the capture is played");
        let mut pos = start;
        for m in &line {
            assert!(pos.is_legal(m));
            pos.play_unchecked(m);
        }
        let last = line.last().unwrap();
        assert_eq!(last.from(), Square::C3, "{}", pos.to_fen());
        assert_eq!(last.to(), Square::B4);
        assert_eq!(Skeleton::of(pos.board()), before.after(&event));
        assert!(!caps.overshot(pos.board()));
    }
}
