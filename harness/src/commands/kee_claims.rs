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
    /// Write `claims.md` and one minimized case per violation kind into this folder.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Per reading, policy and claim: games violating it, and the shortest violation.
type Tally = BTreeMap<(&'static str, Policy, Claim), (usize, Violation)>;

/// Games surveyed between merges into the tally: the memory held stays this many games'
/// findings, however many games are asked for.
const CHUNK: u64 = 1024;

/// Most games a run may ask for (at thousands of games a second, months of work): a bound
/// that keeps `seed + i` and the counts far from overflow.
const MAX_GAMES: u64 = 1 << 32;

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    check_games(args)?;
    let variants = readings(&args.rules)?;
    let bar = ProgressBar::new(args.games);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} seeds {elapsed}") {
        bar.set_style(style);
    }
    let mut tally = Tally::new();
    let mut long: BTreeMap<(&str, Policy), usize> = BTreeMap::new();
    for start in (0..args.games).step_by(CHUNK as usize) {
        let end = (start + CHUNK).min(args.games);
        let games: Vec<Vec<(&'static Variant, Policy, Checked)>> = (start..end)
            .into_par_iter()
            .map(|i| {
                let found = survey_of(args.seed + i, &variants);
                bar.inc(1);
                found
            })
            .collect();
        add(&mut tally, &mut long, games);
    }
    bar.finish_and_clear();
    let table = markdown(&variants, &tally, &long, args.games);
    out!("{table}")?;
    if let Some(out) = &args.out {
        write_cases(out, &tally, &table)?;
    }
    Ok(ExitCode::SUCCESS)
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
fn add(
    tally: &mut Tally,
    long: &mut BTreeMap<(&str, Policy), usize>,
    games: Vec<Vec<(&'static Variant, Policy, Checked)>>,
) {
    for (variant, policy, checked) in games.into_iter().flatten() {
        *long.entry((variant.id, policy)).or_default() += checked.long as usize;
        for v in checked.violations {
            let entry = tally
                .entry((variant.id, policy, v.claim))
                .or_insert((0, v.clone()));
            entry.0 += 1;
            if (v.plays.len(), v.setup.players) < (entry.1.plays.len(), entry.1.setup.players) {
                entry.1 = v;
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

fn markdown(
    variants: &[&Variant],
    tally: &Tally,
    long: &BTreeMap<(&str, Policy), usize>,
    games: u64,
) -> String {
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
        .map(|(_, (_, first))| minimize(first))
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
