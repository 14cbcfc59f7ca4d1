//! `retroproof solve FILE`: every problem of a file solved by the native
//! engine, proven by Coq, and compared with its published answer.
//!
//! Two inputs are read:
//! - an EPD file of retro problems (`retro`, optional `id` and `sol`), as in
//!   `examples/retro-problems.epd` and `examples/classic-problems.epd` (the
//!   classic questions, `castling`, `en-passant`, `orientation`, `where X`,
//!   answered case by case as `retroproof prove` does: the problem is
//!   solved when every case is proven, unknown when some is not);
//! - a TSV shaped like the shared corpus (`examples/corpus/`): a header
//!   line naming at least `id`, `fen` and `question`, and the published
//!   answer in `expected_uci` (last N), `expected` (last 1 type, illegal?).
//!
//! Each problem goes through exactly what `retroproof prove` does (the
//! engine's statement, the generated `.v`, `coqc`, the assumption check):
//! an answer is "proven" only when Coq accepted it. The published answer
//! is compared afterwards; a proven answer that contradicts it is reported
//! as `refuted` with both, never hidden.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use clap::Args;
use retroproof_core::problem::{Question, Solution};
use retroproof_core::retro::{PlyType, RetroUci};
use retroproof_core::{Move, Position};
use serde::Serialize;

use super::classic::{check_published, games};
use super::coq_run::prove_file;
use super::prove::{
    game_seconds, last_game_seconds, read_problems, resolve_full, resolved_proof_text, QuestionArgs,
};
use super::CliError;
use crate::batch::{self, BatchOptions, Done};
use crate::classic::{self as classic_q, Classic};
use crate::emit::classic::{paired_file, Paired};
use crate::emit::problem::{in_chess_terms_with_game, Proof, Statement};
use crate::prove::{file_text, game_before};

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// An EPD file of retro problems, or a TSV shaped like
    /// examples/corpus/*.tsv (`-` for standard input)
    pub file: PathBuf,

    /// Problems solved at once (1 to 64)
    #[arg(long, value_parser = batch::parse_jobs, default_value = "1", allow_hyphen_values = true)]
    pub jobs: usize,

    /// Time limit for coqc on each problem, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 600,
          value_parser = clap::value_parser!(u64).range(1..=super::MOST_SECONDS))]
    pub timeout: u64,

    /// Budget of each proof-game search, in seconds: for legality rows and
    /// per case of `castling`, `en-passant`, `orientation` [default: 60];
    /// for the games that make last-move answers unconditional [default:
    /// 3]; per case of `where X` [default: 10]
    #[arg(long, value_name = "SECS",
          value_parser = clap::value_parser!(u64).range(0..=super::MOST_SECONDS))]
    pub game_time: Option<u64>,

    /// One JSON object per problem (id, question, answer, proven,
    /// unconditional, published, agrees, seconds, reason), then a summary
    #[arg(long)]
    pub json: bool,
}

/// What a problem asks.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Asked {
    /// The last `n` plies.
    Last(u32),
    /// The type of the last ply (`K-`, `PxR=N`, `ep`, `O-O`, …).
    LastType,
    /// The type of the last ply with White to move and with Black to move
    /// (janko.at's type D records): both are solved.
    LastTypeBothSides,
    /// Is the position illegal? Tried as `illegal`, then as `legal`.
    IllegalOrLegal,
    Illegal,
    Legal,
    /// A classic question (an EPD problem's `castling`, `en-passant`,
    /// `orientation`, `where X`).
    Classic(Classic),
}

impl fmt::Display for Asked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Asked::Last(n) => write!(f, "last {n}"),
            Asked::LastType => f.write_str("last 1 type"),
            Asked::LastTypeBothSides => f.write_str("last 1 type both-sides"),
            Asked::IllegalOrLegal => f.write_str("illegal?"),
            Asked::Illegal => f.write_str("illegal"),
            Asked::Legal => f.write_str("legal"),
            Asked::Classic(Classic::Where { man }) => write!(f, "where {}", man.char()),
            Asked::Classic(classic) => f.write_str(classic.name()),
        }
    }
}

/// The published answer, as far as it can be compared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum Published {
    /// Nothing given.
    None,
    /// Retractions, oldest ply first, in retro UCI (`b3c3xp`).
    Plies(Vec<String>),
    /// Moves, oldest first, in plain UCI (`c7d8r`): what was uncaptured
    /// is not given.
    Moves(Vec<String>),
    /// Any of these types of the last ply.
    Types(Vec<String>),
    /// The types of the last ply with either side to move, in either order.
    TypePair(Vec<String>),
    Illegal,
    /// Shown legal by a known game.
    Legal,
    /// Not refuted by the source's tool: no claim either way we can check.
    NotRefuted,
    /// A classic question's verdict for each key (`K`: `cannot`, …); a key
    /// not listed is published as `cannot` or `impossible`.
    Verdicts(std::collections::BTreeMap<String, String>),
}

#[derive(Debug, Clone)]
struct Item {
    fen: String,
    asked: Asked,
    published: Published,
    /// An EPD problem's parsed position, notes (id, source), published
    /// solution and game, for the classic questions.
    epd: Option<EpdProblem>,
}

#[derive(Debug, Clone)]
struct EpdProblem {
    position: Position,
    notes: Vec<String>,
    solution: Solution,
    game: Option<Vec<Move>>,
}

/// One problem's line in `--json`.
#[derive(Debug, Serialize)]
struct Solved {
    question: String,
    answer: String,
    proven: bool,
    /// A last-N theorem that also states `reachable P`.
    unconditional: bool,
    published: Published,
    agrees: Option<bool>,
    /// The size of the dead set when the proof is a certificate check
    /// (the deep search's answers).
    certificate: Option<usize>,
}

pub fn run(args: SolveArgs) -> Result<(), CliError> {
    let text = crate::input::read_text(&args.file)?;
    let name = args.file.display().to_string();
    let items = parse_items(&text, &name)?;
    if items.is_empty() {
        return Err(CliError::usage(format!("no problem in {name}")));
    }
    let timeout = Duration::from_secs(args.timeout);
    let game_time = args.game_time;
    let json = args.json;
    let options = BatchOptions {
        jobs: args.jobs,
        unit: "problems".to_string(),
    };
    let outcomes = batch::run_items(
        &items,
        &options,
        |item| solve(item, timeout, game_time),
        |outcome| {
            if json {
                let _ = super::write_stdout(&batch::json_line(outcome));
            }
        },
    );
    if json {
        super::write_stdout(&batch::json_line(&batch::totals(&outcomes)))?;
    } else {
        super::write_stdout(&batch::summary_table(&outcomes, "problems"))?;
    }
    batch::exit_result(&outcomes, "problems")
}

/// Reads an EPD file or a corpus TSV into `(id, problem)` pairs; a
/// malformed line is bad input (exit 2), named by its line number.
fn parse_items(text: &str, name: &str) -> Result<Vec<(String, Item)>, CliError> {
    let mut lines = text.lines().enumerate();
    let first = text.lines().next().unwrap_or("");
    if first.split('\t').any(|c| c == "fen") {
        lines.next();
        let columns: Vec<&str> = first.split('\t').collect();
        let column = |name: &str| columns.iter().position(|c| *c == name);
        let (Some(id), Some(fen), Some(question)) =
            (column("id"), column("fen"), column("question"))
        else {
            return Err(CliError::usage(format!(
                "{name}:1: a corpus TSV needs the columns id, fen and question"
            )));
        };
        let (expected, expected_uci) = (column("expected"), column("expected_uci"));
        let mut items = Vec::new();
        for (i, line) in lines {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let cells: Vec<&str> = line.split('\t').collect();
            let cell = |c: Option<usize>| c.and_then(|c| cells.get(c)).map(|s| s.trim());
            let bad = |what: &str| CliError::usage(format!("{name}:{}: {what}", i + 1));
            let id = cell(Some(id)).ok_or_else(|| bad("no id"))?.to_string();
            let fen = cell(Some(fen)).ok_or_else(|| bad("no fen"))?.to_string();
            let question = cell(Some(question)).ok_or_else(|| bad("no question"))?;
            let (asked, published) = corpus_question(question, cell(expected), cell(expected_uci))
                .map_err(|e| bad(&e))?;
            items.push((
                id,
                Item {
                    fen,
                    asked,
                    published,
                    epd: None,
                },
            ));
        }
        return check_ids(items, name);
    }
    let mut items = Vec::new();
    for (line, problem) in read_problems(text, name)? {
        let id = problem.id.clone().unwrap_or_else(|| format!("line {line}"));
        let asked = match problem.question {
            Question::LastMoves(n) => Asked::Last(n),
            Question::Illegal => Asked::Illegal,
            Question::Legal => Asked::Legal,
            question => match Classic::asked(&[], Some(question)) {
                Some(classic) => Asked::Classic(classic),
                None => {
                    return Err(CliError::usage(format!(
                        "{name}:{line}: solve does not answer the {question} question"
                    )))
                }
            },
        };
        let published = match &problem.solution {
            Solution::None => Published::None,
            Solution::Illegal => Published::Illegal,
            Solution::Verdicts(verdicts) => match asked {
                Asked::Classic(classic) => {
                    let (yes, no) = classic.words();
                    Published::Verdicts(
                        verdicts
                            .iter()
                            .map(|(key, can)| {
                                (key.clone(), (if *can { yes } else { no }).to_string())
                            })
                            .collect(),
                    )
                }
                // Only the classic questions have verdicts (Problem::from_epd).
                _ => Published::None,
            },
            Solution::Plies(plies) => {
                Published::Plies(plies.iter().map(|p| p.to_string()).collect())
            }
        };
        let mut notes = vec![format!("problem {id}")];
        notes.extend(problem.source.clone());
        items.push((
            id,
            Item {
                fen: problem.position.to_fen(),
                asked,
                published,
                epd: Some(EpdProblem {
                    position: problem.position,
                    notes,
                    solution: problem.solution,
                    game: problem.game,
                }),
            },
        ));
    }
    Ok(items)
}

fn check_ids(items: Vec<(String, Item)>, name: &str) -> Result<Vec<(String, Item)>, CliError> {
    let mut seen = std::collections::HashSet::new();
    for (id, _) in &items {
        if !seen.insert(id.as_str()) {
            return Err(CliError::usage(format!(
                "{name}: the id {id:?} is used twice"
            )));
        }
    }
    Ok(items)
}

/// A corpus row's question and published answer.
fn corpus_question(
    question: &str,
    expected: Option<&str>,
    expected_uci: Option<&str>,
) -> Result<(Asked, Published), String> {
    let words: Vec<&str> = question.split_whitespace().collect();
    match words.as_slice() {
        ["last", n] => {
            let n: u32 = n
                .parse()
                .map_err(|_| format!("bad question {question:?}"))?;
            let plies = expected_uci
                .filter(|s| !s.is_empty())
                .map(|s| s.split_whitespace().map(str::to_string).collect())
                .map_or(Published::None, Published::Moves);
            Ok((Asked::Last(n), plies))
        }
        ["last", "1", "type", rest @ ..] => {
            let both = rest == ["both-sides"];
            if !rest.is_empty() && !both {
                return Err(format!("bad question {question:?}"));
            }
            let types = expected
                .map(|e| {
                    e.trim_matches(|c| c == '{' || c == '}')
                        .split(',')
                        .map(|t| t.trim().to_string())
                        .filter(|t| !t.is_empty())
                        .collect::<Vec<_>>()
                })
                .filter(|t| !t.is_empty());
            if both {
                let pair = match types {
                    Some(t) if t.len() == 2 => Published::TypePair(t),
                    Some(_) => return Err("both-sides: expected two types {T1,T2}".to_string()),
                    None => Published::None,
                };
                return Ok((Asked::LastTypeBothSides, pair));
            }
            Ok((
                Asked::LastType,
                types.map_or(Published::None, Published::Types),
            ))
        }
        ["illegal?", ..] => {
            let published = match expected.map(|e| e.split_whitespace().next().unwrap_or("")) {
                Some("yes") => Published::Illegal,
                Some("no") if expected.is_some_and(|e| e.contains("not refuted")) => {
                    Published::NotRefuted
                }
                Some("no") => Published::Legal,
                _ => Published::None,
            };
            Ok((Asked::IllegalOrLegal, published))
        }
        _ => Err(format!(
            "bad question {question:?} (expected last N, last 1 type [both-sides], illegal?)"
        )),
    }
}

/// Solves and proves one problem.
fn solve(item: &Item, timeout: Duration, game_time: Option<u64>) -> Result<Done, CliError> {
    if item.asked == Asked::LastTypeBothSides {
        return solve_both_sides(item, timeout, game_time);
    }
    if let Asked::Classic(classic) = item.asked {
        return solve_classic(item, classic, timeout, game_time);
    }
    let ask = |question: &str| QuestionArgs {
        position: Some(item.fen.clone()),
        question: vec![question.to_string()],
        id: None,
        ltac: false,
        reached_by: Vec::new(),
        game_time,
        one: None,
        occupied: false,
    };
    if !item.fen.trim().contains(' ') {
        return match item.asked {
            Asked::IllegalOrLegal => solve_either_side(item, timeout, game_time),
            _ => Err(CliError::unknown(
                "the side to move is not given: only a legality question is solved for either side",
            )),
        };
    }
    let resolved = match &item.asked {
        Asked::Last(n) => resolve_full(&ask(&format!("last {n}")))?,
        Asked::LastType => resolve_full(&ask("last 1 type"))?,
        Asked::LastTypeBothSides => unreachable!("solved by solve_both_sides"),
        Asked::Classic(_) => unreachable!("solved by solve_classic"),
        Asked::Illegal => resolve_full(&ask("illegal"))?,
        Asked::Legal => resolve_full(&ask("legal"))?,
        Asked::IllegalOrLegal => match resolve_full(&ask("illegal")) {
            Err(e) if e.code() == 3 || e.code() == 1 => {
                resolve_full(&ask("legal")).map_err(|legal| {
                    CliError::unknown(format!("{}; {}", e.message(), legal.message()))
                })?
            }
            other => other?,
        },
    };
    let (text, check) = resolved_proof_text(&resolved)?;
    let export = &resolved.export;
    let claim = export.statement.in_chess_terms(&export.position);
    prove_file(&text, &check, None, timeout, &claim)?;
    let statement = &export.statement;
    let answer = match (&item.asked, statement) {
        (Asked::LastType, s) if s.is_last() => last_type(&export.position, s),
        (_, Statement::LastPlyAmong { kind, .. }) => kind.clone(),
        (_, Statement::LastPlies { answer, .. }) => {
            answer.iter().rev().cloned().collect::<Vec<_>>().join(" ")
        }
        (_, Statement::Illegal { .. } | Statement::IllegalCert { .. }) => "illegal".to_string(),
        (_, Statement::LegalGame { .. }) => "legal".to_string(),
    };
    let agrees = match (&item.published, statement) {
        // "Not refuted" by the source's tool claims nothing either way.
        (Published::None | Published::NotRefuted, _) => None,
        (Published::Illegal, s) => Some(s.is_illegal()),
        (Published::Legal, s) => Some(!s.is_illegal()),
        (Published::Plies(plies), _) => Some(plies.join(" ") == answer),
        (Published::Moves(moves), _) => {
            let plain: Vec<String> = answer.split(' ').map(plain_uci).collect();
            Some(*moves == plain)
        }
        (Published::Types(types), _) => Some(types.contains(&answer)),
        (Published::TypePair(_) | Published::Verdicts(_), _) => None,
    };
    let unconditional = matches!(statement, Statement::LastPlies { .. }) && resolved.game.is_some();
    let solved = Solved {
        question: item.asked.to_string(),
        answer: answer.clone(),
        proven: true,
        unconditional,
        published: item.published.clone(),
        agrees,
        certificate: match &export.proof {
            Proof::Certificate(dead) => Some(dead.len()),
            _ => None,
        },
    };
    if agrees == Some(false) {
        return Err(CliError::refuted(format!(
            "proven answer \"{answer}\" contradicts the published answer {}",
            published_words(&item.published)
        )));
    }
    let condition = if matches!(statement, Statement::LastPlies { .. }) && !unconditional {
        " (if the position is legal)"
    } else {
        ""
    };
    let detail = match item.asked {
        // The answer is the question's word: `illegal`, `legal`.
        Asked::Illegal | Asked::Legal | Asked::IllegalOrLegal => format!("proven {answer}"),
        _ => format!("{}: {answer}{condition}", item.asked),
    };
    Ok(Done::new(detail).with_json(solved))
}

/// A classic question of an EPD problem, as `retroproof prove FILE --id ID`
/// answers it: every case (a castling right, an en-passant square, an
/// orientation, a square) proven reachable or unreachable, or unknown; the
/// proven ones compiled in one `.v` file. Solved when every case is
/// proven; unknown (after proving the others) when some is not; refuted
/// when a proven case contradicts the published `sol`.
fn solve_classic(
    item: &Item,
    classic: Classic,
    timeout: Duration,
    game_time: Option<u64>,
) -> Result<Done, CliError> {
    let Some(epd) = &item.epd else {
        return Err(CliError::usage(format!(
            "the {classic} question is asked in EPD files only",
            classic = classic.name()
        )));
    };
    let seconds = game_seconds(game_time, classic.few_cases());
    let answer = classic_q::answer(classic, &epd.position, games(epd.game.as_deref(), seconds))
        .map_err(CliError::usage)?;
    let summary = answer.summary();
    let text = classic_q::proof_text(&answer, &epd.notes, "retroproof solve")
        .map_err(|e| CliError::refuted(e.to_string()))?;
    let Some((text, check)) = text else {
        return Err(CliError::unknown(format!(
            "{}: nothing proven ({summary})",
            classic.name()
        )));
    };
    prove_file(&text, &check, None, timeout, &summary)?;
    check_published(&epd.solution, &answer)?;
    let all_proven = answer.cases.iter().all(|c| c.finding.is_proven());
    if !all_proven {
        return Err(CliError::unknown(format!(
            "{}: {summary} (the others proven)",
            classic.name()
        )));
    }
    let agrees = match &epd.solution {
        Solution::Verdicts(published) => Some(answer.against(published) == Ok(true)),
        _ => None,
    };
    let solved = Solved {
        question: item.asked.to_string(),
        answer: summary.clone(),
        proven: true,
        unconditional: false,
        published: item.published.clone(),
        agrees,
        certificate: None,
    };
    Ok(Done::new(format!("{}: {summary}", item.asked)).with_json(solved))
}

/// A legality row that gives only the board (the question is then whether
/// either side to move is legal): illegal when it is proven illegal with
/// White to move and with Black to move (two proofs), legal when a game
/// reaches it with one of them (proven by replaying it), unknown otherwise.
fn solve_either_side(
    item: &Item,
    timeout: Duration,
    game_time: Option<u64>,
) -> Result<Done, CliError> {
    let board = item.fen.trim();
    let sided = |side: char, asked: Asked| Item {
        fen: format!("{board} {side} - -"),
        asked,
        published: Published::None,
        epd: None,
    };
    // Each side's own failure (exit 1: refuted, 3: unknown) is a reason;
    // anything else (an environment fault) ends the problem.
    let mut reasons = Vec::new();
    let mut not_illegal = Vec::new();
    for side in ['w', 'b'] {
        match solve(&sided(side, Asked::Illegal), timeout, game_time) {
            Ok(_) => {}
            Err(e) if matches!(e.code(), 1 | 3) => {
                reasons.push(format!("{side} to move: {}", e.message()));
                not_illegal.push(side);
            }
            Err(e) => return Err(e),
        }
    }
    let mut answer = None;
    if not_illegal.is_empty() {
        answer = Some("illegal");
    }
    for &side in &not_illegal {
        match solve(&sided(side, Asked::Legal), timeout, game_time) {
            Ok(_) => {
                answer = Some("legal");
                break;
            }
            Err(e) if matches!(e.code(), 1 | 3) => {
                reasons.push(format!("{side} to move: {}", e.message()));
            }
            Err(e) => return Err(e),
        }
    }
    let Some(answer) = answer else {
        return Err(CliError::unknown(format!(
            "neither side to move decided: {}",
            reasons.join("; ")
        )));
    };
    let agrees = match item.published {
        Published::Illegal => Some(answer == "illegal"),
        Published::Legal => Some(answer == "legal"),
        _ => None,
    };
    if agrees == Some(false) {
        return Err(CliError::refuted(format!(
            "proven answer \"{answer}\" contradicts the published answer {}",
            published_words(&item.published)
        )));
    }
    let solved = Solved {
        question: item.asked.to_string(),
        answer: answer.to_string(),
        proven: true,
        unconditional: false,
        published: item.published.clone(),
        agrees,
        certificate: None,
    };
    let detail = match answer {
        "illegal" => "proven illegal with either side to move",
        _ => "proven legal with one side to move",
    };
    Ok(Done::new(detail).with_json(solved))
}

/// A type D record one of whose sides is not answered: `failure`, that
/// side's error (its kind gives the exit code), after what became of the
/// sides `answered` before it (White's, when Black's is the one not
/// answered), so that a reader sees which side is the hard one. A side the
/// native engine answered is named as such: its answer was never put to
/// Coq.
fn both_sides_failure(answered: &[(&str, super::prove::Resolved)], failure: CliError) -> CliError {
    let mut parts: Vec<String> = answered
        .iter()
        .map(|(who, resolved)| {
            let export = &resolved.export;
            format!(
                "with {who} to move the native engine answers {} (not checked by Coq: \
                 the record stops at the next side)",
                last_type(&export.position, &export.statement)
            )
        })
        .collect();
    parts.push(failure.message().to_string());
    failure.with_message(parts.join("; "))
}

/// A janko.at type D record: the type of the last ply with White to move
/// and with Black to move, each proven as `prove --question "last 1"` does
/// it; the published pair must be the two types, in either order.
///
/// Both sides are answered natively, White first, before any game is
/// searched for (a side without an answer ends the problem without
/// spending a search on what follows; the message says what became of
/// the sides tried, [`both_sides_failure`]), and both theorems go into one
/// file, checked by one `coqc` run with one `Print Assumptions`
/// ([`paired_file`]).
fn solve_both_sides(
    item: &Item,
    timeout: Duration,
    game_time: Option<u64>,
) -> Result<Done, CliError> {
    let mut fields: Vec<&str> = item.fen.split_whitespace().collect();
    if fields.len() < 2 {
        return Err(CliError::usage(format!(
            "both-sides needs a FEN with a side-to-move field: {:?}",
            item.fen
        )));
    }
    // Each side's answer, White first; the first side without one ends
    // the problem (the other side's search, up to the deep search's
    // budget, would decide nothing).
    let mut sides: Vec<(&str, super::prove::Resolved)> = Vec::new();
    for (side, who) in [("w", "white"), ("b", "black")] {
        fields[1] = side;
        let args = QuestionArgs {
            position: Some(fields.join(" ")),
            question: vec!["last 1 type".to_string()],
            id: None,
            ltac: false,
            reached_by: Vec::new(),
            // The games come below, once both sides are answered.
            game_time: Some(0),
            one: None,
            occupied: false,
        };
        let failure = match resolve_full(&args) {
            Err(e) => e.context(&format!("with {who} to move")),
            Ok(resolved) if !resolved.export.statement.is_last() => {
                let export = &resolved.export;
                CliError::unknown(format!(
                    "with {who} to move the answer is not a last ply: {}",
                    export.statement.in_chess_terms(&export.position)
                ))
            }
            Ok(resolved) => {
                sides.push((who, resolved));
                continue;
            }
        };
        return Err(both_sides_failure(&sides, failure));
    }
    let game_time = last_game_seconds(game_time);
    if game_time > 0 {
        for (_, resolved) in &mut sides {
            if resolved.game.is_none() {
                let export = &resolved.export;
                resolved.game = game_before(
                    &export.position,
                    &export.statement,
                    Duration::from_secs(game_time),
                )
                .map(|moves| moves.iter().map(Move::to_uci).collect());
            }
        }
    }
    let meaning = |who: &str, resolved: &super::prove::Resolved| {
        let export = &resolved.export;
        format!(
            "with {who} to move: {}",
            in_chess_terms_with_game(
                &export.statement,
                &export.position,
                resolved.game.as_deref()
            )
        )
    };
    let answers: Vec<Paired> = sides
        .iter()
        .map(|(who, resolved)| Paired {
            module: format!("{who}_to_move"),
            meaning: meaning(who, resolved),
            export: &resolved.export,
            game: resolved.game.as_deref(),
        })
        .collect();
    let claim = answers
        .iter()
        .map(|a| a.meaning.as_str())
        .collect::<Vec<_>>()
        .join("; ");
    let header = format!(
        "Generated by `retroproof solve` (a last-move record with either side to move).\n   {claim}"
    );
    let proof = paired_file(&header, &answers, "both_sides")
        .map_err(|e| CliError::refuted(e.to_string()))?;
    prove_file(
        &file_text(&proof.file, &proof.assumptions),
        &proof.assumptions,
        None,
        timeout,
        &claim,
    )?;
    let mut types = Vec::new();
    let mut unconditional = true;
    let mut dead = None;
    for (_, resolved) in &sides {
        let export = &resolved.export;
        types.push(last_type(&export.position, &export.statement));
        unconditional &= resolved.game.is_some();
        if let Proof::Certificate(d) = &export.proof {
            *dead.get_or_insert(0) += d.len();
        }
    }
    let answer = format!("{{{},{}}}", types[0], types[1]);
    let agrees = match &item.published {
        Published::TypePair(pair) => {
            let mut a = pair.clone();
            let mut b = types.clone();
            a.sort();
            b.sort();
            Some(a == b)
        }
        _ => None,
    };
    if agrees == Some(false) {
        return Err(CliError::refuted(format!(
            "proven answer \"{answer}\" contradicts the published answer {}",
            published_words(&item.published)
        )));
    }
    let condition = if unconditional {
        ""
    } else {
        " (if the positions are legal)"
    };
    let solved = Solved {
        question: item.asked.to_string(),
        answer: answer.clone(),
        proven: true,
        unconditional,
        published: item.published.clone(),
        agrees,
        certificate: dead,
    };
    Ok(Done::new(format!(
        "last 1 type, white to move and black to move: {answer}{condition}"
    ))
    .with_json(solved))
}

fn published_words(published: &Published) -> String {
    match published {
        Published::None => "(none)".to_string(),
        Published::Plies(p) | Published::Moves(p) => format!("\"{}\"", p.join(" ")),
        Published::Types(t) => format!("\"{}\"", t.join(" or ")),
        Published::TypePair(t) => format!("\"{{{}}}\"", t.join(",")),
        Published::Illegal => "\"illegal\"".to_string(),
        Published::Legal => "\"legal\"".to_string(),
        Published::NotRefuted => "\"not refuted\"".to_string(),
        Published::Verdicts(v) => format!(
            "\"{}\"",
            v.iter()
                .map(|(key, verdict)| format!("{key} {verdict}"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

/// A retraction in plain UCI: `b3c3xp` → `b3c3`, `c7d8rxn` → `c7d8r`,
/// `b4c3ep` → `b4c3`.
fn plain_uci(ply: &str) -> String {
    match RetroUci::from_str(ply) {
        Ok(uci) => match uci.promotion {
            Some(role) => format!("{}{}{}", uci.from, uci.to, role.char()),
            None => format!("{}{}", uci.from, uci.to),
        },
        Err(_) => ply.to_string(),
    }
}

/// The type of the last ply a last-ply statement proves
/// ([`retroproof_core::retro::PlyType`], the corpus's notation: `K-`,
/// `PxR=N`, `ep`, …); `?` for a ply that is not a retraction of `pos`
/// (never, for a proven statement).
fn last_type(pos: &Position, statement: &Statement) -> String {
    match statement {
        Statement::LastPlyAmong { kind, .. } => kind.clone(),
        Statement::LastPlies { answer, .. } => answer
            .first()
            .and_then(|ply| pos.unmoves().into_iter().find(|u| u.to_string() == *ply))
            .map_or_else(|| "?".to_string(), |u| PlyType::of(u.forward()).to_string()),
        _ => "?".to_string(),
    }
}
