//! Proof-game search speed on positions of seeded random play.
//!
//! `cargo bench -p retroproof-bench --bench proofgame`
//!
//! The corpus: final positions of random games of 10 to 40 plies (seed 3),
//! kept only when a proof game is found within 0.5 s, so that every
//! iteration measures a success. For success rates on harder positions,
//! run `rust-core/examples/proofgame_bench.rs`.

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use retroproof_core::proofgame::{find_proof_game, Budget};
use retroproof_core::random::random_positions;

fn bench(c: &mut Criterion) {
    let budget = Budget {
        time: Some(Duration::from_millis(500)),
        ..Budget::default()
    };
    let corpus: Vec<_> = random_positions(20, 3, 40)
        .into_iter()
        .filter(|p| find_proof_game(p, budget).is_ok())
        .collect();
    let mut group = c.benchmark_group("proofgame");
    group.sample_size(10);
    group.throughput(Throughput::Elements(corpus.len() as u64));
    group.bench_function("random40", |b| {
        b.iter(|| {
            for pos in &corpus {
                black_box(find_proof_game(pos, budget).ok());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
