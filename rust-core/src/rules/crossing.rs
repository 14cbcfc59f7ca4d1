//! Crossing pawns: pawn-capture counting that knows pawns of one file
//! cannot pass each other without capturing.
//!
//! [`pawns`](super::pawns) assigns each side's pawns (and the pawns its
//! promoted men were) to distinct starting files, its *slots*, and counts
//! the captures each must have made. It looks at the two sides apart. But
//! a white and a black pawn that both started on file `g` and have both
//! made no capture have stood on file `g` all game, the white one below
//! the black one: a pawn moves straight ahead only onto an empty square,
//! so neither ever jumped the other. Hence, for every slot `g`, if both
//! sides have a *capture-free* man of slot `g`, both are pawns still on
//! the board and the white one stands below the black one. A promoted
//! man whose pawn made no capture promoted on the file of its slot, so it
//! got past the other side's pawn of that slot: that pawn had made a
//! capture or left the board by then, and is not capture-free now.
//!
//! A pawn that made a capture and stands on its slot's file made at least
//! two (a capture changes the file by one). And a pawn made at most as
//! many captures as the ranks it went up from its second rank (each
//! capture takes it one rank up): a pawn on c3 did not start on the
//! a-file. With no slot contested by both sides, the rule is the plain
//! count of [`pawns`](super::pawns) made stronger by these two facts
//! (with its dead men, without its region-promoted men).
//!
//! The rule: every pair of assignments, one for each side within the
//! captures it can have made (the other side's missing men, less its dead
//! men, [`pawns::dead_men`]: men caged where no pawn of the side
//! captures, so taken by pieces), breaks the order on some file. It
//! counts only the promoted men the material shows (men beyond the
//! initial set), not the region-promoted men of [`pawns`](super::pawns):
//! that is all the corpus needs (measured), and it keeps the proof small.
//! No corpus record needs the dead men either (measured), but Filman's h4
//! puzzle does (examples/filman-1979.md: with them White's budget of 4
//! keeps its g3 pawn capture-free).
//! It is computed by branching, for every slot where both sides may have a
//! capture-free man, on which of them may (a few *rectangles* of allowed
//! choices per slot, covering every allowed pair), and running each side's
//! assignment with the choices left.
//!
//! Proven sound in Coq: `crossing_refutes_sound` (coq/theories/
//! Crossingproof.v) for `crossing_refutes` (Crossing.v), computed the same
//! way (the Coq side asks whether a side fits its budget instead of
//! computing its cheapest cost, which gives the same verdict);
//! rust-core/tests/crossing_coq.rs checks that the two agree. The proof
//! extends the ghost of `PawnCapturesproof.v` with the slots whose man
//! made no capture, and shows that both sides' ghosts keep their
//! capture-free pawns of each file in order (`crossing_reachable`).

use super::{frozen, pawns};
use crate::retro::SideMaterial;
use crate::{Board, Color, Piece, Position, Role};

/// A cost too high for any position.
const IMPOSSIBLE: u32 = 1000;

/// The captures a man that made some and stands on its slot's file made at
/// least: each capture changes its file by one, so getting back takes two.
/// (Counting 1 here loses a record of the corpus, measured.)
const ON_OWN_FILE: u32 = 2;

/// What one side brings to the assignment.
struct Side {
    /// Its pawns: (file, absolute rank, ranks advanced from its second
    /// rank), all 0..7.
    pawns: Vec<(u32, u32, u32)>,
    /// Its promoted men (pawns gone to promotion).
    tokens: usize,
    /// The files on which it may have promoted (not those where an
    /// unmoved opponent pawn holds its seventh rank).
    open: [bool; 8],
    /// The captures it can have made: the other side's missing men (less
    /// the other side's dead men, once [`refutes`] counts them).
    budget: u32,
}

/// The capture-free men a slot may have, as a set: bit `i` for pawn `i`
/// (at most 8 pawns), [`TOKEN`] for a promoted man.
type Zeros = u16;

/// A promoted man in a [`Zeros`] set.
const TOKEN: Zeros = 1 << 8;

impl Side {
    fn new(board: &Board, color: Color, tokens: usize) -> Side {
        let pawns: Vec<(u32, u32, u32)> = board
            .by_piece(Piece::new(color, Role::Pawn))
            .into_iter()
            .map(|s| {
                let advanced = s.rank().relative_to(color).index().saturating_sub(1);
                (s.file().index(), s.rank().index(), advanced)
            })
            .collect();
        Side {
            pawns,
            tokens,
            open: pawns::open_files(board, color),
            budget: 16u32.saturating_sub(board.by_color(color.other()).count()),
        }
    }

    /// The capture-free men slot `g` may have: its pawns on file `g`, and
    /// a promoted man if it may have promoted there.
    fn zeros(&self, g: u32) -> Zeros {
        let pawns = self
            .pawns
            .iter()
            .enumerate()
            // More than 8 pawns never fit (see `min_cost`).
            .filter(|&(i, p)| i < 8 && p.0 == g)
            .fold(0, |z, (i, _)| z | 1 << i);
        if self.tokens > 0 && self.open[g as usize] {
            pawns | TOKEN
        } else {
            pawns
        }
    }

    /// The cheapest assignment when slot `g` may have the capture-free
    /// men of `allowed[g]` only.
    fn min_cost(&self, allowed: &[Zeros; 8]) -> u32 {
        let n = self.pawns.len() + self.tokens;
        if n > 8 {
            return IMPOSSIBLE;
        }
        let own = |zero: bool| if zero { 0 } else { ON_OWN_FILE };
        // cost[i][g]: man i (pawns first, then promoted men) in slot g.
        let mut cost = [[IMPOSSIBLE; 8]; 8];
        for (g, &allow) in allowed.iter().enumerate() {
            let g32 = g as u32;
            for (i, &(f, _, advanced)) in self.pawns.iter().enumerate() {
                let captures = if f == g32 {
                    own(allow & 1 << i != 0)
                } else {
                    f.abs_diff(g32)
                };
                // Each capture took the pawn one rank up.
                cost[i][g] = if captures <= advanced {
                    captures
                } else {
                    IMPOSSIBLE
                };
            }
            let token = (0..8u32)
                .filter(|&x| self.open[x as usize])
                .map(|x| {
                    if x == g32 {
                        own(allow & TOKEN != 0)
                    } else {
                        x.abs_diff(g32)
                    }
                })
                .min()
                .unwrap_or(IMPOSSIBLE);
            for row in &mut cost[self.pawns.len()..n] {
                row[g] = token;
            }
        }
        pawns::cheapest_assignment(&cost[..n])
    }

    fn fits(&self, need: u32) -> bool {
        need <= self.budget
    }
}

/// The allowed pairs of one slot: (white's allowed, black's allowed),
/// together covering every pair that keeps the order, the largest first.
fn rectangles(white: &Side, wz: Zeros, black: &Side, bz: Zeros) -> Vec<(Zeros, Zeros)> {
    let mut out = Vec::new();
    // Both capture-free: two pawns, the white one below (rank < t <= rank).
    for t in 1..8u32 {
        let w = (0..white.pawns.len())
            .filter(|&i| wz & 1 << i != 0 && white.pawns[i].1 < t)
            .fold(0, |z, i| z | 1 << i);
        let b = (0..black.pawns.len())
            .filter(|&i| bz & 1 << i != 0 && black.pawns[i].1 >= t)
            .fold(0, |z, i| z | 1 << i);
        if w != 0 && b != 0 && !out.contains(&(w, b)) {
            out.push((w, b));
        }
    }
    // Only one side capture-free here.
    out.push((wz, 0));
    out.push((0, bz));
    out
}

/// Whether the two sides' pawns cannot both be assigned within their
/// captures without breaking the order on some file.
///
/// A depth-first search over the contested slots, each undecided slot
/// allowing every capture-free man of both sides: allowing more only
/// lowers the cheapest costs, so a side that does not fit there does not
/// fit below, and the branch is closed.
fn refutes_sides(white: &Side, black: &Side) -> bool {
    let mut wa: [Zeros; 8] = std::array::from_fn(|g| white.zeros(g as u32));
    let mut ba: [Zeros; 8] = std::array::from_fn(|g| black.zeros(g as u32));
    let choices: Vec<(usize, Vec<(Zeros, Zeros)>)> = (0..8)
        .filter(|&g| wa[g] != 0 && ba[g] != 0)
        .map(|g| (g, rectangles(white, wa[g], black, ba[g])))
        .collect();
    // `costs`: the cheapest costs with the sets of `wa` and `ba`; a side
    // whose set did not change keeps its cost.
    fn fits_below(
        white: &Side,
        black: &Side,
        choices: &[(usize, Vec<(Zeros, Zeros)>)],
        wa: &mut [Zeros; 8],
        ba: &mut [Zeros; 8],
        costs: (u32, u32),
    ) -> bool {
        if !white.fits(costs.0) || !black.fits(costs.1) {
            return false;
        }
        let Some(((g, rects), rest)) = choices.split_first() else {
            return true;
        };
        let saved = (wa[*g], ba[*g]);
        for &(w, b) in rects {
            (wa[*g], ba[*g]) = (w, b);
            let wc = if w == saved.0 {
                costs.0
            } else {
                white.min_cost(wa)
            };
            let bc = if b == saved.1 {
                costs.1
            } else {
                black.min_cost(ba)
            };
            if fits_below(white, black, rest, wa, ba, (wc, bc)) {
                return true;
            }
        }
        (wa[*g], ba[*g]) = saved;
        false
    }
    let costs = (white.min_cost(&wa), black.min_cost(&ba));
    !fits_below(white, black, &choices, &mut wa, &mut ba, costs)
}

/// Whether the pawns of the two sides cannot keep the order of every file
/// within their captures (see the module docs).
pub fn refutes(pos: &Position) -> bool {
    let board = pos.board();
    let side = |color: Color| {
        let tokens = SideMaterial::of(board, color).promoted_excess() as usize;
        Side::new(board, color, tokens)
    };
    let (mut white, mut black) = (side(Color::White), side(Color::Black));
    if refutes_sides(&white, &black) {
        return true;
    }
    // The dead men only lower the budgets: tried when the plain budgets
    // fit, and only when some may be dead (their cheap bound), as the
    // frozen men are slower to compute.
    if pawns::dead_men_bound(board, Color::White) == 0
        && pawns::dead_men_bound(board, Color::Black) == 0
    {
        return false;
    }
    let frozen = frozen::frozen_men(board);
    let (dw, db) = (
        pawns::dead_men(board, frozen, Color::White),
        pawns::dead_men(board, frozen, Color::Black),
    );
    if dw == 0 && db == 0 {
        return false;
    }
    white.budget = white.budget.saturating_sub(dw);
    black.budget = black.budget.saturating_sub(db);
    refutes_sides(&white, &black)
}
