//! Crossing pawns: pawn-capture counting that knows pawns of one file
//! cannot pass each other without capturing.
//!
//! [`pawns`] assigns each side's pawns (and the pawns its
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
//! count of [`pawns`] made stronger by these two facts
//! (with its dead men, without its region-promoted men).
//!
//! The rule: every pair of assignments, one for each side within the
//! captures it can have made (the other side's missing men, less its dead
//! men, [`pawns::dead_men`]: men caged where no pawn of the side
//! captures, so taken by pieces), breaks the order on some file. It
//! counts the promoted men the sealed-bishops count shows
//! ([`bishops::promoted`]: men beyond the initial set, and every bishop
//! of a colour whose home square is walled out), not the region-promoted
//! men of [`pawns`]: that is all the corpus needs
//! (measured), and it keeps the proof small. No corpus record needs the
//! dead men either (measured), but Filman's h4 puzzle does
//! (examples/filman-1979.md: with them White's budget of 4 keeps its g3
//! pawn capture-free).
//!
//! **Captures by square colour.** When the two sides fit, each side's
//! assignment must also fit by square colour. A pawn that changed files
//! as often as it went up ranks made only captures, each diagonal, so all
//! on the colour of its square; a pawn standing just in front of a pawn of
//! the other side that every assignment of that side keeps capture-free
//! (without it the side does not fit) came past that pawn by a capture,
//! onto the square it stands on; and so did a promoted man whose pawn
//! promoted from the square just in front of such a pawn on the other
//! side's third rank. The captures counted on each colour cannot exceed
//! the other side's missing men, less one when it has no bishop of the
//! other colour (that bishop was taken on its own colour). This is what
//! shows a white knight, rook or queen on Filman's h4 impossible: Black's
//! b7xa6, f7xe6xd5xc4 and its h-pawn's capture onto g2 (past White's g3
//! pawn) are five light-square captures, and White has lost five men, one
//! its dark-squared bishop.
//! It is computed by branching, for every slot where both sides may have a
//! capture-free man, on which of them may (a few *rectangles* of allowed
//! choices per slot, covering every allowed pair), and running each side's
//! assignment with the choices left.
//!
//! Proven sound in Coq: `crossing_refutes_sound` (coq/theories/
//! Crossingproof.v) for `crossing_refutes` (Crossing.v), computed the same
//! way (the Coq side asks whether a side fits its budget instead of
//! computing its cheapest cost, which gives the same verdict);
//! rust-core/tests/integration/crossing_coq.rs checks that the two agree. The proof
//! extends the ghost of `PawnCapturesproof.v` with the slots whose man
//! made no capture, and shows that both sides' ghosts keep their
//! capture-free pawns of each file in order (`crossing_reachable`); the
//! colour count is `tint` (Coloursproof.v) with the entry facts
//! `entered` (Crossingproof.v).

use super::pawns::IMPOSSIBLE;
use super::{bishops, frozen, pawns};
use crate::{Board, Color, Piece, Position, Role, Square};

/// The captures a man that made some and stands on its slot's file made at
/// least: each capture changes its file by one, so getting back takes two.
/// (Counting 1 here loses a record of the corpus, measured.)
const ON_OWN_FILE: u32 = 2;

/// What one side brings to the assignment.
struct Side {
    color: Color,
    /// Its pawns: (file, absolute rank, ranks advanced from its second
    /// rank), all 0..7.
    pawns: Vec<(u32, u32, u32)>,
    /// Its promoted men (pawns gone to promotion), with every bishop of a
    /// walled-out home's colour ([`bishops::promoted`]).
    tokens: usize,
    /// The files on which it may have promoted (not those where an
    /// unmoved opponent pawn holds its seventh rank).
    open: [bool; 8],
    /// The captures it can have made: the other side's missing men (less
    /// the other side's dead men, once [`refutes`] counts them).
    budget: u32,
    /// The other side's missing men.
    missing: u32,
    /// Indexed by square colour `k` (1 for light): 1 when the other side
    /// has no bishop on the other colour, so lost it to a capture there,
    /// by no capture onto `k`.
    lost: [u32; 2],
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
        let missing = 16u32.saturating_sub(board.by_color(color.other()).count());
        let bishops = board.by_piece(Piece::new(color.other(), Role::Bishop));
        let has = |light: bool| {
            Iterator::any(&mut bishops.into_iter(), |s: Square| s.is_light() == light)
        };
        Side {
            color,
            pawns,
            tokens,
            open: pawns::open_files(board, color),
            budget: missing,
            missing,
            lost: [u32::from(!has(true)), u32::from(!has(false))],
        }
    }

    /// The captures man `i` (a pawn) made at least in slot `g`, if it may
    /// be capture-free as `allow` says.
    fn pawn_cost(&self, i: usize, g: u32, allow: Zeros) -> u32 {
        let (f, _, advanced) = self.pawns[i];
        let captures = if f == g {
            own(allow & 1 << i != 0)
        } else {
            f.abs_diff(g)
        };
        // Each capture took the pawn one rank up.
        if captures <= advanced {
            captures
        } else {
            IMPOSSIBLE
        }
    }

    /// A promoted man's cost in slot `g` having promoted on file `x`.
    fn token_cost(x: u32, g: u32, allow: Zeros) -> u32 {
        if x == g {
            own(allow & TOKEN != 0)
        } else {
            x.abs_diff(g)
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
        // cost[i][g]: man i (pawns first, then promoted men) in slot g.
        let mut cost = [[IMPOSSIBLE; 8]; 8];
        for (g, &allow) in allowed.iter().enumerate() {
            let g32 = g as u32;
            for (i, row) in cost.iter_mut().enumerate().take(self.pawns.len()) {
                row[g] = self.pawn_cost(i, g32, allow);
            }
            let token = (0..8u32)
                .filter(|&x| self.open[x as usize])
                .map(|x| Side::token_cost(x, g32, allow))
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

    /// The pawns (file, rank) the side cannot do without as capture-free
    /// men (without letting one be capture-free it does not fit), among
    /// those whose being capture-free can count for `other` (Coq:
    /// `forced` and `relevant`): one of `other`'s pawns stands just in
    /// front of it, or it stands on `other`'s sixth rank and `other` has
    /// promoted men.
    fn forced(&self, allowed: &[Zeros; 8], other: &Side) -> Vec<(u32, u32)> {
        let relevant = |(f, r): (u32, u32)| {
            let front = other.rank_ahead(r);
            front.is_some_and(|fr| other.pawns.iter().any(|&(pf, pr, _)| (pf, pr) == (f, fr)))
                || (r == other.sixth_rank() && other.tokens > 0)
        };
        (0..self.pawns.len().min(8))
            .filter(|&i| {
                let (f, r, _) = self.pawns[i];
                relevant((f, r)) && {
                    let mut without = *allowed;
                    without[f as usize] &= !(1 << i);
                    !self.fits(self.min_cost(&without))
                }
            })
            .map(|i| (self.pawns[i].0, self.pawns[i].1))
            .collect()
    }

    /// The absolute rank of the side's sixth rank.
    fn sixth_rank(&self) -> u32 {
        match self.color {
            Color::White => 5,
            Color::Black => 2,
        }
    }

    /// The absolute rank onto which a pawn of the side steps from `rank`.
    fn rank_ahead(&self, rank: u32) -> Option<u32> {
        match self.color {
            Color::White => Some(rank + 1),
            Color::Black => rank.checked_sub(1),
        }
    }

    /// The absolute rank of the square from which a pawn of the side
    /// steps onto a square of `rank` (which may be off the board).
    fn rank_behind(&self, rank: u32) -> Option<u32> {
        match self.color {
            Color::White => rank.checked_sub(1),
            Color::Black => Some(rank + 1),
        }
    }

    /// The captures onto squares of colour `k` (light when true) that pawn
    /// `i` made at least in slot `g`: all of them if it changed files as
    /// often as it went up ranks (each move a capture, diagonal, keeping
    /// the colour of its square), else one when a forced pawn of the
    /// other side stands just behind it (it came past by a capture).
    fn pawn_colour(&self, i: usize, g: u32, k: bool, forced: &[(u32, u32)]) -> u32 {
        let (f, r, advanced) = self.pawns[i];
        if is_light(f, r) != k {
            0
        } else if f.abs_diff(g) == advanced {
            advanced
        } else if forced
            .iter()
            .any(|&x| Some(x) == self.rank_behind(r).map(|b| (f, b)))
        {
            1
        } else {
            0
        }
    }

    /// The captures onto colour `k` that a man promoted from file `y`
    /// made at least: one when a forced pawn of the other side stands on
    /// the side's sixth rank on that file (the pawn came onto the square
    /// in front of it, on its seventh rank, by a capture).
    fn token_colour(&self, y: u32, k: bool, forced: &[(u32, u32)]) -> u32 {
        let sixth = self.sixth_rank();
        let seventh = self.rank_ahead(sixth).unwrap_or(sixth);
        u32::from(forced.contains(&(y, sixth)) && is_light(y, seventh) == k)
    }

    /// Whether the side's men fit its captures counted by square colour
    /// too (Coq: `colour_fits`, Crossing.v): an assignment within its
    /// budget whose counts onto each colour fit the other side's missing
    /// men less its lost bishop of the other colour; `forced` are the
    /// other side's pawns capture-free in every assignment.
    fn colours_fit(&self, allowed: &[Zeros; 8], forced: &[(u32, u32)]) -> bool {
        // Nothing to say beyond the captures' budget (Coq:
        // `colours_needed`): each man's counts on the two colours add up
        // to at most its cost, and each colour's budget is the captures'.
        if self.lost == [0, 0] && forced.is_empty() {
            return true;
        }
        let n = self.pawns.len();
        if n + self.tokens > 8 {
            return false;
        }
        type Triple = [u32; 3];
        let pawns: Vec<[Triple; 8]> = (0..n)
            .map(|i| {
                std::array::from_fn(|g| {
                    let g32 = g as u32;
                    [
                        self.pawn_cost(i, g32, allowed[g]),
                        self.pawn_colour(i, g32, true, forced),
                        self.pawn_colour(i, g32, false, forced),
                    ]
                })
            })
            .collect();
        let tokens: [Vec<Triple>; 8] = std::array::from_fn(|g| {
            let g32 = g as u32;
            (0..8u32)
                .filter(|&y| self.open[y as usize])
                .map(|y| {
                    [
                        Side::token_cost(y, g32, allowed[g]),
                        self.token_colour(y, true, forced),
                        self.token_colour(y, false, forced),
                    ]
                })
                .collect()
        });
        let budget = [
            self.budget,
            self.missing.saturating_sub(self.lost[1]),
            self.missing.saturating_sub(self.lost[0]),
        ];
        fn take(left: Triple, v: Triple) -> Option<Triple> {
            Some([
                left[0].checked_sub(v[0])?,
                left[1].checked_sub(v[1])?,
                left[2].checked_sub(v[2])?,
            ])
        }
        // The promoted men, alike: `t` of them in the free slots from `g` on.
        fn tokens_fit(
            tokens: &[Vec<Triple>; 8],
            t: usize,
            free: u8,
            g: usize,
            left: Triple,
        ) -> bool {
            if t == 0 {
                return true;
            }
            if g == 8 {
                return false;
            }
            (free & 1 << g != 0
                && tokens[g]
                    .iter()
                    .filter_map(|&v| take(left, v))
                    .any(|l| tokens_fit(tokens, t - 1, free, g + 1, l)))
                || tokens_fit(tokens, t, free, g + 1, left)
        }
        // The pawns, each in a free slot, then the promoted men.
        fn pawns_fit(
            pawns: &[[Triple; 8]],
            tokens: &[Vec<Triple>; 8],
            t: usize,
            free: u8,
            left: Triple,
        ) -> bool {
            let Some((first, rest)) = pawns.split_first() else {
                return tokens_fit(tokens, t, free, 0, left);
            };
            (0..8).any(|g| {
                free & 1 << g != 0
                    && take(left, first[g])
                        .is_some_and(|l| pawns_fit(rest, tokens, t, free & !(1 << g), l))
            })
        }
        pawns_fit(&pawns, &tokens, self.tokens, 0xff, budget)
    }
}

/// The colour of a square: light when its file and rank indices (from 0)
/// add up to an odd number (a1 is dark).
fn is_light(file: u32, rank: u32) -> bool {
    (file + rank) % 2 == 1
}

fn own(zero: bool) -> u32 {
    if zero {
        0
    } else {
        ON_OWN_FILE
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
    if !fits_below(white, black, &choices, &mut wa, &mut ba, costs) {
        return true;
    }
    // The colour count, with every capture-free man allowed.
    let wa: [Zeros; 8] = std::array::from_fn(|g| white.zeros(g as u32));
    let ba: [Zeros; 8] = std::array::from_fn(|g| black.zeros(g as u32));
    !white.colours_fit(&wa, &black.forced(&ba, white))
        || !black.colours_fit(&ba, &white.forced(&wa, black))
}

/// Whether the pawns of the two sides cannot keep the order of every file
/// within their captures (see the module docs).
pub fn refutes(pos: &Position) -> bool {
    let board = pos.board();
    let side = |color: Color| Side::new(board, color, bishops::promoted(pos, color) as usize);
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
