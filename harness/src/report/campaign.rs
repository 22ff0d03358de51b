//! Reports of a random campaign: CSV (one row per divergence signature, one per referee
//! class, one per pair of classes that differed), a self-contained HTML page, and a terminal
//! summary. Every one leads with defects, then the expected rule differences, and speaks in
//! referee classes ([`super::analysis`]).

use super::analysis::{Analysis, SignatureView};
use super::number::grouped;
use crate::runner::campaign::Results;
use crate::runner::random::SignatureSummary;
use crate::runner::Ruling;

/// Terminal lines are cut to this many columns.
pub const COLUMNS: usize = 120;

/// A signature in classes: `psk + 3: illegal (superko-positional) | simple-ko: legal [basic ko]`.
pub fn describe(analysis: &Analysis, results: &Results, view: &SignatureView) -> String {
    let s = &results.signatures[view.index];
    let groups: Vec<String> = view
        .groups
        .iter()
        .map(|(ruling, classes)| format!("{}: {ruling}", labels(analysis, classes)))
        .collect();
    let mut text = groups.join(" | ");
    if let Some(cycle) = &s.signature.cycle {
        text += &format!(" [{cycle}]");
    }
    if let Some(result) = s.signature.result {
        text += &format!(" [{}]", result.describe());
    }
    text
}

fn labels(analysis: &Analysis, classes: &[usize]) -> String {
    classes
        .iter()
        .map(|&c| analysis.classes[c].label())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `defect` or `rule difference`.
pub fn kind(view: &SignatureView) -> &'static str {
    if view.is_defect() {
        "defect"
    } else {
        "rule difference"
    }
}

/// One row per signature, defects first, in classes.
pub fn csv(results: &Results) -> Result<String, csv::Error> {
    let analysis = Analysis::of(results);
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "kind",
        "signature",
        "count",
        "games",
        "classes",
        "cycle",
        "shortest_found",
        "minimized_plies",
        "case",
        "result",
        "defects",
    ])?;
    for view in &analysis.signatures {
        let s = &results.signatures[view.index];
        let defects: Vec<String> = view.defects.iter().map(|d| d.describe()).collect();
        w.write_record([
            kind(view),
            &describe(&analysis, results, view),
            &s.count.to_string(),
            &s.games.to_string(),
            &class_rulings(&analysis, s),
            s.signature.cycle.as_deref().unwrap_or(""),
            &s.shortest_found.to_string(),
            &s.minimized_plies.to_string(),
            &s.case_path,
            &result_text(s).join("; "),
            &defects.join("; "),
        ])?;
    }
    finish(w)
}

/// Each class's ruling on the final play: `psk + 3=illegal (superko-positional); …`.
pub fn class_rulings(analysis: &Analysis, s: &SignatureSummary) -> String {
    analysis
        .classes
        .iter()
        .filter_map(|class| {
            let ruling = s
                .rulings
                .iter()
                .find(|(id, _)| class.members.contains(id))?;
            Some(format!("{}={}", class.label(), ruling.1))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn finish(w: csv::Writer<Vec<u8>>) -> Result<String, csv::Error> {
    let bytes = w.into_inner().map_err(|e| e.into_error())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// One row per referee class: its name, label and every member.
pub fn classes_csv(results: &Results) -> Result<String, csv::Error> {
    let analysis = Analysis::of(results);
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["class", "label", "size", "members"])?;
    for class in &analysis.classes {
        w.write_record([
            class.name.as_str(),
            &class.label(),
            &class.members.len().to_string(),
            &class.members.join(" "),
        ])?;
    }
    finish(w)
}

/// The disagreement map: one row per pair of classes that differed.
pub fn map_csv(results: &Results) -> Result<String, csv::Error> {
    let analysis = Analysis::of(results);
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "class_a",
        "class_b",
        "steps",
        "games",
        "games_exact",
        "defect",
        "rules",
        "signatures",
    ])?;
    for p in &analysis.pairs {
        let rules: Vec<String> = p.rules.iter().map(|(a, b)| format!("{a} / {b}")).collect();
        let signatures: Vec<String> = p.signatures.iter().map(|i| format!("#{}", i + 1)).collect();
        w.write_record([
            analysis.classes[p.a].label().as_str(),
            &analysis.classes[p.b].label(),
            &p.steps.to_string(),
            &p.games.to_string(),
            &p.games_exact.to_string(),
            &p.defect.to_string(),
            &rules.join("; "),
            &signatures.join(" "),
        ])?;
    }
    finish(w)
}

/// Cuts a line to [`COLUMNS`] characters, ending a cut one with `…`.
pub fn fit(line: &str) -> String {
    if line.chars().count() <= COLUMNS {
        return line.to_string();
    }
    let mut cut: String = line.chars().take(COLUMNS - 1).collect();
    cut.push('…');
    cut
}

/// Words wrapped to [`COLUMNS`], each line after the first indented by `indent`.
pub fn wrap(words: &[String], first: &str, indent: usize) -> Vec<String> {
    let mut lines = vec![first.to_string()];
    for word in words {
        let last = lines.last_mut().expect("one line at least");
        if last.chars().count() + 1 + word.chars().count() > COLUMNS
            && last.trim().chars().count() > 0
            && last.chars().count() > indent
        {
            lines.push(format!("{:indent$}{word}", ""));
        } else {
            if !last.is_empty() && !last.ends_with(' ') {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

/// A few lines for the terminal, none wider than [`COLUMNS`]: totals, the defects, the
/// expected rule differences, the classes (every member with `verbose`).
pub fn summary(results: &Results, verbose: bool) -> String {
    let plan = &results.plan;
    let analysis = Analysis::of(results);
    let mut lines = vec![format!(
        "{} games of {} ({} plies), {} referees in {} classes",
        grouped(results.games_done),
        grouped(plan.games),
        grouped(results.plies),
        plan.referees.len(),
        analysis.classes.len(),
    )];
    let defects = analysis.defects() as u64;
    lines.push(format!(
        "{} divergences in {} signatures, {} defects, {} expected rule differences; {} long games, {} faults",
        grouped(results.divergences() as u64),
        grouped(results.signatures.len() as u64),
        grouped(defects),
        grouped(analysis.signatures.len() as u64 - defects),
        grouped(results.long_games.len() as u64),
        grouped(results.faults.len() as u64)
    ));
    let (defects, differences): (Vec<&SignatureView>, Vec<&SignatureView>) =
        analysis.signatures.iter().partition(|v| v.is_defect());
    for (title, views) in [
        (
            "defects (referees that claim the same rule ruled apart; `rulediff run DIR/CASE`):",
            &defects,
        ),
        (
            "expected rule differences (replay a case with `rulediff run DIR/CASE`):",
            &differences,
        ),
    ] {
        if views.is_empty() {
            continue;
        }
        lines.push(title.to_string());
        for view in views {
            signature_lines(&mut lines, &analysis, results, view);
        }
    }
    classes_lines(&mut lines, &analysis, verbose);
    if !results.incidents.is_empty() {
        let recovered = results
            .incidents
            .iter()
            .filter(|i| i.ends_with("recovered"))
            .count();
        lines.push(if recovered == results.incidents.len() {
            format!(
                "{recovered} engine faults recovered by restarting and replaying (results.json lists them)"
            )
        } else {
            format!(
                "{} engine faults, {recovered} recovered by restarting and replaying (results.json lists them)",
                results.incidents.len()
            )
        });
    }
    let mut out = String::new();
    for line in lines {
        out.push_str(&fit(&line));
        out.push('\n');
    }
    out
}

/// A signature: a head line, a line per ruling with the classes that gave it (wrapped),
/// the defects, and the case that replays it.
fn signature_lines(
    lines: &mut Vec<String>,
    analysis: &Analysis,
    results: &Results,
    view: &SignatureView,
) {
    let s = &results.signatures[view.index];
    let mut head = format!(
        "  #{} {}x in {} games",
        view.index + 1,
        grouped(s.count as u64),
        grouped(s.games as u64)
    );
    if let Some(cycle) = &s.signature.cycle {
        head += &format!(" [{cycle}]");
    }
    if let Some(result) = s.signature.result {
        head += &format!(" [{}]", result.describe());
    }
    lines.push(head);
    for (ruling, classes) in &view.groups {
        let names: Vec<String> = classes
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let comma = if i + 1 < classes.len() { "," } else { "" };
                format!("{}{comma}", analysis.classes[c].label())
            })
            .collect();
        lines.extend(wrap(&names, &format!("      {ruling}:"), 8));
    }
    for d in &view.defects {
        lines.push(format!("      DEFECT {}", d.describe()));
    }
    let whole = match s.unminimized {
        Some(_) => ", not minimized",
        None => "",
    };
    let case = format!(
        "    {} ({} plies{whole})",
        s.case_path,
        s.minimized_plies + 1
    );
    lines.push(if case.chars().count() <= COLUMNS {
        case
    } else {
        format!("    {}", s.case_path)
    });
}

fn classes_lines(lines: &mut Vec<String>, analysis: &Analysis, verbose: bool) {
    if verbose {
        lines.push("referee classes (referees that ruled identically at every step):".into());
        for class in &analysis.classes {
            let n = class.members.len();
            let members: Vec<String> = class
                .members
                .iter()
                .enumerate()
                .map(|(i, m)| format!("{m}{}", if i + 1 < n { "," } else { "" }))
                .collect();
            lines.extend(wrap(&members, &format!("  {}:", class.label()), 4));
        }
        return;
    }
    let n = analysis.classes.len();
    let labels: Vec<String> = analysis
        .classes
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{}{}", c.label(), if i + 1 < n { "," } else { "" }))
        .collect();
    lines.extend(wrap(&labels, "classes (--verbose lists every member):", 2));
}

/// The HTML report (see [`super::html`]).
pub fn html(results: &Results) -> String {
    super::html::page(results)
}

/// For a result divergence: the kind, each referee's result with its parts, the parts that
/// differ and the dead stones (the board is the section's picture).
pub fn result_text(s: &SignatureSummary) -> Vec<String> {
    let Some(split) = s.signature.result else {
        return Vec::new();
    };
    let (ids, rulings): (Vec<String>, Vec<Ruling>) = s.rulings.iter().cloned().unzip();
    let mut lines = vec![split.describe().to_string()];
    lines.extend(super::result::divergence_lines(
        &ids,
        &rulings,
        None,
        &|members| members.join(", "),
    ));
    lines
}
