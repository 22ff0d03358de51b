//! A Go board written the way an engine author writes one (a ko point instead of a history,
//! captures found from the neighbours of the stone just played), wired into rulediff's
//! differential check. Copy this file's pattern into your own repository: implement
//! [`Referee`] for your board, then let random games compare its legal plays with a
//! rulediff ruleset at every step.
//!
//! `cargo run --release --example engine_board` plays 200 games on 9×9 against `simple-ko`
//! and prints the first difference, if any; `cargo test --release --example engine_board`
//! runs the same check as a test.

use rand::seq::SliceRandom;
use rulediff::game_rng;
use rulediff::Graph;
use rulediff::{Fault, Go, GoPlay, GoSetup, Referee, Refereed, Status, Verdict};

/// An engine's board: stones, whose turn, and the one point that simple ko forbids.
#[derive(Default)]
pub struct EngineBoard {
    neighbours: Vec<Vec<usize>>,
    cells: Vec<u8>,
    to_move: u8,
    ko: Option<usize>,
    passes: usize,
}

impl EngineBoard {
    /// The stones of the string at `v` and its number of liberties (counted once each).
    fn string(&self, v: usize) -> (Vec<usize>, usize) {
        let (mut stones, mut liberties) = (vec![v], Vec::new());
        let mut i = 0;
        while i < stones.len() {
            for &n in &self.neighbours[stones[i]] {
                if self.cells[n] == 0 && !liberties.contains(&n) {
                    liberties.push(n);
                } else if self.cells[n] == self.cells[v] && !stones.contains(&n) {
                    stones.push(n);
                }
            }
            i += 1;
        }
        (stones, liberties.len())
    }

    /// Plays a stone if it is legal: the board after it, with its new ko point.
    fn place(&self, v: usize) -> Result<EngineBoard, &'static str> {
        if self.cells[v] != 0 {
            return Err("occupied");
        }
        if self.ko == Some(v) {
            return Err("ko");
        }
        let mut next = EngineBoard {
            neighbours: self.neighbours.clone(),
            cells: self.cells.clone(),
            to_move: 3 - self.to_move,
            ko: None,
            passes: 0,
        };
        next.cells[v] = self.to_move;
        let mut captured = Vec::new();
        for &n in &self.neighbours[v] {
            if next.cells[n] == 3 - self.to_move && next.string(n).1 == 0 {
                for s in next.string(n).0 {
                    next.cells[s] = 0;
                    captured.push(s);
                }
            }
        }
        let (own, liberties) = next.string(v);
        if liberties == 0 {
            return Err("suicide");
        }
        if captured.len() == 1 && own.len() == 1 && liberties == 1 {
            next.ko = Some(captured[0]);
        }
        Ok(next)
    }
}

impl Referee<Go> for EngineBoard {
    fn id(&self) -> &str {
        "engine-board"
    }
    fn start(&mut self, setup: &GoSetup) -> Result<(), Fault> {
        if setup.players != 2 {
            return Err(Fault::Unsupported {
                detail: "engine-board plays two players only".into(),
            });
        }
        let graph = &setup.graph;
        self.neighbours = (0..graph.len())
            .map(|v| {
                graph
                    .neighbours(v as u16)
                    .iter()
                    .map(|&n| n as usize)
                    .collect()
            })
            .collect();
        self.cells = setup.stones.clone();
        (self.to_move, self.ko, self.passes) = (setup.to_move as u8 + 1, None, 0);
        Ok(())
    }
    fn judge(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        Ok(match play {
            GoPlay::Stone(v) => self
                .place(*v as usize)
                .map_or_else(Verdict::illegal, |_| Verdict::Legal),
            GoPlay::Pass => Verdict::Legal,
            GoPlay::Appeal => Verdict::illegal("appeal"),
        })
    }
    fn play(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        match play {
            GoPlay::Stone(v) => match self.place(*v as usize) {
                Ok(next) => *self = next,
                Err(rule) => return Ok(Verdict::illegal(rule)),
            },
            GoPlay::Pass => {
                (self.to_move, self.ko, self.passes) = (3 - self.to_move, None, self.passes + 1)
            }
            GoPlay::Appeal => return Ok(Verdict::illegal("appeal")),
        }
        Ok(Verdict::Legal)
    }
    /// The check below compares legal plays only, so the board does not count the result.
    fn status(&mut self) -> Result<Status, Fault> {
        Ok(Status::Ongoing)
    }
    fn legal_plays(&mut self) -> Result<Vec<GoPlay>, Fault> {
        let mut plays: Vec<GoPlay> = (0..self.cells.len())
            .filter(|&v| self.place(v).is_ok())
            .map(|v| GoPlay::Stone(v as u16))
            .collect();
        plays.push(GoPlay::Pass);
        Ok(plays)
    }
}

/// Plays `games` random games of up to `plies` plies on `graph` through the engine board and
/// the rulediff referee `reference`, comparing every legal set and every verdict; the first
/// difference, as a sentence with the moves that lead to it.
pub fn first_difference(graph: Graph, reference: &str, games: u64, plies: usize) -> Option<String> {
    let setup = GoSetup::empty(graph, 2);
    let registry = Go::registry();
    let info = registry
        .iter()
        .find(|r| r.id == reference)
        .expect("a rulediff referee");
    for game in 0..games {
        let mut rng = game_rng(1, game);
        let (mut ours, mut theirs) = (EngineBoard::default(), (info.make)());
        ours.start(&setup).ok()?;
        theirs.start(&setup).ok()?;
        let mut moves = Vec::new();
        for _ in 0..plies {
            if theirs.status().ok()?.is_over() {
                break;
            }
            let (mine, reference_set) = (
                sorted(ours.legal_plays().ok()?),
                sorted(theirs.legal_plays().ok()?),
            );
            if mine != reference_set {
                return Some(format!(
                    "game {game}: legal sets differ after {moves:?}: {mine:?} vs {reference_set:?}"
                ));
            }
            // Mostly stones, so games reach captures and kos before two passes end them.
            let stones: Vec<&GoPlay> = mine.iter().filter(|p| **p != GoPlay::Pass).collect();
            let play = stones.choose(&mut rng).map_or(GoPlay::Pass, |p| **p);
            let (a, b) = (ours.play(&play).ok()?, theirs.play(&play).ok()?);
            if a.is_legal() != b.is_legal() {
                return Some(format!("game {game}: {play:?} after {moves:?}: {a} vs {b}"));
            }
            moves.push(match play {
                GoPlay::Stone(v) => setup.graph.name(v).to_string(),
                _ => "pass".to_string(),
            });
        }
    }
    None
}

/// Plays in one order whatever order a referee lists them in.
fn sorted(mut plays: Vec<GoPlay>) -> Vec<GoPlay> {
    plays.sort_by_key(|p| match p {
        GoPlay::Stone(v) => *v as i64,
        _ => -1,
    });
    plays
}

fn main() {
    let graph = Graph::grid(9, 9, false).expect("a 9x9 board");
    match first_difference(graph, "simple-ko", 200, 300) {
        Some(difference) => println!("{difference}"),
        None => println!("engine-board and simple-ko agree on 200 random 9x9 games"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_board_agrees_with_simple_ko() {
        for shape in ["5x5", "9x9", "ring:7", "torus:4x4"] {
            let graph = Graph::parse_shape(shape).unwrap();
            assert_eq!(
                first_difference(graph, "simple-ko", 40, 200),
                None,
                "{shape}"
            );
        }
    }

    #[test]
    fn the_check_catches_a_board_without_ko() {
        // Against `no-ko` the engine's ko point is a difference: the check is not blind.
        let graph = Graph::parse_shape("5x5").unwrap();
        assert!(first_difference(graph, "no-ko", 200, 200).is_some());
    }
}
