//! How often, and how fast, [`find_proof_game`] finds a proof game.
//!
//! ```sh
//! cargo run --release -p retroproof-core --example proofgame_bench -- \
//!     [--positions N] [--min-plies A] [--max-plies B] [--seconds S] [--seed K] \
//!     [--only random|corpus|games] [--corpus FILE] [--pgn FILE]... [--every P] \
//!     [--fen FEN] [--fens FILE] [--lastmove FILE] [--jobs J] [--verbose]
//! ```
//!
//! - Random play (`random`): `N` games from the initial position (default
//!   100), each of a random length in `A..=B` plies (default 10..=200),
//!   ending early at mate or stalemate; a proof game is looked for from each
//!   final position (castling rights and en passant square as the game left
//!   them), within `S` seconds each (default 5).
//! - Known-legal positions (`corpus`): the rows of the legality corpus
//!   (default `examples/corpus/legality.tsv`) that are legal or not refuted
//!   (`no …`; a board without a side to move counts once per side), and the
//!   problems of `examples/retro-problems.epd` that are not `illegal`.
//! - Real games (`games`): the position after every `P`-th ply (default
//!   10) and the final position of each game of the PGN files (default
//!   `examples/opera.pgn` and `examples/famous-games.pgn`).
//! - Last-move answers (`--lastmove FILE`, a last-move corpus such as
//!   `examples/corpus/lastmove.tsv`): each record (a `both-sides` record
//!   once per side to move) is answered by the deep search
//!   ([`retroproof_core::deep`], its standard budget); for each answer the
//!   game is looked for as `retroproof` does to make it unconditional: aimed
//!   at the position before the answer's plies (one ply back per
//!   retraction of a "last move among" answer, the time shared), within
//!   `S` seconds as the CLI's `--game-time` gives them
//!   ([`Budget::with_time`]: a node limit of 100,000 a second). Records
//!   the deep search does not answer are listed as `UNPROVEN` and not
//!   counted. `--retry OUT` (an earlier run's output) runs only the
//!   records with a position that run printed as `FAIL`.
//! - `--fen FEN`: that one position only; `--fens FILE`: the positions of
//!   `FILE`, one FEN per line (a `FAIL`/`ok` line of this bench's output
//!   is read by its FEN, after the first two spaces-separated fields).
//!
//! `--cli-budget`: each search gets [`Budget::with_time`] of `S` seconds
//! (a node limit of 100,000 a second, as `retroproof`'s `--game-time`)
//! instead of the time alone (`--lastmove` always does).
//!
//! `--jobs J` searches `J` positions at a time (default 1): on a machine
//! whose other cores are busy, more jobs make each search slower against
//! its time limit.
//!
//! Each set prints its success count, the median, 90th percentile and
//! maximum time of the successes, and each failure with its one-line
//! reason. Every game found is replayed and checked to reach its position.
//!
//! Measured: see the figures in the [`retroproof_core::proofgame`] module
//! docs.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use retroproof_core::deep::{Budget as DeepBudget, Search, Verdict};
use retroproof_core::pgn::parse_games;
use retroproof_core::problem::{parse_suite, Question};
use retroproof_core::proofgame::{find_proof_game, realizes, replay, Budget};
use retroproof_core::random::Rng;
use retroproof_core::retro::PlyType;
use retroproof_core::rules::RuleSet;
use retroproof_core::{Move, Position};

struct Args {
    positions: usize,
    min_plies: usize,
    max_plies: usize,
    seconds: f64,
    seed: u64,
    only: Option<String>,
    corpus: String,
    pgn: Vec<String>,
    every: usize,
    fen: Option<String>,
    fens: Option<String>,
    lastmove: Option<String>,
    retry: Option<String>,
    cli_budget: bool,
    jobs: usize,
    verbose: bool,
}

const USAGE: &str = "usage: proofgame_bench [--positions N] [--min-plies A] [--max-plies B] \
    [--seconds S] [--seed K] [--only random|corpus|games] [--corpus FILE] [--pgn FILE]... \
    [--every P] [--fen FEN] [--fens FILE] [--lastmove FILE] [--retry OUT] [--cli-budget] \
    [--jobs J] [--verbose] (the file's docs say what each does)";

/// Bad arguments: one `error:` line and the usage, exit code 2.
fn usage_error(message: &str) -> ! {
    eprintln!("error: {message}");
    eprintln!("{USAGE}");
    std::process::exit(2)
}

/// The value of `flag`, parsed.
fn parsed<T: std::str::FromStr>(flag: &str, value: String) -> T {
    value
        .parse()
        .unwrap_or_else(|_| usage_error(&format!("{flag}: cannot read `{value}`")))
}

fn parse_args() -> Args {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let mut a = Args {
        positions: 100,
        min_plies: 10,
        max_plies: 200,
        seconds: 5.0,
        seed: 1,
        only: None,
        corpus: format!("{root}/corpus/legality.tsv"),
        pgn: Vec::new(),
        every: 10,
        fen: None,
        fens: None,
        lastmove: None,
        retry: None,
        cli_budget: false,
        jobs: 1,
        verbose: std::env::var_os("VERBOSE").is_some(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .unwrap_or_else(|| usage_error(&format!("{flag} needs a value")))
        };
        match flag.as_str() {
            "--positions" => a.positions = parsed("--positions", value()),
            "--min-plies" => a.min_plies = parsed("--min-plies", value()),
            "--max-plies" => a.max_plies = parsed("--max-plies", value()),
            "--seconds" => a.seconds = parsed("--seconds", value()),
            "--seed" => a.seed = parsed("--seed", value()),
            "--only" => a.only = Some(value()),
            "--corpus" => a.corpus = value(),
            "--pgn" => a.pgn.push(value()),
            "--every" => a.every = parsed("--every", value()),
            "--fen" => a.fen = Some(value()),
            "--fens" => a.fens = Some(value()),
            "--lastmove" => a.lastmove = Some(value()),
            "--retry" => a.retry = Some(value()),
            "--cli-budget" => a.cli_budget = true,
            "--jobs" => a.jobs = parsed("--jobs", value()),
            "--verbose" => a.verbose = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                std::process::exit(0)
            }
            other => usage_error(&format!("unknown argument `{other}`")),
        }
    }
    if a.pgn.is_empty() {
        a.pgn = vec![
            format!("{root}/opera.pgn"),
            format!("{root}/famous-games.pgn"),
        ];
    }
    a
}

/// `(seconds, plies)` of a game found, or `(seconds, why not)`.
type Attempt = Result<(f64, usize), (f64, String)>;

/// Looks for a proof game: `(seconds, plies)` on success, the reason else.
fn attempt(pos: &Position, budget: Budget) -> Attempt {
    let t = Instant::now();
    let result = find_proof_game(pos, budget);
    let secs = t.elapsed().as_secs_f64();
    match result {
        Ok(game) => {
            let end = replay(&game).expect("the game replays");
            assert!(realizes(&end, pos), "wrong game for {}", pos.to_fen());
            Ok((secs, game.len()))
        }
        Err(e) => Err((secs, e.to_string())),
    }
}

/// The value below which a fraction `q` of the sorted `v` lies.
fn quantile(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let i = ((v.len() as f64 * q).ceil() as usize).clamp(1, v.len()) - 1;
    v[i]
}

/// Runs every position of a set (`jobs` at a time; results printed in the
/// set's order as they complete in order) and prints one summary line.
fn run(name: &str, set: &[(String, Position)], budget: Budget, verbose: bool, jobs: usize) {
    run_with(name, set, verbose, jobs, |i| attempt(&set[i].1, budget));
}

/// [`run`] with each position's attempt made by `attempt` (given its index).
fn run_with(
    name: &str,
    set: &[(String, Position)],
    verbose: bool,
    jobs: usize,
    attempt: impl Fn(usize) -> Attempt + Sync,
) {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Attempt>>> = Mutex::new(vec![None; set.len()]);
    let printed = Mutex::new(0usize);
    let report = |i: usize, r: &Attempt| {
        let (id, pos) = &set[i];
        match r {
            Ok((secs, len)) if verbose => {
                println!("ok   {id}: {len} plies in {secs:.2} s  {}", pos.to_fen())
            }
            Ok(_) => {}
            Err((secs, e)) => println!("FAIL {id} ({secs:.1} s): {e}  {}", pos.to_fen()),
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= set.len() {
                    break;
                }
                let r = attempt(i);
                let mut all = results.lock().unwrap();
                all[i] = Some(r);
                // Print every finished result that no earlier one waits for.
                let mut p = printed.lock().unwrap();
                while *p < set.len() {
                    let Some(r) = &all[*p] else { break };
                    report(*p, r);
                    *p += 1;
                }
            });
        }
    });
    let mut times = Vec::new();
    let mut lengths = Vec::new();
    for (secs, len) in results
        .into_inner()
        .unwrap()
        .into_iter()
        .flatten()
        .flatten()
    {
        times.push(secs);
        lengths.push(len as f64);
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    lengths.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = set.len();
    println!(
        "{name}: {}/{n} found ({:.1}%); time median {:.3} s, 90% {:.3} s, max {:.2} s; median game {} plies",
        times.len(),
        100.0 * times.len() as f64 / n.max(1) as f64,
        quantile(&times, 0.5),
        quantile(&times, 0.9),
        times.last().copied().unwrap_or(f64::NAN),
        quantile(&lengths, 0.5),
    );
}

/// The FEN of a line: the line itself, or the last six fields of a line
/// of this bench's output (`FAIL …  FEN` or `ok … FEN`).
fn fen_of_line(line: &str) -> Option<String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.is_empty() || line.starts_with('#') {
        return None;
    }
    let fen = fields[fields.len().saturating_sub(6)..].join(" ");
    Position::from_fen(&fen).is_ok().then_some(fen)
}

fn random_set(a: &Args) -> Vec<(String, Position)> {
    let mut rng = Rng::new(a.seed);
    (0..a.positions)
        .map(|i| {
            let plies = a.min_plies + rng.below(a.max_plies - a.min_plies + 1);
            let mut pos = Position::start();
            let mut played = 0;
            while played < plies && rng.play_random_move(&mut pos) {
                played += 1;
            }
            (format!("random {i} ({played} plies)"), pos)
        })
        .collect()
}

fn corpus_set(a: &Args) -> Vec<(String, Position)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let mut known = Vec::new();
    if let Ok(text) = std::fs::read_to_string(&a.corpus) {
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
    known
}

fn games_set(a: &Args) -> Vec<(String, Position)> {
    let mut set = Vec::new();
    for file in &a.pgn {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let games = parse_games(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        for (g, game) in games.into_iter().enumerate() {
            let game = game.unwrap_or_else(|e| panic!("{file} game {}: {e}", g + 1));
            let who = format!(
                "{}-{}",
                game.tag("White").unwrap_or("?"),
                game.tag("Black").unwrap_or("?")
            );
            let mut pos = game.start;
            for (i, m) in game.moves.iter().enumerate() {
                pos.play_unchecked(m);
                let ply = i + 1;
                if ply % a.every.max(1) == 0 || ply == game.moves.len() {
                    set.push((format!("{who} ply {ply}"), pos));
                }
            }
        }
    }
    set
}

/// A position of a last-move record and the positions its game is aimed
/// at: the position before the answer's plies, with those plies (oldest
/// first), or one per retraction of a "last move among" answer.
struct LastMoveCase {
    id: String,
    pos: Position,
    targets: Vec<(Position, Vec<Move>)>,
}

/// The cases of a last-move corpus the deep search answers, and the ids
/// (with the reason) of those it does not; with `only`, of those records.
fn lastmove_set(file: &str, only: Option<&[String]>) -> (Vec<LastMoveCase>, Vec<String>) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let (mut cases, mut unproven) = (Vec::new(), Vec::new());
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 4 {
            continue;
        }
        let (id, fen, question) = (cols[0], cols[1], cols[3]);
        if only.is_some_and(|ids| !ids.iter().any(|i| i == id)) {
            continue;
        }
        let fens: Vec<String> = if question.ends_with("both-sides") {
            ['w', 'b']
                .iter()
                .map(|t| {
                    let mut f: Vec<String> = fen.split_whitespace().map(str::to_owned).collect();
                    f.resize(f.len().max(4), "-".to_owned());
                    f[1] = t.to_string();
                    f.join(" ")
                })
                .collect()
        } else {
            vec![fen.to_owned()]
        };
        let n: u32 = question
            .strip_prefix("last ")
            .and_then(|q| q.split_whitespace().next())
            .and_then(|q| q.parse().ok())
            .unwrap_or(1);
        for f in fens {
            let Ok(pos) = Position::from_fen(&f) else {
                unproven.push(format!("{id}: unparsable"));
                continue;
            };
            let mut search = Search::new(RuleSet::ALL, DeepBudget::STANDARD);
            let verdict = if question.ends_with("type") || question.ends_with("both-sides") {
                search.last_among(&pos, |_, u| PlyType::of(u.forward()))
            } else {
                search.last(&pos, n)
            };
            let targets = match verdict {
                Verdict::Last { plies, .. } => {
                    let mut at = pos;
                    for u in plies.iter().rev() {
                        at = at.unmake(u);
                    }
                    vec![(at, plies.iter().map(|u| *u.forward()).collect())]
                }
                Verdict::LastAmong { plies, .. } => plies
                    .iter()
                    .map(|u| (pos.unmake(u), vec![*u.forward()]))
                    .collect(),
                other => {
                    let why = match other {
                        Verdict::Unknown(why) => why,
                        Verdict::Illegal(_) => "illegal".to_owned(),
                        _ => "no last plies".to_owned(),
                    };
                    unproven.push(format!("{id} ({}): {why}", pos.to_fen()));
                    continue;
                }
            };
            cases.push(LastMoveCase {
                id: id.to_owned(),
                pos,
                targets,
            });
        }
    }
    (cases, unproven)
}

/// The game of a last-move case, as `retroproof` looks for it: each target
/// in turn with an equal share of `seconds` ([`Budget::with_time`]), its
/// plies played after it; the game must reach the case's position.
fn lastmove_attempt(case: &LastMoveCase, seconds: f64) -> Attempt {
    let t = Instant::now();
    let share = Duration::from_secs_f64(seconds) / case.targets.len() as u32;
    let budget = Budget::with_time(share);
    let mut last_error = String::new();
    for (q, tail) in &case.targets {
        match find_proof_game(q, budget) {
            Ok(mut game) => {
                game.extend_from_slice(tail);
                let end = replay(&game).expect("the game replays");
                assert!(realizes(&end, &case.pos), "wrong game for {}", case.id);
                return Ok((t.elapsed().as_secs_f64(), game.len()));
            }
            Err(e) => last_error = e.to_string(),
        }
    }
    Err((t.elapsed().as_secs_f64(), last_error))
}

fn main() {
    let a = parse_args();
    let budget = if a.cli_budget {
        Budget::with_time(Duration::from_secs_f64(a.seconds))
    } else {
        Budget {
            nodes: u64::MAX,
            time: Some(Duration::from_secs_f64(a.seconds)),
            weight: std::env::var("WEIGHT")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(Budget::default().weight),
            ..Budget::default()
        }
    };
    if let Some(fen) = &a.fen {
        let pos = Position::from_fen(fen).expect("a FEN");
        run("position", &[(fen.clone(), pos)], budget, true, 1);
        return;
    }
    if let Some(file) = &a.lastmove {
        let failed: Option<Vec<String>> = a.retry.as_ref().map(|out| {
            let text = std::fs::read_to_string(out).unwrap_or_else(|e| panic!("{out}: {e}"));
            text.lines()
                .filter_map(|l| l.strip_prefix("FAIL "))
                .filter_map(|l| l.split_whitespace().next())
                .map(str::to_owned)
                .collect()
        });
        let (cases, unproven) = lastmove_set(file, failed.as_deref());
        for why in &unproven {
            println!("UNPROVEN {why}");
        }
        let set: Vec<(String, Position)> = cases.iter().map(|c| (c.id.clone(), c.pos)).collect();
        run_with(
            &format!(
                "{file}: games of the {} answers ({} s each, as --game-time)",
                cases.len(),
                a.seconds
            ),
            &set,
            a.verbose,
            a.jobs,
            |i| lastmove_attempt(&cases[i], a.seconds),
        );
        return;
    }
    if let Some(file) = &a.fens {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let set: Vec<(String, Position)> = text
            .lines()
            .filter_map(fen_of_line)
            .map(|fen| (fen.clone(), Position::from_fen(&fen).expect("a FEN")))
            .collect();
        run(
            &format!("{file} ({} s each)", a.seconds),
            &set,
            budget,
            a.verbose,
            a.jobs,
        );
        return;
    }
    let wants = |s: &str| a.only.as_deref().is_none_or(|o| o == s);
    if wants("random") {
        let name = format!(
            "random play ({} games of {}..={} plies, seed {}, {} s each)",
            a.positions, a.min_plies, a.max_plies, a.seed, a.seconds
        );
        run(&name, &random_set(&a), budget, a.verbose, a.jobs);
    }
    if wants("corpus") {
        let name = format!("known-legal corpus ({} s each)", a.seconds);
        run(&name, &corpus_set(&a), budget, a.verbose, a.jobs);
    }
    if wants("games") {
        let name = format!("real games (every {}th ply, {} s each)", a.every, a.seconds);
        run(&name, &games_set(&a), budget, a.verbose, a.jobs);
    }
}
