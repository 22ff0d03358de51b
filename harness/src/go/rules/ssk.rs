//! Situational superko: a stone play may not create a board position which existed previously
//! in the game *with the same player to move next* (KGS: "…and in which it was the opponent's
//! turn to move next").
//!
//! With N players the situation is the board plus the seat to move next: the mover's play
//! creates (board, mover + 1), and it is forbidden when that pair existed before. With two
//! players "the opponent" and "the seat to move next" are the same seat.
//!
//! Which situations "existed previously"? Read literally, every moment of the game: the
//! start, after each stone play, and after each pass — a pass makes no new board, but the
//! board then exists with the next seat to move. That is `ssk` (`passes = true`), and KataGo's
//! situational rule (its ko-hash history gets an entry after every move). Under it, with two
//! players, every basic-ko recapture is an SSK violation, as the issue expects.
//!
//! The variant `ssk-stones` (`passes = false`) takes "passes never create a position" to
//! cover situations too: only the start and stone plays make them. It then allows a basic-ko
//! recapture when the recapturer passed just before the opponent took the ko, because the
//! board before the taking existed only as the situation after that pass
//! (`corpus/go/rules/ssk-pass-then-ko.toml`).

use super::{KoRule, Moment};
use crate::go::board::{Board, Effect};
use crate::go::graph::Vertex;
use crate::go::zobrist::to_move_key;
use crate::go::GoPlay;
use crate::util::hashset::HashSet64;

#[derive(Debug, Clone, Default)]
pub(crate) struct Ssk {
    /// Board hash XOR the key of the seat to move next, for every situation remembered.
    seen: HashSet64,
    players: usize,
    /// Also remember the situations after passes (`ssk`; without them, `ssk-stones`).
    pub passes: bool,
}

impl Ssk {
    pub fn with_passes(passes: bool) -> Self {
        Ssk {
            passes,
            ..Ssk::default()
        }
    }
}

impl KoRule for Ssk {
    fn start(&mut self, board: &Board, to_move: usize, players: usize) {
        self.players = players;
        self.seen.clear();
        self.seen.insert(board.hash() ^ to_move_key(to_move));
    }

    fn forbids(&self, _: &Board, mover: usize, _: Vertex, effect: &Effect) -> Option<&'static str> {
        let next = (mover + 1) % self.players;
        self.seen
            .contains(effect.hash_after ^ to_move_key(next))
            .then_some("superko-situational")
    }

    fn record(&mut self, moment: &Moment) {
        if self.passes || matches!(moment.play, GoPlay::Stone(_)) {
            self.seen
                .insert(moment.board.hash() ^ to_move_key(moment.next));
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
