//! Every Go referee that claims finiteness ends every game within its bound on small graphs.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulediff::check::go_input::GoInput;
use rulediff::check::termination;
use rulediff::go::Go;
use rulediff::referee::Refereed;

fuzz_target!(|data: &[u8]| {
    let Some(input) = GoInput::from_bytes(data) else { return };
    if input.setup.graph.len() > 6 {
        return;
    }
    for info in Go::registry().iter().filter(|r| r.claims_finite) {
        if let Err(endless) = termination::check(info, &input.setup, &input.picks) {
            panic!("{endless:?}");
        }
    }
});
