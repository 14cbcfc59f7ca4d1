//! # retroproof (generator)
//!
//! Emits Coq for positions and retro problems, runs `coqc`, diffs native and
//! verified results, and hosts the `retroproof` command line.
//!
//! - [`cli`]: one module per subcommand; each returns [`CliError`] on failure,
//!   which `main` prints as a single `error:` line.

pub mod cli;

pub use cli::CliError;
