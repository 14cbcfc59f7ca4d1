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
pub fn example_files(epd: &str) -> Result<Vec<ExampleFile>, EmitError> {
    use retroproof_core::problem::{Problem, Question, Solution};
    let mut out = Vec::new();
    for line in epd.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Ok(problem) = Problem::parse(line) else {
            continue;
        };
        let Some(id) = &problem.id else {
            continue;
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
                        Err(_) => continue,
                    },
                };
                let Statement::LastPlies { answer, .. } = &statement else {
                    continue;
                };
                if *answer != published {
                    continue;
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
                    Err(_) => continue,
                },
            },
            (
                Question::Castling
                | Question::EnPassant
                | Question::Orientation
                | Question::Where(_),
                Solution::Verdicts(published),
            ) => {
                if let Some(contents) = classic_example(&problem, id, published)? {
                    out.push(ExampleFile {
                        file: example_file_name(id),
                        contents,
                    });
                }
                continue;
            }
            _ => continue,
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
        out.push(ExampleFile {
            file: example_file_name(id),
            contents,
        });
    }
    Ok(out)
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
