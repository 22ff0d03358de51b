//! `results.json`, a campaign's saved results, and its one reader and writer: `rulediff
//! random` saves it after every batch and reads it to resume, `rulediff report` reads and
//! merges it, and the fuzz target `results_json` exercises this same reader.
//!
//! The file carries the version of its format (`"version": 1`, first). A file without one,
//! or of another version, is refused with the file's name and what to do, never half read: a
//! field that changed meaning would otherwise be read as if it had not.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::families::{self, ForFamily};
use crate::listed::Listed;
use crate::referee::RefereeInfo;
use crate::runner::campaign::Results;
use crate::util::{atomic, read};

/// The version of the format this rulediff reads and writes.
pub const VERSION: u64 = 1;

/// The file's name in a campaign's folder.
pub const FILE: &str = "results.json";

/// Why saved results cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    /// The file cannot be read.
    #[error("cannot read {0}")]
    Read(read::ReadError),
    /// The file cannot be written.
    #[error("cannot write {}: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// Not JSON, or not results: where, and in which field where one is near.
    #[error(
        "{}: not a rulediff results file{} (line {line}, column {column}): {message}",
        path.display(),
        field.as_ref().map_or(String::new(), |f| format!(" in field `{f}`"))
    )]
    NotResults {
        /// The file.
        path: PathBuf,
        /// The JSON key nearest before the error.
        field: Option<String>,
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// Results without a format version (saved before results carried one).
    #[error(
        "{}: no format version; this rulediff reads results of version {VERSION} \
         (`\"version\": {VERSION}` first in the file). Results saved by an older rulediff \
         can be read again by adding that line, or made again with `rulediff random`",
        path.display()
    )]
    NoVersion {
        /// The file.
        path: PathBuf,
    },
    /// Results whose plan names a family or a start this rulediff does not have.
    #[error("{}: the campaign's plan: {message}", path.display())]
    Plan {
        /// The file.
        path: PathBuf,
        /// What is wrong with the plan.
        message: String,
    },
    /// Results of a version this rulediff does not read.
    #[error(
        "{}: results format version {found}; this rulediff reads version {VERSION} only",
        path.display()
    )]
    Version {
        /// The file.
        path: PathBuf,
        /// The version the file gives, as written.
        found: String,
    },
}

/// The file as written: the version, then the results' own fields.
#[derive(Serialize)]
struct Saved<'a> {
    version: u64,
    #[serde(flatten)]
    results: &'a Results,
}

/// Reads results from `text`, the contents of `path` (for messages).
pub fn from_json(path: &Path, text: &str) -> Result<Results, ResultsError> {
    let not_results = |e: serde_json::Error| ResultsError::NotResults {
        path: path.to_path_buf(),
        field: field_at(text, e.line(), e.column()),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    };
    // The version first, from the file as JSON (a syntax error is found here); the results'
    // own fields are read after, so that an error in one names its place.
    let json: serde_json::Value = serde_json::from_str(text).map_err(not_results)?;
    let Some(object) = json.as_object() else {
        let results: Results = serde_json::from_str(text).map_err(not_results)?;
        let _ = results;
        return Err(ResultsError::NoVersion {
            path: path.to_path_buf(),
        });
    };
    match object.get("version") {
        Some(version) if *version == VERSION => {}
        Some(other) => {
            return Err(ResultsError::Version {
                path: path.to_path_buf(),
                found: other.to_string(),
            })
        }
        None => {
            return Err(ResultsError::NoVersion {
                path: path.to_path_buf(),
            })
        }
    }
    let results: Results = serde_json::from_str(text).map_err(not_results)?;
    check_plan(path, &results)?;
    Ok(results)
}

/// Refuses a plan no run could have had (a family this rulediff lacks, a start its family
/// refuses, as a 0×0 board), which would otherwise be rendered as if it had been played.
fn check_plan(path: &Path, results: &Results) -> Result<(), ResultsError> {
    let plan = &results.plan;
    let bad = |message: String| ResultsError::Plan {
        path: path.to_path_buf(),
        message,
    };
    if !families::NAMES.contains(&plan.family.as_str()) {
        return Err(bad(format!(
            "unknown family `{}` (known: {})",
            plan.family,
            families::NAMES.join(", ")
        )));
    }
    // The start is the family's case keys: read as a case of the family, as every case the
    // campaign wrote begins.
    let text = format!("family = \"{}\"\n{}", plan.family, plan.setup);
    families::parse(path, &text)
        .map(drop)
        .map_err(|e| bad(format!("its start (`setup`): {}", e.message)))
}

/// The results as the file holds them.
pub fn to_json(results: &Results) -> String {
    let saved = Saved {
        version: VERSION,
        results,
    };
    serde_json::to_string_pretty(&saved).expect("results serialize")
}

/// Reads saved results; a corrupt file is an error naming the file, the field and where.
/// Results saved before referees stated their claims get them from the registry.
pub fn load(path: &Path) -> Result<Results, ResultsError> {
    let text = read::text(path, read::Kind::Results).map_err(ResultsError::Read)?;
    let mut results = from_json(path, &text)?;
    if results.claims.is_empty() {
        fill_claims(&mut results);
    }
    Ok(results)
}

/// Writes the results into the folder `out`, atomically, so an interruption loses at most
/// the batch since the last save.
pub fn save(out: &Path, results: &Results) -> Result<(), ResultsError> {
    let path = out.join(FILE);
    atomic::write(&path, to_json(results).as_bytes())
        .map_err(|error| ResultsError::Write { path, error })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::campaign::Plan;

    fn results() -> Results {
        Results::new(Plan {
            family: "go".into(),
            setup: "board = \"5x5\"".into(),
            referees: vec!["psk".into(), "simple-ko".into()],
            seed: 1,
            games: 3,
            max_plies: 40,
            shard: None,
        })
    }

    #[test]
    fn written_results_read_back_with_their_version_first() {
        let text = to_json(&results());
        assert!(
            text.starts_with("{\n  \"version\": 1,\n  \"plan\""),
            "{text}"
        );
        let back = from_json(Path::new("r.json"), &text).unwrap();
        assert_eq!(to_json(&back), text);
    }

    #[test]
    fn a_file_without_a_version_or_of_another_is_refused_by_name() {
        let text = serde_json::to_string_pretty(&results()).unwrap();
        let error = from_json(Path::new("old/results.json"), &text).unwrap_err();
        assert!(matches!(error, ResultsError::NoVersion { .. }));
        let message = error.to_string();
        assert!(
            message.starts_with("old/results.json: no format version"),
            "{message}"
        );
        let newer = to_json(&results()).replace("\"version\": 1", "\"version\": 2");
        let message = from_json(Path::new("r.json"), &newer)
            .unwrap_err()
            .to_string();
        assert_eq!(
            message,
            "r.json: results format version 2; this rulediff reads version 1 only"
        );
        let garbage = from_json(Path::new("r.json"), "{\"version\": 1, \"plan\": 3}");
        let message = garbage.unwrap_err().to_string();
        assert!(
            message.starts_with("r.json: not a rulediff results file in field `plan`"),
            "{message}"
        );
    }
}
