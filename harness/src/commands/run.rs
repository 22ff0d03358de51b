//! `rulediff run PATH...`: every case through its referees, in parallel, in file order.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use rulediff::case::{self, Case, CaseError};
use rulediff::families::engines::Engines;
use rulediff::families::{self, AnyCase, ForCase};
use rulediff::family::Family;
use rulediff::listed::Listed;
use rulediff::referee::RefereeInfo;
use rulediff::report;
use rulediff::runner::defects::RunDefect;
use rulediff::runner::{self, roster, CaseRun, Options};
use serde::Serialize;

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Json,
    Csv,
}

#[derive(clap::Args)]
pub struct Args {
    /// Case files or folders (searched recursively for `.toml`).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Referee ids, comma-separated, or `all`; default: each case's own list plus every
    /// referee it has an expectation for. Ids of another family are ignored for a case; an
    /// id of a family no case is of is an error.
    #[arg(long)]
    rules: Option<String>,
    /// Output: `text` (steps, divergences, expectations), `json` (every step record, the
    /// tallies and counted boards) or `csv` (a row per step, with `counted`, `dead` and
    /// `defects` columns).
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Before each step, ask every referee for all the plays it allows, and show where
    /// those sets differ.
    #[arg(long)]
    legal_sets: bool,
    /// Write the report to this file (atomically) instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also fail when a divergence is a defect: referees that claim the same rule (see
    /// `rulediff rules --verbose`) ruled apart. Expected rule differences never fail.
    #[arg(long)]
    fail_on_defects: bool,
    #[command(flatten)]
    engines: super::engines::EngineArgs,
}

/// What one case file gave: a run, nothing (no chosen referee is of its family), or an error.
enum Outcome {
    /// The run and its defects.
    Ran(Box<CaseRun>, Vec<RunDefect>),
    Skipped,
    Failed(String),
}

#[derive(Serialize)]
struct JsonReport<'a> {
    /// First, as in the text report: what a reader must look at.
    defects: &'a [RunDefect],
    runs: &'a [CaseRun],
    errors: &'a [String],
}

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    let engines = args.engines.load()?;
    if let Some(spec) = &args.rules {
        roster::check_rules(spec, &engines)?;
    }
    let walk = case::discover_warn(&args.paths).context("cannot list the case files")?;
    for warning in &walk.warnings {
        eprintln!("warning: {warning}");
    }
    let files = walk.files;
    if files.is_empty() {
        anyhow::bail!("no .toml case files under {:?}", args.paths);
    }
    let options = Options {
        legal_sets: args.legal_sets,
    };
    let loaded: Vec<Result<AnyCase, CaseError>> =
        files.par_iter().map(|p| families::load(p)).collect();
    let families: Vec<&str> = loaded.iter().flatten().map(AnyCase::family).collect();
    if let Some(spec) = &args.rules {
        roster::check_rules_families(spec, &engines, &families)?;
    }
    engines.preflight_cases(&families)?;
    let bar = progress(files.len() as u64);
    let lines = super::progress::lines(&bar, Some("cases"));
    let outcomes: Vec<Outcome> = loaded
        .into_par_iter()
        .map(|loaded| {
            let outcome = run_loaded(loaded, args.rules.as_deref(), &options, &engines);
            bar.inc(1);
            outcome
        })
        .collect();
    bar.finish_and_clear();
    lines.stop();
    let (runs, defects, errors) = split(outcomes);
    for error in &errors {
        eprintln!("error: {error}");
    }
    let text = render(args.format, &runs, &defects, &errors)?;
    match &args.out {
        Some(path) => rulediff::util::atomic::write(path, text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => out!("{text}")?,
    }
    eprintln!(
        "{}; {} defects, {} expected rule differences",
        report::text::summary(&runs, errors.len()),
        defects.len(),
        runner::defects::expected_differences(&runs, &defects)
    );
    let ok = errors.is_empty()
        && runs.iter().all(CaseRun::passed)
        && (defects.is_empty() || !args.fail_on_defects);
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn progress(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} cases {per_sec} {elapsed}")
    {
        bar.set_style(style);
    }
    bar
}

fn split(outcomes: Vec<Outcome>) -> (Vec<CaseRun>, Vec<RunDefect>, Vec<String>) {
    let (mut runs, mut defects, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for outcome in outcomes {
        match outcome {
            Outcome::Ran(run, found) => {
                runs.push(*run);
                defects.extend(found);
            }
            Outcome::Skipped => {}
            Outcome::Failed(error) => errors.push(error),
        }
    }
    (runs, defects, errors)
}

fn defects_of<F: Family>(run: &CaseRun, referees: &[&RefereeInfo<F>]) -> Vec<RunDefect> {
    let claims: Vec<&rulediff::referee::Claims> = referees.iter().map(|r| &r.claims).collect();
    runner::defects::of_run(run, &claims)
}

fn render(
    format: Format,
    runs: &[CaseRun],
    defects: &[RunDefect],
    errors: &[String],
) -> anyhow::Result<String> {
    Ok(match format {
        Format::Text => {
            let body: String = runs
                .iter()
                .map(|run| report::text::case_run(run) + "\n")
                .collect();
            text_defects(defects) + &body
        }
        Format::Json => {
            serde_json::to_string_pretty(&JsonReport {
                defects,
                runs,
                errors,
            })? + "\n"
        }
        Format::Csv => report::csv::case_runs(runs, defects)?,
    })
}

/// The lead of the text report: every defect, wrapped, then a blank line; empty without any.
fn text_defects(defects: &[RunDefect]) -> String {
    if defects.is_empty() {
        return String::new();
    }
    let mut lead = format!(
        "{} defects (referees that claim the same rule ruled apart):\n",
        defects.len()
    );
    for d in defects {
        let words: Vec<String> = d.line().split(' ').map(str::to_string).collect();
        for text in report::campaign::wrap(&words, " ", 6) {
            lead.push_str(&text);
            lead.push('\n');
        }
    }
    lead + "\n"
}

fn run_loaded(
    loaded: Result<AnyCase, CaseError>,
    rules: Option<&str>,
    options: &Options,
    engines: &Engines,
) -> Outcome {
    match loaded {
        Err(error) => Outcome::Failed(error.to_string()),
        Ok(case) => case.visit(RunLoaded {
            rules,
            options,
            engines,
        }),
    }
}

/// A case of any family through its roster ([`roster::for_case`]): the referees `--rules`
/// or the case names, and the engines with the rulesets they claim.
struct RunLoaded<'a> {
    rules: Option<&'a str>,
    options: &'a Options,
    engines: &'a Engines,
}

impl ForCase for RunLoaded<'_> {
    type Output = Outcome;
    fn run<F: Listed>(self, case: Case<F>) -> Outcome {
        match roster::for_case(&case, self.rules, self.engines) {
            Ok(Some(roster)) => {
                let referees = roster.referees();
                let run = runner::run_case(&case, &referees, self.options);
                let defects = defects_of(&run, &referees);
                Outcome::Ran(Box::new(run), defects)
            }
            Ok(None) => Outcome::Skipped,
            Err(error) => Outcome::Failed(error.to_string()),
        }
    }
}
