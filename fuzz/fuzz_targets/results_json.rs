//! Saved campaign results (`results.json`), damaged or edited: the reader and the resume
//! check never panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::results_json(data));
