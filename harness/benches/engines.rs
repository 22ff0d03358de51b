//! Campaign steps per second through GNU Go over GTP and through our own referee, on the same
//! recorded random 9×9 games: each step asks for every legal play, makes the play and asks
//! for the status, as `rulediff random` does. The ratio of the two is the price of an
//! external referee (README, Performance).
//!
//! The same steps through protocol bridges in Python (`harness/bridges/trivial_go_bridge.py`,
//! what the protocol costs; `example_go_bridge.py`, the README's from-scratch referee).
//!
//! `cargo bench --bench engines` (GNU Go's part is skipped when `gnugo` is not installed)

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use rulediff::go::{Go, GoPlay, GoSetup};
use rulediff::Engines;
use rulediff::Graph;
use rulediff::{RefereeInfo, Refereed};

/// A random game our `psk` referee accepts throughout, of at most `plies` plays.
fn record(
    setup: &GoSetup,
    referee: &RefereeInfo<Go>,
    plies: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<GoPlay> {
    let mut r = (referee.make)();
    r.start(setup).expect("internal referee");
    let mut game = Vec::new();
    while game.len() < plies {
        let legal = r.legal_plays().expect("internal referee");
        let stones: Vec<&GoPlay> = legal
            .iter()
            .filter(|p| matches!(p, GoPlay::Stone(_)))
            .collect();
        let play = match stones.len() {
            0 => GoPlay::Pass,
            n => *stones[rng.gen_range(0..n)],
        };
        r.play(&play).expect("internal referee");
        game.push(play);
        if r.status().expect("internal referee").is_over() {
            break;
        }
    }
    game
}

/// Campaign steps: legal set, play, status.
fn replay(setup: &GoSetup, referee: &RefereeInfo<Go>, games: &[Vec<GoPlay>]) -> usize {
    let mut r = (referee.make)();
    let mut allowed = 0;
    for game in games {
        r.start(setup).expect("referee starts");
        for play in game {
            allowed += r.legal_plays().expect("legal plays").len();
            r.play(black_box(play)).expect("play");
            black_box(r.status().expect("status"));
        }
    }
    allowed
}

fn steps(c: &mut Criterion) {
    let setup = GoSetup::empty(Graph::grid(9, 9, false).expect("9x9"), 2);
    let registry = Go::registry();
    let psk = registry.iter().find(|r| r.id == "psk").expect("psk");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let games: Vec<Vec<GoPlay>> = (0..8).map(|_| record(&setup, psk, 200, &mut rng)).collect();
    let total: usize = games.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("campaign_steps_9x9");
    group.throughput(Throughput::Elements(total as u64));
    group.sample_size(10);
    group.bench_function("psk (ours, in process)", |b| {
        b.iter(|| replay(&setup, psk, &games))
    });
    bridges(&mut group, &setup, &games);
    if rulediff::locate_program("gnugo").is_none() {
        eprintln!("SKIPPED: gnugo is not installed");
        return;
    }
    let engines = Engines::new(vec![
        rulediff::parse_engine_arg("gnugo-psk").expect("built-in")
    ])
    .expect("gnugo");
    let gnugo = engines.referees::<Go>().unwrap().pop().expect("one engine");
    // The same answers, or the comparison would mean nothing.
    assert_eq!(replay(&setup, &gnugo, &games), replay(&setup, psk, &games));
    group.bench_function("gnugo-psk (GTP, pipelined)", |b| {
        b.iter(|| replay(&setup, &gnugo, &games))
    });
    let mut unpipelined = rulediff::parse_engine_arg("gnugo-psk").expect("built-in");
    unpipelined.pipeline = false;
    let engines = Engines::new(vec![unpipelined]).expect("gnugo");
    let gnugo = engines.referees::<Go>().unwrap().pop().expect("one engine");
    group.bench_function("gnugo-psk (GTP, one command at a time)", |b| {
        b.iter(|| replay(&setup, &gnugo, &games))
    });
    group.finish();
}

/// Protocol bridges in Python: a trivial engine (what the protocol costs, batched: one round
/// trip per step) and the README's example bridge (a real, if slow, rules engine).
fn bridges(
    group: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    setup: &GoSetup,
    games: &[Vec<GoPlay>],
) {
    if rulediff::locate_program("python3").is_none() {
        eprintln!("SKIPPED: python3 is not installed");
        return;
    }
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/bridges");
    for (id, script) in [
        ("trivial", "trivial_go_bridge.py"),
        ("example", "example_go_bridge.py"),
    ] {
        let text = format!(
            "[[engine]]\nid = \"{id}\"\ncommand = [\"python3\", \"{dir}/{script}\"]\nprotocol = \"json\"\n"
        );
        let specs = rulediff::parse_engines_file("bench", &text).expect("engine definition");
        let engines = Engines::new(specs).expect("bridge");
        let bridge = engines.referees::<Go>().unwrap().pop().expect("one engine");
        replay(setup, &bridge, &games[..1]);
        group.bench_function(format!("{id} (Python protocol bridge, batched)"), |b| {
            b.iter(|| replay(setup, &bridge, games))
        });
    }
}

criterion_group!(benches, steps);
criterion_main!(benches);
