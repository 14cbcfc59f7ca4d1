//! Snapshots (insta) of every kind of emitted file, so any change to what
//! retroproof writes shows up as a reviewable diff.
//!
//! Update after an intended change: `INSTA_UPDATE=always cargo test -p
//! retroproof --test integration snapshots::` (or `cargo insta review`), then read the diff
//! under `tests/snapshots/`.

use retroproof::coq::print_file;
use retroproof::emit;

#[test]
fn vocab_v() {
    let files = emit::gen_files().unwrap();
    let vocab = files.iter().find(|f| f.name == "Vocab.v").unwrap();
    insta::assert_snapshot!("Vocab.v", vocab.contents);
}

#[test]
fn tables_v() {
    let files = emit::gen_files().unwrap();
    let tables = files.iter().find(|f| f.name == "Tables.v").unwrap();
    insta::assert_snapshot!("Tables.v", tables.contents);
}

#[test]
fn vocab_check_v() {
    insta::assert_snapshot!("VocabCheck.v", emit::vocab_check_file().unwrap().contents);
}

/// One file that uses every node of the syntax tree, with hostile text in a
/// comment and a string (it also compiles: see `coqc_integration.rs`).
#[test]
fn every_node_kind() {
    insta::assert_snapshot!(
        "every_node_kind.v",
        print_file(&crate::common::every_node_file())
    );
}

/// The files `retroproof export` writes: Smullyan's problem with the
/// reflective proof and with the Ltac script, an illegal position both
/// ways, a legal game.
mod exports {
    use retroproof::emit::problem::{Export, Proof, Statement};
    use retroproof::prove::{export_text, illegal_statement, last_plies_statement, script};
    use retroproof_core::Position;

    const SMULLYAN: &str = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";
    const WALLED: &str = "rnbqkbnr/pppppppp/N1NN1R1R/8/8/8/8/4K3 b - -";

    fn export(fen: &str, statement: Statement, ltac: bool) -> String {
        let position = Position::from_fen(fen).unwrap();
        let proof = if ltac {
            Proof::Script(script(&position, &statement).unwrap())
        } else {
            Proof::Reflective
        };
        export_text(&Export {
            position,
            statement,
            proof,
            notes: vec!["a note".into()],
            reading: retroproof_core::proofgame::Reading::Asserted,
        })
        .unwrap()
    }

    fn last(fen: &str, n: u32) -> Statement {
        last_plies_statement(&Position::from_fen(fen).unwrap(), n).unwrap()
    }

    fn illegal(fen: &str) -> Statement {
        illegal_statement(&Position::from_fen(fen).unwrap()).unwrap()
    }

    #[test]
    fn last_reflective() {
        insta::assert_snapshot!("export_last.v", export(SMULLYAN, last(SMULLYAN, 3), false));
    }

    #[test]
    fn last_ltac() {
        insta::assert_snapshot!(
            "export_last_ltac.v",
            export(SMULLYAN, last(SMULLYAN, 3), true)
        );
    }

    #[test]
    fn illegal_reflective() {
        insta::assert_snapshot!("export_illegal.v", export(WALLED, illegal(WALLED), false));
    }

    #[test]
    fn illegal_ltac() {
        insta::assert_snapshot!(
            "export_illegal_ltac.v",
            export(WALLED, illegal(WALLED), true)
        );
    }

    #[test]
    fn legal_game() {
        let statement = Statement::LegalGame {
            moves: vec!["e2e4".into(), "e7e5".into()],
        };
        insta::assert_snapshot!(
            "export_legal.v",
            export(
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
                statement,
                false
            )
        );
    }
}

/// The file of a classic question (`prove --question castling`): one
/// module per position, the headline theorem their conjunction.
#[test]
fn classic_castling_v() {
    use retroproof::classic::{file_text, Answer, Case, Classic, Finding};
    use retroproof::emit::problem::Statement;
    use retroproof_core::Position;
    let with = |fen: &str| Position::from_fen(fen).unwrap();
    let cases = vec![
        Case {
            key: "K".into(),
            module: "white_kingside".into(),
            meaning: "White may still castle kingside (the right K asserted)".into(),
            position: with("4k3/8/8/8/8/8/7P/4K2R b K -"),
            finding: Finding::Unreachable {
                statement: Statement::Illegal { depth: 1 },
                certificate: None,
            },
        },
        Case {
            key: "k".into(),
            module: "black_kingside".into(),
            meaning: "Black may still castle kingside (the right k asserted)".into(),
            position: with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b k -"),
            finding: Finding::Reachable {
                moves: vec!["e2e4".into()],
            },
        },
        Case {
            key: "q".into(),
            module: "black_queenside".into(),
            meaning: "unknown: left out of the file".into(),
            position: with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b q -"),
            finding: Finding::Unknown {
                reason: "not searched".into(),
            },
        },
    ];
    let answer = Answer {
        classic: Classic::Castling,
        asked: "4k3/8/8/8/8/8/7P/4K2R b - - 0 1".into(),
        cases,
        excluded: vec![],
    };
    let text = file_text(
        &answer,
        &["a note *) with a closer".into()],
        "retroproof prove --question castling",
    )
    .unwrap()
    .unwrap();
    assert!(!text.contains("black_queenside"), "{text}");
    insta::assert_snapshot!("classic_castling.v", text);
}

/// The file of a type D record (`retroproof solve`): one module per side
/// to move, each with its position and theorem, and `both_sides`, the
/// conjunction Coq infers.
#[test]
fn paired_v() {
    use retroproof::emit::classic::{paired_file, Paired};
    use retroproof::emit::problem::{Export, Proof};
    use retroproof::prove::{file_text, last_plies_statement};
    use retroproof_core::Position;
    let export = |fen: &str| {
        let position = Position::from_fen(fen).unwrap();
        Export {
            statement: last_plies_statement(&position, 1).unwrap(),
            position,
            proof: Proof::Reflective,
            notes: vec![],
            reading: retroproof_core::proofgame::Reading::Asserted,
        }
    };
    // rtr-P-01 and rtr-P-03 of the shared corpus stand in for the two
    // sides to move of one board.
    let first = export("8/8/8/8/1k6/P7/1K6/8 b - -");
    let second = export("7R/7p/5P1k/4PKpP/8/8/8/8 w - -");
    let answers = [
        Paired {
            module: "black_to_move".into(),
            meaning: "with black to move: if the position is legal, its last ply is a2a3".into(),
            export: &first,
            game: None,
        },
        Paired {
            module: "white_to_move".into(),
            meaning:
                "with white to move: if the position is legal, its last ply is g7g5 *) a closer"
                    .into(),
            export: &second,
            game: None,
        },
    ];
    let proof = paired_file("a type D record", &answers, "both_sides").unwrap();
    let text = file_text(&proof.file, &proof.assumptions);
    assert!(
        text.contains("conj black_to_move.last_1 white_to_move.last_1"),
        "{text}"
    );
    // Each side's theorem is a function of the library lemma it applies,
    // whose assumptions are checked apart (once per build of the library).
    assert_eq!(
        proof.assumptions.targets,
        ["black_to_move.last_1_of", "white_to_move.last_1_of"]
    );
    assert_eq!(
        proof
            .assumptions
            .lemmas
            .iter()
            .map(|s| s.lemma)
            .collect::<Vec<_>>(),
        ["RetroProof.Retro.check_last_sound"]
    );
    insta::assert_snapshot!("paired.v", text);
}
