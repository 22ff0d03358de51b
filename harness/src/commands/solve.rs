//! `rulediff solve`: exact values of small two-player Go games, with a principal variation
//! written as a case file that `rulediff run` replays.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use rayon::prelude::*;
use rulediff::check::solve::{solve, End, Method, Options, Progress, Solution, SolveError};
use rulediff::families::{self, AnyCase};
use rulediff::family::{Explore, Family};
use rulediff::go::graph::Graph;
use rulediff::go::rules::presets::presets;
use rulediff::go::score::Scoring;
use rulediff::go::{Go, GoPlay, GoSetup};
use rulediff::referee::{select, HalfPoints, Outcome, RefereeInfo, Refereed};
use rulediff::report::solve::{self, Settled};
use rulediff::util::atomic;
use serde::{Deserialize, Serialize};

use super::journal::Journal;

/// Most points a board may have: beyond this even the smallest rulesets are out of reach.
pub const MAX_POINTS: usize = 20;

#[derive(Clone, Copy, clap::ValueEnum)]
enum Driver {
    /// MTD(f): null-window searches converging on the value.
    Mtdf,
    /// One full-window alpha–beta search.
    AlphaBeta,
    /// No search: retrograde analysis of every reachable state (exact where lines repeat,
    /// within `--graph-mb`).
    Retrograde,
}

#[derive(clap::Args)]
pub struct Args {
    /// Referee ids, comma-separated, or `all` (referees that cannot be searched are
    /// reported as such).
    #[arg(long)]
    rules: String,
    /// Boards, comma-separated (`2x2`, `1x5`, `path:4`, `edges:a-b b-c`); the game starts
    /// on the empty board with Black to move.
    #[arg(long)]
    board: Option<String>,
    /// Start from a Go case file's position instead: its setup, then its moves.
    #[arg(long, conflicts_with = "board")]
    case: Option<PathBuf>,
    /// What a game without a score (no result, a draw by rule, an endless game) is worth to
    /// Black, in points; White values it the other way round.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    no_result: f64,
    /// Transposition table size per search, in MiB.
    #[arg(long, default_value_t = 512)]
    table_mb: usize,
    /// Board symmetries (graph automorphisms) to search up to; 1 turns symmetry reduction off.
    #[arg(long, default_value_t = 64)]
    symmetry: usize,
    /// Plies from the start within which mirror-image states are merged.
    #[arg(long, default_value_t = 10)]
    symmetry_depth: u32,
    /// The search: `mtdf` (null-window alpha-beta), `alpha-beta` (full window) or
    /// `retrograde` (the whole reachable state graph solved by retrograde analysis, no search).
    #[arg(long, value_enum, default_value = "mtdf")]
    method: Driver,
    /// Nodes per search before giving up.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Seconds per search before giving up (the retrograde check included).
    #[arg(long)]
    max_seconds: Option<u64>,
    /// MiB the retrograde check of a search may take (it runs when a line repeats, and
    /// builds every reachable state); over it, the row keeps alpha-beta's value, marked
    /// unchecked, without a principal variation.
    #[arg(long, default_value_t = 1024)]
    graph_mb: usize,
    /// Write `solutions.md`, `solutions.csv` and each principal variation as a case
    /// (`solutions/<rules>-<board>.toml`) into this folder; each row as soon as its search
    /// settles (see `--resume`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue a run that was stopped: the rows already settled in `--out` (its
    /// `progress.json`) are kept, and only the other searches run. Same options needed.
    #[arg(long, requires = "out")]
    resume: bool,
}

/// What decides the rows of a run: a resumed run must have the same.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
struct Plan {
    /// Each search: ruleset and board.
    jobs: Vec<String>,
    no_result: f64,
    table_mb: usize,
    symmetry: usize,
    symmetry_depth: u32,
    alpha_beta: bool,
    #[serde(default)]
    retrograde: bool,
    max_nodes: Option<u64>,
    max_seconds: Option<u64>,
    #[serde(default)]
    graph_mb: usize,
}

struct Job<'a> {
    info: &'a RefereeInfo<Go>,
    setup: GoSetup,
    prefix: Vec<GoPlay>,
    board: String,
}

#[derive(Clone)]
struct Row {
    rule: String,
    board: String,
    setup: GoSetup,
    prefix: Vec<GoPlay>,
    result: Result<Solution<GoPlay>, String>,
    /// The value, when the search proved it but ran out of budget before a principal
    /// variation was found.
    proven: Option<i32>,
    /// Whether `proven` is alpha-beta's value alone: a line repeated and the retrograde
    /// check ran out of budget.
    unchecked: bool,
    seconds: f64,
}

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    check_budgets(args)?;
    let registry = Go::registry_for(&args.rules);
    let referees = select(&registry, &args.rules).map_err(anyhow::Error::msg)?;
    let starts = starts(args)?;
    let no_result = no_result_value(args.no_result)?;
    let jobs: Vec<Job> = referees
        .iter()
        .flat_map(|info| {
            starts.iter().map(move |(setup, prefix, board)| Job {
                info,
                setup: setup.clone(),
                prefix: prefix.clone(),
                board: board.clone(),
            })
        })
        .collect();
    let journal = match &args.out {
        Some(out) => Some(Journal::open(out, plan(args, &jobs), args.resume)?),
        None => None,
    };
    let bars = MultiProgress::new();
    // Deep games recurse deeply: give the workers room.
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(1 << 28)
        .build()
        .context("cannot start worker threads")?;
    let searches = shared(&jobs);
    let settled: Vec<Vec<(usize, Settled)>> = pool.install(|| {
        searches
            .par_iter()
            .map(|members| {
                solve_shared(
                    members,
                    &jobs,
                    args,
                    no_result.0 as i32,
                    &bars,
                    journal.as_ref(),
                )
            })
            .collect::<anyhow::Result<_>>()
    })?;
    if let Some(journal) = &journal {
        journal.flush()?;
    }
    let mut rows: Vec<(usize, Settled)> = settled.into_iter().flatten().collect();
    rows.sort_by_key(|(i, _)| *i);
    let rows: Vec<Settled> = rows.into_iter().map(|(_, row)| row).collect();
    // Saved before printing: a reader that stops early must not cost the results.
    if let Some(out) = &args.out {
        write(out, &rows, args.no_result)?;
    }
    match &args.out {
        Some(out) if rows.len() > MAX_PRINTED_ROWS => outln!(
            "{} rows written to {}",
            rows.len(),
            out.join("solutions.md").display()
        )?,
        _ => out!("{}", solve::markdown(&rows))?,
    }
    if let [row] = rows.as_slice() {
        if let Some(case) = &row.case {
            outln!("\n{case}")?;
        }
    }
    super::kee_space::values_table(args.out.as_deref(), &rows)?;
    let solved = rows.iter().all(|r| r.case.is_some());
    Ok(if solved {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Rows printed on the terminal when an `--out` folder holds them all.
const MAX_PRINTED_ROWS: usize = 400;

/// The jobs grouped by the search that answers for them: Kee combinations that rule alike
/// in a two-player game ([`super::kee_space::share_key`]) share one search per board. Each
/// group lists job indices, the one searched first.
fn shared(jobs: &[Job]) -> Vec<Vec<usize>> {
    let mut first: std::collections::HashMap<(String, String), usize> = Default::default();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (index, job) in jobs.iter().enumerate() {
        let key = (
            super::kee_space::share_key(&job.info.id, 2),
            job.board.clone(),
        );
        let at = *first.entry(key).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[at].push(index);
    }
    groups
}

/// The rows of one shared search's jobs (`members`): from the journal when an earlier run
/// settled them all, else searched once and settled for each member under its own id
/// (saved as they settle).
fn solve_shared(
    members: &[usize],
    jobs: &[Job],
    args: &Args,
    no_result: i32,
    bars: &MultiProgress,
    journal: Option<&Journal<Plan, Settled>>,
) -> anyhow::Result<Vec<(usize, Settled)>> {
    let done: Option<Vec<(usize, Settled)>> = members
        .iter()
        .map(|&i| journal.and_then(|j| j.settled(i)).map(|row| (i, row)))
        .collect();
    if let Some(done) = done {
        return Ok(done);
    }
    let searched = run(&jobs[members[0]], args, no_result, bars);
    members
        .iter()
        .map(|&i| {
            let member = Row {
                rule: jobs[i].info.id.clone(),
                ..searched.clone()
            };
            let row = settle(&member, args.no_result)?;
            if let (Some(journal), Some(out)) = (journal, &args.out) {
                write_case(out, &row)?;
                let tables = |rows: Vec<Settled>| write_tables(out, &rows, args.no_result);
                // A long search's row is saved at once: waiting for the next save due would
                // put it at the mercy of the searches that run meanwhile.
                if searched.seconds >= LONG_SEARCH_SECONDS {
                    journal.settle(i, row.clone(), tables)?;
                } else {
                    journal.settle_when_due(i, row.clone(), tables)?;
                }
            }
            Ok((i, row))
        })
        .collect()
}

/// Searches that take this long have their rows saved as soon as they settle.
const LONG_SEARCH_SECONDS: f64 = 1.0;

fn plan(args: &Args, jobs: &[Job]) -> Plan {
    Plan {
        jobs: jobs
            .iter()
            .map(|j| format!("{} {}", j.info.id, j.board))
            .collect(),
        no_result: args.no_result,
        table_mb: args.table_mb,
        symmetry: args.symmetry,
        symmetry_depth: args.symmetry_depth,
        alpha_beta: matches!(args.method, Driver::AlphaBeta),
        retrograde: matches!(args.method, Driver::Retrograde),
        max_nodes: args.max_nodes,
        max_seconds: args.max_seconds,
        graph_mb: args.graph_mb,
    }
}

/// A search's row as the tables show it.
fn settle(row: &Row, no_result: f64) -> anyhow::Result<Settled> {
    let (value, points, end, plies, nodes, case) = match &row.result {
        Ok(s) => (
            solution_value_text(s),
            HalfPoints(s.value as i64).to_string(),
            end_text(s, no_result),
            s.pv.len().to_string(),
            match s.graph_states {
                // Retrograde analysis alone searches no node: its size is the graph's.
                Some(states) if s.nodes == 0 => format!("{states} states"),
                _ => s.nodes.to_string(),
            },
            Some(case_text(row)?),
        ),
        Err(reason) => (
            unsolved_value_text(row),
            row.proven
                .map_or(String::new(), |v| HalfPoints(v as i64).to_string()),
            reason.clone(),
            String::new(),
            String::new(),
            None,
        ),
    };
    Ok(Settled {
        rule: row.rule.clone(),
        board: row.board.clone(),
        value,
        points,
        end,
        plies,
        nodes,
        seconds: row.seconds,
        case,
    })
}

/// Budgets that would stop every search at once, and a table larger than the machine can
/// hold (checked before it is allocated: each search running at once has its own).
fn check_budgets(args: &Args) -> anyhow::Result<()> {
    if args.max_seconds == Some(0) {
        bail!("--max-seconds 0: give at least one second");
    }
    if args.max_nodes == Some(0) {
        bail!("--max-nodes 0: a search needs at least one node");
    }
    if args.symmetry == 0 {
        bail!("--symmetry 0: give 1 to turn symmetry reduction off");
    }
    if args.graph_mb == 0 {
        bail!("--graph-mb 0: the retrograde check needs at least 1 MiB");
    }
    if args.table_mb == 0 {
        bail!("--table-mb 0: the table needs at least 1 MiB");
    }
    let at_once = rayon::current_num_threads() as u64;
    let wanted = (args.table_mb as u64).saturating_mul(1 << 20);
    if let Some(machine) = rulediff::util::memory::machine_bytes() {
        if wanted.saturating_mul(at_once) > machine / 2 {
            bail!(
                "--table-mb {}: {at_once} searches at once would take {} for their tables, more \
                 than half of the machine's {}",
                args.table_mb,
                rulediff::util::memory::mib(wanted.saturating_mul(at_once)),
                rulediff::util::memory::mib(machine)
            );
        }
    }
    Ok(())
}

/// Start positions: empty boards, or a case file's position.
fn starts(args: &Args) -> anyhow::Result<Vec<(GoSetup, Vec<GoPlay>, String)>> {
    if let Some(path) = &args.case {
        let AnyCase::Go(case) = families::load(path).map_err(|e| anyhow::anyhow!("{e}"))? else {
            bail!("{}: solve needs a Go case", path.display());
        };
        let board = format!(
            "{} (from {})",
            case.setup.graph.description(),
            path.display()
        );
        let mut setup = case.setup;
        setup
            .komi
            .get_or_insert_with(|| vec![HalfPoints(0); setup.players]);
        return Ok(vec![(setup, case.plays, board)]);
    }
    let Some(boards) = &args.board else {
        bail!("give --board (e.g. --board 2x2) or --case FILE");
    };
    boards
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|shape| {
            let graph = Graph::parse_shape(shape).with_context(|| format!("--board {shape}"))?;
            let mut setup = GoSetup::empty(graph, 2);
            setup.komi = Some(vec![HalfPoints(0); 2]);
            Ok((setup, Vec::new(), shape.to_string()))
        })
        .collect()
}

/// Why this ruleset on this board cannot be solved at all, before searching.
fn refusal(job: &Job) -> Option<String> {
    let points = job.setup.graph.len();
    if points > MAX_POINTS {
        return Some(format!(
            "board {} has {points} points; solve handles at most {MAX_POINTS}",
            job.board
        ));
    }
    if job.setup.players != 2 {
        return Some(format!(
            "solve needs a two-player game; this one has {} players",
            job.setup.players
        ));
    }
    let territory = presets()
        .iter()
        .any(|p| p.id == job.info.id && p.scoring == Scoring::Territory);
    (territory && !score_key(job)).then(|| {
        format!(
            "`{}` counts territory and prisoners, but its referee does not report its \
             prisoners as part of its state, so equal states could end with different scores",
            job.info.id
        )
    })
}

/// Whether the job's referee says what besides its state decides the score (prisoners
/// under territory scoring), so the solver can tell such states apart.
fn score_key(job: &Job) -> bool {
    let mut referee = (job.info.make)();
    referee.start(&job.setup).is_ok() && referee.score_key_into(&mut Vec::new())
}

/// Largest score difference a game on this board can end with, in half points. Area
/// counting gives at most every point; territory adds prisoners, which only the length of
/// the game bounds, so the bound is far above anything a board of at most [`MAX_POINTS`]
/// points reaches in a solvable search (and below the table's 16-bit bounds).
fn score_bound(job: &Job) -> i32 {
    if score_key(job) {
        TERRITORY_BOUND
    } else {
        2 * job.setup.graph.len() as i32
    }
}

const TERRITORY_BOUND: i32 = 8_000;

fn run(job: &Job, args: &Args, no_result: i32, bars: &MultiProgress) -> Row {
    let started = Instant::now();
    let mut row = Row {
        rule: job.info.id.clone(),
        board: job.board.clone(),
        setup: job.setup.clone(),
        prefix: job.prefix.clone(),
        result: Err(String::new()),
        proven: None,
        unchecked: false,
        seconds: 0.0,
    };
    if let Some(reason) = refusal(job) {
        row.result = Err(reason);
        return row;
    }
    let options = Options {
        no_result,
        score_bound: score_bound(job),
        table_bytes: args.table_mb.saturating_mul(1 << 20),
        symmetries: args.symmetry,
        symmetry_depth: args.symmetry_depth,
        max_nodes: args.max_nodes,
        // A budget past what the clock can hold is no deadline at all.
        deadline: args
            .max_seconds
            .and_then(|s| started.checked_add(Duration::from_secs(s))),
        method: match args.method {
            Driver::Mtdf => Method::MtdF,
            Driver::AlphaBeta => Method::AlphaBeta,
            Driver::Retrograde => Method::Retrograde,
        },
        max_graph_bytes: args.graph_mb.saturating_mul(1 << 20),
        ..Options::new(0)
    };
    let bar = bars.add(ProgressBar::new_spinner());
    if let Ok(style) = ProgressStyle::with_template("{spinner} {prefix} {elapsed} {msg}") {
        bar.set_style(style);
    }
    bar.set_prefix(format!("{} {}", job.info.id, job.board));
    let lines = super::progress::lines(&bar, None);
    let report = |p: &Progress| {
        let per_second = p.nodes as f64 / started.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!(
            "{} nodes ({:.0}/s), value in {}..={}, table {} states",
            p.nodes,
            per_second,
            HalfPoints(p.lower as i64),
            HalfPoints(p.upper as i64),
            p.table_used
        ));
        bar.tick();
    };
    let result = solve(job.info, &job.setup, &job.prefix, &options, &report);
    bar.finish_and_clear();
    lines.stop();
    match &result {
        Err(SolveError::Unfinished { lower, upper, .. }) => {
            row.proven = (lower == upper).then_some(*lower);
        }
        Err(SolveError::Unchecked { value, .. }) => {
            row.proven = Some(*value);
            row.unchecked = true;
        }
        _ => {}
    }
    row.result = result.map_err(|e: SolveError| e.to_string());
    row.seconds = started.elapsed().as_secs_f64();
    row
}

/// The value as Black sees it: `B+1`, `W+2`, `0`.
fn value_text(value: i32) -> String {
    match value {
        0 => "0".into(),
        v if v > 0 => format!("B+{}", HalfPoints(v as i64)),
        v => format!("W+{}", HalfPoints(-v as i64)),
    }
}

/// The value, with what kind of game without a score it is where best play ends in one
/// (no result, a draw by rule, an endless game): those are values of their own, counted as
/// `--no-result` says.
fn solution_value_text(solution: &Solution<GoPlay>) -> String {
    let value = value_text(solution.value);
    match &solution.end {
        End::Cycle { .. } => format!("endless ({value})"),
        End::Over {
            outcome: Outcome::Score { .. } | Outcome::Win { .. },
        } => value,
        End::Over { outcome } => format!("{} ({value})", outcome.summary()),
    }
}

/// The value column of a row that has no solution.
fn unsolved_value_text(row: &Row) -> String {
    match row.proven {
        Some(v) if row.unchecked => format!("{} (unchecked)", value_text(v)),
        Some(v) => format!("{} (proven; no principal variation)", value_text(v)),
        None => "not solved".into(),
    }
}

/// How the principal variation ends, in words.
fn end_text(solution: &Solution<GoPlay>, no_result: f64) -> String {
    match &solution.end {
        End::Over { outcome } if solution.pv.is_empty() => format!("{outcome} at once"),
        End::Over { outcome } => format!("{outcome} after {} plies", solution.pv.len()),
        End::Cycle { at } => format!(
            "endless: {} plies, then a cycle of {} forever (counted as {no_result})",
            at,
            solution.pv.len() - at
        ),
    }
}

/// The principal variation as a case: the start, the plays, and what the referee must rule.
fn case_text(row: &Row) -> anyhow::Result<String> {
    let Ok(solution) = &row.result else {
        bail!("no solution");
    };
    let text = |plays: &[GoPlay]| -> Vec<String> {
        plays.iter().map(|p| Go::play_text(&row.setup, p)).collect()
    };
    let mut moves = text(&row.prefix);
    let (expect, shown) = match &solution.end {
        End::Over { outcome } => {
            moves.extend(text(&solution.pv));
            (
                format!(
                    "{{ over = {}, result = {:?} }}",
                    moves.len(),
                    outcome.summary()
                ),
                "the game ends there".to_string(),
            )
        }
        End::Cycle { at } => {
            moves.extend(text(&solution.pv));
            moves.extend(text(&solution.pv[*at..]));
            (
                "{ ongoing = true }".to_string(),
                "the last part is a cycle that best play repeats forever; shown twice".to_string(),
            )
        }
    };
    let title = format!(
        "Best play under {} on {}: {}",
        row.rule,
        row.board,
        value_text(solution.value)
    );
    let comment = format!(
        "Found by `rulediff solve`: the exact value with komi 0 is {} (Black's score minus White's), and this principal variation realizes it; {shown}.",
        value_text(solution.value)
    );
    Ok(rulediff::case::CaseText {
        family: "go",
        title: &title,
        comment: &comment,
        rules: &row.rule,
        setup_keys: &Go::setup_keys(&row.setup),
        moves: &moves,
        expect: &[(row.rule.clone(), expect)],
    }
    .render())
}

fn write(out: &Path, rows: &[Settled], no_result: f64) -> anyhow::Result<()> {
    for row in rows {
        write_case(out, row)?;
    }
    write_tables(out, rows, no_result)
}

/// The principal variation's case file, when the row has one.
fn write_case(out: &Path, row: &Settled) -> anyhow::Result<()> {
    if let Some(case) = &row.case {
        let cases = out.join("solutions");
        std::fs::create_dir_all(&cases)
            .with_context(|| format!("cannot create {}", cases.display()))?;
        atomic::write(&cases.join(solve::case_name(row)), case.as_bytes())?;
    }
    Ok(())
}

fn write_tables(out: &Path, rows: &[Settled], no_result: f64) -> anyhow::Result<()> {
    atomic::write(&out.join("solutions.csv"), &solve::csv(rows)?)?;
    atomic::write(
        &out.join("solutions.md"),
        solve::document(rows, no_result).as_bytes(),
    )?;
    Ok(())
}

/// `--no-result` in half points: a multiple of 0.5 within what the solver's values hold.
fn no_result_value(points: f64) -> anyhow::Result<HalfPoints> {
    const BOUND: i64 = 1 << 14;
    match HalfPoints::from_f64(points) {
        Some(h) if h.0.abs() < BOUND => Ok(h),
        Some(_) => bail!(
            "--no-result {shown}: outside -{most}..={most} (the solver's values hold less than \
             {half} points either way)",
            shown = HalfPoints::shown(points),
            most = HalfPoints(BOUND - 1),
            half = BOUND / 2
        ),
        None => bail!(
            "--no-result {}: {}",
            HalfPoints::shown(points),
            HalfPoints::refusal(points)
        ),
    }
}
