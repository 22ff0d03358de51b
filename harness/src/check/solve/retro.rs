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

use std::time::Instant;

use super::{mover, outcome_value, End, Options, SolveError};
use crate::check::canon::{cycle_map, unfold, Node, SearchError, Symmetries};
use crate::family::Symmetric;
use crate::referee::{RefereeInfo, Status};
use crate::util::fingerprint::{FingerprintHasher, FingerprintMap};

/// A state's canonical fingerprint as two words: a map slot of 24 bytes instead of the 32 a
/// 16-byte-aligned `u128` key takes (the index is the largest part of the graph).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key([u64; 2]);

impl Key {
    fn of(print: u128) -> Key {
        Key([(print >> 64) as u64, print as u64])
    }
}

impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // The fingerprint is uniformly mixed already: its low half is the hash.
        state.write_u128(self.0[1] as u128);
    }
}

type Index = std::collections::HashMap<Key, u32, FingerprintHasher>;

/// The reachable state graph with every state's value.
pub struct Graph {
    index: Index,
    /// Per state: whether the first seat moves.
    first_moves: Vec<bool>,
    /// Per state: the value of the finished game, or [`ONGOING`].
    terminal: Vec<i32>,
    /// Successors of state `s`: `edges[start[s]..start[s] + degree[s]]` (states' lists lie in
    /// the order the states were expanded).
    start: Vec<u32>,
    degree: Vec<u8>,
    edges: Vec<u32>,
    /// Predecessors of state `t`: `preds[pred_start[t]..pred_start[t + 1]]`, built once for
    /// every attractor.
    pred_start: Vec<u32>,
    preds: Vec<u32>,
    values: Vec<i32>,
    no_result: i32,
}

const OUT: u32 = u32::MAX;

/// The `terminal` of a state whose game goes on.
const ONGOING: i32 = i32::MIN;

/// Bytes per state and per edge that solving adds to the built graph: predecessor lists
/// (`pred_start`, `preds`), values, and one attractor's ranks, missing-successor counts,
/// queue and result.
const SOLVE_BYTES_PER_STATE: usize = 4 + 4 + 4 + 1 + 4 + 1;
const SOLVE_BYTES_PER_EDGE: usize = 4;

/// Waiting states that hold their node (the rest are rebuilt when their turn comes): a
/// node holds a referee per mirror image, tens of kilobytes under Kee, and a wide graph
/// has hundreds of thousands waiting at once.
const LIVE: usize = 512;

/// A state found but not expanded yet, with its plies from the start.
struct Pending<F: Symmetric> {
    node: Option<Node<F>>,
    id: u32,
    plies: usize,
}

/// The state to expand next, with its node; a rebuilt node goes back to the end of
/// [`Builder::replayed`] once expanded.
struct Turn<F: Symmetric> {
    node: Node<F>,
    id: u32,
    plies: usize,
    rebuilt: bool,
}

/// What the graph holds while it is built, and what it will need to be solved.
struct Builder<F: Symmetric> {
    index: Index,
    first_moves: Vec<bool>,
    terminal: Vec<i32>,
    start: Vec<u32>,
    degree: Vec<u8>,
    edges: Vec<u32>,
    /// Per state: the state it was found from ([`OUT`] for the start) and the play that
    /// led there, so a waiting state can be rebuilt instead of held.
    parent: Vec<u32>,
    via: Vec<Option<F::Play>>,
    /// States found but not expanded yet, first found first (so the paths that rebuild
    /// them are shortest).
    queue: std::collections::VecDeque<Pending<F>>,
    /// How many of them hold their node, and how many may.
    live: usize,
    most_live: usize,
    /// The nodes along the path of the last state rebuilt, from the start.
    replayed: Vec<(u32, Node<F>)>,
    /// The process's resident memory when the build began: the pending states' referees
    /// hold allocations [`Builder::bytes`] cannot see (a Kee record, a superko set), so the
    /// process's own growth is held to the budget too.
    resident_at_start: Option<u64>,
}

impl<F: Symmetric> Builder<F> {
    /// An empty graph, begun when the process held `resident_at_start` bytes.
    fn new(resident_at_start: Option<u64>) -> Self {
        Builder {
            index: Index::default(),
            first_moves: Vec::new(),
            terminal: Vec::new(),
            start: Vec::new(),
            degree: Vec::new(),
            edges: Vec::new(),
            parent: Vec::new(),
            via: Vec::new(),
            queue: std::collections::VecDeque::new(),
            live: 0,
            most_live: LIVE,
            replayed: Vec::new(),
            resident_at_start,
        }
    }

    /// The bytes the graph takes now plus what solving it will add: the index's table as
    /// allocated (twice over when the next state makes it grow), every vector's capacity, the
    /// waiting states (the referees of the few that hold them not counted), and the solve's
    /// per-state and per-edge arrays.
    fn bytes(&self) -> usize {
        let slot = std::mem::size_of::<(Key, u32)>() + 1;
        let buckets = (self.index.capacity() * 8 / 7 + 1).next_power_of_two();
        let mut index = buckets * slot;
        if self.index.len() == self.index.capacity() {
            index *= 3;
        }
        let states = self.terminal.capacity();
        index
            + self.first_moves.capacity()
            + 4 * states
            + 4 * self.start.capacity()
            + self.degree.capacity()
            + 4 * self.edges.capacity()
            + 4 * self.parent.capacity()
            + self.via.capacity() * std::mem::size_of::<Option<F::Play>>()
            + self.queue.capacity() * std::mem::size_of::<Pending<F>>()
            + SOLVE_BYTES_PER_STATE * states
            + SOLVE_BYTES_PER_EDGE * self.edges.capacity()
    }

    /// Adds a state found for the first time, from `found`'s state by its play; its id.
    fn add(&mut self, key: Key, node: Node<F>, plies: usize, found: Option<(u32, F::Play)>) -> u32 {
        let id = self.terminal.len() as u32;
        self.index.insert(key, id);
        self.first_moves.push(false);
        self.terminal.push(ONGOING);
        self.start.push(0);
        self.degree.push(0);
        let (parent, via) = found.map_or((OUT, None), |(p, play)| (p, Some(play)));
        self.parent.push(parent);
        self.via.push(via);
        let node = (self.live < self.most_live).then_some(node);
        self.live += node.is_some() as usize;
        self.queue.push_back(Pending { node, id, plies });
        id
    }

    /// The next state to expand, with its node and whether it was rebuilt (then it goes back
    /// to [`Builder::replayed`] when expanded). A state not held is rebuilt from the start
    /// along the path it was found by, from where that path leaves the last one rebuilt.
    fn next(
        &mut self,
        info: &RefereeInfo<F>,
        symmetries: &Symmetries<F>,
    ) -> Result<Option<Turn<F>>, SolveError> {
        let Some(pending) = self.queue.pop_front() else {
            return Ok(None);
        };
        if let Some(node) = pending.node {
            self.live -= 1;
            let (id, plies) = (pending.id, pending.plies);
            let rebuilt = false;
            return Ok(Some(Turn {
                node,
                id,
                plies,
                rebuilt,
            }));
        }
        let mut path = vec![pending.id];
        let mut at = pending.id;
        while self.parent[at as usize] != OUT {
            at = self.parent[at as usize];
            path.push(at);
        }
        path.reverse();
        let common = self
            .replayed
            .iter()
            .zip(&path)
            .take_while(|((a, _), b)| a == *b)
            .count();
        self.replayed.truncate(common);
        if self.replayed.is_empty() {
            self.replayed.push((path[0], symmetries.start(info)?));
        }
        for &s in &path[self.replayed.len()..] {
            let last = &self.replayed.last().expect("the start is there").1;
            let node = match self.via[s as usize]
                .as_ref()
                .map(|p| symmetries.play(last, p))
            {
                Some(Ok(Some(node))) => node,
                Some(Err(e)) => return Err(e.into()),
                _ => {
                    return Err(SolveError::Unreplayable {
                        id: info.id.clone(),
                    })
                }
            };
            self.replayed.push((s, node));
        }
        let (_, node) = self.replayed.pop().expect("the state itself");
        let (id, plies) = (pending.id, pending.plies);
        let rebuilt = true;
        Ok(Some(Turn {
            node,
            id,
            plies,
            rebuilt,
        }))
    }

    /// Records state `id`'s ending or its edges, adding the states it leads to for the first
    /// time.
    fn expand(
        &mut self,
        node: &mut Node<F>,
        id: u32,
        plies: usize,
        symmetries: &Symmetries<F>,
        options: &Options,
        first: &str,
    ) -> Result<(), SolveError> {
        let referee = node.referee();
        let status = referee.status().map_err(|f| fault(referee.id(), f))?;
        if let Status::Over { outcome } = status {
            self.terminal[id as usize] = outcome_value(&outcome, first, options);
            return Ok(());
        }
        self.first_moves[id as usize] = mover(node, symmetries, plies) == 0;
        let referee = node.referee();
        let plays = referee.legal_plays().map_err(|f| fault(referee.id(), f))?;
        let at = self.edges.len();
        let Ok(offset) = u32::try_from(at) else {
            let most = u32::MAX;
            let reason = format!("retrograde analysis needs more than {most} edges");
            return Err(unfinished(reason, options));
        };
        self.start[id as usize] = offset;
        for play in plays {
            let Some(child) = symmetries.play(node, &play)? else {
                continue;
            };
            let key = Key::of(child.canonical()?.0);
            let child_id = match self.index.get(&key) {
                Some(&known) => known,
                None => {
                    let added = self.add(key, child, plies + 1, Some((id, play)));
                    if let Some(reason) = self.over_budget(options) {
                        return Err(unfinished(reason, options));
                    }
                    added
                }
            };
            self.edges.push(child_id);
        }
        let Ok(degree) = u8::try_from(self.edges.len() - at) else {
            let most = u8::MAX;
            let reason = format!("a state has more than {most} legal plays");
            return Err(unfinished(reason, options));
        };
        self.degree[id as usize] = degree;
        Ok(())
    }

    /// Why the build must stop now, if it must: more states or bytes than `options` allow,
    /// or its deadline passed.
    fn over_budget(&self, options: &Options) -> Option<String> {
        let states = self.terminal.len();
        if states > options.max_graph_states {
            return Some(format!(
                "retrograde analysis needs more than {} states",
                options.max_graph_states
            ));
        }
        let bytes = self.bytes();
        if bytes > options.max_graph_bytes {
            let budget = match options.max_graph_bytes {
                small if small < 1 << 20 => format!("{small} bytes"),
                large => crate::util::memory::mib(large as u64),
            };
            return Some(format!(
                "retrograde analysis needs more than {budget} (at {states} states)"
            ));
        }
        // The clock and the process's memory are read now and then: each costs more than a
        // state.
        if !states.is_multiple_of(1024) {
            return None;
        }
        if let Some(reason) = self.grown_past(options.max_graph_bytes, states) {
            return Some(reason);
        }
        let late = options.deadline.is_some_and(|d| Instant::now() >= d);
        late.then(|| format!("retrograde analysis ran out of time at {states} states"))
    }

    /// Why the build must stop if the process has grown by more than `budget` bytes since it
    /// began (the growth of searches running beside it counts too, so this errs early).
    fn grown_past(&self, budget: usize, states: usize) -> Option<String> {
        let start = self.resident_at_start?;
        let grown = crate::util::memory::resident_bytes()?.saturating_sub(start);
        (grown > budget as u64).then(|| {
            format!(
                "retrograde analysis needs more than {} (the process grew by {} at {states} states)",
                crate::util::memory::mib(budget as u64),
                crate::util::memory::mib(grown)
            )
        })
    }
}

impl Graph {
    /// Builds every state reachable from `symmetries`' setup under `info` and solves it.
    /// A graph that would pass [`Options::max_graph_states`] or [`Options::max_graph_bytes`],
    /// or is not built by [`Options::deadline`], is [`SolveError::Unfinished`] with the reason.
    pub fn build<F: Symmetric>(
        info: &RefereeInfo<F>,
        symmetries: &Symmetries<F>,
        options: &Options,
    ) -> Result<Graph, SolveError> {
        Graph::build_holding(info, symmetries, options, LIVE)
    }

    /// [`Graph::build`], with at most `most_live` waiting states holding their nodes.
    fn build_holding<F: Symmetric>(
        info: &RefereeInfo<F>,
        symmetries: &Symmetries<F>,
        options: &Options,
        most_live: usize,
    ) -> Result<Graph, SolveError> {
        let setup = symmetries.setup();
        let first = F::seat_name(setup, 0);
        let root = symmetries.start(info)?;
        let (print, _) = root.canonical()?;
        let mut b = Builder::new(crate::util::memory::resident_bytes());
        b.most_live = most_live;
        b.add(Key::of(print), root, 0, None);
        while let Some(mut turn) = b.next(info, symmetries)? {
            let (id, plies) = (turn.id, turn.plies);
            b.expand(&mut turn.node, id, plies, symmetries, options, &first)?;
            if turn.rebuilt {
                b.replayed.push((id, turn.node));
            }
        }
        let (pred_start, preds) = predecessors(&b.start, &b.degree, &b.edges);
        let mut graph = Graph {
            index: b.index,
            first_moves: b.first_moves,
            terminal: b.terminal,
            start: b.start,
            degree: b.degree,
            edges: b.edges,
            pred_start,
            preds,
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

    fn predecessors(&self, t: u32) -> &[u32] {
        &self.preds[self.pred_start[t as usize] as usize..self.pred_start[t as usize + 1] as usize]
    }

    /// What the graph's arrays take, in bytes (what [`Graph::build`] budgets, less the
    /// transient arrays of one attractor).
    pub fn bytes(&self) -> usize {
        let slot = std::mem::size_of::<(Key, u32)>() + 1;
        let buckets = (self.index.capacity() * 8 / 7 + 1).next_power_of_two();
        buckets * slot
            + self.first_moves.capacity()
            + 4 * self.terminal.capacity()
            + 4 * self.start.capacity()
            + self.degree.capacity()
            + 4 * self.edges.capacity()
            + 4 * self.pred_start.capacity()
            + 4 * self.preds.capacity()
            + 4 * self.values.capacity()
    }

    fn solve(&self) -> Vec<i32> {
        let mut thresholds: Vec<i32> = self
            .terminal
            .iter()
            .copied()
            .filter(|&t| t != ONGOING)
            .collect();
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
        let mut rank = vec![OUT; n];
        let mut missing = self.degree.clone();
        let mut queue: Vec<u32> = (0..n as u32)
            .filter(|&s| {
                let t = self.terminal[s as usize];
                t != ONGOING && target(t)
            })
            .collect();
        for (r, &s) in queue.iter().enumerate() {
            rank[s as usize] = r as u32;
        }
        let mut head = 0;
        while head < queue.len() {
            let s = queue[head];
            head += 1;
            for &p in self.predecessors(s) {
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
            let first = self.first_moves[self.index[&Key::of(print)] as usize];
            let rank = if first { &first_rank } else { &second_rank };
            let referee = node.referee();
            let plays = referee.legal_plays().map_err(|f| fault(referee.id(), f))?;
            let mut choice: Option<(u32, F::Play, Node<F>)> = None;
            for play in plays {
                let Some(child) = symmetries.play(&node, &play)? else {
                    continue;
                };
                let (child_print, _) = child.canonical()?;
                let c = self.index[&Key::of(child_print)] as usize;
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
            let plies = pv.len();
            let (_, play, child) = choice.ok_or(SolveError::NoLine { value, plies })?;
            pv.push(play);
            node = child;
        }
    }
}

/// The predecessor lists of the graph whose successor lists `start`, `degree` and `edges`
/// give, as offsets (one more than there are states) and one array.
fn predecessors(start: &[u32], degree: &[u8], edges: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let n = start.len();
    let mut pred_start = vec![0u32; n + 1];
    for &t in edges {
        pred_start[t as usize + 1] += 1;
    }
    for i in 0..n {
        pred_start[i + 1] += pred_start[i];
    }
    let mut fill = pred_start[..n].to_vec();
    let mut preds = vec![0u32; edges.len()];
    for s in 0..n {
        let at = start[s] as usize;
        for &t in &edges[at..at + degree[s] as usize] {
            preds[fill[t as usize] as usize] = s as u32;
            fill[t as usize] += 1;
        }
    }
    (pred_start, preds)
}

/// A build stopped by a budget: no bound on the value is known.
fn unfinished(reason: String, options: &Options) -> SolveError {
    SolveError::Unfinished {
        reason,
        nodes: 0,
        lower: -super::bound(options),
        upper: super::bound(options),
    }
}

fn fault(id: &str, fault: crate::referee::Fault) -> SolveError {
    SolveError::Search(SearchError::Fault {
        id: id.to_string(),
        fault,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Go;

    fn builder(resident_at_start: Option<u64>) -> Builder<Go> {
        Builder::new(resident_at_start)
    }

    /// A state rebuilt by playing again the path it was found by is the state found: with
    /// no waiting state holding its node, every graph is the one built holding them all.
    #[test]
    fn rebuilt_states_give_the_same_graph() {
        use crate::go::graph::Graph as Board;
        use crate::go::GoSetup;
        use crate::referee::Refereed;
        for (rule, shape) in [
            ("psk", "1x3"),
            ("kee[rescind=erase,appeal=any]", "1x3"),
            ("simple-ko", "2x2"),
        ] {
            let info = Go::registry_for(rule)
                .into_iter()
                .find(|r| r.id == rule)
                .expect("registered");
            let setup = GoSetup::empty(Board::parse_shape(shape).expect("a shape"), 2);
            let symmetries = Symmetries::new(&setup, 64);
            let options = Options::new(2 * 5);
            let held =
                Graph::build_holding(&info, &symmetries, &options, usize::MAX).expect("built");
            let rebuilt = Graph::build_holding(&info, &symmetries, &options, 0).expect("built");
            assert_eq!(held.len(), rebuilt.len(), "{rule} on {shape}");
            assert_eq!(held.values, rebuilt.values, "{rule} on {shape}");
            assert_eq!(held.edges.len(), rebuilt.edges.len(), "{rule} on {shape}");
        }
    }

    /// Memory the estimate cannot see still stops the build: measured from nothing, the
    /// process has grown past a one-byte budget, and past no budget it has not reached.
    #[test]
    fn the_process_growth_is_held_to_the_budget() {
        if crate::util::memory::resident_bytes().is_none() {
            return; // no /proc here: the growth check is not enforced
        }
        let reason = builder(Some(0)).grown_past(1, 2048).expect("over one byte");
        assert!(
            reason.starts_with("retrograde analysis needs more than"),
            "{reason}"
        );
        assert!(reason.contains("at 2048 states"), "{reason}");
        assert_eq!(builder(Some(0)).grown_past(usize::MAX, 2048), None);
        assert_eq!(builder(None).grown_past(1, 2048), None);
    }
}
