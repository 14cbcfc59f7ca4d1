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
//!   line naming at least `id`, `fen` and `question` (`last N`, `last 1
//!   type`, `last 1 type both-sides`, `illegal?`, read as
//!   [`Question`]s; a note in parentheses after it is skipped), and the
//!   published answer in `expected_uci` (last N), `expected` (last 1
//!   type, illegal?).
//! - a proof-game TSV (`examples/corpus/spg*.tsv`: `id`, `fen`, `plies`,
//!   no `question`) and EPD problems with `retro "proof-game N"`: the
//!   games of exactly N plies, compared with what the record publishes
//!   ([`proof_game_records`]).
//!
//! Each problem goes through exactly what `retroproof prove` does (the
//! engine's statement, the generated `.v`, `coqc`, the assumption check):
//! an answer is "proven" only when Coq accepted it. The published answer
//! is compared afterwards; a proven answer that contradicts it is reported
//! as `refuted` with both, never hidden.
//!
//! A file too large for one machine is split by `--shard K/N` (the
//! problems whose id hashes to K, [`batch::shard_of`]), a run stopped
//! midway is taken up again by `--resume FILE` (the problems answered in
//! FILE skipped, the new lines appended to it), and the lines of several
//! runs are summed up by `--merge` as one run's: docs/solve.md.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use clap::Args;
use retroproof_core::problem::Solution;
use retroproof_core::proofgame::Reading;
use retroproof_core::question::Question;
use retroproof_core::retro::RetroUci;
use retroproof_core::unknown::Fill;
use retroproof_core::{Move, Position};
use serde::Serialize;

use super::args::position_arg;
use super::classic::{check_published, classic_json, games};
use super::coq_run::{coqchk_library, prove_file_with, Proven};
use super::error::CliError;
use super::json::{AnswerJson, CoqcJson};
use super::output::write_stdout;
use super::proof_game_records::{self, Claim, Columns, Comparison};
use super::question::{bad_question, read_problems, undecided};
use crate::answer::{self, game_seconds, last_game_seconds, ply_type, Answer, Options};
use crate::batch::{self, BatchOptions, Done, Outcome};
use crate::classic::{self as classic_q, Classic};
use crate::coqchk::Scope;
use crate::emit::classic::{paired_file, Paired};
use crate::emit::problem::{
    export_file_with_game, in_chess_terms_with_game, Proof, ProofFile, Statement,
};
use crate::emit::proof_game::ProofGames;
use crate::prove::game_before;

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// An EPD file of retro problems, or a TSV shaped like
    /// examples/corpus/*.tsv (`-` for standard input)
    #[arg(required_unless_present = "merge")]
    pub file: Option<PathBuf>,

    /// Solve only the problems of shard K of N (K from 1 to N): those
    /// whose id hashes to K (docs/solve.md), so that N runs, anywhere,
    /// split the file between them
    #[arg(long, value_name = "K/N", value_parser = batch::parse_shard, allow_hyphen_values = true)]
    pub shard: Option<batch::Shard>,

    /// Skip the problems answered in FILE.jsonl (lines of an earlier run,
    /// created if missing) and append each new problem's line to it; the
    /// output is then that of one run over all the problems
    #[arg(long, value_name = "FILE.jsonl")]
    pub resume: Option<PathBuf>,

    /// Read the JSON lines of runs (`--json` outputs, `--resume` files;
    /// `-` for standard input) instead of solving, and print their summary
    /// as one run would (with --json: their lines sorted by id, then the
    /// summary line); exit code of the worst problem
    #[arg(long, value_name = "LINES.jsonl", num_args = 1.., conflicts_with_all =
          ["file", "shard", "resume", "jobs", "timeout", "game_time"])]
    pub merge: Vec<PathBuf>,

    /// Problems solved at once (1 to 64)
    #[arg(long, value_parser = batch::parse_jobs, default_value = "1", allow_hyphen_values = true)]
    pub jobs: usize,

    /// Time limit for coqc on each problem, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 600,
          value_parser = clap::value_parser!(u64).range(1..=crate::input::MOST_SECONDS))]
    pub timeout: u64,

    /// Budget of each proof-game search, in seconds: for legality rows and
    /// per case of `castling`, `en-passant`, `orientation` [default: 60];
    /// for the games that make last-move answers unconditional [default:
    /// 3]; per case of `where X` [default: 10]
    #[arg(long, value_name = "SECS",
          value_parser = clap::value_parser!(u64).range(0..=crate::input::MOST_SECONDS))]
    pub game_time: Option<u64>,

    /// One JSON line per problem (id, status, code, detail, seconds, and
    /// `result`: the answer object of docs/json.md with published and
    /// agrees), then a summary line
    #[arg(long)]
    pub json: bool,

    /// Read each FEN's castling rights and en-passant square as the FEN
    /// standard does (`-` meaning none), as `prove --exact-rights`: a game
    /// proving a position legal must end in it exactly (`reachable_exact`).
    /// The classic questions ask about the rights themselves and are read
    /// as without it
    #[arg(long)]
    pub exact_rights: bool,

    /// Also check every compiled proof with coqchk, Coq's independent
    /// checker: the library (and the standard library it loads) once
    /// before the first problem, then each proof with the library
    /// admitted (slow: coqchk has no VM; `--timeout` applies to each run)
    #[arg(long)]
    pub coqchk: bool,
}

/// How every problem of a run is solved and checked.
struct Settings {
    /// `coqc`'s (and `coqchk`'s) time limit per problem.
    timeout: Duration,
    /// The proof-game budget (`--game-time`).
    game_time: Option<u64>,
    /// How a FEN's rights are read (`--exact-rights`).
    reading: Reading,
    /// `--coqchk`: the scope each proof is checked again in (the library
    /// admitted, checked once before the run).
    coqchk: Option<Scope>,
}

impl Settings {
    /// Compiles `proof` with `coqc` (and `coqchk` when asked).
    fn prove(&self, proof: &ProofFile, claim: &str) -> Result<Proven, CliError> {
        prove_file_with(proof, None, self.timeout, self.coqchk.as_ref(), claim)
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
    /// A proof-game record's games (`{"all": […]}`, `{"among": […]}`) or
    /// `"nogame"`.
    #[serde(untagged)]
    ProofGames(Claim),
}

#[derive(Debug, Clone)]
struct Item {
    fen: String,
    question: Question,
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

/// One problem's `result` in `--json`: the answer object, and how it
/// compares with the published answer.
#[derive(Debug, Serialize)]
struct SolvedJson {
    #[serde(flatten)]
    answer: AnswerJson,
    published: Published,
    /// Whether the proven answer is the published one (`null`: nothing
    /// published that can be compared).
    agrees: Option<bool>,
}

pub fn run(args: SolveArgs) -> Result<(), CliError> {
    if !args.merge.is_empty() {
        return merge(&args.merge, args.json);
    }
    let Some(file) = &args.file else {
        return Err(CliError::usage(
            "solve needs a FILE (or --merge LINES.jsonl…)",
        ));
    };
    let text = crate::input::read_text(file)?;
    let name = file.display().to_string();
    let items = parse_items(&text, &name)?;
    if items.is_empty() {
        return Err(CliError::usage(format!("no problem in {name}")));
    }
    // This run's problems: its shard's (all of them without --shard), in
    // the file's order. A shard may be empty (more shards than problems).
    let items: Vec<(String, Item)> = match args.shard {
        Some(shard) => items
            .into_iter()
            .filter(|(id, _)| shard.contains(id))
            .collect(),
        None => items,
    };
    let mut resume = args
        .resume
        .as_deref()
        .map(batch::Resume::open)
        .transpose()?;
    // The problems answered before, by id; lines of ids not among this
    // run's problems (another shard's, another file's) are left alone.
    let ids: HashSet<&str> = items.iter().map(|(id, _)| id.as_str()).collect();
    let earlier: HashMap<String, Outcome> = resume
        .iter()
        .flat_map(|r| r.answered())
        .filter(|o| ids.contains(o.id.as_str()))
        .map(|o| (o.id.clone(), o.clone()))
        .collect();
    let todo: Vec<(String, &Item)> = items
        .iter()
        .filter(|(id, _)| !earlier.contains_key(id))
        .map(|(id, item)| (id.clone(), item))
        .collect();
    let json = args.json;
    if json {
        // As one run would have printed them: the problems answered
        // before first (in the file's order).
        let mut before = String::new();
        for (id, _) in &items {
            if let Some(outcome) = earlier.get(id) {
                before.push_str(&batch::json_line(outcome));
            }
        }
        let _hold = crate::interrupt::hold_output();
        write_stdout(&before)?;
    }
    let _resumable = resume.as_ref().map(|r| {
        let words = format!(
            "their lines are in {file}: `--resume {file}` again solves the others",
            file = r.path().display()
        );
        crate::interrupt::note(move || words.clone())
    });
    let timeout = Duration::from_secs(args.timeout);
    let coqchk = if args.coqchk && !todo.is_empty() {
        let (scope, checked) = coqchk_library(timeout)?;
        eprintln!("{}", checked.line());
        Some(scope)
    } else {
        None
    };
    let settings = Settings {
        timeout,
        game_time: args.game_time,
        reading: if args.exact_rights {
            Reading::Exact
        } else {
            Reading::Asserted
        },
        coqchk,
    };
    let options = BatchOptions {
        jobs: args.jobs,
        unit: "problems".to_string(),
    };
    let mut sink = batch::Sink::new(json, resume.as_mut());
    let new = batch::run_items(
        &todo,
        &options,
        |item| solve(item, &settings),
        |outcome| sink.write(outcome),
    );
    sink.finish()?;
    let mut new: HashMap<String, Outcome> = new.into_iter().map(|o| (o.id.clone(), o)).collect();
    let outcomes: Vec<Outcome> = items
        .iter()
        .filter_map(|(id, _)| earlier.get(id).cloned().or_else(|| new.remove(id)))
        .collect();
    summarize(&outcomes, json)
}

/// Prints the summary of a run's problems (the table, or with `--json`
/// the summary line) and gives the run's result: the exit code of the
/// worst problem.
fn summarize(outcomes: &[Outcome], json: bool) -> Result<(), CliError> {
    let _hold = crate::interrupt::hold_output();
    if json {
        write_stdout(&batch::json_summary(outcomes))?;
    } else {
        write_stdout(&batch::summary_table(outcomes, "problems"))?;
    }
    batch::exit_result(outcomes, "problems")
}

/// `solve --merge FILE…`: the problem lines of several runs as one run's
/// (sorted by id; an id answered twice refused), their summary, and the
/// worst problem's exit code.
fn merge(files: &[PathBuf], json: bool) -> Result<(), CliError> {
    let outcomes = batch::merge(files)?;
    if json {
        let lines: String = outcomes.iter().map(batch::json_line).collect();
        write_stdout(&lines)?;
    }
    summarize(&outcomes, json)
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
        if column("question").is_none() && column("plies").is_some() {
            return proof_game_rows(lines, &columns, name);
        }
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
            let (question, published) =
                corpus_question(question, cell(expected), cell(expected_uci))
                    .map_err(|e| bad(&e))?;
            items.push((
                id,
                Item {
                    fen,
                    question,
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
        let classic = Classic::of(&problem.question, Fill::Any);
        let proof_game = matches!(
            problem.question,
            Question::ProofGame(_) | Question::ProofGameShortest
        );
        if proof_game && problem.solution != Solution::None {
            return Err(CliError::usage(format!(
                "{name}:{line}: a proof-game problem publishes its game in `pg` (UCI or SAN), \
                 not `sol`"
            )));
        }
        let published = match &problem.solution {
            Solution::None if proof_game => problem.game.as_ref().map_or(Published::None, |game| {
                let uci: Vec<String> = game.iter().map(Move::to_uci).collect();
                Published::ProofGames(Claim::All(vec![uci.join(" ")]))
            }),
            Solution::None => Published::None,
            Solution::Illegal => Published::Illegal,
            Solution::Verdicts(verdicts) => match classic {
                Some(classic) => {
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
                None => Published::None,
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
                question: problem.question,
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

/// The rows of a proof-game TSV (`examples/corpus/spg*.tsv`: the columns
/// `id`, `fen`, `plies`, and the published games, [`Columns`]): each the
/// question `proof-game <plies>` about its diagram.
fn proof_game_rows<'a>(
    lines: impl Iterator<Item = (usize, &'a str)>,
    columns: &[&str],
    name: &str,
) -> Result<Vec<(String, Item)>, CliError> {
    let column = |c: &str| columns.iter().position(|h| *h == c);
    let (Some(id), Some(fen), Some(plies)) = (column("id"), column("fen"), column("plies")) else {
        return Err(CliError::usage(format!(
            "{name}:1: a proof-game TSV needs the columns id, fen and plies"
        )));
    };
    let published = Columns::of(column);
    let mut items = Vec::new();
    for (i, line) in lines {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cells: Vec<&str> = line.split('\t').collect();
        let cell = |c: usize| cells.get(c).map(|s| s.trim());
        let bad = |what: String| CliError::usage(format!("{name}:{}: {what}", i + 1));
        let id = cell(id).ok_or_else(|| bad("no id".into()))?.to_string();
        let fen = cell(fen).ok_or_else(|| bad("no fen".into()))?.to_string();
        let plies = cell(plies).ok_or_else(|| bad("no plies".into()))?;
        let question = Question::from_str(&format!("proof-game {plies}")).map_err(|e| {
            bad(format!(
                "plies {}: {}",
                crate::input::quote(plies),
                bad_question(&e)
            ))
        })?;
        let published = published
            .claim(cell)
            .map_or(Published::None, Published::ProofGames);
        items.push((
            id,
            Item {
                fen,
                question,
                published,
                epd: None,
            },
        ));
    }
    check_ids(items, name)
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

/// A corpus row's question ([`Question`], a note in parentheses after it
/// skipped: `illegal? (side to move not given)`) and published answer.
fn corpus_question(
    text: &str,
    expected: Option<&str>,
    expected_uci: Option<&str>,
) -> Result<(Question, Published), String> {
    let words = text.split_once('(').map_or(text, |(words, _)| words);
    let question = Question::from_str(words).map_err(|e| bad_question(&e))?;
    let types = || {
        expected
            .map(|e| {
                e.trim_matches(|c| c == '{' || c == '}')
                    .split(',')
                    .map(|t| t.trim().to_string())
                    .filter(|t| !t.is_empty())
                    .collect::<Vec<_>>()
            })
            .filter(|t| !t.is_empty())
    };
    let published = match question {
        Question::LastMoves(_) => expected_uci
            .filter(|s| !s.is_empty())
            .map(|s| s.split_whitespace().map(str::to_string).collect())
            .map_or(Published::None, Published::Moves),
        Question::LastType => types().map_or(Published::None, Published::Types),
        Question::LastTypeBothSides => match types() {
            Some(t) if t.len() == 2 => Published::TypePair(t),
            Some(_) => return Err("both-sides: expected two types {T1,T2}".to_string()),
            None => Published::None,
        },
        Question::IllegalOrLegal => {
            match expected.map(|e| e.split_whitespace().next().unwrap_or("")) {
                Some("yes") => Published::Illegal,
                Some("no") if expected.is_some_and(|e| e.contains("not refuted")) => {
                    Published::NotRefuted
                }
                Some("no") => Published::Legal,
                _ => Published::None,
            }
        }
        _ => {
            return Err(format!(
            "bad question {text:?} (a corpus TSV asks last N, last 1 type [both-sides], illegal?)"
        ))
        }
    };
    Ok((question, published))
}

/// An answer of the engine facade, proven by `coqc`.
struct ProvenAnswer {
    answer: Answer,
    proven: Proven,
}

/// Answers `question` about `fen` as `prove` does (the engine facade,
/// [`crate::answer::find`]) and proves the answer.
fn prove_one(fen: &str, question: &Question, run: &Settings) -> Result<ProvenAnswer, CliError> {
    prove_with(fen, question, run, None)
}

/// [`prove_one`], the proof-game search stopping after `max_games` games
/// (`None`: two).
fn prove_with(
    fen: &str,
    question: &Question,
    run: &Settings,
    max_games: Option<usize>,
) -> Result<ProvenAnswer, CliError> {
    let position = position_arg(fen)?;
    let options = Options {
        game_time: run.game_time,
        reading: run.reading,
        max_games,
        ..Options::default()
    };
    let answer = answer::find(&position, question, &options).map_err(undecided)?;
    let export = &answer.export;
    let proof = export_file_with_game(export, answer.game.as_deref())
        .map_err(|e| CliError::refuted(e.to_string()))?;
    let claim = export.statement.in_chess_terms(&export.position);
    let proven = run.prove(&proof, &claim)?;
    Ok(ProvenAnswer { answer, proven })
}

/// Solves and proves one problem.
fn solve(item: &Item, run: &Settings) -> Result<Done, CliError> {
    if item.question == Question::LastTypeBothSides {
        return solve_both_sides(item, run);
    }
    if let Some(classic) = Classic::of(&item.question, Fill::Any) {
        return solve_classic(item, classic, run);
    }
    if matches!(
        item.question,
        Question::ProofGame(_) | Question::ProofGameShortest
    ) {
        return solve_proof_game(item, run);
    }
    if !item.fen.trim().contains(' ') {
        return match item.question {
            Question::IllegalOrLegal => solve_either_side(item, run),
            _ => Err(CliError::unknown(
                "the side to move is not given: only a legality question is solved for either side",
            )),
        };
    }
    let ProvenAnswer { answer, proven } = prove_one(&item.fen, &item.question, run)?;
    let words = answer.words();
    let statement = &answer.export.statement;
    let agrees = match (&item.published, statement) {
        // "Not refuted" by the source's tool claims nothing either way.
        (Published::None | Published::NotRefuted, _) => None,
        (Published::Illegal, s) => Some(s.is_illegal()),
        (Published::Legal, s) => Some(!s.is_illegal()),
        (Published::Plies(plies), _) => Some(plies.join(" ") == words),
        (Published::Moves(moves), _) => {
            let plain: Vec<String> = words.split(' ').map(plain_uci).collect();
            Some(*moves == plain)
        }
        (Published::Types(types), _) => Some(types.contains(&words)),
        (Published::TypePair(_) | Published::Verdicts(_) | Published::ProofGames(_), _) => None,
    };
    if agrees == Some(false) {
        return Err(CliError::refuted(format!(
            "proven answer \"{words}\" contradicts the published answer {}",
            published_words(&item.published)
        )));
    }
    let condition = if matches!(statement, Statement::LastPlies { .. }) && answer.game.is_none() {
        " (if the position is legal)"
    } else {
        ""
    };
    let detail = match item.question {
        // The answer is the question's word: `illegal`, `legal`.
        Question::Illegal | Question::Legal | Question::IllegalOrLegal => {
            format!("proven {words}")
        }
        _ => format!("{}: {words}{condition}", item.question),
    };
    Ok(Done::new(detail).with_json(SolvedJson {
        answer: AnswerJson::of(&answer, &proven),
        published: item.published.clone(),
        agrees,
    }))
}

/// A proof-game problem, as `prove --question "proof-game N"` answers
/// it (the games of exactly N plies found natively, every one or at least
/// two, proven in Coq), compared with what the record publishes
/// ([`proof_game_records::compare`]): the search looks for one game more
/// than the record lists, so that "these are all the games" can be
/// proven. A proven answer the record contradicts is `refuted`, with
/// both; one that neither confirms nor contradicts it (a search stopped at
/// the published games) is `unknown`.
fn solve_proof_game(item: &Item, run: &Settings) -> Result<Done, CliError> {
    let claim = match &item.published {
        Published::ProofGames(claim) => Some(claim),
        _ => None,
    };
    let ProvenAnswer { answer, proven } = prove_with(
        &item.fen,
        &item.question,
        run,
        claim.map(Claim::games_to_find),
    )?;
    let Statement::ProofGames(games) = &answer.export.statement else {
        return Err(CliError::internal(format!(
            "{}: the answer is not about proof games",
            item.question
        )));
    };
    let found = proof_game_summary(games);
    let agrees = match claim {
        None => None,
        Some(claim) => match proof_game_records::compare(claim, games, &answer.export.position) {
            Comparison::Agrees => Some(true),
            Comparison::Contradicts(why) => {
                return Err(CliError::refuted(format!(
                    "proven {found}, against the published answer ({}): {why}",
                    claim.words()
                )))
            }
            Comparison::Undecided(why) => {
                return Err(CliError::unknown(format!(
                    "proven {found}; the published answer ({}) is neither confirmed nor \
                     contradicted: {why}",
                    claim.words()
                )))
            }
        },
    };
    Ok(
        Done::new(format!("{}: {found}", item.question)).with_json(SolvedJson {
            answer: AnswerJson::of(&answer, &proven),
            published: item.published.clone(),
            agrees,
        }),
    )
}

/// A proven proof-game answer in a few words: `unique: e2e4 …`, `cooked,
/// exactly 2 games: … | …`, `cooked, at least 2 games: …`, `none`; for
/// `proof-game shortest`, after `shortest N plies, `.
fn proof_game_summary(games: &ProofGames) -> String {
    let listed = games.words();
    let words = match (games.games.len(), games.complete) {
        (0, _) => "none".to_string(),
        (1, _) => format!("unique: {listed}"),
        (k, true) => format!("cooked, exactly {k} games: {listed}"),
        (k, false) => format!("cooked, at least {k} games: {listed}"),
    };
    if games.shortest {
        format!("shortest {} plies, {words}", games.plies)
    } else {
        words
    }
}

/// A classic question of an EPD problem, as `retroproof prove FILE --id ID`
/// answers it: every case (a castling right, an en-passant square, an
/// orientation, a square) proven reachable or unreachable, or unknown; the
/// proven ones compiled in one `.v` file. Solved when every case is
/// proven; unknown (after proving the others) when some is not; refuted
/// when a proven case contradicts the published `sol`.
fn solve_classic(item: &Item, classic: Classic, run: &Settings) -> Result<Done, CliError> {
    let Some(epd) = &item.epd else {
        return Err(CliError::usage(format!(
            "the {classic} question is asked in EPD files only",
            classic = classic.name()
        )));
    };
    let seconds = game_seconds(run.game_time, classic.few_cases());
    let answer = classic_q::answer(classic, &epd.position, games(epd.game.as_deref(), seconds))
        .map_err(CliError::usage)?;
    let summary = answer.summary();
    let proof = classic_q::proof_file(&answer, &epd.notes, "retroproof solve")
        .map_err(|e| CliError::refuted(e.to_string()))?;
    let Some(proof) = proof else {
        return Err(CliError::unknown(format!(
            "{}: nothing proven ({summary})",
            classic.name()
        )));
    };
    let proven = run.prove(&proof, &summary)?;
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
    Ok(
        Done::new(format!("{}: {summary}", item.question)).with_json(SolvedJson {
            answer: classic_json(&item.question, &answer, &proven),
            published: item.published.clone(),
            agrees,
        }),
    )
}

/// A legality row that gives only the board (the question is then whether
/// either side to move is legal): illegal when it is proven illegal with
/// White to move and with Black to move (two proofs), legal when a game
/// reaches it with one of them (proven by replaying it), unknown otherwise.
fn solve_either_side(item: &Item, run: &Settings) -> Result<Done, CliError> {
    let board = item.fen.trim();
    let sided = |side: char| format!("{board} {side} - -");
    // Each side's own "no" or "unknown" is a reason; anything else (bad
    // input, an environment fault) ends the problem.
    let mut reasons = Vec::new();
    let mut not_illegal = Vec::new();
    let mut proofs = Vec::new();
    for side in ['w', 'b'] {
        match prove_one(&sided(side), &Question::Illegal, run) {
            Ok(proved) => proofs.push(proved),
            Err(e @ (CliError::Refuted(_) | CliError::Unknown(_))) => {
                reasons.push(format!("{side} to move: {}", e.message()));
                not_illegal.push(side);
            }
            Err(e) => return Err(e),
        }
    }
    let mut answer = None;
    if not_illegal.is_empty() {
        answer = Some("illegal");
    } else {
        proofs.clear();
    }
    for &side in &not_illegal {
        match prove_one(&sided(side), &Question::Legal, run) {
            Ok(proved) => {
                proofs.push(proved);
                answer = Some("legal");
                break;
            }
            Err(e @ (CliError::Refuted(_) | CliError::Unknown(_))) => {
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
    let detail = match answer {
        "illegal" => "proven illegal with either side to move",
        _ => "proven legal with one side to move",
    };
    let answers: Vec<AnswerJson> = proofs
        .iter()
        .map(|p| AnswerJson::of(&p.answer, &p.proven))
        .collect();
    Ok(Done::new(detail).with_json(SolvedJson {
        answer: AnswerJson {
            question: item.question.to_string(),
            fen: board.to_string(),
            answer: answer.to_string(),
            ..merged(answers)
        },
        published: item.published.clone(),
        agrees,
    }))
}

/// One answer object for several proven answers (the sides to move of a
/// board): their claims, theorems and assumptions together, the dead sets'
/// sizes and coqc's times summed.
fn merged(answers: Vec<AnswerJson>) -> AnswerJson {
    let mut all = answers.into_iter();
    let mut out = all.next().expect("at least one answer is proven");
    for a in all {
        out.proven.extend(a.proven);
        out.conditional |= a.conditional;
        out.certificate = match (out.certificate, a.certificate) {
            (Some(x), Some(y)) => Some(x + y),
            (x, y) => x.or(y),
        };
        out.theorem = format!("{}\n\n{}", out.theorem, a.theorem);
        out.assumptions.extend(a.assumptions);
        out.coqc.seconds = ((out.coqc.seconds + a.coqc.seconds) * 100.0).round() / 100.0;
    }
    out.assumptions.sort();
    out.assumptions.dedup();
    out
}

/// A type D record one of whose sides is not answered: `failure`, that
/// side's error (its kind gives the exit code), after what became of the
/// sides `answered` before it (White's, when Black's is the one not
/// answered), so that a reader sees which side is the hard one. A side the
/// native engine answered is named as such: its answer was never put to
/// Coq.
fn both_sides_failure(answered: &[(&str, Answer)], failure: CliError) -> CliError {
    let mut parts: Vec<String> = answered
        .iter()
        .map(|(who, answer)| {
            let export = &answer.export;
            format!(
                "with {who} to move the native engine answers {} (not checked by Coq: \
                 the record stops at the next side)",
                ply_type(&export.position, &export.statement)
            )
        })
        .collect();
    parts.push(failure.message().to_string());
    failure.with_message(parts.join("; "))
}

/// A janko.at type D record: the type of the last ply with White to move
/// and with Black to move, each answered as `prove --question "last 1
/// type"` answers it; the published pair must be the two types, in either
/// order.
///
/// Both sides are answered natively, White first, before any game is
/// searched for (a side without an answer ends the problem without
/// spending a search on what follows; the message says what became of
/// the sides tried, [`both_sides_failure`]), and both theorems go into one
/// file, checked by one `coqc` run with one `Print Assumptions`
/// ([`paired_file`]).
fn solve_both_sides(item: &Item, run: &Settings) -> Result<Done, CliError> {
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
    let mut sides: Vec<(&str, Answer)> = Vec::new();
    for (side, who) in [("w", "white"), ("b", "black")] {
        fields[1] = side;
        let found = position_arg(&fields.join(" ")).and_then(|position| {
            let options = Options {
                // The games come below, once both sides are answered.
                game_time: Some(0),
                reading: run.reading,
                ..Options::default()
            };
            answer::find(&position, &Question::LastType, &options).map_err(undecided)
        });
        let failure = match found {
            Err(e) => e.context(&format!("with {who} to move")),
            Ok(answer) if !answer.export.statement.is_last() => {
                let export = &answer.export;
                CliError::unknown(format!(
                    "with {who} to move the answer is not a last ply: {}",
                    export.statement.in_chess_terms(&export.position)
                ))
            }
            Ok(answer) => {
                sides.push((who, answer));
                continue;
            }
        };
        return Err(both_sides_failure(&sides, failure));
    }
    let game_time = last_game_seconds(run.game_time);
    if game_time > 0 {
        for (_, answer) in &mut sides {
            if answer.game.is_none() {
                let export = &answer.export;
                answer.game = game_before(
                    &export.position,
                    &export.statement,
                    Duration::from_secs(game_time),
                )
                .map(|moves| moves.iter().map(Move::to_uci).collect());
            }
        }
    }
    let meaning = |who: &str, answer: &Answer| {
        let export = &answer.export;
        format!(
            "with {who} to move: {}",
            in_chess_terms_with_game(
                &export.statement,
                &export.position,
                answer.game.as_deref(),
                export.reading,
            )
        )
    };
    let answers: Vec<Paired> = sides
        .iter()
        .map(|(who, answer)| Paired {
            module: format!("{who}_to_move"),
            meaning: meaning(who, answer),
            export: &answer.export,
            game: answer.game.as_deref(),
        })
        .collect();
    let claims: Vec<String> = answers.iter().map(|a| a.meaning.clone()).collect();
    let claim = claims.join("; ");
    let header = format!(
        "Generated by `retroproof solve` (a last-move record with either side to move).\n   {claim}"
    );
    let proof = paired_file(&header, &answers, "both_sides")
        .map_err(|e| CliError::refuted(e.to_string()))?;
    let proven = run.prove(&proof, &claim)?;
    let mut types = Vec::new();
    let mut unconditional = true;
    let mut dead = None;
    for (_, answer) in &sides {
        let export = &answer.export;
        types.push(ply_type(&export.position, &export.statement));
        unconditional &= answer.game.is_some();
        if let Proof::Certificate(d) = &export.proof {
            *dead.get_or_insert(0) += d.len();
        }
    }
    let words = format!("{{{},{}}}", types[0], types[1]);
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
            "proven answer \"{words}\" contradicts the published answer {}",
            published_words(&item.published)
        )));
    }
    let condition = if unconditional {
        ""
    } else {
        " (if the positions are legal)"
    };
    let json = AnswerJson {
        question: item.question.to_string(),
        fen: item.fen.clone(),
        answer: words.clone(),
        proven: claims,
        conditional: !unconditional,
        // Two positions, each game's end in its sentence of `proven`.
        reached: None,
        game_plies: None,
        game_seconds: None,
        exact_rights: false,
        certificate: dead,
        theorem: proven.theorem.clone(),
        assumptions: proven.assumptions.clone(),
        coqc: CoqcJson::of(&proven),
        cases: None,
    };
    Ok(Done::new(format!(
        "last 1 type, white to move and black to move: {words}{condition}"
    ))
    .with_json(SolvedJson {
        answer: json,
        published: item.published.clone(),
        agrees,
    }))
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
        Published::ProofGames(claim) => format!("\"{}\"", claim.words()),
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
