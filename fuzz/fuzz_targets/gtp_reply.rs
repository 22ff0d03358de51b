//! GTP replies as an engine might print them: the parser never panics, and a parsed reply
//! reads back as itself.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::gtp_reply(data));
