//! `retroproof retro-perft <FEN> <DEPTH> [--divide] [--json] [--time SECS]`:
//! count retraction sequences.
//!
//! Prints the number of retraction sequences of length `DEPTH` alone on the
//! last line. With `--divide`, first one line per retraction of the
//! position, `<unmove>: <count>`, sorted by notation. `DEPTH` is at most
//! [`MAX_DEPTH`]; `--time` bounds the run (exit 3, "unknown", when it runs
//! out). A progress bar is drawn on a terminal.

use std::fmt::Write as _;

use clap::Args;
use retroproof_core::search::retro_perft;
use retroproof_core::Position;
use serde::Serialize;

use super::args::position_arg;
use super::error::CliError;
use super::output::{write_json, write_stdout};
use super::unmoves::retro_position_check;
use crate::progress::{parse_seconds, Budget, Progress};

/// The deepest retro perft asked for (retraction trees grow faster than
/// move trees: promoted men and uncaptures multiply the branches).
pub const MAX_DEPTH: u64 = 8;

#[derive(Debug, Args)]
pub struct RetroPerftArgs {
    /// The position: a FEN (4 or 6 fields, as one argument), `startpos`,
    /// either followed by `moves <UCI>…`
    pub fen: String,
    /// Number of plies to take back (0 to 8)
    #[arg(allow_hyphen_values = true, value_parser = parse_depth)]
    pub depth: u32,
    /// Also print the count below each retraction
    #[arg(long)]
    pub divide: bool,
    /// Print {"fen", "depth", "sequences", "seconds", "divide": [{"unmove", "san", "sequences"}]} as JSON
    #[arg(long)]
    pub json: bool,
    /// Give up after SECS seconds (exit 3)
    #[arg(long, value_name = "SECS", allow_hyphen_values = true, value_parser = parse_seconds)]
    pub time: Option<f64>,
}

fn parse_depth(text: &str) -> Result<u32, String> {
    crate::input::parse_bounded(text, "the depth", 0, MAX_DEPTH).map(|n| n as u32)
}

#[derive(Debug, Serialize)]
struct Split {
    unmove: String,
    san: String,
    sequences: u64,
}

#[derive(Debug, Serialize)]
struct RetroPerftJson {
    fen: String,
    depth: u32,
    sequences: u64,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<Split>>,
}

/// Below this depth a subtree is counted in one call.
const CHUNK_DEPTH: u32 = 3;

/// Retro perft with a deadline: `None` once the budget has run out.
pub fn timed_retro_perft(pos: &Position, depth: u32, budget: &Budget) -> Option<u64> {
    if depth <= CHUNK_DEPTH {
        return Some(retro_perft(pos, depth));
    }
    let mut total = 0;
    for u in pos.unmoves() {
        if budget.expired() {
            return None;
        }
        total += timed_retro_perft(&pos.unmake(&u), depth - 1, budget)?;
    }
    Some(total)
}

pub fn run(args: RetroPerftArgs) -> Result<(), CliError> {
    let pos = position_arg(&args.fen)?;
    retro_position_check(&pos)?;
    let budget = Budget::seconds(args.time);
    let mut split = Vec::new();
    let total = if args.depth == 0 {
        1
    } else {
        let roots = pos.unmoves();
        let bar = if args.depth > CHUNK_DEPTH {
            Progress::new(roots.len() as u64, "retractions")
        } else {
            Progress::hidden()
        };
        for (i, u) in roots.iter().enumerate() {
            let n =
                timed_retro_perft(&pos.unmake(u), args.depth - 1, &budget).ok_or_else(|| {
                    CliError::unknown(format!(
                        "no count within {} s: retro-perft {} finished {i} of {} retractions",
                        args.time.unwrap_or_default(),
                        args.depth,
                        roots.len()
                    ))
                })?;
            split.push(Split {
                unmove: u.to_string(),
                san: u.to_san(),
                sequences: n,
            });
            bar.inc(1);
        }
        bar.finish();
        split.sort_by(|a, b| a.unmove.cmp(&b.unmove));
        split.iter().map(|s| s.sequences).sum()
    };
    if args.json {
        return write_json(&RetroPerftJson {
            fen: pos.to_fen(),
            depth: args.depth,
            sequences: total,
            seconds: budget.elapsed().as_secs_f64(),
            divide: args.divide.then_some(split),
        });
    }
    let mut out = String::new();
    if args.divide {
        for s in &split {
            writeln!(out, "{}: {}", s.unmove, s.sequences)
                .expect("writing to a String cannot fail");
        }
    }
    writeln!(out, "{total}").expect("writing to a String cannot fail");
    write_stdout(&out)
}
