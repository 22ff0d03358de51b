//! A dedicated repetition table, as Marcel van Kervinck describes Rookie 2.0 (after Ronald de
//! Man): "2^14 one-byte entries that are initially zero … When entering a new position, the
//! low 14 bits of the hash-key are used to index the table and bump up its value by one …
//! When entering a node and its value is found to be non-zero already, we know there could
//! be a cycle, which we verify by tracing back the actual variation."
//!
//! In a game nothing is unmade, so counters only grow (one byte: they wrap past 255). The
//! back-trace compares full 64-bit keys of the positions with the same side to move since the
//! last irreversible move ([`super::keys::resets`]); a hit it does not confirm is a false hit.
//! Without the back-trace (`confirm = false`) the counter itself is taken as the count.

use super::keys::{engine_key, resets};
use super::Detector;
use crate::chess::line::Line;

const SIZE: usize = 1 << 14;

/// What the table did over a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions entered.
    pub entries: u64,
    /// Entries that found a non-zero counter (each starts a back-trace when confirming).
    pub hits: u64,
    /// Hits the back-trace found no repetition for.
    pub false_hits: u64,
    /// Positions compared during back-traces.
    pub traced: u64,
}

/// The repetition table and its counts.
#[derive(Clone, Debug)]
pub struct Table {
    confirm: bool,
    counters: Box<[u8]>,
    window: Vec<u64>,
    /// The count for the current position, worked out on entering it.
    count: u32,
    /// What it did so far.
    pub stats: Stats,
}

impl Table {
    /// An empty table; with `confirm`, a hit is traced back to a real repetition.
    pub fn new(confirm: bool) -> Table {
        Table {
            confirm,
            counters: vec![0; SIZE].into_boxed_slice(),
            window: Vec::new(),
            count: 0,
            stats: Stats::default(),
        }
    }

    fn enter(&mut self, key: u64) {
        let slot = &mut self.counters[key as usize & (SIZE - 1)];
        let before = *slot;
        *slot = slot.wrapping_add(1);
        self.window.push(key);
        self.stats.entries += 1;
        self.count = 0;
        if before == 0 {
            return;
        }
        self.stats.hits += 1;
        if !self.confirm {
            self.count = u32::from(before);
            return;
        }
        let n = self.window.len() - 1;
        let earlier: Vec<usize> = (0..n).rev().skip(1).step_by(2).collect();
        self.stats.traced += earlier.len() as u64;
        self.count = earlier.iter().filter(|&&j| self.window[j] == key).count() as u32;
        if self.count == 0 {
            self.stats.false_hits += 1;
        }
    }
}

impl Detector for Table {
    fn start(&mut self, line: &Line) {
        self.counters.fill(0);
        self.window.clear();
        self.stats = Stats::default();
        self.enter(engine_key(line.pos()));
    }

    fn pushed(&mut self, line: &Line) {
        if resets(line, line.plies() - 1) {
            self.window.clear();
        }
        self.enter(engine_key(line.pos()));
    }

    fn earlier(&mut self, _line: &Line) -> u32 {
        self.count
    }

    fn boxed(&self) -> Box<dyn Detector> {
        Box::new(self.clone())
    }
}
