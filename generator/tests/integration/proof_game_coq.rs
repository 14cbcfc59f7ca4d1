//! `prove --question "proof-game N"` end to end, through `coqc`: the games
//! of exactly `N` plies from the initial position to a diagram, proven
//! unique, cooked or none by the checker of coq/theories/ProofGame.v.
//!
//! The problems are small ones derived by hand here (not taken from a
//! corpus, not from the engine), each with the argument that settles it:
//! - unique: 1.e4 e5 2.Ke2 Ke7 (4 plies), and no game of fewer plies;
//! - cooked: 1.Nf3 Nf6 2.Nc3 Nc6 in either order for each side (4 games);
//! - none: a knight on f3 after 4 plies (White's two moves cannot bring
//!   it there: a knight's square changes colour with each move, and any
//!   other man that moves must come back).
//!
//! A wrong claim (only one of the cooked games said to be every game) is
//! refused by `coqc`: the checker can fail. Coq is required
//! (`RETROPROOF_SKIP_COQ=1` skips), with the library built (`make -C coq`).

use std::time::Duration;

use crate::common::cli::{error_line, success_stdout, usage_error};
use crate::common::coq_env::{skip_coq, theories};
use retroproof::coqc::{Coqc, CoqcError};
use retroproof::emit::problem::{Export, Proof, Statement};
use retroproof::emit::proof_game::{ProofGame, ProofGames};
use retroproof::prove::{compile, export_text, ProveError};
use retroproof_core::Position;

/// 1.e4 e5 2.Ke2 Ke7: each side's two moves are forced, in this order
/// (the king needs the e-pawn gone first, and e2/e7 is its only way out).
const KINGS_OUT: &str = "rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w - - 2 3";
/// Both sides' knights out: Nf3 and Nc3 in either order, Nf6 and Nc6 too.
const KNIGHTS_OUT: &str = "r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3";
/// A white knight on f3, Black's e-pawn on e5 and king on e7, White to
/// move: no game of 4 plies (see the module docs).
const KNIGHT_PARITY: &str = "rnbq1bnr/ppppkppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w - - 0 3";

/// The four games of [`KNIGHTS_OUT`], UCI, each side's order chosen.
fn knights_games() -> Vec<String> {
    let mut out = Vec::new();
    for white in [["g1f3", "b1c3"], ["b1c3", "g1f3"]] {
        for black in [["g8f6", "b8c6"], ["b8c6", "g8f6"]] {
            out.push(format!(
                "{} {} {} {}",
                white[0], black[0], white[1], black[1]
            ));
        }
    }
    out
}

fn prove(fen: &str, question: &str) -> String {
    success_stdout(&["prove", fen, "--question", question, "--game-time", "60"])
}

#[test]
fn a_unique_game_is_proven_the_only_one() {
    if skip_coq() {
        return;
    }
    let out = prove(KINGS_OUT, "proof-game 4");
    assert!(
        out.starts_with("proven: exactly one game of 4 plies from the initial position ends with the diagram rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w: e2e4 e7e5 e1e2 e8e7 (unique)\n"),
        "{out}"
    );
    // The theorem: every game of 4 plies showing the diagram is this one,
    // and it is one.
    assert!(
        out.contains("Theorem proof_games : (forall (h : list (position * move)) (G : position), game h G -> List.length h = 4 -> same_diagram G P -> plies h = \"e2e4\" :: \"e7e5\" :: \"e1e2\" :: \"e8e7\" :: nil) /\\ (exists"),
        "{out}"
    );
    assert!(out.contains(" in ci/allowed-assumptions.txt"), "{out}");
}

#[test]
fn the_shortest_game_is_proven_shortest() {
    if skip_coq() {
        return;
    }
    // Each side needs two moves: no game of fewer than 4 plies.
    let out = prove(KINGS_OUT, "proof-game shortest");
    assert!(
        out.starts_with("proven: no game of fewer than 4 plies from the initial position ends with the diagram rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w; exactly one game of 4 plies"),
        "{out}"
    );
    assert!(
        out.contains("same_diagram G P -> 4 <= List.length h) /\\ (forall"),
        "{out}"
    );
}

#[test]
fn a_cooked_problem_lists_two_of_its_games() {
    if skip_coq() {
        return;
    }
    let out = prove(KNIGHTS_OUT, "proof-game 4");
    let first = out.lines().next().unwrap();
    let (claim, games) = first.split_once(" (cooked), these: ").expect(first);
    assert!(
        claim.starts_with("proven: at least 2 games of 4 plies from the initial position end with the diagram r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w"),
        "{first}"
    );
    let listed: Vec<&str> = games.split("; ").collect();
    assert_eq!(listed.len(), 2, "{first}");
    assert_ne!(listed[0], listed[1]);
    for game in listed {
        assert!(knights_games().iter().any(|g| g == game), "{game}");
    }
    // No "every game" part: the search stopped at two.
    assert!(!out.contains("forall (h"), "{out}");
}

#[test]
fn no_game_is_proven_none() {
    if skip_coq() {
        return;
    }
    let out = prove(KNIGHT_PARITY, "proof-game 4");
    assert!(
        out.starts_with("proven: no game of 4 plies from the initial position ends with the diagram rnbq1bnr/ppppkppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w (none)\n"),
        "{out}"
    );
    // The theorem as coqc prints it, its line breaks aside.
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("Theorem proof_games : forall (h : list (position * move)) (G : position), game h G -> List.length h = 4 -> same_diagram G P -> False trusted:"),
        "{out}"
    );
}

#[test]
fn coq_refuses_a_game_left_out() {
    if skip_coq() {
        return;
    }
    let coqc = Coqc::find().unwrap();
    let position = Position::from_fen(KNIGHTS_OUT).unwrap();
    let mut pos = Position::start();
    let mut moves = Vec::new();
    for uci in ["g1f3", "g8f6", "b1c3", "b8c6"] {
        let m = pos.parse_uci(uci).unwrap();
        pos = pos.play(&m).unwrap();
        moves.push(m);
    }
    // One game of four said to be every game: the checker finds the
    // others, and the file does not compile.
    let export = Export {
        position,
        statement: Statement::ProofGames(ProofGames {
            plies: 4,
            games: vec![ProofGame::of_moves(&moves).unwrap()],
            complete: true,
            shortest: false,
        }),
        proof: Proof::Reflective,
        notes: vec![],
        // A proof game's theorem is about the diagram alone.
        reading: retroproof_core::proofgame::Reading::Asserted,
    };
    let text = export_text(&export).unwrap();
    match compile(&coqc, &theories(), &text, None, Duration::from_secs(300)) {
        Err(ProveError::Coqc(CoqcError::Failed { message, .. })) => {
            assert!(!message.is_empty());
        }
        other => panic!("expected coqc to refuse, got {other:?}"),
    }
    // The same claim with the four games listed compiles.
    let mut games = Vec::new();
    for game in knights_games() {
        let mut pos = Position::start();
        let mut moves = Vec::new();
        for uci in game.split(' ') {
            let m = pos.parse_uci(uci).unwrap();
            pos = pos.play(&m).unwrap();
            moves.push(m);
        }
        games.push(ProofGame::of_moves(&moves).unwrap());
    }
    let export = Export {
        statement: Statement::ProofGames(ProofGames {
            plies: 4,
            games,
            complete: true,
            shortest: false,
        }),
        ..export
    };
    let text = export_text(&export).unwrap();
    compile(&coqc, &theories(), &text, None, Duration::from_secs(300)).unwrap();
}

#[test]
fn bad_proof_game_questions_are_one_error_line() {
    let line = usage_error(&["prove", KINGS_OUT, "--question", "proof-game many"]);
    assert!(line.contains("proof-game"), "{line}");
    // An Ltac script is not how a proof game is proven.
    let line = error_line(
        &["prove", KINGS_OUT, "--question", "proof-game 4", "--ltac"],
        2,
    );
    assert!(line.contains("--ltac"), "{line}");
}
