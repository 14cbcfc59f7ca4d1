//! Counts on regions: men of a kind cannot outnumber, on the union of
//! their regions, the initial position's men there ([`region_count_refutes`]),
//! and a side's pawns with its men that the regions show promoted are at
//! most 8 ([`promotion_count_refutes`]).
//!
//! Both rules are proven sound in Coq (`coq/theories/RegionCount.v`
//! computes them the same way, `RegionCountproof.v` proves
//! `region_count_refutes_sound` and `promotion_count_refutes_sound`);
//! `generator/tests/integration/frozen_coq.rs` compares the two on sample positions.

use super::frozen::frozen_men;
use super::region::Walls;
use crate::{Bitboard, Board, Color, Piece, Position, Rank, Role};

/// The union of the [`region`](super::region::region)s of the men `piece` of `board` that are not
/// frozen, leaving out each region that meets `avoid` (Coq: `kind_region`
/// of RegionCount.v, whose walk stops there).
fn kind_union(walls: &Walls, piece: Piece, avoid: Bitboard) -> Bitboard {
    let mut union = Bitboard::EMPTY;
    for sq in walls.board.by_piece(piece) - walls.frozen {
        let region = walls.region(sq);
        if (region & avoid).is_empty() {
            union |= region;
        }
    }
    union
}

/// Whether, for some kind of man other than a king, more men of that kind
/// stand on a set of squares they cannot have left than the initial
/// position has there.
///
/// The set is the union `U` of the [`region`](super::region::region)s of the men of the kind that
/// are not frozen and whose region holds no square of the kind's last rank
/// (where a pawn may have been promoted to it; none for pawns). Each region
/// is closed under the exits of its squares that no frozen man holds and
/// that do not cross a column, so
/// `U` is too: going back in time a man of the kind on `U` stays on `U`
/// (each retraction goes to an exit or slides over exits) and none turns
/// into a pawn there. Forward in time, then, the number of men of the kind
/// on `U` never grows: a man arriving on `U` left another square of `U`,
/// and no promotion lands on `U`. So it is at most the initial position's.
///
/// This generalizes [`region::refutes`](super::region::refutes) (a region holding no initial square
/// of its men) to regions shared by more men than they hold initial squares
/// of their kind: two light-squared bishops whose only way back is to f1,
/// two pawns on a file whose every way back leads to one second-rank square.
pub fn region_count_refutes(pos: &Position) -> bool {
    let board = pos.board();
    let start = Board::start();
    let walls = Walls::of(board, frozen_men(board));
    Color::ALL.into_iter().any(|color| {
        let last_rank = Bitboard::from_rank(Rank::Eighth.relative_to(color));
        [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ]
        .into_iter()
        .any(|role| {
            let piece = Piece { color, role };
            let promotion_squares = if role == Role::Pawn {
                Bitboard::EMPTY
            } else {
                last_rank
            };
            let union = kind_union(&walls, piece, promotion_squares);
            (board.by_piece(piece) & union).count() > (start.by_piece(piece) & union).count()
        })
    })
}

/// Whether a side has more pawns and men that must be promoted pawns than
/// the 8 pawns it started with.
///
/// For each role a pawn may be promoted to, `U` is the union of the
/// [`region`](super::region::region)s of the side's men of that role that are not frozen: going
/// back in time none of them leaves `U`, so forward in time no man of the
/// role arrives on `U` but by promotion. The men of the role on `U` beyond
/// the initial position's there are promoted pawns; with the pawns on the
/// board they number at most 8 (a promotion takes a pawn away and adds at
/// most one such man; a man leaving `U` or captured only lowers the sum).
///
/// The material invariant ([`super::invariants`]) counts the
/// same with `U` the whole board; a smaller `U` sees more promoted men: a
/// rook whose only way back leads to a8, beside the rook a8 itself.
pub fn promotion_count_refutes(pos: &Position) -> bool {
    let board = pos.board();
    let walls = Walls::of(board, frozen_men(board));
    Color::ALL.into_iter().any(|color| {
        let pawns = board
            .by_piece(Piece {
                color,
                role: Role::Pawn,
            })
            .count();
        pawns + walls.promoted(color) > 8
    })
}

/// For each of knight, bishop, rook and queen, the union of the
/// [`region`](super::region::region)s of `color`'s men of the role that are not frozen and whose
/// region holds no initial square of the role (Coq: `homeless` of
/// PawnCaptures.v). No man of the role enters the union but by promotion,
/// so its men there beyond the initial position's are promoted pawns that
/// landed on a last-rank square of it ([`super::pawns::entries_refute`]).
/// `frozen` is [`frozen_men`] of `board`.
pub fn homeless_regions(board: &Board, frozen: Bitboard, color: Color) -> [(Role, Bitboard); 4] {
    let start = Board::start();
    let walls = Walls::of(board, frozen);
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen].map(|role| {
        let piece = Piece { color, role };
        (role, kind_union(&walls, piece, start.by_piece(piece)))
    })
}

/// The men of `color` that must be promoted pawns by the regions of their
/// kind (see [`promotion_count_refutes`]): for each role a pawn may be
/// promoted to, the men of the role on the union `U` of the regions of its
/// men that are not frozen, beyond the initial position's men on `U`.
/// `frozen` is [`frozen_men`] of `board`.
///
/// At least [`crate::retro::SideMaterial::promoted_excess`] on a board a
/// game reaches, and more when a man's only way back leads to a promotion
/// square: a dark-squared bishop walled in on e1 beside a missing f8
/// bishop. Coq: `region_excess` of RegionCount.v.
pub fn region_promoted(board: &Board, frozen: Bitboard, color: Color) -> u32 {
    Walls::of(board, frozen).promoted(color)
}

impl Walls<'_> {
    /// [`region_promoted`] with the walls already computed.
    fn promoted(&self, color: Color) -> u32 {
        let start = Board::start();
        [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .map(|role| {
                let piece = Piece { color, role };
                let union = kind_union(self, piece, Bitboard::EMPTY);
                let homes = start.by_piece(piece) & union;
                (self.board.by_piece(piece) & union)
                    .count()
                    .saturating_sub(homes.count())
            })
            .sum()
    }
}
