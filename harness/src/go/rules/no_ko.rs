//! No ko rule at all: only the suicide policy limits stone plays. A baseline: every other rule
//! with the same suicide policy forbids a superset of what this one forbids, and with it a game
//! may cycle for ever. The "anything goes except Kee rule 10's no-op suicide" is
//! `no-ko+suicide`; plain `no-ko` keeps the id convention that no suffix forbids suicide.

use super::{KoRule, Moment};
use crate::go::board::{Board, Effect};
use crate::go::graph::Vertex;

#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct NoKo;

impl KoRule for NoKo {
    fn start(&mut self, _: &Board, _: usize, _: usize) {}

    fn forbids(&self, _: &Board, _: usize, _: Vertex, _: &Effect) -> Option<&'static str> {
        None
    }

    fn record(&mut self, _: &Moment) {}

    fn fork_rule(&self) -> Box<dyn KoRule> {
        Box::new(*self)
    }

    fn key(&self, out: &mut Vec<u64>) {
        let _ = out;
    }
}
