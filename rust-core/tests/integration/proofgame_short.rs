//! The exact-length search tried by the proof-game search for positions
//! near the initial one (`proofgame::short`): the game it finds replays
//! under an independent move generator, positions whose bound is beyond
//! the old fixed cap of 40 plies are taken on when the budget reaches
//! them, and positions far from the start (sparse composed positions,
//! long histories) do not trigger it. Node limits only (no clock).

use retroproof_core::proofgame::short::{plies_needed, reach, short_game, Short};
use retroproof_core::proofgame::{Budget, Reading};
use retroproof_core::{Move, Position};
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
    let bound = plies_needed(&pos, 40).expect("near the start");
    assert!(bound <= 6 && bound.is_multiple_of(2), "{bound}");
    let Short::Found(game) = short_game(&pos, Reading::Asserted, nodes_only(200_000)) else {
        panic!("no game within the nodes");
    };
    assert_eq!(game.len(), 6, "three moves a side, no fewer");
    // The FEN asserts all four castling rights.
    assert_replays_to(&game, SCANDINAVIAN);
}

/// Replayed by shakmaty, `game` ends on `fen`'s board, side to move and
/// castling rights.
fn assert_replays_to(game: &[Move], fen: &str) {
    let mut theirs = Chess::default();
    for m in game {
        let uci: shakmaty::uci::UciMove = m.to_uci().parse().unwrap();
        let mv = uci.to_move(&theirs).expect("legal for shakmaty");
        theirs.play_unchecked(mv);
    }
    let reached = Fen::from_position(&theirs, EnPassantMode::Legal).to_string();
    let expected: Fen = fen.parse().unwrap();
    let expected: Chess = expected.into_position(CastlingMode::Standard).unwrap();
    assert_eq!(theirs.board(), expected.board(), "{reached}");
    assert_eq!(theirs.turn(), expected.turn());
    assert_eq!(
        theirs.castles().castling_rights(),
        expected.castles().castling_rights()
    );
}

/// White's 22 moves of a game with no capture: pawns up, the king to b3,
/// each minor piece and rook on a square two moves away (the knights on
/// a2 and h2, the bishops on g1 and h3, the rooks on c2 and f2), the queen
/// to e2. Black answers each move with its mirror image.
const WHITE_TRIP: &str = "e2e4 d2d4 c2c4 a2a4 f2f4 g2g3 h2h4 f1h3 e1d2 d2c3 c3b3 c1e3 g1f3 \
    f3h2 b1c3 c3a2 h1f1 e3g1 f1f2 a1c1 c1c2 d1e2";

/// The mirror image of a UCI move (ranks 1 to 8 swapped).
fn mirrored(uci: &str) -> String {
    uci.chars()
        .map(|c| match c.to_digit(10) {
            Some(rank @ 1..=8) => char::from_digit(9 - rank, 10).unwrap(),
            _ => c,
        })
        .collect()
}

#[test]
fn a_bound_beyond_forty_plies_is_taken_on_and_gets_its_game() {
    // The position after the 44 plies, played here by shakmaty.
    let mut played = Chess::default();
    let mut plies = 0;
    for white in WHITE_TRIP.split_whitespace() {
        for uci in [white.to_string(), mirrored(white)] {
            let m: shakmaty::uci::UciMove = uci.parse().unwrap();
            let mv = m.to_move(&played).expect("the test's game is legal");
            played.play_unchecked(mv);
            plies += 1;
        }
    }
    assert_eq!(plies, 44);
    let fen = Fen::from_position(&played, EnPassantMode::Legal).to_string();
    let pos = Position::from_fen(&fen).unwrap();
    // Admissible: no more than the game played; and beyond the old fixed
    // cap of 40 plies (every white move above was to a square the man
    // needs that many moves for, Black's the same).
    let bound = plies_needed(&pos, 80).expect("no man captured, a bound within 80");
    assert!(bound <= 44 && bound > 40, "{bound}");
    let budget = nodes_only(600_000);
    assert!(
        reach(budget) >= bound,
        "the budget reaches {}",
        reach(budget)
    );
    let Short::Found(game) = short_game(&pos, Reading::Asserted, budget) else {
        panic!("no game within the nodes");
    };
    assert!(game.len() >= bound as usize && game.len().is_multiple_of(2));
    assert_replays_to(&game, &fen);
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
    assert_eq!(plies_needed(&sparse, 600), None);
    assert_eq!(
        short_game(&sparse, Reading::Asserted, nodes_only(1_000)),
        Short::Far
    );
    // Every man on the board, but White's pawns four ranks up (two moves
    // each) and every white piece moved: more than 20 white moves.
    let far = Position::from_fen("rnbqkbnr/8/pppppppp/PPPPPPPP/8/RNBQKBNR/8/8 w - - 0 1").unwrap();
    assert_eq!(plies_needed(&far, 40), None);
}
