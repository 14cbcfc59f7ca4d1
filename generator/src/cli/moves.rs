//! `retroproof moves <FEN> [--san] [--json]`: list the legal moves.
//!
//! One move per line in UCI notation (castling as the king's two-square
//! step, e.g. `e1g1`), sorted, then `<N> moves` on the last line (`1 move`).
//! `--san`: the same moves in SAN (`Nf3`, `O-O`, `exd6`, `Qxf7#`), in the
//! same order. `--json`: `{"fen", "count", "moves": [{"uci", "san"}]}`.
//! A position whose side not to move is in check is refused: no game
//! reaches it.

use std::fmt::Write as _;

use clap::Args;
use serde::Serialize;

use super::args::{playable_position_check, position_arg};
use super::error::CliError;
use super::output::{write_json, write_stdout};

#[derive(Debug, Args)]
pub struct MovesArgs {
    /// The position: a FEN (4 or 6 fields, as one argument), `startpos`,
    /// either followed by `moves <UCI>…`
    pub fen: String,
    /// Print the moves in SAN instead of UCI
    #[arg(long)]
    pub san: bool,
    /// Print {"fen", "count", "moves": [{"uci", "san"}]} as JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Serialize)]
struct MoveEntry {
    uci: String,
    san: String,
}

#[derive(Debug, Serialize)]
struct MovesJson {
    fen: String,
    count: usize,
    moves: Vec<MoveEntry>,
}

pub fn run(args: MovesArgs) -> Result<(), CliError> {
    let pos = position_arg(&args.fen)?;
    playable_position_check(&pos, "a list of moves")?;
    let mut moves: Vec<MoveEntry> = pos
        .legal_moves()
        .iter()
        .map(|m| MoveEntry {
            uci: m.to_uci(),
            san: pos.san(m),
        })
        .collect();
    moves.sort_by(|a, b| a.uci.cmp(&b.uci));
    if args.json {
        return write_json(&MovesJson {
            fen: pos.to_fen(),
            count: moves.len(),
            moves,
        });
    }
    let mut out = String::new();
    for m in &moves {
        let text = if args.san { &m.san } else { &m.uci };
        writeln!(out, "{text}").expect("writing to a String cannot fail");
    }
    writeln!(out, "{}", plural(moves.len(), "move")).expect("writing to a String cannot fail");
    write_stdout(&out)
}

/// `1 move`, `20 moves`.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
