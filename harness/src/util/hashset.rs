//! A set of 64-bit Zobrist keys. Keys are already uniformly random, so open addressing on
//! their low bits beats a general hasher on the superko hot path.

#[derive(Debug, Clone)]
pub struct HashSet64 {
    slots: Vec<u64>,
    len: usize,
    /// Zero is the empty-slot marker, so the key zero (the empty board) is kept aside.
    has_zero: bool,
}

impl Default for HashSet64 {
    fn default() -> Self {
        HashSet64 {
            slots: vec![0; 64],
            len: 0,
            has_zero: false,
        }
    }
}

impl HashSet64 {
    pub fn clear(&mut self) {
        if self.len > 0 {
            self.slots.iter_mut().for_each(|s| *s = 0);
        }
        self.len = 0;
        self.has_zero = false;
    }

    /// Every key, in increasing order (so equal sets give equal lists).
    pub fn sorted(&self) -> Vec<u64> {
        let mut keys: Vec<u64> = self.slots.iter().copied().filter(|&k| k != 0).collect();
        if self.has_zero {
            keys.push(0);
        }
        keys.sort_unstable();
        keys
    }

    pub fn len(&self) -> usize {
        self.len + self.has_zero as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline]
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
    pub fn insert(&mut self, key: u64) -> bool {
        if key == 0 {
            return !std::mem::replace(&mut self.has_zero, true);
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
                    self.len += 1;
                    return true;
                }
                k if k == key => return false,
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let bigger = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        self.len = 0;
        for key in old.into_iter().filter(|&k| k != 0) {
            self.insert(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_set() {
        let mut set = HashSet64::default();
        let mut reference = std::collections::HashSet::new();
        for i in 0..10_000u64 {
            let key = crate::go::zobrist::mix(i % 3000) & 0xFFFF_FFFF_0000_00FF;
            assert_eq!(set.insert(key), reference.insert(key));
        }
        assert!(set.insert(0));
        assert!(!set.insert(0));
        assert_eq!(set.len(), reference.len() + 1);
        assert!(reference.iter().all(|&k| set.contains(k)));
        assert!(!set.contains(12345));
        set.clear();
        assert!(set.is_empty() && !set.contains(0));
    }
}
