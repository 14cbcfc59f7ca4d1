//! The `retroproof` command line: argument types and one module per subcommand.

pub mod check_game;
pub mod diff;
pub mod export;
pub mod gen_coq;
pub mod last_moves;
pub mod legal;
pub mod moves;
pub mod perft;
pub mod prove;
pub mod retro_perft;
pub mod show;
pub mod unmoves;

use std::fmt;
use std::io::{self, Write as _};

use clap::{Parser, Subcommand};
use retroproof_core::Position;

/// A failure a user should see as one line: `error: <message>`.
///
/// `code` is the process exit status: 2 for bad input (malformed FEN, missing
/// tool), 1 for a well-formed question whose answer is "no" (e.g. Coq refused
/// a proof).
#[derive(Debug)]
pub struct CliError {
    pub code: i32,
    pub message: String,
}

impl CliError {
    /// Bad input or environment: exit code 2.
    pub fn usage(message: impl fmt::Display) -> CliError {
        CliError {
            code: 2,
            message: message.to_string(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

/// Retrograde chess analysis you can check: a native engine, and Coq proofs.
#[derive(Debug, Parser)]
#[command(name = "retroproof", version, about)]
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
}

impl Cli {
    /// Runs the chosen subcommand, writing its output to stdout.
    pub fn run(self) -> Result<(), CliError> {
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
        }
    }
}

/// Reads a position argument: `startpos`, or a FEN with 4 or 6 fields given
/// as one argument. A bad FEN becomes a usage error carrying the FEN error's
/// message (what is wrong, and where).
pub fn position_arg(text: &str) -> Result<Position, CliError> {
    if text.trim() == "startpos" {
        return Ok(Position::start());
    }
    Position::from_fen(text).map_err(CliError::usage)
}

/// Writes a command's output. A closed pipe (`retroproof moves … | head -1`)
/// is not an error: the reader has all it wanted.
pub fn write_stdout(text: &str) -> Result<(), CliError> {
    let mut stdout = io::stdout().lock();
    let written = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
    match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(CliError::usage(format!("cannot write output: {e}")))
        }
        _ => Ok(()),
    }
}
