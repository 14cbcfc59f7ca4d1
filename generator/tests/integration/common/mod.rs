//! Shared by the integration tests: a Coq file that uses every node of the
//! syntax tree (snapshotted in `snapshots.rs`, compiled with real `coqc` in
//! `coqc_integration.rs`), running the `retroproof` binary ([`cli`]),
//! finding Coq ([`coq_env`]), and boards for the rule agreement tests
//! ([`boards`]).

// Each test file is its own crate and compiles this whole module with
// `mod common;`, but uses only part of it: the rest would warn as dead code.
#![allow(dead_code)]

pub mod boards;
pub mod cli;
pub mod coq_env;

use retroproof::coq::{
    AssertionKind, Binder, Case, Comment, Constructor, CoqString, File, Ident, InfixOp, MatchArm,
    Pattern, QualId, RequireMode, Sentence, Sort, Tactic, Term,
};

/// Hostile text put in the sample file's comment and string: if either
/// escaped, `pwned` would be declared.
pub const HOSTILE_COMMENT: &str = "problem \"*) Axiom pwned : False. (*\"";
pub const HOSTILE_STRING: &str = "say \"*) Axiom pwned2 : False. (*\"\n♞";

fn id(s: &str) -> Ident {
    Ident::new(s).unwrap()
}

fn v(s: &str) -> Term {
    Term::name(QualId::new(s).unwrap())
}

fn qid(s: &str) -> QualId {
    QualId::new(s).unwrap()
}

fn call(name: &str) -> Tactic {
    Tactic::Call {
        name: qid(name),
        args: vec![],
    }
}

/// A file that uses every node kind and compiles (after `Gen/Vocab.v`),
/// with [`HOSTILE_COMMENT`] and [`HOSTILE_STRING`] inside.
pub fn every_node_file() -> File {
    let n = id("n");
    let int = || v("int");
    let list_int = || Term::app(v("list"), vec![int()]);
    File {
        sentences: vec![
            Sentence::Comment(Comment::new(HOSTILE_COMMENT)),
            Sentence::Require {
                from: Some(qid("Coq")),
                mode: RequireMode::Import,
                modules: vec![qid("Uint63"), qid("String"), qid("PArray"), qid("List")],
            },
            Sentence::Require {
                from: None,
                mode: RequireMode::Export,
                modules: vec![qid("RetroProof.Gen.Vocab")],
            },
            Sentence::Require {
                from: None,
                mode: RequireMode::Require,
                modules: vec![qid("Coq.Bool.Bool")],
            },
            Sentence::OpenScope {
                local: false,
                scope: id("string_scope"),
            },
            Sentence::OpenScope {
                local: true,
                scope: id("bool_scope"),
            },
            Sentence::OpenScope {
                local: true,
                scope: id("uint63_scope"),
            },
            Sentence::Definition {
                name: id("problem_id"),
                binders: vec![],
                ty: Some(v("string")),
                body: Term::Str(CoqString::new(HOSTILE_STRING).unwrap()),
            },
            Sentence::Inductive {
                name: id("shade"),
                sort: Sort::Set,
                constructors: vec![
                    Constructor {
                        name: id("Light"),
                        ty: None,
                    },
                    Constructor {
                        name: id("Dark"),
                        ty: None,
                    },
                ],
            },
            Sentence::Inductive {
                name: id("tree"),
                sort: Sort::Type,
                constructors: vec![
                    Constructor {
                        name: id("Leaf"),
                        ty: Some(v("tree")),
                    },
                    Constructor {
                        name: id("Node"),
                        ty: Some(Term::Arrow(
                            Box::new(v("tree")),
                            Box::new(Term::Arrow(Box::new(v("tree")), Box::new(v("tree")))),
                        )),
                    },
                ],
            },
            Sentence::Record {
                name: id("pair_int"),
                sort: Sort::Set,
                constructor: id("MkPairInt"),
                fields: vec![(id("first"), int()), (id("second"), int())],
            },
            Sentence::Fixpoint {
                name: id("size"),
                binders: vec![Binder {
                    names: vec![id("t")],
                    ty: v("tree"),
                }],
                decreasing: Some(id("t")),
                ty: int(),
                body: Term::Match {
                    scrutinees: vec![v("t")],
                    arms: vec![
                        MatchArm {
                            patterns: vec![Pattern::Constructor {
                                name: qid("Leaf"),
                                args: vec![],
                            }],
                            body: Term::int(1u32),
                        },
                        MatchArm {
                            patterns: vec![Pattern::Constructor {
                                name: qid("Node"),
                                args: vec![Pattern::Var(id("l")), Pattern::Wildcard],
                            }],
                            body: Term::infix(
                                InfixOp::Add,
                                Term::app(v("size"), vec![v("l")]),
                                Term::int(1u32),
                            ),
                        },
                    ],
                },
            },
            Sentence::Definition {
                name: id("table"),
                binders: vec![],
                ty: Some(Term::app(v("array"), vec![list_int()])),
                body: Term::Array {
                    elems: vec![
                        Term::commented(
                            Comment::new("a1 *)"),
                            Term::List(vec![Term::int(1u32), Term::int(8u32)]),
                        ),
                        Term::List(vec![]),
                    ],
                    default: Box::new(Term::List(vec![])),
                    ty: Box::new(list_int()),
                },
            },
            Sentence::Definition {
                name: id("classify"),
                binders: vec![Binder {
                    names: vec![n.clone()],
                    ty: int(),
                }],
                ty: Some(v("bool")),
                body: Term::if_then_else(
                    Term::infix(
                        InfixOp::Ltb,
                        Term::infix(InfixOp::Land, Term::ident(&n), Term::int(7u32)),
                        Term::int(4u32),
                    ),
                    v("true"),
                    Term::app(
                        Term::Fun {
                            binders: vec![Binder {
                                names: vec![id("b")],
                                ty: v("bool"),
                            }],
                            body: Box::new(Term::infix(InfixOp::Orb, v("b"), v("false"))),
                        },
                        vec![v("false")],
                    ),
                ),
            },
            Sentence::Ltac {
                name: id("cases"),
                params: vec![id("x")],
                body: Tactic::Then(vec![
                    Tactic::Destruct {
                        term: v("x"),
                        names: vec![],
                    },
                    Tactic::First(vec![
                        Tactic::Then(vec![call("left"), Tactic::Reflexivity]),
                        Tactic::Then(vec![call("right"), Tactic::Reflexivity]),
                    ]),
                ]),
            },
            Sentence::Module {
                name: id("inner"),
                body: vec![
                    Sentence::Comment(Comment::new("a namespace *) (* closed")),
                    Sentence::Definition {
                        name: id("three"),
                        binders: vec![],
                        ty: Some(int()),
                        body: Term::int(3u32),
                    },
                ],
            },
            Sentence::Assertion {
                kind: AssertionKind::Lemma,
                name: id("shade_cases"),
                statement: Term::Forall {
                    binders: vec![Binder {
                        names: vec![id("s")],
                        ty: v("shade"),
                    }],
                    body: Box::new(Term::infix(
                        InfixOp::Or,
                        Term::infix(InfixOp::Eq, v("s"), v("Light")),
                        Term::infix(InfixOp::Eq, v("s"), v("Dark")),
                    )),
                },
                proof: vec![
                    Tactic::Intros(vec![id("s")]),
                    Tactic::Call {
                        name: qid("cases"),
                        args: vec![v("s")],
                    },
                ],
            },
            Sentence::Assertion {
                kind: AssertionKind::Theorem,
                name: id("classify_three"),
                statement: Term::Forall {
                    binders: vec![Binder {
                        names: vec![n.clone()],
                        ty: int(),
                    }],
                    body: Box::new(Term::Arrow(
                        Box::new(Term::infix(InfixOp::Eq, Term::ident(&n), Term::int(3u32))),
                        Box::new(Term::infix(
                            InfixOp::Eq,
                            Term::app(v("classify"), vec![Term::ident(&n)]),
                            v("true"),
                        )),
                    )),
                },
                proof: vec![
                    Tactic::Intros(vec![n.clone(), id("H")]),
                    Tactic::Call {
                        name: qid("rewrite"),
                        args: vec![v("H")],
                    },
                    Tactic::VmCompute,
                    Tactic::Reflexivity,
                ],
            },
            Sentence::Assertion {
                kind: AssertionKind::Example,
                name: id("shifts_and_logic"),
                statement: Term::infix(
                    InfixOp::And,
                    Term::infix(
                        InfixOp::Eq,
                        Term::infix(InfixOp::Lsr, Term::int(8u32), Term::int(2u32)),
                        Term::int(2u32),
                    ),
                    Term::infix(
                        InfixOp::Or,
                        v("True"),
                        Term::infix(
                            InfixOp::Eq,
                            v("false"),
                            Term::infix(InfixOp::Andb, v("true"), v("false")),
                        ),
                    ),
                ),
                proof: vec![
                    Tactic::Split,
                    Tactic::Apply(v("eq_refl")),
                    call("left"),
                    Tactic::Exact(v("I")),
                ],
            },
            Sentence::Assertion {
                kind: AssertionKind::Example,
                name: id("arith_and_data"),
                statement: Term::infix(
                    InfixOp::And,
                    Term::infix(
                        InfixOp::Eq,
                        Term::infix(
                            InfixOp::Sub,
                            Term::infix(InfixOp::Div, Term::int(9u32), Term::int(2u32)),
                            Term::infix(InfixOp::Mod, Term::int(9u32), Term::int(2u32)),
                        ),
                        Term::infix(InfixOp::Mul, Term::int(3u32), Term::int(1u32)),
                    ),
                    Term::infix(
                        InfixOp::And,
                        Term::infix(
                            InfixOp::Eq,
                            Term::app(v("PArray.get"), vec![v("table"), Term::int(0u32)]),
                            Term::List(vec![Term::int(1u32), Term::int(8u32)]),
                        ),
                        Term::infix(
                            InfixOp::Eq,
                            Term::app(
                                v("size"),
                                vec![Term::app(v("Node"), vec![v("Leaf"), v("Leaf")])],
                            ),
                            Term::int(2u32),
                        ),
                    ),
                ),
                proof: vec![Tactic::Then(vec![
                    Tactic::Repeat(Box::new(Tactic::Split)),
                    Tactic::Idtac,
                ])],
            },
            // `++` is list append again (string_scope was opened above).
            Sentence::OpenScope {
                local: true,
                scope: id("list_scope"),
            },
            Sentence::Assertion {
                kind: AssertionKind::Lemma,
                name: id("witness_and_bullets"),
                statement: Term::Exists {
                    binders: vec![Binder {
                        names: vec![id("x")],
                        ty: int(),
                    }],
                    body: Box::new(Term::infix(
                        InfixOp::And,
                        Term::infix(InfixOp::Eq, v("x"), Term::int(2u32)),
                        Term::infix(
                            InfixOp::And,
                            Term::infix(
                                InfixOp::Eq,
                                Term::infix(
                                    InfixOp::Append,
                                    Term::List(vec![Term::int(1u32)]),
                                    Term::List(vec![v("x")]),
                                ),
                                Term::List(vec![Term::int(1u32), Term::int(2u32)]),
                            ),
                            v("True"),
                        ),
                    )),
                },
                proof: vec![
                    call("eexists"),
                    Tactic::Split,
                    Tactic::Cases(vec![
                        Case {
                            comment: Some(Comment::new(HOSTILE_COMMENT)),
                            steps: vec![Tactic::Reflexivity],
                        },
                        Case {
                            comment: None,
                            steps: vec![
                                Tactic::Split,
                                Tactic::Cases(vec![
                                    Case {
                                        comment: None,
                                        steps: vec![Tactic::Reflexivity],
                                    },
                                    Case {
                                        comment: None,
                                        steps: vec![Tactic::Exact(v("I"))],
                                    },
                                ]),
                            ],
                        },
                    ]),
                ],
            },
        ],
    }
}
