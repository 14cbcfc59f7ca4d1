//! The exact-length proof-game search ([`retroproof_core::spg`]).
//!
//! The key test is admissibility: the pruned search must list exactly the
//! games a plain enumeration of every continuation finds (no bound may
//! cut a game). It is checked from the initial position (every game of 5
//! plies, grouped by the diagram it reaches) and from positions along
//! random games with captures (the last plies of each game). The other
//! tests are problems whose answers are derived by hand, the flags of the
//! report, and every listed game replayed by shakmaty, an independent move
//! generator.

use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

use crate::common::spg::{brute, uci};
use retroproof_core::random::Rng;
use retroproof_core::spg::{proof_games, Diagram, Level, Limits, Solver, Stop, Verdict};
use retroproof_core::{Move, Position};
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position as _};

/// Every game listed, all of them.
fn all() -> Limits {
    Limits {
        max_solutions: None,
        time: None,
        nodes: None,
    }
}

/// The games the pruned search lists from `pos`, as UCI strings.
fn searched(diagram: &Diagram, pos: &Position, plies: u32) -> BTreeSet<String> {
    searched_at(Level::Full, diagram, pos, plies)
}

fn searched_at(level: Level, diagram: &Diagram, pos: &Position, plies: u32) -> BTreeSet<String> {
    let report = Solver::with_level(*diagram, level).search_from(pos, plies, &all());
    assert!(report.complete, "an unlimited search is complete");
    let games: BTreeSet<String> = report.solutions.iter().map(|g| uci(g)).collect();
    assert_eq!(games.len(), report.solutions.len(), "no game listed twice");
    games
}

/// Replays `game` with shakmaty from `start` and checks it reaches the
/// diagram (board and side to move).
fn replays(start: &str, game: &[Move], diagram: &Diagram) {
    let mut pos: Chess = start
        .parse::<Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    for m in game {
        let m = m
            .to_uci()
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{} does not replay: {e}", uci(game)));
        pos.play_unchecked(m);
    }
    let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    let want = diagram.to_fen();
    let fields = |s: &str| s.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    assert_eq!(fields(&fen), fields(&want), "{}", uci(game));
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Every game of 5 plies, grouped by the diagram it reaches, against the
/// search, for diagrams picked by random play (with captures now and
/// then: checks and early captures are what 5 plies allow).
#[test]
fn every_game_of_five_plies_is_found() {
    let mut rng = Rng::new(5);
    let mut wanted: HashMap<Diagram, Vec<String>> = HashMap::new();
    while wanted.len() < 60 {
        let mut pos = Position::start();
        for _ in 0..5 {
            let moves = pos.legal_moves();
            // Prefer captures: they exercise the capture bounds.
            let captures: Vec<&Move> = moves.iter().filter(|m| m.is_capture()).collect();
            let m = if !captures.is_empty() && rng.below(2) == 0 {
                *captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos.play_unchecked(&m);
        }
        wanted.insert(Diagram::of(&pos), Vec::new());
    }
    fn enumerate(
        pos: &Position,
        left: u32,
        path: &mut Vec<Move>,
        wanted: &mut HashMap<Diagram, Vec<String>>,
    ) {
        if left == 0 {
            if let Some(games) = wanted.get_mut(&Diagram::of(pos)) {
                games.push(uci(path));
            }
            return;
        }
        for m in pos.legal_moves() {
            let mut next = *pos;
            next.play_unchecked(&m);
            path.push(m);
            enumerate(&next, left - 1, path, wanted);
            path.pop();
        }
    }
    enumerate(&Position::start(), 5, &mut Vec::new(), &mut wanted);
    for (diagram, games) in &wanted {
        let want: BTreeSet<String> = games.iter().cloned().collect();
        assert!(!want.is_empty());
        let got = searched(diagram, &Position::start(), 5);
        assert_eq!(got, want, "{diagram:?}");
        let basic = searched_at(Level::Basic, diagram, &Position::start(), 5);
        assert_eq!(basic, want, "{diagram:?}, basic bound");
    }
}

/// A random game that captures when it can half of the time and pushes
/// pawns a third of the rest (so that pawns change files and promote).
fn random_game(rng: &mut Rng, plies: usize) -> Vec<Position> {
    let mut line = vec![Position::start()];
    for _ in 0..plies {
        let pos = *line.last().unwrap();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let captures: Vec<&Move> = moves.iter().filter(|m| m.is_capture()).collect();
        let pushes: Vec<&Move> = moves
            .iter()
            .filter(|m| m.role() == retroproof_core::Role::Pawn)
            .collect();
        let m = if !captures.is_empty() && rng.below(2) == 0 {
            *captures[rng.below(captures.len())]
        } else if !pushes.is_empty() && rng.below(3) == 0 {
            *pushes[rng.below(pushes.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let mut next = pos;
        next.play_unchecked(&m);
        line.push(next);
    }
    line
}

/// From positions along random games with captures and promotions, the
/// last 4 plies: the search lists exactly the continuations a plain
/// enumeration finds (among them the game itself).
#[test]
fn continuations_along_random_games_are_all_found() {
    let mut rng = Rng::new(2024);
    let mut checked = 0;
    let mut with_captures = 0;
    while checked < 40 {
        let length = 12 + rng.below(50);
        let line = random_game(&mut rng, length);
        if line.len() < 9 {
            continue;
        }
        let end = line.len() - 1;
        let diagram = Diagram::of(&line[end]);
        let from = &line[end - 4];
        let mut want = Vec::new();
        brute(from, 4, &diagram, &mut Vec::new(), &mut want);
        let want: BTreeSet<String> = want.into_iter().collect();
        assert!(!want.is_empty(), "the game itself reaches the diagram");
        let got = searched(&diagram, from, 4);
        assert_eq!(got, want, "from {} to {diagram:?}", from.to_fen());
        let basic = searched_at(Level::Basic, &diagram, from, 4);
        assert_eq!(
            basic,
            want,
            "from {} to {diagram:?}, basic bound",
            from.to_fen()
        );
        if line[end].board().occupied().count() < 32 {
            with_captures += 1;
        }
        checked += 1;
    }
    assert!(with_captures > 30, "the games capture");
}

/// The search from a position many plies into a random game finds the
/// game's own continuation (its bounds never cut it).
#[test]
fn random_games_are_found_from_their_middle() {
    let mut rng = Rng::new(77);
    for _ in 0..30 {
        let length = 20 + rng.below(40);
        let line = random_game(&mut rng, length);
        let end = line.len() - 1;
        let k = 8.min(end);
        let diagram = Diagram::of(&line[end]);
        let limits = Limits {
            max_solutions: None,
            time: Some(Duration::from_secs(20)),
            nodes: Some(2_000_000),
        };
        let report = Solver::new(diagram).search_from(&line[end - k], k as u32, &limits);
        assert!(
            !report.solutions.is_empty() || !report.complete,
            "a complete search misses the game from {} to {diagram:?}",
            line[end - k].to_fen()
        );
    }
}

#[test]
fn a_unique_miniature() {
    // 1.e4 e5 2.Qh5 Ke7 3.Qxe5#.
    let d = Diagram::from_fen("rnbq1bnr/ppppkppp/8/4Q3/4P3/8/PPPP1PPP/RNB1KBNR b - -").unwrap();
    let report = proof_games(&d, 5, &all());
    assert_eq!(report.verdict(), Verdict::Unique);
    assert_eq!(uci(&report.solutions[0]), "e2e4 e7e5 d1h5 e8e7 h5e5");
    replays(START, &report.solutions[0], &d);
}

/// The initial board after 4 plies: each side took a knight out and back
/// (two knights, two squares each): 4 × 4 games. After 2 plies, none.
#[test]
fn knights_out_and_back() {
    let d = Diagram::from_fen(START).unwrap();
    let report = proof_games(&d, 4, &all());
    assert!(report.complete);
    assert_eq!(report.solutions.len(), 16);
    for g in &report.solutions {
        replays(START, g, &d);
    }
    let report = proof_games(&d, 2, &all());
    assert_eq!(report.verdict(), Verdict::None);
    // The same diagram with Black to move needs an odd cycle of White's
    // moves, which no man can make without a pawn moving for good.
    let d = Diagram::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - -").unwrap();
    let report = Solver::new(d).shortest(9, &all());
    assert!(report.found.is_none());
    assert_eq!(report.none_below, 11);
}

#[test]
fn shortest_games() {
    // The initial position itself: the empty game.
    let d = Diagram::from_fen(START).unwrap();
    let report = Solver::new(d).shortest(10, &all());
    let found = report.found.expect("the empty game");
    assert_eq!(found.plies, 0);
    assert_eq!(found.solutions, vec![Vec::<Move>::new()]);
    // After 1.e4 e5 2.Nf3: three plies at least, and only this order.
    let d = Diagram::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b - -").unwrap();
    let report = Solver::new(d).shortest(9, &all());
    let found = report.found.expect("a game");
    assert_eq!((found.plies, report.none_below), (3, 3));
    assert_eq!(found.solutions.len(), 2, "1.e4 e5 2.Nf3 and 1.Nf3 e5 2.e4");
}

#[test]
fn the_mover_left_in_check_has_no_game() {
    // White's king on g3 in check from the queen on h4, Black to move.
    let d = Diagram::from_fen("rnb1kbnr/pppp1ppp/8/4p3/5P1q/6K1/PPPPP1PP/RNBQ1BNR b - -").unwrap();
    let report = proof_games(&d, 5, &all());
    assert_eq!(report.verdict(), Verdict::None);
    assert!(report.complete);
}

#[test]
fn parity_decides_before_searching() {
    // White to move after an odd number of plies: no game at all.
    let d = Diagram::from_fen(START).unwrap();
    let report = proof_games(&d, 3, &all());
    assert_eq!((report.verdict(), report.nodes), (Verdict::None, 0));
}

#[test]
fn stopping_early_is_reported() {
    let d = Diagram::from_fen(START).unwrap();
    let one = Limits {
        max_solutions: Some(1),
        ..all()
    };
    let report = proof_games(&d, 4, &one);
    assert_eq!(report.solutions.len(), 1);
    assert!(!report.complete);
    assert_eq!(report.stopped, Some(Stop::Solutions));
    assert_eq!(report.verdict(), Verdict::Unknown);
    let two = Limits {
        max_solutions: Some(2),
        ..all()
    };
    let report = proof_games(&d, 4, &two);
    assert_eq!(report.verdict(), Verdict::Cooked);
    assert!(!report.complete);
    let tiny = Limits {
        nodes: Some(3),
        ..all()
    };
    let report = proof_games(&d, 4, &tiny);
    assert_eq!(report.stopped, Some(Stop::Nodes));
    assert!(!report.complete);
    assert_eq!(report.verdict(), Verdict::Unknown);
}

/// Problems from the corpus copy (`examples/corpus/spg*.tsv`): short ones,
/// whose published answers are confirmed.
#[test]
fn corpus_problems() {
    let corpus = |name: &str| {
        std::fs::read_to_string(format!(
            "{}/../examples/corpus/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
    };
    let row = |text: &str, id: &str| -> Vec<String> {
        text.lines()
            .find(|l| l.starts_with(&format!("{id}\t")))
            .unwrap_or_else(|| panic!("{id}"))
            .split('\t')
            .map(str::to_owned)
            .collect()
    };
    let spg = corpus("spg.tsv");
    // Two published games (unique = no).
    let r = row(&spg, "pdb-P1004157");
    let d = Diagram::from_fen(&r[1]).unwrap();
    let report = proof_games(&d, r[2].parse().unwrap(), &all());
    assert!(report.complete);
    let got: BTreeSet<String> = report.solutions.iter().map(|g| uci(g)).collect();
    let want: BTreeSet<String> = r[3].split(" | ").map(str::to_owned).collect();
    assert_eq!(got, want);
    for g in &report.solutions {
        replays(START, g, &d);
    }
    // A unique one of 13 plies.
    let r = row(&spg, "pdb-P0005313");
    let d = Diagram::from_fen(&r[1]).unwrap();
    let report = proof_games(&d, r[2].parse().unwrap(), &all());
    assert_eq!(report.verdict(), Verdict::Unique);
    assert_eq!(uci(&report.solutions[0]), r[3]);
    // Cooked: stop at two games.
    let flagged = corpus("spg_flagged.tsv");
    let r = row(&flagged, "natch33-switchback_on_capture_square");
    let d = Diagram::from_fen(&r[1]).unwrap();
    let report = proof_games(&d, r[2].parse().unwrap(), &Limits::default());
    assert_eq!(report.verdict(), Verdict::Cooked);
    for g in &report.solutions {
        replays(START, g, &d);
    }
    // No game of that length.
    let none = corpus("spg_no_solution.tsv");
    let r = row(&none, "natch33-elimination_for_move_order_simple");
    let d = Diagram::from_fen(&r[1]).unwrap();
    let report = proof_games(&d, r[2].parse().unwrap(), &all());
    assert_eq!(report.verdict(), Verdict::None);
}

#[test]
fn diagrams_are_checked() {
    assert!(Diagram::from_fen("8/8/8/8/8/8/8/8 w - -").is_err());
    assert!(Diagram::from_fen("k7/8/8/8/8/8/8/KK6 w - -").is_err());
    assert!(Diagram::from_fen("k6P/8/8/8/8/8/8/K7 w - -").is_err());
    assert!(Diagram::from_fen("not a fen").is_err());
    // Castling and en passant fields are read but not part of the diagram.
    let a = Diagram::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3").unwrap();
    let b = Diagram::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - -").unwrap();
    assert_eq!(a, b);
}

/// Along every published game of the corpus copy, each side's bound stays
/// within the moves it has left: the bounds never cut a real game (the
/// games are long, with castling, promotions and captures of every kind).
#[test]
fn bounds_hold_along_published_games() {
    let text = std::fs::read_to_string(format!(
        "{}/../examples/corpus/spg.tsv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut games = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let diagram = Diagram::from_fen(f[1]).unwrap();
        let plies: u32 = f[2].parse().unwrap();
        for (game, level) in f[3]
            .split(" | ")
            .flat_map(|g| [(g, Level::Full), (g, Level::Basic)])
        {
            let mut solver = Solver::with_level(diagram, level);
            let mut pos = Position::start();
            let moves: Vec<&str> = game.split_whitespace().collect();
            assert_eq!(moves.len() as u32, plies);
            for (i, uci) in std::iter::once(None)
                .chain(moves.iter().map(Some))
                .enumerate()
            {
                if let Some(uci) = uci {
                    pos = pos.play(&pos.parse_uci(uci).unwrap()).unwrap();
                }
                let left = plies - i as u32;
                let lb = solver.bounds(&pos, left);
                let (white, black) = match pos.turn() {
                    retroproof_core::Color::White => (left.div_ceil(2), left / 2),
                    retroproof_core::Color::Black => (left / 2, left.div_ceil(2)),
                };
                assert!(
                    lb[0] <= white && lb[1] <= black,
                    "{} after {i} plies ({level:?}): bounds {lb:?} above {white}/{black}",
                    f[0]
                );
            }
            assert!(diagram.is_reached_by(&pos));
            games += 1;
        }
    }
    assert!(games >= 2 * 85);
}
