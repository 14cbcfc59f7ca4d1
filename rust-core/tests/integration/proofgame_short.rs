//! The exact-length search tried by the proof-game search for positions
//! near the initial one (`proofgame::short`): the game it finds replays
//! under an independent move generator, and positions far from the start
//! (sparse composed positions, long histories) do not trigger it. Node
//! limits only (no clock).

use retroproof_core::proofgame::short::{plies_needed, short_game, Short};
use retroproof_core::proofgame::{Budget, Reading};
use retroproof_core::Position;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

fn nodes_only(nodes: u64) -> Budget {
    Budget {
        nodes,
        time: None,
        ..Budget::default()
    }
}

/// After the moves e4 d5 exd5 Qxd5 Nc3 Qa5: each side needs its three
/// moves (White's pawn must capture on d5, Black's queen must leave d5
/// again).
const SCANDINAVIAN: &str = "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 4";

#[test]
fn a_near_position_gets_its_game_from_the_stage() {
    let pos = Position::from_fen(SCANDINAVIAN).unwrap();
    let bound = plies_needed(&pos).expect("near the start");
    assert!(bound <= 6 && bound.is_multiple_of(2), "{bound}");
    let Short::Found(game) = short_game(&pos, Reading::Asserted, nodes_only(200_000)) else {
        panic!("no game within the nodes");
    };
    assert_eq!(game.len(), 6, "three moves a side, no fewer");
    // Replayed by shakmaty: the same board, side to move and castling
    // rights (the FEN asserts all four).
    let mut theirs = Chess::default();
    for m in &game {
        let uci: shakmaty::uci::UciMove = m.to_uci().parse().unwrap();
        let mv = uci.to_move(&theirs).expect("legal for shakmaty");
        theirs.play_unchecked(mv);
    }
    let fen = Fen::from_position(&theirs, EnPassantMode::Legal).to_string();
    let expected: Fen = SCANDINAVIAN.parse().unwrap();
    let expected: Chess = expected.into_position(CastlingMode::Standard).unwrap();
    assert_eq!(theirs.board(), expected.board(), "{fen}");
    assert_eq!(theirs.turn(), expected.turn());
    assert_eq!(
        theirs.castles().castling_rights(),
        expected.castles().castling_rights()
    );
}

#[test]
fn an_asserted_double_step_is_the_last_move() {
    // After 1. e4 with e3 asserted: the game must end with that step.
    let pos =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    let Short::Found(game) = short_game(&pos, Reading::Asserted, nodes_only(10_000)) else {
        panic!("no game");
    };
    assert_eq!(game.last().map(|m| m.to_uci()), Some("e2e4".to_string()));
}

#[test]
fn far_positions_do_not_trigger_it() {
    // A king and a pawn against a king (Retractor's simplest last-move
    // problem): a bound of some 30 plies, but 29 men gone.
    let sparse = Position::from_fen("8/8/8/8/1k6/P7/1K6/8 b - - 0 1").unwrap();
    assert_eq!(plies_needed(&sparse), None);
    assert_eq!(
        short_game(&sparse, Reading::Asserted, nodes_only(1_000)),
        Short::Far
    );
    // Every man on the board, but White's pawns four ranks up (two moves
    // each) and every white piece moved: more than 20 white moves.
    let far = Position::from_fen("rnbqkbnr/8/pppppppp/PPPPPPPP/8/RNBQKBNR/8/8 w - - 0 1").unwrap();
    assert_eq!(plies_needed(&far), None);
}
