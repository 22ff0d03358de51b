//! The PGN reader on arbitrary text: an error is fine, a panic is not, and what it reads
//! writes back to text that reads the same.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::pgn(data));
