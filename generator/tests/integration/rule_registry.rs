//! rust-core's rule registry and Coq's agree: `coq/tests/RuleRegistry.v`,
//! generated from rust-core's registry ([`retroproof::emit::registry`]),
//! is current, compiles against the library, and fails to compile when a
//! rule is missing on either side or a lemma is named wrong.
//!
//! After adding or changing a rule, regenerate the file:
//! `UPDATE_COQ_CROSS=1 cargo test -p retroproof --test integration rule_registry::`.
//!
//! Coq is required for the compiling tests, as in `coqc_integration.rs`
//! (`RETROPROOF_SKIP_COQ=1` skips them), with the library built
//! (`make -C coq`).

use std::time::Duration;

use crate::common::coq_env::{coqc, theories};
use retroproof::coq::print_file;
use retroproof::emit::registry::{entries, registry_file, Entry, FILE};
use retroproof::prove::compile;
use retroproof_core::rules::{Coq, Rule};

const LIMIT: Duration = Duration::from_secs(300);

fn text(entries: &[Entry]) -> String {
    print_file(&registry_file(entries).unwrap())
}

#[test]
fn committed_file_is_current() {
    let fresh = text(&entries());
    let path = format!("{}/../coq/tests/{FILE}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_COQ_CROSS").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "coq/tests/{FILE} is stale: run \
         `UPDATE_COQ_CROSS=1 cargo test -p retroproof --test integration rule_registry::` and commit it"
    );
}

/// The file names every rule of the registry, and only the zone rule is
/// left to the certificate.
#[test]
fn file_states_every_rule() {
    let file = text(&entries());
    for rule in Rule::ALL {
        let quoted = format!("\"{}\"", rule.name());
        let lemma = rule.coq().lemma();
        match rule.coq() {
            Coq::Static { .. } => assert!(file.contains(&quoted), "{rule}: {file}"),
            Coq::Certificate { .. } => assert!(!file.contains(&quoted), "{rule}: {file}"),
        }
        assert!(file.contains(lemma), "{rule}: {file}");
    }
    let certificate: Vec<Rule> = Rule::ALL
        .into_iter()
        .filter(|r| matches!(r.coq(), Coq::Certificate { .. }))
        .collect();
    assert_eq!(certificate, [Rule::Zone]);
}

/// Coq's complaint about the file of `entries`, on one line (Coq breaks
/// its terms over lines as it likes), or `None` when it compiles.
fn compile_error(entries: &[Entry]) -> Option<String> {
    let coqc = coqc()?;
    match compile(&coqc, &theories(), &text(entries), None, LIMIT) {
        Ok(done) => {
            eprintln!("coqc: {:.2} s", done.elapsed.as_secs_f64());
            None
        }
        Err(e) => Some(
            e.to_string()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
        ),
    }
}

#[test]
fn registries_agree() {
    if let Some(e) = compile_error(&entries()) {
        panic!("Coq's registry disagrees with rust-core's: {e}");
    }
}

/// A rule of Coq's registry missing from rust-core's.
#[test]
fn a_rule_missing_in_rust_is_caught() {
    if coqc().is_none() {
        return;
    }
    let mut fewer = entries();
    let landing = fewer.iter().position(|e| e.name == "landing").unwrap();
    fewer.remove(landing);
    let err = compile_error(&fewer).expect("coqc accepted a registry without the landing rule");
    assert!(err.contains("with \"map rule_name static_rules\""), "{err}");
}

/// A rule of rust-core's registry missing from Coq's: as if the registry
/// had one more rule than Coq lists.
#[test]
fn a_rule_missing_in_coq_is_caught() {
    if coqc().is_none() {
        return;
    }
    let mut more = entries();
    more.push(Entry {
        name: "trivial",
        coq: Coq::Static {
            lemma: "RetroProof.Certproof.invariants_sound",
        },
    });
    let err = compile_error(&more).expect("coqc accepted a rule Coq does not list");
    assert!(err.contains("\"trivial\""), "{err}");
    assert!(err.contains("with \"map rule_name static_rules\""), "{err}");
}

/// Two rules' lemmas swapped: the names agree, the lemmas do not.
#[test]
fn a_wrong_lemma_is_caught() {
    if coqc().is_none() {
        return;
    }
    let mut swapped = entries();
    let (a, b) = (swapped[2].coq, swapped[3].coq);
    swapped[2].coq = b;
    swapped[3].coq = a;
    let err = compile_error(&swapped).expect("coqc accepted swapped lemmas");
    assert!(
        err.contains("is expected to have type \"rule_sound"),
        "{err}"
    );
}
