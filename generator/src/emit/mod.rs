//! The generated Coq files: what goes in them ([`vocab`], [`tables`],
//! [`vocab_check`]) and writing them to `coq/theories/Gen/`.
//!
//! `Vocab.v` and `Tables.v` are committed (a test regenerates them and fails
//! on any difference); `VocabCheck.v` is only compiled by tests and by
//! `retroproof gen-coq --check`. Names and layouts follow
//! `coq/GEN-CONTRACT.md`. The small builders every emitter shares, and
//! its error, are in [`build`] (which the emitters import, not this
//! module, so that none imports its parent back).

pub mod build;
pub mod cert;
pub mod classic;
pub mod position;
pub mod problem;
pub mod proof_file;
pub mod proof_game;
pub mod registry;
pub mod tables;
pub mod vocab;
pub mod vocab_check;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::coq::{print_file, File};

pub use build::EmitError;

/// A generated file: its name inside `Gen/` and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    /// File name, e.g. `Vocab.v`.
    pub name: &'static str,
    pub contents: String,
}

impl GeneratedFile {
    fn new(name: &'static str, file: &File) -> GeneratedFile {
        GeneratedFile {
            name,
            contents: print_file(file),
        }
    }
}

/// The committed files of `coq/theories/Gen/`, in dependency order.
pub fn gen_files() -> Result<Vec<GeneratedFile>, EmitError> {
    Ok(vec![
        GeneratedFile::new("Vocab.v", &vocab::vocab_file()?),
        GeneratedFile::new("Tables.v", &tables::tables_file()?),
    ])
}

/// `VocabCheck.v`: examples that pin each value's Coq encoding to rust-core's.
pub fn vocab_check_file() -> Result<GeneratedFile, EmitError> {
    Ok(GeneratedFile::new(
        "VocabCheck.v",
        &vocab_check::vocab_check_file()?,
    ))
}

/// What writing one file did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteStatus {
    Created,
    Updated,
    Unchanged,
}

/// Writes `files` into `dir` (created if missing), touching only files whose
/// contents change, so `make` in `coq/` does not rebuild needlessly.
pub fn write_files(dir: &Path, files: &[GeneratedFile]) -> io::Result<Vec<(PathBuf, WriteStatus)>> {
    fs::create_dir_all(dir)?;
    let mut report = Vec::new();
    for file in files {
        let path = dir.join(file.name);
        let status = match fs::read(&path) {
            Ok(old) if old == file.contents.as_bytes() => WriteStatus::Unchanged,
            Ok(_) => WriteStatus::Updated,
            Err(e) if e.kind() == io::ErrorKind::NotFound => WriteStatus::Created,
            Err(e) => return Err(e),
        };
        if status != WriteStatus::Unchanged {
            fs::write(&path, &file.contents)?;
        }
        report.push((path, status));
    }
    Ok(report)
}
