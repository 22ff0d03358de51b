//! Chess referees. Every one plays the same chess (shakmaty's legal moves) and ends the game
//! the same way on checkmate (FIDE 5.1.1), stalemate (5.2.1) and a dead position by
//! insufficient material (5.2.2, the static test python-chess and shakmaty share: general dead
//! positions such as locked pawn walls are not detected, by any referee); they differ only in
//! their rules on repetition and on moves without a capture or a pawn move, which each
//! [`DrawRules`] supplies.

pub mod cuckoo;
pub mod fide;
pub mod german;
pub mod registry;
pub mod spec;

use shakmaty::{Color, Position};

use super::line::Line;
use super::position::fide_key;
use super::{legal_move, uci_of, Chess, ChessSetup, SEAT_NAMES};
use crate::referee::{Fault, Outcome, Referee, Status, Verdict};

/// The draw rules of one ruleset, kept up to date move by move.
pub trait DrawRules: Send {
    /// A new game: `line` holds only the start.
    fn start(&mut self, line: &Line);
    /// `line` grew by one move.
    fn pushed(&mut self, line: &Line);
    /// The draw that ends the game now (the current position is neither mate, stalemate nor
    /// dead), by the rule's name.
    fn draw(&mut self, line: &Line) -> Option<&'static str>;
    /// A fresh copy, for a new referee.
    fn boxed(&self) -> Box<dyn DrawRules>;
    /// For exhaustive search: writes into `out` a summary of `line` that decides every
    /// future ruling of these rules, the current position included (see
    /// [`Referee::state_key`]); `false` where the rules have none.
    fn state_key(&self, line: &Line, out: &mut Vec<u64>) -> bool {
        let _ = (line, out);
        false
    }
}

/// No rule on repetition or on moves without a capture or pawn move: games end only by
/// checkmate, stalemate or a dead position — the Laws without 9.2–9.6, the baseline the
/// repetition rules are measured against.
#[derive(Clone, Debug)]
pub struct NoDrawRule;

impl DrawRules for NoDrawRule {
    fn start(&mut self, _line: &Line) {}
    fn pushed(&mut self, _line: &Line) {}
    fn draw(&mut self, _line: &Line) -> Option<&'static str> {
        None
    }
    fn boxed(&self) -> Box<dyn DrawRules> {
        Box::new(NoDrawRule)
    }
    /// The position decides everything: its legal moves and its basic end.
    fn state_key(&self, line: &Line, out: &mut Vec<u64>) -> bool {
        out.clear();
        out.push(fide_key(line.pos()));
        true
    }
}

/// A chess referee: legal moves, the basic ends, and one set of draw rules.
pub struct ChessReferee {
    id: String,
    line: Option<Line>,
    rules: Box<dyn DrawRules>,
    /// Status of the current position, once asked.
    status: Option<Status>,
}

impl ChessReferee {
    /// A referee `id`: the laws of chess with these draw rules.
    pub fn new(id: impl Into<String>, rules: Box<dyn DrawRules>) -> ChessReferee {
        ChessReferee {
            id: id.into(),
            line: None,
            rules,
            status: None,
        }
    }

    /// The line played so far (after `start`).
    pub fn line(&self) -> Option<&Line> {
        self.line.as_ref()
    }

    fn started(&mut self) -> Result<&mut Line, Fault> {
        self.line.as_mut().ok_or_else(|| Fault::Unsupported {
            detail: "no game started".into(),
        })
    }

    fn current_status(&mut self) -> Result<Status, Fault> {
        if let Some(status) = &self.status {
            return Ok(status.clone());
        }
        let line = self.line.as_ref().ok_or_else(|| Fault::Unsupported {
            detail: "no game started".into(),
        })?;
        let outcome = basic_end(line.pos()).or_else(|| {
            self.rules.draw(line).map(|rule| Outcome::Draw {
                rule: rule.to_string(),
            })
        });
        let status = Status::from(outcome);
        self.status = Some(status.clone());
        Ok(status)
    }
}

/// Checkmate, a dead position by insufficient material, or stalemate, in python-chess's order.
pub fn basic_end(pos: &super::Pos) -> Option<Outcome> {
    let no_moves = pos.legal_moves().is_empty();
    if no_moves && pos.is_check() {
        let winner = match pos.turn() {
            Color::White => SEAT_NAMES[1],
            Color::Black => SEAT_NAMES[0],
        };
        return Some(Outcome::Win {
            winner: winner.into(),
            rule: "checkmate".into(),
        });
    }
    if pos.is_insufficient_material() {
        return Some(Outcome::Draw {
            rule: "insufficient-material".into(),
        });
    }
    no_moves.then(|| Outcome::Draw {
        rule: "stalemate".into(),
    })
}

impl Referee<Chess> for ChessReferee {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &ChessSetup) -> Result<(), Fault> {
        let line = Line::new(setup.start.clone());
        self.rules.start(&line);
        self.line = Some(line);
        self.status = None;
        Ok(())
    }

    fn judge(&mut self, play: &shakmaty::uci::UciMove) -> Result<Verdict, Fault> {
        if self.current_status()?.is_over() {
            return Ok(Verdict::illegal("game-over"));
        }
        let line = self.started()?;
        Ok(match legal_move(line.pos(), play) {
            Some(_) => Verdict::Legal,
            None => Verdict::illegal("illegal-move"),
        })
    }

    fn play(&mut self, play: &shakmaty::uci::UciMove) -> Result<Verdict, Fault> {
        let verdict = self.judge(play)?;
        if verdict.is_legal() {
            let line = self.started()?;
            let m = legal_move(line.pos(), play).expect("judged legal");
            line.push(m);
            let line = self.line.as_ref().expect("started");
            self.rules.pushed(line);
            self.status = None;
        }
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        self.current_status()
    }

    fn legal_plays(&mut self) -> Result<Vec<shakmaty::uci::UciMove>, Fault> {
        if self.current_status()?.is_over() {
            return Ok(Vec::new());
        }
        let line = self.started()?;
        Ok(line.pos().legal_moves().into_iter().map(uci_of).collect())
    }

    fn fork(&self) -> Option<Box<dyn Referee<Chess>>> {
        Some(Box::new(ChessReferee {
            id: self.id.clone(),
            line: self.line.clone(),
            rules: self.rules.boxed(),
            status: self.status.clone(),
        }))
    }

    fn state_key_into(&self, out: &mut Vec<u64>) -> bool {
        out.clear();
        match &self.line {
            Some(line) => self.rules.state_key(line, out),
            None => false,
        }
    }
}
