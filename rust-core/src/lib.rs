//! # retroproof-core
//!
//! The native chess core of retroproof: the vocabulary shared with the Coq
//! development ([`Color`], [`Role`], [`Piece`], [`Square`], [`CastlingSide`],
//! [`MoveKind`]), bitboards and attack tables, positions with FEN/EPD, legal
//! move generation and perft, and (later) retractions and retro search.
//!
//! Module map, one chess concept each:
//! - [`color`], [`role`], [`piece`], [`square`]: the vocabulary.
//! - [`bitboard`]: sets of squares; [`attacks`]: what a man attacks from a square.
//! - [`moves`]: [`Move`] and its kinds.

pub mod attacks;
pub mod bitboard;
pub mod color;
pub mod moves;
pub mod piece;
pub mod role;
pub mod square;

pub use bitboard::Bitboard;
pub use color::Color;
pub use moves::{CastlingSide, Move, MoveKind};
pub use piece::Piece;
pub use role::Role;
pub use square::{File, Rank, Square};
