//! `retroproof gen-coq` as a user runs it: output, exit codes, and the
//! message when `coqc` is missing or too old. None of these needs Coq.

use std::fs;
use std::path::Path;

use crate::common::cli::{command, run, stderr_of, stdout_of};

#[test]
fn writes_then_reports_unchanged() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().to_str().unwrap();
    let first = run(&["gen-coq", "--out", dir]);
    assert!(first.status.success(), "{first:?}");
    let stdout = stdout_of(&first);
    assert!(stdout.starts_with("created   "), "{stdout}");
    assert!(out.path().join("Vocab.v").is_file());
    assert!(out.path().join("Tables.v").is_file());
    let second = run(&["gen-coq", "--out", dir]);
    let stdout = stdout_of(&second);
    assert_eq!(stdout.matches("unchanged ").count(), 2, "{stdout}");
}

#[test]
fn missing_coqc_is_an_environment_error_with_exit_4() {
    let out = tempfile::tempdir().unwrap();
    let empty_path = tempfile::tempdir().unwrap();
    for coqc in [Some(Path::new("/nonexistent/coqc")), None] {
        let mut cmd = command();
        cmd.args(["gen-coq", "--check", "--out"])
            .arg(out.path())
            .env("PATH", empty_path.path());
        match coqc {
            Some(c) => cmd.env("COQC", c),
            None => cmd.env_remove("COQC"),
        };
        let output = cmd.output().unwrap();
        assert_eq!(output.status.code(), Some(4), "{output:?}");
        assert_eq!(
            stderr_of(&output),
            "error: coqc not found — install Coq (Debian: apt-get install coq)\n"
        );
        // --check runs before writing: nothing was written.
        assert_eq!(fs::read_dir(out.path()).unwrap().count(), 0);
    }
}

#[cfg(unix)]
fn fake_coqc(dir: &Path, version_line: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("coqc");
    fs::write(&path, format!("#!/bin/sh\necho '{version_line}'\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[cfg(unix)]
#[test]
fn too_old_coqc_is_an_environment_error_with_exit_4() {
    let bin = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let coqc = fake_coqc(bin.path(), "8.15.2 4.13.1");
    let output = command()
        .args(["gen-coq", "--check", "--out", out.path().to_str().unwrap()])
        .env("COQC", &coqc)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    assert_eq!(
        stderr_of(&output),
        "error: coqc version 8.15.2 is too old — retroproof needs Coq 8.16 or newer\n"
    );
}

#[cfg(unix)]
#[test]
fn coqc_found_on_path_and_version_checked() {
    use retroproof::coqc::{Coqc, CoqcError};
    let bin = tempfile::tempdir().unwrap();
    fake_coqc(bin.path(), "8.17.0 4.14.0");
    let coqc = Coqc::find_with(None, Some(bin.path().as_os_str().to_owned())).unwrap();
    assert_eq!(coqc.version(), "8.17.0");
    assert_eq!(coqc.path(), bin.path().join("coqc"));
    // COQC may name the program; a bare name is looked up on PATH.
    let named =
        Coqc::find_with(Some("coqc".into()), Some(bin.path().as_os_str().to_owned())).unwrap();
    assert_eq!(named.path(), bin.path().join("coqc"));
    let old = tempfile::tempdir().unwrap();
    fake_coqc(old.path(), "8.9.1 4.07.1");
    match Coqc::find_with(None, Some(old.path().as_os_str().to_owned())) {
        Err(CoqcError::TooOld { version }) => assert_eq!(version, "8.9.1"),
        other => panic!("expected TooOld, got {other:?}"),
    }
}
