//! Cages on the first and last ranks: men shut in on an edge rank keep
//! their order.
//!
//! Take an edge rank (the first or the eighth) and the frozen men
//! ([`frozen_men`]), which stood on their squares all game. A *cage* is a
//! run of consecutive squares of the edge rank, none frozen, whose ends
//! are frozen men or the board's edge, and such that every square of the
//! next rank within one file of the run holds a frozen man. Into a cage
//! no man but a knight ever arrives from outside: a king, queen, rook,
//! bishop or pawn would have to come from, or pass over, a square next to
//! the cage, all of them frozen (a promotion comes from the next rank,
//! castling passes along the rank). Inside the cage the men other than
//! knights can only move along the rank, never over each other.
//!
//! So read the men of the cages of a rank from the a-file to the h-file,
//! leaving out knights: the *word* of the rank. From one position of a
//! game to the next, the word loses a letter (a man is captured or leaves
//! the cage), stays the same, or, by castling, a king and a rook next to
//! each other in it change places. With the kings left out, or with the
//! rooks left out, even castling keeps the order: the word of every
//! position of a game, with kings (or rooks) left out, is a subsequence of
//! the initial position's word on the same squares, kings (or rooks) left
//! out. A position where it is not is reached by no game.
//!
//! Nor does a man other than a knight ever leave a cage (it would go to,
//! or pass over, a frozen man), and no king is ever captured: the kings
//! the initial position has in the cages are still there. A position
//! where they are not is reached by no game either.
//!
//! A castling right the position asserts says that its king and rook
//! never moved: they too stood on their squares all game, and wall cages
//! like frozen men ([`fixed_men`]). So with Black's right to castle long,
//! Black's queen on c8 and pawns on a7–e7, the queen stood between the
//! unmoved rook a8 and king e8 all game: in the cage b8–d8 her word `q`
//! must be a subsequence of the initial `b q` there (knights left out),
//! which a white man or a second queen is not.
//!
//! Example (Retractor's strong cages): White's pawns on a2–h2 and
//! Q d1, R e1, R f1, K g1. With the kings left out the word is `Q R R`,
//! the initial one `R B Q B R`: two rooks cannot stand right of the queen.
//!
//! The rule is proven sound in Coq (`coq/theories/Cage.v` computes it the
//! same way, `Cageproof.v` proves `cage_refutes_sound`); a change here must
//! be made there too (`generator/tests/integration/cage_coq.rs` compares the two).

use super::frozen::frozen_men;
use super::region::right_squares;
use crate::attacks;
use crate::{Bitboard, Board, File, Piece, Position, Rank, Role, Square};

/// The squares of `rank`, from the a-file to the h-file.
fn rank_squares(rank: Rank) -> impl Iterator<Item = Square> {
    File::ALL
        .into_iter()
        .map(move |file| Square::from_coords(file, rank))
}

/// Walking from `sq` along each direction, the first square outside
/// `cage` is frozen (or the walk leaves the board): the queen's lines from
/// `sq`, stopping at the first square outside the cage, end on frozen
/// squares.
fn sealed_at(sq: Square, cage: Bitboard, frozen: Bitboard) -> bool {
    let exits = attacks::queen_attacks(sq, !cage) - cage;
    (exits - frozen).is_empty()
}

/// The cages of `rank` (see the module docs): the largest set of squares
/// of the rank, none frozen, each sealed.
pub fn cages(rank: Rank, frozen: Bitboard) -> Bitboard {
    let mut cage: Bitboard = rank_squares(rank)
        .filter(|s| !frozen.contains(*s))
        .collect();
    loop {
        let kept: Bitboard = cage
            .into_iter()
            .filter(|&s| sealed_at(s, cage, frozen))
            .collect();
        if kept == cage {
            return cage;
        }
        cage = kept;
    }
}

/// The men on the squares of `cage` of `rank` whose role passes `keep`,
/// from the a-file to the h-file.
fn men(board: &Board, rank: Rank, cage: Bitboard, keep: impl Fn(Role) -> bool) -> Vec<Piece> {
    rank_squares(rank)
        .filter(|s| cage.contains(*s))
        .filter_map(|s| board.piece_at(s))
        .filter(|p| keep(p.role))
        .collect()
}

/// The word of the cage: its men other than knights, leaving out those of
/// role `left_out`.
fn word(board: &Board, rank: Rank, cage: Bitboard, left_out: Role) -> Vec<Piece> {
    men(board, rank, cage, |r| r != Role::Knight && r != left_out)
}

/// The kings of the cage.
fn kings(board: &Board, rank: Rank, cage: Bitboard) -> Vec<Piece> {
    men(board, rank, cage, |r| r == Role::King)
}

/// Whether `short` is a subsequence of `long`.
fn is_subsequence(short: &[Piece], long: &[Piece]) -> bool {
    let mut rest = long.iter();
    short.iter().all(|p| rest.any(|q| q == p))
}

/// The men that stood on their squares all game: the frozen men
/// ([`frozen_men`]), and the king and rook of each castling right the
/// position asserts (a right is lost when its king or rook moves, or a man
/// arrives on their squares).
pub fn fixed_men(pos: &Position) -> Bitboard {
    frozen_men(pos.board()) | right_squares(pos)
}

/// Whether the men of some cage are not in an order the initial position's
/// men on the same squares can have come to (see the module docs).
pub fn refutes(pos: &Position) -> bool {
    let board = pos.board();
    let start = Board::start();
    let frozen = fixed_men(pos);
    [Rank::First, Rank::Eighth].into_iter().any(|rank| {
        let cage = cages(rank, frozen);
        let disordered = [Role::King, Role::Rook].into_iter().any(|left_out| {
            !is_subsequence(
                &word(board, rank, cage, left_out),
                &word(&start, rank, cage, left_out),
            )
        });
        disordered || !is_subsequence(&kings(&start, rank, cage), &kings(board, rank, cage))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refuted(fen: &str) -> bool {
        refutes(&fen.parse::<Position>().expect("valid FEN"))
    }

    #[test]
    fn rooks_cannot_pass_the_queen() {
        // Q d1, R e1, R f1, K g1 behind eight unmoved pawns.
        assert!(refuted("7k/8/8/8/8/8/PPPPPPPP/3QRRK1 w - - 0 1"));
    }

    #[test]
    fn castling_is_an_order_the_cage_allows() {
        // After O-O: R a1, Q d1, R f1, K g1 (bishops and knights gone).
        assert!(!refuted("7k/8/8/8/8/8/PPPPPPPP/R2Q1RK1 w - - 0 1"));
        // And after O-O-O: K c1, R d1, R h1 (the queen gone).
        assert!(!refuted("7k/8/8/8/8/8/PPPPPPPP/2KR3R w - - 0 1"));
    }

    #[test]
    fn an_open_cage_proves_nothing() {
        // The same men with the a-pawn gone: a rook may have left and
        // come back round.
        assert!(!refuted("7k/8/8/8/8/8/1PPPPPPP/3QRRK1 w - - 0 1"));
    }

    #[test]
    fn no_man_of_the_other_side_gets_in() {
        // A black queen on h1 behind White's unmoved pawns.
        assert!(refuted("7k/8/8/8/8/8/PPPPPPPP/R2QK2q w - - 0 1"));
        // A black knight may jump in.
        assert!(!refuted("7k/8/8/8/8/8/PPPPPPPP/R2QK2n w - - 0 1"));
    }

    #[test]
    fn the_king_stays_in_its_cage() {
        // Bishops c1 and f1 walled in: d1-e1 is a cage, and the king that
        // started on e1 cannot have left it.
        assert!(refuted("7k/8/8/8/4K3/8/1PPPPPP1/2BQ1B2 w - - 0 1"));
        assert!(!refuted("7k/8/8/8/8/8/1PPPPPP1/2BQKB2 w - - 0 1"));
    }

    #[test]
    fn a_castling_right_walls_a_cage() {
        // Black may castle long: a8 and e8 never moved, and b8-d8 behind
        // the pawns a7-e7 is a cage where a white queen never got in.
        assert!(refuted("rnQqk2r/ppppp3/8/8/8/8/8/4K3 w q - 0 1"));
        // Without the right, the king may have stepped aside to let her in.
        assert!(!refuted("rnQqk2r/ppppp3/8/8/8/8/8/4K3 w - - 0 1"));
    }

    #[test]
    fn black_cages_too() {
        // Black's k d8 left of q e8 behind seven unmoved pawns (h7 gone),
        // with f8 holding its bishop.
        assert!(refuted("2rkqb2/ppppppp1/8/8/8/8/8/4K3 w - - 0 1"));
    }

    #[test]
    fn the_initial_position_is_not_refuted() {
        assert!(!refuted(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ));
    }
}
