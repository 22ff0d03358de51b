//! Plies per second through a xiangqi referee: plain move making (`no-repetition`: legality,
//! the move, mate and stalemate) beside the same with the WXF judge on (`wxf`), with only
//! perpetual check (`check-only`), and the whole-history spec of the judge (`wxf@spec`).
//! Games are recorded first (untimed) from composed positions with the campaign weights, so
//! most of them end in a repetition the judge has to rule on; each replays move by move.
//!
//! `cargo bench --bench xiangqi_plies`

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rulediff::check::{xiangqi_choose as choose, XqInput, XIANGQI_STARTS as STARTS};
use rulediff::xiangqi::Move;
use rulediff::xiangqi::{Xiangqi, XqSetup};
use rulediff::Explore;
use rulediff::{RefereeInfo, Refereed};

/// A game `wxf` accepts to its end (the first repetition it rules on, or mate), at most 300
/// moves.
fn record(input: &XqInput, wxf: &RefereeInfo<Xiangqi>) -> Vec<Move> {
    let mut referee = (wxf.make)();
    referee.start(&input.setup).expect("internal referee");
    let mut state = Xiangqi::initial(&input.setup);
    let mut game = Vec::new();
    for &pick in &input.picks {
        let mut legal = referee.legal_plays().expect("internal referee");
        legal.sort();
        let Some(mv) = choose(&input.setup, &state, &legal, pick) else {
            break;
        };
        Xiangqi::advance(&input.setup, &mut state, &mv);
        referee.play(&mv).expect("internal referee");
        game.push(mv);
        if referee.status().expect("internal referee").is_over() {
            break;
        }
    }
    game
}

fn replay(referee: &RefereeInfo<Xiangqi>, games: &[(XqSetup, Vec<Move>)]) -> usize {
    let mut r = (referee.make)();
    let mut legal = 0;
    for (setup, game) in games {
        r.start(setup).expect("internal referee");
        for mv in game {
            legal += r.play(black_box(mv)).expect("internal referee").is_legal() as usize;
            black_box(r.status().expect("internal referee"));
        }
    }
    legal
}

fn bench(c: &mut Criterion) {
    let registry = Xiangqi::registry();
    let find = |id: &str| registry.iter().find(|r| r.id == id).expect("registered");
    let wxf = find("wxf");
    let games: Vec<(XqSetup, Vec<Move>)> = (0..64)
        .map(|seed| {
            // Every start position in turn, the seed choosing the moves.
            let mut input = XqInput::from_seed(seed, 300);
            let start = seed as usize % STARTS.len();
            input.setup = XqInput::from_bytes(&[start as u8]).expect("a start").setup;
            let game = record(&input, wxf);
            (input.setup, game)
        })
        .collect();
    let total: usize = games.iter().map(|(_, g)| g.len()).sum();
    let repetitions = games
        .iter()
        .filter(|(setup, game)| {
            let mut r = (wxf.make)();
            r.start(setup).expect("internal referee");
            game.iter().for_each(|mv| {
                r.play(mv).expect("internal referee");
            });
            matches!(r.status(), Ok(rulediff::Status::Over { outcome })
                if outcome.summary().contains("perpetual") || outcome.summary().contains("repetition"))
        })
        .count();
    eprintln!(
        "{} games, {total} plies, {repetitions} ended by a repetition the WXF judge ruled on",
        games.len()
    );
    let mut group = c.benchmark_group("xiangqi_plies");
    group
        .throughput(Throughput::Elements(total as u64))
        .sample_size(20)
        .measurement_time(Duration::from_secs(4));
    for id in ["no-repetition", "check-only", "wxf", "wxf@spec"] {
        let referee = find(id);
        assert_eq!(replay(referee, &games), total, "{id} accepts every move");
        group.bench_function(id, |b| b.iter(|| replay(referee, &games)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
