//! The Go ko-rule properties (`rulediff::check::go_rules`) on the random game drawn from a
//! seed taken from the input's first eight bytes: the inclusions between the rules, no
//! forbidden repetition and cycle endings, and fast/spec agreement. The test suite runs 10,000
//! seeds per property; this runs as many as the fuzzer likes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulediff::check::go_rules;

fuzz_target!(|data: &[u8]| {
    let mut bytes = [0u8; 8];
    for (slot, byte) in bytes.iter_mut().zip(data) {
        *slot = *byte;
    }
    let seed = u64::from_le_bytes(bytes);
    for check in [
        go_rules::inclusions,
        go_rules::repetitions,
        go_rules::spec_agrees,
    ] {
        if let Err(violation) = check(seed) {
            panic!("{violation}");
        }
    }
});
