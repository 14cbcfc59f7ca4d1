//! `retroproof check-game`: PGN in, a Coq proof of legality out (real
//! `coqc`, built library). Without `coqc` the proving tests fail unless
//! `RETROPROOF_SKIP_COQ=1`.

use std::process::{Command, Output};

fn retroproof(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_retroproof"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn skip_coq() -> bool {
    std::env::var("RETROPROOF_SKIP_COQ").as_deref() == Ok("1")
}

#[test]
fn opera_game_is_proven_legal() {
    if skip_coq() {
        return;
    }
    let out = retroproof(&["check-game", "../examples/opera.pgn"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    let out = retroproof(&["check-game", "tests/data/illegal.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("move 8. (White): Ke2 is not a legal move here"),
        "{err}"
    );
}

#[test]
fn missing_file_is_bad_input() {
    let out = retroproof(&["check-game", "tests/data/no-such-game.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: cannot read"));
}
