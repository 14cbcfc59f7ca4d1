//! From a question to a compiled proof: the native engine finds the answer
//! ([`last_plies_statement`], a game for legality), [`crate::emit::problem`]
//! writes the `.v` file, and [`compile`] runs `coqc` on it in a temporary
//! directory against the built library (`-Q coq/theories RetroProof`).

use std::fmt;
use std::path::Path;
use std::time::Duration;

use retroproof_core::search::{forced_line, retro_perft, LastMoves};
use retroproof_core::Position;

use crate::coq::print_file;
use crate::coqc::{Compiled, Coqc, CoqcError};
use crate::emit::problem::{export_file, Export, Statement};
use crate::emit::EmitError;

/// How many plies past `n` the native engine looks to decide the last `n`.
pub const LOOKAHEAD: u32 = 2;

/// Above this many retraction sequences the reflective proof would
/// enumerate too much; export refuses.
pub const MAX_SEQUENCES: u64 = 200_000;

/// Why the native engine gives no statement to prove.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoStatement {
    /// Fewer than `n` plies are forced at every depth up to `n + LOOKAHEAD`.
    Undecided { n: u32, forced: Vec<String> },
    /// No retraction sequence of `depth` plies exists.
    TooShort { depth: u32, longest: u32 },
    /// The proof would enumerate too many sequences.
    TooMany { depth: u32, sequences: u64 },
}

impl fmt::Display for NoStatement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoStatement::Undecided { n, forced } => write!(
                f,
                "the native engine cannot decide the last {n} plies from retraction sequences of up to {} plies (forced: {})",
                n + LOOKAHEAD,
                if forced.is_empty() { "none".to_string() } else { forced.join(" ") }
            ),
            NoStatement::TooShort { depth, longest } => write!(
                f,
                "no sequence of {depth} retractions exists (the longest has {longest}); the position may be illegal"
            ),
            NoStatement::TooMany { depth, sequences } => write!(
                f,
                "{sequences} retraction sequences of {depth} plies: too many for a reflective proof (limit {MAX_SEQUENCES})"
            ),
        }
    }
}

/// The native answer to "what were the last `n` plies?", as a statement
/// about all retraction sequences of the smallest depth `d` in
/// `n ..= n + LOOKAHEAD` at which `n` plies are forced.
pub fn last_plies_statement(pos: &Position, n: u32) -> Result<Statement, NoStatement> {
    let mut best = Vec::new();
    for depth in n..=n + LOOKAHEAD {
        match forced_line(pos, depth) {
            LastMoves::Forced(forced) if forced.len() as u32 >= n => {
                let sequences = retro_perft(pos, depth);
                if sequences > MAX_SEQUENCES {
                    return Err(NoStatement::TooMany { depth, sequences });
                }
                return Ok(Statement::LastPlies {
                    depth,
                    answer: forced[..n as usize]
                        .iter()
                        .map(ToString::to_string)
                        .collect(),
                });
            }
            LastMoves::Forced(forced) => {
                best = forced.iter().map(ToString::to_string).collect();
            }
            LastMoves::Bounded { longest, .. } => {
                return Err(NoStatement::TooShort { depth, longest });
            }
        }
    }
    Err(NoStatement::Undecided { n, forced: best })
}

/// Why a proof was not obtained.
#[derive(Debug)]
pub enum ProveError {
    Emit(EmitError),
    Coqc(CoqcError),
    Io(String),
}

impl fmt::Display for ProveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProveError::Emit(e) => e.fmt(f),
            ProveError::Coqc(e) => e.fmt(f),
            ProveError::Io(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for ProveError {}

/// The module name of the generated file when compiled.
pub const MODULE: &str = "Problem";

/// The `.v` text for `export`.
pub fn export_text(export: &Export) -> Result<String, EmitError> {
    Ok(print_file(&export_file(export)?))
}

/// Compiles `text` as `Problem.v` in a temporary directory (copied to
/// `keep/Problem.v` first when given) against `theories`.
pub fn compile(
    coqc: &Coqc,
    theories: &Path,
    text: &str,
    keep: Option<&Path>,
    timeout: Duration,
) -> Result<Compiled, ProveError> {
    let file_name = format!("{MODULE}.v");
    if let Some(dir) = keep {
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(dir.join(&file_name), text))
            .map_err(|e| ProveError::Io(format!("writing into {}: {e}", dir.display())))?;
    }
    let dir = tempfile::Builder::new()
        .prefix("retroproof-prove-")
        .tempdir()
        .map_err(|e| ProveError::Io(format!("creating a scratch directory: {e}")))?;
    let file = dir.path().join(&file_name);
    std::fs::write(&file, text)
        .map_err(|e| ProveError::Io(format!("writing {}: {e}", file.display())))?;
    coqc.compile(theories, &file, timeout).map_err(|e| match e {
        CoqcError::Failed {
            file: _,
            line,
            message,
        } => ProveError::Coqc(CoqcError::Failed {
            file: file_name.clone().into(),
            line,
            message,
        }),
        other => ProveError::Coqc(other),
    })
}

/// The line `line` (1-based) of `text`, for showing where Coq stopped.
pub fn line_of(text: &str, line: u32) -> Option<&str> {
    text.lines().nth(line.checked_sub(1)? as usize)
}

/// One generated example proof: `coq/tests/<file>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExampleFile {
    pub file: String,
    pub contents: String,
}

/// The proof files for the problems of an EPD file (examples/) whose
/// published answer the engine can state: `last N` problems for which the
/// native statement's plies are exactly the published solution. Problems
/// without an id, or with another question, are left out.
pub fn example_files(epd: &str) -> Result<Vec<ExampleFile>, EmitError> {
    use retroproof_core::problem::{Problem, Question, Solution};
    let mut out = Vec::new();
    for line in epd.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Ok(problem) = Problem::parse(line) else {
            continue;
        };
        let (Some(id), Question::LastMoves(n), Solution::Plies(sol)) =
            (&problem.id, problem.question, &problem.solution)
        else {
            continue;
        };
        let Ok(statement) = last_plies_statement(&problem.position, n) else {
            continue;
        };
        let Statement::LastPlies { answer, .. } = &statement else {
            continue;
        };
        let published: Vec<String> = sol.iter().rev().map(ToString::to_string).collect();
        if *answer != published {
            continue;
        }
        let module: String = id
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let mut notes = vec![format!("problem {id}")];
        notes.extend(problem.source.clone());
        let export = Export {
            position: problem.position,
            statement,
            notes,
        };
        let mut contents = export_text(&export)?;
        contents = contents.replacen("`retroproof export`", "`retroproof export --examples`", 1);
        out.push(ExampleFile {
            file: format!("Ex_{module}.v"),
            contents,
        });
    }
    Ok(out)
}
