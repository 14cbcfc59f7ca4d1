//! `Gen/Vocab.v`: the shared vocabulary as Coq types, with the Int63
//! encoding and decoding of each and the lemma that decoding inverts
//! encoding.
//!
//! Everything comes from the [`CoqInductive`] descriptions that rust-core's
//! types derive, so a change to the Rust vocabulary changes this file (and
//! the drift test says so).

use retroproof_core::coq::{CoqInductive, CoqShape, CoqType, CoqValue};
use retroproof_core::{CastlingSide, Color, MoveKind, Piece, Role};

use super::build::{call, id, preamble, var, EmitError};
use crate::coq::{
    AssertionKind, Binder, Comment, Constructor, File, InfixOp, Int63, MatchArm, Pattern, QualId,
    Sentence, Sort, Tactic, Term,
};

/// One vocabulary type: its Coq description and, from the Rust side, every
/// value with its encoding.
#[derive(Debug, Clone)]
pub struct VocabType {
    pub ty: CoqType,
    /// Every value as a Coq term with its Int63 encoding, in encoding order.
    pub values: Vec<(CoqValue, u64)>,
}

fn describe<T: CoqInductive>() -> VocabType {
    VocabType {
        ty: T::COQ_TYPE,
        values: T::coq_values()
            .iter()
            .map(|v| (v.coq_term(), v.coq_encode()))
            .collect(),
    }
}

/// The shared vocabulary, each type after the types its fields use.
pub fn vocabulary() -> Vec<VocabType> {
    vec![
        describe::<Color>(),
        describe::<Role>(),
        describe::<Piece>(),
        describe::<CastlingSide>(),
        describe::<MoveKind>(),
    ]
}

/// The Coq term of a value, e.g. `MkPiece Black Rook`.
pub fn value_term(value: &CoqValue) -> Result<Term, EmitError> {
    match value {
        CoqValue::Constructor { name, args } => {
            let args = args.iter().map(value_term).collect::<Result<_, _>>()?;
            call(name, args)
        }
    }
}

/// An Int63 literal for an encoding; encodings are small by construction.
pub(crate) fn code(n: u64) -> Term {
    Term::Int(Int63::new(n).expect("vocabulary encodings fit in 63 bits"))
}

/// `Gen/Vocab.v`.
pub fn vocab_file() -> Result<File, EmitError> {
    let mut sentences = preamble(
        "The vocabulary shared with rust-core, with its Int63 encodings.",
        vec![],
    )?;
    for vt in vocabulary() {
        sentences.extend(type_sentences(&vt.ty)?);
    }
    Ok(File { sentences })
}

/// The type, `T_to_int`, `T_of_int` and `T_of_to_int` for one type.
fn type_sentences(ty: &CoqType) -> Result<Vec<Sentence>, EmitError> {
    let name = id(ty.name)?;
    let to_int = format!("{}_to_int", ty.name);
    let of_int = format!("{}_of_int", ty.name);
    let x = id("x")?;
    let n = id("n")?;
    let mut out = Vec::new();
    let (declaration, to_body, of_body, proof) = match ty.shape {
        CoqShape::Enum { constructors } => {
            let listing = constructors
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{c} = {i}"))
                .collect::<Vec<_>>()
                .join(", ");
            out.push(Sentence::Comment(Comment::new(&format!(
                "{}: mirror of rust-core `{}`. Encoding: {listing}.",
                ty.name, ty.rust_name
            ))));
            let declaration = Sentence::Inductive {
                name: name.clone(),
                sort: Sort::Set,
                constructors: constructors
                    .iter()
                    .map(|c| {
                        Ok(Constructor {
                            name: id(c)?,
                            ty: None,
                        })
                    })
                    .collect::<Result<_, EmitError>>()?,
            };
            // match x with | C0 => 0 | C1 => 1 … end
            let to_body = Term::Match {
                scrutinees: vec![Term::ident(&x)],
                arms: constructors
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        Ok(MatchArm {
                            patterns: vec![Pattern::Constructor {
                                name: QualId::new(c)?,
                                args: vec![],
                            }],
                            body: code(i as u64),
                        })
                    })
                    .collect::<Result<_, EmitError>>()?,
            };
            // if n =? 0 then Some C0 else if n =? 1 then Some C1 … else None
            let mut of_body = var("None")?;
            for (i, c) in constructors.iter().enumerate().rev() {
                of_body = Term::if_then_else(
                    Term::infix(InfixOp::Eqb, Term::ident(&n), code(i as u64)),
                    call("Some", vec![var(c)?])?,
                    of_body,
                );
            }
            let proof = vec![Tactic::Then(vec![
                Tactic::Intros(vec![x.clone()]),
                Tactic::Destruct {
                    term: Term::ident(&x),
                    names: vec![],
                },
                Tactic::Reflexivity,
            ])];
            (declaration, to_body, of_body, proof)
        }
        CoqShape::Record {
            constructor,
            fields,
        } => {
            let weights = radix_weights(fields.iter().map(|f| f.ty.cardinality));
            let formula = fields
                .iter()
                .zip(&weights)
                .map(|(f, w)| {
                    if *w == 1 {
                        f.name.to_string()
                    } else {
                        format!("{w} * {}", f.name)
                    }
                })
                .collect::<Vec<_>>()
                .join(" + ");
            out.push(Sentence::Comment(Comment::new(&format!(
                "{}: mirror of rust-core `{}`. Encoding: {formula}.",
                ty.name, ty.rust_name
            ))));
            let declaration = Sentence::Record {
                name: name.clone(),
                sort: Sort::Set,
                constructor: id(constructor)?,
                fields: fields
                    .iter()
                    .map(|f| Ok((id(f.name)?, var(f.ty.name)?)))
                    .collect::<Result<_, EmitError>>()?,
            };
            // Mixed radix, last field least significant (Horner's scheme):
            // ((f0 * c1) + f1) * c2 + f2 …
            let mut to_body: Option<Term> = None;
            for f in fields {
                let digit = call(
                    &format!("{}_to_int", f.ty.name),
                    vec![call(f.name, vec![Term::ident(&x)])?],
                )?;
                to_body = Some(match to_body {
                    None => digit,
                    Some(acc) => Term::infix(
                        InfixOp::Add,
                        Term::infix(InfixOp::Mul, acc, code(f.ty.cardinality)),
                        digit,
                    ),
                });
            }
            let to_body = to_body.expect("the derive refuses records without fields");
            // match f0_of_int (n / w0), …, fk_of_int (n mod ck) with
            // | Some a0, …, Some ak => Some (Mk a0 … ak) | _, …, _ => None end
            // The first digit is not reduced modulo its radix, so codes past
            // the cardinality decode to None.
            let names: Vec<_> = (0..fields.len())
                .map(|i| id(&format!("f{i}")))
                .collect::<Result<_, _>>()?;
            let mut scrutinees = Vec::new();
            for (i, (f, w)) in fields.iter().zip(&weights).enumerate() {
                let mut digit = Term::ident(&n);
                if *w != 1 {
                    digit = Term::infix(InfixOp::Div, digit, code(*w));
                }
                if i > 0 {
                    digit = Term::infix(InfixOp::Mod, digit, code(f.ty.cardinality));
                }
                scrutinees.push(call(&format!("{}_of_int", f.ty.name), vec![digit])?);
            }
            let some_pattern = |v: &crate::coq::Ident| -> Result<Pattern, EmitError> {
                Ok(Pattern::Constructor {
                    name: QualId::new("Some")?,
                    args: vec![Pattern::Var(v.clone())],
                })
            };
            let of_body = Term::Match {
                scrutinees,
                arms: vec![
                    MatchArm {
                        patterns: names.iter().map(some_pattern).collect::<Result<_, _>>()?,
                        body: call(
                            "Some",
                            vec![call(constructor, names.iter().map(Term::ident).collect())?],
                        )?,
                    },
                    MatchArm {
                        patterns: vec![Pattern::Wildcard; fields.len()],
                        body: var("None")?,
                    },
                ],
            };
            let mut steps = vec![
                Tactic::Intros(vec![x.clone()]),
                Tactic::Destruct {
                    term: Term::ident(&x),
                    names: names.clone(),
                },
            ];
            steps.extend(names.iter().map(|v| Tactic::Destruct {
                term: Term::ident(v),
                names: vec![],
            }));
            steps.push(Tactic::Reflexivity);
            (declaration, to_body, of_body, vec![Tactic::Then(steps)])
        }
    };
    out.push(declaration);
    out.push(Sentence::Definition {
        name: id(&to_int)?,
        binders: vec![Binder {
            names: vec![x.clone()],
            ty: Term::ident(&name),
        }],
        ty: Some(var("int")?),
        body: to_body,
    });
    out.push(Sentence::Definition {
        name: id(&of_int)?,
        binders: vec![Binder {
            names: vec![n.clone()],
            ty: var("int")?,
        }],
        ty: Some(call("option", vec![Term::ident(&name)])?),
        body: of_body,
    });
    // forall x, T_of_int (T_to_int x) = Some x
    out.push(Sentence::Assertion {
        kind: AssertionKind::Lemma,
        name: id(&format!("{}_of_to_int", ty.name))?,
        statement: Term::Forall {
            binders: vec![Binder {
                names: vec![x.clone()],
                ty: Term::ident(&name),
            }],
            body: Box::new(Term::infix(
                InfixOp::Eq,
                call(&of_int, vec![call(&to_int, vec![Term::ident(&x)])?])?,
                call("Some", vec![Term::ident(&x)])?,
            )),
        },
        proof,
    });
    Ok(out)
}

/// The weight of each digit in a mixed-radix number whose last digit is
/// least significant: for radices `[2, 6]`, `[6, 1]`.
pub fn radix_weights(radices: impl DoubleEndedIterator<Item = u64>) -> Vec<u64> {
    let mut weights: Vec<u64> = Vec::new();
    let mut w = 1u64;
    for r in radices.rev() {
        weights.push(w);
        w *= r;
    }
    weights.reverse();
    weights
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn radix_weights_last_digit_least_significant() {
        assert_eq!(radix_weights([2u64, 6].into_iter()), vec![6, 1]);
        assert_eq!(radix_weights([3u64, 4, 5].into_iter()), vec![20, 5, 1]);
        assert_eq!(radix_weights([7u64].into_iter()), vec![1]);
    }
}
