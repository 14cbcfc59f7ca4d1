//! The `retroproof` command line: argument types and one module per subcommand.

pub mod gen_coq;

use std::fmt;

use clap::{Parser, Subcommand};

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
}

impl Cli {
    /// Runs the chosen subcommand, writing its output to stdout.
    pub fn run(self) -> Result<(), CliError> {
        match self.command {
            Command::GenCoq(args) => gen_coq::run(args),
        }
    }
}
