//! Spec referees: each ko rule written straight from its definition over the whole history of
//! plain board arrays, with flood-fill captures. Slow and obviously right; the fast referees
//! are diffed against these.
//!
//! What a spec caches is only what cannot change (see [`super::spec_cache`]): the history
//! only grows, so where each board of it appeared is indexed once, as it is recorded, and a
//! rule asking "did this board appear before?" looks there and compares boards in full; the
//! plain plays of the board at a campaign step are worked out once for every spec referee.
//! `SpecReferee::scanning` (test-only) is the same referee without the index, for the test that the
//! two rule alike.

use std::borrow::Cow;
use std::sync::Arc;

use super::kinds::KoKind;
use super::spec_cache::{board_hash, played, BoardIndex, PlainPlays, Played};
use super::{Basics, SuicidePolicy};
use crate::go::board::{Colour, EMPTY};
use crate::go::graph::Vertex;
use crate::go::{colour_of, Go, GoPlay, GoSetup};
use crate::referee::{Fault, Outcome, Referee, Status, StepMemo, Verdict};

/// One play of the history with the boards around it.
#[derive(Debug, Clone)]
struct Entry {
    before: Vec<Colour>,
    after: Vec<Colour>,
    mover: usize,
    play: GoPlay,
    /// Opponent stones the play removed (0 for a pass).
    captured: u32,
    /// [`board_hash`] of `after`.
    hash: u64,
}

impl Entry {
    fn is_stone(&self) -> bool {
        matches!(self.play, GoPlay::Stone(_))
    }
}

pub(crate) struct SpecReferee {
    id: String,
    basics: Basics,
    ko: KoKind,
    setup: Option<GoSetup>,
    history: Vec<Entry>,
    /// Where each board of the game appeared, by position: 0 is the start, `i` the board
    /// after the `i`-th play. `None`: every question scans the whole history.
    index: Option<BoardIndex>,
    /// The plain plays of the last step's board, from the campaign's memo.
    known: Option<Arc<PlainPlays>>,
}

impl SpecReferee {
    /// A spec referee named `id` playing by `basics` under `ko`.
    pub fn new(id: impl Into<String>, basics: Basics, ko: KoKind) -> Self {
        SpecReferee {
            id: id.into(),
            basics,
            ko,
            setup: None,
            history: Vec::new(),
            index: Some(BoardIndex::default()),
            known: None,
        }
    }

    /// The same referee asking every question of the whole history, board by board, with
    /// nothing cached: what the cached one is checked against.
    #[cfg(test)]
    pub fn scanning(id: impl Into<String>, basics: Basics, ko: KoKind) -> Self {
        SpecReferee {
            index: None,
            ..SpecReferee::new(id, basics, ko)
        }
    }

    fn setup(&self) -> Result<&GoSetup, Fault> {
        self.setup.as_ref().ok_or_else(super::not_started)
    }

    fn cells(&self) -> Result<&[Colour], Fault> {
        Ok(match self.history.last() {
            Some(e) => &e.after,
            None => &self.setup()?.stones,
        })
    }

    fn to_move(&self) -> Result<usize, Fault> {
        let setup = self.setup()?;
        Ok((setup.to_move + self.history.len()) % setup.players)
    }

    /// Trailing passes (of any kind) at the end of the history.
    fn trailing_passes(&self) -> usize {
        self.history
            .iter()
            .rev()
            .take_while(|e| !matches!(e.play, GoPlay::Stone(_)))
            .count()
    }

    fn outcome(&self) -> Result<Option<Outcome>, Fault> {
        let setup = self.setup()?;
        if let Some(outcome) = self.cycle_outcome()? {
            return Ok(Some(outcome));
        }
        if self.trailing_passes() < setup.players {
            return Ok(None);
        }
        let mut prisoners = [0u32; 9];
        for e in &self.history {
            if let GoPlay::Stone(_) = e.play {
                let c = colour_of(e.mover);
                let placed_and_kept = e.after.iter().zip(&e.before).filter(|(a, b)| a != b);
                let removed = placed_and_kept
                    .filter(|(a, b)| **a == EMPTY && **b != c)
                    .count();
                prisoners[c as usize] += removed as u32;
            }
        }
        Ok(Some(self.basics.count(setup, self.cells()?, &prisoners)))
    }

    /// The board at position `at`: 0 is the start, `i` the board after the `i`-th play.
    fn board_at(&self, at: usize) -> &[Colour] {
        match at {
            0 => self.setup.as_ref().map_or(&[][..], |s| &s.stones),
            i => &self.history[i - 1].after,
        }
    }

    /// Every position, oldest first, whose board is `board` (of hash `hash`).
    fn appearances(&self, board: &[Colour], hash: u64) -> Vec<usize> {
        match &self.index {
            Some(index) => index
                .appearances(board, hash, |at| self.board_at(at))
                .collect(),
            None => (0..=self.history.len())
                .filter(|&at| self.board_at(at) == board)
                .collect(),
        }
    }

    /// The situation at position `at` (see [`SpecReferee::board_at`]): the seat to move
    /// then, where it counts as one (the start, and after each stone play; after passes too
    /// when `passes`).
    fn situation_at(&self, at: usize, passes: bool) -> Result<Option<usize>, Fault> {
        let setup = self.setup()?;
        Ok(match at {
            0 => Some(setup.to_move),
            i => {
                let e = &self.history[i - 1];
                (passes || e.is_stone()).then_some((e.mover + 1) % setup.players)
            }
        })
    }

    /// Basic ko: capturing exactly one stone, recreating the board from before the last play,
    /// which was a stone play.
    fn basic_ko(&self, captured: u32, after: &[Colour]) -> bool {
        captured == 1
            && self
                .history
                .last()
                .is_some_and(|last| last.is_stone() && last.before == after)
    }

    /// Sending two returning one (see `chsk.rs`): the last two plays were stone plays, the
    /// latter capturing exactly two stones; this one captures exactly one and brings back the
    /// board from before the former.
    fn sending_two(&self, captured: u32, after: &[Colour]) -> bool {
        let n = self.history.len();
        if captured != 1 || n < 2 {
            return false;
        }
        let (send, take) = (&self.history[n - 2], &self.history[n - 1]);
        send.is_stone() && take.is_stone() && take.captured == 2 && send.before == after
    }

    /// The rule that forbids the mover creating `after` (of hash `hash`) with a play
    /// capturing `captured`.
    fn repetition(
        &self,
        captured: u32,
        after: &[Colour],
        hash: u64,
    ) -> Result<Option<&'static str>, Fault> {
        let setup = self.setup()?;
        let mover = self.to_move()?;
        let next = (mover + 1) % setup.players;
        Ok(match self.ko {
            KoKind::NoKo => None,
            KoKind::Simple | KoKind::CycleVoid { .. } => {
                self.basic_ko(captured, after).then_some("ko")
            }
            KoKind::Chinese(_) => {
                if self.basic_ko(captured, after) {
                    Some("ko")
                } else {
                    self.sending_two(captured, after)
                        .then_some("ko-sending-two")
                }
            }
            KoKind::Positional => {
                (!self.appearances(after, hash).is_empty()).then_some("superko-positional")
            }
            KoKind::Situational { passes } => {
                let mut seen = self.appearances(after, hash).into_iter();
                seen.try_fold(false, |found, at| {
                    Ok(found || self.situation_at(at, passes)? == Some(next))
                })?
                .then_some("superko-situational")
            }
            KoKind::Natural => self
                .appearances(after, hash)
                .into_iter()
                .any(|at| {
                    at > 0 && {
                        let e = &self.history[at - 1];
                        e.is_stone() && e.mover == mover
                    }
                })
                .then_some("superko-natural"),
        })
    }

    /// Rules that end the game on a repetition: did the last play (a stone play) recreate an
    /// earlier position, in the sense the rule gives "position"?
    fn cycle_outcome(&self) -> Result<Option<Outcome>, Fault> {
        let (situational, outcome) = match self.ko {
            KoKind::Chinese(ruling) => (false, ruling.outcome()),
            KoKind::CycleVoid { situational } => (
                situational,
                Outcome::NoResult {
                    rule: "cycle".into(),
                },
            ),
            _ => return Ok(None),
        };
        let Some(last) = self.history.last() else {
            return Ok(None);
        };
        if !last.is_stone() {
            return Ok(None);
        }
        let now = self.history.len();
        let mut repeated = false;
        for at in self.appearances(&last.after, last.hash) {
            repeated |= at < now
                && (!situational
                    || self.situation_at(at, false)? == self.situation_at(now, false)?);
        }
        Ok(repeated.then_some(outcome))
    }

    /// What a stone play at `v` would do (its plain play read from `known` where that is
    /// of this board), or the rule that forbids it.
    fn stone_ruling<'k>(
        &self,
        v: Vertex,
        known: Option<&'k PlainPlays>,
    ) -> Result<Result<Cow<'k, Played>, &'static str>, Fault> {
        let setup = self.setup()?;
        let cells = self.cells()?;
        if v as usize >= cells.len() {
            return Ok(Err("off-board"));
        }
        if cells[v as usize] != EMPTY {
            return Ok(Err("occupied"));
        }
        let result = played(known, &setup.graph, cells, v, colour_of(self.to_move()?));
        if result.play.suicided > 0 {
            let forbidden = match self.basics.suicide {
                SuicidePolicy::Forbidden => Some("suicide"),
                SuicidePolicy::MultiStone if result.play.cells == cells => Some("suicide-no-op"),
                _ => None,
            };
            if let Some(rule) = forbidden {
                return Ok(Err(rule));
            }
        }
        Ok(
            match self.repetition(result.play.captured, &result.play.cells, result.hash)? {
                Some(rule) => Err(rule),
                None => Ok(result),
            },
        )
    }

    /// Every legal play, stone plays' results read from `known`.
    fn legal_with(&self, known: Option<&PlainPlays>) -> Result<Vec<GoPlay>, Fault> {
        // The game-over test (a look at the whole history) is made once rather than per
        // candidate.
        if self.outcome()?.is_some() {
            return Ok(Vec::new());
        }
        let n = self.cells()?.len();
        let mut plays = Vec::new();
        for v in 0..n as Vertex {
            if self.stone_ruling(v, known)?.is_ok() {
                plays.push(GoPlay::Stone(v));
            }
        }
        plays.push(GoPlay::Pass);
        Ok(plays)
    }

    /// What `play` would do (`None` for a pass), or the rule that forbids it; stone plays
    /// read from the plain plays the last step's memo gave, where they are of this board.
    fn ruling(&self, play: &GoPlay) -> Result<Result<Option<Played>, &'static str>, Fault> {
        if self.outcome()?.is_some() {
            return Ok(Err("game-over"));
        }
        match *play {
            GoPlay::Pass => Ok(Ok(None)),
            GoPlay::Appeal => Ok(Err("no-appeals")),
            GoPlay::Stone(v) => Ok(self
                .stone_ruling(v, self.known.as_deref())?
                .map(|p| Some(p.into_owned()))),
        }
    }
}

impl Referee<Go> for SpecReferee {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &GoSetup) -> Result<(), Fault> {
        self.setup = Some(setup.clone());
        self.history.clear();
        self.known = None;
        if let Some(index) = &mut self.index {
            index.clear();
            index.push(board_hash(&setup.stones), 0);
        }
        Ok(())
    }

    fn judge(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        Ok(self
            .ruling(play)?
            .map_or_else(Verdict::illegal, |_| Verdict::Legal))
    }

    fn play(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        let played = match self.ruling(play)? {
            Ok(played) => played,
            Err(rule) => return Ok(Verdict::illegal(rule)),
        };
        let mover = self.to_move()?;
        let before = self.cells()?.to_vec();
        let (after, captured, hash) = match played {
            Some(p) => (p.play.cells, p.play.captured, p.hash),
            None => (before.clone(), 0, board_hash(&before)),
        };
        self.history.push(Entry {
            before,
            after,
            mover,
            play: *play,
            captured,
            hash,
        });
        if let Some(index) = &mut self.index {
            index.push(hash, self.history.len());
        }
        Ok(Verdict::Legal)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        Ok(Status::from(self.outcome()?))
    }

    fn legal_plays(&mut self) -> Result<Vec<GoPlay>, Fault> {
        self.legal_with(None)
    }

    fn legal_plays_memo(&mut self, memo: &mut StepMemo) -> Result<Vec<GoPlay>, Fault> {
        let colour = colour_of(self.to_move()?);
        let known = PlainPlays::shared(memo, &self.setup()?.graph, self.cells()?, colour);
        let plays = self.legal_with(Some(&known));
        self.known = Some(known);
        plays
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::graph::Graph;
    use crate::go::rules::scanning_twin::{step_alike, xorshift};

    /// Random games on small boards (where repetitions come often), every ko rule with every
    /// suicide policy: the cached referee, asked as a campaign asks (through a step memo,
    /// left from the step before as well as fresh), rules exactly as the scanning one on
    /// every play, legal or not, at every step.
    #[test]
    fn the_cached_spec_rules_as_the_scanning_one() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for (w, h) in [(2, 2), (3, 2), (3, 3), (4, 3)] {
            let setup = GoSetup::empty(Graph::grid(w, h, false).unwrap(), 2);
            for kind in KoKind::ALL {
                for policy in SuicidePolicy::ALL {
                    for _ in 0..6 {
                        let basics = Basics::new(policy);
                        step_alike(
                            (
                                &mut SpecReferee::new("c", basics.clone(), kind),
                                &mut SpecReferee::scanning("s", basics, kind),
                            ),
                            &setup,
                            60,
                            &mut next,
                            |legal, candidates, next| {
                                Some(if legal.is_empty() || next() % 12 == 0 {
                                    candidates[next() as usize % candidates.len()]
                                } else {
                                    legal[next() as usize % legal.len()]
                                })
                            },
                            |cached, scanning| {
                                assert_eq!(
                                    cached.legal_plays().unwrap(),
                                    scanning.legal_plays().unwrap()
                                );
                            },
                        );
                    }
                }
            }
        }
    }
}
