//! The fast board: stones, strings as circular linked lists with pseudo-liberty counts, and an
//! incrementally updated Zobrist hash. Rules live elsewhere; the board only knows what a play
//! does (captures, suicide) and never whether a ruleset allows it.

use std::sync::Arc;

use super::graph::{Graph, Vertex};
use super::zobrist::Keys;

/// Colour of a point: 0 is empty, seat `s` plays colour `s + 1`.
pub type Colour = u8;
/// The colour of an empty point.
pub const EMPTY: Colour = 0;

/// What a stone play would do, computed without changing the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effect {
    /// Opponent stones removed by the capture rule.
    pub captured: u32,
    /// The played string ends without liberties and is removed (its size, else 0).
    pub suicided: u32,
    /// Hash of the position after the play and all removals.
    pub hash_after: u64,
}

impl Effect {
    /// Whether the play removes its own string.
    pub fn is_suicide(&self) -> bool {
        self.suicided > 0
    }
}

/// Distinct strings next to a vertex a grid point can have; a vertex of higher degree (other
/// graphs) lists them in a growing list instead.
const INLINE: usize = 4;

/// Working lists reused between plays so the hot path does not allocate.
#[derive(Debug, Clone)]
pub struct Scratch {
    /// Distinct adjacent strings (root, number of adjacent points from the played vertex),
    /// the first `len` entries, when the vertex has at most [`INLINE`] neighbours: a fixed
    /// array in place of a growing list saves a capacity check and a length store per
    /// neighbour on every play.
    inline: [(Vertex, u32); INLINE],
    len: usize,
    /// The same for a vertex of higher degree (`spilled` says which of the two is current).
    spill: Vec<(Vertex, u32)>,
    spilled: bool,
    /// Empty neighbours of the played vertex.
    empties: u32,
    captured: Vec<Vertex>,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            inline: [(0, 0); INLINE],
            len: 0,
            spill: Vec::new(),
            spilled: false,
            empties: 0,
            captured: Vec::new(),
        }
    }
}

impl Scratch {
    /// The adjacent strings `collect_adjacent` found.
    #[inline]
    fn adjacent(&self) -> &[(Vertex, u32)] {
        if self.spilled {
            &self.spill
        } else {
            &self.inline[..self.len]
        }
    }

    /// The adjacent strings, and the list of captured roots to fill beside them.
    #[inline]
    fn adjacent_and_captured(&mut self) -> (&[(Vertex, u32)], &mut Vec<Vertex>) {
        let adjacent = if self.spilled {
            &self.spill[..]
        } else {
            &self.inline[..self.len]
        };
        (adjacent, &mut self.captured)
    }
}

/// Where a stone is: its string's root and the next stone of the string (a circular list).
/// Kept together so one lookup (and one bounds check) finds both.
#[derive(Debug, Clone, Copy)]
struct Link {
    root: Vertex,
    next: Vertex,
}

/// What a string root knows about its string.
#[derive(Debug, Clone, Copy, Default)]
struct Chain {
    /// Pseudo-liberties: (stone, empty neighbour) pairs. Zero exactly when the string has no
    /// liberty, which is all capture detection needs.
    pseudo: u32,
    size: u32,
}

/// A position on a graph, with its strings kept up to date play by play (see the module
/// documentation). Two boards are equal when their stones are.
#[derive(Debug, Clone)]
pub struct Board {
    graph: Arc<Graph>,
    keys: &'static Keys,
    colour: Vec<Colour>,
    link: Vec<Link>,
    /// Indexed by string root.
    chain: Vec<Chain>,
    hash: u64,
    /// Stones captured by each colour (index = colour).
    prisoners: [u32; 9],
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.colour == other.colour
    }
}
impl Eq for Board {}

impl Board {
    /// The empty board on `graph`.
    pub fn new(graph: Arc<Graph>) -> Self {
        let n = graph.len();
        Board {
            keys: Keys::shared(),
            graph,
            colour: vec![EMPTY; n],
            link: (0..n as Vertex)
                .map(|v| Link { root: v, next: v })
                .collect(),
            chain: vec![Chain::default(); n],
            hash: 0,
            prisoners: [0; 9],
        }
    }

    /// A board with stones placed as given (one colour per vertex); the caller checks that
    /// every string has a liberty (see [`Board::strings_without_liberties`]).
    pub fn with_stones(graph: Arc<Graph>, stones: &[Colour]) -> Self {
        let mut board = Board::new(graph);
        board.place_all(stones);
        board
    }

    /// This board made into [`Board::with_stones`] on the same graph, keeping its memory: a
    /// campaign or a bench starts thousands of short games on one graph.
    pub fn reset(&mut self, stones: &[Colour]) {
        if self.colour.iter().any(|&c| c != EMPTY) {
            self.colour.fill(EMPTY);
            for (v, link) in self.link.iter_mut().enumerate() {
                *link = Link {
                    root: v as Vertex,
                    next: v as Vertex,
                };
            }
        }
        self.hash = 0;
        self.prisoners = [0; 9];
        self.place_all(stones);
    }

    fn place_all(&mut self, stones: &[Colour]) {
        let mut scratch = Scratch::default();
        for (v, &c) in stones.iter().enumerate() {
            if c != EMPTY {
                self.collect_adjacent(v as Vertex, &mut scratch);
                self.place(v as Vertex, c, &scratch);
            }
        }
    }

    /// The graph the board is on.
    pub fn graph(&self) -> &Arc<Graph> {
        &self.graph
    }

    /// The colour at `v` ([`EMPTY`] or a seat's colour).
    #[inline]
    pub fn colour(&self, v: Vertex) -> Colour {
        self.colour[v as usize]
    }

    /// Every vertex's colour, in vertex order.
    pub fn cells(&self) -> &[Colour] {
        &self.colour
    }

    /// Appends the board to a state key, sixteen 4-bit cells per word.
    pub fn pack_into(&self, key: &mut Vec<u64>) {
        key.extend(
            self.colour
                .chunks(16)
                .map(|chunk| chunk.iter().fold(0u64, |acc, &c| acc << 4 | c as u64)),
        );
    }

    /// The Zobrist hash of the stones (not of who is to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones `colour` has captured so far (suicided stones count for no one).
    pub fn prisoners(&self, colour: Colour) -> u32 {
        self.prisoners[colour as usize]
    }

    /// Stones of the string through `v` (empty if `v` is empty).
    pub fn string(&self, v: Vertex) -> Vec<Vertex> {
        if self.colour(v) == EMPTY {
            return Vec::new();
        }
        let mut stones = vec![v];
        let mut s = self.link[v as usize].next;
        while s != v {
            stones.push(s);
            s = self.link[s as usize].next;
        }
        stones
    }

    /// Liberties of the string through stone `v`, counted up to `limit` (the walk stops
    /// there): enough to ask "is it in atari?" without listing every liberty.
    pub fn liberties_up_to(&self, v: Vertex, limit: usize) -> usize {
        let mut found: Vec<Vertex> = Vec::with_capacity(limit);
        let mut s = v;
        loop {
            for &n in self.graph.neighbours(s) {
                if self.colour[n as usize] == EMPTY && !found.contains(&n) {
                    found.push(n);
                    if found.len() >= limit {
                        return limit;
                    }
                }
            }
            s = self.link[s as usize].next;
            if s == v {
                return found.len();
            }
        }
    }

    /// Roots of strings with no liberty; a legal position has none.
    pub fn strings_without_liberties(&self) -> Vec<Vertex> {
        self.graph
            .vertices()
            .filter(|&v| self.colour(v) != EMPTY && self.link[v as usize].root == v)
            .filter(|&v| self.chain[v as usize].pseudo == 0)
            .collect()
    }

    /// What playing `colour` at empty vertex `v` would do. Leaves in `scratch` what
    /// [`Board::play`] needs, so a `play` right after reuses it.
    #[inline]
    pub fn analyze(&self, v: Vertex, colour: Colour, scratch: &mut Scratch) -> Effect {
        debug_assert_eq!(self.colour(v), EMPTY);
        self.collect_adjacent(v, scratch);
        let has_empty = scratch.empties > 0;
        let (adjacent, captured_roots) = scratch.adjacent_and_captured();
        captured_roots.clear();
        let mut has_liberty = has_empty;
        let key = self.keys.get(v, colour);
        let mut hash = self.hash ^ key;
        let mut captured = 0;
        let mut friends = false;
        for &(r, touching) in adjacent {
            let chain = self.chain[r as usize];
            if self.colour[r as usize] == colour {
                friends = true;
                has_liberty |= chain.pseudo > touching;
            } else if chain.pseudo == touching {
                captured_roots.push(r);
                captured += chain.size;
                hash ^= self.string_hash(r);
            }
        }
        let mut suicided = 0;
        if !has_liberty && captured == 0 {
            // Rare, so the friendly strings are found again rather than listed on every play.
            hash ^= key;
            suicided = 1;
            if friends {
                for &(r, _) in adjacent {
                    if self.colour[r as usize] == colour {
                        suicided += self.chain[r as usize].size;
                        hash ^= self.string_hash(r);
                    }
                }
            }
        }
        Effect {
            captured,
            suicided,
            hash_after: hash,
        }
    }

    /// Plays `colour` at empty `v`, removing captured strings and then, if it has no liberty,
    /// the played string. `scratch` must hold the result of `analyze(v, colour)` on this board.
    #[inline]
    pub fn play(&mut self, v: Vertex, colour: Colour, scratch: &Scratch) {
        let root = self.place(v, colour, scratch);
        for &r in &scratch.captured {
            self.prisoners[colour as usize] += self.chain[r as usize].size;
            self.remove_string(r);
        }
        if self.chain[root as usize].pseudo == 0 {
            self.remove_string(root);
        }
    }

    /// Analyzes and plays in one call.
    pub fn play_stone(&mut self, v: Vertex, colour: Colour, scratch: &mut Scratch) -> Effect {
        let effect = self.analyze(v, colour, scratch);
        self.play(v, colour, scratch);
        effect
    }

    // Inlined: a call here cost a sixth of a play in saved registers alone (callgrind).
    #[inline(always)]
    fn collect_adjacent(&self, v: Vertex, scratch: &mut Scratch) {
        let neighbours = self.graph.neighbours(v);
        if neighbours.len() > INLINE {
            return self.collect_adjacent_spilled(neighbours, scratch);
        }
        scratch.spilled = false;
        let mut len = 0;
        let mut empties = 0;
        // Both lists cut to one length, so one bounds check per neighbour covers both.
        let colours = &self.colour[..];
        let links = &self.link[..colours.len()];
        for &n in neighbours {
            // Counted without a branch: whether a neighbour is empty is a coin toss in a
            // game, and a mispredicted branch costs more than the add.
            let empty = colours[n as usize] == EMPTY;
            empties += empty as u32;
            if empty {
                continue;
            }
            let r = links[n as usize].root;
            match scratch.inline[..len].iter_mut().find(|(x, _)| *x == r) {
                Some(entry) => entry.1 += 1,
                None => {
                    scratch.inline[len] = (r, 1);
                    len += 1;
                }
            }
        }
        scratch.len = len;
        scratch.empties = empties;
    }

    /// [`Board::collect_adjacent`] for a vertex of more than [`INLINE`] neighbours.
    #[cold]
    fn collect_adjacent_spilled(&self, neighbours: &[Vertex], scratch: &mut Scratch) {
        scratch.spilled = true;
        scratch.spill.clear();
        let mut empties = 0;
        for &n in neighbours {
            if self.colour[n as usize] == EMPTY {
                empties += 1;
                continue;
            }
            let r = self.link[n as usize].root;
            match scratch.spill.iter_mut().find(|(x, _)| *x == r) {
                Some(entry) => entry.1 += 1,
                None => scratch.spill.push((r, 1)),
            }
        }
        scratch.empties = empties;
    }

    fn string_hash(&self, r: Vertex) -> u64 {
        let c = self.colour[r as usize];
        let mut hash = self.keys.get(r, c);
        let mut s = self.link[r as usize].next;
        while s != r {
            hash ^= self.keys.get(s, c);
            s = self.link[s as usize].next;
        }
        hash
    }

    /// Puts a stone down and merges it with friendly neighbours; removes nothing. Returns the
    /// root of the stone's string. `scratch` must hold this vertex's neighbours as
    /// `collect_adjacent` left them, which saves walking the neighbours a second time on every
    /// play.
    #[inline(always)]
    fn place(&mut self, v: Vertex, colour: Colour, scratch: &Scratch) -> Vertex {
        let vi = v as usize;
        self.colour[vi] = colour;
        self.link[vi] = Link { root: v, next: v };
        // The graph is simple, so each empty neighbour is one liberty.
        self.chain[vi] = Chain {
            pseudo: scratch.empties,
            size: 1,
        };
        self.hash ^= self.keys.get(v, colour);
        // One pass: the adjacent roots are distinct strings, so merging one never changes
        // the count of another before it is visited.
        let mut root = v;
        for &(r, touching) in scratch.adjacent() {
            self.chain[r as usize].pseudo -= touching;
            if self.colour[r as usize] == colour {
                root = self.merge(root, r);
            }
        }
        root
    }

    /// Joins two strings given by their roots; returns the root of the whole.
    fn merge(&mut self, a: Vertex, b: Vertex) -> Vertex {
        if a == b {
            return a;
        }
        let (ca, cb) = (self.chain[a as usize], self.chain[b as usize]);
        let (big, small) = if ca.size >= cb.size { (a, b) } else { (b, a) };
        let mut s = small;
        loop {
            let link = &mut self.link[s as usize];
            link.root = big;
            s = link.next;
            if s == small {
                break;
            }
        }
        let big_next = self.link[big as usize].next;
        self.link[big as usize].next = self.link[small as usize].next;
        self.link[small as usize].next = big_next;
        self.chain[big as usize] = Chain {
            pseudo: ca.pseudo + cb.pseudo,
            size: ca.size + cb.size,
        };
        big
    }

    fn remove_string(&mut self, r: Vertex) {
        let c = self.colour[r as usize];
        let mut s = r;
        loop {
            self.colour[s as usize] = EMPTY;
            self.hash ^= self.keys.get(s, c);
            s = self.link[s as usize].next;
            if s == r {
                break;
            }
        }
        // Second pass, once every stone is gone, so that stones of the removed string are not
        // credited with liberties.
        let graph = Arc::clone(&self.graph);
        loop {
            for &n in graph.neighbours(s) {
                if self.colour[n as usize] != EMPTY {
                    let nr = self.link[n as usize].root;
                    self.chain[nr as usize].pseudo += 1;
                }
            }
            let following = self.link[s as usize].next;
            self.link[s as usize] = Link { root: s, next: s };
            s = following;
            if s == r {
                break;
            }
        }
    }
}
