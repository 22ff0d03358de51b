//! Scripted cases: one human-writable TOML file each, with a start position, plays, and
//! per-referee expectations. This module holds the family-independent parts (header,
//! expectations, error positions); each family parses its own keys.
//!
//! ```toml
//! family = "go"
//! title = "Basic ko"
//! comment = "free text"
//! moves = "C3 B2 pass"          # the family's compact notation, whitespace-separated
//! rules = "simple-ko,psk"       # optional: referees to run when the command line names none
//! [expect]
//! simple-ko = { illegal = 4, rule = "ko" }   # move 4 (1-based) is ruled illegal
//! psk = { over = 9, result = "B+4" }         # the game is over right after move 9
//! no-ko = { ongoing = true }                 # every move legal, never over
//! ```

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use thiserror::Error;
use toml::Spanned;

use crate::family::Family;

/// A malformed case file: where and what.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
#[error("{}: {message}", place(path, *line, *column))]
pub struct CaseError {
    /// The case file.
    pub path: PathBuf,
    /// 0 where the error is about the whole file (it cannot be read).
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

fn place(path: &Path, line: usize, column: usize) -> String {
    match line {
        0 => path.display().to_string(),
        _ => format!("{}:{line}:{column}", path.display()),
    }
}

/// The text of a case file, for turning byte offsets into line and column.
pub struct Source<'a> {
    /// Where the text was read from (for messages and relative file names).
    pub path: &'a Path,
    /// The whole file.
    pub text: &'a str,
}

impl Source<'_> {
    /// An error at byte `offset` of the text.
    pub fn error_at(&self, offset: usize, message: impl std::fmt::Display) -> CaseError {
        let (line, column) = crate::util::line_column(self.text, offset);
        CaseError {
            path: self.path.to_path_buf(),
            line,
            column,
            message: message.to_string(),
        }
    }

    /// An error at the start of a value of the file.
    pub fn error_in<T>(&self, value: &Spanned<T>, message: impl std::fmt::Display) -> CaseError {
        self.error_at(value.span().start, message)
    }

    fn toml_error(&self, err: toml::de::Error) -> CaseError {
        let offset = err.span().map_or(0, |s: Range<usize>| s.start);
        self.error_at(offset, err.message().trim().to_string())
    }

    /// Deserializes the whole file as `T`, with TOML errors placed at their line.
    pub fn parse<T: for<'de> Deserialize<'de>>(&self) -> Result<T, CaseError> {
        toml::from_str(self.text).map_err(|e| self.toml_error(e))
    }

    /// The whitespace-separated tokens of a string value, each with its offset in the file, so
    /// a bad move is reported at its own line.
    pub fn tokens(&self, value: &Spanned<String>) -> Vec<(String, usize)> {
        let span = value.span();
        let raw = &self.text[span.clone()];
        let mut tokens = Vec::new();
        let mut start = None;
        for (i, ch) in raw.char_indices().chain([(raw.len(), ' ')]) {
            let separator = ch.is_whitespace() || ch == '"' || ch == '\'' || ch == ',';
            match (separator, start) {
                (true, Some(s)) => {
                    tokens.push((raw[s..i].to_string(), span.start + s));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        tokens
    }

    /// Rejects top-level keys outside `known`, naming the line of the stray key.
    pub fn check_keys(&self, known: &[&str]) -> Result<(), CaseError> {
        let table: BTreeMap<Spanned<String>, toml::Value> = self.parse()?;
        for key in table.keys() {
            if !known.contains(&key.get_ref().as_str()) {
                let message = format!(
                    "unknown key `{}` (known here: {})",
                    key.get_ref(),
                    known.join(", ")
                );
                return Err(self.error_in(key, message));
            }
        }
        Ok(())
    }
}

/// What a case expects of one referee.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expectation {
    /// Move `at` (1-based) is ruled illegal, by `rule` when given; every move before it is legal
    /// and the game is not over before it.
    Illegal {
        /// The move, 1-based.
        at: usize,
        /// The rule's id, if the case names it.
        rule: Option<String>,
    },
    /// The game is over right after move `at` (0: at the start) and not before; the outcome
    /// matches `result` when given.
    Over {
        /// The last move before the end (0: over at the start).
        at: usize,
        /// The result (`B+4`, `draw`), if the case names it.
        result: Option<String>,
    },
    /// Every move is legal and the game is still going after the last one.
    Ongoing,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectSpec {
    illegal: Option<usize>,
    rule: Option<String>,
    over: Option<usize>,
    result: Option<Spanned<String>>,
    ongoing: Option<bool>,
}

/// Keys every case file may have, whatever its family.
pub const COMMON_KEYS: &[&str] = &["family", "title", "comment", "moves", "rules", "expect"];

/// The family-independent part of a case file.
#[derive(Debug, Deserialize)]
pub struct Header {
    /// `family`: which family's keys the rest of the file has.
    pub family: Spanned<String>,
    /// `title`: one line on what the case shows.
    #[serde(default)]
    pub title: String,
    /// `comment`: free text (sources, the reasoning).
    #[serde(default)]
    pub comment: String,
    /// `moves`: the plays, in the family's notation.
    pub moves: Option<Spanned<String>>,
    /// `rules`: the referees to run when the command line names none.
    pub rules: Option<Spanned<String>>,
    #[serde(default)]
    expect: BTreeMap<String, Spanned<ExpectSpec>>,
}

/// Where a case file names referees (line, column), for errors found when the referees are
/// looked up: only then are engines, which cases may name too, known.
#[derive(Debug, Clone, Default)]
pub struct Places {
    /// The `rules` key's.
    pub rules: Option<(usize, usize)>,
    /// Each expectation's, by referee id.
    pub expect: BTreeMap<String, (usize, usize)>,
}

/// A scripted case of one family.
#[derive(Debug, Clone)]
pub struct Case<F: Family> {
    /// The file it was read from.
    pub path: PathBuf,
    /// One line on what it shows.
    pub title: String,
    /// Free text.
    pub comment: String,
    /// Where the game starts.
    pub setup: F::Setup,
    /// The plays, in order.
    pub plays: Vec<F::Play>,
    /// Referees to run when the command line names none.
    pub rules: Option<String>,
    /// What it expects of each referee it names, by id.
    pub expect: Vec<(String, Expectation)>,
    /// Where the file names its referees, for errors about them.
    pub places: Places,
}

impl Header {
    /// Parses the moves string with the family's notation, each error at its own token.
    pub fn plays<F: Family>(
        &self,
        src: &Source,
        setup: &F::Setup,
    ) -> Result<Vec<F::Play>, CaseError> {
        let Some(moves) = &self.moves else {
            return Ok(Vec::new());
        };
        src.tokens(moves)
            .into_iter()
            .map(|(token, at)| F::parse_play(setup, &token).map_err(|e| src.error_at(at, e)))
            .collect()
    }

    /// The expectations, checked for shape and against the number of plays.
    pub fn expectations(
        &self,
        src: &Source,
        plays: usize,
        seats: &[String],
    ) -> Result<Vec<(String, Expectation)>, CaseError> {
        self.expect
            .iter()
            .map(|(id, spec)| Ok((id.clone(), expectation(src, spec, plays, seats)?)))
            .collect()
    }

    /// Assembles the case once the family has parsed its setup and plays.
    pub fn into_case<F: Family>(
        self,
        src: &Source,
        setup: F::Setup,
        plays: Vec<F::Play>,
    ) -> Result<Case<F>, CaseError> {
        let expect = self.expectations(src, plays.len(), &seat_names::<F>(&setup))?;
        let at = |offset| crate::util::line_column(src.text, offset);
        let places = Places {
            rules: self.rules.as_ref().map(|r| at(r.span().start)),
            expect: self
                .expect
                .iter()
                .map(|(id, spec)| (id.clone(), at(spec.span().start)))
                .collect(),
        };
        Ok(Case {
            path: src.path.to_path_buf(),
            title: self.title,
            comment: self.comment,
            setup,
            plays,
            rules: self.rules.map(Spanned::into_inner),
            expect,
            places,
        })
    }
}

/// The result a case expects, if an outcome could have it.
fn checked_result(
    src: &Source,
    result: &Spanned<String>,
    seats: &[String],
) -> Result<String, CaseError> {
    crate::family::outcome::Outcome::check_expected(result.get_ref(), seats)
        .map_err(|e| src.error_in(result, e))?;
    Ok(result.get_ref().clone())
}

fn expectation(
    src: &Source,
    spec: &Spanned<ExpectSpec>,
    plays: usize,
    seats: &[String],
) -> Result<Expectation, CaseError> {
    let s = spec.get_ref();
    let bad = |msg: String| Err(src.error_in(spec, msg));
    let expectation = match (s.illegal, s.over, s.ongoing) {
        (Some(at), None, None) if s.result.is_none() => Expectation::Illegal {
            at,
            rule: s.rule.clone(),
        },
        (None, Some(at), None) if s.rule.is_none() => Expectation::Over {
            at,
            result: match &s.result {
                Some(result) => Some(checked_result(src, result, seats)?),
                None => None,
            },
        },
        (None, None, Some(true)) if s.rule.is_none() && s.result.is_none() => Expectation::Ongoing,
        _ => {
            return bad("an expectation is one of { illegal = N, rule = \"…\" }, \
                        { over = N, result = \"…\" } or { ongoing = true }"
                .into())
        }
    };
    match expectation {
        Expectation::Illegal { at, .. } if at == 0 || at > plays => bad(format!(
            "illegal = {at}, but the moves are numbered 1..={plays}"
        )),
        Expectation::Over { at, .. } if at > plays => {
            bad(format!("over = {at}, but the case has only {plays} moves"))
        }
        e => Ok(e),
    }
}

/// The players' names in turn order: every seat moves within the first round of plies.
fn seat_names<F: Family>(setup: &F::Setup) -> Vec<String> {
    let mut seats: Vec<usize> = (0..2 * crate::family::MAX_SEATS)
        .map(|plies| F::seat_to_move(setup, plies))
        .collect();
    seats.sort_unstable();
    seats.dedup();
    seats
        .into_iter()
        .map(|seat| F::seat_name(setup, seat))
        .collect()
}

/// A case file to write: the one writer beside `families::parse`, used by every
/// command that writes cases (campaigns, lassos, solutions), so what one writes the other
/// reads.
pub struct CaseText<'a> {
    /// The family's name.
    pub family: &'a str,
    /// One line on what the case shows.
    pub title: &'a str,
    /// Free text.
    pub comment: &'a str,
    /// The referees to run, comma-separated.
    pub rules: &'a str,
    /// The family's setup keys ([`crate::family::Explore::setup_keys`]).
    pub setup_keys: &'a str,
    /// The plays in the family's notation.
    pub moves: &'a [String],
    /// Per referee id, its expectation as TOML (`{ illegal = 3, rule = "ko" }`).
    pub expect: &'a [(String, String)],
}

impl CaseText<'_> {
    /// The file's text.
    pub fn render(&self) -> String {
        let mut text = format!(
            "family = {}\ntitle = {}\ncomment = {}\nrules = {}\n{}moves = {}\n[expect]\n",
            toml_string(self.family),
            toml_string(self.title),
            toml_string(self.comment),
            toml_string(self.rules),
            self.setup_keys,
            toml_string(&self.moves.join(" "))
        );
        for (id, expectation) in self.expect {
            text.push_str(&format!("{} = {expectation}\n", key(id)));
        }
        text
    }
}

/// A referee id as a TOML key: bare where TOML allows it (`psk`), quoted where not
/// (`"psk@spec"`), so the files read as a person would write them.
fn key(id: &str) -> String {
    let bare = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if bare {
        id.to_string()
    } else {
        toml_string(id)
    }
}

/// `text` as a TOML basic string. Rust's `{:?}` is not TOML: it writes `\u{1b}` and leaves
/// DEL bare, which TOML rejects, so a title with a control character would not read back.
pub fn toml_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Every `.toml` case under `paths` (files or directories, recursively), sorted; see
/// [`discover_warn`] for what is skipped.
pub fn discover(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    discover_warn(paths).map(|walk| walk.files)
}

/// What a walk over case folders found: the files to read, and what it skipped and why.
#[derive(Debug, Default)]
pub struct Walk {
    /// The case files, sorted.
    pub files: Vec<PathBuf>,
    /// What was skipped, each `path: why`.
    pub warnings: Vec<String>,
}

/// Every `.toml` case under `paths`, sorted, each file once however many links lead to it.
/// FIFOs, devices and sockets are skipped (reading one could block forever), and so are
/// dangling links and symbolic-link loops, each with a warning; a path given that does not
/// exist is an error.
pub fn discover_warn(paths: &[PathBuf]) -> std::io::Result<Walk> {
    let mut walker = Walker::default();
    for path in paths {
        if std::fs::symlink_metadata(path).is_err() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{}: no such file or directory", path.display()),
            ));
        }
        walker.visit(path, true)?;
    }
    walker.found.sort();
    let mut seen = std::collections::HashSet::new();
    let files = walker
        .found
        .into_iter()
        .filter(|(_, real)| seen.insert(real.clone()))
        .map(|(path, _)| path)
        .collect();
    Ok(Walk {
        files,
        warnings: walker.warnings,
    })
}

#[derive(Default)]
struct Walker {
    /// (path as reached, canonical path): the second identifies the file.
    found: Vec<(PathBuf, PathBuf)>,
    /// Canonical folders on the way down to the current one, to see a loop.
    ancestors: Vec<PathBuf>,
    /// Canonical folders already walked, so a folder reached twice is walked once.
    walked: std::collections::HashSet<PathBuf>,
    warnings: Vec<String>,
}

impl Walker {
    fn visit(&mut self, path: &Path, given: bool) -> std::io::Result<()> {
        // `metadata` follows links; it fails on a dangling link or a link loop (ELOOP).
        let meta = match std::fs::metadata(path) {
            Ok(meta) => meta,
            Err(error) => {
                self.warn(path, &format!("skipped: cannot follow ({error})"));
                return Ok(());
            }
        };
        let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        if meta.is_dir() {
            self.folder(path, real)
        } else if meta.is_file() {
            if given || path.extension().is_some_and(|e| e == "toml") {
                self.found.push((path.to_path_buf(), real));
            }
            Ok(())
        } else {
            if given || path.extension().is_some_and(|e| e == "toml") {
                self.warn(path, "skipped: not a regular file (FIFO, device or socket)");
            }
            Ok(())
        }
    }

    fn folder(&mut self, path: &Path, real: PathBuf) -> std::io::Result<()> {
        if self.ancestors.contains(&real) {
            self.warn(
                path,
                "skipped: symbolic-link loop (leads back to a folder above it)",
            );
            return Ok(());
        }
        if !self.walked.insert(real.clone()) {
            return Ok(());
        }
        let entries = std::fs::read_dir(path)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        let mut children = Vec::new();
        for entry in entries {
            let entry = entry
                .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            children.push(entry.path());
        }
        children.sort();
        self.ancestors.push(real);
        for child in children {
            self.visit(&child, false)?;
        }
        self.ancestors.pop();
        Ok(())
    }

    fn warn(&mut self, path: &Path, message: &str) {
        self.warnings.push(format!("{}: {message}", path.display()));
    }
}
