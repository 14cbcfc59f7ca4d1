//! Issue 15, for moves/perft/show/unmoves/retro-perft/check-game/diff: bounded
//! input, budgets, Ctrl-C, JSON and SAN, positions with moves, the small
//! things. Each test runs the binary as a user would; expected values come
//! from the rules (move counts, published perft numbers, the board), not
//! from the code under test.

use std::io::Write as _;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::common::cli::{command, error_line, lines_of, run, stderr_of, stdout_of, usage_error};
use serde_json::Value;

fn json_of(args: &[&str]) -> Value {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", stderr_of(&out));
    serde_json::from_slice(&out.stdout).expect("JSON output")
}

#[test]
fn no_arguments_prints_the_usage_and_exits_2() {
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(err.contains("Usage: retroproof <COMMAND>"), "{err}");
    for command in ["perft", "moves", "show", "unmoves", "check-game", "diff"] {
        assert!(err.contains(command), "{command} missing from {err}");
    }
}

#[test]
fn negative_and_out_of_range_numbers_say_what_is_allowed() {
    let err = usage_error(&["perft", "startpos", "-1"]);
    assert!(err.contains("negative") && err.contains("0 to 10"), "{err}");
    let err = usage_error(&["perft", "startpos", "99"]);
    assert!(err.contains("0 to 10"), "{err}");
    let err = usage_error(&["retro-perft", "startpos", "50"]);
    assert!(err.contains("0 to 8"), "{err}");
    let err = usage_error(&["perft", "startpos", "two"]);
    assert!(err.contains("not a whole number"), "{err}");
    let err = usage_error(&["diff", "--jobs", "0"]);
    assert!(err.contains("from 1 to 64"), "{err}");
    let err = usage_error(&["diff", "--batch", "0"]);
    assert!(err.contains("--batch"), "{err}");
    let err = usage_error(&["check-game", "x.pgn", "--jobs", "-3", "--all"]);
    assert!(err.contains("negative"), "{err}");
    let err = usage_error(&["perft", "startpos", "3", "--time", "-1"]);
    assert!(err.contains("seconds"), "{err}");
}

#[test]
fn perft_time_limit_is_unknown_exit_3() {
    let start = Instant::now();
    let err = error_line(&["perft", "startpos", "9", "--time", "0.3"], 3);
    assert!(err.contains("no count within 0.3 s"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(20));
    let err = error_line(
        &[
            "retro-perft",
            "r3k2r/8/8/8/8/8/8/R3K2R b - -",
            "8",
            "--time",
            "0.2",
        ],
        3,
    );
    assert!(err.contains("no count within"), "{err}");
    // Within the limit the count is the published one.
    assert_eq!(
        lines_of(&["perft", "startpos", "5", "--time", "60"]),
        ["4865609"]
    );
}

#[test]
fn files_that_are_not_files_are_refused_without_reading() {
    let err = usage_error(&["check-game", "/dev/zero"]);
    assert!(err.contains("a device"), "{err}");
    let err = usage_error(&["diff", "--corpus", "/dev/zero"]);
    assert!(err.contains("a device"), "{err}");
    let err = usage_error(&["check-game", "tests"]);
    assert!(err.contains("a directory"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .map(|s| s.success());
    if made.unwrap_or(false) {
        let err = usage_error(&["check-game", fifo.to_str().unwrap()]);
        assert!(err.contains("a FIFO"), "{err}");
    }
    let big = dir.path().join("big.pgn");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(17 * 1024 * 1024).unwrap();
    let err = usage_error(&["check-game", big.to_str().unwrap()]);
    assert!(err.contains("larger than 16 MiB"), "{err}");
}

#[test]
fn long_arguments_are_quoted_short() {
    let huge = "k".repeat(100_000);
    let err = usage_error(&["moves", &huge]);
    assert!(err.len() < 500, "{} bytes", err.len());
    assert!(err.contains("more characters"), "{err}");
}

#[test]
fn closed_pipe_is_not_a_panic() {
    let mut child = command()
        .args(["perft", "startpos", "4", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away at once
    let out = child.wait_with_output().unwrap();
    let err = stderr_of(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(out.status.code(), Some(101));
}

#[test]
fn closed_stderr_is_not_a_panic() {
    // `retroproof moves BAD 2>&1 | head -0`: the error line has nowhere to go.
    let mut child = command()
        .args(["moves", "not a fen"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    drop(child.stdout.take());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(2));
}

#[test]
fn positions_can_be_given_with_moves() {
    // After 1. e4 e5 2. Nf3, Black has 2 (g8) + 3 (b8: a6, c6; the queen
    // h4, g5, f6, e7; the bishop e7…): count against perft of the same moves.
    let after = lines_of(&["moves", "startpos moves e2e4 e7e5 g1f3"]);
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    assert_eq!(after, lines_of(&["moves", fen]));
    assert_eq!(
        lines_of(&["perft", &format!("{fen} moves b8c6"), "1"]),
        lines_of(&["perft", "startpos moves e2e4 e7e5 g1f3 b8c6", "1"])
    );
    let err = usage_error(&["moves", "startpos moves e2e4 e2e4"]);
    assert!(err.contains("move 2") && err.contains("e2e4"), "{err}");
}

#[test]
fn side_not_to_move_in_check_is_refused_or_explained() {
    // White to move, the black king on e8 attacked by the rook on e7.
    let fen = "4k3/4R3/8/8/8/8/8/4K3 w - -";
    for command in ["moves", "perft"] {
        let mut args = vec![command, fen];
        if command == "perft" {
            args.push("1");
        }
        let err = usage_error(&args);
        assert!(
            err.contains("black is in check with white to move"),
            "{err}"
        );
    }
    let lines = lines_of(&["show", fen]);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("impossible: black is in check")),
        "{lines:?}"
    );
    assert_eq!(json_of(&["show", fen, "--json"])["impossible"], true);
}

#[test]
fn singular_counts() {
    // The black king on h8 has no square (the queen on f7 covers g8, g7 and
    // h7) and is not in check; the pawn on a3 has one step: one move.
    let lines = lines_of(&["moves", "7k/5Q2/8/8/8/p7/8/2K5 b - -"]);
    assert_eq!(lines, ["a3a2", "1 move"]);
    // The pawn on e6 can only have come by en passant (README vectors).
    let lines = lines_of(&["unmoves", "8/8/3kP3/8/3R1Q2/8/4K3/8 b - -"]);
    assert_eq!(lines.last().unwrap(), "1 unmove");
}

#[test]
fn moves_san_and_json_agree_with_uci() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    let uci = lines_of(&["moves", fen]);
    let san = lines_of(&["moves", fen, "--san"]);
    assert_eq!(uci.len(), san.len());
    assert_eq!(uci.last().unwrap(), "48 moves");
    // Same order: castling in UCI is the king's step, in SAN O-O.
    let i = uci.iter().position(|m| m == "e1g1").unwrap();
    assert_eq!(san[i], "O-O");
    let i = uci.iter().position(|m| m == "d5e6").unwrap();
    assert_eq!(san[i], "dxe6");
    let json = json_of(&["moves", fen, "--json"]);
    assert_eq!(json["count"], 48);
    assert_eq!(json["moves"].as_array().unwrap().len(), 48);
    assert!(json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["uci"] == "e1c1" && m["san"] == "O-O-O"));
}

#[test]
fn perft_and_retro_perft_json() {
    let json = json_of(&["perft", "startpos", "3", "--json", "--divide"]);
    assert_eq!(json["nodes"], 8902);
    let split = json["divide"].as_array().unwrap();
    assert_eq!(split.len(), 20);
    let sum: u64 = split.iter().map(|s| s["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, 8902);
    assert!(split
        .iter()
        .any(|s| s["uci"] == "g1f3" && s["san"] == "Nf3"));
    // Smullyan's position: the count at depth 1 is the number of unmoves.
    let fen = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";
    let unmoves = lines_of(&["unmoves", fen]);
    let json = json_of(&["retro-perft", fen, "1", "--json"]);
    assert_eq!(
        json["sequences"].as_u64().unwrap() as usize,
        unmoves.len() - 1
    );
    let two = lines_of(&["retro-perft", fen, "2", "--divide"]);
    let json = json_of(&["retro-perft", fen, "2", "--json", "--divide"]);
    assert_eq!(two.last().unwrap(), &json["sequences"].to_string());
}

#[test]
fn unmoves_in_retro_notation() {
    // Smullyan: the white king on c3 came from b3, possibly capturing.
    let fen = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";
    let san = lines_of(&["unmoves", fen, "--san"]);
    let uci = lines_of(&["unmoves", fen]);
    assert_eq!(san.len(), uci.len());
    for (s, u) in san.iter().zip(&uci).take(uci.len() - 1) {
        // b3c3xp ↔ Kb3xPc3: origin, destination and captured man agree.
        assert!(s.starts_with('K'), "{s}");
        assert_eq!(&s[1..3], &u[0..2]);
        assert!(s.ends_with(&u[2..4]), "{s} {u}");
        if let Some(victim) = u.get(5..6) {
            assert!(
                s.contains(&format!("x{}", victim.to_uppercase())),
                "{s} {u}"
            );
        }
    }
    assert!(san.contains(&"Kb3xPc3".to_owned()));
    let json = json_of(&["unmoves", fen, "--json"]);
    assert!(json
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["unmove"] == "b3c3xp" && e["san"] == "Kb3xPc3"));
}

#[test]
fn show_json_and_svg_draw_the_board() {
    let json = json_of(&["show", "startpos moves e2e4", "--json"]);
    assert_eq!(json["board"][0], "rnbqkbnr");
    assert_eq!(json["board"][4], "....P...");
    assert_eq!(json["turn"], "black");
    assert_eq!(json["en_passant"], "e3");
    let out = run(&["show", "startpos moves e2e4", "--svg"]);
    assert!(out.status.success());
    let svg = stdout_of(&out);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    // 32 men, each on its square; the pawn moved to e4.
    assert_eq!(svg.matches("class=\"piece\"").count(), 32);
    assert!(svg.contains("data-square=\"e4\" data-piece=\"P\""));
    assert!(!svg.contains("data-square=\"e2\""));
    assert!(svg.contains("data-square=\"e8\" data-piece=\"k\""));
    // Coordinates a–h and 1–8, and the side to move.
    for label in ["a", "h", "1", "8"] {
        assert!(svg.contains(&format!(">{label}</text>")), "{label}");
    }
    assert!(svg.contains("data-turn=\"black\""));
}

/// Sends SIGINT to a running `perft startpos 10`-like command and checks
/// the exit code and that its temporary root is gone.
#[test]
fn ctrl_c_exits_130_and_leaves_no_temporary_files() {
    let tmp = tempfile::tempdir().unwrap();
    let child = command()
        .args(["perft", "startpos", "9"])
        .env("TMPDIR", tmp.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the command has made its temporary root.
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::fs::read_dir(tmp.path()).unwrap().next().is_none() {
        assert!(Instant::now() < deadline, "no temporary root was made");
        std::thread::sleep(Duration::from_millis(20));
    }
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", stderr_of(&out));
    assert_eq!(stderr_of(&out).trim(), "error: interrupted");
    let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn finished_commands_leave_no_temporary_files() {
    let tmp = tempfile::tempdir().unwrap();
    let out = command()
        .args(["moves", "startpos"])
        .env("TMPDIR", tmp.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
}

const TWO_GAMES: &str =
    "\u{feff}[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[Event \"b\"]\n\n1. d4 d5 2. Ke2 *\n";

fn check_game_stdin(args: &[&str], input: &str) -> std::process::Output {
    let mut child = command()
        .arg("check-game")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn check_game_chooses_among_several_games() {
    let out = check_game_stdin(&["-"], TWO_GAMES);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(
        err.contains("holds 2 games") && err.contains("--game N"),
        "{err}"
    );
    let out = check_game_stdin(&["-", "--game", "3"], TWO_GAMES);
    assert!(stderr_of(&out).contains("there is no game 3"));
    // Game 2 has an illegal move (Ke2 with the e-pawn at home): named.
    let out = check_game_stdin(&["-", "--game", "2"], TWO_GAMES);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(
        err.contains("game 2") && err.contains("move 2. (White): Ke2"),
        "{err}"
    );
    let out = check_game_stdin(
        &["-"],
        "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n1. Kd2 *\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("set-up position"));
}

#[test]
fn check_game_keep_does_not_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("Problem.v"), "(* mine *)").unwrap();
    let err = usage_error(&[
        "check-game",
        "../examples/opera.pgn",
        "--keep",
        dir.path().to_str().unwrap(),
    ]);
    assert!(err.contains("exists"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("Problem.v")).unwrap(),
        "(* mine *)"
    );
}

/// `diff --json` on a corpus from standard input: JSON lines, the last a
/// summary counting the positions given.
#[test]
fn diff_json_lines_from_stdin() {
    if crate::common::coq_env::coqc().is_none() {
        return;
    }
    let corpus = "# the start and Smullyan's position\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n8/8/8/1r1b4/B7/2K5/8/3k4 b - - 0 1\n";
    let mut child = command()
        .args(["diff", "--corpus", "-", "--json", "--depth", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(corpus.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let stdout = stdout_of(&out);
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"))
        .collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    assert_eq!(lines[0]["summary"]["positions"], 2);
    assert_eq!(lines[0]["summary"]["mismatches"], 0);
}

/// With a headless Chromium on PATH (`apt-get install
/// chromium-headless-shell`), the report page renders to a screenshot.
/// Skipped without one.
#[test]
fn report_renders_in_headless_chromium() {
    let Some(browser) = ["chromium-headless-shell", "chromium", "chromium-browser"]
        .into_iter()
        .find(|b| {
            std::process::Command::new(b)
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })
    else {
        eprintln!("skipping: no headless Chromium");
        return;
    };
    use retroproof::render::{html_report, Diagram, Report};
    let pos = retroproof_core::Position::start();
    let report = Report {
        title: "start".into(),
        proven: true,
        question: "legal".into(),
        answer: "a game of 0 plies reaches it".into(),
        diagrams: vec![Diagram {
            caption: "P".into(),
            position: pos,
        }],
        ..Report::default()
    };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("report.html");
    let png = dir.path().join("report.png");
    std::fs::write(&page, html_report(&report)).unwrap();
    let out = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--window-size=900,900",
        ])
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    assert!(
        bytes.len() > 10_000,
        "{} bytes: an empty page?",
        bytes.len()
    );
}
