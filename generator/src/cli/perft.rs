//! `retroproof perft <FEN> <DEPTH> [--divide] [--json] [--time SECS]`:
//! count legal move sequences.
//!
//! Prints the node count alone on the last line, so scripts can take the
//! last line. With `--divide`, first one line per legal root move,
//! `<uci>: <count>`, sorted by the move's UCI text: the usual way to find
//! where two move generators disagree. `DEPTH` is at most [`MAX_DEPTH`];
//! `--time` bounds the run (exit 3, "unknown", when it runs out). A
//! progress bar is drawn on a terminal. A position whose side not to move
//! is in check is refused.

use std::fmt::Write as _;

use clap::Args;
use retroproof_core::{perft, Position};
use serde::Serialize;

use super::args::{playable_position_check, position_arg};
use super::error::CliError;
use super::output::{write_json, write_stdout};
use crate::progress::{parse_seconds, Budget, Progress};

/// The deepest perft asked for (the start position's perft 10 is 69
/// trillion nodes: days).
pub const MAX_DEPTH: u64 = 10;

#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The position: a FEN (4 or 6 fields, as one argument), `startpos`,
    /// either followed by `moves <UCI>…`
    pub fen: String,
    /// Number of plies to count (0 to 10)
    #[arg(allow_hyphen_values = true, value_parser = parse_depth)]
    pub depth: u32,
    /// Also print the count below each root move
    #[arg(long)]
    pub divide: bool,
    /// Print {"fen", "depth", "nodes", "seconds", "divide": [{"uci", "san", "nodes"}]} as JSON
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
    uci: String,
    san: String,
    nodes: u64,
}

#[derive(Debug, Serialize)]
struct PerftJson {
    fen: String,
    depth: u32,
    nodes: u64,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<Split>>,
}

/// Below this depth a subtree is counted in one call, between two looks at
/// the clock.
const CHUNK_DEPTH: u32 = 4;

/// Perft with a deadline: `None` once the budget has run out.
pub fn timed_perft(pos: &Position, depth: u32, budget: &Budget) -> Option<u64> {
    if depth <= CHUNK_DEPTH {
        return Some(perft(pos, depth));
    }
    let mut total = 0;
    for m in pos.legal_moves().iter() {
        if budget.expired() {
            return None;
        }
        let mut child = *pos;
        child.play_unchecked(m);
        total += timed_perft(&child, depth - 1, budget)?;
    }
    Some(total)
}

pub fn run(args: PerftArgs) -> Result<(), CliError> {
    let pos = position_arg(&args.fen)?;
    playable_position_check(&pos, "a move count")?;
    let budget = Budget::seconds(args.time);
    let mut split = Vec::new();
    let total = if args.depth == 0 {
        1
    } else {
        let roots = pos.legal_moves();
        let bar = if args.depth > CHUNK_DEPTH {
            Progress::new(roots.len() as u64, "root moves")
        } else {
            Progress::hidden()
        };
        for (i, m) in roots.iter().enumerate() {
            let mut child = pos;
            child.play_unchecked(m);
            let n = timed_perft(&child, args.depth - 1, &budget).ok_or_else(|| {
                CliError::unknown(format!(
                    "no count within {} s: perft {} finished {i} of {} root moves",
                    args.time.unwrap_or_default(),
                    args.depth,
                    roots.len()
                ))
            })?;
            split.push(Split {
                uci: m.to_uci(),
                san: pos.san(m),
                nodes: n,
            });
            bar.inc(1);
        }
        bar.finish();
        split.sort_by(|a, b| a.uci.cmp(&b.uci));
        split.iter().map(|s| s.nodes).sum()
    };
    if args.json {
        return write_json(&PerftJson {
            fen: pos.to_fen(),
            depth: args.depth,
            nodes: total,
            seconds: budget.elapsed().as_secs_f64(),
            divide: args.divide.then_some(split),
        });
    }
    let mut out = String::new();
    if args.divide {
        for s in &split {
            writeln!(out, "{}: {}", s.uci, s.nodes).expect("writing to a String cannot fail");
        }
    }
    writeln!(out, "{total}").expect("writing to a String cannot fail");
    write_stdout(&out)
}
