//! The abstract retraction: every way a state can have come about by one
//! move, over-approximating every concrete retraction.
//!
//! [`retractions`] lists, for a state `A'` and a zone `Z`, pairs `(step,
//! A)` where `A` is an *abstract predecessor* of `A'`: the state before a
//! move of either side (the side to move is not part of the state), told
//! as the forward move ([`Step`]). *Known* squares are those of the men on
//! the zone and of the pinned pawns; a square a move starts from or crosses
//! holds no known man. A pawn whose square is not kept is "somewhere on its
//! file" between its neighbours in the column; wherever it is put, the
//! predecessor must fit ([`Abstract::fits`]). The shapes:
//!
//! 1. **a pawn steps straight** (`U-push`): the pawn goes back one square,
//!    or two from its fourth rank to its second; a pawn not pinned may go
//!    back onto a square of the zone (then pinned), a pinned one may go
//!    back off the zone (then not pinned). A step between squares off the
//!    zone changes nothing.
//! 2. **a pawn captures** (`U-capture`): the pawn on `y` came from the
//!    square diagonally behind it on a neighbouring file (put anywhere in
//!    that file's order when not pinned), and a man of the other side
//!    taken on `y` comes back: a pawn in the capturer's place in the
//!    column, or a knight, bishop (of `y`'s colour), rook or queen, on `y`
//!    when `y` is on the zone, else counted off it. For a pawn not pinned,
//!    `y` is each square of its file it can stand on.
//! 3. **en passant** (`U-ep`): the same from the sixth rank, the pawn taken
//!    back on the fifth rank just behind `y`, `y`'s seventh-rank square
//!    holding no known man.
//! 4. **a pawn is promoted** (`U-promotion`): a knight, bishop, rook or
//!    queen on the last rank (on the zone, or counted off it and then on
//!    any last-rank square off the zone its kind can stand on) becomes a
//!    pawn on the seventh rank at the top of its file (White; the bottom
//!    for Black), behind it, or diagonally behind it after taking a man
//!    other than a pawn or king there.
//! 5. **a piece moves** (`U-piece`): a piece of role `r` moves `a -> b`
//!    between squares a man of role `r` goes between in one move, sliding
//!    across no known man, `a` holding no known man:
//!    - `a`, `b` on the zone: the man on `b` goes back to `a`;
//!    - `a` off, `b` on the zone: the man on `b` goes back off the zone;
//!    - `a` on, `b` off the zone: a man of its kind off the zone goes back
//!      to `a`, for some such `b` holding no known man;
//!    - `a`, `b` off the zone: only a capture changes the state, by a man
//!      off the zone able to stand on `b`.
//!
//!    A capture puts the man taken back on `b`: a pawn into `b`'s file
//!    (pinned when `b` is on the zone), a piece on `b` when on the zone,
//!    else counted off it (a bishop of `b`'s colour).
//! 6. **castling** (`U-castling`): king and rook go back from the castled
//!    squares to their initial ones, each square read on the zone or off
//!    it; the squares castling empties hold no known man. When none of the
//!    four squares is on the zone nothing changes.
//!
//! **Simulation** (to be proven in Coq; `docs/history.md` gives the case
//! analysis): for every legal move `Q -> Q'`, either `α_Z(Q) = α_Z(Q')` or
//! `α_Z(Q)` is among the predecessors of `α_Z(Q')`. A pawn push is shape
//! 1 (nothing changes when neither square is pinned), a pawn capture shape
//! 2, en passant shape 3, a promotion shape 4, a piece move shape 5 by
//! whether its squares are on the zone, castling shape 6. In each case the
//! man taken comes back as `α_Z` reads a man on his square, the pawn's
//! place in its column is one of those tried, and every condition asked
//! of `A'` holds because what `A'` knows is true of `Q'`.
//!
//! Checks, the side to move, castling rights and en-passant rights are not
//! looked at: the abstraction forgets them, and the step only needs to
//! over-approximate.

use std::fmt;

use super::state::{pinned, Abstract, Kind, Pawn};
use crate::{
    attacks, Bitboard, CastlingRights, CastlingSide, Color, File, Piece, Rank, Role, Square,
};

/// Where a man stands in a [`Step`]: on a square, somewhere on a file (a
/// pawn whose square is not kept), or somewhere off the zone (a piece).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    On(Square),
    File(File),
    Off,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::On(sq) => write!(f, "{sq}"),
            Place::File(file) => write!(f, "{}?", file.char()),
            Place::Off => f.write_str("~"),
        }
    }
}

/// A man as a [`Step`] names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Man {
    Pawn,
    Piece(Kind),
}

impl Man {
    fn of(role: Role, sq: Square) -> Man {
        Kind::of(role, sq).map_or(Man::Pawn, Man::Piece)
    }

    pub const fn role(self) -> Role {
        match self {
            Man::Pawn => Role::Pawn,
            Man::Piece(kind) => kind.role(),
        }
    }

    /// The man's name in a composer's words (`pawn`, `dark-squared bishop`).
    pub const fn name(self) -> &'static str {
        match self {
            Man::Pawn => "pawn",
            Man::Piece(kind) => kind.name(),
        }
    }
}

/// One abstract step, told as the forward move it stands for: `color`'s
/// `man` went `from -> to` (the king's squares for castling), maybe becoming
/// `promotion`, maybe taking `victim` (of the other side).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    pub color: Color,
    pub man: Man,
    pub from: Place,
    pub to: Place,
    pub promotion: Option<Kind>,
    pub victim: Option<(Man, Place)>,
    pub castling: Option<CastlingSide>,
}

impl fmt::Display for Step {
    /// `white pawn c2xb3 (a knight)`, `black queen ~-d8`, `white pawn
    /// b?-b8=light-squared bishop`, `white O-O` (`~`: off the zone, `b?`:
    /// somewhere on the b-file).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.color == Color::White {
            "white"
        } else {
            "black"
        };
        if let Some(castling) = self.castling {
            let name = match castling {
                CastlingSide::KingSide => "O-O",
                CastlingSide::QueenSide => "O-O-O",
            };
            return write!(f, "{side} {name}");
        }
        let sep = if self.victim.is_some() { "x" } else { "-" };
        write!(
            f,
            "{side} {} {}{sep}{}",
            self.man.name(),
            self.from,
            self.to
        )?;
        if let Some(kind) = self.promotion {
            write!(f, "={}", kind.name())?;
        }
        if let Some((man, place)) = self.victim {
            if place != self.to && place != Place::Off {
                write!(f, " (a {} on {place})", man.name())?;
            } else {
                write!(f, " (a {})", man.name())?;
            }
        }
        Ok(())
    }
}

/// Every abstract predecessor of `a` for `zone`, with the step it comes
/// by (see the module docs), appended to `out`. Predecessors that do not
/// fit are left out; the same predecessor may come more than once; the
/// invariants ([`super::invariant::viable`]) are not applied.
pub fn retractions(a: &Abstract, zone: Bitboard, out: &mut Vec<(Step, Abstract)>) {
    let gen = Gen {
        a,
        zone,
        known: a.known_squares(),
    };
    for color in Color::ALL {
        gen.pushes(color, out);
        gen.pawn_captures(color, out);
        gen.promotions(color, out);
        gen.pieces_on_zone(color, out);
        gen.pieces_entering(color, out);
        gen.castlings(color, out);
        gen.captures_off(color, out);
    }
}

/// The roles a capture may have taken on `sq`.
fn victims_on(sq: Square) -> impl Iterator<Item = Role> {
    let pawn = (!Bitboard::BACKRANKS.contains(sq)).then_some(Role::Pawn);
    pawn.into_iter().chain(PIECE_VICTIMS)
}

const PIECE_VICTIMS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// How a man taken by a pawn comes back: a pawn into the capturer's place
/// in its column, a piece on a square of the zone, or a piece off it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Back {
    Pawn(Pawn),
    OnZone(Role, Square),
    Off(Kind),
}

/// The direction `color`'s pawns move in, as a square offset.
fn forward(color: Color) -> i32 {
    color.fold(8, -8)
}

/// The relative rank of `sq` for `color`, 0 for its first rank.
fn rel(color: Color, sq: Square) -> u32 {
    sq.rank().relative_to(color) as u32
}

struct Gen<'a> {
    a: &'a Abstract,
    zone: Bitboard,
    /// The squares of the men on the zone and of the pinned pawns.
    known: Bitboard,
}

impl Gen<'_> {
    /// A pawn of `color` on `sq`, as `α_Z` keeps it.
    fn pawn(&self, color: Color, sq: Square) -> Pawn {
        Pawn {
            color,
            rank: pinned(self.zone, sq).then_some(sq.rank()),
        }
    }

    /// Where a pawn on `sq` stands, as a [`Step`] names it.
    fn pawn_place(&self, sq: Square) -> Place {
        if pinned(self.zone, sq) {
            Place::On(sq)
        } else {
            Place::File(sq.file())
        }
    }

    /// The squares a pawn that is not pinned may stand on in `file`: ranks
    /// 2 to 7 off the zone.
    fn loose_squares(&self, file: File) -> Bitboard {
        Bitboard::from_file(file) - Bitboard::BACKRANKS - self.zone
    }

    /// The squares holding no known man that a man of `role` on `sq` can
    /// have come from in one move (or gone to: the same squares), sliding
    /// only across squares holding no known man.
    fn reach(&self, role: Role, sq: Square) -> Bitboard {
        let occ = self.known;
        let squares = match role {
            Role::Knight => attacks::knight_attacks(sq),
            Role::King => attacks::king_attacks(sq),
            Role::Bishop => attacks::bishop_attacks(sq, occ),
            Role::Rook => attacks::rook_attacks(sq, occ),
            Role::Queen => attacks::queen_attacks(sq, occ),
            Role::Pawn => Bitboard::EMPTY,
        };
        squares - occ
    }

    /// `pred` with `pawn` put into `file`'s column at every place where
    /// the column still fits.
    fn insert_pawn(&self, pred: Abstract, file: File, pawn: Pawn, mut each: impl FnMut(Abstract)) {
        let column = pred.column(file);
        for i in 0..=column.len() {
            if let Some(c) = column.inserted(i, pawn) {
                if c.fits(file, self.zone) {
                    let mut next = pred;
                    next.set_column(file, c);
                    each(next);
                }
            }
        }
    }

    /// `pred` with a man of `color` and `role` taken on the square `sq`
    /// put back, as `α_Z` reads him there (a pawn at every place of its
    /// column that fits).
    fn victim_back(
        &self,
        pred: Abstract,
        color: Color,
        role: Role,
        sq: Square,
        each: impl FnMut(Abstract),
    ) {
        if role == Role::Pawn {
            self.insert_pawn(pred, sq.file(), self.pawn(color, sq), each);
        } else {
            let mut each = each;
            let mut next = pred;
            next.put_piece(self.zone, color, role, sq);
            each(next);
        }
    }

    /// The step's victim as a [`Step`] names it.
    fn victim_place(&self, role: Role, sq: Square) -> (Man, Place) {
        let place = if role == Role::Pawn {
            self.pawn_place(sq)
        } else if self.zone.contains(sq) {
            Place::On(sq)
        } else {
            Place::Off
        };
        (Man::of(role, sq), place)
    }

    /// Shape 1: `color`'s pawns stepping straight.
    fn pushes(&self, color: Color, out: &mut Vec<(Step, Abstract)>) {
        let fwd = forward(color);
        for file in File::ALL {
            let column = self.a.column(file);
            for i in 0..column.len() {
                let pawn = column.get(i);
                if pawn.color != color {
                    continue;
                }
                // (from, to) squares, `to` as the step names it.
                let mut steps: Vec<(Square, Place)> = Vec::new();
                match pawn.rank {
                    Some(rank) => {
                        let to = Square::from_coords(file, rank);
                        if rel(color, to) < 2 {
                            continue;
                        }
                        let behind = to.offset(-fwd).expect("not the first rank");
                        if !self.known.contains(behind) {
                            steps.push((behind, Place::On(to)));
                            if rel(color, to) == 3 {
                                let start = behind.offset(-fwd).expect("the second rank");
                                if !self.known.contains(start) {
                                    steps.push((start, Place::On(to)));
                                }
                            }
                        }
                    }
                    None => {
                        // From a square of the zone (where a pawn stands:
                        // ranks 2 to 7) to a square off it.
                        let loose = self.loose_squares(file);
                        let zone = Bitboard::from_file(file) & (self.zone - Bitboard::BACKRANKS);
                        for from in zone - self.known {
                            if from.offset(fwd).is_some_and(|s| loose.contains(s)) {
                                steps.push((from, Place::File(file)));
                            }
                            if rel(color, from) == 1 {
                                let mid = from.offset(fwd).expect("the third rank");
                                let two = from.offset(2 * fwd).expect("the fourth rank");
                                if !self.known.contains(mid) && loose.contains(two) {
                                    steps.push((from, Place::File(file)));
                                }
                            }
                        }
                    }
                }
                steps.dedup();
                for (from, to) in steps {
                    let c = column.replaced(i, self.pawn(color, from));
                    if c != column && c.fits(file, self.zone) {
                        let mut pred = *self.a;
                        pred.set_column(file, c);
                        let step = Step {
                            color,
                            man: Man::Pawn,
                            from: self.pawn_place(from),
                            to,
                            promotion: None,
                            victim: None,
                            castling: None,
                        };
                        out.push((step, pred));
                    }
                }
            }
        }
    }

    /// Shapes 2 and 3: `color`'s pawns that may have captured, en passant
    /// or not.
    fn pawn_captures(&self, color: Color, out: &mut Vec<(Step, Abstract)>) {
        let them = color.other();
        let fwd = forward(color);
        for file in File::ALL {
            let column = self.a.column(file);
            for j in 0..column.len() {
                let pawn = column.get(j);
                if pawn.color != color {
                    continue;
                }
                let squares = match pawn.rank {
                    Some(rank) => Bitboard::from(Square::from_coords(file, rank)),
                    None => self.loose_squares(file),
                };
                let rest = column.removed(j);
                let mut with_rest = *self.a;
                with_rest.set_column(file, rest);
                // The distinct ways back: a pawn not pinned may stand on
                // any of `squares`, and most of them come to the same.
                let mut ways: Vec<(Pawn, File, Back, Step)> = Vec::new();
                for to in squares {
                    if rel(color, to) < 2 {
                        continue;
                    }
                    for from in attacks::pawn_attacks(them, to) - self.known {
                        let mover = self.pawn(color, from);
                        let step = |victim| Step {
                            color,
                            man: Man::Pawn,
                            from: self.pawn_place(from),
                            to: self.pawn_place(to),
                            promotion: None,
                            victim: Some(victim),
                            castling: None,
                        };
                        let mut add = |back: Back, victim| {
                            if !ways
                                .iter()
                                .any(|w| (w.0, w.1, w.2) == (mover, from.file(), back))
                            {
                                ways.push((mover, from.file(), back, step(victim)));
                            }
                        };
                        for role in victims_on(to) {
                            let back = if role == Role::Pawn {
                                Back::Pawn(self.pawn(them, to))
                            } else if self.zone.contains(to) {
                                Back::OnZone(role, to)
                            } else {
                                Back::Off(Kind::of(role, to).expect("a piece"))
                            };
                            add(back, self.victim_place(role, to));
                        }
                        if rel(color, to) == 5 {
                            // En passant: the pawn taken stood just behind
                            // `to`, after crossing `to` from its second rank.
                            let taken = to.offset(-fwd).expect("the fifth rank");
                            let start = to.offset(fwd).expect("the seventh rank");
                            if !self.known.contains(taken) && !self.known.contains(start) {
                                let back = Back::Pawn(self.pawn(them, taken));
                                add(back, (Man::Pawn, self.pawn_place(taken)));
                            }
                        }
                    }
                }
                for (mover, from_file, back, step) in ways {
                    let taken = match back {
                        // In the capturer's place in the column.
                        Back::Pawn(victim) => match rest.inserted(j, victim) {
                            Some(c) if c.fits(file, self.zone) => {
                                let mut p = with_rest;
                                p.set_column(file, c);
                                p
                            }
                            _ => continue,
                        },
                        Back::OnZone(role, sq) => {
                            let mut p = with_rest;
                            p.put_piece(self.zone, them, role, sq);
                            p
                        }
                        Back::Off(kind) => {
                            let mut p = with_rest;
                            p.add_off(them, kind);
                            p
                        }
                    };
                    self.insert_pawn(taken, from_file, mover, |pred| out.push((step, pred)));
                }
            }
        }
    }

    /// Shape 4: the men of `color` on its last rank that may be promoted
    /// pawns.
    fn promotions(&self, color: Color, out: &mut Vec<(Step, Abstract)>) {
        let them = color.other();
        let fwd = forward(color);
        let last = Bitboard::from_rank(Rank::Eighth.relative_to(color));
        for to in last {
            let behind = to.offset(-fwd).expect("the seventh rank");
            let diagonals = attacks::pawn_attacks(them, to);
            // The men that may stand on `to`: the one on the zone, or each
            // kind off the zone that can stand there.
            let candidates: Vec<(Kind, Abstract)> = if self.zone.contains(to) {
                match self.a.zone_men().piece_at(to) {
                    Some(p) if p.color == color && p.role != Role::King => {
                        let kind = Kind::of(p.role, to).expect("a piece");
                        let mut base = *self.a;
                        base.take_piece(to);
                        vec![(kind, base)]
                    }
                    _ => Vec::new(),
                }
            } else {
                Kind::PROMOTED
                    .into_iter()
                    .filter(|&k| self.a.pool(color, k) > 0 && k.squares().contains(to))
                    .map(|k| {
                        let mut base = *self.a;
                        base.take_off(color, k);
                        (k, base)
                    })
                    .collect()
            };
            let to_place = if self.zone.contains(to) {
                Place::On(to)
            } else {
                Place::Off
            };
            for (kind, base) in candidates {
                for from in (Bitboard::from(behind) | diagonals) - self.known {
                    let file = from.file();
                    let column = base.column(file);
                    let top = color.fold(column.len(), 0);
                    let Some(c) = column.inserted(top, self.pawn(color, from)) else {
                        continue;
                    };
                    if !c.fits(file, self.zone) {
                        continue;
                    }
                    let mut pred = base;
                    pred.set_column(file, c);
                    let step = |victim| Step {
                        color,
                        man: Man::Pawn,
                        from: self.pawn_place(from),
                        to: to_place,
                        promotion: Some(kind),
                        victim,
                        castling: None,
                    };
                    if from == behind {
                        out.push((step(None), pred));
                    } else {
                        for role in PIECE_VICTIMS {
                            let mut with = pred;
                            with.put_piece(self.zone, them, role, to);
                            out.push((step(Some(self.victim_place(role, to))), with));
                        }
                    }
                }
            }
        }
    }

    /// Shape 5 for the pieces of `color` on the zone: back on the zone, or
    /// off it.
    fn pieces_on_zone(&self, color: Color, out: &mut Vec<(Step, Abstract)>) {
        let them = color.other();
        let men = self.a.zone_men();
        for to in men.by_color(color) {
            let Some(role) = men.role_at(to) else {
                continue;
            };
            let Some(kind) = Kind::of(role, to) else {
                continue;
            };
            let reach = self.reach(role, to);
            let mut base = *self.a;
            base.take_piece(to);
            let mut origins: Vec<(Place, Abstract)> = (reach & self.zone)
                .map(|from| {
                    let mut pred = base;
                    pred.put_piece(self.zone, color, role, from);
                    (Place::On(from), pred)
                })
                .collect();
            if (reach - self.zone).any() {
                let mut pred = base;
                pred.add_off(color, kind);
                origins.push((Place::Off, pred));
            }
            for (from, pred) in origins {
                let step = |victim| Step {
                    color,
                    man: Man::Piece(kind),
                    from,
                    to: Place::On(to),
                    promotion: None,
                    victim,
                    castling: None,
                };
                out.push((step(None), pred));
                for role in victims_on(to) {
                    let victim = self.victim_place(role, to);
                    self.victim_back(pred, them, role, to, |p| out.push((step(Some(victim)), p)));
                }
            }
        }
    }

    /// Shape 5 for the men of `color` off the zone that may have left an
    /// empty square of the zone.
    fn pieces_entering(&self, color: Color, out: &mut Vec<(Step, Abstract)>) {
        let them = color.other();
        for from in self.zone - self.known {
            for kind in Kind::ALL {
                if self.a.pool(color, kind) == 0 || !kind.squares().contains(from) {
                    continue;
                }
                let role = kind.role();
                let landing = self.reach(role, from) - self.zone;
                if landing.is_empty() {
                    continue;
                }
                let mut pred = *self.a;
                pred.take_off(color, kind);
                pred.put_piece(self.zone, color, role, from);
                let step = |victim| Step {
                    color,
                    man: Man::Piece(kind),
                    from: Place::On(from),
                    to: Place::Off,
                    promotion: None,
                    victim,
                    castling: None,
                };
                out.push((step(None), pred));
                self.captured_off(pred, them, landing, &step, out);
            }
        }
    }

    /// The predecessors `pred` with a man of `them` taken on one of the
    /// squares `landing` (off the zone, holding no known man) put back: a
    /// pawn from each of those squares off the first and last ranks, a
    /// piece of each role on each square colour `landing` has.
    fn captured_off(
        &self,
        pred: Abstract,
        them: Color,
        landing: Bitboard,
        step: &dyn Fn(Option<(Man, Place)>) -> Step,
        out: &mut Vec<(Step, Abstract)>,
    ) {
        // Pawns: the squares of a file differ only by whether the pawn is
        // pinned there.
        for file in File::ALL {
            let squares = landing & (Bitboard::from_file(file) - Bitboard::BACKRANKS);
            let mut pawns: Vec<(Pawn, Place)> = Vec::new();
            for sq in squares {
                let entry = (self.pawn(them, sq), self.pawn_place(sq));
                if !pawns.contains(&entry) {
                    pawns.push(entry);
                }
            }
            for (pawn, place) in pawns {
                self.insert_pawn(pred, file, pawn, |p| {
                    out.push((step(Some((Man::Pawn, place))), p))
                });
            }
        }
        // A knight, rook or queen is the same kind on any square; a
        // bishop's kind is the colour of its square.
        let representatives = [
            (
                landing.first(),
                [Role::Knight, Role::Rook, Role::Queen].as_slice(),
            ),
            ((landing & Bitboard::LIGHT_SQUARES).first(), &[Role::Bishop]),
            ((landing & Bitboard::DARK_SQUARES).first(), &[Role::Bishop]),
        ];
        for (sq, roles) in representatives {
            let Some(sq) = sq else { continue };
            for &role in roles {
                let mut with = pred;
                with.put_piece(self.zone, them, role, sq);
                out.push((step(Some((Man::of(role, sq), Place::Off))), with));
            }
        }
    }

    /// Shape 5 with both squares off the zone: a man of `color` off the
    /// zone took a man of the other side off the zone.
    fn captures_off(&self, color: Color, out: &mut Vec<(Step, Abstract)>) {
        let them = color.other();
        let mut standing = Bitboard::EMPTY;
        let mut capturer = None;
        for kind in Kind::ALL {
            if self.a.pool(color, kind) > 0 {
                standing |= kind.squares();
                capturer.get_or_insert(kind);
            }
        }
        let Some(kind) = capturer else {
            return;
        };
        let landing = standing - self.zone - self.known;
        let step = |victim| Step {
            color,
            man: Man::Piece(kind),
            from: Place::Off,
            to: Place::Off,
            promotion: None,
            victim,
            castling: None,
        };
        self.captured_off(*self.a, them, landing, &step, out);
    }

    /// Shape 6: `color`'s castlings that touch the zone.
    fn castlings(&self, color: Color, out: &mut Vec<(Step, Abstract)>) {
        let men = self.a.zone_men();
        let home = CastlingRights::king_home(color);
        for side in CastlingSide::ALL {
            let (king_to, rook_from, rook_to) = (
                side.king_to(color),
                side.rook_from(color),
                side.rook_to(color),
            );
            let squares = [home, king_to, rook_from, rook_to];
            if !squares.iter().any(|&s| self.zone.contains(s)) {
                continue;
            }
            let mut emptied = Bitboard::from(home) | Bitboard::from(rook_from);
            if side == CastlingSide::QueenSide {
                emptied |= rook_from.offset(1).map_or(Bitboard::EMPTY, Bitboard::from);
            }
            if (emptied & self.known).any() {
                continue;
            }
            let mut pred = *self.a;
            let mut fits = true;
            for (role, from, to) in [
                (Role::King, home, king_to),
                (Role::Rook, rook_from, rook_to),
            ] {
                let kind = Kind::of(role, to).expect("a piece");
                if self.zone.contains(to) {
                    fits &= men.piece_at(to) == Some(Piece::new(color, role));
                    pred.take_piece(to);
                } else if pred.pool(color, kind) > 0 {
                    pred.take_off(color, kind);
                } else {
                    fits = false;
                }
                if fits {
                    pred.put_piece(self.zone, color, role, from);
                }
            }
            if fits {
                let place = |sq: Square| {
                    if self.zone.contains(sq) {
                        Place::On(sq)
                    } else {
                        Place::Off
                    }
                };
                let step = Step {
                    color,
                    man: Man::Piece(Kind::King),
                    from: place(home),
                    to: place(king_to),
                    promotion: None,
                    victim: None,
                    castling: Some(side),
                };
                out.push((step, pred));
            }
        }
    }
}
