//! CSV rendering of case runs: one row per step and referee.

use crate::runner::{CaseRun, Ruling};

/// All runs as CSV with a header row.
pub fn case_runs(runs: &[CaseRun]) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "case", "ply", "seat", "play", "referee", "ruling", "detail", "diverges",
    ])?;
    for run in runs {
        for step in &run.steps {
            let diverges = run.divergences.iter().any(|d| d.ply == step.ply);
            for (id, ruling) in run.referees.iter().zip(&step.rulings) {
                let (kind, detail) = parts(ruling);
                w.write_record([
                    run.case.as_str(),
                    &step.ply.to_string(),
                    &step.seat,
                    &step.play,
                    id,
                    kind,
                    &detail,
                    if diverges { "yes" } else { "no" },
                ])?;
            }
        }
    }
    let bytes = w.into_inner().map_err(|e| e.into_error())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
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
