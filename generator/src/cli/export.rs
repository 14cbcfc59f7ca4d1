//! `retroproof export`: write the self-contained `.v` file for a question
//! (position as a Coq term checked to parse from its FEN, readable
//! theorem, reflective proof, `Print Assumptions`). A last-N question about
//! a position the engine shows illegal exports the illegality proof and
//! exits 1.

use std::path::PathBuf;

use clap::Args;

use super::error::CliError;
use super::output::write_stdout;
use super::question::{check_solution, resolve, QuestionArgs};

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub question: QuestionArgs,

    /// Write to FILE.v instead of stdout
    #[arg(short = 'o', long = "output", value_name = "FILE.v")]
    pub output: Option<PathBuf>,

    /// Instead: write the proof of every provable problem of
    /// examples/retro-problems.epd into DIR (coq/tests), one `Ex_<id>.v` each
    #[arg(long, value_name = "DIR", conflicts_with_all = ["output", "position", "question"])]
    pub examples: Option<PathBuf>,
}

pub fn run(args: ExportArgs) -> Result<(), CliError> {
    if let Some(dir) = &args.examples {
        return write_examples(dir);
    }
    if let Some(path) = &args.output {
        check_output(path)?;
    }
    let spinner =
        crate::progress::Progress::spinner("searching for an answer the engine can prove");
    let resolved = resolve(&args.question)?;
    spinner.finish();
    let answer = &resolved.answer;
    if !answer.is_illegal_instead() {
        check_solution(&resolved)?;
    }
    let text = crate::prove::export_text_with_game(&answer.export, answer.game.as_deref())
        .map_err(|e| CliError::refuted(e.to_string()))?;
    match &args.output {
        Some(path) => std::fs::write(path, &text)
            .map_err(|e| CliError::usage(format!("cannot write {}: {e}", path.display())))?,
        None => write_stdout(&text)?,
    }
    if answer.is_illegal_instead() {
        return Err(CliError::refuted(format!(
            "no last-move answer: the position is illegal; the file proves that instead of \"{}\"",
            answer.question.head()
        )));
    }
    Ok(())
}

/// `-o FILE.v`: `coqc` loads a file as a module named after it, so the
/// name must be a Coq identifier (`my_problem.v`, not `my-problem.v`); an
/// existing file is not overwritten.
fn check_output(path: &std::path::Path) -> Result<(), CliError> {
    let shown = path.display();
    let stem = match (path.file_stem(), path.extension()) {
        (Some(stem), Some(ext)) if ext == "v" => stem.to_string_lossy().into_owned(),
        _ => {
            return Err(CliError::usage(format!(
                "-o {shown}: the file name must end in .v"
            )))
        }
    };
    let mut chars = stem.chars();
    let ident = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'');
    if !ident {
        return Err(CliError::usage(format!(
            "-o {shown}: coqc cannot load a module named {stem:?} (use letters, digits and _, starting with a letter)"
        )));
    }
    if path.exists() {
        return Err(CliError::usage(format!(
            "-o {shown}: the file exists (not overwritten)"
        )));
    }
    Ok(())
}

fn write_examples(dir: &std::path::Path) -> Result<(), CliError> {
    let root = super::coq_run::workspace_root()?;
    let mut text = String::new();
    for source in crate::examples::EXAMPLE_SOURCES {
        let epd = root.join("examples").join(source);
        text.push_str(
            &std::fs::read_to_string(&epd)
                .map_err(|e| CliError::usage(format!("cannot read {}: {e}", epd.display())))?,
        );
        text.push('\n');
    }
    let files =
        crate::examples::example_files(&text).map_err(|e| CliError::refuted(e.to_string()))?;
    let mut out = String::new();
    for file in &files {
        let path = dir.join(&file.file);
        std::fs::write(&path, &file.contents)
            .map_err(|e| CliError::usage(format!("cannot write {}: {e}", path.display())))?;
        out.push_str(&format!("wrote {}\n", path.display()));
    }
    out.push_str(&format!("{} example proofs\n", files.len()));
    write_stdout(&out)
}
