//! PGN: games' tags and moves, replayed from their start.
//!
//! Read: tag pairs (`[White "…"]`), move numbers (`12.`, `12...`), SAN
//! moves (castling as `O-O` or `0-0`), comments (`{…}` and `;` to the end
//! of the line), NAGs (`$1`), the result (`1-0`, `0-1`, `1/2-1/2`, `*`), a
//! leading byte-order mark. Variations (`( … )`, nested) are skipped: only
//! the main line is the game. Every move is checked against the position
//! it is played in; the error names the move number, the side and why.
//!
//! [`parse_game`] reads exactly one game from the initial position (a `FEN`
//! tag or a second game is an error: what a proof of a game from the start
//! needs). [`parse_games`] reads a collection: several games, each from the
//! initial position or from its `[FEN "…"]` tag (with or without
//! `[SetUp "1"]`).

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
    /// The position the game starts from: the initial position, or its
    /// `FEN` tag's.
    pub start: Position,
    /// The position after the last move.
    pub end: Position,
    /// The line of the text the game starts on (1-based).
    pub line: usize,
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
    /// A `FEN` tag that is not a valid position.
    BadFen { line: usize, message: String },
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
            PgnError::BadFen { line, message } => {
                write!(f, "line {line}: the FEN tag is not a position: {message}")
            }
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
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
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
            // No word starts with these (the arm below would not advance).
            '}' => return Err(syntax(line, "'}' without a comment to close")),
            ']' => return Err(syntax(line, "']' without a tag pair to close")),
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
    let mut games = split(tokens(text)?);
    if games.len() > 1 {
        let line = games[1].first().map_or(1, |(line, _)| *line);
        return Err(syntax(line, "a second game (only one game is read here)"));
    }
    replay(games.pop().unwrap_or_default(), false)
}

/// Reads every game of a collection, each from the initial position or its
/// `FEN` tag. The outer error is malformed text (no game can be told from
/// the next); each game then replays or fails on its own. An empty text is
/// [`PgnError::Empty`].
pub fn parse_games(text: &str) -> Result<Vec<Result<Game, PgnError>>, PgnError> {
    let games = split(tokens(text)?);
    if games.is_empty() {
        return Err(PgnError::Empty);
    }
    Ok(games.into_iter().map(|g| replay(g, true)).collect())
}

/// Cuts the token stream into games: a game ends with its result, or where
/// a tag pair follows moves.
fn split(tokens: Vec<(usize, Token)>) -> Vec<Vec<(usize, Token)>> {
    let mut games: Vec<Vec<(usize, Token)>> = Vec::new();
    let mut current: Vec<(usize, Token)> = Vec::new();
    let mut seen_moves = false;
    for (line, token) in tokens {
        match &token {
            Token::Tag(..) if seen_moves => {
                games.push(std::mem::take(&mut current));
                seen_moves = false;
                current.push((line, token));
            }
            Token::Word(w) if RESULTS.contains(&w.as_str()) => {
                current.push((line, token));
                games.push(std::mem::take(&mut current));
                seen_moves = false;
            }
            Token::Word(_) => {
                seen_moves = true;
                current.push((line, token));
            }
            Token::Tag(..) => current.push((line, token)),
        }
    }
    if !current.is_empty() {
        games.push(current);
    }
    games
}

fn replay(tokens: Vec<(usize, Token)>, allow_setup: bool) -> Result<Game, PgnError> {
    let mut tags = Vec::new();
    let mut moves = Vec::new();
    let mut sans = Vec::new();
    let mut result = None;
    let mut pos = Position::start();
    let mut start = pos;
    let first_line = tokens.first().map_or(1, |(line, _)| *line);
    for (line, token) in tokens {
        match token {
            Token::Tag(name, value) => {
                if name == "FEN" {
                    if !allow_setup {
                        return Err(PgnError::SetUp);
                    }
                    if !moves.is_empty() {
                        return Err(syntax(line, "a FEN tag after the moves"));
                    }
                    start = Position::from_fen(&value).map_err(|e| PgnError::BadFen {
                        line,
                        message: e.to_string(),
                    })?;
                    pos = start;
                }
                tags.push((name, value));
            }
            Token::Word(word) => {
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
                        // `0-0` and `0-0-0` are castling, not numbers.
                        if word.starts_with("0-0") {
                            word.as_str()
                        } else {
                            return Err(syntax(line, format!("{word:?} is not a move")));
                        }
                    } else {
                        san.trim_start_matches('.')
                    }
                } else {
                    san
                };
                if san.is_empty() {
                    continue;
                }
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
        start,
        end: pos,
        line: first_line,
    })
}

impl Game {
    /// The game as PGN: its tags (a `FEN` game gets `SetUp "1"`), the
    /// moves in SAN with move numbers, the result (`*` if none), 80-column
    /// lines.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        let has_setup = self.tag("SetUp").is_some();
        for (name, value) in &self.tags {
            if name == "FEN" && !has_setup {
                out.push_str("[SetUp \"1\"]\n");
            }
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{name} \"{escaped}\"]\n"));
        }
        if !self.tags.is_empty() {
            out.push('\n');
        }
        let line = crate::san::san_line(&self.start, &self.moves).unwrap_or_default();
        let result = self.result.as_deref().unwrap_or("*");
        let mut width = 0;
        for word in line.split(' ').chain(std::iter::once(result)) {
            if word.is_empty() {
                continue;
            }
            if width > 0 && width + 1 + word.len() > 79 {
                out.push('\n');
                width = 0;
            } else if width > 0 {
                out.push(' ');
                width += 1;
            }
            out.push_str(word);
            width += word.len();
        }
        out.push('\n');
        out
    }
}
