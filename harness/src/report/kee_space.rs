//! The Kee space tables: combinations that behave the same on every start are one row, named
//! by the axis values they share ([`crate::check::kee_space`]). `rulediff finite` gives claim 3
//! per combination; the commands only wire their rows here.

use std::fmt::Write as _;

use crate::check::kee_space::{describe, group};
use crate::go::rules::kee::axes::reading_of;
use crate::go::rules::kee::{self, Reading};

/// One search's row, as the space table reads it.
pub struct SpaceRow {
    /// The Kee combination searched.
    pub rule: String,
    /// Start and players, as the table names them.
    pub start: String,
    /// `FINITE`, `FINITE by argument`, `INFINITE`, `UNKNOWN`, `UNSUPPORTED`.
    pub verdict: String,
    /// What the verdict rests on (states, lasso, argument).
    pub details: String,
}

/// With two Kee combinations or more among `rows`, the grouped table of claim 3 (markdown);
/// `None` otherwise.
pub fn finite_table(rows: &[SpaceRow]) -> Option<String> {
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
        return None;
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
            tally(&g.behaviour),
            smallest.replace('|', "\\|")
        )
        .expect("String");
    }
    Some(md)
}

/// `FINITE on 2; INFINITE on 8`: each verdict with how many starts gave it, in order of first
/// appearance.
fn tally(verdicts: &[String]) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for v in verdicts {
        match counts.iter_mut().find(|(k, _)| k == v) {
            Some((_, n)) => *n += 1,
            None => counts.push((v, 1)),
        }
    }
    let parts: Vec<String> = counts.iter().map(|(v, n)| format!("{v} on {n}")).collect();
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(rule: &str, start: &str, verdict: &str) -> SpaceRow {
        SpaceRow {
            rule: rule.into(),
            start: start.into(),
            verdict: verdict.into(),
            details: "after `1`, repeat `2 appeal pass`".into(),
        }
    }

    #[test]
    fn combinations_with_one_verdict_per_start_are_one_row() {
        let rows = [
            row("kee", "1x1", "FINITE"),
            row("kee", "1x2", "FINITE"),
            row("kee:replay-same", "1x1", "FINITE"),
            row("kee:replay-same", "1x2", "FINITE"),
            row("kee[rescind=erase,replace=same]", "1x1", "FINITE"),
            row("kee[rescind=erase,replace=same]", "1x2", "INFINITE"),
        ];
        let md = finite_table(&rows).expect("three combinations");
        assert!(md.starts_with("# Kee claim 3 over 3 combinations"), "{md}");
        assert!(md.contains("| FINITE on 2 | none |"), "{md}");
        assert!(
            md.contains(
                "| FINITE on 1; INFINITE on 1 | `1x2` under `kee[rescind=erase,replace=same]`"
            ),
            "{md}"
        );
        assert!(
            finite_table(&rows[..2]).is_none(),
            "one combination: no table"
        );
    }
}
