//! Proof-game records for `retroproof solve`: what a record publishes
//! about the games of its stipulated length, read from the corpus's
//! proof-game TSVs or an EPD problem's `pg`, and how a proven answer
//! compares with it.
//!
//! A proof-game record says one of three things (docs/solve.md):
//! - [`Claim::All`]: these games are every game of the length (one game:
//!   the problem is sound) — `spg.tsv`'s `solutions_uci` (games separated
//!   by ` | `), an EPD problem's `pg`;
//! - [`Claim::Among`]: the problem is cooked (at least two games), these
//!   among them — `spg_flagged.tsv`'s `example_solution_uci`;
//! - [`Claim::NoGame`]: no game has the length — `spg_no_solution.tsv`
//!   (a `claim` column and no game column).
//!
//! A published game is replayed by the rules before it is compared: one
//! that is not a game of the length ending with the diagram contradicts
//! the record, whatever the search found. A game of the record that a
//! complete search does not list is a contradiction too, as is a game the
//! search lists that an [`Claim::All`] record does not.

use std::collections::BTreeSet;

use retroproof_core::spg::Diagram;
use retroproof_core::Position;
use serde::Serialize;

use crate::emit::proof_game::{ProofGames, Verdict};

/// What a proof-game record publishes. Games are UCI moves from the
/// initial position, oldest first, separated by spaces.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Claim {
    /// Every game of the length: one for a sound problem.
    All(Vec<String>),
    /// At least two games (cooked), these among them.
    Among(Vec<String>),
    /// No game of the length.
    NoGame,
}

impl Claim {
    /// The claim in words, for a message.
    pub fn words(&self) -> String {
        match self {
            Claim::All(games) if games.len() == 1 => format!("unique: {}", games[0]),
            Claim::All(games) => format!("exactly {} games: {}", games.len(), games.join(" | ")),
            Claim::Among(games) => format!("cooked, among the games: {}", games.join(" | ")),
            Claim::NoGame => "no game".to_string(),
        }
    }

    /// How many games the search must look for to settle the claim: one
    /// more than an [`Claim::All`] record lists (so that a complete
    /// search can prove "exactly these"), else two.
    pub fn games_to_find(&self) -> usize {
        match self {
            Claim::All(games) => (games.len() + 1).max(2),
            Claim::Among(_) | Claim::NoGame => 2,
        }
    }
}

/// A proof-game TSV's published-answer columns (their header positions).
#[derive(Debug, Clone, Copy)]
pub struct Columns {
    /// `solutions_uci` ([`Claim::All`]).
    all: Option<usize>,
    /// `example_solution_uci` ([`Claim::Among`]).
    among: Option<usize>,
    /// `claim` ([`Claim::NoGame`] when neither game column is there).
    no_game: Option<usize>,
}

impl Columns {
    /// The columns of a header (`column` gives a name's position).
    pub fn of(column: impl Fn(&str) -> Option<usize>) -> Columns {
        Columns {
            all: column("solutions_uci"),
            among: column("example_solution_uci"),
            no_game: column("claim"),
        }
    }

    /// The claim of a row (`cell` gives a column's trimmed text); `None`
    /// when the row publishes nothing comparable (an empty game cell, no
    /// column of the three).
    pub fn claim<'a>(&self, cell: impl Fn(usize) -> Option<&'a str>) -> Option<Claim> {
        let games = |c: usize| {
            cell(c)
                .map(|text| {
                    text.split('|')
                        .map(|g| g.split_whitespace().collect::<Vec<_>>().join(" "))
                        .filter(|g| !g.is_empty())
                        .collect::<Vec<_>>()
                })
                .filter(|g| !g.is_empty())
        };
        if let Some(c) = self.all {
            return games(c).map(Claim::All);
        }
        if let Some(c) = self.among {
            return games(c).map(Claim::Among);
        }
        self.no_game.map(|_| Claim::NoGame)
    }
}

/// How a proven answer stands to the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comparison {
    Agrees,
    /// The proven answer and the record cannot both be right: why.
    Contradicts(String),
    /// What is proven neither confirms nor contradicts the record: why.
    Undecided(String),
}

/// Replays `game` (UCI from the initial position): `Ok` when it is a game
/// of `plies` plies (any length when `None`) ending with `diagram`, else
/// why not.
pub fn replays_to(game: &str, diagram: &Diagram, plies: Option<u32>) -> Result<(), String> {
    let mut pos = Position::start();
    let moves: Vec<&str> = game.split_whitespace().collect();
    for (i, uci) in moves.iter().enumerate() {
        let next = pos
            .parse_uci(uci)
            .ok()
            .and_then(|m| pos.play(&m).ok())
            .ok_or_else(|| format!("ply {} ({uci}) is not a legal move", i + 1))?;
        pos = next;
    }
    if let Some(n) = plies {
        if moves.len() != n as usize {
            return Err(format!("it has {} plies, not {n}", moves.len()));
        }
    }
    if !diagram.is_reached_by(&pos) {
        return Err("it does not end with the diagram".to_string());
    }
    Ok(())
}

/// Compares the proven `games` (their length is the stipulation's, or
/// the shortest found) about `position`'s diagram with `claim`.
pub fn compare(claim: &Claim, games: &ProofGames, position: &Position) -> Comparison {
    let diagram = Diagram::of(position);
    let plies = Some(games.plies);
    let published = match claim {
        Claim::All(g) | Claim::Among(g) => g.as_slice(),
        Claim::NoGame => &[],
    };
    for game in published {
        if let Err(why) = replays_to(game, &diagram, plies) {
            return Comparison::Contradicts(format!(
                "the published game \"{game}\" is none: {why}"
            ));
        }
    }
    let found: BTreeSet<String> = games.games.iter().map(|g| g.uci.join(" ")).collect();
    let listed: BTreeSet<String> = published.iter().cloned().collect();
    let missing: Vec<&String> = listed.difference(&found).collect();
    let extra: Vec<&String> = found.difference(&listed).collect();
    let Some(verdict) = games.verdict() else {
        return Comparison::Undecided("no verdict proven".to_string());
    };
    match claim {
        Claim::NoGame => match verdict {
            Verdict::None => Comparison::Agrees,
            _ => Comparison::Contradicts(format!(
                "the record says no game; proven a game: {}",
                extra.first().map_or("", |g| g.as_str())
            )),
        },
        Claim::Among(_) => {
            if verdict != Verdict::Cooked {
                Comparison::Contradicts(format!(
                    "the record says cooked; proven {}",
                    verdict.word()
                ))
            } else if games.complete && !missing.is_empty() {
                Comparison::Contradicts(format!(
                    "every game is listed and the published \"{}\" is not among them",
                    missing[0]
                ))
            } else {
                Comparison::Agrees
            }
        }
        Claim::All(_) => {
            if let Some(game) = extra.first() {
                // A game the record does not list: the record is not
                // every game (its games replay, checked above).
                Comparison::Contradicts(format!("proven a game the record does not list: {game}"))
            } else if games.complete && !missing.is_empty() {
                Comparison::Contradicts(format!(
                    "every game is listed and the published \"{}\" is not among them",
                    missing[0]
                ))
            } else if !games.complete {
                Comparison::Undecided(format!(
                    "proven at least {} games, all published; whether there are more is unknown",
                    found.len()
                ))
            } else {
                Comparison::Agrees
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::proof_game::ProofGame;

    fn game(uci: &str) -> ProofGame {
        let mut pos = Position::start();
        let mut moves = Vec::new();
        for u in uci.split_whitespace() {
            let m = pos.parse_uci(u).unwrap();
            pos = pos.play(&m).unwrap();
            moves.push(m);
        }
        ProofGame::of_moves(&moves).unwrap()
    }

    fn games(list: &[&str], complete: bool) -> ProofGames {
        ProofGames {
            plies: 4,
            games: list.iter().map(|g| game(g)).collect(),
            complete,
            shortest: false,
        }
    }

    // Two of the orders of 1. e4 e5 2. Nf3 Nc6 (the lists below are
    // made up: only the comparison is tested, not the search).
    const GAME_A: &str = "e2e4 e7e5 g1f3 b8c6";
    const GAME_B: &str = "g1f3 b8c6 e2e4 e7e5";

    fn position() -> Position {
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - -").unwrap()
    }

    #[test]
    fn a_record_of_every_game_must_match_the_complete_list() {
        let all = Claim::All(vec![GAME_A.to_string()]);
        assert_eq!(all.games_to_find(), 2);
        assert_eq!(
            compare(&all, &games(&[GAME_A], true), &position()),
            Comparison::Agrees
        );
        assert!(matches!(
            compare(&all, &games(&[GAME_A, GAME_B], false), &position()),
            Comparison::Contradicts(_)
        ));
        let two = Claim::All(vec![GAME_A.to_string(), GAME_B.to_string()]);
        assert_eq!(two.games_to_find(), 3);
        assert!(matches!(
            compare(&two, &games(&[GAME_A, GAME_B], false), &position()),
            Comparison::Undecided(_)
        ));
        assert!(matches!(
            compare(&two, &games(&[GAME_A], true), &position()),
            Comparison::Contradicts(_)
        ));
    }

    #[test]
    fn a_published_game_that_does_not_replay_contradicts() {
        let wrong = Claim::All(vec!["e2e4 e7e5 g1f3 g8f6".to_string()]);
        match compare(&wrong, &games(&[GAME_A], true), &position()) {
            Comparison::Contradicts(why) => assert!(why.contains("does not end"), "{why}"),
            other => panic!("{other:?}"),
        }
        let short = Claim::Among(vec!["e2e4 e7e5".to_string()]);
        match compare(&short, &games(&[GAME_A, GAME_B], true), &position()) {
            Comparison::Contradicts(why) => assert!(why.contains("2 plies, not 4"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn cooked_and_no_game_records() {
        let among = Claim::Among(vec![GAME_B.to_string()]);
        assert_eq!(
            compare(&among, &games(&[GAME_A, GAME_B], false), &position()),
            Comparison::Agrees
        );
        assert!(matches!(
            compare(&among, &games(&[GAME_A], true), &position()),
            Comparison::Contradicts(_)
        ));
        assert_eq!(
            compare(&Claim::NoGame, &games(&[], true), &position()),
            Comparison::Agrees
        );
        assert!(matches!(
            compare(&Claim::NoGame, &games(&[GAME_A], true), &position()),
            Comparison::Contradicts(_)
        ));
    }

    #[test]
    fn columns_read_games_split_by_bars() {
        let header = ["id", "fen", "plies", "solutions_uci"];
        let cols = Columns::of(|n| header.iter().position(|h| *h == n));
        let row = ["x", "f", "4", " a b | c d "];
        assert_eq!(
            cols.claim(|c| row.get(c).map(|s| s.trim())),
            Some(Claim::All(vec!["a b".into(), "c d".into()]))
        );
        let header = ["id", "fen", "plies", "claim"];
        let cols = Columns::of(|n| header.iter().position(|h| *h == n));
        assert_eq!(cols.claim(|_| Some("no")), Some(Claim::NoGame));
    }
}
