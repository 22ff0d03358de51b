//! Positional superko: a stone play may not create a board position that existed before in
//! the game (the start position included), whoever was to move.

use super::{KoRule, Moment};
use crate::go::board::{Board, Effect};
use crate::go::graph::Vertex;
use crate::go::GoPlay;
use crate::util::hashset::HashSet64;

#[derive(Debug, Clone, Default)]
pub(crate) struct Psk {
    seen: HashSet64,
}

impl KoRule for Psk {
    fn start(&mut self, board: &Board, _to_move: usize, _players: usize) {
        self.seen.clear();
        // A game makes a position per stone play; room for three times as many as the board
        // has points covers most games without the table growing on the way (random games
        // on 5x5 ran past twice, and regrowing cost 4 instructions a play).
        self.seen.reserve(3 * board.cells().len());
        self.seen.insert(board.hash());
    }

    #[inline(always)]
    fn forbids(&self, _: &Board, _: usize, _: Vertex, effect: &Effect) -> Option<&'static str> {
        self.seen
            .contains(effect.hash_after)
            .then_some("superko-positional")
    }

    #[inline(always)]
    fn record(&mut self, moment: &Moment) {
        if let GoPlay::Stone(_) = moment.play {
            self.seen.insert(moment.board.hash());
        }
    }

    /// A search asks the copy for its key after every play: its summary is kept.
    fn fork_rule(&self) -> Box<dyn KoRule> {
        let mut copy = self.clone();
        copy.seen.keep_summary();
        Box::new(copy)
    }

    fn key(&self, out: &mut Vec<u64>) {
        out.extend(self.seen.summary());
    }
}
