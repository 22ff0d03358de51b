//! `rulediff random`: a random campaign on one board, its report written to a folder.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use indicatif::{ProgressBar, ProgressStyle};
use rulediff::families::{self, ForFamily};
use rulediff::family::Explore;
use rulediff::listed::{Listed, StartOptions};
use rulediff::referee::RefereeInfo;
use rulediff::report::{folder, results};
use rulediff::runner::campaign::{Plan, Shard};
use rulediff::runner::roster;

#[derive(clap::Args)]
pub struct Args {
    /// Game family.
    #[arg(long, default_value = "go", value_parser = clap::builder::PossibleValuesParser::new(families::NAMES))]
    family: String,
    /// Start position (FEN) for non-Go families; default: the standard opening.
    #[arg(long)]
    start: Option<String>,
    /// Go board: `9x9` (the default), `torus:5x5`, `path:6`, `ring:6`, `complete:4`,
    /// `edges:a-b b-c …`.
    #[arg(long)]
    board: Option<String>,
    /// Go players (default 2).
    #[arg(long)]
    players: Option<usize>,
    /// Games to play; game `i` is drawn from the seed and `i` alone, so results do not depend
    /// on threads, batches or shards.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The campaign's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Referee ids, comma-separated, `all`, patterns (`psk*`) and exclusions (`-*@spec`).
    /// Default: Go `simple-ko,psk` (with engines, the rulesets they claim to follow); other
    /// families their default referees.
    #[arg(long)]
    rules: Option<String>,
    /// Ply budget per game; games reaching it are reported as long (suspected non-termination).
    /// Default: 8 times the number of vertices (Go), 2000 (chess), 300 (xiangqi).
    #[arg(long)]
    max_plies: Option<usize>,
    /// Folder for results.json, divergences.csv, report.html and the minimized cases.
    #[arg(long)]
    out: PathBuf,
    /// Continue the campaign saved in `--out` (same plan) instead of refusing to overwrite it.
    #[arg(long)]
    resume: bool,
    /// Play only shard I of N: games I, I+N, I+2N… (`rulediff report --merge` joins the
    /// shards' folders into the campaign's report).
    #[arg(long, value_parser = Shard::parse)]
    shard: Option<Shard>,
    /// Exit with a failure status when a divergence is a defect (referees that claim the
    /// same rule ruled apart); expected rule differences never fail.
    #[arg(long)]
    fail_on_defects: bool,
    /// List every member of every referee class.
    #[arg(long)]
    verbose: bool,
    #[command(flatten)]
    engines: super::engines::EngineArgs,
}

/// Games in a batch: results are saved after each.
const BATCH: u64 = 64;

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    check_sizes(args)?;
    families::with_family(&args.family, &mut Campaign(args))
        .unwrap_or_else(|| bail!("unknown family `{}`", args.family))
}

/// A campaign of one family: its start from the command line, its referees (the family's
/// defaults unless `--rules` names others; with engines, the rulesets they claim).
struct Campaign<'a>(&'a Args);

impl ForFamily for Campaign<'_> {
    type Output = anyhow::Result<ExitCode>;
    fn run<F: Listed>(&mut self) -> anyhow::Result<ExitCode> {
        let args = self.0;
        let options = StartOptions {
            start: args.start.clone(),
            board: args.board.clone(),
            players: args.players,
        };
        let start = F::start(&options)?;
        let engines = args.engines.load()?;
        engines.refuse_other_families::<F>()?;
        engines.preflight::<F>(&start.setup, true)?;
        let roster = roster::for_campaign::<F>(args.rules.as_deref(), &engines)?;
        let referees = roster.referees();
        let max_plies = args.max_plies.unwrap_or(start.max_plies);
        campaign_of::<F>(args, &start.setup, &referees, max_plies)
    }
}

fn campaign_of<F: Explore>(
    args: &Args,
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    max_plies: usize,
) -> anyhow::Result<ExitCode> {
    if let Some(shard) = args.shard.filter(|s| s.index >= args.games) {
        anyhow::bail!(
            "--shard {}/{}: a campaign of {} games has no game for shard {} (games go to shards \
             in turn: shards 0..{} play)",
            shard.index,
            shard.count,
            args.games,
            shard.index,
            args.games.min(shard.count)
        );
    }
    let plan = Plan {
        family: F::NAME.into(),
        setup: F::setup_keys(setup),
        referees: referees.iter().map(|r| r.id.clone()).collect(),
        seed: args.seed,
        games: args.games,
        max_plies,
        shard: args.shard,
    };
    if referees.len() < 2 {
        eprintln!(
            "warning: one referee ({}): no divergence can be found; the campaign only looks for \
             games that reach the ply budget and for faults",
            plan.referees.join(",")
        );
    }
    let opened = folder::open(&args.out, plan, args.resume, BATCH)?;
    if opened.nothing_to_resume {
        eprintln!(
            "warning: --resume: {} does not exist, so a new campaign starts",
            args.out.join(results::FILE).display()
        );
    }
    let mut results = opened.results;
    results.claims = referees
        .iter()
        .map(|r| (r.id.clone(), r.claims.clone()))
        .collect();
    let bar = progress(results.plan.own_games(), results.games_done);
    let lines = super::progress::lines(&bar, Some("games"));
    folder::run_campaign(
        &args.out,
        setup,
        referees,
        &mut results,
        BATCH,
        |r, done| {
            bar.set_position(done);
            bar.set_message(format!(
                "{} divergences, {} signatures",
                r.divergences(),
                r.signatures.len()
            ));
        },
    )?;
    bar.finish_and_clear();
    lines.stop();
    out!(
        "{}",
        rulediff::report::campaign::summary(&results, args.verbose)
    )?;
    outln!("report: {}", args.out.join("report.html").display())?;
    let defects = rulediff::report::analysis::Analysis::of(&results).defects();
    Ok(if args.fail_on_defects && defects > 0 {
        eprintln!("{defects} defects (--fail-on-defects)");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Sizes that would make a campaign check nothing.
fn check_sizes(args: &Args) -> anyhow::Result<()> {
    if args.games == 0 {
        bail!("--games 0: a campaign needs at least one game");
    }
    if args.max_plies == Some(0) {
        bail!("--max-plies 0: no game could make a single play");
    }
    Ok(())
}

fn progress(games: u64, done: u64) -> ProgressBar {
    let bar = ProgressBar::new(games);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} {elapsed} {msg}")
    {
        bar.set_style(style);
    }
    bar.set_position(done);
    bar
}
