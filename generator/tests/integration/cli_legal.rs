//! `retroproof legal`, run as a user would run it.
//!
//! Every game printed is replayed by the forward rules and must reach the
//! position with its assertions (castling rights, en passant square) true;
//! the verdicts `illegal` come from the static rules only, the reasons
//! derived by hand (comments say how).

use crate::common::cli::{error_line, lines_of, run, stderr_of, stdout_of};
use retroproof_core::Position;
use serde_json::Value;

/// Runs `legal` on `fen` (with `extra` arguments), which must answer
/// `legal: <game>`; replays the game and checks it realizes `fen`. Returns
/// the number of plies.
fn legal_game(fen: &str, extra: &[&str]) -> usize {
    let mut args = vec!["legal", fen];
    args.extend_from_slice(extra);
    let lines = lines_of(&args);
    // The game, then the position it ends in (rights and en passant).
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[1].starts_with("the game ends in "), "{lines:?}");
    let game = lines[0].strip_prefix("legal: ").expect("legal");
    let target = Position::from_fen(fen).unwrap();
    let mut pos = Position::start();
    let moves: Vec<&str> = if game == "startpos" {
        Vec::new()
    } else {
        game.split(' ').collect()
    };
    for uci in &moves {
        let m = pos.parse_uci(uci).expect("legal move");
        pos.play_unchecked(&m);
    }
    assert_eq!(pos.board(), target.board(), "{fen}: {game}");
    assert_eq!(pos.turn(), target.turn());
    for (color, side) in target.castling_rights().iter() {
        assert!(pos.castling_rights().has(color, side), "{fen}: {game}");
    }
    if target.ep_square().is_some() {
        assert_eq!(pos.ep_square(), target.ep_square(), "{fen}: {game}");
    }
    moves.len()
}

fn json_of(args: &[&str], code: i32) -> Value {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}: {}",
        stderr_of(&out)
    );
    serde_json::from_str(&stdout_of(&out)).expect("valid JSON")
}

#[test]
fn legal_games_replay() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    assert_eq!(legal_game(fen, &[]), 3);
    assert_eq!(lines_of(&["legal", "startpos"])[0], "legal: startpos");
    // King and pawn against king (issue 13): many captures.
    legal_game("8/8/8/8/1k6/P7/1K6/8 b - -", &[]);
    // Bare kings.
    legal_game("8/8/8/8/8/8/8/K1k5 w - -", &[]);
    // An asserted en passant square: the game ends with the double step.
    legal_game(
        "rnbqkbnr/ppp1pppp/8/3p4/8/5N2/PPPPPPPP/RNBQKB1R w KQkq d6",
        &[],
    );
    // Castling rights asserted: kings and rooks never moved.
    legal_game("r3k2r/pppqpppp/2n5/8/8/5N2/PPPPPPPP/R3K2R b KQkq -", &[]);
    let v = json_of(&["legal", fen, "--json"], 0);
    assert_eq!(v["answer"], "legal");
    assert_eq!(v["game"].as_array().unwrap().len(), 3);
    assert_eq!(v["plies"], 3);
}

/// The main job's position (Smullyan) is legal, and the game found ends
/// with the three plies Coq proves every game ends with.
#[test]
fn smullyan_is_legal_with_the_proven_last_plies() {
    let fen = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";
    legal_game(fen, &[]);
    let v = json_of(&["legal", fen, "--json"], 0);
    let game = v["game"].as_array().unwrap();
    let last: Vec<&str> = game[game.len() - 3..]
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(last, ["c2c4", "b4c3", "b3c3"]);
}

#[test]
fn pgn_output() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    let lines = lines_of(&["legal", fen, "--pgn"]);
    assert!(lines.contains(&"[Result \"*\"]".to_owned()), "{lines:?}");
    // The position the game ends in, as a PGN comment before the moves.
    let comment = &lines[lines.len() - 2];
    assert!(
        comment.starts_with("{the game ends in ") && comment.ends_with('}'),
        "{lines:?}"
    );
    let moves = lines.last().unwrap();
    let mut pos = Position::start();
    let mut n = 0;
    for word in moves.split(' ') {
        if word == "*" || word.ends_with('.') {
            continue;
        }
        let m = pos.parse_san(word).expect("SAN move");
        pos.play_unchecked(&m);
        n += 1;
    }
    assert_eq!(n, 3);
    assert_eq!(pos.board(), Position::from_fen(fen).unwrap().board());
}

#[test]
fn illegal_reasons() {
    let illegal = |fen: &str| {
        let out = run(&["legal", fen]);
        assert_eq!(out.status.code(), Some(1), "{fen}: {}", stderr_of(&out));
        stdout_of(&out).trim_end().to_owned()
    };
    // Nine white pawns.
    assert_eq!(
        illegal("7k/8/8/8/8/PPPPPPPP/P7/K7 w - -"),
        "illegal: white has 9 pawns (at most 8)"
    );
    // Black, who moved last, is in check from Ra1.
    assert_eq!(
        illegal("k7/8/8/8/8/8/8/R6K w - -"),
        "illegal: black is in check but white is to move"
    );
    // Double check by two knights.
    assert_eq!(
        illegal("8/8/8/8/8/1N6/2N5/k6K b - -"),
        "illegal: no last move can have given this check"
    );
    // History dies after the asserted double step.
    assert_eq!(
        illegal("kB6/PN6/8/8/4P3/8/8/4K3 b - e3"),
        "illegal: no history longer than 1 plies"
    );
    // Smullyan: the bishop on h1 is shut in by the g2 pawn once g2xh3 is
    // taken back; the other last move, e4-e5, dies at once.
    assert!(illegal("k1K5/4Q3/8/2B1P3/3P4/7P/8/7B b - -").starts_with("illegal: "));
    // A white bishop on h1 behind an unmoved g2 pawn is stranded at once.
    assert_eq!(
        illegal("4k3/8/8/8/8/8/6P1/4K2B b - -"),
        "illegal: the man on h1 can never have moved there from its initial square"
    );
    // rtr-legal-155: pawn-capture counting (Black's rooks were taken in
    // their cages by pieces), a rule of the deep search.
    assert_eq!(
        illegal("1nbqk1n1/p1pp1pp1/1p2p2p/4P3/1P6/3N1N1P/PPP2PP1/R1B1KB1R b - -"),
        "illegal: the static rule pawn-captures refutes it"
    );
    // Filman's puzzle with a black knight on h4: the last move c7xd8=N
    // would leave Black 9 pawns and promoted men; no proof game, and the
    // deep search closes a dead set.
    let out = run(&[
        "legal",
        "2nR3K/pk1Rp1p1/p2p4/P1p5/1Pp4n/2PP2P1/4P2P/n7 b - -",
        "--time",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    assert!(
        stdout_of(&out).starts_with("illegal: the deep search: a dead set of "),
        "{}",
        stdout_of(&out)
    );
    let v = json_of(&["legal", "k7/8/8/8/8/8/8/R6K w - -", "--json"], 1);
    assert_eq!(v["answer"], "illegal");
    assert!(error_line(&["legal", "k7/8/8/8/8/8/8/R6K w - -"], 1).contains("illegal"));
}

#[test]
fn unknown_within_limits_says_why() {
    // Bare kings: legal, but a game needs more than 2 plies (and the deep
    // search, bounded by `--time`, finds no dead set).
    let args = [
        "legal",
        "8/8/8/8/8/8/8/K1k5 w - -",
        "--max-plies",
        "2",
        "--time",
        "1",
    ];
    let out = run(&args);
    assert_eq!(out.status.code(), Some(3), "{}", stderr_of(&out));
    let line = stdout_of(&out);
    assert!(line.starts_with("unknown: "), "{line}");
    assert_eq!(line.lines().count(), 1);
    // A node budget of 1.
    let v = json_of(
        &[
            "legal",
            "r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq -",
            "--nodes",
            "1",
            "--json",
        ],
        3,
    );
    assert_eq!(v["answer"], "unknown");
    assert!(
        v["reason"].as_str().unwrap().ends_with("within 1 position"),
        "{v}"
    );
}

/// A node budget too large to mean anything is still bounded by `--time`.
#[test]
fn a_huge_node_budget_is_bounded_by_time() {
    // Nine white pawns' worth of promotions: far beyond a 1-second search.
    let out = run(&[
        "legal",
        "qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - -",
        "--nodes",
        "18446744073709551615",
        "--time",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr_of(&out));
    assert!(
        stdout_of(&out).starts_with("unknown: "),
        "{}",
        stdout_of(&out)
    );
}
