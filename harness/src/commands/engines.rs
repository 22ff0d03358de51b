//! External engines on the command line: `--engine` and `--engines FILE` for `run` and
//! `random`, and `rulediff engines`, which lists what can be used.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use rulediff::engine::spec::{self, EngineFamily, EngineSpec, Kind};
use rulediff::engine::{known, Engines};
use rulediff::family::Family;
use rulediff::go::{Go, GoSetup};
use rulediff::referee::{Fault, RefereeInfo, Refereed};

#[derive(clap::Args, Default)]
pub struct EngineArgs {
    /// An external referee: a built-in id (`rulediff engines` lists them), `id=program` (a
    /// built-in with its program elsewhere) or `id[:ruleset]=command args…`, where `ruleset`
    /// is the ruleset of ours the engine claims to follow. Repeatable.
    #[arg(long = "engine", value_name = "ID[:RULESET][=COMMAND]")]
    pub engine: Vec<String>,
    /// A TOML file of engine definitions (`[[engine]]` tables, see docs/engines.md). Without
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

/// The engines of a game of family `F` as referees, and the ids a run adds to each case: the
/// rulesets they claim, then the engines.
pub fn joined_for<F: Family>(engines: &Engines) -> (Vec<RefereeInfo<F>>, Vec<String>) {
    let mut ids = engines.claimed_in(F::NAME);
    ids.extend(engines.ids_in(F::NAME));
    (engines.referees_for::<F>(), ids)
}

/// Refuses engines when none of them referees family `F` (a campaign of one family).
pub fn refuse_other_families<F: Family>(engines: &Engines) -> anyhow::Result<()> {
    if engines.is_empty() || !engines.ids_in(F::NAME).is_empty() {
        return Ok(());
    }
    let mut families: Vec<&str> = engines.specs().map(|s| s.family.name()).collect();
    families.dedup();
    anyhow::bail!(
        "the engines given referee {} games, not {} (an engines file sets `family`)",
        families.join(" and "),
        F::NAME
    )
}

/// [`preflight`] for a game of family `F`.
pub fn preflight_for<F: Refereed>(
    engines: &Engines,
    setup: &F::Setup,
    strict: bool,
) -> anyhow::Result<()> {
    for (id, fault) in engines.check::<F>(setup) {
        if strict || !matches!(fault, Fault::Unsupported { .. }) {
            anyhow::bail!("engine `{id}`: {fault}");
        }
    }
    Ok(())
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
    preflight_for::<Go>(engines, &GoSetup::empty(nine, 2), false)
}

/// What rulediff asks an engine of each kind, for the listing.
fn asks(spec: &EngineSpec) -> &'static str {
    match spec.family {
        EngineFamily::Chess => return CHESS_ASKS,
        EngineFamily::Xiangqi => return XIANGQI_ASKS,
        EngineFamily::Go => {}
    }
    match &spec.kind {
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
            match spec.family {
                EngineFamily::Go => spec.summary.clone(),
                family => format!("({} engine) {}", family.name(), spec.summary),
            },
            "",
            spec.command_line(),
            "",
            asks(spec),
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
