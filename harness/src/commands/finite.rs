//! `rulediff finite`: settle by exhaustive search whether every game ends, per ruleset and
//! start: Go per graph and number of players, chess per start position (FEN).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use rulediff::check::finite::{search, Budget, Finiteness};
use rulediff::check::tables::finite::{after, markdown, space_rows, verdict, Row};
use rulediff::families::{self, ForFamily};
use rulediff::family::{Explore, Family, Symmetric};
use rulediff::listed::{ForSearchable, Listed, SearchOptions, Searchable};
use rulediff::referee::{select, RefereeInfo};
use rulediff::util::atomic;
use serde::{Deserialize, Serialize};

use super::journal::Journal;

/// What decides the rows of a run: a resumed run must have the same.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
struct Plan {
    /// Each search: ruleset, start and players.
    jobs: Vec<String>,
    max_states: usize,
    max_depth: Option<usize>,
    max_seconds: Option<u64>,
    max_memory: Option<u64>,
    symmetry: usize,
}

#[derive(clap::Args)]
pub struct Args {
    /// Game family.
    #[arg(long, default_value = "go", value_parser = clap::builder::PossibleValuesParser::new(families::searchable()))]
    family: String,
    /// Referee ids, comma-separated, or `all` (referees that cannot be searched are listed
    /// as unsupported).
    #[arg(long)]
    rules: String,
    /// Go boards by shape, comma-separated: `2x2`, `path:4`, `ring:5`, `edges:a-b b-c`.
    #[arg(long)]
    board: Option<String>,
    /// Every connected graph with up to N vertices, up to isomorphism (`connected:1..=N`,
    /// from nauty's `nauty-geng`).
    #[arg(long)]
    graphs: Option<String>,
    /// Numbers of players (Go), comma-separated.
    #[arg(long, default_value = "2")]
    players: String,
    /// Chess start positions as FEN (repeat the option for several).
    #[arg(long)]
    start: Vec<String>,
    /// States to visit per search before answering UNKNOWN (or FINITE by the ruleset's
    /// termination argument, where it has one).
    #[arg(long, default_value_t = 2_000_000)]
    max_states: usize,
    /// Plies deep a search may go before answering UNKNOWN. Default: no limit for Go, 2000
    /// for chess, where every state on the search path holds a copy of the whole game.
    #[arg(long)]
    max_depth: Option<usize>,
    /// Seconds per search before answering UNKNOWN (no limit by default); checked every few
    /// hundred steps of the search, so it holds within milliseconds.
    #[arg(long)]
    max_seconds: Option<u64>,
    /// Memory (MiB, resident, the whole command) above which a search answers UNKNOWN
    /// instead of growing. Default: a quarter of the machine's memory.
    #[arg(long)]
    max_memory: Option<u64>,
    /// Board symmetries to search up to (Go: graph automorphisms; chess: the file mirror,
    /// for starts without castling rights); 1 turns symmetry reduction off.
    #[arg(long, default_value_t = 64)]
    symmetry: usize,
    /// Write the table as `finiteness.md` and `finiteness.csv`, and every lasso as a case,
    /// into this folder; each row as soon as its search settles (see `--resume`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue a run that was stopped: the rows already settled in `--out` (its
    /// `progress.json`) are kept, and only the other searches run. Same options needed.
    #[arg(long, requires = "out")]
    resume: bool,
}

/// One search: a referee from one start.
struct Job<'a, F: Family> {
    info: &'a RefereeInfo<F>,
    /// Jobs with the same `share` and start rule the same (Kee combinations that differ only
    /// on an axis that cannot matter here): one search answers for all of them.
    share: String,
    setup: F::Setup,
    /// The start as the table names it (graph shape, FEN).
    label: String,
    players: usize,
}

/// What the table calls the family's starts, and the family's name in case files.
struct Table {
    family: &'static str,
    column: &'static str,
    /// Depth budget when `--max-depth` is not given.
    max_depth: Option<usize>,
}

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    check_budgets(args)?;
    families::with_family(&args.family, &mut Finite(args))
        .unwrap_or_else(|| bail!("unknown family `{}`", args.family))
}

/// The search of the family `--family` names, if exhaustive search can search its games.
struct Finite<'a>(&'a Args);

impl ForFamily for Finite<'_> {
    type Output = anyhow::Result<ExitCode>;
    fn run<F: Listed>(&mut self) -> anyhow::Result<ExitCode> {
        F::if_searchable(&mut Search(self.0))
            .unwrap_or_else(|| bail!("{} games cannot be searched exhaustively", F::NAME))
    }
}

/// Every selected referee from every start the command line names, one row each.
struct Search<'a>(&'a Args);

impl ForSearchable for Search<'_> {
    type Output = anyhow::Result<ExitCode>;
    fn run<F: Searchable>(&mut self) -> anyhow::Result<ExitCode> {
        let args = self.0;
        let registry = F::registry_for(&args.rules);
        let referees = select(&registry, &args.rules).map_err(anyhow::Error::msg)?;
        let starts = F::search_starts(&SearchOptions {
            start: args.start.clone(),
            board: args.board.clone(),
            graphs: args.graphs.clone(),
            players: args.players.clone(),
        })?;
        let mut jobs: Vec<Job<F>> = Vec::new();
        for info in &referees {
            jobs.extend(starts.iter().map(|start| Job {
                info,
                share: super::kee_space::share_key(&info.id, start.players),
                setup: start.setup.clone(),
                label: start.label.clone(),
                players: start.players,
            }));
        }
        let table = Table {
            family: F::NAME,
            column: F::START_COLUMN,
            max_depth: F::MAX_DEPTH,
        };
        let rows = search_shared(args, &table, &jobs)?;
        finish(args, &table, &rows)?;
        super::kee_space::finite_table(args.out.as_deref(), &space_rows(&rows))
    }
}

/// Searches each distinct job once (see [`Job::share`]) and gives every job its row.
fn search_shared<F: Symmetric + Explore>(
    args: &Args,
    table: &Table,
    jobs: &[Job<F>],
) -> anyhow::Result<Vec<Row>> {
    let mut first: std::collections::HashMap<(String, String, usize), usize> = Default::default();
    let mut unique: Vec<Job<F>> = Vec::new();
    let mut of: Vec<usize> = Vec::new();
    for job in jobs {
        let key = (job.share.clone(), job.label.clone(), job.players);
        let at = *first.entry(key).or_insert_with(|| {
            unique.push(Job {
                info: job.info,
                share: job.share.clone(),
                setup: job.setup.clone(),
                label: job.label.clone(),
                players: job.players,
            });
            unique.len() - 1
        });
        of.push(at);
    }
    let searched = search_all(args, table, &unique)?;
    Ok(jobs
        .iter()
        .zip(of)
        .map(|(job, at)| Row {
            rule: job.info.id.clone(),
            ..searched[at].clone()
        })
        .collect())
}

/// Budgets that would stop every search before its first state.
fn check_budgets(args: &Args) -> anyhow::Result<()> {
    if args.max_states == 0 {
        bail!("--max-states 0: a search needs at least one state");
    }
    if args.max_seconds == Some(0) {
        bail!("--max-seconds 0: give at least one second");
    }
    if args.max_depth == Some(0) {
        bail!("--max-depth 0: a search needs at least one ply");
    }
    if args.max_memory == Some(0) {
        bail!("--max-memory 0: give a budget in MiB");
    }
    if args.symmetry == 0 {
        bail!("--symmetry 0: give 1 to turn symmetry reduction off");
    }
    Ok(())
}

/// The memory budget in bytes: as given, else the default share of the machine's.
fn memory_budget(args: &Args) -> Option<u64> {
    rulediff::util::memory::budget(args.max_memory.map(|mib| mib.saturating_mul(1 << 20)))
}

fn search_all<F: Symmetric + Explore>(
    args: &Args,
    table: &Table,
    jobs: &[Job<F>],
) -> anyhow::Result<Vec<Row>> {
    let journal = match &args.out {
        Some(out) => Some(Journal::open(out, plan(args, jobs), args.resume)?),
        None => None,
    };
    let bar = ProgressBar::new(jobs.len() as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} searches {elapsed}") {
        bar.set_style(style);
    }
    let lines = super::progress::lines(&bar, Some("searches"));
    let rows = jobs
        .par_iter()
        .enumerate()
        .map(|(index, job)| {
            if let Some(row) = journal.as_ref().and_then(|j| j.settled(index)) {
                bar.inc(1);
                return Ok(row);
            }
            let row = search_one(args, table, job);
            if let (Some(journal), Some(out)) = (&journal, &args.out) {
                write_case(out, table, &row)?;
                journal
                    .settle_when_due(index, row.clone(), |rows| write_tables(out, table, &rows))?;
            }
            bar.inc(1);
            Ok(row)
        })
        .collect::<anyhow::Result<Vec<Row>>>();
    bar.finish_and_clear();
    lines.stop();
    if let Some(journal) = &journal {
        journal.flush()?;
    }
    rows
}

fn plan<F: Family>(args: &Args, jobs: &[Job<F>]) -> Plan {
    Plan {
        jobs: jobs
            .iter()
            .map(|j| format!("{} {} {}", j.info.id, j.label, j.players))
            .collect(),
        max_states: args.max_states,
        max_depth: args.max_depth,
        max_seconds: args.max_seconds,
        max_memory: args.max_memory,
        symmetry: args.symmetry,
    }
}

fn search_one<F: Symmetric + Explore>(args: &Args, table: &Table, job: &Job<F>) -> Row {
    let started = Instant::now();
    let budget = Budget {
        max_states: args.max_states,
        // A budget past what the clock can hold is no deadline at all.
        deadline: args
            .max_seconds
            .and_then(|s| started.checked_add(Duration::from_secs(s))),
        max_memory: memory_budget(args),
        symmetries: args.symmetry,
        max_depth: args.max_depth.or(table.max_depth),
    };
    let result = search(job.info, &job.setup, budget);
    Row {
        rule: job.info.id.clone(),
        label: job.label.clone(),
        players: job.players,
        result,
        seconds: started.elapsed().as_secs_f64(),
        case_keys: F::setup_keys(&job.setup),
    }
}

fn finish(args: &Args, table: &Table, rows: &[Row]) -> anyhow::Result<ExitCode> {
    // Saved before printing: a reader that stops early must not cost the results.
    if let Some(out) = &args.out {
        write(out, table, rows)?;
    }
    // A table of thousands of rows (`kee[*]` on many graphs) stays in `--out`; the grouped
    // table of the space is what a reader wants on the terminal.
    match &args.out {
        Some(out) if rows.len() > MAX_PRINTED_ROWS => out!(
            "{} rows written to {}\n",
            rows.len(),
            out.join("finiteness.md").display()
        )?,
        _ => out!("{}", markdown(table.column, rows))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Rows printed on the terminal when an `--out` folder holds them all.
const MAX_PRINTED_ROWS: usize = 400;

fn write(out: &std::path::Path, table: &Table, rows: &[Row]) -> anyhow::Result<()> {
    for row in rows {
        write_case(out, table, row)?;
    }
    write_tables(out, table, rows)
}

/// The row's lasso or deep line as a case file, if it has one.
fn write_case(out: &std::path::Path, table: &Table, row: &Row) -> anyhow::Result<()> {
    if let Some((folder, case)) = case_of(table, row) {
        let name = format!("{}-{}-{}p.toml", row.rule, slug(&row.label), row.players);
        let dir = out.join(folder);
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        atomic::write(&dir.join(name), case.as_bytes())?;
    }
    Ok(())
}

fn write_tables(out: &std::path::Path, table: &Table, rows: &[Row]) -> anyhow::Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let mut csv = csv::Writer::from_writer(Vec::new());
    csv.write_record([
        "ruleset",
        table.column,
        "players",
        "verdict",
        "longest",
        "states",
        "seconds",
        "details",
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
            &row.label,
            &row.players.to_string(),
            &v,
            &longest,
            &states,
            &format!("{:.3}", row.seconds),
            &details,
        ])?;
    }
    let bytes = csv
        .into_inner()
        .map_err(|e| anyhow::anyhow!("{}", e.error()))?;
    atomic::write(&out.join("finiteness.csv"), &bytes)?;
    let md = format!(
        "# Finiteness\n\nWritten by `rulediff finite`.\n\n{}",
        markdown(table.column, rows)
    );
    atomic::write(&out.join("finiteness.md"), md.as_bytes())?;
    Ok(())
}

/// A search's game as a case, and the folder it goes in: a lasso (the prefix, then the cycle
/// twice) in `lassos/`; the game on the path when the depth budget ran out in `deep/`. The
/// referee allows every play of either and the game is still going at the end.
fn case_of(table: &Table, row: &Row) -> Option<(&'static str, String)> {
    let (folder, title, comment, moves) = match &row.result {
        Finiteness::Infinite { prefix, cycle, .. } => (
            "lassos",
            format!("An endless game under {}", row.rule),
            format!(
                "Found by `rulediff finite`: {}, the cycle `{}` returns to the same state, so it can repeat forever; shown twice.",
                after(prefix),
                cycle.join(" ")
            ),
            prefix.iter().chain(cycle).chain(cycle).cloned().collect::<Vec<_>>(),
        ),
        Finiteness::Unknown { line, .. } if !line.is_empty() => (
            "deep",
            format!("A game of {} plies under {}, still going", line.len(), row.rule),
            format!(
                "Found by `rulediff finite`: the game on its search path when the depth budget of {} plies ran out.",
                line.len()
            ),
            line.clone(),
        ),
        _ => return None,
    };
    let case = rulediff::case::CaseText {
        family: table.family,
        title: &title,
        comment: &comment,
        rules: &row.rule,
        setup_keys: &row.case_keys,
        moves: &moves,
        expect: &[(row.rule.clone(), "{ ongoing = true }".into())],
    }
    .render();
    Some((folder, case))
}

fn slug(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
