//! The skeleton of a position: what captures and promotions change, and
//! nothing else. For each file, its pawns from the first rank up by colour
//! (pawns on one file never pass each other, so only a capture or a
//! promotion changes that order); for each side, its pieces by kind, the
//! bishops by the colour of their squares.
//!
//! Moves that are not captures or promotions leave the skeleton as it is;
//! an [`Event`] (a capture or a promotion) changes it in one of a few
//! ways. The proof kernel ([`super::events`]) is a list of events turning
//! the initial skeleton into the target's.

use crate::{Bitboard, Board, Color, Role, Square};

/// A piece as the skeleton counts it: a bishop's kind says the colour of
/// its squares, which it never changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Knight,
    LightBishop,
    DarkBishop,
    Rook,
    Queen,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Knight,
        Kind::LightBishop,
        Kind::DarkBishop,
        Kind::Rook,
        Kind::Queen,
    ];

    /// The kind of a piece of `role` on `sq`; `None` for pawns and kings.
    pub fn of(role: Role, sq: Square) -> Option<Kind> {
        match role {
            Role::Knight => Some(Kind::Knight),
            Role::Bishop if sq.is_light() => Some(Kind::LightBishop),
            Role::Bishop => Some(Kind::DarkBishop),
            Role::Rook => Some(Kind::Rook),
            Role::Queen => Some(Kind::Queen),
            Role::Pawn | Role::King => None,
        }
    }

    pub fn role(self) -> Role {
        match self {
            Kind::Knight => Role::Knight,
            Kind::LightBishop | Kind::DarkBishop => Role::Bishop,
            Kind::Rook => Role::Rook,
            Kind::Queen => Role::Queen,
        }
    }

    /// The men of this kind (either colour) among `board`'s men.
    pub fn squares(self, board: &Board) -> Bitboard {
        let men = board.by_role(self.role());
        match self {
            Kind::LightBishop => men & Bitboard::LIGHT_SQUARES,
            Kind::DarkBishop => men & Bitboard::DARK_SQUARES,
            _ => men,
        }
    }

    /// Whether a pawn promoting on `sq` can become a piece of this kind.
    pub fn promotes_on(self, sq: Square) -> bool {
        match self {
            Kind::LightBishop => sq.is_light(),
            Kind::DarkBishop => !sq.is_light(),
            _ => true,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// See the module docs.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Skeleton {
    /// For each file, its pawns from the first rank up: `true` for white.
    pub files: [Vec<Color>; 8],
    /// For each side, its pieces of each [`Kind`] (kings left out).
    pub pieces: [[u8; 5]; 2],
}

impl Skeleton {
    pub fn of(board: &Board) -> Skeleton {
        let files = std::array::from_fn(|f| {
            let mut on: Vec<Color> = Vec::new();
            for r in 0..8 {
                let sq = Square::new((r * 8 + f) as u32).expect("on the board");
                if board.role_at(sq) == Some(Role::Pawn) {
                    on.push(board.color_at(sq).expect("occupied"));
                }
            }
            on
        });
        let mut pieces = [[0u8; 5]; 2];
        for (sq, piece) in board.pieces() {
            if let Some(kind) = Kind::of(piece.role, sq) {
                pieces[piece.color.index()][kind.index()] += 1;
            }
        }
        Skeleton { files, pieces }
    }

    /// The men of `color`, its king included.
    pub fn men(&self, color: Color) -> u32 {
        1 + self.pawns(color)
            + self.pieces[color.index()]
                .iter()
                .map(|&n| u32::from(n))
                .sum::<u32>()
    }

    pub fn pawns(&self, color: Color) -> u32 {
        self.files
            .iter()
            .map(|f| f.iter().filter(|&&c| c == color).count() as u32)
            .sum()
    }

    /// The skeleton after `event`, which must fit this one.
    pub fn after(&self, event: &Event) -> Skeleton {
        let mut s = self.clone();
        match *event {
            Event::PawnCaptures {
                color,
                file,
                index,
                to,
                at,
                victim,
            } => {
                s.files[file as usize].remove(index as usize);
                s.take(color.other(), victim);
                s.files[to as usize].insert(at as usize, color);
            }
            Event::PieceCaptures { color, victim } => s.take(color.other(), victim),
            Event::Promotes { color, file, kind } => {
                let on = &mut s.files[file as usize];
                match color {
                    Color::White => {
                        on.pop();
                    }
                    Color::Black => {
                        on.remove(0);
                    }
                }
                s.pieces[color.index()][kind.index()] += 1;
            }
        }
        s
    }

    fn take(&mut self, color: Color, victim: Victim) {
        match victim {
            Victim::Piece(kind) => self.pieces[color.index()][kind.index()] -= 1,
            Victim::Pawn { file, index } => {
                self.files[file as usize].remove(index as usize);
            }
        }
    }
}

/// What a capture takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Victim {
    Piece(Kind),
    /// The `index`-th pawn of `file` (from the first rank up).
    Pawn {
        file: u8,
        index: u8,
    },
}

/// A change of the skeleton: a capture or a promotion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// The `index`-th pawn on `file`, of `color`, captures onto file `to`
    /// and stands there as its `at`-th pawn (counted after the victim, if
    /// a pawn of `to`, is gone).
    PawnCaptures {
        color: Color,
        file: u8,
        index: u8,
        to: u8,
        at: u8,
        victim: Victim,
    },
    /// A piece (or the king) of `color` captures.
    PieceCaptures { color: Color, victim: Victim },
    /// The front pawn of `color` on `file` promotes to `kind`.
    Promotes { color: Color, file: u8, kind: Kind },
}

impl Event {
    pub fn color(&self) -> Color {
        match *self {
            Event::PawnCaptures { color, .. }
            | Event::PieceCaptures { color, .. }
            | Event::Promotes { color, .. } => color,
        }
    }
}

/// The square of the `index`-th pawn on `file` (from the first rank up).
pub fn pawn_square(board: &Board, file: u8, index: u8) -> Option<Square> {
    let pawns = board.by_role(Role::Pawn) & Bitboard(0x0101_0101_0101_0101 << file);
    pawns.into_iter().nth(index as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_skeleton() {
        let s = Skeleton::of(&Board::start());
        assert!(s.files.iter().all(|f| f == &[Color::White, Color::Black]));
        assert_eq!(s.pieces[0], [2, 1, 1, 2, 1]);
        assert_eq!(s.pieces[1], [2, 1, 1, 2, 1]);
        assert_eq!(s.men(Color::White), 16);
        // The bishop on c1 stands on a dark square, f1 on a light one.
        assert_eq!(Kind::of(Role::Bishop, Square::C1), Some(Kind::DarkBishop));
        assert_eq!(Kind::of(Role::Bishop, Square::F1), Some(Kind::LightBishop));
    }
}
