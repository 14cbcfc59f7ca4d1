//! The abstract state `α_Z(P)` of a position: what constrains its history.
//!
//! Given a fixed set of squares `Z`, the *zone*, the abstraction of a board
//! keeps
//! - every pawn, by file and in order along the file ([`Column`]), with its
//!   square when it is **pinned**: on the zone. The rank of a pawn off the
//!   zone is forgotten: a pawn stepping straight between squares off the
//!   zone changes nothing, so the histories that differ only in when such
//!   steps were made are one abstract history (keeping every pawn's square
//!   made the graph of a random position run past millions of states).
//!   This is Texel's *pawn column* (its proof-kernel search keeps the same
//!   order of pawns on each file); the zone adds squares where they
//!   matter, a pawn that never moved among them;
//! - every man other than a pawn on the zone, on its square, and which
//!   squares of the zone are empty;
//! - for each side, how many of its other men there are, by [`Kind`]: the
//!   role, and for a bishop the colour of its squares (a bishop never
//!   changes it). These men are "somewhere off the zone".
//!
//! It forgets the side to move, the castling rights, the en-passant square
//! and where the free men stand. The zone is chosen once per search
//! ([`super::tracked`]): the men that cannot have moved, the squares of a
//! sealed region, so that the men walled in stay where they are while the
//! walls stand, and everything else is free.
//!
//! From a state one reads what a history still owes: each side's men
//! missing from its 16 were captured by the other side, and its men beyond
//! the initial two knights, one bishop of each colour, two rooks and a queen
//! are promoted pawns ([`Abstract::promoted`]).

use std::fmt;

use crate::{Bitboard, Board, Color, File, Piece, Rank, Role, Square};

/// A man other than a pawn as the abstraction counts it: its role and, for
/// a bishop, the colour of the squares it moves on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Knight = 0,
    LightBishop = 1,
    DarkBishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Knight,
        Kind::LightBishop,
        Kind::DarkBishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];

    /// The kinds a pawn may be promoted to.
    pub const PROMOTED: [Kind; 5] = [
        Kind::Knight,
        Kind::LightBishop,
        Kind::DarkBishop,
        Kind::Rook,
        Kind::Queen,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind of a man of `role` standing on `sq` (`None` for a pawn).
    pub fn of(role: Role, sq: Square) -> Option<Kind> {
        Some(match role {
            Role::Pawn => return None,
            Role::Knight => Kind::Knight,
            Role::Bishop if sq.is_light() => Kind::LightBishop,
            Role::Bishop => Kind::DarkBishop,
            Role::Rook => Kind::Rook,
            Role::Queen => Kind::Queen,
            Role::King => Kind::King,
        })
    }

    pub const fn role(self) -> Role {
        match self {
            Kind::Knight => Role::Knight,
            Kind::LightBishop | Kind::DarkBishop => Role::Bishop,
            Kind::Rook => Role::Rook,
            Kind::Queen => Role::Queen,
            Kind::King => Role::King,
        }
    }

    /// The squares a man of this kind can stand on.
    pub const fn squares(self) -> Bitboard {
        match self {
            Kind::LightBishop => Bitboard::LIGHT_SQUARES,
            Kind::DarkBishop => Bitboard::DARK_SQUARES,
            _ => Bitboard::FULL,
        }
    }

    /// How many men of this kind a side has in the initial position.
    pub const fn initial(self) -> u32 {
        match self {
            Kind::Knight | Kind::Rook => 2,
            _ => 1,
        }
    }

    /// The kind's name in a composer's words (`light-squared bishop`).
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Knight => "knight",
            Kind::LightBishop => "light-squared bishop",
            Kind::DarkBishop => "dark-squared bishop",
            Kind::Rook => "rook",
            Kind::Queen => "queen",
            Kind::King => "king",
        }
    }
}

/// A pawn as a [`Column`] holds it: its colour, and its rank when it is
/// pinned (on the zone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pawn {
    pub color: Color,
    pub rank: Option<Rank>,
}

/// Whether a pawn on `sq` is pinned for `zone`: its square is kept.
pub fn pinned(zone: Bitboard, sq: Square) -> bool {
    zone.contains(sq)
}

/// The pawns of one file from the first rank up (at most six: ranks 2 to
/// 7), each a [`Pawn`]. Packed in a word: the length in bits 0-3, pawn `i`
/// in the four bits from `4 + 4 i` (bit 3 black, bits 0-2 the rank index,
/// 0 when not pinned).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Column(u32);

impl Column {
    pub const fn len(self) -> usize {
        (self.0 & 0xf) as usize
    }

    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Pawn `i`, from the first rank up.
    pub fn get(self, i: usize) -> Pawn {
        debug_assert!(i < self.len());
        let nibble = (self.0 >> (4 + 4 * i)) & 0xf;
        Pawn {
            color: if nibble & 8 != 0 {
                Color::Black
            } else {
                Color::White
            },
            rank: match nibble & 7 {
                0 => None,
                r => Rank::new(r),
            },
        }
    }

    pub fn iter(self) -> impl Iterator<Item = Pawn> {
        (0..self.len()).map(move |i| self.get(i))
    }

    fn nibble(pawn: Pawn) -> u32 {
        let color = if pawn.color == Color::Black { 8 } else { 0 };
        color | pawn.rank.map_or(0, |r| r as u32)
    }

    /// The column with `pawn` inserted at `i` (`None` when it would hold
    /// more than six pawns).
    #[must_use]
    pub fn inserted(self, i: usize, pawn: Pawn) -> Option<Column> {
        let n = self.len();
        if n >= 6 || i > n {
            return None;
        }
        let body = self.0 >> 4;
        let low = body & ((1 << (4 * i)) - 1);
        let high = body >> (4 * i);
        let body = low | (Column::nibble(pawn) << (4 * i)) | (high << (4 * i + 4));
        Some(Column((body << 4) | (n as u32 + 1)))
    }

    /// The column without pawn `i`.
    #[must_use]
    pub fn removed(self, i: usize) -> Column {
        let n = self.len();
        debug_assert!(i < n);
        let body = self.0 >> 4;
        let low = body & ((1 << (4 * i)) - 1);
        let high = body >> (4 * i + 4);
        let body = low | (high << (4 * i));
        Column((body << 4) | (n as u32 - 1))
    }

    /// The column with pawn `i` replaced by `pawn`.
    #[must_use]
    pub fn replaced(self, i: usize, pawn: Pawn) -> Column {
        debug_assert!(i < self.len());
        let shift = 4 + 4 * i;
        Column((self.0 & !(0xf << shift)) | (Column::nibble(pawn) << shift))
    }

    /// Whether some squares of `file` realise the column: ranks strictly
    /// increasing up the file, a pinned pawn on its rank, a pawn not pinned
    /// on a square of ranks 2 to 7 off the zone.
    pub fn fits(self, file: File, zone: Bitboard) -> bool {
        let mut below: u32 = 0; // the first rank index still free
        for pawn in self.iter() {
            let rank = match pawn.rank {
                Some(r) => {
                    if (r as u32) < below {
                        return false;
                    }
                    r as u32
                }
                None => {
                    let free = (below.max(1)..=6).find(|&r| {
                        let sq = Square::from_coords(file, Rank::new(r).expect("a rank"));
                        !zone.contains(sq)
                    });
                    match free {
                        Some(r) => r,
                        None => return false,
                    }
                }
            };
            below = rank + 1;
        }
        true
    }
}

impl fmt::Debug for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for pawn in self.iter() {
            let c = if pawn.color == Color::White { 'P' } else { 'p' };
            match pawn.rank {
                Some(r) => write!(f, "{c}{}", r.char())?,
                None => write!(f, "{c}")?,
            }
        }
        Ok(())
    }
}

/// The abstract state of a board for a zone (see the module docs). The
/// zone itself is not stored: a search and its certificate use one zone.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Abstract {
    /// The pawns of each file, by `File as usize`.
    files: [Column; 8],
    /// The men other than pawns on the zone.
    zone_men: Board,
    /// The other men other than pawns, by colour and [`Kind`].
    pool: [[u8; 6]; 2],
}

impl Abstract {
    /// `α_Z(board)` (see the module docs).
    pub fn of(board: &Board, zone: Bitboard) -> Abstract {
        let mut pool = [[0u8; 6]; 2];
        let mut files = [Column::default(); 8];
        let pawns = board.by_role(Role::Pawn);
        // Squares in index order: up each file's ranks in order.
        for sq in pawns {
            let color = board.color_at(sq).expect("a pawn has a colour");
            let pawn = Pawn {
                color,
                rank: pinned(zone, sq).then_some(sq.rank()),
            };
            let column = &mut files[sq.file() as usize];
            if let Some(c) = column.inserted(column.len(), pawn) {
                *column = c;
            }
        }
        for (sq, piece) in board.pieces() {
            if !zone.contains(sq) {
                if let Some(kind) = Kind::of(piece.role, sq) {
                    pool[piece.color.index()][kind.index()] += 1;
                }
            }
        }
        Abstract {
            files,
            zone_men: board.masked(zone - pawns),
            pool,
        }
    }

    /// `α_Z` of the initial board.
    pub fn initial(zone: Bitboard) -> Abstract {
        Abstract::of(&Board::start(), zone)
    }

    /// The pawns of `file`.
    pub const fn column(&self, file: File) -> Column {
        self.files[file as usize]
    }

    pub(crate) fn set_column(&mut self, file: File, column: Column) {
        self.files[file as usize] = column;
    }

    /// The men other than pawns on the zone.
    pub const fn zone_men(&self) -> &Board {
        &self.zone_men
    }

    /// The squares of the pinned pawns of `color`.
    pub fn pinned_pawns(&self, color: Color) -> Bitboard {
        let mut squares = Bitboard::EMPTY;
        for file in File::ALL {
            for pawn in self.column(file).iter() {
                if let (true, Some(rank)) = (pawn.color == color, pawn.rank) {
                    squares.set(Square::from_coords(file, rank));
                }
            }
        }
        squares
    }

    /// The squares whose man is known: the men on the zone and the pinned
    /// pawns.
    pub fn known_squares(&self) -> Bitboard {
        self.zone_men.occupied() | self.pinned_pawns(Color::White) | self.pinned_pawns(Color::Black)
    }

    /// How many men of `color` and `kind` stand off the zone.
    pub const fn pool(&self, color: Color, kind: Kind) -> u32 {
        self.pool[color.index()][kind.index()] as u32
    }

    /// The pawns of `color`.
    pub fn pawn_count(&self, color: Color) -> u32 {
        self.files
            .iter()
            .map(|c| c.iter().filter(|p| p.color == color).count() as u32)
            .sum()
    }

    /// All men of `color`.
    pub fn men(&self, color: Color) -> u32 {
        let pool: u32 = self.pool[color.index()].iter().map(|&n| u32::from(n)).sum();
        self.pawn_count(color) + self.zone_men.by_color(color).count() + pool
    }

    /// The men of `color` and `kind`, on the zone or off it.
    pub fn count(&self, color: Color, kind: Kind) -> u32 {
        let on_zone = self.zone_men.by_piece(Piece::new(color, kind.role())) & kind.squares();
        on_zone.count() + self.pool(color, kind)
    }

    /// The men of `color` beyond the initial position's of their kind:
    /// each is a promoted pawn.
    pub fn promoted(&self, color: Color) -> u32 {
        Kind::PROMOTED
            .iter()
            .map(|&k| self.count(color, k).saturating_sub(k.initial()))
            .sum()
    }

    /// Whether a board realises the state's pawns: every column
    /// [`Column::fits`]. True of `α_Z` of every board.
    pub fn fits(&self, zone: Bitboard) -> bool {
        File::ALL
            .into_iter()
            .all(|file| self.column(file).fits(file, zone))
    }

    /// A man of `color` and `role` (not a pawn) put on `sq`: on the zone
    /// when `sq` is, else counted off it (as [`Abstract::of`] reads it).
    pub(crate) fn put_piece(&mut self, zone: Bitboard, color: Color, role: Role, sq: Square) {
        match Kind::of(role, sq) {
            Some(kind) if !zone.contains(sq) => self.pool[color.index()][kind.index()] += 1,
            _ => self.zone_men.set_piece_at(sq, Piece::new(color, role)),
        }
    }

    /// A man of `color` and `kind` added off the zone.
    pub(crate) fn add_off(&mut self, color: Color, kind: Kind) {
        self.pool[color.index()][kind.index()] += 1;
    }

    /// A man of `color` and `kind` taken from off the zone (the caller
    /// checked there is one).
    pub(crate) fn take_off(&mut self, color: Color, kind: Kind) {
        debug_assert!(self.pool(color, kind) > 0);
        self.pool[color.index()][kind.index()] -= 1;
    }

    /// The man on the zone square `sq` taken away.
    pub(crate) fn take_piece(&mut self, sq: Square) {
        self.zone_men.discard_piece_at(sq);
    }

    /// A board realising the state (`None` when none is found this way):
    /// each pawn not pinned on the lowest free square of its ranks, the
    /// men off the zone on free squares off the zone that their kind can
    /// stand on, off the first and last ranks when possible. For showing a
    /// state, and for testing that `α_Z` of it is the state again.
    pub fn example_board(&self, zone: Bitboard) -> Option<Board> {
        let mut board = self.zone_men;
        for file in File::ALL {
            let mut below = 0u32;
            for pawn in self.column(file).iter() {
                let rank = match pawn.rank {
                    Some(r) => r as u32,
                    None => (below.max(1)..=6).find(|&r| {
                        !zone.contains(Square::from_coords(file, Rank::new(r).expect("rank")))
                    })?,
                };
                if rank < below {
                    return None;
                }
                let sq = Square::from_coords(file, Rank::new(rank)?);
                board.set_piece_at(sq, Piece::new(pawn.color, Role::Pawn));
                below = rank + 1;
            }
        }
        for color in Color::ALL {
            for kind in Kind::ALL {
                for _ in 0..self.pool(color, kind) {
                    let free = kind.squares() - zone - board.occupied();
                    let inner = free - Bitboard::BACKRANKS;
                    let sq = inner.first().or_else(|| free.first())?;
                    board.set_piece_at(sq, Piece::new(color, kind.role()));
                }
            }
        }
        Some(board)
    }
}

impl fmt::Debug for Abstract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Abstract {
    /// The pawns file by file (`a:P2p7` a pinned white pawn a2 below a
    /// pinned black pawn a7, `P` without a rank: not pinned), the men on
    /// the zone, the men off it (`+` White's, `/` Black's; `B`/`b`
    /// light-squared, `D`/`d` dark-squared bishops):
    /// `a:P2p7 b:Pp7 … | Ke1 | + N2 B1 D1 R2 Q1 / …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for file in File::ALL {
            let column = self.column(file);
            if !column.is_empty() {
                if !first {
                    write!(f, " ")?;
                }
                first = false;
                write!(f, "{}:{column:?}", file.char())?;
            }
        }
        write!(f, " |")?;
        for (sq, piece) in self.zone_men.pieces() {
            write!(f, " {}{sq}", piece.char())?;
        }
        write!(f, " |")?;
        let letters = ['n', 'b', 'd', 'r', 'q', 'k'];
        for color in Color::ALL {
            write!(f, " {}", if color == Color::White { "+" } else { "/" })?;
            for kind in Kind::ALL {
                let n = self.pool(color, kind);
                if n > 0 {
                    let c = letters[kind.index()];
                    let c = if color == Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    };
                    write!(f, " {c}{n}")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    fn board(fen: &str) -> Board {
        *Position::from_fen(fen).unwrap().board()
    }

    #[test]
    fn initial_counts() {
        let a = Abstract::initial(Bitboard::EMPTY);
        for color in Color::ALL {
            assert_eq!(a.men(color), 16);
            assert_eq!(a.pawn_count(color), 8);
            for kind in Kind::ALL {
                assert_eq!(a.count(color, kind), kind.initial(), "{kind:?}");
            }
            assert_eq!(a.promoted(color), 0);
        }
        // Off the zone no pawn is pinned.
        assert_eq!(a.pinned_pawns(Color::White).count(), 0);
        assert!(a.fits(Bitboard::EMPTY));
        let second = Bitboard::from_rank(Rank::Second);
        assert_eq!(Abstract::initial(second).pinned_pawns(Color::White), second);
    }

    #[test]
    fn zone_men_are_known_others_counted() {
        let b = board("4k3/8/8/8/8/8/8/2B1K1B1 w - -");
        let a = Abstract::of(&b, Bitboard::from(Square::C1));
        assert_eq!(
            a.zone_men().piece_at(Square::C1).map(|p| p.role),
            Some(Role::Bishop)
        );
        // c1 and g1 are dark: the g1 bishop is counted off the zone.
        assert_eq!(a.pool(Color::White, Kind::DarkBishop), 1);
        assert_eq!(a.count(Color::White, Kind::DarkBishop), 2);
        assert_eq!(a.promoted(Color::White), 1);
    }

    #[test]
    fn a_pawn_off_the_zone_keeps_only_its_order() {
        let zone = Bitboard::EMPTY;
        let on_e3 = Abstract::of(&board("4k3/4p3/8/8/8/4P3/8/4K3 w - -"), zone);
        let on_e4 = Abstract::of(&board("4k3/4p3/8/8/4P3/8/8/4K3 w - -"), zone);
        assert_eq!(on_e3, on_e4);
        assert_eq!(format!("{:?}", on_e3.column(File::E)), "Pp");
        // On the zone, the square is kept.
        let zone = Bitboard::from(Square::E4);
        assert_ne!(
            Abstract::of(&board("4k3/4p3/8/8/8/4P3/8/4K3 w - -"), zone),
            Abstract::of(&board("4k3/4p3/8/8/4P3/8/8/4K3 w - -"), zone)
        );
    }

    #[test]
    fn columns_insert_and_remove() {
        let white = Pawn {
            color: Color::White,
            rank: None,
        };
        let black7 = Pawn {
            color: Color::Black,
            rank: Some(Rank::Seventh),
        };
        let zone = Bitboard::from(Square::A7);
        let c = Column::default().inserted(0, black7).unwrap();
        let c = c.inserted(0, white).unwrap();
        assert_eq!(format!("{c:?}"), "Pp7");
        assert!(c.fits(File::A, zone));
        assert_eq!(c.removed(0), Column::default().inserted(0, black7).unwrap());
        // A pawn cannot stand above a pinned pawn on a7: it would be on the
        // eighth rank.
        let wrong = Column::default()
            .inserted(0, black7)
            .unwrap()
            .inserted(1, white)
            .unwrap();
        assert!(!wrong.fits(File::A, zone));
    }

    #[test]
    fn example_boards_abstract_back() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -",
            "4k3/1p1p4/1P1P4/8/4p3/8/1P6/4K3 w - -",
            "1Q2q2n/Bp4RN/Q4n2/PP2p3/3bqq1b/p1Q5/1NBKrp1k/1b1B1rn1 w - -",
        ] {
            let b = board(fen);
            for zone in [Bitboard::EMPTY, Bitboard::from_rank(Rank::Fourth)] {
                let a = Abstract::of(&b, zone);
                let example = a.example_board(zone).expect("a board");
                assert_eq!(Abstract::of(&example, zone), a, "{fen}");
            }
        }
    }
}
