//! How the shared vocabulary describes itself to the Coq emitter (feature
//! `coq`).
//!
//! The Coq side must speak exactly the vocabulary of the Rust side, so it is
//! defined once, here in Rust, and the generator (`retroproof gen-coq`)
//! emits its Coq mirror. Types opt in with `#[derive(CoqInductive)]`.
//!
//! The trait returns *data* (names, shapes, encodings), never Coq text: the
//! generator owns the one Coq syntax tree and printer, so identifiers are
//! validated and text escaped in a single place.
//!
//! Encoding (the contract in `coq/GEN-CONTRACT.md`):
//! - a fieldless enum's constructor `i` (declaration order) encodes as `i`;
//! - a record encodes in mixed radix, fields in declaration order, the last
//!   field least significant: `Piece = 6 * color + role`.

/// `#[derive(CoqInductive)]`: implements [`CoqInductive`] for a fieldless
/// enum or a struct with named fields whose types implement it.
///
/// Attributes, all optional:
/// - on the type: `#[coq(name = "role")]` (default: the Rust name in
///   snake_case); for structs also `#[coq(constructor = "MkPiece")]`
///   (default: `Mk` + the Rust name);
/// - on a variant: `#[coq(name = "KingSide")]` (default: the Rust name);
/// - on a field: `#[coq(name = "piece_color")]` (default: type name, `_`,
///   field name).
pub use retroproof_derive::CoqInductive;

/// The Coq mirror of one vocabulary type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoqType {
    /// The Coq type name, e.g. `role`.
    pub name: &'static str,
    /// The Rust type it mirrors, e.g. `Role` (for comments in the Coq files).
    pub rust_name: &'static str,
    pub shape: CoqShape,
    /// How many values the type has; encodings are `0..cardinality`.
    pub cardinality: u64,
}

/// What the Coq type looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoqShape {
    /// `Inductive name : Set := C0 | C1 | …`, constructor `i` encoding as `i`.
    Enum {
        constructors: &'static [&'static str],
    },
    /// `Record name : Set := constructor { field : type; … }`, encoded in
    /// mixed radix (last field least significant).
    Record {
        constructor: &'static str,
        fields: &'static [CoqField],
    },
}

/// One field of a record type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoqField {
    /// The Coq projection name, e.g. `piece_color`.
    pub name: &'static str,
    /// The field's type, itself a vocabulary type.
    pub ty: &'static CoqType,
}

/// A value of a vocabulary type as a Coq term, e.g. `MkPiece Black Rook`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CoqValue {
    /// A constructor applied to arguments (none for an enum constructor).
    Constructor {
        name: &'static str,
        args: Vec<CoqValue>,
    },
}

/// A vocabulary type with a Coq mirror; implement it with
/// `#[derive(CoqInductive)]`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no Coq mirror",
    label = "this type does not implement `CoqInductive`",
    note = "fields of a `#[derive(CoqInductive)]` struct must be vocabulary types that derive `CoqInductive` themselves"
)]
pub trait CoqInductive: Sized + 'static {
    /// Names and shape of the Coq type.
    const COQ_TYPE: CoqType;

    /// The Int63 encoding of `self` (`T_to_int` on the Coq side).
    fn coq_encode(&self) -> u64;

    /// Inverse of [`CoqInductive::coq_encode`]; `None` out of range
    /// (`T_of_int` on the Coq side).
    fn coq_decode(code: u64) -> Option<Self>;

    /// `self` as a Coq term.
    fn coq_term(&self) -> CoqValue;

    /// Every value, in encoding order.
    fn coq_values() -> Vec<Self> {
        (0..Self::COQ_TYPE.cardinality)
            .filter_map(Self::coq_decode)
            .collect()
    }
}
