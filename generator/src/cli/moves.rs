//! `retroproof moves <FEN>`: list the legal moves.
//!
//! One move per line in UCI notation (castling as the king's two-square
//! step, e.g. `e1g1`), sorted, then `<N> moves` on the last line.

use std::fmt::Write as _;

use clap::Args;

use super::{position_arg, write_stdout, CliError};

#[derive(Debug, Args)]
pub struct MovesArgs {
    /// The position: a FEN (4 or 6 fields, as one argument) or `startpos`
    pub fen: String,
}

pub fn run(args: MovesArgs) -> Result<(), CliError> {
    let pos = position_arg(&args.fen)?;
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci()).collect();
    moves.sort();
    let mut out = String::new();
    for m in &moves {
        writeln!(out, "{m}").expect("writing to a String cannot fail");
    }
    writeln!(out, "{} moves", moves.len()).expect("writing to a String cannot fail");
    write_stdout(&out)
}
