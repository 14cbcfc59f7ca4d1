//! Perft speed, ours and shakmaty's side by side, in leaves per second.
//!
//! `cargo bench -p retroproof-bench --bench perft -- --warm-up-time 1 --measurement-time 5`
//!
//! Both libraries count the last ply in bulk (the number of legal moves
//! rather than playing them), so the comparison is like for like; ours
//! additionally counts those moves from bitboard popcounts without listing
//! them.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use retroproof_core::{perft, Position};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const CASES: &[(&str, &str, u32, u64)] = &[
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
];

fn bench_perft(c: &mut Criterion) {
    for &(name, fen, depth, leaves) in CASES {
        let ours = Position::from_fen(fen).unwrap();
        let theirs: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        // Both must count the published number, or the timing means nothing.
        assert_eq!(perft(&ours, depth), leaves);
        assert_eq!(shakmaty::perft(&theirs, depth), leaves);

        let mut group = c.benchmark_group(format!("perft/{name}/depth{depth}"));
        group.throughput(Throughput::Elements(leaves));
        group.sample_size(10);
        group.bench_function(BenchmarkId::new("retroproof", name), |b| {
            b.iter(|| perft(std::hint::black_box(&ours), depth))
        });
        group.bench_function(BenchmarkId::new("shakmaty", name), |b| {
            b.iter(|| shakmaty::perft(std::hint::black_box(&theirs), depth))
        });
        group.finish();
    }
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
