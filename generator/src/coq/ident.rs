//! Validated Coq identifiers.
//!
//! Every name the printer writes goes through [`Ident::new`], so a name that
//! comes from outside (a problem id, a vocabulary attribute) can never be a
//! keyword, contain a comment opener, or otherwise change how Coq parses the
//! file. The rules are shared with the derive crate, which applies them at
//! compile time to the vocabulary's Coq names.

use std::fmt;

mod rules {
    include!("../../derive/src/ident_rules.rs");
}

pub use rules::COQ_RESERVED;

/// A name that is not a Coq identifier retroproof will print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdentError {
    /// Why it was refused, naming the offending text (escaped).
    pub reason: String,
}

impl fmt::Display for IdentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for IdentError {}

/// A Coq identifier: ASCII letter or `_` first, then letters, digits, `_`,
/// `'`; never a keyword or command name (see [`COQ_RESERVED`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ident(String);

impl Ident {
    pub fn new(name: impl Into<String>) -> Result<Ident, IdentError> {
        let name = name.into();
        rules::check_coq_ident(&name).map_err(|reason| IdentError { reason })?;
        Ok(Ident(name))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Ident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A possibly qualified name such as `PArray.get` or `RetroProof.Gen.Vocab`:
/// one or more identifiers joined by `.`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct QualId(Vec<Ident>);

impl QualId {
    /// Parses `A.b.c`; each component must be an [`Ident`].
    pub fn new(path: &str) -> Result<QualId, IdentError> {
        let parts = path
            .split('.')
            .map(Ident::new)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(QualId(parts))
    }

    /// A library path for `Require` only (`Notation` names the file
    /// `Notation.v` there, not the command): like [`QualId::new`], but a
    /// component may be a keyword or command name.
    pub fn library(path: &str) -> Result<QualId, IdentError> {
        let parts = path
            .split('.')
            .map(|part| {
                if COQ_RESERVED.contains(&part) {
                    Ok(Ident(part.to_string()))
                } else {
                    Ident::new(part)
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(QualId(parts))
    }

    pub fn components(&self) -> &[Ident] {
        &self.0
    }
}

impl From<Ident> for QualId {
    fn from(ident: Ident) -> QualId {
        QualId(vec![ident])
    }
}

impl fmt::Display for QualId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            f.write_str(part.as_str())?;
        }
        Ok(())
    }
}
