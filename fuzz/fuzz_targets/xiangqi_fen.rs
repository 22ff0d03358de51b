//! The xiangqi FEN parser on arbitrary text: no panics, and accepted FENs round-trip.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::xiangqi_fen(data));
