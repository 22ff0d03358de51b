//! The settled rows of a long command (`finite`, `solve`, `kee-claims`), saved as each is
//! settled (or, for runs of thousands of short jobs, every second or so), so that a killed run
//! loses at most the searches in progress and those of the last second, and `--resume`
//! continues where it stopped. The journal is `progress.json` in the output folder: the plan
//! (everything that decides the rows) and the rows so far, rewritten atomically each time.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use rulediff::util::read;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

const FILE: &str = "progress.json";

#[derive(Serialize, Deserialize)]
struct Saved<P, R> {
    plan: P,
    rows: Vec<R>,
}

/// Rows keyed by the index of their job in the plan.
pub struct Journal<P, R> {
    path: PathBuf,
    saved: Mutex<Saved<P, (usize, R)>>,
    /// When the last save of [`Journal::settle_when_due`] started, and how long it took.
    last_save: Mutex<Option<(Instant, Duration)>>,
}

/// Time between saves of [`Journal::settle_when_due`].
const SAVE_EVERY: Duration = Duration::from_secs(1);

/// A save of [`Journal::settle_when_due`] is followed by at least this many times its own
/// duration without one.
const SAVE_SHARE: u32 = 10;

impl<P, R> Journal<P, R>
where
    P: Serialize + DeserializeOwned + PartialEq + Clone,
    R: Serialize + DeserializeOwned + Clone,
{
    /// A journal in `out` for `plan`: empty, or with `--resume` the rows a run of the same
    /// plan saved there. A journal left by another plan, or one found without `--resume`, is
    /// an error (nothing is overwritten unasked).
    pub fn open(out: &Path, plan: P, resume: bool) -> anyhow::Result<Self> {
        // Before any work: a run that can only fail to write its results at the end must not
        // start.
        if out.exists() && !out.is_dir() {
            bail!(
                "--out {}: is a file, not a folder (the folder for the results; it is made if \
                 missing)",
                out.display()
            );
        }
        let path = out.join(FILE);
        let mut saved = Saved {
            plan: plan.clone(),
            rows: Vec::new(),
        };
        if path.exists() {
            if !resume {
                bail!(
                    "{} holds the rows of an earlier run: pass --resume to continue it, or \
                     choose another --out",
                    path.display()
                );
            }
            let text = read::text(&path, read::Kind::Progress).context("cannot read")?;
            let old: Saved<P, (usize, R)> = serde_json::from_str(&text)
                .with_context(|| format!("{}: not a rulediff progress file", path.display()))?;
            if old.plan != plan {
                bail!(
                    "{} is the progress of another run (its options differ); resume it with \
                     the same options, or choose another --out",
                    path.display()
                );
            }
            saved.rows = old.rows;
        } else if resume {
            eprintln!(
                "warning: --resume: {} does not exist, so the run starts afresh",
                path.display()
            );
        }
        std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
        Ok(Journal {
            path,
            saved: Mutex::new(saved),
            last_save: Mutex::new(None),
        })
    }

    /// The row of job `index`, if an earlier run settled it.
    pub fn settled(&self, index: usize) -> Option<R> {
        let saved = self.saved.lock().expect("journal lock");
        saved
            .rows
            .iter()
            .find(|(i, _)| *i == index)
            .map(|(_, row)| row.clone())
    }

    /// Adds the row of job `index` and, when `save` says so, saves the journal and calls
    /// `tables` as [`Journal::settle`] does: a run of thousands of short jobs saves every so
    /// often instead of rewriting every row after each one ([`Journal::flush`] saves at the
    /// end).
    fn settle_sometimes(
        &self,
        index: usize,
        row: R,
        save: bool,
        tables: impl FnOnce(Vec<R>) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        let mut saved = self.saved.lock().expect("journal lock");
        saved.rows.retain(|(i, _)| *i != index);
        saved.rows.push((index, row));
        saved.rows.sort_by_key(|(i, _)| *i);
        if !save {
            return Ok(());
        }
        self.save(&saved)?;
        tables(saved.rows.iter().map(|(_, row)| row.clone()).collect())
    }

    /// Adds the row of job `index`, and saves the journal and calls `tables` (as
    /// [`Journal::settle`] does) at most every second and at most a tenth of the time: runs of
    /// thousands of short jobs (`kee[*]`) would otherwise spend their time rewriting every
    /// row settled so far while the other workers wait. [`Journal::flush`] saves at the end.
    pub fn settle_when_due(
        &self,
        index: usize,
        row: R,
        tables: impl FnOnce(Vec<R>) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        let save = {
            let mut last = self.last_save.lock().expect("save clock");
            let due = last.is_none_or(|(t, took): (Instant, Duration)| {
                t.elapsed() >= SAVE_EVERY.max(took * SAVE_SHARE)
            });
            if due {
                *last = Some((Instant::now(), Duration::ZERO));
            }
            due
        };
        let started = Instant::now();
        self.settle_sometimes(index, row, save, tables)?;
        if save {
            *self.last_save.lock().expect("save clock") = Some((started, started.elapsed()));
        }
        Ok(())
    }

    /// Writes `saved` (taken under the journal's lock) to the journal file, atomically.
    fn save(&self, saved: &Saved<P, (usize, R)>) -> anyhow::Result<()> {
        let text = serde_json::to_string_pretty(saved)?;
        rulediff::util::atomic::write(&self.path, text.as_bytes())?;
        Ok(())
    }

    /// Saves the journal with every row added so far.
    pub fn flush(&self) -> anyhow::Result<()> {
        let saved = self.saved.lock().expect("journal lock");
        self.save(&saved)
    }

    /// Adds the row of job `index`, saves the journal, then calls `tables` with every row so
    /// far in job order (to write the caller's tables), all under one lock, so that tables
    /// written by parallel searches never go back to an older set of rows.
    pub fn settle(
        &self,
        index: usize,
        row: R,
        tables: impl FnOnce(Vec<R>) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        self.settle_sometimes(index, row, true, tables)
    }
}
