//! A set of 64-bit Zobrist keys. Keys are already uniformly random, so open addressing on
//! their low bits beats a general hasher on the superko hot path.

/// A set of 64-bit keys (Zobrist hashes of positions), with a summary of its members.
#[derive(Debug, Clone)]
pub struct HashSet64 {
    slots: Vec<u64>,
    /// The occupied slots, so that [`HashSet64::clear`] empties those rather than the
    /// whole table (a referee clears its set at every game's start, and a table sized for
    /// the longest game is mostly empty in a short one).
    filled: Vec<u32>,
    len: usize,
    /// Zero is the empty-slot marker, so the key zero (the empty board) is kept aside.
    has_zero: bool,
    /// Sums over the members of two independent mixes of each: a summary of the whole set
    /// kept up to date at every insertion once `summed` is set (see [`HashSet64::summary`]).
    sums: [u64; 2],
    /// Whether `sums` is kept. Only exhaustive searches ask for summaries, on forked copies
    /// ([`HashSet64::keep_summary`]); a game played through never does, and the two mixes
    /// were a third of positional superko's cost per play.
    summed: bool,
}

impl Default for HashSet64 {
    fn default() -> Self {
        HashSet64 {
            slots: vec![0; MIN_SLOTS],
            filled: Vec::new(),
            len: 0,
            has_zero: false,
            sums: [0; 2],
            summed: false,
        }
    }
}

impl HashSet64 {
    /// Removes every key, keeping the memory.
    pub fn clear(&mut self) {
        for &i in &self.filled {
            self.slots[i as usize] = 0;
        }
        self.filled.clear();
        self.len = 0;
        self.has_zero = false;
        self.sums = [0; 2];
    }

    /// The set in three words: its size and two sums of independent 64-bit mixes of its
    /// members, kept up to date on every insertion, so a search can compare sets of hundreds
    /// of positions in constant time. Two different sets of the same size have the same
    /// summary only if both sums agree on their symmetric difference, about one chance in
    /// 2^128 (the mixes are fixed bijections of already random keys).
    /// Constant time once [`HashSet64::keep_summary`] was called, else one pass over the set.
    pub fn summary(&self) -> [u64; 3] {
        let [a, b] = if self.summed {
            self.sums
        } else {
            self.members().fold([0u64; 2], |[a, b], key| {
                [a.wrapping_add(mix_a(key)), b.wrapping_add(mix_b(key))]
            })
        };
        [self.len() as u64, a, b]
    }

    /// Keeps the summary up to date from now on, so [`HashSet64::summary`] takes constant
    /// time (for sets whose summary is asked after every play).
    pub fn keep_summary(&mut self) {
        if !self.summed {
            let [_, a, b] = self.summary();
            self.sums = [a, b];
            self.summed = true;
        }
    }

    /// Every member, in slot order.
    fn members(&self) -> impl Iterator<Item = u64> + '_ {
        let zero = self.has_zero.then_some(0);
        zero.into_iter()
            .chain(self.slots.iter().copied().filter(|&k| k != 0))
    }

    fn add_to_sums(&mut self, key: u64) {
        if !self.summed {
            return;
        }
        self.sums[0] = self.sums[0].wrapping_add(mix_a(key));
        self.sums[1] = self.sums[1].wrapping_add(mix_b(key));
    }

    /// Every key, in increasing order (so equal sets give equal lists).
    pub fn sorted(&self) -> Vec<u64> {
        let mut keys = Vec::with_capacity(self.len());
        self.extend_sorted(&mut keys);
        keys
    }

    /// Appends every key to `out` in increasing order, without a temporary list (exhaustive
    /// searches ask for this at every state).
    pub fn extend_sorted(&self, out: &mut Vec<u64>) {
        let start = out.len();
        if self.has_zero {
            out.push(0);
        }
        out.extend(self.slots.iter().copied().filter(|&k| k != 0));
        out[start..].sort_unstable();
    }

    /// How many keys it holds.
    pub fn len(&self) -> usize {
        self.len + self.has_zero as usize
    }

    /// Whether it holds no key.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Makes room for `keys` keys in all without growing on the way (a ko rule knows at
    /// the start about how many positions a game on its board makes).
    pub fn reserve(&mut self, keys: usize) {
        let slots = (keys * 2).next_power_of_two().max(MIN_SLOTS);
        if slots > self.slots.len() {
            self.resize(slots);
        }
    }

    /// Whether it holds `key`.
    // Inlined, like `insert`: positional superko asks on every play, and the call cost as
    // much as the probe (callgrind).
    #[inline(always)]
    pub fn contains(&self, key: u64) -> bool {
        if key == 0 {
            return self.has_zero;
        }
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            match self.slots[i] {
                0 => return false,
                k if k == key => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Adds `key`; says whether it was new.
    #[inline(always)]
    pub fn insert(&mut self, key: u64) -> bool {
        if key == 0 {
            return self.insert_zero();
        }
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = key;
                    self.filled.push(i as u32);
                    self.len += 1;
                    self.add_to_sums(key);
                    return true;
                }
                k if k == key => return false,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// [`HashSet64::insert`] of the key zero, kept aside (the empty board's hash).
    #[cold]
    fn insert_zero(&mut self) -> bool {
        let new = !std::mem::replace(&mut self.has_zero, true);
        if new {
            self.add_to_sums(0);
        }
        new
    }

    #[cold]
    fn grow(&mut self) {
        self.resize(self.slots.len() * 2);
    }

    /// Moves every key into a table of `slots` slots (a power of two above twice the keys).
    fn resize(&mut self, slots: usize) {
        let old = std::mem::replace(&mut self.slots, vec![0; slots]);
        let sums = self.sums;
        self.filled.clear();
        self.len = 0;
        for key in old.into_iter().filter(|&k| k != 0) {
            self.insert(key);
        }
        self.sums = sums;
    }
}

/// The smallest table, and the one a new set starts with.
const MIN_SLOTS: usize = 64;

/// Two independent mixes of a key for the summary sums (see [`HashSet64::summary`]).
fn mix_a(x: u64) -> u64 {
    super::fingerprint::mix(x.wrapping_add(0x9E37_79B9_7F4A_7C15))
}

fn mix_b(x: u64) -> u64 {
    super::fingerprint::fmix(x.rotate_left(29) ^ 0xD6E8_FEB8_6659_FD93)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_set() {
        let mut set = HashSet64::default();
        let mut reference = std::collections::HashSet::new();
        for i in 0..10_000u64 {
            let key = crate::util::hash::mix(i % 3000) & 0xFFFF_FFFF_0000_00FF;
            assert_eq!(set.insert(key), reference.insert(key));
        }
        assert!(set.insert(0));
        // Room made ahead keeps every member, and clearing a table bigger than its keys
        // empties it.
        let mut roomy = set.clone();
        roomy.reserve(100_000);
        assert_eq!(roomy.sorted(), set.sorted());
        roomy.clear();
        assert!(roomy.is_empty() && roomy.slots.iter().all(|&k| k == 0));
        assert!(roomy.insert(12345) && roomy.contains(12345) && !roomy.contains(7));
        // The summary depends on the members only, not on the order they came in.
        let mut backwards = HashSet64::default();
        for key in set.sorted().into_iter().rev() {
            backwards.insert(key);
        }
        assert_eq!(backwards.summary(), set.summary());
        // Kept up to date or computed when asked, the summary is the same.
        let mut kept = HashSet64::default();
        kept.insert(7);
        kept.keep_summary();
        for key in set.sorted() {
            kept.insert(key);
        }
        let mut unkept = set.clone();
        unkept.insert(7);
        assert_eq!(kept.summary(), unkept.summary());
        backwards.insert(12345);
        assert_ne!(backwards.summary(), set.summary());
        assert!(!set.insert(0));
        assert_eq!(set.len(), reference.len() + 1);
        assert!(reference.iter().all(|&k| set.contains(k)));
        assert!(!set.contains(12345));
        set.clear();
        assert!(set.is_empty() && !set.contains(0));
    }
}
