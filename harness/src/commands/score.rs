//! `rulediff score FILES…`: count recorded games (SGF) under their recorded rules and others,
//! and compare each result with the recorded one.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use rayon::prelude::*;
use rulediff::check::recorded::{self, Game, Skip};
use rulediff::go::Go;
use rulediff::referee::{select, Refereed};
use rulediff::util::read;

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Csv,
    Markdown,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// SGF files or folders (searched recursively for `.sgf`).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Referees to count with besides the one for each record's RU (`japanese,chinese`).
    #[arg(long)]
    rules: Option<String>,
    /// Output: `text` (each record and its counts), `csv` or `markdown` (a row per record and
    /// ruleset), or `json`.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Write the report to this file (atomically) instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    let registry = Go::registry_for(args.rules.as_deref().unwrap_or_default());
    let extra = match &args.rules {
        Some(spec) => select(&registry, spec).map_err(anyhow::Error::msg)?,
        None => Vec::new(),
    };
    let mut files = Vec::new();
    for path in &args.paths {
        sgf_files(path, &mut files).with_context(|| format!("cannot list {}", path.display()))?;
    }
    files.sort();
    if files.is_empty() {
        anyhow::bail!("no .sgf files under {:?}", args.paths);
    }
    let results: Vec<Result<Game, Skip>> = files
        .par_iter()
        .map(|file| {
            let name = file.display().to_string();
            match read::lossy_text(file, read::Kind::Sgf) {
                Ok(text) => recorded::count(&name, &text, &registry, &extra),
                Err(e) => Err(Skip::Error(e.to_string())),
            }
        })
        .collect();
    let (mut games, mut not_counted, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for r in results {
        match r {
            Ok(game) => games.push(game),
            Err(Skip::NotCounted(why)) => not_counted.push(why),
            Err(Skip::Error(why)) => errors.push(why),
        }
    }
    for e in &errors {
        eprintln!("error: {e}");
    }
    let text = match args.format {
        Format::Text => rulediff::check::tables::recorded::text(&games),
        Format::Csv => rulediff::check::tables::recorded::csv(&games)?,
        Format::Markdown => rulediff::check::tables::recorded::markdown(&games),
        Format::Json => {
            serde_json::to_string_pretty(&serde_json::json!({
                "games": games, "not_counted": not_counted, "errors": errors,
            }))? + "\n"
        }
    };
    match &args.out {
        Some(path) => rulediff::util::atomic::write(path, text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => out!("{text}")?,
    }
    eprintln!(
        "{}",
        rulediff::check::tables::recorded::summary(&games, not_counted.len(), errors.len())
    );
    let all_agree = games
        .iter()
        .filter(|g| g.preset.is_some())
        .all(|g| g.counts.first().and_then(|c| c.agrees) == Some(true));
    Ok(if errors.is_empty() && all_agree {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// A file named on the command line is read whatever its name; a folder gives its `.sgf`
/// files, recursively (a folder reached again through a link is walked once, so a link back
/// up cannot loop).
fn sgf_files(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut walked = std::collections::HashSet::new();
    walk(path, out, &mut walked)
}

fn walk(
    path: &Path,
    out: &mut Vec<PathBuf>,
    walked: &mut std::collections::HashSet<PathBuf>,
) -> std::io::Result<()> {
    if !path.is_dir() {
        std::fs::metadata(path)?;
        out.push(path.to_path_buf());
        return Ok(());
    }
    if !walked.insert(std::fs::canonicalize(path)?) {
        return Ok(());
    }
    for entry in std::fs::read_dir(path)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out, walked)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
    Ok(())
}
