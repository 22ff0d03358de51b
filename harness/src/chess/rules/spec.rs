//! The spec twins of the chess draw rules, written for clarity: every question is answered
//! from the whole line, comparing positions in full ([`Identity`], no hashing), with the move
//! count recomputed from the moves themselves. The fuzzer and the tests diff them against
//! the fast rules in [`super::fide`] and [`super::german`].

use shakmaty::{Move, Position};

use std::collections::HashMap;

use super::fide::{counts_key, Claims, Kind};
use super::german::{history_key, RULE as GERMAN};
use super::DrawRules;
use crate::chess::line::Line;
use crate::chess::position::{fide_key, Identity};
use crate::chess::Pos;

/// How many positions of the line (the start included) are the same as `target`.
fn appearances(line: &Line, target: &Identity) -> usize {
    line.positions
        .iter()
        .filter(|p| Identity::fide(p) == *target)
        .count()
}

/// Half-moves since the last capture or pawn move, counting the start's own clock when
/// there was none.
fn clock(line: &Line) -> u32 {
    let n = line.plies();
    match line.moves.iter().rposition(|m| m.is_zeroing()) {
        Some(k) => (n - k - 1) as u32,
        None => line.positions[0].halfmoves() + n as u32,
    }
}

fn after(pos: &Pos, m: Move) -> Pos {
    let mut next = pos.clone();
    next.play_unchecked(m);
    next
}

/// FIDE (or threefold-automatic), from the whole line.
#[derive(Clone, Debug)]
pub struct SpecFide {
    kind: Kind,
}

impl SpecFide {
    /// The spec of the FIDE rules of `kind`.
    pub fn new(kind: Kind) -> SpecFide {
        SpecFide { kind }
    }
}

fn fifty(line: &Line) -> Option<&'static str> {
    let pos = line.pos();
    let clock = clock(line);
    if clock >= 100 {
        return Some("fifty-move");
    }
    let intended = clock == 99
        && pos
            .legal_moves()
            .into_iter()
            .any(|m| !m.is_zeroing() && !after(pos, m).legal_moves().is_empty());
    intended.then_some("fifty-move-intended")
}

fn threefold(line: &Line) -> Option<&'static str> {
    let pos = line.pos();
    if appearances(line, &Identity::fide(pos)) >= 3 {
        return Some("threefold");
    }
    let intended = pos
        .legal_moves()
        .into_iter()
        .any(|m| appearances(line, &Identity::fide(&after(pos, m))) >= 2);
    intended.then_some("threefold-intended")
}

impl DrawRules for SpecFide {
    fn start(&mut self, _line: &Line) {}
    fn pushed(&mut self, _line: &Line) {}

    fn draw(&mut self, line: &Line) -> Option<&'static str> {
        let here = appearances(line, &Identity::fide(line.pos()));
        match self.kind {
            Kind::Fide(claims) => {
                if clock(line) >= 150 {
                    Some("seventy-five-move")
                } else if here >= 5 {
                    Some("fivefold")
                } else if claims == Claims::FirstChance {
                    fifty(line).or_else(|| threefold(line))
                } else {
                    None
                }
            }
            Kind::ThreefoldAutomatic => {
                if clock(line) >= 100 {
                    Some("fifty-move")
                } else if here >= 3 {
                    Some("threefold")
                } else {
                    None
                }
            }
        }
    }

    fn boxed(&self) -> Box<dyn DrawRules> {
        Box::new(self.clone())
    }

    /// Counts of the positions since the last irreversible move, compared in full (an
    /// earlier position cannot come back, so it can never count again).
    fn state_key(&self, line: &Line, out: &mut Vec<u64>) -> bool {
        let since = (0..line.plies())
            .rev()
            .find(|&i| line.irreversible(i))
            .map_or(0, |i| i + 1);
        let mut counts: HashMap<Identity, (u64, u32)> = HashMap::new();
        for pos in &line.positions[since..] {
            counts
                .entry(Identity::fide(pos))
                .or_insert((fide_key(pos), 0))
                .1 += 1;
        }
        counts_key(fide_key(line.pos()), clock(line), counts.into_values(), out);
        true
    }
}

/// The German rule, from the whole line: every length L with 3·L moves behind us.
#[derive(Clone, Debug)]
pub struct SpecGerman {
    rights: bool,
}

impl SpecGerman {
    /// The spec of the German reading, with or without rights (see [`super::german::German::new`]).
    pub fn new(rights: bool) -> SpecGerman {
        SpecGerman { rights }
    }

    fn same(&self, a: &Pos, b: &Pos) -> bool {
        if self.rights {
            Identity::fide(a) == Identity::fide(b)
        } else {
            a.board() == b.board() && a.turn() == b.turn()
        }
    }
}

impl DrawRules for SpecGerman {
    fn start(&mut self, _line: &Line) {}
    fn pushed(&mut self, _line: &Line) {}

    fn draw(&mut self, line: &Line) -> Option<&'static str> {
        let n = line.plies();
        let p = &line.positions;
        let fired = (1..=n / 3).any(|len| {
            let starts = [n - 3 * len, n - 2 * len, n - len];
            let played = |s: usize| &line.moves[s..s + len];
            starts.iter().all(|&s| self.same(&p[s], &p[n]))
                && played(starts[0]) == played(starts[1])
                && played(starts[1]) == played(starts[2])
        });
        fired.then_some(GERMAN)
    }

    fn boxed(&self) -> Box<dyn DrawRules> {
        Box::new(self.clone())
    }

    fn state_key(&self, line: &Line, out: &mut Vec<u64>) -> bool {
        history_key(line, self.rights, out);
        true
    }
}
