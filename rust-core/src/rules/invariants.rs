//! The invariants: what every position a game reaches has.
//!
//! Per side at most 16 men and 8 pawns, and its pawns plus the men that
//! must be promoted pawns at most 8 ([`material_error`]); and the side that
//! just moved not in check. The initial position has them and every legal
//! move keeps them (Filman's "chess induction"), so a position without
//! them is reached by no game. Kings, castling rights and en-passant
//! squares a [`Position`] cannot break are not checked here.
//!
//! Coq: `inv` of `Invariants.v` (which also checks what a Coq position,
//! unlike a [`Position`], can break), proven to hold all game long
//! (`inv_game`); the rule's soundness lemma is `invariants_sound` in
//! `Certproof.v`.

use std::fmt;

use crate::retro::{material_error, MaterialError};
use crate::{Color, Position};

/// The invariant a position breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// Impossible material.
    Material(MaterialError),
    /// `color` is in check, and it is the other side's turn: `color` moved
    /// last, into check.
    OpponentInCheck { color: Color },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Material(e) => e.fmt(f),
            Violation::OpponentInCheck { color } => {
                write!(f, "{color} is in check but {} is to move", color.other())
            }
        }
    }
}

/// The first invariant `pos` breaks: material first, then the check.
pub fn violation(pos: &Position) -> Option<Violation> {
    if let Some(e) = material_error(pos.board()) {
        return Some(Violation::Material(e));
    }
    if pos.is_opponent_in_check() {
        return Some(Violation::OpponentInCheck {
            color: pos.turn().other(),
        });
    }
    None
}

/// Whether `pos` breaks an invariant.
pub fn refutes(pos: &Position) -> bool {
    violation(pos).is_some()
}
