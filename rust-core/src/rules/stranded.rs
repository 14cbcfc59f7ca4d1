//! Stranded men: men that can never have moved off a square that is not theirs.
//!
//! A cheap least fixpoint (from the pawns on their second rank) of what
//! [`super::frozen`] computes as a greatest one; the retro searches
//! ([`crate::search`]) prune on it at every node. Coq: `stranded` of
//! `Stranded.v`, false all game long (`stranded_game`); the rule's
//! soundness lemma is `stranded_sound` in `Certproof.v`.

use crate::attacks;
use crate::{Bitboard, Board, Color, Position, Rank, Role, Square};

/// A man that can never move again going back in time and does not stand
/// on a square where the same man starts the game: then no history
/// reaches the initial position.
///
/// Going back in time men never leave the board (captures become
/// uncaptures) except a promoted man turning back into a pawn on the last
/// rank, and pawns never move forward. So a white pawn on rank 2 (black:
/// rank 7) never moves again; a man whose every retraction square is held
/// by such a never-moving man is stuck too, and so on. Kings, rooks on
/// their first rank (un-castling) and men on their last rank (promotion
/// taken back) are never considered stuck, to stay on the safe side.
pub fn stranded_man(pos: &Position) -> Option<Square> {
    let board = pos.board();
    let start = Board::start();
    let pawns = board.by_role(Role::Pawn);
    let mut frozen = (pawns & board.by_color(Color::White) & Bitboard::from_rank(Rank::Second))
        | (pawns & board.by_color(Color::Black) & Bitboard::from_rank(Rank::Seventh));
    loop {
        let mut grown = frozen;
        for sq in board.occupied() - frozen {
            let Some(piece) = board.piece_at(sq) else {
                continue;
            };
            let color = piece.color;
            let rank = sq.rank();
            if rank == Rank::Eighth.relative_to(color) {
                continue;
            }
            let exits = match piece.role {
                Role::King => continue,
                Role::Rook if rank == Rank::First.relative_to(color) => continue,
                Role::Pawn => {
                    let back = color.fold(-8, 8);
                    let straight = sq.offset(back).map_or(Bitboard::EMPTY, Bitboard::from);
                    straight | attacks::pawn_attacks(color.other(), sq)
                }
                Role::Knight => attacks::knight_attacks(sq),
                Role::Bishop => attacks::bishop_attacks(sq, Bitboard::FULL),
                Role::Rook => attacks::rook_attacks(sq, Bitboard::FULL),
                Role::Queen => attacks::queen_attacks(sq, Bitboard::FULL),
            };
            if (exits - frozen).is_empty() {
                grown.set(sq);
            }
        }
        if grown == frozen {
            break;
        }
        frozen = grown;
    }
    frozen
        .into_iter()
        .find(|&sq| board.piece_at(sq) != start.piece_at(sq))
}

/// Whether `pos` has a [`stranded_man`].
pub fn refutes(pos: &Position) -> bool {
    stranded_man(pos).is_some()
}
