//! Native `bishops::refutes` and Coq's `SealedBishops.sealed_refutes` agree.
//!
//! This test draws random boards (seeded, so always the same ones) and
//! checks that coq/tests/SealedBishopsCross.v lists exactly them with the
//! native verdicts; that Coq file proves, by `vm_compute`, that
//! `sealed_refutes` gives the same verdicts. So `cargo test` + `make -C coq
//! test` together check agreement. To regenerate the Coq file after a
//! change of the generator: `UPDATE_COQ_CROSS=1 cargo test --test
//! sealed_bishops_coq`.

use retroproof_core::random::Rng;
use retroproof_core::rules::bishops;
use retroproof_core::Position;

const COUNT: usize = 300;
const SEED: u64 = 0xb15b_0e75;

/// A random board as a FEN: two kings; for each side its bishop homes
/// often sealed by its pawns (b2 d2 / e2 g2, b7 d7 / e7 g7) and sometimes
/// holding its bishop; 4 to 8 pawns; bishops of both square colours, and a
/// few queens, rooks and knights (sometimes more than the initial set).
fn random_fen(rng: &mut Rng) -> String {
    let mut board = [[' '; 8]; 8]; // [rank][file], rank 0 = rank 1
                                   // (pawn rank, home rank, [(home file, sealing files)], pawn, bishop)
    let sides = [
        (1usize, 0usize, 'P', 'B', ['Q', 'R', 'N']),
        (6, 7, 'p', 'b', ['q', 'r', 'n']),
    ];
    for &(pawn_rank, home_rank, pawn, bishop, _) in &sides {
        for (home, s1, s2) in [(2usize, 1usize, 3usize), (5, 4, 6)] {
            if rng.below(3) > 0 {
                board[pawn_rank][s1] = pawn;
                board[pawn_rank][s2] = pawn;
            }
            if rng.below(3) == 0 {
                board[home_rank][home] = bishop;
            }
        }
    }
    crate::common::place(rng, &mut board, (0, 7), (0, 7), 'K');
    crate::common::place(rng, &mut board, (0, 7), (0, 7), 'k');
    for &(_, _, pawn, bishop, others) in &sides {
        let have = board.iter().flatten().filter(|&&c| c == pawn).count();
        let want = 4 + rng.below(5);
        for _ in have..want {
            crate::common::place(rng, &mut board, (1, 6), (0, 7), pawn);
        }
        for _ in 0..rng.below(4) {
            crate::common::place(rng, &mut board, (0, 7), (0, 7), bishop);
        }
        for p in others {
            for _ in 0..rng.below(3) {
                crate::common::place(rng, &mut board, (0, 7), (0, 7), p);
            }
        }
    }
    crate::common::grid_fen(&board)
}

const CROSS: crate::common::Cross = crate::common::Cross {
    test: "sealed_bishops_coq",
    native: "bishops::refutes",
    module: "SealedBishops",
    coq: "sealed_refutes",
    file: "SealedBishopsCross.v",
};

#[test]
fn coq_cross_file_is_current() {
    let cs = crate::common::cases(SEED, COUNT, random_fen, bishops::refutes);
    crate::common::assert_both_verdicts(&cs);
    // The rule says more than Material.v's count on some of them.
    let beyond = cs
        .iter()
        .filter(|(fen, v)| {
            *v && Position::from_fen(fen)
                .ok()
                .is_some_and(|p| retroproof_core::search::static_illegality(&p).is_none())
        })
        .count();
    assert!(
        beyond >= COUNT / 20,
        "{beyond} refuted beyond the invariants"
    );
    CROSS.assert_current(&cs);
}
