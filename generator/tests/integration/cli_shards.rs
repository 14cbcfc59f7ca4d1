//! `retroproof solve` spread over many runs (docs/solve.md): `--shard K/N`
//! splits a file by problem id, `--resume FILE` takes up a stopped run,
//! `--merge` sums up the lines of runs as one run, and SIGTERM stops a run
//! with its lines whole.
//!
//! Most problems here are answered at once without Coq: a corpus row that
//! gives only the board asks `last 1` (unknown: the side to move is not
//! given, exit 3) and a row with a malformed FEN is bad input (error,
//! exit 2). With `coqc` (unless `RETROPROOF_SKIP_COQ=1`) two quick problems
//! of the shared corpus are added, proven end to end.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::common::cli::{command, run, stderr_of, stdout_of, usage_error};
use crate::common::coq_env::skip_coq;
use serde_json::Value;

const HEADER: &str = "id\tfen\tquestion\texpected\n";

/// A row answered at once: `unknown` (a board without side to move).
fn unknown_row(id: &str) -> String {
    format!("{id}\t8/8/8/8/8/8/8/8\tlast 1\t\n")
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The rows of the shared corpus with these ids, under its header.
fn corpus_rows(ids: &[&str]) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/corpus/lastmove.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let mut out: Vec<&str> = text.lines().take(1).collect();
    out.extend(
        text.lines()
            .filter(|l| ids.iter().any(|id| l.starts_with(&format!("{id}\t")))),
    );
    assert_eq!(out.len(), ids.len() + 1, "{ids:?}");
    out.join("\n") + "\n"
}

/// A test corpus in the shared corpus's columns: `n` instant rows (every
/// fifth an error), and with Coq two quick problems of the shared corpus.
fn corpus(dir: &Path, n: usize) -> (String, usize) {
    let mut text = if skip_coq() {
        "id\tfen\tside_to_move_known\tquestion\texpected\texpected_uci\tsource\n".to_owned()
    } else {
        corpus_rows(&["rtr-P-05", "rtr-A-005"])
    };
    let count = text.lines().count() - 1 + n;
    for i in 0..n {
        let fen = if i % 5 == 4 {
            "8/8/8/8/8/8/8/9 w - -"
        } else {
            "8/8/8/8/8/8/8/8"
        };
        text.push_str(&format!("row-{i}\t{fen}\tno\tlast 1\t\t\ttest\n"));
    }
    (write(dir, "corpus.tsv", &text), count)
}

/// `solve ARGS`: exit code and stdout lines as JSON.
fn json_run(args: &[&str]) -> (Option<i32>, Vec<Value>) {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    let out = run(&all);
    let stdout = stdout_of(&out);
    let lines = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (out.status.code(), lines)
}

/// A problem line without what depends on time: `seconds`, and coqc's.
fn timeless(line: &Value) -> Value {
    let mut line = line.clone();
    line.as_object_mut().unwrap().remove("seconds");
    if let Some(coqc) = line.pointer_mut("/result/coqc") {
        coqc.as_object_mut().unwrap().remove("seconds");
    }
    line
}

/// The problem lines by id (each id once), and the summary line's counts
/// without `seconds`.
fn by_id(lines: &[Value]) -> (BTreeMap<String, Value>, Value) {
    let mut problems = BTreeMap::new();
    let mut summaries = Vec::new();
    for line in lines {
        match line["id"].as_str() {
            Some(id) => assert!(
                problems.insert(id.to_owned(), timeless(line)).is_none(),
                "{id} twice"
            ),
            None => summaries.push(line.clone()),
        }
    }
    assert_eq!(summaries.len(), 1, "one summary line: {lines:?}");
    let mut summary = summaries[0]["summary"].clone();
    summary.as_object_mut().unwrap().remove("seconds");
    (problems, summary)
}

#[test]
fn two_shards_merged_give_what_one_run_gives() {
    let dir = tempfile::tempdir().unwrap();
    let (file, count) = corpus(dir.path(), 12);
    let time = ["--game-time", "0"];
    let (one_code, one) = json_run(&[&file, "--json", time[0], time[1]]);
    let (one, one_summary) = by_id(&one);
    assert_eq!(one.len(), count);
    let (code_0, shard_0) = json_run(&[&file, "--shard", "1/2", "--json", time[0], time[1]]);
    let (code_1, shard_1) = json_run(&[&file, "--shard", "2/2", "--json", time[0], time[1]]);
    let (only_0, _) = by_id(&shard_0);
    let (only_1, _) = by_id(&shard_1);
    assert!(!only_0.is_empty() && !only_1.is_empty());
    assert!(only_0.keys().all(|id| !only_1.contains_key(id)));
    // Each shard's exit code is its own worst problem's.
    for (code, lines) in [(code_0, &only_0), (code_1, &only_1)] {
        let has_error = lines.values().any(|l| l["status"] == "error");
        assert_eq!(code, Some(if has_error { 2 } else { 3 }), "{lines:?}");
    }
    let a = write(
        dir.path(),
        "a.jsonl",
        &shard_0.iter().map(|l| format!("{l}\n")).collect::<String>(),
    );
    let b = write(
        dir.path(),
        "b.jsonl",
        &shard_1.iter().map(|l| format!("{l}\n")).collect::<String>(),
    );
    // Merged, in either order: the same lines, the same summary, the same
    // exit code as the one run.
    for files in [[&a, &b], [&b, &a]] {
        let (code, merged) = json_run(&["--merge", files[0], files[1], "--json"]);
        let ids: Vec<&str> = merged.iter().filter_map(|l| l["id"].as_str()).collect();
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        assert_eq!(ids, sorted, "sorted by id");
        let (merged, summary) = by_id(&merged);
        assert_eq!(merged, one);
        assert_eq!(summary, one_summary);
        assert_eq!(code, one_code);
        assert_eq!(one_code, Some(2), "the worst is an error row");
    }
    // The text summary: the totals line of the one run.
    let text_of = |args: &[&str]| {
        let out = run(args);
        let stdout = stdout_of(&out);
        let totals = stdout.lines().last().unwrap().to_owned();
        let totals = totals.split(" (").next().unwrap().to_owned();
        (out.status.code(), stdout.lines().count(), totals)
    };
    let one_text = text_of(&["solve", &file, time[0], time[1]]);
    let merged_text = text_of(&["solve", "--merge", &a, &b]);
    assert_eq!(merged_text, one_text);
    assert_eq!(
        one_text.2,
        format!(
            "{count} problems: {} ok, 0 refuted, 10 unknown, 2 errors",
            count - 12
        )
    );
}

/// Every problem lands in exactly one shard, for several N, and a
/// problem's shard does not change when rows are added and reordered.
#[test]
fn the_shard_split_covers_every_id_once_and_is_stable() {
    let dir = tempfile::tempdir().unwrap();
    let ids: Vec<String> = (0..40).map(|i| format!("p-{i:03}")).collect();
    let text: String =
        HEADER.to_owned() + &ids.iter().map(|id| unknown_row(id)).collect::<String>();
    let file = write(dir.path(), "a.tsv", &text);
    // Rows added before, between and after, the old ones reversed.
    let mut grown = HEADER.to_owned() + &unknown_row("new-first");
    for (i, id) in ids.iter().rev().enumerate() {
        grown.push_str(&unknown_row(id));
        if i % 7 == 0 {
            grown.push_str(&unknown_row(&format!("new-{i}")));
        }
    }
    let grown = write(dir.path(), "b.tsv", &grown);
    let shard_ids = |file: &str, shard: &str| -> BTreeSet<String> {
        let (code, lines) = json_run(&[file, "--shard", shard, "--json"]);
        let found: BTreeSet<String> = lines
            .iter()
            .filter_map(|l| l["id"].as_str().map(str::to_owned))
            .collect();
        assert_eq!(code, Some(if found.is_empty() { 0 } else { 3 }));
        let summary = lines.last().unwrap();
        assert_eq!(summary["summary"]["items"], found.len());
        found
    };
    for n in [1, 2, 3, 7, 50] {
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        for k in 1..=n {
            let shard = format!("{k}/{n}");
            let old = shard_ids(&file, &shard);
            let new = shard_ids(&grown, &shard);
            let kept: BTreeSet<String> =
                new.iter().filter(|id| ids.contains(id)).cloned().collect();
            assert_eq!(kept, old, "shard {shard} moved when rows were added");
            for id in old {
                *seen.entry(id).or_default() += 1;
            }
        }
        assert_eq!(seen.len(), ids.len(), "N = {n}");
        assert!(seen.values().all(|&c| c == 1), "N = {n}: {seen:?}");
    }
    // 50 shards of 40 problems: some are empty (exit 0, checked above).
    assert!((1..=50).any(|k| shard_ids(&file, &format!("{k}/50")).is_empty()));
    // K > N, K = 0, N = 0, and what is not K/N: one `error:` line, exit 2.
    for bad in ["3/2", "0/2", "0/0", "1/0", "1", "a/2", "-1/2", "1/2/3"] {
        let line = usage_error(&["solve", &file, "--shard", bad]);
        assert!(line.contains("--shard"), "{line}");
    }
}

/// A problem answered in the resume file is not solved again (the line
/// written by hand here says `ok`, which solving would not); the new lines
/// are appended to the file, summary lines and other ids left as they
/// were; the output is that of one run; run again, nothing is solved.
#[test]
fn resume_skips_answered_ids_and_appends_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let rows: String = ["a", "b", "c"].iter().map(|id| unknown_row(id)).collect();
    let file = write(dir.path(), "t.tsv", &(HEADER.to_owned() + &rows));
    let answered = r#"{"id":"b","status":"ok","code":0,"detail":"answered before","seconds":1.0}"#;
    let other = r#"{"id":"elsewhere","status":"refuted","code":1,"detail":"","seconds":0.5}"#;
    let summary =
        r#"{"summary":{"items":2,"ok":1,"refuted":1,"unknown":0,"error":0,"seconds":1.5}}"#;
    let before = format!("{answered}\n{other}\n{summary}\n");
    let resume = write(dir.path(), "r.jsonl", &before);
    let (code, lines) = json_run(&[&file, "--resume", &resume, "--json"]);
    assert_eq!(code, Some(3));
    let ids: Vec<&str> = lines.iter().filter_map(|l| l["id"].as_str()).collect();
    assert_eq!(&ids[..1], ["b"], "the problem answered before comes first");
    assert_eq!(
        ids.iter().copied().collect::<BTreeSet<_>>(),
        ["a", "b", "c"].into()
    );
    assert_eq!(lines[0]["detail"], "answered before");
    let last = lines.last().unwrap();
    assert_eq!(last["summary"]["items"], 3);
    assert_eq!(last["summary"]["ok"], 1);
    assert_eq!(last["summary"]["unknown"], 2);
    // The file: as it was, then the two new lines, no summary.
    let after = std::fs::read_to_string(&resume).unwrap();
    let new = after.strip_prefix(&before).expect("appended");
    let new_ids: BTreeSet<String> = new
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["id"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(new_ids, ["a".to_owned(), "c".to_owned()].into());
    // Again: nothing left to solve, the same output, the file unchanged.
    let (code, again) = json_run(&[&file, "--resume", &resume, "--json"]);
    assert_eq!(code, Some(3));
    assert_eq!(by_id(&again), by_id(&lines));
    assert_eq!(std::fs::read_to_string(&resume).unwrap(), after);
    // Without --json: the table of every problem.
    let out = run(&["solve", &file, "--resume", &resume]);
    let table = stdout_of(&out);
    assert!(table.contains("answered before"), "{table}");
    assert!(
        table.ends_with("3 problems: 1 ok, 0 refuted, 2 unknown, 0 errors (1.0 s)\n"),
        "{table}"
    );
    // Standard input is no resume file.
    usage_error(&["solve", &file, "--resume", "-"]);
}

#[test]
fn merge_refuses_a_problem_twice_and_lines_that_are_not_problems() {
    let dir = tempfile::tempdir().unwrap();
    let line = r#"{"id":"x","status":"ok","code":0,"detail":"","seconds":1.0}"#;
    let a = write(dir.path(), "a.jsonl", &format!("{line}\n"));
    let b = write(dir.path(), "b.jsonl", &format!("\n{line}\n"));
    let message = usage_error(&["solve", "--merge", &a, &b]);
    assert!(
        message.contains("a.jsonl:1") && message.contains("b.jsonl:2"),
        "{message}"
    );
    let bad = write(dir.path(), "c.jsonl", &format!("{line}\nnot json\n"));
    let message = usage_error(&["solve", "--merge", &bad]);
    assert!(message.contains("c.jsonl:2"), "{message}");
    // --merge solves nothing: a problem file or solving options are refused.
    let tsv = write(
        dir.path(),
        "t.tsv",
        &(HEADER.to_owned() + &unknown_row("x")),
    );
    usage_error(&["solve", &tsv, "--merge", &a]);
    usage_error(&["solve", "--merge", &a, "--shard", "1/2"]);
    usage_error(&["solve"]);
    // One ok problem: exit 0, and its line with --json.
    let (code, lines) = json_run(&["--merge", &a, "--json"]);
    assert_eq!(code, Some(0));
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["summary"]["ok"], 1);
}

/// A resume file whose last line was cut short (a run killed while
/// writing it) loses that line, with a note, and its problem is solved
/// again; a malformed line elsewhere is bad input (one `error:` line,
/// exit 2) and the file is left as it was.
#[test]
fn resume_drops_a_cut_last_line_and_refuses_a_malformed_file() {
    let dir = tempfile::tempdir().unwrap();
    let rows: String = ["a", "b", "c"].iter().map(|id| unknown_row(id)).collect();
    let file = write(dir.path(), "t.tsv", &(HEADER.to_owned() + &rows));
    let whole = r#"{"id":"a","status":"ok","code":0,"detail":"answered before","seconds":1.0}"#;
    let cut = r#"{"id":"b","status":"unkn"#;
    let resume = write(dir.path(), "r.jsonl", &format!("{whole}\n{cut}"));
    let out = run(&["solve", &file, "--resume", &resume, "--json"]);
    assert_eq!(out.status.code(), Some(3));
    // One note naming the line dropped, before the run's `error:` totals.
    let err = stderr_of(&out);
    let notes: Vec<&str> = err.lines().filter(|l| l.starts_with("note: ")).collect();
    assert!(notes.len() == 1 && notes[0].contains("r.jsonl:2"), "{err}");
    let lines: Vec<Value> = stdout_of(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (by, summary) = by_id(&lines);
    assert_eq!(by.keys().collect::<Vec<_>>(), ["a", "b", "c"]);
    assert_eq!(by["a"]["detail"], "answered before");
    assert_eq!(by["b"]["status"], "unknown", "b solved again");
    assert_eq!(summary["items"], 3);
    let after = std::fs::read_to_string(&resume).unwrap();
    // The cut line is gone; the new lines of b and c follow a's.
    let rest = after.strip_prefix(&format!("{whole}\n")).expect("a kept");
    assert!(after.ends_with('\n'), "{after}");
    let new: BTreeSet<String> = rest
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            v["id"].as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(new, ["b".to_owned(), "c".to_owned()].into(), "{after}");
    assert_eq!(after.lines().count(), 3, "{after}");
    let out = run(&["solve", &file, "--resume", &resume]);
    let err = stderr_of(&out);
    assert!(!err.contains("note:"), "nothing cut any more: {err}");
    assert_eq!(out.status.code(), Some(3), "{err}");
    // A cut line that is not the last, a line that is not a problem line,
    // or an id twice: refused, the file untouched.
    for bad in [
        format!("{cut}\n{whole}\n"),
        format!("{whole}\n[1, 2]\n"),
        format!("{whole}\n{whole}\n"),
    ] {
        let resume = write(dir.path(), "bad.jsonl", &bad);
        let line = usage_error(&["solve", &file, "--resume", &resume]);
        assert!(line.contains("bad.jsonl"), "{line}");
        assert_eq!(std::fs::read_to_string(&resume).unwrap(), bad);
    }
}

/// A `--resume` or `--merge` file that cannot be read (a directory, a
/// path in a missing directory, a missing file, bytes that are not UTF-8)
/// is bad input: one `error:` line naming it, exit 2, nothing solved.
#[test]
fn files_that_cannot_be_read_are_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        "t.tsv",
        &(HEADER.to_owned() + &unknown_row("a")),
    );
    let folder = dir.path().to_str().unwrap().to_owned();
    let nowhere = dir.path().join("missing/r.jsonl");
    let nowhere = nowhere.to_str().unwrap();
    let binary = dir.path().join("binary.jsonl");
    std::fs::write(&binary, b"\xff\xfe\n").unwrap();
    let binary = binary.to_str().unwrap();
    for resume in [folder.as_str(), nowhere, binary] {
        let line = usage_error(&["solve", &file, "--resume", resume]);
        assert!(line.contains(resume) && line.contains("--resume"), "{line}");
    }
    assert!(!Path::new(nowhere).exists());
    let missing = dir.path().join("none.jsonl");
    let missing = missing.to_str().unwrap();
    for lines in [folder.as_str(), missing] {
        let line = usage_error(&["solve", "--merge", lines]);
        assert!(line.contains(lines), "{line}");
    }
}

/// The `jq` line of docs/solve.md gives the summary line `--merge` gives
/// (without `seconds`, summed in another order). Skipped without `jq`.
#[test]
fn the_documented_jq_line_gives_the_merged_summary() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/solve.md");
    let docs = std::fs::read_to_string(docs).unwrap();
    let program = docs
        .lines()
        .find_map(|l| l.trim().strip_prefix("jq -s -c '"))
        .and_then(|l| l.split_once("' "))
        .map(|(program, _)| program.to_owned())
        .expect("docs/solve.md has a line `jq -s -c '…' FILES`");
    let dir = tempfile::tempdir().unwrap();
    let lines = [
        r#"{"id":"x","status":"ok","code":0,"detail":"","seconds":1.0}"#,
        r#"{"summary":{"items":1,"ok":1,"refuted":0,"unknown":0,"error":0,"seconds":1.0}}"#,
        r#"{"id":"y","status":"unknown","code":3,"detail":"","seconds":0.5}"#,
        r#"{"id":"z","status":"error","code":2,"detail":"bad","seconds":0.25}"#,
        r#"{"id":"w","status":"unknown","code":3,"detail":"","seconds":2}"#,
    ];
    let a = write(
        dir.path(),
        "a.jsonl",
        &format!("{}\n{}\n", lines[0], lines[1]),
    );
    let b = write(dir.path(), "b.jsonl", &(lines[2..].join("\n") + "\n"));
    let Ok(out) = std::process::Command::new("jq")
        .args(["-s", "-c", &program, &a, &b])
        .output()
    else {
        eprintln!("skipping: no jq");
        return;
    };
    assert!(out.status.success(), "{}", stderr_of(&out));
    let jq: Value = serde_json::from_slice(&out.stdout).unwrap();
    let (_, merged) = json_run(&["--merge", &a, &b, "--json"]);
    let merged = merged.last().unwrap().clone();
    assert_eq!(jq["summary"]["seconds"], 3.75);
    let without_seconds = |v: &Value| {
        let mut v = v["summary"].clone();
        v.as_object_mut().unwrap().remove("seconds");
        v
    };
    assert_eq!(without_seconds(&jq), without_seconds(&merged));
    assert_eq!(merged["summary"]["unknown"], 2);
}

/// A stand-in for `coqc` that answers the version probe and otherwise
/// writes its pid to the FIFO `$FAKE_COQC_FIFO`, then sleeps (as itself,
/// `exec`) until killed: a proof being checked, for as long as it takes.
#[cfg(target_os = "linux")]
fn fake_coqc(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt as _;
    let path = dir.join("coqc");
    std::fs::write(
        &path,
        "#!/bin/sh\n\
         if [ \"$1\" = --print-version ]; then echo '8.16.1 4.14.1'; exit 0; fi\n\
         echo $$ > \"$FAKE_COQC_FIFO\"\n\
         exec sleep 600\n",
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Whether the process `pid` is alive (not gone, not a zombie).
#[cfg(target_os = "linux")]
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            let state = stat.rsplit_once(") ")?.1.chars().next()?;
            Some(state != 'Z' && state != 'X')
        })
        .unwrap_or(false)
}

/// SIGTERM (and SIGHUP) to a run busy checking a proof: the handler
/// finishes no line after it, kills `coqc` (here a stand-in that would
/// sleep ten minutes: no sleep in the test, it waits on FIFO reads and on
/// the process), exits 130 with one `error: interrupted` line naming what
/// finished and what was abandoned, prints no summary, and leaves the
/// lines written whole (standard output and the resume file) and no
/// temporary file. Resumed (with Coq), the run answers the rest once.
#[cfg(target_os = "linux")]
#[test]
fn sigterm_or_sighup_stops_a_run_with_its_lines_whole_and_coqc_killed() {
    use std::io::{BufRead as _, BufReader, Write as _};
    for signal in ["TERM", "HUP"] {
        let dir = tempfile::tempdir().unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let coqc = fake_coqc(dir.path());
        let fifo = dir.path().join("coqc-pids");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        // Opened for reading and writing: never blocks, and a read waits
        // for a line (from the stand-in, or from the waiter below).
        let mut pids = BufReader::new(
            std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(&fifo)
                .unwrap(),
        );
        // Three instant problems, one that reaches coqc, one not started.
        let proof = corpus_rows(&["rtr-P-01"]);
        let (header, proof) = proof.split_once('\n').unwrap();
        let quick = |id: &str| format!("{id}\t8/8/8/8/8/8/8/8\tno\tlast 1\t\t\ttest\n");
        let text = format!(
            "{header}\n{}{}{}{proof}{}",
            quick("q1"),
            quick("q2"),
            quick("q3"),
            quick("q4")
        );
        let file = write(dir.path(), "t.tsv", &text);
        let resume = dir.path().join("r.jsonl");
        let args = [
            "solve",
            &file,
            "--json",
            "--jobs",
            "1",
            "--resume",
            resume.to_str().unwrap(),
        ];
        let child = command()
            .args(args)
            .env("COQC", &coqc)
            .env("FAKE_COQC_FIFO", &fifo)
            .env("TMPDIR", tmp.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let waiter = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                let out = child.wait_with_output().unwrap();
                // Unblocks the read below if coqc was never started.
                if let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(&fifo) {
                    let _ = writeln!(f, "exited");
                }
                out
            })
        };
        let mut line = String::new();
        pids.read_line(&mut line).unwrap();
        let Ok(coqc_pid) = line.trim().parse::<u32>() else {
            let out = waiter.join().unwrap();
            panic!(
                "coqc was not started ({line:?}): {}{}",
                stdout_of(&out),
                stderr_of(&out)
            );
        };
        assert!(alive(coqc_pid));
        let sent = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &pid.to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let out = waiter.join().unwrap();
        let still = alive(coqc_pid);
        if still {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", &coqc_pid.to_string()])
                .status();
        }
        assert!(!still, "SIG{signal}: coqc {coqc_pid} left running");
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(130), "SIG{signal}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with(
                "error: interrupted: 3 of 5 problems finished; abandoned while running: \
                 rtr-P-01; 1 not started; their lines are in "
            ),
            "{err}"
        );
        // Whole lines, the three finished problems', no summary: on
        // standard output and in the resume file alike.
        let written = std::fs::read_to_string(&resume).unwrap();
        for text in [stdout_of(&out), written.clone()] {
            assert!(text.ends_with('\n'), "{text:?}");
            let ids: Vec<String> = text
                .lines()
                .map(|l| {
                    let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
                    v["id"].as_str().unwrap().to_owned()
                })
                .collect();
            assert_eq!(ids, ["q1", "q2", "q3"]);
        }
        let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
        assert!(left.is_empty(), "{left:?}");
        if skip_coq() || signal != "TERM" {
            continue;
        }
        // Resumed with the real coqc: the two others are solved, appended
        // after the others, and the summary counts all five.
        let out = command().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(3), "{}", stderr_of(&out));
        let after = std::fs::read_to_string(&resume).unwrap();
        let new = after.strip_prefix(&written).expect("appended");
        let new: BTreeSet<String> = new
            .lines()
            .map(|l| {
                serde_json::from_str::<Value>(l).unwrap()["id"]
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        assert_eq!(new, ["q4".to_owned(), "rtr-P-01".to_owned()].into());
        let lines: Vec<Value> = stdout_of(&out)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let (by, summary) = by_id(&lines);
        assert_eq!(by.len(), 5);
        assert_eq!(by["rtr-P-01"]["status"], "ok");
        assert_eq!(
            (summary["ok"].clone(), summary["unknown"].clone()),
            (1.into(), 4.into())
        );
    }
}
