//! What an engine is: an id, how to start it, which of our rulesets it claims to follow, and
//! how to talk to it. Specs come from the command line (`--engine id[:ruleset]=command`), from
//! an engines file in TOML, or from the built-in table ([`super::known`]).
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
//! A chess or xiangqi engine is always a protocol bridge with a command of its own; the keys
//! of GTP engines (`legality`, `scoring`, `komi`, `pipeline`) are refused for it, as is
//! `claim_draws` for a Go or xiangqi engine.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use thiserror::Error;

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
    /// The `goban` crate, in process, with one of its rule sets.
    Goban {
        /// Which of the crate's rule sets.
        rules: super::goban_lib::GobanRules,
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

/// The game family an engine referees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EngineFamily {
    /// Go: GTP engines, the goban crate, protocol bridges.
    #[default]
    Go,
    /// Chess: protocol bridges.
    Chess,
    /// Xiangqi: protocol bridges answering as `ffish_bridge.py` does.
    Xiangqi,
}

impl EngineFamily {
    /// The family's name, as case files and `--family` write it.
    pub fn name(self) -> &'static str {
        match self {
            EngineFamily::Go => "go",
            EngineFamily::Chess => "chess",
            EngineFamily::Xiangqi => "xiangqi",
        }
    }

    /// The ids of the family's own referees (rulesets and built-in bridges).
    fn referee_ids(self) -> Vec<String> {
        use crate::referee::Refereed;
        match self {
            EngineFamily::Go => crate::go::Go::registry()
                .into_iter()
                .map(|r| r.id)
                .collect(),
            EngineFamily::Chess => crate::chess::Chess::registry()
                .into_iter()
                .map(|r| r.id)
                .collect(),
            EngineFamily::Xiangqi => crate::xiangqi::Xiangqi::registry()
                .into_iter()
                .map(|r| r.id)
                .collect(),
        }
    }
}

/// One engine.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineSpec {
    /// The id `--rules` and reports name it by.
    pub id: String,
    /// The game it referees.
    pub family: EngineFamily,
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
    /// A GTP engine run as `argv`, claiming `ruleset`, with every other setting at its
    /// default.
    pub fn gtp(id: &str, argv: Vec<String>, ruleset: Option<&str>) -> Self {
        EngineSpec {
            id: id.to_string(),
            family: EngineFamily::Go,
            kind: Kind::Gtp { argv },
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
            Kind::Goban { rules } => format!("(in process) goban crate, {}", rules.name()),
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
    family: Option<EngineFamily>,
    claim_draws: Option<bool>,
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

/// Reads an engines file.
pub fn load_file(path: &Path) -> Result<Vec<EngineSpec>, SpecError> {
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| SpecError::new(&origin, format!("cannot read: {e}")))?;
    parse_file(&origin, &text)
}

/// Parses the text of an engines file; errors name the line.
pub fn parse_file(origin: &str, text: &str) -> Result<Vec<EngineSpec>, SpecError> {
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
        let spec = match entry.family.unwrap_or_default() {
            EngineFamily::Go => go_entry(&here, entry)?,
            family => bridge_entry(&here, family, entry)?,
        };
        check(&here, &spec)?;
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

/// A Go engine: a built-in one (its settings overridden) or a new GTP or protocol program.
fn go_entry(here: &str, entry: FileEntry) -> Result<EngineSpec, SpecError> {
    if entry.claim_draws.is_some() {
        return Err(SpecError::new(
            here,
            "`claim_draws` applies to chess engines only (add `family = \"chess\"`)",
        ));
    }
    let mut spec = base(here, &entry.id, command_of(&entry))?;
    if let (Some(protocol), Kind::Gtp { argv } | Kind::Bridge { argv }) =
        (entry.protocol, &spec.kind)
    {
        let argv = argv.clone();
        spec.kind = match protocol {
            Protocol::Gtp => Kind::Gtp { argv },
            Protocol::Json => Kind::Bridge { argv },
        };
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
    Ok(spec)
}

/// A chess or xiangqi engine: always a protocol bridge, with its own command.
fn bridge_entry(
    here: &str,
    family: EngineFamily,
    entry: FileEntry,
) -> Result<EngineSpec, SpecError> {
    let name = family.name();
    let go_only = [
        ("legality", entry.legality.is_some()),
        ("scoring", entry.scoring.is_some()),
        ("komi", entry.komi.is_some()),
        ("pipeline", entry.pipeline.is_some()),
    ];
    if let Some((key, _)) = go_only.iter().find(|(_, given)| *given) {
        return Err(SpecError::new(
            here,
            format!("`{key}` applies to Go engines only, not to a {name} engine"),
        ));
    }
    if entry.protocol == Some(Protocol::Gtp) {
        return Err(SpecError::new(
            here,
            format!(
                "a {name} engine speaks rulediff's JSON protocol (`protocol = \"json\"`), not GTP"
            ),
        ));
    }
    if family != EngineFamily::Chess && entry.claim_draws.is_some() {
        return Err(SpecError::new(
            here,
            format!("`claim_draws` applies to chess engines only, not to a {name} engine"),
        ));
    }
    let Some(argv) = command_of(&entry) else {
        return Err(SpecError::new(
            here,
            format!(
                "a {name} engine needs `command`, its bridge program (the built-in {name} \
                 bridges are referees already: `--family {name} --rules ID`)"
            ),
        ));
    };
    Ok(EngineSpec {
        family,
        kind: Kind::Bridge { argv },
        ruleset: entry.ruleset,
        timeout_ms: entry.timeout_ms.unwrap_or(DEFAULT_TIMEOUT_MS),
        startup_ms: entry.startup_ms,
        summary: entry.summary.unwrap_or_default(),
        claim_draws: entry.claim_draws.unwrap_or(false),
        ..EngineSpec::gtp(&entry.id, Vec::new(), None)
    })
}

/// Parses `--engine`: `id` (built-in), `id=program` (built-in with its program elsewhere),
/// `id=command words…` or `id:ruleset=command words…`.
pub fn parse_arg(arg: &str) -> Result<EngineSpec, SpecError> {
    let origin = format!("--engine {arg}");
    let (name, command) = match arg.split_once('=') {
        Some((name, command)) => (name.trim(), Some(words(command))),
        None => (arg.trim(), None),
    };
    let (id, ruleset) = match name.split_once(':') {
        Some((id, ruleset)) => (id.trim(), Some(ruleset.trim().to_string())),
        None => (name, None),
    };
    let mut spec = base(&origin, id, command)?;
    if ruleset.is_some() {
        spec.ruleset = ruleset;
    }
    check(&origin, &spec)?;
    Ok(spec)
}

/// The built-in spec for `id`, with `argv` as given, or a new GTP engine.
fn base(origin: &str, id: &str, argv: Option<Vec<String>>) -> Result<EngineSpec, SpecError> {
    check_id(origin, id)?;
    let known = super::known::find(id);
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
        (None, Some(argv)) => Ok(EngineSpec::gtp(id, argv, None)),
        (None, None) => Err(SpecError::new(
            origin,
            format!(
                "`{id}` is not a built-in engine ({}); give a command: `{id}=program args…`",
                super::known::ids().join(", ")
            ),
        )),
    }
}

fn check(origin: &str, spec: &EngineSpec) -> Result<(), SpecError> {
    if let Kind::Gtp { argv } | Kind::Bridge { argv } = &spec.kind {
        if argv.is_empty() {
            return Err(SpecError::new(origin, "empty command"));
        }
    }
    check_names(origin, spec)?;
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
    if !(spec.komi.is_finite() && (spec.komi * 2.0).fract() == 0.0) {
        return Err(SpecError::new(origin, "komi must be a multiple of 0.5"));
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

/// An engine's id must not hide a referee of its family (runs look referees up by id), and
/// the ruleset it claims must be one of that family's rulesets, or nothing would be compared
/// with it.
fn check_names(origin: &str, spec: &EngineSpec) -> Result<(), SpecError> {
    check_id(origin, &spec.id)?;
    let name = spec.family.name();
    let own = spec.family.referee_ids();
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
    if own.contains(ruleset) {
        return Ok(());
    }
    let other = [EngineFamily::Go, EngineFamily::Chess, EngineFamily::Xiangqi]
        .into_iter()
        .find(|f| *f != spec.family && f.referee_ids().contains(ruleset));
    let message = match other {
        Some(family) => format!(
            "ruleset `{ruleset}` is a {} ruleset, and this engine referees {name} games \
             (set `family = \"{}\"` in an engines file, or claim a {name} ruleset: \
             `rulediff rules` lists them)",
            family.name(),
            family.name()
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

    #[test]
    fn command_line_forms() {
        let spec = parse_arg("mine:psk+suicide=./bot --gtp").unwrap();
        assert_eq!(spec.id, "mine");
        assert_eq!(spec.ruleset.as_deref(), Some("psk+suicide"));
        assert_eq!(
            spec.kind,
            Kind::Gtp {
                argv: vec!["./bot".into(), "--gtp".into()]
            }
        );
        let builtin = parse_arg("gnugo-psk=/opt/gnugo").unwrap();
        let Kind::Gtp { argv } = &builtin.kind else {
            panic!("gnugo is GTP")
        };
        assert_eq!(argv[0], "/opt/gnugo");
        assert!(argv.contains(&"--positional-superko".to_string()));
        assert_eq!(builtin.ruleset.as_deref(), Some("psk"));
        assert!(parse_arg("nobody")
            .unwrap_err()
            .message
            .contains("built-in"));
        assert!(parse_arg("bad id=x").is_err());
        assert!(parse_arg("x=").is_err());
        assert!(parse_arg("goban-chinese=/bin/true").is_err());
    }

    #[test]
    fn engines_file() {
        let text = "[[engine]]\nid = \"a\"\ncommand = [\"prog\", \"--x\"]\nruleset = \"ssk\"\ntimeout_ms = 50\nlegality = \"play\"\nscoring = \"engine\"\nkomi = 7.5\n\n[[engine]]\nid = \"gnugo-no-ko\"\n";
        let specs = parse_file("e.toml", text).unwrap();
        assert_eq!(specs.len(), 2);
        assert_eq!(specs[0].legality, Legality::Play);
        assert_eq!(specs[0].scoring, ScoringMode::Engine);
        assert_eq!(specs[0].timeout_ms, 50);
        assert_eq!(specs[1].ruleset.as_deref(), Some("no-ko"));
        let err = parse_file("e.toml", "[[engine]]\nid = \"a\"\ncolour = 1\n").unwrap_err();
        assert!(err.origin.starts_with("e.toml:"), "{err}");
        let twice = "[[engine]]\nid=\"a\"\ncommand=\"x\"\n[[engine]]\nid=\"a\"\ncommand=\"y\"\n";
        assert!(parse_file("e.toml", twice)
            .unwrap_err()
            .message
            .contains("twice"));
        assert!(parse_file("e.toml", "[[engine]]\nid=\"a\"\ncommand=\"x\"\nkomi=0.3\n").is_err());
    }

    #[test]
    fn claimed_rulesets_and_ids_are_checked() {
        let message = |arg: &str| parse_arg(arg).unwrap_err().message;
        assert!(message("a:nonsense-rule=x").contains("unknown ruleset `nonsense-rule`"));
        assert!(message("a:fide=x").contains("`fide` is a chess ruleset"));
        assert!(message("psk=x").contains("id `psk` is a built-in referee's (go)"));
        for spec in crate::engine::known::all() {
            assert!(check("built-in", &spec).is_ok(), "{}", spec.id);
        }
    }

    #[test]
    fn chess_and_xiangqi_bridges_in_an_engines_file() {
        let text = "[[engine]]\nid = \"mine\"\nfamily = \"chess\"\ncommand = \"python3 b.py\"\nruleset = \"fide\"\nclaim_draws = true\ntimeout_ms = 300\n\n[[engine]]\nid = \"xq\"\nfamily = \"xiangqi\"\ncommand = [\"x\"]\nruleset = \"no-repetition\"\n";
        let specs = parse_file("e.toml", text).unwrap();
        assert_eq!(specs[0].family, EngineFamily::Chess);
        assert!(specs[0].claim_draws);
        assert_eq!(specs[0].timeout_ms, 300);
        assert_eq!(
            specs[0].kind,
            Kind::Bridge {
                argv: vec!["python3".into(), "b.py".into()]
            }
        );
        assert_eq!(specs[1].family, EngineFamily::Xiangqi);
        assert_eq!(specs[1].ruleset.as_deref(), Some("no-repetition"));
    }

    #[test]
    fn bad_chess_and_xiangqi_entries_name_their_line() {
        let error = |body: &str| {
            let text = format!("# engines\n\n[[engine]]\nid = \"e\"\n{body}");
            parse_file("e.toml", &text).unwrap_err().to_string()
        };
        let chess = "family = \"chess\"\ncommand = \"b\"\n";
        for (body, expected) in [
            (
                "family = \"chess\"\n",
                "e.toml:3: engine `e`: a chess engine needs `command`",
            ),
            (
                &format!("{chess}komi = 0.5\n"),
                "e.toml:3: engine `e`: `komi` applies to Go engines only",
            ),
            (
                &format!("{chess}protocol = \"gtp\"\n"),
                "speaks rulediff's JSON protocol",
            ),
            (
                &format!("{chess}ruleset = \"psk\"\n"),
                "`psk` is a go ruleset, and this engine referees chess games",
            ),
            (
                &format!("{chess}ruleset = \"nope\"\n"),
                "unknown ruleset `nope`; `rulediff rules` lists the chess rulesets",
            ),
            (
                "family = \"xiangqi\"\ncommand = \"b\"\nclaim_draws = true\n",
                "`claim_draws` applies to chess engines only",
            ),
            (
                "family = \"xiangqi\"\ncommand = \"b\"\nruleset = \"fide\"\n",
                "`fide` is a chess ruleset",
            ),
            (
                "command = \"b\"\nclaim_draws = false\n",
                "`claim_draws` applies to chess engines only",
            ),
            ("family = \"shogi\"\ncommand = \"b\"\n", "e.toml:5:"),
        ] {
            let got = error(body);
            assert!(got.contains(expected), "{body}: {got}");
        }
        let builtin = "[[engine]]\nid = \"python-chess\"\nfamily = \"chess\"\ncommand = \"b\"\n";
        let got = parse_file("e.toml", builtin).unwrap_err().to_string();
        assert!(got.contains("is a built-in referee's (chess)"), "{got}");
    }
}
