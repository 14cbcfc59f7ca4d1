//! `retroproof prove`: export a question about a position to Coq, compile
//! it with `coqc`, check the assumptions of its theorem, and say exactly
//! what was proven. The helpers every Coq-running command shares are in
//! [`super::coq_run`] (re-exported here for the other commands).

use std::path::{Path, PathBuf};

use super::CliError;

pub use super::coq_run::{
    built_theories, library_problem, prove_text, stale_library, workspace_root,
};

use std::time::Duration;

use clap::Args;
use retroproof_core::cert::Certificate;
use retroproof_core::pgn::parse_game;
use retroproof_core::problem::{Problem, Question, Solution};
use retroproof_core::proofgame::{self, ProofGameError};
use retroproof_core::{Move, Position};
use serde::Serialize;

use super::coq_run::prove_file;
use crate::emit::problem::{in_chess_terms_with_game, AssumptionCheck, Export, Proof, Statement};
use crate::progress::Progress;
use crate::prove::{self as engine, LastAnswer};

/// Smullyan's "last three moves" (The Chess Mysteries of Sherlock Holmes):
/// the built-in example of `retroproof prove`.
pub const SMULLYAN: &str = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";

/// What `export` and `prove` are asked.
#[derive(Debug, Args)]
pub struct QuestionArgs {
    /// A FEN (one quoted argument, 4 or 6 fields) or an EPD file of retro
    /// problems [default: Smullyan's three-ply problem, last 3]
    pub position: Option<String>,

    /// The question: `last N`, `last 1 type` (the type of the last move:
    /// proven as "the last ply is one of these", all of one type, when the
    /// ply itself is not forced), `illegal`, `legal` (a proof game is
    /// searched for, within `--game-time`), `legal-game FILE.pgn`,
    /// `legal-game UCI…`, or a classic one (`prove` only): `castling`,
    /// `en-passant`, `which` (a FEN with `?`), `where X`, `orientation`
    /// [default: the EPD problem's `retro`]
    #[arg(long, num_args = 1.., value_name = "QUESTION")]
    pub question: Vec<String>,

    /// With an EPD file: the problem's id [default: the first problem]
    #[arg(long)]
    pub id: Option<String>,

    /// Prove with a step-by-step Ltac script built from the native search
    /// tree (retract / ply_is / refute, coq/theories/Tactics.v) instead of
    /// one reflective checker call
    #[arg(long)]
    pub ltac: bool,

    /// For `last N`: a game that reaches the position (FILE.pgn or UCI
    /// moves from the initial position); the theorem then also states
    /// `reachable P` and is unconditional. For the classic questions: a
    /// game that reaches one of the cases, proven reachable by it
    #[arg(long, num_args = 1.., value_name = "GAME")]
    pub reached_by: Vec<String>,

    /// The proof-game search's time, in seconds: for `legal` [default:
    /// 60], for `last N` (a game found makes the theorem unconditional; 0:
    /// no search) [default: 3], and per case for the classic questions
    /// [default: 60 for castling, en-passant, orientation; 10 for which,
    /// where]
    #[arg(long, value_name = "SECS",
          value_parser = clap::value_parser!(u64).range(0..=super::MOST_SECONDS))]
    pub game_time: Option<u64>,

    /// For `--question which`: exactly one `?` square holds this man (a
    /// FEN letter, PNBRQK pnbrqk), the others are empty
    #[arg(long, value_name = "X")]
    pub one: Option<String>,

    /// For `--question which`: every `?` square holds a man, not nothing
    /// (a man fell off the board); the empty fillings are not cases
    #[arg(long, conflicts_with = "one")]
    pub occupied: bool,
}

/// The most plies `last N` asks for (the deep search goes back any
/// number of plies within its budget).
pub const MAX_LAST: u32 = 64;

/// Up to this many plies the retraction-tree engine (whose proofs need no
/// certificate) is tried before the deep search.
pub const SHALLOW_LAST: u32 = 12;

/// A resolved question: the export, ready to print.
pub fn resolve(args: &QuestionArgs) -> Result<Export, CliError> {
    Ok(resolve_full(args)?.export)
}

/// A resolved question, with what `prove` reports besides the file.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub export: Export,
    /// For a last-N answer: a game (UCI, from the initial position) that
    /// reaches the position, making the theorem unconditional.
    pub game: Option<Vec<String>>,
    /// The question as asked (`last 3`, `illegal`, `legal-game`).
    pub question: String,
    /// A last-N question about a position the engine shows illegal: the
    /// export proves the illegality instead (exit 1 after proving it).
    pub illegal_instead: bool,
    /// The EPD problem's published solution, to check against the answer.
    pub solution: Solution,
}

/// [`resolve`] with a game reaching the position: a last-N theorem is then
/// exported with `reachable P` (one unconditional statement).
pub fn resolve_with_game(args: &QuestionArgs, game: &[Move]) -> Result<Resolved, CliError> {
    resolve_inner(args, Some(game))
}

/// [`resolve`], keeping everything `prove` reports (with `--reached-by`,
/// through [`resolve_with_game`]).
pub fn resolve_full(args: &QuestionArgs) -> Result<Resolved, CliError> {
    if args.reached_by.is_empty() {
        return resolve_inner(args, None);
    }
    let words: Vec<&str> = args.reached_by.iter().map(String::as_str).collect();
    let (moves, _) = read_game(&words)?;
    resolve_with_game(args, &moves)
}

/// The position asked about: a FEN, or an EPD file's problem (with its
/// question, its notes — id and source — and its published solution), or
/// Smullyan's problem when none is given.
pub struct Loaded {
    pub position: Position,
    pub question: Option<Question>,
    pub notes: Vec<String>,
    pub solution: Solution,
    /// An EPD problem's published game (`pg`), if any.
    pub game: Option<Vec<Move>>,
}

/// Reads the position argument ([`Loaded`]).
pub fn load(args: &QuestionArgs) -> Result<Loaded, CliError> {
    let mut solution = Solution::None;
    let mut game = None;
    let (position, question, notes) = match &args.position {
        None => (
            Position::from_fen(SMULLYAN).map_err(CliError::usage)?,
            Some(Question::LastMoves(3)),
            vec!["R. M. Smullyan, The Chess Mysteries of Sherlock Holmes (1979): the last three moves".to_string()],
        ),
        // A FEN has spaces between its fields; a word alone is a file,
        // unless it is a board (eight ranks): then the FEN error says what
        // is missing.
        Some(text)
            if Path::new(text).exists()
                || (!text.contains(' ') && text != "startpos" && text.matches('/').count() != 7) =>
        {
            let problem = problem_from_file(Path::new(text), args.id.as_deref())?;
            let mut notes = Vec::new();
            if let Some(id) = &problem.id {
                notes.push(format!("problem {id}"));
            }
            if let Some(source) = &problem.source {
                notes.push(source.clone());
            }
            solution = problem.solution.clone();
            game = problem.game.clone();
            (problem.position, Some(problem.question), notes)
        }
        Some(text) => {
            if args.id.is_some() {
                return Err(CliError::usage(
                    "--id picks a problem of an EPD file; with a FEN there is nothing to pick",
                ));
            }
            (super::position_arg(text)?, None, Vec::new())
        }
    };
    Ok(Loaded {
        position,
        question,
        notes,
        solution,
        game,
    })
}

/// The words of `--question` (`last 3` given as one argument or two).
pub fn question_words(args: &QuestionArgs) -> Vec<&str> {
    args.question
        .iter()
        .flat_map(|w| w.split_ascii_whitespace())
        .collect()
}

fn resolve_inner(args: &QuestionArgs, given: Option<&[Move]>) -> Result<Resolved, CliError> {
    let Loaded {
        position,
        question: epd_question,
        notes,
        solution,
        ..
    } = load(args)?;
    let words = question_words(args);
    if args.one.is_some() {
        return Err(CliError::usage(
            "--one is for `prove --question which` (exactly one '?' square holds the man)",
        ));
    }
    if args.occupied {
        return Err(CliError::usage(
            "--occupied is for `prove --question which` (every '?' square holds a man)",
        ));
    }
    if args.ltac && words.first() == Some(&"legal-game") {
        return Err(ltac_not_for_games());
    }
    let mut game = None;
    let mut illegal_instead = false;
    // The certificate of a deep-search answer (proven by a certificate checker).
    let mut dead: Option<Certificate> = None;
    let mut question = words.join(" ");
    let last_seconds = last_game_seconds(args.game_time);
    let game_time = (last_seconds > 0).then(|| Duration::from_secs(last_seconds));
    // `typed`: the question is the type of the last ply (n = 1), which the
    // deep search may answer with several plies of one type.
    let mut last = |n: u32, typed: bool| -> Result<Statement, CliError> {
        question = if typed {
            "last 1 type".to_string()
        } else {
            format!("last {n}")
        };
        // The retraction-tree engine first (its proofs need no
        // certificate), up to SHALLOW_LAST plies; then the deep search.
        let shallow = if n <= SHALLOW_LAST {
            engine::last_plies_searching(&position, n, given, game_time).map_err(no_statement)
        } else {
            if let Some(moves) = given {
                engine::check_game_reaches(&position, moves).map_err(no_statement)?;
            }
            Err(CliError::unknown(format!(
                "the retraction-tree engine answers at most {SHALLOW_LAST} plies"
            )))
        };
        match shallow {
            Ok(LastAnswer::Illegal(statement)) => {
                illegal_instead = true;
                Ok(statement)
            }
            Ok(LastAnswer::Plies {
                statement,
                game: found,
            }) => {
                game = found;
                Ok(statement)
            }
            Err(e) if e.code() == 3 => {
                let answer = if typed {
                    engine::deep_last_type(&position)
                } else {
                    engine::deep_last(&position, n)
                }
                .map_err(|reason| CliError::unknown(format!("{}; {reason}", e.message())))?;
                if answer.statement.is_illegal() {
                    illegal_instead = true;
                } else {
                    game = match given {
                        Some(moves) => Some(moves.iter().map(Move::to_uci).collect()),
                        None => game_time
                            .and_then(|t| engine::game_before(&position, &answer.statement, t))
                            .map(|moves| moves.iter().map(Move::to_uci).collect()),
                    };
                }
                dead = Some(answer.certificate);
                Ok(answer.statement)
            }
            Err(e) => Err(e),
        }
    };
    let statement = match (words.as_slice(), epd_question) {
        ([], Some(Question::LastMoves(n))) if (1..=MAX_LAST).contains(&n) => last(n, false)?,
        ([], Some(Question::LastMoves(n))) => {
            return Err(CliError::usage(format!(
                "bad question: the problem's retro \"last {n}\" (N from 1 to {MAX_LAST})"
            )))
        }
        ([], Some(Question::Illegal)) | (["illegal"], _) => {
            question = "illegal".to_string();
            match illegal(&position) {
                Err(e) if e.code() == 3 => {
                    let answer = engine::deep_illegal(&position).map_err(|reason| {
                        CliError::unknown(format!("{}; {reason}", e.message()))
                    })?;
                    dead = Some(answer.certificate);
                    answer.statement
                }
                other => other?,
            }
        }
        ([], Some(Question::Legal)) | (["legal"], _) => {
            question = "legal".to_string();
            match proof_game(&position, game_seconds(args.game_time, true)) {
                Ok(statement) => statement,
                Err(ProofGameError::Illegal(_)) => {
                    // The game search's static rules refute the position:
                    // prove that instead (exit 1 after proving it).
                    illegal_instead = true;
                    illegal(&position)?
                }
                Err(e) => {
                    return Err(CliError::unknown(format!(
                        "legality unknown: {e} (the proof-game search)"
                    )))
                }
            }
        }
        ([], None) => {
            return Err(CliError::usage(
                "no question: pass --question (last N | last 1 type | illegal | legal | legal-game FILE.pgn | legal-game UCI… | castling | en-passant | which | where X | orientation)",
            ))
        }
        (["last", n], _) => match n.parse::<u32>() {
            Ok(n) if (1..=MAX_LAST).contains(&n) => last(n, false)?,
            _ => {
                return Err(CliError::usage(format!(
                    "bad question: last {n:?} (N from 1 to {MAX_LAST})"
                )))
            }
        },
        (["last", "1", "type"], _) => last(1, true)?,
        (["castling" | "en-passant" | "which" | "orientation"] | ["where", _], _)
        | ([], Some(Question::Castling | Question::EnPassant | Question::Orientation | Question::Where(_))) => {
            return Err(CliError::usage(format!(
                "the classic question {:?} is answered by `retroproof prove` (one proof per case, compiled together), not by export",
                if words.is_empty() { epd_question.map(|q| q.to_string()).unwrap_or_default() } else { words.join(" ") }
            )))
        }
        (["legal-game", rest @ ..], _) if !rest.is_empty() => {
            question = "legal-game".to_string();
            legal_game(&position, rest)?
        }
        (other, _) => {
            return Err(CliError::usage(format!(
                "bad question {:?} (expected last N | last 1 type | illegal | legal | legal-game FILE.pgn | legal-game UCI… | castling | en-passant | which | where X | orientation)",
                other.join(" ")
            )))
        }
    };
    if given.is_some() && !statement.is_last() {
        return Err(CliError::usage(
            "--reached-by is for last N questions (it makes their theorem unconditional)",
        ));
    }
    let proof = if let Some(dead) = dead {
        if args.ltac {
            return Err(CliError::usage(format!(
                "--ltac: this answer needs the deep search's certificate ({} positions), which has no readable Ltac script; without --ltac it is proven by the certificate checker",
                dead.len()
            )));
        }
        Proof::Certificate(dead)
    } else if args.ltac {
        match engine::script(&position, &statement) {
            Some(step) => Proof::Script(step),
            None => return Err(ltac_not_for_games()),
        }
    } else {
        Proof::Reflective
    };
    Ok(Resolved {
        export: Export {
            position,
            statement,
            proof,
            notes,
        },
        game,
        question,
        illegal_instead,
        solution,
    })
}

/// The generated file for a resolved question, as `export` writes it
/// (ending with `Print Assumptions` of the whole theorem).
pub fn resolved_text(resolved: &Resolved) -> Result<String, CliError> {
    engine::export_text_with_game(&resolved.export, resolved.game.as_deref())
        .map_err(|e| CliError::refuted(e.to_string()))
}

/// The generated file for a resolved question, as `prove` compiles it,
/// and how its assumptions are checked ([`engine::proof_text_with_game`]).
pub fn resolved_proof_text(resolved: &Resolved) -> Result<(String, AssumptionCheck), CliError> {
    engine::proof_text_with_game(&resolved.export, resolved.game.as_deref())
        .map_err(|e| CliError::refuted(e.to_string()))
}

/// The answer in words (`c2c4 b4c3ep b3c3xp`, `illegal`, `legal`), for
/// JSON and for comparing with a published `sol`.
pub fn answer_words(statement: &Statement) -> String {
    match statement {
        Statement::LastPlies { answer, .. } => answer
            .iter()
            .rev()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" "),
        Statement::LastPlyAmong { plies, .. } => plies.join(" or "),
        Statement::Illegal { .. } | Statement::IllegalCert { .. } => "illegal".to_string(),
        Statement::LegalGame { .. } => "legal".to_string(),
    }
}

/// The published `sol` in the same words, if the problem has one.
fn solution_words(solution: &Solution) -> Option<String> {
    match solution {
        Solution::None => None,
        Solution::Illegal => Some("illegal".to_string()),
        Solution::Verdicts(pairs) => Some(retroproof_core::problem::verdict_words(pairs)),
        Solution::Plies(plies) => Some(
            plies
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        ),
    }
}

/// `Err` (exit 1, naming both) when the EPD problem's `sol` contradicts
/// the answer.
pub fn check_solution(resolved: &Resolved) -> Result<(), CliError> {
    let Some(published) = solution_words(&resolved.solution) else {
        return Ok(());
    };
    let answer = answer_words(&resolved.export.statement);
    if published == answer {
        return Ok(());
    }
    Err(CliError::refuted(format!(
        "the problem's published sol \"{published}\" contradicts the answer \"{answer}\" ({})",
        resolved
            .export
            .statement
            .in_chess_terms(&resolved.export.position)
    )))
}

fn ltac_not_for_games() -> CliError {
    CliError::usage(
        "--ltac is for last N and illegal questions; a legal game is proven by replaying it",
    )
}

fn problem_from_file(path: &Path, id: Option<&str>) -> Result<Problem, CliError> {
    let text = crate::input::read_text(path)?;
    let name = path.display().to_string();
    read_problems(&text, &name)?
        .into_iter()
        .map(|(_, problem)| problem)
        .find(|problem| id.is_none_or(|id| problem.id.as_deref() == Some(id)))
        .ok_or_else(|| {
            CliError::usage(match id {
                Some(id) => format!("no problem with id {id:?} in {name}"),
                None => format!("no problem in {name}"),
            })
        })
}

/// The retro problems of an EPD text (blank lines and `#` comments
/// skipped), with their 1-based line numbers. A malformed line or an id
/// used twice is bad input, named by `name:line`.
pub fn read_problems(text: &str, name: &str) -> Result<Vec<(usize, Problem)>, CliError> {
    let mut problems = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let problem =
            Problem::parse(line).map_err(|e| CliError::usage(format!("{name}:{}: {e}", i + 1)))?;
        if let Some(pid) = &problem.id {
            if !seen.insert(pid.clone()) {
                return Err(CliError::usage(format!(
                    "{name}:{}: the id {pid:?} is used twice",
                    i + 1
                )));
            }
        }
        problems.push((i + 1, problem));
    }
    Ok(problems)
}

fn illegal(position: &Position) -> Result<Statement, CliError> {
    engine::illegal_statement(position).map_err(no_statement)
}

/// Why the engine has no statement, with its exit code: what the engine
/// could not decide within its limits is unknown (3); an answer the
/// position rules out (a game reaches it, no history that long, a given
/// game that ends elsewhere) is refuted (1).
pub fn no_statement(e: engine::NoStatement) -> CliError {
    use engine::NoStatement as No;
    match e {
        No::Undecided { .. } | No::TooMany { .. } | No::NotIllegal { .. } => {
            CliError::unknown(e.to_string())
        }
        No::TooShort { .. } | No::ShortGame { .. } | No::Legal { .. } | No::GameMismatch { .. } => {
            CliError::refuted(e.to_string())
        }
    }
}

/// A game from FILE.pgn or UCI moves: its moves and final position.
pub(crate) fn read_game(rest: &[&str]) -> Result<(Vec<Move>, Position), CliError> {
    match rest {
        [file] if file.ends_with(".pgn") => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| CliError::usage(format!("cannot read {file}: {e}")))?;
            let game = parse_game(&text).map_err(|e| CliError::usage(format!("{file}: {e}")))?;
            Ok((game.moves, game.end))
        }
        ucis => {
            let mut pos = Position::start();
            let mut out = Vec::new();
            for (i, uci) in ucis.iter().enumerate() {
                let m = pos
                    .parse_uci(uci)
                    .map_err(|e| CliError::usage(format!("ply {} ({uci}): {e}", i + 1)))?;
                pos = pos
                    .play(&m)
                    .map_err(|e| CliError::usage(format!("ply {} ({uci}): {e}", i + 1)))?;
                out.push(m);
            }
            Ok((out, pos))
        }
    }
}

/// The proof-game search's default time, in seconds, per case of the
/// classic questions that try many cases (`which`, `where X`: up to 32),
/// where a game only adds to the answer.
pub const PROOF_GAME_SECONDS: u64 = 10;

/// The proof-game search's default time, in seconds, for a `last N`
/// answer, where a game makes the theorem unconditional. Measured on the
/// shared last-move corpus (2026-12-02, `solve --jobs 2`): with 10 s,
/// 153 proven, 73 unconditional, median 5.50 s (89 of 178 within 5 s),
/// most of the time of the conditional answers spent on games not found;
/// with 3 s, the same 153, 65 unconditional, median 3.89 s (113 within
/// 5 s). `--game-time` gives more.
pub const LAST_GAME_SECONDS: u64 = 3;

/// The proof-game search's default time for `--question legal`, in
/// seconds: there the game *is* the answer, so it gets a minute (measured
/// on `examples/corpus/legality.tsv`: 4 of the 5 rows still unknown after
/// 10 s are proven legal within 60 s).
pub const LEGAL_GAME_SECONDS: u64 = 60;

/// `--game-time` when given, else the default for a question whose answer
/// is the game ([`LEGAL_GAME_SECONDS`]: `legal`, and the classic questions
/// of at most four cases, [`crate::classic::Classic::few_cases`]) or for
/// any other ([`PROOF_GAME_SECONDS`]).
pub fn game_seconds(given: Option<u64>, answer_is_game: bool) -> u64 {
    given.unwrap_or(if answer_is_game {
        LEGAL_GAME_SECONDS
    } else {
        PROOF_GAME_SECONDS
    })
}

/// `--game-time` when given, else [`LAST_GAME_SECONDS`]: the game search
/// behind a `last N` answer (`prove`, and both sides of `solve`'s
/// both-sides rows).
pub fn last_game_seconds(given: Option<u64>) -> u64 {
    given.unwrap_or(LAST_GAME_SECONDS)
}

/// `--question legal`: a game found by the proof-game search
/// ([`retroproof_core::proofgame`]), replayed by Coq. The search checks
/// that its game reaches `position`; so does [`legal_game`] again here,
/// and Coq's `check_uci_game_sound` once more.
fn proof_game(position: &Position, seconds: u64) -> Result<Statement, ProofGameError> {
    let budget = proofgame::Budget::with_time(Duration::from_secs(seconds));
    let moves = proofgame::find_proof_game(position, budget)?;
    Ok(Statement::LegalGame {
        moves: moves.iter().map(Move::to_uci).collect(),
    })
}

fn legal_game(position: &Position, rest: &[&str]) -> Result<Statement, CliError> {
    let (moves, end) = read_game(rest)?;
    let moves: Vec<String> = moves.iter().map(Move::to_uci).collect();
    if end.board() != position.board() || end.turn() != position.turn() {
        return Err(CliError::refuted(format!(
            "the game ends in {}, not in the position asked about",
            end.to_fen()
        )));
    }
    Ok(Statement::LegalGame { moves })
}

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
          value_parser = clap::value_parser!(u64).range(1..=super::MOST_SECONDS))]
    pub timeout: u64,

    /// Print one JSON object: proven, theorem, assumptions, question,
    /// answer, fen, coqc, seconds, conditional
    #[arg(long)]
    pub json: bool,
}

/// `prove --json`.
#[derive(Debug, Serialize)]
pub struct ProveReport {
    pub proven: String,
    pub theorem: String,
    pub assumptions: Vec<String>,
    pub question: String,
    pub answer: String,
    pub fen: String,
    pub coqc: String,
    pub coqc_path: String,
    pub library: String,
    pub seconds: f64,
    /// The theorem holds only if the position is legal (a last-N answer
    /// without a game reaching the position).
    pub conditional: bool,
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
    if let Some(result) = super::classic::dispatch(&args) {
        return result;
    }
    // On a terminal, a spinner while the engine searches (the proof-game
    // search alone may take `--game-time`) and while coqc checks.
    let spinner = Progress::spinner("searching for an answer the engine can prove");
    let resolved = resolve_full(&args.question)?;
    spinner.finish();
    if !resolved.illegal_instead {
        // A published answer the engine contradicts is caught before Coq
        // runs; after, for the proven one (below).
        check_solution(&resolved)?;
    }
    let (text, check) = resolved_proof_text(&resolved)?;
    let export = &resolved.export;
    let game = resolved.game.as_deref();
    let claim = in_chess_terms_with_game(&export.statement, &export.position, game);
    let spinner = Progress::spinner("coqc: checking the proof");
    let proven = prove_file(
        &text,
        &check,
        args.keep.as_deref(),
        Duration::from_secs(args.timeout),
        &claim,
    )?;
    spinner.finish();
    // The theorem as written in the file: from `Theorem` to `Proof.`.
    let theorem = text
        .lines()
        .skip_while(|l| !l.starts_with("Theorem "))
        .take_while(|l| !l.starts_with("Proof"))
        .collect::<Vec<_>>()
        .join("\n");
    let theorem = theorem.trim_end_matches('.').to_string();
    let report = ProveReport {
        proven: claim.clone(),
        theorem: theorem.clone(),
        assumptions: proven.assumptions.clone(),
        question: resolved.question.clone(),
        answer: answer_words(&export.statement),
        fen: export.position.to_fen(),
        coqc: proven.coqc_version.clone(),
        coqc_path: proven.coqc_path.display().to_string(),
        library: proven.library.display().to_string(),
        seconds: (proven.elapsed.as_secs_f64() * 100.0).round() / 100.0,
        conditional: export.statement.is_conditional(game),
    };
    let mut out = if args.json {
        let mut json = serde_json::to_string_pretty(&report)
            .map_err(|e| CliError::usage(format!("cannot encode JSON: {e}")))?;
        json.push('\n');
        json
    } else {
        format!(
            "proven: {claim}\n{theorem}\n{}\n{}\n",
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
        write_report(file, &resolved, &report, &proven)?;
    }
    super::write_stdout(&out)?;
    if resolved.illegal_instead {
        return Err(CliError::refuted(if resolved.question == "legal" {
            "the position is illegal (proven above)".to_string()
        } else {
            format!(
                "no last-move answer: the position is illegal (proven above), so any answer to \"{}\" would be vacuous",
                resolved.question
            )
        }));
    }
    check_solution(&resolved)
}

/// Writes the `--report` page of a proven answer (crate::render).
fn write_report(
    file: &Path,
    resolved: &Resolved,
    report: &ProveReport,
    proven: &super::coq_run::Proven,
) -> Result<(), CliError> {
    let export = &resolved.export;
    let title = format!("retroproof: {}", resolved.question);
    let page = match &export.statement {
        Statement::LastPlies { answer, .. } => {
            let oldest_first: Vec<String> = answer.iter().rev().cloned().collect();
            crate::render::Report::last_moves(
                &title,
                &resolved.question,
                &report.proven,
                &export.position,
                &oldest_first,
            )
        }
        Statement::LegalGame { moves } => crate::render::Report::game(
            &title,
            &resolved.question,
            &report.proven,
            &Position::start(),
            moves,
        ),
        Statement::Illegal { .. }
        | Statement::IllegalCert { .. }
        | Statement::LastPlyAmong { .. } => crate::render::Report::last_moves(
            &title,
            &resolved.question,
            &report.proven,
            &export.position,
            &[],
        ),
    }
    .map_err(|e| CliError::refuted(format!("cannot draw the report: {e}")))?;
    let mut page = page;
    if export.statement.is_illegal() {
        // No plies to take back: the position alone.
        page.diagrams.truncate(1);
    }
    page.proven = true;
    page.theorem = report.theorem.clone();
    page.assumptions = Some(report.assumptions.clone());
    page.coqc = Some(proven.coqc_line());
    page.timings = vec![("coqc".to_owned(), proven.elapsed.as_secs_f64())];
    std::fs::write(file, crate::render::html_report(&page))
        .map_err(|e| CliError::usage(format!("cannot write {}: {e}", file.display())))
}
