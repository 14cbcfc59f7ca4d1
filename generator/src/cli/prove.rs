//! `retroproof prove`: answer a question about a position
//! ([`crate::answer`]; the classic questions case by case,
//! [`super::classic`]), write the answer as a Coq file, compile it with
//! `coqc`, check the assumptions of its theorem, and say exactly what was
//! proven.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use retroproof_core::question::Question;
use retroproof_core::Position;

use super::classic::{self, Proving};
use super::coq_run::{prove_file_with, Proven};
use super::error::CliError;
use super::json::AnswerJson;
use super::output::{json_text, write_stdout};
use super::question::{self, check_solution, QuestionArgs};
use crate::answer::Answer;
use crate::coqchk::Scope;
use crate::emit::problem::{export_file_with_game, Statement};
use crate::progress::Progress;

#[derive(Debug, Args)]
pub struct ProveArgs {
    #[command(flatten)]
    pub question: QuestionArgs,

    /// Also write a self-contained HTML page: the question, diagrams, the
    /// answer in SAN and UCI, the theorem, its assumptions, timings (never
    /// overwrites)
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,

    /// Keep the generated .v file in DIR
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,

    /// Time limit for coqc (and for its version probe), in seconds
    #[arg(long, value_name = "SECS", default_value_t = 600,
          value_parser = clap::value_parser!(u64).range(1..=crate::input::MOST_SECONDS))]
    pub timeout: u64,

    /// Print one JSON object, the answer object of docs/json.md
    /// (question, fen, answer, proven, conditional, theorem, assumptions,
    /// coqc, …)
    #[arg(long)]
    pub json: bool,

    /// Also check the compiled proof, and the library it loads, with
    /// coqchk, Coq's independent checker (slow: it has no VM, and checks
    /// the library, about 2 min of one core; `--timeout` applies)
    #[arg(long)]
    pub coqchk: bool,
}

pub fn run(args: ProveArgs) -> Result<(), CliError> {
    if let Some(file) = &args.report {
        if file.exists() {
            return Err(CliError::usage(format!(
                "{} exists: remove it or choose another --report file",
                file.display()
            )));
        }
    }
    let timeout = Duration::from_secs(args.timeout);
    let proving = Proving {
        keep: args.keep.as_deref(),
        timeout,
        json: args.json,
        report: args.report.is_some(),
        coqchk: args.coqchk,
    };
    let asked = question::asked(&args.question)?;
    if let Some(result) = classic::dispatch(&args.question, asked.as_ref(), &proving) {
        return result;
    }
    // On a terminal, a spinner while the engine searches (the proof-game
    // search alone may take `--game-time`) and while coqc checks.
    let spinner = Progress::spinner("searching for an answer the engine can prove");
    let resolved = question::resolve(&args.question)?;
    spinner.finish();
    let answer = &resolved.answer;
    if !answer.is_illegal_instead() {
        // A published answer the engine contradicts is caught before Coq
        // runs; after, for the proven one (below).
        check_solution(&resolved)?;
    }
    let proof = export_file_with_game(&answer.export, answer.game.as_deref())
        .map_err(|e| CliError::refuted(e.to_string()))?;
    let claim = answer.claim();
    let spinner = Progress::spinner("coqc: checking the proof");
    let coqchk = args.coqchk.then_some(Scope::WithLibrary);
    let proven = prove_file_with(
        &proof,
        args.keep.as_deref(),
        timeout,
        coqchk.as_ref(),
        &claim,
    )?;
    spinner.finish();
    let mut out = if args.json {
        json_text(&AnswerJson::of(answer, &proven))?
    } else {
        format!(
            "proven: {claim}\n{}\n{}\n{}\n",
            proven.theorem,
            proven.assumptions_line(),
            proven.coqc_line()
        )
    };
    if let Some(dir) = &args.keep {
        if !args.json {
            out.push_str(&format!("kept {}\n", dir.join("Problem.v").display()));
        }
    }
    if let Some(file) = &args.report {
        write_report(file, answer, &claim, &proven)?;
    }
    write_stdout(&out)?;
    if answer.is_illegal_instead() {
        return Err(CliError::refuted(if answer.question == Question::Legal {
            "the position is illegal (proven above)".to_string()
        } else {
            format!(
                "no last-move answer: the position is illegal (proven above), so any answer to \"{}\" would be vacuous",
                answer.question.head()
            )
        }));
    }
    check_solution(&resolved)
}

/// Writes the `--report` page of a proven answer (crate::render).
fn write_report(
    file: &Path,
    answer: &Answer,
    claim: &str,
    proven: &Proven,
) -> Result<(), CliError> {
    let export = &answer.export;
    let question = answer.question.head();
    let title = format!("retroproof: {question}");
    let page = match &export.statement {
        Statement::LastPlies { answer, .. } => {
            let oldest_first: Vec<String> = answer.iter().rev().cloned().collect();
            crate::render::Report::last_moves(
                &title,
                &question,
                claim,
                &export.position,
                &oldest_first,
            )
        }
        Statement::LegalGame { moves } => {
            crate::render::Report::game(&title, &question, claim, &Position::start(), moves)
        }
        Statement::ProofGames(games) => {
            let listed: Vec<Vec<String>> = games.games.iter().map(|g| g.uci.clone()).collect();
            crate::render::Report::proof_games(&title, &question, claim, &export.position, &listed)
        }
        Statement::Illegal { .. }
        | Statement::IllegalCert { .. }
        | Statement::LastPlyAmong { .. } => {
            crate::render::Report::last_moves(&title, &question, claim, &export.position, &[])
        }
    }
    .map_err(|e| CliError::refuted(format!("cannot draw the report: {e}")))?;
    let mut page = page;
    if export.statement.is_illegal() {
        // No plies to take back: the position alone.
        page.diagrams.truncate(1);
    }
    page.proven = true;
    page.theorem = proven.theorem.clone();
    page.assumptions = Some(proven.assumptions.clone());
    page.coqc = Some(proven.coqc_line());
    page.timings = vec![("coqc".to_owned(), proven.elapsed.as_secs_f64())];
    std::fs::write(file, crate::render::html_report(&page))
        .map_err(|e| CliError::usage(format!("cannot write {}: {e}", file.display())))
}
