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
    /// The same winner by different margins (results that give no margin name the same
    /// winner too).
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
    /// The kind of result divergence these rulings make, if they make one. A result that
    /// names a winner and no margin (an engine that reports only who won, or its returns)
    /// is compared with a count by its winner alone: beside counts that agree it agrees
    /// ([`ResultSplit::told_alike`]), beside counts of the same winner by different margins
    /// the split is in the margins.
    pub fn of(rulings: &[Ruling]) -> Option<ResultSplit> {
        let taking_part = ended(rulings)?;
        let first = taking_part.first()?;
        if taking_part.iter().all(|o| o.summary() == first.summary()) || Self::told_alike(rulings) {
            return None;
        }
        let counted = taking_part
            .iter()
            .any(|o| matches!(o, Outcome::Score { .. }));
        let same_winners = counted
            && taking_part
                .iter()
                .all(|o| comparable(o) && winner_of(o) == winner_of(first));
        Some(if same_winners {
            ResultSplit::Margin
        } else {
            ResultSplit::Winner
        })
    }

    /// Whether every referee still in the game ended it with the same result as far as each
    /// tells one: some counted it (all to the same summary), the others name the same winner
    /// (or a draw beside a tied count) with no margin. An engine that reports only who won
    /// agrees with a count of the same winner: "same winner, no margin", not a difference.
    pub fn told_alike(rulings: &[Ruling]) -> bool {
        let Some(outcomes) = ended(rulings) else {
            return false;
        };
        let counts: Vec<&&Outcome> = outcomes
            .iter()
            .filter(|o| matches!(o, Outcome::Score { .. }))
            .collect();
        let Some(count) = counts.first() else {
            return false;
        };
        counts.len() < outcomes.len()
            && counts.iter().all(|c| c.summary() == count.summary())
            && outcomes
                .iter()
                .all(|o| comparable(o) && winner_of(o) == winner_of(count))
    }

    /// The split in words.
    pub fn describe(self) -> &'static str {
        match self {
            ResultSplit::Winner => "results differ",
            ResultSplit::Margin => "margins differ",
        }
    }
}

/// The outcomes of the referees still in the game, where every one of them ended it.
fn ended(rulings: &[Ruling]) -> Option<Vec<&Outcome>> {
    rulings
        .iter()
        .filter(|r| r.verdict_class().is_some())
        .map(|r| match r {
            Ruling::Ends { outcome } => Some(outcome),
            _ => None,
        })
        .collect()
}

/// A result that says who won: a count, a win, a draw (not a no-result).
fn comparable(outcome: &Outcome) -> bool {
    !matches!(outcome, Outcome::NoResult { .. })
}

/// The sole winner of a result; `None` for a draw or a tied count.
fn winner_of(outcome: &Outcome) -> Option<String> {
    match outcome.ranking().first() {
        Some(first) if first.len() == 1 => Some(first[0].clone()),
        _ => None,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::HalfPoints;

    fn count(b: i64, w: i64) -> Ruling {
        Ruling::Ends {
            outcome: Outcome::score(vec![
                ("B".into(), HalfPoints(b)),
                ("W".into(), HalfPoints(w)),
            ]),
        }
    }

    fn won(winner: &str) -> Ruling {
        Ruling::Ends {
            outcome: Outcome::Win {
                winner: winner.into(),
                rule: "two-passes".into(),
            },
        }
    }

    fn drawn(rule: &str) -> Ruling {
        Ruling::Ends {
            outcome: Outcome::Draw { rule: rule.into() },
        }
    }

    #[test]
    fn a_winner_without_a_margin_is_compared_by_its_winner() {
        // B+2.5 by a count and "B won" by an engine's returns: same winner, no margin.
        let same = [count(10, 5), won("B"), Ruling::Stopped];
        assert!(ResultSplit::told_alike(&same));
        assert_eq!(ResultSplit::of(&same), None);
        // Another winner is a result difference, never hidden.
        let other = [count(10, 5), won("W")];
        assert!(!ResultSplit::told_alike(&other));
        assert_eq!(ResultSplit::of(&other), Some(ResultSplit::Winner));
        // Counts that differ in margin stay a margin split with the bare winner beside them.
        let margins = [count(10, 5), count(12, 5), won("B")];
        assert!(!ResultSplit::told_alike(&margins));
        assert_eq!(ResultSplit::of(&margins), Some(ResultSplit::Margin));
        // A draw with no count beside a tied count agrees; beside a win by count it does not.
        assert!(ResultSplit::told_alike(&[count(7, 7), drawn("two-passes")]));
        assert_eq!(
            ResultSplit::of(&[count(8, 7), drawn("two-passes")]),
            Some(ResultSplit::Winner)
        );
        // With no count at all, two wins by different rules remain different results.
        let rules = [
            won("B"),
            Ruling::Ends {
                outcome: Outcome::Win {
                    winner: "B".into(),
                    rule: "perpetual-check".into(),
                },
            },
        ];
        assert!(!ResultSplit::told_alike(&rules));
        assert_eq!(ResultSplit::of(&rules), Some(ResultSplit::Winner));
        // A referee that plays on is no result to compare.
        assert!(!ResultSplit::told_alike(&[count(10, 5), Ruling::Legal]));
    }
}
