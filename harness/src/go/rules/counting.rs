//! How a ruleset counts a finished game beyond area or territory: whether the stones the
//! players agree are dead are taken off, and what White gets for Black's handicap stones.
//! Each preset's choice rests on the sentence of its rules quoted here.
//!
//! Agreement is a procedure, not a rule of play: a case states what the players agreed
//! (`dead = "…"`, `seki = "…"`), and a ruleset that counts by agreement takes those stones
//! off. A ruleset whose text removes nothing (Tromp–Taylor) counts every stone on the
//! board; its players capture dead stones before they pass. KataGo's presets are KataGo's own
//! rules and count in `katago/scoring.rs` (pass-alive areas, tax, button), not here. The bare
//! ko rules (`psk`,
//! `simple-ko`, …) are not rulesets of record: they count with the agreement, as every
//! human ruleset here does, so a case with dead stones means the same under them.
//!
//! Two places where the Japanese text leaves room, and the reading taken:
//! - Seki. Article 8 calls stones "in seki" when they are alive and "possess dame"; read
//!   literally on a board with an unfilled neutral point, that makes independent groups seki
//!   too and takes their territory away, which the official commentary does not mean. So seki
//!   is not computed from the board: the case states it (`seki = "…"`), like the dead stones.
//! - Points a player must still fill to keep a string (White could capture through them).
//!   They are not "eye points surrounded by live stones" in the commentary's practice, but a
//!   count that looks at the borders of empty regions cannot see it: rulediff counts them as
//!   territory when only one colour borders them. `reports/real-games.md` has the two recorded
//!   games where this decides the margin; a record's markup that leaves such a point out shows
//!   under `markup differs` in `rulediff score`.

use serde::{Deserialize, Serialize};

use crate::go::board::{Colour, EMPTY};
use crate::go::graph::Graph;
use crate::go::pass_alive::pass_alive;
use crate::go::{colour_of, GoSetup};

/// Whose word takes stones off the board before counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeadStones {
    /// The players' agreement: the case's `dead` list (and `seki` list).
    Agreement,
    /// Nobody's: every stone on the board is counted as alive.
    AllAlive,
}

impl DeadStones {
    /// How the tally names it (`judged_by`).
    pub fn judged_by(self) -> &'static str {
        match self {
            DeadStones::Agreement => "agreement",
            DeadStones::AllAlive => "all alive (the rules take no stones off)",
        }
    }
}

/// White's compensation for handicap stones, in points (KataGo's `whiteHandicapBonus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandicapBonus {
    /// No bonus.
    None,
    /// One point per handicap stone.
    N,
    /// One point per handicap stone after the first.
    NMinusOne,
}

impl HandicapBonus {
    /// The bonus for a game with `stones` handicap stones, in half points.
    pub fn half_points(self, stones: u32) -> i64 {
        let n = stones as i64;
        match self {
            HandicapBonus::None => 0,
            HandicapBonus::N => 2 * n,
            HandicapBonus::NMinusOne => 2 * (n - 1).max(0),
        }
    }
}

/// A ruleset's counting conventions and the sentence they come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counting {
    /// Whose word takes dead stones off.
    pub dead: DeadStones,
    /// White's compensation for handicap stones.
    pub handicap: HandicapBonus,
    /// Where the rules say so, for `rulediff rules --verbose`.
    pub source: &'static str,
}

impl Default for Counting {
    /// The bare ko rules: agreement, no handicap bonus.
    fn default() -> Self {
        Counting {
            dead: DeadStones::Agreement,
            handicap: HandicapBonus::None,
            source: "A bare ko rule is not a ruleset of record: it counts with the players' agreement, as the human rulesets do, and gives no handicap bonus.",
        }
    }
}

const JAPANESE: &str = "Japanese Rules 1989, Article 10.1: \"After agreement that the game has ended, each player removes any opposing dead stones from his territory as is, and adds them to his prisoners\" (so a dead stone in no one's territory, such as a seki eye, is not taken); Article 8: \"Eye points surrounded by stones that are alive but not in seki are called territory\" (the case's `seki` stones). Handicap stones earn nothing under territory counting.";
const CHINESE: &str = "Chinese rules (and KGS and OGS, which implement them): dead stones are removed by the players' agreement after play stops. In a handicap game Black returns half a stone per handicap stone, which is one point each in area counting (KataGo's `chinese`: whiteHandicapBonus N).";
const AGA: &str = "AGA Rules of Go (1991), as the BGA summary states them: \"Play pauses when both players pass in succession. You then attempt to reach agreement on all the stones that should be removed without further play\"; area counting gives White one point for each handicap stone after the first (KataGo's `aga`: whiteHandicapBonus N-1).";
const NEW_ZEALAND: &str = "New Zealand Rules of Go: \"'Dead' stones may then be removed from the board by mutual agreement. If they cannot agree which stones are dead they must play on.\" Handicap is given by White passing, with no bonus (\"In a handicap game, white passes the first n - 1 moves\").";
const ING: &str = "Ing's Goe Rules (1996): \"Life and death are determined by breath type; verify by removal\"; the players remove the dead stones they agree on and play out a disputed position. Ing's handicap compensation is not expressed: no bonus, as KataGo's `ing` preset (whiteHandicapBonus 0).";
const TROMP_TAYLOR: &str = "Tromp–Taylor rules: \"A player's score is the number of points of her color, plus the number of empty points that reach only her color\": no stone is removed at the end, dead or not. The rules have no handicap.";

/// The counting conventions of the preset `id`.
pub fn for_preset(id: &str) -> Counting {
    let (dead, handicap, source) = match id {
        "japanese" | "korean" => (DeadStones::Agreement, HandicapBonus::None, JAPANESE),
        "chinese" | "chinese-forum" | "chinese-practice" | "kgs" => {
            (DeadStones::Agreement, HandicapBonus::N, CHINESE)
        }
        "aga" => (DeadStones::Agreement, HandicapBonus::NMinusOne, AGA),
        "new-zealand" => (DeadStones::Agreement, HandicapBonus::None, NEW_ZEALAND),
        "ing" => (DeadStones::Agreement, HandicapBonus::None, ING),
        "tromp-taylor" => (DeadStones::AllAlive, HandicapBonus::None, TROMP_TAYLOR),
        _ => return Counting::default(),
    };
    Counting {
        dead,
        handicap,
        source,
    }
}

/// Per vertex, whether the stone there is pass-alive under every suicide rule (Benson's
/// unconditional life, [`crate::go::pass_alive`]): no agreement can call it dead. `None` for
/// more than two players, where pass-alive areas are not defined.
pub fn pass_alive_stones(graph: &Graph, cells: &[Colour], players: usize) -> Option<Vec<bool>> {
    let without = pass_alive(graph, cells, players, false).ok()?;
    let with = pass_alive(graph, cells, players, true).ok()?;
    Some(
        graph
            .vertices()
            .map(|v| without.stone_is_pass_alive(cells, v) && with.stone_is_pass_alive(cells, v))
            .collect(),
    )
}

/// Black's handicap stones: the black stones of a setup that holds no other stones and in
/// which White moves first, when there are at least two (one stone is an even game with
/// Black moving first, not a handicap).
pub fn handicap_stones(setup: &GoSetup) -> u32 {
    let black = colour_of(0);
    let only_black = setup
        .stones
        .iter()
        .all(|&c: &Colour| c == EMPTY || c == black);
    let n = setup.stones.iter().filter(|&&c| c == black).count() as u32;
    if setup.players == 2 && setup.to_move == 1 && only_black && n >= 2 {
        n
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::graph::Graph;

    #[test]
    fn presets_that_count_by_agreement_and_those_that_do_not() {
        for id in [
            "japanese",
            "korean",
            "chinese",
            "aga",
            "new-zealand",
            "ing",
            "kgs",
        ] {
            assert_eq!(for_preset(id).dead, DeadStones::Agreement, "{id}");
        }
        assert_eq!(for_preset("tromp-taylor").dead, DeadStones::AllAlive);
        assert_eq!(for_preset("psk"), Counting::default());
    }

    #[test]
    fn every_preset_of_record_has_its_own_counting() {
        // KataGo's presets are not `Preset`s (they count in `katago/scoring.rs`), so every
        // `Preset` id must be named in `for_preset`, never fall to the bare-rule default.
        for preset in crate::go::rules::presets::presets() {
            assert_ne!(for_preset(&preset.id), Counting::default(), "{}", preset.id);
        }
    }

    #[test]
    fn handicap_is_black_stones_alone_with_white_to_move() {
        let mut setup = GoSetup::empty(Graph::grid(9, 9, false).unwrap(), 2);
        setup.stones[10] = colour_of(0);
        setup.stones[20] = colour_of(0);
        assert_eq!(handicap_stones(&setup), 0, "black to move: not a handicap");
        setup.to_move = 1;
        assert_eq!(handicap_stones(&setup), 2);
        setup.stones[30] = colour_of(1);
        assert_eq!(
            handicap_stones(&setup),
            0,
            "a white stone: a position, not a handicap"
        );
        assert_eq!(HandicapBonus::NMinusOne.half_points(4), 6);
        assert_eq!(HandicapBonus::NMinusOne.half_points(0), 0);
        assert_eq!(HandicapBonus::N.half_points(4), 8);
    }
}
