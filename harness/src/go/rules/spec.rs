//! Spec referees: each ko rule written straight from its definition over the whole history of
//! plain board arrays, with flood-fill captures. Slow and obviously right; the fast referees
//! are diffed against these.

use super::{Basics, SuicidePolicy};
use crate::go::board::{Colour, EMPTY};
use crate::go::regions::plain_play;
use crate::go::score::{score, Count};
use crate::go::{colour_of, Go, GoPlay, GoSetup};
use crate::referee::{Fault, Outcome, Referee, Status, Verdict};

/// Which definition the spec referee applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecKo {
    Simple,
    Positional,
}

/// One play of the history with the boards around it.
#[derive(Debug, Clone)]
struct Entry {
    before: Vec<Colour>,
    after: Vec<Colour>,
    mover: usize,
    play: GoPlay,
}

pub struct SpecReferee {
    id: String,
    basics: Basics,
    ko: SpecKo,
    setup: Option<GoSetup>,
    history: Vec<Entry>,
}

impl SpecReferee {
    pub fn new(id: impl Into<String>, basics: Basics, ko: SpecKo) -> Self {
        SpecReferee {
            id: id.into(),
            basics,
            ko,
            setup: None,
            history: Vec::new(),
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
        Ok(Some(score(&Count {
            graph: &setup.graph,
            cells: self.cells()?,
            players: setup.players,
            scoring: self.basics.scoring,
            komi: setup.komi.as_deref().unwrap_or(&self.basics.komi),
            dead: &setup.dead,
            prisoners: &prisoners,
        })))
    }

    /// Every board that existed in the game, oldest first.
    fn positions(&self) -> Result<Vec<&[Colour]>, Fault> {
        let mut all = vec![self.setup()?.stones.as_slice()];
        all.extend(self.history.iter().map(|e| e.after.as_slice()));
        Ok(all)
    }

    fn stone_verdict(&self, v: u16) -> Result<Verdict, Fault> {
        let setup = self.setup()?;
        let cells = self.cells()?;
        if v as usize >= cells.len() {
            return Ok(Verdict::illegal("off-board"));
        }
        if cells[v as usize] != EMPTY {
            return Ok(Verdict::illegal("occupied"));
        }
        let result = plain_play(&setup.graph, cells, v, colour_of(self.to_move()?));
        if result.suicided > 0 {
            let forbidden = match self.basics.suicide {
                SuicidePolicy::Forbidden => Some("suicide"),
                SuicidePolicy::MultiStone if result.cells == cells => Some("suicide-no-op"),
                _ => None,
            };
            if let Some(rule) = forbidden {
                return Ok(Verdict::illegal(rule));
            }
        }
        let repeated = match self.ko {
            SpecKo::Simple => {
                result.captured == 1
                    && self
                        .history
                        .last()
                        .is_some_and(|last| last.before == result.cells)
            }
            SpecKo::Positional => self.positions()?.contains(&result.cells.as_slice()),
        };
        Ok(match (repeated, self.ko) {
            (false, _) => Verdict::Legal,
            (true, SpecKo::Simple) => Verdict::illegal("ko"),
            (true, SpecKo::Positional) => Verdict::illegal("superko-positional"),
        })
    }
}

impl Referee<Go> for SpecReferee {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &GoSetup) -> Result<(), Fault> {
        self.setup = Some(setup.clone());
        self.history.clear();
        Ok(())
    }

    fn judge(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        if self.outcome()?.is_some() {
            return Ok(Verdict::illegal("game-over"));
        }
        match *play {
            GoPlay::Pass => Ok(Verdict::Legal),
            GoPlay::Appeal => Ok(Verdict::illegal("no-appeals")),
            GoPlay::Stone(v) => self.stone_verdict(v),
        }
    }

    fn play(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        let verdict = self.judge(play)?;
        if verdict.is_legal() {
            let mover = self.to_move()?;
            let before = self.cells()?.to_vec();
            let after = match *play {
                GoPlay::Stone(v) => {
                    plain_play(&self.setup()?.graph, &before, v, colour_of(mover)).cells
                }
                _ => before.clone(),
            };
            self.history.push(Entry {
                before,
                after,
                mover,
                play: *play,
            });
        }
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        Ok(match self.outcome()? {
            Some(outcome) => Status::Over { outcome },
            None => Status::Ongoing,
        })
    }

    fn legal_plays(&mut self) -> Result<Vec<GoPlay>, Fault> {
        let n = self.cells()?.len();
        let candidates = (0..n as u16)
            .map(GoPlay::Stone)
            .chain([GoPlay::Pass, GoPlay::Appeal]);
        let mut plays = Vec::new();
        for play in candidates {
            if self.judge(&play)?.is_legal() {
                plays.push(play);
            }
        }
        Ok(plays)
    }
}
