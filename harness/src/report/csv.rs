//! CSV rendering of case runs: one row per step and referee.

use crate::runner::defects::RunDefect;
use crate::runner::{CaseRun, Ruling};

/// All runs as CSV with a header row. Every row of a step with defects lists them in its
/// `defects` column, so a filter on that column finds them all.
pub fn case_runs(runs: &[CaseRun], defects: &[RunDefect]) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "case", "ply", "seat", "play", "referee", "ruling", "detail", "diverges", "counted",
        "dead", "defects",
    ])?;
    for run in runs {
        for step in &run.steps {
            let found = step_defects(defects, &run.case, step.ply);
            let divergence = run.divergences.iter().find(|d| d.ply == step.ply);
            let diverges = match divergence {
                Some(d) if d.result.is_some() => "result",
                Some(_) => "yes",
                None => "no",
            };
            for (id, ruling) in run.referees.iter().zip(&step.rulings) {
                let (kind, detail) = parts(ruling);
                let tally = match ruling {
                    Ruling::Ends { outcome } => outcome.tally(),
                    _ => None,
                };
                w.write_record([
                    run.case.as_str(),
                    &step.ply.to_string(),
                    &step.seat,
                    &step.play,
                    id,
                    kind,
                    &detail,
                    diverges,
                    &counted(ruling),
                    &tally.map(super::result::dead_line).unwrap_or_default(),
                    &found,
                ])?;
            }
        }
    }
    let bytes = w.into_inner().map_err(|e| e.into_error())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The defects of one step, `; `-separated.
fn step_defects(defects: &[RunDefect], case: &str, ply: usize) -> String {
    let found: Vec<String> = defects
        .iter()
        .filter(|d| d.case == case && d.ply == ply)
        .map(|d| d.defect.describe())
        .collect();
    found.join("; ")
}

/// The parts behind a counted result, `B: stones 4, territory 0 · W: …`.
fn counted(ruling: &Ruling) -> String {
    match ruling {
        Ruling::Ends { outcome } if outcome.tally().is_some() => {
            let line = super::result::outcome_line(outcome);
            line.split_once(" — ")
                .map_or(String::new(), |(_, parts)| parts.to_string())
        }
        _ => String::new(),
    }
}

fn parts(ruling: &Ruling) -> (&'static str, String) {
    match ruling {
        Ruling::Legal => ("legal", String::new()),
        Ruling::Ends { outcome } => ("ends", outcome.summary()),
        Ruling::Illegal { rule } => ("illegal", rule.clone()),
        Ruling::Stopped => ("stopped", String::new()),
        Ruling::Fault { message } => ("fault", message.clone()),
    }
}
