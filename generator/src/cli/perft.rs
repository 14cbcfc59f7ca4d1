//! `retroproof perft <FEN> <DEPTH> [--divide]`: count legal move sequences.
//!
//! Prints the node count alone on the last line, so scripts can take the
//! last line. With `--divide`, first one line per legal root move,
//! `<uci>: <count>`, sorted by the move's UCI text: the usual way to find
//! where two move generators disagree.

use std::fmt::Write as _;

use clap::Args;
use retroproof_core::{divide, perft};

use super::{position_arg, write_stdout, CliError};

#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The position: a FEN (4 or 6 fields, as one argument) or `startpos`
    pub fen: String,
    /// Number of plies to count
    pub depth: u32,
    /// Also print the count below each root move
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: PerftArgs) -> Result<(), CliError> {
    let pos = position_arg(&args.fen)?;
    let mut out = String::new();
    let total = if args.divide {
        let mut split: Vec<(String, u64)> = divide(&pos, args.depth)
            .into_iter()
            .map(|(m, n)| (m.to_uci(), n))
            .collect();
        split.sort();
        for (uci, n) in &split {
            writeln!(out, "{uci}: {n}").expect("writing to a String cannot fail");
        }
        // Depth 0 has no root moves to split by; its count is still 1.
        if args.depth == 0 {
            1
        } else {
            split.iter().map(|(_, n)| n).sum()
        }
    } else {
        perft(&pos, args.depth)
    };
    writeln!(out, "{total}").expect("writing to a String cannot fail");
    write_stdout(&out)
}
