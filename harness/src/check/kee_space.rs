//! The space of Kee readings as one table: combinations that behave the same (the same
//! verdict on every start) are grouped, and each group is named by the axis values all its
//! members share, so the table reads as "which sentences decide the answer".

use std::collections::BTreeMap;

use crate::go::rules::kee::axes::{self, Axis, AXES};
use crate::go::rules::kee::{Opponents, Reading};

/// Combinations with one behaviour.
#[derive(Debug, Clone)]
pub struct Group<K> {
    /// What every member does (the same verdict on every start).
    pub behaviour: K,
    /// The combinations, in the order the space lists them.
    pub members: Vec<Reading>,
}

impl<K> Group<K> {
    /// The `axis=value` every member takes, for the axes on which the whole space varies
    /// (within the given `space`) but this group does not; a value the others imply in
    /// every combination there is (`lasts=until-any-play` beside `ban=next`, where `lasts`
    /// says nothing) is left out, which leaves the combinations they name as they were.
    pub fn shared(&self, space: &[Reading]) -> Vec<String> {
        let mut shared: Vec<&Axis> = AXES
            .iter()
            .filter(|axis| {
                let value = |r: &Reading| axis.value_of(r).name;
                let first = value(&self.members[0]);
                self.members.iter().all(|r| value(r) == first)
                    && space.iter().any(|r| value(r) != first)
            })
            .collect();
        let takes = |axis: &Axis, r: &Reading| {
            axis.value_of(r).name == axis.value_of(&self.members[0]).name
        };
        // Later axes first: `lasts` goes before the `ban` that implies it is checked.
        let every = axes::every_reading();
        for i in (0..shared.len()).rev() {
            let implied = every
                .iter()
                .filter(|r| (shared.iter().enumerate()).all(|(j, a)| j == i || takes(a, r)))
                .all(|r| takes(shared[i], r));
            if implied {
                shared.remove(i);
            }
        }
        shared
            .iter()
            .map(|axis| format!("{}={}", axis.key, axis.value_of(&self.members[0]).name))
            .collect()
    }

    /// Are the members exactly the combinations of `space` that share [`Group::shared`]? Then
    /// those values alone decide the behaviour.
    pub fn is_whole_cube(&self, space: &[Reading]) -> bool {
        let shared = self.shared(space);
        let in_cube = |r: &Reading| {
            shared.iter().all(|s| {
                let (key, value) = s.split_once('=').expect("axis=value");
                AXES.iter()
                    .any(|a| a.key == key && a.value_of(r).name == value)
            })
        };
        space.iter().filter(|r| in_cube(r)).count() == self.members.len()
    }
}

/// Groups readings by behaviour, largest group first (ties by behaviour).
pub fn group<K: Ord + Clone>(rows: &[(Reading, K)]) -> Vec<Group<K>> {
    let mut by: BTreeMap<K, Vec<Reading>> = BTreeMap::new();
    for (reading, behaviour) in rows {
        by.entry(behaviour.clone()).or_default().push(*reading);
    }
    let mut groups: Vec<Group<K>> = by
        .into_iter()
        .map(|(behaviour, members)| Group { behaviour, members })
        .collect();
    groups.sort_by_key(|g| std::cmp::Reverse(g.members.len()));
    groups
}

/// The combination that rules exactly like `reading` in a game of `players`: with two
/// players "his opponent(s)" is the one other player under either reading of the
/// `opponents` axis, so searches can share their work.
pub fn same_behaviour(reading: &Reading, players: usize) -> Reading {
    let mut r = axes::canonical(*reading);
    if players == 2 {
        r.opponents = Opponents::All;
    }
    r
}

/// A group's name in a table: the shared values, and whether they alone decide.
pub fn describe<K>(group: &Group<K>, space: &[Reading]) -> String {
    let shared = group.shared(space);
    let values = match shared.is_empty() {
        true => "any".to_string(),
        false => shared.join(", "),
    };
    match group.is_whole_cube(space) {
        true => format!("every combination with {values}"),
        false if shared.is_empty() => format!(
            "{} combinations sharing no value (e.g. {})",
            group.members.len(),
            axes::id_of(&group.members[0])
        ),
        false => format!(
            "{} combinations, all with {values} (e.g. {})",
            group.members.len(),
            axes::id_of(&group.members[0])
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::rules::kee::RescindRecord;

    #[test]
    fn groups_are_named_by_the_values_that_decide_them() {
        let space = axes::every_reading();
        let rows: Vec<(Reading, bool)> = space
            .iter()
            .map(|r| (*r, r.rescind == RescindRecord::Erase))
            .collect();
        let groups = group(&rows);
        assert_eq!(groups.len(), 2);
        for g in &groups {
            assert!(g.is_whole_cube(&space));
            let name = describe(g, &space);
            assert!(
                name.starts_with("every combination with rescind="),
                "{name}"
            );
        }
    }

    #[test]
    fn two_players_share_the_opponents_axis() {
        let next = axes::parse("kee[opponents=next]").unwrap().unwrap()[0];
        assert_eq!(same_behaviour(&next, 2), Reading::DEFAULT);
        assert_ne!(same_behaviour(&next, 3), Reading::DEFAULT);
    }
}
