//! `retroproof solve`: every problem of a file solved, proven by real
//! `coqc`, and compared with its published answer. The problems and their
//! answers come from the example files (published solutions), never from
//! the engine. Without `coqc` the proving tests fail unless
//! `RETROPROOF_SKIP_COQ=1`.

use std::path::{Path, PathBuf};

use crate::common::cli::{run, stdout_of, usage_error};
use crate::common::coq_env::skip_coq;

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

/// The lines of `file` whose text contains one of `keys`, after its first
/// `header` lines.
fn pick(file: &str, header: usize, keys: &[&str]) -> String {
    let text = std::fs::read_to_string(examples().join(file)).unwrap();
    let mut out: Vec<&str> = text.lines().take(header).collect();
    out.extend(
        text.lines()
            .skip(header)
            .filter(|l| keys.iter().any(|k| l.contains(k))),
    );
    assert_eq!(out.len(), header + keys.len(), "{file}: {keys:?}");
    out.join("\n") + "\n"
}

/// `retroproof solve ARGS --json`, which must exit 0: its lines, each a
/// JSON object (the problems, then the summary).
fn solved(args: &[&str]) -> Vec<serde_json::Value> {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.push("--json");
    let out = run(&all);
    let stdout = stdout_of(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The line of the problem `id`.
fn by_id(lines: &[serde_json::Value], id: &str) -> serde_json::Value {
    lines.iter().find(|l| l["id"] == id).unwrap().clone()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn solve_an_epd_file_proves_every_published_answer() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let keys = [
        "\"smullyan-invisible-king\"",
        "\"hwa-tutorial-pawn\"",
        "\"smullyan-direction-illegal\"",
    ];
    let file = write(
        dir.path(),
        "three.epd",
        &pick("retro-problems.epd", 0, &keys),
    );
    let lines = solved(&[&file, "--jobs", "2"]);
    assert_eq!(lines.len(), 4, "three problems and a summary: {lines:?}");
    for line in &lines[..3] {
        assert_eq!(line["status"], "ok", "{line}");
        assert_eq!(
            line["result"]["proven"].as_array().map(Vec::len),
            Some(1),
            "{line}"
        );
        assert_eq!(line["result"]["agrees"], true, "{line}");
    }
    let smullyan = by_id(&lines, "smullyan-invisible-king");
    // Published: 1. c2-c4 b4xc3 e.p.+ 2. Kb3xc3.
    assert_eq!(smullyan["result"]["answer"], "c2c4 b4c3ep b3c3xp");
    assert_eq!(lines[3]["summary"]["ok"], 3);
}

#[test]
fn a_published_answer_the_proof_contradicts_is_refuted_with_both() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let line = pick("retro-problems.epd", 0, &["\"hwa-tutorial-pawn\""]);
    // The published a2a3, changed to a move that is not the answer.
    let wrong = line.replace("sol \"a2a3\"", "sol \"b1b2\"");
    assert_ne!(line, wrong);
    let file = write(dir.path(), "wrong.epd", &wrong);
    let out = run(&["solve", &file]);
    let stdout = stdout_of(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("refuted"), "{stdout}");
    assert!(
        stdout.contains("\"a2a3\"") && stdout.contains("\"b1b2\""),
        "{stdout}"
    );
}

#[test]
fn solve_a_corpus_tsv_compares_moves_and_types() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // rtr-P-05: published c7xNd8=R+ (UCI c7d8r, no capture named);
    // rtr-A-005: published type KxN.
    let tsv = pick("corpus/lastmove.tsv", 1, &["rtr-P-05\t", "rtr-A-005\t"]);
    let file = write(dir.path(), "two.tsv", &tsv);
    let lines = solved(&[&file, "--game-time", "0"]);
    let of = |id: &str| by_id(&lines, id);
    assert_eq!(of("rtr-A-005")["result"]["answer"], "KxN");
    assert_eq!(of("rtr-P-05")["result"]["agrees"], true);
    // No game searched (--game-time 0): the last-move theorem is the
    // conditional one.
    assert_eq!(of("rtr-P-05")["result"]["conditional"], true);
}

/// A janko.at type D record: the type of the last move with White to move
/// and with Black to move, the published pair in either order (rtr-D-007:
/// published {K-,NxR}). A pair that is not two types is bad input.
#[test]
fn both_sides_records_solve_both_sides() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let tsv = pick("corpus/lastmove.tsv", 1, &["rtr-D-007\t"]);
    let file = write(dir.path(), "d.tsv", &tsv);
    let lines = solved(&[&file, "--game-time", "0"]);
    let first = &lines[0];
    assert_eq!(first["result"]["question"], "last 1 type both-sides");
    assert_eq!(first["result"]["agrees"], true);
    let answer = first["result"]["answer"].as_str().unwrap();
    assert!(answer == "{K-,NxR}" || answer == "{NxR,K-}", "{answer}");
    let bad = tsv.replace("{K-,NxR}", "{K-}");
    let file = write(dir.path(), "bad.tsv", &bad);
    let message = usage_error(&["solve", &file]);
    assert!(message.contains("two types"), "{message}");
}

/// A type D record whose second side has no answer also says what became
/// of the first. Constructed: with White to move, Black's last move can
/// only be the single step a7-a6 checking the king on b5 (b7 holds the
/// black king, so no capture from b7); with Black to move the white king
/// stands in the a6 pawn's check (no game reaches that).
#[test]
fn a_both_sides_record_reports_each_side() {
    let dir = tempfile::tempdir().unwrap();
    let tsv = "id\tfen\tside_to_move_known\tquestion\texpected\texpected_uci\tsource\n\
               d-one-side\t8/1k6/p7/1K6/8/8/8/8 w - - 0 1\tno\tlast 1 type both-sides\t{P-,K-}\t\tconstructed\n";
    let file = write(dir.path(), "d.tsv", tsv);
    let out = run(&["solve", &file, "--json", "--game-time", "0"]);
    assert_eq!(out.status.code(), Some(3), "{}", stdout_of(&out));
    let first: serde_json::Value =
        serde_json::from_str(stdout_of(&out).lines().next().unwrap()).unwrap();
    assert_eq!(first["status"], "unknown", "{first}");
    let detail = first["detail"].as_str().unwrap();
    let white = detail
        .find("with white to move the native engine answers P- (not checked by Coq")
        .expect(detail);
    let black = detail.find("with black to move").expect(detail);
    assert!(white < black, "{detail}");
}

/// A legality row that gives only the board asks about either side to
/// move: Texel's promoted bishop (texel-doc-05, published illegal) is
/// proven illegal for both sides; the initial board is legal (White to
/// move, reached by the empty game) although Black to move is not.
#[test]
fn a_board_without_side_to_move_is_solved_for_either_side() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let tsv = pick("corpus/legality.tsv", 1, &["texel-doc-05\t"]);
    let initial = "no-side-initial\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tillegal?\tno\tthe initial position\n";
    let file = write(dir.path(), "either.tsv", &(tsv + initial));
    let lines = solved(&[&file, "--game-time", "5"]);
    assert_eq!(lines[0]["result"]["answer"], "illegal", "{lines:?}");
    assert_eq!(lines[0]["result"]["agrees"], true, "{lines:?}");
    assert_eq!(lines[1]["result"]["answer"], "legal", "{lines:?}");
    assert_eq!(lines[1]["result"]["agrees"], true, "{lines:?}");
}

#[test]
fn malformed_batches_are_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let no_fen = write(
        dir.path(),
        "a.tsv",
        "id\tquestion\tfen_\nx\tlast 1\t8/8/8/8/8/8/8/8 w - -\n",
    );
    usage_error(&["solve", &no_fen]);
    let line = pick("retro-problems.epd", 0, &["\"hwa-tutorial-pawn\""]);
    let twice = write(dir.path(), "twice.epd", &format!("{line}{line}"));
    let message = usage_error(&["solve", &twice]);
    assert!(message.contains("twice"), "{message}");
    let empty = write(dir.path(), "empty.epd", "# nothing\n");
    usage_error(&["solve", &empty]);
    usage_error(&["solve", &empty, "--jobs", "0"]);
}

/// The classic questions of an EPD file, each case proven as `prove`
/// proves it and compared with the published `sol` (examples/
/// classic-problems.epd: an en-passant capture Amelung's 1897 problem
/// publishes, and a castling right a constructed problem publishes as
/// lost); a published verdict the proof contradicts is refuted, naming
/// both.
#[test]
fn classic_questions_are_solved_case_by_case() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let two = pick(
        "classic-problems.epd",
        0,
        &["\"amelung-1897-ep\"", "\"constructed-castling-last-move\""],
    );
    let file = write(dir.path(), "two.epd", &two);
    let lines = solved(&[&file, "--jobs", "2"]);
    let of = |id: &str| by_id(&lines, id);
    let ep = of("amelung-1897-ep");
    assert_eq!(ep["result"]["question"], "en-passant", "{ep}");
    assert_eq!(ep["result"]["answer"], "g6 can", "{ep}");
    assert_eq!(ep["result"]["agrees"], true, "{ep}");
    let castling = of("constructed-castling-last-move");
    assert_eq!(castling["result"]["answer"], "K cannot", "{castling}");
    assert_eq!(
        castling["result"]["published"]["verdicts"]["K"], "cannot",
        "{castling}"
    );

    let wrong = pick(
        "classic-problems.epd",
        0,
        &["\"constructed-castling-last-move\""],
    )
    .replace("sol \"K cannot\"", "sol \"K can\"");
    let file = write(dir.path(), "wrong.epd", &wrong);
    let out = run(&["solve", &file]);
    let stdout = stdout_of(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("K can") && stdout.contains("K cannot"),
        "{stdout}"
    );
}
