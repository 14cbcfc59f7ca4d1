//! Boards for the rule agreement tests (`frozen_coq.rs`, `cage_coq.rs`).

/// A FEN of the board `cells` (a1 first, `'.'` for empty), the given side
/// to move, no castling rights nor en-passant square.
pub fn fen_of(cells: &[char], turn: char) -> String {
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for c in &cells[rank * 8..rank * 8 + 8] {
            if *c == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(*c);
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {turn} - - 0 1", rows.join("/"))
}
