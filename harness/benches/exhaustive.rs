//! Exhaustive search speed: states per second of the finiteness search (`rulediff finite`)
//! with and without symmetry reduction, and nodes per second of the solver
//! (`rulediff solve`), on 2x2 under positional superko and Kee Rules; and the finiteness
//! search on a small chess position under FIDE's rules with no claims; and the searches the
//! Kee claim-3 table over every combination spends its time on.
//!
//! A search state carries one referee per board symmetry used, so a reduced search visits
//! fewer states but pays more per state; both rates are shown. The counts are fixed (a state
//! budget, or a search that always takes the same path), so each throughput is exact.
//!
//! `cargo bench --bench exhaustive`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rulediff::check::{search_finite as search, Budget, Finiteness};
use rulediff::check::{solve_game as solve, SolveOptions as Options};
use rulediff::chess::{Chess, ChessSetup};
use rulediff::go::{Go, GoSetup};
use rulediff::Graph;
use rulediff::{HalfPoints, RefereeInfo, Refereed};

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

/// The Kee claim-3 table's searches (`rulediff finite --rules 'kee[*]'`): most of its time
/// goes to searches that spend their whole state budget, under the readings that keep the
/// record (every state carries rule 11's bits per appeared position) and under
/// `rescind=erase, ban=pile` (the piled bans per live play), so both are timed on a 5-point
/// board with the budget the table uses (5,000 states).
fn kee_space(c: &mut Criterion) {
    let mut group = c.benchmark_group("kee_space_states");
    group.sample_size(20);
    let setup = setup("path:5");
    for rule in ["kee", "kee[rescind=erase,ban=pile]"] {
        let info = Go::registry_for(rule)
            .into_iter()
            .find(|r| r.id == rule)
            .expect("a Kee combination");
        let budget = Budget::states(5_000).with_symmetries(1);
        let count = states(&search(&info, &setup, budget));
        assert_eq!(count, 5_000, "{rule} spends the whole budget on path:5");
        group.throughput(Throughput::Elements(count));
        group.bench_function(format!("{rule}/path:5"), |b| {
            b.iter(|| search(&info, &setup, budget))
        });
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

/// Both kings walking four squares behind locked pawns (`reports/chess-finiteness/`):
/// every game under the FIDE rules, searched to the end.
const TWO_WALKS: &str = "k3b3/1p1p1p2/1P1P1P2/8/8/2p1p1p1/2P1P1P1/3B3K w - - 0 1";

fn chess_finite(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess_finite_states");
    group.sample_size(10);
    let setup = ChessSetup::from_fen(TWO_WALKS).expect("legal FEN");
    for rule in ["fide-no-claim", "fide-no-claim@spec"] {
        let info = Chess::registry()
            .into_iter()
            .find(|r| r.id == rule)
            .expect("registered");
        let budget = Budget::states(usize::MAX).with_symmetries(1);
        let count = states(&search(&info, &setup, budget));
        group.throughput(Throughput::Elements(count));
        group.bench_function(format!("{rule}/two-walks"), |b| {
            b.iter(|| search(&info, &setup, budget))
        });
    }
    group.finish();
}

criterion_group!(benches, finite, kee_space, solver, chess_finite);
criterion_main!(benches);
