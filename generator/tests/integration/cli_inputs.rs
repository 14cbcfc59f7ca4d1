//! Bad input to `export`, `prove` and `last-moves` gets one clear
//! `error:` line and exit 2 (or 3 for a spent budget), never a misleading
//! message, an unbounded run or a file `coqc` cannot load.

use std::path::Path;

use crate::common::cli::{error_line, run, usage_error};

const PAWN: &str = "8/8/8/8/1k6/P7/1K6/8 b - -";

/// The line of examples/retro-problems.epd holding `id`.
fn epd_line(id: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/retro-problems.epd");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .find(|l| l.contains(&format!("id \"{id}\"")))
        .unwrap()
        .to_string()
}

#[test]
fn a_directory_or_a_missing_file_is_not_an_invalid_fen() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for cmd in ["export", "prove"] {
        let message = usage_error(&[cmd, d, "--question", "illegal"]);
        assert!(message.contains("directory"), "{message}");
        assert!(!message.contains("FEN"), "{message}");
        let missing = dir.path().join("missing.epd");
        let message = usage_error(&[cmd, missing.to_str().unwrap(), "--question", "illegal"]);
        assert!(message.contains("No such file"), "{message}");
    }
}

#[test]
fn output_names_must_load_in_coq_and_are_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("my-problem.v");
    let message = usage_error(&[
        "export",
        PAWN,
        "--question",
        "last 1",
        "-o",
        bad.to_str().unwrap(),
    ]);
    assert!(message.contains("module"), "{message}");
    assert!(!bad.exists());
    let good = dir.path().join("my_problem.v");
    let out = run(&[
        "export",
        PAWN,
        "--question",
        "last 1",
        "-o",
        good.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let written = std::fs::read_to_string(&good).unwrap();
    let message = usage_error(&[
        "export",
        PAWN,
        "--question",
        "last 1",
        "-o",
        good.to_str().unwrap(),
    ]);
    assert!(message.contains("exists"), "{message}");
    assert_eq!(std::fs::read_to_string(&good).unwrap(), written);
}

#[test]
fn ids_are_for_epd_files_and_unique() {
    let message = usage_error(&["export", PAWN, "--question", "last 1", "--id", "x"]);
    assert!(message.contains("--id"), "{message}");
    let dir = tempfile::tempdir().unwrap();
    let line = epd_line("hwa-tutorial-pawn");
    let twice = dir.path().join("twice.epd");
    std::fs::write(&twice, format!("{line}\n{line}\n")).unwrap();
    let message = usage_error(&[
        "export",
        twice.to_str().unwrap(),
        "--id",
        "hwa-tutorial-pawn",
    ]);
    assert!(message.contains("twice"), "{message}");
}

#[test]
fn one_limit_for_n_in_questions_and_epd_files() {
    let message = usage_error(&["export", PAWN, "--question", "last 99"]);
    assert!(message.contains("1 to 64"), "{message}");
    let dir = tempfile::tempdir().unwrap();
    let line = epd_line("hwa-tutorial-pawn").replace("retro \"last 1\"", "retro \"last 99\"");
    let file = dir.path().join("deep.epd");
    std::fs::write(&file, line).unwrap();
    let message = usage_error(&["export", file.to_str().unwrap()]);
    assert!(message.contains("1 to 64"), "{message}");
}

#[test]
fn last_moves_is_bounded() {
    let message = usage_error(&["last-moves", "startpos", "--depth", "1000"]);
    assert!(message.contains("1 to 6"), "{message}");
    usage_error(&["last-moves", "startpos", "--depth", "-1"]);
    // An open middlegame position at depth 6 has far more than a million
    // sequences: listing stops at the limit or the time, exit 3.
    let open = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let message = error_line(&["last-moves", open, "--depth", "6", "--time", "2"], 3);
    assert!(message.contains("sequences"), "{message}");
}

/// Time limits are at most a day: a larger one is bad input (it used to
/// overflow the clock, a panic), and so is a coqc limit of 0 s.
#[test]
fn time_limits_are_at_most_a_day() {
    let huge = "18446744073709551615";
    for args in [
        vec!["prove", "--timeout", huge],
        vec!["prove", "--timeout", "0"],
        vec!["prove", PAWN, "--question", "legal", "--game-time", huge],
        vec!["prove", PAWN, "--question", "legal", "--game-time", "86401"],
        vec!["solve", "-", "--timeout", huge],
        vec!["solve", "-", "--game-time", huge],
        vec!["check-game", "-", "--timeout", huge],
        vec!["diff", "--random", "1", "--timeout", huge],
        vec!["gen-coq", "--check", "--timeout", huge],
    ] {
        let message = usage_error(&args);
        assert!(message.contains("86400"), "{args:?}: {message}");
    }
    let message = usage_error(&["legal", PAWN, "--time", "1e300"]);
    assert!(message.contains("at most 86400"), "{message}");
}

/// A board alone (no side to move) is a FEN missing fields, not a file.
#[test]
fn a_board_alone_is_an_incomplete_fen() {
    let message = usage_error(&["prove", "8/8/8/8/1k6/P7/1K6/8", "--question", "illegal"]);
    assert!(message.contains("invalid FEN"), "{message}");
}
