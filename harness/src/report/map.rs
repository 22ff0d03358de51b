//! The disagreement map as an SVG heatmap: one row and one column per referee class, a cell
//! per pair that differed, darker for more divergent steps, outlined red where any of their
//! divergences is a defect; each cell links to that pair's divergences (`#pair-A-B`).

use std::fmt::Write as _;

use super::analysis::{Analysis, Pair};
use crate::util::escape_html as esc;

const CELL: usize = 16;
const CHAR: usize = 7;

/// The anchor of a pair's divergences in the HTML report.
pub fn pair_anchor(p: &Pair) -> String {
    format!("pair-{}-{}", p.a + 1, p.b + 1)
}

/// The heatmap; an empty string where no two classes differed.
pub fn svg(analysis: &Analysis) -> String {
    if analysis.pairs.is_empty() {
        return String::new();
    }
    let n = analysis.classes.len();
    let names: Vec<String> = analysis
        .classes
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{} {}", i + 1, c.label()))
        .collect();
    let margin = 8 + CHAR * names.iter().map(|s| s.chars().count()).max().unwrap_or(0);
    let size = margin + n * CELL + 4;
    let most = analysis
        .pairs
        .iter()
        .map(|p| p.steps)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" width=\"{size}\" height=\"{size}\" viewBox=\"0 0 {size} {size}\" font-family=\"monospace\" font-size=\"11\">"
    );
    for (i, name) in names.iter().enumerate() {
        let at = margin + i * CELL + CELL / 2 + 4;
        write!(
            out,
            "<text x=\"{}\" y=\"{at}\" text-anchor=\"end\">{}</text><text transform=\"translate({at},{}) rotate(-90)\" text-anchor=\"start\">{}</text>",
            margin - 4,
            esc(name),
            margin - 4,
            esc(name)
        )
        .expect("writing to a String");
    }
    for p in &analysis.pairs {
        // Both halves, so a reader can follow a row or a column.
        for (row, col) in [(p.a, p.b), (p.b, p.a)] {
            cell(&mut out, analysis, p, row, col, margin, most);
        }
    }
    out.push_str("</svg>");
    out
}

fn cell(
    out: &mut String,
    analysis: &Analysis,
    p: &Pair,
    row: usize,
    col: usize,
    margin: usize,
    most: f64,
) {
    // Log scale: counts run from one step to tens of millions.
    let shade = ((p.steps as f64).ln_1p() / most.ln_1p()).clamp(0.0, 1.0);
    let light = 92.0 - 62.0 * shade;
    let stroke = if p.defect {
        "stroke=\"#d50000\" stroke-width=\"2\""
    } else {
        "stroke=\"#fff\""
    };
    let games = if p.games_exact {
        p.games.to_string()
    } else {
        format!("at least {}", p.games)
    };
    write!(
        out,
        "<a href=\"#{}\"><rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"hsl(215,70%,{light:.0}%)\" {stroke}><title>{} / {}: {} steps in {games} games{}</title></rect></a>",
        pair_anchor(p),
        margin + col * CELL,
        margin + row * CELL,
        esc(&analysis.classes[row].label()),
        esc(&analysis.classes[col].label()),
        p.steps,
        if p.defect { " (defect)" } else { "" },
    )
    .expect("writing to a String");
}
