//! Retraction generation speed, beside `retroboard` on the same positions.
//!
//! `cargo bench -p retroproof-bench --bench retro`
//!
//! The corpus: positions reached by seeded random play from a few starts,
//! stripped of castling rights and en passant square (retroboard knows no
//! castling), so both engines accept them. Retroboard's pockets give both
//! sides every role our material rule allows to uncapture, and promotions
//! to take back (as in `rust-core/tests/integration/retro_retroboard.rs`). The
//! two engines' sets differ slightly (see that test), so each group reports
//! its own element count: retractions generated, or retro-perft leaves.
//!
//! Groups (Throughput::Elements, so criterion prints elements/s):
//! - `unmoves/ours` vs `unmoves/retroboard`: every retraction of every
//!   position of the corpus, listed.
//! - `perft2/ours` vs `perft2/retroboard`: retro-perft at depth 2 over the
//!   corpus (ours bulk-counts the last ply; retroboard lists it).
//!
//! Measured (`-- --warm-up-time 1 --measurement-time 4`, 2 busy cores):
//! unmoves 153.8 vs 39.4 Melem/s (3.9×), perft2 210.9 vs 49.9 Melem/s (4.2×).

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use retroboard::RetroBoard;
use retroproof_core::random::random_games;
use retroproof_core::retro::SideMaterial;
use retroproof_core::search::retro_perft;
use retroproof_core::{Color, Position, Rank, Role, Square};

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

/// Every third position of random games of up to 120 positions, stripped.
fn corpus(count: usize) -> Vec<Position> {
    let starts: Vec<Position> = STARTS
        .iter()
        .map(|fen| Position::from_fen(fen).unwrap())
        .collect();
    random_games(&starts, 0xbe4c_0001, 120)
        .filter(|(ply, pos)| {
            // Retroboard "takes back the promotion" of a king on its last
            // rank, and its perft then panics on the kingless board: leave
            // such positions out (see rust-core/tests/integration/retro_retroboard.rs).
            let mover = pos.turn().other();
            let king_on_last_rank = pos.king(mover).rank() == Rank::Eighth.relative_to(mover);
            ply % 3 == 0 && !king_on_last_rank
        })
        .take(count)
        .map(|(_, pos)| pos.without_assertions())
        .collect()
}

fn pockets(pos: &Position) -> (String, String) {
    let board = pos.board();
    let pocket = |color: Color| {
        let material = SideMaterial::of(board, color);
        let mut s = String::new();
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            if [Square::A1, Square::H1]
                .iter()
                .any(|&sq| material.with(role, sq).is_possible())
            {
                s.push(role.upper_char());
            }
        }
        if material.pawns < 8 {
            s.push('9');
        }
        s
    };
    (pocket(Color::White), pocket(Color::Black))
}

fn bench(c: &mut Criterion) {
    let ours = corpus(200);
    let theirs: Vec<RetroBoard> = ours
        .iter()
        .map(|p| {
            let (w, b) = pockets(p);
            RetroBoard::new(&p.to_fen(), &w, &b).unwrap()
        })
        .collect();

    let our_count: u64 = ours.iter().map(|p| p.unmoves().len() as u64).sum();
    let their_count: u64 = theirs.iter().map(|r| r.legal_unmoves().len() as u64).sum();
    let mut group = c.benchmark_group("unmoves");
    group.throughput(Throughput::Elements(our_count));
    group.bench_function("ours", |b| {
        let mut list = Vec::new();
        b.iter(|| {
            let mut n = 0;
            for p in &ours {
                p.unmoves_into(&mut list);
                n += list.len();
            }
            black_box(n)
        })
    });
    group.throughput(Throughput::Elements(their_count));
    group.bench_function("retroboard", |b| {
        b.iter(|| {
            let mut n = 0;
            for r in &theirs {
                n += black_box(r.legal_unmoves()).len();
            }
            black_box(n)
        })
    });
    group.finish();

    let our_leaves: u64 = ours.iter().map(|p| retro_perft(p, 2)).sum();
    let their_leaves: u64 = theirs.iter().map(|r| retroboard::perft(r, 2)).sum();
    let mut group = c.benchmark_group("perft2");
    group.throughput(Throughput::Elements(our_leaves));
    group.bench_function("ours", |b| {
        b.iter(|| ours.iter().map(|p| retro_perft(p, 2)).sum::<u64>())
    });
    group.throughput(Throughput::Elements(their_leaves));
    group.bench_function("retroboard", |b| {
        b.iter(|| theirs.iter().map(|r| retroboard::perft(r, 2)).sum::<u64>())
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
