//! The `.v` file of a classic question (castling, en passant, unknown
//! squares, orientation; [`crate::classic`]): one `Module` per position
//! proven, holding that position as `P` with its theorem (the body of an
//! ordinary export, [`theorem_sentences`]), then one headline theorem, the
//! conjunction of them all: `export` ends the file with its `Print
//! Assumptions`; `prove` and `solve` check the assumptions of each
//! module's theorem function instead ([`AssumptionCheck`]).

use super::build::{call, id, var, EmitError};
use super::problem::{
    imports, theorem_sentences, AssumptionCheck, Export, Imports, ProofFile, Statement,
};
use crate::coq::{AssertionKind, Comment, File, InfixOp, Sentence, Tactic, Term};

/// One position proven reachable or unreachable.
#[derive(Debug, Clone)]
pub struct Part {
    /// The module's name (an identifier: `white_kingside`, `ep_e3`).
    pub module: String,
    /// What the theorem means in chess terms, for the module's comment.
    pub meaning: String,
    /// A legal game ([`Statement::LegalGame`]) or an illegality.
    pub export: Export,
}

impl Part {
    /// `reachable M.P` or `reachable M.P -> False`.
    fn statement(&self) -> Result<Term, EmitError> {
        let reachable = call("reachable", vec![var(&format!("{}.P", self.module))?])?;
        Ok(match self.export.statement {
            Statement::LegalGame { .. } => reachable,
            _ => Term::Arrow(Box::new(reachable), Box::new(var("False")?)),
        })
    }

    /// `M.legal` or `M.illegal`.
    fn proof(&self) -> Result<Term, EmitError> {
        var(&format!(
            "{}.{}",
            self.module,
            self.export.statement.theorem_name()
        ))
    }
}

/// The file: `header` as its first comment, the imports every part needs,
/// a module per part, and `Theorem <headline>`: the conjunction of the
/// parts' statements, in order (`None` when there is no part).
pub fn classic_file(header: &str, parts: &[Part], headline: &str) -> Result<ProofFile, EmitError> {
    let needs = parts.iter().fold(Imports::default(), |acc, p| {
        acc.union(Imports::of(&p.export))
    });
    let mut sentences = vec![Sentence::Comment(Comment::new(header))];
    sentences.extend(imports(&needs)?);
    let mut assumptions = AssumptionCheck::default();
    for part in parts {
        let mut body = vec![Sentence::Comment(Comment::new(&part.meaning))];
        let (theorem, check) = theorem_sentences(&part.export, None)?;
        body.extend(theorem);
        assumptions = assumptions.and(check.in_module(&part.module));
        sentences.push(Sentence::Module {
            name: id(&part.module)?,
            body,
        });
    }
    if let Some((last, init)) = parts.split_last() {
        let (statement, proof) =
            init.iter()
                .rev()
                .try_fold((last.statement()?, last.proof()?), |(s, p), part| {
                    Ok::<_, EmitError>((
                        Term::infix(InfixOp::And, part.statement()?, s),
                        call("conj", vec![part.proof()?, p])?,
                    ))
                })?;
        sentences.push(Sentence::Assertion {
            kind: AssertionKind::Theorem,
            name: id(headline)?,
            statement,
            proof: vec![Tactic::Exact(proof)],
        });
    }
    Ok(ProofFile {
        file: File { sentences },
        assumptions,
        theorems: vec![headline.to_string()],
    })
}

/// One answer of a [`paired_file`].
#[derive(Debug, Clone)]
pub struct Paired<'a> {
    /// The module's name (an identifier: `white_to_move`).
    pub module: String,
    /// What the theorem means in chess terms, for the module's comment.
    pub meaning: String,
    pub export: &'a Export,
    /// A game reaching the position, for a last-N answer
    /// ([`theorem_sentences`]).
    pub game: Option<&'a [String]>,
}

/// Several answers proven by one `coqc` run (the two sides to move of a
/// janko.at type D record): `header` as the first comment, the imports
/// every answer needs, a module per answer holding its `P` and theorem,
/// then `Definition <headline> := conj M1.t1 (conj M2.t2 …)`, whose type
/// is the conjunction of the theorems. (A classic file's headline restates
/// its parts' statements; a last-ply statement is long, so here Coq infers
/// it.) The assumptions are checked module by module ([`AssumptionCheck`]).
pub fn paired_file(
    header: &str,
    answers: &[Paired],
    headline: &str,
) -> Result<ProofFile, EmitError> {
    let needs = answers.iter().fold(Imports::default(), |acc, a| {
        acc.union(Imports::of(a.export))
    });
    let mut sentences = vec![Sentence::Comment(Comment::new(header))];
    sentences.extend(imports(&needs)?);
    let mut proofs = Vec::new();
    let mut theorems = Vec::new();
    let mut assumptions = AssumptionCheck::default();
    for answer in answers {
        let mut body = vec![Sentence::Comment(Comment::new(&answer.meaning))];
        let (theorem, check) = theorem_sentences(answer.export, answer.game)?;
        body.extend(theorem);
        assumptions = assumptions.and(check.in_module(&answer.module));
        sentences.push(Sentence::Module {
            name: id(&answer.module)?,
            body,
        });
        let theorem = format!(
            "{}.{}",
            answer.module,
            answer.export.statement.theorem_name()
        );
        proofs.push(var(&theorem)?);
        theorems.push(theorem);
    }
    if let Some(last) = proofs.pop() {
        let body = proofs
            .into_iter()
            .rev()
            .try_fold(last, |p, part| call("conj", vec![part, p]))?;
        sentences.push(Sentence::Definition {
            name: id(headline)?,
            binders: vec![],
            ty: None,
            body,
        });
    }
    Ok(ProofFile {
        file: File { sentences },
        assumptions,
        theorems,
    })
}
