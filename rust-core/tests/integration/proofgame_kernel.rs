//! The kernel planner (`proofgame::kernel`) on positions with promotions:
//! built here by playing a game with four promotions and pawns changing
//! files by capture, then looked for from scratch. The game found must be
//! legal move by move and reach the position; it need not be the game
//! played.

use std::time::Duration;

use retroproof_core::proofgame::kernel::{self, Outcome};
use retroproof_core::proofgame::{find_proof_game, realizes, replay, Budget, Reading};
use retroproof_core::Position;

/// Plays `uci` from the initial position (each move must be legal).
fn played(uci: &str) -> Position {
    let mut pos = Position::start();
    for m in uci.split_whitespace() {
        let mv = pos.parse_uci(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
        assert!(pos.is_legal(&mv), "{m}");
        pos.play_unchecked(&mv);
    }
    pos
}

/// White's a- and h-pawns and black's b- and g-pawns promote, each after
/// a capture; black's promoted bishop stands on a light square beside the
/// one it started with. The final moves scatter the new pieces.
const GAME: &str = "a2a4 b7b5 a4b5 a7a5 b5b6 a5a4 b6b7 a4a3 b7a8q a3b2 \
    h2h4 g7g5 h4g5 h7h5 g5g6 h5h4 g6g7 h4h3 g7h8n h3g2 \
    a8a4 b2a1q h8g6 g2h1b a4d4 a1a5 g6e5 h1d5 c1b2 c8b7";

fn target() -> Position {
    played(GAME)
}

#[test]
fn the_target_needs_promotions() {
    let pos = target();
    assert!(kernel::needs_promotion(pos.board()));
    assert!(!kernel::needs_promotion(Position::start().board()));
}

#[test]
fn the_kernel_planner_finds_a_game() {
    let pos = target();
    let budget = Budget::with_time(Duration::from_secs(60));
    match kernel::find(&pos, Reading::Asserted, budget) {
        Outcome::Found(game) => {
            let end = replay(&game).expect("every move legal");
            assert!(realizes(&end, &pos), "{}", pos.to_fen());
        }
        other => panic!("no game: {other:?}"),
    }
}

/// Through the ordinary entry point, which hands promoted positions to
/// the kernel planner first.
#[test]
fn find_proof_game_finds_it_too() {
    let pos = target();
    let game = find_proof_game(&pos, Budget::with_time(Duration::from_secs(60)))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(realizes(&replay(&game).unwrap(), &pos));
}

/// An en passant square asserted: the planner does not try (the ordinary
/// search does).
#[test]
fn an_en_passant_square_is_not_tried() {
    let pos =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(
        kernel::find(&pos, Reading::Asserted, Budget::default()),
        Outcome::NotTried
    );
}

/// The final arrangement alone: black's king must go round into h8 and
/// its rook, now on h8, end on g8 beside it; the rook must leave by the
/// left while the king steps aside, then come back after the king. The
/// moves found are replayed by shakmaty from the start position and end
/// on the target's board with the target's side to move.
#[test]
fn the_final_arrangement_puts_the_king_in_before_its_rook() {
    use retroproof_core::proofgame::kernel::arrange::{arrange, Target};
    use retroproof_core::CastlingRights;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

    let opening = "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1f1 e8f8 f1e1 f8e8";
    let start = played(opening);
    let end = played(&format!(
        "{opening} b1c3 e8e7 c3b1 h8e8 b1c3 e7f8 c3b1 f8g8 b1c3 g8h8 c3b1 e8g8"
    ));
    let target = Target {
        board: *end.board(),
        turn: end.turn(),
        rights: CastlingRights::NONE,
        exact: false,
    };
    let far = std::time::Instant::now() + Duration::from_secs(3600);
    let line = arrange(&start, &target, 5, 200_000, far).expect("an arrangement");
    let fen: Fen = start.to_fen().parse().unwrap();
    let mut theirs: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    for m in &line {
        let uci: UciMove = m.to_uci().parse().unwrap();
        let mv = uci.to_move(&theirs).expect("legal for shakmaty");
        theirs = theirs.play(mv).unwrap();
    }
    let reached = Fen::from_position(&theirs, EnPassantMode::Legal).to_string();
    let wanted = end.to_fen();
    let board = |f: &str| f.split(' ').take(2).collect::<Vec<_>>().join(" ");
    assert_eq!(board(&reached), board(&wanted));
}
