//! Random campaigns: many random games, every chosen referee in lock-step, divergences
//! collected by signature.
//!
//! The path a game takes when referees disagree: before every step each referee lists the
//! plays it allows. Every play that some referees allow and others forbid is recorded as a
//! divergence (the history and that play), and the game then continues with a play that
//! every referee allows, chosen at random with the family's weights, so all referees stay in
//! the game and later divergences are still found. A referee that says the game is over
//! keeps its result and leaves the game (a disagreement about that is a divergence too); the
//! others play on. The game ends when every referee has ended it, when no play is allowed by
//! all still in it, or at the ply budget or past the family's own bound
//! (`Explore::past_bound`), either of which marks it as a long game where a referee was still
//! playing. Then the results of referees that ended it at different steps are compared.

use std::collections::HashMap;
use std::hash::Hash;

use rand::distributions::{Distribution, WeightedIndex};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::family::{Explore, Ruled};
use crate::referee::{Referee, RefereeInfo, Status, StepMemo, Verdict};

use super::record::{ResultSplit, Ruling};
use super::signature::Signature;

/// One divergence as found in a game: the first time its signature came up in the game, and
/// how often it did (games of thousands of plies keep one history per signature, not one per
/// occurrence).
#[derive(Clone, Debug)]
pub struct Found<P> {
    /// The plays before the disputed one.
    pub history: Vec<P>,
    /// The disputed play.
    pub play: P,
    /// Which referees ruled how.
    pub signature: Signature,
    /// What each referee ruled on it.
    pub rulings: Vec<Ruling>,
    /// How often the signature came up in the game.
    pub occurrences: usize,
}

/// What one random game gave.
#[derive(Clone, Debug)]
pub struct GameResult<P> {
    /// Plies played.
    pub plies: usize,
    /// Divergences found, one per signature.
    pub found: Vec<Found<P>>,
    /// The game hit the ply budget without ending.
    pub long: bool,
    /// Faults that ended the game, each with its referee.
    pub faults: Vec<String>,
    /// Faults the referees recovered from (an engine restarted and the game replayed).
    pub incidents: Vec<String>,
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
    let mut seats: Vec<Box<dyn Referee<F>>> = referees.iter().map(|r| (r.make)()).collect();
    let mut result = GameResult {
        plies: 0,
        found: Vec::new(),
        long: false,
        faults: Vec::new(),
        incidents: Vec::new(),
    };
    for seat in &mut seats {
        if let Err(fault) = seat.start(setup) {
            result.faults.push(format!("{}: {fault}", seat.id()));
            return finish(result, &mut seats);
        }
    }
    let mut history: Vec<F::Play> = Vec::new();
    walk(
        setup,
        referees,
        &mut seats,
        max_plies,
        rng,
        &mut result,
        &mut history,
    );
    result.plies = history.len();
    finish(result, &mut seats)
}

fn finish<P>(
    mut result: GameResult<P>,
    seats: &mut [Box<dyn Referee<impl Explore<Play = P>>>],
) -> GameResult<P> {
    for seat in seats {
        result.incidents.extend(seat.incidents());
    }
    result
}

/// Records a divergence, once per signature per game.
fn note<P: Clone>(
    found: &mut Vec<Found<P>>,
    history: &[P],
    play: P,
    signature: Signature,
    rulings: Vec<Ruling>,
) {
    if let Some(known) = found.iter_mut().find(|f| f.signature == signature) {
        known.occurrences += 1;
        return;
    }
    found.push(Found {
        history: history.to_vec(),
        play,
        signature,
        rulings,
        occurrences: 1,
    });
}

/// The divergences of one game by what made their signatures: the same rulings with the
/// same cycle class make the same signature ([`Signature::new`] is a function of them), so
/// a divergence seen before in the game is counted without building its signature again
/// (building one formats every referee's ruling, once the campaign's main cost).
#[derive(Default)]
struct Seen {
    /// The rulings, the cycle class, and where in the game's `found` their signature is.
    known: Vec<(Vec<Ruling>, Option<String>, usize)>,
}

impl Seen {
    fn note<P: Clone>(
        &mut self,
        ids: &[String],
        found: &mut Vec<Found<P>>,
        history: &[P],
        play: P,
        rulings: Vec<Ruling>,
        cycle: Option<String>,
    ) {
        let known = self
            .known
            .iter()
            .find(|(r, c, _)| *c == cycle && *r == rulings);
        if let Some(&(_, _, at)) = known {
            found[at].occurrences += 1;
            return;
        }
        let signature = Signature::new(ids, &rulings, cycle.clone());
        let kept = rulings.clone();
        note(found, history, play, signature.clone(), rulings);
        let at = found
            .iter()
            .position(|f| f.signature == signature)
            .expect("just noted");
        self.known.push((kept, cycle, at));
    }
}

/// What `referees` (those still in the game) say their last play did: the seat to move as
/// the first that reports one sees it (see [`Referee::seat_to_move`]), and whether it left
/// the position as it was, which one referee saying so settles (only KataGo's rulesets have
/// such a play, and a board with the stone placed is no KataGo referee's).
pub fn ruled_by<'a, F: Explore>(
    referees: impl IntoIterator<Item = &'a Box<dyn Referee<F>>>,
) -> Ruled {
    let mut ruled = Ruled::default();
    for referee in referees {
        ruled.next = ruled.next.or_else(|| referee.seat_to_move());
        ruled.unchanged |= referee.last_play_unchanged();
    }
    ruled
}

/// A referee fault among rulings, which ends the game as a fault and is never a divergence.
fn fault_in(ids: &[String], rulings: &[Ruling]) -> Option<String> {
    ids.iter().zip(rulings).find_map(|(id, r)| match r {
        Ruling::Fault { message } => Some(format!("{id}: {message}")),
        _ => None,
    })
}

/// The game itself, step by step, until every referee has ended it, a referee faults or the
/// budget runs out. A referee that ends the game keeps its result and is asked no more; the
/// others play on (a split on whether the game is over is a divergence of its own), and
/// once none plays on, the results of referees that ended it at different steps are compared
/// as a result divergence ([`Signature::ended_apart`]).
fn walk<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    seats: &mut [Box<dyn Referee<F>>],
    max_plies: usize,
    rng: &mut ChaCha8Rng,
    result: &mut GameResult<F::Play>,
    history: &mut Vec<F::Play>,
) {
    let ids: Vec<String> = referees.iter().map(|r| r.id.clone()).collect();
    let ids = &ids[..];
    let classes: Vec<Option<&str>> = referees.iter().map(|r| r.legality.as_deref()).collect();
    let mut state = F::initial(setup);
    let mut seen = Seen::default();
    // Per referee: the ply at which it ended the game and its ruling then.
    let mut ended: Vec<Option<(usize, Ruling)>> = vec![None; seats.len()];
    while history.len() < max_plies {
        let playing: Vec<bool> = ended.iter().map(Option::is_none).collect();
        let twins = twins(&classes, &playing);
        let (asked, whose) = match legal_sets(seats, &twins, &playing) {
            Ok(sets) => sets,
            Err(fault) => return result.faults.push(fault),
        };
        let sets: Vec<&[F::Play]> = whose
            .iter()
            .flatten()
            .map(|&i| asked[i].as_slice())
            .collect();
        let (common, disputed) = split_sets(&sets);
        for play in disputed {
            let rulings = judge_all(seats, &play, &playing);
            if let Some(fault) = fault_in(ids, &rulings) {
                return result.faults.push(fault);
            }
            let cycle = Signature::cycle_of::<F>(setup, &state, &play, history.len());
            seen.note(ids, &mut result.found, history, play, rulings, cycle);
        }
        let Some(play) = choose::<F>(setup, &state, &common, rng) else {
            break;
        };
        let rulings = play_all(seats, &play, &playing);
        if let Some(fault) = fault_in(ids, &rulings) {
            return result.faults.push(fault);
        }
        let in_game = || {
            rulings
                .iter()
                .zip(&playing)
                .filter(|(_, p)| **p)
                .map(|(r, _)| r)
        };
        let all_legal = in_game().all(|r| matches!(r, Ruling::Legal));
        // A game that ends here keys its signature on the repetition the play makes too.
        let ends_cycle = (!all_legal)
            .then(|| Signature::cycle_of::<F>(setup, &state, &play, history.len()))
            .flatten();
        let still = seats
            .iter()
            .zip(&playing)
            .filter(|(_, p)| **p)
            .map(|(s, _)| s);
        F::advance_ruled(setup, &mut state, &play, ruled_by(still));
        history.push(play.clone());
        if all_legal {
            if F::past_bound(setup, &state) {
                result.long = true;
                break;
            }
            continue;
        }
        let first = in_game().next().expect("a referee is in the game");
        if in_game().any(|r| !r.same_as(first)) && !ResultSplit::told_alike(&rulings) {
            let signature = Signature::new(ids, &rulings, ends_cycle);
            let before = &history[..history.len() - 1];
            note(&mut result.found, before, play, signature, rulings.clone());
        }
        // A referee that refuses a play every referee allowed breaks the lock-step: the
        // game stops there, as a fault would.
        if in_game().any(|r| matches!(r, Ruling::Illegal { .. })) {
            return;
        }
        for (end, ruling) in ended.iter_mut().zip(rulings) {
            if end.is_none() && matches!(ruling, Ruling::Ends { .. }) {
                *end = Some((history.len(), ruling));
            }
        }
        if ended.iter().all(Option::is_some) {
            break;
        }
    }
    // A referee still playing at the ply budget makes the game a long one; referees the
    // rules stopped at the budget's last ply do not.
    result.long |= history.len() >= max_plies && ended.iter().any(Option::is_none);
    compare_ended(ids, &ended, history, result);
}

/// The results of referees that ended the game at different steps, compared: a result
/// divergence (found after the whole game) where they differ.
fn compare_ended<P: Clone>(
    ids: &[String],
    ended: &[Option<(usize, Ruling)>],
    history: &[P],
    result: &mut GameResult<P>,
) {
    let plies: Vec<Option<usize>> = ended.iter().map(|e| e.as_ref().map(|(p, _)| *p)).collect();
    let Some((play, before)) = history.split_last() else {
        return;
    };
    if !super::record::ended_apart(&plies) {
        return;
    }
    let rulings: Vec<Ruling> = ended
        .iter()
        .map(|e| e.as_ref().map_or(Ruling::Stopped, |(_, r)| r.clone()))
        .collect();
    if let Some(signature) = Signature::ended_apart(ids, &rulings) {
        note(&mut result.found, before, play.clone(), signature, rulings);
    }
}

/// Every in-game referee's legal set, asking one referee per legality class: the sets asked,
/// and per referee which of them is its own (`None` for one out of the game). The referees
/// asked share one memo for this step (see [`Referee::legal_plays_memo`]).
fn legal_sets<F: Explore>(
    seats: &mut [Box<dyn Referee<F>>],
    twins: &[Option<usize>],
    playing: &[bool],
) -> Result<LegalSets<F::Play>, String> {
    let mut asked: Vec<Vec<F::Play>> = Vec::new();
    let mut whose: Vec<Option<usize>> = Vec::with_capacity(seats.len());
    let mut memo = StepMemo::default();
    for ((seat, twin), &plays) in seats.iter_mut().zip(twins).zip(playing) {
        if !plays {
            whose.push(None);
            continue;
        }
        let at = match *twin {
            Some(j) => whose[j].expect("a twin is in the game"),
            None => {
                let set = seat
                    .legal_plays_memo(&mut memo)
                    .map_err(|f| format!("{}: {f}", seat.id()))?;
                asked.push(set);
                asked.len() - 1
            }
        };
        whose.push(Some(at));
    }
    Ok((asked, whose))
}

/// The legal sets asked at one step and, per referee, the index of its own.
type LegalSets<P> = (Vec<Vec<P>>, Vec<Option<usize>>);

/// Per referee in the game, the first earlier one of its legality class also in the game,
/// whose legal set it shares.
fn twins(classes: &[Option<&str>], playing: &[bool]) -> Vec<Option<usize>> {
    (0..classes.len())
        .map(|i| {
            let class = classes[i].filter(|_| playing[i])?;
            (0..i).find(|&j| playing[j] && classes[j] == Some(class))
        })
        .collect()
}

/// Plays every referee allows, and plays only some allow (in first-seen order). Counted
/// through a map: with dozens of referees and a full board, pairwise `contains` was the
/// campaign's main cost.
///
/// Equal sets (most referees agree at most steps) are counted once, with how many referees
/// gave them: a set equal to an earlier one brings no new play, so the order is the same.
fn split_sets<P: Clone + Eq + Hash>(sets: &[&[P]]) -> (Vec<P>, Vec<P>) {
    let mut distinct: Vec<(&[P], usize)> = Vec::new();
    for &set in sets {
        match distinct.iter_mut().find(|(d, _)| *d == set) {
            Some((_, givers)) => *givers += 1,
            None => distinct.push((set, 1)),
        }
    }
    let mut order: Vec<&P> = Vec::new();
    // Per play: how many sets hold it, and the last distinct set counted (a set listing a
    // play twice counts once).
    let mut counts: HashMap<&P, (usize, usize)> = HashMap::new();
    for (i, &(set, givers)) in distinct.iter().enumerate() {
        for play in set {
            let entry = counts.entry(play).or_insert((0, usize::MAX));
            if entry.1 == usize::MAX {
                order.push(play);
            }
            if entry.1 != i {
                *entry = (entry.0 + givers, i);
            }
        }
    }
    let (common, disputed): (Vec<&P>, Vec<&P>) =
        order.into_iter().partition(|p| counts[p].0 == sets.len());
    (
        common.into_iter().cloned().collect(),
        disputed.into_iter().cloned().collect(),
    )
}

/// Rulings of the referees in the game (`playing`) on `play`, judged; the others stopped.
fn judge_all<F: Explore>(
    seats: &mut [Box<dyn Referee<F>>],
    play: &F::Play,
    playing: &[bool],
) -> Vec<Ruling> {
    seats
        .iter_mut()
        .zip(playing)
        .map(|(s, &plays)| match plays.then(|| s.judge(play)) {
            None => Ruling::Stopped,
            Some(Ok(Verdict::Legal)) => Ruling::Legal,
            Some(Ok(Verdict::Illegal { rule })) => Ruling::Illegal { rule },
            Some(Err(fault)) => Ruling::Fault {
                message: fault.to_string(),
            },
        })
        .collect()
}

/// Rulings of the referees in the game (`playing`) on `play`, made; the others stopped.
fn play_all<F: Explore>(
    seats: &mut [Box<dyn Referee<F>>],
    play: &F::Play,
    playing: &[bool],
) -> Vec<Ruling> {
    seats
        .iter_mut()
        .zip(playing)
        .map(|(s, &plays)| match plays {
            false => Ruling::Stopped,
            true => play_one(s, play),
        })
        .collect()
}

fn play_one<F: Explore>(s: &mut Box<dyn Referee<F>>, play: &F::Play) -> Ruling {
    match s.play(play).and_then(|v| Ok((v, s.status()?))) {
        Ok((Verdict::Legal, Status::Ongoing)) => Ruling::Legal,
        Ok((Verdict::Legal, Status::Over { outcome })) => Ruling::Ends { outcome },
        Ok((Verdict::Illegal { rule }, _)) => Ruling::Illegal { rule },
        Err(fault) => Ruling::Fault {
            message: fault.to_string(),
        },
    }
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
    /// Which referees ruled how.
    pub signature: Signature,
    /// The signature in words.
    pub description: String,
    /// Occurrences in all games.
    pub count: usize,
    /// Games it came up in.
    pub games: usize,
    /// The game the example comes from (the earliest of those with the shortest history);
    /// `None` in results saved before campaigns recorded it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<u64>,
    /// Plies of the shortest history it was found after, and of the minimized case.
    pub shortest_found: usize,
    /// Plies of the minimized case.
    pub minimized_plies: usize,
    /// The minimized case, as a case file and by path relative to the output folder.
    pub case_file: String,
    /// Where the case was written, relative to the output folder.
    pub case_path: String,
    /// Per referee, what it ruled on the final play of the minimized case.
    pub rulings: Vec<(String, Ruling)>,
    /// SVG of the position before the play (for a result divergence, of the final board as
    /// each referee counted it), and the plays of the repeating cycle, if any.
    pub svg: String,
    /// Plays of the repeating cycle, if the divergence is one.
    pub cycle_plays: Vec<String>,
    /// Why the case is the game as found rather than a minimized one: a minimized case
    /// replayed showed another signature, or even the whole game's replay did not show this
    /// one (then `rulings` are those the campaign saw). `None`: minimized.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unminimized: Option<String>,
}
