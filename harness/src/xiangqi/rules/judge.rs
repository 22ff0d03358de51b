//! The repetition judge (Tan & Watkinson, Algorithms 7 and 8), fast version: move statuses
//! are computed only for the moves inside a repetition, once each, and repetitions are found
//! through each position's link to its nearest earlier occurrence.
//!
//! For the player who made the move into position `i`: walk back to the `n`-th earlier
//! occurrence `j` of that position (`n = 1`: the first repetition). The player's moves in the
//! cycle are those into positions `i-2, i-4, …, j` (each with the reply that follows it, which
//! a chase needs). All checks: perpetual check. All chases, with at least one piece chased in
//! every one of them (pieces followed as they move): perpetual chase. Anything else, including
//! checks mixed with chases: idle. The side with the higher level (check > chase > idle)
//! loses, equal levels draw.
//!
//! When does the judge rule? Algorithm 8 asks judge_player for both players, each at their own
//! last position, and returns Undecided unless both repeat ([`Point::BothRepeat`]); the prose
//! says "If neither players repeat moves, then we return undecided", and Fairy-Stockfish rules
//! as soon as the current position repeats, judging both players over the moves since its
//! earlier occurrence ([`Point::CurrentRepeats`]).

use super::chase::{ply_status, PlyStatus, Readings, Victims};
use super::history::History;
use super::{repetition_outcome, RepetitionRule};
use crate::referee::Outcome;

/// How serious a player's part in a repetition is.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Level {
    /// Neither checks nor chases.
    Idle,
    /// Chases (perpetually).
    Chase,
    /// Checks (perpetually).
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

/// When the judge rules.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Point {
    /// When each player's last position has occurred `times` times before (Algorithm 8).
    BothRepeat,
    /// When the current position has occurred `times` times before; both players are judged
    /// over the moves since that earlier occurrence.
    CurrentRepeats,
}

/// The `times`-th earlier occurrence of position `i`.
pub fn earlier(h: &History, i: usize, times: usize) -> Option<usize> {
    let mut j = i;
    for _ in 0..times {
        j = h.previous(j)?;
    }
    Some(j)
}

/// The positions `from, from + 2, …` up to and including `to`, latest first.
fn every_other(from: usize, to: usize) -> Vec<usize> {
    (from..=to)
        .rev()
        .filter(|t| (to - t).is_multiple_of(2))
        .collect()
}

/// A repetition judge with memoized move statuses.
pub struct Judge {
    scope: Scope,
    times: usize,
    point: Point,
    memo: Vec<Option<PlyStatus>>,
}

impl Judge {
    /// A judge of `scope` that rules at `point`, after a position occurred `times` times
    /// before.
    pub fn new(scope: Scope, times: usize, point: Point) -> Judge {
        Judge {
            scope,
            times,
            point,
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

    /// The level of a player whose moves led into `window` (positions, each followed by the
    /// reply).
    pub fn level(&mut self, h: &History, window: &[usize]) -> Level {
        let statuses: Vec<PlyStatus> = window.iter().map(|&t| self.status(h, t)).collect();
        if statuses.iter().all(|s| *s == PlyStatus::Check) {
            return Level::Check;
        }
        let mut common = u32::MAX;
        for s in &statuses {
            match s {
                PlyStatus::Chase(set) => common &= set,
                _ => return Level::Idle,
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
        if chase {
            Level::Chase
        } else {
            Level::Idle
        }
    }

    /// The windows of the side that just moved and of the side to move, when the judge rules.
    fn windows(&self, h: &History) -> Option<(Vec<usize>, Vec<usize>)> {
        let n = h.len();
        match self.point {
            Point::BothRepeat => {
                let theirs = earlier(h, n, self.times)?;
                let ours = earlier(h, n - 1, self.times)?;
                Some((every_other(theirs, n - 2), every_other(ours, n - 3)))
            }
            Point::CurrentRepeats => {
                let j = earlier(h, n, self.times)?;
                Some((every_other(j, n - 2), every_other(j + 1, n - 1)))
            }
        }
    }
}

impl RepetitionRule for Judge {
    fn reset(&mut self) {
        self.memo.clear();
    }

    fn rule(&mut self, h: &History) -> Option<Outcome> {
        let n = h.len();
        // Cheap test first: most positions are new.
        if n < 2 || h.previous(n).is_none() {
            return None;
        }
        let (theirs, ours) = self.windows(h)?;
        let theirs = self.level(h, &theirs);
        let ours = self.level(h, &ours);
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
