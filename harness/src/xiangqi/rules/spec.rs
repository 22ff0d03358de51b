//! Spec versions of the xiangqi repetition rules, written for clarity: after every move the
//! whole game is replayed from the start, repetitions are found by comparing boards (no
//! hashes), every status is computed afresh from plain move generation (no attack tables, no
//! memo), and chased pieces are followed by tracing them through the moves (the paper's
//! `update_subset`) rather than by piece identities. The fuzzer and the property tests hold
//! the fast referees to these.

use super::super::board::{Colour, Kind, Move, Position, Square};
use super::super::movegen::{legal_moves, pseudo_moves};
use super::super::{Xiangqi, XqSetup};
use super::chase::{may_be_chased, may_chase, value, Fresh, Readings, Response, Screen, Victims};
use super::judge::{Level, Point};
use super::{illegal_reason, no_moves_outcome, repetition_outcome};
use crate::referee::{Fault, Outcome, Referee, Status, Verdict};

/// Which ruleset a spec referee implements.
#[derive(Clone, Copy, Debug)]
pub enum SpecRule {
    /// The WXF rules (check, chase, idle).
    Wxf {
        /// The readings of the ambiguous sentences.
        readings: Readings,
        /// Earlier occurrences of a position before the judge rules.
        times: usize,
        /// When the judge rules.
        point: Point,
    },
    /// Only perpetual check loses.
    ChecksOnly {
        /// Earlier occurrences of a position before the judge rules.
        times: usize,
    },
    /// A draw when a position occurs the third time.
    Threefold,
    /// No repetition rule.
    None,
}

/// A spec referee: the setup, the moves so far, and whether the game has ended.
pub struct SpecReferee {
    id: String,
    rule: SpecRule,
    setup: Option<XqSetup>,
    moves: Vec<Move>,
    over: Option<Outcome>,
}

impl SpecReferee {
    /// The spec referee `id` of `rule`.
    pub fn new(id: impl Into<String>, rule: SpecRule) -> SpecReferee {
        SpecReferee {
            id: id.into(),
            rule,
            setup: None,
            moves: Vec::new(),
            over: None,
        }
    }

    /// Every position from the start: the setup's history, then the case's moves.
    fn positions(&self) -> Result<Vec<Position>, Fault> {
        let setup = self.setup.as_ref().ok_or_else(|| Fault::Unsupported {
            detail: "no game started".into(),
        })?;
        let mut pos = setup.start.clone();
        let mut out = vec![pos.clone()];
        for &mv in setup.history.iter().chain(&self.moves) {
            pos.make(mv);
            out.push(pos.clone());
        }
        Ok(out)
    }

    fn all_moves(&self) -> Vec<Move> {
        let history = self.setup.as_ref().map_or(&[][..], |s| &s.history[..]);
        history.iter().chain(&self.moves).copied().collect()
    }
}

impl Referee<Xiangqi> for SpecReferee {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &XqSetup) -> Result<(), Fault> {
        self.setup = Some(setup.clone());
        self.moves.clear();
        let now = self.positions()?.pop().expect("the start");
        self.over = legal_moves(&now).is_empty().then(|| no_moves_outcome(&now));
        Ok(())
    }

    fn judge(&mut self, play: &Move) -> Result<Verdict, Fault> {
        if self.over.is_some() {
            return Ok(Verdict::illegal("game-over"));
        }
        let now = self.positions()?.pop().expect("the start");
        Ok(match illegal_reason(&now, *play) {
            None => Verdict::Legal,
            Some(rule) => Verdict::illegal(rule),
        })
    }

    fn play(&mut self, play: &Move) -> Result<Verdict, Fault> {
        let verdict = self.judge(play)?;
        if verdict.is_legal() {
            self.moves.push(*play);
            let positions = self.positions()?;
            let now = positions.last().expect("the start");
            self.over = if legal_moves(now).is_empty() {
                Some(no_moves_outcome(now))
            } else {
                verdict_at_end(&positions, &self.all_moves(), self.rule)
            };
        }
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        Ok(Status::from(self.over.clone()))
    }

    fn legal_plays(&mut self) -> Result<Vec<Move>, Fault> {
        if self.over.is_some() {
            return Ok(Vec::new());
        }
        let now = self.positions()?.pop().expect("the start");
        Ok(legal_moves(&now))
    }
}

/// The repetition ruling on the last of `positions` (`moves[t - 1]` leads into position `t`).
pub fn verdict_at_end(positions: &[Position], moves: &[Move], rule: SpecRule) -> Option<Outcome> {
    let n = moves.len();
    let (times, point) = match rule {
        SpecRule::None => return None,
        SpecRule::Threefold => {
            return (occurrences_before(positions, n) >= 2).then(|| Outcome::Draw {
                rule: "repetition".into(),
            })
        }
        SpecRule::Wxf { times, point, .. } => (times, point),
        SpecRule::ChecksOnly { times } => (times, Point::BothRepeat),
    };
    if n < 2 {
        return None;
    }
    let (theirs, ours) = match point {
        Point::BothRepeat => {
            let theirs = earlier_occurrence(positions, n, times)?;
            let ours = earlier_occurrence(positions, n - 1, times)?;
            ((theirs..n - 1).step_by(2), (ours..n - 2).step_by(2))
        }
        Point::CurrentRepeats => {
            let j = earlier_occurrence(positions, n, times)?;
            ((j..n - 1).step_by(2), (j + 1..n).step_by(2))
        }
    };
    let theirs = level(positions, moves, theirs.collect(), n, rule);
    let ours = level(positions, moves, ours.collect(), n, rule);
    Some(repetition_outcome(positions[n].to_move(), ours, theirs))
}

/// How many earlier positions equal position `i`.
fn occurrences_before(positions: &[Position], i: usize) -> usize {
    positions[..i]
        .iter()
        .filter(|p| same(p, &positions[i]))
        .count()
}

/// Same pieces on the same points and the same side to move.
fn same(a: &Position, b: &Position) -> bool {
    a.to_move() == b.to_move() && a.cells() == b.cells()
}

/// The `times`-th earlier position equal to position `i`, looking back two plies at a time.
fn earlier_occurrence(positions: &[Position], i: usize, times: usize) -> Option<usize> {
    (0..i)
        .rev()
        .filter(|k| (i - k).is_multiple_of(2) && same(&positions[*k], &positions[i]))
        .nth(times - 1)
}

/// The level of the player whose moves led into the positions of `window`, judged with the
/// reply after each; chased pieces are followed to position `now`.
fn level(
    positions: &[Position],
    moves: &[Move],
    window: Vec<usize>,
    now: usize,
    rule: SpecRule,
) -> Level {
    let statuses: Vec<(usize, SpecStatus)> = window
        .iter()
        .map(|&t| (t, status(positions, moves, t, rule)))
        .collect();
    if statuses.iter().all(|(_, s)| matches!(s, SpecStatus::Check)) {
        return Level::Check;
    }
    let mut common: Option<Vec<Square>> = None;
    for (t, s) in statuses {
        let SpecStatus::Chase(squares) = s else {
            return Level::Idle;
        };
        let followed: Vec<Square> = squares
            .into_iter()
            .map(|sq| follow(sq, &moves[t..now]))
            .collect();
        common = Some(match common {
            None => followed,
            Some(before) => before
                .into_iter()
                .filter(|s| followed.contains(s))
                .collect(),
        });
    }
    let common = common.unwrap_or_default();
    let one_only = matches!(
        rule,
        SpecRule::Wxf {
            readings: Readings {
                victims: Victims::One,
                ..
            },
            ..
        }
    );
    let chase = if one_only {
        common.len() == 1
    } else {
        !common.is_empty()
    };
    if chase {
        Level::Chase
    } else {
        Level::Idle
    }
}

/// Where the piece on `sq` stands after `moves`.
fn follow(mut sq: Square, moves: &[Move]) -> Square {
    for mv in moves {
        if mv.from == sq {
            sq = mv.to;
        }
    }
    sq
}

enum SpecStatus {
    Check,
    /// Squares (in the position the move led to) of the chased pieces.
    Chase(Vec<Square>),
    Idle,
}

/// What the move into position `t` did, judged with the reply that followed it.
fn status(positions: &[Position], moves: &[Move], t: usize, rule: SpecRule) -> SpecStatus {
    let pos = &positions[t];
    let v = pos.to_move();
    if king_attacked(pos, v) {
        return SpecStatus::Check;
    }
    let SpecRule::Wxf { readings, .. } = rule else {
        return SpecStatus::Idle;
    };
    let a = v.opponent();
    let reply = moves[t];
    let mut threats = free_captures(pos, a, &readings);
    // The start has no move into it: its threats count as new.
    if readings.fresh == Fresh::New && t > 0 {
        // The move into `t` may have moved the attacker: trace it back.
        let made = moves[t - 1];
        let before = free_captures(&positions[t - 1], a, &readings);
        threats.retain(|mv| {
            let from = if mv.from == made.to {
                made.from
            } else {
                mv.from
            };
            !before.contains(&Move::new(from, mv.to))
        });
    }
    let after = free_captures(&positions[t + 1], a, &readings);
    // The attacker does not move in the reply; the victim may.
    let still = |mv: &Move| after.contains(&Move::new(mv.from, follow(mv.to, &[reply])));
    let victim_still = |mv: &Move| after.iter().any(|m| m.to == follow(mv.to, &[reply]));
    let mut chased: Vec<Square> = threats
        .iter()
        .filter(|mv| match readings.response {
            Response::Ignored => true,
            Response::PerCapture => !still(mv),
            Response::PerPiece => !victim_still(mv),
        })
        .map(|mv| mv.to)
        .collect();
    chased.sort();
    chased.dedup();
    if chased.is_empty() {
        SpecStatus::Idle
    } else {
        SpecStatus::Chase(chased)
    }
}

/// Whether some move of `c`'s opponent would take `c`'s king, or the kings face each other.
fn king_attacked(pos: &Position, c: Colour) -> bool {
    let king = Square::all()
        .find(|&s| {
            pos.at(s)
                .is_some_and(|p| p.colour == c && p.kind == Kind::King)
        })
        .expect("both kings on the board");
    let mut moves = Vec::new();
    pseudo_moves(pos, c.opponent(), &mut moves);
    if moves.iter().any(|mv| mv.to == king) {
        return true;
    }
    let other = Square::all()
        .find(|&s| {
            pos.at(s)
                .is_some_and(|p| p.colour != c && p.kind == Kind::King)
        })
        .expect("both kings on the board");
    other.file() == king.file() && between(king, other).iter().all(|&s| pos.at(s).is_none())
}

/// The squares strictly between two squares of one file or rank (empty otherwise).
fn between(a: Square, b: Square) -> Vec<Square> {
    let squares: Vec<Square> = if a.file() == b.file() {
        let (lo, hi) = (a.rank().min(b.rank()), a.rank().max(b.rank()));
        (lo + 1..hi)
            .filter_map(|r| Square::new(a.file(), r))
            .collect()
    } else if a.rank() == b.rank() {
        let (lo, hi) = (a.file().min(b.file()), a.file().max(b.file()));
        (lo + 1..hi)
            .filter_map(|f| Square::new(f, a.rank()))
            .collect()
    } else {
        Vec::new()
    };
    squares
}

/// Whether `c` may make `mv` without leaving its king attacked.
fn allowed(pos: &Position, c: Colour, mv: Move) -> bool {
    let mut after = pos.clone();
    after.make(mv);
    !king_attacked(&after, c)
}

/// `a`'s captures that would win a piece: legal, by a piece that may chase, of a piece that
/// may be chased, not an exchange, of an unprotected piece.
fn free_captures(pos: &Position, a: Colour, r: &Readings) -> Vec<Move> {
    let mut moves = Vec::new();
    pseudo_moves(pos, a, &mut moves);
    moves
        .into_iter()
        .filter(|mv| {
            let (Some(attacker), Some(victim)) = (pos.at(mv.from), pos.at(mv.to)) else {
                return false;
            };
            may_chase(attacker, mv.from, r)
                && may_be_chased(victim, mv.to)
                && allowed(pos, a, *mv)
                && !is_exchange(pos, *mv)
                && !is_protected(pos, *mv, r)
        })
        .collect()
}

fn is_exchange(pos: &Position, mv: Move) -> bool {
    let (attacker, victim) = (pos.at(mv.from), pos.at(mv.to));
    let (Some(attacker), Some(victim)) = (attacker, victim) else {
        return false;
    };
    if attacker.kind != victim.kind {
        return false;
    }
    let back = Move::new(mv.to, mv.from);
    let mut theirs = Vec::new();
    pseudo_moves(pos, victim.colour, &mut theirs);
    theirs.contains(&back) && allowed(pos, victim.colour, back)
}

fn is_protected(pos: &Position, mv: Move, r: &Readings) -> bool {
    let (Some(attacker), Some(victim)) = (pos.at(mv.from), pos.at(mv.to)) else {
        return false;
    };
    if value(victim.kind) > value(attacker.kind) {
        return false;
    }
    let v = victim.colour;
    let mut after = pos.clone();
    after.make(mv);
    let mut recaptures = Vec::new();
    pseudo_moves(&after, v, &mut recaptures);
    recaptures.retain(|m| m.to == mv.to);
    if r.screen == Screen::Before {
        // Rooks and cannons as the position before the capture shows their lines.
        recaptures.retain(|m| {
            !matches!(
                after.at(m.from).map(|p| p.kind),
                Some(Kind::Rook | Kind::Cannon)
            )
        });
        for s in Square::all() {
            let Some(p) = after.at(s) else { continue };
            let line = s.file() == mv.to.file() || s.rank() == mv.to.rank();
            if p.colour != v || !line || s == mv.to {
                continue;
            }
            let screens = between(s, mv.to)
                .iter()
                .filter(|&&b| pos.at(b).is_some())
                .count();
            let reaches = match p.kind {
                Kind::Rook => screens == 0,
                Kind::Cannon => screens == 1,
                _ => false,
            };
            if reaches {
                recaptures.push(Move::new(s, mv.to));
            }
        }
    }
    recaptures.iter().any(|&m| allowed(&after, v, m))
}
