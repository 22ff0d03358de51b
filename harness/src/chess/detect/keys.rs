//! List of keys, as John Stanback describes Zarkov: "I simply keep 32 bits of hash for each
//! move in the game history … if the current ply is at least 4 plies beyond the last
//! irreversible move I test the current hash value against those for each position in the
//! game history (for the current side to move only) back to the last irreversible move and
//! count the number of matches." Irreversible: a capture, a pawn move, or a change of
//! castling rights. The key hashes the en passant file after every double step, as engine
//! hashes commonly do (it does not know whether a capture is legal).

use shakmaty::Position;

use super::Detector;
use crate::chess::line::Line;
use crate::chess::position::{key, EpMode};
use crate::chess::Pos;

/// The engine's key of a position: 64-bit Zobrist, en passant after every double step.
pub fn engine_key(pos: &Pos) -> u64 {
    key(pos, EpMode::DoubleStep)
}

/// Whether move `i` resets the engine's repetition window.
pub fn resets(line: &Line, i: usize) -> bool {
    let (before, after) = (&line.positions[i], &line.positions[i + 1]);
    line.moves[i].is_zeroing()
        || line.moves[i].is_castle()
        || before.castles().castling_rights() != after.castles().castling_rights()
}

/// Keys since the last irreversible move.
#[derive(Clone, Debug, Default)]
pub struct Keys {
    /// 32-bit keys of the positions in the window, oldest first.
    window: Vec<u32>,
}

impl Detector for Keys {
    fn start(&mut self, line: &Line) {
        self.window = vec![engine_key(line.pos()) as u32];
    }

    fn pushed(&mut self, line: &Line) {
        if resets(line, line.plies() - 1) {
            self.window.clear();
        }
        self.window.push(engine_key(line.pos()) as u32);
    }

    fn earlier(&mut self, _line: &Line) -> u32 {
        let n = self.window.len() - 1;
        if n < 4 {
            return 0;
        }
        let current = self.window[n];
        (0..n)
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&j| self.window[j] == current)
            .count() as u32
    }

    fn boxed(&self) -> Box<dyn Detector> {
        Box::new(self.clone())
    }
}
