//! `--question which [--one X | --occupied]`: the fillings of a board's
//! unknown squares (and unknown side to move, [`retroproof_core::unknown`])
//! under which the position may be legal; with `--occupied` every `?`
//! square holds a man (a man fell off the board: Filman's and Smullyan's
//! puzzle), so the empty fillings are not cases. Each filling is one case: proven unreachable,
//! proven reachable (a proof game), or unknown; a filling that is not a
//! position at all (a second white king, a pawn on the last rank) is
//! excluded, and said to be.

use std::fmt;

use retroproof_core::unknown::{Fill, Unknown};
use retroproof_core::Piece;

use super::case::{settle, Case, Games};

/// The most fillings one question settles (each may take the proof-game
/// search's and the deep search's budgets).
pub const MAX_FILLINGS: u64 = 32;

/// A filling that is not a position, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Excluded {
    pub key: String,
    pub reason: String,
}

/// Why `which` does not apply (bad input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WhichError {
    /// No `?` on the board nor as the side to move.
    NothingUnknown,
    /// `--one X` or `--question where X` with a man no candidate square
    /// can hold.
    ImpossibleMan {
        asked: ManAsked,
        man: char,
        reason: String,
    },
    /// `--one` or `--occupied` with a side to move `?` but no `?` square.
    NoSquares { option: &'static str },
    /// Too many fillings to settle.
    TooMany { count: u64 },
}

/// Which question put a man on the board ([`WhichError::ImpossibleMan`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ManAsked {
    /// `--question which --one X`: on one of the `?` squares.
    One,
    /// `--question where X`: on one of the empty squares.
    Where,
}

impl fmt::Display for WhichError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WhichError::NothingUnknown => f.write_str(
                "--question which: the FEN has no '?' (write '?' on a square whose content is unknown, or as the side to move)",
            ),
            WhichError::ImpossibleMan { asked, man, reason } => {
                let (option, squares) = match asked {
                    ManAsked::One => ("--one", "no '?' square"),
                    ManAsked::Where => ("--question where", "no empty square"),
                };
                write!(f, "{option} {man}: {squares} can hold it: {reason}")
            }
            WhichError::NoSquares { option } => {
                write!(f, "{option}: the board has no '?' square to put a man on")
            }
            WhichError::TooMany { count } => write!(
                f,
                "--question which: {count} fillings, more than {MAX_FILLINGS} (use --one X: exactly one '?' square holds X, the others are empty)"
            ),
        }
    }
}

impl std::error::Error for WhichError {}

/// The module name of a filling's key: `h4=B` → `filling_h4_B`, `h4=-` →
/// `filling_h4_empty`, `h4=B w` → `filling_h4_B_w`.
fn module_of(key: &str) -> String {
    let mut out = String::from("filling");
    for word in key.split([' ', '=']) {
        out.push('_');
        out.push_str(if word == "-" { "empty" } else { word });
    }
    out
}

/// One case per filling that is a position (settled, [`settle`]), and the
/// fillings that are not.
pub fn cases(
    unknown: &Unknown,
    fill: Fill,
    games: Games,
) -> Result<(Vec<Case>, Vec<Excluded>), WhichError> {
    if !unknown.has_unknown() {
        return Err(WhichError::NothingUnknown);
    }
    if unknown.squares().is_empty() {
        match fill {
            Fill::Any => {}
            Fill::One(_) => return Err(WhichError::NoSquares { option: "--one" }),
            Fill::Occupied => {
                return Err(WhichError::NoSquares {
                    option: "--occupied",
                })
            }
        }
    }
    if let Fill::One(man) = fill {
        if let Some(reason) = unknown.impossible_man(man) {
            return Err(WhichError::ImpossibleMan {
                asked: ManAsked::One,
                man: man.char(),
                reason,
            });
        }
    } else if unknown.filling_count(fill) > MAX_FILLINGS {
        return Err(WhichError::TooMany {
            count: unknown.filling_count(fill),
        });
    }
    Ok(settle_fillings(unknown, fill, games, |key| key.to_string()))
}

/// `where X`: one more man `X` on some empty square of `position`; the
/// cases are keyed by the square (`h4`).
pub fn where_cases(
    setup: retroproof_core::Setup,
    man: Piece,
    games: Games,
) -> Result<(Vec<Case>, Vec<Excluded>), WhichError> {
    let unknown = Unknown::empty_squares_of(setup);
    if let Some(reason) = unknown.impossible_man(man) {
        return Err(WhichError::ImpossibleMan {
            asked: ManAsked::Where,
            man: man.char(),
            reason,
        });
    }
    Ok(settle_fillings(&unknown, Fill::One(man), games, |key| {
        // `h4=B` → `h4`: the square the man stands on.
        key.split_once('=').map_or(key, |(sq, _)| sq).to_string()
    }))
}

/// Settles every filling; `key` names a case from its filling's key.
fn settle_fillings(
    unknown: &Unknown,
    fill: Fill,
    games: Games,
    key: impl Fn(&str) -> String,
) -> (Vec<Case>, Vec<Excluded>) {
    let mut cases = Vec::new();
    let mut excluded = Vec::new();
    for filling in unknown.fillings(fill) {
        let full = filling.key(unknown.turn_unknown());
        // With one man, the other squares are empty: name only its square
        // (and the side to move when it was unknown: one case per side).
        let short =
            match fill {
                Fill::One(man) => filling.men.iter().find(|(_, m)| *m == Some(man)).map_or(
                    full.clone(),
                    |(sq, _)| {
                        let side = if unknown.turn_unknown() {
                            filling.turn.fold(" w", " b")
                        } else {
                            ""
                        };
                        format!("{sq}={}{side}", man.char())
                    },
                ),
                Fill::Any | Fill::Occupied => full.clone(),
            };
        let module = module_of(&short);
        let key = key(&short);
        match filling.position {
            Err(e) => excluded.push(Excluded {
                key,
                reason: format!("not a position: {e}"),
            }),
            Ok(position) => cases.push(Case {
                module,
                meaning: format!("the filling {full}: {}", position.to_fen()),
                key,
                finding: settle(&position, games),
                position,
            }),
        }
    }
    (cases, excluded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_names_are_identifiers_and_distinct() {
        assert_eq!(module_of("h4=B"), "filling_h4_B");
        assert_eq!(module_of("h4=b"), "filling_h4_b");
        assert_eq!(module_of("h4=-"), "filling_h4_empty");
        assert_eq!(module_of("a1=- h4=Q b"), "filling_a1_empty_h4_Q_b");
    }
}
