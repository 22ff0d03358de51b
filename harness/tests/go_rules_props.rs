//! Properties of the Go ko rules on random games of 2–4 players (a tenth with 5–8) on random
//! small graphs, each game drawn from a seed by `rulediff::go::random_game`. The properties
//! themselves live in `rulediff::check::go_rules` (with the inclusions that hold and the ones
//! that do not, and why) so that the fuzzer runs the same checks; here each runs over 10,000
//! games.

use std::collections::HashSet;

use proptest::prelude::*;

use rulediff::check::go_rules;
use rulediff::go::Go;
use rulediff::go::KoKind;
use rulediff::Refereed;

const GAMES: u32 = 10_000;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: GAMES,
        // A failure names its seed; the seed alone replays the game.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn holds(result: Result<(), rulediff::check::Violation>) -> Result<(), TestCaseError> {
    result.map_err(|v| TestCaseError::fail(v.0))
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
        "ancient-territory",
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
        "ancient-territory",
        "ing",
    ] {
        let id = format!("katago-{katago}");
        assert!(ids.contains(id.as_str()), "{id}");
        assert!(ids.contains(format!("{id}@spec").as_str()), "{id}@spec");
    }
    assert_eq!(ids.len(), registry.len(), "ids are unique");
}

/// The inclusions that fail do fail: the checks above are not vacuous, and the corpus
/// counterexamples are not flukes. Among the first seeds, three-player games show basic ko
/// forbidding what SSK allows.
#[test]
fn ssk_within_simple_ko_fails_with_three_players() {
    use rulediff::go::Walk;
    let kinds = [KoKind::Simple, KoKind::Situational { passes: true }];
    let found = (0..2_000u64).any(|seed| {
        let mut game = rulediff::go::random_game(seed);
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
            let play = rulediff::go::random_play(&mut game.rng, &candidates);
            walk.play(play);
        }
        false
    });
    assert!(
        found,
        "no three-player game where SSK allows a basic-ko recapture"
    );
}

/// Referees that declare the same legality class (a preset and the ko rule it uses) allow
/// the same plays at every step: campaigns ask only one of them for its legal set.
#[test]
fn legality_classes_allow_the_same_plays() {
    use rand::{Rng, SeedableRng};
    use rulediff::go::random_setup as setup;

    let registry = Go::registry();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut shared = 0;
    for _ in 0..60 {
        let players = rng.gen_range(2..=4);
        let setup = setup(&mut rng, players);
        let mut referees: Vec<_> = registry.iter().map(|r| (r, (r.make)())).collect();
        // KataGo's rules refuse games of three or more players.
        referees.retain_mut(|(_, r)| r.start(&setup).is_ok());
        for _ in 0..4 * setup.graph.len() {
            let sets: Vec<_> = referees
                .iter_mut()
                .map(|(_, r)| r.legal_plays().unwrap())
                .collect();
            for (i, (a, _)) in referees.iter().enumerate() {
                for (j, (b, _)) in referees.iter().enumerate().skip(i + 1) {
                    if a.legality.is_some() && a.legality == b.legality {
                        assert_eq!(sets[i], sets[j], "{} and {} share a class", a.id, b.id);
                        shared += 1;
                    }
                }
            }
            // Continue with a play every referee allows, as campaigns do.
            let common: Vec<_> = sets[0]
                .iter()
                .filter(|p| sets.iter().all(|s| s.contains(p)))
                .collect();
            if common.is_empty() {
                break;
            }
            let play = *common[rng.gen_range(0..common.len())];
            let over = referees.iter_mut().any(|(_, r)| {
                r.play(&play).unwrap();
                r.status().unwrap().is_over()
            });
            if over {
                break;
            }
        }
    }
    assert!(shared > 1000, "classes were compared ({shared} pairs)");
}

#[test]
fn rules_lists_take_patterns_and_exclusions() {
    let registry = Go::registry();
    let fast = rulediff::select(&registry, "all,-*@spec").unwrap();
    assert!(!fast.is_empty() && fast.iter().all(|r| !r.id.ends_with("@spec")));
    let psk = rulediff::select(&registry, "psk*,-*@spec").unwrap();
    let ids: Vec<&str> = psk.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["psk", "psk+suicide", "psk+all-suicide"]);
    assert!(rulediff::select(&registry, "nothing*").is_err());
}
