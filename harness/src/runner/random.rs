//! Random campaigns: many random games, every chosen referee in lock-step, divergences
//! collected by signature.
//!
//! The path a game takes when referees disagree: before every step each referee lists the
//! plays it allows. Every play that some referees allow and others forbid is recorded as a
//! divergence (the history and that play), and the game then continues with a play that
//! every referee allows, chosen at random with the family's weights, so all referees stay in
//! the game and later divergences are still found. The game ends when any referee says it is
//! over (a disagreement about that is a divergence too), when no play is allowed by all, or
//! at the ply budget, which marks it as a long game.

use rand::distributions::{Distribution, WeightedIndex};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::family::Explore;
use crate::referee::{Referee, RefereeInfo, Status, Verdict};

use super::record::Ruling;
use super::signature::Signature;

/// One divergence as found in a game.
#[derive(Clone, Debug)]
pub struct Found<P> {
    pub history: Vec<P>,
    pub play: P,
    pub signature: Signature,
    pub rulings: Vec<Ruling>,
}

/// What one random game gave.
#[derive(Clone, Debug)]
pub struct GameResult<P> {
    pub plies: usize,
    pub found: Vec<Found<P>>,
    /// The game hit the ply budget without ending.
    pub long: bool,
    pub faults: Vec<String>,
}

/// A game's own generator: campaigns are reproducible game by game, whatever the threads.
pub fn game_rng(seed: u64, game: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Plays one random game through `referees`.
pub fn play_game<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    max_plies: usize,
    rng: &mut ChaCha8Rng,
) -> GameResult<F::Play> {
    let ids: Vec<String> = referees.iter().map(|r| r.id.clone()).collect();
    let mut seats: Vec<Box<dyn Referee<F>>> = referees.iter().map(|r| (r.make)()).collect();
    let mut result = GameResult {
        plies: 0,
        found: Vec::new(),
        long: false,
        faults: Vec::new(),
    };
    for seat in &mut seats {
        if let Err(fault) = seat.start(setup) {
            result.faults.push(format!("{}: {fault}", seat.id()));
            return result;
        }
    }
    let mut state = F::initial(setup);
    let mut history: Vec<F::Play> = Vec::new();
    while history.len() < max_plies {
        let sets = match legal_sets(&mut seats) {
            Ok(sets) => sets,
            Err(fault) => {
                result.faults.push(fault);
                return result;
            }
        };
        let (common, disputed) = split_sets(&sets);
        for play in disputed {
            let rulings = judge_all(&mut seats, &play);
            let cycle = F::cycle(setup, &state, &play).map(|c| c.0);
            let signature = Signature::new(&ids, &rulings, cycle);
            result.found.push(Found {
                history: history.clone(),
                play,
                signature,
                rulings,
            });
        }
        let Some(play) = choose::<F>(setup, &state, &common, rng) else {
            break;
        };
        let rulings = play_all(&mut seats, &play);
        F::advance_seated(setup, &mut state, &play, reported_seat(&seats));
        history.push(play.clone());
        if rulings.iter().any(|r| !matches!(r, Ruling::Legal)) {
            if rulings.iter().any(|r| *r != rulings[0]) {
                let signature = Signature::new(&ids, &rulings, None);
                let before = history[..history.len() - 1].to_vec();
                result.found.push(Found {
                    history: before,
                    play,
                    signature,
                    rulings,
                });
            }
            break;
        }
    }
    result.plies = history.len();
    result.long = history.len() >= max_plies;
    result
}

/// The seat to move as the first referee that reports one sees it (see
/// [`Referee::seat_to_move`]).
pub fn reported_seat<F: Explore>(seats: &[Box<dyn Referee<F>>]) -> Option<usize> {
    seats.iter().find_map(|s| s.seat_to_move())
}

fn legal_sets<F: Explore>(seats: &mut [Box<dyn Referee<F>>]) -> Result<Vec<Vec<F::Play>>, String> {
    seats
        .iter_mut()
        .map(|s| s.legal_plays().map_err(|f| format!("{}: {f}", s.id())))
        .collect()
}

/// Plays every referee allows, and plays only some allow (in first-seen order).
fn split_sets<P: Clone + PartialEq>(sets: &[Vec<P>]) -> (Vec<P>, Vec<P>) {
    let (mut common, mut disputed) = (Vec::new(), Vec::new());
    for set in sets {
        for play in set {
            if common.contains(play) || disputed.contains(play) {
                continue;
            }
            if sets.iter().all(|s| s.contains(play)) {
                common.push(play.clone());
            } else {
                disputed.push(play.clone());
            }
        }
    }
    (common, disputed)
}

fn judge_all<F: Explore>(seats: &mut [Box<dyn Referee<F>>], play: &F::Play) -> Vec<Ruling> {
    seats
        .iter_mut()
        .map(|s| match s.judge(play) {
            Ok(Verdict::Legal) => Ruling::Legal,
            Ok(Verdict::Illegal { rule }) => Ruling::Illegal { rule },
            Err(fault) => Ruling::Fault {
                message: fault.to_string(),
            },
        })
        .collect()
}

fn play_all<F: Explore>(seats: &mut [Box<dyn Referee<F>>], play: &F::Play) -> Vec<Ruling> {
    seats
        .iter_mut()
        .map(|s| match s.play(play).and_then(|v| Ok((v, s.status()?))) {
            Ok((Verdict::Legal, Status::Ongoing)) => Ruling::Legal,
            Ok((Verdict::Legal, Status::Over { outcome })) => Ruling::Ends { outcome },
            Ok((Verdict::Illegal { rule }, _)) => Ruling::Illegal { rule },
            Err(fault) => Ruling::Fault {
                message: fault.to_string(),
            },
        })
        .collect()
}

fn choose<F: Explore>(
    setup: &F::Setup,
    state: &F::State,
    plays: &[F::Play],
    rng: &mut ChaCha8Rng,
) -> Option<F::Play> {
    let weights: Vec<u32> = plays.iter().map(|p| F::weight(setup, state, p)).collect();
    let index = WeightedIndex::new(&weights).ok()?;
    Some(plays[index.sample(rng)].clone())
}

/// Summary of one signature across a campaign.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SignatureSummary {
    pub signature: Signature,
    pub description: String,
    pub count: usize,
    pub games: usize,
    /// Plies of the shortest history it was found after, and of the minimized case.
    pub shortest_found: usize,
    pub minimized_plies: usize,
    /// The minimized case, as a case file and by path relative to the output folder.
    pub case_file: String,
    pub case_path: String,
    /// Per referee, what it ruled on the final play of the minimized case.
    pub rulings: Vec<(String, Ruling)>,
    /// SVG of the position before the play, and the plays of the repeating cycle, if any.
    pub svg: String,
    pub cycle_plays: Vec<String>,
}
