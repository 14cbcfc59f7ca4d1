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
//!
//! The command line (`retroproof`, in the `retroproof-generator` crate)
//! turns these answers into Coq theorems; this crate only finds them and
//! checks them natively. Nothing here is trusted by the proofs.
//!
//! # The main flows
//!
//! **From a FEN to its retractions.** A retraction is the forward move it
//! takes back, written in retro UCI (`b3c3xp`: a man went b3→c3 taking a
//! black pawn, which the retraction puts back); each comes with its
//! predecessor. The semantics are in [`retro`] (and `docs/retractions.md`).
//!
//! ```
//! use retroproof_core::Position;
//!
//! // Smullyan's "what were the last three moves?": Black, to move, is in
//! // check from the bishop on a4, uncovered by the white king.
//! let pos = Position::from_fen("8/8/8/1r1b4/B7/2K5/8/3k4 b - -").unwrap();
//! let names: Vec<String> = pos
//!     .retractions()
//!     .iter()
//!     .map(|(unmove, _before)| unmove.to_string())
//!     .collect();
//! assert_eq!(names.len(), 6);
//! assert!(names.contains(&"b3c3xp".to_string()));
//! // Each predecessor has White to move and the taken man back on c3.
//! let (_, before) = pos
//!     .retractions()
//!     .into_iter()
//!     .find(|(u, _)| u.to_string() == "b3c3xp")
//!     .unwrap();
//! assert_eq!(before.to_fen(), "8/8/8/1r1b4/B7/1Kp5/8/3k4 w - - 0 1");
//! ```
//!
//! **A last-move answer with its certificate.** The deep search
//! ([`deep::Search`]) answers `last N` with the plies (oldest first) and a
//! [`cert::Certificate`]: the dead set that justifies it, checked natively
//! by [`cert::check_last`] and, once written into a `.v` file by the
//! generator, by Coq's `check_last_cert_sound`.
//!
//! ```
//! use retroproof_core::cert::check_last;
//! use retroproof_core::deep::{Budget, Search, Verdict};
//! use retroproof_core::rules::RuleSet;
//! use retroproof_core::Position;
//!
//! let pos = Position::from_fen("8/8/8/1r1b4/B7/2K5/8/3k4 b - -").unwrap();
//! let mut search = Search::new(RuleSet::ALL, Budget::default());
//! let Verdict::Last { plies, certificate } = search.last(&pos, 3) else {
//!     panic!("Smullyan's problem is decided")
//! };
//! let plies_text: Vec<String> = plies.iter().map(|u| u.to_string()).collect();
//! assert_eq!(plies_text, ["c2c4", "b4c3ep", "b3c3xp"]);
//! check_last(&pos, &plies, &certificate).unwrap();
//! ```
//!
//! The same search proves positions illegal: with Black to move, the
//! initial board is refuted by parity, a static rule ([`rules`]).
//!
//! ```
//! use retroproof_core::cert::check_illegal;
//! use retroproof_core::deep::{Budget, Search, Verdict};
//! use retroproof_core::rules::RuleSet;
//! use retroproof_core::Position;
//!
//! let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -").unwrap();
//! let mut search = Search::new(RuleSet::ALL, Budget::default());
//! let Verdict::Illegal(certificate) = search.illegal(&pos) else {
//!     panic!("the initial board with Black to move is illegal")
//! };
//! check_illegal(&pos, &certificate).unwrap();
//! ```
//!
//! **A proof game.** [`proofgame::find_proof_game`] looks for a game from
//! the initial position that reaches a position with every castling right
//! and en-passant square it asserts true (not necessarily the shortest).
//!
//! ```
//! use retroproof_core::proofgame::{find_proof_game, realizes, replay, Budget};
//! use retroproof_core::Position;
//!
//! // The en-passant square d3 asserts that d2-d4 was the last move.
//! let target = Position::from_fen(
//!     "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3",
//! )
//! .unwrap();
//! let game = find_proof_game(&target, Budget::default()).unwrap();
//! let end = replay(&game).expect("every move of the game is legal");
//! assert!(realizes(&end, &target));
//! assert_eq!(game.last().unwrap().to_string(), "d2d4");
//! ```

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
pub mod history;
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
