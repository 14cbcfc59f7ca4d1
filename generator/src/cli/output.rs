//! Writing a command's output: text and JSON on standard output.

use std::io::{self, Write as _};

use super::error::CliError;

/// Prints `value` as pretty JSON and a newline (the `--json` output of a
/// command).
pub fn write_json(value: &impl serde::Serialize) -> Result<(), CliError> {
    write_stdout(&json_text(value)?)
}

/// `value` as pretty JSON and a newline: the text [`write_json`] prints.
pub fn json_text(value: &impl serde::Serialize) -> Result<String, CliError> {
    let mut text = serde_json::to_string_pretty(value)
        .map_err(|e| CliError::environment(format!("cannot encode JSON: {e}")))?;
    text.push('\n');
    Ok(text)
}

/// Writes a command's output. A closed pipe (`retroproof moves … | head -1`)
/// is not an error: the reader has all it wanted.
pub fn write_stdout(text: &str) -> Result<(), CliError> {
    let mut stdout = io::stdout().lock();
    let written = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
    match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(CliError::usage(format!("cannot write output: {e}")))
        }
        _ => Ok(()),
    }
}
