//! `retroproof diff`: compare the native engine with Coq on many positions
//! (retraction sets exactly, perft to a small depth). See [`crate::diff`].

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use retroproof_core::Position;

use super::CliError;
use crate::coqc::Coqc;
use crate::diff::{self, DiffError, DiffOptions};

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// Positions to compare: one FEN or EPD line each [default: the
    /// examples (examples/*.epd, examples/retraction-vectors.txt) plus
    /// positions reached by random play]
    #[arg(long, value_name = "FILE")]
    pub corpus: Option<PathBuf>,

    /// Perft depth compared
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub depth: u32,

    /// Parallel coqc runs
    #[arg(long, value_name = "J", default_value_t = 2)]
    pub jobs: usize,

    /// Random positions added to the default corpus
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub random: usize,

    /// Seed of the random play
    #[arg(long, default_value_t = 7)]
    pub seed: u64,

    /// Positions per coqc run
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub batch: usize,

    /// Time limit per coqc run, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 600)]
    pub timeout: u64,
}

pub fn run(args: DiffArgs) -> Result<(), CliError> {
    if args.depth > 4 {
        return Err(CliError::usage(
            "--depth must be at most 4 (Coq computes perft by evaluation)",
        ));
    }
    let root = super::prove::workspace_root()?;
    let theories = super::prove::built_theories(&root)?;
    let positions = match &args.corpus {
        Some(path) => read_corpus_file(path)?,
        None => default_corpus(&root, args.random, args.seed)?,
    };
    // `last N` and `illegal` problems among the corpus lines (EPD with
    // `retro`): the native answer is checked by Coq too.
    let epd_path = args
        .corpus
        .clone()
        .unwrap_or_else(|| root.join("examples").join("retro-problems.epd"));
    let questions =
        diff::problem_questions(&std::fs::read_to_string(&epd_path).unwrap_or_default());
    if positions.is_empty() {
        return Err(CliError::usage("the corpus has no positions"));
    }
    let coqc = Coqc::find().map_err(super::gen_coq::coqc_error)?;
    let options = DiffOptions {
        depth: args.depth,
        jobs: args.jobs.max(1),
        batch: args.batch.max(1),
        theories,
        timeout: Duration::from_secs(args.timeout),
    };
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(positions.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} positions {elapsed} (eta {eta})")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let start = Instant::now();
    let report = diff::run_diff(&coqc, &positions, &options, &|_, _| {}, &|done| {
        bar.set_position(done as u64)
    })
    .map_err(|e| match e {
        DiffError::Coqc(crate::coqc::CoqcError::Failed { message, .. })
            if super::prove::library_problem(&message) =>
        {
            super::prove::stale_library(&message)
        }
        DiffError::Coqc(e) => super::gen_coq::coqc_error(e),
        other => CliError::refuted(other.to_string()),
    })?;
    bar.finish_and_clear();
    let last =
        diff::run_problems_diff(&coqc, &questions, &options, &|_, _| {}).map_err(|e| match e {
            DiffError::Coqc(e) => super::gen_coq::coqc_error(e),
            other => CliError::refuted(other.to_string()),
        })?;
    let mut report = report;
    report.mismatches.extend(last);
    let elapsed = start.elapsed().as_secs_f64();
    let mut out = String::new();
    for m in &report.mismatches {
        out.push_str(&m.to_string());
        out.push('\n');
    }
    let rate = report.positions as f64 / elapsed.max(1e-9) * 60.0;
    out.push_str(&format!(
        "{} positions, {} mismatches (retractions exactly, perft {}, {} problem answers; {:.1} s, {:.0} positions/min)\n",
        report.positions,
        report.mismatches.len(),
        args.depth,
        questions.len(),
        elapsed,
        rate
    ));
    super::write_stdout(&out)?;
    if report.mismatches.is_empty() {
        Ok(())
    } else {
        Err(CliError::refuted(format!(
            "native engine and Coq disagree on {} result(s)",
            report.mismatches.len()
        )))
    }
}

fn read_corpus_file(path: &Path) -> Result<Vec<Position>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())))?;
    diff::read_corpus(&text, path).map_err(CliError::usage)
}

/// The examples (problem positions, retraction vectors, and their
/// predecessors) and `random` positions of random play.
fn default_corpus(root: &Path, random: usize, seed: u64) -> Result<Vec<Position>, CliError> {
    let mut positions = Vec::new();
    let problems = root.join("examples").join("retro-problems.epd");
    if problems.is_file() {
        positions.extend(read_corpus_file(&problems)?);
    }
    let vectors = root.join("examples").join("retraction-vectors.txt");
    if let Ok(text) = std::fs::read_to_string(&vectors) {
        for line in text.lines() {
            let fen = line.split('|').next().unwrap_or("").trim();
            if fen.is_empty() || fen.starts_with('#') {
                continue;
            }
            if let Ok(pos) = Position::from_fen(fen) {
                positions.push(pos);
            }
        }
    }
    // One retraction back from each example: the positions a retro search
    // actually visits.
    let examples = positions.clone();
    for pos in &examples {
        positions.extend(pos.retractions().into_iter().map(|(_, q)| q));
    }
    positions.extend(diff::random_positions(random, seed, 80));
    Ok(positions)
}
