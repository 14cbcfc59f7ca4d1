//! Entry point of the `retroproof` binary: parse arguments, run, and turn any
//! failure into one `error:` line on stderr with a non-zero exit code.

use std::process::ExitCode;

use clap::Parser;
use retroproof::cli::Cli;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version are not errors.
            if !e.use_stderr() {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            // No arguments at all: the usage, whole, on stderr (exit 2).
            if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                let _ = e.print();
                return ExitCode::from(2);
            }
            // clap's message spans several lines (the complaint, the
            // culprit, a usage block); keep the paragraph before the first
            // blank line and fold it into the one line we promise.
            let msg = e.to_string();
            let line = msg
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(" ");
            let line = line.strip_prefix("error: ").unwrap_or(&line);
            let line = if line.is_empty() {
                "invalid arguments"
            } else {
                line
            };
            eprintln!("error: {line}");
            return ExitCode::from(2);
        }
    };
    match cli.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", e.message());
            ExitCode::from(e.code())
        }
    }
}
