//! Retrograde analysis: game values on the whole graph of reachable states, cycles included.
//!
//! Every reachable state (up to symmetry) is built once with the edges of its legal plays.
//! Then, for each outcome value `t` in increasing order, the states from which the first seat
//! can force an outcome of at least `t` are computed as an attractor: if an endless game is
//! worth at least `t` to it, it only has to keep away from finished games worth less than `t`
//! (the complement of the second seat's attractor to them); otherwise it has to reach a
//! finished game worth at least `t` (its own attractor to them). A state's value is the
//! largest such `t`. The attractors' ranks (the order in which states joined) also give a
//! principal variation that makes progress instead of circling: the side that must reach
//! something always plays to a state of lower rank.

use super::{mover, outcome_value, End, Options, SolveError};
use crate::check::canon::{cycle_map, unfold, Node, SearchError, Symmetries};
use crate::family::Symmetric;
use crate::referee::{RefereeInfo, Status};
use crate::util::fingerprint::FingerprintMap;

/// The reachable state graph with every state's value.
pub struct Graph {
    index: FingerprintMap<u32>,
    /// Per state: the first seat moves, or the game is over with this value.
    first_moves: Vec<bool>,
    terminal: Vec<Option<i32>>,
    /// Successors of state `s`: `edges[start[s]..start[s + 1]]`.
    start: Vec<u32>,
    edges: Vec<u32>,
    values: Vec<i32>,
    no_result: i32,
}

const OUT: u32 = u32::MAX;

impl Graph {
    /// Builds every state reachable from `symmetries`' setup under `info` and solves it.
    pub fn build<F: Symmetric>(
        info: &RefereeInfo<F>,
        symmetries: &Symmetries<F>,
        options: &Options,
    ) -> Result<Graph, SolveError> {
        let setup = symmetries.setup();
        let first = F::seat_name(setup, 0);
        let root = symmetries.start(info)?;
        let (print, _) = root.canonical()?;
        let mut index = FingerprintMap::default();
        index.insert(print, 0u32);
        let mut first_moves = vec![false];
        let mut terminal = vec![None];
        let mut successors: Vec<Vec<u32>> = vec![Vec::new()];
        let mut stack: Vec<(Node<F>, u32, usize)> = vec![(root, 0, 0)];
        while let Some((mut node, id, plies)) = stack.pop() {
            let referee = node.referee();
            let status = referee.status().map_err(|f| fault(referee.id(), f))?;
            if let Status::Over { outcome } = status {
                terminal[id as usize] = Some(outcome_value(&outcome, &first, options));
                continue;
            }
            first_moves[id as usize] = mover(&mut node, symmetries, plies) == 0;
            let referee = node.referee();
            let plays = referee.legal_plays().map_err(|f| fault(referee.id(), f))?;
            for play in &plays {
                let Some(child) = symmetries.play(&node, play)? else {
                    continue;
                };
                let (print, _) = child.canonical()?;
                let next = index.len() as u32;
                let child_id = *index.entry(print).or_insert(next);
                if child_id == next {
                    if index.len() > options.max_graph_states {
                        return Err(SolveError::Unfinished {
                            reason: format!(
                                "retrograde analysis needs more than {} states",
                                options.max_graph_states
                            ),
                            nodes: 0,
                            lower: -super::bound(options),
                            upper: super::bound(options),
                        });
                    }
                    first_moves.push(false);
                    terminal.push(None);
                    successors.push(Vec::new());
                    stack.push((child, child_id, plies + 1));
                }
                successors[id as usize].push(child_id);
            }
        }
        let mut start = Vec::with_capacity(successors.len() + 1);
        let mut edges = Vec::new();
        for list in &successors {
            start.push(edges.len() as u32);
            edges.extend(list);
        }
        start.push(edges.len() as u32);
        let mut graph = Graph {
            index,
            first_moves,
            terminal,
            start,
            edges,
            values: Vec::new(),
            no_result: options.no_result,
        };
        graph.values = graph.solve();
        Ok(graph)
    }

    /// States in the graph.
    pub fn len(&self) -> usize {
        self.terminal.len()
    }

    /// Whether the graph has no state.
    pub fn is_empty(&self) -> bool {
        self.terminal.is_empty()
    }

    /// The value of the start.
    pub fn value(&self) -> i32 {
        self.values[0]
    }

    fn successors(&self, s: u32) -> &[u32] {
        &self.edges[self.start[s as usize] as usize..self.start[s as usize + 1] as usize]
    }

    fn solve(&self) -> Vec<i32> {
        let mut thresholds: Vec<i32> = self.terminal.iter().flatten().copied().collect();
        thresholds.push(self.no_result);
        thresholds.sort_unstable();
        thresholds.dedup();
        let mut values = vec![i32::MIN; self.len()];
        for &t in &thresholds {
            let wins: Vec<bool> = if self.no_result >= t {
                let losses = self.attractor(false, |v| v < t);
                losses.iter().map(|&r| r == OUT).collect()
            } else {
                let wins = self.attractor(true, |v| v >= t);
                wins.iter().map(|&r| r != OUT).collect()
            };
            for (value, win) in values.iter_mut().zip(wins) {
                if win {
                    *value = t;
                }
            }
        }
        values
    }

    /// The states from which `first` (the first seat, else the second) can force reaching a
    /// finished game whose value passes `target`, each with its rank (the order in which it
    /// joined; [`OUT`] for states outside).
    fn attractor(&self, first: bool, target: impl Fn(i32) -> bool) -> Vec<u32> {
        let n = self.len();
        let mut predecessors: Vec<Vec<u32>> = vec![Vec::new(); n];
        for s in 0..n as u32 {
            for &t in self.successors(s) {
                predecessors[t as usize].push(s);
            }
        }
        let mut rank = vec![OUT; n];
        let mut missing: Vec<u32> = (0..n as u32)
            .map(|s| self.successors(s).len() as u32)
            .collect();
        let mut queue: Vec<u32> = (0..n as u32)
            .filter(|&s| self.terminal[s as usize].is_some_and(&target))
            .collect();
        for (r, &s) in queue.iter().enumerate() {
            rank[s as usize] = r as u32;
        }
        let mut head = 0;
        while head < queue.len() {
            let s = queue[head];
            head += 1;
            for &p in &predecessors[s as usize] {
                if rank[p as usize] != OUT {
                    continue;
                }
                missing[p as usize] -= 1;
                if self.first_moves[p as usize] == first || missing[p as usize] == 0 {
                    rank[p as usize] = queue.len() as u32;
                    queue.push(p);
                }
            }
        }
        rank
    }

    /// A game from the start that realizes the value: it ends with that outcome, or circles
    /// for ever when an endless game is what best play gives.
    pub fn principal_variation<F: Symmetric>(
        &self,
        info: &RefereeInfo<F>,
        symmetries: &Symmetries<F>,
    ) -> Result<(Vec<F::Play>, End), SolveError> {
        let value = self.value();
        // The side that must reach a finished game plays down its attractor's ranks.
        let first_rank = (value > self.no_result).then(|| self.attractor(true, |v| v >= value));
        let second_rank = (value < self.no_result).then(|| self.attractor(false, |v| v <= value));
        let mut node = symmetries.start(info)?;
        let mut pv: Vec<F::Play> = Vec::new();
        let mut seen: FingerprintMap<(usize, usize)> = FingerprintMap::default();
        loop {
            let referee = node.referee();
            let status = referee.status().map_err(|f| fault(referee.id(), f))?;
            if let Status::Over { outcome } = status {
                return Ok((pv, End::Over { outcome }));
            }
            let (print, map) = node.canonical()?;
            if let Some(&(at, first_map)) = seen.get(&print) {
                let maps = symmetries.maps();
                let rho = cycle_map::<F>(&maps[first_map], &maps[map]);
                let cycle = unfold::<F>(&pv[at..], &rho);
                pv.truncate(at);
                pv.extend(cycle);
                return Ok((pv, End::Cycle { at }));
            }
            seen.insert(print, (pv.len(), map));
            let first = self.first_moves[self.index[&print] as usize];
            let rank = if first { &first_rank } else { &second_rank };
            let referee = node.referee();
            let plays = referee.legal_plays().map_err(|f| fault(referee.id(), f))?;
            let mut choice: Option<(u32, F::Play, Node<F>)> = None;
            for play in plays {
                let Some(child) = symmetries.play(&node, &play)? else {
                    continue;
                };
                let (child_print, _) = child.canonical()?;
                let c = self.index[&child_print] as usize;
                let score = match rank {
                    Some(rank) => rank[c],
                    None if (first && self.values[c] >= value)
                        || (!first && self.values[c] <= value) =>
                    {
                        0
                    }
                    None => OUT,
                };
                if score != OUT && choice.as_ref().is_none_or(|(best, _, _)| score < *best) {
                    choice = Some((score, play, child));
                }
            }
            let (_, play, child) = choice.ok_or(SolveError::Inconsistent {
                search: value,
                graph: value,
            })?;
            pv.push(play);
            node = child;
        }
    }
}

fn fault(id: &str, fault: crate::referee::Fault) -> SolveError {
    SolveError::Search(SearchError::Fault {
        id: id.to_string(),
        fault,
    })
}
