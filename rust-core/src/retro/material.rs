//! Material that can arise in a game: rule 3 of the retraction semantics.
//!
//! Every man on the board started the game as one of a side's sixteen, and
//! the only way to get more of a kind than the initial set is promotion,
//! which costs a pawn. So for each side:
//!
//! - at most 16 men and at most 8 pawns;
//! - the *promoted excess* (queens beyond 1, rooks beyond 2, knights beyond
//!   2, light-squared bishops beyond 1, dark-squared bishops beyond 1) plus
//!   the pawns never exceeds 8: each excess man is a pawn that promoted.
//!
//! Bishops are counted per square colour because a bishop never changes
//! colour: a second light-squared bishop must be a promoted pawn even if the
//! dark-squared one was captured.
//!
//! These bounds are necessary, not sufficient (they ignore that a pawn must
//! capture to change file, for instance); a finer test would reject legal
//! positions only if it were wrong, and this one cannot be wrong.
//!
//! No pawn on the first or last rank is the fourth condition; every
//! [`Position`](crate::Position) already satisfies it.

use std::fmt;

use crate::{Bitboard, Board, Color, Role, Square};

/// What one side has on the board, counted the way rule 3 needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SideMaterial {
    pub pawns: u8,
    pub knights: u8,
    pub light_bishops: u8,
    pub dark_bishops: u8,
    pub rooks: u8,
    pub queens: u8,
    pub kings: u8,
}

/// Why a side's material cannot arise in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaterialError {
    /// More than 16 men.
    TooManyMen { color: Color, men: u32 },
    /// More than 8 pawns.
    TooManyPawns { color: Color, pawns: u32 },
    /// Pawns plus men that must be promoted pawns exceed 8.
    TooManyPromoted {
        color: Color,
        pawns: u32,
        promoted: u32,
    },
}

impl fmt::Display for MaterialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MaterialError::TooManyMen { color, men } => {
                write!(f, "{color} has {men} men (at most 16)")
            }
            MaterialError::TooManyPawns { color, pawns } => {
                write!(f, "{color} has {pawns} pawns (at most 8)")
            }
            MaterialError::TooManyPromoted {
                color,
                pawns,
                promoted,
            } => write!(
                f,
                "{color} has {pawns} pawns and {promoted} men that must be promoted pawns \
                 (at most 8 together)"
            ),
        }
    }
}

impl std::error::Error for MaterialError {}

impl SideMaterial {
    /// Counts the men of `color` on `board`.
    pub fn of(board: &Board, color: Color) -> SideMaterial {
        let ours = board.by_color(color);
        let count = |role: Role| (board.by_role(role) & ours).count() as u8;
        let bishops = board.by_role(Role::Bishop) & ours;
        SideMaterial {
            pawns: count(Role::Pawn),
            knights: count(Role::Knight),
            light_bishops: (bishops & Bitboard::LIGHT_SQUARES).count() as u8,
            dark_bishops: (bishops & Bitboard::DARK_SQUARES).count() as u8,
            rooks: count(Role::Rook),
            queens: count(Role::Queen),
            kings: count(Role::King),
        }
    }

    /// All men, kings included.
    pub const fn men(&self) -> u32 {
        self.pawns as u32
            + self.knights as u32
            + self.light_bishops as u32
            + self.dark_bishops as u32
            + self.rooks as u32
            + self.queens as u32
            + self.kings as u32
    }

    /// Men beyond the initial set of their kind: each one is a promoted pawn.
    pub const fn promoted_excess(&self) -> u32 {
        const fn over(n: u8, initial: u8) -> u32 {
            n.saturating_sub(initial) as u32
        }
        over(self.queens, 1)
            + over(self.rooks, 2)
            + over(self.knights, 2)
            + over(self.light_bishops, 1)
            + over(self.dark_bishops, 1)
    }

    /// Checks rule 3 (see the module docs) for the side `color`.
    pub fn check(&self, color: Color) -> Result<(), MaterialError> {
        let men = self.men();
        if men > 16 {
            return Err(MaterialError::TooManyMen { color, men });
        }
        let pawns = self.pawns as u32;
        if pawns > 8 {
            return Err(MaterialError::TooManyPawns { color, pawns });
        }
        let promoted = self.promoted_excess();
        if pawns + promoted > 8 {
            return Err(MaterialError::TooManyPromoted {
                color,
                pawns,
                promoted,
            });
        }
        Ok(())
    }

    /// Whether rule 3 holds.
    #[inline]
    pub fn is_possible(&self) -> bool {
        self.men() <= 16 && self.pawns <= 8 && self.pawns as u32 + self.promoted_excess() <= 8
    }

    /// This material plus one man of `role` standing on `sq` (the square
    /// matters for bishops only). Kings are counted too, though no
    /// retraction ever adds one.
    #[must_use]
    pub fn with(mut self, role: Role, sq: Square) -> SideMaterial {
        *self.slot(role, sq) += 1;
        self
    }

    /// This material minus one man of `role` standing on `sq` (saturating).
    #[must_use]
    pub fn without(mut self, role: Role, sq: Square) -> SideMaterial {
        let slot = self.slot(role, sq);
        *slot = slot.saturating_sub(1);
        self
    }

    fn slot(&mut self, role: Role, sq: Square) -> &mut u8 {
        match role {
            Role::Pawn => &mut self.pawns,
            Role::Knight => &mut self.knights,
            Role::Bishop if sq.is_light() => &mut self.light_bishops,
            Role::Bishop => &mut self.dark_bishops,
            Role::Rook => &mut self.rooks,
            Role::Queen => &mut self.queens,
            Role::King => &mut self.kings,
        }
    }
}

/// The first material problem of the position's board, White checked first.
pub fn material_error(board: &Board) -> Option<MaterialError> {
    Color::ALL
        .into_iter()
        .find_map(|color| SideMaterial::of(board, color).check(color).err())
}

/// A set of roles as a bitmask over [`Role::index`]: which men may be
/// uncaptured, or which promotions may be taken back.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RoleSet(pub(crate) u8);

impl RoleSet {
    pub const EMPTY: RoleSet = RoleSet(0);

    #[inline]
    pub const fn contains(self, role: Role) -> bool {
        self.0 & (1 << role as u8) != 0
    }

    #[inline]
    #[must_use]
    pub const fn with(self, role: Role) -> RoleSet {
        RoleSet(self.0 | 1 << role as u8)
    }

    #[inline]
    #[must_use]
    pub const fn without(self, role: Role) -> RoleSet {
        RoleSet(self.0 & !(1 << role as u8))
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The roles in [`Role::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Role> {
        Role::ALL.into_iter().filter(move |&r| self.contains(r))
    }
}

impl fmt::Debug for RoleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RoleSet(")?;
        for role in self.iter() {
            write!(f, "{}", role.char())?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_material_is_possible_and_has_no_excess() {
        let board = Board::start();
        for color in Color::ALL {
            let m = SideMaterial::of(&board, color);
            assert_eq!(m.men(), 16);
            assert_eq!(m.promoted_excess(), 0);
            assert_eq!(m.light_bishops, 1);
            assert_eq!(m.dark_bishops, 1);
            assert!(m.is_possible());
        }
    }

    #[test]
    fn promoted_excess_counts_bishops_per_square_colour() {
        let mut m = SideMaterial {
            kings: 1,
            pawns: 7,
            ..SideMaterial::default()
        };
        // Two light bishops: one must be promoted (7 + 1 = 8, still fine).
        m = m
            .with(Role::Bishop, Square::C8)
            .with(Role::Bishop, Square::E8);
        assert_eq!(m.promoted_excess(), 1);
        assert!(m.is_possible());
        // A second queen on top: 7 pawns + 2 promoted > 8.
        m = m
            .with(Role::Queen, Square::A1)
            .with(Role::Queen, Square::A2);
        assert_eq!(
            m.check(Color::White),
            Err(MaterialError::TooManyPromoted {
                color: Color::White,
                pawns: 7,
                promoted: 2
            })
        );
    }

    #[test]
    fn counts_limits() {
        let nine_pawns = SideMaterial {
            kings: 1,
            pawns: 9,
            ..SideMaterial::default()
        };
        assert!(matches!(
            nine_pawns.check(Color::Black),
            Err(MaterialError::TooManyPawns { pawns: 9, .. })
        ));
        let seventeen = SideMaterial {
            kings: 1,
            pawns: 8,
            knights: 2,
            light_bishops: 1,
            dark_bishops: 1,
            rooks: 2,
            queens: 2,
        };
        assert!(matches!(
            seventeen.check(Color::White),
            Err(MaterialError::TooManyMen { men: 17, .. })
        ));
    }
}
