//! CSV rendering of case runs: one row per step and referee.

use crate::runner::{CaseRun, Ruling};

/// All runs as CSV with a header row.
pub fn case_runs(runs: &[CaseRun]) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "case", "ply", "seat", "play", "referee", "ruling", "detail", "diverges", "counted", "dead",
    ])?;
    for run in runs {
        for step in &run.steps {
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
                ])?;
            }
        }
    }
    let bytes = w.into_inner().map_err(|e| e.into_error())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
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
