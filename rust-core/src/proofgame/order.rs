//! Where a composed position's cage opens: the last moves taken back,
//! captures and promotions included, until the men have room again.
//!
//! In Retractor's constructed positions a king or a piece sits in a cage of
//! pawns, and the moves that keep the material lead back only a few plies
//! before the cage is sealed ([`super::arrange::Perimeter`] stays at a
//! handful of positions however deep it looks): the last capture or
//! promotion of the game was made inside the cage, and it is what let the
//! men in. A search aimed forward at the position does not see that order
//! of events; the retractions do, because they are the only ways out.
//!
//! [`openings`] takes plies back, breadth first, every retraction the
//! generator gives (uncaptures of each kind, unpromotions), keeping at each
//! ply a beam of the positions with the fewest men taken back (each must be
//! explained too), then the fewest pieces shut in, then the plan's estimate
//! from the initial position; it stops at the positions whose cage is open
//! ([`Room::is_open`]): there the order of the last events is fixed by the
//! plies taken back, and a forward search has an ordinary target. A
//! predecessor that a static rule (zone cages aside) refutes, or that the
//! plan cannot reach from the initial position, is dropped.
//!
//! Some cages open only 13 to 19 plies back (the pawns that closed them
//! taken back behind every move the pieces made inside), hence up to 24
//! plies (of four constructed positions whose cages open that far back,
//! two had their games found from every opening tried within 0.2 s, two
//! from none within 1.5 s). The beam stops at the first openings it finds,
//! so the deeper limit costs nothing where the cage opens sooner.
//!
//! "Open" looks three plies back only: a position can be open by it and
//! still hold a cage further back (a king walked in behind pawns that
//! capture later); the forward search then fails there as it did on the
//! target, within its share of the budget.

use std::time::Instant;

use super::arrange::Perimeter;
use super::plan;
use crate::hash::FastSet;
use crate::rules::{Rule, RuleSet};
use crate::search::{is_initial, stranded_man};
use crate::{Bitboard, Board, Color, Move, Position, Role};

/// How far [`openings`] looks and what it calls open.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The most plies taken back.
    pub plies: u32,
    /// The positions kept at each ply (see the module docs).
    pub beam: usize,
    /// The most open positions returned.
    pub most: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            plies: 24,
            beam: 40,
            most: 12,
        }
    }
}

/// The positions counted by [`Room`] stop there.
pub const ROOM_CAP: usize = 120;

/// The plies [`Room`] looks back.
pub const ROOM_PLIES: u32 = 3;

/// How shut in a position is, from the positions up to [`ROOM_PLIES`]
/// plies back by moves that keep the material.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Room {
    /// How many such positions there are (at most [`ROOM_CAP`]): a sealed
    /// cage with its men frozen has a handful, an open board hundreds.
    pub positions: usize,
    /// The pieces (pawns aside, and pieces on their own initial squares,
    /// which may never have moved) none of them moves: the men still shut
    /// in. Every other piece of a position whose cage is open can step
    /// back.
    pub frozen: Bitboard,
}

impl Room {
    pub fn of(pos: &Position) -> Room {
        let perimeter = Perimeter::around(pos, ROOM_PLIES, 3 * ROOM_CAP);
        // A piece on its own initial square may never have moved at all.
        let start = Board::start();
        let at_home = pos
            .board()
            .occupied()
            .into_iter()
            .filter(|&sq| start.piece_at(sq) == pos.board().piece_at(sq))
            .collect::<Bitboard>();
        let mut frozen = pos.board().occupied() & !pos.board().by_role(Role::Pawn) & !at_home;
        for board in perimeter.boards() {
            if frozen.is_empty() {
                break;
            }
            for sq in frozen {
                if board.piece_at(sq) != pos.board().piece_at(sq) {
                    frozen.clear(sq);
                }
            }
        }
        Room {
            positions: perimeter.len().min(ROOM_CAP),
            frozen,
        }
    }

    /// Whether the cage is open: room enough and no piece shut in.
    pub fn is_open(self) -> bool {
        self.positions >= ROOM_CAP && self.frozen.is_empty()
    }
}

/// Whether `pos` is sealed: fewer than [`ROOM_CAP`] positions lie within
/// [`ROOM_PLIES`] plies before it by moves that keep the material, so that
/// its history must take a capture or a promotion back soon (the positions
/// [`openings`] looks behind). A piece shut in on an open board does not
/// count: in random play a bishop walled in by pawns is common (52 of the
/// 1,000 positions of the proof-game bench's random set), this little room
/// is not (1 of them).
pub fn sealed(pos: &Position) -> bool {
    Room::of(pos).positions < ROOM_CAP
}

/// How many beams' worth of predecessors, the best by men taken back and
/// the plan's estimate, [`openings`] measures the room of at each ply.
const SHORTLIST: usize = 12;

/// The static rules a retracted position must pass (the zone cages cost
/// the most and are left out, as for [`super`]'s predecessors).
const RULES: RuleSet = RuleSet::ALL.without(Rule::Zone);

/// Positions before `target` where its cage is open, each with the plies
/// from it to `target`, fewest plies first (then in the beam's order); at most
/// `limits.most`, found by `deadline`. The target itself is one when it is
/// open already.
pub fn openings(
    target: &Position,
    limits: Limits,
    deadline: Option<Instant>,
) -> Vec<(Position, Vec<Move>)> {
    let mut out = Vec::new();
    if Room::of(target).is_open() {
        out.push((*target, Vec::new()));
        return out;
    }
    let mut seen: FastSet<(Board, Color)> = FastSet::default();
    seen.insert((*target.board(), target.turn()));
    let mut layer: Vec<(Position, Vec<Move>)> = vec![(*target, Vec::new())];
    for _ in 0..limits.plies {
        let mut next: Vec<(usize, u32, Position, Vec<Move>)> = Vec::new();
        for (p, tail) in &layer {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return out;
            }
            for u in p.unmoves() {
                let q = p.unmake(&u);
                if !seen.insert((*q.board(), q.turn())) {
                    continue;
                }
                if stranded_man(&q).is_some() || (!is_initial(&q) && q.unmove_count() == 0) {
                    continue;
                }
                let Some(e) = plan::estimate(&Board::start(), Color::White, q.board(), q.turn())
                else {
                    continue;
                };
                let mut t = vec![*u.forward()];
                t.extend_from_slice(tail);
                let added =
                    (q.board().occupied().count() - target.board().occupied().count()) as usize;
                next.push((added, e.guide, q, t));
            }
        }
        // Fewest men taken back first (each man uncaptured must be
        // explained too, and more men always mean more room), then fewest
        // pieces shut in, then the plan's estimate from the start. The
        // room is measured only for the best [`SHORTLIST`] beams by the
        // first and last of these: it costs a few hundred retractions a
        // position, and measured on every predecessor it took most of the
        // stage's time on a loaded machine (the openings 6 to 8 plies
        // back of three constructed positions not reached within 0.9 s;
        // the same openings in a third of the time with the shortlist).
        next.sort_by_key(|(added, guide, ..)| (*added, *guide));
        next.truncate(SHORTLIST * limits.beam);
        let mut next: Vec<(usize, u32, u32, Room, Position, Vec<Move>)> = next
            .into_iter()
            .map(|(added, guide, q, t)| {
                let room = Room::of(&q);
                (added, room.frozen.count(), guide, room, q, t)
            })
            .collect();
        next.sort_by_key(|(added, frozen, guide, ..)| (*added, *frozen, *guide));
        layer = Vec::new();
        for (_, _, _, room, q, t) in next {
            if layer.len() >= limits.beam {
                break;
            }
            if RULES.refuting(&q).is_some() {
                continue;
            }
            if room.is_open() {
                out.push((q, t));
                if out.len() >= limits.most {
                    return out;
                }
            } else {
                layer.push((q, t));
            }
        }
        if layer.is_empty() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Retractor's KxR record (rtr-A-003 of the last-move corpus), before its
    /// last ply: the black king on c1 and rook on a1 behind White's pawns.
    /// Moves that keep the material lead back four positions only; the
    /// openings lie further back, and each one's plies lead to the target.
    #[test]
    fn a_sealed_cage_opens_further_back() {
        let target = Position::from_fen("8/8/8/8/8/1P1P4/KPPRP3/r1k5 w - - 0 1").unwrap();
        assert!(Room::of(&target).positions < 10);
        assert!(!Room::of(&target).is_open());
        let open = openings(&target, Limits::default(), None);
        assert!(!open.is_empty());
        for (q, tail) in &open {
            assert!(!tail.is_empty());
            assert!(Room::of(q).is_open());
            let mut at = *q;
            for m in tail {
                assert!(at.is_legal(m), "{} {}", q.to_fen(), m.to_uci());
                at.play_unchecked(m);
            }
            assert_eq!(at.board(), target.board());
            assert_eq!(at.turn(), target.turn());
        }
    }
}
