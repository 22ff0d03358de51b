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
/// The colour of the sentinel cell past the last vertex, which [`Graph::quads`] pads its
/// rows with: neither empty nor a stone, so a neighbour walk skips it.
const WALL: Colour = Colour::MAX;

/// `list[i]` without a bounds check. Only for indices the board's invariants keep in range
/// (see [`Board`]): a vertex read from its own links, or a slot of [`Graph::quads`] into
/// `colour`; checked in debug builds.
#[inline(always)]
fn at<T: Copy>(list: &[T], i: usize) -> T {
    debug_assert!(i < list.len(), "index {i} of {}", list.len());
    // SAFETY: the callers' indices obey the invariants above, so `i < list.len()`.
    unsafe { *list.get_unchecked(i) }
}

/// [`at`] for writing.
#[inline(always)]
fn at_mut<T>(list: &mut [T], i: usize) -> &mut T {
    debug_assert!(i < list.len(), "index {i} of {}", list.len());
    // SAFETY: as for `at`.
    unsafe { list.get_unchecked_mut(i) }
}

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
    /// The hash after the play, so that making it sets the hash instead of walking the
    /// captured strings' keys a second time.
    hash_after: u64,
    /// Whether the play removes its own string.
    suicide: bool,
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
            hash_after: 0,
            suicide: false,
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
///
/// Invariants the unchecked reads (`Board::at`) rely on, for a graph of `n` vertices: `colour`
/// has `n + 1` cells, the last one `WALL` (the sentinel of [`Graph::quads`]); `link` and
/// `chain` have `n`; every root and next stone in `link` is a vertex (below `n`).
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
        let mut colour = vec![EMPTY; n + 1];
        colour[n] = WALL;
        Board {
            keys: Keys::shared(),
            graph,
            colour,
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
        let n = self.link.len();
        if self.colour[..n].iter().any(|&c| c != EMPTY) {
            self.colour[..n].fill(EMPTY);
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
        // Most games start empty: one pass over the cells (an OR the compiler vectorizes)
        // says so for a fraction of the loop below.
        if stones.iter().fold(EMPTY, |any, &c| any | c) == EMPTY {
            return;
        }
        let mut scratch = Scratch::default();
        for (v, &c) in stones.iter().enumerate() {
            if c != EMPTY {
                self.collect_adjacent(v as Vertex, &mut scratch);
                self.place(v as Vertex, c, &scratch);
                self.hash ^= self.keys.get(v as Vertex, c);
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
        self.cells()[v as usize]
    }

    /// Every vertex's colour, in vertex order.
    #[inline]
    pub fn cells(&self) -> &[Colour] {
        &self.colour[..self.link.len()]
    }

    /// Appends the board to a state key, sixteen 4-bit cells per word.
    pub fn pack_into(&self, key: &mut Vec<u64>) {
        key.extend(
            self.cells()
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
    // Inlined into the referees' rulings: a call here cost a tenth of a play in saved
    // registers and argument moves (callgrind).
    #[inline(always)]
    pub fn analyze(&self, v: Vertex, colour: Colour, scratch: &mut Scratch) -> Effect {
        debug_assert_eq!(self.colour(v), EMPTY);
        // The list chosen where it is filled: one branch on the graph's kind, not a second
        // one on the scratch space's.
        let adjacent: &[(Vertex, u32)] = match self.graph.quads() {
            Some(quads) => {
                self.collect_adjacent_quad(quads[v as usize], scratch);
                &scratch.inline[..scratch.len]
            }
            None => {
                self.collect_adjacent_spilled(self.graph.neighbours(v), scratch);
                &scratch.spill
            }
        };
        let has_empty = scratch.empties > 0;
        let captured_roots = &mut scratch.captured;
        captured_roots.clear();
        let mut has_liberty = has_empty;
        let key = self.keys.get(v, colour);
        let mut hash = self.hash ^ key;
        let mut captured = 0;
        let mut friends = false;
        for &(r, touching) in adjacent {
            // `r` was read from this board's links by `collect_adjacent`: a vertex.
            let chain = at(&self.chain, r as usize);
            if at(&self.colour, r as usize) == colour {
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
                    if at(&self.colour, r as usize) == colour {
                        suicided += at(&self.chain, r as usize).size;
                        hash ^= self.string_hash(r);
                    }
                }
            }
        }
        scratch.hash_after = hash;
        scratch.suicide = suicided > 0;
        Effect {
            captured,
            suicided,
            hash_after: hash,
        }
    }

    /// Plays `colour` at empty `v`, removing captured strings and then, if it has no liberty,
    /// the played string. `scratch` must hold the result of `analyze(v, colour)` on this board.
    // Inlined into the referees' plays, like `analyze`.
    #[inline(always)]
    pub fn play(&mut self, v: Vertex, colour: Colour, scratch: &Scratch) {
        let root = self.place(v, colour, scratch);
        for &r in &scratch.captured {
            self.prisoners[colour as usize] += self.chain[r as usize].size;
            self.remove_string(r);
        }
        if scratch.suicide {
            self.remove_string(root);
        }
        // The analysis worked out the hash after every removal.
        self.hash = scratch.hash_after;
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
        match self.graph.quads() {
            Some(quads) => self.collect_adjacent_quad(quads[v as usize], scratch),
            None => self.collect_adjacent_spilled(self.graph.neighbours(v), scratch),
        }
    }

    /// [`Board::collect_adjacent`] for a vertex's row of [`Graph::quads`]: four slots,
    /// unrolled, the sentinel ones reading [`WALL`].
    #[inline(always)]
    fn collect_adjacent_quad(&self, quad: [Vertex; 4], scratch: &mut Scratch) {
        scratch.spilled = false;
        let mut len = 0;
        let mut empties = 0;
        // Unrolled by hand: the compiler kept a loop counter and a bounds check per slot.
        self.visit(quad[0], &mut scratch.inline, &mut len, &mut empties);
        self.visit(quad[1], &mut scratch.inline, &mut len, &mut empties);
        self.visit(quad[2], &mut scratch.inline, &mut len, &mut empties);
        self.visit(quad[3], &mut scratch.inline, &mut len, &mut empties);
        scratch.len = len;
        scratch.empties = empties;
    }

    /// One slot of [`Board::collect_adjacent_quad`]: counts it if empty, else adds its
    /// string to the first `len` of `inline` (or one more touch to it).
    #[inline(always)]
    fn visit(
        &self,
        n: Vertex,
        inline: &mut [(Vertex, u32); INLINE],
        len: &mut usize,
        empties: &mut u32,
    ) {
        // A quad slot is a vertex or the sentinel, and `colour` has a cell for both.
        let c = at(&self.colour, n as usize);
        // Counted without a branch: whether a neighbour is empty is a coin toss in a game,
        // and a mispredicted branch costs more than the add.
        *empties += (c == EMPTY) as u32;
        if c == EMPTY || c == WALL {
            return;
        }
        // Not the sentinel, so a vertex.
        let r = at(&self.link, n as usize).root;
        for entry in &mut inline[..*len] {
            if entry.0 == r {
                entry.1 += 1;
                return;
            }
        }
        // At most three slots came before this one, so `len < 4`: the mask spares the
        // bounds check the compiler could not prove away.
        inline[*len & (INLINE - 1)] = (r, 1);
        *len += 1;
    }

    /// [`Board::collect_adjacent`] for a graph with a vertex of more than four neighbours.
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

    /// The keys of the string whose root is `r` (a vertex read from this board's links).
    fn string_hash(&self, r: Vertex) -> u64 {
        let c = at(&self.colour, r as usize);
        let mut hash = self.keys.get(r, c);
        let mut s = at(&self.link, r as usize).next;
        while s != r {
            hash ^= self.keys.get(s, c);
            s = at(&self.link, s as usize).next;
        }
        hash
    }

    /// Puts a stone down and merges it with friendly neighbours; removes nothing and leaves
    /// the hash to the caller. Returns the root of the stone's string. `scratch` must hold
    /// this vertex's neighbours as `collect_adjacent` left them, which saves walking the
    /// neighbours a second time on every play.
    #[inline(always)]
    fn place(&mut self, v: Vertex, colour: Colour, scratch: &Scratch) -> Vertex {
        let vi = v as usize;
        self.link[vi] = Link { root: v, next: v };
        // `link` and `chain` have a cell for every vertex and `colour` one more.
        *at_mut(&mut self.colour, vi) = colour;
        // The graph is simple, so each empty neighbour is one liberty.
        *at_mut(&mut self.chain, vi) = Chain {
            pseudo: scratch.empties,
            size: 1,
        };
        // One pass: the adjacent roots are distinct strings, so merging one never changes
        // the count of another before it is visited.
        let mut root = v;
        for &(r, touching) in scratch.adjacent() {
            self.chain[r as usize].pseudo -= touching;
            if at(&self.colour, r as usize) == colour {
                root = self.merge(root, r);
            }
        }
        root
    }

    /// Joins two strings given by their roots (vertices); returns the root of the whole.
    #[inline]
    fn merge(&mut self, a: Vertex, b: Vertex) -> Vertex {
        if a == b {
            return a;
        }
        let (ca, cb) = (at(&self.chain, a as usize), at(&self.chain, b as usize));
        let (big, small) = if ca.size >= cb.size { (a, b) } else { (b, a) };
        let links = &mut self.link[..];
        let mut s = small;
        loop {
            let link = at_mut(links, s as usize);
            link.root = big;
            s = link.next;
            if s == small {
                break;
            }
        }
        let big_next = at(links, big as usize).next;
        at_mut(links, big as usize).next = at(links, small as usize).next;
        at_mut(links, small as usize).next = big_next;
        *at_mut(&mut self.chain, big as usize) = Chain {
            pseudo: ca.pseudo + cb.pseudo,
            size: ca.size + cb.size,
        };
        big
    }

    /// Takes the string whose root is `r` (a vertex) off the board, crediting its
    /// neighbours with the liberties it leaves; the hash is the caller's.
    fn remove_string(&mut self, r: Vertex) {
        let mut s = r;
        loop {
            *at_mut(&mut self.colour, s as usize) = EMPTY;
            s = at(&self.link, s as usize).next;
            if s == r {
                break;
            }
        }
        // Second pass, once every stone is gone, so that stones of the removed string are not
        // credited with liberties.
        let graph = &*self.graph;
        loop {
            match graph.quads() {
                Some(quads) => {
                    for n in at(quads, s as usize) {
                        credit(&self.colour, &self.link, &mut self.chain, n);
                    }
                }
                None => {
                    for &n in graph.neighbours(s) {
                        credit(&self.colour, &self.link, &mut self.chain, n);
                    }
                }
            }
            let following = at(&self.link, s as usize).next;
            *at_mut(&mut self.link, s as usize) = Link { root: s, next: s };
            s = following;
            if s == r {
                break;
            }
        }
    }
}

/// One more liberty for the string at `n` (a neighbour of a removed stone, or the
/// sentinel), if a stone is there.
#[inline(always)]
fn credit(colour: &[Colour], link: &[Link], chain: &mut [Chain], n: Vertex) {
    let c = at(colour, n as usize);
    if c != EMPTY && c != WALL {
        let root = at(link, n as usize).root;
        at_mut(chain, root as usize).pseudo += 1;
    }
}
