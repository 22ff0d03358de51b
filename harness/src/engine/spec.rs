//! What an engine is: an id, the family it referees, how to start it, which of our rulesets it
//! claims to follow, and how to talk to it. Specs come from the command line
//! (`--engine id[:ruleset]=command`), from an engines file in TOML, or from a family's
//! built-in engines. This reader knows no game: what each family's engines may be (the keys
//! they take, the protocols they speak, their built-ins, the ids of the family's own referees)
//! comes in as one [`Accepts`] per family, from the list of families.
//!
//! ```toml
//! [[engine]]
//! id = "mybot-psk"                       # referee id in reports
//! command = "/opt/mybot/bin/mybot --gtp" # or a list of words
//! ruleset = "psk"                        # our ruleset it claims to follow (compared against it)
//! timeout_ms = 10000                     # per GTP command
//! startup_ms = 10000                     # for the first reply of a new process
//! legality = "auto"                      # auto | is-legal | play
//! scoring = "area"                       # area | engine
//! komi = 0.0                             # when the case gives none
//! pipeline = true                        # send the next all_legal with each play
//! protocol = "gtp"                       # gtp | json: rulediff's JSON-lines protocol
//!
//! [[engine]]
//! id = "mychess"
//! family = "chess"                       # go (default) | chess | xiangqi
//! command = ["python3", "my_chess_bridge.py"]  # a bridge speaking the JSON protocol
//! ruleset = "fide"                       # a chess ruleset of ours
//! claim_draws = true                     # chess only: claim the draws the bridge reports
//! ```
//!
//! A key that only another family's engines take (`komi` for a chess engine, `claim_draws`
//! for a Go engine) is refused, as is a protocol the family's engines do not speak; a family
//! without built-in engines needs a `command` in every entry.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use thiserror::Error;

use crate::family::outcome::HalfPoints;

/// A bad engine definition, with where it came from.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
#[error("{origin}: {message}")]
pub struct SpecError {
    /// Where the definition came from (`engines.toml`, `--engine x=…`).
    pub origin: String,
    /// What is wrong.
    pub message: String,
}

impl SpecError {
    /// The error `message` about a definition from `origin`.
    pub fn new(origin: impl Into<String>, message: impl Into<String>) -> Self {
        SpecError {
            origin: origin.into(),
            message: message.into(),
        }
    }
}

/// How legality is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Legality {
    /// `all_legal` for legal sets and `is_legal` for single plays where `list_commands` has
    /// them, else `play` and `undo`.
    #[default]
    Auto,
    /// `is_legal` only, for every point in one pipelined write (never `all_legal`); fails if
    /// the engine lacks it. Cross-checks `all_legal` against `is_legal`.
    IsLegal,
    /// Always `play`, then `undo` what was only a question: what the engine does, not what it
    /// says it would do.
    Play,
}

/// Who counts a game that ends by passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoringMode {
    /// rulediff counts the final board by area, every stone alive (Tromp–Taylor): GTP engines
    /// rule on legality, and the end of the game is the controller's.
    #[default]
    Area,
    /// The engine's `final_score` (which may judge stones dead).
    Engine,
}

/// Which implementation stands behind an id.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// A program speaking GTP on standard input and output.
    Gtp {
        /// The program and its arguments.
        argv: Vec<String>,
    },
    /// A library linked into rulediff (a family's own, such as Go's `goban` crate).
    InProcess {
        /// The library and how it is set up, for listings.
        library: String,
    },
    /// A program speaking rulediff's JSON-lines referee protocol ([`super::protocol`]).
    Bridge {
        /// The program and its arguments.
        argv: Vec<String>,
    },
}

/// The protocol an engines file's `command` speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Protocol {
    /// The Go Text Protocol.
    Gtp,
    /// rulediff's JSON-lines referee protocol.
    Json,
}

impl Protocol {
    /// A program run as `argv` speaking this protocol.
    pub fn kind(self, argv: Vec<String>) -> Kind {
        match self {
            Protocol::Gtp => Kind::Gtp { argv },
            Protocol::Json => Kind::Bridge { argv },
        }
    }

    fn short(self) -> &'static str {
        match self {
            Protocol::Gtp => "GTP",
            Protocol::Json => "JSON",
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Protocol::Gtp => "GTP (`protocol = \"gtp\"`)",
            Protocol::Json => "rulediff's JSON protocol (`protocol = \"json\"`)",
        }
    }
}

/// What the engines of one family may be, as the family says (its `Listed`): the engines-file
/// reader checks every definition against it and names no game itself.
#[derive(Debug, Clone)]
pub struct Accepts {
    /// The family's name, as case files and `family = "…"` write it.
    pub family: &'static str,
    /// How messages name the family (`Go`, `chess`).
    pub title: &'static str,
    /// The protocols its engines speak; a new engine speaks the first unless it says.
    pub protocols: Vec<Protocol>,
    /// The keys of a definition that only this family's engines take (of
    /// [`Accepts::FAMILY_KEYS`]).
    pub keys: Vec<&'static str>,
    /// Its built-in engines, which `--engine ID` and an entry without a command name.
    pub built_in: Vec<EngineSpec>,
    /// The ids of the family's own referees: an engine may not take one, and the ruleset it
    /// claims must be one.
    pub referees: Vec<String>,
    /// The canonical id of the one referee of the family a ruleset name spells (Go's
    /// `kee[…]` combinations in any order of their parts), `None` when it names none: what
    /// an engine's `ruleset` is checked and stored as.
    pub canonical: fn(&str) -> Option<String>,
    /// Whether `rulediff run` starts the family's engines once, on the family's default start,
    /// before any case, so that one that cannot start is an error before the run rather than
    /// a fault in every case (Go's); otherwise each case reports its engines' faults.
    pub checked_before_a_run: bool,
    /// The ids of the family's own referees that are programs shipped with rulediff behind
    /// bridges (chess's python-chess, xiangqi's Fairy-Stockfish), for `rulediff engines`.
    pub bundled: Vec<String>,
    /// What rulediff asks an engine of each kind, for `rulediff engines`.
    pub asks: fn(&Kind) -> &'static str,
}

impl Accepts {
    /// The keys of a definition that some families' engines take and others refuse.
    pub const FAMILY_KEYS: [&'static str; 5] =
        ["legality", "scoring", "komi", "pipeline", "claim_draws"];
}

/// One engine.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineSpec {
    /// The id `--rules` and reports name it by.
    pub id: String,
    /// The name of the family whose games it referees (one of the list of families).
    pub family: String,
    /// What stands behind it.
    pub kind: Kind,
    /// Our ruleset it claims to follow; runs and campaigns add it so the two are compared.
    pub ruleset: Option<String>,
    /// The bound on every reply after the first.
    pub timeout_ms: u64,
    /// The bound on a new process's first reply (start-up included: loading a network can
    /// take seconds); by default `timeout_ms`.
    pub startup_ms: Option<u64>,
    /// How rulediff asks it whether a play is legal.
    pub legality: Legality,
    /// How a finished game is counted: by rulediff or by the engine.
    pub scoring: ScoringMode,
    /// Komi for White when the case gives none.
    pub komi: f64,
    /// Send the next `all_legal` together with each `play` (one round trip per step).
    pub pipeline: bool,
    /// One line for listings.
    pub summary: String,
    /// Chess: whether rulediff makes the draw claims the bridge reports (`claim` in its
    /// `status`) at the first chance; otherwise only the bridge's own ends count.
    pub claim_draws: bool,
}

/// The bound on a reply when the definition gives none.
pub const DEFAULT_TIMEOUT_MS: u64 = 10_000;

/// Most a time-out may be: an hour (a larger one is surely a typo, and would hold a run).
pub const MAX_TIMEOUT_MS: u64 = 3_600_000;

impl EngineSpec {
    /// An engine of `family` behind `kind`, claiming `ruleset`, with every other setting at
    /// its default.
    pub fn new(family: &str, id: &str, kind: Kind, ruleset: Option<&str>) -> Self {
        EngineSpec {
            id: id.to_string(),
            family: family.to_string(),
            kind,
            ruleset: ruleset.map(str::to_string),
            timeout_ms: DEFAULT_TIMEOUT_MS,
            startup_ms: None,
            legality: Legality::Auto,
            scoring: ScoringMode::Area,
            komi: 0.0,
            pipeline: true,
            summary: String::new(),
            claim_draws: false,
        }
    }

    /// The bound on a new process's first reply.
    pub fn startup_ms(&self) -> u64 {
        self.startup_ms.unwrap_or(self.timeout_ms)
    }

    /// The command as one line, for listings.
    pub fn command_line(&self) -> String {
        match &self.kind {
            Kind::Gtp { argv } | Kind::Bridge { argv } => argv.join(" "),
            Kind::InProcess { library } => format!("(in process) {library}"),
        }
    }
}

/// One `[[engine]]` table of an engines file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileEntry {
    id: String,
    command: Option<CommandText>,
    ruleset: Option<String>,
    timeout_ms: Option<u64>,
    startup_ms: Option<u64>,
    legality: Option<Legality>,
    scoring: Option<ScoringMode>,
    komi: Option<f64>,
    pipeline: Option<bool>,
    summary: Option<String>,
    protocol: Option<Protocol>,
    family: Option<toml::Spanned<String>>,
    claim_draws: Option<bool>,
}

impl FileEntry {
    /// The family-only keys ([`Accepts::FAMILY_KEYS`]) the entry gives.
    fn family_keys(&self) -> Vec<&'static str> {
        let given = [
            self.legality.is_some(),
            self.scoring.is_some(),
            self.komi.is_some(),
            self.pipeline.is_some(),
            self.claim_draws.is_some(),
        ];
        Accepts::FAMILY_KEYS
            .into_iter()
            .zip(given)
            .filter_map(|(key, given)| given.then_some(key))
            .collect()
    }
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum CommandText {
    Line(String),
    Words(Vec<String>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EnginesFile {
    #[serde(default)]
    engine: Vec<toml::Spanned<FileEntry>>,
}

/// Reads an engines file, for the families `families` (the first is the default).
pub fn load_file(path: &Path, families: &[Accepts]) -> Result<Vec<EngineSpec>, SpecError> {
    let origin = path.display().to_string();
    let text = crate::util::read::text(path, crate::util::read::Kind::Engines)
        .map_err(|e| SpecError::new(&origin, format!("cannot read: {}", e.problem)))?;
    parse_file(&origin, &text, families)
}

/// Parses the text of an engines file for the families `families` (the first is the default
/// of an entry that names none); errors name the line.
pub fn parse_file(
    origin: &str,
    text: &str,
    families: &[Accepts],
) -> Result<Vec<EngineSpec>, SpecError> {
    let file: EnginesFile = toml::from_str(text).map_err(|e| {
        let (line, column) = crate::util::line_column(text, e.span().map_or(0, |s| s.start));
        let at = format!("{origin}:{line}:{column}");
        SpecError::new(at, e.message().trim().to_string())
    })?;
    let mut specs: Vec<EngineSpec> = Vec::new();
    for spanned in file.engine {
        let (line, _) = crate::util::line_column(text, spanned.span().start);
        let entry = spanned.into_inner();
        let here = format!("{origin}:{line}: engine `{}`", entry.id);
        if specs.iter().any(|s| s.id == entry.id) {
            return Err(SpecError::new(here, "defined twice"));
        }
        let family = family_of(origin, text, &entry, families)?;
        let mut spec = entry_spec(&here, family, families, entry)?;
        canonical_ruleset(&mut spec, families);
        check(&here, &spec, families)?;
        specs.push(spec);
    }
    Ok(specs)
}

fn command_of(entry: &FileEntry) -> Option<Vec<String>> {
    match &entry.command {
        Some(CommandText::Line(line)) => Some(words(line)),
        Some(CommandText::Words(words)) => Some(words.clone()),
        None => None,
    }
}

/// The family an entry names (the first of `families` where it names none).
fn family_of<'a>(
    origin: &str,
    text: &str,
    entry: &FileEntry,
    families: &'a [Accepts],
) -> Result<&'a Accepts, SpecError> {
    let Some(name) = &entry.family else {
        return default_family(origin, families);
    };
    families
        .iter()
        .find(|f| f.family == name.get_ref())
        .ok_or_else(|| {
            let (line, column) = crate::util::line_column(text, name.span().start);
            let known: Vec<&str> = families.iter().map(|f| f.family).collect();
            SpecError::new(
                format!("{origin}:{line}:{column}"),
                format!(
                    "unknown family `{}` (known: {})",
                    name.get_ref(),
                    known.join(", ")
                ),
            )
        })
}

fn default_family<'a>(origin: &str, families: &'a [Accepts]) -> Result<&'a Accepts, SpecError> {
    families
        .first()
        .ok_or_else(|| SpecError::new(origin, "no family takes engines"))
}

/// An entry of `family`: a built-in engine (its settings overridden) or a new program.
fn entry_spec(
    here: &str,
    family: &Accepts,
    families: &[Accepts],
    entry: FileEntry,
) -> Result<EngineSpec, SpecError> {
    refuse_others_keys(here, family, families, &entry)?;
    if let Some(protocol) = entry.protocol.filter(|p| !family.protocols.contains(p)) {
        let speaks = family.protocols.first().map_or("nothing", |p| p.describe());
        return Err(SpecError::new(
            here,
            format!(
                "a {} engine speaks {speaks}, not {}",
                family.family,
                protocol.short()
            ),
        ));
    }
    let mut spec = base(here, family, &entry.id, command_of(&entry))?;
    if let (Some(protocol), Kind::Gtp { argv } | Kind::Bridge { argv }) =
        (entry.protocol, &spec.kind)
    {
        spec.kind = protocol.kind(argv.clone());
    }
    if entry.ruleset.is_some() {
        spec.ruleset = entry.ruleset;
    }
    spec.timeout_ms = entry.timeout_ms.unwrap_or(spec.timeout_ms);
    spec.startup_ms = entry.startup_ms.or(spec.startup_ms);
    spec.legality = entry.legality.unwrap_or(spec.legality);
    spec.scoring = entry.scoring.unwrap_or(spec.scoring);
    spec.komi = entry.komi.unwrap_or(spec.komi);
    spec.pipeline = entry.pipeline.unwrap_or(spec.pipeline);
    spec.summary = entry.summary.unwrap_or(spec.summary);
    spec.claim_draws = entry.claim_draws.unwrap_or(spec.claim_draws);
    Ok(spec)
}

/// Refuses a key only another family's engines take; an entry that names no family is told
/// which to name.
fn refuse_others_keys(
    here: &str,
    family: &Accepts,
    families: &[Accepts],
    entry: &FileEntry,
) -> Result<(), SpecError> {
    let Some(key) = entry
        .family_keys()
        .into_iter()
        .find(|key| !family.keys.contains(key))
    else {
        return Ok(());
    };
    let owner = families.iter().find(|f| f.keys.contains(&key));
    let message = match (owner, &entry.family) {
        (Some(owner), None) => format!(
            "`{key}` applies to {} engines only (add `family = \"{}\"`)",
            owner.title, owner.family
        ),
        (Some(owner), Some(_)) => format!(
            "`{key}` applies to {} engines only, not to a {} engine",
            owner.title, family.family
        ),
        (None, _) => format!("`{key}` applies to no family's engines"),
    };
    Err(SpecError::new(here, message))
}

/// Parses `--engine`: `id` (built-in), `id=program` (built-in with its program elsewhere),
/// `id=command words…` or `id:ruleset=command words…`, an engine of the first of `families`.
pub fn parse_arg(arg: &str, families: &[Accepts]) -> Result<EngineSpec, SpecError> {
    let origin = format!("--engine {arg}");
    let (name, command) = match arg.split_once('=') {
        Some((name, command)) => (name.trim(), Some(words(command))),
        None => (arg.trim(), None),
    };
    let (id, ruleset) = match name.split_once(':') {
        Some((id, ruleset)) => (id.trim(), Some(ruleset.trim().to_string())),
        None => (name, None),
    };
    let family = default_family(&origin, families)?;
    let mut spec = base(&origin, family, id, command)?;
    if ruleset.is_some() {
        spec.ruleset = ruleset;
    }
    canonical_ruleset(&mut spec, families);
    check(&origin, &spec, families)?;
    Ok(spec)
}

/// The built-in engine of `family` with id `id`, with `argv` as given, or a new engine of the
/// family's first protocol.
fn base(
    origin: &str,
    family: &Accepts,
    id: &str,
    argv: Option<Vec<String>>,
) -> Result<EngineSpec, SpecError> {
    check_id(origin, id)?;
    let known = family.built_in.iter().find(|s| s.id == id).cloned();
    match (known, argv) {
        (Some(spec), None) => Ok(spec),
        (Some(mut spec), Some(argv)) => {
            let (Kind::Gtp { argv: builtin } | Kind::Bridge { argv: builtin }) = &mut spec.kind
            else {
                return Err(SpecError::new(
                    origin,
                    format!("`{id}` runs in process and takes no command"),
                ));
            };
            // One word replaces the program and keeps the built-in arguments.
            match argv.as_slice() {
                [program] => builtin[0] = program.clone(),
                _ => *builtin = argv,
            }
            Ok(spec)
        }
        (None, Some(argv)) => {
            let protocol = family.protocols.first().copied().unwrap_or(Protocol::Json);
            Ok(EngineSpec::new(
                family.family,
                id,
                protocol.kind(argv),
                None,
            ))
        }
        (None, None) if family.built_in.is_empty() => {
            let name = family.family;
            Err(SpecError::new(
                origin,
                format!(
                    "a {name} engine needs `command`, its bridge program (the built-in {name} \
                     bridges are referees already: `--family {name} --rules ID`)"
                ),
            ))
        }
        (None, None) => {
            let ids: Vec<&str> = family.built_in.iter().map(|s| s.id.as_str()).collect();
            Err(SpecError::new(
                origin,
                format!(
                    "`{id}` is not a built-in engine ({}); give a command: `{id}=program args…`",
                    ids.join(", ")
                ),
            ))
        }
    }
}

/// Checks a definition from `origin`: its command, its names (against its family's, one of
/// `families`), its time-outs and komi.
pub fn check(origin: &str, spec: &EngineSpec, families: &[Accepts]) -> Result<(), SpecError> {
    if let Kind::Gtp { argv } | Kind::Bridge { argv } = &spec.kind {
        if argv.is_empty() {
            return Err(SpecError::new(origin, "empty command"));
        }
    }
    check_names(origin, spec, families)?;
    for (name, ms) in [
        ("timeout_ms", spec.timeout_ms),
        ("startup_ms", spec.startup_ms()),
    ] {
        if ms == 0 || ms > MAX_TIMEOUT_MS {
            return Err(SpecError::new(
                origin,
                format!("{name} must be 1..={MAX_TIMEOUT_MS} (an hour), not {ms}"),
            ));
        }
    }
    // The same bound as a case's komi: a komi past it would be read as 0 by the engine's side.
    if HalfPoints::from_f64(spec.komi).is_none() {
        let (komi, refusal) = (HalfPoints::shown(spec.komi), HalfPoints::refusal(spec.komi));
        return Err(SpecError::new(origin, format!("komi {komi} {refusal}")));
    }
    Ok(())
}

fn check_id(origin: &str, id: &str) -> Result<(), SpecError> {
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_+.@".contains(c))
    {
        return Err(SpecError::new(
            origin,
            format!("`{id}` is not an id (letters, digits and - _ + . @)"),
        ));
    }
    Ok(())
}

/// The claimed ruleset under the id its family's registry knows it by (an unknown one is
/// left as written, for [`check_names`] to refuse).
fn canonical_ruleset(spec: &mut EngineSpec, families: &[Accepts]) {
    let family = families.iter().find(|f| f.family == spec.family);
    if let (Some(family), Some(ruleset)) = (family, &spec.ruleset) {
        if let Some(canonical) = (family.canonical)(ruleset) {
            spec.ruleset = Some(canonical);
        }
    }
}

/// An engine's id must not hide a referee of its family (runs look referees up by id), and
/// the ruleset it claims must be one of that family's rulesets, or nothing would be compared
/// with it.
fn check_names(origin: &str, spec: &EngineSpec, families: &[Accepts]) -> Result<(), SpecError> {
    check_id(origin, &spec.id)?;
    let Some(family) = families.iter().find(|f| f.family == spec.family) else {
        let known: Vec<&str> = families.iter().map(|f| f.family).collect();
        return Err(SpecError::new(
            origin,
            format!(
                "engine `{}`: unknown family `{}` (known: {})",
                spec.id,
                spec.family,
                known.join(", ")
            ),
        ));
    };
    let (name, own) = (family.family, &family.referees);
    if own.contains(&spec.id) {
        return Err(SpecError::new(
            origin,
            format!(
                "id `{}` is a built-in referee's ({name}); give the engine another id",
                spec.id
            ),
        ));
    }
    let Some(ruleset) = &spec.ruleset else {
        return Ok(());
    };
    if (family.canonical)(ruleset).is_some() {
        return Ok(());
    }
    let other = families
        .iter()
        .find(|f| f.family != name && (f.canonical)(ruleset).is_some());
    let message = match other {
        Some(other) => format!(
            "ruleset `{ruleset}` is a {} ruleset, and this engine referees {name} games \
             (set `family = \"{}\"` in an engines file, or claim a {name} ruleset: \
             `rulediff rules` lists them)",
            other.family, other.family
        ),
        None => format!("unknown ruleset `{ruleset}`; `rulediff rules` lists the {name} rulesets"),
    };
    Err(SpecError::new(origin, message))
}

/// Splits a command line at whitespace; double quotes keep words together.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let (mut quoted, mut started) = (false, false);
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    out.push(std::mem::take(&mut current));
                }
                started = false;
            }
            c => {
                current.push(c);
                started = true;
            }
        }
    }
    if started {
        out.push(current);
    }
    out
}

/// Finds a program: a path as given, else on `PATH`, else in `/usr/games` (where Debian puts
/// GNU Go and Leela Zero).
pub fn locate(program: &str) -> Option<PathBuf> {
    if program.contains('/') {
        let path = PathBuf::from(program);
        return path.is_file().then_some(path);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_commands() {
        assert_eq!(words(" a  b\t\"c d\" \"\" "), ["a", "b", "c d", ""]);
        assert!(words("   ").is_empty());
    }
}
