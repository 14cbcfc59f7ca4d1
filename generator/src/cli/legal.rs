//! `retroproof legal <FEN> [--depth N] [--nodes N] [--time S] [--max-plies N] [--pgn] [--json]`:
//! can a game reach this position?
//!
//! Prints one line (exit codes as in [`super::error::CliError`]):
//! - `legal: <game>` (exit 0): a game from the initial position in UCI,
//!   oldest move first (`legal: startpos` for the initial position), that
//!   reaches the position with the castling rights and en passant square it
//!   asserts; with `--pgn`, the game as PGN with SAN moves instead;
//! - `illegal: <reason>` (exit 1): impossible material, the side not to
//!   move in check, a check no move can give, a man stranded off its initial
//!   square, another static rule of the deep search
//!   ([`retroproof_core::rules`]: frozen men, regions, pawn-capture
//!   counting, parity, ...), every retraction sequence dying within
//!   `--depth` plies without meeting the initial position, or, when the
//!   proof-game search finds no game, a dead set of the deep search
//!   ([`retroproof_core::deep`], within 10 s or `--time` if less; its
//!   certificate checked natively);
//! - `unknown: <reason>` (exit 3): neither within the limits; the reason
//!   says which limit ran out or what the searches missed.
//!
//! Never `illegal` for a position some game reaches: only the static
//! rules, the exhaustion of the retraction tree and a dead set closed
//! under retraction say `illegal`, never a failed proof-game search. The
//! game is replayed forward before it is printed. These are the native
//! engine's verdicts; `retroproof prove --question illegal` (or `legal`)
//! proves them in Coq.
//!
//! Under a game, a second line names the position the game ends in, with
//! its real castling rights and en-passant square, and says which of them
//! the FEN's fields did not assert (a FEN's `-` asserts nothing, the retro
//! reading; `--exact-rights` reads it as the FEN standard does, none, and
//! asks for a game that ends in the position exactly).
//!
//! `--json` prints one object: `answer` (`"legal"`, `"illegal"`,
//! `"unknown"`), `reason` (or null), `game` (UCI moves, or null), `plies`,
//! `reached` (the FEN the game ends in, or null), `unasserted` (the notes
//! of the second line).

use std::time::Duration;

use clap::Args;
use retroproof_core::deep;
use retroproof_core::pgn::Game;
use retroproof_core::proofgame::{decide_as, realizes_as, replay, Budget, Reading, Verdict};
use retroproof_core::rules::{Rule, RuleSet};
use retroproof_core::search::{static_illegality, stranded_man, Limits};
use retroproof_core::{Move, Position};
use serde::Serialize;

use super::args::position_arg;
use super::error::CliError;
use super::output::{write_json, write_stdout};
use crate::answer::LEGAL_GAME_SECONDS;
use crate::emit::problem::GameEnd;
use crate::prove::{illegal_answer, COQ_RULES, DEEP_BUDGET};

#[derive(Debug, Args)]
pub struct LegalArgs {
    /// The position: a FEN (4 or 6 fields, as one argument) or `startpos`
    pub fen: String,
    /// Plies of the retraction tree explored to prove illegality
    #[arg(long, default_value_t = Limits::default().depth)]
    pub depth: u32,
    /// Positions each search (exhaustion, proof-game search) may visit
    /// before answering `unknown` [default: 1,000,000 for the exhaustion;
    /// for the proof-game search, what `prove`'s `--game-time` of the same
    /// time allows: 100,000 a second, at most 10,000,000]
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Seconds the proof-game search may take before answering `unknown`
    /// (as `prove --question legal`'s default `--game-time`)
    #[arg(long, value_name = "SECS", default_value_t = LEGAL_GAME_SECONDS as f64,
          value_parser = crate::progress::parse_seconds)]
    pub time: f64,
    /// The longest game looked for, in plies
    #[arg(long, default_value_t = Budget::default().max_plies)]
    pub max_plies: u32,
    /// Print a legal game as PGN (SAN moves) instead of UCI
    #[arg(long)]
    pub pgn: bool,
    /// Print one JSON object instead
    #[arg(long)]
    pub json: bool,
    /// Read the FEN's castling rights and en-passant square as the FEN
    /// standard does (`-` meaning none): a game must end in the position
    /// exactly
    #[arg(long)]
    pub exact_rights: bool,
}

#[derive(Debug, Serialize)]
struct Report {
    /// `"legal"`, `"illegal"` or `"unknown"`.
    answer: &'static str,
    reason: Option<String>,
    game: Option<Vec<String>>,
    plies: Option<usize>,
    /// The FEN of the position the game ends in (its real castling rights
    /// and en-passant square), or null.
    reached: Option<String>,
    /// What the FEN asked about did not assert and the game's final
    /// position holds (empty with `--exact-rights`).
    unasserted: Vec<String>,
}

/// A game as one line: UCI moves separated by spaces, `startpos` if empty.
pub fn game_text(moves: &[String]) -> String {
    if moves.is_empty() {
        "startpos".to_owned()
    } else {
        moves.join(" ")
    }
}

/// A game from the initial position as PGN: the seven-tag roster (result
/// `*`) and the moves in SAN ([`retroproof_core::pgn::Game::to_pgn`]).
pub fn game_pgn(game: &[Move]) -> String {
    let tags = [
        ("Event", "retroproof legal"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", "*"),
    ];
    let start = Position::start();
    let mut end = start;
    let mut sans = Vec::with_capacity(game.len());
    for m in game {
        sans.push(end.san(m));
        end.play_unchecked(m);
    }
    Game {
        tags: tags
            .iter()
            .map(|(t, v)| (t.to_string(), v.to_string()))
            .collect(),
        moves: game.to_vec(),
        sans,
        result: Some("*".to_string()),
        start,
        end,
        line: 1,
    }
    .to_pgn()
}

pub fn run(args: LegalArgs) -> Result<(), CliError> {
    let pos = position_arg(&args.fen)?;
    let time = Duration::from_secs_f64(args.time);
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes.unwrap_or(Budget::default().nodes),
        ..Limits::default()
    };
    // The node limit follows the time unless given, so that the time is
    // the limit that counts (`Budget::with_time`).
    let timed = Budget::with_time(time);
    let budget = Budget {
        nodes: args.nodes.unwrap_or(timed.nodes),
        max_plies: args.max_plies,
        ..timed
    };
    // On a terminal, a spinner while the searches run (up to `--time`).
    let spinner = crate::progress::Progress::spinner(&format!(
        "searching: retractions, the deep search, a proof game (up to {} s)",
        args.time
    ));
    let reading = if args.exact_rights {
        Reading::Exact
    } else {
        Reading::Asserted
    };
    let found = answer(&pos, reading, limits, budget, time);
    spinner.finish();
    let (report, game, end) = match found {
        Answer::Legal(game) => {
            check_replay(&game, &pos, reading)?;
            let uci: Vec<String> = game.iter().map(Move::to_uci).collect();
            let end = GameEnd::of(&pos, &uci, reading);
            (
                Report {
                    answer: "legal",
                    reason: None,
                    plies: Some(uci.len()),
                    game: Some(uci),
                    reached: end.as_ref().map(|e| e.fen.clone()),
                    unasserted: end.as_ref().map(|e| e.notes.clone()).unwrap_or_default(),
                },
                game,
                end,
            )
        }
        Answer::Illegal(reason) => (Report::without_game("illegal", reason), Vec::new(), None),
        Answer::Unknown(why) => (Report::without_game("unknown", why), Vec::new(), None),
    };
    if args.json {
        write_json(&report)?;
    } else {
        let line = match report.answer {
            "legal" if args.pgn => game_pgn(&game).trim_end().to_owned(),
            "legal" => format!(
                "legal: {}",
                game_text(report.game.as_deref().unwrap_or(&[]))
            ),
            answer => format!("{answer}: {}", report.reason.clone().unwrap_or_default()),
        };
        // Under the game: the position it ends in, and what the FEN's
        // fields did not assert.
        let end = end.map(|e| format!("{e}\n")).unwrap_or_default();
        write_stdout(&format!("{line}\n{end}"))?;
    }
    match report.answer {
        "illegal" => Err(CliError::refuted(format!(
            "the position is illegal: {}",
            report.reason.unwrap_or_default()
        ))),
        "unknown" => Err(CliError::unknown(format!(
            "no answer within the limits: {}",
            report.reason.unwrap_or_default()
        ))),
        _ => Ok(()),
    }
}

impl Report {
    fn without_game(answer: &'static str, reason: String) -> Report {
        Report {
            answer,
            reason: Some(reason),
            game: None,
            plies: None,
            reached: None,
            unasserted: Vec::new(),
        }
    }
}

/// The command's verdict, with its reason.
enum Answer {
    Legal(Vec<Move>),
    Illegal(String),
    Unknown(String),
}

/// The rules the deep search uses beyond [`decide`]'s own (the invariants
/// and stranded men, which [`decide`] reports with their details).
const ROOT_RULES: RuleSet = COQ_RULES.without(Rule::Invariants).without(Rule::Stranded);

/// [`decide`], with the deep search's static rules tried first at the root
/// and its dead sets (within `time`, at most 10 s, and `budget.nodes`
/// positions) when no game is found.
fn answer(
    pos: &Position,
    reading: Reading,
    limits: Limits,
    budget: Budget,
    time: Duration,
) -> Answer {
    // (After the root checks of [`decide`], whose reasons say more.)
    if static_illegality(pos).is_none() && pos.unmove_count() > 0 && stranded_man(pos).is_none() {
        if let Some(rule) = ROOT_RULES.refuting(pos) {
            return Answer::Illegal(format!("the static rule {} refutes it", rule.name()));
        }
    }
    let why = match decide_as(pos, reading, limits, budget) {
        Verdict::Legal(game) => return Answer::Legal(game),
        Verdict::Illegal(reason) => return Answer::Illegal(reason.to_string()),
        Verdict::Unknown(why) => why,
    };
    let deep_budget = deep::Budget {
        nodes: budget.nodes.min(DEEP_BUDGET.nodes),
        time: DEEP_BUDGET.time.map(|t| t.min(time)),
        ..DEEP_BUDGET
    };
    match deep::Search::new(COQ_RULES, deep_budget).illegal(pos) {
        deep::Verdict::Illegal(certificate) => match illegal_answer(pos, certificate) {
            Ok(answer) if answer.certificate.is_empty() => {
                Answer::Illegal("the deep search: a static rule refutes it".to_string())
            }
            Ok(answer) => Answer::Illegal(format!(
                "the deep search: a dead set of {} positions, each refuted by a static rule or with every retraction into the set or refuted",
                answer.certificate.len()
            )),
            Err(e) => Answer::Unknown(format!("{e}; {why}")),
        },
        deep::Verdict::Legal(game)
            if game.len() <= budget.max_plies as usize
                && replay(&game).is_some_and(|end| realizes_as(&end, pos, reading)) =>
        {
            Answer::Legal(game)
        }
        deep::Verdict::Legal(game) if game.len() <= budget.max_plies as usize => Answer::Unknown(
            format!("the deep search's game does not end in the position exactly; {why}"),
        ),
        deep::Verdict::Legal(game) => Answer::Unknown(format!(
            "the deep search found a game of {} plies, longer than --max-plies; {why}",
            game.len()
        )),
        deep::Verdict::Unknown(reason) => Answer::Unknown(format!("the deep search: {reason}; {why}")),
        deep::Verdict::Last { .. } | deep::Verdict::LastAmong { .. } => {
            Answer::Unknown(format!("the deep search gave no illegality; {why}"))
        }
    }
}

/// Checks by the forward rules that `game` reaches `target` with every
/// assertion true: the search's answer is not trusted.
fn check_replay(game: &[Move], target: &Position, reading: Reading) -> Result<(), CliError> {
    match replay(game) {
        Some(end) if realizes_as(&end, target, reading) => Ok(()),
        Some(end) => Err(CliError::internal(format!(
            "internal error: the game found ends at {}, not at the position",
            end.to_fen()
        ))),
        None => Err(CliError::internal(
            "internal error: the game found does not replay",
        )),
    }
}
