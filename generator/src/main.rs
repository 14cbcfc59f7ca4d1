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
            let msg = e.to_string();
            let first = msg.lines().next().unwrap_or("invalid arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            eprintln!("error: {first}");
            return ExitCode::from(2);
        }
    };
    match cli.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", e.message);
            ExitCode::from(e.code.clamp(1, 255) as u8)
        }
    }
}
