//! The game so far as repetition rules see it: every position from the start, the move into
//! each, the identity of every piece (so a chased piece can be followed when it moves), and
//! for each position the nearest earlier occurrence of the same position.

use std::collections::HashMap;

use super::super::board::{Move, Position, SQUARES};

/// No piece on a square.
pub const NO_PIECE: u8 = u8::MAX;

/// Positions `P_0 … P_n` and moves `m_1 … m_n` (`m_t` leads from `P_{t-1}` to `P_t`).
#[derive(Clone, Debug)]
pub struct History {
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Per position, the identity (0..32) of the piece on each square.
    ids: Vec<[u8; SQUARES]>,
    /// Per position, the index of the nearest earlier equal position (same pieces on the same
    /// points, same side to move), by Zobrist hash.
    previous: Vec<Option<usize>>,
    last_seen: HashMap<u64, usize>,
}

impl History {
    /// A history with `start` as its only position. Pieces get identities in square order.
    pub fn new(start: Position) -> History {
        let mut ids = [NO_PIECE; SQUARES];
        let mut next = 0u8;
        for (i, cell) in start.cells().iter().enumerate() {
            if cell.is_some() {
                ids[i] = next;
                next += 1;
            }
        }
        let mut last_seen = HashMap::new();
        last_seen.insert(start.hash(), 0);
        History {
            positions: vec![start],
            moves: Vec::new(),
            ids: vec![ids],
            previous: vec![None],
            last_seen,
        }
    }

    /// Appends a legal move of the side to move in the last position.
    pub fn push(&mut self, mv: Move) {
        let mut pos = self.last().clone();
        pos.make(mv);
        let mut ids = *self.ids.last().expect("at least one position");
        ids[mv.to.index()] = ids[mv.from.index()];
        ids[mv.from.index()] = NO_PIECE;
        let index = self.positions.len();
        self.previous.push(self.last_seen.insert(pos.hash(), index));
        self.positions.push(pos);
        self.moves.push(mv);
        self.ids.push(ids);
    }

    /// Index of the last position (the number of moves made).
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    /// Whether no move was made.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
    /// The last position.
    pub fn last(&self) -> &Position {
        self.positions.last().expect("at least one position")
    }
    /// The position after `t` moves.
    pub fn position(&self, t: usize) -> &Position {
        &self.positions[t]
    }
    /// The move into position `t` (t ≥ 1).
    pub fn move_into(&self, t: usize) -> Move {
        self.moves[t - 1]
    }
    /// Identity of the piece on `sq` in position `t`.
    pub fn id(&self, t: usize, sq: super::super::board::Square) -> u8 {
        self.ids[t][sq.index()]
    }
    /// The nearest earlier position equal to position `t`.
    pub fn previous(&self, t: usize) -> Option<usize> {
        self.previous[t]
    }
}
