//! Generators and oracles shared by the property tests and the fuzz targets: a generator
//! turns arbitrary bytes into a game to play, an oracle plays it and reports the first
//! violated property as a value (never a panic), so a fuzz target is a few lines.

pub mod canon;
pub mod chess_game;
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
pub mod termination;
pub mod xiangqi;
