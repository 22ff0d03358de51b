//! The former German rule, as the reference quotes it: "A chess game ends with a draw if a
//! sequence of moves — with all pieces in exactly the same positions — is played three times
//! successively." Euwe (1929) showed with the Thue–Morse sequence that it does not make chess
//! finite; it stands here alone, with no fifty- or seventy-five-move rule, as in that argument.
//!
//! Read as: the last 3·L moves are one sequence of L moves played three times, and the
//! position is the same at the start of each playing and after the last. The readings of
//! "all pieces in exactly the same positions" are two referees:
//! - `german`: the pieces on the same squares and the same side to move (the words of the
//!   rule);
//! - `german+rights`: the same position as FIDE counts it (castling rights and a legal en
//!   passant capture too).
//!
//! Identical moves from identical squares give identical squares, so the positions inside
//! each playing match as well.

use std::collections::HashMap;

use super::DrawRules;
use crate::chess::line::Line;
use crate::chess::position::{fide_key, placement_key};
use crate::chess::Pos;
use shakmaty::Position;

/// The rule's name in draws this ruleset rules.
pub const RULE: &str = "sequence-played-three-times";

/// The key of a position under the chosen reading.
pub fn german_key(pos: &Pos, rights: bool) -> u64 {
    if rights {
        fide_key(pos)
    } else {
        placement_key(pos.board(), pos.turn())
    }
}

/// The search state of the German rule: the current position in full (its legal moves depend
/// on castling rights and en passant), then, since the last capture or pawn move, every
/// position's key under the reading and every move. Nothing before that move counts: no
/// placement from before a capture or a pawn move can come back, so no sequence played three
/// times can reach behind it. The summary grows with the game: the rule can look any number
/// of moves back, and no bounded summary decides it (see the registry's search note).
pub fn history_key(line: &Line, rights: bool, out: &mut Vec<u64>) {
    out.clear();
    out.push(fide_key(line.pos()));
    let since = line
        .moves
        .iter()
        .rposition(|m| m.is_zeroing())
        .map_or(0, |i| i + 1);
    for i in since..line.plies() {
        let m = line.moves[i];
        out.push(german_key(&line.positions[i], rights));
        let from = m.from().map_or(64, |s| u64::from(s.to_u32()));
        out.push((m.role() as u64) << 16 | from << 8 | u64::from(m.to().to_u32()));
    }
}

/// The German rule, fast: candidate lengths are the distances to earlier occurrences of the
/// current key.
#[derive(Clone, Debug)]
pub struct German {
    rights: bool,
    keys: Vec<u64>,
    seen: HashMap<u64, Vec<usize>>,
    fired: bool,
}

impl German {
    /// The rule, with castling and en passant rights part of a position (`rights`) or not.
    pub fn new(rights: bool) -> German {
        German {
            rights,
            keys: Vec::new(),
            seen: HashMap::new(),
            fired: false,
        }
    }

    fn thrice(&self, line: &Line, n: usize, len: usize) -> bool {
        let k = self.keys[n];
        self.keys[n - 2 * len] == k
            && self.keys[n - 3 * len] == k
            && (0..len).all(|i| {
                let m = line.moves[n - 1 - i];
                line.moves[n - 1 - len - i] == m && line.moves[n - 1 - 2 * len - i] == m
            })
    }
}

impl DrawRules for German {
    fn start(&mut self, line: &Line) {
        let key = german_key(line.pos(), self.rights);
        self.keys = vec![key];
        self.seen = HashMap::from([(key, vec![0])]);
        self.fired = false;
    }

    fn pushed(&mut self, line: &Line) {
        let n = line.plies();
        let key = german_key(line.pos(), self.rights);
        self.keys.push(key);
        let earlier = self.seen.entry(key).or_default();
        let candidates: Vec<usize> = earlier
            .iter()
            .rev()
            .map(|&j| n - j)
            .take_while(|&len| 3 * len <= n)
            .collect();
        earlier.push(n);
        self.fired = candidates.into_iter().any(|len| self.thrice(line, n, len));
    }

    fn draw(&mut self, _line: &Line) -> Option<&'static str> {
        self.fired.then_some(RULE)
    }

    fn boxed(&self) -> Box<dyn DrawRules> {
        Box::new(self.clone())
    }

    fn state_key(&self, line: &Line, out: &mut Vec<u64>) -> bool {
        history_key(line, self.rights, out);
        true
    }
}
