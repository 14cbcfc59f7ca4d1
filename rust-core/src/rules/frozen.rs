//! Frozen men: the largest set of men none of which can ever have moved.
//!
//! Going back in time a man leaves its square only by a retraction of its
//! own (captures become uncaptures, which put men back but never take one
//! away; a promoted man turning back into a pawn leaves its last rank). A
//! retraction moves a man to one of its *exits*: for a pawn the square
//! behind it and the two diagonals behind it (a double step passes the
//! square behind); for a knight its knight squares; for a king, bishop,
//! rook or queen the adjacent squares in its directions (a slider passes
//! them). A pawn on its second rank has no exit.
//!
//! A man on its last rank may also be a promoted pawn: its exits include
//! the squares a pawn can have promoted from (behind it and diagonally
//! behind it). A king on c1/g1 and a rook on d1/f1 (relative) may un-castle:
//! their exits include their home square (e1; a1/h1), where un-castling
//! puts them.
//!
//! Let `F` be a set of men such that every exit of every man of `F` holds a
//! man of `F` or is *shut* (below). Then no man of `F` ever
//! moved: going back in time, the first one to move would go to an exit
//! that is still held by a man of `F` that has not moved yet. So each man
//! of `F` stands where the initial position has the same man; a position
//! where one does not is reached by no game.
//!
//! ## Shut exits
//!
//! An exit outside `F` is still no way back when the man cannot have stood
//! there just before its last move, because of a check (the last move of a
//! man of `F` finds the other men of `F` already where they stand):
//! - a knight or king on the exit would have attacked the other side's
//!   king (a man of `F`) with its own side to move: the side that had just
//!   moved would have been in check;
//! - for a bishop, rook or queen, the same from every square it can have
//!   come from through that exit (along its line up to the first man of
//!   `F`); "attacked" means from next to the king, where nothing can stand
//!   between;
//! - a king on the exit would have stood in check, with its own side to
//!   move, from a man of `F` (a pawn, knight or king, or a slider next to
//!   it) whose every exit is a man of `F` other than the king's square, or
//!   the exit itself: that man cannot have just arrived to give the check,
//!   and an attack from next door is not uncovered by another man moving.
//!
//! Exits that only a promotion or castling starts from are shut only by a
//! man of `F`. Example (Brandis): White Ka1, Rb1, Pa2, Pb2, Pd2, Pe2,
//! Black Kc2, Bd1. The rook came from c1 only, where it would have checked
//! the king c2 with White to move; the king c2 came from neither b3, c3, d3
//! (attacked by unmoved pawns) nor c1 (by the rook): all frozen, and the
//! black king is not on e8.
//!
//! The largest such `F` is a greatest fixpoint: start from every eligible
//! man and drop men with an exit neither in the set nor shut until none is
//! dropped (being shut only gets easier as the set grows, so the fixpoint
//! does not depend on the order). It
//! contains the least fixpoint the stranded-man rule computes from the
//! pawns on their second rank ([`crate::search::stranded_man`]), and also
//! men walled in by each other (a rook in a cage of pawns whose only way
//! back is through the rook's square).
//!
//! Both rules are proven sound in Coq (`coq/theories/Frozen.v` computes
//! them the same way, `Frozenproof.v` proves `frozen_refutes_sound` and
//! `region_refutes_sound`), and Coq's certificate checker applies them: a
//! change to the exits or to either rule here must be made there too
//! (`generator/tests/frozen_coq.rs` compares the two on sample positions).

use crate::attacks;
use crate::retro::SideMaterial;
use crate::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, File, Piece, Position, Rank, Role, Square,
};

/// The exits of a man (see the module docs): those of its own moves, and
/// the squares a promotion (`unpromotion`) or castling (`uncastling`) puts
/// it on its square from, which only a frozen man can shut.
pub(crate) struct Exits {
    moves: Bitboard,
    unpromotion: Bitboard,
    uncastling: Bitboard,
}

impl Exits {
    pub(crate) fn of(color: Color, role: Role, sq: Square) -> Exits {
        let back = color.fold(-8, 8);
        let pawn_back = |sq: Square| {
            let straight = sq.offset(back).map_or(Bitboard::EMPTY, Bitboard::from);
            straight | attacks::pawn_attacks(color.other(), sq)
        };
        let moves = match role {
            Role::Pawn if sq.rank() == Rank::Second.relative_to(color) => Bitboard::EMPTY,
            Role::Pawn => pawn_back(sq),
            Role::Knight => attacks::knight_attacks(sq),
            Role::King => attacks::king_attacks(sq),
            Role::Bishop | Role::Rook | Role::Queen => slides(role, sq, Bitboard::FULL),
        };
        let unpromotion = if role != Role::King && sq.rank() == Rank::Eighth.relative_to(color) {
            pawn_back(sq)
        } else {
            Bitboard::EMPTY
        };
        let first = Rank::First.relative_to(color);
        let home = |file: File| Bitboard::from(Square::from_coords(file, first));
        let uncastling = match (role, sq.rank() == first, sq.file()) {
            (Role::King, true, File::C | File::G) => home(File::E),
            (Role::Rook, true, File::D) => home(File::A),
            (Role::Rook, true, File::F) => home(File::H),
            _ => Bitboard::EMPTY,
        };
        Exits {
            moves,
            unpromotion,
            uncastling,
        }
    }

    /// The exits that only a frozen man can shut.
    fn other(&self) -> Bitboard {
        self.unpromotion | self.uncastling
    }

    fn all(&self) -> Bitboard {
        self.moves | self.other()
    }

    /// The squares the man itself (of its kind, not as the pawn it may
    /// have been) came from: a region follows these ([`region`]).
    pub(crate) fn own(&self) -> Bitboard {
        self.moves | self.uncastling
    }
}

/// The squares a bishop, rook or queen on `sq` reaches along its lines up
/// to the first square of `occupied` (included); none for other men.
fn slides(role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Bishop => attacks::bishop_attacks(sq, occupied),
        Role::Rook => attacks::rook_attacks(sq, occupied),
        Role::Queen => attacks::queen_attacks(sq, occupied),
        Role::Pawn | Role::Knight | Role::King => Bitboard::EMPTY,
    }
}

/// The squares a man of `role` and `color` on `from` attacks whatever
/// else stands on the board: for a slider, only the squares next to it.
fn fixed_attacks(color: Color, role: Role, from: Square) -> Bitboard {
    match role {
        Role::Pawn => attacks::pawn_attacks(color, from),
        Role::Knight => attacks::knight_attacks(from),
        Role::King => attacks::king_attacks(from),
        Role::Bishop | Role::Rook | Role::Queen => slides(role, from, Bitboard::FULL),
    }
}

/// A candidate set of frozen men on a board, and the questions the
/// fixpoint asks about it (see the module docs, "Shut exits").
struct Candidate<'a> {
    board: &'a Board,
    frozen: Bitboard,
}

impl Candidate<'_> {
    /// A man of `color` and `role` on `o` would attack the other side's
    /// king, which is in the set.
    fn checks_from(&self, color: Color, role: Role, o: Square) -> bool {
        let kings = self.board.by_piece(Piece {
            color: color.other(),
            role: Role::King,
        });
        (kings & self.frozen & fixed_attacks(color, role, o)).any()
    }

    /// Walking from the slider on `sq` along each of its lines, every
    /// square up to the first man of the set gives check: wherever the
    /// slider came from, it stood on one of them.
    fn slide_shut(&self, sq: Square, color: Color, role: Role) -> bool {
        let origins = slides(role, sq, self.frozen) - self.frozen;
        let mut origins = origins.into_iter();
        Iterator::all(&mut origins, |o| self.checks_from(color, role, o))
    }

    /// The square `e` next to the king of `color` on `sq` is attacked by a
    /// man of the other side in the set, all of whose exits are in the set
    /// (other than `sq`) or are `e`.
    fn guarded(&self, color: Color, sq: Square, e: Square) -> bool {
        let allowed = (self.frozen - Bitboard::from(sq)) | Bitboard::from(e);
        let theirs = self.frozen & self.board.by_color(color.other());
        let mut guards = theirs.into_iter();
        Iterator::any(&mut guards, |q| {
            self.board.piece_at(q).is_some_and(|f| {
                fixed_attacks(f.color, f.role, q).contains(e)
                    && (Exits::of(f.color, f.role, q).all() - allowed).is_empty()
            })
        })
    }

    /// Every exit of the man on `sq` is in the set or shut.
    fn keeps(&self, sq: Square) -> bool {
        let Some(piece) = self.board.piece_at(sq) else {
            return false;
        };
        let (color, role) = (piece.color, piece.role);
        let exits = Exits::of(color, role, sq);
        let open = exits.all() - self.frozen;
        if open.is_empty() {
            return true;
        }
        if (open & exits.other()).any() {
            return false;
        }
        let mut open = open.into_iter();
        match role {
            Role::Pawn => false,
            Role::Knight => Iterator::all(&mut open, |e| self.checks_from(color, role, e)),
            Role::King => Iterator::all(&mut open, |e| {
                self.checks_from(color, role, e) || self.guarded(color, sq, e)
            }),
            Role::Bishop | Role::Rook | Role::Queen => self.slide_shut(sq, color, role),
        }
    }
}

/// The largest set of men that can never have moved (see the module docs).
pub fn frozen_men(board: &Board) -> Bitboard {
    let mut candidate = Candidate {
        board,
        frozen: board.occupied(),
    };
    loop {
        let mut kept = candidate.frozen;
        for sq in candidate.frozen {
            if !candidate.keeps(sq) {
                kept.clear(sq);
            }
        }
        if kept == candidate.frozen {
            return kept;
        }
        candidate.frozen = kept;
    }
}

/// Whether a frozen man stands where the initial position has another man
/// or none.
pub fn refutes(pos: &Position) -> bool {
    let board = pos.board();
    let start = Board::start();
    let mut frozen = frozen_men(board).into_iter();
    Iterator::any(&mut frozen, |sq| board.piece_at(sq) != start.piece_at(sq))
}

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
/// the rook h8 both came from h8 ([`region_count_refutes`]).
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
/// have been entered there by promotion; [`promotion_count_refutes`]
/// counts those.
pub fn region(board: &Board, frozen: Bitboard, sq: Square) -> Bitboard {
    Walls::of(board, frozen).region(sq)
}

/// What every [`region`] of a board walls off: the frozen men, the
/// [`columns`] and each king's [`guarded_squares`], computed once for all
/// the regions a rule walks.
struct Walls<'a> {
    board: &'a Board,
    frozen: Bitboard,
    columns: Vec<Column>,
    /// The [`guarded_squares`] of the king of each colour, by
    /// `Color as usize`.
    guarded: [Bitboard; 2],
    /// The [`capture_free_squares`] of each colour, by `Color as usize`,
    /// for the walls of [`region_refutes`] (empty for the other rules).
    capture_free: [Bitboard; 2],
    /// The [`right_squares`] of the position, for the walls of
    /// [`region_refutes`] (empty for the other rules).
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
    fn of(board: &'a Board, frozen: Bitboard) -> Walls<'a> {
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
    fn region(&self, sq: Square) -> Bitboard {
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
pub fn region_refutes(pos: &Position) -> bool {
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

/// The union of the [`region`]s of the men `piece` of `board` that are not
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
/// The set is the union `U` of the [`region`]s of the men of the kind that
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
/// This generalizes [`region_refutes`] (a region holding no initial square
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
/// [`region`]s of the side's men of that role that are not frozen: going
/// back in time none of them leaves `U`, so forward in time no man of the
/// role arrives on `U` but by promotion. The men of the role on `U` beyond
/// the initial position's there are promoted pawns; with the pawns on the
/// board they number at most 8 (a promotion takes a pawn away and adds at
/// most one such man; a man leaving `U` or captured only lowers the sum).
///
/// The material invariant ([`crate::search::static_illegality`]) counts the
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
/// [`region`]s of `color`'s men of the role that are not frozen and whose
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
