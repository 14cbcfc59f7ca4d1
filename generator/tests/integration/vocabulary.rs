//! The generated vocabulary and tables against facts worked out by hand and
//! against rust-core's own indexing (never against the emitter's output).

use retroproof::emit::tables::{ray, tables, DIRECTIONS};
use retroproof::emit::vocab::vocabulary;
use retroproof_core::coq::{CoqInductive, CoqShape};
use retroproof_core::{CastlingSide, Color, MoveKind, Piece, Role, Square};

#[test]
fn vocabulary_names_follow_the_contract() {
    let names: Vec<_> = vocabulary().iter().map(|t| t.ty.name).collect();
    assert_eq!(
        names,
        ["color", "role", "piece", "castling_side", "move_kind"]
    );
    assert_eq!(
        Role::COQ_TYPE.shape,
        CoqShape::Enum {
            constructors: &["Pawn", "Knight", "Bishop", "Rook", "Queen", "King"]
        }
    );
    assert_eq!(
        CastlingSide::COQ_TYPE.shape,
        CoqShape::Enum {
            constructors: &["KingSide", "QueenSide"]
        }
    );
    assert_eq!(
        MoveKind::COQ_TYPE.shape,
        CoqShape::Enum {
            constructors: &["Normal", "Promotion", "EnPassant", "Castle"]
        }
    );
    let CoqShape::Record {
        constructor,
        fields,
    } = Piece::COQ_TYPE.shape
    else {
        panic!("piece must be a record");
    };
    assert_eq!(constructor, "MkPiece");
    let fields: Vec<_> = fields.iter().map(|f| (f.name, f.ty.name)).collect();
    assert_eq!(fields, [("piece_color", "color"), ("piece_role", "role")]);
}

#[test]
fn encodings_agree_with_rust_core_indexing() {
    for color in Color::ALL {
        assert_eq!(color.coq_encode(), color.index() as u64);
    }
    for role in Role::ALL {
        assert_eq!(role.coq_encode(), role.index() as u64);
        assert_eq!(Role::coq_decode(role.index() as u64), Some(role));
    }
    for piece in Piece::ALL {
        assert_eq!(piece.coq_encode(), piece.index() as u64, "{piece}");
        assert_eq!(Piece::coq_decode(piece.index() as u64), Some(piece));
    }
    for side in CastlingSide::ALL {
        assert_eq!(side.coq_encode(), side.index() as u64);
    }
    assert_eq!(MoveKind::Castle.coq_encode(), 3);
    // By hand: black rook = 6 * 1 + 3.
    assert_eq!(Piece::new(Color::Black, Role::Rook).coq_encode(), 9);
    assert_eq!(Piece::coq_decode(12), None);
    assert_eq!(Piece::COQ_TYPE.cardinality, 12);
}

fn sq(name: &str) -> u32 {
    let b = name.as_bytes();
    u32::from(b[1] - b'1') * 8 + u32::from(b[0] - b'a')
}

fn squares(names: &[&str]) -> Vec<u32> {
    names.iter().map(|n| sq(n)).collect()
}

fn table(name: &str) -> Vec<Vec<u32>> {
    tables()
        .into_iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no table {name}"))
        .rows
        .into_iter()
        .map(|(_, row)| row.into_iter().map(Square::index).collect())
        .collect()
}

#[test]
fn table_layouts() {
    for name in [
        "knight_targets",
        "king_targets",
        "white_pawn_attacks",
        "black_pawn_attacks",
    ] {
        assert_eq!(table(name).len(), 64, "{name}");
    }
    assert_eq!(table("rays").len(), 512);
}

#[test]
fn knight_entries_by_hand() {
    let t = table("knight_targets");
    assert_eq!(t[sq("a1") as usize], squares(&["c2", "b3"]));
    assert_eq!(
        t[sq("e4") as usize],
        squares(&["d2", "f2", "c3", "g3", "c5", "g5", "d6", "f6"])
    );
    assert_eq!(t[sq("h8") as usize], squares(&["g6", "f7"]));
}

#[test]
fn king_and_pawn_entries_by_hand() {
    let king = table("king_targets");
    assert_eq!(king[sq("a1") as usize], squares(&["b1", "a2", "b2"]));
    assert_eq!(king[sq("e4") as usize].len(), 8);
    let white = table("white_pawn_attacks");
    let black = table("black_pawn_attacks");
    assert_eq!(white[sq("e4") as usize], squares(&["d5", "f5"]));
    assert_eq!(black[sq("e4") as usize], squares(&["d3", "f3"]));
    assert_eq!(white[sq("a2") as usize], squares(&["b3"]));
    assert_eq!(white[sq("c8") as usize], squares(&[]));
    assert_eq!(black[sq("c1") as usize], squares(&[]));
}

#[test]
fn ray_entries_by_hand() {
    let rays = table("rays");
    let ray_at = |d: usize, s: &str| rays[64 * d + sq(s) as usize].clone();
    // d: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW; nearest first.
    assert_eq!(
        ray_at(0, "a1"),
        squares(&["a2", "a3", "a4", "a5", "a6", "a7", "a8"])
    );
    assert_eq!(
        ray_at(1, "a1"),
        squares(&["b2", "c3", "d4", "e5", "f6", "g7", "h8"])
    );
    assert_eq!(ray_at(5, "a1"), squares(&[]));
    assert_eq!(
        ray_at(6, "h1"),
        squares(&["g1", "f1", "e1", "d1", "c1", "b1", "a1"])
    );
    assert_eq!(ray_at(3, "e4"), squares(&["f3", "g2", "h1"]));
    assert_eq!(ray_at(7, "e4"), squares(&["d5", "c6", "b7", "a8"]));
    assert_eq!(ray_at(4, "e4"), squares(&["e3", "e2", "e1"]));
    assert_eq!(ray_at(2, "e4"), squares(&["f4", "g4", "h4"]));
    // The contract's index deltas: N +8, NE +9, E +1, SE -7, S -8, SW -9,
    // W -1, NW +7, one step from d4 (27).
    let deltas = [8, 9, 1, -7, -8, -9, -1, 7];
    for (d, delta) in deltas.iter().enumerate() {
        assert_eq!(
            ray_at(d, "d4")[0] as i32,
            27 + delta,
            "direction {}",
            DIRECTIONS[d].0
        );
    }
}

#[test]
fn ray_helper_is_the_table() {
    let rays = table("rays");
    for (d, (_, df, dr)) in DIRECTIONS.iter().enumerate() {
        for s in Square::ALL {
            let walked: Vec<u32> = ray(s, *df, *dr).into_iter().map(Square::index).collect();
            assert_eq!(rays[64 * d + s.index() as usize], walked);
        }
    }
}

#[test]
fn printed_tables_label_rows() {
    let files = retroproof::emit::gen_files().unwrap();
    let text = &files
        .iter()
        .find(|f| f.name == "Tables.v")
        .unwrap()
        .contents;
    assert!(text.contains("Definition knight_targets : array (list int) :="));
    assert!(text.contains("    (* a1 *) 10 :: 17 :: nil;\n"));
    assert!(text.contains("    (* NE a1 *) 9 :: 18 :: 27 :: 36 :: 45 :: 54 :: 63 :: nil;\n"));
    assert!(text.contains("  | nil : list int |]."));
}
