//! Generators and oracles shared by the property tests and the fuzz targets: a generator
//! turns arbitrary bytes into a game to play, an oracle plays it and reports the first
//! violated property as a value (never a panic), so a fuzz target is a few lines.

pub mod canon;
pub mod chess_game;
pub mod cleanup;
pub mod finite;
pub mod fuzz;
pub mod go_input;
pub mod go_rules;
pub mod kee_claims;
pub mod kee_space;
pub mod pass_alive;
pub mod recorded;
pub mod solve;
pub mod spec_agreement;
pub mod tables;
pub mod termination;
pub mod xiangqi;

/// A property a check found broken, with what shows it (the game, the plays, the two
/// answers), as the check's message reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Violation(pub String);

impl From<String> for Violation {
    fn from(what: String) -> Self {
        Violation(what)
    }
}
