//! Kee's claims (`rulediff::check::kee_claims`) on the random games drawn from a seed taken
//! from the input's first eight bytes, under every reading and both player policies: no
//! violation of a claim that holds (3, 4 and 5 where expected), no suspiciously long game,
//! and fast/spec agreement. The test suite runs a few hundred seeds; this runs as many as the
//! fuzzer likes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::kee_claims(data));
