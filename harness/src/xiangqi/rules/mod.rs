//! Xiangqi rulesets. Every ruleset shares the rules of play (legal moves; a side without a
//! legal move, checkmated or stalemated, loses) and differs in what a repetition does:
//!
//! - `wxf` and its variants: the World Xiangqi Federation rules as Tan & Watkinson implement
//!   them (perpetual check loses to anything milder, perpetual chase loses to idle, equal
//!   levels draw), judged at the first repetition;
//! - `check-only`: perpetual check loses, any other repetition draws (what simple engines do);
//! - `threefold`: the third occurrence of a position is a draw;
//! - `no-repetition`: repetitions never end the game (a baseline, and the benchmark's plain
//!   move making).
//!
//! Moves in a case's `history` are made without adjudication: they only give the repetition
//! rules earlier positions to compare with.

pub mod chase;
pub mod explain;
pub mod history;
pub mod judge;
pub mod spec;

use super::board::{Colour, Move, Position};
use super::movegen::{in_check, legal_moves, safe_for, targets};
use super::Xiangqi;
use super::XqSetup;
use crate::referee::{Fault, Outcome, Referee, Status, Verdict};
use history::History;
use judge::Level;

/// The repetition part of a ruleset (fast version).
pub trait RepetitionRule: Send + 'static {
    /// Forgets any earlier game.
    fn reset(&mut self);
    /// The outcome when the position just reached (the last of `history`) ends the game.
    fn rule(&mut self, history: &History) -> Option<Outcome>;
}

/// Lets a rule chosen at run time stand wherever a concrete one does.
impl RepetitionRule for Box<dyn RepetitionRule> {
    fn reset(&mut self) {
        (**self).reset()
    }
    fn rule(&mut self, history: &History) -> Option<Outcome> {
        (**self).rule(history)
    }
}

/// The result of a judged repetition, given the levels of the side to move (`ours`) and of
/// the side that just moved (`theirs`).
pub fn repetition_outcome(to_move: Colour, ours: Level, theirs: Level) -> Outcome {
    let (loser, level) = match ours.cmp(&theirs) {
        std::cmp::Ordering::Equal => {
            return Outcome::Draw {
                rule: "repetition".into(),
            }
        }
        std::cmp::Ordering::Greater => (to_move, ours),
        std::cmp::Ordering::Less => (to_move.opponent(), theirs),
    };
    let rule = match level {
        Level::Check => "perpetual-check",
        Level::Chase => "perpetual-chase",
        Level::Idle => unreachable!("the loser's level is above the winner's"),
    };
    Outcome::Win {
        winner: loser.opponent().name().into(),
        rule: rule.into(),
    }
}

/// The outcome when the side to move has no legal move.
pub fn no_moves_outcome(pos: &Position) -> Outcome {
    let loser = pos.to_move();
    Outcome::Win {
        winner: loser.opponent().name().into(),
        rule: if in_check(pos, loser) {
            "checkmate".into()
        } else {
            "stalemate".into()
        },
    }
}

/// Why a move is not legal, as a rule id.
pub fn illegal_reason(pos: &Position, mv: Move) -> Option<&'static str> {
    let mover = pos.to_move();
    if pos.at(mv.from).is_none_or(|p| p.colour != mover) {
        return Some("no-own-piece");
    }
    let mut reaches = false;
    targets(pos, mv.from, |to| reaches |= to == mv.to);
    if !reaches {
        return Some("piece-cannot-move-so");
    }
    if !safe_for(pos, mover, mv) {
        return Some("king-exposed");
    }
    None
}

/// A fast xiangqi referee: the rules of play and a repetition rule.
pub struct XqReferee<R: RepetitionRule> {
    id: String,
    rule: R,
    game: Option<Game>,
}

struct Game {
    history: History,
    legal: Vec<Move>,
    over: Option<Outcome>,
}

impl<R: RepetitionRule> XqReferee<R> {
    /// The referee `id` under the repetition rule `rule`.
    pub fn new(id: impl Into<String>, rule: R) -> Self {
        XqReferee {
            id: id.into(),
            rule,
            game: None,
        }
    }

    fn game(&mut self) -> Result<&mut Game, Fault> {
        self.game.as_mut().ok_or_else(|| Fault::Unsupported {
            detail: "no game started".into(),
        })
    }
}

impl<R: RepetitionRule> Referee<Xiangqi> for XqReferee<R> {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &XqSetup) -> Result<(), Fault> {
        self.rule.reset();
        let mut history = History::new(setup.start.clone());
        for &mv in &setup.history {
            history.push(mv);
        }
        let legal = legal_moves(history.last());
        let over = legal.is_empty().then(|| no_moves_outcome(history.last()));
        self.game = Some(Game {
            history,
            legal,
            over,
        });
        Ok(())
    }

    fn judge(&mut self, play: &Move) -> Result<Verdict, Fault> {
        let game = self.game()?;
        if game.over.is_some() {
            return Ok(Verdict::illegal("game-over"));
        }
        if game.legal.contains(play) {
            return Ok(Verdict::Legal);
        }
        Ok(Verdict::illegal(
            illegal_reason(game.history.last(), *play).unwrap_or("illegal"),
        ))
    }

    fn play(&mut self, play: &Move) -> Result<Verdict, Fault> {
        let verdict = self.judge(play)?;
        if !verdict.is_legal() {
            return Ok(verdict);
        }
        let game = self.game.as_mut().expect("judged above");
        game.history.push(*play);
        game.legal = legal_moves(game.history.last());
        game.over = if game.legal.is_empty() {
            Some(no_moves_outcome(game.history.last()))
        } else {
            self.rule.rule(&game.history)
        };
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        Ok(Status::from(self.game()?.over.clone()))
    }

    fn legal_plays(&mut self) -> Result<Vec<Move>, Fault> {
        let game = self.game()?;
        Ok(if game.over.is_some() {
            Vec::new()
        } else {
            game.legal.clone()
        })
    }
}
