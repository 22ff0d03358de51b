//! Checked plays per second: random legal games are recorded first (untimed), then replayed
//! through a referee, each play checked for legality and made.
//!
//! `cargo bench --bench go_plays`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rulediff::go::graph::Graph;
use rulediff::go::{Go, GoPlay, GoSetup};
use rulediff::referee::{RefereeInfo, Refereed};

/// A random game that `referee` accepts throughout: random empty points, a pass when a
/// few tries find nothing legal, at most `plies` plays.
fn record(
    setup: &GoSetup,
    referee: &RefereeInfo<Go>,
    plies: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<GoPlay> {
    let mut r = (referee.make)();
    r.start(setup).expect("internal referee");
    let n = setup.graph.len() as u16;
    let mut game = Vec::with_capacity(plies);
    while game.len() < plies {
        let play = (0..30)
            .map(|_| GoPlay::Stone(rng.gen_range(0..n)))
            .find(|p| r.judge(p).expect("internal referee").is_legal())
            .unwrap_or(GoPlay::Pass);
        r.play(&play).expect("internal referee");
        game.push(play);
        if r.status().expect("internal referee").is_over() {
            break;
        }
    }
    game
}

fn replay(setup: &GoSetup, referee: &RefereeInfo<Go>, games: &[Vec<GoPlay>]) -> usize {
    let mut r = (referee.make)();
    let mut legal = 0;
    for game in games {
        r.start(setup).expect("internal referee");
        for play in game {
            legal += r
                .play(black_box(play))
                .expect("internal referee")
                .is_legal() as usize;
        }
    }
    legal
}

fn bench(c: &mut Criterion) {
    let registry = Go::registry();
    for (size, plies) in [(19, 700), (9, 250)] {
        let setup = GoSetup::empty(Graph::grid(size, size, false).expect("valid size"), 2);
        let mut group = c.benchmark_group(format!("go_plays/{size}x{size}"));
        for id in ["simple-ko", "psk"] {
            let referee = registry.iter().find(|r| r.id == id).expect("registered");
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
