//! Pass-alive areas on a plain (non-wrapping) grid: the same Benson's algorithm and the same
//! marks as [`super::pass_alive`]'s graph path, which stays the reference this one is diffed
//! against (`check::pass_alive::grid_matches_graph`, `tests/pass_alive_props.rs`, the
//! `pass_alive` fuzz target).
//!
//! Why a second path: scoring a finished 19×19 position must run at 200,000 positions a
//! second, and the graph path labels the board once per colour through adjacency lists. Here
//! the board is padded with an off-board border so a neighbour is a fixed offset, and it is
//! cut once, for both colours, into *blocks*: black strings, white strings and maximal empty
//! sets. Every later step works on blocks, not points:
//! - a region of colour `c` (a maximal non-`c` set with an empty point) is a connected set of
//!   empty blocks and opponent strings;
//! - a region is vital to a `c` string when each of its empty points touches the string, so
//!   each empty block keeps, per colour, the strings every one of its points touches (at most
//!   four ids), and a region's vital strings are those common to its empty blocks;
//! - removal is a worklist: a string with fewer than two vital regions goes, every region it
//!   touches stops counting, and the strings those regions were vital to lose one.
//!
//! The owner of a point is the same for every point of a block, so the marks are made per
//! block and copied out in one pass. Nothing is allocated per position once the buffers have
//! grown.

use super::board::{Colour, EMPTY};
use super::pass_alive::{AreaOptions, BLACK, WHITE};

/// The colour of the padded border.
const OFF: Colour = 3;
/// A point (or a block's region) not labelled yet.
const UNSET: u16 = u16::MAX;
/// In a point's list of neighbouring strings: no string of that colour there.
const NO: u16 = u16::MAX - 1;
/// Padded points (and blocks) fit in `CAP`: a 25×25 grid pads to 27 × 26. Per-point arrays
/// have exactly this length and are indexed `p & (CAP - 1)`, which the compiler knows is in
/// bounds, so the floods carry no bounds checks.
const CAP: usize = 1024;
const MASK: usize = CAP - 1;

/// The strings of one colour that every point seen so far touches: at most four (a point
/// has four neighbours), or every string before the first point.
#[derive(Debug, Clone, Copy)]
struct Vital {
    ids: [u16; 4],
    /// `ALL` before the first point.
    len: u8,
}

impl Vital {
    const ALL: Vital = Vital {
        ids: [NO; 4],
        len: u8::MAX,
    };

    fn ids(&self) -> &[u16] {
        &self.ids[..self.len as usize]
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Keeps the strings that are also in `other` (`NO` entries and repeats are allowed).
    fn keep(&mut self, other: &[u16; 4]) {
        if self.len == u8::MAX {
            self.len = 0;
            for &id in other {
                if id != NO && !self.ids().contains(&id) {
                    self.ids[self.len as usize] = id;
                    self.len += 1;
                }
            }
            return;
        }
        let mut kept = 0;
        for k in 0..self.len as usize {
            let id = self.ids[k];
            if other.contains(&id) {
                self.ids[kept] = id;
                kept += 1;
            }
        }
        self.len = kept as u8;
    }

    fn meet(&mut self, other: &Vital) {
        if other.len != u8::MAX {
            let mut ids = [NO; 4];
            ids[..other.len as usize].copy_from_slice(other.ids());
            self.keep(&ids);
        }
    }
}

/// One colour's region: a connected set of non-`c` blocks holding an empty one.
#[derive(Debug, Clone, Copy)]
struct Region {
    lone: u8,
    opponent: bool,
    borders_dead: bool,
    vital: Vital,
}

/// Buffers of the grid path, kept between positions.
#[derive(Debug, Clone)]
pub struct GridBenson {
    width: usize,
    height: usize,
    stride: usize,
    /// Padded board: `(height + 2) × stride` with `stride = width + 1` (the border column is
    /// shared by the left and right edges), `OFF` outside.
    colour: Box<[Colour; CAP]>,
    /// Per padded point: its block, `UNSET` outside.
    block_of: Box<[u16; CAP]>,
    /// Points of each block, contiguous, in labelling order: `block_start[b]..block_start[b + 1]`.
    points: Box<[u16; CAP]>,
    block_start: Vec<u16>,
    empties: Vec<u16>,
    /// Per block: its colour (`EMPTY` for an empty block).
    kind: Vec<Colour>,
    /// Per block, per colour `k + 1`: points not touching a stone of that colour, up to 2.
    lone: Vec<[u8; 2]>,
    /// Per block, per colour `k + 1`: the strings of that colour every point touches (empty
    /// blocks; with multi-stone suicide also opponent strings, whose stones can vanish).
    vital: Vec<[Vital; 2]>,
    /// Per block: the last block that recorded an edge to it (one edge per pair of blocks).
    stamp: Box<[u16; CAP]>,
    edges: Vec<[u16; 2]>,
    /// Neighbouring blocks of each block, contiguous: `adjacent_start[b]..adjacent_start[b + 1]`.
    adjacent_start: Vec<u16>,
    adjacent: Vec<u16>,
    /// Per block, for the colour being run: its region, or `UNSET`.
    region_of: Vec<u16>,
    regions: Vec<Region>,
    /// Per block (strings of the colour being run): vital regions not bordering a removed
    /// string, and removed yet.
    vital_count: Vec<u16>,
    dead: Vec<bool>,
    work: Vec<u16>,
    /// Per block: the colour it counts for.
    owner: Vec<Colour>,
}

impl Default for GridBenson {
    fn default() -> Self {
        GridBenson {
            width: 0,
            height: 0,
            stride: 0,
            colour: Box::new([OFF; CAP]),
            block_of: Box::new([UNSET; CAP]),
            points: Box::new([0; CAP]),
            block_start: Vec::new(),
            empties: Vec::new(),
            kind: Vec::new(),
            lone: Vec::new(),
            vital: Vec::new(),
            stamp: Box::new([UNSET; CAP]),
            edges: Vec::new(),
            adjacent_start: Vec::new(),
            adjacent: Vec::new(),
            region_of: Vec::new(),
            regions: Vec::new(),
            vital_count: Vec::new(),
            dead: Vec::new(),
            work: Vec::new(),
            owner: Vec::new(),
        }
    }
}

/// The floods' view of the buffers, borrowed apart from the rest so that nothing they write
/// can alias the board they read.
struct Cut<'a> {
    colour: &'a [Colour; CAP],
    block_of: &'a mut [u16; CAP],
    points: &'a mut [u16; CAP],
    stamp: &'a mut [u16; CAP],
    edges: &'a mut Vec<[u16; 2]>,
    stride: usize,
    /// Points labelled so far.
    len: usize,
}

impl Cut<'_> {
    /// Labels the string through `start` as block `id`; returns how many of its stones touch
    /// no opponent stone (up to 2).
    fn string(&mut self, start: usize, id: u16, colour: Colour) -> u8 {
        let (opponent, s) = (3 - colour, self.stride);
        self.block_of[start & MASK] = id;
        self.points[self.len & MASK] = start as u16;
        let (mut i, mut len) = (self.len, self.len + 1);
        let mut lone = 0u8;
        while i < len {
            let p = self.points[i & MASK] as usize;
            i += 1;
            let mut touches = false;
            for q in [p - 1, p + 1, p - s, p + s] {
                let c = self.colour[q & MASK];
                if c == colour {
                    if self.block_of[q & MASK] == UNSET {
                        self.block_of[q & MASK] = id;
                        self.points[len & MASK] = q as u16;
                        len += 1;
                    }
                } else if c == opponent {
                    touches = true;
                    let b = self.block_of[q & MASK];
                    if b != UNSET && self.stamp[b as usize & MASK] != id {
                        self.stamp[b as usize & MASK] = id;
                        self.edges.push([id, b]);
                    }
                }
            }
            lone += u8::from(!touches);
        }
        self.len = len;
        lone.min(2)
    }

    /// Labels the empty set through `start` as block `id`, every string being labelled;
    /// returns per colour its points touching no stone of it (up to 2) and the strings of it
    /// that every point touches.
    fn empty(&mut self, start: usize, id: u16) -> ([u8; 2], [Vital; 2]) {
        let s = self.stride;
        self.block_of[start & MASK] = id;
        self.points[self.len & MASK] = start as u16;
        let (mut i, mut len) = (self.len, self.len + 1);
        let (mut lone, mut vital) = ([0u8; 2], [Vital::ALL; 2]);
        // Once neither colour has a candidate left, a point only grows the set.
        let mut candidates = true;
        while i < len {
            let p = self.points[i & MASK] as usize;
            i += 1;
            let mut near = [[NO; 4]; 2];
            for (k, q) in [p - 1, p + 1, p - s, p + s].into_iter().enumerate() {
                let c = self.colour[q & MASK];
                if c == EMPTY {
                    if self.block_of[q & MASK] == UNSET {
                        self.block_of[q & MASK] = id;
                        self.points[len & MASK] = q as u16;
                        len += 1;
                    }
                } else if c != OFF {
                    let b = self.block_of[q & MASK];
                    near[c as usize - 1][k] = b;
                    if self.stamp[b as usize & MASK] != id {
                        self.stamp[b as usize & MASK] = id;
                        self.edges.push([id, b]);
                    }
                }
            }
            for k in 0..2 {
                lone[k] += u8::from(near[k] == [NO; 4]);
                if candidates {
                    vital[k].keep(&near[k]);
                }
            }
            candidates = !(vital[0].is_empty() && vital[1].is_empty());
        }
        self.len = len;
        (lone.map(|l| l.min(2)), vital)
    }
}

impl GridBenson {
    /// `area_into` for a `width × height` grid whose vertex `y * width + x` is `cells[..]`
    /// (the order of [`super::graph::Graph::grid`]).
    pub fn area_into(
        &mut self,
        width: usize,
        height: usize,
        cells: &[Colour],
        suicide: bool,
        options: AreaOptions,
        result: &mut [Colour],
    ) {
        self.load(width, height, cells);
        self.label();
        if suicide {
            self.stone_vitals();
        }
        self.link();
        self.owner.clear();
        self.owner.resize(self.kind.len(), EMPTY);
        for colour in [BLACK, WHITE] {
            self.regions_of(colour, suicide);
            self.remove_unhealthy(colour);
            self.mark(colour, options);
        }
        if options.non_pass_alive_stones {
            for (owner, &kind) in self.owner.iter_mut().zip(&self.kind) {
                if *owner == EMPTY {
                    *owner = kind;
                }
            }
        }
        self.write(cells.len(), result);
    }

    fn load(&mut self, width: usize, height: usize, cells: &[Colour]) {
        let stride = width + 1;
        if (width, height) != (self.width, self.height) {
            (self.width, self.height, self.stride) = (width, height, stride);
            self.colour.fill(OFF);
        }
        for (y, row) in cells.chunks_exact(width).enumerate() {
            let start = (y + 1) * stride + 1;
            self.colour[start..start + width].copy_from_slice(row);
        }
    }

    /// Cuts the board into blocks: every string first, so that each empty point finds the
    /// strings around it labelled; edges between blocks are recorded once, by the later one.
    fn label(&mut self) {
        self.block_of.fill(UNSET);
        self.block_start.clear();
        self.empties.clear();
        self.kind.clear();
        self.lone.clear();
        self.vital.clear();
        self.edges.clear();
        let mut cut = Cut {
            colour: &self.colour,
            block_of: &mut self.block_of,
            points: &mut self.points,
            stamp: &mut self.stamp,
            edges: &mut self.edges,
            stride: self.stride,
            len: 0,
        };
        for y in 0..self.height {
            let row = (y + 1) * self.stride + 1;
            for p in row..row + self.width {
                let c = cut.colour[p];
                if c == EMPTY {
                    self.empties.push(p as u16);
                } else if cut.block_of[p] == UNSET {
                    let id = self.kind.len() as u16;
                    cut.stamp[id as usize] = UNSET;
                    self.block_start.push(cut.len as u16);
                    let lone = cut.string(p, id, c);
                    let mut lones = [0; 2];
                    lones[2 - c as usize] = lone;
                    self.kind.push(c);
                    self.lone.push(lones);
                    self.vital.push([Vital::ALL; 2]);
                }
            }
        }
        for &p in &self.empties {
            let p = p as usize;
            if cut.block_of[p] == UNSET {
                let id = self.kind.len() as u16;
                cut.stamp[id as usize] = UNSET;
                self.block_start.push(cut.len as u16);
                let (lone, vital) = cut.empty(p, id);
                self.kind.push(EMPTY);
                self.lone.push(lone);
                self.vital.push(vital);
            }
        }
        self.block_start.push(cut.len as u16);
    }

    /// With multi-stone suicide every point of a region must touch a vital string, the
    /// opponent's stones too: each string keeps the opponent strings all its stones touch.
    fn stone_vitals(&mut self) {
        let s = self.stride;
        for b in 0..self.kind.len() {
            let kind = self.kind[b];
            if kind == EMPTY {
                continue;
            }
            let opponent = 3 - kind;
            let mut vital = Vital::ALL;
            let points = self.block_start[b] as usize..self.block_start[b + 1] as usize;
            for &p in &self.points[points] {
                let p = p as usize;
                let mut near = [NO; 4];
                for (k, q) in [p - 1, p + 1, p - s, p + s].into_iter().enumerate() {
                    if self.colour[q] == opponent {
                        near[k] = self.block_of[q];
                    }
                }
                vital.keep(&near);
                if vital.is_empty() {
                    break;
                }
            }
            self.vital[b][opponent as usize - 1] = vital;
        }
    }

    /// Each block's neighbouring blocks from the edges, by counting sort.
    fn link(&mut self) {
        let n = self.kind.len();
        self.adjacent_start.clear();
        self.adjacent_start.resize(n + 2, 0);
        let start = &mut self.adjacent_start[..];
        for &[a, b] in &self.edges {
            start[a as usize + 2] += 1;
            start[b as usize + 2] += 1;
        }
        for k in 2..n + 2 {
            start[k] += start[k - 1];
        }
        self.adjacent.clear();
        self.adjacent.resize(2 * self.edges.len(), 0);
        let adjacent = &mut self.adjacent[..];
        // `start[b + 1]` is the next free slot of `b`; after the fill it is the end of `b`'s
        // list, i.e. the start of `b + 1`'s.
        for &[a, b] in &self.edges {
            adjacent[start[a as usize + 1] as usize] = b;
            start[a as usize + 1] += 1;
            adjacent[start[b as usize + 1] as usize] = a;
            start[b as usize + 1] += 1;
        }
    }

    /// The regions of `colour`, grown from empty blocks over the blocks not of `colour`,
    /// each with its vital strings, size of its part away from `colour` and opponent stones;
    /// then each string's count of vital regions.
    fn regions_of(&mut self, colour: Colour, suicide: bool) {
        let n = self.kind.len();
        let k = colour as usize - 1;
        self.region_of.clear();
        self.region_of.resize(n, UNSET);
        self.regions.clear();
        let (kind, lone, vital) = (&self.kind[..], &self.lone[..], &self.vital[..]);
        let (start, adjacent) = (&self.adjacent_start[..], &self.adjacent[..]);
        let region_of = &mut self.region_of[..];
        for first in 0..n {
            if kind[first] != EMPTY || region_of[first] != UNSET {
                continue;
            }
            let id = self.regions.len() as u16;
            let mut region = Region {
                lone: 0,
                opponent: false,
                borders_dead: false,
                vital: Vital::ALL,
            };
            region_of[first] = id;
            self.work.clear();
            self.work.push(first as u16);
            while let Some(b) = self.work.pop() {
                let b = b as usize;
                region.lone = (region.lone + lone[b][k]).min(2);
                let opponent = kind[b] != EMPTY;
                if !opponent || suicide {
                    region.vital.meet(&vital[b][k]);
                }
                region.opponent |= opponent;
                for &m in &adjacent[start[b] as usize..start[b + 1] as usize] {
                    if kind[m as usize] != colour && region_of[m as usize] == UNSET {
                        region_of[m as usize] = id;
                        self.work.push(m);
                    }
                }
            }
            self.regions.push(region);
        }
        self.vital_count.clear();
        self.vital_count.resize(n, 0);
        for region in &self.regions {
            for &s in region.vital.ids() {
                self.vital_count[s as usize] += 1;
            }
        }
    }

    fn remove_unhealthy(&mut self, colour: Colour) {
        self.dead.clear();
        self.dead.resize(self.kind.len(), false);
        self.work.clear();
        for (s, &kind) in self.kind.iter().enumerate() {
            if kind == colour && self.vital_count[s] < 2 {
                self.dead[s] = true;
                self.work.push(s as u16);
            }
        }
        let (start, adjacent) = (&self.adjacent_start[..], &self.adjacent[..]);
        while let Some(s) = self.work.pop() {
            let s = s as usize;
            for &m in &adjacent[start[s] as usize..start[s + 1] as usize] {
                let r = self.region_of[m as usize];
                if r == UNSET || self.regions[r as usize].borders_dead {
                    continue;
                }
                let region = &mut self.regions[r as usize];
                region.borders_dead = true;
                for &t in region.vital.ids() {
                    let count = &mut self.vital_count[t as usize];
                    *count -= 1;
                    if *count < 2 && !self.dead[t as usize] {
                        self.dead[t as usize] = true;
                        self.work.push(t);
                    }
                }
            }
        }
    }

    /// The graph path's marks for `colour`, per block: live strings, territory, and with
    /// `unsafe_big_territories` empty regions nobody marked yet.
    fn mark(&mut self, colour: Colour, options: AreaOptions) {
        if !self.kind.contains(&colour) {
            return;
        }
        for (b, &kind) in self.kind.iter().enumerate() {
            if kind == colour {
                if !self.dead[b] {
                    self.owner[b] = colour;
                }
                continue;
            }
            let r = self.region_of[b];
            if r == UNSET {
                continue;
            }
            let region = &self.regions[r as usize];
            let empty = !region.opponent;
            let territory = !region.borders_dead
                && (region.lone <= 1 || (options.safe_big_territories && empty));
            if territory || (options.unsafe_big_territories && empty && self.owner[b] == EMPTY) {
                self.owner[b] = colour;
            }
        }
    }

    fn write(&self, len: usize, result: &mut [Colour]) {
        let (w, s) = (self.width, self.stride);
        for (y, row) in result[..len].chunks_exact_mut(w).enumerate() {
            let blocks = &self.block_of[(y + 1) * s + 1..][..w];
            for (r, &b) in row.iter_mut().zip(blocks) {
                *r = self.owner[b as usize];
            }
        }
    }
}
