//! The self-contained `.v` file `retroproof export` writes for a question
//! about a position: the position as a Coq term, the theorem in readable
//! form, and its proof.
//!
//! Statements (the theorems of `coq/theories/Retro.v` and `Reachable.v`):
//! - the last `n` plies: every game that reaches `P` ends with them
//!   (`forall h G, game h G -> realizes G P -> exists pre, plies h = pre ++
//!   [oldest; …; most recent]`), so it has at least `n` plies;
//! - illegal: `reachable P -> False`;
//! - a legal game: `reachable P`.
//!
//! Proofs: by default one reflective checker call (`check_last_sound`,
//! `check_illegal_sound`, `check_uci_game_sound`) computed by
//! `vm_compute`; or ([`Proof::Script`]) a Maliković-style Ltac script
//! built from the native search tree, `retract` at each level and `refute`
//! on each dead branch (Tactics.v), to step through in an IDE.
//!
//! User text (problem id, source, PGN tags) only ever reaches the file as a
//! [`Comment`], which cannot close itself.

use retroproof_core::Position;

use super::position::{position_term, string_term, strings_term};
use super::{call, id, var, EmitError};
use crate::coq::{
    AssertionKind, Binder, Case, Comment, File, InfixOp, QualId, Sentence, Tactic, Term,
};

/// What is proven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Statement {
    /// Every game reaching the position ends with `answer` (most recent ply
    /// first here; the theorem lists them oldest first). Decided on the
    /// retraction sequences of `depth ≥ answer.len()` plies: those that
    /// leave `answer` die within `depth` plies.
    LastPlies { depth: u32, answer: Vec<String> },
    /// No game reaches the position: every retraction sequence dies within
    /// `depth` plies (0: the position itself fails an invariant).
    Illegal { depth: u32 },
    /// The game (UCI moves from the initial position) reaches the position.
    LegalGame { moves: Vec<String> },
}

impl Statement {
    /// The theorem's name.
    pub fn theorem_name(&self) -> String {
        match self {
            Statement::LastPlies { answer, .. } => format!("last_{}", answer.len()),
            Statement::Illegal { .. } => "illegal".to_string(),
            Statement::LegalGame { .. } => "legal".to_string(),
        }
    }

    /// The statement in chess terms.
    pub fn in_chess_terms(&self, pos: &Position) -> String {
        match self {
            Statement::LastPlies { answer, .. } => {
                let oldest_first: Vec<&str> = answer.iter().rev().map(String::as_str).collect();
                let what = match answer.len() {
                    1 => "the last ply".to_string(),
                    n => format!("the last {n} plies, oldest first"),
                };
                format!(
                    "every game that reaches {} ends with {} ({what})",
                    pos.to_fen(),
                    oldest_first.join(" "),
                )
            }
            Statement::Illegal { depth: 0 } => format!(
                "no game reaches {}: it breaks an invariant of every game",
                pos.to_fen()
            ),
            Statement::Illegal { depth } => format!(
                "no game reaches {}: every retraction sequence dies within {}",
                pos.to_fen(),
                plies(*depth)
            ),
            Statement::LegalGame { moves } => format!(
                "{} is reached by a legal game of {} plies from the initial position",
                pos.to_fen(),
                moves.len()
            ),
        }
    }
}

/// How the theorem is proven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// One checker call under `vm_compute` (`Qed` pays it once).
    Reflective,
    /// An Ltac script (`retract`, `ply_is`, `refute`, `finish_plies`):
    /// only for [`Statement::LastPlies`] and [`Statement::Illegal`].
    Script(Step),
}

/// One step of a retro script, from the native search tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// `retract`: one branch per retraction of the current position, in the
    /// order of their names (the order `retract` leaves its subgoals in).
    Retract(Vec<Branch>),
    /// `refute_in within`: the current position dies within `within` plies
    /// (0: it fails an invariant; 1: it has no retraction).
    Refute { within: u32 },
    /// `refute_in 0`: the man on `square` is stranded (Stranded.v): it can
    /// never have come there from where it starts the game.
    Stranded { square: String },
    /// `finish_plies`: the plies taken back are the answer.
    Finish,
}

/// A branch of [`Step::Retract`]: the ply taken back and what follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    pub ply: String,
    pub step: Step,
}

/// A question to export.
#[derive(Debug, Clone)]
pub struct Export {
    pub position: Position,
    pub statement: Statement,
    pub proof: Proof,
    /// Free text for the header comment (problem id, source, tags).
    pub notes: Vec<String>,
}

/// Builds the `.v` file.
pub fn export_file(export: &Export) -> Result<File, EmitError> {
    let mut header = String::from(
        "Generated by `retroproof export`. Compile with: coqc -Q coq/theories RetroProof <this file>\n   ",
    );
    header.push_str(&export.statement.in_chess_terms(&export.position));
    for note in &export.notes {
        header.push_str("\n   ");
        header.push_str(note);
    }
    let script = match &export.proof {
        Proof::Reflective => None,
        Proof::Script(step) => Some(step),
    };
    let mut modules = vec!["Board", "Reachable"];
    if !matches!(export.statement, Statement::LegalGame { .. }) {
        // Retro re-exports Search (`plies`, the checkers).
        modules.push("Retro");
    }
    if script.is_some() {
        modules.push("Tactics");
    }
    let mut sentences = vec![
        Sentence::Comment(Comment::new(&header)),
        Sentence::require_import("Coq", &["String", "List"])?,
        Sentence::require_import("RetroProof", &modules)?,
        Sentence::OpenScope {
            local: false,
            scope: id("string_scope")?,
        },
        // After string_scope: `++` is list append.
        Sentence::OpenScope {
            local: false,
            scope: id("list_scope")?,
        },
        Sentence::Definition {
            name: id("P")?,
            binders: vec![],
            ty: Some(var("position")?),
            body: position_term(&export.position)?,
        },
    ];
    let check = |tactics: &mut Vec<Tactic>| -> Result<(), EmitError> {
        tactics.push(Tactic::Call {
            name: QualId::new("vm_cast_no_check")?,
            args: vec![call("eq_refl", vec![var("true")?])?],
        });
        Ok(())
    };
    let name = id(&export.statement.theorem_name())?;
    let (statement, proof) = match &export.statement {
        Statement::LastPlies { depth, answer } => {
            let oldest_first: Vec<&String> = answer.iter().rev().collect();
            let plies = strings_term(&oldest_first)?;
            let statement = every_game(Term::Exists {
                binders: vec![Binder {
                    names: vec![id("pre")?],
                    ty: call("list", vec![var("string")?])?,
                }],
                body: Box::new(Term::infix(
                    InfixOp::Eq,
                    call("plies", vec![var("h")?])?,
                    Term::infix(InfixOp::Append, var("pre")?, plies.clone()),
                )),
            })?;
            let mut proof = Vec::new();
            match script {
                None => {
                    let extra = depth.saturating_sub(answer.len() as u32);
                    proof.push(Tactic::Apply(call(
                        "check_last_sound",
                        vec![var("P")?, plies, nat(extra)?],
                    )?));
                    check(&mut proof)?;
                }
                Some(step) => {
                    proof.push(intros(&["h", "G", "Hg", "Hr"])?);
                    script_steps(step, &mut proof)?;
                }
            }
            (statement, proof)
        }
        Statement::Illegal { depth } => {
            let statement = Term::Arrow(
                Box::new(call("reachable", vec![var("P")?])?),
                Box::new(var("False")?),
            );
            let mut proof = Vec::new();
            match script {
                None => {
                    proof.push(Tactic::Apply(call(
                        "check_illegal_sound",
                        vec![var("P")?, nat(*depth)?],
                    )?));
                    check(&mut proof)?;
                }
                Some(step) => {
                    proof.push(Tactic::Apply(var("unreachable_intro")?));
                    proof.push(intros(&["h", "G", "Hg", "Hr"])?);
                    script_steps(step, &mut proof)?;
                }
            }
            (statement, proof)
        }
        Statement::LegalGame { moves } => {
            sentences.push(Sentence::Definition {
                name: id("game_moves")?,
                binders: vec![],
                ty: Some(call("list", vec![var("string")?])?),
                body: strings_term(moves)?,
            });
            let mut proof = vec![Tactic::Apply(call(
                "check_uci_game_sound",
                vec![var("game_moves")?],
            )?)];
            check(&mut proof)?;
            (call("reachable", vec![var("P")?])?, proof)
        }
    };
    sentences.push(Sentence::Assertion {
        kind: AssertionKind::Theorem,
        name,
        statement,
        proof,
    });
    Ok(File { sentences })
}

/// `forall (h : list (position * move)) (G : position), game h G ->
/// realizes G P -> conclusion`.
fn every_game(conclusion: Term) -> Result<Term, EmitError> {
    let history = call(
        "list",
        vec![Term::infix(InfixOp::Mul, var("position")?, var("move")?)],
    )?;
    Ok(Term::Forall {
        binders: vec![
            Binder {
                names: vec![id("h")?],
                ty: history,
            },
            Binder {
                names: vec![id("G")?],
                ty: var("position")?,
            },
        ],
        body: Box::new(Term::Arrow(
            Box::new(call("game", vec![var("h")?, var("G")?])?),
            Box::new(Term::Arrow(
                Box::new(call("realizes", vec![var("G")?, var("P")?])?),
                Box::new(conclusion),
            )),
        )),
    })
}

fn intros(names: &[&str]) -> Result<Tactic, EmitError> {
    Ok(Tactic::Intros(
        names.iter().map(|n| id(n)).collect::<Result<_, _>>()?,
    ))
}

/// The tactics of one script step, appended to `out`.
fn script_steps(step: &Step, out: &mut Vec<Tactic>) -> Result<(), EmitError> {
    let ltac = |name: &str, args: Vec<Term>| -> Result<Tactic, EmitError> {
        Ok(Tactic::Call {
            name: QualId::new(name)?,
            args,
        })
    };
    match step {
        Step::Finish => out.push(ltac("finish_plies", vec![])?),
        Step::Refute { within: 1 } => out.push(ltac("refute", vec![])?),
        Step::Refute { within } => out.push(ltac("refute_in", vec![nat(*within)?])?),
        Step::Stranded { .. } => out.push(ltac("refute_in", vec![nat(0)?])?),
        Step::Retract(branches) => {
            out.push(ltac("retract", vec![])?);
            let mut cases = Vec::with_capacity(branches.len());
            for branch in branches {
                let mut steps = vec![ltac("ply_is", vec![string_term(&branch.ply)?])?];
                script_steps(&branch.step, &mut steps)?;
                cases.push(Case {
                    comment: refutation_reason(&branch.step).map(|r| Comment::new(&r)),
                    steps,
                });
            }
            out.push(Tactic::Cases(cases));
        }
    }
    Ok(())
}

/// Why a branch is refuted, for the script's reader.
fn refutation_reason(step: &Step) -> Option<String> {
    match step {
        Step::Refute { within: 0 } => Some("the position before breaks an invariant".into()),
        Step::Refute { within: 1 } => Some("no move can have led to the position before".into()),
        Step::Refute { within } => Some(format!(
            "every history of the position before dies within {}",
            plies(within - 1)
        )),
        Step::Stranded { square } => Some(format!(
            "in the position before, the man on {square} is stranded: it can never have come there"
        )),
        Step::Retract(_) | Step::Finish => None,
    }
}

/// `1 ply`, `2 plies`.
fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// A `nat` literal: the file opens no integer scope, so Coq reads a bare
/// numeral as a `nat`.
fn nat(n: u32) -> Result<Term, EmitError> {
    Ok(Term::int(n))
}
