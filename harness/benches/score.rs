//! Finished positions counted per second: the final boards of random 19×19 games (recorded
//! untimed), each counted by area and by territory with its parts, the owner of every
//! vertex, and the stones the players agreed are dead (every white stone on the first three
//! rows, taken as a stand-in for an agreement); and the same boards' pass-alive areas as
//! KataGo's rules count them (Benson's algorithm for both colours, then the stones and empty
//! regions KataGo's `calculateArea(…, true, true, true, …)` adds).
//!
//! `cargo bench --bench score`

mod common;

use std::hint::black_box;

use common::{info, record, replay};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rulediff::go::board::EMPTY;
use rulediff::go::explore::final_board;
use rulediff::go::graph::{Graph, Vertex};
use rulediff::go::pass_alive::{area_into, AreaOptions, Benson};
use rulediff::go::score::{score, Count, Scoring};
use rulediff::go::{Go, GoSetup};
use rulediff::referee::{HalfPoints, Refereed};

fn bench(c: &mut Criterion) {
    let registry = Go::registry();
    let setup = GoSetup::empty(Graph::grid(19, 19, false).expect("valid size"), 2);
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    let psk = info(&registry, "psk");
    let games: Vec<_> = (0..20)
        .map(|_| record(&setup, psk, 700, &mut rng))
        .collect();
    let plays: usize = games.iter().map(Vec::len).sum();
    assert_eq!(replay(&setup, psk, &games), plays, "recorded games replay");
    let boards: Vec<(Vec<u8>, Vec<Vertex>)> = games
        .iter()
        .map(|game| {
            let cells = final_board(&setup, game).cells().to_vec();
            let dead = (0..19 * 3)
                .filter(|&v| cells[v] == 2)
                .map(|v| v as Vertex)
                .collect();
            (cells, dead)
        })
        .collect();
    assert!(boards.iter().all(|(c, _)| c.iter().any(|&x| x != EMPTY)));
    let komi = [HalfPoints(0), HalfPoints(13)];
    let mut group = c.benchmark_group("score/19x19");
    group.throughput(Throughput::Elements(boards.len() as u64));
    for scoring in [Scoring::Area, Scoring::Territory] {
        group.bench_function(scoring.name(), |b| {
            b.iter(|| {
                for (cells, dead) in &boards {
                    let count = Count::new(&setup.graph, cells, 2, scoring)
                        .komi(&komi)
                        .dead(dead, "agreement");
                    black_box(score(black_box(&count)));
                }
            })
        });
    }
    group.bench_function("pass-alive", |b| {
        let mut scratch = Benson::default();
        let mut owner = vec![EMPTY; setup.graph.len()];
        b.iter(|| {
            for (cells, _) in &boards {
                area_into(
                    &setup.graph,
                    black_box(cells),
                    false,
                    AreaOptions::SCORING,
                    &mut scratch,
                    &mut owner,
                );
                black_box(&owner);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
