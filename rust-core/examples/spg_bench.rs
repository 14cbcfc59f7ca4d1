//! Measures the exact-length proof-game search ([`retroproof_core::spg`])
//! on the proof-game corpus.
//!
//! ```sh
//! cargo run --release -p retroproof-core --example spg_bench -- \
//!     --file ../examples/corpus/spg.tsv --seconds 10 --jobs 1 [--max K] [--only ID,ID…] [--up-to N]
//! ```
//!
//! (paths are relative to `rust-core/`). The file's shape decides what is
//! expected: `spg.tsv` rows carry published games (`solutions_uci`, two
//! games separated by ` | `), `spg_flagged.tsv` rows have more than one
//! game, `spg_no_solution.tsv` rows none. `--max K` stops each search after
//! `K` games (default: list them all; `--max 2` is enough to show a
//! problem cooked). `--only` keeps the problems of these ids (separated by
//! commas). `--up-to N` keeps the problems of at most `N` plies.
//! `--nodes N` limits each search to `N` positions. `--basic` cuts the
//! search with the simpler bound a checker can mirror
//! ([`retroproof_core::spg::Level::Basic`]). For studying a
//! problem: `--trace` prints each side's bound along the record's game,
//! `--from K` searches from the position after `K` plies of it (the games
//! listed are then only those through that position).
//!
//! One line per problem: the published game found (yes/no/-), the search
//! complete (yes/no), the games found, the verdict, nodes and seconds; then
//! summary lines. Every game listed is replayed with shakmaty (an
//! independent move generator) and must reach the diagram; a listed game
//! that does not, a complete search missing a published game (or the
//! record's example game), or "unique" against two published games is
//! counted as WRONG. A game (replayed) for a position recorded as having
//! none, or "unique" for one recorded as cooked, is counted apart as
//! against the record: those records carry solvers' unverified claims
//! (their notes say so), which a replayed game refutes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use retroproof_core::spg::{Diagram, Level, Limits, Report, Solver, Verdict};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};

struct Options {
    file: String,
    seconds: f64,
    jobs: usize,
    max: Option<usize>,
    only: Option<String>,
    up_to: Option<u32>,
    trace: bool,
    nodes: Option<u64>,
    from: u32,
    level: Level,
}

/// What the record expects.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// Published games (one, or two for `unique = no`).
    Published,
    /// More than one game.
    Cooked,
    /// No game.
    None,
}

struct Problem {
    id: String,
    fen: String,
    plies: u32,
    published: Vec<Vec<String>>,
    expect: Expect,
}

struct Outcome {
    line: String,
    found_published: bool,
    complete: bool,
    within: [bool; 2],
    wrong: bool,
    against_record: bool,
    seconds: f64,
    plies: u32,
}

fn main() {
    let options = parse_args();
    let text = std::fs::read_to_string(&options.file)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", options.file));
    let problems = read_problems(&text, &options);
    if options.trace {
        problems.iter().for_each(trace);
        return;
    }
    let next = AtomicUsize::new(0);
    let outcomes: Mutex<Vec<(usize, Outcome)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..options.jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(p) = problems.get(i) else { break };
                let o = solve(p, &options);
                println!("{}", o.line);
                outcomes.lock().unwrap().push((i, o));
            });
        }
    });
    let mut outcomes = outcomes.into_inner().unwrap();
    outcomes.sort_by_key(|(i, _)| *i);
    summary(&problems, &outcomes, &options);
}

fn parse_args() -> Options {
    let mut o = Options {
        file: "../examples/corpus/spg.tsv".to_owned(),
        seconds: 10.0,
        jobs: 1,
        max: None,
        only: None,
        up_to: None,
        trace: false,
        nodes: None,
        from: 0,
        level: Level::Full,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--file" => o.file = value(),
            "--seconds" => o.seconds = value().parse().expect("--seconds S"),
            "--jobs" => o.jobs = value().parse().expect("--jobs J"),
            "--max" => o.max = Some(value().parse().expect("--max K")),
            "--only" => o.only = Some(value()),
            "--up-to" => o.up_to = Some(value().parse().expect("--up-to N")),
            "--trace" => o.trace = true,
            "--nodes" => o.nodes = Some(value().parse().expect("--nodes N")),
            "--from" => o.from = value().parse().expect("--from K"),
            "--basic" => o.level = Level::Basic,
            _ => panic!("unknown argument {a}"),
        }
    }
    o
}

fn read_problems(text: &str, options: &Options) -> Vec<Problem> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name);
    let (id, fen, plies) = (
        col("id").expect("id"),
        col("fen").expect("fen"),
        col("plies").expect("plies"),
    );
    let expect = if col("solutions_uci").is_some() {
        Expect::Published
    } else if col("example_solution_uci").is_some() {
        Expect::Cooked
    } else {
        Expect::None
    };
    let games = col("solutions_uci").or(col("example_solution_uci"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let published = games
                .map(|g| {
                    f[g].split(" | ")
                        .map(|game| game.split_whitespace().map(str::to_owned).collect())
                        .collect()
                })
                .unwrap_or_default();
            Problem {
                id: f[id].to_owned(),
                fen: f[fen].to_owned(),
                plies: f[plies].parse().expect("plies"),
                published,
                expect,
            }
        })
        .filter(|p| {
            options
                .only
                .as_ref()
                .is_none_or(|o| o.split(',').any(|id| id.trim() == p.id))
        })
        .filter(|p| options.up_to.is_none_or(|n| p.plies <= n))
        .collect()
}

fn solve(p: &Problem, options: &Options) -> Outcome {
    let diagram = Diagram::from_fen(&p.fen).expect("a diagram");
    let limits = Limits {
        max_solutions: options.max,
        time: Some(Duration::from_secs_f64(options.seconds)),
        nodes: options.nodes,
    };
    // With `--from K`, from the position after K plies of the record's game.
    let mut root = retroproof_core::Position::start();
    let mut prefix = Vec::new();
    if let Some(game) = p.published.first() {
        for uci in game.iter().take(options.from as usize) {
            let m = root.parse_uci(uci).expect("a legal move");
            root = root.play(&m).expect("a legal move");
            prefix.push(m);
        }
    }
    let mut report = Solver::with_level(diagram, options.level).search_from(
        &root,
        p.plies - prefix.len() as u32,
        &limits,
    );
    for g in &mut report.solutions {
        g.splice(0..0, prefix.iter().copied());
    }
    let games: Vec<Vec<String>> = report
        .solutions
        .iter()
        .map(|g| g.iter().map(|m| m.to_uci()).collect())
        .collect();
    let bad_replays = games.iter().filter(|g| !replays_to(g, &p.fen)).count();
    let found_published = p.published.iter().any(|g| games.contains(g));
    // Objective errors: a listed game that does not replay, a complete
    // search without a published game (each replays), "unique" against
    // two published games.
    let mut wrong = Vec::new();
    // Disagreements with a record whose claim no game backs: a second game
    // for a flagged position (the record's note says whether its games
    // were checked), or a claim of no game.
    let mut against = Vec::new();
    if bad_replays > 0 {
        wrong.push(format!("{bad_replays} games do not replay"));
    }
    let verdict = report.verdict();
    match p.expect {
        Expect::Published => {
            if report.complete && !p.published.iter().all(|g| games.contains(g)) {
                wrong.push("complete without the published game".to_owned());
            }
            if verdict == Verdict::Unique && p.published.len() > 1 {
                wrong.push("unique, but two games are published".to_owned());
            }
        }
        Expect::Cooked => {
            if report.complete && !p.published.iter().all(|g| games.contains(g)) {
                wrong.push("complete without the record's game".to_owned());
            } else if verdict == Verdict::Unique {
                against.push("unique, the record says cooked".to_owned());
            }
        }
        Expect::None => {
            if !games.is_empty() && bad_replays == 0 {
                against.push("a game (replayed) where the record claims none".to_owned());
            }
        }
    }
    let yes = |b: bool| if b { "yes" } else { "no" };
    let published = match p.expect {
        Expect::Published => yes(found_published),
        _ => "-",
    };
    let line = format!(
        "{:<48} {:>2} plies  published {:<3}  complete {:<3}  games {:>2}  {:<8} nodes {:>10}  {:>7.2} s{}",
        p.id,
        p.plies,
        published,
        yes(report.complete),
        games.len(),
        format!("{verdict:?}"),
        report.nodes,
        report.seconds,
        if wrong.is_empty() {
            String::new()
        } else {
            format!("  WRONG: {}", wrong.join("; "))
        } + &if against.is_empty() {
            String::new()
        } else {
            format!("  AGAINST RECORD: {}", against.join("; "))
        }
    );
    Outcome {
        line,
        found_published,
        complete: established(&report, p),
        within: [report.seconds <= 10.0, report.seconds <= 60.0],
        wrong: !wrong.is_empty(),
        against_record: !against.is_empty(),
        seconds: report.seconds,
        plies: p.plies,
    }
}

/// Prints, along the record's game, each side's lower bound against the
/// moves it has left: where the bounds leave slack, the search branches.
fn trace(p: &Problem) {
    let diagram = Diagram::from_fen(&p.fen).expect("a diagram");
    let mut solver = Solver::new(diagram);
    let Some(game) = p.published.first() else {
        return;
    };
    println!("{} ({} plies)", p.id, p.plies);
    let mut pos = retroproof_core::Position::start();
    for (i, uci) in std::iter::once(None)
        .chain(game.iter().map(Some))
        .enumerate()
    {
        if let Some(uci) = uci {
            let m = pos.parse_uci(uci).expect("a legal move");
            pos = pos.play(&m).expect("a legal move");
        }
        let left = p.plies - i as u32;
        let have = match pos.turn() {
            retroproof_core::Color::White => [left.div_ceil(2), left / 2],
            retroproof_core::Color::Black => [left / 2, left.div_ceil(2)],
        };
        let lb = solver.bounds(&pos, left);
        println!(
            "{:>3} {:<6} white {:>2}/{:<2} black {:>2}/{:<2}",
            i,
            uci.map_or("", |u| u.as_str()),
            lb[0],
            have[0],
            lb[1],
            have[1]
        );
    }
}

/// The answer the record asks for is established: the search complete, or
/// (for a cooked position) two games found.
fn established(report: &Report, p: &Problem) -> bool {
    report.complete || (p.expect == Expect::Cooked && report.solutions.len() >= 2)
}

/// Whether the game (UCI) replays legally with shakmaty from the initial
/// position to the diagram of `fen` (board and side to move).
fn replays_to(game: &[String], fen: &str) -> bool {
    let mut pos = Chess::default();
    for uci in game {
        let Ok(m) = uci.parse::<shakmaty::uci::UciMove>() else {
            return false;
        };
        let Ok(m) = m.to_move(&pos) else {
            return false;
        };
        pos.play_unchecked(m);
    }
    let want: Fen = fen.parse().expect("a FEN");
    let got = Fen::from_position(&pos, shakmaty::EnPassantMode::Legal);
    let fields = |f: &Fen| {
        let s = f.to_string();
        s.split_whitespace()
            .take(2)
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let _ = CastlingMode::Standard;
    fields(&got) == fields(&want)
}

fn summary(problems: &[Problem], outcomes: &[(usize, Outcome)], options: &Options) {
    let n = outcomes.len();
    let count = |f: &dyn Fn(&Outcome) -> bool| outcomes.iter().filter(|(_, o)| f(o)).count();
    println!("---");
    println!(
        "{}: {} problems, --seconds {} --jobs {}{}",
        options.file,
        problems.len(),
        options.seconds,
        options.jobs,
        options.max.map_or(String::new(), |k| format!(" --max {k}"))
    );
    if problems
        .first()
        .is_some_and(|p| p.expect == Expect::Published)
    {
        println!(
            "published game found: {}/{n} ({} within 60 s)",
            count(&|o| o.found_published),
            count(&|o| o.found_published && o.within[1])
        );
        let short = count(&|o| o.plies <= 30);
        println!(
            "complete up to 30 plies: {}/{short}",
            count(&|o| o.plies <= 30 && o.complete)
        );
    }
    println!(
        "established (complete, or cooked with two games): {}/{n}; within 10 s: {}",
        count(&|o| o.complete),
        count(&|o| o.complete && o.within[0])
    );
    let total: f64 = outcomes.iter().map(|(_, o)| o.seconds).sum();
    println!(
        "total {total:.1} s; WRONG: {}; against an unverified record: {}",
        count(&|o| o.wrong),
        count(&|o| o.against_record)
    );
}
