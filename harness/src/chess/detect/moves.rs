//! Repetition of moves, after Vučković and Vidanović (2004), as the reference gives it in
//! pseudo-C++: the move list alone (origin, target, a reversible flag) is scanned backwards
//! while moves are reversible; each move whose target is the origin of a chain extends that
//! chain backwards (or closes it, when its origin is the chain's target); other moves open a
//! chain in one of 24 slots. When no chain is open, every piece that moved is back where it
//! was: the position before that move is, by this method, the current one. The paper stops
//! at the first closure; here the scan goes on and counts the closures, to answer "how many
//! times". Reversible means not a capture, not a pawn move and not castling: the move list
//! knows nothing of castling rights or of en passant, and neither of whose turn it is.

use super::Detector;
use crate::chess::line::Line;
use shakmaty::Square;

const SLOTS: usize = 24;

#[derive(Clone, Copy, Debug)]
struct Chain {
    from: Square,
    to: Square,
}

/// The detector keeps nothing: it reads the line's moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct Moves;

/// Closed points scanning back from the last move: each is an earlier occurrence.
pub fn closures(line: &Line) -> u32 {
    let mut chains: [Option<Chain>; SLOTS] = [None; SLOTS];
    let mut open = 0usize;
    let mut found = 0;
    for m in line.moves.iter().rev() {
        if m.is_zeroing() || m.is_castle() {
            break;
        }
        let (from, to) = (m.from().expect("no drops in chess"), m.to());
        if let Some(slot) = chains.iter_mut().find(|c| c.is_some_and(|c| c.from == to)) {
            let chain = slot.expect("found a chain");
            if chain.to == from {
                *slot = None;
                open -= 1;
                if open == 0 {
                    found += 1;
                }
            } else {
                *slot = Some(Chain { from, to: chain.to });
            }
            continue;
        }
        match chains.iter_mut().find(|c| c.is_none()) {
            Some(slot) => {
                *slot = Some(Chain { from, to });
                open += 1;
            }
            None => break,
        }
    }
    found
}

impl Detector for Moves {
    fn start(&mut self, _line: &Line) {}
    fn pushed(&mut self, _line: &Line) {}

    fn earlier(&mut self, line: &Line) -> u32 {
        closures(line)
    }

    fn boxed(&self) -> Box<dyn Detector> {
        Box::new(*self)
    }
}
