//! Lock-step runs of cases through referees: every referee sees the same plays, and every
//! step records what each one ruled. Divergences and expectation checks are read off the
//! record, which is family-independent so reports need not know the game.

pub mod campaign;
pub mod defects;
pub mod divergence;
pub mod expect;
pub mod lockstep;
pub mod merge;
pub mod minimize;
pub mod random;
pub mod record;
pub mod roster;
pub mod signature;

pub use divergence::{divergences, Divergence};
pub use expect::{check_expectations, ExpectationCheck};
pub use lockstep::{case_registry, referees_for, run_case, ChoiceError, ChoiceProblem, Options};
pub use record::{CaseRun, Ruling, StepRecord};
