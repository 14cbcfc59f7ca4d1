//! The cage rule, native against Coq: `rules::cage` of rust-core and
//! `Cage.v` must compute the same cages and the same verdict
//! (`cage_refutes`) on every position, because the native deep search
//! writes certificates with its rules that Coq then checks with its own: a
//! position the native rule refutes and Coq's does not makes a certificate
//! fail, and one Coq refutes and the native rule does not means the two
//! rules are not the same rule.
//!
//! The sample: hand-picked positions (the examples of `cage.rs`, refuted
//! and not), positions from seeded random games (mostly no cage at all),
//! and random cages: pawns on most of the second and seventh ranks, the
//! pieces of each side on their first rank (bishops mostly at home), either
//! in an order the initial position's can come to or shuffled, sometimes
//! with a pawn missing or advanced (the cage opened) or a piece of the
//! other side let in. The
//! native answers go into a Coq file as expected values; `coqc` fails
//! unless Coq computes each of them ([`agreement_file`]). A second test
//! changes expected values and checks that `coqc` then fails, naming the
//! positions: the comparison can fail.
//!
//! Coq is required, as in `frozen_coq.rs` (`RETROPROOF_SKIP_COQ=1`
//! skips), with the library built (`make -C coq`; this test needs only
//! `Cage.vo` and what it requires).

use std::time::Duration;

use crate::common::boards::{agreement_file as coq_file, fen_of};
use crate::common::coq_env::{coqc, theories};
use retroproof::prove::compile;
use retroproof_core::random::{random_positions, Rng};
use retroproof_core::rules::{cage, Rule};
use retroproof_core::{Position, Rank};

const LIMIT: Duration = Duration::from_secs(300);

/// Positions where the cage rule decides, with the verdict the chess
/// argument gives (`cage.rs`'s module docs and tests), checked below
/// against the native engine.
const HAND_PICKED: [(&str, bool); 13] = [
    // Q d1, R e1, R f1, K g1 behind eight unmoved pawns: with the kings
    // left out the word is Q R R, the initial one R B Q B R.
    ("7k/8/8/8/8/8/PPPPPPPP/3QRRK1 w - - 0 1", true),
    // After O-O: R a1, Q d1, R f1, K g1: an order castling reaches.
    ("7k/8/8/8/8/8/PPPPPPPP/R2Q1RK1 w - - 0 1", false),
    // The first position with the a-pawn gone: the cage is open, a rook
    // may have left and come back round.
    ("7k/8/8/8/8/8/1PPPPPPP/3QRRK1 w - - 0 1", false),
    // Black's k d8 left of q e8 behind seven unmoved pawns (h7 gone), f8
    // holding its bishop: with the rooks left out, k q against q k.
    ("2rkqb2/ppppppp1/8/8/8/8/8/4K3 w - - 0 1", true),
    // A black queen h1 behind White's unmoved pawns: nothing but a knight
    // gets in.
    ("7k/8/8/8/8/8/PPPPPPPP/R2QK2q w - - 0 1", true),
    // A black knight h1 may have jumped in.
    ("7k/8/8/8/8/8/PPPPPPPP/R2QK2n w - - 0 1", false),
    // After O-O-O: K c1, R d1, R h1 (the queen gone).
    ("7k/8/8/8/8/8/PPPPPPPP/2KR3R w - - 0 1", false),
    // K d1 left of Q e1 behind the pawns, with room to move: with the
    // rooks left out, K Q against Q K (the king and queen cannot pass each
    // other, and are not frozen: the frozen-men rule misses it).
    ("7k/8/8/8/8/8/PPPPPPPP/3KQ3 w - - 0 1", true),
    // Bishops c1 and f1 walled in by their pawns: d1-e1 is a cage, and
    // the king that started on e1 cannot have left it.
    ("7k/8/8/8/4K3/8/1PPPPPP1/2BQ1B2 w - - 0 1", true),
    ("7k/8/8/8/8/8/1PPPPPP1/2BQKB2 w - - 0 1", false),
    // Black may castle long: a8 and e8 never moved, so b8-d8 behind the
    // pawns a7-e7 is a cage, and a white queen never got into it.
    ("rnQqk2r/ppppp3/8/8/8/8/8/4K3 w q - 0 1", true),
    // Without the right the king may have stepped aside to let her in.
    ("rnQqk2r/ppppp3/8/8/8/8/8/4K3 w - - 0 1", false),
    // The initial position.
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        false,
    ),
];

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
}

/// The pieces of the initial first rank, a-file to h-file (White's
/// letters).
const HOME: [char; 8] = ['R', 'N', 'B', 'Q', 'K', 'B', 'N', 'R'];

/// Puts one side's men on `cells`: pawns on its second rank (sometimes one
/// or two missing, or one advanced a square), and its king with a random
/// part of its other pieces on random squares of its first rank, in the
/// initial position's order (half the time) or shuffled.
fn place_side(rng: &mut Rng, cells: &mut [char], white: bool) {
    let (back, pawns, step): (usize, usize, isize) = if white { (0, 8, 8) } else { (56, 48, -8) };
    let case = |c: char| {
        if white {
            c
        } else {
            c.to_ascii_lowercase()
        }
    };
    for f in 0..8 {
        cells[pawns + f] = case('P');
    }
    if rng.below(3) == 0 {
        cells[pawns + rng.below(8)] = '.';
        if rng.below(2) == 0 {
            cells[pawns + rng.below(8)] = '.';
        }
    }
    if rng.below(6) == 0 {
        let from = pawns + rng.below(8);
        let to = (from as isize + step) as usize;
        if cells[from] != '.' && cells[to] == '.' {
            cells.swap(from, to);
        }
    }
    // The king always, each other piece with probability 3/5, in the
    // initial order. Bishops mostly on their own squares (elsewhere behind
    // the pawns, they are frozen off home, which the frozen-men rule
    // refutes already), the others on random squares.
    let bishops_home = rng.below(4) != 0;
    let mut free: Vec<usize> = (0..8).collect();
    let mut chosen = Vec::new();
    for (file, c) in HOME.into_iter().enumerate() {
        if c == 'K' || rng.below(5) < 3 {
            if c == 'B' && bishops_home {
                cells[back + file] = case(c);
                free.retain(|&f| f != file);
            } else {
                chosen.push(c);
            }
        }
    }
    // A random choice of squares, then sorted.
    for i in (1..free.len()).rev() {
        free.swap(i, rng.below(i + 1));
    }
    let mut squares = free[..chosen.len()].to_vec();
    squares.sort_unstable();
    let mut men = chosen;
    if rng.below(2) == 0 {
        for i in (1..men.len()).rev() {
            men.swap(i, rng.below(i + 1));
        }
    }
    for (sq, man) in squares.into_iter().zip(men) {
        cells[back + sq] = case(man);
    }
}

/// Random cages (see the module docs).
fn cage_sample(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut cells = vec!['.'; 64];
        place_side(&mut rng, &mut cells, true);
        place_side(&mut rng, &mut cells, false);
        // Sometimes a piece of the other side on an empty square of a
        // first rank.
        if rng.below(6) == 0 {
            let back = [0, 56][rng.below(2)];
            let intruder = ['Q', 'R', 'B', 'N'][rng.below(4)];
            let intruder = if back == 0 {
                intruder.to_ascii_lowercase()
            } else {
                intruder
            };
            let sq = back + rng.below(8);
            if cells[sq] == '.' {
                cells[sq] = intruder;
            }
        }
        let turn = if rng.below(2) == 0 { 'w' } else { 'b' };
        if let Ok(p) = Position::from_fen(&fen_of(&cells, turn)) {
            out.push(p);
        }
    }
    out
}

/// The sample: hand-picked, random games, random cages.
fn sample() -> Vec<Position> {
    let mut out: Vec<Position> = HAND_PICKED.iter().map(|(f, _)| pos(f)).collect();
    out.extend(random_positions(100, 20240612, 60));
    out.extend(cage_sample(20240613, 900));
    out
}

/// What the native engine says of `p`.
#[derive(Debug, Clone)]
struct Native {
    /// The squares of the cages of the first rank, then of the eighth
    /// (a1 = 0), from the a-file to the h-file.
    cages: [Vec<u32>; 2],
    /// Whether the cage rule refutes `p`.
    refuted: bool,
}

fn native(p: &Position) -> Native {
    let frozen = cage::fixed_men(p);
    let squares = |rank| {
        let mut v: Vec<u32> = cage::cages(rank, frozen)
            .into_iter()
            .map(|s| s.index())
            .collect();
        v.sort_unstable();
        v
    };
    Native {
        cages: [squares(Rank::First), squares(Rank::Eighth)],
        refuted: cage::refutes(p),
    }
}

fn ints(v: &[u32]) -> String {
    let v: Vec<String> = v.iter().map(ToString::to_string).collect();
    format!("[{}]", v.join("; "))
}

/// A Coq file that compiles exactly when `cage` and `cage_refutes`
/// (Cage.v) give the `expected` answers; otherwise `coqc` fails on the
/// `Example` and prints the FENs of the positions that disagree.
fn agreement_file(expected: &[(Position, Native)]) -> String {
    let cases: Vec<String> = expected
        .iter()
        .map(|(p, n)| {
            format!(
                "  (\"{}\", {}, {}, {})",
                p.to_fen(),
                ints(&n.cages[0]),
                ints(&n.cages[1]),
                n.refuted
            )
        })
        .collect();
    coq_file(
        "Board Cage",
        "FEN, the native cages of the first and eighth ranks (a1 = 0), the\n    native verdict of the cage rule.",
        "string * list int * list int * bool",
        "(f, c1, c8, r)",
        "let X := Cage.fixed P in\n      ints_eqb (Cage.cage X rank1) c1 && ints_eqb (Cage.cage X rank8) c8 &&\n      Bool.eqb (cage_refutes P) r",
        &cases,
    )
}

fn expected() -> Vec<(Position, Native)> {
    sample()
        .into_iter()
        .map(|p| {
            let n = native(&p);
            (p, n)
        })
        .collect()
}

#[test]
fn hand_picked_mean_what_they_say() {
    for (fen, refuted) in HAND_PICKED {
        assert_eq!(cage::refutes(&pos(fen)), refuted, "{fen}");
        assert_eq!(Rule::Cage.refutes(&pos(fen)), refuted, "{fen}");
    }
    // K d1 left of Q e1: the king and queen have room, so they are not
    // frozen; only the cage rule refutes it.
    let (fen, _) = HAND_PICKED[7];
    assert!(!Rule::Frozen.refutes(&pos(fen)), "{fen}");
    assert!(!Rule::Region.refutes(&pos(fen)), "{fen}");
}

#[test]
fn sample_has_the_interesting_cases() {
    let all = expected();
    let refuted = all.iter().filter(|(_, n)| n.refuted).count();
    let not_refuted_with_cage = all
        .iter()
        .filter(|(_, n)| !n.refuted && n.cages.iter().any(|c| !c.is_empty()))
        .count();
    // Refuted by the cage rule and by none of the frozen-men and region
    // rules: the new rule at work, not a side effect of frozen men.
    let beyond_frozen = all
        .iter()
        .filter(|(p, n)| n.refuted && !Rule::Frozen.refutes(p) && !Rule::Region.refutes(p))
        .count();
    eprintln!(
        "{} positions, {refuted} refuted ({beyond_frozen} by neither Frozen nor Region), \
         {not_refuted_with_cage} with a cage and not refuted",
        all.len()
    );
    assert!(all.len() >= 500);
    assert!(refuted >= 20, "{refuted} refuted");
    assert!(
        all.len() - refuted >= 20,
        "{} not refuted",
        all.len() - refuted
    );
    assert!(not_refuted_with_cage >= 20, "{not_refuted_with_cage}");
    assert!(beyond_frozen >= 20, "{beyond_frozen}");
}

#[test]
fn coq_agrees_with_native_cage() {
    let Some(coqc) = coqc() else { return };
    let text = agreement_file(&expected());
    match compile(&coqc, &theories(), &text, None, LIMIT) {
        Ok(done) => eprintln!("coqc: {:.2} s", done.elapsed.as_secs_f64()),
        Err(e) => panic!("Coq's Cage.v disagrees with the native rule: {e}"),
    }
}

#[test]
fn a_wrong_native_answer_is_caught() {
    let Some(coqc) = coqc() else { return };
    let mut cases = expected();
    cases.truncate(HAND_PICKED.len());
    // Q d1, R e1, R f1, K g1 (refuted): claim it is not.
    cases[0].1.refuted = false;
    // After O-O (not refuted): claim it is.
    cases[1].1.refuted = true;
    // The initial position (the last hand-picked one): claim a cage on
    // the first rank.
    cases[HAND_PICKED.len() - 1].1.cages[0] = vec![3];
    let text = agreement_file(&cases);
    let err = compile(&coqc, &theories(), &text, None, LIMIT)
        .expect_err("coqc accepted a wrong native answer")
        .to_string();
    assert!(err.contains("7k/8/8/8/8/8/PPPPPPPP/3QRRK1"), "{err}");
    assert!(err.contains("7k/8/8/8/8/8/PPPPPPPP/R2Q1RK1"), "{err}");
    assert!(err.contains("rnbqkbnr/pppppppp"), "{err}");
}
