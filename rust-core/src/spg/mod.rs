//! Proof-game problems: every game of exactly `n` plies from the initial
//! position whose final board and side to move are a diagram's, or a proof
//! that there is none.
//!
//! - [`diagram`]: the problem's board and side to move
//!   ([`Diagram::from_fen`]);
//! - [`frozen`]: men that never move again on the way (walls for the
//!   bounds);
//! - [`routes`]: each man's shortest routes to the diagram's men around the
//!   walls, rooks and queens also round the pawns that keep their files
//!   ([`routes::Barriers`]);
//! - [`assignment`] and [`bound`]: which man becomes which diagram man, and
//!   a lower bound on each side's moves still needed (routes, captures
//!   owed, pawns' file changes, the men the other side's pawns must
//!   capture, the parity of the moves it has left), admissible: no game takes fewer; men a side cannot afford
//!   to move again join the walls ([`bound::settled_men`]);
//! - [`victims`]: where a side's men can be captured, which the other
//!   side's capturers must reach;
//! - [`table`]: positions known to lead nowhere in the plies left;
//! - [`search`](mod@search): the depth-first search cut by both, listing
//!   games up to a requested number and saying whether every game was
//!   accounted for ([`Report::complete`]); [`Solver::shortest`] finds the
//!   least length with a game and shows every shorter length has none.
//!   [`Level::Basic`] cuts with a simpler bound ([`bound::basic_bound`])
//!   that a checker can mirror.
//!
//! A game is a list of [`crate::Move`]s played by the forward move
//! generator, so every game listed replays. "No game" and "unique" rest on
//! the bounds being admissible; `tests/integration/spg.rs` checks them against plain
//! enumeration and along every published game of the corpus.
//!
//! ```
//! use retroproof_core::spg::{proof_games, Diagram, Limits, Verdict};
//!
//! // 1.e4 e5 2.Qh5 Ke7 3.Qxe5#: the only game of 5 plies to this diagram.
//! let d = Diagram::from_fen("rnbq1bnr/ppppkppp/8/4Q3/4P3/8/PPPP1PPP/RNB1KBNR b - -").unwrap();
//! let report = proof_games(&d, 5, &Limits::default());
//! assert_eq!(report.verdict(), Verdict::Unique);
//! ```

pub mod assignment;
pub mod bound;
pub mod diagram;
pub mod frozen;
mod memo;
pub mod routes;
pub mod search;
pub mod table;
pub mod victims;

pub use diagram::{Diagram, DiagramError};
pub use search::{Level, Limits, Report, ShortestReport, Solver, Stop, Verdict};

/// Every game of exactly `plies` plies to `diagram`, within `limits` (a
/// fresh [`Solver`]).
pub fn proof_games(diagram: &Diagram, plies: u32, limits: &Limits) -> Report {
    Solver::new(*diagram).search(plies, limits)
}

/// The shortest games to `diagram`, trying every length up to `max_plies`.
pub fn shortest_proof_games(diagram: &Diagram, max_plies: u32, limits: &Limits) -> ShortestReport {
    Solver::new(*diagram).shortest(max_plies, limits)
}
