//! `retroproof check-game FILE.pgn`: read a PGN game (SAN, tags, comments;
//! variations skipped), replay it natively, and prove in Coq that it is a
//! legal game ending in its final position (`reachable`, via
//! `check_uci_game_sound` of Reachable.v).
//!
//! `FILE` may be `-` (standard input) and may hold several games: one is
//! chosen with `--game N` (from 1), `--all` proves each (`--jobs` at once,
//! a summary table, exit code of the worst game). A game from a set-up
//! position (`[FEN]` tag) is refused with the reason: the proof is of a
//! game from the initial position. `--san` adds the game in SAN, `--pgn`
//! prints it as clean PGN, `--json` prints a JSON object (one JSON line per
//! game with `--all`, then a summary line).

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use retroproof_core::pgn::{parse_games, Game, PgnError};
use retroproof_core::proofgame::Reading;
use retroproof_core::san::san_line;
use serde::Serialize;

use super::coq_run::{prove_file, Proven};
use super::error::CliError;
use super::json::AnswerJson;
use super::output::{write_json, write_stdout};
use crate::answer::Answer;
use crate::batch::{self, BatchOptions, Done};
use crate::emit::problem::{export_file_with_game, Export, Proof, Statement};
use crate::input::read_text;
use retroproof_core::question::{GameSource, Question};

#[derive(Debug, Args)]
pub struct CheckGameArgs {
    /// The game(s), in PGN (`-`: standard input)
    #[arg(value_name = "FILE.pgn")]
    pub file: PathBuf,

    /// Which game of the file, from 1 (needed when it holds several)
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = parse_game_number, conflicts_with = "all")]
    pub game: Option<usize>,

    /// Prove every game of the file
    #[arg(long)]
    pub all: bool,

    /// Games proven at once with --all (1 to 64)
    #[arg(long, value_name = "J", default_value = "1", allow_hyphen_values = true, value_parser = batch::parse_jobs)]
    pub jobs: usize,

    /// Also print the game in SAN with move numbers
    #[arg(long)]
    pub san: bool,

    /// Also print the game as PGN (tags, SAN movetext, result)
    #[arg(long)]
    pub pgn: bool,

    /// Print JSON: the answer object of docs/json.md (question, fen,
    /// answer, proven, theorem, coqc, …) with the game: game, plies,
    /// moves, san
    #[arg(long)]
    pub json: bool,

    /// Keep the generated .v file in DIR (refused if DIR already holds one)
    #[arg(long, value_name = "DIR", conflicts_with = "all")]
    pub keep: Option<PathBuf>,

    /// Time limit for coqc, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 600,
          value_parser = clap::value_parser!(u64).range(1..=crate::input::MOST_SECONDS))]
    pub timeout: u64,

    /// Also write a self-contained HTML page (boards, moves, theorem, timing) to FILE (refused if FILE exists)
    #[arg(long, value_name = "FILE.html", conflicts_with = "all")]
    pub report: Option<PathBuf>,
}

fn parse_game_number(text: &str) -> Result<usize, String> {
    crate::input::parse_bounded(text, "--game", 1, 1_000_000).map(|n| n as usize)
}

/// What a proven game prints with `--json`: the answer object (the
/// question `legal-game`, about the game's final position) and the game.
#[derive(Debug, Serialize)]
struct GameJson {
    #[serde(flatten)]
    answer: AnswerJson,
    /// The game's number in the file, from 1.
    game: usize,
    plies: usize,
    /// The moves in UCI.
    moves: Vec<String>,
    /// The moves in SAN, with move numbers.
    san: String,
}

impl GameJson {
    fn of(number: usize, game: &Game, proved: &Proved) -> GameJson {
        GameJson {
            answer: AnswerJson::of(&proved.answer, &proved.proven),
            game: number,
            plies: game.moves.len(),
            moves: game.moves.iter().map(|m| m.to_uci()).collect(),
            san: san_line(&game.start, &game.moves).unwrap_or_default(),
        }
    }
}

pub fn run(args: CheckGameArgs) -> Result<(), CliError> {
    let shown = shown_path(&args.file);
    let text = read_text(&args.file)?;
    let games = parse_games(&text).map_err(|e| CliError::usage(format!("{shown}: {e}")))?;
    let count = games.len();
    if args.all {
        return run_all(&args, &shown, games);
    }
    let number = match (args.game, count) {
        (Some(n), _) if n > count => {
            return Err(CliError::usage(format!(
                "{shown} holds {}: there is no game {n}",
                games_word(count)
            )))
        }
        (Some(n), _) => n,
        (None, 1) => 1,
        (None, _) => {
            return Err(CliError::usage(format!(
                "{shown} holds {count} games: choose one with --game N (1 to {count}) or prove them all with --all"
            )))
        }
    };
    let game = games
        .into_iter()
        .nth(number - 1)
        .expect("number is within the count");
    let label = if count == 1 {
        shown.clone()
    } else {
        format!("{shown}, game {number}")
    };
    let game = game.map_err(|e| CliError::usage(format!("{label}: {e}")))?;
    if let Some(dir) = &args.keep {
        let target = dir.join(format!("{}.v", crate::prove::MODULE));
        if target.exists() {
            return Err(CliError::usage(format!(
                "{} exists: remove it or choose another --keep directory",
                crate::input::one_line(&target.display().to_string())
            )));
        }
    }
    if let Some(file) = &args.report {
        if file.exists() {
            return Err(CliError::usage(format!(
                "{} exists: remove it or choose another --report file",
                crate::input::one_line(&file.display().to_string())
            )));
        }
    }
    let spinner = crate::progress::Progress::spinner("coqc: proving the game legal");
    let proven = prove_game(&game, &label, args.keep.as_deref(), args.timeout);
    spinner.finish();
    let proved = proven?;
    let san = san_line(&game.start, &game.moves).unwrap_or_default();
    if let Some(file) = &args.report {
        write_report(file, &game, &proved.proven)?;
    }
    if args.json {
        return write_json(&GameJson::of(number, &game, &proved));
    }
    let mut out = format!(
        "proven: legal game of {} ({})\nfinal position: {}\ncoqc {}: {:.2} s\n",
        plural(game.moves.len(), "ply", "plies"),
        plural(game.moves.len().div_ceil(2), "move", "moves"),
        game.end.to_fen(),
        proved.proven.coqc_version,
        proved.proven.elapsed.as_secs_f64()
    );
    if args.san {
        out.push_str(&format!("game: {san}\n"));
    }
    if args.pgn {
        out.push('\n');
        out.push_str(&game.to_pgn());
    }
    write_stdout(&out)
}

/// A game of the file with its number (from 1), as read.
type NumberedGame = (usize, Result<Game, PgnError>);

fn run_all(
    args: &CheckGameArgs,
    shown: &str,
    games: Vec<Result<Game, PgnError>>,
) -> Result<(), CliError> {
    let items: Vec<(String, NumberedGame)> = games
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            let id = match &g {
                Ok(game) => match (game.tag("White"), game.tag("Black")) {
                    (Some(w), Some(b)) => format!("{} {w} - {b}", i + 1),
                    _ => format!("{}", i + 1),
                },
                Err(_) => format!("{}", i + 1),
            };
            (id, (i + 1, g))
        })
        .collect();
    let options = BatchOptions {
        jobs: args.jobs,
        unit: "games".into(),
    };
    let json = args.json;
    let outcomes = batch::run_items(
        &items,
        &options,
        |(number, game)| {
            let label = format!("{shown}, game {number}");
            let game = game
                .as_ref()
                .map_err(|e| CliError::usage(format!("{label}: {e}")))?;
            let proved = prove_game(game, &label, None, args.timeout)?;
            Ok(Done::new(format!(
                "legal game of {}, final position {}",
                plural(game.moves.len(), "ply", "plies"),
                game.end.to_fen()
            ))
            .with_json(GameJson::of(*number, game, &proved)))
        },
        |outcome| {
            if json {
                let _ = write_stdout(&batch::json_line(outcome));
            }
        },
    );
    if json {
        write_stdout(&batch::json_summary(&outcomes))?;
    } else {
        write_stdout(&batch::summary_table(&outcomes, "games"))?;
    }
    batch::exit_result(&outcomes, "games")
}

/// A game proven legal: the question `legal-game` about its final
/// position answered by the game, and what `coqc` says.
struct Proved {
    answer: Answer,
    proven: Proven,
}

/// Proves one game legal in Coq.
fn prove_game(
    game: &Game,
    label: &str,
    keep: Option<&Path>,
    timeout: u64,
) -> Result<Proved, CliError> {
    if game.tag("FEN").is_some() {
        return Err(CliError::usage(format!(
            "{label}: the game starts from a set-up position (FEN tag); check-game proves games from the initial position"
        )));
    }
    let mut notes = Vec::new();
    for name in ["Event", "White", "Black", "Date", "Result"] {
        if let Some(value) = game.tag(name) {
            notes.push(format!("{name}: {}", crate::input::one_line(value)));
        }
    }
    let moves: Vec<String> = game.moves.iter().map(|m| m.to_uci()).collect();
    let answer = Answer {
        question: Question::LegalGame(GameSource::Uci(moves.clone())),
        export: Export {
            position: game.end,
            statement: Statement::LegalGame { moves },
            proof: Proof::Reflective,
            notes,
            reading: Reading::Asserted,
        },
        game: None,
        game_search: None,
    };
    let export = &answer.export;
    let proof =
        export_file_with_game(export, None).map_err(|e| CliError::refuted(e.to_string()))?;
    let claim = export.statement.in_chess_terms(&export.position);
    let proven = prove_file(&proof, keep, Duration::from_secs(timeout), &claim)?;
    Ok(Proved { answer, proven })
}

/// Writes the `--report` page of a proven game.
fn write_report(file: &Path, game: &Game, proven: &Proven) -> Result<(), CliError> {
    let title = match (game.tag("White"), game.tag("Black")) {
        (Some(w), Some(b)) => format!("{w} – {b}: a legal game"),
        _ => "A legal game".to_owned(),
    };
    let moves: Vec<String> = game.moves.iter().map(|m| m.to_uci()).collect();
    let answer = format!(
        "legal game of {}, ending in {}",
        plural(game.moves.len(), "ply", "plies"),
        game.end.to_fen()
    );
    let mut report = crate::render::Report::game(
        &title,
        "Is this game legal (every move legal where it is played, from the initial position)?",
        &answer,
        &game.start,
        &moves,
    )
    .map_err(CliError::usage)?;
    report.proven = true;
    report.theorem = proven.theorem.clone();
    report.coqc = Some(proven.coqc_version.clone());
    report.timings = vec![("coqc".to_owned(), proven.elapsed.as_secs_f64())];
    std::fs::write(file, crate::render::html_report(&report)).map_err(|e| {
        CliError::usage(format!(
            "cannot write {}: {e}",
            crate::input::one_line(&file.display().to_string())
        ))
    })
}

fn shown_path(path: &Path) -> String {
    if path == Path::new("-") {
        "standard input".to_owned()
    } else {
        crate::input::one_line(&path.display().to_string())
    }
}

fn games_word(n: usize) -> String {
    plural(n, "game", "games")
}

/// `1 ply`, `33 plies`.
fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}
