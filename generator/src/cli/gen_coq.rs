//! `retroproof gen-coq`: write the generated Coq files (`coq/theories/Gen/`)
//! and, with `--check`, compile them with `coqc` first.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;

use super::error::CliError;
use crate::coqc::{Coqc, CoqcError, Scratch};
use crate::emit::{self, GeneratedFile, WriteStatus};

/// Where `Gen/` lives relative to the workspace root.
const GEN_DIR: &str = "coq/theories/Gen";

#[derive(Debug, Args)]
pub struct GenCoqArgs {
    /// Directory to write into [default: coq/theories/Gen of the workspace]
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Compile the generated files with coqc before writing them (also the
    /// vocabulary check, and TablesSpec.v when it sits next to Gen/)
    #[arg(long)]
    pub check: bool,

    /// Time limit per coqc run, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 600,
          value_parser = clap::value_parser!(u64).range(1..=crate::input::MOST_SECONDS))]
    pub timeout: u64,
}

pub fn run(args: GenCoqArgs) -> Result<(), CliError> {
    let out = match args.out {
        Some(dir) => dir,
        None => default_out_dir()?,
    };
    let files = emit::gen_files().map_err(|e| CliError::refuted(e.to_string()))?;
    if args.check {
        // Next to Gen/ is the theories root, where the hand-written proof
        // that the tables are right lives.
        let spec = out.parent().map(|theories| theories.join("TablesSpec.v"));
        check(&files, spec.as_deref(), Duration::from_secs(args.timeout))?;
    }
    let report = emit::write_files(&out, &files)
        .map_err(|e| CliError::usage(format!("writing {}: {e}", out.display())))?;
    for (path, status) in report {
        let status = match status {
            WriteStatus::Created => "created",
            WriteStatus::Updated => "updated",
            WriteStatus::Unchanged => "unchanged",
        };
        println!("{status:9} {}", path.display());
    }
    Ok(())
}

/// Compiles the generated files in a scratch `theories/`, printing the time
/// each took.
fn check(files: &[GeneratedFile], spec: Option<&Path>, timeout: Duration) -> Result<(), CliError> {
    let coqc = Coqc::find().map_err(coqc_error)?;
    println!("coqc {} ({})", coqc.version(), coqc.path().display());
    let scratch = Scratch::new().map_err(coqc_error)?;
    let check_file = emit::vocab_check_file().map_err(|e| CliError::refuted(e.to_string()))?;
    let mut order = Vec::new();
    for file in files.iter().chain(std::iter::once(&check_file)) {
        let relative = format!("Gen/{}", file.name);
        scratch
            .write(&relative, &file.contents)
            .map_err(coqc_error)?;
        order.push(relative);
    }
    if let Some(spec) = spec.filter(|p| p.is_file()) {
        let text = std::fs::read_to_string(spec)
            .map_err(|e| CliError::usage(format!("reading {}: {e}", spec.display())))?;
        scratch.write("TablesSpec.v", &text).map_err(coqc_error)?;
        order.push("TablesSpec.v".to_string());
    }
    for relative in order {
        let compiled = scratch
            .compile(&coqc, &relative, timeout)
            .map_err(coqc_error)?;
        println!(
            "compiled  {relative} in {:.2} s",
            compiled.elapsed.as_secs_f64()
        );
    }
    Ok(())
}

/// Missing, too old or unrunnable `coqc` is the environment's fault (exit
/// 4); Coq refusing a file, or running past the limit, is a "no" (exit 1).
pub fn coqc_error(e: CoqcError) -> CliError {
    super::coq_run::coqc_error(e)
}

/// `coq/theories/Gen` of the workspace: found from the current directory
/// upwards (the usual case, `cargo run` in the repository), else from where
/// this binary was built.
fn default_out_dir() -> Result<PathBuf, CliError> {
    let marker = Path::new("coq").join("GEN-CONTRACT.md");
    if let Ok(cwd) = std::env::current_dir() {
        if let Some(root) = cwd.ancestors().find(|dir| dir.join(&marker).is_file()) {
            return Ok(root.join(GEN_DIR));
        }
    }
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if built_in.join(&marker).is_file() {
        return Ok(built_in.join(GEN_DIR));
    }
    Err(CliError::usage(
        "cannot find the retroproof workspace (no coq/GEN-CONTRACT.md here or above); pass --out DIR",
    ))
}
