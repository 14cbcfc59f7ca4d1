//! The answer object: what every command that proves (`prove`, `solve`,
//! `check-game`) prints with `--json` for a proven answer, one schema for
//! all (docs/json.md lists its fields and their meaning). Commands add
//! their own fields beside it (flattened): `solve` the published answer,
//! `check-game` the game.

use std::collections::BTreeMap;

use serde::Serialize;

use super::coq_run::Proven;
use crate::answer::Answer;
use crate::emit::problem::{GameEnd, Proof};
use retroproof_core::proofgame::Reading;

/// A proven answer.
#[derive(Debug, Clone, Serialize)]
pub struct AnswerJson {
    /// The question, in the words `--question` reads (a `legal-game`'s
    /// game not repeated: it is in `proven` and, for `check-game`,
    /// `moves`).
    pub question: String,
    /// The position asked about (for `which` and `where X`, the FEN as
    /// given; for `check-game`, the game's final position).
    pub fen: String,
    /// The answer in the words a published answer is written in: plies
    /// oldest first (`c2c4 b4c3ep b3c3xp`), a type of ply (`PxR=N`), a
    /// pair of types (`{K-,P-}`), `illegal`, `legal`, or the verdict of
    /// each case (`K cannot, Q can`).
    pub answer: String,
    /// What Coq proved, in chess terms, one sentence per theorem (per case
    /// for a classic question); never empty.
    pub proven: Vec<String>,
    /// Whether what is proven holds only if the position is legal (a
    /// last-plies theorem without a game reaching the position).
    pub conditional: bool,
    /// When the proof replays a game: the FEN of the position it ends in
    /// (real castling rights and en-passant square).
    pub reached: Option<String>,
    /// The length in plies of the game the proof replays (a legal
    /// position's, or the one that makes a last-plies answer
    /// unconditional); `null` when there is none.
    pub game_plies: Option<usize>,
    /// How long the proof-game search ran for this answer, in seconds,
    /// whether or not it found the game (its budget: `--game-time`);
    /// `null` when none ran (no game needed, a game given or found by
    /// the retraction search, a classic question).
    pub game_seconds: Option<f64>,
    /// Whether the FEN's rights and en-passant square were read exactly
    /// (`--exact-rights`).
    pub exact_rights: bool,
    /// The number of positions of the deep search's dead set(s) when the
    /// proof checks a certificate; `null` otherwise.
    pub certificate: Option<usize>,
    /// The theorem(s) as stated in the generated file, without proof.
    pub theorem: String,
    /// The axioms `Print Assumptions` lists (all in
    /// ci/allowed-assumptions.txt).
    pub assumptions: Vec<String>,
    /// The `coqc` that checked the proof.
    pub coqc: CoqcJson,
    /// For a classic question: its cases.
    #[serde(flatten)]
    pub cases: Option<CasesJson>,
}

/// The `coqc` run that checked a proof.
#[derive(Debug, Clone, Serialize)]
pub struct CoqcJson {
    /// `coqc --print-version`: `8.16.1`.
    pub version: String,
    /// The `coqc` binary.
    pub path: String,
    /// The library compiled against (`coq/theories`).
    pub library: String,
    /// The time `coqc` took (all runs, when several files), in seconds.
    pub seconds: f64,
    /// `coqchk`'s second check of the compiled proof (`--coqchk`), absent
    /// when it was not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coqchk: Option<CoqchkJson>,
}

/// A `coqchk` run that checked a compiled proof again.
#[derive(Debug, Clone, Serialize)]
pub struct CoqchkJson {
    /// The `coqchk` binary.
    pub path: String,
    /// Whether this run checked the library's modules too (`prove`);
    /// `false` when they were admitted here, checked once for the run
    /// (`solve`).
    pub library: bool,
    /// The time `coqchk` took, in seconds.
    pub seconds: f64,
}

/// The cases of a classic question.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CasesJson {
    /// Each case (a castling right, an en-passant square, a filling, a
    /// square, an orientation) with its verdict: `can`/`cannot`,
    /// `possible`/`impossible`, or `unknown`.
    pub cases: BTreeMap<String, String>,
    /// Fillings that are not positions, with the reason.
    pub excluded: BTreeMap<String, String>,
    /// `which`, `where`, `orientation`: the completed FEN when exactly one
    /// case is not proven unreachable and it is proven reachable.
    pub completed: Option<String>,
    /// Why each unknown case is unknown.
    pub unknown: BTreeMap<String, String>,
}

impl CoqcJson {
    /// The run of `proven`, its time rounded to hundredths.
    pub fn of(proven: &Proven) -> CoqcJson {
        CoqcJson {
            version: proven.coqc_version.clone(),
            path: proven.coqc_path.display().to_string(),
            library: proven.library.display().to_string(),
            seconds: hundredths(proven.elapsed),
            coqchk: proven.coqchk.as_ref().map(|checked| CoqchkJson {
                path: checked.path.display().to_string(),
                library: checked.with_library,
                seconds: hundredths(checked.elapsed),
            }),
        }
    }
}

/// Seconds rounded to hundredths.
fn hundredths(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 100.0).round() / 100.0
}

impl AnswerJson {
    /// The object of an answer of the engine facade, proven by `proven`.
    pub fn of(answer: &Answer, proven: &Proven) -> AnswerJson {
        let export = &answer.export;
        AnswerJson {
            question: answer.question.head(),
            fen: export.position.to_fen(),
            answer: answer.words(),
            proven: vec![answer.claim()],
            conditional: answer.is_conditional(),
            reached: answer
                .game()
                .and_then(|game| GameEnd::of(&export.position, game, export.reading))
                .map(|end| end.fen),
            game_plies: answer.game().map(<[String]>::len),
            game_seconds: answer.game_search.map(hundredths),
            exact_rights: export.reading == Reading::Exact,
            certificate: match &export.proof {
                Proof::Certificate(dead) => Some(dead.len()),
                _ => None,
            },
            theorem: proven.theorem.clone(),
            assumptions: proven.assumptions.clone(),
            coqc: CoqcJson::of(proven),
            cases: None,
        }
    }
}
