//! 128-bit fingerprints of state keys, so exhaustive searches store 16 bytes per state instead
//! of the whole key (the finiteness search and the solver fingerprint every key; Kee Rules'
//! referee reports its growing summary as a fingerprint already, see
//! `go::rules::kee::fast`). Two different keys share a fingerprint with probability about 2^-128 per
//! pair (the two halves are independent mixes of every word), so among n stored states the
//! chance that any two are merged is below n²/2^129: under 10^-20 for a billion states.

use std::hash::{BuildHasher, Hasher};

/// One round of the splitmix64 finalizer.
#[inline]
pub fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Murmur3's 64-bit finalizer: a different mix for the second half.
#[inline]
pub fn fmix(mut x: u64) -> u64 {
    x = (x ^ (x >> 33)).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x = (x ^ (x >> 33)).wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    x ^ (x >> 33)
}

/// The fingerprint of a key (its length included, so no key is a prefix of another's).
pub fn fingerprint(key: &[u64]) -> u128 {
    let mut print = Fingerprinter::default();
    for &word in key {
        print.push(word);
    }
    print.finish()
}

/// [`fingerprint`] of a key fed one word at a time, so a referee can fingerprint its summary
/// without building it.
#[derive(Clone, Copy)]
pub struct Fingerprinter {
    a: u64,
    b: u64,
    len: u64,
}

impl Default for Fingerprinter {
    fn default() -> Self {
        Fingerprinter {
            a: 0x243F_6A88_85A3_08D3,
            b: 0x1319_8A2E_0370_7344,
            len: 0,
        }
    }
}

impl Fingerprinter {
    /// Mixes one more word in.
    #[inline]
    pub fn push(&mut self, word: u64) {
        self.a = mix(self.a ^ word).wrapping_add(0x9E37_79B9_7F4A_7C15);
        self.b = fmix(self.b.wrapping_add(word).rotate_left(23) ^ 0xA409_3822_299F_31D0);
        self.len += 1;
    }

    /// The fingerprint of the words pushed, in their order.
    pub fn finish(self) -> u128 {
        let a = mix(self.a ^ self.len);
        let b = fmix(self.b ^ self.len.rotate_left(32));
        (a as u128) << 64 | b as u128
    }

    /// The fingerprint as two words (high half first).
    pub fn words(self) -> [u64; 2] {
        let print = self.finish();
        [(print >> 64) as u64, print as u64]
    }
}

/// A fingerprint of a set of word pairs that does not depend on their order, so a summary
/// holding a set (positions with their bits) needs no sorting: each pair is mixed into two
/// independent 64-bit hashes and the sums are kept, with the count. Two different sets share
/// all three with probability about 2^-128 (each sum is a sum of independent uniform hashes
/// of the pairs in which the sets differ), the bound [`fingerprint`] has.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct SetPrint {
    count: u64,
    a: u64,
    b: u64,
}

impl SetPrint {
    /// Adds the pair `(x, y)` to the set.
    #[inline]
    pub fn add(&mut self, x: u64, y: u64) {
        self.count += 1;
        self.a = self.a.wrapping_add(mix(x ^ mix(y ^ 0x4528_21E6_38D0_1377)));
        self.b = self.b.wrapping_add(fmix(
            x.rotate_left(29) ^ fmix(y.wrapping_add(0xBE54_66CF_34E9_0C6C)),
        ));
    }

    /// The three words that stand for the set in a key.
    pub fn words(self) -> [u64; 3] {
        [self.count, self.a, self.b]
    }
}

/// The fingerprint as two words (high half first), for a referee's `state_key`.
pub fn fingerprint_words(key: &[u64]) -> [u64; 2] {
    let print = fingerprint(key);
    [(print >> 64) as u64, print as u64]
}

/// Hashes a fingerprint by its low half: it is already uniformly mixed.
#[derive(Clone, Copy, Default)]
pub struct FingerprintHasher(u64);

impl Hasher for FingerprintHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u128(&mut self, x: u128) {
        self.0 = x as u64;
    }
}

impl BuildHasher for FingerprintHasher {
    type Hasher = FingerprintHasher;
    fn build_hasher(&self) -> FingerprintHasher {
        FingerprintHasher(0)
    }
}

/// A map keyed by fingerprints.
pub type FingerprintMap<V> = std::collections::HashMap<u128, V, FingerprintHasher>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_prints_ignore_order_and_see_every_pair() {
        let mut one = SetPrint::default();
        let mut two = SetPrint::default();
        for (x, y) in [(1, 2), (3, 4), (5, 6)] {
            one.add(x, y);
        }
        for (x, y) in [(5, 6), (1, 2), (3, 4)] {
            two.add(x, y);
        }
        assert_eq!(one, two);
        let mut swapped = SetPrint::default();
        for (x, y) in [(1, 4), (3, 2), (5, 6)] {
            swapped.add(x, y);
        }
        assert_ne!(one.words()[1], swapped.words()[1]);
        assert_ne!(one.words()[2], swapped.words()[2]);
    }

    #[test]
    fn streaming_is_the_same_fingerprint() {
        let key = [7, 0, u64::MAX, 42];
        let mut print = Fingerprinter::default();
        key.iter().for_each(|&w| print.push(w));
        assert_eq!(print.finish(), fingerprint(&key));
        assert_eq!(print.words(), fingerprint_words(&key));
    }

    #[test]
    fn nearby_keys_differ_in_both_halves() {
        let keys: Vec<Vec<u64>> =
            vec![vec![], vec![0], vec![0, 0], vec![1], vec![0, 1], vec![1, 0]];
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                let (fa, fb) = (fingerprint(a), fingerprint(b));
                assert_ne!(fa as u64, fb as u64);
                assert_ne!((fa >> 64) as u64, (fb >> 64) as u64);
            }
        }
    }
}
