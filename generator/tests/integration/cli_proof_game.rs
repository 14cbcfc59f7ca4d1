//! `retroproof proof-game`, run as a user would run it.
//!
//! The expected games come from a plain enumeration with shakmaty (an
//! independent move generator) of every game of 4 plies from the initial
//! position, grouped by the diagram it reaches (board and side to move),
//! or are derived by hand (comments say how). Every game printed is
//! replayed by shakmaty to the diagram.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::cli::{run, stderr_of, stdout_of, usage_error};
use serde_json::Value;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Position as _};

/// A diagram as the command reads it: board and side to move, castling
/// and en passant left open.
fn diagram_fen(pos: &Chess) -> String {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    let fields: Vec<&str> = fen.split(' ').collect();
    format!("{} {} - -", fields[0], fields[1])
}

/// Every game of `plies` plies from the initial position, as UCI lines,
/// grouped by the diagram it reaches.
fn games_by_diagram(plies: u32) -> BTreeMap<String, BTreeSet<String>> {
    fn walk(
        pos: &Chess,
        left: u32,
        path: &mut Vec<String>,
        out: &mut BTreeMap<String, BTreeSet<String>>,
    ) {
        if left == 0 {
            out.entry(diagram_fen(pos))
                .or_default()
                .insert(path.join(" "));
            return;
        }
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            path.push(m.to_uci(shakmaty::CastlingMode::Standard).to_string());
            walk(&next, left - 1, path, out);
            path.pop();
        }
    }
    let mut out = BTreeMap::new();
    walk(&Chess::default(), plies, &mut Vec::new(), &mut out);
    out
}

/// Replays `game` (UCI) with shakmaty and checks it reaches `fen`.
fn replays_to(game: &[String], fen: &str) {
    let mut pos = Chess::default();
    for uci in game {
        let m = uci
            .parse::<UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap_or_else(|_| panic!("{uci} is not legal in {game:?}"));
        pos.play_unchecked(m);
    }
    assert_eq!(diagram_fen(&pos), fen, "{game:?}");
}

/// Runs `proof-game --json`, checks the exit code, and replays every game.
fn json(fen: &str, plies: u32, extra: &[&str], code: i32) -> Value {
    let n = plies.to_string();
    let mut args = vec!["proof-game", fen, &n, "--json"];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}: {}",
        stderr_of(&out)
    );
    let v: Value = serde_json::from_str(&stdout_of(&out)).expect("one JSON object");
    assert_eq!(v["proven_in_coq"], false);
    for game in v["solutions"].as_array().unwrap() {
        let game: Vec<String> = serde_json::from_value(game.clone()).unwrap();
        assert_eq!(game.len() as u32, v["plies"].as_u64().unwrap() as u32);
        replays_to(&game, fen);
    }
    v
}

/// The games a JSON answer lists, as UCI lines.
fn listed(v: &Value) -> BTreeSet<String> {
    v["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let g: Vec<String> = serde_json::from_value(g.clone()).unwrap();
            g.join(" ")
        })
        .collect()
}

#[test]
fn four_ply_diagrams_list_exactly_the_enumerated_games() {
    let all = games_by_diagram(4);
    // Some diagrams reached by one game, some by several: the first few
    // of each in the order of their FEN (no choice by hand).
    let unique: Vec<_> = all.iter().filter(|(_, g)| g.len() == 1).take(4).collect();
    let cooked: Vec<_> = all.iter().filter(|(_, g)| g.len() > 2).take(4).collect();
    assert_eq!(unique.len(), 4);
    assert_eq!(cooked.len(), 4);
    for (fen, games) in unique {
        let v = json(fen, 4, &["--all"], 0);
        assert_eq!(v["verdict"], "unique", "{fen}");
        assert_eq!(v["complete"], true);
        assert_eq!(&listed(&v), games, "{fen}");
    }
    for (fen, games) in cooked {
        let v = json(fen, 4, &["--all"], 1);
        assert_eq!(v["verdict"], "cooked", "{fen}");
        assert_eq!(v["complete"], true);
        assert_eq!(&listed(&v), games, "{fen}");
        // By default the search stops at two games: enough to say cooked.
        let v = json(fen, 4, &[], 1);
        assert_eq!(v["verdict"], "cooked");
        assert_eq!(v["complete"], false);
        assert_eq!(v["stopped"], "solutions");
        assert_eq!(listed(&v).len(), 2);
        assert!(listed(&v).is_subset(games));
    }
}

#[test]
fn the_text_output_lists_the_games_and_the_verdict() {
    // 1.e4 e5 2.Qh5 Ke7 3.Qxe5#: Black's king stands on e7 after one king
    // move, White's queen took the e-pawn on e5 from h5.
    let fen = "rnbq1bnr/ppppkppp/8/4Q3/4P3/8/PPPP1PPP/RNB1KBNR b - -";
    let out = run(&["proof-game", fen, "5", "--san"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "1: 1. e4 e5 2. Qh5 Ke7 3. Qxe5#");
    assert!(lines[1].starts_with("unique"), "{text}");
    assert!(lines[1].contains("not proven in Coq"), "{text}");
    assert_eq!(lines.len(), 2);
}

#[test]
fn cooked_shows_two_games() {
    // The initial board after 4 plies: each side took a knight out and
    // back (16 games, see tests/integration/spg.rs): by default two are listed.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -";
    let out = run(&["proof-game", start, "4"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("1: ") && lines[1].starts_with("2: "));
    assert!(lines[2].starts_with("cooked (2+ solutions)"), "{text}");
    for line in &lines[..2] {
        let game: Vec<String> = line[3..].split(' ').map(str::to_owned).collect();
        replays_to(&game, start);
    }
    let v = json(start, 4, &["--all"], 1);
    assert_eq!(listed(&v).len(), 16);
}

#[test]
fn none_when_no_game_has_that_length() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -";
    // In two plies each side makes one move, and none goes back.
    let v = json(start, 2, &[], 1);
    assert_eq!(v["verdict"], "none");
    assert_eq!(v["complete"], true);
    assert_eq!(v["solutions"], Value::Array(vec![]));
    // Six plies: only knights can move and come back (a pawn never goes
    // back), and a knight's closed walk has an even number of moves;
    // three moves each cannot be split into even walks.
    let v = json(start, 6, &[], 1);
    assert_eq!(v["verdict"], "none");
    // The parity of the length decides the side to move.
    let v = json(start, 5, &[], 1);
    assert_eq!(v["verdict"], "none");
    let text = stdout_of(&run(&["proof-game", start, "2"]));
    assert!(text.starts_with("none: no game of 2 plies"), "{text}");
    assert!(text.contains("not proven in Coq"), "{text}");
}

#[test]
fn the_empty_game() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -";
    let text = stdout_of(&run(&["proof-game", start, "0"]));
    assert!(text.starts_with("1: startpos\nunique"), "{text}");
}

#[test]
fn stopping_at_one_game_leaves_uniqueness_unknown() {
    let fen = "rnbq1bnr/ppppkppp/8/4Q3/4P3/8/PPPP1PPP/RNB1KBNR b - -";
    let v = json(fen, 5, &["--max", "1"], 3);
    assert_eq!(v["verdict"], "unknown");
    assert_eq!(v["complete"], false);
    assert_eq!(listed(&v).len(), 1);
}

#[test]
fn shortest_games() {
    // The miniature: no game of 1 or 3 plies (Black's king needs a move,
    // White's queen two, a capture on e5 needs Black's pawn there first).
    let fen = "rnbq1bnr/ppppkppp/8/4Q3/4P3/8/PPPP1PPP/RNB1KBNR b - -";
    let v = json(fen, 9, &["--shortest"], 0);
    assert_eq!(v["verdict"], "unique");
    assert_eq!(v["plies"], 5);
    assert_eq!(v["none_below"], 5);
    let text = stdout_of(&run(&["proof-game", fen, "9", "--shortest"]));
    assert!(text.contains("\nshortest: 5 plies"), "{text}");
    // The initial board with Black to move: White has made one move more
    // than Black, and only knights can move and come back, each closed
    // walk of even length: the two sides' counts cannot both be even.
    let black = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - -";
    let v = json(black, 9, &["--shortest"], 1);
    assert_eq!(v["verdict"], "none");
    assert_eq!(v["complete"], true);
    let text = stdout_of(&run(&["proof-game", black, "9", "--shortest"]));
    assert!(
        text.starts_with("none: no game of at most 9 plies"),
        "{text}"
    );
}

#[test]
fn bad_input_is_one_error_line() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -";
    for args in [
        vec!["proof-game", "not a fen", "4"],
        vec!["proof-game", "8/8/8/8/8/8/8/8 w - -", "4"],
        vec!["proof-game", start, "201"],
        vec!["proof-game", start, "-1"],
        vec!["proof-game", start, "four"],
        vec!["proof-game", start, "4", "--max", "0"],
        vec!["proof-game", start, "4", "--all", "--max", "3"],
        vec!["proof-game", start, "4", "--time", "0"],
    ] {
        usage_error(&args);
    }
}
