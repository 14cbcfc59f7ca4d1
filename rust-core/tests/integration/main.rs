//! The integration tests of `retroproof-core` (the native chess core): one
//! module per subject, all in one test binary, so that the test build
//! compiles and links one crate instead of one per file and the harness
//! runs the tests of every module side by side. A new test file needs its
//! `mod` line here. One module's tests: `cargo test -p retroproof-core --test
//! integration <module>::`.

mod common;
mod crossing_coq;
mod deep;
mod examples;
mod history;
mod history_files;
mod landing_coq;
mod notation;
mod parse_proptest;
mod pawn_captures_coq;
mod perft;
mod promotion_entries_coq;
mod proofgame_kernel;
mod proofgame_order;
mod proofgame_short;
mod registry;
mod retro_known;
mod retro_retroboard;
mod retro_roundtrip;
mod retro_vectors;
mod rules;
mod sealed_bishops_coq;
mod shakmaty_diff;
mod spg;
mod spg_pawn_files;
mod spg_rounds;
mod spg_tempo;
