//! Regions: the squares a man can have stood on, as a man of its kind,
//! at any time of a game, and the rule that a man whose region holds no
//! square it can have started from is reached by no game.
//!
//! A man's [`region`] follows its ways back in time (its exits, see
//! [`super::frozen`]) from its square, never onto or through a frozen man
//! (which stood where it stands all game), never across a [`Column`] (a
//! pawn on its third rank that can only have come from the square behind
//! it, one of the two holding it all game), never un-castling when a frozen
//! man stands on a square the castling empties or fills
//! ([`castling_shut`]); for a king, never onto a square a frozen man of the
//! other side attacks ([`guarded_squares`]). The region rule
//! ([`refutes`]) also keeps a pawn's region from stepping
//! diagonally onto a square its side never captured onto
//! ([`capture_free_squares`]), and every region off the squares of the
//! king and rook of a castling right the position asserts
//! ([`right_squares`]), which stood there all game.
//!
//! The rule is proven sound in Coq (`coq/theories/Frozen.v` computes the
//! regions the same way, `Frozenproof.v` proves `region_refutes_sound`);
//! `generator/tests/integration/frozen_coq.rs` compares the two on sample positions.
//! The counting rules of [`super::region_count`] walk the same regions.

use super::frozen::{fixed_attacks, frozen_men, Exits};
use crate::attacks;
use crate::retro::SideMaterial;
use crate::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, Piece, Position, Rank, Role, Square,
};

/// A pawn on its third rank all of whose exits but the square `behind` it
/// (on its second rank) are frozen: it came from `behind`, so at every
/// moment of the game a pawn of its colour stood on `behind` or on
/// `square`, and no other man ever stepped between the two (see
/// [`columns`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    pub color: Color,
    pub behind: Square,
    pub square: Square,
}

impl Column {
    /// The other square of the column, if `sq` is one of its two.
    fn across(&self, sq: Square) -> Option<Square> {
        if sq == self.behind {
            Some(self.square)
        } else if sq == self.square {
            Some(self.behind)
        } else {
            None
        }
    }
}

/// The columns of `board`: pawns on their third rank with a single exit
/// not held by a frozen man, on their second rank. Going back in time no
/// man but the column's pawn moves between its two squares, so the regions
/// ([`region`]) do not step across (Coq: `columns` and `cut` in Frozen.v,
/// `column_back` in Frozenproof.v). A column walls a file against rooks,
/// queens and kings the way an unmoved pawn does.
pub fn columns(board: &Board, frozen: Bitboard) -> Vec<Column> {
    let mut out = Vec::new();
    for color in Color::ALL {
        let pawns = board.by_piece(Piece {
            color,
            role: Role::Pawn,
        });
        for square in pawns & Bitboard::from_rank(Rank::Third.relative_to(color)) {
            let open = Exits::of(color, Role::Pawn, square).all() - frozen;
            if let Some(behind) = open.single_square() {
                if behind.rank() == Rank::Second.relative_to(color) {
                    out.push(Column {
                        color,
                        behind,
                        square,
                    });
                }
            }
        }
    }
    out
}

/// The squares across one of `columns` from `s` for a man `piece`: it
/// never steps between them and `s` (a pawn of a column's own colour may:
/// the cut is only for other men). Used by the [`region`]s and by the
/// cages of the dead men (`pawns::dead_men`).
pub(super) fn across_columns(columns: &[Column], piece: Piece, s: Square) -> Bitboard {
    columns
        .iter()
        .filter(|c| !(c.color == piece.color && piece.role == Role::Pawn))
        .filter_map(|c| c.across(s))
        .collect()
}

/// Whether no castling of `color` can have put a king or rook on `sq`: a
/// frozen man stands on one of the four squares that castling empties or
/// fills (where its king and its rook stand before it and after it). That
/// man stood there all game, so the castling never happened, and a
/// region does not follow the un-castling exit of `sq` (Coq:
/// `castle_shut` in Frozen.v, `castle_blocked` in Frozenproof.v).
/// Queenside castling also needs b1 empty; b1 is left out, as Coq's
/// account of a castling move names only the four squares.
///
/// In `2bK1kNr/1pppprpP/5p1p/8/8/8/8/8 b` the bishop c8 never moved, so
/// the rook f7 cannot have left through d8 to a8 by un-castling: it and
/// the rook h8 both came from h8
/// ([`region_count_refutes`](super::region_count::region_count_refutes)).
pub fn castling_shut(frozen: Bitboard, color: Color, sq: Square) -> bool {
    CastlingSide::ALL.into_iter().any(|side| {
        let (king_to, rook_to) = (side.king_to(color), side.rook_to(color));
        let squares = [
            CastlingRights::king_home(color),
            king_to,
            side.rook_from(color),
            rook_to,
        ];
        (sq == king_to || sq == rook_to) && squares.into_iter().any(|s| frozen.contains(s))
    })
}

/// The squares a king of `color` never stands on: those a frozen man of
/// the other side attacks whatever else stands on the board. The man stood
/// there all game, and neither side leaves the king of `color` attacked:
/// not its own side, by a move; not the other side, whose move does not
/// move that king (Coq: `guarded_by` in Frozen.v, `king_safe` in
/// Frozenproof.v). The initial position has no such square.
pub fn guarded_squares(board: &Board, frozen: Bitboard, color: Color) -> Bitboard {
    let mut guarded = Bitboard::EMPTY;
    for o in frozen & board.by_color(color.other()) {
        if let Some(man) = board.piece_at(o) {
            guarded |= fixed_attacks(man.color, man.role, o);
        }
    }
    guarded
}

/// The squares the man on `sq` can have stood on, as a man of its kind, at
/// any time of a game reaching `board` (an over-approximation): from `sq`,
/// every exit of its own moves or of castling (see [`frozen_men`]'s module
/// docs; not where a pawn promoted from: before that it was a pawn) not
/// held by a frozen man and not across one of the [`columns`] (unless the
/// man is a pawn of the column's colour), and so on. A frozen man stood on
/// its square all game, so no move ever went to or through it; a column's
/// pawn held one of its two squares all game, so no other man moved
/// between them; no castling a frozen man forbids is undone
/// ([`castling_shut`]). A king's region leaves out the [`guarded_squares`],
/// where it never stood. A region holding a square of the man's last rank may
/// have been entered there by promotion;
/// [`promotion_count_refutes`](super::region_count::promotion_count_refutes)
/// counts those.
pub fn region(board: &Board, frozen: Bitboard, sq: Square) -> Bitboard {
    Walls::of(board, frozen).region(sq)
}

/// What every [`region`] of a board walls off: the frozen men, the
/// [`columns`] and each king's [`guarded_squares`], computed once for all
/// the regions a rule walks.
pub(super) struct Walls<'a> {
    pub(super) board: &'a Board,
    pub(super) frozen: Bitboard,
    columns: Vec<Column>,
    /// The [`guarded_squares`] of the king of each colour, by
    /// `Color as usize`.
    guarded: [Bitboard; 2],
    /// The [`capture_free_squares`] of each colour, by `Color as usize`,
    /// for the walls of [`refutes`] (empty for the other rules).
    capture_free: [Bitboard; 2],
    /// The [`right_squares`] of the position, for the walls of
    /// [`refutes`] (empty for the other rules).
    held: Bitboard,
}

/// The squares of the king and rook of each castling right `pos`
/// asserts. A right is lost as soon as a move starts or ends on one of
/// them, so in a game reaching `pos` their men stood there all game, and
/// no other man ever stood there (Coq: `right_squares` in Frozen.v).
pub fn right_squares(pos: &Position) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    for (color, side) in pos.castling_rights().iter() {
        squares.set(CastlingRights::king_home(color));
        squares.set(side.rook_from(color));
    }
    squares
}

/// The squares onto which no man of `color` ever captured, whatever the
/// game: those of one square colour when the other side has its 8 pawns,
/// both knights, both rooks, its queen and a bishop of that square colour.
/// With 8 pawns that side never promoted (a side never has more than 8
/// pawns, and a promotion takes one away for good) and never lost a pawn,
/// so every man it lost is a bishop of the other square colour, taken where
/// it stood (a bishop never changes square colour). No pawn of `color`,
/// then, ever moved diagonally onto one of these squares: that is a
/// capture, or en passant, which takes a pawn. All squares when the other
/// side lost nothing. Coq: `capture_free` in Frozen.v.
pub fn capture_free_squares(board: &Board, color: Color) -> Bitboard {
    let other = SideMaterial::of(board, color.other());
    if (other.pawns, other.knights, other.rooks, other.queens) != (8, 2, 2, 1) {
        return Bitboard::EMPTY;
    }
    let light = if other.light_bishops == 1 {
        Bitboard::LIGHT_SQUARES
    } else {
        Bitboard::EMPTY
    };
    let dark = if other.dark_bishops == 1 {
        Bitboard::DARK_SQUARES
    } else {
        Bitboard::EMPTY
    };
    light | dark
}

impl<'a> Walls<'a> {
    pub(super) fn of(board: &'a Board, frozen: Bitboard) -> Walls<'a> {
        Walls {
            board,
            frozen,
            columns: columns(board, frozen),
            guarded: Color::ALL.map(|color| guarded_squares(board, frozen, color)),
            capture_free: [Bitboard::EMPTY; 2],
            held: Bitboard::EMPTY,
        }
    }

    /// These walls, and the squares of the kings and rooks of the castling
    /// rights `pos` asserts ([`right_squares`]), where no other man ever
    /// stood.
    fn with_rights(mut self, pos: &Position) -> Walls<'a> {
        self.held = right_squares(pos);
        self
    }

    /// These walls, and a pawn's region never crossing a diagonal onto a
    /// square its side never captured onto ([`capture_free_squares`]).
    fn with_capture_colours(mut self) -> Walls<'a> {
        self.capture_free = Color::ALL.map(|color| capture_free_squares(self.board, color));
        self
    }

    /// The [`region`] of the man on `sq`.
    pub(super) fn region(&self, sq: Square) -> Bitboard {
        let Some(piece) = self.board.piece_at(sq) else {
            return Bitboard::EMPTY;
        };
        let walls = if piece.role == Role::King {
            self.frozen | self.guarded[piece.color as usize]
        } else {
            self.frozen
        };
        // The squares from which a pawn never came back diagonally.
        let no_capture = if piece.role == Role::Pawn {
            self.capture_free[piece.color as usize]
        } else {
            Bitboard::EMPTY
        };
        let mut reached = Bitboard::from(sq);
        let mut frontier = reached;
        while frontier.any() {
            let mut next = Bitboard::EMPTY;
            for s in frontier {
                let all = Exits::of(piece.color, piece.role, s);
                // Only a king or rook on its first rank has an un-castling
                // exit to shut.
                let own = if all.uncastling.any() && castling_shut(self.frozen, piece.color, s) {
                    all.moves
                } else {
                    all.own()
                };
                let mut exits = own - walls - self.held - across_columns(&self.columns, piece, s);
                if no_capture.contains(s) {
                    exits = exits - attacks::pawn_attacks(piece.color.other(), s);
                }
                next |= exits;
            }
            frontier = next - reached;
            reached |= frontier;
        }
        reached
    }
}

/// Whether some man cannot have come from where a man like it starts: its
/// [`region`] holds no initial square of its kind and, for a piece that may
/// be a promoted pawn, no square of its last rank (where it would have
/// been promoted). Here a pawn's region also leaves out the diagonal ways
/// back from the squares its side never captured onto
/// ([`capture_free_squares`]): in `rnbqkbnr/1ppppppp/8/8/8/1P2P3/PpPP1PPP/RNBQK1NR`
/// (Texel's proof-game documentation) White lost only its light-squared
/// bishop, so the black pawn on the dark square b2 came from b3, across
/// the column b2-b3. Nor does a region step onto the square of the king or
/// rook of a castling right the position asserts ([`right_squares`]):
/// with White's right to castle king-side and its pawns f2, g2 unmoved, a
/// white rook f1 came from neither e1 nor h1, so from nowhere (rtr-D-103's
/// wrong alternative, 42 plies back).
pub fn refutes(pos: &Position) -> bool {
    let board = pos.board();
    let start = Board::start();
    let walls = Walls::of(board, frozen_men(board))
        .with_capture_colours()
        .with_rights(pos);
    board.pieces().any(|(sq, piece)| {
        if walls.frozen.contains(sq) {
            return false;
        }
        let region = walls.region(sq);
        let homes = start.by_piece(piece);
        let promotable = !matches!(piece.role, Role::King | Role::Pawn);
        let last_rank = Bitboard::from_rank(Rank::Eighth.relative_to(piece.color));
        (region & homes).is_empty() && !(promotable && (region & last_rank).any())
    })
}
