//! # retroproof-core
//!
//! The native chess core of retroproof: the vocabulary shared with the Coq
//! development ([`Color`], [`Role`], [`Piece`], [`Square`], [`CastlingSide`],
//! [`MoveKind`]), bitboards and attack tables, positions with FEN/EPD, legal
//! move generation and perft, retractions (taking moves back) and the retro
//! search that solves retro problems.
//!
//! Module map, one chess concept each:
//! - [`color`], [`role`], [`piece`], [`square`]: the vocabulary.
//! - [`bitboard`]: sets of squares; [`attacks`]: what a man attacks from a square.
//! - [`moves`]: [`Move`] and its kinds.
//! - [`board`]: piece placement; [`castling`]: castling rights;
//!   [`position`]: a full position, validated; [`fen`]: FEN and EPD text.
//! - [`movegen`]: legal moves; [`perft`](mod@perft): counting them to depth.
//! - [`retro`]: retractions ("unmoves") with their exact semantics;
//!   [`search`]: retro-perft, last-moves and legality searches;
//!   [`question`]: the questions, one type; [`problem`]: retro problems
//!   written as EPD.
//! - [`deep`]: the deep retro search, whose answers carry a [`cert`]ificate
//!   built on the static [`rules`].
//! - [`proofgame`]: proof games, a game from the initial position that
//!   reaches a position (showing it legal).
//! - [`random`]: seeded random play, for reproducible test and benchmark
//!   corpora.

// `#[derive(CoqInductive)]` names `::retroproof_core::coq::…`; this makes
// that path resolve inside this crate too.
#[cfg(feature = "coq")]
extern crate self as retroproof_core;

pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod castling;
pub mod cert;
pub mod color;
#[cfg(feature = "coq")]
pub mod coq;
pub mod deep;
pub mod fen;
pub mod hash;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod pgn;
pub mod piece;
pub mod position;
pub mod problem;
pub mod proofgame;
pub mod question;
pub mod random;
pub mod retro;
pub mod role;
pub mod rules;
pub mod san;
pub mod search;
pub mod spg;
pub mod square;
pub mod unknown;

pub use bitboard::Bitboard;
pub use board::Board;
pub use castling::CastlingRights;
pub use color::Color;
pub use fen::{Epd, EpdError, EpdOperand, EpdOperation, FenError};
pub use movegen::MoveList;
pub use moves::{CastlingSide, Move, MoveKind};
pub use perft::{divide, perft};
pub use piece::Piece;
pub use position::{EnPassantError, IllegalMoveError, Position, PositionError, Setup, UciError};
pub use retro::{RetroUci, Unmove};
pub use role::Role;
pub use search::retro_perft;
pub use square::{File, Rank, Square};
