//! `--question castling`: for each castling right whose king and rook
//! stand on their initial squares, may the position still hold it? A
//! right is a FEN assertion (`realizes`, Game.v: the game's final position
//! holds every right asserted), so "White can castle king-side" is the
//! position with `K` asserted reachable (a proof game ending there with the
//! right intact), and "cannot" is that position unreachable.

use retroproof_core::{CastlingRights, CastlingSide, Color, Position};

use super::case::{settle, Case, Games};

/// The rights, in FEN order (`K Q k q`).
const RIGHTS: [(Color, CastlingSide); 4] = [
    (Color::White, CastlingSide::KingSide),
    (Color::White, CastlingSide::QueenSide),
    (Color::Black, CastlingSide::KingSide),
    (Color::Black, CastlingSide::QueenSide),
];

/// The position with exactly the right `(color, side)` asserted, if its
/// king and rook stand on their initial squares (what a FEN right needs).
pub fn with_right(pos: &Position, color: Color, side: CastlingSide) -> Option<Position> {
    let mut setup = pos.to_setup();
    setup.castling = CastlingRights::single(color, side);
    Position::from_setup(setup).ok()
}

/// The rights whose king and rook stand on their initial squares, each
/// with the position asserting it alone.
pub fn candidates(pos: &Position) -> Vec<(Color, CastlingSide, Position)> {
    RIGHTS
        .iter()
        .filter_map(|&(color, side)| with_right(pos, color, side).map(|p| (color, side, p)))
        .collect()
}

/// One case per candidate right, settled ([`settle`]).
pub fn cases(pos: &Position, games: Games) -> Vec<Case> {
    candidates(pos)
        .into_iter()
        .map(|(color, side, position)| {
            let side_name = match side {
                CastlingSide::KingSide => "kingside",
                CastlingSide::QueenSide => "queenside",
            };
            let colour = match color {
                Color::White => "White",
                Color::Black => "Black",
            };
            Case {
                key: CastlingRights::char(color, side).to_string(),
                module: format!("{color}_{side_name}"),
                meaning: format!(
                    "{colour} may still castle {side_name} (the right {} asserted)",
                    CastlingRights::char(color, side)
                ),
                finding: settle(&position, games),
                position,
            }
        })
        .collect()
}
