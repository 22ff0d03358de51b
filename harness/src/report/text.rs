//! Plain-text rendering of case runs, for the terminal and for snapshots.
//!
//! Runs of steps where every referee says "legal" collapse to one line, so a long game
//! shows only the steps where something happens.

use std::fmt::Write as _;

use super::analysis::{classes_by, Class};
use super::campaign::{wrap, COLUMNS};
use crate::referee::Status;
use crate::runner::{CaseRun, Ruling, StepRecord};

/// A run's referee classes (identical rulings from start to end), for the lines that would
/// not fit [`COLUMNS`] with every id: those name classes instead.
fn run_classes(run: &CaseRun) -> Vec<Class> {
    classes_by(&run.referees, |r| {
        let start = format!("{:?}", run.start[r]);
        let column: Vec<String> = run.column(r).map(Ruling::to_string).collect();
        (start, column)
    })
}

/// The ids as classes: each class once, by its label, in the order first met.
fn as_classes(classes: &[Class], ids: &[&str]) -> Vec<String> {
    let mut labels: Vec<String> = Vec::new();
    for id in ids {
        if let Some(class) = classes.iter().find(|c| c.members.iter().any(|m| m == id)) {
            if !labels.contains(&class.label()) {
                labels.push(class.label());
            }
        }
    }
    labels
}

/// `a, b, c` as words for [`wrap`], the commas kept.
fn listed(names: &[String]) -> Vec<String> {
    let n = names.len();
    names
        .iter()
        .enumerate()
        .map(|(i, name)| format!("{name}{}", if i + 1 < n { "," } else { "" }))
        .collect()
}

/// Groups of ids with a text each (`psk, chinese: legal`): on one line where it fits, else
/// in classes, else one group per line under `head`.
fn grouped(out: &mut String, classes: &[Class], head: &str, groups: &[(String, Vec<&str>)]) {
    // A step's head is a column of its own; a divergence's ends in a colon.
    let gap = if head.ends_with(':') { " " } else { "  " };
    let full: Vec<String> = groups
        .iter()
        .map(|(t, ids)| format!("{}: {t}", ids.join(", ")))
        .collect();
    let one = format!("{head}{gap}{}", full.join(" | "));
    if one.chars().count() <= COLUMNS {
        return line(out, one);
    }
    let by_class: Vec<(String, Vec<String>)> = groups
        .iter()
        .map(|(t, ids)| (t.clone(), as_classes(classes, ids)))
        .collect();
    let short: Vec<String> = by_class
        .iter()
        .map(|(t, labels)| format!("{}: {t}", labels.join(", ")))
        .collect();
    let one = format!("{head}{gap}{}", short.join(" | "));
    if one.chars().count() <= COLUMNS {
        return line(out, one);
    }
    line(out, head.to_string());
    for (t, labels) in &by_class {
        for text in wrap(&listed(labels), &format!("{:>9}{t}:", ""), 11) {
            line(out, text);
        }
    }
}

/// The referees line; where it does not fit, the classes with their members.
fn referees(out: &mut String, run: &CaseRun, classes: &[Class]) {
    let one = format!("referees: {}", run.referees.join(", "));
    if one.chars().count() <= COLUMNS {
        return line(out, one);
    }
    line(
        out,
        format!(
            "referees: {} in {} classes (ruling alike at every step):",
            run.referees.len(),
            classes.len()
        ),
    );
    for class in classes {
        for text in wrap(&listed(&class.members), &format!("  {}:", class.label()), 4) {
            line(out, text);
        }
    }
}

/// The whole run: referees, the interesting steps, divergences and expectations.
pub fn case_run(run: &CaseRun) -> String {
    let mut out = String::new();
    let title = if run.title.is_empty() {
        String::new()
    } else {
        format!(": {}", run.title)
    };
    line(&mut out, format!("== {}{title}", run.case));
    let classes = run_classes(run);
    referees(&mut out, run, &classes);
    start(&mut out, run);
    steps(&mut out, run, &classes);
    for d in &run.divergences {
        let one = format!("DIVERGENCE {}", d.describe());
        if one.chars().count() <= COLUMNS {
            line(&mut out, one);
        } else {
            let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
            for (id, ruling) in d.groups.iter().flat_map(|g| &g.referees) {
                let text = ruling.to_string();
                match groups.iter_mut().find(|(t, _)| *t == text) {
                    Some((_, ids)) => ids.push(id),
                    None => groups.push((text, vec![id])),
                }
            }
            grouped(
                &mut out,
                &classes,
                &format!("DIVERGENCE {}:", d.head()),
                &groups,
            );
        }
        // A result divergence is explained where the results have parts to show (counted
        // games); a chess or xiangqi result is its own explanation. Referees that ended the
        // game at different steps are shown with the rulings they ended it with.
        let Some(rulings) = result_rulings(run, d) else {
            continue;
        };
        let counted = rulings
            .iter()
            .any(|r| matches!(r, Ruling::Ends { outcome } if outcome.tally().is_some()));
        if let (Some(split), true) = (d.result, counted) {
            line(&mut out, format!("  {}", split.describe()));
            let names = |members: &[String]| names(&classes, members);
            for text in
                super::result::divergence_lines(&run.referees, &rulings, d.board.as_ref(), &names)
            {
                line(&mut out, format!("  {text}"));
            }
            let playing: Vec<&str> = run
                .referees
                .iter()
                .enumerate()
                .zip(&rulings)
                .filter(|((r, _), ruling)| {
                    **ruling == Ruling::Stopped && run.column(*r).last() == Some(&Ruling::Legal)
                })
                .map(|((_, id), _)| id.as_str())
                .collect();
            if !d.ended_at.is_empty() && !playing.is_empty() {
                line(&mut out, format!("  not ended: {}", playing.join(", ")));
            }
        }
    }
    for incident in &run.incidents {
        // An incident ends `recovered` or `failed again` (then the step shows the fault).
        let head = match incident.ends_with("recovered") {
            true => "recovered",
            false => "engine fault",
        };
        line(&mut out, format!("{head}: {incident}"));
    }
    for e in &run.expectations {
        let mark = match e.ok {
            Some(true) => "ok  ",
            Some(false) => "FAIL",
            None => "skip",
        };
        let got = if e.ok == Some(true) {
            String::new()
        } else {
            format!(" -- got {}", e.got)
        };
        line(
            &mut out,
            format!("{mark} {} {}{got}", e.referee, e.expected),
        );
    }
    out
}

/// Per referee, the ruling a result divergence compares: the step's, or for referees that
/// ended the game at different steps, the one each ended it with (stopped: not ended).
fn result_rulings(run: &CaseRun, d: &crate::runner::Divergence) -> Option<Vec<Ruling>> {
    d.ended_rulings(&run.referees).or_else(|| {
        let step = run.steps.iter().find(|s| s.ply == d.ply)?;
        Some(step.rulings.clone())
    })
}

/// A group of referees by id where the ids are few, else by class (`psk + 14`).
fn names(classes: &[Class], members: &[String]) -> String {
    let ids = members.join(", ");
    if ids.chars().count() <= NAMES_SHOWN {
        return ids;
    }
    let members: Vec<&str> = members.iter().map(String::as_str).collect();
    as_classes(classes, &members).join(", ")
}

/// The widest list of referee ids that a line names before it names classes instead.
const NAMES_SHOWN: usize = 48;

/// One line of output; wider than [`COLUMNS`], it wraps at spaces, its continuation
/// lines indented four more than its own indent.
fn line(out: &mut String, text: String) {
    if text.chars().count() <= COLUMNS {
        out.push_str(&text);
        out.push('\n');
        return;
    }
    let indent = text.len() - text.trim_start().len() + 4;
    let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let lead = format!("{:width$}", "", width = indent - 4);
    for wrapped in wrap(&words, &lead, indent) {
        out.push_str(&wrapped);
        out.push('\n');
    }
}

fn start(out: &mut String, run: &CaseRun) {
    for (id, status) in run.referees.iter().zip(&run.start) {
        match status {
            Ok(Status::Ongoing) => {}
            Ok(Status::Over { outcome }) => {
                line(out, format!("start: {id} game over {}", outcome.summary()))
            }
            Err(fault) => line(out, format!("start: {id} FAULT {fault}")),
        }
    }
}

fn steps(out: &mut String, run: &CaseRun, classes: &[Class]) {
    let mut i = 0;
    while i < run.steps.len() {
        let quiet = quiet_kind(&run.steps[i]);
        let n = match quiet {
            Some(kind) => {
                let n = run.steps[i..]
                    .iter()
                    .take_while(|s| quiet_kind(s) == Some(kind))
                    .count();
                quiet_block(out, kind, &run.steps[i..i + n]);
                n
            }
            None => {
                step(out, run, classes, &run.steps[i]);
                1
            }
        };
        for s in &run.steps[i..i + n] {
            legal_sets(out, run, s);
        }
        i += n;
    }
}

/// Plays listed in full in a quiet block; longer blocks show the first and last few.
const QUIET_SHOWN: usize = 48;

fn quiet_block(out: &mut String, kind: &str, block: &[StepRecord]) {
    let mut plays: Vec<String> = block.iter().map(|s| s.play.clone()).collect();
    if plays.len() > QUIET_SHOWN {
        let hidden = plays.len() - QUIET_SHOWN;
        let tail = plays.split_off(plays.len() - QUIET_SHOWN / 4);
        plays.truncate(QUIET_SHOWN - QUIET_SHOWN / 4);
        plays.push(format!("… ({hidden} more) …"));
        plays.extend(tail);
    }
    let span = range(block[0].ply, block[block.len() - 1].ply);
    line(out, format!("{span:>7} {kind}: {}", plays.join(" ")));
}

fn range(first: usize, last: usize) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first}-{last}")
    }
}

/// Steps that need no line of their own: all legal, or nobody left playing.
fn quiet_kind(step: &StepRecord) -> Option<&'static str> {
    if step.rulings.iter().all(|r| *r == Ruling::Legal) {
        Some("all legal")
    } else if step.rulings.iter().all(|r| *r == Ruling::Stopped) {
        Some("no referee left")
    } else {
        None
    }
}

/// One step, referees with the same ruling listed together.
fn step(out: &mut String, run: &CaseRun, classes: &[Class], s: &StepRecord) {
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for (id, ruling) in run.referees.iter().zip(&s.rulings) {
        let text = ruling.to_string();
        match groups.iter_mut().find(|(t, _)| *t == text) {
            Some((_, ids)) => ids.push(id),
            None => groups.push((text, vec![id])),
        }
    }
    grouped(
        out,
        classes,
        &format!("{:>7} {} {}", s.ply, s.seat, s.play),
        &groups,
    );
    if let Some(repeats) = &s.repeats {
        line(out, format!("{:>7} repeats: {repeats}", ""));
    }
}

/// Where referees' legal sets before a step differ, which plays only some allow.
fn legal_sets(out: &mut String, run: &CaseRun, s: &StepRecord) {
    let Some(sets) = &s.legal else { return };
    let present: Vec<(&String, &Vec<String>)> = run
        .referees
        .iter()
        .zip(sets)
        .filter_map(|(id, set)| set.as_ref().map(|set| (id, set)))
        .collect();
    let Some((_, first)) = present.first() else {
        return;
    };
    if present.iter().all(|(_, set)| set == first) {
        return;
    }
    let mut text = format!("{:>7} legal sets differ before {}:", "", s.ply);
    for (id, set) in &present {
        let missing: Vec<&str> = present
            .iter()
            .flat_map(|(_, other)| other.iter())
            .filter(|p| !set.contains(p))
            .map(String::as_str)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        if !missing.is_empty() {
            write!(text, " {id} forbids {};", missing.join(" ")).expect("writing to a String");
        }
    }
    line(out, text);
}

/// One line per case run and a total, for the end of `rulediff run`.
pub fn summary(runs: &[CaseRun], errors: usize) -> String {
    let checks = runs.iter().flat_map(|r| &r.expectations);
    let (mut ok, mut failed, mut skipped) = (0, 0, 0);
    for c in checks {
        match c.ok {
            Some(true) => ok += 1,
            Some(false) => failed += 1,
            None => skipped += 1,
        }
    }
    let divergent = runs.iter().filter(|r| !r.divergences.is_empty()).count();
    format!(
        "{} cases ({} with divergences), expectations: {ok} ok, {failed} failed, {skipped} skipped; {errors} case files with errors",
        runs.len(),
        divergent
    )
}
