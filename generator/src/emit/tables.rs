//! `Gen/Tables.v`: rust-core's attack tables as primitive arrays.
//!
//! The tables are computed here with rust-core's own attack functions, so
//! the Coq side works with exactly the engine's data; `TablesSpec.v` then
//! proves each table equal to a readable definition, so Coq checks the data
//! instead of trusting it.

use retroproof_core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use retroproof_core::{Bitboard, Color, Square};

use super::build::{call, id, preamble, var, EmitError};
use crate::coq::{Comment, File, Int63, Sentence, Term};

/// The eight ray directions in contract order: index `d` of the `rays`
/// table. Each is (name, file step, rank step).
pub const DIRECTIONS: [(&str, i32, i32); 8] = [
    ("N", 0, 1),
    ("NE", 1, 1),
    ("E", 1, 0),
    ("SE", 1, -1),
    ("S", 0, -1),
    ("SW", -1, -1),
    ("W", -1, 0),
    ("NW", -1, 1),
];

/// A table: one list of squares per index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The Coq name, e.g. `knight_targets`.
    pub name: &'static str,
    /// What an entry means (the Coq comment above the definition).
    pub doc: &'static str,
    /// Per index: a label for humans (e.g. `e4`, `NE e4`) and the squares.
    pub rows: Vec<(String, Vec<Square>)>,
}

fn per_square(
    name: &'static str,
    doc: &'static str,
    attacks: impl Fn(Square) -> Bitboard,
) -> Table {
    Table {
        name,
        doc,
        rows: Square::ALL
            .iter()
            .map(|&sq| (sq.to_string(), attacks(sq).collect()))
            .collect(),
    }
}

/// The squares met walking from `sq` in direction `(df, dr)` to the edge,
/// nearest first: the engine's empty-board slider attacks in that direction.
pub fn ray(sq: Square, df: i32, dr: i32) -> Vec<Square> {
    let slider = if df == 0 || dr == 0 {
        rook_attacks(sq, Bitboard::EMPTY)
    } else {
        bishop_attacks(sq, Bitboard::EMPTY)
    };
    let file = sq.file() as i32;
    let rank = sq.rank() as i32;
    let mut out: Vec<Square> = slider
        .filter(|t| {
            let tf = t.file() as i32 - file;
            let tr = t.rank() as i32 - rank;
            tf.signum() == df && tr.signum() == dr
        })
        .collect();
    out.sort_by_key(|t| sq.distance(*t));
    out
}

/// All tables of `Tables.v`, in file order.
pub fn tables() -> Vec<Table> {
    let mut rays = Vec::with_capacity(512);
    for (dname, df, dr) in DIRECTIONS {
        for sq in Square::ALL {
            rays.push((format!("{dname} {sq}"), ray(sq, df, dr)));
        }
    }
    vec![
        per_square(
            "knight_targets",
            "Squares a knight on sq attacks, ascending. Index sq: a1 = 0, b1 = 1, ..., h8 = 63.",
            knight_attacks,
        ),
        per_square(
            "king_targets",
            "Squares a king on sq attacks, ascending.",
            king_attacks,
        ),
        per_square(
            "white_pawn_attacks",
            "Squares a white pawn on sq attacks, ascending.",
            |sq| pawn_attacks(Color::White, sq),
        ),
        per_square(
            "black_pawn_attacks",
            "Squares a black pawn on sq attacks, ascending.",
            |sq| pawn_attacks(Color::Black, sq),
        ),
        Table {
            name: "rays",
            doc: "Index 64 * d + sq, d = 0 N (+8), 1 NE (+9), 2 E (+1), 3 SE (-7), 4 S (-8), \
                  5 SW (-9), 6 W (-1), 7 NW (+7): the squares met walking from sq in \
                  direction d to the board edge, nearest first.",
            rows: rays,
        },
    ]
}

/// `list int`.
fn list_int() -> Result<Term, EmitError> {
    call("list", vec![var("int")?])
}

fn table_sentences(table: &Table) -> Result<Vec<Sentence>, EmitError> {
    let elems = table
        .rows
        .iter()
        .map(|(label, squares)| {
            Term::commented(
                Comment::new(label),
                Term::List(
                    squares
                        .iter()
                        .map(|sq| Term::Int(Int63::from(sq.index())))
                        .collect(),
                ),
            )
        })
        .collect();
    Ok(vec![
        Sentence::Comment(Comment::new(table.doc)),
        Sentence::Definition {
            name: id(table.name)?,
            binders: vec![],
            ty: Some(call("array", vec![list_int()?])?),
            body: Term::Array {
                elems,
                default: Box::new(Term::List(vec![])),
                ty: Box::new(list_int()?),
            },
        },
    ])
}

/// `Gen/Tables.v`.
pub fn tables_file() -> Result<File, EmitError> {
    let mut sentences = preamble(
        "rust-core's attack tables; TablesSpec.v proves them equal to readable definitions.",
        vec![],
    )?;
    for table in tables() {
        sentences.extend(table_sentences(&table)?);
    }
    Ok(File { sentences })
}
