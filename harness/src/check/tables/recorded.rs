//! `rulediff score` in words: per recorded game, each referee's result with its parts
//! beside the recorded RE, and a total; as text, CSV or a Markdown table.

use std::fmt::Write as _;

use crate::check::recorded::{Count, Game};
use crate::report::result::outcome_line;

/// One block per game.
pub fn text(games: &[Game]) -> String {
    let mut out = String::new();
    for g in games {
        let preset = g.preset.as_deref().unwrap_or("no preset");
        writeln!(
            out,
            "{}  {}  RU[{}] -> {preset}, KM {}, handicap {}, RE[{}]",
            g.file, g.size, g.rules, g.komi, g.handicap, g.result
        )
        .expect("writing to a String");
        let width = g.counts.iter().map(|c| c.referee.len()).max().unwrap_or(0);
        for c in &g.counts {
            writeln!(out, "  {:<width$}  {}", c.referee, count_text(c)).expect("String");
        }
        if !g.dead.is_empty() {
            writeln!(out, "  dead (TB/TW): {}", g.dead.join(" ")).expect("String");
        }
        for note in &g.notes {
            writeln!(out, "  note: {note}").expect("String");
        }
        if !g.markup_differs.is_empty() {
            writeln!(
                out,
                "  markup differs from the count at {} points: {}",
                g.markup_differs.len(),
                g.markup_differs.join(", ")
            )
            .expect("String");
        }
    }
    out
}

fn count_text(c: &Count) -> String {
    match (&c.outcome, c.agrees) {
        (Ok(outcome), Some(true)) => format!("{}   = RE", outcome_line(outcome)),
        (Ok(outcome), _) => format!("{}   differs from RE", outcome_line(outcome)),
        (Err(why), _) => format!("no count: {why}"),
    }
}

/// `N games counted by their recorded rules: K agree with RE, M differ; …`.
pub fn summary(games: &[Game], not_counted: usize, errors: usize) -> String {
    let by_own = games.iter().filter(|g| g.preset.is_some());
    let (mut agree, mut differ, mut uncounted) = (0, 0, 0);
    for g in by_own {
        match g.counts.first().and_then(|c| c.agrees) {
            Some(true) => agree += 1,
            Some(false) => differ += 1,
            None => uncounted += 1,
        }
    }
    let unknown_rules = games.iter().filter(|g| g.preset.is_none()).count();
    format!(
        "{} games counted: under their recorded rules {agree} agree with RE, {differ} differ, {uncounted} could not be counted; {unknown_rules} with rules rulediff has no preset for; {not_counted} records not ending by counting; {errors} records with errors",
        games.len()
    )
}

/// A row per game and referee.
pub fn csv(games: &[Game]) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "file",
        "size",
        "rules",
        "komi",
        "handicap",
        "recorded",
        "referee",
        "result",
        "agrees",
        "parts",
        "dead",
        "notes",
        "markup_differs",
    ])?;
    for g in games {
        for c in &g.counts {
            let (result, parts) = match &c.outcome {
                Ok(o) => {
                    let line = outcome_line(o);
                    let parts = line.split_once(" — ").map_or("", |(_, p)| p).to_string();
                    (o.summary(), parts)
                }
                Err(why) => (format!("no count: {why}"), String::new()),
            };
            let agrees = match c.agrees {
                Some(true) => "yes",
                Some(false) => "no",
                None => "",
            };
            w.write_record([
                g.file.as_str(),
                &g.size,
                &g.rules,
                &g.komi,
                &g.handicap.to_string(),
                &g.result,
                &c.referee,
                &result,
                agrees,
                &parts,
                &g.dead.join(" "),
                &g.notes.join("; "),
                &g.markup_differs.len().to_string(),
            ])?;
        }
    }
    let bytes = w.into_inner().map_err(|e| e.into_error())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A Markdown table: a row per game, the recorded rules' result beside RE.
pub fn markdown(games: &[Game]) -> String {
    let mut out = String::from(
        "| record | size | RU | KM | HA | RE | counted by the recorded rules | agrees | notes |\n|---|---|---|---|---|---|---|---|---|\n",
    );
    for g in games {
        let own = g.counts.first().filter(|_| g.preset.is_some());
        let (counted, agrees) = match own {
            Some(c) => (
                match &c.outcome {
                    Ok(o) => format!("`{}` {}", g.preset.as_deref().unwrap_or(""), o.summary()),
                    Err(why) => format!("no count: {why}"),
                },
                match c.agrees {
                    Some(true) => "yes",
                    Some(false) => "**no**",
                    None => "",
                },
            ),
            None => ("no preset".to_string(), ""),
        };
        let mut notes = g.notes.clone();
        if !g.markup_differs.is_empty() {
            notes.push(format!(
                "markup differs at {} points",
                g.markup_differs.len()
            ));
        }
        writeln!(
            out,
            "| `{}` | {} | {} | {} | {} | {} | {counted} | {agrees} | {} |",
            g.file,
            g.size,
            g.rules,
            g.komi,
            g.handicap,
            g.result,
            notes.join("; ")
        )
        .expect("writing to a String");
    }
    out
}
