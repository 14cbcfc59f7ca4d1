//! The classic retro questions: may a side still castle, may the side to
//! move capture en passant, which man stands on an unknown square, which
//! way is the board turned. Each asks about a few positions built from the
//! one given (the position with one castling right asserted, with one
//! en-passant square asserted, with one filling of its unknown squares),
//! and each answer is a set of these positions, each proven unreachable (a
//! refutation or a certificate, [`crate::prove`]) or reachable (a proof
//! game), or left unknown: never an answer without its proof.

pub mod case;
pub mod castling;
pub mod en_passant;
pub mod orientation;
pub mod which;

use std::fmt;

use retroproof_core::question::Question;
use retroproof_core::unknown::Fill;
use retroproof_core::{Piece, Position};

pub use case::{settle, settle_by_game, Case, Finding, Games};
pub use which::Excluded;

use crate::emit::build::EmitError;
use crate::emit::classic::{classic_file, Part};
use crate::emit::problem::{AssumptionCheck, ProofFile};
use crate::prove as engine;

/// A classic question, as asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Classic {
    /// `castling`: which rights may the position still hold?
    Castling,
    /// `en-passant`: may the side to move capture en passant?
    EnPassant,
    /// `which [--one X | --occupied]`: the fillings of the unknown parts
    /// under which the position may be legal.
    Which { fill: Fill },
    /// `where X`: on which empty square may one more man `X` stand?
    Where { man: Piece },
    /// `orientation`: is the board legal as shown, turned by 180°, both?
    Orientation,
}

impl Classic {
    /// Whether the question has at most four cases (castling rights, en
    /// passant squares, the two orientations): each case a proof game is
    /// searched for gets `legal`'s default time
    /// ([`crate::answer::LEGAL_GAME_SECONDS`]), since the game is the
    /// answer `can`; `which` and `where`, up to 32 and 63 cases, get the
    /// shorter default.
    pub fn few_cases(self) -> bool {
        matches!(
            self,
            Classic::Castling | Classic::EnPassant | Classic::Orientation
        )
    }

    /// The classic question `question` is, `which` with its fillings
    /// `fill` (`--one X`, `--occupied`); `None` for a question answered
    /// otherwise.
    pub fn of(question: &Question, fill: Fill) -> Option<Classic> {
        Some(match question {
            Question::Castling => Classic::Castling,
            Question::EnPassant => Classic::EnPassant,
            Question::Which => Classic::Which { fill },
            Question::Where(man) => Classic::Where { man: *man },
            Question::Orientation => Classic::Orientation,
            _ => return None,
        })
    }

    /// The question's name, as asked.
    pub fn name(self) -> &'static str {
        match self {
            Classic::Castling => "castling",
            Classic::EnPassant => "en-passant",
            Classic::Which { .. } => "which",
            Classic::Where { .. } => "where",
            Classic::Orientation => "orientation",
        }
    }

    /// The headline theorem's name.
    pub fn theorem(self) -> &'static str {
        match self {
            Classic::Castling => "castling",
            Classic::EnPassant => "en_passant",
            Classic::Which { .. } => "which",
            // `where` is a Coq keyword.
            Classic::Where { .. } => "where_square",
            Classic::Orientation => "orientation",
        }
    }

    /// The JSON key of the answers (`rights`, `squares`, `fillings`).
    pub fn key(self) -> &'static str {
        match self {
            Classic::Castling => "rights",
            Classic::EnPassant => "squares",
            Classic::Which { .. } => "fillings",
            Classic::Where { .. } => "squares",
            Classic::Orientation => "orientations",
        }
    }

    /// The words of a case's two verdicts: `can`/`cannot` for rights and
    /// en-passant squares, `possible`/`impossible` for positions.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Classic::Castling | Classic::EnPassant => ("can", "cannot"),
            Classic::Which { .. } | Classic::Where { .. } | Classic::Orientation => {
                ("possible", "impossible")
            }
        }
    }

    /// A case's answer in words: `can`/`cannot` for a right or an
    /// en-passant square, `possible`/`impossible` for a filling (proven
    /// reachable/unreachable), `unknown` when neither is proven.
    pub fn verdict(self, finding: &Finding) -> &'static str {
        let (yes, no) = self.words();
        match finding {
            Finding::Reachable { .. } => yes,
            Finding::Unreachable { .. } => no,
            Finding::Unknown { .. } => "unknown",
        }
    }

    /// The cases of the question about `position`, each settled
    /// ([`settle`], with `games`).
    pub fn cases(self, position: &Position, games: Games) -> Result<Vec<Case>, NotApplicable> {
        let fen = position.to_fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        match self {
            Classic::Castling if fields[2] != "-" => Err(NotApplicable::CastlingGiven),
            Classic::Castling if castling::candidates(position).is_empty() => {
                Err(NotApplicable::NoCastling)
            }
            Classic::Castling => Ok(castling::cases(position, games)),
            Classic::EnPassant if fields[3] != "-" => Err(NotApplicable::EnPassantGiven),
            Classic::EnPassant if en_passant::candidates(position).is_empty() => {
                Err(NotApplicable::NoEnPassant)
            }
            Classic::EnPassant => Ok(en_passant::cases(position, games)),
            Classic::Orientation if fields[2] != "-" || fields[3] != "-" => {
                Err(NotApplicable::OrientedFields)
            }
            Classic::Orientation => Ok(orientation::cases(position, games)),
            Classic::Which { .. } | Classic::Where { .. } => Err(NotApplicable::NoUnknown),
        }
    }
}

/// Why a classic question about a position is not answered (bad input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClassicError {
    NotApplicable(NotApplicable),
    Which(which::WhichError),
}

impl fmt::Display for ClassicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClassicError::NotApplicable(e) => e.fmt(f),
            ClassicError::Which(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ClassicError {}

/// The answer to a classic question about a valid position (castling, en
/// passant, orientation, where; `which` needs a FEN with `?`, read by
/// [`which::cases`]).
pub fn answer(classic: Classic, position: &Position, games: Games) -> Result<Answer, ClassicError> {
    let (cases, excluded) = match classic {
        Classic::Where { man } => {
            which::where_cases(position.to_setup(), man, games).map_err(ClassicError::Which)?
        }
        _ => (
            classic
                .cases(position, games)
                .map_err(ClassicError::NotApplicable)?,
            Vec::new(),
        ),
    };
    Ok(Answer {
        classic,
        asked: position.to_fen(),
        cases,
        excluded,
    })
}

/// A classic question's answer: the cases settled, and the fillings that
/// are not positions.
#[derive(Debug, Clone)]
pub struct Answer {
    pub classic: Classic,
    /// The position asked about, as its FEN (with `?` for `which`).
    pub asked: String,
    pub cases: Vec<Case>,
    pub excluded: Vec<Excluded>,
}

impl Answer {
    /// `K cannot, q can` (and `h4=K not a position`).
    pub fn summary(&self) -> String {
        self.cases
            .iter()
            .map(|c| format!("{} {}", c.key, self.classic.verdict(&c.finding)))
            .chain(
                self.excluded
                    .iter()
                    .map(|e| format!("{} not a position", e.key)),
            )
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Compared with a published answer (keys with `true` for can or
    /// possible; a key not listed is published as cannot or impossible):
    /// `Err` with the first proven case that contradicts it (its key, the
    /// published and the proven verdict), `Ok(true)` when every case is
    /// proven as published, `Ok(false)` when none contradicts but some is
    /// unknown. A published key the question does not have is a
    /// contradiction too.
    pub fn against(&self, published: &[(String, bool)]) -> Result<bool, (String, bool, bool)> {
        if let Some((key, can)) = published
            .iter()
            .find(|(key, _)| !self.cases.iter().any(|c| &c.key == key))
        {
            return Err((key.clone(), *can, !*can));
        }
        let mut all = true;
        for case in &self.cases {
            let listed = published
                .iter()
                .find(|(key, _)| *key == case.key)
                .is_some_and(|(_, can)| *can);
            match case.finding {
                Finding::Reachable { .. } if !listed => {
                    return Err((case.key.clone(), listed, true))
                }
                Finding::Unreachable { .. } if listed => {
                    return Err((case.key.clone(), listed, false))
                }
                Finding::Unknown { .. } => all = false,
                _ => {}
            }
        }
        Ok(all)
    }

    /// The cases not proven unreachable: proven reachable, or unknown.
    pub fn survivors(&self) -> Vec<&Case> {
        self.cases
            .iter()
            .filter(|c| !matches!(c.finding, Finding::Unreachable { .. }))
            .collect()
    }
}

/// Why a classic question does not apply to a position (bad input).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotApplicable {
    /// `castling` about a FEN that already asserts rights.
    CastlingGiven,
    /// `castling` with no king and rook on their initial squares.
    NoCastling,
    /// `en-passant` about a FEN that already asserts an en-passant square.
    EnPassantGiven,
    /// `en-passant` where no double step can be taken en passant.
    NoEnPassant,
    /// `which` about a position without unknown parts.
    NoUnknown,
    /// `orientation` about a FEN with castling rights or an en-passant
    /// square (they presuppose an orientation).
    OrientedFields,
}

impl fmt::Display for NotApplicable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotApplicable::CastlingGiven => "--question castling asks which rights the position may hold: give its FEN with the castling field -",
            NotApplicable::NoCastling => "--question castling: no king and rook stand on their initial squares, so there is no castling right to ask about",
            NotApplicable::EnPassantGiven => "--question en-passant asks whether the last move was a double step: give its FEN with the en-passant field -",
            NotApplicable::NoEnPassant => "--question en-passant: after no double step could a pawn of the side to move capture en passant",
            NotApplicable::NoUnknown => "--question which: the FEN has no '?'",
            NotApplicable::OrientedFields => "--question orientation: castling rights and an en-passant square presuppose an orientation: give the FEN with both fields -",
        })
    }
}

impl std::error::Error for NotApplicable {}

/// The `.v` text of the proven cases (one module each, the headline
/// theorem their conjunction), as `export` writes it: ending with `Print
/// Assumptions` of the headline theorem; `None` when no case is proven.
pub fn file_text(
    answer: &Answer,
    notes: &[String],
    generated_by: &str,
) -> Result<Option<String>, EmitError> {
    Ok(proof_file(answer, notes, generated_by)?.map(|proof| {
        engine::file_text(
            &proof.file,
            &AssumptionCheck::whole(answer.classic.theorem()),
        )
    }))
}

/// The file of the proven cases (one module each, the headline theorem
/// their conjunction), as `prove` and `solve` compile it (its assumptions
/// checked case by case, [`AssumptionCheck`]); `None` when no case is
/// proven.
pub fn proof_file(
    answer: &Answer,
    notes: &[String],
    generated_by: &str,
) -> Result<Option<ProofFile>, EmitError> {
    let classic = answer.classic;
    let parts: Vec<Part> = answer
        .cases
        .iter()
        .filter_map(|case| {
            Some(Part {
                module: case.module.clone(),
                meaning: format!("{}: {}", case.key, case.meaning),
                export: case.finding.export(&case.position, notes)?,
            })
        })
        .collect();
    if parts.is_empty() {
        return Ok(None);
    }
    let mut header = format!(
        "Generated by `{generated_by}`. Compile with: coqc -Q coq/theories RetroProof <this file>\n   {} of {}: {}",
        classic.name(),
        answer.asked,
        answer.summary()
    );
    for note in notes {
        header.push_str("\n   ");
        header.push_str(note);
    }
    Ok(Some(classic_file(&header, &parts, classic.theorem())?))
}
