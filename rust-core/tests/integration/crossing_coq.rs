//! Native `crossing::refutes` and Coq's `Crossing.crossing_refutes` agree.
//!
//! Random boards (seeded, so always the same ones: [`draw`] for the order
//! on the files, [`colour_fen`] for the count by square colour) and a few
//! fixed ones ([`FIXED`]) with the native verdicts go into
//! coq/tests/CrossingCross.v,
//! which proves by `vm_compute` that `crossing_refutes` gives the same
//! verdicts; this test checks that the file lists exactly them. So `cargo
//! test` + `make -C coq test` together check agreement. To regenerate the
//! Coq file after a change: `UPDATE_COQ_CROSS=1 cargo test --test
//! crossing_coq`.

use retroproof_core::random::Rng;
use retroproof_core::rules::{crossing, pawns, Rule, RuleSet};
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
    crate::common::place(rng, &mut board, (0, 7), (0, 7), 'K');
    crate::common::place(rng, &mut board, (0, 7), (0, 7), 'k');
    let lo = rng.below(6);
    let hi = (lo + 2 + rng.below(3)).min(7);
    for pawn in ['P', 'p'] {
        for _ in 0..(4 + rng.below(5)) {
            crate::common::place(rng, &mut board, (1, 6), (lo, hi), pawn);
        }
    }
    for (pieces, extra) in [
        (['Q', 'R', 'R', 'B', 'B', 'N', 'N'], ['Q', 'N']),
        (['q', 'r', 'r', 'b', 'b', 'n', 'n'], ['q', 'n']),
    ] {
        for p in pieces {
            if rng.below(8) > 0 {
                crate::common::place(rng, &mut board, (0, 7), (0, 7), p);
            }
        }
        for p in extra {
            if rng.below(4) == 0 {
                crate::common::place(rng, &mut board, (0, 7), (0, 7), p);
            }
        }
    }
    crate::common::grid_fen(&board)
}

/// Random boards for the colour count ([`colour_fen`]).
const COLOUR_COUNT: usize = 100;
const COLOUR_SEED: u64 = 0xc010_55ed;

/// A board on which the count by square colour can decide: from the
/// initial position, one pawn of one side (now and then a second) made
/// only captures, two or three (each step diagonal, so all on the colour
/// of the pawn's square), each taking a man of the other side, the first
/// one a bishop of either colour; now and then one more man of the other
/// side is gone. Some of the other side's pawns are pushed a square, so
/// that its bishops got out (a bishop caged at home and gone is a dead
/// man, which the plain count already sees).
fn colour_fen(rng: &mut Rng) -> String {
    let mut board = crate::common::initial_grid();
    let white = rng.below(2) == 0;
    let (home, up, pawn): (usize, isize, char) = if white { (1, 1, 'P') } else { (6, -1, 'p') };
    let (their_home, their_pawn) = if white { (6, 'p') } else { (1, 'P') };
    for _ in 0..2 + rng.below(4) {
        let f = rng.below(8);
        let ahead = (their_home as isize - up) as usize;
        if board[their_home][f] == their_pawn && board[ahead][f] == ' ' {
            board[their_home][f] = ' ';
            board[ahead][f] = their_pawn;
        }
    }
    let others = |c: char| {
        if white {
            c.is_ascii_lowercase()
        } else {
            c.is_ascii_uppercase()
        }
    };
    let take = |rng: &mut Rng, board: &mut [[char; 8]; 8], bishop: bool| {
        let men: Vec<(usize, usize)> = (0..64)
            .map(|i| (i / 8, i % 8))
            .filter(|&(r, f)| others(board[r][f]) && !matches!(board[r][f], 'K' | 'k'))
            .filter(|&(r, f)| !bishop || matches!(board[r][f], 'B' | 'b'))
            .collect();
        if !men.is_empty() {
            let (r, f) = men[rng.below(men.len())];
            board[r][f] = ' ';
        }
    };
    let mut first = true;
    for _ in 0..1 + rng.below(4) / 3 {
        let f0 = rng.below(8);
        if board[home][f0] != pawn {
            continue;
        }
        let (mut r, mut f) = (home, f0);
        for _ in 0..2 + rng.below(2) {
            let nf = crate::common::aside(rng, f);
            let nr = (r as isize + up) as usize;
            if board[nr][nf] != ' ' {
                break;
            }
            board[r][f] = ' ';
            board[nr][nf] = pawn;
            (r, f) = (nr, nf);
            take(rng, &mut board, first);
            first = false;
        }
    }
    if rng.below(4) == 0 {
        take(rng, &mut board, false);
    }
    crate::common::grid_fen(&board)
}

/// The cases of `crossing_pawns_of_one_file`, `pawns_capture_going_up`
/// and `captures_by_square_colour` in tests/integration/rules.rs.
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

const CROSS: crate::common::Cross = crate::common::Cross {
    test: "crossing_coq",
    native: "crossing::refutes",
    module: "Crossing",
    coq: "crossing_refutes",
    file: "CrossingCross.v",
};

#[test]
fn coq_cross_file_is_current() {
    let mut cs = crate::common::cases(SEED, COUNT, random_fen, crossing::refutes);
    crate::common::assert_both_verdicts(&cs);
    let fixed = crate::common::verdicts(&FIXED, crossing::refutes);
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
    // Boards for the colour count: both verdicts, and some refuted only
    // by it (the captures alone fit), the landing rule left out: it places
    // the same captures by file and refutes most of these boards too.
    let colours = crate::common::cases(COLOUR_SEED, COLOUR_COUNT, colour_fen, crossing::refutes);
    let by_colour = colours
        .iter()
        .filter(|(fen, refuted)| {
            *refuted
                && RuleSet::ALL
                    .without(Rule::Crossing)
                    .without(Rule::Landing)
                    .refuting(&Position::from_fen(fen).unwrap())
                    .is_none()
        })
        .count();
    assert!(
        by_colour >= 5,
        "{by_colour} refuted only by the crossing rule"
    );
    crate::common::assert_both_verdicts(&colours);
    cs.extend(colours);
    CROSS.assert_current(&cs);
}
