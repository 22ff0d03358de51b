//! Go on any finite undirected graph, for 2 to 8 players in a fixed turn order.

pub mod board;
pub mod case;
pub mod diagram;
pub mod engines;
pub mod explore;
mod geng;
pub mod graph;
mod listed;
pub mod pass_alive;
pub mod pass_alive_bits;
pub mod pass_alive_grid;
pub mod pass_alive_spec;
pub mod random;
pub mod regions;
pub mod registry;
pub mod rules;
pub mod score;
pub mod score_plain;
mod seeds;
pub mod sgf;
pub mod sgf_places;
pub mod symmetry;
pub mod zobrist;

use std::sync::Arc;

use crate::family::Family;
use crate::referee::HalfPoints;
use board::{Colour, EMPTY};
use graph::{Graph, Vertex};

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
