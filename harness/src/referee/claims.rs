//! What a referee claims to implement, layer by layer ([`Layer`], [`Claims`]).

use serde::{Deserialize, Serialize};

/// The layer of the rules a disagreement is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layer {
    /// Which plays are allowed (ko or superko kind, suicide policy, a Kee reading…).
    Legality,
    /// When the game ends and how, other than by counting (passes, cycles, repetitions).
    End,
    /// How a finished game is counted (area or territory, komi, dead stones, bonuses).
    Scoring,
}

impl Layer {
    /// The layer's name as listings print it.
    pub fn name(self) -> &'static str {
        match self {
            Layer::Legality => "legality",
            Layer::End => "end of game",
            Layer::Scoring => "scoring",
        }
    }
}

/// What a referee claims to implement, layer by layer. Two referees that claim the same
/// layer must rule the same wherever only that layer decides; a divergence between them is
/// a *defect* (one of them is wrong), while one between referees that claim different
/// things is an *expected rule difference*.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Claims {
    /// The ruleset whose legality rules it claims.
    pub legality: String,
    /// The ruleset whose end-of-game rules it claims.
    pub end: String,
    /// The ruleset whose counting it claims.
    pub scoring: String,
}

impl Claims {
    /// Claims per layer.
    pub fn new(
        legality: impl Into<String>,
        end: impl Into<String>,
        scoring: impl Into<String>,
    ) -> Claims {
        Claims {
            legality: legality.into(),
            end: end.into(),
            scoring: scoring.into(),
        }
    }

    /// A ruleset known by its id alone claims, in every layer, to be that ruleset; an
    /// `@spec` twin claims what its fast twin claims.
    pub fn own(id: &str) -> Claims {
        let base = id.strip_suffix("@spec").unwrap_or(id);
        Claims::new(base, base, base)
    }

    /// What it claims in `layer`.
    pub fn layer(&self, layer: Layer) -> &str {
        match layer {
            Layer::Legality => &self.legality,
            Layer::End => &self.end,
            Layer::Scoring => &self.scoring,
        }
    }
}
