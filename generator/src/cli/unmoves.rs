//! `retroproof unmoves <FEN> [--json]`: the retractions of a position.
//!
//! One retraction per line in the retraction notation (the forward move in
//! UCI, then `x<piece>` for a capture or `ep`), sorted, then
//! `<N> unmoves` alone on the last line (`1 unmove`). `--san`: the same
//! retractions in retro notation (`Kb3xPc3`, `b4xc3 ep`, `c2-c4`, see
//! `Unmove::to_san`). With `--json`, a JSON array of
//! `{"unmove": …, "san": …, "fen": …}` objects, `fen` being the predecessor.

use std::fmt::Write as _;

use clap::Args;
use serde::Serialize;

use retroproof_core::Position;

use super::args::position_arg;
use super::error::CliError;
use super::output::{write_json, write_stdout};

#[derive(Debug, Args)]
pub struct UnmovesArgs {
    /// The position: a FEN (4 or 6 fields, as one argument), `startpos`,
    /// either followed by `moves <UCI>…`
    pub fen: String,
    /// Print the retractions in retro notation (Kb3xPc3, b4xc3 ep, c2-c4)
    #[arg(long)]
    pub san: bool,
    /// Print a JSON array of {"unmove", "san", "fen"} objects instead
    #[arg(long)]
    pub json: bool,
}

/// One retraction as JSON.
#[derive(Debug, Serialize)]
struct Entry {
    /// The retraction in the notation of `retroproof_core::retro`.
    unmove: String,
    /// The retraction in retro notation (`Kb3xPc3`).
    san: String,
    /// The predecessor position.
    fen: String,
}

pub fn run(args: UnmovesArgs) -> Result<(), CliError> {
    let pos = position_arg(&args.fen)?;
    retro_position_check(&pos)?;
    let mut entries: Vec<Entry> = pos
        .retractions()
        .into_iter()
        .map(|(u, q)| Entry {
            unmove: u.to_string(),
            san: u.to_san(),
            fen: q.to_fen(),
        })
        .collect();
    entries.sort_by(|a, b| a.unmove.cmp(&b.unmove));
    if args.json {
        return write_json(&entries);
    }
    let mut out = String::new();
    for e in &entries {
        let text = if args.san { &e.san } else { &e.unmove };
        writeln!(out, "{text}").expect("writing to a String cannot fail");
    }
    writeln!(out, "{}", super::moves::plural(entries.len(), "unmove"))
        .expect("writing to a String cannot fail");
    write_stdout(&out)
}

/// Rejects a position no move can have led to because the side that moved
/// last is in check: every retro question about it is void, so say so
/// rather than answer "0".
pub(crate) fn retro_position_check(pos: &Position) -> Result<(), CliError> {
    if pos.is_opponent_in_check() {
        let mover = pos.turn().other();
        return Err(CliError::usage(format!(
            "impossible position: {mover} is in check with {} to move, so no last move \
             can have led here",
            pos.turn()
        )));
    }
    Ok(())
}
