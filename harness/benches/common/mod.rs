//! What the Go benches share: random games recorded untimed, replayed timed.

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rulediff::go::{Go, GoPlay, GoSetup};
use rulediff::RefereeInfo;

pub fn info<'a>(registry: &'a [RefereeInfo<Go>], id: &str) -> &'a RefereeInfo<Go> {
    registry.iter().find(|r| r.id == id).expect("registered")
}

/// A random game `referee` accepts throughout: random empty points, a pass when a few tries
/// find nothing legal, at most `plies` plays.
pub fn record(
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

/// Every recorded play checked and made; the number ruled legal.
pub fn replay(setup: &GoSetup, referee: &RefereeInfo<Go>, games: &[Vec<GoPlay>]) -> usize {
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

/// 20 games of at most `plies` plays that `referee` accepts, recorded untimed and seeded by
/// `seed`, checked to replay as legal. Not every bench that compiles this module calls it.
#[allow(dead_code)]
pub fn own_games(
    setup: &GoSetup,
    referee: &RefereeInfo<Go>,
    plies: usize,
    seed: u64,
) -> Vec<Vec<GoPlay>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let games: Vec<Vec<GoPlay>> = (0..20)
        .map(|_| record(setup, referee, plies, &mut rng))
        .collect();
    let total: usize = games.iter().map(Vec::len).sum();
    assert_eq!(
        replay(setup, referee, &games),
        total,
        "recorded games replay as legal"
    );
    games
}

/// Benches the replay of `games` through `referee` as its id in `group`, counting plays.
#[allow(dead_code)]
pub fn bench_games(
    group: &mut BenchmarkGroup<WallTime>,
    setup: &GoSetup,
    referee: &RefereeInfo<Go>,
    games: &[Vec<GoPlay>],
) {
    group.throughput(Throughput::Elements(plays(games)));
    group.bench_function(&referee.id, |b| b.iter(|| replay(setup, referee, games)));
}

/// How many plays `games` hold.
#[allow(dead_code)]
pub fn plays(games: &[Vec<GoPlay>]) -> u64 {
    games.iter().map(Vec::len).sum::<usize>() as u64
}

/// Records games `referee` accepts ([`own_games`]) and benches their replay as `id` in `group`.
#[allow(dead_code)]
pub fn bench_own_games(
    group: &mut BenchmarkGroup<WallTime>,
    setup: &GoSetup,
    referee: &RefereeInfo<Go>,
    plies: usize,
    seed: u64,
) {
    let games = own_games(setup, referee, plies, seed);
    bench_games(group, setup, referee, &games);
}
