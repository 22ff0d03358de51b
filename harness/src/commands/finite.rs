//! `rulediff finite`: settle by exhaustive search whether every game ends, per ruleset,
//! graph and number of players.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use rulediff::check::finite::{search, Budget, Finiteness};
use rulediff::family::Explore;
use rulediff::go::graph::Graph;
use rulediff::go::{Go, GoSetup};
use rulediff::referee::{select, RefereeInfo, Refereed};
use rulediff::util::atomic;

#[derive(clap::Args)]
pub struct Args {
    /// Referee ids, comma-separated, or `all` (referees that cannot be searched are listed
    /// as unsupported).
    #[arg(long)]
    rules: String,
    /// Boards by shape, comma-separated: `2x2`, `path:4`, `ring:5`, `edges:a-b b-c`.
    #[arg(long)]
    board: Option<String>,
    /// Every connected graph with up to N vertices, up to isomorphism (`connected:1..=N`,
    /// from nauty's `nauty-geng`).
    #[arg(long)]
    graphs: Option<String>,
    /// Numbers of players, comma-separated.
    #[arg(long, default_value = "2")]
    players: String,
    /// States to visit per search before answering UNKNOWN (or FINITE by the ruleset's
    /// termination argument, where it has one).
    #[arg(long, default_value_t = 2_000_000)]
    max_states: usize,
    /// Seconds per search before answering UNKNOWN (no limit by default).
    #[arg(long)]
    max_seconds: Option<u64>,
    /// Board symmetries (graph automorphisms) to search up to; 1 turns symmetry reduction off.
    #[arg(long, default_value_t = 64)]
    symmetry: usize,
    /// Write the table as `finiteness.md` and `finiteness.csv`, and every lasso as a case,
    /// into this folder.
    #[arg(long)]
    out: Option<PathBuf>,
}

struct Job<'a> {
    info: &'a RefereeInfo<Go>,
    graph: Graph,
    players: usize,
}

struct Row {
    rule: String,
    graph: String,
    players: usize,
    result: Finiteness,
    seconds: f64,
}

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    let registry = Go::registry();
    let referees = select(&registry, &args.rules).map_err(anyhow::Error::msg)?;
    let graphs = graphs(args)?;
    let players: Vec<usize> = args
        .players
        .split(',')
        .map(|p| {
            p.trim()
                .parse()
                .ok()
                .filter(|n| (2..=8).contains(n))
                .with_context(|| format!("--players: `{p}` is not 2..=8"))
        })
        .collect::<anyhow::Result<_>>()?;
    let mut jobs: Vec<Job> = Vec::new();
    for info in &referees {
        for graph in &graphs {
            jobs.extend(players.iter().map(|&p| Job {
                info,
                graph: graph.clone(),
                players: p,
            }));
        }
    }
    let bar = ProgressBar::new(jobs.len() as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} searches {elapsed}") {
        bar.set_style(style);
    }
    let rows: Vec<Row> = jobs
        .par_iter()
        .map(|job| {
            let setup = GoSetup::empty(job.graph.clone(), job.players);
            let started = Instant::now();
            let budget = Budget {
                max_states: args.max_states,
                deadline: args.max_seconds.map(|s| started + Duration::from_secs(s)),
                symmetries: args.symmetry,
            };
            let result = search(job.info, &setup, budget);
            bar.inc(1);
            Row {
                rule: job.info.id.clone(),
                graph: job.graph.description().to_string(),
                players: job.players,
                result,
                seconds: started.elapsed().as_secs_f64(),
            }
        })
        .collect();
    bar.finish_and_clear();
    // Saved before printing: a reader that stops early must not cost the results.
    if let Some(out) = &args.out {
        write(out, &rows)?;
    }
    out!("{}", markdown(&rows))?;
    Ok(ExitCode::SUCCESS)
}

fn graphs(args: &Args) -> anyhow::Result<Vec<Graph>> {
    let mut graphs = Vec::new();
    if let Some(boards) = &args.board {
        for shape in boards.split(',').map(str::trim) {
            graphs.push(Graph::parse_shape(shape).with_context(|| format!("--board {shape}"))?);
        }
    }
    if let Some(spec) = &args.graphs {
        let Some(max) = spec
            .strip_prefix("connected:1..=")
            .and_then(|n| n.parse::<usize>().ok())
        else {
            bail!("--graphs takes `connected:1..=N`, not `{spec}`");
        };
        for n in 1..=max {
            graphs.extend(geng(n)?);
        }
    }
    if graphs.is_empty() {
        bail!("give --board or --graphs");
    }
    Ok(graphs)
}

/// Connected graphs on `n` vertices, one per isomorphism class.
fn geng(n: usize) -> anyhow::Result<Vec<Graph>> {
    let output = Command::new("nauty-geng")
        .args(["-c", "-q", &n.to_string()])
        .output()
        .context("cannot run nauty-geng (Debian package `nauty`)")?;
    if !output.status.success() {
        bail!(
            "nauty-geng failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            Graph::from_graph6(line).with_context(|| format!("nauty-geng printed `{line}`"))
        })
        .collect()
}

fn verdict(result: &Finiteness) -> (String, String) {
    match result {
        Finiteness::Finite { longest, states } => (
            "FINITE".into(),
            format!("longest game {longest} plies; {states} states"),
        ),
        Finiteness::Infinite {
            prefix,
            cycle,
            states,
        } => (
            "INFINITE".into(),
            format!(
                "after `{}`, repeat `{}` ({states} states searched)",
                prefix.join(" "),
                cycle.join(" ")
            ),
        ),
        Finiteness::Unknown {
            states,
            depth,
            reason,
        } => (
            "UNKNOWN".into(),
            format!("{reason} after {states} states, at depth {depth}"),
        ),
        Finiteness::FiniteByArgument {
            argument,
            states,
            depth,
        } => (
            "FINITE".into(),
            format!(
                "by its termination argument ({argument}); longest game not settled: \
                 {states} states searched to depth {depth}"
            ),
        ),
        Finiteness::Unsupported { reason } => ("UNSUPPORTED".into(), reason.clone()),
    }
}

fn markdown(rows: &[Row]) -> String {
    let mut out = String::from(
        "| ruleset | graph | players | verdict | details | seconds |\n|---|---|---|---|---|---|\n",
    );
    for row in rows {
        let (v, details) = verdict(&row.result);
        writeln!(
            out,
            "| `{}` | `{}` | {} | {v} | {} | {:.2} |",
            row.rule,
            row.graph,
            row.players,
            details.replace('|', "\\|"),
            row.seconds
        )
        .expect("String");
    }
    out
}

fn write(out: &std::path::Path, rows: &[Row]) -> anyhow::Result<()> {
    std::fs::create_dir_all(out.join("lassos"))
        .with_context(|| format!("cannot create {}", out.display()))?;
    let mut csv = csv::Writer::from_writer(Vec::new());
    csv.write_record([
        "ruleset", "graph", "players", "verdict", "longest", "states", "seconds", "details",
    ])?;
    for row in rows {
        let (v, details) = verdict(&row.result);
        let (longest, states) = match &row.result {
            Finiteness::Finite { longest, states } => (longest.to_string(), states.to_string()),
            Finiteness::Infinite { states, .. }
            | Finiteness::Unknown { states, .. }
            | Finiteness::FiniteByArgument { states, .. } => (String::new(), states.to_string()),
            Finiteness::Unsupported { .. } => (String::new(), String::new()),
        };
        csv.write_record([
            row.rule.as_str(),
            &row.graph,
            &row.players.to_string(),
            &v,
            &longest,
            &states,
            &format!("{:.3}", row.seconds),
            &details,
        ])?;
        if let Finiteness::Infinite { prefix, cycle, .. } = &row.result {
            let name = format!("{}-{}-{}p.toml", row.rule, slug(&row.graph), row.players);
            atomic::write(
                &out.join("lassos").join(name),
                lasso_case(row, prefix, cycle)?.as_bytes(),
            )?;
        }
    }
    let bytes = csv
        .into_inner()
        .map_err(|e| anyhow::anyhow!("{}", e.error()))?;
    atomic::write(&out.join("finiteness.csv"), &bytes)?;
    let md = format!(
        "# Finiteness\n\nWritten by `rulediff finite`.\n\n{}",
        markdown(rows)
    );
    atomic::write(&out.join("finiteness.md"), md.as_bytes())?;
    Ok(())
}

/// The lasso as a case: the prefix, then the cycle twice, which the referee allows throughout.
fn lasso_case(row: &Row, prefix: &[String], cycle: &[String]) -> anyhow::Result<String> {
    let setup = GoSetup::empty(
        Graph::parse_shape(&row.graph).map_err(anyhow::Error::msg)?,
        row.players,
    );
    let moves: Vec<&str> = prefix
        .iter()
        .chain(cycle)
        .chain(cycle)
        .map(String::as_str)
        .collect();
    Ok(format!(
        "family = \"go\"\ntitle = {:?}\ncomment = {:?}\nrules = {:?}\n{}moves = {:?}\n[expect]\n{:?} = {{ ongoing = true }}\n",
        format!("An endless game under {}", row.rule),
        format!("Found by `rulediff finite`: after `{}`, the cycle `{}` returns to the same state, so it can repeat forever; shown twice.", prefix.join(" "), cycle.join(" ")),
        row.rule,
        Go::setup_keys(&setup),
        moves.join(" "),
        row.rule
    ))
}

fn slug(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
