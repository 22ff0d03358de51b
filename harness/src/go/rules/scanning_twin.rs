//! Test support for the spec referees' caches: a cached spec stepped beside its scanning
//! twin (the same rules with nothing cached), asked as a campaign asks.

use crate::go::graph::Vertex;
use crate::go::{Go, GoPlay, GoSetup};
use crate::referee::{Referee, StepMemo};

/// A seeded xorshift generator for the random games of these tests.
pub(crate) fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// Plays up to `steps` plies from `setup` through `cached` and `scanning`, asserting at each
/// step that they rule alike: the legal set (the cached one through a step memo, kept or
/// cleared at random), whatever `also` compares (at each step after the legal sets, and
/// after the last play), every stone, pass and appeal judged, the chosen play and the
/// status. `choose` picks the play from the legal set and the candidates
/// (`None` ends the game).
pub(crate) fn step_alike<R: Referee<Go>>(
    (cached, scanning): (&mut R, &mut R),
    setup: &GoSetup,
    steps: usize,
    next: &mut impl FnMut() -> u64,
    mut choose: impl FnMut(&[GoPlay], &[GoPlay], &mut dyn FnMut() -> u64) -> Option<GoPlay>,
    also: impl Fn(&mut R, &mut R),
) {
    cached.start(setup).unwrap();
    scanning.start(setup).unwrap();
    let mut candidates: Vec<GoPlay> = (0..setup.stones.len() as Vertex)
        .map(GoPlay::Stone)
        .collect();
    candidates.extend([GoPlay::Pass, GoPlay::Appeal]);
    let mut memo = StepMemo::default();
    for _ in 0..steps {
        let legal = scanning.legal_plays().unwrap();
        assert_eq!(cached.legal_plays_memo(&mut memo).unwrap(), legal);
        also(cached, scanning);
        for p in &candidates {
            assert_eq!(cached.judge(p).unwrap(), scanning.judge(p).unwrap());
        }
        let Some(play) = choose(&legal, &candidates, next) else {
            break;
        };
        assert_eq!(cached.play(&play).unwrap(), scanning.play(&play).unwrap());
        assert_eq!(cached.status().unwrap(), scanning.status().unwrap());
        if next().is_multiple_of(3) {
            memo.clear();
        }
    }
    also(cached, scanning);
}
