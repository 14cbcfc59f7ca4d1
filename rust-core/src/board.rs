//! Piece placement: which man stands on which square.
//!
//! A [`Board`] is only the placement, the first FEN field. Everything else a
//! position needs (side to move, castling rights, en passant, clocks) lives in
//! [`Position`](crate::Position).
//!
//! The placement is stored as eight bitboards: one per color and one per
//! role. A square's piece is the (color, role) pair whose two sets contain it.
//! This layout answers the questions move generation asks most often ("where
//! are Black's rooks and queens?") with one `&`, and it is the layout the
//! attack tables are designed for.

use crate::attacks;
use crate::{Bitboard, Color, File, Piece, Rank, Role, Square};

/// Piece placement as bitboards by color and by role.
///
/// The fields are private so that the two families of sets always describe
/// the same placement: the color sets are disjoint, the role sets are
/// disjoint, and both cover exactly the occupied squares. Every mutator keeps
/// this invariant, so a square never holds two men and never holds a man
/// without a color.
///
/// A board may hold any material (nine queens, no kings, …): whether a
/// placement can arise in a game is a question for retro analysis, not for
/// this type. [`Position`](crate::Position) adds the "one king each" rule.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
}

impl Board {
    /// A board without any men.
    pub const fn empty() -> Board {
        Board {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
        }
    }

    /// The initial placement of standard chess.
    pub const fn start() -> Board {
        Board {
            by_color: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00), // pawns
                Bitboard(0x4200_0000_0000_0042), // knights
                Bitboard(0x2400_0000_0000_0024), // bishops
                Bitboard(0x8100_0000_0000_0081), // rooks
                Bitboard(0x0800_0000_0000_0008), // queens
                Bitboard(0x1000_0000_0000_0010), // kings
            ],
        }
    }

    /// All occupied squares.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0].0 | self.by_color[1].0)
    }

    /// The squares holding men of `color`.
    #[inline]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares holding men of `role`, of either color.
    #[inline]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares holding `piece`.
    #[inline]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_color(piece.color).0 & self.by_role(piece.role).0)
    }

    /// Rooks and queens of both colors: the men that attack along ranks and files.
    #[inline]
    pub const fn rooks_and_queens(&self) -> Bitboard {
        Bitboard(self.by_role(Role::Rook).0 | self.by_role(Role::Queen).0)
    }

    /// Bishops and queens of both colors: the men that attack along diagonals.
    #[inline]
    pub const fn bishops_and_queens(&self) -> Bitboard {
        Bitboard(self.by_role(Role::Bishop).0 | self.by_role(Role::Queen).0)
    }

    /// The king of `color`, if there is exactly one.
    #[inline]
    pub const fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, Role::King)).single_square()
    }

    /// The color of the man on `sq`, if any.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the man on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        // Written out rather than searched with an iterator: this is on the
        // move generator's hot path (every capture asks it).
        let has = |role: Role| self.by_role(role).contains(sq);
        if !self.occupied().contains(sq) {
            None
        } else if has(Role::Pawn) {
            Some(Role::Pawn)
        } else if has(Role::Knight) {
            Some(Role::Knight)
        } else if has(Role::Bishop) {
            Some(Role::Bishop)
        } else if has(Role::Rook) {
            Some(Role::Rook)
        } else if has(Role::Queen) {
            Some(Role::Queen)
        } else {
            Some(Role::King)
        }
    }

    /// The man on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = self.color_at(sq)?;
        let role = self.role_at(sq)?;
        Some(Piece { color, role })
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    #[inline]
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.discard_piece_at(sq);
        self.by_color[piece.color.index()].set(sq);
        self.by_role[piece.role.index()].set(sq);
    }

    /// Empties `sq` and returns the man that stood there.
    #[inline]
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq);
        if let Some(p) = piece {
            self.by_color[p.color.index()].clear(sq);
            self.by_role[p.role.index()].clear(sq);
        }
        piece
    }

    /// Empties `sq` (cheaper than [`Board::remove_piece_at`] when the man
    /// is not needed: no lookup, just clear every set).
    #[inline]
    pub fn discard_piece_at(&mut self, sq: Square) {
        let keep = !Bitboard::from_square(sq);
        for bb in &mut self.by_color {
            *bb &= keep;
        }
        for bb in &mut self.by_role {
            *bb &= keep;
        }
    }

    /// The men standing on `squares`, the others removed.
    #[inline]
    #[must_use]
    pub fn masked(&self, squares: Bitboard) -> Board {
        Board {
            by_color: self.by_color.map(|bb| bb & squares),
            by_role: self.by_role.map(|bb| bb & squares),
        }
    }

    /// The men of `by` that attack `sq`, with `occupied` as the blockers for
    /// sliding men.
    ///
    /// `occupied` is a parameter rather than [`Board::occupied`] because the
    /// interesting questions are hypothetical: "would the king be attacked on
    /// g1 once it has left e1?" needs the occupancy without the king.
    /// A man on `sq` itself never counts as attacking it.
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(by);
        let rook_like = attacks::rook_attacks(sq, occupied) & self.rooks_and_queens();
        let bishop_like = attacks::bishop_attacks(sq, occupied) & self.bishops_and_queens();
        let knights = attacks::knight_attacks(sq) & self.by_role(Role::Knight);
        let kings = attacks::king_attacks(sq) & self.by_role(Role::King);
        // A pawn of `by` attacks `sq` iff a pawn of the other color on `sq`
        // would attack the pawn's square.
        let pawns = attacks::pawn_attacks(by.other(), sq) & self.by_role(Role::Pawn);
        (rook_like | bishop_like | knights | kings | pawns) & them
    }

    /// All (square, man) pairs, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .filter_map(|sq| Some((sq, self.piece_at(sq)?)))
    }

    /// The man on the square at (`file`, `rank`): convenience for diagrams.
    pub fn piece_at_coords(&self, file: File, rank: Rank) -> Option<Piece> {
        self.piece_at(Square::from_coords(file, rank))
    }
}

impl Default for Board {
    /// The initial placement, like [`Board::start`].
    fn default() -> Board {
        Board::start()
    }
}

impl std::fmt::Debug for Board {
    /// The placement part of FEN, e.g. `Board("8/8/8/8/8/8/8/K6k")`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({:?})", self.board_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_pieces() {
        let b = Board::start();
        assert_eq!(b.occupied().count(), 32);
        assert_eq!(
            b.piece_at(Square::E1),
            Some(Piece::new(Color::White, Role::King))
        );
        assert_eq!(
            b.piece_at(Square::D8),
            Some(Piece::new(Color::Black, Role::Queen))
        );
        assert_eq!(
            b.piece_at(Square::G7),
            Some(Piece::new(Color::Black, Role::Pawn))
        );
        assert_eq!(b.piece_at(Square::E4), None);
        assert_eq!(b.king_of(Color::Black), Some(Square::E8));
    }

    #[test]
    fn set_and_remove_keep_sets_consistent() {
        let mut b = Board::start();
        b.set_piece_at(Square::E1, Piece::new(Color::Black, Role::Knight));
        assert_eq!(
            b.piece_at(Square::E1),
            Some(Piece::new(Color::Black, Role::Knight))
        );
        assert_eq!(b.king_of(Color::White), None);
        assert!(!b.by_color(Color::White).contains(Square::E1));
        assert_eq!(
            b.remove_piece_at(Square::E1),
            Some(Piece::new(Color::Black, Role::Knight))
        );
        assert_eq!(b.occupied().count(), 31);
    }

    #[test]
    fn attackers_to_e4_in_open_position() {
        // White: Nf2 attacks e4; Bc2 attacks e4 (d3 empty); Rd4 attacks e4;
        // pawn d3 attacks e4. Black: pawn f5 attacks e4.
        let mut b = Board::empty();
        b.set_piece_at(Square::F2, Piece::new(Color::White, Role::Knight));
        b.set_piece_at(Square::C2, Piece::new(Color::White, Role::Bishop));
        b.set_piece_at(Square::A4, Piece::new(Color::White, Role::Rook));
        b.set_piece_at(Square::D4, Piece::new(Color::White, Role::Pawn));
        b.set_piece_at(Square::F5, Piece::new(Color::Black, Role::Pawn));
        let occ = b.occupied();
        let white = b.attackers_to(Square::E4, Color::White, occ);
        // The rook on a4 is blocked by the pawn on d4; the pawn on d4 does
        // not attack e4 (it attacks c5/e5).
        assert_eq!(white, Bitboard::from(Square::F2) | Square::C2);
        let black = b.attackers_to(Square::E4, Color::Black, occ);
        assert_eq!(black, Bitboard::from(Square::F5));
        // Without the d4 pawn in the occupancy, the rook sees through.
        let white = b.attackers_to(Square::E4, Color::White, occ.without(Square::D4));
        assert!(white.contains(Square::A4));
    }
}
