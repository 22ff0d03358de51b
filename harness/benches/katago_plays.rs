//! Plays per second through KataGo's referee: random games each preset accepts are recorded
//! first (untimed), then replayed, each play checked and made, and each game that ends counted
//! as KataGo counts it (pass-alive areas, and under territory scoring the cleanup phases).
//! One preset per ko rule: `katago-chinese` (simple ko, area), `katago-japanese` (simple ko,
//! territory, seki tax), `katago-tromp-taylor` (positional), `katago-aga-button` (situational,
//! the button); and their `@spec` twins, which recompute from the whole history, on 9×9.
//!
//! `cargo bench --bench katago_plays`

mod common;

use common::{bench_own_games, info};
use criterion::{criterion_group, criterion_main, Criterion};
use rulediff::go::{Go, GoSetup};
use rulediff::Graph;
use rulediff::Refereed;

const PRESETS: [&str; 4] = [
    "katago-chinese",
    "katago-japanese",
    "katago-tromp-taylor",
    "katago-aga-button",
];

fn bench(c: &mut Criterion) {
    let registry = Go::registry();
    for (size, plies) in [(19, 700), (9, 250)] {
        let setup = GoSetup::empty(Graph::grid(size, size, false).expect("valid size"), 2);
        let mut group = c.benchmark_group(format!("katago_plays/{size}x{size}"));
        let spec: Vec<String> = PRESETS.iter().map(|id| format!("{id}@spec")).collect();
        let ids = PRESETS
            .iter()
            .map(|id| id.to_string())
            .chain(spec.into_iter().filter(|_| size == 9));
        for id in ids {
            bench_own_games(&mut group, &setup, info(&registry, &id), plies, size as u64);
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    // The spec twins replay whole histories: ten samples keep the run to minutes.
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
