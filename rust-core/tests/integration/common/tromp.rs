//! The legal rows of the Tromp corpus (`examples/corpus/tromp.tsv`) with
//! their proof games, for the abstract search's tests (`history.rs`,
//! `history_files.rs`): each game is replayed here and checked to reach its
//! row's board and side to move, so a test that walks it knows it walks a
//! game of chess that ends in a legal position.

use retroproof_core::{Move, Position};

/// One legal row: its id, its proof game and the position it ends in.
pub struct TrompGame {
    pub id: String,
    pub game: Vec<Move>,
    pub position: Position,
}

/// Every legal row of the corpus, in file order.
pub fn legal_games() -> Vec<TrompGame> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/corpus/tromp.tsv"
    ))
    .expect("examples/corpus/tromp.tsv");
    let diagram = |fen: &str| fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    let mut games = Vec::new();
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() < 5 || fields[2] != "legal" {
            continue;
        }
        let mut position = Position::start();
        let mut game = Vec::new();
        for uci in fields[4].split_whitespace() {
            let m = position.parse_uci(uci).expect("the proof game replays");
            position = position.play(&m).expect("a legal move");
            game.push(m);
        }
        assert_eq!(
            diagram(&position.to_fen()),
            diagram(fields[1]),
            "{}: the proof game reaches the position",
            fields[0]
        );
        games.push(TrompGame {
            id: fields[0].to_string(),
            game,
            position,
        });
    }
    games
}
