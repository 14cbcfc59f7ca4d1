//! Retro problems written as EPD: a position, a question, a published answer.
//!
//! One problem per line:
//!
//! ```text
//! 8/8/8/1r1b4/B7/2K5/8/3k4 b - - id "smullyan"; retro "last 3"; sol "c2c4 b4c3ep b3c3xp"; c0 "source";
//! ```
//!
//! - `retro` is the question, in the words of [`Question`]: `"last N"`
//!   (what were the last `N` plies?), `"illegal"` (prove the position
//!   cannot arise), `"legal"` (find a game), `"castling"` (which castling
//!   rights may the position still hold?), `"en-passant"` (may the side to
//!   move capture en passant?), `"orientation"` (is the board legal as
//!   shown or turned?), `"where X"` (where may one more man `X` stand?),
//!   and the others [`Question`] reads (`"last 1 type"`, …).
//! - `sol` is the published answer: for `last N`, retractions in the
//!   notation of [`crate::retro`], **oldest ply first**, as a game is
//!   written; for `illegal`, the word `illegal`; for `castling` and
//!   `en-passant`, pairs `KEY can|cannot` (a right `K Q k q`, or an
//!   en-passant square), e.g. `sol "K cannot q can"`; for `orientation`
//!   (`as-shown`, `turned`) and `where X` (squares), `possible` and
//!   `impossible` are the same words, and a `where` problem's keys not
//!   listed are impossible (`sol "c3 possible"`: only c3).
//! - `id` names the problem, `c0` cites its source; `pg` is a game the
//!   source publishes as its proof (SAN movetext from the initial position,
//!   as printed: `pg "1. Nh3 Nc6 2. Nf4 ..."`), which a `can` / `possible`
//!   answer may be proven by when the proof-game search does not find one;
//!   other opcodes are kept but not interpreted.
//!
//! [`Problem::check`] runs the native solver and compares with `sol`. For
//! `last N` the solver's answer is the part every history of `N` plies
//! shares, looking up to [`Limits::lookahead`] plies deeper when `N` plies
//! alone leave dead ends in (see [`last_moves`]); for `illegal`, the verdict
//! of [`legality`].

use std::fmt;

use crate::deep::{Budget, Search, Verdict};
use crate::pgn::{parse_game, PgnError};
use crate::retro::{ParseRetroUciError, RetroUci, Unmove};
use crate::rules::RuleSet;
use crate::search::{last_moves, legality, IllegalReason, LastMoves, Legality, Limits};
use crate::{Epd, EpdError, Move, Position};

use crate::question::ParseQuestionError;
pub use crate::question::Question;

/// A retro problem read from EPD.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub id: Option<String>,
    pub position: Position,
    pub question: Question,
    /// The published solution, for `last N` oldest ply first.
    pub solution: Solution,
    /// The `c0` operand: where the problem and its answer were published.
    pub source: Option<String>,
    /// The `pg` operand: a game the source publishes with its answer,
    /// replayed from the initial position (legal moves only).
    pub game: Option<Vec<Move>>,
}

/// A published answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solution {
    /// No `sol` operation.
    None,
    /// Retractions, oldest ply first.
    Plies(Vec<RetroUci>),
    /// `sol "illegal"`.
    Illegal,
    /// For `castling` and `en-passant`: each key (a right `K Q k q`, an
    /// en-passant square) with `true` for `can`, `false` for `cannot`.
    Verdicts(Vec<(String, bool)>),
}

/// Why an EPD line is not a retro problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemError {
    Epd(EpdError),
    /// No `retro` operation.
    MissingQuestion,
    /// A `retro` operand that is not a [`Question`].
    BadQuestion {
        text: String,
        reason: ParseQuestionError,
    },
    /// A `sol` ply that is not retraction notation.
    BadSolution(ParseRetroUciError),
    /// A `castling`/`en-passant` `sol` that is not pairs `KEY can|cannot`.
    BadVerdicts {
        text: String,
    },
    /// A `pg` operand that is not a legal game in SAN movetext.
    BadGame(PgnError),
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::Epd(e) => e.fmt(f),
            ProblemError::MissingQuestion => write!(
                f,
                "no retro operation (expected retro \"QUESTION\", one of {})",
                Question::FORMS
            ),
            ProblemError::BadQuestion { text, reason } => {
                write!(f, "bad retro question {text:?}: {reason}")
            }
            ProblemError::BadSolution(e) => write!(f, "bad sol: {e}"),
            ProblemError::BadVerdicts { text } => write!(
                f,
                "bad sol {text:?} (expected pairs KEY can|cannot, e.g. \"K cannot q can\")"
            ),
            ProblemError::BadGame(e) => write!(f, "bad pg (a game in SAN movetext): {e}"),
        }
    }
}

impl std::error::Error for ProblemError {}

impl From<EpdError> for ProblemError {
    fn from(e: EpdError) -> ProblemError {
        ProblemError::Epd(e)
    }
}

impl Problem {
    /// Parses one EPD line.
    pub fn parse(line: &str) -> Result<Problem, ProblemError> {
        Problem::from_epd(&Epd::parse(line)?)
    }

    /// Reads the problem from a parsed EPD record.
    pub fn from_epd(epd: &Epd) -> Result<Problem, ProblemError> {
        let text_of = |opcode: &str| {
            epd.operation(opcode).map(|operands| {
                operands
                    .iter()
                    .map(|o| o.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
        };
        let question_text = text_of("retro").ok_or(ProblemError::MissingQuestion)?;
        let question: Question =
            question_text
                .parse()
                .map_err(|reason| ProblemError::BadQuestion {
                    text: question_text.clone(),
                    reason,
                })?;
        let solution = match text_of("sol") {
            None => Solution::None,
            Some(text) if question.is_classic() => Solution::Verdicts(parse_verdicts(&text)?),
            Some(text) if text.trim() == "illegal" => Solution::Illegal,
            Some(text) => Solution::Plies(
                text.split_ascii_whitespace()
                    .map(str::parse)
                    .collect::<Result<_, _>>()
                    .map_err(ProblemError::BadSolution)?,
            ),
        };
        let game = text_of("pg")
            .map(|text| parse_game(&text).map(|game| game.moves))
            .transpose()
            .map_err(ProblemError::BadGame)?;
        Ok(Problem {
            id: text_of("id"),
            position: epd.position,
            question,
            solution,
            source: text_of("c0"),
            game,
        })
    }

    /// Runs the native solver on the question: for `last N`, the
    /// retraction tree within `limits`, then the deep search
    /// ([`Budget::STANDARD`]) when the tree forces fewer than `N` plies.
    pub fn solve(&self, limits: Limits) -> Answer {
        match &self.question {
            &Question::LastMoves(n) => match last_moves(&self.position, n, limits.lookahead) {
                // Nothing forced within the look-ahead: the deep search
                // (static rules, zone cages) may still decide the plies.
                LastMoves::Forced(forced) if forced.len() < n as usize => {
                    match Search::new(RuleSet::ALL, Budget::STANDARD).last(&self.position, n) {
                        Verdict::Last { plies, .. } => Answer::Forced(plies),
                        _ => Answer::Forced(forced.into_iter().rev().collect()),
                    }
                }
                LastMoves::Forced(forced) => Answer::Forced(forced.into_iter().rev().collect()),
                LastMoves::Bounded {
                    longest,
                    start: None,
                } => Answer::Illegal(IllegalReason::NoHistory { longest }),
                LastMoves::Bounded {
                    longest,
                    start: Some(_),
                } => Answer::Shorter { longest },
            },
            Question::Illegal | Question::Legal => match legality(&self.position, limits) {
                Legality::Legal(game) => Answer::Legal(game.len()),
                Legality::Illegal(reason) => Answer::Illegal(reason),
                Legality::Unknown => Answer::Unknown,
            },
            // Answered with proofs by the generator (`retroproof prove`,
            // `solve`), not by this native solver: the classic questions
            // (several positions each), the type of the last ply, a legal
            // game given, the proof games.
            Question::LastType
            | Question::LastTypeBothSides
            | Question::IllegalOrLegal
            | Question::LegalGame(_)
            | Question::Castling
            | Question::EnPassant
            | Question::Which
            | Question::Orientation
            | Question::Where(_)
            | Question::ProofGame(_)
            | Question::ProofGameShortest => Answer::Unknown,
        }
    }

    /// Solves and compares with the published solution.
    pub fn check(&self, limits: Limits) -> Result<Answer, Mismatch> {
        let answer = self.solve(limits);
        let ok = match (&self.solution, &answer) {
            (Solution::Plies(sol), Answer::Forced(forced)) => {
                sol.len() == forced.len()
                    && sol.iter().zip(forced).all(|(s, u)| *s == u.to_retro_uci())
            }
            (Solution::Illegal, Answer::Illegal(_)) => true,
            (Solution::None, Answer::Legal(_)) => self.question == Question::Legal,
            (Solution::None, Answer::Illegal(_)) => self.question == Question::Illegal,
            _ => false,
        };
        if ok {
            Ok(answer)
        } else {
            Err(Mismatch {
                expected: self.solution.clone(),
                found: answer,
            })
        }
    }
}

/// `K cannot q can`: keys with `can` (true) or `cannot` (false).
fn parse_verdicts(text: &str) -> Result<Vec<(String, bool)>, ProblemError> {
    let bad = || ProblemError::BadVerdicts {
        text: text.to_owned(),
    };
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    if words.is_empty() || !words.len().is_multiple_of(2) {
        return Err(bad());
    }
    words
        .chunks(2)
        .map(|pair| match pair[1] {
            "can" | "possible" => Ok((pair[0].to_owned(), true)),
            "cannot" | "impossible" => Ok((pair[0].to_owned(), false)),
            _ => Err(bad()),
        })
        .collect()
}

/// What the solver found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The forced plies at the asked depth, oldest first.
    Forced(Vec<Unmove>),
    /// Illegal, with the reason.
    Illegal(IllegalReason),
    /// Legal, with a game of this many plies.
    Legal(usize),
    /// `last N`: no history of `N` plies, but the initial position lies on
    /// a shorter one (the game is shorter than the question assumes).
    Shorter { longest: u32 },
    /// Undecided within the limits.
    Unknown,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Forced(plies) if plies.is_empty() => f.write_str("nothing forced"),
            Answer::Forced(plies) => {
                let text: Vec<String> = plies.iter().map(Unmove::to_string).collect();
                write!(f, "forced: {}", text.join(" "))
            }
            Answer::Illegal(reason) => write!(f, "illegal: {reason}"),
            Answer::Legal(n) => write!(f, "legal (a game of {n} plies)"),
            Answer::Shorter { longest } => {
                write!(
                    f,
                    "the game is shorter: at most {longest} plies from the start"
                )
            }
            Answer::Unknown => f.write_str("unknown"),
        }
    }
}

/// The solver disagrees with the published solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    pub expected: Solution,
    pub found: Answer,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let expected = match &self.expected {
            Solution::None => "no sol".to_owned(),
            Solution::Illegal => "illegal".to_owned(),
            Solution::Verdicts(pairs) => verdict_words(pairs),
            Solution::Plies(plies) => plies
                .iter()
                .map(RetroUci::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        };
        write!(f, "expected {expected}, solver says {}", self.found)
    }
}

/// `K cannot q can`: a [`Solution::Verdicts`] as written in `sol`.
pub fn verdict_words(pairs: &[(String, bool)]) -> String {
    pairs
        .iter()
        .map(|(key, can)| format!("{key} {}", if *can { "can" } else { "cannot" }))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses a suite: one problem per non-empty line; `#` starts a comment
/// line. Each result comes with its 1-based line number.
pub fn parse_suite(text: &str) -> Vec<(usize, Result<Problem, ProblemError>)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let t = line.trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .map(|(i, line)| (i + 1, Problem::parse(line)))
        .collect()
}
