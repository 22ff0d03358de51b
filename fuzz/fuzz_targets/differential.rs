//! Every fast Go referee against its `@spec` twin on an arbitrary graph, player count and
//! move-index list. Rule differences between rulesets are not failures; only a fast/spec
//! disagreement (or a panic) is.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulediff::check::go_input::GoInput;
use rulediff::check::spec_agreement;

fuzz_target!(|data: &[u8]| {
    if let Some(input) = GoInput::from_bytes(data) {
        if let Err(disagreement) = spec_agreement::check_all(&input.setup, &input.picks) {
            panic!("{disagreement}");
        }
    }
});
