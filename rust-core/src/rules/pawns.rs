//! Pawn-capture counting (Filman, ch. 3).
//!
//! A pawn changes file only by capturing, one file per capture, so a pawn
//! standing on file `f` that started the game on file `g` has captured at
//! least `|f - g|` times. The eight pawns of a side start on eight distinct
//! files and keep their identity until they promote (and leave the board as
//! pawns), so the pawns a side has now came from distinct starting files:
//! the cheapest assignment of its pawns to distinct starting files is a
//! lower bound on the captures that side made. Every capture removes one of
//! the other side's men for good (promotions only change a man's role), so
//! a side has made at most `16 - m` captures, `m` being the other side's men
//! on the board. A position where a side needs more captures than that is
//! reached by no game.
//!
//! Promoted men count too: each man beyond its side's initial set (a second
//! queen, a third knight, …; [`SideMaterial::promoted_excess`]) is a pawn
//! that promoted, so it also used up a starting file `g`, and it reached its
//! seventh rank on some file `x` after at least `|x - g|` captures. An
//! opponent pawn standing now on its own second rank (our seventh) has
//! stood there all game (it never moved), so its file's seventh-rank square
//! was never free: `x` is one of the other files.
//!
//! The men beyond the initial set are only a lower bound of the promoted
//! men: the regions of their kind sometimes show more
//! ([`region_count::region_promoted`]: a black bishop walled in on e1 by the
//! unmoved pawns d2 and f2 is a promoted pawn even beside a black bishop of
//! each colour). When they are more, the rule is tried again with them.
//!
//! The assignment is a bitmask dynamic programme over the set of starting
//! files used: at most 8 × 256 steps.
//!
//! ## Dead men
//!
//! For a side `color`, some of the other side's missing men were taken by
//! pieces, never by a pawn of `color`: its *dead men* ([`dead_men`]). A
//! knight, bishop, rook or queen of the other side that starts the game on
//! a square `h` stays in its *cage*, the squares it reaches from `h` by its
//! own moves (and castling, for a rook) without entering or crossing a
//! square of a frozen man ([`frozen::frozen_men`]: a frozen man stood
//! where it stands all game) and without stepping between the two squares
//! of a column ([`region::columns`]: a pawn on its third rank that came
//! straight from its second). So if that man is gone, it was captured on a
//! square of its cage.
//! No pawn of `color` captured onto a square of the cage when every square
//! from which it would holds a frozen man (no pawn of `color` ever stood
//! there; en passant takes only pawns, and a capture-promotion starts from
//! such a square too), or when the square is above `color`'s pawn ceiling
//! (`pawn_ceiling`: with all 8 pawns on the board, none ever stood above
//! the highest rank they hold now). Then that capture is not one of the
//! pawns'. For each role, on the union `U` of those pawn-proof
//! cages, the initial position has some men of the role; the men of the
//! role on `U` now include every one of them still alive (each stayed in
//! its cage), so the initial count minus the board's, when positive, is at
//! most the number of them that were captured. Then `color`'s pawns made
//! at most `16 - m - dead` captures (`m` the other side's men on the
//! board), and a position where they need more, and at least one, is
//! reached by no game.
//!
//! Coq computes the same (`dead` and `caged` in
//! `coq/theories/PawnCaptures.v`); its proof (`PawnCapturesproof.v`) counts
//! the dead men in the ghost invariant.
//!
//! ## Promotion entries
//!
//! [`entries_refute`] (the rule [`super::Rule::PromotionEntries`]) knows
//! more about some promoted men: where they came in. A man on the union of
//! the regions of the men of its role whose region holds no initial square
//! of the role ([`region_count::homeless_regions`]) beyond the initial
//! position's men there is a promoted pawn that landed on a last-rank
//! square of that union. Just before, its pawn stood on the seventh-rank
//! square behind the landing square or diagonally behind it (then the
//! promotion took a man: one capture more), and no frozen man holds that
//! square (the pawn left it). So it cost at least `|x - g| + d` captures,
//! `x` the file of that square, `g` its starting file and `d` 1 for a
//! diagonal landing. These men and the side's pawns are assigned to
//! starting files as above (the side's other promoted men are left out),
//! against the other side's missing men less the dead men. Coq:
//! `entry_refutes` of PawnCaptures.v, proven by a ghost whose promotion
//! tokens remember their landing square (`entries` in
//! PawnCapturesproof.v).

use super::frozen::{self, Exits};
use super::{region, region_count};
use crate::retro::SideMaterial;
use crate::{attacks, Bitboard, Board, Color, File, Piece, Position, Rank, Role, Square};

/// A cost too high for any position: no file can be assigned.
pub(super) const IMPOSSIBLE: u32 = 1000;

/// The fewest captures `color`'s pawns (those on the board and those that
/// promoted into its men beyond the initial set) must have made, by the
/// cheapest assignment to distinct starting files; `None` when they are
/// more than 8 (the invariants refute that).
pub fn min_pawn_captures(pos: &Position, color: Color) -> Option<u32> {
    let board = pos.board();
    let promoted = SideMaterial::of(board, color).promoted_excess() as usize;
    min_captures_with(board, color, promoted)
}

/// [`min_pawn_captures`] with `promoted` men counted as promoted pawns.
fn min_captures_with(board: &Board, color: Color, promoted: usize) -> Option<u32> {
    let mut costs: Vec<[u32; 8]> = board
        .by_piece(Piece::new(color, Role::Pawn))
        .into_iter()
        .map(|sq| {
            let f = sq.file().index();
            std::array::from_fn(|g| f.abs_diff(g as u32))
        })
        .collect();
    if costs.len() + promoted > 8 {
        return None;
    }
    if promoted > 0 {
        let open = open_files(board, color);
        let open: Vec<u32> = (0..8u32).filter(|&x| open[x as usize]).collect();
        let cost: [u32; 8] = std::array::from_fn(|g| {
            open.iter()
                .map(|&x| x.abs_diff(g as u32))
                .min()
                .unwrap_or(IMPOSSIBLE)
        });
        costs.extend(std::iter::repeat_n(cost, promoted));
    }
    Some(cheapest_assignment(&costs))
}

/// The files on which `color` may have promoted: not those whose
/// seventh-rank square an unmoved opponent pawn holds.
pub(super) fn open_files(board: &Board, color: Color) -> [bool; 8] {
    let seventh = Bitboard::from_rank(Rank::Seventh.relative_to(color));
    let blockers = board.by_piece(Piece::new(color.other(), Role::Pawn)) & seventh;
    std::array::from_fn(|x| {
        File::new(x as u32).is_some_and(|f| (blockers & Bitboard::from_file(f)).is_empty())
    })
}

/// The cheapest assignment of items (at most 8; `costs[i][g]`: item `i`
/// on starting file `g`) to distinct starting files, by a programme over
/// the sets of files used: `best[mask]` is the cheapest way to give the
/// first `popcount(mask)` items the files of `mask`.
pub(super) fn cheapest_assignment(costs: &[[u32; 8]]) -> u32 {
    cheapest_assignment_where(costs, |_| true)
}

/// [`cheapest_assignment`] among the assignments whose set of files used
/// satisfies `accept` (`u32::MAX` when none does).
pub(super) fn cheapest_assignment_where(costs: &[[u32; 8]], accept: impl Fn(usize) -> bool) -> u32 {
    if let Some(cost) = each_at_its_cheapest(costs, &accept) {
        return cost;
    }
    let mut best = [u32::MAX; 256];
    best[0] = 0;
    let mut answer = u32::MAX;
    for mask in 0usize..256 {
        let cost = best[mask];
        if cost == u32::MAX {
            continue;
        }
        let i = mask.count_ones() as usize;
        if i == costs.len() {
            if accept(mask) {
                answer = answer.min(cost);
            }
            continue;
        }
        for (g, &step) in costs[i].iter().enumerate() {
            if mask & (1 << g) == 0 {
                let next = mask | (1 << g);
                best[next] = best[next].min(cost + step);
            }
        }
    }
    answer
}

/// The sum of each item's cheapest cost, when the first cheapest files of
/// the items are distinct and accepted: no assignment costs less than
/// that sum. The usual case (a pawn that never captured is cheapest on its
/// own file), and a static rule asks on every position a search meets:
/// the programme over 256 sets of files is left for the others.
fn each_at_its_cheapest(costs: &[[u32; 8]], accept: impl Fn(usize) -> bool) -> Option<u32> {
    let mut used = 0usize;
    let mut sum = 0;
    for row in costs {
        let (g, &cost) = row.iter().enumerate().min_by_key(|&(_, c)| *c)?;
        if used & 1 << g != 0 {
            return None;
        }
        used |= 1 << g;
        sum += cost;
    }
    accept(used).then_some(sum)
}

/// The roles whose men can be caged (see the module docs, "Dead men").
const CAGE_ROLES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// No pawn of `color` captures onto `t`: every square it would capture
/// from is in `walls`.
fn pawn_proof(walls: Bitboard, color: Color, t: Square) -> bool {
    (attacks::pawn_attacks(color.other(), t) - walls).is_empty()
}

/// The squares no pawn of `color` ever captured onto, whatever the walls:
/// when `color` has all 8 pawns on the board, those above the highest
/// relative rank its pawns hold now. A pawn never moves back, and none of
/// the 8 was ever taken or promoted (a side never has more than 8), so no
/// pawn of `color` ever stood higher, and a capture would have put one
/// there. Empty when `color` has fewer pawns (Coq: `pawn_top` in
/// PawnCaptures.v).
fn pawn_ceiling(board: &Board, color: Color) -> Bitboard {
    let pawns = board.by_piece(Piece::new(color, Role::Pawn));
    if pawns.count() < 8 {
        return Bitboard::EMPTY;
    }
    let top = pawns
        .into_iter()
        .map(|s| s.rank().relative_to(color).index())
        .max()
        .unwrap_or(0);
    Rank::ALL
        .into_iter()
        .filter(|r| r.relative_to(color).index() > top)
        .fold(Bitboard::EMPTY, |acc, r| acc | Bitboard::from_rank(r))
}

/// What walls a cage of the other side's men against the pawns of
/// `color`: the frozen men, the board's columns (a man never steps
/// between the two squares of one, [`region::columns`]) and the squares
/// above `color`'s [`pawn_ceiling`].
struct CageWalls {
    frozen: Bitboard,
    columns: Vec<region::Column>,
    ceiling: Bitboard,
}

impl CageWalls {
    fn new(board: &Board, frozen: Bitboard, color: Color) -> CageWalls {
        CageWalls {
            frozen,
            columns: region::columns(board, frozen),
            ceiling: pawn_ceiling(board, color),
        }
    }

    /// No pawn of `color` captures onto `t`.
    fn pawn_proof(&self, color: Color, t: Square) -> bool {
        self.ceiling.contains(t) || pawn_proof(self.frozen, color, t)
    }
}

/// The cage of a man `piece` of the other side than `color` on `h`, when
/// it is pawn-proof for `color`: the squares it reaches from `h` by its own
/// moves and castling, never entering a square of a frozen man nor crossing
/// a column (a square `s` joins when one of its exits, [`Exits::own`], is
/// in the cage and not across a column from `s`: a man there can move to
/// `s`); `None` as soon as a square of it is not pawn-proof
/// ([`CageWalls::pawn_proof`]).
fn pawn_proof_cage(walls: &CageWalls, color: Color, piece: Piece, h: Square) -> Option<Bitboard> {
    if !walls.pawn_proof(color, h) {
        return None;
    }
    let mut reached = Bitboard::from(h);
    loop {
        let mut next = reached;
        for s in !(walls.frozen | reached) {
            let exits = Exits::of(piece.color, piece.role, s).own()
                - region::across_columns(&walls.columns, piece, s);
            if exits.intersects(reached) {
                if !walls.pawn_proof(color, s) {
                    return None;
                }
                next.set(s);
            }
        }
        if next == reached {
            return Some(reached);
        }
        reached = next;
    }
}

/// The men of the other side that no pawn of `color` can have captured
/// (see the module docs, "Dead men"), `frozen` being
/// [`frozen::frozen_men`] of `board`: for each role `r` of knight, bishop,
/// rook and queen, `U` is the union of the pawn-proof cages of the other
/// side's initial men of role `r` that are not frozen; the dead men are
/// the initial position's men of the other side on their role's `U` minus
/// the board's (0 if more are on the board).
pub fn dead_men(board: &Board, frozen: Bitboard, color: Color) -> u32 {
    let start = Board::start();
    let walls = CageWalls::new(board, frozen, color);
    let mut caged_start = 0;
    let mut caged_now = 0;
    for role in CAGE_ROLES {
        let piece = Piece::new(color.other(), role);
        let mut union = Bitboard::EMPTY;
        for h in start.by_piece(piece) - frozen {
            if let Some(cage) = pawn_proof_cage(&walls, color, piece, h) {
                union |= cage;
            }
        }
        caged_start += (start.by_piece(piece) & union).count();
        caged_now += (board.by_piece(piece) & union).count();
    }
    caged_start.saturating_sub(caged_now)
}

/// An upper bound of [`dead_men`] that needs no frozen men: the initial
/// squares of the other side's knights, bishops, rooks and queen onto which
/// no pawn of `color` captures from an empty square, or above its
/// [`pawn_ceiling`]. Every initial man [`dead_men`] counts stands on a
/// pawn-proof cage, and frozen men are on occupied squares.
pub(super) fn dead_men_bound(board: &Board, color: Color) -> u32 {
    let start = Board::start();
    let homes =
        start.by_color(color.other()) - start.by_role(Role::Pawn) - start.by_role(Role::King);
    let occupied = board.occupied();
    let ceiling = pawn_ceiling(board, color);
    homes
        .into_iter()
        .filter(|&h| ceiling.contains(h) || pawn_proof(occupied, color, h))
        .count() as u32
}

/// Whether some side's pawns need more captures than the other side has
/// lost men, not counting its [`dead_men`] (see the module docs).
pub fn refutes(pos: &Position) -> bool {
    let board = pos.board();
    let mut frozen = None;
    Color::ALL.into_iter().any(|color| {
        let captured = 16u32.saturating_sub(board.by_color(color.other()).count());
        let material = SideMaterial::of(board, color);
        let promoted = material.promoted_excess();
        let Some(need) = min_captures_with(board, color, promoted as usize) else {
            return false;
        };
        if need > captured {
            return true;
        }
        // Only then the frozen men (slower to compute), for two further
        // counts: the dead men ([`dead_men`]) and the men whose regions show
        // them promoted ([`region_count::region_promoted`]), when they are more
        // than the material shows. Each is tried only when its cheap bound
        // may refute: the dead men are at most [`dead_men_bound`], and the
        // promoted men at most the side's pieces (and 8 with its pawns);
        // more promoted men never lower the cheapest assignment.
        let bound = dead_men_bound(board, color);
        let may_refute = |need: u32| need > captured || (need > 0 && need + bound > captured);
        let pawns = u32::from(material.pawns);
        let pieces = material.men() - pawns - u32::from(material.kings);
        let most = pieces.min(8u32.saturating_sub(pawns));
        let need_most = if most > promoted {
            min_captures_with(board, color, most as usize).unwrap_or(need)
        } else {
            need
        };
        if !may_refute(need) && !may_refute(need_most) {
            return false;
        }
        let frozen = *frozen.get_or_insert_with(|| frozen::frozen_men(board));
        let mut dead = None;
        let mut refutes_with = |need: u32| {
            need > captured
                || (may_refute(need)
                    && need
                        > captured.saturating_sub(
                            *dead.get_or_insert_with(|| dead_men(board, frozen, color)),
                        ))
        };
        if refutes_with(need) {
            return true;
        }
        let region = region_count::region_promoted(board, frozen, color);
        region > promoted
            && min_captures_with(board, color, region as usize).is_some_and(refutes_with)
    })
}

/// Whether some side's pawns and its promoted men that came in by known
/// entries need more captures than the other side has lost men, less its
/// [`dead_men`] (see the module docs, "Promotion entries").
///
/// The men of a side on the [`region_count::homeless_regions`] of their role,
/// beyond the initial position's men there, are promoted pawns that landed
/// on a last-rank square of the region. The pawn stood just before on the
/// seventh-rank square behind or diagonally behind its landing square,
/// which no frozen man holds (the pawn left it), having made at least
/// `|file - g|` captures from its starting file `g`, and one more when it
/// landed diagonally. Each such man is an item of the assignment with
/// these costs (`entry_files`); the side's other promoted men are left
/// out. Coq: `entry_refutes` of PawnCaptures.v (the programme there over
/// the files is the same minimum).
pub fn entries_refute(pos: &Position) -> bool {
    let board = pos.board();
    let mut frozen = None;
    Color::ALL.into_iter().any(|color| {
        // Only a side with a piece can have one on a homeless region.
        let pieces = board.by_color(color) - board.by_role(Role::Pawn) - board.by_role(Role::King);
        if pieces.is_empty() {
            return false;
        }
        let frozen = *frozen.get_or_insert_with(|| frozen::frozen_men(board));
        side_entries_refute(board, frozen, color)
    })
}

fn side_entries_refute(board: &Board, frozen: Bitboard, color: Color) -> bool {
    let start = Board::start();
    let mut promoted = 0u32;
    let mut landing = Bitboard::EMPTY;
    for (role, set) in region_count::homeless_regions(board, frozen, color) {
        let piece = Piece::new(color, role);
        promoted += (board.by_piece(piece) & set)
            .count()
            .saturating_sub((start.by_piece(piece) & set).count());
        landing |= set;
    }
    let pawns = board.by_piece(Piece::new(color, Role::Pawn));
    if promoted == 0 || pawns.count() + promoted > 8 {
        return false;
    }
    let entries = entry_files(frozen, landing, color);
    if entries.iter().all(Option::is_none) {
        return true;
    }
    let cost: [u32; 8] = std::array::from_fn(|g| {
        (0u32..8)
            .filter_map(|x| entries[x as usize].map(|d| x.abs_diff(g as u32) + d))
            .min()
            .unwrap_or(IMPOSSIBLE)
    });
    let mut costs: Vec<[u32; 8]> = pawns
        .into_iter()
        .map(|sq| {
            let f = sq.file().index();
            std::array::from_fn(|g| f.abs_diff(g as u32))
        })
        .collect();
    costs.extend(std::iter::repeat_n(cost, promoted as usize));
    let need = cheapest_assignment(&costs);
    let captured = 16u32.saturating_sub(board.by_color(color.other()).count());
    need > captured || (need > 0 && need > captured.saturating_sub(dead_men(board, frozen, color)))
}

/// For each file `x`, whether a pawn of `color` on its seventh-rank square
/// there may have promoted onto `landing`, and at what extra cost:
/// `Some(0)` when the square ahead is in `landing`, `Some(1)` when only a
/// square it captures on is (the capture), `None` when neither is or the
/// seventh-rank square holds a frozen man (Coq: `entry_data`).
fn entry_files(frozen: Bitboard, landing: Bitboard, color: Color) -> [Option<u32>; 8] {
    let seventh = Rank::Seventh.relative_to(color);
    let last = Rank::Eighth.relative_to(color);
    std::array::from_fn(|x| {
        let file = File::new(x as u32)?;
        let e = Square::from_coords(file, seventh);
        if frozen.contains(e) {
            None
        } else if landing.contains(Square::from_coords(file, last)) {
            Some(0)
        } else if (attacks::pawn_attacks(color, e) & landing).any() {
            Some(1)
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cheapest accepted assignment, by trying every one.
    fn by_every_assignment(costs: &[[u32; 8]], accept: &dyn Fn(usize) -> bool) -> u32 {
        fn go(costs: &[[u32; 8]], used: usize, accept: &dyn Fn(usize) -> bool) -> u32 {
            let Some((row, rest)) = costs.split_first() else {
                return if accept(used) { 0 } else { u32::MAX };
            };
            (0..8)
                .filter(|g| used & 1 << g == 0)
                .map(|g| go(rest, used | 1 << g, accept).saturating_add(row[g]))
                .min()
                .unwrap_or(u32::MAX)
        }
        go(costs, 0, accept)
    }

    #[test]
    fn the_cheapest_assignment_is_the_cheapest() {
        // A small linear congruential generator: many ties (costs 0..4),
        // so that the items' cheapest files often collide.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % n) as u32
        };
        let accepts: [&dyn Fn(usize) -> bool; 3] = [&|_| true, &|mask| mask & 1 != 0, &|mask| {
            mask & 0b1000_0001 == 0
        }];
        for round in 0..600 {
            let items = (round % 7) as usize;
            let costs: Vec<[u32; 8]> = (0..items)
                .map(|_| std::array::from_fn(|_| next(4)))
                .collect();
            for accept in accepts {
                assert_eq!(
                    cheapest_assignment_where(&costs, accept),
                    by_every_assignment(&costs, accept),
                    "{costs:?}"
                );
            }
        }
    }
}
