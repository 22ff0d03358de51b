//! External engines on the command line: `--engine` and `--engines FILE` for `run` and
//! `random`, and `rulediff engines`, which lists what can be used.

use std::any::Any;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use rulediff::engine::spec::{self, EngineSpec, Kind};
use rulediff::engine::{known, Engines};
use rulediff::family::Family;
use rulediff::go::{Go, GoSetup};
use rulediff::referee::{Fault, RefereeInfo};

#[derive(clap::Args, Default)]
pub struct EngineArgs {
    /// An external referee: a built-in id (`rulediff engines` lists them), `id=program` (a
    /// built-in with its program elsewhere) or `id[:ruleset]=command args…`, where `ruleset`
    /// is the ruleset of ours the engine claims to follow. Repeatable.
    #[arg(long = "engine", value_name = "ID[:RULESET][=COMMAND]")]
    pub engine: Vec<String>,
    /// A TOML file of engine definitions (`[[engine]]` tables, see the README). Without
    /// `--engine`, every engine in it takes part; with it, `--engine ID` may name them.
    #[arg(long = "engines", value_name = "FILE")]
    pub engines: Option<PathBuf>,
}

impl EngineArgs {
    /// The engines named, ready to make referees (nothing started yet).
    pub fn load(&self) -> anyhow::Result<Engines> {
        let from_file = match &self.engines {
            Some(path) => spec::load_file(path)?,
            None => Vec::new(),
        };
        let chosen: Vec<EngineSpec> = if self.engine.is_empty() {
            from_file
        } else {
            self.engine
                .iter()
                .map(|arg| match from_file.iter().find(|s| s.id == *arg) {
                    Some(spec) => Ok(spec.clone()),
                    None => spec::parse_arg(arg),
                })
                .collect::<Result<_, _>>()?
        };
        for (i, spec) in chosen.iter().enumerate() {
            if chosen[..i].iter().any(|s| s.id == spec.id) {
                anyhow::bail!("engine `{}` given twice", spec.id);
            }
        }
        Engines::new(chosen).map_err(|fault| anyhow::anyhow!("{fault}"))
    }
}

/// Referees of both kinds, and the ids a run adds to each case: the claimed rulesets, then
/// the engines.
pub fn joined(engines: &Engines) -> (Vec<RefereeInfo<rulediff::go::Go>>, Vec<String>) {
    let mut ids = engines.claimed();
    ids.extend(engines.specs().map(|s| s.id.clone()));
    (engines.referees(), ids)
}

/// As [`joined`], for a game of family `F`: engines referee Go games only, so every other
/// family gets none.
pub fn joined_for<F: Family>(engines: &Engines) -> (Vec<RefereeInfo<F>>, Vec<String>) {
    let (referees, ids) = joined(engines);
    let referees: Box<dyn Any> = Box::new(referees);
    match referees.downcast::<Vec<RefereeInfo<F>>>() {
        Ok(referees) => (*referees, ids),
        Err(_) => (Vec::new(), Vec::new()),
    }
}

/// Refuses engines for a family other than Go (the only one engines referee).
pub fn refuse_unless_go<F: Family>(args: &EngineArgs) -> anyhow::Result<()> {
    if F::NAME != Go::NAME && (!args.engine.is_empty() || args.engines.is_some()) {
        anyhow::bail!("engines referee Go games only");
    }
    Ok(())
}

/// [`preflight`] where `setup` is a Go setup (engines referee Go games only).
pub fn preflight_for<F: Family>(
    engines: &Engines,
    setup: &F::Setup,
    strict: bool,
) -> anyhow::Result<()> {
    match (setup as &dyn Any).downcast_ref::<GoSetup>() {
        Some(setup) => preflight(engines, setup, strict),
        None => Ok(()),
    }
}

/// Checks that each engine starts (on an empty 9×9 board) when a Go case among
/// `families` will use it, so a run of chess or xiangqi cases never waits for an engine.
pub fn preflight_cases<'a>(
    engines: &Engines,
    mut families: impl Iterator<Item = &'a str>,
) -> anyhow::Result<()> {
    if !families.any(|f| f == Go::NAME) {
        return Ok(());
    }
    let nine = rulediff::go::graph::Graph::grid(9, 9, false).map_err(anyhow::Error::msg)?;
    preflight(engines, &GoSetup::empty(nine, 2), false)
}

/// Starts each engine on `setup`; an engine that cannot run stops the command before it
/// begins. With `strict`, an engine that cannot play this board stops it too.
pub fn preflight(engines: &Engines, setup: &GoSetup, strict: bool) -> anyhow::Result<()> {
    for (id, fault) in engines.check(setup) {
        if strict || !matches!(fault, Fault::Unsupported { .. }) {
            anyhow::bail!("engine `{id}`: {fault}");
        }
    }
    Ok(())
}

/// What rulediff asks an engine of each kind, for the listing.
fn asks(kind: &Kind) -> &'static str {
    match kind {
        Kind::Gtp { .. } => {
            "legal sets and single plays (all_legal / is_legal, or play and undo), each play; \
             rulediff ends the game at two passes and counts it (or final_score)"
        }
        Kind::Bridge { .. } => {
            "legal sets, single plays (judge), each play with the next legal set and status in one batch; \
             the game end and result where the bridge gives them, else rulediff ends at two passes and counts"
        }
        Kind::Goban { .. } => "legal sets, single plays, each play, the game end and its score",
    }
}

#[derive(clap::Args)]
pub struct Args {
    /// Also list the engines defined in this TOML file.
    #[arg(long = "engines", value_name = "FILE")]
    engines: Option<PathBuf>,
}

/// `rulediff engines`: every built-in engine (and those of a file) with its command, the
/// ruleset it claims, and whether its program is installed.
pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    let mut specs = known::all();
    if let Some(path) = &args.engines {
        specs.extend(spec::load_file(path).with_context(|| format!("{}", path.display()))?);
    }
    let width = specs.iter().map(|s| s.id.len()).max().unwrap_or(0);
    for spec in &specs {
        let found = match &spec.kind {
            Kind::Gtp { argv } | Kind::Bridge { argv } => match spec::locate(&argv[0]) {
                Some(path) => match missing_packages(argv) {
                    Some(dir) => format!(
                        "found {}, but its npm packages are not installed: `cd {dir} && npm ci`",
                        path.display()
                    ),
                    None => format!("found {}", path.display()),
                },
                None => format!(
                    "NOT FOUND: give its path, `--engine {}=/path/to/{}`",
                    spec.id, argv[0]
                ),
            },
            Kind::Goban { .. } => "in process".into(),
        };
        outln!(
            "{:width$}  claims {:14} {}\n{:width$}  {}\n{:width$}  asks: {}\n{:width$}  {found}",
            spec.id,
            spec.ruleset.as_deref().unwrap_or("-"),
            spec.summary,
            "",
            spec.command_line(),
            "",
            asks(&spec.kind),
            ""
        )?;
    }
    outln!("\nchess and xiangqi engines (referees of their family: `--family F --rules ID`)")?;
    list_referees(&rulediff::chess::bridge::registry(), CHESS_ASKS)?;
    let xiangqi = [
        rulediff::xiangqi::ffish::info(),
        rulediff::xiangqi::cchess::info(),
    ];
    list_referees(&xiangqi, XIANGQI_ASKS)?;
    Ok(ExitCode::SUCCESS)
}

const CHESS_ASKS: &str =
    "start from a FEN, each play with the next legal set and the status (over, how, winner; the draw it may claim)";
const XIANGQI_ASKS: &str =
    "start from a FEN and earlier moves, each play with the next legal set and the status (over, result, reason)";

/// External referees of a family other than Go: id, the end rule claimed, summary, command.
fn list_referees<F: rulediff::family::Family>(
    infos: &[RefereeInfo<F>],
    asks: &str,
) -> anyhow::Result<()> {
    let width = infos.iter().map(|i| i.id.len()).max().unwrap_or(0);
    for info in infos {
        outln!(
            "{:width$}  claims {:14} {}\n{:width$}  {}\n{:width$}  asks: {asks}",
            info.id,
            info.claims.end,
            info.summary,
            "",
            info.source,
            ""
        )?;
    }
    Ok(())
}

/// For a JavaScript bridge of rulediff's own, the folder whose `node_modules` is missing:
/// `node` alone does not make the bridge work.
fn missing_packages(argv: &[String]) -> Option<String> {
    let dir = known::node_bridges_dir();
    let script = argv.get(1)?;
    let ours = script.starts_with(&format!("{dir}/"));
    let installed = std::path::Path::new(&dir).join("node_modules").is_dir();
    (ours && !installed).then_some(dir)
}
