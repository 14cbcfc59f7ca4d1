//! How often, and how fast, [`find_proof_game`] finds a proof game.
//!
//! ```sh
//! cargo run --release -p retroproof-core --example proofgame_bench -- [N] [MIN_PLIES] [MAX_PLIES] [SECONDS] [SEED]
//! ```
//!
//! - Random play: `N` games from the initial position (default 100), each
//!   of a random length in `MIN_PLIES..=MAX_PLIES` (default 10..=200),
//!   ending early at mate or stalemate; a proof game is looked for from each
//!   final position (castling rights and en passant square as the game left
//!   them), within `SECONDS` each (default 5). Prints the success rate, the
//!   median and maximum time of the successes, and the game lengths.
//! - Known-legal positions: the rows of `examples/corpus/legality.tsv` that
//!   are legal or not refuted (`no …`), and the problems of
//!   `examples/retro-problems.epd` that are not `illegal`.
//!
//! Every game found is replayed and checked to reach its position.
//!
//! Measured (2-core machine shared with other jobs, commit of this note):
//! - `100 10 200 10 7`: random play 88/100 found, median 0.14 s, max
//!   8.9 s, median game 79 plies; known-legal corpus 46/61 within 10 s
//!   (23 of the 35 legality rows, 23 of the 26 example problems).
//! - `40 10 200 2 1`: random play 32/40 within 2 s (median 0.09 s); corpus
//!   40/61 within 2 s.

use std::time::{Duration, Instant};

use retroproof_core::problem::{parse_suite, Question};
use retroproof_core::proofgame::{find_proof_game, realizes, replay, Budget};
use retroproof_core::random::Rng;
use retroproof_core::Position;

fn arg<T: std::str::FromStr>(i: usize, default: T) -> T {
    std::env::args()
        .nth(i)
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Looks for a proof game; `Some((seconds, plies))` on success.
fn attempt(pos: &Position, budget: Budget) -> Result<(f64, usize), String> {
    let t = Instant::now();
    let result = find_proof_game(pos, budget);
    let secs = t.elapsed().as_secs_f64();
    match result {
        Ok(game) => {
            let end = replay(&game).expect("the game replays");
            assert!(realizes(&end, pos), "wrong game for {}", pos.to_fen());
            Ok((secs, game.len()))
        }
        Err(e) => Err(e.to_string()),
    }
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let n: usize = arg(1, 100);
    let min_plies: usize = arg(2, 10);
    let max_plies: usize = arg(3, 200);
    let seconds: f64 = arg(4, 5.0);
    let seed: u64 = arg(5, 1);
    let budget = Budget {
        nodes: u64::MAX,
        time: Some(Duration::from_secs_f64(seconds)),
        weight: std::env::var("WEIGHT")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(Budget::default().weight),
        ..Budget::default()
    };
    let verbose = std::env::var_os("VERBOSE").is_some();

    let mut rng = Rng::new(seed);
    let mut times = Vec::new();
    let mut lengths = Vec::new();
    let mut failed = 0;
    for i in 0..n {
        let plies = min_plies + rng.below(max_plies - min_plies + 1);
        let mut pos = Position::start();
        let mut played = 0;
        while played < plies && rng.play_random_move(&mut pos) {
            played += 1;
        }
        match attempt(&pos, budget) {
            Ok((secs, len)) => {
                times.push(secs);
                lengths.push(len as f64);
                if verbose {
                    println!(
                        "ok   {i:4} {played:3} plies -> {len:3} in {secs:.2} s  {}",
                        pos.to_fen()
                    );
                }
            }
            Err(e) => {
                failed += 1;
                println!("FAIL {i:4} {played:3} plies: {e}  {}", pos.to_fen());
            }
        }
    }
    let found = times.len();
    let max = times.iter().cloned().fold(0.0, f64::max);
    println!(
        "random play ({n} games of {min_plies}..={max_plies} plies, {seconds} s each, seed {seed}): \
         {found}/{n} found ({:.1}%), {failed} not; median {:.3} s, max {:.2} s; median game {} plies",
        100.0 * found as f64 / n.max(1) as f64,
        median(&mut times),
        max,
        median(&mut lengths),
    );

    if std::env::var_os("NO_CORPUS").is_some() {
        return;
    }
    // Known-legal positions.
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let mut known: Vec<(String, Position)> = Vec::new();
    if let Ok(text) = std::fs::read_to_string(format!("{root}/corpus/legality.tsv")) {
        for line in text.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            if cols.len() >= 4 && cols[3].starts_with("no") {
                let fen = cols[1];
                let fens: Vec<String> = if fen.split(' ').count() >= 2 {
                    vec![fen.to_owned()]
                } else {
                    vec![format!("{fen} w - -"), format!("{fen} b - -")]
                };
                for f in fens {
                    if let Ok(pos) = Position::from_fen(&f) {
                        known.push((cols[0].to_owned(), pos));
                    }
                }
            }
        }
    }
    if let Ok(text) = std::fs::read_to_string(format!("{root}/retro-problems.epd")) {
        for (_, problem) in parse_suite(&text) {
            if let Ok(p) = problem {
                if !matches!(p.question, Question::Illegal) {
                    known.push((p.id.clone().unwrap_or_default(), p.position));
                }
            }
        }
    }
    let mut ok = 0;
    let mut times = Vec::new();
    for (id, pos) in &known {
        match attempt(pos, budget) {
            Ok((secs, len)) => {
                ok += 1;
                times.push(secs);
                if verbose {
                    println!("ok   {id}: {len} plies in {secs:.2} s");
                }
            }
            Err(e) => println!("FAIL {id}: {e}  {}", pos.to_fen()),
        }
    }
    println!(
        "known-legal corpus ({} positions, {seconds} s each): {ok} found; median {:.3} s",
        known.len(),
        median(&mut times)
    );
}
