//! Runs the native solver on every problem of `examples/retro-problems.epd`
//! and checks the published answer.
//!
//! For `retro "last N"` the solver's answer is the part every history of
//! `N` plies shares, looking a few plies deeper when `N` plies alone leave
//! dead ends in ([`retroproof_core::search::last_moves`]); for
//! `retro "illegal"`, the verdict of [`retroproof_core::search::legality`].

use retroproof_core::problem::{parse_suite, Answer, Problem, Question};
use retroproof_core::search::{forced_line, LastMoves, Limits};

const SUITE: &str = include_str!("../../../examples/retro-problems.epd");

fn problems() -> Vec<(usize, Problem)> {
    parse_suite(SUITE)
        .into_iter()
        .map(|(line, p)| (line, p.unwrap_or_else(|e| panic!("line {line}: {e}"))))
        .collect()
}

#[test]
fn suite_has_cited_problems() {
    let problems = problems();
    assert!(problems.len() >= 15, "only {} problems", problems.len());
    for (line, p) in &problems {
        assert!(p.id.is_some(), "line {line}: no id");
        assert!(p.source.is_some(), "line {line}: no c0 source");
    }
}

#[test]
fn solver_agrees_with_every_published_solution() {
    let mut failures = Vec::new();
    for (line, p) in problems() {
        let id = p.id.clone().unwrap_or_default();
        match p.check(Limits::default()) {
            Ok(answer) => println!("ok    {id}: {answer}"),
            Err(mismatch) => failures.push(format!("line {line} {id}: {mismatch}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The forced part at exactly `N` plies (no look-ahead) is always a prefix
/// (most recent plies) of the solver's answer: looking deeper only removes
/// sequences. Also reports which problems need the deeper look.
#[test]
fn strict_depth_answers_are_prefixes() {
    for (line, p) in problems() {
        let Question::LastMoves(n) = p.question else {
            continue;
        };
        let Answer::Forced(deep) = p.solve(Limits::default()) else {
            panic!("line {line}: no forced answer");
        };
        let LastMoves::Forced(strict) = forced_line(&p.position, n) else {
            panic!("line {line}: strict depth says no history");
        };
        // `deep` is oldest first, `strict` most recent first.
        let deep_recent_first: Vec<_> = deep.iter().rev().copied().collect();
        assert!(
            deep_recent_first.starts_with(&strict),
            "line {line}: strict {strict:?} vs deep {deep:?}"
        );
        if strict.len() < n as usize {
            println!(
                "{}: {} of {n} plies forced at depth {n}, all with look-ahead",
                p.id.as_deref().unwrap_or("?"),
                strict.len()
            );
        }
    }
}

/// `pg`, a game published with a problem, is read as SAN movetext and
/// replayed from the initial position; one that is not a legal game is
/// an error naming the operand, not a problem without a game.
#[test]
fn a_published_game_is_replayed() {
    let line = |pg: &str| {
        format!(
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - id \"t\"; retro \"castling\"; pg \"{pg}\";"
        )
    };
    let p = Problem::parse(&line("1. e4 e5")).unwrap();
    let game: Vec<String> = p.game.unwrap().iter().map(|m| m.to_uci()).collect();
    assert_eq!(game, ["e2e4", "e7e5"]);
    // e5 is not a white move from the initial position.
    let err = Problem::parse(&line("1. e5 e4")).unwrap_err();
    assert!(err.to_string().starts_with("bad pg"), "{err}");
    let p = Problem::parse("8/8/8/8/8/8/8/K1k5 w - - id \"t\"; retro \"illegal\";").unwrap();
    assert!(p.game.is_none());
}
