//! The assumptions of the library lemmas generated theorems apply, checked
//! once per build of the library.
//!
//! A theorem proven by computed checks is `t := t_of lemma`
//! ([`crate::emit::problem::AssumptionCheck`]): it assumes what `t_of`
//! assumes (`Print Assumptions t_of`, at the end of the generated file: a
//! few hundredths of a second) and what `lemma` assumes. The second is the
//! same for every problem, and `Print Assumptions` of a soundness lemma
//! walks every proof under it, the standard library's `lia` lemmas
//! included (1.7 s for `check_last_zcert_sound`); so it is asked of `coqc`
//! once, and the answer kept in `coq/.cache/assumptions/<key>/<lemma>`.
//!
//! The key is a hash of the `coqc` version and of the contents of every
//! compiled file of the library (`.vo`): rebuilding the library, or
//! changing a single proof, makes a new key, and an answer is never read
//! for a library other than the one it was computed against. A cache that
//! cannot be written (a read-only checkout) only costs the time: the
//! lemma is then checked on every run.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::assumptions::{check_assumptions, is_allowed, with_probe, AssumptionError};
use crate::coqc::{library_files, Coqc};
use crate::emit::problem::Soundness;
use crate::prove::{compile, ProveError};

/// Where the answers are kept: `coq/.cache/assumptions`, beside the
/// library `coq/theories`.
pub fn cache_dir(theories: &Path) -> PathBuf {
    theories
        .parent()
        .unwrap_or(theories)
        .join(".cache")
        .join("assumptions")
}

/// Why a lemma's assumptions are not known to be allowed.
#[derive(Debug)]
pub enum LemmaError {
    /// `coqc` could not be run on the lemma, or the library not read.
    Prove(ProveError),
    /// Its `Print Assumptions` names something outside the allow-list.
    Assumptions {
        lemma: &'static str,
        error: AssumptionError,
    },
}

impl std::fmt::Display for LemmaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LemmaError::Prove(e) => e.fmt(f),
            LemmaError::Assumptions { lemma, error } => write!(f, "{lemma}: {error}"),
        }
    }
}

impl std::error::Error for LemmaError {}

/// The assumptions (names, sorted) of every lemma of `lemmas`, each from
/// the cache or from one `coqc` run that is then cached.
pub fn assumptions(
    coqc: &Coqc,
    theories: &Path,
    lemmas: impl IntoIterator<Item = Soundness>,
    timeout: Duration,
) -> Result<Vec<String>, LemmaError> {
    let mut all = Vec::new();
    let mut lemmas = lemmas.into_iter().peekable();
    if lemmas.peek().is_none() {
        return Ok(all);
    }
    let key = library_key(coqc.version(), theories).map_err(|e| {
        LemmaError::Prove(ProveError::Io(format!(
            "reading the library {}: {e}",
            theories.display()
        )))
    })?;
    let dir = cache_dir(theories).join(format!("{key:016x}"));
    if !dir.is_dir() {
        // Answers about other builds of the library are never read again.
        forget_other_builds(&cache_dir(theories));
    }
    for soundness in lemmas {
        let file = dir.join(soundness.lemma);
        let names = match read_entry(&file, soundness.lemma) {
            Some(names) => names,
            None => {
                let names = ask_coqc(coqc, theories, soundness.lemma, timeout)?;
                // Best effort: a cache that cannot be written costs time only.
                let _ = write_entry(&file, soundness.lemma, &names);
                names
            }
        };
        all.extend(names);
    }
    all.sort();
    all.dedup();
    Ok(all)
}

/// Removes the cache's entries (best effort): called before the first
/// entry about a new build of the library is written.
fn forget_other_builds(cache: &Path) {
    if let Ok(entries) = fs::read_dir(cache) {
        for entry in entries.flatten() {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// `Print Assumptions lemma` in a file of its own, checked against the
/// allow-list.
fn ask_coqc(
    coqc: &Coqc,
    theories: &Path,
    lemma: &'static str,
    timeout: Duration,
) -> Result<Vec<String>, LemmaError> {
    // The lemma's own module (`RetroProof.ProofGameproof.…`), besides the
    // modules of the last-ply and illegality lemmas.
    let module = lemma
        .rsplit_once('.')
        .map_or("", |(module, _)| module)
        .strip_prefix("RetroProof.")
        .filter(|m| !m.is_empty() && !["Reachable", "Retro"].contains(m))
        .map_or_else(String::new, |m| format!(" {m}"));
    let text = with_probe(&format!(
        "From RetroProof Require Reachable Retro{module}.\n\nPrint Assumptions {lemma}.\n"
    ));
    let compiled = compile(coqc, theories, &text, None, timeout).map_err(LemmaError::Prove)?;
    check_assumptions(&compiled.stdout, 1).map_err(|error| LemmaError::Assumptions { lemma, error })
}

/// The first line of an entry names its lemma; the names follow, one per
/// line.
fn header(lemma: &str) -> String {
    format!("Print Assumptions {lemma}: all in ci/allowed-assumptions.txt")
}

/// The names an entry holds, if it is a whole entry for `lemma` and every
/// name is (still) on the allow-list.
fn read_entry(file: &Path, lemma: &str) -> Option<Vec<String>> {
    let text = fs::read_to_string(file).ok()?;
    let mut lines = text.lines();
    if lines.next()? != header(lemma) {
        return None;
    }
    let names: Vec<String> = lines.map(str::to_string).collect();
    // An entry is written whole (a rename), ending with a line "end".
    match names.split_last() {
        Some((end, names)) if end == "end" && names.iter().all(|n| is_allowed(n)) => {
            Some(names.to_vec())
        }
        _ => None,
    }
}

/// Writes an entry to a file of its own, then renames it into place, so
/// that a concurrent `retroproof` never reads half of one.
fn write_entry(file: &Path, lemma: &str, names: &[String]) -> io::Result<()> {
    let dir = file.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let mut text = header(lemma);
    text.push('\n');
    for name in names {
        text.push_str(name);
        text.push('\n');
    }
    text.push_str("end\n");
    let partial = dir.join(format!(".{lemma}.{}", std::process::id()));
    fs::write(&partial, text)?;
    fs::rename(&partial, file)
}

/// A hash (FNV-1a, 64 bits) of the `coqc` version and of the name and
/// contents of every `.vo` file under `theories`, in name order.
pub fn library_key(coqc_version: &str, theories: &Path) -> io::Result<u64> {
    let files = library_files(theories, "vo")?;
    let mut hash = Fnv::default();
    hash.add(coqc_version.as_bytes());
    for file in files {
        let name = file.strip_prefix(theories).unwrap_or(&file);
        hash.add(name.to_string_lossy().as_bytes());
        let contents = fs::read(&file)?;
        hash.add(&(contents.len() as u64).to_le_bytes());
        hash.add(&contents);
    }
    Ok(hash.0)
}

/// FNV-1a, 64 bits: stable across builds and platforms (the cache key
/// must not change with the Rust version), and fast enough for the
/// library's few megabytes.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_follows_the_compiled_files_and_coqc() {
        let dir = tempfile::tempdir().unwrap();
        let theories = dir.path();
        fs::create_dir(theories.join("Gen")).unwrap();
        fs::write(theories.join("Board.vo"), b"one build").unwrap();
        fs::write(theories.join("Gen").join("Vocab.vo"), b"vocabulary").unwrap();
        fs::write(theories.join("Board.v"), b"sources do not count").unwrap();
        let key = library_key("8.16.1", theories).unwrap();
        assert_eq!(library_key("8.16.1", theories).unwrap(), key);
        assert_ne!(library_key("8.17.0", theories).unwrap(), key);
        fs::write(theories.join("Board.v"), b"edited, not rebuilt").unwrap();
        assert_eq!(library_key("8.16.1", theories).unwrap(), key);
        fs::write(theories.join("Board.vo"), b"another build").unwrap();
        assert_ne!(library_key("8.16.1", theories).unwrap(), key);
        fs::write(theories.join("Board.vo"), b"one build").unwrap();
        fs::write(theories.join("Gen").join("Vocab.vo"), b"vocabularY").unwrap();
        assert_ne!(library_key("8.16.1", theories).unwrap(), key);
    }

    #[test]
    fn an_entry_is_read_whole_and_allowed_only() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir
            .path()
            .join("k")
            .join("RetroProof.Retro.check_last_sound");
        let lemma = "RetroProof.Retro.check_last_sound";
        let names = vec![
            "Coq.Array.PArray.get".to_string(),
            "Coq.Numbers.Cyclic.Int63.PrimInt63.add".to_string(),
        ];
        write_entry(&file, lemma, &names).unwrap();
        assert_eq!(read_entry(&file, lemma), Some(names));
        // Another lemma's entry, a cut-off entry, a name not allowed.
        assert_eq!(
            read_entry(&file, "RetroProof.Retro.check_illegal_sound"),
            None
        );
        let whole = fs::read_to_string(&file).unwrap();
        fs::write(&file, whole.trim_end_matches("end\n")).unwrap();
        assert_eq!(read_entry(&file, lemma), None);
        fs::write(
            &file,
            whole.replace("PrimInt63.add\n", "PrimInt63.classic\n"),
        )
        .unwrap();
        assert_eq!(read_entry(&file, lemma), None);
        // A short name, even of an allowed axiom, is not a kernel name.
        fs::write(
            &file,
            whole.replace("Coq.Array.PArray.get\n", "PArray.get\n"),
        )
        .unwrap();
        assert_eq!(read_entry(&file, lemma), None);
    }
}
