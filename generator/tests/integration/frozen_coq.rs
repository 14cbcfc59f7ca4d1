//! The frozen-men, region, region-count and promotion-count rules, native
//! against Coq: `rules::frozen` of rust-core, `Frozen.v` and
//! `RegionCount.v` must compute the same set of frozen men and the same
//! verdicts (`frozen_refutes`, `region_refutes`, `region_count_refutes`,
//! `promotion_count_refutes`) on every position,
//! because the native deep search writes certificates with these rules
//! ([`retroproof::prove::COQ_RULES`]) that Coq then checks with its own
//! (Cert.v's default rule): a position a native rule refutes and Coq's
//! does not makes a certificate fail.
//!
//! The sample: hand-picked positions where the rule matters (men walled in
//! by each other, which the stranded-man rule misses; promoted and castled
//! men, whose extra exits decide), positions along seeded random games from
//! the initial position (many men frozen early on), and the same with one
//! man moved to a random square (many refuted). The native answers go into
//! a Coq file as expected values; `coqc` fails unless Coq computes each of
//! them ([`agreement_file`]). A second test changes one expected value and
//! checks that `coqc` then fails, naming the position: the comparison can
//! fail.
//!
//! Coq is required, as in `coqc_integration.rs` (`RETROPROOF_SKIP_COQ=1`
//! skips), with the library built (`make -C coq`).

use std::time::Duration;

use crate::common::boards::{agreement_file as coq_file, fen_of};
use crate::common::coq_env::{coqc, theories};
use retroproof::prove::compile;
use retroproof_core::random::Rng;
use retroproof_core::rules::{frozen, region, Rule};
use retroproof_core::Position;

const LIMIT: Duration = Duration::from_secs(300);

/// Positions where the frozen-men rule decides, with the native verdict
/// they are meant to show (checked below against the native engine, so the
/// sample keeps meaning what it says).
const HAND_PICKED: [(&str, bool); 12] = [
    // A black rook on f2 caged by e2, g2, f3 and the bishop f1; each way
    // back of each of them is held by another (Stranded misses it).
    ("4k3/8/8/8/8/5P2/4PrP1/4KB2 w - - 0 1", true),
    // A white rook on b2 walled in by a2, c2, b3 and a bishop b1.
    ("4k3/8/8/8/8/1P6/PRP5/1B2K3 b - - 0 1", true),
    // A white king on a1 walled in by pawns and a bishop b1.
    ("4k3/8/8/8/8/8/PPP5/KB6 b - - 0 1", true),
    // The king at home behind its pawns and bishops, queen d1: all frozen,
    // all at home.
    ("4k3/8/8/8/8/8/PPPPPPPP/2BQKB2 b - - 0 1", false),
    // The same with king and queen swapped: frozen, not at home (kings are
    // never stranded, so Stranded misses it).
    ("4k3/8/8/8/8/8/PPPPPPPP/2BKQB2 b - - 0 1", true),
    // A black bishop on a1 behind b2: not along its diagonal, nor promoted
    // on a1 (a2 and b2 are held).
    ("4k3/8/8/8/8/8/PP6/b3K3 w - - 0 1", true),
    // A black bishop on c1 behind b2, c2, d2: it may be a pawn promoted
    // there, but from b2, c2 or d2, all unmoved pawns: frozen.
    ("4k3/8/8/8/8/8/1PPP4/2b1K3 w - - 0 1", true),
    // The same without c2: a black pawn may have stepped from c2 to c1
    // and promoted (Stranded.v's example black_bishop_c1).
    ("4k3/8/8/8/8/8/1P1P4/2b1K3 w - - 0 1", false),
    // A castled king g1 and rook f1 behind f2, g2, h2: they may have come
    // from e1, which is empty: not frozen.
    ("4k3/8/8/8/8/8/5PPP/5RK1 b - - 0 1", false),
    // A king g1 boxed in by a bishop f1, a rook h1 and pawns: only
    // un-castling (to the empty e1) frees it, and the rook with it.
    ("4k3/8/8/8/8/8/4PPPP/5BKR b - - 0 1", false),
    // The same with e1 held by a frozen queen: king and rook frozen.
    ("4k3/8/8/8/8/8/2PPPPPP/3BQBKR b - - 0 1", true),
    // The initial position.
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        false,
    ),
];

/// Positions where shut exits decide (a man cannot have come from a
/// square because of a check), with the native verdict of the frozen-men
/// rule.
const SHUT_PICKED: [(&str, bool); 2] = [
    // Shut exits (rtr-A-001 with a2xb3 taken back): the rook b1 cannot
    // have come from c1 (it would have given check to the king c2 with
    // White to move), and the black king c2 cannot have come from b3, c3,
    // d3 (attacked by unmoved pawns) nor c1 (by the rook, which cannot have
    // just arrived): all frozen, the black king off e8.
    ("8/8/8/8/8/1q6/PPkPP3/KR1b4 w - - 0 1", true),
    // The same without e2: d3 is free, and so is everything else.
    ("8/8/8/8/8/1q6/PPkP4/KR1b4 w - - 0 1", false),
];

/// Positions where the region rule decides, with its native verdict
/// (rust-core's own tests, and a promoted piece).
const REGION_PICKED: [(&str, bool); 9] = [
    // A white king a8 behind black pawns a7, b7, c7 on their second rank
    // and d6, next to the black bishop c8: d7 is empty, so the bishop is
    // not frozen, and the king's region spreads through c8 and d7 to e1.
    ("K1b1k3/ppp5/3p4/8/8/8/8/8 w - - 0 1", false),
    // The same with d7 held: the pawns and the bishop c8 are frozen (at
    // home), the king's region is a8, b8: neither e1 nor, for a king, any
    // square where it may have been promoted. Frozen does not refute it.
    ("K1b1k3/pppp4/8/8/8/8/8/8 w - - 0 1", true),
    // A white bishop a8 behind the black pawn b7: on its last rank, it may
    // be a pawn promoted there.
    ("B3k3/1p6/2p5/8/8/8/8/4K3 b - - 0 1", false),
    // A black king b1 behind White's pawns: every square of the third rank
    // holds a pawn (d3, a column: it came from d2) or is attacked by an
    // unmoved one, and a king never stands where a frozen man attacks
    // (Frozenproof.v's king_safe): its region is the first rank and d2.
    ("8/8/8/8/8/3P4/PPP1PPPP/1k2K3 w - - 0 1", true),
    // Texel's proof-game documentation: White lost only its light-squared
    // bishop, so no black man ever captured onto a dark square, and the
    // black pawn on the dark square b2 came from b3, across the column
    // b2-b3 (Frozen.v's capture_free).
    (
        "rnbqkbnr/1ppppppp/8/8/8/1P2P3/PpPP1PPP/RNBQK1NR w - - 0 1",
        true,
    ),
    // The same with White's knight g1 lost instead: b2 may be a capture.
    (
        "rnbqkbnr/1ppppppp/8/8/8/1P2P3/PpPP1PPP/RNBQKB1R w - - 0 1",
        false,
    ),
    // Without f2, e3 is free: the king may have come through it.
    ("8/8/8/8/8/3P4/PPP1P1PP/1k2K3 w - - 0 1", false),
    // White may castle king-side, so its king e1 and rook h1 stood there
    // all game: the rook f1, behind the unmoved pawns f2 and g2, came from
    // neither, and f1, g1 hold no rook's initial square.
    ("4k3/8/8/8/8/8/5PP1/4KR1R w K - 0 1", true),
    // The same without the right: the rook may have come from a1 along
    // the first rank, once the king had stepped aside.
    ("4k3/8/8/8/8/8/5PP1/4KR1R w - - 0 1", false),
];

/// Positions where the region-count rule decides, with its native
/// verdict.
const COUNT_PICKED: [(&str, bool); 6] = [
    // Two black light-squared bishops; the white pawns a2, c2, e2, g2 bar
    // every light square of the first rank, where a black pawn may have
    // been promoted to one, so both came from c8 (Retractor's
    // testLegalityChecker.js, rtr-legal-185 of the shared corpus).
    ("4k3/8/2b5/3b4/8/8/P1P1P1P1/4K3 w - - 0 1", true),
    // One of them: legal.
    ("4k3/8/2b5/8/8/8/P1P1P1P1/4K3 w - - 0 1", false),
    // Without c2: b1 and d1 are open, either may be a promoted pawn.
    ("4k3/8/2b5/3b4/8/8/P3P1P1/4K3 w - - 0 1", false),
    // Doubled pawns a3, a4 behind the unmoved b2 and c2: both can only
    // have come from a2.
    ("4k3/8/8/8/P7/P7/1PP5/4K3 w - - 0 1", true),
    // Two black rooks, f7 and h8, behind the unmoved pawns d7, e7, g7 and
    // the columns f7-f6 and h7-h6: their only way out is d8 to a8 by
    // un-castling, which the unmoved bishop c8 forbids, so both came from
    // h8 (two plies before rtr-A-053 of the shared corpus, Bartolovic and
    // Maslar).
    ("2bK1kNr/1pppprpP/5p1p/8/8/8/8/8 b - - 0 1", true),
    // With the d-pawn on d6 the bishop c8 may have moved, and a rook may
    // have come round by c8 and b8.
    ("2bK1kNr/1p2prpP/3p1p1p/8/8/8/8/8 b - - 0 1", false),
];

/// Positions where the promotion-count rule decides, with its native
/// verdict.
const PROMOTION_PICKED: [(&str, bool); 6] = [
    // Black's rook e4 can only have come from a8 (h8 is walled in by the
    // unmoved pawns and the bishop c8), where the other rook stands: one of
    // them is a promoted pawn, but Black has all eight pawns (Retractor's
    // testLegalityChecker.js, rtr-legal-169 of the shared corpus).
    ("r1b2k2/1ppppppp/p7/8/4r3/8/8/3K4 b - - 0 1", true),
    // Without the pawn a6: seven pawns and one promoted rook.
    ("r1b2k2/1ppppppp/8/8/4r3/8/8/3K4 b - - 0 1", false),
    // A column: the pawn b3 came from b2 (a2 and c2 never moved), so b2 or
    // b3 held it all game and no rook got out of the first rank: the rook
    // h6 is a promoted pawn, but White has eight (rtr-legal-171).
    ("4k3/8/7R/8/8/1P6/P1PPPPPP/4K3 w - - 0 1", true),
    // Without c2 the pawn b3 may have come from there: no column, and the
    // rook may have left through b2 and c2.
    ("4k3/8/7R/8/8/1P6/P2PPPPP/4K3 w - - 0 1", false),
    // White's rook g8 can only have come from h8 as a rook (f8, g7, h7
    // never moved): a region follows a man's own moves, not the pawn f7 it
    // may have been promoted from. It is a promoted pawn, and White has
    // eight.
    ("3k1bR1/4p1pp/8/8/3P4/8/PPP1PPPP/4K3 b - - 0 1", true),
    // Without h7 a rook may have come up the h-file.
    ("3k1bR1/4p1p1/8/8/3P4/8/PPP1PPPP/4K3 b - - 0 1", false),
];

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
}

/// The board part of a FEN as 64 cells, a1 first (`'.'` for empty).
fn cells(fen: &str) -> Vec<char> {
    let mut rows: Vec<Vec<char>> = Vec::new();
    for row in fen.split(' ').next().unwrap().split('/') {
        let mut out = Vec::new();
        for c in row.chars() {
            match c.to_digit(10) {
                Some(n) => out.extend(std::iter::repeat_n('.', n as usize)),
                None => out.push(c),
            }
        }
        rows.push(out);
    }
    rows.reverse();
    rows.concat()
}

/// Positions along seeded random games from the initial position, and
/// the same with one man moved to another square.
fn random_sample(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::start();
        let plies = rng.below(20);
        for _ in 0..plies {
            if !rng.play_random_move(&mut p) {
                break;
            }
        }
        let fen = p.to_fen();
        out.push(p);
        for _ in 0..2 {
            // Frozen men stand on the first two ranks of their side: move
            // one of the men there to another square there (or swap two).
            let mut board = cells(&fen);
            let edge = |i: usize| !(16..48).contains(&i);
            let men: Vec<usize> = (0..64).filter(|&i| board[i] != '.' && edge(i)).collect();
            let from = men[rng.below(men.len())];
            let to = [0, 8, 48, 56][rng.below(4)] + rng.below(8);
            board.swap(from, to);
            let turn = if rng.below(2) == 0 { 'w' } else { 'b' };
            if let Ok(q) = Position::from_fen(&fen_of(&board, turn)) {
                out.push(q);
            }
        }
    }
    out
}

/// The sample: hand-picked, then random.
fn sample() -> Vec<Position> {
    let mut out: Vec<Position> = HAND_PICKED.iter().map(|(f, _)| pos(f)).collect();
    out.extend(REGION_PICKED.iter().map(|(f, _)| pos(f)));
    out.extend(SHUT_PICKED.iter().map(|(f, _)| pos(f)));
    out.extend(COUNT_PICKED.iter().map(|(f, _)| pos(f)));
    out.extend(PROMOTION_PICKED.iter().map(|(f, _)| pos(f)));
    out.extend(random_sample(20240611, 250));
    out
}

/// What the native engine says of `p`.
#[derive(Debug, Clone)]
struct Native {
    /// The frozen squares (a1 = 0).
    frozen: Vec<u32>,
    /// Whether the frozen-men rule refutes `p`.
    refuted: bool,
    /// Whether the region rule refutes `p`.
    region: bool,
    /// Whether the region-count rule refutes `p`.
    count: bool,
    /// Whether the promotion-count rule refutes `p`.
    promotion: bool,
}

fn native(p: &Position) -> Native {
    Native {
        frozen: frozen::frozen_men(p.board())
            .into_iter()
            .map(|s| s.index())
            .collect(),
        refuted: Rule::Frozen.refutes(p),
        region: Rule::Region.refutes(p),
        count: Rule::RegionCount.refutes(p),
        promotion: Rule::PromotionCount.refutes(p),
    }
}

/// A Coq file that compiles exactly when `frozen_men`, `frozen_refutes`,
/// `region_refutes` (Frozen.v), `region_count_refutes` and
/// `promotion_count_refutes` (RegionCount.v) give the `expected` answers;
/// otherwise
/// `coqc` fails on the `Example` and prints the FENs of the positions that
/// disagree.
fn agreement_file(expected: &[(Position, Native)]) -> String {
    let mut cases = Vec::new();
    for (p, n) in expected {
        let squares: Vec<String> = n.frozen.iter().map(ToString::to_string).collect();
        cases.push(format!(
            "  (\"{}\", [{}], {}, {}, {}, {})",
            p.to_fen(),
            squares.join("; "),
            n.refuted,
            n.region,
            n.count,
            n.promotion
        ));
    }
    coq_file(
        "Board Frozen RegionCount",
        "FEN, the native frozen squares (a1 = 0), the native verdicts of\n    the frozen-men, region, region-count and promotion-count rules.",
        "string * list int * bool * bool * bool * bool",
        "(f, sq, r, g, k, n)",
        "ints_eqb (frozen_men (piece_at P)) sq && Bool.eqb (frozen_refutes P) r &&\n      Bool.eqb (region_refutes P) g && Bool.eqb (region_count_refutes P) k &&\n      Bool.eqb (promotion_count_refutes P) n",
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
        assert_eq!(Rule::Frozen.refutes(&pos(fen)), refuted, "{fen}");
    }
    for (fen, refuted) in REGION_PICKED {
        assert_eq!(Rule::Region.refutes(&pos(fen)), refuted, "{fen}");
    }
    for (fen, refuted) in SHUT_PICKED {
        assert_eq!(Rule::Frozen.refutes(&pos(fen)), refuted, "{fen}");
    }
    for (fen, refuted) in COUNT_PICKED {
        let p = pos(fen);
        assert_eq!(Rule::RegionCount.refutes(&p), refuted, "{fen}");
        // The region rule alone misses each of them.
        assert!(
            !Rule::Region.refutes(&p) && !Rule::Frozen.refutes(&p),
            "{fen}"
        );
    }
    for (fen, refuted) in PROMOTION_PICKED {
        let p = pos(fen);
        assert_eq!(Rule::PromotionCount.refutes(&p), refuted, "{fen}");
        // The material invariants count promoted men on the whole board.
        assert!(!Rule::Invariants.refutes(&p), "{fen}");
    }
}

#[test]
fn sample_has_the_interesting_cases() {
    let all = expected();
    let refuted = all.iter().filter(|(_, n)| n.refuted).count();
    let beyond_stranded = all
        .iter()
        .filter(|(p, n)| n.refuted && !Rule::Stranded.refutes(p))
        .count();
    let region = all.iter().filter(|(_, n)| n.region && !n.refuted).count();
    let count = all
        .iter()
        .filter(|(_, n)| n.count && !n.region && !n.refuted)
        .count();
    let promotion = all
        .iter()
        .filter(|(p, n)| n.promotion && !Rule::Invariants.refutes(p))
        .count();
    let columns = all
        .iter()
        .filter(|(p, _)| !region::columns(p.board(), frozen::frozen_men(p.board())).is_empty())
        .count();
    let kings = all
        .iter()
        .filter(|(p, n)| {
            n.frozen.iter().any(|&s| {
                p.board()
                    .piece_at(retroproof_core::Square::new(s).unwrap())
                    .is_some_and(|pc| pc.role == retroproof_core::Role::King)
            })
        })
        .count();
    eprintln!(
        "{} positions, {refuted} refuted, {beyond_stranded} of them not by Stranded, \
         {region} refuted by Region and not Frozen, {count} by RegionCount alone, \
         {promotion} by PromotionCount and not the invariants, {columns} with a column, \
         {kings} with a frozen king",
        all.len()
    );
    assert!(all.len() > 500);
    assert!(refuted >= 40 && refuted + 40 <= all.len());
    assert!(beyond_stranded >= 5);
    assert!(kings >= 5);
    assert!(region >= 5);
    assert!(count >= 2);
    assert!(promotion >= 1);
    assert!(columns >= 20);
}

#[test]
fn coq_agrees_with_native_frozen() {
    let Some(coqc) = coqc() else { return };
    let text = agreement_file(&expected());
    match compile(&coqc, &theories(), &text, None, LIMIT) {
        Ok(done) => eprintln!("coqc: {:.2} s", done.elapsed.as_secs_f64()),
        Err(e) => panic!("Coq's Frozen.v disagrees with the native rule: {e}"),
    }
}

#[test]
fn a_wrong_native_answer_is_caught() {
    let Some(coqc) = coqc() else { return };
    // Where each list of picks starts in the sample.
    let region = HAND_PICKED.len();
    let count = region + REGION_PICKED.len() + SHUT_PICKED.len();
    let promotion = count + COUNT_PICKED.len();
    let mut cases = expected();
    cases.truncate(promotion + 1);
    // The caged rook (refuted): claim it is not.
    cases[0].1.refuted = false;
    // The initial position: claim one frozen man fewer.
    cases[11].1.frozen.pop();
    // The king boxed in on a8 (refuted by Region): claim it is not.
    cases[region + 1].1.region = false;
    // The king behind guarded squares (refuted by Region): claim not.
    cases[region + 3].1.region = false;
    // The two light-squared bishops (refuted by RegionCount): claim not.
    cases[count].1.count = false;
    // The rook that can only have come from a8 (refuted by
    // PromotionCount): claim it is not.
    cases[promotion].1.promotion = false;
    let text = agreement_file(&cases);
    let err = compile(&coqc, &theories(), &text, None, LIMIT)
        .expect_err("coqc accepted a wrong native answer")
        .to_string();
    assert!(err.contains("4k3/8/8/8/8/5P2/4PrP1/4KB2"), "{err}");
    assert!(err.contains("rnbqkbnr/pppppppp"), "{err}");
    assert!(err.contains("K1b1k3/pppp4"), "{err}");
    assert!(err.contains("8/8/8/8/8/3P4/PPP1PPPP/1k2K3"), "{err}");
    assert!(err.contains("4k3/8/2b5/3b4"), "{err}");
    assert!(err.contains("r1b2k2/1ppppppp/p7"), "{err}");
}
