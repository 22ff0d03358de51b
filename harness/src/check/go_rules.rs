//! Properties of the Go ko rules, each checked on one random game drawn from a seed (see
//! [`crate::go::random::game`]): the proptests run them over 10,000 seeds per test, and a fuzz
//! target can feed them any seed it likes. Each returns the first violation found, described
//! well enough to rebuild the game as a case.
//!
//! Inclusions, for one history and one suicide policy ("⊆" on the sets of legal stone plays):
//! - PSK ⊆ SSK ⊆ SSK-stones ⊆ no-ko, PSK ⊆ NSK, PSK ⊆ simple ko ⊆ no-ko: by definition.
//! - SSK ⊆ simple ko with two players only. With three or more, the board a basic-ko
//!   recapture restores existed with the *previous* seat to move, not the next, so SSK allows
//!   what basic ko forbids (`corpus/go/rules/ssk-three-players-basic-ko.toml`).
//! - SSK-stones ⊆ simple ko and NSK ⊆ simple ko fail even with two players: if the
//!   recapturer passed just before the opponent took the ko, the board before the taking
//!   existed only as the situation after that pass, and the opponent created it
//!   (`corpus/go/rules/ssk-pass-then-ko.toml`). Neither inclusion is claimed here.

use std::collections::HashSet;

use rand::Rng;

use crate::go::board::Colour;
use crate::go::random::{self, Walk};
use crate::go::rules::kinds::KoKind;
use crate::go::rules::{Basics, GoReferee};
use crate::go::GoPlay;
use crate::referee::{Referee, Verdict};

/// The rules whose verdicts the inclusion check compares, in this order.
const SHARED: [KoKind; 6] = [
    KoKind::NoKo,
    KoKind::Simple,
    KoKind::Positional,
    KoKind::Situational { passes: true },
    KoKind::Situational { passes: false },
    KoKind::Natural,
];

fn fail(what: impl Into<String>) -> Result<(), super::Violation> {
    Err(super::Violation(what.into()))
}

/// The inclusions that hold by definition, checked for every candidate stone play at every
/// step of one shared history (any play the suicide policy allows is made, so positions do
/// repeat).
pub fn inclusions(seed: u64) -> Result<(), super::Violation> {
    let mut game = random::game(seed);
    let mut walk = Walk::new(&game.setup, game.policy, &SHARED);
    let graph = &game.setup.graph;
    for step in 0..game.steps {
        let candidates = walk.candidates();
        for (v, effect) in &candidates {
            let f: Vec<bool> = walk
                .verdicts(*v, effect)
                .iter()
                .map(Option::is_some)
                .collect();
            let [no_ko, simple, psk, ssk, ssk_stones, nsk] = f[..] else {
                unreachable!("one verdict per shared rule")
            };
            let at = || {
                format!(
                    "seed {seed}, step {step}, vertex {} on {}, {} players",
                    graph.name(*v),
                    graph.description(),
                    game.setup.players
                )
            };
            let broken = if no_ko {
                Some("no-ko forbids a play")
            } else if ssk_stones && !ssk {
                Some("SSK-stones forbids, SSK allows")
            } else if ssk && !psk {
                Some("SSK forbids, PSK allows")
            } else if nsk && !psk {
                Some("NSK forbids, PSK allows")
            } else if simple && !psk {
                Some("simple ko forbids, PSK allows")
            } else if game.setup.players == 2 && simple && !ssk {
                Some("simple ko forbids, SSK allows (two players)")
            } else {
                None
            };
            if let Some(what) = broken {
                return fail(format!("{what}: {}", at()));
            }
        }
        let play = random::choose(&mut game.rng, &candidates);
        walk.play(play);
    }
    Ok(())
}

/// Under each superko form, played out with only the plays it allows, no stone play creates
/// what the form forbids recreating; under each cycle rule, the game ends right after the
/// first stone play that recreates a position (in that rule's sense) and never otherwise.
/// Passing is always legal and an occupied point never is.
pub fn repetitions(seed: u64) -> Result<(), super::Violation> {
    let mut game = random::game(seed);
    let kinds: Vec<KoKind> = KoKind::ALL
        .into_iter()
        .filter(|k| !matches!(k, KoKind::NoKo | KoKind::Simple))
        .collect();
    let kind = kinds[game.rng.gen_range(0..kinds.len())];
    let setup = &game.setup;
    let mut referee = GoReferee::new(kind.id(), Basics::new(game.policy), kind.rule());
    referee.start(setup).map_err(|e| e.to_string())?;
    let n = setup.players;
    // What each rule remembers, kept independently of the referee's hashing: the board, with
    // the seat to move next (situational rules) or the seat that created it (NSK).
    let key = |cells: &[Colour], mover: usize| -> (Vec<Colour>, usize) {
        match kind {
            KoKind::Situational { .. } | KoKind::CycleVoid { situational: true } => {
                (cells.to_vec(), (mover + 1) % n)
            }
            KoKind::Natural => (cells.to_vec(), mover),
            _ => (cells.to_vec(), n),
        }
    };
    let cycle_rule = matches!(kind, KoKind::Chinese(_) | KoKind::CycleVoid { .. });
    let mut seen: HashSet<(Vec<Colour>, usize)> = HashSet::new();
    if kind != KoKind::Natural {
        seen.insert(key(&setup.stones, (setup.to_move + n - 1) % n));
    }
    let mut to_move = setup.to_move;
    let err = |e: crate::referee::Fault| e.to_string();
    for step in 0..game.steps {
        let at = || format!("{} seed {seed} step {step}", kind.id());
        if referee.status().map_err(err)?.is_over() {
            break;
        }
        if referee.judge(&GoPlay::Pass).map_err(err)? != Verdict::Legal {
            return fail(format!("a pass was not legal: {}", at()));
        }
        let cells = referee.board().expect("started").cells().to_vec();
        if let Some(v) = cells.iter().position(|&c| c != 0) {
            let verdict = referee.judge(&GoPlay::Stone(v as u16)).map_err(err)?;
            if verdict != Verdict::illegal("occupied") {
                return fail(format!("an occupied point was {verdict}: {}", at()));
            }
        }
        let legal = referee.legal_plays().map_err(err)?;
        let play = if game.rng.gen_bool(0.08) {
            GoPlay::Pass
        } else {
            legal[game.rng.gen_range(0..legal.len())]
        };
        if !referee.play(&play).map_err(err)?.is_legal() {
            return fail(format!("a play from legal_plays was refused: {}", at()));
        }
        let after = referee.board().expect("started").cells().to_vec();
        if matches!(play, GoPlay::Stone(_)) {
            let fresh = seen.insert(key(&after, to_move));
            let over = referee.status().map_err(err)?.is_over();
            if cycle_rule && over == fresh {
                return fail(format!(
                    "repeated = {}, game over = {over}: {}",
                    !fresh,
                    at()
                ));
            }
            if !cycle_rule && !fresh {
                return fail(format!("a forbidden repetition was played: {}", at()));
            }
        } else if kind == (KoKind::Situational { passes: true }) {
            seen.insert(key(&after, to_move));
        }
        to_move = (to_move + 1) % n;
    }
    Ok(())
}

/// The fast and spec referee of one rule say the same about every step: the play made, a
/// sample of other plays (occupied points included), passes, and the status.
pub fn spec_agrees(seed: u64) -> Result<(), super::Violation> {
    let mut game = random::game(seed);
    let kind = KoKind::ALL[game.rng.gen_range(0..KoKind::ALL.len())];
    let basics = Basics::new(game.policy);
    let mut fast = kind.referee(kind.id().into(), basics.clone());
    let mut spec = kind.spec_referee(format!("{}@spec", kind.id()), basics);
    let err = |e: crate::referee::Fault| e.to_string();
    fast.start(&game.setup).map_err(err)?;
    spec.start(&game.setup).map_err(err)?;
    let n = game.setup.graph.len() as u16;
    for step in 0..game.steps {
        let at = || {
            format!(
                "{} seed {seed} step {step} on {}",
                kind.id(),
                game.setup.graph.description()
            )
        };
        let status = fast.status().map_err(err)?;
        if status != spec.status().map_err(err)? {
            return fail(format!("status differs: {}", at()));
        }
        if status.is_over() {
            break;
        }
        let probes = [
            GoPlay::Pass,
            GoPlay::Stone(game.rng.gen_range(0..n)),
            GoPlay::Stone(game.rng.gen_range(0..n)),
            GoPlay::Stone(game.rng.gen_range(0..n)),
        ];
        for probe in probes {
            let (a, b) = (
                fast.judge(&probe).map_err(err)?,
                spec.judge(&probe).map_err(err)?,
            );
            if a != b {
                return fail(format!("{probe:?}: fast {a}, spec {b}: {}", at()));
            }
            if probe == GoPlay::Pass && a != Verdict::Legal {
                return fail(format!("a pass was {a}: {}", at()));
            }
        }
        let legal = fast.legal_plays().map_err(err)?;
        let play = if game.rng.gen_bool(0.08) {
            GoPlay::Pass
        } else {
            legal[game.rng.gen_range(0..legal.len())]
        };
        let (a, b) = (
            fast.play(&play).map_err(err)?,
            spec.play(&play).map_err(err)?,
        );
        if a != b {
            return fail(format!("playing {play:?}: fast {a}, spec {b}: {}", at()));
        }
    }
    Ok(())
}
