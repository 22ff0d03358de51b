//! Engines files (TOML) as a user might write them: the reader never panics, and what it
//! accepts is a usable engine.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::engines_file(data));
