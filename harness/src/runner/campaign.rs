//! A whole random campaign: games in parallel batches, divergences deduplicated by signature
//! and minimized, results saved after every batch so an interrupted campaign keeps what it
//! found and can resume where it stopped.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::family::Explore;
use crate::referee::{Claims, RefereeInfo};

use super::minimize::{replay, shown_case, state_after};
use super::random::{game_rng, play_game, Found, SignatureSummary};
use super::record::Ruling;
use super::signature::Signature;

/// What a campaign is; saved with its results so a resume can check it is the same one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The family's name (`go`, `chess`, …).
    pub family: String,
    /// The family's case keys for the start position (board, players, setup).
    pub setup: String,
    /// The referees' ids, in the order they play.
    pub referees: Vec<String>,
    /// The seed every game's generator is drawn from.
    pub seed: u64,
    /// Games in the whole campaign.
    pub games: u64,
    /// Plies a game may last before it counts as long.
    pub max_plies: usize,
    /// Set when this run plays one shard of the campaign (see [`Shard`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

/// A `--shard` value that is not `I/N` with `0 <= I < N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a shard: write I/N with 0 <= I < N, as `2/4`")]
pub struct NotAShard(pub String);

/// Saved results that no run could have written (edited or damaged): what does not add up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("inconsistent results: {0}")]
pub struct Inconsistent(pub String);

/// One of `count` shards of a campaign: games `index`, `index + count`, `index + 2 count`…
/// (`random --shard I/N`), so that shards run on different machines merge into the report
/// of the whole campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: u64,
    /// How many shards the campaign is split into.
    pub count: u64,
}

impl Shard {
    /// `I/N` with `0 <= I < N`.
    pub fn parse(text: &str) -> Result<Shard, NotAShard> {
        let bad = || NotAShard(text.to_string());
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            i.trim().parse::<u64>().map_err(|_| bad())?,
            n.trim().parse::<u64>().map_err(|_| bad())?,
        );
        if index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// How many of a campaign's `games` this shard plays.
    pub fn len(self, games: u64) -> u64 {
        games.saturating_sub(self.index).div_ceil(self.count)
    }

    /// Whether this shard plays none of the campaign's `games`.
    pub fn is_empty(self, games: u64) -> bool {
        self.len(games) == 0
    }

    /// The campaign's index of this shard's `n`-th game.
    pub fn game(self, n: u64) -> u64 {
        self.index + n * self.count
    }
}

impl Plan {
    /// The games this run plays: all of them, or its shard's.
    pub fn own_games(&self) -> u64 {
        self.shard.map_or(self.games, |s| s.len(self.games))
    }

    /// The campaign's index of this run's `n`-th game.
    pub fn game(&self, n: u64) -> u64 {
        self.shard.map_or(n, |s| s.game(n))
    }
}

/// Everything a campaign found so far.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Results {
    /// The campaign.
    pub plan: Plan,
    /// Games played so far (this run's own, for a shard).
    pub games_done: u64,
    /// Plies played in those games.
    pub plies: u64,
    /// Games that reached the ply budget without ending (suspected non-termination).
    pub long_games: Vec<u64>,
    /// Faults that ended a game, each with its game and referee.
    pub faults: Vec<String>,
    /// Faults the referees recovered from (an engine restarted and the game replayed).
    #[serde(default)]
    pub incidents: Vec<String>,
    /// Every divergence signature found, most frequent first.
    pub signatures: Vec<SignatureSummary>,
    /// What each referee claims to implement (see [`Claims`]), by id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub claims: BTreeMap<String, Claims>,
    /// Per set of signatures (by [`Signature::key`]) that came up together in a game, how
    /// many games had exactly that set: the disagreement map counts the games in which two
    /// referee classes differed from these.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub game_signatures: Vec<(Vec<String>, u64)>,
}

impl Results {
    /// No games played yet of `plan`.
    pub fn new(plan: Plan) -> Results {
        Results {
            plan,
            games_done: 0,
            plies: 0,
            long_games: Vec::new(),
            faults: Vec::new(),
            incidents: Vec::new(),
            signatures: Vec::new(),
            claims: BTreeMap::new(),
            game_signatures: Vec::new(),
        }
    }

    /// Adds `games` games that had exactly the signatures `keys`.
    pub fn add_game_signatures(&mut self, sets: BTreeMap<Vec<String>, u64>) {
        let mut all: BTreeMap<Vec<String>, u64> = std::mem::take(&mut self.game_signatures)
            .into_iter()
            .collect();
        for (keys, games) in sets {
            *all.entry(keys).or_default() += games;
        }
        self.game_signatures = all.into_iter().collect();
    }

    /// Divergences found, counting every occurrence of every signature.
    pub fn divergences(&self) -> usize {
        self.signatures.iter().map(|s| s.count).sum()
    }

    /// Whether these results could have been saved by [`run`] with batches of `batch` games:
    /// a resume from results edited or damaged otherwise would count games twice or never.
    pub fn check_consistent(&self, batch: u64) -> Result<(), Inconsistent> {
        let (done, plan) = (self.games_done, &self.plan);
        let fail = |what: String| Err(Inconsistent(what));
        let own = plan.own_games();
        if done > own {
            return fail(format!(
                "games_done {done} is more than the {own} games this run plays"
            ));
        }
        if done % batch.max(1) != 0 && done != own {
            return fail(format!(
                "games_done {done} is neither a multiple of the batch ({batch}) nor the {own} games this run plays"
            ));
        }
        let most = done.saturating_mul(plan.max_plies as u64);
        if self.plies > most {
            return fail(format!(
                "{} plies in {done} games of at most {} plies each",
                self.plies, plan.max_plies
            ));
        }
        // A shard's games are numbered in the whole campaign: its next game bounds those done.
        if let Some(g) = self.long_games.iter().find(|&&g| g >= plan.game(done)) {
            return fail(format!("long game {g} is not among the {done} games done"));
        }
        if !self.long_games.windows(2).all(|w| w[0] < w[1]) {
            return fail("long_games are not in increasing order".into());
        }
        if let Some(s) = self.signatures.iter().find(|s| s.games as u64 > done) {
            return fail(format!(
                "a divergence seen in {} games of the {done} done",
                s.games
            ));
        }
        // Every game played adds one to the count of its set of signatures (the empty set
        // for a game without divergences), so the counts add up to the games done: an edit of
        // `games_done` alone, even to another multiple of the batch, shows here.
        let counted: u64 = self.game_signatures.iter().map(|(_, n)| n).sum();
        if counted != done {
            return fail(format!(
                "games_done is {done}, but game_signatures counts {counted} games"
            ));
        }
        Ok(())
    }
}

/// The first divergence of each signature in a batch, in game order.
struct Batch<P> {
    firsts: BTreeMap<Signature, (u64, Found<P>)>,
    counts: BTreeMap<Signature, (usize, usize)>,
}

/// Plays games `results.games_done..` in batches of `batch`, calling `saved` after each with the
/// case paths of the signatures whose example changed in it, so the caller can write those cases
/// and the results and show progress: the runner itself writes no files.
pub fn run<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    results: &mut Results,
    batch: u64,
    mut saved: impl FnMut(&Results, u64, &[String]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let plan = results.plan.clone();
    while results.games_done < plan.own_games() {
        let end = (results.games_done + batch).min(plan.own_games());
        let games: Vec<(u64, super::random::GameResult<F::Play>)> = (results.games_done..end)
            .into_par_iter()
            .map(|n| {
                let g = plan.game(n);
                (
                    g,
                    play_game(setup, referees, plan.max_plies, &mut game_rng(plan.seed, g)),
                )
            })
            .collect();
        let mut sets: BTreeMap<Vec<String>, u64> = BTreeMap::new();
        let mut found = Batch {
            firsts: BTreeMap::new(),
            counts: BTreeMap::new(),
        };
        for (g, game) in games {
            results.plies += game.plies as u64;
            if game.long {
                results.long_games.push(g);
            }
            results
                .faults
                .extend(game.faults.into_iter().map(|f| format!("game {g}: {f}")));
            results
                .incidents
                .extend(game.incidents.into_iter().map(|f| format!("game {g}: {f}")));
            *sets.entry(signature_set(&game.found)).or_default() += 1;
            tally(&mut found, g, game.found);
        }
        results.add_game_signatures(sets);
        let changed = merge::<F>(setup, referees, results, found);
        results.games_done = end;
        saved(results, end, &changed)?;
    }
    Ok(())
}

/// The keys of the signatures a game showed, sorted (empty for a game without divergences).
fn signature_set<P>(found: &[Found<P>]) -> Vec<String> {
    let mut keys: Vec<String> = found.iter().map(|f| f.signature.key()).collect();
    keys.sort();
    keys.dedup();
    keys
}

fn tally<P>(batch: &mut Batch<P>, game: u64, found: Vec<Found<P>>) {
    let mut seen_here: Vec<Signature> = Vec::new();
    for f in found {
        let entry = batch.counts.entry(f.signature.clone()).or_insert((0, 0));
        entry.0 += f.occurrences;
        if !seen_here.contains(&f.signature) {
            entry.1 += 1;
            seen_here.push(f.signature.clone());
        }
        let shorter = batch
            .firsts
            .get(&f.signature)
            .is_none_or(|(_, old)| f.history.len() < old.history.len());
        if shorter {
            batch.firsts.insert(f.signature.clone(), (game, f));
        }
    }
}

fn merge<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    results: &mut Results,
    batch: Batch<F::Play>,
) -> Vec<String> {
    let (firsts, counts) = (batch.firsts, batch.counts);
    // The example of a signature is its shortest history in the whole campaign, the earliest
    // game among equals, whatever the batches: so shards merge into the report of one run.
    let better: Vec<(u64, Found<F::Play>)> = firsts
        .into_values()
        .filter(|(g, f)| {
            results
                .signatures
                .iter()
                .find(|s| s.signature == f.signature)
                .is_none_or(|s| (f.history.len(), Some(*g)) < (s.shortest_found, s.game))
        })
        .collect();
    let summaries: Vec<SignatureSummary> = better
        .into_par_iter()
        .map(|(g, f)| summarize::<F>(setup, referees, &results.plan, g, f))
        .collect();
    let changed = summaries.iter().map(|s| s.case_path.clone()).collect();
    for summary in summaries {
        match results
            .signatures
            .iter_mut()
            .find(|s| s.signature == summary.signature)
        {
            Some(old) => {
                let (count, games) = (old.count, old.games);
                *old = SignatureSummary {
                    count,
                    games,
                    ..summary
                };
            }
            None => results.signatures.push(summary),
        }
    }
    for (signature, (count, games)) in counts {
        if let Some(s) = results
            .signatures
            .iter_mut()
            .find(|s| s.signature == signature)
        {
            s.count += count;
            s.games += games;
        }
    }
    results.signatures.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then(a.description.cmp(&b.description))
    });
    changed
}

/// Minimizes one divergence and renders it as a case, a diagram and a summary row.
fn summarize<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    plan: &Plan,
    game: u64,
    found: Found<F::Play>,
) -> SignatureSummary {
    let ends = found
        .rulings
        .iter()
        .any(|r| matches!(r, Ruling::Ends { .. }));
    let shown = shown_case::<F>(setup, referees, &found, ends);
    let case_setup = shown.rooted.as_ref().unwrap_or(setup);
    let history = &shown.plays[..shown.plays.len() - 1];
    let state = state_after(case_setup, referees, history);
    let cycle = F::cycle(case_setup, &state, &found.play);
    let cycle_plays = match &cycle {
        Some((_, back)) => history[history.len().saturating_sub(*back - 1)..]
            .iter()
            .chain(std::iter::once(&found.play))
            .map(|p| F::play_text(case_setup, p))
            .collect(),
        None => Vec::new(),
    };
    let from = match shown.rooted {
        Some(_) => format!(" from the position after {} of them", shown.cut),
        None => String::new(),
    };
    let how = match &shown.unminimized {
        None => format!("minimized to {}{from}", history.len()),
        Some(why) => format!("not minimized: {why}"),
    };
    let comment = format!(
        "Found by `rulediff random` (seed {}, game {game}) after {} plies; {how}.",
        plan.seed,
        found.history.len(),
    );
    let ids: Vec<String> = referees.iter().map(|r| r.id.clone()).collect();
    let case_file = render_case::<F>(
        case_setup,
        &ids,
        &shown.plays,
        &found.signature.describe(),
        &comment,
        &shown.columns,
    );
    let (rulings, svg) = match found.signature.result {
        // Referees that ended the game at different steps: each with the ruling it ended
        // it with, and each of those steps' board.
        Some(_) if found.signature.apart => {
            let ended = super::minimize::ended_rulings(&shown.columns);
            let rulings: Vec<(String, Ruling)> = ids.iter().cloned().zip(ended).collect();
            let board = super::minimize::apart_board::<F>(case_setup, referees, &shown.plays);
            (rulings, board.map(|b| b.svg))
        }
        Some(_) => {
            let rulings = last_rulings(&ids, &shown.columns);
            let svg = counted_svg::<F>(case_setup, &state, &found.play, &rulings);
            (rulings, svg)
        }
        None => (last_rulings(&ids, &shown.columns), None),
    };
    let svg = svg.unwrap_or_else(|| F::svg(case_setup, &state, Some(&found.play)));
    SignatureSummary {
        description: found.signature.describe(),
        case_path: format!("cases/{}.toml", found.signature.slug()),
        signature: found.signature,
        count: 0,
        games: 0,
        game: Some(game),
        shortest_found: found.history.len(),
        minimized_plies: history.len(),
        case_file,
        rulings,
        svg,
        cycle_plays,
        unminimized: shown.unminimized,
    }
}

/// For a result divergence: the board after the final play as each referee counted it.
fn counted_svg<F: Explore>(
    setup: &F::Setup,
    before: &F::State,
    play: &F::Play,
    rulings: &[(String, Ruling)],
) -> Option<String> {
    let mut after = before.clone();
    F::advance(setup, &mut after, play);
    let counts: Vec<(String, &crate::referee::Tally)> = rulings
        .iter()
        .filter_map(|(id, ruling)| match ruling {
            Ruling::Ends { outcome } => Some((id.clone(), outcome.tally()?)),
            _ => None,
        })
        .collect();
    F::counted_board(setup, &after, &counts).map(|board| board.svg)
}

/// A case file whose expectations are what the referees rule when it is run, and each
/// referee's ruling on its last play.
pub fn case_file<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    plays: &[F::Play],
    title: &str,
    comment: &str,
) -> (String, Vec<(String, Ruling)>) {
    let ids: Vec<String> = referees.iter().map(|r| r.id.clone()).collect();
    let columns = replay::<F>(setup, referees, plays, true, false).columns;
    let text = render_case::<F>(setup, &ids, plays, title, comment, &columns);
    (text, last_rulings(&ids, &columns))
}

/// Each referee's ruling on the last play, from its column of rulings.
fn last_rulings(ids: &[String], columns: &[Vec<Ruling>]) -> Vec<(String, Ruling)> {
    let last = columns
        .iter()
        .map(|c| c.last().cloned().unwrap_or(Ruling::Stopped));
    ids.iter().cloned().zip(last).collect()
}

/// The case file's text, with each referee's expectation read off its column of rulings.
fn render_case<F: Explore>(
    setup: &F::Setup,
    ids: &[String],
    plays: &[F::Play],
    title: &str,
    comment: &str,
    columns: &[Vec<Ruling>],
) -> String {
    let moves: Vec<String> = plays.iter().map(|p| F::play_text(setup, p)).collect();
    let expect: Vec<(String, String)> = ids
        .iter()
        .zip(columns)
        .map(|(id, column)| (id.clone(), expectation(column.iter())))
        .collect();
    crate::case::CaseText {
        family: F::NAME,
        title,
        comment,
        rules: &ids.join(","),
        setup_keys: &F::setup_keys(setup),
        moves: &moves,
        expect: &expect,
    }
    .render()
}

fn expectation<'a>(rulings: impl Iterator<Item = &'a Ruling>) -> String {
    for (i, ruling) in rulings.enumerate() {
        match ruling {
            Ruling::Illegal { rule } => {
                return format!("{{ illegal = {}, rule = {rule:?} }}", i + 1)
            }
            Ruling::Ends { outcome } => {
                return format!("{{ over = {}, result = {:?} }}", i + 1, outcome.summary())
            }
            _ => {}
        }
    }
    "{ ongoing = true }".into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn saved(games: u64, done: u64) -> Results {
        let mut results = Results::new(Plan {
            family: "go".into(),
            setup: "board = \"3x3\"".into(),
            referees: vec!["psk".into(), "ssk".into()],
            seed: 1,
            games,
            max_plies: 10,
            shard: None,
        });
        results.games_done = done;
        results.plies = done;
        let mut sets = BTreeMap::new();
        sets.insert(Vec::new(), done.saturating_sub(3));
        sets.insert(vec!["a".to_string()], done.min(3));
        results.add_game_signatures(sets);
        results
    }

    #[test]
    fn saved_results_are_consistent() {
        assert_eq!(saved(256, 128).check_consistent(64), Ok(()));
        assert_eq!(saved(100, 100).check_consistent(64), Ok(()));
        assert_eq!(saved(100, 0).check_consistent(64), Ok(()));
    }

    #[test]
    fn an_edit_of_games_done_is_caught() {
        let error = |r: Results| r.check_consistent(64).unwrap_err().to_string();
        let mut edited = saved(256, 128);
        edited.games_done = 13;
        assert!(error(edited).contains("neither a multiple of the batch"));
        // Another multiple of the batch, up or down, with the plies still possible: only the
        // signature counts tell.
        for done in [64, 192] {
            let mut edited = saved(256, 128);
            edited.games_done = done;
            let message = error(edited);
            assert!(
                message.contains(&format!(
                    "games_done is {done}, but game_signatures counts 128 games"
                )),
                "{message}"
            );
        }
        let mut edited = saved(256, 128);
        edited.games_done = 300;
        assert!(error(edited).contains("more than the 256 games"));
    }
}
