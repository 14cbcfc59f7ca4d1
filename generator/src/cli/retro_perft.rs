//! `retroproof retro-perft <FEN> <DEPTH> [--divide]`: count retraction
//! sequences.
//!
//! Prints the number of retraction sequences of length `DEPTH` alone on the
//! last line. With `--divide`, first one line per retraction of the
//! position, `<unmove>: <count>`, sorted by notation.

use std::fmt::Write as _;

use clap::Args;
use retroproof_core::search::{retro_divide, retro_perft};

use super::unmoves::retro_position_check;
use super::{position_arg, write_stdout, CliError};

#[derive(Debug, Args)]
pub struct RetroPerftArgs {
    /// The position: a FEN (4 or 6 fields, as one argument) or `startpos`
    pub fen: String,
    /// Number of plies to take back
    pub depth: u32,
    /// Also print the count below each retraction
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: RetroPerftArgs) -> Result<(), CliError> {
    let pos = position_arg(&args.fen)?;
    retro_position_check(&pos)?;
    let mut out = String::new();
    let total = if args.divide && args.depth > 0 {
        let mut split: Vec<(String, u64)> = retro_divide(&pos, args.depth)
            .into_iter()
            .map(|(u, n)| (u.to_string(), n))
            .collect();
        split.sort();
        for (u, n) in &split {
            writeln!(out, "{u}: {n}").expect("writing to a String cannot fail");
        }
        split.iter().map(|(_, n)| n).sum()
    } else {
        retro_perft(&pos, args.depth)
    };
    writeln!(out, "{total}").expect("writing to a String cannot fail");
    write_stdout(&out)
}
