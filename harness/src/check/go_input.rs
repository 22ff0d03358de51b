//! Arbitrary bytes → a Go game to play: a graph, a player count, and plays chosen by index
//! into the legal plays at each step (so every byte string is a valid game).

use super::super::go::graph::Graph;
use super::super::go::GoSetup;

/// A decoded fuzz input.
#[derive(Debug, Clone)]
pub struct GoInput {
    /// The start: board and players.
    pub setup: GoSetup,
    /// One pick per step: an index into the legal plays then.
    pub picks: Vec<u16>,
}

impl GoInput {
    /// First byte: shape; second: size; third: players (2..=4); the rest: picks (two bytes each).
    /// Edge-list shapes take their edges from the picks' bytes too, so inputs stay short.
    pub fn from_bytes(data: &[u8]) -> Option<GoInput> {
        let (&shape, rest) = data.split_first()?;
        let (&size, rest) = rest.split_first()?;
        let (&players, rest) = rest.split_first()?;
        let n = 1 + size as usize % 7;
        let graph = match shape % 5 {
            0 => Graph::grid(n, 1 + (size as usize / 7) % 7, false),
            1 => Graph::grid(n.max(3), n.max(3), true),
            2 => Graph::path(n + 1),
            3 => Graph::ring(n.max(3)),
            _ => Graph::parse_edges(&edges(n + 2, rest)),
        }
        .ok()?;
        let picks = rest
            .chunks(2)
            .map(|c| u16::from_le_bytes([c[0], *c.get(1).unwrap_or(&0)]))
            .collect();
        Some(GoInput {
            setup: GoSetup::empty(graph, 2 + players as usize % 3),
            picks,
        })
    }
}

fn edges(n: usize, bytes: &[u8]) -> String {
    let mut text: Vec<String> = (0..n).map(|v| format!("v{v}")).collect();
    for pair in bytes.chunks(2).take(2 * n) {
        let (a, b) = (
            pair[0] as usize % n,
            *pair.get(1).unwrap_or(&0) as usize % n,
        );
        if a != b {
            text.push(format!("v{a}-v{b}"));
        }
    }
    text.join(" ")
}
