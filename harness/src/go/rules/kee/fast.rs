//! The fast Kee referee: the fast board, rule 11 by per-position first and last appearance
//! and per-seat pass times, and a stack of the live stone plays so that a rescind can take
//! the latest one back.
//!
//! # The state key (exhaustive search), and why it is exact
//!
//! `state_key` must determine every future ruling (legality, rescinds, the end). It holds:
//! - the board, the seat to move, whether the game is over, and the replacement ban (rule 14:
//!   the point the player to move may not play because he was just rescinded there);
//! - the passes since the last live stone play: who appealed (rule 13 needs an opponent's
//!   appeal), who passed without appealing, and whose passes count toward the round (rule 15);
//! - every live stone play a rescind can still take back, bottom first, each with the board
//!   before it, its player and point, and the passes before it (what a rescind restores);
//!   with `kee:rescind-window-closes` only the latest play can ever be taken back, and only
//!   until it has been, so only an unsealed top play is kept;
//! - under the default record (rescinded plays kept), per appeared position the bits rule 11
//!   needs: which seats made a non-appealing pass after its last appearance (exception a),
//!   which made any pass since its first appearance, and (for `kee:opponent-must-play`) which
//!   made any play since (exception b). Future events only ever set these bits, except a new
//!   appearance of the position, which clears the first set: so bits plus future plays decide
//!   every future rule-11 ruling, without the times themselves;
//! - under `kee:rescind-erases` the record rule 11 reads is the live game, which the live
//!   stone plays and the passes between them already spell out, so the bits are left out
//!   (they are a function of the rest);
//! - under `kee:rescinded-banned`, the (board, seat, point) triples banned for good;
//! - under `ban=pile`, the points banned to the player to move, and per restorable live play
//!   the points banned where it was made (a rescind of it restores them); under
//!   `lasts=until-stone-at-point` bans outlive the replacing play, so these are every ban
//!   still alive, each with the seat it binds.
//!
//! Positions are compared by 64-bit Zobrist hash, as everywhere in the finiteness checker.
//! The live stack makes that summary grow with the game: a rescind can cascade back through
//! every live stone play (see the module docs), so two histories that differ only deep in the
//! past can still have different futures. `state_key` therefore returns a 128-bit fingerprint
//! of the summary ([`KeeReferee::exact_state_key`], by [`crate::util::fingerprint`]): two
//! different summaries share one with probability about 2^-128, far less than two positions
//! sharing a 64-bit Zobrist hash, and the exhaustive search then stores two words per state
//! instead of a few hundred. The fingerprint is taken as the summary is walked, never built,
//! and the appeared positions (a set) go in as an order-free [`SetPrint`] instead of sorted:
//! the search asks for a key at every state, and building and sorting the summary was most
//! of its time (`cargo bench --bench exhaustive -- kee_space`).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use super::{BanLasts, BanScope, Opponents, Reading, Replacement, RescindRecord, Turn};
use crate::go::board::{Board, Colour, Effect, Scratch, EMPTY};
use crate::go::graph::Vertex;
use crate::go::rules::analysis::{self, Analysis};
use crate::go::score::{score, Count, Scoring};
use crate::go::{colour_of, Go, GoPlay, GoSetup, MAX_PLAYERS};
use crate::referee::{Fault, Outcome, Referee, Status, StepMemo, Verdict};
use crate::util::fingerprint::{Fingerprinter, SetPrint};

/// Zobrist hashes are uniformly random already: hash them as themselves.
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

type ByHash<V> = HashMap<u64, V, BuildHasherDefault<Identity>>;

/// Seats as bit masks (bit `s` for seat `s`).
type Seats = u8;

/// A ban of rule 14: the seat may not play at the point.
type Ban = (u8, Vertex);

/// The passes made since the last live stone play (or since the start).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Gap {
    /// Seats that made an appealing pass.
    pub appealers: Seats,
    /// Seats that made a non-appealing pass.
    pub plain: Seats,
    /// Seats whose passes count toward the round that ends the game (rule 15).
    pub round: Seats,
}

impl Gap {
    fn pack(self) -> u64 {
        self.appealers as u64 | (self.plain as u64) << 8 | (self.round as u64) << 16
    }
}

/// Times (1-based ply numbers, 0 = never) of a seat's last plays, in the record rule 11 reads.
#[derive(Clone, Copy, Debug, Default)]
struct SeatTimes {
    plain_pass: u32,
    any_pass: u32,
    any_play: u32,
}

/// A live stone play: what a rescind needs to take it back.
#[derive(Clone, Copy, Debug)]
struct Frame {
    mover: usize,
    vertex: Vertex,
    hash_before: u64,
    /// Start of the board before the play in `Game::snapshots`.
    snapshot: usize,
    gap_before: Gap,
    /// Length of the undo log before the play (`kee:rescind-erases`).
    undo_mark: usize,
    /// A later stone play closed this play's rescind window (`kee:rescind-window-closes`).
    sealed: bool,
    /// Start of the points banned where this play was made (`ban=pile`) in
    /// `Game::bans_before`: a rescind of it restores them, with this play's point added.
    bans_at: usize,
}

/// A change to rule 11's record, logged so `kee:rescind-erases` can unmake it.
#[derive(Clone, Debug)]
enum Undo {
    Appeared { hash: u64, was: Option<(u32, u32)> },
    Seat { seat: usize, was: SeatTimes },
}

#[derive(Clone)]
struct Game {
    /// Shared by every copy of the game: a search forks the referee at every state.
    setup: Arc<GoSetup>,
    board: Board,
    to_move: usize,
    /// Plays made, rescinded ones and the passes after them included: rule 11's clock.
    plies: u32,
    /// Per appeared position: times of its first and last appearance.
    appeared: ByHash<(u32, u32)>,
    seats: [SeatTimes; MAX_PLAYERS],
    live: Vec<Frame>,
    gap: Gap,
    /// The point the seat to move may not play: he was just rescinded there (rule 14).
    ban: Option<Vertex>,
    /// With `ban=pile`, the further bans here: stone plays rescinded earlier at this point of
    /// the live game, banned to the seat to move; with `lasts=until-stone-at-point`, every
    /// ban still alive, of any seat, `ban` excepted (sorted).
    piled: Vec<Ban>,
    /// (board hash, seat, point) rescinded, for `kee:rescinded-banned`.
    banned: Vec<(u64, usize, Vertex)>,
    /// The board before each live stone play, back to back.
    snapshots: Vec<Colour>,
    /// The bans alive before each live stone play (`ban=pile`), back to back, each run
    /// sorted: one buffer, so a copy of the game is one allocation, not one per play.
    bans_before: Vec<Ban>,
    undo: Vec<Undo>,
    over: Option<Outcome>,
}

/// Why a stone play is not allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    OffBoard,
    Occupied,
    /// Rule 10.
    NoOpSuicide,
    /// Rule 14.
    Rescinded,
    /// Rule 11.
    Cycle,
}

impl Refusal {
    fn rule(self) -> &'static str {
        match self {
            Refusal::OffBoard => "off-board",
            Refusal::Occupied => "occupied",
            Refusal::NoOpSuicide => "suicide-no-op",
            Refusal::Rescinded => "replay-rescinded",
            Refusal::Cycle => "cycle-prohibition",
        }
    }
}

/// The fast Kee referee: the live game and the record kept play by play.
#[derive(Clone)]
pub struct KeeReferee {
    id: String,
    reading: Reading,
    game: Option<Game>,
    scratch: Scratch,
}

impl KeeReferee {
    /// A referee named `id` playing by `reading`.
    pub fn new(id: impl Into<String>, reading: Reading) -> Self {
        KeeReferee {
            id: id.into(),
            reading,
            game: None,
            scratch: Scratch::default(),
        }
    }

    fn game(&self) -> Result<&Game, Fault> {
        self.game.as_ref().ok_or_else(super::super::not_started)
    }

    /// The live board.
    pub fn board(&self) -> Option<&Board> {
        self.game.as_ref().map(|g| &g.board)
    }

    /// How many stone plays the live game holds (a rescind takes one back).
    pub fn live_stones(&self) -> usize {
        self.game.as_ref().map_or(0, |g| g.live.len())
    }

    /// Seat of the last live stone play: the player who placed the last stone on the board.
    pub fn last_stone_player(&self) -> Option<usize> {
        self.game.as_ref()?.live.last().map(|f| f.mover)
    }

    /// Is `seat` bound by an immediate cycle prohibition: could he name, now, a stone play
    /// that rule 11 forbids him (rule 12; claim 6)? Asked of any seat, not only the one to move.
    pub fn bound(&mut self, seat: usize) -> bool {
        let Some(game) = self.game.as_ref() else {
            return false;
        };
        game.bound(&self.reading, seat, &mut self.scratch)
    }

    /// "His opponent(s)" under this reading.
    pub fn opponents(&self, seat: usize) -> Vec<usize> {
        let players = self.game.as_ref().map_or(2, |g| g.setup.players);
        (0..players)
            .filter(|&o| opponent_mask(&self.reading, seat, players) & 1 << o != 0)
            .collect()
    }

    /// Every legal play, stone plays' effects read from `known` (see [`analysis::effect`]).
    fn legal_known(&mut self, known: Option<&Analysis>) -> Result<Vec<GoPlay>, Fault> {
        let game = self.game.as_ref().ok_or_else(super::super::not_started)?;
        if game.over.is_some() {
            return Ok(Vec::new());
        }
        let seat = game.to_move;
        let mut plays = Vec::new();
        let mut appeal = false;
        let scratch = &mut self.scratch;
        for v in game.board.graph().vertices() {
            match game.stone_known(&self.reading, seat, v, scratch, known) {
                Ok(_) => plays.push(GoPlay::Stone(v)),
                Err(Refusal::Cycle) => appeal = true,
                Err(Refusal::NoOpSuicide | Refusal::Rescinded)
                    if self.reading.appeal_names_disallowed =>
                {
                    let effect = analysis::effect(known, &game.board, v, colour_of(seat), scratch);
                    appeal |= game.cycle_forbids(&self.reading, seat, effect.hash_after);
                }
                Err(_) => {}
            }
        }
        plays.push(GoPlay::Pass);
        if appeal {
            plays.push(GoPlay::Appeal);
        }
        Ok(plays)
    }

    fn stone(&mut self, v: Vertex) -> Result<Result<Effect, Refusal>, Fault> {
        let game = self.game.as_ref().ok_or_else(super::super::not_started)?;
        Ok(game.stone(&self.reading, game.to_move, v, &mut self.scratch))
    }

    fn verdict(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        let game = self.game()?;
        if game.over.is_some() {
            return Ok(Verdict::illegal("game-over"));
        }
        Ok(match *play {
            GoPlay::Pass => Verdict::Legal,
            GoPlay::Appeal => {
                let seat = game.to_move;
                if self.bound(seat) {
                    Verdict::Legal
                } else {
                    Verdict::illegal("appeal-without-prohibition")
                }
            }
            GoPlay::Stone(v) => match self.stone(v)? {
                Ok(_) => Verdict::Legal,
                Err(refusal) => Verdict::illegal(refusal.rule()),
            },
        })
    }

    /// The live stone plays a rescind can still take back (see the module docs).
    /// Their places in `game.live`.
    fn restorable<'a>(&self, game: &'a Game) -> impl Iterator<Item = usize> + Clone + 'a {
        let all = self.reading.rescind == RescindRecord::Erase;
        (0..game.live.len()).filter(move |&i| all || !game.live[i].sealed)
    }
}

/// Do bans outlive the replacing play (`lasts=until-stone-at-point`, with `ban=pile`)?
fn lasting(reading: &Reading) -> bool {
    reading.ban == BanScope::Pile && reading.lasts == BanLasts::UntilStoneAtPoint
}

fn opponent_mask(reading: &Reading, seat: usize, players: usize) -> Seats {
    let all: Seats = ((1u16 << players) - 1) as Seats;
    match reading.opponents {
        Opponents::All => all & !(1 << seat),
        Opponents::Next => 1 << ((seat + 1) % players),
    }
}

impl Game {
    fn now(&self) -> u32 {
        self.plies + 1
    }

    fn all_seats(&self) -> Seats {
        ((1u16 << self.setup.players) - 1) as Seats
    }

    /// Rule 11: may `seat` produce the position `hash` by a stone play now?
    fn cycle_forbids(&self, reading: &Reading, seat: usize, hash: u64) -> bool {
        let Some(&(first, last)) = self.appeared.get(&hash) else {
            return false;
        };
        let passed_since_last = self.seats[seat].plain_pass > last;
        let mask = opponent_mask(reading, seat, self.setup.players);
        let stones_only = (0..self.setup.players)
            .filter(|o| mask & 1 << o != 0)
            .any(|o| {
                let t = self.seats[o];
                t.any_pass <= first && (reading.idle_opponent_counts || t.any_play > first)
            });
        !(passed_since_last && stones_only)
    }

    /// Rule 14: was `seat` rescinded at `v` (just now, or on this board for good)?
    fn replay_forbidden(&self, seat: usize, v: Vertex) -> bool {
        (seat == self.to_move && self.ban == Some(v))
            || self.piled.contains(&(seat as u8, v))
            || self
                .banned
                .iter()
                .any(|&(h, s, p)| h == self.board.hash() && s == seat && p == v)
    }

    /// Whether `seat` may make the stone play at `v` now, and what it does.
    fn stone(
        &self,
        reading: &Reading,
        seat: usize,
        v: Vertex,
        scratch: &mut Scratch,
    ) -> Result<Effect, Refusal> {
        self.stone_known(reading, seat, v, scratch, None)
    }

    /// [`Game::stone`], the effect read from `known` (see [`analysis::effect`]).
    fn stone_known(
        &self,
        reading: &Reading,
        seat: usize,
        v: Vertex,
        scratch: &mut Scratch,
        known: Option<&Analysis>,
    ) -> Result<Effect, Refusal> {
        if v as usize >= self.board.cells().len() {
            return Err(Refusal::OffBoard);
        }
        if self.board.colour(v) != EMPTY {
            return Err(Refusal::Occupied);
        }
        let effect = analysis::effect(known, &self.board, v, colour_of(seat), scratch);
        if effect.suicided == 1 {
            return Err(Refusal::NoOpSuicide);
        }
        if self.replay_forbidden(seat, v) {
            return Err(Refusal::Rescinded);
        }
        if self.cycle_forbids(reading, seat, effect.hash_after) {
            return Err(Refusal::Cycle);
        }
        Ok(effect)
    }

    /// Rule 12: can `seat` name a stone play that rule 11 forbids him now?
    fn bound(&self, reading: &Reading, seat: usize, scratch: &mut Scratch) -> bool {
        self.board
            .graph()
            .vertices()
            .any(|v| match self.stone(reading, seat, v, scratch) {
                Err(Refusal::Cycle) => true,
                Err(Refusal::NoOpSuicide | Refusal::Rescinded)
                    if reading.appeal_names_disallowed =>
                {
                    let effect = self.board.analyze(v, colour_of(seat), scratch);
                    self.cycle_forbids(reading, seat, effect.hash_after)
                }
                _ => false,
            })
    }

    fn log(&mut self, reading: &Reading, undo: Undo) {
        if reading.rescind == RescindRecord::Erase {
            self.undo.push(undo);
        }
    }

    fn appear(&mut self, reading: &Reading, hash: u64, t: u32) {
        let was = self.appeared.get(&hash).copied();
        self.log(reading, Undo::Appeared { hash, was });
        let first = was.map_or(t, |(first, _)| first);
        self.appeared.insert(hash, (first, t));
    }

    fn stamp(&mut self, reading: &Reading, seat: usize, change: impl Fn(&mut SeatTimes)) {
        let was = self.seats[seat];
        self.log(reading, Undo::Seat { seat, was });
        change(&mut self.seats[seat]);
    }

    fn play_stone(&mut self, reading: &Reading, v: Vertex, scratch: &Scratch) {
        let (seat, t) = (self.to_move, self.now());
        if !reading.cascade {
            if let Some(below) = self.live.last_mut() {
                below.sealed = true;
            }
        }
        self.live.push(Frame {
            mover: seat,
            vertex: v,
            hash_before: self.board.hash(),
            snapshot: self.snapshots.len(),
            gap_before: self.gap,
            undo_mark: self.undo.len(),
            sealed: false,
            bans_at: self.bans_before.len(),
        });
        self.snapshots.extend_from_slice(self.board.cells());
        if reading.ban == BanScope::Pile {
            self.pile_here();
        }
        if lasting(reading) {
            // A stone at its point ends a ban.
            self.piled.retain(|&(_, p)| p != v);
        }
        self.board.play(v, colour_of(seat), scratch);
        let hash = self.board.hash();
        self.appear(reading, hash, t);
        self.stamp(reading, seat, |s| s.any_play = t);
        self.gap = Gap::default();
        self.advance(reading, seat);
    }

    /// Saves every point banned at this point of the live game, under `ban=pile`, as the
    /// bans of the stone play being made.
    fn pile_here(&mut self) {
        let at = self.bans_before.len();
        self.bans_before.extend_from_slice(&self.piled);
        let seat = self.to_move as u8;
        self.bans_before.extend(self.ban.map(|v| (seat, v)));
        self.bans_before[at..].sort_unstable();
    }

    /// The points banned where live stone play `i` was made (`ban=pile`).
    fn bans_of(&self, i: usize) -> &[Ban] {
        let end = self
            .live
            .get(i + 1)
            .map_or(self.bans_before.len(), |f| f.bans_at);
        &self.bans_before[self.live[i].bans_at..end]
    }

    /// Rule 13: does a non-appealing pass by `seat` now rescind his last live stone play?
    fn rescinds(&self, reading: &Reading, seat: usize) -> bool {
        self.live.last().is_some_and(|top| {
            top.mover == seat
                && !top.sealed
                && self.gap.appealers & opponent_mask(reading, seat, self.setup.players) != 0
        })
    }

    fn pass(&mut self, reading: &Reading, appeal: bool) {
        let (seat, t) = (self.to_move, self.now());
        if !appeal && self.rescinds(reading, seat) {
            return self.rescind(reading, seat, t);
        }
        self.stamp(reading, seat, |s| {
            s.any_pass = t;
            s.any_play = t;
            if !appeal {
                s.plain_pass = t;
            }
        });
        let bit = 1 << seat;
        if appeal {
            self.gap.appealers |= bit;
        } else {
            self.gap.plain |= bit;
        }
        self.gap.round |= bit;
        self.advance(reading, seat);
        if self.gap.round == self.all_seats() {
            self.finish();
        }
    }

    /// Takes back `seat`'s last live stone play; he moves again (rules 13–14).
    fn rescind(&mut self, reading: &Reading, seat: usize, t: u32) {
        let top = *self
            .live
            .last()
            .expect("rescinds() found a live stone play");
        let bans_before = self.bans_of(self.live.len() - 1).to_vec();
        self.live.pop();
        self.bans_before.truncate(top.bans_at);
        match reading.rescind {
            RescindRecord::Keep => self.stamp(reading, seat, |s| {
                s.any_pass = t;
                s.any_play = t;
                s.plain_pass = t;
            }),
            RescindRecord::Erase => self.unmake(top.undo_mark),
        }
        let n = self.board.cells().len();
        let before: Vec<Colour> = self.snapshots[top.snapshot..top.snapshot + n].to_vec();
        self.snapshots.truncate(top.snapshot);
        self.board = Board::with_stones(self.board.graph().clone(), &before);
        self.gap = top.gap_before;
        if !reading.passes_survive_rescind {
            self.gap.round = 0;
        }
        match reading.replacement {
            // The rescinding pass replaced the play: no ban on the next player.
            Replacement::Differs | Replacement::MaySame if reading.turn == Turn::Next => {
                self.ban = None
            }
            Replacement::Differs => {
                self.ban = Some(top.vertex);
                if reading.ban == BanScope::Pile {
                    self.piled = bans_before;
                    self.piled.retain(|&b| b != (seat as u8, top.vertex));
                }
            }
            Replacement::MaySame => self.ban = None,
            Replacement::NeverAgain => {
                self.banned.push((top.hash_before, seat, top.vertex));
                self.ban = None;
            }
        }
        self.plies += 1;
        self.to_move = match reading.turn {
            Turn::Again => seat,
            Turn::Next => (seat + 1) % self.setup.players,
        };
    }

    fn unmake(&mut self, mark: usize) {
        while self.undo.len() > mark {
            match self.undo.pop().expect("longer than the mark") {
                Undo::Appeared {
                    hash,
                    was: Some(times),
                } => {
                    self.appeared.insert(hash, times);
                }
                Undo::Appeared { hash, was: None } => {
                    self.appeared.remove(&hash);
                }
                Undo::Seat { seat, was } => self.seats[seat] = was,
            }
        }
    }

    /// After a play by `seat`: the next seat moves, and the bans that end with a play end.
    fn advance(&mut self, reading: &Reading, seat: usize) {
        self.plies += 1;
        self.to_move = (seat + 1) % self.setup.players;
        match self.ban.take() {
            // The mover's ban outlives his play: it joins the others, in order.
            Some(v) if lasting(reading) => {
                let ban = (seat as u8, v);
                if let Err(at) = self.piled.binary_search(&ban) {
                    self.piled.insert(at, ban);
                }
            }
            _ if lasting(reading) => {}
            _ => self.piled.clear(),
        }
    }

    /// Rule 17: area scoring of the live board, with the case's dead stones and komi.
    fn finish(&mut self) {
        let komi = self.setup.komi.clone().unwrap_or_default();
        self.over = Some(score(
            &Count::new(
                self.board.graph(),
                self.board.cells(),
                self.setup.players,
                Scoring::Area,
            )
            .komi(&komi)
            .dead(&self.setup.dead, "agreement"),
        ));
    }

    /// Rule 11's record per appeared position, as bits (see the module docs): each appeared
    /// position's hash with its bits, in no particular order.
    fn appearance_bits<'a>(&'a self, reading: &Reading) -> impl Iterator<Item = (u64, u64)> + 'a {
        let players = self.setup.players;
        let idle_counts = reading.idle_opponent_counts;
        let seats = &self.seats[..players];
        self.appeared.iter().map(move |(&hash, &(first, last))| {
            let mut bits = 0;
            for (s, t) in seats.iter().enumerate() {
                bits |= ((t.plain_pass > last) as u64) << s
                    | ((t.any_pass > first) as u64) << (s + 8)
                    | ((!idle_counts && t.any_play > first) as u64) << (s + 16);
            }
            (hash, bits)
        })
    }
}

impl Referee<Go> for KeeReferee {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &GoSetup) -> Result<(), Fault> {
        if setup.players > MAX_PLAYERS {
            return Err(Fault::Unsupported {
                detail: format!("Kee Rules here take at most {MAX_PLAYERS} players"),
            });
        }
        let board = Board::with_stones(setup.graph.clone(), &setup.stones);
        let mut appeared = ByHash::default();
        if self.reading.start_appears {
            appeared.insert(board.hash(), (0, 0));
        }
        self.game = Some(Game {
            setup: Arc::new(setup.clone()),
            board,
            to_move: setup.to_move,
            plies: 0,
            appeared,
            seats: [SeatTimes::default(); MAX_PLAYERS],
            live: Vec::new(),
            gap: Gap::default(),
            ban: None,
            piled: Vec::new(),
            banned: Vec::new(),
            snapshots: Vec::new(),
            bans_before: Vec::new(),
            undo: Vec::new(),
            over: None,
        });
        Ok(())
    }

    fn judge(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        self.verdict(play)
    }

    fn play(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        let verdict = self.verdict(play)?;
        if !verdict.is_legal() {
            return Ok(verdict);
        }
        let reading = self.reading;
        let game = self.game.as_mut().ok_or_else(super::super::not_started)?;
        match *play {
            // `verdict` analyzed this play last, which left in the scratch space what
            // `Board::play` needs.
            GoPlay::Stone(v) => game.play_stone(&reading, v, &self.scratch),
            GoPlay::Pass => game.pass(&reading, false),
            GoPlay::Appeal => game.pass(&reading, true),
        }
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        Ok(Status::from(self.game()?.over.clone()))
    }

    fn legal_plays(&mut self) -> Result<Vec<GoPlay>, Fault> {
        self.legal_known(None)
    }

    fn legal_plays_memo(&mut self, memo: &mut StepMemo) -> Result<Vec<GoPlay>, Fault> {
        let game = self.game()?;
        let known = Analysis::shared(memo, &game.board, colour_of(game.to_move));
        self.legal_known(Some(known))
    }

    fn seat_to_move(&self) -> Option<usize> {
        self.game.as_ref().map(|g| g.to_move)
    }

    fn fork(&self) -> Option<Box<dyn Referee<Go>>> {
        Some(Box::new(KeeReferee {
            id: self.id.clone(),
            reading: self.reading,
            game: self.game.clone(),
            scratch: Scratch::default(),
        }))
    }

    fn state_key_into(&self, out: &mut Vec<u64>) -> bool {
        out.clear();
        let mut print = Fingerprinter::default();
        if !self.summarize(&mut print) {
            return false;
        }
        out.extend(print.words());
        true
    }
}

/// Where [`KeeReferee::summarize`] writes the summary: the exact key as a list of words, or
/// its fingerprint without building it (what the search asks for at every state).
trait Summary {
    fn word(&mut self, word: u64);
    /// The appeared positions with rule 11's bits: a set, whatever order it comes in.
    fn set(&mut self, pairs: impl Iterator<Item = (u64, u64)>);
}

impl Summary for Vec<u64> {
    fn word(&mut self, word: u64) {
        self.push(word);
    }
    fn set(&mut self, pairs: impl Iterator<Item = (u64, u64)>) {
        let mut sorted: Vec<(u64, u64)> = pairs.collect();
        sorted.sort_unstable();
        self.push(sorted.len() as u64);
        self.extend(sorted.iter().flat_map(|&(h, b)| [h, b]));
    }
}

impl Summary for Fingerprinter {
    fn word(&mut self, word: u64) {
        self.push(word);
    }
    fn set(&mut self, pairs: impl Iterator<Item = (u64, u64)>) {
        let mut set = SetPrint::default();
        pairs.for_each(|(h, b)| set.add(h, b));
        set.words().into_iter().for_each(|w| self.push(w));
    }
}

impl KeeReferee {
    /// The summary of the history that decides every future ruling (see the module docs),
    /// as words; `state_key` is a fingerprint of the same summary, the set of appeared
    /// positions taken by [`SetPrint`] rather than sorted.
    pub fn exact_state_key(&self) -> Option<Vec<u64>> {
        let mut key = Vec::new();
        self.summarize(&mut key).then_some(key)
    }

    fn summarize(&self, out: &mut impl Summary) -> bool {
        let Some(game) = self.game.as_ref() else {
            return false;
        };
        for w in game.board.cells().chunks(16) {
            out.word(w.iter().fold(0u64, |acc, &c| acc << 4 | c as u64));
        }
        out.word(
            game.to_move as u64
                | (game.over.is_some() as u64) << 8
                | game.ban.map_or(0xFFFF, u64::from) << 16
                | game.gap.pack() << 32,
        );
        let frames = self.restorable(game);
        out.word(frames.clone().count() as u64);
        for i in frames.clone() {
            let f = &game.live[i];
            out.word(f.hash_before);
            out.word(
                f.mover as u64
                    | (f.vertex as u64) << 8
                    | f.gap_before.pack() << 24
                    | (f.sealed as u64) << 56,
            );
        }
        if self.reading.rescind == RescindRecord::Keep {
            out.set(game.appearance_bits(&self.reading));
        }
        if self.reading.ban == BanScope::Pile {
            // Only under `ban=pile` do bans outlive one play, so only then do they key; the
            // seat matters only when they outlive the replacing play (else it is the mover's).
            let seats = lasting(&self.reading);
            let ban = |&(s, p): &Ban| p as u64 | if seats { (s as u64) << 16 } else { 0 };
            out.word(game.piled.len() as u64);
            game.piled.iter().for_each(|b| out.word(ban(b)));
            for i in frames {
                let bans = game.bans_of(i);
                out.word(bans.len() as u64);
                bans.iter().for_each(|b| out.word(ban(b)));
            }
        }
        if self.reading.replacement == Replacement::NeverAgain {
            let mut banned = game.banned.clone();
            banned.sort_unstable();
            banned.dedup();
            out.word(banned.len() as u64);
            for &(h, s, v) in &banned {
                out.word(h);
                out.word(s as u64 | (v as u64) << 8);
            }
        }
        true
    }
}
