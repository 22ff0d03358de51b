//! Kee Rules: every reading is registered with the sentence it reads, rescinds give the move
//! back, fast and spec referees agree, the claims hold or fail as `check::kee_claims::expected`
//! says, and the exhaustive search settles the smallest boards.

use std::path::{Path, PathBuf};

use rulediff::check::kee_claims::{self, Claim, Expect, Policy};
use rulediff::check::{search_finite as search, Budget, Finiteness};
use rulediff::go::KEE_VARIANTS as VARIANTS;
use rulediff::go::{Go, GoPlay, GoSetup};
use rulediff::AnyCase;
use rulediff::Case;
use rulediff::Family;
use rulediff::Graph;
use rulediff::RunOptions as Options;
use rulediff::{Referee, Refereed, Status};

fn referee(id: &str) -> Box<dyn Referee<Go>> {
    let registry = Go::registry();
    let info = registry.iter().find(|r| r.id == id).expect("registered");
    (info.make)()
}

fn plays(setup: &GoSetup, text: &str) -> Vec<GoPlay> {
    text.split_whitespace()
        .map(|t| Go::parse_play(setup, t).expect("a play"))
        .collect()
}

#[test]
fn every_reading_is_registered_with_its_spec_and_the_sentence_it_reads() {
    let registry = Go::registry();
    assert_eq!(VARIANTS[0].id, "kee", "the default comes first");
    for variant in &VARIANTS {
        let fast = registry.iter().find(|r| r.id == variant.id).expect("fast");
        assert!(fast.details.contains(variant.sentence), "{}", variant.id);
        assert!(fast.claims_finite, "{} carries Kee's claim 3", variant.id);
        let spec_id = format!("{}@spec", variant.id);
        assert!(registry.iter().any(|r| r.id == spec_id), "{spec_id}");
        let flipped = [
            variant.reading.rescind != VARIANTS[0].reading.rescind,
            variant.reading.replacement != VARIANTS[0].reading.replacement,
            variant.reading.start_appears != VARIANTS[0].reading.start_appears,
            variant.reading.idle_opponent_counts != VARIANTS[0].reading.idle_opponent_counts,
            variant.reading.passes_survive_rescind != VARIANTS[0].reading.passes_survive_rescind,
            variant.reading.appeal_names_disallowed != VARIANTS[0].reading.appeal_names_disallowed,
            variant.reading.opponents != VARIANTS[0].reading.opponents,
            variant.reading.cascade != VARIANTS[0].reading.cascade,
        ];
        let expected = usize::from(variant.id != "kee");
        assert_eq!(
            flipped.iter().filter(|&&f| f).count(),
            expected,
            "{} flips one axis of the default",
            variant.id
        );
    }
}

/// The 2-point example (a 2x1 board): White's capture is rescinded by Black's appeal and
/// White's own pass, and White moves again.
#[test]
fn a_rescind_gives_the_move_back_and_restores_the_board() {
    let setup = GoSetup::empty(Graph::grid(2, 1, false).unwrap(), 2);
    for id in ["kee", "kee@spec"] {
        let mut r = referee(id);
        r.start(&setup).unwrap();
        for play in plays(&setup, "A1 B1 appeal") {
            assert!(r.play(&play).unwrap().is_legal(), "{id} {play:?}");
        }
        assert_eq!(r.seat_to_move(), Some(1), "{id}: White after the appeal");
        assert!(r.play(&GoPlay::Pass).unwrap().is_legal());
        assert_eq!(r.seat_to_move(), Some(1), "{id}: White replaces his play");
        assert_eq!(r.status().unwrap(), Status::Ongoing, "{id}");
        // Rule 14: the replacement must differ; B1 is also forbidden by rule 11 now.
        assert!(!r.judge(&GoPlay::Stone(1)).unwrap().is_legal(), "{id}");
        assert!(r.play(&GoPlay::Pass).unwrap().is_legal());
        assert!(r.play(&GoPlay::Pass).unwrap().is_legal());
        let Status::Over { outcome } = r.status().unwrap() else {
            panic!("{id}: over after a round of passes")
        };
        assert_eq!(outcome.summary(), "B+2", "{id}: Black's stone stands");
    }
}

#[test]
fn lock_step_runs_name_the_seat_each_referee_gives_the_move_to() {
    let setup = GoSetup::empty(Graph::grid(2, 1, false).unwrap(), 2);
    let case = Case::<Go> {
        path: "seats.toml".into(),
        title: "seats".into(),
        comment: String::new(),
        setup: setup.clone(),
        plays: plays(&setup, "A1 B1 appeal pass pass pass"),
        rules: None,
        expect: Vec::new(),
        places: Default::default(),
    };
    let registry = Go::registry();
    let referees = rulediff::select(&registry, "kee,kee@spec").unwrap();
    let run = rulediff::run_case(&case, &referees, &Options::default());
    let seats: Vec<&str> = run.steps.iter().map(|s| s.seat.as_str()).collect();
    assert_eq!(seats, ["B", "W", "B", "W", "W", "B"]);
    let referees = rulediff::select(&registry, "kee,no-ko").unwrap();
    let run = rulediff::run_case(&case, &referees, &Options::default());
    assert_eq!(run.steps[2].seat, "B", "both have Black appeal or pass");
}

#[test]
fn fast_and_spec_agree_on_random_games() {
    for seed in 0..150 {
        if let Err(disagreement) = kee_claims::spec_agrees(seed) {
            panic!("{disagreement}");
        }
    }
}

#[test]
fn claims_that_hold_hold_on_random_games() {
    let found: Vec<String> = (0..300).flat_map(kee_claims::unexpected).collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

fn claim_cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/go/kee/claims");
    rulediff::discover_cases(&[dir]).expect("corpus/go/kee/claims exists")
}

/// Every claim that fails under a reading and policy has a minimized case in the corpus, and
/// replaying it under that reading and policy shows the violation.
#[test]
fn claims_that_fail_have_replayable_cases() {
    let cases: Vec<(PathBuf, Case<Go>)> = claim_cases()
        .into_iter()
        .map(|path| {
            let AnyCase::Go(case) = rulediff::load_case(&path).unwrap_or_else(|e| panic!("{e}"))
            else {
                panic!("{}: not a Go case", path.display())
            };
            (path, case)
        })
        .collect();
    for variant in &VARIANTS {
        for policy in Policy::ALL {
            for claim in Claim::ALL {
                if kee_claims::expected(variant.id, policy, claim) != Expect::Fails {
                    continue;
                }
                let prefix = format!(
                    "claim{}-{}",
                    claim.label(),
                    match policy {
                        Policy::AnyPlay => "any-play",
                        Policy::AppealWhenBound => "appeal",
                    }
                );
                let shown = cases.iter().any(|(path, case)| {
                    let name = path.file_name().unwrap().to_string_lossy();
                    let readings = case.rules.as_deref().unwrap_or("");
                    name.starts_with(&prefix)
                        && readings.split(',').any(|r| r == variant.id)
                        && kee_claims::check(&variant.into(), policy, &case.setup, &case.plays)
                            .violations
                            .iter()
                            .any(|v| v.claim == claim)
                });
                assert!(
                    shown,
                    "no case in corpus/go/kee/claims shows claim {} failing under {} ({})",
                    claim.label(),
                    variant.id,
                    policy.name()
                );
            }
        }
    }
}

fn finiteness(rule: &str, shape: &str, players: usize, budget: usize) -> Finiteness {
    let registry = Go::registry();
    let info = registry.iter().find(|r| r.id == rule).expect("registered");
    search(
        info,
        &GoSetup::empty(Graph::parse_shape(shape).unwrap(), players),
        Budget::states(budget),
    )
}

#[test]
fn the_smallest_boards_are_finite_under_the_default_reading() {
    assert_eq!(
        finiteness("kee", "1x1", 2, 100),
        Finiteness::Finite {
            longest: 2,
            states: 2
        }
    );
    let Finiteness::Finite { longest, .. } = finiteness("kee", "2x1", 2, 10_000) else {
        panic!("kee on 2x1")
    };
    assert_eq!(longest, 7);
}

/// When a rescind erases the record, a player can alternate between two captures, each
/// rescinded in turn, and the game returns to the same state for ever (`rulediff finite`
/// finds it on three points in a row).
#[test]
fn erasing_rescinds_allows_an_endless_game_on_three_points() {
    let Finiteness::Infinite { prefix, cycle, .. } =
        finiteness("kee:rescind-erases", "path:3", 2, 100_000)
    else {
        panic!("an endless game on path:3")
    };
    let setup = GoSetup::empty(Graph::path(3).unwrap(), 2);
    let mut r = referee("kee:rescind-erases");
    r.start(&setup).unwrap();
    let play = |r: &mut Box<dyn Referee<Go>>, text: &str| {
        let p = Go::parse_play(&setup, text).unwrap();
        assert!(r.play(&p).unwrap().is_legal(), "{text}");
        assert_eq!(r.status().unwrap(), Status::Ongoing);
    };
    prefix.iter().for_each(|p| play(&mut r, p));
    let before = r.state_key();
    cycle.iter().for_each(|p| play(&mut r, p));
    assert_eq!(r.state_key(), before, "the cycle returns to the same state");
    assert!(cycle.iter().any(|p| p == "appeal"), "rescinds drive it");
    // The default reading keeps the record: the same plays stop early.
    let mut kept = referee("kee");
    kept.start(&setup).unwrap();
    let all: Vec<GoPlay> = prefix
        .iter()
        .chain(&cycle)
        .chain(&cycle)
        .map(|t| Go::parse_play(&setup, t).unwrap())
        .collect();
    let refused = all.iter().any(|p| !kept.play(p).unwrap().is_legal());
    assert!(refused || kept.status().unwrap().is_over());
}

/// How long a rule-14 ban lasts parts two readings on three points in a row (issue 37): with
/// bans that end with any play the search finds an endless game; with bans that last until a
/// stone is played at their point (and come back with the game a rescind restores) every game
/// ends, and both the fast referee and its spec twin refuse the lasso at the same ply, the
/// lasting ban's (`corpus/go/kee/readings/ban-lasts-3-point-path.toml`: ply 25).
#[test]
fn the_ban_duration_parts_the_readings_on_three_points() {
    let any = "kee[rescind=erase,ban=pile,round=restarts]";
    let stone = "kee[rescind=erase,ban=pile,lasts=until-stone-at-point,round=restarts]";
    let registry = Go::registry_for(&format!("{any},{stone},{stone}@spec"));
    let find = |id: &str| registry.iter().find(|r| r.id == id).expect(id);
    let setup = GoSetup::empty(Graph::path(3).unwrap(), 2);
    let Finiteness::Infinite { prefix, cycle, .. } = search(
        find(any),
        &setup,
        Budget::states(100_000).with_symmetries(1),
    ) else {
        panic!("an endless game under {any}")
    };
    assert_eq!(
        search(
            find(stone),
            &setup,
            Budget::states(100_000).with_symmetries(1)
        ),
        Finiteness::Finite {
            longest: 37,
            states: 45_258
        }
    );
    let lasso: Vec<GoPlay> = prefix
        .iter()
        .chain(&cycle)
        .chain(&cycle)
        .map(|t| Go::parse_play(&setup, t).unwrap())
        .collect();
    let refusal = |id: &str| {
        let mut r = (find(id).make)();
        r.start(&setup).unwrap();
        lasso.iter().enumerate().find_map(|(i, p)| {
            let verdict = r.play(p).unwrap();
            (!verdict.is_legal()).then(|| (i, verdict.to_string()))
        })
    };
    let fast = refusal(stone).expect("the lasting ban refuses the lasso");
    assert!(fast.1.contains("replay-rescinded"), "{fast:?}");
    assert_eq!(refusal(&format!("{stone}@spec")), Some(fast));
}

/// Every case under `corpus/go/kee/` holds for each Kee reading's `@spec` twin too, with the
/// expectation written for the fast referee.
#[test]
fn spec_twins_meet_the_corpus_expectations() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/go/kee");
    let mut checked = 0;
    for path in rulediff::discover_cases(&[dir]).expect("corpus/go/kee exists") {
        let AnyCase::Go(case) = rulediff::load_case(&path).unwrap_or_else(|e| panic!("{e}")) else {
            panic!("{}: not a Go case", path.display())
        };
        for (id, expectation) in &case.expect {
            if !id.starts_with("kee") || id.ends_with("@spec") {
                continue;
            }
            let spec_id = format!("{id}@spec");
            // Combinations by parts (`kee[…]`) are made on demand.
            let registry = Go::registry_for(&spec_id);
            let spec = registry
                .iter()
                .find(|r| r.id == spec_id)
                .expect("spec twin");
            let run = rulediff::run_case(&case, &[spec], &Options::default());
            let checks =
                rulediff::check_expectations(&run, &[(spec_id.clone(), expectation.clone())]);
            assert_eq!(
                checks[0].ok,
                Some(true),
                "{}: {spec_id} expected {}, got {}",
                path.display(),
                checks[0].expected,
                checks[0].got
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 30,
        "only {checked} Kee expectations in the corpus"
    );
}

/// The state key is a fingerprint of the exact summary: on random games, equal fingerprints
/// come with equal summaries and different summaries with different fingerprints.
#[test]
fn state_keys_fingerprint_the_exact_summary() {
    use rulediff::go::KeeReferee;
    use std::collections::HashMap;
    let mut seen: HashMap<Vec<u64>, Vec<u64>> = HashMap::new();
    // The named readings, and the one whose bans outlive the replacing play (keyed by seat).
    let mut readings: Vec<_> = VARIANTS.iter().map(|v| v.reading).collect();
    readings.extend(rulediff::go::kee_reading_of(
        "kee[ban=pile,lasts=until-stone-at-point]",
    ));
    for seed in 0..44 {
        let (setup, mut rng) = kee_claims::start(seed);
        let reading = readings[seed as usize % readings.len()];
        let plays = kee_claims::play(reading, Policy::AnyPlay, &setup, &mut rng);
        let mut r = KeeReferee::new("k", reading);
        r.start(&setup).unwrap();
        for play in plays.iter().take(60) {
            r.play(play).unwrap();
            let (key, exact) = (r.state_key().unwrap(), r.exact_state_key().unwrap());
            assert_eq!(key.len(), 2);
            let exact = [vec![seed], exact].concat();
            let key = [vec![seed], key].concat();
            if let Some(earlier) = seen.insert(key, exact.clone()) {
                assert_eq!(earlier, exact, "one fingerprint, two summaries");
            }
        }
    }
    let distinct: std::collections::HashSet<&Vec<u64>> = seen.values().collect();
    assert_eq!(distinct.len(), seen.len(), "one summary, two fingerprints");
}

/// Every combination of the axes has a spec twin that rules every step of a random game
/// exactly as the fast referee does (one game per combination, on its own random board).
#[test]
fn every_combination_agrees_with_its_spec() {
    for (i, reading) in rulediff::go::kee_readings().into_iter().enumerate() {
        let seed = 10_000 + i as u64;
        let (setup, mut rng) = kee_claims::start(seed);
        if let Err(disagreement) = kee_claims::spec_agrees_under(seed, reading, &setup, &mut rng) {
            panic!("{disagreement}");
        }
    }
}

/// Bans that outlive the replacing play (`lasts=until-stone-at-point`) are the one state the
/// fast referee keeps per seat: its 128 combinations, three random games each, rule as their
/// spec twins at every step.
#[test]
fn lasting_bans_agree_with_the_spec() {
    let lasting = rulediff::go::kee_readings()
        .into_iter()
        .filter(|r| rulediff::go::KeeBanLasts::UntilStoneAtPoint == r.lasts);
    let mut n = 0;
    for (i, reading) in lasting.enumerate() {
        for game in 0..3 {
            let seed = 20_000 + 3 * i as u64 + game;
            let (setup, mut rng) = kee_claims::start(seed);
            if let Err(disagreement) =
                kee_claims::spec_agrees_under(seed, reading, &setup, &mut rng)
            {
                panic!("{disagreement}");
            }
        }
        n += 1;
    }
    assert_eq!(n, 128);
}

/// `kee[…]` ids pick combinations; the ten named readings keep their names.
#[test]
fn bracket_ids_select_combinations() {
    let spec = "kee[rescind=erase],kee[rescind=erase,replace=same]@spec,kee[*]";
    let registry = Go::registry_for(spec);
    let chosen = rulediff::select(&registry, spec).unwrap();
    assert_eq!(chosen[0].id, "kee:rescind-erases");
    assert_eq!(chosen[1].id, "kee[rescind=erase,replace=same]@spec");
    let every = chosen.len() - 1;
    assert_eq!(every, rulediff::go::kee_readings().len());
    assert!(chosen.iter().any(|r| r.id == "kee"));
    assert!(chosen.iter().any(|r| r.id == "kee[ban=pile]"));
    let Err(bad) = rulediff::select(&registry, "kee[rescind=forget]") else {
        panic!("a bad value is an error")
    };
    assert!(bad.to_string().contains("keep, erase"), "{bad}");
}

/// The shortest endless game under the text (1×2: a stone is played, appealed, passed and
/// played again) is found by the exhaustive search itself, and only when both sentences of
/// rule 14 are read together: the rescind erases and the replacement may be the same stone.
#[test]
fn finite_finds_the_two_point_endless_game() {
    let setup = GoSetup::empty(Graph::grid(2, 1, false).unwrap(), 2);
    let spec = "kee[rescind=erase,replace=same],kee:rescind-erases,kee:replay-same";
    let registry = Go::registry_for(spec);
    let chosen = rulediff::select(&registry, spec).unwrap();
    let results: Vec<Finiteness> = chosen
        .iter()
        .map(|info| search(info, &setup, Budget::states(100_000)))
        .collect();
    let Finiteness::Infinite { prefix, cycle, .. } = &results[0] else {
        panic!("{:?}", results[0]);
    };
    assert_eq!(
        (prefix.len(), cycle.join(" ")),
        (1, "B1 appeal pass".into())
    );
    for r in &results[1..] {
        assert!(matches!(r, Finiteness::Finite { .. }), "{r:?}");
    }
}
