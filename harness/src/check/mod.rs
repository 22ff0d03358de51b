//! Generators and oracles shared by the property tests and the fuzz targets: a generator
//! turns arbitrary bytes into a game to play, an oracle plays it and reports the first
//! violated property as a value (never a panic), so a fuzz target is a few lines.

#[doc(hidden)]
pub mod canon;
#[doc(hidden)]
pub mod chess_game;
#[doc(hidden)]
pub mod cleanup;
#[doc(hidden)]
pub mod finite;
pub mod fuzz;
#[doc(hidden)]
pub mod go_input;
pub mod go_rules;
pub mod kee_claims;
#[doc(hidden)]
pub mod kee_space;
#[doc(hidden)]
pub mod pass_alive;
#[doc(hidden)]
pub mod recorded;
#[doc(hidden)]
pub mod solve;
#[doc(hidden)]
pub mod spec_agreement;
#[doc(hidden)]
pub mod tables;
#[doc(hidden)]
pub mod termination;
#[doc(hidden)]
pub mod xiangqi;

// The oracles' front door: `rulediff::check::Name`, and the `fuzz`, `go_rules` and `kee_claims`
// collections.
pub use canon::{Node, Symmetries};
pub use chess_game::{
    check_ends as chess_check_ends, pick_move, spec_agreement as chess_spec_agreement,
    termination as chess_termination, ChessInput, STARTS as CHESS_STARTS,
};
pub use finite::{search as search_finite, Budget, Finiteness};
pub use go_input::GoInput;
pub use kee_claims::{Claim, Expect, Policy};
pub use pass_alive::{benson_matches_definition, grid_matches_graph, grid_matches_graph_on_bytes};
pub use solve::retro::Graph as RetroGraph;
pub use solve::{
    outcome_value, solve as solve_game, End, Method, Options as SolveOptions, Solution, SolveError,
};
pub use spec_agreement::{check_all as spec_agreement_all, step_pair};
pub use termination::{check as termination_check, rulesets as termination_rulesets};
pub use xiangqi::{
    choose as xiangqi_choose, spec_agrees as xiangqi_spec_agrees, XqInput, STARTS as XIANGQI_STARTS,
};

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
