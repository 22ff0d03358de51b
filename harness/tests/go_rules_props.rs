//! Properties of the Go ko rules, on random games of 2–4 players on random small graphs.
//!
//! Each proptest case is one game drawn from a seed by the library's generators
//! (`rulediff::go::random`), so the fuzzer can replay the same games; 10,000 games per test.
//!
//! Inclusions (for one history and one suicide policy; "⊆" on the sets of legal stone plays):
//! - PSK ⊆ SSK ⊆ SSK-stones ⊆ no-ko, PSK ⊆ NSK, PSK ⊆ simple ko ⊆ no-ko: by definition.
//! - SSK ⊆ simple ko holds with two players only. With three or more, the position a
//!   basic-ko recapture restores existed with the *previous* seat to move, not the next, so
//!   SSK allows what basic ko forbids (`corpus/go/rules/ssk-three-players-basic-ko.toml`).
//! - SSK-stones (passes create no situation) ⊆ simple ko fails even with two players: if the
//!   recapturer passed just before the opponent took the ko, the board before the taking
//!   existed only as the situation after that pass (`corpus/go/rules/ssk-pass-then-ko.toml`).

use std::collections::HashSet;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use rulediff::go::board::Colour;
use rulediff::go::random::{self, Walk};
use rulediff::go::rules::kinds::KoKind;
use rulediff::go::rules::{Basics, GoReferee};
use rulediff::go::{Go, GoPlay, GoSetup};
use rulediff::referee::{Referee, Verdict};

const GAMES: u32 = 10_000;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: GAMES,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A game's parameters from its seed.
fn game(seed: u64) -> (ChaCha8Rng, GoSetup, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let players = rng.gen_range(2..=4);
    let setup = random::setup(&mut rng, players);
    let steps = rng.gen_range(4..=3 * setup.graph.len() + 16);
    (rng, setup, steps)
}

const SHARED: [KoKind; 6] = [
    KoKind::NoKo,
    KoKind::Simple,
    KoKind::Positional,
    KoKind::Situational { passes: true },
    KoKind::Situational { passes: false },
    KoKind::Natural,
];

proptest! {
    #![proptest_config(config())]

    /// The inclusions that hold by definition, checked for every candidate stone play at
    /// every step of one shared history (any play the suicide policy allows is made).
    #[test]
    fn inclusions_hold_on_one_history(seed in any::<u64>()) {
        let (mut rng, setup, steps) = game(seed);
        let policy = random::suicide_policy(&mut rng);
        let mut walk = Walk::new(&setup, policy, &SHARED);
        for step in 0..steps {
            let candidates = walk.candidates();
            for (v, effect) in &candidates {
                let f: Vec<bool> = walk.verdicts(*v, effect).iter().map(Option::is_some).collect();
                let [no_ko, simple, psk, ssk, ssk_stones, nsk] = f[..] else { unreachable!() };
                let at = format!("seed {seed}, step {step}, vertex {}, {}", setup.graph.name(*v), setup.graph.description());
                prop_assert!(!no_ko, "no-ko forbade a play: {}", at);
                prop_assert!(!ssk_stones || ssk, "SSK-stones forbids, SSK allows: {}", at);
                prop_assert!(!ssk || psk, "SSK forbids, PSK allows: {}", at);
                prop_assert!(!nsk || psk, "NSK forbids, PSK allows: {}", at);
                prop_assert!(!simple || psk, "simple ko forbids, PSK allows: {}", at);
                if setup.players == 2 {
                    prop_assert!(!simple || ssk, "simple ko forbids, SSK allows: {}", at);
                }
            }
            let play = random::choose(&mut rng, &candidates);
            walk.play(play);
        }
    }

    /// Under each superko form, played out with only the plays it allows, no stone play
    /// creates what the form forbids recreating; under each cycle rule, the game ends right
    /// after the first stone play that recreates a position (in that rule's sense) and never
    /// otherwise. Passing is always legal and an occupied point never is.
    #[test]
    fn forbidden_repetitions_never_happen_and_cycles_end_games(seed in any::<u64>()) {
        let (mut rng, setup, steps) = game(seed);
        let policy = random::suicide_policy(&mut rng);
        let kinds: Vec<KoKind> = KoKind::ALL.into_iter().filter(|k| *k != KoKind::NoKo && *k != KoKind::Simple).collect();
        let kind = kinds[rng.gen_range(0..kinds.len())];
        let mut referee = GoReferee::new(kind.id(), Basics::new(policy), kind.rule());
        referee.start(&setup).unwrap();
        let n = setup.players;
        // What each rule remembers, kept independently of the referee's hashing: the board,
        // with the seat to move next (situational rules) or the seat that created it (NSK).
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
        for step in 0..steps {
            if referee.status().unwrap().is_over() {
                break;
            }
            prop_assert_eq!(referee.judge(&GoPlay::Pass).unwrap(), Verdict::Legal);
            let cells = referee.board().unwrap().cells().to_vec();
            if let Some(v) = cells.iter().position(|&c| c != 0) {
                prop_assert_eq!(referee.judge(&GoPlay::Stone(v as u16)).unwrap(), Verdict::illegal("occupied"));
            }
            let legal = referee.legal_plays().unwrap();
            let play = if rng.gen_bool(0.08) { GoPlay::Pass } else { legal[rng.gen_range(0..legal.len())] };
            prop_assert!(referee.play(&play).unwrap().is_legal());
            let after = referee.board().unwrap().cells().to_vec();
            if matches!(play, GoPlay::Stone(_)) {
                let fresh = seen.insert(key(&after, to_move));
                if cycle_rule {
                    prop_assert_eq!(referee.status().unwrap().is_over(), !fresh,
                        "{} at step {}, seed {}: repeated = {}", kind.id(), step, seed, !fresh);
                } else {
                    prop_assert!(fresh, "{} recreated a forbidden {:?} at step {step}, seed {seed}",
                        kind.id(), key(&after, to_move));
                }
            } else if kind == (KoKind::Situational { passes: true }) {
                seen.insert(key(&after, to_move));
            }
            to_move = (to_move + 1) % n;
        }
    }

    /// The fast and spec referee of every rule say the same about every step: the play
    /// made, a sample of other plays (passes and occupied points included), and the status.
    #[test]
    fn spec_and_fast_agree(seed in any::<u64>()) {
        let (mut rng, setup, steps) = game(seed);
        let policy = random::suicide_policy(&mut rng);
        let kind = KoKind::ALL[rng.gen_range(0..KoKind::ALL.len())];
        let mut fast = kind.referee(kind.id().into(), Basics::new(policy));
        let mut spec = kind.spec_referee(format!("{}@spec", kind.id()), Basics::new(policy));
        fast.start(&setup).unwrap();
        spec.start(&setup).unwrap();
        let n = setup.graph.len() as u16;
        for step in 0..steps {
            let at = format!("{} seed {seed} step {step} on {}", kind.id(), setup.graph.description());
            prop_assert_eq!(fast.status().unwrap(), spec.status().unwrap(), "status: {}", at);
            if fast.status().unwrap().is_over() {
                break;
            }
            for _ in 0..3 {
                let probe = GoPlay::Stone(rng.gen_range(0..n));
                prop_assert_eq!(fast.judge(&probe).unwrap(), spec.judge(&probe).unwrap(), "{:?}: {}", probe, at);
            }
            prop_assert_eq!(fast.judge(&GoPlay::Pass).unwrap(), Verdict::Legal);
            prop_assert_eq!(spec.judge(&GoPlay::Pass).unwrap(), Verdict::Legal);
            let legal = fast.legal_plays().unwrap();
            let play = if rng.gen_bool(0.08) { GoPlay::Pass } else { legal[rng.gen_range(0..legal.len())] };
            prop_assert_eq!(fast.play(&play).unwrap(), spec.play(&play).unwrap(), "{:?}: {}", play, at);
        }
    }
}

/// Every listed rule id resolves in the registry, with its spec twin and suicide variants.
#[test]
fn registry_has_every_rule_and_preset() {
    use rulediff::referee::Refereed;
    let registry = Go::registry();
    let ids: HashSet<&str> = registry.iter().map(|r| r.id.as_str()).collect();
    for kind in KoKind::ALL {
        for suffix in ["", "+suicide", "+all-suicide"] {
            let id = format!("{}{suffix}", kind.id());
            assert!(ids.contains(id.as_str()), "{id}");
            assert!(ids.contains(format!("{id}@spec").as_str()), "{id}@spec");
        }
    }
    for preset in [
        "tromp-taylor",
        "chinese",
        "chinese-forum",
        "chinese-practice",
        "japanese",
        "korean",
        "aga",
        "new-zealand",
        "ing",
        "kgs",
        "chinese-ogs",
        "chinese-kgs",
        "stone-scoring",
        "bga",
        "aga-button",
        "katago-chinese",
        "katago-aga-button",
    ] {
        assert!(ids.contains(preset), "{preset}");
    }
    assert_eq!(ids.len(), registry.len(), "ids are unique");
}
