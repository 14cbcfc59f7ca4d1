//! Coq source as data: a syntax tree ([`ast`]), validated identifiers
//! ([`ident`]), escaped comments and strings ([`text`]), and the one printer
//! ([`print`](mod@print)). Generated `.v` files are built here, never with `format!`.

pub mod ast;
pub mod ident;
pub mod print;
pub mod text;

pub use ast::{
    AssertionKind, Binder, Case, Constructor, File, InfixOp, Int63, MatchArm, Pattern, RequireMode,
    Sentence, Sort, Tactic, Term,
};
pub use ident::{Ident, IdentError, QualId};
pub use print::{print_assertion_head, print_file, print_file_with_checks, print_term, CheckLines};
pub use text::{Comment, CoqString, StringError};
