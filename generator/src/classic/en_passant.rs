//! `--question en-passant`: may the side to move capture en passant? An
//! en-passant square in a FEN asserts that the last move was the double
//! step through it (`realizes`, Game.v), so "may capture on e3" is the
//! position with `e3` asserted reachable (a proof game whose last move is
//! e2-e4), and "may not" is that position unreachable.

use retroproof_core::{Move, Position, Square};

use super::case::{settle, Case, Games};

/// The position with the en-passant square `ep` asserted, if a double
/// step can have produced it and the side to move then has a legal
/// en-passant capture onto it.
pub fn with_ep(pos: &Position, ep: Square) -> Option<Position> {
    let mut setup = pos.to_setup();
    setup.ep_square = Some(ep);
    let with = Position::from_setup(setup).ok()?;
    with.legal_moves()
        .iter()
        .any(|m| matches!(m, Move::EnPassant { to, .. } if *to == ep))
        .then_some(with)
}

/// The squares an en-passant capture could go to, each with the position
/// asserting it.
pub fn candidates(pos: &Position) -> Vec<(Square, Position)> {
    Square::ALL
        .iter()
        .filter_map(|&sq| with_ep(pos, sq).map(|p| (sq, p)))
        .collect()
}

/// One case per candidate square, settled ([`settle`]).
pub fn cases(pos: &Position, games: Games) -> Vec<Case> {
    candidates(pos)
        .into_iter()
        .map(|(sq, position)| Case {
            key: sq.to_string(),
            module: format!("ep_{sq}"),
            meaning: format!(
                "the last move was the double step through {sq}, so {} may capture en passant on {sq}",
                match pos.turn() {
                    retroproof_core::Color::White => "White",
                    retroproof_core::Color::Black => "Black",
                }
            ),
            finding: settle(&position, games),
            position,
        })
        .collect()
}
