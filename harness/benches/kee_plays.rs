//! Kee Rules beside positional superko: random legal games are recorded under `psk`
//! (untimed; every such game is also legal under Kee, which forbids only some repetitions and
//! allows more suicides), then replayed through each referee, every play checked and made;
//! and the legal-play lists the random runner and the exhaustive search ask for at every step.
//!
//! `cargo bench --bench kee_plays`

mod common;

use common::{info, record, replay};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rulediff::go::{Go, GoPlay, GoSetup};
use rulediff::Graph;
use rulediff::{RefereeInfo, Refereed};

/// Every step's legal plays, then the step (what a random campaign asks of each referee).
fn legal_lists(setup: &GoSetup, referee: &RefereeInfo<Go>, games: &[Vec<GoPlay>]) -> usize {
    let mut r = (referee.make)();
    let mut listed = 0;
    for game in games {
        r.start(setup).expect("internal referee");
        for play in game {
            listed += r.legal_plays().expect("internal referee").len();
            r.play(play).expect("internal referee");
        }
    }
    listed
}

fn bench(c: &mut Criterion) {
    let registry = Go::registry();
    for (size, plies) in [(19, 700), (9, 250)] {
        let setup = GoSetup::empty(Graph::grid(size, size, false).expect("valid size"), 2);
        let mut rng = ChaCha8Rng::seed_from_u64(size as u64);
        let games: Vec<Vec<GoPlay>> = (0..20)
            .map(|_| record(&setup, info(&registry, "psk"), plies, &mut rng))
            .collect();
        let total: usize = games.iter().map(Vec::len).sum();
        let mut group = c.benchmark_group(format!("kee_plays/{size}x{size}"));
        group.throughput(Throughput::Elements(total as u64));
        for id in ["psk", "kee", "kee:rescind-erases"] {
            let referee = info(&registry, id);
            assert_eq!(
                replay(&setup, referee, &games),
                total,
                "{id} accepts every play"
            );
            group.bench_function(id, |b| b.iter(|| replay(&setup, referee, &games)));
        }
        group.finish();
        let mut group = c.benchmark_group(format!("kee_legal_plays/{size}x{size}"));
        group.throughput(Throughput::Elements(total as u64));
        for id in ["psk", "kee"] {
            let referee = info(&registry, id);
            group.bench_function(id, |b| b.iter(|| legal_lists(&setup, referee, &games)));
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
