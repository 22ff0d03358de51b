//! Random-campaign games per second on 9×9 over every Go ruleset (the `@spec` twins left
//! out: they are test oracles that rescan the whole history, see README "Random campaigns"),
//! and over the default pair. Each iteration plays the same seeded games, divergences
//! recorded as a campaign records them; minimization (once per new signature) is not timed.
//!
//! `cargo bench --bench campaign`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rulediff::go::{Go, GoSetup};
use rulediff::Graph;
use rulediff::{game_rng, play_game};
use rulediff::{select, Refereed};

const GAMES: u64 = 8;

fn bench(c: &mut Criterion) {
    let registry = Go::registry();
    let setup = GoSetup::empty(Graph::grid(9, 9, false).expect("9x9"), 2);
    let max_plies = 8 * 81;
    let mut group = c.benchmark_group("campaign/9x9");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    for (name, rules) in [
        ("all-rulesets", "all,-*@spec"),
        ("simple-ko,psk", "simple-ko,psk"),
    ] {
        let referees = select(&registry, rules).expect("known referees");
        group.bench_function(name, |b| {
            b.iter(|| {
                (0..GAMES)
                    .map(|g| play_game(&setup, &referees, max_plies, &mut game_rng(1, g)).plies)
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
