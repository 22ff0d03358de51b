//! The tables of `rulediff kee-claims`: games violating each claim per Kee referee and
//! player policy, and over many combinations (`kee[*]`) the grouped table, where
//! combinations that hold and fail the same claims under the same policies are one row named
//! by the axis values they share. The command only counts and wires.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::check::kee_claims::{expected, Claim, Expect, Policy, Subject, Violation};
use crate::check::kee_space::{describe, group};
use crate::go::rules::kee::Reading;

/// What the random games showed, per subject (an index into the subjects), policy and claim:
/// games violating it, the shortest violation, and the game it came from.
pub type Tally = BTreeMap<(usize, Policy, Claim), (usize, Violation, u64)>;

/// Games that reached the ply budget, per subject and policy.
pub type Long = BTreeMap<(usize, Policy), usize>;

/// The header cells and separator of a table whose claim columns are `claims`, after
/// `first` and before `last`.
fn header(first: &[&str], claims: &[Claim], long_after_first: bool, last: &[&str]) -> String {
    let mut cells: Vec<&str> = first.to_vec();
    for (i, claim) in claims.iter().enumerate() {
        cells.push(claim.column());
        if i == 0 && long_after_first {
            cells.push("long games");
        }
    }
    cells.extend_from_slice(last);
    format!(
        "| {} |\n|{}\n",
        cells.join(" | "),
        "---|".repeat(cells.len())
    )
}

/// What the table says of claim 6's readings: which were asked, each named with its words.
fn claim6_note(claims: &[Claim]) -> String {
    let named: Vec<String> = [Claim::NoOpponentBound, Claim::NoOpponentBoundAtPass]
        .into_iter()
        .filter(|c| claims.contains(c))
        .map(|c| match c {
            Claim::NoOpponentBound => "literally (\"when a game ends\": who is bound once the game is over)".to_string(),
            _ => "at each player's own final pass (rule 12: \"When making a pass play, a player may choose to appeal\")".to_string(),
        })
        .collect();
    format!("Claim 6 is read {}.", named.join(" and "))
}

/// One row per subject and policy: violating games per claim of `claims` (claim 3 is
/// always first), with what the tests expect.
pub fn markdown(
    subjects: &[Subject],
    tally: &Tally,
    long: &Long,
    games: u64,
    claims: &[Claim],
) -> String {
    let mut out = format!(
        "Games violating each claim, of {games} per reading and policy (expected: holds / fails / open). {}\n\n{}",
        claim6_note(claims),
        header(&["reading", "policy"], claims, true, &[])
    );
    for (i, subject) in subjects.iter().enumerate() {
        for policy in Policy::ALL {
            let cell = |claim: &Claim| {
                let n = tally.get(&(i, policy, *claim)).map_or(0, |t| t.0);
                let word = match expected(&subject.id, policy, *claim) {
                    Expect::Holds => "holds",
                    Expect::Fails => "fails",
                    Expect::Open => "open",
                };
                format!("{n} ({word})")
            };
            let mut cells = vec![format!("`{}`", subject.id), policy.name().to_string()];
            for (k, claim) in claims.iter().enumerate() {
                cells.push(cell(claim));
                if k == 0 {
                    cells.push(long.get(&(i, policy)).copied().unwrap_or(0).to_string());
                }
            }
            writeln!(out, "| {} |", cells.join(" | ")).expect("String");
        }
    }
    out
}

/// Which claims a subject's random games broke, per policy (and whether any game was long):
/// what groups subjects.
type Behaviour = Vec<bool>;

fn behaviour(i: usize, tally: &Tally, long: &Long) -> Behaviour {
    let mut b = Vec::new();
    for policy in Policy::ALL {
        // Claims a run did not ask have no violations in the tally.
        b.extend(Claim::ALL.map(|c| tally.contains_key(&(i, policy, c))));
        b.push(long.get(&(i, policy)).is_some_and(|&n| n > 0));
    }
    b
}

/// A group of subjects with one behaviour: its members' indices.
pub struct ClaimGroup {
    /// The group's name in the table.
    pub name: String,
    /// The indices of its members among the subjects.
    pub members: Vec<usize>,
}

/// The subjects grouped by which claims their games broke under which policy, largest
/// group first.
pub fn groups(subjects: &[Subject], tally: &Tally, long: &Long) -> Vec<ClaimGroup> {
    let space: Vec<Reading> = subjects.iter().map(|s| s.reading).collect();
    let keyed: Vec<(Reading, Behaviour)> = subjects
        .iter()
        .enumerate()
        .map(|(i, s)| (s.reading, behaviour(i, tally, long)))
        .collect();
    group(&keyed)
        .into_iter()
        .map(|g| ClaimGroup {
            name: describe(&g, &space),
            members: g
                .members
                .iter()
                .filter_map(|r| subjects.iter().position(|s| s.reading == *r))
                .collect(),
        })
        .collect()
}

/// The grouped table: per group and claim, `holds` when no game of any member broke it,
/// else the violating games summed over the group under each policy, and the shortest
/// violation of the group.
pub fn grouped(
    subjects: &[Subject],
    tally: &Tally,
    long: &Long,
    games: u64,
    claims: &[Claim],
) -> String {
    let mut out = format!(
        "# Kee claims 3-6 over {} combinations\n\nRandom games: {games} per combination and player policy (any legal play / appeal whenever you may), on random small graphs with 2-4 players. Each row is a set of combinations whose games broke the same claims under the same policies; a cell is `holds` when no game broke the claim, else the games that broke it summed over the row (any legal play + appeal whenever you may). {}\n\n{}",
        subjects.len(),
        claim6_note(claims),
        header(&["combinations", "how many"], claims, true, &["shortest violation"])
    );
    for g in groups(subjects, tally, long) {
        let sum = |policy: Policy, claim: Claim| -> usize {
            g.members
                .iter()
                .filter_map(|&i| tally.get(&(i, policy, claim)))
                .map(|t| t.0)
                .sum()
        };
        let cell = |claim: Claim| {
            let [a, b] = Policy::ALL.map(|p| sum(p, claim));
            match a + b {
                0 => "holds".to_string(),
                _ => format!("fails ({a} + {b})"),
            }
        };
        let long_games: usize = g
            .members
            .iter()
            .flat_map(|&i| Policy::ALL.map(|p| long.get(&(i, p)).copied().unwrap_or(0)))
            .sum();
        let shortest = tally
            .iter()
            .filter(|((i, _, c), _)| g.members.contains(i) && claims.contains(c))
            .map(|(_, (_, v, _))| v)
            .min_by_key(|v| (v.plays.len(), v.setup.players, v.claim))
            .map_or("none".to_string(), |v| {
                format!(
                    // The column's name: claim 6 with its reading.
                    "{} under `{}` ({}), {} plays on `{}` with {} players",
                    v.claim.column(),
                    v.variant,
                    v.policy.name(),
                    v.plays.len(),
                    v.setup.graph.description(),
                    v.setup.players
                )
            });
        let mut cells = vec![g.name.clone(), g.members.len().to_string()];
        for (k, claim) in claims.iter().enumerate() {
            cells.push(cell(*claim));
            if k == 0 {
                cells.push(long_games.to_string());
            }
        }
        cells.push(shortest.replace('|', "\\|"));
        writeln!(out, "| {} |", cells.join(" | ")).expect("String");
    }
    out
}
