//! One case of a classic question: a position built from the one asked
//! about, and what is proven about it (reachable by a game, unreachable by
//! a refutation or a certificate, or unknown), settled cheapest first.

use retroproof_core::cert::Certificate;
use retroproof_core::proofgame::Reading;
use retroproof_core::proofgame::{self, find_proof_game};
use retroproof_core::{Move, Position};

use crate::emit::problem::{in_chess_terms_with_game, Export, Proof, Statement};
use crate::prove as engine;

/// What is proven about one position of a question.
#[derive(Debug, Clone)]
pub enum Finding {
    /// A game (UCI, from the initial position) reaches the position,
    /// proven by replaying it (`check_uci_game_sound`).
    Reachable { moves: Vec<String> },
    /// No game reaches the position: a refutation (`check_illegal_sound`)
    /// or, with `certificate`, a certificate (`check_illegal_cert_sound`).
    Unreachable {
        statement: Statement,
        certificate: Option<Certificate>,
    },
    /// Neither found within the budget: why.
    Unknown { reason: String },
}

impl Finding {
    /// The export proving the finding; `None` when it is unknown.
    pub fn export(&self, position: &Position, notes: &[String]) -> Option<Export> {
        let (statement, proof) = match self {
            Finding::Reachable { moves } => (
                Statement::LegalGame {
                    moves: moves.clone(),
                },
                Proof::Reflective,
            ),
            Finding::Unreachable {
                statement,
                certificate,
            } => (
                statement.clone(),
                match certificate {
                    Some(c) => Proof::Certificate(c.clone()),
                    None => Proof::Reflective,
                },
            ),
            Finding::Unknown { .. } => return None,
        };
        Some(Export {
            position: *position,
            statement,
            proof,
            notes: notes.to_vec(),
            reading: Reading::Asserted,
        })
    }

    /// Whether a proof exists (reachable or unreachable).
    pub fn is_proven(&self) -> bool {
        !matches!(self, Finding::Unknown { .. })
    }
}

/// One position a question asks about.
#[derive(Debug, Clone)]
pub struct Case {
    /// The answer's key: a castling right (`K`), an en-passant square
    /// (`e3`).
    pub key: String,
    /// The Coq module holding this position's theorem (an identifier).
    pub module: String,
    /// What reaching the position means, in words ("White may still
    /// castle king-side").
    pub meaning: String,
    pub position: Position,
    pub finding: Finding,
}

impl Case {
    /// What is proven about the case, in chess terms, exactly as strong as
    /// its theorem; `None` when nothing is.
    pub fn claim(&self) -> Option<String> {
        let export = self.finding.export(&self.position, &[])?;
        Some(in_chess_terms_with_game(
            &export.statement,
            &export.position,
            None,
            Reading::Asserted,
        ))
    }
}

/// The games that may settle a case as reachable: one known to reach some
/// of the cases (`--reached-by`, an EPD problem's `pg`), and the
/// proof-game search's budget per case (`None`: no search).
#[derive(Debug, Clone, Copy, Default)]
pub struct Games<'a> {
    pub known: Option<&'a [Move]>,
    pub search: Option<proofgame::Budget>,
}

/// Settles one position, cheapest first: the retraction-tree engine (a
/// refutation, or a short game it comes across), the known game, the deep
/// search's certificate, and last the proof-game search (the longest, up
/// to its whole budget when it finds nothing: spent only on a position no
/// rule refutes).
pub fn settle(pos: &Position, games: Games) -> Finding {
    let (shallow, short) = engine::illegal_or_game(pos);
    let mut reasons = Vec::new();
    match shallow {
        Ok(statement) => {
            return Finding::Unreachable {
                statement,
                certificate: None,
            }
        }
        Err(e) => reasons.push(e.to_string()),
    }
    // A short game the retraction tree met, else the known game.
    if let Some(moves) = short
        .as_deref()
        .into_iter()
        .chain(games.known)
        .find(|m| engine::check_game_reaches(pos, m).is_ok())
    {
        return reachable(moves);
    }
    match engine::deep_illegal(pos) {
        Ok(answer) => {
            return Finding::Unreachable {
                statement: answer.statement,
                certificate: Some(answer.certificate),
            }
        }
        Err(reason) => reasons.push(reason),
    }
    if let Some(budget) = games.search {
        match find_proof_game(pos, budget) {
            Ok(moves) if engine::check_game_reaches(pos, &moves).is_ok() => {
                return reachable(&moves)
            }
            Ok(_) => reasons.push("the proof game found does not reach the position".into()),
            Err(e) => reasons.push(format!("the proof-game search: {e}")),
        }
    }
    Finding::Unknown {
        reason: reasons.join("; "),
    }
}

/// Settles by a given game (`--reached-by`, an EPD problem's published
/// `pg`) each case still unknown whose position the game reaches: the
/// search may miss a game that is known. Returns how many cases it
/// settled, or `None` when the game reaches no case's position at all
/// (not even one already settled otherwise).
pub fn settle_by_game(cases: &mut [Case], moves: &[Move]) -> Option<usize> {
    let mut reaches_any = false;
    let mut settled = 0;
    for case in cases {
        if engine::check_game_reaches(&case.position, moves).is_ok() {
            reaches_any = true;
            if matches!(case.finding, Finding::Unknown { .. }) {
                case.finding = reachable(moves);
                settled += 1;
            }
        }
    }
    reaches_any.then_some(settled)
}

fn reachable(moves: &[Move]) -> Finding {
    Finding::Reachable {
        moves: moves.iter().map(Move::to_uci).collect(),
    }
}
