//! The tables of `rulediff finite`: one row per search (ruleset, start, players), in words
//! and as markdown; the command only runs the searches and writes what this renders.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::kee_space::SpaceRow;
use crate::check::finite::Finiteness;

/// One search's result, as the tables and the resume journal keep it.
#[derive(Clone, Serialize, Deserialize)]
pub struct Row {
    /// The referee searched.
    pub rule: String,
    /// The start (board or graph), as the table names it.
    pub label: String,
    /// Players seated.
    pub players: usize,
    /// What the search found.
    pub result: Finiteness,
    /// Wall-clock seconds the search took.
    pub seconds: f64,
    /// The start as case-file keys, for the lasso's case.
    pub case_keys: String,
}

/// The verdict word and what backs it.
pub fn verdict(result: &Finiteness) -> (String, String) {
    match result {
        Finiteness::Finite { longest, states } => (
            "FINITE".into(),
            format!("longest game {longest} plies; {states} states"),
        ),
        Finiteness::Infinite {
            prefix,
            cycle,
            states,
        } => (
            "INFINITE".into(),
            format!(
                "{}, repeat `{}` ({states} states searched)",
                after(prefix),
                cycle.join(" ")
            ),
        ),
        Finiteness::Unknown {
            states,
            depth,
            reason,
            ..
        } => (
            "UNKNOWN".into(),
            format!("{reason} after {states} states, at depth {depth}"),
        ),
        Finiteness::FiniteByArgument {
            argument,
            reason,
            states,
            depth,
        } => (
            "FINITE".into(),
            format!(
                "by its termination argument ({argument}); longest game not settled: \
                 {reason} after {states} states searched to depth {depth}"
            ),
        ),
        Finiteness::Unsupported { reason } => ("UNSUPPORTED".into(), reason.clone()),
    }
}

/// Where a lasso's cycle starts: `from the start`, or `after `…``.
pub fn after(prefix: &[String]) -> String {
    if prefix.is_empty() {
        "from the start".to_string()
    } else {
        format!("after `{}`", prefix.join(" "))
    }
}

/// Every row as markdown; `column` names the starts (`graph`, `start`).
pub fn markdown(column: &str, rows: &[Row]) -> String {
    let mut out = format!(
        "| ruleset | {column} | players | verdict | details | seconds |\n|---|---|---|---|---|---|\n"
    );
    for row in rows {
        let (v, details) = verdict(&row.result);
        writeln!(
            out,
            "| `{}` | `{}` | {} | {v} | {} | {:.2} |",
            row.rule,
            row.label,
            row.players,
            details.replace('|', "\\|"),
            row.seconds
        )
        .expect("String");
    }
    out
}

/// Each row as the Kee space table reads it: referee id, start, players, verdict words.
pub fn space_rows(rows: &[Row]) -> Vec<SpaceRow> {
    rows.iter()
        .map(|r| {
            let (verdict, details) = verdict(&r.result);
            SpaceRow {
                rule: r.rule.clone(),
                start: format!("{} ({}p)", r.label, r.players),
                verdict: match r.result {
                    Finiteness::FiniteByArgument { .. } => "FINITE by argument".into(),
                    _ => verdict,
                },
                details,
            }
        })
        .collect()
}
