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
    let needed = ["Board", "Notation", "Perft", "Exports"];
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
