//! The referee model: one implementation of one ruleset judging a game step by step.
//!
//! Internal rulesets, external programs and library crates all implement [`Referee`].
//! What referees say ([`Verdict`], [`Status`], [`Outcome`]) is family-independent so the
//! runner and reports can compare and print it without knowing the game.
//!
//! One concept per file: rulings ([`verdict`]), results ([`crate::family::outcome`], re-exported here), referee faults
//! ([`fault`]), the trait ([`judge`]), what referees share at one step of a campaign
//! ([`memo`]), what a referee claims ([`claims`]), the registry ([`registry`]) and the
//! `--rules` selection language ([`mod@select`]).

pub mod claims;
pub mod fault;
pub mod judge;
pub mod memo;
pub mod registry;
pub mod select;
pub mod verdict;

pub use crate::family::outcome::{CountedParts, HalfPoints, NotAResult, Outcome, Part, Tally};
pub use claims::{Claims, Layer};
pub use fault::Fault;
pub use judge::Referee;
pub use memo::StepMemo;
pub use registry::{RefereeInfo, Refereed};
pub use select::{rule_matches, select, select_own, SelectError};
pub use verdict::{Status, Verdict};
