//! Boards as finite undirected graphs: grids (with or without wrap-around), paths, rings,
//! complete graphs and explicit edge lists. Vertices carry the names that case files use.

use std::collections::HashMap;

use thiserror::Error;

/// Index of a vertex in a [`Graph`].
pub type Vertex = u16;

/// Most vertices a board may have; vertex indices must fit in [`Vertex`] with room for a
/// sentinel.
pub const MAX_VERTICES: usize = 4096;
/// Largest grid side: GTP letters A–Z without I give 25 columns.
pub const MAX_GRID_SIDE: usize = 25;

/// Why a board cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GraphError {
    /// A grid side outside `1..=MAX_GRID_SIDE`.
    #[error("grid {w}x{h} is out of range (each side 1..={MAX_GRID_SIDE})")]
    GridSize {
        /// Width.
        w: usize,
        /// Height.
        h: usize,
    },
    /// More vertices than a board may have.
    #[error("board has {0} vertices; at most {MAX_VERTICES} are supported")]
    TooManyVertices(usize),
    /// No vertex at all.
    #[error("board must have at least one vertex")]
    Empty,
    /// An edge that is not `a-b`.
    #[error("edge `{0}` is not of the form a-b")]
    BadEdge(String),
    /// An edge from a vertex to itself.
    #[error("edge `{0}` joins a vertex to itself")]
    SelfLoop(String),
    /// A shape that names no board.
    #[error("unknown board shape `{0}` (try 9x9, torus:5x5, path:5, ring:6, complete:4)")]
    BadShape(String),
}

/// Grid geometry, kept so that grid boards get GTP coordinates, diagrams and SGF.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Whether the edges wrap around (a torus).
    pub wrap: bool,
}

/// A finite undirected simple graph with named vertices, stored as adjacency arrays.
///
/// ```
/// use rulediff::Graph;
///
/// let board = Graph::parse_shape("9x9")?;
/// assert_eq!((board.len(), board.edge_count()), (81, 144));
/// let corner = board.vertex("A1").expect("named like a Go board");
/// assert_eq!(board.neighbours(corner).len(), 2);
/// // Any graph: a torus has no edge, so every point has four neighbours.
/// let torus = Graph::parse_shape("torus:5x5")?;
/// assert!(torus.vertices().all(|v| torus.neighbours(v).len() == 4));
/// let triangle = Graph::parse_edges("a-b b-c c-a")?;
/// assert_eq!(triangle.neighbours(triangle.vertex("a").unwrap()).len(), 2);
/// # Ok::<(), rulediff::GraphError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    names: Vec<String>,
    offsets: Vec<u32>,
    neighbours: Vec<Vertex>,
    /// Every vertex's neighbours in four slots, in the order of `neighbours`, the unused
    /// slots holding the sentinel `len()`; empty when a vertex has more than four. Boards
    /// walk a vertex's neighbours on every play, and a fixed row of four is one load and no
    /// loop counter (grids, paths and rings all fit).
    quads: Vec<[Vertex; 4]>,
    grid: Option<Grid>,
    /// How the board was described, e.g. `9x9` or `ring:6`.
    description: String,
}

/// GTP column letters: A–Z without I.
const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Graph {
    /// A graph from named vertices and edges between their indices; duplicate edges are merged.
    pub fn from_edges(
        names: Vec<String>,
        edges: &[(usize, usize)],
        description: impl Into<String>,
    ) -> Result<Self, GraphError> {
        let n = names.len();
        if n == 0 {
            return Err(GraphError::Empty);
        }
        if n > MAX_VERTICES {
            return Err(GraphError::TooManyVertices(n));
        }
        let mut adjacency: Vec<Vec<Vertex>> = vec![Vec::new(); n];
        for &(a, b) in edges {
            if a == b {
                return Err(GraphError::SelfLoop(names[a].clone()));
            }
            adjacency[a].push(b as Vertex);
            adjacency[b].push(a as Vertex);
        }
        let mut offsets = Vec::with_capacity(n + 1);
        let mut neighbours = Vec::new();
        offsets.push(0);
        for mut list in adjacency {
            list.sort_unstable();
            list.dedup();
            neighbours.extend(list);
            offsets.push(neighbours.len() as u32);
        }
        let quads = quads(n, &offsets, &neighbours);
        Ok(Graph {
            names,
            offsets,
            neighbours,
            quads,
            grid: None,
            description: description.into(),
        })
    }

    /// A W×H grid with GTP coordinates (A1 bottom left); with `wrap`, a torus.
    pub fn grid(width: usize, height: usize, wrap: bool) -> Result<Self, GraphError> {
        if !(1..=MAX_GRID_SIDE).contains(&width) || !(1..=MAX_GRID_SIDE).contains(&height) {
            return Err(GraphError::GridSize {
                w: width,
                h: height,
            });
        }
        let index = |x: usize, y: usize| y * width + x;
        let mut names = Vec::with_capacity(width * height);
        for y in 0..height {
            for column in &COLUMNS[..width] {
                names.push(format!("{}{}", *column as char, y + 1));
            }
        }
        let mut edges = Vec::new();
        for y in 0..height {
            for x in 0..width {
                if x + 1 < width || (wrap && width > 2) {
                    edges.push((index(x, y), index((x + 1) % width, y)));
                }
                if y + 1 < height || (wrap && height > 2) {
                    edges.push((index(x, y), index(x, (y + 1) % height)));
                }
            }
        }
        let description = if wrap {
            format!("torus:{width}x{height}")
        } else {
            format!("{width}x{height}")
        };
        let mut graph = Graph::from_edges(names, &edges, description)?;
        graph.grid = Some(Grid {
            width,
            height,
            wrap,
        });
        Ok(graph)
    }

    fn numbered(
        n: usize,
        edges: &[(usize, usize)],
        description: String,
    ) -> Result<Self, GraphError> {
        Graph::from_edges((1..=n).map(|i| i.to_string()).collect(), edges, description)
    }

    /// Vertices 1..=n in a line (the same board as a 1×n grid, but with numeric names).
    pub fn path(n: usize) -> Result<Self, GraphError> {
        let edges: Vec<_> = (1..n).map(|i| (i - 1, i)).collect();
        Graph::numbered(n, &edges, format!("path:{n}"))
    }

    /// Vertices 1..=n in a cycle.
    pub fn ring(n: usize) -> Result<Self, GraphError> {
        let mut edges: Vec<_> = (1..n).map(|i| (i - 1, i)).collect();
        if n > 2 {
            edges.push((n - 1, 0));
        }
        Graph::numbered(n, &edges, format!("ring:{n}"))
    }

    /// Every vertex joined to every other.
    pub fn complete(n: usize) -> Result<Self, GraphError> {
        let edges: Vec<_> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        Graph::numbered(n, &edges, format!("complete:{n}"))
    }

    /// Reads one graph in nauty's graph6 format (as `nauty-geng` prints it), vertices named
    /// `1`..`n`.
    pub fn from_graph6(line: &str) -> Result<Self, GraphError> {
        let bad = || GraphError::BadEdge(format!("graph6 `{line}`"));
        let bytes = line.trim().as_bytes();
        let (&first, rest) = bytes.split_first().ok_or_else(bad)?;
        if !(63..=125).contains(&first) || rest.iter().any(|b| !(63..=126).contains(b)) {
            return Err(bad());
        }
        let n = (first - 63) as usize;
        let bits: Vec<bool> = rest
            .iter()
            .flat_map(|b| (0..6).rev().map(move |i| (b - 63) >> i & 1 == 1))
            .collect();
        let pairs = (1..n).flat_map(|j| (0..j).map(move |i| (i, j)));
        let mut text: Vec<String> = (1..=n).map(|v| v.to_string()).collect();
        for (k, (i, j)) in pairs.enumerate() {
            if *bits.get(k).ok_or_else(bad)? {
                text.push(format!("{}-{}", i + 1, j + 1));
            }
        }
        Graph::parse_edges(&text.join(" "))
    }

    /// Parses an edge list such as `a-b b-c c-a d` (a lone name is an isolated vertex).
    /// Vertices are numbered in order of first appearance.
    pub fn parse_edges(text: &str) -> Result<Self, GraphError> {
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut names = Vec::new();
        let mut edges = Vec::new();
        let mut intern = |name: &str, names: &mut Vec<String>| {
            *index.entry(name.to_string()).or_insert_with(|| {
                names.push(name.to_string());
                names.len() - 1
            })
        };
        for token in text.split(|c: char| c.is_whitespace() || c == ',') {
            if token.is_empty() {
                continue;
            }
            let parts: Vec<&str> = token.split('-').collect();
            if parts.iter().any(|p| p.is_empty() || !valid_name(p)) || parts.len() > 2 {
                return Err(GraphError::BadEdge(token.to_string()));
            }
            let a = intern(parts[0], &mut names);
            if let Some(b_name) = parts.get(1) {
                let b = intern(b_name, &mut names);
                edges.push((a, b));
            }
        }
        let description = format!(
            "edges:{}",
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        Graph::from_edges(names, &edges, description)
    }

    /// Parses a shape: `9x9`, `torus:5x5`, `path:5`, `ring:6`, `complete:4`, `edges:a-b b-c`.
    pub fn parse_shape(text: &str) -> Result<Self, GraphError> {
        let text = text.trim();
        let bad = || GraphError::BadShape(text.to_string());
        let count = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        if let Some(rest) = text.strip_prefix("edges:") {
            return Graph::parse_edges(rest);
        }
        let (kind, arg) = text.split_once(':').unwrap_or(("grid", text));
        let size = |n: usize| {
            if n > MAX_VERTICES {
                Err(GraphError::TooManyVertices(n))
            } else {
                Ok(n)
            }
        };
        match kind {
            "grid" | "torus" => {
                let (w, h) = arg.split_once('x').ok_or_else(bad)?;
                Graph::grid(count(w)?, count(h)?, kind == "torus")
            }
            "path" => Graph::path(size(count(arg)?)?),
            "ring" => Graph::ring(size(count(arg)?)?),
            "complete" => Graph::complete(size(count(arg)?)?),
            _ => Err(bad()),
        }
    }

    /// How many vertices it has.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether it has no vertex (never, for a built board).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The vertices joined to `v`.
    #[inline]
    pub fn neighbours(&self, v: Vertex) -> &[Vertex] {
        let v = v as usize;
        &self.neighbours[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Every vertex's neighbours as four slots, unused ones holding the sentinel `len()`
    /// (a vertex no board has), when no vertex has more than four; `None` otherwise.
    #[inline]
    pub fn quads(&self) -> Option<&[[Vertex; 4]]> {
        (!self.quads.is_empty()).then_some(&self.quads[..])
    }

    /// Every vertex, by number.
    pub fn vertices(&self) -> impl Iterator<Item = Vertex> {
        (0..self.names.len()).map(|v| v as Vertex)
    }

    /// The vertex's name (`C3` on a grid, its label on other graphs).
    pub fn name(&self, v: Vertex) -> &str {
        &self.names[v as usize]
    }

    /// Looks a vertex up by name (case-insensitive for grid coordinates).
    pub fn vertex(&self, name: &str) -> Option<Vertex> {
        if let Some(grid) = self.grid {
            return grid_vertex(grid, name);
        }
        self.names
            .iter()
            .position(|n| n == name)
            .map(|v| v as Vertex)
    }

    /// The grid it is, if it is one.
    pub fn grid_shape(&self) -> Option<Grid> {
        self.grid
    }

    /// The board as a case file names it (`9x9`, `ring:6`).
    pub fn description(&self) -> &str {
        &self.description
    }

    /// How many edges it has.
    pub fn edge_count(&self) -> usize {
        self.neighbours.len() / 2
    }

    /// Every edge once, as (smaller, larger) vertex.
    pub fn edges(&self) -> impl Iterator<Item = (Vertex, Vertex)> + '_ {
        self.vertices().flat_map(move |a| {
            self.neighbours(a)
                .iter()
                .filter(move |&&b| a < b)
                .map(move |&b| (a, b))
        })
    }

    /// (column, row from the bottom) of a grid vertex.
    pub fn grid_xy(&self, v: Vertex) -> Option<(usize, usize)> {
        self.grid
            .map(|g| (v as usize % g.width, v as usize / g.width))
    }
}

/// The neighbour rows of [`Graph::quads`], or none if a vertex has more than four.
fn quads(n: usize, offsets: &[u32], neighbours: &[Vertex]) -> Vec<[Vertex; 4]> {
    let lists = offsets
        .windows(2)
        .map(|w| &neighbours[w[0] as usize..w[1] as usize]);
    let mut rows = Vec::with_capacity(n);
    for list in lists {
        if list.len() > 4 {
            return Vec::new();
        }
        let mut row = [n as Vertex; 4];
        row[..list.len()].copy_from_slice(list);
        rows.push(row);
    }
    rows
}

fn valid_name(name: &str) -> bool {
    name.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        && !name.eq_ignore_ascii_case("pass")
        && !name.eq_ignore_ascii_case("appeal")
}

fn grid_vertex(grid: Grid, name: &str) -> Option<Vertex> {
    let name = name.trim();
    let letter = name.chars().next()?.to_ascii_uppercase();
    let x = COLUMNS.iter().position(|&c| c as char == letter)?;
    let y: usize = name[1..].parse().ok()?;
    (x < grid.width && (1..=grid.height).contains(&y)).then(|| ((y - 1) * grid.width + x) as Vertex)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_degrees_and_names() {
        let g = Graph::grid(19, 19, false).unwrap();
        assert_eq!(g.len(), 361);
        assert_eq!(g.edge_count(), 2 * 19 * 18);
        assert_eq!(g.name(0), "A1");
        assert_eq!(g.vertex("t19"), Some(360));
        assert_eq!(g.vertex("I5"), None);
        assert_eq!(g.vertex("A20"), None);
        assert_eq!(g.neighbours(g.vertex("A1").unwrap()).len(), 2);
        assert_eq!(g.neighbours(g.vertex("K10").unwrap()).len(), 4);
    }

    #[test]
    fn torus_has_degree_four_everywhere() {
        let g = Graph::grid(5, 5, true).unwrap();
        assert!(g.vertices().all(|v| g.neighbours(v).len() == 4));
    }

    #[test]
    fn quads_list_the_neighbours_in_order_then_the_sentinel() {
        for shape in [
            "9x9",
            "torus:5x5",
            "1x1",
            "path:3",
            "ring:6",
            "complete:5",
            "edges:a-b c",
        ] {
            let g = Graph::parse_shape(shape).unwrap();
            let sentinel = g.len() as Vertex;
            let Some(quads) = g.quads() else {
                assert!(g.vertices().any(|v| g.neighbours(v).len() > 4), "{shape}");
                continue;
            };
            assert_eq!(quads.len(), g.len(), "{shape}");
            for v in g.vertices() {
                let listed: Vec<Vertex> = quads[v as usize]
                    .iter()
                    .copied()
                    .filter(|&n| n != sentinel)
                    .collect();
                assert_eq!(listed, g.neighbours(v), "{shape} {v}");
                let used = listed.len();
                assert!(quads[v as usize][used..].iter().all(|&n| n == sentinel));
            }
        }
        assert!(Graph::parse_shape("complete:6").unwrap().quads().is_none());
    }

    #[test]
    fn shapes() {
        assert_eq!(Graph::parse_shape("ring:6").unwrap().edge_count(), 6);
        assert_eq!(Graph::parse_shape("complete:5").unwrap().edge_count(), 10);
        assert_eq!(Graph::parse_shape("path:1").unwrap().edge_count(), 0);
        let e = Graph::parse_shape("edges: a-b b-c c-a d").unwrap();
        assert_eq!((e.len(), e.edge_count()), (4, 3));
        assert_eq!(
            Graph::parse_shape("32x32"),
            Err(GraphError::GridSize { w: 32, h: 32 })
        );
        assert!(matches!(
            Graph::parse_shape("ring:100000"),
            Err(GraphError::TooManyVertices(_))
        ));
        assert!(matches!(
            Graph::parse_shape("edges:a-a"),
            Err(GraphError::SelfLoop(_))
        ));
        assert!(matches!(
            Graph::parse_shape("hexagon"),
            Err(GraphError::BadShape(_))
        ));
        assert_eq!(Graph::complete(1024).unwrap().len(), 1024);
    }
}

#[cfg(test)]
mod graph6_tests {
    use super::Graph;

    #[test]
    fn reads_nauty_graph6() {
        // geng's connected graphs on 3 vertices: the path and the triangle.
        let path = Graph::from_graph6("Bg").unwrap();
        assert_eq!((path.len(), path.edge_count()), (3, 2));
        let triangle = Graph::from_graph6("Bw").unwrap();
        assert_eq!((triangle.len(), triangle.edge_count()), (3, 3));
        assert_eq!(Graph::from_graph6("@").unwrap().len(), 1);
        assert!(Graph::from_graph6("B").is_err());
        assert!(Graph::from_graph6("").is_err());
    }
}
