//! [`Analysis`]: what every stone play would do on one board for one colour, worked out once
//! per campaign step for every Go referee of the game (fast ko rules, KataGo's, Kee's), which
//! all see the same board while the game goes on.

use std::sync::Arc;

use crate::go::board::{Board, Colour, Effect, Scratch, EMPTY};
use crate::go::graph::{Graph, Vertex};
use crate::referee::StepMemo;

/// [`Board::analyze`] of every empty vertex, with the board and colour it is of. An effect
/// depends on nothing else (the graph, the stones, the colour to play), so any referee whose
/// board has the same graph and stones may read it instead of analyzing again.
pub struct Analysis {
    graph: Arc<Graph>,
    cells: Vec<Colour>,
    colour: Colour,
    /// Per vertex: the effect of `colour` playing there, `None` where it is occupied.
    effects: Vec<Option<Effect>>,
}

impl Analysis {
    fn of(board: &Board, colour: Colour) -> Analysis {
        let mut scratch = Scratch::default();
        let effects = (0..board.cells().len() as Vertex)
            .map(|v| (board.colour(v) == EMPTY).then(|| board.analyze(v, colour, &mut scratch)))
            .collect();
        Analysis {
            graph: board.graph().clone(),
            cells: board.cells().to_vec(),
            colour,
            effects,
        }
    }

    /// Whether this is the analysis of `board` for `colour`.
    fn fits(&self, board: &Board, colour: Colour) -> bool {
        self.colour == colour
            && Arc::ptr_eq(&self.graph, board.graph())
            && self.cells == board.cells()
    }

    /// The analysis of `board` for `colour` from `memo`, made and kept there if it holds
    /// none that fits.
    pub fn shared<'m>(memo: &'m mut StepMemo, board: &Board, colour: Colour) -> &'m Analysis {
        memo.get_or_make(
            |a: &Analysis| a.fits(board, colour),
            || Analysis::of(board, colour),
        )
    }
}

/// What playing `colour` at empty vertex `v` of `board` would do: read from `known`, the
/// analysis [`Analysis::shared`] gave for this board, else analyzed here.
#[inline(always)]
pub fn effect(
    known: Option<&Analysis>,
    board: &Board,
    v: Vertex,
    colour: Colour,
    scratch: &mut Scratch,
) -> Effect {
    let read = known
        .filter(|a| a.colour == colour)
        .and_then(|a| a.effects.get(v as usize).copied().flatten());
    read.unwrap_or_else(|| board.analyze(v, colour, scratch))
}
