//! What the Go benches share: random games recorded untimed, replayed timed.

use std::hint::black_box;

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rulediff::go::{Go, GoPlay, GoSetup};
use rulediff::referee::RefereeInfo;

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
