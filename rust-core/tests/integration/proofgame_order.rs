//! Composed positions whose men are shut in (`proofgame::order`): the proof
//! game is looked for through the positions where the cage opens, found by
//! taking plies back, captures and promotions included.
//!
//! The position is the one before the last ply of a constructed test
//! position of Retractor's (`rtr-A-003` of the last-move corpus): the black
//! king on c1 and rook on a1, shut in behind White's pawns and the rook on
//! d2, the white king on a2 in check. Only four positions lie before it by
//! moves that keep the material; its history must take a capture back a
//! few plies before the end.

use retroproof_core::proofgame::order::{self, Room};
use retroproof_core::proofgame::{find_proof_game, realizes, replay, Budget};
use retroproof_core::Position;

const SEALED: &str = "8/8/8/8/8/1P1P4/KPPRP3/r1k5 w - - 0 1";

#[test]
fn a_cage_is_sealed_an_open_game_is_not() {
    let sealed = Position::from_fen(SEALED).unwrap();
    assert!(order::sealed(&sealed));
    assert!(Room::of(&sealed).positions <= 4);
    let open =
        Position::from_fen("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w - - 0 4")
            .unwrap();
    assert!(!order::sealed(&open));
}

/// The openings lie behind the target, each leads to it by its plies, and
/// the search finds the game through them. Node limits only (no clock),
/// so the run is the same on a loaded machine.
#[test]
fn the_game_goes_through_an_opening() {
    let target = Position::from_fen(SEALED).unwrap();
    let openings = order::openings(&target, order::Limits::default(), None);
    assert!(!openings.is_empty());
    for (q, tail) in &openings {
        assert!(!tail.is_empty());
        assert!(Room::of(q).is_open(), "{}", q.to_fen());
        let mut at = *q;
        for m in tail {
            assert!(at.is_legal(m), "{} {}", q.to_fen(), m.to_uci());
            at.play_unchecked(m);
        }
        assert_eq!(at.board(), target.board());
        assert_eq!(at.turn(), target.turn());
    }
    let budget = Budget {
        nodes: 200_000,
        time: None,
        ..Budget::default()
    };
    let game = find_proof_game(&target, budget).expect("a game through an opening");
    assert!(realizes(&replay(&game).unwrap(), &target));
}

/// A cage that opens only far back: two black bishops and the king shut in
/// on the queen's side behind White's pawns, the rook on b2 and the king on
/// a1 (the position before the last ply of `rtr-A-013`). Every opening lies
/// more than twelve plies back (the old limit): the pawns that closed the
/// cage are taken back behind the pieces' last moves inside it. From an
/// opening, the search finds the rest within a few thousand nodes.
#[test]
fn a_deep_cage_opens_within_the_default_limits() {
    let target = Position::from_fen("8/8/8/8/8/kPP5/bRPP4/K1b5 w - - 0 1").unwrap();
    let limits = order::Limits::default();
    let openings = order::openings(&target, limits, None);
    assert!(!openings.is_empty());
    assert!(openings.iter().all(|(_, tail)| tail.len() > 12));
    let (q, tail) = &openings[0];
    assert!(tail.len() as u32 <= limits.plies);
    let budget = Budget {
        nodes: 200_000,
        time: None,
        ..Budget::default()
    };
    let mut game = find_proof_game(q, budget).expect("a game to the opening");
    game.extend_from_slice(tail);
    assert!(realizes(&replay(&game).unwrap(), &target));
}
