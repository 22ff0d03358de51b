//! The fast board: stones, strings as circular linked lists with pseudo-liberty counts, and an
//! incrementally updated Zobrist hash. Rules live elsewhere; the board only knows what a play
//! does (captures, suicide) and never whether a ruleset allows it.

use std::sync::Arc;

use super::graph::{Graph, Vertex};
use super::zobrist::Keys;

/// Colour of a point: 0 is empty, seat `s` plays colour `s + 1`.
pub type Colour = u8;
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
    pub fn is_suicide(&self) -> bool {
        self.suicided > 0
    }
}

/// Working lists reused between plays so the hot path does not allocate.
#[derive(Debug, Default, Clone)]
pub struct Scratch {
    /// Distinct adjacent strings (root, number of adjacent points from the played vertex).
    adjacent: Vec<(Vertex, u32)>,
    /// Empty neighbours of the played vertex.
    empties: u32,
    captured: Vec<Vertex>,
}

#[derive(Debug, Clone)]
pub struct Board {
    graph: Arc<Graph>,
    keys: &'static Keys,
    colour: Vec<Colour>,
    root: Vec<Vertex>,
    next: Vec<Vertex>,
    /// Pseudo-liberties: (stone, empty neighbour) pairs per string root. Zero exactly when the
    /// string has no liberty, which is all capture detection needs.
    pseudo: Vec<u32>,
    size: Vec<u32>,
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
    pub fn new(graph: Arc<Graph>) -> Self {
        let n = graph.len();
        Board {
            keys: Keys::shared(),
            graph,
            colour: vec![EMPTY; n],
            root: (0..n as Vertex).collect(),
            next: (0..n as Vertex).collect(),
            pseudo: vec![0; n],
            size: vec![0; n],
            hash: 0,
            prisoners: [0; 9],
        }
    }

    /// A board with stones placed as given (one colour per vertex); the caller checks that
    /// every string has a liberty (see [`Board::strings_without_liberties`]).
    pub fn with_stones(graph: Arc<Graph>, stones: &[Colour]) -> Self {
        let mut board = Board::new(graph);
        let mut scratch = Scratch::default();
        for (v, &c) in stones.iter().enumerate() {
            if c != EMPTY {
                board.collect_adjacent(v as Vertex, &mut scratch);
                board.place(v as Vertex, c, &scratch);
            }
        }
        board
    }

    pub fn graph(&self) -> &Arc<Graph> {
        &self.graph
    }

    #[inline]
    pub fn colour(&self, v: Vertex) -> Colour {
        self.colour[v as usize]
    }

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

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn prisoners(&self, colour: Colour) -> u32 {
        self.prisoners[colour as usize]
    }

    /// Stones of the string through `v` (empty if `v` is empty).
    pub fn string(&self, v: Vertex) -> Vec<Vertex> {
        if self.colour(v) == EMPTY {
            return Vec::new();
        }
        let mut stones = vec![v];
        let mut s = self.next[v as usize];
        while s != v {
            stones.push(s);
            s = self.next[s as usize];
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
            s = self.next[s as usize];
            if s == v {
                return found.len();
            }
        }
    }

    /// Roots of strings with no liberty; a legal position has none.
    pub fn strings_without_liberties(&self) -> Vec<Vertex> {
        self.graph
            .vertices()
            .filter(|&v| self.colour(v) != EMPTY && self.root[v as usize] == v)
            .filter(|&v| self.pseudo[v as usize] == 0)
            .collect()
    }

    /// What playing `colour` at empty vertex `v` would do. Leaves in `scratch` what
    /// [`Board::play`] needs, so a `play` right after reuses it.
    pub fn analyze(&self, v: Vertex, colour: Colour, scratch: &mut Scratch) -> Effect {
        debug_assert_eq!(self.colour(v), EMPTY);
        self.collect_adjacent(v, scratch);
        scratch.captured.clear();
        let mut has_liberty = scratch.empties > 0;
        let mut hash = self.hash ^ self.keys.get(v, colour);
        let mut captured = 0;
        for &(r, touching) in &scratch.adjacent {
            let c = self.colour[r as usize];
            if c == colour {
                has_liberty |= self.pseudo[r as usize] > touching;
            } else if self.pseudo[r as usize] == touching {
                scratch.captured.push(r);
                captured += self.size[r as usize];
                hash ^= self.string_hash(r);
            }
        }
        let mut suicided = 0;
        if !has_liberty && captured == 0 {
            // Rare, so the friendly strings are found again rather than listed on every play.
            hash ^= self.keys.get(v, colour);
            suicided = 1;
            for &(r, _) in &scratch.adjacent {
                if self.colour[r as usize] == colour {
                    suicided += self.size[r as usize];
                    hash ^= self.string_hash(r);
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
    pub fn play(&mut self, v: Vertex, colour: Colour, scratch: &Scratch) {
        self.place(v, colour, scratch);
        for i in 0..scratch.captured.len() {
            let r = scratch.captured[i];
            self.prisoners[colour as usize] += self.size[r as usize];
            self.remove_string(r);
        }
        let r = self.root[v as usize];
        if self.pseudo[r as usize] == 0 {
            self.remove_string(r);
        }
    }

    /// Analyzes and plays in one call.
    pub fn play_stone(&mut self, v: Vertex, colour: Colour, scratch: &mut Scratch) -> Effect {
        let effect = self.analyze(v, colour, scratch);
        self.play(v, colour, scratch);
        effect
    }

    fn collect_adjacent(&self, v: Vertex, scratch: &mut Scratch) {
        scratch.adjacent.clear();
        let mut empties = 0;
        for &n in self.graph.neighbours(v) {
            // Counted without a branch: whether a neighbour is empty is a coin toss in a
            // game, and a mispredicted branch costs more than the add.
            let empty = self.colour[n as usize] == EMPTY;
            empties += empty as u32;
            if empty {
                continue;
            }
            let r = self.root[n as usize];
            match scratch.adjacent.iter_mut().find(|(x, _)| *x == r) {
                Some(entry) => entry.1 += 1,
                None => scratch.adjacent.push((r, 1)),
            }
        }
        scratch.empties = empties;
    }

    fn string_hash(&self, r: Vertex) -> u64 {
        let c = self.colour[r as usize];
        let mut hash = self.keys.get(r, c);
        let mut s = self.next[r as usize];
        while s != r {
            hash ^= self.keys.get(s, c);
            s = self.next[s as usize];
        }
        hash
    }

    /// Puts a stone down and merges it with friendly neighbours; removes nothing.
    /// `scratch.adjacent` must hold this vertex's neighbours as `collect_adjacent` left them,
    /// which saves walking the neighbours a second time on every play.
    fn place(&mut self, v: Vertex, colour: Colour, scratch: &Scratch) {
        let vi = v as usize;
        self.colour[vi] = colour;
        self.root[vi] = v;
        self.next[vi] = v;
        self.size[vi] = 1;
        self.hash ^= self.keys.get(v, colour);
        // The graph is simple, so each empty neighbour is one liberty.
        self.pseudo[vi] = scratch.empties;
        // One pass: the adjacent roots are distinct strings, so merging one never changes
        // the count of another before it is visited.
        let mut root = v;
        for &(r, touching) in &scratch.adjacent {
            self.pseudo[r as usize] -= touching;
            if self.colour[r as usize] == colour {
                root = self.merge(root, r);
            }
        }
    }

    /// Joins two strings given by their roots; returns the root of the whole.
    fn merge(&mut self, a: Vertex, b: Vertex) -> Vertex {
        if a == b {
            return a;
        }
        let (big, small) = if self.size[a as usize] >= self.size[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.root[s as usize] = big;
            s = self.next[s as usize];
            if s == small {
                break;
            }
        }
        self.next.swap(big as usize, small as usize);
        self.pseudo[big as usize] += self.pseudo[small as usize];
        self.size[big as usize] += self.size[small as usize];
        big
    }

    fn remove_string(&mut self, r: Vertex) {
        let c = self.colour[r as usize];
        let mut s = r;
        loop {
            self.colour[s as usize] = EMPTY;
            self.hash ^= self.keys.get(s, c);
            s = self.next[s as usize];
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
                    let nr = self.root[n as usize];
                    self.pseudo[nr as usize] += 1;
                }
            }
            let following = self.next[s as usize];
            self.next[s as usize] = s;
            self.root[s as usize] = s;
            s = following;
            if s == r {
                break;
            }
        }
    }
}
