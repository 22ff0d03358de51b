//! Properties of the Go ko rules on random games of 2–4 players (a tenth with 5–8) on random
//! small graphs, each game drawn from a seed by `rulediff::go::random::game`. The properties
//! themselves live in `rulediff::check::go_rules` (with the inclusions that hold and the ones
//! that do not, and why) so that the fuzzer runs the same checks; here each runs over 10,000
//! games.

use std::collections::HashSet;

use proptest::prelude::*;

use rulediff::check::go_rules;
use rulediff::go::rules::kinds::KoKind;
use rulediff::go::Go;
use rulediff::referee::Refereed;

const GAMES: u32 = 10_000;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: GAMES,
        // A failure names its seed; the seed alone replays the game.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn holds(result: Result<(), String>) -> Result<(), TestCaseError> {
    result.map_err(TestCaseError::fail)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn inclusions_hold_on_one_history(seed in any::<u64>()) {
        holds(go_rules::inclusions(seed))?;
    }

    #[test]
    fn forbidden_repetitions_never_happen_and_cycles_end_games(seed in any::<u64>()) {
        holds(go_rules::repetitions(seed))?;
    }

    #[test]
    fn spec_and_fast_agree(seed in any::<u64>()) {
        holds(go_rules::spec_agrees(seed))?;
    }
}

/// Every rule id resolves in the registry, with its spec twin and suicide variants, and so
/// does every preset.
#[test]
fn registry_has_every_rule_and_preset() {
    let registry = Go::registry();
    let ids: HashSet<&str> = registry.iter().map(|r| r.id.as_str()).collect();
    for kind in KoKind::ALL {
        for suffix in ["", "+suicide", "+all-suicide"] {
            let id = format!("{}{suffix}", kind.id());
            assert!(ids.contains(id.as_str()), "{id}");
            assert!(ids.contains(format!("{id}@spec").as_str()), "{id}@spec");
        }
    }
    let presets = [
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
    ];
    for preset in presets {
        assert!(ids.contains(preset), "{preset}");
    }
    for katago in [
        "tromp-taylor",
        "chinese",
        "chinese-ogs",
        "chinese-kgs",
        "japanese",
        "korean",
        "stone-scoring",
        "aga",
        "bga",
        "new-zealand",
        "aga-button",
    ] {
        let id = format!("katago-{katago}");
        assert!(ids.contains(id.as_str()), "{id}");
    }
    assert_eq!(ids.len(), registry.len(), "ids are unique");
}

/// The inclusions that fail do fail: the checks above are not vacuous, and the corpus
/// counterexamples are not flukes. Among the first seeds, three-player games show basic ko
/// forbidding what SSK allows.
#[test]
fn ssk_within_simple_ko_fails_with_three_players() {
    use rulediff::go::random::{self, Walk};
    let kinds = [KoKind::Simple, KoKind::Situational { passes: true }];
    let found = (0..2_000u64).any(|seed| {
        let mut game = random::game(seed);
        if game.setup.players < 3 {
            return false;
        }
        let mut walk = Walk::new(&game.setup, game.policy, &kinds);
        for _ in 0..game.steps {
            let candidates = walk.candidates();
            for (v, e) in &candidates {
                let f = walk.verdicts(*v, e);
                if f[0].is_some() && f[1].is_none() {
                    return true;
                }
            }
            let play = random::choose(&mut game.rng, &candidates);
            walk.play(play);
        }
        false
    });
    assert!(
        found,
        "no three-player game where SSK allows a basic-ko recapture"
    );
}
