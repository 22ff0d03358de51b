//! Divergence signatures: what makes two divergences "the same" for deduplication: which
//! referees ruled which way and by which rule, and the kind of repetition involved: its
//! length class and which position comes back.

use serde::{Deserialize, Serialize};

use super::record::{ResultSplit, Ruling};
use crate::family::Explore;

/// The groups of referees with identical rulings, plus the cycle kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Signature {
    /// Each ruling (with its rule) and the referees that gave it, sorted.
    pub groups: Vec<(String, Vec<String>)>,
    /// `basic ko back to the start position`, `cycle of 4 plies back to a position after a
    /// play`, … where the play recreates an earlier position (see [`Signature::cycle_class`]).
    pub cycle: Option<String>,
    /// Set for a result divergence: every referee ended the game here, with different
    /// results.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultSplit>,
    /// Set for a result divergence between referees that ended the game at different steps
    /// (some played on where others ended it): each ruling is the one its referee ended the
    /// game with, or `not ended` for one still playing at the ply budget.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub apart: bool,
}

/// Cycles longer than this share one signature class.
pub const LONG_CYCLE: usize = 8;

/// Which earlier position a repetition recreates, told apart in a form that re-rooting a
/// game (its prefix folded into the start position, see [`crate::family::Explore::reroot`])
/// can change and minimization therefore notices: the case's start, a position its own plays
/// reached, or one from the setup's history before its first play (xiangqi's `history`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Returns {
    /// The start position of the game or case.
    Start,
    /// The position after one of the game's own plays.
    AfterPlay,
    /// A position of the setup's history, before the first play.
    BeforeStart,
}

impl Returns {
    /// For the play after `plies` plays that recreates the position `back` plies before it.
    pub fn of(back: usize, plies: usize) -> Returns {
        match (plies + 1).checked_sub(back) {
            Some(0) => Returns::Start,
            Some(_) => Returns::AfterPlay,
            None => Returns::BeforeStart,
        }
    }

    /// `the start position`, `a position after a play`, `a position before the start`.
    pub fn words(self) -> &'static str {
        match self {
            Returns::Start => "the start position",
            Returns::AfterPlay => "a position after a play",
            Returns::BeforeStart => "a position before the start",
        }
    }

    /// Where a position was first seen: `at the start`, `after a play`, `before the start`.
    pub fn seen(self) -> &'static str {
        match self {
            Returns::Start => "at the start",
            Returns::AfterPlay => "after a play",
            Returns::BeforeStart => "before the start",
        }
    }
}

impl Signature {
    /// The repetition a signature keys on, from [`Explore::cycle`] for the play after
    /// `plies` plays of the game: the exact kind up to [`LONG_CYCLE`] plies back (basic ko,
    /// triple ko, round robin…), and beyond that one class, since random games recreate
    /// positions from every distance and the referees' grouping, not the length, is what
    /// tells those divergences apart; which position comes back ([`Returns`]), so that a
    /// referee that misses only returns to the start position, or only long cycles, is never
    /// shown a case of the other (minimization keeps the signature); and, where the position
    /// was first seen elsewhere (`first`, plies back to its earliest occurrence, from
    /// [`Explore::first_occurrence`]), where, since rules that count occurrences count that
    /// one too.
    pub fn cycle_class(
        cycle: Option<(String, usize)>,
        first: Option<usize>,
        plies: usize,
    ) -> Option<String> {
        cycle.map(|(kind, back)| {
            let kind = match back {
                b if b <= LONG_CYCLE => kind,
                _ => format!("cycle of {}+ plies", LONG_CYCLE + 1),
            };
            let last = Returns::of(back, plies);
            let mut text = format!("{kind} back to {}", last.words());
            match first.map(|f| Returns::of(f, plies)) {
                Some(first) if first != last => text += &format!(", first seen {}", first.seen()),
                _ => {}
            }
            text
        })
    }

    /// [`Signature::cycle_class`] of `play` after `plies` plays, the game in `state`.
    pub fn cycle_of<F: Explore>(
        setup: &F::Setup,
        state: &F::State,
        play: &F::Play,
        plies: usize,
    ) -> Option<String> {
        let cycle = F::cycle(setup, state, play)?;
        let first = F::first_occurrence(setup, state, play);
        Signature::cycle_class(Some(cycle), first, plies)
    }

    /// The signature of a divergent step: the referees `ids` grouped by their `rulings`, and
    /// the class of the repetition the play makes. Referees that had stopped (they ended the
    /// game at an earlier step) take no part.
    pub fn new(ids: &[String], rulings: &[Ruling], cycle: Option<String>) -> Signature {
        Signature::grouped(ids, rulings, cycle, false)
    }

    /// The signature of a result divergence between referees that ended the game at
    /// different steps: `ended` holds each referee's ruling that ended it, or
    /// [`Ruling::Stopped`] for one that had not ended it when the game stopped. `None` where
    /// the results do not differ.
    pub fn ended_apart(ids: &[String], ended: &[Ruling]) -> Option<Signature> {
        ResultSplit::of(ended)?;
        if ResultSplit::told_alike(ended) {
            return None;
        }
        Some(Signature::grouped(ids, ended, None, true))
    }

    fn grouped(
        ids: &[String],
        rulings: &[Ruling],
        cycle: Option<String>,
        apart: bool,
    ) -> Signature {
        let result = ResultSplit::of(rulings);
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for (id, ruling) in ids.iter().zip(rulings) {
            if *ruling == Ruling::Stopped && !apart {
                continue;
            }
            let text = ruling.signature_text(result);
            match groups.iter_mut().find(|(t, _)| *t == text) {
                Some((_, members)) => members.push(id.clone()),
                None => groups.push((text, vec![id.clone()])),
            }
        }
        groups.iter_mut().for_each(|(_, members)| members.sort());
        groups.sort();
        Signature {
            groups,
            cycle,
            result,
            apart,
        }
    }

    /// One line, e.g. `psk: illegal (superko-positional) | simple-ko: legal [cycle of 4 plies back
    /// to a position after a play]`.
    pub fn describe(&self) -> String {
        let groups: Vec<String> = self
            .groups
            .iter()
            .map(|(t, ids)| format!("{}: {t}", ids.join(", ")))
            .collect();
        let mut text = groups.join(" | ");
        if let Some(cycle) = &self.cycle {
            text += &format!(" [{cycle}]");
        }
        if let Some(result) = self.result {
            text += &format!(" [{}]", result.describe());
        }
        if self.apart {
            text += " [results where each ended]";
        }
        text
    }

    /// A file-name-safe slug; a long one is cut and ends in a hash of the whole description,
    /// so signatures that differ only past the cut (long referee lists) keep apart.
    pub fn slug(&self) -> String {
        let mut slug: String = self
            .describe()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '+' {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        while slug.contains("--") {
            slug = slug.replace("--", "-");
        }
        let slug = slug.trim_matches('-');
        if slug.len() <= 100 {
            return slug.to_string();
        }
        let cut: String = slug.chars().take(83).collect();
        format!("{}-{}", cut.trim_end_matches('-'), self.key())
    }

    /// A short stable key: a hash of the description, 16 hex digits.
    pub fn key(&self) -> String {
        // FNV-1a: stable across runs and platforms, unlike the std hasher.
        let hash = self
            .describe()
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
            });
        format!("{hash:016x}")
    }
}

#[cfg(test)]
mod cycle_class_tests {
    use super::*;

    #[test]
    fn short_cycles_keep_their_kind_and_long_ones_share_a_class() {
        let class =
            |kind: &str, back| Signature::cycle_class(Some((kind.to_string(), back)), None, 200);
        let after = " back to a position after a play";
        assert_eq!(class("basic ko", 2), Some(format!("basic ko{after}")));
        assert_eq!(
            class("cycle of 8 plies", 8),
            Some(format!("cycle of 8 plies{after}"))
        );
        assert_eq!(
            class("cycle of 9 plies", 9),
            class("cycle of 177 plies", 177)
        );
        assert_eq!(
            class("cycle of 9 plies", 9),
            Some(format!("cycle of 9+ plies{after}"))
        );
        assert_eq!(Signature::cycle_class(None, None, 3), None);
    }

    #[test]
    fn the_position_that_comes_back_is_named() {
        let class =
            |back, plies| Signature::cycle_class(Some(("k".to_string(), back)), Some(back), plies);
        // A basic ko retaken at ply 2 recreates the start; at ply 3, the position after ply 1.
        assert_eq!(class(2, 1).as_deref(), Some("k back to the start position"));
        assert_eq!(
            class(2, 2).as_deref(),
            Some("k back to a position after a play")
        );
        // Re-rooting the game at ply 1 turns the second into the first: a new signature.
        assert_ne!(class(2, 2), class(2, 1));
        assert_eq!(
            class(8, 3).as_deref(),
            Some("k back to a position before the start")
        );
        // A third occurrence: the latest after ply 4, the first the start position (as in a
        // threefold repetition re-rooted at its first occurrence) or after ply 2.
        let third = |first| Signature::cycle_class(Some(("k".to_string(), 4)), Some(first), 7);
        assert_eq!(
            third(8).as_deref(),
            Some("k back to a position after a play, first seen at the start")
        );
        assert_eq!(
            third(6).as_deref(),
            Some("k back to a position after a play")
        );
    }
}
