//! What a referee rules about one play ([`Verdict`]) and about the game ([`Status`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Outcome;

/// Is the next play allowed?
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict {
    /// Allowed.
    Legal,
    /// Forbidden; `rule` is a short kebab-case id of the rule that forbids it
    /// (`occupied`, `suicide`, `ko`, `superko-positional`, …).
    Illegal {
        /// The rule's id.
        rule: String,
    },
}

impl Verdict {
    /// Forbidden by `rule`.
    pub fn illegal(rule: impl Into<String>) -> Self {
        Verdict::Illegal { rule: rule.into() }
    }
    /// Whether the play is allowed.
    pub fn is_legal(&self) -> bool {
        matches!(self, Verdict::Legal)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Legal => f.write_str("legal"),
            Verdict::Illegal { rule } => write!(f, "illegal({rule})"),
        }
    }
}

/// Has the game ended?
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The game is over.
    Over {
        /// How it ended.
        outcome: Outcome,
    },
}

impl Status {
    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        matches!(self, Status::Over { .. })
    }
}

/// A game's outcome so far, if it has one, as its status.
impl From<Option<Outcome>> for Status {
    fn from(outcome: Option<Outcome>) -> Status {
        match outcome {
            Some(outcome) => Status::Over { outcome },
            None => Status::Ongoing,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Over { outcome } => write!(f, "over {outcome}"),
        }
    }
}
