//! # retroproof (generator)
//!
//! Emits Coq for positions and retro problems, runs `coqc`, diffs native and
//! verified results, and hosts the `retroproof` command line.
//!
//! - [`answer`]: the engine facade, one question
//!   ([`retroproof_core::question::Question`]) in, one provable answer (or
//!   why there is none) out; [`prove`]: the engines behind it, and
//!   compiling with `coqc`; [`classic`]: the questions answered case by
//!   case; [`examples`]: the example proofs of `examples/`.
//! - [`cli`]: one module per subcommand; each returns [`CliError`] on failure,
//!   which `main` prints as a single `error:` line.
//! - [`coq`]: Coq source as a syntax tree, and its one printer.
//! - [`emit`]: the generated Coq files (`coq/theories/Gen/`): vocabulary and
//!   attack tables, built as [`coq`] trees from rust-core.
//! - [`coqc`]: finding and running `coqc` with typed errors.
//! - [`batch`]: many items with `--jobs`, progress, JSON lines, a summary table.
//! - [`input`]: bounded reading of user files and stdin, short quoting.
//! - [`interrupt`]: Ctrl-C removes temporary directories, exits 130.
//! - [`render`]: a board as SVG, a proof report as one HTML page.
//! - [`progress`]: progress bars on a terminal only, `--time` budgets.

pub mod answer;
pub mod assumptions;
pub mod batch;
pub mod classic;
pub mod cli;
pub mod coq;
pub mod coqc;
pub mod coqchk;
pub mod diff;
pub mod emit;
pub mod examples;
pub mod input;
pub mod interrupt;
pub mod lemmas;
pub mod progress;
pub mod prove;
pub mod render;

pub use cli::CliError;
