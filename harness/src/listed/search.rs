//! Exhaustive search's view of a family (`rulediff finite`, `rulediff solve`): which
//! families it can search, and the starts a command line names.

use super::start::StartError;
use super::Listed;
use crate::family::{Family, Symmetric};

/// A family whose games exhaustive search can search (`rulediff finite`): boards with
/// symmetries, and starts a command line names.
pub trait Searchable: Listed + Symmetric {
    /// What the finiteness table calls a start (`graph`, `start`).
    const START_COLUMN: &'static str;
    /// Plies deep a search may go when the command line gives no budget (`None`: no limit).
    const MAX_DEPTH: Option<usize>;
    /// Every start the command line names, in the order the table lists them.
    fn search_starts(options: &SearchOptions) -> Result<Vec<SearchStart<Self>>, StartError>;
}

/// Something to do with a family exhaustive search can search, for
/// [`Listed::if_searchable`].
pub trait ForSearchable {
    /// What doing it gives.
    type Output;
    /// Does it for family `F`.
    fn run<F: Searchable>(&mut self) -> Self::Output;
}

/// What a command line says of an exhaustive search's starts; each family reads the options
/// it has and refuses the others.
#[derive(Debug, Clone, Default)]
pub struct SearchOptions {
    /// `--start`: positions in the family's notation (FEN), one per option.
    pub start: Vec<String>,
    /// `--board`: Go boards by shape, comma-separated.
    pub board: Option<String>,
    /// `--graphs`: every connected graph up to a size (`connected:1..=N`).
    pub graphs: Option<String>,
    /// `--players`: numbers of players, comma-separated (`2` when not given).
    pub players: String,
}

/// One start of an exhaustive search.
#[derive(Debug, Clone)]
pub struct SearchStart<F: Family> {
    /// The position.
    pub setup: F::Setup,
    /// The start as the table names it (graph shape, FEN).
    pub label: String,
    /// How many play.
    pub players: usize,
}
