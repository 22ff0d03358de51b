//! The `goban` crate (0.20, in process) replaying recorded games: `JAPANESE` for simple ko
//! (ko and suicide forbidden) and `CHINESE` for superko (its superko check added), each play
//! asked with `try_play`, which checks legality and plays.

use std::hint::black_box;

use goban::rules::game::Game;
use goban::rules::{GobanSizes, Move, Rule, CHINESE, JAPANESE};
use rulediff::go::GoPlay;

/// The crate's rule set with our ko rule `id` (`simple-ko` or `psk`).
pub fn rule_for(id: &str) -> Rule {
    match id {
        "psk" => CHINESE,
        _ => JAPANESE,
    }
}

/// Every play of `games` on a `side`×`side` board tried and, if legal, made; the number legal.
pub fn replay(side: usize, rule: Rule, games: &[Vec<GoPlay>]) -> usize {
    let mut legal = 0;
    for game in games {
        let mut board = Game::new(GobanSizes::Custom(side, side), rule);
        for play in game {
            let mv = match *black_box(play) {
                GoPlay::Stone(v) => {
                    Move::Play((v as usize / side) as u8, (v as usize % side) as u8)
                }
                _ => Move::Pass,
            };
            legal += board.try_play(mv).is_ok() as usize;
        }
    }
    legal
}
