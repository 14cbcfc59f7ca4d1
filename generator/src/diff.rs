//! `retroproof diff`: the native engine against Coq, position by position.
//!
//! For each position the native engine computes its retraction set (as
//! sorted strings in the notation of `Notation.v`) and its perft count at a
//! small depth. The positions are written, a batch per file, into `.v`
//! files where each line asks Coq (`RetroProof.Exports.diff_entry`) to
//! compute the same two things and print only what disagrees, *with Coq's
//! value*; the batches are compiled by `coqc` (several at once with
//! `jobs > 1`), and the printed reports are read back into [`Mismatch`]es.
//!
//! The Coq text is a [`crate::coq`] tree; positions enter Coq as
//! `fen "<FEN>"` where the FEN is printed by rust-core from the parsed
//! position, never the user's text.
//!
//! [`run_diff`] takes a hook that may alter each native result before it is
//! sent to Coq: the CLI passes none, the tests use it to inject a wrong
//! native answer and check that the diff reports it.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use retroproof_core::cert::Certificate;
use retroproof_core::{perft, Position};

use crate::coq::{print_file, AssertionKind, File, Ident, Int63, QualId, Sentence, Tactic, Term};
use crate::coqc::{Coqc, CoqcError};
use crate::emit::build::EmitError;
use crate::emit::problem::Statement;

/// What the native engine says about one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NativeResult {
    /// Retraction strings, sorted by byte (the order of `sort_strings`).
    pub retractions: Vec<String>,
    /// The perft depth actually compared: the diff's depth, or 0 for a
    /// position whose side not to move is in check. No game reaches such a
    /// position, so its move tree has no meaning (a generator may or may not
    /// "capture" the king); both sides then compare perft 0 = 1.
    pub perft_depth: u32,
    /// Perft count at `perft_depth`.
    pub perft: u64,
}

/// The native answers for `pos`, perft at `depth` (see
/// [`NativeResult::perft_depth`] for the one exception).
pub fn native(pos: &Position, depth: u32) -> NativeResult {
    let mut retractions: Vec<String> = pos.unmoves().iter().map(ToString::to_string).collect();
    retractions.sort();
    let perft_depth = if pos.is_opponent_in_check() { 0 } else { depth };
    NativeResult {
        retractions,
        perft_depth,
        perft: perft(pos, perft_depth),
    }
}

/// What was compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aspect {
    Retractions,
    Perft(u32),
    /// A `last N` problem's answer.
    LastMoves(u32),
    /// An `illegal` problem's answer.
    Illegal,
    /// A `last N` answer of the deep search, with its certificate.
    LastMovesCert(u32),
    /// An `illegal` answer of the deep search, with its certificate.
    IllegalCert,
}

impl fmt::Display for Aspect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Aspect::Retractions => f.write_str("retractions"),
            Aspect::Perft(d) => write!(f, "perft {d}"),
            Aspect::LastMoves(n) => write!(f, "last {n}"),
            Aspect::Illegal => f.write_str("illegal"),
            Aspect::LastMovesCert(n) => write!(f, "last {n}, certificate"),
            Aspect::IllegalCert => f.write_str("illegal, certificate"),
        }
    }
}

/// One disagreement between the native engine and Coq.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The position's FEN (as rust-core prints it).
    pub fen: String,
    pub aspect: Aspect,
    pub native: String,
    pub coq: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "mismatch ({}) in {}", self.aspect, self.fen)?;
        writeln!(f, "  native: {}", self.native)?;
        write!(f, "  coq:    {}", self.coq)
    }
}

/// Why a diff could not be run.
#[derive(Debug)]
pub enum DiffError {
    Emit(EmitError),
    Coqc(CoqcError),
    /// Coq printed a report line retroproof cannot read.
    BadReport(String),
}

impl fmt::Display for DiffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiffError::Emit(e) => e.fmt(f),
            DiffError::Coqc(e) => e.fmt(f),
            DiffError::BadReport(line) => write!(f, "unreadable report from Coq: {line:?}"),
        }
    }
}

impl std::error::Error for DiffError {}

impl From<EmitError> for DiffError {
    fn from(e: EmitError) -> DiffError {
        DiffError::Emit(e)
    }
}

impl From<CoqcError> for DiffError {
    fn from(e: CoqcError) -> DiffError {
        DiffError::Coqc(e)
    }
}

/// How to run a diff.
#[derive(Debug, Clone)]
pub struct DiffOptions {
    /// Perft depth (0 skips nothing: perft 0 is 1 on both sides).
    pub depth: u32,
    /// Parallel `coqc` runs.
    pub jobs: usize,
    /// Positions per `.v` file.
    pub batch: usize,
    /// `coq/theories` of the workspace, built (`make -C coq`).
    pub theories: PathBuf,
    /// Time limit per `coqc` run.
    pub timeout: Duration,
}

/// The outcome of a diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub positions: usize,
    pub mismatches: Vec<Mismatch>,
}

fn ident(name: &str) -> Result<Ident, EmitError> {
    Ok(Ident::new(name)?)
}

fn var(name: &str) -> Result<Term, EmitError> {
    Ok(Term::name(QualId::new(name)?))
}

fn int(n: u64) -> Result<Term, EmitError> {
    let value = Int63::new(n).ok_or_else(|| {
        EmitError(crate::coq::IdentError {
            reason: format!("{n} does not fit in a Coq int"),
        })
    })?;
    Ok(Term::Int(value))
}

use crate::emit::cert::cages_term;
pub use crate::emit::position::position_term;
use crate::emit::position::string_term as string;

/// A dead set as a Coq `cert` (a list of `CPos`, Cert.v).
fn dead_term(dead: &[Position]) -> Result<Term, EmitError> {
    Ok(Term::List(
        dead.iter()
            .map(crate::emit::cert::cpos_term)
            .collect::<Result<_, _>>()?,
    ))
}

/// The `.v` file for one batch: `entries[k]` is reported as position
/// `first + k`.
pub fn batch_file(first: usize, entries: &[(Position, NativeResult)]) -> Result<File, EmitError> {
    let mut sentences = vec![
        Sentence::require_import("Coq", &["Uint63", "List", "String"])?,
        Sentence::require_import("RetroProof", &["Board", "Cert", "Exports"])?,
        Sentence::OpenScope {
            local: false,
            scope: ident("string_scope")?,
        },
        Sentence::OpenScope {
            local: false,
            scope: ident("uint63_scope")?,
        },
    ];
    let mut proof = Vec::new();
    for (k, (pos, result)) in entries.iter().enumerate() {
        let retractions = result
            .retractions
            .iter()
            .map(|s| string(s))
            .collect::<Result<Vec<_>, _>>()?;
        let entry = Term::app(
            var("diff_entry")?,
            vec![
                int((first + k) as u64)?,
                position_term(pos)?,
                Term::List(retractions),
                int(u64::from(result.perft_depth))?,
                int(result.perft)?,
            ],
        );
        proof.push(Tactic::Call {
            name: QualId::new("report")?,
            args: vec![entry],
        });
    }
    proof.push(Tactic::Exact(var("I")?));
    sentences.push(Sentence::Assertion {
        kind: AssertionKind::Example,
        name: ident("diff_batch")?,
        statement: var("True")?,
        proof,
    });
    Ok(File { sentences })
}

/// The Coq string literals in `text` (Coq doubles `"` inside strings).
pub fn string_literals(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut s = String::new();
        loop {
            match chars.next() {
                None => return out,
                Some('"') if chars.peek() == Some(&'"') => {
                    chars.next();
                    s.push('"');
                }
                Some('"') => break,
                Some(c) => s.push(c),
            }
        }
        out.push(s);
    }
    out
}

/// One report line of Exports.v: `R i strings…`, `P i n`, `L i k seqs`,
/// `I i` or `C i`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CoqReport {
    Retractions(usize, Vec<String>),
    Perft(usize, u64),
    /// `L i k seqs`: Coq found `k` sequences, the first few given.
    Last(usize, u64, Vec<String>),
    /// `I i`: Coq's `check_illegal` does not confirm the answer.
    Illegal(usize),
    /// `C i`: Coq's certificate checker refuses the native certificate.
    Cert(usize),
}

pub fn parse_report(line: &str) -> Result<CoqReport, DiffError> {
    let bad = || DiffError::BadReport(line.to_string());
    let mut words = line.split_ascii_whitespace();
    let kind = words.next().ok_or_else(bad)?;
    let index: usize = words.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
    match kind {
        "R" => Ok(CoqReport::Retractions(
            index,
            words.map(str::to_string).collect(),
        )),
        "L" => {
            let count = words.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
            let seqs = words
                .next()
                .map(|w| w.split('|').map(|s| s.replace(',', " ")).collect())
                .unwrap_or_default();
            Ok(CoqReport::Last(index, count, seqs))
        }
        "P" => {
            let n = words.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
            Ok(CoqReport::Perft(index, n))
        }
        "I" => Ok(CoqReport::Illegal(index)),
        "C" => Ok(CoqReport::Cert(index)),
        _ => Err(bad()),
    }
}

fn show_set(set: &[String]) -> String {
    if set.is_empty() {
        "(none)".to_string()
    } else {
        format!("{} {}", set.len(), set.join(" "))
    }
}

/// The members of `a` not in `b`, space-separated.
fn not_in(a: &[String], b: &[String]) -> String {
    a.iter()
        .filter(|s| !b.contains(s))
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Turns Coq's reports for a batch into mismatches.
pub fn mismatches_of(
    stdout: &str,
    positions: &[Position],
    natives: &[NativeResult],
) -> Result<Vec<Mismatch>, DiffError> {
    let mut out = Vec::new();
    for literal in string_literals(stdout) {
        let report = parse_report(&literal)?;
        let lookup = |index: usize| {
            positions
                .get(index)
                .zip(natives.get(index))
                .ok_or_else(|| DiffError::BadReport(literal.clone()))
        };
        let mismatch = match report {
            CoqReport::Retractions(index, mut coq) => {
                let (pos, native) = lookup(index)?;
                coq.sort();
                let only_coq = not_in(&coq, &native.retractions);
                let only_native = not_in(&native.retractions, &coq);
                let mut note = String::new();
                if !only_coq.is_empty() {
                    note.push_str(&format!(" [only Coq: {only_coq}]"));
                }
                if !only_native.is_empty() {
                    note.push_str(&format!(" [only native: {only_native}]"));
                }
                Mismatch {
                    fen: pos.to_fen(),
                    aspect: Aspect::Retractions,
                    native: show_set(&native.retractions),
                    coq: format!("{}{note}", show_set(&coq)),
                }
            }
            CoqReport::Perft(index, n) => {
                let (pos, native) = lookup(index)?;
                Mismatch {
                    fen: pos.to_fen(),
                    aspect: Aspect::Perft(native.perft_depth),
                    native: native.perft.to_string(),
                    coq: n.to_string(),
                }
            }
            CoqReport::Last(..) | CoqReport::Illegal(_) | CoqReport::Cert(_) => {
                return Err(DiffError::BadReport(literal))
            }
        };
        out.push(mismatch);
    }
    Ok(out)
}

/// A batch's first index and its mismatches.
type BatchResult = (usize, Result<Vec<Mismatch>, DiffError>);

/// Compares native and Coq on `positions`. `inject` may alter each native
/// result before it goes to Coq (tests only; the CLI passes a no-op), and
/// `progress` is told how many positions are done after each batch.
pub fn run_diff(
    coqc: &Coqc,
    positions: &[Position],
    options: &DiffOptions,
    inject: &(dyn Fn(usize, &mut NativeResult) + Sync),
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Report, DiffError> {
    let batch = options.batch.max(1);
    let chunks: Vec<(usize, &[Position])> = positions
        .chunks(batch)
        .enumerate()
        .map(|(i, c)| (i * batch, c))
        .collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<BatchResult>> = Mutex::new(Vec::new());
    let jobs = options.jobs.clamp(1, chunks.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(&(first, chunk)) = chunks.get(i) else {
                    break;
                };
                let result = diff_batch(coqc, first, chunk, options, inject);
                let failed = result.is_err();
                results
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((first, result));
                let n = done.fetch_add(chunk.len(), Ordering::SeqCst) + chunk.len();
                progress(n);
                if failed {
                    // Stop handing out work; the error is reported below.
                    next.store(chunks.len(), Ordering::SeqCst);
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(first, _)| *first);
    let mut mismatches = Vec::new();
    for (_, result) in results {
        mismatches.extend(result?);
    }
    Ok(Report {
        positions: positions.len(),
        mismatches,
    })
}

fn diff_batch(
    coqc: &Coqc,
    first: usize,
    chunk: &[Position],
    options: &DiffOptions,
    inject: &(dyn Fn(usize, &mut NativeResult) + Sync),
) -> Result<Vec<Mismatch>, DiffError> {
    let natives: Vec<NativeResult> = chunk
        .iter()
        .enumerate()
        .map(|(k, pos)| {
            let mut result = native(pos, options.depth);
            inject(first + k, &mut result);
            result
        })
        .collect();
    let entries: Vec<(Position, NativeResult)> =
        chunk.iter().copied().zip(natives.iter().cloned()).collect();
    let stdout = compile_scratch(coqc, &print_file(&batch_file(0, &entries)?), options)?;
    // Reports carry batch-local indices (the file numbers from 0).
    mismatches_of(&stdout, chunk, &natives)
}

/// Compiles `text` as `DiffBatch.v` in a scratch directory; Coq's output.
fn compile_scratch(coqc: &Coqc, text: &str, options: &DiffOptions) -> Result<String, DiffError> {
    let dir = tempfile::Builder::new()
        .prefix("retroproof-diff-")
        .tempdir()
        .map_err(|e| CoqcError::Io {
            context: "creating a scratch directory for coqc".to_string(),
            source: e,
        })?;
    let file = dir.path().join("DiffBatch.v");
    std::fs::write(&file, text).map_err(|e| CoqcError::Io {
        context: format!("writing {}", file.display()),
        source: e,
    })?;
    Ok(coqc
        .compile(&options.theories, &file, options.timeout)?
        .stdout)
}

/// Positions reached by random legal play from the initial position (the
/// random part of the default corpus); see [`retroproof_core::random`].
pub use retroproof_core::random::random_positions;

/// Reads a corpus: one position per line, FEN (4 or 6 fields) or EPD with
/// operations; blank lines and `#` comments are skipped. Errors name the
/// line.
pub fn read_corpus(text: &str, name: &Path) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos = match Position::from_fen(line) {
            Ok(pos) => pos,
            Err(fen_error) => match retroproof_core::Epd::parse(line) {
                Ok(epd) => epd.position,
                Err(_) => {
                    return Err(format!("{}:{}: {fen_error}", name.display(), i + 1));
                }
            },
        };
        out.push(pos);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_with_doubled_quotes() {
        assert_eq!(
            string_literals("= [\"R 0 a\"; \"x\"\"y\"]\n : list string"),
            vec!["R 0 a".to_string(), "x\"y".to_string()]
        );
    }

    #[test]
    fn reports_parse() {
        assert_eq!(
            parse_report("R 3 a6b8 c6b8").unwrap(),
            CoqReport::Retractions(3, vec!["a6b8".into(), "c6b8".into()])
        );
        assert_eq!(
            parse_report("R 0").unwrap(),
            CoqReport::Retractions(0, vec![])
        );
        assert_eq!(parse_report("P 12 400").unwrap(), CoqReport::Perft(12, 400));
        assert!(parse_report("Q 1 2").is_err());
        assert!(parse_report("P x 2").is_err());
    }
}

/// A retro problem for the diff: the native engine's answer, as the
/// statement `retroproof prove` would ask Coq to prove.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProblemQuestion {
    pub position: Position,
    /// [`Statement::LastPlies`], [`Statement::Illegal`] or, with a
    /// certificate, [`Statement::IllegalCert`].
    pub statement: Statement,
    /// The deep search's dead set, when the answer is the deep search's:
    /// Coq then checks it with the certificate checkers (Cert.v) instead of
    /// `check_last`/`check_illegal`.
    pub certificate: Option<Certificate>,
}

/// The native answers to the `last N` and `illegal` problems of an EPD
/// text, where the engine can state one (see
/// [`crate::prove::last_plies_statement`], [`crate::prove::illegal_statement`]).
pub fn problem_questions(epd: &str) -> Vec<ProblemQuestion> {
    use retroproof_core::problem::{Problem, Question};
    let mut out = Vec::new();
    for line in epd.lines() {
        let Ok(problem) = Problem::parse(line.trim()) else {
            continue;
        };
        let statement = match problem.question {
            Question::LastMoves(n) => crate::prove::last_plies_statement(&problem.position, n),
            Question::Illegal => crate::prove::illegal_statement(&problem.position),
            _ => continue,
        };
        if let Ok(statement) = statement {
            out.push(ProblemQuestion {
                position: problem.position,
                statement,
                certificate: None,
            });
        }
    }
    out
}

/// The deep search's answers ([`crate::prove::deep_last_within`],
/// [`crate::prove::deep_illegal_within`]) to the `last N` and `illegal`
/// problems of an EPD text, with their certificates, where the search
/// answers within `budget`: a sample of certificates for Coq to check.
pub fn certificate_questions(
    epd: &str,
    budget: retroproof_core::deep::Budget,
) -> Vec<ProblemQuestion> {
    use retroproof_core::problem::{Problem, Question};
    let mut out = Vec::new();
    for line in epd.lines() {
        let Ok(problem) = Problem::parse(line.trim()) else {
            continue;
        };
        let answer = match problem.question {
            Question::LastMoves(n) => crate::prove::deep_last_within(&problem.position, n, budget),
            Question::Illegal => crate::prove::deep_illegal_within(&problem.position, budget),
            _ => continue,
        };
        if let Ok(answer) = answer {
            out.push(ProblemQuestion {
                position: problem.position,
                statement: answer.statement,
                certificate: Some(answer.certificate),
            });
        }
    }
    out
}

/// Asks Coq's checkers to confirm each native answer (one `coqc` run):
/// `check_last` and `check_illegal` of Search.v, the checkers the exported
/// proofs use (through `last_entry` and `illegal_entry`, Exports.v).
/// `inject` may alter a native answer first (tests only).
pub fn run_problems_diff(
    coqc: &Coqc,
    questions: &[ProblemQuestion],
    options: &DiffOptions,
    inject: &dyn Fn(usize, &mut ProblemQuestion),
) -> Result<Vec<Mismatch>, DiffError> {
    if questions.is_empty() {
        return Ok(Vec::new());
    }
    let questions: Vec<ProblemQuestion> = questions
        .iter()
        .enumerate()
        .map(|(i, q)| {
            let mut q = q.clone();
            inject(i, &mut q);
            q
        })
        .collect();
    let mut file = batch_file(0, &[])?;
    let proof = match file.sentences.last_mut() {
        Some(Sentence::Assertion { proof, .. }) => proof,
        _ => unreachable!("batch_file ends with its Example"),
    };
    proof.clear();
    for (i, q) in questions.iter().enumerate() {
        let index = int(i as u64)?;
        let position = position_term(&q.position)?;
        let answer_term = |answer: &[String]| -> Result<Term, EmitError> {
            Ok(Term::List(
                answer.iter().map(|s| string(s)).collect::<Result<_, _>>()?,
            ))
        };
        let entry = match (&q.statement, &q.certificate) {
            (Statement::LastPlies { answer, .. }, Some(c)) => Term::app(
                var("cert_last_entry")?,
                vec![
                    index,
                    position,
                    answer_term(answer)?,
                    cages_term(&c.cages)?,
                    dead_term(&c.dead)?,
                ],
            ),
            (Statement::Illegal { .. } | Statement::IllegalCert { .. }, Some(c)) => Term::app(
                var("cert_illegal_entry")?,
                vec![index, position, cages_term(&c.cages)?, dead_term(&c.dead)?],
            ),
            (Statement::LastPlies { depth, answer }, None) => Term::app(
                var("last_entry")?,
                vec![
                    index,
                    position,
                    int(u64::from(*depth))?,
                    answer_term(answer)?,
                ],
            ),
            (Statement::Illegal { depth }, None) => Term::app(
                var("illegal_entry")?,
                vec![index, position, int(u64::from(*depth))?],
            ),
            (
                Statement::LegalGame { .. }
                | Statement::LastPlyAmong { .. }
                | Statement::ProofGames(_),
                _,
            )
            | (Statement::IllegalCert { .. }, None) => continue,
        };
        proof.push(Tactic::Call {
            name: QualId::new("report").map_err(EmitError)?,
            args: vec![entry],
        });
    }
    proof.push(Tactic::Exact(var("I")?));
    let stdout = compile_scratch(coqc, &print_file(&file), options)?;
    let mut out = Vec::new();
    for literal in string_literals(&stdout) {
        let report = parse_report(&literal)?;
        let (i, coq) = match report {
            CoqReport::Last(i, count, seqs) => {
                let depth = match questions.get(i).map(|q| &q.statement) {
                    Some(Statement::LastPlies { depth, .. }) => *depth,
                    _ => return Err(DiffError::BadReport(literal)),
                };
                (
                    i,
                    format!(
                        "check_last refuses; {count} sequences of {depth} plies{}{}",
                        if seqs.is_empty() { "" } else { ", e.g. " },
                        seqs.join(" | ")
                    ),
                )
            }
            CoqReport::Illegal(i) => (i, "check_illegal refuses".to_string()),
            CoqReport::Cert(i) => (i, "the certificate checker refuses".to_string()),
            _ => return Err(DiffError::BadReport(literal)),
        };
        let q = questions
            .get(i)
            .ok_or_else(|| DiffError::BadReport(literal.clone()))?;
        out.push(Mismatch {
            fen: q.position.to_fen(),
            aspect: match (&q.statement, &q.certificate) {
                (Statement::LastPlies { answer, .. }, None) => {
                    Aspect::LastMoves(answer.len() as u32)
                }
                (Statement::LastPlies { answer, .. }, Some(_)) => {
                    Aspect::LastMovesCert(answer.len() as u32)
                }
                (_, None) => Aspect::Illegal,
                (_, Some(_)) => Aspect::IllegalCert,
            },
            native: q.statement.in_chess_terms(&q.position),
            coq,
        });
    }
    Ok(out)
}
