//! Every fast Go referee against its `@spec` twin on an arbitrary graph, player count and
//! move-index list. Rule differences between rulesets are not failures; only a fast/spec
//! disagreement (or a panic) is.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::differential(data));
