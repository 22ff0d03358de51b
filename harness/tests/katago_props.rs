//! KataGo's rules: the fast referee (`go::rules::katago::referee`) and its spec twin
//! (`go::rules::katago::spec`, the page's sentences over the whole history) rule every step
//! of random two-player games alike — legal sets, verdicts and results — under every
//! combination of ko rule, scoring, tax, suicide and button. Passes are common (one play in
//! four) so that games reach the cleanup phases, the button and Spight's pass ending; one
//! game in four starts from black handicap stones.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};

use rulediff::check::step_pair;
use rulediff::go::random_setup as setup;
use rulediff::go::Board;
use rulediff::go::HandicapBonus;
use rulediff::go::KataGoReferee;
use rulediff::go::KataGoSpec;
use rulediff::go::Scoring;
use rulediff::go::{GoPlay, GoSetup};
use rulediff::go::{KataGoParams as Params, KoRule, Tax};
use rulediff::{HalfPoints, Outcome, Referee, Status};

fn params(rng: &mut impl Rng) -> Params {
    let ko = [
        KoRule::Simple,
        KoRule::Positional,
        KoRule::Situational,
        KoRule::Spight,
    ][rng.gen_range(0..4)];
    Params {
        ko,
        scoring: [Scoring::Area, Scoring::Territory][rng.gen_range(0..2)],
        tax: [Tax::None, Tax::Seki, Tax::All][rng.gen_range(0..3)],
        suicide: rng.gen_bool(0.5),
        button: rng.gen_bool(0.3),
        handicap: [
            HandicapBonus::None,
            HandicapBonus::N,
            HandicapBonus::NMinusOne,
        ][rng.gen_range(0..3)],
        friendly_pass_ok: rng.gen_bool(0.5),
        komi: HalfPoints(rng.gen_range(-3..16)),
    }
}

/// What a game reached, for the coverage check.
#[derive(Default)]
struct Reached {
    second_cleanup: bool,
    unblock: bool,
    no_result: bool,
}

/// One game in four starts from a handicap: black stones on a third of the points at most,
/// White to move (a starting board with a string without liberties is left empty).
fn handicap(rng: &mut impl Rng, setup: &mut GoSetup) {
    let n = setup.graph.len();
    if n < 4 || !rng.gen_bool(0.25) {
        return;
    }
    for _ in 0..rng.gen_range(1..=n / 3) {
        setup.stones[rng.gen_range(0..n)] = 1;
    }
    let board = Board::with_stones(setup.graph.clone(), &setup.stones);
    if board.strings_without_liberties().is_empty() {
        setup.to_move = 1;
    } else {
        setup.stones.iter_mut().for_each(|c| *c = 0);
    }
}

fn agree(seed: u64) -> Result<(), String> {
    agree_reaching(seed, &mut Reached::default())
}

fn agree_reaching(seed: u64, reached: &mut Reached) -> Result<(), String> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut setup = setup(&mut rng, 2);
    handicap(&mut rng, &mut setup);
    let params = params(&mut rng);
    let mut fast = KataGoReferee::new("fast", params);
    let mut spec = KataGoSpec::new("spec", params);
    fast.start(&setup).map_err(|e| e.to_string())?;
    spec.start(&setup).map_err(|e| e.to_string())?;
    let mut history = Vec::new();
    let at = |history: &Vec<GoPlay>| format!("seed {seed}, {params:?}, after {history:?}");
    for _ in 0..6 * setup.graph.len() + 12 {
        let legal = fast.legal_plays().map_err(|e| e.to_string())?;
        let spec_legal = spec.legal_plays().map_err(|e| e.to_string())?;
        if legal != spec_legal {
            return Err(format!(
                "{}: legal {legal:?} vs {spec_legal:?}",
                at(&history)
            ));
        }
        let stones: Vec<GoPlay> = legal
            .iter()
            .copied()
            .filter(|p| *p != GoPlay::Pass)
            .collect();
        let play = if stones.is_empty() || rng.gen_bool(0.25) {
            GoPlay::Pass
        } else {
            stones[rng.gen_range(0..stones.len())]
        };
        if let (GoPlay::Stone(v), Some(cells)) = (play, fast.cells()) {
            reached.unblock |= cells[v as usize] != 0;
        }
        let ongoing = step_pair(&mut fast, &mut spec, &play, &mut history)
            .map_err(|what| format!("{}: {what}", at(&history)))?;
        reached.second_cleanup |= fast.phase() == Some(2);
        if !ongoing {
            reached.no_result |= matches!(
                fast.status(),
                Ok(Status::Over {
                    outcome: Outcome::NoResult { .. }
                })
            );
            return Ok(());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fast_and_spec_agree(seed in any::<u64>()) {
        agree(seed).map_err(TestCaseError::fail)?;
    }
}

/// Three players: both refuse, with an error that says why.
#[test]
fn three_players_are_refused() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let setup = setup(&mut rng, 3);
    let params = rulediff::go::katago_params("japanese").unwrap();
    let err = KataGoReferee::new("k", params).start(&setup).unwrap_err();
    assert!(err.to_string().contains("two players"), "{err}");
    assert!(KataGoSpec::new("s", params).start(&setup).is_err());
}

/// The random games do reach what they are meant to test: the second cleanup phase, unblock
/// actions and no-results (counted over the first 3,000 seeds, the proptest's number of games).
#[test]
fn games_reach_cleanup_unblocks_and_no_results() {
    let (mut cleanup, mut unblocks, mut voids) = (0, 0, 0);
    for seed in 0..3_000 {
        let mut reached = Reached::default();
        agree_reaching(seed, &mut reached).unwrap();
        cleanup += reached.second_cleanup as u32;
        unblocks += reached.unblock as u32;
        voids += reached.no_result as u32;
    }
    assert!(
        cleanup >= 20,
        "{cleanup} games reached the second cleanup phase"
    );
    assert!(unblocks >= 3, "{unblocks} games made an unblock action");
    assert!(voids >= 3, "{voids} games ended without result");
}
