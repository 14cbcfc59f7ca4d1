//! Static rules: facts about a single position that show no game reaches it.
//!
//! Each [`Rule`] is a function `refutes(&Position) -> bool` that answers
//! `true` only when no game from the initial position reaches a position
//! *realising* the argument (same board and side to move, and whatever
//! castling rights and en-passant square it asserts). The deep search
//! ([`crate::deep`]) tries them before expanding a node, and a certificate
//! ([`crate::cert`]) names the set of rules its dead positions rely on.
//!
//! The rules, and why each is sound:
//! - [`Rule::Invariants`]: the material every reachable position has
//!   (kings, at most 16 men and 8 pawns a side, no pawn on its first or last
//!   rank, promoted men plus pawns at most 8) and the side that just moved
//!   not in check ([`crate::search::static_illegality`]). These hold of the
//!   initial position and every legal move keeps them.
//! - [`Rule::Stranded`]: a man that can never have moved going back in time
//!   and is not the initial position's man on its square
//!   ([`crate::search::stranded_man`]).
//! - [`Rule::Frozen`]: the largest set of men that can never have moved
//!   (each one's every way back blocked by another one, or shut by a check
//!   it would have given or stood in), one of them not the initial
//!   position's man on its square ([`frozen`]); contains the stranded men.
//! - [`Rule::Region`]: a man whose every way back (avoiding the frozen
//!   men, which stood where they stand all game, and never stepping across
//!   a column, [`frozen::columns`]: a pawn on its third rank that can only
//!   have come from the square behind it, one of the two holding it all
//!   game; never un-castling when a frozen man stands on a square the
//!   castling empties or fills, [`frozen::castling_shut`]; for a king,
//!   never onto a square a frozen man of the other side attacks,
//!   [`frozen::guarded_squares`]; for a pawn, never diagonally
//!   onto a square its side never captured onto,
//!   [`frozen::capture_free_squares`]; never onto the square of the king
//!   or rook of a castling right the position asserts, which stood there
//!   all game, [`frozen::right_squares`]) leads neither to an
//!   initial square of its kind nor, for a piece, to its last rank where it
//!   may have been promoted ([`frozen::region`]).
//! - [`Rule::RegionCount`]: more men of a kind on the union of their
//!   regions (those that hold no square where one of them may have been
//!   promoted) than the initial position has there: no man of the kind
//!   enters that union and none is promoted there, so their number on it
//!   never grows ([`frozen::region_count_refutes`]).
//! - [`Rule::PromotionCount`]: a side's pawns and the men of each piece
//!   role beyond the initial position's on the union of their regions
//!   (which no man of the role enters but by promotion) number more than
//!   8 ([`frozen::promotion_count_refutes`]).
//! - [`Rule::Cage`]: the men of a cage on the first or last rank (squares
//!   no man but a knight can enter or leave, walled in by frozen men and
//!   by the king and rook of each castling right the position asserts)
//!   keep their order: read from the a-file, kings or rooks left out, they
//!   are a subsequence of the initial position's men there, and the
//!   initial position's kings there are still there ([`cage`]).
//! - [`Rule::PawnCaptures`]: the captures a side's pawns (and the pawns its
//!   promoted men were) must have made,
//!   against the men the other side is missing, less its dead men: those
//!   missing from cages of frozen men onto which no pawn of the side can
//!   capture ([`pawns`]).
//! - [`Rule::Parity`]: in a closed position, the number of moves each side
//!   made has a fixed parity, which fixes the side to move ([`parity`]).
//! - [`Rule::SealedBishops`]: a bishop's initial square walled in by its
//!   side's pawns on the two squares in front of it and holding no bishop
//!   of that side: every bishop of that square colour is a promoted pawn,
//!   in the count of pawns plus promoted men, at most 8 ([`bishops`]).
//!
//! - [`Rule::Zone`]: the men of a *zone* of the board form a member of a
//!   zone cage, a set of partial boards closed under retraction, whatever
//!   stands on the rest of the board, none of whose members has every man
//!   on its initial square ([`zone`]: Hwa's cages, found and verified
//!   automatically). Unlike the others this rule carries data: the
//!   cages go into the certificate, and Coq checks each is closed.
//!
//! - [`Rule::Crossing`]: the two sides' pawn-capture counts together,
//!   knowing that a white and a black pawn of one file that have both
//!   made no capture are still on it, the white one below, and that a
//!   pawn made no more captures than the ranks it went up; then each
//!   side's captures by square colour (a pawn that made only captures
//!   made them on its colour; one that passed a capture-free pawn did so
//!   by a capture) against the other side's losses, its bishop of one
//!   colour taken on that colour ([`crossing`]).
//! - [`Rule::PromotionEntries`]: pawn-capture counting with the men that
//!   the regions of their kind show promoted, each from a seventh-rank
//!   square next to a last-rank square of its region, no frozen man's
//!   square, one capture more when it landed diagonally
//!   ([`pawns::entries_refute`]).
//! - [`Rule::Landing`]: both sides' pawn-capture counts exact, a side's
//!   pawn gone from a file it cannot have left (no capture to spare, an
//!   unmoved pawn of the other side in front of it), so taken there; but
//!   no capture of the other side lands on that file within its count
//!   ([`landing`]).
//!
//! Every rule is proven sound in Coq (`Stranded.v`, `Frozenproof.v`,
//! `RegionCountproof.v`, `Cageproof.v`, `Parityproof.v`, `PawnCapturesproof.v`,
//! `SealedBishopsproof.v`, `Crossingproof.v`, `Landingproof.v`,
//! `Zoneproof.v`) and together
//! they make up the static rule of its certificate checker
//! (`default_refuted`, coq/theories/Cert.v, with the zone cages of the
//! certificate, `zone_refuted` in Zone.v; `COQ_RULES` in
//! generator/src/prove.rs).

pub mod bishops;
pub mod cage;
pub mod crossing;
pub mod frozen;
pub mod landing;
pub mod parity;
pub mod pawns;
pub mod zone;

use std::fmt;

use crate::search::{static_illegality, stranded_man};
use crate::Position;

/// One static rule (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    Invariants,
    Stranded,
    Frozen,
    Region,
    PawnCaptures,
    Parity,
    SealedBishops,
    Cage,
    RegionCount,
    PromotionCount,
    Zone,
    Crossing,
    PromotionEntries,
    Landing,
}

impl Rule {
    /// Every rule, in the order the search tries them (cheapest first).
    pub const ALL: [Rule; 14] = [
        Rule::Invariants,
        Rule::Stranded,
        Rule::SealedBishops,
        Rule::Frozen,
        Rule::Region,
        Rule::RegionCount,
        Rule::PromotionCount,
        Rule::Cage,
        Rule::PawnCaptures,
        Rule::Crossing,
        Rule::PromotionEntries,
        Rule::Landing,
        Rule::Parity,
        Rule::Zone,
    ];

    /// Whether the rule shows that no game reaches `pos`. ([`Rule::Zone`]
    /// looks for a cage afresh each time; the deep search keeps the cages
    /// it found instead, [`zone::Cages`].)
    pub fn refutes(self, pos: &Position) -> bool {
        match self {
            Rule::Invariants => static_illegality(pos).is_some(),
            Rule::Stranded => stranded_man(pos).is_some(),
            Rule::Frozen => frozen::refutes(pos),
            Rule::Region => frozen::region_refutes(pos),
            Rule::PawnCaptures => pawns::refutes(pos),
            Rule::Parity => parity::refutes(pos),
            Rule::SealedBishops => bishops::refutes(pos),
            Rule::Cage => cage::refutes(pos),
            Rule::RegionCount => frozen::region_count_refutes(pos),
            Rule::PromotionCount => frozen::promotion_count_refutes(pos),
            Rule::Zone => zone::refutes(pos),
            Rule::Crossing => crossing::refutes(pos),
            Rule::PromotionEntries => pawns::entries_refute(pos),
            Rule::Landing => landing::refutes(pos),
        }
    }

    /// A short name (`invariants`, `stranded`, `pawn-captures`, `parity`,
    /// `zone`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Invariants => "invariants",
            Rule::Stranded => "stranded",
            Rule::Frozen => "frozen",
            Rule::Region => "region",
            Rule::PawnCaptures => "pawn-captures",
            Rule::Parity => "parity",
            Rule::SealedBishops => "sealed-bishops",
            Rule::Cage => "cage",
            Rule::RegionCount => "region-count",
            Rule::PromotionCount => "promotion-count",
            Rule::Zone => "zone",
            Rule::Crossing => "crossing",
            Rule::PromotionEntries => "promotion-entries",
            Rule::Landing => "landing",
        }
    }

    const fn bit(self) -> u16 {
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
pub struct RuleSet(u16);

impl RuleSet {
    /// No rule: only exhaustion of the retraction graph.
    pub const NONE: RuleSet = RuleSet(0);
    /// Every rule.
    pub const ALL: RuleSet = RuleSet(
        Rule::Invariants.bit()
            | Rule::Stranded.bit()
            | Rule::Frozen.bit()
            | Rule::Region.bit()
            | Rule::PawnCaptures.bit()
            | Rule::Parity.bit()
            | Rule::SealedBishops.bit()
            | Rule::Cage.bit()
            | Rule::RegionCount.bit()
            | Rule::PromotionCount.bit()
            | Rule::Zone.bit()
            | Rule::Crossing.bit()
            | Rule::PromotionEntries.bit()
            | Rule::Landing.bit(),
    );

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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(Rule::name).collect();
        f.write_str(&names.join(","))
    }
}
