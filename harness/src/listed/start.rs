//! Start positions from a command line (`--start`, `--board`, `--players`): what the
//! options say, and why a family refuses them.

use crate::family::Family;

/// What a command line says of the start position; each family reads the options it has
/// and refuses the others.
#[derive(Debug, Clone, Default)]
pub struct StartOptions {
    /// `--start`: a position in the family's notation (FEN).
    pub start: Option<String>,
    /// `--board`: a Go board's shape.
    pub board: Option<String>,
    /// `--players`: how many play (Go).
    pub players: Option<usize>,
}

impl StartOptions {
    /// Refuses the options of boards (`--board`, then `--players`, which are `owner`'s) for a
    /// family whose games start from `--start`; `advice` says how they start.
    pub fn only_start(&self, owner: &'static str, advice: &'static str) -> Result<(), StartError> {
        let given = [
            self.board.as_ref().map(|_| "--board"),
            self.players.map(|_| "--players"),
        ];
        match given.into_iter().flatten().next() {
            Some(option) => Err(StartError::NotFor {
                option,
                owner,
                advice,
            }),
            None => Ok(()),
        }
    }
}

/// A start position from the command line.
#[derive(Debug, Clone)]
pub struct Start<F: Family> {
    /// The position.
    pub setup: F::Setup,
    /// A random game's ply budget when the command line gives none.
    pub max_plies: usize,
}

/// Why the command line names no start position of a family.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// An option the family has no use for.
    #[error("{option} is for {owner}; {advice}")]
    NotFor {
        /// The option (`--board`).
        option: &'static str,
        /// Who the option is for (`Go`).
        owner: &'static str,
        /// How this family's games start instead.
        advice: &'static str,
    },
    /// An option's value the family cannot read: the option and value, and why.
    #[error("{option}: {cause}")]
    Bad {
        /// The option and its value (`--board 99x99`).
        option: String,
        /// What is wrong with the value.
        cause: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A number outside the range the family allows.
    #[error("{option} must be {range}")]
    OutOfRange {
        /// The option (`--players`).
        option: &'static str,
        /// The range allowed (`2..=8`).
        range: String,
    },
    /// A value the family cannot read, where its own message says it all.
    #[error("{0}")]
    Invalid(Box<dyn std::error::Error + Send + Sync>),
    /// Options that name no start together (one missing, or one another family's): what to
    /// give instead.
    #[error("{0}")]
    Usage(String),
}
