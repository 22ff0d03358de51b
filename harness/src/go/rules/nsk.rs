//! Natural situational superko: a player may not play a stone so as to create a board position
//! which existed previously in the game *if that player's own play created it previously*
//! (KGS's NSK row).
//!
//! Only stone plays create positions: a pass creates nothing, and the start position was
//! created by nobody, so recreating it is forbidden only once some seat has recreated it by a
//! stone play (and then only to that seat). The generalization to N players needs no choice:
//! the creator is a seat, whoever it is.

use super::{KoRule, Moment};
use crate::go::board::{Board, Effect};
use crate::go::graph::Vertex;
use crate::go::zobrist::mover_key;
use crate::go::GoPlay;
use crate::util::hashset::HashSet64;

#[derive(Debug, Clone, Default)]
pub(crate) struct Nsk {
    /// Board hash XOR the key of the seat whose stone play created it.
    created: HashSet64,
}

impl KoRule for Nsk {
    fn start(&mut self, _: &Board, _: usize, _: usize) {
        self.created.clear();
    }

    fn forbids(&self, _: &Board, mover: usize, _: Vertex, effect: &Effect) -> Option<&'static str> {
        self.created
            .contains(effect.hash_after ^ mover_key(mover))
            .then_some("superko-natural")
    }

    fn record(&mut self, moment: &Moment) {
        if let GoPlay::Stone(_) = moment.play {
            self.created
                .insert(moment.board.hash() ^ mover_key(moment.mover));
        }
    }

    /// A search asks the copy for its key after every play: its summary is kept.
    fn fork_rule(&self) -> Box<dyn KoRule> {
        let mut copy = self.clone();
        copy.created.keep_summary();
        Box::new(copy)
    }

    fn key(&self, out: &mut Vec<u64>) {
        out.extend(self.created.summary());
    }
}
