//! `retroproof last-moves <FEN> --depth N [--json]`: the last N plies.
//!
//! Prints every retraction sequence of length `N`, one per line, most
//! recent ply first; then `<count> sequences`; then the forced part, the
//! most recent plies every sequence shares, oldest first:
//! `forced: <plies>` (`forced: -` when the sequences already differ in the
//! last ply).
//!
//! A position the engine shows illegal (static rules, a stranded man,
//! exhaustion: `retroproof_core::search::legality`) has no last moves to
//! speak of: the output is the single line `illegal: <reason>` (with
//! `--json`, verdict `illegal` and the reason) and the exit code is 1.
//!
//! When no sequence of length `N` exists, the longest is `k - 1 < N` plies.
//! If none of the shorter sequences passes through the initial position
//! (White to move), the position is illegal and the last line is
//! `illegal: no history longer than <k-1> plies`. If one does, the game is
//! simply shorter than `N` plies, and the last line is `legal: <game>`, a
//! game from the initial position in UCI.
//!
//! Sequences are combinatorial (see `retroproof_core::search`): their
//! count is `retro-perft <FEN> <N>`.

use std::fmt::Write as _;

use clap::Args;
use std::ops::ControlFlow;

use retroproof_core::search::{
    game_of, legality, try_for_each_sequence, Explorer, Legality, Limits,
};
use retroproof_core::Unmove;
use serde::Serialize;

use super::args::position_arg;
use super::error::CliError;
use super::output::{json_text, write_json, write_stdout};
use super::unmoves::retro_position_check;

#[derive(Debug, Args)]
pub struct LastMovesArgs {
    /// The position: a FEN (4 or 6 fields, as one argument) or `startpos`
    pub fen: String,
    /// Number of plies to take back (1 to 6)
    #[arg(long, allow_hyphen_values = true, value_parser = parse_depth)]
    pub depth: u32,
    /// Give up after SECS seconds (exit 3)
    #[arg(long, value_name = "SECS", allow_hyphen_values = true, value_parser = crate::progress::parse_seconds)]
    pub time: Option<f64>,
    /// Print one JSON object instead
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Serialize)]
struct Report {
    depth: u32,
    /// Every sequence, most recent ply first.
    sequences: Vec<Vec<String>>,
    count: u64,
    /// The forced part, oldest ply first.
    forced: Vec<String>,
    /// `"open"` (sequences exist), `"illegal"` or `"legal"` (no sequence
    /// of length `depth`, but a shorter game from the initial position).
    verdict: &'static str,
    /// With no sequence of length `depth`: the longest sequence's length.
    longest: Option<u32>,
    /// With verdict `legal`: a game from the initial position, in UCI.
    game: Option<Vec<String>>,
    /// With verdict `illegal`: why.
    reason: Option<String>,
}

/// The deepest `--depth`: sequences multiply by tens per ply, and every one
/// is printed.
pub const MAX_DEPTH: u64 = 6;

/// The most sequences listed; beyond it, `last-moves` stops (exit 3) and
/// points to `retro-perft` (which counts without listing).
pub const MAX_SEQUENCES: u64 = 1_000_000;

fn parse_depth(text: &str) -> Result<u32, String> {
    crate::input::parse_bounded(text, "--depth", 1, MAX_DEPTH).map(|n| n as u32)
}

fn names(line: &[Unmove]) -> Vec<String> {
    line.iter().map(Unmove::to_string).collect()
}

pub fn run(args: LastMovesArgs) -> Result<(), CliError> {
    let pos = position_arg(&args.fen)?;
    let budget = crate::progress::Budget::seconds(args.time);
    retro_position_check(&pos)?;
    // Illegality first: histories of an illegal position answer nothing.
    let limits = Limits {
        nodes: 200_000,
        ..Limits::default()
    };
    if let Legality::Illegal(reason) = legality(&pos, limits) {
        let reason = reason.to_string();
        let out = if args.json {
            let report = Report {
                depth: args.depth,
                sequences: Vec::new(),
                count: 0,
                forced: Vec::new(),
                verdict: "illegal",
                longest: None,
                game: None,
                reason: Some(reason.clone()),
            };
            json_text(&report)?
        } else {
            format!("illegal: {reason}\n")
        };
        write_stdout(&out)?;
        return Err(CliError::refuted(format!(
            "the position is illegal: {reason}"
        )));
    }
    let mut out = String::new();
    let mut sequences = Vec::new();
    let mut count = 0u64;
    // The common prefix of all sequences so far (most recent first).
    let mut common: Option<Vec<Unmove>> = None;
    let mut spent = None;
    let flow = try_for_each_sequence(&pos, args.depth, |line| {
        if count >= MAX_SEQUENCES {
            spent = Some(format!(
                "more than {MAX_SEQUENCES} sequences of {} plies: too many to list (`retroproof retro-perft` counts them)",
                args.depth
            ));
            return ControlFlow::Break(());
        }
        if count.is_multiple_of(4096) && budget.expired() {
            spent = Some(format!(
                "--time ran out after {count} sequences of {} plies",
                args.depth
            ));
            return ControlFlow::Break(());
        }
        count += 1;
        match &mut common {
            None => common = Some(line.to_vec()),
            Some(prefix) => {
                let shared = prefix.iter().zip(line).take_while(|(a, b)| a == b).count();
                prefix.truncate(shared);
            }
        }
        if args.json {
            sequences.push(names(line));
        } else {
            writeln!(out, "{}", names(line).join(" ")).expect("writing to a String cannot fail");
        }
        ControlFlow::Continue(())
    });
    if flow.is_break() {
        return Err(CliError::unknown(
            spent.unwrap_or_else(|| "stopped".to_string()),
        ));
    }
    let forced: Vec<String> = common
        .map(|prefix| names(&prefix).into_iter().rev().collect())
        .unwrap_or_default();
    let mut report = Report {
        depth: args.depth,
        sequences,
        count,
        forced,
        verdict: "open",
        longest: None,
        game: None,
        reason: None,
    };
    if count == 0 {
        let mut explorer = Explorer::new();
        let longest = explorer.longest(&pos, args.depth);
        report.longest = Some(longest);
        match explorer.start_line() {
            Some(line) => {
                report.verdict = "legal";
                report.game = Some(game_of(line).iter().map(|m| m.to_uci()).collect());
            }
            None => report.verdict = "illegal",
        }
    }
    let illegal = report.verdict == "illegal";
    if args.json {
        write_json(&report)?;
        return exit_for(illegal, &report);
    }
    writeln!(out, "{count} sequences").expect("writing to a String cannot fail");
    match report.verdict {
        "illegal" => writeln!(
            out,
            "illegal: no history longer than {} plies",
            report.longest.unwrap_or(0)
        ),
        "legal" => writeln!(
            out,
            "legal: {}",
            super::legal::game_text(report.game.as_deref().unwrap_or(&[]))
        ),
        _ if report.forced.is_empty() => writeln!(out, "forced: -"),
        _ => writeln!(out, "forced: {}", report.forced.join(" ")),
    }
    .expect("writing to a String cannot fail");
    write_stdout(&out)?;
    exit_for(illegal, &report)
}

/// Exit 1 for an illegal position (the documented code of a refutation).
fn exit_for(illegal: bool, report: &Report) -> Result<(), CliError> {
    if illegal {
        return Err(CliError::refuted(format!(
            "the position is illegal: no history longer than {} plies",
            report.longest.unwrap_or(0)
        )));
    }
    Ok(())
}
