//! PGN and SAN reading (rust-core `pgn`, `san`) on real games. Final FENs
//! are the published ones (Fool's mate, Morphy's Opera game as given in
//! common references), not engine output.

use retroproof_core::pgn::{parse_game, PgnError};
use retroproof_core::san::SanError;
use retroproof_core::Color;

const OPERA_END: &str = "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17";

#[test]
fn opera_game() {
    let game = parse_game(include_str!("../../../examples/opera.pgn")).unwrap();
    assert_eq!(game.end.to_fen(), OPERA_END);
    assert_eq!(game.moves.len(), 33);
    assert_eq!(game.tag("White"), Some("Paul Morphy"));
    assert_eq!(game.result.as_deref(), Some("1-0"));
    assert!(game.end.is_checkmate());
}

#[test]
fn fools_mate_with_glued_numbers_and_nags() {
    let game = parse_game("1.f3 e5 2.g4?? Qh4# $1 0-1").unwrap();
    assert_eq!(
        game.end.to_fen(),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
}

#[test]
fn variations_and_comments_are_skipped() {
    let game =
        parse_game("1. e4 {best by test} (1. d4 d5 (1... Nf6)) 1... e5 ; a comment\n2. Nf3 *")
            .unwrap();
    assert_eq!(game.sans, vec!["e4", "e5", "Nf3"]);
}

#[test]
fn illegal_move_names_its_number_and_side() {
    let err = parse_game("1. e4 e5 2. Ke3 *").unwrap_err();
    assert_eq!(
        err,
        PgnError::Move {
            number: 2,
            color: Color::White,
            error: SanError::Illegal { san: "Ke3".into() }
        }
    );
    assert_eq!(
        err.to_string(),
        "move 2. (White): Ke3 is not a legal move here"
    );
    let err = parse_game("1. e4 e5 2. Nf3 Nf3 *").unwrap_err();
    assert!(err.to_string().starts_with("move 2... (Black)"), "{err}");
}

#[test]
fn malformed_input_is_an_error_not_a_panic() {
    for text in [
        "[White \"unterminated",
        "1. e4 (e5",
        "1. e4 )",
        "{ never closed",
        "1. e4 e5 1-0 2. Nf3",
        "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n1. Kb1 *",
        "",
        "1. e4 e5 2. Q@@ *",
    ] {
        assert!(parse_game(text).is_err(), "{text:?} was accepted");
    }
    assert_eq!(parse_game("[FEN \"x\"]").unwrap_err(), PgnError::SetUp);
}

/// A closing brace or bracket with nothing to close is a syntax error on
/// its line (it used to stop the reader, which then pushed empty words
/// until memory ran out).
#[test]
fn a_stray_closing_brace_or_bracket_is_an_error() {
    for (text, line) in [("1. e4 e5 2. Nf3}", 1), ("[Event \"x\"]\n1. e4 ] e5", 2)] {
        match parse_game(text) {
            Err(PgnError::Syntax { line: l, .. }) => assert_eq!(l, line, "{text:?}"),
            other => panic!("{text:?}: {other:?}"),
        }
    }
}
