//! The Kee space tables of `rulediff finite` (claim 3 per combination): combinations that
//! behave the same on every start are one row, named by the axis values they share
//! ([`rulediff::check::kee_space`]).

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use rulediff::check::kee_space::{describe, group, same_behaviour};
use rulediff::go::rules::kee::axes::{self, reading_of};
use rulediff::go::rules::kee::{self, Reading};
use rulediff::util::atomic;

/// One search's row, as the space table reads it.
pub struct SpaceRow {
    pub rule: String,
    /// Start and players, as the table names them.
    pub start: String,
    /// `FINITE`, `FINITE by argument`, `INFINITE`, `UNKNOWN`, `UNSUPPORTED`.
    pub verdict: String,
    pub details: String,
}

/// What jobs of `id` with `players` players share: the combination that rules the same
/// (see [`same_behaviour`]), or the id itself for any other referee.
pub fn share_key(id: &str, players: usize) -> String {
    match reading_of(id) {
        Some(reading) => format!("kee {}", axes::id_of(&same_behaviour(&reading, players))),
        None => id.to_string(),
    }
}

/// With two Kee combinations or more among `rows`, the grouped table: printed, and written as
/// `kee-space.md` into `out`.
pub fn finite_table(out: Option<&Path>, rows: &[SpaceRow]) -> anyhow::Result<ExitCode> {
    let mut per: Vec<(Reading, Vec<&SpaceRow>)> = Vec::new();
    for row in rows {
        let Some(reading) = reading_of(&row.rule) else {
            continue;
        };
        match per.iter_mut().find(|(r, _)| *r == reading) {
            Some((_, list)) => list.push(row),
            None => per.push((reading, vec![row])),
        }
    }
    if per.len() < 2 {
        return Ok(ExitCode::SUCCESS);
    }
    let space: Vec<Reading> = per.iter().map(|(r, _)| *r).collect();
    let keyed: Vec<(Reading, Vec<String>)> = per
        .iter()
        .map(|(r, list)| (*r, list.iter().map(|row| row.verdict.clone()).collect()))
        .collect();
    let starts = per[0].1.len();
    let mut md = format!(
        "# Kee claim 3 over {} combinations\n\nClaim 3: \"A game always ends in a finite number of plays, as long as the board is finite.\" Each row is a set of combinations with the same verdict on every one of the {starts} starts (`rulediff finite`); FINITE by argument: {}.\n\n| combinations | how many | claim 3 | smallest counterexample |\n|---|---|---|---|\n",
        space.len(),
        kee::TERMINATION
    );
    for g in group(&keyed) {
        let example = &per
            .iter()
            .find(|(r, _)| *r == g.members[0])
            .expect("member")
            .1;
        let mut counts: Vec<(String, usize)> = Vec::new();
        for v in &g.behaviour {
            match counts.iter_mut().find(|(k, _)| k == v) {
                Some((_, n)) => *n += 1,
                None => counts.push((v.clone(), 1)),
            }
        }
        let summary: Vec<String> = counts.iter().map(|(v, n)| format!("{v} on {n}")).collect();
        let smallest = example
            .iter()
            .find(|row| row.verdict == "INFINITE")
            .map_or("none".to_string(), |row| {
                format!("`{}` under `{}`: {}", row.start, row.rule, row.details)
            });
        writeln!(
            md,
            "| {} | {} | {} | {} |",
            describe(&g, &space),
            g.members.len(),
            summary.join("; "),
            smallest.replace('|', "\\|")
        )
        .expect("String");
    }
    if let Some(out) = out {
        atomic::write(&out.join("kee-space.md"), md.as_bytes())?;
    }
    out!("{md}")?;
    Ok(ExitCode::SUCCESS)
}
