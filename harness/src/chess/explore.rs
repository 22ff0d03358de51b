//! Chess in random campaigns: move weights that push games toward repetitions — knight and
//! king shuffles, moves that undo the mover's last move or recreate an earlier position by
//! any route (transpositions), king moves that give up castling rights, and pawn double
//! steps beside an enemy pawn (en passant possible or merely a double step) — plus the cycle a
//! move closes, the FEN of a setup, SVG diagrams, and the 75-move bound every FIDE game obeys.

use shakmaty::{Move, Position, Role};

use super::line::Line;
use super::position::fide_key;
use super::{legal_move, Chess, ChessSetup};
use crate::family::Explore;

/// The line so far and the FIDE key of every position on it.
#[derive(Clone, Debug)]
pub struct ChessState {
    /// The positions and moves.
    pub line: Line,
    /// The FIDE key of each position of the line.
    pub keys: Vec<u64>,
}

impl ChessState {
    /// Plies back to the latest earlier position equal to the one after `m` (reversible
    /// moves only: nothing else can recreate a position).
    fn back_to_equal(&self, m: Move) -> Option<usize> {
        let pos = self.line.pos();
        if pos.is_irreversible(m) {
            return None;
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        let key = fide_key(&after);
        let n = self.keys.len();
        self.keys.iter().rposition(|k| *k == key).map(|j| n - j)
    }

    /// As [`ChessState::back_to_equal`], to the earliest equal position.
    fn back_to_first_equal(&self, m: Move) -> Option<usize> {
        self.back_to_equal(m)?;
        let mut after = self.line.pos().clone();
        after.play_unchecked(m);
        let key = fide_key(&after);
        let n = self.keys.len();
        self.keys.iter().position(|k| *k == key).map(|j| n - j)
    }

    /// Did the mover's previous move go from `m`'s target to `m`'s origin?
    fn undoes_last(&self, m: Move) -> bool {
        let n = self.line.moves.len();
        n >= 2 && {
            let last = self.line.moves[n - 2];
            last.from() == Some(m.to()) && last.to() == m.from().expect("no drops in chess")
        }
    }
}

fn double_step_weight(pos: &super::Pos, m: Move) -> u32 {
    let to = m.to();
    let beside = [to.offset(1), to.offset(-1)]
        .into_iter()
        .flatten()
        .filter(|sq| sq.rank() == to.rank())
        .any(|sq| pos.board().piece_at(sq) == Some(Role::Pawn.of(!pos.turn())));
    if beside {
        8
    } else {
        3
    }
}

impl Explore for Chess {
    type State = ChessState;

    fn initial(setup: &ChessSetup) -> ChessState {
        ChessState {
            keys: vec![fide_key(&setup.start)],
            line: Line::new(setup.start.clone()),
        }
    }

    fn advance(_setup: &ChessSetup, state: &mut ChessState, play: &Self::Play) {
        if let Some(m) = legal_move(state.line.pos(), play) {
            state.line.push(m);
            state.keys.push(fide_key(state.line.pos()));
        }
    }

    fn weight(_setup: &ChessSetup, state: &ChessState, play: &Self::Play) -> u32 {
        let pos = state.line.pos();
        let Some(m) = legal_move(pos, play) else {
            return 0;
        };
        match m {
            Move::EnPassant { .. } => 3,
            Move::Castle { .. } => 3,
            Move::Normal {
                capture: Some(_), ..
            } => 1,
            Move::Normal {
                role: Role::Pawn,
                from,
                to,
                ..
            } => {
                if from.distance(to) == 2 {
                    double_step_weight(pos, m)
                } else {
                    1
                }
            }
            _ if state.back_to_equal(m).is_some() => 40,
            _ if state.undoes_last(m) => 25,
            _ if pos.is_irreversible(m) => 6,
            Move::Normal {
                role: Role::Knight | Role::King,
                ..
            } => 10,
            _ => 3,
        }
    }

    fn cycle(
        _setup: &ChessSetup,
        state: &ChessState,
        play: &Self::Play,
    ) -> Option<(String, usize)> {
        let m = legal_move(state.line.pos(), play)?;
        let back = state.back_to_equal(m)?;
        Some((format!("cycle of {back} plies"), back))
    }

    fn first_occurrence(
        _setup: &ChessSetup,
        state: &ChessState,
        play: &Self::Play,
    ) -> Option<usize> {
        state.back_to_first_equal(legal_move(state.line.pos(), play)?)
    }

    fn setup_keys(setup: &ChessSetup) -> String {
        format!("fen = {:?}\n", setup.fen)
    }

    fn svg(_setup: &ChessSetup, state: &ChessState, play: Option<&Self::Play>) -> String {
        let marked: Vec<shakmaty::Square> = match play {
            Some(shakmaty::uci::UciMove::Normal { from, to, .. }) => vec![*from, *to],
            _ => Vec::new(),
        };
        super::diagram::svg(state.line.pos(), &marked)
    }

    /// FIDE 9.6.2: 75 moves by each player without a capture or pawn move end every game.
    fn past_bound(_setup: &ChessSetup, state: &ChessState) -> bool {
        state.line.pos().halfmoves() >= 150
    }
}
