//! Go's part in random campaigns: a plain board to steer the move choice toward captures,
//! the cycle a play would close, case-file keys for a setup, and SVG diagrams of any graph.

use std::cell::RefCell;
use std::fmt::Write as _;

use super::board::{Board, Colour, Effect, Scratch, EMPTY};
use super::graph::{Graph, Vertex};
use super::{colour_of, Go, GoPlay, GoSetup, SEAT_NAMES};
use crate::family::{CountedBoard, Explore, Ruled};
use crate::referee::Tally;
use crate::util::hashset::HashSet64;

/// The board as the fast referees keep it, and the hash of every board seen so far (after
/// each play, the start first), so that weighing a play and naming the cycle it closes cost
/// a board analysis and a hash lookup, not flood fills and board comparisons.
#[derive(Debug, Clone)]
pub struct GoState {
    /// The current board.
    pub board: Board,
    /// The hash of every board so far, the start first.
    pub history: Vec<u64>,
    seen: HashSet64,
    /// The seat to move.
    pub to_move: usize,
    /// The board before each stone play still standing, so that a rescinded one (Kee Rules)
    /// can be taken back.
    before_stones: Vec<Vec<Colour>>,
    /// Working space for [`Board::analyze`], which weighing needs from a shared state.
    scratch: RefCell<Scratch>,
}

impl GoState {
    /// The colour of every vertex.
    pub fn cells(&self) -> &[Colour] {
        self.board.cells()
    }

    /// What a stone of the player to move at empty `v` would do.
    fn effect(&self, v: Vertex) -> Effect {
        let colour = colour_of(self.to_move);
        self.board
            .analyze(v, colour, &mut self.scratch.borrow_mut())
    }
}

impl Explore for Go {
    type State = GoState;

    fn initial(setup: &GoSetup) -> GoState {
        let board = Board::with_stones(setup.graph.clone(), &setup.stones);
        let mut seen = HashSet64::default();
        seen.insert(board.hash());
        GoState {
            history: vec![board.hash()],
            board,
            seen,
            to_move: setup.to_move,
            scratch: RefCell::new(Scratch::default()),
            before_stones: Vec::new(),
        }
    }

    fn advance(setup: &GoSetup, state: &mut GoState, play: &GoPlay) {
        Self::advance_ruled(setup, state, play, Ruled::default());
    }

    /// A pass after which the referees give the passer the move again took back his last stone
    /// play still standing (Kee rule 13): the board goes back to before it. A play the
    /// referees say changed nothing (KataGo's unblock action), or a stone on an occupied
    /// point (which only a broken engine accepts), leaves the board as it was: placing it
    /// would make a board no referee has, and one whose strings need not even be sound.
    fn advance_ruled(setup: &GoSetup, state: &mut GoState, play: &GoPlay, ruled: Ruled) {
        let mover = state.to_move;
        match *play {
            GoPlay::Stone(v) if ruled.unchanged || !empty_point(&state.board, v) => {}
            GoPlay::Stone(v) => {
                state.before_stones.push(state.board.cells().to_vec());
                let colour = colour_of(mover);
                state.board.play_stone(v, colour, state.scratch.get_mut());
            }
            _ if ruled.next == Some(mover) => {
                if let Some(before) = state.before_stones.pop() {
                    // Rare (a rescind), so the board is rebuilt rather than undone.
                    state.board = Board::with_stones(setup.graph.clone(), &before);
                }
            }
            _ => {}
        }
        state.history.push(state.board.hash());
        state.seen.insert(state.board.hash());
        state.to_move = ruled.next.unwrap_or(if mover + 1 == setup.players {
            0
        } else {
            mover + 1
        });
    }

    fn weight(setup: &GoSetup, state: &GoState, play: &GoPlay) -> u32 {
        match *play {
            GoPlay::Stone(v) if state.board.colour(v) == EMPTY => {
                let after = state.effect(v);
                if after.captured > 0 {
                    // Captures open repetitions; recreating an earlier board closes one.
                    if state.seen.contains(after.hash_after) {
                        40
                    } else {
                        12
                    }
                } else if atari_on_neighbour(&setup.graph, &state.board, v) {
                    4
                } else {
                    2
                }
            }
            GoPlay::Stone(_) => 0,
            GoPlay::Pass => 1,
            GoPlay::Appeal => 3,
        }
    }

    fn cycle(_setup: &GoSetup, state: &GoState, play: &GoPlay) -> Option<(String, usize)> {
        let GoPlay::Stone(v) = *play else { return None };
        if state.board.colour(v) != EMPTY {
            return None;
        }
        let after = state.effect(v);
        if !state.seen.contains(after.hash_after) {
            return None;
        }
        let back = state
            .history
            .iter()
            .rev()
            .position(|&h| h == after.hash_after)?
            + 1;
        let kind = if back == 2 && after.captured == 1 {
            "basic ko".to_string()
        } else {
            format!("cycle of {back} plies")
        };
        Some((kind, back))
    }

    fn first_occurrence(_setup: &GoSetup, state: &GoState, play: &GoPlay) -> Option<usize> {
        let GoPlay::Stone(v) = *play else { return None };
        if state.board.colour(v) != EMPTY {
            return None;
        }
        let after = state.effect(v).hash_after;
        let at = state.history.iter().position(|&h| h == after)?;
        Some(state.history.len() - at)
    }

    fn setup_keys(setup: &GoSetup) -> String {
        let mut out = format!(
            "board = {:?}\nplayers = {}\n",
            setup.graph.description(),
            setup.players
        );
        if setup.to_move != 0 {
            writeln!(out, "to_move = {:?}", SEAT_NAMES[setup.to_move])
                .expect("writing to a String");
        }
        if setup.stones.iter().any(|&c| c != EMPTY) {
            writeln!(out, "setup = \"\"\"\n{}\"\"\"", diagram(setup)).expect("writing to a String");
        }
        if let Some(komi) = &setup.komi {
            let list: Vec<String> = komi.iter().map(|k| k.to_string()).collect();
            writeln!(out, "komi = [{}]", list.join(", ")).expect("writing to a String");
        }
        out
    }

    fn svg(setup: &GoSetup, state: &GoState, play: Option<&GoPlay>) -> String {
        super::diagram::svg(&setup.graph, state.cells(), play)
    }

    fn counted_board(
        setup: &GoSetup,
        state: &GoState,
        counts: &[(String, &Tally)],
    ) -> Option<CountedBoard> {
        Some(super::diagram::counted(
            &setup.graph,
            setup.players,
            state.cells(),
            counts,
        ))
    }

    /// The board after `plays` as a start position (stones and the seat to move), with the
    /// board, players, komi and agreements kept: a start that knows nothing of the history.
    /// Campaigns take it only where the divergence still shows from it, so a long random game
    /// that ended in a cycle becomes a case that starts where the cycle does.
    fn reroot(setup: &GoSetup, plays: &[GoPlay]) -> Option<GoSetup> {
        let mut state = Go::initial(setup);
        for play in plays {
            Go::advance(setup, &mut state, play);
        }
        Some(GoSetup {
            stones: state.cells().to_vec(),
            to_move: state.to_move,
            ..setup.clone()
        })
    }
}

/// The board after every play, as the family plays them (a stone on an occupied point,
/// which every referee refuses, is skipped): the board a game is counted on.
pub fn final_board(setup: &GoSetup, plays: &[GoPlay]) -> Board {
    let mut state = Go::initial(setup);
    for play in plays {
        if let GoPlay::Stone(v) = play {
            if state.board.colour(*v) != EMPTY {
                continue;
            }
        }
        Go::advance(setup, &mut state, play);
    }
    state.board
}

/// Whether a stone at `v` would touch a string with at most two liberties.
fn atari_on_neighbour(graph: &Graph, board: &Board, v: Vertex) -> bool {
    graph
        .neighbours(v)
        .iter()
        .any(|&n| board.colour(n) != EMPTY && board.liberties_up_to(n, 3) <= 2)
}

/// The setup diagram as case files write it: grid rows top first, else one symbol per vertex.
fn diagram(setup: &GoSetup) -> String {
    let symbol = |c: Colour| {
        if c == EMPTY {
            '.'
        } else {
            SEAT_NAMES[c as usize - 1].chars().next().unwrap_or('?')
        }
    };
    match setup.graph.grid_shape() {
        Some(grid) => (0..grid.height)
            .rev()
            .map(|y| {
                let row: Vec<String> = (0..grid.width)
                    .map(|x| symbol(setup.stones[y * grid.width + x]).to_string())
                    .collect();
                row.join(" ") + "\n"
            })
            .collect(),
        None => setup.stones.iter().map(|&c| symbol(c)).collect::<String>() + "\n",
    }
}

/// Whether `v` is an empty point of the board (an engine may accept a play off it).
fn empty_point(board: &Board, v: Vertex) -> bool {
    board.cells().get(v as usize) == Some(&EMPTY)
}
