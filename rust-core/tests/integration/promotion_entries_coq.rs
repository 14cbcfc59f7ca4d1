//! Native `pawns::entries_refute` and Coq's `PawnCaptures.entry_refutes`
//! agree.
//!
//! Random boards hardly ever hold a man whose region shows it promoted, so
//! this test uses fixed boards ([`FIXED`]): positions one retraction before
//! published last-move records, which the rule refutes, beside near misses
//! it does not. It checks that coq/tests/PromotionEntriesCross.v lists
//! exactly them with the native verdicts; that Coq file proves, by
//! `vm_compute`, that `entry_refutes` gives the same verdicts. So `cargo
//! test` + `make -C coq test` together check agreement. To regenerate the
//! Coq file: `UPDATE_COQ_CROSS=1 cargo test --test integration promotion_entries_coq::`.

use retroproof_core::rules::pawns;

const FIXED: [&str; 10] = [
    // rtr-A-057 with the white king back on e3 and a black knight on f4
    // (so White's last move would have been Ke3xf4): the h8 bishop, walled
    // in by the black g7 pawn, is a promoted pawn that came in from h7 (g7
    // is frozen), and White's pawns with it need more captures than Black
    // has lost men: refuted.
    "7B/6p1/7P/6PP/5nPk/4KB1p/7P/8 w - -",
    // The same with a black pawn on f4: refuted.
    "7B/6p1/7P/6PP/5pPk/4KB1p/7P/8 w - -",
    // The same, colours swapped: refuted.
    "8/7p/4kb1P/5NpK/6pp/7p/6P1/7b b - -",
    // rtr-A-057 itself (Black lost one man more): not refuted.
    "7B/6p1/7P/6PP/5KPk/5B1p/7P/8 b - -",
    // Its colours swapped: not refuted.
    "8/7p/5b1P/5kpK/6pp/7p/6P1/7b w - -",
    // rtr-D-127 with the black pawn back on b3 and a white bishop on a2
    // (Black's last move b3xa2): refuted.
    "6BK/1p1p1ppP/7p/8/8/Pp6/BPP1P1P1/kb6 b - -",
    // With a white knight on a2 instead: not refuted.
    "6BK/1p1p1ppP/7p/8/8/Pp6/NPP1P1P1/kb6 b - -",
    // With nothing on a2: not refuted.
    "6BK/1p1p1ppP/7p/8/8/Pp6/1PP1P1P1/kb6 b - -",
    // rtr-D-127 and rtr-D-015 themselves: not refuted.
    "6BK/1p1p1ppP/7p/8/8/P7/pPP1P1P1/kb6 w - -",
    "8/p7/8/8/8/1P1PkPP1/bPPR1RPN/2KR1QB1 w - -",
];

const CROSS: crate::common::Cross = crate::common::Cross {
    test: "promotion_entries_coq",
    native: "pawns::entries_refute",
    module: "PawnCaptures",
    coq: "entry_refutes",
    file: "PromotionEntriesCross.v",
};

#[test]
fn coq_cross_file_is_current() {
    let cases = crate::common::verdicts(&FIXED, pawns::entries_refute);
    let refuted = cases.iter().filter(|c| c.1).count();
    assert_eq!(refuted, 4, "{cases:?}");
    CROSS.assert_current(&cases);
}
