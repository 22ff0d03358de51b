//! The body of every fuzz target, as plain functions: the cargo-fuzz targets call them, and
//! `cargo test` replays the checked-in seed corpora (`fuzz/seeds/<target>/`) through them on
//! the stable toolchain. Each panics exactly when its property fails.

use std::path::Path;

use super::go_input::GoInput;
use super::{spec_agreement, termination};
use crate::go::{sgf, Go};
use crate::referee::Refereed;

/// Fast referees agree with their `@spec` twins on the game the bytes choose.
pub fn differential(data: &[u8]) {
    if let Some(input) = GoInput::from_bytes(data) {
        if let Err(disagreement) = spec_agreement::check_all(&input.setup, &input.picks) {
            panic!("{disagreement}");
        }
    }
}

/// Rulesets that claim finiteness end the game the bytes start, on graphs of up to 6 points.
pub fn termination(data: &[u8]) {
    let Some(input) = GoInput::from_bytes(data) else {
        return;
    };
    if input.setup.graph.len() > 6 {
        return;
    }
    for info in Go::registry().iter().filter(|r| r.claims_finite) {
        if let Err(endless) = termination::check(info, &input.setup, &input.picks) {
            panic!("{endless:?}");
        }
    }
}

/// The case-file parser returns an error or a case, never panics.
pub fn case_file(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = crate::case::parse(Path::new("fuzz.toml"), text);
    }
}

/// The SGF importer never panics, and an exported game imports to the same game.
pub fn sgf(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = sgf::import(text) else { return };
    if let Ok(out) = sgf::export(&game.setup, &game.plays) {
        let again = sgf::import(&out).expect("exported SGF imports");
        assert_eq!(again.plays, game.plays);
        assert_eq!(again.setup.stones, game.setup.stones);
    }
}

/// The first eight bytes as a seed (missing bytes are zero).
fn seed_of(data: &[u8]) -> u64 {
    let mut bytes = [0u8; 8];
    bytes
        .iter_mut()
        .zip(data)
        .for_each(|(slot, byte)| *slot = *byte);
    u64::from_le_bytes(bytes)
}

/// The ko-rule properties of [`super::go_rules`] on the game drawn from the seed in the
/// first eight bytes.
pub fn go_rules(data: &[u8]) {
    let seed = seed_of(data);
    for check in [
        super::go_rules::inclusions,
        super::go_rules::repetitions,
        super::go_rules::spec_agrees,
    ] {
        if let Err(violation) = check(seed) {
            panic!("{violation}");
        }
    }
}

/// Kee's claims on the games drawn from the seed in the first eight bytes (every reading,
/// both player policies): no claim that [`super::kee_claims::expected`] says holds is
/// violated, no game is suspiciously long, and fast and spec referees agree.
pub fn kee_claims(data: &[u8]) {
    let seed = seed_of(data);
    let found = super::kee_claims::unexpected(seed);
    if !found.is_empty() {
        panic!("{}", found.join("\n"));
    }
    if let Err(disagreement) = super::kee_claims::spec_agrees(seed) {
        panic!("{disagreement}");
    }
}
