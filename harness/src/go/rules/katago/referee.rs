//! The fast KataGo referee: the board plus the summary of the history KataGo's
//! `BoardHistory` keeps, updated turn by turn.

use std::sync::Arc;

use super::encore::Blocks;
use super::end::{is_final_phase, passes_after_pass};
use super::ko::{ko_hash, ko_point, spight_like, voids_cycles};
use super::params::{KoRule, Params};
use super::scoring::{count, handicap_stones, Extras};
use crate::go::board::{Board, Colour, Effect, Scratch, EMPTY};
use crate::go::graph::Vertex;
use crate::go::pass_alive::Benson;
use crate::go::rules::analysis::{self, Analysis};
use crate::go::rules::SuicidePolicy;
use crate::go::score::Scoring;
use crate::go::{colour_of, Go, GoPlay, GoSetup};
use crate::referee::{Fault, HalfPoints, Outcome, Referee, Status, StepMemo, Verdict};

/// What a legal turn does.
enum Turn {
    Pass,
    /// The unblock-ko-recapture action on this stone.
    Unblock(Vertex),
    Stone(Vertex, Effect),
}

/// The fast referee for a KataGo ruleset: the board updated play by play, with the
/// encore's phases and the button kept as KataGo keeps them.
pub struct KataGoReferee {
    id: Arc<str>,
    params: Params,
    game: Option<Game>,
    scratch: Scratch,
    benson: Benson,
}

#[derive(Clone)]
struct Game {
    setup: Arc<GoSetup>,
    board: Board,
    to_move: usize,
    /// 0 the main phase, 1 and 2 the cleanup phases.
    phase: u8,
    /// Basic ko's banned point (main phase).
    ko_point: Option<Vertex>,
    /// Ko hashes since the history was last cleared, the current one included.
    history: Vec<u64>,
    passes: u32,
    /// Ko hashes each seat passed from this phase.
    passed_from: [Vec<u64>; 2],
    /// The button is still there to take.
    button: bool,
    button_taker: Option<usize>,
    blocks: Blocks,
    /// Territory scoring: stones each seat played in the main and first cleanup phase.
    plays: [i64; 2],
    second_start: Option<Vec<Colour>>,
    over: Option<Outcome>,
    /// The last play was an unblock action, which changes no stone.
    unblocked: bool,
}

impl KataGoReferee {
    /// A referee named `id` playing by `params`.
    pub fn new(id: impl Into<String>, params: Params) -> Self {
        KataGoReferee {
            id: Arc::from(id.into()),
            params,
            game: None,
            scratch: Scratch::default(),
            benson: Benson::default(),
        }
    }

    /// The phase the game is in (0 the main phase, 1 and 2 the cleanup phases), once started.
    pub fn phase(&self) -> Option<u8> {
        self.game.as_ref().map(|g| g.phase)
    }

    /// The board, once started.
    pub fn cells(&self) -> Option<&[Colour]> {
        self.game.as_ref().map(|g| g.board.cells())
    }

    fn game(&self) -> Result<&Game, Fault> {
        self.game.as_ref().ok_or_else(super::not_started)
    }

    fn ruling(&mut self, play: &GoPlay) -> Result<Result<Turn, &'static str>, Fault> {
        self.ruling_known(play, None)
    }

    /// [`KataGoReferee::ruling`], reading stone plays' effects from `known` (see
    /// [`analysis::effect`]).
    fn ruling_known(
        &mut self,
        play: &GoPlay,
        known: Option<&Analysis>,
    ) -> Result<Result<Turn, &'static str>, Fault> {
        let game = self.game.as_ref().ok_or_else(super::not_started)?;
        if game.over.is_some() {
            return Ok(Err("game-over"));
        }
        let v = match *play {
            GoPlay::Pass => return Ok(Ok(Turn::Pass)),
            GoPlay::Appeal => return Ok(Err("no-appeals")),
            GoPlay::Stone(v) => v,
        };
        if v as usize >= game.board.cells().len() {
            return Ok(Err("off-board"));
        }
        if game.phase > 0 {
            if let Some(k) = game.blocks.unblocks(&game.board, v, game.to_move) {
                return Ok(Ok(Turn::Unblock(k)));
            }
        }
        if game.board.colour(v) != EMPTY {
            return Ok(Err("occupied"));
        }
        if game.phase == 0 && game.ko_point == Some(v) {
            return Ok(Err("ko"));
        }
        let colour = colour_of(game.to_move);
        let effect = analysis::effect(known, &game.board, v, colour, &mut self.scratch);
        let policy = if self.params.suicide {
            SuicidePolicy::MultiStone
        } else {
            SuicidePolicy::Forbidden
        };
        if let Some(rule) = policy.forbids(&effect) {
            return Ok(Err(rule));
        }
        if let Some(rule) = game.superko(&self.params, v, &effect) {
            return Ok(Err(rule));
        }
        Ok(Ok(Turn::Stone(v, effect)))
    }
}

impl KataGoReferee {
    /// Every legal play, stone plays' effects read from `known` (see [`analysis::effect`]).
    fn legal_known(&mut self, known: Option<&Analysis>) -> Result<Vec<GoPlay>, Fault> {
        let n = self.game()?.board.cells().len();
        let mut plays = Vec::new();
        for play in (0..n as Vertex).map(GoPlay::Stone).chain([GoPlay::Pass]) {
            if self.ruling_known(&play, known)?.is_ok() {
                plays.push(play);
            }
        }
        Ok(plays)
    }
}

impl Game {
    /// The superko or cleanup-phase ban on `v`, if any.
    fn superko(&self, params: &Params, v: Vertex, effect: &Effect) -> Option<&'static str> {
        if self.phase > 0 {
            let repeated = self
                .blocks
                .repeats_capture(self.board.hash(), v, self.to_move);
            return repeated.then_some("encore-ko-repeated");
        }
        if params.ko == KoRule::Simple {
            return None;
        }
        let after = ko_hash(params, effect.hash_after, 1 - self.to_move, 0, 0);
        self.history
            .contains(&after)
            .then_some(params.ko.superko_rule())
    }

    fn ko_hash(&self, params: &Params, to_move: usize) -> u64 {
        ko_hash(
            params,
            self.board.hash(),
            to_move,
            self.phase,
            self.blocks.hash,
        )
    }

    /// A pass by the seat to move: the button, the pass history, the pass count. Returns
    /// whether it ends the phase by Spight's condition.
    fn pass(&mut self, params: &Params) -> bool {
        let mover = self.to_move;
        self.ko_point = None;
        if self.button {
            self.button = false;
            self.button_taker = Some(mover);
            self.passes = 0;
            self.passed_from = [Vec::new(), Vec::new()];
            self.history.clear();
            return false;
        }
        if spight_like(params, self.phase) {
            self.history.clear();
        }
        let before = self.ko_hash(params, mover);
        self.passes = passes_after_pass(params, self.phase, self.passes);
        let repeated = spight_like(params, self.phase) && self.passed_from[mover].contains(&before);
        self.passed_from[mover].push(before);
        repeated
    }

    fn stone(&mut self, params: &Params, v: Vertex, effect: &Effect, scratch: &Scratch) {
        let mover = self.to_move;
        let colour = colour_of(mover);
        let before = self.board.cells().to_vec();
        let hash_before = self.board.hash();
        self.board.play(v, colour, scratch);
        let ko = ko_point(&self.board, &before, v, colour, effect.captured);
        if self.phase == 0 {
            self.ko_point = ko;
        } else {
            self.blocks
                .after_play(&self.board, v, mover, hash_before, ko.is_some());
        }
        if params.scoring == Scoring::Territory && self.phase <= 1 {
            self.plays[mover] += 1;
        }
        self.passes = 0;
    }

    /// Ends the phase: the game, or the next cleanup phase.
    fn end_phase(&mut self, params: &Params, benson: &mut Benson) {
        if is_final_phase(params, self.phase) {
            self.over = Some(self.count(params, benson));
            return;
        }
        self.phase += 1;
        if self.phase == 2 {
            self.second_start = Some(self.board.cells().to_vec());
        }
        self.passes = 0;
        self.passed_from = [Vec::new(), Vec::new()];
        self.blocks = Blocks::new(self.board.cells().len());
        self.history = vec![self.ko_hash(params, self.to_move)];
    }

    fn count(&mut self, params: &Params, benson: &mut Benson) -> Outcome {
        // A button never taken goes to the player to move (`endAndScoreGameNow`).
        let button = match (self.button, self.button_taker) {
            (true, _) => Some(self.to_move),
            (false, taker) => taker,
        };
        let extras = Extras {
            komi: komi(&self.setup, params),
            button,
            handicap_bonus: params
                .handicap
                .half_points(handicap_stones(&self.setup.stones) as u32)
                / 2,
            plays: self.plays,
            second_start: self.second_start.as_deref(),
        };
        count(
            &self.setup.graph,
            self.board.cells(),
            params,
            &extras,
            benson,
        )
    }
}

/// Komi per seat: the case's, else KataGo's komi for White.
pub fn komi(setup: &GoSetup, params: &Params) -> Vec<HalfPoints> {
    setup
        .komi
        .clone()
        .unwrap_or_else(|| vec![HalfPoints(0), params.komi])
}

/// Territory scoring counts the starting board's stones as plays (`BoardHistory::clear`).
pub fn starting_plays(params: &Params, cells: &[Colour]) -> [i64; 2] {
    let mut plays = [0; 2];
    if params.scoring == Scoring::Territory {
        for &c in cells.iter().filter(|&&c| c != EMPTY) {
            plays[c as usize - 1] += 1;
        }
    }
    plays
}

impl Referee<Go> for KataGoReferee {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &GoSetup) -> Result<(), Fault> {
        super::check_players(setup)?;
        let board = Board::with_stones(setup.graph.clone(), &setup.stones);
        let n = board.cells().len();
        let mut game = Game {
            setup: Arc::new(setup.clone()),
            board,
            to_move: setup.to_move,
            phase: 0,
            ko_point: None,
            history: Vec::new(),
            passes: 0,
            passed_from: [Vec::new(), Vec::new()],
            button: self.params.button,
            button_taker: None,
            blocks: Blocks::new(n),
            plays: starting_plays(&self.params, &setup.stones),
            second_start: None,
            over: None,
            unblocked: false,
        };
        game.history.push(game.ko_hash(&self.params, setup.to_move));
        self.game = Some(game);
        Ok(())
    }

    fn judge(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        Ok(self
            .ruling(play)?
            .map_or_else(Verdict::illegal, |_| Verdict::Legal))
    }

    fn play(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        let turn = match self.ruling(play)? {
            Ok(turn) => turn,
            Err(rule) => return Ok(Verdict::illegal(rule)),
        };
        let params = self.params;
        let game = self.game.as_mut().ok_or_else(super::not_started)?;
        let mut spight_end = false;
        game.unblocked = matches!(turn, Turn::Unblock(_));
        match turn {
            Turn::Pass => spight_end = game.pass(&params),
            Turn::Unblock(k) => {
                game.blocks.lift(k);
                game.passes = 0;
            }
            Turn::Stone(v, effect) => game.stone(&params, v, &effect, &self.scratch),
        }
        game.to_move = 1 - game.to_move;
        let now = game.ko_hash(&params, game.to_move);
        game.history.push(now);
        if game.passes >= 2 || spight_end {
            game.end_phase(&params, &mut self.benson);
        }
        let repeats = game.history.iter().filter(|&&h| h == now).count();
        if !matches!(turn, Turn::Pass) && voids_cycles(&params, game.phase) && repeats >= 3 {
            game.over = Some(Outcome::NoResult {
                rule: "cycle".into(),
            });
        }
        Ok(Verdict::Legal)
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

    fn last_play_unchanged(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.unblocked)
    }

    fn fork(&self) -> Option<Box<dyn Referee<Go>>> {
        Some(Box::new(KataGoReferee {
            id: self.id.clone(),
            params: self.params,
            game: self.game.clone(),
            scratch: Scratch::default(),
            benson: Benson::default(),
        }))
    }

    /// Everything that decides the future plays: the board, seat, phase, basic ko's point,
    /// passes, the button, the ko history (as a sorted multiset: superko looks up members,
    /// the no-result rule counts them), the pass history and the cleanup phase's blocks and
    /// ko captures. The count's own inputs (plays, the second phase's start) are left out,
    /// as prisoners are for the other referees.
    fn state_key_into(&self, key: &mut Vec<u64>) -> bool {
        key.clear();
        let Some(game) = self.game.as_ref() else {
            return false;
        };
        game.board.pack_into(key);
        key.extend([
            game.to_move as u64,
            game.phase as u64,
            game.ko_point.map_or(u64::MAX, |v| v as u64),
            game.passes as u64,
            game.button as u64,
            game.over.is_some() as u64,
            game.blocks.hash,
        ]);
        for list in [&game.history, &game.passed_from[0], &game.passed_from[1]] {
            let mut sorted = list.clone();
            sorted.sort_unstable();
            key.push(sorted.len() as u64);
            key.extend(sorted);
        }
        let mut captures: Vec<u64> = game
            .blocks
            .captures
            .iter()
            .map(|&(h, v, s)| h ^ crate::util::hash::mix((v as u64) << 8 | s as u64))
            .collect();
        captures.sort_unstable();
        key.push(captures.len() as u64);
        key.extend(captures);
        true
    }
}
