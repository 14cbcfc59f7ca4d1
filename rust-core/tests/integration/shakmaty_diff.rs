//! Differential test against shakmaty, an independent, well-tested move
//! generator.
//!
//! Random games (seeded, so every run sees the same positions) start from the
//! initial position and from the tricky perft positions. In every position
//! reached, both libraries must agree on the set of legal moves (as UCI
//! strings), on check, and on the position after each played move (compared
//! as FEN). Every tenth position also compares perft to depth 2, which checks
//! the children as well.

use std::collections::BTreeSet;

use retroproof_core::random::Rng;
use retroproof_core::{perft, Position};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

const SEEDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // En passant with horizontal pins and discovered checks nearby.
    "8/8/8/8/1k1Pp3/8/8/4B1K1 b - d3 0 1",
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
    // Castling with attacked squares, promotions both ways.
    "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

fn shakmaty_position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect(fen)
        .into_position(CastlingMode::Standard)
        .expect(fen)
}

fn our_moves(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| m.to_uci()).collect()
}

fn their_moves(pos: &Chess) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect()
}

/// Our FEN with the en passant square shown only when a capture is legal,
/// which is how shakmaty prints FEN by default.
fn fen_legal_ep(pos: &Position) -> String {
    let mut fen = pos.to_fen();
    if pos.ep_square().is_some() && pos.legal_ep_square().is_none() {
        let ep = pos.ep_square().unwrap().to_string();
        fen = fen.replace(&format!(" {ep} "), " - ");
    }
    fen
}

/// Compares one position in every respect; returns its legal moves.
fn compare(ours: &Position, theirs: &Chess) -> Vec<String> {
    let context = ours.to_fen();
    let our_set = our_moves(ours);
    assert_eq!(our_set, their_moves(theirs), "legal moves of {context}");
    assert_eq!(ours.legal_move_count(), our_set.len(), "count of {context}");
    assert_eq!(ours.is_check(), theirs.is_check(), "check in {context}");
    assert_eq!(
        fen_legal_ep(ours),
        Fen::from_position(theirs, EnPassantMode::Legal).to_string(),
        "FEN of {context}"
    );
    our_set.into_iter().collect()
}

#[test]
fn random_games_agree_with_shakmaty() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0usize;
    let mut game = 0usize;
    while positions < 6_000 {
        let seed = SEEDS[game % SEEDS.len()];
        game += 1;
        let mut ours = Position::from_fen(seed).expect(seed);
        let mut theirs = shakmaty_position(seed);
        for ply in 0..120 {
            let moves = compare(&ours, &theirs);
            positions += 1;
            if positions.is_multiple_of(10) {
                assert_eq!(
                    perft(&ours, 2),
                    shakmaty::perft(&theirs, 2),
                    "perft 2 of {}",
                    ours.to_fen()
                );
            }
            if moves.is_empty() {
                break;
            }
            let uci = &moves[rng.below(moves.len())];
            let m = ours.parse_uci(uci).expect(uci);
            ours = ours.play(&m).expect(uci);
            let theirs_move = uci
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&theirs)
                .unwrap();
            theirs.play_unchecked(theirs_move);
            // Our FEN must also be readable by shakmaty as the same position.
            if ply % 7 == 0 {
                let reparsed = shakmaty_position(&ours.to_fen());
                assert_eq!(their_moves(&reparsed), our_moves(&ours));
            }
        }
    }
    assert!(positions >= 5_000);
}

/// Rules where a single wrong move is easy to miss in random play.
#[test]
fn hand_picked_rule_positions_agree_with_shakmaty() {
    for fen in [
        // Horizontal en passant pin: b5xc6 would expose the king to h5.
        "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
        // Same, but a knight blocks the rank: the capture is fine.
        "8/8/8/KPpN3r/8/8/8/4k3 w - c6 0 1",
        // En passant evades a check by the pawn that just moved.
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        // The double step discovered a check that en passant does not stop.
        "8/8/8/8/1k1Pp3/8/8/4B1K1 b - d3 0 1",
        // The capturing pawn is pinned on a diagonal.
        "8/8/5k2/8/3pP3/8/8/B5K1 b - e3 0 1",
        // Double check: only king moves.
        "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1",
        // Castling: through check (f1 attacked), into check (c1), out of check.
        "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1",
        "4k3/8/8/8/8/8/2r5/R3K2R w KQ - 0 1",
        "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
        // Queen-side castling allowed although b1 is attacked.
        "4k3/8/8/8/8/8/1r6/R3K3 w Q - 0 1",
        // Promotions with and without capture; a pinned pawn captures its pinner.
        "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1",
    ] {
        let ours = Position::from_fen(fen).expect(fen);
        compare(&ours, &shakmaty_position(fen));
        assert_eq!(
            perft(&ours, 3),
            shakmaty::perft(&shakmaty_position(fen), 3),
            "{fen}"
        );
    }
}
