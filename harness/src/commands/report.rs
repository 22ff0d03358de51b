//! `rulediff report RESULTS.json`: re-renders a saved campaign's reports;
//! `rulediff report --merge DIR… --out DIR`: merges the shards of a campaign into its report.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use rulediff::report::{campaign, folder, results};
use rulediff::runner::campaign::Results;
use rulediff::runner::merge::merge;

#[derive(clap::Args)]
pub struct Args {
    /// A `results.json` written by `rulediff random`.
    #[arg(required_unless_present = "merge", conflicts_with = "merge")]
    results: Option<PathBuf>,
    /// Shard folders of one campaign (`random --shard I/N --out DIR`), every shard once:
    /// merged into the report one run of the whole campaign makes (needs `--out`).
    #[arg(long, num_args = 1.., requires = "out")]
    merge: Vec<PathBuf>,
    /// Folder for the reports (default: next to the results).
    #[arg(long)]
    out: Option<PathBuf>,
    /// List every member of every referee class.
    #[arg(long)]
    verbose: bool,
}

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    let (results, out) = match &args.results {
        Some(path) => (results::load(path)?, folder_of(path, args.out.as_deref())),
        None => (merged(&args.merge)?, args.out.clone().unwrap_or_default()),
    };
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    if args.results.is_none() {
        folder::write_cases(&out, &results, None)?;
        results::save(&out, &results)?;
    }
    folder::render(&out, &results)
        .with_context(|| format!("cannot write reports into {}", out.display()))?;
    out!("{}", campaign::summary(&results, args.verbose))?;
    Ok(ExitCode::SUCCESS)
}

fn folder_of(results: &Path, out: Option<&Path>) -> PathBuf {
    out.map(Path::to_path_buf)
        .unwrap_or_else(|| results.parent().unwrap_or(Path::new(".")).to_path_buf())
}

fn merged(dirs: &[PathBuf]) -> anyhow::Result<Results> {
    let mut shards = Vec::new();
    for dir in dirs {
        shards.push((dir.clone(), results::load(&dir.join(results::FILE))?));
    }
    Ok(merge(shards)?)
}
