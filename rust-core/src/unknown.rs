//! Positions with unknown parts, as classic retro problems state them: a
//! FEN whose board may hold `?` on a square whose content is unknown
//! (empty or any man), and whose side to move may be `?` (either side).
//! A *filling* decides every unknown part; each filling is an ordinary
//! position (or not a position at all: two white kings, a pawn on the
//! last rank), to be shown reachable or unreachable like any other.
//!
//! `?` stands nowhere else: in the castling or en-passant field, or in the
//! clocks, it is an error.

use std::fmt;

use crate::position::Setup;
use crate::{Color, FenError, Piece, Position, PositionError, Rank, Role, Square};

/// What the `?` squares of a filling may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    /// Each `?` square empty or any man.
    Any,
    /// Each `?` square some man, not empty (a man fell off the board).
    Occupied,
    /// Exactly one `?` square holds this man, the others are empty.
    One(Piece),
}

/// A FEN with unknown squares and perhaps an unknown side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unknown {
    /// The position with every `?` square empty (and White to move when
    /// the side is unknown), not validated.
    base: Setup,
    /// The `?` squares, in FEN order (rank 8 first, files a to h).
    squares: Vec<Square>,
    /// Whether the side to move is `?`.
    turn_unknown: bool,
}

/// Why a FEN with `?` is not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnknownError {
    /// A `?` in a field other than the board and the side to move.
    Misplaced { field: &'static str },
    /// The FEN is malformed apart from its `?`s.
    Fen(FenError),
}

impl fmt::Display for UnknownError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnknownError::Misplaced { field } => write!(
                f,
                "'?' in the {field}: '?' stands only on a board square (its content unknown) or as the side to move (either side)"
            ),
            UnknownError::Fen(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for UnknownError {}

/// One filling of the unknown parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filling {
    /// What each `?` square holds, in the order of [`Unknown::squares`].
    pub men: Vec<(Square, Option<Piece>)>,
    /// The side to move.
    pub turn: Color,
    /// The filled position, or why it is not a position.
    pub position: Result<Position, PositionError>,
}

impl Filling {
    /// `h4=B`, `h4=-` (empty), joined by spaces, then `w`/`b` when the side
    /// to move was unknown.
    pub fn key(&self, turn_unknown: bool) -> String {
        let mut words: Vec<String> = self
            .men
            .iter()
            .map(|(sq, man)| format!("{sq}={}", man.map_or('-', Piece::char)))
            .collect();
        if turn_unknown {
            words.push(self.turn.fold("w", "b").to_string());
        }
        words.join(" ")
    }
}

impl Unknown {
    /// Reads a FEN (4 or 6 fields) whose board may hold `?` and whose side
    /// to move may be `?`.
    pub fn parse(fen: &str) -> Result<Unknown, UnknownError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if fields.len() != 4 && fields.len() != 6 {
            return Err(UnknownError::Fen(FenError::FieldCount {
                found: fields.len(),
            }));
        }
        for (i, name) in [
            (2, "castling field"),
            (3, "en-passant field"),
            (4, "halfmove clock"),
            (5, "fullmove number"),
        ] {
            if fields.get(i).is_some_and(|f| f.contains('?')) {
                return Err(UnknownError::Misplaced { field: name });
            }
        }
        let turn_unknown = fields[1] == "?";
        if !turn_unknown && fields[1].contains('?') {
            return Err(UnknownError::Misplaced {
                field: "side to move (`?` alone, or w or b)",
            });
        }
        let mut squares = Vec::new();
        for (text, rank) in fields[0].split('/').zip(Rank::ALL.into_iter().rev()) {
            let mut file = 0u32;
            for c in text.chars() {
                if c == '?' {
                    if let Some(f) = crate::File::new(file) {
                        squares.push(Square::from_coords(f, rank));
                    }
                    file += 1;
                } else {
                    file += c.to_digit(10).unwrap_or(1);
                }
            }
        }
        let mut known = fields.clone();
        let board = fields[0].replace('?', "1");
        known[0] = &board;
        if turn_unknown {
            known[1] = "w";
        }
        let base = Setup::from_fen(&known.join(" ")).map_err(UnknownError::Fen)?;
        Ok(Unknown {
            base,
            squares,
            turn_unknown,
        })
    }

    /// `setup` with every empty square unknown: its fillings with one man
    /// are the positions with that man added somewhere (Smullyan's
    /// invisible pieces). `setup` need not be a position (the man added
    /// may be its missing king).
    pub fn empty_squares_of(setup: Setup) -> Unknown {
        let mut squares: Vec<Square> = Square::ALL
            .iter()
            .copied()
            .filter(|sq| setup.board.piece_at(*sq).is_none())
            .collect();
        // FEN order: rank 8 first, files a to h.
        squares.sort_by_key(|sq| (7 - sq.rank() as u32, sq.file() as u32));
        Unknown {
            base: setup,
            squares,
            turn_unknown: false,
        }
    }

    /// The `?` squares, in FEN order.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// Whether the side to move is `?`.
    pub fn turn_unknown(&self) -> bool {
        self.turn_unknown
    }

    /// Whether anything is unknown.
    pub fn has_unknown(&self) -> bool {
        !self.squares.is_empty() || self.turn_unknown
    }

    /// The sides to move of the fillings.
    fn turns(&self) -> Vec<Color> {
        if self.turn_unknown {
            vec![Color::White, Color::Black]
        } else {
            vec![self.base.turn]
        }
    }

    /// How many fillings [`Unknown::fillings`] makes: with [`Fill::Any`]
    /// 13 per `?` square (empty or one of 12 men), with [`Fill::Occupied`]
    /// 12, with [`Fill::One`] one per `?` square; times 2 for an unknown
    /// side to move.
    pub fn filling_count(&self, fill: Fill) -> u64 {
        let n = self.squares.len() as u32;
        let per_turn = match fill {
            Fill::Any => 13u64.saturating_pow(n),
            Fill::Occupied => 12u64.saturating_pow(n),
            Fill::One(_) => u64::from(n),
        };
        per_turn.saturating_mul(self.turns().len() as u64)
    }

    /// Every filling of the `?` squares that `fill` allows.
    pub fn fillings(&self, fill: Fill) -> Vec<Filling> {
        let contents: Vec<Vec<Option<Piece>>> = match fill {
            Fill::Any | Fill::Occupied => {
                let choices: Vec<Option<Piece>> = (fill == Fill::Any)
                    .then_some(None)
                    .into_iter()
                    .chain(Piece::ALL.iter().copied().map(Some))
                    .collect();
                self.squares.iter().fold(vec![Vec::new()], |acc, _| {
                    acc.iter()
                        .flat_map(|prefix| {
                            choices.iter().map(move |c| {
                                let mut next = prefix.clone();
                                next.push(*c);
                                next
                            })
                        })
                        .collect()
                })
            }
            Fill::One(man) => (0..self.squares.len())
                .map(|i| {
                    (0..self.squares.len())
                        .map(|j| (i == j).then_some(man))
                        .collect()
                })
                .collect(),
        };
        let mut out = Vec::new();
        for turn in self.turns() {
            for content in &contents {
                let mut setup = self.base;
                setup.turn = turn;
                let men: Vec<(Square, Option<Piece>)> = self
                    .squares
                    .iter()
                    .copied()
                    .zip(content.iter().copied())
                    .collect();
                for (sq, man) in &men {
                    if let Some(man) = man {
                        setup.board.set_piece_at(*sq, *man);
                    }
                }
                out.push(Filling {
                    men,
                    turn,
                    position: Position::from_setup(setup),
                });
            }
        }
        out
    }

    /// Why no filling can hold `man` on a `?` square, if so: a king its
    /// side already has, a pawn where every `?` square is on the first or
    /// last rank.
    pub fn impossible_man(&self, man: Piece) -> Option<String> {
        if man.role == Role::King && self.base.board.king_of(man.color).is_some() {
            return Some(format!("the board already has the {} king", man.color));
        }
        if man.role == Role::Pawn
            && self
                .squares
                .iter()
                .all(|sq| matches!(sq.rank(), Rank::First | Rank::Eighth))
        {
            return Some(
                "every '?' square is on the first or last rank, where no pawn stands".into(),
            );
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_fillings() {
        let u = Unknown::parse("4k3/8/8/8/7?/8/8/4K3 ? - -").unwrap();
        assert_eq!(u.squares(), &["h4".parse::<Square>().unwrap()]);
        assert!(u.turn_unknown());
        assert_eq!(u.filling_count(Fill::Any), 26);
        let all = u.fillings(Fill::Any);
        assert_eq!(all.len(), 26);
        // A man fell off h4: the two empty fillings are not cases.
        let men = u.fillings(Fill::Occupied);
        assert_eq!(men.len(), 24);
        assert_eq!(u.filling_count(Fill::Occupied), 24);
        assert!(men.iter().all(|f| f.men.iter().all(|(_, m)| m.is_some())));
        // A second white king is not a position.
        assert!(all
            .iter()
            .any(|f| f.key(true) == "h4=K w" && f.position.is_err()));
        let one = u.fillings(Fill::One(Piece::from_char('B').unwrap()));
        assert_eq!(one.len(), 2);
        assert_eq!(
            one[0].position.as_ref().unwrap().to_fen(),
            "4k3/8/8/8/7B/8/8/4K3 w - - 0 1"
        );
    }

    #[test]
    fn question_marks_elsewhere_are_refused() {
        assert!(matches!(
            Unknown::parse("4k3/8/8/8/7?/8/8/4K3 w ? -"),
            Err(UnknownError::Misplaced { .. })
        ));
        assert!(matches!(
            Unknown::parse("4k3/8/8/8/7?/8/8/4K3 w - ?"),
            Err(UnknownError::Misplaced { .. })
        ));
        assert!(matches!(
            Unknown::parse("4k3/8/8/8/7?/8/8/4K3 w? - -"),
            Err(UnknownError::Misplaced { .. })
        ));
        assert!(matches!(
            Unknown::parse("4k3/8/8/8/7??/8/8/4K3 w - -"),
            Err(UnknownError::Fen(_))
        ));
    }
}
