//! Running many items (games, problems, positions) with `--jobs`, a
//! progress bar, one JSON line per item and a summary table: built once for
//! `check-game --all`, `solve`, `diff`.
//!
//! A command turns its inputs into `(id, input)` pairs, gives [`run_items`]
//! a `work` function returning [`Done`] or a [`CliError`] per item, and
//! prints either [`json_line`] of each [`Outcome`] (`--json`, streamed as
//! items finish) and [`json_summary`], or the [`summary_table`]; [`exit_result`] turns the
//! outcomes into the command's result (exit code of the worst item).
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

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use serde::Serialize;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Answered, proven.
    Ok,
    /// A "no" answer (exit 1 alone).
    Refuted,
    /// No answer within the budget (exit 3 alone).
    Unknown,
    /// Bad input or environment (exit 2 or 4 alone).
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

/// One item's result, as printed by [`json_line`] and [`summary_table`].
#[derive(Debug, Clone, Serialize)]
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
    #[serde(skip_serializing_if = "serde_json::Value::is_null")]
    pub result: serde_json::Value,
}

/// Runs `work` on every item, `options.jobs` at a time, with a progress
/// bar on a terminal. `on_done` sees each outcome as it finishes (in
/// completion order, one at a time: print JSON lines there); the returned
/// outcomes are in input order.
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
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((id, input)) = items.get(i) else {
                    break;
                };
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
                            CliError::Usage(_) | CliError::Environment(_) => Status::Error,
                        },
                        code: e.code(),
                        detail: e.message().to_owned(),
                        seconds,
                        result: serde_json::Value::Null,
                    },
                };
                {
                    let mut f = on_done.lock().unwrap_or_else(|p| p.into_inner());
                    f(&outcome);
                }
                bar.inc(1);
                slots.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(outcome);
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
/// worst item (environment 4, then bad input 2, refuted 1, unknown 3),
/// with the totals as its message.
pub fn exit_result(outcomes: &[Outcome], unit: &str) -> Result<(), CliError> {
    let worst = [4u8, 2, 1, 3]
        .into_iter()
        .find(|c| outcomes.iter().any(|o| o.code == *c));
    let message = totals_line(outcomes, unit);
    match worst {
        None => Ok(()),
        Some(4) => Err(CliError::environment(message)),
        Some(2) => Err(CliError::usage(message)),
        Some(1) => Err(CliError::refuted(message)),
        Some(_) => Err(CliError::unknown(message)),
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

    #[test]
    fn jobs_zero_and_negative_are_refused() {
        assert!(parse_jobs("0").unwrap_err().contains("from 1 to 64"));
        assert!(parse_jobs("-2").unwrap_err().contains("negative"));
        assert_eq!(parse_jobs("3"), Ok(3));
    }
}
