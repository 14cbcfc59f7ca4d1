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
//! pawns on their second rank ([`super::stranded`]), and also
//! men walled in by each other (a rook in a cage of pawns whose only way
//! back is through the rook's square).
//!
//! The frozen men are the walls of the regions ([`super::region`]) and of
//! the other rules that follow men back in time. The rule is proven sound
//! in Coq (`coq/theories/Frozen.v` computes the frozen men the same way,
//! `Frozenproof.v` proves `frozen_refutes_sound`), and Coq's certificate
//! checker applies it: a change to the exits or to the rule here must be
//! made there too (`generator/tests/integration/frozen_coq.rs` compares the two on
//! sample positions).

use crate::attacks;
use crate::{Bitboard, Board, Color, File, Piece, Position, Rank, Role, Square};

/// The exits of a man (see the module docs): those of its own moves, and
/// the squares a promotion (`unpromotion`) or castling (`uncastling`) puts
/// it on its square from, which only a frozen man can shut.
pub(crate) struct Exits {
    pub(super) moves: Bitboard,
    unpromotion: Bitboard,
    pub(super) uncastling: Bitboard,
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

    pub(super) fn all(&self) -> Bitboard {
        self.moves | self.other()
    }

    /// The squares the man itself (of its kind, not as the pawn it may
    /// have been) came from: a region follows these ([`super::region`]).
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
pub(super) fn fixed_attacks(color: Color, role: Role, from: Square) -> Bitboard {
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
