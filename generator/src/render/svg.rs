//! A board diagram as SVG: light and dark squares, men as the chess
//! figurine characters (filled black for Black, white with a black outline
//! for White), file letters and rank numbers, and a marker for the side to
//! move.

use std::fmt::Write as _;

use retroproof_core::{Color, File, Position, Rank, Role};

/// How a board is drawn.
#[derive(Debug, Clone, Copy)]
pub struct SvgOptions {
    /// Side of one square, in SVG user units.
    pub square: u32,
    /// Draw the board from Black's side (rank 1 at the top).
    pub flipped: bool,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            square: 45,
            flipped: false,
        }
    }
}

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

fn glyph(role: Role) -> char {
    // The "black" figurines, filled with either colour.
    match role {
        Role::King => '\u{265A}',
        Role::Queen => '\u{265B}',
        Role::Rook => '\u{265C}',
        Role::Bishop => '\u{265D}',
        Role::Knight => '\u{265E}',
        Role::Pawn => '\u{265F}',
    }
}

/// The position as a standalone SVG document: 8×8 squares with the men,
/// coordinates on the left and bottom edges, and a disc beside the board
/// (on the mover's side) with a `<title>` naming the side to move. Each man
/// is a `<text class="piece" data-square="e4" data-piece="P">`, so tests
/// and scripts can read the drawing back.
pub fn board_svg(pos: &Position, options: &SvgOptions) -> String {
    let s = options.square;
    let margin = s / 2;
    let board = 8 * s;
    let width = margin + board + margin;
    let height = board + margin;
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(
        w,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="DejaVu Sans, Noto Sans Symbols2, Segoe UI Symbol, sans-serif">"#
    );
    let _ = writeln!(
        w,
        "<title>{} — {} to move</title>",
        pos.to_fen(),
        pos.turn()
    );
    for rank in Rank::ALL {
        for file in File::ALL {
            let (col, row) = cell(file, rank, options.flipped);
            let x = margin + col * s;
            let y = row * s;
            let dark = (file as u32 + rank as u32) & 1 == 0;
            let _ = writeln!(
                w,
                r#"<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="{}"/>"#,
                if dark { DARK } else { LIGHT }
            );
            if let Some(piece) = pos.board().piece_at_coords(file, rank) {
                let (fill, stroke) = match piece.color {
                    Color::White => ("#ffffff", "#000000"),
                    Color::Black => ("#000000", "#000000"),
                };
                let _ = writeln!(
                    w,
                    r#"<text class="piece" data-square="{}{}" data-piece="{}" x="{}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central" fill="{fill}" stroke="{stroke}" stroke-width="{}">{}</text>"#,
                    file.char(),
                    rank.char(),
                    piece.char(),
                    x + s / 2,
                    y + s / 2,
                    s * 4 / 5,
                    if piece.color == Color::White {
                        1.2
                    } else {
                        0.5
                    },
                    glyph(piece.role)
                );
            }
        }
    }
    for file in File::ALL {
        let (col, _) = cell(file, Rank::ALL[0], options.flipped);
        let _ = writeln!(
            w,
            r#"<text class="coord" x="{}" y="{}" font-size="{}" text-anchor="middle">{}</text>"#,
            margin + col * s + s / 2,
            board + margin * 3 / 4,
            s / 3,
            file.char()
        );
    }
    for rank in Rank::ALL {
        let (_, row) = cell(File::ALL[0], rank, options.flipped);
        let _ = writeln!(
            w,
            r#"<text class="coord" x="{}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
            margin / 2,
            row * s + s / 2,
            s / 3,
            rank.char()
        );
    }
    // The side to move: a disc of its colour on its own edge of the board.
    let at_bottom = (pos.turn() == Color::White) != options.flipped;
    let cy = if at_bottom { board - s / 4 } else { s / 4 };
    let fill = if pos.turn() == Color::White {
        "#ffffff"
    } else {
        "#000000"
    };
    let _ = writeln!(
        w,
        r#"<circle class="turn" data-turn="{}" cx="{}" cy="{cy}" r="{}" fill="{fill}" stroke="black"><title>{} to move</title></circle>"#,
        pos.turn(),
        margin + board + margin / 2,
        s / 6,
        pos.turn()
    );
    out.push_str("</svg>\n");
    out
}

/// Column and row (0 at the left, top) of a square on the drawing.
fn cell(file: File, rank: Rank, flipped: bool) -> (u32, u32) {
    let (f, r) = (file as u32, rank as u32);
    if flipped {
        (7 - f, r)
    } else {
        (f, 7 - r)
    }
}
