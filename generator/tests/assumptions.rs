//! Assumptions are judged by kernel name (issue 60): a library module
//! that declares its own `Uint63.of_to_Z` axiom prints it like the
//! standard library's allowed one, and is refused all the same, by
//! `prove`'s check and by `ci/check-assumptions.sh`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use common::coq_env::{skip_coq, theories};
use retroproof::assumptions::{check_assumptions, with_probe, AssumptionError};
use retroproof::coqc::Coqc;
use retroproof::prove::compile;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A module of the library that imitates an allowed axiom.
const PLANTED: &str = "From Coq Require Uint63.\n\
Module Uint63. Axiom of_to_Z : False. End Uint63.\n\
Definition planted : False := Uint63.of_to_Z.\n\
Definition honest := Coq.Numbers.Cyclic.Int63.Uint63.of_to_Z.\n";

/// Copies `coq/` (built) and `ci/` into a temporary directory and adds
/// `theories/Planted.v`, compiled.
fn planted_workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for part in ["coq", "ci"] {
        let status = Command::new("cp")
            .arg("-a")
            .arg(root().join(part))
            .arg(dir.path())
            .status()
            .unwrap();
        assert!(status.success());
    }
    let coq = dir.path().join("coq");
    std::fs::write(coq.join("theories/Planted.v"), PLANTED).unwrap();
    coqc(&coq, "theories/Planted.v");
    dir
}

fn coqc(coq: &Path, file: &str) {
    let status = Command::new("coqc")
        .current_dir(coq)
        .args(["-Q", "theories", "RetroProof", file])
        .status()
        .unwrap();
    assert!(status.success(), "coqc {file}");
}

/// What `prove` compiles for a theorem proven by `term`: the file, its
/// `Print Assumptions`, and the probe.
fn theorem_text(term: &str) -> String {
    with_probe(&format!(
        "From RetroProof Require Import Planted.\n\nDefinition t := {term}.\n\nPrint Assumptions t.\n"
    ))
}

#[test]
fn prove_refuses_a_look_alike_of_an_allowed_axiom() {
    if skip_coq() {
        return;
    }
    let dir = planted_workspace();
    let theories = dir.path().join("coq/theories");
    let coqc = Coqc::find().unwrap();
    let timeout = Duration::from_secs(120);
    let planted = compile(&coqc, &theories, &theorem_text("planted"), None, timeout).unwrap();
    // The plant really looks alike: its axiom prints as the allowed one's
    // short name, which a check by suffix took for `Uint63.of_to_Z`.
    assert!(
        planted.stdout.contains("\nUint63.of_to_Z : False"),
        "{}",
        planted.stdout
    );
    assert_eq!(
        check_assumptions(&planted.stdout, 1),
        Err(AssumptionError::Disallowed(vec![
            "Uint63.of_to_Z".to_string()
        ]))
    );
    // The standard library's axiom, in the same scope, is allowed, and
    // reported by its kernel name.
    let honest = compile(&coqc, &theories, &theorem_text("honest"), None, timeout).unwrap();
    assert_eq!(
        check_assumptions(&honest.stdout, 1),
        Ok(vec!["Coq.Numbers.Cyclic.Int63.Uint63.of_to_Z".to_string()])
    );
}

#[test]
fn the_allow_list_names_what_the_library_assumes() {
    if skip_coq() {
        return;
    }
    // Every name is a kernel name Coq knows, and the library's soundness
    // lemma is read through them.
    let coqc = Coqc::find().unwrap();
    let text = with_probe(
        "From RetroProof Require Retro.\n\nPrint Assumptions RetroProof.Retro.check_last_sound.\n",
    );
    let compiled = compile(&coqc, &theories(), &text, None, Duration::from_secs(300)).unwrap();
    let names = check_assumptions(&compiled.stdout, 1).unwrap();
    assert!(
        names.contains(&"Coq.Array.PArray.get".to_string()),
        "{names:?}"
    );
}

#[test]
fn the_script_refuses_a_look_alike_of_an_allowed_axiom() {
    if skip_coq() {
        return;
    }
    let dir = planted_workspace();
    // Only the compiled plant stays: the script's scan of the sources for
    // `Axiom` would otherwise stop it before the check tried here.
    std::fs::remove_file(dir.path().join("coq/theories/Planted.v")).unwrap();
    let assumptions = dir.path().join("coq/tests/Assumptions.v");
    let listed = std::fs::read_to_string(&assumptions).unwrap();
    // The plant imported with the library, before the first report.
    let first = listed.find("Print Assumptions").unwrap();
    let (head, reports) = listed.split_at(first);
    let run = |extra: &str| {
        let text = format!("{head}From RetroProof Require Import Planted.\n{reports}\n{extra}");
        std::fs::write(&assumptions, text).unwrap();
        Command::new("bash")
            .arg(dir.path().join("ci/check-assumptions.sh"))
            .output()
            .unwrap()
    };
    let out = run("Print Assumptions planted.\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("Uint63.of_to_Z : False"), "{err}");
    // The honest one passes the same script.
    let out = run("Print Assumptions honest.\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
