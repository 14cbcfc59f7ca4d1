//! Issue 11: every "proven" means what it says. Last-N answers are never
//! given for a position shown illegal and are worded as the conditional
//! they are; the FEN string is checked to parse to P; assumptions are
//! audited (a planted `Admitted` or guard bypass in a temporary copy is
//! caught); explanations name the rule; an EPD `sol` is checked; faults of
//! the environment are typed and exit 4.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::common::cli::{command, run, stderr_of, stdout_of, success_stdout};
use crate::common::coq_env::{skip_coq, theories};
use retroproof::coqc::Coqc;
use retroproof::emit::problem::{Export, Proof, Refutation, Statement};
use retroproof::prove::{
    compile, export_text, export_text_with_game, game_before, last_plies_statement,
    last_plies_with_game, LastAnswer, ProveError,
};
use retroproof_core::Position;

const SMULLYAN: &str = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";
/// Smullyan's "which side is White?": illegal by the stranded-man rule.
const DIRECTION: &str = "k1K5/4Q3/8/2B1P3/3P4/7P/8/7B b - -";
/// After 1. e4 e5 2. Nf3 Nc6 3. d4: the e.p. square asserts d2-d4.
const SCOTCH: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn code(out: &Output) -> Option<i32> {
    out.status.code()
}

// 1. Illegality first.

#[test]
fn last_n_of_an_illegal_position_proves_illegality_and_exits_1() {
    if skip_coq() {
        return;
    }
    let out = run(&["prove", DIRECTION, "--question", "last 1"]);
    let stdout = stdout_of(&out);
    assert_eq!(code(&out), Some(1), "{stdout}{}", stderr_of(&out));
    assert!(
        stdout.starts_with("proven: no game reaches k1K5/4Q3/8/2B1P3/3P4/7P/8/7B b - - 0 1"),
        "{stdout}"
    );
    assert!(!stdout.contains("e4e5"), "{stdout}");
    assert!(stderr_of(&out).contains("the position is illegal"));
}

#[test]
fn last_moves_of_an_illegal_position_prints_the_reason_not_histories() {
    let out = run(&["last-moves", DIRECTION, "--depth", "1"]);
    let stdout = stdout_of(&out);
    assert_eq!(code(&out), Some(1), "{stdout}");
    assert_eq!(
        stdout,
        "illegal: every history ends within 2 plies or strands a man off its initial square\n"
    );
    let out = run(&["last-moves", DIRECTION, "--depth", "1", "--json"]);
    assert_eq!(code(&out), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "illegal");
    assert_eq!(v["count"], 0);
}

#[test]
fn export_of_last_n_on_an_illegal_position_writes_the_illegality_proof() {
    let out = run(&["export", DIRECTION, "--question", "last 1"]);
    assert_eq!(code(&out), Some(1));
    assert!(stdout_of(&out).contains("Theorem illegal : reachable P -> False."));
}

// 2. Conditional wording, JSON, and the unconditional form with a game.

#[test]
fn prove_json_says_conditional() {
    if skip_coq() {
        return;
    }
    // No proof-game search: no game, so the theorem is the conditional one.
    let out = success_stdout(&["prove", "--json", "--game-time", "0"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["conditional"], true);
    assert_eq!(v["question"], "last 3");
    assert_eq!(v["answer"], "c2c4 b4c3ep b3c3xp");
    assert_eq!(v["fen"], "8/8/8/1r1b4/B7/2K5/8/3k4 b - - 0 1");
    let proven = v["proven"].as_array().unwrap();
    assert_eq!(proven.len(), 1, "{out}");
    assert!(proven[0]
        .as_str()
        .unwrap()
        .starts_with("if the position is legal, its last 3 plies are c2c4 b4c3ep b3c3xp"));
    assert!(v["theorem"].as_str().unwrap().starts_with("Theorem last_3"));
    let assumptions = v["assumptions"].as_array().unwrap();
    assert!(assumptions
        .iter()
        .any(|a| a == "Coq.Numbers.Cyclic.Int63.PrimInt63.int"));
    assert!(v["coqc"]["version"].as_str().unwrap().starts_with('8'));
    assert_eq!(v["certificate"], serde_json::Value::Null);
    assert!(v["coqc"]["seconds"].as_f64().unwrap() > 0.0);
}

#[test]
fn with_a_game_the_theorem_is_unconditional() {
    let pos = Position::from_fen(SCOTCH).unwrap();
    let mut start = Position::start();
    let mut moves = Vec::new();
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "d2d4"] {
        let m = start.parse_uci(uci).unwrap();
        start = start.play(&m).unwrap();
        moves.push(m);
    }
    let LastAnswer::Plies {
        statement, game, ..
    } = last_plies_with_game(&pos, 1, Some(&moves)).unwrap()
    else {
        panic!("expected plies")
    };
    let game = game.unwrap();
    assert_eq!(game, ["e2e4", "e7e5", "g1f3", "b8c6", "d2d4"]);
    assert!(!statement.is_conditional(Some(&game)));
    let export = Export {
        position: pos,
        statement,
        proof: Proof::Reflective,
        notes: vec![],
        reading: retroproof_core::proofgame::Reading::Asserted,
    };
    let text = export_text_with_game(&export, Some(&game)).unwrap();
    assert!(
        text.contains("Theorem last_1 : reachable P /\\ (forall (h : list (position * move))"),
        "{text}"
    );
    assert!(text.contains("the position is legal and its last ply is d2d4: a game of 5 plies"));
    // A game that does not reach the position is refused.
    assert!(last_plies_with_game(&pos, 1, Some(&moves[..4])).is_err());
    if skip_coq() {
        return;
    }
    let coqc = Coqc::find().unwrap();
    compile(&coqc, &theories(), &text, None, Duration::from_secs(300)).unwrap();
    // Given on the command line; a game that ends elsewhere is refused.
    let out = success_stdout(&[
        "export",
        SCOTCH,
        "--question",
        "last 1",
        "--reached-by",
        "e2e4",
        "e7e5",
        "g1f3",
        "b8c6",
        "d2d4",
    ]);
    assert!(out.contains("reachable P /\\ (forall"), "{out}");
    let out = run(&[
        "export",
        SCOTCH,
        "--question",
        "last 1",
        "--reached-by",
        "e2e4",
        "e7e5",
    ]);
    assert_eq!(code(&out), Some(1));
    assert!(stderr_of(&out).contains("the game does not reach the position"));
    // The CLI finds such a short game itself and drops the "if".
    let out = success_stdout(&["prove", SCOTCH, "--question", "last 1"]);
    assert!(
        out.starts_with(
            "proven: the position is legal and its last ply is d2d4: a game of 5 plies reaches"
        ),
        "{out}"
    );
}

/// The game that makes a last-N answer unconditional is searched for from
/// the position the proven plies go back to, and ends with them. N.
/// Petrovic 1954 (rtr-P-07 of the corpus): its six last plies, two en
/// passant captures among them, are what a search aimed at the position
/// itself must find last.
#[test]
fn the_game_search_aims_before_the_proven_plies() {
    let pos = Position::from_fen("6K1/7B/4Pk2/8/6Q1/4Q3/8/B7 b - -").unwrap();
    let statement = last_plies_statement(&pos, 6).unwrap();
    let Statement::LastPlies { answer, .. } = &statement else {
        panic!("expected last plies, got {statement:?}")
    };
    let game = game_before(&pos, &statement, Duration::from_secs(20)).expect("a game");
    let end = retroproof_core::proofgame::replay(&game).expect("legal moves");
    assert!(retroproof_core::proofgame::realizes(&end, &pos));
    // The answer's plies, most recent first, are the game's last six moves.
    let mut at = end;
    for (ply, m) in answer.iter().zip(game.iter().rev()) {
        let (u, before) = at
            .retractions()
            .into_iter()
            .find(|(u, _)| u.to_string() == *ply)
            .unwrap_or_else(|| panic!("{ply} is no retraction of {}", at.to_fen()));
        assert_eq!(u.forward(), m, "{ply}");
        at = before;
    }
}

// 3. The theorem is about the position typed.

#[test]
fn a_malformed_fen_string_makes_coqc_fail() {
    const WALLED: &str = "rnbqkbnr/pppppppp/N1NN1R1R/8/8/8/8/4K3 b - -";
    let export = Export {
        position: Position::from_fen(WALLED).unwrap(),
        statement: Statement::Illegal { depth: 2 },
        proof: Proof::Reflective,
        notes: vec![],
        reading: retroproof_core::proofgame::Reading::Asserted,
    };
    let text = export_text(&export).unwrap();
    assert!(text.contains(
        "Lemma P_parses : parse_fen \"rnbqkbnr/pppppppp/N1NN1R1R/8/8/8/8/4K3 b - - 0 1\" = Some P."
    ));
    if skip_coq() {
        return;
    }
    let coqc = Coqc::find().unwrap();
    let timeout = Duration::from_secs(300);
    compile(&coqc, &theories(), &text, None, timeout).unwrap();
    let broken = text.replace("4K3 b - -", "4K3  b - -");
    match compile(&coqc, &theories(), &broken, None, timeout) {
        Err(ProveError::Coqc(retroproof::coqc::CoqcError::Failed { line, .. })) => {
            let line = line.unwrap() as usize;
            assert!(
                broken.lines().nth(line - 1).unwrap().contains("P_parses")
                    || broken.lines().nth(line - 2).unwrap().contains("P_parses"),
                "line {line}"
            );
        }
        other => panic!("a doubled space must break the file: {other:?}"),
    }
}

// 4. and 5. Assumptions.

/// Every library lemma a generated proof may apply is one whose
/// assumptions CI checks (coq/tests/Assumptions.v), and its full name and
/// its checker's name, as generated files write them, name constants of
/// the library.
#[test]
fn every_lemma_a_proof_applies_is_checked() {
    use retroproof::emit::problem::Soundness;
    let listed = std::fs::read_to_string(root().join("coq/tests/Assumptions.v")).unwrap();
    let mut checks = String::from(
        "From Coq Require Import String List Uint63.\nFrom RetroProof Require Import Board Notation Reachable Retro ProofGame ProofGameproof.\n",
    );
    for soundness in Soundness::ALL {
        let short = soundness.lemma.trim_start_matches("RetroProof.");
        assert!(
            listed.contains(&format!("Print Assumptions {short}.")),
            "{short} is not in coq/tests/Assumptions.v"
        );
        // A checker may be an abbreviation, which `Check` wants applied;
        // `About` says "not a defined object" (and goes on) when unknown.
        checks.push_str(&format!(
            "Check {}.\nAbout {}.\n",
            soundness.lemma, soundness.checker
        ));
    }
    if skip_coq() {
        return;
    }
    let coqc = Coqc::find().unwrap();
    let compiled = compile(&coqc, &theories(), &checks, None, Duration::from_secs(300)).unwrap();
    assert!(
        !compiled.stdout.contains("not a defined object"),
        "{}",
        compiled.stdout
    );
}

/// A copy of `coq/` (the library with its built files, times kept; of
/// `coq/tests`, the sources only: `make -C coq test` may be building them
/// meanwhile) and `ci/` in a temporary directory: a workspace `retroproof`
/// can be run in.
fn workspace_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("coq")).unwrap();
    let library = ["theories", "bench", "Makefile", "_CoqProject"];
    for (from, to) in library
        .iter()
        .map(|part| (root().join("coq").join(part), dir.path().join("coq")))
        .chain([(root().join("ci"), dir.path().to_path_buf())])
    {
        let status = Command::new("cp")
            .arg("-a")
            .arg(from)
            .arg(to)
            .status()
            .unwrap();
        assert!(status.success());
    }
    copy_coq_sources(&root().join("coq/tests"), &dir.path().join("coq/tests"));
    dir
}

fn check_script(dir: &Path, args: &[&str]) -> Output {
    Command::new("bash")
        .arg(dir.join("ci/check-assumptions.sh"))
        .args(args)
        .output()
        .unwrap()
}

/// The `.v` files under `from`, copied to the same places under `to`: what
/// the script's scan for kernel flags reads. Build products are left out:
/// `make -C coq test` may be writing them meanwhile (`ci/test.sh` runs it
/// beside the Rust tests), and a file that vanishes mid-copy would fail
/// the copy.
fn copy_coq_sources(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.is_dir() {
            copy_coq_sources(&path, &to.join(entry.file_name()));
        } else if path.extension().is_some_and(|e| e == "v") {
            std::fs::copy(&path, to.join(entry.file_name())).unwrap();
        }
    }
}

#[test]
fn check_assumptions_script_catches_planted_kernel_flags() {
    let plants = [
        (
            "#[bypass_check(guard)]\nFixpoint spin (n : nat) : nat := spin n.\n",
            "bypass_check",
        ),
        ("Unset Guard Checking.\n", "Unset Guard Checking"),
        ("Unset Positivity Checking.\n", "Unset Positivity Checking"),
        ("Unset Universe Checking.\n", "Unset Universe Checking"),
        (
            "#[local] Typing Flags Set Guard Checking.\n",
            "Typing Flags",
        ),
        ("Variable planted : nat.\n", "top-level Variable"),
        ("Context (planted : nat).\n", "top-level Context"),
    ];
    for (plant, reason) in plants {
        let dir = tempfile::tempdir().unwrap();
        for part in ["coq/theories", "coq/tests", "coq/bench"] {
            copy_coq_sources(&root().join(part), &dir.path().join(part));
        }
        let status = Command::new("cp")
            .arg("-r")
            .arg(root().join("ci"))
            .arg(dir.path().join("ci"))
            .status()
            .unwrap();
        assert!(status.success());
        let rules = dir.path().join("coq/theories/Rules.v");
        let mut text = std::fs::read_to_string(&rules).unwrap();
        text.push_str(plant);
        std::fs::write(&rules, text).unwrap();
        let out = check_script(dir.path(), &[]);
        assert_eq!(code(&out), Some(1), "{plant}");
        let err = stderr_of(&out);
        assert!(err.contains(reason), "{plant}: {err}");
    }
    // The Print Assumptions lines a kernel-flag bypass produces fail the
    // script's output check; the allowed ones pass.
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("out.txt");
    // The probe's reports: each allowed name printed as its last two parts.
    let probe: String = retroproof::assumptions::allowed_assumptions()
        .iter()
        .map(|name| {
            let parts: Vec<&str> = name.rsplitn(3, '.').collect();
            format!("Axioms:\n{}.{} : T\n", parts[1], parts[0])
        })
        .collect();
    for (text, ok) in [
        ("Axioms:\nf is assumed to be guarded.\n", false),
        ("Axioms:\nbad is assumed to be positive.\n", false),
        ("Axioms:\nu relies on an unsafe hierarchy.\n", false),
        ("Axioms:\nclassic : forall P : Prop, P \\/ ~ P\n", false),
        (
            "Axioms:\nPrimInt63.int : Set\nPArray.set\n  : forall A : Type, A\nClosed under the global context\n",
            true,
        ),
    ] {
        std::fs::write(&saved, format!("{text}{probe}")).unwrap();
        let reports = text.matches("Axioms:").count() + text.matches("Closed").count();
        let out = check_script(
            &root(),
            &["--check-output", saved.to_str().unwrap(), &reports.to_string()],
        );
        assert_eq!(out.status.success(), ok, "{text}: {}", stderr_of(&out));
    }
}

/// Runs `retroproof ARGS` in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    command().current_dir(dir).args(args).output().unwrap()
}

fn coqc_in(dir: &Path, file: &str) {
    let status = Command::new("coqc")
        .current_dir(dir.join("coq"))
        .args([
            "-Q",
            "theories",
            "RetroProof",
            "-w",
            "-abstract-large-number",
            file,
        ])
        .status()
        .unwrap();
    assert!(status.success(), "coqc {file}");
}

/// A library whose `check_last_sound` is `Admitted` (in a temporary copy,
/// rebuilt) never yields "proven", though the lemma's assumptions were
/// cached as allowed for the library before; then stale, unbuilt and
/// corrupt libraries are environment errors (exit 4) naming the fix.
#[test]
fn planted_admit_and_broken_libraries_are_never_proven() {
    if skip_coq() {
        return;
    }
    let copy = workspace_copy();
    let dir = copy.path();
    let cache = retroproof::lemmas::cache_dir(&dir.join("coq/theories"));
    let _ = std::fs::remove_dir_all(&cache);
    let out = run_in(dir, &["prove"]);
    assert_eq!(code(&out), Some(0), "{}", stderr_of(&out));
    let cached = |lemma: &str| {
        std::fs::read_dir(&cache)
            .unwrap()
            .any(|key| key.unwrap().path().join(lemma).is_file())
    };
    assert!(cached("RetroProof.Retro.check_last_sound"));
    let retro = dir.join("coq/theories/Retro.v");
    let text = std::fs::read_to_string(&retro).unwrap();
    let start = text.find("Theorem check_last_sound").unwrap();
    let proof = start + text[start..].find("Proof.").unwrap();
    let qed = proof + text[proof..].find("Qed.").unwrap();
    let planted = format!("{}Admitted.{}", &text[..proof], &text[qed + 4..]);
    std::fs::write(&retro, planted).unwrap();
    coqc_in(dir, "theories/Retro.v");
    coqc_in(dir, "theories/Tactics.v");
    let out = run_in(dir, &["prove"]);
    let (stdout, stderr) = (stdout_of(&out), stderr_of(&out));
    assert_eq!(code(&out), Some(1), "{stdout}{stderr}");
    assert!(!stdout.contains("proven"), "{stdout}");
    assert!(
        stderr.contains("not proven") && stderr.contains("check_last_sound"),
        "{stderr}"
    );
    // The source is newer than its .vo: stale.
    let board = dir.join("coq/theories/Board.v");
    std::thread::sleep(Duration::from_millis(20));
    let text = std::fs::read_to_string(&board).unwrap();
    std::fs::write(&board, text).unwrap();
    let out = run_in(dir, &["prove"]);
    assert_eq!(code(&out), Some(4));
    let err = stderr_of(&out);
    assert!(
        err.contains("stale") && err.contains("Board.v") && err.contains("make -C coq"),
        "{err}"
    );
    coqc_in(dir, "theories/Board.v");
    // Not built.
    let vo = dir.join("coq/theories/Tactics.vo");
    let saved = std::fs::read(&vo).unwrap();
    std::fs::remove_file(&vo).unwrap();
    let err = stderr_of(&run_in(dir, &["prove"]));
    assert!(
        err.contains("not built") && err.contains("Tactics.vo"),
        "{err}"
    );
    // Truncated, then garbage: cannot be loaded, never "disagree".
    let retro_vo = dir.join("coq/theories/Retro.vo");
    let good = std::fs::read(&retro_vo).unwrap();
    std::fs::write(&vo, &saved).unwrap();
    for broken in [good[..good.len() / 2].to_vec(), vec![0x5a; 4096]] {
        std::fs::write(&retro_vo, &broken).unwrap();
        let out = run_in(dir, &["prove"]);
        let err = stderr_of(&out);
        assert_eq!(code(&out), Some(4), "{err}");
        assert!(
            err.contains("cannot be loaded") && err.contains("make -C coq"),
            "{err}"
        );
        assert!(!err.contains("disagree"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

// 6. Explanations name the rule.

#[test]
fn refutations_name_the_rule() {
    let direction = Position::from_fen(DIRECTION).unwrap();
    // Depth 3 is what check_illegal runs with; plain exhaustion does not
    // end there (retro-perft 3 is 29,272): the stranded-man rule does.
    assert_eq!(
        Refutation::of(&direction, 3),
        Refutation::ExhaustionOrStranded { plies: 2 }
    );
    let walled = Position::from_fen("rnbqkbnr/pppppppp/N1NN1R1R/8/8/8/8/4K3 b - -").unwrap();
    assert_eq!(
        Refutation::of(&walled, 2),
        Refutation::Exhaustion { plies: 1 }
    );
    let nine = Position::from_fen("4k3/8/8/8/8/P7/PPPPPPPP/4K3 b - -").unwrap();
    assert!(matches!(
        Refutation::of(&nine, 0),
        Refutation::Invariant { .. }
    ));
    let text = success_stdout(&[
        "export",
        "../examples/retro-problems.epd",
        "--id",
        "smullyan-direction-illegal",
    ]);
    assert!(
        text.contains("or strands a man off its initial square"),
        "{text}"
    );
    assert!(!text.contains("every retraction sequence dies within 3 plies"));
}

// 7. The published solution is checked.

#[test]
fn a_contradicting_sol_fails_naming_both() {
    let dir = tempfile::tempdir().unwrap();
    let epd = dir.path().join("p.epd");
    std::fs::write(
        &epd,
        format!("{SMULLYAN} id \"wrong\"; retro \"last 3\"; sol \"c2c4 b4c3ep b3c3xb\";\n"),
    )
    .unwrap();
    let epd = epd.to_str().unwrap();
    for cmd in ["export", "prove"] {
        let out = run(&[cmd, epd]);
        let err = stderr_of(&out);
        assert_eq!(code(&out), Some(1), "{cmd}: {err}");
        assert!(
            err.contains("\"c2c4 b4c3ep b3c3xb\"") && err.contains("\"c2c4 b4c3ep b3c3xp\""),
            "{cmd}: {err}"
        );
    }
}

// 8. Environment faults: fake coqc programs.

#[cfg(unix)]
fn fake_coqc(dir: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("coqc");
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[cfg(unix)]
fn prove_with(coqc: &Path, extra: &[&str]) -> (Option<i32>, String, Duration) {
    let start = Instant::now();
    let out = command()
        .env("COQC", coqc)
        .arg("prove")
        .args(extra)
        .output()
        .unwrap();
    (code(&out), stderr_of(&out), start.elapsed())
}

#[cfg(unix)]
#[test]
fn environment_faults_are_typed_and_exit_4() {
    let dir = tempfile::tempdir().unwrap();
    let version = "if [ \"$1\" = --print-version ]; then echo '8.16.1 4.14.0'; exit 0; fi";
    // The version probe hangs: --timeout applies.
    let hang = fake_coqc(dir.path(), "exec sleep 60");
    let (code, err, took) = prove_with(&hang, &["--timeout", "2"]);
    assert_eq!(code, Some(4), "{err}");
    assert!(
        err.contains("--print-version did not answer within 2 s"),
        "{err}"
    );
    assert!(took < Duration::from_secs(20));
    for (body, reason) in [
        (
            format!("{version}\nkill -SEGV $$"),
            "coqc crashed (killed by signal 11",
        ),
        (format!("{version}\nexit 3"), "coqc crashed (exit code 3"),
        (
            format!("{version}\necho 'Anomaly \"Uncaught exception Not_found.\"' >&2; exit 1"),
            "coqc crashed",
        ),
        (format!("{version}\nexit 0"), "wrote no"),
    ] {
        let fake = fake_coqc(dir.path(), &body);
        let (code, err, _) = prove_with(&fake, &[]);
        assert_eq!(code, Some(4), "{body}: {err}");
        assert!(err.contains(reason), "{body}: {err}");
        assert!(err.contains("make -C coq"), "{err}");
        assert!(!err.contains("disagree"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // A coqc that writes the .vo but prints no assumption report: not proven.
    let silent = fake_coqc(
        dir.path(),
        &format!("{version}\nfor a; do f=$a; done\ntouch \"${{f%.v}}.vo\""),
    );
    let (code, err, _) = prove_with(&silent, &[]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("no `Print Assumptions` report"), "{err}");
}

/// A proof `coqc` does not finish within `--timeout` is unknown (exit 3):
/// Coq has neither accepted nor refused it.
#[cfg(unix)]
#[test]
fn a_proof_out_of_time_is_unknown_not_refused() {
    let dir = tempfile::tempdir().unwrap();
    let version = "if [ \"$1\" = --print-version ]; then echo '8.16.1 4.14.0'; exit 0; fi";
    let slow = fake_coqc(dir.path(), &format!("{version}\nexec sleep 60"));
    let (code, err, took) = prove_with(&slow, &["--timeout", "2", "--game-time", "0"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.starts_with("unknown") || err.contains("not proven"),
        "{err}"
    );
    assert!(err.contains("--timeout"), "{err}");
    assert!(!err.contains("disagree"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(took < Duration::from_secs(30));
}

/// 50 MB of coqc output becomes one short line, not one 50 MB line.
#[cfg(unix)]
#[test]
fn huge_coqc_output_is_cut_short() {
    let dir = tempfile::tempdir().unwrap();
    let version = "if [ \"$1\" = --print-version ]; then echo '8.16.1 4.14.0'; exit 0; fi";
    let chatty = fake_coqc(
        dir.path(),
        &format!("{version}\nhead -c 50000000 /dev/zero | tr '\\0' x >&2\nexit 1"),
    );
    let (code, err, _) = prove_with(&chatty, &["--game-time", "0"]);
    assert_eq!(code, Some(1), "{}", &err[..err.len().min(500)]);
    assert_eq!(err.lines().count(), 1);
    assert!(err.len() < 2_000, "{} bytes", err.len());
}
