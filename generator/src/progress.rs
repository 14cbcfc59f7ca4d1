//! Progress and time budgets for long commands.
//!
//! [`Progress`] draws a bar on standard error when it is a terminal and
//! nothing otherwise (piped output and tests stay clean); [`Budget`] is an
//! optional deadline (`--time SECS`) that long loops poll.
//!
//! ```
//! use retroproof::progress::{Budget, Progress};
//! let bar = Progress::new(10, "positions");
//! let budget = Budget::seconds(None);
//! for _ in 0..10 {
//!     if budget.expired() { break; }
//!     bar.inc(1);
//! }
//! bar.finish();
//! ```

use std::io::IsTerminal as _;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// A progress bar on a terminal, nothing when standard error is not one.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar counting to `len` `unit`s (e.g. "positions").
    pub fn new(len: u64, unit: &str) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress::hidden();
        }
        let bar = ProgressBar::new(len);
        let template = format!("{{bar:40}} {{pos}}/{{len}} {unit} {{elapsed}} (eta {{eta}})");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        Progress { bar }
    }

    /// A spinner with a message and the elapsed time, for one long step of
    /// unknown length (a `coqc` run); nothing when not on a terminal.
    pub fn spinner(message: &str) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress::hidden();
        }
        let bar = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
            bar.set_style(style);
        }
        bar.set_message(message.to_owned());
        bar.enable_steady_tick(std::time::Duration::from_millis(120));
        Progress { bar }
    }

    /// A bar that draws nothing.
    pub fn hidden() -> Progress {
        Progress {
            bar: ProgressBar::hidden(),
        }
    }

    /// Whether anything is drawn.
    pub fn is_visible(&self) -> bool {
        !self.bar.is_hidden()
    }

    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
    }

    pub fn set(&self, done: u64) {
        self.bar.set_position(done);
    }

    /// Removes the bar (call before printing the result).
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        // A bar left on screen by an early `?` return would garble the
        // error line printed next.
        if !self.bar.is_finished() {
            self.bar.finish_and_clear();
        }
    }
}

/// An optional deadline.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    start: Instant,
    limit: Option<Duration>,
}

impl Budget {
    /// No deadline with `None`; else `secs` seconds from now.
    pub fn seconds(secs: Option<f64>) -> Budget {
        Budget {
            start: Instant::now(),
            limit: secs.map(Duration::from_secs_f64),
        }
    }

    /// Whether the deadline has passed.
    pub fn expired(&self) -> bool {
        self.limit.is_some_and(|l| self.start.elapsed() >= l)
    }

    /// Time since the budget started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The limit, if any.
    pub fn limit(&self) -> Option<Duration> {
        self.limit
    }
}

/// Parses a `--time` value: positive seconds, at most a day.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{} is not a number of seconds", crate::input::quote(text)))?;
    if !(secs > 0.0 && secs <= crate::input::MOST_SECONDS as f64) {
        return Err(format!(
            "{} seconds: the time limit must be above 0 and at most {} (a day)",
            crate::input::one_line(text),
            crate::input::MOST_SECONDS
        ));
    }
    Ok(secs)
}
