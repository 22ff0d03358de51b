//! The spec Kee referee: keeps the record of plays made (each with the plain board it was made
//! on and the one it left) and replays the record from the start applying rules 13–15 to find
//! the live game; it answers rule 11 by reading every play of the record that shows the board
//! in question. Slow and plain; the fast referee is diffed against it.
//!
//! It caches only what cannot change, the record being append-only (see
//! [`crate::go::rules::spec_cache`]): the replay is a fold over the record, play by play, so
//! the fold's state after the last play is kept and each new play folded into it (the same
//! step the replay from the start takes); where each board of the record appeared is indexed
//! as it is recorded, and found boards are compared in full; the plain plays of the board at
//! a campaign step are worked out once for every spec referee. `KeeSpec::scanning` (test-only) replays
//! from the start after every play and scans the whole record instead, for the test that the
//! two rule alike.

use std::sync::Arc;

use super::{BanLasts, BanScope, Reading, Replacement, RescindRecord, Turn};
use crate::go::board::{Colour, EMPTY};
use crate::go::graph::Vertex;
use crate::go::rules::spec_cache::{board_hash, played, BoardIndex, PlainPlays};
use crate::go::score::{score, Count, Scoring};
use crate::go::{colour_of, Go, GoPlay, GoSetup};
use crate::referee::{Fault, Outcome, Referee, Status, StepMemo, Verdict};

/// One play of the record and the board it was made on and left.
#[derive(Debug, Clone)]
struct Event {
    /// 1-based ply number.
    time: usize,
    seat: usize,
    play: GoPlay,
    before: Vec<Colour>,
    /// The board right after the play (for a rescinding pass, the board it was made on).
    after: Vec<Colour>,
    /// [`board_hash`] of `after`.
    hash: u64,
}

impl Event {
    fn is_stone(&self) -> bool {
        matches!(self.play, GoPlay::Stone(_))
    }
}

/// The game after the whole record, worked out from the start.
#[derive(Clone)]
struct Derived {
    /// The live game (rule 14's restarted game), as indices into `events`.
    live: Vec<usize>,
    board: Vec<Colour>,
    to_move: usize,
    /// Live stone plays whose rescind window a later stone play closed.
    sealed: Vec<usize>,
    /// Passes in `live` from this index on count toward the round (rule 15), besides
    /// starting after the last live stone play.
    round_mark: usize,
    /// (seat, point): the seat may not play at the point, his play there was rescinded (the
    /// last one; under `ban=pile`, every one rescinded at this point of the live game; under
    /// `lasts=until-stone-at-point`, every one still alive).
    ban: Vec<(usize, Vertex)>,
    /// Every rescinded stone play, as an index into the record.
    rescinded: Vec<usize>,
    /// Per stone play of the record: the live game before it (the point of the game where
    /// it was made). Kept only under `ban=pile`, the one reading that asks.
    made_at: std::collections::HashMap<usize, Vec<usize>>,
    /// Per stone play of the record: the bans alive when it was made (what a rescind of it
    /// restores). Kept only under `lasts=until-stone-at-point`, the one reading that asks.
    bans_before: std::collections::HashMap<usize, Vec<(usize, Vertex)>>,
}

pub(crate) struct KeeSpec {
    id: String,
    reading: Reading,
    setup: Option<GoSetup>,
    record: Vec<Event>,
    /// The replay of the current record.
    replayed: Option<Arc<Derived>>,
    /// Where each board of the record appeared (by index into the record), and whether the
    /// replay is kept between plays; `None`: the record is replayed from the start after
    /// every play and scanned whole for every board.
    index: Option<BoardIndex>,
    /// The plain plays of the last step's board, from the campaign's memo.
    known: Option<Arc<PlainPlays>>,
}

impl KeeSpec {
    pub fn new(id: impl Into<String>, reading: Reading) -> Self {
        KeeSpec {
            id: id.into(),
            reading,
            setup: None,
            record: Vec::new(),
            replayed: None,
            index: Some(BoardIndex::default()),
            known: None,
        }
    }

    /// The same referee replaying the whole record from the start after every play and
    /// scanning all of it for every board, with nothing cached: what the cached one is
    /// checked against.
    #[cfg(test)]
    pub fn scanning(id: impl Into<String>, reading: Reading) -> Self {
        KeeSpec {
            index: None,
            ..KeeSpec::new(id, reading)
        }
    }

    /// The record replayed from the start; kept until the next play.
    fn replayed(&mut self) -> Result<Arc<Derived>, Fault> {
        if self.replayed.is_none() {
            self.replayed = Some(Arc::new(self.derive()?));
        }
        Ok(self.replayed.clone().expect("just set"))
    }

    fn setup(&self) -> Result<&GoSetup, Fault> {
        self.setup.as_ref().ok_or_else(super::super::not_started)
    }

    /// Replays the record from the start.
    fn derive(&self) -> Result<Derived, Fault> {
        let setup = self.setup()?;
        let mut d = Derived {
            live: Vec::new(),
            board: setup.stones.clone(),
            to_move: setup.to_move,
            sealed: Vec::new(),
            round_mark: 0,
            ban: Vec::new(),
            rescinded: Vec::new(),
            made_at: std::collections::HashMap::new(),
            bans_before: std::collections::HashMap::new(),
        };
        for i in 0..self.record.len() {
            self.replay_one(&mut d, i)?;
        }
        Ok(d)
    }

    /// One step of the replay: the record's play `i` applied to the game before it.
    fn replay_one(&self, d: &mut Derived, i: usize) -> Result<(), Fault> {
        let setup = self.setup()?;
        let event = &self.record[i];
        if event.play == GoPlay::Pass && self.rescinds(d, event.seat) {
            self.rescind(d, event.seat);
            return Ok(());
        }
        if event.is_stone() {
            if !self.reading.cascade {
                d.sealed.extend(self.last_live_stone(d));
            }
            d.board.clone_from(&event.after);
            if self.reading.ban == BanScope::Pile {
                d.made_at.insert(i, d.live.clone());
            }
        }
        if self.lasting() {
            d.bans_before.insert(i, d.ban.clone());
        }
        d.live.push(i);
        d.to_move = (event.seat + 1) % setup.players;
        match (self.lasting(), event.play) {
            // A stone at its point ends a ban; nothing else does.
            (true, GoPlay::Stone(v)) => d.ban.retain(|&(_, p)| p != v),
            (true, _) => {}
            (false, _) => d.ban.clear(),
        }
        Ok(())
    }

    /// Do bans outlive the replacing play (`lasts=until-stone-at-point`)?
    fn lasting(&self) -> bool {
        self.reading.ban == BanScope::Pile && self.reading.lasts == BanLasts::UntilStoneAtPoint
    }

    /// Position in `d.live` of the last live stone play.
    fn last_live_stone_at(&self, d: &Derived) -> Option<usize> {
        d.live.iter().rposition(|&e| self.record[e].is_stone())
    }

    fn last_live_stone(&self, d: &Derived) -> Option<usize> {
        self.last_live_stone_at(d).map(|at| d.live[at])
    }

    /// Rule 13: a non-appealing pass by `seat` (just added to `d.events`) rescinds his last
    /// live stone play if an opponent appealed after it, before any later live stone play.
    fn rescinds(&self, d: &Derived, seat: usize) -> bool {
        let Some(at) = self.last_live_stone_at(d) else {
            return false;
        };
        let stone = &self.record[d.live[at]];
        let players = self.setup.as_ref().map_or(2, |s| s.players);
        let opponents = self.reading.opponents_of(seat, players);
        stone.seat == seat
            && !d.sealed.contains(&d.live[at])
            && d.live[at + 1..].iter().any(|&e| {
                self.record[e].play == GoPlay::Appeal && opponents.contains(&self.record[e].seat)
            })
    }

    /// Rule 14: the game restarts from before the rescinded play; its player moves again.
    fn rescind(&self, d: &mut Derived, seat: usize) {
        let at = self
            .last_live_stone_at(d)
            .expect("rescinds() found a live stone play");
        let index = d.live[at];
        let stone = &self.record[index];
        let GoPlay::Stone(v) = stone.play else {
            unreachable!("a live stone play")
        };
        d.live.truncate(at);
        d.board = stone.before.clone();
        let players = self.setup.as_ref().map_or(2, |s| s.players);
        d.to_move = match self.reading.turn {
            Turn::Again => seat,
            Turn::Next => (seat + 1) % players,
        };
        if !self.reading.passes_survive_rescind {
            d.round_mark = d.live.len();
        }
        d.rescinded.push(index);
        d.ban.clear();
        // Under `turn=next` the rescinding pass replaced the play: nothing is banned.
        if self.reading.replacement == Replacement::Differs && self.reading.turn == Turn::Again {
            if self.lasting() {
                // The game restored comes back with the bans alive in it.
                d.ban.clone_from(&d.bans_before[&index]);
            }
            d.ban.push((seat, v));
            if self.reading.ban == BanScope::Pile {
                let here = &d.made_at[&index];
                d.ban.extend(d.rescinded.iter().filter_map(|r| {
                    let rescinded = &self.record[*r];
                    match (d.made_at.get(r) == Some(here), rescinded.play) {
                        (true, GoPlay::Stone(p)) => Some((rescinded.seat, p)),
                        _ => None,
                    }
                }));
            }
        }
    }

    /// The plays rule 11 reads: the whole record, or only the live game.
    fn read_by_rule_11<'a>(&'a self, d: &Derived) -> Vec<&'a Event> {
        match self.reading.rescind {
            RescindRecord::Keep => self.record.iter().collect(),
            RescindRecord::Erase => d.live.iter().map(|&e| &self.record[e]).collect(),
        }
    }

    /// The times of the stone plays rule 11 reads that produced `board` (of hash `hash`).
    fn stone_appearances(&self, d: &Derived, board: &[Colour], hash: u64) -> Vec<usize> {
        let Some(index) = &self.index else {
            return self
                .read_by_rule_11(d)
                .iter()
                .filter(|e| e.is_stone() && e.after == board)
                .map(|e| e.time)
                .collect();
        };
        let read = |i: &usize| match self.reading.rescind {
            RescindRecord::Keep => true,
            // `live` lists indices into the record in increasing order.
            RescindRecord::Erase => d.live.binary_search(i).is_ok(),
        };
        index
            .appearances(board, hash, |i| &self.record[i].after)
            .filter(|i| self.record[*i].is_stone() && read(i))
            .map(|i| self.record[i].time)
            .collect()
    }

    /// Rule 11, straight from the text.
    fn cycle_forbids(
        &self,
        d: &Derived,
        seat: usize,
        produced: &[Colour],
        hash: u64,
    ) -> Result<bool, Fault> {
        let setup = self.setup()?;
        let mut appearances: Vec<usize> = Vec::new();
        if self.reading.start_appears && setup.stones == produced {
            appearances.push(0);
        }
        appearances.extend(self.stone_appearances(d, produced, hash));
        let (Some(&first), Some(&last)) = (appearances.iter().min(), appearances.iter().max())
        else {
            return Ok(false);
        };
        let record = self.read_by_rule_11(d);
        let passed_after_last = record
            .iter()
            .any(|e| e.time > last && e.seat == seat && e.play == GoPlay::Pass);
        let only_stones = self
            .reading
            .opponents_of(seat, setup.players)
            .into_iter()
            .any(|o| {
                let since: Vec<&&Event> = record
                    .iter()
                    .filter(|e| e.time > first && e.seat == o)
                    .collect();
                since.iter().all(|e| e.is_stone())
                    && (self.reading.idle_opponent_counts || !since.is_empty())
            });
        Ok(!(passed_after_last && only_stones))
    }

    /// Rule 14: is `seat` barred from replaying at `v` on this board?
    fn replay_barred(&self, d: &Derived, seat: usize, v: Vertex) -> bool {
        d.ban.contains(&(seat, v))
            || (self.reading.replacement == Replacement::NeverAgain
                && d.rescinded.iter().any(|&e| {
                    let stone = &self.record[e];
                    stone.before == d.board && stone.seat == seat && stone.play == GoPlay::Stone(v)
                }))
    }

    /// The verdict on `seat` playing at `v`, and whether an appeal may name it.
    fn stone_verdict(&self, d: &Derived, seat: usize, v: Vertex) -> Result<(Verdict, bool), Fault> {
        let setup = self.setup()?;
        if v as usize >= d.board.len() {
            return Ok((Verdict::illegal("off-board"), false));
        }
        if d.board[v as usize] != EMPTY {
            return Ok((Verdict::illegal("occupied"), false));
        }
        let known = self.known.as_deref();
        let result = played(known, &setup.graph, &d.board, v, colour_of(seat));
        let no_op = result.play.suicided > 0 && result.play.cells == d.board;
        let barred = self.replay_barred(d, seat, v);
        let cycle = self.cycle_forbids(d, seat, &result.play.cells, result.hash)?;
        let nameable = cycle && (self.reading.appeal_names_disallowed || !(no_op || barred));
        let verdict = if no_op {
            Verdict::illegal("suicide-no-op")
        } else if barred {
            Verdict::illegal("replay-rescinded")
        } else if cycle {
            Verdict::illegal("cycle-prohibition")
        } else {
            Verdict::Legal
        };
        Ok((verdict, nameable))
    }

    /// Rule 12 for any seat: a stone play he could name as the reason for an appeal.
    fn bound_in(&self, d: &Derived, seat: usize) -> Result<bool, Fault> {
        for v in 0..d.board.len() as Vertex {
            if self.stone_verdict(d, seat, v)?.1 {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Is `seat` bound by an immediate cycle prohibition now (rule 12; claim 6)?
    pub fn bound(&mut self, seat: usize) -> Result<bool, Fault> {
        let d = self.replayed()?;
        self.bound_in(&d, seat)
    }

    /// Rule 15: the passes since the last live stone play (and since the restart mark) come
    /// from every seat.
    fn round_complete(&self, d: &Derived) -> Result<bool, Fault> {
        let from = self
            .last_live_stone_at(d)
            .map_or(0, |at| at + 1)
            .max(d.round_mark);
        let mut passed: Vec<usize> = d.live[from.min(d.live.len())..]
            .iter()
            .map(|&e| self.record[e].seat)
            .collect();
        passed.sort_unstable();
        passed.dedup();
        Ok(passed.len() == self.setup()?.players)
    }

    fn outcome(&self, d: &Derived) -> Result<Option<Outcome>, Fault> {
        if !self.round_complete(d)? {
            return Ok(None);
        }
        let setup = self.setup()?;
        Ok(Some(score(
            &Count::new(&setup.graph, &d.board, setup.players, Scoring::Area)
                .komi(setup.komi.as_deref().unwrap_or(&[]))
                .dead(&setup.dead, "agreement"),
        )))
    }

    fn judge_in(&self, d: &Derived, play: &GoPlay) -> Result<Verdict, Fault> {
        if self.outcome(d)?.is_some() {
            return Ok(Verdict::illegal("game-over"));
        }
        Ok(match *play {
            GoPlay::Pass => Verdict::Legal,
            GoPlay::Appeal if self.bound_in(d, d.to_move)? => Verdict::Legal,
            GoPlay::Appeal => Verdict::illegal("appeal-without-prohibition"),
            GoPlay::Stone(v) => self.stone_verdict(d, d.to_move, v)?.0,
        })
    }
}

impl Referee<Go> for KeeSpec {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &GoSetup) -> Result<(), Fault> {
        self.setup = Some(setup.clone());
        self.record.clear();
        self.replayed = None;
        self.known = None;
        if let Some(index) = &mut self.index {
            index.clear();
        }
        Ok(())
    }

    fn judge(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        let d = self.replayed()?;
        self.judge_in(&d, play)
    }

    fn play(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        let d = self.replayed()?;
        let verdict = self.judge_in(&d, play)?;
        if verdict.is_legal() {
            let graph = &self.setup()?.graph;
            let (after, hash) = match *play {
                GoPlay::Stone(v) => {
                    let known = self.known.as_deref();
                    let p = played(known, graph, &d.board, v, colour_of(d.to_move));
                    (p.play.cells.clone(), p.hash)
                }
                _ => (d.board.clone(), board_hash(&d.board)),
            };
            self.record.push(Event {
                time: self.record.len() + 1,
                seat: d.to_move,
                play: *play,
                before: d.board.clone(),
                after,
                hash,
            });
            drop(d);
            self.fold_last()?;
        }
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        let d = self.replayed()?;
        Ok(Status::from(self.outcome(&d)?))
    }

    fn legal_plays(&mut self) -> Result<Vec<GoPlay>, Fault> {
        self.known = None;
        self.legal_now()
    }

    fn legal_plays_memo(&mut self, memo: &mut StepMemo) -> Result<Vec<GoPlay>, Fault> {
        let d = self.replayed()?;
        let colour = colour_of(d.to_move);
        self.known = Some(PlainPlays::shared(
            memo,
            &self.setup()?.graph,
            &d.board,
            colour,
        ));
        self.legal_now()
    }

    fn seat_to_move(&self) -> Option<usize> {
        match &self.replayed {
            Some(d) => Some(d.to_move),
            None => self.derive().ok().map(|d| d.to_move),
        }
    }
}

impl KeeSpec {
    /// Every legal play now.
    fn legal_now(&mut self) -> Result<Vec<GoPlay>, Fault> {
        let d = self.replayed()?;
        if self.outcome(&d)?.is_some() {
            return Ok(Vec::new());
        }
        let mut plays = Vec::new();
        let mut appeal = false;
        for v in 0..d.board.len() as Vertex {
            let (verdict, nameable) = self.stone_verdict(&d, d.to_move, v)?;
            if verdict.is_legal() {
                plays.push(GoPlay::Stone(v));
            }
            appeal |= nameable;
        }
        plays.push(GoPlay::Pass);
        if appeal {
            plays.push(GoPlay::Appeal);
        }
        Ok(plays)
    }

    /// Brings the replay and the index up to the play just recorded: the replay is folded
    /// one play on where it was kept, else redone from the start.
    fn fold_last(&mut self) -> Result<(), Fault> {
        let i = self.record.len() - 1;
        let Some(index) = &mut self.index else {
            self.replayed = None;
            return Ok(());
        };
        index.push(self.record[i].hash, i);
        if let Some(kept) = self.replayed.take() {
            let mut d = Arc::try_unwrap(kept).unwrap_or_else(|shared| (*shared).clone());
            self.replay_one(&mut d, i)?;
            self.replayed = Some(Arc::new(d));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::graph::Graph;
    use crate::go::rules::kee::axes::every_reading;
    use crate::go::rules::scanning_twin::{step_alike, xorshift};

    /// Random games (appeals and passes often, so plays are rescinded) on small boards, two
    /// and three players, under every reading: the cached referee, asked as a campaign asks
    /// (through a step memo, fresh or left from the step before), rules exactly as the one
    /// that replays and scans the whole record, on every play, legal or not, at every step.
    #[test]
    fn the_cached_spec_rules_as_the_scanning_one() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let setups = [
            GoSetup::empty(Graph::grid(2, 2, false).unwrap(), 2),
            GoSetup::empty(Graph::grid(3, 2, false).unwrap(), 2),
            GoSetup::empty(Graph::grid(3, 3, false).unwrap(), 3),
        ];
        for reading in every_reading() {
            for setup in &setups {
                step_alike(
                    (
                        &mut KeeSpec::new("c", reading),
                        &mut KeeSpec::scanning("s", reading),
                    ),
                    setup,
                    40,
                    &mut next,
                    |legal, _, next| match next() % 8 {
                        _ if legal.is_empty() => None,
                        0 | 1 if legal.contains(&GoPlay::Appeal) => Some(GoPlay::Appeal),
                        2 => Some(GoPlay::Pass),
                        _ => Some(legal[next() as usize % legal.len()]),
                    },
                    |cached, scanning| assert_eq!(cached.seat_to_move(), scanning.seat_to_move()),
                );
            }
        }
    }
}
