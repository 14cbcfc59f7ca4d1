//! Zone cages, native against Coq: the abstract retractions of
//! `rules::zone::predecessors` (rust-core) and `Zone.zpreds` (Zone.v) must
//! list the same partial boards, because the native search writes cages
//! whose closure Coq checks with its own generator: a partial board one
//! side lists and the other does not makes a cage fail in Coq (or, the
//! other way round, makes Coq ask for a member the cage lacks).
//!
//! The sample: hand-picked partial boards where a refinement decides (a
//! contact check, castling, en passant, promotion), and random partial
//! boards: the men of seeded random games around a random square, and
//! random men on random squares. The native lists go into a Coq file as
//! expected values; `coqc` fails unless Coq lists the same boards. A
//! second test drops one board from the hand-picked boards' lists and
//! checks that `coqc` then fails: the comparison can fail.
//!
//! Coq is required, as in `coqc_integration.rs` (`RETROPROOF_SKIP_COQ=1`
//! skips), with the library built (`make -C coq`).

use std::time::Duration;

use crate::common::coq_env::{coqc, theories};
use retroproof::prove::compile;
use retroproof_core::random::Rng;
use retroproof_core::rules::zone::{self, predecessors};
use retroproof_core::{attacks, Bitboard, Board, Piece, Position, Square};

const LIMIT: Duration = Duration::from_secs(300);

/// Partial boards where one refinement of the abstract retractions
/// decides, with the number of predecessors the native engine lists
/// (checked below, so the sample keeps meaning what it says).
const HAND_PICKED: [(&str, usize); 9] = [
    // Hwa's Figure 2: only the black king can go back, each time into a
    // contact check (c1 by the rook, b3, c3, d3 by unmoved pawns).
    ("8/8/8/8/8/8/PPkPP3/KR1b4", 4),
    // Hwa's Figure 4: the rook f2 goes back to f1 (a man on g1 may
    // block the check), the king h1 to g1.
    ("8/8/8/8/8/5P2/4PrPP/7K", 2),
    // The black king g1 in contact check by the knight f3: only the
    // knight moved last, from d2, d4, e1, e5, g5, h2 or h4 (not g1, where
    // the king stands).
    ("8/8/8/8/8/5N2/8/6k1", 7),
    // The black king g4 in contact check by the knight e3 and the pawn f3:
    // no move gave both.
    ("8/8/8/8/6k1/4NP2/8/8", 0),
    // A castled king g1 and rook f1: the king from f2, g2, h2 or h1, the
    // rook from a1 to e1 or f2 to f8, and castling back.
    ("8/8/8/8/8/8/8/5RK1", 17),
    // A white pawn on e6 next to a black pawn's square: pushes, captures
    // from d5 and f5, and en passant from either.
    ("8/8/4P3/8/8/8/8/8", 5),
    // A white queen on d8: queen moves, and a pawn promoted from c7, d7
    // or e7.
    ("3Q4/8/8/8/8/8/8/8", 24),
    // A white knight on a8 walled in by black pawns b6 and c7: its only
    // way back is a pawn's promotion capture from b7; the pawn b6 may
    // come from b7 too (a7 and c7 stand on Black's second rank).
    ("N7/p1p5/1p6/8/8/8/8/8", 2),
    // The initial placement of White's men: only the knights go back, to
    // a3, c3, f3, h3.
    ("8/8/8/8/8/8/PPPPPPPP/RNBQKBNR", 4),
];

fn board(fen: &str) -> Board {
    Board::from_board_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
}

/// The squares within `radius` king moves of `sq`.
fn around(sq: Square, radius: u32) -> Bitboard {
    (0..radius).fold(Bitboard::from_square(sq), |acc, _| {
        acc.into_iter()
            .fold(acc, |a, s| a | attacks::king_attacks(s))
    })
}

/// Random partial boards: the men of positions along seeded random games
/// within one to three squares of a random square, and random men on
/// random squares.
fn random_sample(seed: u64, count: usize) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..count {
        let mut p = Position::start();
        for _ in 0..rng.below(60) {
            if !rng.play_random_move(&mut p) {
                break;
            }
        }
        let centre = Square::ALL[rng.below(64)];
        out.push(p.board().masked(around(centre, 1 + rng.below(3) as u32)));
        let mut b = Board::empty();
        for _ in 0..2 + rng.below(6) {
            b.set_piece_at(Square::ALL[rng.below(64)], Piece::ALL[rng.below(12)]);
        }
        out.push(b);
    }
    out
}

fn sample() -> Vec<Board> {
    let mut out: Vec<Board> = HAND_PICKED.iter().map(|(f, _)| board(f)).collect();
    out.extend(random_sample(20261127, 150));
    out
}

/// A partial board as Coq's `to_fen` prints it: White to move, nothing
/// asserted.
fn coq_fen(b: &Board) -> String {
    format!("{} w - -", b.board_fen())
}

fn native(b: &Board) -> Vec<String> {
    let mut out = Vec::new();
    predecessors(b, &mut out);
    let mut fens: Vec<String> = out.iter().map(coq_fen).collect();
    fens.sort();
    fens.dedup();
    fens
}

/// A Coq file that compiles exactly when `zpreds` lists, for each partial
/// board, the `expected` boards (as sets); otherwise `coqc` fails on the
/// `Example` and prints the boards that disagree.
fn agreement_file(expected: &[(Board, Vec<String>)]) -> String {
    let cases: Vec<String> = expected
        .iter()
        .map(|(b, preds)| {
            let quoted: Vec<String> = preds.iter().map(|f| format!("\"{f}\"")).collect();
            format!("  (\"{}\", [{}])", coq_fen(b), quoted.join("; "))
        })
        .collect();
    format!(
        "From Coq Require Import Uint63 List String Bool.\n\
         From RetroProof Require Import Board Zone.\n\
         Import ListNotations.\n\
         Open Scope string_scope.\n\
         \n\
         Definition str_in (s : string) (l : list string) : bool := existsb (String.eqb s) l.\n\
         \n\
         (** A partial board (FEN), the native engine's abstract retractions. *)\n\
         Definition cases : list (string * list string) := [\n{}\n].\n\
         \n\
         Definition disagree : list string :=\n\
         \x20 map fst (filter (fun '(f, expected) =>\n\
         \x20   let got := map to_fen (zpreds (partial (board (fen f)))) in\n\
         \x20   negb (forallb (fun g => str_in g expected) got && forallb (fun e => str_in e got) expected))\n\
         \x20   cases).\n\
         \n\
         Example native_agrees : disagree = [].\n\
         Proof. vm_compute. reflexivity. Qed.\n",
        cases.join(";\n")
    )
}

fn expected() -> Vec<(Board, Vec<String>)> {
    sample()
        .into_iter()
        .map(|b| {
            let n = native(&b);
            (b, n)
        })
        .collect()
}

#[test]
fn hand_picked_mean_what_they_say() {
    for (fen, count) in HAND_PICKED {
        assert_eq!(
            native(&board(fen)).len(),
            count,
            "{fen}: {:?}",
            native(&board(fen))
        );
    }
    // Hwa's Figure 2 is a cage; his Figure 4 is not.
    let fig2 = board("8/8/8/8/8/8/PPkPP3/KR1b4");
    let cage = zone::verify(fig2, Bitboard::FULL, zone::LIMIT).expect("a cage");
    assert!(zone::is_closed(&cage));
    assert_eq!(
        zone::verify(board("8/8/8/8/8/5P2/4PrPP/7K"), Bitboard::FULL, zone::LIMIT),
        None
    );
}

#[test]
fn native_and_coq_list_the_same_abstract_retractions() {
    let Some(coqc) = coqc() else { return };
    let expected = expected();
    let text = agreement_file(&expected);
    if let Err(e) = compile(&coqc, &theories(), &text, None, LIMIT) {
        panic!("Coq's zpreds disagree with the native engine: {e}");
    }
}

#[test]
fn a_board_left_out_is_caught() {
    let Some(coqc) = coqc() else { return };
    // The hand-picked boards suffice to show the file catches a missing
    // board; the random sample is the other test's.
    let mut expected: Vec<(Board, Vec<String>)> = HAND_PICKED
        .iter()
        .map(|(fen, _)| (board(fen), native(&board(fen))))
        .collect();
    let victim = expected
        .iter()
        .position(|(_, preds)| !preds.is_empty())
        .expect("some board has a predecessor");
    expected[victim].1.pop();
    let text = agreement_file(&expected);
    assert!(
        compile(&coqc, &theories(), &text, None, LIMIT).is_err(),
        "coqc accepted a wrong list"
    );
}
