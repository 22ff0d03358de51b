//! Hashing shared by the game families: keys for Zobrist tables and state digests.

/// One step of splitmix64 (add the golden-ratio increment, then finalize): a fixed,
/// well-mixed function of its input. Unlike [`fingerprint::mix`](super::fingerprint::mix),
/// which is the finalizer alone, it maps 0 to a non-zero key.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
