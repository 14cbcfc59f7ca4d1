//! The one pretty-printer from the Coq syntax tree to text.
//!
//! Layout is fixed (two-space indent, one element per line in arrays, one arm
//! per line in matches) so that generated files are stable byte for byte and
//! their diffs are readable. Parentheses are added from operator levels, never
//! stored in the tree.

use std::fmt::Write as _;

use super::ast::{
    AssertionKind, Assoc, Binder, Case, File, InfixOp, MatchArm, Pattern, RequireMode, Sentence,
    Sort, Tactic, Term,
};
use super::ident::Ident;

/// A proof script this short (in characters) is printed on the line of
/// `Proof.` and `Qed.`.
const ONE_LINE_PROOF: usize = 72;

/// Prints a whole file; ends with a newline.
pub fn print_file(file: &File) -> String {
    print_file_with_checks(file).0
}

/// The lines (1-based, first and last) of an assertion whose proof
/// computes a check ([`Tactic::computes`]): where `coqc` stops when Coq
/// does not agree with the claim the generator wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckLines {
    pub first: u32,
    pub last: u32,
}

impl CheckLines {
    pub fn contains(&self, line: u32) -> bool {
        (self.first..=self.last).contains(&line)
    }
}

/// [`print_file`], with the lines of every assertion whose proof is a
/// computed check (inside modules too), in order. A failure of `coqc`
/// on one of them is Coq refusing a claim; anywhere else it is a fault
/// of the file itself (a clash of names, an ill-typed definition).
pub fn print_file_with_checks(file: &File) -> (String, Vec<CheckLines>) {
    let mut p = Printer::default();
    p.sentences(&file.sentences);
    p.out.push('\n');
    (p.out, p.checks)
}

/// Prints one term on its own (no trailing period), e.g. for messages.
pub fn print_term(term: &Term) -> String {
    let mut p = Printer::default();
    p.term(term, Ctx::Top);
    p.out
}

/// Prints the head of an assertion as a file prints it, without its
/// period and proof (`Theorem name : statement`): what is proven, for
/// messages and reports; `None` for another sentence.
pub fn print_assertion_head(sentence: &Sentence) -> Option<String> {
    let Sentence::Assertion {
        kind,
        name,
        statement,
        ..
    } = sentence
    else {
        return None;
    };
    let mut p = Printer::default();
    p.assertion_head(*kind, name, statement);
    Some(p.out)
}

/// Prints one tactic (no trailing period).
pub fn print_tactic(tactic: &Tactic) -> String {
    let mut p = Printer::default();
    p.tactic(tactic, TacCtx::Top);
    p.out
}

fn is_preamble(s: &Sentence) -> bool {
    matches!(s, Sentence::Require { .. } | Sentence::OpenScope { .. })
}

/// Where a term is printed, which decides whether it needs parentheses.
#[derive(Clone, Copy)]
enum Ctx {
    /// Delimited on both sides: definition body, array element, branch.
    Top,
    /// Function or argument of an application.
    Arg,
    /// Operand of an infix operator.
    Operand { parent: InfixOp, left: bool },
    /// Left of `->`.
    ArrowLeft,
    /// Between `match` and `with`.
    Scrutinee,
}

#[derive(Clone, Copy)]
enum TacCtx {
    Top,
    /// Operand of `;` or argument of `repeat`.
    Operand,
    /// Argument of `repeat`: a `;` sequence needs parentheses.
    Repeated,
}

#[derive(Default)]
struct Printer {
    out: String,
    indent: usize,
    /// The lines of the computed checks printed so far.
    checks: Vec<CheckLines>,
}

impl Printer {
    /// The line (1-based) the next character goes on.
    fn line(&self) -> u32 {
        1 + self.out.matches('\n').count() as u32
    }

    fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push(' ');
        }
    }

    /// Sentences separated by a blank line (none after a comment, none
    /// between imports).
    fn sentences(&mut self, sentences: &[Sentence]) {
        let mut prev: Option<&Sentence> = None;
        for sentence in sentences {
            if let Some(prev) = prev {
                let grouped = is_preamble(prev) && is_preamble(sentence);
                let attached = matches!(prev, Sentence::Comment(_));
                self.out.push('\n');
                if !grouped && !attached {
                    self.out.push('\n');
                }
            }
            self.sentence(sentence);
            prev = Some(sentence);
        }
    }

    fn sentence(&mut self, sentence: &Sentence) {
        match sentence {
            Sentence::Module { name, body } => {
                let _ = write!(self.out, "Module {name}.\n\n");
                self.sentences(body);
                let _ = write!(self.out, "\n\nEnd {name}.");
            }
            Sentence::Comment(text) => {
                let _ = write!(self.out, "(* {text} *)");
            }
            Sentence::Require {
                from,
                mode,
                modules,
            } => {
                if let Some(from) = from {
                    let _ = write!(self.out, "From {from} ");
                }
                self.out.push_str(match mode {
                    RequireMode::Require => "Require",
                    RequireMode::Import => "Require Import",
                    RequireMode::Export => "Require Export",
                });
                for m in modules {
                    let _ = write!(self.out, " {m}");
                }
                self.out.push('.');
            }
            Sentence::OpenScope { local, scope } => {
                if *local {
                    self.out.push_str("Local ");
                }
                let _ = write!(self.out, "Open Scope {scope}.");
            }
            Sentence::Definition {
                name,
                binders,
                ty,
                body,
            } => {
                let _ = write!(self.out, "Definition {name}");
                self.binders(binders);
                if let Some(ty) = ty {
                    self.out.push_str(" : ");
                    self.term(ty, Ctx::Top);
                }
                self.body(body);
            }
            Sentence::Fixpoint {
                name,
                binders,
                decreasing,
                ty,
                body,
            } => {
                let _ = write!(self.out, "Fixpoint {name}");
                self.binders(binders);
                if let Some(arg) = decreasing {
                    let _ = write!(self.out, " {{struct {arg}}}");
                }
                self.out.push_str(" : ");
                self.term(ty, Ctx::Top);
                self.body(body);
            }
            Sentence::Inductive {
                name,
                sort,
                constructors,
            } => {
                let _ = write!(self.out, "Inductive {name} : {} :=", sort_name(*sort));
                if constructors.iter().all(|c| c.ty.is_none()) {
                    for (i, c) in constructors.iter().enumerate() {
                        let sep = if i == 0 { " " } else { " | " };
                        let _ = write!(self.out, "{sep}{}", c.name);
                    }
                } else {
                    self.indent += 2;
                    for c in constructors {
                        self.newline();
                        let _ = write!(self.out, "| {}", c.name);
                        if let Some(ty) = &c.ty {
                            self.out.push_str(" : ");
                            self.term(ty, Ctx::Top);
                        }
                    }
                    self.indent -= 2;
                }
                self.out.push('.');
            }
            Sentence::Record {
                name,
                sort,
                constructor,
                fields,
            } => {
                let _ = write!(
                    self.out,
                    "Record {name} : {} := {constructor} {{ ",
                    sort_name(*sort)
                );
                for (i, (field, ty)) in fields.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str("; ");
                    }
                    let _ = write!(self.out, "{field} : ");
                    self.term(ty, Ctx::Top);
                }
                self.out.push_str(" }.");
            }
            Sentence::Assertion {
                kind,
                name,
                statement,
                proof,
            } => {
                let first = self.line();
                self.assertion_head(*kind, name, statement);
                self.out.push('.');
                self.newline();
                let steps: Vec<String> = proof.iter().map(print_tactic).collect();
                let inline: usize = steps.iter().map(|s| s.len() + 2).sum();
                let has_cases = proof.iter().any(|t| matches!(t, Tactic::Cases(_)));
                if inline <= ONE_LINE_PROOF && !has_cases && steps.iter().all(|s| !s.contains('\n'))
                {
                    self.out.push_str("Proof.");
                    for step in &steps {
                        let _ = write!(self.out, " {step}.");
                    }
                    self.out.push_str(" Qed.");
                } else {
                    self.out.push_str("Proof.");
                    self.indent += 2;
                    for tactic in proof {
                        match tactic {
                            Tactic::Cases(cases) => self.cases(cases, 0),
                            _ => {
                                self.newline();
                                self.tactic(tactic, TacCtx::Top);
                                self.out.push('.');
                            }
                        }
                    }
                    self.indent -= 2;
                    self.newline();
                    self.out.push_str("Qed.");
                }
                if proof.iter().any(Tactic::computes) {
                    let last = self.line();
                    self.checks.push(CheckLines { first, last });
                }
            }
            Sentence::Ltac { name, params, body } => {
                let _ = write!(self.out, "Ltac {name}");
                for param in params {
                    let _ = write!(self.out, " {param}");
                }
                self.out.push_str(" := ");
                self.tactic(body, TacCtx::Top);
                self.out.push('.');
            }
        }
    }

    /// ` :=`, the body indented on the next line, and the final period.
    fn body(&mut self, body: &Term) {
        self.out.push_str(" :=");
        self.indent += 2;
        self.newline();
        self.term(body, Ctx::Top);
        self.indent -= 2;
        self.out.push('.');
    }

    fn binders(&mut self, binders: &[Binder]) {
        for b in binders {
            self.out.push_str(" (");
            self.binder_names(b);
            self.out.push(')');
        }
    }

    fn binder_names(&mut self, b: &Binder) {
        for (i, name) in b.names.iter().enumerate() {
            if i > 0 {
                self.out.push(' ');
            }
            self.out.push_str(name.as_str());
        }
        self.out.push_str(" : ");
        self.term(&b.ty, Ctx::Top);
    }

    fn term(&mut self, term: &Term, ctx: Ctx) {
        if let Term::Commented { comment, term } = term {
            let _ = write!(self.out, "(* {comment} *) ");
            return self.term(term, ctx);
        }
        let parens = needs_parens(term, ctx);
        if parens {
            self.out.push('(');
        }
        self.term_bare(term);
        if parens {
            self.out.push(')');
        }
    }

    fn term_bare(&mut self, term: &Term) {
        match term {
            Term::Ref(name) => {
                let _ = write!(self.out, "{name}");
            }
            Term::Hole => self.out.push('_'),
            Term::Int(n) => {
                let _ = write!(self.out, "{}", n.get());
            }
            Term::Str(s) => self.out.push_str(&s.literal()),
            Term::App { func, args } => {
                self.term(func, Ctx::Arg);
                for arg in args {
                    self.out.push(' ');
                    self.term(arg, Ctx::Arg);
                }
            }
            Term::Array { elems, default, ty } => {
                self.out.push_str("[|");
                self.indent += 2;
                for (i, elem) in elems.iter().enumerate() {
                    self.newline();
                    self.term(elem, Ctx::Top);
                    if i + 1 < elems.len() {
                        self.out.push(';');
                    }
                }
                self.indent -= 2;
                self.newline();
                self.out.push_str("| ");
                self.term(default, Ctx::Top);
                self.out.push_str(" : ");
                self.term(ty, Ctx::Top);
                self.out.push_str(" |]");
            }
            Term::List(elems) => {
                for elem in elems {
                    self.term(
                        elem,
                        Ctx::Operand {
                            parent: InfixOp::Cons,
                            left: true,
                        },
                    );
                    self.out.push_str(" :: ");
                }
                self.out.push_str("nil");
            }
            Term::Commented { .. } => unreachable!("handled in term()"),
            Term::Infix { op, lhs, rhs } => {
                self.term(
                    lhs,
                    Ctx::Operand {
                        parent: *op,
                        left: true,
                    },
                );
                let _ = write!(self.out, " {} ", op.symbol());
                self.term(
                    rhs,
                    Ctx::Operand {
                        parent: *op,
                        left: false,
                    },
                );
            }
            Term::If {
                cond,
                then_branch,
                else_branch,
            } => {
                self.out.push_str("if ");
                self.term(cond, Ctx::Top);
                self.out.push_str(" then ");
                self.term(then_branch, Ctx::Top);
                self.newline();
                self.out.push_str("else ");
                self.term(else_branch, Ctx::Top);
            }
            Term::Match { scrutinees, arms } => {
                self.out.push_str("match ");
                for (i, s) in scrutinees.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.term(s, Ctx::Scrutinee);
                }
                self.out.push_str(" with");
                for MatchArm { patterns, body } in arms {
                    self.newline();
                    self.out.push_str("| ");
                    for (i, pat) in patterns.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.pattern(pat, false);
                    }
                    self.out.push_str(" => ");
                    self.indent += 2;
                    self.term(body, Ctx::Top);
                    self.indent -= 2;
                }
                self.newline();
                self.out.push_str("end");
            }
            Term::Fun { binders, body } => {
                self.out.push_str("fun");
                self.binders(binders);
                self.out.push_str(" => ");
                self.term(body, Ctx::Top);
            }
            Term::Forall { binders, body } => {
                self.out.push_str("forall");
                self.binders(binders);
                self.out.push_str(", ");
                self.term(body, Ctx::Top);
            }
            Term::Exists { binders, body } => {
                self.out.push_str("exists");
                self.binders(binders);
                self.out.push_str(", ");
                self.term(body, Ctx::Top);
            }
            Term::Arrow(lhs, rhs) => {
                self.term(lhs, Ctx::ArrowLeft);
                self.out.push_str(" -> ");
                self.term(rhs, Ctx::Top);
            }
        }
    }

    fn pattern(&mut self, pat: &Pattern, nested: bool) {
        match pat {
            Pattern::Wildcard => self.out.push('_'),
            Pattern::Var(name) => self.out.push_str(name.as_str()),
            Pattern::Constructor { name, args } => {
                let parens = nested && !args.is_empty();
                if parens {
                    self.out.push('(');
                }
                let _ = write!(self.out, "{name}");
                for arg in args {
                    self.out.push(' ');
                    self.pattern(arg, true);
                }
                if parens {
                    self.out.push(')');
                }
            }
        }
    }

    fn tactic(&mut self, tactic: &Tactic, ctx: TacCtx) {
        match tactic {
            Tactic::Intros(names) => {
                self.out.push_str("intros");
                for name in names {
                    let _ = write!(self.out, " {name}");
                }
            }
            Tactic::Destruct { term, names } => {
                self.out.push_str("destruct ");
                self.term(term, Ctx::Arg);
                if !names.is_empty() {
                    self.out.push_str(" as [");
                    for (i, name) in names.iter().enumerate() {
                        if i > 0 {
                            self.out.push(' ');
                        }
                        self.out.push_str(name.as_str());
                    }
                    self.out.push(']');
                }
            }
            Tactic::Reflexivity => self.out.push_str("reflexivity"),
            Tactic::Split => self.out.push_str("split"),
            Tactic::VmCompute => self.out.push_str("vm_compute"),
            Tactic::Idtac => self.out.push_str("idtac"),
            Tactic::Exact(t) => {
                self.out.push_str("exact ");
                self.term(t, Ctx::Arg);
            }
            Tactic::Apply(t) => {
                self.out.push_str("apply ");
                self.term(t, Ctx::Arg);
            }
            Tactic::Call { name, args } => {
                let _ = write!(self.out, "{name}");
                for arg in args {
                    self.out.push(' ');
                    self.term(arg, Ctx::Arg);
                }
            }
            Tactic::Then(steps) => {
                let parens = !matches!(ctx, TacCtx::Top);
                if parens {
                    self.out.push('(');
                }
                for (i, step) in steps.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str("; ");
                    }
                    self.tactic(step, TacCtx::Operand);
                }
                if parens {
                    self.out.push(')');
                }
            }
            Tactic::Repeat(t) => {
                self.out.push_str("repeat ");
                self.tactic(t, TacCtx::Repeated);
            }
            Tactic::First(alternatives) => {
                self.out.push_str("first [");
                for (i, alt) in alternatives.iter().enumerate() {
                    self.out.push_str(if i == 0 { " " } else { " | " });
                    self.tactic(alt, TacCtx::Top);
                }
                self.out.push_str(" ]");
            }
            Tactic::Cases(cases) => self.cases(cases, 0),
        }
    }

    /// A theorem's statement: on one line when short; else a
    /// `forall …, A -> B -> C` is broken after the binders and after each
    /// arrow, one hypothesis per line.
    /// `Theorem name : statement` (no period).
    fn assertion_head(&mut self, kind: AssertionKind, name: &Ident, statement: &Term) {
        let kind = match kind {
            AssertionKind::Theorem => "Theorem",
            AssertionKind::Lemma => "Lemma",
            AssertionKind::Example => "Example",
        };
        let _ = write!(self.out, "{kind} {name} : ");
        self.statement(statement);
    }

    fn statement(&mut self, statement: &Term) {
        const ONE_LINE_STATEMENT: usize = 80;
        let Term::Forall { binders, body } = statement else {
            return self.term(statement, Ctx::Top);
        };
        if print_term(statement).len() <= ONE_LINE_STATEMENT {
            return self.term(statement, Ctx::Top);
        }
        self.out.push_str("forall");
        self.binders(binders);
        self.out.push(',');
        let mut body: &Term = body;
        self.indent += 2;
        self.newline();
        while let Term::Arrow(lhs, rhs) = body {
            self.term(lhs, Ctx::ArrowLeft);
            self.out.push_str(" ->");
            self.newline();
            body = rhs;
        }
        self.term(body, Ctx::Top);
        self.indent -= 2;
    }

    /// Bulleted sub-proofs at nesting `level`, each on its own line(s):
    /// `- (* comment *) t1. t2.`, a nested [`Tactic::Cases`] indented below.
    fn cases(&mut self, cases: &[Case], level: usize) {
        let bullet = ["-", "+", "*"][level % 3].repeat(level / 3 + 1);
        for case in cases {
            self.newline();
            self.out.push_str(&bullet);
            if let Some(comment) = &case.comment {
                let _ = write!(self.out, " (* {} *)", comment.as_str());
            }
            for step in &case.steps {
                match step {
                    Tactic::Cases(inner) => {
                        self.indent += bullet.len() + 1;
                        self.cases(inner, level + 1);
                        self.indent -= bullet.len() + 1;
                    }
                    _ => {
                        self.out.push(' ');
                        self.tactic(step, TacCtx::Top);
                        self.out.push('.');
                    }
                }
            }
        }
    }
}

fn sort_name(sort: Sort) -> &'static str {
    match sort {
        Sort::Prop => "Prop",
        Sort::Set => "Set",
        Sort::Type => "Type",
    }
}

/// Whether `term` printed in `ctx` must be parenthesised to parse back as
/// itself.
fn needs_parens(term: &Term, ctx: Ctx) -> bool {
    let atomic = match term {
        Term::Ref(_) | Term::Hole | Term::Int(_) | Term::Str(_) | Term::Array { .. } => true,
        Term::List(elems) => elems.is_empty(),
        Term::Commented { term, .. } => return needs_parens(term, ctx),
        _ => false,
    };
    if atomic {
        return false;
    }
    // A non-empty list prints as a `::` chain.
    let infix = match term {
        Term::Infix { op, .. } => Some(*op),
        Term::List(_) => Some(InfixOp::Cons),
        _ => None,
    };
    match ctx {
        Ctx::Top => false,
        Ctx::Arg => true,
        Ctx::Scrutinee => !matches!(term, Term::App { .. } | Term::Infix { .. } | Term::List(_)),
        Ctx::ArrowLeft => !matches!(term, Term::App { .. } | Term::Infix { .. } | Term::List(_)),
        Ctx::Operand { parent, left } => match term {
            Term::App { .. } => false,
            _ => match infix {
                Some(child) => {
                    let (child_level, _) = child.level();
                    let (parent_level, assoc) = parent.level();
                    if child_level != parent_level {
                        child_level > parent_level
                    } else {
                        // Same level: only the same operator on its own
                        // associative side may go without parentheses.
                        !(child == parent
                            && matches!((assoc, left), (Assoc::Left, true) | (Assoc::Right, false)))
                    }
                }
                None => true,
            },
        },
    }
}
