//! Simple (basic) ko: a stone play may not recreate, by capturing exactly one stone, the
//! position that existed just before the previous play.
//!
//! With more than two players "the opponent's last play" is read as the play immediately
//! before, whoever made it: only then can a single capture restore a position (see the spec
//! version, which checks exactly that).

use super::{KoRule, Moment};
use crate::go::board::{Board, Effect};
use crate::go::graph::Vertex;
use crate::go::GoPlay;

#[derive(Debug, Clone, Default)]
pub(crate) struct SimpleKo {
    /// Hash of the position before the last play, when that play was a stone play (before
    /// a pass, the position is the current one, which no capture can recreate).
    banned: Option<u64>,
}

impl KoRule for SimpleKo {
    fn start(&mut self, _board: &Board, _to_move: usize, _players: usize) {
        self.banned = None;
    }

    fn forbids(&self, _: &Board, _: usize, _: Vertex, effect: &Effect) -> Option<&'static str> {
        (effect.captured == 1 && self.banned == Some(effect.hash_after)).then_some("ko")
    }

    fn record(&mut self, moment: &Moment) {
        self.banned = match moment.play {
            GoPlay::Stone(_) => Some(moment.hash_before),
            _ => None,
        };
    }

    fn fork_rule(&self) -> Box<dyn KoRule> {
        Box::new(self.clone())
    }

    fn key(&self, out: &mut Vec<u64>) {
        out.extend([self.banned.is_some() as u64, self.banned.unwrap_or(0)]);
    }
}
