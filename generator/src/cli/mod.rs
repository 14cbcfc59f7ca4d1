//! The `retroproof` command line: argument types and one module per subcommand.

pub mod check_game;
pub mod classic;
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
pub mod solve;
pub mod unmoves;

use std::fmt;
use std::io::{self, Write as _};

use clap::{Parser, Subcommand};
use retroproof_core::Position;

/// The longest time limit any option takes, in seconds (a day): `--time`,
/// `--timeout` and `--game-time` beyond it are bad input, not a deadline
/// too far away to compute.
pub const MOST_SECONDS: u64 = 86_400;

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

    /// The same error, its message prefixed by `context: `.
    #[must_use]
    pub fn context(self, context: &str) -> CliError {
        let message = format!("{context}: {}", self.message());
        self.with_message(message)
    }

    /// The same kind of error (so the same exit code) with `message`.
    #[must_use]
    pub fn with_message(self, message: String) -> CliError {
        match self {
            CliError::Refuted(_) => CliError::Refuted(message),
            CliError::Usage(_) => CliError::Usage(message),
            CliError::Unknown(_) => CliError::Unknown(message),
            CliError::Environment(_) => CliError::Environment(message),
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
        }
    }
}

/// Reads a position argument: `startpos`, or a FEN with 4 or 6 fields given
/// as one argument, optionally followed by `moves` and UCI moves played from
/// it (`startpos moves e2e4 e7e5`, as in the UCI protocol). A bad FEN or
/// move becomes a usage error carrying the error's message (what is wrong,
/// and where), quoting at most a short prefix of the argument.
pub fn position_arg(text: &str) -> Result<Position, CliError> {
    let (base, moves) = match text.split_once(" moves") {
        Some((base, rest)) if rest.is_empty() || rest.starts_with(char::is_whitespace) => {
            (base, Some(rest))
        }
        _ => (text, None),
    };
    let mut pos = if base.trim() == "startpos" {
        Position::start()
    } else if base.contains('?') {
        // Only the classic question `which` reads unknown parts.
        return Err(CliError::usage(format!(
            "{}: '?' (an unknown square or side to move) is read only by `prove --question which`",
            crate::input::quote(base)
        )));
    } else {
        Position::from_fen(base).map_err(|e| {
            CliError::usage(format!(
                "{}: {}",
                crate::input::quote(base),
                crate::input::prefix(&e.to_string(), 200)
            ))
        })?
    };
    for (i, uci) in moves.unwrap_or("").split_whitespace().enumerate() {
        let m = pos.parse_uci(uci).map_err(|e| {
            CliError::usage(format!(
                "move {} ({}) of the position argument: {}",
                i + 1,
                crate::input::quote(uci),
                crate::input::prefix(&e.to_string(), 200)
            ))
        })?;
        pos = pos.play(&m).map_err(|e| {
            CliError::usage(format!(
                "move {} ({}) of the position argument: {e}",
                i + 1,
                crate::input::quote(uci)
            ))
        })?;
    }
    Ok(pos)
}

/// Refuses a position whose side *not* to move is in check: no game reaches
/// it, and what moves or counts would mean there is a convention (may the
/// king be captured?), not chess. `what` names the command's question.
pub fn playable_position_check(pos: &Position, what: &str) -> Result<(), CliError> {
    if pos.is_opponent_in_check() {
        return Err(CliError::usage(format!(
            "impossible position: {} is in check with {} to move, so no game reaches it \
             and {what} has no meaning (`retroproof show` draws it)",
            pos.turn().other(),
            pos.turn()
        )));
    }
    Ok(())
}

/// Prints `value` as pretty JSON and a newline (the `--json` output of a
/// command).
pub fn write_json(value: &impl serde::Serialize) -> Result<(), CliError> {
    let mut text = serde_json::to_string_pretty(value)
        .map_err(|e| CliError::environment(format!("cannot encode JSON: {e}")))?;
    text.push('\n');
    write_stdout(&text)
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
