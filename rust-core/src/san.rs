//! Standard algebraic notation (SAN): reading a move against a position,
//! and writing one.
//!
//! Reading is lenient where PGN writers differ and strict where it matters:
//! check and mate marks (`+`, `#`) and annotations (`!`, `?`) are ignored,
//! castling may be written `O-O` or `0-0`, promotion `e8=Q` or `e8Q`, and
//! a capture mark is optional; but the text must name exactly one legal
//! move (an ambiguous `Nd2` when two knights can go there is an error).

use std::fmt;

use crate::{CastlingSide, File, Move, Position, Rank, Role, Square, Unmove};

/// Why a SAN token does not name a legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN at all.
    Syntax { san: String },
    /// Well-formed, but no legal move matches.
    Illegal { san: String },
    /// Several legal moves match.
    Ambiguous {
        san: String,
        candidates: Vec<String>,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax { san } => write!(f, "{san:?} is not a move in SAN"),
            SanError::Illegal { san } => write!(f, "{san} is not a legal move here"),
            SanError::Ambiguous { san, candidates } => write!(
                f,
                "{san} is ambiguous here (could be {})",
                candidates.join(" or ")
            ),
        }
    }
}

impl std::error::Error for SanError {}

/// A SAN token, parsed but not yet matched against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pattern {
    Castle(CastlingSide),
    Move {
        role: Role,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Role>,
    },
}

fn parse_pattern(san: &str) -> Option<Pattern> {
    let core = san.trim_end_matches(['+', '#', '!', '?']);
    match core {
        "O-O" | "0-0" => return Some(Pattern::Castle(CastlingSide::KingSide)),
        "O-O-O" | "0-0-0" => return Some(Pattern::Castle(CastlingSide::QueenSide)),
        _ => {}
    }
    let mut chars: Vec<char> = core.chars().collect();
    if chars
        .iter()
        .any(|c| !c.is_ascii_alphanumeric() && !"x=-".contains(*c))
    {
        return None;
    }
    // Promotion suffix: `=Q` or a bare trailing piece letter.
    let mut promotion = None;
    if let Some(&last) = chars.last() {
        if "QRBN".contains(last) {
            promotion = Some(Role::from_char(last)?);
            chars.pop();
            if chars.last() == Some(&'=') {
                chars.pop();
            }
        }
    }
    let role = match chars.first() {
        Some(&c) if "KQRBN".contains(c) => {
            chars.remove(0);
            Role::from_char(c)?
        }
        _ => Role::Pawn,
    };
    if promotion.is_some() && role != Role::Pawn {
        return None;
    }
    if chars.len() < 2 {
        return None;
    }
    let rank = Rank::from_char(chars.pop()?)?;
    let file = File::from_char(chars.pop()?)?;
    let to = Square::from_coords(file, rank);
    // What is left: optional disambiguation, optional `x` (or `-`).
    if matches!(chars.last(), Some('x') | Some('-')) {
        chars.pop();
    }
    let (mut from_file, mut from_rank) = (None, None);
    for c in chars {
        if let (Some(f), None, None) = (File::from_char(c), from_file, from_rank) {
            from_file = Some(f);
        } else if let (Some(r), None) = (Rank::from_char(c), from_rank) {
            from_rank = Some(r);
        } else {
            return None;
        }
    }
    Some(Pattern::Move {
        role,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

impl Position {
    /// The legal move `san` names in this position.
    pub fn parse_san(&self, san: &str) -> Result<Move, SanError> {
        let pattern = parse_pattern(san).ok_or_else(|| SanError::Syntax {
            san: san.to_string(),
        })?;
        let matches: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|m| match pattern {
                Pattern::Castle(side) => m.castling_side() == Some(side),
                Pattern::Move {
                    role,
                    from_file,
                    from_rank,
                    to,
                    promotion,
                } => {
                    m.castling_side().is_none()
                        && m.role() == role
                        && m.to() == to
                        && m.promotion() == promotion
                        && from_file.is_none_or(|f| m.from().file() == f)
                        && from_rank.is_none_or(|r| m.from().rank() == r)
                }
            })
            .collect();
        match matches.as_slice() {
            [m] => Ok(*m),
            [] => Err(SanError::Illegal {
                san: san.to_string(),
            }),
            several => Err(SanError::Ambiguous {
                san: san.to_string(),
                candidates: several.iter().map(Move::to_uci).collect(),
            }),
        }
    }

    /// `m` (a legal move here) in SAN, with `+` or `#`.
    pub fn san(&self, m: &Move) -> String {
        let mut out = match m.castling_side() {
            Some(CastlingSide::KingSide) => "O-O".to_string(),
            Some(CastlingSide::QueenSide) => "O-O-O".to_string(),
            None => {
                let mut s = String::new();
                let role = m.role();
                if role == Role::Pawn {
                    if m.is_capture() || matches!(m, Move::EnPassant { .. }) {
                        s.push(m.from().file().char());
                    }
                } else {
                    s.push(role.upper_char());
                    let rivals: Vec<Move> = self
                        .legal_moves()
                        .into_iter()
                        .filter(|o| {
                            o.role() == role
                                && o.to() == m.to()
                                && o.from() != m.from()
                                && o.castling_side().is_none()
                        })
                        .collect();
                    if !rivals.is_empty() {
                        let same_file = rivals.iter().any(|o| o.from().file() == m.from().file());
                        let same_rank = rivals.iter().any(|o| o.from().rank() == m.from().rank());
                        if !same_file {
                            s.push(m.from().file().char());
                        } else if !same_rank {
                            s.push(m.from().rank().char());
                        } else {
                            s.push(m.from().file().char());
                            s.push(m.from().rank().char());
                        }
                    }
                }
                if m.is_capture() || matches!(m, Move::EnPassant { .. }) {
                    s.push('x');
                }
                s.push(m.to().file().char());
                s.push(m.to().rank().char());
                if let Some(p) = m.promotion() {
                    s.push('=');
                    s.push(p.upper_char());
                }
                s
            }
        };
        if let Ok(next) = self.play(m) {
            if next.is_checkmate() {
                out.push('#');
            } else if next.is_check() {
                out.push('+');
            }
        }
        out
    }
}

impl Unmove {
    /// The retraction in retro-problem notation, readable without the
    /// position: the moving man's letter (none for a pawn), its origin, `-`
    /// or `x` and the letter of the man it captured, its destination, then
    /// `=Q` for a promotion and ` ep` for an en passant capture; castling
    /// is `0-0` / `0-0-0`. Examples: `Kb3xPc3` (the white king took a pawn
    /// on c3 from b3), `b4xc3 ep`, `c2-c4`, `c7xBd8=R`.
    pub fn to_san(&self) -> String {
        let m = self.forward();
        match m.castling_side() {
            Some(CastlingSide::KingSide) => return "0-0".to_owned(),
            Some(CastlingSide::QueenSide) => return "0-0-0".to_owned(),
            None => {}
        }
        let mut s = String::new();
        if m.role() != Role::Pawn {
            s.push(m.role().upper_char());
        }
        s.push_str(&m.from().to_string());
        match self.uncaptured() {
            Some(_) if self.is_en_passant() => s.push('x'),
            Some(piece) => {
                s.push('x');
                s.push(piece.role.upper_char());
            }
            None => s.push('-'),
        }
        s.push_str(&m.to().to_string());
        if let Some(p) = m.promotion() {
            s.push('=');
            s.push(p.upper_char());
        }
        if self.is_en_passant() {
            s.push_str(" ep");
        }
        s
    }
}

/// A line of moves from `start` in SAN with move numbers (`1. e4 e5
/// 2. Nf3`, `12... Kb3`), as PGN movetext. Stops at the first move that is
/// not legal where it is played and returns the error's index.
pub fn san_line(start: &Position, moves: &[Move]) -> Result<String, usize> {
    let mut pos = *start;
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        let number = pos.fullmove_number().get();
        if pos.turn() == crate::Color::White {
            out.push_str(&format!("{number}. "));
        } else if i == 0 {
            out.push_str(&format!("{number}... "));
        }
        out.push_str(&pos.san(m));
        out.push(' ');
        pos = pos.play(m).map_err(|_| i)?;
    }
    out.truncate(out.trim_end().len());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_all(sans: &[&str]) -> Position {
        let mut pos = Position::start();
        for san in sans {
            let m = pos.parse_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
            pos = pos.play(&m).unwrap();
        }
        pos
    }

    #[test]
    fn opening_moves() {
        let pos = Position::start();
        assert_eq!(pos.parse_san("e4").unwrap().to_uci(), "e2e4");
        assert_eq!(pos.parse_san("Nf3").unwrap().to_uci(), "g1f3");
        assert_eq!(pos.parse_san("Nf3!?").unwrap().to_uci(), "g1f3");
        assert!(matches!(pos.parse_san("e5"), Err(SanError::Illegal { .. })));
        assert!(matches!(
            pos.parse_san("Ke2"),
            Err(SanError::Illegal { .. })
        ));
        assert!(matches!(pos.parse_san("zz"), Err(SanError::Syntax { .. })));
        assert!(matches!(
            pos.parse_san("Nf3;"),
            Err(SanError::Syntax { .. })
        ));
        assert!(matches!(pos.parse_san(""), Err(SanError::Syntax { .. })));
    }

    #[test]
    fn scholars_mate() {
        let pos = play_all(&["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
        assert!(pos.is_checkmate());
        assert_eq!(
            pos.to_fen(),
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
        );
    }

    #[test]
    fn ambiguity_and_disambiguation() {
        // Knights on b1 and f3 (after 1. Nf3 d6 2. d3 e6): both reach d2.
        let pos = play_all(&["Nf3", "d6", "d3", "e6"]);
        assert!(matches!(
            pos.parse_san("Nd2"),
            Err(SanError::Ambiguous { .. })
        ));
        assert_eq!(pos.parse_san("Nbd2").unwrap().to_uci(), "b1d2");
        assert_eq!(pos.parse_san("Nfd2").unwrap().to_uci(), "f3d2");
        let nbd2 = pos.parse_san("Nbd2").unwrap();
        assert_eq!(pos.san(&nbd2), "Nbd2");
    }

    #[test]
    fn castling_en_passant_promotion() {
        let pos = play_all(&["e4", "Nf6", "e5", "d5"]);
        let ep = pos.parse_san("exd6").unwrap();
        assert_eq!(ep.to_uci(), "e5d6");
        assert_eq!(pos.san(&ep), "exd6");
        let pos = play_all(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
        assert_eq!(pos.parse_san("O-O").unwrap().to_uci(), "e1g1");
        assert_eq!(pos.parse_san("0-0").unwrap().to_uci(), "e1g1");
        let promo = Position::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(promo.parse_san("a8=Q").unwrap().to_uci(), "a7a8q");
        assert_eq!(promo.parse_san("a8N").unwrap().to_uci(), "a7a8n");
        assert!(matches!(
            promo.parse_san("a8"),
            Err(SanError::Illegal { .. })
        ));
        assert_eq!(promo.san(&promo.parse_san("a8=R").unwrap()), "a8=R");
    }
}
