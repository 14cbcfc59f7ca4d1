//! What the exact-length search's tests share (`spg.rs`, `spg_tempo.rs`):
//! games written as UCI, and every game found by plain enumeration, the
//! reference the search is compared with.

use retroproof_core::spg::Diagram;
use retroproof_core::{Move, Position};

/// A game as its UCI moves, separated by spaces.
pub fn uci(game: &[Move]) -> String {
    game.iter()
        .map(|m| m.to_uci())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every continuation of `plies` plies from `pos` that reaches `diagram`
/// (`path` before it), by plain enumeration, added to `out` as UCI.
pub fn brute(
    pos: &Position,
    plies: u32,
    diagram: &Diagram,
    path: &mut Vec<Move>,
    out: &mut impl Extend<String>,
) {
    if plies == 0 {
        if diagram.is_reached_by(pos) {
            out.extend([uci(path)]);
        }
        return;
    }
    for m in pos.legal_moves() {
        let mut next = *pos;
        next.play_unchecked(&m);
        path.push(m);
        brute(&next, plies - 1, diagram, path, out);
        path.pop();
    }
}
