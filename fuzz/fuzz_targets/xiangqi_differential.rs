//! Fast xiangqi referees against their `@spec` twins on games drawn from the input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::xiangqi_differential(data));
