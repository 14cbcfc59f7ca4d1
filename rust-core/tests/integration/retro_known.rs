//! The known answers of issue #3, and a few more derived by hand in the
//! comments. (The full hand-derived vectors are in
//! `examples/retraction-vectors.txt`, see `retro_vectors.rs`.)

use retroproof_core::search::{
    for_each_sequence, forced_line, legality, plies_to_start, retro_perft, stranded_man,
    IllegalReason, LastMoves, Legality, Limits,
};
use retroproof_core::{Position, RetroUci, Square};

fn notations(fen: &str) -> Vec<String> {
    let pos = Position::from_fen(fen).expect(fen);
    let mut v: Vec<String> = pos.unmoves().iter().map(|u| u.to_string()).collect();
    v.sort();
    v
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect(fen)
}

const SMULLYAN: &str = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";

#[test]
fn smullyan_last_three_plies() {
    // Forced: c2-c4 b4xc3 e.p. Kb3xc3 (oldest first; the line is most recent first).
    let LastMoves::Forced(line) = forced_line(&pos(SMULLYAN), 3) else {
        panic!("Smullyan's position has a history");
    };
    let names: Vec<String> = line.iter().map(|u| u.to_string()).collect();
    assert_eq!(names, ["b3c3xp", "b4c3ep", "c2c4"]);
    // And it is the only sequence of length 3.
    let mut all = Vec::new();
    for_each_sequence(&pos(SMULLYAN), 3, |s| {
        all.push(s.iter().map(|u| u.to_string()).collect::<Vec<_>>())
    });
    assert_eq!(all, [["b3c3xp", "b4c3ep", "c2c4"]]);
}

#[test]
fn single_retraction_positions() {
    assert_eq!(notations("8/8/3kP3/8/3R1Q2/8/4K3/8 b - -"), ["d5e6ep"]);
    assert_eq!(notations("6B1/5R1k/8/8/8/8/8/7K b - -"), ["g7g8b"]);
    assert_eq!(notations("2kr3K/3p4/8/8/8/8/8/8 w - -"), ["e8c8"]);
}

#[test]
fn issue_counts() {
    assert_eq!(notations("8/8/8/8/8/4k3/8/r3K3 w - -").len(), 40);
    assert_eq!(
        notations("4k3/8/P7/8/8/8/8/4K2R b K -"),
        ["a5a6", "b5a6ep", "b5a6xb", "b5a6xn", "b5a6xp", "b5a6xq", "b5a6xr"]
    );
    assert_eq!(
        notations("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ["a6b8", "c6b8", "f6g8", "h6g8"]
    );
}

#[test]
fn start_position_retro_perft() {
    // 4, then 4 white knight retractions below each, then 5/7/7/5 black
    // retractions below those (see cli_retro.rs for the count).
    let start = Position::start();
    assert_eq!(retro_perft(&start, 0), 1);
    assert_eq!(retro_perft(&start, 1), 4);
    assert_eq!(retro_perft(&start, 2), 16);
    assert_eq!(retro_perft(&start, 3), 96);
}

#[test]
fn predecessor_after_en_passant_carries_the_square() {
    // Rule 5: after d5xe6 e.p. is taken back, Q has e.p. square e6 and its
    // only retraction is e7-e5.
    let p = pos("8/8/3kP3/8/3R1Q2/8/4K3/8 b - -");
    let u = "d5e6ep".parse::<RetroUci>().unwrap().to_unmove(&p).unwrap();
    let q = p.unmake(&u);
    assert_eq!(q.to_fen(), "8/8/3k4/3Pp3/3R1Q2/8/4K3/8 w - e6 0 1");
    assert_eq!(notations(&q.to_fen()), ["e7e5"]);
}

#[test]
fn uncastling_restores_the_right() {
    let p = pos("2kr3K/3p4/8/8/8/8/8/8 w - -");
    let (u, q) = p.retractions()[0];
    assert!(u.is_uncastling());
    // By hand: king e8, rook a8, Black to move, right q; Black retracting
    // lowers the fullmove number (never below 1).
    assert_eq!(q.to_fen(), "r3k2K/3p4/8/8/8/8/8/8 b q - 0 1");
}

#[test]
fn legality_verdicts() {
    let limits = Limits::default();
    assert_eq!(
        legality(&pos("k7/8/8/8/8/8/8/R6K w - -"), limits),
        Legality::Illegal(IllegalReason::OpponentInCheck {
            color: retroproof_core::Color::Black
        })
    );
    assert_eq!(
        legality(&pos("8/8/8/8/8/1N6/2N5/k6K b - -"), limits),
        Legality::Illegal(IllegalReason::NoLastMove { check: true })
    );
    assert_eq!(
        legality(&Position::start(), limits),
        Legality::Legal(vec![])
    );
    // 1. Nf3 Nc6: a game of 2 plies is found, and it replays.
    let target = pos("r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2");
    let Legality::Legal(game) = legality(&target, limits) else {
        panic!("legal position");
    };
    assert_eq!(game.len(), 2);
    let mut p = Position::start();
    for m in &game {
        p = p.play(m).expect("legal move");
    }
    assert_eq!(p.board(), target.board());
}

#[test]
fn legality_finds_ten_ply_games() {
    // Ruy Lopez after 5. O-O Be7 (10 plies) and a Sicilian after 4. Nxd4 Nf6
    // (8 plies, two captures): a game is found and replays to the board.
    for (fen, plies) in [
        (
            "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6",
            10,
        ),
        (
            "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
            8,
        ),
    ] {
        let target = pos(fen);
        let Legality::Legal(game) = legality(&target, Limits::default()) else {
            panic!("{fen} is legal");
        };
        assert_eq!(game.len(), plies, "{fen}");
        let mut p = Position::start();
        for m in &game {
            p = p.play(m).expect("legal move");
        }
        assert_eq!(p.board(), target.board(), "{fen}");
    }
}

#[test]
fn stranded_men() {
    // Bh1 behind an unmoved g2 pawn.
    assert_eq!(
        stranded_man(&pos("4k3/8/8/8/8/8/6P1/4K2B b - -")),
        Some(Square::H1)
    );
    // A knight on b1 next to unmoved pawns may still have come from a3/c3.
    assert_eq!(
        stranded_man(&pos("4k3/8/8/8/8/8/PPPPPPPP/1N2K3 b - -")),
        None
    );
    // The initial position strands nothing.
    assert_eq!(stranded_man(&Position::start()), None);
}

#[test]
fn lower_bound_to_the_start() {
    assert_eq!(plies_to_start(&Position::start()), Some(0));
    // After 1. e4 (Black to move): one ply, no fewer.
    assert_eq!(
        plies_to_start(&pos(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
        )),
        Some(1)
    );
}
