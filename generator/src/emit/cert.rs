//! A *certificate* as Coq terms: the dead set of positions the native
//! search found, and its zone cages, which Coq's verified checkers check
//! (`coq/theories/Cert.v`, soundness in `Certproof.v`, headline theorems
//! `check_illegal_cert_sound` and `check_last_cert_sound` in `Retro.v`).
//!
//! The dead set is written as compact positions (`CPos w0 w1 w2 w3 w4`,
//! five `int`s each, the layout of `Cert.v`'s `decode`), in chunks of
//! [`CHUNK`] positions per definition so that `coqc` parses and elaborates
//! them quickly. The file that proves a question from them is
//! [`super::problem`]'s ([`super::problem::cert_file`]). Nothing here is
//! trusted: a dead set that is not closed, or a claimed answer with a live
//! deviation, makes the checker compute `false` and `coqc` refuse the
//! proof.

use retroproof_core::rules::zone::ZoneCage;
use retroproof_core::{Bitboard, Board, CastlingSide, Color, Position, Square};

use super::build::{call, id, var, EmitError};
use crate::coq::{InfixOp, Int63, Sentence, Term};

/// Positions per `Definition` of the dead set.
pub const CHUNK: usize = 256;

/// The Coq cell of a square (Board.v): 0 empty, `1 + role` for a white
/// man, `9 + role` for a black one.
fn cell(board: &Board, sq: Square) -> u64 {
    match board.piece_at(sq) {
        None => 0,
        Some(p) => {
            let colour = match p.color {
                Color::White => 0,
                Color::Black => 8,
            };
            colour + p.role as u64 + 1
        }
    }
}

/// The five words of `CPos` for `pos` (the layout of `Cert.v`): cells
/// 4 bits each, a1 first, 15 per word in words 0..3 and the last 4 in bits
/// 0..15 of word 4; then in word 4 the side to move (bit 16), the castling
/// rights (bits 17..20: white king side 1, white queen side 2, black king
/// side 4, black queen side 8) and the en-passant square (bits 21..27,
/// `1 + square`, 0 for none).
pub fn cpos_words(pos: &Position) -> [u64; 5] {
    let mut words = board_words(pos.board());
    let turn = match pos.turn() {
        Color::White => 0,
        Color::Black => 1,
    };
    let rights = pos.castling_rights();
    let mut castling = 0u64;
    for (bit, colour, side) in [
        (1, Color::White, CastlingSide::KingSide),
        (2, Color::White, CastlingSide::QueenSide),
        (4, Color::Black, CastlingSide::KingSide),
        (8, Color::Black, CastlingSide::QueenSide),
    ] {
        if rights.has(colour, side) {
            castling |= bit;
        }
    }
    let ep = pos.ep_square().map_or(0, |sq| u64::from(sq.index()) + 1);
    words[4] |= (turn << 16) | (castling << 17) | (ep << 21);
    words
}

/// The cells of `board` in the words of `CPos`, with White to move and
/// nothing asserted.
fn board_words(board: &Board) -> [u64; 5] {
    packed(|sq| cell(board, sq))
}

/// The 4-bit cells of the 64 squares, 15 to a word, as `CPos` holds them.
fn packed(cell_of: impl Fn(Square) -> u64) -> [u64; 5] {
    let mut words = [0u64; 5];
    for sq in Square::ALL {
        let i = sq.index() as usize;
        words[i / 15] |= cell_of(sq) << (4 * (i % 15));
    }
    words
}

/// A member of a zone cage as `Zone.v`'s `unpack` reads it: the cells of
/// the zone's squares only (a1 first), 4 bits each, 15 to a word, the
/// first in the low bits. Two words for a zone of 16 to 30 squares where a
/// compact position takes five: `coqc` spends its time on each `int` it
/// parses (rtr-C-043's 62,544 members: 22 s as compact positions, 3 s as
/// words).
fn member_words(board: &Board, zone: Bitboard) -> Vec<u64> {
    let mut words = Vec::new();
    for (i, sq) in zone.into_iter().enumerate() {
        if i % 15 == 0 {
            words.push(0);
        }
        *words.last_mut().expect("a word was pushed") |= cell(board, sq) << (4 * (i % 15));
    }
    words
}

/// The members of `cage` as the words of `Zone.ZCage`.
fn member_terms(cage: &ZoneCage, members: &[Board]) -> Vec<Term> {
    members
        .iter()
        .flat_map(|m| member_words(m, cage.zone))
        .map(|w| Term::Int(Int63::new(w).expect("a word holds at most 60 bits")))
        .collect()
}

fn words_term(words: [u64; 5]) -> Result<Term, EmitError> {
    let words = words
        .iter()
        .map(|&w| Int63::new(w).map(Term::Int))
        .collect::<Option<Vec<_>>>()
        .expect("a word holds at most 60 bits");
    call("CPos", words)
}

/// `CPos w0 w1 w2 w3 w4`.
pub fn cpos_term(pos: &Position) -> Result<Term, EmitError> {
    words_term(cpos_words(pos))
}

/// A zone as `CPos`: the cell of each of its squares is 1 (a white pawn's
/// code; Zone.v reads any cell not 0 as a square of the zone).
fn zone_term(zone: Bitboard) -> Result<Term, EmitError> {
    words_term(packed(|sq| u64::from(zone.contains(sq))))
}

/// `Zone.ZCage zone drops members`: `drops` the squares of the weakened
/// members (the first ones), a1 being 0.
fn zcage_term(cage: &ZoneCage, members: Term) -> Result<Term, EmitError> {
    let drops = cage
        .drops
        .iter()
        .map(|sq| Term::Int(Int63::from(sq.index())))
        .collect();
    call(
        "Zone.ZCage",
        vec![zone_term(cage.zone)?, Term::List(drops), members],
    )
}

/// The zone cages of a certificate: `Zm_i_0`, `Zm_i_1`, … (the members of
/// cage `i`, [`CHUNK`] partial boards each) and `Z : list Zone.zcage`,
/// each cage `Zone.ZCage zone drops members`.
pub fn cage_definitions(cages: &[ZoneCage]) -> Result<Vec<Sentence>, EmitError> {
    let mut sentences = Vec::new();
    let mut terms = Vec::new();
    for (i, cage) in cages.iter().enumerate() {
        let mut chunk_names = Vec::new();
        for (k, chunk) in cage.members.chunks(CHUNK).enumerate() {
            let name = format!("Zm_{i}_{k}");
            sentences.push(Sentence::Definition {
                name: id(&name)?,
                binders: vec![],
                ty: Some(call("list", vec![var("int")?])?),
                body: Term::List(member_terms(cage, chunk)),
            });
            chunk_names.push(name);
        }
        terms.push(zcage_term(cage, appended(&chunk_names)?)?);
    }
    sentences.push(Sentence::Definition {
        name: id("Z")?,
        binders: vec![],
        ty: Some(call("list", vec![var("Zone.zcage")?])?),
        body: Term::List(terms),
    });
    Ok(sentences)
}

/// The zone cages as one term (`list Zone.zcage`), members inline: for
/// the batch files of `retroproof diff`.
pub fn cages_term(cages: &[ZoneCage]) -> Result<Term, EmitError> {
    Ok(Term::List(
        cages
            .iter()
            .map(|cage| zcage_term(cage, Term::List(member_terms(cage, &cage.members))))
            .collect::<Result<_, _>>()?,
    ))
}

/// `a ++ b ++ …` of the definitions `names` (`nil` when none).
fn appended(names: &[String]) -> Result<Term, EmitError> {
    match names.split_last() {
        None => Ok(Term::List(vec![])),
        Some((last, init)) => init.iter().rev().try_fold(var(last)?, |acc, name| {
            Ok::<_, EmitError>(Term::infix(InfixOp::Append, var(name)?, acc))
        }),
    }
}

/// The dead set as Coq definitions: `D_0`, `D_1`, … of [`CHUNK`] compact
/// positions each, and `D := D_0 ++ D_1 ++ …` (type `cert`, Cert.v). Needs
/// `Uint63` and `list_scope`.
pub fn dead_set_definitions(dead: &[Position]) -> Result<Vec<Sentence>, EmitError> {
    let mut sentences = Vec::new();
    let mut chunk_names = Vec::new();
    for (i, chunk) in dead.chunks(CHUNK).enumerate() {
        let name = format!("D_{i}");
        sentences.push(Sentence::Definition {
            name: id(&name)?,
            binders: vec![],
            ty: Some(var("cert")?),
            body: Term::List(chunk.iter().map(cpos_term).collect::<Result<_, _>>()?),
        });
        chunk_names.push(name);
    }
    sentences.push(Sentence::Definition {
        name: id("D")?,
        binders: vec![],
        ty: Some(var("cert")?),
        body: appended(&chunk_names)?,
    });
    Ok(sentences)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_of_the_initial_position() {
        let w = cpos_words(&Position::start());
        // a1 = white rook (1 + 3), b1 = white knight (1 + 1).
        assert_eq!(w[0] & 0xff, 0x24);
        // White to move, all rights, no en passant.
        assert_eq!(w[4] >> 16, 0b1111 << 1);
        assert!(w.iter().all(|&x| x < 1 << 60));
    }
}
