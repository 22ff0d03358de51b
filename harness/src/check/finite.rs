//! Exhaustive search for endless games: every play sequence from the start, over the states
//! referees report with [`Referee::state_key`] (a summary of the history that decides every
//! future ruling, so equal keys mean equal futures), taken up to board symmetry (see
//! [`super::canon`]). A game can go on forever exactly when the graph of reachable states has
//! a cycle; otherwise the longest path is the longest game.
//!
//! Why the keys are exact, rule by rule (see each `KoRule::key`): every rule's legality
//! depends on the board, the seat to move and the pass streak (the end by passes), plus for
//! simple ko the position it bans, for positional/situational/natural superko the set of
//! positions (or situations, or creator-tagged positions) seen, for ChSK the last two plays'
//! hashes and captures, and for the cycle rules whether a repetition happened. Positions are
//! compared by 64-bit Zobrist hash; on the boards searched here every legal position has its
//! own hash (`tests/solve.rs` checks that for every board up to 3×3), so the keys are exact;
//! the search stores 128-bit fingerprints of them (see [`crate::util::fingerprint`] for the
//! odds of a false merge).
//!
//! Symmetry changes neither verdict nor longest game: states with the same canonical key have
//! futures of the same shape, so the quotient graph has a cycle exactly when the real one
//! does, and the same longest path. A lasso found in the quotient is unfolded into a real one.
//!
//! [`Referee::state_key`]: crate::referee::Referee::state_key

use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::canon::{cycle_map, unfold, Node, SearchError, Symmetries};
use crate::family::Symmetric;
use crate::referee::{RefereeInfo, Status};
use crate::util::fingerprint::FingerprintMap;
use crate::util::reclaim;

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Finiteness {
    /// Every game ends; the longest takes `longest` plies.
    Finite {
        /// Plies in the longest game.
        longest: usize,
        /// Distinct states visited (after symmetry reduction).
        states: usize,
    },
    /// A game that never ends: `prefix`, then `cycle` forever (plays in the family notation).
    Infinite {
        /// Plays from the start to the first state of the cycle.
        prefix: Vec<String>,
        /// Plays that lead from that state back to it.
        cycle: Vec<String>,
        /// Distinct states visited before the cycle was found.
        states: usize,
    },
    /// A budget ran out first (`reason`: which one). When it was the depth budget, `line`
    /// is the game on the search path then: that many plays, and the game still going.
    Unknown {
        /// Distinct states visited.
        states: usize,
        /// Plies on the deepest search path reached.
        depth: usize,
        /// Which budget ran out, and the referee's note on searching it, if any.
        reason: String,
        /// The game on the search path when the depth budget ran out (empty otherwise).
        line: Vec<String>,
    },
    /// Every game ends by the ruleset's termination argument; the search for the longest
    /// game ran out of budget.
    FiniteByArgument {
        /// The ruleset's argument that every game ends, as its registry entry states it.
        argument: String,
        /// Which budget ended the search for the longest game.
        reason: String,
        /// Distinct states visited.
        states: usize,
        /// Plies on the deepest search path reached.
        depth: usize,
    },
    /// The referee cannot be searched (no fork or no state key), or failed.
    Unsupported {
        /// Why not, or the referee's fault.
        reason: String,
    },
}

/// When to give up.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Distinct states to visit.
    pub max_states: usize,
    /// Wall-clock limit, checked every `CHECK_EVERY` steps of the search (a step costs
    /// from a microsecond to a few milliseconds on a big board), so it holds within
    /// milliseconds. The search stops early by the time the system will take to reclaim its
    /// memory at exit, and frees its tables off the clock ([`reclaim`]).
    pub deadline: Option<Instant>,
    /// Resident memory of the whole process (in bytes) above which the search stops: the
    /// searches of one command share it.
    pub max_memory: Option<u64>,
    /// Symmetries to use (1: none).
    pub symmetries: usize,
    /// Plies deep the search path may go. Where a referee's copy holds the whole game (a
    /// chess line), a deep path costs memory quadratic in its depth.
    pub max_depth: Option<usize>,
}

impl Budget {
    /// A budget of `max_states` distinct states, with no time, memory or depth limit and every
    /// symmetry the board has.
    pub fn states(max_states: usize) -> Self {
        Budget {
            max_states,
            deadline: None,
            max_memory: None,
            symmetries: usize::MAX,
            max_depth: None,
        }
    }

    /// The same budget, using at most `symmetries` board symmetries (1: none).
    pub fn with_symmetries(mut self, symmetries: usize) -> Self {
        self.symmetries = symmetries;
        self
    }
}

/// One state on the search path.
struct Frame<F: Symmetric> {
    id: usize,
    node: Node<F>,
    /// Which symmetry takes this state to its canonical key.
    map: usize,
    plays: Vec<F::Play>,
    next: usize,
    longest: usize,
    /// The play that led here from the frame below.
    via: Option<F::Play>,
}

const ON_PATH: usize = usize::MAX;

/// Steps of the search between looks at the clock.
const CHECK_EVERY: u64 = 16;

/// Time between looks at memory (a read of `/proc`, tens of microseconds).
const MEMORY_EVERY: std::time::Duration = std::time::Duration::from_millis(10);

/// Searches every game from `setup` under `info`.
pub fn search<F: Symmetric>(info: &RefereeInfo<F>, setup: &F::Setup, budget: Budget) -> Finiteness {
    match run(info, setup, budget) {
        Ok(result) => result,
        Err(error) => Finiteness::Unsupported {
            reason: error.to_string(),
        },
    }
}

/// What a search builds, freed by [`reclaim::drop_later`] so that a search stopped by its
/// time budget returns at once rather than after freeing a deep path one referee at a time.
struct Tables<F: Symmetric> {
    /// Per state: its number.
    index: FingerprintMap<usize>,
    /// Per state number: ON_PATH while on the search path, else the longest game from it.
    longest: Vec<usize>,
    path: Vec<Frame<F>>,
}

fn run<F: Symmetric>(
    info: &RefereeInfo<F>,
    setup: &F::Setup,
    budget: Budget,
) -> Result<Finiteness, SearchError> {
    let symmetries = Symmetries::new(setup, budget.symmetries);
    let mut tables = Tables {
        index: FingerprintMap::default(),
        longest: Vec::new(),
        path: Vec::new(),
    };
    let result = explore(info, &symmetries, budget, &mut tables);
    reclaim::drop_later(tables);
    result
}

fn explore<F: Symmetric>(
    info: &RefereeInfo<F>,
    symmetries: &Symmetries<F>,
    budget: Budget,
    tables: &mut Tables<F>,
) -> Result<Finiteness, SearchError> {
    let Tables {
        index,
        longest,
        path,
    } = tables;
    let root = symmetries.start(info)?;
    let (key, map) = root.canonical()?;
    index.insert(key, 0);
    longest.push(ON_PATH);
    path.push(frame(root, 0, map, None)?);
    let mut depth = 0;
    let mut steps: u64 = 0;
    let mut watch = Watch::new();
    loop {
        depth = depth.max(path.len());
        steps += 1;
        if steps.is_multiple_of(CHECK_EVERY) {
            if let Some(reason) = watch.exceeded(&budget) {
                return Ok(unknown(info, index.len(), depth, reason, Vec::new()));
            }
        }
        let Some(top) = path.last_mut() else { break };
        if top.next == top.plays.len() {
            let done = path.pop().expect("non-empty path");
            longest[done.id] = done.longest;
            if let Some(below) = path.last_mut() {
                below.longest = below.longest.max(done.longest + 1);
            }
            continue;
        }
        let play = top.plays[top.next].clone();
        top.next += 1;
        let Some(mut child) = symmetries.play(&top.node, &play)? else {
            continue;
        };
        if child
            .referee()
            .status()
            .map_or(true, |s| s != Status::Ongoing)
        {
            top.longest = top.longest.max(1);
            continue;
        }
        let (key, map) = child.canonical()?;
        match index.get(&key).copied() {
            Some(id) if longest[id] == ON_PATH => {
                return Ok(lasso(symmetries, path, id, &play, map, index.len()))
            }
            Some(id) => top.longest = top.longest.max(longest[id] + 1),
            None => {
                if let Some(reason) = exhausted(&budget, index.len()) {
                    return Ok(unknown(info, index.len(), depth, reason, Vec::new()));
                }
                if let Some(max) = budget.max_depth.filter(|&max| path.len() >= max) {
                    let reason = format!("depth budget of {max} plies ran out");
                    let setup = symmetries.setup();
                    let line = path_plays(path)
                        .iter()
                        .chain([&play])
                        .map(|p| F::play_text(setup, p))
                        .collect();
                    return Ok(unknown(info, index.len(), depth, reason, line));
                }
                let id = longest.len();
                index.insert(key, id);
                longest.push(ON_PATH);
                path.push(frame(child, id, map, Some(play))?);
            }
        }
    }
    Ok(Finiteness::Finite {
        longest: longest[0],
        states: index.len(),
    })
}

fn exhausted(budget: &Budget, states: usize) -> Option<String> {
    if states >= budget.max_states {
        return Some(format!("state budget of {} ran out", budget.max_states));
    }
    None
}

/// Bytes per second the system takes back at process exit (measured about 8 GB/s on a loaded
/// two-core machine; half that, to be safe).
const RELEASE_RATE: u64 = 4 << 30;

/// The budgets' view of the clock and of memory.
struct Watch {
    /// When memory was last read.
    memory_seen: Instant,
    /// Resident bytes then.
    resident: u64,
}

impl Watch {
    fn new() -> Self {
        Watch {
            memory_seen: Instant::now(),
            resident: 0,
        }
    }

    /// The time budget, and memory when [`MEMORY_EVERY`] has passed since it was last read.
    /// The time budget keeps back what returning the resident memory to the system will take
    /// when the command exits, so that a short budget holds for the whole command.
    fn exceeded(&mut self, budget: &Budget) -> Option<String> {
        let now = Instant::now();
        if budget.deadline.is_some() || budget.max_memory.is_some() {
            self.read_memory(now, budget.max_memory);
        }
        if budget
            .deadline
            .is_some_and(|d| out_of_time(now, d, self.resident))
        {
            return Some("time budget ran out".to_string());
        }
        let max = budget.max_memory?;
        (self.resident > max).then(|| {
            format!(
                "memory budget of {} ran out ({} in use)",
                crate::util::memory::mib(max),
                crate::util::memory::mib(self.resident)
            )
        })
    }

    fn read_memory(&mut self, now: Instant, max: Option<u64>) {
        if now.duration_since(self.memory_seen) < MEMORY_EVERY {
            return;
        }
        self.memory_seen = now;
        let Some(mut used) = crate::util::memory::resident_bytes() else {
            return;
        };
        if max.is_some_and(|max| used > max) {
            // Memory an earlier search is still freeing is not this search's growth.
            reclaim::settle();
            used = crate::util::memory::resident_bytes().unwrap_or(used);
        }
        self.resident = used;
    }
}

/// Whether a search holding `resident` bytes must stop now to exit by `deadline`.
fn out_of_time(now: Instant, deadline: Instant, resident: u64) -> bool {
    let release = std::time::Duration::from_secs_f64(resident as f64 / RELEASE_RATE as f64);
    now + release >= deadline
}

fn unknown<F: Symmetric>(
    info: &RefereeInfo<F>,
    states: usize,
    depth: usize,
    reason: String,
    line: Vec<String>,
) -> Finiteness {
    match &info.termination {
        Some(argument) => Finiteness::FiniteByArgument {
            argument: argument.clone(),
            reason,
            states,
            depth,
        },
        None => Finiteness::Unknown {
            states,
            depth,
            reason: match &info.search_note {
                Some(note) => format!("{reason} ({note})"),
                None => reason,
            },
            line,
        },
    }
}

fn frame<F: Symmetric>(
    mut node: Node<F>,
    id: usize,
    map: usize,
    via: Option<F::Play>,
) -> Result<Frame<F>, SearchError> {
    let referee = node.referee();
    let plays = referee.legal_plays().map_err(|fault| SearchError::Fault {
        id: referee.id().to_string(),
        fault,
    })?;
    Ok(Frame {
        id,
        node,
        map,
        plays,
        next: 0,
        longest: 0,
        via,
    })
}

/// The plays that lead through `frames`.
fn path_plays<F: Symmetric>(frames: &[Frame<F>]) -> Vec<F::Play> {
    frames.iter().filter_map(|f| f.via.clone()).collect()
}

/// The path to the repeated state, then the loop back to it, unfolded into a real cycle
/// where the loop closes only up to symmetry.
fn lasso<F: Symmetric>(
    symmetries: &Symmetries<F>,
    path: &[Frame<F>],
    repeated: usize,
    last: &F::Play,
    last_map: usize,
    states: usize,
) -> Finiteness {
    let setup = symmetries.setup();
    let at = path
        .iter()
        .position(|f| f.id == repeated)
        .expect("the repeated state is on the path");
    let prefix = path_plays(&path[..=at]);
    let mut loop_plays = path_plays(&path[at + 1..]);
    loop_plays.push(last.clone());
    let maps = symmetries.maps();
    let rho = cycle_map::<F>(&maps[path[at].map], &maps[last_map]);
    let cycle = unfold::<F>(&loop_plays, &rho);
    let text = |plays: &[F::Play]| plays.iter().map(|p| F::play_text(setup, p)).collect();
    Finiteness::Infinite {
        prefix: text(&prefix),
        cycle: text(&cycle),
        states,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_time_budget_keeps_back_the_release_of_memory() {
        let now = Instant::now();
        let deadline = now + Duration::from_millis(500);
        assert!(!out_of_time(now, deadline, 0));
        assert!(!out_of_time(now, deadline, RELEASE_RATE / 4));
        // A second's worth of memory to give back does not fit in half a second.
        assert!(out_of_time(now, deadline, RELEASE_RATE));
        assert!(out_of_time(deadline, deadline, 0));
    }

    #[test]
    fn memory_is_read_only_for_a_budget_that_needs_it() {
        let mut watch = Watch::new();
        watch.memory_seen -= MEMORY_EVERY;
        assert_eq!(watch.exceeded(&Budget::states(10)), None);
        assert_eq!(watch.resident, 0);
        let budget = Budget {
            deadline: Some(Instant::now() + Duration::from_secs(3600)),
            ..Budget::states(10)
        };
        assert_eq!(watch.exceeded(&budget), None);
        if cfg!(target_os = "linux") {
            assert!(watch.resident > 0, "the deadline's reserve reads memory");
        }
    }
}
