//! FIDE's repetition and move-count rules (Laws of Chess, 2023), fast: positions are kept as
//! 64-bit Zobrist keys of FIDE's identity (see [`crate::chess::position`]) and counted only
//! since the last irreversible move, before which no position can come back.
//!
//! - 9.2 threefold, claimed by the player to move when the position "(a) is about to appear,
//!   if he first writes his move … and declares … his intention to make this move" (here
//!   `threefold-intended`), or "(b) has just appeared" (`threefold`).
//! - 9.3 fifty moves without a capture or pawn move, likewise (`fifty-move-intended`: the
//!   intended move is the hundredth half-move; as in python-chess, a move that mates or
//!   stalemates is not a claim, since 5.1.1 and 5.2.1 end the game on the spot;
//!   `fifty-move`: the count is already reached).
//! - 9.6 automatic: the same position a fifth time (`fivefold`), 75 moves each
//!   (`seventy-five-move`, checkmate taking precedence).
//!
//! The claim policy settles what the Laws leave to the player: claim at the first chance
//! (`fide`), or never (`fide-no-claim`, so only 9.6 ends a game). When two rules apply at once
//! the name given is the first in python-chess's order: 75-move, fivefold, fifty-move,
//! threefold. `threefold-automatic` is the rule as online servers apply it: the game ends
//! without a claim the moment a position appears the third time or fifty moves are reached.

use std::collections::HashMap;

use shakmaty::{Move, Position};

use super::DrawRules;
use crate::chess::line::Line;
use crate::chess::position::fide_key;
use crate::chess::Pos;

/// When a player having the move claims a draw the rules allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claims {
    /// At the first chance the rules give (9.2, 9.3).
    FirstChance,
    /// Never: only the automatic draws (9.6) end the game.
    Never,
}

/// Which draw rules apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The FIDE Laws, with the players claiming as given.
    Fide(Claims),
    /// A draw as soon as a position occurs the third time, nothing else.
    ThreefoldAutomatic,
}

/// How often each FIDE key occurred since the last irreversible move.
#[derive(Clone, Debug, Default)]
pub struct Window {
    /// The keys in order, oldest first.
    pub keys: Vec<u64>,
    counts: HashMap<u64, u32>,
    /// Keys seen at least twice (the only targets of a threefold claim by intended move).
    twice: usize,
}

impl Window {
    /// Forgets every key (after an irreversible move).
    pub fn reset(&mut self) {
        self.keys.clear();
        self.counts.clear();
        self.twice = 0;
    }

    /// Counts one more occurrence of `key`.
    pub fn add(&mut self, key: u64) {
        self.keys.push(key);
        let count = self.counts.entry(key).or_insert(0);
        *count += 1;
        if *count == 2 {
            self.twice += 1;
        }
    }

    /// How often `key` occurred.
    pub fn count(&self, key: u64) -> u32 {
        self.counts.get(&key).copied().unwrap_or(0)
    }

    /// Whether any key occurred twice or more.
    pub fn any_twice(&self) -> bool {
        self.twice > 0
    }

    /// Each key of the window with its count, in no order.
    pub fn counts(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        self.counts.iter().map(|(&k, &c)| (k, c))
    }
}

/// The search state of FIDE's rules (and threefold-automatic): the current position, the
/// half-move clock, and how often each position occurred since the last irreversible move
/// (no earlier position can come back). Every claim and automatic end looks at nothing else:
/// counts of positions, never their order.
pub fn counts_key(
    current: u64,
    clock: u32,
    counts: impl Iterator<Item = (u64, u32)>,
    out: &mut Vec<u64>,
) {
    out.clear();
    out.push(current);
    out.push(u64::from(clock));
    let mut pairs: Vec<(u64, u32)> = counts.collect();
    pairs.sort_unstable();
    for (key, count) in pairs {
        out.push(key);
        out.push(u64::from(count));
    }
}

/// How the claim by intended move finds its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Upcoming {
    /// Every legal reversible move is made and its position looked up.
    TryMoves,
    /// Cuckoo tables of reversible moves ([`super::cuckoo`]).
    Cuckoo,
}

/// FIDE's draw rules (or threefold-automatic), fast.
#[derive(Clone, Debug)]
pub struct Fide {
    kind: Kind,
    upcoming: Upcoming,
    window: Window,
    current: u64,
}

impl Fide {
    /// The rules of `kind`, finding upcoming repetitions by trying every legal move.
    pub fn new(kind: Kind) -> Fide {
        Fide::with_upcoming(kind, Upcoming::TryMoves)
    }

    /// The rules of `kind`, finding upcoming repetitions as `upcoming` says.
    pub fn with_upcoming(kind: Kind, upcoming: Upcoming) -> Fide {
        Fide {
            kind,
            upcoming,
            window: Window::default(),
            current: 0,
        }
    }

    /// Times the current position has appeared (this time included).
    pub fn occurrences(&self) -> u32 {
        self.window.count(self.current)
    }

    fn threefold_claim(&self, pos: &Pos) -> Option<&'static str> {
        if self.occurrences() >= 3 {
            return Some("threefold");
        }
        if !self.window.any_twice() {
            return None;
        }
        if self.upcoming == Upcoming::Cuckoo {
            return super::cuckoo::upcoming(pos, &self.window).then_some("threefold-intended");
        }
        let reaches = |m: &Move| {
            !pos.is_irreversible(*m) && {
                let mut after = pos.clone();
                after.play_unchecked(*m);
                self.window.count(fide_key(&after)) >= 2
            }
        };
        pos.legal_moves()
            .iter()
            .any(reaches)
            .then_some("threefold-intended")
    }
}

/// FIDE 9.3: the claim the player to move has under the fifty-move rule.
pub fn fifty_claim(pos: &Pos) -> Option<&'static str> {
    match pos.halfmoves() {
        c if c >= 100 => Some("fifty-move"),
        99 => pos
            .legal_moves()
            .iter()
            .any(|m| {
                !m.is_zeroing() && {
                    let mut after = pos.clone();
                    after.play_unchecked(*m);
                    !after.legal_moves().is_empty()
                }
            })
            .then_some("fifty-move-intended"),
        _ => None,
    }
}

impl DrawRules for Fide {
    fn start(&mut self, line: &Line) {
        self.window.reset();
        self.current = fide_key(line.pos());
        self.window.add(self.current);
    }

    fn pushed(&mut self, line: &Line) {
        if line.irreversible(line.plies() - 1) {
            self.window.reset();
        }
        self.current = fide_key(line.pos());
        self.window.add(self.current);
    }

    fn draw(&mut self, line: &Line) -> Option<&'static str> {
        let pos = line.pos();
        match self.kind {
            Kind::Fide(claims) => {
                if pos.halfmoves() >= 150 {
                    Some("seventy-five-move")
                } else if self.occurrences() >= 5 {
                    Some("fivefold")
                } else if claims == Claims::FirstChance {
                    fifty_claim(pos).or_else(|| self.threefold_claim(pos))
                } else {
                    None
                }
            }
            Kind::ThreefoldAutomatic => {
                if pos.halfmoves() >= 100 {
                    Some("fifty-move")
                } else if self.occurrences() >= 3 {
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

    fn state_key(&self, line: &Line, out: &mut Vec<u64>) -> bool {
        // The cuckoo claim skips the position one ply back, so the window's order matters
        // to it; only the move-trying claim is summarized by counts.
        if self.upcoming == Upcoming::Cuckoo {
            return false;
        }
        counts_key(
            self.current,
            line.pos().halfmoves(),
            self.window.counts(),
            out,
        );
        true
    }
}
