//! The positions a few plies before a target by moves that keep the
//! material: how much room its men have to have come from.
//!
//! In a composed position the last moves are the hard part: a king walks
//! into a corner behind its own pawns, a rook slips onto the first rank
//! and checks the king that just came in, the cage closes with a tempo
//! move. Taking moves back from the target (the sound and complete
//! retractions of [`crate::retro`]) without captures or promotions shows
//! how shut in its men are: an open board has hundreds of such positions
//! within three plies, a sealed cage a handful, however deep one looks,
//! because the history must take a capture or a promotion back first
//! ([`super::order`] uses this).

use crate::hash::FastSet;
use crate::{Board, Color, MoveKind, Position};

/// The positions a few plies before a target (see the module docs), by
/// board and side to move.
#[derive(Debug, Default)]
pub struct Perimeter {
    keys: Vec<(Board, Color)>,
}

impl Perimeter {
    /// The positions up to `depth` plies before `target` (breadth first,
    /// at most `most` of them), by non-capturing, non-promoting,
    /// non-castling retractions; the target itself is not one of them.
    pub fn around(target: &Position, depth: u32, most: usize) -> Perimeter {
        let mut keys = Vec::new();
        let mut seen: FastSet<(Board, Color)> = FastSet::default();
        seen.insert((*target.board(), target.turn()));
        let mut layer: Vec<Position> = vec![*target];
        for _ in 0..depth {
            let mut next = Vec::new();
            for q in &layer {
                for u in q.unmoves() {
                    let m = u.forward();
                    if m.is_capture() || m.promotion().is_some() || m.kind() == MoveKind::Castle {
                        continue;
                    }
                    let before = q.unmake(&u);
                    let key = (*before.board(), before.turn());
                    if !seen.insert(key) {
                        continue;
                    }
                    keys.push(key);
                    next.push(before);
                    if keys.len() >= most {
                        return Perimeter { keys };
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            layer = next;
        }
        Perimeter { keys }
    }

    /// The boards of its positions.
    pub fn boards(&self) -> impl Iterator<Item = &Board> {
        self.keys.iter().map(|(b, _)| b)
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A king and rook shut in behind pawns: four positions, however deep;
    /// an open middlegame: many within two plies.
    #[test]
    fn a_sealed_cage_has_few_positions_before_it() {
        let sealed = Position::from_fen("8/8/8/8/8/1P1P4/KPPRP3/r1k5 w - - 0 1").unwrap();
        assert_eq!(Perimeter::around(&sealed, 3, 1000).len(), 4);
        assert_eq!(Perimeter::around(&sealed, 8, 1000).len(), 4);
        let open =
            Position::from_fen("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w - - 0 4")
                .unwrap();
        assert!(Perimeter::around(&open, 2, 1000).len() > 100);
        assert_eq!(Perimeter::around(&open, 2, 50).len(), 50);
    }
}
