//! `rulediff kee-claims`: Kee's claims 3–6 on random games, per reading and player policy;
//! a table, and each violation minimized to a case file.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use rulediff::check::kee_claims::{
    case_file, minimize, survey_of, Checked, Claim, Claim6, Policy, Subject, Violation,
};
use rulediff::check::tables::kee_claims::{grouped, groups, markdown, Long, Tally};
use rulediff::go::rules::kee::{axes, variant, VARIANTS};
use rulediff::util::atomic;
use serde::{Deserialize, Serialize};

use super::journal::Journal;

#[derive(clap::Args)]
pub struct Args {
    /// Kee referee ids, comma-separated, or `all` (the named readings); `kee[…]` names
    /// combinations of the axes, `kee[*]` every one (then the table groups them).
    #[arg(long, default_value = "all")]
    rules: String,
    /// Random games per reading and policy (game `i` is drawn from seed `seed + i`).
    #[arg(long, default_value_t = 1500)]
    games: u64,
    /// The first game's seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Write `claims.md` and one minimized case per violation kind into this folder; the
    /// counts so far are saved after every 1024 games (see `--resume`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue a run that was stopped, from the counts saved in `--out` (its
    /// `progress.json`). Same options needed.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Which reading of claim 6 to check: `literal` ("when a game ends": who is bound once
    /// the game is over), `at-own-pass` (who was bound when he made his own final pass, after
    /// rule 12), or `both` (two columns, each named).
    #[arg(long, value_enum, default_value_t = Claim6Arg::Both)]
    claim6: Claim6Arg,
}

/// `--claim6`'s values.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Claim6Arg {
    Literal,
    AtOwnPass,
    Both,
}

impl From<Claim6Arg> for Claim6 {
    fn from(arg: Claim6Arg) -> Claim6 {
        match arg {
            Claim6Arg::Literal => Claim6::Literal,
            Claim6Arg::AtOwnPass => Claim6::AtOwnPass,
            Claim6Arg::Both => Claim6::Both,
        }
    }
}

/// A game's index, and what it showed under each subject (by index) and policy.
type Surveyed = (u64, Vec<(usize, Policy, Checked)>);

/// More subjects than this get the grouped table on the terminal (the table per subject stays
/// in `--out`).
const MAX_LISTED: usize = 20;

/// What decides the counts: a resumed run must have the same.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
struct Plan {
    readings: Vec<String>,
    games: u64,
    seed: u64,
    /// Runs saved before `--claim6` existed asked both readings.
    #[serde(default)]
    claim6: Claim6,
}

/// The counts after `games_done` games. A violation is kept as the game it came from (games
/// are drawn from their seed, so it is found again by playing that game once more).
#[derive(Clone, Default, Serialize, Deserialize)]
struct Counts {
    games_done: u64,
    /// (reading, policy index, long games).
    long: Vec<(String, usize, usize)>,
    /// (reading, policy index, claim number, games violating it, game of the shortest).
    violations: Vec<(String, usize, u8, usize, u64)>,
}

/// Games surveyed between merges into the tally: the memory held stays this many games'
/// findings, however many games are asked for.
const CHUNK: u64 = 1024;

/// Most games a run may ask for (at thousands of games a second, months of work): a bound
/// that keeps `seed + i` and the counts far from overflow.
const MAX_GAMES: u64 = 1 << 32;

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    check_games(args)?;
    let subjects = readings(&args.rules)?;
    let claims = Claim6::from(args.claim6).claims();
    let journal = match &args.out {
        Some(out) => Some(Journal::open(out, plan(args, &subjects), args.resume)?),
        None => None,
    };
    let (mut tally, mut long, done) = match journal.as_ref().and_then(|j| j.settled(0)) {
        Some(counts) => restore(&counts, args.seed, &subjects)?,
        None => (Tally::new(), Long::new(), 0),
    };
    let bar = ProgressBar::new(args.games);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} seeds {elapsed}") {
        bar.set_style(style);
    }
    bar.set_position(done);
    let lines = super::progress::lines(&bar, Some("seeds"));
    for start in (done..args.games).step_by(CHUNK as usize) {
        let end = (start + CHUNK).min(args.games);
        let games: Vec<Surveyed> = (start..end)
            .into_par_iter()
            .map(|i| {
                let found = survey_of(args.seed + i, &subjects);
                bar.inc(1);
                (i, found)
            })
            .collect();
        add(&mut tally, &mut long, games, &claims);
        if let Some(journal) = &journal {
            journal.settle(0, counts(&subjects, &tally, &long, end), |_| Ok(()))?;
        }
    }
    bar.finish_and_clear();
    lines.stop();
    let table = markdown(&subjects, &tally, &long, args.games, &claims);
    let space = (subjects.len() > MAX_LISTED)
        .then(|| grouped(&subjects, &tally, &long, args.games, &claims));
    match &space {
        Some(space) => out!("{space}")?,
        None => out!("{table}")?,
    }
    if let Some(out) = &args.out {
        write_cases(out, &subjects, &tally, &table, space.as_deref())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn plan(args: &Args, subjects: &[Subject]) -> Plan {
    Plan {
        readings: subjects.iter().map(|v| v.id.clone()).collect(),
        games: args.games,
        seed: args.seed,
        claim6: args.claim6.into(),
    }
}

fn policy_index(policy: Policy) -> usize {
    Policy::ALL.iter().position(|p| *p == policy).unwrap_or(0)
}

fn counts(subjects: &[Subject], tally: &Tally, long: &Long, games_done: u64) -> Counts {
    Counts {
        games_done,
        long: long
            .iter()
            .map(|((i, policy), n)| (subjects[*i].id.clone(), policy_index(*policy), *n))
            .collect(),
        violations: tally
            .iter()
            .map(|((i, policy, claim), (n, _, game))| {
                (
                    subjects[*i].id.clone(),
                    policy_index(*policy),
                    *claim as u8,
                    *n,
                    *game,
                )
            })
            .collect(),
    }
}

/// The tally saved counts stand for: each shortest violation found again by playing its
/// game once more.
fn restore(counts: &Counts, seed: u64, subjects: &[Subject]) -> anyhow::Result<(Tally, Long, u64)> {
    let bad = || anyhow::anyhow!("progress.json does not match the readings asked for");
    let subject = |id: &str| subjects.iter().position(|v| v.id == id).ok_or_else(bad);
    let policy = |i: usize| Policy::ALL.get(i).copied().ok_or_else(bad);
    let mut long = Long::new();
    for (id, p, n) in &counts.long {
        long.insert((subject(id)?, policy(*p)?), *n);
    }
    let mut tally = Tally::new();
    for (id, p, c, n, game) in &counts.violations {
        let (at, policy) = (subject(id)?, policy(*p)?);
        let claim = Claim::ALL
            .into_iter()
            .find(|k| *k as u8 == *c)
            .ok_or_else(bad)?;
        let shortest = survey_of(seed + game, std::slice::from_ref(&subjects[at]))
            .into_iter()
            .filter(|(_, q, _)| *q == policy)
            .flat_map(|(_, _, checked)| checked.violations)
            .filter(|v| v.claim == claim)
            .reduce(|a, b| if key(&b) < key(&a) { b } else { a })
            .ok_or_else(bad)?;
        tally.insert((at, policy, claim), (*n, shortest, *game));
    }
    Ok((tally, long, counts.games_done))
}

/// Shorter violations are kept: by plays, then players.
fn key(v: &Violation) -> (usize, usize) {
    (v.plays.len(), v.setup.players)
}

fn check_games(args: &Args) -> anyhow::Result<()> {
    if args.games == 0 {
        anyhow::bail!("--games 0: give at least one game");
    }
    if args.games > MAX_GAMES {
        anyhow::bail!(
            "--games {}: at most {MAX_GAMES} games (more would take years)",
            args.games
        );
    }
    if args.seed.checked_add(args.games).is_none() {
        anyhow::bail!(
            "--seed {} with --games {}: the last game's seed would pass {}",
            args.seed,
            args.games,
            u64::MAX
        );
    }
    Ok(())
}

/// Merges a chunk's findings: counts, and the shortest violation of each claim asked.
fn add(tally: &mut Tally, long: &mut Long, games: Vec<Surveyed>, claims: &[Claim]) {
    for (game, found) in games {
        for (at, policy, checked) in found {
            *long.entry((at, policy)).or_default() += checked.long as usize;
            for v in checked
                .violations
                .into_iter()
                .filter(|v| claims.contains(&v.claim))
            {
                let entry = tally
                    .entry((at, policy, v.claim))
                    .or_insert((0, v.clone(), game));
                entry.0 += 1;
                if key(&v) < key(&entry.1) {
                    entry.1 = v;
                    entry.2 = game;
                }
            }
        }
    }
}

fn readings(spec: &str) -> anyhow::Result<Vec<Subject>> {
    if spec.trim() == "all" {
        return Ok(VARIANTS.iter().map(Subject::from).collect());
    }
    let mut subjects: Vec<Subject> = Vec::new();
    // Split as `--rules` lists are: a comma inside `kee[…]` separates its parts.
    for id in rulediff::referee::select::tokens(spec) {
        let found: Vec<Subject> = match (variant(id), axes::parse(id)) {
            (Some(named), _) => vec![Subject::from(named)],
            (None, Some(parsed)) => parsed
                .map_err(anyhow::Error::msg)?
                .into_iter()
                .map(Subject::of)
                .collect(),
            (None, None) => anyhow::bail!(
                "`{id}` is not a Kee reading; `rulediff rules` lists them (and `kee[axis=value,…]`)"
            ),
        };
        for s in found {
            if !subjects.iter().any(|t| t.reading == s.reading) {
                subjects.push(s);
            }
        }
    }
    Ok(subjects)
}

/// One minimized case per violated (reading, policy, claim); readings whose minimized games
/// coincide share one case. Over many combinations, one per group of the grouped table and
/// violated (policy, claim): its shortest.
fn write_cases(
    out: &std::path::Path,
    subjects: &[Subject],
    tally: &Tally,
    table: &str,
    space: Option<&str>,
) -> anyhow::Result<()> {
    std::fs::create_dir_all(out.join("cases"))
        .with_context(|| format!("cannot create {}", out.display()))?;
    let chosen: Vec<&Violation> = match space {
        None => tally.values().map(|(_, first, _)| first).collect(),
        Some(_) => groups(subjects, tally, &Long::new())
            .iter()
            .flat_map(|g| shortest_per_claim(g.members.as_slice(), tally))
            .collect(),
    };
    let minimized: Vec<Violation> = chosen.par_iter().map(|v| minimize(v)).collect();
    let mut grouped: BTreeMap<String, (Violation, Vec<String>)> = BTreeMap::new();
    for v in minimized {
        let key = format!(
            "{:?} {:?} {} {} {:?}",
            v.claim,
            v.policy,
            v.setup.graph.description(),
            v.setup.players,
            v.plays
        );
        let entry = grouped
            .entry(key)
            .or_insert_with(|| (v.clone(), Vec::new()));
        entry.1.push(v.variant.clone());
    }
    for (v, readings) in grouped.values() {
        let policy = match v.policy {
            Policy::AnyPlay => "any-play",
            Policy::AppealWhenBound => "appeal",
        };
        let name = format!(
            "claim{}-{}-{}.toml",
            v.claim.label(),
            policy,
            slug(&readings[0])
        );
        let ids: Vec<&str> = readings.iter().map(String::as_str).collect();
        atomic::write(&out.join("cases").join(name), case_file(v, &ids).as_bytes())?;
    }
    atomic::write(
        &out.join("claims.md"),
        format!("# Kee claims\n\n{table}").as_bytes(),
    )?;
    if let Some(space) = space {
        atomic::write(&out.join("kee-space.md"), space.as_bytes())?;
    }
    Ok(())
}

/// The shortest violation of each (policy, claim) among `members`.
fn shortest_per_claim<'a>(members: &[usize], tally: &'a Tally) -> Vec<&'a Violation> {
    let mut best: BTreeMap<(Policy, Claim), &Violation> = BTreeMap::new();
    for ((i, policy, claim), (_, v, _)) in tally {
        if !members.contains(i) {
            continue;
        }
        let slot = best.entry((*policy, *claim)).or_insert(v);
        if key(v) < key(slot) {
            *slot = v;
        }
    }
    best.into_values().collect()
}

/// A file-name part for a referee id (`kee:replay-same` → `kee-replay-same`,
/// `kee[rescind=erase]` → `kee_rescind-erase_`).
fn slug(id: &str) -> String {
    id.chars()
        .map(|c| match c {
            ':' | ',' | '=' => '-',
            '[' | ']' => '_',
            c => c,
        })
        .collect()
}
