//! The retro subcommands (`unmoves`, `retro-perft`, `last-moves`; `legal`
//! has `cli_legal.rs`), run as a user would run them.
//!
//! Expected values are derived by hand (comments say how) or taken from the
//! issue's known answers, never from the engine.

use crate::common::cli::{lines_of, run, stderr_of, stdout_of, usage_error};
use serde_json::Value;

const SMULLYAN: &str = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";

fn json_of(args: &[&str]) -> Value {
    let out = run(args);
    assert!(out.status.success(), "{args:?} failed: {}", stderr_of(&out));
    serde_json::from_str(&stdout_of(&out)).expect("valid JSON")
}

#[test]
fn unmoves_known_answers() {
    // Discovered double check by en passant: the only retraction.
    assert_eq!(
        lines_of(&["unmoves", "8/8/3kP3/8/3R1Q2/8/4K3/8 b - -"]),
        ["d5e6ep", "1 unmove"]
    );
    assert_eq!(
        lines_of(&["unmoves", "6B1/5R1k/8/8/8/8/8/7K b - -"]),
        ["g7g8b", "1 unmove"]
    );
    assert_eq!(
        lines_of(&["unmoves", "2kr3K/3p4/8/8/8/8/8/8 w - -"]),
        ["e8c8", "1 unmove"]
    );
    // The start position: the four black knight moves.
    assert_eq!(
        lines_of(&["unmoves", "startpos"]),
        ["a6b8", "c6b8", "f6g8", "h6g8", "4 unmoves"]
    );
    // Counts from the issue (the 40 are listed in examples/retraction-vectors.txt).
    let lines = lines_of(&["unmoves", "8/8/8/8/8/4k3/8/r3K3 w - -"]);
    assert_eq!(lines.last().unwrap(), "40 unmoves");
    assert_eq!(lines.len(), 41);
    assert_eq!(
        lines_of(&["unmoves", "4k3/8/P7/8/8/8/8/4K2R b K -"]),
        [
            "a5a6",
            "b5a6ep",
            "b5a6xb",
            "b5a6xn",
            "b5a6xp",
            "b5a6xq",
            "b5a6xr",
            "7 unmoves"
        ]
    );
}

#[test]
fn unmoves_json_gives_predecessors() {
    let v = json_of(&["unmoves", "4k3/8/P7/8/8/8/8/4K2R b K -", "--json"]);
    let entries = v.as_array().expect("an array");
    assert_eq!(entries.len(), 7);
    let find = |name: &str| {
        entries
            .iter()
            .find(|e| e["unmove"] == name)
            .unwrap_or_else(|| panic!("{name} missing"))["fen"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    // By hand: White pawn back on b5, the black pawn it took on a5, White
    // to move with e.p. square a6 (rule 5), the K right kept (rule 4).
    assert_eq!(find("b5a6ep"), "4k3/8/8/pP6/8/8/8/4K2R w K a6 0 1");
    assert_eq!(find("b5a6xn"), "4k3/8/n7/1P6/8/8/8/4K2R w K - 0 1");
    assert_eq!(find("a5a6"), "4k3/8/8/P7/8/8/8/4K2R w K - 0 1");
}

#[test]
fn retro_perft_counts() {
    // Start position: 4 black knight retractions; below each, the 4 white
    // knight retractions; below those, Black's displaced knight has 3
    // (a6: b8 b4 c5), 5 (c6: b8 a5 b4 d4 e5), 5 (f6) or 3 (h6) origins and
    // the other knight 2: (5 + 7 + 7 + 5) * 4 = 96.
    assert_eq!(lines_of(&["retro-perft", "startpos", "1"]), ["4"]);
    assert_eq!(lines_of(&["retro-perft", "startpos", "2"]), ["16"]);
    assert_eq!(lines_of(&["retro-perft", "startpos", "3"]), ["96"]);
    assert_eq!(lines_of(&["retro-perft", "startpos", "0"]), ["1"]);
    assert_eq!(
        lines_of(&["retro-perft", "startpos", "2", "--divide"]),
        ["a6b8: 4", "c6b8: 4", "f6g8: 4", "h6g8: 4", "16"]
    );
}

#[test]
fn last_moves_smullyan() {
    assert_eq!(
        lines_of(&["last-moves", SMULLYAN, "--depth", "3"]),
        [
            "b3c3xp b4c3ep c2c4",
            "1 sequences",
            "forced: c2c4 b4c3ep b3c3xp"
        ]
    );
    let v = json_of(&["last-moves", SMULLYAN, "--depth", "3", "--json"]);
    assert_eq!(v["count"], 1);
    assert_eq!(v["verdict"], "open");
    assert_eq!(v["forced"], serde_json::json!(["c2c4", "b4c3ep", "b3c3xp"]));
    assert_eq!(
        v["sequences"],
        serde_json::json!([["b3c3xp", "b4c3ep", "c2c4"]])
    );
}

#[test]
fn last_moves_forced_part_and_count() {
    // Depth 1 of Smullyan's position: b3c3 plain or capturing p/n/b/r/q on
    // c3, so the forced part is empty.
    let lines = lines_of(&["last-moves", SMULLYAN, "--depth", "1"]);
    assert_eq!(lines[lines.len() - 2], "6 sequences");
    assert_eq!(lines[lines.len() - 1], "forced: -");
    // The count is retro-perft's.
    let lines = lines_of(&["last-moves", "startpos", "--depth", "2"]);
    assert_eq!(lines[lines.len() - 2], "16 sequences");
}

#[test]
fn last_moves_illegal() {
    // Illegal positions get the reason instead of histories, and exit 1.
    // The e.p. square asserts e2-e4; before it Black's king on a8 is boxed
    // in by a7, b7, b8: no history longer than 1 ply.
    let out = run(&[
        "last-moves",
        "kB6/PN6/8/8/4P3/8/8/4K3 b - e3",
        "--depth",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_of(&out), "illegal: no history longer than 1 plies\n");
    // Two knights cannot both have given check: not even one ply.
    let out = run(&["last-moves", "8/8/8/8/8/1N6/2N5/k6K b - -", "--depth", "3"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout_of(&out),
        "illegal: no last move can have given this check\n"
    );
    let out = run(&[
        "last-moves",
        "8/8/8/8/8/1N6/2N5/k6K b - -",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "illegal");
    assert_eq!(v["reason"], "no last move can have given this check");
}

#[test]
fn bad_input_is_one_error_line() {
    assert!(usage_error(&["unmoves", "nonsense"]).contains("FEN"));
    assert!(usage_error(&["retro-perft", "8/8/8/8/8/8/8/8 w - -", "1"]).contains("king"));
    assert!(usage_error(&["last-moves", "startpos", "--depth", "0"]).contains("from 1 to 6"));
    // (main.rs keeps only the first line of clap's message, which does not
    // name the missing argument.)
    assert!(usage_error(&["last-moves", "startpos"]).contains("required"));
    assert!(usage_error(&["retro-perft", "startpos", "-1"]).starts_with("error:"));
    // The side that moved last is in check: no retro question makes sense.
    for cmd in ["unmoves", "retro-perft", "last-moves"] {
        let mut args = vec![cmd, "k7/8/8/8/8/8/8/R6K w - -"];
        if cmd == "retro-perft" {
            args.push("2");
        }
        if cmd == "last-moves" {
            args.extend(["--depth", "2"]);
        }
        let err = usage_error(&args);
        assert!(err.contains("impossible position"), "{cmd}: {err}");
    }
}
