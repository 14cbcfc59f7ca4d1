//! `retroproof check-game FILE.pgn`: read a PGN game (SAN, tags, comments;
//! variations skipped), replay it natively, and prove in Coq that it is a
//! legal game ending in its final position (`reachable`, via
//! `check_uci_game_sound` of Reachable.v).

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use retroproof_core::pgn::parse_game;

use super::CliError;
use crate::emit::problem::{Export, Proof, Statement};

#[derive(Debug, Args)]
pub struct CheckGameArgs {
    /// The game, in PGN
    pub pgn: PathBuf,

    /// Keep the generated .v file in DIR
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,

    /// Time limit for coqc, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 600)]
    pub timeout: u64,
}

pub fn run(args: CheckGameArgs) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&args.pgn)
        .map_err(|e| CliError::usage(format!("cannot read {}: {e}", args.pgn.display())))?;
    let game =
        parse_game(&text).map_err(|e| CliError::usage(format!("{}: {e}", args.pgn.display())))?;
    let mut notes = Vec::new();
    for name in ["Event", "White", "Black", "Date", "Result"] {
        if let Some(value) = game.tag(name) {
            notes.push(format!("{name}: {value}"));
        }
    }
    let export = Export {
        position: game.end,
        statement: Statement::LegalGame {
            moves: game.moves.iter().map(|m| m.to_uci()).collect(),
        },
        proof: Proof::Reflective,
        notes,
    };
    let text = crate::prove::export_text(&export).map_err(|e| CliError::refuted(e.to_string()))?;
    let (version, elapsed) = super::prove::prove_text(
        &text,
        args.keep.as_deref(),
        Duration::from_secs(args.timeout),
        &export,
    )?;
    let out = format!(
        "proven: legal game of {} plies ({} moves)\nfinal position: {}\ncoqc {version}: {:.2} s\n",
        game.moves.len(),
        game.moves.len().div_ceil(2),
        game.end.to_fen(),
        elapsed.as_secs_f64()
    );
    super::write_stdout(&out)
}
