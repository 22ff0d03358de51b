//! Divergences: steps where referees still in the game rule the same play differently.
//!
//! Two rulings agree when they share legality and, if the play ends the game, the result
//! (its summary: `B+4`, `draw:jigo`, `no-result:cycle`). A step where every referee ends the
//! game and the results differ is a *result divergence*; the counted parts behind each
//! result (territory, prisoners, komi…) explain it but never split referees on their own.
//! A result with a winner and no margin (an engine that reports only who won) agrees with
//! counts of the same winner: "same winner, no margin" ([`ResultSplit::told_alike`]).
//! Different reasons for the same refusal (`ko` versus `superko-positional`) are agreement:
//! the reason is shown beside the verdict but does not split the referees. Faults and
//! referees that already stopped take no part.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::record::{CaseRun, ResultSplit, Ruling};
use crate::family::CountedBoard;

/// Referees that ruled a step the same way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// `legal`, `illegal` or `ends <result>`.
    pub verdict: String,
    /// Members with their full ruling (which includes the rule that fired).
    pub referees: Vec<(String, Ruling)>,
}

/// A step where the referees split into two or more groups.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Divergence {
    /// 1-based move number.
    pub ply: usize,
    /// The play, in the family's notation.
    pub play: String,
    /// The referees grouped by what they ruled.
    pub groups: Vec<Group>,
    /// Set for a result divergence: every referee still in the game ended it at this step,
    /// with results that differ (see [`ResultSplit`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultSplit>,
    /// For a result divergence, the final board as each referee counted it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<CountedBoard>,
    /// For a result divergence between referees that ended the game at different steps
    /// (some played on where others ended it), each of those referees with the ply at which
    /// it ended the game; `groups` then hold the rulings they ended it with. Empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ended_at: Vec<(String, usize)>,
}

impl Divergence {
    /// One line: `ply 7 C3: simple-ko legal | psk illegal (superko-positional)`.
    pub fn describe(&self) -> String {
        let groups: Vec<String> = self
            .groups
            .iter()
            .map(|g| {
                let members: Vec<String> = g
                    .referees
                    .iter()
                    .map(|(id, r)| format!("{id} {r}"))
                    .collect();
                members.join(", ")
            })
            .collect();
        format!("{}: {}", self.head(), groups.join(" | "))
    }

    /// For referees that ended the game at different steps, per referee of `ids` the ruling
    /// it ended the game with ([`Ruling::Stopped`]: not ended); `None` for a divergence at
    /// one step, whose rulings are the step's.
    pub fn ended_rulings(&self, ids: &[String]) -> Option<Vec<Ruling>> {
        if self.ended_at.is_empty() {
            return None;
        }
        let of = |id: &String| {
            self.groups
                .iter()
                .flat_map(|g| &g.referees)
                .find(|(r, _)| r == id)
                .map_or(Ruling::Stopped, |(_, r)| r.clone())
        };
        Some(ids.iter().map(of).collect())
    }

    /// `ply 7 C3`, or for referees that ended the game at different steps `ply 7 C3 (results
    /// where each ended: chinese, japanese at 5; katago-japanese at 7)`.
    pub fn head(&self) -> String {
        let mut head = format!("ply {} {}", self.ply, self.play);
        let mut plies: Vec<usize> = self.ended_at.iter().map(|(_, p)| *p).collect();
        plies.sort_unstable();
        plies.dedup();
        let at: Vec<String> = plies
            .iter()
            .map(|ply| {
                let ids: Vec<&str> = self
                    .ended_at
                    .iter()
                    .filter(|(_, p)| p == ply)
                    .map(|(id, _)| id.as_str())
                    .collect();
                format!("{} at {ply}", ids.join(", "))
            })
            .collect();
        if !at.is_empty() {
            head += &format!(" (results where each ended: {})", at.join("; "));
        }
        head
    }
}

/// Every divergence of a run, in step order.
pub fn divergences(run: &CaseRun) -> Vec<Divergence> {
    run.steps
        .iter()
        .filter_map(|step| {
            let groups = split(&run.referees, &step.rulings);
            let apart = groups.len() > 1 && !ResultSplit::told_alike(&step.rulings);
            apart.then(|| Divergence {
                ply: step.ply,
                play: step.play.clone(),
                groups,
                result: ResultSplit::of(&step.rulings),
                board: None,
                ended_at: Vec::new(),
            })
        })
        .collect()
}

/// Groups the referees taking part in a step by verdict class, in first-seen order.
pub fn split(ids: &[String], rulings: &[Ruling]) -> Vec<Group> {
    let mut order: Vec<String> = Vec::new();
    let mut members: BTreeMap<String, Vec<(String, Ruling)>> = BTreeMap::new();
    for (id, ruling) in ids.iter().zip(rulings) {
        let Some(class) = ruling.verdict_class() else {
            continue;
        };
        if !members.contains_key(&class) {
            order.push(class.clone());
        }
        members
            .entry(class)
            .or_default()
            .push((id.clone(), ruling.clone()));
    }
    order
        .into_iter()
        .map(|verdict| {
            let referees = members.remove(&verdict).unwrap_or_default();
            Group { verdict, referees }
        })
        .collect()
}
