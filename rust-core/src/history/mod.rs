//! Reasoning over whole histories: an abstract retro search whose soundness
//! is one simulation lemma (issue 57; the design, the lemma's case analysis
//! and the Coq plan are in `docs/history.md`).
//!
//! A retro search on positions explores histories one ply at a time and
//! loses its way among men shuttling about; the static rules
//! ([`crate::rules`]) each capture one argument about whole histories
//! (pawn captures, crossing pawns, sealed bishops, …) with an induction
//! over games of its own. Here the arguments come from one search instead:
//! - an **abstract state** `α_Z(P)` ([`state`]) keeps the pawns, the men on
//!   a *zone* `Z` of squares ([`tracked`]: the men that cannot have moved,
//!   small sealed regions) where they stand, and the other men counted by
//!   side and kind (bishops by square colour);
//! - an **abstract retraction** ([`retraction`]) over-approximates every
//!   move taken back: a pawn steps back or uncaptures a man of the other
//!   side, a promoted man turns back into a pawn, a piece moves on, off or
//!   within the zone, perhaps uncapturing;
//! - **simulation**: every legal move `Q -> Q'` leaves `α_Z` unchanged or
//!   is an abstract step from `α_Z(Q')` back to `α_Z(Q)`;
//! - **invariants** ([`invariant`]) that abstract steps keep going forwards
//!   (material, pawn captures) cut dead ends;
//! - the **search** ([`mod@search`]) exhausts the finite abstract graph back
//!   from `α_Z(P)`. If `α_Z(initial)` is not met, the states met are closed
//!   under abstract retraction: a [`Certificate`] ([`certificate`] checks
//!   it) that no game reaches `P`. The order of events falls out of it:
//!   what a pawn could take, and when, depends on what was alive and which
//!   squares were free at that point of the abstract history;
//! - an **explanation** ([`explanation`]) reads a refutation back in a
//!   composer's words: which men stood still all game, how many men each
//!   side can get back, where the histories get stuck.
//!
//! Coq (`coq/theories/History.v`, `Historyproof.v`) proves the closed-set
//! checker sound once for any abstraction that simulates the game, and
//! proves the simulation for a coarser abstraction than [`state`]'s, the
//! pawn files ([`files`]: pawns counted by file, men by kind); the
//! certificates of [`files`] are what Coq's `check_files` accepts. The
//! simulation lemma of [`state`]'s abstraction (columns, zone) is not
//! proven yet, so [`search()`]'s refutations are not Coq-checked.

pub mod certificate;
pub mod explanation;
pub mod files;
pub mod invariant;
pub mod retraction;
pub mod search;
pub mod state;
pub mod tracked;

pub use certificate::{check, CheckError};
pub use retraction::{retractions, Man, Place, Step};
pub use search::{search, Budget, Certificate, Outcome};
pub use state::{Abstract, Kind};
pub use tracked::ZoneChoice;

use crate::Board;

/// The first refutation found with the zones of `choices`, each searched
/// within `budget`; `None` when no zone refutes the board.
pub fn refute(board: &Board, choices: &[ZoneChoice], budget: Budget) -> Option<Certificate> {
    let mut tried = Vec::new();
    for choice in choices {
        let zone = choice.zone(board);
        if tried.contains(&zone) {
            continue;
        }
        tried.push(zone);
        if let Outcome::Refuted(cert) = search(board, zone, budget) {
            return Some(cert);
        }
    }
    None
}
