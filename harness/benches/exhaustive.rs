//! Exhaustive search speed: states per second of the finiteness search (`rulediff finite`)
//! with and without symmetry reduction, and nodes per second of the solver
//! (`rulediff solve`), on 2x2 under positional superko and Kee Rules.
//!
//! A search state carries one referee per board symmetry used, so a reduced search visits
//! fewer states but pays more per state; both rates are shown. The counts are fixed (a state
//! budget, or a search that always takes the same path), so each throughput is exact.
//!
//! `cargo bench --bench exhaustive`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rulediff::check::finite::{search, Budget, Finiteness};
use rulediff::check::solve::{solve, Options};
use rulediff::go::graph::Graph;
use rulediff::go::{Go, GoSetup};
use rulediff::referee::{HalfPoints, RefereeInfo, Refereed};

fn info(id: &str) -> RefereeInfo<Go> {
    Go::registry()
        .into_iter()
        .find(|r| r.id == id)
        .expect("registered")
}

fn setup(shape: &str) -> GoSetup {
    let mut setup = GoSetup::empty(Graph::parse_shape(shape).expect("shape"), 2);
    setup.komi = Some(vec![HalfPoints(0); 2]);
    setup
}

fn states(result: &Finiteness) -> u64 {
    match result {
        Finiteness::Finite { states, .. }
        | Finiteness::Infinite { states, .. }
        | Finiteness::Unknown { states, .. }
        | Finiteness::FiniteByArgument { states, .. } => *states as u64,
        Finiteness::Unsupported { reason } => panic!("{reason}"),
    }
}

fn finite(c: &mut Criterion) {
    let mut group = c.benchmark_group("finite_states");
    group.sample_size(10);
    for rule in ["psk", "kee"] {
        let info = info(rule);
        let setup = setup("2x2");
        for symmetries in [1, 8] {
            let budget = Budget::states(20_000).with_symmetries(symmetries);
            let count = states(&search(&info, &setup, budget));
            group.throughput(Throughput::Elements(count));
            group.bench_function(format!("{rule}/2x2/symmetries={symmetries}"), |b| {
                b.iter(|| search(&info, &setup, budget))
            });
        }
    }
    group.finish();
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_nodes");
    group.sample_size(10);
    for rule in ["psk", "kee"] {
        let info = info(rule);
        let setup = setup("2x2");
        let mut options = Options::new(8);
        options.table_bytes = 64 << 20;
        let run = || solve(&info, &setup, &[], &options, &|_| {}).expect("2x2 solves");
        let nodes = run().nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{rule}/2x2"), |b| b.iter(run));
    }
    group.finish();
}

criterion_group!(benches, finite, solver);
criterion_main!(benches);
