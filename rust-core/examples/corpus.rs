//! Measures the deep search ([`retroproof_core::deep`]) on the shared retro
//! corpus: `lastmove.tsv` ("what were the last moves?") and `legality.tsv`
//! ("is this position legal?").
//!
//! ```sh
//! cargo run --release -p retroproof-core --example corpus -- [DIR] [--seconds S] [--nodes N]
//!     [--jobs J] [--ablations] [--without RULE] [--only ID] [--verbose]
//! ```
//!
//! `DIR` defaults to `../shared/corpus`. Prints, per file, how many records
//! are solved (the answer agrees with the record and its certificate passes
//! the native checker), wrong (the answer disagrees: a bug) and unknown;
//! with `--ablations`, the same with each rule removed; with `--without
//! RULE` (a rule's name: `sealed-bishops`), only with that rule removed. A
//! legality record proven illegal that Retractor only failed to refute
//! (`no (Retractor: …)`: not proven legal) is counted apart, as *against
//! Retractor*, not as wrong. The records are for measuring only: nothing
//! here feeds back into the engine.
//!
//! The records' figures, rule by rule and with each rule removed, and
//! what each rule was measured to add, are in `BENCHMARKS.md` ("The deep
//! search over the corpus"). Invariants and stranded men add nothing
//! here (the retraction generator already refuses impossible material,
//! and frozen men contain stranded ones); more time does not help the
//! unknowns: they need rules, not depth.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use retroproof_core::cert::{check_illegal, check_last, check_last_among};
use retroproof_core::deep::{Budget, Search, Verdict};
use retroproof_core::retro::PlyType;
use retroproof_core::rules::{Rule, RuleSet};
use retroproof_core::{Position, Unmove};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Solved,
    Wrong,
    Unknown,
    /// Proven illegal, where Retractor only failed to refute it.
    AgainstRetractor,
}

struct Options {
    dir: String,
    seconds: f64,
    nodes: u64,
    jobs: usize,
    ablations: bool,
    without: Option<Rule>,
    only: Option<String>,
    verbose: bool,
}

fn main() {
    let mut options = Options {
        dir: "../shared/corpus".into(),
        seconds: 5.0,
        nodes: 2_000_000,
        jobs: 1,
        ablations: false,
        without: None,
        only: None,
        verbose: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| panic!("{name} needs a value"))
        };
        match arg.as_str() {
            "--seconds" => options.seconds = value("--seconds").parse().expect("--seconds S"),
            "--nodes" => options.nodes = value("--nodes").parse().expect("--nodes N"),
            "--jobs" => options.jobs = value("--jobs").parse().expect("--jobs J"),
            "--only" => options.only = Some(value("--only")),
            "--ablations" => options.ablations = true,
            "--without" => options.without = Some(rule(&value("--without"))),
            "--verbose" => options.verbose = true,
            dir => options.dir = dir.to_string(),
        }
    }
    let last = read_tsv(&format!("{}/lastmove.tsv", options.dir));
    let legal = read_tsv(&format!("{}/legality.tsv", options.dir));
    let mut configs = vec![match options.without {
        None => ("all rules".to_string(), RuleSet::ALL),
        Some(rule) => (format!("without {rule}"), RuleSet::ALL.without(rule)),
    }];
    if options.ablations {
        for rule in Rule::ALL {
            configs.push((format!("without {rule}"), RuleSet::ALL.without(rule)));
        }
    }
    for (name, rules) in configs {
        let started = Instant::now();
        let a = run(&options, &last, rules, solve_last);
        let b = run(&options, &legal, rules, solve_legality);
        println!(
            "{name:<24} lastmove.tsv: {}   legality.tsv: {}   ({:.0} s)",
            summary(&a),
            summary(&b),
            started.elapsed().as_secs_f64()
        );
    }
}

fn rule(name: &str) -> Rule {
    Rule::ALL
        .into_iter()
        .find(|r| r.name() == name)
        .unwrap_or_else(|| panic!("no rule {name}"))
}

fn summary(outcomes: &[(String, Outcome, f64)]) -> String {
    let count = |o| outcomes.iter().filter(|x| x.1 == o).count();
    let mut times: Vec<f64> = outcomes.iter().map(|x| x.2).collect();
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    format!(
        "{} solved, {} wrong, {} unknown{} of {} (median {:.2} s)",
        count(Outcome::Solved),
        count(Outcome::Wrong),
        count(Outcome::Unknown),
        match count(Outcome::AgainstRetractor) {
            0 => String::new(),
            n => format!(", {n} illegal against Retractor"),
        },
        outcomes.len(),
        median
    )
}

type Record = Vec<String>;

fn read_tsv(path: &str) -> Vec<Record> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn run(
    options: &Options,
    records: &[Record],
    rules: RuleSet,
    solve: fn(&Record, RuleSet, Budget) -> (Outcome, String),
) -> Vec<(String, Outcome, f64)> {
    let budget = Budget {
        nodes: options.nodes,
        time: Some(Duration::from_secs_f64(options.seconds)),
        max_depth: 1000,
    };
    let records: Vec<&Record> = records
        .iter()
        .filter(|r| {
            options
                .only
                .as_ref()
                .is_none_or(|id| r[0].contains(id.as_str()))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let out = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(record) = records.get(i) else { break };
                let started = Instant::now();
                let (outcome, detail) = solve(record, rules, budget);
                let seconds = started.elapsed().as_secs_f64();
                if options.verbose || matches!(outcome, Outcome::Wrong | Outcome::AgainstRetractor)
                {
                    println!("{:<14} {outcome:?} {seconds:.2}s {detail}", record[0]);
                }
                out.lock()
                    .unwrap()
                    .push((record[0].clone(), outcome, seconds));
            });
        }
    });
    out.into_inner().unwrap()
}

fn with_turn(fen: &str, turn: char) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    fields.resize(fields.len().max(4), "-".to_string());
    fields[1] = turn.to_string();
    fields.join(" ")
}

/// The last `n` plies (oldest first) with their certificate checked, and the
/// certificate's size; or why not.
fn last_plies_sized(
    fen: &str,
    n: u32,
    rules: RuleSet,
    budget: Budget,
) -> Result<(Vec<Unmove>, usize), String> {
    let pos: Position = fen.parse().map_err(|e| format!("{e}"))?;
    match Search::new(rules, budget).last(&pos, n) {
        Verdict::Last { plies, certificate } => {
            check_last(&pos, &plies, &certificate)
                .map_err(|e| format!("CERTIFICATE REFUSED: {e}"))?;
            Ok((plies, certificate.len()))
        }
        Verdict::Illegal(certificate) => {
            check_illegal(&pos, &certificate).map_err(|e| format!("CERTIFICATE REFUSED: {e}"))?;
            Err(format!("ILLEGAL ({} positions)", certificate.len()))
        }
        Verdict::LastAmong { .. } => Err("internal: LastAmong from last".to_string()),
        Verdict::Legal(game) => Err(format!("a game of {} plies reaches it", game.len())),
        Verdict::Unknown(reason) => Err(reason),
    }
}

/// The type of the last ply of every game reaching `fen` (janko.at's
/// notation, [`PlyType`]), by [`Search::last_among`], with its certificate
/// checked, and the certificate's size; or why not.
fn last_type(fen: &str, rules: RuleSet, budget: Budget) -> Result<(String, usize), String> {
    let pos: Position = fen.parse().map_err(|e| format!("{e}"))?;
    let refused = |e: retroproof_core::cert::CertError| format!("CERTIFICATE REFUSED: {e}");
    match Search::new(rules, budget).last_among(&pos, |_, u| PlyType::of(u.forward())) {
        Verdict::Last { plies, certificate } => {
            check_last(&pos, &plies, &certificate).map_err(refused)?;
            Ok((
                PlyType::of(plies[0].forward()).to_string(),
                certificate.len(),
            ))
        }
        Verdict::LastAmong { plies, certificate } => {
            check_last_among(&pos, &plies, &certificate).map_err(refused)?;
            Ok((
                PlyType::of(plies[0].forward()).to_string(),
                certificate.len(),
            ))
        }
        Verdict::Illegal(certificate) => {
            check_illegal(&pos, &certificate).map_err(refused)?;
            Err(format!("ILLEGAL ({} positions)", certificate.len()))
        }
        Verdict::Legal(game) => Err(format!("a game of {} plies reaches it", game.len())),
        Verdict::Unknown(reason) => Err(reason),
    }
}

fn solve_last(record: &Record, rules: RuleSet, budget: Budget) -> (Outcome, String) {
    let (fen, question, expected, expected_uci) = (&record[1], &record[3], &record[4], &record[5]);
    let unknown = |why: String| (Outcome::Unknown, why);
    if question == "last 1 type both-sides" {
        let wanted: Vec<&str> = expected
            .trim_matches(|c| c == '{' || c == '}')
            .split(',')
            .collect();
        let mut found = Vec::new();
        for turn in ['w', 'b'] {
            match last_type(&with_turn(fen, turn), rules, budget) {
                Ok((ty, _)) => found.push(ty),
                Err(why) if why.starts_with("CERT") => return (Outcome::Wrong, why),
                Err(why) => return unknown(format!("{turn} to move: {why}")),
            }
        }
        let mut a = found.clone();
        a.sort();
        let mut b: Vec<String> = wanted.iter().map(|s| s.to_string()).collect();
        b.sort();
        let outcome = if a == b {
            Outcome::Solved
        } else {
            Outcome::Wrong
        };
        return (outcome, format!("found {found:?}, expected {expected}"));
    }
    let Some(n) = question
        .strip_prefix("last ")
        .and_then(|q| q.split_whitespace().next())
        .and_then(|q| q.parse::<u32>().ok())
    else {
        return unknown(format!("question {question:?} not understood"));
    };
    let found = if question.ends_with("type") {
        last_type(fen, rules, budget)
    } else {
        last_plies_sized(fen, n, rules, budget).map(|(plies, size)| {
            let words: Vec<String> = plies.iter().map(|u| u.forward().to_string()).collect();
            (words.join(" "), size)
        })
    };
    match found {
        Ok((found, size)) => {
            let want = if question.ends_with("type") {
                expected
            } else {
                expected_uci
            };
            let outcome = if &found == want {
                Outcome::Solved
            } else {
                Outcome::Wrong
            };
            (
                outcome,
                format!("found {found}, expected {want}; certificate {size} positions"),
            )
        }
        Err(why) if why.starts_with("CERT") || why.starts_with("ILLEGAL") => (Outcome::Wrong, why),
        Err(why) => unknown(why),
    }
}

/// `Some(true)`: shown illegal (certificate checked); `Some(false)`: a game
/// reaches it; `None`: unknown.
fn illegal(fen: &str, rules: RuleSet, budget: Budget) -> Result<Option<bool>, String> {
    let pos: Position = match fen.parse() {
        Ok(pos) => pos,
        // A FEN the parser refuses (two kings of a side, …) is no position at all.
        Err(e) => return Err(format!("unparsable: {e}")),
    };
    match Search::new(rules, budget).illegal(&pos) {
        Verdict::Illegal(certificate) => {
            check_illegal(&pos, &certificate).map_err(|e| format!("CERTIFICATE REFUSED: {e}"))?;
            if std::env::var_os("CORPUS_SIZES").is_some() {
                println!("certificate {} positions: {fen}", certificate.len());
            }
            Ok(Some(true))
        }
        Verdict::Legal(game) => {
            let mut p = Position::start();
            for m in &game {
                p = p
                    .play(m)
                    .map_err(|e| format!("GAME DOES NOT REPLAY: {e}"))?;
            }
            Ok(Some(false))
        }
        Verdict::Last { .. } | Verdict::LastAmong { .. } | Verdict::Unknown(_) => Ok(None),
    }
}

fn solve_legality(record: &Record, rules: RuleSet, budget: Budget) -> (Outcome, String) {
    let (fen, question, expected) = (&record[1], &record[2], &record[3]);
    let expect_illegal = expected.starts_with("yes");
    let fens = if question.contains("side to move not given") {
        vec![with_turn(fen, 'w'), with_turn(fen, 'b')]
    } else {
        vec![fen.clone()]
    };
    let mut verdicts = Vec::new();
    for f in &fens {
        match illegal(f, rules, budget) {
            Ok(v) => verdicts.push(v),
            Err(why) if why.starts_with("unparsable") => verdicts.push(Some(true)),
            Err(why) => return (Outcome::Wrong, why),
        }
    }
    let verdict = if verdicts.iter().all(|v| *v == Some(true)) {
        Some(true)
    } else if verdicts.contains(&Some(false)) {
        Some(false)
    } else {
        None
    };
    // `no (Retractor: …)`: Retractor did not refute it, no game is known.
    let only_not_refuted = expected.starts_with("no (Retractor");
    let outcome = match verdict {
        Some(v) if v == expect_illegal => Outcome::Solved,
        Some(true) if only_not_refuted => Outcome::AgainstRetractor,
        Some(_) => Outcome::Wrong,
        None => Outcome::Unknown,
    };
    (outcome, format!("verdict {verdict:?}, expected {expected}"))
}
