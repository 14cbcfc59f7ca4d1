//! `retroproof legal <FEN> [--depth N] [--nodes N] [--json]`: can a game
//! reach this position?
//!
//! Prints one line:
//! - `illegal: <reason>`: impossible material, the side not to move in
//!   check, a check no move can give, a man stranded off its initial square,
//!   or every retraction sequence dying within `--depth` plies without
//!   meeting the initial position;
//! - `legal: <game>`: a game from the initial position (White to move) in
//!   UCI, oldest move first, that reaches the position (`legal: startpos`
//!   for the initial position itself);
//! - `unknown`: neither was proved within `--depth` plies and `--nodes`
//!   positions.
//!
//! Never `illegal` for a position some game reaches. The game is replayed
//! forward before it is printed.

use clap::Args;
use retroproof_core::search::{legality, Legality, Limits};
use retroproof_core::Position;
use serde::Serialize;

use super::{position_arg, write_stdout, CliError};

#[derive(Debug, Args)]
pub struct LegalArgs {
    /// The position: a FEN (4 or 6 fields, as one argument) or `startpos`
    pub fen: String,
    /// Plies to explore when proving illegality, and the longest game looked for
    #[arg(long, default_value_t = Limits::default().depth)]
    pub depth: u32,
    /// Positions each search (exhaustion, game search) may visit before answering `unknown`
    #[arg(long, default_value_t = Limits::default().nodes)]
    pub nodes: u64,
    /// Print one JSON object instead
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Serialize)]
struct Report {
    /// `"legal"`, `"illegal"` or `"unknown"`.
    verdict: &'static str,
    reason: Option<String>,
    game: Option<Vec<String>>,
}

/// A game as one line: UCI moves separated by spaces, `startpos` if empty.
pub fn game_text(moves: &[String]) -> String {
    if moves.is_empty() {
        "startpos".to_owned()
    } else {
        moves.join(" ")
    }
}

pub fn run(args: LegalArgs) -> Result<(), CliError> {
    let pos = position_arg(&args.fen)?;
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        ..Limits::default()
    };
    let report = match legality(&pos, limits) {
        Legality::Legal(game) => {
            let game: Vec<String> = game.iter().map(|m| m.to_uci()).collect();
            replay(&game, &pos)?;
            Report {
                verdict: "legal",
                reason: None,
                game: Some(game),
            }
        }
        Legality::Illegal(reason) => Report {
            verdict: "illegal",
            reason: Some(reason.to_string()),
            game: None,
        },
        Legality::Unknown => Report {
            verdict: "unknown",
            reason: None,
            game: None,
        },
    };
    let mut out = if args.json {
        serde_json::to_string_pretty(&report)
            .map_err(|e| CliError::usage(format!("cannot encode JSON: {e}")))?
    } else {
        match report.verdict {
            "legal" => format!(
                "legal: {}",
                game_text(report.game.as_deref().unwrap_or(&[]))
            ),
            "illegal" => format!("illegal: {}", report.reason.unwrap_or_default()),
            _ => "unknown".to_owned(),
        }
    };
    out.push('\n');
    write_stdout(&out)
}

/// Plays `game` from the initial position and checks it reaches `target`
/// (board and side to move): the search's answer, checked by the forward
/// rules.
fn replay(game: &[String], target: &Position) -> Result<(), CliError> {
    let internal = |what: String| {
        CliError::refuted(format!(
            "internal error: the game found does not replay: {what}"
        ))
    };
    let mut pos = Position::start();
    for uci in game {
        let m = pos.parse_uci(uci).map_err(|e| internal(e.to_string()))?;
        pos.play_unchecked(&m);
    }
    if pos.board() != target.board() || pos.turn() != target.turn() {
        return Err(internal(format!("it ends at {}", pos.to_fen())));
    }
    Ok(())
}
