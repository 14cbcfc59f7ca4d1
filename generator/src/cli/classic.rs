//! `retroproof prove --question castling | en-passant`: the classic retro
//! questions ([`crate::classic`]), each answered position by position, the
//! proven positions compiled in one `.v` file (one `Module` each, one
//! headline conjunction, [`crate::emit::classic`]).

use std::collections::BTreeMap;
use std::time::Duration;

use retroproof_core::problem::Solution;
use retroproof_core::proofgame;
use serde::Serialize;

use super::coq_run::prove_file;
use super::prove::{Loaded, ProveArgs};
use super::CliError;
use crate::classic::{file_text, summary, verdict, Case, Classic, Finding};

/// `prove --json` for a classic question.
#[derive(Debug, Serialize)]
struct ClassicReport {
    question: String,
    fen: String,
    /// `rights` / `squares`: each key with `can`, `cannot` or `unknown`.
    #[serde(flatten)]
    answers: BTreeMap<String, BTreeMap<String, String>>,
    /// What is proven, one statement per proven key.
    proven: Vec<String>,
    /// Why each unknown key is unknown.
    unknown: BTreeMap<String, String>,
    theorem: String,
    assumptions: Vec<String>,
    coqc: String,
    coqc_path: String,
    library: String,
    seconds: f64,
}

/// Answers, proves and prints a classic question: exit 0 when every case
/// is proven, 3 when some are unknown (after proving the others), 1 when
/// an EPD problem's published answer contradicts a proven one.
pub fn run(args: &ProveArgs, classic: Classic, loaded: Loaded) -> Result<(), CliError> {
    let q = &args.question;
    if q.ltac || !q.reached_by.is_empty() || args.report.is_some() {
        return Err(CliError::usage(format!(
            "--question {}: --ltac, --reached-by and --report are for last N, illegal and legal questions",
            classic.name()
        )));
    }
    let game = (q.game_time > 0).then(|| proofgame::Budget {
        time: Some(Duration::from_secs(q.game_time)),
        ..proofgame::Budget::default()
    });
    let cases = classic
        .cases(&loaded.position, game)
        .map_err(CliError::usage)?;
    let summary = summary(&cases);
    let mut proven_lines = Vec::new();
    let mut unknown = BTreeMap::new();
    for case in &cases {
        match (&case.finding, case.claim()) {
            (Finding::Unknown { reason }, _) => {
                unknown.insert(case.key.clone(), reason.clone());
            }
            (finding, Some(claim)) => {
                proven_lines.push(format!("{} {}: {claim}", case.key, verdict(finding)))
            }
            (_, None) => {}
        }
    }
    let unknown_lines: Vec<String> = unknown
        .iter()
        .map(|(key, reason)| format!("{key}: {reason}"))
        .collect();
    let text = file_text(
        classic,
        &loaded.position,
        &cases,
        &loaded.notes,
        &format!("retroproof prove --question {}", classic.name()),
    )
    .map_err(|e| CliError::refuted(e.to_string()))?;
    let Some(text) = text else {
        return Err(CliError::unknown(format!(
            "{}: nothing proven ({summary}): {}",
            classic.name(),
            unknown_lines.join("; ")
        )));
    };
    let proven = prove_file(
        &text,
        args.keep.as_deref(),
        Duration::from_secs(args.timeout),
        &summary,
    )?;
    let theorem = text
        .lines()
        .skip_while(|l| !l.starts_with(&format!("Theorem {} ", classic.theorem())))
        .take_while(|l| !l.starts_with("Proof"))
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end_matches('.')
        .to_string();
    let out = if args.json {
        let answers = cases
            .iter()
            .map(|c| (c.key.clone(), verdict(&c.finding).to_string()))
            .collect();
        let report = ClassicReport {
            question: classic.name().to_string(),
            fen: loaded.position.to_fen(),
            answers: BTreeMap::from([(classic.key().to_string(), answers)]),
            proven: proven_lines.clone(),
            unknown: unknown.clone(),
            theorem,
            assumptions: proven.assumptions.clone(),
            coqc: proven.coqc_version.clone(),
            coqc_path: proven.coqc_path.display().to_string(),
            library: proven.library.display().to_string(),
            seconds: (proven.elapsed.as_secs_f64() * 100.0).round() / 100.0,
        };
        let mut json = serde_json::to_string_pretty(&report)
            .map_err(|e| CliError::usage(format!("cannot encode JSON: {e}")))?;
        json.push('\n');
        json
    } else {
        let mut out = format!("{}: {summary}\n", classic.name());
        for line in &proven_lines {
            out.push_str(&format!("proven: {line}\n"));
        }
        for line in &unknown_lines {
            out.push_str(&format!("unknown: {line}\n"));
        }
        out.push_str(&format!(
            "{theorem}\n{}\n{}\n",
            proven.assumptions_line(),
            proven.coqc_line()
        ));
        if let Some(dir) = &args.keep {
            out.push_str(&format!("kept {}\n", dir.join("Problem.v").display()));
        }
        out
    };
    super::write_stdout(&out)?;
    check_published(&loaded.solution, &cases)?;
    if !unknown.is_empty() {
        return Err(CliError::unknown(format!(
            "{}: not every answer is proven ({} unknown)",
            classic.name(),
            unknown.keys().cloned().collect::<Vec<_>>().join(", ")
        )));
    }
    Ok(())
}

/// `Err` (exit 1, naming both) when an EPD problem's published verdicts
/// contradict a proven one.
fn check_published(solution: &Solution, cases: &[Case]) -> Result<(), CliError> {
    let Solution::Verdicts(published) = solution else {
        return Ok(());
    };
    for (key, can) in published {
        let Some(case) = cases.iter().find(|c| &c.key == key) else {
            return Err(CliError::refuted(format!(
                "the problem's published sol names {key}, which the question does not ask about (asked: {})",
                summary(cases)
            )));
        };
        let proven = match case.finding {
            Finding::Reachable { .. } => Some(true),
            Finding::Unreachable { .. } => Some(false),
            Finding::Unknown { .. } => None,
        };
        if proven.is_some_and(|p| p != *can) {
            return Err(CliError::refuted(format!(
                "the problem's published sol \"{key} {}\" contradicts the proven answer \"{key} {}\"",
                if *can { "can" } else { "cannot" },
                verdict(&case.finding)
            )));
        }
    }
    Ok(())
}
