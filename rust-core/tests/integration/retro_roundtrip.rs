//! Retractions against the forward move generator, over positions reached
//! by seeded random play.
//!
//! Backward then forward: every retraction `(u, Q)` of `P` is a legal move
//! of `Q` that gives back `P`, and `Q` obeys the retraction rules.
//! Forward then backward: for every legal move `m` of a position `Q`
//! reached by play, the retractions of `Q·m` contain `m` with predecessor
//! `Q`, up to the castling and en passant assertions (see `retro`'s docs).

use retroproof_core::random::random_games;
use retroproof_core::retro::{material_error, RetroUci};
use retroproof_core::search::retro_perft;
use retroproof_core::{Move, Position, Setup};

/// Starting points: the initial position and positions rich in the rare
/// rules (promotions with capture, en passant, castling both sides).
const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
    "4k3/1pp1p1p1/8/P1P1P1P1/1p1p1p1p/8/P1P1P1P1/4K3 w - - 0 1",
];

/// Positions reached by random play from [`STARTS`], `count` in all:
/// every position of games of up to 200 positions.
fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    let starts: Vec<Position> = STARTS
        .iter()
        .map(|fen| Position::from_fen(fen).unwrap())
        .collect();
    random_games(&starts, seed, 200)
        .map(|(_, pos)| pos)
        .take(count)
        .collect()
}

/// Variants of a position reached by play that are also valid positions:
/// itself, without its en passant square, without castling rights.
fn variants(pos: &Position) -> Vec<Position> {
    let mut out = vec![*pos];
    let setup = pos.to_setup();
    if setup.ep_square.is_some() {
        out.push(
            Position::from_setup(Setup {
                ep_square: None,
                ..setup
            })
            .unwrap(),
        );
    }
    if !setup.castling.is_empty() {
        out.push(pos.without_assertions());
    }
    out
}

#[test]
fn every_retraction_replays_forward() {
    let mut checked = 0usize;
    let mut kinds = [0usize; 5]; // uncapture, unpromotion, en passant, castling, double step
    for base in random_positions(0x5eed_0001, 5_000) {
        for p in variants(&base) {
            checked += 1;
            let unmoves = p.unmoves();
            assert_eq!(unmoves.len() as u64, p.unmove_count(), "{p:?}");
            for u in &unmoves {
                let q = p.unmake(u);
                let m = *u.forward();
                // Rule 1: legal in Q, and it gives P.
                assert_eq!(q.turn(), p.turn().other());
                assert!(q.is_legal(&m), "{u} not legal in {q:?} (from {p:?})");
                let mut after = q;
                after.play_unchecked(&m);
                assert_eq!(after.board(), p.board(), "{u} from {p:?}");
                assert_eq!(after.turn(), p.turn());
                assert_eq!(
                    after.castling_rights(),
                    p.castling_rights(),
                    "{u} from {p:?}"
                );
                if p.ep_square().is_some() {
                    assert_eq!(after.ep_square(), p.ep_square(), "{u} from {p:?}");
                }
                // Rules 2 and 3.
                assert!(
                    !q.is_opponent_in_check(),
                    "{u}: side to move of P in check in {q:?}"
                );
                assert_eq!(material_error(q.board()), None, "{u} from {p:?}");
                // Rule 5: Q's e.p. square only after an e.p. capture.
                assert_eq!(q.ep_square().is_some(), u.is_en_passant(), "{u} from {p:?}");
                // The notation names exactly this retraction.
                let uci: RetroUci = u.to_string().parse().unwrap();
                assert_eq!(uci.to_unmove(&p).unwrap(), *u);
                kinds[0] += u.uncaptured().is_some() as usize;
                kinds[1] += u.is_unpromotion() as usize;
                kinds[2] += u.is_en_passant() as usize;
                kinds[3] += u.is_uncastling() as usize;
                kinds[4] += matches!(m, Move::Normal { from, to, .. }
                    if from.index().abs_diff(to.index()) == 16 && u.forward().role() == retroproof_core::Role::Pawn)
                    as usize;
            }
        }
    }
    assert!(checked >= 5_000);
    // The random positions do exercise every special kind.
    assert!(kinds.iter().all(|&k| k > 0), "kinds seen: {kinds:?}");
}

#[test]
fn every_legal_move_is_retracted() {
    let mut checked = 0usize;
    for q in random_positions(0x5eed_0002, 5_000) {
        for m in q.legal_moves() {
            let mut p = q;
            p.play_unchecked(&m);
            checked += 1;
            let found: Vec<_> = p
                .unmoves()
                .into_iter()
                .filter(|u| *u.forward() == m)
                .collect();
            assert_eq!(found.len(), 1, "{m} from {q:?}: retractions of {p:?}");
            assert_eq!(found[0].color(), q.turn());
            let back = p.unmake(&found[0]);
            assert_eq!(back.board(), q.board(), "{m} from {q:?}");
            assert_eq!(back.turn(), q.turn());
            // Rights: those P asserts (plus the one castling used) ⊆ Q's.
            for (color, side) in back.castling_rights().iter() {
                assert!(q.castling_rights().has(color, side), "{m} from {q:?}");
            }
            let expected_ep = if matches!(m, Move::EnPassant { .. }) {
                q.ep_square()
            } else {
                None
            };
            assert_eq!(back.ep_square(), expected_ep, "{m} from {q:?}");
        }
    }
    assert!(checked >= 5_000);
}

#[test]
fn retro_perft_counts_match_listing() {
    for (i, p) in random_positions(0x5eed_0003, 300).iter().enumerate() {
        let depth = if i % 10 == 0 { 3 } else { 2 };
        let listed: u64 = p
            .retractions()
            .iter()
            .map(|(_, q)| retro_perft(q, depth - 1))
            .sum();
        assert_eq!(retro_perft(p, depth), listed, "{p:?}");
    }
}
