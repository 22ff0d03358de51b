//! Zobrist keys. Keys depend only on (vertex index, colour), so every board built on a graph
//! with the same vertex numbering hashes a position the same way, whoever built it.

use super::graph::MAX_VERTICES;
use crate::util::hash::mix;

/// Key of a stone of `colour` (1..=8) on vertex `v`.
#[inline]
pub fn stone_key(v: u16, colour: u8) -> u64 {
    mix(((v as u64) << 8) | colour as u64)
}

/// Key for "seat `s` is to move", for rulesets that hash the situation rather than the board.
pub fn to_move_key(seat: usize) -> u64 {
    mix(0xA5A5_0000_0000_0000 | seat as u64)
}

/// Key for "seat `s` made the last play", for natural situational superko.
pub fn mover_key(seat: usize) -> u64 {
    mix(0x5A5A_0000_0000_0000 | seat as u64)
}

/// A table of stone keys for every vertex a graph may have, so the hot path does a load,
/// not a hash. Built once per process: a board is started for every game of a campaign.
#[derive(Debug)]
pub struct Keys {
    keys: Vec<u64>,
}

impl Keys {
    /// The process-wide table.
    pub fn shared() -> &'static Keys {
        static KEYS: std::sync::OnceLock<Keys> = std::sync::OnceLock::new();
        KEYS.get_or_init(|| {
            let keys = (0..MAX_VERTICES)
                .flat_map(|v| {
                    (0..9u8).map(move |c| if c == 0 { 0 } else { stone_key(v as u16, c) })
                })
                .collect();
            Keys { keys }
        })
    }

    /// The key of `colour` on vertex `v`.
    #[inline]
    pub fn get(&self, v: u16, colour: u8) -> u64 {
        self.keys[v as usize * 9 + colour as usize]
    }
}
