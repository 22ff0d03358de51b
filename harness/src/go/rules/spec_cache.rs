//! What the spec referees cache, which is only what cannot change: the plain plays of one
//! board ([`plain_play`] is a function of the graph, the stones, the point and the colour
//! alone), shared by every spec referee at a campaign step; and per referee an index of the
//! boards of its history, which only ever grows. Each rule is still written as a question
//! about the whole history ("has this board appeared before?"); the index only says where in
//! the history to look, and the boards found are compared in full.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use crate::go::board::{Colour, EMPTY};
use crate::go::graph::{Graph, Vertex};
use crate::go::regions::{plain_play, PlainPlay};
use crate::referee::StepMemo;
use crate::util::hash::mix;

/// A stone play's result and the hash of the board it leaves (see [`board_hash`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// What [`plain_play`] gives.
    pub play: PlainPlay,
    /// [`board_hash`] of `play.cells`.
    pub hash: u64,
}

impl Played {
    /// Plays `colour` at empty `v` of `cells`.
    pub fn new(graph: &Graph, cells: &[Colour], v: Vertex, colour: Colour) -> Played {
        let play = plain_play(graph, cells, v, colour);
        let hash = board_hash(&play.cells);
        Played { play, hash }
    }
}

/// [`Played`] for every empty point of one board and one colour: every spec referee of a
/// campaign's game sees the same board while the game goes on, and asks the same of it.
pub struct PlainPlays {
    graph: Arc<Graph>,
    cells: Vec<Colour>,
    colour: Colour,
    /// Per vertex: `colour` playing there, `None` where it is occupied.
    plays: Vec<Option<Played>>,
}

impl PlainPlays {
    fn of(graph: &Arc<Graph>, cells: &[Colour], colour: Colour) -> PlainPlays {
        let plays = graph
            .vertices()
            .map(|v| (cells[v as usize] == EMPTY).then(|| Played::new(graph, cells, v, colour)))
            .collect();
        PlainPlays {
            graph: graph.clone(),
            cells: cells.to_vec(),
            colour,
            plays,
        }
    }

    /// Whether these are the plays of `colour` on `cells` of `graph`.
    pub fn fits(&self, graph: &Arc<Graph>, cells: &[Colour], colour: Colour) -> bool {
        self.colour == colour
            && (Arc::ptr_eq(&self.graph, graph) || *self.graph == **graph)
            && self.cells == cells
    }

    /// The plays of `colour` on `cells` from `memo`, made and kept there if it holds none
    /// that fits.
    pub fn shared(
        memo: &mut StepMemo,
        graph: &Arc<Graph>,
        cells: &[Colour],
        colour: Colour,
    ) -> Arc<PlainPlays> {
        memo.get_or_make(
            |p: &Arc<PlainPlays>| p.fits(graph, cells, colour),
            || Arc::new(PlainPlays::of(graph, cells, colour)),
        )
        .clone()
    }
}

/// `colour` playing at empty `v` of `cells`: read from `known` where it is the plays of that
/// very board and colour, else played here.
pub fn played<'k>(
    known: Option<&'k PlainPlays>,
    graph: &Arc<Graph>,
    cells: &[Colour],
    v: Vertex,
    colour: Colour,
) -> Cow<'k, Played> {
    let read = known
        .filter(|k| k.fits(graph, cells, colour))
        .and_then(|k| k.plays.get(v as usize))
        .and_then(Option::as_ref);
    match read {
        Some(p) => Cow::Borrowed(p),
        None => Cow::Owned(Played::new(graph, cells, v, colour)),
    }
}

/// A hash of a board's colours, eight points at a time.
pub fn board_hash(cells: &[Colour]) -> u64 {
    let mut chunks = cells.chunks_exact(8);
    let mut h = mix(cells.len() as u64);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        h = mix(h ^ word);
    }
    let mut last = [0u8; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    mix(h ^ u64::from_le_bytes(last))
}

/// The positions of a history (numbered as its owner numbers them) by the hash of their
/// board: where to look for a board, not an answer (see [`BoardIndex::appearances`]).
#[derive(Debug, Clone, Default)]
pub struct BoardIndex {
    by_hash: HashMap<u64, Vec<usize>>,
}

impl BoardIndex {
    /// Forgets every position.
    pub fn clear(&mut self) {
        self.by_hash.clear();
    }

    /// Records that position `at` has a board of hash `hash`.
    pub fn push(&mut self, hash: u64, at: usize) {
        self.by_hash.entry(hash).or_default().push(at);
    }

    /// The positions, oldest first, whose board (as `board_at` gives it) is `board` (of hash
    /// `hash`), compared in full.
    pub fn appearances<'a, B: AsRef<[Colour]> + 'a>(
        &'a self,
        board: &'a [Colour],
        hash: u64,
        board_at: impl Fn(usize) -> B + 'a,
    ) -> impl Iterator<Item = usize> + 'a {
        let candidates = self.by_hash.get(&hash).map_or(&[][..], Vec::as_slice);
        candidates
            .iter()
            .copied()
            .filter(move |&at| board_at(at).as_ref() == board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_found_by_full_comparison() {
        let boards: Vec<Vec<Colour>> = vec![vec![0, 1, 2], vec![1, 1, 0], vec![0, 1, 2]];
        let mut index = BoardIndex::default();
        // One hash for all: the index must still tell the boards apart.
        for at in 0..boards.len() {
            index.push(7, at);
        }
        let found: Vec<usize> = index.appearances(&[0, 1, 2], 7, |at| &boards[at]).collect();
        assert_eq!(found, vec![0, 2]);
        assert_eq!(
            index.appearances(&[0, 1, 2], 8, |at| &boards[at]).count(),
            0
        );
        assert_ne!(board_hash(&[0, 1, 2]), board_hash(&[0, 1, 2, 0]));
    }

    #[test]
    fn shared_plays_are_the_plain_plays() {
        let graph = Arc::new(Graph::grid(3, 3, false).unwrap());
        let cells = vec![0, 1, 0, 2, 1, 0, 0, 2, 0];
        let mut memo = StepMemo::default();
        let known = PlainPlays::shared(&mut memo, &graph, &cells, 2);
        for v in graph.vertices().filter(|&v| cells[v as usize] == 0) {
            let fresh = Played::new(&graph, &cells, v, 2);
            assert_eq!(*played(Some(&known), &graph, &cells, v, 2), fresh);
            // Plays of another colour or board are never read from it.
            assert_eq!(
                *played(Some(&known), &graph, &cells, v, 1),
                Played::new(&graph, &cells, v, 1)
            );
        }
        let other = vec![0; 9];
        assert_eq!(
            *played(Some(&known), &graph, &other, 4, 2),
            Played::new(&graph, &other, 4, 2)
        );
    }
}
