//! Native `landing::refutes` and Coq's `Landing.landing_refutes` agree.
//!
//! Seeded random boards ([`landing_fen`]) and a few fixed ones ([`FIXED`])
//! with the native verdicts go into coq/tests/LandingCross.v, which proves
//! by `vm_compute` that `landing_refutes` gives the same verdicts; this
//! test checks that the file lists exactly them. To regenerate the Coq
//! file after a change: `UPDATE_COQ_CROSS=1 cargo test --test integration landing_coq::`.

use retroproof_core::random::Rng;
use retroproof_core::rules::{landing, Rule, RuleSet};
use retroproof_core::Position;

const COUNT: usize = 150;
const SEED: u64 = 0x1a4d_1a9e;

/// A board on which the counts are exact: from the initial position,
/// one side's pawns (now and then both sides') make a few captures (each step diagonal, taking a
/// man of the other side, often a pawn still on its home square: one
/// taken on its own file, where the capture did not land). The capture
/// onto the taken man's square is not shown, so the board is often
/// refuted, unless a capture did land on that file.
fn landing_fen(rng: &mut Rng) -> String {
    let mut board = crate::common::initial_grid();
    let first = rng.below(2) == 0;
    for white in [first, !first] {
        if white != first && rng.below(2) == 0 {
            continue;
        }
        let (home, up, pawn): (usize, isize, char) = if white { (1, 1, 'P') } else { (6, -1, 'p') };
        let (their_home, their_pawn) = if white { (6, 'p') } else { (1, 'P') };
        let theirs = |c: char| {
            if white {
                c.is_ascii_lowercase()
            } else {
                c.is_ascii_uppercase()
            }
        };
        for _ in 0..1 + rng.below(3) {
            let f0 = rng.below(8);
            if board[home][f0] != pawn {
                continue;
            }
            let (mut r, mut f) = (home, f0);
            for _ in 0..1 + rng.below(3) {
                let nf = crate::common::aside(rng, f);
                let nr = (r as isize + up) as usize;
                if board[nr][nf] != ' ' || nr == their_home {
                    break;
                }
                board[r][f] = ' ';
                board[nr][nf] = pawn;
                (r, f) = (nr, nf);
                // The man taken: a pawn on its home square, or any man.
                // (a home pawn away from the capture's file, most often)
                let homes: Vec<usize> = (0..8)
                    .filter(|&g| board[their_home][g] == their_pawn && g.abs_diff(nf) >= 2)
                    .collect();
                let men: Vec<(usize, usize)> = (0..64)
                    .map(|i| (i / 8, i % 8))
                    .filter(|&(r, f)| theirs(board[r][f]) && !matches!(board[r][f], 'K' | 'k'))
                    .collect();
                if !homes.is_empty() && rng.below(4) > 0 {
                    board[their_home][homes[rng.below(homes.len())]] = ' ';
                } else if !men.is_empty() {
                    let (tr, tf) = men[rng.below(men.len())];
                    board[tr][tf] = ' ';
                }
            }
        }
    }
    crate::common::grid_fen(&board)
}

/// Werner Keym's `N7/P1pp1p1p/pp5p/8/P7/PkPP4/pB1P2P1/2KR4 w`
/// (examples/corpus, rtr-D-131) one ply back, `g7xh6` taking a knight
/// (refuted: White's h-pawn was taken on the h-file, and no capture of
/// Black lands there) or a pawn (not refuted).
const FIXED: [&str; 2] = [
    "N7/P1pp1ppp/pp5N/8/P7/PkPP4/pB1P2P1/2KR4 b - -",
    "N7/P1pp1ppp/pp5P/8/P7/PkPP4/pB1P2P1/2KR4 b - -",
];

const CROSS: crate::common::Cross = crate::common::Cross {
    test: "landing_coq",
    native: "landing::refutes",
    module: "Landing",
    coq: "landing_refutes",
    file: "LandingCross.v",
};

#[test]
fn coq_cross_file_is_current() {
    let mut cs = crate::common::cases(SEED, COUNT, landing_fen, landing::refutes);
    crate::common::assert_both_verdicts(&cs);
    let alone = cs
        .iter()
        .filter(|(fen, refuted)| {
            *refuted
                && RuleSet::ALL
                    .without(Rule::Landing)
                    .refuting(&Position::from_fen(fen).unwrap())
                    .is_none()
        })
        .count();
    assert!(alone >= 5, "{alone} refuted only by the landing rule");
    let fixed = crate::common::verdicts(&FIXED, landing::refutes);
    assert_eq!(fixed.iter().map(|c| c.1).collect::<Vec<_>>(), [true, false]);
    cs.extend(fixed);
    CROSS.assert_current(&cs);
}
