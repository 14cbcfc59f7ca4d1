//! `retroproof check-game`: PGN in, a Coq proof of legality out (real
//! `coqc`, built library). Without `coqc` the proving tests fail unless
//! `RETROPROOF_SKIP_COQ=1`.

use crate::common::cli::{error_line, run, stderr_of, success_stdout};
use crate::common::coq_env::skip_coq;

#[test]
fn opera_game_is_proven_legal() {
    if skip_coq() {
        return;
    }
    let stdout = success_stdout(&["check-game", "../examples/opera.pgn"]);
    assert!(
        stdout.starts_with("proven: legal game of 33 plies"),
        "{stdout}"
    );
    // Published final position of Morphy's Opera game.
    assert!(
        stdout.contains("final position: 1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"),
        "{stdout}"
    );
}

#[test]
fn illegal_move_is_reported_with_its_number() {
    let err = error_line(&["check-game", "tests/data/illegal.pgn"], 2);
    assert!(
        err.contains("move 8. (White): Ke2 is not a legal move here"),
        "{err}"
    );
}

#[test]
fn missing_file_is_bad_input() {
    let out = run(&["check-game", "tests/data/no-such-game.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).starts_with("error: cannot read"));
}

/// A collection with `--all`: each game proven (or refused) on its own, one
/// JSON line each and a summary; the exit code is the worst game's.
#[test]
fn all_games_of_a_collection() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("three.pgn");
    let opera = std::fs::read_to_string("../examples/opera.pgn").unwrap();
    // Fool's mate (published final position), the Opera game, then a game
    // with an illegal king move.
    std::fs::write(
        &file,
        format!("1. f3 e5 2. g4 Qh4# 0-1\n\n{opera}\n\n1. e4 e5 2. Ke3 *\n"),
    )
    .unwrap();
    let out = run(&[
        "check-game",
        file.to_str().unwrap(),
        "--all",
        "--jobs",
        "2",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    let by_game = |n: &str| {
        lines
            .iter()
            .find(|l| {
                l["id"]
                    .as_str()
                    .is_some_and(|id| id.split(' ').next() == Some(n))
            })
            .unwrap_or_else(|| panic!("game {n} in {stdout}"))
    };
    assert_eq!(by_game("1")["status"], "ok");
    assert_eq!(
        by_game("1")["result"]["fen"],
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
    assert_eq!(by_game("2")["result"]["plies"], 33);
    assert_eq!(by_game("2")["result"]["question"], "legal-game");
    assert_eq!(by_game("2")["result"]["answer"], "legal");
    assert_eq!(by_game("3")["status"], "error");
    assert!(by_game("3")["detail"].as_str().unwrap().contains("Ke3"));
    let summary = &lines[3]["summary"];
    assert_eq!(
        (summary["ok"].as_u64(), summary["error"].as_u64()),
        (Some(2), Some(1))
    );
}

/// `--report`: a page with both boards, the moves and the theorem; an
/// existing file is not overwritten.
#[test]
fn report_page_of_a_proven_game() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("opera.html");
    let page_arg = page.to_str().unwrap();
    success_stdout(&["check-game", "../examples/opera.pgn", "--report", page_arg]);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("Theorem legal"), "{html}");
    assert_eq!(html.matches("<figure>").count(), 2);
    assert!(html.contains("<td>O-O-O</td><td><code>e1c1</code></td>"));
    assert!(html.contains("1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"));
    assert!(html.contains("Not checked"));
    let err = error_line(
        &["check-game", "../examples/opera.pgn", "--report", page_arg],
        2,
    );
    assert!(err.contains("exists"), "{err}");
}
