//! Repetition detectors from engine practice (chess-repetitions.txt), each a referee so that
//! rulediff shows where it agrees with FIDE's definition of a repeated position:
//!
//! | id | detector | reference |
//! |---|---|---|
//! | `detect-keys` | list of keys, Zarkov-style ([`keys`]) | `threefold-automatic` |
//! | `detect-keys-search` | the same with Zarkov's in-search shortcut | `threefold-automatic` |
//! | `detect-table` | 2^14 one-byte counters + back-trace, Rookie-style ([`table`]) | `threefold-automatic` |
//! | `detect-table-unconfirmed` | the counters without the back-trace | `threefold-automatic` |
//! | `detect-moves` | repetition of moves, Vučković–Vidanović ([`moves`]) | `threefold-automatic` |
//! | `detect-cuckoo` | upcoming repetition by cuckoo tables ([`cuckoo`]) | `fide` |
//!
//! The first five answer, at every ply, how many times the current position occurred before;
//! each is `threefold-automatic` with its own count in place of FIDE's (a draw when it says
//! twice before, `threefold`; the fifty-move rule as there), so any divergence from
//! `threefold-automatic` is the detector's. `detect-cuckoo` is `fide` with the claim by
//! intended move (9.2 a) found by the cuckoo tables instead of trying every legal move.

pub mod cuckoo;
pub mod keys;
pub mod moves;
pub mod table;

use shakmaty::Position;

use super::line::Line;
use super::rules::{ChessReferee, DrawRules};
use super::Chess;
use crate::referee::RefereeInfo;

/// A repetition detector: kept up to date move by move, it answers how many times the
/// current position occurred before, by its own method.
pub trait Detector: Send {
    /// Starts over on the line's start position.
    fn start(&mut self, line: &Line);
    /// Takes in the line's last move and position.
    fn pushed(&mut self, line: &Line);
    /// Earlier occurrences of the current position, as this detector counts them.
    fn earlier(&mut self, line: &Line) -> u32;
    /// A fresh copy, for a new referee.
    fn boxed(&self) -> Box<dyn Detector>;
}

/// `threefold-automatic` with a detector's count: a draw when the detector says the current
/// position occurred twice before (`threefold`), or, with the in-search shortcut, once before
/// after the first two plies (`repetition`).
pub struct ThreefoldBy {
    detector: Box<dyn Detector>,
    shortcut: bool,
}

impl ThreefoldBy {
    /// Threefold repetition counted by `detector`, with the in-search shortcut or not.
    pub fn new(detector: Box<dyn Detector>, shortcut: bool) -> ThreefoldBy {
        ThreefoldBy { detector, shortcut }
    }
}

impl DrawRules for ThreefoldBy {
    fn start(&mut self, line: &Line) {
        self.detector.start(line);
    }

    fn pushed(&mut self, line: &Line) {
        self.detector.pushed(line);
    }

    fn draw(&mut self, line: &Line) -> Option<&'static str> {
        if line.pos().halfmoves() >= 100 {
            return Some("fifty-move");
        }
        match self.detector.earlier(line) {
            n if n >= 2 => Some("threefold"),
            // Zarkov: "If the count is 1 and the current_ply > root_ply+2 then a draw score is
            // also returned" — the root being the start of the game here.
            1 if self.shortcut && line.plies() > 2 => Some("repetition"),
            _ => None,
        }
    }

    fn boxed(&self) -> Box<dyn DrawRules> {
        Box::new(ThreefoldBy {
            detector: self.detector.boxed(),
            shortcut: self.shortcut,
        })
    }
}

fn info(
    id: &'static str,
    summary: &'static str,
    details: &'static str,
    rules: fn() -> Box<dyn DrawRules>,
) -> RefereeInfo<Chess> {
    RefereeInfo::new(
        id,
        summary,
        "engine technique described in chess-repetitions.txt (chessprogramming.org, Repetitions)",
        move || Box::new(ChessReferee::new(id, rules())),
    )
    .with_details(details)
    // Every detector counts repetitions for the automatic threefold rule.
    .with_claims(crate::chess::rules::registry::claims("threefold-automatic"))
}

/// The detector referees.
pub fn registry() -> Vec<RefereeInfo<Chess>> {
    vec![
        info(
            "detect-keys",
            "list of keys (Zarkov): 32-bit hashes, same side only, back to the last irreversible move",
            "threefold-automatic, the count from a backward scan of 32-bit Zobrist keys (en passant file hashed\nafter every double step) over positions with the same side to move, stopping at the last capture,\npawn move or change of castling rights. Reference: threefold-automatic.",
            || Box::new(ThreefoldBy::new(Box::new(keys::Keys::default()), false)),
        ),
        info(
            "detect-keys-search",
            "list of keys with Zarkov's in-search shortcut: one repetition after the root counts as a draw",
            "As detect-keys, plus: a single earlier occurrence is a draw once the current ply is more than two\nplies past the root (the start of the game). Reference: threefold-automatic.",
            || Box::new(ThreefoldBy::new(Box::new(keys::Keys::default()), true)),
        ),
        info(
            "detect-table",
            "dedicated repetition table (Rookie): 2^14 one-byte counters, a hit confirmed by back-trace",
            "Counters indexed by the low 14 bits of the 64-bit key (en passant file hashed after every double\nstep), bumped on entering a position; a non-zero counter triggers a back-trace over the keys since\nthe last irreversible move, which gives the count. Reference: threefold-automatic.",
            || Box::new(ThreefoldBy::new(Box::new(table::Table::new(true)), false)),
        ),
        info(
            "detect-table-unconfirmed",
            "the repetition table trusted without a back-trace: the counter is the count",
            "As detect-table without the back-trace, to show what it is for: every position ever entered\nwith the same low 14 key bits counts. Reference: threefold-automatic.",
            || Box::new(ThreefoldBy::new(Box::new(table::Table::new(false)), false)),
        ),
        info(
            "detect-moves",
            "repetition of moves (Vučković–Vidanović): closed chains of reversible moves, no hashes",
            "From the move list alone (origin, target, reversible = not a capture, pawn move or castling):\nscan back, concatenating each piece's moves into chains; every point where all chains are closed\nis an earlier occurrence. Reference: threefold-automatic.",
            || Box::new(ThreefoldBy::new(Box::new(moves::Moves), false)),
        ),
        info(
            "detect-cuckoo",
            "upcoming repetition (van Kervinck's cuckoo tables, as in Stockfish) for FIDE's claim by intended move",
            "fide, but the claim by intended move (9.2 a) is found by looking up the key difference to each\nearlier position in cuckoo tables of reversible moves, with no move generation.\nReference: fide.",
            || Box::new(cuckoo::FideCuckoo::rules()),
        ),
    ]
}
