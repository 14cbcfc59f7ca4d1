//! Zone cages: a group of men that, taken back move by move, never all
//! return to their initial squares, whatever stands on the rest of the
//! board.
//!
//! This is Theodore Hwa's cage verification ("Cages in Retrograde
//! Analysis", 2021), made automatic and checkable.
//!
//! **Partial boards.** A *partial board* `A` lists the men on some squares
//! and says nothing about the others. A position *extends* `A` when every
//! man of `A` stands on its square in it; `E(A)` is the set of positions
//! extending `A`, with either side to move.
//!
//! **Abstract retractions.** Take a position `Q` of `E(A)` and a legal move
//! `Q' → Q`. If the move changes no square `A` occupies, `Q'` is in `E(A)`
//! too. Otherwise it put a man of `A` on its square, and what `Q'` held
//! there follows from the move alone: the man (or the pawn that promoted)
//! one square back along its way, the castling king and rook on their
//! initial squares, the pawn taken en passant. [`predecessors`] lists
//! every such `A'`, over-approximating whatever depends on the squares `A`
//! says nothing of: paths through them are clear, a captured man is not
//! shown, no check along a line is seen (another man may block it). What
//! can be seen is a check *by contact* (a pawn, a knight, or a man next to
//! the king), which no man can block:
//!
//! - the side whose king is in contact check is the side to move, so the
//!   other side made the last move, and made it with the checking man (a
//!   man that stood there before the move would have checked the king
//!   when its own side was to move); two contact checkers never happen;
//! - in `Q'`, the side not to move is not in check.
//!
//! **Zones.** A man of `A` that goes back to a square outside the *zone*
//! (a set of squares) is dropped from `A'`: `E(A')` only grows, so nothing
//! is lost but precision, and the set of partial boards on the zone is
//! finite.
//!
//! **Weakened members.** A position extending `A` extends `A` without
//! any one of its men. So when a man of `A` can go back off the zone,
//! [`verify`] drops him from `A` itself (Hwa's removal) and explores only
//! the weaker board: `A` is a *weakened* member, closed by the member it
//! leads to, which has a man fewer (following weakenings ends at a member
//! closed by its retractions). Cages shrink by orders of magnitude: Hwa's
//! cage for rtr-A-055 takes about 80,000 partial boards closed by their
//! retractions alone, 152 with weakened members.
//!
//! **Cores.** Weakening may drop any man of the zone, not only one that
//! can leave it. When a partial board's *core* (a king with all the pawns,
//! `cores`) closes on its own, [`verify`] weakens the board down to it,
//! man by man, and the core's cage joins the one explored. Hwa adds such
//! cages by hand ("auxiliary cages"; for rtr-A-045, White's king on b8
//! behind Black's pawns); found this way they ask nothing new of the
//! checker: each weakened member drops a man of the zone and leads to a
//! member. Keym's rtr-A-045 cage does not close within 20,000 partial
//! boards without them, and closes within 1,000 with them.
//!
//! **Cages.** A set `C` of partial boards on a zone is *closed* when none
//! of them is *home* (every man on a square where the initial position
//! has that very man) and every abstract retraction of a member, dropped
//! to the zone, is a member (or the member is weakened, and without its
//! man it is a member). Then no position extending a member is
//! reached by any game: going back along the game, the position stays in
//! `E(C)` down to its first position, the initial one, which extends no
//! member (it would make the member home). [`verify`] explores the partial
//! boards from a root and returns the closed set, or `None` when a home
//! board is reached or the budget runs out.
//!
//! **The rule.** A position is refuted when its men on some zone form a
//! member of a closed set: [`Cages::cage_of`] keeps the cages found so far
//! and tries new zones around the men of the position.
//!
//! Example (Hwa's Figure 2): White K a1, R b1, pawns a2 b2 d2 e2, Black K
//! c2, B d1. No man of it can go back: the bishop is boxed in by c2 and
//! e2, the rook would check the black king from c1, and the black king's
//! squares are all guarded by pawns that never moved or by the rook.

use std::rc::Rc;

use crate::hash::{FastMap, FastSet};

use crate::attacks;
use crate::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, Piece, Position, Rank, Role, Square,
};

/// The men of `by` that attack `target` by contact: a pawn, a knight, or a
/// man next to it along one of its lines. No man can block such a check.
pub fn contact_attackers(a: &Board, target: Square, by: Color) -> Bitboard {
    let them = a.by_color(by);
    let rook_like = attacks::rook_attacks(target, Bitboard::FULL) & a.rooks_and_queens();
    let bishop_like = attacks::bishop_attacks(target, Bitboard::FULL) & a.bishops_and_queens();
    let knights = attacks::knight_attacks(target) & a.by_role(Role::Knight);
    let kings = attacks::king_attacks(target) & a.by_role(Role::King);
    let pawns = attacks::pawn_attacks(by.other(), target) & a.by_role(Role::Pawn);
    (rook_like | bishop_like | knights | kings | pawns) & them
}

/// Whether a king of `color` on `a` is in contact check.
fn king_in_contact_check(a: &Board, color: Color) -> bool {
    Iterator::any(&mut a.by_piece(Piece::new(color, Role::King)), |k| {
        contact_attackers(a, k, color.other()).any()
    })
}

/// Whether every man of `a` stands where the initial position has that
/// very man (then the initial position extends `a`).
pub fn is_home(a: &Board) -> bool {
    let start = Board::start();
    Piece::ALL
        .into_iter()
        .all(|p| (a.by_piece(p) - start.by_piece(p)).is_empty())
}

/// One square towards `color`'s first rank (the way its pawns came).
fn behind(color: Color, sq: Square) -> Option<Square> {
    sq.offset(if color.is_white() { -8 } else { 8 })
}

/// The squares a pawn of `color` may have captured from to land on `sq`.
fn capture_sources(color: Color, sq: Square) -> Bitboard {
    attacks::pawn_attacks(color.other(), sq)
}

/// Every abstract retraction of `a` (see the module docs), before dropping
/// to a zone: pushes each `A'` on `out`.
pub fn predecessors(a: &Board, out: &mut Vec<Board>) {
    let occupied = a.occupied();
    // Which side may have made the last move, and which square the move
    // must have filled (the contact checker's).
    let mut may_move = [true; 2];
    let mut must_fill = [Bitboard::EMPTY; 2];
    for color in Color::ALL {
        for k in a.by_piece(Piece::new(color, Role::King)) {
            let checkers = contact_attackers(a, k, color.other());
            if checkers.any() {
                may_move[color.index()] = false;
                must_fill[color.other().index()] |= checkers;
            }
        }
    }
    let mut push = |mover: Color, filled: Bitboard, before: Board| {
        if !(must_fill[mover.index()] - filled).is_empty() {
            return;
        }
        // Before the move, the side not to move is not in check.
        if king_in_contact_check(&before, mover.other()) {
            return;
        }
        out.push(before);
    };
    for (t, piece) in a.pieces() {
        let mover = piece.color;
        if !may_move[mover.index()] {
            continue;
        }
        let filled = Bitboard::from_square(t);
        let mut without = *a;
        without.discard_piece_at(t);
        let mut from = |f: Square, man: Piece, extra: Option<(Square, Piece)>| {
            let mut before = without;
            before.set_piece_at(f, man);
            if let Some((sq, p)) = extra {
                before.set_piece_at(sq, p);
            }
            push(mover, filled, before);
        };
        let rank = t.rank().relative_to(mover);
        match piece.role {
            Role::Pawn => {
                let Some(back) = behind(mover, t) else {
                    continue;
                };
                if back.rank().relative_to(mover) == Rank::First {
                    continue;
                }
                if !occupied.contains(back) {
                    from(back, piece, None);
                    if rank == Rank::Fourth {
                        if let Some(start) = behind(mover, back) {
                            if !occupied.contains(start) {
                                from(start, piece, None);
                            }
                        }
                    }
                }
                for f in capture_sources(mover, t) - occupied {
                    from(f, piece, None);
                    // En passant: the pawn taken stood on `back`.
                    if rank == Rank::Sixth && !occupied.contains(back) {
                        from(
                            f,
                            piece,
                            Some((back, Piece::new(mover.other(), Role::Pawn))),
                        );
                    }
                }
            }
            role => {
                let sources = match role {
                    Role::Knight => attacks::knight_attacks(t),
                    Role::Bishop => attacks::bishop_attacks(t, occupied),
                    Role::Rook => attacks::rook_attacks(t, occupied),
                    Role::Queen => attacks::queen_attacks(t, occupied),
                    _ => attacks::king_attacks(t),
                };
                for f in sources - occupied {
                    from(f, piece, None);
                }
                if rank == Rank::Eighth && role != Role::King {
                    let pawn = Piece::new(mover, Role::Pawn);
                    if let Some(back) = behind(mover, t) {
                        if !occupied.contains(back) {
                            from(back, pawn, None);
                        }
                    }
                    for f in capture_sources(mover, t) - occupied {
                        from(f, pawn, None);
                    }
                }
            }
        }
    }
    // Castling: the king and the rook go back to their initial squares.
    for mover in Color::ALL {
        if !may_move[mover.index()] {
            continue;
        }
        let king = Piece::new(mover, Role::King);
        let rook = Piece::new(mover, Role::Rook);
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let (king_to, rook_to) = (side.king_to(mover), side.rook_to(mover));
            let (king_from, rook_from) = (CastlingRights::king_home(mover), side.rook_from(mover));
            let at_king = a.piece_at(king_to);
            let at_rook = a.piece_at(rook_to);
            if (at_king.is_none() && at_rook.is_none())
                || at_king.is_some_and(|p| p != king)
                || at_rook.is_some_and(|p| p != rook)
            {
                continue;
            }
            let filled = Bitboard::from_square(king_to).with(rook_to);
            let others = CastlingRights::path(mover, side)
                .with(king_from)
                .with(rook_from)
                - filled;
            if others.intersects(occupied) {
                continue;
            }
            let mut before = *a;
            before.discard_piece_at(king_to);
            before.discard_piece_at(rook_to);
            before.set_piece_at(king_from, king);
            before.set_piece_at(rook_from, rook);
            push(mover, filled, before);
        }
    }
}

/// A closed set of partial boards on a zone (see the module docs): no
/// position extending a member is reached by any game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZoneCage {
    /// The zone: men that go back to a square outside it are dropped.
    pub zone: Bitboard,
    /// The members: first the weakened ones, `drops[i]` the square of
    /// the man `members[i]` is weakened by, then the others.
    pub members: Vec<Board>,
    /// The squares the weakened members (the first `drops.len()`
    /// members) drop.
    pub drops: Vec<Square>,
}

impl ZoneCage {
    /// The members closed by their retractions (not weakened).
    pub fn retracted(&self) -> &[Board] {
        self.members.get(self.drops.len()..).unwrap_or(&[])
    }
}

/// The men of `a` not standing where the initial position has that very
/// man (0: `a` is home).
fn away(a: &Board) -> u32 {
    let start = Board::start();
    Piece::ALL
        .into_iter()
        .map(|p| (a.by_piece(p) - start.by_piece(p)).count())
        .sum()
}

/// Explores the abstract retractions from `root` (dropped to `zone`) and
/// returns the closed set they make, or `None` when a home partial board
/// is met or more than `limit` partial boards are needed.
///
/// The partial boards with the fewest men away from home are explored
/// first: where there is no cage, a home board is usually met after a
/// few steps, and the search stops there.
pub fn verify(root: Board, zone: Bitboard, limit: usize) -> Option<ZoneCage> {
    Scratch::default().verify(root, zone, limit)
}

/// The tables one [`verify`] fills, kept between calls: a search tries
/// many roots, most of which fail, and growing fresh tables for each (hash
/// table rehashes, the pages of new allocations) was a quarter of the time
/// of a deep search that ends undecided.
#[derive(Debug, Default)]
struct Scratch {
    seen: FastSet<Board>,
    /// Partial boards explored by all verifications so far.
    explored: u64,
    boards: Vec<Board>,
    todo: std::collections::BinaryHeap<(std::cmp::Reverse<u32>, std::cmp::Reverse<usize>)>,
    out: Vec<Board>,
    /// The cores tried so far (with their zone): the cage each closes in,
    /// or the limit it failed at.
    cores: FastMap<(Board, Bitboard), Result<Rc<ZoneCage>, usize>>,
    /// The tables the cores are explored in.
    nested: Option<Box<Scratch>>,
}

/// The sub-boards of `a` tried as cores: each king with all the pawns.
///
/// A king shut in by pawns is the usual heart of a cage: the pawns wall
/// it in whatever else stands around, and the other men, uncaptured and
/// wandering, only make the cage larger. Of the sub-boards tried as cores
/// on the shared corpus, only king and pawns decided records that
/// nothing else did, and cores within cores decided none more
/// (`BENCHMARKS.md`, "Zone cages").
fn cores(a: &Board) -> impl Iterator<Item = Board> + '_ {
    let pawns = a.by_role(Role::Pawn);
    a.by_role(Role::King)
        .into_iter()
        .map(move |k| a.masked(pawns | Bitboard::from_square(k)))
        .filter(move |c| c != a && !is_home(c))
}

/// How many partial boards the exploration of one core may take (a
/// fifth of this already loses a corpus record: `BENCHMARKS.md`).
const CORE_LIMIT: usize = 5_000;

/// How many partial boards, per partial board the exploration of a root
/// may take, the explorations of its cores may take in all. Most cores
/// fail: tried without this bound (and without the table of cores tried)
/// they made undecided searches explore up to thirty times fewer
/// positions in the same time (rtr-D-005: 9,379 against 256,313 in 10 s).
/// 4 is not tuned.
const CORE_SHARE: usize = 4;

/// What an exploration has classified so far.
#[derive(Default)]
struct Classified {
    /// Every member found (weakened or not).
    closed: FastSet<Board>,
    /// The weakened members and the squares they drop.
    weakened: Vec<(Board, Square)>,
    /// The members closed by their retractions.
    retracted: Vec<Board>,
}

impl Classified {
    /// Classifies `a` as weakened by its man on `sq`, unless classified
    /// already: whether it was new.
    fn weaken(&mut self, a: Board, sq: Square) -> bool {
        let new = self.closed.insert(a);
        if new {
            self.weakened.push((a, sq));
        }
        new
    }

    /// Classifies `a` as closed by its retractions, unless classified
    /// already.
    fn retract(&mut self, a: Board) {
        if self.closed.insert(a) {
            self.retracted.push(a);
        }
    }
}

impl Scratch {
    /// [`verify`], in these tables.
    fn verify(&mut self, root: Board, zone: Bitboard, limit: usize) -> Option<ZoneCage> {
        let root = root.masked(zone);
        if is_home(&root) {
            return None;
        }
        let answer = self.explore(root, zone, limit, true);
        self.explored += self.seen.len() as u64;
        answer
    }

    /// The cage core `c` closes in on its own (without cores of its own),
    /// exploring it if not tried before with at least `limit`.
    fn core_cage(&mut self, c: Board, zone: Bitboard, limit: usize) -> Option<Rc<ZoneCage>> {
        match self.cores.get(&(c, zone)) {
            Some(Ok(cage)) => return Some(cage.clone()),
            Some(Err(tried)) if *tried >= limit => return None,
            _ => {}
        }
        let nested = self.nested.get_or_insert_with(Box::default);
        let answer = nested.explore(c, zone, limit, false).map(Rc::new);
        self.explored += nested.seen.len() as u64;
        self.cores.insert((c, zone), answer.clone().ok_or(limit));
        answer
    }

    /// A core of `a` that closes on its own, within what is left of
    /// `budget`: its cage's members join `found` (and `seen`).
    fn caged_core(
        &mut self,
        a: &Board,
        zone: Bitboard,
        budget: &mut usize,
        found: &mut Classified,
        seen: &mut FastSet<Board>,
    ) -> Option<Board> {
        cores(a).find(|&c| {
            if *budget == 0 {
                return false;
            }
            let before = self.explored;
            let cage = self.core_cage(c, zone, CORE_LIMIT.min(*budget));
            *budget = budget.saturating_sub((self.explored - before) as usize);
            let Some(cage) = cage else { return false };
            for (m, &sq) in cage.members.iter().zip(&cage.drops) {
                found.weaken(*m, sq);
                seen.insert(*m);
            }
            for m in cage.retracted() {
                found.retract(*m);
                seen.insert(*m);
            }
            true
        })
    }

    /// [`Scratch::verify`] of a root away from home: `with_cores`, a
    /// partial board whose core closes on its own is weakened down to it
    /// (the core's cage joins the one explored).
    fn explore(
        &mut self,
        root: Board,
        zone: Bitboard,
        limit: usize,
        with_cores: bool,
    ) -> Option<ZoneCage> {
        use std::cmp::Reverse;
        let mut seen = std::mem::take(&mut self.seen);
        let mut boards = std::mem::take(&mut self.boards);
        let mut todo = std::mem::take(&mut self.todo);
        let mut out = std::mem::take(&mut self.out);
        seen.clear();
        boards.clear();
        todo.clear();
        seen.insert(root);
        boards.push(root);
        todo.push((Reverse(away(&root)), Reverse(0usize)));
        let mut found = Classified::default();
        let mut core_budget = limit * CORE_SHARE;
        let mut answer = true;
        'explore: while let Some((_, Reverse(i))) = todo.pop() {
            let a = boards[i];
            if found.closed.contains(&a) {
                continue;
            }
            out.clear();
            predecessors(&a, &mut out);
            for b in out.iter_mut() {
                *b = b.masked(zone);
            }
            if let Some(sq) = escaping(&a, &out) {
                found.weaken(a, sq);
                let mut w = a;
                w.discard_piece_at(sq);
                out.clear();
                out.push(w);
            } else if let Some(c) = with_cores
                .then(|| self.caged_core(&a, zone, &mut core_budget, &mut found, &mut seen))
                .flatten()
            {
                // Weaken `a` down to the core, man by man.
                let mut x = a;
                for sq in a.occupied() - c.occupied() {
                    if !found.weaken(x, sq) {
                        break;
                    }
                    seen.insert(x);
                    x.discard_piece_at(sq);
                }
                out.clear();
            } else {
                found.retract(a);
            }
            for before in out.drain(..) {
                if seen.insert(before) {
                    let far = away(&before);
                    if far == 0 || seen.len() > limit {
                        answer = false;
                        break 'explore;
                    }
                    todo.push((Reverse(far), Reverse(boards.len())));
                    boards.push(before);
                }
            }
        }
        self.seen = seen;
        self.boards = boards;
        self.todo = todo;
        self.out = out;
        if !answer {
            return None;
        }
        let drops = found.weakened.iter().map(|&(_, sq)| sq).collect();
        let members = found
            .weakened
            .into_iter()
            .map(|(a, _)| a)
            .chain(found.retracted)
            .collect();
        Some(ZoneCage {
            zone,
            members,
            drops,
        })
    }
}

/// A man of `a` that one of its abstract retractions `preds` (dropped to
/// the zone) takes off the zone: his square, if any.
fn escaping(a: &Board, preds: &[Board]) -> Option<Square> {
    let men = a.occupied();
    preds
        .iter()
        .find(|b| b.occupied().count() < men.count())
        .and_then(|b| (men - b.occupied()).into_iter().next())
}

/// Checks that `cage` is closed: no member is home; each weakened member
/// has a man on its drop's square, a square of the zone, and without him
/// is a member; every abstract retraction of each other member, dropped
/// to the zone, is a member. (What the Coq checker does.)
pub fn is_closed(cage: &ZoneCage) -> bool {
    let set: FastSet<Board> = cage.members.iter().copied().collect();
    let weakened = cage.members.iter().zip(&cage.drops).all(|(a, &sq)| {
        let mut w = *a;
        w.discard_piece_at(sq);
        a.occupied().contains(sq) && cage.zone.contains(sq) && !is_home(a) && set.contains(&w)
    });
    let mut out = Vec::new();
    weakened
        && cage.drops.len() <= cage.members.len()
        && cage.retracted().iter().all(|a| {
            out.clear();
            predecessors(a, &mut out);
            !is_home(a) && out.iter().all(|b| set.contains(&b.masked(cage.zone)))
        })
}

/// The squares a king's move from `squares`, and `squares` themselves.
fn neighbourhood(squares: Bitboard) -> Bitboard {
    squares
        .into_iter()
        .fold(squares, |acc, s| acc | attacks::king_attacks(s))
}

/// How many partial boards one verification may explore. Measured on the
/// shared corpus: the cages that decide records have up to ~1,500 members;
/// 300 loses some of them, 4,000 only costs time.
pub const LIMIT: usize = 2_000;

/// One pass of the deep search's last resort ([`LAST_RESORT`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastResortPass {
    /// How many partial boards one verification may explore.
    pub limit: usize,
    /// How many the pass explores in all, at most: most of its searches
    /// end at `limit` without a cage.
    pub boards: u64,
}

/// The passes of the deep search's last resort
/// ([`Search`](crate::deep::Search) tries it once per question, around the
/// retractions still undecided after [`LAST_RESORT_DEPTH`] rounds): a
/// cage found there decides a whole alternative at once. The first pass
/// looks around the positions still undecided and their retractions; a
/// later one (none now), with larger cages, around those positions still
/// undecided only: a handful of roots, so that it costs the records it
/// cannot decide little, and a record the first pass decides keeps its
/// cages (and the time Coq takes to check them).
///
/// Why one pass of these sizes: on the shared corpus it decides a
/// last-move record whose wrong alternatives lie in cages of about 9,000
/// partial boards each, while a larger limit on every position met near
/// the question lets failed cage searches eat the time of others, and the
/// bound on the whole pass keeps the records it cannot decide cheap. A
/// second, larger pass decided nothing more once members could be
/// weakened and cores were tried, and made Coq's checks longer where it
/// found larger cages, so it went. The figures are in `BENCHMARKS.md`
/// ("Zone cages").
///
/// [`LAST_RESORT_DEPTH`]: crate::deep::LAST_RESORT_DEPTH
pub const LAST_RESORT: [LastResortPass; 1] = [LastResortPass {
    limit: 20_000,
    boards: 1_000_000,
}];

/// The zone cages found so far, and the roots that failed, so that a
/// search asking about many positions verifies each root once.
#[derive(Debug, Default)]
pub struct Cages {
    /// The cages found, in the order found.
    pub found: Vec<ZoneCage>,
    /// For each zone, the members of the cages found on it: the cage each
    /// belongs to.
    members: FastMap<Bitboard, FastMap<Board, usize>>,
    /// Roots (with their zone) from which no cage was found, and the
    /// largest limit tried.
    failed: FastMap<(Board, Bitboard), usize>,
    scratch: Scratch,
}

impl Cages {
    pub fn new() -> Cages {
        Cages::default()
    }

    /// How many partial boards the verifications have explored so far:
    /// the measure of their cost.
    pub fn explored(&self) -> u64 {
        self.scratch.explored
    }

    /// The candidate zones of `pos`: for each man, the king's-move
    /// neighbourhood of the men within one, or two, squares of it, and
    /// with `whole` last the neighbourhood of all its men. (Both sizes
    /// decide records of the corpus that the other does not; three
    /// squares decided none more when measured with centres away from
    /// home only. Men at home count as centres too: a cage is often walled
    /// by them, a knight at home on g8 boxed in by its own pawns. The
    /// whole position, with weakened members, decides rtr-A-055: Hwa's
    /// cage there spans seven files. Tried on every position, it made
    /// undecided searches slower, rtr-D-045 8.0 s against 6.2 s, and is
    /// left to the last resort.)
    fn zones(pos: &Position, whole: bool) -> Vec<Bitboard> {
        let board = pos.board();
        let occupied = board.occupied();
        let mut zones = Vec::new();
        for s in occupied {
            let near1 = neighbourhood(Bitboard::from_square(s));
            let near2 = neighbourhood(near1);
            for near in [near1, near2] {
                let zone = neighbourhood(near & occupied);
                if !zones.contains(&zone) {
                    zones.push(zone);
                }
            }
        }
        let all = neighbourhood(occupied);
        if whole && !zones.contains(&all) {
            zones.push(all);
        }
        zones
    }

    /// The cage (index in [`Cages::found`]) one of whose members `pos`'s
    /// men on the cage's zone form, finding one (of at most `limit`
    /// members) if needed: then no game reaches `pos`. Cages on the whole
    /// position are looked for with limits above [`LIMIT`] only (the last
    /// resort).
    pub fn cage_of(&mut self, pos: &Position, limit: usize) -> Option<usize> {
        for zone in Cages::zones(pos, true) {
            let root = pos.board().masked(zone);
            if let Some(&i) = self.members.get(&zone).and_then(|m| m.get(&root)) {
                return Some(i);
            }
        }
        for zone in Cages::zones(pos, limit > LIMIT) {
            let root = pos.board().masked(zone);
            if self
                .failed
                .get(&(root, zone))
                .is_some_and(|&tried| tried >= limit)
            {
                continue;
            }
            match self.scratch.verify(root, zone, limit) {
                Some(cage) => {
                    let i = self.found.len();
                    let on_zone = self.members.entry(zone).or_default();
                    for m in &cage.members {
                        on_zone.entry(*m).or_insert(i);
                    }
                    self.found.push(cage);
                    return Some(i);
                }
                None => {
                    self.failed.insert((root, zone), limit);
                }
            }
        }
        None
    }
}

/// Whether a zone cage holds `pos`, looking for one afresh (the deep
/// search keeps its [`Cages`] instead, to reuse what it found).
pub fn refutes(pos: &Position) -> bool {
    Cages::new().cage_of(pos, LIMIT).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_board_fen(fen).unwrap()
    }

    #[test]
    fn hwa_figure_2_is_a_cage() {
        let a = board("8/8/8/8/8/8/PPkPP3/KR1b4");
        let zone = neighbourhood(a.occupied());
        let cage = verify(a, zone, LIMIT).expect("a cage");
        assert!(is_closed(&cage));
    }

    /// Ceriani's cage (rtr-A-055; Hwa's cage list): the black king d8
    /// and queen h7 and White's king f8 shut in by Black's pawns. Closed
    /// by retractions alone it takes about 80,000 partial boards; with
    /// the men that can leave the zone dropped, a few hundred.
    #[test]
    fn weakened_members_make_a_small_cage() {
        let a = board("2bk1K1n/1ppp1p1q/6pp/8/8/8/8/8");
        let zone = neighbourhood(a.occupied());
        let cage = verify(a, zone, 1_000).expect("a cage");
        assert!(!cage.drops.is_empty());
        assert!(is_closed(&cage));
        // A weakened member whose drop names a square it has no man on,
        // or a drop dropped: not closed.
        let mut wrong = cage.clone();
        let empty = (zone - wrong.members[0].occupied())
            .first()
            .expect("an empty square");
        wrong.drops[0] = empty;
        assert!(!is_closed(&wrong));
        let mut wrong = cage.clone();
        wrong.drops.remove(0);
        assert!(!is_closed(&wrong));
    }

    /// Keym's rtr-A-045, before the wrong alternative b7xa8=R taking a
    /// knight, with White's pawn taken back to c6: Hwa's third cage
    /// there, which he closes with two auxiliary cages of White's king b8
    /// behind Black's pawns. Without cores it does not close within
    /// 20,000 partial boards; with them, within 1,000, holding a core
    /// (White's king and the pawns alone).
    #[test]
    fn cores_close_cages() {
        let a = board("nK1k4/r1ppRppp/pp2p3/8/8/8/8/8");
        let zone = neighbourhood(a.occupied());
        assert_eq!(Scratch::default().explore(a, zone, 20_000, false), None);
        let cage = verify(a, zone, 1_000).expect("a cage");
        assert!(is_closed(&cage));
        let core = |m: &Board| {
            m.occupied() - m.by_role(Role::Pawn) == m.by_piece(Piece::new(Color::White, Role::King))
        };
        assert!(cage.members.iter().any(core));
    }

    #[test]
    fn hwa_figure_4_is_not_a_cage() {
        let a = board("8/8/8/8/8/5P2/4PrPP/7K");
        let zone = neighbourhood(a.occupied());
        assert_eq!(verify(a, zone, LIMIT), None);
    }
}
