//! Certificates: the part of the retraction graph that justifies an answer
//! of the deep search ([`crate::deep`]), and native checkers that mirror
//! what the Coq side checks.
//!
//! A certificate is a set `S` of positions (its *dead set*) and the rules it
//! relies on. A position is **covered** when it is in `S` or one of the
//! rules refutes it (Coq's `covered`). `S` is **closed** when no member is
//! the initial position (the initial board with White to move, whatever
//! the assertions) and every member either is refuted by one of the rules
//! or has all its retractions covered. Then no covered position is reached
//! by any game: a game that reached a member would, taken back ply by ply
//! (the retraction generator is complete), stay among covered positions
//! (a refuted one is reached by no game) down to its first position, the
//! initial one, which is not in `S`. Cycles are fine: no depth is
//! involved.
//!
//! The deep search writes only the positions it expanded: the ones a rule
//! refutes are covered without being listed, which keeps Coq from trying
//! the rules on members whose retractions settle them anyway (see
//! `closed_at` in Cert.v).
//!
//! - [`check_dead_set`]: `S` is closed.
//! - [`check_illegal`]: `S` is closed and covers the position.
//! - [`check_last`]: `S` is closed, and walking the answer back from the
//!   position, every retraction other than the answer's ply is covered,
//!   and no position on the way (before the last ply taken back) is the
//!   initial one. Then every game reaching the position ends with the
//!   answer's plies.

use std::collections::HashSet;
use std::fmt;

use crate::rules::zone::{self, ZoneCage};
use crate::rules::{Rule, RuleSet};
use crate::search::{is_initial, Key};
use crate::{Board, Position, Unmove};

/// A dead set, the rules its members may be refuted by, and the zone cages
/// the rule [`Rule::Zone`] refutes them with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    /// The rules a member may be refuted by.
    pub rules: RuleSet,
    /// The dead set, in the order the search met its members.
    pub dead: Vec<Position>,
    /// Closed sets of partial boards ([`zone`]): a member whose men on a
    /// cage's zone form one of its members is refuted. Checked, not
    /// trusted: each must be closed.
    pub cages: Vec<ZoneCage>,
}

impl Certificate {
    /// A certificate without zone cages.
    pub fn new(rules: RuleSet, dead: Vec<Position>) -> Certificate {
        Certificate {
            rules,
            dead,
            cages: Vec::new(),
        }
    }

    /// The number of positions in the dead set.
    pub fn len(&self) -> usize {
        self.dead.len()
    }

    pub fn is_empty(&self) -> bool {
        self.dead.is_empty()
    }
}

/// Why a certificate is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CertError {
    /// A member is the initial position (FEN).
    Initial(String),
    /// A member is not refuted by a rule and has a retraction that is not
    /// covered: the member's FEN and the retraction.
    Open { fen: String, retraction: String },
    /// The position asked about is neither in the dead set nor refuted by
    /// a rule of the certificate.
    NotMember(String),
    /// A ply of the answer is not a retraction of the position it is taken
    /// back from.
    NotARetraction { fen: String, retraction: String },
    /// A retraction other than the answer's ply does not lead into the set.
    Alternative { fen: String, retraction: String },
    /// A game reaches the position with fewer plies than the answer: the
    /// initial position lies on the answer's path (FEN).
    ShortGame(String),
    /// A zone cage is not closed (its index in the certificate).
    OpenCage(usize),
}

impl fmt::Display for CertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CertError::Initial(fen) => write!(f, "the dead set holds the initial position {fen}"),
            CertError::Open { fen, retraction } => write!(
                f,
                "{fen} is refuted by no rule and its retraction {retraction} is not covered (in the dead set or refuted)"
            ),
            CertError::NotMember(fen) => {
                write!(f, "{fen} is neither in the dead set nor refuted by a rule")
            }
            CertError::NotARetraction { fen, retraction } => {
                write!(f, "{retraction} is not a retraction of {fen}")
            }
            CertError::Alternative { fen, retraction } => write!(
                f,
                "the retraction {retraction} of {fen} is not the answer's and is not covered (in the dead set or refuted)"
            ),
            CertError::ShortGame(fen) => write!(
                f,
                "the initial position {fen} lies on the answer's path: a shorter game reaches the position"
            ),
            CertError::OpenCage(i) => write!(f, "zone cage {i} is not closed"),
        }
    }
}

impl std::error::Error for CertError {}

/// What a certificate covers, as Coq's `covered` reads it: the members of
/// its dead set, and the positions one of its rules refutes.
struct Cover<'a> {
    cert: &'a Certificate,
    members: HashSet<Key>,
    /// The members of each zone cage, for lookups.
    cages: Vec<HashSet<Board>>,
}

impl<'a> Cover<'a> {
    fn new(cert: &'a Certificate) -> Cover<'a> {
        Cover {
            cert,
            members: cert.dead.iter().map(Key::from).collect(),
            cages: cert
                .cages
                .iter()
                .map(|c| c.members.iter().copied().collect())
                .collect(),
        }
    }

    /// Whether a rule of the certificate refutes `pos`: one of its static
    /// rules, or (with [`Rule::Zone`]) one of its zone cages, as Coq's
    /// `zone_refuted` reads them.
    fn refutes(&self, pos: &Position) -> bool {
        let cert = self.cert;
        cert.rules.without(Rule::Zone).refuting(pos).is_some()
            || (cert.rules.contains(Rule::Zone)
                && cert
                    .cages
                    .iter()
                    .zip(&self.cages)
                    .any(|(cage, set)| set.contains(&pos.board().masked(cage.zone))))
    }

    /// In the dead set, or refuted.
    fn covers(&self, pos: &Position) -> bool {
        self.members.contains(&Key::from(pos)) || self.refutes(pos)
    }
}

/// Checks that the dead set is closed (see the module docs), its zone
/// cages too.
pub fn check_dead_set(cert: &Certificate) -> Result<(), CertError> {
    closed(cert).map(|_| ())
}

/// [`check_dead_set`], returning what the certificate covers.
fn closed(cert: &Certificate) -> Result<Cover<'_>, CertError> {
    if let Some(i) = cert.cages.iter().position(|c| !zone::is_closed(c)) {
        return Err(CertError::OpenCage(i));
    }
    let cover = Cover::new(cert);
    for pos in &cert.dead {
        if is_initial(pos) {
            return Err(CertError::Initial(pos.to_fen()));
        }
        // The retractions first, as Coq's `closed_at`: the rules are
        // tried on a member only when one of its retractions is not
        // covered.
        let open = pos
            .unmoves()
            .into_iter()
            .find(|u| !cover.covers(&pos.unmake(u)));
        if let Some(u) = open {
            if !cover.refutes(pos) {
                return Err(CertError::Open {
                    fen: pos.to_fen(),
                    retraction: u.to_string(),
                });
            }
        }
    }
    Ok(cover)
}

/// Checks that `pos` is reached by no game: the dead set is closed and
/// covers `pos`.
pub fn check_illegal(pos: &Position, cert: &Certificate) -> Result<(), CertError> {
    if closed(cert)?.covers(pos) {
        Ok(())
    } else {
        Err(CertError::NotMember(pos.to_fen()))
    }
}

/// Checks that every game reaching `pos` ends with `plies` (oldest first):
/// the dead set is closed, and taking the plies back from `pos` (most
/// recent first), every other retraction leads into the dead set, and no
/// position a ply is taken back from is the initial one.
pub fn check_last(pos: &Position, plies: &[Unmove], cert: &Certificate) -> Result<(), CertError> {
    let cover = closed(cert)?;
    let mut current = *pos;
    for ply in plies.iter().rev() {
        if is_initial(&current) {
            return Err(CertError::ShortGame(current.to_fen()));
        }
        let mut next = None;
        for u in current.unmoves() {
            let q = current.unmake(&u);
            if u == *ply {
                next = Some(q);
            } else if !cover.covers(&q) {
                return Err(CertError::Alternative {
                    fen: current.to_fen(),
                    retraction: u.to_string(),
                });
            }
        }
        current = next.ok_or_else(|| CertError::NotARetraction {
            fen: current.to_fen(),
            retraction: ply.to_string(),
        })?;
    }
    Ok(())
}

/// Checks that every game reaching `pos` ends with one of `plies`: the
/// dead set is closed, `pos` is not the initial position, and every
/// retraction of `pos` not among `plies` leads into the dead set (the
/// native twin of Coq's `check_last_among_cert`).
pub fn check_last_among(
    pos: &Position,
    plies: &[Unmove],
    cert: &Certificate,
) -> Result<(), CertError> {
    let cover = closed(cert)?;
    if is_initial(pos) {
        return Err(CertError::ShortGame(pos.to_fen()));
    }
    let retractions = pos.unmoves();
    if let Some(ply) = plies.iter().find(|p| !retractions.contains(p)) {
        return Err(CertError::NotARetraction {
            fen: pos.to_fen(),
            retraction: ply.to_string(),
        });
    }
    for u in retractions {
        if !plies.contains(&u) && !cover.covers(&pos.unmake(&u)) {
            return Err(CertError::Alternative {
                fen: pos.to_fen(),
                retraction: u.to_string(),
            });
        }
    }
    Ok(())
}
