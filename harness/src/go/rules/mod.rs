//! Go rulesets. A ruleset is a suicide policy, a scoring method, default komi and a ko rule;
//! [`GoReferee`] runs the game and asks its [`KoRule`] what repetition forbids. Each ko rule
//! also has a spec version in [`spec`] that rescans the whole history.

pub mod analysis;
pub mod chsk;
pub mod counting;
pub mod cycle_void;
pub mod katago;
pub mod kee;
pub mod kinds;
pub mod no_ko;
pub mod nsk;
pub mod presets;
pub mod psk;
#[cfg(test)]
pub(crate) mod scanning_twin;
pub mod simple_ko;
pub mod spec;
pub mod spec_cache;
pub mod ssk;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::board::Colour;
use super::board::{Board, Effect, Scratch, EMPTY};
use super::graph::Vertex;
use super::score::{score_reusing, Count, Scoring};
use super::{colour_of, Go, GoPlay, GoSetup};
use crate::referee::{Fault, HalfPoints, Outcome, Referee, Status, StepMemo, Verdict};
use analysis::Analysis;
use counting::{handicap_stones, Counting, DeadStones};

/// What a suicidal stone play is allowed to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SuicidePolicy {
    /// No suicide at all (Japanese, Chinese, AGA, most engines by default).
    Forbidden,
    /// Multi-stone suicide allowed; a single-stone suicide, which leaves the board unchanged,
    /// is not (Kee rule 10; Tromp–Taylor and New Zealand allow suicide in this sense).
    MultiStone,
    /// Any suicide, even one that changes nothing (GNU Go's `--allow-all-suicide`).
    All,
}

impl SuicidePolicy {
    /// Id suffix for referee names: `psk`, `psk+suicide`, `psk+all-suicide`.
    pub fn suffix(self) -> &'static str {
        match self {
            SuicidePolicy::Forbidden => "",
            SuicidePolicy::MultiStone => "+suicide",
            SuicidePolicy::All => "+all-suicide",
        }
    }

    /// The rule a suicide with this effect breaks, if any.
    pub fn forbids(self, effect: &Effect) -> Option<&'static str> {
        match (self, effect.suicided) {
            (_, 0) => None,
            (SuicidePolicy::Forbidden, _) => Some("suicide"),
            (SuicidePolicy::MultiStone, 1) => Some("suicide-no-op"),
            _ => None,
        }
    }

    /// The policy as [`crate::referee::Claims`] compares it.
    pub fn claim(self) -> &'static str {
        match self {
            SuicidePolicy::Forbidden => "suicide forbidden",
            SuicidePolicy::MultiStone => "multi-stone suicide allowed",
            SuicidePolicy::All => "all suicide allowed",
        }
    }

    /// Every policy, strictest first.
    pub const ALL: [SuicidePolicy; 3] = [
        SuicidePolicy::Forbidden,
        SuicidePolicy::MultiStone,
        SuicidePolicy::All,
    ];
}

/// The parts of a ruleset other than repetition.
#[derive(Debug, Clone, PartialEq)]
pub struct Basics {
    /// Which suicides are allowed.
    pub suicide: SuicidePolicy,
    /// Area or territory counting.
    pub scoring: Scoring,
    /// Komi per seat when the case gives none.
    pub komi: Vec<HalfPoints>,
    /// Dead stones by agreement or not, and the handicap bonus.
    pub counting: Counting,
}

impl Basics {
    /// Rules with `suicide`, area scoring, no komi, and the default counting.
    pub fn new(suicide: SuicidePolicy) -> Self {
        Basics {
            suicide,
            scoring: Scoring::Area,
            komi: Vec::new(),
            counting: Counting::default(),
        }
    }

    /// Counts the final board `cells` of a game from `setup` with `prisoners` taken during
    /// it, by this ruleset's scoring, komi, dead stones and handicap bonus.
    pub fn count(&self, setup: &GoSetup, cells: &[Colour], prisoners: &[u32; 9]) -> Outcome {
        self.count_reusing(setup, cells, prisoners, None)
    }

    /// [`Basics::count`], refilling the lists of `spare`, an earlier count's outcome (see
    /// [`crate::go::score::score_reusing`]).
    pub fn count_reusing(
        &self,
        setup: &GoSetup,
        cells: &[Colour],
        prisoners: &[u32; 9],
        spare: Option<Outcome>,
    ) -> Outcome {
        let komi = setup
            .komi
            .as_deref()
            .unwrap_or(self.komi_for(setup.players));
        let (dead, seki): (&[Vertex], &[Vertex]) = match self.counting.dead {
            DeadStones::Agreement => (&setup.dead, &setup.seki),
            DeadStones::AllAlive => (&[], &[]),
        };
        let bonus = self.counting.handicap.half_points(handicap_stones(setup));
        score_reusing(
            &Count::new(&setup.graph, cells, setup.players, self.scoring)
                .komi(komi)
                .dead(dead, self.counting.dead.judged_by())
                .seki(seki)
                .prisoners(prisoners)
                .handicap_bonus(HalfPoints(bonus)),
            spare,
        )
    }

    /// What these basics claim for scoring, as [`crate::referee::Claims`] compares it:
    /// everything that decides a count.
    pub fn scoring_claim(&self) -> String {
        let komi: Vec<String> = self.komi.iter().map(|k| k.to_string()).collect();
        format!(
            "{:?} scoring, komi [{}], dead stones by {:?}, handicap bonus {:?}",
            self.scoring,
            komi.join(" "),
            self.counting.dead,
            self.counting.handicap
        )
        .to_lowercase()
    }

    /// The komi to count with when the case gives none. A ruleset's komi is stated for two
    /// players; a game with another number of players gets none rather than a komi meant for a
    /// different game.
    pub fn komi_for(&self, players: usize) -> &[HalfPoints] {
        if self.komi.len() == players {
            &self.komi
        } else {
            &[]
        }
    }
}

/// A game in progress as ko rules see it, after each play.
pub struct Moment<'a> {
    /// The board after the play.
    pub board: &'a Board,
    /// Hash of the board before the play just made.
    pub hash_before: u64,
    /// Seat that made the play.
    pub mover: usize,
    /// The play just made.
    pub play: GoPlay,
    /// Stones the play captured (0 for a pass).
    pub captured: u32,
    /// Seat to move next.
    pub next: usize,
}

/// The repetition part of a ruleset, fast version: keeps whatever summary of the history it
/// needs, updated play by play.
pub trait KoRule: Send + 'static {
    /// Forgets any earlier game; `players` seats take turns in order from `to_move`.
    fn start(&mut self, board: &Board, to_move: usize, players: usize);
    /// The rule that forbids `mover` playing at `v` with this effect, if one does.
    fn forbids(
        &self,
        board: &Board,
        mover: usize,
        v: Vertex,
        effect: &Effect,
    ) -> Option<&'static str>;
    /// Records a play that was made.
    fn record(&mut self, moment: &Moment);
    /// Some rules end the game on a repetition (no result, draw).
    fn ending(&self) -> Option<Outcome> {
        None
    }
    /// An independent copy, for exhaustive search.
    fn fork_rule(&self) -> Box<dyn KoRule>;
    /// Appends what of the history decides this rule's future rulings (exhaustive search:
    /// equal keys, equal futures).
    fn key(&self, out: &mut Vec<u64>);
}

/// Lets a ko rule chosen at run time (the property tests drive every rule through one board)
/// stand wherever a concrete one does.
impl KoRule for Box<dyn KoRule> {
    fn start(&mut self, board: &Board, to_move: usize, players: usize) {
        (**self).start(board, to_move, players)
    }
    fn forbids(
        &self,
        board: &Board,
        mover: usize,
        v: Vertex,
        effect: &Effect,
    ) -> Option<&'static str> {
        (**self).forbids(board, mover, v, effect)
    }
    fn record(&mut self, moment: &Moment) {
        (**self).record(moment)
    }
    fn ending(&self) -> Option<Outcome> {
        (**self).ending()
    }
    fn fork_rule(&self) -> Box<dyn KoRule> {
        (**self).fork_rule()
    }
    fn key(&self, out: &mut Vec<u64>) {
        (**self).key(out)
    }
}

/// A fast Go referee: the board plus a ko rule.
pub struct GoReferee<K: KoRule> {
    // Shared, so forking a referee for exhaustive search copies only the game.
    id: Arc<str>,
    basics: Arc<Basics>,
    ko: K,
    game: Option<Game>,
    scratch: Scratch,
    /// The last game's result, kept when the next one starts so that counting that one
    /// refills its lists (see [`Basics::count_reusing`]).
    spare: Option<Outcome>,
}

#[derive(Clone)]
struct Game {
    setup: Arc<GoSetup>,
    board: Board,
    to_move: usize,
    passes: usize,
    over: Option<Outcome>,
}

impl<K: KoRule> GoReferee<K> {
    /// A referee named `id` playing by `basics` with the ko rule `ko`.
    pub fn new(id: impl Into<String>, basics: Basics, ko: K) -> Self {
        GoReferee {
            id: Arc::from(id.into()),
            basics: Arc::new(basics),
            ko,
            game: None,
            scratch: Scratch::default(),
            spare: None,
        }
    }

    fn game(&self) -> Result<&Game, Fault> {
        self.game.as_ref().ok_or_else(not_started)
    }

    /// The board of the game in progress (`None` before [`Referee::start`]).
    pub fn board(&self) -> Option<&Board> {
        self.game.as_ref().map(|g| &g.board)
    }

    /// The rule that forbids `play` now (`Err`), or what the play would do (`Ok`: the
    /// effect of a stone play, `None` for a pass). Rules are static names so the hot path of
    /// a legal play allocates nothing; [`Verdict`]s are built at the trait boundary.
    #[inline(always)]
    fn ruling(&mut self, play: &GoPlay) -> Result<Result<Option<Effect>, &'static str>, Fault> {
        self.ruling_known(play, None)
    }

    /// [`GoReferee::ruling`], reading stone plays' effects from `known` (see
    /// [`analysis::effect`]).
    // Inlined, so that `play` (no analysis known) analyzes in place: the call and the
    // returned nested result cost a tenth of a play (callgrind).
    #[inline(always)]
    fn ruling_known(
        &mut self,
        play: &GoPlay,
        known: Option<&Analysis>,
    ) -> Result<Result<Option<Effect>, &'static str>, Fault> {
        let game = self.game.as_ref().ok_or_else(not_started)?;
        if game.over.is_some() {
            return Ok(Err("game-over"));
        }
        let v = match *play {
            GoPlay::Pass => return Ok(Ok(None)),
            GoPlay::Appeal => return Ok(Err("no-appeals")),
            GoPlay::Stone(v) => v,
        };
        if v as usize >= game.board.cells().len() {
            return Ok(Err("off-board"));
        }
        if game.board.colour(v) != EMPTY {
            return Ok(Err("occupied"));
        }
        let colour = colour_of(game.to_move);
        let effect = analysis::effect(known, &game.board, v, colour, &mut self.scratch);
        // A match, not `or_else`: the closure stayed a call of its own (callgrind).
        let rule = match self.basics.suicide.forbids(&effect) {
            Some(rule) => Some(rule),
            None => self.ko.forbids(&game.board, game.to_move, v, &effect),
        };
        Ok(rule.map_or(Ok(Some(effect)), Err))
    }

    /// Every legal play, stone plays' effects read from `known` (see [`analysis::effect`]).
    fn legal_known(&mut self, known: Option<&Analysis>) -> Result<Vec<GoPlay>, Fault> {
        let n = self.game()?.board.cells().len();
        let mut plays = Vec::new();
        let stones = (0..n as Vertex).map(GoPlay::Stone);
        for play in stones.chain([GoPlay::Pass, GoPlay::Appeal]) {
            if self.ruling_known(&play, known)?.is_ok() {
                plays.push(play);
            }
        }
        Ok(plays)
    }

    fn finish(game: &mut Game, basics: &Basics, spare: Option<Outcome>) {
        let mut prisoners = [0u32; 9];
        for (c, p) in prisoners.iter_mut().enumerate() {
            *p = game.board.prisoners(c as u8);
        }
        let outcome = basics.count_reusing(&game.setup, game.board.cells(), &prisoners, spare);
        game.over = Some(outcome);
    }
}

fn not_started() -> Fault {
    Fault::Unsupported {
        detail: "referee asked about a game before start".into(),
    }
}

impl<K: KoRule> Referee<Go> for GoReferee<K> {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &GoSetup) -> Result<(), Fault> {
        // A game on the same graph reuses the last one's memory (a board's five lists and
        // the setup's copy): on 3×3 a fresh start cost as much as twenty plays.
        if let Some(game) = self
            .game
            .as_mut()
            .filter(|g| Arc::ptr_eq(g.board.graph(), &setup.graph))
        {
            if let Some(own) = Arc::get_mut(&mut game.setup) {
                own.clone_from(setup);
                game.board.reset(&setup.stones);
                game.to_move = setup.to_move;
                game.passes = 0;
                self.spare = game.over.take();
                self.ko.start(&game.board, setup.to_move, setup.players);
                return Ok(());
            }
        }
        let board = Board::with_stones(setup.graph.clone(), &setup.stones);
        self.ko.start(&board, setup.to_move, setup.players);
        self.game = Some(Game {
            setup: Arc::new(setup.clone()),
            board,
            to_move: setup.to_move,
            passes: 0,
            over: None,
        });
        Ok(())
    }

    fn judge(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        Ok(self
            .ruling(play)?
            .map_or_else(Verdict::illegal, |_| Verdict::Legal))
    }

    fn play(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        let effect = match self.ruling(play)? {
            Ok(effect) => effect,
            Err(rule) => return Ok(Verdict::illegal(rule)),
        };
        let game = self.game.as_mut().ok_or_else(not_started)?;
        let mover = game.to_move;
        let hash_before = game.board.hash();
        let captured = effect.map_or(0, |e| e.captured);
        match *play {
            GoPlay::Stone(v) => {
                game.board.play(v, colour_of(mover), &self.scratch);
                game.passes = 0;
            }
            _ => game.passes += 1,
        }
        // Not `%`: a division per play is a measurable share of a play's cost.
        game.to_move = if mover + 1 == game.setup.players {
            0
        } else {
            mover + 1
        };
        self.ko.record(&Moment {
            board: &game.board,
            hash_before,
            mover,
            play: *play,
            captured,
            next: game.to_move,
        });
        if let Some(outcome) = self.ko.ending() {
            game.over = Some(outcome);
        } else if game.passes >= game.setup.players {
            Self::finish(game, &self.basics, self.spare.take());
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

    fn fork(&self) -> Option<Box<dyn Referee<Go>>> {
        Some(Box::new(GoReferee {
            id: self.id.clone(),
            basics: self.basics.clone(),
            ko: self.ko.fork_rule(),
            game: self.game.clone(),
            scratch: Scratch::default(),
            spare: None,
        }))
    }

    /// The board, the seat to move, the pass streak, whether the game is over, and the ko
    /// rule's own summary. Prisoners and the result are left out: they decide the score,
    /// not what may be played.
    fn state_key_into(&self, key: &mut Vec<u64>) -> bool {
        key.clear();
        let Some(game) = self.game.as_ref() else {
            return false;
        };
        game.board.pack_into(key);
        key.extend([
            game.to_move as u64,
            game.passes as u64,
            game.over.is_some() as u64,
        ]);
        self.ko.key(key);
        true
    }

    /// Under territory scoring the prisoners taken so far add to the count at the end, so
    /// two games in the same state can end with different scores: the score key is each
    /// colour's prisoners less the fewest any colour has (only differences decide a margin).
    fn score_key_into(&self, key: &mut Vec<u64>) -> bool {
        let Some(game) = self.game.as_ref() else {
            return false;
        };
        if self.basics.scoring != Scoring::Territory {
            return false;
        }
        let colours = 1..=game.setup.players as Colour;
        let fewest = colours
            .clone()
            .map(|c| game.board.prisoners(c))
            .min()
            .unwrap_or(0);
        key.extend(colours.map(|c| u64::from(game.board.prisoners(c) - fewest)));
        true
    }
}
