//! The case writer and the case parser agree: what one writes, the other reads back.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::case_writer(data));
