//! Real `coqc` on what retroproof emits: the generated vocabulary and tables,
//! the vocabulary check, the proof that the tables match their readable
//! definitions (TablesSpec.v), a file using every syntax node with hostile
//! text, and the runner's error paths (located failures, timeouts).
//!
//! Coq is required: without `coqc` these tests fail, unless
//! `RETROPROOF_SKIP_COQ=1` says to skip them (CI installs Coq).

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::common::coq_env::{coqc, theories};
use retroproof::coq::print_file;
use retroproof::coqc::{Coqc, CoqcError, Scratch};
use retroproof::emit;

const LIMIT: Duration = Duration::from_secs(300);

/// A scratch `theories/` with the generated files and TablesSpec.v.
fn scratch_with_generated() -> Scratch {
    let scratch = Scratch::new().unwrap();
    for file in emit::gen_files().unwrap() {
        scratch
            .write(format!("Gen/{}", file.name), &file.contents)
            .unwrap();
    }
    let check = emit::vocab_check_file().unwrap();
    scratch
        .write(format!("Gen/{}", check.name), &check.contents)
        .unwrap();
    let spec = fs::read_to_string(theories().join("TablesSpec.v")).unwrap();
    scratch.write("TablesSpec.v", &spec).unwrap();
    scratch
}

fn compile(scratch: &Scratch, coqc: &Coqc, file: &str) -> String {
    match scratch.compile(coqc, file, LIMIT) {
        Ok(done) => {
            eprintln!("coqc {file}: {:.2} s", done.elapsed.as_secs_f64());
            done.stdout
        }
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn generated_files_and_tables_spec_compile() {
    let Some(coqc) = coqc() else { return };
    let scratch = scratch_with_generated();
    for file in [
        "Gen/Vocab.v",
        "Gen/Tables.v",
        "Gen/VocabCheck.v",
        "TablesSpec.v",
    ] {
        compile(&scratch, &coqc, file);
    }
}

/// Names listed by `Print Assumptions` (top-level lines after `Axioms:`).
fn assumptions(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.is_empty() && *l != "Axioms:")
        .filter(|l| !l.starts_with("Closed under"))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

#[test]
fn tables_spec_rests_only_on_primitives() {
    let Some(coqc) = coqc() else { return };
    let scratch = scratch_with_generated();
    for file in ["Gen/Vocab.v", "Gen/Tables.v", "TablesSpec.v"] {
        compile(&scratch, &coqc, file);
    }
    let primitive = |name: &str| name.starts_with("PrimInt63.") || name.starts_with("PArray.");
    scratch
        .write(
            "SpecAssumptions.v",
            "From RetroProof Require Import TablesSpec.\n\
             Print Assumptions knight_targets_spec.\n\
             Print Assumptions king_targets_spec.\n\
             Print Assumptions white_pawn_attacks_spec.\n\
             Print Assumptions black_pawn_attacks_spec.\n\
             Print Assumptions rays_spec.\n\
             Print Assumptions tables_shape.\n",
        )
        .unwrap();
    let names = assumptions(&compile(&scratch, &coqc, "SpecAssumptions.v"));
    assert!(names.iter().any(|n| n == "PArray.get"), "{names:?}");
    for name in &names {
        assert!(primitive(name), "`{name}` is not a Coq primitive");
    }
    // The `sq <? 64` forms add exactly the library's specification of `<?`
    // and of `of_Z`/`to_Z` on primitive integers.
    scratch
        .write(
            "CorrectAssumptions.v",
            "From RetroProof Require Import TablesSpec.\n\
             Print Assumptions knight_targets_correct.\n\
             Print Assumptions rays_correct.\n",
        )
        .unwrap();
    let names = assumptions(&compile(&scratch, &coqc, "CorrectAssumptions.v"));
    for name in &names {
        assert!(
            primitive(name) || name == "Uint63.ltb_spec" || name == "Uint63.of_to_Z",
            "`{name}` is not an allowed assumption"
        );
    }
}

#[test]
fn a_wrong_table_entry_is_caught_by_tables_spec() {
    let Some(coqc) = coqc() else { return };
    let scratch = scratch_with_generated();
    let files = emit::gen_files().unwrap();
    let tables = &files
        .iter()
        .find(|f| f.name == "Tables.v")
        .unwrap()
        .contents;
    // Knight on a1 "attacks" d2 instead of c2.
    let wrong = tables.replacen("(* a1 *) 10 :: 17 :: nil", "(* a1 *) 11 :: 17 :: nil", 1);
    assert_ne!(&wrong, tables);
    scratch.write("Gen/Tables.v", &wrong).unwrap();
    compile(&scratch, &coqc, "Gen/Tables.v");
    match scratch.compile(&coqc, "TablesSpec.v", LIMIT) {
        Err(CoqcError::Failed { file, line, .. }) => {
            assert_eq!(file, Path::new("TablesSpec.v"));
            let spec = fs::read_to_string(theories().join("TablesSpec.v")).unwrap();
            let line = line.expect("coqc reports a line") as usize;
            let proof_line = spec
                .lines()
                .position(|l| l.starts_with("Lemma knight_targets_all"))
                .unwrap()
                + 1;
            assert!(
                (proof_line..proof_line + 3).contains(&line),
                "failure at line {line}, expected the proof of knight_targets_all near {proof_line}"
            );
        }
        other => panic!("expected TablesSpec.v to be refused, got {other:?}"),
    }
}

#[test]
fn every_node_file_compiles_and_hostile_text_stays_inert() {
    let Some(coqc) = coqc() else { return };
    let scratch = scratch_with_generated();
    compile(&scratch, &coqc, "Gen/Vocab.v");
    scratch
        .write(
            "EveryNode.v",
            &print_file(&crate::common::every_node_file()),
        )
        .unwrap();
    compile(&scratch, &coqc, "EveryNode.v");
    // Nothing escaped the comment or the string, and the string is intact:
    // Coq's length counts bytes.
    let probe = format!(
        "From Coq Require Import String.\n\
         From RetroProof Require Import EveryNode.\n\
         Fail Check pwned.\n\
         Fail Check pwned2.\n\
         Example intact : String.length problem_id = {} := eq_refl.\n",
        crate::common::HOSTILE_STRING.len()
    );
    scratch.write("Probe.v", &probe).unwrap();
    compile(&scratch, &coqc, "Probe.v");
}

#[test]
fn failures_carry_file_line_and_message() {
    let Some(coqc) = coqc() else { return };
    let scratch = Scratch::new().unwrap();
    scratch
        .write(
            "Sub/Broken.v",
            "Definition ok := 1.\n\nDefinition bad := undefined_name.\n",
        )
        .unwrap();
    match scratch.compile(&coqc, "Sub/Broken.v", LIMIT) {
        Err(CoqcError::Failed {
            file,
            line,
            message,
        }) => {
            assert_eq!(file, Path::new("Sub/Broken.v"));
            assert_eq!(line, Some(3));
            assert!(message.contains("undefined_name"), "{message}");
            let shown = CoqcError::Failed {
                file,
                line,
                message,
            }
            .to_string();
            assert!(
                shown.starts_with("coqc rejected Sub/Broken.v, line 3: "),
                "{shown}"
            );
        }
        other => panic!("expected a located failure, got {other:?}"),
    }
}

#[test]
fn timeout_kills_coqc() {
    let Some(coqc) = coqc() else { return };
    let scratch = Scratch::new().unwrap();
    // About 10^12 additions: far beyond the limit.
    scratch
        .write(
            "Spin.v",
            "From Coq Require Import Uint63 PArith.\n\
             Eval vm_compute in Pos.iter (fun x : int => (x + 1)%uint63) 0%uint63 1000000000000%positive.\n",
        )
        .unwrap();
    let start = Instant::now();
    match scratch.compile(&coqc, "Spin.v", Duration::from_secs(2)) {
        Err(CoqcError::Timeout { file, limit }) => {
            assert_eq!(file, Path::new("Spin.v"));
            assert_eq!(limit, Duration::from_secs(2));
        }
        other => panic!("expected a timeout, got {other:?}"),
    }
    assert!(start.elapsed() < Duration::from_secs(20));
}
