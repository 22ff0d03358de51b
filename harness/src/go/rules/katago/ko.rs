//! KataGo's ko rules in the main phase (`BoardHistory::isLegal`, the `superKoBanned` marks
//! and `getKoHash` in `cpp/game/boardhistory.cpp`, `Board::playMoveAssumeLegal`'s `ko_loc`).
//!
//! - Basic ko, under every ko rule: a play that captured exactly one stone with a stone that
//!   is alone and has one liberty bans the captured point to the next player until another
//!   play or a pass (`ko_loc`).
//! - Superko (positional, situational, Spight): a stone play may not make a ko hash that is
//!   in the history. The ko hash is the board (positional, Spight) or the board and the
//!   player to move (situational, simple); cleanup phases add the ko-recapture blocks.
//!   The history starts with the starting position and gains the position after every
//!   turn; a pass clears it under simple ko and Spight (and in the cleanup phases), taking
//!   the button clears it under every rule.
//! - No result (simple ko, and every cleanup phase): a stone play after which the ko hash
//!   occurs three times in the history ends the game without result.

use super::params::{KoRule, Params};
use crate::go::board::{Board, Colour, EMPTY};
use crate::go::graph::Vertex;
use crate::go::zobrist::to_move_key;
use crate::util::hash::mix;

/// Key of a ko-recapture block on `v` (cleanup phases).
pub fn block_key(v: Vertex) -> u64 {
    mix(0x7E7E_0000_0000_0000 | v as u64)
}

/// `getKoHash`: the position `pos_hash` with `to_move` to move, in `phase`, with the
/// ko-recapture blocks hashing to `blocks`.
pub fn ko_hash(params: &Params, pos_hash: u64, to_move: usize, phase: u8, blocks: u64) -> u64 {
    if params.ko.hashes_player() || phase > 0 {
        pos_hash ^ to_move_key(to_move) ^ blocks
    } else {
        pos_hash ^ blocks
    }
}

/// Whether passes clear the ko history and a pass from a state passed from before ends the
/// phase (`phaseHasSpightlikeEndingAndPassHistoryClearing`).
pub fn spight_like(params: &Params, phase: u8) -> bool {
    phase > 0 || params.ko.spight_like()
}

/// Whether a third occurrence of a state since the last pass voids the game.
pub fn voids_cycles(params: &Params, phase: u8) -> bool {
    phase > 0 || params.ko == KoRule::Simple
}

/// KataGo's `ko_loc` after `colour` played at `v` on `board` (already played), capturing
/// `captured` stones from `before`: the captured point, when exactly one stone was captured
/// and the played stone stands alone with one liberty.
pub fn ko_point(
    board: &Board,
    before: &[Colour],
    v: Vertex,
    colour: Colour,
    captured: u32,
) -> Option<Vertex> {
    if captured != 1 || board.colour(v) != colour {
        return None;
    }
    let graph = board.graph();
    let alone = graph
        .neighbours(v)
        .iter()
        .all(|&n| board.colour(n) != colour);
    if !alone || board.liberties_up_to(v, 2) != 1 {
        return None;
    }
    graph.neighbours(v).iter().copied().find(|&n| {
        before[n as usize] != EMPTY && before[n as usize] != colour && board.colour(n) == EMPTY
    })
}

/// `Board::getKoCaptureLoc`: for `colour` playing at empty `v`, the one opponent stone it
/// would capture as a ko, when every neighbour of `v` is an opponent stone and exactly one
/// of them is a lone stone in atari.
pub fn ko_capture_point(board: &Board, v: Vertex, colour: Colour) -> Option<Vertex> {
    if board.colour(v) != EMPTY {
        return None;
    }
    let mut found = None;
    for &n in board.graph().neighbours(v) {
        let c = board.colour(n);
        if c == EMPTY || c == colour {
            return None;
        }
        if board.liberties_up_to(n, 2) == 1 {
            if found.is_some() {
                return None;
            }
            found = Some(n);
        }
    }
    let n = found?;
    let alone = board
        .graph()
        .neighbours(n)
        .iter()
        .all(|&m| board.colour(m) != board.colour(n));
    alone.then_some(n)
}
