//! Retractions: taking back the last move.
//!
//! This engine is the reference the verified Coq side is diffed against, so
//! the rules below are the definition, not a sketch; the property tests
//! check the generator against the forward move generator, and
//! `examples/retraction-vectors.txt` holds hand-derived answers both sides
//! are tested on.
//!
//! # Semantics of a retraction
//!
//! Let `P` be a position with side `S` to move. The last move was made by
//! the other side, `M`. A *retraction* of `P` is a forward move `m` together
//! with a predecessor `Q` such that:
//!
//! 1. `Q` has `M` to move, `m` is legal in `Q` under the FIDE rules, and
//!    playing `m` in `Q` gives exactly `P`'s board. (So `M`'s king is not in
//!    check in `P`; if it is, `P` has no retraction at all.)
//! 2. `Q` is a possible position: `S` is not in check in `Q`. Every check
//!    in `P` was therefore given by `m`.
//! 3. `Q`'s material is possible for both sides: at most 16 men and 8 pawns,
//!    no pawn on the first or last rank, and the men that must be promoted
//!    pawns (queens beyond 1, rooks and knights beyond 2, bishops beyond 1
//!    per square colour) plus the pawns at most 8 (see [`material`]).
//! 4. Castling rights in `P`'s FEN are **assertions**: a right says that
//!    king and rook stand on their initial squares and have never moved.
//!    That king and rook are never retracted, and `Q` keeps the right. An
//!    absent right asserts nothing. Un-castling by `M` needs `P` to assert
//!    no right for `M` (automatic: `M`'s king is not on its home square).
//! 5. An en passant square in `P`'s FEN asserts that the last move was that
//!    pawn's double step: it is then the only candidate. An absent square
//!    asserts nothing. Retracting an en passant capture gives a `Q` that
//!    carries the en passant square, so the next retraction from `Q` must be
//!    the double step that was captured.
//!
//! The kinds: ordinary moves; uncaptures (the uncaptured man is any role
//! rule 3 allows, never a king, never a pawn on the first or last rank);
//! promotions taken back, with or without uncapture; en passant captures
//! taken back; un-castling on both sides; pawn double steps.
//!
//! # The predecessor's other fields
//!
//! `Q`'s castling rights are `P`'s, plus the right an un-castling used.
//! `Q`'s en passant square is set only after taking back an en passant
//! capture (rule 5). Clocks are not part of the semantics: `Q`'s halfmove
//! clock is 0 and its fullmove number is `P`'s, minus one when Black
//! retracts (never below 1).
//!
//! # Notation
//!
//! The forward move in UCI, then `x` and the captured man's FEN letter, or
//! `ep`: `b3c3xp`, `b4c3ep`, `c2c4`, `c7d8rxb`, `e1g1`. See [`Unmove`] and
//! [`RetroUci`].
//!
//! # Differences from the forward view
//!
//! A `Q` reached in a real game may hold more castling rights than the
//! retraction reports (a right lost by `m`'s king or rook move) and an en
//! passant square the retraction leaves out (a double step before `m`).
//! Both are assertions the retraction cannot make; everything else agrees:
//! for every legal `m` from such a `Q`, the retractions of `Q·m` contain `m`
//! with that predecessor up to those two fields, and every retraction,
//! played forward, gives back `P`.

mod generate;
pub mod material;
pub mod ply_type;
mod unmove;

use std::num::NonZeroU32;

pub use material::{material_error, MaterialError, RoleSet, SideMaterial};
pub use ply_type::PlyType;
pub use unmove::{IllegalRetractionError, ParseRetroUciError, RetroUci, Uncapture, Unmove};

use crate::position::Setup;
use crate::{CastlingSide, Color, Move, Piece, Position, Role, Square};

impl Position {
    /// Every retraction with its predecessor `Q`.
    pub fn retractions(&self) -> Vec<(Unmove, Position)> {
        self.unmoves()
            .into_iter()
            .map(|u| (u, self.unmake(&u)))
            .collect()
    }

    /// The predecessor `Q` of the retraction `u`, which must be one of
    /// [`Position::unmoves`] (use [`Position::retract`] for anything else).
    ///
    /// # Panics
    ///
    /// If `u` is not a retraction of this position and the board it
    /// describes is not a valid position.
    pub fn unmake(&self, u: &Unmove) -> Position {
        Position::from_setup(self.unmake_setup(u))
            .expect("a generated retraction gives a valid predecessor")
    }

    /// The predecessor after `u`, checked: `u` must be a retraction here.
    pub fn retract(&self, u: &Unmove) -> Result<Position, IllegalRetractionError> {
        if self.unmoves().contains(u) {
            Ok(self.unmake(u))
        } else {
            Err(IllegalRetractionError {
                notation: u.to_string(),
                fen: self.to_fen(),
            })
        }
    }

    /// The raw parts of the predecessor after `u` (no legality check).
    pub(crate) fn unmake_setup(&self, u: &Unmove) -> Setup {
        let us = self.turn().other();
        let them = us.other();
        let mut setup = self.to_setup();
        let board = &mut setup.board;
        setup.ep_square = None;
        match *u.forward() {
            Move::Normal {
                role,
                from,
                capture,
                to,
                ..
            } => {
                board.discard_piece_at(to);
                board.set_piece_at(from, Piece::new(us, role));
                if let Some(captured) = capture {
                    board.set_piece_at(to, Piece::new(them, captured));
                }
            }
            Move::EnPassant { from, to } => {
                board.discard_piece_at(to);
                board.set_piece_at(from, Piece::new(us, Role::Pawn));
                board.set_piece_at(
                    Square::from_coords(to.file(), from.rank()),
                    Piece::new(them, Role::Pawn),
                );
                setup.ep_square = Some(to);
            }
            Move::Castle { king, rook } => {
                let side = if rook < king {
                    CastlingSide::QueenSide
                } else {
                    CastlingSide::KingSide
                };
                board.discard_piece_at(side.king_to(us));
                board.discard_piece_at(side.rook_to(us));
                board.set_piece_at(king, Piece::new(us, Role::King));
                board.set_piece_at(rook, Piece::new(us, Role::Rook));
                setup.castling = setup.castling.with(us, side);
            }
        }
        setup.turn = us;
        setup.halfmove_clock = 0;
        if us == Color::Black {
            setup.fullmove_number =
                NonZeroU32::new(setup.fullmove_number.get() - 1).unwrap_or(NonZeroU32::MIN);
        }
        setup
    }
}
