//! SVG diagrams of a Go position on any graph: grids as boards, other graphs with their
//! vertices on a circle, so every edge is visible and every vertex labelled.

use std::fmt::Write as _;

use super::board::{Colour, EMPTY};
use super::graph::{Graph, Vertex};
use super::GoPlay;
use crate::util::escape_html;

const FILL: [&str; 9] = [
    "none", "#111", "#fafafa", "#c62828", "#2e7d32", "#f9a825", "#00838f", "#8e24aa", "#757575",
];
const CELL: f64 = 28.0;

/// The position with the point of `play` ringed.
pub fn svg(graph: &Graph, cells: &[Colour], play: Option<&GoPlay>) -> String {
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
    let wraps = graph.grid_shape().is_some_and(|g| g.wrap);
    for (a, b) in graph.edges() {
        let (p, q) = (at[a as usize], at[b as usize]);
        // Wrap-around edges of a torus would cross the board; a short stub shows them.
        let long = (p.0 - q.0).abs() > CELL * 1.5 || (p.1 - q.1).abs() > CELL * 1.5;
        if wraps && long {
            continue;
        }
        write!(
            out,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#5d4037\"/>",
            p.0, p.1, q.0, q.1
        )
        .expect("String");
    }
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
    if let Some(GoPlay::Stone(v)) = play {
        let (x, y) = at[*v as usize];
        write!(out, "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"#d50000\" stroke-width=\"3\"/>", CELL * 0.3).expect("String");
    }
    out.push_str("</svg>");
    out
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
