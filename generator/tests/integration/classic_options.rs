//! Every combination of the classic questions' options, through `coqc`
//! (issue 60): `?` as the side to move, one or two `?` squares, `--one`,
//! `--occupied` and `--reached-by` together. Each combination is answered
//! (exit 0, every case proven), partly answered (exit 3), or refused as
//! bad input with one `error:` line (exit 2) where the README says so;
//! never a disagreement between the engine and Coq (exit 1) nor a file Coq
//! rejects (exit 5).

use std::collections::BTreeSet;

use crate::common::cli::{run, stderr_of, stdout_of};
use crate::common::coq_env::skip_coq;

/// The initial board with White's e-pawn (and d-pawn) unknown: each
/// filling is settled by a short game or a static rule, quickly.
const ONE: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPP?PPP/RNBQKBNR";
const TWO: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPP??PPP/RNBQKBNR";
/// A game reaching the filling with e2 empty (the e-pawn taken on e5, d2
/// as it stands), White to move: 1. e4 Nc6 2. e5 Nxe5 3. Nf3 Nc6 4. Ng1
/// Nb8.
const EMPTY_E2: &str = "e2e4 b8c6 e4e5 c6e5 g1f3 e5c6 f3g1 c6b8";
/// A game back to the initial position: the filling with a pawn on e2.
const PAWN_E2: &str = "g1f3 g8f6 f3g1 f6g8";

/// What a combination must give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// Answered, every case proven (0), or some left unknown (3).
    Answered,
    /// Bad input: more fillings than `which` settles (2).
    TooMany,
}

/// `prove FEN --question which` with the options `fill` and, if given,
/// `--reached-by game`.
fn which(board: &str, side: &str, fill: &[&str], game: Option<&str>, expect: Expect) {
    let fen = format!("{board} {side} - -");
    let mut args = vec![
        "prove",
        fen.as_str(),
        "--question",
        "which",
        "--game-time",
        "5",
        "--json",
    ];
    args.extend_from_slice(fill);
    if let Some(game) = game {
        args.push("--reached-by");
        args.extend(game.split(' '));
    }
    let out = run(&args);
    let code = out.status.code();
    let (stdout, stderr) = (stdout_of(&out), stderr_of(&out));
    match expect {
        Expect::TooMany => {
            assert_eq!(code, Some(2), "{args:?}: {stdout}{stderr}");
            assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
            assert!(stderr.contains("fillings"), "{args:?}: {stderr}");
        }
        Expect::Answered => {
            assert!(
                matches!(code, Some(0 | 3)),
                "{args:?}: exit {code:?}: {stdout}{stderr}"
            );
            let json: serde_json::Value = serde_json::from_str(&stdout)
                .unwrap_or_else(|e| panic!("{args:?}: {e}: {stdout}{stderr}"));
            let cases = json["cases"].as_object().expect("cases");
            assert!(!cases.is_empty(), "{args:?}: {stdout}");
            // A case per filling: with the side unknown, each key names it.
            let keys: BTreeSet<&String> = cases.keys().collect();
            if side == "?" {
                assert!(
                    keys.iter().all(|k| k.ends_with(" w") || k.ends_with(" b")),
                    "{args:?}: {keys:?}"
                );
            }
            for verdict in cases.values() {
                assert!(
                    ["possible", "impossible", "unknown"].contains(&verdict.as_str().unwrap()),
                    "{args:?}: {stdout}"
                );
            }
            let all_proven = cases.values().all(|v| v != "unknown");
            assert_eq!(code == Some(0), all_proven, "{args:?}: {stdout}");
            // The filling the given game reaches is proven possible.
            if let Some(game) = game {
                let filling = match (game, fill.is_empty()) {
                    (EMPTY_E2, true) => "e2=-",
                    (EMPTY_E2, false) => "d2=P",
                    _ => "e2=P",
                };
                let key = if side == "?" {
                    format!("{filling} w")
                } else {
                    filling.to_string()
                };
                assert_eq!(cases[&key], "possible", "{args:?}: {stdout}");
            }
        }
    }
}

/// Every combination for one side-to-move field (`w` or `?`): one test
/// per side, so that the harness runs the two side by side.
fn every_combination(side: &str) {
    if skip_coq() {
        return;
    }
    use Expect::*;
    let one = ["--one", "P"];
    which(ONE, side, &[], None, Answered);
    which(ONE, side, &[], Some(EMPTY_E2), Answered);
    which(ONE, side, &one, None, Answered);
    which(ONE, side, &one, Some(PAWN_E2), Answered);
    which(ONE, side, &["--occupied"], None, Answered);
    which(ONE, side, &["--occupied"], Some(PAWN_E2), Answered);
    which(TWO, side, &[], None, TooMany);
    which(TWO, side, &one, None, Answered);
    which(TWO, side, &one, Some(EMPTY_E2), Answered);
    which(TWO, side, &["--occupied"], None, TooMany);
}

#[test]
fn which_with_every_combination_of_options_white_to_move() {
    every_combination("w");
}

#[test]
fn which_with_every_combination_of_options_side_unknown() {
    every_combination("?");
}
