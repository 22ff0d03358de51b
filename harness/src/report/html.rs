//! The HTML report of a campaign: one self-contained page (no network resources) that leads
//! with the defects, then the disagreement map, the referee classes, a filterable and
//! sortable table of every signature, and one section per signature with its boards.

use std::fmt::Write as _;

use super::analysis::{Analysis, SignatureView};
use super::campaign::{describe, kind, result_text};
use super::map;
use super::number::grouped;
use crate::runner::campaign::Results;
use crate::util::escape_html as esc;

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;max-width:80em;line-height:1.35}\
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}\
th{background:#eee;cursor:pointer}section{margin:1.5em 0}section.sig{border-top:2px solid #888;content-visibility:auto;contain-intrinsic-size:auto 600px}\
code,pre{background:#f4f4f4}pre{white-space:pre-wrap}.defect{color:#b71c1c;font-weight:bold}.difference{color:#1b5e20}\
.boards{display:flex;gap:1em;flex-wrap:wrap;align-items:flex-start}figure{margin:0}figcaption{font-size:.85em;color:#555}\
.strip{display:flex;flex-wrap:wrap;gap:.4em}.strip svg{width:110px;height:auto}\
.pair{display:none;border:1px solid #d50000;padding:.5em}.pair:target{display:block}nav a{margin-right:1em}\
#filters input,#filters select{margin-right:1em}.illegal{color:#b71c1c}.legal{color:#1b5e20}";

/// Sorting and filtering of the signature table; the page reads fine without it. A link
/// ending in `#q=psk&kind=defect` opens the table filtered.
const SCRIPT: &str = "let rdPair=null;function rdApart(r){if(!rdPair)return true;const g=r.dataset.g.split(' '),a=g[rdPair[0]-1],b=g[rdPair[1]-1];\
return a!==undefined&&b!==undefined&&a!=='-'&&b!=='-'&&a!==b}\
function rdFilter(){const q=document.getElementById('q').value.toLowerCase(),k=document.getElementById('kind').value;\
for(const r of document.querySelectorAll('#sigtable tbody tr')){const t=r.textContent.toLowerCase();\
r.hidden=!(t.includes(q)&&(k===''||r.dataset.kind===k)&&rdApart(r))}\
const n=document.getElementById('pairnote');n.innerHTML=rdPair?` classes ${rdPair[0]} and ${rdPair[1]} apart <a href=\"#q=\">show all</a>`:''}\
function rdSort(th){const t=th.closest('table'),b=t.tBodies[0],i=[...th.parentNode.children].indexOf(th),n=th.dataset.num==='1',up=th.dataset.up!=='1';th.dataset.up=up?'1':'0';\
const v=c=>{const s=c.cells[i].dataset.v??c.cells[i].textContent;return n?+s:s};\
[...b.rows].sort((x,y)=>{const a=v(x),c=v(y);return(a<c?-1:a>c?1:0)*(up?1:-1)}).forEach(r=>b.appendChild(r))}\
function rdInit(){const h=location.hash.slice(1);if(!h.includes('='))return;const p=new URLSearchParams(h);\
document.getElementById('q').value=p.get('q')??'';document.getElementById('kind').value=p.get('kind')??'';\
const pr=(p.get('pair')??'').split('-').map(Number);rdPair=pr.length===2&&pr.every(x=>x>0)?pr:null;rdFilter();\
document.getElementById('signatures').scrollIntoView()}\
addEventListener('DOMContentLoaded',rdInit);addEventListener('hashchange',rdInit)";

/// The whole page.
pub fn page(results: &Results) -> String {
    let analysis = Analysis::of(results);
    let mut out = format!(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>rulediff campaign</title><style>{STYLE}</style><script>{SCRIPT}</script></head><body>"
    );
    head(&mut out, results, &analysis);
    defects(&mut out, results, &analysis);
    disagreement_map(&mut out, &analysis);
    classes(&mut out, &analysis);
    table(&mut out, results, &analysis);
    for view in &analysis.signatures {
        signature(&mut out, results, &analysis, view);
    }
    faults(&mut out, results);
    out.push_str("</body></html>\n");
    out
}

fn w(out: &mut String, args: std::fmt::Arguments) {
    out.write_fmt(args).expect("writing to a String");
}

fn head(out: &mut String, results: &Results, analysis: &Analysis) {
    let plan = &results.plan;
    w(
        out,
        format_args!(
            "<h1>rulediff random campaign</h1><p>{} games of {} (seed {}, at most {} plies each), {} plies in all; {} referees in {} classes.</p>\
             <pre>{}</pre><p><b>{} defects</b> and {} expected rule differences: {} divergences in {} signatures; {} games reached the ply budget; {} faults.</p>\
             <nav><a href=\"#defects\">Defects</a><a href=\"#map\">Disagreement map</a><a href=\"#classes\">Referee classes</a><a href=\"#signatures\">All signatures</a></nav>",
            grouped(results.games_done),
            grouped(plan.games),
            plan.seed,
            grouped(plan.max_plies as u64),
            grouped(results.plies),
            plan.referees.len(),
            analysis.classes.len(),
            esc(&plan.setup),
            analysis.defects(),
            analysis.signatures.len() - analysis.defects(),
            grouped(results.divergences() as u64),
            grouped(results.signatures.len() as u64),
            grouped(results.long_games.len() as u64),
            grouped(results.faults.len() as u64)
        ),
    );
}

fn defects(out: &mut String, results: &Results, analysis: &Analysis) {
    w(
        out,
        format_args!(
            "<section id=\"defects\"><h2>Defects ({})</h2><p>Divergences between referees that claim the same rule in the layer they disagree in (legality, end of game, scoring): one of them is wrong.</p>",
            analysis.defects()
        ),
    );
    if analysis.defects() == 0 {
        out.push_str("<p>None: every divergence is between referees that claim different rules (an expected rule difference).</p>");
    }
    out.push_str("<ul>");
    for view in analysis.signatures.iter().filter(|v| v.is_defect()) {
        let s = &results.signatures[view.index];
        w(
            out,
            format_args!(
                "<li class=\"defect\"><a href=\"#s{}\">#{}</a> {} times in {} games<ul>",
                view.index + 1,
                view.index + 1,
                grouped(s.count as u64),
                grouped(s.games as u64)
            ),
        );
        for d in &view.defects {
            w(out, format_args!("<li>{}</li>", esc(&d.describe())));
        }
        out.push_str("</ul></li>");
    }
    out.push_str("</ul></section>");
}

fn disagreement_map(out: &mut String, analysis: &Analysis) {
    out.push_str("<section id=\"map\"><h2>Disagreement map</h2><p>Each cell is a pair of referee classes that ruled apart; darker for more divergent steps, outlined red where a defect is among them. Click a cell for that pair's divergences (also in <code>disagreements.csv</code>).</p>");
    if analysis.pairs.is_empty() {
        out.push_str("<p>No two classes differed.</p>");
    }
    out.push_str(&map::svg(analysis));
    for p in &analysis.pairs {
        let games = if p.games_exact {
            grouped(p.games)
        } else {
            format!("at least {}", grouped(p.games))
        };
        w(
            out,
            format_args!(
                "<div class=\"pair\" id=\"{}\"><b>{}</b> and <b>{}</b>: {} steps in {games} games.<ul>",
                map::pair_anchor(p),
                esc(&analysis.classes[p.a].label()),
                esc(&analysis.classes[p.b].label()),
                grouped(p.steps)
            ),
        );
        for (a, b) in &p.rules {
            w(out, format_args!("<li>{} / {}</li>", esc(a), esc(b)));
        }
        out.push_str("</ul>Divergences: ");
        for i in p.signatures.iter().take(PAIR_LINKS) {
            w(out, format_args!("<a href=\"#s{}\">#{}</a> ", i + 1, i + 1));
        }
        w(
            out,
            format_args!(
                "<a href=\"#pair={}-{}\">all {} in the table</a></div>",
                p.a + 1,
                p.b + 1,
                p.signatures.len()
            ),
        );
    }
    out.push_str("</section>");
}

/// Signatures linked from a map cell; the filtered table lists the rest, so a pair of classes
/// apart in a thousand signatures does not put a thousand links in the page.
const PAIR_LINKS: usize = 12;

/// A row's class groups for the pair filter: the group of each class, by class number,
/// `-` for a class that did not rule (`0 0 1 -`).
fn class_groups(analysis: &Analysis, view: &SignatureView) -> String {
    let mut group = vec![None; analysis.classes.len()];
    for (g, (_, classes)) in view.groups.iter().enumerate() {
        for &c in classes {
            group[c] = Some(g);
        }
    }
    let cells: Vec<String> = group
        .iter()
        .map(|g| g.map_or("-".to_string(), |g| g.to_string()))
        .collect();
    cells.join(" ")
}

fn classes(out: &mut String, analysis: &Analysis) {
    out.push_str("<section id=\"classes\"><h2>Referee classes</h2><p>Referees that ruled identically on every divergence of the campaign (legality and its rule, game end, result and margin), named by their first member that is not an <code>@spec</code> twin.</p><table><thead><tr><th>#</th><th>class</th><th>members</th></tr></thead><tbody>");
    for (i, class) in analysis.classes.iter().enumerate() {
        w(
            out,
            format_args!(
                "<tr id=\"c{}\"><td>{}</td><td><code>{}</code></td><td><details><summary>{} referee{}</summary><code>{}</code></details></td></tr>",
                i + 1,
                i + 1,
                esc(&class.label()),
                class.members.len(),
                if class.members.len() == 1 { "" } else { "s" },
                esc(&class.members.join(", "))
            ),
        );
    }
    out.push_str("</tbody></table></section>");
}

fn table(out: &mut String, results: &Results, analysis: &Analysis) {
    out.push_str("<section id=\"signatures\"><h2>All signatures</h2><div id=\"filters\">Filter: <input id=\"q\" type=\"search\" placeholder=\"class, rule, cycle…\" oninput=\"rdFilter()\"><select id=\"kind\" onchange=\"rdFilter()\"><option value=\"\">every kind</option><option value=\"defect\">defects</option><option value=\"rule difference\">rule differences</option></select><span id=\"pairnote\"></span></div>\
        <table id=\"sigtable\"><thead><tr><th data-num=\"1\" onclick=\"rdSort(this)\">#</th><th onclick=\"rdSort(this)\">kind</th><th onclick=\"rdSort(this)\">classes and rulings</th><th onclick=\"rdSort(this)\">cycle</th><th data-num=\"1\" onclick=\"rdSort(this)\">count</th><th data-num=\"1\" onclick=\"rdSort(this)\">games</th><th data-num=\"1\" onclick=\"rdSort(this)\">plies</th></tr></thead><tbody>");
    for view in &analysis.signatures {
        let s = &results.signatures[view.index];
        w(
            out,
            format_args!(
                "<tr data-kind=\"{}\" data-g=\"{}\"><td data-v=\"{}\"><a href=\"#s{}\">#{}</a></td><td class=\"{}\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                kind(view),
                class_groups(analysis, view),
                view.index + 1,
                view.index + 1,
                view.index + 1,
                css(view),
                kind(view),
                esc(&describe(analysis, results, view)),
                esc(s.signature.cycle.as_deref().unwrap_or("")),
                s.count,
                s.games,
                s.minimized_plies + 1
            ),
        );
    }
    out.push_str("</tbody></table></section>");
}

fn css(view: &SignatureView) -> &'static str {
    if view.is_defect() {
        "defect"
    } else {
        "difference"
    }
}

fn signature(out: &mut String, results: &Results, analysis: &Analysis, view: &SignatureView) {
    let s = &results.signatures[view.index];
    w(
        out,
        format_args!(
            "<section class=\"sig\" id=\"s{}\"><h3>#{} <span class=\"{}\">{}</span></h3><p>{}</p><p>{} times in {} games; the example{} minimized from {} to {} plies before the disputed play.</p>",
            view.index + 1,
            view.index + 1,
            css(view),
            kind(view),
            esc(&describe(analysis, results, view)),
            grouped(s.count as u64),
            grouped(s.games as u64),
            s.game.map_or(String::new(), |g| format!(" (game {g})")),
            s.shortest_found,
            s.minimized_plies
        ),
    );
    if view.is_defect() {
        out.push_str("<ul>");
        for d in &view.defects {
            w(
                out,
                format_args!("<li class=\"defect\">{}</li>", esc(&d.describe())),
            );
        }
        out.push_str("</ul>");
    }
    pictures(out, s);
    rulings(out, analysis, s);
    let result = result_text(s);
    if !result.is_empty() {
        w(out, format_args!("<pre>{}</pre>", esc(&result.join("\n"))));
    }
    if !s.cycle_plays.is_empty() {
        w(
            out,
            format_args!(
                "<p>Repeating cycle ({}): <code>{}</code></p>",
                esc(s.signature.cycle.as_deref().unwrap_or("")),
                esc(&s.cycle_plays.join(" "))
            ),
        );
    }
    if let Some(why) = &s.unminimized {
        w(
            out,
            format_args!(
                "<p>The case is the game as found, not minimized: {}.</p>",
                esc(why)
            ),
        );
    }
    w(
        out,
        format_args!(
            "<p>Replay it (from the report's folder): <code>rulediff run {}</code></p>",
            esc(&s.case_path)
        ),
    );
    case_file(out, s);
    out.push_str("</section>");
}

/// Case files longer than this are linked, not inlined: with a hundred referees a case's
/// expectations run to many kilobytes, and a thousand of them would make the page heavy.
const INLINE_CASE: usize = 4096;

fn case_file(out: &mut String, s: &crate::runner::random::SignatureSummary) {
    if s.case_file.len() <= INLINE_CASE {
        return w(
            out,
            format_args!(
                "<details><summary>{} case</summary><pre>{}</pre></details>",
                if s.unminimized.is_some() {
                    "the"
                } else {
                    "minimized"
                },
                esc(&s.case_file)
            ),
        );
    }
    w(
        out,
        format_args!(
            "<p>Case: <a href=\"{}\">{}</a> ({} KB)</p>",
            esc(&s.case_path),
            esc(&s.case_path),
            s.case_file.len().div_ceil(1024)
        ),
    );
}

/// The boards before and after the disputed play (for a result divergence, the final board
/// as counted), and the repeating cycle as a strip of small boards.
fn pictures(out: &mut String, s: &crate::runner::random::SignatureSummary) {
    let boards = super::boards::of_case_file(&s.case_path, &s.case_file);
    out.push_str("<div class=\"boards\">");
    match (&boards, s.signature.result.is_some()) {
        (_, true) => figure(out, &s.svg, "the final board as each class counted it"),
        (Some(b), false) => {
            figure(out, &b.before, "before the disputed play (marked)");
            figure(
                out,
                &b.after,
                "after it, as the referees that allow it see it",
            );
        }
        (None, false) => figure(out, &s.svg, "before the disputed play (marked)"),
    }
    out.push_str("</div>");
    let Some(b) = boards.filter(|b| !b.cycle.is_empty()) else {
        return;
    };
    out.push_str("<p>The repeating cycle:</p><div class=\"strip\">");
    for (i, (caption, svg)) in b.cycle.iter().enumerate() {
        if b.hidden > 0 && i == super::boards::STRIP / 2 {
            w(
                out,
                format_args!("<figure><p>… {} more …</p></figure>", b.hidden),
            );
        }
        figure(out, svg, caption);
    }
    out.push_str("</div>");
}

fn figure(out: &mut String, svg: &str, caption: &str) {
    w(
        out,
        format_args!(
            "<figure>{svg}<figcaption>{}</figcaption></figure>",
            esc(caption)
        ),
    );
}

/// Each class's ruling on the disputed play.
fn rulings(out: &mut String, analysis: &Analysis, s: &crate::runner::random::SignatureSummary) {
    out.push_str("<ul>");
    for (c, class) in analysis.classes.iter().enumerate() {
        let Some((_, ruling)) = s.rulings.iter().find(|(id, _)| class.members.contains(id)) else {
            continue;
        };
        let text = ruling.to_string();
        let css = if text.starts_with("illegal") {
            "illegal"
        } else {
            "legal"
        };
        w(
            out,
            format_args!(
                "<li><a href=\"#c{}\"><code>{}</code></a>: <span class=\"{css}\">{}</span></li>",
                c + 1,
                esc(&class.label()),
                esc(&text)
            ),
        );
    }
    out.push_str("</ul>");
}

fn faults(out: &mut String, results: &Results) {
    for (title, list) in [
        ("Faults", &results.faults),
        ("Recovered engine faults", &results.incidents),
    ] {
        if list.is_empty() {
            continue;
        }
        w(out, format_args!("<h2>{title}</h2><ul>"));
        for f in list {
            w(out, format_args!("<li>{}</li>", esc(f)));
        }
        out.push_str("</ul>");
    }
}
