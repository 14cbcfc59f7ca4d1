//! Static rules: facts about a single position that show no game reaches it.
//!
//! Each [`Rule`] is a function `refutes(&Position) -> bool` that answers
//! `true` only when no game from the initial position reaches a position
//! *realising* the argument (same board and side to move, and whatever
//! castling rights and en-passant square it asserts). The deep search
//! ([`crate::deep`]) tries them before expanding a node, and a certificate
//! ([`crate::cert`]) names the set of rules its dead positions rely on.
//! Each rule has its own module, which says why it is sound.
//!
//! # The registry
//!
//! The table at the end of this file is the one list of the rules, in the
//! order the search tries them (cheapest first): for each, its [`Rule`]
//! variant, its name, what it refutes in one line, its function, and how
//! Coq checks it ([`Coq`]: the qualified name of its soundness lemma).
//! [`Rule::ALL`], [`RuleSet::ALL`], [`Rule::refutes`], [`Rule::name`],
//! [`Rule::summary`] and [`Rule::coq`] are derived from it.
//!
//! Coq has the same list: `static_rules` in `coq/theories/Cert.v` (the
//! name and function of each rule; the certificate checkers' static rule
//! `default_refuted` tries them in turn), and `static_rules_sound` in
//! `Certproof.v` (the soundness lemma of each). `coq/tests/RuleRegistry.v`
//! is generated from this table (`generator/tests/integration/rule_registry.rs`) and
//! does not compile unless Coq lists the same rules under the same names,
//! in the same order, proven sound by the lemmas named here. The zone
//! rule is the exception: its cages are data the certificate carries
//! ([`Coq::Certificate`]).
//!
//! Adding a rule: its module here, its `X.v`/`Xproof.v` pair in
//! `coq/theories/`, one entry in the table below and one in each of the
//! two Coq lists (see `CONTRIBUTING.md`).

pub mod bishops;
pub mod cage;
pub mod crossing;
pub mod frozen;
pub mod invariants;
pub mod landing;
pub mod parity;
pub mod pawns;
pub mod region;
pub mod region_count;
pub mod stranded;
pub mod zone;

mod registry;

pub use registry::{Coq, Names, RuleSet};

registry::registry! {
    /// Module [`invariants`]; Coq: `inv` of `Invariants.v`.
    Invariants {
        name: "invariants",
        summary: "Impossible material for a side (men, pawns, or pawns plus promoted men), or the \
            side that just moved in check.",
        refutes: invariants::refutes,
        coq: Coq::Static { lemma: "RetroProof.Certproof.invariants_sound" },
    },
    /// Module [`stranded`]; Coq: `Stranded.v`.
    Stranded {
        name: "stranded",
        summary: "A man that can never have moved going back in time, on a square where the \
            initial position has another man or none.",
        refutes: stranded::refutes,
        coq: Coq::Static { lemma: "RetroProof.Certproof.stranded_sound" },
    },
    /// Module [`bishops`]; Coq: `SealedBishops.v`.
    SealedBishops {
        name: "sealed-bishops",
        summary: "A bishop's initial square walled in by its side's pawns and holding no bishop, \
            so the bishops of its colour are promoted pawns: too many with the pawns.",
        refutes: bishops::refutes,
        coq: Coq::Static { lemma: "RetroProof.SealedBishopsproof.sealed_refutes_sound" },
    },
    /// Module [`frozen`]; Coq: `Frozen.v`. Refutes every position
    /// [`Rule::Stranded`] refutes.
    Frozen {
        name: "frozen",
        summary: "Men that can never have moved (each way back held by another or shut by a \
            check), one of them not the initial position's man on its square.",
        refutes: frozen::refutes,
        coq: Coq::Static { lemma: "RetroProof.Frozenproof.frozen_refutes_sound" },
    },
    /// Module [`region`]; Coq: `Frozen.v`.
    Region {
        name: "region",
        summary: "A man whose every way back, around the frozen men, leads neither to an initial \
            square of its kind nor, for a piece, to its last rank.",
        refutes: region::refutes,
        coq: Coq::Static { lemma: "RetroProof.Frozenproof.region_refutes_sound" },
    },
    /// Module [`region_count`]; Coq: `RegionCount.v`.
    RegionCount {
        name: "region-count",
        summary: "More men of a kind on the union of their regions than the initial position has \
            there.",
        refutes: region_count::region_count_refutes,
        coq: Coq::Static { lemma: "RetroProof.RegionCountproof.region_count_refutes_sound" },
    },
    /// Module [`region_count`]; Coq: `RegionCount.v`.
    PromotionCount {
        name: "promotion-count",
        summary: "A side's pawns and the men its regions show to be promoted pawns number more \
            than 8.",
        refutes: region_count::promotion_count_refutes,
        coq: Coq::Static { lemma: "RetroProof.RegionCountproof.promotion_count_refutes_sound" },
    },
    /// Module [`cage`]; Coq: `Cage.v`.
    Cage {
        name: "cage",
        summary: "The men of a cage of frozen men on the first or last rank out of the order the \
            initial position has them in.",
        refutes: cage::refutes,
        coq: Coq::Static { lemma: "RetroProof.Cageproof.cage_refutes_sound" },
    },
    /// Module [`pawns`]; Coq: `PawnCaptures.v`.
    PawnCaptures {
        name: "pawn-captures",
        summary: "More captures needed by a side's pawns (and the pawns its promoted men were) \
            than the other side has men missing, less its dead men.",
        refutes: pawns::refutes,
        coq: Coq::Static { lemma: "RetroProof.PawnCapturesproof.pawn_refutes_sound" },
    },
    /// Module [`crossing`]; Coq: `Crossing.v`.
    Crossing {
        name: "crossing",
        summary: "Both sides' pawn captures counted together (pawns of one file that made no \
            capture never passed each other), and counted by square colour.",
        refutes: crossing::refutes,
        coq: Coq::Static { lemma: "RetroProof.Crossingproof.crossing_refutes_sound" },
    },
    /// Module [`pawns`]; Coq: `PawnCaptures.v`.
    PromotionEntries {
        name: "promotion-entries",
        summary: "Pawn captures counted with the men the regions show promoted, each from a \
            seventh-rank square next to its region.",
        refutes: pawns::entries_refute,
        coq: Coq::Static { lemma: "RetroProof.PawnCapturesproof.entry_refutes_sound" },
    },
    /// Module [`landing`]; Coq: `Landing.v`.
    Landing {
        name: "landing",
        summary: "A pawn taken on a file it could not leave, where no capture of the other side \
            can have landed within its count.",
        refutes: landing::refutes,
        coq: Coq::Static { lemma: "RetroProof.Landingproof.landing_refutes_sound" },
    },
    /// Module [`parity`]; Coq: `Parity.v`.
    Parity {
        name: "parity",
        summary: "In a closed position, a side to move the parity of each side's moves rules out.",
        refutes: parity::refutes,
        coq: Coq::Static { lemma: "RetroProof.Parityproof.parity_refutes_sound" },
    },
    /// Module [`zone`]; Coq: `Zone.v`, whose checkers verify the cages a
    /// certificate carries. [`Rule::refutes`] looks for a cage afresh each
    /// time; the deep search keeps the cages it found instead
    /// ([`zone::Cages`]).
    Zone {
        name: "zone",
        summary: "The men on a zone of the board forming a member of a zone cage: partial boards \
            closed under retraction, none with every man at home (Hwa's cages).",
        refutes: zone::refutes,
        coq: Coq::Certificate { lemma: "RetroProof.Zoneproof.zone_refutes" },
    },
}
