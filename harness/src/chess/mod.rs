//! Chess, the second game family: positions, legal moves and hashing come from shakmaty;
//! this module adds what rulediff needs around them — FIDE position identity, the line of
//! play referees judge, case files (FEN, UCI, SAN, PGN, generated lines) and the repetition
//! rulesets.

#[doc(hidden)]
pub mod bridge;
#[doc(hidden)]
pub mod case;
#[doc(hidden)]
pub mod detect;
#[doc(hidden)]
pub mod diagram;
#[doc(hidden)]
pub mod explore;
#[doc(hidden)]
pub mod generate;
#[doc(hidden)]
pub mod line;
mod listed;
#[doc(hidden)]
pub mod notation;
#[doc(hidden)]
pub mod pgn;
#[doc(hidden)]
pub mod position;
mod registry;
#[doc(hidden)]
pub mod rules;
mod seeds;
#[doc(hidden)]
pub mod symmetry;

// The chess front door: `rulediff::chess::Name`.
pub use bridge::referee as bridge_referee;
pub use detect::cuckoo::FideCuckoo;
pub use detect::keys::Keys;
pub use detect::moves::Moves;
pub use detect::table::Table;
pub use detect::{Detector, ThreefoldBy};
pub use generate::euwe;
pub use line::Line;
pub use notation::parse_uci;
pub use rules::fide::{Claims as FideClaims, Fide, Kind as FideKind};
pub use rules::spec::SpecFide;
pub use rules::DrawRules;

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Color, Position};

use crate::family::Family;

/// shakmaty's standard chess position.
pub type Pos = shakmaty::Chess;

/// The chess family marker.
#[derive(Debug, Clone, Copy)]
pub struct Chess;

/// Where a game starts: a position (the standard one, or any legal FEN).
#[derive(Debug, Clone)]
pub struct ChessSetup {
    /// The position.
    pub start: Pos,
    /// The start as FEN, as case files write it.
    pub fen: String,
}

impl ChessSetup {
    /// The standard starting position.
    pub fn standard() -> ChessSetup {
        let start = Pos::default();
        ChessSetup {
            fen: notation::fen_of(&start),
            start,
        }
    }

    /// A start position from FEN (see [`notation::parse_fen`] for what is accepted).
    pub fn from_fen(fen: &str) -> Result<ChessSetup, notation::FenError> {
        let start = notation::parse_fen(fen)?;
        Ok(ChessSetup {
            fen: notation::fen_of(&start),
            start,
        })
    }
}

/// Seat 0 is White, seat 1 Black, whoever moves first.
pub const SEAT_NAMES: [&str; 2] = ["white", "black"];

/// The seat of a colour.
pub fn seat_of(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Family for Chess {
    const NAME: &'static str = "chess";
    type Setup = ChessSetup;
    /// A move in UCI form (`e2e4`, `e7e8q`, castling as the king's move `e1g1`): it names a
    /// move without needing the position, so it is what runs record and cases replay.
    type Play = UciMove;
    type PlayError = notation::MoveError;

    fn play_text(_setup: &ChessSetup, play: &UciMove) -> String {
        play.to_string()
    }

    fn parse_play(_setup: &ChessSetup, text: &str) -> Result<UciMove, notation::MoveError> {
        notation::parse_uci(text)
    }

    fn seat_name(_setup: &ChessSetup, seat: usize) -> String {
        SEAT_NAMES[seat % 2].to_string()
    }

    fn seat_to_move(setup: &ChessSetup, plies: usize) -> usize {
        (seat_of(setup.start.turn()) + plies) % 2
    }
}

/// The move `play` names in `pos`, if it is legal there.
pub fn legal_move(pos: &Pos, play: &UciMove) -> Option<shakmaty::Move> {
    play.to_move(pos).ok()
}

/// A legal move as the family writes it.
pub fn uci_of(m: shakmaty::Move) -> UciMove {
    UciMove::from_move(m, CastlingMode::Standard)
}
