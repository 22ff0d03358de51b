//! Checked plays per second: random legal games are recorded first (untimed), then replayed
//! through a referee, each play checked for legality and made. On 9×9 and 19×19 the same
//! games are replayed in the same group by the `goban` crate and, when `RULEDIFF_KATAGO_SRC`
//! names KataGo's `cpp/` directory, by KataGo's board (see `peers/katago.rs`).
//!
//! `cargo bench --bench go_plays` (`RULEDIFF_KATAGO_SRC=/path/to/KataGo/cpp cargo bench …`)

mod common;
mod peers;

use std::hint::black_box;

use common::{bench_games, info, own_games, plays};
use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use peers::katago::{Check, KataGo};
use peers::{goban, Flat};
use rulediff::go::{Go, GoPlay, GoSetup};
use rulediff::Graph;
use rulediff::Refereed;

/// Board sides and the longest game recorded on each.
const SIZES: [(usize, usize); 4] = [(19, 700), (9, 250), (5, 80), (3, 30)];

/// Sides the peers replay on (the sizes their authors quote).
const PEER_SIZES: [usize; 2] = [19, 9];

fn bench(c: &mut Criterion) {
    let registry = Go::registry();
    let katago = KataGo::load();
    for (size, plies) in SIZES {
        let setup = GoSetup::empty(Graph::grid(size, size, false).expect("valid size"), 2);
        let mut group = c.benchmark_group(format!("go_plays/{size}x{size}"));
        for id in ["simple-ko", "psk"] {
            let referee = info(&registry, id);
            let games = own_games(&setup, referee, plies, size as u64);
            bench_games(&mut group, &setup, referee, &games);
            if PEER_SIZES.contains(&size) {
                bench_peers(&mut group, katago.as_ref(), id, size, &games);
            }
        }
        group.finish();
    }
}

/// The goban crate and KataGo (if loaded) on the games our ko rule `id` recorded.
fn bench_peers(
    group: &mut BenchmarkGroup<WallTime>,
    katago: Option<&KataGo>,
    id: &str,
    side: usize,
    games: &[Vec<GoPlay>],
) {
    let total = plays(games) as usize;
    group.throughput(Throughput::Elements(total as u64));
    let rule = goban::rule_for(id);
    warn_if_refused(
        "the goban crate",
        id,
        goban::replay(side, rule, games),
        total,
    );
    group.bench_function(format!("goban-crate-{id}"), |b| {
        b.iter(|| goban::replay(side, rule, black_box(games)))
    });
    if let Some(katago) = katago {
        let flat = Flat::new(games);
        let check = Check::for_rule(id);
        warn_if_refused("KataGo", id, katago.replay(check, side, &flat), total);
        group.bench_function(check.id(), |b| {
            b.iter(|| katago.replay(check, side, black_box(&flat)))
        });
    }
}

/// A peer that refuses some of our legal plays replays a different game from there on, so
/// its figure is not for the same work: say so beside it.
fn warn_if_refused(peer: &str, id: &str, legal: usize, total: usize) {
    if legal != total {
        println!("note: {peer} ruled {legal} of the {total} plays legal that `{id}` recorded");
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
