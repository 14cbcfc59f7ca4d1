//! Retraction generation: every [`Unmove`] of a position, generated directly.
//!
//! The generator never builds a candidate predecessor to test it. For each
//! man of the side that moved last (`M`), it computes the squares it could
//! have come from with bitboards (the empty squares on its lines, steps back
//! for pawns), and tests the retraction rules with cheap queries:
//!
//! - **Rule 2** (the side to move, `S`, is not in check in the predecessor):
//!   only three squares change, the man's square in `P` (vacated unless a
//!   man is uncaptured there), its square in `Q` (filled) and, for en
//!   passant, the uncaptured pawn's square. Knights and pawns checking in
//!   `P` still check unless they are the moved man; sliders are looked up
//!   once from the king with `Q`'s occupancy, and only when a changed square
//!   lies on a line through the king (otherwise their attacks cannot change).
//!   The result is the same for every uncaptured role, so it is computed
//!   once per (origin, destination) pair and twice at most (with and without
//!   a man left behind).
//! - **Rule 3** (material): the counts of `P` are taken once; which roles
//!   may be uncaptured, per square colour, and which promotions may be taken
//!   back is decided before the loop.
//! - **Rules 4 and 5** (castling and en passant assertions) prune whole men:
//!   an asserted king or rook is skipped, an asserted en passant square
//!   leaves only its double step.
//!
//! Candidates are reported in groups to a [`RetractionSink`]: one call per
//! (man, origin) with the set of roles it may have captured, so that the
//! counting sink (retro-perft's last ply) adds a popcount where the
//! collecting sink pushes one [`Unmove`] per role. Both sinks share this one
//! generator, so they cannot disagree. The property tests check its output
//! against the forward move generator in both directions.

use crate::attacks;
use crate::castling::CastlingRights;
use crate::retro::material::{RoleSet, SideMaterial};
use crate::retro::Unmove;
use crate::{Bitboard, Board, CastlingSide, Color, Move, Piece, Position, Rank, Role, Square};

/// Receives generated retractions, grouped as the generator finds them.
pub(crate) trait RetractionSink {
    /// A man of `role` went `from` → `to` (a pawn promoting to `promotion`
    /// if set). `plain`: the move without a capture is a retraction;
    /// `uncaptures`: the roles whose capture on `to` it may have been.
    fn normal(
        &mut self,
        role: Role,
        from: Square,
        to: Square,
        promotion: Option<Role>,
        plain: bool,
        uncaptures: RoleSet,
    );
    /// A pawn captured en passant `from` → `to`.
    fn en_passant(&mut self, from: Square, to: Square);
    /// The king on `king` castled with the rook on `rook`.
    fn castle(&mut self, king: Square, rook: Square);
}

/// Collects unmoves.
pub(crate) struct Collect<'a> {
    pub color: Color,
    pub list: &'a mut Vec<Unmove>,
}

impl RetractionSink for Collect<'_> {
    #[inline]
    fn normal(
        &mut self,
        role: Role,
        from: Square,
        to: Square,
        promotion: Option<Role>,
        plain: bool,
        uncaptures: RoleSet,
    ) {
        let mv = |capture| Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        };
        if plain {
            self.list.push(Unmove::new(self.color, mv(None)));
        }
        for captured in uncaptures.iter() {
            self.list.push(Unmove::new(self.color, mv(Some(captured))));
        }
    }

    #[inline]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.list
            .push(Unmove::new(self.color, Move::EnPassant { from, to }));
    }

    #[inline]
    fn castle(&mut self, king: Square, rook: Square) {
        self.list
            .push(Unmove::new(self.color, Move::Castle { king, rook }));
    }
}

/// Counts unmoves without building them.
pub(crate) struct Count(pub u64);

impl RetractionSink for Count {
    #[inline]
    fn normal(&mut self, _: Role, _: Square, _: Square, _: Option<Role>, plain: bool, u: RoleSet) {
        self.0 += plain as u64 + u.len() as u64;
    }

    #[inline]
    fn en_passant(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }

    #[inline]
    fn castle(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }
}

/// The roles that can be captured at all (never a king).
const CAPTURABLE: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// What the generator computes once per position.
struct Context<'a> {
    board: &'a Board,
    /// The side that moved last, whose moves are taken back.
    us: Color,
    occupied: Bitboard,
    /// The king of the side to move.
    their_king: Square,
    /// Every square on a rank, file or diagonal through `their_king`.
    king_lines: Bitboard,
    /// Our knights and pawns attacking `their_king` in `P`.
    step_checkers: Bitboard,
    /// Our sliders attacking `their_king` in `P`.
    slide_checkers: Bitboard,
    our_rook_likes: Bitboard,
    our_bishop_likes: Bitboard,
    /// Roles of the side to move that may be uncaptured on a light / dark
    /// square (rule 3), pawns included; pawns are removed on back ranks.
    uncapturable: [RoleSet; 2],
    /// Our material in `P`, to test taking back a promotion.
    our_material: SideMaterial,
}

impl Context<'_> {
    /// Rule 2: whether the side to move would be in check in `Q`, where our
    /// man that stands on `to` in `P` stands on `from` as `role_in_q`;
    /// `to` stays occupied iff a man is uncaptured there; `extra` is
    /// occupied in `Q` too (the pawn uncaptured en passant).
    #[inline]
    fn checks_in_q(
        &self,
        to: Square,
        from: Square,
        role_in_q: Role,
        to_filled: bool,
        extra: Bitboard,
    ) -> bool {
        let king = self.their_king;
        // Knights and pawns attack whatever stands between: only the moved
        // man itself stops checking.
        if self.step_checkers.without(to).any() {
            return true;
        }
        let direct = match role_in_q {
            Role::Knight => attacks::knight_attacks(from),
            Role::Pawn => attacks::pawn_attacks(self.us, from),
            Role::King => attacks::king_attacks(from),
            _ => Bitboard::EMPTY,
        };
        if direct.contains(king) {
            return true;
        }
        let changed = Bitboard::from(to) | from | extra;
        if !self.king_lines.intersects(changed) {
            // No changed square is on a line through the king: the sliders
            // that attack it are those of `P` (the moved man was not one,
            // since it stood off those lines).
            return self.slide_checkers.any();
        }
        let mut occupied = self.occupied | from | extra;
        if !to_filled {
            occupied = occupied.without(to);
        }
        let mut rook_likes = self.our_rook_likes.without(to);
        let mut bishop_likes = self.our_bishop_likes.without(to);
        match role_in_q {
            Role::Rook => rook_likes.set(from),
            Role::Bishop => bishop_likes.set(from),
            Role::Queen => {
                rook_likes.set(from);
                bishop_likes.set(from);
            }
            _ => {}
        }
        (attacks::rook_attacks(king, occupied) & rook_likes).any()
            || (attacks::bishop_attacks(king, occupied) & bishop_likes).any()
    }

    /// The roles that may be uncaptured on `sq` (rule 3 and no pawn on a
    /// back rank).
    #[inline]
    fn uncaptures_on(&self, sq: Square) -> RoleSet {
        let set = self.uncapturable[sq.is_light() as usize];
        if Bitboard::BACKRANKS.contains(sq) {
            set.without(Role::Pawn)
        } else {
            set
        }
    }

    /// Reports a candidate after the rule 2 tests. `plain_possible`:
    /// whether the move could have been a non-capture; `uncaptures`: the
    /// roles it may have captured (already filtered by rule 3).
    #[inline]
    fn emit<S: RetractionSink>(
        &self,
        sink: &mut S,
        c: Candidate,
        plain_possible: bool,
        uncaptures: RoleSet,
    ) {
        let Candidate {
            role,
            from,
            to,
            promotion,
        } = c;
        let plain = plain_possible && !self.checks_in_q(to, from, role, false, Bitboard::EMPTY);
        let uncaptures =
            if uncaptures.is_empty() || self.checks_in_q(to, from, role, true, Bitboard::EMPTY) {
                RoleSet::EMPTY
            } else {
                uncaptures
            };
        if plain || !uncaptures.is_empty() {
            sink.normal(role, from, to, promotion, plain, uncaptures);
        }
    }
}

/// Our man of `role` (a pawn if `promotion` is set) going back from `to`,
/// its square in `P`, to `from`, its square in `Q`.
#[derive(Clone, Copy)]
struct Candidate {
    role: Role,
    from: Square,
    to: Square,
    promotion: Option<Role>,
}

impl Candidate {
    #[inline]
    fn new(role: Role, from: Square, to: Square) -> Candidate {
        Candidate {
            role,
            from,
            to,
            promotion: None,
        }
    }

    #[inline]
    fn unpromotion(from: Square, to: Square, promoted: Role) -> Candidate {
        Candidate {
            role: Role::Pawn,
            from,
            to,
            promotion: Some(promoted),
        }
    }
}

/// Generates the retractions of `pos` into `sink`; see the module docs.
pub(crate) fn generate<S: RetractionSink>(pos: &Position, sink: &mut S) {
    let board = pos.board();
    let them = pos.turn();
    let us = them.other();
    let occupied = board.occupied();
    let our_king = pos.king(us);
    let their_king = pos.king(them);

    // Whoever moved last cannot have left their own king in check.
    if board.attackers_to(our_king, them, occupied).any() {
        return;
    }
    let our_material = SideMaterial::of(board, us);
    let their_material = SideMaterial::of(board, them);
    // Rule 3 for `Q`: a retraction only adds men to the side to move and
    // only turns a man of ours into a pawn, which never repairs impossible
    // material, so impossible material in `P` leaves nothing to retract.
    if !our_material.is_possible() || !their_material.is_possible() {
        return;
    }

    let ours = board.by_color(us);
    let forward = us.fold(8, -8);
    let checkers = board.attackers_to(their_king, us, occupied);
    let steppers = board.by_role(Role::Knight) | board.by_role(Role::Pawn);
    let mut uncapturable = [RoleSet::EMPTY; 2];
    for (i, sq) in [Square::A1, Square::H1].into_iter().enumerate() {
        debug_assert_eq!(sq.is_light(), i == 1);
        for role in CAPTURABLE {
            if their_material.with(role, sq).is_possible() {
                uncapturable[i] = uncapturable[i].with(role);
            }
        }
    }
    let ctx = Context {
        board,
        us,
        occupied,
        their_king,
        king_lines: attacks::queen_attacks(their_king, Bitboard::EMPTY),
        step_checkers: checkers & steppers,
        slide_checkers: checkers - steppers,
        our_rook_likes: board.rooks_and_queens() & ours,
        our_bishop_likes: board.bishops_and_queens() & ours,
        uncapturable,
        our_material,
    };

    // Rule 5: an en passant square says the last move was that double step.
    if let Some(ep) = pos.ep_square() {
        // A valid position has our pawn in front of the square and the
        // origin behind it empty.
        if let (Some(to), Some(from)) = (ep.offset(forward), ep.offset(-forward)) {
            if board.by_piece(Piece::new(us, Role::Pawn)).contains(to)
                && !ctx.checks_in_q(to, from, Role::Pawn, false, Bitboard::EMPTY)
            {
                sink.normal(Role::Pawn, from, to, None, true, RoleSet::EMPTY);
            }
        }
        return;
    }

    let empty = !occupied;
    let rights = pos.castling_rights();

    // King. An asserted castling right says it never moved (rule 4).
    if !rights.has_color(us) {
        for from in attacks::king_attacks(our_king) & empty {
            let uncaptures = ctx.uncaptures_on(our_king);
            ctx.emit(
                sink,
                Candidate::new(Role::King, from, our_king),
                true,
                uncaptures,
            );
        }
        gen_uncastling(&ctx, sink);
    }

    // Pieces, and promotions taken back.
    let last_rank = Bitboard::from_rank(Rank::Eighth.relative_to(us));
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for to in board.by_piece(Piece::new(us, role)) {
            if role == Role::Rook
                && CastlingSide::ALL
                    .into_iter()
                    .any(|side| rights.has(us, side) && side.rook_from(us) == to)
            {
                continue;
            }
            let origins = match role {
                Role::Knight => attacks::knight_attacks(to),
                Role::Bishop => attacks::bishop_attacks(to, occupied),
                Role::Rook => attacks::rook_attacks(to, occupied),
                _ => attacks::queen_attacks(to, occupied),
            } & empty;
            let uncaptures = ctx.uncaptures_on(to);
            for from in origins {
                ctx.emit(sink, Candidate::new(role, from, to), true, uncaptures);
            }
            if last_rank.contains(to) {
                gen_unpromotion(&ctx, sink, role, to);
            }
        }
    }

    gen_pawns(&ctx, sink);
}

/// Our promoted `role` on `to` goes back to being a pawn (rule 3 decides
/// whether it may be a promoted man at all).
#[inline]
fn gen_unpromotion<S: RetractionSink>(ctx: &Context<'_>, sink: &mut S, role: Role, to: Square) {
    let us = ctx.us;
    let Some(straight) = to.offset(-us.fold(8, -8)) else {
        return;
    };
    if !ctx
        .our_material
        .without(role, to)
        .with(Role::Pawn, straight)
        .is_possible()
    {
        return;
    }
    let empty = !ctx.occupied;
    if empty.contains(straight) {
        ctx.emit(
            sink,
            Candidate::unpromotion(straight, to, role),
            true,
            RoleSet::EMPTY,
        );
    }
    // A pawn of ours on `from` attacks `to` iff a pawn of theirs on `to`
    // attacks `from`.
    let uncaptures = ctx.uncaptures_on(to);
    if !uncaptures.is_empty() {
        for from in attacks::pawn_attacks(us.other(), to) & empty {
            ctx.emit(
                sink,
                Candidate::unpromotion(from, to, role),
                false,
                uncaptures,
            );
        }
    }
}

/// Pawn steps, double steps, captures and en passant captures taken back.
#[inline]
fn gen_pawns<S: RetractionSink>(ctx: &Context<'_>, sink: &mut S) {
    let us = ctx.us;
    let them = us.other();
    let board = ctx.board;
    let empty = !ctx.occupied;
    let forward = us.fold(8, -8);
    let second = Bitboard::from_rank(Rank::Second.relative_to(us));
    let sixth = Rank::Sixth.relative_to(us);
    for to in board.by_piece(Piece::new(us, Role::Pawn)) - second {
        let rank = to.rank();
        // `to` is on our rank 3..7, so one step back is on the board.
        let Some(back) = to.offset(-forward) else {
            continue;
        };
        if empty.contains(back) {
            ctx.emit(
                sink,
                Candidate::new(Role::Pawn, back, to),
                true,
                RoleSet::EMPTY,
            );
            if rank == Rank::Fourth.relative_to(us) {
                if let Some(start) = back.offset(-forward) {
                    if empty.contains(start) {
                        ctx.emit(
                            sink,
                            Candidate::new(Role::Pawn, start, to),
                            true,
                            RoleSet::EMPTY,
                        );
                    }
                }
            }
        }
        // Captures: origins diagonally behind, on our rank 2 or higher
        // (true for every square diagonally behind rank 3..7).
        let origins = attacks::pawn_attacks(them, to) & empty;
        if origins.is_empty() {
            continue;
        }
        let uncaptures = ctx.uncaptures_on(to);
        if !uncaptures.is_empty() {
            for from in origins {
                ctx.emit(
                    sink,
                    Candidate::new(Role::Pawn, from, to),
                    false,
                    uncaptures,
                );
            }
        }
        // En passant: we landed on our sixth rank; their pawn returns beside
        // our origin, and the square it came from (our seventh) was empty,
        // as was the square it passed (`to`, which our pawn vacates).
        // Whether a pawn may be uncaptured does not depend on the square.
        if rank == sixth && ctx.uncapturable[0].contains(Role::Pawn) {
            let captured = Square::from_coords(to.file(), Rank::Fifth.relative_to(us));
            let origin = Square::from_coords(to.file(), Rank::Seventh.relative_to(us));
            if !empty.contains(captured) || !empty.contains(origin) {
                continue;
            }
            for from in origins {
                if !ctx.checks_in_q(to, from, Role::Pawn, false, Bitboard::from(captured)) {
                    sink.en_passant(from, to);
                }
            }
        }
    }
}

/// Castling taken back: king and rook return home, and castling must have
/// been legal there (no check, no attacked square crossed).
#[inline]
fn gen_uncastling<S: RetractionSink>(ctx: &Context<'_>, sink: &mut S) {
    let us = ctx.us;
    let them = us.other();
    let board = ctx.board;
    let king_home = CastlingRights::king_home(us);
    let king = Piece::new(us, Role::King);
    let rook = Piece::new(us, Role::Rook);
    for side in CastlingSide::ALL {
        let king_to = side.king_to(us);
        let rook_to = side.rook_to(us);
        let rook_home = side.rook_from(us);
        if board.piece_at(king_to) != Some(king) || board.piece_at(rook_to) != Some(rook) {
            continue;
        }
        // Home squares and the path in `Q` (the king's and rook's squares
        // of `P` are on the path and are vacated).
        let must_be_empty = (CastlingRights::path(us, side) - king_to - rook_to)
            .with(king_home)
            .with(rook_home);
        if ctx.occupied.intersects(must_be_empty) {
            continue;
        }
        let mut q = *board;
        q.discard_piece_at(king_to);
        q.discard_piece_at(rook_to);
        q.set_piece_at(king_home, king);
        q.set_piece_at(rook_home, rook);
        let occupied = q.occupied();
        let mut crossed = attacks::between(king_home, king_to)
            .with(king_to)
            .with(king_home);
        if !crossed.all(|sq| q.attackers_to(sq, them, occupied).is_empty()) {
            continue;
        }
        if q.attackers_to(ctx.their_king, us, occupied).any() {
            continue;
        }
        sink.castle(king_home, rook_home);
    }
}

impl Position {
    /// The retractions of this position: every move that can have been the
    /// last one (see [`crate::retro`] for the exact rules).
    pub fn unmoves(&self) -> Vec<Unmove> {
        let mut list = Vec::new();
        self.unmoves_into(&mut list);
        list
    }

    /// [`Position::unmoves`] into a buffer (cleared first), to reuse its
    /// allocation in deep searches.
    pub fn unmoves_into(&self, list: &mut Vec<Unmove>) {
        list.clear();
        let mut sink = Collect {
            color: self.turn().other(),
            list,
        };
        generate(self, &mut sink);
    }

    /// The number of retractions, computed without listing them.
    pub fn unmove_count(&self) -> u64 {
        let mut count = Count(0);
        generate(self, &mut count);
        count.0
    }
}
