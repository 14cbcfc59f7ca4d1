//! The static rules (`retroproof_core::rules`): soundness against positions
//! reached by random legal games (no rule ever refutes one), and what each
//! rule refutes.

use retroproof_core::random::Rng;
use retroproof_core::rules::{
    crossing, frozen, parity, pawns, region, region_count, Rule, RuleSet,
};
use retroproof_core::{Color, Position, Role, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

/// Every position of `games` random games of up to `plies` plies from the
/// initial position, with and without its castling/en-passant assertions;
/// `keep` picks the moves to choose from (all legal moves when it keeps
/// none).
fn reachable(
    seed: u64,
    games: usize,
    plies: usize,
    keep: fn(&Position, &retroproof_core::Move) -> bool,
) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::start();
        out.push(p);
        for _ in 0..plies {
            let all = p.legal_moves();
            let kept: Vec<_> = all.iter().filter(|m| keep(&p, m)).copied().collect();
            let moves = if kept.is_empty() { all.to_vec() } else { kept };
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(&moves[rng.below(moves.len())]);
            out.push(p);
            out.push(p.without_assertions());
        }
    }
    out
}

/// No rule refutes a position of `corpus` (all reachable), which holds
/// more than `least` positions (the games were not cut short).
fn no_rule_refutes(corpus: &[Position], least: usize) {
    assert!(corpus.len() > least, "{} positions", corpus.len());
    for p in corpus {
        for rule in Rule::ALL {
            assert!(
                !rule.refutes(p),
                "{rule} refutes the reachable {}",
                p.to_fen()
            );
        }
    }
}

// One check per kind of game, so that the harness runs them side by side.
// `cargo test` runs a sample of each (a third of the games); the full-size
// cross-check, minutes long, is `cargo test -p retroproof-core --test integration rules::
// -- --ignored` (BENCHMARKS.md, "The commands").

/// Games per check in `cargo test`.
const SAMPLE: usize = 40;
/// Games per check in the full-size cross-check.
const FULL: usize = 120;

/// Random games.
fn random_games(games: usize) {
    no_rule_refutes(&reachable(1, games, 150, |_, _| true), games * 75);
}

/// Captures first: pawn structures far from the start, for the capture count.
fn capturing_games(games: usize) {
    no_rule_refutes(
        &reachable(2, games, 120, |_, m| m.capture().is_some()),
        games * 80,
    );
}

/// Closed games: only knights, rooks, queens and kings move, for parity.
fn closed_games(games: usize) {
    no_rule_refutes(
        &reachable(3, games, 40, |_, m| m.role() != Role::Pawn),
        games * 60,
    );
}

/// No pawn ever captures, pieces capture when they can: sides keep all 8
/// pawns while their pieces go, for the dead men (cages walled by columns
/// and the pawn ceiling).
fn games_of_piece_captures(games: usize) {
    no_rule_refutes(
        &reachable(4, games, 120, |p, m| {
            !(m.role() == Role::Pawn && m.capture().is_some())
                && (m.capture().is_some() || p.legal_moves().iter().all(|x| x.capture().is_none()))
        }),
        games * 80,
    );
}

/// Pawns first: races to promotion, pawns of a file passing each other by
/// captures, for the crossing rule.
fn pawn_races(games: usize) {
    no_rule_refutes(
        &reachable(5, games, 120, |_, m| m.role() == Role::Pawn),
        games * 80,
    );
}

#[test]
fn no_rule_refutes_a_random_game() {
    random_games(SAMPLE);
}

#[test]
fn no_rule_refutes_a_capturing_game() {
    capturing_games(SAMPLE);
}

#[test]
fn no_rule_refutes_a_closed_game() {
    closed_games(SAMPLE);
}

#[test]
fn no_rule_refutes_a_game_of_piece_captures() {
    games_of_piece_captures(SAMPLE);
}

#[test]
fn no_rule_refutes_a_pawn_race() {
    pawn_races(SAMPLE);
}

#[test]
#[ignore = "the full-size cross-check, minutes long: run with --ignored"]
fn no_rule_refutes_any_game_full_size() {
    random_games(FULL);
    capturing_games(FULL);
    closed_games(FULL);
    games_of_piece_captures(FULL);
    pawn_races(FULL);
}

#[test]
fn pawn_captures() {
    // Start: no capture needed.
    assert_eq!(
        pawns::min_pawn_captures(&Position::start(), Color::White),
        Some(0)
    );
    // Three white pawns on the a-file need 1 + 2 = 3 captures, Black has lost 3 men: fine.
    let three = pos("rnbqkb2/ppppp3/8/8/P7/P7/P7/4K3 w - -");
    assert_eq!(pawns::min_pawn_captures(&three, Color::White), Some(3));
    assert!(!pawns::refutes(&three));
    // Black has lost only 2 men: refuted.
    let too_few = pos("rnbqkbnr/pppppp2/8/8/P7/P7/P7/4K3 w - -");
    assert!(pawns::refutes(&too_few));
    assert!(Rule::PawnCaptures.refutes(&too_few));
    // Pawns on their own files need nothing.
    let doubled = pos("4k3/8/8/8/8/8/PP6/4K3 w - -");
    assert_eq!(pawns::min_pawn_captures(&doubled, Color::White), Some(0));
}

/// Whether `rule` refutes `fen`, which no other rule does.
fn alone(rule: Rule, fen: &str) -> bool {
    let p = pos(fen);
    assert_eq!(RuleSet::ALL.without(rule).refuting(&p), None, "{fen}");
    rule.refutes(&p)
}

/// The crossing rule, each case against the other rules, which count
/// each side's captures apart and miss it.
#[test]
fn crossing_pawns_of_one_file() {
    // 16 men each, so no capture ever: the b-pawns cannot have passed.
    assert!(alone(
        Rule::Crossing,
        "rnbqkbnr/p1pppppp/1P6/1p6/8/8/P1PPPPPP/RNBQKBNR w - -"
    ));
    assert!(!alone(
        Rule::Crossing,
        "rnbqkbnr/p1pppppp/1p6/1P6/8/8/P1PPPPPP/RNBQKBNR w - -"
    ));
    // Both b-pawns promoted (a third knight each) without a capture.
    assert!(alone(
        Rule::Crossing,
        "rnbqkbnr/p1pppppp/8/3n4/3N4/8/P1PPPPPP/RNBQKBNR w - -"
    ));
    // One black man fewer: White's b-pawn may have left the file by a
    // capture and promoted on the a- or c-file.
    assert!(!alone(
        Rule::Crossing,
        "rnbqkb1r/p1pppppp/8/3n4/3N4/8/P1PPPPPP/RNBQKBNR w - -"
    ));
    // White's b-pawn above Black's: it left the file and came back, two
    // captures (b2xc3, c5xb6), and Black has lost two men...
    assert!(!alone(
        Rule::Crossing,
        "r1bqkb1r/p1pppppp/1P6/1p6/8/8/P1PPPPPP/RNBQKBNR w - -"
    ));
    // ... but not with one: a man back on its file made two captures.
    assert!(alone(
        Rule::Crossing,
        "r1bqkbnr/p1pppppp/1P6/1p6/8/8/P1PPPPPP/RNBQKBNR w - -"
    ));
    // Two lost, but one is the f8 bishop: e7 and g7 never moved, so it
    // never left f8 and was taken there, where no white pawn captures
    // (from e7 or g7): a dead man. White's pawns made at most one capture.
    let dead = "r1bqk1nr/p1pppppp/1P6/1p6/8/8/P1PPPPPP/RNBQKBNR w - -";
    let board = *pos(dead).board();
    assert_eq!(
        pawns::dead_men(&board, frozen::frozen_men(&board), Color::White),
        1
    );
    assert!(alone(Rule::Crossing, dead));
}

#[test]
fn pawns_capture_going_up() {
    // White's pawns b2..h2 never moved, so the pawn on c3 is the a-pawn:
    // two captures, but it went up one rank only. Black has lost two men,
    // so the plain count (two captures) does not see it.
    let up_one = pos("r1bqkb1r/pppppppp/8/8/8/2P5/1PPPPPPP/RNBQKBNR w - -");
    assert!(!pawns::refutes(&up_one));
    assert!(crossing::refutes(&up_one));
    // On c4 it went up two ranks: a2xb3, b3xc4.
    let up_two = pos("r1bqkb1r/pppppppp/8/8/2P5/8/1PPPPPPP/RNBQKBNR w - -");
    assert!(!crossing::refutes(&up_two));
}

/// The crossing rule's colour count: a pawn that made only captures
/// made them on its own square colour, and a side without its bishop of
/// one colour lost it on that colour.
#[test]
fn captures_by_square_colour() {
    // White has lost two men, a knight and its dark-squared bishop
    // (d2-d3 let it out, so it is no dead man); Black's d5 pawn is its
    // f-pawn (the others stand on their files), which took a man on e6
    // and one on d5: two light squares, but the bishop was taken on a
    // dark one.
    assert!(alone(
        Rule::Crossing,
        "rnbqkbnr/ppppp1pp/8/3p4/8/3P4/PPP1PPPP/RN1QKB1R w - -"
    ));
    // The light-squared bishop lost instead (e2-e3 let it out): 1.e3 Nf6
    // 2.Bc4 Ng8 3.Be6 fxe6 4.Nh3 Nf6 5.Nf4 Ng8 6.Nd5 exd5.
    assert!(!alone(
        Rule::Crossing,
        "rnbqkbnr/ppppp1pp/8/3p4/8/4P3/PPPP1PPP/RNBQK2R w - -"
    ));
    // Filman's puzzle two plies back with a knight on h4 (examples/
    // filman-1979.md): Black's light captures b7xa6, f7xe6xd5xc4 and the
    // h-pawn's onto g2 (White's g3 pawn is capture-free in every
    // assignment, and the promoted man's pawn came onto g2 past it) are
    // five; White lost five men, one of them its dark-squared bishop.
    assert!(alone(
        Rule::Crossing,
        "2nn3K/pkPRp1p1/p2p4/P1p5/1Pp4N/2PP2P1/4P2P/n7 w - -"
    ));
    // With White's dark-squared bishop on h4, four of the five could be
    // light: a proof game reaches it (examples/filman-1979-bishop.uci).
    assert!(!alone(
        Rule::Crossing,
        "2nn3K/pkPRp1p1/p2p4/P1p5/1Pp4B/2PP2P1/4P2P/n7 w - -"
    ));
}

/// The positions of coq/tests/PawnCaptures.v, with the verdicts Coq's
/// `pawn_refutes` gives there (hand-reasoned; see the comments).
#[test]
fn pawn_captures_coq_examples() {
    let cases: [(&str, bool); 8] = [
        // White pawns a2, a3, a4, d2..h2: from files a, b, c at best, 3
        // captures; Black has all 16 men.
        (
            "rnbqkbnr/pppppppp/8/8/P7/P7/P2PPPPP/RNBQKBNR w KQkq -",
            true,
        ),
        // Same, Black lost both knights: 2 captures possible, 3 needed.
        (
            "r1bqkb1r/pppppppp/8/8/P7/P7/P2PPPPP/RNBQKBNR w KQkq -",
            true,
        ),
        // Mirror for Black: h7, h6, h5 from f, g, h: 3 captures; White has 16 men.
        (
            "rnbqkbnr/ppppp2p/7p/7p/8/8/PPPPPPPP/RNBQKBNR b KQkq -",
            true,
        ),
        // Initial position.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            false,
        ),
        // Three on the a-file, Black lost 3 men (both knights and the c8
        // bishop) and stepped b7-b6: exactly enough. The bishop can have
        // left c8 by b7, onto which a white pawn captures from a6 or c6:
        // no dead man.
        (
            "r2qkb1r/p1pppppp/1p6/8/P7/P7/P2PPPPP/RNBQKBNR w KQkq -",
            false,
        ),
        // The same with b7 at home: the c8 bishop never left c8 (b7 and d7
        // never moved), where a white pawn captures only from b7 or d7. A
        // piece took it (a dead man): 3 - 1 = 2 captures for 3.
        ("r2qkb1r/pppppppp/8/8/P7/P7/P2PPPPP/RNBQKBNR w KQkq -", true),
        // Ruy Lopez, Exchange Variation: 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6.
        (
            "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5",
            false,
        ),
        // (rust-only) Black lost 3 men, three pawns on the a-file.
        ("rnbqkb2/ppppp3/8/8/P7/P7/P7/4K3 w - -", false),
    ];
    for (fen, expected) in cases {
        assert_eq!(pawns::refutes(&pos(fen)), expected, "{fen}");
    }
    assert_eq!(
        pawns::min_pawn_captures(
            &pos("rnbqkbnr/pppppppp/8/8/P7/P7/P2PPPPP/RNBQKBNR w KQkq -"),
            Color::White
        ),
        Some(3)
    );
    assert_eq!(
        pawns::min_pawn_captures(
            &pos("rnbqkbnr/ppppp2p/7p/7p/8/8/PPPPPPPP/RNBQKBNR b KQkq -"),
            Color::Black
        ),
        Some(3)
    );
}

#[test]
fn parity() {
    let start_black = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -");
    assert!(parity::refutes(&start_black));
    assert!(!parity::refutes(&Position::start()));
    // One knight out and back on the other wing: still the start with Black to move.
    assert!(parity::refutes(&pos(
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq -"
    )));
    assert!(!parity::refutes(&pos(
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq -"
    )));
    // 1. Nc3 Nc6 2. Rb1: an even number of white moves, an odd number of
    // black ones, so Black is to move.
    assert!(parity::refutes(&pos(
        "r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/1RBQKBNR w Kkq -"
    )));
    assert!(!parity::refutes(&pos(
        "r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/1RBQKBNR b Kkq -"
    )));
    // A pawn has moved: parity does not apply.
    assert!(!parity::refutes(&pos(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -"
    )));
    // The positions of coq/tests/Parity.v (same verdicts there).
    // 1. Nf3 Nf6: each knight changed square colour once, two moves in all,
    // White to move.
    assert!(!parity::refutes(&pos(
        "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq -"
    )));
    assert!(parity::refutes(&pos(
        "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq -"
    )));
    // 1. Nf3 Nc6 2. Rg1 Nb8: the knight flips f3's colour, the rook moved
    // within {g1, h1}: two white moves, two black ones, White to move.
    assert!(!parity::refutes(&pos(
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBR1 w Qkq -"
    )));
    assert!(parity::refutes(&pos(
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBR1 b Qkq -"
    )));
    // A white knight on the 8th rank is allowed (f8 is light, g1 dark: one
    // flip) but Black is not closed (f8 empty of its bishop): no verdict.
    assert!(!parity::refutes(&pos(
        "rnbqkN1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq -"
    )));
    // King and queen swapped: each changed file parity, an even number of
    // white moves, so the parity rule accepts White to move (the board is
    // unreachable for another reason: the two cannot pass each other).
    assert!(!parity::refutes(&pos(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w kq -"
    )));
    assert!(parity::refutes(&pos(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR b kq -"
    )));
    assert_eq!(
        parity::move_parity(Position::start().board(), Color::White),
        Some(0)
    );
}

#[test]
fn rule_sets() {
    let set = RuleSet::ALL.without(Rule::Parity);
    assert!(!set.contains(Rule::Parity));
    assert!(set.contains(Rule::Stranded));
    assert!(set.is_subset(RuleSet::ALL));
    assert!(!RuleSet::ALL.is_subset(set));
    assert_eq!(set.iter().count(), Rule::ALL.len() - 1);
    assert_eq!(
        RuleSet::NONE.with(Rule::Parity).iter().collect::<Vec<_>>(),
        vec![Rule::Parity]
    );
    assert_eq!(Rule::ALL.into_iter().collect::<RuleSet>(), RuleSet::ALL);
    let start_black = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -");
    assert_eq!(RuleSet::ALL.refuting(&start_black), Some(Rule::Parity));
    assert_eq!(set.refuting(&start_black), None);
    assert_eq!(
        RuleSet::ALL.to_string(),
        "invariants,stranded,sealed-bishops,frozen,region,region-count,promotion-count,cage,pawn-captures,crossing,promotion-entries,landing,parity,zone"
    );
}

#[test]
fn captures_landing_on_a_file() {
    // Black has all 16 men, so White's h-pawn never left the h-file, and
    // it is gone: a black capture landed on the h-file. Black made one,
    // b7xc6 (its pawns need one, White lost one man)...
    assert!(alone(
        Rule::Landing,
        "rnbqkbnr/p1pppppp/2p5/8/8/8/PPPPPPP1/RNBQKBNR w - -"
    ));
    // ... or g7xh6, after h2-h4-h5-h6 (a game).
    assert!(!alone(
        Rule::Landing,
        "rnbqkbnr/pppppp1p/7p/8/8/8/PPPPPPP1/RNBQKBNR w - -"
    ));
    // With a capture for White too (a2xb3 took the g8 knight): White's
    // pawns need it, so its h-pawn still made none.
    assert!(alone(
        Rule::Landing,
        "rnbqkb1r/p1pppppp/2p5/8/8/1P6/1PPPPPP1/RNBQKBNR w - -"
    ));
    // Keym's rtr-D-131 (examples/corpus) one ply back: g7xh6 took a
    // knight (White's 7 pawns need 7 captures, Black lost 7: the h-pawn,
    // blocked by h7, was taken on the h-file; Black's 4 captures, White's
    // 4 losses, land on the a- to d-files) or the h-pawn.
    assert!(alone(
        Rule::Landing,
        "N7/P1pp1ppp/pp5N/8/P7/PkPP4/pB1P2P1/2KR4 b - -"
    ));
    assert!(!alone(
        Rule::Landing,
        "N7/P1pp1ppp/pp5P/8/P7/PkPP4/pB1P2P1/2KR4 b - -"
    ));
}

#[test]
fn frozen_men_walled_in_by_each_other() {
    // A black rook on f2 behind e2, g2, f3 and the bishop f1: every way
    // back of each of them is held by another. The stranded-man rule,
    // grown from the pawns on their second rank only, misses it.
    let caged = pos("4k3/8/8/8/8/5P2/4PrP1/4KB2 w - -");
    assert!(frozen::frozen_men(caged.board()).contains(retroproof_core::Square::F2));
    assert!(Rule::Frozen.refutes(&caged));
    assert!(!Rule::Stranded.refutes(&caged));
    // The initial position: the pawns and the men of files c to f frozen
    // (knights and rooks are not: a3, c3, f3, h3 are empty), all at home.
    assert!(!Rule::Frozen.refutes(&Position::start()));
}

#[test]
fn frozen_promoted_and_castled_men() {
    // A black bishop on a1 behind the white pawn on b2: it cannot have come
    // along its diagonal nor be a pawn promoted on a1 (a2 and b2 held).
    let corner = pos("4k3/8/8/8/8/8/PP6/b3K3 b - -");
    assert!(Rule::Frozen.refutes(&corner));
    // With a2 free it may have promoted there.
    assert!(!Rule::Frozen.refutes(&pos("4k3/8/8/8/8/P7/1P6/b3K3 b - -")));
    // A king on g1 may have castled from e1.
    assert!(!Rule::Frozen.refutes(&pos("4k3/8/8/8/8/8/5PPP/5RK1 b - -")));
}

#[test]
fn promoted_men_need_a_free_seventh_rank() {
    // A second white queen, with every black pawn on its own second rank:
    // no white pawn ever stood on the seventh rank.
    let blocked = pos("4k3/pppppppp/8/8/2QQ4/8/8/4K3 b - -");
    assert!(Rule::PawnCaptures.refutes(&blocked));
    // The h-pawn has left h7: an h-pawn can have promoted on h8 without capturing.
    let open = pos("4k3/ppppppp1/7p/8/2QQ4/8/8/4K3 b - -");
    assert!(!Rule::PawnCaptures.refutes(&open));
    // The a-pawn would need 7 captures to promote on h8: Black has lost 7 men.
    assert_eq!(pawns::min_pawn_captures(&open, Color::White), Some(0));
}

#[test]
fn region_of_a_caged_king() {
    // The white king on a8 behind Black's unmoved a- to d-pawns and the
    // bishop on c8: it can only ever have stood on a8 and b8.
    let caged = pos("K1b1k3/pppp4/8/8/8/8/8/8 w - -");
    assert!(!Rule::Frozen.refutes(&caged));
    assert!(Rule::Region.refutes(&caged));
    let frozen_set = frozen::frozen_men(caged.board());
    let region = region::region(caged.board(), frozen_set, retroproof_core::Square::A8);
    assert_eq!(region.count(), 2);
    // With the d-pawn on d6 the bishop may have moved (d7 is free), so it
    // is no longer frozen and the king's region opens up through c8.
    assert!(!Rule::Region.refutes(&pos("K1b1k3/ppp5/3p4/8/8/8/8/8 w - -")));
}

#[test]
fn region_count_of_a_shared_home() {
    // Two black light-squared bishops walled off from every light square
    // of the first rank (where a pawn may have been promoted to one): both
    // came from c8. Each alone has a home in its region, so Region misses
    // it.
    let two = pos("4k3/8/2b5/3b4/8/8/P1P1P1P1/4K3 w - -");
    assert!(Rule::RegionCount.refutes(&two));
    assert!(!Rule::Region.refutes(&two));
    // One bishop, or a light square of the first rank open (c2 gone): no.
    assert!(!Rule::RegionCount.refutes(&pos("4k3/8/2b5/8/8/8/P1P1P1P1/4K3 w - -")));
    assert!(!Rule::RegionCount.refutes(&pos("4k3/8/2b5/3b4/8/8/P3P1P1/4K3 w - -")));
    // The initial position: every kind on its own homes.
    assert!(!Rule::RegionCount.refutes(&Position::start()));
}

#[test]
fn promotion_count_of_a_rook_with_one_way_home() {
    // Black's rook e4 can only have come from a8 (the unmoved pawns b7-h7
    // and the bishop c8 wall h8 in), where the other rook stands: one of
    // them is a promoted pawn, and Black has eight pawns.
    let eight = pos("r1b2k2/1ppppppp/p7/8/4r3/8/8/3K4 b - -");
    assert!(Rule::PromotionCount.refutes(&eight));
    // The material invariant counts two rooks against two homes: no.
    assert!(!Rule::Invariants.refutes(&eight));
    // Seven pawns: one promoted rook is possible.
    assert!(!Rule::PromotionCount.refutes(&pos("r1b2k2/1ppppppp/8/8/4r3/8/8/3K4 b - -")));
    // h7 gone: the rook e4 may have come from h8.
    assert!(!Rule::PromotionCount.refutes(&pos("r1b2k2/1pppppp1/p7/8/4r3/8/8/3K4 b - -")));
    assert!(!Rule::PromotionCount.refutes(&Position::start()));
}

#[test]
fn promotion_count_of_a_rook_walled_in_on_the_last_rank() {
    // White's rook g8 can only have come from h8 (f8 holds Black's bishop,
    // walled in by the unmoved pawns e7 and g7; g7 and h7 never moved): it
    // was promoted there, not a rook that walked in (a region follows the
    // rook's own moves, not the pawn f7 it may have been), and White has
    // eight pawns.
    let eight = pos("3k1bR1/4p1pp/8/8/3P4/8/PPP1PPPP/4K3 b - -");
    assert!(Rule::PromotionCount.refutes(&eight));
    // The region holds promotion squares: the other region rules say nothing.
    assert!(!Rule::Region.refutes(&eight));
    assert!(!Rule::RegionCount.refutes(&eight));
    // Seven pawns: the rook may be a promoted pawn.
    assert!(!Rule::PromotionCount.refutes(&pos("3k1bR1/4p1pp/8/8/3P4/8/1PP1PPPP/4K3 b - -")));
    // h7 gone: a rook may have come up the h-file.
    assert!(!Rule::PromotionCount.refutes(&pos("3k1bR1/4p1p1/8/8/3P4/8/PPP1PPPP/4K3 b - -")));
}

#[test]
fn region_of_a_king_behind_guarded_squares() {
    // The black king b1 can only have left the first rank through d2 (the
    // other second-rank squares hold unmoved pawns), and from d2 through
    // c3, d3 or e3: d3 holds a pawn that came from d2 (a column), c3 and e3
    // are attacked by the unmoved pawns b2 and f2, where a king never
    // stands. It never left, so it never stood on e8.
    let walled = pos("8/8/8/8/8/3P4/PPP1PPPP/1k2K3 w - -");
    assert!(Rule::Region.refutes(&walled));
    assert!(!Rule::Frozen.refutes(&walled));
    let frozen = frozen::frozen_men(walled.board());
    let b1 = region::region(walled.board(), frozen, Square::B1);
    assert!(b1.contains(Square::D2) && !b1.contains(Square::E3) && !b1.contains(Square::E8));
    // Without f2, e3 is free.
    assert!(!Rule::Region.refutes(&pos("8/8/8/8/8/3P4/PPP1P1PP/1k2K3 w - -")));
}

/// `dead_men` of a position's board, the frozen men computed first.
fn dead(fen: &str, color: Color) -> u32 {
    let p = pos(fen);
    let frozen = frozen::frozen_men(p.board());
    pawns::dead_men(p.board(), frozen, color)
}

#[test]
fn pawn_captures_with_dead_men() {
    // rtr-legal-047. White's pawns a2 c3 c4 d4 e3 f2 g3 h4: files a, c, c,
    // d, e, f, g, h, one of the c-pawns came from b: 1 capture. Black has 14
    // men (pawns a7 b7 c6 d7 e7 f5 g7 h6, Ke8 Rh8 Nb6 Nf6 Qa5 Rb5): 2
    // captured, both bishops. The pawns b7 d7 e7 g7 never moved (second
    // rank), so a bishop on c8 only ever stood on c8 (its exits b7, d7
    // frozen) and one on f8 on f8 (e7, g7): each was captured at home, and
    // a white pawn captures onto c8 from b7 or d7, onto f8 from e7 or g7,
    // all frozen. Dead: 2, so the pawns had 2 - 2 = 0 captures for 1.
    let legal_047 = "4k2r/pp1pp1p1/1np2n1p/qr3p2/2PP1N1P/B1PQP1PB/P2KNPR1/R7 b - - 0 1";
    assert_eq!(dead(legal_047, Color::White), 2);
    // White's men: no cage (the c1 bishop gets out by b2/d2, b2 is
    // reachable by a pawn from a3 or c3, none frozen; likewise the others).
    assert_eq!(dead(legal_047, Color::Black), 0);
    assert!(pawns::refutes(&pos(legal_047)));
    assert!(Rule::PawnCaptures.refutes(&pos(legal_047)));

    // Near miss: b7 pawn on b6 (the knight b6 on d5 instead, still 14
    // men). b7 is empty, so the c8 bishop's cage runs b7, a6, c6, ..., and
    // a white pawn captures onto b7 from a6 or c6, not frozen: not
    // pawn-proof. Only f8 is dead: 2 - 1 = 1 capture for the one needed.
    let b6 = "4k2r/p2pp1p1/1pp2n1p/qr1n1p2/2PP1N1P/B1PQP1PB/P2KNPR1/R7 b - -";
    assert_eq!(dead(b6, Color::White), 1);
    assert!(!pawns::refutes(&pos(b6)));

    // 047 with a bishop on f8 (15 men, 1 captured): the bishop f8 is frozen
    // (exits e7, g7), so its home is skipped; the c8 cage is pawn-proof and
    // empty: 1 dead. So is the a8 rook's: f8 walls it into rank 8 and c7
    // (c6 is a column: that pawn came straight from c7), and White has all
    // 8 pawns, none above rank 4, so none ever captured on ranks 7 and 8.
    // No rook stands there now (the rooks are on h8 and b5): dead 2, more
    // than the one man Black lost, and the position is illegal indeed: the
    // a8 rook can have got neither to b5 nor to h8.
    let f8 = "4kb1r/pp1pp1p1/1np2n1p/qr3p2/2PP1N1P/B1PQP1PB/P2KNPR1/R7 b - -";
    assert_eq!(dead(f8, Color::White), 2);
    assert!(pawns::refutes(&pos(f8)));

    // 047 with the c3 pawn on b3: White's pawns on eight files need no
    // capture, whatever the dead men (still 2).
    let b3 = "4k2r/pp1pp1p1/1np2n1p/qr3p2/2PP1N1P/BP1QP1PB/P2KNPR1/R7 b - -";
    assert_eq!(dead(b3, Color::White), 2);
    assert!(!pawns::refutes(&pos(b3)));

    // rtr-legal-113. White's pawns b2 b3 c4 d3 e2 f4 h2: two on the b-file,
    // 1 capture. Black has 14 men (8 pawns, Bc8 Qd8 Ke8 Bf8 Nc5 Nf5): 2
    // captured, both rooks. All black pawns are unmoved and c8, d8, e8, f8
    // are frozen too (each one's exits are pawns of the seventh rank or each
    // other), so the a8 rook only reaches b8 and the h8 rook g8; a white
    // pawn captures onto a8 from b7, onto b8 from a7 or c7, onto g8 from f7
    // or h7, onto h8 from g7: all frozen. Dead: 2.
    let legal_113 = "2bqkb2/pppppppp/8/2n2n2/2P1NP2/1P1P1K1B/1P2P1QP/R1B5 w - - 0 1";
    assert_eq!(dead(legal_113, Color::White), 2);
    // Black's 8 pawns never left its second rank (its pawn ceiling), so
    // none of them ever captured: White's two missing pieces (the h1 rook
    // and a knight; the missing pawn does not count) were taken by pieces.
    assert_eq!(dead(legal_113, Color::Black), 2);
    assert!(pawns::refutes(&pos(legal_113)));

    // 113 with a rook on b8 (15 men, 1 captured): the cages {a8, b8} and
    // {g8, h8} are as before (a rook is not frozen: a8 is free), the initial
    // position has 2 rooks on them, the board 1: dead 1, 0 captures for 1.
    // (Right: the b8 rook is the a8 one, Black has 8 pawns and promoted
    // none; the missing h8 rook was taken on g8 or h8 by a piece.)
    let rook_b8 = "1rbqkb2/pppppppp/8/2n2n2/2P1NP2/1P1P1K1B/1P2P1QP/R1B5 w - -";
    assert_eq!(dead(rook_b8, Color::White), 1);
    assert!(pawns::refutes(&pos(rook_b8)));

    // Near miss: 113 with the a7 pawn on a6. The a8 rook goes out by a7,
    // onto which a white pawn captures from b6 (not frozen); b7 still holds
    // c8 frozen, so the h8 cage is as before: dead 1, 2 - 1 = 1 capture.
    let a6 = "2bqkb2/1ppppppp/p7/2n2n2/2P1NP2/1P1P1K1B/1P2P1QP/R1B5 w - -";
    assert_eq!(dead(a6, Color::White), 1);
    assert!(!pawns::refutes(&pos(a6)));

    // Near miss: 113 with the g7 pawn on g6. The h8 cage opens (g7, onto
    // which a white pawn captures from f6 or h6). The f8 bishop is no longer
    // frozen (g7 free), so neither is the king e8 (f8 free, and nothing
    // guards f8) nor the queen d8 (e8 free; from e8 to h8 it checks
    // nothing). A rook on d8 castled from a8 (d8's castling exit), so the
    // a8 cage runs a8, b8, d8, e8, f8, g8, g7, ...: not pawn-proof either.
    // Dead 0.
    let g6 = "2bqkb2/pppppp1p/6p1/2n2n2/2P1NP2/1P1P1K1B/1P2P1QP/R1B5 w - -";
    assert_eq!(dead(g6, Color::White), 0);
    assert!(!pawns::refutes(&pos(g6)));

    // The initial position: the rooks' cages {a8, b8} and {g8, h8} (c8 and
    // f8 frozen, a7 b7 c7 and f7 g7 h7 unmoved) are pawn-proof, but both
    // rooks are there: dead 0. The knights get out (a6, c6; f6, h6), the
    // bishops and queen are frozen. Same for White's cages.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(dead(start, Color::White), 0);
    assert_eq!(dead(start, Color::Black), 0);
    assert!(!pawns::refutes(&pos(start)));

    // The initial position without the a8 rook: dead 1 (taken on a8 or b8
    // by a knight), but White's pawns need no capture.
    let no_a8 = "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1";
    assert_eq!(dead(no_a8, Color::White), 1);
    assert!(!pawns::refutes(&pos(no_a8)));
    // Without the a8 rook and the g8 knight, the d-pawn on c3: 1 capture
    // needed, 2 captured, dead 1: the pawn took the knight. Fine.
    let dxc3 = "1nbqkb1r/pppppppp/8/8/8/2P5/PPP1PPPP/RNBQKBNR w - -";
    assert_eq!(dead(dxc3, Color::White), 1);
    assert!(!pawns::refutes(&pos(dxc3)));
    // Without both rooks instead: dead 2, no man for the pawn to take.
    let no_rooks = "1nbqkbn1/pppppppp/8/8/8/2P5/PPP1PPPP/RNBQKBNR w - -";
    assert_eq!(dead(no_rooks, Color::White), 2);
    assert!(pawns::refutes(&pos(no_rooks)));
}

#[test]
fn pawn_regions_leave_out_captures_onto_a_colour_never_captured_on() {
    use retroproof_core::Bitboard;
    // Texel's proof-game documentation: White has all its men but the
    // light-squared bishop, so Black never captured onto a dark square, and
    // the black pawn on b2 (dark) came from b3, across the column b2-b3.
    let doc07 = "rnbqkbnr/1ppppppp/8/8/8/1P2P3/PpPP1PPP/RNBQK1NR w - -";
    let board = *pos(doc07).board();
    assert_eq!(
        region::capture_free_squares(&board, Color::Black),
        Bitboard::DARK_SQUARES
    );
    // Black lost nothing: White never captured.
    assert_eq!(
        region::capture_free_squares(&board, Color::White),
        Bitboard::FULL
    );
    assert!(region::refutes(&pos(doc07)));
    // White lost a knight instead: b2 may be a capture of it.
    let knight = "rnbqkbnr/1ppppppp/8/8/8/1P2P3/PpPP1PPP/RNBQKB1R w - -";
    assert_eq!(
        region::capture_free_squares(pos(knight).board(), Color::Black),
        Bitboard::EMPTY
    );
    assert!(!region::refutes(&pos(knight)));
    // White lost its dark-squared bishop instead: light squares are free of
    // captures, but b2 is dark.
    let dark = "rnbqkbnr/1ppppppp/8/8/8/1P2P3/PpPP1PPP/RN1QKBNR w - -";
    assert_eq!(
        region::capture_free_squares(pos(dark).board(), Color::Black),
        Bitboard::LIGHT_SQUARES
    );
    assert!(!region::refutes(&pos(dark)));
}

#[test]
fn pawn_captures_with_columns_and_the_pawn_ceiling() {
    // rtr-legal-155. White's pawns a2 b2 c2 f2 g2 h3 b4 e5: two on the
    // b-file, one from d: 2 captures. Black has 13 men: 3 captured, the
    // rooks and the f8 bishop. The pawns b6, e6 and h6 stand on their
    // third rank with a single free exit straight back (a7 c7, d7 f7, g7
    // are unmoved): columns, which no man crosses. So the rooks only ever
    // stood on rank 8, b7, e7 and h7. A white pawn would capture onto
    // those from rank 6 or 7, but White has all 8 pawns and none above
    // rank 5 now: none ever stood higher (a pawn never moves back, and
    // none of the 8 was taken or promoted). Dead: 2, so the pawns had
    // 3 - 2 = 1 capture for 2.
    let legal_155 = "1nbqk1n1/p1pp1pp1/1p2p2p/4P3/1P6/3N1N1P/PPP2PP1/R1B1KB1R b - - 0 1";
    assert_eq!(dead(legal_155, Color::White), 2);
    assert!(pawns::refutes(&pos(legal_155)));

    // Without the h3 pawn: 7 white pawns, no ceiling, and a white pawn
    // may have captured onto b7 from a6 or c6: dead 0.
    let no_h3 = "1nbqk1n1/p1pp1pp1/1p2p2p/4P3/1P6/3N1N2/PPP2PP1/R1B1KB1R b - -";
    assert_eq!(dead(no_h3, Color::White), 0);
    assert!(!pawns::refutes(&pos(no_h3)));

    // With b6 on b5: no column on the b-file, a rook gets from b7 down to
    // b5, below the ceiling, onto which a pawn captures from a4 or c4:
    // dead 0.
    let b5 = "1nbqk1n1/p1pp1pp1/4p2p/1p2P3/1P6/3N1N1P/PPP2PP1/R1B1KB1R b - -";
    assert_eq!(dead(b5, Color::White), 0);
    assert!(!pawns::refutes(&pos(b5)));

    // With the a2 pawn on a6 the ceiling is rank 6: the a6 pawn attacks
    // b7, but a capture there would put a pawn on rank 7, above it. Dead
    // still 2.
    let a6 = "1nbqk1n1/p1pp1pp1/Pp2p2p/4P3/1P6/3N1N1P/1PP2PP1/R1B1KB1R b - -";
    assert_eq!(dead(a6, Color::White), 2);
    assert!(pawns::refutes(&pos(a6)));
}

/// `color`'s men that the regions of their kind show promoted.
fn region_promoted(fen: &str, color: Color) -> u32 {
    let board = *pos(fen).board();
    region_count::region_promoted(&board, frozen::frozen_men(&board), color)
}

#[test]
fn pawn_captures_with_region_promoted_men() {
    // rtr-legal-075. Black's bishops d7 (light) and e1 (dark): one of each
    // colour, so the material shows no promoted man. But the e1 bishop's
    // exits d2 and f2 hold White pawns that never moved: it only ever stood
    // on e1, Black's first rank, so it is a promoted pawn. Black's pawns
    // b7 c7 e7 h7 b6 d6 g5 (files b, b, c, d, e, g, h) and that promoted
    // pawn need two captures (the e1 pawn promoted on an open file: a, b,
    // c, e or g; at best e or g), and White has lost only one man.
    let legal_075 = "1n5r/1ppbp2p/1p1p1qk1/P5p1/7n/1PPKP1P1/R2P1P1P/RBB1b1NN w - - 0 1";
    assert_eq!(region_promoted(legal_075, Color::Black), 1);
    assert_eq!(
        pawns::min_pawn_captures(&pos(legal_075), Color::Black),
        Some(1)
    );
    assert!(pawns::refutes(&pos(legal_075)));

    // The same without the h1 knight: White lost two men, enough.
    let two = "1n5r/1ppbp2p/1p1p1qk1/P5p1/7n/1PPKP1P1/R2P1P1P/RBB1b1N1 w - -";
    assert_eq!(region_promoted(two, Color::Black), 1);
    assert!(!pawns::refutes(&pos(two)));

    // d2 on d3 (the king on e2): the bishop gets out by d2 and its region
    // meets f8, the home of a dark-squared bishop: no promoted man shown.
    let open = "1n5r/1ppbp2p/1p1p1qk1/P5p1/7n/1PPPP1P1/R3KP1P/RBB1b1NN w - -";
    assert_eq!(region_promoted(open, Color::Black), 0);
    assert!(!pawns::refutes(&pos(open)));

    // The initial position: nothing promoted.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    assert_eq!(region_promoted(start, Color::White), 0);
    assert_eq!(region_promoted(start, Color::Black), 0);
}

#[test]
fn promotion_entries() {
    // rtr-A-057 one retraction back: the white king on e3 and a black
    // knight on f4 (White's last move would have been Ke3xf4). The h8
    // bishop, walled in by the black g7 pawn, is a promoted pawn (its
    // region {h8} holds no initial square of a white bishop); it came in
    // from h7, since g7 holds a frozen man. So White's pawns on g4 g5 h2
    // h5 h6 and that pawn stood on files g, g, h, h, h and h: six distinct
    // starting files need 4 + 3 + 3 + 2 + 1 + 0 = 13 captures (files c to
    // h), and Black has lost 12 men.
    let knight = pos("7B/6p1/7P/6PP/5nPk/4KB1p/7P/8 w - -");
    assert!(Rule::PromotionEntries.refutes(&knight));
    // Pawn-capture counting lets the promoted pawn come in on any open
    // file (c: 8 captures in all), so it does not see it.
    assert!(!Rule::PawnCaptures.refutes(&knight));
    // Without the knight Black has lost 13 men: enough.
    let none = pos("7B/6p1/7P/6PP/6Pk/4KB1p/7P/8 w - -");
    assert!(!Rule::PromotionEntries.refutes(&none));
    // With the g7 pawn on g6 the bishop's region opens (g7, f6, ... c1):
    // nothing shows it promoted.
    let open = pos("7B/8/6pP/6PP/5nPk/4KB1p/7P/8 w - -");
    assert!(!Rule::PromotionEntries.refutes(&open));
}
