//! The integration tests of `retroproof` (the generator and the command line): one
//! module per subject, all in one test binary, so that the test build
//! compiles and links one crate instead of one per file and the harness
//! runs the tests of every module side by side. A new test file needs its
//! `mod` line here. One module's tests: `cargo test -p retroproof --test
//! integration <module>::`.

mod answer;
mod assumptions;
mod cage_coq;
mod cert_coq;
mod classic_options;
mod cli_check_game;
mod cli_classic;
mod cli_core;
mod cli_diff;
mod cli_gen_coq;
mod cli_honest;
mod cli_inputs;
mod cli_legal;
mod cli_proof_game;
mod cli_prove;
mod cli_retro;
mod cli_shards;
mod cli_solve;
mod cli_solve_proof_game;
mod cli_tools;
mod common;
mod coq_printer;
mod coqc_integration;
mod coqchk;
mod exact_rights;
mod frozen_coq;
mod gen_drift;
mod generator_faults;
mod json_schema;
mod module_graph;
mod pgn;
mod proof_game_coq;
mod readme_commands;
mod render_report;
mod report_proof_games;
mod rule_registry;
mod snapshots;
mod vocabulary;
mod zone_coq;
