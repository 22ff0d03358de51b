//! Upcoming repetition by cuckoo tables (Marcel van Kervinck's method, as Stockfish uses it
//! in `has_game_cycle`; the tables are [`crate::chess::rules::cuckoo`]) as a referee: FIDE's
//! rules with the claim by intended move (9.2 a) found by the tables instead of by trying
//! every legal move, so any divergence from `fide` is the method's own.

use crate::chess::rules::fide::{Claims, Fide, Kind, Upcoming};

/// `fide` with the cuckoo tables in place of move generation for 9.2 a.
pub struct FideCuckoo;

impl FideCuckoo {
    /// The FIDE rules with this way of finding an upcoming repetition.
    pub fn rules() -> Fide {
        Fide::with_upcoming(Kind::Fide(Claims::FirstChance), Upcoming::Cuckoo)
    }
}
