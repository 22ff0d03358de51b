//! Plies per second with repetition tracking: repetition-heavy random games are recorded
//! first (untimed, from the five `check::chess_game::STARTS`, moves mostly reversible), then
//! replayed through a referee, each ply made and the game's status asked (which for `fide`
//! includes the claims by intended move), until the referee ends the game: the throughput is
//! the plies it made. The games are also written to
//! `target/chess-bench-games.txt` so `harness/bridges/bench_python_chess.py` times
//! python-chess on the very same plies.
//!
//! A second group, `chess_repetition`, times the repetition rule alone per ply (each detector
//! of issue 9 beside FIDE's own counting) on the same games.
//!
//! `cargo bench --bench chess_plies`

use std::hint::black_box;
use std::io::Write as _;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rulediff::check::{pick_move, CHESS_STARTS as STARTS};
use rulediff::chess::DrawRules;
use rulediff::chess::FideCuckoo;
use rulediff::chess::Keys;
use rulediff::chess::Line;
use rulediff::chess::Moves;
use rulediff::chess::SpecFide;
use rulediff::chess::Table;
use rulediff::chess::ThreefoldBy;
use rulediff::chess::{legal_move, uci_of, Chess, ChessSetup};
use rulediff::chess::{Fide, FideClaims as Claims, FideKind as Kind};
use rulediff::{RefereeInfo, Refereed};
use shakmaty::uci::UciMove;
use shakmaty::Position;

const GAMES: usize = 200;
const MAX_PLIES: usize = 400;

/// A game played until `fide-no-claim` ends it (fivefold, 75 moves, mate…) or 400 plies.
fn record(setup: &ChessSetup, rng: &mut ChaCha8Rng, judge: &RefereeInfo<Chess>) -> Vec<UciMove> {
    let mut referee = (judge.make)();
    referee.start(setup).expect("internal referee");
    let mut pos = setup.start.clone();
    let mut game = Vec::new();
    while game.len() < MAX_PLIES && !referee.status().expect("internal").is_over() {
        let Some(m) = pick_move(&pos, rng.gen()) else {
            break;
        };
        referee.play(&uci_of(m)).expect("internal referee");
        pos.play_unchecked(m);
        game.push(uci_of(m));
    }
    game
}

fn games() -> Vec<(ChessSetup, Vec<UciMove>)> {
    let registry = Chess::registry();
    let judge = registry
        .iter()
        .find(|r| r.id == "fide-no-claim")
        .expect("registered");
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    (0..GAMES)
        .map(|i| {
            let setup = ChessSetup::from_fen(STARTS[i % STARTS.len()]).expect("valid FEN");
            let game = record(&setup, &mut rng, judge);
            (setup, game)
        })
        .collect()
}

fn save(games: &[(ChessSetup, Vec<UciMove>)]) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../target/chess-bench-games.txt"
    );
    let mut file = std::fs::File::create(path).expect("target/ writable");
    for (setup, game) in games {
        let moves: Vec<String> = game.iter().map(|m| m.to_string()).collect();
        writeln!(file, "{}|{}", setup.fen, moves.join(" ")).expect("write games");
    }
}

/// Plies made: each game until the referee says it is over.
fn replay(referee: &RefereeInfo<Chess>, games: &[(ChessSetup, Vec<UciMove>)]) -> usize {
    let mut r = (referee.make)();
    let mut plies = 0;
    for (setup, game) in games {
        r.start(setup).expect("internal referee");
        for play in game {
            if r.status().expect("internal").is_over() {
                break;
            }
            r.play(black_box(play)).expect("internal referee");
            plies += 1;
        }
    }
    plies
}

fn bench(c: &mut Criterion) {
    let registry = Chess::registry();
    let games = games();
    save(&games);
    let mut group = c.benchmark_group("chess_plies");
    group.sample_size(10);
    let ids = std::env::var("RULEDIFF_BENCH_RULES").unwrap_or_else(|_| {
        "fide-no-claim,fide,threefold-automatic,german,fide-no-claim@spec".into()
    });
    for id in ids.split(',') {
        let referee = registry.iter().find(|r| r.id == id).expect("registered id");
        let plies = replay(referee, &games);
        group.throughput(Throughput::Elements(plies as u64));
        group.bench_function(id, |b| b.iter(|| replay(referee, &games)));
    }
    group.finish();
}

type Rules = fn() -> Box<dyn DrawRules>;

/// The repetition rule alone, per ply: the line grows by one move (the `line only` baseline)
/// and the rule updates and answers; no move generation for mate or stalemate.
fn repetition(c: &mut Criterion) {
    let games = games();
    let plies: usize = games.iter().map(|(_, g)| g.len()).sum();
    let mut group = c.benchmark_group("chess_repetition");
    group.sample_size(10);
    group.throughput(Throughput::Elements(plies as u64));
    let candidates: [(&str, Option<Rules>); 9] = [
        ("line only", None),
        (
            "threefold (FIDE keys window)",
            Some(|| Box::new(Fide::new(Kind::ThreefoldAutomatic))),
        ),
        (
            "threefold@spec (full rescan)",
            Some(|| Box::new(SpecFide::new(Kind::ThreefoldAutomatic))),
        ),
        (
            "detect-keys",
            Some(|| Box::new(ThreefoldBy::new(Box::new(Keys::default()), false))),
        ),
        (
            "detect-table",
            Some(|| Box::new(ThreefoldBy::new(Box::new(Table::new(true)), false))),
        ),
        (
            "detect-table-unconfirmed",
            Some(|| Box::new(ThreefoldBy::new(Box::new(Table::new(false)), false))),
        ),
        (
            "detect-moves",
            Some(|| Box::new(ThreefoldBy::new(Box::new(Moves), false))),
        ),
        (
            "fide claims (intended move by trying moves)",
            Some(|| Box::new(Fide::new(Kind::Fide(Claims::FirstChance)))),
        ),
        (
            "detect-cuckoo (intended move by cuckoo)",
            Some(|| Box::new(FideCuckoo::rules())),
        ),
    ];
    for (name, rules) in candidates {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut draws = 0;
                for (setup, game) in &games {
                    let mut line = Line::new(setup.start.clone());
                    let mut r = rules.map(|make| make());
                    if let Some(r) = r.as_mut() {
                        r.start(&line);
                    }
                    for play in game {
                        line.push(legal_move(line.pos(), play).expect("recorded legal"));
                        if let Some(r) = r.as_mut() {
                            r.pushed(&line);
                            draws += r.draw(&line).is_some() as usize;
                        }
                    }
                }
                black_box(draws)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench, repetition);
criterion_main!(benches);
