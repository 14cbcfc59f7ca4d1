//! `retroproof prove --question castling | en-passant | which [--one X]`:
//! the classic retro questions ([`crate::classic`]), each answered position
//! by position, the proven positions compiled in one `.v` file (one
//! `Module` each, one headline conjunction, [`crate::emit::classic`]).

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use retroproof_core::problem::Solution;
use retroproof_core::proofgame;
use retroproof_core::question::Question;
use retroproof_core::unknown::{Fill, Unknown};
use retroproof_core::{Move, Piece, Setup};

use super::coq_run::prove_file_with;
use super::error::CliError;
use super::json::{AnswerJson, CasesJson, CoqcJson};
use super::output::{json_text, write_stdout};
use super::question::{self, load, QuestionArgs};
use crate::answer::game_seconds;
use crate::classic::{proof_file, which, Answer, Case, Classic, Excluded, Finding, Games};
use crate::coqchk::Scope;
use crate::progress::Progress;

/// How `prove` proves and prints, besides the question.
#[derive(Debug, Clone, Copy)]
pub struct Proving<'a> {
    /// `--keep DIR`.
    pub keep: Option<&'a Path>,
    /// `--timeout`.
    pub timeout: Duration,
    /// `--json`.
    pub json: bool,
    /// Whether `--report` is asked (not for these questions).
    pub report: bool,
    /// `--coqchk`: check the compiled proof and the library again.
    pub coqchk: bool,
}

/// Answers a classic question (`None` when the question, `asked` by
/// `--question` or else the EPD problem's, is another kind): exit 0 when
/// every case is proven, 3 when some are unknown (after proving the
/// others), 1 when an EPD problem's published answer contradicts a proven
/// one, 2 for bad input.
pub fn dispatch(
    args: &QuestionArgs,
    asked: Option<&Question>,
    proving: &Proving,
) -> Option<Result<(), CliError>> {
    let one = args.one.as_deref();
    if asked == Some(&Question::Which) {
        return Some(which_question(args, proving, one));
    }
    if args.occupied {
        return Some(Err(CliError::usage(
            "--occupied is for --question which (every '?' square holds a man)",
        )));
    }
    if let Some(Question::Where(man)) = asked {
        return Some(where_question(args, proving, *man));
    }
    if one.is_some() {
        return Some(Err(CliError::usage(
            "--one is for --question which (exactly one '?' square holds the man)",
        )));
    }
    let loaded = match load(args) {
        Ok(loaded) => loaded,
        Err(e) => return Some(Err(e)),
    };
    let classic = Classic::of(asked.or(loaded.question.as_ref())?, Fill::Any)?;
    Some((|| {
        check_options(args, proving, classic)?;
        let known = known_game(args, loaded.game.as_deref())?;
        let seconds = game_seconds(args.game_time, classic.few_cases());
        let spinner = settling(classic);
        let answer =
            crate::classic::answer(classic, &loaded.position, games(known.as_deref(), seconds))
                .map_err(CliError::usage)?;
        spinner.finish();
        check_reached(args, &answer.cases, known.as_deref())?;
        report(proving, &answer, &loaded.notes)?;
        check_published(&loaded.solution, &answer)?;
        unknown_exit(&answer)
    })())
}

/// A man named by its FEN letter (`--one X`, `where X`).
fn man_arg(option: &str, text: &str) -> Result<Piece, CliError> {
    text.chars()
        .next()
        .filter(|_| text.chars().count() == 1)
        .and_then(Piece::from_char)
        .ok_or_else(|| {
            CliError::usage(format!(
                "{option} {text:?}: not a man (expected one letter of PNBRQK pnbrqk)"
            ))
        })
}

/// `--question where X`: one more man `X` on some empty square.
fn where_question(args: &QuestionArgs, proving: &Proving, man: Piece) -> Result<(), CliError> {
    let classic = Classic::Where { man };
    check_options(args, proving, classic)?;
    // The board without the man need not be a position (the man may be
    // its missing king): read the FEN without validating it.
    let Some(text) = &args.position else {
        return Err(CliError::usage(
            "--question where X needs a FEN (the board without the man X)",
        ));
    };
    if args.id.is_some() || text.contains('?') {
        return Err(CliError::usage(
            "--question where X reads a FEN without '?' (every empty square is a candidate)",
        ));
    }
    let setup = Setup::from_fen(text)
        .map_err(|e| CliError::usage(format!("{}: {e}", crate::input::quote(text))))?;
    let known = known_game(args, None)?;
    let seconds = game_seconds(args.game_time, false);
    let spinner = settling(classic);
    let (cases, excluded) = which::where_cases(setup, man, games(known.as_deref(), seconds))
        .map_err(CliError::usage)?;
    spinner.finish();
    check_reached(args, &cases, known.as_deref())?;
    report_text_answer(proving, classic, text, cases, excluded)
}

/// `--question which [--one X | --occupied]` about a FEN with `?`.
fn which_question(
    args: &QuestionArgs,
    proving: &Proving,
    one: Option<&str>,
) -> Result<(), CliError> {
    let fill = match one.map(|text| man_arg("--one", text)).transpose()? {
        Some(man) => Fill::One(man),
        None if args.occupied => Fill::Occupied,
        None => Fill::Any,
    };
    let classic = Classic::Which { fill };
    check_options(args, proving, classic)?;
    let Some(text) = &args.position else {
        return Err(CliError::usage(
            "--question which needs a FEN whose board has '?' squares (or side to move '?')",
        ));
    };
    if args.id.is_some() {
        return Err(CliError::usage(
            "--question which reads a FEN with '?', not an EPD file: --id has nothing to pick",
        ));
    }
    let unknown = Unknown::parse(text).map_err(CliError::usage)?;
    let known = known_game(args, None)?;
    let seconds = game_seconds(args.game_time, false);
    let spinner = settling(classic);
    let (cases, excluded) =
        which::cases(&unknown, fill, games(known.as_deref(), seconds)).map_err(CliError::usage)?;
    spinner.finish();
    check_reached(args, &cases, known.as_deref())?;
    report_text_answer(proving, classic, text, cases, excluded)
}

/// The game known to reach some case: `--reached-by`'s, else an EPD
/// problem's published game (`pg`). A case not proven unreachable that it
/// reaches is proven reachable by it ([`crate::classic::settle`]): the
/// proof-game search may not find a game that is known.
fn known_game(
    args: &QuestionArgs,
    published: Option<&[Move]>,
) -> Result<Option<Vec<Move>>, CliError> {
    Ok(question::reached_by(args)?.or_else(|| published.map(<[Move]>::to_vec)))
}

/// `--reached-by` must reach one of the question's positions (bad input
/// otherwise; the cases it reaches were settled by it, [`games`]).
fn check_reached(
    args: &QuestionArgs,
    cases: &[Case],
    known: Option<&[Move]>,
) -> Result<(), CliError> {
    if args.reached_by.is_empty() {
        return Ok(());
    }
    let reaches = known.is_some_and(|moves| {
        cases
            .iter()
            .any(|case| crate::prove::check_game_reaches(&case.position, moves).is_ok())
    });
    if !reaches {
        return Err(CliError::usage(
            "--reached-by: the game reaches none of the question's positions",
        ));
    }
    Ok(())
}

/// On a terminal, a spinner while the cases are settled (each may take
/// the proof-game search's whole `--game-time`).
fn settling(classic: Classic) -> Progress {
    Progress::spinner(&format!(
        "--question {}: settling each case (refutation, certificate or proof game)",
        classic.name()
    ))
}

fn check_options(args: &QuestionArgs, proving: &Proving, classic: Classic) -> Result<(), CliError> {
    if args.ltac || proving.report {
        return Err(CliError::usage(format!(
            "--question {}: --ltac and --report are for last N, illegal and legal questions",
            classic.name()
        )));
    }
    Ok(())
}

/// The proof-game search's budget per case: `secs` seconds (`--game-time`;
/// 0: no search), with the game `known` to reach some case.
pub(super) fn games(known: Option<&[Move]>, secs: u64) -> Games<'_> {
    Games {
        known,
        search: (secs > 0).then(|| proofgame::Budget::with_time(Duration::from_secs(secs))),
    }
}

/// Reports the answer to a question about the FEN `text` (`which`, `where
/// X`), then exits as [`unknown_exit`] says.
fn report_text_answer(
    proving: &Proving,
    classic: Classic,
    text: &str,
    cases: Vec<Case>,
    excluded: Vec<Excluded>,
) -> Result<(), CliError> {
    let answer = Answer {
        classic,
        asked: text.split_ascii_whitespace().collect::<Vec<_>>().join(" "),
        cases,
        excluded,
    };
    report(proving, &answer, &[])?;
    unknown_exit(&answer)
}

/// Exit 3 when some case is unknown.
fn unknown_exit(answer: &Answer) -> Result<(), CliError> {
    let unknown: Vec<&str> = answer
        .cases
        .iter()
        .filter(|c| !c.finding.is_proven())
        .map(|c| c.key.as_str())
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    Err(CliError::unknown(format!(
        "{}: not every answer is proven ({} unknown)",
        answer.classic.name(),
        unknown.join(", ")
    )))
}

/// For `which`, `where` and `orientation`: the conclusion drawn from the
/// survivors (the cases not proven unreachable), and the completed FEN
/// when there is exactly one, proven reachable.
fn conclusion(answer: &Answer) -> Option<(String, Option<String>)> {
    if matches!(answer.classic, Classic::Castling | Classic::EnPassant) {
        return None;
    }
    let survivors = answer.survivors();
    Some(match survivors.as_slice() {
        [] => (
            "none is possible: every case is proven unreachable or is not a position".into(),
            None,
        ),
        [only] if matches!(only.finding, Finding::Reachable { .. }) => {
            let fen = only.position.to_fen();
            (
                format!(
                    "only {}: {fen} (proven reachable; every other case is proven unreachable or is not a position)",
                    only.key
                ),
                Some(fen),
            )
        }
        [only] => (
            format!(
                "only {} is not proven unreachable, and whether it is legal is unknown",
                only.key
            ),
            None,
        ),
        several => (
            format!(
                "{} cases are not proven unreachable: {}",
                several.len(),
                several
                    .iter()
                    .map(|c| format!("{} ({})", c.key, answer.classic.verdict(&c.finding)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None,
        ),
    })
}

/// The answer object of a classic question's answer, proven by `proven`
/// (`solve` and `prove --json`).
pub(super) fn classic_json(
    question: &Question,
    answer: &Answer,
    proven: &super::coq_run::Proven,
) -> AnswerJson {
    let classic = answer.classic;
    AnswerJson {
        question: question.to_string(),
        fen: answer.asked.clone(),
        answer: answer.summary(),
        proven: proven_lines(answer),
        conditional: false,
        // Each case's game and the position it ends in are in its
        // sentence of `proven`.
        reached: None,
        game_plies: None,
        game_seconds: None,
        exact_rights: false,
        certificate: answer
            .cases
            .iter()
            .filter_map(|c| match &c.finding {
                Finding::Unreachable {
                    certificate: Some(dead),
                    ..
                } => Some(dead.len()),
                _ => None,
            })
            .reduce(|a, b| a + b),
        theorem: proven.theorem.clone(),
        assumptions: proven.assumptions.clone(),
        coqc: CoqcJson::of(proven),
        cases: Some(CasesJson {
            cases: answer
                .cases
                .iter()
                .map(|c| (c.key.clone(), classic.verdict(&c.finding).to_string()))
                .collect(),
            excluded: answer
                .excluded
                .iter()
                .map(|e| (e.key.clone(), e.reason.clone()))
                .collect(),
            completed: conclusion(answer).and_then(|(_, fen)| fen),
            unknown: unknown_reasons(answer),
        }),
    }
}

/// What is proven, one line per proven case: `K cannot: <claim>`.
fn proven_lines(answer: &Answer) -> Vec<String> {
    answer
        .cases
        .iter()
        .filter_map(|case| match (&case.finding, case.claim()) {
            (Finding::Unknown { .. }, _) | (_, None) => None,
            (finding, Some(claim)) => Some(format!(
                "{} {}: {claim}",
                case.key,
                answer.classic.verdict(finding)
            )),
        })
        .collect()
}

/// Why each unknown case is unknown.
fn unknown_reasons(answer: &Answer) -> BTreeMap<String, String> {
    answer
        .cases
        .iter()
        .filter_map(|case| match &case.finding {
            Finding::Unknown { reason } => Some((case.key.clone(), reason.clone())),
            _ => None,
        })
        .collect()
}

/// The question a classic answer answers, as `--question` writes it.
fn question_of(classic: Classic) -> Question {
    match classic {
        Classic::Castling => Question::Castling,
        Classic::EnPassant => Question::EnPassant,
        Classic::Which { .. } => Question::Which,
        Classic::Where { man } => Question::Where(man),
        Classic::Orientation => Question::Orientation,
    }
}

/// Proves the answer's proven cases in Coq and prints what is proven.
fn report(proving: &Proving, answer: &Answer, notes: &[String]) -> Result<(), CliError> {
    let classic = answer.classic;
    let summary = answer.summary();
    let unknown = unknown_reasons(answer);
    let proof = proof_file(
        answer,
        notes,
        &format!("retroproof prove --question {}", classic.name()),
    )
    .map_err(|e| CliError::refuted(e.to_string()))?;
    let Some(proof) = proof else {
        let reasons: Vec<String> = unknown
            .iter()
            .map(|(key, reason)| format!("{key}: {reason}"))
            .collect();
        return Err(CliError::unknown(format!(
            "{}: nothing proven ({summary}): {}",
            classic.name(),
            reasons.join("; ")
        )));
    };
    let spinner = Progress::spinner("coqc: checking the proofs");
    let coqchk = proving.coqchk.then_some(Scope::WithLibrary);
    let proven = prove_file_with(
        &proof,
        proving.keep,
        proving.timeout,
        coqchk.as_ref(),
        &summary,
    )?;
    spinner.finish();
    let out = if proving.json {
        json_text(&classic_json(&question_of(classic), answer, &proven))?
    } else {
        let mut out = format!("{}: {summary}\n", classic.name());
        if let Some((line, _)) = &conclusion(answer) {
            out.push_str(&format!("{}: {line}\n", classic.name()));
        }
        for line in proven_lines(answer) {
            out.push_str(&format!("proven: {line}\n"));
        }
        for (key, reason) in &unknown {
            out.push_str(&format!("unknown: {key}: {reason}\n"));
        }
        let excluded: BTreeMap<&str, &str> = answer
            .excluded
            .iter()
            .map(|e| (e.key.as_str(), e.reason.as_str()))
            .collect();
        for (key, reason) in excluded {
            out.push_str(&format!("excluded: {key}: {reason}\n"));
        }
        // The theorem on one line, as the file's lines joined.
        let theorem = proven.theorem.lines().collect::<Vec<_>>().join(" ");
        out.push_str(&format!(
            "{theorem}\n{}\n{}\n",
            proven.assumptions_line(),
            proven.coqc_line()
        ));
        if let Some(dir) = proving.keep {
            out.push_str(&format!("kept {}\n", dir.join("Problem.v").display()));
        }
        out
    };
    write_stdout(&out)
}

/// `Err` (exit 1, naming both) when an EPD problem's published verdicts
/// contradict a proven one ([`Answer::against`]; a key not listed is
/// published as cannot or impossible).
pub(super) fn check_published(solution: &Solution, answer: &Answer) -> Result<(), CliError> {
    let Solution::Verdicts(published) = solution else {
        return Ok(());
    };
    let Err((key, said, proven)) = answer.against(published) else {
        return Ok(());
    };
    if !answer.cases.iter().any(|c| c.key == key) {
        return Err(CliError::refuted(format!(
            "the problem's published sol names {key}, which the question does not ask about (asked: {})",
            answer.summary()
        )));
    }
    let (yes, no) = answer.classic.words();
    let say = |b: bool| if b { yes } else { no };
    let listed = published.iter().any(|(k, _)| *k == key);
    Err(CliError::refuted(format!(
        "the problem's published sol \"{key} {}\"{} contradicts the proven answer \"{key} {}\"",
        say(said),
        if listed {
            ""
        } else {
            " (a key it does not list)"
        },
        say(proven),
    )))
}
