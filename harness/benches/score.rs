//! Finished positions counted per second: the final boards of random 19×19 games (recorded
//! untimed), each counted by area and by territory with its parts, the owner of every
//! vertex, and the stones the players agreed are dead (every white stone on the first three
//! rows, taken as a stand-in for an agreement); and the same boards' pass-alive areas as
//! KataGo's rules count them (Benson's algorithm for both colours, then the stones and empty
//! regions KataGo's `calculateArea(…, true, true, true, …)` adds); and the whole count of each
//! board under KataGo's `chinese` rules (area, pass-alive areas, the tally, `katago-chinese`)
//! and `japanese` rules (territory, seki tax: independent-life regions, `katago-japanese`).
//! Building the boards also diffs the grid path of pass-alive areas against the graph path
//! on each of them, in every mode.
//!
//! The `score` group is timed by the wall clock, the `score-cpu` group by the CPU time this
//! thread ran (so that a machine shared with other jobs still gives a one-thread figure).
//!
//! `cargo bench --bench score`

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{info, record, replay};
use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rulediff::check::grid_matches_graph;
use rulediff::go::final_board;
use rulediff::go::Vertex;
use rulediff::go::EMPTY;
use rulediff::go::{katago_count as count, KataGoExtras as Extras};
use rulediff::go::{outcome_of_count as score, Count, Scoring};
use rulediff::go::{pass_alive_area_into as area_into, AreaOptions, Benson};
use rulediff::go::{Go, GoSetup};
use rulediff::go::{KataGoParams as Params, KATAGO_PRESETS as NAMED};
use rulediff::Graph;
use rulediff::{HalfPoints, Refereed};

/// A final board and the stones agreed dead on it.
type Board = (Vec<u8>, Vec<Vertex>);

/// The setup and the final boards of 20 random 19×19 games.
fn boards() -> (GoSetup, Vec<Board>) {
    let registry = Go::registry();
    let setup = GoSetup::empty(Graph::grid(19, 19, false).expect("valid size"), 2);
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    let psk = info(&registry, "psk");
    let games: Vec<_> = (0..20)
        .map(|_| record(&setup, psk, 700, &mut rng))
        .collect();
    let plays: usize = games.iter().map(Vec::len).sum();
    assert_eq!(replay(&setup, psk, &games), plays, "recorded games replay");
    let boards: Vec<Board> = games
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
    for (cells, _) in &boards {
        grid_matches_graph(&setup.graph, cells)
            .expect("the grid path gives the graph path's owners");
    }
    (setup, boards)
}

/// KataGo's named ruleset `name`.
fn katago_params(name: &str) -> Params {
    NAMED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, params)| *params)
        .expect("a KataGo ruleset")
}

/// Every counting of the boards, timed by `M`, as the group `{name}/19x19`.
fn counts<M: Measurement>(c: &mut Criterion<M>, name: &str) {
    let (setup, boards) = boards();
    let komi = [HalfPoints(0), HalfPoints(13)];
    let mut group = c.benchmark_group(format!("{name}/19x19"));
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
    for name in ["chinese", "japanese"] {
        let params = katago_params(name);
        let extras = Extras {
            komi: vec![HalfPoints(0), params.komi],
            ..Extras::default()
        };
        group.bench_function(format!("katago-{name}"), |b| {
            let mut benson = Benson::default();
            b.iter(|| {
                for (cells, _) in &boards {
                    let outcome = count(
                        &setup.graph,
                        black_box(cells),
                        &params,
                        &extras,
                        &mut benson,
                    );
                    black_box(outcome);
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

fn wall(c: &mut Criterion) {
    counts(c, "score");
}

fn cpu(c: &mut Criterion<CpuTime>) {
    counts(c, "score-cpu");
}

/// Criterion's clock for a loaded machine: the CPU time this thread spent running
/// (`/proc/thread-self/schedstat`, nanoseconds), so other processes sharing the cores do
/// not count. The kernel updates it at scheduler ticks (about 4 ms), so samples run for a
/// second each and the error stays under half a percent.
struct CpuTime;

fn thread_cpu_nanos() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .expect("/proc/thread-self/schedstat (Linux) gives this thread's CPU time")
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_nanos()
    }

    fn end(&self, start: u64) -> u64 {
        thread_cpu_nanos().saturating_sub(start)
    }

    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }

    fn zero(&self) -> u64 {
        0
    }

    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuNanos
    }
}

/// Formats CPU nanoseconds as time, and throughputs per CPU second.
struct CpuNanos;

impl ValueFormatter for CpuNanos {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if typical < 1e3 {
            (1.0, "ns (CPU)")
        } else if typical < 1e6 {
            (1e-3, "µs (CPU)")
        } else if typical < 1e9 {
            (1e-6, "ms (CPU)")
        } else {
            (1e-9, "s (CPU)")
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }

    fn scale_throughputs(
        &self,
        _typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let per = match *throughput {
            Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n) => n,
        } as f64;
        values
            .iter_mut()
            .for_each(|v| *v = per * 1e9 / v.max(1.0) / 1e3);
        "K elem/s (CPU)"
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

criterion_group!(benches, wall);
criterion_group! {
    name = cpu_benches;
    config = Criterion::default()
        .with_measurement(CpuTime)
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    targets = cpu
}
criterion_main!(benches, cpu_benches);
