//! Random cleanup-phase actions under every `katago-*` preset, through the lock-step runner.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::katago_cleanup(data));
