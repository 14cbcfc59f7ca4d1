//! Legal move generation.
//!
//! The generator produces legal moves directly (no "generate pseudo-legal,
//! then play and test" round trip), using the classic bitboard recipe:
//!
//! 1. **Checkers**: the enemy men attacking our king. With two checkers only
//!    the king can move. With one, every other move must capture it or
//!    block the line between it and the king: that set is the *target mask*.
//! 2. **Pins**: a man standing alone between our king and an enemy slider
//!    aiming at it may only move along that line.
//! 3. **King moves** are tested one by one: the destination must not be
//!    attacked once the king has left its square (so it cannot step back
//!    along the line of a checking slider).
//! 4. **En passant** removes two men from one line at once, which pin masks
//!    do not describe (the "horizontal pin": king and enemy rook on the rank
//!    of both pawns). It is rare, so it is simply tested exactly: is the king
//!    attacked after the capture?
//! 5. **Castling**: the right, an empty path between king and rook, not in
//!    check, and the squares the king crosses and lands on not attacked.
//!
//! The generator writes into a `MoveSink`: [`MoveList`] collects moves;
//! a counter just adds up bitboard popcounts, which is how
//! [`Position::legal_move_count`] (and perft's last ply) avoid building the
//! moves at all. Both share this one generator, so they cannot disagree.
//!
//! The side to move never captures the enemy king: that can only come up in
//! positions where the side not to move is in check, which no game reaches,
//! and excluding it keeps "one king each" true after every generated move.

use smallvec::SmallVec;

use crate::attacks;
use crate::castling::CastlingRights;
use crate::{
    Bitboard, Board, CastlingSide, Color, File, Move, Piece, Position, Rank, Role, Square,
};

/// A list of moves that lives on the stack.
///
/// There is room for 256 moves inline, and every position reachable in a
/// game has at most 218 legal moves, so move generation does not allocate.
/// Positions with absurd material (which the parser accepts, so that retro
/// analysis can refute them) may have more; the list then moves to the heap
/// rather than failing.
pub type MoveList = SmallVec<[Move; 256]>;

/// Receives generated moves, grouped the way the generator finds them.
///
/// Implemented by [`MoveList`] (store each move) and by a private counter
/// (only count them). Groups come as bitboards of destinations so the
/// counter can use one popcount per group.
pub(crate) trait MoveSink {
    /// A non-pawn `role` on `from` moves to each of `targets` (a capture if
    /// the target is occupied).
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard);
    /// The pawn on `from` moves to each of `targets`, promoting (to each of
    /// the four roles) when the target is on a back rank.
    fn pawn(&mut self, board: &Board, from: Square, targets: Bitboard);
    /// Pawns step to each of the empty squares `targets` from the square
    /// `delta` index steps back (e.g. `delta = 8` for White single steps).
    fn pawn_pushes(&mut self, targets: Bitboard, delta: i32);
    /// Pawns capture the men on `targets`, coming from `delta` steps back.
    fn pawn_captures(&mut self, board: &Board, targets: Bitboard, delta: i32);
    fn en_passant(&mut self, from: Square, to: Square);
    fn castle(&mut self, king: Square, rook: Square);
}

impl MoveSink for MoveList {
    #[inline]
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        // Quiet moves first: they need no lookup of a captured role.
        let occupied = board.occupied();
        for to in targets - occupied {
            self.push(Move::Normal {
                role,
                from,
                capture: None,
                to,
                promotion: None,
            });
        }
        for to in targets & occupied {
            self.push(Move::Normal {
                role,
                from,
                capture: board.role_at(to),
                to,
                promotion: None,
            });
        }
    }

    #[inline]
    fn pawn(&mut self, board: &Board, from: Square, targets: Bitboard) {
        for to in targets {
            push_pawn_move(self, from, to, board.role_at(to));
        }
    }

    #[inline]
    fn pawn_pushes(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            if let Some(from) = to.offset(-delta) {
                push_pawn_move(self, from, to, None);
            }
        }
    }

    #[inline]
    fn pawn_captures(&mut self, board: &Board, targets: Bitboard, delta: i32) {
        for to in targets {
            if let Some(from) = to.offset(-delta) {
                push_pawn_move(self, from, to, board.role_at(to));
            }
        }
    }

    #[inline]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.push(Move::EnPassant { from, to });
    }

    #[inline]
    fn castle(&mut self, king: Square, rook: Square) {
        self.push(Move::Castle { king, rook });
    }
}

/// Pushes the pawn move `from`-`to`, or its four promotions on a back rank.
#[inline(always)]
fn push_pawn_move(list: &mut MoveList, from: Square, to: Square, capture: Option<Role>) {
    if Bitboard::BACKRANKS.contains(to) {
        for promotion in Role::PROMOTIONS {
            list.push(Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion: Some(promotion),
            });
        }
    } else {
        list.push(Move::Normal {
            role: Role::Pawn,
            from,
            capture,
            to,
            promotion: None,
        });
    }
}

/// Counts moves without building them.
struct MoveCounter(usize);

impl MoveSink for MoveCounter {
    #[inline]
    fn piece(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.0 += targets.count() as usize;
    }

    #[inline]
    fn pawn(&mut self, _: &Board, _: Square, targets: Bitboard) {
        self.0 += pawn_move_count(targets);
    }

    #[inline]
    fn pawn_pushes(&mut self, targets: Bitboard, _: i32) {
        self.0 += pawn_move_count(targets);
    }

    #[inline]
    fn pawn_captures(&mut self, _: &Board, targets: Bitboard, _: i32) {
        self.0 += pawn_move_count(targets);
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

/// Pawn moves to `targets`: one each, four for each promotion square.
#[inline]
fn pawn_move_count(targets: Bitboard) -> usize {
    (targets.count() + 3 * (targets & Bitboard::BACKRANKS).count()) as usize
}

impl Position {
    /// All legal moves.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        generate(self, &mut moves);
        moves
    }

    /// Replaces the contents of `moves` with the legal moves. For hot loops:
    /// filling a list the caller owns avoids copying the returned list.
    pub(crate) fn fill_legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        generate(self, moves);
    }

    /// The number of legal moves, computed without listing them (faster
    /// than `legal_moves().len()`).
    pub fn legal_move_count(&self) -> usize {
        let mut counter = MoveCounter(0);
        generate(self, &mut counter);
        counter.0
    }
}

/// The generator; see the module docs for the method.
#[inline]
fn generate<S: MoveSink>(pos: &Position, sink: &mut S) {
    let board = pos.board();
    let us = pos.turn();
    let them = us.other();
    // Positions always have our king; a move played with `play_unchecked`
    // outside its contract might not, and then there is nothing to generate.
    let Some(king) = board.king_of(us) else {
        return;
    };
    let ours = board.by_color(us);
    let theirs = board.by_color(them);
    let occupied = ours | theirs;
    let their_king = board.by_piece(Piece::new(them, Role::King));
    let checkers = board.attackers_to(king, them, occupied);

    // King steps: tested with the king lifted off the board.
    let without_king = occupied.without(king);
    let mut king_targets = Bitboard::EMPTY;
    for to in attacks::king_attacks(king) - ours - their_king {
        if board.attackers_to(to, them, without_king).is_empty() {
            king_targets.set(to);
        }
    }
    sink.piece(board, Role::King, king, king_targets);

    if checkers.more_than_one() {
        return;
    }
    // Squares other men may move to: anything not ours, or, in check,
    // the checker and the squares between it and the king.
    let target = match checkers.first() {
        Some(checker) => attacks::between(king, checker).with(checker),
        None => !ours,
    } - their_king;

    if checkers.is_empty() {
        gen_castling(pos, king, occupied, sink);
    }

    let pinned = pinned(board, us, king, occupied);

    for from in board.by_piece(Piece::new(us, Role::Knight)) - pinned {
        sink.piece(
            board,
            Role::Knight,
            from,
            attacks::knight_attacks(from) & target,
        );
    }
    for from in board.by_piece(Piece::new(us, Role::Bishop)) {
        let moves = attacks::bishop_attacks(from, occupied) & target;
        sink.piece(
            board,
            Role::Bishop,
            from,
            pin_filter(moves, from, king, pinned),
        );
    }
    for from in board.by_piece(Piece::new(us, Role::Rook)) {
        let moves = attacks::rook_attacks(from, occupied) & target;
        sink.piece(
            board,
            Role::Rook,
            from,
            pin_filter(moves, from, king, pinned),
        );
    }
    for from in board.by_piece(Piece::new(us, Role::Queen)) {
        let moves = attacks::queen_attacks(from, occupied) & target;
        sink.piece(
            board,
            Role::Queen,
            from,
            pin_filter(moves, from, king, pinned),
        );
    }

    gen_pawns(pos, king, pinned, target, sink);
    gen_en_passant(pos, king, sink);
}

/// Restricts the moves of a pinned man to its pin line.
#[inline]
fn pin_filter(moves: Bitboard, from: Square, king: Square, pinned: Bitboard) -> Bitboard {
    if pinned.contains(from) {
        moves & attacks::ray(king, from)
    } else {
        moves
    }
}

/// Our men that are the only thing between our king and an enemy slider
/// aiming at it.
#[inline]
fn pinned(board: &Board, us: Color, king: Square, occupied: Bitboard) -> Bitboard {
    let snipers = ((attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
        & board.by_color(us.other());
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = attacks::between(king, sniper) & occupied;
        if !blockers.more_than_one() {
            pinned |= blockers & board.by_color(us);
        }
    }
    pinned
}

/// Pawn steps, double steps, captures and promotions (not en passant).
///
/// Unpinned pawns are handled all at once by shifting the pawn bitboard;
/// pinned pawns (rare) one by one with their pin line.
#[inline]
fn gen_pawns<S: MoveSink>(
    pos: &Position,
    king: Square,
    pinned: Bitboard,
    target: Bitboard,
    sink: &mut S,
) {
    let board = pos.board();
    let us = pos.turn();
    let theirs = board.by_color(us.other());
    let empty = !board.occupied();
    let pawns = board.by_piece(Piece::new(us, Role::Pawn));
    let free = pawns - pinned;
    let third = Bitboard::from_rank(Rank::Third.relative_to(us));
    let not_a = !Bitboard::from_file(File::A);
    let not_h = !Bitboard::from_file(File::H);

    let forward = |bb: Bitboard| us.fold(bb.shift_up(), bb.shift_down());
    let step = us.fold(8, -8);

    let single = forward(free) & empty;
    let double = forward(single & third) & empty;
    sink.pawn_pushes(single & target, step);
    sink.pawn_pushes(double & target, 2 * step);

    // Captures towards the a-file and towards the h-file.
    let (west, east) = match us {
        Color::White => (
            Bitboard((free & not_a).0 << 7),
            Bitboard((free & not_h).0 << 9),
        ),
        Color::Black => (
            Bitboard((free & not_a).0 >> 9),
            Bitboard((free & not_h).0 >> 7),
        ),
    };
    sink.pawn_captures(board, west & theirs & target, us.fold(7, -9));
    sink.pawn_captures(board, east & theirs & target, us.fold(9, -7));

    for from in pawns & pinned {
        let mut moves = attacks::pawn_attacks(us, from) & theirs;
        let one = forward(Bitboard::from_square(from)) & empty;
        moves |= one;
        moves |= forward(one & third) & empty;
        sink.pawn(board, from, moves & target & attacks::ray(king, from));
    }
}

/// En passant captures, each tested exactly (see the module docs).
#[inline]
fn gen_en_passant<S: MoveSink>(pos: &Position, king: Square, sink: &mut S) {
    let Some(ep) = pos.ep_square() else {
        return;
    };
    let board = pos.board();
    let us = pos.turn();
    let them = us.other();
    let captured = Square::from_coords(ep.file(), Rank::Fifth.relative_to(us));
    if !board
        .by_piece(Piece::new(them, Role::Pawn))
        .contains(captured)
    {
        return;
    }
    let capturers = attacks::pawn_attacks(them, ep) & board.by_piece(Piece::new(us, Role::Pawn));
    for from in capturers {
        let after = (board.occupied().without(from).without(captured)).with(ep);
        if board
            .attackers_to(king, them, after)
            .without(captured)
            .is_empty()
        {
            sink.en_passant(from, ep);
        }
    }
}

/// Castling moves (only called when not in check).
#[inline]
fn gen_castling<S: MoveSink>(pos: &Position, king: Square, occupied: Bitboard, sink: &mut S) {
    let us = pos.turn();
    let rights = pos.castling_rights();
    if !rights.has_color(us) {
        return;
    }
    let board = pos.board();
    let rooks = board.by_piece(Piece::new(us, Role::Rook));
    for side in CastlingSide::ALL {
        let rook = side.rook_from(us);
        // The right implies king and rook at home (a Position invariant);
        // checking again is cheap and keeps this safe on its own.
        if !rights.has(us, side) || king != CastlingRights::king_home(us) || !rooks.contains(rook) {
            continue;
        }
        if CastlingRights::path(us, side).intersects(occupied) {
            continue;
        }
        let king_to = side.king_to(us);
        let mut crossed = attacks::between(king, king_to).with(king_to);
        if !crossed.all(|sq| board.attackers_to(sq, us.other(), occupied).is_empty()) {
            continue;
        }
        sink.castle(king, rook);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ucis(fen: &str) -> Vec<String> {
        let pos = Position::from_fen(fen).unwrap();
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), pos.legal_move_count(), "{fen}");
        let mut ucis: Vec<String> = moves.iter().map(|m| m.to_uci()).collect();
        ucis.sort();
        ucis
    }

    #[test]
    fn en_passant_horizontal_pin() {
        // b5xc6 e.p. would empty the fifth rank between Ka5 and Rh5.
        let moves = ucis("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
        assert!(!moves.contains(&"b5c6".to_owned()));
        // With a knight on d5 the rank stays closed.
        let moves = ucis("8/8/8/KPpN3r/8/8/8/4k3 w - c6 0 1");
        assert!(moves.contains(&"b5c6".to_owned()));
    }

    #[test]
    fn double_check_allows_only_king_moves() {
        // Ra1 and Nd3 both check Ke1; the bishop could take either, but not both.
        let moves = ucis("4k3/8/8/8/8/3n4/8/r3K1B1 w - - 0 1");
        assert!(moves.iter().all(|m| m.starts_with("e1")), "{moves:?}");
        // d1 and f1 stay on the rook's rank (f1 once the king has left e1),
        // f2 is covered by the knight.
        assert_eq!(moves, ["e1d2", "e1e2"]);
    }

    #[test]
    fn castling_rules() {
        // f1 attacked: no O-O; d1 free and c1, d1 not attacked: O-O-O fine.
        let moves = ucis("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
        assert!(!moves.contains(&"e1g1".to_owned()));
        assert!(moves.contains(&"e1c1".to_owned()));
        // b1 attacked does not matter for O-O-O.
        assert!(ucis("4k3/8/8/8/8/8/1r6/R3K3 w Q - 0 1").contains(&"e1c1".to_owned()));
        // In check: no castling at all.
        let moves = ucis("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
        assert!(!moves.iter().any(|m| m == "e1g1" || m == "e1c1"));
        // A piece between king and rook (b1) blocks O-O-O.
        assert!(!ucis("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1").contains(&"e1c1".to_owned()));
    }

    #[test]
    fn promotions_come_in_fours() {
        let moves = ucis("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        for target in ["a8", "b8"] {
            for role in ["q", "r", "b", "n"] {
                assert!(moves.contains(&format!("a7{target}{role}")));
            }
        }
        assert!(!moves.contains(&"a7a8".to_owned()));
    }

    #[test]
    fn pinned_pieces_move_along_the_pin() {
        // Bd2 is pinned by Bb4 against Ke1: it may only go to c3 or take b4.
        let moves = ucis("4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1");
        let bishop: Vec<&String> = moves.iter().filter(|m| m.starts_with("d2")).collect();
        assert_eq!(bishop, ["d2b4", "d2c3"]);
    }
}
