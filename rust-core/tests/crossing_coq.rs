//! Native `crossing::refutes` and Coq's `Crossing.crossing_refutes` agree.
//!
//! Random boards (seeded, so always the same ones) and a few fixed ones
//! ([`FIXED`]) with the native verdicts go into coq/tests/CrossingCross.v,
//! which proves by `vm_compute` that `crossing_refutes` gives the same
//! verdicts; this test checks that the file lists exactly them. So `cargo
//! test` + `make -C coq test` together check agreement. To regenerate the
//! Coq file after a change: `UPDATE_COQ_CROSS=1 cargo test --test
//! crossing_coq`.

mod common;

use retroproof_core::random::Rng;
use retroproof_core::rules::{crossing, pawns};
use retroproof_core::Position;

const COUNT: usize = 200;
const SEED: u64 = 0xc055_1a9e;

/// A random board that plain pawn-capture counting does not refute (so
/// that the crossing rule has to look at the order on the files).
fn random_fen(rng: &mut Rng) -> String {
    loop {
        let fen = draw(rng);
        if Position::from_fen(&fen).is_ok_and(|p| !pawns::refutes(&p)) {
            return fen;
        }
    }
}

/// A random board as a FEN: two kings; for each side, pawns on a few
/// shared files (White's and Black's in either order on a file, so that
/// some have crossed), nearly all its pieces (few captures to spend), and
/// now and then an extra piece, a promoted man.
fn draw(rng: &mut Rng) -> String {
    let mut board = [[' '; 8]; 8]; // [rank][file], rank 0 = rank 1
    common::place(rng, &mut board, (0, 7), (0, 7), 'K');
    common::place(rng, &mut board, (0, 7), (0, 7), 'k');
    let lo = rng.below(6);
    let hi = (lo + 2 + rng.below(3)).min(7);
    for pawn in ['P', 'p'] {
        for _ in 0..(4 + rng.below(5)) {
            common::place(rng, &mut board, (1, 6), (lo, hi), pawn);
        }
    }
    for (pieces, extra) in [
        (['Q', 'R', 'R', 'B', 'B', 'N', 'N'], ['Q', 'N']),
        (['q', 'r', 'r', 'b', 'b', 'n', 'n'], ['q', 'n']),
    ] {
        for p in pieces {
            if rng.below(8) > 0 {
                common::place(rng, &mut board, (0, 7), (0, 7), p);
            }
        }
        for p in extra {
            if rng.below(4) == 0 {
                common::place(rng, &mut board, (0, 7), (0, 7), p);
            }
        }
    }
    common::grid_fen(&board)
}

/// The cases of `crossing_pawns_of_one_file`, `pawns_capture_going_up`
/// and `captures_by_square_colour` in tests/rules.rs.
const FIXED: [&str; 17] = [
    // 16 men each, so no capture ever: the b-pawns cannot have passed.
    "rnbqkbnr/p1pppppp/1P6/1p6/8/8/P1PPPPPP/RNBQKBNR w - -",
    "rnbqkbnr/p1pppppp/1p6/1P6/8/8/P1PPPPPP/RNBQKBNR w - -",
    // Both b-pawns promoted (a third knight each) without a capture.
    "rnbqkbnr/p1pppppp/8/3n4/3N4/8/P1PPPPPP/RNBQKBNR w - -",
    // One black man fewer: White's b-pawn may have left its file.
    "rnbqkb1r/p1pppppp/8/3n4/3N4/8/P1PPPPPP/RNBQKBNR w - -",
    // White's b-pawn above Black's after two captures, Black lost two...
    "r1bqkb1r/p1pppppp/1P6/1p6/8/8/P1PPPPPP/RNBQKBNR w - -",
    // ... or only one.
    "r1bqkbnr/p1pppppp/1P6/1p6/8/8/P1PPPPPP/RNBQKBNR w - -",
    // Two, but the f8 bishop is a dead man (caged by e7 and g7).
    "r1bqk1nr/p1pppppp/1P6/1p6/8/8/P1PPPPPP/RNBQKBNR w - -",
    // The a-pawn on c3 after two captures, one rank up; on c4, two.
    "r1bqkb1r/pppppppp/8/8/8/2P5/1PPPPPPP/RNBQKBNR w - -",
    "r1bqkb1r/pppppppp/8/8/2P5/8/1PPPPPPP/RNBQKBNR w - -",
    // Black's f-pawn on d5 after captures on e6 and d5, light squares;
    // White lost a knight and its dark- (or light-) squared bishop.
    "rnbqkbnr/ppppp1pp/8/3p4/8/3P4/PPP1PPPP/RN1QKB1R w - -",
    "rnbqkbnr/ppppp1pp/8/3p4/8/4P3/PPPP1PPP/RNBQK2R w - -",
    // Filman's puzzle before c7xd8=R (examples/filman-1979.md): Black's
    // light-square captures (b7xa6, f7xe6xd5xc4, the h-pawn's onto g2
    // behind White's capture-free g3 pawn) are 5; White lost 5 men, one
    // its dark-squared bishop (none on the board with N, R, Q on h4).
    "2nn3K/pkPRp1p1/p2p4/P1p5/1Pp4N/2PP2P1/4P2P/n7 w - -",
    "2nb3K/pkPRp1p1/p2p4/P1p5/1Pp4N/2PP2P1/4P2P/n7 w - -",
    "2nn3K/pkPRp1p1/p2p4/P1p5/1Pp4R/2PP2P1/4P2P/n7 w - -",
    "2nb3K/pkPRp1p1/p2p4/P1p5/1Pp4Q/2PP2P1/4P2P/n7 w - -",
    // With the dark-squared bishop on h4, or nothing there (6 lost), it
    // fits (proof games are known: examples/filman-1979.md).
    "2nn3K/pkPRp1p1/p2p4/P1p5/1Pp4B/2PP2P1/4P2P/n7 w - -",
    "2nb3K/pkPRp1p1/p2p4/P1p5/1Pp5/2PP2P1/4P2P/n7 w - -",
];

const CROSS: common::Cross = common::Cross {
    test: "crossing_coq",
    native: "crossing::refutes",
    module: "Crossing",
    coq: "crossing_refutes",
    file: "CrossingCross.v",
};

#[test]
fn coq_cross_file_is_current() {
    let mut cs = common::cases(SEED, COUNT, random_fen, crossing::refutes);
    common::assert_both_verdicts(&cs);
    let fixed = common::verdicts(&FIXED, crossing::refutes);
    let refuted: Vec<bool> = fixed.iter().map(|c| c.1).collect();
    assert_eq!(
        refuted,
        [
            true, false, true, false, false, true, true, true, false, true, false, true, true,
            true, true, false, false
        ],
        "{fixed:?}"
    );
    cs.extend(fixed);
    CROSS.assert_current(&cs);
}
