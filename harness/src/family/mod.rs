//! What a game family is: positions to start from, plays with a notation, seats in turn
//! order, and the results a game can have ([`outcome`]). A family knows nothing about who
//! judges its games, nor about case files or the list of families.

pub mod outcome;

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
    /// Why a text is not a play in the compact notation.
    type PlayError: std::error::Error + Send + Sync + 'static;

    /// The play in the family's compact notation, as case files write it.
    fn play_text(setup: &Self::Setup, play: &Self::Play) -> String;
    /// Parses one play in the compact notation.
    fn parse_play(setup: &Self::Setup, text: &str) -> Result<Self::Play, Self::PlayError>;
    /// Name of the player at `seat` (0-based turn order), as results print it.
    fn seat_name(setup: &Self::Setup, seat: usize) -> String;
    /// Seat to move after `plies` plays from the start in the family's fixed turn order.
    /// Rulesets that change the order (Kee Rules' rescinds) report the seat themselves
    /// (a referee's `seat_to_move`); this is the fallback for all others.
    fn seat_to_move(setup: &Self::Setup, plies: usize) -> usize;
}

/// What random campaigns need beyond the rules: a running summary of the game to steer the
/// move choice, name repetition cycles and draw positions, and the case-file form of a setup.
pub trait Explore: Family {
    /// Whatever the family keeps about a game in progress (board, earlier positions).
    type State: Clone + Send;

    /// The state at the start.
    fn initial(setup: &Self::Setup) -> Self::State;
    /// The state after `play`, which every referee accepted.
    fn advance(setup: &Self::Setup, state: &mut Self::State, play: &Self::Play);
    /// As [`Explore::advance`], with what the referees still in the game say the play did
    /// (`ruled`: who moves next, where a ruleset can change the turn order; whether the play
    /// left the position as it was), so that the state is the referees' position and never
    /// one the family's own notion of the play would make. The default: a play that changed
    /// nothing leaves the state as it was, any other is [`Explore::advance`] (fixed turn
    /// order).
    fn advance_ruled(
        setup: &Self::Setup,
        state: &mut Self::State,
        play: &Self::Play,
        ruled: Ruled,
    ) {
        if !ruled.unchanged {
            Self::advance(setup, state, play);
        }
    }
    /// How much a random game should prefer `play` (0 = never), so that captures and
    /// recaptures, which make repetitions, come up often.
    fn weight(setup: &Self::Setup, state: &Self::State, play: &Self::Play) -> u32;
    /// The repetition `play` would make, if any: `basic ko`, `cycle of 4 plies`, …, and the
    /// number of plies back to the earlier equal position.
    fn cycle(
        setup: &Self::Setup,
        state: &Self::State,
        play: &Self::Play,
    ) -> Option<(String, usize)>;
    /// Plies back to the *earliest* earlier position equal to the one `play` makes, where
    /// [`Explore::cycle`] names the latest: rules that count occurrences (threefold) count
    /// every one, so a case whose first occurrence is its start position tests something a
    /// case whose first occurrence came after a play does not. The default: the latest.
    fn first_occurrence(
        setup: &Self::Setup,
        state: &Self::State,
        play: &Self::Play,
    ) -> Option<usize> {
        Self::cycle(setup, state, play).map(|(_, back)| back)
    }
    /// The family's keys of a case file for this setup (everything but `moves` and `expect`).
    fn setup_keys(setup: &Self::Setup) -> String;
    /// An SVG picture of the position in `state`, with `play` marked.
    fn svg(setup: &Self::Setup, state: &Self::State, play: Option<&Self::Play>) -> String;
    /// The final board of a counted game as each group of referees counted it (dead stones
    /// taken off, whose point each vertex is), as text for the terminal and SVG for HTML;
    /// `None` where the family has no such picture (the default).
    fn counted_board(
        _setup: &Self::Setup,
        _state: &Self::State,
        _counts: &[(String, &outcome::Tally)],
    ) -> Option<CountedBoard> {
        None
    }
    /// Whether the game in `state` has passed a bound the family's own rules put on every
    /// game (chess: 75 moves each without a capture or pawn move), so referees still letting
    /// it go on are not ending a game that should have ended. Random campaigns flag it.
    fn past_bound(_setup: &Self::Setup, _state: &Self::State) -> bool {
        false
    }

    /// The position after `plays` as a new start that knows nothing of them, where the family
    /// can write one (a FEN), so minimization can drop a prefix no ruling needs. `None`: it
    /// cannot (the default).
    fn reroot(_setup: &Self::Setup, _plays: &[Self::Play]) -> Option<Self::Setup> {
        None
    }
}

/// What the referees still in a game say a play they accepted did, where that is more than
/// the family's notation of the play tells (see [`Explore::advance_ruled`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ruled {
    /// The seat to move next, where a ruleset can change the turn order (Kee Rules'
    /// rescinds); `None`: the family's fixed order.
    pub next: Option<usize>,
    /// The play left the position as it was although it names a point (KataGo's unblock
    /// action in a cleanup phase lifts a ko-recapture block and changes nothing else).
    pub unchanged: bool,
}

/// Families whose boards have symmetries (Go: graph automorphisms), for exhaustive search to
/// treat a state and its mirror images as one. A map must preserve the rules: the image of a
/// game under it is a game whose every ruling (legality, end, outcome) is the same.
pub trait Symmetric: Family {
    /// One symmetry, applied to setups and plays.
    type Map: Clone + std::fmt::Debug + PartialEq + Send + Sync;

    /// Up to `limit` symmetries of the setup's board, the identity first.
    fn symmetries(setup: &Self::Setup, limit: usize) -> Vec<Self::Map>;
    /// The image of a setup (the start of the image game).
    fn map_setup(map: &Self::Map, setup: &Self::Setup) -> Self::Setup;
    /// The image of a play.
    fn map_play(map: &Self::Map, play: &Self::Play) -> Self::Play;
    /// `first` then `second`.
    fn compose(first: &Self::Map, second: &Self::Map) -> Self::Map;
    /// The map that undoes `map`.
    fn inverse(map: &Self::Map) -> Self::Map;
    /// Whether `map` changes nothing.
    fn is_identity(map: &Self::Map) -> bool;
}

/// A counted final board, drawn once per way of counting it (see
/// [`Explore::counted_board`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CountedBoard {
    /// Plain text: one diagram per way of counting, side by side, with a legend.
    pub text: String,
    /// The same as SVG pictures, each with its caption.
    pub svg: String,
}

/// No family seats more players than this (Go on a graph seats up to 8).
pub const MAX_SEATS: usize = 8;
