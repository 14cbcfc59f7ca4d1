//! Which squares the abstraction tracks exactly: the zone.
//!
//! Any zone is sound (the simulation holds for every `Z`); the choice is
//! about strength and cost. Off the zone a man is free: it can come from
//! anywhere and take anything its kind can. On the zone it stays where it
//! stands until a way back opens, so the zone should hold the men whose
//! history is constrained: the men that cannot have moved (their walls may
//! be pawns that move back later, which the search then follows: the order
//! of events) and the men shut in a small region, with that region's empty
//! squares, which no man off the zone can have left unseen. A larger zone
//! is more exact and costs more states.

use crate::rules::frozen::frozen_men;
use crate::rules::region::region;
use crate::{Bitboard, Board, Role};

/// The zones [`super::refute`] tries, cheapest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ZoneChoice {
    /// No square: the pawns and each side's men counted by kind.
    Empty,
    /// The squares of the men that cannot have moved ([`frozen_men`]; a
    /// pawn on its second rank among them).
    Frozen,
    /// The frozen men, and the initial squares of the pieces (ranks 1 and
    /// 8): a man off the zone comes back to one only by a move from a
    /// square off it, so a home walled in by unmoved pawns (a bishop's
    /// behind its two pawns) stays as it is.
    Homes,
    /// The frozen men, and the small regions ([`region`]: the squares a man
    /// can have stood on, walled by the frozen men) of the other pieces.
    Regions,
}

impl ZoneChoice {
    pub const ALL: [ZoneChoice; 4] = [
        ZoneChoice::Empty,
        ZoneChoice::Frozen,
        ZoneChoice::Homes,
        ZoneChoice::Regions,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            ZoneChoice::Empty => "empty",
            ZoneChoice::Frozen => "frozen",
            ZoneChoice::Homes => "homes",
            ZoneChoice::Regions => "regions",
        }
    }

    /// The zone for `board`.
    pub fn zone(self, board: &Board) -> Bitboard {
        match self {
            ZoneChoice::Empty => Bitboard::EMPTY,
            ZoneChoice::Frozen => frozen_men(board),
            ZoneChoice::Homes => frozen_men(board) | Bitboard::BACKRANKS,
            ZoneChoice::Regions => {
                let frozen = frozen_men(board);
                let mut zone = frozen;
                for sq in board.occupied() - frozen - board.by_role(Role::Pawn) {
                    let r = region(board, frozen, sq);
                    if r.count() <= SMALL_REGION {
                        zone |= r;
                    }
                }
                zone
            }
        }
    }
}

/// The largest region [`ZoneChoice::Regions`] tracks.
pub const SMALL_REGION: u32 = 12;
