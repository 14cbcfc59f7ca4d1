//! Finding Coq for the tests. Coq is required: without `coqc` the Coq tests
//! fail, unless `RETROPROOF_SKIP_COQ=1` says to skip them.

use std::path::PathBuf;

use retroproof::coqc::Coqc;

/// Whether `RETROPROOF_SKIP_COQ=1` asks to skip the tests that need Coq.
pub fn skip_coq() -> bool {
    std::env::var("RETROPROOF_SKIP_COQ").as_deref() == Ok("1")
}

/// The `coqc` to use, or `None` when it is missing and skipping is
/// explicitly allowed ([`skip_coq`]).
pub fn coqc() -> Option<Coqc> {
    match Coqc::find() {
        Ok(coqc) => Some(coqc),
        Err(e) if skip_coq() => {
            eprintln!("skipping: {e} (RETROPROOF_SKIP_COQ=1)");
            None
        }
        Err(e) => panic!("{e}; set RETROPROOF_SKIP_COQ=1 to skip the Coq tests"),
    }
}

/// The Coq library's `theories/` directory (built with `make -C coq`).
pub fn theories() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../coq/theories")
}
