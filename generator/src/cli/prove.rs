//! `retroproof prove`: export a question about a position to Coq, compile
//! it with `coqc`, and say what was proven. Also the helpers every
//! Coq-running command shares: finding the workspace and its built library.

use std::path::{Path, PathBuf};

use super::CliError;

/// The workspace root (where `coq/theories` lives): from the current
/// directory upwards, else where this binary was built.
pub fn workspace_root() -> Result<PathBuf, CliError> {
    let marker = Path::new("coq").join("_CoqProject");
    if let Ok(cwd) = std::env::current_dir() {
        if let Some(root) = cwd.ancestors().find(|dir| dir.join(&marker).is_file()) {
            return Ok(root.to_path_buf());
        }
    }
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if built_in.join(&marker).is_file() {
        return Ok(built_in);
    }
    Err(CliError::usage(
        "cannot find the retroproof workspace (no coq/_CoqProject here or above)",
    ))
}

/// `coq/theories` of `root`, checked to be built (the `.vo` files the
/// generated files load are there).
pub fn built_theories(root: &Path) -> Result<PathBuf, CliError> {
    let theories = root.join("coq").join("theories");
    let needed = [
        "Board",
        "Notation",
        "Perft",
        "Exports",
        "Reachable",
        "Retro",
        "Tactics",
    ];
    if let Some(missing) = needed
        .iter()
        .find(|name| !theories.join(format!("{name}.vo")).is_file())
    {
        return Err(CliError::usage(format!(
            "the Coq library is not built ({missing}.vo missing in {}): run `make -C coq`",
            theories.display()
        )));
    }
    Ok(theories)
}

use std::time::Duration;

use clap::Args;
use retroproof_core::pgn::parse_game;
use retroproof_core::problem::{Problem, Question};
use retroproof_core::Position;

use crate::coqc::{Coqc, CoqcError};
use crate::emit::problem::{Export, Proof, Statement};
use crate::prove::{self as engine, ProveError};

/// Smullyan's "last three moves" (The Chess Mysteries of Sherlock Holmes):
/// the built-in example of `retroproof prove`.
pub const SMULLYAN: &str = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";

/// What `export` and `prove` are asked.
#[derive(Debug, Args)]
pub struct QuestionArgs {
    /// A FEN (one quoted argument, 4 or 6 fields) or an EPD file of retro
    /// problems [default: Smullyan's three-ply problem, last 3]
    pub position: Option<String>,

    /// The question: `last N`, `illegal`, `legal-game FILE.pgn` or
    /// `legal-game UCI…` [default: the EPD problem's `retro`]
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
}

/// A resolved question: the export, ready to print.
pub fn resolve(args: &QuestionArgs) -> Result<Export, CliError> {
    let (position, epd_question, notes) = match &args.position {
        None => (
            Position::from_fen(SMULLYAN).map_err(CliError::usage)?,
            Some(Question::LastMoves(3)),
            vec!["R. M. Smullyan, The Chess Mysteries of Sherlock Holmes (1979): the last three moves".to_string()],
        ),
        Some(text) if Path::new(text).is_file() => {
            let problem = problem_from_file(Path::new(text), args.id.as_deref())?;
            let mut notes = Vec::new();
            if let Some(id) = &problem.id {
                notes.push(format!("problem {id}"));
            }
            if let Some(source) = &problem.source {
                notes.push(source.clone());
            }
            (problem.position, Some(problem.question), notes)
        }
        Some(text) => (super::position_arg(text)?, None, Vec::new()),
    };
    let words: Vec<&str> = args
        .question
        .iter()
        .flat_map(|w| w.split_ascii_whitespace())
        .collect();
    if args.ltac && words.first() == Some(&"legal-game") {
        return Err(ltac_not_for_games());
    }
    let statement = match (words.as_slice(), epd_question) {
        ([], Some(Question::LastMoves(n))) => last(&position, n)?,
        ([], Some(Question::Illegal)) | (["illegal"], _) => illegal(&position)?,
        ([], Some(Question::Legal)) => {
            return Err(CliError::usage(
                "a legal question needs the game: --question legal-game FILE.pgn | UCI…",
            ))
        }
        ([], None) => {
            return Err(CliError::usage(
                "no question: pass --question (last N | illegal | legal-game FILE.pgn | legal-game UCI…)",
            ))
        }
        (["last", n], _) => match n.parse::<u32>() {
            Ok(n) if (1..=12).contains(&n) => last(&position, n)?,
            _ => {
                return Err(CliError::usage(format!(
                    "bad question: last {n:?} (N from 1 to 12)"
                )))
            }
        },
        (["legal-game", rest @ ..], _) if !rest.is_empty() => legal_game(&position, rest)?,
        (other, _) => {
            return Err(CliError::usage(format!(
                "bad question {:?} (expected last N | illegal | legal-game FILE.pgn | legal-game UCI…)",
                other.join(" ")
            )))
        }
    };
    let proof = if args.ltac {
        match engine::script(&position, &statement) {
            Some(step) => Proof::Script(step),
            None => return Err(ltac_not_for_games()),
        }
    } else {
        Proof::Reflective
    };
    Ok(Export {
        position,
        statement,
        proof,
        notes,
    })
}

fn ltac_not_for_games() -> CliError {
    CliError::usage(
        "--ltac is for last N and illegal questions; a legal game is proven by replaying it",
    )
}

fn problem_from_file(path: &Path, id: Option<&str>) -> Result<Problem, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())))?;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let problem = Problem::parse(line)
            .map_err(|e| CliError::usage(format!("{}:{}: {e}", path.display(), i + 1)))?;
        if id.is_none_or(|id| problem.id.as_deref() == Some(id)) {
            return Ok(problem);
        }
    }
    Err(CliError::usage(match id {
        Some(id) => format!("no problem with id {id:?} in {}", path.display()),
        None => format!("no problem in {}", path.display()),
    }))
}

fn last(position: &Position, n: u32) -> Result<Statement, CliError> {
    engine::last_plies_statement(position, n).map_err(|e| CliError::refuted(e.to_string()))
}

fn illegal(position: &Position) -> Result<Statement, CliError> {
    engine::illegal_statement(position).map_err(|e| CliError::refuted(e.to_string()))
}

fn legal_game(position: &Position, rest: &[&str]) -> Result<Statement, CliError> {
    let (moves, end) = match rest {
        [file] if file.ends_with(".pgn") => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| CliError::usage(format!("cannot read {file}: {e}")))?;
            let game = parse_game(&text).map_err(|e| CliError::usage(format!("{file}: {e}")))?;
            let ucis = game.moves.iter().map(|m| m.to_uci()).collect();
            (ucis, game.end)
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
                out.push(m.to_uci());
            }
            (out, pos)
        }
    };
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

    /// Keep the generated .v file in DIR
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,

    /// Time limit for coqc, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 600)]
    pub timeout: u64,
}

pub fn run(args: ProveArgs) -> Result<(), CliError> {
    let export = resolve(&args.question)?;
    let text = engine::export_text(&export).map_err(|e| CliError::refuted(e.to_string()))?;
    let proven = prove_text(
        &text,
        args.keep.as_deref(),
        Duration::from_secs(args.timeout),
        &export,
    )?;
    // The theorem as written in the file: from `Theorem` to `Proof.`.
    let theorem = text
        .lines()
        .skip_while(|l| !l.starts_with("Theorem "))
        .take_while(|l| !l.starts_with("Proof"))
        .collect::<Vec<_>>()
        .join("\n");
    let theorem = theorem.trim_end_matches('.');
    let mut out = format!(
        "proven: {}\n{theorem}\ncoqc {}: {:.2} s\n",
        export.statement.in_chess_terms(&export.position),
        proven.0,
        proven.1.as_secs_f64()
    );
    if let Some(dir) = &args.keep {
        out.push_str(&format!("kept {}\n", dir.join("Problem.v").display()));
    }
    super::write_stdout(&out)
}

/// Compiles an exported file; `Ok((coqc version, time))`. A refusal is
/// exit 1 with Coq's reason and the offending line, and says that the
/// native engine and Coq disagree.
pub fn prove_text(
    text: &str,
    keep: Option<&Path>,
    timeout: Duration,
    export: &Export,
) -> Result<(String, Duration), CliError> {
    let root = workspace_root()?;
    let theories = built_theories(&root)?;
    let coqc = Coqc::find().map_err(super::gen_coq::coqc_error)?;
    match engine::compile(&coqc, &theories, text, keep, timeout) {
        Ok(compiled) => Ok((coqc.version().to_string(), compiled.elapsed)),
        Err(ProveError::Coqc(CoqcError::Failed { message, .. })) if library_problem(&message) => {
            Err(stale_library(&message))
        }
        Err(ProveError::Coqc(CoqcError::Failed { line, message, .. })) => {
            let at = line
                .and_then(|l| {
                    engine::line_of(text, l).map(|t| format!(" at line {l}: {}", t.trim()))
                })
                .unwrap_or_default();
            let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
            Err(CliError::refuted(format!(
                "Coq refused the proof{at} — {message} — the native engine and Coq disagree: native says {}",
                export.statement.in_chess_terms(&export.position)
            )))
        }
        Err(ProveError::Coqc(e)) => Err(super::gen_coq::coqc_error(e)),
        Err(e) => Err(CliError::usage(e)),
    }
}

/// Coq could not load the library (not built, or built from other sources
/// than the ones now in coq/theories): the environment, not the proof.
pub fn library_problem(message: &str) -> bool {
    message.contains("inconsistent assumptions")
        || message.contains("Cannot find a physical path")
        || message.contains("Unable to locate library")
        || message.contains("Cannot find library")
}

pub fn stale_library(message: &str) -> CliError {
    let first = message.lines().next().unwrap_or("").trim();
    CliError::environment(format!(
        "the Coq library in coq/theories cannot be loaded ({first}): run `make -C coq`"
    ))
}
