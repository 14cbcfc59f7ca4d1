//! `retroproof export` / `prove`: exported files compile with real `coqc`
//! against the built library; answers are the published solutions
//! (examples/retro-problems.epd), not engine output. Without `coqc` the
//! proving tests fail unless `RETROPROOF_SKIP_COQ=1`.

use std::path::PathBuf;
use std::time::Duration;

use crate::common::cli::{error_line, success_stdout};
use crate::common::coq_env::{skip_coq, theories};
use retroproof::coqc::{Coqc, CoqcError};
use retroproof::emit::problem::{Branch, Export, Proof, Statement, Step};
use retroproof::prove::{compile, export_text, ProveError};
use retroproof_core::Position;

const SMULLYAN: &str = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";

#[test]
fn prove_without_argument_is_smullyan() {
    if skip_coq() {
        return;
    }
    // The proof-game search finds a game reaching Smullyan's position (in
    // about 3 s on 2 cores; 60 s leaves room on a slow machine), so the
    // theorem is the unconditional one.
    let stdout = success_stdout(&["prove", "--game-time", "60"]);
    // Published: 1. c2-c4 b4xc3 e.p.+ 2. Kb3xc3.
    assert!(
        stdout.starts_with("proven: the position is legal and its last 3 plies are c2c4 b4c3ep b3c3xp (oldest first): a game of "),
        "{stdout}"
    );
    assert!(
        stdout.contains("Theorem last_3 : reachable P /\\ (forall"),
        "{stdout}"
    );
}

#[test]
fn without_a_game_the_answer_is_conditional() {
    if skip_coq() {
        return;
    }
    let stdout = success_stdout(&["prove", "--game-time", "0"]);
    assert!(
        stdout.starts_with("proven: if the position is legal, its last 3 plies are c2c4 b4c3ep b3c3xp (oldest first): every game that reaches 8/8/8/1r1b4/B7/2K5/8/3k4 b - - 0 1 ends with them\n"),
        "{stdout}"
    );
    assert!(stdout.contains("Theorem last_3 : forall"), "{stdout}");
}

#[test]
fn prove_an_epd_problem_and_keep_the_file() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().to_str().unwrap();
    let stdout = success_stdout(&[
        "prove",
        "../examples/retro-problems.epd",
        "--id",
        "angelini-1995",
        "--keep",
        keep,
    ]);
    assert!(
        stdout.contains("its last 3 plies are g2g4 f4g3ep f5e5xn (oldest first)"),
        "{stdout}"
    );
    let kept = std::fs::read_to_string(dir.path().join("Problem.v")).unwrap();
    assert!(kept.contains("Theorem last_3"));
}

/// A wrong answer (the native side claiming the king's last move was
/// uncapturing a knight) is refused by Coq, located on the proof.
#[test]
fn coq_refuses_a_wrong_answer() {
    if skip_coq() {
        return;
    }
    let coqc = Coqc::find().unwrap();
    let export = Export {
        position: Position::from_fen(SMULLYAN).unwrap(),
        statement: Statement::LastPlies {
            depth: 1,
            answer: vec!["b3c3xn".into()],
        },
        proof: Proof::Reflective,
        notes: vec![],
        reading: retroproof_core::proofgame::Reading::Asserted,
    };
    let text = export_text(&export).unwrap();
    match compile(&coqc, &theories(), &text, None, Duration::from_secs(300)) {
        Err(ProveError::Coqc(CoqcError::Failed { line, .. })) => {
            let line = line.expect("located");
            let source = text.lines().nth(line as usize - 1).unwrap();
            assert!(
                source.contains("Proof")
                    || source.contains("Qed")
                    || source.contains("reflexivity"),
                "{source}"
            );
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn export_escapes_hostile_problem_text() {
    let dir = tempfile::tempdir().unwrap();
    let epd = dir.path().join("p.epd");
    std::fs::write(
        &epd,
        format!("{SMULLYAN} id \"x *) Axiom pwned : False. (* y\"; retro \"last 1\"; c0 \"s\";\n"),
    )
    .unwrap();
    let text = success_stdout(&["export", epd.to_str().unwrap()]);
    assert!(!text.contains("*) Axiom"), "{text}");
    assert!(text.contains("Theorem last_1"), "{text}");
    if skip_coq() {
        return;
    }
    let coqc = Coqc::find().unwrap();
    let compiled = compile(&coqc, &theories(), &text, None, Duration::from_secs(300)).unwrap();
    assert!(!compiled.stdout.contains("pwned"));
}

#[test]
fn bad_input_is_one_error_line_exit_2() {
    for args in [
        &["prove", "not a fen"][..],
        &["prove", SMULLYAN, "--question", "last", "0"],
        &["prove", SMULLYAN, "--question", "sideways"],
        &["export", SMULLYAN],
        &["export", SMULLYAN, "--question", "legal-game", "e2e5"],
    ] {
        error_line(args, 2);
    }
}

#[test]
fn legal_game_from_uci() {
    if skip_coq() {
        return;
    }
    // After 1. e4 e5 2. Nf3: a known position.
    let stdout = success_stdout(&[
        "prove",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        "--question",
        "legal-game",
        "e2e4",
        "e7e5",
        "g1f3",
    ]);
    assert!(stdout.contains("legal game of 3 plies"), "{stdout}");
}

/// coq/tests/Ex_*.v are generated (`retroproof export --examples
/// coq/tests`) and committed: they must be exactly what the generator
/// writes today, and none may be left over.
#[test]
fn example_proofs_do_not_drift() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let epd: String = retroproof::examples::EXAMPLE_SOURCES
        .iter()
        .map(|f| std::fs::read_to_string(root.join("examples").join(f)).unwrap() + "\n")
        .collect();
    let files = retroproof::examples::example_files(&epd).unwrap();
    // Every published solution in examples/ is provable today.
    assert!(files.len() >= 27, "only {} example proofs", files.len());
    assert!(files
        .iter()
        .any(|f| f.file == "Ex_smullyan_invisible_king.v"));
    let tests = root.join("coq/tests");
    for file in &files {
        let committed = std::fs::read_to_string(tests.join(&file.file)).unwrap_or_default();
        assert!(
            committed == file.contents,
            "coq/tests/{} is stale: run `cargo run -p retroproof -- export --examples coq/tests`",
            file.file
        );
    }
    for entry in std::fs::read_dir(&tests).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.starts_with("Ex_") && name.ends_with(".v") {
            assert!(
                files.iter().any(|f| f.file == name),
                "coq/tests/{name} is not generated any more: delete it"
            );
        }
    }
}

fn assert_refused(args: &[&str], code: i32, reason: &str) {
    let err = error_line(args, code);
    assert!(err.contains(reason), "{args:?}: {err}");
}

/// Black to move, in check from the knight on d6, and Black has nothing
/// to take back (tests/Illegal.v explains the position): dead at depth 2.
const WALLED: &str = "rnbqkbnr/pppppppp/N1NN1R1R/8/8/8/8/4K3 b - -";

#[test]
fn prove_illegal_both_ways() {
    if skip_coq() {
        return;
    }
    for ltac in [false, true] {
        let mut args = vec!["prove", WALLED, "--question", "illegal"];
        if ltac {
            args.push("--ltac");
        }
        let stdout = success_stdout(&args);
        assert!(stdout.contains("no game reaches"), "{stdout}");
        assert!(
            stdout.contains("Theorem illegal : reachable P -> False"),
            "{stdout}"
        );
    }
    // Static: nine white pawns.
    let stdout = success_stdout(&[
        "prove",
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 b - -",
        "--question",
        "illegal",
        "--ltac",
    ]);
    assert!(stdout.contains("breaks an invariant"), "{stdout}");
    // Smullyan's "which side is White?" (published: illegal with White at
    // the bottom): every history dies or strands the bishop on h1 behind a
    // pawn back on g2, which Stranded.v proves impossible.
    for ltac in [false, true] {
        let mut args = vec![
            "export",
            "../examples/retro-problems.epd",
            "--id",
            "smullyan-direction-illegal",
        ];
        if ltac {
            args.push("--ltac");
        }
        let text = success_stdout(&args);
        assert!(
            text.contains("Theorem illegal : reachable P -> False."),
            "{text}"
        );
        if ltac {
            assert!(
                text.contains("the man on h1 is stranded") && text.contains("refute_in 0"),
                "{text}"
            );
        }
        args[0] = "prove";
        success_stdout(&args);
    }
}

#[test]
fn illegal_answers_only_what_coq_can_prove() {
    // Legal: the initial position.
    assert_refused(
        &[
            "prove",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            "--question",
            "illegal",
        ],
        1,
        "the position is legal",
    );
    // The initial board with Black to move: proven illegal by parity
    // (the_initial_board_with_black_to_move_is_proven_illegal).
    // A legal game has no Ltac script.
    assert_refused(
        &[
            "export",
            SMULLYAN,
            "--question",
            "legal-game",
            "e2e4",
            "--ltac",
        ],
        2,
        "--ltac",
    );
}

/// The Ltac scripts of published problems, including ones decided only by
/// looking deeper than the plies asked (Husserl: 2 more plies).
#[test]
fn ltac_scripts_prove_published_problems() {
    if skip_coq() {
        return;
    }
    for (id, published) in [
        ("smullyan-invisible-king", "c2c4 b4c3ep b3c3xp"),
        ("husserl-1966", "c7d8rxn"),
        ("stambuk-coakley-retro29", "f2f1b g2f2"),
    ] {
        let stdout = success_stdout(&[
            "prove",
            "../examples/retro-problems.epd",
            "--id",
            id,
            "--ltac",
        ]);
        assert!(
            stdout.contains(&format!(" are {published} (oldest first): "))
                || stdout.contains(&format!("its last ply is {published}: ")),
            "{id}: {stdout}"
        );
    }
}

fn refusal(export: &Export) -> String {
    let coqc = Coqc::find().unwrap();
    let text = export_text(export).unwrap();
    match compile(&coqc, &theories(), &text, None, Duration::from_secs(300)) {
        Err(ProveError::Coqc(CoqcError::Failed { message, .. })) => message,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Coq checks what the native side claims: a legal position said to be
/// illegal, and a script whose branches are not in `retract`'s order.
#[test]
fn coq_refuses_wrong_illegality_and_wrong_scripts() {
    if skip_coq() {
        return;
    }
    let smullyan = Position::from_fen(SMULLYAN).unwrap();
    let wrong = Export {
        position: smullyan,
        statement: Statement::Illegal { depth: 2 },
        proof: Proof::Reflective,
        notes: vec![],
        reading: retroproof_core::proofgame::Reading::Asserted,
    };
    refusal(&wrong);

    let walled = Position::from_fen(WALLED).unwrap();
    let statement = retroproof::prove::illegal_statement(&walled).unwrap();
    let Some(Step::Retract(mut branches)) = retroproof::prove::script(&walled, &statement) else {
        panic!("a retract step");
    };
    assert_eq!(
        branches.iter().map(|b| b.ply.as_str()).collect::<Vec<_>>(),
        ["b5d6", "c4d6", "e4d6", "f5d6"]
    );
    branches.swap(0, 1);
    let swapped = Export {
        position: walled,
        statement,
        proof: Proof::Script(Step::Retract(branches)),
        notes: vec![],
        reading: retroproof_core::proofgame::Reading::Asserted,
    };
    let message = refusal(&swapped);
    assert!(message.contains("the ply taken back here is"), "{message}");

    // A dead branch claimed to lead on: `finish_plies` cannot close it.
    let lie = Export {
        position: Position::from_fen(SMULLYAN).unwrap(),
        statement: Statement::LastPlies {
            depth: 1,
            answer: vec!["b3c3".into()],
        },
        proof: Proof::Script(Step::Retract(
            ["b3c3", "b3c3xb", "b3c3xn", "b3c3xp", "b3c3xq", "b3c3xr"]
                .iter()
                .map(|ply| Branch {
                    ply: ply.to_string(),
                    step: if *ply == "b3c3" {
                        Step::Finish
                    } else {
                        Step::Refute { within: 1 }
                    },
                })
                .collect(),
        )),
        notes: vec![],
        reading: retroproof_core::proofgame::Reading::Asserted,
    };
    refusal(&lie);
}

/// `--question legal` finds a game by itself and Coq replays it: the
/// position after 1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 (the Nimzo-Indian), built
/// here by playing the moves, not by the engine under test.
#[test]
fn prove_legal_finds_and_proves_a_game() {
    if skip_coq() {
        return;
    }
    let mut pos = Position::start();
    for uci in ["d2d4", "g8f6", "c2c4", "e7e6", "b1c3", "f8b4"] {
        let m = retroproof_core::Move::from_uci(&pos, uci).unwrap();
        pos = pos.play(&m).unwrap();
    }
    let fen = pos.to_fen();
    let stdout = success_stdout(&["prove", &fen, "--question", "legal"]);
    assert!(
        stdout.starts_with(&format!("proven: {fen} is reached by a legal game of ")),
        "{stdout}"
    );
    assert!(stdout.contains("Theorem legal : reachable P"), "{stdout}");
}

/// A position the proof-game search refutes by a static rule (nine white
/// pawns) is proven illegal instead, exit 1; never "legal".
#[test]
fn prove_legal_on_an_illegal_position_proves_illegality() {
    if skip_coq() {
        return;
    }
    let out = crate::common::cli::run(&[
        "prove",
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - -",
        "--question",
        "legal",
    ]);
    let stdout = crate::common::cli::stdout_of(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(!stdout.contains("is reached by a legal game"), "{stdout}");
    assert!(
        stdout.contains("Theorem illegal : reachable P -> False"),
        "{stdout}"
    );
}

/// A row of the shared corpus (published problems with their answers).
fn corpus_row(id: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/corpus/lastmove.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("{id}\t")))
        .unwrap();
    line.split('\t').map(str::to_string).collect()
}

/// rtr-A-041 (published: the last move was a pawn capturing a knight and
/// promoting to a queen) is beyond the retraction-tree engine: the deep
/// search answers it, and Coq checks its certificate.
#[test]
fn a_deep_answer_is_proven_from_its_certificate() {
    if skip_coq() {
        return;
    }
    let row = corpus_row("rtr-A-041");
    assert_eq!(row[4], "PxN=Q");
    let fen = &row[1];
    let export = success_stdout(&["export", fen, "--question", "last 1", "--game-time", "0"]);
    assert!(
        export.contains("check_last_cert P (") || export.contains("check_last_zcert P ("),
        "{export}"
    );
    assert!(export.contains("Definition D : cert"), "{export}");
    let stdout = success_stdout(&["prove", fen, "--question", "last 1", "--game-time", "0"]);
    assert!(
        stdout.starts_with("proven: if the position is legal, its last ply is "),
        "{stdout}"
    );
    // The proven ply is a capture of a knight promoting to a queen.
    let ply = stdout
        .split("its last ply is ")
        .nth(1)
        .unwrap()
        .split(':')
        .next()
        .unwrap();
    assert!(ply.ends_with("qxn"), "{ply}");
    let message = error_line(&["prove", fen, "--question", "last 1", "--ltac"], 2);
    assert!(message.contains("certificate"), "{message}");
}

/// `prove --report` writes one self-contained page with both diagrams, the
/// proven plies in retro SAN and UCI, and the theorem; it never overwrites.
#[test]
fn prove_report_is_a_self_contained_page() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("smullyan.html");
    let page_arg = page.to_str().unwrap();
    success_stdout(&["prove", "--game-time", "0", "--report", page_arg]);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"), "{}", &html[..80]);
    assert_eq!(html.matches("<svg").count(), 2, "two diagrams");
    // Published: 1. c2-c4 b4xc3 e.p.+ 2. Kb3xc3.
    assert!(html.contains("Kb3xPc3") && html.contains("b3c3xp"));
    assert!(html.contains("Theorem last_3"));
    assert!(html.contains("PrimInt63"), "the assumptions are listed");
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
    let message = error_line(&["prove", "--report", page_arg], 2);
    assert!(message.contains("exists"), "{message}");
}

/// `last 1 type`: White has all sixteen men, so Black's lone king on e8
/// captured nothing and did not castle onto e8: its last move was a king
/// move from one of the five empty squares around it (none attacked by the
/// knight on f3). The ply is not forced; its type is, and Coq proves the
/// last ply is one of the five.
#[test]
fn last_ply_type_is_proven_when_the_ply_is_not_forced() {
    if skip_coq() {
        return;
    }
    let fen = "4k3/8/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQ -";
    let stdout = success_stdout(&[
        "prove",
        fen,
        "--question",
        "last 1 type",
        "--game-time",
        "0",
    ]);
    assert!(
        stdout.starts_with("proven: if the position is legal, its last ply is one of d7e8 d8e8 e7e8 f7e8 f8e8 (each of type K-): every game that reaches "),
        "{stdout}"
    );
    assert!(
        stdout.contains("exists (pre : list string) (x : string), In x (\"d7e8\" :: \"d8e8\" :: \"e7e8\" :: \"f7e8\" :: \"f8e8\" :: nil) /\\ plies h = pre ++ (x :: nil)"),
        "{stdout}"
    );
    // `last 1` has no answer: five plies stay possible.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_retroproof"))
        .args(["prove", fen, "--question", "last 1", "--game-time", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
}

/// Parity (Parity.v, proven in Parityproof.v and used by the certificate
/// checker): in the initial setup every move of either side flips one
/// potential bit and the board is back where it started, so both sides
/// made equally many moves: White is to move. With Black to move no game
/// reaches it.
#[test]
fn the_initial_board_with_black_to_move_is_proven_illegal() {
    if skip_coq() {
        return;
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_retroproof"))
        .args([
            "prove",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -",
            "--question",
            "illegal",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with(
            "proven: no game reaches rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("Theorem illegal : reachable P -> False"),
        "{stdout}"
    );
}
