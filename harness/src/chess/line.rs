//! The line of play a referee judges: every position from the start, and the moves between.

use shakmaty::{Move, Position};

use super::Pos;

/// Positions `positions[0..=n]` and moves `moves[0..n]`; `moves[i]` leads from
/// `positions[i]` to `positions[i + 1]`.
#[derive(Clone, Debug)]
pub struct Line {
    /// Every position, the start first.
    pub positions: Vec<Pos>,
    /// Every move.
    pub moves: Vec<Move>,
}

impl Line {
    /// A line of no moves from `start`.
    pub fn new(start: Pos) -> Line {
        Line {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn pos(&self) -> &Pos {
        self.positions.last().expect("a line has its start")
    }

    /// Number of moves made.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Makes a move that must be legal in the current position.
    pub fn push(&mut self, m: Move) {
        let mut next = self.pos().clone();
        next.play_unchecked(m);
        self.moves.push(m);
        self.positions.push(next);
    }

    /// Was move `i` irreversible (a capture, a pawn move, castling, a change of castling
    /// rights, or any move where an en passant capture was legal)? No position before it
    /// can come back after it.
    pub fn irreversible(&self, i: usize) -> bool {
        self.positions[i].is_irreversible(self.moves[i])
    }
}
