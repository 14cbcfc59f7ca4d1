//! What every Coq-running command (`prove`, `check-game`, `diff`) shares:
//! finding the workspace and its built library, checking that library is
//! up to date, compiling a generated file, and reading the assumptions its
//! theorem depends on.
//!
//! Faults of the machine (no or broken `coqc`, a library not built, stale
//! or unloadable) are [`CliError::Environment`] (exit 4), one line naming
//! the cause and the fix; only a file Coq really rejects is "Coq refused".

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::error::CliError;
use crate::assumptions::PROBE_LINES_BEFORE;
use crate::coqc::{check_library, Coqc, CoqcError};
use crate::coqchk::{Coqchk, CoqchkError, Scope};
use crate::emit::problem::ProofFile;
use crate::prove::{self as engine, ProveError};

/// The workspace root (where `coq/theories` lives): from the current
/// directory upwards, else where this binary was built.
pub fn workspace_root() -> Result<PathBuf, CliError> {
    let marker = Path::new("coq").join("_CoqProject");
    if let Ok(cwd) = std::env::current_dir() {
        if let Some(root) = cwd.ancestors().find(|dir| dir.join(&marker).is_file()) {
            return Ok(root.to_path_buf());
        }
    }
    // `generator/..` without its `..` where the path exists (a report
    // names the library as the user would type it).
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let built_in = built_in.canonicalize().unwrap_or(built_in);
    if built_in.join(&marker).is_file() {
        return Ok(built_in);
    }
    Err(CliError::environment(
        "cannot find the retroproof workspace (no coq/_CoqProject here or above): run retroproof inside the repository",
    ))
}

/// `coq/theories` of `root`, checked to be built and up to date: every
/// `.v` has a `.vo` at least as new ([`check_library`]).
pub fn built_theories(root: &Path) -> Result<PathBuf, CliError> {
    let theories = root.join("coq").join("theories");
    check_library(&theories).map_err(coqc_error)?;
    Ok(theories)
}

/// A `coqc` failure as a CLI error: the environment's faults exit 4, a
/// file Coq rejected exit 1, a compilation stopped by `--timeout` exit 3.
/// Out of time is not a refusal: Coq has said nothing about the claim, so
/// the answer is unknown (as for `coqchk`: `coqchk_error`), and `solve`
/// does not report the record refuted.
pub fn coqc_error(e: CoqcError) -> CliError {
    match e {
        CoqcError::Timeout { .. } => {
            CliError::unknown(format!("not proven: {e} (give --timeout more)"))
        }
        e if e.is_environment() => CliError::environment(e),
        e => CliError::refuted(e),
    }
}

/// Coq could not load the library (not built, or built from other sources
/// than the ones now in coq/theories, or a corrupt `.vo`): the environment,
/// not the proof.
pub fn library_problem(message: &str) -> bool {
    crate::coqc::is_library_failure(message)
}

/// The environment error for [`library_problem`] messages.
pub fn stale_library(message: &str) -> CliError {
    CliError::environment(CoqcError::LibraryUnloadable {
        detail: message.to_string(),
    })
}

/// A compiled, assumption-checked theorem.
#[derive(Debug, Clone)]
pub struct Proven {
    /// `coqc --print-version`, e.g. `8.16.1`.
    pub coqc_version: String,
    pub coqc_path: PathBuf,
    /// The library compiled against (`coq/theories`).
    pub library: PathBuf,
    pub elapsed: Duration,
    /// What `Print Assumptions` listed, by fully qualified kernel name
    /// (all in ci/allowed-assumptions.txt).
    pub assumptions: Vec<String>,
    /// What the file proves, as its theorems state it
    /// ([`ProofFile::theorem`], from the syntax tree).
    pub theorem: String,
    /// `coqchk`'s check of the compiled proof, when asked for.
    pub coqchk: Option<Checked>,
}

/// A proof `coqchk` checked again.
#[derive(Debug, Clone)]
pub struct Checked {
    pub path: PathBuf,
    /// Whether the library's modules were checked too (else admitted,
    /// checked once elsewhere).
    pub with_library: bool,
    pub elapsed: Duration,
}

impl Checked {
    /// `coqchk (/usr/bin/coqchk): the proof and the library it loads, 120.3 s`.
    pub fn line(&self) -> String {
        format!(
            "coqchk ({}): {}, {:.1} s",
            self.path.display(),
            if self.with_library {
                "the proof and the library it loads, checked again"
            } else {
                "the proof checked again (the library checked once for the run)"
            },
            self.elapsed.as_secs_f64()
        )
    }
}

impl Proven {
    /// `coqc 8.16.1 (/usr/bin/coqc), library /…/coq/theories: 0.67 s`,
    /// and `coqchk`'s line under it when it checked the proof again.
    pub fn coqc_line(&self) -> String {
        let coqc = format!(
            "coqc {} ({}), library {}: {:.2} s",
            self.coqc_version,
            self.coqc_path.display(),
            self.library.display(),
            self.elapsed.as_secs_f64()
        );
        match &self.coqchk {
            Some(checked) => format!("{coqc}\n{}", checked.line()),
            None => coqc,
        }
    }

    /// What the proof trusts: Coq's kernel with its bytecode VM (the
    /// reflective proofs run their checkers under `vm_compute` and close
    /// them with `vm_cast_no_check`), and the assumptions `Print
    /// Assumptions` listed, each allowed by kernel name (`--json` lists
    /// them).
    pub fn assumptions_line(&self) -> String {
        const TRUSTED: &str = "trusted: Coq's kernel and its bytecode VM (vm_compute)";
        if self.assumptions.is_empty() {
            format!("{TRUSTED}; assumptions: none (closed under the global context)")
        } else {
            format!(
                "{TRUSTED}; assumptions: {} Int63/PArray primitives and their axioms, each in ci/allowed-assumptions.txt by kernel name",
                self.assumptions.len()
            )
        }
    }
}

/// Compiles a generated file (its text ending with `Print Assumptions` of
/// each of `proof.assumptions.targets`, [`engine::file_text`]) against the
/// workspace's built library, then checks the assumptions of the targets
/// and of the library lemmas `proof.assumptions.lemmas` (once per build of
/// the library, [`crate::lemmas`]) against the allow-list. `claim` is what
/// the native engine says, for the message when Coq refuses. A refusal is
/// exit 1 with Coq's reason and the offending line, and says that the
/// native engine and Coq disagree; assumptions outside the allow-list are
/// exit 1 too.
pub fn prove_file(
    proof: &ProofFile,
    keep: Option<&Path>,
    timeout: Duration,
    claim: &str,
) -> Result<Proven, CliError> {
    prove_file_with(proof, keep, timeout, None, claim)
}

/// `coqchk` on the whole library (and the standard library it loads),
/// once for a run of many proofs: the scope each proof is then checked
/// in, the library admitted, and the library's check as [`Checked`].
pub fn coqchk_library(timeout: Duration) -> Result<(Scope, Checked), CliError> {
    let root = workspace_root()?;
    let theories = built_theories(&root)?;
    let coqc = Coqc::find_within(timeout).map_err(coqc_error)?;
    let chk = Coqchk::beside(&coqc).map_err(|e| CliError::environment(&e))?;
    let modules = Coqchk::library_modules(&theories).map_err(CliError::environment)?;
    let elapsed = chk
        .check_library(&theories, &modules, timeout)
        .map_err(coqchk_error)?;
    let checked = Checked {
        path: chk.path().to_path_buf(),
        with_library: true,
        elapsed,
    };
    Ok((Scope::LibraryAdmitted(modules), checked))
}

/// A `coqchk` failure as a CLI error: missing or unrunnable is the
/// environment (exit 4); out of time is unknown (exit 3); a refusal means
/// not proven (exit 1).
fn coqchk_error(e: CoqchkError) -> CliError {
    match e {
        CoqchkError::NotFound | CoqchkError::Io(_) => CliError::environment(&e),
        CoqchkError::Timeout { .. } => CliError::unknown(format!("not checked: {e}")),
        CoqchkError::Refused { .. } | CoqchkError::Unsafe { .. } => {
            CliError::refuted(format!("not proven: {e}"))
        }
    }
}

/// [`prove_file`], then, with `coqchk`, Coq's independent checker on the
/// compiled proof (and the library, as `coqchk` says: [`Scope`]) within
/// `timeout`: not proven unless it agrees.
pub fn prove_file_with(
    proof: &ProofFile,
    keep: Option<&Path>,
    timeout: Duration,
    coqchk: Option<&Scope>,
    claim: &str,
) -> Result<Proven, CliError> {
    let check = &proof.assumptions;
    let (text, checks) = engine::file_text_with_checks(&proof.file, check);
    let root = workspace_root()?;
    let theories = built_theories(&root)?;
    let coqc = Coqc::find_within(timeout).map_err(coqc_error)?;
    // Compiled with the probe that tells how each allowed assumption
    // prints (crate::assumptions); Coq's line numbers are this text's.
    let text = &engine::with_probe(&text);
    let dir = engine::scratch().map_err(CliError::environment)?;
    let compiled = match engine::compile_in(&dir, &coqc, &theories, text, keep, timeout) {
        Ok(compiled) => compiled,
        Err(ProveError::Coqc(CoqcError::Failed { line, message, .. })) => {
            let source = line.and_then(|l| engine::line_of(text, l));
            // A failure on a `Require` line is the library, not the proof.
            if library_problem(&message) || source.is_some_and(|t| t.contains(" Require ")) {
                return Err(stale_library(&message));
            }
            let at = line
                .zip(source)
                .map(|(l, t)| format!(" at line {l}: {}", t.trim()))
                .unwrap_or_default();
            let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
            let message = crate::coqc::first_line(&message);
            // Only a computed check states a claim Coq may refuse; a
            // failure anywhere else is a file retroproof got wrong.
            let in_check = line.is_some_and(|l| {
                let l = l.saturating_sub(PROBE_LINES_BEFORE);
                checks.iter().any(|c| c.contains(l))
            });
            if line.is_none() {
                // Coq named no place: neither a claim it refused nor a
                // part of the file known to be wrong. Not proven.
                return Err(CliError::refuted(format!(
                    "not proven: coqc refused the file without naming a line — {message}"
                )));
            }
            if !in_check {
                return Err(CliError::internal(format!(
                    "internal error: retroproof wrote a Coq file that Coq rejects{at} — {message} — a fault of the generator, not a verdict on the question (please report it with the command line)"
                )));
            }
            return Err(CliError::refuted(format!(
                "Coq refused the proof{at} — {message} — the native engine and Coq disagree: native says {claim}"
            )));
        }
        Err(ProveError::Coqc(e)) => return Err(coqc_error(e)),
        Err(e) => return Err(CliError::environment(e)),
    };
    let not_proven = |e: &dyn std::fmt::Display| {
        CliError::refuted(format!(
            "not proven: {e} (coqc {}, library {})",
            coqc.version(),
            theories.display()
        ))
    };
    let mut assumptions = engine::check_assumptions(&compiled.stdout, check.targets.len())
        .map_err(|e| not_proven(&e))?;
    let lemmas =
        crate::lemmas::assumptions(&coqc, &theories, check.lemmas.iter().copied(), timeout)
            .map_err(|e| match e {
                crate::lemmas::LemmaError::Prove(ProveError::Coqc(e)) => coqc_error(e),
                crate::lemmas::LemmaError::Prove(e) => CliError::environment(e),
                e @ crate::lemmas::LemmaError::Assumptions { .. } => not_proven(&e),
            })?;
    assumptions.extend(lemmas);
    assumptions.sort();
    assumptions.dedup();
    let coqchk = match coqchk {
        None => None,
        Some(scope) => {
            let chk = Coqchk::beside(&coqc).map_err(|e| CliError::environment(&e))?;
            let seconds = chk
                .check_proof(&theories, dir.path(), engine::MODULE, scope, timeout)
                .map_err(coqchk_error)?;
            Some(Checked {
                path: chk.path().to_path_buf(),
                with_library: *scope == Scope::WithLibrary,
                elapsed: seconds,
            })
        }
    };
    Ok(Proven {
        coqc_version: coqc.version().to_string(),
        coqc_path: coqc.path().to_path_buf(),
        library: theories,
        elapsed: compiled.elapsed,
        assumptions,
        theorem: proof.theorem(),
        coqchk,
    })
}
