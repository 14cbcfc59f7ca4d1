//! A position as a Coq term: `fen "<FEN>"`, the Gallina FEN parser of
//! `Board.v` applied to a string literal that rust-core printed from a
//! parsed [`Position`] (never text from the user).

use retroproof_core::Position;

use super::build::{call, EmitError};
use crate::coq::{CoqString, IdentError, Term};

/// A Coq string literal for text retroproof produced itself (FENs,
/// retraction and UCI notation).
pub fn string_term(text: &str) -> Result<Term, EmitError> {
    CoqString::new(text).map(Term::Str).map_err(|e| {
        EmitError(IdentError {
            reason: e.to_string(),
        })
    })
}

/// `fen "<FEN printed by rust-core>"`.
pub fn position_term(pos: &Position) -> Result<Term, EmitError> {
    call("fen", vec![string_term(&pos.to_fen())?])
}

/// `["s1"; "s2"; …]` as a list term.
pub fn strings_term<S: AsRef<str>>(items: &[S]) -> Result<Term, EmitError> {
    Ok(Term::List(
        items
            .iter()
            .map(|s| string_term(s.as_ref()))
            .collect::<Result<_, _>>()?,
    ))
}
