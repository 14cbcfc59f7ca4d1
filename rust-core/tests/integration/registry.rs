//! The rule registry (`rules/mod.rs`) is well formed: what is derived
//! from it (names, summaries, Coq lemmas, the sets) reads as documented.
//! (That Coq's registry agrees is `generator/tests/integration/rule_registry.rs`.)

use std::collections::HashSet;

use retroproof_core::rules::{Coq, Rule, RuleSet};

#[test]
fn names_are_distinct_and_kebab_case() {
    let mut seen = HashSet::new();
    for rule in Rule::ALL {
        let name = rule.name();
        assert!(seen.insert(name), "{name} twice");
        assert!(
            !name.is_empty()
                && !name.starts_with('-')
                && !name.ends_with('-')
                && name.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
            "{name}"
        );
        assert_eq!(rule.to_string(), name);
    }
}

#[test]
fn summaries_are_one_sentence_each() {
    for rule in Rule::ALL {
        let summary = rule.summary();
        assert!(!summary.contains('\n'), "{rule}: {summary}");
        assert!(summary.ends_with('.'), "{rule}: {summary}");
        assert!(summary.starts_with(char::is_uppercase), "{rule}: {summary}");
        assert!((20..=200).contains(&summary.len()), "{rule}: {summary}");
    }
}

#[test]
fn coq_lemmas_are_qualified_names() {
    let mut seen = HashSet::new();
    for rule in Rule::ALL {
        let lemma = rule.coq().lemma();
        let parts: Vec<&str> = lemma.split('.').collect();
        assert!(
            parts.len() == 3 && parts[0] == "RetroProof",
            "{rule}: {lemma} is not RetroProof.<Module>.<lemma>"
        );
        assert!(
            parts
                .iter()
                .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')),
            "{rule}: {lemma}"
        );
        assert!(seen.insert(lemma), "{lemma} twice");
    }
    assert_eq!(
        Rule::Zone.coq(),
        Coq::Certificate {
            lemma: "RetroProof.Zoneproof.zone_refutes"
        }
    );
    assert!(matches!(Rule::Parity.coq(), Coq::Static { .. }));
}

#[test]
fn sets_follow_the_registry_order() {
    assert_eq!(RuleSet::ALL.iter().collect::<Vec<_>>(), Rule::ALL);
    assert_eq!(Rule::ALL[0], Rule::Invariants);
    let set: RuleSet = [Rule::Parity, Rule::Invariants, Rule::Zone]
        .into_iter()
        .collect();
    assert_eq!(set.to_string(), "invariants,parity,zone");
    assert_eq!(set.names().to_string(), "invariants, parity, zone");
    assert_eq!(RuleSet::NONE.names().to_string(), "");
    assert!(RuleSet::ALL
        .names()
        .to_string()
        .starts_with("invariants, stranded, sealed-bishops, frozen, region, "));
}
