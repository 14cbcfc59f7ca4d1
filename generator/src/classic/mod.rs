//! The classic retro questions: may a side still castle, may the side to
//! move capture en passant, which man stands on an unknown square, which
//! way is the board turned. Each asks about a few positions built from the
//! one given (the position with one castling right asserted, with one
//! en-passant square asserted, with one filling of its unknown squares),
//! and each answer is a set of these positions, each proven unreachable (a
//! refutation or a certificate, [`crate::prove`]) or reachable (a proof
//! game), or left unknown: never an answer without its proof.

pub mod castling;
pub mod en_passant;
pub mod orientation;
pub mod which;

use std::fmt;

use retroproof_core::cert::Certificate;
use retroproof_core::problem::Question;
use retroproof_core::proofgame::{self, find_proof_game};
use retroproof_core::unknown::Fill;
use retroproof_core::{Move, Piece, Position};

pub use which::Excluded;

use crate::emit::classic::{classic_file, Part};
use crate::emit::problem::{
    in_chess_terms_with_game, AssumptionCheck, Export, Proof, ProofFile, Statement,
};
use crate::emit::EmitError;
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
    /// ([`crate::cli::prove::LEGAL_GAME_SECONDS`]), since the game is the
    /// answer `can`; `which` and `where`, up to 32 and 63 cases, get the
    /// shorter default.
    pub fn few_cases(self) -> bool {
        matches!(
            self,
            Classic::Castling | Classic::EnPassant | Classic::Orientation
        )
    }

    /// The classic question `words` (from `--question`) ask, or, without
    /// words, the EPD problem's; `None` for any other question.
    pub fn asked(words: &[&str], epd: Option<Question>) -> Option<Classic> {
        match (words, epd) {
            (["castling"], _) | ([], Some(Question::Castling)) => Some(Classic::Castling),
            (["en-passant"], _) | ([], Some(Question::EnPassant)) => Some(Classic::EnPassant),
            (["which"], _) => Some(Classic::Which { fill: Fill::Any }),
            (["orientation"], _) | ([], Some(Question::Orientation)) => Some(Classic::Orientation),
            ([], Some(Question::Where(man))) => Some(Classic::Where { man }),
            _ => None,
        }
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

/// The `.v` text `prove` and `solve` compile ([`file_text`] ending with
/// `Print Assumptions` of each case's theorem function instead, see
/// [`AssumptionCheck`]) and how its assumptions are checked.
pub fn proof_text(
    answer: &Answer,
    notes: &[String],
    generated_by: &str,
) -> Result<Option<(String, AssumptionCheck)>, EmitError> {
    Ok(proof_file(answer, notes, generated_by)?.map(|proof| {
        (
            engine::file_text(&proof.file, &proof.assumptions),
            proof.assumptions,
        )
    }))
}

/// The file of the proven cases; `None` when no case is proven.
fn proof_file(
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
