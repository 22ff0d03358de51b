//! Xiangqi (Chinese chess): the board and its moves, FEN, coordinate notation in both rank
//! conventions, and the repetition rules of the World Xiangqi Federation (perpetual check,
//! perpetual chase, idle) beside simpler rulesets and Fairy-Stockfish's Asian rules.

#[doc(hidden)]
pub mod board;
#[doc(hidden)]
pub mod case;
#[doc(hidden)]
pub mod cchess;
#[doc(hidden)]
pub mod diagram;
#[doc(hidden)]
pub mod explore;
#[doc(hidden)]
pub mod fen;
#[doc(hidden)]
pub mod ffish;
mod listed;
#[doc(hidden)]
pub mod movegen;
#[doc(hidden)]
pub mod notation;
#[doc(hidden)]
pub mod registry;
#[doc(hidden)]
pub mod rules;
mod seeds;
#[doc(hidden)]
pub mod wxf_data;

// The xiangqi front door: `rulediff::xiangqi::Name`.
pub use board::Move;
pub use fen::{format as format_fen, parse as parse_fen, FenError, START as START_FEN};
pub use notation::Ranks;

use crate::family::Family;
use board::{Colour, Position};

/// The xiangqi family marker.
#[derive(Debug, Clone, Copy)]
pub struct Xiangqi;

/// Where a game starts: a position, the moves already played before the case begins (they
/// count as earlier positions for repetition rules, but no referee rules on them), and the
/// rank convention of the move text.
#[derive(Debug, Clone)]
pub struct XqSetup {
    /// The position before the history.
    pub start: Position,
    /// Moves played before the case begins.
    pub history: Vec<Move>,
    /// How the case's move text numbers ranks.
    pub ranks: Ranks,
}

impl XqSetup {
    /// A game from `start` with no earlier moves.
    pub fn new(start: Position, ranks: Ranks) -> XqSetup {
        XqSetup {
            start,
            history: Vec::new(),
            ranks,
        }
    }

    /// A game from `start` after `history`; the error names the first illegal move (0-based).
    pub fn with_history(
        start: Position,
        history: Vec<Move>,
        ranks: Ranks,
    ) -> Result<XqSetup, (usize, String)> {
        let mut pos = start.clone();
        for (i, &mv) in history.iter().enumerate() {
            if !movegen::is_legal(&pos, mv) {
                return Err((
                    i,
                    format!(
                        "{} is not a legal move for {} here",
                        ranks.format(mv),
                        pos.to_move().name()
                    ),
                ));
            }
            pos.make(mv);
        }
        Ok(XqSetup {
            start,
            history,
            ranks,
        })
    }

    /// Every position of the history: the start, then one after each earlier move.
    pub fn positions(&self) -> Vec<Position> {
        let mut out = Vec::with_capacity(self.history.len() + 1);
        let mut pos = self.start.clone();
        out.push(pos.clone());
        for &mv in &self.history {
            pos.make(mv);
            out.push(pos.clone());
        }
        out
    }

    /// The position the case's own moves start from.
    pub fn current(&self) -> Position {
        self.positions().pop().expect("at least the start")
    }
}

impl Family for Xiangqi {
    const NAME: &'static str = "xiangqi";
    type Setup = XqSetup;
    type Play = Move;
    type PlayError = notation::MoveError;

    fn play_text(setup: &XqSetup, play: &Move) -> String {
        setup.ranks.format(*play)
    }

    fn parse_play(setup: &XqSetup, text: &str) -> Result<Move, notation::MoveError> {
        setup.ranks.parse(text)
    }

    fn seat_name(_setup: &XqSetup, seat: usize) -> String {
        [Colour::Red, Colour::Black][seat % 2].name().to_string()
    }

    fn seat_to_move(setup: &XqSetup, plies: usize) -> usize {
        (setup.start.to_move().index() + setup.history.len() + plies) % 2
    }
}
