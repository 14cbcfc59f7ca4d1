//! Assumptions are judged by kernel name (issue 60): a module that
//! declares its own `Uint63.of_to_Z` axiom prints it like the standard
//! library's allowed one, and is refused all the same, by `prove`'s check
//! and by `ci/check-assumptions.sh`.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use crate::common::coq_env::{skip_coq, theories};
use retroproof::assumptions::{check_assumptions, with_probe, AssumptionError};
use retroproof::coqc::Coqc;
use retroproof::prove::compile;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A file that imports the library, declares a look-alike of an allowed
/// axiom and proves `t` by `term`, then asks for `t`'s assumptions.
fn theorem(term: &str) -> String {
    format!(
        "From RetroProof Require Import Board Retro.\n\
         Module Uint63. Axiom of_to_Z : False. End Uint63.\n\
         Definition planted : False := Uint63.of_to_Z.\n\
         Definition honest := Coq.Numbers.Cyclic.Int63.Uint63.of_to_Z.\n\
         Definition t := {term}.\n\
         Print Assumptions t.\n"
    )
}

fn coqc_output(text: &str) -> String {
    let coqc = Coqc::find().unwrap();
    compile(&coqc, &theories(), text, None, Duration::from_secs(300))
        .unwrap()
        .stdout
}

#[test]
fn prove_refuses_a_look_alike_of_an_allowed_axiom() {
    if skip_coq() {
        return;
    }
    let planted = coqc_output(&with_probe(&theorem("planted")));
    // The plant really looks alike: its axiom prints as the allowed one's
    // short name, which a check by suffix took for `Uint63.of_to_Z`.
    assert!(planted.contains("\nUint63.of_to_Z : False"), "{planted}");
    assert_eq!(
        check_assumptions(&planted, 1),
        Err(AssumptionError::Disallowed(vec![
            "Uint63.of_to_Z".to_string()
        ]))
    );
    // The standard library's axiom, in the same scope, is allowed, and
    // reported by its kernel name.
    let honest = coqc_output(&with_probe(&theorem("honest")));
    assert_eq!(
        check_assumptions(&honest, 1),
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
    let output = coqc_output(&with_probe(
        "From RetroProof Require Retro.\n\nPrint Assumptions RetroProof.Retro.check_last_sound.\n",
    ));
    let names = check_assumptions(&output, 1).unwrap();
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
    let script = root().join("ci/check-assumptions.sh");
    let probe = Command::new("bash")
        .arg(&script)
        .arg("--probe")
        .output()
        .unwrap();
    assert!(probe.status.success());
    let probe = String::from_utf8(probe.stdout).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let judge = |term: &str| {
        let saved = dir.path().join("out.txt");
        std::fs::write(&saved, coqc_output(&format!("{}{probe}", theorem(term)))).unwrap();
        Command::new("bash")
            .arg(&script)
            .args(["--check-output", saved.to_str().unwrap(), "1"])
            .output()
            .unwrap()
    };
    let out = judge("planted");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("Uint63.of_to_Z : False"), "{err}");
    let out = judge("honest");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
