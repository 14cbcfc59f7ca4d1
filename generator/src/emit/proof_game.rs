//! The `.v` file of a proof-game answer: which games of exactly `N` plies
//! from the initial position end with the diagram `P` (its board and side
//! to move; castling rights and en passant are not part of a diagram).
//!
//! One theorem, `proof_games`, a conjunction of the parts the answer has
//! (the statements of coq/theories/ProofGame.v, proven in
//! ProofGameproof.v):
//! - the games listed are every game (when the native search was
//!   complete): `forall h G, game h G -> List.length h = N ->
//!   same_diagram G P -> plies h = g1 \/ … \/ plies h = gk`, `False` when
//!   there is none; proven by the exhaustive backward checker
//!   (`check_only_games`, `only_games_sound`);
//! - each listed game is one: `exists h G, game h G /\ List.length h = N
//!   /\ same_diagram G P /\ plies h = gi` (`check_game_plies`,
//!   `game_plies_sound`: the plies replayed by the rules);
//! - for `proof-game shortest`, no game of fewer plies ends with the
//!   diagram: `forall h G, game h G -> same_diagram G P -> N <= List.length
//!   h` (`check_no_shorter`, `no_shorter_sound`).
//!
//! The plies are named as Notation.v names them (`plies h`, oldest first:
//! `e2e4`, `h5e5xp`, `e5d6ep`, `e1g1`), which is the retraction notation
//! of rust-core ([`retroproof_core::retro::Unmove`]); the games come from
//! the native search ([`retroproof_core::spg`]) and are only data here:
//! Coq replays them.
//!
//! A cooked problem whose games were not all found is stated by the games
//! found alone (at least two games: the problem is not unique), without
//! the first part.

use retroproof_core::retro::Unmove;
use retroproof_core::{Move, Position};

use super::build::{call, id, var, EmitError};
use super::position::{position_term, string_term, strings_term};
use super::proof_file::{AssumptionCheck, Check, ProofFile, Soundness};
use crate::coq::{
    AssertionKind, Binder, Comment, File, IdentError, InfixOp, QualId, RequireMode, Sentence,
    Tactic, Term,
};

/// The theorem's name.
pub const THEOREM: &str = "proof_games";

/// A game from the initial position: its moves in UCI and its plies as
/// Coq names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofGame {
    /// UCI moves, oldest first (`e2e4`, `h5e5`, `e7e8q`).
    pub uci: Vec<String>,
    /// The same plies in the retraction notation of Notation.v's
    /// `ply_string` (`h5e5xp`: what was captured is named).
    pub plies: Vec<String>,
}

/// A game that does not replay from the initial position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadGame {
    /// The 1-based ply that fails, and why.
    pub ply: usize,
    pub reason: String,
}

impl std::fmt::Display for BadGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ply {} does not replay: {}", self.ply, self.reason)
    }
}

impl std::error::Error for BadGame {}

impl ProofGame {
    /// The game of `moves`, replayed from the initial position (each move
    /// checked legal, so each ply is named from the position it is played
    /// in).
    pub fn of_moves(moves: &[Move]) -> Result<ProofGame, BadGame> {
        let mut pos = Position::start();
        let mut uci = Vec::with_capacity(moves.len());
        let mut plies = Vec::with_capacity(moves.len());
        for (i, m) in moves.iter().enumerate() {
            let mover = pos.turn();
            pos = pos.play(m).map_err(|e| BadGame {
                ply: i + 1,
                reason: e.to_string(),
            })?;
            uci.push(m.to_uci());
            plies.push(Unmove::new(mover, *m).to_string());
        }
        Ok(ProofGame { uci, plies })
    }
}

/// What a proof-game answer states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofGames {
    /// The number of plies of every game stated.
    pub plies: u32,
    /// The games found, each of `plies` plies ending with the diagram.
    pub games: Vec<ProofGame>,
    /// `games` is every such game (the native search was complete).
    pub complete: bool,
    /// No game of fewer plies ends with the diagram (`proof-game
    /// shortest`).
    pub shortest: bool,
}

/// The verdict a proof-game answer proves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one game.
    Unique,
    /// At least two games.
    Cooked,
    /// No game.
    None,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Cooked => "cooked",
            Verdict::None => "none",
        }
    }
}

impl ProofGames {
    /// The verdict proven: `None` for an answer that proves none (fewer
    /// than two games of an incomplete search prove nothing about
    /// uniqueness; the engine facade never states such an answer).
    pub fn verdict(&self) -> Option<Verdict> {
        match (self.games.len(), self.complete) {
            (n, _) if n >= 2 => Some(Verdict::Cooked),
            (1, true) => Some(Verdict::Unique),
            (0, true) => Some(Verdict::None),
            _ => None,
        }
    }

    /// The answer in the words of a published one: the unique game's UCI
    /// moves, the games separated by ` | ` (as in the corpus TSVs), or
    /// `none`.
    pub fn words(&self) -> String {
        if self.games.is_empty() {
            return "none".to_string();
        }
        self.games
            .iter()
            .map(|g| g.uci.join(" "))
            .collect::<Vec<_>>()
            .join(" | ")
    }

    /// What the theorem says about the diagram of `pos` (its board and
    /// side to move), in chess terms, exactly as strong as it.
    pub fn in_chess_terms(&self, pos: &Position) -> String {
        let n = self.plies;
        let fen = pos.to_fen();
        let diagram = fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
        let plies = if n == 1 {
            "1 ply".to_string()
        } else {
            format!("{n} plies")
        };
        let ending = format!("from the initial position ends with the diagram {diagram}");
        let listed = |games: &[ProofGame]| {
            games
                .iter()
                .map(|g| g.uci.join(" "))
                .collect::<Vec<_>>()
                .join("; ")
        };
        let mut out = String::new();
        if self.shortest {
            out.push_str(&format!("no game of fewer than {plies} {ending}; "));
        }
        out.push_str(&match (self.games.len(), self.complete) {
            (0, _) => format!("no game of {plies} {ending} (none)"),
            (1, true) => format!(
                "exactly one game of {plies} {ending}: {} (unique)",
                listed(&self.games)
            ),
            (k, true) => format!(
                "exactly {k} games of {plies} from the initial position end with the diagram {diagram}: {} (cooked)",
                listed(&self.games)
            ),
            (k, false) => format!(
                "at least {k} games of {plies} from the initial position end with the diagram {diagram} (cooked), these: {}",
                listed(&self.games)
            ),
        });
        out
    }
}

/// `(h : list (position * move)) (G : position)`.
fn history_binders() -> Result<Vec<Binder>, EmitError> {
    Ok(vec![
        Binder {
            names: vec![id("h")?],
            ty: call(
                "list",
                vec![Term::infix(InfixOp::Mul, var("position")?, var("move")?)],
            )?,
        },
        Binder {
            names: vec![id("G")?],
            ty: var("position")?,
        },
    ])
}

fn length_h() -> Result<Term, EmitError> {
    call("List.length", vec![var("h")?])
}

/// A `nat` literal: the file opens no integer scope.
fn nat(n: u32) -> Term {
    Term::int(n)
}

fn arrows(premises: Vec<Term>, conclusion: Term) -> Term {
    premises.into_iter().rev().fold(conclusion, |rest, p| {
        Term::Arrow(Box::new(p), Box::new(rest))
    })
}

fn conjunction(parts: Vec<Term>) -> Option<Term> {
    let mut parts = parts.into_iter().rev();
    let last = parts.next()?;
    Some(parts.fold(last, |rest, p| Term::infix(InfixOp::And, p, rest)))
}

/// `forall h G, game h G -> List.length h = N -> same_diagram G P ->
/// plies h = g1 \/ … \/ plies h = gk` (`False` for no game).
fn only_statement(games: &ProofGames) -> Result<Term, EmitError> {
    let disjuncts = games
        .games
        .iter()
        .map(|g| {
            Ok(Term::infix(
                InfixOp::Eq,
                call("plies", vec![var("h")?])?,
                strings_term(&g.plies)?,
            ))
        })
        .collect::<Result<Vec<_>, EmitError>>()?;
    let mut rev = disjuncts.into_iter().rev();
    let conclusion = match rev.next() {
        None => var("False")?,
        Some(last) => rev.fold(last, |rest, d| Term::infix(InfixOp::Or, d, rest)),
    };
    Ok(Term::Forall {
        binders: history_binders()?,
        body: Box::new(arrows(
            vec![
                call("game", vec![var("h")?, var("G")?])?,
                Term::infix(InfixOp::Eq, length_h()?, nat(games.plies)),
                call("same_diagram", vec![var("G")?, var("P")?])?,
            ],
            conclusion,
        )),
    })
}

/// `exists h G, game h G /\ List.length h = N /\ same_diagram G P /\
/// plies h = g`.
fn game_statement(plies: u32, game: &ProofGame) -> Result<Term, EmitError> {
    let body = conjunction(vec![
        call("game", vec![var("h")?, var("G")?])?,
        Term::infix(InfixOp::Eq, length_h()?, nat(plies)),
        call("same_diagram", vec![var("G")?, var("P")?])?,
        Term::infix(
            InfixOp::Eq,
            call("plies", vec![var("h")?])?,
            strings_term(&game.plies)?,
        ),
    ])
    .expect("four conjuncts");
    Ok(Term::Exists {
        binders: history_binders()?,
        body: Box::new(body),
    })
}

/// `forall h G, game h G -> same_diagram G P -> N <= List.length h`.
fn shortest_statement(plies: u32) -> Result<Term, EmitError> {
    Ok(Term::Forall {
        binders: history_binders()?,
        body: Box::new(arrows(
            vec![
                call("game", vec![var("h")?, var("G")?])?,
                call("same_diagram", vec![var("G")?, var("P")?])?,
            ],
            Term::infix(InfixOp::Le, nat(plies), length_h()?),
        )),
    })
}

/// The name the theorem's definition gives the library lemma of a check
/// (`proof_games_of shorter only replays`).
fn bound(soundness: Soundness) -> Result<&'static str, EmitError> {
    match soundness {
        Soundness::NO_SHORTER => Ok("shorter"),
        Soundness::ONLY_GAMES => Ok("only"),
        Soundness::GAME_PLIES => Ok("replays"),
        _ => Err(emit_error("a proof-game answer has no check of this kind")),
    }
}

fn emit_error(reason: &str) -> EmitError {
    EmitError(IdentError {
        reason: reason.to_string(),
    })
}

/// The definitions, checks and theorem of a proof-game answer about `pos`
/// (after the header and imports), and how its assumptions are checked.
pub fn theorem_sentences(
    pos: &Position,
    games: &ProofGames,
) -> Result<(Vec<Sentence>, AssumptionCheck), EmitError> {
    if games.verdict().is_none() {
        return Err(emit_error(
            "a proof-game answer states every game, or at least two",
        ));
    }
    if games
        .games
        .iter()
        .any(|g| g.plies.len() != games.plies as usize)
    {
        return Err(emit_error("a listed game has another number of plies"));
    }
    let mut sentences = vec![
        Sentence::Definition {
            name: id("P")?,
            binders: vec![],
            ty: Some(var("position")?),
            body: position_term(pos)?,
        },
        Sentence::Assertion {
            kind: AssertionKind::Lemma,
            name: id("P_parses")?,
            statement: Term::infix(
                InfixOp::Eq,
                call("parse_fen", vec![string_term(&pos.to_fen())?])?,
                call("Some", vec![var("P")?])?,
            ),
            proof: vec![Tactic::VmCompute, Tactic::Reflexivity],
        },
    ];
    let n = nat(games.plies);
    let mut checks = Vec::new();
    let mut parts = Vec::new();
    if games.shortest {
        checks.push(Check {
            name: "shortest_check".to_string(),
            soundness: Soundness::NO_SHORTER,
            args: vec![var("P")?, n.clone()],
        });
        parts.push(shortest_statement(games.plies)?);
    }
    if games.complete {
        let listed = Term::List(
            games
                .games
                .iter()
                .map(|g| strings_term(&g.plies))
                .collect::<Result<_, _>>()?,
        );
        checks.push(Check {
            name: "only_check".to_string(),
            soundness: Soundness::ONLY_GAMES,
            args: vec![var("P")?, n.clone(), listed],
        });
        parts.push(only_statement(games)?);
    }
    for (i, game) in games.games.iter().enumerate() {
        checks.push(Check {
            name: format!("game_{}_check", i + 1),
            soundness: Soundness::GAME_PLIES,
            args: vec![var("P")?, n.clone(), strings_term(&game.plies)?],
        });
        parts.push(game_statement(games.plies, game)?);
    }
    for check in &checks {
        sentences.push(check.lemma()?);
    }
    // `proof_games_of shorter only replays := conj … (conj … …)`: the
    // theorem as a function of the library lemmas it applies, each bound
    // once.
    let mut lemmas: Vec<&Check> = Vec::new();
    for check in &checks {
        if !lemmas.iter().any(|c| c.soundness == check.soundness) {
            lemmas.push(check);
        }
    }
    let applied = checks
        .iter()
        .map(|c| c.applied(bound(c.soundness)?))
        .collect::<Result<Vec<_>, _>>()?;
    let mut applied = applied.into_iter().rev();
    let last = applied
        .next()
        .ok_or_else(|| emit_error("a proof-game answer has at least one check"))?;
    let body = applied.try_fold(last, |rest, part| call("conj", vec![part, rest]))?;
    let of = format!("{THEOREM}_of");
    sentences.push(Sentence::Definition {
        name: id(&of)?,
        binders: lemmas
            .iter()
            .map(|c| {
                Ok(Binder {
                    names: vec![id(bound(c.soundness)?)?],
                    ty: call("statement_of", vec![var(c.soundness.lemma)?])?,
                })
            })
            .collect::<Result<_, EmitError>>()?,
        ty: None,
        body,
    });
    sentences.push(Sentence::Assertion {
        kind: AssertionKind::Theorem,
        name: id(THEOREM)?,
        statement: conjunction(parts).expect("at least one part"),
        proof: vec![Tactic::Exact(call(
            &of,
            lemmas
                .iter()
                .map(|c| var(c.soundness.lemma))
                .collect::<Result<_, _>>()?,
        )?)],
    });
    let assumptions = AssumptionCheck {
        targets: vec![of],
        lemmas: lemmas.iter().map(|c| c.soundness).collect(),
    };
    Ok((sentences, assumptions))
}

/// The self-contained file: a header saying what is proven (and the
/// `notes`: problem id, source), the imports, the theorem.
pub fn proof_file(
    pos: &Position,
    games: &ProofGames,
    notes: &[String],
) -> Result<ProofFile, EmitError> {
    let mut header = String::from(
        "Generated by `retroproof export`. Compile with: coqc -Q coq/theories RetroProof <this file>\n   ",
    );
    header.push_str(&games.in_chess_terms(pos));
    for note in notes {
        header.push_str("\n   ");
        header.push_str(note);
    }
    let mut sentences = vec![
        Sentence::Comment(Comment::new(&header)),
        Sentence::require_import("Coq", &["String", "List"])?,
        Sentence::Require {
            from: Some(QualId::new("RetroProof")?),
            mode: RequireMode::Import,
            modules: ["Board", "Notation", "Reachable", "Search", "ProofGame"]
                .iter()
                .map(|m| QualId::library(m))
                .collect::<Result<_, _>>()?,
        },
        // The soundness lemmas are named in full; Require loads them.
        Sentence::Require {
            from: Some(QualId::new("RetroProof")?),
            mode: RequireMode::Require,
            modules: vec![QualId::library("ProofGameproof")?],
        },
        Sentence::OpenScope {
            local: false,
            scope: id("string_scope")?,
        },
        Sentence::OpenScope {
            local: false,
            scope: id("list_scope")?,
        },
    ];
    let (body, assumptions) = theorem_sentences(pos, games)?;
    sentences.extend(body);
    Ok(ProofFile {
        file: File { sentences },
        assumptions,
        theorems: vec![THEOREM.to_string()],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use retroproof_core::Position;

    fn game(ucis: &[&str]) -> ProofGame {
        let mut pos = Position::start();
        let mut moves = Vec::new();
        for u in ucis {
            let m = pos.parse_uci(u).unwrap();
            pos = pos.play(&m).unwrap();
            moves.push(m);
        }
        ProofGame::of_moves(&moves).unwrap()
    }

    #[test]
    fn plies_name_what_was_captured() {
        let g = game(&["e2e4", "d7d5", "e4d5", "e8d7"]);
        assert_eq!(g.uci, ["e2e4", "d7d5", "e4d5", "e8d7"]);
        assert_eq!(g.plies, ["e2e4", "d7d5", "e4d5xp", "e8d7"]);
    }

    #[test]
    fn the_verdict_needs_a_complete_search_but_for_a_cook() {
        let one = game(&["e2e4"]);
        let two = game(&["e2e3"]);
        let of = |games: Vec<ProofGame>, complete| ProofGames {
            plies: 1,
            games,
            complete,
            shortest: false,
        };
        assert_eq!(of(vec![], true).verdict(), Some(Verdict::None));
        assert_eq!(of(vec![], false).verdict(), None);
        assert_eq!(of(vec![one.clone()], true).verdict(), Some(Verdict::Unique));
        assert_eq!(of(vec![one.clone()], false).verdict(), None);
        assert_eq!(
            of(vec![one.clone(), two.clone()], false).verdict(),
            Some(Verdict::Cooked)
        );
        assert!(theorem_sentences(&Position::start(), &of(vec![one], false)).is_err());
        let words = of(vec![game(&["e2e4"]), two], true).words();
        assert_eq!(words, "e2e4 | e2e3");
    }
}
