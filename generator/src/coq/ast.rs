//! A small Coq syntax tree: just what retroproof emits.
//!
//! Every generated `.v` file is built as a [`File`] and printed by
//! [`crate::coq::print`]; no other code writes Coq text. Names are
//! [`Ident`]s (validated), free text is a [`Comment`] or [`CoqString`]
//! (escaped), integers are [`Int63`] (range-checked), so a tree can only
//! print as the Coq it describes.
//!
//! Integer literals print bare (`42`): files that use them open
//! `uint63_scope` with [`Sentence::OpenScope`].

use super::ident::{Ident, IdentError, QualId};
use super::text::{Comment, CoqString};

/// A `.v` file: sentences in order.
#[derive(Debug, Clone, PartialEq)]
pub struct File {
    pub sentences: Vec<Sentence>,
}

impl File {
    /// The assertion (theorem, lemma, example) called `name`: a name of
    /// the top level, or `M.name` for one inside the module `M`.
    pub fn assertion(&self, name: &str) -> Option<&Sentence> {
        let (sentences, name) = match name.split_once('.') {
            None => (&self.sentences[..], name),
            Some((module, rest)) => (
                self.sentences.iter().find_map(|s| match s {
                    Sentence::Module { name: m, body } if m.as_str() == module => Some(&body[..]),
                    _ => None,
                })?,
                rest,
            ),
        };
        sentences
            .iter()
            .find(|s| matches!(s, Sentence::Assertion { name: n, .. } if n.as_str() == name))
    }
}

/// One top-level sentence (command) of a file.
#[derive(Debug, Clone, PartialEq)]
pub enum Sentence {
    /// `(* text *)` on its own.
    Comment(Comment),
    /// `From Coq Require Import Uint63 PArray.`
    Require {
        from: Option<QualId>,
        mode: RequireMode,
        modules: Vec<QualId>,
    },
    /// `Local Open Scope uint63_scope.`
    OpenScope { local: bool, scope: Ident },
    /// `Definition name binders : ty := body.`
    Definition {
        name: Ident,
        binders: Vec<Binder>,
        ty: Option<Term>,
        body: Term,
    },
    /// `Fixpoint name binders {struct arg} : ty := body.`
    Fixpoint {
        name: Ident,
        binders: Vec<Binder>,
        decreasing: Option<Ident>,
        ty: Term,
        body: Term,
    },
    /// `Inductive name : sort := C1 | C2 : ty | ….`
    Inductive {
        name: Ident,
        sort: Sort,
        constructors: Vec<Constructor>,
    },
    /// `Record name : sort := constructor { field : ty; … }.`
    Record {
        name: Ident,
        sort: Sort,
        constructor: Ident,
        fields: Vec<(Ident, Term)>,
    },
    /// `Lemma name : statement.` followed by `Proof. tactics. Qed.`
    Assertion {
        kind: AssertionKind,
        name: Ident,
        statement: Term,
        proof: Vec<Tactic>,
    },
    /// `Ltac name params := body.`
    Ltac {
        name: Ident,
        params: Vec<Ident>,
        body: Tactic,
    },
    /// `Module name.`, the sentences, `End name.`: a namespace, so that
    /// several positions of one question can each be `P` with its
    /// theorems (`name.P`, `name.illegal`).
    Module { name: Ident, body: Vec<Sentence> },
}

impl Sentence {
    /// `From <from> Require Import <modules>.`, the usual form of the
    /// generated files' imports.
    pub fn require_import(from: &str, modules: &[&str]) -> Result<Sentence, IdentError> {
        Ok(Sentence::Require {
            from: Some(QualId::new(from)?),
            mode: RequireMode::Import,
            modules: modules
                .iter()
                .map(|m| QualId::new(m))
                .collect::<Result<_, _>>()?,
        })
    }
}

/// `Require`, `Require Import` or `Require Export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequireMode {
    Require,
    Import,
    Export,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Prop,
    Set,
    Type,
}

/// `Theorem`, `Lemma` or `Example`: same meaning, different intent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssertionKind {
    Theorem,
    Lemma,
    Example,
}

/// A constructor of an [`Sentence::Inductive`]; `ty` is `None` for a constant
/// constructor of a type without parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct Constructor {
    pub name: Ident,
    pub ty: Option<Term>,
}

/// `(a b : ty)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Binder {
    pub names: Vec<Ident>,
    pub ty: Term,
}

/// An integer literal of type `int` (Uint63): `0 ..= 2^63 - 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Int63(u64);

impl Int63 {
    pub const MAX: u64 = (1 << 63) - 1;

    /// `None` when `n` does not fit in 63 bits.
    pub const fn new(n: u64) -> Option<Int63> {
        if n <= Self::MAX {
            Some(Int63(n))
        } else {
            None
        }
    }

    pub const fn get(self) -> u64 {
        self.0
    }
}

impl From<u32> for Int63 {
    fn from(n: u32) -> Int63 {
        Int63(u64::from(n))
    }
}

/// Infix operators, with Coq's levels and associativity (see
/// [`InfixOp::level`]); the printer adds parentheses from these, so a tree
/// never prints as a term that parses differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InfixOp {
    /// `=` (Leibniz equality, a `Prop`).
    Eq,
    /// `/\`
    And,
    /// `\/`
    Or,
    /// `&&` (booleans).
    Andb,
    /// `||` (booleans).
    Orb,
    /// Uint63 `+`, `-`, `*`, `/`, `mod`.
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    /// `<=` (of `nat`s, a `Prop`: the file opens no integer scope).
    Le,
    /// Uint63 `=?`, `<?`, `<=?`.
    Eqb,
    Ltb,
    Leb,
    /// Uint63 `land`, and `lsr` (written `>>`: Coq 8.16 has no `lsr` infix).
    Land,
    Lsr,
    /// `::` (list cons).
    Cons,
    /// `++` (list append, with `list_scope` open last).
    Append,
}

/// How an infix operator groups with itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assoc {
    Left,
    Right,
    None,
}

impl InfixOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            InfixOp::Eq => "=",
            InfixOp::Le => "<=",
            InfixOp::And => "/\\",
            InfixOp::Or => "\\/",
            InfixOp::Andb => "&&",
            InfixOp::Orb => "||",
            InfixOp::Add => "+",
            InfixOp::Sub => "-",
            InfixOp::Mul => "*",
            InfixOp::Div => "/",
            InfixOp::Mod => "mod",
            InfixOp::Eqb => "=?",
            InfixOp::Ltb => "<?",
            InfixOp::Leb => "<=?",
            InfixOp::Land => "land",
            InfixOp::Lsr => ">>",
            InfixOp::Cons => "::",
            InfixOp::Append => "++",
        }
    }

    /// Coq's notation level and associativity (Init.Notations, Uint63,
    /// Datatypes): a lower level binds tighter.
    pub fn level(self) -> (u32, Assoc) {
        match self {
            InfixOp::Lsr => (30, Assoc::None),
            InfixOp::Mul | InfixOp::Div | InfixOp::Land | InfixOp::Andb => (40, Assoc::Left),
            InfixOp::Mod => (40, Assoc::None),
            InfixOp::Add | InfixOp::Sub | InfixOp::Orb => (50, Assoc::Left),
            InfixOp::Cons | InfixOp::Append => (60, Assoc::Right),
            InfixOp::Eq | InfixOp::Le | InfixOp::Eqb | InfixOp::Ltb | InfixOp::Leb => {
                (70, Assoc::None)
            }
            InfixOp::And => (80, Assoc::Right),
            InfixOp::Or => (85, Assoc::Right),
        }
    }
}

/// A term.
#[derive(Debug, Clone, PartialEq)]
pub enum Term {
    /// A (possibly qualified) name.
    Ref(QualId),
    /// `_`: a term Coq infers.
    Hole,
    /// `f a b`.
    App { func: Box<Term>, args: Vec<Term> },
    /// An Uint63 literal.
    Int(Int63),
    /// A string literal (needs `String` and `string_scope` in the file).
    Str(CoqString),
    /// A primitive array literal `[| e0; e1 | default : ty |]`.
    Array {
        elems: Vec<Term>,
        default: Box<Term>,
        ty: Box<Term>,
    },
    /// A list `e0 :: e1 :: nil`.
    List(Vec<Term>),
    /// `(* comment *) term`: annotates data, e.g. a table row with its square.
    Commented { comment: Comment, term: Box<Term> },
    /// `lhs op rhs`.
    Infix {
        op: InfixOp,
        lhs: Box<Term>,
        rhs: Box<Term>,
    },
    /// `if cond then a else b`.
    If {
        cond: Box<Term>,
        then_branch: Box<Term>,
        else_branch: Box<Term>,
    },
    /// `match s1, s2 with | p1, p2 => body | … end`.
    Match {
        scrutinees: Vec<Term>,
        arms: Vec<MatchArm>,
    },
    /// `fun binders => body`.
    Fun {
        binders: Vec<Binder>,
        body: Box<Term>,
    },
    /// `forall binders, body`.
    Forall {
        binders: Vec<Binder>,
        body: Box<Term>,
    },
    /// `exists binders, body`.
    Exists {
        binders: Vec<Binder>,
        body: Box<Term>,
    },
    /// `a -> b`.
    Arrow(Box<Term>, Box<Term>),
}

/// One arm of a [`Term::Match`]: one pattern per scrutinee.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchArm {
    pub patterns: Vec<Pattern>,
    pub body: Term,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Pattern {
    /// `_`
    Wildcard,
    /// A variable (or constant constructor: Coq resolves which).
    Var(Ident),
    /// `C p1 p2`.
    Constructor { name: QualId, args: Vec<Pattern> },
}

/// A tactic in a proof script or `Ltac` body.
#[derive(Debug, Clone, PartialEq)]
pub enum Tactic {
    /// `intros a b` (`intros` alone when empty).
    Intros(Vec<Ident>),
    /// `destruct t` or `destruct t as [a b]`.
    Destruct {
        term: Term,
        names: Vec<Ident>,
    },
    Reflexivity,
    /// `split` (of a conjunction).
    Split,
    VmCompute,
    Idtac,
    /// `exact t`.
    Exact(Term),
    /// `apply t`.
    Apply(Term),
    /// A named tactic (an `Ltac` or a library tactic) with term arguments.
    Call {
        name: QualId,
        args: Vec<Term>,
    },
    /// `t1; t2; …`: each next tactic on all goals the previous produced.
    Then(Vec<Tactic>),
    /// `repeat t`.
    Repeat(Box<Tactic>),
    /// `first [ t1 | t2 ]`.
    First(Vec<Tactic>),
    /// One bulleted sub-proof per goal the previous step left, in order
    /// (`-` at the top, then `+`, `*`, `--`, …). Meant as the last step of a
    /// proof script or of a [`Case`]: a script a person steps through, one
    /// goal at a time (the retro scripts of `export --ltac`).
    Cases(Vec<Case>),
}

impl Tactic {
    /// Whether the tactic decides something by computing or searching
    /// (`vm_compute`, `reflexivity`, a named tactic such as
    /// `vm_cast_no_check` or the retro tactics), rather than only
    /// assembling a proof from terms (`exact`, `apply`, `split`,
    /// `intros`, `destruct`): a proof that computes is a claim Coq may
    /// refuse; one that only assembles fails only when the file is
    /// ill-formed.
    pub fn computes(&self) -> bool {
        match self {
            Tactic::VmCompute | Tactic::Reflexivity | Tactic::Call { .. } => true,
            Tactic::Intros(_)
            | Tactic::Destruct { .. }
            | Tactic::Split
            | Tactic::Idtac
            | Tactic::Exact(_)
            | Tactic::Apply(_) => false,
            Tactic::Then(ts) | Tactic::First(ts) => ts.iter().any(Tactic::computes),
            Tactic::Repeat(t) => t.computes(),
            Tactic::Cases(cases) => cases.iter().any(|c| c.steps.iter().any(Tactic::computes)),
        }
    }
}

/// One bulleted sub-proof of [`Tactic::Cases`]: an optional comment, then
/// its steps (a nested [`Tactic::Cases`] last, if any).
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub comment: Option<Comment>,
    pub steps: Vec<Tactic>,
}

/// Shorthands for building trees.
impl Term {
    pub fn name(name: QualId) -> Term {
        Term::Ref(name)
    }

    pub fn ident(name: &Ident) -> Term {
        Term::Ref(QualId::from(name.clone()))
    }

    pub fn int(n: impl Into<Int63>) -> Term {
        Term::Int(n.into())
    }

    /// `func args…`; just `func` when `args` is empty.
    pub fn app(func: Term, args: Vec<Term>) -> Term {
        if args.is_empty() {
            func
        } else {
            Term::App {
                func: Box::new(func),
                args,
            }
        }
    }

    pub fn infix(op: InfixOp, lhs: Term, rhs: Term) -> Term {
        Term::Infix {
            op,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        }
    }

    pub fn if_then_else(cond: Term, then_branch: Term, else_branch: Term) -> Term {
        Term::If {
            cond: Box::new(cond),
            then_branch: Box::new(then_branch),
            else_branch: Box::new(else_branch),
        }
    }

    pub fn commented(comment: Comment, term: Term) -> Term {
        Term::Commented {
            comment,
            term: Box::new(term),
        }
    }
}
