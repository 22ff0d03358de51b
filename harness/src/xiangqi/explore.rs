//! Xiangqi's part in random campaigns: move weights that make repetitions common (moves that
//! return to an earlier position, that undo the mover's last move, that check or attack), the
//! cycle a move would close, case-file keys for a setup, and board diagrams.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::board::{Move, Position};
use super::movegen::{attacked, in_check, targets};
use super::{fen, Xiangqi, XqSetup};
use crate::family::Explore;

/// The position, when each position was last and first seen (by hash), and the moves so far.
#[derive(Debug, Clone)]
pub struct XqState {
    /// The current position.
    pub pos: Position,
    seen: HashMap<u64, usize>,
    first_seen: HashMap<u64, usize>,
    moves: Vec<Move>,
}

impl XqState {
    fn plies(&self) -> usize {
        self.moves.len()
    }
}

impl Explore for Xiangqi {
    type State = XqState;

    fn initial(setup: &XqSetup) -> XqState {
        let mut state = XqState {
            pos: setup.start.clone(),
            seen: HashMap::from([(setup.start.hash(), 0)]),
            first_seen: HashMap::from([(setup.start.hash(), 0)]),
            moves: Vec::new(),
        };
        for mv in &setup.history {
            Self::advance(setup, &mut state, mv);
        }
        state
    }

    fn advance(_setup: &XqSetup, state: &mut XqState, play: &Move) {
        state.pos.make(*play);
        state.moves.push(*play);
        let (hash, plies) = (state.pos.hash(), state.plies());
        state.seen.insert(hash, plies);
        state.first_seen.entry(hash).or_insert(plies);
    }

    fn weight(_setup: &XqSetup, state: &XqState, play: &Move) -> u32 {
        let mut after = state.pos.clone();
        let capture = after.at(play.to).is_some();
        after.make(*play);
        if state.seen.contains_key(&after.hash()) {
            return 50;
        }
        let n = state.moves.len();
        if n >= 2 && state.moves[n - 2] == Move::new(play.to, play.from) {
            return 20;
        }
        if capture {
            return 2;
        }
        // Attacks on the opponent's pieces make chases, above all on the piece that just
        // fled; fleeing makes them perpetual.
        let them = after.to_move();
        let fled = state.moves.last().map(|m| m.to);
        let (mut attacks, mut follows) = (false, false);
        targets(&after, play.to, |to| {
            attacks |= after.at(to).is_some_and(|p| p.colour == them);
            follows |= Some(to) == fled;
        });
        if follows {
            return 20;
        }
        if in_check(&after, them) {
            return 10;
        }
        if attacked(&state.pos, play.from, them) {
            return 10;
        }
        if attacks {
            6
        } else {
            1
        }
    }

    fn cycle(_setup: &XqSetup, state: &XqState, play: &Move) -> Option<(String, usize)> {
        // Minimization asks about a play after histories it shortened, where it may be no move.
        state.pos.at(play.from)?;
        let mut after = state.pos.clone();
        after.make(*play);
        let at = state.seen.get(&after.hash())?;
        let back = state.plies() + 1 - at;
        Some((format!("cycle of {back} plies"), back))
    }

    fn first_occurrence(_setup: &XqSetup, state: &XqState, play: &Move) -> Option<usize> {
        state.pos.at(play.from)?;
        let mut after = state.pos.clone();
        after.make(*play);
        let at = state.first_seen.get(&after.hash())?;
        Some(state.plies() + 1 - at)
    }

    fn setup_keys(setup: &XqSetup) -> String {
        let mut out = format!(
            "fen = {:?}\nranks = \"{}\"\n",
            fen::format(&setup.start),
            setup.ranks
        );
        if !setup.history.is_empty() {
            let moves: Vec<String> = setup
                .history
                .iter()
                .map(|&m| setup.ranks.format(m))
                .collect();
            writeln!(out, "history = {:?}", moves.join(" ")).expect("writing to a String");
        }
        out
    }

    fn svg(_setup: &XqSetup, state: &XqState, play: Option<&Move>) -> String {
        super::diagram::svg(&state.pos, play)
    }

    fn reroot(setup: &XqSetup, plays: &[Move]) -> Option<XqSetup> {
        let mut pos = setup.current();
        for &mv in plays {
            pos.make(mv);
        }
        Some(XqSetup::new(pos, setup.ranks))
    }
}
