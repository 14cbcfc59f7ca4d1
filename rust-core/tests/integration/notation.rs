//! SAN writing and PGN collections cross-checked against shakmaty (the
//! reference), and the retraction notation checked against the predecessor
//! board (not against the code that writes it).

use retroproof_core::pgn::{parse_game, parse_games, PgnError};
use retroproof_core::random::random_positions;
use retroproof_core::san::san_line;
use retroproof_core::{Color, Position, Role};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

fn theirs(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect(fen)
        .into_position(CastlingMode::Standard)
        .expect(fen)
}

#[test]
fn san_of_every_move_agrees_with_shakmaty() {
    let mut positions = random_positions(300, 11, 120);
    positions.push(Position::from_fen("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1").unwrap());
    positions.push(
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
            .unwrap(),
    );
    let mut checked = 0;
    for pos in &positions {
        if pos.is_opponent_in_check() {
            continue;
        }
        let their_pos = theirs(&pos.to_fen());
        for m in pos.legal_moves().iter() {
            let ours = pos.san(m);
            // shakmaty reads our SAN as the same move …
            let parsed = San::from_ascii(ours.trim_end_matches(['+', '#']).as_bytes())
                .unwrap_or_else(|e| panic!("{ours}: {e:?}"))
                .to_move(&their_pos)
                .unwrap_or_else(|e| panic!("{} {ours}: {e:?}", pos.to_fen()));
            let parsed_uci = parsed.to_uci(CastlingMode::Standard).to_string();
            assert_eq!(parsed_uci, m.to_uci(), "{} {ours}", pos.to_fen());
            // … and writes it the same, check marks included.
            let written = SanPlus::from_move(their_pos.clone(), parsed).to_string();
            assert_eq!(written, ours, "{}", pos.to_fen());
            checked += 1;
        }
    }
    assert!(checked > 3000, "{checked}");
}

#[test]
fn unmove_notation_names_what_the_predecessor_board_shows() {
    let mut seen_capture = false;
    let mut seen_ep = false;
    for pos in random_positions(200, 5, 80) {
        if pos.is_opponent_in_check() {
            continue;
        }
        for (u, q) in pos.retractions() {
            let san = u.to_san();
            let m = u.forward();
            if let Some(side) = m.castling_side() {
                let expected = match side {
                    retroproof_core::CastlingSide::KingSide => "0-0",
                    retroproof_core::CastlingSide::QueenSide => "0-0-0",
                };
                assert_eq!(san, expected);
                continue;
            }
            let mover = q.board().piece_at(m.from()).expect("a man on the origin");
            let letter = match mover.role {
                Role::Pawn => String::new(),
                r => r.upper_char().to_string(),
            };
            assert!(san.starts_with(&format!("{letter}{}", m.from())), "{san}");
            if u.is_en_passant() {
                seen_ep = true;
                assert_eq!(san, format!("{}x{} ep", m.from(), m.to()));
            } else if let Some(victim) = q.board().piece_at(m.to()) {
                seen_capture = true;
                assert_eq!(victim.color, mover.color.other());
                let tail = format!("x{}{}", victim.role.upper_char(), m.to());
                assert!(san.contains(&tail), "{san} lacks {tail}");
            } else {
                assert!(san.contains(&format!("-{}", m.to())), "{san}");
            }
            // A promotion leaves a different man on the destination.
            if let Some(p) = pos
                .board()
                .piece_at(m.to())
                .filter(|_| mover.role == Role::Pawn)
            {
                if p.role != Role::Pawn {
                    assert!(san.ends_with(&format!("={}", p.role.upper_char())), "{san}");
                }
            }
        }
    }
    assert!(seen_capture && seen_ep);
    // Smullyan's last move, as problem books write it.
    let pos = Position::from_fen("8/8/8/1r1b4/B7/2K5/8/3k4 b - -").unwrap();
    let sans: Vec<String> = pos.retractions().iter().map(|(u, _)| u.to_san()).collect();
    assert!(sans.contains(&"Kb3xPc3".to_owned()), "{sans:?}");
}

/// Replays SAN tokens with shakmaty from `fen`; the final FEN.
fn their_end(fen: &str, sans: &[String]) -> String {
    let mut pos = theirs(fen);
    for san in sans {
        // shakmaty reads castling with letters only.
        let m = san
            .replace('0', "O")
            .parse::<San>()
            .unwrap_or_else(|e| panic!("{san}: {e:?}"))
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{san}: {e:?}"));
        pos.play_unchecked(m);
    }
    Fen::from_position(&pos, EnPassantMode::Legal).to_string()
}

const COLLECTION: &str = "\u{feff}[Event \"one\"]\n[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 1-0\n\n\
[Event \"two\"]\n[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1\"]\n\n1... 0-0-0 2. O-O Rhg8 *\n\n\
1. d4 d5 2. c4 dxc4 1/2-1/2\n";

#[test]
fn collections_with_fen_starts_bom_and_zero_castling() {
    let games = parse_games(COLLECTION).unwrap();
    assert_eq!(games.len(), 3);
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ];
    for (game, start) in games.iter().zip(starts) {
        let game = game.as_ref().unwrap();
        assert_eq!(game.start.to_fen(), start);
        let ours = game.end.to_fen();
        let mut ours_legal_ep = ours.clone();
        if game.end.legal_ep_square().is_none() {
            if let Some(ep) = game.end.ep_square() {
                ours_legal_ep = ours.replace(&format!(" {ep} "), " - ");
            }
        }
        assert_eq!(ours_legal_ep, their_end(start, &game.sans));
    }
    let first = games[0].as_ref().unwrap();
    assert_eq!(first.tag("White"), Some("A"));
    assert_eq!(first.moves[6].to_uci(), "e1g1");
    assert_eq!(games[1].as_ref().unwrap().end.turn(), Color::White);
    assert_eq!(
        games[2].as_ref().unwrap().result.as_deref(),
        Some("1/2-1/2")
    );
    // One game only, from the start: the collection is refused.
    assert!(parse_game(COLLECTION).is_err());
    assert_eq!(
        parse_game("[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]").unwrap_err(),
        PgnError::SetUp
    );
    assert!(matches!(
        parse_games("[FEN \"not a fen\"]\n*").unwrap()[0],
        Err(PgnError::BadFen { .. })
    ));
    assert_eq!(parse_games("  \n").unwrap_err(), PgnError::Empty);
}

#[test]
fn written_pgn_reads_back_to_the_same_game() {
    for game in parse_games(COLLECTION).unwrap() {
        let game = game.unwrap();
        let text = game.to_pgn();
        let again = parse_games(&text).unwrap().pop().unwrap().unwrap();
        assert_eq!(again.moves, game.moves, "{text}");
        assert_eq!(again.start, game.start);
        assert_eq!(again.result, game.result);
        if game.tag("FEN").is_some() {
            assert!(text.contains("[SetUp \"1\"]"), "{text}");
        }
    }
    let line = san_line(
        &Position::start(),
        &parse_game("1. e4 e5 2. Qh5").unwrap().moves,
    );
    assert_eq!(line.unwrap(), "1. e4 e5 2. Qh5");
}
