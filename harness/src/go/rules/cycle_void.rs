//! Japanese-style repetition: basic ko only; a full-board repetition ends the game with no
//! result.
//!
//! Japanese Rules of Go (1989), Article 12: "When the same whole-board position is repeated
//! during a game, if the players agree, the game ends without result." Here the referee
//! cannot ask the players whether they agree to vary, so it rules at the first repetition:
//! the game ends, `no-result:cycle`, right after a stone play (not forbidden by basic ko) that
//! recreates an earlier whole-board position. Basic ko itself is a repetition the rules forbid
//! instead (Article 6), so it never ends a game.
//!
//! "The same whole-board position" is read two ways:
//! - `cycle-void` (default): the board alone, whoever is to move — the words of Article 12.
//! - `cycle-void-situational`: the board with the same seat to move next, i.e. the cycle of
//!   plays has come round completely. Sending two returning one recreates the board with the
//!   other player to move, so only the default ends the game there.
//!
//! As for the superko rules, positions are those at the start and after stone plays; passes
//! create none.

use super::simple_ko::SimpleKo;
use super::{KoRule, Moment};
use crate::go::board::{Board, Effect};
use crate::go::graph::Vertex;
use crate::go::zobrist::to_move_key;
use crate::go::GoPlay;
use crate::referee::Outcome;
use crate::util::hashset::HashSet64;

/// Notices the first stone play that recreates an earlier position (or situation).
#[derive(Debug, Clone, Default)]
pub(crate) struct Repetition {
    seen: HashSet64,
    situational: bool,
    repeated: bool,
}

impl Repetition {
    pub fn new(situational: bool) -> Self {
        Repetition {
            situational,
            ..Repetition::default()
        }
    }

    fn key(&self, hash: u64, next: usize) -> u64 {
        if self.situational {
            hash ^ to_move_key(next)
        } else {
            hash
        }
    }

    pub fn start(&mut self, board: &Board, to_move: usize) {
        self.seen.clear();
        self.repeated = false;
        self.seen.insert(self.key(board.hash(), to_move));
    }

    pub fn record(&mut self, moment: &Moment) {
        if let GoPlay::Stone(_) = moment.play {
            let key = self.key(moment.board.hash(), moment.next);
            if !self.seen.insert(key) {
                self.repeated = true;
            }
        }
    }

    /// The positions seen and whether one repeated (exhaustive search).
    pub fn state_key(&self, out: &mut Vec<u64>) {
        out.extend(self.seen.summary());
        out.push(self.repeated as u64);
    }

    /// Has a stone play recreated an earlier position?
    pub fn repeated(&self) -> bool {
        self.repeated
    }
}

#[derive(Debug, Clone, Default)]
pub(crate) struct CycleVoid {
    ko: SimpleKo,
    cycle: Repetition,
}

impl CycleVoid {
    pub fn new(situational: bool) -> Self {
        CycleVoid {
            ko: SimpleKo::default(),
            cycle: Repetition::new(situational),
        }
    }
}

impl KoRule for CycleVoid {
    fn start(&mut self, board: &Board, to_move: usize, players: usize) {
        self.ko.start(board, to_move, players);
        self.cycle.start(board, to_move);
    }

    fn forbids(
        &self,
        board: &Board,
        mover: usize,
        v: Vertex,
        effect: &Effect,
    ) -> Option<&'static str> {
        self.ko.forbids(board, mover, v, effect)
    }

    fn record(&mut self, moment: &Moment) {
        self.ko.record(moment);
        self.cycle.record(moment);
    }

    fn ending(&self) -> Option<Outcome> {
        self.cycle.repeated().then(|| Outcome::NoResult {
            rule: "cycle".into(),
        })
    }

    /// A search asks the copy for its key after every play: its summary is kept.
    fn fork_rule(&self) -> Box<dyn KoRule> {
        let mut copy = self.clone();
        copy.cycle.seen.keep_summary();
        Box::new(copy)
    }

    fn key(&self, out: &mut Vec<u64>) {
        self.ko.key(out);
        self.cycle.state_key(out);
    }
}
