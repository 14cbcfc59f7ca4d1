//! Sealed bishops: a bishop walled in on its initial square by its own
//! unmoved pawns never left it, so every other bishop of its colour and
//! square colour is a promoted pawn.
//!
//! A bishop starts on c1 or f1 (White), c8 or f8 (Black). From its initial
//! square it can move only diagonally forward, to the two squares of its
//! side's second rank next to it: b2 and d2 for c1, e2 and g2 for f1 (b7
//! and d7, e7 and g7 for Black). Call the initial square *sealed* when its
//! side's pawns stand on both those squares.
//!
//! - A pawn on its own second rank never moved (pawns move only forward,
//!   and no move puts a pawn on its second rank), so a square sealed now
//!   was sealed in every earlier position of the game.
//! - While a home square is sealed, no bishop leaves it (both its ways out
//!   hold its own men) and no bishop arrives on it (a bishop arriving there
//!   passes over, or comes from, one of those two squares; a pawn promotes
//!   on the other side's first rank, never on its own).
//!
//! So if the square is sealed now and holds no bishop of its side, the
//! bishop that started there was captured there (or never was replaced):
//! the side's bishops of that square colour elsewhere are all promoted
//! pawns, not just those beyond the first. Counting them so, with the
//! queens beyond one, the rooks and knights beyond two and the bishops of
//! the other square colour (counted the same way), the side's pawns plus
//! its promoted men are at most 8 in every reachable position: each
//! promoted man used up one of the 8 pawns. A position where they are more
//! is reached by no game.
//!
//! The invariant is proven by induction over games in Coq
//! (`SealedBishopsproof.v`, `sealed_refutes_sound`), on the same count
//! (`SealedBishops.v`, `sealed_refutes`).

use crate::retro::SideMaterial;
use crate::{Color, Piece, Position, Role, Square};

/// The initial square of one of `color`'s bishops and the two squares of
/// its second rank that seal it, for its light-squared (`light`) or
/// dark-squared bishop.
pub const fn home(color: Color, light: bool) -> (Square, Square, Square) {
    match (color, light) {
        (Color::White, false) => (Square::C1, Square::B2, Square::D2),
        (Color::White, true) => (Square::F1, Square::E2, Square::G2),
        (Color::Black, true) => (Square::C8, Square::B7, Square::D7),
        (Color::Black, false) => (Square::F8, Square::E7, Square::G7),
    }
}

/// Whether `color`'s bishop home of that square colour is sealed by its
/// pawns and holds none of its bishops: then every bishop of `color` on
/// squares of that colour is a promoted pawn.
pub fn walled_out(pos: &Position, color: Color, light: bool) -> bool {
    let board = pos.board();
    let (h, s1, s2) = home(color, light);
    let pawn = Some(Piece::new(color, Role::Pawn));
    board.piece_at(s1) == pawn
        && board.piece_at(s2) == pawn
        && board.piece_at(h) != Some(Piece::new(color, Role::Bishop))
}

/// The men of `color` that must be promoted pawns, counting a sealed,
/// empty bishop home (see the module docs).
pub fn promoted(pos: &Position, color: Color) -> u32 {
    let m = SideMaterial::of(pos.board(), color);
    let bishops = |n: u8, light: bool| -> u32 {
        if walled_out(pos, color, light) {
            n as u32
        } else {
            n.saturating_sub(1) as u32
        }
    };
    m.promoted_excess()
        - (m.light_bishops.saturating_sub(1) as u32)
        - (m.dark_bishops.saturating_sub(1) as u32)
        + bishops(m.light_bishops, true)
        + bishops(m.dark_bishops, false)
}

/// Whether some side's pawns plus its promoted men, counted with sealed
/// bishop homes, exceed 8.
pub fn refutes(pos: &Position) -> bool {
    Color::ALL.into_iter().any(|color| {
        let pawns = SideMaterial::of(pos.board(), color).pawns as u32;
        pawns + promoted(pos, color) > 8
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refuted(fen: &str) -> bool {
        refutes(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn a_sealed_empty_home_makes_every_bishop_of_its_colour_promoted() {
        // Black: 8 pawns, e7 and g7 among them, f8 empty, a bishop on d8
        // (dark): it cannot be the f8 bishop, so it is a ninth pawn.
        assert!(refuted("3b3K/ppppp1p1/5p1p/8/8/8/8/k7 w - -"));
        // The same with the bishop at home on f8: the initial position's men.
        assert!(!refuted("5b1K/ppppp1p1/5p1p/8/8/8/8/k7 w - -"));
        // Unsealed (g7 pawn gone to g6): the bishop may have come out.
        assert!(!refuted("3b3K/ppppp3/5ppp/8/8/8/8/k7 w - -"));
        // Seven pawns: the promoted bishop is the eighth pawn.
        assert!(!refuted("3b3K/ppp1p1p1/5p1p/8/8/8/8/k7 w - -"));
    }

    #[test]
    fn white_homes_and_both_square_colours() {
        // White: pawns b2, d2 seal c1 (dark), c1 empty, a dark bishop on
        // e3, 8 pawns in all: refuted.
        assert!(refuted("k7/8/8/8/P7/2P1B1PP/1P1P1P1P/7K w - -"));
        // f1 sealed by e2, g2 and empty; a light bishop on d3 (light), 8
        // pawns: refuted. The dark c1 home is open (b2 gone).
        assert!(refuted("k7/8/8/8/1P6/P1PB3P/3PP1PP/7K w - -"));
        // Same with 7 pawns: fine.
        assert!(!refuted("k7/8/8/8/1P6/P1PB4/3PP1PP/7K w - -"));
    }

    #[test]
    fn filman_fillings_before_the_promotion() {
        // Before White's last move c7xd8=R in Filman's position, with a
        // black pawn on h4: a black bishop on d8 (dark) with e7, g7 at home
        // and f8 empty is a promoted pawn, and Black has 8 pawns.
        assert!(refuted(
            "2nb3K/pkPRp1p1/p2p4/P1p5/1Pp4p/2PP2P1/4P2P/n7 w - -"
        ));
        // With the square h4 empty instead, 7 pawns: not refuted here.
        assert!(!refuted(
            "2nb3K/pkPRp1p1/p2p4/P1p5/1Pp5/2PP2P1/4P2P/n7 w - -"
        ));
    }
}
