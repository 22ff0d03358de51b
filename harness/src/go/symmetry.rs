//! Graph automorphisms: the symmetries of a Go board. Go's rules mention only which points
//! are joined, so a permutation of the points that keeps every edge an edge maps each game to
//! a game with the same rulings and the same count (every ruleset here: captures, suicide,
//! every repetition rule and area or territory counting are stated in terms of adjacency
//! alone). Exhaustive search uses that to treat a state and its images as one.

use super::graph::{Graph, Vertex};
use super::{Go, GoPlay, GoSetup};
use crate::family::Symmetric;

/// A permutation of the vertices that maps edges to edges: `image[v]` is where `v` goes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Automorphism {
    /// Where each vertex goes.
    pub image: Vec<Vertex>,
}

impl Automorphism {
    /// The map that moves nothing, on `n` vertices.
    pub fn identity(n: usize) -> Self {
        Automorphism {
            image: (0..n as Vertex).collect(),
        }
    }

    /// Where `v` goes.
    #[inline]
    pub fn apply(&self, v: Vertex) -> Vertex {
        self.image[v as usize]
    }
}

/// Up to `limit` automorphisms of `graph`, the identity first, found by backtracking over the
/// vertices in breadth-first order: each vertex goes to an unused vertex of the same degree
/// whose adjacency to the images placed so far matches.
pub fn automorphisms(graph: &Graph, limit: usize) -> Vec<Automorphism> {
    let n = graph.len();
    let order = bfs_order(graph);
    let mut search = Search {
        graph,
        order: &order,
        image: vec![Vertex::MAX; n],
        used: vec![false; n],
        found: Vec::new(),
        limit: limit.max(1),
    };
    search.extend(0);
    // The identity is found first (every vertex tries itself first), but say so plainly.
    let identity = Automorphism::identity(n);
    search.found.retain(|a| *a != identity);
    search.found.insert(0, identity);
    search.found.truncate(limit.max(1));
    search.found
}

struct Search<'a> {
    graph: &'a Graph,
    order: &'a [Vertex],
    image: Vec<Vertex>,
    used: Vec<bool>,
    found: Vec<Automorphism>,
    limit: usize,
}

impl Search<'_> {
    fn extend(&mut self, k: usize) {
        if self.found.len() >= self.limit {
            return;
        }
        if k == self.order.len() {
            self.found.push(Automorphism {
                image: self.image.clone(),
            });
            return;
        }
        let v = self.order[k];
        let n = self.graph.len() as Vertex;
        // Try `v` itself first so the identity comes out first.
        let candidates = std::iter::once(v).chain((0..n).filter(move |&w| w != v));
        for w in candidates {
            if self.used[w as usize] || !self.fits(k, v, w) {
                continue;
            }
            self.image[v as usize] = w;
            self.used[w as usize] = true;
            self.extend(k + 1);
            self.used[w as usize] = false;
            self.image[v as usize] = Vertex::MAX;
        }
    }

    /// Whether `v ↦ w` agrees with every vertex placed before it.
    fn fits(&self, k: usize, v: Vertex, w: Vertex) -> bool {
        let g = self.graph;
        g.neighbours(v).len() == g.neighbours(w).len()
            && self.order[..k]
                .iter()
                .all(|&u| adjacent(g, v, u) == adjacent(g, w, self.image[u as usize]))
    }
}

fn adjacent(graph: &Graph, a: Vertex, b: Vertex) -> bool {
    graph.neighbours(a).binary_search(&b).is_ok()
}

/// Every vertex, component by component, each in breadth-first order, so that each vertex
/// after the first of its component has a placed neighbour to constrain it.
fn bfs_order(graph: &Graph) -> Vec<Vertex> {
    let n = graph.len();
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for start in graph.vertices() {
        if seen[start as usize] {
            continue;
        }
        seen[start as usize] = true;
        let mut head = order.len();
        order.push(start);
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &w in graph.neighbours(v) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    order.push(w);
                }
            }
        }
    }
    order
}

impl Symmetric for Go {
    type Map = Automorphism;

    fn symmetries(setup: &GoSetup, limit: usize) -> Vec<Automorphism> {
        automorphisms(&setup.graph, limit)
    }

    fn map_setup(map: &Automorphism, setup: &GoSetup) -> GoSetup {
        let mut image = setup.clone();
        for (v, &c) in setup.stones.iter().enumerate() {
            image.stones[map.apply(v as Vertex) as usize] = c;
        }
        image.dead = setup.dead.iter().map(|&v| map.apply(v)).collect();
        image.seki = setup.seki.iter().map(|&v| map.apply(v)).collect();
        image
    }

    fn map_play(map: &Automorphism, play: &GoPlay) -> GoPlay {
        match *play {
            GoPlay::Stone(v) => GoPlay::Stone(map.apply(v)),
            other => other,
        }
    }

    fn compose(first: &Automorphism, second: &Automorphism) -> Automorphism {
        Automorphism {
            image: first.image.iter().map(|&v| second.apply(v)).collect(),
        }
    }

    fn inverse(map: &Automorphism) -> Automorphism {
        let mut image = vec![0; map.image.len()];
        for (v, &w) in map.image.iter().enumerate() {
            image[w as usize] = v as Vertex;
        }
        Automorphism { image }
    }

    fn is_identity(map: &Automorphism) -> bool {
        map.image.iter().enumerate().all(|(v, &w)| v == w as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(shape: &str) -> usize {
        automorphisms(&Graph::parse_shape(shape).unwrap(), 100_000).len()
    }

    #[test]
    fn group_orders_of_familiar_boards() {
        assert_eq!(count("1x1"), 1);
        assert_eq!(count("path:5"), 2);
        assert_eq!(count("2x2"), 8);
        assert_eq!(count("2x3"), 4);
        assert_eq!(count("3x3"), 8);
        assert_eq!(count("ring:6"), 12);
        assert_eq!(count("complete:5"), 120);
        // The star K1,3: the centre is fixed, the leaves permute freely.
        assert_eq!(count("edges:c-a c-b c-d"), 6);
        // Two components: the lone point and the edge swap nothing with each other.
        assert_eq!(count("edges:a-b c"), 2);
    }

    #[test]
    fn every_automorphism_keeps_edges_and_the_identity_comes_first() {
        let g = Graph::parse_shape("3x3").unwrap();
        let all = automorphisms(&g, 100);
        assert!(Go::is_identity(&all[0]));
        for a in &all {
            for (x, y) in g.edges() {
                assert!(adjacent(&g, a.apply(x), a.apply(y)));
            }
            let back = Go::compose(a, &Go::inverse(a));
            assert!(Go::is_identity(&back));
        }
        assert_eq!(automorphisms(&g, 3).len(), 3);
    }
}
