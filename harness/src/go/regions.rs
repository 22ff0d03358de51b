//! Strings (GNU Go's worms) and empty regions with their border colours, found by flood fill
//! over a plain array of colours. Slow and obviously right: scoring and the spec referees use
//! it, and the fast board is checked against it.

use super::board::{Colour, EMPTY};
use super::graph::{Graph, Vertex};

/// A maximal connected set of stones of one colour, or of empty points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Worm {
    /// Its colour (`EMPTY` for empty points).
    pub colour: Colour,
    /// Its points.
    pub points: Vec<Vertex>,
    /// Empty points adjacent to the worm (for an empty worm: none).
    pub liberties: Vec<Vertex>,
    /// Bit `c` is set when a stone of colour `c` touches the worm (GNU Go's border colour of
    /// an empty worm: only one bit set means it is surrounded by that colour).
    pub border: u16,
}

impl Worm {
    /// The single colour bordering an empty region, if exactly one does.
    pub fn sole_border(&self) -> Option<Colour> {
        (self.border.count_ones() == 1).then(|| self.border.trailing_zeros() as Colour)
    }
}

/// Every worm on the board, stones and empty regions alike, each listed once.
pub fn worms(graph: &Graph, cells: &[Colour]) -> Vec<Worm> {
    let mut seen = vec![false; cells.len()];
    let mut result = Vec::new();
    for v in graph.vertices() {
        if !seen[v as usize] {
            result.push(worm_at(graph, cells, v, &mut seen));
        }
    }
    result
}

/// Calls `visit` with every empty region and the bit set of colours bordering it (as in
/// [`Worm::border`]). Scoring runs this at the end of every game, so it reuses one buffer.
pub fn empty_regions(graph: &Graph, cells: &[Colour], mut visit: impl FnMut(&[Vertex], u16)) {
    let mut seen = vec![false; cells.len()];
    let mut points = Vec::new();
    for v in graph.vertices() {
        if cells[v as usize] != EMPTY || seen[v as usize] {
            continue;
        }
        points.clear();
        points.push(v);
        seen[v as usize] = true;
        let mut border = 0u16;
        let mut i = 0;
        while i < points.len() {
            for &n in graph.neighbours(points[i]) {
                match cells[n as usize] {
                    EMPTY if !seen[n as usize] => {
                        seen[n as usize] = true;
                        points.push(n);
                    }
                    EMPTY => {}
                    c => border |= 1 << c,
                }
            }
            i += 1;
        }
        visit(&points, border);
    }
}

/// The worm through `start`.
pub fn worm_of(graph: &Graph, cells: &[Colour], start: Vertex) -> Worm {
    worm_at(graph, cells, start, &mut vec![false; cells.len()])
}

fn worm_at(graph: &Graph, cells: &[Colour], start: Vertex, seen: &mut [bool]) -> Worm {
    let colour = cells[start as usize];
    let mut points = vec![start];
    seen[start as usize] = true;
    let mut liberties = Vec::new();
    let mut border = 0u16;
    let mut i = 0;
    while i < points.len() {
        for &n in graph.neighbours(points[i]) {
            let c = cells[n as usize];
            if c == colour {
                if !seen[n as usize] {
                    seen[n as usize] = true;
                    points.push(n);
                }
            } else if c == EMPTY {
                if !liberties.contains(&n) {
                    liberties.push(n);
                }
            } else {
                border |= 1 << c;
            }
        }
        i += 1;
    }
    points.sort_unstable();
    liberties.sort_unstable();
    Worm {
        colour,
        points,
        liberties,
        border,
    }
}

/// Result of a stone play computed on plain arrays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlainPlay {
    /// The board after the play.
    pub cells: Vec<Colour>,
    /// Opponent stones it took off.
    pub captured: u32,
    /// Own stones it took off (suicide, where allowed).
    pub suicided: u32,
}

/// Plays `colour` at empty `v` by the capture rule, then the suicide rule (Kee rules 8–9):
/// every other-coloured string left without liberties goes, then the played string if it has
/// none.
///
/// Each spec referee asks this of every empty point at every step, so it finds strings
/// into two reused buffers rather than building [`Worm`]s (sorted lists, one pair per
/// string: once a quarter of a campaign's time in the allocator).
pub fn plain_play(graph: &Graph, cells: &[Colour], v: Vertex, colour: Colour) -> PlainPlay {
    let mut after = cells.to_vec();
    after[v as usize] = colour;
    let mut seen = vec![false; cells.len()];
    let mut string = Vec::new();
    // Every string is judged on the board with the new stone, before any is taken off (with
    // three or more colours, taking one off would give liberties to another).
    let mut taken = Vec::new();
    for p in graph.vertices() {
        let c = after[p as usize];
        let other = c != EMPTY && c != colour && !seen[p as usize];
        if other && !string_at(graph, &after, p, &mut seen, &mut string) {
            taken.extend_from_slice(&string);
        }
    }
    taken.iter().for_each(|&p| after[p as usize] = EMPTY);
    seen.iter_mut().for_each(|s| *s = false);
    let mut suicided = 0;
    if !string_at(graph, &after, v, &mut seen, &mut string) {
        suicided = string.len() as u32;
        string.iter().for_each(|&p| after[p as usize] = EMPTY);
    }
    PlainPlay {
        cells: after,
        captured: taken.len() as u32,
        suicided,
    }
}

/// Fills `string` with the points of the string through `start` (marking them in `seen`)
/// and says whether it has a liberty.
fn string_at(
    graph: &Graph,
    cells: &[Colour],
    start: Vertex,
    seen: &mut [bool],
    string: &mut Vec<Vertex>,
) -> bool {
    let colour = cells[start as usize];
    string.clear();
    string.push(start);
    seen[start as usize] = true;
    let mut liberty = false;
    let mut i = 0;
    while i < string.len() {
        for &n in graph.neighbours(string[i]) {
            let c = cells[n as usize];
            if c == colour && !seen[n as usize] {
                seen[n as usize] = true;
                string.push(n);
            }
            liberty |= c == EMPTY;
        }
        i += 1;
    }
    liberty
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borders_and_liberties() {
        let g = Graph::grid(3, 1, false).unwrap();
        let cells = [1, EMPTY, 2];
        let all = worms(&g, &cells);
        assert_eq!(all.len(), 3);
        let gap = all.iter().find(|w| w.colour == EMPTY).unwrap();
        assert_eq!(gap.border, (1 << 1) | (1 << 2));
        assert_eq!(gap.sole_border(), None);
        assert_eq!(all[0].liberties, vec![1]);
    }

    /// The capture rule as [`worms`] states it: the definition `plain_play` is checked
    /// against.
    fn by_worms(graph: &Graph, cells: &[Colour], v: Vertex, colour: Colour) -> PlainPlay {
        let mut after = cells.to_vec();
        after[v as usize] = colour;
        let mut captured = 0;
        for worm in worms(graph, &after.clone()) {
            if worm.colour != EMPTY && worm.colour != colour && worm.liberties.is_empty() {
                captured += worm.points.len() as u32;
                worm.points.iter().for_each(|&p| after[p as usize] = EMPTY);
            }
        }
        let own = worm_of(graph, &after, v);
        let mut suicided = 0;
        if own.liberties.is_empty() {
            suicided = own.points.len() as u32;
            own.points.iter().for_each(|&p| after[p as usize] = EMPTY);
        }
        PlainPlay {
            cells: after,
            captured,
            suicided,
        }
    }

    #[test]
    fn plain_play_is_the_worm_definition() {
        // Random boards of three colours on a 5×4 grid and a torus, every empty point
        // played by every colour.
        let graphs = [
            Graph::grid(5, 4, false).unwrap(),
            Graph::grid(4, 4, true).unwrap(),
        ];
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for graph in &graphs {
            for _ in 0..300 {
                let cells: Vec<Colour> = (0..graph.len())
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        (x % 5).min(3) as Colour
                    })
                    .collect();
                for v in graph.vertices().filter(|&v| cells[v as usize] == EMPTY) {
                    for colour in 1..=3 {
                        assert_eq!(
                            plain_play(graph, &cells, v, colour),
                            by_worms(graph, &cells, v, colour)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn capture_before_suicide() {
        // On a 1x3 board: B at A1, W at C1; W plays B1 capturing A1 and survives.
        let g = Graph::grid(3, 1, false).unwrap();
        let r = plain_play(&g, &[1, EMPTY, 2], 1, 2);
        assert_eq!((r.captured, r.suicided), (1, 0));
        assert_eq!(r.cells, vec![EMPTY, 2, 2]);
    }
}
