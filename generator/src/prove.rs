//! From a question to a compiled proof: the native engine finds the answer
//! ([`last_plies_statement`], a game for legality), [`crate::emit::problem`]
//! writes the `.v` file, and [`compile`] runs `coqc` on it in a temporary
//! directory against the built library (`-Q coq/theories RetroProof`).

use std::fmt;
use std::path::Path;
use std::time::Duration;

use retroproof_core::search::{
    find_game, forced_line_with, game_of, retro_perft, static_illegality, stranded_man, Explorer,
    LastMoves, Limits,
};
use retroproof_core::{Move, Position};

use crate::coqc::{Compiled, Coqc, CoqcError};
use crate::emit::build::EmitError;
use crate::emit::problem::{
    export_file_with_game, AssumptionCheck, Branch, Export, Statement, Step,
};
use retroproof_core::proofgame::{self, find_proof_game};
use retroproof_core::rules::RuleSet;
use retroproof_core::{cert, deep};

/// How many plies past `n` the native engine looks to decide the last `n`.
pub const LOOKAHEAD: u32 = 2;

/// Above this many retraction sequences the reflective proof would
/// enumerate too much; export refuses.
pub const MAX_SEQUENCES: u64 = 200_000;

/// Why the native engine gives no statement to prove.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoStatement {
    /// Fewer than `n` plies are forced at every depth up to `n + LOOKAHEAD`.
    Undecided { n: u32, forced: Vec<String> },
    /// No retraction sequence of `depth` plies exists.
    TooShort { depth: u32, longest: u32 },
    /// The proof would enumerate too many sequences.
    TooMany { depth: u32, sequences: u64 },
    /// A retraction sequence explored passes through the initial position:
    /// a game of `plies` plies reaches the position, so it is legal, and
    /// games that short need not end with a longer answer.
    ShortGame { plies: u32 },
    /// Asked whether the position is illegal: a game of `plies` plies
    /// reaches it.
    Legal { plies: u32 },
    /// Illegality not shown by exhaustion within `cap` plies.
    NotIllegal { cap: u32 },
    /// The game given does not reach the position.
    GameMismatch { reason: String },
}

impl NoStatement {
    /// Whether the position rules the asked answer out (a game reaches it,
    /// no history is that long, the game given ends elsewhere), rather
    /// than the engine running out of its limits (then another engine,
    /// the deep search, may still decide).
    pub fn is_refutation(&self) -> bool {
        match self {
            NoStatement::TooShort { .. }
            | NoStatement::ShortGame { .. }
            | NoStatement::Legal { .. }
            | NoStatement::GameMismatch { .. } => true,
            NoStatement::Undecided { .. }
            | NoStatement::TooMany { .. }
            | NoStatement::NotIllegal { .. } => false,
        }
    }
}

impl fmt::Display for NoStatement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoStatement::Undecided { n, forced } => write!(
                f,
                "the native engine cannot decide the last {n} plies from retraction sequences of up to {} plies (forced: {})",
                n + LOOKAHEAD,
                if forced.is_empty() { "none".to_string() } else { forced.join(" ") }
            ),
            NoStatement::TooShort { depth, longest } => write!(
                f,
                "no sequence of {depth} retractions exists (the longest has {longest}); the position may be illegal"
            ),
            NoStatement::TooMany { depth, sequences } => write!(
                f,
                "{sequences} retraction sequences of {depth} plies: too many for a reflective proof (limit {MAX_SEQUENCES})"
            ),
            NoStatement::ShortGame { plies } => write!(
                f,
                "a game of {plies} plies reaches the position: it is legal, and its last plies are not forced"
            ),
            NoStatement::Legal { plies } => write!(
                f,
                "the position is legal: a game of {plies} plies reaches it (`retroproof legal` prints one)"
            ),
            NoStatement::GameMismatch { reason } => {
                write!(f, "the game does not reach the position: {reason}")
            }
            NoStatement::NotIllegal { cap } => write!(
                f,
                "the native engine cannot show the position illegal: some retraction sequences go on for {cap} plies"
            ),
        }
    }
}

/// The native answer to "what were the last `n` plies?", as a statement
/// about all retraction sequences of the smallest depth `d` in
/// `n ..= n + LOOKAHEAD` at which `n` plies are forced. As in Coq's
/// search (`alive`, Search.v), a position with a stranded man is a dead end.
pub fn last_plies_statement(pos: &Position, n: u32) -> Result<Statement, NoStatement> {
    let mut best = Vec::new();
    let mut explorer = Explorer::histories();
    for depth in n..=n + LOOKAHEAD {
        match forced_line_with(&mut explorer, pos, depth) {
            LastMoves::Forced(forced) if forced.len() as u32 >= n => {
                if let Some(line) = explorer.start_line() {
                    return Err(NoStatement::ShortGame {
                        plies: line.len() as u32,
                    });
                }
                let sequences = retro_perft(pos, depth);
                if sequences > MAX_SEQUENCES {
                    return Err(NoStatement::TooMany { depth, sequences });
                }
                return Ok(Statement::LastPlies {
                    depth,
                    answer: forced[..n as usize]
                        .iter()
                        .map(ToString::to_string)
                        .collect(),
                });
            }
            LastMoves::Forced(forced) => {
                best = forced.iter().map(ToString::to_string).collect();
            }
            LastMoves::Bounded { longest, .. } => {
                return Err(NoStatement::TooShort { depth, longest });
            }
        }
    }
    Err(NoStatement::Undecided { n, forced: best })
}

/// How many plies the illegality search explores.
pub const ILLEGAL_CAP: u32 = 12;

/// The native answer to "is the position illegal?", in the terms of the
/// Coq checker (`check_illegal P d`, Search.v): the position breaks an
/// invariant (depth 0), or every retraction sequence ends within `d - 1`
/// plies or at a position with a stranded man (Stranded.v), and none
/// passes through the initial position.
pub fn illegal_statement(pos: &Position) -> Result<Statement, NoStatement> {
    illegal_or_game(pos).0
}

/// [`illegal_statement`], and the game (oldest move first) the search came
/// across when it shows the position legal.
pub fn illegal_or_game(pos: &Position) -> (Result<Statement, NoStatement>, Option<Vec<Move>>) {
    if static_illegality(pos).is_some() {
        return (Ok(Statement::Illegal { depth: 0 }), None);
    }
    let mut explorer = Explorer::histories().with_budget(MAX_SEQUENCES);
    let longest = explorer.longest(pos, ILLEGAL_CAP);
    if let Some(line) = explorer.start_line() {
        return (
            Err(NoStatement::Legal {
                plies: line.len() as u32,
            }),
            Some(game_of(line)),
        );
    }
    (illegal_after_search(pos, longest), None)
}

fn illegal_after_search(pos: &Position, longest: u32) -> Result<Statement, NoStatement> {
    if longest >= ILLEGAL_CAP {
        return Err(NoStatement::NotIllegal { cap: ILLEGAL_CAP });
    }
    // Coq's `dead` does not share subtrees: bound what it enumerates.
    let sequences: u64 = (1..=longest).map(|d| retro_perft(pos, d)).sum();
    if sequences > MAX_SEQUENCES {
        return Err(NoStatement::TooMany {
            depth: longest,
            sequences,
        });
    }
    Ok(Statement::Illegal { depth: longest + 1 })
}

/// What the native engine answers to "what were the last `n` plies?",
/// with illegality tried first: an answer about a position shown illegal
/// would be vacuous.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LastAnswer {
    /// The position is illegal ([`Statement::Illegal`]): prove that instead.
    Illegal(Statement),
    /// The last plies ([`Statement::LastPlies`]); with a game (UCI, from
    /// the initial position) that reaches the position, the theorem also
    /// states `reachable P` and is unconditional.
    Plies {
        statement: Statement,
        game: Option<Vec<String>>,
        /// How long the proof-game search ran (found or not); `None`
        /// when none ran (a game given, or found by the retraction search).
        game_search: Option<Duration>,
    },
}

/// The proof-game search's time when a last-N answer looks for a game
/// reaching the position (to make its theorem unconditional).
pub const LAST_GAME_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// The last `n` plies of `pos`, illegality first ([`LastAnswer`]). `game`
/// (moves from the initial position, oldest first), when given, must reach
/// `pos` (same board and side to move, and the castling rights and
/// en-passant square the FEN asserts); without one, a game the
/// illegality search comes across is used.
pub fn last_plies_with_game(
    pos: &Position,
    n: u32,
    game: Option<&[Move]>,
) -> Result<LastAnswer, NoStatement> {
    last_plies_searching(pos, n, game, Some(LAST_GAME_TIME))
}

/// [`last_plies_with_game`], with the proof-game search's time when no
/// game is given (`None`: no proof-game search; a short game the
/// retraction search comes across is still used).
pub fn last_plies_searching(
    pos: &Position,
    n: u32,
    game: Option<&[Move]>,
    game_time: Option<std::time::Duration>,
) -> Result<LastAnswer, NoStatement> {
    let mut found = None;
    let mut game_search = None;
    match game {
        Some(moves) => check_game_reaches(pos, moves)?,
        None => {
            let (illegal, game) = illegal_or_game(pos);
            if let Ok(statement) = illegal {
                return Ok(LastAnswer::Illegal(statement));
            }
            found = game;
        }
    }
    // The statement before any search for a game: without one the game
    // is not needed, and the proof-game search takes its whole budget
    // when it fails.
    let statement = last_plies_statement(pos, n)?;
    if game.is_none() {
        // A game reaching the position makes the theorem unconditional: a
        // short one the retraction search finds, or one from the
        // proof-game search within `game_time`.
        found = found.or_else(|| {
            let limits = Limits {
                depth: ILLEGAL_CAP,
                nodes: MAX_SEQUENCES,
                ..Limits::default()
            };
            find_game(pos, limits).map(|line| game_of(&line))
        });
        if let (None, Some(time)) = (&found, game_time) {
            let started = std::time::Instant::now();
            found = game_before(pos, &statement, time);
            game_search = Some(started.elapsed());
        }
    }
    let game = game
        .map(<[Move]>::to_vec)
        .or(found)
        .map(|moves| moves.iter().map(Move::to_uci).collect());
    Ok(LastAnswer::Plies {
        statement,
        game,
        game_search,
    })
}

/// `Ok` if `moves` replay from the initial position to a position that
/// realizes `pos` (Reachable.v, `realizes`).
pub fn check_game_reaches(pos: &Position, moves: &[Move]) -> Result<(), NoStatement> {
    let mut end = Position::start();
    for (i, m) in moves.iter().enumerate() {
        end = end.play(m).map_err(|e| NoStatement::GameMismatch {
            reason: format!("ply {} ({}): {e}", i + 1, m.to_uci()),
        })?;
    }
    let fields =
        |p: &Position| -> Vec<String> { p.to_fen().split(' ').map(str::to_string).collect() };
    let (want, got) = (fields(pos), fields(&end));
    let castling_ok = want[2] == "-" || want[2].chars().all(|c| got[2].contains(c));
    let ep_ok = want[3] == "-" || want[3] == got[3];
    if end.board() != pos.board() || end.turn() != pos.turn() || !castling_ok || !ep_ok {
        return Err(NoStatement::GameMismatch {
            reason: format!("it ends in {}", end.to_fen()),
        });
    }
    Ok(())
}

/// Branches a script expands before refuting the rest in one step each.
pub const SCRIPT_BRANCHES: usize = 60;

/// The Ltac script (Tactics.v) for a statement, from the native search
/// tree: `retract` along the answer, `refute` on the branches that die.
/// `None` for a legal game (its proof is the replay).
pub fn script(pos: &Position, statement: &Statement) -> Option<Step> {
    let mut explorer = Explorer::histories();
    match statement {
        Statement::LastPlies { answer, depth } => {
            Some(last_script(&mut explorer, pos, answer, *depth))
        }
        Statement::Illegal { depth: 0 } => Some(Step::Refute { within: 0 }),
        Statement::Illegal { depth } => {
            let mut budget = SCRIPT_BRANCHES;
            Some(Step::Retract(illegal_branches(
                &mut explorer,
                pos,
                *depth,
                &mut budget,
            )))
        }
        Statement::LegalGame { .. }
        | Statement::IllegalCert { .. }
        | Statement::LastPlyAmong { .. }
        | Statement::ProofGames(_) => None,
    }
}

/// The retractions of `pos` with their predecessors, in the order of
/// their names (the order `retract` leaves its subgoals in).
fn sorted_retractions(pos: &Position) -> Vec<(String, Position)> {
    let mut out: Vec<(String, Position)> = pos
        .retractions()
        .into_iter()
        .map(|(u, q)| (u.to_string(), q))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The refutation of a position whose retraction sequences all end
/// within `cap - 1` plies (a longer one makes a refutation Coq rejects).
fn refute(explorer: &mut Explorer, q: &Position, cap: u32) -> Step {
    match stranded_man(q) {
        Some(square) => Step::Stranded {
            square: square.to_string(),
        },
        None => {
            let within = explorer.longest(q, cap) + 1;
            // Does plain exhaustion (without the stranded-man rule) end
            // there too? Otherwise the explanation names both rules.
            let mut plain = Explorer::new().with_budget(MAX_SEQUENCES);
            if plain.longest(q, within) < within && plain.nodes() < MAX_SEQUENCES {
                Step::Refute { within }
            } else {
                Step::RefuteOrStranded { within }
            }
        }
    }
}

/// `depth`: the plies of the sequences that decided the answer, from
/// `pos` (deviating branches die within `depth - 1` plies).
fn last_script(explorer: &mut Explorer, pos: &Position, answer: &[String], depth: u32) -> Step {
    let Some((forced, rest)) = answer.split_first() else {
        return Step::Finish;
    };
    let below = depth.saturating_sub(1);
    let branches = sorted_retractions(pos)
        .into_iter()
        .map(|(ply, q)| {
            let step = if ply == *forced {
                last_script(explorer, &q, rest, below)
            } else {
                refute(explorer, &q, below)
            };
            Branch { ply, step }
        })
        .collect();
    Step::Retract(branches)
}

fn illegal_branches(
    explorer: &mut Explorer,
    pos: &Position,
    depth: u32,
    budget: &mut usize,
) -> Vec<Branch> {
    let children = sorted_retractions(pos);
    *budget = budget.saturating_sub(children.len());
    children
        .into_iter()
        .map(|(ply, q)| {
            let longest = explorer.longest(&q, depth);
            let step = if longest == 0 || *budget == 0 {
                refute(explorer, &q, depth)
            } else {
                Step::Retract(illegal_branches(explorer, &q, depth - 1, budget))
            };
            Branch { ply, step }
        })
        .collect()
}

/// Why a proof was not obtained.
#[derive(Debug)]
pub enum ProveError {
    Emit(EmitError),
    Coqc(CoqcError),
    Io(String),
}

impl fmt::Display for ProveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProveError::Emit(e) => e.fmt(f),
            ProveError::Coqc(e) => e.fmt(f),
            ProveError::Io(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for ProveError {}

/// The module name of the generated file when compiled.
pub const MODULE: &str = "Problem";

/// The `.v` text for `export`: the file, then `Print Assumptions` of its
/// whole theorem (what a reader compiling the file by hand sees; what
/// [`check_assumptions`] reads from `coqc`'s output).
pub fn export_text(export: &Export) -> Result<String, EmitError> {
    export_text_with_game(export, None)
}

/// [`export_text`] with a game reaching the position (UCI, from the
/// initial position): a last-N theorem is then stated with `reachable P`
/// ([`crate::emit::problem::export_file_with_game`]).
pub fn export_text_with_game(
    export: &Export,
    game: Option<&[String]>,
) -> Result<String, EmitError> {
    let proof = export_file_with_game(export, game)?;
    Ok(file_text(
        &proof.file,
        &AssumptionCheck::whole(&export.statement.theorem_name()),
    ))
}

/// The `.v` text `prove` and `solve` compile: the file, then `Print
/// Assumptions` of what [`AssumptionCheck`] names (the theorem's `_of`
/// function, not the library lemmas it applies: those are checked once
/// per build of the library, [`crate::lemmas`]).
pub fn proof_text_with_game(
    export: &Export,
    game: Option<&[String]>,
) -> Result<(String, AssumptionCheck), EmitError> {
    let proof = export_file_with_game(export, game)?;
    Ok((
        file_text(&proof.file, &proof.assumptions),
        proof.assumptions,
    ))
}

/// A generated file's text, then `Print Assumptions` of each of
/// `check.targets`, in order (what [`check_assumptions`] reads from
/// `coqc`'s output).
pub fn file_text(file: &crate::coq::File, check: &AssumptionCheck) -> String {
    file_text_with_checks(file, check).0
}

/// [`file_text`], with the lines of its computed checks
/// ([`crate::coq::print_file_with_checks`]).
pub fn file_text_with_checks(
    file: &crate::coq::File,
    check: &AssumptionCheck,
) -> (String, Vec<crate::coq::CheckLines>) {
    let (mut text, checks) = crate::coq::print_file_with_checks(file);
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push('\n');
    for target in &check.targets {
        text.push_str(&format!("Print Assumptions {target}.\n"));
    }
    (text, checks)
}

pub use crate::assumptions::{
    allowed_assumptions, check_assumptions, is_allowed, with_probe, AssumptionError,
    ALLOWED_ASSUMPTIONS,
};

/// Compiles `text` as `Problem.v` in a temporary directory (copied to
/// `keep/Problem.v` first when given) against `theories`.
pub fn compile(
    coqc: &Coqc,
    theories: &Path,
    text: &str,
    keep: Option<&Path>,
    timeout: Duration,
) -> Result<Compiled, ProveError> {
    compile_in(&scratch()?, coqc, theories, text, keep, timeout)
}

/// A temporary directory to compile in, removed on drop.
pub fn scratch() -> Result<tempfile::TempDir, ProveError> {
    tempfile::Builder::new()
        .prefix("retroproof-prove-")
        .tempdir()
        .map_err(|e| ProveError::Io(format!("creating a scratch directory: {e}")))
}

/// [`compile`] in `dir` (which then holds `Problem.vo`, for `coqchk`).
pub fn compile_in(
    dir: &tempfile::TempDir,
    coqc: &Coqc,
    theories: &Path,
    text: &str,
    keep: Option<&Path>,
    timeout: Duration,
) -> Result<Compiled, ProveError> {
    let file_name = format!("{MODULE}.v");
    if let Some(dir) = keep {
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(dir.join(&file_name), text))
            .map_err(|e| ProveError::Io(format!("writing into {}: {e}", dir.display())))?;
    }
    let file = dir.path().join(&file_name);
    std::fs::write(&file, text)
        .map_err(|e| ProveError::Io(format!("writing {}: {e}", file.display())))?;
    coqc.compile(theories, &file, timeout).map_err(|e| match e {
        CoqcError::Failed {
            file: _,
            line,
            message,
        } => ProveError::Coqc(CoqcError::Failed {
            file: file_name.clone().into(),
            line,
            message,
        }),
        other => ProveError::Coqc(other),
    })
}

/// The line `line` (1-based) of `text`, for showing where Coq stopped.
pub fn line_of(text: &str, line: u32) -> Option<&str> {
    text.lines().nth(line.checked_sub(1)? as usize)
}

/// A game reaching `pos` (oldest move first) from the proof-game search
/// within `time`, aimed at the positions `statement`'s last plies go back
/// to: every game reaching `pos` ends with one of them (that is what was
/// proven), so it passes through the position before it, and the search
/// need not find the position's last moves itself (the hard part of a
/// composed position). The time is shared among them; a statement without
/// last plies aims at `pos`. Every game returned replays to `pos`.
pub fn game_before(pos: &Position, statement: &Statement, time: Duration) -> Option<Vec<Move>> {
    // The lines of plies back, most recent first.
    let lines: Vec<Vec<&str>> = match statement {
        Statement::LastPlies { answer, .. } => vec![answer.iter().map(String::as_str).collect()],
        Statement::LastPlyAmong { plies, .. } => plies.iter().map(|p| vec![p.as_str()]).collect(),
        _ => Vec::new(),
    };
    let mut targets: Vec<(Position, Vec<Move>)> = lines
        .iter()
        .filter_map(|line| {
            let (mut at, mut tail) = (*pos, Vec::new());
            for name in line {
                let u = name
                    .parse::<retroproof_core::RetroUci>()
                    .ok()?
                    .to_unmove(&at)
                    .ok()?;
                tail.insert(0, *u.forward());
                at = at.unmake(&u);
            }
            Some((at, tail))
        })
        .collect();
    if targets.len() < lines.len() || targets.is_empty() {
        targets = vec![(*pos, Vec::new())];
    }
    let budget = proofgame::Budget::with_time(time / targets.len() as u32);
    targets.into_iter().find_map(|(q, tail)| {
        let mut game = find_proof_game(&q, budget).ok()?;
        game.extend(tail);
        proofgame::replay(&game)
            .is_some_and(|end| proofgame::realizes(&end, pos))
            .then_some(game)
    })
}

/// The static rules Coq's certificate checkers apply: every rule of
/// rust-core's registry ([`retroproof_core::rules`]), each proven sound by
/// the Coq lemma its entry names. The zone cages are checked from the
/// certificate (`zone_refuted`, Zone.v); the other rules are Coq's
/// `static_rules` (`default_refuted`, Cert.v), which
/// coq/tests/RuleRegistry.v pins to the registry. Coq computes each rule as
/// the native engine does (each rule's cross-check test compares them:
/// generator/tests/integration/frozen_coq.rs, cage_coq.rs, zone_coq.rs,
/// rust-core/tests/*_coq.rs, coq/tests/*Cross.v), so a certificate the
/// native checker accepts under these rules checks in Coq.
pub const COQ_RULES: RuleSet = RuleSet::ALL;

/// The deep search's budget behind `prove`/`export`: 1,000,000 positions
/// in its graph, 10 s.
pub const DEEP_BUDGET: deep::Budget = deep::Budget::STANDARD;

/// A statement of the deep search ([`retroproof_core::deep`]) with its
/// certificate's dead set, proven by a certificate checker (Cert.v).
#[derive(Debug, Clone)]
pub struct CertAnswer {
    pub statement: Statement,
    pub certificate: cert::Certificate,
}

/// No game reaches `pos`, by a dead set under [`COQ_RULES`]; `Err` with
/// the search's reason when it cannot show it.
pub fn deep_illegal(pos: &Position) -> Result<CertAnswer, String> {
    deep_illegal_within(pos, DEEP_BUDGET)
}

/// [`deep_illegal`] within another budget (`retroproof diff` samples
/// certificates with a smaller one).
pub fn deep_illegal_within(pos: &Position, budget: deep::Budget) -> Result<CertAnswer, String> {
    match deep::Search::new(COQ_RULES, budget).illegal(pos) {
        deep::Verdict::Illegal(certificate) => illegal_answer(pos, certificate),
        deep::Verdict::Legal(game) => Err(format!(
            "a game of {} plies reaches the position",
            game.len()
        )),
        deep::Verdict::Last { .. } | deep::Verdict::LastAmong { .. } => {
            Err("the deep search gave no illegality".to_string())
        }
        deep::Verdict::Unknown(reason) => Err(format!("the deep search: {reason}")),
    }
}

/// [`deep_illegal`]'s answer, once the native checker accepts it (also
/// `retroproof legal`'s).
pub(crate) fn illegal_answer(
    pos: &Position,
    certificate: cert::Certificate,
) -> Result<CertAnswer, String> {
    cert::check_illegal(pos, &certificate)
        .map_err(|e| format!("the deep search's certificate fails the native check: {e}"))?;
    Ok(CertAnswer {
        statement: Statement::IllegalCert {
            dead: certificate.len(),
        },
        certificate,
    })
}

/// The last `n` plies of every game reaching `pos`, by a dead set under
/// [`COQ_RULES`] holding every other way back; `Err` with the search's
/// reason when it cannot decide them.
pub fn deep_last(pos: &Position, n: u32) -> Result<CertAnswer, String> {
    deep_last_within(pos, n, DEEP_BUDGET)
}

/// [`deep_last`] within another budget.
pub fn deep_last_within(
    pos: &Position,
    n: u32,
    budget: deep::Budget,
) -> Result<CertAnswer, String> {
    match deep::Search::new(COQ_RULES, budget).last(pos, n) {
        deep::Verdict::Last { plies, certificate } => {
            cert::check_last(pos, &plies, &certificate).map_err(|e| {
                format!("the deep search's certificate fails the native check: {e}")
            })?;
            Ok(CertAnswer {
                statement: Statement::LastPlies {
                    depth: n,
                    // Most recent first, as in `Statement::LastPlies`.
                    answer: plies.iter().rev().map(ToString::to_string).collect(),
                },
                certificate,
            })
        }
        deep::Verdict::LastAmong { .. } => Err("the deep search gave no last plies".to_string()),
        deep::Verdict::Illegal(certificate) => illegal_answer(pos, certificate),
        deep::Verdict::Legal(game) => Err(format!(
            "a game of {} plies reaches the position",
            game.len()
        )),
        deep::Verdict::Unknown(reason) => Err(format!("the deep search: {reason}")),
    }
}

/// The type of the last ply of every game reaching `pos`
/// ([`retroproof_core::retro::PlyType`]), by a dead set under
/// [`COQ_RULES`] holding every retraction of another type: a
/// [`Statement::LastPlyAmong`] (or [`Statement::LastPlies`] when one ply
/// is left, or an illegality).
pub fn deep_last_type(pos: &Position) -> Result<CertAnswer, String> {
    use retroproof_core::retro::PlyType;
    let refused =
        |e: cert::CertError| format!("the deep search's certificate fails the native check: {e}");
    match deep::Search::new(COQ_RULES, DEEP_BUDGET).last_among(pos, |_, u| PlyType::of(u.forward()))
    {
        deep::Verdict::Last { plies, certificate } => {
            cert::check_last(pos, &plies, &certificate).map_err(refused)?;
            Ok(CertAnswer {
                statement: Statement::LastPlies {
                    depth: 1,
                    answer: plies.iter().map(ToString::to_string).collect(),
                },
                certificate,
            })
        }
        deep::Verdict::LastAmong { plies, certificate } => {
            cert::check_last_among(pos, &plies, &certificate).map_err(refused)?;
            let kind = PlyType::of(plies[0].forward()).to_string();
            let mut names: Vec<String> = plies.iter().map(ToString::to_string).collect();
            names.sort();
            Ok(CertAnswer {
                statement: Statement::LastPlyAmong { plies: names, kind },
                certificate,
            })
        }
        deep::Verdict::Illegal(certificate) => illegal_answer(pos, certificate),
        deep::Verdict::Legal(game) => Err(format!(
            "a game of {} plies reaches the position",
            game.len()
        )),
        deep::Verdict::Unknown(reason) => Err(format!("the deep search: {reason}")),
    }
}
