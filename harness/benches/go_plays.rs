//! Checked plays per second: random legal games are recorded first (untimed), then replayed
//! through a referee, each play checked for legality and made.
//!
//! `cargo bench --bench go_plays`

mod common;

use common::{info, record, replay};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rulediff::go::graph::Graph;
use rulediff::go::{Go, GoPlay, GoSetup};
use rulediff::referee::Refereed;

fn bench(c: &mut Criterion) {
    let registry = Go::registry();
    for (size, plies) in [(19, 700), (9, 250)] {
        let setup = GoSetup::empty(Graph::grid(size, size, false).expect("valid size"), 2);
        let mut group = c.benchmark_group(format!("go_plays/{size}x{size}"));
        for id in ["simple-ko", "psk"] {
            let referee = info(&registry, id);
            let mut rng = ChaCha8Rng::seed_from_u64(size as u64);
            let games: Vec<Vec<GoPlay>> = (0..20)
                .map(|_| record(&setup, referee, plies, &mut rng))
                .collect();
            let total: usize = games.iter().map(Vec::len).sum();
            assert_eq!(
                replay(&setup, referee, &games),
                total,
                "recorded games replay as legal"
            );
            group.throughput(Throughput::Elements(total as u64));
            group.bench_function(id, |b| b.iter(|| replay(&setup, referee, &games)));
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
