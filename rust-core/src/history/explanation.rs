//! A refutation in a composer's words, read from its closed set.
//!
//! The closed set holds the abstraction of every position of every history
//! of the board, going back as far as such a history can go (it never
//! reaches the initial position). So what is the same in all its states
//! held all game long, and what none of its states has never happened:
//! - a man on the zone, or a pinned pawn, on the same square in every
//!   state **stood there all game** (since the first move);
//! - the most men a side has in any state bounds how many of the other
//!   side's captures a history can take back;
//! - the state nearest the initial one (fewest pawns away from home, men
//!   missing and men promoted) shows **where the histories get stuck**.

use super::invariant::{columns_fit, complete, pawn_captures};
use super::search::Certificate;
use super::state::{Abstract, Kind};
use crate::{Bitboard, Board, Color, File, Piece, Rank, Role, Square};

/// The explanation of `cert`, a refutation of `board`.
pub fn explain(board: &Board, cert: &Certificate) -> String {
    let root = Abstract::of(board, cert.zone);
    if cert.states.is_empty() {
        return format!(
            "No game reaches this position: {}.",
            broken_invariant(&root, cert.zone)
        );
    }
    let mut parts = vec![format!(
        "No game reaches this position: going back from it, every history stays among {} \
         abstract states, none of them the initial position",
        cert.states.len()
    )];
    let still = standing_still(cert);
    if !still.is_empty() {
        parts.push(format!(
            "these men stood where they stand all game: {}",
            still.join(", ")
        ));
    }
    for color in Color::ALL {
        let most = cert.states.iter().map(|a| a.men(color)).max().unwrap_or(0);
        if most < 16 {
            parts.push(format!(
                "{} never gets back more than {}: {} taken stay taken",
                side(color),
                men(most),
                men(16 - most)
            ));
        }
    }
    if let Some(nearest) = cert.states.iter().min_by_key(|a| gap(a)) {
        parts.push(format!(
            "the histories get stuck at best with {}",
            describe(nearest)
        ));
    }
    parts.join("; ") + "."
}

/// `1 capture`, `3 captures`.
fn captures(n: u32) -> String {
    if n == 1 {
        "1 capture".to_string()
    } else {
        format!("{n} captures")
    }
}

/// `1 man`, `3 men`.
fn men(n: u32) -> String {
    if n == 1 {
        "1 man".to_string()
    } else {
        format!("{n} men")
    }
}

fn side(color: Color) -> &'static str {
    color.fold("White", "Black")
}

/// Which invariant `a` breaks, in words.
fn broken_invariant(a: &Abstract, zone: Bitboard) -> String {
    for color in Color::ALL {
        let pawns = a.pawn_count(color);
        if a.men(color) > 16 || pawns > 8 {
            return format!(
                "{} has {} and {pawns} pawns: more than 16 men or 8 pawns",
                side(color),
                men(a.men(color))
            );
        }
        if pawns + a.promoted(color) > 8 {
            return format!(
                "{} has {pawns} pawns and {} beyond its initial ones, which are promoted \
                 pawns: more than 8",
                side(color),
                men(a.promoted(color))
            );
        }
    }
    let (white, black) = (16 - a.men(Color::Black), 16 - a.men(Color::White));
    if !columns_fit(a, white, black) {
        return format!(
            "on {} files the pawns are not a white pawn below a black one, which only a \
             capture changes, on two neighbouring files at most, and White made only {} \
             and Black {}",
            incomplete(a),
            captures(white),
            captures(black)
        );
    }
    if !a.fits(zone) {
        return "its pawns cannot stand on their files in this order".to_string();
    }
    for color in Color::ALL {
        match pawn_captures(a, color) {
            None => {
                return format!(
                    "{}'s pawns cannot all have come from distinct files",
                    side(color)
                )
            }
            Some(c) if c + a.men(color.other()) > 16 => {
                return format!(
                    "{}'s pawns made at least {c} captures, and {} misses only {}",
                    side(color),
                    side(color.other()),
                    men(16 - a.men(color.other()))
                )
            }
            _ => {}
        }
    }
    "no invariant is broken".to_string()
}

/// How many files' pawns are not a white pawn below a black one.
fn incomplete(a: &Abstract) -> usize {
    File::ALL.into_iter().filter(|&f| !complete(a, f)).count()
}

/// The men (on the zone, and pinned pawns) on the same square in every
/// state, other than a man on his initial square.
fn standing_still(cert: &Certificate) -> Vec<String> {
    let Some(first) = cert.states.first() else {
        return Vec::new();
    };
    let man_at = |a: &Abstract, sq: Square| -> Option<Piece> {
        if let Some(piece) = a.zone_men().piece_at(sq) {
            return Some(piece);
        }
        Color::ALL
            .into_iter()
            .find(|&c| a.pinned_pawns(c).contains(sq))
            .map(|c| Piece::new(c, Role::Pawn))
    };
    let start = Board::start();
    Square::ALL
        .into_iter()
        .filter_map(|sq| {
            let piece = man_at(first, sq)?;
            let constant = cert.states.iter().all(|a| man_at(a, sq) == Some(piece));
            (constant && start.piece_at(sq) != Some(piece)).then(|| name(piece, sq))
        })
        .collect()
}

fn name(piece: Piece, sq: Square) -> String {
    let man = Kind::of(piece.role, sq).map_or("pawn", Kind::name);
    format!("the {} {man} on {sq}", side(piece.color).to_lowercase())
}

/// Roughly how far a state is from the initial one.
fn gap(a: &Abstract) -> u32 {
    let mut away = 0;
    for file in File::ALL {
        for pawn in a.column(file).iter() {
            away += u32::from(pawn.rank != Some(Rank::Second.relative_to(pawn.color)));
        }
    }
    away + Color::ALL
        .into_iter()
        .map(|c| (16 - a.men(c).min(16)) + a.promoted(c))
        .sum::<u32>()
}

/// What keeps `a` from the initial state, in words.
fn describe(a: &Abstract) -> String {
    let mut parts = Vec::new();
    for color in Color::ALL {
        let home = Rank::Second.relative_to(color);
        let mut away = Vec::new();
        for file in File::ALL {
            for pawn in a.column(file).iter() {
                if pawn.color == color && pawn.rank != Some(home) {
                    away.push(match pawn.rank {
                        Some(rank) => Square::from_coords(file, rank).to_string(),
                        None => format!("the {}-file", file.char()),
                    });
                }
            }
        }
        if !away.is_empty() {
            parts.push(format!(
                "{} pawns away from home (on {})",
                side(color).to_lowercase(),
                away.join(", ")
            ));
        }
        let missing = 16u32.saturating_sub(a.men(color));
        if missing > 0 {
            parts.push(format!("{} missing {}", side(color), men(missing)));
        }
        if a.promoted(color) > 0 {
            parts.push(format!(
                "{} with {} promoted",
                side(color),
                men(a.promoted(color))
            ));
        }
        let start = Board::start();
        for (sq, piece) in a.zone_men().pieces() {
            if piece.color == color && start.piece_at(sq) != Some(piece) {
                parts.push(name(piece, sq));
            }
        }
    }
    if parts.is_empty() {
        "men off the zone still to be put back".to_string()
    } else {
        parts.join(", ")
    }
}
