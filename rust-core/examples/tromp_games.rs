//! Proof games for random positions: the legal rows of a Tromp-sample file
//! (`examples/corpus/tromp.tsv`: John Tromp's uniformly random positions,
//! the legal ones with a game found by Texel), every `P`-th of them.
//!
//! ```sh
//! cargo run --release -p retroproof-core --example tromp_games -- \
//!     [--file FILE] [--every P] [--first K] [--seconds S] [--kernel-only]
//! ```
//!
//! - `--every P` (default 5): the legal rows numbered `K, K+P, K+2P, …`
//!   in file order (`--first K`, default 0).
//! - `--seconds S` (default 60): the budget of each search.
//! - `--kernel-only`: only the kernel planner
//!   ([`retroproof_core::proofgame::kernel`]), printing how far it got on
//!   each failure; otherwise [`find_proof_game`].
//!
//! The games of the file are not read: only the rows' verdicts and FENs.
//! Each line says `ok`/`FAIL`, the row's id, the plies or the reason and
//! the time; the last line the count found. Every game found is replayed
//! and checked to reach its position.

use std::time::{Duration, Instant};

use retroproof_core::proofgame::kernel::{self, Outcome};
use retroproof_core::proofgame::{find_proof_game, realizes, replay, Budget, Reading};
use retroproof_core::Position;

fn main() {
    let mut file = format!(
        "{}/../examples/corpus/tromp.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    let (mut every, mut first, mut seconds, mut kernel_only) = (5usize, 0usize, 60f64, false);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage(&a));
        match a.as_str() {
            "--file" => file = value(),
            "--every" => every = value().parse().unwrap_or_else(|_| usage("--every")),
            "--first" => first = value().parse().unwrap_or_else(|_| usage("--first")),
            "--seconds" => seconds = value().parse().unwrap_or_else(|_| usage("--seconds")),
            "--kernel-only" => kernel_only = true,
            _ => usage(&a),
        }
    }
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        eprintln!("error: cannot read {file}: {e}");
        std::process::exit(2)
    });
    let rows: Vec<(String, Position)> = text
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols.len() > 2 && cols[2] == "legal").then(|| {
                let pos = Position::from_fen(cols[1]).unwrap_or_else(|e| {
                    eprintln!("error: {}: bad FEN: {e}", cols[0]);
                    std::process::exit(2)
                });
                (cols[0].to_string(), pos)
            })
        })
        .collect();
    let chosen: Vec<&(String, Position)> = rows.iter().skip(first).step_by(every.max(1)).collect();
    let budget = Budget::with_time(Duration::from_secs_f64(seconds));
    let mut found = 0;
    let mut times = Vec::new();
    for (id, pos) in &chosen {
        let t = Instant::now();
        let result = if kernel_only {
            match kernel::find(pos, Reading::Asserted, budget) {
                Outcome::Found(game) => Ok(game),
                other => Err(format!("{other:?}")),
            }
        } else {
            find_proof_game(pos, budget).map_err(|e| e.to_string())
        };
        let secs = t.elapsed().as_secs_f64();
        match result {
            Ok(game) => {
                let end = replay(&game).expect("the game replays");
                assert!(realizes(&end, pos), "wrong game for {id}");
                found += 1;
                times.push(secs);
                println!("ok   {id}: {} plies in {secs:.1} s", game.len());
            }
            Err(e) => println!("FAIL {id} ({secs:.1} s): {e}  {}", pos.to_fen()),
        }
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(f64::NAN);
    println!(
        "found {found} of {} (legal rows {first}, {}, … every {every}; {seconds} s each); median time of the games found {median:.1} s",
        chosen.len(),
        first + every,
    );
}

fn usage(arg: &str) -> ! {
    eprintln!("error: bad argument {arg}; usage: tromp_games [--file FILE] [--every P] [--first K] [--seconds S] [--kernel-only]");
    std::process::exit(2)
}
