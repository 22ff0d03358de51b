//! A campaign's folder: `results.json` ([`super::results`]), the minimized case file of every
//! divergence signature, the CSVs and the HTML page. A campaign writes it as it goes, after
//! every batch: the cases that changed first, so saved results never name a case file that is
//! not there yet, then the results, which a resume needs; the CSVs and the page at most every
//! [`RENDER_EVERY`], because the page draws every divergence's boards and re-rendering it
//! after every batch would cost a campaign a quarter of its time.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::campaign;
use super::results::{self, ResultsError};
use crate::family::Explore;
use crate::referee::RefereeInfo;
use crate::runner::campaign::{Plan, Results};
use crate::runner::random::SignatureSummary;
use crate::util::atomic;

/// How often a running campaign re-renders its CSVs and HTML page.
pub const RENDER_EVERY: Duration = Duration::from_secs(30);

/// Why a campaign's folder cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    /// The results file.
    #[error(transparent)]
    Results(#[from] ResultsError),
    /// A file or folder that cannot be made: what, and why.
    #[error("{what}: {error}")]
    Io {
        /// What could not be done (`cannot write out/report.html`).
        what: String,
        /// Why.
        error: std::io::Error,
    },
    /// A new campaign into a folder that holds one.
    #[error("{} exists: pass --resume to continue that campaign, or choose another --out", .0.display())]
    Exists(PathBuf),
    /// The results' place holds a folder (or another thing that is not a file).
    #[error("{} is a folder, not a results file: remove it or choose another --out", .0.display())]
    NotAFile(PathBuf),
    /// `--out` names a file, where the campaign's folder goes.
    #[error("--out {}: is a file, not a folder (the folder for the results; it is made if missing)", .0.display())]
    OutIsAFile(PathBuf),
    /// A resume whose plan is not the saved campaign's.
    #[error("{} holds a different campaign (board, players, referees, seed, games or ply budget differ)", .0.display())]
    Different(PathBuf),
    /// Saved results no run could have written.
    #[error("{}: {why}; cannot resume from it", path.display())]
    Inconsistent {
        /// The results file.
        path: PathBuf,
        /// What does not add up.
        why: crate::runner::campaign::Inconsistent,
    },
}

fn io(what: String) -> impl FnOnce(std::io::Error) -> FolderError {
    move |error| FolderError::Io { what, error }
}

/// A campaign's results to continue from.
pub struct Opened {
    /// Fresh results, or the saved ones.
    pub results: Results,
    /// A resume was asked for, and there was nothing to resume: a new campaign starts.
    pub nothing_to_resume: bool,
}

/// The results of `plan` in the folder `out`: fresh ones (the folder made), or, with
/// `resume`, the saved ones of the same plan, checked to be what batches of `batch` games
/// could have saved.
pub fn open(out: &Path, plan: Plan, resume: bool, batch: u64) -> Result<Opened, FolderError> {
    if out.exists() && !out.is_dir() {
        return Err(FolderError::OutIsAFile(out.to_path_buf()));
    }
    let saved = out.join(results::FILE);
    if !saved.exists() {
        std::fs::create_dir_all(out).map_err(io(format!("cannot create {}", out.display())))?;
        return Ok(Opened {
            results: Results::new(plan),
            nothing_to_resume: resume,
        });
    }
    if saved.is_dir() {
        return Err(FolderError::NotAFile(saved));
    }
    if !resume {
        return Err(FolderError::Exists(saved));
    }
    let results = results::load(&saved)?;
    if results.plan != plan {
        return Err(FolderError::Different(saved));
    }
    results
        .check_consistent(batch)
        .map_err(|why| FolderError::Inconsistent { path: saved, why })?;
    Ok(Opened {
        results,
        nothing_to_resume: false,
    })
}

/// Plays the campaign of `results` into the folder `out` in batches of `batch` games,
/// writing after each as the module says; `progress` hears the games done after each batch.
pub fn run_campaign<F: Explore>(
    out: &Path,
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    results: &mut Results,
    batch: u64,
    mut progress: impl FnMut(&Results, u64),
) -> Result<(), FolderError> {
    let mut rendered: Option<Instant> = None;
    let mut saved = |r: &Results, done: u64, changed: &[String]| -> Result<(), FolderError> {
        progress(r, done);
        write_cases(out, r, Some(changed))?;
        results::save(out, r)?;
        if rendered.is_none_or(|t| t.elapsed() >= RENDER_EVERY) {
            rendered = Some(Instant::now());
            render(out, r)?;
        }
        Ok(())
    };
    // The runner's hook speaks io::Error; the folder's error travels inside one.
    let mut failed = None;
    let ran = crate::runner::campaign::run(setup, referees, results, batch, |r, done, changed| {
        saved(r, done, changed).map_err(|e| {
            let text = e.to_string();
            failed = Some(e);
            std::io::Error::other(text)
        })
    });
    match (ran, failed) {
        (_, Some(error)) => Err(error),
        (Err(error), None) => Err(io("campaign".into())(error)),
        (Ok(()), None) => render(out, results),
    }
}

/// The minimized cases of the signatures whose path is in `only` (all, without it), each as
/// the run (or the shard) that found the example made it.
pub fn write_cases(
    out: &Path,
    results: &Results,
    only: Option<&[String]>,
) -> Result<(), FolderError> {
    let wanted = |s: &&SignatureSummary| only.is_none_or(|paths| paths.contains(&s.case_path));
    for s in results.signatures.iter().filter(wanted) {
        let path = out.join(&s.case_path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io(format!("cannot create {}", dir.display())))?;
        }
        atomic::write(&path, s.case_file.as_bytes())
            .map_err(io(format!("cannot write {}", path.display())))?;
    }
    Ok(())
}

/// Writes the CSVs and the HTML page, each atomically.
pub fn render(out: &Path, results: &Results) -> Result<(), FolderError> {
    let csv = |name: &str, text: Result<String, csv::Error>| {
        text.map_err(|e| FolderError::Io {
            what: format!("cannot write {}", out.join(name).display()),
            error: std::io::Error::other(e),
        })
    };
    for (name, text) in [
        (
            "divergences.csv",
            csv("divergences.csv", campaign::csv(results))?,
        ),
        (
            "classes.csv",
            csv("classes.csv", campaign::classes_csv(results))?,
        ),
        (
            "disagreements.csv",
            csv("disagreements.csv", campaign::map_csv(results))?,
        ),
        ("report.html", campaign::html(results)),
    ] {
        let path = out.join(name);
        atomic::write(&path, text.as_bytes())
            .map_err(io(format!("cannot write {}", path.display())))?;
    }
    Ok(())
}
