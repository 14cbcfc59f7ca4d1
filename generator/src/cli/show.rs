//! `retroproof show <FEN>`: a board diagram and the rest of the position.
//!
//! White is at the bottom; empty squares are dots; men are FEN letters
//! (uppercase White). Below the board: the FEN, side to move, castling
//! rights, en passant square and whether the side to move is in check.

use std::fmt::Write as _;

use clap::Args;
use retroproof_core::{File, Position, Rank};

use super::{position_arg, write_stdout, CliError};

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The position: a FEN (4 or 6 fields, as one argument) or `startpos`
    pub fen: String,
}

pub fn run(args: ShowArgs) -> Result<(), CliError> {
    let pos = position_arg(&args.fen)?;
    write_stdout(&render(&pos))
}

/// The full `show` output.
pub fn render(pos: &Position) -> String {
    let mut out = diagram(pos);
    let ep = match pos.ep_square() {
        None => "-".to_owned(),
        Some(sq) if pos.legal_ep_square().is_some() => sq.to_string(),
        Some(sq) => format!("{sq} (no legal capture)"),
    };
    let lines = [
        format!("fen: {}", pos.to_fen()),
        format!("side to move: {}", pos.turn()),
        format!("castling: {}", pos.castling_rights()),
        format!("en passant: {ep}"),
        format!("check: {}", if pos.is_check() { "yes" } else { "no" }),
    ];
    out.push('\n');
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Eight rank lines (8 at the top) with the rank number first, then the
/// file letters:
///
/// ```text
/// 8  r n b q k b n r
/// …
/// 1  R N B Q K B N R
///    a b c d e f g h
/// ```
pub fn diagram(pos: &Position) -> String {
    let mut out = String::new();
    for rank in Rank::ALL.into_iter().rev() {
        let row: Vec<String> = File::ALL
            .into_iter()
            .map(|file| match pos.board().piece_at_coords(file, rank) {
                Some(piece) => piece.char().to_string(),
                None => ".".to_owned(),
            })
            .collect();
        writeln!(out, "{}  {}", rank.char(), row.join(" "))
            .expect("writing to a String cannot fail");
    }
    let files: Vec<String> = File::ALL.iter().map(|f| f.char().to_string()).collect();
    writeln!(out, "   {}", files.join(" ")).expect("writing to a String cannot fail");
    out
}
