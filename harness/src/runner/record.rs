//! What a lock-step run recorded, in plain data that serializes to JSON and back.

use serde::{Deserialize, Serialize};

use crate::referee::{Outcome, Status};

/// What one referee ruled on one step.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "ruling", rename_all = "kebab-case")]
pub enum Ruling {
    /// The play was legal and the game goes on.
    Legal,
    /// The play was legal and ended the game.
    Ends {
        /// How.
        outcome: Outcome,
    },
    /// The play was refused; the referee plays no further part in this run.
    Illegal {
        /// The rule's id.
        rule: String,
    },
    /// The referee had already stopped (an earlier illegal play, game over or fault).
    Stopped,
    /// The referee failed (an engine crash, timeout or garbage), which is never a divergence.
    Fault {
        /// What went wrong.
        message: String,
    },
}

impl Ruling {
    /// Whether the referee takes part in later steps.
    pub fn continues(&self) -> bool {
        matches!(self, Ruling::Legal)
    }

    /// What two referees must share to agree: legality and, when the game ends, the
    /// outcome. The rule id that forbids a play is a reason, not part of the verdict.
    pub fn verdict_class(&self) -> Option<String> {
        match self {
            Ruling::Legal => Some("legal".into()),
            Ruling::Ends { outcome } => Some(format!("ends {}", outcome.summary())),
            Ruling::Illegal { .. } => Some("illegal".into()),
            Ruling::Stopped | Ruling::Fault { .. } => None,
        }
    }
}

impl Ruling {
    /// The same ruling, reason included, where a result counts by its summary: the parts
    /// of a count explain a result and do not make it another one.
    pub fn same_as(&self, other: &Ruling) -> bool {
        match (self, other) {
            (Ruling::Ends { outcome: a }, Ruling::Ends { outcome: b }) => {
                a.summary() == b.summary()
            }
            _ => self == other,
        }
    }

    /// The ruling as divergence signatures use it: a counted result is just "score", so that
    /// games ending with different margins still share a signature. In a result divergence
    /// (`result` set) a counted result keeps its winner (`score: B ahead`), so that the
    /// signature still says who wins under which ruleset.
    pub fn signature_text(&self, result: Option<ResultSplit>) -> String {
        match (self, result) {
            (Ruling::Ends { outcome }, Some(_)) => match outcome.ranking().first() {
                Some(first) if matches!(outcome, Outcome::Score { .. }) && first.len() == 1 => {
                    format!("legal, game over (score: {} ahead)", first[0])
                }
                _ if matches!(outcome, Outcome::Score { .. }) => {
                    "legal, game over (score: tie)".into()
                }
                _ => self.to_string(),
            },
            (
                Ruling::Ends {
                    outcome: Outcome::Score { .. },
                },
                None,
            ) => "legal, game over (score)".into(),
            // In a result divergence between referees that ended the game at different
            // steps, one still playing when the ply budget ran out.
            (Ruling::Stopped, Some(_)) => "not ended".into(),
            (other, _) => other.to_string(),
        }
    }
}

/// How the results of a *result divergence* differ: the referees that ended the game (at the
/// same step, or each at its own when they split on whether it was over), and their results (the summaries: winner and margin, draw, no result)
/// are not all the same. The counted parts are not compared: they explain a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultSplit {
    /// Different winners, or a score against a draw or a no-result.
    Winner,
    /// The same winner by different margins.
    Margin,
}

/// Whether the results of referees that ended the game at `plies` (per referee, the ply at
/// which it ended it, `None` where it did not) are compared apart from any one step: some
/// ended it, and not all at one step.
pub fn ended_apart(plies: &[Option<usize>]) -> bool {
    let mut ended = plies.iter().flatten();
    let Some(first) = ended.next() else {
        return false;
    };
    ended.any(|p| p != first) || plies.iter().any(Option::is_none)
}

impl ResultSplit {
    /// The kind of result divergence these rulings make, if they make one.
    pub fn of(rulings: &[Ruling]) -> Option<ResultSplit> {
        let taking_part: Vec<&Outcome> = rulings
            .iter()
            .filter(|r| r.verdict_class().is_some())
            .map(|r| match r {
                Ruling::Ends { outcome } => Some(outcome),
                _ => None,
            })
            .collect::<Option<_>>()?;
        let first = taking_part.first()?;
        if taking_part.iter().all(|o| o.summary() == first.summary()) {
            return None;
        }
        let same_winners = taking_part
            .iter()
            .all(|o| matches!(o, Outcome::Score { .. }) && o.ranking() == first.ranking());
        Some(if same_winners {
            ResultSplit::Margin
        } else {
            ResultSplit::Winner
        })
    }

    /// The split in words.
    pub fn describe(self) -> &'static str {
        match self {
            ResultSplit::Winner => "results differ",
            ResultSplit::Margin => "margins differ",
        }
    }
}

impl std::fmt::Display for Ruling {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ruling::Legal => f.write_str("legal"),
            Ruling::Ends { outcome } => write!(f, "legal, game over {}", outcome.summary()),
            Ruling::Illegal { rule } => write!(f, "illegal ({rule})"),
            Ruling::Stopped => f.write_str("-"),
            Ruling::Fault { message } => write!(f, "FAULT {message}"),
        }
    }
}

/// One play and every referee's ruling on it, in the run's referee order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepRecord {
    /// 1-based move number.
    pub ply: usize,
    /// Seat name of the player making the play.
    pub seat: String,
    /// The play, in the family's notation.
    pub play: String,
    /// Each referee's ruling, in the run's referee order.
    pub rulings: Vec<Ruling>,
    /// The repetition this play makes, where it recreates an earlier position: its kind and
    /// the plays of the cycle (`cycle of 6 plies: the position after ply 1, by D1 H1 …`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeats: Option<String>,
    /// With `--legal-sets`: per referee, every play it allowed before this step (None where
    /// it had stopped or failed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<Option<Vec<String>>>>,
}

/// A whole case run through a list of referees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseRun {
    /// The case file.
    pub case: String,
    /// The family's name.
    pub family: String,
    /// The case's title.
    pub title: String,
    /// The referees' ids, in order.
    pub referees: Vec<String>,
    /// Per referee: the status before any play (a game can be over at the start), or a fault.
    pub start: Vec<Result<Status, String>>,
    /// Every step.
    pub steps: Vec<StepRecord>,
    /// The steps where the referees split.
    pub divergences: Vec<super::Divergence>,
    /// Each expectation of the case, checked.
    pub expectations: Vec<super::ExpectationCheck>,
    /// Faults the referees recovered from (an engine restarted and the game replayed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub incidents: Vec<String>,
}

impl CaseRun {
    /// Every expectation that was checked held.
    pub fn passed(&self) -> bool {
        self.expectations.iter().all(|e| e.ok != Some(false))
    }

    /// Rulings of referee `r` step by step.
    pub fn column(&self, r: usize) -> impl Iterator<Item = &Ruling> + '_ {
        self.steps.iter().map(move |s| &s.rulings[r])
    }
}
