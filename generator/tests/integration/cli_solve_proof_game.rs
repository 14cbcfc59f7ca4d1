//! `retroproof solve` on proof-game problems: the proof-game TSV shapes of
//! `examples/corpus/spg*.tsv` and EPD problems with `retro "proof-game N"`,
//! each answered by the exact-length search, proven by real `coqc`, and
//! compared with the record. The problems are made up here (none is from
//! the corpus), small enough for Coq to prove in seconds; their answers
//! are worked out by hand in the comments, not taken from the engine.
//! Without `coqc` the proving tests fail unless `RETROPROOF_SKIP_COQ=1`.

use std::path::Path;

use crate::common::cli::{run, stdout_of, usage_error};
use crate::common::coq_env::skip_coq;

/// The game 1. e3 e6 2. e4 e5: with two moves each, the e-pawns on e4 and e5 took
/// both (a double step and a man that moves away and back would be three),
/// so each pawn went one square, then another: one game of 4 plies.
const UNIQUE_FEN: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - -";
const UNIQUE_GAME: &str = "e2e3 e7e6 e3e4 e6e5";

/// The moves of 1. e4 e5 2. Nf3 Nc6 in any order of each side's two moves (the pawns'
/// double steps and the knights' moves do not block each other): four
/// games of 4 plies, so the problem is cooked.
const COOKED_FEN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - -";
const COOKED_GAME: &str = "g1f3 e7e5 e2e4 b8c6";

/// White's e-pawn on e4, Black to move after 3 plies: White made two
/// moves (e2-e4 needs at least one), Black one, and every black man is
/// home: one black move cannot leave a man where it started. No game.
const NONE_FEN: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - -";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// `retroproof solve FILE --json`, which must exit `code`: its lines (the
/// problems, then the summary).
fn solved(file: &str, code: i32) -> Vec<serde_json::Value> {
    let out = run(&["solve", file, "--json"]);
    let stdout = stdout_of(&out);
    assert_eq!(out.status.code(), Some(code), "{stdout}");
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn by_id(lines: &[serde_json::Value], id: &str) -> serde_json::Value {
    lines
        .iter()
        .find(|l| l["id"] == id)
        .unwrap_or_else(|| panic!("no line {id}: {lines:?}"))
        .clone()
}

/// The three TSV shapes of the corpus: `solutions_uci` (every game),
/// `example_solution_uci` (cooked, this game among them) and `claim` (no
/// game), each agreeing with what is proven.
#[test]
fn the_three_proof_game_tsv_shapes_agree_with_what_is_proven() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let spg = write(
        dir.path(),
        "spg.tsv",
        &format!(
            "id\tfen\tplies\tsolutions_uci\tunique\tsource\n\
             unique\t{UNIQUE_FEN}\t4\t{UNIQUE_GAME}\tyes\tmade up\n"
        ),
    );
    let flagged = write(
        dir.path(),
        "flagged.tsv",
        &format!(
            "id\tfen\tplies\tstatus\texample_solution_uci\tsource\n\
             cooked\t{COOKED_FEN}\t4\tcooked\t{COOKED_GAME}\tmade up\n"
        ),
    );
    let none = write(
        dir.path(),
        "none.tsv",
        &format!(
            "id\tfen\tplies\tclaim\tsource\n\
             none\t{NONE_FEN}\t3\tno solution\tmade up\n"
        ),
    );

    let lines = solved(&spg, 0);
    let unique = by_id(&lines, "unique");
    assert_eq!(unique["status"], "ok", "{unique}");
    assert_eq!(unique["result"]["question"], "proof-game 4");
    assert_eq!(unique["result"]["answer"], UNIQUE_GAME);
    assert_eq!(unique["result"]["agrees"], true);
    assert_eq!(unique["result"]["published"]["all"][0], UNIQUE_GAME);
    let proven = unique["result"]["proven"][0].as_str().unwrap();
    assert!(
        proven.starts_with("exactly one game of 4 plies"),
        "{proven}"
    );
    assert!(unique["detail"].as_str().unwrap().contains("unique"));
    assert_eq!(lines.last().unwrap()["summary"]["ok"], 1);

    let lines = solved(&flagged, 0);
    let cooked = by_id(&lines, "cooked");
    assert_eq!(cooked["status"], "ok", "{cooked}");
    assert_eq!(cooked["result"]["agrees"], true);
    assert_eq!(cooked["result"]["published"]["among"][0], COOKED_GAME);
    // Two games found (the search stops there): each a game to the
    // diagram, and the theorem says "at least", not "every".
    let games: Vec<&str> = cooked["result"]["answer"]
        .as_str()
        .unwrap()
        .split(" | ")
        .collect();
    assert_eq!(games.len(), 2, "{cooked}");
    assert_ne!(games[0], games[1]);
    let proven = cooked["result"]["proven"][0].as_str().unwrap();
    assert!(
        proven.starts_with("at least 2 games of 4 plies"),
        "{proven}"
    );

    let lines = solved(&none, 0);
    let none = by_id(&lines, "none");
    assert_eq!(none["status"], "ok", "{none}");
    assert_eq!(none["result"]["answer"], "none");
    assert_eq!(none["result"]["published"], "nogame");
    assert_eq!(none["result"]["agrees"], true);
    let proven = none["result"]["proven"][0].as_str().unwrap();
    assert!(proven.starts_with("no game of 3 plies"), "{proven}");
}

/// A record that says unique where there are more games, and one whose
/// published game is no game of the length: both refuted, the record and
/// the proven answer named; the table says so without `--json`.
#[test]
fn a_record_the_proof_contradicts_is_refuted() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        "wrong.tsv",
        &format!(
            "id\tfen\tplies\tsolutions_uci\tunique\tsource\n\
             said-unique\t{COOKED_FEN}\t4\t{COOKED_GAME}\tyes\tmade up\n\
             not-a-game\t{UNIQUE_FEN}\t4\te2e4 e7e5 g1f3 g8f6\tyes\tmade up\n"
        ),
    );
    let lines = solved(&file, 1);
    let said = by_id(&lines, "said-unique");
    assert_eq!(said["status"], "refuted", "{said}");
    let detail = said["detail"].as_str().unwrap();
    assert!(
        detail.contains("cooked") && detail.contains(COOKED_GAME),
        "{detail}"
    );
    let wrong = by_id(&lines, "not-a-game");
    assert_eq!(wrong["status"], "refuted", "{wrong}");
    let detail = wrong["detail"].as_str().unwrap();
    assert!(detail.contains("does not end with the diagram"), "{detail}");
    assert!(
        detail.contains(&format!("unique: {UNIQUE_GAME}")),
        "{detail}"
    );

    let out = run(&["solve", &file]);
    let table = stdout_of(&out);
    assert_eq!(out.status.code(), Some(1), "{table}");
    assert!(
        table.contains("2 problems: 0 ok, 2 refuted, 0 unknown, 0 errors"),
        "{table}"
    );
}

/// EPD: `retro "proof-game N"` with the published game in `pg` (SAN or
/// UCI), and `retro "proof-game shortest"` without one (nothing to
/// compare: `agrees` null). The e-pawns on e4 and e5 are reached in 2
/// plies at the least (1. e4 e5), and only so.
#[test]
fn epd_proof_game_problems() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        "pg.epd",
        &format!(
            "{UNIQUE_FEN} retro \"proof-game 4\"; pg \"1. e3 e6 2. e4 e5\"; id \"epd-unique\";\n\
             {UNIQUE_FEN} retro \"proof-game shortest\"; id \"epd-shortest\";\n"
        ),
    );
    let lines = solved(&file, 0);
    let unique = by_id(&lines, "epd-unique");
    assert_eq!(unique["status"], "ok", "{unique}");
    assert_eq!(unique["result"]["agrees"], true);
    assert_eq!(unique["result"]["published"]["all"][0], UNIQUE_GAME);
    let shortest = by_id(&lines, "epd-shortest");
    assert_eq!(shortest["status"], "ok", "{shortest}");
    assert_eq!(shortest["result"]["answer"], "e2e4 e7e5");
    assert!(shortest["result"]["agrees"].is_null());
    let detail = shortest["detail"].as_str().unwrap();
    assert!(detail.contains("shortest 2 plies, unique"), "{detail}");
}

/// Bad input, refused before anything is solved: a length that is not a
/// number, a proof-game problem with `sol` (its game goes in `pg`).
#[test]
fn malformed_proof_game_records_are_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let tsv = write(
        dir.path(),
        "bad.tsv",
        &format!("id\tfen\tplies\tsolutions_uci\nx\t{UNIQUE_FEN}\tfour\t{UNIQUE_GAME}\n"),
    );
    let line = usage_error(&["solve", &tsv]);
    assert!(line.contains("bad.tsv:2"), "{line}");
    let epd = write(
        dir.path(),
        "bad.epd",
        &format!("{UNIQUE_FEN} retro \"proof-game 4\"; sol \"e2e3 e7e6 e3e4 e6e5\"; id \"x\";\n"),
    );
    let line = usage_error(&["solve", &epd]);
    assert!(line.contains("bad.epd:1") && line.contains("pg"), "{line}");
}
