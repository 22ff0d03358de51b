//! `rulediff kee-claims`: Kee's claims 3–6 on random games, per reading and player policy;
//! a table, and each violation minimized to a case file.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use rulediff::check::kee_claims::{
    case_file, expected, minimize, survey_of, Checked, Claim, Expect, Policy, Violation,
};
use rulediff::go::rules::kee::{Variant, VARIANTS};
use rulediff::util::atomic;
use serde::{Deserialize, Serialize};

use super::journal::Journal;

#[derive(clap::Args)]
pub struct Args {
    /// Kee referee ids, comma-separated, or `all` (every reading).
    #[arg(long, default_value = "all")]
    rules: String,
    /// Random games per reading and policy (game `i` is drawn from seed `seed + i`).
    #[arg(long, default_value_t = 1500)]
    games: u64,
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
}

/// Per reading, policy and claim: games violating it, the shortest violation, and the game
/// it came from.
type Tally = BTreeMap<(&'static str, Policy, Claim), (usize, Violation, u64)>;

/// A game's index, and what it showed under each reading and policy.
type Surveyed = (u64, Vec<(&'static Variant, Policy, Checked)>);

/// Long games per reading and policy.
type Long = BTreeMap<(&'static str, Policy), usize>;

/// What decides the counts: a resumed run must have the same.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
struct Plan {
    readings: Vec<String>,
    games: u64,
    seed: u64,
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
    let variants = readings(&args.rules)?;
    let journal = match &args.out {
        Some(out) => Some(Journal::open(out, plan(args, &variants), args.resume)?),
        None => None,
    };
    let (mut tally, mut long, done) = match journal.as_ref().and_then(|j| j.settled(0)) {
        Some(counts) => restore(&counts, args.seed, &variants)?,
        None => (Tally::new(), Long::new(), 0),
    };
    let bar = ProgressBar::new(args.games);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} seeds {elapsed}") {
        bar.set_style(style);
    }
    bar.set_position(done);
    for start in (done..args.games).step_by(CHUNK as usize) {
        let end = (start + CHUNK).min(args.games);
        let games: Vec<Surveyed> = (start..end)
            .into_par_iter()
            .map(|i| {
                let found = survey_of(args.seed + i, &variants);
                bar.inc(1);
                (i, found)
            })
            .collect();
        add(&mut tally, &mut long, games);
        if let Some(journal) = &journal {
            journal.settle(0, counts(&tally, &long, end), |_| Ok(()))?;
        }
    }
    bar.finish_and_clear();
    let table = markdown(&variants, &tally, &long, args.games);
    out!("{table}")?;
    if let Some(out) = &args.out {
        write_cases(out, &tally, &table)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn plan(args: &Args, variants: &[&Variant]) -> Plan {
    Plan {
        readings: variants.iter().map(|v| v.id.to_string()).collect(),
        games: args.games,
        seed: args.seed,
    }
}

fn policy_index(policy: Policy) -> usize {
    Policy::ALL.iter().position(|p| *p == policy).unwrap_or(0)
}

fn counts(tally: &Tally, long: &Long, games_done: u64) -> Counts {
    Counts {
        games_done,
        long: long
            .iter()
            .map(|((id, policy), n)| (id.to_string(), policy_index(*policy), *n))
            .collect(),
        violations: tally
            .iter()
            .map(|((id, policy, claim), (n, _, game))| {
                (
                    id.to_string(),
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
fn restore(
    counts: &Counts,
    seed: u64,
    variants: &[&'static Variant],
) -> anyhow::Result<(Tally, Long, u64)> {
    let bad = || anyhow::anyhow!("progress.json does not match the readings asked for");
    let variant = |id: &str| {
        variants
            .iter()
            .copied()
            .find(|v| v.id == id)
            .ok_or_else(bad)
    };
    let policy = |i: usize| Policy::ALL.get(i).copied().ok_or_else(bad);
    let mut long = Long::new();
    for (id, p, n) in &counts.long {
        long.insert((variant(id)?.id, policy(*p)?), *n);
    }
    let mut tally = Tally::new();
    for (id, p, c, n, game) in &counts.violations {
        let (variant, policy) = (variant(id)?, policy(*p)?);
        let claim = Claim::ALL
            .into_iter()
            .find(|k| *k as u8 == *c)
            .ok_or_else(bad)?;
        let shortest = survey_of(seed + game, &[variant])
            .into_iter()
            .filter(|(_, q, _)| *q == policy)
            .flat_map(|(_, _, checked)| checked.violations)
            .filter(|v| v.claim == claim)
            .reduce(|a, b| if key(&b) < key(&a) { b } else { a })
            .ok_or_else(bad)?;
        tally.insert((variant.id, policy, claim), (*n, shortest, *game));
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

/// Merges a chunk's findings: counts, and the shortest violation of each claim.
fn add(tally: &mut Tally, long: &mut Long, games: Vec<Surveyed>) {
    for (game, found) in games {
        for (variant, policy, checked) in found {
            *long.entry((variant.id, policy)).or_default() += checked.long as usize;
            for v in checked.violations {
                let entry =
                    tally
                        .entry((variant.id, policy, v.claim))
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

fn readings(spec: &str) -> anyhow::Result<Vec<&'static Variant>> {
    if spec.trim() == "all" {
        return Ok(VARIANTS.iter().collect());
    }
    spec.split(',')
        .map(str::trim)
        .map(|id| {
            VARIANTS.iter().find(|v| v.id == id).with_context(|| {
                format!("`{id}` is not a Kee reading; `rulediff rules` lists them")
            })
        })
        .collect()
}

fn markdown(variants: &[&Variant], tally: &Tally, long: &Long, games: u64) -> String {
    let mut out = format!(
        "Games violating each claim, of {games} per reading and policy (expected: holds / fails / open).\n\n\
         | reading | policy | claim 3 (endless) | long games | claim 4 | claim 5 | claim 6 |\n|---|---|---|---|---|---|---|\n"
    );
    for v in variants {
        for policy in Policy::ALL {
            let cell = |claim: Claim| {
                let n = tally.get(&(v.id, policy, claim)).map_or(0, |t| t.0);
                let word = match expected(v.id, policy, claim) {
                    Expect::Holds => "holds",
                    Expect::Fails => "fails",
                    Expect::Open => "open",
                };
                format!("{n} ({word})")
            };
            writeln!(
                out,
                "| `{}` | {} | {} | {} | {} | {} | {} |",
                v.id,
                policy.name(),
                cell(Claim::Finite),
                long.get(&(v.id, policy)).copied().unwrap_or(0),
                cell(Claim::EndsByPasses),
                cell(Claim::OneBoard),
                cell(Claim::NoOpponentBound)
            )
            .expect("String");
        }
    }
    out
}

/// One minimized case per violated (reading, policy, claim); readings whose minimized games
/// coincide share one case.
fn write_cases(out: &std::path::Path, tally: &Tally, table: &str) -> anyhow::Result<()> {
    std::fs::create_dir_all(out.join("cases"))
        .with_context(|| format!("cannot create {}", out.display()))?;
    let minimized: Vec<Violation> = tally
        .par_iter()
        .map(|(_, (_, first, _))| minimize(first))
        .collect();
    let mut grouped: BTreeMap<String, (Violation, Vec<&str>)> = BTreeMap::new();
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
        entry.1.push(v.variant);
    }
    for (v, readings) in grouped.values() {
        let policy = match v.policy {
            Policy::AnyPlay => "any-play",
            Policy::AppealWhenBound => "appeal",
        };
        let name = format!(
            "claim{}-{}-{}.toml",
            v.claim as u8,
            policy,
            readings[0].replace(':', "-")
        );
        atomic::write(
            &out.join("cases").join(name),
            case_file(v, readings).as_bytes(),
        )?;
    }
    atomic::write(
        &out.join("claims.md"),
        format!("# Kee claims\n\n{table}").as_bytes(),
    )?;
    Ok(())
}
