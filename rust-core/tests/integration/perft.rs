//! Perft against published numbers.
//!
//! The six standard positions and their counts are from chessprogramming.org,
//! "Perft Results"; the special-rule positions are Martin Sedlak's widely
//! published perft suite (each aimed at one rule: illegal en passant, castling
//! giving or blocked by check, promotions out of and into check, stalemate).
//!
//! The default run uses depths that finish in well under a second each;
//! the published deep counts are `#[ignore]`d tests:
//! `cargo test -p retroproof-core --test integration perft:: -- --ignored`.

use retroproof_core::{divide, perft, Position};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
const POS3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -";
const POS4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POS4_MIRRORED: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POS5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
// Note the black bishop on g4 (`2B1P1b1`): the published counts are for
// this FEN. Without that bishop the counts are 47, 1845, … instead.
const POS6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

/// Checks `perft(fen, d) == counts[d - 1]` for every listed depth.
fn check(fen: &str, counts: &[u64]) {
    let pos = Position::from_fen(fen).expect(fen);
    for (i, &expected) in counts.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&pos, depth), expected, "{fen} depth {depth}");
    }
}

#[test]
fn start_position() {
    check(START, &[20, 400, 8_902, 197_281, 4_865_609]);
}

#[test]
fn kiwipete() {
    check(KIWIPETE, &[48, 2_039, 97_862, 4_085_603]);
}

#[test]
fn position_3() {
    check(POS3, &[14, 191, 2_812, 43_238, 674_624]);
}

#[test]
fn position_4() {
    check(POS4, &[6, 264, 9_467, 422_333]);
    check(POS4_MIRRORED, &[6, 264, 9_467, 422_333]);
}

#[test]
fn position_5() {
    check(POS5, &[44, 1_486, 62_379, 2_103_487]);
}

#[test]
fn position_6() {
    check(POS6, &[46, 2_079, 89_890, 3_894_594]);
}

/// (FEN, depth, count) from Martin Sedlak's perft suite.
const SPECIAL: &[(&str, u32, u64)] = &[
    // Avoid illegal en passant capture.
    ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1_134_888),
    ("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1_015_133),
    // En passant capture checks the opponent.
    ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1_440_467),
    // Short castling gives check.
    ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661_072),
    // Long castling gives check.
    ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803_711),
    // Castle rights.
    ("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1_274_206),
    // Castling prevented.
    ("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1_720_476),
    // Promote out of check.
    ("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3_821_001),
    // Discovered check.
    ("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1_004_658),
    // Promote to give check.
    ("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217_342),
    // Under-promote to give check.
    ("8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92_683),
    // Self stalemate.
    ("K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2_217),
    // Stalemate and checkmate.
    ("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567_584),
    ("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23_527),
];

#[test]
fn special_rules_suite() {
    for &(fen, depth, expected) in SPECIAL {
        let pos = Position::from_fen(fen).expect(fen);
        assert_eq!(perft(&pos, depth), expected, "{fen} depth {depth}");
    }
}

#[test]
fn divide_adds_up_to_perft() {
    for fen in [KIWIPETE, POS3, POS4, POS5, POS6] {
        let pos = Position::from_fen(fen).unwrap();
        let split = divide(&pos, 3);
        assert_eq!(split.len() as u64, perft(&pos, 1), "{fen}");
        let total: u64 = split.iter().map(|&(_, n)| n).sum();
        assert_eq!(total, perft(&pos, 3), "{fen}");
    }
}

// Published deep counts: run with `-- --ignored` (a few seconds each in
// release mode).

#[test]
#[ignore]
fn start_position_depth_6() {
    assert_eq!(perft(&Position::from_fen(START).unwrap(), 6), 119_060_324);
}

#[test]
#[ignore]
fn kiwipete_depth_5() {
    assert_eq!(
        perft(&Position::from_fen(KIWIPETE).unwrap(), 5),
        193_690_690
    );
}

#[test]
#[ignore]
fn position_3_depth_6() {
    assert_eq!(perft(&Position::from_fen(POS3).unwrap(), 6), 11_030_083);
}

#[test]
#[ignore]
fn position_4_depth_5() {
    assert_eq!(perft(&Position::from_fen(POS4).unwrap(), 5), 15_833_292);
    assert_eq!(
        perft(&Position::from_fen(POS4_MIRRORED).unwrap(), 5),
        15_833_292
    );
}

#[test]
#[ignore]
fn position_5_depth_5() {
    assert_eq!(perft(&Position::from_fen(POS5).unwrap(), 5), 89_941_194);
}

#[test]
#[ignore]
fn position_6_depth_5() {
    assert_eq!(perft(&Position::from_fen(POS6).unwrap(), 5), 164_075_551);
}
