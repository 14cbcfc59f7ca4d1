//! The proof kernel: a list of [`Event`]s (captures and promotions) that
//! turns the initial skeleton into the target's, found by a depth-first
//! search over skeletons.
//!
//! Every capture removes a man, so the captures each side makes are fixed
//! by the target's material; promotions are made only of the kinds the
//! target has more of than the side holds (a promoted piece is never a
//! victim here). The search prunes a skeleton when a side has too few
//! pawns left for the target's pawns and its missing pieces, or when its
//! pawns cannot reach the target's files with the captures it has left
//! (each file a pawn changes is a capture). A skeleton once found dead is
//! remembered: the events still to come depend on it alone.
//!
//! The kernel ignores where things happen; [`super::realise`] finds out
//! whether a board game follows it, and the caller asks for another
//! kernel when it does not.

use std::collections::HashSet;
use std::time::Instant;

use super::realise::{landing_cap, Caps};
use super::skeleton::{Event, Kind, Skeleton, Victim};
use crate::{Color, Square};

/// Kernels from `start` to `target`, up to `most` of them, within `nodes`
/// skeletons visited and by `deadline`. The first ones found come first.
/// No kernel steps from a skeleton by an event `banned` pairs them with
/// (events the board could not play there). With the target's `caps`, no
/// pawn capture lands where its file then holds the target's count of the
/// capturer's pawns and the capturer's own target square is on the second
/// rank (a pawn that captures lands on the third rank at least): the
/// events would fail on the board, each after its own kernel search.
pub fn kernels(
    start: &Skeleton,
    target: &Skeleton,
    most: usize,
    nodes: u64,
    deadline: Option<Instant>,
    banned: &HashSet<(Skeleton, Event)>,
    caps: Option<&Caps>,
) -> Vec<Vec<Event>> {
    let mut k = KernelSearch {
        target,
        banned,
        caps,
        dead: HashSet::new(),
        path: Vec::new(),
        found: Vec::new(),
        most,
        nodes,
        deadline,
    };
    k.dfs(start);
    k.found
}

struct KernelSearch<'a> {
    target: &'a Skeleton,
    banned: &'a HashSet<(Skeleton, Event)>,
    caps: Option<&'a Caps>,
    dead: HashSet<Skeleton>,
    path: Vec<Event>,
    found: Vec<Vec<Event>>,
    most: usize,
    nodes: u64,
    deadline: Option<Instant>,
}

impl KernelSearch<'_> {
    /// Whether some kernel was found below `s` (dead skeletons are
    /// remembered; the search stops once enough kernels are found).
    /// The events are tried in the order of what they leave to do
    /// ([`remaining`]), ties in [`ordered_events`]' order.
    fn dfs(&mut self, s: &Skeleton) -> bool {
        if self.found.len() >= self.most || self.nodes == 0 {
            return false;
        }
        self.nodes -= 1;
        if self.nodes.is_multiple_of(4096) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.nodes = 0;
            return false;
        }
        if s.files == self.target.files
            && Color::ALL
                .iter()
                .all(|&c| missing(s, self.target, c).iter().all(|&n| n == 0))
        {
            // The pawns are right and no piece is missing: the pieces left
            // over are captured by pieces, in any order (kept out of the
            // search, where they would only multiply the orders).
            let mut kernel = self.path.clone();
            for color in Color::ALL {
                let spare = surplus(s, self.target, color.other());
                for kind in Kind::ALL {
                    for _ in 0..spare[kind.index()] {
                        kernel.push(Event::PieceCaptures {
                            color,
                            victim: Victim::Piece(kind),
                        });
                    }
                }
            }
            self.found.push(kernel);
            return true;
        }
        if self.dead.contains(s) || !viable(s, self.target) {
            return false;
        }
        let mut any = false;
        let mut children: Vec<(u32, usize, Event, Skeleton)> = ordered_events(s, self.target)
            .into_iter()
            .enumerate()
            .map(|(i, e)| {
                let next = s.after(&e);
                (remaining(&next, self.target), i, e, next)
            })
            .collect();
        children.sort_by_key(|(h, i, _, _)| (*h, *i));
        for (_, _, e, next) in &children {
            if !self.banned.is_empty() && self.banned.contains(&(s.clone(), *e)) {
                continue;
            }
            if self.caps.is_some_and(|caps| lands_too_low(next, e, caps)) {
                continue;
            }
            self.path.push(*e);
            any |= self.dfs(next);
            self.path.pop();
            if self.found.len() >= self.most {
                return any;
            }
        }
        if !any && self.nodes > 0 {
            self.dead.insert(s.clone());
        }
        any
    }
}

/// Whether the pawn capture `e`, giving `after`, lands on a file that then
/// holds the target's count of the capturer's pawns, the capturer's own
/// target square there on the second rank: it cannot land that low.
fn lands_too_low(after: &Skeleton, e: &Event, caps: &Caps) -> bool {
    landing_cap(after, e, caps).is_some_and(|r| r < 2)
}

/// A rough measure of what is left to do, to try the likelier events
/// first: missing pieces, file changes and files to unblock.
fn remaining(s: &Skeleton, t: &Skeleton) -> u32 {
    let mut h = 0;
    for color in Color::ALL {
        h += missing(s, t, color)
            .iter()
            .map(|&n| u32::from(n))
            .sum::<u32>();
        h += file_changes(s, t, color).min(64);
    }
    h + (0..8)
        .filter(|&f| blocked(&s.files[f]) && !blocked(&t.files[f]))
        .count() as u32
}

/// The captures `color` must still make: the other side's men beyond the
/// target's (negative: too few left).
fn captures_left(s: &Skeleton, t: &Skeleton, color: Color) -> i32 {
    s.men(color.other()) as i32 - t.men(color.other()) as i32
}

/// The pieces of each kind `color` must still get by promotion.
fn missing(s: &Skeleton, t: &Skeleton, color: Color) -> [u8; 5] {
    let c = color.index();
    std::array::from_fn(|k| t.pieces[c][k].saturating_sub(s.pieces[c][k]))
}

/// The pieces of each kind `color` has beyond the target's (to be captured).
fn surplus(s: &Skeleton, t: &Skeleton, color: Color) -> [u8; 5] {
    let c = color.index();
    std::array::from_fn(|k| s.pieces[c][k].saturating_sub(t.pieces[c][k]))
}

/// Whether a white pawn stands below a black one on a file (they block
/// each other until a capture takes one of them off the file).
fn blocked(on: &[Color]) -> bool {
    on.iter()
        .position(|&c| c == Color::White)
        .is_some_and(|w| on[w..].contains(&Color::Black))
}

/// Necessary conditions for a kernel from `s` to `t`. Besides the
/// material: every file blocked in `s` but not in `t` needs a capture by
/// or of one of its pawns, and one capture touches at most two files (a
/// pawn taking a pawn, which must be one the target does not need).
fn viable(s: &Skeleton, t: &Skeleton) -> bool {
    let unblock = (0..8)
        .filter(|&f| blocked(&s.files[f]) && !blocked(&t.files[f]))
        .count() as i32;
    let captures = captures_left(s, t, Color::White) + captures_left(s, t, Color::Black);
    // Only a pawn taking a pawn touches two files, and it takes a pawn the
    // target does not keep.
    let spare_pawns: i32 = Color::ALL
        .iter()
        .map(|&c| {
            let need: u32 = missing(s, t, c).iter().map(|&n| u32::from(n)).sum();
            s.pawns(c) as i32 - t.pawns(c) as i32 - need as i32
        })
        .sum();
    if unblock > captures + captures.min(spare_pawns.max(0)) {
        return false;
    }
    for color in Color::ALL {
        let caps = captures_left(s, t, color);
        if caps < 0 {
            return false;
        }
        let need: u32 = missing(s, t, color).iter().map(|&n| u32::from(n)).sum();
        if s.pawns(color) < t.pawns(color) + need {
            return false;
        }
        if file_changes(s, t, color) > caps as u32 {
            return false;
        }
    }
    true
}

/// The fewest file changes (pawn captures) that bring `color`'s pawns of
/// `s` onto the files of its pawns in `t`, each target pawn from a distinct
/// pawn (pawns left over promote or are captured).
fn file_changes(s: &Skeleton, t: &Skeleton, color: Color) -> u32 {
    let files = |k: &Skeleton| -> Vec<i32> {
        let mut v = Vec::new();
        for (f, on) in k.files.iter().enumerate() {
            for &c in on {
                if c == color {
                    v.push(f as i32);
                }
            }
        }
        v
    };
    let (a, b) = (files(s), files(t));
    if b.len() > a.len() {
        return u32::MAX;
    }
    // dp[j]: the least cost matching the first j target pawns so far.
    const INF: u32 = u32::MAX / 2;
    let mut dp = vec![INF; b.len() + 1];
    dp[0] = 0;
    for &x in &a {
        for j in (1..=b.len()).rev() {
            let c = dp[j - 1].saturating_add((x - b[j - 1]).unsigned_abs());
            if c < dp[j] {
                dp[j] = c;
            }
        }
    }
    dp[b.len()]
}

/// The square where `color` promotes on `file`.
fn promotion_square(color: Color, file: u8) -> Square {
    let rank = if color == Color::White { 7 } else { 0 };
    Square::new(rank * 8 + u32::from(file)).expect("on the board")
}

/// The events that fit `s` on the way to `t`, the likelier first:
/// promotions, then pawn captures that bring pawns nearer their target
/// files, then the rest. Captures of pieces by pieces are left to the end
/// of the kernel (see [`KernelSearch::dfs`]); a pawn capturing a piece
/// lands where it naturally does ([`natural_at`]) first.
fn ordered_events(s: &Skeleton, t: &Skeleton) -> Vec<Event> {
    let mut scored: Vec<(i32, Event)> = Vec::new();
    for color in Color::ALL {
        let other = color.other();
        let need = missing(s, t, color);
        for (f, on) in s.files.iter().enumerate() {
            let front = match color {
                Color::White => on.last(),
                Color::Black => on.first(),
            };
            if front != Some(&color) {
                continue;
            }
            // A pawn neither the target's pawns nor its missing pieces
            // need may promote too, to a queen the other side captures.
            let need_all: u32 = need.iter().map(|&n| u32::from(n)).sum();
            if s.pawns(color) > t.pawns(color) + need_all
                && captures_left(s, t, other) > 0
                && need[Kind::Queen.index()] == 0
            {
                scored.push((
                    3,
                    Event::Promotes {
                        color,
                        file: f as u8,
                        kind: Kind::Queen,
                    },
                ));
            }
            for kind in Kind::ALL {
                if need[kind.index()] > 0 && kind.promotes_on(promotion_square(color, f as u8)) {
                    scored.push((
                        0,
                        Event::Promotes {
                            color,
                            file: f as u8,
                            kind,
                        },
                    ));
                }
            }
        }
        if captures_left(s, t, color) <= 0 {
            continue;
        }
        let spare = surplus(s, t, other);
        let other_need: u32 = missing(s, t, other).iter().map(|&n| u32::from(n)).sum();
        let spare_pawns = s.pawns(other) > t.pawns(other) + other_need;
        let before = file_changes(s, t, color);
        for (f, on) in s.files.iter().enumerate() {
            for (i, &c) in on.iter().enumerate() {
                if c != color {
                    continue;
                }
                for g in [f as i32 - 1, f as i32 + 1] {
                    if !(0..8).contains(&g) {
                        continue;
                    }
                    let g = g as usize;
                    let mut options = Vec::new();
                    for kind in Kind::ALL {
                        if spare[kind.index()] == 0 {
                            continue;
                        }
                        // The natural landing: above the mover's own pawns
                        // of the file, below the other side's (white
                        // pawns below black ones); the others later.
                        let natural = natural_at(&s.files[g], color);
                        for at in 0..=s.files[g].len() {
                            options.push((
                                i32::from(at != natural),
                                Event::PawnCaptures {
                                    color,
                                    file: f as u8,
                                    index: i as u8,
                                    to: g as u8,
                                    at: at as u8,
                                    victim: Victim::Piece(kind),
                                },
                            ));
                        }
                    }
                    if spare_pawns {
                        for (k, &v) in s.files[g].iter().enumerate() {
                            if v == other {
                                options.push((
                                    0,
                                    Event::PawnCaptures {
                                        color,
                                        file: f as u8,
                                        index: i as u8,
                                        to: g as u8,
                                        at: k as u8,
                                        victim: Victim::Pawn {
                                            file: g as u8,
                                            index: k as u8,
                                        },
                                    },
                                ));
                            }
                        }
                    }
                    for (odd, e) in options {
                        let after = file_changes(&s.after(&e), t, color);
                        let gain = if after < before { 2 } else { 5 };
                        scored.push((gain + odd, e));
                    }
                }
            }
        }
        if spare_pawns {
            for (f, on) in s.files.iter().enumerate() {
                for (k, &v) in on.iter().enumerate() {
                    if v == other {
                        scored.push((
                            4,
                            Event::PieceCaptures {
                                color,
                                victim: Victim::Pawn {
                                    file: f as u8,
                                    index: k as u8,
                                },
                            },
                        ));
                    }
                }
            }
        }
    }
    scored.sort_by_key(|(score, _)| *score);
    scored.into_iter().map(|(_, e)| e).collect()
}

/// Where a pawn of `color` captured onto a file with `on` naturally lands:
/// a white pawn above the white pawns below the first black one, a black
/// pawn below the black pawns above the last white one.
fn natural_at(on: &[Color], color: Color) -> usize {
    match color {
        Color::White => on.iter().take_while(|&&c| c == Color::White).count(),
        Color::Black => on.len() - on.iter().rev().take_while(|&&c| c == Color::Black).count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    fn skeleton(fen: &str) -> Skeleton {
        let pos = crate::Position::from_fen(fen).unwrap();
        Skeleton::of(pos.board())
    }

    /// A kernel found replays, event by event, to the target's skeleton.
    #[test]
    fn kernels_reach_the_target() {
        let start = Skeleton::of(&Board::start());
        // White has promoted a queen and lost three pawns and a rook; black
        // lost two pawns and both knights.
        let target = skeleton("r1bqkb1r/pp1pp1pp/8/8/8/8/1PPPPP2/QNBQKBNR w - - 0 1");
        let found = kernels(&start, &target, 3, 100_000, None, &HashSet::new(), None);
        assert!(!found.is_empty());
        for k in found {
            let mut s = start.clone();
            for e in &k {
                s = s.after(e);
            }
            assert_eq!(s, target, "{k:?}");
        }
    }

    /// A white c-pawn taking a knight on the d-file, where the target's
    /// only white pawn stands on d2: it would land on d3 at least, so no
    /// kernel has it; with the target's d-pawn on d4 it may.
    #[test]
    fn no_capture_lands_on_the_second_rank() {
        let s = skeleton("4k1n1/8/8/8/8/8/2P5/4K3 w - - 0 1");
        let e = Event::PawnCaptures {
            color: Color::White,
            file: 2,
            index: 0,
            to: 3,
            at: 0,
            victim: Victim::Piece(Kind::Knight),
        };
        let after = s.after(&e);
        let caps = |fen: &str| Caps::of(crate::Position::from_fen(fen).unwrap().board());
        assert!(lands_too_low(
            &after,
            &e,
            &caps("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1")
        ));
        assert!(!lands_too_low(
            &after,
            &e,
            &caps("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1")
        ));
    }

    #[test]
    fn too_few_pawns_for_the_promotions() {
        let start = Skeleton::of(&Board::start());
        // Nine white queens and all eight pawns: no kernel.
        let target = skeleton("rnbqkbnr/pppppppp/8/8/QQQQQQQQ/8/PPPPPPPP/RNBQKBNR w - - 0 1");
        assert!(kernels(&start, &target, 1, 100_000, None, &HashSet::new(), None).is_empty());
        assert_eq!(file_changes(&start, &start, Color::White), 0);
    }
}
