//! Exact game values of two-player games by exhaustive search over referee states.
//!
//! The value is the final score difference (first seat minus second, in half points) under
//! best play by both sides, with komi as the setup gives it (under territory scoring the
//! prisoners count, so a state carries them: [`Referee::score_key_into`]); a game that ends without a score
//! (no result, a draw by a rule) or goes on for ever counts as [`Options::no_result`] for
//! both players, and the principal variation says which of these it was.
//!
//! The search is alpha–beta over the states referees report ([`Referee::state_key`]), up to
//! board symmetry ([`super::canon`]), with a bounded transposition table of value bounds
//! (`table.rs`), moves ordered best-known first and passes next (a pass ends the game or hands
//! the move over, and settles most lines fast), driven by MTD(f) null-window searches (or one
//! full-window search). States are exact summaries of the history (every earlier position
//! for superko), so a table entry holds for every history that reaches its state.
//!
//! Rulesets whose states can repeat (basic ko alone, no ko) need care: a state that comes back
//! on the current line counts as an endless game. A value found that way depends on the line
//! above it, so it is stored only when the only repeated state it met is its own (the standard
//! cure for the graph-history interaction problem); such values are then the true values of
//! the endless game. When a search met any repetition at all, the principal variation and a
//! second opinion on the value come from retrograde analysis of the whole reachable state
//! graph ([`retro`]), which handles cycles exactly.
//!
//! [`Referee::state_key`]: crate::referee::Referee::state_key
//! [`Referee::score_key_into`]: crate::referee::Referee::score_key_into

pub mod retro;
pub(crate) mod table;

use std::time::Instant;

use serde::Serialize;

use super::canon::{Node, SearchError, Symmetries};
use crate::family::Symmetric;
use crate::referee::{Fault, Outcome, RefereeInfo, Status};
use crate::util::fingerprint::FingerprintMap;
use table::{Bounds, Table, UNBOUNDED};

/// How to search.
#[derive(Clone, Debug)]
pub struct Options {
    /// What a game without a score is worth to the first seat, in half points (the second
    /// seat's worth is its negative): no result, a draw by rule, an endless game.
    pub no_result: i32,
    /// Largest score difference a game can end with, in half points (for Go with komi 0,
    /// twice the number of points).
    pub score_bound: i32,
    /// Transposition table size.
    pub table_bytes: usize,
    /// Board symmetries to use (1: none).
    pub symmetries: usize,
    /// Plies from the start within which states are merged with their mirror images
    /// (deeper, each state is its own).
    pub symmetry_depth: u32,
    /// Give up after this many nodes.
    pub max_nodes: Option<u64>,
    /// Give up at this time.
    pub deadline: Option<Instant>,
    /// Which search finds the value.
    pub method: Method,
    /// Reachable states retrograde analysis may build, when a line repeats (states are
    /// numbered by `u32`, and `max_graph_bytes` is what bounds it in practice).
    pub max_graph_states: usize,
    /// Bytes the retrograde analysis's graph may take, solving included.
    pub max_graph_bytes: usize,
}

impl Options {
    /// The defaults, with scores bounded by `score_bound` half points either way (a bound the
    /// value cannot pass, so searches know their window).
    pub fn new(score_bound: i32) -> Self {
        Options {
            no_result: 0,
            score_bound,
            table_bytes: 256 << 20,
            symmetries: 64,
            symmetry_depth: 10,
            max_nodes: None,
            deadline: None,
            method: Method::MtdF,
            max_graph_states: u32::MAX as usize - 1,
            max_graph_bytes: 1 << 30,
        }
    }
}

/// The search driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Null-window searches converging on the value (Plaat et al.'s MTD(f)).
    MtdF,
    /// One alpha–beta search with the window of all possible scores.
    AlphaBeta,
    /// No search: retrograde analysis of every reachable state at once. Exact where lines
    /// repeat (alpha-beta cannot keep what it learns under a line that met a repetition), if
    /// the graph fits `max_graph_bytes`.
    Retrograde,
}

/// How the principal variation ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum End {
    /// The game is over with this outcome.
    Over {
        /// How it ended.
        outcome: Outcome,
    },
    /// The plays from `at` on repeat for ever (they return to the same state).
    Cycle {
        /// Plies into the principal variation where the repeated part starts.
        at: usize,
    },
}

/// An exact game value with a game that realizes it.
#[derive(Clone, Debug, Serialize)]
pub struct Solution<P> {
    /// First seat's score minus the second's, in half points, under best play.
    pub value: i32,
    /// The principal variation: best play for both from the search's start.
    pub pv: Vec<P>,
    /// How the principal variation ends.
    pub end: End,
    /// Nodes the alpha–beta search visited (principal-variation searches included).
    pub nodes: u64,
    /// States in the transposition table at the end.
    pub table_used: usize,
    /// States of the retrograde analysis, when lines repeated.
    pub graph_states: Option<usize>,
}

/// Why there is no value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The search could not run or had to stop.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The game has more than two players (how many given).
    #[error("solve needs a two-player game; this one has {0} players")]
    Players(usize),
    /// A budget ran out before the bounds met.
    #[error("not solved: {reason}{}; the value is between {lower} and {upper} (half points)", searched(*.nodes))]
    Unfinished {
        /// Which budget ran out.
        reason: String,
        /// Nodes searched.
        nodes: u64,
        /// The value is at least this (half points).
        lower: i32,
        /// The value is at most this (half points).
        upper: i32,
    },
    /// The referee counts prisoners and lets games go on for ever, so the value may not
    /// exist.
    #[error("`{id}` counts prisoners and does not end every game: a cycle of captures could run up prisoners without end, so the value need not exist; solve counts prisoners only under rules where every game ends (a superko, or a repetition that ends the game)")]
    UnboundedScore {
        /// The referee.
        id: String,
    },
    /// The referee lists no legal play while saying the game goes on.
    #[error("referee `{id}` offers no play in a game it says is not over")]
    Stuck {
        /// The referee.
        id: String,
    },
    /// Alpha-beta found the value, but a line repeated and the retrograde analysis that
    /// checks it and gives the principal variation ran out of budget.
    #[error("alpha-beta gives {value} (half points) after {nodes} nodes; not checked, and no principal variation: {reason}")]
    Unchecked {
        /// Alpha-beta's value (half points).
        value: i32,
        /// Nodes searched.
        nodes: u64,
        /// Which budget the retrograde analysis ran out of.
        reason: String,
    },
    /// Playing again the plays that reached a state of the retrograde analysis, the referee
    /// refused one it had allowed: a bug.
    #[error("referee `{id}` refused, when its game was played again from the start, a play it had allowed the first time (a bug; please report it)")]
    Unreplayable {
        /// The referee.
        id: String,
    },
    /// The value was proven, but no play from a state of the line keeps it: a bug.
    #[error("the value {value} (half points) is proven, but after {plies} plies of its line no play keeps it (a bug; please report it)")]
    NoLine {
        /// The proven value (half points).
        value: i32,
        /// Plies of the line before the state without such a play.
        plies: usize,
    },
    /// Alpha-beta and retrograde analysis found different values: a bug.
    #[error("the searches disagree: alpha-beta says {search}, retrograde analysis says {graph} (a bug; please report it)")]
    Inconsistent {
        /// Alpha-beta's value (half points).
        search: i32,
        /// Retrograde analysis's value (half points).
        graph: i32,
    },
}

/// " after N nodes", or nothing where no search ran (retrograde analysis alone).
fn searched(nodes: u64) -> String {
    if nodes == 0 {
        String::new()
    } else {
        format!(" after {nodes} nodes")
    }
}

/// What a long search reports now and then.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// The value is at least this (half points).
    pub lower: i32,
    /// The value is at most this (half points).
    pub upper: i32,
    /// States in the transposition table.
    pub table_used: usize,
}

/// A progress callback.
pub type Report<'a> = &'a (dyn Fn(&Progress) + Sync);

/// Solves the two-player game from `setup`, after the plays `prefix`, under `info`.
pub fn solve<F: Symmetric>(
    info: &RefereeInfo<F>,
    setup: &F::Setup,
    prefix: &[F::Play],
    options: &Options,
    report: Report,
) -> Result<Solution<F::Play>, SolveError> {
    let symmetries = Symmetries::new(setup, options.symmetries)
        .with_prefix(prefix.to_vec())
        .with_scores();
    let mut root = symmetries.start(info)?;
    if !info.claims_finite && root.referee().score_key_into(&mut Vec::new()) {
        return Err(SolveError::UnboundedScore {
            id: info.id.clone(),
        });
    }
    let players = (1..=64)
        .find(|&p| F::seat_to_move(setup, p) == F::seat_to_move(setup, 0))
        .unwrap_or(0);
    if players != 2 {
        return Err(SolveError::Players(players));
    }
    if options.method == Method::Retrograde {
        return by_graph(info, &symmetries, options);
    }
    let (print, _) = root.canonical()?;
    let mut searcher = Searcher {
        symmetries: &symmetries,
        table: Table::with_bytes(options.table_bytes),
        path: FingerprintMap::default(),
        nodes: 0,
        options,
        report,
        repetitions: 0,
        history: Default::default(),
        pass: F::parse_play(setup, "pass").ok(),
        lower: -bound(options),
        upper: bound(options),
    };
    let value = searcher.drive(&mut root, print)?;
    if searcher.repetitions == 0 {
        let line = searcher.principal_variation(info, value);
        // Unless the line's tests met a repetition (their answers would then depend on the
        // line above them), the line stands; else retrograde analysis finds it.
        if searcher.repetitions == 0 {
            let (pv, end) = line?;
            return Ok(Solution {
                value,
                pv,
                end,
                nodes: searcher.nodes,
                table_used: searcher.table.used(),
                graph_states: None,
            });
        }
    }
    let graph = match retro::Graph::build(info, &symmetries, options) {
        Err(SolveError::Unfinished { reason, .. }) => {
            let nodes = searcher.nodes;
            return Err(SolveError::Unchecked {
                value,
                nodes,
                reason,
            });
        }
        graph => graph?,
    };
    if graph.value() != value {
        return Err(SolveError::Inconsistent {
            search: value,
            graph: graph.value(),
        });
    }
    let (pv, end) = graph.principal_variation(info, &symmetries)?;
    Ok(Solution {
        value,
        pv,
        end,
        nodes: searcher.nodes,
        table_used: searcher.table.used(),
        graph_states: Some(graph.len()),
    })
}

/// The value and a principal variation by retrograde analysis alone.
fn by_graph<F: Symmetric>(
    info: &RefereeInfo<F>,
    symmetries: &Symmetries<F>,
    options: &Options,
) -> Result<Solution<F::Play>, SolveError> {
    let graph = retro::Graph::build(info, symmetries, options)?;
    let (pv, end) = graph.principal_variation(info, symmetries)?;
    Ok(Solution {
        value: graph.value(),
        pv,
        end,
        nodes: 0,
        table_used: 0,
        graph_states: Some(graph.len()),
    })
}

/// No value lies outside `-bound..=bound`; a win by rule (never a Go outcome) is worth
/// the bound.
fn bound(options: &Options) -> i32 {
    options.score_bound.max(options.no_result.abs())
}

/// An outcome as the first seat's score minus the second's.
pub fn outcome_value(outcome: &Outcome, first_seat: &str, options: &Options) -> i32 {
    match outcome {
        Outcome::Score { points, .. } if points.len() == 2 => {
            let diff = points[0].1 .0 - points[1].1 .0;
            diff.clamp(-(bound(options) as i64), bound(options) as i64) as i32
        }
        Outcome::Win { winner, .. } if winner == first_seat => bound(options),
        Outcome::Win { .. } => -bound(options),
        Outcome::Score { .. } | Outcome::Draw { .. } | Outcome::NoResult { .. } => {
            options.no_result
        }
    }
}

/// The seat to move in `node`, `plies` plays after the start of the search.
fn mover<F: Symmetric>(node: &mut Node<F>, symmetries: &Symmetries<F>, plies: usize) -> usize {
    node.referee()
        .seat_to_move()
        .unwrap_or_else(|| F::seat_to_move(symmetries.setup(), symmetries.prefix().len() + plies))
}

/// No state of the line above was met again.
const FREE: u32 = u32::MAX;

/// The first depth limit of the iterative deepening (plies below the root).
const FIRST_LIMIT: u32 = 8;

/// The answer of a null-window test "is the value at least β?", with the proven bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// Yes: the value is at least this (which is at least β).
    Yes(i32),
    /// No: the value is at most this (which is below β).
    No(i32),
    /// A line reached the depth limit before the question was settled; the answer looks
    /// like yes (`true`) or no by the estimates at the limit.
    Unknown(bool),
}

impl Answer {
    fn of(value: i32, beta: i32) -> Self {
        if value >= beta {
            Answer::Yes(value)
        } else {
            Answer::No(value)
        }
    }
}

enum Stop {
    Budget(String),
    Error(SolveError),
}

impl From<SearchError> for Stop {
    fn from(e: SearchError) -> Self {
        Stop::Error(e.into())
    }
}

/// A child state, ready to search.
struct Kid<F: Symmetric> {
    /// Its play's index in the referee's list of legal plays.
    index: usize,
    play: F::Play,
    node: Node<F>,
    print: u128,
    terminal: Option<i32>,
    /// What is known of its value already.
    lower: i32,
    upper: i32,
}

struct Searcher<'a, F: Symmetric> {
    symmetries: &'a Symmetries<F>,
    table: Table,
    /// States on the current line, by canonical fingerprint, with their depth.
    path: FingerprintMap<u32>,
    nodes: u64,
    options: &'a Options,
    report: Report<'a>,
    /// Lines that met a repeated state.
    repetitions: u64,
    /// The family's pass, if it has one.
    pass: Option<F::Play>,
    /// Cutoffs each play caused, per side (the history heuristic).
    history: std::collections::HashMap<(bool, F::Play), u64>,
    /// What the driver has proved so far.
    lower: i32,
    upper: i32,
}

impl<F: Symmetric> Searcher<'_, F> {
    /// The root value, by the chosen driver.
    fn drive(&mut self, root: &mut Node<F>, print: u128) -> Result<i32, SolveError> {
        let result = match self.options.method {
            Method::AlphaBeta => self
                .value(root, print, 0, self.lower - 1, self.upper + 1)
                .map(|(v, _)| v),
            Method::MtdF => self.mtdf(root, print),
            Method::Retrograde => unreachable!("retrograde analysis needs no search"),
        };
        result.map_err(|stop| self.stop_error(stop))
    }

    /// MTD(f) over depth-limited null-window tests, with iterative deepening. Each test
    /// settles "is the value at least β?" for good, or, when lines reach the depth limit
    /// first, gives the likely answer by the estimates there. At each limit the tests
    /// converge on the likely value (between the bounds proven so far); then the limit grows
    /// and the tests start from that value. Short proofs come before long ones, so the search
    /// does not sink into the endless-looking lines superko allows (passes between stone
    /// plays), and the likely value is usually the true one long before it is proven.
    fn mtdf(&mut self, root: &mut Node<F>, print: u128) -> Result<i32, Stop> {
        let mut guess = 0;
        let mut limit = FIRST_LIMIT;
        while self.lower < self.upper {
            let (mut low, mut high) = (self.lower, self.upper);
            while low < high {
                let beta = if guess <= low {
                    low + 1
                } else {
                    guess.min(high)
                };
                let got = self.test(root, print, 0, beta, limit)?.0;
                match got {
                    Answer::Yes(v) => {
                        self.lower = self.lower.max(v);
                        low = low.max(v);
                        guess = v + 1;
                    }
                    Answer::No(v) => {
                        self.upper = self.upper.min(v);
                        high = high.min(v);
                        guess = v;
                    }
                    Answer::Unknown(true) => {
                        low = beta;
                        guess = beta + 1;
                    }
                    Answer::Unknown(false) => {
                        high = beta - 1;
                        guess = beta - 1;
                    }
                }
                self.tell();
            }
            guess = low;
            limit += 2;
        }
        Ok(self.lower)
    }

    fn tell(&self) {
        (self.report)(&Progress {
            nodes: self.nodes,
            lower: self.lower,
            upper: self.upper,
            table_used: self.table.used(),
        });
    }

    fn check_budget(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        // A node costs tens of microseconds on a loaded machine, so 65,536 of them between
        // looks at the clock overran a 2 s budget by a quarter; 1,024 cost one clock read
        // per tens of milliseconds.
        if !self.nodes.is_multiple_of(1_024) {
            return Ok(());
        }
        if self.options.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Stop::Budget("time budget ran out".into()));
        }
        if !self.nodes.is_multiple_of(65_536) {
            return Ok(());
        }
        self.tell();
        if self.options.max_nodes.is_some_and(|m| self.nodes >= m) {
            return Err(Stop::Budget("node budget ran out".into()));
        }
        Ok(())
    }

    fn fault(&self, node: &mut Node<F>, fault: Fault) -> Stop {
        Stop::Error(SolveError::Search(SearchError::Fault {
            id: node.referee().id().to_string(),
            fault,
        }))
    }

    /// Fail-soft alpha–beta from the first seat's view: the value if it lies strictly inside
    /// `alpha..beta`, else a bound on the far side. Also returns the shallowest depth of a
    /// state on the line above that the search met again ([`FREE`] if none).
    fn value(
        &mut self,
        node: &mut Node<F>,
        print: u128,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<(i32, u32), Stop> {
        self.check_budget()?;
        if let Some(v) = self.terminal(node)? {
            return Ok((v, FREE));
        }
        if let Some(&at) = self.path.get(&print) {
            self.repetitions += 1;
            return Ok((self.options.no_result, at));
        }
        let bound = bound(self.options);
        let hit = self.table.get(print);
        let (lower, upper) = hit.map_or((-bound, bound), |h| {
            (h.lower.max(-bound), h.upper.min(bound))
        });
        if lower >= beta || lower == upper {
            return Ok((lower, FREE));
        }
        if upper <= alpha {
            return Ok((upper, FREE));
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);
        let (alpha0, beta0) = (alpha, beta);
        let maximizing = mover(node, self.symmetries, depth as usize) == 0;
        let mut kids = self.children(node, depth, maximizing, hit.and_then(|h| h.best))?;
        // Enhanced transposition cutoff: a child already known good enough settles it.
        if let Some(kid) = kids.iter().find(|k| {
            if maximizing {
                k.lower >= beta
            } else {
                k.upper <= alpha
            }
        }) {
            let v = if maximizing { kid.lower } else { kid.upper };
            return Ok((v, FREE));
        }
        self.path.insert(print, depth);
        let start = self.nodes;
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        let (mut best_at, mut met) = (kids[0].index, FREE);
        for kid in &mut kids {
            let (v, d) = match kid.terminal {
                Some(v) => (v, FREE),
                None => self.value(&mut kid.node, kid.print, depth + 1, alpha, beta)?,
            };
            met = met.min(d);
            if (maximizing && v > best) || (!maximizing && v < best) {
                best = v;
                best_at = kid.index;
            }
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                *self
                    .history
                    .entry((maximizing, kid.play.clone()))
                    .or_insert(0) += 1 + (self.nodes - start).ilog2() as u64;
                break;
            }
        }
        self.path.remove(&print);
        if met < depth {
            return Ok((best, met));
        }
        let bounds = Bounds {
            lower: if best > alpha0 { best } else { -bound },
            upper: if best < beta0 { best } else { bound },
            best: Some(best_at),
        };
        self.table.put(print, bounds, self.nodes - start);
        Ok((best, FREE))
    }

    /// Is the value at least `beta`? Lines end at `limit` plies below the root with an
    /// unknown answer; a known answer holds whatever the limit (it rests on finished games,
    /// repetitions and table bounds only). Also returns the shallowest depth of a state on
    /// the line above that the search met again ([`FREE`] if none).
    fn test(
        &mut self,
        node: &mut Node<F>,
        print: u128,
        depth: u32,
        beta: i32,
        limit: u32,
    ) -> Result<(Answer, u32), Stop> {
        self.check_budget()?;
        if let Some(v) = self.terminal(node)? {
            return Ok((Answer::of(v, beta), FREE));
        }
        if let Some(&at) = self.path.get(&print) {
            self.repetitions += 1;
            return Ok((Answer::of(self.options.no_result, beta), at));
        }
        let bound = bound(self.options);
        let hit = self.table.get(print);
        let (lower, upper) = hit.map_or((-bound, bound), |h| {
            (h.lower.max(-bound), h.upper.min(bound))
        });
        if lower >= beta {
            return Ok((Answer::Yes(lower), FREE));
        }
        if upper < beta {
            return Ok((Answer::No(upper), FREE));
        }
        if depth >= limit {
            let guess = self.estimate(node)?.clamp(lower, upper);
            return Ok((Answer::Unknown(guess >= beta), FREE));
        }
        let maximizing = mover(node, self.symmetries, depth as usize) == 0;
        let mut kids = self.children(node, depth, maximizing, hit.and_then(|h| h.best))?;
        // Enhanced transposition cutoff: a child already known good enough settles it.
        let settled = kids.iter().find_map(|k| {
            match (
                maximizing,
                Answer::of(k.lower, beta),
                Answer::of(k.upper, beta),
            ) {
                (true, Answer::Yes(v), _) => Some((Answer::Yes(v), k.index)),
                (false, _, Answer::No(v)) => Some((Answer::No(v), k.index)),
                _ => None,
            }
        });
        if let Some((answer, index)) = settled {
            let (lower, upper) = match answer {
                Answer::Yes(v) => (v, bound),
                Answer::No(v) => (-bound, v),
                Answer::Unknown(_) => unreachable!("only proven children settle a node"),
            };
            let best = Some(index);
            self.table.put(print, Bounds { lower, upper, best }, 1);
            return Ok((answer, FREE));
        }
        self.path.insert(print, depth);
        let start = self.nodes;
        // The proven bound on the side the node fails to (if it does), and whether a child
        // was left unknown (looking like a failure for the mover).
        let mut fail = if maximizing { -bound } else { bound };
        let (mut unknown, mut met) = (false, FREE);
        let mut answer = None;
        let mut best_at = kids[0].index;
        for kid in &mut kids {
            let (a, d) = match kid.terminal {
                Some(v) => (Answer::of(v, beta), FREE),
                None => self.test(&mut kid.node, kid.print, depth + 1, beta, limit)?,
            };
            met = met.min(d);
            // A proven answer for the mover settles the node; so, provisionally, does a
            // likely one (the next, deeper iteration checks it).
            let cut = match (maximizing, a) {
                (true, Answer::Yes(_)) | (false, Answer::No(_)) => true,
                (true, Answer::Unknown(yes)) | (false, Answer::Unknown(yes)) => {
                    if !unknown {
                        best_at = kid.index;
                    }
                    unknown = true;
                    yes == maximizing
                }
                (true, Answer::No(v)) => {
                    fail = fail.max(v);
                    false
                }
                (false, Answer::Yes(v)) => {
                    fail = fail.min(v);
                    false
                }
            };
            if cut {
                *self
                    .history
                    .entry((maximizing, kid.play.clone()))
                    .or_insert(0) += 1 + (self.nodes - start).max(1).ilog2() as u64;
                best_at = kid.index;
                answer = Some(a);
                break;
            }
        }
        self.path.remove(&print);
        let answer = match answer {
            Some(a) => a,
            None if unknown => Answer::Unknown(!maximizing),
            None => Answer::of(fail, beta),
        };
        if met < depth {
            return Ok((answer, met));
        }
        let (lower, upper) = match answer {
            Answer::Yes(v) => (v, bound),
            Answer::No(v) => (-bound, v),
            Answer::Unknown(_) => (-UNBOUNDED, UNBOUNDED),
        };
        let best = Some(best_at);
        self.table
            .put(print, Bounds { lower, upper, best }, self.nodes - start);
        Ok((answer, FREE))
    }

    /// A guess at the value where a line stops at the depth limit: the count if every
    /// player passed now (for Go, the area as it stands).
    fn estimate(&mut self, node: &mut Node<F>) -> Result<i32, Stop> {
        let Some(pass) = self.pass.clone() else {
            return Ok(self.options.no_result);
        };
        let referee = node.referee();
        let mut ended = referee.fork().ok_or_else(|| {
            Stop::Error(SolveError::Search(SearchError::Unsupported(
                referee.id().to_string(),
            )))
        })?;
        for _ in 0..8 {
            match ended.status() {
                Ok(Status::Over { outcome }) => {
                    let first = F::seat_name(self.symmetries.setup(), 0);
                    return Ok(outcome_value(&outcome, &first, self.options));
                }
                Ok(Status::Ongoing) if ended.play(&pass).is_ok_and(|v| v.is_legal()) => {}
                _ => break,
            }
        }
        Ok(self.options.no_result)
    }

    /// The value of a finished game, or `None` while it goes on.
    fn terminal(&self, node: &mut Node<F>) -> Result<Option<i32>, Stop> {
        let status = node.referee().status().map_err(|f| self.fault(node, f))?;
        Ok(match status {
            Status::Over { outcome } => {
                let first = F::seat_name(self.symmetries.setup(), 0);
                Some(outcome_value(&outcome, &first, self.options))
            }
            Status::Ongoing => None,
        })
    }

    /// Every legal play's state, in search order: the table's best play first, then
    /// children already known to be good for the mover (finished games, table bounds), then
    /// plays that caused cutoffs before (the history heuristic), passes before stones.
    fn children(
        &mut self,
        node: &mut Node<F>,
        depth: u32,
        maximizing: bool,
        best: Option<usize>,
    ) -> Result<Vec<Kid<F>>, Stop> {
        // Mirror images cost a referee each; they pay off near the root, where most
        // transpositions between mirror lines happen.
        let images = if depth < self.options.symmetry_depth {
            usize::MAX
        } else {
            1
        };
        let plays = node
            .referee()
            .legal_plays()
            .map_err(|f| self.fault(node, f))?;
        if plays.is_empty() {
            let id = node.referee().id().to_string();
            return Err(Stop::Error(SolveError::Stuck { id }));
        }
        let bound = bound(self.options);
        let pass = F::parse_play(self.symmetries.setup(), "pass").ok();
        let mut kids = Vec::with_capacity(plays.len());
        for (index, play) in plays.into_iter().enumerate() {
            let Some(mut child) = self.symmetries.play_keeping(node, &play, images)? else {
                continue;
            };
            let terminal = self.terminal(&mut child)?;
            let (print, _) = child.canonical()?;
            let (lower, upper) = match (terminal, self.table.get(print)) {
                (Some(v), _) => (v, v),
                (None, Some(h)) => (h.lower.max(-bound), h.upper.min(bound)),
                (None, None) => (-bound, bound),
            };
            let heuristic = self
                .history
                .get(&(maximizing, play.clone()))
                .copied()
                .unwrap_or(0);
            let rank = (
                if maximizing { -lower } else { upper },
                Some(index) != best,
                if maximizing { -upper } else { lower },
                std::cmp::Reverse(heuristic),
                Some(&play) != pass.as_ref(),
            );
            kids.push((
                rank,
                Kid {
                    index,
                    play,
                    node: child,
                    print,
                    terminal,
                    lower,
                    upper,
                },
            ));
        }
        kids.sort_by_key(|a| a.0);
        Ok(kids.into_iter().map(|(_, kid)| kid).collect())
    }

    /// Follows plays that keep the value, from the start to the end of the game (in a game
    /// without repetitions every state's search value is its true value, so this ends).
    ///
    /// The search that proved the value left its proofs in the table, so most steps only
    /// look up their children. One place needs care: from `symmetry_depth` on, the search
    /// keys a state's children by their own states, in whichever orientation it reached the
    /// state in, so the line carries every mirror image of its state, looks for the image
    /// whose children the table settles, and plays that image's play mapped back.
    fn principal_variation(
        &mut self,
        info: &RefereeInfo<F>,
        value: i32,
    ) -> Result<(Vec<F::Play>, End), SolveError> {
        let symmetries = self.symmetries;
        let first = F::seat_name(symmetries.setup(), 0);
        let mut node = symmetries.start(info)?;
        let mut pv = Vec::new();
        loop {
            let status = node
                .referee()
                .status()
                .map_err(|fault| fault_error(&mut node, fault))?;
            if let Status::Over { outcome } = status {
                debug_assert_eq!(outcome_value(&outcome, &first, self.options), value);
                return Ok((pv, End::Over { outcome }));
            }
            let maximizing = mover(&mut node, symmetries, pv.len()) == 0;
            let depth = pv.len() as u32;
            if node.images() > 1 && depth >= self.options.symmetry_depth {
                let (image, mut facing) = match self.orientation(&node, depth, maximizing, value)? {
                    Some(found) => found,
                    None => (0, node.facing(0)?),
                };
                let kids = self
                    .children(&mut facing, depth, maximizing, None)
                    .map_err(|stop| self.stop_error(stop))?;
                let kid = self.keeping(kids, depth, maximizing, value)?;
                let play = F::map_play(&F::inverse(&symmetries.maps()[image]), &kid.play);
                node = symmetries.play(&node, &play)?.ok_or_else(|| {
                    SolveError::Search(SearchError::Asymmetric {
                        id: info.id.clone(),
                        play: F::play_text(symmetries.setup(), &play),
                    })
                })?;
                pv.push(play);
                continue;
            }
            let (print, _) = node.canonical()?;
            let best = self.table.get(print).and_then(|h| h.best);
            let kids = self
                .children(&mut node, depth, maximizing, best)
                .map_err(|stop| self.stop_error(stop))?;
            let kid = self.keeping(kids, depth, maximizing, value)?;
            pv.push(kid.play);
            node = kid.node;
        }
    }

    /// The image of `node` (its index and the image as a node of its own) in which the table
    /// already shows a child keeping `value`, if any.
    fn orientation(
        &mut self,
        node: &Node<F>,
        depth: u32,
        maximizing: bool,
        value: i32,
    ) -> Result<Option<(usize, Node<F>)>, SolveError> {
        for image in 0..node.images() {
            let mut facing = node.facing(image)?;
            let kids = self
                .children(&mut facing, depth, maximizing, None)
                .map_err(|stop| self.stop_error(stop))?;
            let known = kids.iter().any(|k| {
                if maximizing {
                    k.lower >= value
                } else {
                    k.upper <= value
                }
            });
            if known {
                return Ok(Some((image, facing)));
            }
        }
        Ok(None)
    }

    /// A child proven to keep `value`: at least `value` for the first seat's move, at most
    /// `value` for the second's; the first, in search order (which puts the children the
    /// table settles first), that a test proves at the shallowest depth limit. Children the
    /// table does not settle are tested together by iterative deepening, as the root is, so
    /// no child's proof runs deep while another's would be short.
    fn keeping(
        &mut self,
        mut kids: Vec<Kid<F>>,
        depth: u32,
        maximizing: bool,
        value: i32,
    ) -> Result<Kid<F>, SolveError> {
        let beta = if maximizing { value } else { value + 1 };
        let mut limit = depth + 1 + FIRST_LIMIT;
        while !kids.is_empty() {
            let mut i = 0;
            while i < kids.len() {
                let kid = &mut kids[i];
                let answer = match kid.terminal {
                    Some(v) => Answer::of(v, beta),
                    None => {
                        self.test(&mut kid.node, kid.print, depth + 1, beta, limit)
                            .map_err(|stop| self.stop_error(stop))?
                            .0
                    }
                };
                match (maximizing, answer) {
                    (true, Answer::Yes(_)) | (false, Answer::No(_)) => return Ok(kids.remove(i)),
                    (true, Answer::No(_)) | (false, Answer::Yes(_)) => {
                        kids.remove(i);
                    }
                    (_, Answer::Unknown(_)) => i += 1,
                }
            }
            limit += 2;
        }
        // Every child was proven to lose the value the search proved.
        Err(SolveError::NoLine {
            value,
            plies: depth as usize,
        })
    }

    fn stop_error(&self, stop: Stop) -> SolveError {
        match stop {
            Stop::Error(e) => e,
            Stop::Budget(reason) => SolveError::Unfinished {
                reason,
                nodes: self.nodes,
                lower: self.lower,
                upper: self.upper,
            },
        }
    }
}

fn fault_error<F: Symmetric>(node: &mut Node<F>, fault: Fault) -> SolveError {
    SolveError::Search(SearchError::Fault {
        id: node.referee().id().to_string(),
        fault,
    })
}
