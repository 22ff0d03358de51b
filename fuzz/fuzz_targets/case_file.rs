//! The case-file parser on arbitrary text: an error is fine, a panic is not.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::case_file(data));
