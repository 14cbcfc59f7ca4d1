//! `retroproof prove --question castling | en-passant`: each right or
//! en-passant square proven possible (a proof game, replayed by Coq) or
//! impossible (a refutation or certificate), or reported unknown, never
//! claimed without a proof. Expected answers come from the chess, not
//! from the engine: the reason is given with each position.

mod common;

use common::cli::{error_line, run, stderr_of, stdout_of, success_stdout, usage_error};
use common::coq_env::skip_coq;

/// Black to move; White has a king on e1, a rook on h1 and a pawn on h2
/// that never moved: White's last move was by the king or the rook, so
/// White cannot castle king-side.
const LAST_MOVE_BY_KING_OR_ROOK: &str = "4k3/8/8/8/8/8/7P/4K2R b - -";

/// F. Amelung 1897: the black pawn on g5 came from g7 (from g6 it would
/// have given check to the king on f5 with White not to move), so White
/// may take en passant on g6.
const AMELUNG: &str = "7R/7p/5P1k/4PKpP/8/8/8/8 w - -";

#[test]
fn a_right_lost_by_the_last_move() {
    if skip_coq() {
        return;
    }
    let stdout = success_stdout(&["prove", LAST_MOVE_BY_KING_OR_ROOK, "--question", "castling"]);
    assert!(stdout.starts_with("castling: K cannot\n"), "{stdout}");
    assert!(
        stdout.contains("proven: K cannot: no game reaches 4k3/8/8/8/8/8/7P/4K2R b K - 0 1"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Theorem castling : reachable white_kingside.P -> False\n"),
        "{stdout}"
    );
}

#[test]
fn en_passant_proven_by_a_game_ending_with_the_double_step() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let stdout = success_stdout(&[
        "prove",
        AMELUNG,
        "--question",
        "en-passant",
        "--game-time",
        "60",
        "--json",
        "--keep",
        dir.path().to_str().unwrap(),
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        json["squares"],
        serde_json::json!({"g6": "can"}),
        "{stdout}"
    );
    assert_eq!(json["unknown"], serde_json::json!({}));
    assert_eq!(json["theorem"], "Theorem en_passant : reachable ep_g6.P");
    // The game replayed by Coq ends with the double step g7-g5.
    let file = std::fs::read_to_string(dir.path().join("Problem.v")).unwrap();
    assert!(file.contains("\"g7g5\" :: nil."), "{file}");
    assert!(file.contains("fen \"7R/7p/5P1k/4PKpP/8/8/8/8 w - g6 0 1\""));
}

#[test]
fn every_right_of_a_symmetric_position_can_be_held() {
    if skip_coq() {
        return;
    }
    // Pawns unmoved, kings and rooks at home, every other man gone
    // (taken by the knights, themselves taken later): the captures need
    // some king or rook moves, but never all four rooks', so each right
    // alone can be held; the games are the proof-game search's, replayed
    // by Coq.
    let stdout = success_stdout(&[
        "prove",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b - -",
        "--question",
        "castling",
        "--game-time",
        "60",
    ]);
    assert!(
        stdout.starts_with("castling: K can, Q can, k can, q can\n"),
        "{stdout}"
    );
}

#[test]
fn a_published_answer_the_proof_contradicts_is_refused() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let epd = dir.path().join("p.epd");
    std::fs::write(
        &epd,
        format!("{LAST_MOVE_BY_KING_OR_ROOK} id \"wrong\"; retro \"castling\"; sol \"K can\";\n"),
    )
    .unwrap();
    let err = error_line(&["prove", epd.to_str().unwrap()], 1);
    assert!(
        err.contains("published sol \"K can\" contradicts the proven answer \"K cannot\""),
        "{err}"
    );
}

#[test]
fn the_example_problems_prove_their_published_answers() {
    if skip_coq() {
        return;
    }
    let epd = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/classic-problems.epd"
    );
    let stdout = success_stdout(&["prove", epd, "--id", "constructed-castling-last-move"]);
    assert!(stdout.starts_with("castling: K cannot\n"), "{stdout}");
}

#[test]
fn questions_that_do_not_apply_are_bad_input() {
    let err = usage_error(&[
        "prove",
        "4k3/8/8/8/8/8/7P/4K2R b K -",
        "--question",
        "castling",
    ]);
    assert!(err.contains("castling field -"), "{err}");
    let err = usage_error(&[
        "prove",
        "4k3/8/8/8/8/8/8/3K3R b - -",
        "--question",
        "castling",
    ]);
    assert!(err.contains("no king and rook"), "{err}");
    let err = usage_error(&[
        "prove",
        "4k3/8/8/8/8/8/8/4K3 w - -",
        "--question",
        "en-passant",
    ]);
    assert!(err.contains("en passant"), "{err}");
    let err = usage_error(&["prove", AMELUNG, "--question", "en-passant", "--ltac"]);
    assert!(err.contains("--ltac"), "{err}");
}

#[test]
fn an_undecided_right_is_unknown_not_claimed() {
    if skip_coq() {
        return;
    }
    // Puzzling Stack Exchange 126757: White can castle queen-side, shown
    // by a 98-ply game the proof-game search does not find in 1 s.
    let out = run(&[
        "prove",
        "1B1n1b1n/p1pppppp/8/P7/8/6P1/1P1PPP1P/R3K1kr w - -",
        "--question",
        "castling",
        "--game-time",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out), "");
    let err = stderr_of(&out);
    assert!(
        err.starts_with("error: castling: nothing proven (Q unknown)"),
        "{err}"
    );
    assert!(!err.contains("Q can") && !err.contains("Q cannot"), "{err}");
}
