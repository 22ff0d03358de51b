//! The spec twin of the KataGo referee: the rules page's sentences, each checked against
//! the whole recorded history of states, with flood-fill captures on plain arrays. Where
//! the source differs from the page (see the module notes in `mod.rs`), the source's
//! reading is written here too, and named where it is.
//!
//! Independent of the fast referee: legality (basic ko as "the state at the start of the
//! opponent's previous turn", superko against every recorded state, ko-moves found by
//! trying every reply, once-only captures by scanning the phase's moves), the end of each
//! phase and the no-result rule, and the state key. Shared with it: the count of the final
//! board (`scoring::count`, checked against KataGo's expected areas in
//! `tests/katago_area.rs` and its expected scores in `tests/katago_rules.rs`); the spec
//! recomputes the count's inputs (plays charged, the button's taker, the second cleanup
//! phase's starting board) from the history.
//!
//! It caches only what cannot change (see [`crate::go::rules::spec_cache`]): where each
//! coloring of the recorded states appeared, indexed as the states are recorded (superko
//! looks there and compares states in full), and the plain plays of the board at a campaign
//! step, worked out once for every spec referee. [`KataGoSpec::scanning`] scans every
//! recorded state instead, for the test that the two rule alike.

use super::params::{KoRule, Params};
use super::referee::{komi, starting_plays};
use super::scoring::{count, handicap_stones, Extras};
use crate::go::board::{Colour, EMPTY};
use crate::go::graph::{Graph, Vertex};
use crate::go::pass_alive::Benson;
use crate::go::regions::{plain_play, worm_of};
use crate::go::rules::spec_cache::{board_hash, played, BoardIndex, PlainPlays, Played};
use crate::go::score::Scoring;
use crate::go::{colour_of, Go, GoPlay, GoSetup};
use crate::referee::{Fault, Outcome, Referee, Status, StepMemo, Verdict};
use crate::util::hash::mix;
use std::borrow::Cow;
use std::sync::Arc;

/// The page's state: the grid coloring, the ko-recapture-blocked marks (cleanup phases),
/// the player next to take a turn, and whether a pass has occurred (button rules).
#[derive(Debug, Clone, PartialEq)]
struct State {
    cells: Vec<Colour>,
    marks: Vec<bool>,
    to_move: usize,
    passed: bool,
}

/// The parts of a state, borrowed: a stone play's state can be compared before it is built.
#[derive(Clone, Copy)]
struct View<'a> {
    cells: &'a [Colour],
    marks: &'a [bool],
    to_move: usize,
    passed: bool,
}

impl State {
    fn view(&self) -> View<'_> {
        View {
            cells: &self.cells,
            marks: &self.marks,
            to_move: self.to_move,
            passed: self.passed,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Pass,
    Move(Vertex),
    Unblock(Vertex),
}

/// One turn: the phase it was taken in, what it was, the states around it, and the phase
/// after it (the same, the next, or `None` once the game ended).
#[derive(Debug, Clone)]
struct Step {
    phase: u8,
    kind: Kind,
    before: State,
    after: State,
}

/// The spec referee for a KataGo ruleset: every ruling recomputed from the whole
/// history, to diff [`super::referee::KataGoReferee`] against.
pub struct KataGoSpec {
    id: String,
    params: Params,
    setup: Option<GoSetup>,
    start: Option<State>,
    steps: Vec<Step>,
    phase: u8,
    /// The state each phase began with.
    phase_starts: Vec<State>,
    over: Option<Outcome>,
    /// Where each coloring of the recorded states appeared, by position: 0 is the start,
    /// `i` the state after the `i`-th step. `None`: every question scans the whole record.
    index: Option<BoardIndex>,
    /// The plain plays of the last step's board, from the campaign's memo.
    known: Option<Arc<PlainPlays>>,
}

impl KataGoSpec {
    /// A referee named `id` playing by `params`.
    pub fn new(id: impl Into<String>, params: Params) -> Self {
        KataGoSpec {
            id: id.into(),
            params,
            setup: None,
            start: None,
            steps: Vec::new(),
            phase: 0,
            phase_starts: Vec::new(),
            over: None,
            index: Some(BoardIndex::default()),
            known: None,
        }
    }

    /// The same referee scanning every recorded state for every question, with nothing
    /// cached: what the cached one is checked against.
    pub fn scanning(id: impl Into<String>, params: Params) -> Self {
        KataGoSpec {
            index: None,
            ..KataGoSpec::new(id, params)
        }
    }

    /// The state at position `at`: 0 is the start, `i` the state after the `i`-th step.
    fn state_at(&self, at: usize) -> &State {
        match at {
            0 => &self.phase_starts[0],
            i => &self.steps[i - 1].after,
        }
    }

    /// Main phase: the positions from `from` on whose state is the same as `after` under
    /// the main phase's rules.
    fn main_phase_repeats(&self, after: View, hash: u64, from: usize) -> bool {
        let same = |at: usize| at >= from && self.same(self.state_at(at).view(), after, 0);
        match &self.index {
            Some(index) => index
                .appearances(after.cells, hash, |at| &self.state_at(at).cells)
                .any(same),
            None => (0..=self.steps.len()).any(same),
        }
    }

    fn setup(&self) -> Result<&GoSetup, Fault> {
        self.setup.as_ref().ok_or_else(super::not_started)
    }

    fn now(&self) -> Result<&State, Fault> {
        match self.steps.last() {
            Some(s) => Ok(&s.after),
            None => self.start.as_ref().ok_or_else(super::not_started),
        }
    }

    /// Steps of the current phase.
    fn this_phase(&self) -> impl Iterator<Item = &Step> {
        let phase = self.phase;
        self.steps.iter().filter(move |s| s.phase == phase)
    }

    /// Two states are the same state under the rules of `phase`: the coloring; the player
    /// to move under simple and situational ko and in cleanup; the marks in cleanup; whether
    /// a pass occurred, with the button.
    fn same(&self, a: View, b: View, phase: u8) -> bool {
        let with_player =
            phase > 0 || matches!(self.params.ko, KoRule::Simple | KoRule::Situational);
        a.cells == b.cells
            && (!with_player || a.to_move == b.to_move)
            && (phase == 0 || a.marks == b.marks)
            && (!self.params.button || a.passed == b.passed)
    }

    /// The states since the most recent pass of this phase (the state that pass left
    /// included), or since the phase began.
    fn states_since_pass(&self) -> Vec<&State> {
        let steps: Vec<&Step> = self.this_phase().collect();
        let from = steps.iter().rposition(|s| s.kind == Kind::Pass);
        let mut states = Vec::new();
        match from {
            Some(i) => states.push(&steps[i].after),
            None => states.push(&self.phase_starts[self.phase as usize]),
        }
        let rest = from.map_or(0, |i| i + 1);
        states.extend(steps[rest..].iter().map(|s| &s.after));
        states
    }

    /// A ko-move (page): a pseudolegal move after which the opponent has a pseudolegal
    /// reply that brings back the coloring before it.
    fn is_ko_move(&self, graph: &Graph, before: &[Colour], after: &[Colour], mover: usize) -> bool {
        let opponent = colour_of(1 - mover);
        graph.vertices().any(|r| {
            after[r as usize] == EMPTY && {
                let reply = plain_play(graph, after, r, opponent);
                reply.cells != after
                    && (self.params.suicide || reply.suicided == 0)
                    && reply.cells == before
            }
        })
    }

    /// What the play would be, or the rule it breaks.
    fn ruling(&self, play: &GoPlay) -> Result<Result<(Kind, State), &'static str>, Fault> {
        let setup = self.setup()?;
        if self.over.is_some() {
            return Ok(Err("game-over"));
        }
        let now = self.now()?;
        let graph = &setup.graph;
        let v = match *play {
            GoPlay::Pass => {
                let mut after = now.clone();
                after.to_move = 1 - now.to_move;
                after.passed = true;
                return Ok(Ok((Kind::Pass, after)));
            }
            GoPlay::Appeal => return Ok(Err("no-appeals")),
            GoPlay::Stone(v) => v,
        };
        if v as usize >= now.cells.len() {
            return Ok(Err("off-board"));
        }
        if self.phase > 0 {
            if let Some(k) = self.unblock_target(graph, now, v) {
                let mut after = now.clone();
                after.marks[k as usize] = false;
                after.to_move = 1 - now.to_move;
                return Ok(Ok((Kind::Unblock(k), after)));
            }
        }
        let played = match self.move_check(now, v)? {
            Ok(played) => played,
            Err(rule) => return Ok(Err(rule)),
        };
        let mut after = State {
            cells: played.play.cells.clone(),
            marks: now.marks.clone(),
            to_move: 1 - now.to_move,
            passed: now.passed,
        };
        if self.phase > 0 {
            let ko_move = self.is_ko_move(graph, &now.cells, &after.cells, now.to_move);
            if ko_move && self.repeats_move(now, v) {
                return Ok(Err("encore-ko-repeated"));
            }
            if ko_move {
                after.marks[v as usize] = true;
            }
            for p in 0..after.marks.len() {
                after.marks[p] &= after.cells[p] != EMPTY;
            }
        }
        Ok(Ok((Kind::Move(v), after)))
    }

    /// A move at `v` (not an unblock action): the plain play it makes, or the rule it
    /// breaks (occupied, suicide, and in the main phase ko and superko).
    fn move_check(
        &self,
        now: &State,
        v: Vertex,
    ) -> Result<Result<Cow<'_, Played>, &'static str>, Fault> {
        let graph = &self.setup()?.graph;
        if now.cells[v as usize] != EMPTY {
            return Ok(Err("occupied"));
        }
        let known = self.known.as_deref();
        let played = played(known, graph, &now.cells, v, colour_of(now.to_move));
        if !self.params.suicide && played.play.suicided > 0 {
            return Ok(Err("suicide"));
        }
        if played.play.cells == now.cells {
            return Ok(Err("suicide-no-op"));
        }
        if self.phase == 0 {
            let after = View {
                cells: &played.play.cells,
                marks: &now.marks,
                to_move: 1 - now.to_move,
                passed: now.passed,
            };
            if let Some(rule) = self.main_phase_ban(after, played.hash) {
                return Ok(Err(rule));
            }
        }
        Ok(Ok(played))
    }

    /// The unblock action a play at `v` names (page, footnote 7, in the source's encoding):
    /// `v` is a marked lone opponent stone in atari, or the play at `v` would be a ko-move
    /// capturing one.
    fn unblock_target(&self, graph: &Graph, now: &State, v: Vertex) -> Option<Vertex> {
        let opponent = colour_of(1 - now.to_move);
        let lone_in_atari = |p: Vertex| {
            let worm = worm_of(graph, &now.cells, p);
            now.cells[p as usize] == opponent && worm.points.len() == 1 && worm.liberties.len() == 1
        };
        if now.cells[v as usize] != EMPTY {
            return (now.marks[v as usize] && lone_in_atari(v)).then_some(v);
        }
        let played = plain_play(graph, &now.cells, v, colour_of(now.to_move));
        if played.cells == now.cells || (!self.params.suicide && played.suicided > 0) {
            return None;
        }
        if !self.is_ko_move(graph, &now.cells, &played.cells, now.to_move) {
            return None;
        }
        graph.neighbours(v).iter().copied().find(|&n| {
            now.marks[n as usize]
                && now.cells[n as usize] == opponent
                && played.cells[n as usize] == EMPTY
        })
    }

    /// Main phase: basic ko (every ko rule, as the source's `ko_loc`; the page's simple ko)
    /// and superko, for a move leaving state `after` (its coloring of hash `hash`).
    fn main_phase_ban(&self, after: View, hash: u64) -> Option<&'static str> {
        // "doesn't result in the state at the start of the opponent's previous turn"
        if let Some(previous) = self.steps.last().filter(|s| s.phase == 0) {
            if matches!(previous.kind, Kind::Move(_)) && previous.before.cells == after.cells {
                return Some("ko");
            }
        }
        // Every recorded state is of the main phase here (positions 0 to the last step).
        let from = match self.params.ko {
            KoRule::Simple => return None,
            // Source: KO_SPIGHT compares only the states since the last pass (the state that
            // pass left included), or since the start.
            KoRule::Spight => self
                .steps
                .iter()
                .rposition(|s| s.kind == Kind::Pass)
                .map_or(0, |k| k + 1),
            KoRule::Positional | KoRule::Situational => 0,
        };
        self.main_phase_repeats(after, hash, from)
            .then_some(self.params.ko.superko_rule())
    }

    /// Cleanup: the player already made a legal move on `v` from this very coloring in this
    /// phase.
    fn repeats_move(&self, now: &State, v: Vertex) -> bool {
        self.this_phase().any(|s| {
            s.kind == Kind::Move(v)
                && s.before.to_move == now.to_move
                && s.before.cells == now.cells
        })
    }

    /// The part of a state that `same` compares in `phase`, hashed.
    fn projection(&self, s: &State, phase: u8) -> u64 {
        let with_player =
            phase > 0 || matches!(self.params.ko, KoRule::Simple | KoRule::Situational);
        state_hash(s, with_player, self.params.button)
            ^ if phase > 0 { marks_hash(&s.marks) } else { 0 }
    }

    /// Trailing passes of this phase that count towards two (the first pass of the game not
    /// counting with the button), at most 2.
    fn counting_passes(&self) -> usize {
        let steps: Vec<&Step> = self.this_phase().collect();
        let trailing = steps
            .iter()
            .rev()
            .take_while(|s| s.kind == Kind::Pass)
            .count();
        let first = self.steps.iter().position(|s| s.kind == Kind::Pass);
        let ignored = self.phase == 0
            && self.params.button
            && first.is_some_and(|i| i + trailing >= self.steps.len());
        (trailing - ignored as usize).min(2)
    }

    /// Whether the phase ends after `step` (just recorded), by passes or by Spight's rule.
    fn phase_ends(&self) -> bool {
        let steps: Vec<&Step> = self.this_phase().collect();
        let Some(last) = steps.last() else {
            return false;
        };
        if last.kind != Kind::Pass {
            return false;
        }
        let spight = self.phase > 0 || matches!(self.params.ko, KoRule::Simple | KoRule::Spight);
        let passed_before = steps[..steps.len() - 1].iter().any(|s| {
            s.kind == Kind::Pass
                && s.before.to_move == last.before.to_move
                && self.same(s.before.view(), last.before.view(), self.phase)
        });
        if spight && passed_before {
            return true;
        }
        if self.phase == 0 && self.params.ko == KoRule::Spight {
            return false;
        }
        // Two consecutive passes; with the button, the first pass of the game is ignored.
        let trailing: Vec<&&Step> = steps
            .iter()
            .rev()
            .take_while(|s| s.kind == Kind::Pass)
            .collect();
        let first_pass_of_game = self.steps.iter().position(|s| s.kind == Kind::Pass);
        let ignored = self.phase == 0
            && self.params.button
            && first_pass_of_game.is_some_and(|i| {
                let total = self.steps.len();
                i + trailing.len() >= total
            });
        trailing.len() - ignored as usize >= 2
    }

    /// "at the start of a player's turn, the current state has already occurred twice
    /// before since the most recent pass"
    fn void_cycle(&self) -> bool {
        let voids = self.phase > 0 || self.params.ko == KoRule::Simple;
        if !voids || self.steps.last().is_none_or(|s| s.kind == Kind::Pass) {
            return false;
        }
        let states = self.states_since_pass();
        let now = states.last().expect("the current state");
        states
            .iter()
            .filter(|s| self.same(s.view(), now.view(), self.phase))
            .count()
            >= 3
    }

    fn finish(&mut self) -> Result<(), Fault> {
        let setup = self.setup()?.clone();
        let params = self.params;
        let mut plays = starting_plays(&params, &setup.stones);
        if params.scoring == Scoring::Territory {
            for s in self.steps.iter().filter(|s| s.phase <= 1) {
                if let Kind::Move(_) = s.kind {
                    plays[s.before.to_move] += 1;
                }
            }
        }
        let button = if params.button {
            let first = self
                .steps
                .iter()
                .find(|s| s.phase == 0 && s.kind == Kind::Pass);
            Some(first.map_or(self.now()?.to_move, |s| s.before.to_move))
        } else {
            None
        };
        let second = self.phase_starts.get(2).map(|s| s.cells.clone());
        let extras = Extras {
            komi: komi(&setup, &params),
            button,
            handicap_bonus: params
                .handicap
                .half_points(handicap_stones(&setup.stones) as u32)
                / 2,
            plays,
            second_start: second.as_deref(),
        };
        let cells = self.now()?.cells.clone();
        self.over = Some(count(
            &setup.graph,
            &cells,
            &params,
            &extras,
            &mut Benson::default(),
        ));
        Ok(())
    }
}

impl Referee<Go> for KataGoSpec {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &GoSetup) -> Result<(), Fault> {
        super::check_players(setup)?;
        let start = State {
            cells: setup.stones.clone(),
            marks: vec![false; setup.stones.len()],
            to_move: setup.to_move,
            passed: false,
        };
        self.setup = Some(setup.clone());
        self.phase_starts = vec![start.clone()];
        self.start = Some(start);
        self.steps.clear();
        self.phase = 0;
        self.over = None;
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
        let (kind, after) = match self.ruling(play)? {
            Ok(turn) => turn,
            Err(rule) => return Ok(Verdict::illegal(rule)),
        };
        let before = self.now()?.clone();
        let hash = board_hash(&after.cells);
        self.steps.push(Step {
            phase: self.phase,
            kind,
            before,
            after,
        });
        if let Some(index) = &mut self.index {
            index.push(hash, self.steps.len());
        }
        if self.void_cycle() {
            self.over = Some(Outcome::NoResult {
                rule: "cycle".into(),
            });
        } else if self.phase_ends() {
            let final_phase = self.params.scoring == Scoring::Area || self.phase >= 2;
            if final_phase {
                self.finish()?;
            } else {
                self.phase += 1;
                let mut start = self.now()?.clone();
                start.marks.iter_mut().for_each(|m| *m = false);
                self.phase_starts.push(start.clone());
                if let Some(last) = self.steps.last_mut() {
                    last.after = start;
                }
            }
        }
        Ok(Verdict::Legal)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        self.setup()?;
        Ok(Status::from(self.over.clone()))
    }

    fn last_play_unchanged(&self) -> bool {
        self.steps
            .last()
            .is_some_and(|s| matches!(s.kind, Kind::Unblock(_)))
    }

    fn legal_plays(&mut self) -> Result<Vec<GoPlay>, Fault> {
        self.known = None;
        self.legal_now()
    }

    fn legal_plays_memo(&mut self, memo: &mut StepMemo) -> Result<Vec<GoPlay>, Fault> {
        let now = self.now()?;
        let colour = colour_of(now.to_move);
        let known = PlainPlays::shared(memo, &self.setup()?.graph, &now.cells, colour);
        self.known = Some(known);
        self.legal_now()
    }

    /// Everything of the history the rulings above read, each part computed from the
    /// recorded steps: the current state and phase; the board basic ko bans; the states
    /// superko compares with; the states since the last pass (counted, for the no-result
    /// rule); the states this phase's passes were made from; the passes that count towards
    /// two; the moves of this cleanup phase (once-only captures). The count's inputs are
    /// left out, as in the fast referee.
    fn state_key_into(&self, key: &mut Vec<u64>) -> bool {
        key.clear();
        let Ok(now) = self.now() else {
            return false;
        };
        key.extend([
            self.over.is_some() as u64,
            self.phase as u64,
            state_hash(now, true, true) ^ marks_hash(&now.marks),
        ]);
        let last_move_in_main = self
            .steps
            .last()
            .filter(|s| s.phase == 0 && matches!(s.kind, Kind::Move(_)));
        key.push(last_move_in_main.map_or(0, |s| cells_hash(&s.before.cells)));
        let project = |s: &State| self.projection(s, self.phase);
        let superko: Vec<u64> = match (self.phase, self.params.ko) {
            (0, KoRule::Positional | KoRule::Situational) => std::iter::once(&self.phase_starts[0])
                .chain(self.steps.iter().map(|s| &s.after))
                .map(project)
                .collect(),
            (0, KoRule::Spight) => self.states_since_pass().into_iter().map(project).collect(),
            _ => Vec::new(),
        };
        push_set(key, superko, true);
        let since_pass = self.states_since_pass().into_iter().map(project).collect();
        push_set(key, since_pass, false);
        let passed_from = self
            .this_phase()
            .filter(|s| s.kind == Kind::Pass)
            .map(|s| project(&s.before) ^ mix(s.before.to_move as u64))
            .collect();
        push_set(key, passed_from, true);
        let moves = self
            .this_phase()
            .filter_map(|s| match s.kind {
                Kind::Move(v) if self.phase > 0 => Some(
                    cells_hash(&s.before.cells) ^ mix((v as u64) << 8 | s.before.to_move as u64),
                ),
                _ => None,
            })
            .collect();
        push_set(key, moves, true);
        key.push(self.counting_passes() as u64);
        true
    }

    fn fork(&self) -> Option<Box<dyn Referee<Go>>> {
        Some(Box::new(KataGoSpec {
            id: self.id.clone(),
            params: self.params,
            setup: self.setup.clone(),
            start: self.start.clone(),
            steps: self.steps.clone(),
            phase: self.phase,
            phase_starts: self.phase_starts.clone(),
            over: self.over.clone(),
            index: self.index.clone(),
            known: self.known.clone(),
        }))
    }
}

impl KataGoSpec {
    /// Every legal play now: [`KataGoSpec::ruling`] of each, a main-phase move checked
    /// without building the state it leaves (the ruling's only other step).
    fn legal_now(&self) -> Result<Vec<GoPlay>, Fault> {
        let n = self.setup()?.stones.len();
        let mut plays = Vec::new();
        for v in 0..n as Vertex {
            let legal = if self.phase == 0 && self.over.is_none() {
                self.move_check(self.now()?, v)?.is_ok()
            } else {
                self.ruling(&GoPlay::Stone(v))?.is_ok()
            };
            if legal {
                plays.push(GoPlay::Stone(v));
            }
        }
        if self.ruling(&GoPlay::Pass)?.is_ok() {
            plays.push(GoPlay::Pass);
        }
        Ok(plays)
    }
}

fn cells_hash(cells: &[Colour]) -> u64 {
    cells.iter().fold(0x1234_5678u64, |h, &c| mix(h ^ c as u64))
}

fn marks_hash(marks: &[bool]) -> u64 {
    marks.iter().fold(0x8765_4321u64, |h, &m| mix(h ^ m as u64))
}

/// A state's coloring, with the player to move and the pass flag where they count.
fn state_hash(s: &State, with_player: bool, with_passed: bool) -> u64 {
    let mut h = cells_hash(&s.cells);
    if with_player {
        h = mix(h ^ (1 + s.to_move as u64) << 32);
    }
    if with_passed {
        h = mix(h ^ (1 + s.passed as u64) << 40);
    }
    h
}

/// Appends a sorted list of hashes (deduplicated when only membership counts), with its
/// length first.
fn push_set(key: &mut Vec<u64>, mut hashes: Vec<u64>, dedup: bool) {
    hashes.sort_unstable();
    if dedup {
        hashes.dedup();
    }
    key.push(hashes.len() as u64);
    key.extend(hashes);
}

#[cfg(test)]
mod tests {
    use super::super::params::NAMED;
    use super::*;
    use crate::go::rules::scanning_twin::{step_alike, xorshift};

    /// Random games on small boards, passes often so the cleanup phases come, under every
    /// preset: the cached referee, asked as a campaign asks (through a step memo, fresh or
    /// left from the step before), rules exactly as the scanning one, on every play, legal
    /// or not, at every step.
    #[test]
    fn the_cached_spec_rules_as_the_scanning_one() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for (w, h) in [(2, 2), (3, 2), (3, 3)] {
            let setup = GoSetup::empty(Graph::grid(w, h, false).unwrap(), 2);
            for (_, params) in NAMED {
                for _ in 0..4 {
                    step_alike(
                        (
                            &mut KataGoSpec::new("c", params),
                            &mut KataGoSpec::scanning("s", params),
                        ),
                        &setup,
                        60,
                        &mut next,
                        |legal, _, next| match next() % 6 {
                            _ if legal.is_empty() => None,
                            0 => Some(GoPlay::Pass),
                            _ => Some(legal[next() as usize % legal.len()]),
                        },
                        |cached, scanning| assert_eq!(cached.state_key(), scanning.state_key()),
                    );
                }
            }
        }
    }
}
