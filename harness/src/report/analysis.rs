//! What a reader needs before the signatures: which divergences are defects, which
//! referees always ruled alike (referee classes), and which classes differed how often and
//! by which rule (the disagreement map). Computed from saved results alone, so `rulediff
//! report` and merged shards show the same.

use std::collections::{BTreeMap, BTreeSet};

use crate::referee::Claims;
use crate::runner::campaign::Results;
use crate::runner::defects::{claims_of, defects, layer, Defect};

/// Referees that ruled identically at every step of a run: the same group in every
/// divergence signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    /// Its simplest member (see [`simplest`]).
    pub name: String,
    /// Every member, in the run's referee order.
    pub members: Vec<String>,
}

impl Class {
    /// `psk + 14`, or the one member's id.
    pub fn label(&self) -> String {
        match self.members.len() {
            0 | 1 => self.name.clone(),
            n => format!("{} + {}", self.name, n - 1),
        }
    }
}

/// The simplest of several ids: the first in the run's order that is not an `@spec` twin.
/// Registries list the bare rules before the presets built on them, so with `--rules all`
/// `psk+suicide` names the class of `tromp-taylor`; a `--rules` list names its classes by
/// the first referee it gives of each.
pub fn simplest<'a>(ids: impl Iterator<Item = (usize, &'a str)>) -> Option<&'a str> {
    ids.min_by_key(|&(i, id)| (id.contains('@'), i))
        .map(|(_, id)| id)
}

/// Groups referees by their rulings: `key(r)` is referee `r`'s rulings, and equal keys make
/// a class. Classes come in the order of their first member.
pub fn classes_by<K: Ord>(ids: &[String], key: impl Fn(usize) -> K) -> Vec<Class> {
    let mut by_key: BTreeMap<K, Vec<usize>> = BTreeMap::new();
    for r in 0..ids.len() {
        by_key.entry(key(r)).or_default().push(r);
    }
    let mut classes: Vec<Vec<usize>> = by_key.into_values().collect();
    classes.sort_by_key(|members| members[0]);
    classes
        .into_iter()
        .map(|members| Class {
            name: simplest(members.iter().map(|&r| (r, ids[r].as_str())))
                .unwrap_or_default()
                .to_string(),
            members: members.iter().map(|&r| ids[r].clone()).collect(),
        })
        .collect()
}

/// One signature as the reports show it.
#[derive(Clone, Debug)]
pub struct SignatureView {
    /// Index into [`Results::signatures`].
    pub index: usize,
    /// The defects it shows (referees claiming the same rule that ruled apart).
    pub defects: Vec<Defect>,
    /// Each ruling and the classes (indices into [`Analysis::classes`]) that gave it.
    pub groups: Vec<(String, Vec<usize>)>,
}

impl SignatureView {
    /// Whether it shows a defect.
    pub fn is_defect(&self) -> bool {
        !self.defects.is_empty()
    }
}

/// Two classes that differed somewhere.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    /// Class indices, `a < b`.
    pub a: usize,
    /// The other class.
    pub b: usize,
    /// Divergent steps at which they were in different groups.
    pub steps: u64,
    /// Games in which they differed; a lower bound (the most of any one signature) where
    /// the results do not record which signatures came up together.
    pub games: u64,
    /// Whether `games` is exact (the results record which signatures came up together).
    pub games_exact: bool,
    /// The two rulings of each kind of disagreement (`legal` / `illegal (suicide)`).
    pub rules: BTreeSet<(String, String)>,
    /// The signatures (indices into [`Results::signatures`]) where they differed.
    pub signatures: Vec<usize>,
    /// Whether any of those is a defect.
    pub defect: bool,
}

/// Classes, defects and the disagreement map of a campaign.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The referee classes (referees that allow the same plays after every history).
    pub classes: Vec<Class>,
    /// Per signature, in the order the reports show them: defects first, then rule
    /// differences, each as saved (most frequent first).
    pub signatures: Vec<SignatureView>,
    /// Every pair of classes that differed somewhere.
    pub pairs: Vec<Pair>,
}

impl Analysis {
    /// How many signatures show a defect.
    pub fn defects(&self) -> usize {
        self.signatures.iter().filter(|s| s.is_defect()).count()
    }

    /// The pair of classes `a` and `b`, in either order.
    pub fn pair(&self, a: usize, b: usize) -> Option<&Pair> {
        let (a, b) = (a.min(b), a.max(b));
        self.pairs.iter().find(|p| p.a == a && p.b == b)
    }

    /// The analysis of a campaign's results.
    pub fn of(results: &Results) -> Analysis {
        let ids = &results.plan.referees;
        let claims = claims_of(ids, &results.claims);
        let classes = referee_classes(results);
        let class_of: BTreeMap<&str, usize> = classes
            .iter()
            .enumerate()
            .flat_map(|(c, class)| class.members.iter().map(move |m| (m.as_str(), c)))
            .collect();
        let mut views: Vec<SignatureView> = results
            .signatures
            .iter()
            .enumerate()
            .map(|(index, s)| view(index, s, ids, &claims, &class_of))
            .collect();
        views.sort_by_key(|v| (!v.is_defect(), v.index));
        let pairs = pairs(results, &views, &classes, &claims);
        Analysis {
            classes,
            signatures: views,
            pairs,
        }
    }
}

fn view(
    index: usize,
    s: &crate::runner::random::SignatureSummary,
    ids: &[String],
    claims: &[Claims],
    class_of: &BTreeMap<&str, usize>,
) -> SignatureView {
    let (sig_ids, rulings): (Vec<String>, Vec<crate::runner::Ruling>) =
        s.rulings.iter().cloned().unzip();
    let sig_claims: Vec<&Claims> = sig_ids
        .iter()
        .map(|id| {
            let r = ids.iter().position(|x| x == id);
            r.map_or(&claims[0], |r| &claims[r])
        })
        .collect();
    let groups = s
        .signature
        .groups
        .iter()
        .map(|(ruling, members)| {
            let mut cs: Vec<usize> = members
                .iter()
                .filter_map(|m| class_of.get(m.as_str()).copied())
                .collect();
            cs.sort_unstable();
            cs.dedup();
            (ruling.clone(), cs)
        })
        .collect();
    SignatureView {
        index,
        defects: defects(&sig_ids, &rulings, &sig_claims),
        groups,
    }
}

/// The referees of a campaign by the whole of what each ruled, signature by signature: its
/// group, and its own ruling on the signature's case (the rule that refused a play, the result
/// with its margin). A signature's groups put referees together whose results differ only in
/// the margin, or that ended the game where others played on whatever their results; a class
/// is named with one ruling for all its members, so those members are kept apart.
pub fn referee_classes(results: &Results) -> Vec<Class> {
    classes_of(&results.plan.referees, &results.signatures)
}

/// [`referee_classes`] of `ids` over `signatures`.
pub fn classes_of(
    ids: &[String],
    signatures: &[crate::runner::random::SignatureSummary],
) -> Vec<Class> {
    let group_of: Vec<BTreeMap<&str, (usize, String)>> = signatures
        .iter()
        .map(|s| {
            let own = |m: &str| {
                s.rulings
                    .iter()
                    .find(|(id, _)| id == m)
                    .map(|(_, r)| r.to_string())
                    .unwrap_or_default()
            };
            s.signature
                .groups
                .iter()
                .enumerate()
                .flat_map(|(g, (_, members))| members.iter().map(move |m| (m.as_str(), g)))
                .map(|(m, g)| (m, (g, own(m))))
                .collect()
        })
        .collect();
    classes_by(ids, |r| {
        group_of
            .iter()
            .map(|groups| groups.get(ids[r].as_str()).cloned())
            .collect::<Vec<_>>()
    })
}

/// Whether a member of class `a` and one of class `b` claim the same in the layer their
/// rulings in `s` split on: the pair's own defect, not just a defect elsewhere in the step.
fn pair_defect(
    s: &crate::runner::random::SignatureSummary,
    ids: &[String],
    claims: &[Claims],
    members: (&Class, &Class),
) -> bool {
    let ruling = |id: &String| s.rulings.iter().find(|(r, _)| r == id).map(|(_, x)| x);
    let claim = |id: &String| ids.iter().position(|x| x == id).map(|i| &claims[i]);
    members.0.members.iter().any(|a| {
        members.1.members.iter().any(|b| {
            let (Some(ra), Some(rb), Some(ca), Some(cb)) =
                (ruling(a), ruling(b), claim(a), claim(b))
            else {
                return false;
            };
            layer(ra, rb).is_some_and(|l| ca.layer(l) == cb.layer(l))
        })
    })
}

fn pairs(
    results: &Results,
    views: &[SignatureView],
    classes: &[Class],
    claims: &[Claims],
) -> Vec<Pair> {
    let mut cells: BTreeMap<(usize, usize), Pair> = BTreeMap::new();
    for v in views {
        let s = &results.signatures[v.index];
        for (i, (ruling_a, ga)) in v.groups.iter().enumerate() {
            for (ruling_b, gb) in &v.groups[i + 1..] {
                for &a in ga {
                    for &b in gb {
                        let (lo, hi) = (a.min(b), a.max(b));
                        let cell = cells.entry((lo, hi)).or_insert_with(|| Pair {
                            a: lo,
                            b: hi,
                            ..Pair::default()
                        });
                        cell.steps += s.count as u64;
                        cell.games = cell.games.max(s.games as u64);
                        let rules = if a == lo {
                            (ruling_a.clone(), ruling_b.clone())
                        } else {
                            (ruling_b.clone(), ruling_a.clone())
                        };
                        cell.rules.insert(rules);
                        cell.signatures.push(v.index);
                        cell.defect |= v.is_defect()
                            && pair_defect(
                                s,
                                &results.plan.referees,
                                claims,
                                (&classes[a], &classes[b]),
                            );
                    }
                }
            }
        }
    }
    let mut pairs: Vec<Pair> = cells.into_values().collect();
    exact_games(results, &mut pairs);
    pairs
}

/// Where the results record which signatures came up together in each game, the games in
/// which each pair differed, exactly.
fn exact_games(results: &Results, pairs: &mut [Pair]) {
    if results.game_signatures.is_empty() {
        return;
    }
    let index: BTreeMap<String, usize> = results
        .signatures
        .iter()
        .enumerate()
        .map(|(i, s)| (s.signature.key(), i))
        .collect();
    let sets: Vec<(Vec<usize>, u64)> = results
        .game_signatures
        .iter()
        .map(|(keys, games)| {
            let found = keys.iter().filter_map(|k| index.get(k).copied()).collect();
            (found, *games)
        })
        .filter(|(found, _): &(Vec<usize>, u64)| !found.is_empty())
        .collect();
    for pair in pairs {
        let apart: BTreeSet<usize> = pair.signatures.iter().copied().collect();
        pair.games = sets
            .iter()
            .filter(|(found, _)| found.iter().any(|s| apart.contains(s)))
            .map(|(_, games)| games)
            .sum();
        pair.games_exact = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Outcome;
    use crate::runner::random::SignatureSummary;
    use crate::runner::signature::Signature;
    use crate::runner::Ruling;

    fn ends(black: i64, white: i64) -> Ruling {
        let points = vec![
            ("B".to_string(), crate::referee::HalfPoints(black)),
            ("W".to_string(), crate::referee::HalfPoints(white)),
        ];
        Ruling::Ends {
            outcome: Outcome::Score {
                points,
                tally: None,
            },
        }
    }

    fn summary(ids: &[String], rulings: &[Ruling]) -> SignatureSummary {
        let signature = Signature::new(ids, rulings, None);
        SignatureSummary {
            description: signature.describe(),
            signature,
            count: 1,
            games: 1,
            game: Some(0),
            shortest_found: 1,
            minimized_plies: 1,
            case_file: String::new(),
            case_path: String::new(),
            rulings: ids.iter().cloned().zip(rulings.iter().cloned()).collect(),
            svg: String::new(),
            cycle_plays: Vec::new(),
            unminimized: None,
        }
    }

    #[test]
    fn a_class_holds_only_referees_with_the_same_result() {
        // The game ends for three referees and goes on for a fourth: one signature group
        // ("legal, game over (score)") holds results B+2, W+5.5 and W+5.5.
        let ids: Vec<String> = ["simple-ko", "japanese", "chinese", "katago-japanese"]
            .map(String::from)
            .to_vec();
        let rulings = [ends(4, 0), ends(0, 11), ends(0, 11), Ruling::Legal];
        let s = summary(&ids, &rulings);
        assert_eq!(s.signature.groups.len(), 2, "{}", s.description);
        let classes = classes_of(&ids, &[s]);
        let labels: Vec<String> = classes.iter().map(Class::label).collect();
        assert_eq!(labels, ["simple-ko", "japanese + 1", "katago-japanese"]);
        // Every member of a class ruled what the class is shown with.
        let s = summary(&ids, &rulings);
        for class in &classes {
            let own: Vec<&Ruling> = class
                .members
                .iter()
                .map(|m| &s.rulings.iter().find(|(id, _)| id == m).unwrap().1)
                .collect();
            assert!(own.iter().all(|r| *r == own[0]), "{class:?}");
        }
    }

    #[test]
    fn the_simplest_member_names_a_class() {
        let ids = ["psk@spec", "psk", "chinese", "tromp-taylor", "psk+suicide"];
        let named = simplest(ids.iter().copied().enumerate()).unwrap();
        assert_eq!(named, "psk");
        let ids: Vec<String> = ids.map(String::from).to_vec();
        let classes = classes_by(&ids, |r| ids[r].contains("psk"));
        assert_eq!(classes.len(), 2);
        assert_eq!(classes[0].label(), "psk + 2");
        assert_eq!(classes[1].label(), "chinese + 1");
    }
}
