//! Property tests for the FEN and EPD parsers.
//!
//! - Parsing never panics, on arbitrary strings or on valid FENs with a few
//!   random edits (which reach much deeper into the parser than random text).
//! - Whatever parses prints canonically and re-parses to the same value.
//! - Whatever parses is safe to use: move generation and a shallow perft run
//!   without panicking and keep one king per side.

use proptest::prelude::*;
use retroproof_core::{perft, Color, Epd, Position};

const VALID: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - -",
];

const VALID_EPD: &[&str] = &[
    "8/8/8/8/1p6/1k6/8/KR6 b - - id \"smullyan-1\"; retro \"last 3\"; sol \"c2c4 b4c3ep b3c3xp\";",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm e1g1; c0 \"a; b\"; noop;",
];

/// Characters that matter to the parsers, plus a few that do not.
const ALPHABET: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', 'w', 'x', '0', '1', '2', '3', '4',
    '5', '7', '8', '9', '/', ' ', '-', 'a', 'e', 'h', '"', ';', '\t', 'é', '\n',
];

#[derive(Debug, Clone)]
enum Edit {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
    Swap(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let ch = proptest::sample::select(ALPHABET);
    prop_oneof![
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), ch).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Edit::Swap(i, j)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Replace(i, c) if !chars.is_empty() => chars[i % n] = c,
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % n);
            }
            Edit::Swap(i, j) if !chars.is_empty() => chars.swap(i % n, j % n),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Everything we promise about a string the FEN parser accepted.
fn check_accepted_fen(pos: &Position) {
    let printed = pos.to_fen();
    assert_eq!(Position::from_fen(&printed).as_ref(), Ok(pos), "{printed}");
    assert_eq!(Position::from_fen(&printed).unwrap().to_fen(), printed);
    check_playable(pos);
}

fn check_playable(pos: &Position) {
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), pos.legal_move_count());
    for m in &moves {
        let next = pos.play(m).unwrap();
        for color in Color::ALL {
            assert!(next.board().king_of(color).is_some(), "{pos:?} {m}");
        }
    }
    perft(pos, 2);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn fen_parser_never_panics_on_arbitrary_text(s in ".{0,100}") {
        if let Ok(pos) = Position::from_fen(&s) {
            check_accepted_fen(&pos);
        }
        let _ = Epd::parse(&s);
    }

    #[test]
    fn fen_parser_never_panics_on_edited_fens(
        base in proptest::sample::select(VALID),
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        let text = apply(base, &edits);
        if let Ok(pos) = Position::from_fen(&text) {
            check_accepted_fen(&pos);
        } else {
            // Errors render without panicking, on one line.
            let msg = Position::from_fen(&text).unwrap_err().to_string();
            prop_assert!(!msg.contains('\n'), "{}", msg);
        }
    }

    #[test]
    fn epd_parser_never_panics_on_edited_lines(
        base in proptest::sample::select(VALID_EPD),
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        let text = apply(base, &edits);
        match Epd::parse(&text) {
            Ok(epd) => {
                let printed = epd.to_string();
                let reparsed = Epd::parse(&printed);
                prop_assert_eq!(reparsed.as_ref(), Ok(&epd));
                check_playable(&epd.position);
            }
            Err(e) => prop_assert!(!e.to_string().contains('\n')),
        }
    }
}

#[test]
fn valid_inputs_round_trip_exactly() {
    for fen in &VALID[..VALID.len() - 1] {
        assert_eq!(Position::from_fen(fen).unwrap().to_fen(), *fen);
    }
    for line in VALID_EPD {
        assert_eq!(Epd::parse(line).unwrap().to_string(), *line);
    }
}

/// Every single-character replacement and deletion of a few valid FENs:
/// a deterministic complement to the random edits, which also makes sure
/// that plenty of edited strings are accepted (and then fully checked).
#[test]
fn every_single_edit_of_valid_fens() {
    let mut accepted = 0;
    let mut rejected = 0;
    for base in &VALID[..3] {
        let chars: Vec<char> = base.chars().collect();
        for i in 0..chars.len() {
            let mut variants: Vec<String> = ALPHABET
                .iter()
                .map(|&c| {
                    let mut v = chars.clone();
                    v[i] = c;
                    v.into_iter().collect()
                })
                .collect();
            let mut deleted = chars.clone();
            deleted.remove(i);
            variants.push(deleted.into_iter().collect());
            for text in variants {
                match Position::from_fen(&text) {
                    Ok(pos) => {
                        accepted += 1;
                        check_accepted_fen(&pos);
                    }
                    Err(e) => {
                        rejected += 1;
                        assert!(!e.to_string().contains('\n'));
                    }
                }
            }
        }
    }
    assert!(accepted > 100 && rejected > 1000, "{accepted} {rejected}");
}
