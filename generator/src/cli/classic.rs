//! `retroproof prove --question castling | en-passant | which [--one X]`:
//! the classic retro questions ([`crate::classic`]), each answered position
//! by position, the proven positions compiled in one `.v` file (one
//! `Module` each, one headline conjunction, [`crate::emit::classic`]).

use std::collections::BTreeMap;
use std::time::Duration;

use retroproof_core::problem::Solution;
use retroproof_core::proofgame;
use retroproof_core::unknown::{Fill, Unknown};
use retroproof_core::{Move, Piece, Setup};
use serde::Serialize;

use super::coq_run::prove_file;
use super::prove::{game_seconds, load, question_words, read_game, ProveArgs};
use super::CliError;
use crate::classic::{proof_text, which, Answer, Case, Classic, Excluded, Finding, Games};
use crate::progress::Progress;

/// `prove --json` for a classic question.
#[derive(Debug, Serialize)]
struct ClassicReport {
    question: String,
    fen: String,
    /// `rights` / `squares` / `fillings`: each key with its verdict
    /// (`can`/`cannot`, `possible`/`impossible`, `unknown`).
    #[serde(flatten)]
    answers: BTreeMap<String, BTreeMap<String, String>>,
    /// Fillings that are not positions, with the reason.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    excluded: BTreeMap<String, String>,
    /// `which`: the completed FEN when exactly one filling is not proven
    /// unreachable and it is proven reachable.
    #[serde(skip_serializing_if = "Option::is_none")]
    completed: Option<String>,
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

/// Answers a classic question (`None` when the question is another
/// kind): exit 0 when every case is proven, 3 when some are unknown
/// (after proving the others), 1 when an EPD problem's published answer
/// contradicts a proven one, 2 for bad input.
pub fn dispatch(args: &ProveArgs) -> Option<Result<(), CliError>> {
    let words = question_words(&args.question);
    let one = args.question.one.as_deref();
    if words == ["which"] {
        return Some(which_question(args, one));
    }
    if args.question.occupied {
        return Some(Err(CliError::usage(
            "--occupied is for --question which (every '?' square holds a man)",
        )));
    }
    if let ["where", man] = words.as_slice() {
        return Some(where_question(args, man));
    }
    if one.is_some() {
        return Some(Err(CliError::usage(
            "--one is for --question which (exactly one '?' square holds the man)",
        )));
    }
    let loaded = match load(&args.question) {
        Ok(loaded) => loaded,
        Err(e) => return Some(Err(e)),
    };
    let classic = Classic::asked(&words, loaded.question)?;
    Some((|| {
        check_options(args, classic)?;
        let known = known_game(args, loaded.game.as_deref())?;
        let seconds = game_seconds(args.question.game_time, classic.few_cases());
        let spinner = settling(classic);
        let answer =
            crate::classic::answer(classic, &loaded.position, games(known.as_deref(), seconds))
                .map_err(CliError::usage)?;
        spinner.finish();
        check_reached(args, &answer.cases, known.as_deref())?;
        report(args, &answer, &loaded.notes)?;
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
fn where_question(args: &ProveArgs, man: &str) -> Result<(), CliError> {
    let man = man_arg("--question where", man)?;
    let classic = Classic::Where { man };
    check_options(args, classic)?;
    // The board without the man need not be a position (the man may be
    // its missing king): read the FEN without validating it.
    let Some(text) = &args.question.position else {
        return Err(CliError::usage(
            "--question where X needs a FEN (the board without the man X)",
        ));
    };
    if args.question.id.is_some() || text.contains('?') {
        return Err(CliError::usage(
            "--question where X reads a FEN without '?' (every empty square is a candidate)",
        ));
    }
    let setup = Setup::from_fen(text)
        .map_err(|e| CliError::usage(format!("{}: {e}", crate::input::quote(text))))?;
    let known = known_game(args, None)?;
    let seconds = game_seconds(args.question.game_time, false);
    let spinner = settling(classic);
    let (cases, excluded) = which::where_cases(setup, man, games(known.as_deref(), seconds))
        .map_err(CliError::usage)?;
    spinner.finish();
    check_reached(args, &cases, known.as_deref())?;
    report_text_answer(args, classic, text, cases, excluded)
}

/// `--question which [--one X | --occupied]` about a FEN with `?`.
fn which_question(args: &ProveArgs, one: Option<&str>) -> Result<(), CliError> {
    let fill = match one.map(|text| man_arg("--one", text)).transpose()? {
        Some(man) => Fill::One(man),
        None if args.question.occupied => Fill::Occupied,
        None => Fill::Any,
    };
    let classic = Classic::Which { fill };
    check_options(args, classic)?;
    let Some(text) = &args.question.position else {
        return Err(CliError::usage(
            "--question which needs a FEN whose board has '?' squares (or side to move '?')",
        ));
    };
    if args.question.id.is_some() {
        return Err(CliError::usage(
            "--question which reads a FEN with '?', not an EPD file: --id has nothing to pick",
        ));
    }
    let unknown = Unknown::parse(text).map_err(CliError::usage)?;
    let known = known_game(args, None)?;
    let seconds = game_seconds(args.question.game_time, false);
    let spinner = settling(classic);
    let (cases, excluded) =
        which::cases(&unknown, fill, games(known.as_deref(), seconds)).map_err(CliError::usage)?;
    spinner.finish();
    check_reached(args, &cases, known.as_deref())?;
    report_text_answer(args, classic, text, cases, excluded)
}

/// The game known to reach some case: `--reached-by`'s, else an EPD
/// problem's published game (`pg`). A case not proven unreachable that it
/// reaches is proven reachable by it ([`crate::classic::settle`]): the
/// proof-game search may not find a game that is known.
fn known_game(args: &ProveArgs, published: Option<&[Move]>) -> Result<Option<Vec<Move>>, CliError> {
    if args.question.reached_by.is_empty() {
        return Ok(published.map(<[Move]>::to_vec));
    }
    let words: Vec<&str> = args
        .question
        .reached_by
        .iter()
        .map(String::as_str)
        .collect();
    Ok(Some(read_game(&words)?.0))
}

/// `--reached-by` must reach one of the question's positions (bad input
/// otherwise; the cases it reaches were settled by it, [`games`]).
fn check_reached(args: &ProveArgs, cases: &[Case], known: Option<&[Move]>) -> Result<(), CliError> {
    if args.question.reached_by.is_empty() {
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

fn check_options(args: &ProveArgs, classic: Classic) -> Result<(), CliError> {
    let q = &args.question;
    if q.ltac || args.report.is_some() {
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
    args: &ProveArgs,
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
    report(args, &answer, &[])?;
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

/// Proves the answer's proven cases in Coq and prints what is proven.
fn report(args: &ProveArgs, answer: &Answer, notes: &[String]) -> Result<(), CliError> {
    let classic = answer.classic;
    let summary = answer.summary();
    let mut proven_lines = Vec::new();
    let mut unknown = BTreeMap::new();
    for case in &answer.cases {
        match (&case.finding, case.claim()) {
            (Finding::Unknown { reason }, _) => {
                unknown.insert(case.key.clone(), reason.clone());
            }
            (finding, Some(claim)) => proven_lines.push(format!(
                "{} {}: {claim}",
                case.key,
                classic.verdict(finding)
            )),
            (_, None) => {}
        }
    }
    let excluded: BTreeMap<String, String> = answer
        .excluded
        .iter()
        .map(|e| (e.key.clone(), e.reason.clone()))
        .collect();
    let conclusion = conclusion(answer);
    let text = proof_text(
        answer,
        notes,
        &format!("retroproof prove --question {}", classic.name()),
    )
    .map_err(|e| CliError::refuted(e.to_string()))?;
    let Some((text, check)) = text else {
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
    let proven = prove_file(
        &text,
        &check,
        args.keep.as_deref(),
        Duration::from_secs(args.timeout),
        &summary,
    )?;
    spinner.finish();
    let theorem = text
        .lines()
        .skip_while(|l| !l.starts_with(&format!("Theorem {} ", classic.theorem())))
        .take_while(|l| !l.starts_with("Proof"))
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end_matches('.')
        .to_string();
    let out = if args.json {
        let answers = answer
            .cases
            .iter()
            .map(|c| (c.key.clone(), classic.verdict(&c.finding).to_string()))
            .collect();
        let report = ClassicReport {
            question: classic.name().to_string(),
            fen: answer.asked.clone(),
            answers: BTreeMap::from([(classic.key().to_string(), answers)]),
            excluded,
            completed: conclusion.and_then(|(_, fen)| fen),
            proven: proven_lines,
            unknown,
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
        if let Some((line, _)) = &conclusion {
            out.push_str(&format!("{}: {line}\n", classic.name()));
        }
        for line in &proven_lines {
            out.push_str(&format!("proven: {line}\n"));
        }
        for (key, reason) in &unknown {
            out.push_str(&format!("unknown: {key}: {reason}\n"));
        }
        for (key, reason) in &excluded {
            out.push_str(&format!("excluded: {key}: {reason}\n"));
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
    super::write_stdout(&out)
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
