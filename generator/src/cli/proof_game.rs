//! `retroproof proof-game <FEN> <N> [--all | --max K] [--time SECS] [--json] [--san] [--shortest]`:
//! the games of exactly `N` plies from the initial position that reach a
//! diagram (its board and side to move; castling rights and the en passant
//! square are not part of a diagram).
//!
//! Prints each game found on its own line (`1: e2e4 e7e5 …`, or with
//! `--san` in SAN with move numbers), then the verdict (exit codes as in
//! [`super::error::CliError`]):
//! - `unique` (exit 0): one game, and the search was complete;
//! - `cooked (K+ solutions)` (exit 1): the search stopped at `K` games
//!   (`--max K`, 2 by default: enough to show more than one);
//!   `cooked (K solutions)` when it listed every game (`--all`);
//! - `none` (exit 1): the search was complete and found no game;
//! - `unknown` (exit 3): the search stopped (`--time`, or `--max 1` after
//!   one game) before it could tell.
//!
//! With `--shortest`, `N` is the longest length tried: the lengths of the
//! diagram's parity are searched from the least up, each completely, and
//! the verdict is about the first with a game (`none` when no length up to
//! `N` has one); the line `shortest: L plies` says every shorter length was
//! searched completely and has no game.
//!
//! These are the native search's results ([`retroproof_core::spg`]), not
//! theorems: "unique" and "none" rest on its bounds being admissible, and
//! the output says they are not proven in Coq. Every game listed is
//! replayed by the forward rules to the diagram before it is printed.
//!
//! `--json` prints one object: `verdict`, `plies`, `solutions` (UCI),
//! `complete`, `stopped`, `nodes`, `seconds`, `none_below`,
//! `proven_in_coq` (see `docs/json.md`).

use std::time::Duration;

use clap::Args;
use retroproof_core::san::san_line;
use retroproof_core::spg::{Diagram, Limits, Report, Solver, Stop, Verdict};
use retroproof_core::{Move, Position};
use serde::Serialize;

use super::error::CliError;
use super::output::{write_json, write_stdout};
use crate::progress::{parse_seconds, Progress};

/// The longest game asked for, in plies (published proof games are at
/// most some 60 plies; the search of lengths far beyond is hopeless).
pub const MAX_PLIES: u64 = 200;

/// The seconds the search may take by default.
pub const DEFAULT_SECONDS: f64 = 60.0;

/// What the verdict line says about where the answer comes from.
const NOT_PROVEN: &str = "native search; not proven in Coq";

#[derive(Debug, Args)]
pub struct ProofGameArgs {
    /// The diagram: a FEN (4 or 6 fields, as one argument); only its board
    /// and side to move count
    pub fen: String,
    /// The game's length in plies (0 to 200); with --shortest, the longest
    /// length tried
    #[arg(value_parser = parse_plies)]
    pub plies: u32,
    /// List every game (the search runs to the end)
    #[arg(long, conflicts_with = "max")]
    pub all: bool,
    /// Stop after K games [default: 2, enough to tell unique from cooked]
    #[arg(long, value_name = "K", value_parser = parse_max)]
    pub max: Option<usize>,
    /// Give up after SECS seconds (verdict unknown, exit 3)
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_SECONDS,
          value_parser = parse_seconds)]
    pub time: f64,
    /// Print the games in SAN with move numbers instead of UCI
    #[arg(long)]
    pub san: bool,
    /// Find the least length with a game (up to N plies), showing that
    /// every shorter one has none
    #[arg(long)]
    pub shortest: bool,
    /// Print one JSON object instead
    #[arg(long)]
    pub json: bool,
}

fn parse_plies(text: &str) -> Result<u32, String> {
    crate::input::parse_bounded(text, "the number of plies", 0, MAX_PLIES).map(|n| n as u32)
}

fn parse_max(text: &str) -> Result<usize, String> {
    crate::input::parse_bounded(text, "--max", 1, 1_000_000).map(|n| n as usize)
}

#[derive(Debug, Serialize)]
struct ProofGameJson {
    /// `unique`, `cooked`, `none` or `unknown`.
    verdict: &'static str,
    plies: u32,
    solutions: Vec<Vec<String>>,
    complete: bool,
    stopped: Option<&'static str>,
    nodes: u64,
    seconds: f64,
    none_below: Option<u32>,
    proven_in_coq: bool,
}

/// The outcome the command reports: the search at one length, and with
/// `--shortest` what the shorter lengths showed.
struct Outcome {
    report: Report,
    /// With `--shortest`: every length below this has no game.
    none_below: Option<u32>,
    nodes: u64,
    seconds: f64,
}

pub fn run(args: ProofGameArgs) -> Result<(), CliError> {
    let diagram = Diagram::from_fen(&args.fen)
        .map_err(|e| CliError::usage(format!("{}: {e}", crate::input::quote(&args.fen))))?;
    let max_solutions = if args.all {
        None
    } else {
        Some(args.max.unwrap_or(2))
    };
    let limits = Limits {
        max_solutions,
        time: Some(Duration::from_secs_f64(args.time)),
        nodes: None,
    };
    let spinner = Progress::spinner(&format!(
        "searching the games of {} plies (up to {} s)",
        args.plies, args.time
    ));
    let mut solver = Solver::new(diagram);
    let outcome = if args.shortest {
        let s = solver.shortest(args.plies, &limits);
        // Without a game: none up to `N` when every length was searched,
        // else the search of the length `none_below` stopped.
        let report = s.found.unwrap_or_else(|| {
            let complete = s.none_below > args.plies;
            Report {
                plies: s.none_below.min(args.plies),
                solutions: Vec::new(),
                complete,
                stopped: (!complete).then_some(Stop::Time),
                nodes: s.nodes,
                seconds: s.seconds,
            }
        });
        Outcome {
            report,
            none_below: Some(s.none_below.min(args.plies + 1)),
            nodes: s.nodes,
            seconds: s.seconds,
        }
    } else {
        let report = solver.search(args.plies, &limits);
        Outcome {
            nodes: report.nodes,
            seconds: report.seconds,
            report,
            none_below: None,
        }
    };
    spinner.finish();
    for game in &outcome.report.solutions {
        check_replay(game, &diagram)?;
    }
    let verdict = outcome.report.verdict();
    if args.json {
        write_json(&ProofGameJson {
            verdict: verdict_word(verdict),
            plies: outcome.report.plies,
            solutions: outcome
                .report
                .solutions
                .iter()
                .map(|g| g.iter().map(Move::to_uci).collect())
                .collect(),
            complete: outcome.report.complete,
            stopped: outcome.report.stopped.map(stop_word),
            nodes: outcome.nodes,
            seconds: outcome.seconds,
            none_below: outcome.none_below,
            proven_in_coq: false,
        })?;
    } else {
        write_stdout(&text(&outcome, &args))?;
    }
    match verdict {
        Verdict::Unique => Ok(()),
        Verdict::Cooked => Err(CliError::refuted(format!(
            "more than one game of {} plies reaches the diagram",
            outcome.report.plies
        ))),
        Verdict::None => Err(CliError::refuted(if args.shortest {
            format!(
                "no game of at most {} plies reaches the diagram",
                args.plies
            )
        } else {
            format!("no game of {} plies reaches the diagram", args.plies)
        })),
        Verdict::Unknown => Err(CliError::unknown(format!(
            "the search stopped before it could tell ({})",
            outcome.report.stopped.map_or("stopped", stop_word)
        ))),
    }
}

/// The verdict's word in the JSON.
fn verdict_word(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Unique => "unique",
        Verdict::Cooked => "cooked",
        Verdict::None => "none",
        Verdict::Unknown => "unknown",
    }
}

/// Why the search stopped, in the JSON's words.
fn stop_word(stop: Stop) -> &'static str {
    match stop {
        Stop::Solutions => "solutions",
        Stop::Time => "time",
        Stop::Nodes => "nodes",
    }
}

/// The text output: one line per game, `shortest: …` with `--shortest`,
/// and the verdict line.
fn text(outcome: &Outcome, args: &ProofGameArgs) -> String {
    let report = &outcome.report;
    let start = Position::start();
    let mut out = String::new();
    for (i, game) in report.solutions.iter().enumerate() {
        let moves = if args.san {
            san_line(&start, game).unwrap_or_default()
        } else if game.is_empty() {
            "startpos".to_owned()
        } else {
            game.iter().map(Move::to_uci).collect::<Vec<_>>().join(" ")
        };
        out.push_str(&format!("{}: {}\n", i + 1, moves.trim_end()));
    }
    let n = report.plies;
    let count = report.solutions.len();
    if args.shortest && count > 0 {
        out.push_str(&format!(
            "shortest: {n} plies (every shorter length searched completely: no game)\n"
        ));
    }
    let line = match report.verdict() {
        Verdict::Unique => format!("unique: the only game of {n} plies ({NOT_PROVEN})"),
        Verdict::Cooked if report.complete => {
            format!("cooked ({count} solutions): every game of {n} plies is listed ({NOT_PROVEN})")
        }
        Verdict::Cooked => format!(
            "cooked ({count}+ solutions): the search stopped after {count} games of {n} plies ({NOT_PROVEN})"
        ),
        Verdict::None if args.shortest => {
            format!("none: no game of at most {n} plies ({NOT_PROVEN})")
        }
        Verdict::None => format!("none: no game of {n} plies ({NOT_PROVEN})"),
        Verdict::Unknown => {
            let why = match report.stopped {
                Some(Stop::Solutions) => "the search stopped at the games asked for (--max)".to_owned(),
                Some(Stop::Nodes) => "the search ran out of positions".to_owned(),
                _ => format!("the search ran out of time ({} s)", args.time),
            };
            let games = if count == 1 { "game" } else { "games" };
            let shorter = if args.shortest {
                "; no shorter game (searched completely)"
            } else {
                ""
            };
            format!("unknown: {why} after {count} {games} of {n} plies{shorter}")
        }
    };
    out.push_str(&line);
    out.push('\n');
    out
}

/// Checks by the forward rules that `game` reaches the diagram: the
/// search's games are not trusted.
fn check_replay(game: &[Move], diagram: &Diagram) -> Result<(), CliError> {
    let mut pos = Position::start();
    for m in game {
        pos = pos
            .play(m)
            .map_err(|_| CliError::refuted("internal error: a game found does not replay"))?;
    }
    if diagram.is_reached_by(&pos) {
        Ok(())
    } else {
        Err(CliError::refuted(format!(
            "internal error: a game found ends at {}, not at the diagram",
            pos.to_fen()
        )))
    }
}
