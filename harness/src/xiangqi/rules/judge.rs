//! The repetition judge (Tan & Watkinson, Algorithms 7 and 8), fast version: move statuses
//! are computed only for the moves inside a repetition, once each, and repetitions are found
//! through each position's link to its nearest earlier occurrence.
//!
//! For the player who made the move into position `i`: walk back to the `n`-th earlier
//! occurrence `j` of that position (`n = 1`: the first repetition). The player's moves in the
//! cycle are those into positions `i-2, i-4, …, j` (each with the reply that follows it, which
//! a chase needs). All checks: perpetual check. All chases, with at least one piece chased in
//! every one of them (pieces followed as they move): perpetual chase. Anything else, including
//! checks mixed with chases: idle. The judge rules only when both players' last positions
//! repeat; the side with the higher level (check > chase > idle) loses, equal levels draw.

use super::chase::{ply_status, PlyStatus, Readings, Victims};
use super::history::History;
use super::{repetition_outcome, RepetitionRule};
use crate::referee::Outcome;

/// How serious a player's part in a repetition is.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Level {
    Idle,
    Chase,
    Check,
}

/// Which statuses a ruleset distinguishes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Scope {
    /// Check, chase and idle (WXF).
    Full(Readings),
    /// Only perpetual check counts; every other repetition is idle.
    ChecksOnly,
}

/// The positions of one player's moves in the cycle ending at `i`, or `None` when position
/// `i` has not occurred `times` times before.
pub fn window(h: &History, i: usize, times: usize) -> Option<Vec<usize>> {
    if i == 0 {
        return None;
    }
    let mut j = i;
    for _ in 0..times {
        j = h.previous(j)?;
    }
    Some((j..=i - 2).rev().step_by(2).collect())
}

/// A repetition judge with memoized move statuses.
pub struct Judge {
    scope: Scope,
    times: usize,
    memo: Vec<Option<PlyStatus>>,
}

impl Judge {
    pub fn new(scope: Scope, times: usize) -> Judge {
        Judge {
            scope,
            times,
            memo: Vec::new(),
        }
    }

    fn status(&mut self, h: &History, t: usize) -> PlyStatus {
        if self.memo.len() <= t {
            self.memo.resize(t + 1, None);
        }
        if let Some(s) = self.memo[t] {
            return s;
        }
        let s = match self.scope {
            Scope::Full(r) => ply_status(h, t, &r),
            Scope::ChecksOnly => {
                let pos = h.position(t);
                if super::super::movegen::in_check(pos, pos.to_move()) {
                    PlyStatus::Check
                } else {
                    PlyStatus::Idle
                }
            }
        };
        self.memo[t] = Some(s);
        s
    }

    /// The level of the player who moved into position `i`, if that position repeats.
    pub fn level(&mut self, h: &History, i: usize) -> Option<Level> {
        let window = window(h, i, self.times)?;
        let statuses: Vec<PlyStatus> = window.iter().map(|&t| self.status(h, t)).collect();
        if statuses.iter().all(|s| *s == PlyStatus::Check) {
            return Some(Level::Check);
        }
        let mut common = u32::MAX;
        for s in &statuses {
            match s {
                PlyStatus::Chase(set) => common &= set,
                _ => return Some(Level::Idle),
            }
        }
        let victims = match self.scope {
            Scope::Full(r) => r.victims,
            Scope::ChecksOnly => Victims::Any,
        };
        let chase = match victims {
            Victims::Any => common != 0,
            Victims::One => common.count_ones() == 1,
        };
        Some(if chase { Level::Chase } else { Level::Idle })
    }
}

impl RepetitionRule for Judge {
    fn reset(&mut self) {
        self.memo.clear();
    }

    fn rule(&mut self, h: &History) -> Option<Outcome> {
        let n = h.len();
        // Cheap test first: most positions are new.
        if n < 2 || h.previous(n).is_none() || h.previous(n - 1).is_none() {
            return None;
        }
        let theirs = self.level(h, n)?;
        let ours = self.level(h, n - 1)?;
        Some(repetition_outcome(h.last().to_move(), ours, theirs))
    }
}

/// A draw at the third occurrence of a position, nothing else.
pub struct Threefold;

impl RepetitionRule for Threefold {
    fn reset(&mut self) {}

    fn rule(&mut self, h: &History) -> Option<Outcome> {
        let n = h.len();
        h.previous(n)
            .and_then(|j| h.previous(j))
            .map(|_| Outcome::Draw {
                rule: "repetition".into(),
            })
    }
}

/// No repetition rule: games end only by checkmate or stalemate.
pub struct NoRule;

impl RepetitionRule for NoRule {
    fn reset(&mut self) {}

    fn rule(&mut self, _h: &History) -> Option<Outcome> {
        None
    }
}
