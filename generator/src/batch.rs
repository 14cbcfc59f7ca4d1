//! Running many items (games, problems, positions) with `--jobs`, a
//! progress bar, one JSON line per item and a summary table: built once for
//! `check-game --all`, `solve`, `diff`; and the pieces that spread a batch
//! over many runs (`solve --shard`, `--resume`, `--merge`, see
//! docs/solve.md).
//!
//! A command turns its inputs into `(id, input)` pairs, gives [`run_items`]
//! a `work` function returning [`Done`] or a [`CliError`] per item, and
//! prints either [`json_line`] of each [`Outcome`] (`--json`, streamed as
//! items finish) and [`json_summary`], or the [`summary_table`]; [`exit_result`] turns the
//! outcomes into the command's result (exit code of the worst item).
//!
//! Many runs, one result: a [`Shard`] takes the items whose id hashes to
//! it ([`shard_of`]), so that runs on several machines split a file
//! without talking to each other; [`Resume`] reads a file of JSON lines
//! back (the items answered before) and appends the new ones; [`merge`]
//! reads the lines of several runs back into one list of outcomes, from
//! which the same [`summary_table`], [`json_summary`] and [`exit_result`]
//! are made as for one run. The JSON lines of runs therefore concatenate:
//! an item line stands alone, and a summary line is only ever recomputed,
//! never added up.
//!
//! ```
//! use retroproof::batch::{run_items, summary_table, exit_result, BatchOptions, Done};
//! use retroproof::CliError;
//! let items = vec![("a".to_string(), 2u64), ("b".to_string(), 3u64)];
//! let outcomes = run_items(
//!     &items,
//!     &BatchOptions { jobs: 2, unit: "numbers".into() },
//!     |n: &u64| if n % 2 == 0 { Ok(Done::new(format!("{n} is even"))) }
//!               else { Err(CliError::refuted(format!("{n} is odd"))) },
//!     |_outcome| {},
//! );
//! assert_eq!(outcomes[0].id, "a");
//! assert!(summary_table(&outcomes, "numbers").contains("2 numbers: 1 ok, 1 refuted"));
//! assert_eq!(exit_result(&outcomes, "numbers").unwrap_err().code(), 1);
//! ```

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::cli::error::CliError;
use crate::progress::Progress;

/// The most parallel runs `--jobs` accepts.
pub const MAX_JOBS: u64 = 64;

/// Parses `--jobs`: 1 to [`MAX_JOBS`] (0 is refused: it would run nothing).
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    crate::input::parse_bounded(text, "--jobs", 1, MAX_JOBS).map(|n| n as usize)
}

/// How a batch runs.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// Items worked on at once (at least 1).
    pub jobs: usize,
    /// What the items are, plural, for the progress bar ("games").
    pub unit: String,
}

/// What `work` returns for an item that succeeded.
#[derive(Debug, Clone, Default)]
pub struct Done {
    /// One line for the summary table.
    pub detail: String,
    /// Extra JSON fields for the item's line (an object, or `null`).
    pub json: serde_json::Value,
}

impl Done {
    pub fn new(detail: impl Into<String>) -> Done {
        Done {
            detail: detail.into(),
            json: serde_json::Value::Null,
        }
    }

    pub fn with_json(mut self, json: impl Serialize) -> Done {
        self.json = serde_json::to_value(json).unwrap_or(serde_json::Value::Null);
        self
    }
}

/// How an item ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Answered, proven.
    Ok,
    /// A "no" answer (exit 1 alone).
    Refuted,
    /// No answer within the budget (exit 3 alone).
    Unknown,
    /// Bad input, environment or a fault of retroproof (exit 2, 4 or 5
    /// alone).
    Error,
}

impl Status {
    fn word(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Refuted => "refuted",
            Status::Unknown => "unknown",
            Status::Error => "error",
        }
    }
}

/// One item's result, as printed by [`json_line`] and [`summary_table`],
/// and read back from a JSON line by [`Resume`] and [`merge`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Outcome {
    /// The item's id (game number, problem id, FEN).
    pub id: String,
    pub status: Status,
    /// The exit code this item alone would give.
    pub code: u8,
    /// The success line, or the error message.
    pub detail: String,
    pub seconds: f64,
    /// `Done::json`, when not null.
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub result: serde_json::Value,
}

/// Runs `work` on every item, `options.jobs` at a time, with a progress
/// bar on a terminal. `on_done` sees each outcome as it finishes (in
/// completion order, one at a time: print JSON lines there, holding
/// [`crate::interrupt::hold_output`]); the returned outcomes are in input
/// order. Interrupted, the process says how many items finished and which
/// were abandoned while running (an item counts as finished once
/// `on_done` has returned).
pub fn run_items<T: Sync>(
    items: &[(String, T)],
    options: &BatchOptions,
    work: impl Fn(&T) -> Result<Done, CliError> + Sync,
    on_done: impl FnMut(&Outcome) + Send,
) -> Vec<Outcome> {
    let bar = Progress::new(items.len() as u64, &options.unit);
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; items.len()]);
    let on_done = Mutex::new(on_done);
    let jobs = options.jobs.clamp(1, items.len().max(1));
    let state = Arc::new(Mutex::new(Running::default()));
    let _noted = crate::interrupt::note({
        let state = Arc::clone(&state);
        let total = items.len();
        let unit = options.unit.clone();
        move || lock(&state).describe(total, &unit)
    });
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((id, input)) = items.get(i) else {
                    break;
                };
                lock(&state).running.insert(i, id.clone());
                let start = Instant::now();
                let result = work(input);
                let seconds = start.elapsed().as_secs_f64();
                let outcome = match result {
                    Ok(done) => Outcome {
                        id: id.clone(),
                        status: Status::Ok,
                        code: 0,
                        detail: done.detail,
                        seconds,
                        result: done.json,
                    },
                    Err(e) => Outcome {
                        id: id.clone(),
                        status: match e {
                            CliError::Refuted(_) => Status::Refuted,
                            CliError::Unknown(_) => Status::Unknown,
                            CliError::Usage(_)
                            | CliError::Environment(_)
                            | CliError::Internal(_) => Status::Error,
                        },
                        code: e.code(),
                        detail: e.message().to_owned(),
                        seconds,
                        result: serde_json::Value::Null,
                    },
                };
                {
                    let mut f = lock(&on_done);
                    f(&outcome);
                }
                {
                    let mut state = lock(&state);
                    state.running.remove(&i);
                    state.finished += 1;
                }
                bar.inc(1);
                lock(&slots)[i] = Some(outcome);
            });
        }
    });
    bar.finish();
    slots
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .flatten()
        .collect()
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

/// The items of a running batch that have finished, and those being
/// worked on (by input index), for the words said when it is interrupted.
#[derive(Debug, Default)]
struct Running {
    finished: usize,
    running: BTreeMap<usize, String>,
}

impl Running {
    /// `3 of 10 problems finished; abandoned while running: a, b; 5 not
    /// started`.
    fn describe(&self, total: usize, unit: &str) -> String {
        const SHOWN: usize = 8;
        let mut words = format!("{} of {total} {unit} finished", self.finished);
        if !self.running.is_empty() {
            let ids: Vec<&str> = self.running.values().map(String::as_str).collect();
            let _ = write!(
                words,
                "; abandoned while running: {}",
                ids[..ids.len().min(SHOWN)].join(", ")
            );
            if ids.len() > SHOWN {
                let _ = write!(words, " and {} more", ids.len() - SHOWN);
            }
        }
        let not_started = total.saturating_sub(self.finished + self.running.len());
        if not_started > 0 {
            let _ = write!(words, "; {not_started} not started");
        }
        words
    }
}

/// `value` as one line of compact JSON, with its newline (JSON Lines).
pub fn json_line(value: &impl Serialize) -> String {
    let mut line = serde_json::to_string(value).unwrap_or_else(|e| {
        serde_json::json!({ "error": format!("cannot encode JSON: {e}") }).to_string()
    });
    line.push('\n');
    line
}

/// The last line of a batch's JSON Lines: `{"summary": <totals>}`.
pub fn json_summary(outcomes: &[Outcome]) -> String {
    #[derive(Serialize)]
    struct Summary {
        summary: Totals,
    }
    json_line(&Summary {
        summary: totals(outcomes),
    })
}

/// Counts by status, for the last line and the JSON summary.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Totals {
    pub items: usize,
    pub ok: usize,
    pub refuted: usize,
    pub unknown: usize,
    pub error: usize,
    pub seconds: f64,
}

/// The counts of `outcomes`.
pub fn totals(outcomes: &[Outcome]) -> Totals {
    let mut t = Totals {
        items: outcomes.len(),
        ..Totals::default()
    };
    for o in outcomes {
        match o.status {
            Status::Ok => t.ok += 1,
            Status::Refuted => t.refuted += 1,
            Status::Unknown => t.unknown += 1,
            Status::Error => t.error += 1,
        }
        t.seconds += o.seconds;
    }
    t
}

/// `12 games: 10 ok, 1 refuted, 1 unknown, 0 errors (34.5 s)`.
pub fn totals_line(outcomes: &[Outcome], unit: &str) -> String {
    let t = totals(outcomes);
    let unit = if t.items == 1 {
        unit.strip_suffix('s').unwrap_or(unit)
    } else {
        unit
    };
    format!(
        "{} {unit}: {} ok, {} refuted, {} unknown, {} error{} ({:.1} s)",
        t.items,
        t.ok,
        t.refuted,
        t.unknown,
        t.error,
        if t.error == 1 { "" } else { "s" },
        t.seconds
    )
}

/// An aligned table, one row per item (`id  status  seconds  detail`, the
/// detail cut to one short line), then [`totals_line`].
pub fn summary_table(outcomes: &[Outcome], unit: &str) -> String {
    let id_width = outcomes
        .iter()
        .map(|o| o.id.chars().count())
        .chain([2])
        .max()
        .unwrap_or(2)
        .min(40);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<id_width$}  {:<7}  {:>8}  detail",
        "id", "status", "seconds"
    );
    for o in outcomes {
        let id: String = if o.id.chars().count() > id_width {
            o.id.chars()
                .take(id_width - 1)
                .chain(std::iter::once('…'))
                .collect()
        } else {
            o.id.clone()
        };
        let _ = writeln!(
            out,
            "{id:<id_width$}  {:<7}  {:>8.2}  {}",
            o.status.word(),
            o.seconds,
            crate::input::prefix(
                &o.detail.split_whitespace().collect::<Vec<_>>().join(" "),
                120
            )
        );
    }
    out.push_str(&totals_line(outcomes, unit));
    out.push('\n');
    out
}

/// The batch's result: `Ok` when every item is ok; else the error of the
/// worst item (a fault of retroproof 5, environment 4, then bad input 2, refuted 1, unknown 3),
/// with the totals as its message.
pub fn exit_result(outcomes: &[Outcome], unit: &str) -> Result<(), CliError> {
    let worst = [5u8, 4, 2, 1, 3]
        .into_iter()
        .find(|c| outcomes.iter().any(|o| o.code == *c));
    let message = totals_line(outcomes, unit);
    match worst {
        None => Ok(()),
        Some(5) => Err(CliError::internal(message)),
        Some(4) => Err(CliError::environment(message)),
        Some(2) => Err(CliError::usage(message)),
        Some(1) => Err(CliError::refuted(message)),
        Some(_) => Err(CliError::unknown(message)),
    }
}

/// The most runs `--shard K/N` splits a file into.
pub const MAX_SHARDS: u64 = 1_000_000;

/// One of `count` runs that split a batch between them (`--shard K/N`:
/// `index` K from 1 to N, as GNU parallel's `{#}` and a Slurm array
/// `--array=1-N` count): the items whose id hashes to it ([`shard_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// Whether the item `id` is this shard's.
    pub fn contains(&self, id: &str) -> bool {
        shard_of(id, self.count) == self.index
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Parses `--shard K/N`: N from 1 to [`MAX_SHARDS`], K from 1 to N.
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let form = "--shard must be K/N, the shard K (from 1 to N) of N";
    let Some((k, n)) = text.trim().split_once('/') else {
        return Err(format!("{form}, not {}", crate::input::quote(text)));
    };
    let count = crate::input::parse_bounded(n, "N of --shard K/N", 1, MAX_SHARDS)?;
    let index = crate::input::parse_bounded(k, "K of --shard K/N", 1, count)?;
    Ok(Shard { index, count })
}

/// The shard of `id` among `count`, from 1 to `count`:
/// `mix(fnv1a(id)) mod count + 1`, where
/// `fnv1a` is the 64-bit FNV-1a hash of the id's UTF-8 bytes (offset basis
/// 0xcbf29ce484222325, prime 0x100000001b3) and `mix` is MurmurHash3's
/// 64-bit finalizer (`x ^= x >> 33; x *= 0xff51afd7ed558ccd; x ^= x >> 33;
/// x *= 0xc4ceb9fe1a85ec53; x ^= x >> 33`, wrapping).
///
/// Why a hash of the id: a problem's shard depends on nothing but its id
/// and N, so adding, removing or reordering lines of a file moves no other
/// problem to another shard, and every machine computes the split alone.
/// Why the finalizer: FNV-1a's low bits follow the low bits of the bytes
/// (its parity is the parity of the ids' bytes), so ids that differ only in
/// a last digit would split by that digit; mixed, they spread evenly. The
/// formula is fixed (docs/solve.md gives it in a few lines of Python):
/// changing it would move problems between the shards of runs already
/// made.
pub fn shard_of(id: &str, count: u64) -> u64 {
    let mut x: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes() {
        x ^= u64::from(b);
        x = x.wrapping_mul(0x0100_0000_01b3);
    }
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^= x >> 33;
    x % count.max(1) + 1
}

/// The largest file of JSON lines [`merge`] reads (4 GiB): far more than
/// the lines of a corpus of a million problems need.
pub const MAX_LINES_BYTES: u64 = 4 << 30;

/// An item line read back, with its line number (from 1).
#[derive(Debug, Clone)]
pub struct ReadLine {
    pub line: usize,
    pub outcome: Outcome,
}

/// Reads the JSON lines of a batch (`text`, named `name` in errors): each
/// item line an [`Outcome`] (`id`, `status`, `code`, `detail`, `seconds`,
/// optional `result`; other fields are ignored). A summary line (an object
/// with `summary` and no `id`) and a blank line are skipped: a summary is
/// recomputed from the item lines, never read. Any other line is bad input
/// (exit 2), named by its number.
pub fn read_lines(text: &str, name: &str) -> Result<Vec<ReadLine>, CliError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(outcome) = read_line(line, name, i + 1)? {
            out.push(ReadLine {
                line: i + 1,
                outcome,
            });
        }
    }
    Ok(out)
}

fn read_line(line: &str, name: &str, number: usize) -> Result<Option<Outcome>, CliError> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let bad = |why: String| {
        CliError::usage(format!(
            "{name}:{number}: not a line of `solve --json` ({why}): {}",
            crate::input::quote(line)
        ))
    };
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| bad(format!("not JSON: {e}")))?;
    if value.get("summary").is_some() && value.get("id").is_none() {
        return Ok(None);
    }
    serde_json::from_value(value)
        .map(Some)
        .map_err(|e| bad(e.to_string()))
}

/// Refuses an id answered twice: the counts would count it twice.
fn check_once(
    seen: &mut HashMap<String, String>,
    id: &str,
    place: impl FnOnce() -> String,
) -> Result<(), CliError> {
    let here = place();
    let Some(before) = seen.insert(id.to_owned(), here.clone()) else {
        return Ok(());
    };
    let why = if before == here {
        "the same file given twice?"
    } else {
        "two runs given the same shard, or the same problems?"
    };
    Err(CliError::usage(format!(
        "the id {} has two lines, {before} and {here} ({why}): each problem must be \
         answered once",
        crate::input::quote(id)
    )))
}

/// The item lines of `files` (`-`: standard input), as one batch: summary
/// lines skipped, an id answered in two lines refused (exit 2, naming
/// both), sorted by id (bytewise), so that the order of the files and of
/// their lines does not matter.
pub fn merge(files: &[PathBuf]) -> Result<Vec<Outcome>, CliError> {
    let mut seen = HashMap::new();
    let mut all = Vec::new();
    for file in files {
        let name = file.display().to_string();
        let text = crate::input::read_text_limited(file, MAX_LINES_BYTES)?;
        for read in read_lines(&text, &name)? {
            check_once(&mut seen, &read.outcome.id, || {
                format!("{name}:{}", read.line)
            })?;
            all.push(read.outcome);
        }
    }
    all.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(all)
}

/// A file of JSON lines a run resumes (`--resume FILE`): the items
/// answered there before, and the file open for appending the new ones.
///
/// The file is created when missing. Its lines are read as [`merge`]
/// reads them (summary lines skipped, an id twice refused). A last line
/// without its newline is what a run killed while writing leaves: when it
/// is a whole item line the newline is added; when it is cut short it is
/// dropped from the file (its item is answered again), with a `note:` on
/// standard error.
#[derive(Debug)]
pub struct Resume {
    path: PathBuf,
    file: File,
    answered: Vec<Outcome>,
}

impl Resume {
    pub fn open(path: &Path) -> Result<Resume, CliError> {
        let name = path.display().to_string();
        if path == Path::new("-") {
            return Err(CliError::usage(
                "--resume needs a file: its lines are read, then appended to",
            ));
        }
        let cannot = |what: &str, e: std::io::Error| {
            CliError::usage(format!("--resume {}: cannot {what}: {e}", name))
        };
        if let Ok(meta) = std::fs::metadata(path) {
            if !meta.is_file() {
                return Err(CliError::usage(format!(
                    "--resume {name}: not a regular file"
                )));
            }
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| cannot("open or create it", e))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|e| cannot("read it", e))?;
        let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let text = std::str::from_utf8(&bytes[..whole])
            .map_err(|e| CliError::usage(format!("--resume {name}: not UTF-8 text: {e}")))?;
        let mut lines = read_lines(text, &name)?;
        if whole < bytes.len() {
            let number = text.lines().count() + 1;
            let tail = std::str::from_utf8(&bytes[whole..]).ok();
            match tail.map(|t| read_line(t, &name, number)) {
                Some(Ok(Some(outcome))) => {
                    file.write_all(b"\n")
                        .map_err(|e| cannot("append to it", e))?;
                    lines.push(ReadLine {
                        line: number,
                        outcome,
                    });
                }
                Some(Ok(None)) => {
                    file.write_all(b"\n")
                        .map_err(|e| cannot("append to it", e))?;
                }
                _ => {
                    file.set_len(whole as u64)
                        .map_err(|e| cannot("drop its cut last line", e))?;
                    let _ = writeln!(
                        std::io::stderr(),
                        "note: {name}:{number}: the last line was cut short (a run killed while \
                         writing it): dropped, its problem is solved again"
                    );
                }
            }
        }
        let mut seen = HashMap::new();
        for read in &lines {
            check_once(&mut seen, &read.outcome.id, || {
                format!("{name}:{}", read.line)
            })?;
        }
        Ok(Resume {
            path: path.to_owned(),
            file,
            answered: lines.into_iter().map(|r| r.outcome).collect(),
        })
    }

    /// The items answered in the file before this run, in its order.
    pub fn answered(&self) -> &[Outcome] {
        &self.answered
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `outcome`'s line (one `write`, the file opened for
    /// appending).
    pub fn append(&mut self, outcome: &Outcome) -> std::io::Result<()> {
        self.file.write_all(json_line(outcome).as_bytes())
    }
}

/// Where a batch's item lines go as items finish: standard output
/// (`--json`), a [`Resume`] file, both or neither; each line written whole
/// under [`crate::interrupt::hold_output`].
#[derive(Debug)]
pub struct Sink<'a> {
    pub stdout: bool,
    pub resume: Option<&'a mut Resume>,
    failed: Option<CliError>,
}

impl<'a> Sink<'a> {
    pub fn new(stdout: bool, resume: Option<&'a mut Resume>) -> Sink<'a> {
        Sink {
            stdout,
            resume,
            failed: None,
        }
    }

    /// Writes `outcome`'s line: to the resume file first (the record a
    /// later run reads), then to standard output. A file that cannot be
    /// appended to is remembered for [`Sink::finish`].
    pub fn write(&mut self, outcome: &Outcome) {
        let _hold = crate::interrupt::hold_output();
        if let Some(resume) = self.resume.as_deref_mut() {
            if let Err(e) = resume.append(outcome) {
                let path = resume.path().display().to_string();
                self.failed.get_or_insert_with(|| {
                    CliError::environment(format!("cannot append to {path}: {e}"))
                });
            }
        }
        if self.stdout {
            let _ = crate::cli::output::write_stdout(&json_line(outcome));
        }
    }

    /// The first failure to append, if any (exit 4: the disk, not the
    /// input).
    pub fn finish(self) -> Result<(), CliError> {
        self.failed.map_or(Ok(()), Err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_in_input_order_whatever_the_finishing_order() {
        let items: Vec<(String, u64)> = (0..20).map(|i| (format!("item {i}"), i)).collect();
        let seen = Mutex::new(Vec::new());
        let outcomes = run_items(
            &items,
            &BatchOptions {
                jobs: 4,
                unit: "items".into(),
            },
            |&n| {
                // Early items take longest, so they finish last.
                std::thread::sleep(std::time::Duration::from_millis(20 - n));
                match n % 5 {
                    0 => Err(CliError::unknown("too deep")),
                    1 => Err(CliError::environment("no coqc")),
                    _ => Ok(Done::new(format!("{n}")).with_json(serde_json::json!({ "n": n }))),
                }
            },
            |o| seen.lock().unwrap().push(o.id.clone()),
        );
        let ids: Vec<&str> = outcomes.iter().map(|o| o.id.as_str()).collect();
        let expected: Vec<String> = (0..20).map(|i| format!("item {i}")).collect();
        assert_eq!(ids, expected);
        assert_eq!(seen.lock().unwrap().len(), 20);
        let t = totals(&outcomes);
        assert_eq!((t.ok, t.unknown, t.error, t.refuted), (12, 4, 4, 0));
        // Environment errors outrank the rest.
        assert_eq!(exit_result(&outcomes, "items").unwrap_err().code(), 4);
        let line = json_line(&outcomes[2]);
        assert!(line.ends_with('\n') && line.matches('\n').count() == 1);
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["status"], "ok");
        assert_eq!(v["result"]["n"], 2);
        let table = summary_table(&outcomes, "items");
        assert_eq!(table.lines().count(), 22);
        assert!(
            table
                .lines()
                .last()
                .unwrap()
                .starts_with("20 items: 12 ok, 0 refuted, 4 unknown, 4 errors"),
            "{table}"
        );
    }

    /// The values come from the formula of `shard_of`'s docs written
    /// again in Python (docs/solve.md), not from this code.
    #[test]
    fn shards_follow_the_documented_formula() {
        for (id, of2, of7, of1000003) in [
            ("", 1, 2, 225_408),
            ("a", 2, 2, 439_231),
            ("rtr-A-001", 1, 3, 172_141),
            ("rtr-P-05", 1, 4, 330_571),
            ("smullyan-invisible-king", 2, 6, 378_046),
            ("é", 2, 5, 311_337),
        ] {
            assert_eq!(shard_of(id, 2), of2, "{id:?}");
            assert_eq!(shard_of(id, 7), of7, "{id:?}");
            assert_eq!(shard_of(id, 1_000_003), of1000003, "{id:?}");
            assert_eq!(shard_of(id, 1), 1);
        }
    }

    #[test]
    fn shard_arguments_are_k_of_n_from_one() {
        assert_eq!(parse_shard("2/3"), Ok(Shard { index: 2, count: 3 }));
        assert_eq!(parse_shard(" 1/1 "), Ok(Shard { index: 1, count: 1 }));
        for bad in [
            "4/3",
            "0/3",
            "0/0",
            "1/0",
            "1",
            "-1/3",
            "a/b",
            "1/3/4",
            "",
            "1/1000001",
        ] {
            assert!(parse_shard(bad).is_err(), "{bad:?}");
        }
        let shard = Shard { index: 2, count: 2 };
        assert!(shard.contains("a") && !shard.contains("rtr-A-001"));
        assert_eq!(shard.to_string(), "2/2");
    }

    #[test]
    fn lines_read_back_skip_summaries_and_name_a_bad_line() {
        let text = "{\"id\":\"x\",\"status\":\"ok\",\"code\":0,\"detail\":\"d\",\"seconds\":1.5,\"result\":{\"a\":1}}\n\
                    \n\
                    {\"summary\":{\"items\":1}}\n\
                    {\"id\":\"y\",\"status\":\"unknown\",\"code\":3,\"detail\":\"\",\"seconds\":0,\"extra\":true}\n";
        let lines = read_lines(text, "f").unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!((lines[0].line, lines[1].line), (1, 4));
        assert_eq!(lines[0].outcome.status, Status::Ok);
        assert_eq!(lines[0].outcome.result["a"], 1);
        assert!(lines[1].outcome.result.is_null());
        for bad in [
            "{\"id\":\"x\"}",
            "{\"id\":\"x\",\"status\":\"fine\",\"code\":0,\"detail\":\"\",\"seconds\":0}",
            "[1]",
            "{\"id\":",
        ] {
            let e = read_lines(&format!("\n{bad}\n"), "f").unwrap_err();
            assert_eq!(e.code(), 2);
            assert!(e.message().starts_with("f:2: "), "{}", e.message());
        }
    }

    #[test]
    fn a_resume_file_keeps_whole_lines_and_drops_a_cut_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let line = |id: &str| {
            json_line(&Outcome {
                id: id.into(),
                status: Status::Unknown,
                code: 3,
                detail: String::new(),
                seconds: 0.0,
                result: serde_json::Value::Null,
            })
        };
        // Missing: created, nothing answered.
        assert!(Resume::open(&path).unwrap().answered().is_empty());
        assert!(path.is_file());
        // A whole last line without its newline is kept, the newline added.
        let a = line("a");
        std::fs::write(&path, a.trim_end()).unwrap();
        let mut resume = Resume::open(&path).unwrap();
        assert_eq!(resume.answered().len(), 1);
        resume
            .append(&Outcome {
                id: "b".into(),
                ..resume.answered()[0].clone()
            })
            .unwrap();
        drop(resume);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            a.clone() + &line("b")
        );
        // A cut last line is dropped from the file.
        let cut = &line("c")[..10];
        std::fs::write(&path, a.clone() + cut).unwrap();
        let resume = Resume::open(&path).unwrap();
        assert_eq!(resume.answered().len(), 1);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), a);
        // A cut line in the middle, or an id twice, is bad input.
        std::fs::write(&path, format!("{cut}\n{a}")).unwrap();
        assert_eq!(Resume::open(&path).unwrap_err().code(), 2);
        std::fs::write(&path, a.clone() + &a).unwrap();
        let e = Resume::open(&path).unwrap_err();
        assert!(e.message().contains("two lines"), "{}", e.message());
    }

    #[test]
    fn an_interrupted_batch_says_what_finished_and_what_was_abandoned() {
        let mut running = Running {
            finished: 3,
            ..Running::default()
        };
        running.running.insert(5, "e".into());
        running.running.insert(4, "d".into());
        assert_eq!(
            running.describe(10, "problems"),
            "3 of 10 problems finished; abandoned while running: d, e; 5 not started"
        );
        running.running.clear();
        running.finished = 10;
        assert_eq!(running.describe(10, "games"), "10 of 10 games finished");
    }

    #[test]
    fn jobs_zero_and_negative_are_refused() {
        assert!(parse_jobs("0").unwrap_err().contains("from 1 to 64"));
        assert!(parse_jobs("-2").unwrap_err().contains("negative"));
        assert_eq!(parse_jobs("3"), Ok(3));
    }
}
