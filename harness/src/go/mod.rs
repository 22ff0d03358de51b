//! Go on any finite undirected graph, for 2 to 8 players in a fixed turn order.

#[doc(hidden)]
pub mod board;
#[doc(hidden)]
pub mod case;
#[doc(hidden)]
pub mod diagram;
#[doc(hidden)]
pub mod engines;
#[doc(hidden)]
pub mod explore;
mod geng;
#[doc(hidden)]
pub mod graph;
mod listed;
#[doc(hidden)]
pub mod pass_alive;
#[doc(hidden)]
pub mod pass_alive_bits;
#[doc(hidden)]
pub mod pass_alive_grid;
#[doc(hidden)]
pub mod pass_alive_spec;
#[doc(hidden)]
pub mod random;
#[doc(hidden)]
pub mod regions;
#[doc(hidden)]
pub mod registry;
#[doc(hidden)]
pub mod rules;
#[doc(hidden)]
pub mod score;
#[doc(hidden)]
pub mod score_plain;
mod seeds;
#[doc(hidden)]
pub mod sgf;
#[doc(hidden)]
pub mod sgf_places;
#[doc(hidden)]
pub mod symmetry;
#[doc(hidden)]
pub mod zobrist;

// The Go front door: what tests, benches and library users reach as `rulediff::go::Name`.
pub use board::{Board, Colour, Scratch, EMPTY};
pub use engines::bridge::referee as bridge_referee;
pub use explore::{final_board, GoState};
pub use graph::Vertex;
pub use pass_alive::{
    area as pass_alive_area, area_into as pass_alive_area_into,
    area_into_graph as pass_alive_area_into_graph, AreaOptions, Benson, BLACK, WHITE,
};
pub use random::{choose as random_play, game as random_game, setup as random_setup, Walk};
pub use regions::plain_play;
pub use rules::counting::HandicapBonus;
pub use rules::katago::params::{
    named as katago_params, KoRule, Params as KataGoParams, Tax, NAMED as KATAGO_PRESETS,
};
pub use rules::katago::referee::KataGoReferee;
pub use rules::katago::scoring::{
    count as katago_count, independent_life_area, Extras as KataGoExtras,
};
pub use rules::katago::spec::KataGoSpec;
pub use rules::kee::axes::{every_reading as kee_readings, reading_of as kee_reading_of};
pub use rules::kee::fast::KeeReferee;
pub use rules::kee::{BanLasts as KeeBanLasts, VARIANTS as KEE_VARIANTS};
pub use rules::kinds::KoKind;
pub use score::{score as outcome_of_count, Count, Scoring};
pub use score_plain::score_plain as outcome_of_count_plain;
pub use sgf::import as import_sgf;
pub use symmetry::automorphisms;

use std::sync::Arc;

use crate::family::Family;
use crate::referee::HalfPoints;
use graph::Graph;

/// Player names in turn order; two-player games use the first two.
pub const SEAT_NAMES: [&str; 8] = ["B", "W", "R", "G", "Y", "C", "M", "K"];
/// Most players a Go game may have.
pub const MAX_PLAYERS: usize = 8;
const _: () = assert!(MAX_PLAYERS <= crate::family::MAX_SEATS);

/// The Go family marker.
#[derive(Debug, Clone, Copy)]
pub struct Go;

/// A play: a stone, a pass, or (Kee Rules) an appealing pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GoPlay {
    /// A stone on the vertex.
    Stone(Vertex),
    /// A pass.
    Pass,
    /// An appealing pass (Kee Rules).
    Appeal,
}

/// Everything a Go game starts from.
#[derive(Debug)]
pub struct GoSetup {
    /// The board.
    pub graph: Arc<Graph>,
    /// How many play (2 to [`MAX_PLAYERS`]).
    pub players: usize,
    /// Colour per vertex at the start (seat `s` plays colour `s + 1`).
    pub stones: Vec<Colour>,
    /// Seat to move first.
    pub to_move: usize,
    /// Points added per seat; `None` lets the ruleset's own komi apply.
    pub komi: Option<Vec<HalfPoints>>,
    /// Stones the players agree are dead when the game is scored (only where a case marks
    /// them).
    pub dead: Vec<Vertex>,
    /// Stones the players agree are in seki (rulesets that count no territory in seki).
    pub seki: Vec<Vertex>,
}

impl Clone for GoSetup {
    fn clone(&self) -> Self {
        let GoSetup {
            graph,
            players,
            stones,
            to_move,
            komi,
            dead,
            seki,
        } = self;
        GoSetup {
            graph: graph.clone(),
            players: *players,
            stones: stones.clone(),
            to_move: *to_move,
            komi: komi.clone(),
            dead: dead.clone(),
            seki: seki.clone(),
        }
    }

    /// Reuses this setup's lists: a referee copies the setup of every game it starts.
    fn clone_from(&mut self, source: &Self) {
        let GoSetup {
            graph,
            players,
            stones,
            to_move,
            komi,
            dead,
            seki,
        } = source;
        self.graph.clone_from(graph);
        self.players = *players;
        self.stones.clone_from(stones);
        self.to_move = *to_move;
        self.komi.clone_from(komi);
        self.dead.clone_from(dead);
        self.seki.clone_from(seki);
    }
}

impl GoSetup {
    /// An empty board for `players` players, first seat to move, no komi.
    pub fn empty(graph: Graph, players: usize) -> Self {
        let stones = vec![EMPTY; graph.len()];
        GoSetup {
            graph: Arc::new(graph),
            players,
            stones,
            to_move: 0,
            komi: None,
            dead: Vec::new(),
            seki: Vec::new(),
        }
    }
}

/// Colour played by `seat`.
#[inline]
pub fn colour_of(seat: usize) -> Colour {
    seat as Colour + 1
}

/// A play of a Go case that is neither `pass`, `appeal` nor a vertex of the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a vertex of board {board}")]
pub struct NotAVertex {
    /// The play as written.
    pub text: String,
    /// The board's description (`grid:9x9`).
    pub board: String,
}

impl Family for Go {
    const NAME: &'static str = "go";
    type Setup = GoSetup;
    type Play = GoPlay;
    type PlayError = NotAVertex;

    fn play_text(setup: &GoSetup, play: &GoPlay) -> String {
        match play {
            GoPlay::Stone(v) => setup.graph.name(*v).to_string(),
            GoPlay::Pass => "pass".into(),
            GoPlay::Appeal => "appeal".into(),
        }
    }

    fn parse_play(setup: &GoSetup, text: &str) -> Result<GoPlay, NotAVertex> {
        match text.to_ascii_lowercase().as_str() {
            "pass" => Ok(GoPlay::Pass),
            "appeal" => Ok(GoPlay::Appeal),
            _ => setup
                .graph
                .vertex(text)
                .map(GoPlay::Stone)
                .ok_or_else(|| NotAVertex {
                    text: text.to_string(),
                    board: setup.graph.description().to_string(),
                }),
        }
    }

    fn seat_name(_setup: &GoSetup, seat: usize) -> String {
        SEAT_NAMES[seat].to_string()
    }

    fn seat_to_move(setup: &GoSetup, plies: usize) -> usize {
        (setup.to_move + plies) % setup.players
    }
}
