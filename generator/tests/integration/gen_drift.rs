//! The committed `coq/theories/Gen/` must be exactly what `retroproof
//! gen-coq` writes today: a change to rust-core's vocabulary or attack tables
//! (or to the emitter) without regenerating fails here.
//!
//! Fix: `cargo run -p retroproof -- gen-coq`, review the diff, commit it.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

use crate::common::cli::command;

fn committed_gen_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../coq/theories/Gen")
}

fn assert_same(committed: &[u8], fresh: &[u8], name: &str) {
    if committed != fresh {
        let committed = String::from_utf8_lossy(committed);
        let fresh = String::from_utf8_lossy(fresh);
        let first_diff = committed
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .map(|i| i + 1)
            .unwrap_or_else(|| committed.lines().count().min(fresh.lines().count()) + 1);
        panic!(
            "coq/theories/Gen/{name} is stale (first difference at line {first_diff}); \
             run `cargo run -p retroproof -- gen-coq` and commit the result"
        );
    }
}

#[test]
fn committed_files_match_the_emitter() {
    for file in retroproof::emit::gen_files().unwrap() {
        let path = committed_gen_dir().join(file.name);
        let committed =
            fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        assert_same(&committed, file.contents.as_bytes(), file.name);
    }
}

#[test]
fn gen_dir_holds_only_generated_files() {
    let expected: BTreeSet<String> = retroproof::emit::gen_files()
        .unwrap()
        .iter()
        .map(|f| f.name.to_string())
        .collect();
    let present: BTreeSet<String> = fs::read_dir(committed_gen_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".v"))
        .collect();
    assert_eq!(present, expected, "unexpected .v files in coq/theories/Gen");
}

/// The command line writes the same bytes (into a scratch directory).
#[test]
fn cli_regenerates_identical_files() {
    let out = tempfile::tempdir().unwrap();
    let status = command()
        .args(["gen-coq", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    for name in ["Vocab.v", "Tables.v"] {
        let committed = fs::read(committed_gen_dir().join(name)).unwrap();
        let fresh = fs::read(out.path().join(name)).unwrap();
        assert_same(&committed, &fresh, name);
    }
}
