//! Measures the abstract retro search ([`retroproof_core::history`]).
//!
//! ```sh
//! cargo run --release -p retroproof-core --example history_bench -- \
//!     tromp|legality|lastmove|random [FILE|N] [--seconds S] [--states N]
//!     [--zones Z,Z] [--deep] [--deep-seconds S] [--depth D] [--only ID,ID]
//!     [--jobs J] [--verbose]
//! ```
//!
//! - `tromp` (default `examples/corpus/tromp.tsv`): each random position
//!   on its own, abstract search only. Counts the illegal rows refuted and
//!   the legal rows refuted (wrong: the abstraction refuted a position a
//!   proof game reaches; must be 0).
//! - `legality` (default `examples/corpus/legality.tsv`): the same on the
//!   legality corpus; a legal row (`no …`) refuted is wrong.
//! - `lastmove` (default `examples/corpus/lastmove.tsv`): the last-move
//!   records, by the deep search with the abstract search as an extra
//!   static test on each position it meets within a few plies of the
//!   question ([`Search::with_extra`]); prints which records it decides,
//!   whether the answer agrees with the record, and checks the whole
//!   answer natively: the concrete certificate closed up to the rules and
//!   the positions the abstraction refuted, each of those with its abstract
//!   certificate checked.
//! - `random [N]`: `N` positions of seeded random games (default 100):
//!   none may be refuted; how often the initial state is found.
//! - `alternatives` (default `examples/corpus/lastmove.tsv`): for each
//!   record and side to move, each retraction of the position: whether the
//!   abstract search alone refutes the position before it (the published
//!   last ply must never be refuted: counted as wrong).
//!
//! - `files [FILE]` (default `examples/corpus/tromp.tsv`; a legality
//!   corpus when its header names a `legal` column): the pawn-files search
//!   alone ([`history::files`], the abstraction Coq's `History.v` checks),
//!   `--states` states at most; its certificate checked natively.
//!
//! With `--deep`, `tromp` and `legality` run the deep search instead (the
//! abstract search plugged in as for `lastmove`; `--zones none`: the deep
//! search alone), a refutation checked the same way.
//!
//! `--zones` picks the zones tried, in order (`empty`, `frozen`, `homes`,
//! `regions`, or `none`; default all four); `--depth D` the plies below the
//! question within which the deep search calls the abstract search
//! (default 0: the predecessors of the question's position); `--seconds` and `--states` bound each abstract
//! search (default 2 s, 200,000 states); `--deep-seconds` the deep search
//! of a last-move question (default 2 s). Every refutation's certificate
//! is checked by [`history::check`].

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use std::collections::HashSet;
use std::sync::Arc;

use retroproof_core::cert::Certificate;
use retroproof_core::deep::{self, Extra, Verdict};
use retroproof_core::history::{self, Budget, Outcome, ZoneChoice};
use retroproof_core::retro::PlyType;
use retroproof_core::rules::{zone, Rule, RuleSet};
use retroproof_core::{search, Board, CastlingRights, Color, Position, Square, Unmove};

struct Options {
    mode: String,
    file: Option<String>,
    budget: Budget,
    zones: Vec<ZoneChoice>,
    deep_seconds: f64,
    depth: usize,
    deep: bool,
    only: Option<String>,
    jobs: usize,
    verbose: bool,
}

fn main() {
    let mut options = Options {
        mode: String::new(),
        file: None,
        budget: Budget::STANDARD,
        zones: ZoneChoice::ALL.to_vec(),
        deep_seconds: 2.0,
        depth: 0,
        deep: false,
        only: None,
        jobs: 1,
        verbose: false,
    };
    let mut args = std::env::args().skip(1);
    let fail = |msg: String| -> ! {
        eprintln!("error: {msg}");
        std::process::exit(2)
    };
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| fail(format!("{name} needs a value")))
        };
        match arg.as_str() {
            "--seconds" => {
                let s: f64 = value("--seconds")
                    .parse()
                    .unwrap_or_else(|_| fail("--seconds S".into()));
                options.budget.time = Some(Duration::from_secs_f64(s));
            }
            "--states" => {
                options.budget.states = value("--states")
                    .parse()
                    .unwrap_or_else(|_| fail("--states N".into()))
            }
            "--deep-seconds" => {
                options.deep_seconds = value("--deep-seconds")
                    .parse()
                    .unwrap_or_else(|_| fail("--deep-seconds S".into()))
            }
            "--depth" => {
                options.depth = value("--depth")
                    .parse()
                    .unwrap_or_else(|_| fail("--depth D".into()))
            }
            "--zones" => {
                let names = value("--zones");
                options.zones = names
                    .split(',')
                    .filter(|n| *n != "none")
                    .map(|name| {
                        ZoneChoice::ALL
                            .into_iter()
                            .find(|z| z.name() == name)
                            .unwrap_or_else(|| fail(format!("no zone {name}")))
                    })
                    .collect()
            }
            "--only" => options.only = Some(value("--only")),
            "--jobs" => {
                options.jobs = value("--jobs")
                    .parse()
                    .unwrap_or_else(|_| fail("--jobs J".into()))
            }
            "--verbose" => options.verbose = true,
            "--deep" => options.deep = true,
            "tromp" | "legality" | "lastmove" | "random" | "alternatives" | "files"
                if options.mode.is_empty() =>
            {
                options.mode = arg
            }
            file if !options.mode.is_empty() && options.file.is_none() => {
                options.file = Some(file.to_string())
            }
            other => fail(format!("unexpected argument {other}")),
        }
    }
    match options.mode.as_str() {
        "tromp" => tromp(&options),
        "legality" => legality(&options),
        "lastmove" => lastmove(&options),
        "random" => random(&options),
        "alternatives" => alternatives(&options),
        "files" => files_mode(&options),
        _ => fail("say tromp, legality, lastmove, random, alternatives or files".into()),
    }
}

type Record = Vec<String>;

fn read_tsv(path: &str) -> Vec<Record> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("error: {path}: {e}");
        std::process::exit(2)
    });
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// Runs `solve` on each record (`--only` filters by id), `--jobs` at a time;
/// the results in file order.
fn run<T: Send>(
    options: &Options,
    records: &[Record],
    solve: impl Fn(&Record) -> T + Sync,
) -> Vec<(String, T, f64)> {
    let records: Vec<&Record> = records
        .iter()
        .filter(|r| {
            options
                .only
                .as_ref()
                .is_none_or(|ids| ids.split(',').any(|id| r[0].contains(id)))
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
                let result = solve(record);
                let seconds = started.elapsed().as_secs_f64();
                out.lock()
                    .unwrap()
                    .push((i, record[0].clone(), result, seconds));
            });
        }
    });
    let mut out = out.into_inner().unwrap();
    out.sort_by_key(|x| x.0);
    out.into_iter().map(|(_, id, r, s)| (id, r, s)).collect()
}

/// What the abstract search says of one board.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Answer {
    /// Refuted with the zone named, certificate checked; the explanation.
    Refuted(&'static str, usize, String),
    /// No zone refutes it; why, for each zone.
    Open(String),
    /// The certificate was refused: a bug.
    Refused(String),
    Unparsable(String),
}

fn abstract_answer(options: &Options, fen: &str) -> Answer {
    let pos = match Position::from_fen(fen) {
        Ok(pos) => pos,
        Err(e) => return Answer::Unparsable(e.to_string()),
    };
    let board = pos.board();
    let mut reasons = Vec::new();
    let mut tried = Vec::new();
    for &choice in &options.zones {
        let zone = choice.zone(board);
        if tried.contains(&zone) {
            continue;
        }
        tried.push(zone);
        match history::search(board, zone, options.budget) {
            Outcome::Refuted(cert) => {
                if let Err(e) = history::check(board, &cert) {
                    return Answer::Refused(format!("{}: {e}", choice.name()));
                }
                let explanation = history::explanation::explain(board, &cert);
                return Answer::Refuted(choice.name(), cert.states.len(), explanation);
            }
            Outcome::Reachable(steps) => reasons.push(format!(
                "{}: reachable ({} steps)",
                choice.name(),
                steps.len()
            )),
            Outcome::Unknown(why) => reasons.push(format!("{}: {why}", choice.name())),
        }
    }
    Answer::Open(reasons.join("; "))
}

/// `--deep`: the deep search on the position (both sides to move when
/// the record gives none), the abstract search plugged in as its extra
/// test; a refutation's certificate checked natively with the abstract
/// refutations it relies on.
fn deep_answer(options: &Options, fen: &str, both_sides: bool) -> Answer {
    let fens = if both_sides {
        vec![with_turn(fen, 'w'), with_turn(fen, 'b')]
    } else {
        vec![fen.to_string()]
    };
    let mut how = Vec::new();
    for fen in &fens {
        let pos = match Position::from_fen(fen) {
            Ok(pos) => pos,
            Err(e) => return Answer::Unparsable(e.to_string()),
        };
        let budget = deep::Budget {
            nodes: 2_000_000,
            time: Some(Duration::from_secs_f64(options.deep_seconds)),
            max_depth: 1000,
        };
        let refuted: Refuted = Arc::default();
        let mut search = deep::Search::new(RuleSet::ALL, budget);
        if !options.zones.is_empty() {
            search = search.with_extra(abstract_extra(options, &refuted));
        }
        match search.illegal(&pos) {
            Verdict::Illegal(certificate) => {
                let cover = match Cover::closed(&certificate, &refuted) {
                    Ok(cover) => cover,
                    Err(why) => return Answer::Refused(why),
                };
                if !cover.covers(&pos) {
                    return Answer::Refused("the position is not covered".into());
                }
                how.push(format!(
                    "{} positions, {} refuted by the abstraction",
                    certificate.len(),
                    refuted.lock().unwrap().len()
                ));
            }
            Verdict::Unknown(why) => return Answer::Open(why),
            other => return Answer::Open(format!("{other:?}").chars().take(80).collect()),
        }
    }
    Answer::Refuted("deep", 0, how.join("; "))
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs.get(xs.len() / 2).copied().unwrap_or(0.0)
}

/// Illegal rows refuted, legal rows refuted (wrong), by verdict.
fn verdicts(options: &Options, records: &[Record], fen: usize, illegal: impl Fn(&Record) -> bool) {
    let results = run(options, records, |r| {
        if options.deep {
            let both = r.iter().any(|f| f.contains("side to move not given"));
            deep_answer(options, &r[fen], both)
        } else {
            abstract_answer(options, &r[fen])
        }
    });
    let mut refuted_illegal = 0;
    let mut illegal_rows = 0;
    let mut wrong = 0;
    let mut against = 0;
    let mut refused = 0;
    let mut times = Vec::new();
    for ((id, answer, seconds), record) in results.iter().zip(records.iter().filter(|r| {
        options
            .only
            .as_ref()
            .is_none_or(|ids| ids.split(',').any(|id| r[0].contains(id)))
    })) {
        let is_illegal = illegal(record);
        illegal_rows += usize::from(is_illegal);
        times.push(*seconds);
        let tag = match answer {
            Answer::Refuted(..) if is_illegal => {
                refuted_illegal += 1;
                "refuted"
            }
            // Retractor only failed to refute it (`no (Retractor: …)`): not
            // proven legal; counted apart, as the corpus example does.
            Answer::Refuted(..) if record.iter().any(|f| f.starts_with("no (Retractor")) => {
                against += 1;
                "against-Retractor"
            }
            Answer::Refuted(..) => {
                wrong += 1;
                "WRONG"
            }
            Answer::Refused(_) => {
                refused += 1;
                "REFUSED"
            }
            Answer::Open(_) | Answer::Unparsable(_) => "open",
        };
        if options.verbose || tag != "open" && tag != "refuted" {
            let detail = match answer {
                Answer::Refuted(zone, n, why) => format!("zone {zone}, {n} states: {why}"),
                Answer::Open(why) | Answer::Refused(why) | Answer::Unparsable(why) => why.clone(),
            };
            println!(
                "{id:<16} {} {tag:<8} {seconds:.2}s {detail}",
                if is_illegal { "illegal" } else { "legal  " }
            );
        }
    }
    println!(
        "illegal rows refuted: {refuted_illegal} of {illegal_rows}; legal rows refuted (wrong): \
         {wrong} of {}{}; certificates refused: {refused}; median {:.2} s",
        results.len() - illegal_rows,
        if against > 0 {
            format!(" ({against} more refuted that Retractor only fails to refute)")
        } else {
            String::new()
        },
        median(times)
    );
}

fn tromp(options: &Options) {
    let file = options
        .file
        .clone()
        .unwrap_or_else(|| "examples/corpus/tromp.tsv".into());
    let records = read_tsv(&file);
    verdicts(options, &records, 1, |r| r[2] == "illegal");
}

fn legality(options: &Options) {
    let file = options
        .file
        .clone()
        .unwrap_or_else(|| "examples/corpus/legality.tsv".into());
    let records = read_tsv(&file);
    verdicts(options, &records, 1, |r| r[3].starts_with("yes"));
}

/// The positions the abstract search refuted inside a deep search, with
/// their certificates.
type Refuted = Arc<Mutex<Vec<(Position, history::Certificate)>>>;

/// The extra test for the deep search: the abstract search, on positions
/// met within `--depth` plies of the question, recorded in `refuted`.
fn abstract_extra(options: &Options, refuted: &Refuted) -> Extra {
    let refuted = Arc::clone(refuted);
    let zones = options.zones.clone();
    let budget = options.budget;
    let depth = options.depth;
    // The abstract searches of one question share the deep search's time.
    let total = Duration::from_secs_f64(options.deep_seconds);
    let mut spent = Duration::ZERO;
    Box::new(move |pos: &Position, d: usize| {
        if d > depth || spent >= total {
            return false;
        }
        let started = Instant::now();
        let found = history::refute(pos.board(), &zones, budget);
        spent += started.elapsed();
        match found {
            Some(cert) => {
                refuted.lock().unwrap().push((*pos, cert));
                true
            }
            None => false,
        }
    })
}

/// Identifies a position as the deep search and its certificates do.
type Key = (Board, Color, CastlingRights, Option<Square>);

fn key(pos: &Position) -> Key {
    (
        *pos.board(),
        pos.turn(),
        pos.castling_rights(),
        pos.ep_square(),
    )
}

/// What a deep-search certificate covers once the abstract refutations
/// are added to its rules: the native check of a combined answer.
struct Cover<'a> {
    cert: &'a Certificate,
    members: HashSet<Key>,
    cages: Vec<HashSet<Board>>,
    abstract_refuted: HashSet<Key>,
}

impl<'a> Cover<'a> {
    /// Checks the zone cages, each abstract refutation's certificate and
    /// the dead set's closure; the cover, or why not.
    fn closed(cert: &'a Certificate, refuted: &Refuted) -> Result<Cover<'a>, String> {
        if cert.cages.iter().any(|c| !zone::is_closed(c)) {
            return Err("a zone cage is not closed".into());
        }
        let mut abstract_refuted = HashSet::new();
        for (pos, acert) in refuted.lock().unwrap().iter() {
            history::check(pos.board(), acert)
                .map_err(|e| format!("ABSTRACT CERTIFICATE REFUSED for {}: {e}", pos.to_fen()))?;
            abstract_refuted.insert(key(pos));
        }
        let cover = Cover {
            cert,
            members: cert.dead.iter().map(key).collect(),
            cages: cert
                .cages
                .iter()
                .map(|c| c.members.iter().copied().collect())
                .collect(),
            abstract_refuted,
        };
        for pos in &cert.dead {
            if search::is_initial(pos) {
                return Err("the dead set holds the initial position".into());
            }
            let open = pos
                .unmoves()
                .into_iter()
                .find(|u| !cover.covers(&pos.unmake(u)));
            if let Some(u) = open {
                if !cover.refutes(pos) {
                    return Err(format!("{} has the open retraction {u}", pos.to_fen()));
                }
            }
        }
        Ok(cover)
    }

    fn refutes(&self, pos: &Position) -> bool {
        let rules = self.cert.rules;
        rules.without(Rule::Zone).refuting(pos).is_some()
            || (rules.contains(Rule::Zone)
                && self
                    .cert
                    .cages
                    .iter()
                    .zip(&self.cages)
                    .any(|(c, set)| set.contains(&pos.board().masked(c.zone))))
            || self.abstract_refuted.contains(&key(pos))
    }

    fn covers(&self, pos: &Position) -> bool {
        self.members.contains(&key(pos)) || self.refutes(pos)
    }

    /// Every retraction of `pos` not among `plies` is covered.
    fn only(&self, pos: &Position, plies: &[Unmove]) -> Result<(), String> {
        if search::is_initial(pos) {
            return Err("a shorter game reaches the position".into());
        }
        for u in pos.unmoves() {
            if !plies.contains(&u) && !self.covers(&pos.unmake(&u)) {
                return Err(format!(
                    "the alternative {u} of {} is not covered",
                    pos.to_fen()
                ));
            }
        }
        Ok(())
    }
}

/// The deep search's answer to a last-move question on `fen`, the
/// abstract search plugged in, checked natively: the answer's words, or
/// why not.
fn deep_last(options: &Options, fen: &str, question: &str) -> Result<String, String> {
    let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
    let budget = deep::Budget {
        nodes: 2_000_000,
        time: Some(Duration::from_secs_f64(options.deep_seconds)),
        max_depth: 1000,
    };
    let refuted: Refuted = Arc::default();
    let mut search = deep::Search::new(RuleSet::ALL, budget);
    if !options.zones.is_empty() {
        search = search.with_extra(abstract_extra(options, &refuted));
    }
    let typed = question.ends_with("type") || question.ends_with("both-sides");
    let verdict = if typed {
        search.last_among(&pos, |_, u| PlyType::of(u.forward()))
    } else {
        let n: u32 = question
            .strip_prefix("last ")
            .and_then(|q| q.split_whitespace().next())
            .and_then(|q| q.parse().ok())
            .ok_or_else(|| format!("question {question:?} not understood"))?;
        search.last(&pos, n)
    };
    match verdict {
        Verdict::Last { plies, certificate } if typed => {
            let cover = Cover::closed(&certificate, &refuted)?;
            cover.only(&pos, &plies)?;
            Ok(PlyType::of(plies[0].forward()).to_string())
        }
        Verdict::LastAmong { plies, certificate } => {
            let cover = Cover::closed(&certificate, &refuted)?;
            cover.only(&pos, &plies)?;
            Ok(PlyType::of(plies[0].forward()).to_string())
        }
        Verdict::Last { plies, certificate } => {
            let cover = Cover::closed(&certificate, &refuted)?;
            let mut current = pos;
            for ply in plies.iter().rev() {
                cover.only(&current, std::slice::from_ref(ply))?;
                current = current.unmake(ply);
            }
            let words: Vec<String> = plies.iter().map(|u| u.forward().to_string()).collect();
            Ok(words.join(" "))
        }
        Verdict::Illegal(_) => Err("ILLEGAL".into()),
        Verdict::Legal(game) => Err(format!("a game of {} plies reaches it", game.len())),
        Verdict::Unknown(why) => Err(why),
    }
}

fn with_turn(fen: &str, turn: char) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    fields.resize(fields.len().max(4), "-".to_string());
    fields[1] = turn.to_string();
    fields.join(" ")
}

/// The last-move records by the deep search with the abstract search
/// plugged in (`--zones none`: without it).
fn lastmove(options: &Options) {
    let file = options
        .file
        .clone()
        .unwrap_or_else(|| "examples/corpus/lastmove.tsv".into());
    let records = read_tsv(&file);
    let results = run(options, &records, |r| {
        let (fen, question, expected, expected_uci) = (&r[1], &r[3], &r[4], &r[5]);
        if question == "last 1 type both-sides" {
            let mut found = Vec::new();
            for turn in ['w', 'b'] {
                match deep_last(options, &with_turn(fen, turn), "last 1 type") {
                    Ok(t) => found.push(t),
                    Err(why) => return ("unknown", format!("{turn} to move: {why}")),
                }
            }
            let mut a = found.clone();
            a.sort();
            let mut b: Vec<String> = expected
                .trim_matches(|c| c == '{' || c == '}')
                .split(',')
                .map(str::to_string)
                .collect();
            b.sort();
            let tag = if a == b { "solved" } else { "WRONG" };
            return (tag, format!("found {found:?}, expected {expected}"));
        }
        let want = if question.ends_with("type") {
            expected
        } else {
            expected_uci
        };
        match deep_last(options, fen, question) {
            Ok(found) if &found == want => ("solved", found),
            Ok(found) => ("WRONG", format!("found {found}, expected {want}")),
            Err(why) if why.contains("REFUSED") || why == "ILLEGAL" => ("WRONG", why),
            Err(why) => ("unknown", why),
        }
    });
    let count = |tag: &str| results.iter().filter(|r| r.1 .0 == tag).count();
    let (solved, wrong, unknown) = (count("solved"), count("WRONG"), count("unknown"));
    for (id, (tag, detail), seconds) in &results {
        if options.verbose || *tag == "WRONG" {
            let detail: String = detail.chars().take(300).collect();
            println!("{id:<14} {tag:<8} {seconds:.2}s {detail}");
        }
    }
    println!(
        "last-move records: {solved} solved, {wrong} wrong, {unknown} unknown of {} (median {:.2} s)",
        results.len(),
        median(results.iter().map(|r| r.2).collect())
    );
}

/// Positions of random games (seeded): none may be refuted; how often the
/// search finds the initial state, and how fast.
fn random(options: &Options) {
    use retroproof_core::random::random_games;
    let count: usize = options
        .file
        .as_deref()
        .map_or(100, |n| n.parse().unwrap_or(100));
    let positions: Vec<(u32, Position)> = random_games(&[Position::start()], 11, 200)
        .filter(|(ply, _)| ply % 25 == 24)
        .take(count)
        .collect();
    let records: Vec<Record> = positions
        .iter()
        .map(|(ply, pos)| vec![format!("ply-{ply}"), pos.to_fen()])
        .collect();
    let results = run(options, &records, |r| {
        let pos = Position::from_fen(&r[1]).expect("a position");
        options
            .zones
            .iter()
            .map(|choice| {
                let zone = choice.zone(pos.board());
                match history::search(pos.board(), zone, options.budget) {
                    Outcome::Refuted(_) => "WRONG",
                    Outcome::Reachable(_) => "reachable",
                    Outcome::Unknown(_) => "unknown",
                }
            })
            .collect::<Vec<_>>()
    });
    let mut wrong = 0;
    for (id, answers, seconds) in &results {
        wrong += answers.iter().filter(|a| **a == "WRONG").count();
        if options.verbose || answers.contains(&"WRONG") {
            println!("{id:<8} {seconds:.2}s {answers:?}");
        }
    }
    for (k, choice) in options.zones.iter().enumerate() {
        let reachable = results.iter().filter(|r| r.1[k] == "reachable").count();
        println!(
            "zone {}: initial state found for {reachable} of {}",
            choice.name(),
            results.len()
        );
    }
    println!("refuted (wrong): {wrong}");
}

/// For each last-move record (both sides to move for type D), which
/// retractions of the position the abstract search alone refutes, by
/// refuting the position before them.
fn alternatives(options: &Options) {
    let file = options
        .file
        .clone()
        .unwrap_or_else(|| "examples/corpus/lastmove.tsv".into());
    let records = read_tsv(&file);
    let results = run(options, &records, |r| {
        let both = r[3] == "last 1 type both-sides";
        let fens = if both {
            vec![with_turn(&r[1], 'w'), with_turn(&r[1], 'b')]
        } else {
            vec![r[1].clone()]
        };
        let mut lines = Vec::new();
        let (mut total, mut refuted, mut wrong) = (0, 0, 0);
        for fen in fens {
            let Ok(pos) = Position::from_fen(&fen) else {
                continue;
            };
            for u in pos.unmoves() {
                total += 1;
                let before = pos.unmake(&u);
                let Some(cert) = history::refute(before.board(), &options.zones, options.budget)
                else {
                    continue;
                };
                if history::check(before.board(), &cert).is_err() {
                    wrong += 1;
                    lines.push(format!("{u}: CERTIFICATE REFUSED"));
                    continue;
                }
                refuted += 1;
                // The published last ply of a `last N` record refuted: a
                // bug (or a wrong record).
                let typed = r[3].contains("type");
                let last = r[5].split_whitespace().last();
                if !typed && last == Some(u.forward().to_string().as_str()) {
                    wrong += 1;
                    lines.push(format!("{u}: PUBLISHED PLY REFUTED"));
                }
                lines.push(format!(
                    "{} {u}: {}",
                    pos.turn().fold("w", "b"),
                    history::explanation::explain(before.board(), &cert)
                ));
            }
        }
        (total, refuted, wrong, lines)
    });
    let (mut total, mut refuted, mut wrong) = (0, 0, 0);
    for (id, (t, n, w, lines), seconds) in &results {
        total += t;
        refuted += n;
        wrong += w;
        if options.verbose || *n > 0 {
            println!("{id:<14} {n} of {t} retractions refuted ({seconds:.1} s)");
            for line in lines {
                let line: String = line.chars().take(400).collect();
                println!("    {line}");
            }
        }
    }
    println!("retractions refuted by the abstraction: {refuted} of {total}; wrong: {wrong}");
}

/// `files`: the pawn-files search on each row.
fn files_mode(options: &Options) {
    let file = options
        .file
        .clone()
        .unwrap_or_else(|| "examples/corpus/tromp.tsv".into());
    let header = std::fs::read_to_string(&file)
        .ok()
        .and_then(|t| t.lines().next().map(str::to_string))
        .unwrap_or_default();
    let tromp = header.split('\t').nth(2) == Some("verdict");
    let records = read_tsv(&file);
    let illegal = |r: &Record| {
        if tromp {
            r[2] == "illegal"
        } else {
            r[3].starts_with("yes")
        }
    };
    let results = run(options, &records, |r| {
        let Ok(pos) = Position::from_fen(&r[1]) else {
            return None;
        };
        match history::files::search(pos.board(), options.budget.states) {
            history::files::Outcome::Refuted(states) => {
                Some(history::files::check(pos.board(), &states))
            }
            _ => None,
        }
    });
    let (mut refuted, mut illegal_rows, mut wrong, mut refused) = (0, 0, 0, 0);
    let kept = records.iter().filter(|r| {
        options
            .only
            .as_ref()
            .is_none_or(|ids| ids.split(',').any(|id| r[0].contains(id)))
    });
    for ((id, answer, _), record) in results.iter().zip(kept) {
        let is_illegal = illegal(record);
        illegal_rows += usize::from(is_illegal);
        match answer {
            Some(false) => {
                refused += 1;
                println!("{id} REFUSED");
            }
            Some(true) if is_illegal => {
                refuted += 1;
                if options.verbose {
                    println!("{id} refuted");
                }
            }
            Some(true) => {
                wrong += 1;
                println!("{id} WRONG");
            }
            None => {}
        }
    }
    println!(
        "pawn files: illegal rows refuted: {refuted} of {illegal_rows}; legal rows refuted \
         (wrong): {wrong} of {}; certificates refused: {refused}; median {:.3} s",
        results.len() - illegal_rows,
        median(results.iter().map(|r| r.2).collect())
    );
}
