//! KataGo's rule parameters (`struct Rules` in `cpp/game/rules.h`) and its named rulesets
//! (`parseRulesHelper` in `cpp/game/rules.cpp`), exactly as the source sets them.

use crate::go::rules::counting::HandicapBonus;
use crate::go::score::Scoring;
use crate::referee::HalfPoints;

/// `koRule`. The rules page (version 2) names only the first three; `Spight` is the
/// source's fourth (`KO_SPIGHT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Basic ko, with Spight's pass ending and a no-result at a third repetition.
    Simple,
    /// Positional superko over the board positions since the history was last cleared.
    Positional,
    /// Situational superko: the same, with the player to move part of the position.
    Situational,
    /// Superko over the board positions since the last pass; only a pass from a position
    /// the same player already passed from ends the phase.
    Spight,
}

impl KoRule {
    /// The rule's name in KataGo's rules strings (`koRule`).
    pub fn name(self) -> &'static str {
        match self {
            KoRule::Simple => "simple",
            KoRule::Positional => "positional",
            KoRule::Situational => "situational",
            KoRule::Spight => "spight",
        }
    }

    /// Whether the ko hash carries the player to move (`getKoHash`: situational and simple,
    /// and every cleanup phase).
    pub fn hashes_player(self) -> bool {
        matches!(self, KoRule::Simple | KoRule::Situational)
    }

    /// `phaseHasSpightlikeEndingAndPassHistoryClearing` in the main phase.
    pub fn spight_like(self) -> bool {
        matches!(self, KoRule::Simple | KoRule::Spight)
    }

    /// The rule name a superko ban is reported under.
    pub fn superko_rule(self) -> &'static str {
        match self {
            KoRule::Positional => "superko-positional",
            KoRule::Situational => "superko-situational",
            _ => "superko-spight",
        }
    }
}

/// `taxRule`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tax {
    /// Every empty point counts, seki or not.
    None,
    /// Empty points of groups in seki (not in an independent-life region) do not count.
    Seki,
    /// As `Seki`, and every independent-life region pays two points.
    All,
}

impl Tax {
    /// The rule's name in KataGo's rules strings (`taxRule`).
    pub fn name(self) -> &'static str {
        match self {
            Tax::None => "none",
            Tax::Seki => "seki",
            Tax::All => "all",
        }
    }
}

/// One complete KataGo ruleset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    /// `koRule`.
    pub ko: KoRule,
    /// `scoringRule`: area or territory.
    pub scoring: Scoring,
    /// `taxRule`.
    pub tax: Tax,
    /// `multiStoneSuicideLegal` (a one-stone suicide is never legal).
    pub suicide: bool,
    /// `hasButton`.
    pub button: bool,
    /// `whiteHandicapBonusRule`.
    pub handicap: HandicapBonus,
    /// `friendlyPassOk`: "Mostly an informational value - doesn't affect the actual
    /// implemented rules" (rules.h); KataGo's search uses it, its `BoardHistory` does not,
    /// so it changes no ruling here.
    pub friendly_pass_ok: bool,
    /// White's komi.
    pub komi: HalfPoints,
}

impl Params {
    /// The id part that decides which plays are legal: two rulesets with equal parts allow
    /// the same plays after every history (tax, komi, handicap bonus and friendly passing
    /// only change the count).
    pub fn legality_class(&self) -> String {
        format!(
            "katago:{}:{}:{}:{}",
            self.ko.name(),
            if self.suicide {
                "suicide"
            } else {
                "no-suicide"
            },
            self.scoring.name(),
            if self.button { "button" } else { "no-button" }
        )
    }

    /// Every parameter in one line, for `rulediff rules --verbose`.
    pub fn describe(&self) -> String {
        format!(
            "koRule {}, scoringRule {}, taxRule {}, multiStoneSuicideLegal {}, hasButton {}, whiteHandicapBonus {}, friendlyPassOk {}, komi {}",
            self.ko.name(),
            self.scoring.name(),
            self.tax.name(),
            self.suicide,
            self.button,
            match self.handicap {
                HandicapBonus::None => "0",
                HandicapBonus::N => "N",
                HandicapBonus::NMinusOne => "N-1",
            },
            self.friendly_pass_ok,
            self.komi.0 as f64 / 2.0
        )
    }
}

/// KataGo's named rulesets by their rulediff names (KataGo's own spelling, hyphenated),
/// as `parseRulesHelper` sets them. `korean` is `japanese`, `bga` is `aga`, `chinese-kgs` is
/// `chinese-ogs`, `goe` is `ing`: each alias is listed so that its preset exists.
pub const NAMED: [(&str, Params); 13] = [
    (
        "tromp-taylor",
        p(
            KoRule::Positional,
            AREA,
            Tax::None,
            true,
            false,
            HB0,
            false,
            15,
        ),
    ),
    (
        "chinese",
        p(KoRule::Simple, AREA, Tax::None, false, false, HBN, true, 15),
    ),
    (
        "chinese-ogs",
        p(
            KoRule::Positional,
            AREA,
            Tax::None,
            false,
            false,
            HBN,
            true,
            15,
        ),
    ),
    (
        "chinese-kgs",
        p(
            KoRule::Positional,
            AREA,
            Tax::None,
            false,
            false,
            HBN,
            true,
            15,
        ),
    ),
    (
        "japanese",
        p(
            KoRule::Simple,
            TERRITORY,
            Tax::Seki,
            false,
            false,
            HB0,
            false,
            13,
        ),
    ),
    (
        "korean",
        p(
            KoRule::Simple,
            TERRITORY,
            Tax::Seki,
            false,
            false,
            HB0,
            false,
            13,
        ),
    ),
    (
        "stone-scoring",
        p(KoRule::Simple, AREA, Tax::All, false, false, HB0, true, 15),
    ),
    (
        "ancient-territory",
        p(
            KoRule::Simple,
            TERRITORY,
            Tax::All,
            false,
            false,
            HB0,
            false,
            13,
        ),
    ),
    (
        "aga",
        p(
            KoRule::Situational,
            AREA,
            Tax::None,
            false,
            false,
            HBN1,
            true,
            15,
        ),
    ),
    (
        "bga",
        p(
            KoRule::Situational,
            AREA,
            Tax::None,
            false,
            false,
            HBN1,
            true,
            15,
        ),
    ),
    (
        "aga-button",
        p(
            KoRule::Situational,
            AREA,
            Tax::None,
            false,
            true,
            HBN1,
            true,
            14,
        ),
    ),
    (
        "new-zealand",
        p(
            KoRule::Situational,
            AREA,
            Tax::None,
            true,
            false,
            HB0,
            true,
            14,
        ),
    ),
    (
        "ing",
        p(
            KoRule::Positional,
            AREA,
            Tax::None,
            true,
            false,
            HB0,
            true,
            15,
        ),
    ),
];

const AREA: Scoring = Scoring::Area;
const TERRITORY: Scoring = Scoring::Territory;
const HB0: HandicapBonus = HandicapBonus::None;
const HBN: HandicapBonus = HandicapBonus::N;
const HBN1: HandicapBonus = HandicapBonus::NMinusOne;

/// A row of [`NAMED`]; `komi` in half points.
#[allow(clippy::too_many_arguments)]
const fn p(
    ko: KoRule,
    scoring: Scoring,
    tax: Tax,
    suicide: bool,
    button: bool,
    handicap: HandicapBonus,
    friendly_pass_ok: bool,
    komi: i64,
) -> Params {
    Params {
        ko,
        scoring,
        tax,
        suicide,
        button,
        handicap,
        friendly_pass_ok,
        komi: HalfPoints(komi),
    }
}

/// The named ruleset `name`, if KataGo has one by that name here.
pub fn named(name: &str) -> Option<Params> {
    NAMED.iter().find(|(n, _)| *n == name).map(|(_, p)| *p)
}
