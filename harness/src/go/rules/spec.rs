//! Spec referees: each ko rule written straight from its definition over the whole history of
//! plain board arrays, with flood-fill captures. Slow and obviously right; the fast referees
//! are diffed against these.

use super::kinds::KoKind;
use super::{Basics, SuicidePolicy};
use crate::go::board::{Colour, EMPTY};
use crate::go::regions::plain_play;
use crate::go::{colour_of, Go, GoPlay, GoSetup};
use crate::referee::{Fault, Outcome, Referee, Status, Verdict};

/// One play of the history with the boards around it.
#[derive(Debug, Clone)]
struct Entry {
    before: Vec<Colour>,
    after: Vec<Colour>,
    mover: usize,
    play: GoPlay,
    /// Opponent stones the play removed (0 for a pass).
    captured: u32,
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

    /// Every board that existed in the game, oldest first.
    fn positions(&self) -> Result<Vec<&[Colour]>, Fault> {
        let mut all = vec![self.setup()?.stones.as_slice()];
        all.extend(self.history.iter().map(|e| e.after.as_slice()));
        Ok(all)
    }

    /// Every (board, seat to move) that existed: the start, and after each stone play (after
    /// passes too when `passes`).
    fn situations(&self, passes: bool) -> Result<Vec<(&[Colour], usize)>, Fault> {
        let setup = self.setup()?;
        let mut all = vec![(setup.stones.as_slice(), setup.to_move)];
        all.extend(
            self.history
                .iter()
                .filter(|e| passes || e.is_stone())
                .map(|e| (e.after.as_slice(), (e.mover + 1) % setup.players)),
        );
        Ok(all)
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

    /// The rule that forbids the mover creating `after` with a play capturing `captured`.
    fn repetition(&self, captured: u32, after: &[Colour]) -> Result<Option<&'static str>, Fault> {
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
            KoKind::Positional => self
                .positions()?
                .contains(&after)
                .then_some("superko-positional"),
            KoKind::Situational { passes } => self
                .situations(passes)?
                .contains(&(after, next))
                .then_some("superko-situational"),
            KoKind::Natural => self
                .history
                .iter()
                .any(|e| e.is_stone() && e.mover == mover && e.after == after)
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
        let Some((last, earlier)) = self.history.split_last() else {
            return Ok(None);
        };
        if !last.is_stone() {
            return Ok(None);
        }
        let setup = self.setup()?;
        let next = |e: &Entry| (e.mover + 1) % setup.players;
        let repeated = if situational {
            (setup.stones == last.after && setup.to_move == next(last))
                || earlier
                    .iter()
                    .any(|e| e.is_stone() && e.after == last.after && next(e) == next(last))
        } else {
            setup.stones == last.after || earlier.iter().any(|e| e.after == last.after)
        };
        Ok(repeated.then_some(outcome))
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
        Ok(match self.repetition(result.captured, &result.cells)? {
            Some(rule) => Verdict::illegal(rule),
            None => Verdict::Legal,
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
            let (after, captured) = match *play {
                GoPlay::Stone(v) => {
                    let result = plain_play(&self.setup()?.graph, &before, v, colour_of(mover));
                    (result.cells, result.captured)
                }
                _ => (before.clone(), 0),
            };
            self.history.push(Entry {
                before,
                after,
                mover,
                play: *play,
                captured,
            });
        }
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        Ok(Status::from(self.outcome()?))
    }

    fn legal_plays(&mut self) -> Result<Vec<GoPlay>, Fault> {
        // `judge` for every candidate, with the game-over test (a whole-history scan) made
        // once rather than per candidate.
        if self.outcome()?.is_some() {
            return Ok(Vec::new());
        }
        let n = self.cells()?.len();
        let mut plays = Vec::new();
        for v in 0..n as u16 {
            if self.stone_verdict(v)?.is_legal() {
                plays.push(GoPlay::Stone(v));
            }
        }
        plays.push(GoPlay::Pass);
        Ok(plays)
    }
}
