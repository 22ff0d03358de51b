//! Defects and expected rule differences.
//!
//! Every referee states what it claims to implement, layer by layer ([`Claims`]). Two
//! rulings on the same step disagree in one layer: a play one allows and another forbids
//! (legality), a play that ends the game for one and not for another (the end of the game),
//! two counts of the same final board, or a count and an engine's bare winner (scoring;
//! the same winner with no margin agrees). Two referees that claim the same thing in
//! that layer and still rule apart make the divergence a *defect*: one of them is wrong. Any
//! other divergence is an *expected rule difference*: the rules doing what they say.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::record::{ResultSplit, Ruling};
use crate::referee::{Claims, Layer, Outcome};

/// The layer in which two rulings of the same step disagree, if they do. Different reasons
/// for the same refusal agree, as in [`super::divergence`].
pub fn layer(a: &Ruling, b: &Ruling) -> Option<Layer> {
    match (a, b) {
        (Ruling::Stopped | Ruling::Fault { .. }, _)
        | (_, Ruling::Stopped | Ruling::Fault { .. }) => None,
        (Ruling::Illegal { .. }, Ruling::Illegal { .. }) | (Ruling::Legal, Ruling::Legal) => None,
        (Ruling::Illegal { .. }, _) | (_, Ruling::Illegal { .. }) => Some(Layer::Legality),
        (Ruling::Legal, Ruling::Ends { .. }) | (Ruling::Ends { .. }, Ruling::Legal) => {
            Some(Layer::End)
        }
        (Ruling::Ends { outcome: x }, Ruling::Ends { outcome: y }) => {
            if x.summary() == y.summary() || ResultSplit::told_alike(&[a.clone(), b.clone()]) {
                None
            } else if counted_against_told(x, y) || counted_against_told(y, x) {
                // A count against an engine's bare winner: they count the board apart.
                Some(Layer::Scoring)
            } else {
                Some(Layer::End)
            }
        }
    }
}

/// A count on one side, and on the other a result that names who won (or a draw) with no
/// margin, as an engine that reports only its winner or returns does.
fn counted_against_told(x: &Outcome, y: &Outcome) -> bool {
    matches!(x, Outcome::Score { .. })
        && matches!(
            y,
            Outcome::Score { .. } | Outcome::Win { .. } | Outcome::Draw { .. }
        )
}

/// Two referees that claim the same in a layer and ruled one step apart in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Defect {
    /// The layer they split in.
    pub layer: Layer,
    /// What both claim in that layer.
    pub claim: String,
    /// One referee on each side, with its ruling.
    pub sides: [(String, String); 2],
}

impl Defect {
    /// `legality (positional superko; suicide forbidden): psk legal, chinese illegal (ko)`.
    pub fn describe(&self) -> String {
        let [(a, ra), (b, rb)] = &self.sides;
        format!("{} ({}): {a} {ra}, {b} {rb}", self.layer.name(), self.claim)
    }
}

/// Every defect of one step: per layer and shared claim, one witness pair of referees that
/// ruled apart. `claims` is in the order of `ids` and `rulings`.
pub fn defects(ids: &[String], rulings: &[Ruling], claims: &[&Claims]) -> Vec<Defect> {
    let mut found: BTreeMap<(Layer, String), [(String, String); 2]> = BTreeMap::new();
    for i in 0..ids.len() {
        for j in i + 1..ids.len() {
            let Some(layer) = layer(&rulings[i], &rulings[j]) else {
                continue;
            };
            let claim = claims[i].layer(layer);
            if claim != claims[j].layer(layer) {
                continue;
            }
            found.entry((layer, claim.to_string())).or_insert_with(|| {
                [
                    (ids[i].clone(), rulings[i].to_string()),
                    (ids[j].clone(), rulings[j].to_string()),
                ]
            });
        }
    }
    found
        .into_iter()
        .map(|((layer, claim), sides)| Defect {
            layer,
            claim,
            sides,
        })
        .collect()
}

/// A defect where a case run met it: the case, the ply and the play of its step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RunDefect {
    /// The case file.
    pub case: String,
    /// The step, 1-based.
    pub ply: usize,
    /// The play, in the family's notation.
    pub play: String,
    /// The defect.
    #[serde(flatten)]
    pub defect: Defect,
}

impl RunDefect {
    /// `case.toml ply 7 C3: legality (…): psk legal, …`.
    pub fn line(&self) -> String {
        format!(
            "{} ply {} {}: {}",
            self.case,
            self.ply,
            self.play,
            self.defect.describe()
        )
    }
}

/// The defects of a run, in step order; `claims` is in the order of `run.referees`.
pub fn of_run(run: &super::CaseRun, claims: &[&Claims]) -> Vec<RunDefect> {
    let mut found = Vec::new();
    for d in &run.divergences {
        let rulings = match d.ended_rulings(&run.referees) {
            Some(ended) => ended,
            None => match run.steps.iter().find(|s| s.ply == d.ply) {
                Some(step) => step.rulings.clone(),
                None => continue,
            },
        };
        for defect in defects(&run.referees, &rulings, claims) {
            found.push(RunDefect {
                case: run.case.clone(),
                ply: d.ply,
                play: d.play.clone(),
                defect,
            });
        }
    }
    found
}

/// How many divergences of `runs` are expected rule differences: those at which no referees
/// that claim the same rule ruled apart (`defects` is what [`of_run`] gave for them).
pub fn expected_differences(runs: &[super::CaseRun], defects: &[RunDefect]) -> usize {
    let defect_at = |case: &str, ply: usize| defects.iter().any(|d| d.case == case && d.ply == ply);
    runs.iter()
        .map(|run| {
            let apart = run.divergences.iter();
            apart.filter(|d| !defect_at(&run.case, d.ply)).count()
        })
        .sum()
}

/// The claims of referees by id, where `known` has them; a referee it lacks claims to be
/// itself ([`Claims::own`]).
pub fn claims_of(ids: &[String], known: &BTreeMap<String, Claims>) -> Vec<Claims> {
    ids.iter()
        .map(|id| known.get(id).cloned().unwrap_or_else(|| Claims::own(id)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn illegal(rule: &str) -> Ruling {
        Ruling::Illegal { rule: rule.into() }
    }

    #[test]
    fn same_claim_apart_is_a_defect_and_different_claims_are_not() {
        let ids: Vec<String> = ["psk", "chinese", "simple-ko"].map(String::from).to_vec();
        let psk = Claims::new("positional superko", "passes", "area");
        let chinese = Claims::new("positional superko", "passes", "area, komi 7.5");
        let simple = Claims::new("basic ko", "passes", "area");
        let rulings = [Ruling::Legal, illegal("superko-positional"), Ruling::Legal];
        let found = defects(&ids, &rulings, &[&psk, &chinese, &simple]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].layer, Layer::Legality);
        assert_eq!(found[0].sides[0].0, "psk");
        assert_eq!(found[0].sides[1].0, "chinese");
        // simple-ko against chinese: different legality claims, an expected difference.
        let rulings = [illegal("superko-positional"), illegal("ko"), Ruling::Legal];
        assert!(defects(&ids, &rulings, &[&psk, &chinese, &simple]).is_empty());
    }

    #[test]
    fn layers() {
        let score = |b, w| Ruling::Ends {
            outcome: Outcome::score(vec![
                ("B".into(), crate::referee::HalfPoints(b)),
                ("W".into(), crate::referee::HalfPoints(w)),
            ]),
        };
        let void = Ruling::Ends {
            outcome: Outcome::NoResult {
                rule: "cycle".into(),
            },
        };
        assert_eq!(layer(&Ruling::Legal, &illegal("ko")), Some(Layer::Legality));
        assert_eq!(layer(&illegal("suicide"), &illegal("ko")), None);
        assert_eq!(layer(&Ruling::Legal, &void), Some(Layer::End));
        assert_eq!(layer(&score(4, 2), &void), Some(Layer::End));
        assert_eq!(layer(&score(4, 2), &score(2, 4)), Some(Layer::Scoring));
        assert_eq!(layer(&score(4, 2), &score(4, 2)), None);
        assert_eq!(layer(&Ruling::Stopped, &Ruling::Legal), None);
        // An engine that reports only who won: the same winner agrees, another is scoring.
        let won = |w: &str| Ruling::Ends {
            outcome: Outcome::Win {
                winner: w.into(),
                rule: "two-passes".into(),
            },
        };
        assert_eq!(layer(&score(4, 2), &won("B")), None);
        assert_eq!(layer(&won("B"), &score(4, 2)), None);
        assert_eq!(layer(&score(4, 2), &won("W")), Some(Layer::Scoring));
        assert_eq!(layer(&won("W"), &won("B")), Some(Layer::End));
    }

    #[test]
    fn spec_twins_claim_what_their_fast_twin_claims() {
        use crate::referee::Refereed;
        let registry = crate::go::Go::registry();
        for spec in registry.iter().filter(|r| r.id.ends_with("@spec")) {
            let fast = registry
                .iter()
                .find(|r| r.id == spec.id.trim_end_matches("@spec"))
                .expect("every @spec referee has a fast twin");
            assert_eq!(spec.claims, fast.claims, "{}", spec.id);
        }
        let claims = |id: &str| &registry.iter().find(|r| r.id == id).unwrap().claims;
        // Presets claim what their parts claim.
        assert_eq!(claims("chinese").legality, claims("psk").legality);
        assert_ne!(claims("chinese").scoring, claims("psk").scoring);
        assert_eq!(
            claims("tromp-taylor").legality,
            claims("psk+suicide").legality
        );
        assert_eq!(claims("chinese-practice").end, claims("cycle-void").end);
        assert_ne!(claims("simple-ko").end, claims("cycle-void").end);
    }
}
