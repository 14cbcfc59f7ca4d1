//! The `retroproof` command line: argument types and one module per subcommand.

pub mod check_game;
pub mod coq_run;
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
/// Each variant is one row of the exit-code table (README, "Exit codes"):
///
/// | exit | variant | meaning |
/// |---|---|---|
/// | 0 | — | done: answered, proven, legal |
/// | 1 | [`CliError::Refuted`] | a well-formed question whose answer is "no": Coq refused a proof, a published `sol` contradicts the proven answer, the position is illegal |
/// | 2 | [`CliError::Usage`] | bad input: malformed FEN/EPD/PGN, bad arguments |
/// | 3 | [`CliError::Unknown`] | no answer within the budget: the engine cannot decide |
/// | 4 | [`CliError::Environment`] | the machine, not the input: no `coqc`, a library not built, stale or corrupt, `coqc` crashing or hanging |
#[derive(Debug)]
pub enum CliError {
    /// The question was well formed and the answer is "no" (exit 1).
    Refuted(String),
    /// Bad input or arguments (exit 2).
    Usage(String),
    /// No answer could be found within the budget (exit 3).
    Unknown(String),
    /// The environment is at fault: fix the machine, not the input (exit 4).
    Environment(String),
}

impl CliError {
    /// Bad input: exit code 2.
    pub fn usage(message: impl fmt::Display) -> CliError {
        CliError::Usage(message.to_string())
    }

    /// A negative answer (Coq refused, `sol` contradicted, illegal): exit code 1.
    pub fn refuted(message: impl fmt::Display) -> CliError {
        CliError::Refuted(message.to_string())
    }

    /// No answer within the budget: exit code 3.
    pub fn unknown(message: impl fmt::Display) -> CliError {
        CliError::Unknown(message.to_string())
    }

    /// The environment (coqc, the built library) is at fault: exit code 4.
    pub fn environment(message: impl fmt::Display) -> CliError {
        CliError::Environment(message.to_string())
    }

    /// The process exit status of this error (see the table above).
    pub fn code(&self) -> u8 {
        match self {
            CliError::Refuted(_) => 1,
            CliError::Usage(_) => 2,
            CliError::Unknown(_) => 3,
            CliError::Environment(_) => 4,
        }
    }

    /// The one-line message, without the `error: ` prefix.
    pub fn message(&self) -> &str {
        match self {
            CliError::Refuted(m)
            | CliError::Usage(m)
            | CliError::Unknown(m)
            | CliError::Environment(m) => m,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
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
