//! Checked plays per second: random legal games are recorded first (untimed), then replayed
//! through a referee, each play checked for legality and made.
//!
//! `cargo bench --bench go_plays`

mod common;

use common::{bench_own_games, info};
use criterion::{criterion_group, criterion_main, Criterion};
use rulediff::go::graph::Graph;
use rulediff::go::{Go, GoSetup};
use rulediff::referee::Refereed;

fn bench(c: &mut Criterion) {
    let registry = Go::registry();
    for (size, plies) in [(19, 700), (9, 250)] {
        let setup = GoSetup::empty(Graph::grid(size, size, false).expect("valid size"), 2);
        let mut group = c.benchmark_group(format!("go_plays/{size}x{size}"));
        for id in ["simple-ko", "psk"] {
            bench_own_games(&mut group, &setup, info(&registry, id), plies, size as u64);
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
