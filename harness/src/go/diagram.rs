//! SVG diagrams of a Go position on any graph: grids as boards, other graphs with their
//! vertices on a circle, so every edge is visible and every vertex labelled.

use std::fmt::Write as _;

use super::board::{Colour, EMPTY};
use super::graph::{Graph, Vertex};
use super::{GoPlay, SEAT_NAMES};
use crate::family::CountedBoard;
use crate::referee::Tally;
use crate::util::escape_html;

const FILL: [&str; 9] = [
    "none", "#111", "#fafafa", "#c62828", "#2e7d32", "#f9a825", "#00838f", "#8e24aa", "#757575",
];
const CELL: f64 = 28.0;

/// The position with the point of `play` ringed.
pub fn svg(graph: &Graph, cells: &[Colour], play: Option<&GoPlay>) -> String {
    svg_marked(graph, cells, play, None)
}

/// A counted final board: the position with each dead stone crossed and each point a
/// player counted marked with a small square of that player's colour.
fn svg_marked(
    graph: &Graph,
    cells: &[Colour],
    play: Option<&GoPlay>,
    tally: Option<&Tally>,
) -> String {
    let at: Vec<(f64, f64)> = match graph.grid_shape() {
        Some(grid) => (0..graph.len())
            .map(|v| {
                let (x, y) = (v % grid.width, grid.height - 1 - v / grid.width);
                (CELL * (x as f64 + 1.0), CELL * (y as f64 + 1.0))
            })
            .collect(),
        None => circle(graph.len()),
    };
    let width = at.iter().map(|p| p.0).fold(0.0, f64::max) + CELL;
    let height = at.iter().map(|p| p.1).fold(0.0, f64::max) + CELL;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\">\
         <rect width=\"100%\" height=\"100%\" fill=\"#e8c17a\"/>"
    );
    edges(&mut out, graph, &at);
    for v in 0..graph.len() {
        let (x, y) = at[v];
        let c = cells[v];
        if c != EMPTY {
            write!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{}\" stroke=\"#000\"/>",
                CELL * 0.45,
                FILL[c as usize]
            )
            .expect("String");
        }
        if graph.grid_shape().is_none() {
            write!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" fill=\"#333\">{}</text>",
                x + 9.0,
                y - 9.0,
                escape_html(graph.name(v as Vertex))
            )
            .expect("String");
        }
    }
    if let Some(tally) = tally {
        marks(&mut out, graph, &at, tally);
    }
    if let Some(GoPlay::Stone(v)) = play {
        let (x, y) = at[*v as usize];
        write!(out, "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"#d50000\" stroke-width=\"3\"/>", CELL * 0.3).expect("String");
    }
    out.push_str("</svg>");
    out
}

/// Every edge in one path: a board of hundreds of edges stays a few kilobytes, which keeps
/// a report with a thousand boards light.
fn edges(out: &mut String, graph: &Graph, at: &[(f64, f64)]) {
    let wraps = graph.grid_shape().is_some_and(|g| g.wrap);
    let mut d = String::new();
    for (a, b) in graph.edges() {
        let (p, q) = (at[a as usize], at[b as usize]);
        // Wrap-around edges of a torus would cross the whole board; they are left out.
        let long = (p.0 - q.0).abs() > CELL * 1.5 || (p.1 - q.1).abs() > CELL * 1.5;
        if wraps && long {
            continue;
        }
        write!(d, "M{} {}L{} {}", num(p.0), num(p.1), num(q.0), num(q.1)).expect("String");
    }
    if !d.is_empty() {
        write!(out, "<path d=\"{d}\" stroke=\"#5d4037\" fill=\"none\"/>").expect("String");
    }
}

/// A coordinate in as few characters as it needs (`28`, `140.5`).
fn num(x: f64) -> String {
    let tenths = (x * 10.0).round();
    if tenths % 10.0 == 0.0 {
        format!("{}", tenths / 10.0)
    } else {
        format!("{:.1}", tenths / 10.0)
    }
}

fn circle(n: usize) -> Vec<(f64, f64)> {
    let radius = (n as f64 * CELL / std::f64::consts::TAU).max(CELL * 1.5);
    (0..n)
        .map(|i| {
            let angle = std::f64::consts::TAU * i as f64 / n as f64;
            (
                radius + CELL + radius * angle.cos(),
                radius + CELL + radius * angle.sin(),
            )
        })
        .collect()
}

/// Crosses on dead stones, squares on counted points.
fn marks(out: &mut String, graph: &Graph, at: &[(f64, f64)], tally: &Tally) {
    let owners = tally.owners.as_bytes();
    for (v, &(x, y)) in at.iter().enumerate() {
        if let Some(seat) = owners
            .get(v)
            .and_then(|&b| SEAT_NAMES.iter().position(|s| s.as_bytes()[0] == b))
        {
            let side = CELL * 0.3;
            write!(
                out,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{side:.1}\" height=\"{side:.1}\" fill=\"{}\" stroke=\"#555\"/>",
                x - side / 2.0,
                y - side / 2.0,
                FILL[seat + 1]
            )
            .expect("String");
        }
    }
    for name in &tally.dead {
        let Some(v) = graph.vertex(name) else {
            continue;
        };
        let (x, y) = at[v as usize];
        let r = CELL * 0.3;
        write!(
            out,
            "<path d=\"M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}\" stroke=\"#d50000\" stroke-width=\"3\"/>",
            x - r, y - r, x + r, y + r, x - r, y + r, x + r, y - r
        )
        .expect("String");
    }
}

/// The final board once per distinct way of counting it, captioned with the referees that
/// counted it so: text diagrams side by side and SVG pictures in a row.
pub fn counted(
    graph: &Graph,
    players: usize,
    cells: &[Colour],
    counts: &[(String, &Tally)],
) -> CountedBoard {
    let mut views: Vec<(Vec<&str>, &Tally)> = Vec::new();
    for (id, tally) in counts {
        match views
            .iter_mut()
            .find(|(_, t)| t.owners == tally.owners && t.dead == tally.dead)
        {
            Some((ids, _)) => ids.push(id),
            None => views.push((vec![id.as_str()], *tally)),
        }
    }
    let blocks: Vec<Vec<String>> = views
        .iter()
        .map(|(ids, tally)| {
            let mut block = vec![ids.join(", ")];
            block.extend(text_rows(graph, players, cells, tally));
            block
        })
        .collect();
    let mut text = side_by_side(&blocks);
    text.push_str(&legend(players));
    let mut svg = String::from("<div class=\"counted\">");
    for (ids, tally) in &views {
        write!(
            svg,
            "<figure>{}<figcaption>{}</figcaption></figure>",
            svg_marked(graph, cells, None, Some(tally)),
            escape_html(&ids.join(", "))
        )
        .expect("String");
    }
    svg.push_str("</div>");
    CountedBoard { text, svg }
}

/// One symbol per vertex: a live stone, a dead stone, a counted empty point, or `.`.
fn symbol(players: usize, cell: Colour, dead: bool, owner: u8) -> char {
    let seat_letter = |c: Colour| SEAT_NAMES[c as usize - 1].chars().next().unwrap_or('?');
    match (cell, dead) {
        (EMPTY, _) if owner == b'.' || owner == 0 => '.',
        (EMPTY, _) => (owner as char).to_ascii_lowercase(),
        (c, false) if players == 2 => ['X', 'O'][c as usize - 1],
        (c, false) => seat_letter(c),
        (c, true) if players == 2 => ['x', 'o'][c as usize - 1],
        (_, true) => '*',
    }
}

fn text_rows(graph: &Graph, players: usize, cells: &[Colour], tally: &Tally) -> Vec<String> {
    let owners = tally.owners.as_bytes();
    let dead: Vec<Vertex> = tally.dead.iter().filter_map(|n| graph.vertex(n)).collect();
    let at = |v: usize| {
        symbol(
            players,
            cells[v],
            dead.contains(&(v as Vertex)),
            owners.get(v).copied().unwrap_or(b'.'),
        )
    };
    match graph.grid_shape() {
        Some(grid) => {
            let columns: String = (0..grid.width)
                .map(|x| {
                    let name = graph.name(x as Vertex);
                    format!(" {}", name.trim_end_matches(|c: char| c.is_ascii_digit()))
                })
                .collect();
            let mut rows = vec![format!("   {columns}")];
            for y in (0..grid.height).rev() {
                let row: String = (0..grid.width)
                    .map(|x| format!(" {}", at(y * grid.width + x)))
                    .collect();
                rows.push(format!("{:>3}{row}", y + 1));
            }
            rows
        }
        None => vec![(0..graph.len())
            .map(|v| format!("{}:{}", graph.name(v as Vertex), at(v)))
            .collect::<Vec<_>>()
            .join(" ")],
    }
}

fn side_by_side(blocks: &[Vec<String>]) -> String {
    let height = blocks.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = blocks
        .iter()
        .map(|b| b.iter().map(|l| l.chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in 0..height {
        let mut line = String::new();
        for (block, width) in blocks.iter().zip(&widths) {
            let cell = block.get(row).map_or("", String::as_str);
            write!(line, "{cell:<width$}    ").expect("String");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn legend(players: usize) -> String {
    if players == 2 {
        "X O stones, x o stones taken off as dead, b w empty points counted for B / W, . no one's\n"
            .into()
    } else {
        "B W R… stones, * stones taken off as dead, b w r… empty points counted for that seat, . no one's\n"
            .into()
    }
}
