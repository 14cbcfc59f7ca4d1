//! `retroproof show <FEN>`: a board diagram and the rest of the position.
//!
//! White is at the bottom; empty squares are dots; men are FEN letters
//! (uppercase White). Below the board: the FEN, side to move, castling
//! rights, en passant square and whether the side to move is in check; for a
//! position whose side *not* to move is in check, a line saying that no
//! game reaches it. `--svg`: the board as an SVG document instead
//! ([`crate::render::board_svg`]); `--json`: `{"fen", "board": [8 rank
//! strings, 8th rank first], "turn", "castling", "en_passant", "check",
//! "impossible"}`.

use std::fmt::Write as _;

use clap::Args;
use retroproof_core::{File, Position, Rank};
use serde::Serialize;

use super::args::position_arg;
use super::error::CliError;
use super::output::{write_json, write_stdout};
use crate::render::{board_svg, SvgOptions};

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The position: a FEN (4 or 6 fields, as one argument), `startpos`,
    /// either followed by `moves <UCI>…`
    pub fen: String,
    /// Print the board as an SVG document (pieces, coordinates, side to move)
    #[arg(long, conflicts_with = "json")]
    pub svg: bool,
    /// Draw the board from Black's side (with --svg)
    #[arg(long, requires = "svg")]
    pub flip: bool,
    /// Print {"fen", "board", "turn", "castling", "en_passant", "check", "impossible"} as JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Serialize)]
struct ShowJson {
    fen: String,
    board: Vec<String>,
    turn: String,
    castling: String,
    en_passant: Option<String>,
    check: bool,
    impossible: bool,
}

pub fn run(args: ShowArgs) -> Result<(), CliError> {
    let pos = position_arg(&args.fen)?;
    if args.svg {
        let options = SvgOptions {
            flipped: args.flip,
            ..SvgOptions::default()
        };
        return write_stdout(&board_svg(&pos, &options));
    }
    if args.json {
        let board = diagram(&pos)
            .lines()
            .take(8)
            .map(|l| l[3..].replace(' ', ""))
            .collect();
        return write_json(&ShowJson {
            fen: pos.to_fen(),
            board,
            turn: pos.turn().to_string(),
            castling: pos.castling_rights().to_string(),
            en_passant: pos.ep_square().map(|s| s.to_string()),
            check: pos.is_check(),
            impossible: pos.is_opponent_in_check(),
        });
    }
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
    let lines = lines.into_iter().chain(pos.is_opponent_in_check().then(|| {
        format!(
            "impossible: {} is in check with {} to move, so no game reaches this position",
            pos.turn().other(),
            pos.turn()
        )
    }));
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
