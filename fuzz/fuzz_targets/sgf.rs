//! The SGF importer on arbitrary text, and export of whatever it accepts: no panics, and an
//! exported game imports to the same game.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::sgf(data));
