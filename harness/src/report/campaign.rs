//! Reports of a random campaign: CSV (one row per divergence signature), a self-contained
//! HTML page with a diagram of every minimized divergence, and a terminal summary.

use std::fmt::Write as _;

use crate::runner::campaign::Results;
use crate::runner::random::SignatureSummary;
use crate::runner::Ruling;
use crate::util::escape_html as esc;

/// One row per signature: how often, which referees ruled how, the shortest case.
pub fn csv(results: &Results) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "signature",
        "count",
        "games",
        "referees",
        "cycle",
        "shortest_found",
        "minimized_plies",
        "case",
        "result",
    ])?;
    for s in &results.signatures {
        let referees: Vec<String> = s
            .rulings
            .iter()
            .map(|(id, r)| format!("{id}={r}"))
            .collect();
        w.write_record([
            s.description.as_str(),
            &s.count.to_string(),
            &s.games.to_string(),
            &referees.join("; "),
            s.signature.cycle.as_deref().unwrap_or(""),
            &s.shortest_found.to_string(),
            &s.minimized_plies.to_string(),
            &s.case_path,
            &result_text(s).join("; "),
        ])?;
    }
    let bytes = w.into_inner().map_err(|e| e.into_error())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A few lines for the terminal.
pub fn summary(results: &Results) -> String {
    let plan = &results.plan;
    let mut out = format!(
        "{} games of {} ({} plies), referees {}: {} divergences in {} signatures, {} long games, {} faults\n",
        results.games_done,
        plan.games,
        results.plies,
        plan.referees.join(","),
        results.divergences(),
        results.signatures.len(),
        results.long_games.len(),
        results.faults.len()
    );
    for s in &results.signatures {
        writeln!(
            out,
            "  {:>6}x in {:>4} games  {}  -> {} ({} plies)",
            s.count,
            s.games,
            s.description,
            s.case_path,
            s.minimized_plies + 1
        )
        .expect("writing to a String");
    }
    if !results.incidents.is_empty() {
        writeln!(
            out,
            "  {} engine faults recovered by restarting and replaying (results.json lists them)",
            results.incidents.len()
        )
        .expect("writing to a String");
    }
    out
}

/// The HTML report: the plan, the table, then one section per signature with its diagram.
pub fn html(results: &Results) -> String {
    let plan = &results.plan;
    let mut out = String::from(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>rulediff campaign</title><style>\
         body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse}\
         td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}section{margin:2em 0;border-top:2px solid #888}\
         code,pre{background:#f4f4f4}.counted{display:flex;gap:1em;flex-wrap:wrap}figure{margin:0}.illegal{color:#b71c1c}.legal{color:#1b5e20}</style></head><body>",
    );
    write!(
        out,
        "<h1>rulediff random campaign</h1><p>{} games of {} (seed {}, at most {} plies each), {} plies in all; referees: <code>{}</code>.</p>\
         <pre>{}</pre><p>{} divergences in {} signatures; {} games reached the ply budget; {} faults.</p>",
        results.games_done,
        plan.games,
        plan.seed,
        plan.max_plies,
        results.plies,
        esc(&plan.referees.join(", ")),
        esc(&plan.setup),
        results.divergences(),
        results.signatures.len(),
        results.long_games.len(),
        results.faults.len()
    )
    .expect("writing to a String");
    table(&mut out, results);
    for (i, s) in results.signatures.iter().enumerate() {
        write!(out, "<section id=\"s{i}\"><h2>{}</h2><p>{} times in {} games; minimized from {} to {} plies before the play. Case: <code>{}</code></p>",
            esc(&s.description), s.count, s.games, s.shortest_found, s.minimized_plies, esc(&s.case_path)).expect("writing to a String");
        out.push_str(&s.svg);
        out.push_str("<ul>");
        for (id, ruling) in &s.rulings {
            let class = if ruling.to_string().starts_with("illegal") {
                "illegal"
            } else {
                "legal"
            };
            write!(
                out,
                "<li><code>{}</code>: <span class=\"{class}\">{}</span></li>",
                esc(id),
                esc(&ruling.to_string())
            )
            .expect("writing to a String");
        }
        out.push_str("</ul>");
        let result = result_text(s);
        if !result.is_empty() {
            write!(out, "<pre>{}</pre>", esc(&result.join("\n"))).expect("writing to a String");
        }
        if !s.cycle_plays.is_empty() {
            write!(
                out,
                "<p>Repeating cycle ({}): <code>{}</code></p>",
                esc(s.signature.cycle.as_deref().unwrap_or("")),
                esc(&s.cycle_plays.join(" "))
            )
            .expect("writing to a String");
        }
        write!(
            out,
            "<details><summary>case file</summary><pre>{}</pre></details></section>",
            esc(&s.case_file)
        )
        .expect("writing to a String");
    }
    if !results.faults.is_empty() {
        out.push_str("<h2>Faults</h2><ul>");
        for f in &results.faults {
            write!(out, "<li>{}</li>", esc(f)).expect("writing to a String");
        }
        out.push_str("</ul>");
    }
    if !results.incidents.is_empty() {
        out.push_str("<h2>Recovered engine faults</h2><ul>");
        for f in &results.incidents {
            write!(out, "<li>{}</li>", esc(f)).expect("writing to a String");
        }
        out.push_str("</ul>");
    }
    out.push_str("</body></html>\n");
    out
}

/// For a result divergence: the kind, each referee's result with its parts, the parts that
/// differ and the dead stones (the board is the section's picture).
fn result_text(s: &SignatureSummary) -> Vec<String> {
    let Some(split) = s.signature.result else {
        return Vec::new();
    };
    let (ids, rulings): (Vec<String>, Vec<Ruling>) = s.rulings.iter().cloned().unzip();
    let mut lines = vec![split.describe().to_string()];
    lines.extend(super::result::divergence_lines(&ids, &rulings, None));
    lines
}

fn table(out: &mut String, results: &Results) {
    out.push_str(
        "<table><tr><th>signature</th><th>count</th><th>games</th><th>minimized plies</th></tr>",
    );
    for (i, s) in results.signatures.iter().enumerate() {
        write!(
            out,
            "<tr><td><a href=\"#s{i}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&s.description),
            s.count,
            s.games,
            s.minimized_plies
        )
        .expect("writing to a String");
    }
    out.push_str("</table>");
}
