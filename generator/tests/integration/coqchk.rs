//! `coqchk`, Coq's independent checker, on compiled proofs (issue 60): a
//! proof `coqc` accepted is checked again with the library admitted (what
//! `solve --coqchk` does after checking the library once), and a proof
//! that `coqc` accepted only because a kernel check was switched off is
//! refused.
//!
//! Checking the whole library again takes minutes of one core, so it is
//! not run here: CI runs `make -C coq check`, and `prove --coqchk` is
//! measured by hand (BENCHMARKS.md).

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::common::coq_env::{coqc, theories};
use retroproof::coqc::{Coqc, LOGICAL_ROOT};
use retroproof::coqchk::{Coqchk, CoqchkError, Scope};

/// Compiles `text` as `dir/Problem.v` against the library, as `prove` does.
fn compile(coqc: &Coqc, dir: &Path, text: &str) {
    std::fs::write(dir.join("Problem.v"), text).unwrap();
    let out = Command::new(coqc.path())
        .arg("-Q")
        .arg(theories())
        .arg(LOGICAL_ROOT)
        .args(["-Q", ".", ""])
        .arg("Problem.v")
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "coqc refused the test's file: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn library_admitted() -> Scope {
    Scope::LibraryAdmitted(Coqchk::library_modules(&theories()).unwrap())
}

#[test]
fn the_library_modules_are_named_as_coq_names_them() {
    let modules = Coqchk::library_modules(&theories()).unwrap();
    // Every `.v` of coq/theories is one module under RetroProof, those
    // of a subdirectory named with it (`Gen/Vocab.v`: `RetroProof.Gen.Vocab`).
    fn count(dir: &Path) -> usize {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .map(|p| {
                if p.is_dir() {
                    count(&p)
                } else {
                    usize::from(p.extension().is_some_and(|x| x == "v"))
                }
            })
            .sum()
    }
    assert_eq!(modules.len(), count(&theories()));
    assert!(
        modules.contains(&"RetroProof.Gen.Vocab".to_string()),
        "{modules:?}"
    );
    assert!(
        modules.contains(&"RetroProof.Board".to_string()),
        "{modules:?}"
    );
    assert!(
        modules.contains(&"RetroProof.Game".to_string()),
        "{modules:?}"
    );
    assert!(modules.iter().all(|m| m.starts_with("RetroProof.")));
}

#[test]
fn a_proof_over_the_library_is_checked_again() {
    let Some(coqc) = coqc() else { return };
    let chk = Coqchk::beside(&coqc).expect("coqchk beside coqc");
    let dir = tempfile::tempdir().unwrap();
    compile(
        &coqc,
        dir.path(),
        "From RetroProof Require Import Board Game.\n\
         Theorem two : 1 + 1 = 2.\nProof. vm_compute. reflexivity. Qed.\n",
    );
    let checked = chk.check_proof(
        &theories(),
        dir.path(),
        "Problem",
        &library_admitted(),
        Duration::from_secs(300),
    );
    assert!(checked.is_ok(), "{checked:?}");
}

#[test]
fn a_proof_with_the_guard_checker_off_is_refused() {
    let Some(coqc) = coqc() else { return };
    let chk = Coqchk::beside(&coqc).expect("coqchk beside coqc");
    let dir = tempfile::tempdir().unwrap();
    // coqc accepts this file: the fixpoint's guard is not checked, and
    // `False` follows. coqchk must not call it checked.
    compile(
        &coqc,
        dir.path(),
        "From RetroProof Require Import Board.\n\
         Unset Guard Checking.\n\
         Fixpoint spin (n : nat) : False := spin n.\n\
         Set Guard Checking.\n\
         Theorem wrong : False.\nProof. exact (spin 0). Qed.\n",
    );
    let checked = chk.check_proof(
        &theories(),
        dir.path(),
        "Problem",
        &library_admitted(),
        Duration::from_secs(300),
    );
    assert!(
        matches!(
            checked,
            Err(CoqchkError::Unsafe { .. } | CoqchkError::Refused { .. })
        ),
        "{checked:?}"
    );
}
