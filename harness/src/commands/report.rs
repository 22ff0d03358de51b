//! `rulediff report RESULTS.json`: re-renders a saved campaign's reports;
//! `rulediff report --merge DIR… --out DIR`: merges the shards of a campaign into its report.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use rulediff::families::{self, ForFamily};
use rulediff::listed::Listed;
use rulediff::referee::RefereeInfo;
use rulediff::report::campaign;
use rulediff::runner::campaign::Results;
use rulediff::runner::merge::merge;
use rulediff::runner::random::SignatureSummary;
use rulediff::util::atomic;

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
        Some(path) => (load(path)?, folder_of(path, args.out.as_deref())),
        None => (merged(&args.merge)?, args.out.clone().unwrap_or_default()),
    };
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    if args.results.is_none() {
        write_cases(&out, &results, None)?;
        let json = serde_json::to_string_pretty(&results)?;
        atomic::write(&out.join("results.json"), json.as_bytes())
            .with_context(|| format!("cannot write {}", out.join("results.json").display()))?;
    }
    render(&out, &results)
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
        shards.push((dir.clone(), load(&dir.join("results.json"))?));
    }
    Ok(merge(shards)?)
}

/// The minimized cases of the signatures whose path is in `only` (all, without it), each as
/// the run (or the shard) that found the example made it.
pub fn write_cases(out: &Path, results: &Results, only: Option<&[String]>) -> anyhow::Result<()> {
    let wanted = |s: &&SignatureSummary| only.is_none_or(|paths| paths.contains(&s.case_path));
    for s in results.signatures.iter().filter(wanted) {
        let path = out.join(&s.case_path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        atomic::write(&path, s.case_file.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// Reads saved results; a corrupt file is an error naming the file, the field and where.
/// Results saved before referees stated their claims get them from the registry.
pub fn load(path: &Path) -> anyhow::Result<Results> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut results: Results = serde_json::from_str(&text).map_err(|e| {
        let field = field_at(&text, e.line(), e.column())
            .map_or(String::new(), |f| format!(" in field `{f}`"));
        anyhow::anyhow!(
            "{}: not a rulediff results file{field} (line {}, column {}): {e}",
            path.display(),
            e.line(),
            e.column()
        )
    })?;
    if results.claims.is_empty() {
        fill_claims(&mut results);
    }
    Ok(results)
}

/// The JSON key nearest before a position (1-based line and column), where there is one.
pub fn field_at(text: &str, line: usize, column: usize) -> Option<String> {
    let mut before: String = text
        .lines()
        .take(line.saturating_sub(1))
        .collect::<Vec<_>>()
        .join("\n");
    if let Some(current) = text.lines().nth(line.saturating_sub(1)) {
        before.push('\n');
        before.extend(current.chars().take(column));
    }
    let colon = before.rfind("\":")?;
    let open = before[..colon].rfind('"')?;
    Some(before[open + 1..colon].to_string())
}

fn fill_claims(results: &mut Results) {
    /// The claims of the plan's referees that the family's registry knows.
    struct Known<'a>(&'a mut Results);
    impl ForFamily for Known<'_> {
        type Output = ();
        fn run<F: Listed>(&mut self) {
            let registry: Vec<RefereeInfo<F>> = F::registry();
            let results = &mut *self.0;
            for id in &results.plan.referees {
                if let Some(info) = registry.iter().find(|r| r.id == *id) {
                    results.claims.insert(id.clone(), info.claims.clone());
                }
            }
        }
    }
    let family = results.plan.family.clone();
    families::with_family(&family, &mut Known(results));
}

/// Writes the CSVs and the HTML page, each atomically.
pub fn render(out: &Path, results: &Results) -> std::io::Result<()> {
    let io = std::io::Error::other;
    for (name, text) in [
        ("divergences.csv", campaign::csv(results).map_err(io)?),
        ("classes.csv", campaign::classes_csv(results).map_err(io)?),
        ("disagreements.csv", campaign::map_csv(results).map_err(io)?),
        ("report.html", campaign::html(results)),
    ] {
        atomic::write(&out.join(name), text.as_bytes())?;
    }
    Ok(())
}
