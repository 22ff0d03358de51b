//! Exhaustive search for endless games: every play sequence from the start, over the states
//! referees report with [`Referee::state_key`] (a summary of the history that decides every
//! future ruling, so equal keys mean equal futures). A game can go on forever exactly when
//! the graph of reachable states has a cycle; otherwise the longest path is the longest game.
//!
//! Why the keys are exact, rule by rule (see each `KoRule::key`): every rule's legality
//! depends on the board, the seat to move and the pass streak (the end by passes), plus for
//! simple ko the position it bans, for positional/situational/natural superko the set of
//! positions (or situations, or creator-tagged positions) seen, for ChSK the last two plays'
//! hashes and captures, and for the cycle rules whether a repetition happened. Positions are
//! compared by 64-bit Zobrist hash; on the boards searched here a collision is not a concern
//! worth more than this sentence.

use std::collections::HashMap;

use serde::Serialize;

use crate::family::Family;
use crate::referee::{Referee, RefereeInfo, Status};

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Finiteness {
    /// Every game ends; the longest takes `longest` plies.
    Finite { longest: usize, states: usize },
    /// A game that never ends: `prefix`, then `cycle` forever (plays in the family notation).
    Infinite {
        prefix: Vec<String>,
        cycle: Vec<String>,
        states: usize,
    },
    /// The state budget ran out first.
    Unknown { states: usize, depth: usize },
    /// Every game ends by the ruleset's termination argument; the search for the longest
    /// game ran out of budget.
    FiniteByArgument {
        argument: String,
        states: usize,
        depth: usize,
    },
    /// The referee cannot be searched (no fork or no state key).
    Unsupported,
}

/// One state on the search path.
struct Frame<F: Family> {
    id: usize,
    referee: Box<dyn Referee<F>>,
    plays: Vec<F::Play>,
    next: usize,
    longest: usize,
    /// The play that led here from the frame below.
    via: Option<F::Play>,
}

const ON_PATH: usize = usize::MAX;

/// Searches every game from `setup` under `info`, visiting at most `max_states` states.
pub fn search<F: Family>(info: &RefereeInfo<F>, setup: &F::Setup, max_states: usize) -> Finiteness {
    let mut root = (info.make)();
    if root.start(setup).is_err() {
        return Finiteness::Unsupported;
    }
    let Some(key) = root.state_key() else {
        return Finiteness::Unsupported;
    };
    // Per state: ON_PATH while on the search path, else the longest game from it.
    let mut index: HashMap<Vec<u64>, usize> = HashMap::from([(key, 0)]);
    let mut longest: Vec<usize> = vec![ON_PATH];
    let Some(first) = frame(root, 0, None) else {
        return Finiteness::Unsupported;
    };
    let mut path = vec![first];
    let mut depth = 0;
    loop {
        depth = depth.max(path.len());
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
        let Some(mut child) = top.referee.fork() else {
            return Finiteness::Unsupported;
        };
        if child.play(&play).map_or(true, |v| !v.is_legal()) {
            continue;
        }
        if child.status().map_or(true, |s| s != Status::Ongoing) {
            top.longest = top.longest.max(1);
            continue;
        }
        let Some(key) = child.state_key() else {
            return Finiteness::Unsupported;
        };
        match index.get(&key).copied() {
            Some(id) if longest[id] == ON_PATH => {
                return lasso::<F>(setup, &path, id, &play, index.len())
            }
            Some(id) => top.longest = top.longest.max(longest[id] + 1),
            None => {
                if index.len() >= max_states {
                    return Finiteness::Unknown {
                        states: index.len(),
                        depth,
                    };
                }
                let id = longest.len();
                index.insert(key, id);
                longest.push(ON_PATH);
                let Some(next) = frame(child, id, Some(play)) else {
                    return Finiteness::Unsupported;
                };
                path.push(next);
            }
        }
    }
    Finiteness::Finite {
        longest: longest[0],
        states: index.len(),
    }
}

fn frame<F: Family>(
    mut referee: Box<dyn Referee<F>>,
    id: usize,
    via: Option<F::Play>,
) -> Option<Frame<F>> {
    let plays = referee.legal_plays().ok()?;
    Some(Frame {
        id,
        referee,
        plays,
        next: 0,
        longest: 0,
        via,
    })
}

/// The path to the repeated state, then the loop back to it.
fn lasso<F: Family>(
    setup: &F::Setup,
    path: &[Frame<F>],
    repeated: usize,
    last: &F::Play,
    states: usize,
) -> Finiteness {
    let at = path
        .iter()
        .position(|f| f.id == repeated)
        .expect("the repeated state is on the path");
    let text = |frames: &[Frame<F>]| -> Vec<String> {
        frames
            .iter()
            .filter_map(|f| f.via.as_ref())
            .map(|p| F::play_text(setup, p))
            .collect()
    };
    let prefix = text(&path[..=at]);
    let mut cycle = text(&path[at + 1..]);
    cycle.push(F::play_text(setup, last));
    Finiteness::Infinite {
        prefix,
        cycle,
        states,
    }
}
