//! The question `export`, `prove` and `solve` ask: the position argument
//! (a FEN, an EPD file of retro problems, or Smullyan's problem), the
//! question ([`Question`], from `--question` or the problem's `retro`),
//! and the answer the engine facade ([`crate::answer`]) finds for it.

use std::path::Path;

use clap::Args;
use retroproof_core::problem::{Problem, Solution};
use retroproof_core::proofgame::Reading;
use retroproof_core::question::{GameSource, ParseQuestionError, Question};
use retroproof_core::{Move, Position};

use super::args::position_arg;
use super::error::CliError;
use crate::answer::{self, Answer, Kind, Options, Undecided, MAX_LAST};

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
    /// searched for, within `--game-time`), `illegal?` (`illegal`, else
    /// `legal`), `legal-game FILE.pgn`, `legal-game UCI…`, `proof-game N`
    /// (every game of exactly N plies from the initial position to the
    /// diagram's board and side to move: unique, cooked or none, searched
    /// within `--game-time`), `proof-game shortest` (the least such N, and
    /// no shorter game), or a classic one (`prove` only): `castling`,
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

    /// The proof-game search's time, in seconds: for `legal` and
    /// `proof-game` [default: 60], for `last N` (a game found makes the theorem unconditional; 0:
    /// no search) [default: 3], and per case for the classic questions
    /// [default: 60 for castling, en-passant, orientation; 10 for which,
    /// where]
    #[arg(long, value_name = "SECS",
          value_parser = clap::value_parser!(u64).range(0..=crate::input::MOST_SECONDS))]
    pub game_time: Option<u64>,

    /// For `--question which`: exactly one `?` square holds this man (a
    /// FEN letter, PNBRQK pnbrqk), the others are empty
    #[arg(long, value_name = "X")]
    pub one: Option<String>,

    /// For `--question which`: every `?` square holds a man, not nothing
    /// (a man fell off the board); the empty fillings are not cases
    #[arg(long, conflicts_with = "one")]
    pub occupied: bool,

    /// Read the FEN's castling rights and en-passant square as the FEN
    /// standard does (`-` meaning none, the en-passant square set after
    /// every double step) rather than as assertions: a game proving the
    /// position legal (`legal`, `legal-game`, the game of an
    /// unconditional `last N`) must end in the position exactly, and the
    /// theorem states `reachable_exact P` (Game.v)
    #[arg(long)]
    pub exact_rights: bool,
}

/// The question of `--question` (its words, `last 3` given as one
/// argument or two), `None` when it is not given; words that are not a
/// question are bad input.
pub fn asked(args: &QuestionArgs) -> Result<Option<Question>, CliError> {
    let words: Vec<&str> = args
        .question
        .iter()
        .flat_map(|w| w.split_ascii_whitespace())
        .collect();
    if words.is_empty() {
        return Ok(None);
    }
    words
        .join(" ")
        .parse()
        .map(Some)
        .map_err(|e| CliError::usage(bad_question(&e)))
}

/// The message for words that are not a question.
pub fn bad_question(e: &ParseQuestionError) -> String {
    match e {
        ParseQuestionError::BadCount { count } => {
            format!("bad question: last {count:?} (N from 1 to {MAX_LAST})")
        }
        other => format!("bad question: {other}"),
    }
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
            (position_arg(text)?, None, Vec::new())
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

/// The game of `--reached-by` (FILE.pgn or UCI moves), if given.
pub fn reached_by(args: &QuestionArgs) -> Result<Option<Vec<Move>>, CliError> {
    let words: Vec<&str> = args.reached_by.iter().map(String::as_str).collect();
    GameSource::from_words(&words)
        .map(|source| {
            answer::read_game(&source)
                .map(|(moves, _)| moves)
                .map_err(CliError::usage)
        })
        .transpose()
}

/// The command line's error for an [`Undecided`]: the position rules the
/// answer out (exit 1), no answer within the limits (exit 3), asked
/// wrongly (exit 2).
pub fn undecided(e: Undecided) -> CliError {
    match e.kind() {
        Kind::Refuted => CliError::refuted(e),
        Kind::Unknown => CliError::unknown(e),
        Kind::Misasked => CliError::usage(e),
    }
}

/// A question answered: the facade's answer, with the EPD problem's
/// published solution to check it against.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub answer: Answer,
    pub solution: Solution,
}

/// The question of `args` answered ([`crate::answer::find`]): the
/// position, the question (`--question`, else the problem's `retro`),
/// `--reached-by`, `--ltac`, `--game-time`.
pub fn resolve(args: &QuestionArgs) -> Result<Resolved, CliError> {
    let given = reached_by(args)?;
    let Loaded {
        position,
        question: epd_question,
        notes,
        solution,
        ..
    } = load(args)?;
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
    let question = match (asked(args)?, epd_question) {
        (Some(question), _) => question,
        (None, Some(Question::LastMoves(n))) if n > MAX_LAST => {
            return Err(CliError::usage(format!(
                "bad question: the problem's retro \"last {n}\" (N from 1 to {MAX_LAST})"
            )))
        }
        (None, Some(question)) => question,
        (None, None) => {
            return Err(CliError::usage(format!(
                "no question: pass --question ({})",
                Question::FORMS
            )))
        }
    };
    let options = Options {
        reached_by: given.as_deref(),
        game_time: args.game_time,
        ltac: args.ltac,
        reading: if args.exact_rights {
            Reading::Exact
        } else {
            Reading::Asserted
        },
        max_games: None,
    };
    let mut answer = answer::find(&position, &question, &options).map_err(undecided)?;
    answer.export.notes = notes;
    Ok(Resolved { answer, solution })
}

/// The published `sol` in the words of [`answer::statement_words`], if the
/// problem has one.
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
    let export = &resolved.answer.export;
    let answer = answer::statement_words(&export.statement);
    if published == answer {
        return Ok(());
    }
    Err(CliError::refuted(format!(
        "the problem's published sol \"{published}\" contradicts the answer \"{answer}\" ({})",
        export.statement.in_chess_terms(&export.position)
    )))
}
