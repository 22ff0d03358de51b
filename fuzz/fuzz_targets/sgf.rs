//! The SGF importer on arbitrary text, and export of whatever it accepts: no panics, and an
//! exported game imports to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulediff::go::sgf;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = sgf::import(text) else { return };
    if let Ok(out) = sgf::export(&game.setup, &game.plays) {
        let again = sgf::import(&out).expect("exported SGF imports");
        assert_eq!(again.plays, game.plays);
        assert_eq!(again.setup.stones, game.setup.stones);
    }
});
