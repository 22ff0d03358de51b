//! Other programs' boards replaying the games `go_plays` records, in the same criterion group:
//! the `goban` crate (a dependency, always) and KataGo's board (only when its source is given).

pub mod goban;
pub mod katago;

use rulediff::go::GoPlay;

/// The games as flat arrays for a foreign board: every play as its vertex (a pass as -1),
/// and where each game starts in that list, with the end of the last one after it.
pub struct Flat {
    pub plays: Vec<i32>,
    pub starts: Vec<i64>,
}

impl Flat {
    pub fn new(games: &[Vec<GoPlay>]) -> Self {
        let mut flat = Flat {
            plays: Vec::new(),
            starts: vec![0],
        };
        for game in games {
            flat.plays.extend(game.iter().map(|play| match play {
                GoPlay::Stone(v) => i32::from(*v),
                _ => -1,
            }));
            flat.starts.push(flat.plays.len() as i64);
        }
        flat
    }
}
