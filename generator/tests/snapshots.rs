//! Snapshots (insta) of every kind of emitted file, so any change to what
//! retroproof writes shows up as a reviewable diff.
//!
//! Update after an intended change: `INSTA_UPDATE=always cargo test -p
//! retroproof --test snapshots` (or `cargo insta review`), then read the diff
//! under `tests/snapshots/`.

use retroproof::coq::print_file;
use retroproof::emit;

#[test]
fn vocab_v() {
    let files = emit::gen_files().unwrap();
    let vocab = files.iter().find(|f| f.name == "Vocab.v").unwrap();
    insta::assert_snapshot!("Vocab.v", vocab.contents);
}

#[test]
fn tables_v() {
    let files = emit::gen_files().unwrap();
    let tables = files.iter().find(|f| f.name == "Tables.v").unwrap();
    insta::assert_snapshot!("Tables.v", tables.contents);
}

#[test]
fn vocab_check_v() {
    insta::assert_snapshot!("VocabCheck.v", emit::vocab_check_file().unwrap().contents);
}

mod common;

/// One file that uses every node of the syntax tree, with hostile text in a
/// comment and a string (it also compiles: see `coqc_integration.rs`).
#[test]
fn every_node_kind() {
    insta::assert_snapshot!("every_node_kind.v", print_file(&common::every_node_file()));
}
