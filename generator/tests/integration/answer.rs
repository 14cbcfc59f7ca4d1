//! The engine facade (`retroproof::answer::find`): which answer each
//! question gets, and the kind of each failure, on positions whose
//! answers are published (Smullyan's problem) or plain (the initial
//! position). No `coqc`: the answers are checked in the CLI tests.

use retroproof::answer::{find, Kind, Misasked, Options, Undecided};
use retroproof::emit::problem::{Proof, Statement};
use retroproof_core::question::Question;
use retroproof_core::Position;

const SMULLYAN: &str = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";

fn ask(
    fen: &str,
    question: &str,
    options: &Options,
) -> Result<retroproof::answer::Answer, Undecided> {
    let position = Position::from_fen(fen).unwrap();
    find(&position, &question.parse().unwrap(), options)
}

/// No proof-game search: the answers need no time budget.
fn no_game() -> Options<'static> {
    Options {
        game_time: Some(0),
        ..Options::default()
    }
}

#[test]
fn last_plies_are_the_published_ones() {
    let answer = ask(SMULLYAN, "last 3", &no_game()).unwrap();
    // Published: 1. c2-c4 b4xc3 e.p.+ 2. Kb3xc3.
    assert_eq!(answer.words(), "c2c4 b4c3ep b3c3xp");
    assert!(matches!(
        answer.export.statement,
        Statement::LastPlies { .. }
    ));
    assert!(matches!(answer.export.proof, Proof::Reflective));
    assert!(answer.is_conditional() && !answer.is_illegal_instead());
    assert!(answer
        .claim()
        .starts_with("if the position is legal, its last 3 plies are"));
    // The type of the last ply: a king capturing a pawn.
    let typed = ask(SMULLYAN, "last 1 type", &no_game()).unwrap();
    assert_eq!(typed.words(), "KxP");
    assert_eq!(typed.question, Question::LastType);
}

#[test]
fn a_given_game_makes_the_answer_unconditional() {
    let game: Vec<_> = {
        let mut pos = Position::start();
        ["e2e4", "e7e5"]
            .iter()
            .map(|u| {
                let m = pos.parse_uci(u).unwrap();
                pos = pos.play(&m).unwrap();
                m
            })
            .collect()
    };
    let options = Options {
        reached_by: Some(&game),
        ..no_game()
    };
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6";
    let answer = ask(fen, "last 1", &options).unwrap();
    assert_eq!(answer.words(), "e7e5");
    assert!(!answer.is_conditional());
    // A game is for last-plies answers only.
    let err = ask(Position::start().to_fen().as_str(), "legal", &options).unwrap_err();
    assert!(
        matches!(err, Undecided::Misasked(Misasked::ReachedByNotLast)),
        "{err}"
    );
}

#[test]
fn legality_either_way() {
    let start = Position::start().to_fen();
    // The initial position is not illegal: a game (the empty one) reaches
    // it, so `illegal` is refuted, and `illegal?` answers legal.
    let err = ask(&start, "illegal", &no_game()).unwrap_err();
    assert_eq!(err.kind(), Kind::Refuted, "{err}");
    let either = ask(&start, "illegal?", &Options::default()).unwrap();
    assert_eq!(either.words(), "legal");
    assert_eq!(either.question, Question::IllegalOrLegal);
    assert!(!either.is_illegal_instead());
    // White to move with the black king in check: illegal, asked either
    // way.
    let checked = "k7/8/8/8/8/8/8/R6K w - -";
    let illegal = ask(checked, "illegal?", &no_game()).unwrap();
    assert_eq!(illegal.words(), "illegal");
    assert!(!illegal.is_illegal_instead());
    // Asked for its last move, the illegality is proven instead.
    let instead = ask(checked, "last 1", &no_game()).unwrap();
    assert!(
        instead.is_illegal_instead(),
        "{:?}",
        instead.export.statement
    );
}

#[test]
fn questions_asked_wrongly_are_misasked() {
    let misasked = |fen: &str, q: &str, options: &Options| match ask(fen, q, options) {
        Err(Undecided::Misasked(m)) => m,
        other => panic!("{q}: {other:?}"),
    };
    assert_eq!(
        misasked(SMULLYAN, "last 65", &no_game()),
        Misasked::TooManyPlies { n: 65 }
    );
    assert_eq!(
        misasked(SMULLYAN, "castling", &no_game()),
        Misasked::CaseByCase(Question::Castling)
    );
    assert_eq!(
        misasked(SMULLYAN, "last 1 type both-sides", &no_game()),
        Misasked::BothSides
    );
    let ltac = Options {
        ltac: true,
        ..no_game()
    };
    assert_eq!(
        misasked(&Position::start().to_fen(), "legal-game e2e4", &ltac),
        Misasked::LtacForGame
    );
    assert!(matches!(
        misasked(SMULLYAN, "legal-game nowhere.pgn", &no_game()),
        Misasked::BadGame(_)
    ));
    // A game that ends elsewhere is a "no", not bad input.
    let err = ask(SMULLYAN, "legal-game e2e4", &no_game()).unwrap_err();
    assert_eq!(err.kind(), Kind::Refuted, "{err}");
}
