//! The example proofs of `examples/` (`coq/tests/Ex_*.v`, written by
//! `retroproof export --examples`): the problems whose published answer
//! the engine proves, each file as `export` writes it.

use retroproof_core::proofgame;
use retroproof_core::proofgame::Reading;
use retroproof_core::unknown::Fill;

use crate::emit::build::EmitError;
use crate::emit::problem::{Export, Proof, Statement};
use crate::prove::{deep_illegal, deep_last, export_text, illegal_statement, last_plies_statement};

/// One generated example proof: `coq/tests/<file>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExampleFile {
    pub file: String,
    pub contents: String,
}

/// The proof files for the problems of an EPD file (examples/) whose
/// published answer the engine can state: `last N` problems for which the
/// native statement's plies (from the retraction tree or, beyond it, the
/// deep search's certificate) are exactly the published solution, and
/// illegal positions the engine shows illegal in Coq's terms, and
/// castling and en-passant problems whose every case is proven with the
/// published verdicts (the proof-game search within
/// [`EXAMPLE_GAME_BUDGET`]). Problems without an id, or with another
/// question, are left out.
///
/// The problems are independent and some take seconds (a deep search, a
/// proof game), so they are worked on by as many threads as the machine
/// has cores; the files come out in the EPD's order whatever the threads.
pub fn example_files(epd: &str) -> Result<Vec<ExampleFile>, EmitError> {
    let lines: Vec<&str> = epd
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(lines.len().max(1));
    // Thread t takes the lines t, t + threads, ...: long problems sit
    // together in the files, and striding spreads them.
    let mut results: Vec<Option<Result<Option<ExampleFile>, EmitError>>> =
        (0..lines.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let lines = &lines;
                scope.spawn(move || {
                    (t..lines.len())
                        .step_by(threads)
                        .map(|i| (i, example_file(lines[i])))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for worker in workers {
            for (i, result) in worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            {
                results[i] = Some(result);
            }
        }
    });
    let mut out = Vec::new();
    for result in results.into_iter().flatten() {
        out.extend(result?);
    }
    Ok(out)
}

/// The proof file of one EPD line, if it is an example (see
/// [`example_files`]).
fn example_file(line: &str) -> Result<Option<ExampleFile>, EmitError> {
    use retroproof_core::problem::{Problem, Question, Solution};
    let Ok(problem) = Problem::parse(line) else {
        return Ok(None);
    };
    let Some(id) = &problem.id else {
        return Ok(None);
    };
    // The engine's statement, kept only when it is the published answer.
    let mut proof = Proof::Reflective;
    let statement = match (&problem.question, &problem.solution) {
        (&Question::LastMoves(n), Solution::Plies(sol)) => {
            let published: Vec<String> = sol.iter().rev().map(ToString::to_string).collect();
            // Beyond the retraction tree: the deep search's certificate.
            let statement = match last_plies_statement(&problem.position, n) {
                Ok(statement) => statement,
                Err(_) => match deep_last(&problem.position, n) {
                    Ok(answer) => {
                        proof = Proof::Certificate(answer.certificate);
                        answer.statement
                    }
                    Err(_) => return Ok(None),
                },
            };
            let Statement::LastPlies { answer, .. } = &statement else {
                return Ok(None);
            };
            if *answer != published {
                return Ok(None);
            }
            statement
        }
        (Question::Illegal, Solution::Illegal) => match illegal_statement(&problem.position) {
            Ok(s) => s,
            // Beyond the retraction tree: the deep search's dead set.
            Err(_) => match deep_illegal(&problem.position) {
                Ok(answer) => {
                    proof = Proof::Certificate(answer.certificate);
                    answer.statement
                }
                Err(_) => return Ok(None),
            },
        },
        (
            Question::Castling | Question::EnPassant | Question::Orientation | Question::Where(_),
            Solution::Verdicts(published),
        ) => {
            return Ok(
                classic_example(&problem, id, published)?.map(|contents| ExampleFile {
                    file: example_file_name(id),
                    contents,
                }),
            );
        }
        _ => return Ok(None),
    };
    let mut notes = vec![format!("problem {id}")];
    notes.extend(problem.source.clone());
    let export = Export {
        position: problem.position,
        statement,
        proof,
        notes,
        reading: Reading::Asserted,
    };
    let mut contents = export_text(&export)?;
    contents = contents.replacen("`retroproof export`", "`retroproof export --examples`", 1);
    Ok(Some(ExampleFile {
        file: example_file_name(id),
        contents,
    }))
}

/// The example files' sources in `examples/`, read in this order.
pub const EXAMPLE_SOURCES: [&str; 2] = ["retro-problems.epd", "classic-problems.epd"];

/// `Ex_<id>.v`, the id's other characters than letters and digits as `_`.
fn example_file_name(id: &str) -> String {
    let module: String = id
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("Ex_{module}.v")
}

/// The proof-game search's budget for the example proofs: nodes only, no
/// time limit, so that the files do not depend on the machine's speed.
pub const EXAMPLE_GAME_BUDGET: proofgame::Budget = proofgame::Budget {
    nodes: 400_000,
    time: None,
    max_plies: 600,
    weight: 6,
};

/// The proof of a castling or en-passant problem's published verdicts,
/// when every case is proven and the proven answer is the published one.
fn classic_example(
    problem: &retroproof_core::problem::Problem,
    id: &str,
    published: &[(String, bool)],
) -> Result<Option<String>, EmitError> {
    use crate::classic::Classic;
    let Some(classic) = Classic::of(&problem.question, Fill::Any) else {
        return Ok(None);
    };
    let Ok(mut answer) = crate::classic::answer(
        classic,
        &problem.position,
        // The published game only after the search, so that the note
        // below can say the search did not find one.
        crate::classic::Games {
            known: None,
            search: Some(EXAMPLE_GAME_BUDGET),
        },
    ) else {
        return Ok(None);
    };
    let by_published_game = problem
        .game
        .as_ref()
        .and_then(|moves| crate::classic::settle_by_game(&mut answer.cases, moves))
        .is_some_and(|settled| settled > 0);
    if answer.against(published) != Ok(true) {
        return Ok(None);
    }
    let mut notes = vec![format!("problem {id}")];
    notes.extend(problem.source.clone());
    if by_published_game {
        notes.push(format!(
            "a reachable case is proven by replaying the game the source publishes \
             (pg, {} plies); the proof-game search did not find one within its budget",
            problem.game.as_ref().map_or(0, Vec::len)
        ));
    }
    crate::classic::file_text(&answer, &notes, "retroproof export --examples")
}
