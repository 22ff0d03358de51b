//! External engines on the command line: `--engine` and `--engines FILE` for `run` and
//! `random`, and `rulediff engines`, which lists what can be used.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use rulediff::engine::bundled::node_bridges_dir;
use rulediff::engine::spec::{self, Accepts, EngineSpec, Kind};
use rulediff::families::engines::{self, Engines};
use rulediff::families::{self, ForFamily};
use rulediff::listed::Listed;
use rulediff::referee::RefereeInfo;

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
            Some(path) => engines::load_file(path)?,
            None => Vec::new(),
        };
        let chosen: Vec<EngineSpec> = if self.engine.is_empty() {
            from_file
        } else {
            self.engine
                .iter()
                .map(|arg| match from_file.iter().find(|s| s.id == *arg) {
                    Some(spec) => Ok(spec.clone()),
                    None => engines::parse_arg(arg),
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

#[derive(clap::Args)]
pub struct Args {
    /// Also list the engines defined in this TOML file.
    #[arg(long = "engines", value_name = "FILE")]
    engines: Option<PathBuf>,
}

/// `rulediff engines`: every built-in engine (and those of a file) with its command, the
/// ruleset it claims, and whether its program is installed; then each family's referees that
/// are programs behind bridges.
pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    let mut specs = engines::built_in();
    if let Some(path) = &args.engines {
        specs.extend(engines::load_file(path).with_context(|| format!("{}", path.display()))?);
    }
    let accepts = engines::accepts();
    let width = specs.iter().map(|s| s.id.len()).max().unwrap_or(0);
    for spec in &specs {
        let family = accepts.iter().find(|a| a.family == spec.family);
        let summary = match family {
            Some(f) if std::ptr::eq(f, &accepts[0]) => spec.summary.clone(),
            _ => format!("({} engine) {}", spec.family, spec.summary),
        };
        outln!(
            "{:width$}  claims {:14} {}\n{:width$}  {}\n{:width$}  asks: {}\n{:width$}  {}",
            spec.id,
            spec.ruleset.as_deref().unwrap_or("-"),
            summary,
            "",
            spec.command_line(),
            "",
            family.map_or("", |f| (f.asks)(&spec.kind)),
            "",
            found(spec)
        )?;
    }
    let with_bridges: Vec<&Accepts> = accepts.iter().filter(|a| !a.bundled.is_empty()).collect();
    let names: Vec<&str> = with_bridges.iter().map(|a| a.family).collect();
    outln!(
        "\n{} engines (referees of their family: `--family F --rules ID`)",
        names.join(" and ")
    )?;
    for listing in families::for_each(&mut Bundled) {
        out!("{listing}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Whether an engine's program is installed.
fn found(spec: &EngineSpec) -> String {
    match &spec.kind {
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
        Kind::InProcess { .. } => "in process".into(),
    }
}

/// A family's referees that are programs behind bridges: id, the end rule claimed, summary,
/// command, what rulediff asks them.
struct Bundled;

impl ForFamily for Bundled {
    type Output = String;
    fn run<F: Listed>(&mut self) -> String {
        let accepts = F::engines();
        let infos: Vec<RefereeInfo<F>> = F::registry()
            .into_iter()
            .filter(|r| accepts.bundled.contains(&r.id))
            .collect();
        let asks = (accepts.asks)(&Kind::Bridge { argv: Vec::new() });
        let width = infos.iter().map(|i| i.id.len()).max().unwrap_or(0);
        infos
            .iter()
            .map(|info| {
                format!(
                    "{:width$}  claims {:14} {}\n{:width$}  {}\n{:width$}  asks: {asks}\n",
                    info.id, info.claims.end, info.summary, "", info.source, ""
                )
            })
            .collect()
    }
}

/// For a JavaScript bridge of rulediff's own, the folder whose `node_modules` is missing:
/// `node` alone does not make the bridge work.
fn missing_packages(argv: &[String]) -> Option<String> {
    let dir = node_bridges_dir();
    let script = argv.get(1)?;
    let ours = script.starts_with(&format!("{dir}/"));
    let installed = std::path::Path::new(&dir).join("node_modules").is_dir();
    (ours && !installed).then_some(dir)
}
