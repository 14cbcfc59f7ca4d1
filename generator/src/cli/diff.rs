//! `retroproof diff`: compare the native engine with Coq on many positions
//! (retraction sets exactly, perft to a small depth), and the answers to the
//! retro problems among them (the retraction-tree engine's, and the deep
//! search's with their certificates). See [`crate::diff`].

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use retroproof_core::Position;

use super::error::CliError;
use crate::coqc::Coqc;
use crate::diff::{self, DiffError, DiffOptions};
use crate::progress::Progress;

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// Positions to compare: one FEN or EPD line each [default: the
    /// examples (examples/*.epd, examples/retraction-vectors.txt) plus
    /// positions reached by random play]
    #[arg(long, value_name = "FILE")]
    pub corpus: Option<PathBuf>,

    /// Perft depth compared (0 to 4: Coq computes perft by evaluation)
    #[arg(long, value_name = "N", default_value = "2", allow_hyphen_values = true, value_parser = parse_depth)]
    pub depth: u32,

    /// Parallel coqc runs (1 to 64)
    #[arg(long, value_name = "J", default_value = "2", allow_hyphen_values = true, value_parser = crate::batch::parse_jobs)]
    pub jobs: usize,

    /// Random positions added to the default corpus (0 to 1000000)
    #[arg(long, value_name = "N", default_value = "1000", allow_hyphen_values = true, value_parser = parse_random)]
    pub random: usize,

    /// Seed of the random play
    #[arg(long, default_value_t = 7)]
    pub seed: u64,

    /// Positions per coqc run (1 to 10000)
    #[arg(long, value_name = "N", default_value = "200", allow_hyphen_values = true, value_parser = parse_batch)]
    pub batch: usize,

    /// Time limit per coqc run, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 600,
          value_parser = clap::value_parser!(u64).range(1..=crate::input::MOST_SECONDS))]
    pub timeout: u64,

    /// Print JSON lines: one per mismatch, then {"summary": …}
    #[arg(long)]
    pub json: bool,
}

fn parse_depth(text: &str) -> Result<u32, String> {
    crate::input::parse_bounded(text, "--depth", 0, 4).map(|n| n as u32)
}

fn parse_random(text: &str) -> Result<usize, String> {
    crate::input::parse_bounded(text, "--random", 0, 1_000_000).map(|n| n as usize)
}

fn parse_batch(text: &str) -> Result<usize, String> {
    crate::input::parse_bounded(text, "--batch", 1, 10_000).map(|n| n as usize)
}

/// A mismatch as a JSON line.
#[derive(Debug, serde::Serialize)]
struct MismatchJson<'a> {
    fen: &'a str,
    aspect: String,
    native: &'a str,
    coq: &'a str,
}

/// The last JSON line: `{"summary": …}`.
#[derive(Debug, serde::Serialize)]
struct SummaryJson {
    summary: DiffSummary,
}

/// What `diff` compared, and how many results differ.
#[derive(Debug, serde::Serialize)]
struct DiffSummary {
    /// Positions compared (retraction sets, perft).
    positions: usize,
    /// Results on which the native engine and Coq differ.
    mismatches: usize,
    perft_depth: u32,
    /// Problem answers (last N, illegal) Coq checked.
    problem_answers: usize,
    /// Of them, deep-search certificates.
    certificates: usize,
    seconds: f64,
}

/// The deep search's budget per problem when `diff` samples certificates:
/// a problem it does not answer within it is left out of the sample.
const CERT_SAMPLE_BUDGET: retroproof_core::deep::Budget = retroproof_core::deep::Budget {
    nodes: 200_000,
    time: Some(Duration::from_secs(2)),
    max_depth: 400,
};

/// The retro problems of an EPD text (lines with `retro`) whose native
/// answers Coq is asked to confirm: the retraction-tree engine's answer
/// (checked by `check_last`/`check_illegal`) and the deep search's answer
/// with its certificate (checked by the certificate checkers of Cert.v).
fn questions_of(text: &str) -> Vec<diff::ProblemQuestion> {
    let mut questions = diff::problem_questions(text);
    questions.extend(diff::certificate_questions(text, CERT_SAMPLE_BUDGET));
    questions
}

pub fn run(args: DiffArgs) -> Result<(), CliError> {
    let root = super::coq_run::workspace_root()?;
    // `last N` and `illegal` problems among the corpus lines (EPD with
    // `retro`): the native answer is checked by Coq too. The corpus is
    // read once (it may be standard input, `-`).
    let (positions, questions) = match &args.corpus {
        Some(path) => {
            let text = crate::input::read_text(path)?;
            let positions = diff::read_corpus(&text, path).map_err(CliError::usage)?;
            (positions, questions_of(&text))
        }
        None => {
            let epd = root.join("examples").join("retro-problems.epd");
            (
                default_corpus(&root, args.random, args.seed)?,
                questions_of(&crate::input::read_text(&epd).unwrap_or_default()),
            )
        }
    };
    if positions.is_empty() {
        return Err(CliError::usage("the corpus has no positions"));
    }
    // The input is checked before the environment: bad input is exit 2
    // whatever the machine.
    let theories = super::coq_run::built_theories(&root)?;
    let coqc = Coqc::find().map_err(super::gen_coq::coqc_error)?;
    let options = DiffOptions {
        depth: args.depth,
        jobs: args.jobs,
        batch: args.batch,
        theories,
        timeout: Duration::from_secs(args.timeout),
    };
    let bar = Progress::new(positions.len() as u64, "positions");
    let start = Instant::now();
    let report = diff::run_diff(&coqc, &positions, &options, &|_, _| {}, &|done| {
        bar.set(done as u64)
    })
    .map_err(|e| match e {
        DiffError::Coqc(crate::coqc::CoqcError::Failed { message, .. })
            if super::coq_run::library_problem(&message) =>
        {
            super::coq_run::stale_library(&message)
        }
        DiffError::Coqc(e) => super::gen_coq::coqc_error(e),
        other => CliError::refuted(other.to_string()),
    })?;
    bar.finish();
    let last =
        diff::run_problems_diff(&coqc, &questions, &options, &|_, _| {}).map_err(|e| match e {
            DiffError::Coqc(e) => super::gen_coq::coqc_error(e),
            other => CliError::refuted(other.to_string()),
        })?;
    let mut report = report;
    report.mismatches.extend(last);
    let elapsed = start.elapsed().as_secs_f64();
    let certificates = questions.iter().filter(|q| q.certificate.is_some()).count();
    if args.json {
        let mut out = String::new();
        for m in &report.mismatches {
            out.push_str(&crate::batch::json_line(&MismatchJson {
                fen: &m.fen,
                aspect: m.aspect.to_string(),
                native: &m.native,
                coq: &m.coq,
            }));
        }
        out.push_str(&crate::batch::json_line(&SummaryJson {
            summary: DiffSummary {
                positions: report.positions,
                mismatches: report.mismatches.len(),
                perft_depth: args.depth,
                problem_answers: questions.len(),
                certificates,
                seconds: elapsed,
            },
        }));
        super::output::write_stdout(&out)?;
        return if report.mismatches.is_empty() {
            Ok(())
        } else {
            Err(CliError::refuted(format!(
                "native engine and Coq disagree on {} result(s)",
                report.mismatches.len()
            )))
        };
    }
    let mut out = String::new();
    for m in &report.mismatches {
        out.push_str(&m.to_string());
        out.push('\n');
    }
    let rate = report.positions as f64 / elapsed.max(1e-9) * 60.0;
    out.push_str(&format!(
        "{} positions, {} mismatches (retractions exactly, perft {}, {} problem answers, {} of them certificates; {:.1} s, {:.0} positions/min)\n",
        report.positions,
        report.mismatches.len(),
        args.depth,
        questions.len(),
        certificates,
        elapsed,
        rate
    ));
    super::output::write_stdout(&out)?;
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
    let text = crate::input::read_text(path)?;
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
    if let Ok(text) = crate::input::read_text(&vectors) {
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
