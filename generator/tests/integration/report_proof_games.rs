//! The `--report` page of a proof-game answer: every game listed, each
//! with its moves and the position it ends in, and the diagram. The games
//! are worked out by hand (two orders of 1. e4 e5 2. Nf3 Nc6), not taken
//! from the engine.

use crate::common::cli::run;
use crate::common::coq_env::skip_coq;
use retroproof::render::{html_report, Report};
use retroproof_core::Position;

const DIAGRAM: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - -";

fn uci(game: &str) -> Vec<String> {
    game.split_whitespace().map(str::to_owned).collect()
}

#[test]
fn every_game_is_a_table_with_the_position_it_ends_in() {
    let p = Position::from_fen(DIAGRAM).unwrap();
    let games = [uci("e2e4 e7e5 g1f3 b8c6"), uci("g1f3 b8c6 e2e4 e7e5")];
    let report = Report::proof_games("t", "proof-game 4", "cooked", &p, &games).unwrap();
    // The start and the diagram.
    assert_eq!(report.diagrams.len(), 2);
    assert_eq!(report.diagrams[1].position, p);
    assert_eq!(report.games.len(), 2);
    assert_eq!(report.games[0].san, ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(report.games[1].san, ["Nf3", "Nc6", "e4", "e5"]);
    // The first ends after Nc6 (no en-passant square), the second after
    // e7-e5 (e6 then takeable in the FEN's sense).
    assert!(
        report.games[0].end_fen.contains(" w KQkq - "),
        "{:?}",
        report.games[0]
    );
    assert!(
        report.games[1].end_fen.contains(" w KQkq e6 "),
        "{:?}",
        report.games[1]
    );
    let html = html_report(&report);
    assert_eq!(html.matches("<h3>").count(), 2, "{html}");
    assert!(
        html.contains("game 2 of 2") && html.contains("Nc6"),
        "{html}"
    );
    assert_eq!(
        html.matches("<table>").count(),
        3,
        "two games and the timings"
    );
    // A move that is not legal is named.
    let err = Report::proof_games("t", "q", "a", &p, &[uci("e2e5")]).unwrap_err();
    assert!(err.contains("e2e5"), "{err}");
    // No game: the diagram alone, the answer in words.
    let none = Report::proof_games("t", "proof-game 3", "none", &p, &[]).unwrap();
    assert_eq!(none.diagrams.len(), 1);
    assert!(none.games.is_empty());
}

/// `prove --question "proof-game 4" --report`: both games the search
/// stops at are on the page.
#[test]
fn prove_report_shows_every_game_found() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("r.html");
    let out = run(&[
        "prove",
        DIAGRAM,
        "--question",
        "proof-game 4",
        "--report",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("game 1 of 2") && html.contains("game 2 of 2"),
        "{html}"
    );
    assert!(html.contains("the diagram (P)"), "{html}");
}
