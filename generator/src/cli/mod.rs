//! The `retroproof` command line: argument types and one module per subcommand.
//!
//! This module only declares the commands and dispatches to them; what
//! they share lives beside them, each in its own module, so that no
//! subcommand imports this one back: [`error`] (the error and its exit
//! code), [`args`] (position arguments), [`output`] (stdout, JSON),
//! [`question`] (the question `export`, `prove` and `solve` ask),
//! [`coq_run`] (compiling a generated file).

pub mod args;
pub mod check_game;
pub mod classic;
pub mod coq_run;
pub mod diff;
pub mod error;
pub mod export;
pub mod gen_coq;
pub mod json;
pub mod last_moves;
pub mod legal;
pub mod moves;
pub mod output;
pub mod perft;
pub mod proof_game;
pub mod proof_game_records;
pub mod prove;
pub mod question;
pub mod retro_perft;
pub mod show;
pub mod solve;
pub mod unmoves;

use clap::{Parser, Subcommand};

pub use error::CliError;

/// Retrograde chess analysis you can check: a native engine, and Coq proofs.
#[derive(Debug, Parser)]
#[command(name = "retroproof", version, about, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    // Subcommands are added here, one variant each, dispatching to a module.
    /// Write the generated Coq files (vocabulary, attack tables) to coq/theories/Gen
    GenCoq(gen_coq::GenCoqArgs),
    /// Count the legal move sequences of a given length (perft)
    Perft(perft::PerftArgs),
    /// List the legal moves of a position in UCI notation
    Moves(moves::MovesArgs),
    /// Draw a position and its side to move, castling rights, en passant square
    Show(show::ShowArgs),
    /// List the retractions (possible last moves) of a position
    Unmoves(unmoves::UnmovesArgs),
    /// Count the retraction sequences of a given length (retro perft)
    RetroPerft(retro_perft::RetroPerftArgs),
    /// List the last N plies of every history, and the part they all share
    LastMoves(last_moves::LastMovesArgs),
    /// Decide whether a game can reach the position: legal, illegal or unknown
    Legal(legal::LegalArgs),
    /// Compare the native engine with Coq on many positions (retractions, perft)
    Diff(diff::DiffArgs),
    /// Write a Coq file proving the answer to a question about a position
    Export(export::ExportArgs),
    /// Prove the answer to a question in Coq (no argument: Smullyan's problem)
    Prove(prove::ProveArgs),
    /// Prove in Coq that a PGN game is legal; prints its final position
    CheckGame(check_game::CheckGameArgs),
    /// Solve and prove every problem of an EPD or corpus TSV file
    Solve(solve::SolveArgs),
    /// List the games of exactly N plies that reach a diagram: unique, cooked, none or unknown
    ProofGame(proof_game::ProofGameArgs),
}

impl Cli {
    /// Runs the chosen subcommand, writing its output to stdout.
    pub fn run(self) -> Result<(), CliError> {
        // Every scratch directory of the command goes under one root, removed
        // on exit and on Ctrl-C (see `crate::interrupt`).
        let _temp_root = crate::interrupt::TempRoot::enter().ok();
        match self.command {
            Command::GenCoq(args) => gen_coq::run(args),
            Command::Perft(args) => perft::run(args),
            Command::Moves(args) => moves::run(args),
            Command::Show(args) => show::run(args),
            Command::Unmoves(args) => unmoves::run(args),
            Command::RetroPerft(args) => retro_perft::run(args),
            Command::LastMoves(args) => last_moves::run(args),
            Command::Legal(args) => legal::run(args),
            Command::Diff(args) => diff::run(args),
            Command::Export(args) => export::run(args),
            Command::Prove(args) => prove::run(args),
            Command::CheckGame(args) => check_game::run(args),
            Command::Solve(args) => solve::run(args),
            Command::ProofGame(args) => proof_game::run(args),
        }
    }
}
