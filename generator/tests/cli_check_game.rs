//! `retroproof check-game`: PGN in, a Coq proof of legality out (real
//! `coqc`, built library). Without `coqc` the proving tests fail unless
//! `RETROPROOF_SKIP_COQ=1`.

mod common;

use common::cli::{error_line, run, stderr_of, success_stdout};
use common::coq_env::skip_coq;

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
