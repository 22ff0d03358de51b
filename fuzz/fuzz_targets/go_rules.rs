//! The Go ko-rule properties (`rulediff::check::go_rules`) on the random game drawn from a
//! seed taken from the input's first eight bytes: the inclusions between the rules, no
//! forbidden repetition and cycle endings, and fast/spec agreement. The test suite runs 10,000
//! seeds per property; this runs as many as the fuzzer likes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::go_rules(data));
