//! The native checker of an abstract refutation, the twin of the Coq
//! checker to come (`docs/history.md`).
//!
//! A certificate is a zone `Z` and a set `S` of abstract states. A state is
//! **covered** when it is in `S` or fails the invariants
//! ([`super::invariant::viable`]). The certificate refutes a board `P` when
//! `α_Z(P)` is covered, `α_Z(initial)` is not in `S`, and every abstract
//! predecessor ([`super::retraction::retractions`]) of every member is
//! covered. Then no game reaches `P`: along a game `initial = Q0, …,
//! Qn = P`, each move maps to an abstract step `α(Q(i+1)) -> α(Qi)` or
//! leaves the state as it is (simulation), and every `α(Qi)` satisfies the
//! invariants (they hold of `α(initial)` and abstract steps keep them
//! going forwards); so, from `α(P)` down, every `α(Qi)` is in `S`, also
//! `α(Q0) = α(initial)`, which is not.

use std::fmt;

use super::invariant::viable;
use super::retraction::retractions;
use super::search::Certificate;
use super::state::Abstract;
use crate::hash::FastSet;
use crate::Board;

/// Why a certificate is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckError {
    /// The board's abstraction is neither in the set nor fails the invariants.
    NotCovered(String),
    /// The set holds the initial state.
    Initial,
    /// A member has a predecessor that is not covered (both shown).
    Open { member: String, predecessor: String },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::NotCovered(a) => write!(f, "the board's abstract state {a} is not covered"),
            CheckError::Initial => f.write_str("the set holds the initial abstract state"),
            CheckError::Open {
                member,
                predecessor,
            } => write!(
                f,
                "the member {member} has the predecessor {predecessor}, which is not covered"
            ),
        }
    }
}

impl std::error::Error for CheckError {}

/// Checks that `cert` refutes `board` (see the module docs).
pub fn check(board: &Board, cert: &Certificate) -> Result<(), CheckError> {
    let members: FastSet<Abstract> = cert.states.iter().copied().collect();
    let covered = |a: &Abstract| members.contains(a) || !viable(a, cert.zone);
    let root = Abstract::of(board, cert.zone);
    if !covered(&root) {
        return Err(CheckError::NotCovered(root.to_string()));
    }
    if members.contains(&Abstract::initial(cert.zone)) {
        return Err(CheckError::Initial);
    }
    let mut preds = Vec::new();
    for member in &cert.states {
        preds.clear();
        retractions(member, cert.zone, &mut preds);
        if let Some((_, open)) = preds.iter().find(|(_, p)| !covered(p)) {
            return Err(CheckError::Open {
                member: member.to_string(),
                predecessor: open.to_string(),
            });
        }
    }
    Ok(())
}
