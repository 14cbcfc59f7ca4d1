//! Where captures landed: a pawn that never left its file was taken on it.
//!
//! Pawn-capture counting ([`pawns`](super::pawns)) says how many captures
//! a side's pawns made; this rule asks *onto which files*. Only the pawns
//! on the board are counted (not the pawns promoted men were): a lower
//! bound all the same. For a side `c`, the other side `o` and a file `x`:
//!
//! - an unmoved pawn of `o` stands on `c`'s seventh rank on file `x`, so
//!   `c`'s pawn of slot (starting file) `x` never promoted on file `x`;
//! - neither side's pawns fit in one capture fewer than the other side's
//!   missing men: every capture a side made is one its pawns on the board
//!   need;
//! - no assignment of `c`'s pawns within its captures gives one of them
//!   the slot `x`: `c`'s pawn of slot `x` is gone, and made no capture
//!   (that would be one more than its pawns need), so it was taken as a
//!   pawn on file `x` (en passant too: the taking pawn lands on the taken
//!   pawn's file);
//! - so some capture of `o` landed on file `x`: not a piece's (one more
//!   capture than `o`'s pawns need), so a pawn's, whose way from its slot
//!   `g` to its file `t` then took at least [`need`]`(g, t, x)` captures;
//!   with that cost for one of them, `o`'s pawns do not fit.
//!
//! Werner Keym's `N7/P1pp1p1p/pp5p/8/P7/PkPP4/pB1P2P1/2KR4 w` (the last
//! move was `g7xh6`): had it taken a piece, White's seven pawns need
//! seven captures, Black's missing seven men, so White's h-pawn (gone,
//! blocked by h7) was taken on the h-file; but Black's pawns need four
//! captures, White's missing four men, none landing on the h-file.
//!
//! Proven sound in Coq: `landing_refutes_sound` (coq/theories/
//! Landingproof.v) for `landing_refutes` (Landing.v), the same
//! computation (each side's pawns fit their budget or not, as Crossing.v
//! asks); rust-core/tests/integration/landing_coq.rs checks that the two agree. The
//! proof keeps, beside both sides' ghosts of PawnCapturesproof.v, whether
//! one of `o`'s captures landed on file `x` and by which pawn.

use super::pawns::{cheapest_assignment_where, open_files, IMPOSSIBLE};
use crate::{Board, Color, Piece, Position, Role};

/// The fewest captures of a pawn going from file `g` to file `t` that land
/// on file `x` at least once: each capture moves it one file and lands on
/// the new one, so it goes out to `x` and back (leaving `g` and coming
/// back when `x` is `g` itself).
pub fn need(g: u32, t: u32, x: u32) -> u32 {
    if x == g {
        2 + g.abs_diff(t)
    } else {
        g.abs_diff(x) + x.abs_diff(t)
    }
}

/// Whether some side's exact count puts a capture of the other side on a
/// file the other side's captures cannot reach within its budget.
pub fn refutes(pos: &Position) -> bool {
    Color::ALL.into_iter().any(|c| side_refutes(pos, c))
}

/// `color`'s pawns: each one's file, and its cost in each slot (each
/// capture took the pawn one rank up, so a slot farther than the ranks it
/// went up is impossible).
fn costs(board: &Board, color: Color) -> (Vec<u32>, Vec<[u32; 8]>) {
    board
        .by_piece(Piece::new(color, Role::Pawn))
        .into_iter()
        .map(|s| {
            let t = s.file().index();
            let advanced = s.rank().relative_to(color).index().saturating_sub(1);
            let cost = |g: usize| {
                let d = t.abs_diff(g as u32);
                if d <= advanced {
                    d
                } else {
                    IMPOSSIBLE
                }
            };
            (t, std::array::from_fn(cost))
        })
        .unzip()
}

fn side_refutes(pos: &Position, c: Color) -> bool {
    let board = pos.board();
    let open = open_files(board, c);
    // Most positions of a search stop here or at `c`'s count: the
    // other side's count is computed only when both pass.
    if open.iter().all(|&f| f) {
        return false;
    }
    let o = c.other();
    // The captures a side can have made: the other side's missing men.
    let budget = |side: Color| 16u32.saturating_sub(board.by_color(side.other()).count());
    let (budget_c, budget_o) = (budget(c), budget(o));
    let (_, plain_c) = costs(board, c);
    // Both counts exact: neither side's pawns fit one capture fewer.
    if plain_c.len() > 8 || cheapest_assignment_where(&plain_c, |_| true) < budget_c {
        return false;
    }
    let (files_o, plain_o) = costs(board, o);
    if plain_o.len() > 8 || cheapest_assignment_where(&plain_o, |_| true) < budget_o {
        return false;
    }
    (0..8u32).filter(|&x| !open[x as usize]).any(|x| {
        // Slot x fits no pawn of c, and no pawn of o lands on x within
        // o's budget.
        cheapest_assignment_where(&plain_c, |mask| mask & 1 << x != 0) > budget_c
            && files_o.iter().enumerate().all(|(i, &t)| {
                // Pawn i's way lands on x (not capped: a lower bound).
                let mut rows = plain_o.clone();
                rows[i] = std::array::from_fn(|g| need(g as u32, t, x));
                cheapest_assignment_where(&rows, |_| true) > budget_o
            })
    })
}
