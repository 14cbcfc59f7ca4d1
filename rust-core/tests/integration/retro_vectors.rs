//! The hand-derived retraction vectors of `examples/retraction-vectors.txt`.
//!
//! Each line is `<FEN> | <count> | <sorted retractions>`, derived by hand
//! (the reasoning is the comment above it). The Coq side is checked against
//! the same file, so both agree with the written truth.

use retroproof_core::Position;

const VECTORS: &str = include_str!("../../../examples/retraction-vectors.txt");

struct Vector {
    line: usize,
    fen: String,
    count: usize,
    expected: Vec<String>,
}

fn vectors() -> Vec<Vector> {
    VECTORS
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let parts: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "line {}: {l}", i + 1);
            Vector {
                line: i + 1,
                fen: parts[0].to_owned(),
                count: parts[1].parse().expect("count"),
                expected: parts[2].split_whitespace().map(str::to_owned).collect(),
            }
        })
        .collect()
}

#[test]
fn file_is_well_formed() {
    let vectors = vectors();
    assert!(vectors.len() >= 30, "only {} vectors", vectors.len());
    for v in &vectors {
        assert_eq!(v.count, v.expected.len(), "line {}: count field", v.line);
        let mut sorted = v.expected.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(
            sorted, v.expected,
            "line {}: not sorted or duplicated",
            v.line
        );
    }
}

#[test]
fn engine_matches_every_vector() {
    let mut failures = Vec::new();
    for v in vectors() {
        let pos = Position::from_fen(&v.fen).unwrap_or_else(|e| panic!("line {}: {e}", v.line));
        let mut found: Vec<String> = pos.unmoves().iter().map(|u| u.to_string()).collect();
        found.sort();
        if found != v.expected {
            let missing: Vec<_> = v.expected.iter().filter(|m| !found.contains(m)).collect();
            let extra: Vec<_> = found.iter().filter(|m| !v.expected.contains(m)).collect();
            failures.push(format!(
                "line {} {}: missing {missing:?}, unexpected {extra:?}",
                v.line, v.fen
            ));
        }
        assert_eq!(
            pos.unmove_count(),
            v.count as u64,
            "line {}: unmove_count",
            v.line
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
