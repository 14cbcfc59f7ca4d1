//! Running the `retroproof` binary as a user would, and the checks the CLI
//! tests share.

use std::process::{Command, Output};

/// The `retroproof` binary, run from the generator crate's directory (so
/// relative paths such as `tests/data/…` and `../examples/…` resolve).
pub fn command() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_retroproof"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// Runs `retroproof ARGS` (see [`command`]) and waits for it.
pub fn run(args: &[&str]) -> Output {
    command()
        .args(args)
        .output()
        .expect("run the retroproof binary")
}

/// The command's standard output, which must be UTF-8.
pub fn stdout_of(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// The command's standard error, which must be UTF-8.
pub fn stderr_of(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("UTF-8 output")
}

/// Runs a command that must exit with code 0; returns its stdout.
pub fn success_stdout(args: &[&str]) -> String {
    let out = run(args);
    let stdout = stdout_of(&out);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {stdout}{}",
        stderr_of(&out)
    );
    stdout
}

/// Runs a command that must succeed without writing to stderr; returns its
/// stdout lines.
pub fn lines_of(args: &[&str]) -> Vec<String> {
    let out = run(args);
    assert!(out.status.success(), "{args:?} failed: {}", stderr_of(&out));
    assert_eq!(stderr_of(&out), "", "{args:?}");
    stdout_of(&out).lines().map(str::to_owned).collect()
}

/// Runs a command that must fail with exit code `code` and exactly one
/// stderr line, starting with `error: `. Returns that line.
pub fn error_line(args: &[&str], code: i32) -> String {
    check_error_line(args, &run(args), code)
}

/// A command that must fail as bad input: exit code 2, nothing on stdout,
/// exactly one `error: ` line on stderr, no panic. Returns that line.
pub fn usage_error(args: &[&str]) -> String {
    let out = run(args);
    let line = check_error_line(args, &out, 2);
    assert_eq!(stdout_of(&out), "", "{args:?}");
    let err = stderr_of(&out);
    assert!(!err.contains("panicked"), "{args:?}: {err:?}");
    line
}

fn check_error_line(args: &[&str], out: &Output, code: i32) -> String {
    let err = stderr_of(out);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err:?}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: {err:?}");
    assert!(lines[0].starts_with("error: "), "{args:?}: {err:?}");
    lines[0].to_owned()
}
