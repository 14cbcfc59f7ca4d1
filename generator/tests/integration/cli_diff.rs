//! `retroproof diff`: native engine against Coq, with real `coqc` and the
//! built library (`make -C coq`).
//!
//! The diff must not be vacuous: a wrong native result injected through
//! [`run_diff`]'s hook (a dropped retraction, a wrong perft count) must come
//! back as a mismatch carrying Coq's own value.
//!
//! Expected values are known answers, not engine output: the initial
//! position's retractions are the four knight moves back (hand-derived in
//! examples/retraction-vectors.txt), perft 2 of the initial position is 400
//! (20 × 20), Smullyan's position has the six `b3c3…` retractions (same
//! file).
//!
//! Coq is required: without `coqc` these tests fail, unless
//! `RETROPROOF_SKIP_COQ=1` says to skip them.

use std::time::Duration;

use crate::common::cli::{error_line, success_stdout};
use crate::common::coq_env::{coqc, theories};
use retroproof::diff::{run_diff, Aspect, DiffOptions, NativeResult};
use retroproof_core::Position;

const SMULLYAN: &str = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";

fn options() -> DiffOptions {
    DiffOptions {
        depth: 2,
        jobs: 1,
        batch: 10,
        theories: theories(),
        timeout: Duration::from_secs(300),
    }
}

fn corpus() -> Vec<Position> {
    vec![Position::start(), Position::from_fen(SMULLYAN).unwrap()]
}

#[test]
fn agreeing_positions_give_no_mismatch() {
    let Some(coqc) = coqc() else { return };
    let report = run_diff(&coqc, &corpus(), &options(), &|_, _| {}, &|_| {}).unwrap();
    assert_eq!(report.positions, 2);
    assert_eq!(report.mismatches, vec![]);
}

/// The test-only hook: drop `c6b8` from the initial position's set, and
/// add one to Smullyan's perft count. Both must be reported, with what
/// Coq computed.
#[test]
fn injected_errors_are_reported() {
    let Some(coqc) = coqc() else { return };
    let inject = |index: usize, native: &mut NativeResult| match index {
        0 => native.retractions.retain(|s| s != "c6b8"),
        1 => native.perft += 1,
        _ => {}
    };
    let report = run_diff(&coqc, &corpus(), &options(), &inject, &|_| {}).unwrap();
    assert_eq!(report.positions, 2);
    assert_eq!(report.mismatches.len(), 2, "{:?}", report.mismatches);

    let dropped = &report.mismatches[0];
    assert_eq!(dropped.aspect, Aspect::Retractions);
    assert!(dropped
        .fen
        .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
    assert_eq!(dropped.native, "3 a6b8 f6g8 h6g8");
    assert!(
        dropped.coq.starts_with("4 a6b8 c6b8 f6g8 h6g8"),
        "{}",
        dropped.coq
    );
    assert!(dropped.coq.contains("[only Coq: c6b8]"), "{}", dropped.coq);

    let perft = &report.mismatches[1];
    assert_eq!(perft.aspect, Aspect::Perft(2));
    assert!(perft.fen.starts_with("8/8/8/1r1b4/B7/2K5/8/3k4 b"));
    // Coq's count is the true one; the native side was pushed one above it.
    let coq: u64 = perft.coq.parse().unwrap();
    let native: u64 = perft.native.parse().unwrap();
    assert_eq!(native, coq + 1);
}

/// A dropped retraction in a later batch is found too (batches number their
/// positions from 0; the report must map back to the right FEN).
#[test]
fn injection_in_second_batch_maps_to_its_position() {
    let Some(coqc) = coqc() else { return };
    let positions = vec![
        Position::start(),
        Position::start(),
        Position::from_fen(SMULLYAN).unwrap(),
    ];
    let mut opts = options();
    opts.batch = 2;
    opts.jobs = 2;
    let inject = |index: usize, native: &mut NativeResult| {
        if index == 2 {
            native.retractions.retain(|s| s != "b3c3xp");
        }
    };
    let report = run_diff(&coqc, &positions, &opts, &inject, &|_| {}).unwrap();
    assert_eq!(report.mismatches.len(), 1, "{:?}", report.mismatches);
    assert!(report.mismatches[0]
        .fen
        .starts_with("8/8/8/1r1b4/B7/2K5/8/3k4 b"));
    assert!(report.mismatches[0].coq.contains("[only Coq: b3c3xp]"));
}

#[test]
fn cli_on_a_corpus_file() {
    if coqc().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus.epd");
    std::fs::write(&corpus, "# two positions\nstartpos-is-not-a-fen-here\n").unwrap();
    // A bad line: exit 2 with one error line naming the line.
    let corpus_arg = corpus.to_str().unwrap();
    let err = error_line(&["diff", "--corpus", corpus_arg], 2);
    assert!(err.contains("corpus.epd:2"), "{err}");

    std::fs::write(
        &corpus,
        format!(
            "# two positions\n{}\n{SMULLYAN} id \"smullyan\";\n",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ),
    )
    .unwrap();
    let stdout = success_stdout(&["diff", "--corpus", corpus_arg]);
    assert!(stdout.starts_with("2 positions, 0 mismatches"), "{stdout}");
}

/// Problems' answers: Smullyan's last three plies (published: c2c4,
/// b4c3ep, b3c3xp) and the walled-in illegal position (tests/Illegal.v)
/// are confirmed by Coq's checkers; injected wrong answers are reported,
/// with Coq's sequences for the last-move one.
#[test]
fn problem_answers_are_compared() {
    use retroproof::diff::{problem_questions, run_problems_diff, ProblemQuestion};
    use retroproof::emit::problem::Statement;
    let Some(coqc) = coqc() else { return };
    let epd = format!(
        "{SMULLYAN} id \"s\"; retro \"last 3\"; sol \"c2c4 b4c3ep b3c3xp\";\n\
         rnbqkbnr/pppppppp/N1NN1R1R/8/8/8/8/4K3 b - - id \"w\"; retro \"illegal\"; sol \"illegal\";\n"
    );
    let questions = problem_questions(&epd);
    assert_eq!(questions.len(), 2);
    assert_eq!(
        questions[0].statement,
        Statement::LastPlies {
            depth: 3,
            answer: vec!["b3c3xp".into(), "b4c3ep".into(), "c2c4".into()]
        }
    );
    assert_eq!(questions[1].statement, Statement::Illegal { depth: 2 });
    let ok = run_problems_diff(&coqc, &questions, &options(), &|_, _| {}).unwrap();
    assert_eq!(ok, vec![]);
    let inject = |_: usize, q: &mut ProblemQuestion| match &mut q.statement {
        Statement::LastPlies { answer, .. } => answer[1] = "b4c3xp".to_string(),
        // Dead at depth 2, not at depth 1: the knight's four retractions
        // are alive.
        Statement::Illegal { depth } => *depth = 1,
        Statement::LegalGame { .. }
        | Statement::IllegalCert { .. }
        | Statement::LastPlyAmong { .. }
        | Statement::ProofGames(_) => {}
    };
    let bad = run_problems_diff(&coqc, &questions, &options(), &inject).unwrap();
    assert_eq!(bad.len(), 2, "{bad:?}");
    assert_eq!(bad[0].aspect, Aspect::LastMoves(3));
    assert!(
        bad[0]
            .native
            .contains("its last 3 plies are c2c4 b4c3xp b3c3xp"),
        "{}",
        bad[0].native
    );
    assert!(
        bad[0]
            .coq
            .contains("1 sequences of 3 plies, e.g. b3c3xp b4c3ep c2c4"),
        "{}",
        bad[0].coq
    );
    assert_eq!(bad[1].aspect, Aspect::Illegal);
    assert_eq!(bad[1].coq, "check_illegal refuses");
}

/// The deep search's certificates: Coq's certificate checkers accept the
/// native dead sets for Smullyan's last three plies (published: c2c4,
/// b4c3ep, b3c3xp) and Smullyan's "which side is White?" (illegal as
/// shown), and refuse wrong ones: a dead set with a position dropped that a retraction needs, and
/// an answer whose true (live) branch is claimed dead.
#[test]
fn certificates_are_checked_and_wrong_ones_refused() {
    use retroproof::diff::{certificate_questions, run_problems_diff, ProblemQuestion};
    use retroproof::emit::problem::Statement;
    use retroproof_core::cert::{check_illegal, check_last, Certificate};
    use retroproof_core::deep::Budget;
    use retroproof_core::Unmove;
    let Some(coqc) = coqc() else { return };
    let epd = format!(
        "{SMULLYAN} id \"s\"; retro \"last 3\"; sol \"c2c4 b4c3ep b3c3xp\";\n\
         k1K5/4Q3/8/2B1P3/3P4/7P/8/7B b - - id \"w\"; retro \"illegal\"; sol \"illegal\";\n"
    );
    let budget = Budget {
        nodes: 200_000,
        time: Some(Duration::from_secs(30)),
        max_depth: 400,
    };
    let questions = certificate_questions(&epd, budget);
    assert_eq!(questions.len(), 2, "{questions:?}");
    let published: Vec<String> = ["b3c3xp", "b4c3ep", "c2c4"].map(String::from).to_vec();
    assert!(
        matches!(&questions[0].statement, Statement::LastPlies { answer, .. } if *answer == published)
    );
    assert!(matches!(
        questions[1].statement,
        Statement::IllegalCert { .. }
    ));
    let ok = run_problems_diff(&coqc, &questions, &options(), &|_, _| {}).unwrap();
    assert_eq!(ok, vec![]);

    // The plies of the published answer, oldest first, as unmoves.
    let smullyan = questions[0].position;
    let mut plies: Vec<Unmove> = Vec::new();
    let mut pos = smullyan;
    for name in &published {
        let u = pos
            .unmoves()
            .into_iter()
            .find(|u| u.to_string() == *name)
            .unwrap_or_else(|| panic!("{name} is a retraction"));
        pos = pos.unmake(&u);
        plies.insert(0, u);
    }
    let dead = |q: &ProblemQuestion| q.certificate.clone().unwrap().dead;
    let native_ok = |q: &ProblemQuestion, dead: &[retroproof_core::Position]| {
        let cert = Certificate {
            rules: retroproof::prove::COQ_RULES,
            dead: dead.to_vec(),
            cages: q.certificate.clone().unwrap().cages,
        };
        if q.statement.is_illegal() {
            check_illegal(&q.position, &cert).is_ok()
        } else {
            check_last(&q.position, &plies, &cert).is_ok()
        }
    };
    // For each answer, a member whose removal the native checker refuses:
    // the certificate needs it.
    let needed: Vec<usize> = questions
        .iter()
        .map(|q| {
            let d = dead(q);
            // Not refuted by a rule: Coq covers a refuted position
            // without its membership (the native checker asks for members).
            (0..d.len())
                .filter(|&i| retroproof::prove::COQ_RULES.refuting(&d[i]).is_none())
                .find(|&i| {
                    let mut fewer = d.clone();
                    fewer.remove(i);
                    !native_ok(q, &fewer)
                })
                .expect("some member of the dead set is needed")
        })
        .collect();
    let drop = |i: usize, q: &mut ProblemQuestion| {
        if let Some(c) = q.certificate.as_mut() {
            c.dead.remove(needed[i]);
        }
    };
    let bad = run_problems_diff(&coqc, &questions, &options(), &drop).unwrap();
    assert_eq!(bad.len(), 2, "{bad:?}");
    assert_eq!(bad[0].aspect, Aspect::LastMovesCert(3));
    assert_eq!(bad[1].aspect, Aspect::IllegalCert);
    assert!(bad
        .iter()
        .all(|m| m.coq == "the certificate checker refuses"));

    // A live branch claimed dead: the last ply is said to be the king's
    // plain move b3c3, and the position before the true last ply (the
    // king took a pawn on c3: a game reaches it) is put into the dead set.
    let before_last = smullyan.unmake(plies.last().unwrap());
    let forge = |i: usize, q: &mut ProblemQuestion| {
        if i == 0 {
            if let Statement::LastPlies { answer, .. } = &mut q.statement {
                answer[0] = "b3c3".to_string();
            }
            q.certificate.as_mut().unwrap().dead.push(before_last);
        }
    };
    let bad = run_problems_diff(&coqc, &questions[..1], &options(), &forge).unwrap();
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert_eq!(bad[0].aspect, Aspect::LastMovesCert(3));
    assert!(
        bad[0]
            .native
            .contains("its last 3 plies are c2c4 b4c3ep b3c3"),
        "{}",
        bad[0].native
    );
}
