//! docs/json.md is the schema of `--json`: every command is run here, and
//! its real output checked against the tables of the document (every
//! field printed is documented, every documented field is printed, unless
//! its meaning begins with "Only"). The expected field lists are read from
//! the document, never from the code that prints them. Without `coqc` the
//! commands that prove are skipped unless `RETROPROOF_SKIP_COQ` is unset
//! (then they fail, as the other Coq tests do).

use std::collections::BTreeSet;
use std::io::Write as _;
use std::process::Stdio;

use crate::common::cli::{command, run, stdout_of};
use crate::common::coq_env::skip_coq;
use serde_json::Value;

fn doc() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/json.md")).unwrap()
}

/// One documented field: its path (`a`, `a.b`, `a[].b`, `[].b`) and
/// whether it may be absent.
#[derive(Debug, Clone)]
struct Field {
    path: String,
    optional: bool,
}

/// The fields of the table under the heading `heading` (the text after
/// the `#`s); a row `*the answer object*` stands for the table of "The
/// answer object".
fn table(doc: &str, heading: &str) -> Vec<Field> {
    let start = doc
        .lines()
        .position(|l| l.trim_start_matches('#').trim() == heading && l.starts_with('#'))
        .unwrap_or_else(|| panic!("docs/json.md has no heading {heading:?}"));
    let mut fields = Vec::new();
    for line in doc.lines().skip(start + 1) {
        if line.starts_with('#') {
            break;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 4 || cells[1] == "field" || cells[1].starts_with("---") {
            continue;
        }
        if cells[1] == "*the answer object*" {
            fields.extend(table(doc, "The answer object"));
            continue;
        }
        let path = cells[1]
            .strip_prefix('`')
            .and_then(|c| c.strip_suffix('`'))
            .unwrap_or_else(|| panic!("{heading}: a field cell not in backquotes: {line}"));
        fields.push(Field {
            path: path.to_string(),
            optional: cells[3].starts_with("Only"),
        });
    }
    assert!(!fields.is_empty(), "{heading}: no table");
    fields
}

/// The field paths of `value` (an object, or an array of objects printed
/// alone), each under `prefix` (`""`, `a.`, `a[].`), descending into a
/// field only where the document lists fields below it: a map's keys are
/// data, not fields.
fn paths(value: &Value, prefix: &str, documented: &BTreeSet<String>, out: &mut BTreeSet<String>) {
    let below = |p: &str| documented.iter().any(|d| d.starts_with(p));
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                let path = format!("{prefix}{key}");
                out.insert(path.clone());
                let (object, items) = (format!("{path}."), format!("{path}[]."));
                match v {
                    Value::Object(_) if below(&object) => paths(v, &object, documented, out),
                    Value::Array(list) if below(&items) => {
                        for item in list {
                            paths(item, &items, documented, out);
                        }
                    }
                    _ => {}
                }
            }
        }
        Value::Array(list) if prefix.is_empty() => {
            for item in list {
                paths(item, "[].", documented, out);
            }
        }
        _ => {}
    }
}

/// Checks one printed object (or array) against the fields of `heading`.
fn check(value: &Value, heading: &str) {
    let fields = table(&doc(), heading);
    let documented: BTreeSet<String> = fields.iter().map(|f| f.path.clone()).collect();
    let mut printed = BTreeSet::new();
    paths(value, "", &documented, &mut printed);
    let undocumented: Vec<&String> = printed.difference(&documented).collect();
    assert!(
        undocumented.is_empty(),
        "{heading}: printed but not in docs/json.md: {undocumented:?}\n{value:#}"
    );
    // A field below an array is required only if the array has an item.
    let missing: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.optional && !printed.contains(&f.path))
        .filter(|f| {
            let parent = f.path.rsplit_once("[].").map(|(p, _)| p);
            match parent {
                Some("") => value.as_array().is_some_and(|a| !a.is_empty()),
                Some(p) => printed.contains(p),
                None => true,
            }
        })
        .collect();
    assert!(
        missing.is_empty(),
        "{heading}: in docs/json.md but not printed: {missing:?}\n{value:#}"
    );
}

fn json(args: &[&str], code: i32) -> Value {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}: {}",
        stdout_of(&out)
    );
    serde_json::from_str(&stdout_of(&out)).expect("one JSON value")
}

/// The JSON Lines of a batch command.
fn lines(args: &[&str], code: i32) -> Vec<Value> {
    let out = run(args);
    let stdout = stdout_of(&out);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {stdout}");
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// Batch lines, the result of each `ok` one under `result_heading`, then
/// the summary line.
fn check_batch(lines: &[Value], result_heading: &str) {
    let (summary, items) = lines.split_last().expect("a summary line");
    assert!(!items.is_empty());
    for item in items {
        check(item, "Batch lines");
        if item["status"] == "ok" {
            check(&item["result"], result_heading);
        }
    }
    check(summary, "The summary line");
}

#[test]
fn the_document_lists_each_field_once() {
    let doc = doc();
    for heading in [
        "The answer object",
        "Batch lines",
        "The summary line",
        "`retroproof prove --json`",
        "`retroproof solve --json`",
        "`retroproof check-game --json`",
        "`retroproof legal --json`",
        "`retroproof proof-game --json`",
        "`retroproof last-moves --json`",
        "`retroproof unmoves --json`",
        "`retroproof moves --json`",
        "`retroproof perft --json`",
        "`retroproof retro-perft --json`",
        "`retroproof show --json`",
        "`retroproof diff --json`",
    ] {
        let fields = table(&doc, heading);
        let unique: BTreeSet<&str> = fields.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(unique.len(), fields.len(), "{heading}: a field twice");
    }
    // Every command with --json has its section.
    let cli = <retroproof::cli::Cli as clap::CommandFactory>::command();
    for sub in cli.get_subcommands() {
        if sub.get_arguments().any(|a| a.get_long() == Some("json")) {
            let heading = format!("### `retroproof {} --json`", sub.get_name());
            assert!(doc.contains(&heading), "docs/json.md has no {heading}");
        }
    }
}

#[test]
fn the_engine_commands_print_the_documented_fields() {
    let smullyan = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";
    check(
        &json(&["perft", "startpos", "2", "--json", "--divide"], 0),
        "`retroproof perft --json`",
    );
    check(
        &json(&["perft", "startpos", "2", "--json"], 0),
        "`retroproof perft --json`",
    );
    check(
        &json(&["retro-perft", smullyan, "2", "--json", "--divide"], 0),
        "`retroproof retro-perft --json`",
    );
    check(
        &json(&["moves", "startpos", "--json"], 0),
        "`retroproof moves --json`",
    );
    check(
        &json(&["show", smullyan, "--json"], 0),
        "`retroproof show --json`",
    );
    check(
        &json(&["unmoves", smullyan, "--json"], 0),
        "`retroproof unmoves --json`",
    );
    check(
        &json(&["last-moves", smullyan, "--depth", "3", "--json"], 0),
        "`retroproof last-moves --json`",
    );
    // Illegal at once (a double check no move gives): the reason, no
    // sequence; illegal after the sequences are counted: none.
    for fen in [
        "8/8/8/8/8/1N6/2N5/k6K b - -",
        "kB6/PN6/8/8/4P3/8/8/4K3 b - e3",
    ] {
        check(
            &json(&["last-moves", fen, "--depth", "2", "--json"], 1),
            "`retroproof last-moves --json`",
        );
    }
    check(
        &json(&["legal", "startpos moves e2e4", "--json"], 0),
        "`retroproof legal --json`",
    );
    check(
        &json(&["legal", "k7/8/8/8/8/8/8/R6K w - -", "--json"], 1),
        "`retroproof legal --json`",
    );
    let miniature = "rnbq1bnr/ppppkppp/8/4Q3/4P3/8/PPPP1PPP/RNB1KBNR b - -";
    check(
        &json(&["proof-game", miniature, "5", "--json"], 0),
        "`retroproof proof-game --json`",
    );
}

#[test]
fn prove_prints_the_answer_object() {
    if skip_coq() {
        return;
    }
    // Smullyan's problem, without a game: the conditional last-plies
    // theorem.
    let v = json(&["prove", "--json", "--game-time", "0"], 0);
    check(&v, "`retroproof prove --json`");
    assert!(v.get("cases").is_none(), "{v:#}");
    // A classic question: the answer object with its cases.
    let v = json(
        &[
            "prove",
            "4k3/8/8/8/8/8/7P/4K2R b - -",
            "--question",
            "castling",
            "--json",
        ],
        0,
    );
    check(&v, "`retroproof prove --json`");
    for field in ["cases", "excluded", "completed", "unknown"] {
        assert!(v.get(field).is_some(), "{field}: {v:#}");
    }
}

#[test]
fn solve_and_check_game_print_batch_lines_of_answer_objects() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let epd = dir.path().join("two.epd");
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/");
    let pick = |file: &str, id: &str| {
        std::fs::read_to_string(format!("{examples}{file}"))
            .unwrap()
            .lines()
            .find(|l| l.contains(&format!("id \"{id}\"")))
            .unwrap()
            .to_string()
    };
    std::fs::write(
        &epd,
        format!(
            "{}\n{}\n",
            pick("retro-problems.epd", "hwa-tutorial-pawn"),
            pick("classic-problems.epd", "constructed-castling-last-move")
        ),
    )
    .unwrap();
    let solved = lines(
        &["solve", epd.to_str().unwrap(), "--json", "--game-time", "0"],
        0,
    );
    check_batch(&solved, "`retroproof solve --json`");
    let tsv = dir.path().join("one.tsv");
    std::fs::write(
        &tsv,
        "id\tfen\tquestion\texpected\texpected_uci\n\
         p\t8/8/8/8/1k6/P7/1K6/8 b - - 0 1\tlast 1\ta2-a3+\ta2a3\n",
    )
    .unwrap();
    check_batch(
        &lines(
            &["solve", tsv.to_str().unwrap(), "--json", "--game-time", "0"],
            0,
        ),
        "`retroproof solve --json`",
    );

    let pgn = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/opera.pgn");
    check(
        &json(&["check-game", pgn, "--json"], 0),
        "`retroproof check-game --json`",
    );
    let two = dir.path().join("two.pgn");
    std::fs::write(&two, "1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    check_batch(
        &lines(&["check-game", two.to_str().unwrap(), "--all", "--json"], 2),
        "`retroproof check-game --json`",
    );
}

#[test]
fn diff_prints_its_summary_line() {
    if skip_coq() {
        return;
    }
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
        .write_all(b"8/8/8/1r1b4/B7/2K5/8/3k4 b - - 0 1\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = stdout_of(&out);
    let last = stdout.lines().last().expect("a summary line");
    let summary: Value = serde_json::from_str(last).unwrap();
    check(&summary, "`retroproof diff --json`");
    assert!(summary.get("summary").is_some());
}

#[test]
fn a_field_missing_from_the_document_is_caught() {
    // The checker itself: an object with a field the answer object does
    // not have, and one without a field it has, both fail.
    let mut value: Value = serde_json::json!({
        "question": "last 1", "fen": "f", "answer": "a2a3", "proven": ["p"],
        "conditional": true, "reached": null, "game_plies": null,
        "game_seconds": 3.0, "exact_rights": false,
        "certificate": null, "theorem": "t", "assumptions": [],
        "coqc": {"version": "8", "path": "p", "library": "l", "seconds": 0.5}
    });
    check(&value, "The answer object");
    value["extra"] = Value::Bool(true);
    assert!(std::panic::catch_unwind(|| check(&value, "The answer object")).is_err());
    value.as_object_mut().unwrap().remove("extra");
    value["coqc"].as_object_mut().unwrap().remove("seconds");
    assert!(std::panic::catch_unwind(|| check(&value, "The answer object")).is_err());
    // A map's keys are data: `cases` may hold any key.
    value["coqc"]["seconds"] = serde_json::json!(0.5);
    value["cases"] = serde_json::json!({"K": "cannot", "e3": "can"});
    check(&value, "The answer object");
}
