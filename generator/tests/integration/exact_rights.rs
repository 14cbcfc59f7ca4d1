//! Claims a FEN reader can trust (issue 60): a legal answer names the
//! position its game ends in, rights and en-passant square included, and
//! says when the FEN's `-` asserted nothing; `--exact-rights` reads the
//! FEN as the standard does (`-` meaning none) and proves the game ends in
//! the position exactly, or answers nothing.

use crate::common::cli::{run, stderr_of, stdout_of};
use crate::common::coq_env::skip_coq;

/// Amelung's position: every game reaching the board ends with g7-g5
/// (examples/classic-problems.epd), which leaves the en-passant square g6.
const AMELUNG: &str = "7R/7p/5P1k/4PKpP/8/8/8/8 w - -";
/// The initial board with no castling right asserted.
const START_NO_RIGHTS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -";

/// The castling and en-passant fields of a FEN.
fn rights_and_ep(fen: &str) -> (String, String) {
    let fields: Vec<&str> = fen.split(' ').collect();
    (fields[2].to_string(), fields[3].to_string())
}

#[test]
fn a_legal_game_names_the_position_it_ends_in() {
    // Native: the game, then the position it ends in and what `-` hid.
    let out = run(&["legal", AMELUNG, "--time", "30", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&out)).unwrap();
    let reached = json["reached"].as_str().unwrap();
    // Whatever game is found, it ends with the double step g7-g5.
    assert_eq!(json["game"].as_array().unwrap().last().unwrap(), "g7g5");
    assert_eq!(rights_and_ep(reached), ("-".to_string(), "g6".to_string()));
    let notes = json["unasserted"].as_array().unwrap();
    assert!(
        notes.iter().any(|n| n
            .as_str()
            .unwrap()
            .contains("en-passant field `-` asserts nothing")),
        "{notes:?}"
    );
    let out = run(&["legal", START_NO_RIGHTS]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    assert!(text.starts_with("legal: startpos\n"), "{text}");
    assert!(
        text.contains("the game ends in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"),
        "{text}"
    );
    assert!(
        text.contains("castling field `-` asserts only the rights it lists"),
        "{text}"
    );
}

#[test]
fn exact_rights_never_call_amelungs_dash_legal() {
    // Every game reaching the board leaves g6 as the en-passant square, so
    // none ends in the position with `-` read as none.
    for args in [
        vec!["legal", AMELUNG, "--time", "5", "--exact-rights"],
        vec!["legal", AMELUNG, "--time", "5", "--exact-rights", "--json"],
    ] {
        let out = run(&args);
        assert_ne!(out.status.code(), Some(0), "{args:?}: {}", stdout_of(&out));
        assert!(
            !stdout_of(&out).contains("\"legal\""),
            "{}",
            stdout_of(&out)
        );
        assert!(!stdout_of(&out).starts_with("legal"), "{}", stdout_of(&out));
    }
}

#[test]
fn prove_legal_says_what_the_game_reaches() {
    if skip_coq() {
        return;
    }
    // The retro reading: proven `reachable P` by the empty game, whose
    // position holds all four rights, and the sentence says so.
    let out = run(&["prove", START_NO_RIGHTS, "--question", "legal", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&out)).unwrap();
    assert_eq!(json["exact_rights"], false);
    assert_eq!(rights_and_ep(json["reached"].as_str().unwrap()).0, "KQkq");
    // The game is the empty one, found by the proof-game search, which
    // says how long it ran.
    assert_eq!(json["game_plies"], 0, "{json}");
    assert!(json["game_seconds"].as_f64().is_some(), "{json}");
    let proven = json["proven"][0].as_str().unwrap();
    assert!(
        proven.contains("asserts only the rights it lists"),
        "{proven}"
    );
    assert!(json["theorem"].as_str().unwrap().ends_with(": reachable P"));

    // The standard reading: proven only by a game that ends with no right.
    let out = run(&[
        "prove",
        START_NO_RIGHTS,
        "--question",
        "legal",
        "--exact-rights",
        "--game-time",
        "30",
        "--json",
    ]);
    match out.status.code() {
        Some(0) => {
            let json: serde_json::Value = serde_json::from_str(&stdout_of(&out)).unwrap();
            assert_eq!(json["exact_rights"], true);
            // No game of no move ends with no right: a longer one.
            assert!(json["game_plies"].as_u64().unwrap() > 0, "{json}");
            let reached = json["reached"].as_str().unwrap();
            assert_eq!(rights_and_ep(reached), ("-".to_string(), "-".to_string()));
            assert!(json["theorem"]
                .as_str()
                .unwrap()
                .ends_with(": reachable_exact P"));
        }
        Some(3) => {}
        other => panic!("{other:?}: {}{}", stdout_of(&out), stderr_of(&out)),
    }
    // Amelung's `-` read as none: never proven legal.
    let out = run(&[
        "prove",
        AMELUNG,
        "--question",
        "legal",
        "--exact-rights",
        "--game-time",
        "5",
    ]);
    assert_ne!(out.status.code(), Some(0), "{}", stdout_of(&out));
}

#[test]
fn solve_reads_the_rights_as_asked() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rows.tsv");
    std::fs::write(
        &file,
        format!("id\tfen\tquestion\texpected\nstart\t{START_NO_RIGHTS}\tillegal?\tno\namelung\t{AMELUNG}\tillegal?\tno\n"),
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let lines = |out: &std::process::Output| -> Vec<serde_json::Value> {
        stdout_of(out)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let row = |lines: &[serde_json::Value], id: &str| {
        lines.iter().find(|l| l["id"] == id).unwrap().clone()
    };
    // The retro reading: both legal, each game's end named.
    let out = run(&["solve", file, "--game-time", "30", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout_of(&out));
    let all = lines(&out);
    for id in ["start", "amelung"] {
        let result = &row(&all, id)["result"];
        assert_eq!(result["exact_rights"], false, "{result}");
        assert!(result["reached"].is_string(), "{result}");
    }
    // The standard reading: Amelung's row is never legal, the initial
    // board only by a game that ends with no right.
    let out = run(&[
        "solve",
        file,
        "--game-time",
        "30",
        "--exact-rights",
        "--json",
    ]);
    let all = lines(&out);
    let amelung = row(&all, "amelung");
    assert_ne!(amelung["status"], "ok", "{amelung}");
    let start = row(&all, "start");
    if start["status"] == "ok" {
        let result = &start["result"];
        assert_eq!(result["exact_rights"], true, "{result}");
        let reached = result["reached"].as_str().unwrap();
        assert_eq!(rights_and_ep(reached), ("-".to_string(), "-".to_string()));
    }
}
