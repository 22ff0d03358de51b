//! Every Go referee that claims finiteness ends every game within its bound on small graphs.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::termination(data));
