//! Pass-alive areas on a plain grid of up to 32 columns and 62 rows, bit-parallel: the same
//! Benson's algorithm and the same marks as [`super::pass_alive`]'s graph path, which stays
//! the reference this one is diffed against (`check::pass_alive::grid_matches_graph`,
//! `tests/pass_alive_props.rs`, the `pass_alive` fuzz target).
//!
//! Why a third path: scoring a finished 19×19 position should run at 200,000 positions a
//! second, and both other paths visit every point's neighbours one by one (the block path,
//! [`super::pass_alive_grid`], about 60,000 instructions a position). Here a board row is a
//! word (bit `x` is column `x`), so a step of a flood, a neighbourhood or a test works on a
//! whole row at once:
//! - a flood fills a row's runs in a few operations (a carry runs up a run, a doubling
//!   shift runs down it) and sweeps down and up the rows until nothing grows;
//! - the regions of a colour are cut from the board by floods from its empty points, and
//!   what Benson's algorithm asks of a region (points touching no stone of the colour, an
//!   opponent stone, an empty point touching none of the colour) is a popcount or an AND
//!   per row;
//! - only the strings next to a region that can be vital (every empty point touches the
//!   colour; with multi-stone suicide every point) are cut out, and a region is vital to
//!   such a string when its empty points lie in the string's neighbourhood: one AND-NOT
//!   per row; every other string has no vital region and is removed at once;
//! - removals run on sets: the removed stones' neighbourhood is one set, a region borders
//!   a removed string when it meets that set;
//! - the owners are two sets (Black's, White's) written to the cells a byte per point at
//!   the end.

use super::board::Colour;
use super::pass_alive::{AreaOptions, BLACK, WHITE};

/// Rows of a board: row 0 and every row past the grid stay empty, so a row's upper and lower
/// neighbours are always there.
const ROWS: usize = 64;
/// Widest grid: a row's runs are filled downwards by shifts of 1, 2, 4, 8 and 16.
pub const MAX_WIDTH: usize = 32;
/// Tallest grid.
pub const MAX_HEIGHT: usize = ROWS - 2;

type Rows = [u64; ROWS];

/// A string or region: its rows `lo..=hi`, stored from `start` in an arena.
#[derive(Debug, Clone, Copy)]
struct Part {
    lo: usize,
    hi: usize,
    start: usize,
}

impl Part {
    fn rows<'a>(&self, arena: &'a [u64]) -> &'a [u64] {
        &arena[self.start..self.start + self.hi + 1 - self.lo]
    }

    /// Row `y` of the part (empty outside its rows).
    fn row(&self, arena: &[u64], y: usize) -> u64 {
        if y < self.lo || y > self.hi {
            0
        } else {
            arena[self.start + y - self.lo]
        }
    }
}

/// One colour's region and what Benson's algorithm asks of it.
#[derive(Debug, Clone, Copy)]
struct Region {
    part: Part,
    /// Points touching no stone of the colour, up to 2.
    lone: u8,
    opponent: bool,
    /// Can be vital: every empty point (with multi-stone suicide every point) touches the
    /// colour.
    can_be_vital: bool,
    borders_dead: bool,
    /// The strings it is vital to: at most four, as its first point has four neighbours.
    vital: [u16; 4],
    vitals: u8,
}

/// Buffers of the bit-parallel path, kept between positions.
#[derive(Debug, Clone)]
pub struct BitBenson {
    height: usize,
    /// The columns of a row.
    full: u64,
    black: Rows,
    white: Rows,
    empty: Rows,
    /// The colour being run: its stones' neighbourhood, the other colours' points, the
    /// points that keep a region from being vital.
    near: Rows,
    others: Rows,
    blocking: Rows,
    /// Points not labelled yet; a flood's output (empty between floods).
    rest: Rows,
    flood: Rows,
    /// Removed stones and their neighbourhood.
    removed: Rows,
    removed_near: Rows,
    /// Owners so far: Black's and White's.
    owner: [Rows; 2],
    regions: Vec<Region>,
    region_rows: Vec<u64>,
    strings: Vec<Part>,
    string_rows: Vec<u64>,
    /// Per string: its neighbourhood (rows `lo - 1..=hi + 1`).
    string_near: Vec<Part>,
    near_rows: Vec<u64>,
    /// Per string: vital regions not bordering a removed string, and removed yet.
    vital_count: Vec<u16>,
    dead: Vec<bool>,
    /// The stones of the strings cut out so far.
    cut: Rows,
}

impl Default for BitBenson {
    fn default() -> Self {
        BitBenson {
            height: 0,
            full: 0,
            black: [0; ROWS],
            white: [0; ROWS],
            empty: [0; ROWS],
            near: [0; ROWS],
            others: [0; ROWS],
            blocking: [0; ROWS],
            rest: [0; ROWS],
            flood: [0; ROWS],
            removed: [0; ROWS],
            removed_near: [0; ROWS],
            owner: [[0; ROWS]; 2],
            regions: Vec::new(),
            region_rows: Vec::new(),
            strings: Vec::new(),
            string_rows: Vec::new(),
            string_near: Vec::new(),
            near_rows: Vec::new(),
            vital_count: Vec::new(),
            dead: Vec::new(),
            cut: [0; ROWS],
        }
    }
}

/// The runs of `m` that hold a bit of `s` (`s` within `m`, runs shorter than 33).
fn fill(m: u64, s: u64) -> u64 {
    // Upwards: the carry of `m + s` runs from each run's lowest seed to its top and stops.
    let mut x = (m & !m.wrapping_add(s)) | s;
    // Downwards: each shift doubles how far the fill has run, within `g`'s runs.
    let mut g = m;
    x |= (x >> 1) & g;
    g &= g >> 1;
    x |= (x >> 2) & g;
    g &= g >> 2;
    x |= (x >> 4) & g;
    g &= g >> 4;
    x |= (x >> 8) & g;
    g &= g >> 8;
    x |= (x >> 16) & g;
    x
}

/// The connected set of `m` through `seed` (bits of row `y`) into `out`, which must be empty;
/// returns its first and last rows. A row is looked at again only when a neighbouring row
/// changed in a way that reaches it: rows waiting to be filled from the row above are taken
/// in increasing order, then rows waiting to be filled from the row below in decreasing
/// order, until none waits.
fn flood(m: &Rows, y: usize, seed: u64, out: &mut Rows) -> (usize, usize) {
    const LAST: usize = ROWS - 1;
    let first = fill(m[y], seed);
    out[y] = first;
    let (mut lo, mut hi) = (y, y);
    // Rows 0 and `ROWS - 1` are empty in `m`, so they never change and never wait.
    let waits =
        |row: u64, next: usize| -> u64 { u64::from(row & m[next & LAST] != 0) << (next & LAST) };
    let (mut down, mut up) = (waits(first, y + 1), waits(first, y.wrapping_sub(1)));
    while down | up != 0 {
        while down != 0 {
            let y = down.trailing_zeros() as usize;
            down &= down - 1;
            let s = out[(y - 1) & LAST] & m[y] & !out[y];
            if s != 0 {
                let row = fill(m[y], out[y] | s);
                out[y] = row;
                hi = hi.max(y);
                down |= waits(row & !out[(y + 1) & LAST], y + 1);
                up |= waits(row & !out[(y - 1) & LAST], y - 1);
            }
        }
        while up != 0 {
            let y = LAST - up.leading_zeros() as usize;
            up &= !(1 << y);
            let s = out[(y + 1) & LAST] & m[y] & !out[y];
            if s != 0 {
                let row = fill(m[y], out[y] | s);
                out[y] = row;
                lo = lo.min(y);
                up |= waits(row & !out[(y - 1) & LAST], y - 1);
                down |= waits(row & !out[(y + 1) & LAST], y + 1);
            }
        }
    }
    (lo, hi)
}

/// Each of the lowest 8 bits of `x` as a byte of value 0 or 1 (bit `i` → byte `i`).
fn bytes_of(x: u64) -> u64 {
    // Copy the byte to every byte and keep bit `i` in byte `i`; adding 0x7f to a byte sets
    // its top bit exactly when the byte is not zero.
    let spread = (x & 0xff).wrapping_mul(0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
    (spread.wrapping_add(0x7f7f_7f7f_7f7f_7f7f) >> 7) & 0x0101_0101_0101_0101
}

/// The low bit of each of the 8 bytes of `x`, as 8 bits (byte `i` → bit `i`).
fn bits_of(x: u64) -> u64 {
    (x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

impl BitBenson {
    /// `area_into` for a `width × height` grid (at most [`MAX_WIDTH`] × [`MAX_HEIGHT`]) whose
    /// vertex `y * width + x` is `cells[..]` (the order of [`super::graph::Graph::grid`]).
    pub fn area_into(
        &mut self,
        width: usize,
        height: usize,
        cells: &[Colour],
        suicide: bool,
        options: AreaOptions,
        result: &mut [Colour],
    ) {
        assert!(width <= MAX_WIDTH && height <= MAX_HEIGHT);
        self.load(width, height, cells);
        self.owner = [[0; ROWS]; 2];
        for colour in [BLACK, WHITE] {
            if self.run(colour, suicide) {
                self.mark(colour, options);
            }
        }
        if options.non_pass_alive_stones {
            for y in 1..=height {
                let free = !(self.owner[0][y] | self.owner[1][y]);
                self.owner[0][y] |= self.black[y] & free;
                self.owner[1][y] |= self.white[y] & free;
            }
        }
        self.write(width, result);
    }

    fn load(&mut self, width: usize, height: usize, cells: &[Colour]) {
        let full = (1u64 << width) - 1;
        if height != self.height {
            // Rows past the grid must stay empty in every set a flood or a test reads.
            self.near = [0; ROWS];
            self.others = [0; ROWS];
            self.blocking = [0; ROWS];
        }
        (self.height, self.full) = (height, full);
        self.black = [0; ROWS];
        self.white = [0; ROWS];
        self.empty = [0; ROWS];
        let cells = &cells[..width * height];
        for y in 0..height {
            let (mut black, mut white) = (0u64, 0u64);
            for k in (0..width).step_by(8) {
                let v = word_at(cells, y * width + k);
                black |= bits_of(v) << k;
                white |= bits_of(v >> 1) << k;
            }
            // A word may run into the next row: keep this row's columns.
            let (black, white) = (black & full, white & full);
            self.black[y + 1] = black;
            self.white[y + 1] = white;
            self.empty[y + 1] = full & !(black | white);
        }
    }

    /// Benson's algorithm for `colour`: regions, vital strings, removals. False when the
    /// colour has no stone (it then marks nothing).
    fn run(&mut self, colour: Colour, suicide: bool) -> bool {
        let h = self.height;
        let (own, opponent) = if colour == BLACK {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        };
        if own[1..=h].iter().all(|&r| r == 0) {
            return false;
        }
        let full = self.full;
        for y in 1..=h {
            let s = own[y];
            let near = (s << 1 | s >> 1 | own[y - 1] | own[y + 1]) & full;
            self.near[y] = near;
            self.others[y] = self.empty[y] | opponent[y];
            let must_touch = if suicide {
                self.others[y]
            } else {
                self.empty[y]
            };
            self.blocking[y] = must_touch & !near;
        }
        self.regions_of(&opponent);
        self.cut = [0; ROWS];
        self.strings.clear();
        self.string_rows.clear();
        self.string_near.clear();
        self.near_rows.clear();
        self.vital_count.clear();
        for r in 0..self.regions.len() {
            if self.regions[r].can_be_vital {
                self.vital_strings(r, &own, suicide);
            }
        }
        self.remove_unhealthy(&own);
        true
    }

    /// Cuts the colour's regions (the connected sets of `others` through an empty point).
    // A row index reads and writes several row sets at once.
    #[allow(clippy::needless_range_loop)]
    fn regions_of(&mut self, opponent: &Rows) {
        let h = self.height;
        self.regions.clear();
        self.region_rows.clear();
        self.rest = self.empty;
        for y in 1..=h {
            while self.rest[y] != 0 {
                let seed = self.rest[y] & self.rest[y].wrapping_neg();
                let (lo, hi) = flood(&self.others, y, seed, &mut self.flood);
                let start = self.region_rows.len();
                let (mut lone, mut has_opponent, mut blocked) = (0, false, false);
                for r in lo..=hi {
                    let t = self.flood[r];
                    self.flood[r] = 0;
                    self.rest[r] &= !t;
                    self.region_rows.push(t);
                    lone += (t & !self.near[r]).count_ones();
                    has_opponent |= t & opponent[r] != 0;
                    blocked |= t & self.blocking[r] != 0;
                }
                self.regions.push(Region {
                    part: Part { lo, hi, start },
                    lone: lone.min(2) as u8,
                    opponent: has_opponent,
                    can_be_vital: !blocked,
                    borders_dead: false,
                    vital: [0; 4],
                    vitals: 0,
                });
            }
        }
    }

    /// The strings region `r` is vital to: among the strings next to its first point that
    /// must touch one, those whose neighbourhood holds every such point.
    fn vital_strings(&mut self, r: usize, own: &Rows, suicide: bool) {
        let part = self.regions[r].part;
        let empty = &self.empty;
        let must = |y: usize, row: u64| if suicide { row } else { row & empty[y] };
        let first = part
            .rows(&self.region_rows)
            .iter()
            .enumerate()
            .find_map(|(k, &row)| {
                let m = must(part.lo + k, row);
                (m != 0).then(|| (part.lo + k, m.trailing_zeros() as usize))
            });
        let Some((y, x)) = first else {
            return;
        };
        let bit = 1u64 << x;
        let mut candidates = [u16::MAX; 4];
        for (k, (qy, qbit)) in [(y, bit << 1), (y, bit >> 1), (y - 1, bit), (y + 1, bit)]
            .into_iter()
            .enumerate()
        {
            if own[qy] & qbit != 0 {
                let id = self.string_at(own, qy, qbit);
                if !candidates.contains(&id) {
                    candidates[k] = id;
                }
            }
        }
        for id in candidates {
            if id == u16::MAX {
                continue;
            }
            let near = self.string_near[id as usize];
            let vital = part
                .rows(&self.region_rows)
                .iter()
                .enumerate()
                .all(|(k, &row)| {
                    let y = part.lo + k;
                    let must = if suicide { row } else { row & self.empty[y] };
                    must & !near.row(&self.near_rows, y) == 0
                });
            if vital {
                let region = &mut self.regions[r];
                region.vital[region.vitals as usize] = id;
                region.vitals += 1;
                self.vital_count[id as usize] += 1;
            }
        }
    }

    /// The id of the string through the stone `bit` of row `y`, cutting it out the first time.
    /// Few strings are cut (only those next to a region that can be vital), so finding one
    /// again is a look through them, not a label per stone.
    fn string_at(&mut self, own: &Rows, y: usize, bit: u64) -> u16 {
        if self.cut[y] & bit != 0 {
            let rows = &self.string_rows;
            let found = self.strings.iter().position(|s| s.row(rows, y) & bit != 0);
            return found.expect("a cut stone is in a cut string") as u16;
        }
        let id = self.strings.len() as u16;
        let (lo, hi) = flood(own, y, bit, &mut self.flood);
        const LAST: usize = ROWS - 1;
        let near_start = self.near_rows.len();
        for r in lo - 1..=hi + 1 {
            let f = &self.flood;
            let t = f[r];
            self.near_rows
                .push(t << 1 | t >> 1 | f[r.wrapping_sub(1) & LAST] | f[(r + 1) & LAST]);
        }
        self.string_near.push(Part {
            lo: lo - 1,
            hi: hi + 1,
            start: near_start,
        });
        let start = self.string_rows.len();
        for r in lo..=hi {
            let t = self.flood[r];
            self.flood[r] = 0;
            self.string_rows.push(t);
            self.cut[r] |= t;
        }
        self.strings.push(Part { lo, hi, start });
        self.vital_count.push(0);
        id
    }

    /// Removes every string with fewer than two vital regions not bordering a removed
    /// string, until none is left to remove; `removed_near` ends as the removed stones'
    /// neighbourhood.
    fn remove_unhealthy(&mut self, own: &Rows) {
        let h = self.height;
        self.removed = *own;
        self.dead.clear();
        for (s, part) in self.strings.iter().enumerate() {
            let dead = self.vital_count[s] < 2;
            self.dead.push(dead);
            if !dead {
                for (k, &row) in part.rows(&self.string_rows).iter().enumerate() {
                    self.removed[part.lo + k] &= !row;
                }
            }
        }
        loop {
            for y in 1..=h {
                let x = self.removed[y];
                self.removed_near[y] = x << 1 | x >> 1 | self.removed[y - 1] | self.removed[y + 1];
            }
            let mut grew = false;
            for r in 0..self.regions.len() {
                let region = self.regions[r];
                if region.vitals == 0 || region.borders_dead {
                    continue;
                }
                let rows = region.part.rows(&self.region_rows);
                let lo = region.part.lo;
                if rows
                    .iter()
                    .enumerate()
                    .all(|(k, &row)| row & self.removed_near[lo + k] == 0)
                {
                    continue;
                }
                self.regions[r].borders_dead = true;
                for &t in &region.vital[..region.vitals as usize] {
                    let t = t as usize;
                    self.vital_count[t] -= 1;
                    if self.vital_count[t] < 2 && !self.dead[t] {
                        self.dead[t] = true;
                        let part = self.strings[t];
                        for (k, &row) in part.rows(&self.string_rows).iter().enumerate() {
                            self.removed[part.lo + k] |= row;
                        }
                        grew = true;
                    }
                }
            }
            if !grew {
                return;
            }
        }
    }

    /// The graph path's marks for `colour`: live strings, territory, and with
    /// `unsafe_big_territories` empty regions nobody marked yet.
    // A row index reads and writes several row sets at once.
    #[allow(clippy::needless_range_loop)]
    fn mark(&mut self, colour: Colour, options: AreaOptions) {
        let h = self.height;
        let (k, other) = (colour as usize - 1, 2 - colour as usize);
        let own = if colour == BLACK {
            &self.black
        } else {
            &self.white
        };
        for y in 1..=h {
            let alive = own[y] & !self.removed[y];
            self.owner[k][y] |= alive;
            self.owner[other][y] &= !alive;
        }
        for region in &self.regions {
            let (lo, rows) = (region.part.lo, region.part.rows(&self.region_rows));
            let healthy = rows
                .iter()
                .enumerate()
                .all(|(i, &row)| row & self.removed_near[lo + i] == 0);
            let empty = !region.opponent;
            let territory =
                healthy && (region.lone <= 1 || (options.safe_big_territories && empty));
            if territory {
                for (i, &row) in rows.iter().enumerate() {
                    self.owner[k][lo + i] |= row;
                    self.owner[other][lo + i] &= !row;
                }
            } else if options.unsafe_big_territories && empty {
                for (i, &row) in rows.iter().enumerate() {
                    let free = !(self.owner[k][lo + i] | self.owner[other][lo + i]);
                    self.owner[k][lo + i] |= row & free;
                }
            }
        }
    }

    fn write(&self, width: usize, result: &mut [Colour]) {
        let len = width * self.height;
        let result = &mut result[..len];
        // Rows and words are written in order, so a word that runs into the next row is
        // overwritten there.
        for y in 0..self.height {
            let (black, white) = (self.owner[0][y + 1], self.owner[1][y + 1]);
            for k in (0..width).step_by(8) {
                let bytes = bytes_of(black >> k) | bytes_of(white >> k) << 1;
                let at = y * width + k;
                match result.get_mut(at..at + 8) {
                    Some(word) => word.copy_from_slice(&bytes.to_le_bytes()),
                    None => result[at..len].copy_from_slice(&bytes.to_le_bytes()[..len - at]),
                }
            }
        }
    }
}

/// The 8 cells from `at` as a word (cell `at` in the lowest byte), past the end empty.
fn word_at(cells: &[Colour], at: usize) -> u64 {
    match cells.get(at..at + 8) {
        Some(word) => u64::from_le_bytes(word.try_into().expect("8 cells")),
        None => {
            let mut word = [0u8; 8];
            word[..cells.len() - at].copy_from_slice(&cells[at..]);
            u64::from_le_bytes(word)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_takes_whole_runs_holding_a_seed() {
        let m = 0b1110_1111_0110;
        assert_eq!(fill(m, 0b0000_0100_0000), 0b0000_1111_0000);
        assert_eq!(fill(m, 0b0100_0010_0010), 0b1110_1111_0110);
        assert_eq!(fill(m, 0b0010_0000_0000), 0b1110_0000_0000);
        assert_eq!(fill(u32::MAX as u64, 1 << 31), u32::MAX as u64);
        assert_eq!(fill(u32::MAX as u64, 1), u32::MAX as u64);
    }

    #[test]
    fn bytes_and_bits_convert_both_ways() {
        for x in 0..256u64 {
            let bytes = bytes_of(x);
            assert_eq!(bits_of(bytes), x);
            for i in 0..8 {
                assert_eq!((bytes >> (8 * i)) & 0xff, (x >> i) & 1);
            }
        }
    }
}
