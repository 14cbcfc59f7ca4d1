//! PGN: one game's tags and moves, replayed from the initial position.
//!
//! Read: tag pairs (`[White "…"]`), move numbers (`12.`, `12...`), SAN
//! moves, comments (`{…}` and `;` to the end of the line), NAGs (`$1`),
//! the result (`1-0`, `0-1`, `1/2-1/2`, `*`). Variations (`( … )`, nested)
//! are skipped: only the main line is the game. A `FEN` tag (a game from a
//! set-up position) is refused, as is a second game in the same text.
//! Every move is checked against the position it is played in; the error
//! names the move number, the side and why.

use std::fmt;

use crate::san::SanError;
use crate::{Color, Move, Position};

/// A game read from PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Tag pairs in order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The main line, as played.
    pub moves: Vec<Move>,
    /// The SAN of each move as written in the file.
    pub sans: Vec<String>,
    /// The result token, if any.
    pub result: Option<String>,
    /// The position after the last move.
    pub end: Position,
}

impl Game {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why PGN text is not a legal game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PgnError {
    /// Malformed text at a line.
    Syntax { line: usize, message: String },
    /// A move that cannot be played: `number` is the full-move number.
    Move {
        number: u32,
        color: Color,
        error: SanError,
    },
    /// A game from a set-up position (`FEN` tag).
    SetUp,
    /// No moves and no tags.
    Empty,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::Syntax { line, message } => write!(f, "line {line}: {message}"),
            PgnError::Move {
                number,
                color,
                error,
            } => {
                let dots = if *color == Color::White { "." } else { "..." };
                write!(f, "move {number}{dots} ({color:?}): {error}")
            }
            PgnError::SetUp => f.write_str(
                "the game starts from a set-up position (FEN tag); only games from the initial position are supported",
            ),
            PgnError::Empty => f.write_str("no game found"),
        }
    }
}

impl std::error::Error for PgnError {}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Tag(String, String),
    Word(String),
}

fn syntax(line: usize, message: impl Into<String>) -> PgnError {
    PgnError::Syntax {
        line,
        message: message.into(),
    }
}

fn tokens(text: &str) -> Result<Vec<(usize, Token)>, PgnError> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut line = 1;
    let mut depth = 0usize; // variation nesting
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            '{' => {
                let start = line;
                i += 1;
                while i < chars.len() && chars[i] != '}' {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
                if i == chars.len() {
                    return Err(syntax(start, "unterminated comment {"));
                }
                i += 1;
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '%' if i == 0 || chars[i - 1] == '\n' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '(' => {
                depth += 1;
                i += 1;
            }
            ')' => {
                if depth == 0 {
                    return Err(syntax(line, "')' without a variation to close"));
                }
                depth -= 1;
                i += 1;
            }
            '[' => {
                if depth > 0 {
                    return Err(syntax(line, "tag pair inside a variation"));
                }
                let start = line;
                i += 1;
                let mut name = String::new();
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                    name.push(chars[i]);
                    i += 1;
                }
                while i < chars.len() && chars[i] == ' ' {
                    i += 1;
                }
                if name.is_empty() || i == chars.len() || chars[i] != '"' {
                    return Err(syntax(
                        start,
                        "malformed tag pair (expected [Name \"value\"])",
                    ));
                }
                i += 1;
                let mut value = String::new();
                loop {
                    match chars.get(i) {
                        None | Some('\n') => {
                            return Err(syntax(start, "unterminated tag value"));
                        }
                        Some('\\') if matches!(chars.get(i + 1), Some('"') | Some('\\')) => {
                            value.push(chars[i + 1]);
                            i += 2;
                        }
                        Some('"') => {
                            i += 1;
                            break;
                        }
                        Some(&c) => {
                            value.push(c);
                            i += 1;
                        }
                    }
                }
                while i < chars.len() && chars[i] == ' ' {
                    i += 1;
                }
                if chars.get(i) != Some(&']') {
                    return Err(syntax(start, "malformed tag pair (missing ])"));
                }
                i += 1;
                out.push((start, Token::Tag(name, value)));
            }
            _ => {
                let mut word = String::new();
                while i < chars.len() && !chars[i].is_whitespace() && !"{}();[]".contains(chars[i])
                {
                    word.push(chars[i]);
                    i += 1;
                }
                if depth == 0 {
                    out.push((line, Token::Word(word)));
                }
            }
        }
    }
    if depth > 0 {
        return Err(syntax(line, "unterminated variation ("));
    }
    Ok(out)
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads one game and replays it from the initial position.
pub fn parse_game(text: &str) -> Result<Game, PgnError> {
    let mut tags = Vec::new();
    let mut moves = Vec::new();
    let mut sans = Vec::new();
    let mut result = None;
    let mut pos = Position::start();
    let mut seen_moves = false;
    for (line, token) in tokens(text)? {
        match token {
            Token::Tag(name, value) => {
                if seen_moves || result.is_some() {
                    return Err(syntax(
                        line,
                        "a second game (only one game per file is supported)",
                    ));
                }
                if name == "FEN" {
                    return Err(PgnError::SetUp);
                }
                tags.push((name, value));
            }
            Token::Word(word) => {
                if result.is_some() {
                    return Err(syntax(line, format!("{word:?} after the result")));
                }
                if RESULTS.contains(&word.as_str()) {
                    result = Some(word);
                    continue;
                }
                if word.starts_with('$') {
                    continue;
                }
                // Move number, possibly glued to the move: `12.e4`, `12...Nf6`.
                let san = word.trim_start_matches(|c: char| c.is_ascii_digit());
                let san = if san.len() < word.len() {
                    if !san.starts_with('.') {
                        return Err(syntax(line, format!("{word:?} is not a move")));
                    }
                    san.trim_start_matches('.')
                } else {
                    san
                };
                if san.is_empty() {
                    continue;
                }
                seen_moves = true;
                let number = pos.fullmove_number().get();
                let color = pos.turn();
                let m = pos.parse_san(san).map_err(|error| PgnError::Move {
                    number,
                    color,
                    error,
                })?;
                pos = pos.play(&m).map_err(|_| PgnError::Move {
                    number,
                    color,
                    error: SanError::Illegal {
                        san: san.to_string(),
                    },
                })?;
                moves.push(m);
                sans.push(san.to_string());
            }
        }
    }
    if tags.is_empty() && moves.is_empty() && result.is_none() {
        return Err(PgnError::Empty);
    }
    Ok(Game {
        tags,
        moves,
        sans,
        result,
        end: pos,
    })
}
