//! What every game family provides: positions to start from and plays with a notation.
//! A family knows nothing about who judges its games.

use std::fmt::Debug;
use std::hash::Hash;

/// A game: Go on a graph, chess, xiangqi.
pub trait Family: Sized + 'static {
    /// Short lowercase name used in case files (`family = "go"`).
    const NAME: &'static str;
    /// Everything needed to start a game: board, players, initial position, scoring options.
    type Setup: Clone + Debug + Send + Sync;
    /// One play in the game.
    type Play: Clone + Debug + PartialEq + Eq + Hash + Send + Sync;

    /// The play in the family's compact notation, as case files write it.
    fn play_text(setup: &Self::Setup, play: &Self::Play) -> String;
    /// Parses one play in the compact notation.
    fn parse_play(setup: &Self::Setup, text: &str) -> Result<Self::Play, String>;
    /// Name of the player at `seat` (0-based turn order), as results print it.
    fn seat_name(setup: &Self::Setup, seat: usize) -> String;
    /// Seat to move after `plies` plays from the start (turn order is fixed).
    fn seat_to_move(setup: &Self::Setup, plies: usize) -> usize;
}
