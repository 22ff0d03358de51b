//! Go's part in random campaigns: a plain board to steer the move choice toward captures,
//! the cycle a play would close, case-file keys for a setup, and SVG diagrams of any graph.

use std::fmt::Write as _;

use super::board::{Colour, EMPTY};
use super::graph::Graph;
use super::regions::{plain_play, worm_of};
use super::{colour_of, Go, GoPlay, GoSetup, SEAT_NAMES};
use crate::family::Explore;

/// The board and every board seen so far (after each play, the start first).
#[derive(Debug, Clone)]
pub struct GoState {
    pub cells: Vec<Colour>,
    pub seen: Vec<Vec<Colour>>,
    pub to_move: usize,
    /// The board before each stone play still standing, so that a rescinded one (Kee Rules)
    /// can be taken back.
    pub before_stones: Vec<Vec<Colour>>,
}

impl Explore for Go {
    type State = GoState;

    fn initial(setup: &GoSetup) -> GoState {
        GoState {
            cells: setup.stones.clone(),
            seen: vec![setup.stones.clone()],
            to_move: setup.to_move,
            before_stones: Vec::new(),
        }
    }

    fn advance(setup: &GoSetup, state: &mut GoState, play: &GoPlay) {
        Self::advance_seated(setup, state, play, None);
    }

    /// A pass after which the referees give the passer the move again took back his last stone
    /// play still standing (Kee rule 13): the board goes back to before it.
    fn advance_seated(setup: &GoSetup, state: &mut GoState, play: &GoPlay, next: Option<usize>) {
        let mover = state.to_move;
        match *play {
            GoPlay::Stone(v) => {
                let after = plain_play(&setup.graph, &state.cells, v, colour_of(mover)).cells;
                state
                    .before_stones
                    .push(std::mem::replace(&mut state.cells, after));
            }
            _ if next == Some(mover) => {
                if let Some(before) = state.before_stones.pop() {
                    state.cells = before;
                }
            }
            _ => {}
        }
        state.seen.push(state.cells.clone());
        state.to_move = next.unwrap_or((mover + 1) % setup.players);
    }

    fn weight(setup: &GoSetup, state: &GoState, play: &GoPlay) -> u32 {
        match *play {
            GoPlay::Stone(v) => {
                let after = plain_play(&setup.graph, &state.cells, v, colour_of(state.to_move));
                if after.captured > 0 {
                    // Captures open repetitions; recreating an earlier board closes one.
                    if state.seen.contains(&after.cells) {
                        40
                    } else {
                        12
                    }
                } else if atari_on_neighbour(&setup.graph, &state.cells, v) {
                    4
                } else {
                    2
                }
            }
            GoPlay::Pass => 1,
            GoPlay::Appeal => 3,
        }
    }

    fn cycle(setup: &GoSetup, state: &GoState, play: &GoPlay) -> Option<(String, usize)> {
        let GoPlay::Stone(v) = *play else { return None };
        let after = plain_play(&setup.graph, &state.cells, v, colour_of(state.to_move));
        let back = state.seen.iter().rev().position(|b| *b == after.cells)? + 1;
        let kind = if back == 2 && after.captured == 1 {
            "basic ko".to_string()
        } else {
            format!("cycle of {back} plies")
        };
        Some((kind, back))
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
        super::diagram::svg(&setup.graph, &state.cells, play)
    }
}

/// Whether a stone at `v` would touch a string with at most two liberties.
fn atari_on_neighbour(graph: &Graph, cells: &[Colour], v: u16) -> bool {
    graph
        .neighbours(v)
        .iter()
        .any(|&n| cells[n as usize] != EMPTY && worm_of(graph, cells, n).liberties.len() <= 2)
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
