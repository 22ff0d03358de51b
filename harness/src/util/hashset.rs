//! A set of 64-bit Zobrist keys. Keys are already uniformly random, so open addressing on
//! their low bits beats a general hasher on the superko hot path.

/// A set of 64-bit keys (Zobrist hashes of positions), with a summary of its members.
#[derive(Debug, Clone)]
pub struct HashSet64 {
    keys: Vec<u64>,
    /// Each slot's stamp: `keys[i]` is a member only if `stamps[i]` is `stamp`. Always as
    /// long as `keys`. A byte, so that the copies of the set an exhaustive search keeps
    /// are an eighth bigger than the keys alone (a stamp beside each key in one list took
    /// twice the bytes).
    stamps: Vec<u8>,
    /// The stamp of this set's current contents, so that [`HashSet64::clear`] empties the
    /// whole table by moving to the next one (a referee clears its set at every game's
    /// start; emptying the slots one by one took a list of the filled slots kept at every
    /// insertion). Never zero, the stamp of a slot never filled.
    stamp: u8,
    len: usize,
    /// How many keys the table takes before it doubles (half its slots).
    limit: usize,
    /// Sums over the members of two independent mixes of each: a summary of the whole set
    /// kept up to date at every insertion once `summed` is set (see [`HashSet64::summary`]).
    sums: [u64; 2],
    /// Whether `sums` is kept. Only exhaustive searches ask for summaries, on forked copies
    /// ([`HashSet64::keep_summary`]); a game played through never does, and the two mixes
    /// were a third of positional superko's cost per play.
    summed: bool,
}

impl Default for HashSet64 {
    /// An empty set with a table of one slot and no room: the first insertion or
    /// [`HashSet64::reserve`] makes the real table (a referee made for a batch of games
    /// reserves at its first start, and a first table of its own was made only to be
    /// thrown away there).
    fn default() -> Self {
        HashSet64 {
            keys: vec![0],
            stamps: vec![0],
            stamp: 1,
            len: 0,
            limit: 0,
            sums: [0; 2],
            summed: false,
        }
    }
}

impl HashSet64 {
    /// Removes every key, keeping the memory.
    pub fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // Every 255 clears the stamps come round: slots stamped long ago would count
            // again, so they are emptied for real (a byte a slot, once in 255 games).
            self.stamps.fill(0);
            self.stamp = 1;
        }
        self.len = 0;
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
        let stamp = self.stamp;
        self.keys
            .iter()
            .zip(&self.stamps)
            .filter(move |&(_, &s)| s == stamp)
            .map(|(&key, _)| key)
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
        out.extend(self.members());
        out[start..].sort_unstable();
    }

    /// How many keys it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds no key.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Makes room for `keys` keys in all without growing on the way (a ko rule knows at
    /// the start about how many positions a game on its board makes).
    pub fn reserve(&mut self, keys: usize) {
        let slots = (keys * 2).next_power_of_two().max(MIN_SLOTS);
        if slots > self.keys.len() {
            self.resize(slots);
        }
    }

    /// Whether it holds `key`.
    // Inlined, like `insert`: positional superko asks on every play, and the call cost as
    // much as the probe (callgrind).
    #[inline(always)]
    pub fn contains(&self, key: u64) -> bool {
        let mask = self.keys.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let (stamp, k) = self.slot(i);
            if stamp != self.stamp {
                return false;
            }
            if k == key {
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds `key`; says whether it was new.
    #[inline(always)]
    pub fn insert(&mut self, key: u64) -> bool {
        if self.len == self.limit {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let (stamp, k) = self.slot(i);
            if stamp != self.stamp {
                self.fill(i, key);
                self.len += 1;
                self.add_to_sums(key);
                return true;
            }
            if k == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Slot `i`'s stamp and key, for `i` masked by the table's length, without bounds
    /// checks: with two lists they were a tenth of a superko play (callgrind).
    #[inline(always)]
    fn slot(&self, i: usize) -> (u8, u64) {
        debug_assert!(i < self.keys.len() && self.stamps.len() == self.keys.len());
        // SAFETY: `i` is masked by `keys.len() - 1` (a power of two less one, the table
        // never empty), and `stamps` is always as long as `keys` (`default`, `resize`).
        unsafe { (*self.stamps.get_unchecked(i), *self.keys.get_unchecked(i)) }
    }

    /// Stores `key` in slot `i` as a member (`i` as for [`HashSet64::slot`]).
    #[inline(always)]
    fn fill(&mut self, i: usize, key: u64) {
        debug_assert!(i < self.keys.len() && self.stamps.len() == self.keys.len());
        // SAFETY: as for `slot`.
        unsafe {
            *self.stamps.get_unchecked_mut(i) = self.stamp;
            *self.keys.get_unchecked_mut(i) = key;
        }
    }

    #[cold]
    fn grow(&mut self) {
        self.resize((self.keys.len() * 2).max(MIN_SLOTS));
    }

    /// Moves every key into a table of `slots` slots (a power of two, at least twice the
    /// keys).
    fn resize(&mut self, slots: usize) {
        let keys = std::mem::replace(&mut self.keys, vec![0; slots]);
        let stamps = std::mem::replace(&mut self.stamps, vec![0; slots]);
        let stamp = std::mem::replace(&mut self.stamp, 1);
        let sums = self.sums;
        self.len = 0;
        self.limit = slots / 2;
        for (key, _) in keys.into_iter().zip(stamps).filter(|&(_, s)| s == stamp) {
            self.insert(key);
        }
        self.sums = sums;
    }
}

/// The smallest table the set grows to.
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
        assert!(roomy.is_empty() && roomy.sorted().is_empty() && !roomy.contains(0));
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

    /// Keys left in the table by earlier contents never count again: not after a clear,
    /// and not when the stamps come round after 255 clears.
    #[test]
    fn cleared_keys_stay_gone() {
        let keys: Vec<u64> = (1..200u64).map(crate::util::hash::mix).collect();
        let mut set = HashSet64::default();
        for (round, stamp) in [(0, None), (1, Some(u8::MAX - 1)), (2, None), (3, None)] {
            if let Some(stamp) = stamp {
                set.stamp = stamp;
            }
            set.clear();
            assert!(set.is_empty() && set.sorted().is_empty());
            assert!(keys.iter().all(|&k| !set.contains(k)), "round {round}");
            // Half the keys, a different half each round: the other half stays out.
            // Round 3 leaves out round 0's half, whose slots were stamped 2: the set's
            // stamp again once the stamps came round.
            let (now, out): (Vec<u64>, Vec<u64>) = keys
                .iter()
                .partition(|&&k| k.wrapping_add(round).is_multiple_of(2));
            for &k in &now {
                assert!(set.insert(k) && !set.insert(k));
            }
            assert_eq!(set.len(), now.len());
            assert!(now.iter().all(|&k| set.contains(k)));
            assert!(out.iter().all(|&k| !set.contains(k)), "round {round}");
        }
        assert_eq!(
            set.stamp, 2,
            "the stamps came round once and started again at 1"
        );
    }
}
