//! Rendering a campaign's reports (`rulediff report`), and the part of it a running campaign
//! adds to its own time: the referee classes, defects and disagreement map. Both on the
//! checked-in 100,000-game campaign (`reports/campaign-9x9/results.json`: 69 referees, 54
//! signatures).
//!
//! `cargo bench --bench report`

use criterion::{criterion_group, criterion_main, Criterion};

use rulediff::report::Analysis;
use rulediff::Results;

fn load() -> Results {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../reports/campaign-9x9/results.json"
    );
    let text = std::fs::read_to_string(path).expect("the checked-in campaign");
    let mut results: Results = serde_json::from_str(&text).expect("its results parse");
    if results.claims.is_empty() {
        use rulediff::Refereed;
        for info in rulediff::go::Go::registry() {
            results.claims.insert(info.id.clone(), info.claims.clone());
        }
    }
    results
}

fn bench(c: &mut Criterion) {
    let results = load();
    let mut group = c.benchmark_group("report/campaign-9x9");
    group.sample_size(10);
    group.bench_function("classes, defects and map", |b| {
        b.iter(|| Analysis::of(&results).pairs.len())
    });
    group.bench_function("render CSVs and HTML", |b| {
        b.iter(|| {
            rulediff::report::campaign_csv(&results).expect("csv").len()
                + rulediff::report::classes_csv(&results).expect("csv").len()
                + rulediff::report::map_csv(&results).expect("csv").len()
                + rulediff::report::campaign_html(&results).len()
        })
    });
    group.bench_function("load results.json", |b| b.iter(|| load().plies));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
