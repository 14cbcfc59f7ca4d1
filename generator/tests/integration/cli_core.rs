//! The `perft`, `moves` and `show` subcommands, run as a user would run them.
//!
//! Expected counts are published perft numbers (chessprogramming.org,
//! "Perft Results"); the start position's moves are the rules' 16 pawn
//! moves and 4 knight moves.

use crate::common::cli::{lines_of, usage_error};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";

#[test]
fn perft_kiwipete_depth_2() {
    assert_eq!(lines_of(&["perft", KIWIPETE, "2"]), ["2039"]);
}

#[test]
fn perft_accepts_six_field_fen_and_startpos() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(lines_of(&["perft", fen, "3"]), ["8902"]);
    assert_eq!(lines_of(&["perft", "startpos", "3"]), ["8902"]);
    assert_eq!(lines_of(&["perft", "startpos", "0"]), ["1"]);
}

#[test]
fn divide_lists_root_moves_sorted_and_sums_to_total() {
    let lines = lines_of(&["perft", KIWIPETE, "3", "--divide"]);
    let (total, split) = lines.split_last().unwrap();
    assert_eq!(total, "97862");
    assert_eq!(split.len(), 48);
    let mut sum = 0;
    let mut moves = Vec::new();
    for line in split {
        let (uci, count) = line.split_once(": ").expect("`<uci>: <count>`");
        moves.push(uci.to_owned());
        sum += count.parse::<u64>().expect("a count");
    }
    assert_eq!(sum, 97_862);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert!(moves.contains(&"e1g1".to_owned()) && moves.contains(&"e1c1".to_owned()));
}

#[test]
fn moves_of_the_start_position() {
    let lines = lines_of(&["moves", "startpos"]);
    let (last, moves) = lines.split_last().unwrap();
    assert_eq!(last, "20 moves");
    let mut expected: Vec<String> = Vec::new();
    for file in 'a'..='h' {
        expected.push(format!("{file}2{file}3"));
        expected.push(format!("{file}2{file}4"));
    }
    expected.extend(["b1a3", "b1c3", "g1f3", "g1h3"].map(String::from));
    expected.sort();
    assert_eq!(moves, expected.as_slice());
}

#[test]
fn moves_count_matches_perft_1() {
    let lines = lines_of(&["moves", KIWIPETE]);
    assert_eq!(lines.last().unwrap(), "48 moves");
    assert_eq!(lines.len(), 49);
}

#[test]
fn show_draws_the_board_with_white_at_the_bottom() {
    let lines = lines_of(&[
        "show",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ]);
    assert_eq!(lines[0], "8  r n b q k b n r");
    assert_eq!(lines[4], "4  . . . . P . . .");
    assert_eq!(lines[7], "1  R N B Q K B N R");
    assert_eq!(lines[8], "   a b c d e f g h");
    assert!(lines.iter().any(|l| l == "side to move: black"));
    assert!(lines.iter().any(|l| l == "castling: KQkq"));
    assert!(lines.iter().any(|l| l.starts_with("en passant: e3")));
}

#[test]
fn bad_fen_is_one_error_line_with_exit_code_2() {
    let line = usage_error(&[
        "perft",
        "rnbqkbnr/pppppppp/8/8/8/2x5/PPPPPPPP/RNBQKBNR w KQkq -",
        "2",
    ]);
    assert!(line.contains("'x'") && line.contains("rank 3"), "{line}");
    let line = usage_error(&["moves", "4k3/8/8/8/8/8/8/4KK2 w - -"]);
    assert!(line.contains("kings"), "{line}");
    let line = usage_error(&["show", "4k3/8/8/8/8/8/8/4K3 w K -"]);
    assert!(line.contains("castling"), "{line}");
    usage_error(&["show", ""]);
    usage_error(&["moves", "not a fen at all"]);
}

#[test]
fn bad_depth_is_one_error_line_with_exit_code_2() {
    usage_error(&["perft", "startpos", "x"]);
    usage_error(&["perft", "startpos", "-1"]);
    usage_error(&["perft", "startpos"]);
}
