//! The machinery of the registry (the table is in the parent module's
//! file): the macro that turns it into [`Rule`] and its methods, how Coq
//! checks a rule ([`Coq`]), and sets of rules ([`RuleSet`]).

use std::fmt;

use super::Rule;
use crate::Position;

/// How Coq checks a rule, and the qualified name of the lemma that proves
/// it sound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Coq {
    /// An entry of `static_rules` (coq/theories/Cert.v) under the rule's
    /// [`Rule::name`], which the certificate checkers try on every position
    /// (`default_refuted`). `lemma` is its entry in `static_rules_sound`
    /// (Certproof.v): `forall P, f P = true -> ~ reachable P`, for the
    /// entry's function `f`.
    Static { lemma: &'static str },
    /// Checked from data a certificate carries (the zone cages, Zone.v):
    /// `lemma` proves the checker sound once the data is checked.
    Certificate { lemma: &'static str },
}

impl Coq {
    /// The qualified name of the soundness lemma (`RetroProof.X.y`).
    pub const fn lemma(self) -> &'static str {
        match self {
            Coq::Static { lemma } | Coq::Certificate { lemma } => lemma,
        }
    }
}

/// Turns the table of rules into [`Rule`] (one variant per entry, in
/// table order) with [`Rule::ALL`] and the methods that read an entry.
macro_rules! registry {
    ($(
        $(#[$doc:meta])*
        $rule:ident {
            name: $name:literal,
            summary: $summary:literal,
            refutes: $refutes:path,
            coq: $coq:expr $(,)?
        }
    ),+ $(,)?) => {
        /// One static rule: an entry of the registry (see the module docs).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule {
            $(
                #[doc = $summary]
                #[doc = ""]
                $(#[$doc])*
                $rule,
            )+
        }

        impl Rule {
            /// Every rule, in the order the search tries them (cheapest
            /// first): the registry's.
            pub const ALL: [Rule; [$(Rule::$rule),+].len()] = [$(Rule::$rule),+];

            /// Whether the rule shows that no game reaches `pos`.
            pub fn refutes(self, pos: &$crate::Position) -> bool {
                match self {
                    $(Rule::$rule => $refutes(pos),)+
                }
            }

            /// A short name (`invariants`, `sealed-bishops`, …): the
            /// rule's name in Coq's `static_rules` too.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Rule::$rule => $name,)+
                }
            }

            /// What the rule refutes, in one line, for users.
            pub const fn summary(self) -> &'static str {
                match self {
                    $(Rule::$rule => $summary,)+
                }
            }

            /// How Coq checks the rule, and its soundness lemma.
            pub const fn coq(self) -> $crate::rules::Coq {
                match self {
                    $(Rule::$rule => $coq,)+
                }
            }
        }
    };
}
pub(super) use registry;

impl Rule {
    const fn bit(self) -> u32 {
        1 << self as u8
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of rules, as a bitset: `RuleSet::ALL.without(Rule::Parity)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RuleSet(u32);

const _: () = assert!(
    Rule::ALL.len() <= u32::BITS as usize,
    "RuleSet holds at most 32 rules: widen its bitset"
);

impl RuleSet {
    /// No rule: only exhaustion of the retraction graph.
    pub const NONE: RuleSet = RuleSet(0);
    /// Every rule of the registry.
    pub const ALL: RuleSet = {
        let mut set = RuleSet::NONE;
        let mut i = 0;
        while i < Rule::ALL.len() {
            set = set.with(Rule::ALL[i]);
            i += 1;
        }
        set
    };

    #[must_use]
    pub const fn with(self, rule: Rule) -> RuleSet {
        RuleSet(self.0 | rule.bit())
    }

    #[must_use]
    pub const fn without(self, rule: Rule) -> RuleSet {
        RuleSet(self.0 & !rule.bit())
    }

    pub const fn contains(self, rule: Rule) -> bool {
        self.0 & rule.bit() != 0
    }

    /// Whether every rule of `self` is in `other`.
    pub const fn is_subset(self, other: RuleSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The rules of the set, in registry order.
    pub fn iter(self) -> impl Iterator<Item = Rule> {
        Rule::ALL.into_iter().filter(move |&r| self.contains(r))
    }

    /// The first rule of the set that refutes `pos`, cheapest first.
    pub fn refuting(self, pos: &Position) -> Option<Rule> {
        self.iter().find(|r| r.refutes(pos))
    }
}

impl FromIterator<Rule> for RuleSet {
    fn from_iter<I: IntoIterator<Item = Rule>>(iter: I) -> RuleSet {
        iter.into_iter().fold(RuleSet::NONE, RuleSet::with)
    }
}

impl fmt::Display for RuleSet {
    /// The names, comma-separated, in registry order: `invariants,stranded`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(Rule::name).collect();
        f.write_str(&names.join(","))
    }
}

/// The names of a set's rules, in registry order and `, `-separated, for
/// sentences ([`RuleSet::names`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Names(RuleSet);

impl RuleSet {
    /// The names of the rules, for sentences: `invariants, stranded`.
    pub const fn names(self) -> Names {
        Names(self)
    }
}

impl fmt::Display for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, rule) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(rule.name())?;
        }
        Ok(())
    }
}
