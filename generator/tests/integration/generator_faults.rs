//! A file retroproof got wrong is its own fault, not a verdict (issue 60):
//! `coqc` rejecting a generated file outside the checks that state its
//! claims is an internal error (exit 5); rejecting a check is Coq refusing
//! the claim (exit 1, "the native engine and Coq disagree").

use std::time::Duration;

use crate::common::coq_env::skip_coq;
use retroproof::cli::coq_run::prove_file;
use retroproof::cli::error::CliError;
use retroproof::coq::{
    print_file_with_checks, AssertionKind, File, Ident, QualId, RequireMode, Sentence, Tactic, Term,
};
use retroproof::emit::problem::{AssumptionCheck, ProofFile};

fn id(s: &str) -> Ident {
    Ident::new(s).unwrap()
}

fn name(s: &str) -> Term {
    Term::name(QualId::new(s).unwrap())
}

/// `Lemma name : statement. Proof. vm_compute. reflexivity. Qed.`
fn check(name_: &str, statement: Term) -> Sentence {
    Sentence::Assertion {
        kind: AssertionKind::Lemma,
        name: id(name_),
        statement,
        proof: vec![Tactic::VmCompute, Tactic::Reflexivity],
    }
}

/// `Theorem t : True. Proof. exact I. Qed.`: assembled, not computed.
fn assembled() -> Sentence {
    Sentence::Assertion {
        kind: AssertionKind::Theorem,
        name: id("t"),
        statement: name("True"),
        proof: vec![Tactic::Exact(name("I"))],
    }
}

fn eq(a: &str, b: &str) -> Term {
    Term::app(name("eq"), vec![name(a), name(b)])
}

fn module(m: &str, body: Vec<Sentence>) -> Sentence {
    Sentence::Module { name: id(m), body }
}

fn file(sentences: Vec<Sentence>) -> File {
    let mut all = vec![Sentence::Require {
        from: Some(QualId::new("RetroProof").unwrap()),
        mode: RequireMode::Import,
        modules: vec![QualId::new("Board").unwrap()],
    }];
    all.extend(sentences);
    File { sentences: all }
}

#[test]
fn the_printer_knows_the_lines_of_the_checks() {
    let f = file(vec![
        check("c1", eq("true", "true")),
        assembled(),
        module("M", vec![check("c2", eq("false", "false"))]),
    ]);
    let (text, checks) = print_file_with_checks(&f);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(checks.len(), 2, "{text}");
    for (c, name) in checks.iter().zip(["Lemma c1", "Lemma c2"]) {
        assert!(lines[c.first as usize - 1].starts_with(name), "{text}");
        assert!(lines[c.last as usize - 1].ends_with("Qed."), "{text}");
    }
    // The assembled theorem's lines are in no check.
    let t = 1 + lines
        .iter()
        .position(|l| l.starts_with("Theorem t"))
        .unwrap() as u32;
    assert!(checks.iter().all(|c| !c.contains(t)));
}

fn prove(f: File) -> Result<(), CliError> {
    let proof = ProofFile {
        file: f,
        assumptions: AssumptionCheck::whole("t"),
        theorems: vec!["t".to_string()],
    };
    prove_file(&proof, None, Duration::from_secs(300), "a claim").map(|_| ())
}

#[test]
fn a_clash_of_names_is_an_internal_error() {
    if skip_coq() {
        return;
    }
    let twice = || module("filling_e5_P", vec![check("c", eq("true", "true"))]);
    match prove(file(vec![twice(), twice(), assembled()])) {
        Err(e @ CliError::Internal(_)) => {
            assert_eq!(e.code(), 5);
            let message = e.message();
            assert!(message.starts_with("internal error:"), "{message}");
            assert!(message.contains("filling_e5_P"), "{message}");
            assert!(!message.contains("disagree"), "{message}");
        }
        other => panic!("expected an internal error: {other:?}"),
    }
}

#[test]
fn a_refused_check_is_a_disagreement() {
    if skip_coq() {
        return;
    }
    match prove(file(vec![check("c", eq("true", "false")), assembled()])) {
        Err(e @ CliError::Refuted(_)) => {
            assert_eq!(e.code(), 1);
            assert!(e.message().contains("disagree"), "{}", e.message());
            assert!(e.message().contains("a claim"), "{}", e.message());
        }
        other => panic!("expected Coq to refuse the check: {other:?}"),
    }
    // And a file that is right is proven.
    prove(file(vec![check("c", eq("true", "true")), assembled()])).unwrap();
}
