//! Native `pawns::refutes` and Coq's `PawnCaptures.pawn_refutes` agree.
//!
//! This test draws random boards (seeded, so always the same ones) and
//! checks that coq/tests/PawnCapturesCross.v lists exactly them with the
//! native verdicts; that Coq file proves, by `vm_compute`, that
//! `pawn_refutes` gives the same verdicts.  So `cargo test` + `make -C coq
//! test` together check agreement.  To regenerate the Coq file after a
//! change of the generator: `UPDATE_COQ_CROSS=1 cargo test --test
//! pawn_captures_coq`.

mod common;

use retroproof_core::random::Rng;
use retroproof_core::rules::pawns;

const COUNT: usize = 300;
const SEED: u64 = 0x5eed_9a75;

/// A random board as a FEN: two kings, up to 8 pawns a side crowded onto
/// a few files (so that captures are needed), and a random set of pieces
/// (sometimes more than the initial set, as after promotions).
fn random_fen(rng: &mut Rng) -> String {
    let mut board = [[' '; 8]; 8]; // [rank][file], rank 0 = rank 1
    let empty_square = |rng: &mut Rng,
                        board: &mut [[char; 8]; 8],
                        ranks: (usize, usize),
                        files: (usize, usize),
                        c: char| {
        for _ in 0..200 {
            let r = ranks.0 + rng.below(ranks.1 - ranks.0 + 1);
            let f = files.0 + rng.below(files.1 - files.0 + 1);
            if board[r][f] == ' ' {
                board[r][f] = c;
                return;
            }
        }
    };
    empty_square(rng, &mut board, (0, 7), (0, 7), 'K');
    empty_square(rng, &mut board, (0, 7), (0, 7), 'k');
    for (pawn, pieces) in [
        ('P', ['Q', 'R', 'R', 'B', 'B', 'N', 'N', 'Q']),
        ('p', ['q', 'r', 'r', 'b', 'b', 'n', 'n', 'q']),
    ] {
        let n = rng.below(9);
        let lo = rng.below(8);
        let hi = (lo + 1 + rng.below(7)).min(7);
        for _ in 0..n {
            empty_square(rng, &mut board, (1, 6), (lo, hi), pawn);
        }
        for p in pieces {
            if rng.below(3) > 0 {
                empty_square(rng, &mut board, (0, 7), (0, 7), p);
            }
        }
    }
    common::grid_fen(&board)
}

const CROSS: common::Cross = common::Cross {
    test: "pawn_captures_coq",
    native: "pawns::refutes",
    module: "PawnCaptures",
    coq: "pawn_refutes",
    file: "PawnCapturesCross.v",
};

#[test]
fn coq_cross_file_is_current() {
    let cs = common::cases(SEED, COUNT, random_fen, pawns::refutes);
    common::assert_both_verdicts(&cs);
    CROSS.assert_current(&cs);
}
