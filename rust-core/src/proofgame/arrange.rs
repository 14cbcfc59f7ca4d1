//! The final arrangement of a composed position: the last moves, once
//! every capture and promotion is made, taken back from the target.
//!
//! In a composed position the last moves are the hard part: a king walks
//! into a corner behind its own pawns, a rook slips onto the first rank
//! and checks the king that just came in, the cage closes with a tempo
//! move. A search aimed forward at the target sees only distances and
//! spends its budget on orders that close the cage too early. Taking the
//! moves back from the target (the sound and complete retractions of
//! [`crate::retro`]) follows the order the cage imposes by construction:
//! the only ways out of the target are the ways in. [`Perimeter`] holds the
//! positions a few non-capturing plies before the target, each with its
//! moves to it; a forward search ([`super::search::search_meeting`]) then
//! stops at any of them, which is a much larger goal than the target alone
//! and one that already lies on the right side of the cage.
//!
//! Only plies that keep the material are taken back (no capture, no
//! promotion, no castling): the perimeter is for the arrangement after the
//! captures, and a forward search meeting it plays the rest of the game
//! without them. A target whose castling rights must hold, or that must be
//! met exactly ([`super::Reading::Exact`]), gets no perimeter.

use crate::hash::FastMap;
use crate::{Board, Color, Move, MoveKind, Position};

/// The positions a few plies before a target, each with the plies from it
/// to the target (see the module docs).
#[derive(Debug, Default)]
pub struct Perimeter {
    /// Board and side to move of each position, with the index of the
    /// next position towards the target (`u32::MAX`: the target) and the
    /// move to it.
    at: FastMap<(Board, Color), (u32, Move)>,
    /// The positions by index: their key.
    keys: Vec<(Board, Color)>,
}

impl Perimeter {
    /// No position at all: a search meeting it aims at its target alone.
    pub fn empty() -> Perimeter {
        Perimeter::default()
    }

    /// The positions up to `depth` plies before `target` (breadth first,
    /// at most `most` of them), by non-capturing, non-promoting,
    /// non-castling retractions. Empty when `target` has castling rights.
    pub fn around(target: &Position, depth: u32, most: usize) -> Perimeter {
        let mut p = Perimeter::empty();
        if !target.castling_rights().is_empty() {
            return p;
        }
        let key = (*target.board(), target.turn());
        let mut layer: Vec<(Position, u32)> = vec![(*target, u32::MAX)];
        let mut seen: FastMap<(Board, Color), ()> = FastMap::default();
        seen.insert(key, ());
        for _ in 0..depth {
            let mut next = Vec::new();
            for (q, idx) in &layer {
                for u in q.unmoves() {
                    let m = *u.forward();
                    if m.is_capture() || m.promotion().is_some() || m.kind() == MoveKind::Castle {
                        continue;
                    }
                    let before = q.unmake(&u);
                    let k = (*before.board(), before.turn());
                    if seen.insert(k, ()).is_some() {
                        continue;
                    }
                    let i = p.keys.len() as u32;
                    p.keys.push(k);
                    p.at.insert(k, (*idx, m));
                    next.push((before, i));
                    if p.keys.len() >= most {
                        return p;
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            layer = next;
        }
        p
    }

    /// The boards of its positions (the target not included).
    pub fn boards(&self) -> impl Iterator<Item = &Board> {
        self.keys.iter().map(|(b, _)| b)
    }

    /// How many positions it holds (the target not counted).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The moves from `pos` to the target, when `pos` is one of the
    /// positions (by board and side to move).
    pub fn tail(&self, pos: &Position) -> Option<Vec<Move>> {
        let (mut idx, m) = *self.at.get(&(*pos.board(), pos.turn()))?;
        let mut line = vec![m];
        while idx != u32::MAX {
            let (next, m) = self.at[&self.keys[idx as usize]];
            line.push(m);
            idx = next;
        }
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proofgame::replay;

    /// Every position of the perimeter reaches the target by its tail.
    #[test]
    fn tails_lead_to_the_target() {
        let target = Position::from_fen("8/8/8/8/8/1P1P4/KPPRP3/r1k5 w - - 0 1").unwrap();
        let p = Perimeter::around(&target, 4, 5_000);
        assert!(p.len() > 100, "{}", p.len());
        let mut checked = 0;
        for &(board, turn) in p.keys.iter().step_by(37) {
            let fen = format!(
                "{} {} - - 0 1",
                board.board_fen(),
                if turn == Color::White { 'w' } else { 'b' }
            );
            let Ok(q) = Position::from_fen(&fen) else {
                continue;
            };
            let tail = p.tail(&q).unwrap();
            let mut at = q;
            for m in &tail {
                assert!(at.is_legal(m), "{fen}: {}", m.to_uci());
                at.play_unchecked(m);
            }
            assert_eq!(at.board(), target.board());
            assert_eq!(at.turn(), target.turn());
            checked += 1;
        }
        assert!(checked > 10);
        let _ = replay;
    }
}
