//! KataGo's cleanup phases ("encore", territory scoring only): their ko rule, as
//! `BoardHistory::isLegal`, `isPassForKo` and `makeBoardMoveAssumeLegal` run it.
//!
//! - Basic ko does not apply. A ko capture (a play after which the board would have a
//!   `ko_loc`) marks the capturing stone *ko-recapture-blocked*, and is remembered with the
//!   position before it and the player.
//! - A play that would capture a blocked stone as a ko (`getKoCaptureLoc`), or a play on a
//!   blocked lone opponent stone in atari, is the *unblock-ko-recapture* action instead: it
//!   lifts the block and changes nothing else (the page's "pass for ko").
//! - A player may not make the same ko capture (same point, same position) twice in a phase.
//! - Blocks on points that became empty are lifted after every play; a new phase starts with
//!   none.

use super::ko::{block_key, ko_capture_point};
use crate::go::board::{Board, EMPTY};
use crate::go::colour_of;
use crate::go::graph::Vertex;

/// The ko-recapture blocks of a cleanup phase and the ko captures made in it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Blocks {
    pub marked: Vec<bool>,
    /// The blocks' part of the ko hash.
    pub hash: u64,
    /// (position before, point, player) of every ko capture this phase.
    pub captures: Vec<(u64, Vertex, usize)>,
}

impl Blocks {
    pub fn new(vertices: usize) -> Self {
        Blocks {
            marked: vec![false; vertices],
            hash: 0,
            captures: Vec::new(),
        }
    }

    fn set(&mut self, v: Vertex, on: bool) {
        if self.marked[v as usize] != on {
            self.marked[v as usize] = on;
            self.hash ^= block_key(v);
        }
    }

    /// The block that `mover` playing at `v` lifts, if the play is an unblock action.
    pub fn unblocks(&self, board: &Board, v: Vertex, mover: usize) -> Option<Vertex> {
        let opponent = colour_of(1 - mover);
        let c = board.colour(v);
        if c == opponent && self.marked[v as usize] {
            let alone = board
                .graph()
                .neighbours(v)
                .iter()
                .all(|&n| board.colour(n) != c);
            if alone && board.liberties_up_to(v, 2) == 1 {
                return Some(v);
            }
        }
        if c != EMPTY {
            return None;
        }
        let k = ko_capture_point(board, v, colour_of(mover))?;
        (self.marked[k as usize] && board.colour(k) == opponent).then_some(k)
    }

    /// Lifts the block on `v` (the unblock action).
    pub fn lift(&mut self, v: Vertex) {
        self.set(v, false);
    }

    /// Whether `mover` already made the ko capture at `v` from the position `pos_hash`.
    pub fn repeats_capture(&self, pos_hash: u64, v: Vertex, mover: usize) -> bool {
        self.captures.contains(&(pos_hash, v, mover))
    }

    /// After `mover` played at `v` from the position `hash_before`: a ko capture blocks the
    /// capturing stone; blocks on empty points go.
    pub fn after_play(
        &mut self,
        board: &Board,
        v: Vertex,
        mover: usize,
        hash_before: u64,
        ko: bool,
    ) {
        if ko {
            self.set(v, true);
            self.captures.push((hash_before, v, mover));
        }
        for p in 0..self.marked.len() {
            if self.marked[p] && board.colour(p as Vertex) == EMPTY {
                self.set(p as Vertex, false);
            }
        }
    }
}
