//! What every game family provides: positions to start from and plays with a notation.
//! A family knows nothing about who judges its games.

use std::fmt::Debug;
use std::hash::Hash;
use std::path::Path;

use crate::case::{Case, CaseError, Header, Source};
use crate::referee::Refereed;

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
    /// ([`crate::referee::Referee::seat_to_move`]); this is the fallback for all others.
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
    /// As [`Explore::advance`], when the referees also say who moves next (`next`, where a
    /// ruleset can change the turn order). The default ignores it: fixed turn order.
    fn advance_seated(
        setup: &Self::Setup,
        state: &mut Self::State,
        play: &Self::Play,
        next: Option<usize>,
    ) {
        let _ = next;
        Self::advance(setup, state, play);
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
        _counts: &[(String, &crate::referee::Tally)],
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

/// A family as the list in `families.rs` holds it: everything the case reader, the
/// commands and the tests need of a game, through one trait, so that adding a family
/// touches its own folder (where it implements this) and that list.
pub trait Listed: Explore + Refereed {
    /// Reads a case file of this family: its own keys, after the common header.
    fn parse_case(src: &Source, header: Header) -> Result<Case<Self>, CaseError>;
    /// What `rulediff rules` prints after the family's registry (Go: Kee Rules' axes).
    fn registry_notes(_verbose: bool) -> String {
        String::new()
    }
    /// The start position a command line names (`--start`, `--board`, `--players`), with
    /// the ply budget a random game from it gets by default.
    fn start(options: &StartOptions) -> Result<Start<Self>, StartError>;
    /// A short game for seeds and write-then-read checks: a start position that is not the
    /// family's plainest, and plays from it in the family's notation.
    fn sample() -> (Self::Setup, Vec<String>);
    /// Inputs for the fuzz targets that exercise this family, built from the bundled corpus
    /// (`corpus`: the folder that holds every family's case folder); `fuzz/seed.sh` writes
    /// them as `fuzz/seeds/<target>/<name>`.
    fn fuzz_seeds(corpus: &Path) -> std::io::Result<Vec<Seed>>;
    /// Does `action` with this family, if exhaustive search can search its games
    /// ([`Searchable`]); `None` where it cannot (the default).
    fn if_searchable<A: ForSearchable>(action: &mut A) -> Option<A::Output> {
        let _ = action;
        None
    }
}

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

/// One input of a fuzz target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seed {
    /// The fuzz target (`differential`, `fen`, …): its folder under `fuzz/seeds/`.
    pub target: &'static str,
    /// The file's name in that folder.
    pub name: String,
    /// The input.
    pub bytes: Vec<u8>,
}

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
    /// Refuses Go's options (`--board`, then `--players`) for a family whose games start
    /// from `--start`; `advice` says how they start.
    pub fn only_start(&self, advice: &'static str) -> Result<(), StartError> {
        let given = [
            self.board.as_ref().map(|_| "--board"),
            self.players.map(|_| "--players"),
        ];
        match given.into_iter().flatten().next() {
            Some(option) => Err(StartError::NotFor {
                option,
                owner: "Go",
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
