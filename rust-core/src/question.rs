//! The questions retroproof answers, as one type.
//!
//! A question is written the same way wherever it is asked: after
//! `--question` on the command line, in an EPD problem's `retro` opcode, in
//! the `question` column of a corpus TSV. [`Question`]'s [`FromStr`] reads
//! every one of these, and its [`Display`](fmt::Display) writes it back in
//! the same words, so a question read and printed reads again the same:
//!
//! ```
//! use retroproof_core::question::Question;
//!
//! let q: Question = "last 1 type".parse().unwrap();
//! assert_eq!(q, Question::LastType);
//! assert_eq!(q.to_string(), "last 1 type");
//! assert_eq!("where Q".parse::<Question>().unwrap().to_string(), "where Q");
//! assert!("last 0".parse::<Question>().is_err());
//! ```
//!
//! Each question is one variant, the proof-game ones included: `proof-game
//! N` (every game of exactly `N` plies from the initial position to the
//! diagram) and `proof-game shortest` (the least such `N`, and its games).

use std::fmt;
use std::str::FromStr;

use crate::Piece;

/// What a problem asks about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    /// `last N`: what were the last `n` plies? (`n ≥ 1`)
    LastMoves(u32),
    /// `last 1 type`: of which type was the last ply (`K-`, `PxR=N`, `ep`,
    /// …)? Answered by the ply itself when it is forced.
    LastType,
    /// `last 1 type both-sides`: the type of the last ply with White to
    /// move and with Black to move (the board alone is given; janko.at's
    /// type D records).
    LastTypeBothSides,
    /// `illegal`: prove that no game reaches the position.
    Illegal,
    /// `legal`: find a game that reaches the position.
    Legal,
    /// `illegal?`: is the position illegal? Decided either way: proven
    /// illegal, else proven legal by a game.
    IllegalOrLegal,
    /// `legal-game FILE.pgn` or `legal-game UCI…`: this game reaches the
    /// position.
    LegalGame(GameSource),
    /// `castling`: which castling rights (king and rook on their initial
    /// squares) may the position still hold?
    Castling,
    /// `en-passant`: may the side to move capture en passant (was the last
    /// move the double step)?
    EnPassant,
    /// `which`: which men may stand on the unknown (`?`) squares of the
    /// board?
    Which,
    /// `where X`: on which empty square may one more man (this one) stand?
    Where(Piece),
    /// `orientation`: is the board legal as shown, turned by 180°, both,
    /// neither?
    Orientation,
    /// `proof-game N`: which games of exactly `n` plies from the initial
    /// position end with the diagram's board and side to move (castling
    /// rights and en passant are not part of a diagram)? Unique, cooked,
    /// or none.
    ProofGame(u32),
    /// `proof-game shortest`: the least number of plies of a game ending
    /// with the diagram, and its games of that length.
    ProofGameShortest,
}

/// The game of a `legal-game` question, as written: a PGN file, or UCI
/// moves from the initial position. Reading the file and replaying the
/// moves is left to the caller (it reads files; this type does not).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameSource {
    /// `FILE.pgn`: one word ending in `.pgn`.
    Pgn(String),
    /// UCI moves, oldest first.
    Uci(Vec<String>),
}

impl GameSource {
    /// A game written in `words`: one word ending in `.pgn` is a PGN file,
    /// anything else UCI moves (`None` for no word at all).
    pub fn from_words(words: &[&str]) -> Option<GameSource> {
        match words {
            [] => None,
            [file] if file.ends_with(".pgn") => Some(GameSource::Pgn(file.to_string())),
            moves => Some(GameSource::Uci(
                moves.iter().map(|m| m.to_string()).collect(),
            )),
        }
    }

    /// The words the game is written in (`["game.pgn"]`, `["e2e4",
    /// "e7e5"]`).
    pub fn words(&self) -> Vec<&str> {
        match self {
            GameSource::Pgn(file) => vec![file.as_str()],
            GameSource::Uci(moves) => moves.iter().map(String::as_str).collect(),
        }
    }
}

impl Question {
    /// Every question's form, for messages: `last N | last 1 type | …`.
    pub const FORMS: &'static str = "last N | last 1 type | last 1 type both-sides | illegal | legal | illegal? | legal-game FILE.pgn | legal-game UCI… | castling | en-passant | which | where X | orientation | proof-game N | proof-game shortest";

    /// The classic questions (castling, en passant, which, where,
    /// orientation): each asks about several positions built from the one
    /// given, answered case by case.
    pub fn is_classic(&self) -> bool {
        matches!(
            self,
            Question::Castling
                | Question::EnPassant
                | Question::Which
                | Question::Where(_)
                | Question::Orientation
        )
    }

    /// The question's leading words, without what it is asked about (`last
    /// 3`, `legal-game`, `where Q`): [`Display`](fmt::Display) but for a
    /// `legal-game`'s game.
    pub fn head(&self) -> String {
        match self {
            Question::LegalGame(_) => "legal-game".to_string(),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Question::LastMoves(n) => write!(f, "last {n}"),
            Question::LastType => f.write_str("last 1 type"),
            Question::LastTypeBothSides => f.write_str("last 1 type both-sides"),
            Question::Illegal => f.write_str("illegal"),
            Question::Legal => f.write_str("legal"),
            Question::IllegalOrLegal => f.write_str("illegal?"),
            Question::LegalGame(game) => write!(f, "legal-game {}", game.words().join(" ")),
            Question::Castling => f.write_str("castling"),
            Question::EnPassant => f.write_str("en-passant"),
            Question::Which => f.write_str("which"),
            Question::Where(man) => write!(f, "where {}", man.char()),
            Question::Orientation => f.write_str("orientation"),
            Question::ProofGame(n) => write!(f, "proof-game {n}"),
            Question::ProofGameShortest => f.write_str("proof-game shortest"),
        }
    }
}

/// Why words are not a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseQuestionError {
    /// No words at all.
    Empty,
    /// `last N` where `N` is not a whole number from 1 (the text of `N`).
    BadCount { count: String },
    /// `where X` where `X` is not one FEN letter of a man (the text of
    /// `X`).
    BadMan { man: String },
    /// `proof-game N` where `N` is neither a whole number nor `shortest`
    /// (the text of `N`).
    BadPlies { plies: String },
    /// `legal-game` without a game.
    NoGame,
    /// Words that are not one of the questions ([`Question::FORMS`]).
    Unknown { text: String },
}

impl fmt::Display for ParseQuestionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseQuestionError::Empty => {
                write!(f, "no question (expected {})", Question::FORMS)
            }
            ParseQuestionError::BadCount { count } => {
                write!(f, "last {count:?}: N is a whole number from 1")
            }
            ParseQuestionError::BadMan { man } => write!(
                f,
                "where {man:?}: not a man (expected one letter of PNBRQK pnbrqk)"
            ),
            ParseQuestionError::BadPlies { plies } => write!(
                f,
                "proof-game {plies:?}: N is a whole number of plies or `shortest`"
            ),
            ParseQuestionError::NoGame => {
                f.write_str("legal-game needs a game (legal-game FILE.pgn or legal-game UCI…)")
            }
            ParseQuestionError::Unknown { text } => {
                write!(f, "{text:?} is no question (expected {})", Question::FORMS)
            }
        }
    }
}

impl std::error::Error for ParseQuestionError {}

impl FromStr for Question {
    type Err = ParseQuestionError;

    /// Reads a question from its words, separated by any white space
    /// (`"last  3"` is `last 3`).
    fn from_str(text: &str) -> Result<Question, ParseQuestionError> {
        let words: Vec<&str> = text.split_ascii_whitespace().collect();
        let unknown = || ParseQuestionError::Unknown {
            text: words.join(" "),
        };
        Ok(match words.as_slice() {
            [] => return Err(ParseQuestionError::Empty),
            ["last", "1", "type"] => Question::LastType,
            ["last", "1", "type", "both-sides"] => Question::LastTypeBothSides,
            ["last", n] => match n.parse::<u32>() {
                Ok(n) if n >= 1 => Question::LastMoves(n),
                _ => {
                    return Err(ParseQuestionError::BadCount {
                        count: n.to_string(),
                    })
                }
            },
            ["illegal"] => Question::Illegal,
            ["legal"] => Question::Legal,
            ["illegal?"] => Question::IllegalOrLegal,
            ["legal-game", game @ ..] => {
                Question::LegalGame(GameSource::from_words(game).ok_or(ParseQuestionError::NoGame)?)
            }
            ["castling"] => Question::Castling,
            ["en-passant"] => Question::EnPassant,
            ["which"] => Question::Which,
            ["orientation"] => Question::Orientation,
            ["proof-game", "shortest"] => Question::ProofGameShortest,
            ["proof-game", n] => match n.parse::<u32>() {
                Ok(n) => Question::ProofGame(n),
                Err(_) => {
                    return Err(ParseQuestionError::BadPlies {
                        plies: n.to_string(),
                    })
                }
            },
            ["where", man] => {
                let mut chars = man.chars();
                match (chars.next().and_then(Piece::from_char), chars.next()) {
                    (Some(piece), None) => Question::Where(piece),
                    _ => {
                        return Err(ParseQuestionError::BadMan {
                            man: man.to_string(),
                        })
                    }
                }
            }
            _ => return Err(unknown()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every form of [`Question::FORMS`], written out.
    const WRITTEN: [&str; 15] = [
        "last 3",
        "last 1 type",
        "last 1 type both-sides",
        "illegal",
        "legal",
        "illegal?",
        "legal-game game.pgn",
        "legal-game e2e4 e7e5",
        "castling",
        "en-passant",
        "which",
        "where q",
        "orientation",
        "proof-game 12",
        "proof-game shortest",
    ];

    #[test]
    fn every_question_reads_and_prints_back_the_same() {
        for text in WRITTEN {
            let q: Question = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(q.to_string(), text);
        }
        // Fourteen distinct questions (two ways of giving a game).
        let distinct: std::collections::HashSet<String> = WRITTEN
            .iter()
            .map(|t| {
                format!(
                    "{:?}",
                    std::mem::discriminant(&t.parse::<Question>().unwrap())
                )
            })
            .collect();
        assert_eq!(distinct.len(), 14);
    }

    #[test]
    fn the_words_decide_the_variant() {
        assert_eq!("last 12".parse(), Ok(Question::LastMoves(12)));
        assert_eq!(" last\t1   type ".parse(), Ok(Question::LastType));
        assert_eq!(
            "where K".parse(),
            Ok(Question::Where(Piece::from_char('K').unwrap()))
        );
        assert_eq!(
            "legal-game a.pgn".parse(),
            Ok(Question::LegalGame(GameSource::Pgn("a.pgn".into())))
        );
        assert_eq!(
            "legal-game e2e4".parse(),
            Ok(Question::LegalGame(GameSource::Uci(vec!["e2e4".into()])))
        );
        assert_eq!(
            "legal-game a.pgn b.pgn".parse::<Question>().unwrap().head(),
            "legal-game"
        );
        assert!(Question::Which.is_classic() && !Question::LastType.is_classic());
        assert_eq!("proof-game 0".parse(), Ok(Question::ProofGame(0)));
        assert_eq!(
            " proof-game  shortest".parse(),
            Ok(Question::ProofGameShortest)
        );
    }

    #[test]
    fn non_questions_say_what_is_wrong() {
        let err = |t: &str| t.parse::<Question>().unwrap_err();
        assert_eq!(err(""), ParseQuestionError::Empty);
        assert_eq!(
            err("last 0"),
            ParseQuestionError::BadCount { count: "0".into() }
        );
        assert_eq!(
            err("last x"),
            ParseQuestionError::BadCount { count: "x".into() }
        );
        assert_eq!(
            err("where Z"),
            ParseQuestionError::BadMan { man: "Z".into() }
        );
        assert_eq!(
            err("where KQ"),
            ParseQuestionError::BadMan { man: "KQ".into() }
        );
        assert_eq!(err("legal-game"), ParseQuestionError::NoGame);
        assert_eq!(
            err("proof-game -3"),
            ParseQuestionError::BadPlies { plies: "-3".into() }
        );
        assert_eq!(
            err("proof-game short"),
            ParseQuestionError::BadPlies {
                plies: "short".into()
            }
        );
        for text in [
            "last 2 type",
            "last 1 type white",
            "where",
            "last",
            "checkmate",
            "proof-game",
            "proof-game 5 6",
        ] {
            assert!(
                matches!(err(text), ParseQuestionError::Unknown { .. }),
                "{text}"
            );
        }
        assert!(err("mate in 2").to_string().contains("expected last N | "));
    }
}
