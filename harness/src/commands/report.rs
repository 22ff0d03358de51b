//! `rulediff report RESULTS.json`: re-renders a saved campaign's CSV and HTML.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use rulediff::report::campaign;
use rulediff::runner::campaign::Results;
use rulediff::util::atomic;

#[derive(clap::Args)]
pub struct Args {
    /// A `results.json` written by `rulediff random`.
    results: PathBuf,
    /// Folder for the reports (default: next to the results).
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    let results = load(&args.results)?;
    let out = args.out.clone().unwrap_or_else(|| {
        args.results
            .parent()
            .unwrap_or(Path::new("."))
            .to_path_buf()
    });
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    render(&out, &results)
        .with_context(|| format!("cannot write reports into {}", out.display()))?;
    out!("{}", campaign::summary(&results))?;
    Ok(ExitCode::SUCCESS)
}

pub fn load(path: &Path) -> anyhow::Result<Results> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Results::from_json(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

pub fn render(out: &Path, results: &Results) -> std::io::Result<()> {
    let csv = campaign::csv(results).map_err(std::io::Error::other)?;
    atomic::write(&out.join("divergences.csv"), csv.as_bytes())?;
    atomic::write(&out.join("report.html"), campaign::html(results).as_bytes())
}
