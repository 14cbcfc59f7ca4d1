//! Reading the arguments several commands share: a position given as FEN,
//! `startpos`, or either followed by moves.

use retroproof_core::Position;

use super::error::CliError;

/// Reads a position argument: `startpos`, or a FEN with 4 or 6 fields given
/// as one argument, optionally followed by `moves` and UCI moves played from
/// it (`startpos moves e2e4 e7e5`, as in the UCI protocol). A bad FEN or
/// move becomes a usage error carrying the error's message (what is wrong,
/// and where), quoting at most a short prefix of the argument.
pub fn position_arg(text: &str) -> Result<Position, CliError> {
    let (base, moves) = match text.split_once(" moves") {
        Some((base, rest)) if rest.is_empty() || rest.starts_with(char::is_whitespace) => {
            (base, Some(rest))
        }
        _ => (text, None),
    };
    let mut pos = if base.trim() == "startpos" {
        Position::start()
    } else if base.contains('?') {
        // Only the classic question `which` reads unknown parts.
        return Err(CliError::usage(format!(
            "{}: '?' (an unknown square or side to move) is read only by `prove --question which`",
            crate::input::quote(base)
        )));
    } else {
        Position::from_fen(base).map_err(|e| {
            CliError::usage(format!(
                "{}: {}",
                crate::input::quote(base),
                crate::input::prefix(&e.to_string(), 200)
            ))
        })?
    };
    for (i, uci) in moves.unwrap_or("").split_whitespace().enumerate() {
        let m = pos.parse_uci(uci).map_err(|e| {
            CliError::usage(format!(
                "move {} ({}) of the position argument: {}",
                i + 1,
                crate::input::quote(uci),
                crate::input::prefix(&e.to_string(), 200)
            ))
        })?;
        pos = pos.play(&m).map_err(|e| {
            CliError::usage(format!(
                "move {} ({}) of the position argument: {e}",
                i + 1,
                crate::input::quote(uci)
            ))
        })?;
    }
    Ok(pos)
}

/// Refuses a position whose side *not* to move is in check: no game reaches
/// it, and what moves or counts would mean there is a convention (may the
/// king be captured?), not chess. `what` names the command's question.
pub fn playable_position_check(pos: &Position, what: &str) -> Result<(), CliError> {
    if pos.is_opponent_in_check() {
        return Err(CliError::usage(format!(
            "impossible position: {} is in check with {} to move, so no game reaches it \
             and {what} has no meaning (`retroproof show` draws it)",
            pos.turn().other(),
            pos.turn()
        )));
    }
    Ok(())
}
