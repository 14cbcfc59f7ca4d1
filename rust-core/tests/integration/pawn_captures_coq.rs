//! Native `pawns::refutes` and Coq's `PawnCaptures.pawn_refutes` agree.
//!
//! This test draws random boards (seeded, so always the same ones) and
//! checks that coq/tests/PawnCapturesCross.v lists exactly them, then a
//! few fixed boards ([`FIXED`]: cages of dead men, men walled in on a
//! promotion square), with the native
//! verdicts; that Coq file proves, by `vm_compute`, that
//! `pawn_refutes` gives the same verdicts.  So `cargo test` + `make -C coq
//! test` together check agreement.  To regenerate the Coq file after a
//! change of the generator: `UPDATE_COQ_CROSS=1 cargo test --test
//! pawn_captures_coq`.

use retroproof_core::random::Rng;
use retroproof_core::rules::pawns;

const COUNT: usize = 300;
const SEED: u64 = 0x5eed_9a75;

/// A random board as a FEN: two kings, up to 8 pawns a side crowded onto
/// a few files (so that captures are needed), and a random set of pieces
/// (sometimes more than the initial set, as after promotions).
fn random_fen(rng: &mut Rng) -> String {
    let mut board = [[' '; 8]; 8]; // [rank][file], rank 0 = rank 1
    crate::common::place(rng, &mut board, (0, 7), (0, 7), 'K');
    crate::common::place(rng, &mut board, (0, 7), (0, 7), 'k');
    for (pawn, pieces) in [
        ('P', ['Q', 'R', 'R', 'B', 'B', 'N', 'N', 'Q']),
        ('p', ['q', 'r', 'r', 'b', 'b', 'n', 'n', 'q']),
    ] {
        let n = rng.below(9);
        let lo = rng.below(8);
        let hi = (lo + 1 + rng.below(7)).min(7);
        for _ in 0..n {
            crate::common::place(rng, &mut board, (1, 6), (lo, hi), pawn);
        }
        for p in pieces {
            if rng.below(3) > 0 {
                crate::common::place(rng, &mut board, (0, 7), (0, 7), p);
            }
        }
    }
    crate::common::grid_fen(&board)
}

/// Boards with caged men of the other side (`pawns::dead_men`, walled by
/// frozen men, columns and the pawn ceiling) or men
/// walled in on a promotion square (`frozen::region_promoted`), which
/// random boards hardly ever have: the refuted corpus records, boards
/// refuted by a single dead man, and near-misses the rules do not refute
/// (see `pawn_captures_with_dead_men` in tests/integration/rules.rs).
const FIXED: [&str; 16] = [
    // rtr-legal-047: both black bishops dead, refuted.
    "4k2r/pp1pp1p1/1np2n1p/qr3p2/2PP1N1P/B1PQP1PB/P2KNPR1/R7 b - -",
    // rtr-legal-113: both black rooks dead, refuted.
    "2bqkb2/pppppppp/8/2n2n2/2P1NP2/1P1P1K1B/1P2P1QP/R1B5 w - -",
    // 113 with a rook on b8: one dead rook, refuted.
    "1rbqkb2/pppppppp/8/2n2n2/2P1NP2/1P1P1K1B/1P2P1QP/R1B5 w - -",
    // No black rooks, the d-pawn on c3: dead 2, refuted.
    "1nbqkbn1/pppppppp/8/8/8/2P5/PPP1PPPP/RNBQKBNR w - -",
    // No a8 rook nor g8 knight, the d-pawn on c3: dead 1, not refuted.
    "1nbqkb1r/pppppppp/8/8/8/2P5/PPP1PPPP/RNBQKBNR w - -",
    // 047 with b7 on b6 (the c8 cage opens): dead 1, not refuted.
    "4k2r/p2pp1p1/1pp2n1p/qr1n1p2/2PP1N1P/B1PQP1PB/P2KNPR1/R7 b - -",
    // 113 with a7 on a6: dead 1, not refuted.
    "2bqkb2/1ppppppp/p7/2n2n2/2P1NP2/1P1P1K1B/1P2P1QP/R1B5 w - -",
    // 113 with g7 on g6 (both cages open, one through castling): dead 0.
    "2bqkb2/pppppp1p/6p1/2n2n2/2P1NP2/1P1P1K1B/1P2P1QP/R1B5 w - -",
    // rtr-legal-075: the e1 bishop, walled in by d2 and f2, is a promoted
    // pawn (`frozen::region_promoted`), so Black's pawns need 2 captures
    // of the 1 White lost: refuted.
    "1n5r/1ppbp2p/1p1p1qk1/P5p1/7n/1PPKP1P1/R2P1P1P/RBB1b1NN w - -",
    // The same, colours swapped: refuted.
    "rbb1B1nn/r2p1p1p/1ppkp1p1/7N/p5P1/1P1P1QK1/1PPBP2P/1N5R b - -",
    // 075 without the h1 knight: White lost 2, not refuted.
    "1n5r/1ppbp2p/1p1p1qk1/P5p1/7n/1PPKP1P1/R2P1P1P/RBB1b1N1 w - -",
    // 075 with d2 on d3 (the bishop gets out): not refuted.
    "1n5r/1ppbp2p/1p1p1qk1/P5p1/7n/1PPPP1P1/R3KP1P/RBB1b1NN w - -",
    // rtr-legal-155: both black rooks dead, caged on rank 8, b7, e7 and h7
    // by the columns b6, e6 and h6 and above White's pawn ceiling (all 8
    // White pawns on ranks 2-5): refuted.
    "1nbqk1n1/p1pp1pp1/1p2p2p/4P3/1P6/3N1N1P/PPP2PP1/R1B1KB1R b - -",
    // The same, colours swapped: refuted.
    "r1b1kb1r/ppp2pp1/3n1n1p/1p6/4p3/1P2P2P/P1PP1PP1/1NBQK1N1 w - -",
    // 155 without the h3 pawn: no ceiling, not refuted.
    "1nbqk1n1/p1pp1pp1/1p2p2p/4P3/1P6/3N1N2/PPP2PP1/R1B1KB1R b - -",
    // 155 with b6 on b5 (no column on the b-file): not refuted.
    "1nbqk1n1/p1pp1pp1/4p2p/1p2P3/1P6/3N1N1P/PPP2PP1/R1B1KB1R b - -",
];

const CROSS: crate::common::Cross = crate::common::Cross {
    test: "pawn_captures_coq",
    native: "pawns::refutes",
    module: "PawnCaptures",
    coq: "pawn_refutes",
    file: "PawnCapturesCross.v",
};

#[test]
fn coq_cross_file_is_current() {
    let mut cs = crate::common::cases(SEED, COUNT, random_fen, pawns::refutes);
    crate::common::assert_both_verdicts(&cs);
    let fixed = crate::common::verdicts(&FIXED, pawns::refutes);
    let refuted = fixed.iter().filter(|c| c.1).count();
    assert_eq!(refuted, 8, "{fixed:?}");
    cs.extend(fixed);
    CROSS.assert_current(&cs);
}
