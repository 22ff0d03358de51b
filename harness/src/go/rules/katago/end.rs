//! How KataGo's phases and games end (`newConsecutiveEndingPassesAfterPass`,
//! `wouldBeSpightlikeEndingPass`, the button in `makeBoardMoveAssumeLegal`):
//!
//! - Two consecutive passes end a phase, except under Spight ko in the main phase, where
//!   passes never add up.
//! - Under simple ko and Spight ko, and in every cleanup phase, a pass from a state (ko hash)
//!   from which the same player already passed in this phase also ends it.
//! - The button: the first pass of the main phase takes it (half a point), counts as no
//!   pass, is remembered as no pass, and clears the ko history.
//! - The main phase of area scoring, and the second cleanup phase, end the game; the
//!   others lead to the next cleanup phase.

use super::params::{KoRule, Params};

/// The consecutive passes after one more pass in `phase`.
pub fn passes_after_pass(params: &Params, phase: u8, passes: u32) -> u32 {
    if phase == 0 && params.ko == KoRule::Spight {
        0
    } else {
        passes + 1
    }
}

/// Whether ending `phase` ends the game.
pub fn is_final_phase(params: &Params, phase: u8) -> bool {
    params.scoring == crate::go::score::Scoring::Area || phase >= 2
}
