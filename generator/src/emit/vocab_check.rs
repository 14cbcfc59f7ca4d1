//! `VocabCheck.v`: one example per vocabulary value pinning its Coq encoding
//! to the one rust-core computes (`coq_encode`), in both directions, plus the
//! first code past the end decoding to `None`.
//!
//! The Rust encodings come from the derive's Rust code and the Coq ones from
//! the emitted Coq functions, two independent paths: if they ever disagree,
//! `coqc` refuses this file.

use super::build::{call, id, preamble, var, EmitError};
use super::vocab::{code, value_term, vocabulary};
use crate::coq::{AssertionKind, File, InfixOp, Sentence, Tactic, Term};

/// `VocabCheck.v`, to compile after `Gen/Vocab.v`.
pub fn vocab_check_file() -> Result<File, EmitError> {
    let mut sentences = preamble(
        "Checks that each value's Coq encoding is the one rust-core computes.",
        vec![Sentence::require_import("RetroProof", &["Gen.Vocab"])?],
    )?;
    for vt in vocabulary() {
        let name = vt.ty.name;
        let to_int = format!("{name}_to_int");
        let of_int = format!("{name}_of_int");
        for (value, n) in &vt.values {
            let term = value_term(value)?;
            // T_to_int v = n /\ T_of_int n = Some v
            let statement = Term::infix(
                InfixOp::And,
                Term::infix(InfixOp::Eq, call(&to_int, vec![term.clone()])?, code(*n)),
                Term::infix(
                    InfixOp::Eq,
                    call(&of_int, vec![code(*n)])?,
                    call("Some", vec![term])?,
                ),
            );
            sentences.push(Sentence::Assertion {
                kind: AssertionKind::Example,
                name: id(&format!("{name}_code_{n}"))?,
                statement,
                proof: vec![Tactic::Then(vec![Tactic::Split, Tactic::Reflexivity])],
            });
        }
        let past_end = vt.ty.cardinality;
        sentences.push(Sentence::Assertion {
            kind: AssertionKind::Example,
            name: id(&format!("{name}_code_{past_end}_is_none"))?,
            statement: Term::infix(
                InfixOp::Eq,
                call(&of_int, vec![code(past_end)])?,
                var("None")?,
            ),
            proof: vec![Tactic::Reflexivity],
        });
    }
    Ok(File { sentences })
}
